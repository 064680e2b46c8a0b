//! Deck assembly (the rulebook's *Deck Assembly*): how each lord's 48
//! cards are gathered before play.
//!
//! Bringing a deck (pre-design, custom) and mirror decks need nothing from
//! the rules but the decks. Random design deals at setup. Set selection,
//! keeping 48 of a larger random deal and the three drafts are a phase of
//! the match before play: [`Draft`] is stored in [`State::assembly`] and
//! every pick is an ordinary action, so picks are logged, replayed, timed
//! and answered by autopilot like any other. When every deck holds 48
//! cards, [`setup::deal`] runs with the built decks and play begins.
//!
//! The draft pool is the collection (three copies of every card), taken
//! as many times as the method needs for the number of lords.

use serde::{Deserialize, Serialize};

use super::state::{Lord, Mode, State, Step, Turn};
use super::{setup, turn};
use crate::cards::spheres::{composition, CardId, SpheresDb, DECK_SIZE, MAX_COPIES};
use crate::engine::{Event, GameRng, Illegal, PerSeat, Seat, SetupError};
use crate::games::{Assembly, Brings};

/// Cards in a closed-draft pack.
pub const PACK: usize = 13;
/// Sets of 12 in a deck built by set selection.
pub const SETS: usize = 4;
/// Cards in a set.
pub const SET_SIZE: usize = 12;
/// Cards dealt to each lord by `random-keep`, who keeps 48 of them.
pub const KEEP_DEAL: usize = DECK_SIZE + SET_SIZE;

/// A method of the rulebook's *Deck Assembly*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Pre-design: each lord brings a prebuilt deck.
    PreDesign,
    /// Custom design: each lord brings a deck of their own (48 cards, at
    /// most 3 copies of a card).
    Custom,
    /// Set selection: in clockwise turns the lords take sets of 12 from
    /// the table until each has 4.
    SetSelection,
    /// Random design: 48 random cards each.
    Random,
    /// Random design, dealing 60 cards of which each lord keeps 48.
    RandomKeep,
    /// Mirror decks: everyone plays a copy of the challenger's deck.
    Mirror,
    /// Open draft: a face-up row of one card more than there are lords;
    /// clockwise picks, the last card is discarded, the first picker turns.
    OpenDraft,
    /// Closed draft: packs of 13, one pick each, passed clockwise then
    /// counter-clockwise by turns; everyone picks at once.
    ClosedDraft,
    /// Blind draft: an open draft of face-down cards; only the sphere shows.
    BlindDraft,
}

/// Every method as `/challenge` offers it, in the rulebook's order.
pub const ASSEMBLIES: &[Assembly] = &[
    Assembly {
        key: "pre-design",
        summary: "Each player brings one of the prebuilt decks.",
        decks: Brings::Prebuilt,
    },
    Assembly {
        key: "set-selection",
        summary: "Players take sets of 12 in clockwise turns until each has 4.",
        decks: Brings::Nothing,
    },
    Assembly {
        key: "custom",
        summary: "Each player brings a deck they saved with /deck (48 cards, 3 copies at most).",
        decks: Brings::Saved,
    },
    Assembly { key: "random", summary: "Each player is dealt 48 random cards.", decks: Brings::Nothing },
    Assembly {
        key: "random-keep",
        summary: "Each player is dealt 60 random cards and sets 12 aside.",
        decks: Brings::Nothing,
    },
    Assembly {
        key: "mirror",
        summary: "Everyone plays a copy of the challenger's deck.",
        decks: Brings::ChallengersDeck,
    },
    Assembly {
        key: "open-draft",
        summary: "Pick in turns from a face-up row of one card more than there are players.",
        decks: Brings::Nothing,
    },
    Assembly {
        key: "closed-draft",
        summary: "Packs of 13: everyone picks one and passes it on, left then right.",
        decks: Brings::Nothing,
    },
    Assembly {
        key: "blind-draft",
        summary: "An open draft of face-down cards: only the sphere shows.",
        decks: Brings::Nothing,
    },
];

impl Method {
    /// Every method.
    pub const ALL: [Method; 9] = [
        Method::PreDesign,
        Method::SetSelection,
        Method::Custom,
        Method::Random,
        Method::RandomKeep,
        Method::Mirror,
        Method::OpenDraft,
        Method::ClosedDraft,
        Method::BlindDraft,
    ];

    /// The key typed in `assembly:`.
    pub fn key(self) -> &'static str {
        match self {
            Method::PreDesign => "pre-design",
            Method::Custom => "custom",
            Method::SetSelection => "set-selection",
            Method::Random => "random",
            Method::RandomKeep => "random-keep",
            Method::Mirror => "mirror",
            Method::OpenDraft => "open-draft",
            Method::ClosedDraft => "closed-draft",
            Method::BlindDraft => "blind-draft",
        }
    }

    /// The method's name on the board.
    pub fn name(self) -> &'static str {
        match self {
            Method::PreDesign => "Pre-design",
            Method::Custom => "Custom design",
            Method::SetSelection => "Set selection",
            Method::Random => "Random design",
            Method::RandomKeep => "Random design (keep 48 of 60)",
            Method::Mirror => "Mirror decks",
            Method::OpenDraft => "Open draft",
            Method::ClosedDraft => "Closed draft",
            Method::BlindDraft => "Blind draft",
        }
    }

    /// The method a setup's `assembly` names; no name is pre-design.
    pub fn parse(key: Option<&str>) -> Result<Method, SetupError> {
        match key.map(str::trim).filter(|k| !k.is_empty()) {
            None => Ok(Method::PreDesign),
            Some(k) => Method::ALL.into_iter().find(|m| m.key().eq_ignore_ascii_case(k)).ok_or_else(|| {
                let keys: Vec<&str> = Method::ALL.iter().map(|m| m.key()).collect();
                SetupError::Invalid(format!(
                    "Spheres has no assembly method \"{k}\"; the methods are {}",
                    keys.join(", ")
                ))
            }),
        }
    }

    /// Whether the match builds the decks in a phase before play.
    pub fn drafts(self) -> bool {
        matches!(
            self,
            Method::SetSelection | Method::RandomKeep | Method::OpenDraft | Method::ClosedDraft | Method::BlindDraft
        )
    }

    /// Whether the method plays with the first draft's 50-card decks: only
    /// the methods whose decks are brought (checked against that variant's
    /// deck rules); the others build the rulebook's 48-card decks.
    pub fn first_draft_allows(self) -> bool {
        matches!(self, Method::PreDesign | Method::Custom | Method::Mirror)
    }

    /// Whether every lord picks from what is in front of them at the same
    /// time (their own pack or deal), rather than in clockwise turns.
    pub fn simultaneous(self) -> bool {
        matches!(self, Method::ClosedDraft | Method::RandomKeep)
    }

    /// Whether a lord's picks are public: taken from a face-up row or as
    /// named sets on the table.
    pub fn picks_public(self) -> bool {
        matches!(self, Method::OpenDraft | Method::SetSelection)
    }
}

/// A set of 12 lying on the table (set selection).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSet {
    /// Its name (the set identification card).
    pub name: String,
    /// Its cards.
    pub cards: Vec<CardId>,
}

/// The assembly phase of a match: what is on the table and in each lord's
/// hands until every deck holds 48 cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The method.
    pub method: Method,
    /// Cards not dealt yet, top last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pool: Vec<CardId>,
    /// Each lord's deck in the making.
    pub picks: PerSeat<Vec<CardId>>,
    /// Packs waiting at each lord, first first (closed draft); a lord's
    /// deal of 60 (random-keep).
    pub packs: PerSeat<Vec<Vec<CardId>>>,
    /// The face-up (open) or face-down (blind) row.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub row: Vec<CardId>,
    /// Sets still on the table (set selection).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<TableSet>,
    /// The names of the sets each lord took (set selection).
    pub chosen: PerSeat<Vec<String>>,
    /// Who picks next (set selection, open and blind draft).
    pub next: Seat,
    /// Who picked first from the current row (open and blind draft).
    pub leader: Seat,
    /// Rounds completed: rows (open, blind) or packs (closed draft).
    pub round: u32,
    /// Cards out of the draft: the last card of a row or pack, the cards
    /// a lord set aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discarded: Vec<CardId>,
    /// Lords who conceded during the draft: the table picks for them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gone: Vec<Seat>,
    /// Cards the draft started with (checked by the invariants).
    pub size: u32,
    /// Who takes the first turn when decided outside the game (a rematch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Seat>,
}

/// The collection as a draft pool: three copies of every card.
fn collection(db: &SpheresDb) -> Vec<CardId> {
    (0..db.cards.len()).flat_map(|i| std::iter::repeat_n(CardId(i as u16), MAX_COPIES)).collect()
}

/// The collection's sets of 12, in code order, named after the decks'
/// set identification cards.
pub fn collection_sets(db: &SpheresDb) -> Vec<TableSet> {
    let mut keys: Vec<(u8, char)> = db.cards.iter().filter_map(|c| composition(&c.code)).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .map(|(deck, letter)| {
            let offset = (letter as u8).checked_sub(b'A').map(|l| l as usize).and_then(|l| l.checked_sub(4 * (deck as usize - 1)));
            let name = db
                .decks
                .iter()
                .find(|d| d.number == deck)
                .and_then(|d| offset.and_then(|o| d.sets.get(o)))
                .cloned()
                .unwrap_or_else(|| format!("Set {deck}{letter}"));
            let cards = db
                .cards
                .iter()
                .enumerate()
                .filter(|(_, c)| composition(&c.code) == Some((deck, letter)))
                .flat_map(|(i, _)| std::iter::repeat_n(CardId(i as u16), MAX_COPIES))
                .collect();
            TableSet { name, cards }
        })
        .collect()
}

/// `base` repeated until it holds at least `need` items (at least once):
/// a larger table plays with several copies of the collection.
fn enough<T: Clone>(base: Vec<T>, need: usize) -> Vec<T> {
    let copies = need.div_ceil(base.len().max(1)).max(1);
    let mut out = Vec::with_capacity(base.len() * copies);
    for _ in 0..copies {
        out.extend(base.iter().cloned());
    }
    out
}

/// Cards the method deals in all for `n` lords.
fn needed(method: Method, n: usize) -> usize {
    match method {
        Method::Random => n * DECK_SIZE,
        Method::RandomKeep => n * KEEP_DEAL,
        Method::OpenDraft | Method::BlindDraft => DECK_SIZE * (n + 1),
        Method::ClosedDraft => rounds(n) * n * PACK,
        _ => 0,
    }
}

/// Pack rounds of a closed draft: each pack gives every lord 12 picks.
fn rounds(_n: usize) -> usize {
    DECK_SIZE.div_ceil(PACK - 1)
}

/// Random decks of 48 for `n` lords (random design).
pub fn random_decks(db: &SpheresDb, rng: &mut GameRng, n: usize) -> Vec<Vec<CardId>> {
    let mut pool = enough(collection(db), needed(Method::Random, n));
    rng.shuffle(&mut pool);
    (0..n).map(|_| pool.split_off(pool.len() - DECK_SIZE)).collect()
}

/// What the match needs besides the draft itself to begin play.
pub struct Table<'a> {
    /// The card pool.
    pub db: &'a std::sync::Arc<SpheresDb>,
    /// The lords' names.
    pub names: &'a [String],
    /// Multiplayer mode.
    pub mode: Mode,
    /// Variant `face-down`.
    pub any_face_down: bool,
    /// The first lord, when decided outside the game.
    pub first: Option<Seat>,
}

/// A match in its assembly phase: no cards dealt, the draft laid out.
pub fn begin(method: Method, table: Table<'_>, mut rng: GameRng) -> Result<State, SetupError> {
    let n = table.names.len();
    if table.db.cards.is_empty() {
        return Err(SetupError::Invalid("the card pool is empty: there is nothing to draft".into()));
    }
    let mut pool = enough(collection(table.db), needed(method, n));
    rng.shuffle(&mut pool);
    let mut sets = Vec::new();
    if method == Method::SetSelection {
        pool.clear();
        sets = enough(collection_sets(table.db), n * SETS);
        if sets.iter().any(|s| s.cards.len() != SET_SIZE) {
            return Err(SetupError::Invalid("set selection needs sets of 12 cards; this card pool has none".into()));
        }
    }
    let size = (pool.len() + sets.iter().map(|s| s.cards.len()).sum::<usize>()) as u32;
    // Who starts choosing is not in the rulebook: chance decides, like a cut.
    let starter = Seat(rng.below(n) as u8);
    let mut draft = Draft {
        method,
        pool,
        picks: PerSeat::from_fn(n, |_| Vec::new()),
        packs: PerSeat::from_fn(n, |_| Vec::new()),
        row: Vec::new(),
        sets,
        chosen: PerSeat::from_fn(n, |_| Vec::new()),
        next: starter,
        leader: starter,
        round: 0,
        discarded: Vec::new(),
        gone: Vec::new(),
        size,
        first: table.first,
    };
    match method {
        Method::RandomKeep => {
            for seat in table.names.iter().enumerate().map(|(i, _)| Seat(i as u8)) {
                let mut deal = draft.pool.split_off(draft.pool.len() - KEEP_DEAL);
                deal.sort();
                draft.packs[seat].push(deal);
            }
        }
        Method::ClosedDraft => deal_packs(&mut draft),
        Method::OpenDraft | Method::BlindDraft => flip_row(&mut draft),
        _ => {}
    }
    let lords = PerSeat::from_fn(n, |seat| Lord::new(table.names[seat.index()].clone()));
    let turn = Turn::start(1, Seat(0), Seat(0), Step::Regroup);
    let mut s = State::at_turn(table.db, rng, Vec::new(), Vec::new(), lords, turn);
    s.mode = table.mode;
    s.any_face_down = table.any_face_down;
    s.assembly = Some(Box::new(draft));
    Ok(s)
}

/// A new pack of 13 for every lord (closed draft).
fn deal_packs(d: &mut Draft) {
    for seat in d.picks.seats().collect::<Vec<_>>() {
        let mut pack = d.pool.split_off(d.pool.len().saturating_sub(PACK));
        pack.sort();
        d.packs[seat].push(pack);
    }
}

/// A new row of one card more than there are lords (open, blind draft).
fn flip_row(d: &mut Draft) {
    let n = d.picks.len() + 1;
    d.row = d.pool.split_off(d.pool.len().saturating_sub(n));
    if d.method == Method::OpenDraft {
        d.row.sort();
    }
}

/// The lord clockwise after `seat` (`step` 1) or before it (`step` -1).
fn neighbour(seat: Seat, n: usize, clockwise: bool) -> Seat {
    let i = seat.index();
    Seat(if clockwise { (i + 1) % n } else { (i + n - 1) % n } as u8)
}

/// Whether a closed-draft pack of round `round` passes clockwise (to the
/// left): the first pack does, the next counter-clockwise, and so on.
pub fn passes_left(round: u32) -> bool {
    round % 2 == 0
}

/// Lords who must pick now: every lord with a pack or a deal in front of
/// them when picks are simultaneous, else the one whose turn it is.
pub fn to_act(d: &Draft) -> Vec<Seat> {
    if d.method.simultaneous() {
        d.packs.iter().filter(|(seat, p)| !p.is_empty() && !d.gone.contains(seat)).map(|(s, _)| s).collect()
    } else if d.gone.contains(&d.next) {
        Vec::new()
    } else {
        vec![d.next]
    }
}

/// The cards `seat` chooses from now: its first pack, its deal, or the row.
pub fn candidates(d: &Draft, seat: Seat) -> &[CardId] {
    match d.method {
        Method::ClosedDraft | Method::RandomKeep => d.packs[seat].first().map_or(&[][..], |p| p.as_slice()),
        Method::OpenDraft | Method::BlindDraft => &d.row,
        _ => &[],
    }
}

/// Positions of the distinct choices among `cards`: two copies of a card
/// (or, face down, two cards of the same sphere) are one choice, so the
/// last pick between indistinguishable cards is forced.
fn distinct(db: &SpheresDb, cards: &[CardId], blind: bool) -> Vec<u8> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for (i, id) in cards.iter().enumerate() {
        let key = if blind {
            let c = db.card(*id);
            (c.sphere as u16, c.dual.map_or(u16::MAX, |d| d as u16))
        } else {
            (id.0, 0)
        };
        if !seen.contains(&key) {
            seen.push(key);
            out.push(i as u8);
        }
    }
    out
}

/// The picks `seat` may make now.
pub fn legal_actions(s: &State, d: &Draft, seat: Seat) -> Vec<super::Action> {
    use super::Action;
    if s.outcome.is_some() || !to_act(d).contains(&seat) {
        return Vec::new();
    }
    match d.method {
        Method::SetSelection => {
            let mut seen: Vec<&str> = Vec::new();
            let mut out = Vec::new();
            for (i, set) in d.sets.iter().enumerate() {
                if !seen.contains(&set.name.as_str()) {
                    seen.push(&set.name);
                    out.push(Action::PickSet { set: i as u8 });
                }
            }
            out
        }
        Method::RandomKeep => distinct(s.db(), candidates(d, seat), false)
            .into_iter()
            .map(|card| Action::SetAside { card })
            .collect(),
        _ => distinct(s.db(), candidates(d, seat), d.method == Method::BlindDraft)
            .into_iter()
            .map(|card| Action::Pick { card })
            .collect(),
    }
}

/// Why `a` is not a legal pick for `seat` now.
fn illegal(s: &State, d: &Draft, seat: Seat) -> Illegal {
    let who = to_act(d);
    if !who.contains(&seat) {
        let names: Vec<&str> = who.iter().map(|w| s.name(*w)).collect();
        return Illegal::new(if d.method.simultaneous() {
            format!("No pack is waiting for you yet: waiting for {}.", names.join(", "))
        } else {
            format!("It is not your pick: waiting for {}.", names.join(", "))
        });
    }
    Illegal::new(format!("That is not one of your choices: the decks are being built ({}).", d.method.name()))
}

/// Checks and applies one pick, then lets the table pick for lords who
/// conceded; when every deck is complete, deals and begins play.
pub fn apply(s: &mut State, seat: Seat, a: &super::Action) -> Result<Vec<Event>, Illegal> {
    let d = s.assembly.as_deref().expect("apply in the assembly phase");
    if !legal_actions(s, d, seat).contains(a) {
        return Err(illegal(s, d, seat));
    }
    let mut ev = Vec::new();
    pick(s, seat, a, &mut ev);
    settle(s, &mut ev);
    Ok(ev)
}

/// Applies a legal pick.
fn pick(s: &mut State, seat: Seat, a: &super::Action, ev: &mut Vec<Event>) {
    use super::Action;
    let name = s.name(seat).to_string();
    let db = s.db.arc();
    let n = s.lords.len();
    let d = s.assembly.as_deref_mut().expect("assembly phase");
    match (d.method, a) {
        (Method::SetSelection, Action::PickSet { set }) => {
            let set = d.sets.remove(*set as usize);
            d.picks[seat].extend(&set.cards);
            ev.push(Event::public(format!("{name} takes the set {} ({} of {SETS})", set.name, d.chosen[seat].len() + 1)));
            d.chosen[seat].push(set.name);
            // Clockwise to the next lord still short of four sets.
            let mut next = d.next;
            for _ in 0..n {
                next = neighbour(next, n, true);
                if d.chosen[next].len() < SETS {
                    break;
                }
            }
            d.next = next;
        }
        (Method::RandomKeep, Action::SetAside { card }) => {
            let deal = &mut d.packs[seat][0];
            let id = deal.remove(*card as usize);
            d.discarded.push(id);
            ev.push(Event::private(seat, format!("You set {} aside", db.card(id).creature.name)));
            if deal.len() == DECK_SIZE {
                let deal = d.packs[seat].remove(0);
                d.picks[seat] = deal;
                ev.push(Event::public(format!("{name} has set 12 cards aside and keeps 48")));
            }
        }
        (Method::ClosedDraft, Action::Pick { card }) => {
            let mut pack = d.packs[seat].remove(0);
            let id = pack.remove(*card as usize);
            d.picks[seat].push(id);
            ev.push(Event::private(seat, format!("You draft {}", card_label(&db, id))));
            if pack.len() == 1 {
                d.discarded.append(&mut pack);
                ev.push(Event::public(format!("{name} picks a card; the pack's last card is discarded")));
            } else {
                let to = neighbour(seat, n, passes_left(d.round));
                ev.push(Event::public(format!(
                    "{name} picks a card and passes the pack ({} left) to {}",
                    pack.len(),
                    s.lords[to].name
                )));
                d.packs[to].push(pack);
            }
            if d.packs.values().all(Vec::is_empty) {
                d.round += 1;
                if d.picks.values().any(|p| p.len() < DECK_SIZE) {
                    deal_packs(d);
                    let way = if passes_left(d.round) { "clockwise (left)" } else { "counter-clockwise (right)" };
                    ev.push(Event::public(format!("New packs of {PACK} are dealt; they pass {way}")));
                }
            }
        }
        (Method::OpenDraft | Method::BlindDraft, Action::Pick { card }) => {
            let id = d.row.remove(*card as usize);
            d.picks[seat].push(id);
            if d.method == Method::OpenDraft {
                ev.push(Event::public(format!("{name} takes {}", card_label(&db, id))));
            } else {
                // Blind: the card stays face down until it is drawn.
                ev.push(Event::public(format!("{name} takes a face-down {} card", sphere_label(&db, id))));
            }
            if d.row.len() == 1 {
                // Everyone has picked from this row: its last card is out.
                d.discarded.append(&mut d.row);
                d.round += 1;
                if d.picks.values().any(|p| p.len() < DECK_SIZE) {
                    d.leader = neighbour(d.leader, n, true);
                    d.next = d.leader;
                    flip_row(d);
                }
            } else {
                d.next = neighbour(d.next, n, true);
            }
        }
        _ => unreachable!("legal_actions offers only the method's picks"),
    }
}

/// "Ember Drake / Flame Tongue".
pub fn card_label(db: &SpheresDb, id: CardId) -> String {
    let c = db.card(id);
    format!("{} / {}", c.creature.name, c.spell.name)
}

/// "Chaos", "Chaos/Nature" for a dual card: what a card's back shows.
pub fn sphere_label(db: &SpheresDb, id: CardId) -> String {
    let c = db.card(id);
    match c.dual.filter(|d| *d != c.sphere) {
        Some(d) => format!("{}/{}", c.sphere.name(), d.name()),
        None => c.sphere.name().to_string(),
    }
}

/// Picks for lords who conceded (the first choice), then, once every deck
/// holds 48 cards, deals them and begins play.
fn settle(s: &mut State, ev: &mut Vec<Event>) {
    loop {
        if s.outcome.is_some() {
            return;
        }
        let Some(d) = s.assembly.as_deref() else { return };
        if complete(d) {
            finish(s, ev);
            return;
        }
        let gone = d.gone.iter().copied().find(|g| {
            if d.method.simultaneous() {
                !d.packs[*g].is_empty()
            } else {
                d.next == *g
            }
        });
        let Some(g) = gone else { return };
        let Some(a) = forced_pick(s, d, g) else { return };
        pick(s, g, &a, ev);
    }
}

/// Whether every deck holds 48 cards and nothing is left to pick.
fn complete(d: &Draft) -> bool {
    d.picks.values().all(|p| p.len() >= DECK_SIZE) && d.packs.values().all(Vec::is_empty)
}

/// The first choice of `seat`, ignoring whether it is its turn to act.
fn forced_pick(s: &State, d: &Draft, seat: Seat) -> Option<super::Action> {
    let mut probe = d.clone();
    probe.gone.retain(|g| *g != seat);
    legal_actions(s, &probe, seat).into_iter().next()
}

/// Every deck is complete: deal them and begin play.
fn finish(s: &mut State, ev: &mut Vec<Event>) {
    let d = s.assembly.take().expect("assembly phase");
    let names: Vec<String> = s.lords.values().map(|l| l.name.clone()).collect();
    let db = s.db.arc();
    let mut next = setup::deal(&db, s.rng.clone(), &names, d.picks.values().cloned().collect(), d.first);
    next.mode = s.mode;
    next.both_fall = s.both_fall;
    next.any_face_down = s.any_face_down;
    turn::begin_mode(&mut next);
    ev.push(Event::public(format!("{}: every deck holds {DECK_SIZE} cards. Play begins.", d.method.name())));
    if let Some(o) = &next.opening {
        ev.push(Event::public(o.to_string()));
    }
    for g in &d.gone {
        ev.extend(turn::concede(&mut next, *g));
    }
    *s = next;
}

/// `seat` concedes during the assembly: it leaves the table (which may end
/// the match); the table makes its remaining picks so the others' decks
/// are still built.
pub fn concede(s: &mut State, seat: Seat) -> Vec<Event> {
    let mut ev = Vec::new();
    if s.outcome.is_some() || !s.lords[seat].alive {
        return ev;
    }
    s.lords[seat].alive = false;
    if let Some(winners) = s.last_side_standing() {
        turn::finish_game(s, winners, format!("{} conceded", s.name(seat)), &mut ev);
        return ev;
    }
    ev.push(Event::public(format!("{} concedes and leaves the table; their picks are made for them", s.name(seat))));
    s.assembly.as_deref_mut().expect("assembly phase").gone.push(seat);
    settle(s, &mut ev);
    ev
}

/// Every card of the draft, wherever it is.
pub fn all_cards(d: &Draft) -> impl Iterator<Item = CardId> + '_ {
    d.pool
        .iter()
        .chain(d.picks.values().flatten())
        .chain(d.packs.values().flatten().flatten())
        .chain(&d.row)
        .chain(d.sets.iter().flat_map(|s| &s.cards))
        .chain(&d.discarded)
        .copied()
}

/// The draft's invariants: no card gained or lost, no deck over 48.
pub fn check(d: &Draft) -> Result<(), String> {
    let total = all_cards(d).count();
    if total != d.size as usize {
        return Err(format!("the draft holds {total} cards, not the {} it started with", d.size));
    }
    if let Some((seat, p)) = d.picks.iter().find(|(_, p)| p.len() > DECK_SIZE) {
        return Err(format!("{seat} has drafted {} cards", p.len()));
    }
    Ok(())
}
