//! Re-sampling what one seat cannot see, for the AI: the cards in hidden
//! places are dealt again among those places, so a search explores worlds
//! the seat cannot tell from the real one.
//!
//! Hidden from a seat: both Archives' order, and the opponent's hand and
//! Archive contents. The opponent's unknown hand cards and their Archive
//! are one pool, dealt again with the hand size kept; a card the seat saw
//! arrive in that hand ([`Player::revealed`]: returned from the
//! Livingfield or the Hollow, found by a search) stays where it is. The
//! seat's own Archive is only shuffled: it knows what is in it, not the
//! order. Every public zone (Livingfield, Hollow, Exile, the Stack) and
//! the seat's own hand are untouched.
//!
//! [`Player::revealed`]: super::state::Player::revealed

use super::state::{Card, State};
use crate::engine::{GameRng, Seat};

/// A copy of `s` with everything hidden from `seat` re-sampled with `rng`.
pub fn determinize(s: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut out = s.clone();
    let other = s.opponent(seat);
    let p = &mut out.players[other];
    // The hand places of the cards the seat has not seen.
    let unknown: Vec<usize> = (0..p.hand.len()).filter(|&i| !p.revealed.contains(&p.hand[i].uid)).collect();
    let mut pool: Vec<Card> = unknown.iter().map(|&i| p.hand[i]).chain(p.archive.drain(..)).collect();
    // Sorted first, so the deal depends on which cards are hidden and
    // never on where they really are.
    pool.sort_unstable_by_key(|c| c.uid);
    rng.shuffle(&mut pool);
    for &i in &unknown {
        p.hand[i] = pool.pop().expect("the pool holds the unknown hand cards");
    }
    p.archive = pool;
    out.players[seat].archive.sort_unstable_by_key(|c| c.uid);
    rng.shuffle(&mut out.players[seat].archive);
    // A fresh generator: the real one would tell future shuffles.
    out.rng = rng.fork();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rules, Viewer};
    use crate::games::certamen::state::check_invariants;
    use crate::games::certamen::testing::{main_phase, to_field, to_hand};
    use crate::games::certamen::turn::{leave, Leave};
    use crate::games::certamen::Certamen;

    const ALICE: Seat = Seat(0);
    const BOB: Seat = Seat(1);

    fn sorted_ids(cards: impl IntoIterator<Item = Card>) -> Vec<u32> {
        let mut ids: Vec<u32> = cards.into_iter().map(|c| c.uid).collect();
        ids.sort_unstable();
        ids
    }

    /// Bob holds three cards drawn unseen and one Alice saw bounce back.
    fn bob_holds_a_returned_card(seed: u64) -> (State, u32) {
        let mut s = main_phase(seed);
        for name in ["Veilflux Pillar", "Mistcaller Adept", "Quiet Refusal"] {
            to_hand(&mut s, BOB, name);
        }
        let skimmer = to_field(&mut s, BOB, "Gloomwing Skimmer");
        leave(&mut s, skimmer, Leave::Hand);
        to_hand(&mut s, ALICE, "Ember Bolt");
        (s, skimmer)
    }

    #[test]
    fn a_card_returned_to_the_opponents_hand_stays_there_in_every_sample() {
        let (s, skimmer) = bob_holds_a_returned_card(1);
        assert_eq!(s.players[BOB].revealed, vec![skimmer]);
        let at = s.players[BOB].hand.iter().position(|c| c.uid == skimmer).unwrap();
        for seed in 0..50 {
            let d = determinize(&s, ALICE, &mut GameRng::from_seed(seed));
            assert_eq!(d.players[BOB].hand[at], s.players[BOB].hand[at], "seed {seed}");
        }
    }

    #[test]
    fn the_opponents_unseen_hand_cards_are_dealt_again_from_their_archive() {
        let (s, _) = bob_holds_a_returned_card(2);
        let hand = sorted_ids(s.players[BOB].hand.iter().copied());
        let changed = (0..50)
            .filter(|&seed| {
                let d = determinize(&s, ALICE, &mut GameRng::from_seed(seed));
                sorted_ids(d.players[BOB].hand.iter().copied()) != hand
            })
            .count();
        assert!(changed > 40, "only {changed} of 50 samples changed Bob's hand");
    }

    #[test]
    fn counts_public_zones_and_the_seats_own_hand_are_kept() {
        let (s, _) = bob_holds_a_returned_card(3);
        for seed in 0..50 {
            let d = determinize(&s, ALICE, &mut GameRng::from_seed(seed));
            check_invariants(&d).unwrap();
            for seat in [ALICE, BOB] {
                let (a, b) = (&s.players[seat], &d.players[seat]);
                assert_eq!(a.hand.len(), b.hand.len());
                assert_eq!(a.archive.len(), b.archive.len());
                assert_eq!((&a.field, &a.hollow, &a.exile), (&b.field, &b.hollow, &b.exile));
                // Bob's hand and Archive hold the same cards between them.
                let all =
                    |p: &super::super::state::Player| sorted_ids(p.hand.iter().chain(&p.archive).copied());
                assert_eq!(all(a), all(b));
            }
            assert_eq!(d.players[ALICE].hand, s.players[ALICE].hand);
            assert_eq!(d.stack, s.stack);
            assert_eq!(Certamen::view(&d, Viewer::Seat(ALICE)), Certamen::view(&s, Viewer::Seat(ALICE)));
            assert_eq!(Certamen::view(&d, Viewer::Public), Certamen::view(&s, Viewer::Public));
        }
    }

    #[test]
    fn the_seats_own_archive_keeps_its_cards_in_a_new_order() {
        let (s, _) = bob_holds_a_returned_card(4);
        let d = determinize(&s, ALICE, &mut GameRng::from_seed(7));
        let own = &s.players[ALICE].archive;
        assert_eq!(sorted_ids(d.players[ALICE].archive.iter().copied()), sorted_ids(own.iter().copied()));
        assert_ne!(&d.players[ALICE].archive, own);
    }

    #[test]
    fn a_revealed_card_leaving_the_hand_is_forgotten() {
        let (mut s, skimmer) = bob_holds_a_returned_card(5);
        s.active = BOB;
        s.priority = BOB;
        // Bob plays the returned card again: nothing in his hand is known.
        for _ in 0..2 {
            to_field(&mut s, BOB, "Veilflux Pillar");
        }
        let cast = Certamen::legal_actions(&s, BOB)
            .into_iter()
            .find(|a| matches!(a, crate::games::certamen::Action::Cast { card, .. } if *card == skimmer))
            .expect("Bob can cast the Skimmer again");
        Certamen::apply(&mut s, BOB, &cast).unwrap();
        assert!(s.players[BOB].revealed.is_empty());
        check_invariants(&s).unwrap();
    }
}
