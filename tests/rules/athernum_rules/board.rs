//! Athernum rules on the board: card types (2.x: characters, items,
//! locations, tokens), resources (5.x), states and visibility (6.x) and
//! zones (7.x), scenario by scenario through `legal_actions` / `apply`.

use super::*;

use cardtable::cards::athernum::Faction;
use cardtable::engine::{Rules, Seat};
use cardtable::games::athernum::effects::create_resource;
use cardtable::games::athernum::state::{card_count, Def, Place};
use cardtable::games::athernum::testing::{
    act, day_phase, day_phase_with, main_of, resolve_all, resources, to_board, to_hand,
};
use cardtable::games::athernum::values::{ofv, slots};
use cardtable::games::athernum::{Action, Athernum, ItemMode, Phase, Prompt, State, TargetRef};

fn ready_tokens(s: &State, seat: Seat) -> usize {
    s.board.iter().filter(|p| p.controller == seat && p.place == Place::Resource && !p.exhausted).count()
}

// 2.2 Characters and 5.x resources

#[test]
fn athernum_2_2_1b_a_character_costs_its_acquisition_cost_paid_by_exhausting_resource_tokens() {
    let mut s = day_phase(1);
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 1);
    assert!(!legal(&s, ALICE).contains(&Action::PlayCharacter { card: sergeant }), "cost 2, one token");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: sergeant });
    assert_eq!(s.perm(sergeant).unwrap().place, Place::Character);
    assert_eq!(ready_tokens(&s, ALICE), 1, "5.0.1c: two tokens exhausted to pay");
    let spent =
        s.board.iter().find(|p| p.controller == ALICE && p.place == Place::Resource && p.exhausted).unwrap();
    assert!(
        spent.face_down && spent.exhaustion == 1,
        "an exhausted token is face down with a counter (6.2.2)"
    );
}

#[test]
fn athernum_2_2_1c_a_faction_character_needs_one_resource_of_its_faction() {
    let mut s = day_phase(2);
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    for _ in 0..3 {
        create_resource(&mut s, ALICE, Some(Faction::Ashen), false);
    }
    let l = legal(&s, ALICE);
    assert!(!l.contains(&Action::PlayCharacter { card: sergeant }), "no Bastion resource");
    assert!(l.contains(&Action::PlayCharacter { card: sellsword }), "a factionless character takes any");
    create_resource(&mut s, ALICE, Some(Faction::Bastion), false);
    assert!(legal(&s, ALICE).contains(&Action::PlayCharacter { card: sergeant }));
    act(&mut s, ALICE, &Action::PlayCharacter { card: sergeant });
    assert!(
        s.board.iter().any(|p| p.def == Def::Resource(Some(Faction::Bastion)) && p.exhausted),
        "the Bastion one paid"
    );
}

#[test]
fn athernum_5_0_3e_an_ability_cost_in_a_faction_needs_that_faction() {
    let mut s = day_phase(3);
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    let muster = Action::Activate { source: yard, ability: 0 };
    create_resource(&mut s, ALICE, None, false);
    assert!(!legal(&s, ALICE).contains(&muster), "1B needs a Bastion resource");
    resources(&mut s, ALICE, 1);
    assert!(legal(&s, ALICE).contains(&muster));
    act(&mut s, ALICE, &muster);
    assert!(s.board.iter().any(|p| p.controller == ALICE && s.def_name(p.def) == "Militia"));
    assert!(!legal(&s, ALICE).contains(&muster), "once per turn");
}

#[test]
fn athernum_5_0_4a_the_resource_pool_empties_at_the_end_of_each_phase() {
    let mut s = day_phase(4);
    let merchant = to_board(&mut s, ALICE, "Caravan Merchant", Place::Character);
    act(&mut s, ALICE, &Action::Activate { source: merchant, ability: 0 });
    assert_eq!(s.players[ALICE].pool.iter().sum::<u8>(), 1, "Trade added a factionless resource (5.0.3c)");
    ok(&mut s, ALICE, Action::EnterCombat);
    assert_eq!(s.phase, Phase::Combat);
    assert_eq!(s.players[ALICE].pool.iter().sum::<u8>(), 0);
}

#[test]
fn athernum_6_2_9a_an_exhausted_permanent_cannot_be_exhausted_again_to_pay() {
    let mut s = day_phase(5);
    let merchant = to_board(&mut s, ALICE, "Caravan Merchant", Place::Character);
    let trade = Action::Activate { source: merchant, ability: 0 };
    act(&mut s, ALICE, &trade);
    assert!(s.perm(merchant).unwrap().exhausted);
    assert!(!legal(&s, ALICE).contains(&trade), "exhausting is its cost: it cannot pay twice");
}

#[test]
fn athernum_2_2_4f_damage_reaching_the_dfv_discards_the_character() {
    let mut s = day_phase(6);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(raider));
    assert!(s.perm(raider).is_none());
    assert_eq!(s.players[BOB].discard.last().unwrap().uid, raider, "7.2.1b: into its owner's discard pile");
}

#[test]
fn athernum_2_2_3f_an_ofv_never_drops_below_zero() {
    // The Sunken Court gives Alice's opponent's characters −1 OFV; a
    // Sapling has 0.
    let mut s = day_phase_with(7, [GLOAM, THORNWILD], ["Mother Sable, the Gloam Voice", "Wildcaller Ysra"]);
    let court = to_hand(&mut s, ALICE, "The Sunken Court");
    let ysra = main_of(&s, BOB);
    act(&mut s, ALICE, &Action::PlayLocation { card: court });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, ysra).0, Some(1));
    let sapling_def = s.db.tokens.iter().position(|t| t.name == "Sapling").unwrap() as u16;
    let uid = s.fresh_uid();
    cardtable::games::athernum::effects::enter(
        &mut s,
        uid,
        Def::Token(sapling_def),
        true,
        BOB,
        BOB,
        Place::Character,
        false,
    );
    assert_eq!(values(&s, uid).0, Some(0));
}

#[test]
fn athernum_2_2_2c_effects_change_the_number_of_item_slots() {
    let mut s =
        day_phase_with(8, [THORNWILD, BASTION], ["Wildcaller Ysra", "Lady Aurelie, Keeper of the Gate"]);
    let ysra = main_of(&s, ALICE);
    // The Wild Growth Totem gives its host a second slot while attached.
    let totem = to_hand(&mut s, ALICE, "Wild Growth Totem");
    attach_face_up(&mut s, ALICE, totem, ysra);
    assert_eq!(slots(&s, s.perm(ysra).unwrap()), 2);
    let mail = to_hand(&mut s, ALICE, "Thornmail");
    attach_face_up(&mut s, ALICE, mail, ysra);
    assert_eq!(s.board.iter().filter(|p| p.place == Place::Item { host: ysra }).count(), 2);
}

#[test]
fn athernum_2_2_6_attachments_are_discarded_with_their_character() {
    let mut s = day_phase(9);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let rider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let axe = to_board(&mut s, BOB, "Warbrand Axe", Place::Item { host: rider });
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(rider));
    assert!(s.perm(axe).is_none());
    assert!(s.players[BOB].discard.iter().any(|c| c.uid == axe), "7.3.4");
}

#[test]
fn athernum_7_1_2c_five_character_slots_then_no_character_and_no_character_token() {
    let mut s = day_phase(10);
    for _ in 0..5 {
        to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    }
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    resources(&mut s, ALICE, 4);
    assert!(!legal(&s, ALICE).contains(&Action::PlayCharacter { card: sellsword }));
    act(&mut s, ALICE, &Action::Activate { source: yard, ability: 0 });
    assert_eq!(s.characters_of(ALICE), 5, "no Militia: no free slot");
    assert!(!s.board.iter().any(|p| s.def_name(p.def) == "Militia"));
}

// 2.3 Items

#[test]
fn athernum_2_3_1b_an_item_played_directly_resolves_its_static_effects_then_is_discarded() {
    let mut s = day_phase(11);
    let writ = to_hand(&mut s, ALICE, "Sealed Writ");
    s.players[ALICE].command = 1;
    let hand = s.players[ALICE].hand.len();
    ok(&mut s, ALICE, Action::PlayItem { card: writ, mode: ItemMode::Direct });
    assert_eq!(
        s.players[ALICE].discard.last().unwrap().uid,
        writ,
        "discarded at once: only its effects wait"
    );
    assert!(!s.stack.is_empty());
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].command, 2, "a command token");
    assert_eq!(s.players[ALICE].hand.len(), hand, "and a card (the Writ left the hand)");
}

/// 6.2.8a: a permanent turns face up early only when an effect says so.
/// The Signal Horn's says so: taking the last exhaustion counter off a
/// character turns it face up, ready to act this turn.
#[test]
fn athernum_6_2_8a_signal_horn_turns_face_up_the_character_it_frees() {
    let mut s = day_phase(12);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    exhaust_with(&mut s, archer, 1);
    let horn = to_hand(&mut s, ALICE, "Signal Horn");
    ok(&mut s, ALICE, Action::PlayItem { card: horn, mode: ItemMode::Direct });
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(archer) });
    }
    resolve_all(&mut s, ALICE);
    let p = s.perm(archer).unwrap();
    assert_eq!(p.exhaustion, 0);
    assert!(!p.face_down && !p.exhausted, "face up again: the Horn says so");
}

#[test]
fn athernum_2_3_1a_an_item_costs_nothing() {
    let mut s = day_phase(12);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    let aurelie = main_of(&s, ALICE);
    assert_eq!(ready_tokens(&s, ALICE), 0);
    assert!(legal(&s, ALICE).contains(&Action::PlayItem { card: halberd, mode: ItemMode::Direct }));
    assert!(legal(&s, ALICE).contains(&Action::PlayItem {
        card: halberd,
        mode: ItemMode::Attach { host: aurelie, face_down: false }
    }));
}

#[test]
fn athernum_2_3_2d_an_item_attached_face_up_applies_at_once() {
    let mut s = day_phase(13);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    attach_face_up(&mut s, ALICE, halberd, sergeant);
    assert_eq!(values(&s, sergeant), (Some(3), Some(5)));
    assert_eq!(s.perm(halberd).unwrap().place, Place::Item { host: sergeant });
}

#[test]
fn athernum_2_3_2a_items_attach_only_to_your_own_permanents_with_a_free_slot() {
    let mut s = day_phase(14);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let rider = to_board(&mut s, BOB, "Warband Torchbearer", Place::Character);
    to_hand(&mut s, ALICE, "Warden's Halberd");
    let hosts: Vec<u32> = legal(&s, ALICE)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlayItem { mode: ItemMode::Attach { host, .. }, .. } => Some(host),
            _ => None,
        })
        .collect();
    assert!(hosts.contains(&main_of(&s, ALICE)));
    assert!(!hosts.contains(&archer), "no item slot");
    assert!(!hosts.contains(&rider), "not Alice's");
}

#[test]
fn athernum_2_3_2e_a_face_down_item_applies_only_once_turned_face_up() {
    let mut s = day_phase(15);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    act(
        &mut s,
        ALICE,
        &Action::PlayItem { card: halberd, mode: ItemMode::Attach { host: sergeant, face_down: true } },
    );
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, sergeant), (Some(2), Some(4)), "face down: blank");
    assert!(s.perm(halberd).unwrap().face_down);
    let reveal = Action::Reveal { attachment: halberd };
    assert!(legal(&s, ALICE).contains(&reveal));
    act(&mut s, ALICE, &reveal);
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, sergeant), (Some(3), Some(5)));
}

#[test]
fn athernum_2_1_2d_a_face_down_attachment_is_turned_face_up_whenever_its_controller_has_priority() {
    let mut s = day_phase(16);
    let aurelie = main_of(&s, ALICE);
    let shield = to_board(&mut s, ALICE, "Tower Shield", Place::Item { host: aurelie });
    s.perm_mut(shield).unwrap().face_down = true;
    // While Bob holds priority, only Alice's own turn to act lets her.
    ok(&mut s, ALICE, Action::Acquisition);
    assert!(!legal(&s, BOB).contains(&Action::Reveal { attachment: shield }), "only the host's controller");
    ok(&mut s, BOB, Action::Pass);
    resolve_all(&mut s, ALICE);
    // Bob's turn: when Bob's Solvency is on the stack, Alice has priority.
    cardtable::games::athernum::testing::end_turn(&mut s);
    ok(&mut s, BOB, Action::Solvency);
    assert_eq!(Athernum::to_act(&s), vec![ALICE]);
    assert!(legal(&s, ALICE).contains(&Action::Reveal { attachment: shield }), "in Bob's turn too (6.1.7)");
    ok(&mut s, ALICE, Action::Reveal { attachment: shield });
    assert!(!s.perm(shield).unwrap().face_down);
}

#[test]
fn athernum_2_1_2g_a_face_up_attachment_may_be_discarded_by_its_hosts_controller() {
    let mut s = day_phase(17);
    let aurelie = main_of(&s, ALICE);
    let shield = to_board(&mut s, ALICE, "Tower Shield", Place::Item { host: aurelie });
    let discard = Action::DiscardAttachment { attachment: shield };
    assert!(legal(&s, ALICE).contains(&discard));
    ok(&mut s, ALICE, discard);
    assert!(s.perm(shield).is_none());
    assert_eq!(s.players[ALICE].discard.last().unwrap().uid, shield);
}

#[test]
fn athernum_4_3_5g_equip_abilities_work_only_while_attached_face_up() {
    // Warbrand Axe played directly has no static ability: it changes nothing.
    let mut s = day_phase(18);
    let aurelie = main_of(&s, ALICE);
    let before = values(&s, aurelie);
    let axe = to_hand(&mut s, ALICE, "Warbrand Axe");
    act(&mut s, ALICE, &Action::PlayItem { card: axe, mode: ItemMode::Direct });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, aurelie), before);
    let axe = to_hand(&mut s, ALICE, "Warbrand Axe");
    attach_face_up(&mut s, ALICE, axe, aurelie);
    assert_eq!(values(&s, aurelie).0, before.0.map(|v| v + 2));
    // An exhausted host keeps its attachment, but shows no values (6.2.3b).
    exhaust_with(&mut s, aurelie, 1);
    assert_eq!(values(&s, aurelie), (None, None));
    assert!(s.perm(axe).is_some());
}

#[test]
fn athernum_4_3_5g_iv_an_equip_trigger_fires_when_its_host_attacks() {
    // Torch of Ruin on the attacker: 1 damage to an opposing character.
    let mut s = day_phase(19);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    to_board(&mut s, ALICE, "Torch of Ruin", Place::Item { host: sergeant });
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let camp = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: camp });
    fight_plan(&mut s, ALICE);
    // The trigger waits for Bob's defender (9.3.7, 9.3.8), then its target.
    if s.prompt == Prompt::Defender {
        ok(&mut s, BOB, Action::Defend { defender: None });
    }
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(raider) });
    }
    resolve_all(&mut s, ALICE);
    assert!(s.perm(raider).is_none(), "the Torch's trigger discarded the Raider (DFV 1)");
}

#[test]
fn athernum_4_3_5g_an_activated_equip_ability_exhausts_the_host() {
    let mut s =
        day_phase_with(20, [THORNWILD, BASTION], ["Wildcaller Ysra", "Lady Aurelie, Keeper of the Gate"]);
    let ysra = main_of(&s, ALICE);
    let totem = to_board(&mut s, ALICE, "Wild Growth Totem", Place::Item { host: ysra });
    resources(&mut s, ALICE, 3);
    let call = Action::Activate { source: totem, ability: 1 };
    assert!(legal(&s, ALICE).contains(&call));
    act(&mut s, ALICE, &call);
    resolve_all(&mut s, ALICE);
    assert!(s.perm(ysra).unwrap().exhausted, "the host pays the exhaustion (see the rulings, 4.3.5g)");
    assert!(s.board.iter().any(|p| p.controller == ALICE && s.def_name(p.def) == "Wolf"));
    assert!(!legal(&s, ALICE).contains(&call), "an exhausted host cannot pay again");
}

// 2.4 Locations

#[test]
fn athernum_2_4_4a_only_the_most_recent_location_stays() {
    let mut s = day_phase(21);
    let citadel = to_board(&mut s, ALICE, "Citadel of Dawnspire", Place::Location);
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    act(&mut s, ALICE, &Action::PlayLocation { card: yard });
    resolve_all(&mut s, ALICE);
    assert!(s.perm(citadel).is_none(), "4.2.2c");
    assert_eq!(s.players[ALICE].discard.last().unwrap().uid, citadel);
    assert_eq!(s.perm(yard).unwrap().place, Place::Location);
}

#[test]
fn athernum_1_5_6_a_second_copy_of_a_victory_token_location_is_not_offered() {
    let mut s = day_phase(25);
    to_board(&mut s, ALICE, "Throne of the Old Kings", Place::Location); // a Victory Token Field
    let second = to_hand(&mut s, ALICE, "Throne of the Old Kings");
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    let offered = legal(&s, ALICE);
    assert!(
        !offered.contains(&Action::PlayLocation { card: second }),
        "1.5.6: unique while she controls one"
    );
    assert!(offered.contains(&Action::PlayLocation { card: yard }), "another location still may be played");
}

#[test]
fn athernum_2_4_6_attachments_of_a_location_go_with_it() {
    let mut s = day_phase(22);
    let inn = to_board(&mut s, ALICE, "The Crossroads Inn", Place::Location);
    let shield = to_board(&mut s, ALICE, "Tower Shield", Place::Item { host: inn });
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    act(&mut s, ALICE, &Action::PlayLocation { card: yard });
    resolve_all(&mut s, ALICE);
    assert!(s.perm(inn).is_none() && s.perm(shield).is_none());
    assert!(s.players[ALICE].discard.iter().any(|c| c.uid == shield), "4.2.2e");
}

#[test]
fn athernum_3_0_1_a_location_main_character_holds_the_slot_against_other_locations() {
    let mut s =
        day_phase_with(23, [ASHEN, BASTION], ["Throne of the Old Kings", "Lady Aurelie, Keeper of the Gate"]);
    let marches = to_hand(&mut s, ALICE, "Burning Marches");
    assert!(!legal(&s, ALICE).contains(&Action::PlayLocation { card: marches }), "see the rulings, 3.0.1");
}

#[test]
fn athernum_2_4_7_only_a_face_up_location_activates() {
    let mut s = day_phase(24);
    let inn = to_board(&mut s, ALICE, "The Crossroads Inn", Place::Location);
    let rest = Action::Activate { source: inn, ability: 0 };
    assert!(legal(&s, ALICE).contains(&rest));
    s.perm_mut(inn).unwrap().face_down = true;
    assert!(!legal(&s, ALICE).contains(&rest));
}

// 2.5, 7.5 Tokens and copies

#[test]
fn athernum_2_5_3_a_token_that_leaves_the_board_ceases_to_exist() {
    let mut s = day_phase(25);
    let militia_def = s.db.tokens.iter().position(|t| t.name == "Militia").unwrap() as u16;
    let uid = s.fresh_uid();
    cardtable::games::athernum::effects::enter(
        &mut s,
        uid,
        Def::Token(militia_def),
        true,
        BOB,
        BOB,
        Place::Character,
        false,
    );
    s.pending.clear();
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    s.perm_mut(uid).unwrap().damage = 1;
    let cards_before = card_count(&s, BOB);
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(uid));
    assert!(s.perm(uid).is_none());
    assert_eq!(card_count(&s, BOB), cards_before, "2.5.4: no card reached any zone");
    assert!(!s.players[BOB].discard.iter().any(|c| c.uid == uid));
}

#[test]
fn athernum_7_5_1_a_copy_is_a_token() {
    let mut s = day_phase_with(
        26,
        [GLOAM, BASTION],
        ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
    );
    let spy = to_board(&mut s, ALICE, "Mistmantle Spy", Place::Character);
    let double = to_hand(&mut s, ALICE, "Shade Double");
    resources(&mut s, ALICE, 3);
    act_on(&mut s, ALICE, Action::PlayCharacter { card: double }, Some(spy));
    let copy =
        s.board.iter().find(|p| p.token && p.def == s.perm(spy).unwrap().def).expect("a copy of the Spy");
    assert!(!copy.face_down && !copy.blank);
    assert_eq!(ofv(&s, copy), Some(2));
}

#[test]
fn athernum_6_1_5_a_face_down_permanent_matches_no_filter_on_what_it_hides() {
    // Shade Double copies a character costing 3 or less: an exhausted one's
    // cost is hidden, so it is not offered.
    let mut s = day_phase_with(
        27,
        [GLOAM, BASTION],
        ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
    );
    let sellsword = to_board(&mut s, BOB, "Wandering Sellsword", Place::Character);
    exhaust_with(&mut s, sellsword, 1);
    let spy = to_board(&mut s, ALICE, "Mistmantle Spy", Place::Character);
    let double = to_hand(&mut s, ALICE, "Shade Double");
    resources(&mut s, ALICE, 3);
    ok(&mut s, ALICE, Action::PlayCharacter { card: double });
    assert_eq!(s.prompt, Prompt::TriggerTarget);
    let l = legal(&s, ALICE);
    assert!(l.contains(&Action::Target { target: TargetRef::Perm(spy) }));
    assert!(!l.contains(&Action::Target { target: TargetRef::Perm(sellsword) }));
}

#[test]
fn athernum_2_2_7e_a_copy_that_would_break_semi_uniqueness_is_not_created() {
    // Alice already controls Wildcaller Ysra (a Victory Token Field).
    let mut s = day_phase_with(
        28,
        [GLOAM, BASTION],
        ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
    );
    let ysra = to_board(&mut s, ALICE, "Wildcaller Ysra", Place::Character);
    let double = to_hand(&mut s, ALICE, "Shade Double");
    resources(&mut s, ALICE, 3);
    let pool = s.victory_pool;
    act_on(&mut s, ALICE, Action::PlayCharacter { card: double }, Some(ysra));
    assert!(
        !s.board.iter().any(|p| p.token && p.controller == ALICE && p.place == Place::Character),
        "no copy"
    );
    assert_eq!(s.victory_pool, pool, "and no field added to the pool");
}

// 6.x States

#[test]
fn athernum_6_2_3_an_exhausted_permanent_loses_its_abilities_and_values() {
    let mut s = day_phase(29);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let second = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: second });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, recruit).1, Some(4), "+1 DFV for another Warden");
    exhaust_with(&mut s, second, 1);
    act(&mut s, ALICE, &Action::Acquisition);
    assert_eq!(values(&s, recruit).1, Some(3), "4.3.5a.II: it ends once face down");
    assert_eq!(values(&s, second), (None, None));
    let p = s.perm(second).unwrap();
    assert_eq!(slots(&s, p), 1, "6.2.4c: item slots kept");
}

#[test]
fn athernum_6_1_6_a_face_down_permanent_is_not_turned_face_up_by_a_rule() {
    // An exhausted (face-down) character with three counters: Alice's
    // morning takes one away and it stays face down; the Cursed Mirror, an
    // effect that says so, takes the other two and turns it face up.
    let mut s = day_phase_with(
        30,
        [GLOAM, BASTION],
        ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
    );
    let spy = to_board(&mut s, ALICE, "Mistmantle Spy", Place::Character);
    exhaust_with(&mut s, spy, 3);
    cardtable::games::athernum::testing::end_turn(&mut s);
    cardtable::games::athernum::testing::end_turn(&mut s);
    let p = s.perm(spy).unwrap();
    assert!(p.face_down && p.exhaustion == 2, "morning takes one counter and turns nothing up");
    let mirror = to_hand(&mut s, ALICE, "Cursed Mirror");
    act_on(&mut s, ALICE, Action::PlayItem { card: mirror, mode: ItemMode::Direct }, Some(spy));
    let p = s.perm(spy).unwrap();
    assert!(!p.face_down && !p.exhausted && p.exhaustion == 0, "the Mirror turned it face up: {p:?}");
}

#[test]
fn athernum_6_2_8a_cursed_mirror_readies_a_character_exhausted_for_its_ability_the_same_day() {
    // The situation the rules make every turn: a character exhausted to
    // pay for its ability (the Caravan Merchant's Trade) in the day phase.
    let mut s = day_phase_with(
        35,
        [GLOAM, BASTION],
        ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
    );
    let merchant = to_board(&mut s, ALICE, "Caravan Merchant", Place::Character); // an earlier turn's
    let trade = Action::Activate { source: merchant, ability: 0 };
    ok(&mut s, ALICE, trade.clone());
    resolve_all(&mut s, ALICE);
    let p = s.perm(merchant).unwrap();
    assert!(p.exhausted && p.face_down && p.exhaustion == 1, "Trade exhausted it");
    assert!(!legal(&s, ALICE).contains(&trade));
    let mirror = to_hand(&mut s, ALICE, "Cursed Mirror");
    act_on(&mut s, ALICE, Action::PlayItem { card: mirror, mode: ItemMode::Direct }, Some(merchant));
    let p = s.perm(merchant).unwrap();
    assert!(!p.exhausted && !p.face_down && p.exhaustion == 0, "the Cursed Mirror turned it face up: {p:?}");
    assert!(legal(&s, ALICE).contains(&trade), "ready to Trade again the same day");
}

#[test]
fn athernum_10_4_3_an_exhaustion_counter_alone_does_not_exhaust() {
    // The Nightglass Assassin adds a counter to an exhausted character:
    // it stays exhausted one morning longer.
    let mut s = day_phase_with(
        31,
        [GLOAM, BASTION],
        ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
    );
    let assassin = to_board(&mut s, ALICE, "Nightglass Assassin", Place::Character);
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    exhaust_with(&mut s, recruit, 1);
    ok(&mut s, ALICE, Action::EnterCombat);
    let target = main_of(&s, BOB);
    ok(&mut s, ALICE, Action::Attack { attacker: assassin, target });
    fight_plan(&mut s, ALICE);
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(recruit) });
    }
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(recruit).unwrap().exhaustion, 2);
    cardtable::games::athernum::testing::end_turn(&mut s);
    let r = s.perm(recruit).unwrap();
    assert!(r.exhausted && r.exhaustion == 1, "one counter left after Bob's morning");
}

// 7.x Zones

#[test]
fn athernum_7_2_1c_the_discard_pile_keeps_its_order() {
    // The Ruin Scavenger, leaving, takes back the top card of the discard
    // pile only if it is an item.
    let mut s = day_phase(32);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let scavenger = to_board(&mut s, BOB, "Ruin Scavenger", Place::Character);
    let axe = to_hand(&mut s, BOB, "Warbrand Axe");
    let raider = to_hand(&mut s, BOB, "Cinder Raider");
    // Discard order: the Axe, then the Raider on top.
    let p = &mut s.players[BOB];
    let a = p.hand.remove(p.hand.iter().position(|c| c.uid == axe).unwrap());
    let r = p.hand.remove(p.hand.iter().position(|c| c.uid == raider).unwrap());
    p.discard.push(a);
    p.discard.push(r);
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(scavenger));
    assert!(!s.players[BOB].hand.iter().any(|c| c.uid == axe), "the top was not an item");
    let order: Vec<u32> = s.players[BOB].discard.iter().map(|c| c.uid).collect();
    assert_eq!(order, vec![axe, raider, scavenger]);
}

/// 2.2.6 and the Ruin Scavenger's text ("when this leaves the board,
/// return the top card of your discard pile, under it, if it is an
/// item"): its own attachment, discarded with it, is the card under it,
/// and comes back to the hand.
#[test]
fn athernum_2_2_6_ruin_scavenger_takes_back_the_item_discarded_with_it() {
    let mut s = day_phase(34);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let scavenger = to_board(&mut s, BOB, "Ruin Scavenger", Place::Character);
    let axe = to_board(&mut s, BOB, "Warbrand Axe", Place::Item { host: scavenger });
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(scavenger));
    resolve_all(&mut s, ALICE);
    assert!(s.perm(scavenger).is_none(), "the Archer's shot discarded it");
    assert!(s.players[BOB].hand.iter().any(|c| c.uid == axe), "its Warbrand Axe came back to hand");
    assert!(!s.players[BOB].discard.iter().any(|c| c.uid == axe));
    assert_eq!(s.players[BOB].discard.last().map(|c| c.uid), Some(scavenger));
}

#[test]
fn athernum_7_2_2_the_void_takes_a_card_out_of_the_game() {
    let mut s = day_phase_with(
        33,
        [GLOAM, BASTION],
        ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
    );
    let maelis = to_board(&mut s, ALICE, "Maelis, Thread-Cutter", Place::Character);
    let aurelie = main_of(&s, BOB);
    let shield = to_board(&mut s, BOB, "Tower Shield", Place::Item { host: aurelie });
    act_on(&mut s, ALICE, Action::Activate { source: maelis, ability: 0 }, Some(shield));
    assert!(s.perm(shield).is_none());
    assert!(s.players[BOB].void.iter().any(|c| c.uid == shield));
    assert!(!s.players[BOB].discard.iter().any(|c| c.uid == shield));
}

#[test]
fn athernum_7_4_2c_extra_deck_cards_leave_it_only_by_an_effect_or_their_extra_rule() {
    let mut s = day_phase(34);
    let rampart =
        s.players[ALICE].extra.iter().find(|c| s.db.card(c.id).name == "The Last Rampart").unwrap().uid;
    let prime = s.players[ALICE]
        .extra
        .iter()
        .find(|c| s.db.card(c.id).name == "Highward Sentinel Prime")
        .unwrap()
        .uid;
    assert!(!legal(&s, ALICE).iter().any(|a| matches!(a, Action::Ascend { .. })), "no condition met");
    for _ in 0..3 {
        to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    }
    let l = legal(&s, ALICE);
    assert!(l.contains(&Action::Ascend { card: prime }), "three Wardens: it may ascend");
    assert!(!l.contains(&Action::Ascend { card: rampart }), "Reserve: only an effect calls it");
    let horn = to_hand(&mut s, ALICE, "Horn of the Old Host");
    ok(&mut s, ALICE, Action::PlayItem { card: horn, mode: ItemMode::Direct });
    resolve_until_choice(&mut s);
    assert!(legal(&s, ALICE).contains(&Action::Take { card: rampart }));
    ok(&mut s, ALICE, Action::Take { card: rampart });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(rampart).unwrap().place, Place::Character);
}

#[test]
fn athernum_7_4_2c_an_extra_deck_card_that_cannot_enter_the_board_stays_in_the_extra_deck() {
    // The Horn calls a character onto the board: with five characters
    // already, none can come, and none may slip into the hand instead.
    let mut s = day_phase(43);
    for _ in 0..5 {
        to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    }
    let extra = s.players[ALICE].extra.len();
    let horn = to_hand(&mut s, ALICE, "Horn of the Old Host");
    ok(&mut s, ALICE, Action::PlayItem { card: horn, mode: ItemMode::Direct });
    resolve_until_choice(&mut s);
    assert_eq!(legal(&s, ALICE), vec![Action::TakeNothing], "no character can enter");
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].extra.len(), extra);
    assert!(s.players[ALICE].hand.is_empty());
}

fn resolve_until_choice(s: &mut State) {
    for _ in 0..20 {
        if s.prompt == Prompt::Choice {
            return;
        }
        let who = Athernum::to_act(s)[0];
        ok(s, who, Action::Pass);
    }
    panic!("no choice came");
}

#[test]
fn athernum_7_4_2d_an_ascend_card_enters_once_per_turn_without_paying() {
    let mut s = day_phase(35);
    for _ in 0..3 {
        to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    }
    let primes: Vec<u32> = s.players[ALICE]
        .extra
        .iter()
        .filter(|c| s.db.card(c.id).name == "Highward Sentinel Prime")
        .map(|c| c.uid)
        .collect();
    assert_eq!(primes.len(), 2);
    let first = legal(&s, ALICE).into_iter().find(|a| matches!(a, Action::Ascend { .. })).unwrap();
    act(&mut s, ALICE, &first);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.characters_of(ALICE), 4);
    assert!(
        !legal(&s, ALICE).iter().any(|a| matches!(a, Action::Ascend { .. })),
        "one of each name per turn"
    );
}

#[test]
fn athernum_2_3_2c_iron_chaplain_makes_no_ward_sigil_on_a_full_character_and_says_why() {
    // The Chaplain's Ward Sigil goes to a character Alice chooses; her
    // Wallwarden Recruit already carries a Tower Shield in its one slot.
    let mut s = day_phase_with(
        34,
        [BASTION, GLOAM],
        ["Lady Aurelie, Keeper of the Gate", "Mother Sable, the Gloam Voice"],
    );
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    to_board(&mut s, ALICE, "Tower Shield", Place::Item { host: recruit });
    let chaplain = to_hand(&mut s, ALICE, "Iron Chaplain");
    resources(&mut s, ALICE, 3);
    let mut seen = ok(&mut s, ALICE, Action::PlayCharacter { card: chaplain });
    let mut aimed = false;
    for _ in 0..50 {
        let who = Athernum::to_act(&s)[0];
        let answer = match s.prompt {
            Prompt::TriggerTarget => {
                aimed = true;
                Action::Target { target: TargetRef::Perm(recruit) }
            }
            Prompt::Priority if who == ALICE && s.stack.is_empty() => break,
            Prompt::Priority => Action::Pass,
            other => panic!("unexpected decision {other:?}"),
        };
        seen.extend(ok(&mut s, who, answer));
    }
    assert!(aimed, "Alice chose where the Ward Sigil goes");
    let sigils = s.board.iter().filter(|p| s.def_name(p.def) == "Ward Sigil").count();
    assert_eq!(sigils, 0, "no slot was free on the Recruit");
    assert!(
        seen.iter().any(|e| e == "No Ward Sigil token: no item slot is free for it."),
        "the players are told why no token came: {seen:?}"
    );
}
