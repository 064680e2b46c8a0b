//! Where the computer opponent is to act: the one query the AI turn
//! runner needs, beside the matches' own.

use super::servers::MATCH_NOT_PAUSED as NOT_PAUSED;
use super::{with_reader, Store, StoreError};

impl Store {
    /// Active matches in which a seat held by a user whose id starts with
    /// `prefix` (the computer's seats) is among the seats to act, by id;
    /// only match `only` when given. Cheap enough to ask after every board.
    pub async fn matches_awaiting(&self, prefix: &str, only: Option<i64>) -> Result<Vec<i64>, StoreError> {
        // `to_act` is a comma list ("0,1"): framed in commas, a seat is in
        // it when ",seat," is.
        // The computer does not move in a server that removed the bot.
        Ok(with_reader!(self, |c, d| sqlx::query_scalar(&d.sql(&format!(
            "SELECT DISTINCT m.id FROM matches m
             JOIN match_seats s ON s.match_id = m.id
             WHERE m.status = 'active' AND m.to_act <> ''
               AND (?2 IS NULL OR m.id = ?2)
               AND substr(s.user_id, 1, length(?1)) = ?1
               AND instr(',' || m.to_act || ',', ',' || s.seat || ',') > 0
               AND {NOT_PAUSED}
             ORDER BY m.id"
        )))
        .bind(prefix)
        .bind(only)
        .fetch_all(c)
        .await?))
    }
}
