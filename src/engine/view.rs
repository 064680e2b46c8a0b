use serde::{Deserialize, Serialize};

use super::{Outcome, Seat};

/// Who is looking at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    /// A spectator, or the public board in the thread.
    Public,
    /// A seated player: sees their own hand and their own choices.
    Seat(Seat),
}

/// What one viewer may see of a table. Front ends render only this, so they
/// cannot leak what the rules module did not put here.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TableView {
    /// The game's display name ("Spheres").
    pub game: String,
    /// One line on the state of play ("Turn 4 · Alice · Battle").
    pub headline: String,
    /// Each seat's public state (plus private zones for the viewer's seat).
    pub seats: Vec<SeatView>,
    /// The stack of effects waiting to resolve, bottom first (empty in
    /// games without one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack: Vec<StackItemView>,
    /// Token pools shared by the table ("Victory tokens" → 7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pools: Vec<PoolView>,
    /// Zones that belong to no seat (a shared location, a common row).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shared: Vec<ZoneView>,
    /// Seats that must act now.
    pub waiting_for: Vec<Seat>,
    /// The pending question in words, phrased for this viewer.
    pub prompt: Option<String>,
    /// Public notes the board shows under the headline (who starts and why).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The viewer's own hand (only for `Viewer::Seat`).
    pub hand: Option<Vec<CardView>>,
    /// What the hand is called when it is not a hand (a draft's "Your
    /// pack"); `None` is "Hand".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_title: Option<String>,
    /// The viewer's legal actions (only for `Viewer::Seat`); `index` is the
    /// position in `Rules::legal_actions`.
    pub actions: Vec<ActionView>,
    /// Set once the game is over.
    pub outcome: Option<Outcome>,
}

/// One seat as seen by the viewer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat.
    pub seat: Option<Seat>,
    /// The player's display name.
    pub name: String,
    /// Short counters ("Towers" → "4", "Hand" → "5 cards").
    pub counters: Vec<(String, String)>,
    /// The counters that matter at a glance, shown instead of `counters`
    /// when a board is short of room on a phone (empty: `counters`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub brief: Vec<(String, String)>,
    /// Tokens the seat holds, by kind ("Command tokens" → 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<PoolView>,
    /// Zones whose cards are shown (battlefield, fortress spells, vault...).
    pub zones: Vec<ZoneView>,
    /// False once the seat has been eliminated or conceded.
    pub alive: bool,
}

impl SeatView {
    /// The brief counters that say something ("Pool empty" says nothing at
    /// a glance), as "key value"; empty when the game gives none.
    pub fn brief_counters(&self) -> Vec<String> {
        self.brief
            .iter()
            .filter(|(_, v)| !matches!(v.as_str(), "empty" | "none"))
            .map(|(k, v)| format!("{k} {v}"))
            .collect()
    }

    /// The zones a short board lists beside the brief counters: not a pile
    /// a brief counter already says ("Discard pile" → "4, top X").
    pub fn zones_beside_brief(&self) -> impl Iterator<Item = &ZoneView> {
        self.zones.iter().filter(|z| !self.brief.iter().any(|(k, _)| z.name.starts_with(k.as_str())))
    }
}

/// One item of a stack: an effect waiting to resolve.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct StackItemView {
    /// What it is ("Ember Bolt: 3 damage").
    pub label: String,
    /// The seat controlling it.
    pub controller: Option<Seat>,
    /// What it targets, in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
}

/// A count of tokens of one kind, in a shared pool or held by a seat.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PoolView {
    /// The kind of token ("Victory tokens").
    pub name: String,
    /// How many.
    pub count: u32,
}

/// A zone and the cards in it that the viewer may see.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ZoneView {
    /// Zone name ("Battlefield").
    pub name: String,
    /// Its cards, in order.
    pub cards: Vec<CardView>,
}

/// One card as the viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CardView {
    /// The card's name, or a neutral description when hidden ("face-down creature").
    pub name: String,
    /// Status and stats in a few words ("str 4 · engaged · dizzy").
    pub detail: String,
}

/// Where a front end offers an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Placement {
    /// A public button on the board (pass, attack, end turn).
    Board,
    /// A private choice shown with the hand (play a card, pick a secret target).
    Hand,
}

/// One legal action as a front end offers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionView {
    /// Position of the action in `legal_actions`.
    pub index: usize,
    /// Button or option label (at most 80 characters).
    pub label: String,
    /// Board button or private hand action.
    pub placement: Placement,
}

/// The names of the hand `view` shows, in order (none without a hand).
pub fn hand_names_of(view: TableView) -> Vec<String> {
    view.hand.unwrap_or_default().into_iter().map(|c| c.name).collect()
}

/// "1 card", "5 cards": a count of cards as the boards show it.
pub fn count_cards(n: usize) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}
