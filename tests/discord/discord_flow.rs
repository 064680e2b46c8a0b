//! The Discord adapter end to end against the fake Discord of
//! `discord_support`: what each command and click sends, and how.

use std::sync::{Arc, Mutex};

use serde_json::{json, Value};

use cardtable::discord::{answer_slash, deliver, deliver_due, on_component, read_deck_file};
use cardtable::table::{Command, CustomId, DeckCommand, UserRef};

use crate::discord_support;
use discord_support::*;

#[tokio::test]
async fn a_challenge_is_posted_publicly_and_the_thinking_reply_removed() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
        .await
        .unwrap();
    let calls = discord.take();
    // Acknowledged first, ephemerally.
    assert_eq!(calls[0].path, "/api/v10/interactions/123/token-1111/callback");
    assert_eq!(calls[0].body["type"], DEFERRED_CHANNEL_MESSAGE);
    assert_eq!(calls[0].body["data"]["flags"].as_u64().unwrap() & EPHEMERAL, EPHEMERAL);
    // The challenge: in the channel, pinging Bob only, with Accept and Decline.
    let post = calls.iter().find(|c| c.path == format!("/api/v10/channels/{CHANNEL}/messages")).unwrap();
    assert!(post.body["content"].as_str().unwrap().starts_with(&format!("<@{BOB}>")), "{}", post.body);
    assert_eq!(post.body["allowed_mentions"]["users"], json!([BOB.to_string()]));
    let ids = custom_ids(&post.body);
    assert!(
        ids.iter().any(|i| i.starts_with("accept:")) && ids.iter().any(|i| i.starts_with("decline:")),
        "{ids:?}"
    );
    // "thinking…" does not linger: replaced by a private note or removed.
    let last = calls.last().unwrap();
    assert!(last.path.ends_with("/messages/@original"), "{last:?}");
}

#[tokio::test]
async fn accepting_opens_the_thread_and_posts_the_first_board_mentioning_who_acts() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    answer_slash(http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
        .await
        .unwrap();
    let calls = discord.take();
    let post = calls.iter().find(|c| c.path == format!("/api/v10/channels/{CHANNEL}/messages")).unwrap();
    let accept = custom_ids(&post.body).into_iter().find(|id| id.starts_with("accept:")).unwrap();

    // Bob's click is acknowledged silently, and the deck menu comes privately.
    on_component(http, &table, &click(B, CHANNEL, &accept)).await;
    let calls = discord.take();
    assert_eq!(calls[0].body["type"], DEFERRED_UPDATE_MESSAGE);
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1, "{calls:?}");
    assert_eq!(replies[0].body["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL);
    let deck_id = custom_ids(&replies[0].body).into_iter().find(|id| id.starts_with("deck:")).unwrap();

    on_component(http, &table, &select(B, CHANNEL, &deck_id, &starter_deck())).await;
    let calls = discord.take();
    let thread_call = calls.iter().find(|c| c.path.ends_with("/threads")).unwrap();
    assert_eq!(thread_call.path, format!("/api/v10/channels/{CHANNEL}/threads"));
    assert_eq!(thread_call.body["name"], "Alice vs Bob · Spheres #1");
    assert_eq!(thread_call.body["type"], 11, "a public thread");
    let board = calls
        .iter()
        .find(|c| {
            c.method == "POST" && c.path.contains("/messages") && !c.path.contains(&CHANNEL.to_string())
        })
        .unwrap();
    let content = board.body["content"].as_str().unwrap();
    assert!(content.starts_with("<@"), "the board mentions who acts: {content}");
    assert!(!board.body["allowed_mentions"]["users"].as_array().unwrap().is_empty());
    assert!(custom_ids(&board.body).iter().any(|i| i.starts_with("hand:")), "My hand is on the board");
    // The answered challenge lost its buttons.
    let stripped = calls.iter().find(|c| {
        c.method == "PATCH" && c.path.starts_with(&format!("/api/v10/channels/{CHANNEL}/messages/"))
    });
    assert!(stripped.is_some_and(|c| c.body["components"] == json!([])), "{calls:#?}");
}

#[tokio::test]
async fn my_hand_answers_privately_and_a_new_board_strips_the_old_one() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, match_id) = open_match(&discord, &table).await;

    on_component(http, &table, &click(A, thread, &CustomId::Hand { match_id }.encode())).await;
    let calls = discord.take();
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].body["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL);
    assert!(calls.iter().all(|c| !c.path.contains("/channels/")), "nothing public: {calls:?}");

    // /board posts the board anew at the bottom and strips the previous one.
    answer_slash(http, &table, &slash(A, thread, "board"), async { Ok(Command::Board) }).await.unwrap();
    let calls = discord.take();
    let posted = calls
        .iter()
        .filter(|c| c.method == "POST" && c.path == format!("/api/v10/channels/{thread}/messages"))
        .count();
    assert_eq!(posted, 1, "{calls:#?}");
    let stripped = calls.iter().find(|c| {
        c.method == "PATCH" && c.path.starts_with(&format!("/api/v10/channels/{thread}/messages/"))
    });
    assert!(stripped.is_some_and(|c| c.body["components"] == json!([])), "{calls:#?}");
}

#[tokio::test]
async fn strangers_stale_and_foreign_clicks_get_a_private_explanation() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, match_id) = open_match(&discord, &table).await;
    let row = table.store().load_match(match_id).await.unwrap();

    for (who, custom_id) in [
        (C, CustomId::Act { match_id, version: row.version, index: 0 }.encode()),
        (A, CustomId::Act { match_id, version: row.version + 5, index: 0 }.encode()),
        (B, "made-by-another-bot".to_owned()),
        (A, CustomId::Accept { challenge: 999 }.encode()),
    ] {
        on_component(http, &table, &click(who, thread, &custom_id)).await;
        let calls = discord.take();
        assert_eq!(calls[0].body["type"], DEFERRED_UPDATE_MESSAGE, "acknowledged: {custom_id}");
        let replies = private_replies(&calls);
        assert_eq!(replies.len(), 1, "{custom_id}: {calls:#?}");
        assert_eq!(replies[0].body["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL);
        assert!(!text_of(&replies[0].body).is_empty(), "{custom_id}: an explanation");
        assert!(
            !text_of(&replies[0].body).contains("error id"),
            "{custom_id}: a plain refusal, not an apology"
        );
        let public = calls.iter().filter(|c| c.path.contains("/channels/") && c.method == "POST").count();
        assert_eq!(public, 0, "{custom_id} posted publicly: {calls:#?}");
    }
}

#[tokio::test]
async fn a_refused_command_replaces_thinking_with_the_reason() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let me = UserRef::new(ALICE.to_string(), "Alice");
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(me)) })
        .await
        .unwrap();
    let calls = discord.take();
    let edit = calls.iter().find(|c| c.method == "PATCH" && c.path.ends_with("/messages/@original")).unwrap();
    assert!(text_of(&edit.body).contains("yourself"), "{}", edit.body);
    assert!(calls.iter().all(|c| !c.path.contains("/channels/")));
}

#[tokio::test]
async fn a_post_to_an_archived_thread_unarchives_it_and_gets_through() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, _) = open_match(&discord, &table).await;
    discord.archive(thread);
    answer_slash(http, &table, &slash(B, thread, "board"), async { Ok(Command::Board) }).await.unwrap();
    let calls = discord.take();
    let unarchive =
        calls.iter().position(|c| c.method == "PATCH" && c.path == format!("/api/v10/channels/{thread}"));
    let unarchive = unarchive.expect("the thread was un-archived");
    assert_eq!(calls[unarchive].body["archived"], false);
    let posts: Vec<usize> = calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.method == "POST" && c.path == format!("/api/v10/channels/{thread}/messages"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(posts.len(), 2, "refused once, then posted: {calls:#?}");
    assert!(posts[0] < unarchive && unarchive < posts[1]);
}

#[tokio::test]
async fn a_missing_permission_is_explained_in_plain_words() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    discord.fail_posts_in(CHANNEL, "403 Forbidden", 50013);
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
        .await
        .unwrap();
    let calls = discord.take();
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1, "{calls:#?}");
    let text = text_of(&replies[0].body);
    assert!(text.contains("permission") && !text.contains("error id"), "{text}");
}

/// Everything logged (at every level) while the returned guard lives, on this thread.
fn capture_logs() -> (Arc<Mutex<Vec<u8>>>, tracing::subscriber::DefaultGuard) {
    #[derive(Clone)]
    struct Sink(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buffer = Arc::new(Mutex::new(Vec::new()));
    let sink = Sink(buffer.clone());
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || sink.clone())
        .finish();
    (buffer, tracing::subscriber::set_default(subscriber))
}

#[tokio::test]
async fn an_unexpected_failure_gets_an_apology_with_an_error_id_that_is_in_the_log() {
    let (logs, _guard) = capture_logs();
    let discord = FakeDiscord::start().await;
    let table = table().await;
    // A malformed request is a bug of ours, not the server's to fix.
    discord.fail_posts_in(CHANNEL, "400 Bad Request", 50035);
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
        .await
        .unwrap();
    let calls = discord.take();
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1, "{calls:#?}");
    let text = text_of(&replies[0].body);
    assert!(text.starts_with("Sorry"), "{text}");
    let id = text.split('`').nth(1).unwrap_or_else(|| panic!("an error id in backticks: {text}"));
    assert_eq!(id.len(), 8, "{text}");
    let logs = String::from_utf8(logs.lock().unwrap().clone()).unwrap();
    let line =
        logs.lines().find(|l| l.contains(id)).unwrap_or_else(|| panic!("error id {id} not logged:\n{logs}"));
    assert!(line.contains("ERROR") && line.contains("/challenge"), "logged with context: {line}");
}

#[tokio::test]
async fn the_bot_token_never_reaches_the_log() {
    let (logs, _guard) = capture_logs();
    let discord = FakeDiscord::start().await;
    let table = table().await;
    open_match(&discord, &table).await;
    let logs = String::from_utf8(logs.lock().unwrap().clone()).unwrap();
    assert!(!logs.is_empty(), "trace logging was captured");
    assert!(!logs.contains("fake-token-for-tests"), "the token was logged");
}

#[tokio::test]
async fn the_ticker_reminds_by_direct_message_then_pings_an_archived_thread() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, match_id) = open_match(&discord, &table).await;
    let start = table.now();
    // Reminders by direct message are for those who asked for them.
    let late = to_act(&table, match_id, [A, B]).await;
    let opt_in = reminders_by_direct_message();
    answer_slash(http, &table, &slash(late, CHANNEL, "settings"), async { Ok(opt_in) }).await.unwrap();
    discord.take();

    // 13 hours later: a reminder by direct message to whoever must act.
    deliver_due(http, &table, start + 13 * 3600).await;
    let calls = discord.take();
    assert!(calls.iter().any(|c| c.path == "/api/v10/users/@me/channels"), "{calls:#?}");
    let dm = calls.iter().find(|c| c.method == "POST" && c.path.ends_with("/messages")).unwrap();
    let text = dm.body["content"].as_str().unwrap();
    assert!(text.contains("Reminder"), "{text}");
    assert!(text.contains(&format!("https://discord.com/channels/{GUILD}/{thread}/")), "a jump link: {text}");
    // Nothing twice.
    deliver_due(http, &table, start + 13 * 3600 + 60).await;
    assert!(discord.take().is_empty());

    // Past the limit, in a thread that archived meanwhile: un-archived, then pinged.
    discord.archive(thread);
    deliver_due(http, &table, start + 73 * 3600).await;
    let calls = discord.take();
    assert!(calls.iter().any(|c| c.method == "PATCH" && c.path == format!("/api/v10/channels/{thread}")));
    let notice = calls
        .iter()
        .rev()
        .find(|c| c.method == "POST" && c.path == format!("/api/v10/channels/{thread}/messages"))
        .unwrap();
    assert!(notice.body["content"].as_str().unwrap().starts_with("<@"), "{}", notice.body);
    assert!(custom_ids(&notice.body).iter().any(|id| id.starts_with("claim:")));
}

#[tokio::test]
async fn the_board_is_edited_in_place_during_a_players_run_and_posted_when_the_turn_passes() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, match_id) = open_match(&discord, &table).await;
    let row = table.store().load_match(match_id).await.unwrap();
    let first = if row.to_act == "0" { A } else { B };
    let board_posts = |calls: &[Call]| {
        calls
            .iter()
            .filter(|c| c.method == "POST" && c.path == format!("/api/v10/channels/{thread}/messages"))
            .count()
    };

    let hand = open_hand(&discord, &table, first, thread, match_id).await;
    // A crystal keeps the turn with the same player: the board is edited.
    let crystal = button_starting(&hand, "Crystallize").expect("a crystal is offered");
    on_component(http, &table, &click(first, thread, &crystal)).await;
    let calls = discord.take();
    assert_eq!(board_posts(&calls), 0, "no new post within the run: {calls:#?}");
    let edit = calls
        .iter()
        .find(|c| c.method == "PATCH" && c.path.starts_with(&format!("/api/v10/channels/{thread}/messages/")))
        .expect("the board is edited in place");
    assert!(!custom_ids(&edit.body).is_empty(), "the edited board keeps live buttons");
    assert!(text_of(&edit.body).contains("crystal"), "it shows what just happened: {}", text_of(&edit.body));
    // End turn hands over: a new board, and the next player's hand by
    // direct message instead of a ping (`turn_dm`, on by default). (A
    // dual-sphere crystal goes straight to battle; with nothing to attack
    // with, the discard step is next, where *Keep hand* ends the turn.)
    let hand = private_replies(&calls)[0].body.clone();
    let end = button_starting(&hand, "End turn")
        .or_else(|| button_starting(&hand, "Keep hand"))
        .expect("End turn (or Keep hand at the discard step) is offered");
    on_component(http, &table, &click(first, thread, &end)).await;
    let calls = discord.take();
    assert_eq!(board_posts(&calls), 1, "{calls:#?}");
    let post =
        calls.iter().find(|c| c.method == "POST" && c.path.ends_with(&format!("{thread}/messages"))).unwrap();
    let other = if first == A { B } else { A };
    assert!(
        !text_of(&post.body).contains(&format!("<@{}>", other.0)),
        "no ping in the thread: {}",
        post.body
    );
    assert_eq!(post.body["allowed_mentions"]["users"], json!([]), "{}", post.body);
    assert!(calls
        .iter()
        .any(|c| c.path == "/api/v10/users/@me/channels"
            && c.body["recipient_id"] == json!(other.0.to_string())));
    let dm = calls
        .iter()
        .find(|c| {
            c.method == "POST" && c.path.ends_with("/messages") && !c.path.contains(&thread.to_string())
        })
        .expect("a direct message");
    assert!(text_of(&dm.body).contains("Your turn"), "{}", dm.body);
    assert!(
        text_of(&dm.body).contains(&format!("https://discord.com/channels/{GUILD}/{thread}")),
        "{}",
        dm.body
    );
    assert_eq!(dm.body["allowed_mentions"]["parse"], json!([]), "a DM pings nobody: {}", dm.body);
    // The DM is their hand: a click on it plays, and its answer takes the
    // DM's place.
    let dm_channel: u64 = dm.path.split('/').nth(4).unwrap().parse().unwrap();
    let play = custom_ids(&dm.body).into_iter().find(|id| id.starts_with("a:")).expect("a move in the DM");
    on_component(http, &table, &click_in_dm(other, dm_channel, &play)).await;
    let calls = discord.take();
    assert_eq!(calls[0].body["type"], DEFERRED_UPDATE_MESSAGE, "{calls:#?}");
    assert!(
        calls.iter().any(|c| c.method == "PATCH"
            && c.path.ends_with(&format!("/webhooks/{APP}/token-{}/messages/@original", other.0))),
        "the DM is replaced in place: {calls:#?}"
    );
}

#[tokio::test]
async fn a_click_on_a_private_hand_replaces_it_in_place() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, match_id) = open_match(&discord, &table).await;
    let first = to_act(&table, match_id, [A, B]).await;
    let hand = open_hand(&discord, &table, first, thread, match_id).await;
    let crystal = button_starting(&hand, "Crystallize").expect("a crystal is offered");
    // The click is on the hand itself: its answer takes the hand's place.
    on_component(http, &table, &click_private(first, thread, &crystal)).await;
    let calls = discord.take();
    assert_eq!(calls[0].body["type"], DEFERRED_UPDATE_MESSAGE);
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1, "{calls:#?}");
    assert_eq!(replies[0].method, "PATCH");
    assert!(replies[0].path.ends_with(&format!("/webhooks/{APP}/token-{}/messages/@original", first.0)));
    assert!(!custom_ids(&replies[0].body).is_empty(), "the new hand has live buttons");
}

#[tokio::test]
async fn a_refreshed_hand_edits_the_players_last_hand_reply_and_nothing_else() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    // Players of their own: the adapter's memory of live replies is the process's.
    let (cleo, dan) = ((7101, "Cleo"), (7102, "Dan"));
    let (thread, match_id) = open_match_between(&discord, &table, cleo, dan).await;
    let first = to_act(&table, match_id, [cleo, dan]).await;
    let other = if first == cleo { dan } else { cleo };
    // The hand opened from the board is a follow-up message of that click.
    on_component(http, &table, &click(first, thread, &CustomId::Hand { match_id }.encode())).await;
    let calls = discord.take();
    let shown = private_replies(&calls)[0];
    assert_eq!(shown.method, "POST", "{calls:#?}");
    let hand = |to: (u64, &str)| cardtable::table::Outgoing::RefreshHand {
        to: cardtable::table::UserId(to.0.to_string()),
        match_id,
        message: cardtable::table::Message::text("your hand, later"),
    };
    deliver(http, &table, None, vec![hand(first), hand(other)]).await.unwrap();
    let calls = discord.take();
    // Only the player whose reply this process showed is refreshed, in place.
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert_eq!(calls[0].method, "PATCH");
    // The follow-up message itself (by its id), not the click's own response.
    let reply = format!("/api/v10/webhooks/{APP}/token-{}/messages/", first.0);
    let id = calls[0].path.strip_prefix(&reply).unwrap_or_else(|| panic!("{}", calls[0].path));
    assert!(id.parse::<u64>().is_ok(), "{}", calls[0].path);
    assert_eq!(text_of(&calls[0].body), "your hand, later");
    let allowed = &calls[0].body["allowed_mentions"];
    assert_eq!(
        (&allowed["parse"], &allowed["users"]),
        (&json!([]), &json!([])),
        "no pings: {}",
        calls[0].body
    );
}

#[tokio::test]
async fn the_accepted_post_links_the_thread_and_the_first_hand_is_found_there() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let accept_id = challenge_from(&discord, &table, A, B, CHANNEL).await.unwrap();
    accept(&discord, &table, B, CHANNEL, &accept_id).await;
    let calls = discord.take();
    let thread = *discord.state.lock().unwrap().threads.keys().next().unwrap();
    let accepted = posts_in(&calls, CHANNEL);
    assert_eq!(accepted.len(), 1, "{calls:#?}");
    assert!(text_of(&accepted[0].body).contains(&format!("<#{thread}>")), "{}", accepted[0].body);
    // No hand in the parent channel: Bob is told where it is.
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1, "{calls:#?}");
    let text = text_of(&replies[0].body);
    assert!(text.contains(&format!("<#{thread}>")) && text.contains("My hand"), "{text}");
    assert!(custom_ids(&replies[0].body).is_empty(), "no hand buttons outside the thread");
}

#[tokio::test]
async fn reminders_ping_in_the_thread_by_default_with_a_link_to_the_board() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let (thread, match_id) = open_match(&discord, &table).await;
    let late = to_act(&table, match_id, [A, B]).await;
    deliver_due(&discord.http, &table, table.now() + 13 * 3600).await;
    let calls = discord.take();
    assert!(calls.iter().all(|c| !c.path.contains("/users/@me/channels")), "no DM unless asked: {calls:#?}");
    let ping = posts_in(&calls, thread);
    assert_eq!(ping.len(), 1, "{calls:#?}");
    assert_eq!(ping[0].body["allowed_mentions"]["users"], json!([late.0.to_string()]));
    let board = table.store().load_match(match_id).await.unwrap().board_message.unwrap();
    let link = format!("https://discord.com/channels/{GUILD}/{thread}/{board}");
    assert!(text_of(&ping[0].body).contains(&link), "{}", ping[0].body);
}

#[tokio::test]
async fn a_direct_message_reminder_that_cannot_be_delivered_becomes_a_ping_in_the_thread() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let (thread, match_id) = open_match(&discord, &table).await;
    let late = to_act(&table, match_id, [A, B]).await;
    let opt_in = reminders_by_direct_message();
    answer_slash(&discord.http, &table, &slash(late, CHANNEL, "settings"), async { Ok(opt_in) })
        .await
        .unwrap();
    discord.fail(Some("POST"), "/users/@me/channels", Failure::Code("403 Forbidden", 50007), None);
    discord.take();
    deliver_due(&discord.http, &table, table.now() + 13 * 3600).await;
    let calls = discord.take();
    assert!(calls.iter().any(|c| c.path == "/api/v10/users/@me/channels"), "a DM was tried: {calls:#?}");
    let ping = posts_in(&calls, thread);
    assert_eq!(ping.len(), 1, "{calls:#?}");
    assert_eq!(ping[0].body["allowed_mentions"]["users"], json!([late.0.to_string()]));
    assert!(text_of(&ping[0].body).contains("Your move is waiting"), "{}", ping[0].body);
}

#[tokio::test]
async fn a_challenge_typed_in_a_thread_is_answered_there_and_its_match_opens_in_the_parent() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let chat: u64 = 7777; // A thread of CHANNEL (see `channel_json`).
    let accept_id = challenge_from(&discord, &table, A, B, chat).await.expect("posted in the thread");
    accept(&discord, &table, B, chat, &accept_id).await;
    let calls = discord.take();
    assert!(calls.iter().any(|c| c.path == format!("/api/v10/channels/{CHANNEL}/threads")), "{calls:#?}");
    assert_eq!(posts_in(&calls, chat).len(), 1, "the accepted post stays in the thread: {calls:#?}");
    assert!(posts_in(&calls, CHANNEL).is_empty(), "nothing in the parent: {calls:#?}");
}

#[tokio::test]
async fn a_challenge_in_a_forum_post_opens_its_match_as_a_new_forum_post() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let calls = accept_in_forum(&discord, &table).await;
    let opened =
        calls.iter().find(|c| c.path == format!("/api/v10/channels/{FORUM}/threads")).expect("a forum post");
    assert!(opened.body["message"]["content"].as_str().is_some_and(|t| !t.is_empty()), "{}", opened.body);
    let thread = *discord.state.lock().unwrap().threads.keys().next().unwrap();
    assert!(
        posts_in(&calls, thread).iter().any(|c| !custom_ids(&c.body).is_empty()),
        "the board: {calls:#?}"
    );
}

#[tokio::test]
async fn a_challenge_in_a_voice_chat_a_stage_or_direct_messages_is_refused_before_anything_is_stored() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    for (kind, place) in [(2, "voice channel"), (13, "stage"), (1, "direct messages")] {
        let channel = json!({"id": "6000", "type": kind, "name": "x"});
        answer_slash(&discord.http, &table, &slash_in(A, 6000, channel, "challenge"), async {
            Ok(challenge(bob()))
        })
        .await
        .unwrap();
        let calls = discord.take();
        let text = private_text(&calls);
        assert!(text.contains(place) && text.contains("text channel"), "{kind}: {text}");
        assert!(calls.iter().all(|c| !c.path.contains("/channels/")), "{kind}: nothing posted: {calls:#?}");
    }
    let (alice, bob) = (ALICE.to_string(), BOB.to_string());
    let open = table.store().open_challenge_between(&alice, &bob, None, table.now()).await.unwrap();
    assert!(open.is_none(), "no challenge was stored");
}

#[test]
fn the_commands_install_to_servers_only_and_the_gateway_asks_for_guilds_only() {
    let commands: Value = serde_json::from_str(&cardtable::discord::commands_json()).unwrap();
    for command in commands.as_array().unwrap() {
        assert_eq!(command["integration_types"], json!([0]), "{}", command["name"]);
    }
    let config = cardtable::discord::Config::from_lookup(|name| {
        (name == "DISCORD_TOKEN").then(|| "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.fake-token-for-tests".to_owned())
    })
    .unwrap();
    assert_eq!(cardtable::discord::intents(&config), serenity::all::GatewayIntents::GUILDS);
}

#[tokio::test]
async fn a_challenge_where_the_bot_lacks_a_permission_names_it_before_anything_is_stored() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    // View Channel, Send Messages, Embed Links: no Create Public Threads, no Send Messages in Threads.
    let mut interaction = interaction_base(2, A, CHANNEL);
    interaction["app_permissions"] = json!(((1u64 << 10) | (1 << 11) | (1 << 14)).to_string());
    interaction["data"] = json!({"id": "9", "name": "challenge", "type": 1, "options": [], "resolved": {}});
    check_interaction(&interaction);
    let interaction = serde_json::from_value(interaction).unwrap();
    answer_slash(&discord.http, &table, &interaction, async { Ok(challenge(bob())) }).await.unwrap();
    let calls = discord.take();
    let text = private_text(&calls);
    assert!(text.contains("Send Messages in Threads, Attach Files and Create Public Threads"), "{text}");
    assert!(posts_in(&calls, CHANNEL).is_empty(), "nothing posted: {calls:#?}");
    let (alice, bob) = (ALICE.to_string(), BOB.to_string());
    let open = table.store().open_challenge_between(&alice, &bob, None, table.now()).await.unwrap();
    assert!(open.is_none(), "no challenge was stored");
}

/// Issue 54, finding 5: picture boards are posted as attached files, so
/// the `/challenge` pre-check names Attach Files when only it is missing.
#[tokio::test]
async fn a_challenge_where_the_bot_lacks_only_attach_files_names_it_before_anything_is_stored() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let all: u64 = ALL_PERMISSIONS.parse().unwrap();
    let mut interaction = interaction_base(2, A, CHANNEL);
    interaction["app_permissions"] = json!((all & !(1u64 << 15)).to_string());
    interaction["data"] = json!({"id": "9", "name": "challenge", "type": 1, "options": [], "resolved": {}});
    check_interaction(&interaction);
    let interaction = serde_json::from_value(interaction).unwrap();
    answer_slash(&discord.http, &table, &interaction, async { Ok(challenge(bob())) }).await.unwrap();
    let calls = discord.take();
    let text = private_text(&calls);
    assert!(text.contains("I am missing Attach Files in this channel"), "{text}");
    assert!(posts_in(&calls, CHANNEL).is_empty(), "nothing posted: {calls:#?}");
    let (alice, bob) = (ALICE.to_string(), BOB.to_string());
    assert!(table.store().open_challenge_between(&alice, &bob, None, table.now()).await.unwrap().is_none());
}

/// `/settings reminders:on`.
fn reminders_by_direct_message() -> Command {
    Command::Settings {
        hold_priority: None,
        reminders: Some(true),
        turn_dm: None,
        auto_pass: None,
        orders: None,
        stops: None,
        board: None,
        server_board: None,
        manager: false,
    }
}

/// `/deck import` with `file:` set: the bot downloads the attachment from
/// Discord's file server.
async fn import_file(
    discord: &FakeDiscord,
    table: &cardtable::table::Table,
    file: serenity::all::Attachment,
    name: &str,
) {
    let name = name.to_owned();
    answer_slash(&discord.http, table, &slash(A, CHANNEL, "deck"), async move {
        let list = read_deck_file(&file, HTTP_TIMEOUT).await?;
        Ok(Command::Deck(DeckCommand::Import { name, game: "spheres".into(), list }))
    })
    .await
    .unwrap();
}

/// Issue 31 (the deck-file download): a deck list attached as a file is
/// read and saved; a download that hangs is given up on after the timeout,
/// and the player is told that nothing was saved.
#[tokio::test]
async fn a_deck_file_is_downloaded_and_saved_and_a_hung_download_saves_nothing() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let library = cardtable::games::Library::embedded().unwrap();
    let starter = &library.catalog(cardtable::games::GameId::Spheres).starter_decks()[0];
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for card in &starter.cards {
        match counts.iter_mut().find(|(c, _)| c == card) {
            Some((_, n)) => *n += 1,
            None => counts.push((card, 1)),
        }
    }
    let list: String = counts.iter().map(|(card, n)| format!("{n} {card}\n")).collect();
    let alice = ALICE.to_string();

    import_file(&discord, &table, discord.attachment("my deck.txt", Some(&list)), "From a file").await;
    let told = private_text(&discord.take());
    let saved = table.store().deck(&alice, "spheres", "From a file").await.unwrap();
    assert!(saved.is_some(), "the deck was saved: {told}");

    let started = std::time::Instant::now();
    import_file(&discord, &table, discord.attachment("slow.txt", None), "Never").await;
    assert!(started.elapsed() < HTTP_TIMEOUT * 8, "given up on after the timeout: {:?}", started.elapsed());
    let told = private_text(&discord.take());
    assert!(told.contains("slow.txt") && told.contains("nothing was saved"), "{told}");
    assert!(table.store().deck(&alice, "spheres", "Never").await.unwrap().is_none(), "nothing was saved");
}

/// Issue 52, item 5: the table's clock and Discord's, moved together.
mod hours_apart {
    use std::sync::Arc;

    use serde_json::Value;

    use cardtable::discord::{answer_slash, deliver, deliver_due, on_component};
    use cardtable::engine::{Rules, Seat};
    use cardtable::games::certamen::testing::{to_field, to_hand};
    use cardtable::games::certamen::{Action, Certamen, TargetRef};
    use cardtable::games::{AnyAction, AnyState};
    use cardtable::store::{Commit, MatchStatus, Store};
    use cardtable::table::{
        Clock, Command, CustomId, LogEntry, ManualClock, Message, Outgoing, Table, TableConfig, UserId,
    };

    use crate::discord_support::*;

    /// 2024-01-01, where the table's clock starts.
    const T0: i64 = 1_704_067_200;

    /// Twenty minutes: longer than Discord lets the bot edit a reply.
    const AWAY: i64 = 20 * 60;

    /// A table on a clock the test moves, starting at [`T0`].
    async fn table_on_clock() -> (Table, Arc<ManualClock>) {
        let clock = Arc::new(ManualClock::new(T0));
        let store = Store::open_memory().await.unwrap();
        let config = TableConfig { seed: Some(7), ..TableConfig::default() };
        (Table::with_config(store, clock.clone(), config), clock)
    }

    /// Time passes, for the table and for Discord alike.
    fn wait(clock: &ManualClock, seconds: i64) {
        clock.advance(seconds);
        advance_discord_clock(seconds);
    }

    /// The webhook calls among `calls` made with `who`'s interaction token.
    fn with_token_of(calls: &[Call], who: (u64, &str)) -> Vec<Call> {
        let prefix = format!("/api/v10/webhooks/{APP}/token-{}", who.0);
        calls.iter().filter(|c| c.path.starts_with(&prefix)).cloned().collect()
    }

    /// The direct message sent to `who` among `calls` (a message posted
    /// right after their DM channel is opened, neither in `thread` nor in
    /// [`CHANNEL`]): its channel and body.
    fn direct_message_to(calls: &[Call], who: (u64, &str), thread: u64) -> Option<(u64, Value)> {
        let opened = calls.iter().position(|c| {
            c.ok && c.path == "/api/v10/users/@me/channels"
                && c.body["recipient_id"] == serde_json::json!(who.0.to_string())
        })?;
        calls[opened..].iter().filter(|c| c.ok && c.method == "POST").find_map(|c| {
            let channel: u64 =
                c.path.strip_prefix("/api/v10/channels/")?.strip_suffix("/messages")?.parse().ok()?;
            (channel != thread && channel != CHANNEL).then(|| (channel, c.body.clone()))
        })
    }

    /// `a` challenges `b` to Certamen in [`CHANNEL`]; `b` accepts with the
    /// first deck offered. Returns the thread and the match id.
    async fn open_certamen_match(
        discord: &FakeDiscord,
        table: &Table,
        a: (u64, &str),
        b: (u64, &str),
    ) -> (u64, i64) {
        let challenge = Command::Challenge {
            opponent: person(b),
            game: "certamen".into(),
            deck: None,
            deadline_hours: None,
            variant: None,
            seating: Default::default(),
        };
        answer_slash(&discord.http, table, &slash(a, CHANNEL, "challenge"), async move { Ok(challenge) })
            .await
            .unwrap();
        let calls = discord.take();
        let post =
            posts_in(&calls, CHANNEL).into_iter().next().expect("the challenge is posted").body.clone();
        let accept_id = custom_ids(&post).into_iter().find(|i| i.starts_with("accept:")).unwrap();
        on_component(&discord.http, table, &click(b, CHANNEL, &accept_id)).await;
        let calls = discord.take();
        let menu = private_replies(&calls).first().expect("the deck menu").body.clone();
        let rows = menu["components"].as_array().cloned().unwrap_or_default();
        let decks = rows
            .iter()
            .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
            .find(|c| c["custom_id"].as_str().is_some_and(|i| i.starts_with("deck:")))
            .expect("a deck menu");
        let deck = decks["options"][0]["value"].as_str().expect("a deck offered").to_owned();
        on_component(&discord.http, table, &select(b, CHANNEL, decks["custom_id"].as_str().unwrap(), &deck))
            .await;
        let calls = discord.take();
        assert!(calls.iter().any(|c| c.path.ends_with("/threads")), "a thread is opened: {calls:#?}");
        let thread = *discord.state.lock().unwrap().threads.iter().max_by_key(|(t, _)| **t).unwrap().0;
        let match_id = table.store().match_in_thread(&thread.to_string()).await.unwrap().unwrap().id;
        (thread, match_id)
    }

    const CHALLENGER: Seat = Seat(0);
    const OPPONENT: Seat = Seat(1);

    /// The Certamen match set (as `tests/table/quiet_windows.rs` sets it) to the
    /// challenger's main phase: an Ember Bolt and an Emberwake Pillar in
    /// hand and a Pillar on the field; the opponent holds an Ember Bolt
    /// (an answer) and two untapped Pillars. Returns the new version.
    async fn bolt_scene(table: &Table, id: i64) -> i64 {
        let row = table.store().load_match(id).await.unwrap();
        let AnyState::Certamen(mut s) = AnyState::from_json(&row.state, table.library()).unwrap() else {
            panic!("a Certamen match")
        };
        for seat in [OPPONENT, CHALLENGER] {
            if Certamen::legal_actions(&s, seat).contains(&Action::Keep) {
                Certamen::apply(&mut s, seat, &Action::Keep).unwrap();
            }
        }
        for seat in [CHALLENGER, OPPONENT] {
            let hand = std::mem::take(&mut s.players[seat].hand);
            s.players[seat].archive.extend(hand);
        }
        to_hand(&mut s, CHALLENGER, "Ember Bolt");
        to_hand(&mut s, CHALLENGER, "Emberwake Pillar");
        to_field(&mut s, CHALLENGER, "Emberwake Pillar");
        to_hand(&mut s, OPPONENT, "Ember Bolt");
        to_field(&mut s, OPPONENT, "Emberwake Pillar");
        to_field(&mut s, OPPONENT, "Emberwake Pillar");
        for _ in 0..20 {
            if s.step.is_main() && s.stack.is_empty() && Certamen::to_act(&s) == [CHALLENGER] {
                break;
            }
            let seat = Certamen::to_act(&s)[0];
            let decline = Certamen::decline(&s, seat).expect("a decline");
            Certamen::apply(&mut s, seat, &decline).unwrap();
        }
        assert!(s.step.is_main() && Certamen::to_act(&s) == [CHALLENGER], "the challenger's main phase");
        let state = AnyState::Certamen(s);
        let entry = LogEntry::Autopilot { action: AnyAction::Certamen(Action::Keep) };
        let actions = [(1, serde_json::to_string(&entry).unwrap())];
        let json = serde_json::to_string(&state).unwrap();
        let commit = Commit {
            expected_version: row.version,
            actions: &actions,
            state: &json,
            status: MatchStatus::Active,
            outcome: None,
            to_act: &[0],
            deadline_at: row.deadline_at,
            now: table.now(),
            orders: "",
            board_events: "",
            pass_at: None,
        };
        table.store().commit_actions(id, &commit).await.unwrap()
    }

    /// The Certamen state of match `id` and its version.
    async fn certamen_state(table: &Table, id: i64) -> (cardtable::games::certamen::state::State, i64) {
        let row = table.store().load_match(id).await.unwrap();
        let AnyState::Certamen(s) = AnyState::from_json(&row.state, table.library()).unwrap() else {
            panic!("a Certamen match")
        };
        (*s, row.version)
    }

    /// Issue 52: a decision that comes back to a player after the reply
    /// they last acted from has expired (Discord edits a reply for 15
    /// minutes only) reaches them all the same. Here it comes back within
    /// the turn, the board edited in place: Ines bolts Jon, who could
    /// answer and passes twenty minutes later; the Bolt resolves and Ines'
    /// main phase goes on. Her old reply cannot be edited any more: she is
    /// sent her hand by direct message, and one click on it plays.
    #[tokio::test]
    async fn a_player_whose_hand_reply_expired_is_told_by_direct_message_and_acts_with_one_click() {
        let discord = FakeDiscord::start().await;
        let (table, clock) = table_on_clock().await;
        let http = &discord.http;
        // Players of their own: the adapter's memory of live replies is the process's.
        let (ines, jon) = ((7301, "Ines"), (7302, "Jon"));
        let (thread, match_id) = open_certamen_match(&discord, &table, ines, jon).await;
        let version = bolt_scene(&table, match_id).await;

        // Ines opens her hand and bolts Jon from it: her reply is shown now.
        open_hand(&discord, &table, ines, thread, match_id).await;
        let (s, _) = certamen_state(&table, match_id).await;
        let index = Certamen::legal_actions(&s, CHALLENGER)
            .iter()
            .position(
                |a| matches!(a, Action::Cast { targets, .. } if targets == &vec![TargetRef::Player(OPPONENT)]),
            )
            .expect("Ines can bolt Jon");
        let bolt = CustomId::Act { match_id, version, index }.encode();
        let clicked = clock.now();
        on_component(http, &table, &click_private(ines, thread, &bolt)).await;
        let calls = discord.take();
        let shown = with_token_of(&calls, ines);
        assert!(shown.iter().any(|c| c.ok && c.method == "PATCH"), "her hand, in place: {calls:#?}");
        let row = table.store().load_match(match_id).await.unwrap();
        let pass_at = row.pass_at.expect("a quiet window opens for Jon");

        // The window's masking delay ends: Jon can answer, so it stays open.
        wait(&clock, pass_at - clock.now());
        deliver_due(http, &table, clock.now()).await;
        discord.take();
        assert_eq!(table.store().load_match(match_id).await.unwrap().to_act, "1", "Jon's window is open");

        // Twenty minutes after Ines' click, Jon passes.
        wait(&clock, clicked + AWAY - clock.now());
        let (s, version) = certamen_state(&table, match_id).await;
        let index = Certamen::legal_actions(&s, OPPONENT).iter().position(|a| *a == Action::Pass).unwrap();
        let pass = CustomId::Act { match_id, version, index }.encode();
        on_component(http, &table, &click_private(jon, thread, &pass)).await;
        let calls = discord.take();
        let (s, after_pass) = certamen_state(&table, match_id).await;
        assert!(after_pass > version, "Jon's pass is applied: {calls:#?}");
        assert!(s.stack.is_empty() && Certamen::to_act(&s) == [CHALLENGER], "back to Ines' main phase");
        // The board is edited in place: nothing new in the thread.
        assert!(posts_in(&calls, thread).is_empty(), "no new board: {calls:#?}");
        assert!(
            calls.iter().any(|c| c.ok
                && c.method == "PATCH"
                && c.path.starts_with(&format!("/api/v10/channels/{thread}/messages/"))),
            "the board is edited in place: {calls:#?}"
        );
        // Ines' old reply is not edited (Discord would refuse it now)…
        let stale = with_token_of(&calls, ines);
        assert!(stale.iter().all(|c| !c.ok), "no edit of her expired reply got through: {stale:#?}");
        // …she is sent her hand, with its buttons, by direct message.
        let (dm_channel, dm) = direct_message_to(&calls, ines, thread)
            .unwrap_or_else(|| panic!("Ines is told by direct message; the calls were: {calls:#?}"));
        assert!(text_of(&dm).contains("Your move"), "{dm}");
        let play = custom_ids(&dm).into_iter().find(|id| id.starts_with("a:")).expect("a move in the DM");

        // One click on it plays, and its answer takes the DM's place.
        on_component(http, &table, &click_in_dm(ines, dm_channel, &play)).await;
        let calls = discord.take();
        assert_eq!(calls[0].body["type"], DEFERRED_UPDATE_MESSAGE, "{calls:#?}");
        let (_, played) = certamen_state(&table, match_id).await;
        assert!(played > after_pass, "her move is applied: {calls:#?}");
        let fresh = with_token_of(&calls, ines);
        assert!(
            fresh.iter().any(|c| c.ok && c.method == "PATCH" && c.path.ends_with("/messages/@original")),
            "the DM is replaced by her hand: {calls:#?}"
        );
        assert!(fresh.iter().all(|c| c.ok), "{fresh:#?}");
    }

    /// The same at a turn's start (a turn change was announced before the
    /// issue too): Kim ends her turn; Lev plays his twenty minutes later
    /// and ends it; Kim's reply has expired, her turn is brought to her by
    /// direct message, and one click on it plays.
    #[tokio::test]
    async fn a_turn_that_comes_back_after_the_hand_reply_expired_is_brought_by_direct_message() {
        let discord = FakeDiscord::start().await;
        let (table, clock) = table_on_clock().await;
        let http = &discord.http;
        let (kim, lev) = ((7311, "Kim"), (7312, "Lev"));
        let (thread, match_id) = open_match_between(&discord, &table, kim, lev).await;
        let first = to_act(&table, match_id, [kim, lev]).await;
        let other = if first == kim { lev } else { kim };

        // The first player plays a crystal and ends the turn from their hand.
        let hand = open_hand(&discord, &table, first, thread, match_id).await;
        let crystal = button_starting(&hand, "Crystallize").expect("a crystal is offered");
        on_component(http, &table, &click_private(first, thread, &crystal)).await;
        let calls = discord.take();
        let hand = private_replies(&calls).last().expect("the hand after the crystal").body.clone();
        let end = button_starting(&hand, "End turn")
            .or_else(|| button_starting(&hand, "Keep hand"))
            .expect("End turn (or Keep hand) is offered");
        on_component(http, &table, &click_private(first, thread, &end)).await;
        let calls = discord.take();
        let (other_dm, turn) =
            direct_message_to(&calls, other, thread).expect("the other's turn by direct message");

        // Twenty minutes later the other plays a crystal and ends the turn, from their DM.
        wait(&clock, AWAY);
        let crystal = button_starting(&turn, "Crystallize").expect("a crystal is offered");
        on_component(http, &table, &click_in_dm(other, other_dm, &crystal)).await;
        let calls = discord.take();
        let hand = private_replies(&calls).last().expect("the hand after the crystal").body.clone();
        let end = button_starting(&hand, "End turn")
            .or_else(|| button_starting(&hand, "Keep hand"))
            .expect("End turn (or Keep hand) is offered");
        on_component(http, &table, &click_in_dm(other, other_dm, &end)).await;
        let calls = discord.take();
        assert_eq!(to_act(&table, match_id, [kim, lev]).await, first, "the first player's turn again");
        let stale = with_token_of(&calls, first);
        assert!(stale.iter().all(|c| !c.ok), "no edit of the expired reply got through: {stale:#?}");
        let (dm_channel, dm) = direct_message_to(&calls, first, thread)
            .unwrap_or_else(|| panic!("the first player is told by direct message: {calls:#?}"));
        assert!(text_of(&dm).contains("Your turn"), "{dm}");
        let play = custom_ids(&dm).into_iter().find(|id| id.starts_with("a:")).expect("a move in the DM");
        let before = table.store().load_match(match_id).await.unwrap().version;
        on_component(http, &table, &click_in_dm(first, dm_channel, &play)).await;
        let calls = discord.take();
        assert!(table.store().load_match(match_id).await.unwrap().version > before, "played: {calls:#?}");
        let fresh = with_token_of(&calls, first);
        assert!(
            fresh.iter().any(|c| c.ok && c.method == "PATCH" && c.path.ends_with("/messages/@original")),
            "the DM is replaced by the hand: {calls:#?}"
        );
    }

    /// The fake itself: an edit of an interaction reply is refused once
    /// its token is 15 minutes old, as Discord refuses it (401, 50027);
    /// a newer interaction of the same person renews the token, and the
    /// first answer to an interaction is never refused.
    #[tokio::test]
    async fn the_fake_discord_refuses_to_edit_an_interaction_reply_fifteen_minutes_old() {
        let discord = FakeDiscord::start().await;
        let (table, clock) = table_on_clock().await;
        let http = &discord.http;
        let (mia, ned) = ((7321, "Mia"), (7322, "Ned"));
        let (thread, match_id) = open_match_between(&discord, &table, mia, ned).await;
        let first = to_act(&table, match_id, [mia, ned]).await;
        on_component(http, &table, &click(first, thread, &CustomId::Hand { match_id }.encode())).await;
        assert_eq!(private_replies(&discord.take()).len(), 1, "the hand is shown");
        let refresh = || {
            vec![Outgoing::RefreshHand {
                to: UserId(first.0.to_string()),
                match_id,
                message: Message::text("your hand, later"),
            }]
        };

        // Fourteen minutes on, the reply is still edited.
        wait(&clock, 14 * 60);
        deliver(http, &table, None, refresh()).await.unwrap();
        let calls = discord.take();
        assert_eq!(calls.len(), 1, "{calls:#?}");
        assert!(calls[0].ok && calls[0].method == "PATCH", "{calls:#?}");

        // Sixteen minutes on, Discord refuses the edit; the adapter lets it go.
        wait(&clock, 2 * 60);
        deliver(http, &table, None, refresh()).await.unwrap();
        let calls = discord.take();
        assert!(!calls.is_empty(), "the edit was tried");
        let reply = format!("/api/v10/webhooks/{APP}/token-{}/messages/", first.0);
        for call in &calls {
            assert!(call.method == "PATCH" && call.path.starts_with(&reply), "{call:?}");
            assert!(!call.ok, "refused: {call:?}");
        }

        // What the adapter is answered: 401, Invalid Webhook Token.
        let token = format!("token-{}", first.0);
        let edit = serde_json::json!({"content": "too late"});
        let refused = http.edit_original_interaction_response(&token, &edit, vec![]).await.unwrap_err();
        match &refused {
            serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(answer)) => {
                assert_eq!(answer.status_code.as_u16(), 401, "{refused:?}");
                assert_eq!(answer.error.code, 50027, "{refused:?}");
                assert_eq!(answer.error.message, "Invalid Webhook Token", "{refused:?}");
            }
            other => panic!("not Discord's refusal: {other:?}"),
        }
        assert!(!discord.take()[0].ok);

        // A new interaction of the same person: a new token, edited again;
        // its first answer (the callback) is never refused.
        on_component(http, &table, &click(first, thread, &CustomId::Hand { match_id }.encode())).await;
        let calls = discord.take();
        assert!(calls.iter().all(|c| c.ok), "{calls:#?}");
        http.edit_original_interaction_response(&token, &edit, vec![]).await.expect("a fresh token");
        // A token Discord's fake never issued is never refused.
        http.edit_original_interaction_response("token-from-elsewhere", &edit, vec![])
            .await
            .expect("an unknown token");
        discord.take();
    }
}
