//! Concurrency: simultaneous clicks apply exactly once — within one
//! process, across a thousand matches, and across two `cardtable`
//! processes sharing one database file (or, with CARDTABLE_TEST_POSTGRES
//! set, one PostgreSQL database: see `tests/pg_support`). Each test plays every game of the
//! registry (`GAMES`), so a new game is covered without editing this file.

use crate::reliability_support;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use cardtable::games::GAMES;
use cardtable::loadtest::{store_matches, StoredMatch};
use cardtable::store::Store;
use cardtable::table::{LogEntry, Table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reliability_support::console::{footer, numbered, opened_thread, said, waiting_for, Console, Said};
use reliability_support::matches::{
    answer, check_whole, library, offered_click, request, shared_store, table_on, Answer,
};
use tokio::sync::Barrier;

/// Sends the same click `n` times at once; returns the answers.
async fn click_together(table: &Table, m: &StoredMatch, n: usize, pick: usize) -> Vec<Answer> {
    let click = offered_click(table, m, |_| pick).await.expect("the match is in play");
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

/// One match of every game (`store_matches` stores the registry's games in
/// turn); in each, ten buttons in a row, each clicked fifty times at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_simultaneous_clicks_of_one_button_apply_once() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _) = shared_store(dir.path(), "fifty.db").await;
    let matches = store_matches(&store, &library(), GAMES.len(), 11).await.unwrap();
    let table = table_on(store);
    let mut games = Vec::new();
    for m in &matches {
        let game = table.store().load_match(m.id).await.unwrap().game;
        let rounds = fifty_clicks_ten_times(&table, m, &game).await;
        assert!(rounds > 0, "{game}: no round was played");
        games.push(game);
    }
    let mut every: Vec<String> = GAMES.iter().map(|g| g.key().to_owned()).collect();
    every.sort();
    games.sort();
    assert_eq!(games, every, "not one match of every game");
}

/// Ten rounds (fewer if the match ends) of one button clicked fifty times
/// at once in match `m`; returns the rounds played.
async fn fifty_clicks_ten_times(table: &Table, m: &StoredMatch, game: &str) -> usize {
    let mut played = 0;
    for round in 0..10 {
        let before = table.store().load_match(m.id).await.unwrap().version;
        let answers = click_together(table, m, 50, round).await;
        let over =
            table.store().load_match(m.id).await.unwrap().status != cardtable::store::MatchStatus::Active;
        let applied = answers.iter().filter(|a| matches!(a, Answer::Applied(_))).count();
        // When the one applied click ended the match, the others are told so.
        let moved_on = answers
            .iter()
            .filter(|a| {
                **a == Answer::MovedOn
                    || (over && matches!(a, Answer::Other(t) if t.starts_with("This match is over")))
            })
            .count();
        let other: Vec<&Answer> = answers.iter().filter(|a| matches!(a, Answer::Other(_))).collect();
        assert_eq!((applied, moved_on), (1, 49), "{game} round {round}: {other:?}");
        let after = table.store().load_match(m.id).await.unwrap().version;
        assert!(after > before, "{game} round {round}: the one applied click moved the match on");
        assert_eq!(applied_versions(table, m.id).await.iter().filter(|v| **v == before).count(), 1, "{game}");
        check_whole(table, m.id).await.unwrap();
        played += 1;
        if table.store().load_match(m.id).await.unwrap().status != cardtable::store::MatchStatus::Active {
            break;
        }
    }
    played
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_clicks_across_a_thousand_matches_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _) = shared_store(dir.path(), "thousand.db").await;
    let matches = Arc::new(store_matches(&store, &library(), 1_000, 21).await.unwrap());
    let table = table_on(store);
    let mut applied: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for round in 0..2 {
        // Every match at once, each with a double click.
        let tasks: Vec<_> = (0..matches.len())
            .map(|k| {
                let (table, matches) = (table.clone(), matches.clone());
                tokio::spawn(async move {
                    let m = &matches[k];
                    let Some(click) = offered_click(&table, m, |n| (k + round) % n).await else {
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

/// Rounds of the two-process race, and matches played at once (the
/// registry's games in turn; at least one of each).
const RACE_ROUNDS: usize = 100;
const RACE_MATCHES: usize = 5;

/// The long two-process race: rounds, from `CARDTABLE_RACE_ROUNDS`.
const LONG_RACE_ROUNDS: usize = 2_000;

/// A match both consoles race on.
struct Raced {
    /// The game's registry key.
    game: &'static str,
    id: i64,
    slug: String,
    /// The version the last applied click showed: the next board's.
    version: i64,
    finished: bool,
}

/// One raced click: the match, the version both clicked at, the version
/// the applied click showed (`None` when it showed the finished board,
/// which carries no version), which console applied it, and whether that
/// console was sent the click first.
#[derive(Debug)]
struct Round {
    game: &'static str,
    match_id: i64,
    clicked_at: i64,
    shown: Option<i64>,
    winner: usize,
    heard_first: bool,
}

/// Sends `line` to both consoles at once (`first` gets it a moment
/// earlier) and returns their answers, in console order.
fn to_both(consoles: &mut [Console; 2], line: &str, first: usize) -> [String; 2] {
    to_each(consoles, &[line, line], first)
}

/// Sends `lines[i]` to console `i`, both at once (`first` a moment earlier).
fn to_each(consoles: &mut [Console; 2], lines: &[&str; 2], first: usize) -> [String; 2] {
    consoles[first].write(lines[first]).expect("the console runs");
    consoles[1 - first].write(lines[1 - first]).expect("the console runs");
    [0, 1].map(|i| consoles[i].answer().expect("the console runs"))
}

/// Both consoles re-post the board publicly, each through its own watcher
/// (`@eye0v…`, `@eye1v…`, new ones at each version of the match).
fn board_in_both(consoles: &mut [Console; 2], m: &Raced, first: usize) -> [String; 2] {
    // A new onlooker each version: `/board` re-posts at most once a minute
    // per person, and waiting a minute instead would let the table's clocks
    // end quiet windows' masking delays (a masked pass moves the board
    // without a click, as it should).
    let lines = [0, 1].map(|i| format!("@eye{i}v{} #{} /board", m.version, m.slug));
    to_each(consoles, &[&lines[0], &lines[1]], first)
}

/// Both consoles show the same thing: same footer and the same choices.
fn same_in_both(what: &str, shown: &[String; 2]) {
    assert_eq!(footer(&shown[0]), footer(&shown[1]), "{what}:\n{}\n---\n{}", shown[0], shown[1]);
    for menu in [false, true] {
        assert_eq!(numbered(&shown[0], menu), numbered(&shown[1], menu), "{what}: different choices");
    }
}

/// Opens a match of `game` in console 0: challenge, accept, a random deck
/// (where the game has a deck menu).
fn open_match(console: &mut Console, k: usize, game: &'static str, rng: &mut ChaCha8Rng) -> Raced {
    let (p, q) = (format!("p{k}"), format!("q{k}"));
    console.send(&format!("@{p} /challenge opponent:@{q} game:{game}")).unwrap();
    let mut started = console.send(&format!("@{q} click Accept")).unwrap();
    let decks = numbered(&started, true);
    if !decks.is_empty() {
        started = console.send(&format!("@{q} select {}", decks[rng.gen_range(0..decks.len())].0)).unwrap();
    }
    let (id, version) = footer(&started).expect("the first board has a footer");
    // The thread is named after the match: "P1 vs Q1 · Spheres #3".
    let slug =
        opened_thread(&started).unwrap_or_else(|| panic!("the {game} match did not start:\n{started}"));
    assert!(slug.starts_with(&format!("{p}-vs-{q}-")) && slug.ends_with(&format!("-{id}")), "thread {slug}");
    Raced { game, id, slug, version, finished: false }
}

/// One round: both consoles show the match's board, then send the same
/// click (a board button, or a choice in the hand) at the same moment.
/// `None` once the match is over.
fn race_once(
    consoles: &mut [Console; 2],
    m: &mut Raced,
    rng: &mut ChaCha8Rng,
    first: usize,
) -> Option<Round> {
    let boards = board_in_both(consoles, m, first);
    same_in_both("the board", &boards);
    let (Some((id, version)), Some(who)) = (footer(&boards[0]), waiting_for(&boards[0])) else {
        assert!(boards[0].contains(&format!("Match #{} · finished", m.id)), "no board:\n{}", boards[0]);
        m.finished = true;
        return None;
    };
    assert_eq!((id, version), (m.id, m.version), "the board moved without a click:\n{}", boards[0]);
    let skip = ["My hand", "Concede", "Rematch"];
    // Board buttons are clicked by label: a number could also mean the
    // player's own hand, which the console refuses as ambiguous.
    let on_board: Vec<String> = numbered(&boards[0], false)
        .into_iter()
        .filter(|(_, l)| !skip.contains(&l.as_str()))
        .map(|(_, l)| l)
        .collect();
    let mut click = None;
    if on_board.is_empty() || rng.gen_bool(0.5) {
        let hands = to_both(consoles, &format!("@{who} click My hand"), first);
        same_in_both("the hand", &hands);
        let options = numbered(&hands[0], true);
        let buttons: Vec<usize> = numbered(&hands[0], false)
            .into_iter()
            .filter(|(_, l)| {
                !l.contains('◀')
                    && !l.contains('▶')
                    && !l.starts_with("Drop my standing orders")
                    && l.as_str() != "Concede"
            })
            .map(|(n, _)| n)
            .collect();
        if !options.is_empty() {
            click = Some(format!("@{who} select {}", options[rng.gen_range(0..options.len())].0));
        } else if !buttons.is_empty() {
            click = Some(format!("@{who} click {}", buttons[rng.gen_range(0..buttons.len())]));
        } else {
            // Nothing in the hand: the board's buttons are the latest again.
            same_in_both("the board", &board_in_both(consoles, m, first));
        }
    }
    let click = click.unwrap_or_else(|| {
        assert!(!on_board.is_empty(), "{who} must act but is offered nothing:\n{}", boards[0]);
        format!("@{who} click {}", on_board[rng.gen_range(0..on_board.len())])
    });
    let answers = to_both(consoles, &click, first);
    // Exactly one applied (the new board, or the finished board when the
    // click ended the match); the other is told the board moved on, or,
    // when the applied click ended the match, that the match is over.
    let read = answers.clone().map(|a| said(&a, m.id, &m.slug, version));
    let applied = |s: Said| matches!(s, Said::Board(_) | Said::Finished);
    let winner = match read {
        [a, Said::MovedOn] if applied(a) => 0,
        [Said::MovedOn, b] if applied(b) => 1,
        _ => panic!(
            "`{click}` on match {} at version {version}: not exactly one applied, the other moved on \
             (read as {read:?}):\n{}\n---\n{}",
            m.id, answers[0], answers[1]
        ),
    };
    let shown = match read[winner] {
        Said::Board(v) => {
            m.version = v;
            Some(v)
        }
        _ => {
            m.finished = true;
            None
        }
    };
    Some(Round {
        game: m.game,
        match_id: m.id,
        clicked_at: version,
        shown,
        winner,
        heard_first: winner == first,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_cardtable_processes_on_one_database_apply_each_click_once() {
    race_two_processes(RACE_ROUNDS).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long: 2,000 raced clicks (CARDTABLE_RACE_ROUNDS=N); run with --release -- --ignored"]
async fn two_cardtable_processes_on_one_database_apply_each_click_once_long() {
    let rounds = std::env::var("CARDTABLE_RACE_ROUNDS").ok().and_then(|v| v.parse().ok());
    race_two_processes(rounds.unwrap_or(LONG_RACE_ROUNDS)).await;
}

/// Two consoles on one database file race `race_rounds` clicks over matches
/// of every game; each click applies once.
async fn race_two_processes(race_rounds: usize) {
    let dir = tempfile::tempdir().unwrap();
    // A file, or a PostgreSQL schema with CARDTABLE_TEST_POSTGRES set.
    let (created, db) = shared_store(dir.path(), "two.db").await;
    created.close().await;
    let started = Instant::now();
    let db2 = db.clone();
    let rounds = tokio::task::spawn_blocking(move || {
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        // The second starts once the first has created the database.
        let mut first = Console::start(&db2);
        first.send("tick").unwrap();
        let mut consoles = [first, Console::start(&db2)];
        consoles[1].send("tick").unwrap();
        let mut matches: Vec<Raced> = Vec::new();
        let mut rounds = Vec::new();
        while rounds.len() < race_rounds {
            let live: Vec<usize> = (0..matches.len()).filter(|i| !matches[*i].finished).collect();
            if live.len() < RACE_MATCHES.max(GAMES.len()) {
                let k = matches.len() + 1;
                matches.push(open_match(&mut consoles[0], k, GAMES[(k - 1) % GAMES.len()].key(), &mut rng));
                continue;
            }
            let m = &mut matches[live[rounds.len() % live.len()]];
            // Alternate which process hears the click first.
            if let Some(r) = race_once(&mut consoles, m, &mut rng, rounds.len() % 2) {
                rounds.push(r);
            }
        }
        for c in consoles {
            c.wait();
        }
        rounds
    })
    .await
    .unwrap();

    let table = table_on(Store::open(&db).await.unwrap());
    let mut clicked: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for r in &rounds {
        clicked.entry(r.match_id).or_default().push(r.clicked_at);
    }
    assert_eq!(table.store().count_matches().await.unwrap() as usize, clicked.len());
    for (id, versions) in &clicked {
        // Each applied click is in the log once, at the version it was made on.
        assert_eq!(&applied_versions(&table, *id).await, versions, "match {id}");
        let last = rounds.iter().rfind(|r| r.match_id == *id).unwrap();
        let row = table.store().load_match(*id).await.unwrap();
        match last.shown {
            Some(shown) => assert_eq!(row.version, shown, "match {id}"),
            // The finished board has no version: the click that showed it
            // was the last move, and the match is stored as over.
            None => {
                assert!(row.version > last.clicked_at, "match {id}: finished at {}", row.version);
                assert_eq!(row.status, cardtable::store::MatchStatus::Finished, "match {id}");
            }
        }
        check_whole(&table, *id).await.unwrap();
    }
    let wins = [0, 1].map(|w| rounds.iter().filter(|r| r.winner == w).count());
    let second_heard = rounds.iter().filter(|r| !r.heard_first).count();
    assert!(wins.iter().all(|w| *w > 0), "one process never applied a click: {wins:?}");
    for game in GAMES {
        let key = game.key();
        let raced: Vec<&Round> = rounds.iter().filter(|r| r.game == key).collect();
        let matches: std::collections::BTreeSet<i64> = raced.iter().map(|r| r.match_id).collect();
        let ended = raced.iter().filter(|r| r.shown.is_none()).count();
        eprintln!(
            "two processes, {key}: {} rounds on {} matches ({ended} ended a match), each applied once",
            raced.len(),
            matches.len()
        );
        assert!(!raced.is_empty(), "{key}: no click was raced");
    }
    eprintln!(
        "two processes: {} rounds on {} matches, applied by the first {} times and by the second {} times \
         ({second_heard} times by the one sent the click second), the other answered \"moved on\" every \
         time ({:.1} s)",
        rounds.len(),
        clicked.len(),
        wins[0],
        wins[1],
        started.elapsed().as_secs_f64()
    );
}

/// Two tables on two stores of one database, as two bot processes would
/// have, sharing one test clock at `at` (hours after the matches were
/// stored), which the test moves on.
async fn two_tickers(
    name: &str,
    n: usize,
) -> (tempfile::TempDir, [Table; 2], Vec<StoredMatch>, Arc<cardtable::table::ManualClock>) {
    use cardtable::table::{ManualClock, SystemClock, TableConfig};
    let dir = tempfile::tempdir().unwrap();
    let (store, url) = shared_store(dir.path(), name).await;
    let matches = store_matches(&store, &library(), n, 32).await.unwrap();
    let second = Store::open(&url).await.unwrap();
    // Past the first reminder (12 h) of every match, before its deadline.
    let clock = Arc::new(ManualClock::new(cardtable::table::Clock::now(&SystemClock) + 13 * 3600));
    let table = |store| {
        let config = TableConfig { seed: Some(32), ..TableConfig::default() };
        Table::with_config(store, clock.clone(), config)
    };
    (dir, [table(store), table(second)], matches, clock)
}

/// What a ticker pass claimed: (kind, match) pairs.
fn claimed(due: &[cardtable::table::Due]) -> Vec<(cardtable::table::claims::ClaimKind, i64)> {
    due.iter().filter_map(|d| d.claim.map(|c| (c.kind, c.match_id))).collect()
}

/// The reminders a ticker pass claimed: (match, (version, number)).
fn notices_of(due: &[cardtable::table::Due]) -> Vec<(i64, Option<(i64, i64)>)> {
    use cardtable::table::claims::ClaimKind;
    let mut notices: Vec<(i64, Option<(i64, i64)>)> = due
        .iter()
        .filter(|d| d.claim.is_some_and(|c| c.kind == ClaimKind::Notice))
        .map(|d| match d.about {
            cardtable::table::DueAbout::Match { match_id, notice, .. } => (match_id, notice),
            other => panic!("a notice about {other:?}"),
        })
        .collect();
    notices.sort_unstable();
    notices
}

/// Issue 32, item 2: two processes' tickers on one database, passing at
/// the same moment, split the due work between them: every match's
/// reminder and thread repair is claimed by exactly one, each reminder is
/// recorded once it is delivered, and then no pass finds it due again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_tickers_split_due_work_and_do_each_item_once() {
    use cardtable::table::claims::ClaimKind;
    const N: usize = 120;
    let (_dir, [a, b], matches, clock) = two_tickers("split.db", N).await;
    let at = cardtable::table::Clock::now(&*clock);
    let (due_a, due_b) = tokio::join!(a.tick_due(at), b.tick_due(at));
    let (due_a, due_b) = (due_a.unwrap(), due_b.unwrap());
    let (claimed_a, claimed_b) = (claimed(&due_a), claimed(&due_b));
    for kind in [ClaimKind::Notice, ClaimKind::Thread] {
        let of = |c: &[(ClaimKind, i64)]| -> Vec<i64> {
            c.iter().filter(|(k, _)| *k == kind).map(|(_, id)| *id).collect()
        };
        let (in_a, in_b) = (of(&claimed_a), of(&claimed_b));
        let mut all: Vec<i64> = in_a.iter().chain(&in_b).copied().collect();
        all.sort_unstable();
        let expected: Vec<i64> = matches.iter().map(|m| m.id).collect();
        assert_eq!(
            all,
            expected,
            "{kind:?}: every match once across both (a {}, b {})",
            in_a.len(),
            in_b.len()
        );
    }
    // Each process delivers what it claimed; then nothing is due twice.
    for (table, due) in [(&a, &due_a), (&b, &due_b)] {
        for d in due {
            table.delivery_succeeded(d).await.unwrap();
        }
    }
    for m in &matches {
        assert_eq!(a.store().load_match(m.id).await.unwrap().reminders_sent, 1, "match {}", m.id);
    }
    let (again_a, again_b) = tokio::join!(a.tick_due(at + 1), b.tick_due(at + 1));
    let notices = |due: &[cardtable::table::Due]| notices_of(due).len();
    assert_eq!(notices(&again_a.unwrap()) + notices(&again_b.unwrap()), 0, "a reminder went out twice");
}

/// Issue 32, item 2: work a process claimed stays its own while it lives
/// (it renews its claims as the clock moves on, for longer than several
/// leases, and the other process's passes leave the work alone); once it
/// stops renewing (it died, never delivering nor giving its claims up),
/// the claims hold for one lease more, and then the other process takes
/// the work up: each first reminder goes out from it, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_processs_claims_hold_while_renewed_and_a_dead_ones_are_taken_up_after_the_lease() {
    use cardtable::table::claims::{ClaimKind, CLAIM_LEASE_SECONDS, CLAIM_RENEW_EVERY};
    const N: usize = 20;
    let (_dir, [first, other], matches, clock) = two_tickers("lease.db", N).await;
    let now = || cardtable::table::Clock::now(&*clock);
    let taken = claimed(&first.tick_due(now()).await.unwrap());
    assert_eq!(taken.iter().filter(|(k, _)| *k == ClaimKind::Notice).count(), N);
    // `first` lives (its delivery is slow): it renews every
    // CLAIM_RENEW_EVERY while the clock runs past three leases, and each
    // pass of `other` in between finds all of its work claimed.
    let renew_every = CLAIM_RENEW_EVERY.as_secs() as i64;
    let steps = 3 * CLAIM_LEASE_SECONDS / renew_every + 1;
    for step in 0..steps {
        clock.advance(renew_every);
        first.renew_claims().await;
        // Just before the next renewal, the furthest from the last one.
        let pass = other.tick_due(now() + renew_every - 1).await.unwrap();
        assert!(claimed(&pass).is_empty(), "step {step}: a live process's work was taken: {pass:?}");
    }
    // Without the renewals, those leases would have run out long ago.
    assert!(steps * renew_every > 2 * CLAIM_LEASE_SECONDS);
    // `first` stops here. Within the lease of its last renewal, its work
    // stays its own.
    let stopped = now();
    let within = other.tick_due(stopped + CLAIM_LEASE_SECONDS - 1).await.unwrap();
    assert!(claimed(&within).is_empty(), "claimed work was taken before the lease ran out: {within:?}");
    // When it runs out, the other process does it: the same first
    // reminder, never recorded as sent by the one that died.
    clock.set(stopped + CLAIM_LEASE_SECONDS);
    let after = other.tick_due(now()).await.unwrap();
    let expected: Vec<(i64, Option<(i64, i64)>)> = matches.iter().map(|m| (m.id, Some((0, 1)))).collect();
    assert_eq!(notices_of(&after), expected, "each unposted first reminder, taken up once");
    assert_eq!(claimed(&after).iter().filter(|(k, _)| *k == ClaimKind::Thread).count(), N);
    for d in &after {
        other.delivery_succeeded(d).await.unwrap();
    }
    for m in &matches {
        assert_eq!(other.store().load_match(m.id).await.unwrap().reminders_sent, 1, "match {}", m.id);
    }
    // Delivered: neither process finds it due again.
    let again = other.tick_due(now() + 1).await.unwrap();
    assert!(notices_of(&again).is_empty(), "a reminder went out twice: {again:?}");
}

/// Three tables on one database, as three bot processes would have, on
/// one test clock.
async fn three_processes(name: &str) -> (tempfile::TempDir, [Table; 3], Arc<cardtable::table::ManualClock>) {
    use cardtable::table::{ManualClock, SystemClock, TableConfig};
    let dir = tempfile::tempdir().unwrap();
    let (store, url) = shared_store(dir.path(), name).await;
    let clock = Arc::new(ManualClock::new(cardtable::table::Clock::now(&SystemClock)));
    let table = |store| Table::with_config(store, clock.clone(), TableConfig::default());
    let (second, third) = (Store::open(&url).await.unwrap(), Store::open(&url).await.unwrap());
    (dir, [table(store), table(second), table(third)], clock)
}

/// The shards `held` names, each with whether `by` holds it.
fn held_shards(held: &[cardtable::store::GatewayHolder], by: &Table) -> Vec<(Option<u32>, bool)> {
    held.iter().map(|h| (h.shard, h.owner == by.claim_owner())).collect()
}

/// Issue 31, two processes on one token and database (a redeploy
/// overlap, or two processes given the same `SHARDS`): each process
/// claims its gateway shards in the database before it connects. One
/// whose shards overlap a running one's is refused, naming the shards and
/// the process (and waits); one with other shards starts at once; an
/// autosharded one (every shard) overlaps any. The shards stay their
/// holder's while it renews its lease, pass on at once when it stops, and
/// after one lease when it dies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_on_shards_another_runs_waits_and_other_shards_start_at_once() {
    use cardtable::table::claims::{CLAIM_LEASE_SECONDS, CLAIM_RENEW_EVERY};
    let (_dir, [a, b, c], clock) = three_processes("gateway.db").await;
    assert_eq!(a.claim_gateway(Some((0, 3))).await.unwrap(), vec![], "the first process starts");
    let overlap = b.claim_gateway(Some((2, 5))).await.unwrap();
    assert_eq!(held_shards(&overlap, &a), vec![(Some(2), true), (Some(3), true)], "{overlap:?}");
    assert_eq!(b.claim_gateway(Some((4, 7))).await.unwrap(), vec![], "other shards start at once");
    let every = c.claim_gateway(None).await.unwrap();
    assert_eq!(every.len(), 8, "every shard overlaps both: {every:?}");
    assert_eq!(c.claim_gateway(Some((5, 5))).await.unwrap().len(), 1, "one shard of b's");
    // An autosharded process holds every shard: nothing overlapping starts.
    b.release_gateway().await;
    a.release_gateway().await;
    assert_eq!(c.claim_gateway(None).await.unwrap(), vec![]);
    let under_every = a.claim_gateway(Some((6, 6))).await.unwrap();
    assert_eq!(held_shards(&under_every, &c), vec![(None, true)], "{under_every:?}");
    c.release_gateway().await;

    // `a` runs shards 0-3 and renews its lease for three leases' time;
    // `b` asks just before each renewal and is refused every time.
    assert_eq!(a.claim_gateway(Some((0, 3))).await.unwrap(), vec![]);
    let renew_every = CLAIM_RENEW_EVERY.as_secs() as i64;
    for step in 0..(3 * CLAIM_LEASE_SECONDS / renew_every + 1) {
        clock.advance(renew_every - 1);
        assert_eq!(
            b.claim_gateway(Some((0, 3))).await.unwrap().len(),
            4,
            "step {step}: taken from a live process"
        );
        clock.advance(1);
        a.renew_claims().await;
        // The other processes' ticker passes leave a live gateway alone.
        b.tick_due(cardtable::table::Clock::now(&*clock)).await.unwrap();
    }
    // `a` stops, giving its shards up: `b` starts at once.
    a.release_gateway().await;
    assert_eq!(b.claim_gateway(Some((0, 3))).await.unwrap(), vec![], "handed over at once");
    // `b` dies (no renewal, no release): its shards hold for the lease,
    // then `c` starts on them, past the expired claims.
    clock.advance(CLAIM_LEASE_SECONDS - 1);
    assert_eq!(c.claim_gateway(Some((0, 3))).await.unwrap().len(), 4, "within the lease of a dead process");
    clock.advance(1);
    assert_eq!(c.claim_gateway(Some((0, 3))).await.unwrap(), vec![], "after the lease of a dead process");
}

/// Issue 31: two processes asking for overlapping shards at the same
/// moment never both get them (the claim is decided under the database's
/// write lock), round after round.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_asking_for_overlapping_shards_at_once_never_both_start() {
    let (_dir, [a, b, _], _clock) = three_processes("gateway-race.db").await;
    for round in 0..30 {
        let (ranges_a, ranges_b) = match round % 3 {
            0 => (Some((0, 3)), Some((0, 3))),
            1 => (Some((0, 3)), Some((3, 6))),
            _ => (None, Some((2, 2))),
        };
        let barrier = Arc::new(Barrier::new(2));
        let ask = |t: &Table, shards: Option<(u32, u32)>| {
            let (t, barrier) = (t.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                t.claim_gateway(shards).await.unwrap().is_empty()
            })
        };
        let (got_a, got_b) = (ask(&a, ranges_a), ask(&b, ranges_b));
        let (got_a, got_b) = (got_a.await.unwrap(), got_b.await.unwrap());
        assert!(got_a ^ got_b, "round {round}: exactly one starts (a {got_a}, b {got_b})");
        a.release_gateway().await;
        b.release_gateway().await;
    }
}

/// Issue 31: the bot's start-up wait: a process whose shards another
/// runs waits (the log line names the shards and the process), and starts
/// as soon as the other gives them up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_waits_for_its_shards_and_starts_once_they_are_given_up() {
    use cardtable::discord::instance::{overlap_text, wait_for_gateway};
    use std::time::Duration;
    let (_dir, [a, b, _], _clock) = three_processes("gateway-wait.db").await;
    let first = wait_for_gateway(&a, Some((0, 1))).await.unwrap();
    let held = b.claim_gateway(Some((1, 2))).await.unwrap();
    let said = overlap_text(Some((1, 2)), &held);
    assert!(
        said.contains("shards 1-2") && said.contains(&format!("shard 1 (process {})", a.claim_owner())),
        "the log names the shards and the process holding them: {said}"
    );
    let waiting = tokio::spawn({
        let b = b.clone();
        async move { wait_for_gateway(&b, Some((1, 2))).await }
    });
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(!waiting.is_finished(), "waits while the first runs shard 1");
    first.release().await;
    let second = tokio::time::timeout(Duration::from_secs(5), waiting).await.expect("starts once given up");
    let _second = second.unwrap().unwrap();
    assert_eq!(a.claim_gateway(Some((2, 2))).await.unwrap().len(), 1, "the second now holds shard 2");
}
