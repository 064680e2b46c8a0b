//! Matches Discord set aside: a moderator locked or deleted the thread, or
//! the channel is gone for good. Paused, they are left alone by the ticker
//! (see `MATCH_NOT_PAUSED`) until a player resumes them, with their clocks
//! moved on by the pause; a moderator may end one without a result.

use super::servers::MATCH_CLOCKS;
use super::{run, with_writer, Store, StoreError};

impl Store {
    /// Pauses active match `id` at `now`, `why` (`locked`, `deleted`,
    /// `channel`). Unless `keep_thread` (a locked thread may be unlocked and
    /// played on), the thread is forgotten and kept as `moved_from`.
    /// Returns false when the match was paused already or is over.
    pub async fn pause_match(
        &self,
        id: i64,
        why: &str,
        now: i64,
        keep_thread: bool,
    ) -> Result<bool, StoreError> {
        let sql = if keep_thread {
            "UPDATE matches SET paused = ?2, paused_at = ?3
             WHERE id = ?1 AND status = 'active' AND paused IS NULL"
        } else {
            "UPDATE matches SET paused = ?2, paused_at = ?3,
                 moved_from = COALESCE(thread, moved_from), thread = NULL
             WHERE id = ?1 AND status = 'active' AND paused IS NULL"
        };
        let updated = with_writer!(self, |c, d| sqlx::query(&d.sql(sql))
            .bind(id)
            .bind(why)
            .bind(now)
            .execute(c)
            .await?
            .rows_affected());
        Ok(updated > 0)
    }

    /// Resumes paused match `id` at `now`: its clocks move on by the pause;
    /// with `channel` it is played there from now on (its new thread opens
    /// there, so the thread is forgotten). Returns false when it was not
    /// paused (resumed already, or over).
    pub async fn resume_match(&self, id: i64, now: i64, channel: Option<&str>) -> Result<bool, StoreError> {
        let shifts: Vec<String> = MATCH_CLOCKS
            .iter()
            .filter(|c| **c != "retry_at")
            .map(|c| format!("{c} = {c} + (?2 - paused_at)"))
            .collect();
        let sql = format!(
            "UPDATE matches SET {}, paused = NULL, paused_at = NULL, retry_at = NULL, delivery_failures = 0,
                 channel = COALESCE(?3, channel),
                 moved_from = CASE WHEN ?3 IS NULL THEN moved_from ELSE COALESCE(thread, moved_from) END,
                 thread = CASE WHEN ?3 IS NULL THEN thread ELSE NULL END
             WHERE id = ?1 AND status = 'active' AND paused IS NOT NULL",
            shifts.join(", ")
        );
        let updated = with_writer!(self, |c, d| sqlx::query(&d.sql(&sql))
            .bind(id)
            .bind(now)
            .bind(channel)
            .execute(c)
            .await?
            .rows_affected());
        Ok(updated > 0)
    }

    /// Ends active match `id` for moderator `by` at `now`: it finishes
    /// without a result, so no rating changes (its result row is recorded
    /// as ended, in the same transaction). Returns false when it was over.
    pub async fn end_by_moderator(&self, id: i64, by: &str, now: i64) -> Result<bool, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let updated = run!(tx.db(), |c, d| sqlx::query(&d.sql(
            "UPDATE matches SET status = 'finished', outcome = NULL, ended_by = ?2, paused = NULL,
                 paused_at = NULL, to_act = '', deadline_at = NULL, turn_started_at = NULL,
                 time_up_at = NULL, pass_at = NULL, retry_at = NULL, updated_at = ?3
             WHERE id = ?1 AND status = 'active'",
        ))
        .bind(id)
        .bind(by)
        .bind(now)
        .execute(c)
        .await?
        .rows_affected());
        if updated > 0 {
            super::ratings::rate_pending(&mut tx).await?;
            tx.commit().await?;
        }
        Ok(updated > 0)
    }
}
