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
        sqlx::Error::Database(db) if db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>().is_some() => {
            describe_postgres_code(db.code().as_deref().unwrap_or(""), db.message())
        }
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

/// A PostgreSQL error (by its SQLSTATE code) as a sentence with the fix.
fn describe_postgres_code(code: &str, message: &str) -> String {
    let text = match code {
        "28P01" | "28000" => {
            "the PostgreSQL server refused the user name or password: fix them in DATABASE_URL \
             (postgres://user:password@host:port/database)"
        }
        "3D000" => "the database does not exist: create it (createdb NAME) or fix its name in DATABASE_URL",
        "42501" => {
            "this user may not create cardtable's tables (the migrations are not all applied): \
             run cardtable once with DATABASE_URL naming the database's owner, \
             or GRANT CREATE ON SCHEMA public TO the user"
        }
        "25006" => {
            "the database is read-only (a standby, or default_transaction_read_only): \
             point DATABASE_URL at the primary"
        }
        "53300" => "the PostgreSQL server has no connection left: lower DATABASE_MAX_CONNECTIONS or raise its max_connections",
        "57P03" => "the PostgreSQL server is starting up or shutting down; try again in a moment",
        "40001" | "40P01" => "a concurrent transaction got in the way (serialization failure or deadlock); try again",
        c if c.starts_with("23") => "a database constraint was violated",
        _ => "database error",
    };
    format!("{text} ({code}: {message})")
}

/// Why a `postgres://` URL could not be read, with the fix.
pub(crate) fn describe_url_error(err: &sqlx::Error) -> String {
    format!(
        "DATABASE_URL is not a PostgreSQL URL sqlx can read ({}): write it as \
         postgres://user:password@host:5432/database",
        match err {
            sqlx::Error::Configuration(e) => e.to_string(),
            other => other.to_string(),
        }
    )
}

/// Why the first connection to a PostgreSQL server failed, with the fix.
pub(crate) fn describe_connect_error(err: &sqlx::Error) -> String {
    match err {
        sqlx::Error::Io(e) => format!(
            "cannot reach the PostgreSQL server ({e}): check the host and port in DATABASE_URL \
             and that the server is running and accepts TCP connections"
        ),
        sqlx::Error::PoolTimedOut => "no answer from the PostgreSQL server in time: check the host and port \
             in DATABASE_URL and that the server is running"
            .to_owned(),
        sqlx::Error::Tls(e) => format!(
            "the TLS handshake with the PostgreSQL server failed ({e}): fix sslmode in DATABASE_URL \
             (e.g. ?sslmode=disable on a private network)"
        ),
        other => describe_sqlx_error(other),
    }
}

/// Why the PostgreSQL migrations could not be applied, with the fix.
pub(crate) fn describe_postgres_migrate_error(err: &MigrateError) -> String {
    format!("cannot migrate the database: {}", describe_migrate_error(err))
}
