//! What can go wrong in the store, worded for the player (conflicts) or the
//! operator (everything else).

use sqlx::migrate::MigrateError;

/// An error from the persistence layer.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The match's version is not the one the caller expected: another action
    /// (a double click, a stale button, another process) got there first.
    /// Nothing was written.
    #[error("this board has moved on: another action was applied first")]
    Conflict,
    /// The named row does not exist (e.g. "match 12", "challenge 3").
    #[error("{0} not found")]
    NotFound(String),
    /// The match has been set aside as corrupt and cannot be played on.
    #[error("match {match_id} is corrupt: {reason}")]
    Corrupt {
        /// The corrupt match.
        match_id: i64,
        /// Why it was set aside.
        reason: String,
    },
    /// The caller asked for something the store refuses to do.
    #[error("invalid store request: {0}")]
    Invalid(&'static str),
    /// The database could not be opened.
    #[error("cannot open database {location}: {reason}")]
    Open {
        /// The file (or URL) that was asked for.
        location: String,
        /// What went wrong, in words for the operator.
        reason: String,
    },
    /// The embedded migrations could not be applied.
    #[error("cannot migrate the database: {}", describe_migrate_error(.0))]
    Migration(#[from] MigrateError),
    /// Any other database failure.
    #[error("{}", describe_sqlx_error(.0))]
    Database(#[from] sqlx::Error),
}

/// Turns a sqlx error into a sentence an operator can act on.
pub(crate) fn describe_sqlx_error(err: &sqlx::Error) -> String {
    match err {
        sqlx::Error::Database(db) => {
            // sqlx reports SQLite's extended result code; the low byte is the primary code.
            let code = db.code().and_then(|c| c.parse::<i32>().ok()).unwrap_or(0) & 0xff;
            let text = match code {
                5 => "the database is locked by another connection or process (busy); try again in a moment",
                6 => "a table is locked by another connection",
                8 => "the database is read-only: check the permissions of the file and of its directory",
                10 => "disk I/O error while accessing the database",
                11 | 26 => "the database file is damaged or is not a SQLite database",
                13 => "the disk holding the database is full",
                14 => "cannot open the database file: check that its directory exists and is writable",
                19 => "a database constraint was violated",
                _ => "database error",
            };
            format!("{text} ({})", db.message())
        }
        sqlx::Error::PoolTimedOut => {
            "timed out waiting for a database connection (the database is busy)".to_owned()
        }
        sqlx::Error::PoolClosed => "the database has been closed".to_owned(),
        sqlx::Error::Io(e) => format!("I/O error while talking to the database: {e}"),
        sqlx::Error::Configuration(e) => format!("invalid database configuration: {e}"),
        other => format!("database error: {other}"),
    }
}

fn describe_migrate_error(err: &MigrateError) -> String {
    match err {
        MigrateError::Execute(e) | MigrateError::ExecuteMigration(e, _) => describe_sqlx_error(e),
        MigrateError::VersionMissing(v) => format!(
            "the database was migrated by a newer cardtable (migration {v} is unknown to this \
             build); upgrade cardtable or point it at another database"
        ),
        MigrateError::VersionMismatch(v) => format!(
            "migration {v} was edited after it was applied to this database; \
             migrations must never change once released"
        ),
        other => other.to_string(),
    }
}
