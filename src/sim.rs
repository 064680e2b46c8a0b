//! Seeded random-vs-random matches through the engine, for `cardtable sim`,
//! benchmarks and playout tests. Game-agnostic: it only uses [`AnyState`].

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{MatchSetup, SeatSetup};
use crate::games::{AnyState, GameId};

/// Actions after which a random game counts as stuck.
pub const STEP_BUDGET: usize = 20_000;

/// How one random game went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// Actions applied.
    pub actions: usize,
    /// Whether the game reached an outcome.
    pub finished: bool,
    /// The first error met, if any (illegal listed action, stuck game, setup failure).
    pub error: Option<String>,
}

/// A two-player setup with starter decks picked by `seed`.
pub fn random_setup(game: GameId, seed: u64) -> Result<MatchSetup, String> {
    let decks = game.starter_decks();
    if decks.is_empty() {
        return Err(format!("{} has no starter decks", game.info().name));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
    let seats = ["Alice", "Bob"]
        .iter()
        .map(|name| {
            let (deck_name, _) = &decks[rng.gen_range(0..decks.len())];
            let (deck_name, deck) = game.starter_deck(deck_name)?;
            Ok(SeatSetup { name: name.to_string(), deck_name, deck })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(MatchSetup { variant: None, seed, seats })
}

/// Plays one seeded random game; `on_step` sees the state after every action.
pub fn play_random(game: GameId, seed: u64, mut on_step: impl FnMut(&AnyState)) -> GameReport {
    let mut report = GameReport { actions: 0, finished: false, error: None };
    let setup = match random_setup(game, seed) {
        Ok(s) => s,
        Err(e) => return GameReport { error: Some(e), ..report },
    };
    let mut state = match AnyState::setup(game, &setup) {
        Ok(s) => s,
        Err(e) => return GameReport { error: Some(format!("setup: {e}")), ..report },
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    while state.outcome().is_none() {
        if report.actions >= STEP_BUDGET {
            report.error = Some(format!("no outcome after {STEP_BUDGET} actions"));
            return report;
        }
        let seats = state.to_act();
        let Some(&seat) = seats.get(rng.gen_range(0..seats.len().max(1))) else {
            report.error = Some("nobody to act but no outcome".into());
            return report;
        };
        let actions = state.legal_actions(seat);
        if actions.is_empty() {
            report.error = Some(format!("{seat} must act but has no legal action"));
            return report;
        }
        let action = &actions[rng.gen_range(0..actions.len())];
        if let Err(e) = state.apply(seat, action) {
            report.error = Some(format!("listed action {action:?} refused: {e}"));
            return report;
        }
        report.actions += 1;
        on_step(&state);
    }
    report.finished = true;
    report
}
