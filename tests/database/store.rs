//! The persistence layer on a fresh, migrated SQLite file; with
//! CARDTABLE_TEST_POSTGRES set, on a fresh PostgreSQL schema instead
//! (tests that are about SQLite files stay on SQLite).

use crate::pg_support;

use std::path::Path;
use std::str::FromStr;

use cardtable::store::{
    BoardSwap, ChallengeStatus, Commit, MatchStatus, NewChallenge, NewMatch, NewSeat, Store, StoreError,
    UserSettings,
};

const HOUR: i64 = 3600;

fn url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

async fn fresh() -> (tempfile::TempDir, Store) {
    let (dir, store, _) = fresh_shared().await;
    (dir, store)
}

/// A fresh database and its URL, for a second store on it (another
/// process, as far as the database can tell).
async fn fresh_shared() -> (tempfile::TempDir, Store, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (store, url) = pg_support::fresh_store(&url(&dir.path().join("cardtable.db"))).await;
    (dir, store, url)
}

fn new_match(now: i64) -> NewMatch {
    NewMatch {
        game: "spheres".into(),
        variant: None,
        guild: Some("guild".into()),
        channel: "general".into(),
        thread: None,
        setup: r#"{"seed":7}"#.into(),
        state: r#"{"turn":0}"#.into(),
        seats: vec![
            NewSeat { seat: 0, user_id: "alice".into(), deck_name: "red".into() },
            NewSeat { seat: 1, user_id: "bob".into(), deck_name: "blue".into() },
        ],
        to_act: vec![0],
        deadline_at: Some(now + 72 * HOUR),
        limit_hours: 72,
        time_up_at: None,
        now,
    }
}

fn new_challenge(now: i64) -> NewChallenge {
    NewChallenge {
        guild: Some("guild".into()),
        channel: "general".into(),
        thread: None,
        challenger: "alice".into(),
        opponent: "bob".into(),
        game: "spheres".into(),
        challenger_deck: "red".into(),
        variant: None,
        deadline_hours: 72,
        created_at: now,
        expires_at: now + 24 * HOUR,
        starts: None,
        mode: None,
        assembly: None,
        best_of: None,
        time_limit: None,
        seats: Vec::new(),
    }
}

/// One action by `seat`, leaving `state` and `to_act` behind.
async fn commit_one(
    store: &Store,
    id: i64,
    expected_version: i64,
    seat: i64,
    state: &str,
) -> Result<i64, StoreError> {
    let actions = [(seat, format!(r#"{{"by":{seat},"at":{expected_version}}}"#))];
    store
        .commit_actions(
            id,
            &Commit {
                expected_version,
                actions: &actions,
                state,
                status: MatchStatus::Active,
                outcome: None,
                to_act: &[1 - seat],
                deadline_at: Some(expected_version * HOUR + 72 * HOUR),
                now: expected_version * HOUR,
                orders: "",
                board_events: "",
                pass_at: None,
            },
        )
        .await
}

#[tokio::test]
async fn matches_created_together_are_all_stored_or_none() {
    let (_dir, store) = fresh().await;
    let ids = store.create_matches(&[new_match(0), new_match(1), new_match(2)]).await.unwrap();
    assert_eq!(ids.len(), 3);
    for (i, id) in ids.iter().enumerate() {
        let (row, seats) = store.load_match_with_seats(*id).await.unwrap();
        assert_eq!(row.created_at, i as i64);
        assert_eq!(seats.iter().map(|s| s.user_id.as_str()).collect::<Vec<_>>(), ["alice", "bob"]);
    }
    // The last match of a batch cannot be stored (two players in seat 0):
    // nothing of the batch is.
    let mut broken = new_match(3);
    broken.seats[1].seat = 0;
    assert!(store.create_matches(&[new_match(3), broken]).await.is_err());
    assert_eq!(store.count_matches().await.unwrap(), 3);
}

/// What the load test does before its clock starts (`Store::warm`,
/// `Store::settle`) keeps every stored match and leaves the store
/// serving; warming opens the connections asked for, up to the pool's
/// maximum.
#[tokio::test]
async fn a_warmed_and_settled_store_keeps_its_matches_and_serves() {
    let (_dir, store) = fresh().await;
    let ids = store.create_matches(&[new_match(0), new_match(1)]).await.unwrap();
    commit_one(&store, ids[0], 0, 0, "s1").await.unwrap();
    let before = store.open_connections();
    store.warm(3).await.unwrap();
    if store.backend_name() == "postgres" {
        // SQLite's connections are all open from the start; the pool's
        // open as they are wanted.
        assert!(store.open_connections() >= 3, "warming opened 3 connections (had {before})");
        store.warm(10_000).await.unwrap();
        let most = cardtable::store::PoolSize::from_env().expect("the test's pool settings").max as usize;
        assert_eq!(store.open_connections(), most, "as many as the pool may hold, no more");
    }
    store.settle().await.unwrap();
    assert_eq!(store.count_matches().await.unwrap(), 2);
    assert_eq!(store.load_match(ids[0]).await.unwrap().version, 1);
    assert_eq!(
        commit_one(&store, ids[0], 1, 1, "s2").await.unwrap(),
        2,
        "the settled store commits as before"
    );
}

#[tokio::test]
async fn created_match_starts_at_version_zero_with_its_seats() {
    let (_dir, store) = fresh().await;
    let id = store.create_match(&new_match(0)).await.unwrap();
    let row = store.load_match(id).await.unwrap();
    assert_eq!(row.version, 0);
    assert_eq!(row.status, MatchStatus::Active);
    assert_eq!(row.setup, r#"{"seed":7}"#);
    assert_eq!(row.seats_to_act().unwrap(), vec![0]);
    assert_eq!(row.turn_started_at, Some(0));
    let (_, seats) = store.load_match_with_seats(id).await.unwrap();
    assert_eq!(
        seats.iter().map(|s| (s.seat, s.user_id.as_str())).collect::<Vec<_>>(),
        [(0, "alice"), (1, "bob")]
    );
    assert!(store.match_actions(id).await.unwrap().is_empty());
    assert_eq!(store.count_matches().await.unwrap(), 1);
    assert!(matches!(store.load_match(id + 1).await, Err(StoreError::NotFound(_))));
}

#[tokio::test]
async fn commit_at_the_offered_version_applies_once() {
    let (_dir, store) = fresh().await;
    let id = store.create_match(&new_match(0)).await.unwrap();
    let actions = [(0, r#""a""#.to_owned()), (1, r#""b""#.to_owned())];
    let commit = Commit {
        expected_version: 0,
        actions: &actions,
        state: r#"{"turn":1}"#,
        status: MatchStatus::Active,
        outcome: None,
        to_act: &[1],
        deadline_at: Some(80 * HOUR),
        now: 8 * HOUR,
        orders: "",
        board_events: "",
        pass_at: None,
    };
    assert_eq!(store.commit_actions(id, &commit).await.unwrap(), 2);

    let row = store.load_match(id).await.unwrap();
    assert_eq!(row.version, 2);
    assert_eq!(row.state, r#"{"turn":1}"#);
    assert_eq!(row.seats_to_act().unwrap(), vec![1]);
    assert_eq!(row.deadline_at, Some(80 * HOUR));
    assert_eq!(row.turn_started_at, Some(8 * HOUR));
    assert_eq!(row.updated_at, 8 * HOUR);
    let log = store.match_actions(id).await.unwrap();
    assert_eq!(
        log.iter().map(|a| (a.seq, a.seat, a.action.as_str())).collect::<Vec<_>>(),
        [(1, 0, r#""a""#), (2, 1, r#""b""#)]
    );
    assert_eq!(store.match_actions_after(id, 1).await.unwrap().len(), 1);
}

#[tokio::test]
async fn stale_commit_conflicts_and_changes_nothing() {
    let (_dir, store) = fresh().await;
    let id = store.create_match(&new_match(0)).await.unwrap();
    commit_one(&store, id, 0, 0, "after-first").await.unwrap();
    let before = store.load_match(id).await.unwrap();

    // The same button clicked twice, and a button from an older board.
    for stale in [0, 5, -1] {
        let result = commit_one(&store, id, stale, 0, "stale").await;
        assert!(matches!(result, Err(StoreError::Conflict)), "{result:?}");
    }
    assert_eq!(store.load_match(id).await.unwrap(), before);
    assert_eq!(store.match_actions(id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn versions_stay_gapless_over_many_commits() {
    let (_dir, store) = fresh().await;
    let id = store.create_match(&new_match(0)).await.unwrap();
    let mut version = 0;
    for step in 0..60 {
        let state = format!("state {step}");
        version = commit_one(&store, id, version, step % 2, &state).await.unwrap();
        assert_eq!(version, step + 1);
    }
    let row = store.load_match(id).await.unwrap();
    assert_eq!((row.version, row.state.as_str()), (60, "state 59"));
    let seqs: Vec<i64> = store.match_actions(id).await.unwrap().iter().map(|a| a.seq).collect();
    assert_eq!(seqs, (1..=60).collect::<Vec<_>>());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_commits_at_one_version_apply_exactly_once() {
    let (_dir, first, location) = fresh_shared().await;
    // A second pool on the same database stands in for a second process.
    let second = Store::open(&location).await.unwrap();
    let id = first.create_match(&new_match(0)).await.unwrap();

    let tasks: Vec<_> = (0..50)
        .map(|n| {
            let store = if n % 2 == 0 { first.clone() } else { second.clone() };
            tokio::spawn(async move { commit_one(&store, id, 0, 0, &format!("winner {n}")).await })
        })
        .collect();
    let mut wins = Vec::new();
    for (n, task) in tasks.into_iter().enumerate() {
        match task.await.unwrap() {
            Ok(version) => wins.push((n, version)),
            Err(StoreError::Conflict) => {}
            Err(other) => panic!("task {n}: unexpected {other}"),
        }
    }
    assert_eq!(wins.len(), 1, "{wins:?}");
    let (winner, version) = wins[0];
    assert_eq!(version, 1);
    let row = second.load_match(id).await.unwrap();
    assert_eq!(row.version, 1);
    assert_eq!(row.state, format!("winner {winner}"));
    assert_eq!(first.match_actions(id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn finished_and_corrupt_matches_take_no_more_actions() {
    let (_dir, store) = fresh().await;
    let id = store.create_match(&new_match(0)).await.unwrap();
    let actions = [(1, r#""concede""#.to_owned())];
    store
        .commit_actions(
            id,
            &Commit {
                expected_version: 0,
                actions: &actions,
                state: "{}",
                status: MatchStatus::Finished,
                outcome: Some(r#"{"winner":0}"#),
                to_act: &[],
                deadline_at: None,
                now: 10,
                orders: "",
                board_events: "",
                pass_at: None,
            },
        )
        .await
        .unwrap();
    let row = store.load_match(id).await.unwrap();
    assert_eq!(row.status, MatchStatus::Finished);
    assert_eq!(row.outcome.as_deref(), Some(r#"{"winner":0}"#));
    assert_eq!(row.turn_started_at, None);
    assert!(matches!(commit_one(&store, id, 1, 0, "late").await, Err(StoreError::Conflict)));

    let other = store.create_match(&new_match(0)).await.unwrap();
    store.mark_corrupt(other, "state does not parse").await.unwrap();
    match commit_one(&store, other, 0, 0, "x").await {
        Err(StoreError::Corrupt { match_id, reason }) => {
            assert_eq!(match_id, other);
            assert_eq!(reason, "state does not parse");
        }
        unexpected => panic!("{unexpected:?}"),
    }
    assert!(matches!(commit_one(&store, 999, 0, 0, "x").await, Err(StoreError::NotFound(_))));
    assert!(matches!(
        store
            .commit_actions(
                id,
                &Commit {
                    expected_version: 1,
                    actions: &[],
                    state: "{}",
                    status: MatchStatus::Active,
                    outcome: None,
                    to_act: &[],
                    deadline_at: None,
                    now: 0,
                    orders: "",
                    board_events: "",
                    pass_at: None,
                },
            )
            .await,
        Err(StoreError::Invalid(_))
    ));
}

#[tokio::test]
async fn board_messages_only_move_forward() {
    let (_dir, store) = fresh().await;
    let id = store.create_match(&new_match(0)).await.unwrap();
    store.set_thread(id, "thread-1").await.unwrap();
    assert_eq!(store.match_in_thread("thread-1").await.unwrap().map(|m| m.id), Some(id));
    let swap = |message: &'static str, version: i64| {
        let store = store.clone();
        async move {
            let update = store.set_board_message(id, message, version).await.unwrap();
            assert_eq!(update.thread.as_deref(), Some("thread-1"), "the thread comes back with the swap");
            update.swap
        }
    };
    assert_eq!(swap("m0", 0).await, BoardSwap::Replaced { previous: None });
    assert_eq!(swap("m3", 3).await, BoardSwap::Replaced { previous: Some("m0".into()) });
    assert_eq!(swap("m2", 2).await, BoardSwap::Stale);
    assert!(matches!(store.set_board_message(id + 1, "m9", 9).await, Err(StoreError::NotFound(_))));
    let row = store.load_match(id).await.unwrap();
    assert_eq!((row.board_message.as_deref(), row.last_board_version), (Some("m3"), 3));
}

#[tokio::test]
async fn reminders_then_deadline_fall_due_once_each() {
    let (_dir, store) = fresh().await;
    let schedule = [12, 24];
    let id = store.create_match(&new_match(0)).await.unwrap();
    let due = |now| {
        let store = store.clone();
        async move {
            store.active_matches_due(now, &schedule).await.unwrap().iter().map(|m| m.id).collect::<Vec<_>>()
        }
    };
    assert!(due(11 * HOUR).await.is_empty());
    assert_eq!(due(12 * HOUR).await, [id]);
    assert!(store.record_reminder(id, 0, 1).await.unwrap());
    assert!(!store.record_reminder(id, 0, 1).await.unwrap(), "sent twice");
    assert!(due(23 * HOUR).await.is_empty());
    assert_eq!(due(24 * HOUR).await, [id]);
    assert!(store.record_reminder(id, 0, 2).await.unwrap());
    assert!(due(71 * HOUR).await.is_empty());
    assert_eq!(due(72 * HOUR).await, [id]);
    assert!(store.record_reminder(id, 0, 3).await.unwrap());
    assert!(due(500 * HOUR).await.is_empty());

    // A new decision restarts the clock and the reminders.
    commit_one(&store, id, 0, 0, "moved").await.unwrap();
    let row = store.load_match(id).await.unwrap();
    assert_eq!((row.reminders_sent, row.turn_started_at), (0, Some(0)));
    assert!(!store.record_reminder(id, 0, 1).await.unwrap(), "old version");
    commit_one(&store, id, 1, 1, "moved again").await.unwrap();
    let row = store.load_match(id).await.unwrap();
    assert_eq!((row.reminders_sent, row.turn_started_at), (0, Some(HOUR)));
    assert!(due(12 * HOUR).await.is_empty());
    assert_eq!(due(13 * HOUR).await, [id]);
}

#[tokio::test]
async fn a_match_is_listed_for_each_seated_player() {
    let (_dir, store) = fresh().await;
    let id = store.create_match(&new_match(0)).await.unwrap();
    let alice = store.matches_for_user("alice", None).await.unwrap();
    assert_eq!(alice.iter().map(|(m, seat)| (m.id, *seat)).collect::<Vec<_>>(), [(id, 0)]);
    let bob = store.matches_for_user("bob", Some(MatchStatus::Active)).await.unwrap();
    assert_eq!(bob.len(), 1);
    assert_eq!(bob[0].1, 1);
    assert!(store.matches_for_user("bob", Some(MatchStatus::Finished)).await.unwrap().is_empty());
    assert!(store.matches_for_user("carol", None).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_challenge_is_accepted_only_once() {
    let (_dir, store) = fresh().await;
    let id = store.create_challenge(&new_challenge(0)).await.unwrap();
    store.set_challenge_message(id, "msg").await.unwrap();
    assert_eq!(
        store.open_challenge_between("bob", "alice", Some("spheres"), 1).await.unwrap().map(|c| c.id),
        Some(id)
    );
    assert!(store.open_challenge_between("alice", "bob", Some("certamen"), 1).await.unwrap().is_none());

    let setup = new_match(10);
    let (first, second) =
        tokio::join!(store.accept_challenge(id, 10, &setup), store.accept_challenge(id, 10, &setup),);
    let created: Vec<i64> = [first.unwrap(), second.unwrap()].into_iter().flatten().collect();
    assert_eq!(created.len(), 1);
    assert_eq!(store.count_matches().await.unwrap(), 1);
    let row = store.challenge(id).await.unwrap();
    assert_eq!(row.status, ChallengeStatus::Accepted);
    assert_eq!(row.match_id, Some(created[0]));
    assert_eq!(row.message_id.as_deref(), Some("msg"));
    assert!(!store.set_challenge_status(id, ChallengeStatus::Declined).await.unwrap());
    assert!(store.open_challenge_between("alice", "bob", None, 11).await.unwrap().is_none());

    let declined = store.create_challenge(&new_challenge(0)).await.unwrap();
    assert!(store.set_challenge_status(declined, ChallengeStatus::Declined).await.unwrap());
    assert!(!store.set_challenge_status(declined, ChallengeStatus::Accepted).await.unwrap());
    assert_eq!(store.accept_challenge(declined, 10, &new_match(10)).await.unwrap(), None);
}

#[tokio::test]
async fn unanswered_challenges_expire() {
    let (_dir, store) = fresh().await;
    let id = store.create_challenge(&new_challenge(0)).await.unwrap();
    assert!(store.expire_due_challenges(HOUR).await.unwrap().is_empty());
    // Past its time it can no longer be accepted, even before the sweep.
    assert_eq!(store.accept_challenge(id, 24 * HOUR, &new_match(0)).await.unwrap(), None);
    let expired = store.expire_due_challenges(24 * HOUR).await.unwrap();
    assert_eq!(expired.len(), 1);
    assert_eq!(expired[0].status, ChallengeStatus::Expired);
    assert!(store.expire_due_challenges(48 * HOUR).await.unwrap().is_empty());
    assert_eq!(store.count_matches().await.unwrap(), 0);
}

#[tokio::test]
async fn decks_are_saved_per_owner_and_game() {
    let (_dir, store) = fresh().await;
    let saved = store.save_deck("alice", "spheres", "Aggro", "4 Ember Imp", 100).await.unwrap().unwrap();
    let resaved = store.save_deck("alice", "spheres", "aggro", "3 Ember Imp", 100).await.unwrap().unwrap();
    assert_eq!(saved.id, resaved.id, "same deck, any case");
    store.save_deck("alice", "certamen", "Aggro", "1 Pillar", 100).await.unwrap().unwrap();
    store.save_deck("bob", "spheres", "Aggro", "x", 100).await.unwrap().unwrap();

    assert_eq!(store.decks("alice", None).await.unwrap().len(), 2);
    let spheres = store.decks("alice", Some("spheres")).await.unwrap();
    assert_eq!(spheres.len(), 1);
    assert_eq!(spheres[0].cards, "3 Ember Imp");
    let deck = store.deck("alice", "spheres", "AGGRO").await.unwrap();
    assert_eq!(deck.map(|d| d.cards), Some("3 Ember Imp".into()));

    assert!(store.delete_deck("alice", "spheres", "aggro").await.unwrap());
    assert!(!store.delete_deck("alice", "spheres", "aggro").await.unwrap());
    assert!(store.deck("alice", "spheres", "aggro").await.unwrap().is_none());
}

#[tokio::test]
async fn users_keep_their_settings() {
    let (_dir, store) = fresh().await;
    assert_eq!(store.user_settings("alice").await.unwrap(), UserSettings::default());
    let alice = store.get_or_create_user("alice", "Alice").await.unwrap();
    // Reminders by direct message are opt-in.
    assert!(!alice.hold_priority && !alice.dm_reminders);
    let settings = UserSettings { hold_priority: true, dm_reminders: false, auto_pass: true, turn_dm: false };
    store.set_user_settings("alice", settings).await.unwrap();
    assert_eq!(store.user_settings("alice").await.unwrap(), settings);
    let renamed = store.get_or_create_user("alice", "Alicia").await.unwrap();
    assert_eq!(renamed.name, "Alicia");
    assert!(renamed.hold_priority, "settings survive a rename");

    store.set_user_settings("carol", settings).await.unwrap();
    assert_eq!(store.user_settings("carol").await.unwrap(), settings);
}

#[tokio::test]
async fn board_pictures_are_kept_per_player_and_per_server() {
    let (_dir, store) = fresh().await;
    assert_eq!(store.user_board("alice").await.unwrap(), None, "not chosen: the server's default");
    store.set_user_board("alice", "image").await.unwrap();
    assert_eq!(store.user_board("alice").await.unwrap().as_deref(), Some("image"));
    store.get_or_create_user("alice", "Alicia").await.unwrap();
    assert_eq!(store.user_board("alice").await.unwrap().as_deref(), Some("image"), "kept over a rename");
    store.set_user_board("alice", "both").await.unwrap();
    assert_eq!(store.user_board("alice").await.unwrap().as_deref(), Some("both"));
    // Another setting leaves it alone, and it leaves the others alone.
    let settings = UserSettings { hold_priority: true, ..UserSettings::default() };
    store.set_user_settings("alice", settings).await.unwrap();
    assert_eq!(store.user_board("alice").await.unwrap().as_deref(), Some("both"));
    assert_eq!(store.user_settings("alice").await.unwrap(), settings);

    assert_eq!(store.server_board("g1").await.unwrap(), None);
    store.set_leaderboard_enabled("g1", false).await.unwrap();
    store.set_server_board("g1", "image").await.unwrap();
    assert_eq!(store.server_board("g1").await.unwrap().as_deref(), Some("image"));
    assert!(!store.leaderboard_enabled("g1").await.unwrap(), "the leaderboard switch stays");
    assert_eq!(store.server_board("g2").await.unwrap(), None, "one server's default is its own");
}

#[tokio::test]
async fn reopening_the_file_keeps_everything() {
    let dir = tempfile::tempdir().unwrap();
    let location = url(&dir.path().join("cardtable.db"));
    let store = Store::open(&location).await.unwrap();
    let id = store.create_match(&new_match(0)).await.unwrap();
    commit_one(&store, id, 0, 0, "kept").await.unwrap();
    store.close().await;

    for _ in 0..2 {
        let store = Store::open(&location).await.expect("migrations re-run cleanly");
        let row = store.load_match(id).await.unwrap();
        assert_eq!((row.version, row.state.as_str()), (1, "kept"));
        assert_eq!(store.match_actions(id).await.unwrap().len(), 1);
        store.close().await;
    }
}

#[tokio::test]
async fn a_closed_store_refuses_plainly_and_leaves_the_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cardtable.db");
    let store = Store::open(&url(&path)).await.unwrap();
    let id = store.create_match(&new_match(0)).await.unwrap();
    let clone = store.clone();
    store.close().await;
    // Every clone shares the connections: none reads or writes any more.
    let read = clone.load_match(id).await.map(drop);
    let write = clone.create_match(&new_match(1)).await.map(drop);
    for (what, result) in [("read", read), ("write", write)] {
        let e = result.expect_err(what);
        assert!(e.to_string().contains("has been closed"), "{what}: {e}");
    }
    // The last connection folded the write-ahead log into the file.
    assert!(!dir.path().join("cardtable.db-wal").exists(), "the log is left over");
    let reopened = Store::open(&url(&path)).await.unwrap();
    assert_eq!(reopened.count_matches().await.unwrap(), 1);
}

#[tokio::test]
async fn a_missing_directory_is_reported_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let location = url(&dir.path().join("no-such-dir").join("cardtable.db"));
    let message = match Store::open(&location).await {
        Err(e @ StoreError::Open { .. }) => e.to_string(),
        other => panic!("expected an open error, got {other:?}"),
    };
    assert!(message.contains("no-such-dir"), "{message}");
    assert!(message.contains("does not exist"), "{message}");
}

#[tokio::test]
async fn memory_store_works_for_tests() {
    let store = Store::open_memory().await.unwrap();
    let id = store.create_match(&new_match(0)).await.unwrap();
    assert_eq!(commit_one(&store, id, 0, 0, "s").await.unwrap(), 1);
    assert_eq!(store.count_matches().await.unwrap(), 1);
}

#[tokio::test]
async fn writing_a_read_only_database_is_reported_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let location = url(&dir.path().join("cardtable.db"));
    Store::open(&location).await.unwrap().close().await;

    let result = match Store::open(&format!("{location}?mode=ro")).await {
        Ok(store) => store.create_match(&new_match(0)).await.map(drop),
        Err(e) => Err(e),
    };
    let message = result.expect_err("a read-only database refuses writes").to_string();
    assert!(message.contains("read-only"), "{message}");
}

#[tokio::test]
async fn a_match_out_of_time_is_listed_until_its_time_is_called() {
    let (_dir, store) = fresh().await;
    let now = 1_000 * HOUR;
    let limited =
        store.create_match(&NewMatch { time_up_at: Some(now + 24 * HOUR), ..new_match(now) }).await.unwrap();
    let unlimited = store.create_match(&new_match(now)).await.unwrap();
    assert!(store.matches_out_of_time(now + 23 * HOUR).await.unwrap().is_empty());
    assert_eq!(store.matches_out_of_time(now + 24 * HOUR).await.unwrap(), vec![limited]);
    assert_eq!(store.load_match(limited).await.unwrap().time_up_at, Some(now + 24 * HOUR));
    assert_eq!(store.load_match(unlimited).await.unwrap().time_up_at, None);
    store.time_called(limited).await.unwrap();
    assert!(store.matches_out_of_time(now + 48 * HOUR).await.unwrap().is_empty());
    let stored = store
        .create_challenge(&NewChallenge {
            best_of: Some(3),
            time_limit: Some(7 * 24 * 3600),
            ..new_challenge(now)
        })
        .await
        .unwrap();
    let row = store.challenge(stored).await.unwrap();
    assert_eq!((row.best_of, row.time_limit), (Some(3), Some(7 * 24 * 3600)));
}

#[tokio::test]
async fn a_lost_thread_is_left_to_its_mover_until_the_backoff_ends() {
    let (_dir, store) = fresh().await;
    let id = store.create_match(&new_match(0)).await.unwrap();
    store.set_thread(id, "thread-1").await.unwrap();
    assert_eq!(store.lose_thread("thread-1", 100 + 60).await.unwrap(), Some(id));
    // The batch that lost it is opening the new thread: the ticker waits.
    assert!(store.matches_needing_thread(100, 0).await.unwrap().is_empty());
    let due = store.matches_needing_thread(160, 0).await.unwrap();
    assert_eq!(due, vec![(id, Some("thread-1".to_owned()))], "after the backoff the ticker reopens it");
    store.set_thread(id, "thread-2").await.unwrap();
    assert!(store.matches_needing_thread(10_000, 0).await.unwrap().is_empty(), "opened: nothing to do");
}

#[tokio::test]
async fn a_thread_being_opened_is_not_opened_again_by_the_ticker() {
    let (_dir, store) = fresh().await;
    let id = store.create_match(&new_match(0)).await.unwrap();
    // Opening failed once: the ticker's turn comes at 60.
    store.delivery_failed(id, 0, 60, 3600).await.unwrap();
    assert_eq!(store.matches_needing_thread(60, 0).await.unwrap().len(), 1);
    // A click starts opening it at 60: the ticker waits for its backoff.
    store.hold_thread_opening(id, 120).await.unwrap();
    assert!(store.matches_needing_thread(60, 0).await.unwrap().is_empty());
    assert_eq!(store.matches_needing_thread(120, 0).await.unwrap().len(), 1);
    // A later retry time is never brought forward.
    store.hold_thread_opening(id, 90).await.unwrap();
    assert!(store.matches_needing_thread(100, 0).await.unwrap().is_empty());
    // A match with a thread is left as it is: its reminders are not held.
    store.set_thread(id, "thread-1").await.unwrap();
    store.hold_thread_opening(id, 100 * HOUR).await.unwrap();
    assert_eq!(store.active_matches_due(12 * HOUR, &[12]).await.unwrap().len(), 1);
}

/// Issue 35, finding 5: the cap on saved decks is part of the write, and
/// deck names for autocomplete come without the lists.
#[tokio::test]
async fn a_new_deck_beyond_the_cap_is_not_saved_but_a_kept_one_is_replaced() {
    let (_dir, store) = fresh().await;
    store.save_deck("alice", "spheres", "One", "1 A", 2).await.unwrap().unwrap();
    store.save_deck("alice", "certamen", "Two", "1 B", 2).await.unwrap().unwrap();
    assert!(
        store.save_deck("alice", "spheres", "Three", "1 C", 2).await.unwrap().is_none(),
        "beyond the cap"
    );
    let kept = store.save_deck("alice", "spheres", "one", "2 A", 2).await.unwrap().expect("a kept name");
    assert_eq!(kept.cards, "2 A");
    store.save_deck("bob", "spheres", "Three", "1 C", 2).await.unwrap().expect("another owner");
    assert_eq!(store.deck_count("alice").await.unwrap(), 2);
    assert_eq!(
        store.deck_names("alice").await.unwrap(),
        vec![("certamen".to_owned(), "Two".to_owned()), ("spheres".to_owned(), "one".to_owned())]
    );
}

/// The versions of a migration folder, with their names: `0002_x.sql` → (2, "x").
fn migration_set(dir: &Path) -> Vec<(u32, String)> {
    let mut set: Vec<(u32, String)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            let stem = name.strip_suffix(".sql")?;
            let (version, title) = stem.split_once('_')?;
            Some((version.parse().ok()?, title.to_owned()))
        })
        .collect();
    set.sort();
    set
}

#[test]
fn every_sqlite_migration_has_its_postgres_twin() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let sqlite = migration_set(&root);
    let postgres = migration_set(&root.join("postgres"));
    assert!(sqlite.len() >= 15, "{sqlite:?}");
    assert_eq!(
        sqlite, postgres,
        "migrations/ and migrations/postgres/ must hold the same versions and names: \
         write the PostgreSQL twin of each new SQLite migration (README, Adding a migration)"
    );
}

/// A start-up error: one line, naming DATABASE_URL, without the password.
fn assert_operator_line(message: &str, fix: &str) {
    assert!(!message.contains('\n'), "one line: {message}");
    assert!(message.contains("DATABASE_URL"), "names the setting: {message}");
    assert!(message.contains(fix), "says the fix ({fix}): {message}");
    assert!(!message.contains("s3cret"), "keeps the password out: {message}");
}

async fn open_error(url: &str) -> String {
    match Store::open(url).await {
        Ok(_) => panic!("{url} opened"),
        Err(e) => e.to_string(),
    }
}

#[tokio::test]
async fn a_malformed_postgres_url_is_reported_with_its_form() {
    let message = open_error("postgres://bot:s3cret@db.internal:port/cardtable").await;
    assert_operator_line(&message, "postgres://user:password@host:5432/database");
}

#[tokio::test]
async fn an_unreachable_postgres_server_is_reported_with_the_fix() {
    // A port nobody listens on: bound, then given back.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let started = std::time::Instant::now();
    let message = open_error(&format!("postgres://bot:s3cret@127.0.0.1:{port}/cardtable")).await;
    assert_operator_line(&message, "check the host and port");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(4),
        "refused at once: {:?}",
        started.elapsed()
    );
}

/// The server's host, port and database, for URLs with other users.
fn server_parts(server: &str) -> (String, u16, String) {
    let options = sqlx::postgres::PgConnectOptions::from_str(server).unwrap();
    (
        options.get_host().to_owned(),
        options.get_port(),
        options.get_database().unwrap_or("postgres").to_owned(),
    )
}

#[tokio::test]
async fn a_wrong_postgres_password_is_reported_with_the_fix() {
    let Some(server) = pg_support::server() else { return pg_support::skipped("a_wrong_postgres_password") };
    let (host, port, database) = server_parts(&server);
    let user = sqlx::postgres::PgConnectOptions::from_str(&server).unwrap().get_username().to_owned();
    let url = format!("postgres://{user}:s3cret-but-wrong@{host}:{port}/{database}");
    match Store::open(&url).await {
        Ok(_) => println!("skipped: the server at {host}:{port} lets {user} in without a password"),
        Err(e) => assert_operator_line(&e.to_string(), "fix them in DATABASE_URL"),
    }
}

#[tokio::test]
async fn a_postgres_database_without_migrations_that_the_user_cannot_write_is_reported() {
    use sqlx::Connection;
    let Some(server) = pg_support::server() else {
        return pg_support::skipped("a_postgres_database_without_migrations");
    };
    // A user that may log in and look, but not create tables, and a
    // schema of its own with nothing in it.
    let role = format!("r_{}", uuid::Uuid::new_v4().simple());
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    for sql in [
        format!("CREATE ROLE {role} LOGIN PASSWORD 's3cret'"),
        format!("CREATE SCHEMA s_{role}"),
        format!("GRANT USAGE ON SCHEMA s_{role} TO {role}"),
    ] {
        sqlx::query(&sql).execute(&mut admin).await.unwrap();
    }
    let (host, port, database) = server_parts(&server);
    let url = format!("postgres://{role}:s3cret@{host}:{port}/{database}?options[search_path]=s_{role}");
    let message = open_error(&url).await;
    assert_operator_line(&message, "naming the database's owner");
}

/// Issue 54: the marks abuse limits count name people by a keyed hash
/// (the same for the same id, never the id), are counted per kind, person
/// and person invited, go when their window is over, and one can be taken
/// back; a server's caps and erasures are kept per server.
#[tokio::test]
async fn limit_marks_count_by_keyed_hash_expire_and_can_be_taken_back() {
    use cardtable::store::{LimitKind, ServerCaps};
    let (_dir, store) = fresh().await;
    let t = 1_000_000;
    store.add_limit_mark(LimitKind::Challenge, "alice", "bob", t, 3600).await.unwrap();
    store.add_limit_mark(LimitKind::Challenge, "alice", "bob", t + 10, 3600).await.unwrap();
    store.add_limit_mark(LimitKind::Challenge, "alice", "carol", t + 20, 3600).await.unwrap();
    store.add_limit_mark(LimitKind::Hint, "alice", "", t + 30, 3600).await.unwrap();
    let times = store.limit_times_since(LimitKind::Challenge, "alice", "bob", t).await.unwrap();
    assert_eq!(times, [t, t + 10]);
    assert_eq!(store.limit_times_since(LimitKind::Hint, "alice", "", t).await.unwrap(), [t + 30]);
    assert!(store.limit_times_since(LimitKind::Challenge, "bob", "alice", t).await.unwrap().is_empty());
    for (_, who, whom) in store.limit_marks().await.unwrap() {
        assert!(!who.contains("alice") && !whom.contains("bob") && who.len() == 64, "{who} {whom}");
    }
    // One taken back (a challenge nobody saw).
    store.remove_limit_mark(LimitKind::Challenge, "alice", "bob", t + 10).await.unwrap();
    assert_eq!(store.limit_times_since(LimitKind::Challenge, "alice", "bob", t).await.unwrap(), [t]);
    // A mark made after the window of the others deletes them.
    store.add_limit_mark(LimitKind::Hint, "dave", "", t + 3600 + 30, 3600).await.unwrap();
    assert_eq!(store.limit_marks().await.unwrap().len(), 1);
    assert_eq!(store.limit_marks_of("dave").await.unwrap(), [("hint".to_owned(), t + 3630, t + 7230)]);

    // Caps: each set value replaces the stored one, the other stays.
    assert_eq!(store.server_caps("g1").await.unwrap(), ServerCaps::default());
    store.set_server_caps("g1", ServerCaps { member_matches: Some(3), server_matches: None }).await.unwrap();
    store.set_server_caps("g1", ServerCaps { member_matches: None, server_matches: Some(9) }).await.unwrap();
    let caps = store.server_caps("g1").await.unwrap();
    assert_eq!(caps, ServerCaps { member_matches: Some(3), server_matches: Some(9) });
    assert_eq!(store.active_match_counts("alice", Some("g1")).await.unwrap(), (0, 0));
    // Erasures: a count per server, all told and since a time.
    store.note_erasure(&["g1".to_owned(), "g2".to_owned()], t).await.unwrap();
    store.note_erasure(&["g1".to_owned()], t + 100).await.unwrap();
    assert_eq!(store.erasures("g1", t + 50).await.unwrap(), (2, 1));
    assert_eq!(store.erasures("g3", 0).await.unwrap(), (0, 0));
}
