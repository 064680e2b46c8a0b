use serde::{Deserialize, Serialize};

use super::Seat;

/// Who may see an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    /// Everyone at the table and any spectator.
    Public,
    /// Only this seat (e.g. "you draw Ember Drake").
    Only(Seat),
}

/// Something that happened, in words, with its own visibility. A hidden
/// move is usually reported twice: a public line naming no secret and a
/// private line for the seat that may know it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Who may read it.
    pub to: Visibility,
    /// The sentence shown.
    pub text: String,
}

impl Event {
    /// An event everyone sees.
    pub fn public(text: impl Into<String>) -> Self {
        Self { to: Visibility::Public, text: text.into() }
    }
    /// An event only `seat` sees.
    pub fn private(seat: Seat, text: impl Into<String>) -> Self {
        Self { to: Visibility::Only(seat), text: text.into() }
    }
    /// Whether `viewer` (None = public) may see this event.
    pub fn visible_to(&self, viewer: Option<Seat>) -> bool {
        match self.to {
            Visibility::Public => true,
            Visibility::Only(s) => viewer == Some(s),
        }
    }
}
