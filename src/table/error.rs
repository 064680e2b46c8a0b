//! The two kinds of failure: a [`UserError`] is the person's to fix and is
//! shown to them; anything else is ours, logged with an error id, and the
//! person sees a short apology quoting that id.

use std::fmt;

use super::protocol::{Outgoing, UserId};
use crate::view::Message;

pub use crate::view::{excerpt, quote, QUOTE_CHARS};

/// Something the person asked for that cannot be done, in plain words that
/// say what was wrong and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserError(pub String);

impl UserError {
    /// A refusal with this text.
    pub fn new(text: impl Into<String>) -> Self {
        UserError(text.into())
    }

    /// A refusal whose text, made by the game or card layer, quotes
    /// `input` whole (`"…"`): the quote is shortened like [`quote`].
    pub fn quoting(text: impl Into<String>, input: &str) -> Self {
        let text = text.into();
        let whole = format!("\"{}\"", input.trim());
        // Also when short: the quote escapes the input's markdown.
        UserError(text.replace(&whole, &quote(input)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_keep_only_the_start_of_long_text() {
        assert_eq!(quote("  Ember Drake "), "\"Ember Drake\"");
        let long = "é".repeat(3000);
        let q = quote(&long);
        assert_eq!(q.chars().count(), QUOTE_CHARS + 2);
        assert!(q.ends_with("…\""));
        let e = UserError::quoting(format!("there is no game \"{long}\"; the games are: a, b"), &long);
        assert_eq!(e.0, format!("there is no game {q}; the games are: a, b"));
        assert_eq!(UserError::quoting("no card \"Drake\"", "Drake").0, "no card \"Drake\"");
    }
}
