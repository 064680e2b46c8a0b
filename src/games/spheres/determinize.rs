//! Re-sampling what one lord cannot see, for the AI: the cards in hidden
//! places are dealt again among those places, so a search explores worlds
//! the lord cannot tell from the real one.
//!
//! Hidden from a lord: every deck and tower (even their own), and the
//! hands, vault crystals, groove energy and face-down creatures of the
//! others. The spheres on a card's back are public for a crystal, an
//! energy and a face-down creature (the board counts crystals by sphere,
//! events name an energy's sphere, a face-down creature shows its sphere),
//! so those are dealt again only among cards of the same owner, zone and
//! back; everything else among the same owner's hidden cards. Cards a pending search shows
//! the lord stay what they are. The state keeps no memory of what a lord
//! saw before (a creature bounced back to a hand), so such a card is dealt
//! again too: the lord's view is unchanged, which is the contract.

use std::collections::BTreeMap;

use super::action::Prompt;
use super::state::{State, Uid};
use crate::cards::spheres::Sphere;
use crate::engine::{GameRng, Seat};

/// A card's back: its sphere, and the second sphere of a dual card.
type Back = (Sphere, Option<Sphere>);

fn back(s: &State, u: Uid) -> Back {
    let d = s.def(u);
    (d.sphere, d.dual.filter(|x| *x != d.sphere))
}

/// Which hidden cards may take each other's place: same owner, and for
/// crystals, energy and face-down creatures the same zone and back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Slot {
    Anywhere(Seat),
    Vault(Seat, Back),
    Groove(Seat, Back),
    FaceDown(Seat, Back),
}

/// A copy of `s` with everything hidden from `seat` re-sampled with `rng`.
pub fn determinize(s: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut groups: BTreeMap<Slot, Vec<Uid>> = BTreeMap::new();
    for (owner, lord) in s.lords.iter() {
        let mine = owner == seat;
        let mut add = |slot: Slot, uid: Uid| groups.entry(slot).or_default().push(uid);
        for &u in lord.deck.iter().chain(&lord.towers) {
            add(Slot::Anywhere(owner), u);
        }
        if mine {
            continue;
        }
        for &u in &lord.hand {
            add(Slot::Anywhere(owner), u);
        }
        for c in lord.battlefield.iter().filter(|c| c.face_down) {
            add(Slot::FaceDown(owner, back(s, c.uid)), c.uid);
        }
        // First draft: crystals lie face up, so nothing there is re-sampled.
        for &u in lord.vault.iter().filter(|_| !s.crystals_face_up()) {
            add(Slot::Vault(owner, back(s, u)), u);
        }
        for &u in &lord.groove {
            add(Slot::Groove(owner, back(s, u)), u);
        }
    }
    let shown: Vec<Uid> = match &s.prompt {
        Some(Prompt::Cards { chooser, options, reveal: true, .. }) if *chooser == seat => options.clone(),
        _ => Vec::new(),
    };
    let mut cards = s.cards.to_vec();
    for uids in groups.values_mut() {
        uids.retain(|u| !shown.contains(u));
        let mut ids: Vec<_> = uids.iter().map(|u| s.cards[u.0 as usize]).collect();
        // Sorted first, so the deal depends on which cards are hidden and
        // never on where they really are.
        ids.sort_unstable();
        rng.shuffle(&mut ids);
        for (u, id) in uids.iter().zip(ids) {
            cards[u.0 as usize] = id;
        }
    }
    // A fresh generator: the real one would tell future shuffles.
    State { cards: cards.into(), rng: rng.fork(), ..s.clone() }
}
