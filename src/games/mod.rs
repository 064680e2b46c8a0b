//! The game registry: the one place that lists the games.
//!
//! A game is a folder here (`games/<game>`: its [`Rules`], implementing
//! [`Game`]), a folder under `cards/<game>` (its [`Catalog`]), its data
//! under `cards/<game>/` at the top of the repository, and one line in
//! [`for_each_game!`]. From that line the [`registry!`] macro generates
//! [`GameId`], [`GAMES`], the [`Library`] of card catalogues, and
//! [`AnyState`] / [`AnyAction`] / [`AnyCards`] with all dispatch; the
//! registry itself implements [`Rules`] as [`AnyGame`], so generic code
//! (playouts, the AI) runs over any game.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::cards::{search, Catalog, LoadError, NotFound};
use crate::engine::{
    ActionView, Event, GameRng, Illegal, MatchSetup, Order, Outcome, Rules, Seat, SetupError, Stop,
    TableView, Turn, Viewer,
};

/// THE list of games, one line each: `module::RulesType as Variant`. The
/// module is declared both here (`games/<module>`) and under `cards/`.
macro_rules! for_each_game {
    ($then:ident) => {
        $then! {
            spheres::Spheres as Spheres,
            certamen::Certamen as Certamen,
            athernum::Athernum as Athernum,
            #[cfg(feature = "test-games")] highcard::HighCard as HighCard,
        }
    };
}
pub(crate) use for_each_game;

/// What players are told about a game.
#[derive(Debug, Clone, Copy)]
pub struct GameInfo {
    /// The id as typed in commands and stored ("spheres").
    pub key: &'static str,
    /// Display name.
    pub name: &'static str,
    /// A one-paragraph summary.
    pub summary: &'static str,
    /// Variant names accepted at challenge time.
    pub variants: &'static [&'static str],
    /// Multiplayer modes (the first is the default); empty for a game
    /// with one way to seat its players.
    pub modes: &'static [&'static str],
    /// Deck assembly methods a challenge may ask for with `assembly:`
    /// (see [`crate::engine::MatchSetup::assembly`]); empty for a game in
    /// which every player simply brings a deck.
    pub assemblies: &'static [Assembly],
    /// Players a match seats (min, max).
    pub players: (usize, usize),
    /// Series a challenge may ask for with `match:` (`3`: best of 3, see
    /// [`crate::engine::MatchSetup::best_of`]); empty: one game per match.
    pub best_of: &'static [u8],
    /// Whether a challenge may set a match time limit with `time_limit:`
    /// (see [`crate::engine::MatchSetup::time_limit`] and
    /// [`Rules::call_time`]).
    pub time_limit: bool,
    /// The standing orders a player may give in this game, besides
    /// [`crate::engine::ONLY_WHEN_ABLE`] (see [`Rules::orders`]).
    pub orders: &'static [Order],
    /// The priority windows a player may choose to be asked at, or to
    /// skip, with `/settings stops` (see [`crate::engine::Stop::window`]).
    pub windows: &'static [Window],
    /// Whether whether a player can answer at a window may rest on their
    /// hidden cards ([`crate::engine::Responses::NoneSecretly`]): only then
    /// does the table hold a pass made inside a masking delay, so its
    /// timing tells nothing (`table::play`, `holds_pass`).
    pub hidden_answers: bool,
}

/// A kind of priority window a player may set a stop at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The key typed in `/settings stops` ("end").
    pub key: &'static str,
    /// What it is, for players, with whether it is asked at by default.
    pub summary: &'static str,
}

/// One way of assembling decks, as a challenge offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assembly {
    /// The key typed in `assembly:` ("closed-draft").
    pub key: &'static str,
    /// One line for players: what happens before play.
    pub summary: &'static str,
    /// Which decks the players bring to the match.
    pub decks: Brings,
}

/// Which decks players bring under an assembly method: the challenge
/// asks only for these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brings {
    /// Every player chooses a deck, saved or prebuilt (no method named).
    AnyDeck,
    /// Every player chooses a prebuilt deck.
    Prebuilt,
    /// Every player chooses one of their saved decks.
    Saved,
    /// Only the challenger chooses a deck; everyone plays a copy of it.
    ChallengersDeck,
    /// Nobody brings a deck: the match builds them before play.
    Nothing,
}

impl GameInfo {
    /// The assembly method `key` names (any case); the error lists the
    /// valid keys.
    pub fn assembly(&self, key: &str) -> Result<&'static Assembly, String> {
        let key = key.trim();
        if self.assemblies.is_empty() {
            return Err(format!("{} has no deck assembly methods; leave assembly out.", self.name));
        }
        self.assemblies.iter().find(|a| a.key.eq_ignore_ascii_case(key)).ok_or_else(|| {
            let keys: Vec<&str> = self.assemblies.iter().map(|a| a.key).collect();
            format!("{} has no assembly method \"{key}\"; the methods are: {}.", self.name, keys.join(", "))
        })
    }

    /// Which decks players bring under `assembly` (`None`: any deck).
    pub fn brings(&self, assembly: Option<&str>) -> Brings {
        assembly.and_then(|k| self.assembly(k).ok()).map_or(Brings::AnyDeck, |a| a.decks)
    }
}

/// A game as the registry needs it: its rules, reading cards from its own
/// catalogue, and what players are told about it.
pub trait Game: Rules<Cards = Arc<Self::Catalog>> {
    /// The game's card catalogue (`cards/<game>`).
    type Catalog: Catalog + 'static;
    /// Key, name, summary, variants, players.
    const INFO: GameInfo;
}

/// Generates the registry from the list in [`for_each_game!`].
macro_rules! registry {
    ($( $(#[$meta:meta])* $module:ident :: $rules:ident as $variant:ident ),* $(,)?) => {
        $( $(#[$meta])* pub mod $module; )*

        /// A game the registry knows.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum GameId {
            $( $(#[$meta])* #[doc = concat!("`", stringify!($module), "`")] $variant, )*
        }

        /// Every game, in the order `/games` lists them.
        pub const GAMES: &[GameId] = &[ $( $(#[$meta])* GameId::$variant, )* ];

        impl GameId {
            /// The registry entry: key, name, summary, variants, players.
            pub fn info(self) -> &'static GameInfo {
                match self { $( $(#[$meta])* GameId::$variant => &<$module::$rules as Game>::INFO, )* }
            }
        }

        /// Every game's card catalogue, loaded once at start-up and passed to
        /// whoever needs cards (setup, look-ups, deck checks).
        #[derive(Debug, Clone)]
        pub struct Library {
            $( $(#[$meta])* $module: Arc<<$module::$rules as Game>::Catalog>, )*
        }

        impl Library {
            /// The catalogues embedded in the binary at build time.
            pub fn embedded() -> Result<Library, LoadError> {
                Ok(Library { $( $(#[$meta])* $module: Arc::new(Catalog::embedded()?), )* })
            }

            /// Reads and checks every game's cards under `root` (the
            /// `cards/` folder): one `(game, catalogue size)` per game.
            pub fn check_dir(root: &Path) -> Result<Vec<(GameId, crate::cards::CatalogSize)>, LoadError> {
                let mut out = Vec::new();
                $( $(#[$meta])* {
                    let key = GameId::$variant.key();
                    let c = <<$module::$rules as Game>::Catalog as Catalog>::load_dir(&root.join(key))?;
                    out.push((GameId::$variant, c.size()));
                } )*
                Ok(out)
            }

            /// One game's catalogue.
            pub fn catalog(&self, game: GameId) -> &dyn Catalog {
                match game { $( $(#[$meta])* GameId::$variant => &*self.$module, )* }
            }

            /// One game's card database, for setting a match up.
            pub fn cards(&self, game: GameId) -> AnyCards {
                match game { $( $(#[$meta])* GameId::$variant => AnyCards::$variant(self.$module.clone()), )* }
            }
        }

        /// One game's card database, tagged with its game.
        #[derive(Debug, Clone)]
        pub enum AnyCards {
            $( $(#[$meta])* #[doc = concat!("`", stringify!($module), "`")] $variant(<$module::$rules as Rules>::Cards), )*
        }

        /// The state of a match of any game.
        #[derive(Debug, Clone, Serialize, Deserialize)]
        #[serde(tag = "game", content = "state", rename_all = "lowercase")]
        pub enum AnyState {
            $( $(#[$meta])* #[doc = concat!("`", stringify!($module), "`")] $variant(Box<<$module::$rules as Rules>::State>), )*
        }

        /// An action of any game.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "game", content = "action", rename_all = "lowercase")]
        pub enum AnyAction {
            $( $(#[$meta])* #[doc = concat!("`", stringify!($module), "`")] $variant(<$module::$rules as Rules>::Action), )*
        }

        impl AnyState {
            /// Which game this is.
            pub fn game(&self) -> GameId {
                match self { $( $(#[$meta])* AnyState::$variant(_) => GameId::$variant, )* }
            }
        }

        /// Runs `$body` with `$g` bound to the rules type and `$s` to the state.
        macro_rules! dispatch {
            ($state:expr, |$g:ident, $s:ident| $body:expr) => {
                match $state { $( $(#[$meta])* AnyState::$variant($s) => { type $g = $module::$rules; $body } )* }
            };
        }

        /// Runs `$body` with the rules type, the state and the same game's
        /// action; a mismatched action yields `$other`.
        macro_rules! dispatch_action {
            ($state:expr, $action:expr, |$g:ident, $s:ident, $a:ident| $body:expr, $other:expr) => {
                match ($state, $action) {
                    $( $(#[$meta])* (AnyState::$variant($s), AnyAction::$variant($a)) => { type $g = $module::$rules; $body } )*
                    #[allow(unreachable_patterns)]
                    _ => $other,
                }
            };
        }

        impl Rules for AnyGame {
            type State = AnyState;
            type Action = AnyAction;
            type Cards = AnyCards;

            fn setup(setup: &MatchSetup, cards: &AnyCards) -> Result<AnyState, SetupError> {
                match cards {
                    $( $(#[$meta])* AnyCards::$variant(c) => Ok(AnyState::$variant(Box::new(<$module::$rules as Rules>::setup(setup, c)?))), )*
                }
            }
            fn attach(s: &mut AnyState, cards: &AnyCards) {
                match (s, cards) {
                    $( $(#[$meta])* (AnyState::$variant(s), AnyCards::$variant(c)) => <$module::$rules as Rules>::attach(s, c), )*
                    #[allow(unreachable_patterns)]
                    (s, _) => debug_assert!(false, "cards of another game offered to a {:?} match", s.game()),
                }
            }
            fn to_act(s: &AnyState) -> Vec<Seat> {
                dispatch!(s, |G, s| G::to_act(s))
            }
            fn legal_actions(s: &AnyState, seat: Seat) -> Vec<AnyAction> {
                match s { $( $(#[$meta])* AnyState::$variant(s) => <$module::$rules as Rules>::legal_actions(s, seat).into_iter().map(AnyAction::$variant).collect(), )* }
            }
            fn apply(s: &mut AnyState, seat: Seat, a: &AnyAction) -> Result<Vec<Event>, Illegal> {
                let game = s.game();
                dispatch_action!(s, a, |G, s, a| G::apply(s, seat, a), Err(Illegal::new(format!("that is not a {} action", game.info().name))))
            }
            fn outcome(s: &AnyState) -> Option<Outcome> {
                dispatch!(s, |G, s| G::outcome(s))
            }
            fn view(s: &AnyState, viewer: Viewer) -> TableView {
                dispatch!(s, |G, s| G::view(s, viewer))
            }
            fn describe(s: &AnyState, seat: Seat, a: &AnyAction) -> ActionView {
                dispatch_action!(s, a, |G, s, a| G::describe(s, seat, a), ActionView { index: 0, label: "?".into(), placement: crate::engine::Placement::Hand })
            }
            fn concede(s: &mut AnyState, seat: Seat) -> Vec<Event> {
                dispatch!(s, |G, s| G::concede(s, seat))
            }
            fn secrets(s: &AnyState, viewer: Viewer) -> Vec<String> {
                dispatch!(s, |G, s| G::secrets(s, viewer))
            }
            fn determinize(s: &AnyState, seat: Seat, rng: &mut GameRng) -> AnyState {
                match s { $( $(#[$meta])* AnyState::$variant(s) => AnyState::$variant(Box::new(<$module::$rules as Rules>::determinize(s, seat, rng))), )* }
            }
            fn stop(s: &AnyState, seat: Seat) -> Option<Stop<AnyAction>> {
                match s { $( $(#[$meta])* AnyState::$variant(s) => <$module::$rules as Rules>::stop(s, seat).map(|st| st.map(AnyAction::$variant)), )* }
            }
            fn turn(s: &AnyState) -> Option<Turn> {
                dispatch!(s, |G, s| G::turn(s))
            }
            fn starter(s: &AnyState) -> Option<Seat> {
                dispatch!(s, |G, s| G::starter(s))
            }
            fn decline(s: &AnyState, seat: Seat) -> Option<AnyAction> {
                match s { $( $(#[$meta])* AnyState::$variant(s) => <$module::$rules as Rules>::decline(s, seat).map(AnyAction::$variant), )* }
            }
            fn orders(s: &AnyState, seat: Seat) -> Vec<Order> {
                dispatch!(s, |G, s| G::orders(s, seat))
            }
            fn follow(s: &AnyState, seat: Seat, key: &str) -> Option<AnyAction> {
                match s { $( $(#[$meta])* AnyState::$variant(s) => <$module::$rules as Rules>::follow(s, seat, key).map(AnyAction::$variant), )* }
            }
            fn call_time(s: &mut AnyState) -> Vec<Event> {
                dispatch!(s, |G, s| G::call_time(s))
            }
            fn evaluate(s: &AnyState, seat: Seat) -> Option<f64> {
                dispatch!(s, |G, s| G::evaluate(s, seat))
            }
            fn rollout_depth(s: &AnyState) -> usize {
                dispatch!(s, |G, s| G::rollout_depth(s))
            }
            fn exploration(s: &AnyState) -> f64 {
                dispatch!(s, |G, s| G::exploration(s))
            }
            fn hand_names(s: &AnyState, seat: Seat) -> Vec<String> {
                dispatch!(s, |G, s| G::hand_names(s, seat))
            }
        }

        impl AnyState {
            /// The answer `seat` gives in a simulated game (the game's
            /// [`Rules::rollout_pick`] among its legal actions); `None`
            /// when it has nothing to decide.
            pub fn rollout_action(&self, seat: Seat, rng: &mut GameRng) -> Option<AnyAction> {
                match self { $( $(#[$meta])* AnyState::$variant(s) => {
                    let mut legal = <$module::$rules as Rules>::legal_actions(s, seat);
                    if legal.is_empty() {
                        return None;
                    }
                    let i = <$module::$rules as Rules>::rollout_pick(s, seat, &legal, rng);
                    Some(AnyAction::$variant(legal.swap_remove(i)))
                } )* }
            }
        }
    };
}

/// The registry as one [`Rules`]: any game's state, action and cards.
#[derive(Debug, Clone, Copy)]
pub struct AnyGame;

for_each_game!(registry);

impl GameId {
    /// The id as stored and typed ("spheres").
    pub fn key(self) -> &'static str {
        self.info().key
    }

    /// The game's display name ("Spheres").
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The game a player typed ("spheres", "Spheres", a close misspelling
    /// is not guessed: the error suggests it).
    pub fn parse(typed: &str) -> Result<GameId, NotFound> {
        let key = search::normalise(typed);
        GAMES
            .iter()
            .copied()
            .find(|g| search::normalise(g.key()) == key || search::normalise(g.name()) == key)
            .ok_or_else(|| NotFound::among("game", typed, GAMES.iter().map(|g| g.key())))
    }
}

/// The games' keys, for messages ("spheres, certamen").
pub fn game_keys() -> String {
    GAMES.iter().map(|g| g.key()).collect::<Vec<_>>().join(", ")
}

impl AnyState {
    /// Sets a match of `game` up with the library's cards for it.
    pub fn setup(game: GameId, setup: &MatchSetup, library: &Library) -> Result<AnyState, SetupError> {
        AnyGame::setup(setup, &library.cards(game))
    }

    /// Reads a stored state and gives it its game's cards from `library`.
    pub fn from_json(text: &str, library: &Library) -> Result<AnyState, serde_json::Error> {
        let mut state: AnyState = serde_json::from_str(text)?;
        let cards = library.cards(state.game());
        AnyGame::attach(&mut state, &cards);
        Ok(state)
    }

    /// Seats that must act now.
    pub fn to_act(&self) -> Vec<Seat> {
        AnyGame::to_act(self)
    }

    /// The legal actions of `seat`.
    pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
        AnyGame::legal_actions(self, seat)
    }

    /// Checks and applies an action.
    pub fn apply(&mut self, seat: Seat, action: &AnyAction) -> Result<Vec<Event>, Illegal> {
        AnyGame::apply(self, seat, action)
    }

    /// The result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        AnyGame::outcome(self)
    }

    /// `seat` concedes.
    pub fn concede(&mut self, seat: Seat) -> Vec<Event> {
        AnyGame::concede(self, seat)
    }

    /// The match time limit was reached (see [`Rules::call_time`]).
    pub fn call_time(&mut self) -> Vec<Event> {
        AnyGame::call_time(self)
    }

    /// The names of the cards in `seat`'s hand, as its view shows them
    /// (see [`Rules::hand_names`]).
    pub fn hand_names(&self, seat: Seat) -> Vec<String> {
        AnyGame::hand_names(self, seat)
    }

    /// The card names `viewer` may not be shown now (see [`Rules::secrets`]).
    pub fn secrets(&self, viewer: Viewer) -> Vec<String> {
        AnyGame::secrets(self, viewer)
    }

    /// Describes one action for a button.
    pub fn describe(&self, seat: Seat, action: &AnyAction) -> ActionView {
        AnyGame::describe(self, seat, action)
    }

    /// `seat`'s priority stop, if its decision is one.
    pub fn stop(&self, seat: Seat) -> Option<Stop<AnyAction>> {
        AnyGame::stop(self, seat)
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Option<Turn> {
        AnyGame::turn(self)
    }

    /// Who took the first turn of the match (see [`Rules::starter`]).
    pub fn starter(&self) -> Option<Seat> {
        AnyGame::starter(self)
    }

    /// The answer with which `seat` declines its pending decision.
    pub fn decline(&self, seat: Seat) -> Option<AnyAction> {
        AnyGame::decline(self, seat)
    }

    /// The standing orders that could answer `seat`'s pending decision.
    pub fn orders(&self, seat: Seat) -> Vec<Order> {
        AnyGame::orders(self, seat)
    }

    /// The answer standing order `key` gives for `seat` now, if any.
    pub fn follow(&self, seat: Seat, key: &str) -> Option<AnyAction> {
        AnyGame::follow(self, seat, key)
    }

    /// How well `seat` stands, 0 to 1 (see [`Rules::evaluate`]).
    pub fn evaluate(&self, seat: Seat) -> Option<f64> {
        AnyGame::evaluate(self, seat)
    }

    /// Actions a simulation plays before it is scored (see
    /// [`Rules::rollout_depth`]).
    pub fn rollout_depth(&self) -> usize {
        AnyGame::rollout_depth(self)
    }

    /// The search's exploration constant (see [`Rules::exploration`]).
    pub fn exploration(&self) -> f64 {
        AnyGame::exploration(self)
    }

    /// A copy with everything hidden from `seat` re-sampled.
    pub fn determinize(&self, seat: Seat, rng: &mut GameRng) -> AnyState {
        AnyGame::determinize(self, seat, rng)
    }

    /// What `viewer` may see, with the seat's legal actions filled in
    /// (index = position in `legal_actions`).
    pub fn view(&self, viewer: Viewer) -> TableView {
        let mut view = AnyGame::view(self, viewer);
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
