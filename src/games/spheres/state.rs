//! The serialised state of a Spheres match: card instances, each lord's
//! zones, the turn, the attack in progress, effects being resolved and the
//! pending prompt. It holds ids and counters only; card definitions are read
//! from the card pool the match was set up with.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::action::Prompt;
use crate::cards::spheres::{CardDef, CardId, Sphere, SpheresDb, Zone};
use crate::engine::{Attached, GameRng, Outcome, PerSeat, Seat};

/// One physical card of the match (an index into [`State::cards`]).
///
/// Uids never reach players: actions name cards by their position in a zone
/// or in a prompt's option list, so a uid cannot reveal a hidden card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Uid(pub u16);

/// Strength of a face-down generic creature (its cost is always 3).
pub const GENERIC_STRENGTH: i16 = 2;
/// Cost of a face-down generic creature.
pub const GENERIC_COST: u8 = 3;
/// Towers each lord starts with.
pub const TOWERS: usize = 5;
/// Cards in an opening hand, and the draw when the hand is empty.
pub const HAND: usize = 5;

/// How several lords share the table (the rulebook's multiplayer game
/// play modes). With two lords every mode plays the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Every lord may attack and target every other lord.
    #[default]
    FreeForAll,
    /// Only the adjacent living lords (left and right) are in range.
    LimitedRange,
    /// Teams of two sitting opposite each other; range is the adjacent
    /// living lords of the other teams; the last team standing wins.
    Teams,
    /// Tag team (the rulebook's sketch completed by our rulings): teams of
    /// two, one lord of each team fights at a time, the other waits with
    /// no turn; a team may tag its waiting lord in at the start of its turn.
    TagTeam,
    /// Citadel (the rulebook's sketch completed by our rulings): teams of
    /// two play one team turn together; their creatures defend, their
    /// towers and active spells stand as one shared citadel; crystals,
    /// groove and hands stay private.
    Citadel,
}

impl Mode {
    /// Every mode, in the order `/challenge` offers them.
    pub const ALL: [Mode; 5] =
        [Mode::FreeForAll, Mode::LimitedRange, Mode::Teams, Mode::TagTeam, Mode::Citadel];
    /// The key typed in `mode:`.
    pub fn key(self) -> &'static str {
        match self {
            Mode::FreeForAll => "free-for-all",
            Mode::LimitedRange => "limited-range",
            Mode::Teams => "teams",
            Mode::TagTeam => "tag-team",
            Mode::Citadel => "citadel",
        }
    }
    /// Whether the mode seats teams of two (4 or 6 lords).
    pub fn has_teams(self) -> bool {
        matches!(self, Mode::Teams | Mode::TagTeam | Mode::Citadel)
    }
    /// The mode named by `key`.
    pub fn parse(key: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.key().eq_ignore_ascii_case(key.trim()))
    }
}

fn is_default_mode(m: &Mode) -> bool {
    *m == Mode::FreeForAll
}

/// A creature on the battlefield.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    /// The card.
    pub uid: Uid,
    /// Played face down as a generic creature (no abilities, cost 3, strength 2).
    #[serde(default, skip_serializing_if = "is_false")]
    pub face_down: bool,
    /// Engaged (exhausted) rather than ready.
    #[serde(default, skip_serializing_if = "is_false")]
    pub engaged: bool,
    /// Entered play this turn: cannot attack.
    #[serde(default, skip_serializing_if = "is_false")]
    pub dizzy: bool,
    /// Afflicted: half strength, no triggered abilities.
    #[serde(default, skip_serializing_if = "is_false")]
    pub afflicted: bool,
    /// Strength bonus until the end of the turn.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub pump: i8,
    /// Spells attached under it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<Uid>,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero(n: &i8) -> bool {
    *n == 0
}
fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}
fn first_round() -> u32 {
    1
}
fn is_first_round(n: &u32) -> bool {
    *n == 1
}

impl Creature {
    /// A freshly summoned creature (dizzy, ready).
    pub fn summoned(uid: Uid, face_down: bool) -> Self {
        Creature {
            uid,
            face_down,
            engaged: false,
            dizzy: true,
            afflicted: false,
            pump: 0,
            attached: Vec::new(),
        }
    }
}

/// One lord's playing field. Stacks keep their top at the end of the vector.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lord {
    /// Display name.
    pub name: String,
    /// Still in the game.
    pub alive: bool,
    /// Draw pile, top last.
    pub deck: Vec<Uid>,
    /// Hand cards.
    pub hand: Vec<Uid>,
    /// Crystals.
    pub vault: Vec<Uid>,
    /// Energy, newest last.
    pub groove: Vec<Uid>,
    /// Face-down towers of the fortress.
    pub towers: Vec<Uid>,
    /// Face-up active spells of the fortress.
    pub spells: Vec<Uid>,
    /// Creatures.
    pub battlefield: Vec<Creature>,
    /// Discard pile, top last.
    pub trash: Vec<Uid>,
    /// A spell being cast (between its zone of origin and its destination).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limbo: Vec<Uid>,
    /// The round in which the lord fell or conceded (see [`State::round`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fell_in: Option<u32>,
}

impl Lord {
    /// An empty field.
    pub fn new(name: impl Into<String>) -> Self {
        Lord {
            name: name.into(),
            alive: true,
            deck: Vec::new(),
            hand: Vec::new(),
            vault: Vec::new(),
            groove: Vec::new(),
            towers: Vec::new(),
            spells: Vec::new(),
            battlefield: Vec::new(),
            trash: Vec::new(),
            limbo: Vec::new(),
            fell_in: None,
        }
    }

    /// The cards of a zone (battlefield: the creatures, not their attachments).
    pub fn zone(&self, zone: Zone) -> Vec<Uid> {
        match zone {
            Zone::Battlefield => self.battlefield.iter().map(|c| c.uid).collect(),
            z => self.pile(z).clone(),
        }
    }

    /// A pile zone (every zone but the battlefield).
    pub fn pile(&self, zone: Zone) -> &Vec<Uid> {
        match zone {
            Zone::Deck => &self.deck,
            Zone::Hand => &self.hand,
            Zone::Vault => &self.vault,
            Zone::Groove => &self.groove,
            Zone::Towers => &self.towers,
            Zone::Spells => &self.spells,
            Zone::Trash => &self.trash,
            Zone::Battlefield => unreachable!("the battlefield holds creatures, not a pile"),
        }
    }

    /// A pile zone, mutably.
    pub fn pile_mut(&mut self, zone: Zone) -> &mut Vec<Uid> {
        match zone {
            Zone::Deck => &mut self.deck,
            Zone::Hand => &mut self.hand,
            Zone::Vault => &mut self.vault,
            Zone::Groove => &mut self.groove,
            Zone::Towers => &mut self.towers,
            Zone::Spells => &mut self.spells,
            Zone::Trash => &mut self.trash,
            Zone::Battlefield => unreachable!("the battlefield holds creatures, not a pile"),
        }
    }

    /// Number of cards in a zone.
    pub fn count(&self, zone: Zone) -> usize {
        match zone {
            Zone::Battlefield => self.battlefield.len(),
            z => self.pile(z).len(),
        }
    }

    /// The battlefield position of a creature.
    pub fn creature_index(&self, uid: Uid) -> Option<usize> {
        self.battlefield.iter().position(|c| c.uid == uid)
    }

    /// Every card this lord owns, wherever it is.
    pub fn all_cards(&self) -> impl Iterator<Item = Uid> + '_ {
        self.deck
            .iter()
            .chain(&self.hand)
            .chain(&self.vault)
            .chain(&self.groove)
            .chain(&self.towers)
            .chain(&self.spells)
            .chain(&self.trash)
            .chain(&self.limbo)
            .copied()
            .chain(
                self.battlefield
                    .iter()
                    .flat_map(|c| std::iter::once(c.uid).chain(c.attached.iter().copied())),
            )
    }
}

/// The steps of a lord's turn, in their order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Step {
    /// 1: ready every creature, fire regroup triggers.
    Regroup,
    /// 2: cure afflicted creatures with crystals.
    Cure,
    /// 3: put a hand card in the vault.
    Crystal,
    /// 4: a second crystal (4a) or casting (4b).
    Main,
    /// 5: attacks.
    Battle,
    /// 6: discard the whole hand or keep it.
    Discard,
    /// 7: draw.
    Draw,
    /// 8: hand over to the next lord.
    End,
}

impl Step {
    /// The step's name in headlines.
    pub fn name(self) -> &'static str {
        match self {
            Step::Regroup => "Regroup",
            Step::Cure => "Cure",
            Step::Crystal => "Crystal",
            Step::Main => "Crystal or casting",
            Step::Battle => "Battle",
            Step::Discard => "Discard",
            Step::Draw => "Draw",
            Step::End => "End of turn",
        }
    }
}

/// The turn in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// 1 for the first lord's first turn, counting every lord's turn.
    pub number: u32,
    /// Whose turn it is.
    pub active: Seat,
    /// The lord who took the first turn of the game.
    pub first: Seat,
    /// The current step.
    pub step: Step,
    /// Spheres of the crystals placed this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crystals: Vec<Sphere>,
    /// A crystal was placed in step 3.
    #[serde(default, skip_serializing_if = "is_false")]
    pub crystal_placed: bool,
    /// Something was cast or summoned in step 4 (4a is no longer possible).
    #[serde(default, skip_serializing_if = "is_false")]
    pub casting: bool,
    /// Mana already spent this turn.
    #[serde(default)]
    pub mana_spent: u8,
    /// A second crystal was placed: no mana this turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub mana_locked: bool,
    /// Some lord made a decision during this turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub decided: bool,
    /// Attacks declared ahead in step 5, fought in this order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plan: Vec<Planned>,
    /// The planned attacks are being fought.
    #[serde(default, skip_serializing_if = "is_false")]
    pub fighting: bool,
    /// This lord waits for a decision of theirs in the current step
    /// (Citadel: the two teammates' parts of the team turn).
    #[serde(default, skip_serializing_if = "is_false")]
    pub parked: bool,
    /// Tag team: the team's tag at the start of this turn was decided.
    #[serde(default, skip_serializing_if = "is_false")]
    pub tag_asked: bool,
    /// Citadel: the teammate's part of the team turn (its own step, mana
    /// and crystals), swapped in when the teammate acts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<Box<Turn>>,
}

/// An attack the active lord declared ahead (step 5a for a later attack).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Planned {
    /// The attacking creature.
    pub attacker: Uid,
    /// The attacked lord.
    pub lord: Seat,
    /// The attacked creature; `None` for a siege.
    pub target: Option<Uid>,
}

impl Turn {
    /// Turn `number` of `active` at `step`, with nothing placed, cast or spent yet.
    pub fn start(number: u32, active: Seat, first: Seat, step: Step) -> Turn {
        Turn {
            number,
            active,
            first,
            step,
            crystals: Vec::new(),
            crystal_placed: false,
            casting: false,
            mana_spent: 0,
            mana_locked: false,
            decided: false,
            plan: Vec::new(),
            fighting: false,
            parked: false,
            tag_asked: false,
            mate: None,
        }
    }
}

/// What an attack is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackPhase {
    /// Declared; attack triggers resolving.
    Declared,
    /// Waiting for the defender to block or not.
    Block,
    /// Blockers known; the battle or siege is next.
    Battle,
    /// The attacker chooses what the siege destroys.
    Siege,
    /// Battle over; its triggers resolving.
    Aftermath,
    /// The defender may retaliate.
    Retaliation,
}

/// The attack in progress (battle step 5a–5d).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    /// The attacking lord.
    pub seat: Seat,
    /// The attacking creature.
    pub attacker: Uid,
    /// The attacked lord.
    pub defender: Seat,
    /// The attacked creature; `None` for a siege of the fortress.
    pub target: Option<Uid>,
    /// The blocking creature.
    pub blocker: Option<Uid>,
    /// Where the attack stands.
    pub phase: AttackPhase,
    /// Energy was added to the defender's groove during this attack.
    pub energized: bool,
    /// Towers or spells the siege still destroys.
    pub sieges_left: u8,
    /// The siege has destroyed something already.
    pub sieged: bool,
}

/// Which effect list of a card a frame runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EffectList {
    /// The spell half's effects (cast or evoked).
    Spell,
    /// A triggered ability of the creature half (by index in its abilities).
    CreatureAbility(u8),
    /// A triggered ability of the spell half (active or attached).
    SpellAbility(u8),
}

/// What happens to the card once a frame's effects are done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Finish {
    /// Nothing (abilities, evoke).
    Nothing,
    /// A cast spell: an instant goes to the trash (or is summoned).
    Spell,
}

/// A choice in progress for the current effect.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Work {
    /// The lord whose zone the effect works on.
    pub lord: Option<Seat>,
    /// Cards chosen so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub picked: Vec<Uid>,
    /// Replacement cards chosen so far (Replace).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub with: Vec<Uid>,
    /// The main selection is complete (Replace moves on to replacements).
    #[serde(default, skip_serializing_if = "is_false")]
    pub picked_all: bool,
    /// The chooser stopped an optional selection.
    #[serde(default, skip_serializing_if = "is_false")]
    pub done: bool,
}

/// Effects of one card being executed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The lord making the choices ("you").
    pub controller: Seat,
    /// `[This]` card.
    pub this: Uid,
    /// Which list of effects.
    pub list: EffectList,
    /// Index of the next effect.
    pub next: u8,
    /// Choice in progress for effect `next`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub work: Option<Work>,
    /// What happens to the card afterwards.
    pub finish: Finish,
    /// A `summon_this` effect ran: the cast card becomes a creature.
    #[serde(default, skip_serializing_if = "is_false")]
    pub summon_this: bool,
    /// Evoked from a creature (no evoke or summon-this inside).
    #[serde(default, skip_serializing_if = "is_false")]
    pub evoked: bool,
}

/// A triggered ability waiting to resolve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Its lord.
    pub controller: Seat,
    /// The card carrying the ability.
    pub this: Uid,
    /// Which ability.
    pub list: EffectList,
}

/// The state to return to when a cast is cancelled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The lord who may cancel.
    pub seat: Seat,
    /// The state before the cast.
    pub state: State,
}

/// A Spheres match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The card database (not serialised: see [`crate::engine::Rules::attach`]).
    #[serde(skip)]
    pub db: Attached<SpheresDb>,
    /// The match's random number generator.
    pub rng: GameRng,
    /// Card of each uid. Fixed for the whole match (but re-dealt by
    /// `determinize`), so shared between clones rather than copied.
    pub cards: Arc<[CardId]>,
    /// Owner of each uid.
    pub owners: Arc<[Seat]>,
    /// Each lord's field.
    pub lords: PerSeat<Lord>,
    /// The turn in progress.
    pub turn: Turn,
    /// The attack in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<Attack>,
    /// Effects being executed, innermost last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frames: Vec<Frame>,
    /// Triggered abilities waiting, first first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<Pending>,
    /// The pending decision other than a step's own choices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<Prompt>,
    /// Set once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Where `Cancel` returns to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<Box<Checkpoint>>,
    /// Turns in a row in which no lord had anything to decide.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub quiet_turns: u8,
    /// Something that cannot be taken back happened during this action.
    #[serde(default, skip_serializing_if = "is_false")]
    pub committed: bool,
    /// How the first lord was chosen (the split reveal), told on the first boards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<Arc<str>>,
    /// Variant `face-down`: any hand card may be summoned face down as a
    /// generic creature (the back of the card).
    #[serde(default, skip_serializing_if = "is_false")]
    pub any_face_down: bool,
    /// The multiplayer mode: who is in range and who wins together.
    #[serde(default, skip_serializing_if = "is_default_mode")]
    pub mode: Mode,
    /// Variant `first-draft`: the first draft's rules where they differ
    /// from the rulebook (shields, groove triggers, drawing up to five...;
    /// see `docs/rulings/spheres-first-draft.md`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub first_draft: bool,
    /// The deck assembly phase before play (set selection, drafts): while
    /// it is set, every action is a pick and no card is dealt yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assembly: Option<Box<super::assembly::Draft>>,
    /// Tag team: the lords waiting outside battle (no turn, out of every
    /// range); the others fight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waiting: Vec<Seat>,
    /// Tag team, variant `both-fall`: a team is out only when both its
    /// lords have fallen (by default, when the first falls).
    #[serde(default, skip_serializing_if = "is_false")]
    pub both_fall: bool,
    /// The round in progress: a round is one turn of every living lord
    /// (in tag team and Citadel, of every team), from the first lord of
    /// the game round the table; `turn.number` counts single turns.
    #[serde(default = "first_round", skip_serializing_if = "is_first_round")]
    pub round: u32,
}

impl State {
    /// A state at the given turn, before anything has run: no attack, no
    /// pending effect, no prompt. Setup and the scenario builder both start here.
    pub fn at_turn(
        db: &Arc<SpheresDb>,
        rng: GameRng,
        cards: Vec<CardId>,
        owners: Vec<Seat>,
        lords: PerSeat<Lord>,
        turn: Turn,
    ) -> State {
        State {
            db: Attached::new(db),
            rng,
            cards: cards.into(),
            owners: owners.into(),
            lords,
            turn,
            attack: None,
            frames: Vec::new(),
            triggers: Vec::new(),
            prompt: None,
            outcome: None,
            checkpoint: None,
            quiet_turns: 0,
            committed: false,
            opening: None,
            any_face_down: false,
            mode: Mode::FreeForAll,
            first_draft: false,
            assembly: None,
            waiting: Vec::new(),
            both_fall: false,
            round: 1,
        }
    }

    /// The card database.
    pub fn db(&self) -> &SpheresDb {
        &self.db
    }
    /// The definition of a card instance.
    pub fn def(&self, uid: Uid) -> &CardDef {
        self.db.card(self.cards[uid.0 as usize])
    }
    /// Who owns a card instance.
    pub fn owner(&self, uid: Uid) -> Seat {
        self.owners[uid.0 as usize]
    }
    /// A lord's display name.
    pub fn name(&self, seat: Seat) -> &str {
        &self.lords[seat].name
    }
    /// A lord's field.
    pub fn lord(&self, seat: Seat) -> &Lord {
        &self.lords[seat]
    }
    /// Seats still in the game, in turn order.
    pub fn alive(&self) -> Vec<Seat> {
        self.lords.iter().filter(|(_, l)| l.alive).map(|(s, _)| s).collect()
    }
    /// The living opponents of `seat` in its attack and spell range, in
    /// turn order after it: every other lord in free for all; the adjacent
    /// living lords (recomputed as lords fall) in limited range and team
    /// play; never a teammate.
    pub fn opponents(&self, seat: Seat) -> Vec<Seat> {
        self.in_range(seat).into_iter().filter(|o| !self.allies(seat, *o)).collect()
    }
    /// The other living lords in `seat`'s range, in turn order after it,
    /// teammates included: every one in free for all; the adjacent living
    /// lords (recomputed as lords fall) in limited range and team play.
    pub fn in_range(&self, seat: Seat) -> Vec<Seat> {
        // Tag team: a waiting lord is outside battle, reaching and reached
        // by nobody.
        if self.waiting.contains(&seat) {
            return Vec::new();
        }
        let n = self.lords.len();
        let after: Vec<Seat> =
            (1..n).map(|k| Seat(((seat.index() + k) % n) as u8)).filter(|s| self.lords[*s].alive).collect();
        let in_range = |o: &Seat| match self.mode {
            Mode::FreeForAll | Mode::Citadel => true,
            Mode::TagTeam => !self.waiting.contains(o),
            // The next living lord clockwise and the previous one.
            Mode::LimitedRange | Mode::Teams => after.first() == Some(o) || after.last() == Some(o),
        };
        after.iter().copied().filter(in_range).collect()
    }
    /// The team of a seat: in team play the lords sitting opposite (seats
    /// `i` and `i + n/2`) share one; otherwise every lord is its own.
    pub fn team(&self, seat: Seat) -> usize {
        let n = self.lords.len();
        match self.mode {
            m if m.has_teams() && n >= 4 => seat.index() % (n / 2),
            _ => seat.index(),
        }
    }
    /// The other living lord of `seat`'s team, in a mode with teams.
    pub fn teammate(&self, seat: Seat) -> Option<Seat> {
        self.lords.seats().find(|o| self.allies(seat, *o) && self.lords[*o].alive)
    }
    /// Citadel: the lords whose zones form `seat`'s citadel (`seat`
    /// first, then their living teammate); elsewhere `seat` alone.
    pub fn citadel(&self, seat: Seat) -> Vec<Seat> {
        let mut v = vec![seat];
        if self.mode == Mode::Citadel {
            v.extend(self.teammate(seat));
        }
        v
    }
    /// Where `seat` plays in a round, counted from the first lord of the
    /// game: by seat, or in tag team and Citadel by team (a team takes one
    /// turn a round, whichever of its lords plays it).
    pub fn round_position(&self, seat: Seat) -> usize {
        let n = self.lords.len();
        match self.mode {
            Mode::TagTeam | Mode::Citadel if n >= 4 => {
                let teams = n / 2;
                (self.team(seat) + teams - self.team(self.turn.first)) % teams
            }
            _ => (seat.index() + n - self.turn.first.index()) % n,
        }
    }
    /// Whether two different lords play on the same team.
    pub fn allies(&self, a: Seat, b: Seat) -> bool {
        a != b && self.team(a) == self.team(b)
    }
    /// The winners once one side is left standing (a lord, or a team with
    /// its fallen member); `None` while two sides still play. No lord left
    /// (everyone conceded) is a draw: no winners.
    pub fn last_side_standing(&self) -> Option<Vec<Seat>> {
        let alive = self.alive();
        match alive.first() {
            None => Some(Vec::new()),
            Some(a) if alive.iter().all(|s| self.team(*s) == self.team(*a)) => {
                Some(self.lords.seats().filter(|s| self.team(*s) == self.team(*a)).collect())
            }
            Some(_) => None,
        }
    }
    /// Where a creature is: (its lord, its battlefield position).
    pub fn find_creature(&self, uid: Uid) -> Option<(Seat, usize)> {
        let seat = self.owner(uid);
        self.lords[seat].creature_index(uid).map(|i| (seat, i))
    }
    /// A creature on the battlefield.
    pub fn creature(&self, uid: Uid) -> Option<&Creature> {
        self.find_creature(uid).map(|(s, i)| &self.lords[s].battlefield[i])
    }
    /// A creature on the battlefield, mutably.
    pub fn creature_mut(&mut self, uid: Uid) -> Option<&mut Creature> {
        let (s, i) = self.find_creature(uid)?;
        Some(&mut self.lords[s].battlefield[i])
    }
    /// The zone a card is in (`None` while attached or being cast).
    pub fn zone_of(&self, uid: Uid) -> Option<Zone> {
        let lord = &self.lords[self.owner(uid)];
        if lord.creature_index(uid).is_some() {
            return Some(Zone::Battlefield);
        }
        [Zone::Deck, Zone::Hand, Zone::Vault, Zone::Groove, Zone::Towers, Zone::Spells, Zone::Trash]
            .into_iter()
            .find(|z| lord.pile(*z).contains(&uid))
    }
    /// The creature a spell is attached to.
    pub fn host_of(&self, uid: Uid) -> Option<Uid> {
        let lord = &self.lords[self.owner(uid)];
        lord.battlefield.iter().find(|c| c.attached.contains(&uid)).map(|c| c.uid)
    }
    /// What the face-down cards of a fortress are called: towers in the
    /// rulebook, shields in the first draft.
    pub fn tower_word(&self) -> &'static str {
        if self.first_draft {
            "shield"
        } else {
            "tower"
        }
    }
    /// [`Self::tower_word`] in the plural.
    pub fn towers_word(&self) -> &'static str {
        if self.first_draft {
            "shields"
        } else {
            "towers"
        }
    }
    /// Whether crystals lie face up, so everyone sees which card each is
    /// (the first draft); in the rulebook only their sphere shows.
    pub fn crystals_face_up(&self) -> bool {
        self.first_draft
    }
    /// Mana the active lord can still spend this turn.
    pub fn mana_left(&self) -> u8 {
        if self.turn.mana_locked {
            return 0;
        }
        let crystals = self.lords[self.turn.active].vault.len().min(u8::MAX as usize) as u8;
        crystals.saturating_sub(self.turn.mana_spent)
    }
}

/// Spheres of a card (its sphere and, for a dual card, the second one).
pub fn spheres_of(def: &CardDef) -> Vec<Sphere> {
    let mut v = vec![def.sphere];
    if let Some(d) = def.dual {
        if d != def.sphere {
            v.push(d);
        }
    }
    v
}

/// Whether a card counts as `sphere` (dual cards count as either).
pub fn is_sphere(def: &CardDef, sphere: Sphere) -> bool {
    def.sphere == sphere || def.dual == Some(sphere)
}

/// Total cards a lord owns across all zones; constant for a whole match.
pub fn card_count(s: &State, seat: Seat) -> usize {
    s.lords[seat].all_cards().count()
}

/// Checks the invariants of a state: every card instance is in exactly one
/// zone of its owner's field, and nothing pending refers to a missing card.
pub fn check_invariants(s: &State) -> Result<(), String> {
    if let Some(d) = &s.assembly {
        return super::assembly::check(d);
    }
    let mut seen = vec![0u8; s.cards.len()];
    for (seat, lord) in s.lords.iter() {
        for uid in lord.all_cards() {
            let i = uid.0 as usize;
            if i >= s.cards.len() {
                return Err(format!("{} holds unknown card {i}", lord.name));
            }
            if s.owners[i] != seat {
                return Err(format!("card {i} of {} sits in {}'s field", s.owners[i], lord.name));
            }
            seen[i] += 1;
        }
    }
    if let Some(i) = seen.iter().position(|n| *n != 1) {
        return Err(format!("card {i} appears {} times", seen[i]));
    }
    if s.outcome.is_none() {
        check_mode(s)?;
    }
    if s.outcome.is_none() && s.prompt.is_none() && s.frames.is_empty() && s.triggers.is_empty() {
        if let Some(a) = &s.attack {
            return Err(format!("attack stuck in phase {:?} with nothing to decide", a.phase));
        }
    }
    Ok(())
}

/// The modes' own invariants while the game goes on: in tag team every
/// team in the game fights with exactly one living lord and only living
/// lords wait; in Citadel the team turn's two parts are teammates.
fn check_mode(s: &State) -> Result<(), String> {
    match s.mode {
        Mode::TagTeam => {
            if let Some(w) = s.waiting.iter().find(|w| !s.lords[**w].alive) {
                return Err(format!("{} waits but is out of the game", s.name(*w)));
            }
            for seat in s.alive() {
                let fighting =
                    s.alive().into_iter().filter(|o| s.team(*o) == s.team(seat) && !s.waiting.contains(o));
                if fighting.count() != 1 {
                    return Err(format!("{}'s team does not fight with exactly one lord", s.name(seat)));
                }
            }
            if s.waiting.contains(&s.turn.active) {
                return Err(format!("{} has the turn while waiting", s.name(s.turn.active)));
            }
        }
        Mode::Citadel => {
            if let Some(m) = &s.turn.mate {
                if !s.allies(m.active, s.turn.active) {
                    return Err("the team turn's two parts are not teammates".to_string());
                }
            }
        }
        _ => {}
    }
    Ok(())
}
