//! The end-of-match summary's turning point (issue 33, item 5): the move
//! after which the game's own judgement of the winner's chances rose the
//! most, found by re-running the log.

use cardtable::engine::{GameRng, Seat};
use cardtable::games::{AnyState, GameId, Library};
use cardtable::sim::random_setup;
use cardtable::store::ActionRow;
use cardtable::table::log::{story, LogEntry};

/// A whole match of `game` played by uniformly random answers, logged as
/// the table logs clicks.
fn random_match(
    library: &Library,
    game: GameId,
    seed: u64,
) -> (cardtable::engine::MatchSetup, Vec<ActionRow>, Seat) {
    let setup = random_setup(library, game, seed).unwrap();
    let mut state = AnyState::setup(game, &setup, library).unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut log = Vec::new();
    while state.outcome().is_none() && log.len() < 20_000 {
        let seat = state.to_act()[0];
        let mut legal = state.legal_actions(seat);
        let action = legal.swap_remove(rng.below(legal.len()));
        state.apply(seat, &action).unwrap();
        log.push(ActionRow {
            match_id: 1,
            seq: log.len() as i64 + 1,
            seat: i64::from(seat.0),
            action: serde_json::to_string(&LogEntry::Player { action }).unwrap(),
            at: 0,
        });
    }
    let winners = state.outcome().expect("the random match ended").winners;
    // A drawn match is judged from the first seat's side.
    (setup, log, winners.first().copied().unwrap_or(Seat(0)))
}

/// The winner's chances after the first `n` entries of the log.
fn chances_after(
    library: &Library,
    game: GameId,
    setup: &cardtable::engine::MatchSetup,
    log: &[ActionRow],
    n: usize,
    winner: Seat,
) -> f64 {
    let mut state = AnyState::setup(game, setup, library).unwrap();
    for row in &log[..n] {
        let entry: LogEntry = serde_json::from_str(&row.action).unwrap();
        entry.apply(&mut state, Seat(row.seat as u8)).unwrap();
    }
    state.evaluate(winner).unwrap()
}

/// Whether entry `n` (0-based) of the log is its seat's decline (a pass).
fn is_pass(
    library: &Library,
    game: GameId,
    setup: &cardtable::engine::MatchSetup,
    log: &[ActionRow],
    n: usize,
) -> bool {
    let mut state = AnyState::setup(game, setup, library).unwrap();
    for row in &log[..n] {
        let entry: LogEntry = serde_json::from_str(&row.action).unwrap();
        entry.apply(&mut state, Seat(row.seat as u8)).unwrap();
    }
    let entry: LogEntry = serde_json::from_str(&log[n].action).unwrap();
    entry.action() == state.decline(Seat(log[n].seat as u8)).as_ref()
}

#[test]
fn the_turning_point_is_the_decision_that_raised_the_winners_chances_most() {
    let library = Library::embedded().unwrap();
    for game in [GameId::parse("certamen").unwrap(), GameId::parse("athernum").unwrap()] {
        let (setup, log, winner) = random_match(&library, game, 7);
        let told = story(&library, game, &setup, &log, winner).expect("the log replays");
        let point = told.turning_point.expect("a turning point");
        let at = point.seq as usize;
        assert!(at >= 1 && at < log.len(), "{point:?} of {} entries", log.len());
        // Its figures are the winner's chances either side of that move.
        let before = chances_after(&library, game, &setup, &log, at - 1, winner);
        // The passes after the move belong to it.
        let mut end = at;
        while end + 1 < log.len() && is_pass(&library, game, &setup, &log, end) {
            end += 1;
        }
        let after = chances_after(&library, game, &setup, &log, end, winner);
        assert!((point.before - before).abs() < 1e-9 && (point.after - after).abs() < 1e-9, "{point:?}");
        assert!(point.after > point.before, "{point:?}");
        // No other decision (a move that is not a pass, with the passes
        // after it, but not the move that ended the match) raised them more.
        let mut state = AnyState::setup(game, &setup, &library).unwrap();
        let mut start = state.evaluate(winner).unwrap();
        let mut now = start;
        for row in &log[..log.len() - 1] {
            let entry: LogEntry = serde_json::from_str(&row.action).unwrap();
            let seat = Seat(row.seat as u8);
            if entry.action() != state.decline(seat).as_ref() {
                assert!(
                    now - start <= point.after - point.before + 1e-9,
                    "the decision before seq {} rose more than {point:?}",
                    row.seq
                );
                start = now;
            }
            entry.apply(&mut state, seat).unwrap();
            now = state.evaluate(winner).unwrap();
        }
        assert_eq!(told.turns, state.turn().map(|t| t.number), "the turns of the last position played");
        assert!(!point.label.is_empty());
    }
}

#[test]
fn a_game_that_cannot_judge_a_position_has_no_turning_point() {
    let library = Library::embedded().unwrap();
    let game = GameId::parse("highcard").unwrap();
    let (setup, log, winner) = random_match(&library, game, 3);
    let told = story(&library, game, &setup, &log, winner).expect("the log replays");
    assert_eq!(told.turning_point, None);
}
