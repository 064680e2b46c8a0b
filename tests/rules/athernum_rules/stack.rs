//! Athernum rules, chapter 4 (the stack and priority, state-based checks,
//! the types of abilities, modifiers) and winning and losing, scenario by
//! scenario through `legal_actions` / `apply`.

use super::*;

use cardtable::cards::athernum::{Duration, Stat};
use cardtable::engine::{MatchSetup, Rules, Seat, SeatSetup};
use cardtable::games::athernum::state::{Change, Continuous, Place, Scope};
use cardtable::games::athernum::testing::{
    act, choose_main, day_phase, day_phase_with, db, end_turn, main_of, resolve_all, resources, to_board,
    to_hand,
};
use cardtable::games::athernum::values::{dfv, ofv};
use cardtable::games::athernum::{check_invariants, Action, Athernum, Phase, Prompt, State, TargetRef};

fn winner(s: &State) -> Vec<Seat> {
    s.outcome.as_ref().map(|o| o.winners.clone()).unwrap_or_default()
}

// 4.1 The stack

#[test]
fn athernum_4_1_cards_never_go_on_the_stack_only_their_effects() {
    let mut s = day_phase(1);
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 2);
    ok(&mut s, ALICE, Action::PlayCharacter { card: sergeant });
    assert_eq!(s.perm(sergeant).unwrap().place, Place::Character, "the card is on the board at once");
    assert_eq!(s.stack.len(), 1, "its static effect waits on the stack");
    assert_eq!(s.stack[0].source, sergeant);
    assert_eq!(Athernum::to_act(&s), vec![BOB], "4.1.6: the other player may respond");
}

#[test]
fn athernum_4_1_1_only_the_active_player_plays_cards() {
    let mut s = day_phase(2);
    let raider = to_hand(&mut s, BOB, "Cinder Raider");
    resources(&mut s, BOB, 2);
    ok(&mut s, ALICE, Action::Acquisition);
    assert_eq!(Athernum::to_act(&s), vec![BOB]);
    assert!(!legal(&s, BOB).contains(&Action::PlayCharacter { card: raider }));
}

#[test]
fn athernum_4_1_7_the_stack_resolves_last_in_first_out() {
    let mut s = day_phase(3);
    let skirmisher = to_board(&mut s, BOB, "Ember Skirmisher", Place::Character);
    ok(&mut s, ALICE, Action::Solvency);
    ok(&mut s, BOB, Action::Activate { source: skirmisher, ability: 0 });
    let mut lines = Vec::new();
    while s.prompt == Prompt::Priority && !s.stack.is_empty() {
        let who = Athernum::to_act(&s)[0];
        lines.extend(ok(&mut s, who, Action::Pass));
    }
    let resolved: Vec<&String> = lines.iter().filter(|l| l.starts_with("Resolves")).collect();
    assert_eq!(resolved.len(), 2, "{lines:?}");
    assert!(resolved[0].contains("Ember Skirmisher"), "Bob's answer first: {resolved:?}");
    assert!(resolved[1].contains("Solvency"));
}

#[test]
fn athernum_4_1_8d_a_neutralized_effect_leaves_the_stack_unresolved() {
    let mut s = day_phase_with(
        4,
        [BASTION, GLOAM],
        ["Lady Aurelie, Keeper of the Gate", "Mother Sable, the Gloam Voice"],
    );
    let archivist = to_board(&mut s, BOB, "Whisper Court Archivist", Place::Character);
    resources(&mut s, BOB, 2);
    let hand = s.players[ALICE].hand.len();
    ok(&mut s, ALICE, Action::Acquisition);
    let acquisition = s.stack[0].uid;
    ok(&mut s, BOB, Action::Activate { source: archivist, ability: 0 });
    assert_eq!(s.stack.len(), 2);
    assert_eq!(
        s.stack[1].targets,
        vec![Some(TargetRef::Effect(acquisition))],
        "4.1.8a: an effect already on the stack"
    );
    resolve_all(&mut s, ALICE);
    assert!(s.stack.is_empty());
    assert_eq!(s.players[ALICE].hand.len(), hand, "no card drawn");
    assert_eq!(s.players[ALICE].command, 1, "the cost stays paid");
}

#[test]
fn athernum_4_1_2_only_a_player_with_priority_acts() {
    let mut s = day_phase(5);
    let skirmisher = to_board(&mut s, BOB, "Ember Skirmisher", Place::Character);
    assert!(legal(&s, BOB).is_empty(), "Alice holds priority");
    assert!(Athernum::apply(&mut s, BOB, &Action::Activate { source: skirmisher, ability: 0 }).is_err());
}

// 4.2 State-based checks

#[test]
fn athernum_4_2_2g_a_victory_field_entering_adds_to_the_pool_before_4_2_3c_counts_the_majority() {
    // Alice holds 4 of 7 tokens (a majority the next check would see) and
    // plays the Old Cartographer: its 3 enter the pool earlier in the same
    // check, so 4 of 10 is no majority.
    let mut s = day_phase(6);
    let oak = to_board(&mut s, ALICE, "The Elder Oak", Place::Character);
    s.perm_mut(oak).unwrap().victory = 4;
    s.victory_pool = 3;
    let cartographer = to_hand(&mut s, ALICE, "The Old Cartographer");
    resources(&mut s, ALICE, 4);
    ok(&mut s, ALICE, Action::PlayCharacter { card: cartographer });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.victory_total(), 10);
    assert!(s.outcome.is_none(), "4 of 10 is no majority: {:?}", s.outcome);
}

#[test]
fn athernum_4_2_3c_a_majority_of_all_victory_tokens_wins() {
    // The tokens sit on the Elder Oak (field 5): no objective is met.
    let mut s = day_phase(7);
    let oak = to_board(&mut s, ALICE, "The Elder Oak", Place::Character);
    s.perm_mut(oak).unwrap().victory = 3;
    s.victory_pool = 2;
    // 3 of 5 after the next check.
    act(&mut s, ALICE, &Action::Acquisition);
    assert_eq!(winner(&s), vec![ALICE]);
    assert!(s.outcome.as_ref().unwrap().reason.contains("most of the Victory Tokens"));
    assert!(Athernum::to_act(&s).is_empty());
}

#[test]
fn athernum_4_2_3c_half_of_the_tokens_is_not_a_majority() {
    let mut s = day_phase(8);
    let oak = to_board(&mut s, ALICE, "The Elder Oak", Place::Character);
    s.perm_mut(oak).unwrap().victory = 3;
    s.victory_pool = 3;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.outcome.is_none());
}

#[test]
fn athernum_4_2_2h_a_face_up_objective_card_with_its_field_filled_wins() {
    // Lady Aurelie scores when chosen as an attack's target; at 3 of 3 her
    // controller wins at the next check.
    let mut s = day_phase(9);
    let aurelie = main_of(&s, ALICE);
    s.perm_mut(aurelie).unwrap().victory = 2;
    s.victory_pool = 20;
    end_turn(&mut s);
    let kharsa = main_of(&s, BOB);
    ok(&mut s, BOB, Action::EnterCombat);
    ok(&mut s, BOB, Action::Attack { attacker: kharsa, target: aurelie });
    fight_plan(&mut s, BOB);
    resolve_all(&mut s, BOB);
    assert_eq!(winner(&s), vec![ALICE]);
    assert!(s.outcome.as_ref().unwrap().reason.contains("objective"));
}

#[test]
fn athernum_4_2_2h_a_face_down_objective_card_does_not_win() {
    let mut s = day_phase(10);
    let aurelie = main_of(&s, ALICE);
    s.perm_mut(aurelie).unwrap().victory = 3;
    s.victory_pool = 20;
    let p = s.perm_mut(aurelie).unwrap();
    p.exhausted = true;
    p.face_down = true;
    p.exhaustion = 1;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.outcome.is_none());
}

#[test]
fn athernum_4_2_3c_the_majority_is_checked_before_4_2_4b_drawing_from_an_empty_deck() {
    let mut s = day_phase(11);
    let oak = to_board(&mut s, ALICE, "The Elder Oak", Place::Character);
    s.perm_mut(oak).unwrap().victory = 4;
    s.victory_pool = 2;
    s.players[ALICE].deck.clear();
    s.deck_sizes[ALICE] = cardtable::games::athernum::state::card_count(&s, ALICE);
    act(&mut s, ALICE, &Action::Acquisition);
    act(&mut s, ALICE, &Action::DrawFromEmptyDeck);
    assert_eq!(winner(&s), vec![ALICE], "{:?}", s.outcome);
    assert!(s.outcome.as_ref().unwrap().reason.contains("most of the Victory Tokens"));
}

#[test]
fn athernum_4_2_4b_drawing_from_an_empty_deck_loses_and_4_2_4a_the_last_player_wins() {
    let mut s = day_phase(12);
    s.players[ALICE].deck.clear();
    s.deck_sizes[ALICE] = cardtable::games::athernum::state::card_count(&s, ALICE);
    act(&mut s, ALICE, &Action::Acquisition);
    act(&mut s, ALICE, &Action::DrawFromEmptyDeck);
    assert!(s.players[ALICE].out);
    assert_eq!(winner(&s), vec![BOB]);
}

#[test]
fn athernum_4_2_3d_triggers_of_a_check_go_on_a_new_stack_and_the_check_repeats() {
    // Volley discards Bob's Pyre Zealot; its leave trigger makes an Ash
    // Wraith; Kharsa (Bob's main) does not score: she did not fight it.
    let mut s = day_phase(13);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let zealot = to_board(&mut s, BOB, "Pyre Zealot", Place::Character);
    s.perm_mut(zealot).unwrap().damage = 1;
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(zealot));
    assert!(s.perm(zealot).is_none());
    assert!(
        s.board.iter().any(|p| p.controller == BOB && s.def_name(p.def) == "Ash Wraith"),
        "4.2.3d.II: it resolves after the card left"
    );
    assert!(s.stack.is_empty() && s.pending.is_empty());
    assert_eq!(Athernum::to_act(&s), vec![ALICE], "then Alice has priority again");
}

#[test]
fn athernum_4_2_3d_iii_a_trigger_remembers_the_last_known_controller() {
    // The Warlord scores when an enemy character is discarded.
    let mut s =
        day_phase_with(14, [ASHEN, BASTION], ["Warlord Vethrik Ashmane", "Lady Aurelie, Keeper of the Gate"]);
    let warlord = main_of(&s, ALICE);
    let raider = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    s.perm_mut(sellsword).unwrap().damage = 2;
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: raider, target: sellsword });
    fight_plan(&mut s, ALICE);
    resolve_all(&mut s, ALICE);
    assert!(s.perm(sellsword).is_none());
    assert_eq!(s.perm(warlord).unwrap().victory, 1);
}

#[test]
fn athernum_4_2_2a_damage_is_checked_before_4_2_2h_objectives() {
    // The Old Cartographer holds its 3 Victory Tokens but also lethal
    // damage: it is discarded before its objective is looked at.
    let mut s = day_phase(34);
    let cartographer = to_board(&mut s, ALICE, "The Old Cartographer", Place::Character);
    s.perm_mut(cartographer).unwrap().victory = 3;
    s.perm_mut(cartographer).unwrap().damage = 4;
    s.victory_pool = 20;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.outcome.is_none(), "{:?}", s.outcome);
    assert!(s.perm(cartographer).is_none());
    assert_eq!(s.victory_pool, 23, "its tokens went back to the pool (10.1.5)");
}

#[test]
fn athernum_4_2_2b_a_second_copy_is_discarded_before_4_2_2g_counts_its_field() {
    let mut s = day_phase(35);
    to_board(&mut s, ALICE, "The Old Cartographer", Place::Character);
    let second = to_board(&mut s, ALICE, "The Old Cartographer", Place::Character);
    s.perm_mut(second).unwrap().counted = false;
    let pool = s.victory_pool;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(second).is_none());
    assert_eq!(s.victory_pool, pool, "2.2.7d: the copy adds nothing to the pool");
}

#[test]
fn athernum_4_1_4c_ii_a_neutralized_static_effect_stays_off() {
    let mut s = day_phase_with(
        36,
        [BASTION, GLOAM],
        ["Lady Aurelie, Keeper of the Gate", "Mother Sable, the Gloam Voice"],
    );
    let archivist = to_board(&mut s, BOB, "Whisper Court Archivist", Place::Character);
    resources(&mut s, BOB, 2);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 2);
    ok(&mut s, ALICE, Action::PlayCharacter { card: sergeant });
    ok(&mut s, BOB, Action::Activate { source: archivist, ability: 0 });
    resolve_all(&mut s, ALICE);
    assert!(s.perm(sergeant).is_some(), "the card stays: only its effect was neutralized");
    act(&mut s, ALICE, &Action::Acquisition);
    assert_eq!(dfv(&s, s.perm(recruit).unwrap()), Some(3), "no +1 DFV, check after check");
}

#[test]
fn athernum_4_2_1a_until_end_of_turn_changes_end_with_the_turn() {
    let mut s = day_phase(15);
    let brenna = to_board(&mut s, ALICE, "Captain Brenna Hollis", Place::Character);
    act(&mut s, ALICE, &Action::Activate { source: brenna, ability: 0 });
    resolve_all(&mut s, ALICE);
    let p = s.perm(brenna).unwrap();
    assert_eq!((ofv(&s, p), dfv(&s, p)), (Some(5), Some(6)));
    end_turn(&mut s);
    let p = s.perm(brenna).unwrap();
    assert_eq!((ofv(&s, p), dfv(&s, p)), (Some(4), Some(5)));
}

#[test]
fn athernum_4_2_2b_a_second_copy_of_a_victory_field_card_is_discarded() {
    let mut s = day_phase(16);
    let first = to_board(&mut s, ALICE, "The Old Cartographer", Place::Character);
    let second = to_board(&mut s, ALICE, "The Old Cartographer", Place::Character);
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(first).is_some());
    assert!(s.perm(second).is_none(), "the later copy goes");
}

#[test]
fn athernum_4_2_2a_damage_is_checked_before_4_2_2c_locations() {
    // Both checks discard in one pass: a location with lethal damage and an
    // older location both go, the newest stays.
    let mut s = day_phase(17);
    let old = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    let newer = to_board(&mut s, BOB, "Burning Marches", Place::Location);
    s.perm_mut(old).unwrap().damage = 4;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(old).is_none() && s.perm(newer).is_some());
    assert_eq!(s.players[BOB].discard.iter().filter(|c| c.uid == old).count(), 1, "discarded once");
}

// 4.3 Types of abilities

#[test]
fn athernum_4_3_5a_a_static_ability_applies_while_its_card_is_face_up() {
    let mut s =
        day_phase_with(18, [THORNWILD, BASTION], ["Wildcaller Ysra", "Lady Aurelie, Keeper of the Gate"]);
    let boar = to_board(&mut s, ALICE, "Mossback Boar", Place::Character);
    let alpha = to_hand(&mut s, ALICE, "Pack Alpha");
    resources(&mut s, ALICE, 4);
    act(&mut s, ALICE, &Action::PlayCharacter { card: alpha });
    resolve_all(&mut s, ALICE);
    assert_eq!(ofv(&s, s.perm(boar).unwrap()), Some(4), "+1 OFV for another Beast");
    assert_eq!(ofv(&s, s.perm(alpha).unwrap()), Some(4), "not itself");
    // A Beast arriving later is covered too.
    let stalker = to_hand(&mut s, ALICE, "Briar Stalker");
    resources(&mut s, ALICE, 3);
    act(&mut s, ALICE, &Action::PlayCharacter { card: stalker });
    resolve_all(&mut s, ALICE);
    assert_eq!(ofv(&s, s.perm(stalker).unwrap()), Some(4));
}

#[test]
fn athernum_4_3_5b_a_triggered_ability_goes_on_the_stack_by_itself() {
    let mut s =
        day_phase_with(19, [THORNWILD, BASTION], ["Wildcaller Ysra", "Lady Aurelie, Keeper of the Gate"]);
    let sprout = to_hand(&mut s, ALICE, "Thornling Sprout");
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::PlayCharacter { card: sprout });
    assert_eq!(s.stack.len(), 1, "its enter trigger");
    resolve_all(&mut s, ALICE);
    assert!(s.board.iter().any(|p| p.controller == ALICE && s.def_name(p.def) == "Sapling"));
}

#[test]
fn athernum_4_3_5b_iii_a_trigger_without_a_legal_target_has_no_effect() {
    // The Cinderborn Drake, entering, discards an attachment of Bob's: he
    // has none, so nothing happens and nobody is asked.
    let mut s =
        day_phase_with(20, [ASHEN, BASTION], ["Kharsa the Unburnt", "Lady Aurelie, Keeper of the Gate"]);
    let drake = to_hand(&mut s, ALICE, "Cinderborn Drake");
    let host = main_of(&s, ALICE);
    let mine = to_board(&mut s, ALICE, "Warbrand Axe", Place::Item { host });
    resources(&mut s, ALICE, 6);
    let bobs = s.board.iter().filter(|p| p.controller == BOB).count();
    ok(&mut s, ALICE, Action::PlayCharacter { card: drake });
    assert_ne!(s.prompt, Prompt::TriggerTarget);
    resolve_all(&mut s, ALICE);
    assert!(s.perm(drake).is_some() && s.perm(mine).is_some(), "Alice's own attachment is not a target");
    assert_eq!(s.board.iter().filter(|p| p.controller == BOB).count(), bobs);
}

#[test]
fn athernum_4_3_5c_an_activated_ability_is_paid_at_once() {
    let mut s = day_phase(21);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let volley = Action::Activate { source: archer, ability: 0 };
    assert!(!legal(&s, ALICE).contains(&volley), "it costs 1");
    resources(&mut s, ALICE, 1);
    assert!(legal(&s, ALICE).contains(&volley));
    ok(&mut s, ALICE, volley);
    assert!(s.perm(archer).unwrap().exhausted, "its exhaustion is paid before it resolves");
    assert!(s.board.iter().all(|p| p.place != Place::Resource || p.exhausted));
}

#[test]
fn athernum_4_1_9_the_check_waits_until_the_whole_stack_has_resolved() {
    let mut s = day_phase(22);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let torch = to_board(&mut s, BOB, "Warband Torchbearer", Place::Character);
    resources(&mut s, ALICE, 1);
    resources(&mut s, BOB, 2);
    ok(&mut s, ALICE, Action::Activate { source: archer, ability: 0 });
    ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(raider) });
    // Bob answers: Set Alight resolves first and deals the Archer lethal
    // damage, but nothing is discarded before the Volley resolved too.
    ok(&mut s, BOB, Action::Activate { source: torch, ability: 0 });
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, BOB, Action::Target { target: TargetRef::Perm(archer) });
    }
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(archer).unwrap().damage, 2, "Set Alight hit the (exhausted) Archer");
    assert!(s.perm(raider).is_none(), "the Volley still resolved (4.3.5c.IV)");
}

#[test]
fn athernum_10_3_3_lethal_damage_discards_an_exhausted_permanent_once_it_is_face_up() {
    let mut s = day_phase(33);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let p = s.perm_mut(archer).unwrap();
    p.exhausted = true;
    p.face_down = true;
    p.exhaustion = 1;
    p.damage = 2;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(archer).is_some(), "face down: not discarded yet");
    end_turn(&mut s);
    end_turn(&mut s);
    assert!(s.perm(archer).is_none(), "turned face up at Alice's morning, then discarded");
    assert_eq!(s.players[ALICE].discard.last().unwrap().uid, archer);
}

#[test]
fn athernum_4_3_5d_an_activated_objective_places_victory_tokens() {
    let mut s = day_phase_with(23, [BASTION, ASHEN], ["Marshal Oderic Vane", "Kharsa the Unburnt"]);
    let marshal = main_of(&s, ALICE);
    let objective = Action::Activate { source: marshal, ability: 1 };
    resources(&mut s, ALICE, 3);
    act(&mut s, ALICE, &objective);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(marshal).unwrap().victory, 1);
    assert!(s.perm(marshal).unwrap().exhausted);
}

#[test]
fn athernum_4_3_5e_a_command_ability_spends_a_command_token() {
    let mut s = day_phase(24);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    let stand = Action::Activate { source: paladin, ability: 0 };
    s.players[ALICE].command = 0;
    assert!(!legal(&s, ALICE).contains(&stand));
    s.players[ALICE].command = 1;
    act_on(&mut s, ALICE, stand, Some(paladin));
    assert_eq!(s.players[ALICE].command, 0);
}

#[test]
fn athernum_4_3_5f_a_support_ability_is_used_from_the_hand_on_an_empty_stack_in_your_turn() {
    let mut s = day_phase(25);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    let support = Action::Support { card: shield };
    assert!(!legal(&s, ALICE).contains(&support), "its fee is 1");
    resources(&mut s, ALICE, 2);
    assert!(legal(&s, ALICE).contains(&support));
    // Not while a stack exists: Bob answers Alice's Acquisition.
    let skirmisher = to_board(&mut s, BOB, "Ember Skirmisher", Place::Character);
    ok(&mut s, ALICE, Action::Acquisition);
    ok(&mut s, BOB, Action::Activate { source: skirmisher, ability: 0 });
    assert_eq!(Athernum::to_act(&s), vec![ALICE]);
    assert!(!legal(&s, ALICE).contains(&support), "the stack is open");
    resolve_all(&mut s, ALICE);
    assert!(legal(&s, ALICE).contains(&support));
    // Not in Bob's turn.
    end_turn(&mut s);
    ok(&mut s, BOB, Action::Acquisition);
    assert_eq!(Athernum::to_act(&s), vec![ALICE]);
    assert!(!legal(&s, ALICE).contains(&support), "not in Bob's turn");
}

#[test]
fn athernum_4_3_5f_i_a_support_ability_is_used_in_the_combat_phase_between_fights_not_during_one() {
    let mut s = day_phase(27);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    resources(&mut s, ALICE, 2);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let target = main_of(&s, BOB);
    let support = Action::Support { card: shield };
    ok(&mut s, ALICE, Action::EnterCombat);
    assert_eq!((s.phase, s.priority), (Phase::Combat, ALICE));
    assert!(
        legal(&s, ALICE).contains(&support),
        "the active player holds priority and no stack exists: support abilities too, not only in the day phase"
    );
    ok(&mut s, ALICE, Action::Attack { attacker: recruit, target });
    fight_plan(&mut s, ALICE);
    if s.prompt == Prompt::Defender {
        ok(&mut s, BOB, Action::Defend { defender: None });
    }
    assert_eq!((s.prompt, s.priority), (Prompt::Priority, ALICE), "the fight's window before damage (9.3.8)");
    assert!(s.stack.is_empty());
    assert!(!legal(&s, ALICE).contains(&support), "the fight opened a stack: it exists, though empty");
    resolve_all(&mut s, ALICE);
    assert_eq!(s.phase, Phase::Combat, "back between fights");
    assert!(legal(&s, ALICE).contains(&support));
    ok(&mut s, ALICE, support);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].discard.last().map(|c| c.uid), Some(shield), "paid by discarding the card");
    assert_eq!(s.phase, Phase::Combat, "it resolved in the combat phase");
    assert!(s.stack.is_empty());
}

#[test]
fn athernum_4_3_5f_ii_the_support_card_is_discarded_as_its_cost() {
    let mut s = day_phase(26);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::Support { card: shield });
    assert_eq!(s.players[ALICE].discard.last().unwrap().uid, shield, "before the effect resolves");
    assert!(!s.players[ALICE].hand.iter().any(|c| c.uid == shield));
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(main_of(&s, ALICE)).unwrap().prevent, 2);
}

// 4.4 Modifiers

#[test]
fn athernum_4_4_2_a_set_value_comes_before_additions_whatever_their_order() {
    // Blood Oath Brand sets OFV 5 (and −1 DFV); a Warden's Halberd attached
    // before it still adds +1 after: 6.
    let mut s = day_phase(27);
    let aurelie = main_of(&s, ALICE);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    attach_face_up(&mut s, ALICE, halberd, aurelie);
    let brand = to_hand(&mut s, ALICE, "Blood Oath Brand");
    attach_face_up(&mut s, ALICE, brand, aurelie);
    let p = s.perm(aurelie).unwrap();
    assert_eq!(ofv(&s, p), Some(6));
    assert_eq!(dfv(&s, p), Some(5 + 1 - 1));
}

#[test]
fn athernum_4_4_2c_multiplication_comes_after_additions() {
    // The Emberbrand Berserker (OFV 4, a Raider) under Burning Marches (+1)
    // doubles with Frenzy: (4 + 1) × 2 = 10.
    let mut s =
        day_phase_with(28, [ASHEN, BASTION], ["Kharsa the Unburnt", "Lady Aurelie, Keeper of the Gate"]);
    let berserker = to_board(&mut s, ALICE, "Emberbrand Berserker", Place::Character);
    resources(&mut s, ALICE, 3);
    act(&mut s, ALICE, &Action::Activate { source: berserker, ability: 0 });
    resolve_all(&mut s, ALICE);
    assert_eq!(ofv(&s, s.perm(berserker).unwrap()), Some(8));
    let marches = to_hand(&mut s, ALICE, "Burning Marches");
    act(&mut s, ALICE, &Action::PlayLocation { card: marches });
    resolve_all(&mut s, ALICE);
    assert_eq!(ofv(&s, s.perm(berserker).unwrap()), Some(10));
}

#[test]
fn athernum_4_4_2a_a_set_value_replaces_the_printed_one() {
    let mut s =
        day_phase_with(29, [ASHEN, BASTION], ["Kharsa the Unburnt", "Lady Aurelie, Keeper of the Gate"]);
    let kharsa = main_of(&s, ALICE);
    let brand = to_hand(&mut s, ALICE, "Blood Oath Brand");
    attach_face_up(&mut s, ALICE, brand, kharsa);
    assert_eq!(ofv(&s, s.perm(kharsa).unwrap()), Some(5), "printed 3, set to 5");
    assert_eq!(dfv(&s, s.perm(kharsa).unwrap()), Some(2), "printed 3, −1");
}

// Winning and conceding

#[test]
fn athernum_concession_ends_a_two_player_game_for_the_other() {
    let mut s = day_phase(30);
    Athernum::concede(&mut s, BOB);
    assert_eq!(winner(&s), vec![ALICE]);
    assert!(Athernum::to_act(&s).is_empty());
}

fn three_players(seed: u64) -> State {
    let db = db();
    let seats =
        [("Alice", "The Unbroken Gate"), ("Bob", "Embers of the March"), ("Cleo", "The Green Return")]
            .iter()
            .map(|(name, deck)| {
                let d = db.deck(deck).unwrap();
                let mut cards = d.main_list();
                cards.extend(d.extra_list());
                SeatSetup { name: (*name).to_owned(), deck_name: (*deck).to_owned(), deck: cards }
            })
            .collect();
    let mut s = Athernum::setup(&MatchSetup { seed, seats, ..MatchSetup::default() }, &db).unwrap();
    choose_main(&mut s, Seat(0), "Marshal Oderic Vane");
    choose_main(&mut s, Seat(1), "Warlord Vethrik Ashmane");
    choose_main(&mut s, Seat(2), "Wildcaller Ysra");
    s
}

#[test]
fn athernum_4_2_4a_with_three_players_the_game_goes_on_until_one_is_left() {
    let mut s = three_players(31);
    assert_eq!(s.first, Seat(2), "Ysra costs 2, the lowest");
    assert_eq!(
        s.order,
        vec![Seat(2), Seat(0), Seat(1)],
        "8.0.6b: the others follow in initiative order (4, then 5)"
    );
    assert_eq!(s.victory_pool, 4 + 4 + 3);
    Athernum::concede(&mut s, Seat(2));
    assert!(s.outcome.is_none(), "two players remain");
    assert!(s.players[Seat(2)].out);
    assert!(!s.board.iter().any(|p| p.controller == Seat(2)), "the player's permanents left with them");
    assert!(s.active != Seat(2), "the turn passed on");
    check_invariants(&s).unwrap();
    Athernum::concede(&mut s, Seat(0));
    assert_eq!(winner(&s), vec![Seat(1)]);
}

/// A ready Gloam resource token for `seat` (made in an earlier turn).
fn gloam_token(s: &mut State, seat: Seat) {
    use cardtable::cards::athernum::Faction;
    cardtable::games::athernum::effects::create_resource(s, seat, Some(Faction::Gloam), false);
    s.pending.clear();
    s.happened.clear();
}

#[test]
fn athernum_0_your_opponent_with_three_players_is_each_living_opponent() {
    // Rulings, "Language conventions": a card's "your opponent" is each
    // opponent still in the game, and the card says so. Cleo plays the
    // Veiled Informant: Alice and Bob each discard the top 2 of their decks.
    let mut s = three_players(34);
    let cleo = Seat(2);
    assert_eq!(s.active, cleo);
    resolve_all(&mut s, cleo);
    let informant = to_hand(&mut s, cleo, "Veiled Informant");
    let text = s.db.card(s.db.find("Veiled Informant").unwrap()).text(&s.db).join(" ");
    assert!(text.contains("each opponent discards the top 2 cards of their deck"), "{text}");
    gloam_token(&mut s, cleo);
    let decks = |s: &State| {
        [s.players[Seat(0)].deck.len(), s.players[Seat(1)].deck.len(), s.players[cleo].deck.len()]
    };
    let before = decks(&s);
    ok(&mut s, cleo, Action::PlayCharacter { card: informant });
    resolve_all(&mut s, cleo);
    assert_eq!(s.perm(informant).map(|p| p.place), Some(Place::Character));
    assert_eq!(decks(&s), [before[0] - 2, before[1] - 2, before[2]], "both opponents, not Cleo");
    // Once Bob is out of the game, only Alice is an opponent.
    Athernum::concede(&mut s, Seat(1));
    let informant = to_hand(&mut s, cleo, "Veiled Informant");
    gloam_token(&mut s, cleo);
    let alice = s.players[Seat(0)].deck.len();
    ok(&mut s, cleo, Action::PlayCharacter { card: informant });
    resolve_all(&mut s, cleo);
    assert_eq!(s.players[Seat(0)].deck.len(), alice - 2);
}

#[test]
fn athernum_9_2_4a_contingency_needs_fewer_tokens_than_each_other_player() {
    let mut s = three_players(32);
    // Whoever is active: give one opponent a token, the other none.
    let me = s.active;
    assert_eq!(me, Seat(2));
    let others: Vec<Seat> = [Seat(0), Seat(1), Seat(2)].into_iter().filter(|x| *x != me).collect();
    let m = main_of(&s, others[0]);
    s.perm_mut(m).unwrap().victory = 1;
    s.victory_pool -= 1;
    let is_contingency = |a: &Action| matches!(a, Action::Contingency { .. });
    assert!(!legal(&s, me).iter().any(is_contingency), "level with one opponent");
    let m = main_of(&s, others[1]);
    s.perm_mut(m).unwrap().victory = 1;
    s.victory_pool -= 1;
    let mine = main_of(&s, me);
    assert!(legal(&s, me).contains(&Action::Contingency { on: mine }));
}

/// 9.3.6–9.3.8: the defender is named before the stack opens, so the
/// target's "targeted" abilities (Lady Aurelie's objective) go on the
/// fight's stack after that choice, not before it.
#[test]
fn athernum_9_3_8_targeted_abilities_wait_for_the_defender_to_be_named() {
    let mut s = day_phase(39);
    let aurelie = main_of(&s, ALICE);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    end_turn(&mut s);
    let kharsa = main_of(&s, BOB);
    ok(&mut s, BOB, Action::EnterCombat);
    ok(&mut s, BOB, Action::Attack { attacker: kharsa, target: aurelie });
    fight_plan(&mut s, BOB);
    assert_eq!(s.prompt, Prompt::Defender, "9.3.7: Alice names a defender first");
    assert!(s.stack.is_empty(), "nothing has triggered yet");
    assert_eq!(s.perm(aurelie).unwrap().victory, 0);
    ok(&mut s, ALICE, Action::Defend { defender: Some(recruit) });
    resolve_all(&mut s, BOB);
    assert_eq!(s.perm(aurelie).unwrap().victory, 1, "9.3.8: the objective scores once the defender is named");
}

#[test]
fn athernum_4_3_2a_a_face_down_permanent_triggers_nothing() {
    // Lady Aurelie scores when targeted, but not while exhausted.
    let mut s = day_phase(37);
    let aurelie = main_of(&s, ALICE);
    let p = s.perm_mut(aurelie).unwrap();
    p.exhausted = true;
    p.face_down = true;
    p.exhaustion = 2;
    end_turn(&mut s);
    let kharsa = main_of(&s, BOB);
    ok(&mut s, BOB, Action::EnterCombat);
    ok(&mut s, BOB, Action::Attack { attacker: kharsa, target: aurelie });
    fight_plan(&mut s, BOB);
    resolve_all(&mut s, BOB);
    assert_eq!(s.perm(aurelie).unwrap().victory, 0);
    assert_eq!(s.perm(aurelie).unwrap().damage, 3, "9.3.6a: it could be attacked all the same");
}

#[test]
fn athernum_4_3_5a_i_a_static_ability_applies_again_when_its_card_turns_face_up() {
    let mut s = day_phase(38);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: sergeant });
    resolve_all(&mut s, ALICE);
    let camp = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: camp });
    fight_plan(&mut s, ALICE);
    resolve_all(&mut s, ALICE);
    assert!(s.perm(sergeant).unwrap().exhausted);
    assert_eq!(dfv(&s, s.perm(recruit).unwrap()), Some(3), "off while exhausted");
    end_turn(&mut s);
    end_turn(&mut s);
    assert!(!s.perm(sergeant).unwrap().face_down);
    assert_eq!(dfv(&s, s.perm(recruit).unwrap()), Some(4), "on again once face up");
}

#[test]
fn athernum_4_2_2a_a_dfv_of_zero_discards_a_permanent_without_damage() {
    // Two Hex markers bring the Veiled Informant's DFV to 0: its zero
    // damage counters are "equal to" that DFV, so the next state-based
    // check discards it.
    let mut s = day_phase(39);
    let informant = to_board(&mut s, BOB, "Veiled Informant", Place::Character);
    let hex = s.db.markers.iter().position(|m| m.name == "Hex").unwrap() as u8;
    s.perm_mut(informant).unwrap().markers.push((hex, 2));
    assert_eq!(dfv(&s, s.perm(informant).unwrap()), Some(0));
    assert_eq!(s.perm(informant).unwrap().damage, 0);
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(informant).is_none(), "discarded at DFV 0 with no damage");
    assert_eq!(s.players[BOB].discard.last().unwrap().uid, informant, "into its owner's discard pile");
}

#[test]
fn athernum_3_0_7e_a_main_character_at_dfv_zero_is_exhausted_and_cannot_attack() {
    // 4.2.2a with 3.0.7e: Bob's main character's DFV set to 0 for the
    // turn, no damage on it: the check exhausts it (it is not discarded),
    // and an exhausted main character cannot attack.
    let mut s = day_phase(41);
    end_turn(&mut s);
    let main = main_of(&s, BOB);
    let seq = s.fresh_seq();
    s.continuous.push(Continuous {
        source: main,
        controller: ALICE,
        seq,
        change: Change::Set { stat: Stat::Dfv, value: 0 },
        scope: Scope::Perms(vec![main]),
        until: Duration::Turn,
    });
    act(&mut s, BOB, &Action::Acquisition);
    let p = s.perm(main).expect("a main character is never discarded (3.0.7b)");
    assert!(p.exhausted && p.face_down, "exhausted instead (3.0.7e.I)");
    assert_eq!(p.damage, 0);
    let attacks = legal(&s, BOB);
    assert!(
        !attacks.iter().any(|a| matches!(a, Action::Attack { attacker, .. } if *attacker == main)),
        "an exhausted main character does not attack: {attacks:?}"
    );
}

#[test]
fn athernum_4_2_3d_checks_repeat_while_abilities_keep_triggering() {
    // Alice discards Bob's Phoenix of the Pyre; its last breath (Bob's
    // target) falls on Alice's Pyre Zealot, whose own leave trigger makes
    // her an Ash Wraith: three checks in a row, each with new triggers.
    let mut s = day_phase(40);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let zealot = to_board(&mut s, ALICE, "Pyre Zealot", Place::Character);
    let phoenix = to_board(&mut s, BOB, "Phoenix of the Pyre", Place::Character);
    s.perm_mut(phoenix).unwrap().damage = 2;
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::Activate { source: archer, ability: 0 });
    ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(phoenix) });
    ok(&mut s, BOB, Action::Pass);
    assert!(s.perm(phoenix).is_none());
    assert_eq!(s.prompt, Prompt::TriggerTarget);
    assert_eq!(Athernum::to_act(&s), vec![BOB], "the Phoenix's controller aims its trigger");
    ok(&mut s, BOB, Action::Target { target: TargetRef::Perm(zealot) });
    resolve_all(&mut s, ALICE);
    assert!(s.perm(zealot).is_none());
    assert!(s.board.iter().any(|p| p.controller == ALICE && s.def_name(p.def) == "Ash Wraith"));
    assert!(s.stack.is_empty() && s.pending.is_empty() && s.outcome.is_none());
}

#[test]
fn athernum_4_2_3d_the_active_players_triggers_go_on_the_stack_first() {
    // Alice's Cinder Raider attacks Bob's Thornwall Thicket: both trigger
    // at the same check; Alice's goes on first and resolves last.
    let mut s = day_phase(41);
    let raider = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    let thicket = to_board(&mut s, BOB, "Thornwall Thicket", Place::Location);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: raider, target: thicket });
    fight_plan(&mut s, ALICE);
    // Both trigger once Bob has named his defender (or none): 9.3.7, 9.3.8.
    if s.prompt == Prompt::Defender {
        ok(&mut s, BOB, Action::Defend { defender: None });
    }
    let sources: Vec<u32> = s.stack.iter().map(|i| i.source).collect();
    assert_eq!(sources, vec![raider, thicket]);
}
