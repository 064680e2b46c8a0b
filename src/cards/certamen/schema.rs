//! The typed schema of a Certamen card file (`cards/certamen/*.toml`).
//!
//! A card is data only: its type, cost, stats, keywords and abilities, each
//! ability made of effects from one small closed vocabulary ([`Effect`])
//! aimed by [`Target`]s. The rules engine executes exactly this data, and
//! the text players read is generated from it ([`CardDef::text`]), so the
//! two cannot disagree. Unknown fields are refused, so a typo is an error
//! naming the file and line, never a silently ignored ability.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The five pillars of power, each a colour of resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pillar {
    /// Illusion, knowledge, control (symbol `V`).
    Veilflux,
    /// Life, growth, overwhelming force (symbol `G`).
    Verdance,
    /// Death, shadow, dark ambition (symbol `U`).
    Umbrage,
    /// Purity, protection, divine order (symbol `A`).
    Aetherlight,
    /// Fury, chaos, raw destruction (symbol `E`).
    Emberwake,
}

impl Pillar {
    /// All pillars, in the rulebook's order.
    pub const ALL: [Pillar; 5] =
        [Self::Veilflux, Self::Verdance, Self::Umbrage, Self::Aetherlight, Self::Emberwake];

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Veilflux => "Veilflux",
            Self::Verdance => "Verdance",
            Self::Umbrage => "Umbrage",
            Self::Aetherlight => "Aetherlight",
            Self::Emberwake => "Emberwake",
        }
    }

    /// The letter of its resource in a cost (`2VV`).
    pub fn symbol(self) -> char {
        match self {
            Self::Veilflux => 'V',
            Self::Verdance => 'G',
            Self::Umbrage => 'U',
            Self::Aetherlight => 'A',
            Self::Emberwake => 'E',
        }
    }

    /// The pillar a cost letter stands for.
    pub fn from_symbol(c: char) -> Option<Pillar> {
        Pillar::ALL.into_iter().find(|p| p.symbol() == c.to_ascii_uppercase())
    }
}

/// A cost: a generic number plus coloured pips, written `"3VV"` in the
/// files (generic first, then one letter per pip; `"0"` is free).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Cost {
    /// Paid with resources of any colour.
    pub generic: u8,
    /// Pips of each pillar, in [`Pillar::ALL`] order.
    pub pips: [u8; 5],
}

impl Cost {
    /// Pips of one pillar.
    pub fn pips_of(&self, p: Pillar) -> u8 {
        self.pips[p as usize]
    }

    /// Total resources to pay (generic plus pips).
    pub fn total(&self) -> u8 {
        self.generic + self.pips.iter().sum::<u8>()
    }

    /// The pillars with at least one pip, in order.
    pub fn pillars(&self) -> Vec<Pillar> {
        Pillar::ALL.into_iter().filter(|p| self.pips_of(*p) > 0).collect()
    }
}

impl TryFrom<String> for Cost {
    type Error = String;

    fn try_from(s: String) -> Result<Self, String> {
        let t = s.trim();
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        let generic = if digits.is_empty() {
            0
        } else {
            digits.parse::<u8>().map_err(|_| format!("cost \"{s}\": generic part too large"))?
        };
        let mut pips = [0u8; 5];
        for c in t[digits.len()..].chars() {
            let p = Pillar::from_symbol(c).ok_or_else(|| {
                format!("cost \"{s}\": '{c}' is not a pillar symbol (V Veilflux, G Verdance, U Umbrage, A Aetherlight, E Emberwake)")
            })?;
            pips[p as usize] += 1;
        }
        if t.is_empty() {
            return Err("cost is empty (write \"0\" for a free card)".into());
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
        for p in Pillar::ALL {
            for _ in 0..c.pips_of(p) {
                s.push(p.symbol());
            }
        }
        s
    }
}

impl fmt::Display for Cost {
    /// `{3}{V}{V}`, as card text shows costs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.generic > 0 || self.pips.iter().all(|n| *n == 0) {
            write!(f, "{{{}}}", self.generic)?;
        }
        for p in Pillar::ALL {
            for _ in 0..self.pips_of(p) {
                write!(f, "{{{}}}", p.symbol())?;
            }
        }
        Ok(())
    }
}

/// The card types; the type decides when a card is played and where it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    /// A permanent with power and vitality that attacks and blocks.
    Creature,
    /// An instant-speed spell.
    Rune,
    /// A sorcery-speed spell: own main phase, empty stack.
    Snap,
    /// A permanent with an ongoing effect.
    Rite,
    /// A colourless permanent; may be equipped to a creature.
    Relic,
    /// The resource base: tapped for one resource of its pillar.
    Pillar,
    /// A legendary permanent with loyalty abilities.
    Ascendant,
}

impl CardType {
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Creature => "Creature",
            Self::Rune => "Rune",
            Self::Snap => "Snap",
            Self::Rite => "Rite",
            Self::Relic => "Relic",
            Self::Pillar => "Pillar",
            Self::Ascendant => "Ascendant",
        }
    }

    /// The type as a noun inside card text: "creature", the other types
    /// capitalised as the rulebook writes them ("Pillar", "Relic").
    pub fn noun(self) -> &'static str {
        match self {
            Self::Creature => "creature",
            other => other.name(),
        }
    }

    /// Runes and Snaps: they resolve and go to the Hollow.
    pub fn is_spell(self) -> bool {
        matches!(self, Self::Rune | Self::Snap)
    }
}

/// The fourteen keywords of the rulebook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Keyword {
    /// Blocked only by Skyborne or Aegis creatures.
    Skyborne,
    /// Does not tap to attack.
    Steadfast,
    /// Ignores summoning sickness.
    Swiftfang,
    /// Its controller gains the combat damage it deals.
    Soulbind,
    /// Opponents' spells and activated abilities cannot target it.
    Oathbound,
    /// Blocked only by Umbrage creatures or creatures wearing a Relic.
    Dreadmarked,
    /// No spell or ability can target it.
    Veilshroud,
    /// Deals combat damage in the Blazestride window, first.
    Blazestride,
    /// Cannot attack.
    Wardenbound,
    /// Cast at instant speed.
    Flickerborn,
    /// Excess combat damage over its blockers goes to the defending player.
    Overwhelm,
    /// Not destroyed by damage or destroy effects; can be exiled.
    Enduring,
    /// Opponents pay 2 more to target it.
    Aegis,
    /// Once per turn in its controller's main phase: tap for its Surge ability.
    Surge,
}

impl Keyword {
    /// Every keyword.
    pub const ALL: [Keyword; 14] = [
        Self::Skyborne,
        Self::Steadfast,
        Self::Swiftfang,
        Self::Soulbind,
        Self::Oathbound,
        Self::Dreadmarked,
        Self::Veilshroud,
        Self::Blazestride,
        Self::Wardenbound,
        Self::Flickerborn,
        Self::Overwhelm,
        Self::Enduring,
        Self::Aegis,
        Self::Surge,
    ];

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Skyborne => "Skyborne",
            Self::Steadfast => "Steadfast",
            Self::Swiftfang => "Swiftfang",
            Self::Soulbind => "Soulbind",
            Self::Oathbound => "Oathbound",
            Self::Dreadmarked => "Dreadmarked",
            Self::Veilshroud => "Veilshroud",
            Self::Blazestride => "Blazestride",
            Self::Wardenbound => "Wardenbound",
            Self::Flickerborn => "Flickerborn",
            Self::Overwhelm => "Overwhelm",
            Self::Enduring => "Enduring",
            Self::Aegis => "Aegis",
            Self::Surge => "Surge",
        }
    }
}

/// One file of cards: `[[card]]` tables.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    /// The cards in this file.
    #[serde(rename = "card")]
    pub cards: Vec<CardDef>,
}

/// One card.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// Unique name.
    pub name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub kind: CardType,
    /// What casting it costs; none for a Pillar (played for free).
    #[serde(default)]
    pub cost: Option<Cost>,
    /// Creature power (creatures only).
    #[serde(default)]
    pub power: Option<u8>,
    /// Creature vitality (creatures only).
    #[serde(default)]
    pub vitality: Option<u8>,
    /// Starting loyalty (Ascendants only).
    #[serde(default)]
    pub loyalty: Option<u8>,
    /// The resource a Pillar adds when tapped (Pillars only).
    #[serde(default)]
    pub produces: Option<Pillar>,
    /// The permanent enters the Livingfield tapped.
    #[serde(default)]
    pub enters_tapped: bool,
    /// Keywords it has.
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// What a Rune or Snap does when it resolves, in order.
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// Triggered, activated, static, Surge and loyalty abilities.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// What a Relic gives the creature it is equipped to.
    #[serde(default)]
    pub equip: Option<Equip>,
    /// A line of flavour, not rules.
    #[serde(default)]
    pub flavor: String,
}

/// A Relic's equip ability and what it grants the equipped creature.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Equip {
    /// Cost to attach it to a creature you control (main phase, empty stack).
    pub cost: Cost,
    /// Power bonus.
    #[serde(default)]
    pub power: i8,
    /// Vitality bonus.
    #[serde(default)]
    pub vitality: i8,
    /// Keywords granted.
    #[serde(default)]
    pub keywords: Vec<Keyword>,
}

/// An ability of a permanent.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ability {
    /// "When/whenever/at …": goes on the stack when `when` happens.
    Triggered {
        /// The event.
        when: Trigger,
        /// Effects, in order.
        effects: Vec<Effect>,
    },
    /// "Cost: effect", used at will (instant speed) by its controller.
    Activated {
        /// Resources to pay.
        #[serde(default)]
        cost: Option<Cost>,
        /// Tap the permanent as part of the cost.
        #[serde(default)]
        tap: bool,
        /// Put the permanent in the Hollow as part of the cost.
        #[serde(default)]
        sacrifice: bool,
        /// Effects, in order.
        effects: Vec<Effect>,
    },
    /// The Surge keyword's ability: once per turn in your main phase, tap.
    Surge {
        /// Effects, in order.
        effects: Vec<Effect>,
    },
    /// Always on while the permanent is on the Livingfield.
    Static {
        /// The creatures it affects (an `all` target or `this`).
        affects: Target,
        /// Power bonus.
        #[serde(default)]
        power: i8,
        /// Vitality bonus.
        #[serde(default)]
        vitality: i8,
        /// Keywords granted.
        #[serde(default)]
        keywords: Vec<Keyword>,
    },
    /// An Ascendant's + or − ability: changes loyalty by `change`.
    Loyalty {
        /// Loyalty added (positive) or removed (negative).
        change: i8,
        /// Effects, in order.
        effects: Vec<Effect>,
    },
    /// An Ascendant's Ultimate: removes `cost` loyalty.
    Ultimate {
        /// Loyalty removed.
        cost: u8,
        /// Effects, in order.
        effects: Vec<Effect>,
    },
}

/// Events that fire a triggered ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// This permanent enters the Livingfield.
    Enters,
    /// This creature goes from the Livingfield to the Hollow.
    Dies,
    /// This creature is declared as an attacker.
    Attacks,
    /// This creature blocks.
    Blocks,
    /// This creature deals combat damage to a player.
    DealsCombatDamage,
    /// The beginning of its controller's upkeep.
    Upkeep,
    /// The beginning of its controller's end step.
    EndStep,
    /// Its controller casts a Rune or Snap.
    CastSpell,
    /// Another creature its controller controls dies.
    AllyDies,
    /// A Pillar enters the Livingfield under its controller's control.
    PillarEnters,
    /// An opponent's creature attacks its controller.
    Attacked,
}

/// What an effect acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Object {
    /// A creature on the Livingfield.
    #[default]
    Creature,
    /// A player.
    Player,
    /// A creature, an Ascendant or a player ("any target").
    Any,
    /// A permanent other than a Pillar.
    Permanent,
    /// A spell on the stack.
    Spell,
    /// The permanent the ability is on (not targeted).
    This,
    /// The controller of the effect (not targeted).
    You,
    /// The opponent (not targeted).
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
    /// The opponent's.
    Theirs,
}

/// Which objects qualify. Empty means any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Only cards (or spells, or permanents) of this type.
    #[serde(default, rename = "type")]
    pub kind: Option<CardType>,
    /// Only objects of this pillar.
    #[serde(default)]
    pub pillar: Option<Pillar>,
    /// Only creatures with this keyword.
    #[serde(default)]
    pub keyword: Option<Keyword>,
    /// Only creatures with at most this power.
    #[serde(default)]
    pub max_power: Option<u8>,
    /// Only creatures with at least this power.
    #[serde(default)]
    pub min_power: Option<u8>,
    /// Only objects whose cost totals at most this.
    #[serde(default)]
    pub max_cost: Option<u8>,
    /// Only tapped (true) or untapped (false) permanents.
    #[serde(default)]
    pub tapped: Option<bool>,
    /// Not the source itself.
    #[serde(default)]
    pub other: bool,
}

/// What an effect is aimed at: one chosen target, every matching object
/// (`all`), or a fixed object (`this`, `you`, `opponent`).
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
    /// True when the effect chooses a target (Veilshroud, Oathbound and
    /// Aegis then apply); false for `all` and fixed objects.
    pub fn is_targeted(&self) -> bool {
        !self.all && !matches!(self.object, Object::This | Object::You | Object::Opponent)
    }
}

/// Where a moved card lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Destination {
    /// Its owner's hand (the Memory Bank).
    #[default]
    Hand,
    /// The Livingfield, under the effect's controller.
    Livingfield,
}

/// A token an effect creates.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Token {
    /// Its name.
    pub name: String,
    /// Its pillar (colourless when absent).
    #[serde(default)]
    pub pillar: Option<Pillar>,
    /// Power.
    pub power: u8,
    /// Vitality.
    pub vitality: u8,
    /// Keywords.
    #[serde(default)]
    pub keywords: Vec<Keyword>,
}

fn one() -> u8 {
    1
}

fn opponent() -> Target {
    Target { object: Object::Opponent, ..Target::default() }
}

/// One step of what a spell or ability does. This is the whole
/// vocabulary the engine executes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Deal damage.
    Damage {
        /// How much.
        amount: u8,
        /// To what.
        to: Target,
    },
    /// You draw cards.
    Draw {
        /// How many.
        #[serde(default = "one")]
        amount: u8,
    },
    /// A player discards cards of their choice.
    Discard {
        /// How many.
        #[serde(default = "one")]
        amount: u8,
        /// Who (a player target).
        #[serde(default = "opponent")]
        who: Target,
    },
    /// A player puts the top cards of their Archive into their Hollow.
    Mill {
        /// How many.
        amount: u8,
        /// Who (a player target).
        #[serde(default = "opponent")]
        who: Target,
    },
    /// You gain Vitality.
    GainVitality {
        /// How much.
        amount: u8,
    },
    /// A player loses Vitality (not damage: nothing prevents it).
    LoseVitality {
        /// How much.
        amount: u8,
        /// Who (a player target).
        #[serde(default = "opponent")]
        who: Target,
    },
    /// You create tokens.
    CreateToken {
        /// How many.
        #[serde(default = "one")]
        count: u8,
        /// What each token is.
        token: Token,
    },
    /// Destroy permanents (to the Hollow; Enduring prevents it).
    Destroy {
        /// Which.
        target: Target,
    },
    /// Exile permanents (out of the game; Enduring does not help).
    Exile {
        /// Which.
        target: Target,
    },
    /// Return permanents to their owners' hands.
    ReturnToHand {
        /// Which.
        target: Target,
    },
    /// Counter a spell on the stack (to the Hollow, no effect).
    Counter {
        /// Which spell.
        target: Target,
        /// Countered only if its controller does not pay this much.
        #[serde(default)]
        unless_pay: Option<u8>,
    },
    /// Creatures get a bonus and keywords until end of turn.
    Pump {
        /// Which.
        target: Target,
        /// Power change.
        #[serde(default)]
        power: i8,
        /// Vitality change.
        #[serde(default)]
        vitality: i8,
        /// Keywords granted.
        #[serde(default)]
        keywords: Vec<Keyword>,
    },
    /// Put +1/+1 counters on creatures (permanent growth).
    Grow {
        /// Which.
        target: Target,
        /// Counters on each.
        #[serde(default = "one")]
        amount: u8,
    },
    /// Tap permanents.
    Tap {
        /// Which.
        target: Target,
    },
    /// Untap permanents.
    Untap {
        /// Which.
        target: Target,
    },
    /// Copy a spell on the stack; you may choose new targets for the copy.
    Copy {
        /// Which spell.
        target: Target,
    },
    /// Add resources to your pool.
    AddMana {
        /// Of this pillar; of any one pillar you choose when absent.
        #[serde(default)]
        pillar: Option<Pillar>,
        /// How many.
        #[serde(default = "one")]
        amount: u8,
    },
    /// Search your Archive for a card, reveal it, put it somewhere, shuffle.
    SearchArchive {
        /// Which cards qualify.
        filter: Filter,
        /// Where it goes.
        #[serde(default)]
        to: Destination,
        /// It enters tapped (when put onto the Livingfield).
        #[serde(default)]
        tapped: bool,
    },
    /// Return a card from your Hollow.
    ReturnFromHollow {
        /// Which cards qualify.
        filter: Filter,
        /// Where it goes.
        #[serde(default)]
        to: Destination,
    },
    /// You win the game.
    WinGame,
    /// Take another turn after this one.
    ExtraTurn,
}

impl Effect {
    /// The targets the effect aims at (for checks and the engine).
    pub fn targets(&self) -> Vec<&Target> {
        match self {
            Effect::Damage { to: t, .. }
            | Effect::Discard { who: t, .. }
            | Effect::Mill { who: t, .. }
            | Effect::LoseVitality { who: t, .. }
            | Effect::Destroy { target: t }
            | Effect::Exile { target: t }
            | Effect::ReturnToHand { target: t }
            | Effect::Counter { target: t, .. }
            | Effect::Pump { target: t, .. }
            | Effect::Grow { target: t, .. }
            | Effect::Tap { target: t }
            | Effect::Untap { target: t }
            | Effect::Copy { target: t } => vec![t],
            _ => Vec::new(),
        }
    }
}

impl Ability {
    /// The effects it runs.
    pub fn effects(&self) -> &[Effect] {
        match self {
            Ability::Triggered { effects, .. }
            | Ability::Activated { effects, .. }
            | Ability::Surge { effects }
            | Ability::Loyalty { effects, .. }
            | Ability::Ultimate { effects, .. } => effects,
            Ability::Static { .. } => &[],
        }
    }
}

impl CardDef {
    /// The card's pillars: its cost's coloured pips, or what a Pillar
    /// produces. Empty for a colourless card.
    pub fn pillars(&self) -> Vec<Pillar> {
        match (self.kind, self.produces) {
            (CardType::Pillar, Some(p)) => vec![p],
            _ => self.cost.map(|c| c.pillars()).unwrap_or_default(),
        }
    }

    /// Its cost in total resources (0 for a Pillar).
    pub fn cost_total(&self) -> u8 {
        self.cost.map_or(0, |c| c.total())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_is_generic_first_then_one_letter_per_pip() {
        let c = Cost::try_from("3VV".to_owned()).unwrap();
        assert_eq!((c.generic, c.pips_of(Pillar::Veilflux), c.total()), (3, 2, 5));
        assert_eq!(c.to_string(), "{3}{V}{V}");
        assert_eq!(String::from(c), "3VV");
        let multi = Cost::try_from("1gu".to_owned()).unwrap();
        assert_eq!(multi.pillars(), [Pillar::Verdance, Pillar::Umbrage]);
        assert_eq!(Cost::try_from("0".to_owned()).unwrap().to_string(), "{0}");
        assert!(Cost::try_from("2X".to_owned()).unwrap_err().contains("'X' is not a pillar symbol"));
        assert!(Cost::try_from(" ".to_owned()).is_err());
    }
}
