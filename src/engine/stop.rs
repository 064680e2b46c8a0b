//! Priority stops: decisions whose answer is "respond, or pass".
//!
//! The table answers some stops for a player (see `table::play`), and it
//! must not do so on the strength of what only that player can see: the
//! others would learn it from the automatic pass. A game therefore says
//! which kind of "nothing to do" a seat is in.

use serde::{Deserialize, Serialize};

/// What can be told of a seat's responses at a stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Responses {
    /// Public facts alone leave only the pass (an empty hand, nothing to
    /// pay with): passing for the seat tells nobody anything.
    NonePublicly,
    /// Only the seat's hidden cards leave nothing but the pass: an
    /// automatic pass would tell the others, so it needs the player's leave.
    NoneSecretly,
    /// The seat has a real response.
    Some,
}

/// A priority stop for one seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stop<A> {
    /// The answer that passes (one of the seat's legal actions).
    pub pass: A,
    /// Whether the seat has any real response, and who could know. Told
    /// honestly for every window: `NonePublicly` only on public facts.
    pub responses: Responses,
    /// Whether this window is one the player is asked at unless they chose
    /// otherwise (the game's chat defaults). The window exists either way:
    /// `/settings hold_priority:on` asks at every one.
    pub asked_by_default: bool,
}

impl<A> Stop<A> {
    /// Whether the table may pass for a seat whose player allowed
    /// (`hidden_ok`) or did not allow passes that reveal a hidden "nothing".
    /// A window the player is not asked at by default is passed for them
    /// whatever they hold (`/settings hold_priority:on` asks at every one).
    pub fn passes_automatically(&self, hidden_ok: bool) -> bool {
        if !self.asked_by_default {
            return true;
        }
        match self.responses {
            Responses::NonePublicly => true,
            Responses::NoneSecretly => hidden_ok,
            Responses::Some => false,
        }
    }

    /// The same stop with its pass answer mapped (registry dispatch).
    pub fn map<B>(self, f: impl FnOnce(A) -> B) -> Stop<B> {
        Stop { pass: f(self.pass), responses: self.responses, asked_by_default: self.asked_by_default }
    }
}
