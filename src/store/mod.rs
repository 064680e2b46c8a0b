//! Persistence: every SQL statement of cardtable lives in this module, in
//! `impl Store` methods, one file per table or aggregate.
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
mod computer;
mod cooldowns;
mod decks;
mod error;
mod extra;
mod matches;
mod privacy;
mod ratings;
mod servers;
mod unposted;
mod users;

use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection};
use tokio::sync::{MappedMutexGuard, Mutex, MutexGuard};

pub use challenges::{ChallengeRow, ChallengeSeat, ChallengeStatus, NewChallenge};
pub use decks::{DeckReplacement, DeckRow};
use error::describe_sqlx_error;
pub use error::StoreError;
pub use matches::{
    ActionRow, BoardSwap, BoardUpdate, Commit, MatchRow, MatchStatus, NewMatch, NewSeat, SeatRow,
};
pub use privacy::Anonymised;
pub use ratings::{HistoryRow, Placed, Record, ResultRow};
pub use users::{UserRow, UserSettings};

/// How long a connection waits for another writer (process) to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections that read at once, beside the writer.
const READERS: usize = 4;

/// Handle to the database. Cheap to clone: clones share its connections.
///
/// Reads go to a few connections that read in parallel (WAL). Every write
/// goes through one connection of its own, so the writers of this process
/// queue in order, as a fair async wait, instead of meeting at SQLite's
/// write lock, whose busy handler waits by sleeping. The lock and the busy
/// timeout still guard against other processes on the same file.
///
/// Connections are bare, each behind an async lock, rather than in an sqlx
/// pool: a pool pings a connection when it lends it and again, in a task of
/// its own, when it is given back, so every query cost three hand-offs to
/// SQLite's thread instead of one, and the next writer waited until the
/// runtime got round to that task (see `RELIABILITY.md`).
#[derive(Debug, Clone)]
pub struct Store {
    /// The writer first, then the readers; an in-memory database has only
    /// the writer, which also reads. A slot is emptied when the store closes.
    conns: Arc<[Mutex<Option<SqliteConnection>>]>,
    /// Where the next reader search starts, so reads spread over readers.
    next_reader: Arc<AtomicUsize>,
}

/// A connection lent to one query or transaction; given back when dropped.
pub(crate) type Conn<'a> = MappedMutexGuard<'a, SqliteConnection>;

impl Store {
    /// Opens (creating it if missing) the SQLite database at `url` — e.g.
    /// `sqlite://cardtable.db` or `sqlite:data/cardtable.db` — and applies
    /// the embedded migrations. The file's directory must exist.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
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
        Store { conns: conns.into(), next_reader: Arc::new(AtomicUsize::new(0)) }
    }

    /// The write connection, once the writers queued before have done.
    pub(crate) async fn writer(&self) -> Result<Conn<'_>, StoreError> {
        lend(self.conns[0].lock().await)
    }

    /// A connection to read with: a free reader if there is one, else the
    /// next in turn once it is free.
    pub(crate) async fn reader(&self) -> Result<Conn<'_>, StoreError> {
        let readers = &self.conns[1..];
        if readers.is_empty() {
            return self.writer().await;
        }
        let start = self.next_reader.fetch_add(1, Ordering::Relaxed) % readers.len();
        let mut turn = readers[start..].iter().chain(&readers[..start]);
        match turn.find_map(|r| r.try_lock().ok()) {
            Some(free) => lend(free),
            None => lend(readers[start].lock().await),
        }
    }

    /// Waits for running queries and closes every connection.
    pub async fn close(&self) {
        for slot in self.conns.iter() {
            if let Some(conn) = slot.lock().await.take() {
                // Best effort: what was written is already committed.
                let _ = conn.close().await;
            }
        }
    }
}

/// The connection in a slot, unless the store was closed.
fn lend(slot: MutexGuard<'_, Option<SqliteConnection>>) -> Result<Conn<'_>, StoreError> {
    MutexGuard::try_map(slot, Option::as_mut).map_err(|_| StoreError::Database(sqlx::Error::PoolClosed))
}

fn is_memory_url(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

/// The database file's parent directory, when it does not exist.
fn missing_directory(file: &Path) -> Option<&Path> {
    let dir = file.parent()?;
    (!dir.as_os_str().is_empty() && !dir.is_dir()).then_some(dir)
}
