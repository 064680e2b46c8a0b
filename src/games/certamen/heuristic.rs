//! The AI's cheap judgement of a Certamen position: vitality first, then
//! the power of the creatures on the Livingfield, the other permanents
//! and the cards in hand.

use super::state::State;
use crate::engine::Seat;

/// What a player has going for it, in rough vitality points.
fn material(s: &State, seat: Seat) -> f64 {
    let p = &s.players[seat];
    let mut field = 0.0;
    for perm in s.players.values().flat_map(|p| &p.field).filter(|perm| perm.controller == seat) {
        field += if s.is_creature(perm) { 2.0 + 1.5 * f64::from(s.power(perm).max(0)) } else { 1.5 };
    }
    f64::from(p.vitality.max(0)) + field + 1.5 * p.hand.len() as f64
}

/// `seat`'s standing against its opponent, 0 to 1.
pub fn evaluate(s: &State, seat: Seat) -> Option<f64> {
    let diff = material(s, seat) - material(s, s.opponent(seat));
    Some(crate::engine::logistic(diff / 10.0))
}
