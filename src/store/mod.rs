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
//! };
//! assert_eq!(store.commit_actions(id, &commit).await?, 1);
//! // The same click again: the board has moved on, nothing is applied twice.
//! assert!(store.commit_actions(id, &commit).await.is_err());
//! # Ok::<(), cardtable::store::StoreError>(())
//! # }).unwrap();
//! ```

mod challenges;
mod decks;
mod error;
mod extra;
mod matches;
mod users;

use std::ops::{Deref, DerefMut};
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection, Sqlite};
use tokio::sync::{MappedMutexGuard, Mutex, MutexGuard};

pub use challenges::{ChallengeRow, ChallengeStatus, NewChallenge};
pub use decks::DeckRow;
use error::describe_sqlx_error;
pub use error::StoreError;
pub use matches::{
    ActionRow, BoardSwap, BoardUpdate, Commit, MatchRow, MatchStatus, NewMatch, NewSeat, SeatRow,
};
pub use users::{UserRow, UserSettings};

/// How long a connection waits for another writer (process) to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections that read at once.
const READERS: u32 = 16;

/// Handle to the database. Cheap to clone: clones share its connections.
///
/// Reads go to a pool of connections that read in parallel (WAL). Every
/// write goes through one connection of its own, held behind a fair async
/// lock: the writers of this process queue in order instead of meeting at
/// SQLite's write lock, whose busy handler waits by sleeping. The lock and
/// the busy timeout still guard against other processes on the same file.
///
/// The writer is a bare connection rather than a pool of one: a pool pings
/// a connection when it is taken and again, in a task of its own, when it
/// is given back, so every write would cost three hand-offs to SQLite's
/// thread instead of one, and the next writer would wait until the runtime
/// got round to that task (measured in `RELIABILITY.md`).
#[derive(Debug, Clone)]
pub struct Store {
    /// `None` for an in-memory database: it has one connection, the writer.
    read: Option<SqlitePool>,
    /// `None` once closed.
    write: Arc<Mutex<Option<SqliteConnection>>>,
}

/// A connection lent to one query or transaction.
pub(crate) enum Conn<'a> {
    Pooled(PoolConnection<Sqlite>),
    Locked(MappedMutexGuard<'a, SqliteConnection>),
}

impl Deref for Conn<'_> {
    type Target = SqliteConnection;
    fn deref(&self) -> &SqliteConnection {
        match self {
            Conn::Pooled(c) => c,
            Conn::Locked(c) => c,
        }
    }
}

impl DerefMut for Conn<'_> {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        match self {
            Conn::Pooled(c) => c,
            Conn::Locked(c) => c,
        }
    }
}

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
        let mut write = options.connect().await.map_err(|e| open_error(describe_sqlx_error(&e)))?;
        sqlx::migrate!("./migrations").run(&mut write).await?;
        let read = SqlitePoolOptions::new()
            .max_connections(READERS)
            // A SQLite connection is a file handle, not a socket: nothing to
            // test before lending it.
            .test_before_acquire(false)
            .connect_with(options)
            .await
            .map_err(|e| open_error(describe_sqlx_error(&e)))?;
        Ok(Store { read: Some(read), write: Arc::new(Mutex::new(Some(write))) })
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
        Ok(Store { read: None, write: Arc::new(Mutex::new(Some(conn))) })
    }

    /// The write connection, once the writers queued before have done.
    pub(crate) async fn writer(&self) -> Result<MappedMutexGuard<'_, SqliteConnection>, StoreError> {
        MutexGuard::try_map(self.write.lock().await, Option::as_mut)
            .map_err(|_| StoreError::Database(sqlx::Error::PoolClosed))
    }

    /// A connection to read with.
    pub(crate) async fn reader(&self) -> Result<Conn<'_>, StoreError> {
        match &self.read {
            Some(pool) => Ok(Conn::Pooled(pool.acquire().await?)),
            None => Ok(Conn::Locked(self.writer().await?)),
        }
    }

    /// Waits for running queries and closes every connection.
    pub async fn close(&self) {
        if let Some(write) = self.write.lock().await.take() {
            // Closing is best effort: the data is already committed.
            let _ = write.close().await;
        }
        if let Some(read) = &self.read {
            read.close().await;
        }
    }
}

fn is_memory_url(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

/// The database file's parent directory, when it does not exist.
fn missing_directory(file: &Path) -> Option<&Path> {
    let dir = file.parent()?;
    (!dir.as_os_str().is_empty() && !dir.is_dir()).then_some(dir)
}
