//! Certamen: The Five Pillars — the rules engine, a pure state machine
//!
//! Every decision is a prompt stored in [`State`]; [`Rules::legal_actions`]
//! lists its answers and [`Rules::apply`] checks and applies one.
//!
//! ```
//! use cardtable::engine::{Rules, Seat};
//! use cardtable::games::certamen::{testing, Action, Certamen, TargetRef};
//!
//! // Alice, in her first main phase, has an Emberwake Pillar and Ember Bolt.
//! let mut s = testing::main_phase(1);
//! testing::to_field(&mut s, Seat(0), "Emberwake Pillar");
//! let bolt = testing::to_hand(&mut s, Seat(0), "Ember Bolt");
//! let at_bob = Action::Cast { card: bolt, targets: vec![TargetRef::Player(Seat(1))] };
//! assert!(Certamen::legal_actions(&s, Seat(0)).contains(&at_bob));
//! Certamen::apply(&mut s, Seat(0), &at_bob).unwrap();
//! Certamen::apply(&mut s, Seat(0), &Action::Pass).unwrap();
//! Certamen::apply(&mut s, Seat(1), &Action::Pass).unwrap();
//! assert_eq!(s.players[Seat(1)].vitality, 27);
//! ```
//!
//! Not yet:
//! - target combinations are capped at 64 per card; a copy is offered
//!   only new targets that need no Aegis payment.
//!
//! Files by noun: [`state`], [`action`], [`setup`], [`turn`] (steps,
//! priority, the Stack, paying), [`legal`], [`target`], [`effects`],
//! [`abilities`] (triggered, activated, Surge, loyalty), [`choice`]
//! (decisions inside effects and rules),
//! [`combat`], [`report`] (the damage events), [`view`] (view, labels, secrets), [`determinize`] and
//! [`testing`] (scenario helpers).

pub mod abilities;
pub mod action;
pub mod choice;
pub mod combat;
pub mod determinize;
pub mod effects;
pub mod heuristic;
pub mod legal;
pub mod report;
pub mod setup;
pub mod state;
pub mod target;
pub mod testing;
pub mod turn;
pub mod view;

pub use action::Action;
pub use state::{card_count, check_invariants, Choice, Prompt, State, Step, TargetRef, Uid};

use std::sync::Arc;

use crate::cards::certamen::CertamenDb;
use crate::engine::{
    ActionView, Event, GameRng, Illegal, MatchSetup, Order, Outcome, Rules, Seat, SetupError, Stop,
    TableView, Turn, Viewer,
};
use crate::games::{Game, GameInfo};

/// The Certamen rules.
pub struct Certamen;

impl Rules for Certamen {
    type State = State;
    type Action = Action;
    type Cards = Arc<CertamenDb>;

    fn setup(setup: &MatchSetup, cards: &Arc<CertamenDb>) -> Result<State, SetupError> {
        setup::setup(setup, cards)
    }
    fn attach(s: &mut State, cards: &Arc<CertamenDb>) {
        s.db = crate::engine::Attached::new(cards);
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
    fn evaluate(s: &State, seat: Seat) -> Option<f64> {
        heuristic::evaluate(s, seat)
    }
    fn rollout_pick(s: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        // Taking back a damage order only plays it again: never in a rollout.
        let i = crate::engine::pick_acting(legal, Self::decline(s, seat).as_ref(), rng);
        if legal[i] == Action::Cancel {
            0
        } else {
            i
        }
    }
    fn view(s: &State, viewer: Viewer) -> TableView {
        view::view(s, viewer)
    }
    fn hand_names(s: &State, seat: Seat) -> Vec<String> {
        view::hand_names(s, seat)
    }
    fn describe(s: &State, seat: Seat, a: &Action) -> ActionView {
        view::describe(s, seat, a)
    }
    fn concede(s: &mut State, seat: Seat) -> Vec<Event> {
        turn::concede(s, seat)
    }
    fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
        view::secrets(s, viewer)
    }
    fn determinize(s: &State, seat: Seat, rng: &mut GameRng) -> State {
        determinize::determinize(s, seat, rng)
    }
    fn turn(s: &State) -> Option<Turn> {
        (s.outcome.is_none() && s.turn > 0).then_some(Turn::of(s.turn, s.active))
    }
    fn starter(s: &State) -> Option<Seat> {
        Some(s.first)
    }
    fn stop(s: &State, seat: Seat) -> Option<Stop<Action>> {
        legal::stop(s, seat)
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

impl Game for Certamen {
    type Catalog = CertamenDb;
    const INFO: GameInfo = GameInfo {
        key: "certamen",
        name: "Certamen",
        summary: "Two mages of the Five Pillars duel with Spellbooks of 60 cards: play one Pillar a \
                  turn for resources, summon creatures, cast Runes in answer to your opponent on the \
                  Stack, call Ascendants whose Ultimates can win outright, and bring your rival from \
                  30 Vitality to none.",
        variants: &[],
        modes: &[],
        assemblies: &[],
        players: setup::PLAYERS,
        best_of: &[],
        time_limit: false,
        orders: legal::ORDERS,
        windows: legal::WINDOWS,
        hidden_answers: true,
    };
}
