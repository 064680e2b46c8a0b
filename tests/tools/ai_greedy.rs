//! The greedy baseline plays: in every game of the registry that has an
//! evaluation it beats the random player, so "the AI beats greedy" means
//! something. Seeded, so a failure reproduces with `cardtable arena
//! --game GAME --games 20 --seed 500 --a greedy --b random`.
//!
//! A game without an evaluation (the test game High Card: three rounds of
//! secret, simultaneous picks) gives greedy nothing to rank its answers
//! by but an immediate win, so there it is only asked to finish its
//! matches without an illegal choice.

use cardtable::arena::{self, Options, Player};
use cardtable::engine::Seat;
use cardtable::games::{AnyState, GameId, Library, GAMES};
use cardtable::sim::random_setup;

/// Matches a game, seats alternating (greedy in seat 0 in even matches).
const MATCHES: u64 = 20;
/// Wins greedy needs out of [`MATCHES`]: 80 %.
const NEEDED: u64 = 16;
/// Seed of the first match.
const SEED: u64 = 500;

#[test]
fn greedy_beats_random_in_16_of_20_matches_in_every_game() {
    let library = Library::embedded().unwrap();
    let mut short = Vec::new();
    let mut judged = 0;
    for &game in GAMES {
        let opts = Options {
            game,
            games: MATCHES,
            seed: SEED,
            a: Player::Greedy,
            b: Player::Random,
            deck_a: None,
            deck_b: None,
        };
        let tally = arena::run(&library, &opts, |_, _, _, _| {}).unwrap();
        assert!(tally.errors.is_empty(), "{}: matches stopped on an error: {:?}", game.key(), tally.errors);
        assert_eq!(tally.games, MATCHES);
        eprintln!("{}: {}", game.key(), tally.summary());
        if !has_evaluation(&library, game) {
            continue;
        }
        judged += 1;
        if tally.a_wins < NEEDED {
            short.push(format!("{}: {}", game.key(), tally.summary()));
        }
    }
    assert!(judged >= 3, "Spheres, Certamen and Athernum all have an evaluation; {judged} games were judged");
    assert!(short.is_empty(), "greedy won fewer than {NEEDED} of {MATCHES}: {short:#?}");
}

/// Whether `game` scores a position for the greedy player to rank by.
fn has_evaluation(library: &Library, game: GameId) -> bool {
    let setup = random_setup(library, game, SEED).unwrap();
    AnyState::setup(game, &setup, library).unwrap().evaluate(Seat(0)).is_some()
}
