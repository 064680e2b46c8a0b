//! The one random playout: uniformly random legal answers until the game
//! ends. `cardtable sim`, the playout tests and AI rollouts all use it.

use super::{GameRng, Outcome, Rules, Seat};

/// How a playout went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playout {
    /// Actions applied.
    pub actions: usize,
    /// The result (`None` if the action budget ran out first).
    pub outcome: Option<Outcome>,
}

/// A playout that broke a rule of the engine contract.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayoutError {
    /// No seat is to act but the game has no outcome.
    #[error("after {actions} actions nobody is to act, but the game is not over")]
    Stuck {
        /// Actions applied before.
        actions: usize,
    },
    /// A seat is to act with no legal action.
    #[error("after {actions} actions {seat} must act but has no legal action")]
    NoAction {
        /// Actions applied before.
        actions: usize,
        /// The seat.
        seat: Seat,
    },
    /// `apply` refused an action `legal_actions` listed.
    #[error("after {actions} actions the listed action {action} was refused: {reason}")]
    Refused {
        /// Actions applied before.
        actions: usize,
        /// The action, debug-printed.
        action: String,
        /// Why it was refused.
        reason: String,
    },
}

/// Plays `s` on with random answers: each step one seat of `to_act` and one
/// of its legal actions are drawn from `rng`. Stops at an outcome or after
/// `max_actions`; `after(state, n)` runs after every action (invariant
/// checks go there).
pub fn random_playout<R: Rules>(
    s: &mut R::State,
    rng: &mut GameRng,
    max_actions: usize,
    mut after: impl FnMut(&R::State, usize),
) -> Result<Playout, PlayoutError> {
    let mut actions = 0;
    while R::outcome(s).is_none() && actions < max_actions {
        let seats = R::to_act(s);
        if seats.is_empty() {
            return Err(PlayoutError::Stuck { actions });
        }
        let seat = seats[rng.below(seats.len())];
        let legal = R::legal_actions(s, seat);
        if legal.is_empty() {
            return Err(PlayoutError::NoAction { actions, seat });
        }
        let action = &legal[rng.below(legal.len())];
        if let Err(e) = R::apply(s, seat, action) {
            return Err(PlayoutError::Refused { actions, action: format!("{action:?}"), reason: e.0 });
        }
        actions += 1;
        after(s, actions);
    }
    Ok(Playout { actions, outcome: R::outcome(s) })
}

/// The logistic curve from any number to 0..1: a game's
/// [`Rules::evaluate`] turns a material difference into a winning chance
/// with it (0 → ½).
pub fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// A rollout answer (see [`Rules::rollout_pick`]) that acts rather than
/// declines: uniformly random, except that the decline answer (`decline`,
/// from [`Rules::decline`]) drawn among others is kept only one time in
/// four. Random play passes far more than any player would.
pub fn pick_acting<A: PartialEq>(legal: &[A], decline: Option<&A>, rng: &mut GameRng) -> usize {
    let i = rng.below(legal.len());
    match decline {
        Some(d) if legal.len() > 1 && legal[i] == *d && rng.below(4) != 0 => {
            let j = rng.below(legal.len() - 1);
            if j >= i {
                j + 1
            } else {
                j
            }
        }
        _ => i,
    }
}
