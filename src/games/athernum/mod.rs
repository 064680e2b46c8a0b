//! Athernum: The Old World — the rules engine, a pure state machine
//!
//! Every decision is a prompt stored in [`State`]; [`Rules::legal_actions`]
//! lists its answers and [`Rules::apply`] checks and applies one.
//!
//! ```
//! use cardtable::engine::{Rules, Seat};
//! use cardtable::games::athernum::{testing, Action, Athernum};
//!
//! // Alice, in her day phase with two command tokens, uses Solvency.
//! let mut s = testing::day_phase(1);
//! Athernum::apply(&mut s, Seat(0), &Action::Solvency).unwrap();
//! // Bob has no answer on the board: the table would pass for him.
//! Athernum::apply(&mut s, Seat(1), &Action::Pass).unwrap();
//! assert_eq!(testing::resource_tokens(&s, Seat(0)), 1);
//! assert_eq!(s.players[Seat(0)].command, 1);
//! ```
//!
//! Files by noun: [`state`], [`action`], [`setup`] (secret main
//! characters, initiative), [`turn`] (phases, priority, the stack,
//! state-based checks, triggers, combat), [`legal`] (answers and stop
//! rules), [`values`] (OFV, DFV, filters, paying), [`effects`],
//! [`view`] (view, labels, secrets), [`series`] (best of 3 and the
//! match time limit, 11.1), [`determinize`] and [`testing`].

pub mod action;
pub mod determinize;
pub mod effects;
pub mod heuristic;
pub mod legal;
pub mod series;
pub mod setup;
pub mod state;
pub mod testing;
pub mod turn;
pub mod values;
pub mod view;

pub use action::{Action, ItemMode};
pub use state::{card_count, check_invariants, Choice, Phase, Prompt, State, TargetRef, Uid};

use std::sync::Arc;

use crate::cards::athernum::AthernumDb;
use crate::engine::{
    ActionView, Event, GameRng, Illegal, MatchSetup, Order, Outcome, Rules, Seat, SetupError, Stop,
    TableView, Turn, Viewer,
};
use crate::games::{Game, GameInfo};

/// The Athernum rules.
pub struct Athernum;

impl Rules for Athernum {
    type State = State;
    type Action = Action;
    type Cards = Arc<AthernumDb>;

    fn setup(setup: &MatchSetup, cards: &Arc<AthernumDb>) -> Result<State, SetupError> {
        let mut s = setup::setup(setup, cards)?;
        series::begin(setup, &mut s)?;
        Ok(s)
    }
    fn attach(s: &mut State, cards: &Arc<AthernumDb>) {
        s.db = crate::engine::Attached::new(cards);
    }
    fn to_act(s: &State) -> Vec<Seat> {
        legal::to_act(s)
    }
    fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
        legal::legal_actions(s, seat)
    }
    fn apply(s: &mut State, seat: Seat, a: &Action) -> Result<Vec<Event>, Illegal> {
        let mut ev = turn::apply(s, seat, a)?;
        series::after(s, &mut ev);
        Ok(ev)
    }
    fn outcome(s: &State) -> Option<Outcome> {
        s.outcome.clone()
    }
    fn evaluate(s: &State, seat: Seat) -> Option<f64> {
        heuristic::evaluate(s, seat)
    }
    fn rollout_pick(s: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        let decline = Self::decline(s, seat);
        // The day phase offers every attack straight (9.2.11 in
        // docs/rulings); a simulation reaches them through *Enter combat*,
        // one move among the day's, as a player weighing the day would,
        // rather than drawing an attack at nearly every step.
        if s.phase == state::Phase::Day && legal.contains(&Action::EnterCombat) {
            let keep: Vec<usize> =
                (0..legal.len()).filter(|i| !matches!(legal[*i], Action::Attack { .. })).collect();
            let day: Vec<Action> = keep.iter().map(|i| legal[*i].clone()).collect();
            return keep[crate::engine::pick_acting(&day, decline.as_ref(), rng)];
        }
        crate::engine::pick_acting(legal, decline.as_ref(), rng)
    }
    fn rollout_depth(_s: &State) -> usize {
        heuristic::ROLLOUT_DEPTH
    }
    fn exploration(_s: &State) -> f64 {
        heuristic::EXPLORATION
    }
    fn hand_names(s: &State, seat: Seat) -> Vec<String> {
        view::hand_names(s, seat)
    }
    fn view(s: &State, viewer: Viewer) -> TableView {
        let mut v = view::view(s, viewer);
        series::annotate(s, &mut v);
        v
    }
    fn describe(s: &State, seat: Seat, a: &Action) -> ActionView {
        view::describe(s, seat, a)
    }
    fn concede(s: &mut State, seat: Seat) -> Vec<Event> {
        series::concede(s, seat);
        let mut ev = turn::concede(s, seat);
        series::after(s, &mut ev);
        ev
    }
    fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
        view::secrets(s, viewer)
    }
    fn determinize(s: &State, seat: Seat, rng: &mut GameRng) -> State {
        determinize::determinize(s, seat, rng)
    }
    fn turn(s: &State) -> Option<Turn> {
        (s.outcome.is_none() && s.turn > 0).then_some(Turn::of(series::match_turn(s), s.active))
    }
    fn starter(s: &State) -> Option<Seat> {
        (s.turn > 0).then_some(s.first)
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
    fn call_time(s: &mut State) -> Vec<Event> {
        series::call_time(s)
    }
}

impl Game for Athernum {
    type Catalog = AthernumDb;
    const INFO: GameInfo = GameInfo {
        key: "athernum",
        name: "Athernum",
        summary: "Lords of the Old World choose a main character in secret, then build resources with \
                  command tokens, fill five character slots, equip items face up or face down, and \
                  fight one attacker at a time. Gather most of the Victory Tokens, or fulfil your \
                  character's objective, to win.",
        variants: &[],
        modes: &[],
        assemblies: &[],
        players: setup::PLAYERS,
        best_of: series::BEST_OF,
        time_limit: true,
        orders: legal::ORDERS,
        windows: legal::WINDOWS,
        hidden_answers: false,
    };
}
