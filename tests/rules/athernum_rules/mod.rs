//! The Athernum rules, scenario by scenario through `legal_actions` /
//! `apply`, each test named after the rule number it checks: one module
//! per part of the rules, sharing the helpers below.
//!
//! - [`setup`]: setting up and the main character (8.0.x, 3.0.x);
//! - [`turn`]: the turn, command abilities and combat (9.x, 10.2);
//! - [`plan`]: attacks from the day and attacks declared as a plan (9.2.11, 9.3);
//! - [`board`]: card types, resources, states and zones (2.x, 5.x, 6.x, 7.x);
//! - [`markers`]: Victory Tokens, damage counters, custom markers (10.x);
//! - [`stack`]: the stack, state-based checks, abilities, winning (4.x);
//! - [`pool`]: every card of the pool played, every support ability used;
//! - [`cards`]: a scenario for each card with a trigger or a condition;
//! - [`sections_1_3`]: card elements, card types, the main character and
//!   the glossary's terms (1.x, 2.x, 3.x, Term:), section by section;
//! - [`sections_4_12`]: one scenario for each section of chapters 4 to 10
//!   the modules above leave without a test.

mod board;
mod cards;
mod markers;
mod plan;
mod pool;
mod sections_1_3;
mod sections_4_12;
mod setup;
mod stack;
mod turn;

use crate::card_scenarios_support;

use cardtable::engine::{Rules, Seat, Visibility};
use cardtable::games::athernum::testing::resolve_all;
use cardtable::games::athernum::values::{dfv, ofv};
use cardtable::games::athernum::{check_invariants, Action, Athernum, Prompt, State, TargetRef};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);
const BASTION: &str = "The Unbroken Gate";
const ASHEN: &str = "Embers of the March";
const GLOAM: &str = "Candles in the Gloam";
const THORNWILD: &str = "The Green Return";

fn legal(s: &State, seat: Seat) -> Vec<Action> {
    Athernum::legal_actions(s, seat)
}

/// Applies `a` for `seat`, checks the invariants, and returns the public
/// events it produced.
fn ok(s: &mut State, seat: Seat, a: Action) -> Vec<String> {
    let ev = Athernum::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
    check_invariants(s).unwrap();
    ev.into_iter().filter(|e| e.to == Visibility::Public).map(|e| e.text).collect()
}

/// `seat` fights the attacks it declared ahead, unless declaring its last
/// attacker already began the fight (9.3, the rulings on plans).
fn fight_plan(s: &mut State, seat: Seat) {
    if legal(s, seat).contains(&Action::Fight) {
        ok(s, seat, Action::Fight);
    } else {
        assert!(s.plan.as_ref().is_some_and(|p| p.committed), "the plan is already being fought");
    }
}

/// `seat` does `a`, picks `target` if asked for one, and everything
/// resolves.
fn act_on(s: &mut State, seat: Seat, a: Action, target: Option<u32>) {
    ok(s, seat, a);
    if s.prompt == Prompt::TriggerTarget {
        let t = target.expect("a target was asked for");
        ok(s, seat, Action::Target { target: TargetRef::Perm(t) });
    }
    resolve_all(s, seat);
    check_invariants(s).unwrap();
}

/// A permanent's OFV and DFV.
fn values(s: &State, uid: u32) -> (Option<u8>, Option<u8>) {
    let p = s.perm(uid).unwrap();
    (ofv(s, p), dfv(s, p))
}

fn exhaust_with(s: &mut State, uid: u32, counters: u8) {
    let p = s.perm_mut(uid).unwrap();
    p.exhausted = true;
    p.face_down = true;
    p.exhaustion = counters;
}

/// `seat` attaches `item` from the hand to `host` face up (2.3.2), and
/// the stack resolves.
fn attach_face_up(s: &mut State, seat: Seat, item: u32, host: u32) {
    let mode = cardtable::games::athernum::ItemMode::Attach { host, face_down: false };
    cardtable::games::athernum::testing::act(s, seat, &Action::PlayItem { card: item, mode });
    resolve_all(s, seat);
}
