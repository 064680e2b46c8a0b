//! The typed schema of a Spheres card file (`cards/spheres/*.toml`).
//!
//! Every field a card can carry is here; unknown fields are rejected, so a
//! typo in a card file is an error naming the file, the card and the field,
//! never a silently ignored ability. Every ability and effect below is
//! executed by `games::spheres`; nothing on a card is prose only (`text`
//! is the wording players read and must say what the data does).

use serde::{Deserialize, Serialize};

/// The five spheres of magic, numbered as in the identification code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sphere {
    /// 1 — code letter S.
    Science,
    /// 2 — code letter E.
    Ether,
    /// 3 — code letter I.
    Spirit,
    /// 4 — code letter C.
    Chaos,
    /// 5 — code letter N.
    Nature,
}

impl Sphere {
    /// All spheres in code order.
    pub const ALL: [Sphere; 5] = [Self::Science, Self::Ether, Self::Spirit, Self::Chaos, Self::Nature];
    /// The digit used in the identification code (`B` in `AAAA-BC-D EF`).
    pub fn code_digit(self) -> u8 {
        self as u8 + 1
    }
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Science => "Science",
            Self::Ether => "Ether",
            Self::Spirit => "Spirit",
            Self::Chaos => "Chaos",
            Self::Nature => "Nature",
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

/// One card: a creature half and a spell half sharing a sphere.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// Identification code `AAAA-BC-D EF`, e.g. `0001-2B-1 3J`.
    pub code: String,
    /// The card's sphere (its colour; the crystal it makes).
    pub sphere: Sphere,
    /// A second sphere for dual-sphere cards: as a crystal it counts as
    /// either sphere, and crystallizing it skips step 4.
    #[serde(default)]
    pub dual: Option<Sphere>,
    /// The creature half.
    pub creature: CreatureDef,
    /// The spell half.
    pub spell: SpellDef,
}

/// The creature half of a card.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureDef {
    /// Creature name (unique across the collection).
    pub name: String,
    /// Summon cost in mana.
    pub cost: u8,
    /// Inverted cost: this creature can only enter play face down, as a
    /// generic creature costing 3.
    #[serde(default)]
    pub inverted: bool,
    /// Race (two creatures per race in a collection).
    pub race: String,
    /// Optional creature type keyword (`[CreatureType]`).
    #[serde(default)]
    pub kind: Option<String>,
    /// Normal combat strength; afflicted strength is half, rounded down.
    pub strength: u8,
    /// Passive and triggered abilities.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// The ability text players read ("" when the creature has none).
    #[serde(default)]
    pub text: String,
}

/// The spell half of a card.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SpellDef {
    /// Spell name (unique across the collection).
    pub name: String,
    /// Casting cost in mana (or groove energy when retaliating).
    pub cost: u8,
    /// Inverted cost: the spell half cannot be cast; the card can only be
    /// played face down as a generic creature costing 3.
    #[serde(default)]
    pub inverted: bool,
    /// How the spell is used once cast.
    pub kind: SpellKind,
    /// What happens when the spell is cast (or evoked).
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// Abilities while the spell stays in play (active or attached).
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// The text players read.
    pub text: String,
}

/// How a spell is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SpellKind {
    /// Resolves, then goes to the trash.
    Instant,
    /// Stays face up in the fortress; its abilities apply while it is there.
    Active,
    /// Attached under one of its lord's own creatures; its abilities apply
    /// to that creature (`subject = "this"` means the host).
    Attach,
}

/// A passive or triggered ability.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum Ability {
    /// Always on while its condition holds.
    Passive {
        /// What it does.
        effect: Static,
        /// Which creatures it affects.
        #[serde(default)]
        subject: Subject,
        /// Restricts the affected creatures.
        #[serde(default)]
        filter: Filter,
        /// Applies only while this holds.
        #[serde(default)]
        condition: Option<Condition>,
    },
    /// Runs its effects once each time the trigger happens (not while the
    /// creature is afflicted).
    Triggered {
        /// The event that fires it.
        on: Trigger,
        /// Effects, in order.
        effects: Vec<Effect>,
        /// Fires only if this holds when the trigger happens.
        #[serde(default)]
        condition: Option<Condition>,
    },
}

/// A continuous effect of a passive ability.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "is", rename_all = "snake_case", deny_unknown_fields)]
pub enum Static {
    /// Strength changes by `amount` (halved for an afflicted creature).
    Strength {
        /// Bonus (or malus).
        amount: i8,
        /// Only while attacking / blocking; always when absent.
        #[serde(default)]
        during: Option<BattleRole>,
    },
    /// Cannot be declared as an attacker.
    CannotAttack,
    /// Cannot block.
    CannotBlock,
    /// Cannot be blocked.
    Unblockable,
    /// Not dizzy: may attack the turn it is summoned.
    Swift,
    /// May attack ready (not only engaged) opposing creatures.
    Hunter,
    /// A siege by this creature destroys one more tower or spell.
    Siege,
    /// Wins ties in battle instead of both being destroyed.
    Resolute,
}

/// A side of a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BattleRole {
    /// The creature is attacking.
    Attacking,
    /// The creature is blocking or is the attacked engaged creature.
    Defending,
}

/// Which creatures a passive affects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    /// The creature itself (or, on an attached spell, its host).
    #[default]
    This,
    /// Every creature of the ability's lord.
    YourCreatures,
    /// Every other creature of the ability's lord.
    OtherCreatures,
    /// Every creature of the opposing lords.
    OpponentCreatures,
    /// Every creature on every battlefield.
    AllCreatures,
}

/// When a triggered ability fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// This creature is summoned (face up).
    Summon,
    /// This creature is declared as an attacker.
    Attack,
    /// This creature blocks.
    Block,
    /// This creature destroys another creature in battle.
    WinBattle,
    /// This creature is destroyed (it fires as it goes to the groove).
    Destroyed,
    /// This creature destroys a tower or spell in a siege.
    Siege,
    /// Its lord's regroup step.
    Regroup,
    /// One of its lord's towers is destroyed (on an active spell or creature).
    TowerLost,
}

/// The verb of a zone movement; it names the destination zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verb {
    /// To the top of the deck.
    Recover,
    /// To the hand.
    Return,
    /// Deck top to hand (always from the deck).
    Draw,
    /// To the vault, as a crystal.
    Crystallize,
    /// To the groove, as energy.
    Energize,
    /// To the fortress, face down, as a tower.
    Fortify,
    /// To the fortress, face up, as an active spell (its cast effects run).
    Cast,
    /// To the battlefield, face up, as a dizzy creature.
    Summon,
    /// To the trash.
    Trash,
    /// To the groove; a destroyed tower energizes one more card.
    Destroy,
}

impl Verb {
    /// The zone this verb moves cards to.
    pub fn destination(self) -> Zone {
        match self {
            Verb::Recover => Zone::Deck,
            Verb::Draw | Verb::Return => Zone::Hand,
            Verb::Crystallize => Zone::Vault,
            Verb::Energize | Verb::Destroy => Zone::Groove,
            Verb::Fortify => Zone::Towers,
            Verb::Cast => Zone::Spells,
            Verb::Summon => Zone::Battlefield,
            Verb::Trash => Zone::Trash,
        }
    }
}

/// A zone of a lord's playing field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    /// Face-down draw pile ("cards").
    Deck,
    /// Hidden hand ("hand cards").
    Hand,
    /// Crystals.
    Vault,
    /// Energy.
    Groove,
    /// Face-down towers in the fortress.
    Towers,
    /// Face-up spells in the fortress.
    Spells,
    /// Creatures.
    #[default]
    Battlefield,
    /// Face-up discard pile.
    Trash,
}

/// Whose zone an effect works on. The caster decides ("either" asks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lord {
    /// The lord who owns the ability or cast the spell.
    #[default]
    You,
    /// An opposing lord (the caster picks one in multiplayer).
    Opponent,
    /// Any lord in range, chosen by the caster.
    Either,
}

/// Who or what picks the cards an effect moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    /// The caster chooses among the visible candidates (default).
    #[default]
    Choose,
    /// "Opponent choice": the lord who owns the zone chooses.
    Opponent,
    /// "Random".
    Random,
    /// From the top of the deck (the only way to take deck cards without searching).
    Top,
    /// "Search": look through the zone and choose; a searched deck is shuffled after.
    Search,
}

/// A number on a card: a literal or a variable of `[This]` card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum Amount {
    /// A fixed number.
    Fixed(u8),
    /// A variable such as `creature_cost` or `all`.
    Var(Variable),
}

impl Default for Amount {
    fn default() -> Self {
        Amount::Fixed(1)
    }
}

/// The bracketed variables of card text, read from `[This]` card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Variable {
    /// `[CreatureCost]`.
    CreatureCost,
    /// `[SpellCost]`.
    SpellCost,
    /// `[Strength]` (afflicted strength when afflicted).
    Strength,
    /// Every matching card in the zone.
    All,
}

/// Which cards qualify. Empty means any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Only cards of this sphere.
    #[serde(default)]
    pub sphere: Option<Sphere>,
    /// Only creatures of this race (`[Race]` of This when "this").
    #[serde(default)]
    pub race: Option<String>,
    /// Only creatures of this type keyword.
    #[serde(default)]
    pub kind: Option<String>,
    /// Only cards costing at most this (creature cost for creatures, spell cost otherwise).
    #[serde(default)]
    pub max_cost: Option<Amount>,
    /// Only cards costing at least this.
    #[serde(default)]
    pub min_cost: Option<Amount>,
    /// Only creatures with at most this strength.
    #[serde(default)]
    pub max_strength: Option<Amount>,
    /// "Matching" [This]: same-or-lower cost, same sphere, or both.
    #[serde(default)]
    pub matching: Option<Matching>,
    /// Only creatures in this state.
    #[serde(default)]
    pub state: Option<CreatureState>,
    /// Excludes [This] card itself.
    #[serde(default)]
    pub other: bool,
    /// Only [This] card itself (for an attached spell: its host creature),
    /// e.g. "ready this creature".
    #[serde(default)]
    pub this: bool,
}

/// What "matching" compares with [This].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Matching {
    /// Same or lower cost.
    Cost,
    /// Same sphere.
    Sphere,
    /// Both (the rule's default when unspecified).
    Both,
}

/// A creature's state, for filters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CreatureState {
    /// Ready (not engaged).
    Ready,
    /// Engaged.
    Engaged,
    /// Afflicted.
    Afflicted,
    /// Not afflicted.
    Healthy,
}

/// Which cards an effect acts on: `count` cards from `from` in `lord`'s zone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Select {
    /// How many (default 1). Fewer are taken if fewer qualify.
    #[serde(default)]
    pub count: Amount,
    /// The zone they come from (default: the battlefield).
    #[serde(default)]
    pub from: Zone,
    /// Whose zone.
    #[serde(default)]
    pub lord: Lord,
    /// Who picks.
    #[serde(default)]
    pub pick: Pick,
    /// Which cards qualify.
    #[serde(default)]
    pub filter: Filter,
    /// The caster may decline ("you may").
    #[serde(default)]
    pub optional: bool,
}

/// One step of a spell or a triggered ability.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Effect {
    /// Move the selected cards to the zone the verb names.
    Move {
        /// Destination verb.
        verb: Verb,
        /// The cards moved.
        what: Select,
    },
    /// Shuffle a zone.
    Shuffle {
        /// The zone (usually the deck).
        zone: Zone,
        /// Whose.
        #[serde(default)]
        lord: Lord,
    },
    /// "Replace": swap the selected card with one chosen from `with` in the same lord's field.
    Replace {
        /// The card leaving its zone.
        what: Select,
        /// The zone the replacement comes from.
        with: Zone,
    },
    /// Afflict the selected creatures.
    Afflict {
        /// The creatures.
        what: Select,
    },
    /// Cure the selected creatures.
    Cure {
        /// The creatures.
        what: Select,
    },
    /// Engage the selected creatures.
    Engage {
        /// The creatures.
        what: Select,
    },
    /// Ready the selected creatures.
    Ready {
        /// The creatures.
        what: Select,
    },
    /// Strength bonus until end of turn.
    Pump {
        /// The creatures.
        what: Select,
        /// Bonus (or malus).
        amount: i8,
    },
    /// Execute the spell section of [This] card (from a creature ability).
    Evoke,
    /// Summon [This] card's creature (from a spell): the card goes to the
    /// battlefield instead of the trash, and may block at once.
    SummonThis,
}

/// A condition on a passive or triggered ability.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "if", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// The number of qualifying cards in a zone lies within bounds.
    Count {
        /// Whose zone (`either` = any lord's).
        #[serde(default)]
        lord: Lord,
        /// The zone counted.
        zone: Zone,
        /// Which cards count.
        #[serde(default)]
        filter: Filter,
        /// At least this many.
        #[serde(default)]
        at_least: Option<u8>,
        /// At most this many.
        #[serde(default)]
        at_most: Option<u8>,
    },
    /// [This] creature is in a battle in the given role.
    InBattle {
        /// Attacking or defending.
        role: BattleRole,
    },
}
