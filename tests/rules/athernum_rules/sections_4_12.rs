//! Athernum rules, chapters 4 to 10: the sections no other module named,
//! one focused scenario each through `legal_actions` / `apply`, the
//! values and the views (issue 29, the coverage map).

use super::*;

use cardtable::cards::athernum::{CardType, Faction};
use cardtable::engine::{Event, Rules, Seat, Viewer};
use cardtable::games::athernum::effects::{enter, leave, Dest};
use cardtable::games::athernum::legal::main_window;
use cardtable::games::athernum::state::{Def, Origin, Place};
use cardtable::games::athernum::testing::{
    act, choose_main, day_phase_with, db, end_turn, main_of, match_setup, resolve_all, resource_tokens,
    resources, to_board, to_deck_top, to_hand,
};
use cardtable::games::athernum::values::{slots, supertype, visible_def};
use cardtable::games::athernum::{Action, Athernum, ItemMode, Phase, Prompt, State};

const AURELIE: &str = "Lady Aurelie, Keeper of the Gate";
const SABLE: &str = "Mother Sable, the Gloam Voice";
const KHARSA: &str = "Kharsa the Unburnt";

/// Alice (Bastion, Lady Aurelie) against Bob (Gloam, Mother Sable), at
/// Alice's day phase.
fn bastion(seed: u64) -> State {
    day_phase_with(seed, [BASTION, GLOAM], [AURELIE, SABLE])
}

/// Alice (Gloam, Mother Sable) against Bob (Bastion, Lady Aurelie).
fn gloam(seed: u64) -> State {
    day_phase_with(seed, [GLOAM, BASTION], [SABLE, AURELIE])
}

/// Alice (Ashen, Kharsa) against Bob (Bastion, Lady Aurelie).
fn ashen(seed: u64) -> State {
    day_phase_with(seed, [ASHEN, BASTION], [KHARSA, AURELIE])
}

/// Puts the token named `name` onto the board under `seat` at `place`,
/// face up, without putting its abilities on the stack.
fn token(s: &mut State, seat: Seat, name: &str, place: Place) -> u32 {
    let def = s.db.tokens.iter().position(|t| t.name == name).expect("a token") as u16;
    let uid = s.fresh_uid();
    enter(s, uid, Def::Token(def), true, seat, seat, place, false);
    s.pending.clear();
    s.happened.clear();
    uid
}

/// Alice attacks `target` with `attacker` (entering the combat phase from
/// the day if need be), Bob declares no defender, and everything resolves.
fn attack(s: &mut State, attacker: u32, target: u32) {
    ok(s, ALICE, Action::Attack { attacker, target });
    fight_plan(s, ALICE);
    if s.prompt == Prompt::Defender {
        ok(s, BOB, Action::Defend { defender: None });
    }
    resolve_all(s, ALICE);
}

/// The card names `viewer` cannot see.
fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
    Athernum::secrets(s, viewer)
}

/// The card named `name` is a secret to everyone but `seat` (the other
/// player and the public board).
fn assert_hidden_from_all_but(s: &State, seat: Seat, name: &str) {
    let name = name.to_owned();
    assert!(!secrets(s, Viewer::Seat(seat)).contains(&name), "{name}: its owner may look");
    let other = if seat == ALICE { BOB } else { ALICE };
    assert!(secrets(s, Viewer::Seat(other)).contains(&name), "{name}: hidden from the other player");
    assert!(secrets(s, Viewer::Public).contains(&name), "{name}: hidden from the board");
}

fn in_discard(s: &State, seat: Seat, uid: u32) -> bool {
    s.players[seat].discard.iter().any(|c| c.uid == uid)
}

fn in_hand(s: &State, seat: Seat, uid: u32) -> bool {
    s.players[seat].hand.iter().any(|c| c.uid == uid)
}

fn hex(s: &State) -> u8 {
    s.db.markers.iter().position(|m| m.name == "Hex").expect("the Hex marker") as u8
}

// 4.1 The stack

#[test]
fn athernum_4_1_3_an_ability_used_with_no_stack_opens_a_new_one() {
    let mut s = bastion(401);
    assert!(s.stack.is_empty());
    ok(&mut s, ALICE, Action::Solvency);
    assert_eq!(s.stack.len(), 1, "Solvency's effect is the first of a new stack");
    assert_eq!(Athernum::to_act(&s), vec![BOB], "the stack is open: Bob may answer");
    assert_eq!(resource_tokens(&s, ALICE), 0, "nothing has resolved yet");
}

#[test]
fn athernum_4_1_4_playing_a_card_puts_its_static_effect_on_the_stack() {
    let mut s = bastion(402);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let citadel = to_hand(&mut s, ALICE, "Citadel of Dawnspire");
    ok(&mut s, ALICE, Action::PlayLocation { card: citadel });
    assert_eq!(s.perm(citadel).unwrap().place, Place::Location);
    assert_eq!(s.stack.len(), 1);
    assert_eq!(s.stack[0].source, citadel, "the Citadel's +1 DFV waits on the stack");
    assert_eq!(values(&s, recruit).1, Some(3), "not applied before it resolves");
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, recruit).1, Some(4));
}

#[test]
fn athernum_4_1_4a_only_a_cards_static_abilities_go_on_the_stack() {
    let mut s = bastion(403);
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 4);
    ok(&mut s, ALICE, Action::PlayCharacter { card: sellsword });
    assert!(s.stack.is_empty() && s.pending.is_empty(), "no static ability: nothing goes on the stack");
    assert!(main_window(&s), "Alice keeps her day window");
    ok(&mut s, ALICE, Action::PlayCharacter { card: sergeant });
    assert_eq!(s.stack.len(), 1, "the Sergeant's static ability");
    assert_eq!(s.stack[0].source, sergeant);
}

#[test]
fn athernum_4_1_4b_an_immediate_static_effect_happens_once_and_leaves_no_standing_change() {
    let mut s = gloam(404);
    let veil = to_hand(&mut s, ALICE, "Veil of Secrets");
    let hand = s.players[ALICE].hand.len();
    let standing = s.continuous.len();
    act(&mut s, ALICE, &Action::PlayItem { card: veil, mode: ItemMode::Direct });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].hand.len(), hand, "the Veil left the hand and one card was drawn");
    assert_eq!(s.continuous.len(), standing, "\"Draw a card\" changes no standing state");
}

#[test]
fn athernum_4_1_5_an_activated_abilitys_effect_waits_on_the_stack() {
    let mut s = ashen(405);
    let skirmisher = to_board(&mut s, ALICE, "Ember Skirmisher", Place::Character);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    ok(&mut s, ALICE, Action::Activate { source: skirmisher, ability: 0 });
    assert_eq!(s.stack.len(), 1);
    assert_eq!(s.stack[0].source, skirmisher);
    assert_eq!(values(&s, sellsword).0, Some(2), "War Drums has not resolved yet");
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, sellsword).0, Some(3));
}

#[test]
fn athernum_4_1_6_the_other_player_answers_while_the_stack_is_open() {
    let mut s = bastion(406);
    let archer = to_board(&mut s, BOB, "Gatehouse Archer", Place::Character);
    resources(&mut s, BOB, 1);
    let volley = Action::Activate { source: archer, ability: 0 };
    assert!(!legal(&s, BOB).contains(&volley), "no stack: Bob has no priority");
    ok(&mut s, ALICE, Action::Acquisition);
    assert_eq!(Athernum::to_act(&s), vec![BOB]);
    assert!(legal(&s, BOB).contains(&volley));
    ok(&mut s, BOB, volley);
    assert_eq!(s.stack.len(), 2, "Bob's answer goes on top of Alice's Acquisition");
}

// 4.2 State-based checks

#[test]
fn athernum_4_2_0_a_check_runs_when_a_phase_begins() {
    let mut s = bastion(420);
    to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    // Lethal damage put on without a check.
    s.perm_mut(raider).unwrap().damage = 1;
    assert!(s.perm(raider).is_some());
    ok(&mut s, ALICE, Action::EnterCombat);
    assert_eq!(s.phase, Phase::Combat);
    assert!(s.perm(raider).is_none(), "the check opening the combat phase discarded it");
    assert!(in_discard(&s, BOB, raider));
}

#[test]
fn athernum_4_2_2c_of_two_locations_the_one_placed_last_stays() {
    let mut s = bastion(422);
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    let citadel = to_board(&mut s, ALICE, "Citadel of Dawnspire", Place::Location);
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(yard).is_none(), "the older location is discarded");
    assert!(in_discard(&s, ALICE, yard));
    assert_eq!(s.perm(citadel).unwrap().place, Place::Location);
}

#[test]
fn athernum_4_2_2d_a_permanent_token_returned_to_the_hand_ceases_to_exist() {
    let mut s = bastion(423);
    let militia = token(&mut s, ALICE, "Militia", Place::Character);
    let cloak = to_hand(&mut s, ALICE, "Traveler's Cloak");
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Support { card: cloak }, Some(militia));
    assert!(s.perm(militia).is_none());
    assert!(!in_hand(&s, ALICE, militia), "a token never reaches the hand");
    assert!(!s.players[ALICE].discard.iter().any(|c| c.uid == militia));
}

#[test]
fn athernum_4_2_2e_an_attachment_whose_host_left_is_discarded() {
    let mut s = bastion(424);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let halberd = to_board(&mut s, ALICE, "Warden's Halberd", Place::Item { host: sellsword });
    let cloak = to_hand(&mut s, ALICE, "Traveler's Cloak");
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Support { card: cloak }, Some(sellsword));
    assert!(in_hand(&s, ALICE, sellsword), "the host went back to the hand");
    assert!(s.perm(halberd).is_none(), "no linked target left");
    assert!(in_discard(&s, ALICE, halberd));
}

#[test]
fn athernum_4_2_2f_an_attachment_token_that_leaves_ceases_to_exist() {
    let mut s = bastion(425);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let sigil = token(&mut s, ALICE, "Ward Sigil", Place::Item { host: sellsword });
    let cloak = to_hand(&mut s, ALICE, "Traveler's Cloak");
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Support { card: cloak }, Some(sellsword));
    assert!(s.perm(sigil).is_none());
    assert!(!in_discard(&s, ALICE, sigil), "the Ward Sigil token is not discarded: it is gone");
    assert!(in_discard(&s, ALICE, cloak), "only the Cloak, paid as a cost");
}

#[test]
fn athernum_4_2_3d_a_defeats_trigger_fires_when_its_source_falls_in_the_same_combat() {
    // Briar Stalker (OFV 3, DFV 2) and a Cinder Raider (OFV 2, DFV 1)
    // destroy each other; the Stalker's condition was met all the same.
    let mut s = day_phase_with(4230, [THORNWILD, BASTION], ["Wildcaller Ysra", AURELIE]);
    let stalker = to_board(&mut s, ALICE, "Briar Stalker", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    attack(&mut s, stalker, raider);
    assert!(s.perm(raider).is_none() && s.perm(stalker).is_none(), "both discarded");
    assert_eq!(s.phase, Phase::Combat);
    let mut want = [0; 5];
    want[Faction::Thornwild as usize] = 1;
    assert_eq!(s.players[ALICE].pool, want, "the Stalker's resource");
}

// 4.3 Abilities

#[test]
fn athernum_4_3_1b_two_equipment_triggers_of_one_host_go_on_the_stack_separately() {
    let mut s = bastion(431);
    let aurelie = main_of(&s, ALICE);
    let torch = to_board(&mut s, ALICE, "Torch of Ruin", Place::Item { host: aurelie });
    let needle = to_board(&mut s, ALICE, "Hex Needle", Place::Item { host: aurelie });
    let target = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    ok(&mut s, ALICE, Action::Attack { attacker: aurelie, target });
    let mut seen: Vec<(u32, u32)> = Vec::new();
    for _ in 0..100 {
        for i in &s.stack {
            if !seen.contains(&(i.uid, i.source)) {
                seen.push((i.uid, i.source));
            }
        }
        if s.outcome.is_some() || (main_window(&s) && s.fight.is_none() && s.plan.is_none()) {
            break;
        }
        let who = Athernum::to_act(&s)[0];
        let a = if s.prompt == Prompt::Priority { Action::Pass } else { legal(&s, who)[0].clone() };
        ok(&mut s, who, a);
    }
    let from_torch = seen.iter().filter(|(_, src)| *src == torch).count();
    let from_needle = seen.iter().filter(|(_, src)| *src == needle).count();
    assert_eq!((from_torch, from_needle), (1, 1), "one stack item each: {seen:?}");
}

#[test]
fn athernum_4_3_1a_an_activated_and_a_triggered_ability_of_one_card_resolve_apart() {
    // Warlord Vethrik's Burn the Fields (a command ability) discards a
    // Cinder Raider; his objective, triggered by that, is a stack item of
    // its own, not part of Burn the Fields.
    let mut s = day_phase_with(430, [ASHEN, BASTION], ["Warlord Vethrik Ashmane", AURELIE]);
    let vethrik = main_of(&s, ALICE);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    resources(&mut s, ALICE, 3);
    ok(&mut s, ALICE, Action::Activate { source: vethrik, ability: 1 });
    let mut seen: Vec<(u32, Origin)> = Vec::new();
    for _ in 0..100 {
        for i in &s.stack {
            if i.source == vethrik && !seen.iter().any(|(u, _)| *u == i.uid) {
                seen.push((i.uid, i.origin));
            }
        }
        if s.outcome.is_some() || main_window(&s) {
            break;
        }
        let who = Athernum::to_act(&s)[0];
        let a = if s.prompt == Prompt::Priority { Action::Pass } else { legal(&s, who)[0].clone() };
        ok(&mut s, who, a);
    }
    assert!(s.perm(raider).is_none());
    let index = |o: &Origin| match o {
        Origin::Ability { index, .. } => Some(*index),
        _ => None,
    };
    let indexes: Vec<Option<u8>> = seen.iter().map(|(_, o)| index(o)).collect();
    assert_eq!(indexes, vec![Some(1), Some(0)], "Burn the Fields, then the objective on its own");
    assert_eq!(s.perm(vethrik).unwrap().victory, 1);
}

#[test]
fn athernum_4_3_2_an_activated_ability_works_only_from_the_board() {
    let mut s = bastion(432);
    let in_the_hand = to_hand(&mut s, ALICE, "Gatehouse Archer");
    let on_board = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    resources(&mut s, ALICE, 1);
    let l = legal(&s, ALICE);
    assert!(l.contains(&Action::Activate { source: on_board, ability: 0 }));
    assert!(!l.contains(&Action::Activate { source: in_the_hand, ability: 0 }));
    assert!(Athernum::apply(&mut s, ALICE, &Action::Activate { source: in_the_hand, ability: 0 }).is_err());
}

#[test]
fn athernum_4_3_2e_a_support_ability_is_not_used_from_the_board() {
    let mut s = ashen(433);
    let on_board = to_board(&mut s, ALICE, "Scorch Adept", Place::Character);
    to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    resources(&mut s, ALICE, 3); // the fee 2A
    assert!(!legal(&s, ALICE).iter().any(|a| matches!(a, Action::Support { .. })), "only a board copy");
    assert!(Athernum::apply(&mut s, ALICE, &Action::Support { card: on_board }).is_err());
    let in_the_hand = to_hand(&mut s, ALICE, "Scorch Adept");
    assert!(legal(&s, ALICE).contains(&Action::Support { card: in_the_hand }));
}

#[test]
fn athernum_4_3_4a_a_prevention_effect_goes_on_the_stack_first() {
    let mut s = bastion(434);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::Support { card: shield });
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(sellsword) });
    }
    assert_eq!(s.stack.len(), 1, "the prevention waits on the stack");
    assert_eq!(s.perm(sellsword).unwrap().prevent, 0);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(sellsword).unwrap().prevent, 2);
}

#[test]
fn athernum_4_3_4b_a_resolved_prevention_keeps_working_on_a_later_stack() {
    let mut s = bastion(435);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    let archer = to_board(&mut s, BOB, "Gatehouse Archer", Place::Character);
    resources(&mut s, ALICE, 1);
    resources(&mut s, BOB, 1);
    act_on(&mut s, ALICE, Action::Support { card: shield }, Some(sellsword));
    assert!(s.stack.is_empty(), "the prevention resolved");
    // A new stack: Bob answers Alice's Acquisition with a Volley.
    ok(&mut s, ALICE, Action::Acquisition);
    ok(&mut s, BOB, Action::Activate { source: archer, ability: 0 });
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, BOB, Action::Target { target: TargetRef::Perm(sellsword) });
    }
    resolve_all(&mut s, ALICE);
    let p = s.perm(sellsword).unwrap();
    assert_eq!(p.damage, 0, "the Volley's damage is prevented");
    assert_eq!(p.prevent, 1);
}

// 4.4 Effect conflicts and modifiers

#[test]
fn athernum_4_4_1b_an_older_modifier_applies_after_a_newer_set_value() {
    let mut s = ashen(441);
    let kharsa = main_of(&s, ALICE);
    let marches = to_hand(&mut s, ALICE, "Burning Marches");
    act(&mut s, ALICE, &Action::PlayLocation { card: marches });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, kharsa).0, Some(4), "Raiders get +1");
    let brand = to_hand(&mut s, ALICE, "Blood Oath Brand");
    attach_face_up(&mut s, ALICE, brand, kharsa);
    assert_eq!(values(&s, kharsa).0, Some(6), "set to 5, then the older +1");
}

#[test]
fn athernum_4_4_2b_additions_and_subtractions_add_up() {
    let mut s = day_phase_with(442, [ASHEN, GLOAM], [KHARSA, SABLE]);
    let kharsa = main_of(&s, ALICE);
    end_turn(&mut s);
    let court = to_hand(&mut s, BOB, "The Sunken Court");
    act(&mut s, BOB, &Action::PlayLocation { card: court });
    resolve_all(&mut s, BOB);
    end_turn(&mut s);
    assert_eq!(s.active, ALICE);
    assert_eq!(values(&s, kharsa).0, Some(2), "−1 from the Sunken Court");
    let marches = to_hand(&mut s, ALICE, "Burning Marches");
    act(&mut s, ALICE, &Action::PlayLocation { card: marches });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, kharsa).0, Some(3), "3 − 1 + 1");
}

#[test]
fn athernum_4_4_3a_the_final_value_is_the_total_after_every_modifier() {
    let mut s = ashen(443);
    let kharsa = main_of(&s, ALICE);
    let brand = to_hand(&mut s, ALICE, "Blood Oath Brand");
    attach_face_up(&mut s, ALICE, brand, kharsa);
    let marches = to_hand(&mut s, ALICE, "Burning Marches");
    act(&mut s, ALICE, &Action::PlayLocation { card: marches });
    resolve_all(&mut s, ALICE);
    // OFV: set to 5, +1 for a Raider; DFV: 3 − 1.
    assert_eq!(values(&s, kharsa), (Some(6), Some(2)));
}

#[test]
fn athernum_4_4_3b_an_effect_of_a_hidden_source_does_nothing() {
    let mut s = bastion(444);
    let aurelie = main_of(&s, ALICE);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    attach_face_up(&mut s, ALICE, halberd, aurelie);
    assert_eq!(values(&s, aurelie), (Some(3), Some(6)));
    // Turned face down (as Gloamhound's trigger does); the next check ends
    // what it gave (4.2.1).
    s.perm_mut(halberd).unwrap().face_down = true;
    act(&mut s, ALICE, &Action::Acquisition);
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, aurelie), (Some(2), Some(5)), "the Halberd is hidden: its +1/+1 stops");
}

// 5 Resources

#[test]
fn athernum_5_0_1a_a_new_resource_token_is_face_up_in_the_resource_zone() {
    let mut s = day_phase_with(501, [THORNWILD, BASTION], ["Wildcaller Ysra", AURELIE]);
    let pouch = to_hand(&mut s, ALICE, "Seedpouch");
    act(&mut s, ALICE, &Action::PlayItem { card: pouch, mode: ItemMode::Direct });
    resolve_all(&mut s, ALICE);
    let tokens: Vec<_> =
        s.board.iter().filter(|p| p.controller == ALICE && p.place == Place::Resource).collect();
    assert_eq!(tokens.len(), 1);
    assert!(!tokens[0].face_down && !tokens[0].exhausted);
}

#[test]
fn athernum_5_0_1c_each_exhausted_token_pays_one_resource() {
    let mut s = bastion(502);
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    resources(&mut s, ALICE, 3);
    ok(&mut s, ALICE, Action::PlayCharacter { card: sellsword });
    let spent =
        s.board.iter().filter(|p| p.controller == ALICE && p.place == Place::Resource && p.exhausted).count();
    assert_eq!(spent, 2, "a cost of 2 takes two tokens");
    assert_eq!(s.players[ALICE].pool, [0; 5], "nothing left over in the pool");
}

#[test]
fn athernum_5_0_1d_a_player_pays_with_tokens_whenever_they_have_priority() {
    let mut s = bastion(503);
    let archer = to_board(&mut s, BOB, "Gatehouse Archer", Place::Character);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    resources(&mut s, BOB, 1);
    ok(&mut s, ALICE, Action::Acquisition);
    ok(&mut s, BOB, Action::Activate { source: archer, ability: 0 });
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, BOB, Action::Target { target: TargetRef::Perm(sellsword) });
    }
    assert!(
        s.board.iter().any(|p| p.controller == BOB && p.place == Place::Resource && p.exhausted),
        "Bob's token paid in Alice's turn"
    );
}

#[test]
fn athernum_5_0_1e_exhausting_tokens_to_pay_uses_no_stack() {
    let mut s = bastion(504);
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    resources(&mut s, ALICE, 2);
    ok(&mut s, ALICE, Action::PlayCharacter { card: sellsword });
    assert_eq!(resource_tokens(&s, ALICE), 2);
    assert!(
        s.stack.is_empty() && s.pending.is_empty(),
        "paying put nothing on the stack and triggered nothing"
    );
}

#[test]
fn athernum_5_0_2a_only_the_active_player_has_solvency() {
    let mut s = bastion(505);
    ok(&mut s, ALICE, Action::Acquisition);
    assert_eq!(Athernum::to_act(&s), vec![BOB]);
    assert!(!legal(&s, BOB).contains(&Action::Solvency));
    assert!(Athernum::apply(&mut s, BOB, &Action::Solvency).is_err());
}

#[test]
fn athernum_5_0_2c_solvency_makes_a_face_up_token_of_the_players_faction() {
    let mut s = bastion(506);
    act(&mut s, ALICE, &Action::Solvency);
    resolve_all(&mut s, ALICE);
    let made: Vec<_> =
        s.board.iter().filter(|p| p.controller == ALICE && p.place == Place::Resource).collect();
    assert_eq!(made.len(), 1);
    assert_eq!(made[0].def, Def::Resource(Some(Faction::Bastion)));
    assert!(!made[0].face_down && !made[0].exhausted);
}

#[test]
fn athernum_5_0_3a_resources_made_go_into_their_makers_pool() {
    let mut s = bastion(507);
    let merchant = to_board(&mut s, ALICE, "Caravan Merchant", Place::Character);
    act(&mut s, ALICE, &Action::Activate { source: merchant, ability: 0 });
    assert_eq!(s.players[ALICE].pool.iter().sum::<u8>(), 1);
    assert_eq!(s.players[BOB].pool.iter().sum::<u8>(), 0);
}

#[test]
fn athernum_5_0_3c_a_factionless_resource_pays_no_faction_pip() {
    let mut s = bastion(508);
    let merchants = [0, 1].map(|_| to_board(&mut s, ALICE, "Caravan Merchant", Place::Character));
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    for merchant in merchants {
        act(&mut s, ALICE, &Action::Activate { source: merchant, ability: 0 });
    }
    assert_eq!(s.players[ALICE].pool.iter().sum::<u8>(), 2, "each Trade adds {{1}}");
    let l = legal(&s, ALICE);
    assert!(!l.contains(&Action::Activate { source: yard, ability: 0 }), "Muster costs 1B");
    assert!(l.contains(&Action::Activate { source: archer, ability: 0 }), "the Volley costs {{1}}");
}

#[test]
fn athernum_5_0_3d_the_pool_is_spent_when_paying_a_cost() {
    let mut s = bastion(509);
    let merchant = to_board(&mut s, ALICE, "Caravan Merchant", Place::Character);
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    resources(&mut s, ALICE, 1);
    assert!(
        !legal(&s, ALICE).contains(&Action::PlayCharacter { card: sellsword }),
        "one token for a cost of 2"
    );
    act(&mut s, ALICE, &Action::Activate { source: merchant, ability: 0 });
    assert!(legal(&s, ALICE).contains(&Action::PlayCharacter { card: sellsword }));
    ok(&mut s, ALICE, Action::PlayCharacter { card: sellsword });
    assert_eq!(s.players[ALICE].pool, [0; 5], "the pool's resource paid");
    assert_eq!(resource_tokens(&s, ALICE), 1);
    assert!(s.board.iter().any(|p| p.controller == ALICE && p.place == Place::Resource && p.exhausted));
}

#[test]
fn athernum_5_0_3g_nobody_can_respond_to_paying() {
    let mut s = bastion(510);
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    to_board(&mut s, BOB, "Gatehouse Archer", Place::Character);
    resources(&mut s, BOB, 1);
    resources(&mut s, ALICE, 2);
    ok(&mut s, ALICE, Action::PlayCharacter { card: sellsword });
    assert_eq!(Athernum::to_act(&s), vec![ALICE], "Bob got no priority to answer the payment");
    assert!(legal(&s, BOB).is_empty());
}

#[test]
fn athernum_5_0_4b_a_resource_token_that_leaves_its_zone_ceases_to_exist() {
    let mut s = bastion(511);
    resources(&mut s, ALICE, 1);
    let uid = s.board.iter().find(|p| p.controller == ALICE && p.place == Place::Resource).unwrap().uid;
    let mut ev: Vec<Event> = Vec::new();
    assert!(leave(&mut s, uid, Dest::Discard, &mut ev));
    assert!(s.perm(uid).is_none());
    assert!(!in_discard(&s, ALICE, uid), "not in the discard pile: gone");
    assert_eq!(resource_tokens(&s, ALICE), 0);
}

// 6 States and visibility

#[test]
fn athernum_6_1_1_an_item_may_come_onto_the_board_face_down() {
    let mut s = bastion(601);
    let aurelie = main_of(&s, ALICE);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    act(
        &mut s,
        ALICE,
        &Action::PlayItem { card: halberd, mode: ItemMode::Attach { host: aurelie, face_down: true } },
    );
    let p = s.perm(halberd).unwrap();
    assert!(p.face_down && !p.exhausted);
    assert_eq!(values(&s, aurelie), (Some(2), Some(5)), "face down, it does nothing");
}

#[test]
fn athernum_6_1_2_a_face_down_permanent_keeps_only_its_supertype() {
    let mut s = bastion(602);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    s.perm_mut(sellsword).unwrap().face_down = true;
    let p = s.perm(sellsword).unwrap();
    assert!(visible_def(&s, p).is_none(), "no name, abilities, values or subtypes");
    assert_eq!(values(&s, sellsword), (None, None));
    assert_eq!(supertype(&s, p), CardType::Character);
}

#[test]
fn athernum_6_1_3_a_face_down_cards_supertype_follows_its_zone() {
    let mut s = bastion(603);
    let aurelie = main_of(&s, ALICE);
    let character = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let location = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    let item = to_board(&mut s, ALICE, "Warden's Halberd", Place::Item { host: aurelie });
    for uid in [character, location, item] {
        s.perm_mut(uid).unwrap().face_down = true;
    }
    let of = |uid| supertype(&s, s.perm(uid).unwrap());
    assert_eq!(of(character), CardType::Character);
    assert_eq!(of(location), CardType::Location);
    assert_eq!(of(item), CardType::Item);
}

#[test]
fn athernum_6_1_4_a_face_down_attachment_is_seen_only_by_its_hosts_controller() {
    let mut s = bastion(604);
    let aurelie = main_of(&s, ALICE);
    let torch = to_board(&mut s, ALICE, "Torch of Ruin", Place::Item { host: aurelie });
    s.perm_mut(torch).unwrap().face_down = true;
    let torch_name = "Torch of Ruin".to_owned();
    assert_hidden_from_all_but(&s, ALICE, &torch_name);
}

#[test]
fn athernum_6_1_7_a_player_turns_their_attachment_face_up_in_the_other_players_turn() {
    let mut s = bastion(607);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    let halberd = to_board(&mut s, BOB, "Warden's Halberd", Place::Item { host: sellsword });
    s.perm_mut(halberd).unwrap().face_down = true;
    let reveal = Action::Reveal { attachment: halberd };
    assert!(!legal(&s, BOB).contains(&reveal), "not without priority");
    ok(&mut s, ALICE, Action::Acquisition);
    assert!(legal(&s, BOB).contains(&reveal), "with priority in Alice's turn");
    ok(&mut s, BOB, reveal);
    assert!(!s.perm(halberd).unwrap().face_down);
}

#[test]
fn athernum_6_1_8a_a_card_that_leaves_the_board_loses_its_exhaustion() {
    let mut s = gloam(608);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let veil = to_board(&mut s, ALICE, "Veil of Secrets", Place::Item { host: sellsword });
    exhaust_with(&mut s, sellsword, 2);
    resources(&mut s, ALICE, 4);
    // Slip Away returns the Veil's linked target to its owner's hand.
    act(&mut s, ALICE, &Action::Activate { source: veil, ability: 1 });
    resolve_all(&mut s, ALICE);
    assert!(in_hand(&s, ALICE, sellsword));
    act(&mut s, ALICE, &Action::PlayCharacter { card: sellsword });
    resolve_all(&mut s, ALICE);
    let p = s.perm(sellsword).unwrap();
    assert!(!p.exhausted && !p.face_down && p.exhaustion == 0, "played again fresh");
}

#[test]
fn athernum_6_2_3a_an_exhausted_permanent_loses_its_static_ability() {
    let mut s = bastion(623);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: sergeant });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, recruit).1, Some(4), "+1 DFV for another Warden");
    let target = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    attack(&mut s, sergeant, target);
    assert!(s.perm(sergeant).unwrap().exhausted, "the attacker is exhausted (9.3.11)");
    assert_eq!(values(&s, recruit).1, Some(3), "its static ability is gone");
}

#[test]
fn athernum_6_2_3b_an_exhausted_permanent_has_no_ofv_and_cannot_attack() {
    let mut s = bastion(624);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let raider = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    attack(&mut s, sellsword, raider);
    assert_eq!(values(&s, sellsword), (None, None));
    assert!(!legal(&s, ALICE)
        .iter()
        .any(|a| matches!(a, Action::Attack { attacker, .. } if *attacker == sellsword)));
}

#[test]
fn athernum_6_2_3c_an_exhausted_permanent_loses_its_subtypes() {
    // Highward Sentinel Prime ascends while its controller has three Wardens.
    let mut s = bastion(625);
    let wardens: Vec<u32> =
        (0..3).map(|_| to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character)).collect();
    let prime = s.players[ALICE]
        .extra
        .iter()
        .find(|c| s.db.card(c.id).name == "Highward Sentinel Prime")
        .expect("in the Extra Deck")
        .uid;
    assert!(legal(&s, ALICE).contains(&Action::Ascend { card: prime }), "three Wardens");
    exhaust_with(&mut s, wardens[0], 1);
    assert!(!legal(&s, ALICE).contains(&Action::Ascend { card: prime }), "an exhausted one is no Warden");
}

#[test]
fn athernum_6_2_4c_an_exhausted_permanent_keeps_its_item_slots() {
    let mut s = bastion(626);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    exhaust_with(&mut s, paladin, 1);
    assert_eq!(slots(&s, s.perm(paladin).unwrap()), 2);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    let attach =
        Action::PlayItem { card: halberd, mode: ItemMode::Attach { host: paladin, face_down: false } };
    assert!(legal(&s, ALICE).contains(&attach), "an item may still go into its slots");
}

#[test]
fn athernum_6_2_4d_an_exhausted_permanent_keeps_its_victory_token_field() {
    // One copy per player of a Victory Token Field card (semi-uniqueness).
    let mut s = day_phase_with(627, [ASHEN, BASTION], ["Warlord Vethrik Ashmane", AURELIE]);
    let kharsa = to_hand(&mut s, ALICE, KHARSA);
    resources(&mut s, ALICE, 2);
    assert!(legal(&s, ALICE).contains(&Action::PlayCharacter { card: kharsa }));
    let on_board = to_board(&mut s, ALICE, KHARSA, Place::Character);
    exhaust_with(&mut s, on_board, 1);
    assert!(
        !legal(&s, ALICE).contains(&Action::PlayCharacter { card: kharsa }),
        "the exhausted Kharsa still has its field"
    );
}

#[test]
fn athernum_6_2_4e_an_exhausted_permanent_keeps_its_counters_and_tokens() {
    let mut s = ashen(628);
    let kharsa = main_of(&s, ALICE);
    s.perm_mut(kharsa).unwrap().victory = 1;
    s.victory_pool -= 1;
    let target = to_board(&mut s, BOB, "Shieldwall Sergeant", Place::Character);
    attack(&mut s, kharsa, target);
    assert!(s.perm(target).is_some(), "3 damage does not defeat DFV 4");
    let p = s.perm(kharsa).unwrap();
    assert!(p.exhausted);
    assert_eq!(p.damage, 2, "the Sergeant struck back for 2");
    assert_eq!(p.victory, 1);
    assert_eq!(s.victory_of(ALICE), 1);
}

#[test]
fn athernum_6_2_5_everyone_may_look_at_an_exhausted_card() {
    let mut s = bastion(629);
    let exhausted = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    exhaust_with(&mut s, exhausted, 1);
    let hidden = to_board(&mut s, ALICE, "Pyre Zealot", Place::Character);
    s.perm_mut(hidden).unwrap().face_down = true;
    for viewer in [Viewer::Public, Viewer::Seat(BOB)] {
        let secret = secrets(&s, viewer);
        assert!(!secret.contains(&"Cinder Raider".to_owned()), "{viewer:?} sees the exhausted card");
        assert!(secret.contains(&"Pyre Zealot".to_owned()), "but not a face-down one");
    }
}

#[test]
fn athernum_6_2_6_the_morning_takes_a_counter_off_an_exhausted_location() {
    let mut s = bastion(630);
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    exhaust_with(&mut s, yard, 1);
    end_turn(&mut s);
    assert!(s.perm(yard).unwrap().exhausted, "not in Bob's morning");
    end_turn(&mut s);
    assert_eq!(s.active, ALICE);
    let p = s.perm(yard).unwrap();
    assert!(!p.exhausted && p.exhaustion == 0);
}

#[test]
fn athernum_6_2_7_a_recovered_permanent_is_face_up_and_usable_again() {
    let mut s = bastion(631);
    let merchant = to_board(&mut s, ALICE, "Caravan Merchant", Place::Character);
    let trade = Action::Activate { source: merchant, ability: 0 };
    act(&mut s, ALICE, &trade);
    assert!(s.perm(merchant).unwrap().face_down);
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(s.active, ALICE);
    assert!(!s.perm(merchant).unwrap().face_down);
    assert!(legal(&s, ALICE).contains(&trade), "its ability is back");
}

#[test]
fn athernum_6_2_8_an_effect_takes_off_one_exhaustion_counter() {
    let mut s = bastion(632);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    exhaust_with(&mut s, sellsword, 2);
    let horn = to_hand(&mut s, ALICE, "Signal Horn");
    act_on(&mut s, ALICE, Action::PlayItem { card: horn, mode: ItemMode::Direct }, Some(sellsword));
    let p = s.perm(sellsword).unwrap();
    assert_eq!(p.exhaustion, 1, "one counter off");
    assert!(p.exhausted && p.face_down, "one left: still exhausted");
}

#[test]
fn athernum_6_2_9_two_exhaustion_counters_take_two_mornings() {
    let mut s = bastion(633);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    exhaust_with(&mut s, sellsword, 2);
    end_turn(&mut s);
    assert_eq!(s.active, BOB);
    let p = s.perm(sellsword).unwrap();
    assert!(p.exhausted && p.exhaustion == 1);
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(s.active, BOB);
    assert!(!s.perm(sellsword).unwrap().exhausted);
}

// 7 Zones

#[test]
fn athernum_7_1_1a_the_main_character_stands_in_the_main_character_slot() {
    let s = bastion(711);
    let main = s.perm(main_of(&s, ALICE)).unwrap();
    assert_eq!(main.place, Place::Main);
    assert_eq!(s.characters_of(ALICE), 0, "it takes none of the five character slots");
}

#[test]
fn athernum_7_1_2a_five_character_slots_besides_the_main_character() {
    let mut s = bastion(712);
    for _ in 0..4 {
        to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    }
    let first = to_hand(&mut s, ALICE, "Wandering Sellsword");
    let second = to_hand(&mut s, ALICE, "Wandering Sellsword");
    resources(&mut s, ALICE, 4);
    assert!(legal(&s, ALICE).contains(&Action::PlayCharacter { card: first }), "a fifth slot is free");
    act(&mut s, ALICE, &Action::PlayCharacter { card: first });
    assert_eq!(s.characters_of(ALICE), 5);
    assert!(!legal(&s, ALICE).contains(&Action::PlayCharacter { card: second }));
}

#[test]
fn athernum_7_1_2b_a_character_token_takes_a_slot_of_its_own() {
    let mut s = bastion(713);
    for _ in 0..4 {
        to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    }
    token(&mut s, ALICE, "Militia", Place::Character);
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    resources(&mut s, ALICE, 2);
    assert_eq!(s.characters_of(ALICE), 5);
    assert!(!legal(&s, ALICE).contains(&Action::PlayCharacter { card: sellsword }));
}

#[test]
fn athernum_7_2_1a_a_discarded_card_goes_to_its_owners_pile() {
    let mut s = bastion(721);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(raider));
    assert!(in_discard(&s, BOB, raider));
    assert!(!in_discard(&s, ALICE, raider), "not the pile of the player who discarded it");
}

#[test]
fn athernum_7_2_1b_cards_an_effect_discards_go_to_the_discard_pile() {
    let mut s = gloam(722);
    let top: Vec<u32> = s.players[BOB].deck.iter().rev().take(2).map(|c| c.uid).collect();
    let informant = to_hand(&mut s, ALICE, "Veiled Informant");
    resources(&mut s, ALICE, 1);
    act(&mut s, ALICE, &Action::PlayCharacter { card: informant });
    resolve_all(&mut s, ALICE);
    for uid in top {
        assert!(in_discard(&s, BOB, uid), "Bob's top two cards are discarded");
    }
}

#[test]
fn athernum_7_2_2a_a_voided_card_goes_to_its_owners_void() {
    let mut s = gloam(723);
    let maelis = to_board(&mut s, ALICE, "Maelis, Thread-Cutter", Place::Character);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    let halberd = to_board(&mut s, BOB, "Warden's Halberd", Place::Item { host: sellsword });
    act_on(&mut s, ALICE, Action::Activate { source: maelis, ability: 0 }, Some(halberd));
    assert!(s.perm(halberd).is_none());
    assert!(s.players[BOB].void.iter().any(|c| c.uid == halberd));
    assert!(!s.players[ALICE].void.iter().any(|c| c.uid == halberd));
}

#[test]
fn athernum_7_2_2b_everyone_sees_a_card_in_the_void() {
    // A face-down attachment is hidden; once voided, it is not.
    let mut s = gloam(724);
    let maelis = to_board(&mut s, ALICE, "Maelis, Thread-Cutter", Place::Character);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    let torch = to_board(&mut s, BOB, "Torch of Ruin", Place::Item { host: sellsword });
    s.perm_mut(torch).unwrap().face_down = true;
    let name = "Torch of Ruin".to_owned();
    assert!(secrets(&s, Viewer::Public).contains(&name));
    act_on(&mut s, ALICE, Action::Activate { source: maelis, ability: 0 }, Some(torch));
    assert!(s.players[BOB].void.iter().any(|c| c.uid == torch));
    assert!(!secrets(&s, Viewer::Public).contains(&name));
    assert!(!secrets(&s, Viewer::Seat(ALICE)).contains(&name));
}

#[test]
fn athernum_7_2_3b_nothing_but_effects_changes_the_decks_order() {
    let mut s = bastion(725);
    let order = |s: &State| s.players[ALICE].deck.iter().map(|c| c.uid).collect::<Vec<_>>();
    let before = order(&s);
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(s.active, ALICE);
    assert_eq!(order(&s), before);
}

#[test]
fn athernum_7_2_3c_nobody_sees_the_deck() {
    let mut s = bastion(726);
    to_deck_top(&mut s, ALICE, "Ashfall Titan");
    let name = "Ashfall Titan".to_owned();
    for viewer in [Viewer::Seat(ALICE), Viewer::Seat(BOB), Viewer::Public] {
        assert!(secrets(&s, viewer).contains(&name), "{viewer:?}");
    }
}

#[test]
fn athernum_7_2_3d_a_draw_takes_the_top_card() {
    let mut s = bastion(727);
    let top = to_deck_top(&mut s, ALICE, "Stone Colossus");
    act(&mut s, ALICE, &Action::Acquisition);
    resolve_all(&mut s, ALICE);
    assert!(in_hand(&s, ALICE, top));
}

#[test]
fn athernum_7_3_4_an_item_goes_to_the_discard_pile_when_its_host_returns_to_the_hand() {
    let mut s = gloam(734);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let veil = to_board(&mut s, ALICE, "Veil of Secrets", Place::Item { host: sellsword });
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Activate { source: veil, ability: 1 });
    resolve_all(&mut s, ALICE);
    assert!(in_hand(&s, ALICE, sellsword));
    assert!(s.perm(veil).is_none() && in_discard(&s, ALICE, veil));
}

#[test]
fn athernum_7_4_1a_a_hand_is_hidden_from_the_opponent() {
    let mut s = bastion(741);
    to_hand(&mut s, ALICE, "Ashfall Titan");
    let name = "Ashfall Titan".to_owned();
    assert_hidden_from_all_but(&s, ALICE, &name);
}

#[test]
fn athernum_7_4_1c_a_card_drawn_in_the_other_players_turn_goes_to_its_owners_hand() {
    // Bob's Mistmantle Spy draws when an attachment of his is turned face up.
    let mut s = bastion(7410);
    let spy = to_board(&mut s, BOB, "Mistmantle Spy", Place::Character);
    let halberd = to_board(&mut s, BOB, "Warden's Halberd", Place::Item { host: spy });
    s.perm_mut(halberd).unwrap().face_down = true;
    let top = s.players[BOB].deck.last().unwrap().uid;
    let (alices, bobs) = (s.players[ALICE].hand.len(), s.players[BOB].hand.len());
    ok(&mut s, ALICE, Action::Acquisition);
    ok(&mut s, BOB, Action::Reveal { attachment: halberd });
    resolve_all(&mut s, ALICE);
    assert!(in_hand(&s, BOB, top), "Bob's top card, in Bob's hand");
    assert_eq!(s.players[BOB].hand.len(), bobs + 1);
    assert_eq!(s.players[ALICE].hand.len(), alices + 1, "Alice drew only her Acquisition's card");
}

#[test]
fn athernum_7_4_2a_a_draw_never_takes_from_the_extra_deck() {
    let mut s = bastion(742);
    let deck = std::mem::take(&mut s.players[ALICE].deck);
    s.players[ALICE].void.extend(deck);
    let extra = s.players[ALICE].extra.len();
    assert!(extra > 0);
    act(&mut s, ALICE, &Action::Acquisition);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].extra.len(), extra);
    assert_eq!(
        s.outcome.as_ref().map(|o| o.winners.clone()),
        Some(vec![BOB]),
        "an empty main deck loses (4.2.4b)"
    );
}

#[test]
fn athernum_7_4_2b_only_the_owner_sees_their_extra_deck() {
    let s = bastion(743);
    let name = "The Last Rampart".to_owned();
    assert!(s.players[ALICE].extra.iter().any(|c| s.db.card(c.id).name == name));
    assert_hidden_from_all_but(&s, ALICE, &name);
}

#[test]
fn athernum_7_5_2a_a_copy_returned_to_the_hand_ceases_to_exist() {
    let mut s = gloam(752);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    let double = to_hand(&mut s, ALICE, "Shade Double");
    resources(&mut s, ALICE, 4);
    act_on(&mut s, ALICE, Action::PlayCharacter { card: double }, Some(sellsword));
    let copy = s
        .board
        .iter()
        .find(|p| p.controller == ALICE && p.token && s.def_name(p.def) == "Wandering Sellsword")
        .expect("a copy of the Sellsword")
        .uid;
    let cloak = to_hand(&mut s, ALICE, "Traveler's Cloak");
    act_on(&mut s, ALICE, Action::Support { card: cloak }, Some(copy));
    assert!(s.perm(copy).is_none());
    assert!(!in_hand(&s, ALICE, copy), "the copy is gone, not in the hand");
    assert!(s.perm(double).is_some(), "the Shade Double stays");
}

#[test]
fn athernum_7_5_2b_a_token_sent_to_the_void_is_removed_instead() {
    let mut s = gloam(753);
    let maelis = to_board(&mut s, ALICE, "Maelis, Thread-Cutter", Place::Character);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    let sigil = token(&mut s, BOB, "Ward Sigil", Place::Item { host: sellsword });
    act_on(&mut s, ALICE, Action::Activate { source: maelis, ability: 0 }, Some(sigil));
    assert!(s.perm(sigil).is_none());
    assert!(s.players[BOB].void.is_empty(), "nothing reaches the void");
}

// 8 Setup

#[test]
fn athernum_8_0_1e_a_card_that_cannot_be_a_main_character_is_refused() {
    let db = db();
    let mut s = Athernum::setup(&match_setup(&db, 801, [BASTION, GLOAM]), &db).unwrap();
    assert_eq!(s.prompt, Prompt::ChooseMain);
    let not_main = s.players[ALICE].deck.iter().find(|c| !s.db.card(c.id).main_eligible()).unwrap().uid;
    assert!(Athernum::apply(&mut s, ALICE, &Action::ChooseMain { card: not_main }).is_err());
    assert_eq!(s.players[ALICE].chosen, None);
    assert_eq!(s.prompt, Prompt::ChooseMain, "the game waits for a valid choice");
}

#[test]
fn athernum_8_0_3b_the_victory_tokens_start_in_the_pool() {
    let s = bastion(803);
    assert_eq!(s.victory_pool, 6, "Lady Aurelie's 3 and Mother Sable's 3");
    assert!(s.board.iter().all(|p| p.victory == 0), "none placed before play");
}

// 9 The turn

#[test]
fn athernum_9_1_2_a_permanent_with_no_counter_left_turns_face_up_with_its_values() {
    let mut s = bastion(912);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    exhaust_with(&mut s, sellsword, 1);
    assert_eq!(values(&s, sellsword), (None, None));
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(s.active, ALICE);
    assert!(!s.perm(sellsword).unwrap().face_down);
    assert_eq!(values(&s, sellsword), (Some(2), Some(3)));
}

#[test]
fn athernum_9_1_4_the_morning_check_discards_a_recovered_permanent_with_lethal_damage() {
    let mut s = bastion(914);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    exhaust_with(&mut s, raider, 1);
    s.perm_mut(raider).unwrap().damage = 1;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(raider).is_some(), "exhausted, it has no DFV to reach");
    end_turn(&mut s);
    assert_eq!(s.active, BOB);
    assert!(s.perm(raider).is_none(), "face up in Bob's morning, then discarded by the check");
}

#[test]
fn athernum_9_2_2a_acquisition_belongs_to_the_day_phase() {
    let mut s = bastion(922);
    to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    assert!(legal(&s, ALICE).contains(&Action::Acquisition));
    ok(&mut s, ALICE, Action::EnterCombat);
    assert!(main_window(&s));
    assert!(!legal(&s, ALICE).contains(&Action::Acquisition), "not in the combat phase");
}

#[test]
fn athernum_9_2_2c_acquisition_works_with_the_main_character_exhausted() {
    let mut s = bastion(923);
    let main = main_of(&s, ALICE);
    exhaust_with(&mut s, main, 2);
    let hand = s.players[ALICE].hand.len();
    assert!(legal(&s, ALICE).contains(&Action::Acquisition));
    act(&mut s, ALICE, &Action::Acquisition);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].hand.len(), hand + 1);
}

#[test]
fn athernum_9_2_3a_solvency_belongs_to_the_day_phase() {
    let mut s = bastion(924);
    to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    assert!(legal(&s, ALICE).contains(&Action::Solvency));
    ok(&mut s, ALICE, Action::EnterCombat);
    assert!(!legal(&s, ALICE).contains(&Action::Solvency), "not in the combat phase");
}

#[test]
fn athernum_9_2_3b_the_main_character_is_the_source_of_solvency() {
    let mut s = bastion(925);
    ok(&mut s, ALICE, Action::Solvency);
    assert_eq!(s.stack[0].source, main_of(&s, ALICE));
}

#[test]
fn athernum_9_2_3c_solvency_works_with_the_main_character_exhausted() {
    let mut s = bastion(926);
    let main = main_of(&s, ALICE);
    exhaust_with(&mut s, main, 2);
    act(&mut s, ALICE, &Action::Solvency);
    resolve_all(&mut s, ALICE);
    assert_eq!(resource_tokens(&s, ALICE), 1);
}

/// Bob holds one Victory Token, so Alice is behind (9.2.4a).
fn alice_behind(seed: u64) -> State {
    let mut s = bastion(seed);
    let sable = main_of(&s, BOB);
    s.perm_mut(sable).unwrap().victory = 1;
    s.victory_pool -= 1;
    s
}

#[test]
fn athernum_9_2_4_contingency_puts_a_victory_token_once_per_turn() {
    let mut s = alice_behind(927);
    let aurelie = main_of(&s, ALICE);
    let contingency = Action::Contingency { on: aurelie };
    act(&mut s, ALICE, &contingency);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(aurelie).unwrap().victory, 1);
    // Bob goes ahead again; Contingency is still spent for the turn.
    s.perm_mut(main_of(&s, BOB)).unwrap().victory = 2;
    s.victory_pool -= 1;
    assert!(s.players[ALICE].command > 0);
    assert!(!legal(&s, ALICE).contains(&contingency), "once per turn");
}

#[test]
fn athernum_9_2_4b_contingency_belongs_to_the_day_phase() {
    let mut s = alice_behind(928);
    to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let contingency = Action::Contingency { on: main_of(&s, ALICE) };
    assert!(legal(&s, ALICE).contains(&contingency));
    ok(&mut s, ALICE, Action::EnterCombat);
    assert!(!legal(&s, ALICE).contains(&contingency), "not in the combat phase");
}

#[test]
fn athernum_9_2_4c_the_main_character_is_the_source_of_contingency() {
    let mut s = alice_behind(929);
    let main = main_of(&s, ALICE);
    ok(&mut s, ALICE, Action::Contingency { on: main });
    assert_eq!(s.stack[0].source, main_of(&s, ALICE));
}

#[test]
fn athernum_9_2_4d_contingency_works_with_the_main_character_exhausted() {
    let mut s = alice_behind(930);
    let aurelie = main_of(&s, ALICE);
    exhaust_with(&mut s, aurelie, 2);
    assert!(legal(&s, ALICE).contains(&Action::Contingency { on: aurelie }));
    act(&mut s, ALICE, &Action::Contingency { on: aurelie });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(aurelie).unwrap().victory, 1);
}

#[test]
fn athernum_9_2_5_a_character_is_played_from_the_hand_only() {
    let mut s = bastion(931);
    resources(&mut s, ALICE, 2);
    let in_deck = s.players[ALICE]
        .deck
        .iter()
        .find(|c| s.db.card(c.id).name == "Wandering Sellsword")
        .expect("in the deck")
        .uid;
    assert!(Athernum::apply(&mut s, ALICE, &Action::PlayCharacter { card: in_deck }).is_err());
    let in_the_hand = to_hand(&mut s, ALICE, "Wandering Sellsword");
    act(&mut s, ALICE, &Action::PlayCharacter { card: in_the_hand });
    assert_eq!(s.perm(in_the_hand).unwrap().place, Place::Character);
}

#[test]
fn athernum_9_2_7_an_item_is_played_directly_or_attached() {
    let mut s = bastion(932);
    let aurelie = main_of(&s, ALICE);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    let l = legal(&s, ALICE);
    assert!(l.contains(&Action::PlayItem { card: halberd, mode: ItemMode::Direct }));
    assert!(l.contains(&Action::PlayItem {
        card: halberd,
        mode: ItemMode::Attach { host: aurelie, face_down: false }
    }));
    assert!(l.contains(&Action::PlayItem {
        card: halberd,
        mode: ItemMode::Attach { host: aurelie, face_down: true }
    }));
}

#[test]
fn athernum_9_2_8_a_face_down_attachment_is_revealed_in_the_day() {
    let mut s = bastion(933);
    let aurelie = main_of(&s, ALICE);
    let halberd = to_board(&mut s, ALICE, "Warden's Halberd", Place::Item { host: aurelie });
    s.perm_mut(halberd).unwrap().face_down = true;
    assert!(legal(&s, ALICE).contains(&Action::Reveal { attachment: halberd }));
    act(&mut s, ALICE, &Action::Reveal { attachment: halberd });
    resolve_all(&mut s, ALICE);
    assert!(!s.perm(halberd).unwrap().face_down);
    assert_eq!(values(&s, aurelie), (Some(3), Some(6)), "its +1/+1 applies");
}

#[test]
fn athernum_9_2_9a_a_support_ability_is_not_used_from_the_discard_pile() {
    let mut s = ashen(934);
    to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    resources(&mut s, ALICE, 3);
    let adept = to_hand(&mut s, ALICE, "Scorch Adept");
    assert!(legal(&s, ALICE).contains(&Action::Support { card: adept }), "from the hand, the fee 2A is paid");
    let i = s.players[ALICE].hand.iter().position(|c| c.uid == adept).unwrap();
    let card = s.players[ALICE].hand.remove(i);
    s.players[ALICE].discard.push(card);
    assert!(!legal(&s, ALICE).contains(&Action::Support { card: adept }));
    assert!(Athernum::apply(&mut s, ALICE, &Action::Support { card: adept }).is_err());
}

#[test]
fn athernum_9_2_13_when_every_player_passes_on_an_empty_stack_the_turn_moves_on() {
    let mut s = bastion(935);
    ok(&mut s, ALICE, Action::Pass);
    assert_eq!((s.active, s.phase), (ALICE, Phase::Day), "Bob may still answer (9.2.12)");
    assert_eq!(Athernum::to_act(&s), vec![BOB]);
    ok(&mut s, BOB, Action::Pass);
    assert_eq!((s.active, s.phase), (BOB, Phase::Day), "evening and night are past: Bob's day");
}

#[test]
fn athernum_9_3_2_back_from_combat_day_phase_abilities_do_not_trigger_again() {
    // The Throne of the Old Kings scores at its controller's Day Phase
    // while they control three characters.
    let mut s = bastion(936);
    let throne = to_board(&mut s, ALICE, "Throne of the Old Kings", Place::Location);
    for _ in 0..3 {
        to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    }
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!((s.active, s.phase), (ALICE, Phase::Day));
    assert_eq!(s.perm(throne).unwrap().victory, 1, "it scored as the day began");
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Pass);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.phase, Phase::Day);
    assert!(main_window(&s), "back in the day with priority");
    assert_eq!(s.perm(throne).unwrap().victory, 1, "the day did not begin again");
}

#[test]
fn athernum_9_3_6b_an_attachment_or_a_location_without_dfv_is_no_target() {
    let mut s = ashen(937);
    let kharsa = main_of(&s, ALICE);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    let halberd = to_board(&mut s, BOB, "Warden's Halberd", Place::Item { host: sellsword });
    let yard = to_board(&mut s, BOB, "Mustering Yard", Place::Location);
    let l = legal(&s, ALICE);
    assert!(l.contains(&Action::Attack { attacker: kharsa, target: sellsword }));
    assert!(!l.contains(&Action::Attack { attacker: kharsa, target: halberd }));
    assert!(!l.contains(&Action::Attack { attacker: kharsa, target: yard }));
}

#[test]
fn athernum_9_3_9c_combat_damage_stays_as_damage_counters() {
    let mut s = bastion(938);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    attack(&mut s, recruit, sellsword);
    assert_eq!(s.perm(sellsword).unwrap().damage, 1, "the Recruit's OFV 1");
    assert_eq!(s.perm(recruit).unwrap().damage, 2, "the Sellsword's OFV 2");
}

#[test]
fn athernum_9_3_10a_a_main_character_with_lethal_combat_damage_is_exhausted_instead() {
    let mut s = bastion(939);
    let aurelie = main_of(&s, ALICE);
    let colossus = to_board(&mut s, BOB, "Stone Colossus", Place::Character);
    attack(&mut s, aurelie, colossus);
    let p = s.perm(aurelie).expect("still on the board");
    assert!(p.exhausted, "exhausted, not discarded");
    assert!(!in_discard(&s, ALICE, aurelie));
}

#[test]
fn athernum_9_5_2a_night_abilities_resolve_at_their_controllers_night() {
    // Standing Stones takes a Hex off each of its controller's characters.
    let mut s = bastion(952);
    to_board(&mut s, ALICE, "Standing Stones", Place::Location);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let h = hex(&s);
    s.perm_mut(recruit).unwrap().markers.push((h, 2));
    end_turn(&mut s);
    assert_eq!(s.active, BOB);
    assert_eq!(s.perm(recruit).unwrap().markers, vec![(h, 1)]);
}

// 10 Markers

#[test]
fn athernum_10_0_7_counters_show_on_a_face_down_permanent() {
    let mut s = bastion(1007);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    s.perm_mut(sellsword).unwrap().damage = 1;
    s.perm_mut(sellsword).unwrap().face_down = true;
    let board = serde_json::to_string(&Athernum::view(&s, Viewer::Public)).unwrap();
    assert!(board.contains("face-down character"), "{board}");
    assert!(board.contains("1 damage"), "the counter is public: {board}");
}

#[test]
fn athernum_10_1_1_the_pool_starts_with_the_main_characters_fields() {
    let s = day_phase_with(1011, [THORNWILD, ASHEN], ["The Elder Oak", "Warlord Vethrik Ashmane"]);
    assert_eq!(s.victory_pool, 5 + 4);
}

#[test]
fn athernum_10_1_3_a_victory_token_goes_only_on_a_permanent_with_a_field() {
    let mut s = alice_behind(1013);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let l = legal(&s, ALICE);
    assert!(l.contains(&Action::Contingency { on: main_of(&s, ALICE) }));
    assert!(!l.contains(&Action::Contingency { on: sellsword }), "no Victory Token Field");
}

#[test]
fn athernum_10_1_4_placing_a_victory_token_takes_it_from_the_pool() {
    let mut s = alice_behind(1014);
    let pool = s.victory_pool;
    let main = main_of(&s, ALICE);
    act(&mut s, ALICE, &Action::Contingency { on: main });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.victory_pool, pool - 1);
    assert_eq!(s.victory_of(ALICE), 1);
}

#[test]
fn athernum_10_2_2_a_gained_command_token_does_not_go_past_two() {
    let mut s = bastion(1022);
    assert_eq!(s.players[ALICE].command, 2);
    let writ = to_hand(&mut s, ALICE, "Sealed Writ");
    act(&mut s, ALICE, &Action::PlayItem { card: writ, mode: ItemMode::Direct });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].command, 2);
}

#[test]
fn athernum_10_2_4_no_command_ability_without_a_command_token() {
    let mut s = bastion(1024);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    let stand_fast = Action::Activate { source: paladin, ability: 0 };
    assert!(legal(&s, ALICE).contains(&stand_fast));
    s.players[ALICE].command = 0;
    let l = legal(&s, ALICE);
    assert!(!l.contains(&stand_fast));
    assert!(!l.contains(&Action::Acquisition) && !l.contains(&Action::Solvency));
}

#[test]
fn athernum_10_4_1_exhausting_puts_an_exhaustion_counter_on() {
    let mut s = bastion(1041);
    let merchant = to_board(&mut s, ALICE, "Caravan Merchant", Place::Character);
    act(&mut s, ALICE, &Action::Activate { source: merchant, ability: 0 });
    let p = s.perm(merchant).unwrap();
    assert!(p.exhausted && p.face_down);
    assert_eq!(p.exhaustion, 1);
}

#[test]
fn athernum_10_4_4_an_effect_adds_an_exhaustion_counter() {
    // The Nightglass Assassin adds one to an exhausted character of the
    // other player when it attacks.
    let mut s = gloam(1044);
    let assassin = to_board(&mut s, ALICE, "Nightglass Assassin", Place::Character);
    let tired = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    exhaust_with(&mut s, tired, 1);
    let target = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    attack(&mut s, assassin, target);
    assert_eq!(s.perm(tired).unwrap().exhaustion, 2);
}

#[test]
fn athernum_10_4_5_exhaustion_ends_when_an_effect_takes_the_last_counter() {
    let mut s = gloam(1045);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    exhaust_with(&mut s, sellsword, 1);
    let ferryman = to_hand(&mut s, ALICE, "Gloam Ferryman");
    resources(&mut s, ALICE, 3);
    act_on(&mut s, ALICE, Action::PlayCharacter { card: ferryman }, Some(sellsword));
    let p = s.perm(sellsword).unwrap();
    assert_eq!(p.exhaustion, 0);
    assert!(!p.exhausted && !p.face_down);
    assert_eq!(values(&s, sellsword), (Some(2), Some(3)));
}

// More of chapters 5 to 10

#[test]
fn athernum_5_0_1b_a_ready_resource_token_adds_nothing_by_itself() {
    let mut s = bastion(1101);
    resources(&mut s, ALICE, 2);
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(s.active, ALICE);
    assert_eq!(s.players[ALICE].pool, [0; 5], "two ready tokens, an empty pool");
    assert_eq!(
        s.board
            .iter()
            .filter(|p| p.controller == ALICE && p.place == Place::Resource && !p.exhausted)
            .count(),
        2
    );
}

#[test]
fn athernum_5_0_3b_a_resource_made_by_an_effect_has_the_named_faction() {
    // Briar Stalker adds one resource of its controller's faction when it
    // defeats what it attacks.
    let mut s = day_phase_with(1102, [THORNWILD, BASTION], ["Wildcaller Ysra", AURELIE]);
    let stalker = to_board(&mut s, ALICE, "Briar Stalker", Place::Character);
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    attack(&mut s, stalker, recruit);
    assert!(s.perm(recruit).is_none());
    assert_eq!(s.phase, Phase::Combat, "the pool lasts until the phase ends (5.0.4a)");
    let mut want = [0; 5];
    want[Faction::Thornwild as usize] = 1;
    assert_eq!(s.players[ALICE].pool, want);
}

#[test]
fn athernum_6_2_4a_an_exhausted_permanent_keeps_its_name() {
    let mut s = bastion(1103);
    let raider = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    exhaust_with(&mut s, raider, 1);
    let board = serde_json::to_string(&Athernum::view(&s, Viewer::Public)).unwrap();
    assert!(board.contains("Cinder Raider"), "{board}");
    assert!(!board.contains("face-down character"), "{board}");
}

#[test]
fn athernum_7_1_3a_each_player_has_a_location_slot_of_their_own() {
    let mut s = bastion(1104);
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    let court = to_board(&mut s, BOB, "The Sunken Court", Place::Location);
    act(&mut s, ALICE, &Action::PlayLocation { card: yard });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(yard).unwrap().place, Place::Location);
    assert_eq!(s.perm(court).unwrap().place, Place::Location, "Bob's location stays in his own slot");
}

#[test]
fn athernum_7_1_3b_a_location_played_later_takes_the_only_slot() {
    let mut s = bastion(1105);
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    act(&mut s, ALICE, &Action::PlayLocation { card: yard });
    resolve_all(&mut s, ALICE);
    end_turn(&mut s);
    end_turn(&mut s);
    let citadel = to_hand(&mut s, ALICE, "Citadel of Dawnspire");
    act(&mut s, ALICE, &Action::PlayLocation { card: citadel });
    resolve_all(&mut s, ALICE);
    let locations: Vec<u32> = s
        .board
        .iter()
        .filter(|p| p.controller == ALICE && p.place == Place::Location)
        .map(|p| p.uid)
        .collect();
    assert_eq!(locations, vec![citadel]);
    assert!(in_discard(&s, ALICE, yard));
}

#[test]
fn athernum_7_1_4a_a_resource_token_is_a_permanent_in_the_resource_zone() {
    let mut s = bastion(1106);
    act(&mut s, ALICE, &Action::Solvency);
    resolve_all(&mut s, ALICE);
    let token =
        s.board.iter().find(|p| p.controller == ALICE && p.def == Def::Resource(Some(Faction::Bastion)));
    let token = token.expect("on the board, as a permanent");
    assert_eq!(token.place, Place::Resource);
    assert!(token.token);
}

#[test]
fn athernum_7_3_1_an_attached_item_sits_in_its_hosts_item_slot() {
    let mut s = bastion(1107);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    act(
        &mut s,
        ALICE,
        &Action::PlayItem { card: halberd, mode: ItemMode::Attach { host: recruit, face_down: false } },
    );
    assert_eq!(s.perm(halberd).unwrap().place, Place::Item { host: recruit });
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    let onto = |host| Action::PlayItem { card: shield, mode: ItemMode::Attach { host, face_down: false } };
    let l = legal(&s, ALICE);
    assert!(l.contains(&onto(main_of(&s, ALICE))));
    assert!(!l.contains(&onto(recruit)), "the Recruit's one slot holds the Halberd");
}

#[test]
fn athernum_7_3_2_an_attachment_applies_to_its_linked_target() {
    let mut s = bastion(1108);
    let aurelie = main_of(&s, ALICE);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    attach_face_up(&mut s, ALICE, halberd, recruit);
    assert_eq!(values(&s, recruit), (Some(2), Some(4)), "+1/+1 on its host");
    assert_eq!(values(&s, aurelie), (Some(2), Some(5)), "nobody else");
}

#[test]
fn athernum_8_0_5b_play_begins_with_the_hand_drawn() {
    let db = db();
    let mut s = Athernum::setup(&match_setup(&db, 1109, [BASTION, GLOAM]), &db).unwrap();
    choose_main(&mut s, ALICE, AURELIE);
    choose_main(&mut s, BOB, SABLE);
    let first = s.active;
    assert_eq!(s.phase, Phase::Day, "no decision between the deal and the first day");
    assert!(main_window(&s));
    assert_eq!(s.players[first].hand.len(), 6);
    assert!(legal(&s, first)
        .iter()
        .all(|a| !matches!(a, Action::DiscardCard { .. } | Action::ChooseMain { .. })));
}

#[test]
fn athernum_10_2_1_command_tokens_are_refilled_at_the_start_of_the_turn() {
    let mut s = bastion(1110);
    act(&mut s, ALICE, &Action::Acquisition);
    act(&mut s, ALICE, &Action::Acquisition);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].command, 0);
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!((s.active, s.phase), (ALICE, Phase::Day));
    assert_eq!(s.players[ALICE].command, 2);
}

#[test]
fn athernum_10_3_1_damage_counters_come_from_effects_and_from_combat() {
    let mut s = bastion(1111);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let sergeant = to_board(&mut s, BOB, "Shieldwall Sergeant", Place::Character);
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(sergeant));
    assert_eq!(s.perm(sergeant).unwrap().damage, 1, "from the Volley");
    attack(&mut s, recruit, sergeant);
    assert_eq!(s.perm(sergeant).unwrap().damage, 2, "and 1 more in combat");
}

#[test]
fn athernum_10_4_2_an_effect_that_exhausts_takes_abilities_and_values() {
    // The Pale Chancellor's Silence exhausts a character of the opponent.
    let mut s = day_phase_with(1112, [GLOAM, BASTION], ["The Pale Chancellor", AURELIE]);
    let chancellor = main_of(&s, ALICE);
    let archer = to_board(&mut s, BOB, "Gatehouse Archer", Place::Character);
    resources(&mut s, BOB, 1);
    act_on(&mut s, ALICE, Action::Activate { source: chancellor, ability: 0 }, Some(archer));
    let p = s.perm(archer).unwrap();
    assert!(p.exhausted && p.face_down && p.exhaustion == 1);
    assert_eq!(values(&s, archer), (None, None));
    ok(&mut s, ALICE, Action::Acquisition);
    assert_eq!(Athernum::to_act(&s), vec![BOB]);
    assert!(!legal(&s, BOB).contains(&Action::Activate { source: archer, ability: 0 }), "no Volley");
}
