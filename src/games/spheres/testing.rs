//! A scenario builder for tests and examples: put named cards in given
//! zones of each seat, choose the step, build a state, act, and read zones
//! back by name. Also the demo card pool (`demo_cards.toml`), which lets
//! tests and simulations run without the real collection.

use std::sync::Arc;

use super::legal::legal_actions;
use super::state::{Creature, Lord, Mode, State, Step, Turn, Uid};
use super::turn::{apply, run};
use super::view::describe;
use super::Action;
use crate::cards::spheres::{CardFile, SpheresDb, Zone};
use crate::engine::{Event, GameRng, PerSeat, Seat};

/// The demo card pool, as TOML.
pub const DEMO_CARDS: &str = include_str!("demo_cards.toml");

/// Parses a card file into a card pool. Only the schema is checked: a test
/// pool need not be a whole collection (16 cards per sphere...).
pub fn pool_from_toml(cards: &str) -> Arc<SpheresDb> {
    let file: CardFile = toml::from_str(cards).unwrap_or_else(|e| panic!("test cards: {e}"));
    Arc::new(SpheresDb::new(file.cards, Vec::new()))
}

/// The demo pool (parsed anew: it is small).
pub fn demo_pool() -> Arc<SpheresDb> {
    pool_from_toml(DEMO_CARDS)
}

/// A 48-card demo deck: three copies of 16 demo cards (`which` 0 or 1
/// picks the first or last 16 of the pool).
pub fn demo_deck(which: usize) -> Vec<String> {
    let db = demo_pool();
    let n = db.cards.len();
    let start = if which == 0 { 0 } else { n.saturating_sub(16) };
    let mut out = Vec::new();
    for c in db.cards.iter().skip(start).take(16) {
        for _ in 0..3 {
            out.push(c.creature.name.clone());
        }
    }
    out
}

/// A table under construction.
#[derive(Debug, Clone)]
pub struct Table {
    pool: Arc<SpheresDb>,
    names: Vec<String>,
    cards: Vec<crate::cards::spheres::CardId>,
    owners: Vec<Seat>,
    lords: Vec<Lord>,
    turn: Turn,
    seed: u64,
    mode: Mode,
    first_draft: bool,
}

impl Default for Table {
    fn default() -> Self {
        Self::new()
    }
}

impl Table {
    /// Two empty fields (Alice, Bob) on the demo pool; Alice's turn 3, step 4.
    pub fn new() -> Self {
        Self::with_pool(demo_pool())
    }

    /// Two empty fields on pool `pool`.
    pub fn with_pool(pool: Arc<SpheresDb>) -> Self {
        let names = vec!["Alice".to_string(), "Bob".to_string()];
        Table {
            pool,
            lords: names.iter().map(|n| Lord::new(n.clone())).collect(),
            names,
            cards: Vec::new(),
            owners: Vec::new(),
            turn: Turn::start(3, Seat(0), Seat(0), Step::Main),
            seed: 1,
            mode: Mode::FreeForAll,
            first_draft: false,
        }
    }

    /// Seats `names.len()` lords (empty fields) instead of Alice and Bob;
    /// call it before adding cards.
    pub fn lords(&mut self, names: &[&str]) -> &mut Self {
        self.names = names.iter().map(|n| n.to_string()).collect();
        self.lords = self.names.iter().map(|n| Lord::new(n.clone())).collect();
        self
    }
    /// The multiplayer mode.
    pub fn mode(&mut self, mode: Mode) -> &mut Self {
        self.mode = mode;
        self
    }
    /// Plays the variant `first-draft` (the first draft's rules).
    pub fn first_draft(&mut self) -> &mut Self {
        self.first_draft = true;
        self
    }

    fn add(&mut self, seat: Seat, name: &str) -> Uid {
        let id = self.pool.find(name).unwrap_or_else(|e| panic!("{e}"));
        let uid = Uid(self.cards.len() as u16);
        self.cards.push(id);
        self.owners.push(seat);
        uid
    }

    fn pile(&mut self, seat: Seat, zone: Zone, names: &[&str]) -> &mut Self {
        for n in names {
            let uid = self.add(seat, n);
            self.lords[seat.index()].pile_mut(zone).push(uid);
        }
        self
    }

    /// Cards on the deck, listed from the top down.
    pub fn deck(&mut self, seat: Seat, names: &[&str]) -> &mut Self {
        for n in names.iter().rev() {
            let uid = self.add(seat, n);
            self.lords[seat.index()].deck.push(uid);
        }
        self
    }
    /// Hand cards.
    pub fn hand(&mut self, seat: Seat, names: &[&str]) -> &mut Self {
        self.pile(seat, Zone::Hand, names)
    }
    /// Crystals.
    pub fn vault(&mut self, seat: Seat, names: &[&str]) -> &mut Self {
        self.pile(seat, Zone::Vault, names)
    }
    /// Energy.
    pub fn groove(&mut self, seat: Seat, names: &[&str]) -> &mut Self {
        self.pile(seat, Zone::Groove, names)
    }
    /// Towers.
    pub fn towers(&mut self, seat: Seat, names: &[&str]) -> &mut Self {
        self.pile(seat, Zone::Towers, names)
    }
    /// Active spells.
    pub fn spells(&mut self, seat: Seat, names: &[&str]) -> &mut Self {
        self.pile(seat, Zone::Spells, names)
    }
    /// Trash, bottom first.
    pub fn trash(&mut self, seat: Seat, names: &[&str]) -> &mut Self {
        self.pile(seat, Zone::Trash, names)
    }
    /// A ready, healthy, face-up creature.
    pub fn creature(&mut self, seat: Seat, name: &str) -> &mut Self {
        self.creature_with(seat, name, |_| {})
    }
    /// A creature, adjusted by `f` (engage, afflict, face down...).
    pub fn creature_with(&mut self, seat: Seat, name: &str, f: impl FnOnce(&mut Creature)) -> &mut Self {
        let uid = self.add(seat, name);
        let mut c = Creature::summoned(uid, false);
        c.dizzy = false;
        f(&mut c);
        self.lords[seat.index()].battlefield.push(c);
        self
    }
    /// Attaches a spell under the creature at battlefield position `pos`.
    pub fn attach(&mut self, seat: Seat, pos: usize, spell: &str) -> &mut Self {
        let uid = self.add(seat, spell);
        self.lords[seat.index()].battlefield[pos].attached.push(uid);
        self
    }
    /// The current step.
    pub fn step(&mut self, step: Step) -> &mut Self {
        self.turn.step = step;
        self
    }
    /// Whose turn it is.
    pub fn active(&mut self, seat: Seat) -> &mut Self {
        self.turn.active = seat;
        self
    }
    /// Edits the turn record (turn number, crystals placed, mana...).
    pub fn turn_with(&mut self, f: impl FnOnce(&mut Turn)) -> &mut Self {
        f(&mut self.turn);
        self
    }
    /// The RNG seed.
    pub fn seed(&mut self, seed: u64) -> &mut Self {
        self.seed = seed;
        self
    }

    /// Builds the state and runs it to the first decision.
    pub fn build(&self) -> State {
        self.build_with_events().0
    }

    /// Builds the state, runs it to the first decision, and returns the events.
    pub fn build_with_events(&self) -> (State, Vec<Event>) {
        let mut s = State::at_turn(
            &self.pool,
            GameRng::from_seed(self.seed),
            self.cards.clone(),
            self.owners.clone(),
            PerSeat::from_fn(self.names.len(), |seat| self.lords[seat.index()].clone()),
            self.turn.clone(),
        );
        s.mode = self.mode;
        s.first_draft = self.first_draft;
        super::turn::prepare_mode(&mut s);
        let mut ev = Vec::new();
        run(&mut s, &mut ev);
        (s, ev)
    }
}

/// The names of the cards in a zone (creature names; spell names in the
/// fortress spells zone; the deck from the top down).
pub fn names(s: &State, seat: Seat, zone: Zone) -> Vec<String> {
    let mut v = s.lords[seat].zone(zone);
    if zone == Zone::Deck {
        v.reverse();
    }
    v.into_iter()
        .map(|u| {
            let d = s.def(u);
            if zone == Zone::Spells {
                d.spell.name.clone()
            } else {
                d.creature.name.clone()
            }
        })
        .collect()
}

/// Applies an action that must be legal.
pub fn act(s: &mut State, seat: Seat, a: Action) -> Vec<Event> {
    apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?} refused: {e}\nlegal: {:?}", labels(s, seat)))
}

/// The labels of a seat's legal actions.
pub fn labels(s: &State, seat: Seat) -> Vec<String> {
    legal_actions(s, seat).iter().map(|a| describe(s, seat, a).label).collect()
}

/// Applies the legal action whose label contains `text` (panics if none).
pub fn click(s: &mut State, seat: Seat, text: &str) -> Vec<Event> {
    let actions = legal_actions(s, seat);
    let Some(a) = actions.iter().find(|a| describe(s, seat, a).label.contains(text)).cloned() else {
        panic!("no action of {seat} matches {text:?}; legal: {:?}", labels(s, seat));
    };
    act(s, seat, a)
}

/// Declares the attack whose label contains `text`, then fights it (the
/// rulebook's one attack at a time); the events of both clicks.
pub fn attack(s: &mut State, seat: Seat, text: &str) -> Vec<Event> {
    let mut ev = click(s, seat, text);
    ev.extend(click(s, seat, "Fight"));
    ev
}

/// The public texts of some events.
pub fn public(ev: &[Event]) -> Vec<String> {
    ev.iter().filter(|e| e.visible_to(None)).map(|e| e.text.clone()).collect()
}
