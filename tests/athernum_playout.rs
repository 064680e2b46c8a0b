//! Athernum random playouts: a thousand seeded games of uniformly random
//! legal answers between the starter decks `cardtable sim` deals.
//! Every game ends within the sim's action budget, every listed action
//! applies, no card is lost or duplicated (`check_invariants` after every
//! action), and a state survives a serde round trip unchanged.

mod playout_support;

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
