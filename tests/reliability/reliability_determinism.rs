//! Determinism, for every game of the registry: a match is its setup plus
//! its action log, so the same seed and the same answers must always give
//! the same game.
//!
//! - the same seed plays the same random game, state for state;
//! - the log of a random game, written as the table writes it
//!   (`LogEntry` JSON rows) and replayed by `table::log::replay`, reaches
//!   the same state and produces the same events at every step;
//! - a state saved as JSON mid-game and loaded again plays on to the same
//!   end with the same answers (a snapshot loses nothing).
//!
//! A difference fails with the game, seed and action number.

use cardtable::engine::{Event, GameRng, Seat};
use cardtable::games::{AnyAction, AnyState, GameId, Library, GAMES};
use cardtable::sim::{play_random, random_setup, STEP_BUDGET};
use cardtable::store::ActionRow;
use cardtable::table::log::{replay, LogEntry};

/// Random games per registry entry.
const SEEDS: u64 = 20;

/// One action of a random game: who took it, what it was, what it produced.
struct Played {
    seat: Seat,
    action: AnyAction,
    events: Vec<Event>,
}

/// A seeded random game of `game`: its final state and every action.
fn random_game(library: &Library, game: GameId, seed: u64) -> (AnyState, Vec<Played>) {
    let setup = random_setup(library, game, seed).unwrap();
    let mut state = AnyState::setup(game, &setup, library).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0xD37E_2311);
    let mut played = Vec::new();
    while state.outcome().is_none() {
        assert!(played.len() < STEP_BUDGET, "{} seed {seed}: no outcome within the budget", game.key());
        let to_act = state.to_act();
        let seat = to_act[rng.below(to_act.len())];
        let legal = state.legal_actions(seat);
        let action = legal[rng.below(legal.len())].clone();
        let events = state.apply(seat, &action).unwrap();
        played.push(Played { seat, action, events });
    }
    (state, played)
}

fn json(s: &AnyState) -> String {
    serde_json::to_string(s).expect("states serialise")
}

/// The log rows the table would store for `played`.
fn log_rows(played: &[Played]) -> Vec<ActionRow> {
    played
        .iter()
        .enumerate()
        .map(|(i, p)| ActionRow {
            match_id: 1,
            seq: i as i64 + 1,
            seat: i64::from(p.seat.0),
            action: serde_json::to_string(&LogEntry::Player { action: p.action.clone() }).unwrap(),
            at: 0,
        })
        .collect()
}

#[test]
fn every_game_plays_the_same_random_game_from_the_same_seed() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        for seed in 0..SEEDS {
            let trace = |seed| {
                let mut states = Vec::new();
                let report = play_random(&library, game, seed, |s| states.push(json(s)));
                (report, states)
            };
            let (first, again) = (trace(seed), trace(seed));
            assert_eq!(first.0, again.0, "{} seed {seed}: the reports differ", game.key());
            if let Some(n) = first.1.iter().zip(&again.1).position(|(a, b)| a != b) {
                panic!("{} seed {seed}: the states differ after action {}", game.key(), n + 1);
            }
        }
        let ends: Vec<String> = (0..3).map(|seed| json(&random_game(&library, game, seed).0)).collect();
        assert!(ends[0] != ends[1] || ends[1] != ends[2], "{}: different seeds play one game", game.key());
    }
}

#[test]
fn every_game_replayed_from_its_log_reaches_the_same_state_and_events() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        for seed in 0..SEEDS {
            let (state, played) = random_game(&library, game, seed);
            let setup = random_setup(&library, game, seed).unwrap();
            let replayed = replay(&library, game, &setup, &log_rows(&played))
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", game.key()));
            assert_eq!(replayed.steps.len(), played.len());
            for (i, (step, p)) in replayed.steps.iter().zip(&played).enumerate() {
                assert_eq!(
                    step.events,
                    p.events,
                    "{} seed {seed}: events of action {} differ",
                    game.key(),
                    i + 1
                );
            }
            assert_eq!(
                json(&replayed.state),
                json(&state),
                "{} seed {seed}: replay ends elsewhere",
                game.key()
            );
            assert_eq!(replayed.state.outcome(), state.outcome());
        }
    }
}

#[test]
fn every_game_loaded_from_a_mid_game_snapshot_plays_on_to_the_same_end() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        for seed in 0..SEEDS {
            let (end, played) = random_game(&library, game, seed);
            let setup = random_setup(&library, game, seed).unwrap();
            let mut state = AnyState::setup(game, &setup, &library).unwrap();
            let cut = played.len() / 2;
            for p in &played[..cut] {
                state.apply(p.seat, &p.action).unwrap();
            }
            let mut loaded = AnyState::from_json(&json(&state), &library).unwrap();
            assert_eq!(
                json(&loaded),
                json(&state),
                "{} seed {seed}: the snapshot changed the state",
                game.key()
            );
            for (i, p) in played[cut..].iter().enumerate() {
                let events = loaded
                    .apply(p.seat, &p.action)
                    .unwrap_or_else(|e| panic!("{} seed {seed}, action {}: {e}", game.key(), cut + i + 1));
                assert_eq!(
                    events,
                    p.events,
                    "{} seed {seed}: events of action {} differ",
                    game.key(),
                    cut + i + 1
                );
            }
            assert_eq!(
                json(&loaded),
                json(&end),
                "{} seed {seed}: the loaded game ends elsewhere",
                game.key()
            );
        }
    }
}
