//! Parts of the Spheres rules reference (`docs/rules/spheres.md`) that no
//! other test is named after, each checked against the engine or the
//! embedded collection; the test names carry the section ids that
//! `docs/rules/COVERAGE.md` matches.

use std::collections::BTreeMap;

use cardtable::cards::spheres::SpheresDb;
use cardtable::cards::Catalog;
use cardtable::engine::{MatchSetup, Seat, SeatSetup};
use cardtable::games::spheres::testing::{demo_deck, demo_pool};
use cardtable::games::spheres::State;

fn dealt(seed: u64) -> State {
    let setup = MatchSetup {
        variant: None,
        seed,
        seats: vec![
            SeatSetup { name: "Alice".into(), deck_name: "a".into(), deck: demo_deck(0) },
            SeatSetup { name: "Bob".into(), deck_name: "b".into(), deck: demo_deck(1) },
        ],
        first: None,
        ..Default::default()
    };
    cardtable::games::spheres::setup::setup(&setup, &demo_pool()).unwrap()
}

/// How many copies of each name a list holds.
fn counts<'a>(names: impl IntoIterator<Item = &'a str>) -> BTreeMap<&'a str, usize> {
    let mut out = BTreeMap::new();
    for n in names {
        *out.entry(n).or_default() += 1;
    }
    out
}

fn is_within(part: &BTreeMap<&str, usize>, whole: &BTreeMap<&str, usize>) -> bool {
    part.iter().all(|(n, k)| whole.get(n).is_some_and(|w| w >= k))
}

#[test]
fn spheres_setup_3_five_towers_are_dealt_from_the_lords_own_deck() {
    for seed in [1, 5, 9] {
        let s = dealt(seed);
        for (i, seat) in [Seat(0), Seat(1)].into_iter().enumerate() {
            let deck = demo_deck(i);
            let lord = &s.lords[seat];
            assert_eq!(lord.towers.len(), 5, "seed {seed}");
            let towers = counts(lord.towers.iter().map(|u| s.def(*u).creature.name.as_str()));
            assert!(is_within(&towers, &counts(deck.iter().map(String::as_str))), "seed {seed}: {towers:?}");
            // Nothing was added or lost: towers, hand and deck are the list.
            let all = counts(
                lord.towers
                    .iter()
                    .chain(&lord.hand)
                    .chain(&lord.deck)
                    .map(|u| s.def(*u).creature.name.as_str()),
            );
            assert_eq!(all, counts(deck.iter().map(String::as_str)), "seed {seed}");
            assert!(s.lords[seat].towers.iter().all(|u| s.owner(*u) == seat));
        }
    }
}

#[test]
fn spheres_setup_4_the_opening_hand_is_five_cards_of_the_lords_own_deck() {
    for seed in [2, 6] {
        let s = dealt(seed);
        for (i, seat) in [Seat(0), Seat(1)].into_iter().enumerate() {
            let lord = &s.lords[seat];
            assert_eq!(lord.hand.len(), 5, "seed {seed}");
            let hand = counts(lord.hand.iter().map(|u| s.def(*u).creature.name.as_str()));
            let deck = demo_deck(i);
            assert!(is_within(&hand, &counts(deck.iter().map(String::as_str))), "seed {seed}: {hand:?}");
            assert!(lord.hand.iter().all(|u| s.owner(*u) == seat));
        }
    }
}

#[test]
fn spheres_components_artist_and_unique_id_no_two_collection_cards_share_a_code() {
    let db = SpheresDb::embedded().unwrap_or_else(|e| panic!("{e}"));
    let codes = counts(db.cards.iter().map(|c| c.code.as_str()));
    let shared: Vec<_> = codes.iter().filter(|(_, n)| **n > 1).collect();
    assert!(shared.is_empty(), "codes on more than one card: {shared:?}");
    // The identification value (left part) alone tells the cards apart.
    let ids = counts(db.cards.iter().map(|c| c.code.split_whitespace().next().unwrap_or("")));
    assert_eq!(ids.len(), db.cards.len());
}

#[test]
fn spheres_card_distribution_deck_the_five_decks_of_48_are_the_whole_collection() {
    let db = SpheresDb::embedded().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(db.decks.len(), 5);
    let mut copies: BTreeMap<_, usize> = BTreeMap::new();
    for d in &db.decks {
        let list = db.deck_list(d);
        assert_eq!(list.len(), 48, "{}", d.name);
        for id in db.resolve_deck(&list).unwrap_or_else(|e| panic!("{}: {e}", d.name)) {
            *copies.entry(id).or_default() += 1;
        }
    }
    assert_eq!(copies.len(), db.cards.len(), "every card of the collection is in some deck");
    assert!(copies.values().all(|&n| n == 3), "three copies of each card across the five decks");
}
