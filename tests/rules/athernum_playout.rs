//! Athernum random playouts: a thousand seeded games of uniformly random
//! legal answers between the starter decks `cardtable sim` deals.
//! Every game ends within the sim's action budget, every listed action
//! applies, no card is lost or duplicated (`check_invariants` after every
//! action), and a state survives a serde round trip unchanged.

use crate::playout_support;

use std::sync::{Arc, OnceLock};

use cardtable::cards::athernum::AthernumDb;
use cardtable::engine::{Playout, Rules};
use cardtable::games::athernum::{check_invariants, testing, Athernum, State};
use cardtable::games::{GameId, Library};
use cardtable::sim::random_setup;

/// Games the CI run plays (debug build, two threads).
const GAMES: u64 = 1_000;

/// One random game as `cardtable sim --game athernum` deals it (starter
/// decks picked by the seed), checked after every action.
fn random_game(seed: u64) -> (State, Playout) {
    static FIXTURES: OnceLock<(Library, Arc<AthernumDb>)> = OnceLock::new();
    let (library, db) = FIXTURES.get_or_init(|| (Library::embedded().unwrap(), testing::db()));
    let game = GameId::parse("athernum").unwrap();
    let setup = random_setup(library, game, seed).unwrap();
    let mut s = Athernum::setup(&setup, db).unwrap_or_else(|e| panic!("seed {seed}: setup failed: {e}"));
    let p = playout_support::play::<Athernum>(&mut s, db, check_invariants, seed);
    (s, p)
}

#[test]
fn athernum_a_thousand_random_games_end_and_keep_every_invariant() {
    playout_support::all_end("Athernum", GAMES, random_game);
}

#[test]
fn athernum_the_same_seed_plays_the_same_game() {
    playout_support::same_seed_same_game(random_game);
}

/// At every decision of 120 random games between the starter decks (one
/// in four a mirror match), every answer's label is at most 80
/// characters and no two answers of one decision share a label.
#[test]
fn athernum_labels_fit_and_differ_at_every_decision() {
    use cardtable::engine::{random_playout, GameRng};
    let db = testing::db();
    let names = testing::starter_names(&db);
    let check = |s: &State, n: usize| {
        for seat in Athernum::to_act(s) {
            let labels: Vec<String> = Athernum::legal_actions(s, seat)
                .iter()
                .map(|a| Athernum::describe(s, seat, a).label)
                .collect();
            for (i, l) in labels.iter().enumerate() {
                assert!(!l.is_empty() && l.chars().count() <= 80, "after {n} actions: label {l:?}");
                assert!(!labels[..i].contains(l), "after {n} actions: {l:?} twice in {labels:?}");
            }
        }
    };
    for seed in 0..120u64 {
        let decks = [names[(seed % 4) as usize].as_str(), names[((seed / 4) % 4) as usize].as_str()];
        let mut s = Athernum::setup(&testing::match_setup(&db, seed, decks), &db).unwrap();
        check(&s, 0);
        let mut rng = GameRng::from_seed(seed ^ 0xA7E5);
        random_playout::<Athernum>(&mut s, &mut rng, cardtable::sim::STEP_BUDGET, check)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}
