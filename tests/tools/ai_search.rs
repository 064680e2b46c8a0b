//! The AI over every game of the registry: it finishes seeded matches
//! without an illegal choice, its choice is a function of what its seat
//! sees (never of the hidden cards), it is deterministic for a seed and
//! an iteration budget, and a decision with one answer is instant.
//!
//! That `determinize` keeps every seat's view is checked over whole random
//! games of every game in `tests/rules/registry.rs`
//! (`determinize_keeps_everything_the_seat_sees_and_resamples_the_rest`);
//! here the AI's side of it: the hidden cards it searches over are dealt
//! from what the seat sees alone.

use crate::ai_support;

use std::time::Duration;

use ai_support::choice_points;
use cardtable::ai::{self, Budget, Level, Rollouts, Settings};
use cardtable::arena::{play_match, Player};
use cardtable::engine::{GameRng, Seat, Viewer};
use cardtable::games::{AnyState, Library, GAMES};
use cardtable::sim::random_setup;

/// Seeds the random answers of [`choice_points`] apart from the setup.
const SALT: u64 = 0xA1;

/// A budget the iterations always end (the time never does), taking the
/// most visited action.
const SMALL: Settings = Settings {
    budget: Budget { iterations: 40, time: Duration::from_secs(600) },
    rollouts: Rollouts::DEFAULT,
    sample: false,
};

fn json(s: &AnyState) -> String {
    serde_json::to_string(s).unwrap()
}

/// Plays seeded matches of every game with `players` in seat order and
/// asserts each ends with an outcome and no illegal choice.
fn assert_matches_finish(seeds: std::ops::Range<u64>, players: &[Player]) {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        for seed in seeds.clone() {
            let setup = random_setup(&library, game, seed).unwrap();
            let report = play_match(&library, game, &setup, players, seed);
            assert_eq!(report.error, None, "{} seed {seed}", game.key());
            let actions = report.actions;
            assert!(report.finished, "{} seed {seed}: no outcome after {actions} actions", game.key());
        }
    }
}

#[test]
fn the_ai_finishes_seeded_matches_of_every_game_without_an_illegal_choice() {
    let easy = Player::parse("ai:easy").unwrap();
    assert_matches_finish(1..2, &[easy, Player::Random]);
    assert_matches_finish(2..3, &[Player::Greedy, easy]);
}

/// A greedy player judged each answer where it stood, so "start a
/// retaliation, cancel it" looked best forever; it now judges an answer
/// once its own follow-up choices are made, and its matches end.
#[test]
fn greedy_players_finish_their_matches_in_every_game() {
    assert_matches_finish(3..9, &[Player::Greedy, Player::Greedy]);
}

/// Two states the AI's seat cannot tell apart (the real one dealt again
/// for it with two seeds: same view, other hidden cards) get the same
/// choice for the same seed and budget: the search never reads the hidden
/// cards, it deals them again from what the seat sees.
#[test]
fn the_ai_choice_does_not_depend_on_hidden_cards() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let (mut checked, mut differing) = (0, 0);
        for seed in 0..8 {
            let mut n = 0;
            choice_points(&library, game, seed, SALT, |state, seat| {
                n += 1;
                if n % 3 != 0 || checked >= 12 {
                    return;
                }
                let one = state.determinize(seat, &mut GameRng::from_seed(seed * 100 + n));
                let two = state.determinize(seat, &mut GameRng::from_seed(seed * 100 + n + 1));
                assert_eq!(
                    one.view(Viewer::Seat(seat)),
                    two.view(Viewer::Seat(seat)),
                    "{} seed {seed}",
                    game.key()
                );
                differing += usize::from(json(&one) != json(&two));
                // What the search deals from either is the same world.
                let deal = |s: &AnyState| json(&s.determinize(seat, &mut GameRng::from_seed(5)));
                assert_eq!(
                    deal(&one),
                    deal(&two),
                    "{} seed {seed}: the deal depends on hidden cards",
                    game.key()
                );
                assert_eq!(
                    ai::choose_with(&one, seat, SMALL, 11),
                    ai::choose_with(&two, seat, SMALL, 11),
                    "{} seed {seed}: the choice depends on hidden cards",
                    game.key()
                );
                checked += 1;
            });
        }
        assert!(checked >= 6, "{}: only {checked} decisions checked", game.key());
        assert!(differing > 0, "{}: the hidden cards never differed, so nothing was tested", game.key());
    }
}

/// A determinized copy carries a generator of its own: with the real
/// one, the search would know the match's future shuffles and draws.
#[test]
fn a_determinized_state_does_not_carry_the_real_generator() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let setup = random_setup(&library, game, 3).unwrap();
        let state = AnyState::setup(game, &setup, &library).unwrap();
        let rng_of = |s: &AnyState| serde_json::to_value(s).unwrap()["state"]["rng"].clone();
        let real = rng_of(&state);
        assert!(!real.is_null(), "{}: the state has no field rng; update this test", game.key());
        let det = state.determinize(Seat(0), &mut GameRng::from_seed(8));
        assert_ne!(rng_of(&det), real, "{}: determinize kept the match's generator", game.key());
    }
}

#[test]
fn the_same_seed_and_iteration_budget_give_the_same_choice() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let mut checked = 0;
        choice_points(&library, game, 7, SALT, |state, seat| {
            if checked < 3 {
                let a = ai::choose_with(state, seat, SMALL, 42);
                let b = ai::choose_with(state, seat, SMALL, 42);
                assert_eq!(a, b, "{}", game.key());
                assert!(state.legal_actions(seat).contains(&a.unwrap()), "{}", game.key());
                checked += 1;
            }
        });
        assert_eq!(checked, 3, "{}", game.key());
    }
}

#[test]
fn a_decision_with_one_answer_is_taken_at_once_even_at_hard() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let setup = random_setup(&library, game, 4).unwrap();
        let mut state = AnyState::setup(game, &setup, &library).unwrap();
        let mut pick = GameRng::from_seed(4);
        let mut found = 0;
        while state.outcome().is_none() && found < 3 {
            let seat = state.to_act()[0];
            let mut legal = state.legal_actions(seat);
            if legal.len() == 1 {
                assert_eq!(ai::choose(&state, seat, Level::Hard, 1), Some(legal[0].clone()));
                // "At once": no simulation is run (counted, not timed, so a
                // busy machine cannot fail it and a slow search cannot pass).
                let advice = ai::advise(&state, seat, Level::Hard.budget(), 1).expect("a decision");
                assert_eq!(advice.iterations, 0, "{}: searched a forced answer", game.key());
                found += 1;
            }
            state.apply(seat, &legal.swap_remove(pick.below(legal.len()))).unwrap();
        }
        // The test game (`highcard`) never offers a single answer: each of
        // its decisions is a pick among the cards in hand.
        if game.key() != "highcard" {
            assert_eq!(
                found,
                3,
                "{}: the seeded match offered only {found} decisions with one answer",
                game.key()
            );
        }
    }
}

/// Whenever a seat is not among those to act (the other seat's turn, a
/// prompt only the other seat answers), the AI gives it no action. Random
/// play finds such states in every game; a game in which no seat ever
/// waits would fail here, since then nothing was checked.
#[test]
fn a_seat_with_nothing_to_decide_gets_no_action() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let setup = random_setup(&library, game, 5).unwrap();
        let mut state = AnyState::setup(game, &setup, &library).unwrap();
        let seats = setup.seats.len() as u8;
        let mut pick = GameRng::from_seed(5);
        let mut checked = 0;
        while state.outcome().is_none() && checked < 3 {
            let to_act = state.to_act();
            if let Some(idle) = (0..seats).map(Seat).find(|s| !to_act.contains(s)) {
                assert_eq!(ai::choose(&state, idle, Level::Easy, 1), None, "{} {idle}", game.key());
                checked += 1;
            }
            let seat = to_act[pick.below(to_act.len())];
            let mut legal = state.legal_actions(seat);
            state.apply(seat, &legal.swap_remove(pick.below(legal.len()))).unwrap();
        }
        assert_eq!(checked, 3, "{}: only {checked} states had a seat with nothing to decide", game.key());
    }
}

/// Every game's evaluation is a winning chance, and the greedy player
/// picks a legal answer. Each game of the registry gives an estimate at
/// its choice points, except the test game (`highcard`), which has none by
/// design (its simulations play to the end): a game that lost its
/// evaluation would fail here rather than pass with nothing checked.
#[test]
fn evaluations_lie_between_zero_and_one_and_greedy_answers_legally() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let (mut n, mut evaluated, mut greedy) = (0, 0, 0);
        choice_points(&library, game, 9, SALT, |state, seat| {
            for s in 0..2 {
                if let Some(v) = state.evaluate(Seat(s)) {
                    assert!((0.0..=1.0).contains(&v), "{}: {v}", game.key());
                    evaluated += 1;
                }
            }
            if n % 7 == 0 {
                let a = ai::greedy::choose(state, seat, n).unwrap();
                assert!(state.legal_actions(seat).contains(&a), "{}", game.key());
                greedy += 1;
            }
            n += 1;
        });
        assert!(greedy > 0, "{}: no choice point, so greedy was never asked", game.key());
        if game.key() == "highcard" {
            assert_eq!(evaluated, 0, "highcard gives no estimate; update this test if it now does");
        } else {
            assert!(evaluated > n, "{}: only {evaluated} evaluations at {n} choice points", game.key());
        }
    }
}

#[test]
fn levels_parse_and_grow_in_budget() {
    assert_eq!(Level::parse(" HARD "), Ok(Level::Hard));
    assert!(Level::parse("expert").unwrap_err().contains("easy, normal and hard"));
    let budgets: Vec<Budget> = Level::ALL.iter().map(|l| l.budget()).collect();
    assert!(budgets.windows(2).all(|w| w[0].iterations < w[1].iterations && w[0].time < w[1].time));
    assert!(Level::Easy.budget().time <= Duration::from_millis(100));
    assert!(Level::Hard.budget().time < Duration::from_secs(2));
}

/// The search judges a settled position, not an instant
/// (`ai::search::settle`): from any choice point of a random game, once
/// settled, the game is over, the turn has changed, or nobody is left at
/// a priority stop and every seat still to act holds the turn or has no
/// decline (its own move, or a choice it must make). Each game with an
/// evaluation must have had something under way to settle at some point
/// (a spell on the Stack, a battle declared), or nothing was checked.
#[test]
fn a_settled_simulation_has_nothing_left_under_way() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let mut settled_something = 0;
        let mut points = 0;
        for seed in 1..4 {
            ai_support::choice_points(&library, game, seed, SALT, |state, _| {
                if state.evaluate(Seat(0)).is_none() {
                    return;
                }
                points += 1;
                let mut sim = state.clone();
                let before = json(&sim);
                let turn = sim.turn();
                ai::search::settle(&mut sim);
                if json(&sim) != before {
                    settled_something += 1;
                }
                if sim.outcome().is_some() || sim.turn() != turn {
                    return;
                }
                let holds = |s: Seat| turn.is_some_and(|t| t.active == s || t.partner == Some(s));
                for s in sim.to_act() {
                    assert!(sim.stop(s).is_none(), "{}: seat {s} left at a priority stop", game.key());
                    assert!(
                        holds(s) || sim.decline(s).is_none(),
                        "{}: seat {s}, not holding the turn, left with a decline to give",
                        game.key()
                    );
                }
            });
        }
        if points > 0 {
            assert!(
                settled_something > 0,
                "{}: nothing was ever under way in {points} choice points",
                game.key()
            );
        }
    }
}
