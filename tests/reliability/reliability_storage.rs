//! Damaged and unavailable storage: a corrupted snapshot is rebuilt from the
//! action log with a notice to the players; a database that is locked,
//! read-only or full makes the action fail with a clear message and leaves
//! nothing half-written.

use crate::reliability_support;

use std::process::Command;
use std::time::{Duration, Instant};

use cardtable::engine::Viewer;
use cardtable::games::{GameId, GAMES};
use cardtable::loadtest::{store_matches, StoredMatch};
use cardtable::store::{MatchStatus, Store};
use cardtable::table::{log::replay, CustomId, Outgoing, Table, TableError};
use reliability_support::matches::{
    answer, check_whole, file_store, library, offered_click, request, table_on, Answer, Click,
};
use sqlx::{Connection, SqliteConnection};

async fn raw(url: &str) -> SqliteConnection {
    SqliteConnection::connect(url).await.expect("a raw connection opens")
}

async fn exec(url: &str, sql: &str) {
    sqlx::query(sql).execute(&mut raw(url).await).await.expect("raw SQL runs");
}

/// A click chosen from the state the log replays to (the snapshot may be damaged).
async fn click_from_log(table: &Table, m: &StoredMatch) -> Click {
    let row = table.store().load_match(m.id).await.unwrap();
    let game = GameId::parse(&row.game).unwrap();
    let setup = serde_json::from_str(&row.setup).unwrap();
    let log = table.store().match_actions(m.id).await.unwrap();
    let state = replay(table.library(), game, &setup, &log).unwrap().state;
    let seat = state.to_act()[0];
    let index = state.view(Viewer::Seat(seat)).actions[0].index;
    Click {
        user: m.users[seat.index()].clone(),
        custom_id: CustomId::Act { match_id: m.id, version: row.version, index }.encode(),
        version: row.version,
    }
}

/// Plays `n` clicks on a match.
/// A match on a fresh database file, some clicks in.
struct Played {
    _dir: tempfile::TempDir,
    url: String,
    table: Table,
    m: StoredMatch,
}

/// Game `game` (its index in the registry) stored with `seed` in the file
/// `name`, then `clicks` clicks played.
async fn played(name: &str, game: usize, seed: u64, clicks: usize) -> Played {
    let dir = tempfile::tempdir().unwrap();
    let (store, url) = file_store(dir.path(), name).await;
    let m = store_matches(&store, &library(), game + 1, seed).await.unwrap().remove(game);
    let table = table_on(store);
    play(&table, &m, clicks).await;
    Played { _dir: dir, url, table, m }
}

async fn play(table: &Table, m: &StoredMatch, n: usize) {
    for i in 0..n {
        let Some(c) = offered_click(table, m, |k| (i * 5 + 1) % k).await else { return };
        assert!(matches!(answer(&table.handle(request(m, &c)).await), Answer::Applied(_)));
    }
}

fn mentions_rebuilt(out: &[Outgoing]) -> bool {
    out.iter().any(|o| match o {
        Outgoing::Post { message, .. } | Outgoing::Ephemeral { message, .. } => {
            let embed = message.embed.as_ref().map(|e| e.description.as_str()).unwrap_or_default();
            format!("{}{embed}", message.content).contains("rebuilt")
        }
        _ => false,
    })
}

#[tokio::test]
async fn a_corrupted_snapshot_is_rebuilt_from_the_log_with_a_notice_for_every_game() {
    let damages = [
        ("truncated", "substr(state, 1, length(state) / 2)"),
        ("wrong shape", "'{\"game\":\"spheres\",\"state\":42}'"),
        ("empty", "''"),
        ("not JSON", "'ÿ\u{1}{{ not json'"),
        ("unknown game", "'{\"game\":\"chess\",\"state\":{}}'"),
    ];
    for (g, game) in GAMES.iter().enumerate() {
        // Some clicks in, the match still in play: eight in Spheres; the
        // test game (High Card) is over after six, so three there.
        let clicks = if *game == GameId::Spheres { 8 } else { 3 };
        for (d, (what, sql)) in damages.iter().enumerate() {
            let Played { _dir, url, table, m } = played("corrupt.db", g, (g * 10 + d) as u64, clicks).await;
            exec(&url, &format!("UPDATE matches SET state = {sql} WHERE id = {}", m.id)).await;

            // The players see a notice, not a crash; play goes on from the log.
            let click = click_from_log(&table, &m).await;
            let out = table.handle(request(&m, &click)).await;
            let ctx = format!("{} snapshot {what}", game.key());
            let out = out.unwrap_or_else(|e| panic!("{ctx}: {}", e.reply_text()));
            assert!(mentions_rebuilt(&out), "{ctx}: no notice in {out:?}");
            assert!(matches!(answer(&Ok(out)), Answer::Applied(_)), "{ctx}");
            // The next commit stored a good snapshot again.
            check_whole(&table, m.id).await.unwrap_or_else(|e| panic!("{ctx}: {e}"));
        }
    }
}

/// The log loses an entry in the middle (it no longer replays), or its last
/// one (it replays, but to an older version: that is no rebuild, the match
/// is never rewound).
#[tokio::test]
async fn a_match_whose_snapshot_and_log_are_both_damaged_is_set_aside_clearly() {
    for lost in ["the second entry", "the last entry"] {
        set_aside_clearly(lost).await;
    }
}

async fn set_aside_clearly(lost: &str) {
    let Played { _dir, url, table, m } = played("lost.db", 0, 3, 6).await;
    let version = table.store().load_match(m.id).await.unwrap().version;
    let seq = if lost == "the last entry" { version } else { 2 };
    exec(&url, &format!("UPDATE matches SET state = 'garbage' WHERE id = {}", m.id)).await;
    exec(&url, &format!("DELETE FROM match_actions WHERE match_id = {} AND seq = {seq}", m.id)).await;
    let click = Click {
        user: m.users[0].clone(),
        custom_id: CustomId::Act { match_id: m.id, version, index: 0 }.encode(),
        version,
    };
    // The players are told plainly, the first time and every time after;
    // never a panic, never a write.
    for attempt in ["first", "later"] {
        let refused = table.handle(request(&m, &click)).await.unwrap_err();
        assert!(
            matches!(refused, TableError::User(_)),
            "{lost}, {attempt}: a refusal, not an internal error"
        );
        let text = refused.reply_text();
        assert!(text.contains("set aside because its saved data is damaged"), "{lost}, {attempt}: {text}");
        assert!(text.contains("nothing was changed"), "{lost}, {attempt}: {text}");
        let row = table.store().load_match(m.id).await.unwrap();
        assert_eq!(row.status, MatchStatus::Corrupt);
        assert!(row.to_act.is_empty() && row.deadline_at.is_none(), "a set-aside match waits for nobody");
        assert_eq!(row.version, version);
    }
    // Looking at it (/board in its thread) gets the same explanation.
    exec(&url, &format!("UPDATE matches SET thread = 't{0}' WHERE id = {0}", m.id)).await;
    let board = cardtable::table::RequestKind::Slash(cardtable::table::Command::Board);
    let look = table.handle(cardtable::table::Request { kind: board, ..request(&m, &click) }).await;
    let text = look.map(|_| String::new()).unwrap_or_else(|e| e.reply_text());
    assert!(text.contains("set aside"), "{lost}: {text}");
}

/// A snapshot damaged into a BLOB (not even text) is rebuilt from the log
/// like any other damage, with the notice.
#[tokio::test]
async fn a_snapshot_of_the_wrong_type_is_rebuilt_from_the_log() {
    let Played { _dir, url, table, m } = played("blob.db", 0, 8, 4).await;
    let click = offered_click(&table, &m, |_| 0).await.unwrap();
    let before = table.store().match_actions(m.id).await.unwrap().len();
    exec(&url, &format!("UPDATE matches SET state = x'00ff10' WHERE id = {}", m.id)).await;
    let out = table.handle(request(&m, &click)).await.unwrap_or_else(|e| panic!("{}", e.reply_text()));
    assert!(mentions_rebuilt(&out), "no notice in {out:?}");
    assert!(matches!(answer(&Ok(out)), Answer::Applied(_)));
    assert!(table.store().match_actions(m.id).await.unwrap().len() > before);
    check_whole(&table, m.id).await.unwrap();
}

/// The apology a failed action gets: says nothing was changed.
fn assert_clear_failure(what: &str, result: &Result<Vec<Outgoing>, TableError>) {
    match result {
        Ok(out) => panic!("{what}: the action went through: {out:?}"),
        Err(e) => {
            let text = e.reply_text();
            assert!(text.contains("nothing was changed"), "{what}: unclear failure: {text}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_database_fails_the_action_clearly_and_writes_nothing() {
    let Played { _dir, url, table, m } = played("locked.db", 0, 4, 3).await;
    let click = offered_click(&table, &m, |_| 0).await.unwrap();
    let before = table.store().match_actions(m.id).await.unwrap().len();

    // Another process holds the write lock for longer than the busy timeout.
    let mut locker = raw(&url).await;
    sqlx::query("BEGIN EXCLUSIVE").execute(&mut locker).await.unwrap();
    let started = Instant::now();
    let result = table.handle(request(&m, &click)).await;
    let waited = started.elapsed();
    sqlx::query("ROLLBACK").execute(&mut locker).await.unwrap();
    drop(locker);
    assert_clear_failure("locked", &result);
    assert!(waited < Duration::from_secs(30), "the click waited {waited:?}");

    assert_eq!(table.store().match_actions(m.id).await.unwrap().len(), before, "nothing half-written");
    check_whole(&table, m.id).await.unwrap();
    // Once the lock is gone the same click goes through.
    assert!(matches!(answer(&table.handle(request(&m, &click)).await), Answer::Applied(_)));
    check_whole(&table, m.id).await.unwrap();
}

#[tokio::test]
async fn a_read_only_database_fails_the_action_clearly_and_writes_nothing() {
    let Played { _dir, url, table, m } = played("ro.db", 0, 5, 3).await;
    let click = offered_click(&table, &m, |_| 0).await.unwrap();
    let before = table.store().match_actions(m.id).await.unwrap().len();

    let read_only = Store::open(&format!("{url}?mode=ro")).await.expect("a read-only store opens");
    let ro_table = table_on(read_only);
    assert_clear_failure("read-only", &ro_table.handle(request(&m, &click)).await);

    assert_eq!(table.store().match_actions(m.id).await.unwrap().len(), before, "nothing half-written");
    check_whole(&table, m.id).await.unwrap();
    assert!(matches!(answer(&table.handle(request(&m, &click)).await), Answer::Applied(_)));
}

const FULL_DB: &str = "CARDTABLE_RELIABILITY_FULL_DB";

/// The worker's name as the test binary lists it: its module path without
/// the binary's own name (`reliability_storage::full_disk_worker`).
fn worker_test() -> String {
    let module = module_path!().split_once("::").map_or(module_path!(), |(_, m)| m);
    format!("{module}::full_disk_worker")
}
const FULL_MATCH: &str = "CARDTABLE_RELIABILITY_FULL_MATCH";

/// A full disk, made with a file-size limit on a child process (`ulimit
/// -f`, with SIGXFSZ ignored so writes fail with EFBIG instead of killing
/// it): the clicks that cannot be written fail clearly, and the database
/// holds exactly the clicks that were answered as applied.
#[tokio::test]
async fn a_full_disk_fails_the_action_clearly_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (store, url) = file_store(dir.path(), "full.db").await;
    let m = store_matches(&store, &library(), 1, 6).await.unwrap().remove(0);
    store.close().await;
    let size = std::fs::metadata(dir.path().join("full.db")).unwrap().len();
    let limit_blocks = (size + 256 * 1024) / 512;
    let exe = std::env::current_exe().unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("trap '' XFSZ; ulimit -f {limit_blocks} && exec \"$0\" \"$@\""))
        .arg(exe)
        .args(["--exact", &worker_test(), "--ignored", "--nocapture", "--test-threads", "1"])
        .env(FULL_DB, &url)
        .env(FULL_MATCH, format!("{}:{}:{}", m.id, m.users[0].id, m.users[1].id))
        .output()
        .expect("the worker runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "worker failed:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let mut applied = Vec::new();
    let mut failures = Vec::new();
    for line in stdout.lines().filter_map(|l| l.find("@@ ").map(|i| &l[i + 3..])) {
        let (kind, rest) = line.split_once(' ').unwrap();
        match kind {
            "applied" => applied.push(rest.parse::<i64>().unwrap()),
            "failed" => failures.push(rest.to_owned()),
            _ => panic!("{line}"),
        }
    }
    assert!(!failures.is_empty(), "the disk never filled up ({} clicks applied)", applied.len());
    for f in &failures {
        assert!(f.contains("nothing was changed"), "unclear failure: {f}");
    }

    let store = Store::open(&url).await.unwrap();
    let table = table_on(store);
    let log = table.store().match_actions(m.id).await.unwrap();
    let players: Vec<i64> = log
        .iter()
        .filter(|a| matches!(serde_json::from_str(&a.action), Ok(cardtable::table::LogEntry::Player { .. })))
        .map(|a| a.seq - 1)
        .collect();
    assert_eq!(players, applied, "the log holds exactly the clicks answered as applied");
    check_whole(&table, m.id).await.unwrap();
    // With room again, play goes on.
    play(&table, &m, 1).await;
    eprintln!("full disk: {} clicks applied, then {} clear failures", applied.len(), failures.len());
}

#[tokio::test]
#[ignore = "worker process of a_full_disk_fails_the_action_clearly_and_writes_nothing"]
async fn full_disk_worker() {
    let (Ok(url), Ok(spec)) = (std::env::var(FULL_DB), std::env::var(FULL_MATCH)) else { return };
    let f: Vec<&str> = spec.split(':').collect();
    let users = f[1..].iter().map(|u| cardtable::table::UserRef::new(*u, *u)).collect();
    let m = StoredMatch { id: f[0].parse().unwrap(), users };
    let table = table_on(Store::open(&url).await.expect("the store opens under the limit"));
    let mut failed = 0;
    for i in 0..5_000 {
        let Some(c) = offered_click(&table, &m, |k| (i * 5 + 1) % k).await else { break };
        match table.handle(request(&m, &c)).await {
            Ok(out) => match answer(&Ok(out)) {
                Answer::Applied(_) => println!("@@ applied {}", c.version),
                other => println!("@@ other {other:?}"),
            },
            Err(e) => {
                println!("@@ failed {}", e.reply_text().replace('\n', " "));
                failed += 1;
                if failed == 3 {
                    break;
                }
            }
        }
    }
}
