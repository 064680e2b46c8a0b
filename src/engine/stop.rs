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
    /// The kind of window, by the key a player names it with in
    /// `/settings stops` (one of the game's [`crate::games::GameInfo::windows`];
    /// a window not listed there, such as one's own main phase, is not
    /// the player's to skip).
    pub window: &'static str,
}

/// The windows a player chose to be asked at beyond a game's defaults
/// (`ask`), and those they chose to have passed for them whatever they
/// hold (`skip`), by window key (`/settings stops:end,no-blockers`).
/// Skipping tells the others only what the player chose, never what
/// their hand holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stops {
    /// Windows asked at.
    pub ask: Vec<String>,
    /// Windows passed for them.
    pub skip: Vec<String>,
}

impl Stops {
    /// Reads the stored or typed form, "end, attackers, no-their-spell"
    /// (any other word is left to [`Stops::unknown`] to report).
    pub fn parse(text: &str) -> Stops {
        let mut stops = Stops::default();
        for word in text.split([',', ' ']).map(str::trim).filter(|w| !w.is_empty()) {
            let word = word.to_lowercase();
            let (list, key) = match word.strip_prefix("no-") {
                Some(key) => (&mut stops.skip, key.to_owned()),
                None => (&mut stops.ask, word.clone()),
            };
            if !list.contains(&key) {
                list.push(key);
            }
        }
        stops
    }

    /// The stored form (the words of [`Stops::parse`]).
    pub fn to_text(&self) -> String {
        let skip = self.skip.iter().map(|k| format!("no-{k}"));
        self.ask.iter().cloned().chain(skip).collect::<Vec<_>>().join(",")
    }

    /// The keys named that are not in `known`.
    pub fn unknown<'a>(&'a self, known: &[&str]) -> Vec<&'a str> {
        self.ask.iter().chain(&self.skip).map(String::as_str).filter(|k| !known.contains(k)).collect()
    }

    /// Whether none is set (the game's defaults hold).
    pub fn is_empty(&self) -> bool {
        self.ask.is_empty() && self.skip.is_empty()
    }
}

impl<A> Stop<A> {
    /// Whether the player is asked at this window: by their own `stops`
    /// where they set one for it, else by the game's default.
    pub fn asked(&self, stops: &Stops) -> bool {
        if stops.ask.iter().any(|k| k == self.window) {
            true
        } else if stops.skip.iter().any(|k| k == self.window) {
            false
        } else {
            self.asked_by_default
        }
    }

    /// Whether the table may pass for a seat whose player allowed
    /// (`hidden_ok`) or did not allow passes that reveal a hidden "nothing",
    /// with their `stops`. A window the player is not asked at is passed
    /// for them whatever they hold (`/settings hold_priority:on` asks at
    /// every one).
    pub fn passes_automatically(&self, stops: &Stops, hidden_ok: bool) -> bool {
        if !self.asked(stops) {
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
        Stop {
            pass: f(self.pass),
            responses: self.responses,
            asked_by_default: self.asked_by_default,
            window: self.window,
        }
    }
}
