//! Fault injection: every Discord error the bot can meet, at every kind of
//! post, against the fake Discord. For each (error, post) pair: what the
//! person is told, that nothing is left blocking, and that the next action
//! or ticker pass repairs what failed.

use cardtable::discord::{answer_slash, deliver_due, on_component};
use cardtable::store::ChallengeStatus;
use cardtable::table::{Command, CustomId, Table, RETRY_BACKOFF_SECONDS};

use crate::discord_support;
use discord_support::*;

/// One error Discord can answer with, and what the person is told about it.
struct Case {
    name: &'static str,
    failure: Failure,
    /// How many requests fail (`None`: until healed).
    times: Option<u32>,
    /// Words the message to the person holds when the adapter does not
    /// retry it away.
    told: &'static str,
}

impl Case {
    /// Whether the adapter's retry gets through, so the person is told
    /// nothing: a passing failure, and for a request that makes something
    /// (`creates`: a post, a thread) only a 429, since after a 5xx or a
    /// timeout Discord may have made it and a retry would make it twice.
    fn recovers(&self, creates: bool) -> bool {
        self.times.is_some() && (!creates || self.failure == Failure::RateLimited)
    }
    /// Discord's answer says the thread is archived beyond reopening: the
    /// match moves to a new thread.
    fn thread_lost(&self) -> bool {
        matches!(self.failure, Failure::Code(_, 50083))
    }
    /// Discord's answer says a moderator locked or deleted the thread: the
    /// match pauses (tests/discord/discord_moderation.rs).
    fn pauses(&self) -> bool {
        matches!(self.failure, Failure::Code(_, 10003 | 160005))
    }
    /// Discord's answer to opening a thread says the channel is gone for
    /// good: the match pauses instead of being retried.
    fn channel_gone(&self) -> bool {
        matches!(self.failure, Failure::Code(_, 10003 | 50001))
    }
}

const CASES: &[Case] = &[
    Case {
        name: "50001",
        failure: Failure::Code("403 Forbidden", 50001),
        times: None,
        told: "cannot see this channel",
    },
    Case {
        name: "50008",
        failure: Failure::Code("400 Bad Request", 50008),
        times: None,
        told: "this kind of channel",
    },
    Case {
        name: "50013",
        failure: Failure::Code("403 Forbidden", 50013),
        times: None,
        told: "missing a permission",
    },
    Case {
        name: "50024",
        failure: Failure::Code("400 Bad Request", 50024),
        times: None,
        told: "cannot have them",
    },
    Case { name: "50083", failure: Failure::Code("400 Bad Request", 50083), times: None, told: "archived" },
    Case { name: "160005", failure: Failure::Code("400 Bad Request", 160005), times: None, told: "locked" },
    Case {
        name: "160006",
        failure: Failure::Code("400 Bad Request", 160006),
        times: None,
        told: "limit of active threads",
    },
    Case {
        name: "10003",
        failure: Failure::Code("404 Not Found", 10003),
        times: None,
        told: "no longer exists",
    },
    Case { name: "429 once", failure: Failure::RateLimited, times: Some(1), told: "slow down" },
    Case { name: "429", failure: Failure::RateLimited, times: None, told: "slow down" },
    Case { name: "500 once", failure: Failure::ServerError, times: Some(1), told: "did not answer" },
    Case { name: "500", failure: Failure::ServerError, times: None, told: "did not answer" },
    Case { name: "timeout once", failure: Failure::Timeout, times: Some(1), told: "did not answer" },
    Case { name: "timeout", failure: Failure::Timeout, times: None, told: "did not answer" },
];

/// The told text fits the case: its words, the permission a 50013 needs,
/// and never an apology for what is not a bug.
fn assert_told(case: &Case, text: &str, permission: &str, outcome: &str) {
    let name = case.name;
    assert!(text.contains(case.told), "{name}: says what happened: {text}");
    assert!(text.contains(outcome), "{name}: says what became of it ({outcome}): {text}");
    assert!(!text.contains("error id"), "{name}: a plain message, not an apology: {text}");
    if case.name == "50013" {
        assert!(text.contains(permission), "{name}: names {permission}: {text}");
    }
}

async fn fresh() -> (FakeDiscord, Table) {
    (FakeDiscord::start().await, table().await)
}

/// Whether Alice and Bob have a challenge waiting (which would block a new one).
async fn open_challenge(table: &Table) -> bool {
    let (alice, bob) = (ALICE.to_string(), BOB.to_string());
    table.store().open_challenge_between(&alice, &bob, None, table.now()).await.unwrap().is_some()
}

#[tokio::test]
async fn a_challenge_post_that_fails_is_withdrawn_and_the_challenger_told_why() {
    for case in CASES {
        let (discord, table) = fresh().await;
        discord.fail(Some("POST"), format!("/channels/{CHANNEL}/messages"), case.failure, case.times);
        answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
            .await
            .unwrap();
        let calls = discord.take();
        let posted = posts_in(&calls, CHANNEL).into_iter().next();
        let told = private_text(&calls);
        if case.recovers(true) {
            assert!(posted.is_some(), "{}: the challenge got through on a retry", case.name);
            assert!(open_challenge(&table).await, "{}", case.name);
            assert!(
                !told.contains(case.told) && !told.contains("withdrew") && !told.contains("error id"),
                "{}: no failure is reported for a post that got through: {told}",
                case.name
            );
            continue;
        }
        assert!(posted.is_none(), "{}", case.name);
        assert_told(case, &told, "Send Messages and Embed Links", "withdrew the challenge");
        assert!(!open_challenge(&table).await, "{}: the challenge was withdrawn", case.name);
        discord.heal();
        let again = challenge_from(&discord, &table, A, B, CHANNEL).await;
        assert!(again.is_some(), "{}: nothing blocks a new challenge", case.name);
    }
}

#[tokio::test]
async fn the_challenger_is_told_what_to_fix_when_the_challenge_cannot_be_posted() {
    for case in CASES.iter().filter(|c| !c.recovers(true)) {
        let (discord, table) = fresh().await;
        discord.fail(Some("POST"), format!("/channels/{CHANNEL}/messages"), case.failure, case.times);
        answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
            .await
            .unwrap();
        let text = private_text(&discord.take());
        assert_told(case, &text, "Send Messages and Embed Links", "withdrew the challenge");
    }
}

#[tokio::test]
async fn an_accepted_post_that_fails_leaves_the_match_playing_in_its_thread() {
    for case in CASES {
        let (discord, table) = fresh().await;
        let accept_id = challenge_from(&discord, &table, A, B, CHANNEL).await.unwrap();
        discord.fail(Some("POST"), format!("/channels/{CHANNEL}/messages"), case.failure, case.times);
        accept(&discord, &table, B, CHANNEL, &accept_id).await;
        let calls = discord.take();
        let thread = *discord.state.lock().unwrap().threads.keys().next().expect("the thread was opened");
        assert!(
            posts_in(&calls, thread).iter().any(|c| !custom_ids(&c.body).is_empty()),
            "{}: the board is in the thread: {calls:#?}",
            case.name
        );
        let text = private_text(&calls);
        if case.recovers(true) {
            assert!(
                !text.contains("went through") && !text.contains(case.told) && !text.contains("error id"),
                "{}: nothing failed, nothing reported: {text}",
                case.name
            );
        } else {
            assert_told(case, &text, "Send Messages and Embed Links", "Everything else went through");
        }
        let answered = accepted_challenge(&table, &accept_id).await;
        let matches = table.store().matches_for_user(&BOB.to_string(), None).await.unwrap();
        assert_eq!(
            answered,
            Some(matches[0].0.id),
            "{}: the challenge is accepted into the match",
            case.name
        );
    }
}

/// The match challenge `accept_id` (its Accept button) was accepted into,
/// if it was.
async fn accepted_challenge(table: &Table, accept_id: &str) -> Option<i64> {
    let Some(CustomId::Accept { challenge }) = CustomId::decode(accept_id) else { panic!("{accept_id}") };
    let row = table.store().challenge(challenge).await.unwrap();
    (row.status == ChallengeStatus::Accepted).then_some(row.match_id).flatten()
}

#[tokio::test]
async fn a_match_whose_thread_cannot_be_opened_is_saved_and_the_next_ticker_pass_opens_it() {
    for case in CASES {
        let (discord, table) = fresh().await;
        let accept_id = challenge_from(&discord, &table, A, B, CHANNEL).await.unwrap();
        discord.fail(Some("POST"), format!("/channels/{CHANNEL}/threads"), case.failure, case.times);
        accept(&discord, &table, B, CHANNEL, &accept_id).await;
        let calls = discord.take();
        let matches = table.store().matches_for_user(&BOB.to_string(), None).await.unwrap();
        assert_eq!(matches.len(), 1, "{}: the match is saved", case.name);
        let match_id = matches[0].0.id;
        let thread = table.store().load_match(match_id).await.unwrap().thread;
        let told = private_text(&calls);
        if case.recovers(true) {
            assert!(thread.is_some(), "{}: opened on a retry", case.name);
            assert!(
                !told.contains(case.told) && !told.contains("error id"),
                "{}: nothing failed, nothing reported: {told}",
                case.name
            );
            continue;
        }
        assert!(thread.is_none(), "{}", case.name);
        if case.channel_gone() {
            assert!(told.contains("can no longer reach its channel"), "{}: {told}", case.name);
            let paused = table.store().load_match(match_id).await.unwrap().paused;
            assert_eq!(paused.as_deref(), Some("channel"), "{}", case.name);
            continue;
        }
        assert_told(case, &told, "Create Public Threads", "The match is saved");
        assert!(
            posts_in(&calls, CHANNEL).iter().any(|c| text_of(&c.body).contains("accepted")),
            "{}: the accepted note is posted all the same: {calls:#?}",
            case.name
        );
        // The challenge is answered by the saved match; nothing else is open.
        assert_eq!(accepted_challenge(&table, &accept_id).await, Some(match_id), "{}", case.name);
        assert!(!open_challenge(&table).await, "{}", case.name);
        // Not before the backoff; then the ticker opens it and posts the board.
        deliver_due(&discord.http, &table, table.now() + 5).await;
        assert!(discord.take().iter().all(|c| !c.path.ends_with("/threads")), "{}: backs off", case.name);
        discord.heal();
        deliver_due(&discord.http, &table, table.now() + RETRY_BACKOFF_SECONDS + 5).await;
        let calls = discord.take();
        let thread = table.store().load_match(match_id).await.unwrap().thread;
        let thread: u64 =
            thread.unwrap_or_else(|| panic!("{}: the ticker opened the thread", case.name)).parse().unwrap();
        assert!(
            posts_in(&calls, thread).iter().any(|c| c.body["content"].as_str().unwrap_or("").contains("<@")),
            "{}: the board pings the players: {calls:#?}",
            case.name
        );
    }
}

#[tokio::test]
async fn a_board_that_cannot_be_posted_is_explained_and_a_lost_thread_moves_the_match() {
    for case in CASES {
        let (discord, table) = fresh().await;
        let (thread, match_id) = open_match(&discord, &table).await;
        discord.fail(None, format!("/channels/{thread}/messages"), case.failure, case.times);
        answer_slash(&discord.http, &table, &slash(A, thread, "board"), async { Ok(Command::Board) })
            .await
            .unwrap();
        let calls = discord.take();
        let row = table.store().load_match(match_id).await.unwrap();
        if case.pauses() {
            assert!(row.paused.is_some(), "{}: paused", case.name);
            assert!(private_text(&calls).contains("is paused"), "{}: {}", case.name, private_text(&calls));
            assert!(calls.iter().all(|c| !c.path.ends_with("/threads")), "{}: no new thread", case.name);
            continue;
        }
        let now_in = row.thread.unwrap();
        let told = private_text(&calls);
        if case.recovers(true) {
            assert_eq!(now_in, thread.to_string(), "{}", case.name);
            assert!(!posts_in(&calls, thread).is_empty(), "{}", case.name);
            assert!(
                !told.contains(case.told) && !told.contains("error id"),
                "{}: nothing failed, nothing reported: {told}",
                case.name
            );
            continue;
        }
        if case.thread_lost() {
            assert!(!told.contains("error id"), "{}: a move is no error: {told}", case.name);
            // Moved: a new thread under the channel, with a note and the board.
            let new: u64 = now_in.parse().unwrap();
            assert_ne!(new, thread, "{}: the match moved", case.name);
            let posts = posts_in(&calls, new);
            assert!(text_of(&posts[0].body).contains("moved here"), "{}: {calls:#?}", case.name);
            assert!(posts.iter().any(|c| !custom_ids(&c.body).is_empty()), "{}: the board", case.name);
            continue;
        }
        assert_told(case, &told, "Send Messages in Threads", "board is posted again");
        // The next action (here the other player's /board) repairs it.
        discord.heal();
        answer_slash(&discord.http, &table, &slash(B, thread, "board"), async { Ok(Command::Board) })
            .await
            .unwrap();
        let calls = discord.take();
        assert_eq!(posts_in(&calls, thread).len(), 1, "{}: {calls:#?}", case.name);
    }
}

#[tokio::test]
async fn a_hand_that_cannot_be_shown_blocks_nothing() {
    for case in CASES {
        let (discord, table) = fresh().await;
        let (thread, match_id) = open_match(&discord, &table).await;
        let hand = CustomId::Hand { match_id }.encode();
        discord.fail(Some("POST"), format!("/webhooks/{APP}"), case.failure, case.times);
        on_component(&discord.http, &table, &click(A, thread, &hand)).await;
        let calls = discord.take();
        assert!(posts_in(&calls, thread).is_empty(), "{}: nothing public: {calls:#?}", case.name);
        // What the person is told goes the way the hand did: it gets
        // through once Discord does, else it was at least tried.
        let shown = private_replies(&calls).iter().any(|c| text_of(&c.body).contains("hand"));
        let tried: Vec<String> =
            tries(&calls, "POST", &format!("/webhooks/{APP}")).iter().map(|c| text_of(&c.body)).collect();
        if !shown {
            assert!(
                tried.iter().any(|t| t.contains(case.told) && !t.contains("error id")),
                "{}: the person is told what happened: {tried:#?}",
                case.name
            );
        }
        if case.times.is_some() {
            let told = private_text(&calls);
            assert!(
                shown || told.contains(case.told),
                "{}: gets through once Discord does: {calls:#?}",
                case.name
            );
        }
        discord.heal();
        on_component(&discord.http, &table, &click(A, thread, &hand)).await;
        let calls = discord.take();
        let replies = private_replies(&calls);
        assert!(
            replies.iter().any(|c| text_of(&c.body).contains("hand")),
            "{}: the hand: {calls:#?}",
            case.name
        );
    }
}

#[tokio::test]
async fn a_reminder_that_fails_is_retried_later_and_a_lost_thread_moves_the_match() {
    for case in CASES {
        let (discord, table) = fresh().await;
        let (thread, match_id) = open_match(&discord, &table).await;
        let start = table.now();
        discord.fail(None, format!("/channels/{thread}/messages"), case.failure, case.times);
        deliver_due(&discord.http, &table, start + 13 * 3600).await;
        let calls = discord.take();
        let row = table.store().load_match(match_id).await.unwrap();
        if case.pauses() {
            assert!(row.paused.is_some(), "{}: paused", case.name);
            let told = posts_in(&calls, CHANNEL).iter().any(|c| text_of(&c.body).contains("is paused"));
            assert!(told, "{}: the players are told in the channel: {calls:#?}", case.name);
            continue;
        }
        let now_in: u64 = row.thread.unwrap().parse().unwrap();
        let reminder = |calls: &[Call], t: u64| {
            posts_in(calls, t).iter().any(|c| text_of(&c.body).contains("Your move is waiting"))
        };
        if case.recovers(true) || case.thread_lost() {
            assert!(reminder(&calls, now_in), "{}: delivered in this pass: {calls:#?}", case.name);
            assert_eq!(case.thread_lost(), now_in != thread, "{}: moved only when lost", case.name);
            continue;
        }
        assert!(!reminder(&calls, thread), "{}", case.name);
        // Nobody acted, so nobody is told: the reminder waits for a later pass.
        assert!(
            calls.iter().all(|c| !c.ok || c.method != "POST"),
            "{}: nothing else is posted meanwhile: {calls:#?}",
            case.name
        );
        discord.heal();
        // Not lost: not before the backoff, then delivered.
        deliver_due(&discord.http, &table, start + 13 * 3600 + 10).await;
        assert!(!reminder(&discord.take(), thread), "{}: waits for the backoff", case.name);
        deliver_due(&discord.http, &table, start + 13 * 3600 + RETRY_BACKOFF_SECONDS + 10).await;
        assert!(reminder(&discord.take(), thread), "{}: retried", case.name);
    }
}

#[tokio::test]
async fn a_deadline_notice_that_fails_is_retried_and_the_board_offers_the_claim_meanwhile() {
    for case in CASES {
        let (discord, table) = fresh().await;
        let (thread, match_id) = open_match(&discord, &table).await;
        let start = table.now();
        deliver_due(&discord.http, &table, start + 13 * 3600).await;
        deliver_due(&discord.http, &table, start + 25 * 3600).await;
        discord.take();
        discord.fail(None, format!("/channels/{thread}/messages"), case.failure, case.times);
        let late = start + 73 * 3600;
        deliver_due(&discord.http, &table, late).await;
        let calls = discord.take();
        let row = table.store().load_match(match_id).await.unwrap();
        if case.pauses() {
            assert!(row.paused.is_some(), "{}: paused", case.name);
            let told = posts_in(&calls, CHANNEL).iter().any(|c| text_of(&c.body).contains("is paused"));
            assert!(told, "{}: the players are told in the channel: {calls:#?}", case.name);
            continue;
        }
        let now_in: u64 = row.thread.unwrap().parse().unwrap();
        let notice = |calls: &[Call], t: u64| {
            posts_in(calls, t).iter().any(|c| custom_ids(&c.body).iter().any(|i| i.starts_with("claim:")))
        };
        if case.recovers(true) || case.thread_lost() {
            assert!(notice(&calls, now_in), "{}: delivered in this pass: {calls:#?}", case.name);
            continue;
        }
        assert!(!notice(&calls, thread), "{}", case.name);
        discord.heal();
        deliver_due(&discord.http, &table, late + RETRY_BACKOFF_SECONDS + 10).await;
        assert!(notice(&discord.take(), thread), "{}: retried", case.name);
    }
}

#[tokio::test]
async fn the_board_offers_claim_the_win_once_the_deadline_has_passed() {
    let discord = FakeDiscord::start().await;
    let clock = std::sync::Arc::new(cardtable::table::ManualClock::new(1_704_067_200));
    let table = Table::with_clock(cardtable::store::Store::open_memory().await.unwrap(), clock.clone());
    let (thread, match_id) = open_match(&discord, &table).await;
    let waiting = if to_act(&table, match_id, [A, B]).await == A { B } else { A };
    clock.advance(73 * 3600);
    // The deadline notice never arrived; the board is enough to claim.
    answer_slash(&discord.http, &table, &slash(waiting, thread, "board"), async { Ok(Command::Board) })
        .await
        .unwrap();
    let calls = discord.take();
    let board = posts_in(&calls, thread);
    assert!(board.iter().any(|c| custom_ids(&c.body).iter().any(|i| i.starts_with("claim:"))), "{calls:#?}");
}

#[tokio::test]
async fn a_ticker_pass_where_one_match_fails_still_delivers_every_other_matchs_reminders() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let (first, _) = open_match_between(&discord, &table, A, B).await;
    let (second, _) = open_match_between(&discord, &table, C, D).await;
    let start = table.now();
    discord.fail(None, format!("/channels/{first}/messages"), Failure::Code("403 Forbidden", 50013), None);
    deliver_due(&discord.http, &table, start + 13 * 3600).await;
    let calls = discord.take();
    assert!(posts_in(&calls, first).is_empty());
    let delivered = posts_in(&calls, second);
    assert!(delivered.iter().any(|c| text_of(&c.body).contains("Your move is waiting")), "{calls:#?}");
}

/// The requests among `calls` made with `method` to `route` (after
/// `/api/v10`) or below it, failed or not.
fn tries<'a>(calls: &'a [Call], method: &str, route: &str) -> Vec<&'a Call> {
    let path = format!("/api/v10{route}");
    calls
        .iter()
        .filter(|c| c.method == method && (c.path == path || c.path.starts_with(&format!("{path}/"))))
        .collect()
}

#[tokio::test]
async fn a_board_post_that_meets_a_5xx_or_a_timeout_is_not_sent_twice() {
    for failure in [Failure::ServerError, Failure::Timeout] {
        let (discord, table) = fresh().await;
        let (thread, _) = open_match(&discord, &table).await;
        discord.fail(Some("POST"), format!("/channels/{thread}/messages"), failure, Some(1));
        answer_slash(&discord.http, &table, &slash(A, thread, "board"), async { Ok(Command::Board) })
            .await
            .unwrap();
        let calls = discord.take();
        let posts = tries(&calls, "POST", &format!("/channels/{thread}/messages"));
        assert_eq!(posts.len(), 1, "{failure:?}: Discord may have posted it; one try only: {calls:#?}");
        assert!(private_text(&calls).contains("did not answer"), "{failure:?}: the person is told");
    }
}

#[tokio::test]
async fn an_edit_that_meets_a_5xx_or_a_timeout_once_is_retried() {
    for failure in [Failure::ServerError, Failure::Timeout] {
        let (discord, table) = fresh().await;
        let accept_id = challenge_from(&discord, &table, A, B, CHANNEL).await.unwrap();
        // Accepting edits the challenge post (its buttons go).
        discord.fail(Some("PATCH"), format!("/channels/{CHANNEL}/messages"), failure, Some(1));
        accept(&discord, &table, B, CHANNEL, &accept_id).await;
        let calls = discord.take();
        let edits = tries(&calls, "PATCH", &format!("/channels/{CHANNEL}/messages"));
        assert_eq!(edits.len(), 2, "{failure:?}: the edit was tried again: {calls:#?}");
        assert!(edits[1].ok, "{failure:?}: and got through");
        let told = private_text(&calls);
        assert!(
            !told.contains("did not answer") && !told.contains("error id"),
            "{failure:?}: Bob is not told of a failure that was retried away: {told}"
        );
    }
}

#[tokio::test]
async fn a_missed_announcement_does_not_keep_the_computer_from_moving() {
    use std::sync::Arc;
    use std::time::Duration;

    use cardtable::ai::Budget;
    use cardtable::table::{LogEntry, ManualClock, Seating, TableConfig, UserRef};

    // Seeds deal who moves first; over these the computer sometimes does.
    let mut computer_chose = 0;
    for seed in 0..6 {
        let discord = FakeDiscord::start().await;
        let config = TableConfig {
            seed: Some(seed),
            ai_budget: Some(Budget { iterations: 4, time: Duration::from_secs(60) }),
            ..TableConfig::default()
        };
        let clock = Arc::new(ManualClock::new(1_704_067_200));
        let table = Table::with_config(cardtable::store::Store::open_memory().await.unwrap(), clock, config);
        // The note in the channel that the match is on fails; the thread
        // and its board go through.
        let refused = Failure::Code("403 Forbidden", 50013);
        discord.fail(Some("POST"), format!("/channels/{CHANNEL}/messages"), refused, None);
        let against_the_computer = Command::Challenge {
            opponent: UserRef::computer("cardtable"),
            game: "spheres".into(),
            deck: None,
            deadline_hours: None,
            variant: None,
            seating: Box::new(Seating { level: Some("easy".into()), ..Default::default() }),
        };
        answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async {
            Ok(against_the_computer)
        })
        .await
        .unwrap();
        let calls = discord.take();
        assert!(
            private_text(&calls).contains("missing a permission"),
            "seed {seed}: the note failed: {calls:#?}"
        );
        let matches = table.store().matches_for_user(&ALICE.to_string(), None).await.unwrap();
        let match_id = matches[0].0.id;
        let (row, seats) = table.store().load_match_with_seats(match_id).await.unwrap();
        let computer =
            seats.iter().find(|s| s.user_id.starts_with("ai:")).expect("the computer is seated").seat;
        assert!(
            !row.seats_to_act().unwrap().contains(&computer),
            "seed {seed}: the computer was left to act after its board was posted"
        );
        let chose = table.store().match_actions(match_id).await.unwrap().iter().any(|a| {
            a.seat == computer && matches!(serde_json::from_str(&a.action), Ok(LogEntry::Player { .. }))
        });
        computer_chose += usize::from(chose);
    }
    assert!(computer_chose > 0, "the computer never had the first decision, so nothing was tested");
}

#[tokio::test]
async fn challenges_whose_post_failed_do_not_count_against_the_hourly_cap() {
    let (discord, table) = fresh().await;
    for _ in 0..3 {
        discord.fail(Some("POST"), format!("/channels/{CHANNEL}/messages"), Failure::ServerError, None);
        answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
            .await
            .unwrap();
        let calls = discord.take();
        assert!(posts_in(&calls, CHANNEL).is_empty(), "not posted: {calls:#?}");
        let told = private_text(&calls);
        assert!(told.contains("did not answer") && told.contains("withdrew the challenge"), "{told}");
        discord.heal();
    }
    // Nobody saw those three: the fourth is the first Bob hears of.
    let interaction = slash(A, CHANNEL, "challenge");
    answer_slash(&discord.http, &table, &interaction, async { Ok(challenge(bob())) }).await.unwrap();
    let calls = discord.take();
    assert_eq!(posts_in(&calls, CHANNEL).len(), 1, "posted: {calls:#?}");
    assert!(!private_text(&calls).contains("that is the limit"), "{}", private_text(&calls));
    // Posted challenges still count: two more, then the cap.
    let accept_id =
        custom_ids(&posts_in(&calls, CHANNEL)[0].body).into_iter().find(|i| i.starts_with("accept:"));
    let Some(CustomId::Accept { challenge: id }) = CustomId::decode(&accept_id.unwrap()) else { panic!() };
    table.store().set_challenge_status(id, ChallengeStatus::Cancelled).await.unwrap();
    for _ in 0..2 {
        let posted = challenge_from(&discord, &table, A, B, CHANNEL).await.expect("posted");
        let Some(CustomId::Accept { challenge: id }) = CustomId::decode(&posted) else { panic!() };
        table.store().set_challenge_status(id, ChallengeStatus::Cancelled).await.unwrap();
    }
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
        .await
        .unwrap();
    let calls = discord.take();
    assert!(posts_in(&calls, CHANNEL).is_empty(), "{calls:#?}");
    assert!(private_text(&calls).contains("that is the limit"), "{}", private_text(&calls));
}

#[tokio::test]
async fn a_forum_that_requires_a_tag_gets_one_anyone_may_apply() {
    let (discord, table) = fresh().await;
    discord.require_tag(FORUM, &[(61, true), (62, false), (63, false)]);
    let calls = accept_in_forum(&discord, &table).await;
    let state = discord.state.lock().unwrap();
    let (&thread, _) = state.threads.iter().find(|(_, &parent)| parent == FORUM).expect("the post opened");
    assert_eq!(state.applied_tags[&thread], vec![62], "the first tag anyone may apply");
    assert!(posts_in(&calls, thread).iter().any(|c| !custom_ids(&c.body).is_empty()), "the board");
    let told = private_text(&calls);
    assert!(!told.contains("requires a tag") && !told.contains("error id"), "nothing to fix: {told}");
}

#[tokio::test]
async fn a_forum_whose_tags_only_moderators_may_apply_is_explained() {
    let (discord, table) = fresh().await;
    discord.require_tag(FORUM, &[(61, true)]);
    let calls = accept_in_forum(&discord, &table).await;
    let text = private_text(&calls);
    assert!(text.contains("requires a tag") && text.contains("Manage Threads"), "plain words: {text}");
    assert!(text.contains("The match is saved") && !text.contains("error id"), "{text}");
}

#[tokio::test]
async fn a_5xx_or_a_timeout_while_unarchiving_leaves_the_match_in_its_thread() {
    for failure in [Failure::ServerError, Failure::Timeout] {
        let (discord, table) = fresh().await;
        let (thread, match_id) = open_match(&discord, &table).await;
        discord.archive(thread);
        discord.fail(Some("PATCH"), format!("/channels/{thread}"), failure, None);
        answer_slash(&discord.http, &table, &slash(A, thread, "board"), async { Ok(Command::Board) })
            .await
            .unwrap();
        let calls = discord.take();
        let now_in = table.store().load_match(match_id).await.unwrap().thread.unwrap();
        assert_eq!(now_in, thread.to_string(), "{failure:?}: not moved on an answer that says nothing");
        assert!(
            calls.iter().all(|c| !c.path.ends_with("/threads")),
            "{failure:?}: no new thread: {calls:#?}"
        );
        assert!(private_text(&calls).contains("did not answer"), "{failure:?}: {}", private_text(&calls));
    }
}

#[tokio::test]
async fn a_match_accepted_just_before_a_stop_gets_its_thread_on_a_later_pass() {
    let (discord, table) = fresh().await;
    let accept_id = challenge_from(&discord, &table, A, B, CHANNEL).await.unwrap();
    // The process stops after the match is committed, before its thread opens:
    // here, the accepting click's effects are never carried out.
    let Some(CustomId::Accept { challenge: id }) = CustomId::decode(&accept_id) else { panic!() };
    let place = cardtable::table::Place {
        guild: Some(GUILD.to_string()),
        channel: CHANNEL.to_string(),
        thread: None,
    };
    let deck = CustomId::Deck { challenge: id }.encode();
    let select = cardtable::table::RequestKind::Select { custom_id: deck, value: starter_deck() };
    table.handle(cardtable::table::Request { user: person(B), place, kind: select }).await.unwrap();
    let matches = table.store().matches_for_user(&BOB.to_string(), None).await.unwrap();
    let match_id = matches[0].0.id;
    assert!(table.store().load_match(match_id).await.unwrap().thread.is_none());
    // The next process's passes: its accepter is given a backoff, then the ticker opens it.
    deliver_due(&discord.http, &table, table.now() + 5).await;
    assert!(
        discord.take().iter().all(|c| !c.path.ends_with("/threads")),
        "not while the accept may be opening it"
    );
    deliver_due(&discord.http, &table, table.now() + RETRY_BACKOFF_SECONDS + 5).await;
    let calls = discord.take();
    let thread: u64 =
        table.store().load_match(match_id).await.unwrap().thread.expect("opened").parse().unwrap();
    assert!(
        posts_in(&calls, thread).iter().any(|c| !custom_ids(&c.body).is_empty()),
        "the board: {calls:#?}"
    );
}

#[tokio::test]
async fn board_outside_a_thread_reaches_the_one_match_whose_thread_could_not_open() {
    let (discord, table) = fresh().await;
    let (first, _) = open_match_between(&discord, &table, A, B).await;
    let accept_id = challenge_from(&discord, &table, A, C, CHANNEL).await.unwrap();
    discord.fail(
        Some("POST"),
        format!("/channels/{CHANNEL}/threads"),
        Failure::Code("403 Forbidden", 50013),
        None,
    );
    accept(&discord, &table, C, CHANNEL, &accept_id).await;
    discord.take();
    discord.heal();
    // Alice has two matches; the second has no thread to type /board in.
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "board"), async { Ok(Command::Board) })
        .await
        .unwrap();
    let calls = discord.take();
    assert!(!private_text(&calls).contains("matches; use this command"), "{}", private_text(&calls));
    let second = accepted_challenge(&table, &accept_id).await.expect("accepted");
    let thread: u64 =
        table.store().load_match(second).await.unwrap().thread.expect("opened").parse().unwrap();
    assert_ne!(thread, first);
    assert!(
        posts_in(&calls, thread).iter().any(|c| !custom_ids(&c.body).is_empty()),
        "the board: {calls:#?}"
    );
}

/// Reminders ("Your move is waiting") posted in `thread` among `calls`.
fn reminders_in(calls: &[Call], thread: u64) -> usize {
    posts_in(calls, thread).iter().filter(|c| text_of(&c.body).contains("Your move is waiting")).count()
}

#[tokio::test]
async fn a_stop_between_finding_a_reminder_due_and_sending_it_loses_no_reminder() {
    let (discord, table) = fresh().await;
    let (thread, _) = open_match(&discord, &table).await;
    let at = table.now() + 13 * 3600;
    // A pass finds the reminder due, and the process stops before it is sent.
    let due = table.tick_due(at).await.unwrap();
    assert!(!due.is_empty(), "the reminder was due");
    drop(due);
    // The next process's pass sends it, and no later pass sends it again.
    deliver_due(&discord.http, &table, at + 30).await;
    let calls = discord.take();
    assert_eq!(reminders_in(&calls, thread), 1, "the reminder after the stop: {calls:#?}");
    deliver_due(&discord.http, &table, at + 60).await;
    assert_eq!(reminders_in(&discord.take(), thread), 0, "sent once");
}

#[tokio::test]
async fn the_board_after_time_is_called_is_posted_by_a_later_pass_when_posting_it_failed() {
    let discord = FakeDiscord::start().await;
    // Time is called by the table's clock, which the ticker's passes follow.
    let clock = std::sync::Arc::new(cardtable::table::ManualClock::new(1_704_067_200));
    let table = Table::with_clock(cardtable::store::Store::open_memory().await.unwrap(), clock.clone());
    let library = cardtable::games::Library::embedded().unwrap();
    let deck = library.catalog(cardtable::games::GameId::Athernum).starter_decks()[0].name.clone();
    let seating = cardtable::table::Seating { time_limit: Some("1h".into()), ..Default::default() };
    let command = Command::Challenge {
        opponent: bob(),
        game: "athernum".into(),
        deck: Some(deck.clone()),
        deadline_hours: None,
        variant: None,
        seating: Box::new(seating),
    };
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(command) })
        .await
        .unwrap();
    let calls = discord.take();
    let accept_id = custom_ids(&posts_in(&calls, CHANNEL)[0].body)
        .into_iter()
        .find(|i| i.starts_with("accept:"))
        .unwrap();
    on_component(&discord.http, &table, &click(B, CHANNEL, &accept_id)).await;
    let calls = discord.take();
    let deck_id =
        custom_ids(&private_replies(&calls)[0].body).into_iter().find(|i| i.starts_with("deck:")).unwrap();
    on_component(&discord.http, &table, &select(B, CHANNEL, &deck_id, &deck)).await;
    discord.take();
    let match_id = accepted_challenge(&table, &accept_id).await.expect("accepted");
    let thread: u64 =
        table.store().load_match(match_id).await.unwrap().thread.expect("opened").parse().unwrap();
    let version = table.store().load_match(match_id).await.unwrap().version;
    // Time is called while Discord refuses every post in the thread.
    // An hour: no reminder falls in this test, only the time call.
    clock.advance(3600 + 5);
    let at = table.now();
    discord.fail(Some("POST"), format!("/channels/{thread}/messages"), Failure::ServerError, None);
    deliver_due(&discord.http, &table, at).await;
    let calls = discord.take();
    assert!(posts_in(&calls, thread).is_empty(), "{calls:#?}");
    assert!(table.store().load_match(match_id).await.unwrap().version > version, "time was called");
    discord.heal();
    // After the backoff, a pass posts the board the players are waiting for.
    clock.set(at + RETRY_BACKOFF_SECONDS + 10);
    deliver_due(&discord.http, &table, table.now()).await;
    let calls = discord.take();
    let boards: Vec<_> = posts_in(&calls, thread)
        .into_iter()
        .filter(|c| custom_ids(&c.body).iter().any(|id| !id.starts_with("claim")))
        .collect();
    assert_eq!(boards.len(), 1, "the board, once: {calls:#?}");
    clock.set(at + 2 * RETRY_BACKOFF_SECONDS + 20);
    deliver_due(&discord.http, &table, table.now()).await;
    let calls = discord.take();
    assert!(posts_in(&calls, thread).iter().all(|c| custom_ids(&c.body).is_empty()), "not again: {calls:#?}");
}
