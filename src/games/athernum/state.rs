//! The serialised state of an Athernum match: players and their zones, the
//! permanents and attachments on the game board, the phase, the effect
//! stack and priority, the Victory Token pool.

use serde::{Deserialize, Serialize};

use crate::cards::athernum::{AthernumDb, CardDef, CardId, Duration, Effect, Faction, Filter, Stat, Target};
use crate::engine::{Attached, GameRng, Outcome, PerSeat, Seat};

/// A unique id for every card and token of the match (stable across zones).
pub type Uid = u32;

/// Cards in a starting hand (8.0.5a).
pub const STARTING_HAND: usize = 6;
/// The default most command tokens a player holds (10.2.2).
pub const COMMAND_MAX: u8 = 2;
/// Character slots per player (7.1.2a).
pub const CHARACTER_SLOTS: usize = 5;

/// One physical card of a deck, wherever it is off the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its id for the whole match.
    pub uid: Uid,
    /// Its definition.
    pub id: CardId,
    /// Whose deck it belongs to.
    pub owner: Seat,
}

/// What defines a permanent or attachment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Def {
    /// A card of a deck.
    Card(CardId),
    /// A token of `tokens.toml` (index into [`AthernumDb::tokens`]).
    Token(u16),
    /// A resource token of a faction, or factionless (5.0.1).
    Resource(Option<Faction>),
}

/// Where on the board a permanent or attachment is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// The main character slot (7.1.1).
    Main,
    /// One of the five character slots (7.1.2).
    Character,
    /// The location slot (7.1.3).
    Location,
    /// The resource zone (7.1.4).
    Resource,
    /// An item slot of the permanent `host` (7.3).
    Item {
        /// The linked target.
        host: Uid,
    },
}

/// A permanent or attachment that left the board, as it last was, with
/// how many of the events since the last check it was there for
/// (4.2.3d.II–III).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gone {
    /// It, as it last was.
    pub perm: Perm,
    /// The events it was there for: the first `heard` of `happened`.
    pub heard: usize,
}

/// A permanent or an attachment on the game board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Perm {
    /// Its id (the card's uid, or a fresh one for a token).
    pub uid: Uid,
    /// Its definition.
    pub def: Def,
    /// A token or a copy (7.5.1): it ceases to exist when it leaves (2.5.3).
    pub token: bool,
    /// A copy of a face-down permanent: only its name, extra rule, item
    /// slots and Victory Token Field were copied (6.3).
    #[serde(default)]
    pub blank: bool,
    /// Owner.
    pub owner: Seat,
    /// Controller.
    pub controller: Seat,
    /// Where it is.
    pub place: Place,
    /// Face down (6.1): blank to all but its controller.
    pub face_down: bool,
    /// Exhausted (6.2): face down as well, seen by all.
    pub exhausted: bool,
    /// Exhaustion counters (10.4).
    pub exhaustion: u8,
    /// Damage counters (10.3).
    pub damage: u8,
    /// Victory Tokens on it (10.1.3).
    pub victory: u8,
    /// Custom markers: (index into [`AthernumDb::markers`], count).
    pub markers: Vec<(u8, u8)>,
    /// Damage still to prevent this turn.
    pub prevent: u8,
    /// Timestamp: when it entered or last turned face up (most recent wins).
    pub seq: u32,
    /// The player's main character (3.0.5).
    pub main: bool,
    /// Its Victory Token Field has been added to the pool (4.2.2g).
    pub counted: bool,
    /// Abilities (by index) used this turn, for "once per turn".
    pub used: Vec<u8>,
    /// Permanents it attacked or defended against this turn (`defeats`).
    pub fought: Vec<Uid>,
}

/// A player's resource pool: one count per faction, then factionless
/// (5.0.3b).
pub type Pool = [u8; 5];

/// Index of the factionless count in a [`Pool`].
pub const FACTIONLESS: usize = 4;

/// One player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Display name.
    pub name: String,
    /// The deck; its top is the end of the vector.
    pub deck: Vec<Card>,
    /// The Extra Deck (7.4.2).
    pub extra: Vec<Card>,
    /// The hand.
    pub hand: Vec<Card>,
    /// Cards of the hand every player saw arrive (returned, searched and
    /// revealed): `determinize` leaves them in place.
    #[serde(default)]
    pub revealed: Vec<Uid>,
    /// The discard pile, public and ordered; its top is the end (7.2.1).
    pub discard: Vec<Card>,
    /// The void (7.2.2).
    pub void: Vec<Card>,
    /// The main character chosen at setup, secret until all have chosen.
    pub chosen: Option<Uid>,
    /// The player's faction, from the main character (3.0.6).
    pub faction: Option<Faction>,
    /// Unspent resources.
    pub pool: Pool,
    /// Command tokens (10.2).
    pub command: u8,
    /// Solvency used this turn (9.2.3).
    pub solvency_used: bool,
    /// Contingency used this turn (9.2.4).
    pub contingency_used: bool,
    /// A location was played this turn (9.2.6).
    pub location_played: bool,
    /// Names of Extra Deck cards that ascended this turn.
    pub ascended: Vec<CardId>,
    /// Tried to draw from an empty deck (4.2.4b).
    pub drew_from_empty: bool,
    /// Out of the game (lost or conceded).
    pub out: bool,
    /// Turns this player has taken.
    pub turns: u32,
}

/// The phases of a turn (9.x).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Main characters are being chosen (8.0.1).
    Setup,
    /// Morning (9.1).
    Morning,
    /// Day (9.2).
    Day,
    /// Combat (9.3).
    Combat,
    /// Evening (9.4).
    Evening,
    /// Night (9.5).
    Night,
}

impl Phase {
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::Morning => "Morning",
            Phase::Day => "Day",
            Phase::Combat => "Combat",
            Phase::Evening => "Evening",
            Phase::Night => "Night",
        }
    }
}

/// The decision the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prompt {
    /// Every seat still to choose picks its main character, in secret.
    ChooseMain,
    /// The seat holding priority acts or passes.
    Priority,
    /// The controller of the attack's target may declare a defender.
    Defender,
    /// The controller of a triggered ability chooses its target.
    TriggerTarget,
    /// A player answers the first of [`State::choices`].
    Choice,
}

/// A decision an effect leaves to one player while the stack resolves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    /// `seat` discards `left` more cards of their choice.
    Discard {
        /// Who discards.
        seat: Seat,
        /// Cards still to discard.
        left: u8,
    },
    /// `seat` takes one matching card from a zone of theirs.
    Fetch {
        /// Who takes it.
        seat: Seat,
        /// From which zone.
        from: Fetch,
        /// Which cards qualify.
        filter: Filter,
        /// Onto the board (true) or into the hand.
        board: bool,
    },
    /// `seat` chooses which of its simultaneous triggered abilities goes on
    /// the stack next (9.2.1); the first to go on resolves last.
    TriggerOrder {
        /// Whose triggered abilities.
        seat: Seat,
        /// The pending abilities (their uids) not yet placed, in the
        /// order they would go on by default.
        left: Vec<Uid>,
    },
    /// `seat`, controlling effect `effect`, pays `amount` or it is neutralized.
    Ransom {
        /// The effect's controller.
        seat: Seat,
        /// The effect on the stack.
        effect: Uid,
        /// What keeping it costs.
        amount: u8,
    },
    /// `seat` chose Acquisition with an empty deck: drawing would lose the
    /// game (4.2.4b), so one click does not do it; they draw anyway or
    /// cancel.
    EmptyDeckDraw {
        /// Who would draw.
        seat: Seat,
    },
}

impl Choice {
    /// The player who answers.
    pub fn seat(&self) -> Seat {
        match self {
            Choice::Discard { seat, .. }
            | Choice::Fetch { seat, .. }
            | Choice::TriggerOrder { seat, .. }
            | Choice::Ransom { seat, .. }
            | Choice::EmptyDeckDraw { seat } => *seat,
        }
    }
}

/// The zones an effect fetches a card from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fetch {
    /// The deck, shuffled afterwards.
    Deck,
    /// The Extra Deck.
    Extra,
    /// The discard pile.
    Discard,
}

/// Where an effect on the stack comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// An ability of a card or token (index into its `abilities`).
    Ability {
        /// The definition holding the ability.
        def: Def,
        /// Index in its abilities.
        index: u8,
    },
    /// The global command ability Acquisition: draw a card (9.2.2).
    Acquisition,
    /// The global command ability Solvency: a resource token (9.2.3).
    Solvency,
    /// The global command ability Contingency: a Victory Token on `on` (9.2.4).
    Contingency {
        /// The permanent receiving it.
        on: Uid,
    },
}

/// A target chosen for an effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TargetRef {
    /// A player.
    Player(Seat),
    /// A permanent or attachment.
    Perm(Uid),
    /// An effect on the stack.
    Effect(Uid),
}

/// An effect waiting on the stack (4.1): never a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackItem {
    /// Its id on the stack.
    pub uid: Uid,
    /// Who controls it.
    pub controller: Seat,
    /// The permanent, attachment or card it came from (0 for none).
    pub source: Uid,
    /// What it does.
    pub origin: Origin,
    /// The chosen target of each effect, in effect order (`None` for an
    /// untargeted effect).
    pub targets: Vec<Option<TargetRef>>,
}

/// A change to a value or to a player, applied while it lasts (4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Change {
    /// Add to OFV, DFV and item slots (4.4.2b).
    Add {
        /// OFV change.
        ofv: i8,
        /// DFV change.
        dfv: i8,
        /// Item slot change.
        slots: i8,
    },
    /// Set a base value (4.4.2a).
    Set {
        /// Which value.
        stat: Stat,
        /// The value.
        value: u8,
    },
    /// Multiply a value (4.4.2c).
    Multiply {
        /// Which value.
        stat: Stat,
        /// The factor.
        factor: u8,
    },
    /// Raise the controller's command token maximum (10.2.3).
    CommandLimit(u8),
}

/// What a continuous change applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scope {
    /// These permanents.
    Perms(Vec<Uid>),
    /// Every permanent matching, now and later, while the change lasts.
    All(Target),
    /// A player (command limit).
    Player(Seat),
}

/// A change in force (4.2.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Continuous {
    /// The permanent or attachment it came from.
    pub source: Uid,
    /// The controller of the effect that made it.
    pub controller: Seat,
    /// Timestamp (the most recent set wins, 4.4.1a).
    pub seq: u32,
    /// What it changes.
    pub change: Change,
    /// To what.
    pub scope: Scope,
    /// How long.
    pub until: Duration,
}

/// One combat of the combat phase (9.3.5–9.3.12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    /// The attacker.
    pub attacker: Uid,
    /// The attacked permanent.
    pub target: Uid,
    /// The permanent that stepped in, if any.
    pub defender: Option<Uid>,
    /// The defender question has been answered.
    pub defended: bool,
    /// Every player has passed in the window before damage (9.3.8).
    pub responded: bool,
    /// The combat is one of the active player's plan (see [`Plan`]): they
    /// pass its window before damage while the plan stands.
    #[serde(default)]
    pub planned: bool,
}

/// Attacks the active player declared ahead, fought in order (9.3.4–9.3.12
/// for each): see the rulings, "9.3 Attacks declared as a plan".
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Plan {
    /// The attacks not yet begun, in order: (attacker, attacked permanent).
    pub attacks: Vec<(Uid, Uid)>,
    /// The plan is being fought (no more attacks may be added).
    pub committed: bool,
    /// The combat phase ends once the last planned combat is over.
    pub end_after: bool,
}

/// Something that happened, remembered until the next state-based check
/// turns it into triggered abilities (4.2.3d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Happened {
    /// A permanent entered the board under `controller`.
    Entered {
        /// It.
        uid: Uid,
        /// Its controller.
        controller: Seat,
        /// Its definition (for the last known state).
        def: Def,
        /// A character.
        character: bool,
    },
    /// A permanent left the board for the discard pile or elsewhere.
    Left {
        /// It.
        uid: Uid,
        /// Its controller when it left.
        controller: Seat,
        /// Its definition.
        def: Def,
        /// A character.
        character: bool,
        /// It was discarded.
        discarded: bool,
        /// It was face up (its abilities worked when it left).
        face_up: bool,
    },
    /// A main character was overwhelmed (3.0.7e): it stays, exhausted.
    Overwhelmed {
        /// It.
        uid: Uid,
        /// Its controller.
        controller: Seat,
    },
    /// A permanent was declared as an attacker.
    Attacks(Uid),
    /// A permanent was chosen as the target of an attack.
    Targeted(Uid),
    /// A permanent was declared as a defender.
    Defends(Uid),
    /// A permanent dealt combat damage.
    DealtCombatDamage(Uid),
    /// `seat` played a location.
    LocationPlayed(Seat),
    /// `seat` activated a support ability.
    SupportUsed(Seat),
    /// An attachment on `host` was turned face up.
    AttachmentRevealed {
        /// The linked target.
        host: Uid,
    },
    /// A phase of `seat`'s turn began.
    PhaseBegan(Seat, Phase),
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The card database (never serialised; see `Rules::attach`).
    #[serde(skip)]
    pub db: Attached<AthernumDb>,
    /// The players, in seat order.
    pub players: PerSeat<Player>,
    /// Turn order (initiative order, 8.0.6).
    pub order: Vec<Seat>,
    /// Every permanent and attachment on the board.
    pub board: Vec<Perm>,
    /// Turn number, counting every player's turns from 1.
    pub turn: u32,
    /// Whose turn it is.
    pub active: Seat,
    /// Who took the first turn.
    pub first: Seat,
    /// The current phase.
    pub phase: Phase,
    /// Combat was entered this turn (9.3.1).
    pub combat_done: bool,
    /// The active player has ended the day: the closing window is open (9.2.12).
    pub closing: bool,
    /// The combat under way.
    pub fight: Option<Fight>,
    /// The attacks the active player declared ahead this combat phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<Plan>,
    /// The pending decision.
    pub prompt: Prompt,
    /// Who holds priority (when the prompt is [`Prompt::Priority`]).
    pub priority: Seat,
    /// Consecutive passes since effects were last added.
    pub passes: u8,
    /// The stack; its top is the end of the vector.
    pub stack: Vec<StackItem>,
    /// The stack is resolving (paused on a choice).
    pub resolving: bool,
    /// Steps left of the effect resolving when a choice paused it:
    /// (the item, index of the next effect to run).
    pub paused: Option<(StackItem, usize)>,
    /// Decisions effects left to players, answered in order.
    pub choices: Vec<Choice>,
    /// Abilities waiting to go on the stack (their targets are chosen
    /// in order), in the order they go on.
    pub pending: Vec<StackItem>,
    /// A round of priority is under way (passes count towards it).
    pub round_open: bool,
    /// Events since the last state-based check.
    pub happened: Vec<Happened>,
    /// What left the board since the last state-based check, as it last
    /// was (4.2.3d.II–III): its abilities still trigger on what happened
    /// while it was there.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gone: Vec<Gone>,
    /// Changes in force.
    pub continuous: Vec<Continuous>,
    /// The global Victory Token pool (10.1).
    pub victory_pool: u32,
    /// The next fresh uid.
    pub next_uid: Uid,
    /// The next timestamp.
    pub next_seq: u32,
    /// Cards each seat brought (main deck and Extra Deck), for the
    /// conservation check.
    pub deck_sizes: PerSeat<usize>,
    /// Public notes (who starts and why).
    pub notes: Vec<String>,
    /// Random numbers: shuffles and ties.
    pub rng: GameRng,
    /// Set when the game is over (in a best of 3: when the match is).
    pub outcome: Option<Outcome>,
    /// The match around the game: best of 3 and the time limit (11.1);
    /// `None` for a single game without a time limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<super::series::Series>,
}

impl State {
    /// A permanent or attachment by uid.
    pub fn perm(&self, uid: Uid) -> Option<&Perm> {
        self.board.iter().find(|p| p.uid == uid)
    }

    /// A permanent or attachment by uid, mutably.
    pub fn perm_mut(&mut self, uid: Uid) -> Option<&mut Perm> {
        self.board.iter_mut().find(|p| p.uid == uid)
    }

    /// The definition of a card or token (`None` for a resource token).
    pub fn def(&self, def: Def) -> Option<&CardDef> {
        match def {
            Def::Card(id) => Some(self.db.card(id)),
            Def::Token(i) => self.db.tokens.get(i as usize),
            Def::Resource(_) => None,
        }
    }

    /// The name of a permanent as everyone may read it.
    pub fn def_name(&self, def: Def) -> String {
        match def {
            Def::Card(_) | Def::Token(_) => self.def(def).map(|d| d.name.clone()).unwrap_or_default(),
            Def::Resource(Some(f)) => format!("{} resource token", f.name()),
            Def::Resource(None) => "Factionless resource token".to_owned(),
        }
    }

    /// Seats still in the game, in turn order from the active player.
    pub fn in_order_from(&self, from: Seat) -> Vec<Seat> {
        let n = self.order.len();
        let start = self.order.iter().position(|s| *s == from).unwrap_or(0);
        (0..n).map(|i| self.order[(start + i) % n]).filter(|s| !self.players[*s].out).collect()
    }

    /// Seats still in the game.
    pub fn alive(&self) -> Vec<Seat> {
        self.players.iter().filter(|(_, p)| !p.out).map(|(s, _)| s).collect()
    }

    /// The player after `seat` in turn order who is still in the game.
    pub fn next_seat(&self, seat: Seat) -> Seat {
        let order = self.in_order_from(seat);
        order.iter().copied().find(|s| *s != seat).unwrap_or(seat)
    }

    /// Victory Tokens on the permanents `seat` controls.
    pub fn victory_of(&self, seat: Seat) -> u32 {
        self.board.iter().filter(|p| p.controller == seat).map(|p| u32::from(p.victory)).sum()
    }

    /// Every Victory Token in the game: the pool and those on permanents.
    pub fn victory_total(&self) -> u32 {
        self.victory_pool + self.board.iter().map(|p| u32::from(p.victory)).sum::<u32>()
    }

    /// A fresh uid.
    pub fn fresh_uid(&mut self) -> Uid {
        self.next_uid += 1;
        self.next_uid
    }

    /// A fresh timestamp.
    pub fn fresh_seq(&mut self) -> u32 {
        self.next_seq += 1;
        self.next_seq
    }

    /// The permanents in `seat`'s character slots (not the main character).
    pub fn characters_of(&self, seat: Seat) -> usize {
        self.board.iter().filter(|p| p.controller == seat && p.place == Place::Character).count()
    }
}

/// Every card a seat owns, wherever it is (conservation check).
pub fn card_count(s: &State, seat: Seat) -> usize {
    let p = &s.players[seat];
    p.deck.len()
        + p.extra.len()
        + p.hand.len()
        + p.discard.len()
        + p.void.len()
        + s.board.iter().filter(|x| x.owner == seat && !x.token).count()
}

/// Checks what must always hold; the playouts and tests call it after every
/// action. Returns the first broken invariant.
pub fn check_invariants(s: &State) -> Result<(), String> {
    for seat in s.players.seats() {
        let n = card_count(s, seat);
        if n != s.deck_sizes[seat] {
            return Err(format!("seat {} has {n} cards, brought {}", seat.0, s.deck_sizes[seat]));
        }
        if s.characters_of(seat) > CHARACTER_SLOTS {
            return Err(format!("seat {} has more than {CHARACTER_SLOTS} characters", seat.0));
        }
        let p = &s.players[seat];
        if let Some(u) = p.revealed.iter().find(|u| !p.hand.iter().any(|c| c.uid == **u)) {
            return Err(format!("seat {} has revealed card {u} that is not in its hand", seat.0));
        }
    }
    for p in &s.board {
        if let Place::Item { host } = p.place {
            if s.perm(host).is_none() {
                return Err(format!("attachment {} has no linked target", p.uid));
            }
        }
        if p.exhausted && !p.face_down {
            return Err(format!("permanent {} is exhausted but face up", p.uid));
        }
        if p.victory > 0 && s.def(p.def).and_then(|d| d.victory).is_none() {
            return Err(format!("permanent {} holds Victory Tokens without a field", p.uid));
        }
    }
    let mut uids: Vec<Uid> = s.board.iter().map(|p| p.uid).collect();
    uids.sort_unstable();
    if uids.windows(2).any(|w| w[0] == w[1]) {
        return Err("a uid appears twice on the board".into());
    }
    Ok(())
}

/// The effects of an origin, as the card data lists them.
pub fn origin_effects(s: &State, origin: Origin) -> &[Effect] {
    match origin {
        Origin::Ability { def, index } => {
            s.def(def).and_then(|d| d.abilities.get(index as usize)).map(|a| a.effects()).unwrap_or(&[])
        }
        _ => &[],
    }
}
