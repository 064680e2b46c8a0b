//! Checked random playouts shared by the games' playout tests: a seeded
//! game of uniformly random legal answers, with the game's invariants
//! checked after every action, and on every 16th action a serde round
//! trip and every listed action applied to a copy (each must be accepted
//! and have a label of at most 80 characters).

use cardtable::engine::{random_playout, GameRng, Playout, Rules};
use cardtable::sim::STEP_BUDGET;

/// Checks `s` after `n` actions of game `seed`.
pub fn check<R: Rules>(
    s: &R::State,
    cards: &R::Cards,
    invariants: fn(&R::State) -> Result<(), String>,
    seed: u64,
    n: usize,
) where
    R::State: PartialEq,
{
    if let Err(e) = invariants(s) {
        panic!("seed {seed}, after {n} actions: {e}");
    }
    if n % 16 != 0 {
        return;
    }
    let json = serde_json::to_string(s).unwrap();
    let mut back: R::State = serde_json::from_str(&json).unwrap();
    R::attach(&mut back, cards);
    assert!(&back == s, "seed {seed}: serde round trip changed the state after {n} actions");
    for seat in R::to_act(s) {
        for a in R::legal_actions(s, seat) {
            let label = R::describe(s, seat, &a).label;
            assert!(!label.is_empty() && label.chars().count() <= 80, "seed {seed}: bad label {label:?}");
            if let Err(e) = R::apply(&mut s.clone(), seat, &a) {
                panic!("seed {seed}, after {n} actions: listed action {a:?} refused: {e}");
            }
        }
    }
}

/// Plays `s` (game `seed`) to its end or the sim's action budget with
/// random legal answers, checked after every action.
pub fn play<R: Rules>(
    s: &mut R::State,
    cards: &R::Cards,
    invariants: fn(&R::State) -> Result<(), String>,
    seed: u64,
) -> Playout
where
    R::State: PartialEq,
{
    check::<R>(s, cards, invariants, seed, 0);
    let mut rng = GameRng::from_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    random_playout::<R>(s, &mut rng, STEP_BUDGET, |s, n| check::<R>(s, cards, invariants, seed, n))
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

/// Plays `games` seeded games of `one` on two threads and asserts that
/// every one ended within the sim's action budget; `label` names them in
/// the line printed with the count of actions and the time taken.
pub fn all_end<S: 'static>(label: &str, games: u64, one: fn(u64) -> (S, Playout)) {
    let start = std::time::Instant::now();
    let run = move |seeds: std::ops::Range<u64>| {
        let mut unfinished = Vec::new();
        let mut actions = 0;
        for seed in seeds {
            let (_, p) = one(seed);
            actions += p.actions;
            if p.outcome.is_none() {
                unfinished.push(seed);
            }
        }
        (unfinished, actions)
    };
    let half = games / 2;
    let other = std::thread::spawn(move || run(0..half));
    let (mut unfinished, mut actions) = run(half..games);
    let (u, a) = other.join().expect("playout thread");
    unfinished.extend(u);
    actions += a;
    unfinished.sort_unstable();
    eprintln!("{games} {label} games, {actions} actions in {:?}", start.elapsed());
    assert!(unfinished.is_empty(), "games that did not end within {STEP_BUDGET} actions: {unfinished:?}");
}

/// The same seed plays the same game of `one` (same actions, same final
/// state as JSON), and two seeds play different games.
pub fn same_seed_same_game<S: serde::Serialize>(one: fn(u64) -> (S, Playout)) {
    let json = |s: &S| serde_json::to_string(s).unwrap();
    for seed in [3, 17, 4242] {
        let (first, p) = one(seed);
        let (again, q) = one(seed);
        assert_eq!(p, q, "seed {seed} played a different number of actions");
        assert_eq!(json(&first), json(&again), "seed {seed} ended in a different state");
    }
    assert_ne!(json(&one(3).0), json(&one(17).0));
}
