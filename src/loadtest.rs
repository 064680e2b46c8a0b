//! `cardtable loadtest`: drives the table layer as many concurrent players
//! would, on a real database, and measures it.
//!
//! It stores `matches` matches (every game of the registry in turn, set up
//! from starter decks), then runs `active` driver tasks at once. Each driver
//! plays one match: it loads it, picks a random legal action for a seat to
//! act, and sends it through [`Table::handle`] as that seat's user — a click
//! with the custom id the board or hand would carry — then reports the
//! posted board like a front end does. Between clicks the players think: a
//! random pause, [`THINK_MS`] on average unless `--think-ms` says otherwise
//! (0 is flat out). When its match ends a driver takes the next unplayed
//! one. The run stops after `actions` clicks and ends with one line:
//!
//! ```text
//! actions: 20000, actions/s: 1234, p50: 1.2 ms, p99: 9.8 ms, errors: 0
//! ```
//!
//! Latency is the time of [`Table::handle`] for the click (what a player
//! waits for); throughput counts everything a driver does. The clock
//! starts once every process is serving: its database connections open
//! (as many as its drivers can use at once) and each driver's first match
//! read. Start-up (the card library, the migrations check, the handshakes)
//! is a bot's once per restart, not a click's; so is the bulk load of the
//! stored matches, which the database settles before the clock starts
//! ([`Store::settle`]: statistics gathered, pages written out). Any refusal,
//! internal error or "board has moved on" reply counts as an error: each
//! match has one driver, so none is expected.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Seat, Viewer};
use crate::games::{AnyState, Library, GAMES};
use crate::store::{MatchStatus, NewMatch, NewSeat, Store};
use crate::table::{
    autopilot, Clock, CustomId, Outgoing, Place, PostKey, Request, RequestKind, SystemClock, Table,
    TableConfig, UserRef,
};

/// Default mean pause between two clicks of a match, in milliseconds.
///
/// Time compressed: real players take minutes to hours. With 500 matches in
/// play, 400 ms offers about 1,250 clicks per second.
pub const THINK_MS: u64 = 400;

/// What to run.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Matches stored before the run (`--matches`).
    pub matches: usize,
    /// Matches in play at once: one driver task each (`--active`).
    pub active: usize,
    /// Clicks to send in all (`--actions`).
    pub actions: u64,
    /// Database URL (`--db`); a fresh file in the temporary directory, removed
    /// afterwards, when `None`.
    pub db: Option<String>,
    /// Seed of the setups and of the drivers' choices.
    pub seed: u64,
    /// How long the players of a match think between clicks, on average,
    /// in milliseconds (`--think-ms`; random, exponentially distributed
    /// pauses). Together the drivers offer about `active * 1000 / think_ms`
    /// clicks per second. 0: flat out, each driver clicks again as soon as
    /// it is answered (the capacity of the table layer).
    pub think_ms: u64,
    /// Processes that click at once (`--processes`), as several bot
    /// processes on one database would: this one stores the matches, then
    /// starts `processes` copies of itself ([`run_worker`]), each driving
    /// its share of the matches, drivers and clicks on its own store, and
    /// merges what they measured. 1: the drivers run in this process.
    pub processes: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            matches: 10_000,
            active: 500,
            actions: 20_000,
            db: None,
            seed: 1,
            think_ms: THINK_MS,
            processes: 1,
        }
    }
}

/// What a run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Clicks sent.
    pub actions: u64,
    /// Seconds the clicking took (after the matches were stored).
    pub seconds: f64,
    /// Clicks per second.
    pub actions_per_second: f64,
    /// Median latency of a click, in milliseconds.
    pub p50_ms: f64,
    /// 99th percentile latency of a click, in milliseconds.
    pub p99_ms: f64,
    /// Slowest click, in milliseconds.
    pub max_ms: f64,
    /// Clicks that failed or were refused.
    pub errors: u64,
    /// The first few errors, in words.
    pub error_samples: Vec<String>,
    /// Matches stored before the run.
    pub matches: usize,
    /// Drivers (matches in play at once).
    pub active: usize,
    /// Matches that ended during the run.
    pub finished: u64,
    /// Times a driver's own copy of its match disagreed with the board the
    /// table posted and was read again (0 unless something is wrong).
    pub resyncs: u64,
    /// Seconds taken to store the matches.
    pub setup_seconds: f64,
    /// Resident memory at the end, in MB (`VmRSS`).
    pub rss_mb: f64,
    /// Peak resident memory, in MB (`VmHWM`).
    pub peak_rss_mb: f64,
    /// The database used.
    pub db: String,
    /// Processes that clicked.
    pub processes: usize,
}

/// The one line `cardtable loadtest` ends with.
pub fn summary_line(r: &Report) -> String {
    format!(
        "actions: {}, actions/s: {:.0}, p50: {:.1} ms, p99: {:.1} ms, errors: {}",
        r.actions, r.actions_per_second, r.p50_ms, r.p99_ms, r.errors
    )
}

/// The rest of the figures, for a line before the summary (or stderr).
pub fn details(r: &Report) -> String {
    let mut s = format!(
        "matches: {}, active: {}, stored in {:.1} s, finished during run: {}, resyncs: {}, run: {:.1} s, \
         max: {:.1} ms, rss: {:.0} MB, peak rss: {:.0} MB, processes: {}, db: {}",
        r.matches,
        r.active,
        r.setup_seconds,
        r.finished,
        r.resyncs,
        r.seconds,
        r.max_ms,
        r.rss_mb,
        r.peak_rss_mb,
        r.processes,
        r.db
    );
    for e in &r.error_samples {
        s.push_str("\nerror: ");
        s.push_str(e);
    }
    s
}

/// Resident memory of this process in MB: (now, peak), from `/proc/self/status`.
pub fn resident_memory_mb() -> Option<(f64, f64)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| -> Option<f64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb / 1024.0)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// A temporary database file, removed (with its WAL files) on drop.
struct TempDb {
    path: PathBuf,
}

impl TempDb {
    fn new() -> TempDb {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let name = format!("cardtable-loadtest-{}-{nanos}.db", std::process::id());
        TempDb { path: std::env::temp_dir().join(name) }
    }
    fn url(&self) -> String {
        format!("sqlite://{}", self.path.display())
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let mut p = self.path.clone().into_os_string();
            p.push(suffix);
            let _ = std::fs::remove_file(p);
        }
    }
}

/// A stored match and the users seated in it, in seat order.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct StoredMatch {
    /// The match id.
    pub id: i64,
    /// The user at each seat.
    pub users: Vec<UserRef>,
}

/// Shared by the drivers.
struct Shared {
    table: Table,
    pool: Vec<StoredMatch>,
    next_match: AtomicUsize,
    clicks_left: AtomicU64,
    finished: AtomicU64,
}

/// What one driver measured.
#[derive(Default)]
struct DriverReport {
    latencies_us: Vec<u32>,
    /// When its last click was answered.
    last_answer: Option<Instant>,
    errors: u64,
    samples: Vec<String>,
    /// Times the driver's copy of its match disagreed with the table's board.
    resyncs: u64,
}

impl DriverReport {
    fn error(&mut self, text: String) {
        self.errors += 1;
        if self.samples.len() < 5 {
            self.samples.push(text);
        }
    }
}

/// Runs a load test as `opts` says: players who think between clicks, or
/// flat out with `think_ms` 0 (then, with many drivers, latency is mostly
/// waiting in line).
pub async fn run(opts: &Options) -> anyhow::Result<Report> {
    anyhow::ensure!(opts.active >= 1, "--active must be at least 1");
    anyhow::ensure!(opts.matches >= opts.active, "--matches must be at least --active");
    anyhow::ensure!(
        (1..=opts.active).contains(&opts.processes),
        "--processes must be from 1 to --active ({})",
        opts.active
    );
    let temp = opts.db.is_none().then(TempDb::new);
    let url = opts.db.clone().unwrap_or_else(|| temp.as_ref().map(TempDb::url).unwrap_or_default());
    let store = Store::open(&url).await?;

    let started = Instant::now();
    let library = Arc::new(Library::embedded()?);
    let pool = store_matches(&store, &library, opts.matches, opts.seed).await?;
    store.settle().await?;
    let setup_seconds = started.elapsed().as_secs_f64();

    let measured = if opts.processes == 1 {
        let table = Table::with_library(store.clone(), Arc::new(SystemClock), load_config(), library);
        let ready = prepare(table, pool, opts.active, opts.actions).await?;
        measure(ready, opts.seed, opts.think_ms).await?
    } else {
        in_processes(opts, &url, &pool).await?
    };
    store.close().await;
    let db = if temp.is_some() { format!("{url} (temporary)") } else { crate::store::redact(&url) };
    drop(temp);
    Ok(report(measured, opts, setup_seconds, db))
}

/// What the drivers of one process (or, merged, of all) measured.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
struct Measured {
    latencies_us: Vec<u32>,
    errors: u64,
    resyncs: u64,
    error_samples: Vec<String>,
    /// From the first click to the last answer.
    seconds: f64,
    finished: u64,
    /// Resident memory at the end and at the peak, in MB, summed over processes.
    rss_mb: f64,
    peak_rss_mb: f64,
}

impl Measured {
    /// Several processes' figures as one run: their clicks together, over
    /// the longest of their runs (they start together).
    fn merge(parts: Vec<Measured>) -> Measured {
        let mut all = Measured::default();
        for p in parts {
            all.latencies_us.extend(p.latencies_us);
            all.errors += p.errors;
            all.resyncs += p.resyncs;
            all.error_samples.extend(p.error_samples);
            all.seconds = all.seconds.max(p.seconds);
            all.finished += p.finished;
            all.rss_mb += p.rss_mb;
            all.peak_rss_mb += p.peak_rss_mb;
        }
        all.error_samples.truncate(5);
        all
    }
}

/// The report of a run.
fn report(mut m: Measured, opts: &Options, setup_seconds: f64, db: String) -> Report {
    m.latencies_us.sort_unstable();
    let latencies = &m.latencies_us;
    let pct = |p: usize| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let i = (latencies.len() * p / 100).min(latencies.len() - 1);
        f64::from(latencies[i]) / 1000.0
    };
    let actions = latencies.len() as u64 + m.errors;
    Report {
        actions,
        seconds: m.seconds,
        actions_per_second: actions as f64 / m.seconds.max(1e-9),
        p50_ms: pct(50),
        p99_ms: pct(99),
        max_ms: latencies.last().map_or(0.0, |l| f64::from(*l) / 1000.0),
        errors: m.errors,
        error_samples: m.error_samples,
        matches: opts.matches,
        active: opts.active,
        finished: m.finished,
        resyncs: m.resyncs,
        setup_seconds,
        rss_mb: m.rss_mb,
        peak_rss_mb: m.peak_rss_mb,
        db,
        processes: opts.processes,
    }
}

/// Drivers ready to click: the table warmed up and each driver's first
/// match read, so the clock starts on a process that is serving, as a
/// bot that has run for a while is (its connections open, its code and
/// data paged in), not on its start-up.
struct Ready {
    shared: Arc<Shared>,
    first: Vec<Option<Seen>>,
}

/// Prepares `active` drivers on `pool` through `table` to send `actions`
/// clicks: opens as many database connections as the drivers can use at
/// once and reads each driver's first match.
async fn prepare(table: Table, pool: Vec<StoredMatch>, active: usize, actions: u64) -> anyhow::Result<Ready> {
    table.store().warm(u32::try_from(active).unwrap_or(u32::MAX)).await?;
    let shared = Arc::new(Shared {
        table,
        pool,
        next_match: AtomicUsize::new(active),
        clicks_left: AtomicU64::new(actions),
        finished: AtomicU64::new(0),
    });
    let mut first = Vec::with_capacity(active);
    for m in &shared.pool[..active] {
        first.push(read_match(&shared, m).await?);
    }
    Ok(Ready { shared, first })
}

/// Runs the prepared drivers until the clicks are spent, from now.
async fn measure(ready: Ready, seed: u64, think_ms: u64) -> anyhow::Result<Measured> {
    let Ready { shared, first } = ready;
    let started = Instant::now();
    let drivers: Vec<_> = first
        .into_iter()
        .enumerate()
        .map(|(k, seen)| {
            let shared = shared.clone();
            let seed = seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let think = (think_ms > 0).then(|| think_ms as f64 / 1000.0);
            tokio::spawn(async move { drive(&shared, k, seen, seed, think).await })
        })
        .collect();
    let mut m = Measured::default();
    let mut last_answer = started;
    for d in drivers {
        let r = d.await?;
        m.latencies_us.extend(r.latencies_us);
        m.errors += r.errors;
        m.resyncs += r.resyncs;
        m.error_samples.extend(r.samples);
        last_answer = last_answer.max(r.last_answer.unwrap_or(started));
    }
    // From the start to the last answer (not to the end of the last pause).
    m.seconds = (last_answer - started).as_secs_f64();
    m.error_samples.truncate(5);
    m.finished = shared.finished.load(Ordering::Relaxed);
    (m.rss_mb, m.peak_rss_mb) = resident_memory_mb().unwrap_or((0.0, 0.0));
    Ok(m)
}

/// The share of a run that worker `k` of `n` takes: every `n`th match
/// from the `k`th, drivers and clicks split as evenly as they go.
fn share(k: usize, n: usize, total: u64) -> u64 {
    total / n as u64 + u64::from((k as u64) < total % n as u64)
}

/// Starts `opts.processes` copies of this program as workers on `url`,
/// each with its share of `pool`, and merges what they measured. Each
/// worker says `ready` once prepared; all start clicking when told `go`,
/// so no worker's start-up runs beside another's clicks.
async fn in_processes(opts: &Options, url: &str, pool: &[StoredMatch]) -> anyhow::Result<Measured> {
    let n = opts.processes;
    let path = std::env::temp_dir().join(format!("cardtable-loadtest-pool-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_vec(pool)?)?;
    let exe = std::env::current_exe()?;
    let workers: Vec<std::process::Command> = (0..n)
        .map(|k| {
            let mut c = std::process::Command::new(&exe);
            // The URL goes by the environment: a command line is visible to
            // every user of the machine (`ps`), and it may hold a password.
            c.arg("loadtest")
                .env("DATABASE_URL", url)
                .args(["--active", &share(k, n, opts.active as u64).to_string()])
                .args(["--actions", &share(k, n, opts.actions).to_string()])
                .args(["--seed", &(opts.seed ^ ((k as u64) << 32)).to_string()])
                .args(["--think-ms", &opts.think_ms.to_string()])
                .args(["--processes", &n.to_string()])
                .args(["--worker", &k.to_string()])
                .arg("--pool")
                .arg(&path);
            c
        })
        .collect();
    let outputs = tokio::task::spawn_blocking(move || run_workers(workers)).await;
    let _ = std::fs::remove_file(&path);
    let mut parts = Vec::with_capacity(n);
    for (k, out) in outputs??.into_iter().enumerate() {
        parts.push(serde_json::from_str(&out).map_err(|e| anyhow::anyhow!("worker {k}'s figures: {e}"))?);
    }
    Ok(Measured::merge(parts))
}

/// The line a worker prints once prepared, and the one it waits for.
const READY: &str = "ready";
const GO: &str = "go";

/// Starts the workers, waits until every one is ready, tells them all to
/// go, and returns what each printed after.
fn run_workers(workers: Vec<std::process::Command>) -> anyhow::Result<Vec<String>> {
    use std::io::{BufRead, Read, Write};
    use std::process::Stdio;
    let mut children = Vec::with_capacity(workers.len());
    for mut w in workers {
        children.push(w.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()?);
    }
    let mut readers = Vec::with_capacity(children.len());
    for (k, child) in children.iter_mut().enumerate() {
        let mut out = std::io::BufReader::new(child.stdout.take().expect("piped"));
        let mut line = String::new();
        out.read_line(&mut line)?;
        if line.trim() != READY {
            for c in &mut children {
                let _ = c.kill();
            }
            anyhow::bail!("load test worker {k} did not get ready (it said {:?})", line.trim());
        }
        readers.push(out);
    }
    for child in &mut children {
        let mut stdin = child.stdin.take().expect("piped");
        writeln!(stdin, "{GO}")?;
    }
    let mut outputs = Vec::with_capacity(children.len());
    for (k, (mut child, mut out)) in children.into_iter().zip(readers).enumerate() {
        let mut text = String::new();
        out.read_to_string(&mut text)?;
        let status = child.wait()?;
        anyhow::ensure!(status.success(), "load test worker {k} failed ({status})");
        outputs.push(text);
    }
    Ok(outputs)
}

/// One worker of a run in several processes (`--worker K --pool FILE`,
/// started by [`run`]): prepares its share of the stored matches (every
/// `processes`th, from the `worker`th) with `opts.active` drivers and
/// `opts.actions` clicks, prints `ready`, waits for `go` on its standard
/// input, drives them and prints what it measured as JSON.
pub async fn run_worker(opts: &Options, worker: usize, pool: &std::path::Path) -> anyhow::Result<String> {
    let url = opts.db.clone().ok_or_else(|| anyhow::anyhow!("a worker needs --db"))?;
    let all: Vec<StoredMatch> = serde_json::from_reader(std::io::BufReader::new(std::fs::File::open(pool)?))?;
    let mine: Vec<StoredMatch> = all.into_iter().skip(worker).step_by(opts.processes.max(1)).collect();
    anyhow::ensure!(mine.len() >= opts.active, "worker {worker} has fewer matches than drivers");
    let store = Store::open(&url).await?;
    let library = Arc::new(Library::embedded()?);
    let table = Table::with_library(store.clone(), Arc::new(SystemClock), load_config(), library);
    let ready = prepare(table, mine, opts.active, opts.actions).await?;
    println!("{READY}");
    let told = tokio::task::spawn_blocking(|| {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line).map(|_| line)
    })
    .await??;
    anyhow::ensure!(told.trim() == GO, "worker {worker} was told {:?}, not {GO:?}", told.trim());
    let measured = measure(ready, opts.seed, opts.think_ms).await?;
    store.close().await;
    Ok(serde_json::to_string(&measured)?)
}

/// Stores `n` fresh matches at version 0, the games of the registry in
/// turn, set up from starter decks with `seed + i`; the users of match `i`
/// are `lt{i}-0`, `lt{i}-1`, ….
pub async fn store_matches(
    store: &Store,
    library: &Library,
    n: usize,
    seed: u64,
) -> anyhow::Result<Vec<StoredMatch>> {
    /// Matches stored per transaction.
    const BATCH: usize = 500;
    let now = SystemClock.now();
    let mut pool = Vec::with_capacity(n);
    let mut batch = Vec::with_capacity(BATCH);
    for i in 0..n {
        let game = GAMES[i % GAMES.len()];
        let setup = crate::sim::random_setup(library, game, seed.wrapping_add(i as u64))
            .map_err(anyhow::Error::msg)?;
        let state = AnyState::setup(game, &setup, library)?;
        let users: Vec<UserRef> = setup
            .seats
            .iter()
            .enumerate()
            .map(|(s, seat)| UserRef::new(format!("lt{i}-{s}"), seat.name.clone()))
            .collect();
        let new = NewMatch {
            game: game.key().to_owned(),
            variant: setup.variant.clone(),
            guild: None,
            channel: "loadtest".into(),
            thread: None,
            setup: serde_json::to_string(&setup)?,
            state: serde_json::to_string(&state)?,
            seats: users
                .iter()
                .zip(&setup.seats)
                .enumerate()
                .map(|(s, (u, seat))| NewSeat {
                    seat: s as i64,
                    user_id: u.id.to_string(),
                    deck_name: seat.deck_name.clone(),
                })
                .collect(),
            to_act: state.to_act().iter().map(|s| i64::from(s.0)).collect(),
            time_up_at: None,
            deadline_at: Some(now + 72 * 3600),
            limit_hours: 72,
            now,
        };
        batch.push((new, users));
        if batch.len() == BATCH || i + 1 == n {
            let (new, users): (Vec<NewMatch>, Vec<_>) = batch.drain(..).unzip();
            let ids = store.create_matches(&new).await?;
            pool.extend(ids.into_iter().zip(users).map(|(id, users)| StoredMatch { id, users }));
        }
    }
    Ok(pool)
}

/// One player pair working through matches until the clicks run out,
/// pausing `think` seconds on average between clicks when given.
///
/// Like players, who see the board in the thread, a driver does not read the
/// database before each click: it reads its match once, then follows it by
/// applying each applied click (and the forced answers after it) to its own
/// copy, checked against the version of the board the table posts. A copy
/// that disagrees is read again (counted in `resyncs`).
async fn drive(
    shared: &Shared,
    first: usize,
    seen: Option<Seen>,
    seed: u64,
    think: Option<f64>,
) -> DriverReport {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = DriverReport::default();
    let mut current = Some(first);
    let mut seen = seen;
    let mut next_message = 0u64;
    if let Some(mean) = think {
        // Spread the first clicks over one mean pause.
        tokio::time::sleep(Duration::from_secs_f64(rng.gen::<f64>() * mean)).await;
    }
    while let Some(k) = current {
        if shared.clicks_left.load(Ordering::Relaxed) == 0 {
            break;
        }
        if let Some(mean) = think {
            // Exponential pauses: clicks arrive as a Poisson stream.
            let pause = -(1.0 - rng.gen::<f64>()).ln() * mean;
            tokio::time::sleep(Duration::from_secs_f64(pause.min(mean * 20.0))).await;
        }
        let m = &shared.pool[k];
        if seen.is_none() {
            match read_match(shared, m).await {
                Ok(s) => seen = s,
                Err(e) => {
                    // Counted only if a click was due: a claimed click is never lost.
                    if !claim(shared) {
                        break;
                    }
                    report.error(format!("match {}: cannot read it: {e}", m.id));
                    current = take_next(shared);
                    continue;
                }
            }
        }
        let Some(s) = seen.as_mut() else {
            shared.finished.fetch_add(1, Ordering::Relaxed);
            current = take_next(shared);
            continue;
        };
        let click = match s.pick(m, &mut rng) {
            Ok(Some(c)) => c,
            Ok(None) => {
                shared.finished.fetch_add(1, Ordering::Relaxed);
                seen = None;
                current = take_next(shared);
                continue;
            }
            Err(e) => {
                if !claim(shared) {
                    break;
                }
                report.error(format!("match {}: {e}", m.id));
                seen = None;
                current = take_next(shared);
                continue;
            }
        };
        if !claim(shared) {
            break;
        }
        let custom_id = CustomId::Act { match_id: m.id, version: s.version, index: click.index }.encode();
        let request = Request {
            user: click.user.clone(),
            place: Place::thread("loadtest", format!("lt-{}", m.id)),
            kind: RequestKind::Click { custom_id: custom_id.clone() },
        };
        let t0 = Instant::now();
        let result = shared.table.handle(request).await;
        let took = t0.elapsed();
        report.last_answer = Some(t0 + took);
        let out = match result {
            Ok(out) => out,
            Err(e) => {
                report.error(format!(
                    "match {} click {custom_id} by {}: {}",
                    m.id,
                    click.user.id,
                    e.reply_text()
                ));
                seen = None;
                continue;
            }
        };
        if let Some(text) = refusal(&out) {
            report.error(format!("match {} click {custom_id} by {}: {text}", m.id, click.user.id));
            seen = None;
            continue;
        }
        report.latencies_us.push(micros(took));
        // Report the new board like a front end, so it is tracked.
        let mut board_version = None;
        for o in &out {
            if let Outgoing::Post { key: Some(key @ PostKey::Board { version, .. }), .. }
            | Outgoing::Edit { key: Some(key @ PostKey::Board { version, .. }), .. } = o
            {
                board_version = Some(*version);
                next_message += 1;
                let id = format!("lt{first}-{next_message}");
                if let Err(e) = shared.table.posted(*key, &id).await {
                    report.error(format!("match {}: posting the board: {}", m.id, e.reply_text()));
                }
            }
        }
        if !s.follow(&click, board_version) {
            report.resyncs += 1;
            seen = None;
        }
    }
    report
}

/// A driver's copy of its match, at `version`.
struct Seen {
    state: AnyState,
    version: i64,
}

/// A click a driver chose.
struct Choice {
    user: UserRef,
    seat: Seat,
    index: usize,
}

impl Seen {
    /// A random legal click for a seat to act; `None` once the match is over.
    fn pick(&self, m: &StoredMatch, rng: &mut ChaCha8Rng) -> anyhow::Result<Option<Choice>> {
        let to_act = self.state.to_act();
        if self.state.outcome().is_some() || to_act.is_empty() {
            return Ok(None);
        }
        let seat = to_act[rng.gen_range(0..to_act.len())];
        let view = self.state.view(Viewer::Seat(seat));
        anyhow::ensure!(!view.actions.is_empty(), "{seat} must act but is offered nothing");
        let index = view.actions[rng.gen_range(0..view.actions.len())].index;
        let user = m.users.get(seat.index()).cloned().ok_or_else(|| anyhow::anyhow!("no user at {seat}"))?;
        Ok(Some(Choice { user, seat, index }))
    }

    /// Applies an applied click and the forced answers the table applies
    /// after it (the load test's players keep the default settings); true
    /// when the copy reaches the version of the board the table posted.
    fn follow(&mut self, click: &Choice, board_version: Option<i64>) -> bool {
        let Some(action) = self.state.legal_actions(click.seat).get(click.index).cloned() else {
            return false;
        };
        if self.state.apply(click.seat, &action).is_err() {
            return false;
        }
        let forced = autopilot(&mut self.state, &[], TableConfig::default().autopilot_limit);
        self.version += 1 + forced.len() as i64;
        board_version == Some(self.version)
    }
}

/// Reads a match as stored; `None` once it is over.
async fn read_match(shared: &Shared, m: &StoredMatch) -> anyhow::Result<Option<Seen>> {
    let row = shared.table.store().load_match(m.id).await?;
    if row.status != MatchStatus::Active {
        return Ok(None);
    }
    Ok(Some(Seen { state: AnyState::from_json(&row.state, shared.table.library())?, version: row.version }))
}

/// Takes one click from the budget; false when it is spent.
fn claim(shared: &Shared) -> bool {
    shared.clicks_left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1)).is_ok()
}

/// The next unplayed match, if any is left.
fn take_next(shared: &Shared) -> Option<usize> {
    let k = shared.next_match.fetch_add(1, Ordering::Relaxed);
    (k < shared.pool.len()).then_some(k)
}

/// The text of a "this board has moved on" reply, the only refusal that
/// comes back as an ordinary answer.
fn refusal(out: &[Outgoing]) -> Option<String> {
    out.iter().find_map(|o| match o {
        Outgoing::Ephemeral { message, .. } if message.content.contains("moved on") => {
            Some(message.content.lines().next().unwrap_or_default().to_owned())
        }
        _ => None,
    })
}

fn micros(d: Duration) -> u32 {
    u32::try_from(d.as_micros()).unwrap_or(u32::MAX)
}

/// The table's settings under load: the defaults, but passes made inside
/// a masking delay are applied at once. The workers click faster than any
/// person and nobody reads their timing; held, such a pass would wait real
/// minutes for the ticker (issue 52).
fn load_config() -> TableConfig {
    TableConfig { hold_passes: false, ..TableConfig::default() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_is_one_line_in_the_promised_shape() {
        let r = Report {
            actions: 20_000,
            seconds: 10.0,
            actions_per_second: 2000.4,
            p50_ms: 1.24,
            p99_ms: 9.87,
            max_ms: 30.0,
            errors: 0,
            error_samples: vec![],
            matches: 10_000,
            active: 500,
            finished: 3,
            resyncs: 0,
            setup_seconds: 4.0,
            rss_mb: 80.0,
            peak_rss_mb: 90.0,
            db: "sqlite://x.db".into(),
            processes: 1,
        };
        assert_eq!(summary_line(&r), "actions: 20000, actions/s: 2000, p50: 1.2 ms, p99: 9.9 ms, errors: 0");
    }

    #[test]
    fn resident_memory_is_read_from_proc() {
        let (now, peak) = resident_memory_mb().expect("Linux /proc");
        assert!(now > 0.0 && peak >= now);
    }
}
