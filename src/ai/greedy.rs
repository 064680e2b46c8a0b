//! The greedy player: a one-ply baseline. It tries each legal answer on a
//! few determinized copies of the state (so it sees no more than its
//! seat) and keeps the one the game's evaluation likes best.

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
    let mut legal = state.legal_actions(seat);
    if legal.len() <= 1 {
        return legal.pop();
    }
    let mut rng = GameRng::from_seed(seed);
    let seats = state.view(crate::engine::Viewer::Public).seats.len().max(2);
    let worlds: Vec<AnyState> = (0..SAMPLES).map(|_| state.determinize(seat, &mut rng)).collect();
    let value = |action: &AnyAction| -> f64 {
        worlds
            .iter()
            .map(|w| {
                let mut after = w.clone();
                match after.apply(seat, action) {
                    Ok(_) => rewards(&after, seats)[seat.index()],
                    Err(_) => 0.0,
                }
            })
            .sum::<f64>()
    };
    let values: Vec<f64> = legal.iter().map(value).collect();
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<usize> = (0..legal.len()).filter(|&i| values[i] >= best - 1e-9).collect();
    let pick = top[rng.below(top.len())];
    Some(legal.swap_remove(pick))
}
