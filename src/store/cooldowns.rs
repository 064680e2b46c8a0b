//! What the spam limits count: board re-posts per user and match, and
//! challenges per challenger and invited player.

use super::{run, with_reader, Store, StoreError};

impl Store {
    /// Records that `user` re-posts the board of `match_id` at `now`, unless
    /// they last did less than `cooldown` seconds ago. Returns `None` when
    /// recorded (the re-post may go ahead), or the time of the previous
    /// re-post when refused (nothing is recorded).
    pub async fn claim_board_repost(
        &self,
        match_id: i64,
        user: &str,
        now: i64,
        cooldown: i64,
    ) -> Result<Option<i64>, StoreError> {
        let mut writer = self.writer().await?;
        let claimed = run!(writer.db(), |c, d| sqlx::query(&d.sql(
            "INSERT INTO board_reposts (match_id, user_id, posted_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (match_id, user_id) DO UPDATE SET posted_at = excluded.posted_at
             WHERE board_reposts.posted_at <= excluded.posted_at - ?4",
        ))
        .bind(match_id)
        .bind(user)
        .bind(now)
        .bind(cooldown)
        .execute(c)
        .await?
        .rows_affected());
        if claimed > 0 {
            return Ok(None);
        }
        Ok(run!(writer.db(), |c, d| sqlx::query_scalar(
            &d.sql("SELECT posted_at FROM board_reposts WHERE match_id = ? AND user_id = ?")
        )
        .bind(match_id)
        .bind(user)
        .fetch_optional(c)
        .await?))
    }

    /// When `challenger` challenged `opponent` (rematches included, whatever
    /// became of the challenges) at or after `since`, oldest first. Every
    /// invited seat counts: the first opponent, `opponent2`–`opponent5` and
    /// the partner alike (each challenge lists them in `challenge_seats`).
    pub async fn challenge_times_since(
        &self,
        challenger: &str,
        opponent: &str,
        since: i64,
    ) -> Result<Vec<i64>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_scalar(&d.sql(
            "SELECT c.created_at FROM challenges c
             WHERE c.challenger = ?1 AND c.created_at >= ?3
               AND (c.opponent = ?2
                    OR EXISTS (SELECT 1 FROM challenge_seats s
                               WHERE s.challenge_id = c.id AND s.user_id = ?2))
             ORDER BY c.created_at",
        ))
        .bind(challenger)
        .bind(opponent)
        .bind(since)
        .fetch_all(c)
        .await?))
    }
}
