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
pub mod battle;
pub mod effects;
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
        legal::to_act(s)
    }
    fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
        legal::legal_actions(s, seat)
    }
    fn apply(s: &mut State, seat: Seat, a: &Action) -> Result<Vec<Event>, Illegal> {
        turn::apply(s, seat, a)
    }
    fn outcome(s: &State) -> Option<Outcome> {
        s.outcome.clone()
    }
    fn view(s: &State, viewer: Viewer) -> TableView {
        view::view(s, viewer)
    }
    fn describe(s: &State, seat: Seat, a: &Action) -> ActionView {
        view::describe(s, seat, a)
    }
    fn concede(s: &mut State, seat: Seat) -> Vec<Event> {
        turn::concede(s, seat)
    }
    fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
        secrets::secrets(s, viewer)
    }
    fn determinize(s: &State, seat: Seat, rng: &mut GameRng) -> State {
        determinize::determinize(s, seat, rng)
    }
    fn stop(s: &State, seat: Seat) -> Option<Stop<Action>> {
        legal::stop(s, seat)
    }
    fn starter(s: &State) -> Option<Seat> {
        Some(s.turn.first)
    }
    fn turn(s: &State) -> Option<Turn> {
        legal::turn(s)
    }
    fn decline(s: &State, seat: Seat) -> Option<Action> {
        legal::decline(s, seat)
    }
    fn orders(s: &State, seat: Seat) -> Vec<Order> {
        legal::orders(s, seat)
    }
    fn follow(s: &State, seat: Seat, key: &str) -> Option<Action> {
        legal::follow(s, seat, key)
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
        variants: &[setup::FACE_DOWN, setup::FIRST_DRAFT],
        modes: &["free-for-all", "limited-range", "teams"],
        assemblies: &[],
        players: setup::PLAYERS,
        orders: legal::ORDERS,
    };
}
