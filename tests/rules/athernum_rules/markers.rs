//! Athernum rules, chapter 10: Victory Tokens, damage counters, custom
//! markers, scenario by scenario through `legal_actions` / `apply`.

use super::*;

use cardtable::games::athernum::state::Place;
use cardtable::games::athernum::testing::{
    act, day_phase, day_phase_with, main_of, resolve_all, resources, to_board, to_hand,
};
use cardtable::games::athernum::{Action, Prompt, TargetRef};

#[test]
fn athernum_10_1_2_a_victory_token_field_entering_grows_the_pool_and_leaving_does_not_shrink_it() {
    let mut s = day_phase(36);
    let cartographer = to_hand(&mut s, ALICE, "The Old Cartographer");
    resources(&mut s, ALICE, 4);
    let pool = s.victory_pool;
    act(&mut s, ALICE, &Action::PlayCharacter { card: cartographer });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.victory_pool, pool + 3, "4.2.2g");
    s.perm_mut(cartographer).unwrap().damage = 4;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(cartographer).is_none());
    assert_eq!(s.victory_pool, pool + 3, "1.5.4");
}

#[test]
fn athernum_10_1_5_victory_tokens_on_a_permanent_that_leaves_return_to_the_pool() {
    let mut s = day_phase(37);
    let cartographer = to_board(&mut s, ALICE, "The Old Cartographer", Place::Character);
    s.perm_mut(cartographer).unwrap().victory = 2;
    s.victory_pool -= 2;
    let total = s.victory_total();
    s.perm_mut(cartographer).unwrap().damage = 4;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(cartographer).is_none());
    assert_eq!(s.victory_total(), total);
}

#[test]
fn athernum_10_1_6_a_lost_victory_token_leaves_the_game() {
    let mut s = day_phase(38);
    let skarn = to_board(&mut s, BOB, "Ruin-Herald Skarn", Place::Character);
    let aurelie = main_of(&s, ALICE);
    s.perm_mut(aurelie).unwrap().victory = 1;
    s.victory_pool -= 1;
    let total = s.victory_total();
    cardtable::games::athernum::testing::end_turn(&mut s);
    resources(&mut s, BOB, 2);
    ok(&mut s, BOB, Action::Activate { source: skarn, ability: 1 });
    resolve_all(&mut s, BOB);
    assert_eq!(s.perm(aurelie).unwrap().victory, 0);
    assert_eq!(s.victory_total(), total - 1, "Ravage burns it");
}

#[test]
fn athernum_10_3_2_damage_goes_only_to_permanents_that_may_have_a_dfv() {
    // Set Alight damages a permanent with a DFV: the Citadel (DFV 6) is a
    // target, the Mustering Yard (none) is not.
    let mut s =
        day_phase_with(39, [ASHEN, BASTION], ["Kharsa the Unburnt", "Lady Aurelie, Keeper of the Gate"]);
    let torch = to_board(&mut s, ALICE, "Warband Torchbearer", Place::Character);
    let yard = to_board(&mut s, BOB, "Mustering Yard", Place::Location);
    let citadel = to_board(&mut s, BOB, "Citadel of Dawnspire", Place::Location);
    resources(&mut s, ALICE, 2);
    ok(&mut s, ALICE, Action::Activate { source: torch, ability: 0 });
    assert_eq!(s.prompt, Prompt::TriggerTarget);
    let targets = legal(&s, ALICE);
    assert!(targets.contains(&Action::Target { target: TargetRef::Perm(citadel) }));
    assert!(targets.contains(&Action::Target { target: TargetRef::Perm(main_of(&s, BOB)) }));
    assert!(!targets.contains(&Action::Target { target: TargetRef::Perm(yard) }));
    ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(citadel) });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(citadel).unwrap().damage, 2);
}

#[test]
fn athernum_10_3_4_healing_removes_damage_counters_and_prevention_stops_them() {
    let mut s = day_phase(40);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    s.perm_mut(paladin).unwrap().damage = 3;
    act_on(&mut s, ALICE, Action::Activate { source: paladin, ability: 0 }, Some(paladin));
    assert_eq!(s.perm(paladin).unwrap().damage, 0, "Stand Fast heals 3");
    // Tower Shield's support prevents the next 2 damage.
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Support { card: shield }, Some(paladin));
    assert_eq!(s.perm(paladin).unwrap().prevent, 2);
    cardtable::games::athernum::testing::end_turn(&mut s);
    assert_eq!(s.perm(paladin).unwrap().prevent, 0, "prevention lasts the turn");
}

#[test]
fn athernum_10_5_4_three_hex_markers_exhaust_a_permanent_and_are_removed() {
    let mut s = day_phase_with(
        41,
        [GLOAM, BASTION],
        ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
    );
    let novice = to_board(&mut s, ALICE, "Hexweaver Novice", Place::Character);
    let sable = main_of(&s, ALICE);
    let sergeant = to_board(&mut s, BOB, "Shieldwall Sergeant", Place::Character);
    resources(&mut s, ALICE, 5);
    act_on(&mut s, ALICE, Action::Activate { source: sable, ability: 1 }, Some(sergeant));
    assert_eq!(values(&s, sergeant).1, Some(2), "−1 DFV per Hex");
    act_on(&mut s, ALICE, Action::Activate { source: novice, ability: 0 }, Some(sergeant));
    let p = s.perm(sergeant).unwrap();
    assert!(p.exhausted && p.markers.is_empty(), "three Hex: exhausted, the markers gone");
}

#[test]
fn athernum_10_0_5_markers_do_not_follow_a_card_that_changes_zones() {
    let mut s = day_phase_with(
        42,
        [GLOAM, BASTION],
        ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
    );
    let spy = to_board(&mut s, ALICE, "Mistmantle Spy", Place::Character);
    let veil = to_board(&mut s, ALICE, "Veil of Secrets", Place::Item { host: spy });
    let hex = s.db.markers.iter().position(|m| m.name == "Hex").unwrap() as u8;
    s.perm_mut(spy).unwrap().markers.push((hex, 1));
    s.perm_mut(spy).unwrap().damage = 1;
    resources(&mut s, ALICE, 2);
    act_on(&mut s, ALICE, Action::Activate { source: veil, ability: 1 }, None);
    assert!(s.players[ALICE].hand.iter().any(|c| c.uid == spy), "Slip Away returned the Spy");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: spy });
    resolve_all(&mut s, ALICE);
    let p = s.perm(spy).unwrap();
    assert!(p.markers.is_empty() && p.damage == 0, "a fresh permanent");
}
