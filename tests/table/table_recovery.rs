//! Damaged snapshots are rebuilt from the action log; concurrency holds on
//! a real database file with several connections.

use crate::table_support;

use cardtable::engine::Viewer;
use cardtable::games::AnyState;
use cardtable::store::{MatchStatus, Store};
use cardtable::table::{CustomId, Outgoing, RequestKind, TableError};
use sqlx::Connection;
use table_support::Front;

async fn file_front(dir: &tempfile::TempDir) -> (Front, String) {
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    (Front::on(Store::open(&url).await.unwrap()).await, url)
}

async fn raw(url: &str, sql: &str) {
    let mut c = sqlx::SqliteConnection::connect(url).await.unwrap();
    sqlx::query(sql).execute(&mut c).await.unwrap();
}

async fn click_first(f: &mut Front, id: i64) -> Vec<Outgoing> {
    let row = f.table.store().load_match(id).await.unwrap();
    let s = match AnyState::from_json(&row.state, f.table.library()) {
        Ok(s) => s,
        Err(_) => f.table.replay_state(id).await,
    };
    let seat = s.to_act()[0];
    let a = s.view(Viewer::Seat(seat)).actions[0].index;
    let who = ["Alice", "Bob"][seat.index()];
    f.click(who, &CustomId::Act { match_id: id, version: row.version, index: a }.encode()).await.unwrap()
}

trait ReplayState {
    async fn replay_state(&self, id: i64) -> AnyState;
}

impl ReplayState for cardtable::table::Table {
    async fn replay_state(&self, id: i64) -> AnyState {
        let row = self.store().load_match(id).await.unwrap();
        let setup = serde_json::from_str(&row.setup).unwrap();
        let game = cardtable::games::GameId::parse(&row.game).unwrap();
        let log = self.store().match_actions(id).await.unwrap();
        cardtable::table::log::replay(self.library(), game, &setup, &log).unwrap().state
    }
}

#[tokio::test]
async fn a_corrupt_snapshot_is_rebuilt_from_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let (mut f, url) = file_front(&dir).await;
    let id = f.start_match().await;
    for _ in 0..10 {
        click_first(&mut f, id).await;
    }
    let before = f.table.store().load_match(id).await.unwrap();
    raw(&url, &format!("UPDATE matches SET state = '{{\"game\":\"spheres\",\"state\":42' WHERE id = {id}"))
        .await;
    let report = f.table.replay(id).await.unwrap();
    assert!(!report.snapshot_matches);
    assert!(report.difference.unwrap().contains("unreadable"));

    // Play goes on: the state is rebuilt, the players are told, and the
    // next commit stores a good snapshot again.
    let out = click_first(&mut f, id).await;
    let notice = out.iter().any(|o| match o {
        Outgoing::Post { message, .. } | Outgoing::Edit { message, .. } => {
            message.embed.as_ref().is_some_and(|e| {
                e.description
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .contains("rebuilt from its move log")
            })
        }
        _ => false,
    });
    assert!(notice, "the board says the state was rebuilt");
    let after = f.table.store().load_match(id).await.unwrap();
    assert!(after.version > before.version);
    assert!(AnyState::from_json(&after.state, f.table.library()).is_ok());
    assert!(f.table.replay(id).await.unwrap().snapshot_matches);
}

#[tokio::test]
async fn a_match_whose_log_does_not_replay_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let (mut f, url) = file_front(&dir).await;
    let id = f.start_match().await;
    for _ in 0..3 {
        click_first(&mut f, id).await;
    }
    raw(&url, &format!("UPDATE matches SET state = 'garbage' WHERE id = {id}")).await;
    raw(
        &url,
        &format!(
            "UPDATE match_actions SET action = '{{\"by\":\"nonsense\"}}' WHERE match_id = {id} AND seq = 1"
        ),
    )
    .await;
    let row = f.table.store().load_match(id).await.unwrap();
    let req = f.request("Alice", RequestKind::Click { custom_id: CustomId::Hand { match_id: id }.encode() });
    // The players are told plainly (a refusal, not an internal error).
    match f.table.handle(req).await {
        Err(e @ TableError::User(_)) => assert!(e.reply_text().contains("set aside"), "{}", e.reply_text()),
        other => panic!("{other:?}"),
    }
    let after = f.table.store().load_match(id).await.unwrap();
    assert_eq!(after.status, MatchStatus::Corrupt);
    assert_eq!(after.version, row.version);
    let req = f.request("Alice", RequestKind::Click { custom_id: CustomId::Hand { match_id: id }.encode() });
    assert!(f.table.handle(req).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_clicks_on_a_file_database_apply_once() {
    let dir = tempfile::tempdir().unwrap();
    let (f, _) = file_front(&dir).await;
    let mut f = f;
    let id = f.start_match().await;
    let row = f.table.store().load_match(id).await.unwrap();
    let s = AnyState::from_json(&row.state, f.table.library()).unwrap();
    let seat = s.to_act()[0];
    let who = ["Alice", "Bob"][seat.index()];
    let act = CustomId::Act { match_id: id, version: row.version, index: 0 }.encode();
    let mut tasks = Vec::new();
    for _ in 0..50 {
        let table = f.table.clone();
        let req = f.request(who, RequestKind::Click { custom_id: act.clone() });
        tasks.push(tokio::spawn(async move { table.handle(req).await }));
    }
    let mut applied = 0;
    for t in tasks {
        let out = t.await.unwrap().unwrap();
        applied += usize::from(out.iter().any(|o| o.board_version().is_some()));
    }
    assert_eq!(applied, 1);
    let log = f.table.store().match_actions(id).await.unwrap();
    assert_eq!(log.iter().filter(|r| r.action.contains("\"by\":\"player\"")).count(), 1);
}

/// Snapshots written before card pools were passed in carry a `pool` field
/// the state no longer has: they load, and `cardtable replay` still finds
/// them equal to the replayed state. A real difference is still reported.
#[tokio::test]
async fn a_snapshot_with_a_field_from_an_older_version_still_replays_as_equal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut f, url) = file_front(&dir).await;
    let id = f.start_match().await;
    for _ in 0..4 {
        click_first(&mut f, id).await;
    }
    raw(&url, &format!("UPDATE matches SET state = json_set(state, '$.state.pool', 0) WHERE id = {id}"))
        .await;
    let row = f.table.store().load_match(id).await.unwrap();
    assert!(row.state.contains("\"pool\":0"), "{}", &row.state[..200.min(row.state.len())]);
    let report = f.table.replay(id).await.unwrap();
    assert!(report.snapshot_matches, "{report}");

    raw(
        &url,
        &format!("UPDATE matches SET state = json_set(state, '$.state.turn.number', 99) WHERE id = {id}"),
    )
    .await;
    let report = f.table.replay(id).await.unwrap();
    assert!(!report.snapshot_matches);
    assert!(report.difference.unwrap().contains("turn"), "the changed field is named");
}

/// `cardtable replay 99` for a match that is not there: the person's
/// mistake, said plainly, not an internal error.
#[tokio::test]
async fn replaying_a_missing_match_is_a_user_error() {
    let f = Front::new().await;
    match f.table.replay(99).await {
        Err(TableError::User(e)) => assert_eq!(e.0, "no match #99 in this database"),
        other => panic!("expected a user error, got {other:?}"),
    }
}
