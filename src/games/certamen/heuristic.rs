//! The AI's cheap judgement of a Certamen position: vitality first, then
//! the power of the creatures on the Livingfield, the Pillars that pay for
//! everything, the other permanents and the cards in hand.

use super::state::State;
use crate::cards::certamen::CardType;
use crate::engine::Seat;

/// Pillars worth their full value; most cards cost less than this, so a
/// Pillar past it adds little.
const PILLARS_WANTED: f64 = 6.0;
/// A Pillar on the Livingfield, up to [`PILLARS_WANTED`]: more than the
/// card it was in hand, so that playing one (one Pillar a turn, in the Main Phase) is never a
/// tie with keeping it, and a Pillar is not the card discarded at the end
/// of the turn (a greedy judgement that scored a Pillar as a hand card
/// passed instead of playing one and then discarded it).
const PILLAR: f64 = 3.0;
/// A Pillar past [`PILLARS_WANTED`].
const PILLAR_SPARE: f64 = 0.5;
/// A card in hand that is not a Pillar.
const CARD: f64 = 1.5;
/// A Pillar in hand while the Livingfield still wants more of them.
const PILLAR_IN_HAND: f64 = 2.5;
/// A Pillar in hand the Livingfield no longer wants.
const PILLAR_IN_HAND_SPARE: f64 = 0.3;

/// What a player has going for it, in rough vitality points.
fn material(s: &State, seat: Seat) -> f64 {
    let p = &s.players[seat];
    let (mut field, mut pillars) = (0.0, 0.0);
    for perm in s.players.values().flat_map(|p| &p.field).filter(|perm| perm.controller == seat) {
        field += if s.is_creature(perm) {
            2.0 + 1.5 * f64::from(s.power(perm).max(0))
        } else if s.kind_of(perm) == CardType::Pillar {
            pillars += 1.0;
            if pillars <= PILLARS_WANTED {
                PILLAR
            } else {
                PILLAR_SPARE
            }
        } else {
            1.5
        };
    }
    let in_hand = p.hand.iter().filter(|c| s.def(c.id).kind == CardType::Pillar).count() as f64;
    let wanted = in_hand.min((PILLARS_WANTED - pillars).max(0.0));
    let hand = CARD * (p.hand.len() as f64 - in_hand)
        + PILLAR_IN_HAND * wanted
        + PILLAR_IN_HAND_SPARE * (in_hand - wanted);
    f64::from(p.vitality.max(0)) + field + hand
}

/// `seat`'s standing against its opponent, 0 to 1.
pub fn evaluate(s: &State, seat: Seat) -> Option<f64> {
    let diff = material(s, seat) - material(s, s.opponent(seat));
    Some(crate::engine::logistic(diff / 10.0))
}
