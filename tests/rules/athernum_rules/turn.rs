//! Athernum rules, chapter 9 (the turn: morning, day, combat, evening,
//! night) and the command abilities and command tokens (9.2.2–9.2.4,
//! 10.2), scenario by scenario through `legal_actions` / `apply`.

use super::*;

use cardtable::engine::Rules;
use cardtable::games::athernum::state::Place;
use cardtable::games::athernum::testing::{
    act, day_phase, day_phase_with, end_turn, main_of, resolve_all, resources, to_board, to_hand,
};
use cardtable::games::athernum::{Action, Athernum, Phase, Prompt, State};

/// Alice attacks `target` with `attacker`, Bob declares `defender` if asked,
/// and both pass the window before damage.
pub(super) fn fight(s: &mut State, attacker: u32, target: u32, defender: Option<u32>) {
    fight_as(s, ALICE, attacker, target, defender);
}

/// The active player `seat` attacks `target` with `attacker`, the
/// target's controller declares `defender` if asked, and every window
/// before damage is passed.
pub(super) fn fight_as(s: &mut State, seat: Seat, attacker: u32, target: u32, defender: Option<u32>) {
    if s.phase != Phase::Combat {
        ok(s, seat, Action::EnterCombat);
    }
    ok(s, seat, Action::Attack { attacker, target });
    fight_plan(s, seat);
    if s.prompt == Prompt::Defender {
        let defending = s.perm(target).expect("the target is on the board").controller;
        ok(s, defending, Action::Defend { defender });
    } else {
        assert_eq!(defender, None, "nobody was asked for a defender");
    }
    resolve_all(s, seat);
}

// 9.1 Morning

#[test]
fn athernum_9_1_1_morning_removes_one_exhaustion_counter_from_the_active_players_permanents() {
    let mut s = day_phase(1);
    let once = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let twice = to_board(&mut s, BOB, "Ashwolf Rider", Place::Character);
    let alices = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    exhaust_with(&mut s, once, 1);
    exhaust_with(&mut s, twice, 2);
    exhaust_with(&mut s, alices, 1);
    end_turn(&mut s);
    assert_eq!((s.active, s.phase), (BOB, Phase::Day));
    let p = s.perm(once).unwrap();
    assert!(!p.exhausted && !p.face_down && p.exhaustion == 0, "9.1.2: no counter left, face up");
    let p = s.perm(twice).unwrap();
    assert!(p.exhausted && p.face_down && p.exhaustion == 1, "one counter removed, still exhausted");
    let p = s.perm(alices).unwrap();
    assert_eq!(p.exhaustion, 1, "only the active player's permanents recover");
}

#[test]
fn athernum_9_1_1_resource_tokens_spent_in_a_turn_are_ready_at_their_owners_next_morning() {
    let mut s = day_phase(30);
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: sergeant });
    resolve_all(&mut s, ALICE);
    let spent = |s: &State| {
        s.board.iter().filter(|p| p.controller == ALICE && p.place == Place::Resource && p.exhausted).count()
    };
    assert_eq!(spent(&s), 2);
    end_turn(&mut s);
    assert_eq!(spent(&s), 2, "not in Bob's morning");
    end_turn(&mut s);
    assert_eq!(spent(&s), 0);
}

#[test]
fn athernum_9_1_3_the_active_players_command_tokens_are_replenished_to_two() {
    let mut s = day_phase(2);
    s.players[BOB].command = 0;
    s.players[ALICE].command = 0;
    end_turn(&mut s);
    assert_eq!(s.players[BOB].command, 2);
    assert_eq!(s.players[ALICE].command, 0, "not the other player's");
}

#[test]
fn athernum_10_2_5_unspent_command_tokens_are_kept_between_turns() {
    let mut s = day_phase(3);
    act(&mut s, ALICE, &Action::Acquisition);
    assert_eq!(s.players[ALICE].command, 1);
    end_turn(&mut s);
    assert_eq!(s.players[ALICE].command, 1, "kept through Bob's turn");
}

#[test]
fn athernum_10_2_3_an_effect_raises_the_command_token_maximum() {
    // Marshal Oderic Vane raises his controller's maximum by one.
    let mut s = day_phase(4);
    let marshal = to_hand(&mut s, ALICE, "Marshal Oderic Vane");
    resources(&mut s, ALICE, 4);
    act(&mut s, ALICE, &Action::PlayCharacter { card: marshal });
    resolve_all(&mut s, ALICE);
    s.players[ALICE].command = 0;
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(s.active, ALICE);
    assert_eq!(s.players[ALICE].command, 3);
}

#[test]
fn athernum_9_1_4a_morning_abilities_resolve_without_anyone_acting() {
    // The Elder Oak scores each morning while its controller has four
    // characters (itself and the main character among them).
    let mut s = day_phase(5);
    let oak = to_board(&mut s, BOB, "The Elder Oak", Place::Character);
    to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let pool = s.victory_pool;
    end_turn(&mut s);
    assert_eq!((s.active, s.phase), (BOB, Phase::Day));
    assert_eq!(s.perm(oak).unwrap().victory, 1);
    assert_eq!(s.victory_pool, pool - 1);
}

// 9.2 Day

#[test]
fn athernum_9_2_the_active_player_holds_priority_in_the_day_phase() {
    let s = day_phase(6);
    assert_eq!(Athernum::to_act(&s), vec![ALICE]);
    assert!(legal(&s, BOB).is_empty());
    assert!(legal(&s, ALICE).contains(&Action::Acquisition));
}

#[test]
fn athernum_9_2_2_acquisition_draws_a_card_for_a_command_token_as_often_as_tokens_last() {
    let mut s = day_phase(7);
    let hand = s.players[ALICE].hand.len();
    act(&mut s, ALICE, &Action::Acquisition);
    assert_eq!(s.players[ALICE].hand.len(), hand + 1);
    assert_eq!(s.players[ALICE].command, 1);
    assert!(legal(&s, ALICE).contains(&Action::Acquisition), "not limited to once per turn");
    act(&mut s, ALICE, &Action::Acquisition);
    assert_eq!(s.players[ALICE].hand.len(), hand + 2);
    assert!(!legal(&s, ALICE).contains(&Action::Acquisition), "no command token left");
}

#[test]
fn athernum_9_2_2b_the_main_character_is_the_source_of_acquisition() {
    let mut s = day_phase(8);
    ok(&mut s, ALICE, Action::Acquisition);
    assert_eq!(s.stack.len(), 1);
    assert_eq!(s.stack[0].source, main_of(&s, ALICE));
    assert_eq!(Athernum::to_act(&s), vec![BOB], "an effect on the stack: the other player may answer");
}

#[test]
fn athernum_9_2_3_solvency_once_per_turn_creates_a_resource_token() {
    let mut s = day_phase(9);
    act(&mut s, ALICE, &Action::Solvency);
    assert_eq!(s.board.iter().filter(|p| p.controller == ALICE && p.place == Place::Resource).count(), 1);
    assert_eq!(s.players[ALICE].command, 1);
    assert!(!legal(&s, ALICE).contains(&Action::Solvency), "once per turn, even with a token left");
    end_turn(&mut s);
    end_turn(&mut s);
    assert!(legal(&s, ALICE).contains(&Action::Solvency), "again next turn");
}

#[test]
fn athernum_5_0_2b_solvency_uses_the_stack_and_can_be_neutralized() {
    // Bob (Gloam) answers with the Whisper Court Archivist's Unweave.
    let mut s = day_phase_with(
        10,
        [BASTION, GLOAM],
        ["Lady Aurelie, Keeper of the Gate", "Mother Sable, the Gloam Voice"],
    );
    let archivist = to_board(&mut s, BOB, "Whisper Court Archivist", Place::Character);
    resources(&mut s, BOB, 2);
    ok(&mut s, ALICE, Action::Solvency);
    assert_eq!(Athernum::to_act(&s), vec![BOB]);
    let unweave = Action::Activate { source: archivist, ability: 0 };
    assert!(legal(&s, BOB).contains(&unweave));
    ok(&mut s, BOB, unweave);
    resolve_all(&mut s, ALICE);
    assert_eq!(
        s.board.iter().filter(|p| p.controller == ALICE && p.place == Place::Resource).count(),
        0,
        "neutralized"
    );
    assert!(s.players[ALICE].solvency_used, "the use still counts");
    assert_eq!(s.players[BOB].command, 1, "Unweave cost Bob a command token");
}

#[test]
fn athernum_9_2_4a_contingency_only_for_a_player_behind_every_other() {
    let mut s = day_phase(11);
    let aurelie = main_of(&s, ALICE);
    let is_contingency = |a: &Action| matches!(a, Action::Contingency { .. });
    assert!(!legal(&s, ALICE).iter().any(is_contingency), "level with Bob is not behind");
    let kharsa = main_of(&s, BOB);
    s.perm_mut(kharsa).unwrap().victory = 1;
    s.victory_pool -= 1;
    assert!(legal(&s, ALICE).contains(&Action::Contingency { on: aurelie }));
    assert!(
        !legal(&s, ALICE).contains(&Action::Contingency { on: kharsa }),
        "only on a permanent Alice owns and controls"
    );
    let pool = s.victory_pool;
    act(&mut s, ALICE, &Action::Contingency { on: aurelie });
    assert_eq!(s.perm(aurelie).unwrap().victory, 1);
    assert_eq!(s.victory_pool, pool - 1, "10.1.4: taken from the pool");
    s.perm_mut(kharsa).unwrap().victory = 3;
    assert!(!legal(&s, ALICE).iter().any(is_contingency), "once per turn (9.2.4)");
}

#[test]
fn athernum_9_2_6_one_location_per_turn() {
    let mut s = day_phase(12);
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    let inn = to_hand(&mut s, ALICE, "The Crossroads Inn");
    act(&mut s, ALICE, &Action::PlayLocation { card: yard });
    assert!(!legal(&s, ALICE).contains(&Action::PlayLocation { card: inn }));
}

#[test]
fn athernum_9_2_11_no_combat_on_the_first_turn_of_the_game() {
    let mut s = day_phase(13);
    s.turn = 1;
    assert!(!legal(&s, ALICE).contains(&Action::EnterCombat));
    s.turn = 2;
    assert!(legal(&s, ALICE).contains(&Action::EnterCombat));
}

#[test]
fn athernum_9_2_12_every_player_may_respond_before_the_evening() {
    let mut s = day_phase(14);
    let skirmisher = to_board(&mut s, BOB, "Ember Skirmisher", Place::Character);
    ok(&mut s, ALICE, Action::Pass);
    assert_eq!(s.phase, Phase::Day, "the day is not over yet");
    assert_eq!(Athernum::to_act(&s), vec![BOB]);
    let drums = Action::Activate { source: skirmisher, ability: 0 };
    assert!(legal(&s, BOB).contains(&drums));
    ok(&mut s, BOB, drums);
    resolve_all(&mut s, BOB);
    assert_eq!(s.active, BOB, "once all passed with an empty stack, Bob's turn came");
}

// 9.3 Combat

#[test]
fn athernum_9_3_1_combat_is_entered_once_per_turn_and_the_day_goes_on() {
    let mut s = day_phase(15);
    ok(&mut s, ALICE, Action::EnterCombat);
    assert_eq!(s.phase, Phase::Combat);
    ok(&mut s, ALICE, Action::Pass);
    assert_eq!(s.phase, Phase::Day, "9.3.2: back to the day phase");
    assert_eq!(Athernum::to_act(&s), vec![ALICE], "Alice keeps priority");
    assert!(!legal(&s, ALICE).contains(&Action::EnterCombat));
}

#[test]
fn athernum_9_3_5_only_face_up_permanents_with_an_ofv_attack() {
    let mut s = day_phase(16);
    ok(&mut s, ALICE, Action::EnterCombat);
    let ready = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let tired = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    exhaust_with(&mut s, tired, 1);
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    let attackers: Vec<u32> = legal(&s, ALICE)
        .into_iter()
        .filter_map(|a| match a {
            Action::Attack { attacker, .. } => Some(attacker),
            _ => None,
        })
        .collect();
    assert!(attackers.contains(&ready) && attackers.contains(&main_of(&s, ALICE)));
    assert!(!attackers.contains(&tired), "exhausted");
    assert!(!attackers.contains(&yard), "no OFV");
}

#[test]
fn athernum_9_3_6_any_permanent_that_has_or_may_have_a_dfv_is_a_target() {
    let mut s = day_phase(17);
    let kharsa = main_of(&s, BOB);
    exhaust_with(&mut s, kharsa, 1);
    let camp = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    let rider = to_board(&mut s, BOB, "Ashwolf Rider", Place::Character);
    let axe = to_board(&mut s, BOB, "Warbrand Axe", Place::Item { host: rider });
    ok(&mut s, ALICE, Action::EnterCombat);
    let targets: Vec<u32> = legal(&s, ALICE)
        .into_iter()
        .filter_map(|a| match a {
            Action::Attack { target, .. } => Some(target),
            _ => None,
        })
        .collect();
    assert!(targets.contains(&kharsa), "9.3.6a: exhausted, but a character may have a DFV");
    assert!(targets.contains(&camp) && targets.contains(&rider));
    assert!(!targets.contains(&axe), "9.3.6b: an attachment never has a DFV");
    let marches = to_board(&mut s, BOB, "Burning Marches", Place::Location);
    assert!(!legal(&s, ALICE)
        .iter()
        .any(|a| *a == Action::Attack { attacker: main_of(&s, ALICE), target: marches }));
}

#[test]
fn athernum_9_3_7_the_defender_steps_in_and_both_fighters_are_exhausted() {
    let mut s = day_phase(18);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    let kharsa = main_of(&s, BOB);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: kharsa });
    fight_plan(&mut s, ALICE);
    assert_eq!(s.prompt, Prompt::Defender);
    assert_eq!(Athernum::to_act(&s), vec![BOB]);
    assert!(legal(&s, BOB).contains(&Action::Defend { defender: None }));
    assert!(!legal(&s, BOB).contains(&Action::Defend { defender: Some(kharsa) }), "not the target itself");
    fight_on(&mut s, Some(sellsword));
    assert_eq!(s.perm(kharsa).unwrap().damage, 0, "the target is spared");
    let sw = s.perm(sellsword).unwrap();
    assert_eq!(sw.damage, 2);
    assert!(sw.exhausted, "9.3.12");
    let sg = s.perm(sergeant).unwrap();
    assert_eq!(sg.damage, 2, "the defender hits back with its OFV");
    assert!(sg.exhausted && sg.face_down && sg.exhaustion == 1, "9.3.11");
}

fn fight_on(s: &mut State, defender: Option<u32>) {
    ok(s, BOB, Action::Defend { defender });
    resolve_all(s, ALICE);
}

#[test]
fn athernum_9_3_9_combat_damage_is_dealt_simultaneously() {
    let mut s = day_phase(19);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let skirmisher = to_board(&mut s, BOB, "Ember Skirmisher", Place::Character);
    fight(&mut s, archer, skirmisher, None);
    assert!(s.perm(archer).is_none() && s.perm(skirmisher).is_none(), "2/2 against 2/2: both fall (9.3.10a)");
    assert_eq!(s.players[ALICE].discard.last().unwrap().uid, archer);
    assert_eq!(s.players[BOB].discard.last().unwrap().uid, skirmisher);
}

#[test]
fn athernum_9_3_9b_a_target_without_an_ofv_deals_no_damage_back() {
    let mut s = day_phase(20);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    let camp = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    fight(&mut s, paladin, camp, None);
    assert_eq!(s.perm(camp).unwrap().damage, 3);
    assert_eq!(s.perm(paladin).unwrap().damage, 0);
}

#[test]
fn athernum_9_3_9a_i_a_target_gone_before_damage_leaves_the_attack_without_effect() {
    let mut s = day_phase(21);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: paladin, target: raider });
    fight_plan(&mut s, ALICE);
    ok(&mut s, BOB, Action::Defend { defender: None });
    // 9.3.8: the window before damage; Alice fires a Volley at the target.
    assert_eq!(Athernum::to_act(&s), vec![ALICE]);
    let volley = Action::Activate { source: archer, ability: 0 };
    ok(&mut s, ALICE, volley);
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, ALICE, Action::Target { target: cardtable::games::athernum::TargetRef::Perm(raider) });
    }
    resolve_all(&mut s, ALICE);
    assert!(s.perm(raider).is_none(), "the Volley discarded it");
    let p = s.perm(paladin).unwrap();
    assert_eq!(p.damage, 0);
    assert!(p.exhausted, "the attacker is still exhausted");
    assert_eq!(s.phase, Phase::Combat);
}

#[test]
fn athernum_9_3_9a_i_a_target_gone_before_damage_spares_its_defender_too() {
    let mut s = day_phase(29);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: paladin, target: raider });
    fight_plan(&mut s, ALICE);
    ok(&mut s, BOB, Action::Defend { defender: Some(sellsword) });
    ok(&mut s, ALICE, Action::Activate { source: archer, ability: 0 });
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, ALICE, Action::Target { target: cardtable::games::athernum::TargetRef::Perm(raider) });
    }
    resolve_all(&mut s, ALICE);
    assert!(s.perm(raider).is_none());
    let sw = s.perm(sellsword).unwrap();
    assert_eq!(sw.damage, 0, "the attack has no effect once its target is gone");
    assert!(sw.exhausted, "the declared defender is still exhausted (9.3.12)");
    let p = s.perm(paladin).unwrap();
    assert_eq!(p.damage, 0);
    assert!(p.exhausted);
}

#[test]
fn athernum_9_3_10_abilities_triggered_by_combat_damage_fire_before_the_attacker_is_exhausted() {
    // The Ashwolf Rider makes Bob discard when it deals combat damage; the
    // check of 9.3.10 sees it face up, before 9.3.11 exhausts it.
    let mut s = day_phase_with(
        31,
        ["Embers of the March", BASTION],
        ["Kharsa the Unburnt", "Lady Aurelie, Keeper of the Gate"],
    );
    let rider = to_board(&mut s, ALICE, "Ashwolf Rider", Place::Character);
    let camp = to_board(&mut s, BOB, "Citadel of Dawnspire", Place::Location);
    to_hand(&mut s, BOB, "Wallwarden Recruit");
    to_hand(&mut s, BOB, "Tower Shield");
    fight(&mut s, rider, camp, None);
    assert_eq!(s.perm(camp).unwrap().damage, 3);
    assert!(s.perm(rider).unwrap().exhausted);
    assert_eq!(s.players[BOB].hand.len(), 1, "Bob discarded a card");
}

#[test]
fn athernum_9_3_10_an_attacker_that_defeats_its_target_sees_it_discarded() {
    // Kharsa the Unburnt, Alice's main character, scores when a permanent
    // she fought is discarded: her own attack counts.
    let mut s = day_phase_with(
        32,
        ["Embers of the March", BASTION],
        ["Kharsa the Unburnt", "Lady Aurelie, Keeper of the Gate"],
    );
    let kharsa = main_of(&s, ALICE);
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    fight(&mut s, kharsa, recruit, None);
    assert!(s.perm(recruit).is_none());
    assert_eq!(s.perm(kharsa).unwrap().victory, 1);
    assert!(s.perm(kharsa).unwrap().exhausted);
}

#[test]
fn athernum_3_0_7e_an_overwhelmed_main_character_is_beaten_by_those_who_fought_it() {
    // Kharsa the Unburnt scores when a permanent she fought is discarded or
    // overwhelmed. Lady Aurelie (DFV 5) carries 2 damage; Kharsa's 3 reach
    // her DFV: she stays, exhausted and healed, and Kharsa scores.
    let mut s =
        day_phase_with(33, [ASHEN, BASTION], ["Kharsa the Unburnt", "Lady Aurelie, Keeper of the Gate"]);
    let kharsa = main_of(&s, ALICE);
    let aurelie = main_of(&s, BOB);
    s.perm_mut(aurelie).unwrap().damage = 2;
    fight(&mut s, kharsa, aurelie, None);
    let a = s.perm(aurelie).expect("a main character never leaves (3.0.7)");
    assert!(a.exhausted && a.face_down && a.damage == 0, "overwhelmed: {a:?}");
    assert_eq!(s.perm(kharsa).unwrap().victory, 1);
}

#[test]
fn athernum_3_0_7e_an_overwhelmed_main_character_is_not_a_discard() {
    // A Cinder Raider overwhelms Bob's main character. Kharsa did not fight
    // it, and Ruin-Herald Skarn hears only discards: neither gains anything.
    let mut s =
        day_phase_with(34, [ASHEN, BASTION], ["Kharsa the Unburnt", "Lady Aurelie, Keeper of the Gate"]);
    let kharsa = main_of(&s, ALICE);
    let aurelie = main_of(&s, BOB);
    let raider = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    let skarn = to_board(&mut s, ALICE, "Ruin-Herald Skarn", Place::Character);
    s.players[ALICE].command = 1;
    s.perm_mut(aurelie).unwrap().damage = 4;
    fight(&mut s, raider, aurelie, None);
    assert!(s.perm(aurelie).unwrap().exhausted, "overwhelmed");
    assert_eq!(s.perm(kharsa).unwrap().victory, 0, "Kharsa never fought her");
    assert_eq!(s.players[ALICE].command, 1, "Skarn: no discard, no command token");
    assert!(s.perm(skarn).is_some());
}

#[test]
fn athernum_3_0_7e_vethrik_scores_when_an_opponents_main_character_is_overwhelmed() {
    // Warlord Vethrik Ashmane scores whenever an opponent's character is
    // discarded or overwhelmed; Burn the Fields deals Lady Aurelie the last
    // point of damage, out of combat.
    let mut s =
        day_phase_with(35, [ASHEN, BASTION], ["Warlord Vethrik Ashmane", "Lady Aurelie, Keeper of the Gate"]);
    let vethrik = main_of(&s, ALICE);
    let aurelie = main_of(&s, BOB);
    s.perm_mut(aurelie).unwrap().damage = 4;
    resources(&mut s, ALICE, 3);
    ok(&mut s, ALICE, Action::Activate { source: vethrik, ability: 1 });
    resolve_all(&mut s, ALICE);
    assert!(s.perm(aurelie).unwrap().exhausted, "overwhelmed");
    assert_eq!(s.perm(vethrik).unwrap().victory, 1);
}

#[test]
fn athernum_9_3_4_one_combat_at_a_time_then_another_attacker() {
    let mut s = day_phase(22);
    let a = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let b = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    let camp = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: a, target: camp });
    fight_plan(&mut s, ALICE);
    ok(&mut s, BOB, Action::Defend { defender: None });
    assert!(
        !legal(&s, ALICE).iter().any(|x| matches!(x, Action::Attack { .. })),
        "no second attack mid-combat"
    );
    resolve_all(&mut s, ALICE);
    assert!(legal(&s, ALICE).contains(&Action::Attack { attacker: b, target: camp }));
    assert!(!legal(&s, ALICE).iter().any(|x| matches!(x, Action::Attack { attacker, .. } if *attacker == a)));
}

#[test]
fn athernum_9_3_7_a_defender_must_be_face_up_with_a_dfv() {
    let mut s = day_phase(23);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let tired = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    exhaust_with(&mut s, tired, 1);
    ok(&mut s, ALICE, Action::EnterCombat);
    let target = main_of(&s, BOB);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target });
    fight_plan(&mut s, ALICE);
    assert_ne!(s.prompt, Prompt::Defender, "Bob has nobody who could step in: he is not asked");
}

// 9.4, 9.5 Evening and night

#[test]
fn athernum_9_5_night_abilities_resolve_and_nobody_gets_priority() {
    // Standing Stones removes a Hex marker from its controller's
    // characters at night.
    let mut s = day_phase(24);
    to_board(&mut s, ALICE, "Standing Stones", Place::Location);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let hex = s.db.markers.iter().position(|m| m.name == "Hex").unwrap() as u8;
    s.perm_mut(recruit).unwrap().markers.push((hex, 2));
    ok(&mut s, ALICE, Action::Pass);
    ok(&mut s, BOB, Action::Pass);
    assert_eq!((s.active, s.phase), (BOB, Phase::Day), "evening and night passed by themselves");
    assert_eq!(s.perm(recruit).unwrap().markers, vec![(hex, 1)]);
}

#[test]
fn athernum_9_turns_alternate_and_count_up() {
    let mut s = day_phase(25);
    end_turn(&mut s);
    assert_eq!((s.active, s.turn), (BOB, 3));
    end_turn(&mut s);
    assert_eq!((s.active, s.turn), (ALICE, 4));
    assert_eq!(s.phase, Phase::Day);
}

// 9.2.1 The order of simultaneous triggered abilities

/// Alice controls Old Mother Bramble (a Sapling when she plays a location)
/// and the Old Cartographer (a Victory Token when she plays one), then
/// plays a location: two different abilities trigger at once.
fn two_triggers(seed: u64) -> (State, u32, u32) {
    let mut s =
        day_phase_with(seed, [THORNWILD, BASTION], ["Wildcaller Ysra", "Lady Aurelie, Keeper of the Gate"]);
    let bramble = to_board(&mut s, ALICE, "Old Mother Bramble", Place::Character);
    let cartographer = to_board(&mut s, ALICE, "The Old Cartographer", Place::Character);
    let glade = to_hand(&mut s, ALICE, "Heartwood Glade");
    ok(&mut s, ALICE, Action::PlayLocation { card: glade });
    // Heartwood Glade's static goes on first; let it resolve.
    while s.prompt == Prompt::Priority && !s.stack.is_empty() {
        let who = Athernum::to_act(&s)[0];
        ok(&mut s, who, Action::Pass);
    }
    (s, bramble, cartographer)
}

fn stack_next_options(s: &State) -> Vec<u32> {
    legal(s, ALICE)
        .into_iter()
        .map(|a| match a {
            Action::StackNext { trigger } => trigger,
            other => panic!("only the order is asked: {other:?}"),
        })
        .collect()
}

#[test]
fn athernum_9_2_1_a_player_orders_their_own_simultaneous_triggers() {
    for first in [0usize, 1] {
        let (mut s, bramble, cartographer) = two_triggers(26);
        assert_eq!(s.prompt, Prompt::Choice, "Alice is asked for the order");
        assert_eq!(Athernum::to_act(&s), vec![ALICE]);
        let options = stack_next_options(&s);
        assert_eq!(options.len(), 2);
        let chosen = s.pending.iter().find(|i| i.uid == options[first]).unwrap().source;
        ok(&mut s, ALICE, Action::StackNext { trigger: options[first] });
        // The other one is then forced: both are on the stack, the chosen one
        // at the bottom, so it resolves last.
        assert_eq!(s.prompt, Prompt::Priority);
        let sources: Vec<u32> = s.stack.iter().map(|i| i.source).collect();
        let other = if chosen == bramble { cartographer } else { bramble };
        assert_eq!(sources, vec![chosen, other]);
        resolve_all(&mut s, ALICE);
        assert_eq!(s.perm(cartographer).unwrap().victory, 1);
        assert_eq!(
            s.board.iter().filter(|p| p.controller == ALICE && s.def_name(p.def) == "Sapling").count(),
            1
        );
    }
}

#[test]
fn athernum_9_2_1_one_trigger_or_alike_triggers_are_not_asked() {
    let mut s =
        day_phase_with(27, [THORNWILD, BASTION], ["Wildcaller Ysra", "Lady Aurelie, Keeper of the Gate"]);
    // Two copies of the same ability: their order cannot matter.
    to_board(&mut s, ALICE, "Old Mother Bramble", Place::Character);
    to_board(&mut s, ALICE, "Old Mother Bramble", Place::Character);
    let stones = to_hand(&mut s, ALICE, "Standing Stones");
    ok(&mut s, ALICE, Action::PlayLocation { card: stones });
    assert_eq!(s.prompt, Prompt::Priority, "no order is asked for alike triggers");
    assert_eq!(s.stack.len(), 2, "both went on the stack by themselves");
    resolve_all(&mut s, ALICE);
    assert_eq!(s.board.iter().filter(|p| p.controller == ALICE && s.def_name(p.def) == "Sapling").count(), 2);
    // A single trigger is not asked either: Bob's Thornwall Thicket when
    // attacked.
    let thicket = to_board(&mut s, BOB, "Thornwall Thicket", Place::Location);
    ok(&mut s, ALICE, Action::EnterCombat);
    let attacker = main_of(&s, ALICE);
    ok(&mut s, ALICE, Action::Attack { attacker, target: thicket });
    fight_plan(&mut s, ALICE);
    if s.prompt == Prompt::Defender {
        ok(&mut s, BOB, Action::Defend { defender: None });
    }
    assert_ne!(s.prompt, Prompt::Choice);
    assert_eq!(s.pending.len() + s.stack.len(), 1);
}

/// What the active player is offered in their combat phase with no fight
/// under way: only what combat provides (see the rulings, "9.2.2a Day
/// actions are not offered in combat").
fn day_only(a: &Action) -> bool {
    matches!(
        a,
        Action::Acquisition
            | Action::Solvency
            | Action::Contingency { .. }
            | Action::PlayCharacter { .. }
            | Action::PlayLocation { .. }
            | Action::PlayItem { .. }
            | Action::Ascend { .. }
            | Action::EnterCombat
    )
}

#[test]
fn day_actions_are_not_offered_in_combat_9_2_2a() {
    let mut s = day_phase(31);
    to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let bobs = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    resources(&mut s, ALICE, 4);
    to_hand(&mut s, ALICE, "Oathkeeper Paladin");
    to_hand(&mut s, ALICE, "Mustering Yard");
    to_hand(&mut s, ALICE, "Tower Shield");
    let day = legal(&s, ALICE);
    for a in [Action::Acquisition, Action::Solvency, Action::EnterCombat] {
        assert!(day.contains(&a), "the day phase offers {a:?}");
    }
    assert!(day.iter().any(|a| matches!(a, Action::PlayLocation { .. })));
    ok(&mut s, ALICE, Action::EnterCombat);
    let combat = legal(&s, ALICE);
    assert!(!combat.iter().any(day_only), "9.2.2a, 9.2.3a: day actions in combat: {combat:?}");
    assert!(combat.iter().any(|a| matches!(a, Action::Attack { .. })));
    assert!(combat.contains(&Action::Pass), "ending combat is offered");
    // A plan declared, not yet fought: still only combat.
    let first = combat.iter().find(|a| matches!(a, Action::Attack { .. })).unwrap().clone();
    ok(&mut s, ALICE, first);
    let planned = legal(&s, ALICE);
    assert!(!planned.iter().any(day_only), "with a plan: {planned:?}");
    assert!(planned.contains(&Action::Fight));
    ok(&mut s, ALICE, Action::Fight);
    if s.prompt == Prompt::Defender {
        ok(&mut s, BOB, Action::Defend { defender: None });
    }
    resolve_all(&mut s, ALICE);
    assert_eq!(s.phase, Phase::Combat, "the combat phase stays open after the plan");
    assert!(!legal(&s, ALICE).iter().any(day_only), "between combats");
    assert!(s.perm(bobs).is_some() || s.players[BOB].discard.len() == 1);
    // 9.3.2: once combat ends, the day goes on with its actions.
    ok(&mut s, ALICE, Action::Pass);
    assert_eq!(s.phase, Phase::Day);
    assert!(legal(&s, ALICE).contains(&Action::Acquisition));
}

#[test]
fn acquisition_with_an_empty_deck_asks_before_it_loses_4_2_4b() {
    let mut s = day_phase(32);
    let deck = std::mem::take(&mut s.players[ALICE].deck);
    s.players[ALICE].discard.extend(deck);
    assert!(legal(&s, ALICE).contains(&Action::Acquisition));
    let label = Athernum::describe(&s, ALICE, &Action::Acquisition).label;
    assert!(label.contains("deck is empty"), "the first click says the deck is empty: {label}");
    ok(&mut s, ALICE, Action::Acquisition);
    assert_eq!(s.prompt, Prompt::Choice, "a confirmation, not a draw");
    assert_eq!(s.players[ALICE].command, 2, "nothing is spent yet");
    assert!(s.stack.is_empty());
    assert_eq!(legal(&s, ALICE), vec![Action::DrawFromEmptyDeck, Action::Cancel]);
    assert_eq!(Athernum::decline(&s, ALICE), Some(Action::Cancel));
    let labels: Vec<String> =
        legal(&s, ALICE).iter().map(|a| Athernum::describe(&s, ALICE, a).label).collect();
    assert_eq!(labels, ["Draw from empty deck (lose)", "Cancel"]);
    let v = Athernum::view(&s, cardtable::engine::Viewer::Seat(ALICE));
    assert_eq!(v.prompt.as_deref(), Some("Your deck is empty: drawing loses the game. Draw anyway?"));
    // The sub-state is part of the state: it survives a serde round trip.
    let json = serde_json::to_string(&s).unwrap();
    let mut back: State = serde_json::from_str(&json).unwrap();
    Athernum::attach(&mut back, &cardtable::games::athernum::testing::db());
    assert!(back == s);
    ok(&mut s, ALICE, Action::Cancel);
    assert_eq!((s.prompt, s.phase, s.players[ALICE].command), (Prompt::Priority, Phase::Day, 2));
    assert!(legal(&s, ALICE).contains(&Action::Acquisition), "back in the day, nothing lost");
    ok(&mut s, ALICE, Action::Acquisition);
    ok(&mut s, ALICE, Action::DrawFromEmptyDeck);
    resolve_all(&mut s, ALICE);
    let out = s.outcome.clone().expect("drawing from the empty deck lost the game");
    assert_eq!(out.winners, vec![BOB]);
}

#[test]
fn a_fight_is_told_in_one_line_with_both_fighters_exhaustion_9_3_11_9_3_12() {
    let mut s = day_phase(33);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let target = main_of(&s, BOB);
    let defender = to_board(&mut s, BOB, "Shieldwall Sergeant", Place::Character);
    let mut said = Vec::new();
    said.extend(ok(&mut s, ALICE, Action::EnterCombat));
    said.extend(ok(&mut s, ALICE, Action::Attack { attacker: recruit, target }));
    if legal(&s, ALICE).contains(&Action::Fight) {
        said.extend(ok(&mut s, ALICE, Action::Fight));
    }
    assert_eq!(s.prompt, Prompt::Defender);
    said.extend(ok(&mut s, BOB, Action::Defend { defender: Some(defender) }));
    for _ in 0..20 {
        if s.fight.is_none() || s.prompt != Prompt::Priority {
            break;
        }
        let who = Athernum::to_act(&s)[0];
        said.extend(ok(&mut s, who, Action::Pass));
    }
    // One line when it fits in 80 characters, else the exhaustion on the next.
    let at = said
        .iter()
        .position(|l| l.starts_with("Alice's Wallwarden Recruit ("))
        .unwrap_or_else(|| panic!("no fight line in {said:?}"));
    assert!(said[at..].iter().all(|l| l.chars().count() <= 80), "{said:?}");
    let line = said[at..(at + 2).min(said.len())].join(" / ");
    assert!(line.contains("fights Bob's Shieldwall Sergeant ("), "{line}");
    assert!(line.contains("Wallwarden Recruit exhausted ×1"), "the attacker: {line}");
    let sergeant =
        if s.perm(defender).is_some() { "Shieldwall Sergeant ×1" } else { "Shieldwall Sergeant discarded" };
    assert!(line.contains(sergeant), "the defender too: {line}");
    assert!(
        !said.iter().any(|l| l.contains("is exhausted after the attack")),
        "one line per fight: {said:?}"
    );
}
