//! Servers that removed the bot. Their matches pause (no reminders, no
//! deadlines, no computer moves, no challenge expiry) from the moment the
//! bot leaves; if it is added back they resume with their clocks moved on
//! by the pause; after [`SERVER_PURGE_DAYS`] the ticker deletes everything
//! kept about the server. An outage (Discord marks the server unavailable)
//! is not a departure: the front end reports only a real removal.

use super::error::TableError;
use super::Table;

/// Days after the bot leaves a server before the ticker deletes that
/// server's matches, challenges, results and ratings (README, Privacy).
pub const SERVER_PURGE_DAYS: i64 = 30;

impl Table {
    /// The bot was removed from `guild` (not an outage): its matches pause
    /// from now.
    pub async fn server_left(&self, guild: &str) -> Result<(), TableError> {
        tracing::info!(guild, purge_in_days = SERVER_PURGE_DAYS, "removed from a server: its matches pause");
        Ok(self.store.server_left(guild, self.clock.now()).await?)
    }

    /// The bot is in `guild` (added back, or connected again): a paused
    /// server's matches resume. Returns how many seconds they were paused,
    /// when they were.
    pub async fn server_present(&self, guild: &str) -> Result<Option<i64>, TableError> {
        let paused = self.store.server_present(guild, self.clock.now()).await?;
        if let Some(seconds) = paused {
            tracing::info!(guild, paused_seconds = seconds, "added back to a server: its matches resume");
        }
        Ok(paused)
    }

    /// Deletes what is kept about each server the bot left
    /// [`SERVER_PURGE_DAYS`] or more before `now` (a ticker step).
    pub(crate) async fn purge_departed_servers(&self, now: i64) {
        match self.store.purge_departed(now - SERVER_PURGE_DAYS * 24 * 3600).await {
            Ok(purged) => {
                for guild in purged {
                    tracing::info!(%guild, "purged a server the bot left {SERVER_PURGE_DAYS} days ago");
                }
            }
            Err(e) => tracing::error!(error = %e, "purging servers the bot left failed"),
        }
    }
}
