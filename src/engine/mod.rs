//! The game-agnostic vocabulary every rules module speaks.
//!
//! A game is a [`Rules`] implementation: a pure state machine that lists the
//! legal answers to the pending decision and applies one of them. Nothing in
//! here (or in `games/`, `cards/`) does I/O or knows about Discord: the
//! table layer drives it, the front ends render its [`TableView`]s.

mod attached;
mod chat;
mod event;
mod outcome;
pub mod playout;
mod rng;
mod seat;
mod stop;
mod view;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use attached::Attached;
pub use chat::{GivenOrder, Order, Turn, END_TURN, ONLY_WHEN_ABLE, PASS_UNLESS_TARGETED, PASS_UNTIL_MY_TURN};
pub use event::{Event, Visibility};
pub use outcome::Outcome;
pub use playout::{logistic, pick_acting, random_playout, Playout, PlayoutError};
pub use rng::GameRng;
pub use seat::{PerSeat, Seat};
pub use stop::{Responses, Stop, Stops};
pub use view::{
    count_cards, hand_names_of, ActionView, CardView, Placement, PoolView, SeatView, StackItemView,
    TableView, Viewer, ZoneView,
};

/// Everything a match is created from: with the action list it defines the
/// match completely (replay re-runs `setup` and then every action).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSetup {
    /// Game variants, comma-separated when several are combined (for
    /// Spheres `first-draft,face-down`); `None` is the standard game.
    #[serde(default)]
    pub variant: Option<String>,
    /// Multiplayer mode (for Spheres `free-for-all`, `limited-range`,
    /// `teams`); `None` is the game's default for the number of seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// How decks are assembled (for Spheres `pre-design`, `closed-draft`,
    /// …); `None`: every seat brings its deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assembly: Option<String>,
    /// Games the match is the best of (`Some(3)`: the first to win two
    /// games wins the match); `None` is a single game. Offered only by a
    /// game whose [`crate::games::GameInfo::best_of`] lists it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_of: Option<u8>,
    /// The match time limit in seconds of wall-clock time from the start
    /// of the match; `None`: no limit. The table calls time when it is
    /// reached (it logs the call, see [`Rules::call_time`]), so the rules
    /// never read a clock. Offered only by a game that declares
    /// [`crate::games::GameInfo::time_limit`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit: Option<u64>,
    /// Seed of the match's random number generator.
    pub seed: u64,
    /// The players, in seat order.
    pub seats: Vec<SeatSetup>,
    /// Who takes the first turn when it is decided outside the game: a
    /// rematch passes it clockwise from the previous match's first
    /// player. `None`: the game's own rule decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Seat>,
}

/// One player at setup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSetup {
    /// Display name used in events and views.
    pub name: String,
    /// Deck name (for display).
    pub deck_name: String,
    /// The deck as card names, one entry per copy.
    pub deck: Vec<String>,
}

/// A length of time in words, as the board and the challenge show a match
/// time limit ([`MatchSetup::time_limit`]): "7 days", "2 days 12 hours",
/// "1 hour 30 minutes".
pub fn duration_text(seconds: u64) -> String {
    let (d, h, m) = (seconds / 86_400, seconds % 86_400 / 3600, seconds % 3600 / 60);
    let unit = |n: u64, one: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {one}s") };
    let parts: Vec<String> = [(d, "day"), (h, "hour"), (m, "minute")]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, one)| unit(n, one))
        .collect();
    if parts.is_empty() {
        unit(seconds, "second")
    } else {
        parts.join(" ")
    }
}

/// Why a match could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The deck breaks a construction rule; the text says which and how to fix it.
    #[error("deck of {seat_name}: {reason}")]
    InvalidDeck {
        /// Player whose deck is wrong.
        seat_name: String,
        /// What is wrong.
        reason: String,
    },
    /// Wrong number of players or an unknown variant.
    #[error("{0}")]
    Invalid(String),
}

/// An action that is not legal now; the text says why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Illegal(pub String);

impl Illegal {
    /// Builds an `Illegal` from any message.
    pub fn new(msg: impl Into<String>) -> Self {
        Self(msg.into())
    }
}

/// The contract every game implements.
///
/// Every decision is a prompt stored in the state: `to_act` says who must
/// answer, `legal_actions` lists the answers, `apply` takes one. `apply`
/// re-checks legality, so a stale or forged action is refused, never applied.
///
/// A state reads its card definitions from the card database it was set up
/// with ([`Rules::Cards`], shared, never serialised): after deserialising a
/// state, [`Rules::attach`] gives it its database again.
pub trait Rules {
    /// The whole game state, including its RNG.
    type State: Clone + Serialize + DeserializeOwned + std::fmt::Debug;
    /// One answer to a prompt; one button or select option.
    type Action: Clone + Eq + Serialize + DeserializeOwned + std::fmt::Debug;
    /// The card database a match reads its definitions from (an `Arc`, so
    /// states clone cheaply).
    type Cards: Clone;

    /// Creates the opening state (shuffles, first player, opening hands).
    fn setup(setup: &MatchSetup, cards: &Self::Cards) -> Result<Self::State, SetupError>;
    /// Gives a deserialised state its card database (states never carry it
    /// in their serialised form).
    fn attach(s: &mut Self::State, cards: &Self::Cards);
    /// Seats that must answer now; empty once the game is over.
    fn to_act(s: &Self::State) -> Vec<Seat>;
    /// The legal answers of `seat` (empty if it has nothing to decide).
    fn legal_actions(s: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// Checks and applies one action, returning what happened.
    fn apply(s: &mut Self::State, seat: Seat, a: &Self::Action) -> Result<Vec<Event>, Illegal>;
    /// The result once the game is over.
    fn outcome(s: &Self::State) -> Option<Outcome>;
    /// What `viewer` may see of the table. The only place visibility is decided.
    fn view(s: &Self::State, viewer: Viewer) -> TableView;
    /// A short label for a button or select option offering `a` to `seat`.
    fn describe(s: &Self::State, seat: Seat, a: &Self::Action) -> ActionView;
    /// `seat` concedes: it leaves the game (which may end it).
    fn concede(s: &mut Self::State, seat: Seat) -> Vec<Event>;
    /// The card names `viewer` cannot see right now (in hands not theirs,
    /// decks, towers or shields, face-down cards, groove energy) and that no
    /// zone visible to `viewer` shows: none of them may appear in anything
    /// `viewer` is shown. The hidden-information tests check every game
    /// against this list.
    fn secrets(s: &Self::State, viewer: Viewer) -> Vec<String>;
    /// A copy of the state in which everything hidden from `seat` (other
    /// hands, deck orders, face-down cards) is re-sampled with `rng`,
    /// consistently with what `seat` has seen: `view(copy, Seat(seat))`
    /// equals `view(s, Seat(seat))`. The AI searches only such copies, so it
    /// cannot cheat.
    fn determinize(s: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State;
    /// When `seat`'s pending decision is a priority stop (respond or pass),
    /// its pass answer and what the table may tell of its responses; `None`
    /// for any other decision. The table's autopilot passes for a player on
    /// this alone, and only on public facts unless the player allowed more.
    fn stop(_s: &Self::State, _seat: Seat) -> Option<Stop<Self::Action>> {
        None
    }
    /// Whose turn it is; `None` for a game without turns (or once over).
    fn turn(_s: &Self::State) -> Option<Turn> {
        None
    }
    /// Who took the first turn of the match, for a rematch that passes
    /// it on (see [`MatchSetup::first`]); `None` when the game has no
    /// first player.
    fn starter(_s: &Self::State) -> Option<Seat> {
        None
    }
    /// The answer with which `seat` declines its pending decision and
    /// does nothing (no crystal, end attacks, keep the hand, no block,
    /// pass), if the decision has one. The table's *End turn* repeats it
    /// through the rest of a player's turn.
    fn decline(_s: &Self::State, _seat: Seat) -> Option<Self::Action> {
        None
    }
    /// The standing orders that could answer `seat`'s pending decision
    /// (offered as buttons next to it), besides [`ONLY_WHEN_ABLE`].
    fn orders(_s: &Self::State, _seat: Seat) -> Vec<Order> {
        Vec::new()
    }
    /// The answer standing order `key` gives for `seat`'s pending
    /// decision; `None` when the order does not cover it (ask the player).
    /// It may rest on anything the seat can see: the player chose it.
    fn follow(_s: &Self::State, _seat: Seat, _key: &str) -> Option<Self::Action> {
        None
    }
    /// The match time limit ([`MatchSetup::time_limit`]) was reached: the
    /// table logs this call like an action, so a replay calls time at the
    /// same point. The rules decide what follows (Athernum: the turn under
    /// way is completed, each player takes one more turn, then Victory
    /// Tokens decide). Returns no events when it changes nothing (no time
    /// limit, time already called, the game over).
    fn call_time(_s: &mut Self::State) -> Vec<Event> {
        Vec::new()
    }
    /// How well `seat` stands, from 0 (lost) to 1 (won), at a cheap glance
    /// at the board: the AI scores a simulation it cuts short with it and
    /// the greedy player ranks its answers by it. `None`: the game gives
    /// no estimate (simulations then play on to the end). It is only ever
    /// called on a determinized copy, so it may read the whole state.
    fn evaluate(_s: &Self::State, _seat: Seat) -> Option<f64> {
        None
    }
    /// The answer `seat` gives in a simulated game: the index of one of
    /// `legal` (its legal actions, never empty). The default is uniformly
    /// random; a game may prefer likely-good answers where that makes the
    /// AI stronger (measured with `cardtable arena`).
    fn rollout_pick(_s: &Self::State, _seat: Seat, legal: &[Self::Action], rng: &mut GameRng) -> usize {
        rng.below(legal.len())
    }
    /// How many actions a simulation plays before [`Rules::evaluate`]
    /// scores it (games without an evaluation play to the end). Long
    /// simulations suit a game whose rollout answers are sensible; a game
    /// where random answers hand the other side its goals (an Athernum
    /// objective that scores when attacked) does better scoring soon.
    fn rollout_depth(_s: &Self::State) -> usize {
        40
    }
    /// The exploration constant of the search's UCB1 (its rewards lie in
    /// 0..=1). It should suit how far apart the game's rewards lie: a
    /// game scored at the leaves by its evaluation, whose answers differ
    /// by hundredths, needs less exploration than one whose simulations
    /// play on to wins and losses, or the search spreads its visits
    /// nearly evenly and learns little more than a one-ply look.
    fn exploration(_s: &Self::State) -> f64 {
        0.7
    }
    /// The names of the cards in `seat`'s hand, in order, exactly as
    /// `view(s, Viewer::Seat(seat)).hand` names them (empty when the game
    /// shows that seat no hand). The table compares them step by step to
    /// tell that a card came in, many times a click: games answer it
    /// without building the whole view.
    fn hand_names(s: &Self::State, seat: Seat) -> Vec<String> {
        hand_names_of(Self::view(s, Viewer::Seat(seat)))
    }
}
