//! The game registry: every rules module, and [`AnyState`] / [`AnyAction`]
//! dispatch so the table layer can drive any game through one type.
//!
//! Adding a game = a module implementing [`Rules`], a [`GameId`] variant, a
//! [`GAMES`] entry and a line in the `dispatch!` macro.

pub mod spheres;

use serde::{Deserialize, Serialize};

use crate::engine::{
    ActionView, Event, Illegal, MatchSetup, Outcome, Rules, Seat, SetupError, TableView, Viewer,
};

/// A game the registry knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    /// Spheres (and its `first-draft` variant).
    Spheres,
}

/// What players are told about a game.
#[derive(Debug, Clone, Copy)]
pub struct GameInfo {
    /// Registry id.
    pub id: GameId,
    /// The id as typed in commands.
    pub key: &'static str,
    /// Display name.
    pub name: &'static str,
    /// A one-paragraph summary.
    pub summary: &'static str,
    /// Variant names accepted at challenge time.
    pub variants: &'static [&'static str],
    /// Players a match seats (min, max).
    pub players: (usize, usize),
}

/// Every game, in the order `/games` lists them.
pub const GAMES: &[GameInfo] = &[GameInfo {
    id: GameId::Spheres,
    key: "spheres",
    name: "Spheres",
    summary: "Lords of five spheres of magic raise crystals, summon creatures and cast spells from \
              one double-sided deck. Break all five of the enemy towers, then storm the fortress \
              once more to win. Destroyed cards become groove energy you can spend on retaliation \
              spells during your opponent's attacks.",
    variants: &[],
    players: (2, 2),
}];

impl GameId {
    /// Parses a game name as typed by a player ("spheres", "Spheres").
    pub fn parse(s: &str) -> Result<GameId, String> {
        let key = s.trim().to_lowercase();
        GAMES.iter().find(|g| g.key == key || g.name.to_lowercase() == key).map(|g| g.id).ok_or_else(|| {
            format!(
                "there is no game \"{}\"{}; the games are: {}",
                s.trim(),
                crate::cards::did_you_mean(&key, GAMES.iter().map(|g| g.key)),
                GAMES.iter().map(|g| g.key).collect::<Vec<_>>().join(", ")
            )
        })
    }
    /// The registry entry.
    pub fn info(self) -> &'static GameInfo {
        GAMES.iter().find(|g| g.id == self).expect("every GameId has a GAMES entry")
    }
    /// The id as stored and typed.
    pub fn key(self) -> &'static str {
        self.info().key
    }

    /// The starter decks: (name, one-line summary).
    pub fn starter_decks(self) -> Vec<(String, String)> {
        match self {
            GameId::Spheres => crate::cards::spheres::db()
                .decks
                .iter()
                .map(|d| (d.name.clone(), d.summary.clone()))
                .collect(),
        }
    }

    /// The card list of a starter deck, one entry per copy.
    pub fn starter_deck(self, name: &str) -> Result<(String, Vec<String>), String> {
        match self {
            GameId::Spheres => {
                let db = crate::cards::spheres::db();
                let d = db.deck(name)?;
                Ok((d.name.clone(), db.deck_list(d)))
            }
        }
    }

    /// Checks a deck list against the game's construction rules.
    pub fn check_deck(self, cards: &[String]) -> Result<(), String> {
        match self {
            GameId::Spheres => crate::cards::spheres::db().resolve_deck(cards).map(|_| ()),
        }
    }
}

/// The state of a match of any game.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "game", content = "state", rename_all = "lowercase")]
pub enum AnyState {
    /// A Spheres match.
    Spheres(Box<<spheres::Spheres as Rules>::State>),
}

/// An action of any game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", content = "action", rename_all = "lowercase")]
pub enum AnyAction {
    /// A Spheres action.
    Spheres(<spheres::Spheres as Rules>::Action),
}

/// Runs `$body` with `$g` bound to the rules type and `$s` to the state.
macro_rules! dispatch {
    ($state:expr, |$g:ident, $s:ident| $body:expr) => {
        match $state {
            AnyState::Spheres($s) => {
                type $g = spheres::Spheres;
                $body
            }
        }
    };
}

impl AnyState {
    /// Sets a match of `game` up.
    pub fn setup(game: GameId, setup: &MatchSetup) -> Result<AnyState, SetupError> {
        match game {
            GameId::Spheres => Ok(AnyState::Spheres(Box::new(spheres::Spheres::setup(setup)?))),
        }
    }

    /// Which game this is.
    pub fn game(&self) -> GameId {
        match self {
            AnyState::Spheres(_) => GameId::Spheres,
        }
    }

    /// Seats that must act now.
    pub fn to_act(&self) -> Vec<Seat> {
        dispatch!(self, |G, s| G::to_act(s))
    }

    /// The legal actions of `seat`.
    pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
        match self {
            AnyState::Spheres(s) => {
                spheres::Spheres::legal_actions(s, seat).into_iter().map(AnyAction::Spheres).collect()
            }
        }
    }

    /// Checks and applies an action.
    pub fn apply(&mut self, seat: Seat, action: &AnyAction) -> Result<Vec<Event>, Illegal> {
        match (self, action) {
            (AnyState::Spheres(s), AnyAction::Spheres(a)) => spheres::Spheres::apply(s, seat, a),
        }
    }

    /// The result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, |G, s| G::outcome(s))
    }

    /// `seat` concedes.
    pub fn concede(&mut self, seat: Seat) -> Vec<Event> {
        dispatch!(self, |G, s| G::concede(s, seat))
    }

    /// The card names `viewer` may not be shown now (see [`Rules::secrets`]).
    pub fn secrets(&self, viewer: Viewer) -> Vec<String> {
        dispatch!(self, |G, s| G::secrets(s, viewer))
    }

    /// Describes one action for a button.
    pub fn describe(&self, seat: Seat, action: &AnyAction) -> ActionView {
        match (self, action) {
            (AnyState::Spheres(s), AnyAction::Spheres(a)) => spheres::Spheres::describe(s, seat, a),
        }
    }

    /// What `viewer` may see, with the seat's legal actions filled in
    /// (index = position in `legal_actions`).
    pub fn view(&self, viewer: Viewer) -> TableView {
        let mut view = dispatch!(self, |G, s| G::view(s, viewer));
        if let Viewer::Seat(seat) = viewer {
            view.actions = self
                .legal_actions(seat)
                .iter()
                .enumerate()
                .map(|(i, a)| ActionView { index: i, ..self.describe(seat, a) })
                .collect();
        }
        view
    }
}
