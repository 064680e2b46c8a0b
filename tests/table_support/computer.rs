//! Playing the computer from a test: a person who clicks seeded random
//! legal actions, and the stored match as the test checks it.

use cardtable::engine::Seat;
use cardtable::games::AnyState;
use cardtable::store::MatchStatus;
use cardtable::table::{CustomId, Outgoing};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::Front;

/// Moves a person makes at most before a test gives up on a match ending.
pub const MOVES: usize = 3_000;

/// The stored state of a match, its version, and `who`'s seat.
pub async fn stored(f: &Front, match_id: i64, who: &str) -> (AnyState, i64, Seat, MatchStatus) {
    let (row, seats) = f.table.store().load_match_with_seats(match_id).await.unwrap();
    let state = AnyState::from_json(&row.state, f.table.library()).unwrap();
    let seat = seats.iter().find(|s| s.user_id == who.to_lowercase()).expect("seated").seat;
    (state, row.version, Seat(seat as u8), row.status)
}

/// `who` clicks a seeded random legal action when it is their move.
/// Returns the click's effects, or `None` when they have nothing to do.
pub async fn person_moves(
    f: &mut Front,
    match_id: i64,
    who: &str,
    rng: &mut ChaCha8Rng,
) -> Option<Vec<Outgoing>> {
    let (state, version, seat, status) = stored(f, match_id, who).await;
    if status != MatchStatus::Active || !state.to_act().contains(&seat) {
        return None;
    }
    let legal = state.legal_actions(seat);
    let index = rng.gen_range(0..legal.len());
    let click = CustomId::Act { match_id, version, index }.encode();
    Some(f.click(who, &click).await.unwrap())
}

/// Alice moves until the computer is to act, without letting it move
/// (as if the process stopped right after her click).
pub async fn until_the_computer_is_to_act(f: &mut Front, match_id: i64, rng: &mut ChaCha8Rng) {
    for _ in 0..MOVES {
        let (state, _, alice, _) = stored(f, match_id, "Alice").await;
        if state.to_act().contains(&Seat(1 - alice.0)) {
            return;
        }
        person_moves(f, match_id, "Alice", rng).await.expect("Alice is to act");
    }
    panic!("the computer never got a decision");
}
