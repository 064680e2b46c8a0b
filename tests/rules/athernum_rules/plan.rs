//! Athernum rules 9.2.11 and 9.3.4–9.3.12 in chat: attacking straight from
//! the day phase, and attacks declared ahead as a plan that the attacked
//! player answers in one sitting (docs/rulings/athernum.md, "9.3 Attacks
//! declared as a plan").

use super::*;

use cardtable::engine::Rules;
use cardtable::games::athernum::state::Place;
use cardtable::games::athernum::testing::{day_phase, day_phase_with, main_of, resources, to_board, to_hand};
use cardtable::games::athernum::{Action, Athernum, Phase, Prompt, State};

/// What the table does with its default settings: it passes every stop it
/// may pass for a player and answers every decision with one answer, until
/// a player must decide. Returns that player.
fn table_until_asked(s: &mut State) -> Option<Seat> {
    for _ in 0..200 {
        if s.outcome.is_some() {
            return None;
        }
        let seat = *Athernum::to_act(s).first()?;
        let answer = match Athernum::stop(s, seat) {
            Some(stop) if stop.passes_automatically(&Default::default(), false) => stop.pass,
            Some(_) => return Some(seat),
            None => match legal(s, seat).as_slice() {
                [only] => only.clone(),
                _ => return Some(seat),
            },
        };
        ok(s, seat, answer);
    }
    panic!("the table never stopped");
}

/// Alice holds priority in her own day or combat window.
fn alices_window(s: &State) -> bool {
    cardtable::games::athernum::legal::main_window(s) && s.active == ALICE
}

/// Alice (Sergeant and Paladin) against Bob's Warcamp and his main
/// character, with a Wandering Sellsword that could defend.
fn two_attackers(seed: u64) -> (State, [u32; 5]) {
    let mut s = day_phase(seed);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    let camp = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    let bobs_main = main_of(&s, BOB);
    (s, [sergeant, paladin, camp, sellsword, bobs_main])
}

#[test]
fn athernum_9_2_11_an_attack_is_offered_straight_from_the_day_and_enters_combat() {
    let (mut s, [sergeant, paladin, camp, ..]) = two_attackers(61);
    let day = legal(&s, ALICE);
    assert!(day.contains(&Action::EnterCombat), "entering combat with no attack stays a choice (9.3.3a)");
    assert!(day.contains(&Action::Attack { attacker: sergeant, target: camp }));
    let events = ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: camp });
    assert!(events.iter().any(|e| e.contains("enters the combat phase")), "{events:?}");
    assert_eq!(s.phase, Phase::Combat);
    assert!(s.combat_done, "once per turn (9.3.1)");
    assert!(s.fight.is_none(), "declared ahead: no combat begins before the plan is fought");
    let combat = legal(&s, ALICE);
    assert!(combat.contains(&Action::Fight));
    assert!(combat.contains(&Action::Attack { attacker: paladin, target: camp }), "then attack with another");
    assert!(
        !combat.iter().any(|a| matches!(a, Action::Attack { attacker, .. } if *attacker == sergeant)),
        "an attacker already planned is not offered again"
    );
}

#[test]
fn athernum_9_2_11_no_attack_from_the_day_once_combat_was_entered_this_turn() {
    let (mut s, [sergeant, _, camp, ..]) = two_attackers(62);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Pass);
    assert_eq!(s.phase, Phase::Day);
    let day = legal(&s, ALICE);
    assert!(!day.contains(&Action::Attack { attacker: sergeant, target: camp }));
    assert!(!day.contains(&Action::EnterCombat));
}

#[test]
fn athernum_9_3_7_the_attacked_player_answers_every_combat_of_a_plan_in_one_sitting() {
    let (mut s, [sergeant, paladin, camp, sellsword, bobs_main]) = two_attackers(63);
    // Alice could answer in every window: an Archer with a resource.
    to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: camp });
    ok(&mut s, ALICE, Action::Attack { attacker: paladin, target: bobs_main });
    ok(&mut s, ALICE, Action::Fight);
    assert_eq!(table_until_asked(&mut s), Some(BOB));
    assert_eq!(s.prompt, Prompt::Defender);
    assert_eq!(s.fight.map(|f| (f.attacker, f.target)), Some((sergeant, camp)));
    ok(&mut s, BOB, Action::Defend { defender: None });
    // 9.3.8: the window exists, Alice holds priority first, and her plan
    // answers it; then Bob's Defender question of the second combat.
    assert_eq!(Athernum::to_act(&s), vec![ALICE]);
    let stop = Athernum::stop(&s, ALICE).expect("Alice's window before damage");
    assert!(!stop.asked_by_default, "her plan passes it while nobody responds");
    assert_eq!(stop.window, "fight");
    let fight = cardtable::engine::Stops::parse("fight");
    assert!(stop.asked(&fight) && !stop.passes_automatically(&fight, false), "stops:fight asks her there");
    assert!(
        legal(&s, ALICE).iter().any(|a| matches!(a, Action::Activate { .. })),
        "she could still respond there (with hold_priority she is asked)"
    );
    assert_eq!(table_until_asked(&mut s), Some(BOB), "the second question goes to Bob in the same sitting");
    assert_eq!(s.prompt, Prompt::Defender);
    assert_eq!(s.fight.map(|f| (f.attacker, f.target)), Some((paladin, bobs_main)));
    assert_eq!(s.perm(camp).unwrap().damage, 2, "the first combat was fought in full (9.3.9)");
    ok(&mut s, BOB, Action::Defend { defender: Some(sellsword) });
    assert_eq!(table_until_asked(&mut s), Some(ALICE), "back to Alice once the plan is fought");
    assert!(alices_window(&s));
    assert_eq!(s.phase, Phase::Combat, "Fight keeps the combat phase open");
    assert!(s.plan.is_none());
    assert_eq!(s.perm(sellsword).map(|p| p.damage), None, "3 damage on a DFV of 3: the defender fell");
}

#[test]
fn athernum_9_3_a_pass_with_a_plan_fights_it_then_ends_the_combat_phase() {
    let (mut s, [sergeant, _, camp, ..]) = two_attackers(64);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: camp });
    assert_eq!(Athernum::decline(&s, ALICE), Some(Action::Pass));
    ok(&mut s, ALICE, Action::Pass);
    assert_eq!(table_until_asked(&mut s), Some(BOB));
    ok(&mut s, BOB, Action::Defend { defender: None });
    assert_eq!(table_until_asked(&mut s), Some(ALICE));
    if !alices_window(&s) {
        // Her window before damage: a plan of one is an ordinary attack.
        ok(&mut s, ALICE, Action::Pass);
        assert_eq!(table_until_asked(&mut s), Some(ALICE));
    }
    assert_eq!(s.phase, Phase::Day, "the combat phase ended after the plan; the day goes on (9.3.2)");
    assert!(alices_window(&s));
    assert_eq!(s.perm(camp).unwrap().damage, 2);
}

#[test]
fn athernum_9_3_9a_i_a_plan_stops_where_its_next_target_is_gone() {
    let mut s = day_phase(65);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    ok(&mut s, ALICE, Action::Attack { attacker: paladin, target: raider });
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: raider });
    ok(&mut s, ALICE, Action::Pass);
    let mut events = Vec::new();
    for _ in 0..50 {
        if s.active == ALICE && alices_window(&s) {
            break;
        }
        let who = Athernum::to_act(&s)[0];
        let a = if s.prompt == Prompt::Priority { Action::Pass } else { legal(&s, who)[0].clone() };
        events.extend(ok(&mut s, who, a));
    }
    assert!(s.perm(raider).is_none(), "the first combat discarded the Raider");
    assert!(events.iter().any(|e| e.contains("plan stops")), "{events:?}");
    assert_eq!(s.phase, Phase::Combat, "handed back to Alice in the combat phase, not ended");
    assert!(s.plan.is_none());
    assert!(s.perm(sergeant).is_some_and(|p| !p.exhausted), "the Sergeant never attacked");
}

/// Bob answers every window and defender question of the plan by passing
/// until the plan is over or someone else must decide; returns who that is.
fn bob_passes_through(s: &mut State) -> Option<Seat> {
    for _ in 0..50 {
        let who = table_until_asked(s)?;
        if who != BOB || s.plan.is_none() {
            return Some(who);
        }
        let pass =
            if s.prompt == Prompt::Defender { Action::Defend { defender: None } } else { Action::Pass };
        ok(s, BOB, pass);
    }
    panic!("the plan never ended");
}

#[test]
fn athernum_9_3_8_a_response_aimed_at_the_attacker_asks_her_and_the_plan_goes_on_when_she_passes() {
    let (mut s, [sergeant, paladin, camp, _, bobs_main]) = two_attackers(66);
    // Bob can answer in the window: an Archer of his with a resource.
    let archer = to_board(&mut s, BOB, "Gatehouse Archer", Place::Character);
    resources(&mut s, BOB, 1);
    to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: camp });
    ok(&mut s, ALICE, Action::Attack { attacker: paladin, target: bobs_main });
    ok(&mut s, ALICE, Action::Fight);
    assert_eq!(table_until_asked(&mut s), Some(BOB));
    ok(&mut s, BOB, Action::Defend { defender: None });
    assert_eq!(table_until_asked(&mut s), Some(BOB), "his window before damage (he can respond)");
    let events = ok(&mut s, BOB, Action::Activate { source: archer, ability: 0 });
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, BOB, Action::Target { target: TargetRef::Perm(sergeant) });
    }
    assert!(!events.iter().any(|e| e.contains("plan stops")), "{events:?}");
    assert!(s.plan.as_ref().is_some_and(|p| p.committed), "Bob's response leaves Alice's plan standing");
    assert_eq!(table_until_asked(&mut s), Some(ALICE), "the Volley aims at her Sergeant: she is asked");
    ok(&mut s, ALICE, Action::Pass);
    // She let it resolve: the plan goes on to the Paladin's attack, which
    // Bob answers in the same sitting.
    bob_passes_through(&mut s);
    assert!(s.plan.is_none(), "the plan was fought to its end");
    assert!(s.perm(paladin).is_some_and(|p| p.exhausted), "the Paladin's planned attack was made");
}

#[test]
fn athernum_9_3_8_another_players_response_that_aims_at_nothing_of_hers_leaves_the_plan_unasked() {
    // Bob's Sellsword defends and Bob pumps nothing of Alice's: she is not
    // asked, and her second attack follows in Bob's sitting.
    let (mut s, [sergeant, paladin, camp, _, bobs_main]) = two_attackers(68);
    let engineer = to_board(&mut s, BOB, "Bulwark Engineer", Place::Character);
    resources(&mut s, BOB, 2);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: camp });
    ok(&mut s, ALICE, Action::Attack { attacker: paladin, target: bobs_main });
    ok(&mut s, ALICE, Action::Fight);
    assert_eq!(table_until_asked(&mut s), Some(BOB));
    ok(&mut s, BOB, Action::Defend { defender: None });
    assert_eq!(table_until_asked(&mut s), Some(BOB));
    let reinforce = legal(&s, BOB)
        .into_iter()
        .find(|a| matches!(a, Action::Activate { source, .. } if *source == engineer));
    let reinforce = reinforce.expect("Bob can use his Engineer in the window");
    ok(&mut s, BOB, reinforce);
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, BOB, Action::Target { target: TargetRef::Perm(engineer) });
    }
    assert!(s.plan.as_ref().is_some_and(|p| p.committed));
    bob_passes_through(&mut s);
    assert!(s.plan.is_none(), "Alice was not asked before her plan was fought to its end");
    assert!(s.perm(paladin).is_some_and(|p| p.exhausted), "the Paladin's planned attack was made");
}

#[test]
fn athernum_9_3_8_a_plan_of_one_attack_keeps_the_attackers_window_for_hold_priority() {
    let (mut s, [sergeant, _, camp, ..]) = two_attackers(67);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: camp });
    ok(&mut s, ALICE, Action::Fight);
    assert_eq!(table_until_asked(&mut s), Some(BOB));
    ok(&mut s, BOB, Action::Defend { defender: None });
    // The window exists and is hers first: not asked by default (her plan
    // passes it), reached with hold_priority, and a trick is legal there.
    assert_eq!(Athernum::to_act(&s), vec![ALICE]);
    let stop = Athernum::stop(&s, ALICE).expect("Alice's window before damage");
    assert!(!stop.asked_by_default);
    ok(&mut s, ALICE, Action::Activate { source: archer, ability: 0 });
    assert!(s.plan.is_none(), "her own response stops the plan");
    assert!(s.fight.is_some_and(|f| !f.planned));
}

#[test]
fn athernum_9_3_a_plan_stops_where_a_trigger_needs_a_choice() {
    // The Ashwolf Rider makes Bob discard a card of his choice when it
    // deals combat damage: the plan stops there, before the Raider attacks.
    let mut s = day_phase_with(
        31,
        ["Embers of the March", super::BASTION],
        ["Kharsa the Unburnt", "Lady Aurelie, Keeper of the Gate"],
    );
    let rider = to_board(&mut s, ALICE, "Ashwolf Rider", Place::Character);
    let raider = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    let citadel = to_board(&mut s, BOB, "Citadel of Dawnspire", Place::Location);
    to_hand(&mut s, BOB, "Wallwarden Recruit");
    to_hand(&mut s, BOB, "Tower Shield");
    ok(&mut s, ALICE, Action::Attack { attacker: rider, target: citadel });
    ok(&mut s, ALICE, Action::Attack { attacker: raider, target: citadel });
    ok(&mut s, ALICE, Action::Fight);
    assert!(s.plan.as_ref().is_some_and(|p| p.committed));
    assert_eq!(table_until_asked(&mut s), Some(BOB));
    ok(&mut s, BOB, Action::Defend { defender: None });
    assert_eq!(table_until_asked(&mut s), Some(BOB));
    assert_eq!(s.prompt, Prompt::Choice, "Bob chooses the card he discards");
    assert!(s.plan.is_none(), "the choice stopped the plan");
    assert!(s.perm(raider).is_some_and(|p| !p.exhausted), "the Raider's planned attack was called off");
}

#[test]
fn athernum_9_2_11_the_last_attacker_declared_ahead_fights_the_plan_at_once() {
    let mut s = day_phase(69);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    let camp = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    let alices_main = main_of(&s, ALICE);
    ok(&mut s, ALICE, Action::Attack { attacker: alices_main, target: camp });
    assert!(
        s.fight.is_none() && s.plan.as_ref().is_some_and(|p| !p.committed),
        "the Paladin could still be added"
    );
    let events = ok(&mut s, ALICE, Action::Attack { attacker: paladin, target: camp });
    assert!(events.iter().any(|e| e.contains("fights the planned attacks")), "{events:?}");
    assert!(
        s.fight.is_some_and(|f| f.attacker == alices_main && f.planned),
        "the first planned combat began"
    );
    assert!(!legal(&s, ALICE).contains(&Action::Fight));
}
