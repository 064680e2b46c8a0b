//! Random playouts: thousands of seeded games of uniformly random legal
//! answers. Every game ends, every listed action applies, no card is lost
//! or duplicated, a state survives a serde round trip unchanged, and the
//! same seed always plays the same game.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::Instant;

use cardtable::cards::spheres::SpheresDb;
use cardtable::cards::Catalog;
use cardtable::engine::{random_playout, GameRng, MatchSetup, Playout, Rules, Seat, SeatSetup};
use cardtable::games::spheres::setup::setup;
use cardtable::games::spheres::testing::{demo_deck, demo_pool};
use cardtable::games::spheres::{card_count, check_invariants, Spheres, State};
use cardtable::sim::STEP_BUDGET;

/// A random game on card pool `db` with the given decks (Alice, Bob): every
/// step a seat to act and one of its legal actions are drawn uniformly.
/// `after(state, n)` runs after setup (n = 0) and after every action.
/// Panics if setup fails or a listed action is refused.
fn random_game_with(
    db: &Arc<SpheresDb>,
    decks: &[Vec<String>; 2],
    seed: u64,
    mut after: impl FnMut(&State, usize),
) -> Playout {
    let m = MatchSetup {
        variant: None,
        seed,
        seats: decks
            .iter()
            .zip(["Alice", "Bob"])
            .map(|(d, n)| SeatSetup { name: n.into(), deck_name: format!("{n}'s deck"), deck: d.clone() })
            .collect(),
        first: None,
        ..Default::default()
    };
    let mut s = setup(&m, db).unwrap_or_else(|e| panic!("seed {seed}: setup failed: {e}"));
    let mut rng = GameRng::from_seed(seed ^ 0x5eed_5eed_5eed_5eed);
    after(&s, 0);
    random_playout::<Spheres>(&mut s, &mut rng, STEP_BUDGET, after)
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

/// The embedded collection.
fn collection() -> Arc<SpheresDb> {
    Arc::new(SpheresDb::embedded().unwrap())
}

/// Every invariant, after every action.
fn check(s: &State, n: usize) {
    if let Err(e) = check_invariants(s) {
        panic!("after {n} actions: {e}");
    }
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(card_count(s, seat), 48, "after {n} actions {seat} has lost or gained cards");
    }
    let json = serde_json::to_string(s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, s, "serde round trip changed the state after {n} actions");
    assert!(json.len() < 16_000, "state JSON is {} bytes", json.len());
    for seat in Spheres::to_act(s) {
        for a in Spheres::legal_actions(s, seat) {
            let label = Spheres::describe(s, seat, &a).label;
            assert!(!label.is_empty() && label.chars().count() <= 80, "bad label {label:?}");
            let mut c = s.clone();
            if let Err(e) = Spheres::apply(&mut c, seat, &a) {
                panic!("after {n} actions: listed action {a:?} refused: {e}");
            }
        }
    }
}

/// The deck pairs to play: every pairing of the starter decks, or the demo
/// decks while the collection has none.
fn pairings() -> (Arc<SpheresDb>, Vec<[Vec<String>; 2]>) {
    let db = collection();
    if db.decks.len() >= 2 {
        let lists: Vec<Vec<String>> = db.decks.iter().map(|d| db.deck_list(d)).collect();
        let mut pairs = Vec::new();
        for a in &lists {
            for b in &lists {
                pairs.push([a.clone(), b.clone()]);
            }
        }
        (db, pairs)
    } else {
        (demo_pool(), vec![[demo_deck(0), demo_deck(1)]])
    }
}

fn play_many(pool: &Arc<SpheresDb>, pairs: &[[Vec<String>; 2]], seeds: std::ops::Range<u64>) -> Vec<u64> {
    let mut unfinished = Vec::new();
    for seed in seeds {
        let decks = &pairs[seed as usize % pairs.len()];
        let r = random_game_with(pool, decks, seed, check);
        if r.outcome.is_none() {
            unfinished.push(seed);
        }
    }
    unfinished
}

#[test]
fn spheres_random_playouts_of_the_collection_end_and_keep_invariants() {
    let (pool, pairs) = pairings();
    let start = Instant::now();
    // Two threads: CI has two cores.
    let a = std::thread::spawn({
        let pairs = pairs.clone();
        let pool = pool.clone();
        move || play_many(&pool, &pairs, 0..1_000)
    });
    let mut unfinished = play_many(&pool, &pairs, 1_000..2_000);
    unfinished.extend(a.join().expect("playout thread"));
    eprintln!("2000 games in {:?}", start.elapsed());
    assert!(unfinished.is_empty(), "games that did not end: {unfinished:?}");
}

#[test]
fn spheres_random_playouts_of_the_demo_pool_end_and_keep_invariants() {
    let unfinished = play_many(&demo_pool(), &[[demo_deck(0), demo_deck(1)]], 0..300);
    assert!(unfinished.is_empty(), "games that did not end: {unfinished:?}");
}

fn trace(seed: u64) -> (Vec<String>, u64) {
    let (pool, pairs) = pairings();
    let mut actions = Vec::new();
    let mut last = String::new();
    random_game_with(&pool, &pairs[seed as usize % pairs.len()], seed, |s, _| {
        last = serde_json::to_string(s).unwrap();
        actions.push(format!("{:?}", s.turn));
    });
    let mut h = DefaultHasher::new();
    last.hash(&mut h);
    (actions, h.finish())
}

#[test]
fn spheres_same_seed_same_game() {
    for seed in [3, 17, 4242] {
        let first = trace(seed);
        for _ in 0..3 {
            assert_eq!(trace(seed), first, "seed {seed} played differently");
        }
    }
    assert_ne!(trace(3).1, trace(17).1, "different seeds should play different games");
}

/// A random game between the first two starter decks of the embedded
/// collection (or, while it has none, two decks of the demo pool).
fn random_game(seed: u64) -> Playout {
    let db = collection();
    if db.decks.len() >= 2 {
        let decks = [db.deck_list(&db.decks[0]), db.deck_list(&db.decks[1])];
        random_game_with(&db, &decks, seed, |_, _| {})
    } else {
        random_game_with(&demo_pool(), &[demo_deck(0), demo_deck(1)], seed, |_, _| {})
    }
}

#[test]
fn spheres_random_game_helper_finishes() {
    let r = random_game(11);
    assert!(r.outcome.is_some());
    assert!(r.actions > 0);
}
