//! Concurrency: simultaneous clicks apply exactly once — within one
//! process, across a thousand matches, and across two processes sharing
//! one database file.

mod reliability_support;

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Command, Stdio};
use std::sync::Arc;

use cardtable::loadtest::{store_matches, StoredMatch};
use cardtable::table::{LogEntry, Table};
use reliability_support::matches::{
    answer, check_whole, file_store, offered_click, request, table_on, Answer,
};
use tokio::sync::Barrier;

/// Sends the same click `n` times at once; returns the answers.
async fn click_together(table: &Table, m: &StoredMatch, n: usize, pick: usize) -> Vec<Answer> {
    let click = offered_click(table.store(), m, |_| pick).await.expect("the match is in play");
    let barrier = Arc::new(Barrier::new(n));
    let tasks: Vec<_> = (0..n)
        .map(|_| {
            let (table, barrier, req) = (table.clone(), barrier.clone(), request(m, &click));
            tokio::spawn(async move {
                barrier.wait().await;
                answer(&table.handle(req).await)
            })
        })
        .collect();
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.expect("a click task ends"));
    }
    answers
}

/// The versions at which a player's click was applied: each commit starts
/// with a player entry (autopilot entries follow it), at seq version + 1.
async fn applied_versions(table: &Table, id: i64) -> Vec<i64> {
    let log = table.store().match_actions(id).await.unwrap();
    log.iter()
        .filter(|a| matches!(serde_json::from_str(&a.action), Ok(LogEntry::Player { .. })))
        .map(|a| a.seq - 1)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_simultaneous_clicks_of_one_button_apply_once() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _) = file_store(dir.path(), "fifty.db").await;
    let m = store_matches(&store, 1, 11).await.unwrap().remove(0);
    let table = table_on(store);
    // Ten buttons in a row, each clicked fifty times at once.
    for round in 0..10 {
        let before = table.store().load_match(m.id).await.unwrap().version;
        let answers = click_together(&table, &m, 50, round).await;
        let applied = answers.iter().filter(|a| matches!(a, Answer::Applied(_))).count();
        let moved_on = answers.iter().filter(|a| **a == Answer::MovedOn).count();
        let other: Vec<&Answer> = answers.iter().filter(|a| matches!(a, Answer::Other(_))).collect();
        assert_eq!((applied, moved_on), (1, 49), "round {round}: {other:?}");
        let after = table.store().load_match(m.id).await.unwrap().version;
        assert!(after > before, "round {round}: the one applied click moved the match on");
        assert_eq!(applied_versions(&table, m.id).await.iter().filter(|v| **v == before).count(), 1);
        check_whole(&table, m.id).await.unwrap();
        if table.store().load_match(m.id).await.unwrap().status != cardtable::store::MatchStatus::Active {
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_clicks_across_a_thousand_matches_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _) = file_store(dir.path(), "thousand.db").await;
    let matches = Arc::new(store_matches(&store, 1_000, 21).await.unwrap());
    let table = table_on(store);
    let mut applied: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for round in 0..2 {
        // Every match at once, each with a double click.
        let tasks: Vec<_> = (0..matches.len())
            .map(|k| {
                let (table, matches) = (table.clone(), matches.clone());
                tokio::spawn(async move {
                    let m = &matches[k];
                    let Some(click) = offered_click(table.store(), m, |n| (k + round) % n).await else {
                        return (m.id, vec![]);
                    };
                    let (a, b) =
                        tokio::join!(table.handle(request(m, &click)), table.handle(request(m, &click)));
                    (m.id, vec![(click.version, answer(&a)), (click.version, answer(&b))])
                })
            })
            .collect();
        for t in tasks {
            let (id, answers) = t.await.unwrap();
            let ok = answers.iter().filter(|(_, a)| matches!(a, Answer::Applied(_))).count();
            let moved = answers.iter().filter(|(_, a)| *a == Answer::MovedOn).count();
            if !answers.is_empty() {
                assert_eq!((ok, moved), (1, 1), "match {id} round {round}: {answers:?}");
            }
            applied
                .entry(id)
                .or_default()
                .extend(answers.iter().filter(|(_, a)| matches!(a, Answer::Applied(_))).map(|(v, _)| *v));
        }
    }
    // No lost update: every applied click is in the log, once; every log gapless.
    for m in matches.iter() {
        assert_eq!(applied_versions(&table, m.id).await, applied[&m.id], "match {}", m.id);
        check_whole(&table, m.id).await.unwrap();
    }
}

/// Worker mode: set by the two-process test on its children.
const WORKER_DB: &str = "CARDTABLE_RELIABILITY_WORKER_DB";
const WORKER_MATCHES: &str = "CARDTABLE_RELIABILITY_WORKER_MATCHES";
const WORKER_CLICKS: i64 = 12;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_database_apply_each_click_once() {
    let dir = tempfile::tempdir().unwrap();
    let (store, url) = file_store(dir.path(), "two.db").await;
    let matches = store_matches(&store, 40, 31).await.unwrap();
    let table = table_on(store);
    let spec: Vec<String> =
        matches.iter().map(|m| format!("{}:{}:{}", m.id, m.users[0].id, m.users[1].id)).collect();
    let spawn = || {
        Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "two_process_worker", "--ignored", "--nocapture", "--test-threads", "1"])
            .env(WORKER_DB, &url)
            .env(WORKER_MATCHES, spec.join(","))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the worker process starts")
    };
    let workers = [spawn(), spawn()];
    let mut applied: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    let mut moved_on = 0;
    for w in workers {
        let out = w.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "worker failed:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
        if std::env::var("CARDTABLE_DEBUG_WORKERS").is_ok() {
            eprintln!("{stdout}");
        }
        // The harness may print "test … " on the same line as the first report.
        for line in stdout.lines().filter_map(|l| l.find("@@ ").map(|i| &l[i + 3..])) {
            let f: Vec<&str> = line.splitn(4, ' ').collect();
            let (id, version): (i64, i64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
            match f[0] {
                "applied" => applied.entry(id).or_default().push(version),
                "moved" => moved_on += 1,
                _ => panic!("worker click on match {id} at version {version}: {line}"),
            }
        }
    }
    assert!(moved_on > 0, "the two processes never clicked the same button at once");
    for m in &matches {
        let mut mine = applied.remove(&m.id).unwrap_or_default();
        mine.sort_unstable();
        let unique: BTreeSet<i64> = mine.iter().copied().collect();
        assert_eq!(unique.len(), mine.len(), "match {}: a version applied twice: {mine:?}", m.id);
        assert_eq!(applied_versions(&table, m.id).await, mine, "match {}", m.id);
        check_whole(&table, m.id).await.unwrap();
    }
    eprintln!("two processes: {moved_on} clicks answered \"moved on\", none applied twice");
}

/// One of the two processes: clicks the same buttons as its twin (the
/// choice depends only on match and version), every match at once, and
/// prints `@@ applied|moved|other MATCH VERSION` per click.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "worker process of two_processes_on_one_database_apply_each_click_once"]
async fn two_process_worker() {
    let (Ok(url), Ok(spec)) = (std::env::var(WORKER_DB), std::env::var(WORKER_MATCHES)) else {
        return;
    };
    let store = cardtable::store::Store::open(&url).await.unwrap();
    let table = table_on(store);
    let matches: Vec<StoredMatch> = spec
        .split(',')
        .map(|m| {
            let f: Vec<&str> = m.split(':').collect();
            let users = f[1..].iter().map(|u| cardtable::table::UserRef::new(*u, *u)).collect();
            StoredMatch { id: f[0].parse().unwrap(), users }
        })
        .collect();
    let tasks: Vec<_> = matches
        .into_iter()
        .map(|m| {
            let table = table.clone();
            tokio::spawn(async move {
                let mut lines = Vec::new();
                loop {
                    let row = table.store().load_match(m.id).await.unwrap();
                    if row.version >= WORKER_CLICKS {
                        break;
                    }
                    let v = row.version as usize;
                    let Some(click) = offered_click(table.store(), &m, |n| (v * 7 + 3) % n).await else {
                        break;
                    };
                    let what = match answer(&table.handle(request(&m, &click)).await) {
                        Answer::Applied(_) => "applied".to_owned(),
                        Answer::MovedOn => "moved".to_owned(),
                        Answer::Other(t) => format!("other {}", t.replace('\n', " ")),
                    };
                    let (kind, rest) = what.split_once(' ').unwrap_or((&what, ""));
                    lines.push(format!("@@ {kind} {} {} {rest}", m.id, click.version));
                }
                lines
            })
        })
        .collect();
    for t in tasks {
        for line in t.await.unwrap() {
            println!("{line}");
        }
    }
}
