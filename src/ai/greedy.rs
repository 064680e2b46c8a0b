//! The greedy player: a one-ply baseline. It tries each legal answer on a
//! few determinized copies of the state (so it sees no more than its
//! seat) and keeps the one the game's evaluation likes best.
//!
//! An answer that opens a further choice of the same seat (casting, then
//! a target) is judged after that choice is made with the game's rollout
//! policy: judged where it stands, "start a retaliation, cancel it" would
//! look better than letting a battle resolve, and a greedy player would
//! repeat it forever.

use super::search::rewards;
use crate::engine::{GameRng, Seat};
use crate::games::{AnyAction, AnyState};

/// Determinized copies each answer is tried on.
const SAMPLES: usize = 3;

/// The answer of the greedy player for `seat`, seeded; `None` when the
/// seat has nothing to decide. In a game without an evaluation only
/// winning or losing at once tells answers apart; ties are broken at
/// random.
pub fn choose(state: &AnyState, seat: Seat, seed: u64) -> Option<AnyAction> {
    let mut legal = match super::decision(state, seat) {
        Ok(legal) => legal,
        Err(only) => return only,
    };
    let mut rng = GameRng::from_seed(seed);
    let seats = super::seat_count(state);
    let worlds: Vec<AnyState> = (0..SAMPLES).map(|_| state.determinize(seat, &mut rng)).collect();
    let mut rng = rng.fork();
    let value = |action: &AnyAction| -> f64 {
        worlds
            .iter()
            .map(|w| {
                let mut after = w.clone();
                if after.apply(seat, action).is_err() {
                    return 0.0;
                }
                finish_move(&mut after, seat, &mut rng.fork());
                rewards(&after, seats)[seat.index()]
            })
            .sum::<f64>()
    };
    let values: Vec<f64> = legal.iter().map(value).collect();
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<usize> = (0..legal.len()).filter(|&i| values[i] >= best - 1e-9).collect();
    let pick = top[rng.below(top.len())];
    Some(legal.swap_remove(pick))
}

/// Longest chain of a seat's own follow-up answers [`finish_move`] plays.
const FOLLOW_UPS: usize = 12;

/// Plays `seat`'s follow-up answers while it alone is to act.
fn finish_move(sim: &mut AnyState, seat: Seat, rng: &mut GameRng) {
    for _ in 0..FOLLOW_UPS {
        if sim.outcome().is_some() || sim.to_act() != [seat] {
            return;
        }
        let Some(action) = sim.rollout_action(seat, rng) else { return };
        if sim.apply(seat, &action).is_err() {
            return;
        }
    }
}
