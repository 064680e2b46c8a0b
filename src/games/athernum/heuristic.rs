//! The AI's cheap judgement of an Athernum position: the share of the
//! Victory Tokens (holding more than half wins), then the permanents a
//! player controls and the cards in hand.

use super::state::State;
use crate::engine::Seat;

/// What a player has going for it, in rough Victory Token units.
fn material(s: &State, seat: Seat) -> f64 {
    let total = f64::from(s.victory_total().max(1));
    let board = s.board.iter().filter(|p| p.controller == seat && !p.exhausted).count() as f64;
    let p = &s.players[seat];
    8.0 * f64::from(s.victory_of(seat)) / total + 0.5 * board + 0.25 * p.hand.len() as f64
}

/// `seat`'s standing against its strongest living opponent, 0 to 1.
pub fn evaluate(s: &State, seat: Seat) -> Option<f64> {
    if s.players[seat].out {
        return Some(0.0);
    }
    let mine = material(s, seat);
    let best = s.alive().into_iter().filter(|o| *o != seat).map(|o| material(s, o)).fold(f64::NAN, f64::max);
    if best.is_nan() {
        return Some(1.0);
    }
    Some(crate::engine::logistic((mine - best) / 2.0))
}
