//! Moderators and lost channels (issue 31, part 3), against the fake
//! Discord: a thread a moderator locks or deletes pauses its match, a
//! channel gone for good pauses its matches instead of being retried
//! forever, a paused match is shown by `/matches` and played on with
//! `/resume`, and a moderator ends a match with `/end-match`. Each test
//! asserts what the players are told.

use cardtable::discord::{answer_slash, deliver_due, on_thread_update};
use cardtable::store::MatchStatus;
use cardtable::table::{Command, Table, RETRY_BACKOFF_SECONDS};

use crate::discord_support;
use discord_support::*;

/// Manage Threads, as Discord numbers it.
const MANAGE_THREADS: u64 = 1 << 34;

async fn command(
    discord: &FakeDiscord,
    table: &Table,
    user: (u64, &str),
    channel: u64,
    c: Command,
) -> Vec<Call> {
    answer_slash(&discord.http, table, &slash(user, channel, "x"), async { Ok(c) }).await.unwrap();
    discord.take()
}

fn threads_opened(calls: &[Call]) -> Vec<&Call> {
    calls.iter().filter(|c| c.method == "POST" && c.path.ends_with("/threads")).collect()
}

/// The users a post pings (its `allowed_mentions`).
fn pinged(call: &Call) -> Vec<String> {
    let users = call.body["allowed_mentions"]["users"].as_array().cloned().unwrap_or_default();
    users.iter().filter_map(|u| u.as_str().map(str::to_owned)).collect()
}

fn boards_in(calls: &[Call], channel: u64) -> usize {
    posts_in(calls, channel)
        .iter()
        .filter(|c| custom_ids(&c.body).iter().any(|id| id.starts_with("hand")))
        .count()
}

#[tokio::test]
async fn a_thread_a_moderator_locks_pauses_its_match_and_the_players_are_told_in_the_channel() {
    let (discord, table) = (FakeDiscord::start().await, table().await);
    let (thread, match_id) = open_match(&discord, &table).await;
    discord.fail(
        None,
        format!("/channels/{thread}/messages"),
        Failure::Code("400 Bad Request", 160005),
        None,
    );
    let calls = command(&discord, &table, A, thread, Command::Board).await;
    assert!(threads_opened(&calls).is_empty(), "no new thread, with pings, for a locked one: {calls:#?}");
    let told = private_text(&calls);
    assert!(told.contains("paused") && told.contains("locked"), "{told}");
    let notes = posts_in(&calls, CHANNEL);
    assert_eq!(notes.len(), 1, "said where the players can see it: {calls:#?}");
    assert!(text_of(&notes[0].body).contains("a moderator locked its thread"), "{:?}", notes[0].body);
    let mut pings = pinged(notes[0]);
    pings.sort();
    assert_eq!(pings, [ALICE.to_string(), BOB.to_string()]);
    let row = table.store().load_match(match_id).await.unwrap();
    assert_eq!((row.paused.as_deref(), row.thread), (Some("locked"), Some(thread.to_string())));
    // Paused: no reminder, no deadline, no new thread, however long.
    deliver_due(&discord.http, &table, table.now() + 5 * 24 * 3600).await;
    let calls = discord.take();
    assert!(calls.iter().all(|c| c.method != "POST" || c.path.contains("/webhooks/")), "{calls:#?}");
    // /resume outside the locked thread is refused with the reason.
    let calls = command(&discord, &table, B, CHANNEL, Command::Resume { match_id: Some(match_id) }).await;
    assert!(private_text(&calls).contains("once a moderator unlocks it"), "{}", private_text(&calls));
    // Unlocked: /resume inside the thread plays on there.
    discord.heal();
    let calls = command(&discord, &table, B, thread, Command::Resume { match_id: None }).await;
    assert_eq!(boards_in(&calls, thread), 1, "the board, in its thread: {calls:#?}");
    assert!(threads_opened(&calls).is_empty());
    assert_eq!(table.store().load_match(match_id).await.unwrap().paused, None);
}

#[tokio::test]
async fn a_deleted_thread_pauses_its_match_until_a_player_resumes_it_in_a_new_thread_where_they_type() {
    let (discord, table) = (FakeDiscord::start().await, table().await);
    let (thread, match_id) = open_match(&discord, &table).await;
    let start = table.now();
    discord.fail(None, format!("/channels/{thread}"), Failure::Code("404 Not Found", 10003), None);
    // The reminder finds the thread gone.
    deliver_due(&discord.http, &table, start + 13 * 3600).await;
    let calls = discord.take();
    assert!(threads_opened(&calls).is_empty(), "not moved to a new thread: {calls:#?}");
    let notes = posts_in(&calls, CHANNEL);
    assert!(
        notes.iter().any(|c| text_of(&c.body).contains(&format!("/resume match:{match_id}"))),
        "the players are told in the channel: {calls:#?}"
    );
    assert_eq!(table.store().load_match(match_id).await.unwrap().paused.as_deref(), Some("deleted"));
    // /matches shows it and how to play on.
    let calls = command(&discord, &table, A, CHANNEL, Command::Matches).await;
    let listed = private_text(&calls);
    assert!(listed.contains("paused") && listed.contains(&format!("/resume match:{match_id}")), "{listed}");
    // Nothing is retried meanwhile.
    deliver_due(&discord.http, &table, start + 3 * 24 * 3600).await;
    assert!(threads_opened(&discord.take()).is_empty());
    // Alice resumes it from the announcement channel: a new thread there.
    let calls = command(&discord, &table, A, NEWS, Command::Resume { match_id: Some(match_id) }).await;
    let opened = threads_opened(&calls);
    assert_eq!(opened.len(), 1, "{calls:#?}");
    assert_eq!(opened[0].path, format!("/api/v10/channels/{NEWS}/threads"));
    let row = table.store().load_match(match_id).await.unwrap();
    assert_eq!((row.paused, row.channel.as_str()), (None, NEWS.to_string().as_str()));
    let new: u64 = row.thread.expect("a new thread").parse().unwrap();
    assert_eq!(boards_in(&calls, new), 1, "the board there: {calls:#?}");
}

#[tokio::test]
async fn a_match_whose_channel_is_gone_is_paused_not_retried_and_its_players_are_told_by_direct_message() {
    for (status, code) in [("404 Not Found", 10003), ("403 Forbidden", 50001)] {
        let (discord, table) = (FakeDiscord::start().await, table().await);
        let accept_id = challenge_from(&discord, &table, A, B, CHANNEL).await.unwrap();
        discord.fail(Some("POST"), format!("/channels/{CHANNEL}/threads"), Failure::Code(status, code), None);
        accept(&discord, &table, B, CHANNEL, &accept_id).await;
        let calls = discord.take();
        let told = private_text(&calls);
        assert!(told.contains("can no longer reach its channel"), "{code}: Bob is told: {told}");
        let dms: Vec<&Call> = calls
            .iter()
            .filter(|c| c.ok && c.method == "POST" && text_of(&c.body).contains("/resume match:"))
            .filter(|c| !c.path.contains(&format!("/channels/{CHANNEL}/")) && !c.path.contains("/webhooks/"))
            .collect();
        assert_eq!(dms.len(), 2, "{code}: each player by direct message: {calls:#?}");
        let matches = table.store().matches_for_user(&BOB.to_string(), None).await.unwrap();
        let match_id = matches[0].0.id;
        assert_eq!(table.store().load_match(match_id).await.unwrap().paused.as_deref(), Some("channel"));
        // No hourly retry, however long.
        for hours in [1, 2, 5, 30] {
            deliver_due(&discord.http, &table, table.now() + hours * 3600 + RETRY_BACKOFF_SECONDS).await;
        }
        assert!(threads_opened(&discord.take()).is_empty(), "{code}: not retried");
        let listed = private_text(&command(&discord, &table, B, CHANNEL, Command::Matches).await);
        assert!(listed.contains("its channel is gone"), "{code}: {listed}");
        // Bob plays on from another channel.
        discord.heal();
        let calls = command(&discord, &table, B, NEWS, Command::Resume { match_id: None }).await;
        let row = table.store().load_match(match_id).await.unwrap();
        let new: u64 = row.thread.expect("a new thread").parse().unwrap();
        assert_eq!(boards_in(&calls, new), 1, "{code}: the board there: {calls:#?}");
    }
}

#[tokio::test]
async fn a_moderator_ends_a_match_without_a_result_and_a_player_cannot() {
    let (discord, table) = (FakeDiscord::start().await, table().await);
    let (thread, match_id) = open_match(&discord, &table).await;
    let end = Command::EndMatch { match_id: None, moderator: true };
    // A player: refused, whatever the command carried.
    let interaction = slash(B, thread, "end-match");
    let e = end.clone();
    answer_slash(&discord.http, &table, &interaction, async { Ok(e) }).await.unwrap();
    let calls = discord.take();
    assert!(private_text(&calls).contains("Only a server moderator"), "{}", private_text(&calls));
    assert!(posts_in(&calls, thread).is_empty());
    assert_eq!(table.store().load_match(match_id).await.unwrap().status, MatchStatus::Active);
    // Dave may manage threads: the match ends, and its players read why.
    let interaction = slash_with_permissions(D, thread, "end-match", MANAGE_THREADS);
    let e = Command::EndMatch { match_id: None, moderator: false };
    answer_slash(&discord.http, &table, &interaction, async { Ok(e) }).await.unwrap();
    let calls = discord.take();
    let said: Vec<&Call> = posts_in(&calls, thread);
    assert_eq!(said.len(), 1, "{calls:#?}");
    let text = text_of(&said[0].body);
    assert!(text.contains("ended by a server moderator") && text.contains("no rating changes"), "{text}");
    let mut pings = pinged(said[0]);
    pings.sort();
    assert_eq!(pings, [ALICE.to_string(), BOB.to_string()]);
    let row = table.store().load_match(match_id).await.unwrap();
    assert_eq!((row.status, row.ended_by), (MatchStatus::Finished, Some(DAVE.to_string())));
    let results = table.store().match_results(match_id).await.unwrap();
    assert_eq!(results.len(), 2);
    assert!(results.iter().all(|r| r.unrated.as_deref() == Some("ended") && r.rating_after.is_none()));
    let listed = private_text(&command(&discord, &table, A, CHANNEL, Command::Matches).await);
    assert!(listed.contains("ended by a moderator"), "{listed}");
}

/// Requests that would reopen `thread` (un-archive it).
fn reopenings(calls: &[Call], thread: u64) -> usize {
    calls
        .iter()
        .filter(|c| c.method == "PATCH" && c.path == format!("/api/v10/channels/{thread}"))
        .filter(|c| c.body["archived"] == false)
        .count()
}

/// The players' notes in the match's channel that its thread was locked.
fn lock_notes(calls: &[Call]) -> Vec<&Call> {
    posts_in(calls, CHANNEL)
        .into_iter()
        .filter(|c| text_of(&c.body).contains("a moderator locked its thread"))
        .collect()
}

/// Issue 54, finding 4: a thread a moderator archived and locked answers
/// 50083. Whether or not the bot has Manage Threads, it reads the lock,
/// never reopens the thread nor moves the match to a new one (which would
/// ping the players): the match pauses there, and the players are told
/// once, in the match's channel, where they can read it.
#[tokio::test]
async fn an_archived_and_locked_thread_is_never_reopened_or_left_with_or_without_manage_threads() {
    for manage_threads in [false, true] {
        let (discord, table) = (FakeDiscord::start().await, table().await);
        let (thread, match_id) = open_match(&discord, &table).await;
        discord.manage_threads(manage_threads);
        discord.archive(thread);
        discord.lock(thread);
        let calls = command(&discord, &table, A, thread, Command::Board).await;
        let case = if manage_threads { "with Manage Threads" } else { "without Manage Threads" };
        assert_eq!(reopenings(&calls, thread), 0, "{case}: the locked thread is not reopened: {calls:#?}");
        assert!(threads_opened(&calls).is_empty(), "{case}: no new thread: {calls:#?}");
        let notes = lock_notes(&calls);
        assert_eq!(notes.len(), 1, "{case}: the players are told in the channel: {calls:#?}");
        let mut pings = pinged(notes[0]);
        pings.sort();
        assert_eq!(pings, [ALICE.to_string(), BOB.to_string()], "{case}");
        let told = private_text(&calls);
        assert!(told.contains("a moderator locked its thread"), "{case}: Alice is told: {told}");
        let row = table.store().load_match(match_id).await.unwrap();
        assert_eq!((row.paused.as_deref(), row.thread), (Some("locked"), Some(thread.to_string())), "{case}");
        // Told once: another command, and the ticker days later, say nothing more.
        let calls = command(&discord, &table, B, thread, Command::Board).await;
        assert!(lock_notes(&calls).is_empty() && reopenings(&calls, thread) == 0, "{case}: {calls:#?}");
        deliver_due(&discord.http, &table, table.now() + 3 * 24 * 3600).await;
        let calls = discord.take();
        assert!(threads_opened(&calls).is_empty() && reopenings(&calls, thread) == 0, "{case}: {calls:#?}");
        assert!(
            calls.iter().all(|c| c.method != "POST" || c.path.contains("/webhooks/")),
            "{case}: {calls:#?}"
        );
    }
}

/// Issue 54, finding 4: a moderator locks a match thread. Without Manage
/// Threads, the bot's next post meets 160005 and pauses the match; with
/// it, Discord would let the bot post on, so the bot reads the lock from
/// the thread-update event and pauses the match at once. Either way no
/// board is posted in the locked thread and the players are told once.
#[tokio::test]
async fn a_locked_thread_pauses_its_match_from_the_update_event_or_the_refused_post() {
    for manage_threads in [false, true] {
        let (discord, table) = (FakeDiscord::start().await, table().await);
        let (thread, match_id) = open_match(&discord, &table).await;
        discord.manage_threads(manage_threads);
        discord.lock(thread);
        let case = if manage_threads { "with Manage Threads" } else { "without Manage Threads" };
        let mut notes = 0;
        if manage_threads {
            on_thread_update(&discord.http, &table, &discord.thread_now(thread)).await;
            let calls = discord.take();
            notes += lock_notes(&calls).len();
            assert_eq!(table.store().load_match(match_id).await.unwrap().paused.as_deref(), Some("locked"));
        }
        let calls = command(&discord, &table, A, thread, Command::Board).await;
        assert_eq!(
            boards_in(&calls, thread),
            0,
            "{case}: nothing is posted in the locked thread: {calls:#?}"
        );
        assert!(threads_opened(&calls).is_empty(), "{case}: {calls:#?}");
        notes += lock_notes(&calls).len();
        // Another update (a rename, say) of the still locked thread.
        on_thread_update(&discord.http, &table, &discord.thread_now(thread)).await;
        notes += lock_notes(&discord.take()).len();
        assert_eq!(notes, 1, "{case}: the players are told once");
        let row = table.store().load_match(match_id).await.unwrap();
        assert_eq!(row.paused.as_deref(), Some("locked"), "{case}");
        // Unlocked, /resume in the thread plays on there.
        discord.unlock(thread);
        let calls = command(&discord, &table, B, thread, Command::Resume { match_id: None }).await;
        assert_eq!(boards_in(&calls, thread), 1, "{case}: {calls:#?}");
    }
}

/// Issue 54, finding 4: an update of an unlocked thread (or of a thread
/// holding no match) changes nothing.
#[tokio::test]
async fn an_update_of_an_unlocked_thread_changes_nothing() {
    let (discord, table) = (FakeDiscord::start().await, table().await);
    let (thread, match_id) = open_match(&discord, &table).await;
    on_thread_update(&discord.http, &table, &discord.thread_now(thread)).await;
    assert!(discord.take().is_empty());
    assert_eq!(table.store().load_match(match_id).await.unwrap().paused, None);
}
