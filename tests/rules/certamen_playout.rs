//! Certamen random playouts: a thousand seeded games of uniformly random
//! legal answers between the starter Spellbooks `cardtable sim` deals.
//! Every game ends within the sim's action budget, every listed action
//! applies, no card is lost or duplicated (`check_invariants` after every
//! action), and a state survives a serde round trip unchanged.

use crate::playout_support;

use std::sync::{Arc, OnceLock};

use cardtable::cards::certamen::CertamenDb;
use cardtable::engine::{Playout, Rules};
use cardtable::games::certamen::{check_invariants, testing, Certamen, State};
use cardtable::games::{GameId, Library};
use cardtable::sim::random_setup;

/// Games the CI run plays (debug build, two threads).
const GAMES: u64 = 1_000;

/// One random game as `cardtable sim --game certamen` deals it (starter
/// Spellbooks picked by the seed), checked after every action.
fn random_game(seed: u64) -> (State, Playout) {
    static FIXTURES: OnceLock<(Library, Arc<CertamenDb>)> = OnceLock::new();
    let (library, db) = FIXTURES.get_or_init(|| (Library::embedded().unwrap(), testing::db()));
    let game = GameId::parse("certamen").unwrap();
    let setup = random_setup(library, game, seed).unwrap();
    let mut s = Certamen::setup(&setup, db).unwrap_or_else(|e| panic!("seed {seed}: setup failed: {e}"));
    let p = playout_support::play::<Certamen>(&mut s, db, check_invariants, seed);
    (s, p)
}

#[test]
fn certamen_a_thousand_random_games_end_and_keep_every_invariant() {
    playout_support::all_end("Certamen", GAMES, random_game);
}

#[test]
fn certamen_the_same_seed_plays_the_same_game() {
    playout_support::same_seed_same_game(random_game);
}
