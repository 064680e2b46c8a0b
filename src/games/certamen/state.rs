//! The serialised state of a Certamen match: players and their zones, the
//! permanents on the Livingfield, the turn and its step, the Stack and
//! priority.

use serde::{Deserialize, Serialize};

use crate::cards::certamen::{
    Ability, CardDef, CardId, CardType, CertamenDb, Destination, Effect, Filter, Keyword, Object, Pillar,
    Side, Target, Token,
};
use crate::engine::{Attached, GameRng, Outcome, PerSeat, Seat};

/// A unique id for every card and token of the match (stable across zones).
pub type Uid = u32;

/// Vitality each player starts with.
pub const START_VITALITY: i32 = 30;
/// Cards in an opening hand.
pub const OPENING_HAND: usize = 7;
/// Cards drawn after the one mulligan.
pub const MULLIGAN_HAND: usize = 6;
/// Most cards a player may keep at the end of their turn.
pub const HAND_SIZE: usize = 7;

/// One physical card of a Spellbook, wherever it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its id for the whole match.
    pub uid: Uid,
    /// Its definition.
    pub id: CardId,
    /// Whose Spellbook it belongs to.
    pub owner: Seat,
}

/// What a permanent is: a card, or a token made by an effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Body {
    /// A card from a Spellbook.
    Card(CardId),
    /// A token: it ceases to exist when it leaves the Livingfield.
    Token(Token),
}

/// A permanent on the Livingfield.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Permanent {
    /// Its id (the card's uid, or a fresh one for a token).
    pub uid: Uid,
    /// Card or token.
    pub body: Body,
    /// Owner (where it goes when it leaves).
    pub owner: Seat,
    /// Controller.
    pub controller: Seat,
    /// Tapped.
    pub tapped: bool,
    /// The turn it entered (summoning sickness while it is the current turn).
    pub entered_turn: u32,
    /// Damage marked this turn.
    pub damage: u8,
    /// +1/+1 counters.
    pub counters: u8,
    /// Loyalty counters (Ascendants).
    pub loyalty: i16,
    /// Power bonus until end of turn.
    pub pump_power: i8,
    /// Vitality bonus until end of turn.
    pub pump_vitality: i8,
    /// Keywords granted until end of turn.
    pub pump_keywords: Vec<Keyword>,
    /// Declared as an attacker this combat.
    pub attacking: bool,
    /// The blockers of this attacker, in damage assignment order.
    pub blocked_by: Vec<Uid>,
    /// Was blocked this combat (stays blocked if its blockers leave).
    pub blocked: bool,
    /// The attacker this creature blocks.
    pub blocking: Option<Uid>,
    /// Its controller has ordered this attacker's blockers.
    #[serde(default)]
    pub blockers_ordered: bool,
    /// How many of `blocked_by`, from the front, its controller has put in
    /// order so far (five blockers or more are ordered one at a time).
    #[serde(default)]
    pub blockers_placed: u8,
    /// The defender chose where this unblocked attacker's damage goes.
    #[serde(default)]
    pub damage_directed: bool,
    /// It dealt its combat damage in this combat's Blazestride window, so
    /// it deals none in the regular pass (whatever it has by then).
    #[serde(default)]
    pub struck_first: bool,
    /// The Ascendant it damages instead of the defending player.
    #[serde(default)]
    pub damage_to: Option<Uid>,
    /// An Ascendant used a loyalty ability this turn.
    #[serde(default)]
    pub loyalty_used: bool,
    /// The creature this Relic is equipped to.
    #[serde(default)]
    pub equipped_to: Option<Uid>,
}

impl Permanent {
    /// A permanent entering the Livingfield on turn `turn`: untapped, no
    /// damage, counters or bonuses, outside combat.
    pub fn entering(uid: Uid, body: Body, owner: Seat, controller: Seat, turn: u32) -> Permanent {
        Permanent {
            uid,
            body,
            owner,
            controller,
            tapped: false,
            entered_turn: turn,
            damage: 0,
            counters: 0,
            loyalty: 0,
            pump_power: 0,
            pump_vitality: 0,
            pump_keywords: Vec::new(),
            attacking: false,
            blocked_by: Vec::new(),
            blocked: false,
            blocking: None,
            blockers_ordered: false,
            blockers_placed: 0,
            damage_directed: false,
            struck_first: false,
            damage_to: None,
            loyalty_used: false,
            equipped_to: None,
        }
    }
}

/// A player's unspent resources: one count per pillar plus colourless.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pool {
    /// Per pillar, in [`Pillar::ALL`] order.
    pub pillars: [u8; 5],
    /// Colourless resources (pay generic costs only).
    pub generic: u8,
}

impl Pool {
    /// All resources in the pool.
    pub fn total(&self) -> u8 {
        self.generic + self.pillars.iter().sum::<u8>()
    }
    /// Resources of one pillar.
    pub fn of(&self, p: Pillar) -> u8 {
        self.pillars[p as usize]
    }
}

/// One player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Display name.
    pub name: String,
    /// Vitality (loses at 0 or less).
    pub vitality: i32,
    /// The draw pile; the top is the end of the vector.
    pub archive: Vec<Card>,
    /// The hand (the Memory Bank).
    pub hand: Vec<Card>,
    /// The cards of this hand both players saw arrive (returned from the
    /// Livingfield or the Hollow, found by a search): the opponent knows
    /// them, so `determinize` leaves them in place. Only cards in the hand.
    #[serde(default)]
    pub revealed: Vec<Uid>,
    /// Permanents on the Livingfield.
    pub field: Vec<Permanent>,
    /// The discard pile, face up; the top is the end.
    pub hollow: Vec<Card>,
    /// Cards out of the game.
    pub exile: Vec<Card>,
    /// Unspent resources.
    pub pool: Pool,
    /// A Pillar was played this turn.
    pub pillar_played: bool,
    /// Answered the mulligan question.
    pub kept: bool,
    /// Had to draw from an empty Archive.
    pub drew_from_empty: bool,
    /// An effect made this player lose (an opponent's Ultimate).
    pub lost_by_effect: bool,
    /// Extra turns to take after this one.
    pub extra_turns: u8,
}

/// The seven steps of a turn, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Untap the active player's permanents (no priority).
    Untap,
    /// Upkeep triggers; both may respond.
    Upkeep,
    /// The active player draws.
    Draw,
    /// First main phase.
    Main1,
    /// Combat.
    Combat,
    /// Second main phase.
    Main2,
    /// End step: discard to hand size, "until end of turn" ends.
    End,
}

impl Step {
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Step::Untap => "Untap",
            Step::Upkeep => "Upkeep",
            Step::Draw => "Draw",
            Step::Main1 => "Main Phase 1",
            Step::Combat => "Combat",
            Step::Main2 => "Main Phase 2",
            Step::End => "End Step",
        }
    }
    /// The step after this one (`None` after the End step).
    pub fn next(self) -> Option<Step> {
        Some(match self {
            Step::Untap => Step::Upkeep,
            Step::Upkeep => Step::Draw,
            Step::Draw => Step::Main1,
            Step::Main1 => Step::Combat,
            Step::Combat => Step::Main2,
            Step::Main2 => Step::End,
            Step::End => return None,
        })
    }
    /// A main phase.
    pub fn is_main(self) -> bool {
        matches!(self, Step::Main1 | Step::Main2)
    }
}

/// The decision the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prompt {
    /// This seat keeps its opening hand or mulligans once.
    Mulligan(Seat),
    /// The seat holding priority acts or passes.
    Priority,
    /// The active player declares attackers one by one.
    DeclareAttackers,
    /// The defending player declares blockers one by one.
    DeclareBlockers,
    /// The active player discards down to the hand size.
    Discard,
    /// The controller of a triggered ability chooses its targets.
    AbilityTargets,
    /// The attacking player orders the blockers of a gang-blocked attacker.
    DamageOrder,
    /// The defending player sends an unblocked attacker's damage to
    /// themselves or to one of their Ascendants.
    AscendantDamage,
    /// A player answers the first of [`State::choices`].
    Choice,
}

/// A decision an effect or a rule leaves to one player, asked while a
/// spell resolves or before priority is given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    /// `seat` discards `left` more cards of their choice.
    Discard {
        /// Who discards.
        seat: Seat,
        /// Cards still to discard.
        left: u8,
    },
    /// `seat` takes one matching card from their Archive, then shuffles it.
    Search {
        /// Who searches.
        seat: Seat,
        /// Which cards qualify.
        filter: Filter,
        /// Where the card goes.
        to: Destination,
        /// It enters tapped.
        tapped: bool,
    },
    /// `seat` returns one matching card from their Hollow.
    Return {
        /// Who returns it.
        seat: Seat,
        /// Which cards qualify.
        filter: Filter,
        /// Where the card goes.
        to: Destination,
    },
    /// `seat` chooses the pillar of `amount` resources added to their pool.
    Pillar {
        /// Whose pool.
        seat: Seat,
        /// How many resources.
        amount: u8,
    },
    /// `seat`, controlling spell `spell`, pays `amount` or lets it be countered.
    Ward {
        /// The spell's controller.
        seat: Seat,
        /// The spell on the Stack.
        spell: Uid,
        /// What keeping it costs.
        amount: u8,
    },
    /// `seat` chooses which of their simultaneous triggers goes on the Stack next.
    TriggerOrder {
        /// The triggers' controller.
        seat: Seat,
    },
    /// `seat` keeps one of two Ascendants of the same name; the other goes
    /// to the Hollow.
    Uniqueness {
        /// The controller of the copy that entered.
        seat: Seat,
        /// The Ascendant already there, then the one that entered.
        pair: [Uid; 2],
    },
    /// `seat` keeps the targets of the copy `copy` or gives it new ones.
    CopyTargets {
        /// The copy's controller.
        seat: Seat,
        /// The copy on the Stack.
        copy: Uid,
    },
}

impl Choice {
    /// The player who answers.
    pub fn seat(&self) -> Seat {
        match self {
            Choice::Discard { seat, .. }
            | Choice::Search { seat, .. }
            | Choice::Return { seat, .. }
            | Choice::Pillar { seat, .. }
            | Choice::Ward { seat, .. }
            | Choice::TriggerOrder { seat }
            | Choice::Uniqueness { seat, .. }
            | Choice::CopyTargets { seat, .. } => *seat,
        }
    }
}

/// A spell or ability part-way through resolving, waiting on a choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    /// Its controller.
    pub controller: Seat,
    /// The effects still to run, each with the objects it acts on.
    pub steps: Vec<(Effect, Vec<TargetRef>)>,
    /// The cast card, put in the Hollow or onto the Livingfield afterwards.
    pub finish: Option<Card>,
    /// The name of the card resolving (or whose ability it is), for the
    /// events that say what it did.
    #[serde(default)]
    pub name: String,
}

/// Where an object on the Stack comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum StackSource {
    /// A cast card.
    Spell(Card),
    /// A copy of a spell (not a card: it ceases to exist on resolving).
    Copy {
        /// The copied card's definition.
        id: CardId,
    },
    /// An activated or triggered ability of a permanent.
    Ability(AbilityRef),
}

/// One ability of one card, and the permanent it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbilityRef {
    /// Who controls it.
    pub controller: Seat,
    /// The permanent (it may have left the Livingfield since).
    pub source: Uid,
    /// The card defining the ability.
    pub id: CardId,
    /// Index in the card's `abilities`.
    pub ability: usize,
}

/// A target chosen for an effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TargetRef {
    /// A player.
    Player(Seat),
    /// A permanent on the Livingfield.
    Permanent(Uid),
    /// An object on the Stack.
    Spell(Uid),
}

/// A spell waiting on the Stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackItem {
    /// Its id on the Stack (the card's uid for a cast card).
    pub uid: Uid,
    /// Who controls it.
    pub controller: Seat,
    /// The card or copy.
    pub source: StackSource,
    /// Chosen targets, one per targeted effect, in effect order.
    pub targets: Vec<TargetRef>,
}

impl StackItem {
    /// The definition of the card it is (or copies).
    pub fn card_id(&self) -> CardId {
        match &self.source {
            StackSource::Spell(c) => c.id,
            StackSource::Copy { id } => *id,
            StackSource::Ability(a) => a.id,
        }
    }
}

/// How far the combat of this turn has gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatStage {
    /// Attackers are being declared.
    Attackers,
    /// Attackers are declared; both players get priority before blocks.
    Declared,
    /// Blockers are being declared.
    Blockers,
    /// Blockers are declared (or none could be); both players get
    /// priority before damage.
    Blocked,
    /// Blazestride damage is dealt; Runes may be cast before regular damage.
    Blazestruck,
    /// Damage is dealt; priority is open before Main Phase 2.
    Done,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The card database (never serialised; see `Rules::attach`).
    #[serde(skip)]
    pub db: Attached<CertamenDb>,
    /// The two players.
    pub players: PerSeat<Player>,
    /// Turn number, counting both players' turns from 1.
    pub turn: u32,
    /// Whose turn it is.
    pub active: Seat,
    /// Who took the first turn.
    pub first: Seat,
    /// The current step.
    pub step: Step,
    /// The pending decision.
    pub prompt: Prompt,
    /// Who holds priority (when the prompt is [`Prompt::Priority`]).
    pub priority: Seat,
    /// Consecutive passes since the last action or resolution.
    pub passes: u8,
    /// The Stack; its top is the end of the vector.
    pub stack: Vec<StackItem>,
    /// The stage of this turn's combat.
    pub combat: CombatStage,
    /// The next fresh uid.
    pub next_uid: Uid,
    /// Cards each seat's Spellbook held at setup (for the conservation check).
    pub spellbook_sizes: PerSeat<usize>,
    /// Triggered abilities waiting to be put on the Stack, in order.
    #[serde(default)]
    pub pending: Vec<AbilityRef>,
    /// The triggered ability whose targets are being chosen.
    #[serde(default)]
    pub choosing: Option<AbilityRef>,
    /// Decisions waiting to be answered, first first ([`Prompt::Choice`]).
    #[serde(default)]
    pub choices: Vec<Choice>,
    /// The spell or ability whose resolution waits on those choices.
    #[serde(default)]
    pub resolving: Option<Resolution>,
    /// The match RNG.
    pub rng: GameRng,
    /// Set once the game is over.
    pub outcome: Option<Outcome>,
}

impl State {
    /// The card database.
    pub fn db(&self) -> &CertamenDb {
        &self.db
    }
    /// A card definition.
    pub fn def(&self, id: CardId) -> &CardDef {
        self.db.card(id)
    }
    /// The other seat.
    pub fn opponent(&self, seat: Seat) -> Seat {
        Seat(1 - seat.0)
    }
    /// A fresh uid.
    pub fn fresh_uid(&mut self) -> Uid {
        self.next_uid += 1;
        self.next_uid
    }
    /// The permanent with this uid, anywhere on the Livingfield.
    pub fn permanent(&self, uid: Uid) -> Option<&Permanent> {
        self.players.values().flat_map(|p| p.field.iter()).find(|p| p.uid == uid)
    }
    /// The permanent with this uid, mutably.
    pub fn permanent_mut(&mut self, uid: Uid) -> Option<&mut Permanent> {
        self.players.iter_mut().flat_map(|(_, p)| p.field.iter_mut()).find(|p| p.uid == uid)
    }
    /// Every permanent, in seat then field order.
    pub fn permanents(&self) -> impl Iterator<Item = &Permanent> {
        self.players.values().flat_map(|p| p.field.iter())
    }
    /// The display name of a permanent's card or token.
    pub fn name_of(&self, p: &Permanent) -> String {
        match &p.body {
            Body::Card(id) => self.def(*id).name.clone(),
            Body::Token(t) => format!("{} token", t.name),
        }
    }
    /// The card type of a permanent (tokens are creatures).
    pub fn kind_of(&self, p: &Permanent) -> CardType {
        match &p.body {
            Body::Card(id) => self.def(*id).kind,
            Body::Token(_) => CardType::Creature,
        }
    }
    /// Whether the permanent is a creature.
    pub fn is_creature(&self, p: &Permanent) -> bool {
        self.kind_of(p) == CardType::Creature
    }
    /// The permanent's pillars (colours).
    pub fn pillars_of(&self, p: &Permanent) -> Vec<Pillar> {
        match &p.body {
            Body::Card(id) => self.def(*id).pillars(),
            Body::Token(t) => t.pillar.into_iter().collect(),
        }
    }
    /// Current keywords: printed plus granted until end of turn.
    pub fn keywords(&self, p: &Permanent) -> Vec<Keyword> {
        let mut k = match &p.body {
            Body::Card(id) => self.def(*id).keywords.clone(),
            Body::Token(t) => t.keywords.clone(),
        };
        k.extend(p.pump_keywords.iter().copied());
        k.extend(self.static_bonus(p).2);
        k
    }

    /// What the static abilities of permanents on the Livingfield give
    /// `p`: power, vitality and keywords. Their `affects` is matched on
    /// printed characteristics only, so statics never depend on each other.
    pub fn static_bonus(&self, p: &Permanent) -> (i32, i32, Vec<Keyword>) {
        let mut bonus = (0, 0, Vec::new());
        for src in self.permanents() {
            let Body::Card(id) = src.body else { continue };
            if let (Some(eq), true) = (&self.def(id).equip, src.equipped_to == Some(p.uid)) {
                bonus.0 += i32::from(eq.power);
                bonus.1 += i32::from(eq.vitality);
                bonus.2.extend(eq.keywords.iter().copied());
            }
            for ab in &self.def(id).abilities {
                let Ability::Static { affects, power, vitality, keywords } = ab else { continue };
                if self.static_affects(src, affects, p) {
                    bonus.0 += i32::from(*power);
                    bonus.1 += i32::from(*vitality);
                    bonus.2.extend(keywords.iter().copied());
                }
            }
        }
        bonus
    }

    fn static_affects(&self, src: &Permanent, affects: &Target, p: &Permanent) -> bool {
        let side = match affects.whose {
            Side::Any => true,
            Side::Yours => p.controller == src.controller,
            Side::Theirs => p.controller != src.controller,
        };
        let f = &affects.filter;
        let object = match affects.object {
            Object::This => p.uid == src.uid,
            Object::Creature => self.kind_of(p) == CardType::Creature,
            Object::Permanent => self.kind_of(p) != CardType::Pillar,
            _ => false,
        };
        object
            && side
            && f.kind.is_none_or(|k| k == self.kind_of(p))
            && f.pillar.is_none_or(|c| self.pillars_of(p).contains(&c))
            && f.tapped.is_none_or(|t| t == p.tapped)
            && !(f.other && p.uid == src.uid)
    }
    /// Whether the permanent has a keyword now.
    pub fn has(&self, p: &Permanent, k: Keyword) -> bool {
        self.keywords(p).contains(&k)
    }
    /// Current power (printed, counters, until-end-of-turn bonus).
    pub fn power(&self, p: &Permanent) -> i32 {
        let base = match &p.body {
            Body::Card(id) => self.def(*id).power.unwrap_or(0),
            Body::Token(t) => t.power,
        };
        i32::from(base) + i32::from(p.counters) + i32::from(p.pump_power) + self.static_bonus(p).0
    }
    /// Current vitality, before damage.
    pub fn vitality(&self, p: &Permanent) -> i32 {
        let base = match &p.body {
            Body::Card(id) => self.def(*id).vitality.unwrap_or(0),
            Body::Token(t) => t.vitality,
        };
        i32::from(base) + i32::from(p.counters) + i32::from(p.pump_vitality) + self.static_bonus(p).1
    }
    /// Summoning sick: entered this turn and lacks Swiftfang.
    pub fn is_sick(&self, p: &Permanent) -> bool {
        p.entered_turn == self.turn && !self.has(p, Keyword::Swiftfang)
    }
    /// Whether a Relic is equipped to the creature.
    pub fn is_equipped(&self, p: &Permanent) -> bool {
        self.permanents().any(|r| r.equipped_to == Some(p.uid))
    }
    /// Whether the player has lost by a rule (Vitality, empty Archive, an effect).
    pub fn has_lost(&self, seat: Seat) -> bool {
        let p = &self.players[seat];
        p.vitality <= 0 || p.drew_from_empty || p.lost_by_effect
    }
}

/// The cards of `seat`'s Spellbook in every zone, the Stack and a
/// resolution under way (tokens and copies are not cards and are not
/// counted).
pub fn card_count(s: &State, seat: Seat) -> usize {
    let on_field = s
        .players
        .values()
        .flat_map(|p| p.field.iter())
        .filter(|p| p.owner == seat && matches!(p.body, Body::Card(_)))
        .count();
    let on_stack =
        s.stack.iter().filter(|i| matches!(&i.source, StackSource::Spell(c) if c.owner == seat)).count();
    let resolving = s.resolving.iter().filter_map(|r| r.finish).filter(|c| c.owner == seat).count();
    let zones: usize = s
        .players
        .values()
        .map(|p| {
            p.archive
                .iter()
                .chain(&p.hand)
                .chain(&p.hollow)
                .chain(&p.exile)
                .filter(|c| c.owner == seat)
                .count()
        })
        .sum();
    on_field + on_stack + resolving + zones
}

/// Checks the invariants every state keeps; the message names the broken one.
pub fn check_invariants(s: &State) -> Result<(), String> {
    for seat in s.players.seats() {
        let n = card_count(s, seat);
        if n != s.spellbook_sizes[seat] {
            return Err(format!(
                "{seat} has {n} cards in play, its Spellbook had {}",
                s.spellbook_sizes[seat]
            ));
        }
    }
    let mut uids: Vec<Uid> = s.permanents().map(|p| p.uid).collect();
    uids.sort_unstable();
    let before = uids.len();
    uids.dedup();
    if uids.len() != before {
        return Err("two permanents share a uid".into());
    }
    for (seat, p) in s.players.iter() {
        if let Some(u) = p.revealed.iter().find(|u| !p.hand.iter().any(|c| c.uid == **u)) {
            return Err(format!("{seat}'s revealed card {u} is not in their hand"));
        }
    }
    if s.stack.is_empty() && s.prompt == Prompt::Priority && s.passes > 1 {
        return Err("two passes on an empty stack did not end the step".into());
    }
    Ok(())
}

/// The effects a stack item runs when it resolves.
pub fn spell_effects(s: &State, item: &StackItem) -> Vec<Effect> {
    match &item.source {
        StackSource::Ability(a) => ability_effects(s, a),
        _ => s.def(item.card_id()).effects.clone(),
    }
}

/// The effects of one ability.
pub fn ability_effects(s: &State, a: &AbilityRef) -> Vec<Effect> {
    s.def(a.id).abilities.get(a.ability).map(|ab| ab.effects().to_vec()).unwrap_or_default()
}

impl StackItem {
    /// The permanent an ability comes from (`this` in its effects).
    pub fn source_permanent(&self) -> Option<Uid> {
        match &self.source {
            StackSource::Ability(a) => Some(a.source),
            _ => None,
        }
    }
}
