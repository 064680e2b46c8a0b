//! Persistence: every SQL statement of cardtable lives in this module, in
//! `impl Store` methods, one file per table or aggregate.
//!
//! Two databases stand behind the same methods: SQLite (`sqlite:` URLs,
//! the embedded default) and PostgreSQL (`postgres://` URLs, for several
//! processes sharing one database). Each method's body is written once and
//! run on either connection by [`run!`]: sqlx's query builders are generic
//! over the database, so the same code compiles for both. The SQL text is
//! written once too, in SQLite's dialect with `?N` parameters, which
//! [`Dialect::sql`] numbers `$N` for PostgreSQL; the few statements whose
//! SQL cannot be shared (JSON functions) give both texts to
//! [`Dialect::pick`]. Each database has its migrations: `migrations/` and
//! their twins in `migrations/postgres/` (README, "Adding a migration").
//!
//! The store knows nothing about game rules. Match setups, state snapshots,
//! actions and outcomes are opaque JSON strings; games are ids like
//! `"spheres"`; times are unix seconds supplied by the caller (so a simulated
//! clock works), except `created_at` of users and decks.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! use cardtable::store::{Commit, MatchStatus, NewMatch, NewSeat, Store};
//!
//! let store = Store::open_memory().await?;
//! let id = store
//!     .create_match(&NewMatch {
//!         game: "spheres".into(),
//!         variant: None,
//!         guild: None,
//!         channel: "general".into(),
//!         thread: None,
//!         setup: "{}".into(),
//!         state: "{}".into(),
//!         seats: vec![
//!             NewSeat { seat: 0, user_id: "alice".into(), deck_name: "red".into() },
//!             NewSeat { seat: 1, user_id: "bob".into(), deck_name: "blue".into() },
//!         ],
//!         to_act: vec![0],
//!         deadline_at: None,
//!         limit_hours: 72,
//!         time_up_at: None,
//!         now: 0,
//!     })
//!     .await?;
//! let commit = Commit {
//!     expected_version: 0,
//!     actions: &[(0, r#""pass""#.to_owned())],
//!     state: "{}",
//!     status: MatchStatus::Active,
//!     outcome: None,
//!     to_act: &[1],
//!     deadline_at: None,
//!     now: 60,
//!     orders: "",
//!     board_events: "",
//!     pass_at: None,
//! };
//! assert_eq!(store.commit_actions(id, &commit).await?, 1);
//! // The same click again: the board has moved on, nothing is applied twice.
//! assert!(store.commit_actions(id, &commit).await.is_err());
//! # Ok::<(), cardtable::store::StoreError>(())
//! # }).unwrap();
//! ```

mod challenges;
mod claims;
mod computer;
mod cooldowns;
mod decks;
mod error;
mod extra;
mod hints;
mod limits;
mod matches;
mod paused;
mod privacy;
mod ratings;
mod redact;
mod servers;
mod unposted;
mod users;

use std::borrow::Cow;
use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection, Postgres, Sqlite, Transaction};
use tokio::sync::{MappedMutexGuard, Mutex, MutexGuard};

pub use challenges::{ChallengeRow, ChallengeSeat, ChallengeStatus, NewChallenge};
pub use claims::{Abandoned, GatewayHolder};
pub use decks::{DeckReplacement, DeckRow};
use error::describe_sqlx_error;
pub use error::StoreError;
pub use hints::HintRow;
pub use limits::{LimitKind, ServerCaps};
pub use matches::{
    pass_held, ActionRow, BoardSwap, BoardUpdate, Commit, MatchRow, MatchStatus, NewMatch, NewSeat, SeatRow,
};
pub use privacy::Anonymised;
pub use ratings::{HistoryRow, Placed, Record, RecordKind, ResultRow, StoredRecord};
pub use redact::redact;
pub use users::{BoardSettings, UserRow, UserSettings};

/// How long a connection waits for another writer (process) to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections that read at once, beside the writer.
const READERS: usize = 4;

/// The key of the PostgreSQL advisory lock that the transactions SQLite
/// runs under `BEGIN IMMEDIATE` take, so they run one at a time across
/// every process, as on SQLite ("cardtbl" in ASCII).
const WRITE_LOCK: i64 = 0x63_61_72_64_74_62_6c;

/// How a PostgreSQL pool is sized: from `DATABASE_MAX_CONNECTIONS` and
/// `DATABASE_MIN_CONNECTIONS` (see [`PoolSize::from_env`]). SQLite keeps
/// its one writer and four readers whatever these say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolSize {
    /// Most connections open at once (default 10).
    pub max: u32,
    /// Connections kept open while idle (default 0).
    pub min: u32,
}

impl Default for PoolSize {
    fn default() -> Self {
        PoolSize { max: 10, min: 0 }
    }
}

impl PoolSize {
    /// Reads `DATABASE_MAX_CONNECTIONS` (1–1000) and
    /// `DATABASE_MIN_CONNECTIONS` (0 up to the maximum) through `var`
    /// (the environment, or a map in tests); unset or empty: the defaults.
    /// The error is one line naming the setting and the fix.
    pub fn from_lookup(var: impl Fn(&str) -> Option<String>) -> Result<PoolSize, String> {
        let get = |name: &str| var(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let number = |name: &str, default: u32, least: u32, most: u32| match get(name) {
            None => Ok(default),
            Some(v) => match v.parse::<u32>() {
                Ok(n) if (least..=most).contains(&n) => Ok(n),
                _ => Err(format!(
                    "{name} is \"{v}\", which is not a number from {least} to {most}: \
                     set it to one, or unset it for {default}"
                )),
            },
        };
        let max = number("DATABASE_MAX_CONNECTIONS", PoolSize::default().max, 1, 1000)?;
        let min = number("DATABASE_MIN_CONNECTIONS", 0, 0, max)?;
        Ok(PoolSize { max, min })
    }

    /// [`PoolSize::from_lookup`] on the process environment.
    pub fn from_env() -> Result<PoolSize, String> {
        PoolSize::from_lookup(|name| std::env::var(name).ok())
    }
}

/// Handle to the database. Cheap to clone: clones share its connections.
///
/// On SQLite, reads go to a few connections that read in parallel (WAL).
/// Every write goes through one connection of its own, so the writers of
/// this process queue in order, as a fair async wait, instead of meeting
/// at SQLite's write lock, whose busy handler waits by sleeping. The lock
/// and the busy timeout still guard against other processes on the same
/// file. Those connections are bare, each behind an async lock, rather
/// than in an sqlx pool: a pool pings a connection when it lends it and
/// again, in a task of its own, when it is given back, so every query
/// cost three hand-offs to SQLite's thread instead of one, and the next
/// writer waited until the runtime got round to that task (see
/// `RELIABILITY.md`).
///
/// On PostgreSQL, an sqlx pool (sized by [`PoolSize`], no ping on lending:
/// a dead connection fails its query and is dropped) serves readers and
/// writers alike: the server orders concurrent writes with row locks.
#[derive(Debug, Clone)]
pub struct Store {
    backend: Backend,
}

#[derive(Debug, Clone)]
enum Backend {
    Sqlite {
        /// The writer first, then the readers; an in-memory database has
        /// only the writer, which also reads. A slot is emptied when the
        /// store closes.
        conns: Arc<[Mutex<Option<SqliteConnection>>]>,
        /// Where the next reader search starts, so reads spread over readers.
        next_reader: Arc<AtomicUsize>,
    },
    Postgres(PgPool),
}

/// Which SQL dialect a connection speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    Sqlite,
    Postgres,
}

impl Dialect {
    /// `sql`, written for SQLite, as this dialect takes it: unchanged for
    /// SQLite; for PostgreSQL with its parameters numbered `$N` (`?N`
    /// keeps its number, a bare `?` takes one more than the highest so
    /// far, as SQLite numbers them). Quoted text is left alone.
    pub(crate) fn sql(self, sql: &str) -> Cow<'_, str> {
        match self {
            Dialect::Sqlite => Cow::Borrowed(sql),
            Dialect::Postgres => Cow::Owned(number_parameters(sql)),
        }
    }

    /// The statement for this dialect, where the two cannot share one
    /// text (`postgres` is written with `?N` parameters too).
    pub(crate) fn pick<'s>(self, sqlite: &'s str, postgres: &'s str) -> Cow<'s, str> {
        match self {
            Dialect::Sqlite => Cow::Borrowed(sqlite),
            Dialect::Postgres => Cow::Owned(number_parameters(postgres)),
        }
    }
}

/// SQLite's `?` and `?N` parameters as PostgreSQL's `$N`.
fn number_parameters(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut highest = 0u32;
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            quoted = !quoted;
        }
        if c != '?' || quoted {
            out.push(c);
            continue;
        }
        let mut digits = String::new();
        while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            digits.push(*d);
            chars.next();
        }
        let n = match digits.parse::<u32>() {
            Ok(n) => n,
            Err(_) => highest + 1,
        };
        highest = highest.max(n);
        out.push('$');
        out.push_str(&n.to_string());
    }
    out
}

/// A connection lent to one query or transaction; given back when dropped.
pub(crate) enum Lent<'a> {
    Sqlite(MappedMutexGuard<'a, SqliteConnection>),
    Postgres(PoolConnection<Postgres>),
}

/// A connection (or an open transaction) to run statements on, with its
/// dialect: what [`run!`] takes apart.
pub(crate) enum Db<'a> {
    Sqlite(&'a mut SqliteConnection),
    Postgres(&'a mut PgConnection),
}

/// An open transaction; rolled back when dropped uncommitted.
pub(crate) enum Tx<'a> {
    Sqlite(Transaction<'a, Sqlite>),
    Postgres(Transaction<'a, Postgres>),
}

/// Runs `$body` on the connection of a [`Db`], bound to `$c`
/// (`&mut SqliteConnection` or `&mut PgConnection`), with its [`Dialect`]
/// bound to `$d`: the body is written once and compiled for each database.
macro_rules! run {
    ($db:expr, |$c:ident, $d:ident| $body:expr) => {
        match $db {
            $crate::store::Db::Sqlite($c) => {
                let $d = $crate::store::Dialect::Sqlite;
                $body
            }
            $crate::store::Db::Postgres($c) => {
                let $d = $crate::store::Dialect::Postgres;
                $body
            }
        }
    };
}
pub(crate) use run;

/// [`run!`] on a reader of `$store` (a free one, else the next in turn).
macro_rules! with_reader {
    ($store:expr, |$c:ident, $d:ident| $body:expr) => {{
        let mut lent = $store.reader().await?;
        $crate::store::run!(lent.db(), |$c, $d| $body)
    }};
}
pub(crate) use with_reader;

/// [`run!`] on the writer of `$store`, once the writers queued before have
/// done (SQLite); on a pooled connection (PostgreSQL).
macro_rules! with_writer {
    ($store:expr, |$c:ident, $d:ident| $body:expr) => {{
        let mut lent = $store.writer().await?;
        $crate::store::run!(lent.db(), |$c, $d| $body)
    }};
}
pub(crate) use with_writer;

impl Lent<'_> {
    /// The connection, to run statements on.
    pub(crate) fn db(&mut self) -> Db<'_> {
        match self {
            Lent::Sqlite(c) => Db::Sqlite(c),
            Lent::Postgres(c) => Db::Postgres(c),
        }
    }

    /// Opens a transaction that reads and writes as one (SQLite: deferred).
    pub(crate) async fn begin(&mut self) -> Result<Tx<'_>, StoreError> {
        Ok(match self {
            Lent::Sqlite(c) => Tx::Sqlite(c.begin().await?),
            Lent::Postgres(c) => Tx::Postgres(c.begin().await?),
        })
    }

    /// Opens a transaction that holds the database's write lock from its
    /// start, so what it reads cannot change before it writes: SQLite's
    /// `BEGIN IMMEDIATE`; on PostgreSQL, a transaction-scoped advisory
    /// lock that every such transaction takes, in every process. Single
    /// statements do not take it: PostgreSQL's row locks order them.
    pub(crate) async fn begin_write(&mut self) -> Result<Tx<'_>, StoreError> {
        Ok(match self {
            Lent::Sqlite(c) => Tx::Sqlite(c.begin_with("BEGIN IMMEDIATE").await?),
            Lent::Postgres(c) => {
                let mut tx = c.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(WRITE_LOCK).execute(&mut *tx).await?;
                Tx::Postgres(tx)
            }
        })
    }
}

impl Tx<'_> {
    /// The transaction's connection, to run statements on.
    pub(crate) fn db(&mut self) -> Db<'_> {
        match self {
            Tx::Sqlite(t) => Db::Sqlite(t),
            Tx::Postgres(t) => Db::Postgres(t),
        }
    }

    /// Commits what the transaction wrote.
    pub(crate) async fn commit(self) -> Result<(), StoreError> {
        match self {
            Tx::Sqlite(t) => t.commit().await?,
            Tx::Postgres(t) => t.commit().await?,
        }
        Ok(())
    }
}

/// Whether `url` names a PostgreSQL database.
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

impl Store {
    /// Opens the database at `url` and applies the embedded migrations:
    /// SQLite (creating the file if missing) for `sqlite://cardtable.db`
    /// or `sqlite:data/cardtable.db`, whose directory must exist;
    /// PostgreSQL for `postgres://user:password@host:port/database`, with
    /// a pool sized from the environment ([`PoolSize::from_env`]).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let size = if is_postgres_url(url) {
            PoolSize::from_env().map_err(|reason| StoreError::Open { location: redact(url), reason })?
        } else {
            PoolSize::default()
        };
        Self::open_with(url, size).await
    }

    /// [`Store::open`] with the PostgreSQL pool sized `size` (SQLite
    /// ignores it).
    pub async fn open_with(url: &str, size: PoolSize) -> Result<Store, StoreError> {
        if is_postgres_url(url) {
            return Self::open_postgres(url, size).await;
        }
        let open_error = |reason: String| StoreError::Open { location: url.to_owned(), reason };
        if is_memory_url(url) {
            return Self::open_memory_at(url).await;
        }
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|e| open_error(describe_sqlx_error(&e)))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(BUSY_TIMEOUT)
            .foreign_keys(true);
        if let Some(dir) = missing_directory(options.get_filename()) {
            return Err(open_error(format!("directory {} does not exist", dir.display())));
        }
        let connect = || async { options.connect().await.map_err(|e| open_error(describe_sqlx_error(&e))) };
        let mut writer = connect().await?;
        sqlx::migrate!("./migrations").run(&mut writer).await?;
        let mut conns = vec![Mutex::new(Some(writer))];
        for _ in 0..READERS {
            conns.push(Mutex::new(Some(connect().await?)));
        }
        Ok(Self::from_connections(conns))
    }

    /// Opens the PostgreSQL database at `url` with a pool of `size` and
    /// applies the PostgreSQL migrations (`migrations/postgres/`).
    pub async fn open_postgres(url: &str, size: PoolSize) -> Result<Store, StoreError> {
        let open_error = |reason: String| StoreError::Open { location: redact(url), reason };
        let options =
            PgConnectOptions::from_str(url).map_err(|e| open_error(error::describe_url_error(&e)))?;
        // One connection first, on its own: its error says what is wrong
        // (refused, wrong password, no such database) at once, where the
        // pool would retry a refused connection until its timeout.
        let first = tokio::time::timeout(BUSY_TIMEOUT, PgConnection::connect_with(&options))
            .await
            .map_err(|_| open_error(error::describe_connect_error(&sqlx::Error::PoolTimedOut)))?
            .map_err(|e| open_error(error::describe_connect_error(&e)))?;
        let _ = first.close().await;
        let pool = PgPoolOptions::new()
            .max_connections(size.max)
            .min_connections(size.min)
            .acquire_timeout(BUSY_TIMEOUT)
            .test_before_acquire(false)
            .connect_with(options)
            .await
            .map_err(|e| open_error(error::describe_connect_error(&e)))?;
        if let Err(e) = sqlx::migrate!("./migrations/postgres").run(&pool).await {
            pool.close().await;
            return Err(open_error(error::describe_postgres_migrate_error(&e)));
        }
        Ok(Store { backend: Backend::Postgres(pool) })
    }

    /// Opens a fresh, migrated in-memory database (for tests and the
    /// console). It lives as long as this store and its clones.
    pub async fn open_memory() -> Result<Store, StoreError> {
        Self::open_memory_at("sqlite::memory:").await
    }

    async fn open_memory_at(url: &str) -> Result<Store, StoreError> {
        // One connection for reads and writes: the database dies with it.
        let mut conn = SqliteConnectOptions::from_str(url)?.foreign_keys(true).connect().await?;
        sqlx::migrate!("./migrations").run(&mut conn).await?;
        Ok(Self::from_connections(vec![Mutex::new(Some(conn))]))
    }

    fn from_connections(conns: Vec<Mutex<Option<SqliteConnection>>>) -> Store {
        Store { backend: Backend::Sqlite { conns: conns.into(), next_reader: Arc::new(AtomicUsize::new(0)) } }
    }

    /// Opens up to `n` pooled connections now (PostgreSQL; SQLite's are
    /// open from the start), as a process that has served for a while has
    /// them: the first requests after start-up then pay no connection
    /// handshake. They stay in the pool, idle, until its idle timeout.
    pub async fn warm(&self, n: u32) -> Result<(), StoreError> {
        if let Backend::Postgres(pool) = &self.backend {
            let n = n.min(pool.options().get_max_connections()) as usize;
            let held = futures_util::future::try_join_all((0..n).map(|_| pool.acquire())).await?;
            drop(held);
        }
        Ok(())
    }

    /// Connections this store holds open now (PostgreSQL: the pool's,
    /// idle or lent; SQLite: its writer and readers).
    pub fn open_connections(&self) -> usize {
        match &self.backend {
            Backend::Postgres(pool) => pool.size() as usize,
            Backend::Sqlite { conns, .. } => conns.len(),
        }
    }

    /// Tidies up after a bulk load (the load test's stored matches), as a
    /// database that has been serving for a while is: PostgreSQL gathers
    /// the new tables' statistics and sets their visibility map (`VACUUM
    /// ANALYZE`, which autovacuum would otherwise do in the middle of what
    /// follows) and writes the loaded pages out (`CHECKPOINT`, skipped
    /// without the right to it); SQLite moves its write-ahead log into the
    /// database file.
    pub async fn settle(&self) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Postgres(pool) => {
                sqlx::query("VACUUM (ANALYZE) matches, match_seats, match_actions, users")
                    .execute(pool)
                    .await?;
                if let Err(e) = sqlx::query("CHECKPOINT").execute(pool).await {
                    tracing::info!(error = %e, "no checkpoint after the bulk load");
                }
            }
            Backend::Sqlite { .. } => {
                with_writer!(self, |c, _d| {
                    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(c).await?;
                });
            }
        }
        Ok(())
    }

    /// Which database this store runs on: `"sqlite"` or `"postgres"`.
    pub fn backend_name(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite { .. } => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    }

    /// The write connection, once the writers queued before have done
    /// (SQLite); a pooled connection (PostgreSQL).
    pub(crate) async fn writer(&self) -> Result<Lent<'_>, StoreError> {
        match &self.backend {
            Backend::Sqlite { conns, .. } => lend(conns[0].lock().await),
            Backend::Postgres(pool) => Ok(Lent::Postgres(pool.acquire().await?)),
        }
    }

    /// A connection to read with: on SQLite a free reader if there is one,
    /// else the next in turn once it is free; a pooled one on PostgreSQL.
    pub(crate) async fn reader(&self) -> Result<Lent<'_>, StoreError> {
        let (conns, next_reader) = match &self.backend {
            Backend::Sqlite { conns, next_reader } => (conns, next_reader),
            Backend::Postgres(pool) => return Ok(Lent::Postgres(pool.acquire().await?)),
        };
        let readers = &conns[1..];
        if readers.is_empty() {
            return self.writer().await;
        }
        let start = next_reader.fetch_add(1, Ordering::Relaxed) % readers.len();
        let mut turn = readers[start..].iter().chain(&readers[..start]);
        match turn.find_map(|r| r.try_lock().ok()) {
            Some(free) => lend(free),
            None => lend(readers[start].lock().await),
        }
    }

    /// Waits for running queries and closes every connection.
    pub async fn close(&self) {
        match &self.backend {
            Backend::Sqlite { conns, .. } => {
                for slot in conns.iter() {
                    if let Some(conn) = slot.lock().await.take() {
                        // Best effort: what was written is already committed.
                        let _ = conn.close().await;
                    }
                }
            }
            Backend::Postgres(pool) => pool.close().await,
        }
    }
}

/// The connection in a slot, unless the store was closed.
fn lend(slot: MutexGuard<'_, Option<SqliteConnection>>) -> Result<Lent<'_>, StoreError> {
    MutexGuard::try_map(slot, Option::as_mut)
        .map(Lent::Sqlite)
        .map_err(|_| StoreError::Database(sqlx::Error::PoolClosed))
}

/// Whether sqlx can read `url` as a PostgreSQL URL; else one line naming
/// `DATABASE_URL` and how to write it.
pub fn check_postgres_url(url: &str) -> Result<(), String> {
    PgConnectOptions::from_str(url).map(drop).map_err(|e| error::describe_url_error(&e))
}

fn is_memory_url(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

/// The database file's parent directory, when it does not exist.
fn missing_directory(file: &Path) -> Option<&Path> {
    let dir = file.parent()?;
    (!dir.as_os_str().is_empty() && !dir.is_dir()).then_some(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_numbered_for_postgres() {
        assert_eq!(number_parameters("a = ? AND b = ?"), "a = $1 AND b = $2");
        assert_eq!(number_parameters("a = ?2 AND b = ?1 OR c = ?2"), "a = $2 AND b = $1 OR c = $2");
        assert_eq!(number_parameters("x = ?3 AND y = ?"), "x = $3 AND y = $4");
        assert_eq!(number_parameters("'$[' || ? || '?]'"), "'$[' || $1 || '?]'");
    }

    #[test]
    fn pool_sizes_come_from_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned())
        };
        assert_eq!(PoolSize::from_lookup(env(&[])), Ok(PoolSize { max: 10, min: 0 }));
        assert_eq!(
            PoolSize::from_lookup(env(&[
                ("DATABASE_MAX_CONNECTIONS", "40"),
                ("DATABASE_MIN_CONNECTIONS", "4")
            ])),
            Ok(PoolSize { max: 40, min: 4 })
        );
        let err = PoolSize::from_lookup(env(&[("DATABASE_MAX_CONNECTIONS", "0")])).unwrap_err();
        assert!(err.starts_with("DATABASE_MAX_CONNECTIONS is \"0\""), "{err}");
        let err = PoolSize::from_lookup(env(&[
            ("DATABASE_MAX_CONNECTIONS", "5"),
            ("DATABASE_MIN_CONNECTIONS", "6"),
        ]))
        .unwrap_err();
        assert!(err.contains("DATABASE_MIN_CONNECTIONS") && err.contains("from 0 to 5"), "{err}");
    }
}
