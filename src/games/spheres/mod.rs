//! Spheres: lords of five spheres of magic raise crystals, summon creatures
//! and cast spells from one double-sided deck; break five towers, then storm
//! the fortress once more.
//!
//! The rules are a pure state machine ([`Spheres`] implements [`Rules`]):
//! every decision is a prompt stored in [`State`], [`Rules::legal_actions`]
//! lists its answers and [`Rules::apply`] checks and applies one.
//!
//! ```
//! use cardtable::engine::{Rules, Seat};
//! use cardtable::games::spheres::{testing::Table, Action, Spheres, Step};
//!
//! // Alice has a Chaos crystal and a Chaos creature in hand: her step 4.
//! let mut t = Table::new();
//! t.vault(Seat(0), &["Ember Drake"]).hand(Seat(0), &["Plague Rat"]).step(Step::Main);
//! let mut s = t.build();
//! let actions = Spheres::legal_actions(&s, Seat(0));
//! assert_eq!(actions, vec![Action::Summon { card: 0 }, Action::Pass]);
//! assert_eq!(Spheres::describe(&s, Seat(0), &actions[0]).label, "Summon Plague Rat (1)");
//! Spheres::apply(&mut s, Seat(0), &actions[0]).unwrap();
//! assert_eq!(s.lords[Seat(0)].battlefield.len(), 1);
//! ```
//!
//! Files by noun: [`state`] (the serialised state), [`action`] (answers and
//! prompts), [`setup`], [`turn`] (the resolution loop and the steps),
//! [`battle`] (step 5), [`effects`] (executing card text), [`select`]
//! (filters, variables, conditions), [`abilities`] (passives and triggers),
//! [`zones`] (moving cards), [`legal`] (pure legality), [`view`],
//! [`determinize`] (re-sampling what a seat cannot see) and [`testing`]
//! (scenario builder).

pub mod abilities;
pub mod action;
pub mod assembly;
pub mod draft_board;
pub mod battle;
pub mod effects;
pub mod heuristic;
pub mod determinize;
pub mod legal;
mod secrets;
pub mod select;
pub mod setup;
pub mod state;
pub mod testing;
pub mod turn;
pub mod view;
pub mod zones;

pub use action::{Action, Prompt, SiegeTarget};
pub use state::{
    card_count, check_invariants, Attack, AttackPhase, Creature, Lord, Mode, State, Step, Uid,
    GENERIC_COST, GENERIC_STRENGTH,
};

use std::sync::Arc;

use crate::cards::spheres::SpheresDb;
use crate::engine::{
    ActionView, Event, GameRng, Illegal, MatchSetup, Order, Outcome, Rules, Seat, SetupError, Stop,
    TableView, Turn, Viewer,
};
use crate::games::{Game, GameInfo};

/// The Spheres rules.
pub struct Spheres;

impl Rules for Spheres {
    type State = State;
    type Action = Action;
    type Cards = Arc<SpheresDb>;

    fn setup(setup: &MatchSetup, cards: &Arc<SpheresDb>) -> Result<State, SetupError> {
        setup::setup(setup, cards)
    }
    fn attach(s: &mut State, cards: &Arc<SpheresDb>) {
        s.db = crate::engine::Attached::new(cards);
        if let Some(cp) = &mut s.checkpoint {
            Self::attach(&mut cp.state, cards);
        }
    }
    fn to_act(s: &State) -> Vec<Seat> {
        match &s.assembly {
            Some(_) if s.outcome.is_some() => Vec::new(),
            Some(d) => assembly::to_act(d),
            None => legal::to_act(s),
        }
    }
    fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
        match &s.assembly {
            Some(d) => assembly::legal_actions(s, d, seat),
            None => legal::legal_actions(s, seat),
        }
    }
    fn apply(s: &mut State, seat: Seat, a: &Action) -> Result<Vec<Event>, Illegal> {
        if s.outcome.is_some() {
            return Err(Illegal::new("The game is over."));
        }
        match &s.assembly {
            Some(_) => assembly::apply(s, seat, a),
            None => turn::apply(s, seat, a),
        }
    }
    fn outcome(s: &State) -> Option<Outcome> {
        s.outcome.clone()
    }
    fn evaluate(s: &State, seat: Seat) -> Option<f64> {
        heuristic::evaluate(s, seat)
    }
    fn rollout_pick(s: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        crate::engine::pick_acting(legal, Self::decline(s, seat).as_ref(), rng)
    }
    fn view(s: &State, viewer: Viewer) -> TableView {
        match &s.assembly {
            Some(d) => draft_board::view(s, d, viewer),
            None => view::view(s, viewer),
        }
    }
    fn hand_names(s: &State, seat: Seat) -> Vec<String> {
        match &s.assembly {
            Some(_) => crate::engine::hand_names_of(Self::view(s, Viewer::Seat(seat))),
            None => s.lords[seat].hand.iter().map(|u| view::hand_card_name(s, *u)).collect(),
        }
    }
    fn describe(s: &State, seat: Seat, a: &Action) -> ActionView {
        match &s.assembly {
            Some(d) => draft_board::describe(s, d, seat, a),
            None => view::describe(s, seat, a),
        }
    }
    fn concede(s: &mut State, seat: Seat) -> Vec<Event> {
        match &s.assembly {
            Some(_) => assembly::concede(s, seat),
            None => turn::concede(s, seat),
        }
    }
    fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
        secrets::secrets(s, viewer)
    }
    fn determinize(s: &State, seat: Seat, rng: &mut GameRng) -> State {
        match &s.assembly {
            Some(d) => draft_board::determinize(s, d, seat, rng),
            None => determinize::determinize(s, seat, rng),
        }
    }
    // While the decks are built there are no turns, stops, declines or
    // standing orders: every pick is the player's (or forced).
    fn stop(s: &State, seat: Seat) -> Option<Stop<Action>> {
        s.assembly.is_none().then(|| legal::stop(s, seat)).flatten()
    }
    fn starter(s: &State) -> Option<Seat> {
        s.assembly.is_none().then_some(s.turn.first)
    }
    fn turn(s: &State) -> Option<Turn> {
        s.assembly.is_none().then(|| legal::turn(s)).flatten()
    }
    fn decline(s: &State, seat: Seat) -> Option<Action> {
        s.assembly.is_none().then(|| legal::decline(s, seat)).flatten()
    }
    fn orders(s: &State, seat: Seat) -> Vec<Order> {
        if s.assembly.is_some() {
            return Vec::new();
        }
        legal::orders(s, seat)
    }
    fn follow(s: &State, seat: Seat, key: &str) -> Option<Action> {
        s.assembly.is_none().then(|| legal::follow(s, seat, key)).flatten()
    }
}

impl Game for Spheres {
    type Catalog = SpheresDb;
    const INFO: GameInfo = GameInfo {
        key: "spheres",
        name: "Spheres",
        summary: "Lords of five spheres of magic raise crystals, summon creatures and cast spells from \
                  one double-sided deck. Break all five of the enemy towers, then storm the fortress \
                  once more to win. Destroyed cards become groove energy you can spend on retaliation \
                  spells during your opponent's attacks.",
        variants: &[setup::FACE_DOWN, setup::FIRST_DRAFT, setup::BOTH_FALL],
        modes: &["free-for-all", "limited-range", "teams", "tag-team", "citadel"],
        assemblies: assembly::ASSEMBLIES,
        players: setup::PLAYERS,
        best_of: &[],
        time_limit: false,
        orders: legal::ORDERS,
        windows: legal::WINDOWS,
        hidden_answers: true,
    };
}
