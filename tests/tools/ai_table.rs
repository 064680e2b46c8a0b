//! Playing the computer through the table layer: `/challenge` against the
//! bot itself starts a match at once, the computer moves on its own through
//! the same version-checked commits and log as a person, is never pinged
//! nor given a deadline, and a restart in the middle of its turn resumes it.
//! The searches use a tiny budget so each decision takes milliseconds.

use crate::table_support;

use std::time::Duration;

use cardtable::ai::Budget;
use cardtable::engine::Seat;
use cardtable::games::GAMES;
use cardtable::store::{MatchStatus, Store};
use cardtable::table::{
    boards_in, computer_level, Command, CustomId, LogEntry, Outgoing, Seating, TableConfig, TableError,
    UserRef,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::computer::{person_moves, stored, until_the_computer_is_to_act, MOVES};
use table_support::Front;

/// A table whose computer searches a few simulations a move, with a fixed
/// seed, and at most `searches` searches at once.
fn quick(searches: usize) -> TableConfig {
    TableConfig {
        seed: Some(11),
        ai_searches: searches,
        // The time never runs out first, so a choice depends on the seed alone.
        ai_budget: Some(Budget { iterations: 6, time: Duration::from_secs(60) }),
        ..TableConfig::default()
    }
}

async fn front(searches: usize) -> Front {
    Front::with_config(Store::open_memory().await.unwrap(), quick(searches))
}

/// `/challenge opponent:@cardtable game:<game> level:<level>`.
fn against_computer(game: &str, level: Option<&str>) -> Command {
    Command::Challenge {
        opponent: UserRef::computer("cardtable"),
        game: game.into(),
        deck: None,
        deadline_hours: None,
        variant: None,
        seating: Box::new(Seating { level: level.map(String::from), ..Default::default() }),
    }
}

/// The match a batch opened.
fn opened(out: &[Outgoing]) -> i64 {
    out.iter()
        .find_map(|o| match o {
            Outgoing::CreateThread { match_id, .. } => Some(*match_id),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no match was opened: {out:?}"))
}

/// What a front end does after delivering `out`: the computer's moves in
/// the matches whose boards it showed, delivered too.
async fn computer_follows(f: &mut Front, out: &[Outgoing]) -> Vec<Outgoing> {
    let moves = f.table.play_ai_in(&boards_in(out)).await;
    f.deliver(&moves).await;
    moves
}

/// `who` challenges the computer at `game`; returns the match, the
/// computer not having moved yet.
async fn challenge(f: &mut Front, who: &str, game: &str) -> (i64, Vec<Outgoing>) {
    let out = f.slash(who, against_computer(game, Some("easy"))).await.unwrap();
    (opened(&out), out)
}

/// Every mention in `out`.
fn mentioned(out: &[Outgoing]) -> Vec<String> {
    out.iter()
        .flat_map(|o| match o {
            Outgoing::Post { mentions, .. } => mentions.iter().map(|u| u.0.clone()).collect(),
            Outgoing::DirectMessage { to, .. } => vec![to.0.clone()],
            _ => vec![],
        })
        .collect()
}

/// The log of a match as entries with their seats.
async fn log(f: &Front, match_id: i64) -> Vec<(Seat, LogEntry)> {
    f.table
        .store()
        .match_actions(match_id)
        .await
        .unwrap()
        .iter()
        .map(|r| (Seat(r.seat as u8), serde_json::from_str(&r.action).unwrap()))
        .collect()
}

#[tokio::test]
async fn the_computer_plays_every_game_to_the_end_through_the_table() {
    for game in GAMES.iter().map(|g| g.key()) {
        let mut f = front(2).await;
        let (match_id, out) = challenge(&mut f, "Alice", game).await;
        let mut effects = out.clone();
        effects.extend(computer_follows(&mut f, &out).await);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut clicks = 0;
        for _ in 0..MOVES {
            let Some(out) = person_moves(&mut f, match_id, "Alice", &mut rng).await else { break };
            clicks += 1;
            effects.extend(out.clone());
            effects.extend(computer_follows(&mut f, &out).await);
        }
        let (state, _, alice, status) = stored(&f, match_id, "Alice").await;
        assert_eq!(status, MatchStatus::Finished, "{game}: the match did not end in {MOVES} moves");
        assert!(state.outcome().is_some(), "{game}: finished without an outcome");

        // The computer moved as a player does, in the same log, and never
        // for Alice: each of her choices is one of her clicks.
        let entries = log(&f, match_id).await;
        let chose = |seat: Seat| {
            entries.iter().filter(|(s, e)| *s == seat && matches!(e, LogEntry::Player { .. })).count()
        };
        let computer = Seat(1 - alice.0);
        assert_eq!(chose(alice), clicks, "{game}: Alice's choices are her clicks");
        assert!(chose(computer) > 0, "{game}: the computer chose nothing");

        // Replaying setup + log gives the stored snapshot.
        let report = f.table.replay(match_id).await.unwrap();
        assert!(report.snapshot_matches, "{game}: {report}");

        // Nobody ever pinged the computer.
        assert!(
            mentioned(&effects).iter().all(|u| computer_level(u).is_none() && u != "cardtable"),
            "{game}: the computer was pinged: {:?}",
            mentioned(&effects)
        );
    }
}

#[tokio::test]
async fn a_restart_in_the_middle_of_the_computers_turn_resumes_it_with_the_same_move() {
    let mut chosen = Vec::new();
    for _ in 0..2 {
        let store = Store::open_memory().await.unwrap();
        let mut before = Front::with_config(store.clone(), quick(2));
        let (match_id, _) = challenge(&mut before, "Alice", "spheres").await;
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        until_the_computer_is_to_act(&mut before, match_id, &mut rng).await;
        let (_, version, _, _) = stored(&before, match_id, "Alice").await;
        drop(before);

        // A fresh table on the same database: its start-up pass moves.
        let mut after = Front::with_config(store, quick(2));
        let moves = after.table.resume_ai().await;
        after.deliver(&moves).await;
        let (state, moved_to, alice, _) = stored(&after, match_id, "Alice").await;
        assert!(moved_to > version, "the resumed computer did not move");
        assert!(
            state.outcome().is_some() || state.to_act().contains(&alice),
            "after its run it is Alice's move (or the game is over)"
        );
        let entries = log(&after, match_id).await;
        let first = entries[version as usize..]
            .iter()
            .find(|(s, e)| *s != alice && matches!(e, LogEntry::Player { .. }))
            .expect("the computer's move is logged as a player's")
            .clone();
        chosen.push(first);
        assert!(after.table.replay(match_id).await.unwrap().snapshot_matches);
    }
    assert_eq!(chosen[0], chosen[1], "a resumed search chooses the same move from the same stored match");
}

#[tokio::test]
async fn more_computer_matches_than_search_slots_all_complete() {
    let mut f = front(1).await;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut waiting = Vec::new();
    for who in ["Alice", "Bob", "Carol", "Dave"] {
        let (match_id, _) = challenge(&mut f, who, "spheres").await;
        for _ in 0..MOVES {
            let (state, _, seat, _) = stored(&f, match_id, who).await;
            if state.to_act().contains(&Seat(1 - seat.0)) {
                break;
            }
            person_moves(&mut f, match_id, who, &mut rng).await.expect("their move");
        }
        waiting.push((who, match_id, stored(&f, match_id, who).await.1));
    }
    let moves = f.table.resume_ai().await;
    f.deliver(&moves).await;
    for (who, match_id, version) in waiting {
        let (state, now, seat, _) = stored(&f, match_id, who).await;
        assert!(now > version, "{who}'s match: the computer did not move");
        assert!(state.outcome().is_some() || !state.to_act().contains(&Seat(1 - seat.0)));
    }
    assert_eq!(f.table.ai_search_peak(), 1, "one search slot: the searches queued");
}

#[tokio::test]
async fn the_computer_never_acts_for_a_person() {
    let mut f = front(2).await;
    let (match_id, out) = challenge(&mut f, "Alice", "spheres").await;
    computer_follows(&mut f, &out).await;
    let (state, version, alice, _) = stored(&f, match_id, "Alice").await;
    assert_eq!(state.to_act(), vec![alice], "after the computer's run it is Alice's move");
    assert!(f.table.play_ai(match_id).await.unwrap().is_empty());
    assert!(f.table.resume_ai().await.is_empty());
    assert_eq!(stored(&f, match_id, "Alice").await.1, version, "nothing was applied for Alice");
}

#[tokio::test]
async fn the_board_says_the_computer_is_thinking_and_nobody_is_pinged_for_it() {
    let mut f = front(2).await;
    let (match_id, out) = challenge(&mut f, "Alice", "spheres").await;
    computer_follows(&mut f, &out).await;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    until_the_computer_is_to_act(&mut f, match_id, &mut rng).await;
    let board = f.all.iter().rev().find_map(|o| match o {
        Outgoing::Post { message, mentions, key: Some(_), .. } => Some((message.clone(), mentions.clone())),
        _ => None,
    });
    let (message, mentions) = board.expect("a board was posted");
    assert!(message.content.contains("🤖 cardtable is thinking (easy)…"), "{}", message.content);
    let description = &message.embed.as_ref().unwrap().description;
    assert!(description.contains("is thinking (easy)"), "{description}");
    assert!(mentions.is_empty(), "nobody is pinged for the computer's move: {mentions:?}");
    let labels: Vec<&str> = message
        .components
        .iter()
        .filter_map(|c| match c {
            cardtable::table::Component::Button { label, .. } => Some(label.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        labels.iter().all(|l| ["My hand", "Concede"].contains(l)),
        "no buttons for its choices: {labels:?}"
    );
    let row = f.table.store().load_match(match_id).await.unwrap();
    assert_eq!(row.deadline_at, None, "the computer's decision has no deadline");

    // Once it has moved, Alice is told and her deadline runs: her turn
    // begins, so her hand comes by direct message (`turn_dm`, on by
    // default) instead of a ping on the board.
    let moves = f.table.play_ai(match_id).await.unwrap();
    let Some((mentions, message)) = moves.iter().find_map(|o| match o {
        Outgoing::Post { mentions, message, .. } => Some((mentions, message)),
        _ => None,
    }) else {
        panic!("no board: {moves:?}")
    };
    assert!(mentions.is_empty(), "{mentions:?}");
    assert!(
        moves.iter().any(|o| matches!(o, Outgoing::DirectMessage { to, message, .. }
        if to.0 == "alice" && !message.components.is_empty())),
        "{moves:?}"
    );
    assert!(!message.content.contains("thinking"), "{}", message.content);
    assert!(f.table.store().load_match(match_id).await.unwrap().deadline_at.is_some());
}

#[tokio::test]
async fn a_person_who_concedes_while_the_computer_thinks_ends_the_match_once() {
    let mut f = front(2).await;
    let (match_id, _) = challenge(&mut f, "Alice", "spheres").await;
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    until_the_computer_is_to_act(&mut f, match_id, &mut rng).await;
    let confirm = CustomId::ConcedeConfirm { match_id }.encode();
    f.click("Alice", &confirm).await.unwrap();
    let version = stored(&f, match_id, "Alice").await.1;
    assert!(f.table.play_ai(match_id).await.unwrap().is_empty(), "the computer does not move after the end");
    let (_, now, _, status) = stored(&f, match_id, "Alice").await;
    assert_eq!((status, now), (MatchStatus::Finished, version));
}

#[tokio::test]
async fn a_rematch_against_the_computer_starts_at_once() {
    let mut f = front(2).await;
    let (match_id, _) = challenge(&mut f, "Alice", "spheres").await;
    f.click("Alice", &CustomId::ConcedeConfirm { match_id }.encode()).await.unwrap();
    let out = f.click("Alice", &CustomId::Rematch { match_id }.encode()).await.unwrap();
    let rematch = opened(&out);
    assert_ne!(rematch, match_id);
    assert!(mentioned(&out).iter().all(|u| computer_level(u).is_none()), "{:?}", mentioned(&out));
    let (_, seats) = f.table.store().load_match_with_seats(rematch).await.unwrap();
    let levels: Vec<_> = seats.iter().filter_map(|s| computer_level(&s.user_id)).collect();
    assert_eq!(levels, [cardtable::ai::Level::Easy], "the same computer, at the same level");
}

#[tokio::test]
async fn two_tables_racing_for_the_computers_move_apply_it_once() {
    let store = Store::open_memory().await.unwrap();
    let mut f = Front::with_config(store.clone(), quick(2));
    let (match_id, _) = challenge(&mut f, "Alice", "spheres").await;
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    until_the_computer_is_to_act(&mut f, match_id, &mut rng).await;
    // Two processes on one database: both search, one commit wins, the
    // other finds the version moved on and decides again from there.
    let other = Front::with_config(store, quick(2));
    let (a, b) = tokio::join!(f.table.play_ai(match_id), other.table.play_ai(match_id));
    a.unwrap();
    b.unwrap();
    let (state, _, alice, _) = stored(&f, match_id, "Alice").await;
    assert!(state.outcome().is_some() || state.to_act().contains(&alice));
    let report = f.table.replay(match_id).await.unwrap();
    assert!(report.snapshot_matches, "{report}");
}

#[tokio::test]
async fn level_is_for_the_computer_and_other_bots_still_cannot_play() {
    let mut f = front(2).await;
    let with_bob = Command::Challenge {
        opponent: table_support::user("Bob"),
        game: "spheres".into(),
        deck: None,
        deadline_hours: None,
        variant: None,
        seating: Box::new(Seating { level: Some("hard".into()), ..Default::default() }),
    };
    let why = refusal(f.slash("Alice", with_bob).await);
    assert!(why.contains("level:hard") && why.contains("@cardtable"), "{why}");

    let bad_level = refusal(f.slash("Alice", against_computer("spheres", Some("expert"))).await);
    assert!(bad_level.contains("easy, normal and hard"), "{bad_level}");

    let mut robot = table_support::user("Robo");
    robot.bot = true;
    let with_robot = Command::Challenge {
        opponent: robot,
        game: "spheres".into(),
        deck: None,
        deadline_hours: None,
        variant: None,
        seating: Box::default(),
    };
    assert!(refusal(f.slash("Alice", with_robot).await).contains("is a bot and cannot play"));

    // Without level the computer plays at normal.
    let out = f.slash("Alice", against_computer("spheres", None)).await.unwrap();
    let match_id = opened(&out);
    let (_, seats) = f.table.store().load_match_with_seats(match_id).await.unwrap();
    let levels: Vec<_> = seats.iter().filter_map(|s| computer_level(&s.user_id)).collect();
    assert_eq!(levels, [cardtable::ai::Level::Normal]);
}

fn refusal(r: Result<Vec<Outgoing>, TableError>) -> String {
    match r {
        Err(TableError::User(e)) => e.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn a_deadline_notice_and_a_concession_against_the_computer_ping_only_the_person() {
    let mut f = front(2).await;
    let (match_id, out) = challenge(&mut f, "Alice", "spheres").await;
    computer_follows(&mut f, &out).await;
    let row = f.table.store().load_match(match_id).await.unwrap();
    let deadline = row.deadline_at.expect("Alice's decision has a deadline");
    let notice = f.table.tick(deadline + 1).await.unwrap();
    assert!(
        notice.iter().any(
            |o| matches!(o, Outgoing::Post { message, .. } if message.content.contains("may claim the win"))
        ),
        "the deadline notice: {notice:?}"
    );
    assert_eq!(mentioned(&notice), ["alice"], "the notice pings Alice, never the computer");
    let out = f.click("Alice", &CustomId::ConcedeConfirm { match_id }.encode()).await.unwrap();
    assert!(mentioned(&out).is_empty(), "conceding pings the others: here nobody: {:?}", mentioned(&out));
}

/// Issue 35, finding 6: the computer does not move in a server that
/// removed the bot; added back, it moves again.
#[tokio::test]
async fn the_computer_does_not_move_in_a_server_that_removed_the_bot() {
    let mut f = front(2).await;
    f.place.guild = Some("server-1".into());
    let (match_id, _) = challenge(&mut f, "Alice", "spheres").await;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    until_the_computer_is_to_act(&mut f, match_id, &mut rng).await;
    let (_, version, _, _) = stored(&f, match_id, "Alice").await;

    f.table.server_left("server-1").await.unwrap();
    assert!(f.table.resume_ai().await.is_empty(), "the computer moved in a paused match");
    assert_eq!(stored(&f, match_id, "Alice").await.1, version);

    f.table.server_present("server-1").await.unwrap();
    let moves = f.table.resume_ai().await;
    f.deliver(&moves).await;
    assert!(stored(&f, match_id, "Alice").await.1 > version, "resumed, the computer moves");
}
