//! One bot per database: two processes on one token and database (a
//! redeploy that starts the new bot before the old one stops) would both
//! answer every command and look-up. The bot holds an advisory lock on a
//! file beside the database for as long as it runs; a second one waits
//! for it, saying why in the log. The operating system releases the lock
//! when the process ends, however it ends, so a crash leaves nothing to
//! clean up.
//!
//! PostgreSQL is shared by design (several processes, each running a
//! range of gateway shards), so there the guard is per shard: each
//! process claims its shards in the database for a lease it renews, and a
//! process whose shards overlap a running one's (a redeploy that starts
//! the new bot before the old one stops, or two processes given the same
//! `SHARDS`) waits for them, saying why in the log. A process that stops
//! gives its shards up at once; one that dies loses them when its lease
//! runs out ([`crate::table::claims::CLAIM_LEASE_SECONDS`]).

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::SqliteConnectOptions;
use tracing::{info, warn};

use crate::store::GatewayHolder;
use crate::table::Table;

/// How often a waiting bot tries the lock again.
const POLL: Duration = Duration::from_secs(1);

/// The lock held while the bot runs (released when dropped).
#[derive(Debug)]
pub struct InstanceLock {
    _file: File,
    path: PathBuf,
}

impl InstanceLock {
    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The lock file of the database at `database_url`: beside the SQLite
/// file. `None` for an in-memory database (nothing to share) and for
/// PostgreSQL, which several processes share by design (their ticker
/// work is claimed, `table::claims`; there is no file to lock beside).
pub fn lock_path(database_url: &str) -> Option<PathBuf> {
    if database_url.contains(":memory:")
        || database_url.contains("mode=memory")
        || crate::store::is_postgres_url(database_url)
    {
        return None;
    }
    let options = SqliteConnectOptions::from_str(database_url).ok()?;
    let mut name = options.get_filename().as_os_str().to_owned();
    name.push(".lock");
    Some(PathBuf::from(name))
}

/// Takes the lock at `path` if no other process holds it: `Ok(None)` when
/// one does.
pub fn try_lock(path: &Path) -> io::Result<Option<InstanceLock>> {
    let file = OpenOptions::new().create(true).truncate(false).write(true).open(path)?;
    #[cfg(unix)]
    {
        use rustix::fs::{flock, FlockOperation};
        match flock(&file, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => {}
            Err(e) if e == rustix::io::Errno::WOULDBLOCK => return Ok(None),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(Some(InstanceLock { _file: file, path: path.to_owned() }))
}

/// Waits until this is the only bot on `database_url`'s database, saying
/// in the log why it waits. `Ok(None)`: nothing to guard (in memory).
pub async fn wait_for_lock(database_url: &str) -> anyhow::Result<Option<InstanceLock>> {
    let Some(path) = lock_path(database_url) else { return Ok(None) };
    let mut said = false;
    loop {
        let attempt = try_lock(&path).map_err(|e| {
            anyhow::anyhow!(
                "could not open the lock file {} beside the database: {e} (the bot needs to write in the \
                 database's folder)",
                path.display()
            )
        })?;
        if let Some(lock) = attempt {
            if said {
                info!(lock = %path.display(), "the other cardtable process stopped; starting");
            }
            return Ok(Some(lock));
        }
        if !said {
            warn!(
                lock = %path.display(),
                "another cardtable process is running on this database (it holds the lock file); waiting for \
                 it to stop, so that only one answers commands"
            );
            said = true;
        }
        tokio::time::sleep(POLL).await;
    }
}

/// The gateway shards this process holds on a shared (PostgreSQL)
/// database: renewed with the process's other claims
/// ([`Table::spawn_renewal`], which the caller runs), given up by
/// [`GatewayLease::release`].
#[derive(Debug)]
pub struct GatewayLease {
    table: Table,
}

impl GatewayLease {
    /// Gives the shards up (the bot is stopping), so that a process
    /// waiting for them starts at once.
    pub async fn release(self) {
        self.table.release_gateway().await;
    }
}

/// Waits until no other process on the database runs any of `shards`
/// (`first..=last`; `None`: every shard, serenity's autosharding), then
/// claims them for this one; the caller keeps its claims renewed
/// ([`Table::spawn_renewal`]). Says in the log why
/// it waits and whom for.
pub async fn wait_for_gateway(table: &Table, shards: Option<(u32, u32)>) -> anyhow::Result<GatewayLease> {
    let mut said = false;
    loop {
        let held = table.claim_gateway(shards).await.map_err(|e| {
            anyhow::anyhow!(
                "DATABASE_URL: could not claim this process's gateway shards in the database: {e}"
            )
        })?;
        if held.is_empty() {
            if said {
                info!("the other cardtable process gave up its gateway shards; starting");
            }
            return Ok(GatewayLease { table: table.clone() });
        }
        if !said {
            warn!(
                "{}; waiting for it to stop (or for its lease to run out, if it died), so that each server is \
                 answered by one process",
                overlap_text(shards, &held)
            );
            said = true;
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Which running process holds which of the shards this one wants, in
/// words for the log.
pub fn overlap_text(shards: Option<(u32, u32)>, held: &[GatewayHolder]) -> String {
    let wanted = match shards {
        Some((first, last)) if first == last => format!("shard {first}"),
        Some((first, last)) => format!("shards {first}-{last}"),
        None => "every shard (SHARDS is not set)".to_owned(),
    };
    let holders: Vec<String> = held
        .iter()
        .map(|h| match h.shard {
            Some(shard) => format!("shard {shard} (process {})", h.owner),
            None => format!("every shard (process {})", h.owner),
        })
        .collect();
    format!(
        "this process is to run {wanted}, but another cardtable process on this database runs {}",
        holders.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_file_is_beside_the_database_and_none_in_memory() {
        assert_eq!(lock_path("sqlite://data/cardtable.db"), Some(PathBuf::from("data/cardtable.db.lock")));
        assert_eq!(lock_path("sqlite::memory:"), None);
        // Several processes share PostgreSQL: no lock file (it would be
        // named after the URL, password and all, and its folder is none).
        assert_eq!(lock_path("postgres://bot:s3cret@db.internal:5432/cardtable"), None);
        assert_eq!(lock_path("postgresql://bot@db.internal/cardtable"), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = std::env::temp_dir().join(format!("cardtable-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("db.lock");
        let first = try_lock(&path).unwrap().expect("free");
        assert!(try_lock(&path).unwrap().is_none(), "held by the first");
        drop(first);
        assert!(try_lock(&path).unwrap().is_some(), "free again");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn a_second_bot_waits_for_the_first_to_stop() {
        let dir = std::env::temp_dir().join(format!("cardtable-wait-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("cardtable.db").display());
        let first = wait_for_lock(&url).await.unwrap().expect("a file database is guarded");
        let second = tokio::spawn({
            let url = url.clone();
            async move { wait_for_lock(&url).await }
        });
        tokio::time::sleep(POLL * 2).await;
        assert!(!second.is_finished(), "waits while the first runs");
        drop(first);
        let second = tokio::time::timeout(POLL * 5, second).await.expect("starts once the first stops");
        assert!(second.unwrap().unwrap().is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
