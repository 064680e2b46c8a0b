//! Priority stops and the table's autopilot: the table passes for a player
//! on public facts, on hidden ones only with the player's leave
//! (`/settings auto_pass:on`), and never when there is a real answer.

use cardtable::engine::{Responses, Rules, Seat, Stop, Stops};
use cardtable::games::spheres::testing::{attack, labels, Table};
use cardtable::games::spheres::{Action, Prompt, Spheres, Step};
use cardtable::games::AnyState;
use cardtable::table::{automatic_answer, Leave};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

/// Alice's attack on Bob's fortress sends a tower to Bob's groove; Bob holds `hand`.
fn attacked_with_hand(hand: &[&str]) -> cardtable::games::spheres::State {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .towers(B, &["Mist Wraith"])
        .deck(B, &["Stone Golem"])
        .groove(B, &["Plague Rat"])
        .hand(B, hand)
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    s
}

#[test]
fn spheres_5d_retaliation_window_opens_on_public_facts_even_with_nothing_affordable() {
    // Gear Storm (Clockwork Sentry's spell) needs Science energy: Bob has none.
    let s = attacked_with_hand(&["Clockwork Sentry"]);
    assert!(matches!(s.prompt, Some(Prompt::Retaliate { seat: B })));
    assert_eq!(labels(&s, B), vec!["Pass"]);
    assert_eq!(
        Spheres::stop(&s, B),
        Some(Stop {
            pass: Action::Pass,
            responses: Responses::NoneSecretly,
            asked_by_default: true,
            window: "retaliation"
        })
    );
    assert_eq!(Spheres::stop(&s, A), None, "only the defender is at the stop");
}

#[test]
fn spheres_5d_retaliation_with_an_affordable_spell_is_a_real_answer() {
    let s = attacked_with_hand(&["Ember Drake", "Clockwork Sentry"]);
    assert_eq!(
        Spheres::stop(&s, B),
        Some(Stop {
            pass: Action::Pass,
            responses: Responses::Some,
            asked_by_default: true,
            window: "retaliation"
        })
    );
}

#[test]
fn spheres_5d_no_retaliation_window_with_an_empty_hand() {
    let s = attacked_with_hand(&[]);
    assert!(!matches!(s.prompt, Some(Prompt::Retaliate { .. })));
}

#[test]
fn autopilot_does_not_pass_on_a_hidden_nothing_without_leave() {
    let s = AnyState::Spheres(Box::new(attacked_with_hand(&["Clockwork Sentry"])));
    assert_eq!(automatic_answer(&s, B, &Leave::default()), None, "Bob must be asked: his hand is his secret");
    let pass = automatic_answer(&s, B, &Leave { auto_pass: true, ..Leave::default() });
    assert_eq!(pass, Some(s.stop(B).unwrap().pass), "with auto_pass on, the table passes for Bob");
    let held = Leave { hold_priority: true, auto_pass: true, ..Leave::default() };
    assert_eq!(automatic_answer(&s, B, &held), None, "hold priority answers nothing");
}

#[test]
fn autopilot_never_passes_a_real_answer() {
    let s = AnyState::Spheres(Box::new(attacked_with_hand(&["Ember Drake"])));
    assert_eq!(automatic_answer(&s, B, &Leave { auto_pass: true, ..Leave::default() }), None);
}

#[test]
fn autopilot_answers_a_forced_choice_that_is_not_a_stop() {
    let mut t = Table::new();
    t.hand(A, &["Plague Rat"]).step(Step::Main);
    let s = t.build();
    let s = AnyState::Spheres(Box::new(s));
    // Not a stop, two answers (summon or pass): nothing automatic.
    assert_eq!(s.stop(A), None);
    assert!(s.legal_actions(A).len() > 1);
    assert_eq!(automatic_answer(&s, A, &Leave::default()), None);
}

#[test]
fn a_stop_passes_automatically_only_as_its_responses_allow() {
    let none = Stops::default();
    let stop = |responses| Stop { pass: (), responses, asked_by_default: true, window: "end" };
    assert!(stop(Responses::NonePublicly).passes_automatically(&none, false));
    assert!(!stop(Responses::NoneSecretly).passes_automatically(&none, false));
    assert!(stop(Responses::NoneSecretly).passes_automatically(&none, true));
    assert!(!stop(Responses::Some).passes_automatically(&none, true));
    // A window the player is not asked at by default is passed whatever they hold.
    let unasked = Stop { pass: (), responses: Responses::Some, asked_by_default: false, window: "end" };
    assert!(unasked.passes_automatically(&none, false));
}

#[test]
fn a_players_own_stops_ask_at_a_window_or_skip_it_whatever_the_default() {
    let stop =
        |asked_by_default| Stop { pass: (), responses: Responses::Some, asked_by_default, window: "end" };
    let ask_end = Stops::parse("end, attackers");
    let skip_end = Stops::parse("no-end");
    // Asked at a window passed by default: a real response is not passed.
    assert!(stop(false).asked(&ask_end));
    assert!(!stop(false).passes_automatically(&ask_end, true));
    // Skipped where asked by default: passed whatever the seat holds.
    assert!(!stop(true).asked(&skip_end));
    assert!(stop(true).passes_automatically(&skip_end, false));
    // Stops of other windows change nothing.
    let other = Stops::parse("blockers,no-draw");
    assert_eq!((stop(true).asked(&other), stop(false).asked(&other)), (true, false));
    assert_eq!(Stops::parse("END, no-Draw,end").to_text(), "end,no-draw");
}
