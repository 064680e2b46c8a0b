//! Boards fit a phone held upright, and every button says what it does:
//! seeded matches of every registered game (and multiplayer Spheres in
//! each mode), played through the table by `cardtable chatsim`'s people,
//! every board and private message measured as a phone shows it
//! (`cardtable::view::phone`: 40 columns, emoji two).
//!
//! Run with `--nocapture` to see each run's boards line. The figures of
//! 20 games a game are in BENCHMARKS.md ("Boards on a phone").

use std::sync::Arc;

use cardtable::chatsim::{run, ChatReport, Options};
use cardtable::games::{GameId, Library, GAMES};

/// Phone rows a board may take at most, its buttons included: issue 53's
/// bound. The boards aim at 20 (one screen, `view::board::SCREEN_ROWS`);
/// the 20-game medians are 19–20 in every game and mode (BENCHMARKS.md,
/// "Boards on a phone").
const MAX_ROWS: u32 = 30;
/// The same bound for multiplayer Spheres.
const MAX_ROWS_MULTIPLAYER: u32 = 30;

async fn measured(game: GameId, games: u32, players: usize, mode: Option<&str>) -> ChatReport {
    let library = Arc::new(Library::embedded().expect("the embedded cards load"));
    let opts = Options { players, mode: mode.map(str::to_owned), ..Options::new(game, games, 20261201) };
    let report = run(library, &opts).await;
    println!("{} {players} {mode:?}: {}", game.info().name, report.boards_line());
    report
}

/// What is wrong with `r` as a phone reader meets it, if anything: two
/// choices of one label, or a board over `max_rows` phone rows.
fn faults(what: &str, r: &ChatReport, max_rows: u32) -> Vec<String> {
    let (_, max) = r.phone_rows();
    let mut bad = Vec::new();
    if r.board_rows.is_empty() {
        bad.push(format!("{what}: no board was shown"));
    }
    if r.same_label > 0 {
        bad.push(format!(
            "{what}: {} messages with two choices of one label: {:?}",
            r.same_label, r.label_examples
        ));
    }
    if max > max_rows {
        bad.push(format!("{what}: a board of {max} phone rows (at most {max_rows})"));
    }
    bad
}

#[tokio::test]
async fn no_two_choices_share_a_label_and_two_player_boards_stay_within_30_phone_rows() {
    let mut bad = Vec::new();
    for game in GAMES.iter().copied() {
        let (fewest, _) = game.info().players;
        let r = measured(game, 3, fewest, None).await;
        bad.extend(faults(game.info().name, &r, MAX_ROWS));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[tokio::test]
async fn no_two_choices_share_a_label_in_multiplayer_spheres_and_boards_stay_within_30_phone_rows() {
    let game = GameId::parse("spheres").expect("Spheres is registered");
    let mut bad = Vec::new();
    for mode in game.info().modes {
        for players in [4, 6] {
            let r = measured(game, 1, players, Some(mode)).await;
            bad.extend(faults(&format!("Spheres {players} players {mode}"), &r, MAX_ROWS_MULTIPLAYER));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
