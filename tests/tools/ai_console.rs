//! Playing the computer in `cardtable console`: a scripted person plays a
//! whole match against `@cardtable`, whose moves print as posts.

use std::time::Duration;

use cardtable::ai::Budget;
use cardtable::console::Console;
use cardtable::store::Store;
use cardtable::table::TableConfig;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use table_support::computer::{stored, until_the_computer_is_to_act};
use table_support::Front;

use crate::table_support;

/// Lines the person types at most before the test gives up.
const LINES: usize = 4_000;

fn config() -> TableConfig {
    TableConfig {
        seed: Some(21),
        ai_budget: Some(Budget { iterations: 6, time: Duration::from_secs(60) }),
        ..TableConfig::default()
    }
}

fn console(store: Store) -> Console {
    Console::with_config(store, config())
}

/// The choices in the last message only `user` sees in `text`: its menu
/// options if it has a menu, else its buttons, as the words to type.
fn choices(text: &str, user: &str) -> Vec<String> {
    let header = format!("[only @{user}]");
    let Some(start) = text.rfind(&header) else { return vec![] };
    let block = &text[start..];
    let options: Vec<String> = block
        .lines()
        .filter(|l| l.starts_with("    ["))
        .filter_map(|l| l.trim().strip_prefix('[')?.split(']').next().map(|n| format!("select {n}")))
        .collect();
    if !options.is_empty() {
        return options;
    }
    let Some(buttons) = block.lines().rev().find(|l| l.starts_with("  [1] ")) else { return vec![] };
    buttons
        .split("  [")
        .filter_map(|b| {
            let (n, label) = b.trim().trim_start_matches('[').split_once("] ")?;
            (!["Concede", "My hand"].contains(&label.trim())).then(|| format!("click {n}"))
        })
        .collect()
}

#[tokio::test]
async fn a_scripted_console_match_against_the_computer_plays_to_the_end() {
    let store = Store::open_memory().await.unwrap();
    let mut c = console(store.clone());
    let opening = c.line("@alice /challenge opponent:@cardtable game:spheres level:hard").await;
    assert!(opening.contains("cardtable accepted Alice's challenge"), "{opening}");
    assert!(!opening.contains("Accept"), "no Accept step against the computer: {opening}");
    assert!(
        !opening.contains("@cardtable") && !opening.contains("@ai:"),
        "the computer is never pinged: {opening}"
    );

    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut transcript = opening;
    for _ in 0..LINES {
        if transcript.contains("The game is over") {
            break;
        }
        let hand = c.line("@alice /hand").await;
        let options = choices(&hand, "alice");
        assert!(!options.is_empty(), "Alice has nothing to click while the game goes on:\n{hand}");
        let pick = &options[rng.gen_range(0..options.len())];
        let out = c.line(&format!("@alice {pick}")).await;
        assert!(!out.starts_with("error:"), "{pick}: {out}");
        transcript.push_str(&out);
    }
    assert!(transcript.contains("The game is over"), "the match did not end in {LINES} lines");
    // The computer's moves printed as posts in the thread, by name.
    assert!(transcript.contains("[#alice-vs-cardtable-spheres-1]"));
    assert!(transcript.contains("• cardtable "), "its moves show among the events");
    assert!(!transcript.contains("@ai:"), "the computer is never pinged");

    let report = c.table().replay(1).await.unwrap();
    assert!(report.snapshot_matches, "{report}");
}

#[tokio::test]
async fn level_alone_challenges_the_computer_for_two_players_only() {
    let mut c = console(Store::open_memory().await.unwrap());
    let out = c.line("@bob /challenge game:spheres level:easy").await;
    assert!(out.contains("cardtable accepted Bob's challenge"), "{out}");
    let (_, seats) = c.table().store().load_match_with_seats(1).await.unwrap();
    assert_eq!(seats[1].user_id, "ai:easy", "the computer's seat names its level");

    let three = c.line("@carol /challenge opponent:@cardtable opponent2:@dave game:spheres").await;
    assert!(three.contains("two-player matches only"), "{three}");
}

#[tokio::test]
async fn a_console_started_after_a_restart_resumes_the_computers_turn_on_tick() {
    let store = Store::open_memory().await.unwrap();
    // The match reaches the computer's decision, and the process stops
    // before it moves.
    let mut before = Front::with_config(store.clone(), config());
    let challenge = c_line_command("opponent:@cardtable game:spheres level:hard");
    let out = before.slash("Alice", challenge).await.unwrap();
    let match_id = out
        .iter()
        .find_map(|o| match o {
            cardtable::table::Outgoing::CreateThread { match_id, .. } => Some(*match_id),
            _ => None,
        })
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    until_the_computer_is_to_act(&mut before, match_id, &mut rng).await;
    let version = stored(&before, match_id, "Alice").await.1;
    drop(before);

    let mut c = console(store);
    let ticked = c.line("tick").await;
    // Alice is told: pinged on the board, or, when her turn begins, her
    // hand by direct message (`turn_dm`, on by default).
    let told = ticked.contains("@alice Alice to act.")
        || (ticked.contains("Alice to act.") && ticked.contains("[dm @alice] Your turn"));
    assert!(told || ticked.contains("The game is over"), "{ticked}");
    let (_, seats) = c.table().store().load_match_with_seats(match_id).await.unwrap();
    let row = c.table().store().load_match(match_id).await.unwrap();
    assert!(row.version > version, "the computer moved on");
    assert_eq!(seats[1].user_id, "ai:hard");
}

/// A `/challenge` line's command, as the console reads it.
fn c_line_command(options: &str) -> cardtable::table::Command {
    let line = format!("@alice /challenge {options}");
    match cardtable::console::parse_line(&line, &|id: &str| cardtable::table::UserRef::new(id, id)).unwrap() {
        cardtable::console::Line::Slash { command, .. } => command,
        other => panic!("not a slash command: {other:?}"),
    }
}
