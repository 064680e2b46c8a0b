//! The card names a viewer may not be shown: the list the hidden-information
//! tests hold every view, event and rendered message to.
//!
//! A card is hidden from a viewer in a deck, in a tower, in a hand that is
//! not theirs, face down on a battlefield that is not theirs, and in a vault
//! or groove that is not theirs (crystals and energy lie face down; a lord
//! knows their own, having put them there). The search of a `reveal` prompt
//! shows its candidates to its chooser. Everything else is public: the
//! trash, the fortress spells, face-up creatures and what is attached to
//! them, a spell being cast, and the card a resolving or waiting effect
//! comes from (the effect is announced with its card's name).
//!
//! A name is secret only while no visible copy of the same card shows it:
//! naming a card that is also face up somewhere reveals nothing. Both halves
//! of a card count, since a visible card shows its whole face.

use std::collections::BTreeSet;

use super::action::Prompt;
use super::state::{State, Uid};
use crate::cards::spheres::CardId;
use crate::engine::Viewer;

/// The creature and spell names of the cards `viewer` cannot see, minus the
/// cards a visible copy shows; sorted, without duplicates.
pub fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
    let me = match viewer {
        Viewer::Seat(seat) => Some(seat),
        Viewer::Public => None,
    };
    if let Some(d) = &s.assembly {
        let (hidden, shown) = super::draft_board::hidden_and_shown(d, me);
        return names_of(s, hidden, &shown.into_iter().collect());
    }
    let mut hidden: Vec<CardId> = Vec::new();
    let mut shown: BTreeSet<CardId> = BTreeSet::new();
    let card = |u: &Uid| s.cards[u.0 as usize];
    for (seat, lord) in s.lords.iter() {
        let mine = me == Some(seat);
        hidden.extend(lord.deck.iter().chain(&lord.towers).map(card));
        // First draft: crystals lie face up, in everyone's sight.
        if s.crystals_face_up() {
            shown.extend(lord.vault.iter().map(card));
        }
        let vault = if s.crystals_face_up() { &[][..] } else { &lord.vault[..] };
        let known_to_owner = lord.hand.iter().chain(vault).chain(&lord.groove).map(card);
        if mine {
            shown.extend(known_to_owner);
        } else {
            hidden.extend(known_to_owner);
        }
        for c in &lord.battlefield {
            if c.face_down && !mine {
                hidden.push(card(&c.uid));
            } else {
                shown.insert(card(&c.uid));
            }
            shown.extend(c.attached.iter().map(card));
        }
        shown.extend(lord.spells.iter().chain(&lord.trash).chain(&lord.limbo).map(card));
    }
    // A resolving or waiting effect is announced with the card it comes
    // from, wherever that card is now (a destroyed creature's trigger).
    shown.extend(s.frames.iter().map(|f| card(&f.this)).chain(s.triggers.iter().map(|t| card(&t.this))));
    if let Some(Prompt::Cards { chooser, options, reveal: true, .. }) = &s.prompt {
        if me == Some(*chooser) {
            shown.extend(options.iter().map(card));
        }
    }
    let mut names = names_of(s, hidden, &shown);
    // The split reveal of game setup shows one card of each deck to all.
    if let Some(opening) = &s.opening {
        names.retain(|n| !opening.contains(&format!("({n} ")));
    }
    names
}

/// Both names of every hidden card no shown copy reveals; sorted, unique.
fn names_of(s: &State, hidden: Vec<CardId>, shown: &BTreeSet<CardId>) -> Vec<String> {
    let db = s.db();
    let mut names: Vec<String> = hidden
        .into_iter()
        .filter(|id| !shown.contains(id))
        .flat_map(|id| {
            let def = db.card(id);
            [def.creature.name.clone(), def.spell.name.clone()]
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::spheres::testing::Table;

    use crate::engine::Seat;

    fn has(names: &[String], name: &str) -> bool {
        names.iter().any(|n| n == name)
    }

    #[test]
    fn an_opponents_hand_is_secret_to_everyone_but_its_owner() {
        let mut t = Table::new();
        t.hand(Seat(1), &["Stone Golem"]);
        let s = t.build();
        assert!(has(&secrets(&s, Viewer::Public), "Stone Golem"));
        assert!(has(&secrets(&s, Viewer::Seat(Seat(0))), "Stone Golem"));
        assert!(!has(&secrets(&s, Viewer::Seat(Seat(1))), "Stone Golem"));
    }

    #[test]
    fn both_halves_of_a_hidden_card_are_secret_until_a_copy_is_face_up() {
        let mut t = Table::new();
        // Alice has a choice to make, so building stops at her step 4.
        t.hand(Seat(0), &["Brass Golem"]).vault(Seat(0), &["Mist Wraith", "Mist Wraith", "Mist Wraith"]);
        t.towers(Seat(0), &["Ember Drake"]).deck(Seat(1), &["Stone Golem"]);
        let s = t.build();
        let spell = s.db().card(s.db().find("Ember Drake").unwrap()).spell.name.clone();
        let public = secrets(&s, Viewer::Public);
        assert!(has(&public, "Ember Drake") && has(&public, &spell), "{public:?}");
        // Towers and decks are hidden even from their owner.
        assert!(has(&secrets(&s, Viewer::Seat(Seat(0))), "Ember Drake"));
        assert!(has(&secrets(&s, Viewer::Seat(Seat(1))), "Stone Golem"));

        t.creature(Seat(1), "Ember Drake").trash(Seat(0), &["Stone Golem"]);
        let s = t.build();
        let public = secrets(&s, Viewer::Public);
        assert!(!has(&public, "Ember Drake") && !has(&public, &spell), "{public:?}");
        assert!(!has(&public, "Stone Golem"), "{public:?}");
    }

    #[test]
    fn a_face_down_creature_is_known_to_its_owner_only() {
        let mut t = Table::new();
        t.creature_with(Seat(0), "Stone Golem", |c| c.face_down = true);
        let s = t.build();
        assert!(has(&secrets(&s, Viewer::Public), "Stone Golem"));
        assert!(has(&secrets(&s, Viewer::Seat(Seat(1))), "Stone Golem"));
        assert!(!has(&secrets(&s, Viewer::Seat(Seat(0))), "Stone Golem"));
    }
}
