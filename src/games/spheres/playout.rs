//! Random games: uniformly random legal answers until the game ends. Used by
//! the playout tests, benchmarks and simulations.

use super::legal::{legal_actions, to_act};
use super::state::State;
use super::testing::{demo_deck, demo_pool};
use super::turn::apply;
use crate::engine::{GameRng, MatchSetup, Outcome, SeatSetup};

/// How a random game went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayoutReport {
    /// Actions applied.
    pub actions: usize,
    /// Lord turns played.
    pub turns: u32,
    /// The result (`None` if the action budget ran out first).
    pub outcome: Option<Outcome>,
}

/// Actions after which a random game is given up.
pub const ACTION_BUDGET: usize = 20_000;

/// A random game between the first two starter decks of the embedded
/// collection (or, while it has none, two decks of the demo pool).
pub fn random_game(seed: u64) -> PlayoutReport {
    let db = crate::cards::spheres::db();
    if db.decks.len() >= 2 {
        let decks = [db.deck_list(&db.decks[0]), db.deck_list(&db.decks[1])];
        random_game_with(0, &decks, seed, ACTION_BUDGET, |_, _| {})
    } else {
        random_game_with(demo_pool(), &[demo_deck(0), demo_deck(1)], seed, ACTION_BUDGET, |_, _| {})
    }
}

/// A random game on card pool `pool` with the given decks (Alice, Bob):
/// every step a seat in `to_act` and one of its legal actions are picked
/// uniformly. `after(state, action_count)` runs after setup and after every
/// action (invariant checks go there). Panics if a listed action is refused.
pub fn random_game_with(
    pool: u16,
    decks: &[Vec<String>],
    seed: u64,
    max_actions: usize,
    mut after: impl FnMut(&State, usize),
) -> PlayoutReport {
    let setup = MatchSetup {
        variant: None,
        seed,
        seats: decks
            .iter()
            .zip(["Alice", "Bob", "Carol", "Dave"])
            .map(|(d, n)| SeatSetup { name: n.into(), deck_name: format!("{n}'s deck"), deck: d.clone() })
            .collect(),
    };
    let mut s = super::setup::setup_with_pool(&setup, pool).unwrap_or_else(|e| panic!("setup failed: {e}"));
    let mut pick = GameRng::from_seed(seed ^ 0x5eed_5eed_5eed_5eed);
    let mut n = 0;
    after(&s, n);
    while s.outcome.is_none() && n < max_actions {
        let seats = to_act(&s);
        let seat = seats[pick.below(seats.len())];
        let actions = legal_actions(&s, seat);
        assert!(!actions.is_empty(), "seed {seed}: {seat} must act but has no legal action");
        let a = &actions[pick.below(actions.len())];
        if let Err(e) = apply(&mut s, seat, a) {
            panic!("seed {seed}: legal action {a:?} refused: {e}");
        }
        n += 1;
        after(&s, n);
    }
    PlayoutReport { actions: n, turns: s.turn.number, outcome: s.outcome.clone() }
}
