//! Positions to ask the AI about, shared by the search and hint tests.
#![allow(dead_code)]

use cardtable::engine::{GameRng, Seat};
use cardtable::games::{AnyState, GameId, Library};
use cardtable::sim::random_setup;

/// Random play from a seeded setup, stopping at each state in which some
/// seat has a real choice; `visit(state, seat)` sees those states. `salt`
/// seeds the random answers apart from the setup.
pub fn choice_points(
    library: &Library,
    game: GameId,
    seed: u64,
    salt: u64,
    mut visit: impl FnMut(&AnyState, Seat),
) {
    let setup = random_setup(library, game, seed).unwrap();
    let mut state = AnyState::setup(game, &setup, library).unwrap();
    let mut pick = GameRng::from_seed(seed ^ salt);
    while state.outcome().is_none() {
        let to_act = state.to_act();
        let seat = to_act[pick.below(to_act.len())];
        let mut legal = state.legal_actions(seat);
        if legal.len() > 1 {
            visit(&state, seat);
        }
        let action = legal.swap_remove(pick.below(legal.len()));
        state.apply(seat, &action).unwrap();
    }
}
