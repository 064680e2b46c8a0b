//! Queries the table layer needs beyond the core store (owned by the table
//! layer's author; kept here because all SQL lives in the store).

use super::{with_reader, Store, StoreError, UserRow};

impl Store {
    /// The user with this id, if ever seen.
    pub async fn user(&self, id: &str) -> Result<Option<UserRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql("SELECT * FROM users WHERE id = ?"))
            .bind(id)
            .fetch_optional(c)
            .await?))
    }
}
