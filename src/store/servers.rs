//! Servers that removed the bot: their matches pause, resume when the bot
//! is added back, and are purged after a while (`Table::server_left`).

use super::{run, with_writer, Store, StoreError};

/// The condition, on a `matches` or `challenges` row `m`, that it is not
/// paused: it was played outside a server, or in one that still has the
/// bot. Every ticker query carries it.
pub(crate) const NOT_PAUSED: &str =
    "(m.guild IS NULL OR NOT EXISTS (SELECT 1 FROM departed_guilds d WHERE d.guild = m.guild))";

/// [`NOT_PAUSED`] for a `matches` row `m`, which is also paused on its own
/// when Discord set it aside (`Table::pause`): every ticker query on
/// matches carries it.
pub(crate) const MATCH_NOT_PAUSED: &str = "(m.paused IS NULL AND (m.guild IS NULL OR NOT EXISTS \
     (SELECT 1 FROM departed_guilds d WHERE d.guild = m.guild)))";

/// Times on a match that run while it is played; shifted by the pause when
/// it resumes.
pub(crate) const MATCH_CLOCKS: &[&str] =
    &["deadline_at", "turn_started_at", "time_up_at", "pass_at", "retry_at"];

impl Store {
    /// The bot left `guild` at `now`: its matches pause from then (a second
    /// notice keeps the first time).
    pub async fn server_left(&self, guild: &str, now: i64) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(
            &d.sql("INSERT INTO departed_guilds (guild, left_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
        )
        .bind(guild)
        .bind(now)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The bot is in `guild` at `now` (added back, or a reconnect): if it
    /// had left, its active matches and open challenges resume with their
    /// clocks moved on by the pause. Returns how long the pause lasted,
    /// when there was one.
    pub async fn server_present(&self, guild: &str, now: i64) -> Result<Option<i64>, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let left_at: Option<i64> = run!(tx.db(), |c, d| sqlx::query_scalar(
            &d.sql("DELETE FROM departed_guilds WHERE guild = ? RETURNING left_at")
        )
        .bind(guild)
        .fetch_optional(c)
        .await?);
        let Some(left_at) = left_at else { return Ok(None) };
        let paused = (now - left_at).max(0);
        let shifts: Vec<String> = MATCH_CLOCKS.iter().map(|c| format!("{c} = {c} + ?1")).collect();
        run!(tx.db(), |c, d| sqlx::query(&d.sql(&format!(
            "UPDATE matches SET {} WHERE guild = ?2 AND status = 'active'",
            shifts.join(", ")
        )))
        .bind(paused)
        .bind(guild)
        .execute(c)
        .await?
        .rows_affected());
        run!(tx.db(), |c, d| {
            sqlx::query(&d.sql(
                "UPDATE challenges SET expires_at = expires_at + ?1 WHERE guild = ?2 AND status = 'open'",
            ))
            .bind(paused)
            .bind(guild)
            .execute(c)
            .await?
            .rows_affected()
        });
        tx.commit().await?;
        Ok(Some(paused))
    }

    /// Deletes everything kept about each server the bot left at or before
    /// `left_by`: its matches (with their seats, moves and results), its
    /// challenges, its ratings and settings. Returns the servers purged.
    pub async fn purge_departed(&self, left_by: i64) -> Result<Vec<String>, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let guilds: Vec<String> = run!(tx.db(), |c, d| sqlx::query_scalar(
            &d.sql("SELECT guild FROM departed_guilds WHERE left_at <= ? ORDER BY guild")
        )
        .bind(left_by)
        .fetch_all(c)
        .await?);
        for guild in &guilds {
            // Challenges first: an accepted one points at its match.
            for sql in [
                "DELETE FROM challenges WHERE guild = ?1
                    OR match_id IN (SELECT id FROM matches WHERE guild = ?1)",
                // Seats, moves, results and re-posts go with their match.
                "DELETE FROM matches WHERE guild = ?1",
                "DELETE FROM ratings WHERE guild = ?1",
                "DELETE FROM guild_settings WHERE guild = ?1",
                "DELETE FROM erasures WHERE guild = ?1",
                "DELETE FROM departed_guilds WHERE guild = ?1",
            ] {
                run!(tx.db(), |c, d| sqlx::query(&d.sql(sql)).bind(guild).execute(c).await?.rows_affected());
            }
        }
        tx.commit().await?;
        Ok(guilds)
    }
}
