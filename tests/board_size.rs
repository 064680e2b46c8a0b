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

/// Phone rows a board may take at most, its buttons included: one screen.
const MAX_ROWS: u32 = 30;
/// Phone rows the median board may take.
const MEDIAN_ROWS: u32 = 20;

async fn measured(game: GameId, games: u32, players: usize, mode: Option<&str>) -> ChatReport {
    let library = Arc::new(Library::embedded().expect("the embedded cards load"));
    let opts = Options { players, mode: mode.map(str::to_owned), ..Options::new(game, games, 20261201) };
    let report = run(library, &opts).await;
    println!("{} {players} {mode:?}: {}", game.info().name, report.boards_line());
    report
}

/// What is wrong with `r` as a phone reader meets it, if anything.
fn faults(what: &str, r: &ChatReport) -> Vec<String> {
    let (p50, max) = r.phone_rows();
    let mut bad = Vec::new();
    if r.board_rows.is_empty() {
        bad.push(format!("{what}: no board was shown"));
    }
    if r.same_label > 0 {
        bad.push(format!("{what}: {} messages with two choices of one label: {:?}", r.same_label, r.label_examples));
    }
    if r.cut_labels > 0 {
        bad.push(format!("{what}: {} labels cut: {:?}", r.cut_labels, r.label_examples));
    }
    if max > MAX_ROWS {
        bad.push(format!("{what}: a board of {max} phone rows (at most {MAX_ROWS})"));
    }
    if p50 > MEDIAN_ROWS {
        bad.push(format!("{what}: the median board takes {p50} phone rows (at most {MEDIAN_ROWS})"));
    }
    bad
}

#[tokio::test]
async fn every_two_player_board_fits_a_phone_screen_and_no_two_choices_share_a_label() {
    let mut bad = Vec::new();
    for game in GAMES.iter().copied() {
        let (fewest, _) = game.info().players;
        let r = measured(game, 3, fewest, None).await;
        bad.extend(faults(game.info().name, &r));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[tokio::test]
async fn every_multiplayer_spheres_board_fits_a_phone_screen_and_no_two_choices_share_a_label() {
    let game = GameId::parse("spheres").expect("Spheres is registered");
    let mut bad = Vec::new();
    for mode in game.info().modes {
        for players in [4, 6] {
            let r = measured(game, 1, players, Some(mode)).await;
            bad.extend(faults(&format!("Spheres {players} players {mode}"), &r));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
