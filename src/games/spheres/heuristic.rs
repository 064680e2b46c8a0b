//! The AI's cheap judgement of a Spheres position: towers are a lord's
//! life, so they weigh most, then the creatures in play, then cards in
//! hand and crystals in the vault.

use super::state::{State, GENERIC_STRENGTH};
use crate::engine::Seat;

/// How much a lord has going for it, in rough "tower" units × 4.
fn material(s: &State, lord: Seat) -> f64 {
    let l = &s.lords[lord];
    let strength: i16 = l
        .battlefield
        .iter()
        .map(|c| if c.face_down { GENERIC_STRENGTH } else { i16::from(s.def(c.uid).creature.strength) })
        .sum();
    4.0 * l.towers.len() as f64
        + f64::from(strength) * 0.5
        + l.battlefield.len() as f64
        + 0.5 * l.hand.len() as f64
        + 0.4 * l.vault.len() as f64
}

/// `seat`'s standing against its strongest living opponent, 0 to 1;
/// `None` while decks are still being assembled (no board yet).
pub fn evaluate(s: &State, seat: Seat) -> Option<f64> {
    if s.assembly.is_some() {
        return None;
    }
    if !s.lords[seat].alive {
        return Some(0.0);
    }
    let mine = material(s, seat);
    let best = s.opponents(seat).into_iter().filter(|o| s.lords[*o].alive).map(|o| material(s, o)).fold(f64::NAN, f64::max);
    if best.is_nan() {
        return Some(1.0);
    }
    Some(crate::engine::logistic((mine - best) / 8.0))
}
