//! Hints asked for in a match (the *Hint* button of the hand, migration
//! 0019): the board counts them, a match's record lists them.

use super::{with_reader, with_writer, Store, StoreError};

/// One hint: who asked, at which decision, when.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HintRow {
    /// The seat that asked.
    pub seat: i64,
    /// The match version it was asked at (the decision it answered).
    pub version: i64,
    /// When (unix seconds).
    pub at: i64,
}

impl Store {
    /// Notes that `seat` asked for a hint at `version` of `match_id`, and
    /// keeps what it said (`lines`), to show again. Asking again at the
    /// same version is the same hint: returns whether this one was new.
    pub async fn record_hint(
        &self,
        match_id: i64,
        seat: i64,
        version: i64,
        now: i64,
        lines: &[String],
    ) -> Result<bool, StoreError> {
        let answer = serde_json::to_string(lines)
            .map_err(|e| StoreError::Database(sqlx::Error::Encode(Box::new(e))))?;
        let added = with_writer!(self, |c, d| sqlx::query(&d.sql(
            "INSERT INTO match_hints (match_id, seat, version, at, answer) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (match_id, seat, version) DO NOTHING",
        ))
        .bind(match_id)
        .bind(seat)
        .bind(version)
        .bind(now)
        .bind(&answer)
        .execute(c)
        .await?
        .rows_affected());
        Ok(added > 0)
    }

    /// What the hint `seat` got at `version` of `match_id` said, when it
    /// asked already.
    pub async fn hint_answer(
        &self,
        match_id: i64,
        seat: i64,
        version: i64,
    ) -> Result<Option<Vec<String>>, StoreError> {
        let answer: Option<Option<String>> = with_reader!(self, |c, d| sqlx::query_scalar(
            &d.sql("SELECT answer FROM match_hints WHERE match_id = ?1 AND seat = ?2 AND version = ?3")
        )
        .bind(match_id)
        .bind(seat)
        .bind(version)
        .fetch_optional(c)
        .await?);
        answer
            .flatten()
            .map(|a| {
                serde_json::from_str(&a).map_err(|e| StoreError::Database(sqlx::Error::Decode(Box::new(e))))
            })
            .transpose()
    }

    /// Every hint asked for in `match_id`, in the order asked.
    pub async fn match_hints(&self, match_id: i64) -> Result<Vec<HintRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT seat, version, at FROM match_hints WHERE match_id = ? ORDER BY version, seat",)
        )
        .bind(match_id)
        .fetch_all(c)
        .await?))
    }

    /// How many hints each seat asked for in `match_id` (seats that asked
    /// none are left out), by seat.
    pub async fn hints_used(&self, match_id: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT seat, COUNT(*) FROM match_hints WHERE match_id = ? GROUP BY seat ORDER BY seat",)
        )
        .bind(match_id)
        .fetch_all(c)
        .await?))
    }
}
