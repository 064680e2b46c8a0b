//! Hidden information in the hand's offers (issue 35, finding 7): what a
//! player is offered at a decision of their own turn — the moves ahead of
//! the next steps, *End turn*, the standing orders — is computed by
//! letting the table answer for everyone in between. Another seat's
//! answer may rest on its hidden cards ("ask me only when I can respond"
//! passes only when that hand holds no response), and then a move ahead
//! would vanish or appear with the opponent's hand, telling the player
//! what it holds before they commit.
//!
//! Over seeded random games of every registry game, at every decision a
//! lone player makes in their own turn, the offers must be the same in the
//! real state and in states re-dealt from that player's point of view
//! (`AnyState::determinize`: the same public history and own hand, other
//! hidden cards re-sampled), whatever the other seats' settings.

use cardtable::engine::{GameRng, GivenOrder, Seat, ONLY_WHEN_ABLE};
use cardtable::games::{AnyState, GameId, Library, GAMES};
use cardtable::sim::{random_setup, STEP_BUDGET};
use cardtable::table::{offers, Leave};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games per registry entry in the long runs.
const GAMES_PER_ENTRY: u64 = 40;
/// Games per registry entry in the quick run of every `cargo test`.
const QUICK_GAMES_PER_ENTRY: u64 = 4;
/// Re-deals of each checked decision.
const REDEALS: u64 = 3;

/// The settings under which the others' answers lean hardest on their
/// hidden cards: "ask me only when I can respond" on, as a setting and as
/// a standing order.
fn leaves_leaning_on_hands(seats: usize) -> Vec<Leave> {
    (0..seats)
        .map(|_| Leave {
            auto_pass: true,
            orders: vec![GivenOrder { key: ONLY_WHEN_ABLE.key.to_owned(), turn: None }],
            ..Leave::default()
        })
        .collect()
}

/// The offers as the player sees them: labels, what each does, and where.
fn shown(state: &AnyState, seat: Seat, leaves: &[Leave]) -> String {
    let o = offers(state, seat, leaves);
    format!("hand: {:?}\nboard: {:?}", o.hand, o.board)
}

/// Plays one seeded random game, checking every lone decision of the
/// actor's own turn; returns how many were checked and whether the game
/// has turns at all (High Card has none: nothing is offered ahead), or
/// the first leak.
fn play_checked(
    library: &Library,
    game: GameId,
    seed: u64,
    leaves_of: &dyn Fn(usize) -> Vec<Leave>,
) -> Result<(u64, bool), String> {
    let setup = random_setup(library, game, seed)?;
    let mut state = AnyState::setup(game, &setup, library).map_err(|e| e.to_string())?;
    let leaves = leaves_of(setup.seats.len());
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0FFE_5EED);
    let (mut checked, mut turns) = (0, false);
    for step in 0..STEP_BUDGET {
        if state.outcome().is_some() {
            return Ok((checked, turns));
        }
        turns |= state.turn().is_some();
        let to_act = state.to_act();
        if let [seat] = to_act[..] {
            if state.turn().is_some_and(|t| t.active == seat) {
                let real = shown(&state, seat, &leaves);
                for redeal in 0..REDEALS {
                    let mut deal = GameRng::from_seed(seed * 1_000 + step as u64 * 10 + redeal);
                    let other = state.determinize(seat, &mut deal);
                    let seen = shown(&other, seat, &leaves);
                    if seen != real {
                        return Err(format!(
                            "{} seed {seed}, action {step}, {seat}: the offers change with hidden cards.\n\
                             real:\n{real}\nre-dealt:\n{seen}",
                            game.key()
                        ));
                    }
                }
                checked += 1;
            }
        }
        let Some(&seat) = to_act.get(rng.gen_range(0..to_act.len().max(1))) else {
            return Err(format!("{} seed {seed}: nobody to act but no outcome", game.key()));
        };
        let actions = state.legal_actions(seat);
        let action = actions[rng.gen_range(0..actions.len())].clone();
        state.apply(seat, &action).map_err(|e| format!("{} seed {seed}: refused: {e}", game.key()))?;
    }
    Ok((checked, turns))
}

fn check_every_game(games_per_entry: u64, leaves_of: &dyn Fn(usize) -> Vec<Leave>) {
    let library = Library::embedded().expect("the embedded cards load");
    let mut failures = Vec::new();
    for game in GAMES.iter().copied() {
        let (mut checked, mut turns) = (0, false);
        for seed in 1..=games_per_entry {
            match play_checked(&library, game, seed, leaves_of) {
                Ok((n, t)) => (checked, turns) = (checked + n, turns | t),
                Err(e) => failures.push(e),
            }
        }
        eprintln!("offers, {}: {checked} decisions checked against {REDEALS} re-deals each", game.key());
        assert!(checked > 0 || !turns || !failures.is_empty(), "{}: no decision was checked", game.key());
    }
    assert!(failures.is_empty(), "{} games leaked; first:\n{}", failures.len(), failures[0]);
}

#[test]
fn offers_leak_nothing_in_a_few_games_of_each_under_either_setting() {
    check_every_game(QUICK_GAMES_PER_ENTRY, &leaves_leaning_on_hands);
    check_every_game(QUICK_GAMES_PER_ENTRY, &|seats| vec![Leave::default(); seats]);
}

#[test]
#[ignore = "long: 40 seeded games of each game, about a minute; run with -- --ignored (RELIABILITY.md)"]
fn offers_leak_nothing_when_the_others_pass_only_when_they_cannot_respond() {
    check_every_game(GAMES_PER_ENTRY, &leaves_leaning_on_hands);
}

#[test]
#[ignore = "long: 40 seeded games of each game, about a minute; run with -- --ignored (RELIABILITY.md)"]
fn offers_leak_nothing_under_default_settings() {
    check_every_game(GAMES_PER_ENTRY, &|seats| vec![Leave::default(); seats]);
}
