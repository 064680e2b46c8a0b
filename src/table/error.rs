//! The two kinds of failure: a [`UserError`] is the person's to fix and is
//! shown to them; anything else is ours, logged with an error id, and the
//! person sees a short apology quoting that id.

use std::fmt;

use super::protocol::{Message, Outgoing, UserId};

/// Something the person asked for that cannot be done, in plain words that
/// say what was wrong and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserError(pub String);

impl UserError {
    /// A refusal with this text.
    pub fn new(text: impl Into<String>) -> Self {
        UserError(text.into())
    }
}

impl fmt::Display for UserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UserError {}

/// Why [`crate::table::Table::handle`] failed.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The person's mistake; show them the text.
    #[error("{0}")]
    User(#[from] UserError),
    /// Our fault (database, corrupt data, a bug); already logged under `error_id`.
    #[error("internal error {error_id}: {source:#}")]
    Internal {
        /// Short id quoted to the person and found in the logs.
        error_id: String,
        /// What went wrong.
        source: anyhow::Error,
    },
}

impl TableError {
    /// Wraps and logs an internal failure, giving it an error id.
    pub fn internal(source: impl Into<anyhow::Error>) -> Self {
        let source = source.into();
        let error_id = uuid::Uuid::new_v4().simple().to_string()[..8].to_owned();
        tracing::error!(error_id = %error_id, error = %format!("{source:#}"), "internal error");
        TableError::Internal { error_id, source }
    }

    /// What the person is told.
    pub fn reply_text(&self) -> String {
        match self {
            TableError::User(e) => e.0.clone(),
            TableError::Internal { error_id, .. } => format!(
                "Sorry, something went wrong on our side and nothing was changed. \
                 If it keeps happening, tell the bot's host error id `{error_id}`."
            ),
        }
    }

    /// The reply as an ephemeral message to `to`.
    pub fn reply(&self, to: &UserId) -> Outgoing {
        Outgoing::Ephemeral { to: to.clone(), message: Message::text(self.reply_text()) }
    }
}

impl From<crate::store::StoreError> for TableError {
    fn from(e: crate::store::StoreError) -> Self {
        TableError::internal(e)
    }
}

impl From<serde_json::Error> for TableError {
    fn from(e: serde_json::Error) -> Self {
        TableError::internal(e)
    }
}

/// `Err(UserError)` as a `TableError`, for `return refuse("...")`.
pub fn refuse<T>(text: impl Into<String>) -> Result<T, TableError> {
    Err(TableError::User(UserError::new(text)))
}
