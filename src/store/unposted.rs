//! Challenges whose post Discord refused: they were never seen, so they
//! are forgotten rather than withdrawn (a withdrawn challenge counts
//! against the challenges-an-hour cap; one nobody saw must not).

use super::{with_writer, Store, StoreError};

impl Store {
    /// Deletes challenge `id` if it is still open and was never posted (no
    /// message id). Returns whether it was.
    pub async fn forget_unposted_challenge(&self, id: i64) -> Result<bool, StoreError> {
        let deleted = with_writer!(self, |c, d| sqlx::query(
            &d.sql("DELETE FROM challenges WHERE id = ? AND status = 'open' AND message_id IS NULL")
        )
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        Ok(deleted > 0)
    }
}
