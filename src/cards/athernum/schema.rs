//! The typed schema of an Athernum card file (`cards/athernum/*.toml`).
//!
//! A card is data only: its type, faction, acquisition cost, values, item
//! slots, Victory Token Field, Extra Rule Field and abilities. Every
//! ability is one of the rules' ability types ([`Ability`]: static,
//! triggered, activated, objective, command, support, equip) and runs
//! effects from one small closed vocabulary ([`Effect`]) aimed by
//! [`Target`]s. The engine executes exactly this data; the text players
//! read is generated from it (`text.rs`). Unknown fields are refused, so a
//! typo is an error naming the file, the line and the card.
//!
//! # The effect vocabulary
//!
//! | `do =` | what it does | rules |
//! |---|---|---|
//! | `damage` | places damage counters on permanents with a DFV | 10.3 |
//! | `heal` | removes damage counters | 10.3.4 |
//! | `draw` | you draw cards | 7.2.3d |
//! | `discard_from_hand` | a player discards cards of their choice | — |
//! | `discard_top` | a player discards the top cards of their deck, in order | 7.2.1c |
//! | `discard` | moves permanents or attachments to their owners' discard piles | — |
//! | `void` | moves permanents or attachments to the void | 7.2.2 |
//! | `return_to_hand` | returns permanents or attachments to their owners' hands | — |
//! | `exhaust` | exhausts permanents (face down, one exhaustion counter) | 6.2.2 |
//! | `add_exhaustion` | places more exhaustion counters | 10.4.4 |
//! | `remove_exhaustion` | removes exhaustion counters, optionally turning it face up when none remain | 6.2.8a |
//! | `turn_face_down` | turns a permanent or attachment face down | 6.1.1 |
//! | `modify` | adds to OFV, DFV or item slots for a [`Duration`] | 2.2.5, 4.4.2b |
//! | `set_value` | sets a base OFV, DFV or slot count for a [`Duration`] | 4.4.1a, 4.4.2a |
//! | `multiply` | multiplies OFV or DFV for a [`Duration`] | 4.4.2c |
//! | `prevent_damage` | prevents the next damage to a permanent | 4.3.4 |
//! | `create_token` | creates tokens named in `tokens.toml` | 2.5 |
//! | `copy` | creates a token copy of a permanent | 7.5.1, 6.3 |
//! | `create_resource_token` | creates resource tokens of your faction | 5.0.2 |
//! | `add_resources` | adds resources to your pool | 5.0.3b |
//! | `place_victory_tokens` | moves Victory Tokens from the pool onto a permanent | 10.1.3–10.1.7 |
//! | `remove_victory_tokens` | returns Victory Tokens to the pool, or loses them | 10.1.5, 10.1.6 |
//! | `gain_command_tokens` | you gain command tokens, up to your maximum | 10.2.3 |
//! | `raise_command_limit` | raises your command token maximum for a [`Duration`] | 10.2.3 |
//! | `place_markers` / `remove_markers` | custom markers from `tokens.toml` | 10.5 |
//! | `search_deck` | search your deck for a card, reveal it, put it somewhere, shuffle | — |
//! | `call_from_extra_deck` | put a card from your Extra Deck onto the board or into your hand | 7.4.2c |
//! | `return_from_discard` | return a card from your discard pile | 7.2.1 |
//! | `neutralize` | removes an effect from the stack | 4.1.8d |

use std::fmt;

use serde::{Deserialize, Serialize};

/// The four factions of the pool. A card without one is factionless
/// (`neutral.toml`). Each faction has its own kind of resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Faction {
    /// The Bastion Accord: walls, armour and patience (symbol `B`).
    Bastion,
    /// The Ashen Host: raids, fire and momentum (symbol `A`).
    Ashen,
    /// The Gloam Circle: secrets, exhaustion and denial (symbol `G`).
    Gloam,
    /// The Thornwild: growth, swarms and the land itself (symbol `T`).
    Thornwild,
}

impl Faction {
    /// All factions, in the order of the card files.
    pub const ALL: [Faction; 4] = [Self::Bastion, Self::Ashen, Self::Gloam, Self::Thornwild];

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Bastion => "Bastion Accord",
            Self::Ashen => "Ashen Host",
            Self::Gloam => "Gloam Circle",
            Self::Thornwild => "Thornwild",
        }
    }

    /// The file the faction's cards live in (`bastion` for `bastion.toml`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Bastion => "bastion",
            Self::Ashen => "ashen",
            Self::Gloam => "gloam",
            Self::Thornwild => "thornwild",
        }
    }

    /// The letter of its resource in a cost (`2B`).
    pub fn symbol(self) -> char {
        match self {
            Self::Bastion => 'B',
            Self::Ashen => 'A',
            Self::Gloam => 'G',
            Self::Thornwild => 'T',
        }
    }

    /// The faction a cost letter stands for.
    pub fn from_symbol(c: char) -> Option<Faction> {
        Faction::ALL.into_iter().find(|f| f.symbol() == c.to_ascii_uppercase())
    }
}

/// A cost in resources: a number payable with any resources plus pips
/// that must be paid with one faction's resource (5.0.3e). Written
/// `"2B"` in the files (generic first, then one letter per pip; `"0"` is
/// free).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Cost {
    /// Paid with resources of any faction or none.
    pub generic: u8,
    /// Pips of each faction, in [`Faction::ALL`] order.
    pub pips: [u8; 4],
}

impl Cost {
    /// Pips of one faction.
    pub fn pips_of(&self, f: Faction) -> u8 {
        self.pips[f as usize]
    }

    /// Total resources to pay.
    pub fn total(&self) -> u8 {
        self.generic + self.pips.iter().sum::<u8>()
    }

    /// The factions with at least one pip.
    pub fn factions(&self) -> Vec<Faction> {
        Faction::ALL.into_iter().filter(|f| self.pips_of(*f) > 0).collect()
    }
}

impl TryFrom<String> for Cost {
    type Error = String;

    fn try_from(s: String) -> Result<Self, String> {
        let t = s.trim();
        if t.is_empty() {
            return Err("cost is empty (write \"0\" for a free ability)".into());
        }
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        let generic = if digits.is_empty() {
            0
        } else {
            digits.parse::<u8>().map_err(|_| format!("cost \"{s}\": generic part too large"))?
        };
        let mut pips = [0u8; 4];
        for c in t[digits.len()..].chars() {
            let f = Faction::from_symbol(c).ok_or_else(|| {
                format!("cost \"{s}\": '{c}' is not a faction symbol (B Bastion, A Ashen, G Gloam, T Thornwild)")
            })?;
            pips[f as usize] += 1;
        }
        Ok(Cost { generic, pips })
    }
}

impl From<Cost> for String {
    fn from(c: Cost) -> String {
        let mut s = String::new();
        if c.generic > 0 || c.pips.iter().all(|n| *n == 0) {
            s.push_str(&c.generic.to_string());
        }
        for f in Faction::ALL {
            for _ in 0..c.pips_of(f) {
                s.push(f.symbol());
            }
        }
        s
    }
}

impl fmt::Display for Cost {
    /// `{2}{B}`, as card text shows costs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.generic > 0 || self.pips.iter().all(|n| *n == 0) {
            write!(f, "{{{}}}", self.generic)?;
        }
        for fac in Faction::ALL {
            for _ in 0..self.pips_of(fac) {
                write!(f, "{{{}}}", fac.symbol())?;
            }
        }
        Ok(())
    }
}

/// The supertypes (1.4.1). Characters print none (1.4.3); resource is
/// for tokens only (7.1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    /// A person or being: acquisition cost, OFV, DFV, item slots (2.2).
    Character,
    /// Equipment played directly or attached to an item slot (2.3).
    Item,
    /// A site in the location slot, one per turn, one in play (2.4).
    Location,
    /// A resource token in the resource zone (tokens only, 5.0.1).
    Resource,
}

impl CardType {
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Character => "Character",
            Self::Item => "Item",
            Self::Location => "Location",
            Self::Resource => "Resource",
        }
    }
}

/// The Extra Rule Field (1.6, 12.2): a keyword bar under the name.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum ExtraRule {
    /// 12.2.A: one copy across the deck and the Extra Deck.
    Unique,
    /// Ours: the card is built into the Extra Deck only and leaves it only
    /// when an effect calls it (`call_from_extra_deck`).
    Reserve,
    /// Ours: the card is built into the Extra Deck only. In its owner's day
    /// phase, while `condition` holds and a character slot is free, its
    /// owner may put it from the Extra Deck into that slot without paying
    /// (an action, once per turn per card name).
    Ascend {
        /// What must be true.
        condition: Condition,
    },
}

impl ExtraRule {
    /// The keyword shown in the bar.
    pub fn keyword(&self) -> &'static str {
        match self {
            Self::Unique => "Unique",
            Self::Reserve => "Reserve",
            Self::Ascend { .. } => "Ascend",
        }
    }

    /// Cards that may be built only into the Extra Deck.
    pub fn extra_deck_only(&self) -> bool {
        matches!(self, Self::Reserve | Self::Ascend { .. })
    }
}

/// A condition an ability or extra rule checks, about the controller.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "if", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// You control at least `count` permanents matching `filter`.
    Controls {
        /// How many.
        count: u8,
        /// Which permanents ([`Object`] `character` unless `kind` says).
        #[serde(default)]
        filter: Filter,
    },
    /// Victory Tokens on permanents you control total at least `count`.
    VictoryTokens {
        /// How many.
        count: u8,
    },
    /// You have fewer Victory Tokens than each opponent (as Contingency).
    Behind,
    /// Your discard pile holds at least `count` cards.
    DiscardPile {
        /// How many.
        count: u8,
    },
}

/// One file of cards: `[[card]]` tables.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    /// The cards in this file.
    #[serde(rename = "card")]
    pub cards: Vec<CardDef>,
}

/// The token file: `[[token]]` and `[[marker]]` tables.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenFile {
    /// Tokens the cards create, by name.
    #[serde(rename = "token", default)]
    pub tokens: Vec<CardDef>,
    /// Custom marker types the cards place.
    #[serde(rename = "marker", default)]
    pub markers: Vec<MarkerDef>,
}

/// A custom marker type (10.5): its explanation, printed on every card
/// that places it (10.5.2), and what it does.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerDef {
    /// Its name ("Hex").
    pub name: String,
    /// OFV change per marker on the permanent.
    #[serde(default)]
    pub ofv_each: i8,
    /// DFV change per marker on the permanent.
    #[serde(default)]
    pub dfv_each: i8,
    /// At a state-based check, a permanent with at least this many is
    /// exhausted and loses them all (10.5.4).
    #[serde(default)]
    pub exhaust_at: Option<u8>,
}

/// One card (or, in `tokens.toml`, one token).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// Unique name (1.1).
    pub name: String,
    /// Its supertype.
    #[serde(rename = "type")]
    pub kind: CardType,
    /// Its faction; factionless when absent (1.2.1).
    #[serde(default)]
    pub faction: Option<Faction>,
    /// Subtypes on the type line ("Knight", "Beast").
    #[serde(default)]
    pub subtypes: Vec<String>,
    /// Acquisition cost (characters only, 2.2.1): resources of any faction,
    /// at least one of the card's faction.
    #[serde(default)]
    pub cost: Option<u8>,
    /// Offensive Value (characters).
    #[serde(default)]
    pub ofv: Option<u8>,
    /// Defensive Value (characters; a location may have one).
    #[serde(default)]
    pub dfv: Option<u8>,
    /// Item slots (characters and locations).
    #[serde(default)]
    pub slots: u8,
    /// The Victory Token Field (1.5): the tokens it adds to the pool, and
    /// the tokens an objective ability needs on it to win (4.2.2h).
    #[serde(default)]
    pub victory: Option<u8>,
    /// The Extra Rule Field (1.6).
    #[serde(default)]
    pub extra_rule: Option<ExtraRule>,
    /// Abilities, in printed order.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// A line of flavour, not rules.
    #[serde(default)]
    pub flavor: String,
}

/// An ability (4.3), by type.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ability {
    /// 4.3.5a: its effects are put on the stack a single time, on entering
    /// the board or turning face up (and when an item is played directly,
    /// 2.3.1b); continuous ones last while the card stays face up.
    Static {
        /// Effects, in order.
        effects: Vec<Effect>,
    },
    /// 4.3.5b: goes on the stack after the state-based check that sees
    /// `when` happen.
    Triggered {
        /// The event.
        when: Trigger,
        /// Only if this holds when it triggers.
        #[serde(default)]
        condition: Option<Condition>,
        /// Effects, in order.
        effects: Vec<Effect>,
    },
    /// 4.3.5c: a named ability, `[Cost]: [Effect]`.
    Activated {
        /// Its name, printed in italics.
        name: String,
        /// Resources to pay, if any.
        #[serde(default)]
        cost: Option<Cost>,
        /// Exhaust this permanent as part of the cost (6.2.9a).
        #[serde(default)]
        exhaust: bool,
        /// At most once per turn.
        #[serde(default)]
        once_per_turn: bool,
        /// Effects, in order.
        effects: Vec<Effect>,
    },
    /// 4.3.5d: a triggered (`when`) or activated (`cost`/`exhaust`)
    /// ability that places Victory Tokens on this permanent; with as many
    /// as its Victory Token Field, its controller wins (4.2.2h).
    Objective {
        /// Triggered form: the event.
        #[serde(default)]
        when: Option<Trigger>,
        /// Only if this holds.
        #[serde(default)]
        condition: Option<Condition>,
        /// Activated form: resources to pay.
        #[serde(default)]
        cost: Option<Cost>,
        /// Activated form: exhaust this permanent as part of the cost.
        #[serde(default)]
        exhaust: bool,
        /// Effects, in order (at least one places Victory Tokens on `this`).
        effects: Vec<Effect>,
    },
    /// 4.3.5e: an activated ability that also spends a command token.
    Command {
        /// Its name.
        name: String,
        /// Resources to pay besides the command token.
        #[serde(default)]
        cost: Option<Cost>,
        /// Exhaust this permanent as part of the cost.
        #[serde(default)]
        exhaust: bool,
        /// Effects, in order.
        effects: Vec<Effect>,
    },
    /// 4.3.5f: used from the hand (reveal it, pay the fee, discard it),
    /// only by the active player with no stack.
    Support {
        /// The activation fee.
        fee: Cost,
        /// Effects, in order.
        effects: Vec<Effect>,
    },
    /// 4.3.5g: an equipment ability of an item, working only while it is
    /// attached face up. Static when neither `when` nor `name` is given,
    /// triggered with `when`, activated with `name`.
    Equip {
        /// Triggered form: the event.
        #[serde(default)]
        when: Option<Trigger>,
        /// Activated form: its name.
        #[serde(default)]
        name: Option<String>,
        /// Activated form: resources to pay.
        #[serde(default)]
        cost: Option<Cost>,
        /// Activated form: exhaust the linked target as part of the cost.
        #[serde(default)]
        exhaust: bool,
        /// Effects, in order.
        effects: Vec<Effect>,
    },
}

impl Ability {
    /// The effects it runs.
    pub fn effects(&self) -> &[Effect] {
        match self {
            Ability::Static { effects }
            | Ability::Triggered { effects, .. }
            | Ability::Activated { effects, .. }
            | Ability::Objective { effects, .. }
            | Ability::Command { effects, .. }
            | Ability::Support { effects, .. }
            | Ability::Equip { effects, .. } => effects,
        }
    }

    /// The ability type's name, as `kind` is written in the files.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Ability::Static { .. } => "static",
            Ability::Triggered { .. } => "triggered",
            Ability::Activated { .. } => "activated",
            Ability::Objective { .. } => "objective",
            Ability::Command { .. } => "command",
            Ability::Support { .. } => "support",
            Ability::Equip { .. } => "equip",
        }
    }
}

/// Events that fire a triggered, objective or equip ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// This permanent enters the game board (2.1.1f).
    Enters,
    /// This permanent leaves the board (last known state, 4.2.3d.III).
    Leaves,
    /// This permanent is declared as an attacker (9.3.5).
    Attacks,
    /// This permanent is chosen as the target of an attack (9.3.6).
    Targeted,
    /// This permanent is declared as a defender (9.3.7).
    Defends,
    /// This permanent deals combat damage (9.3.9).
    DealsCombatDamage,
    /// A permanent this one attacked or defended against is discarded, or
    /// is a main character and is overwhelmed (3.0.7e).
    Defeats,
    /// Another character enters under your control.
    AllyEnters,
    /// Another character you control is discarded.
    AllyDiscarded,
    /// An opponent's character is discarded.
    EnemyDiscarded,
    /// An opponent's character is discarded, or an opponent's main
    /// character is overwhelmed (3.0.7e).
    EnemyDefeated,
    /// You play a location (9.2.6).
    LocationPlayed,
    /// You activate a support ability (4.3.5f).
    SupportUsed,
    /// An attachment on this permanent is turned face up (2.1.2d).
    AttachmentRevealed,
    /// At your morning phase (9.1.4a).
    Morning,
    /// At your day phase (9.2.0).
    Day,
    /// At your evening phase (9.4.1a).
    Evening,
    /// At the night phase after your turn (9.5.2a).
    Night,
    /// Equip only: the linked target attacks.
    LinkedAttacks,
    /// Equip only: the linked target defends.
    LinkedDefends,
}

impl Trigger {
    /// Triggers about the card's own board presence in combat.
    pub fn needs_combat(self) -> bool {
        matches!(self, Self::Attacks | Self::Defends | Self::DealsCombatDamage | Self::Defeats)
    }

    /// Triggers only an equipment ability may use.
    pub fn equip_only(self) -> bool {
        matches!(self, Self::LinkedAttacks | Self::LinkedDefends)
    }
}

/// What an effect acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Object {
    /// A character on the board.
    #[default]
    Character,
    /// A location in a location slot.
    Location,
    /// Any permanent (character, location or resource token, 2.1.4).
    Permanent,
    /// A permanent with a DFV (combat and damage targets, 9.3.6).
    Defender,
    /// An attachment in an item slot (2.1.5).
    Attachment,
    /// An effect on the stack (4.1.8).
    Effect,
    /// A player.
    Player,
    /// The permanent the ability is on (not targeted).
    This,
    /// Equip only: the permanent the item is attached to.
    Linked,
    /// The controller of the effect (not targeted).
    You,
    /// The opponent (not targeted; the rules are for two players).
    Opponent,
}

/// Whose objects qualify.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Anyone's.
    #[default]
    Any,
    /// The effect's controller's.
    Yours,
    /// An opponent's.
    Theirs,
}

/// Which objects (or cards in a zone) qualify. Empty means any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Only this supertype (cards in a zone, permanents).
    #[serde(default, rename = "type")]
    pub kind: Option<CardType>,
    /// Only this subtype.
    #[serde(default)]
    pub subtype: Option<String>,
    /// Only this faction.
    #[serde(default)]
    pub faction: Option<Faction>,
    /// Only characters with at most this acquisition cost.
    #[serde(default)]
    pub max_cost: Option<u8>,
    /// Only permanents with at most this OFV.
    #[serde(default)]
    pub max_ofv: Option<u8>,
    /// Only permanents with at least this OFV.
    #[serde(default)]
    pub min_ofv: Option<u8>,
    /// Only exhausted (true) or ready (false) permanents.
    #[serde(default)]
    pub exhausted: Option<bool>,
    /// Only face-down (true) or face-up (false) permanents or attachments.
    #[serde(default)]
    pub face_down: Option<bool>,
    /// Only permanents with damage counters.
    #[serde(default)]
    pub damaged: bool,
    /// Only (true) or never (false) a main character.
    #[serde(default)]
    pub main: Option<bool>,
    /// Only cards with a Victory Token Field.
    #[serde(default)]
    pub victory_field: bool,
    /// Not the source itself.
    #[serde(default)]
    pub other: bool,
}

/// What an effect is aimed at: one chosen target, every matching object
/// (`all`), or a fixed object (`this`, `linked`, `you`, `opponent`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// The kind of object.
    #[serde(default)]
    pub object: Object,
    /// Whose objects qualify.
    #[serde(default)]
    pub whose: Side,
    /// Every matching object, untargeted, instead of one chosen target.
    #[serde(default)]
    pub all: bool,
    /// Further restrictions.
    #[serde(default)]
    pub filter: Filter,
}

impl Target {
    /// True when the effect chooses a target (4.3.5b.III applies).
    pub fn is_targeted(&self) -> bool {
        !self.all && !self.is_fixed()
    }

    /// `this`, `linked`, `you` or `opponent`.
    pub fn is_fixed(&self) -> bool {
        matches!(self.object, Object::This | Object::Linked | Object::You | Object::Opponent)
    }
}

/// A value of a permanent an effect changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// Offensive Value.
    #[default]
    Ofv,
    /// Defensive Value.
    Dfv,
    /// Item slots (2.2.2c).
    Slots,
}

/// How long a change lasts (2.2.5: continuous before temporary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// Temporary: until the end of the turn (4.2.1a).
    #[default]
    Turn,
    /// Continuous: while the source stays face up in its zone (4.3.5a.II).
    Source,
    /// For as long as the affected permanent stays on the board.
    Lasting,
}

/// Where a card taken from a zone goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Destination {
    /// Its owner's hand.
    #[default]
    Hand,
    /// Onto the board under the effect's controller (a free character slot,
    /// the location slot); it does not enter exhausted.
    Board,
}

fn one() -> u8 {
    1
}

fn opponent() -> Target {
    Target { object: Object::Opponent, ..Target::default() }
}

fn this() -> Target {
    Target { object: Object::This, ..Target::default() }
}

/// One step of what an ability does. This is the whole vocabulary the
/// engine executes (see the table in the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Place damage counters (10.3.1).
    Damage {
        /// How many.
        amount: u8,
        /// On what: permanents with a DFV.
        to: Target,
    },
    /// Remove damage counters (10.3.4).
    Heal {
        /// How many.
        amount: u8,
        /// From what.
        target: Target,
    },
    /// You draw cards.
    Draw {
        /// How many.
        #[serde(default = "one")]
        amount: u8,
    },
    /// A player discards cards of their choice from their hand.
    DiscardFromHand {
        /// How many.
        #[serde(default = "one")]
        amount: u8,
        /// Who.
        #[serde(default = "opponent")]
        who: Target,
    },
    /// A player discards the top cards of their deck, in order (7.2.1c).
    DiscardTop {
        /// How many.
        amount: u8,
        /// Who.
        #[serde(default = "opponent")]
        who: Target,
    },
    /// Discard permanents or attachments (a main character is never
    /// discarded, 3.0.7b).
    Discard {
        /// Which.
        target: Target,
    },
    /// Move permanents or attachments to the void (7.2.2).
    Void {
        /// Which.
        target: Target,
    },
    /// Return permanents or attachments to their owners' hands.
    ReturnToHand {
        /// Which.
        target: Target,
    },
    /// Exhaust permanents (face down, one exhaustion counter, 6.2.2).
    Exhaust {
        /// Which.
        target: Target,
    },
    /// Place exhaustion counters (10.4.4; does not by itself exhaust, 10.4.3).
    AddExhaustion {
        /// How many each.
        #[serde(default = "one")]
        amount: u8,
        /// On what.
        target: Target,
    },
    /// Remove exhaustion counters (6.2.8).
    RemoveExhaustion {
        /// How many each.
        #[serde(default = "one")]
        amount: u8,
        /// From what.
        target: Target,
        /// Turn it face up at once if none remain (6.2.8a).
        #[serde(default)]
        turn_face_up: bool,
    },
    /// Turn permanents or attachments face down (6.1.1).
    TurnFaceDown {
        /// Which.
        target: Target,
    },
    /// Add to a value (2.2.5a, 4.4.2b).
    Modify {
        /// Which permanents.
        target: Target,
        /// OFV change.
        #[serde(default)]
        ofv: i8,
        /// DFV change.
        #[serde(default)]
        dfv: i8,
        /// Item slot change.
        #[serde(default)]
        slots: i8,
        /// How long.
        #[serde(default)]
        until: Duration,
    },
    /// Set a base value (4.4.2a; the most recent wins, 4.4.1a).
    SetValue {
        /// Which permanents.
        target: Target,
        /// Which value.
        stat: Stat,
        /// The new base value.
        value: u8,
        /// How long.
        #[serde(default)]
        until: Duration,
    },
    /// Multiply a value (4.4.2c), after additions.
    Multiply {
        /// Which permanents.
        target: Target,
        /// Which value (OFV or DFV).
        stat: Stat,
        /// The factor (2 or 3).
        factor: u8,
        /// How long.
        #[serde(default)]
        until: Duration,
    },
    /// Prevent the next `amount` damage a permanent would take this turn.
    PreventDamage {
        /// How much.
        amount: u8,
        /// Which.
        target: Target,
    },
    /// Create tokens defined in `tokens.toml` (2.5).
    CreateToken {
        /// How many.
        #[serde(default = "one")]
        count: u8,
        /// The token's name.
        token: String,
        /// For an item token: the permanent it is attached to.
        #[serde(default)]
        attach_to: Option<Target>,
    },
    /// Create a token copy of a permanent (7.5.1; a face-down one copies
    /// only what is visible, 6.3).
    Copy {
        /// Which permanent.
        target: Target,
    },
    /// Create resource tokens of your faction in your resource zone.
    CreateResourceToken {
        /// How many.
        #[serde(default = "one")]
        count: u8,
        /// They enter exhausted (one exhaustion counter).
        #[serde(default)]
        exhausted: bool,
    },
    /// Add resources to your pool (5.0.3b): of your faction, or factionless.
    AddResources {
        /// How many.
        #[serde(default = "one")]
        amount: u8,
        /// Of your faction (true) or factionless (false).
        #[serde(default)]
        faction: bool,
    },
    /// Move Victory Tokens from the global pool onto a card whose
    /// Victory Token Field is printed (10.1.3, 10.1.4, 10.1.7).
    PlaceVictoryTokens {
        /// How many.
        #[serde(default = "one")]
        amount: u8,
        /// Onto what.
        #[serde(default = "this")]
        on: Target,
    },
    /// Take Victory Tokens off a permanent: back to the pool (10.1.5) or
    /// out of the game (`lose`, 10.1.6).
    RemoveVictoryTokens {
        /// How many.
        #[serde(default = "one")]
        amount: u8,
        /// From what.
        from: Target,
        /// Lost instead of returned.
        #[serde(default)]
        lose: bool,
    },
    /// You gain command tokens, up to your maximum (10.2.3).
    GainCommandTokens {
        /// How many.
        #[serde(default = "one")]
        amount: u8,
    },
    /// Raise your command token maximum (10.2.3).
    RaiseCommandLimit {
        /// By how much.
        #[serde(default = "one")]
        amount: u8,
        /// How long.
        #[serde(default)]
        until: Duration,
    },
    /// Place custom markers defined in `tokens.toml` (10.5).
    PlaceMarkers {
        /// The marker type.
        marker: String,
        /// How many each.
        #[serde(default = "one")]
        amount: u8,
        /// On what.
        on: Target,
    },
    /// Remove custom markers.
    RemoveMarkers {
        /// The marker type.
        marker: String,
        /// How many each.
        #[serde(default = "one")]
        amount: u8,
        /// From what.
        from: Target,
    },
    /// Search your deck for a card, reveal it, put it somewhere, shuffle.
    SearchDeck {
        /// Which cards qualify.
        #[serde(default)]
        filter: Filter,
        /// Where it goes.
        #[serde(default)]
        to: Destination,
    },
    /// Put a card from your Extra Deck somewhere (7.4.2c).
    CallFromExtraDeck {
        /// Which cards qualify.
        #[serde(default)]
        filter: Filter,
        /// Where it goes.
        #[serde(default)]
        to: Destination,
    },
    /// Return a card from your discard pile.
    ReturnFromDiscard {
        /// Which cards qualify.
        #[serde(default)]
        filter: Filter,
        /// Where it goes.
        #[serde(default)]
        to: Destination,
        /// Only the top card of the pile (the most recently discarded).
        #[serde(default)]
        top: bool,
    },
    /// Remove an effect from the stack before it resolves (4.1.8d).
    Neutralize {
        /// Which effect.
        target: Target,
        /// Neutralized only if its controller does not pay this much.
        #[serde(default)]
        unless_pay: Option<u8>,
    },
}

impl Effect {
    /// Every effect kind, as `do =` is written, in the table's order
    /// (for the collection's coverage check).
    pub const KINDS: [&'static str; 30] = [
        "damage",
        "heal",
        "draw",
        "discard_from_hand",
        "discard_top",
        "discard",
        "void",
        "return_to_hand",
        "exhaust",
        "add_exhaustion",
        "remove_exhaustion",
        "turn_face_down",
        "modify",
        "set_value",
        "multiply",
        "prevent_damage",
        "create_token",
        "copy",
        "create_resource_token",
        "add_resources",
        "place_victory_tokens",
        "remove_victory_tokens",
        "gain_command_tokens",
        "raise_command_limit",
        "place_markers",
        "remove_markers",
        "search_deck",
        "call_from_extra_deck",
        "return_from_discard",
        "neutralize",
    ];

    /// Its kind, as `do =` is written.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Effect::Damage { .. } => "damage",
            Effect::Heal { .. } => "heal",
            Effect::Draw { .. } => "draw",
            Effect::DiscardFromHand { .. } => "discard_from_hand",
            Effect::DiscardTop { .. } => "discard_top",
            Effect::Discard { .. } => "discard",
            Effect::Void { .. } => "void",
            Effect::ReturnToHand { .. } => "return_to_hand",
            Effect::Exhaust { .. } => "exhaust",
            Effect::AddExhaustion { .. } => "add_exhaustion",
            Effect::RemoveExhaustion { .. } => "remove_exhaustion",
            Effect::TurnFaceDown { .. } => "turn_face_down",
            Effect::Modify { .. } => "modify",
            Effect::SetValue { .. } => "set_value",
            Effect::Multiply { .. } => "multiply",
            Effect::PreventDamage { .. } => "prevent_damage",
            Effect::CreateToken { .. } => "create_token",
            Effect::Copy { .. } => "copy",
            Effect::CreateResourceToken { .. } => "create_resource_token",
            Effect::AddResources { .. } => "add_resources",
            Effect::PlaceVictoryTokens { .. } => "place_victory_tokens",
            Effect::RemoveVictoryTokens { .. } => "remove_victory_tokens",
            Effect::GainCommandTokens { .. } => "gain_command_tokens",
            Effect::RaiseCommandLimit { .. } => "raise_command_limit",
            Effect::PlaceMarkers { .. } => "place_markers",
            Effect::RemoveMarkers { .. } => "remove_markers",
            Effect::SearchDeck { .. } => "search_deck",
            Effect::CallFromExtraDeck { .. } => "call_from_extra_deck",
            Effect::ReturnFromDiscard { .. } => "return_from_discard",
            Effect::Neutralize { .. } => "neutralize",
        }
    }

    /// The objects the effect aims at.
    pub fn targets(&self) -> Vec<&Target> {
        match self {
            Effect::Damage { to: t, .. }
            | Effect::Heal { target: t, .. }
            | Effect::DiscardFromHand { who: t, .. }
            | Effect::DiscardTop { who: t, .. }
            | Effect::Discard { target: t }
            | Effect::Void { target: t }
            | Effect::ReturnToHand { target: t }
            | Effect::Exhaust { target: t }
            | Effect::AddExhaustion { target: t, .. }
            | Effect::RemoveExhaustion { target: t, .. }
            | Effect::TurnFaceDown { target: t }
            | Effect::Modify { target: t, .. }
            | Effect::SetValue { target: t, .. }
            | Effect::Multiply { target: t, .. }
            | Effect::PreventDamage { target: t, .. }
            | Effect::Copy { target: t }
            | Effect::PlaceVictoryTokens { on: t, .. }
            | Effect::RemoveVictoryTokens { from: t, .. }
            | Effect::PlaceMarkers { on: t, .. }
            | Effect::RemoveMarkers { from: t, .. }
            | Effect::Neutralize { target: t, .. } => vec![t],
            Effect::CreateToken { attach_to: Some(t), .. } => vec![t],
            _ => Vec::new(),
        }
    }

    /// The filters over cards in a zone it uses.
    pub fn zone_filter(&self) -> Option<&Filter> {
        match self {
            Effect::SearchDeck { filter, .. }
            | Effect::CallFromExtraDeck { filter, .. }
            | Effect::ReturnFromDiscard { filter, .. } => Some(filter),
            _ => None,
        }
    }
}

impl CardDef {
    /// A character or location with a Victory Token Field that is not
    /// confined to the Extra Deck: it may be chosen as a main character
    /// (3.0.1, 8.0.1a).
    pub fn main_eligible(&self) -> bool {
        self.victory.is_some()
            && matches!(self.kind, CardType::Character | CardType::Location)
            && !self.extra_deck_only()
    }

    /// Built into the Extra Deck only (Reserve, Ascend).
    pub fn extra_deck_only(&self) -> bool {
        self.extra_rule.as_ref().is_some_and(ExtraRule::extra_deck_only)
    }

    /// Unique (12.2.A): one copy across both decks.
    pub fn unique(&self) -> bool {
        self.extra_rule == Some(ExtraRule::Unique)
    }

    /// Has an objective ability.
    pub fn has_objective(&self) -> bool {
        self.abilities.iter().any(|a| matches!(a, Ability::Objective { .. }))
    }

    /// Every effect on the card.
    pub fn effects(&self) -> impl Iterator<Item = &Effect> {
        self.abilities.iter().flat_map(|a| a.effects())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_is_generic_first_then_one_letter_per_pip() {
        let c = Cost::try_from("2BB".to_owned()).unwrap();
        assert_eq!((c.generic, c.pips_of(Faction::Bastion), c.total()), (2, 2, 4));
        assert_eq!(c.to_string(), "{2}{B}{B}");
        assert_eq!(String::from(c), "2BB");
        assert_eq!(Cost::try_from("0".to_owned()).unwrap().to_string(), "{0}");
        assert!(Cost::try_from("2X".to_owned()).unwrap_err().contains("'X' is not a faction symbol"));
    }

    #[test]
    fn every_effect_kind_is_listed_once() {
        let mut k = Effect::KINDS.to_vec();
        k.sort_unstable();
        k.dedup();
        assert_eq!(k.len(), Effect::KINDS.len());
    }
}
