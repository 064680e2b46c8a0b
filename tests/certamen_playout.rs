//! Certamen random playouts: a thousand seeded games of uniformly random
//! legal answers between the starter Spellbooks `cardtable sim` deals.
//! Every game ends within the sim's action budget, every listed action
//! applies, no card is lost or duplicated (`check_invariants` after every
//! action), and a state survives a serde round trip unchanged.

use std::sync::Arc;
use std::time::Instant;

use cardtable::cards::certamen::CertamenDb;
use cardtable::engine::{random_playout, GameRng, Playout, Rules};
use cardtable::games::certamen::{check_invariants, testing, Certamen, State};
use cardtable::games::{GameId, Library};
use cardtable::sim::{random_setup, STEP_BUDGET};

/// Games the CI run plays (debug build, two threads).
const GAMES: u64 = 1_000;

/// The invariant checks run after every action of game `seed`; the costly
/// ones (every listed action applies, a serde round trip) on every 16th.
fn check(s: &State, seed: u64, n: usize) {
    if let Err(e) = check_invariants(s) {
        panic!("seed {seed}, after {n} actions: {e}");
    }
    if n % 16 != 0 {
        return;
    }
    let json = serde_json::to_string(s).unwrap();
    let mut back: State = serde_json::from_str(&json).unwrap();
    back.db = s.db.clone();
    assert_eq!(&back, s, "seed {seed}: serde round trip changed the state after {n} actions");
    for seat in Certamen::to_act(s) {
        for a in Certamen::legal_actions(s, seat) {
            let label = Certamen::describe(s, seat, &a).label;
            assert!(!label.is_empty() && label.chars().count() <= 80, "seed {seed}: bad label {label:?}");
            if let Err(e) = Certamen::apply(&mut s.clone(), seat, &a) {
                panic!("seed {seed}, after {n} actions: listed action {a:?} refused: {e}");
            }
        }
    }
}

/// One random game as `cardtable sim --game certamen` deals it (starter
/// Spellbooks picked by the seed), checked after every action.
fn random_game(library: &Library, db: &Arc<CertamenDb>, seed: u64) -> (State, Playout) {
    let game = GameId::parse("certamen").unwrap();
    let setup = random_setup(library, game, seed).unwrap();
    let mut s = Certamen::setup(&setup, db).unwrap_or_else(|e| panic!("seed {seed}: setup failed: {e}"));
    check(&s, seed, 0);
    let mut rng = GameRng::from_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let p = random_playout::<Certamen>(&mut s, &mut rng, STEP_BUDGET, |s, n| check(s, seed, n))
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    (s, p)
}

/// Plays `seeds`; returns the seeds that did not end and the actions played.
fn play_many(seeds: std::ops::Range<u64>) -> (Vec<u64>, usize) {
    let library = Library::embedded().unwrap();
    let db = testing::db();
    let mut unfinished = Vec::new();
    let mut actions = 0;
    for seed in seeds {
        let (_, p) = random_game(&library, &db, seed);
        actions += p.actions;
        if p.outcome.is_none() {
            unfinished.push(seed);
        }
    }
    (unfinished, actions)
}

#[test]
fn certamen_a_thousand_random_games_end_and_keep_every_invariant() {
    let start = Instant::now();
    // Two threads: CI has two cores.
    let half = GAMES / 2;
    let other = std::thread::spawn(move || play_many(0..half));
    let (mut unfinished, mut actions) = play_many(half..GAMES);
    let (u, a) = other.join().expect("playout thread");
    unfinished.extend(u);
    actions += a;
    eprintln!("{GAMES} Certamen games, {actions} actions in {:?}", start.elapsed());
    assert!(unfinished.is_empty(), "games that did not end within {STEP_BUDGET} actions: {unfinished:?}");
}

#[test]
fn certamen_the_same_seed_plays_the_same_game() {
    let library = Library::embedded().unwrap();
    let db = testing::db();
    let json = |s: &State| serde_json::to_string(s).unwrap();
    for seed in [3, 17, 4242] {
        let (first, p) = random_game(&library, &db, seed);
        let (again, q) = random_game(&library, &db, seed);
        assert_eq!(p, q, "seed {seed} played a different number of actions");
        assert_eq!(json(&first), json(&again), "seed {seed} ended in a different state");
    }
    assert_ne!(json(&random_game(&library, &db, 3).0), json(&random_game(&library, &db, 17).0));
}
