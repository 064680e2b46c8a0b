//! Players' progress in the console (issue 33): two friends play three
//! matches; `/stats`, `/leaderboard` and `/history` show them; the file
//! `/history` offers replays; bad input gets a clear answer and nothing else.

use cardtable::console::Console;
use cardtable::store::Store;
use cardtable::table::log::MatchRecord;
use cardtable::table::{Command, Outgoing, Place, Request, RequestKind, TableConfig, UserRef};

/// One whole High Card match (the test game): Alice challenges, Bob
/// accepts, both play their first card three times.
async fn play_match(c: &mut Console, n: usize) -> String {
    let thread = format!("#alice-vs-bob-high-card-{n}");
    let mut out = String::new();
    for line in [
        "@alice /challenge opponent:@bob game:highcard deck:Court".to_owned(),
        "@bob click Accept".to_owned(),
        "@bob select Low Road".to_owned(),
    ] {
        out.push_str(&send(c, &line).await);
    }
    for _ in 0..3 {
        for who in ["alice", "bob"] {
            out.push_str(&send(c, &format!("@{who} {thread} /hand")).await);
            out.push_str(&send(c, &format!("@{who} click 1")).await);
        }
    }
    assert!(out.contains("The game is over"), "match {n} did not end:\n{out}");
    out
}

async fn send(c: &mut Console, line: &str) -> String {
    let out = c.line(line).await;
    assert!(!out.starts_with("error:"), "`{line}` was refused: {out}");
    out
}

async fn three_matches() -> Console {
    let store = Store::open_memory().await.unwrap();
    let mut c = Console::with_config(store, TableConfig { seed: Some(4), ..TableConfig::default() });
    for n in 1..=3 {
        play_match(&mut c, n).await;
    }
    c
}

#[tokio::test]
async fn three_matches_between_two_friends_show_in_stats_leaderboard_and_history() {
    let mut c = three_matches().await;
    let ratings = c.table().store().all_ratings().await.unwrap();
    assert_eq!(ratings.len(), 2, "{ratings:?}");
    assert!(ratings.iter().all(|r| r.matches == 3));
    let (alice, bob) = (&ratings[0], &ratings[1]);
    assert_eq!(alice.wins + alice.draws + alice.losses, 3);
    assert_eq!((alice.wins, alice.losses), (bob.losses, bob.wins));

    let stats = send(&mut c, "@alice /stats game:highcard").await;
    println!("{stats}");
    assert!(stats.contains("[only @alice]"), "{stats}");
    assert!(stats.contains("provisional: 3 of 5 matches"), "{stats}");
    assert!(
        stats.contains(&format!("{} won · {} lost · {} drawn", alice.wins, alice.losses, alice.draws)),
        "{stats}"
    );
    assert!(stats.contains("By deck: Court"), "{stats}");
    assert!(stats.contains("Against: Bob"), "{stats}");

    let of_bob = send(&mut c, "@alice /stats player:@bob").await;
    assert!(of_bob.contains("High Card"), "{of_bob}");

    let board = send(&mut c, "@bob /leaderboard game:highcard").await;
    println!("{board}");
    assert!(board.contains("1. ") && board.contains("2. "), "{board}");
    assert!(board.contains("← you"), "{board}");

    let history = send(&mut c, "@alice /history").await;
    println!("{history}");
    for n in 1..=3 {
        assert!(history.contains(&format!("#{n} High Card vs Bob")), "{history}");
    }
    assert!(history.contains("1500 → "), "the first match's rating change: {history}");
}

#[tokio::test]
async fn the_last_board_says_the_rating_changes_and_the_length() {
    let store = Store::open_memory().await.unwrap();
    let mut c = Console::with_config(store, TableConfig { seed: Some(4), ..TableConfig::default() });
    let out = play_match(&mut c, 1).await;
    let last_board = &out[out.find("The game is over: ").expect("the last board")..];
    // Wrapped at a phone's 40 columns, one player a line.
    assert!(last_board.contains("Rating: Alice 1500 → 1662 (+162)"), "{last_board}");
    assert!(last_board.contains("Bob 1500 → 1338 (-162)"), "{last_board}");
    assert!(last_board.contains("Length: under a day."), "{last_board}");
}

#[tokio::test]
async fn the_file_history_offers_replays_to_the_stored_end() {
    let mut c = three_matches().await;
    let out = send(&mut c, "@bob /history match:2").await;
    assert!(out.contains("match-2.json"), "{out}");
    let (name, json) = c.files().last().cloned().expect("a file attached");
    assert_eq!(name, "match-2.json");
    let record: MatchRecord = serde_json::from_str(&json).unwrap();
    assert_eq!((record.match_id, record.game.as_str()), (2, "highcard"));
    let report = c.table().replay_record(&record).unwrap();
    assert!(report.snapshot_matches, "{report}");
    assert!(report.outcome.is_some());
}

#[tokio::test]
async fn a_stats_private_player_is_hidden_from_others_and_the_leaderboard() {
    let mut c = three_matches().await;
    send(&mut c, "@bob /stats private:on").await;
    let refused = c.line("@alice /stats player:@bob").await;
    assert!(refused.contains("Bob keeps their stats private."), "{refused}");
    let refused = c.line("@alice /history player:@bob").await;
    assert!(refused.contains("Bob keeps their stats private."), "{refused}");
    let board = send(&mut c, "@alice /leaderboard game:highcard").await;
    assert!(!board.contains("Bob"), "{board}");
    // Bob still sees his own.
    let own = send(&mut c, "@bob /stats game:highcard").await;
    assert!(own.contains("Rating"), "{own}");
}

#[tokio::test]
async fn only_a_server_manager_switches_the_leaderboard_off() {
    let mut c = three_matches().await;
    let refused = c.line("@alice /leaderboard game:highcard show:off").await;
    assert!(refused.contains("Only a server manager (the Manage Server permission)"), "{refused}");
    send(&mut c, "manager @carol").await;
    let done = send(&mut c, "@carol /leaderboard game:highcard show:off").await;
    assert!(done.contains("The leaderboard is off"), "{done}");
    let off = c.line("@alice /leaderboard game:highcard").await;
    assert!(off.contains("switched its leaderboard off"), "{off}");
    // Ratings are still kept and shown to their owner.
    let own = send(&mut c, "@alice /stats game:highcard").await;
    assert!(own.contains("Rating"), "{own}");
}

fn slash(user: &str, guild: Option<&str>, command: Command) -> Request {
    Request {
        user: UserRef::new(user, user),
        place: Place { guild: guild.map(str::to_owned), channel: "general".into(), thread: None },
        kind: RequestKind::Slash(command),
    }
}

/// The text of the one private reply `req` gets.
async fn answer(c: &Console, req: Request) -> String {
    let out = c.table().respond(req).await;
    match out.as_slice() {
        [Outgoing::Ephemeral { message, .. }] => {
            message.embed.as_ref().map_or(message.content.clone(), |e| e.description.clone())
                + &message.content
        }
        other => panic!("expected one private reply, got {other:?}"),
    }
}

#[tokio::test]
async fn bad_input_gets_a_clear_answer_naming_what_was_wrong() {
    let mut c = three_matches().await;
    let unknown_game = c.line("@alice /stats game:chess").await;
    assert!(unknown_game.contains("chess") && unknown_game.contains("highcard"), "{unknown_game}");
    let unknown_game = c.line("@alice /leaderboard game:chess").await;
    assert!(unknown_game.contains("chess"), "{unknown_game}");
    let nobody = c.line("@alice /stats player:@zed").await;
    assert!(nobody.contains("Zed has not finished a match on this server yet."), "{nobody}");
    let none_here = c.line("@carol /history").await;
    assert!(none_here.contains("You have not finished a match on this server yet."), "{none_here}");
    let no_such_match = c.line("@alice /history match:99").await;
    assert!(no_such_match.contains("There is no finished match #99 on this server"), "{no_such_match}");
    let bad_number = c.line("@alice /history match:two").await;
    assert!(bad_number.contains("match is a match number"), "{bad_number}");
    let computer = c.line("@alice /stats player:@cardtable").await;
    assert!(computer.contains("The computer keeps no stats"), "{computer}");

    // Another server's player: Alice's matches were all in the console's
    // server, so a server that never saw her says so (and no more).
    let elsewhere = slash(
        "carol",
        Some("other-server"),
        Command::Stats { player: Some(UserRef::new("alice", "Alice")), game: None, private: None },
    );
    let text = answer(&c, elsewhere).await;
    assert!(
        text.contains("Alice has not finished a match on this server: stats are kept per server."),
        "{text}"
    );
    let board = slash(
        "carol",
        Some("other-server"),
        Command::Leaderboard { game: "highcard".into(), show: None, manager: false },
    );
    let text = answer(&c, board).await;
    assert!(text.contains("Nobody has a rated High Card match on this server yet"), "{text}");
    let record = slash(
        "carol",
        Some("other-server"),
        Command::History { player: None, game: None, match_id: Some(1) },
    );
    let text = answer(&c, record).await;
    assert!(text.contains("There is no finished match #1 on this server"), "{text}");
}

/// The JSON file of the last `/privacy` export.
fn last_export(c: &Console) -> serde_json::Value {
    let (name, json) = c.files().last().cloned().expect("a file attached");
    assert_eq!(name, "cardtable-my-data.json");
    serde_json::from_str(&json).unwrap()
}

/// Issue 35, finding 6: `/privacy erase:yes confirm:yes` erases a person.
/// It is refused while they play (naming the match and /concede), and
/// without the exact confirmation nothing happens. Then their decks and
/// settings are gone, their open challenge is withdrawn, and their
/// finished matches stay, under "Erased player": the opponent's /history,
/// /stats and ratings are whole, and every match still replays to its
/// stored end.
#[tokio::test]
async fn privacy_erase_anonymises_finished_matches_and_keeps_the_opponents_records() {
    let mut c = three_matches().await;
    let game = cardtable::games::GameId::parse("highcard").unwrap();
    let catalog = c.table().library().catalog(game);
    let court = catalog.starter_deck("Court").unwrap();
    let list: Vec<String> = court.cards.iter().map(|card| format!("1 {card}")).collect();
    send(&mut c, &format!("@alice /deck import name:Mine game:highcard list:\"{}\"", list.join(", "))).await;
    for line in [
        "@alice /challenge opponent:@dave game:highcard deck:Court",
        "@dave click Accept",
        "@dave select Low Road",
    ] {
        send(&mut c, line).await;
    }
    let bob_rating = |c: &Console| {
        let c = c.table().store().clone();
        async move {
            let all = c.all_ratings().await.unwrap();
            all.into_iter().filter(|r| r.user_id == "bob").map(|r| format!("{r:?}")).collect::<Vec<_>>()
        }
    };
    let bob_before = bob_rating(&c).await;
    let history_before = send(&mut c, "@bob /history").await;

    // Playing: refused, naming the match and how to leave it.
    let refused = send(&mut c, "@alice /privacy erase:yes confirm:yes").await;
    assert!(refused.contains("Nothing was erased: you are playing a match"), "{refused}");
    assert!(refused.contains("#4 High Card") && refused.contains("/concede"), "{refused}");
    send(&mut c, "@alice #alice-vs-dave-high-card-4 /concede").await;
    send(&mut c, "@alice click Yes, concede").await;
    send(&mut c, "@alice /challenge opponent:@carol game:highcard deck:Court").await;

    // Asked, not confirmed, confirmed wrongly, confirmed without erase:
    // nothing happens.
    let asked = send(&mut c, "@alice /privacy erase:yes").await;
    assert!(asked.contains("Nothing has been erased yet"), "{asked}");
    assert!(asked.contains("your 1 saved decks") && asked.contains("4 matches"), "{asked}");
    for line in [
        "@alice /privacy erase:yes confirm:sure",
        "@alice /privacy confirm:yes",
        "@alice /privacy erase:no confirm:yes",
    ] {
        let out = send(&mut c, line).await;
        assert!(out.contains("Nothing was erased"), "{line}: {out}");
    }
    send(&mut c, "@alice /privacy").await;
    assert_eq!(last_export(&c)["saved decks"][0]["name"], "Mine", "still kept");

    let erased = send(&mut c, "@alice /privacy erase:yes confirm:yes").await;
    assert!(erased.contains("Your data is erased"), "{erased}");
    assert!(erased.contains("is withdrawn: one of its players erased their data"), "{erased}");
    let refused = c.line("@carol click Accept").await;
    assert!(!refused.contains("Pick your deck"), "the withdrawn challenge is closed: {refused}");

    // Nothing of Alice's is left under her id: every part is empty, but
    // for the marks the abuse limits count (issue 54), which name her by a
    // keyed hash, not her id, and go within the hour.
    send(&mut c, "@alice /privacy").await;
    let export = last_export(&c);
    const MARKS: &str = "limit marks (kept an hour, through an erasure)";
    for (part, rows) in export.as_object().unwrap() {
        if part != "user" && part != MARKS {
            assert_eq!(rows, &serde_json::json!([]), "{part} still holds a record: {export}");
        }
    }
    for mark in export[MARKS].as_array().unwrap() {
        let kept = mark["deleted_at"].as_i64().unwrap() - mark["at"].as_i64().unwrap();
        assert!(kept <= 3600, "a mark is kept an hour at most: {mark}");
    }

    // Bob's records are whole, with "Erased player" in Alice's place.
    assert_eq!(bob_rating(&c).await, bob_before);
    let history = send(&mut c, "@bob /history").await;
    assert_eq!(history, history_before.replace("Alice", "Erased player"));
    for n in 1..=3 {
        assert!(history.contains(&format!("#{n} High Card vs Erased player")), "{history}");
    }
    let stats = send(&mut c, "@bob /stats game:highcard").await;
    assert!(stats.contains("Against: Erased player") && !stats.contains("Alice"), "{stats}");
    let board = send(&mut c, "@bob /leaderboard game:highcard").await;
    assert!(board.contains("Erased player") && !board.contains("Alice"), "{board}");

    // Each match is kept without her name or id, and replays to its end.
    for id in 1..=4 {
        let (row, seats) = c.table().store().load_match_with_seats(id).await.unwrap();
        let stored = format!("{} {} {:?}", row.setup, row.state, row.outcome);
        assert!(!stored.contains("Alice"), "match {id} keeps her name: {stored}");
        assert!(stored.contains("Erased player"), "match {id}: {stored}");
        assert!(seats.iter().all(|s| s.user_id != "alice"), "match {id}: {seats:?}");
        let report = c.table().replay(id).await.unwrap();
        assert!(report.snapshot_matches, "match {id}: {report}");
    }
    send(&mut c, "@bob /history match:1").await;
    let (_, json) = c.files().last().cloned().unwrap();
    assert!(!json.contains("Alice") && !json.contains("\"alice\""), "{json}");
    let record: MatchRecord = serde_json::from_str(&json).unwrap();
    assert!(c.table().replay_record(&record).unwrap().snapshot_matches);
}
