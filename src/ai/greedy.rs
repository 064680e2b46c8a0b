//! The greedy player: a one-ply baseline. It tries each legal answer on a
//! few determinized copies of the state (so it sees no more than its
//! seat) and keeps the one the game's evaluation likes best.
//!
//! An answer is judged by the position once it has played out, not by
//! the instant after it: the seat's own follow-up choices (casting, then
//! a target) are made with the game's rollout policy, and the other seats
//! then answer what it did (a spell waiting on the Stack, an attack
//! waiting for blocks) with their decline answer, so the Stack resolves
//! and the battle is fought. Judged the instant after, a spell on the
//! Stack would score as a card lost, and "start a retaliation, cancel it"
//! would look better than letting a battle resolve.
//!
//! The others decline rather than play their rollout policy because a
//! decline is one answer where the policy is a random draw: with three
//! copies a random answer would blur the comparison into noise, while a
//! decline judges every move alike, by what it does when left unopposed.
//! Where a decision has no decline answer (a required choice), the other
//! seat answers with the rollout policy. When the seat itself is asked
//! again only at a priority stop (the window before damage of a battle,
//! or before the Stack resolves), it passes there, so the battle is still
//! fought and the answer is judged by what the battle did.

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
                play_out(&mut after, seat, &mut rng.fork());
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

/// Longest run of answers [`play_out`] plays after the judged one.
const PLAY_OUT: usize = 40;

/// Plays on after `seat`'s answer until the move has played out: `seat`
/// finishes its own follow-up choices (rollout policy) and the other
/// seats answer (their decline, else the rollout policy) until `seat` is
/// again to decide after the others have answered, the turn changes, or
/// the game ends.
fn play_out(sim: &mut AnyState, seat: Seat, rng: &mut GameRng) {
    let turn = sim.turn().map(|t| t.number);
    let mut answered = false;
    for _ in 0..PLAY_OUT {
        if sim.outcome().is_some() || sim.turn().map(|t| t.number) != turn {
            return;
        }
        let to_act = sim.to_act();
        let other = to_act.iter().copied().find(|&s| s != seat);
        let (actor, action) = match other {
            Some(other) => {
                answered = true;
                let action = sim.decline(other).or_else(|| sim.rollout_action(other, rng));
                (other, action)
            }
            None if to_act.contains(&seat) && !answered => (seat, sim.rollout_action(seat, rng)),
            // A window before damage or before the Stack resolves (a
            // priority stop, not the seat's own next move): the seat
            // passes, so the battle is fought and the Stack resolves.
            None if to_act.contains(&seat) => match sim.stop(seat) {
                Some(stop) => (seat, Some(stop.pass)),
                None => return,
            },
            None => return,
        };
        let Some(action) = action else { return };
        if sim.apply(actor, &action).is_err() {
            return;
        }
    }
}
