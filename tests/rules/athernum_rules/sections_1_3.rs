//! Athernum rules, chapters 1 (card elements), 2 (card types) and 3 (the
//! main character), and the defined terms of the glossary, scenario by
//! scenario through `legal_actions` / `apply` and the views: one test per
//! section, for the sections the other modules leave open.

use super::*;

use cardtable::cards::athernum::Faction;
use cardtable::engine::{Rules, Seat, Viewer};
use cardtable::games::athernum::effects::{create_resource, enter};
use cardtable::games::athernum::state::{card_count, Def, Place, Uid};
use cardtable::games::athernum::testing::{
    act, choose_main, day_phase, day_phase_with, db, end_turn, main_of, match_setup, resolve_all, resources,
    to_board, to_deck_top, to_hand,
};
use cardtable::games::athernum::values::{slots, supertype};
use cardtable::games::athernum::view::{perm_name, view};
use cardtable::games::athernum::{Action, Athernum, ItemMode, Phase, Prompt, State, TargetRef};

// Helpers

/// Puts token `name` (of `tokens.toml`) onto the board under `seat` at
/// `place`, face up, as an effect would, without its triggers.
fn make_token(s: &mut State, seat: Seat, name: &str, place: Place) -> Uid {
    let def = s.db.tokens.iter().position(|t| t.name == name).expect("a token of the pool") as u16;
    let uid = s.fresh_uid();
    enter(s, uid, Def::Token(def), true, seat, seat, place, false);
    s.pending.clear();
    s.happened.clear();
    uid
}

fn ready_resources(s: &State, seat: Seat) -> usize {
    s.board.iter().filter(|p| p.controller == seat && p.place == Place::Resource && !p.exhausted).count()
}

pub(super) fn in_hand(s: &State, seat: Seat, uid: Uid) -> bool {
    s.players[seat].hand.iter().any(|c| c.uid == uid)
}

pub(super) fn in_discard(s: &State, seat: Seat, uid: Uid) -> bool {
    s.players[seat].discard.iter().any(|c| c.uid == uid)
}

pub(super) fn named(s: &State, seat: Seat, name: &str) -> Vec<Uid> {
    s.board.iter().filter(|p| p.controller == seat && s.def_name(p.def) == name).map(|p| p.uid).collect()
}

fn attach_offered(s: &State, item: Uid, host: Uid) -> bool {
    legal(s, ALICE)
        .contains(&Action::PlayItem { card: item, mode: ItemMode::Attach { host, face_down: false } })
}

/// Passes until a choice is asked of someone.
pub(super) fn until_choice(s: &mut State) {
    for _ in 0..20 {
        if s.prompt == Prompt::Choice {
            return;
        }
        let who = Athernum::to_act(s)[0];
        ok(s, who, Action::Pass);
    }
    panic!("no choice came");
}

fn target_options(s: &State, seat: Seat) -> Vec<TargetRef> {
    legal(s, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Target { target } => Some(target),
            _ => None,
        })
        .collect()
}

fn attackers_offered(s: &State) -> Vec<Uid> {
    let mut out: Vec<Uid> = legal(s, ALICE)
        .into_iter()
        .filter_map(|a| match a {
            Action::Attack { attacker, .. } => Some(attacker),
            _ => None,
        })
        .collect();
    out.dedup();
    out
}

const SABLE: &str = "Mother Sable, the Gloam Voice";
const AURELIE: &str = "Lady Aurelie, Keeper of the Gate";
const KHARSA: &str = "Kharsa the Unburnt";
const YSRA: &str = "Wildcaller Ysra";
const THRONE: &str = "Throne of the Old Kings";
const CARTOGRAPHER: &str = "The Old Cartographer";

// The glossary

#[test]
fn athernum_term_permanent_characters_locations_and_tokens_stay_on_the_board_face_up() {
    let mut s = day_phase(101);
    let recruit = to_hand(&mut s, ALICE, "Wallwarden Recruit");
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    resources(&mut s, ALICE, 3);
    act(&mut s, ALICE, &Action::PlayCharacter { card: recruit });
    act(&mut s, ALICE, &Action::PlayLocation { card: yard });
    act(&mut s, ALICE, &Action::Activate { source: yard, ability: 0 });
    resolve_all(&mut s, ALICE);
    let militia = named(&s, ALICE, "Militia");
    assert_eq!(militia.len(), 1, "the Yard made a Militia token");
    for uid in [recruit, yard, militia[0]] {
        let p = s.perm(uid).expect("a permanent stays on the board");
        assert!(!p.face_down, "and stays face up");
    }
}

#[test]
fn athernum_term_attachment_a_token_made_into_an_item_slot_is_fixed_to_its_permanent() {
    let mut s = day_phase(102);
    let aurelie = main_of(&s, ALICE);
    let chaplain = to_hand(&mut s, ALICE, "Iron Chaplain");
    resources(&mut s, ALICE, 3);
    act_on(&mut s, ALICE, Action::PlayCharacter { card: chaplain }, Some(aurelie));
    let sigil = named(&s, ALICE, "Ward Sigil");
    assert_eq!(sigil.len(), 1);
    let p = s.perm(sigil[0]).unwrap();
    assert_eq!(p.place, Place::Item { host: aurelie }, "in an item slot of the permanent");
    assert!(p.token);
    assert_eq!(values(&s, aurelie), (Some(2), Some(6)), "its Equip works on its permanent");
}

#[test]
fn athernum_term_linked_target_an_attachment_acts_on_the_permanent_it_is_fixed_to() {
    let mut s = day_phase(103);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    attach_face_up(&mut s, ALICE, halberd, sergeant);
    assert_eq!(values(&s, sergeant), (Some(3), Some(5)), "the linked target gains +1/+1");
    assert_eq!(values(&s, archer), (Some(2), Some(2)), "another character does not");
}

#[test]
fn athernum_term_item_slot_holds_one_attachment() {
    // The Crossroads Inn has one item slot.
    let mut s = day_phase(104);
    let inn = to_board(&mut s, ALICE, "The Crossroads Inn", Place::Location);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    assert!(attach_offered(&s, halberd, inn));
    attach_face_up(&mut s, ALICE, halberd, inn);
    assert!(!attach_offered(&s, shield, inn), "its one slot is taken");
    assert!(attach_offered(&s, shield, main_of(&s, ALICE)), "another permanent's slot is free");
}

#[test]
fn athernum_term_main_character_a_factionless_main_character_makes_factionless_resources() {
    let mut s = day_phase_with(105, [BASTION, ASHEN], [THRONE, KHARSA]);
    act(&mut s, ALICE, &Action::Solvency);
    let token = s.board.iter().find(|p| p.controller == ALICE && p.place == Place::Resource).unwrap();
    assert_eq!(token.def, Def::Resource(None), "the Throne has no faction, so neither has her resource");
    let mut s = day_phase_with(105, [BASTION, ASHEN], [AURELIE, KHARSA]);
    act(&mut s, ALICE, &Action::Solvency);
    let token = s.board.iter().find(|p| p.controller == ALICE && p.place == Place::Resource).unwrap();
    assert_eq!(token.def, Def::Resource(Some(Faction::Bastion)));
}

#[test]
fn athernum_term_ownership_a_card_goes_to_its_owners_pile_whoever_controls_it() {
    // A Cinder Raider of Bob's deck under Alice's control.
    let mut s = day_phase(106);
    let raider = to_hand(&mut s, BOB, "Cinder Raider");
    let card = {
        let h = &mut s.players[BOB].hand;
        h.remove(h.iter().position(|c| c.uid == raider).unwrap())
    };
    enter(&mut s, raider, Def::Card(card.id), false, BOB, ALICE, Place::Character, false);
    s.pending.clear();
    s.happened.clear();
    assert_eq!(s.characters_of(ALICE), 1);
    s.perm_mut(raider).unwrap().damage = 1;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(raider).is_none(), "discarded by its damage");
    assert!(in_discard(&s, BOB, raider), "into its owner's discard pile");
    assert!(!in_discard(&s, ALICE, raider), "not its controller's");
}

#[test]
fn athernum_term_face_up_a_face_up_attachment_is_seen_by_everyone_and_works() {
    let mut s = day_phase(107);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    attach_face_up(&mut s, ALICE, halberd, sergeant);
    let p = s.perm(halberd).unwrap();
    for viewer in [Viewer::Seat(BOB), Viewer::Public] {
        assert_eq!(perm_name(&s, p, viewer), "Warden's Halberd");
    }
    assert_eq!(values(&s, sergeant), (Some(3), Some(5)), "all its properties work");
}

#[test]
fn athernum_term_face_down_a_face_down_character_is_blank_but_keeps_its_supertype() {
    let mut s = day_phase(108);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    s.perm_mut(sergeant).unwrap().face_down = true;
    let p = s.perm(sergeant).unwrap();
    assert_eq!(values(&s, sergeant), (None, None), "blank: no OFV, no DFV");
    assert_eq!(supertype(&s, p), cardtable::cards::athernum::CardType::Character);
    assert_eq!(perm_name(&s, p, Viewer::Seat(BOB)), "face-down character", "hidden from the opponent");
    assert_eq!(perm_name(&s, p, Viewer::Seat(ALICE)), "Shieldwall Sergeant", "its controller knows it");
}

#[test]
fn athernum_term_exhausted_a_permanent_flips_face_down_with_a_counter_and_keeps_its_name_and_counters() {
    let mut s = day_phase(109);
    let merchant = to_board(&mut s, ALICE, "Caravan Merchant", Place::Character);
    s.perm_mut(merchant).unwrap().damage = 1;
    act(&mut s, ALICE, &Action::Activate { source: merchant, ability: 0 });
    let p = s.perm(merchant).unwrap();
    assert!(p.exhausted && p.face_down && p.exhaustion == 1);
    assert_eq!(p.damage, 1, "its damage counter stays");
    assert_eq!(values(&s, merchant), (None, None), "no OFV, no DFV");
    assert_eq!(perm_name(&s, p, Viewer::Seat(BOB)), "Caravan Merchant", "its name is still seen");
}

#[test]
fn athernum_term_resource_token_each_token_pays_one_resource() {
    let mut s = day_phase(110);
    let recruit = to_hand(&mut s, ALICE, "Wallwarden Recruit");
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 1);
    let l = legal(&s, ALICE);
    assert!(l.contains(&Action::PlayCharacter { card: recruit }), "cost 1: one token");
    assert!(!l.contains(&Action::PlayCharacter { card: sergeant }), "cost 2: one token is not enough");
    act(&mut s, ALICE, &Action::PlayCharacter { card: recruit });
    let token = s.board.iter().find(|p| p.controller == ALICE && p.place == Place::Resource).unwrap();
    assert!(token.exhausted, "the token was exhausted to pay");
    assert!(!legal(&s, ALICE).contains(&Action::PlayCharacter { card: sergeant }));
}

#[test]
fn athernum_term_resource_pool_a_resource_made_waits_in_the_pool_until_spent() {
    let mut s = day_phase(111);
    let merchant = to_board(&mut s, ALICE, "Caravan Merchant", Place::Character);
    let scavenger = to_hand(&mut s, ALICE, "Ruin Scavenger");
    assert!(!legal(&s, ALICE).contains(&Action::PlayCharacter { card: scavenger }), "nothing to pay with");
    act(&mut s, ALICE, &Action::Activate { source: merchant, ability: 0 });
    assert_eq!(s.players[ALICE].pool.iter().sum::<u8>(), 1);
    assert!(legal(&s, ALICE).contains(&Action::PlayCharacter { card: scavenger }), "the pool pays");
    act(&mut s, ALICE, &Action::PlayCharacter { card: scavenger });
    assert_eq!(s.players[ALICE].pool.iter().sum::<u8>(), 0, "spent");
}

#[test]
fn athernum_term_command_token_at_most_two_unless_an_effect_raises_it() {
    let mut s = day_phase(112);
    assert_eq!(s.players[ALICE].command, 2);
    let chaplain = to_hand(&mut s, ALICE, "Iron Chaplain");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Support { card: chaplain });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].command, 2, "a third is not kept");
    // Marshal Oderic Vane raises the limit by one.
    let marshal = to_hand(&mut s, ALICE, "Marshal Oderic Vane");
    resources(&mut s, ALICE, 4);
    act(&mut s, ALICE, &Action::PlayCharacter { card: marshal });
    resolve_all(&mut s, ALICE);
    let chaplain = to_hand(&mut s, ALICE, "Iron Chaplain");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Support { card: chaplain });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].command, 3);
}

#[test]
fn athernum_term_command_ability_costs_a_command_token_on_top_of_its_cost() {
    let mut s = day_phase_with(113, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let shaman = to_board(&mut s, ALICE, "Verdant Shaman", Place::Character);
    let bloom = Action::Activate { source: shaman, ability: 0 };
    resources(&mut s, ALICE, 2);
    s.players[ALICE].command = 0;
    assert!(!legal(&s, ALICE).contains(&bloom), "no command token");
    s.players[ALICE].command = 1;
    assert!(legal(&s, ALICE).contains(&bloom));
    act(&mut s, ALICE, &bloom);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.players[ALICE].command, 0, "the command token is spent");
    assert!(
        s.board.iter().any(|p| p.controller == ALICE && p.place == Place::Resource && p.exhausted),
        "and 1T"
    );
    assert_eq!(named(&s, ALICE, "Wolf").len(), 1);
}

#[test]
fn athernum_term_activation_fee_a_support_ability_needs_its_fee() {
    let mut s = day_phase(114);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    assert!(!legal(&s, ALICE).contains(&Action::Support { card: shield }), "fee 1, nothing to pay with");
    resources(&mut s, ALICE, 1);
    assert!(legal(&s, ALICE).contains(&Action::Support { card: shield }));
    act(&mut s, ALICE, &Action::Support { card: shield });
    let token = s.board.iter().find(|p| p.controller == ALICE && p.place == Place::Resource).unwrap();
    assert!(token.exhausted, "the fee was paid");
}

#[test]
fn athernum_term_support_ability_is_used_from_the_hand_and_its_card_discarded() {
    let mut s = day_phase(115);
    let oracle = to_hand(&mut s, ALICE, "Oracle of the Crossroads");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Support { card: oracle });
    resolve_all(&mut s, ALICE);
    assert!(in_discard(&s, ALICE, oracle), "discarded");
    assert!(s.perm(oracle).is_none(), "never on the board");
    assert_eq!(s.players[ALICE].hand.len(), 2, "its effect drew two");
}

#[test]
fn athernum_term_stack_the_last_effect_added_resolves_first() {
    let mut s = day_phase(116);
    let merchant = to_board(&mut s, BOB, "Caravan Merchant", Place::Character);
    ok(&mut s, ALICE, Action::Acquisition);
    ok(&mut s, BOB, Action::Activate { source: merchant, ability: 0 });
    assert_eq!(s.stack.len(), 2);
    let ev = ok(&mut s, ALICE, Action::Pass);
    let resolves: Vec<&String> = ev.iter().filter(|e| e.starts_with("Resolves:")).collect();
    assert_eq!(resolves.len(), 2, "{ev:?}");
    assert!(resolves[0].contains("Trade"), "Bob's response first: {resolves:?}");
    assert!(resolves[1].contains("Acquisition"), "then Alice's: {resolves:?}");
}

#[test]
fn athernum_term_triggered_ability_goes_off_by_itself() {
    let mut s = day_phase_with(117, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let sprout = to_hand(&mut s, ALICE, "Thornling Sprout");
    resources(&mut s, ALICE, 1);
    act(&mut s, ALICE, &Action::PlayCharacter { card: sprout });
    resolve_all(&mut s, ALICE);
    assert_eq!(named(&s, ALICE, "Sapling").len(), 1, "it entered, so a Sapling came, asked of nobody");
}

#[test]
fn athernum_term_activated_ability_is_announced_and_paid_by_its_controller() {
    let mut s = day_phase(118);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let volley = Action::Activate { source: archer, ability: 0 };
    assert!(!legal(&s, ALICE).contains(&volley), "Volley costs 1");
    resources(&mut s, ALICE, 1);
    assert!(legal(&s, ALICE).contains(&volley));
    ok(&mut s, ALICE, volley.clone());
    assert!(s.perm(archer).unwrap().exhausted, "and exhausts it");
    assert!(!legal(&s, BOB).contains(&volley), "only its controller activates it");
}

#[test]
fn athernum_term_static_ability_applies_while_its_source_stays_face_up() {
    let mut s = day_phase(119);
    let aurelie = main_of(&s, ALICE);
    let citadel = to_hand(&mut s, ALICE, "Citadel of Dawnspire");
    act(&mut s, ALICE, &Action::PlayLocation { card: citadel });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, aurelie).1, Some(6));
    let recruit = to_hand(&mut s, ALICE, "Wallwarden Recruit");
    resources(&mut s, ALICE, 1);
    act(&mut s, ALICE, &Action::PlayCharacter { card: recruit });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, recruit).1, Some(4), "a character arriving later gains it too");
    exhaust_with(&mut s, citadel, 1);
    act(&mut s, ALICE, &Action::Acquisition);
    assert_eq!(values(&s, aurelie).1, Some(5), "ended once the Citadel is face down");
}

#[test]
fn athernum_term_equipment_ability_ends_when_its_attachment_turns_face_down() {
    let mut s = day_phase(120);
    let aurelie = main_of(&s, ALICE);
    let axe = to_hand(&mut s, ALICE, "Warbrand Axe");
    attach_face_up(&mut s, ALICE, axe, aurelie);
    assert_eq!(values(&s, aurelie).0, Some(4));
    s.perm_mut(axe).unwrap().face_down = true;
    act(&mut s, ALICE, &Action::Acquisition);
    assert_eq!(values(&s, aurelie).0, Some(2), "a face-down attachment's Equip does nothing");
}

#[test]
fn athernum_term_prevention_effect_stops_damage_from_happening() {
    // Tower Shield's support prevents 2 damage to the Sergeant; Bob's
    // Volley (1 damage) then does nothing to it.
    let mut s = day_phase(121);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Support { card: shield }, Some(sergeant));
    assert_eq!(s.perm(sergeant).unwrap().prevent, 2);
    let archer = to_board(&mut s, BOB, "Gatehouse Archer", Place::Character);
    resources(&mut s, BOB, 1);
    ok(&mut s, ALICE, Action::Acquisition);
    ok(&mut s, BOB, Action::Activate { source: archer, ability: 0 });
    if s.prompt == Prompt::TriggerTarget {
        ok(&mut s, BOB, Action::Target { target: TargetRef::Perm(sergeant) });
    }
    resolve_all(&mut s, ALICE);
    let p = s.perm(sergeant).unwrap();
    assert_eq!(p.damage, 0, "prevented");
    assert_eq!(p.prevent, 1, "one of the two is left this turn");
}

#[test]
fn athernum_term_prevent_a_defending_recruit_takes_one_damage_less() {
    // Wallwarden Recruit: when it defends, prevent 1 damage to it.
    let mut s = day_phase(122);
    let aurelie = main_of(&s, ALICE);
    let kharsa = main_of(&s, BOB);
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: aurelie, target: kharsa });
    fight_plan(&mut s, ALICE);
    assert_eq!(s.prompt, Prompt::Defender);
    ok(&mut s, BOB, Action::Defend { defender: Some(recruit) });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(recruit).unwrap().damage, 1, "Aurelie's 2 less the 1 prevented");
}

#[test]
fn athernum_term_state_based_check_discards_at_the_start_of_a_phase() {
    let mut s = day_phase(123);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    s.perm_mut(sergeant).unwrap().damage = 4;
    assert!(s.perm(sergeant).is_some(), "nothing has looked yet");
    ok(&mut s, ALICE, Action::EnterCombat);
    assert_eq!(s.phase, Phase::Combat);
    assert!(s.perm(sergeant).is_none(), "the check as the combat phase began discarded it");
    assert!(in_discard(&s, ALICE, sergeant));
}

#[test]
fn athernum_term_discard_puts_cards_from_the_deck_into_the_discard_pile() {
    // Veiled Informant: the opponent discards the top two cards of their deck.
    let mut s = day_phase_with(124, [GLOAM, BASTION], [SABLE, AURELIE]);
    let a = to_deck_top(&mut s, BOB, "Stone Colossus");
    let b = to_deck_top(&mut s, BOB, "Tower Shield");
    let informant = to_hand(&mut s, ALICE, "Veiled Informant");
    resources(&mut s, ALICE, 1);
    let deck = s.players[BOB].deck.len();
    act(&mut s, ALICE, &Action::PlayCharacter { card: informant });
    resolve_all(&mut s, ALICE);
    assert!(in_discard(&s, BOB, a) && in_discard(&s, BOB, b));
    assert_eq!(s.players[BOB].deck.len(), deck - 2);
}

#[test]
fn athernum_term_return_puts_a_card_into_its_owners_hand() {
    // Umbral Echo ascends (two exhausted characters) and returns a
    // character of Bob's costing 3 or less.
    let mut s = day_phase_with(125, [GLOAM, ASHEN], [SABLE, KHARSA]);
    for _ in 0..2 {
        let n = to_board(&mut s, ALICE, "Hexweaver Novice", Place::Character);
        exhaust_with(&mut s, n, 1);
    }
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let echo = s.players[ALICE].extra.iter().find(|c| s.db.card(c.id).name == "Umbral Echo").unwrap().uid;
    act_on(&mut s, ALICE, Action::Ascend { card: echo }, Some(raider));
    resolve_all(&mut s, ALICE);
    assert!(s.perm(raider).is_none());
    assert!(in_hand(&s, BOB, raider), "into Bob's hand, its owner's");
    assert!(!in_hand(&s, ALICE, raider));
}

#[test]
fn athernum_term_create_puts_a_new_token_into_play() {
    let mut s = day_phase(126);
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    resources(&mut s, ALICE, 2);
    let cards = card_count(&s, ALICE);
    act(&mut s, ALICE, &Action::Activate { source: yard, ability: 0 });
    resolve_all(&mut s, ALICE);
    let militia = named(&s, ALICE, "Militia");
    assert_eq!(militia.len(), 1);
    assert!(s.perm(militia[0]).unwrap().token, "brand new, a token");
    assert_eq!(card_count(&s, ALICE), cards, "no card came from anywhere");
}

#[test]
fn athernum_term_heal_takes_damage_counters_off() {
    let mut s = day_phase(127);
    let inn = to_board(&mut s, ALICE, "The Crossroads Inn", Place::Location);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    s.perm_mut(sergeant).unwrap().damage = 3;
    act_on(&mut s, ALICE, Action::Activate { source: inn, ability: 0 }, Some(sergeant));
    assert_eq!(s.perm(sergeant).unwrap().damage, 1, "Rest heals 2");
}

#[test]
fn athernum_term_draw_moves_the_top_card_of_the_deck_into_the_hand() {
    let mut s = day_phase(128);
    let top = to_deck_top(&mut s, ALICE, "Stone Colossus");
    let deck = s.players[ALICE].deck.len();
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(in_hand(&s, ALICE, top), "the top card");
    assert_eq!(s.players[ALICE].deck.len(), deck - 1);
}

#[test]
fn athernum_term_shuffle_the_deck_is_shuffled_after_a_search() {
    let mut s = day_phase(129);
    let quartermaster = to_hand(&mut s, ALICE, "Bastion Quartermaster");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: quartermaster });
    until_choice(&mut s);
    let before: Vec<Uid> = s.players[ALICE].deck.iter().map(|c| c.uid).collect();
    let take = legal(&s, ALICE).into_iter().find(|a| matches!(a, Action::Take { .. })).expect("an item");
    let Action::Take { card } = take else { unreachable!() };
    ok(&mut s, ALICE, take);
    let after: Vec<Uid> = s.players[ALICE].deck.iter().map(|c| c.uid).collect();
    let unshuffled: Vec<Uid> = before.into_iter().filter(|u| *u != card).collect();
    let mut sorted_after = after.clone();
    sorted_after.sort_unstable();
    let mut sorted_before = unshuffled.clone();
    sorted_before.sort_unstable();
    assert_eq!(sorted_after, sorted_before, "the same cards");
    assert_ne!(after, unshuffled, "in a new order");
}

#[test]
fn athernum_term_search_takes_only_what_the_effect_allows() {
    let mut s = day_phase(130);
    let quartermaster = to_hand(&mut s, ALICE, "Bastion Quartermaster");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: quartermaster });
    until_choice(&mut s);
    let offered = legal(&s, ALICE);
    let mut items = 0;
    for a in &offered {
        if let Action::Take { card } = a {
            let c = s.players[ALICE].deck.iter().find(|c| c.uid == *card).unwrap();
            assert_eq!(s.db.card(c.id).kind, cardtable::cards::athernum::CardType::Item, "an item only");
            items += 1;
        }
    }
    assert!(items > 0 && offered.contains(&Action::TakeNothing));
    let Some(Action::Take { card }) = offered.into_iter().find(|a| matches!(a, Action::Take { .. })) else {
        unreachable!()
    };
    ok(&mut s, ALICE, Action::Take { card });
    assert!(in_hand(&s, ALICE, card));
}

#[test]
fn athernum_term_reveal_a_support_card_is_shown_to_every_player() {
    let mut s = day_phase(131);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    resources(&mut s, ALICE, 1);
    let ev = ok(&mut s, ALICE, Action::Support { card: shield });
    assert!(ev.iter().any(|e| e.contains("reveals Tower Shield")), "a public event names it: {ev:?}");
}

#[test]
fn athernum_term_counter_a_damage_counter_stays_on_a_character_that_survives() {
    let mut s = day_phase(132);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let rider = to_board(&mut s, BOB, "Ashwolf Rider", Place::Character);
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(rider));
    let p = s.perm(rider).expect("DFV 3, one damage");
    assert_eq!(p.damage, 1);
    let shown = format!("{:?}", view(&s, Viewer::Public));
    assert!(shown.contains("1 damage"), "the counter is shown");
}

#[test]
fn athernum_term_discard_pile_is_seen_by_both_players() {
    let mut s = day_phase(133);
    let writ = to_hand(&mut s, ALICE, "Sealed Writ");
    act(&mut s, ALICE, &Action::PlayItem { card: writ, mode: ItemMode::Direct });
    resolve_all(&mut s, ALICE);
    assert!(in_discard(&s, ALICE, writ));
    let v = view(&s, Viewer::Seat(BOB));
    let alice = v.seats.iter().find(|x| x.seat == Some(ALICE)).unwrap();
    let pile = alice.zones.iter().find(|z| z.name.starts_with("Discard pile")).expect("Alice's pile, to Bob");
    assert!(pile.cards.iter().any(|c| c.name == "Sealed Writ"));
}

#[test]
fn athernum_term_the_void_nothing_returns_from_it() {
    // Old Mother Bramble's Harvest returns a Beast from the discard pile:
    // the Beast in the void is not offered.
    let mut s = day_phase_with(134, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let bramble = to_board(&mut s, ALICE, "Old Mother Bramble", Place::Character);
    let boar = to_hand(&mut s, ALICE, "Mossback Boar");
    let alpha = to_hand(&mut s, ALICE, "Pack Alpha");
    let p = &mut s.players[ALICE];
    let b = p.hand.remove(p.hand.iter().position(|c| c.uid == boar).unwrap());
    let a = p.hand.remove(p.hand.iter().position(|c| c.uid == alpha).unwrap());
    p.void.push(b);
    p.discard.push(a);
    ok(&mut s, ALICE, Action::Activate { source: bramble, ability: 1 });
    until_choice(&mut s);
    assert_eq!(legal(&s, ALICE), vec![Action::Take { card: alpha }, Action::TakeNothing]);
}

#[test]
fn athernum_term_target_an_effect_offers_only_what_it_may_target() {
    // Volley: 1 damage to a character of the opponent's.
    let mut s = day_phase(135);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    resources(&mut s, ALICE, 1);
    ok(&mut s, ALICE, Action::Activate { source: archer, ability: 0 });
    assert_eq!(s.prompt, Prompt::TriggerTarget);
    let mut got = target_options(&s, ALICE);
    got.sort_by_key(|t| format!("{t:?}"));
    let mut want = vec![TargetRef::Perm(main_of(&s, BOB)), TargetRef::Perm(raider)];
    want.sort_by_key(|t| format!("{t:?}"));
    assert_eq!(got, want, "Bob's characters: not his location, not Alice's");
}

#[test]
fn athernum_term_legal_target_a_target_gone_at_resolution_is_not_affected() {
    // Alice's Volley aims at Bob's Spy; Bob answers with the Veil of
    // Secrets' Slip Away, taking the Spy back to his hand first.
    let mut s = day_phase_with(136, [BASTION, GLOAM], [AURELIE, SABLE]);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let spy = to_board(&mut s, BOB, "Mistmantle Spy", Place::Character);
    let veil = to_board(&mut s, BOB, "Veil of Secrets", Place::Item { host: spy });
    resources(&mut s, ALICE, 1);
    resources(&mut s, BOB, 2);
    ok(&mut s, ALICE, Action::Activate { source: archer, ability: 0 });
    ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(spy) });
    let slip = Action::Activate { source: veil, ability: 1 };
    assert!(legal(&s, BOB).contains(&slip));
    ok(&mut s, BOB, slip);
    resolve_all(&mut s, ALICE);
    assert!(in_hand(&s, BOB, spy), "Slip Away resolved first");
    let sable = main_of(&s, BOB);
    assert_eq!(s.perm(sable).unwrap().damage, 0, "the Volley found no legal target and hit nothing else");
}

#[test]
fn athernum_term_unique_a_deck_with_two_copies_of_a_unique_card_is_refused() {
    let db = db();
    let mut setup = match_setup(&db, 137, [BASTION, ASHEN]);
    assert!(Athernum::setup(&setup, &db).is_ok());
    let deck = &mut setup.seats[0].deck;
    let i = deck.iter().position(|n| n == "Wallwarden Recruit").unwrap();
    deck[i] = "Captain Brenna Hollis".to_owned();
    let err = Athernum::setup(&setup, &db).expect_err("two Brennas");
    assert!(err.to_string().contains("Unique"), "{err}");
}

#[test]
fn athernum_term_initiative_the_lower_cost_main_character_goes_first() {
    // Mother Sable costs 3, Wildcaller Ysra 2: Bob, with Ysra, starts.
    let db = db();
    let mut s = Athernum::setup(&match_setup(&db, 138, [GLOAM, THORNWILD]), &db).unwrap();
    choose_main(&mut s, ALICE, SABLE);
    choose_main(&mut s, BOB, YSRA);
    assert_eq!(s.first, BOB);
    assert_eq!(s.order, vec![BOB, ALICE]);
}

#[test]
fn athernum_term_active_player_alone_plays_cards_and_command_abilities() {
    let mut s = day_phase(139);
    let raider = to_hand(&mut s, BOB, "Cinder Raider");
    let merchant = to_board(&mut s, BOB, "Caravan Merchant", Place::Character);
    resources(&mut s, BOB, 2);
    ok(&mut s, ALICE, Action::Acquisition);
    assert_eq!(Athernum::to_act(&s), vec![BOB], "Bob holds priority in Alice's turn");
    let l = legal(&s, BOB);
    assert!(!l.contains(&Action::PlayCharacter { card: raider }));
    assert!(!l.iter().any(|a| matches!(a, Action::Acquisition | Action::Solvency)));
    assert!(l.contains(&Action::Activate { source: merchant, ability: 0 }), "abilities he may use");
}

// 1 Card elements

#[test]
fn athernum_1_1_1_another_copy_of_the_same_name_is_the_same_card() {
    // An Ascend card of a name enters once per turn: the second copy of
    // Highward Sentinel Prime is the same card.
    let mut s = day_phase(140);
    for _ in 0..3 {
        to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    }
    let primes: Vec<Uid> = s.players[ALICE]
        .extra
        .iter()
        .filter(|c| s.db.card(c.id).name == "Highward Sentinel Prime")
        .map(|c| c.uid)
        .collect();
    act(&mut s, ALICE, &Action::Ascend { card: primes[0] });
    resolve_all(&mut s, ALICE);
    assert!(!legal(&s, ALICE).contains(&Action::Ascend { card: primes[1] }));
}

#[test]
fn athernum_1_1_4_this_card_means_the_card_as_it_is_now() {
    // Emberbrand Berserker's Frenzy doubles "this" OFV: its own 4 plus the
    // +1 Burning Marches gives Raiders.
    let mut s = day_phase_with(141, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let berserker = to_board(&mut s, ALICE, "Emberbrand Berserker", Place::Character);
    let marches = to_hand(&mut s, ALICE, "Burning Marches");
    act(&mut s, ALICE, &Action::PlayLocation { card: marches });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, berserker).0, Some(5));
    resources(&mut s, ALICE, 3);
    act(&mut s, ALICE, &Action::Activate { source: berserker, ability: 0 });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, berserker).0, Some(10), "twice the changed value, not twice the printed one");
}

#[test]
fn athernum_1_1_7_a_card_with_changed_values_keeps_its_name() {
    // The Old Cartographer wears a Warden's Halberd: its values changed,
    // not its name, so a second copy still may not be played.
    let mut s = day_phase(142);
    let first = to_board(&mut s, ALICE, CARTOGRAPHER, Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    attach_face_up(&mut s, ALICE, halberd, first);
    assert_eq!(values(&s, first), (Some(3), Some(5)));
    let second = to_hand(&mut s, ALICE, CARTOGRAPHER);
    resources(&mut s, ALICE, 4);
    assert!(!legal(&s, ALICE).contains(&Action::PlayCharacter { card: second }));
}

#[test]
fn athernum_1_3_3_card_text_beats_the_morning_rule() {
    // The rules turn an exhausted permanent face up in the morning only;
    // the Gloam Ferryman's text turns one up now.
    let mut s = day_phase_with(143, [GLOAM, BASTION], [SABLE, AURELIE]);
    let novice = to_board(&mut s, ALICE, "Hexweaver Novice", Place::Character);
    exhaust_with(&mut s, novice, 1);
    let ferryman = to_hand(&mut s, ALICE, "Gloam Ferryman");
    resources(&mut s, ALICE, 3);
    act_on(&mut s, ALICE, Action::PlayCharacter { card: ferryman }, Some(novice));
    resolve_all(&mut s, ALICE);
    let p = s.perm(novice).unwrap();
    assert!(!p.exhausted && !p.face_down && p.exhaustion == 0);
}

#[test]
fn athernum_1_4_1_an_effect_naming_a_supertype_finds_only_that_supertype() {
    // Seedkeeper's support searches the deck for a location.
    let mut s = day_phase_with(144, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let seedkeeper = to_hand(&mut s, ALICE, "Seedkeeper");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Support { card: seedkeeper });
    until_choice(&mut s);
    let offered = legal(&s, ALICE);
    assert!(offered.len() > 1);
    for a in offered {
        if let Action::Take { card } = a {
            let c = s.players[ALICE].deck.iter().find(|c| c.uid == card).unwrap();
            assert_eq!(s.db.card(c.id).kind, cardtable::cards::athernum::CardType::Location);
        }
    }
}

#[test]
fn athernum_1_4_4_subtypes_decide_who_a_synergy_reaches() {
    // Shieldwall Sergeant: +1 DFV to your other Wardens.
    let mut s = day_phase(145);
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let sergeant = to_hand(&mut s, ALICE, "Shieldwall Sergeant");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: sergeant });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, recruit).1, Some(4), "a Warden");
    assert_eq!(values(&s, sellsword).1, Some(3), "no Warden");
}

#[test]
fn athernum_1_4_5_a_tokens_characteristics_come_from_the_effect_that_makes_it() {
    // Verdant Shaman's Bloom makes a Wolf: 2/2, a Beast, so Pack Alpha
    // gives it +1 OFV.
    let mut s = day_phase_with(146, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let alpha = to_hand(&mut s, ALICE, "Pack Alpha");
    resources(&mut s, ALICE, 4);
    act(&mut s, ALICE, &Action::PlayCharacter { card: alpha });
    resolve_all(&mut s, ALICE);
    let shaman = to_board(&mut s, ALICE, "Verdant Shaman", Place::Character);
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Activate { source: shaman, ability: 0 });
    resolve_all(&mut s, ALICE);
    let wolf = named(&s, ALICE, "Wolf");
    assert_eq!(wolf.len(), 1);
    assert_eq!(values(&s, wolf[0]), (Some(3), Some(2)));
}

#[test]
fn athernum_1_5_3_playing_a_victory_token_card_grows_the_pool() {
    let mut s = day_phase(147);
    let cartographer = to_hand(&mut s, ALICE, CARTOGRAPHER);
    resources(&mut s, ALICE, 4);
    let pool = s.victory_pool;
    act(&mut s, ALICE, &Action::PlayCharacter { card: cartographer });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.victory_pool, pool + 3, "its field shows 3");
}

#[test]
fn athernum_1_5_4_losing_a_victory_token_card_does_not_shrink_the_pool() {
    let mut s = day_phase(148);
    let cartographer = to_hand(&mut s, ALICE, CARTOGRAPHER);
    resources(&mut s, ALICE, 4);
    act(&mut s, ALICE, &Action::PlayCharacter { card: cartographer });
    resolve_all(&mut s, ALICE);
    let pool = s.victory_pool;
    s.perm_mut(cartographer).unwrap().damage = 4;
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(cartographer).is_none());
    assert_eq!(s.victory_pool, pool);
}

#[test]
fn athernum_1_5_5_your_main_character_counts_as_your_copy() {
    // Alice's main character is Mother Sable: a Shade Double cannot copy
    // the Mother Sable Bob has in a character slot.
    let mut s = day_phase_with(149, [GLOAM, GLOAM], [SABLE, "The Pale Chancellor"]);
    let bobs = to_board(&mut s, BOB, SABLE, Place::Character);
    let double = to_hand(&mut s, ALICE, "Shade Double");
    resources(&mut s, ALICE, 3);
    let pool = s.victory_pool;
    act_on(&mut s, ALICE, Action::PlayCharacter { card: double }, Some(bobs));
    assert_eq!(named(&s, ALICE, SABLE).len(), 1, "only her main character");
    assert_eq!(s.victory_pool, pool);
}

#[test]
fn athernum_1_5_7_playing_a_second_copy_is_refused() {
    let mut s = day_phase(150);
    let copy = to_hand(&mut s, ALICE, AURELIE);
    resources(&mut s, ALICE, 3);
    let board = s.board.clone();
    assert!(Athernum::apply(&mut s, ALICE, &Action::PlayCharacter { card: copy }).is_err());
    assert!(in_hand(&s, ALICE, copy), "still in the hand");
    assert_eq!(s.board, board, "nothing happened");
}

// 2.1 Permanents, attachments, tokens

#[test]
fn athernum_2_1_1_permanents_live_in_the_character_slots_the_location_slot_and_the_resource_zone() {
    let mut s = day_phase(151);
    let recruit = to_hand(&mut s, ALICE, "Wallwarden Recruit");
    let inn = to_hand(&mut s, ALICE, "The Crossroads Inn");
    resources(&mut s, ALICE, 1);
    act(&mut s, ALICE, &Action::PlayCharacter { card: recruit });
    act(&mut s, ALICE, &Action::PlayLocation { card: inn });
    act(&mut s, ALICE, &Action::Solvency);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(recruit).unwrap().place, Place::Character);
    assert_eq!(s.perm(inn).unwrap().place, Place::Location);
    assert_eq!(s.board.iter().filter(|p| p.controller == ALICE && p.place == Place::Resource).count(), 2);
}

#[test]
fn athernum_2_1_1c_a_permanent_is_played_face_up() {
    let mut s = day_phase(152);
    let recruit = to_hand(&mut s, ALICE, "Wallwarden Recruit");
    resources(&mut s, ALICE, 1);
    act(&mut s, ALICE, &Action::PlayCharacter { card: recruit });
    let p = s.perm(recruit).unwrap();
    assert!(!p.face_down);
    assert_eq!(perm_name(&s, p, Viewer::Seat(BOB)), "Wallwarden Recruit");
    assert_eq!(values(&s, recruit), (Some(1), Some(3)));
}

#[test]
fn athernum_2_1_1d_an_attachment_never_exhausts_its_host_does() {
    // The Wild Growth Totem's Call the Pack exhausts: its host pays.
    let mut s = day_phase_with(153, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let ysra = main_of(&s, ALICE);
    let totem = to_board(&mut s, ALICE, "Wild Growth Totem", Place::Item { host: ysra });
    resources(&mut s, ALICE, 3);
    act(&mut s, ALICE, &Action::Activate { source: totem, ability: 1 });
    resolve_all(&mut s, ALICE);
    let t = s.perm(totem).unwrap();
    assert!(!t.exhausted && t.exhaustion == 0, "the attachment is not exhausted");
    assert!(s.perm(ysra).unwrap().exhausted);
}

#[test]
fn athernum_2_1_1e_an_item_played_directly_does_not_stay_on_the_board() {
    let mut s = day_phase(154);
    let draught = to_hand(&mut s, ALICE, "Healing Draught");
    act(&mut s, ALICE, &Action::PlayItem { card: draught, mode: ItemMode::Direct });
    resolve_all(&mut s, ALICE);
    assert!(s.perm(draught).is_none());
    assert!(in_discard(&s, ALICE, draught));
}

#[test]
fn athernum_2_1_1f_a_card_put_onto_the_board_by_an_effect_enters_it() {
    // The Horn of the Old Host calls The Last Rampart from the Extra Deck:
    // it has entered the board, so its own "enters" trigger goes off.
    let mut s = day_phase(155);
    let aurelie = main_of(&s, ALICE);
    let rampart =
        s.players[ALICE].extra.iter().find(|c| s.db.card(c.id).name == "The Last Rampart").unwrap().uid;
    let horn = to_hand(&mut s, ALICE, "Horn of the Old Host");
    ok(&mut s, ALICE, Action::PlayItem { card: horn, mode: ItemMode::Direct });
    until_choice(&mut s);
    ok(&mut s, ALICE, Action::Take { card: rampart });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(rampart).unwrap().place, Place::Character);
    assert_eq!(s.perm(aurelie).unwrap().prevent, 2, "its trigger prevents 2 for each of Alice's characters");
}

#[test]
fn athernum_2_1_2b_an_item_may_be_attached_face_up_or_face_down() {
    let mut s = day_phase(156);
    let aurelie = main_of(&s, ALICE);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    let l = legal(&s, ALICE);
    for face_down in [false, true] {
        assert!(l.contains(&Action::PlayItem {
            card: halberd,
            mode: ItemMode::Attach { host: aurelie, face_down }
        }));
    }
    act(
        &mut s,
        ALICE,
        &Action::PlayItem { card: halberd, mode: ItemMode::Attach { host: aurelie, face_down: true } },
    );
    assert!(s.perm(halberd).unwrap().face_down);
}

#[test]
fn athernum_2_1_2c_only_the_linked_targets_controller_sees_a_face_down_attachment() {
    let mut s = day_phase(157);
    let aurelie = main_of(&s, ALICE);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    act(
        &mut s,
        ALICE,
        &Action::PlayItem { card: shield, mode: ItemMode::Attach { host: aurelie, face_down: true } },
    );
    resolve_all(&mut s, ALICE);
    let p = s.perm(shield).unwrap();
    assert_eq!(perm_name(&s, p, Viewer::Seat(ALICE)), "Tower Shield");
    assert_eq!(perm_name(&s, p, Viewer::Seat(BOB)), "face-down item");
    assert_eq!(perm_name(&s, p, Viewer::Public), "face-down item");
    assert!(!format!("{:?}", view(&s, Viewer::Seat(BOB))).contains("Tower Shield"), "Bob's board hides it");
}

#[test]
fn athernum_2_1_2e_an_attachment_whose_target_returns_to_the_hand_is_discarded() {
    // Traveler's Cloak's support returns the Sergeant; its Halberd falls.
    let mut s = day_phase(158);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let halberd = to_board(&mut s, ALICE, "Warden's Halberd", Place::Item { host: sergeant });
    let cloak = to_hand(&mut s, ALICE, "Traveler's Cloak");
    resources(&mut s, ALICE, 1);
    act(&mut s, ALICE, &Action::Support { card: cloak });
    resolve_all(&mut s, ALICE);
    assert!(in_hand(&s, ALICE, sergeant));
    assert!(in_discard(&s, ALICE, halberd), "the attachment went to the discard pile");
    assert!(!in_hand(&s, ALICE, halberd));
}

#[test]
fn athernum_2_1_2f_an_item_token_without_a_free_slot_is_not_made() {
    // The Iron Chaplain's Ward Sigil is aimed at Lady Aurelie, whose two
    // slots are full: no Sigil, and none loose on the board.
    let mut s = day_phase(159);
    let aurelie = main_of(&s, ALICE);
    to_board(&mut s, ALICE, "Tower Shield", Place::Item { host: aurelie });
    to_board(&mut s, ALICE, "Warden's Halberd", Place::Item { host: aurelie });
    let chaplain = to_hand(&mut s, ALICE, "Iron Chaplain");
    resources(&mut s, ALICE, 3);
    act_on(&mut s, ALICE, Action::PlayCharacter { card: chaplain }, Some(aurelie));
    assert!(named(&s, ALICE, "Ward Sigil").is_empty());
}

#[test]
fn athernum_2_1_2h_an_attached_item_keeps_working_turn_after_turn() {
    let mut s = day_phase(160);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    attach_face_up(&mut s, ALICE, halberd, sergeant);
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(s.active, ALICE);
    assert_eq!(values(&s, sergeant), (Some(3), Some(5)), "still +1/+1");
}

#[test]
fn athernum_2_1_3a_a_token_belongs_to_the_controller_of_the_effect_that_made_it() {
    let mut s = day_phase(161);
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Activate { source: yard, ability: 0 });
    resolve_all(&mut s, ALICE);
    let militia = s.board.iter().find(|p| s.def_name(p.def) == "Militia").unwrap();
    assert_eq!((militia.owner, militia.controller), (ALICE, ALICE));
}

#[test]
fn athernum_2_1_3b_a_character_token_fills_a_character_slot() {
    let mut s = day_phase(162);
    for _ in 0..4 {
        to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    }
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    resources(&mut s, ALICE, 4);
    assert!(legal(&s, ALICE).contains(&Action::PlayCharacter { card: sellsword }));
    act(&mut s, ALICE, &Action::Activate { source: yard, ability: 0 });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.characters_of(ALICE), 5);
    assert_eq!(ready_resources(&s, ALICE), 2, "enough left to pay for the Sellsword");
    assert!(
        !legal(&s, ALICE).contains(&Action::PlayCharacter { card: sellsword }),
        "the Militia took the fifth"
    );
}

#[test]
fn athernum_2_1_3c_a_character_tokens_values_come_from_its_effect() {
    let mut s = day_phase(163);
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Activate { source: yard, ability: 0 });
    resolve_all(&mut s, ALICE);
    let militia = named(&s, ALICE, "Militia")[0];
    assert_eq!(values(&s, militia), (Some(1), Some(2)));
}

#[test]
fn athernum_2_1_3d_a_token_is_made_in_the_zone_of_its_type() {
    let mut s = day_phase(164);
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Activate { source: yard, ability: 0 });
    act(&mut s, ALICE, &Action::Solvency);
    resolve_all(&mut s, ALICE);
    let militia = named(&s, ALICE, "Militia")[0];
    assert_eq!(s.perm(militia).unwrap().place, Place::Character, "a character token in a character slot");
    let fresh = s
        .board
        .iter()
        .filter(|p| p.controller == ALICE && p.token && p.place == Place::Resource && !p.exhausted)
        .count();
    assert_eq!(fresh, 1, "a resource token in the resource zone");
}

#[test]
fn athernum_2_1_3e_a_token_returned_to_the_hand_ceases_to_exist() {
    let mut s = day_phase(165);
    let militia = make_token(&mut s, ALICE, "Militia", Place::Character);
    let cloak = to_hand(&mut s, ALICE, "Traveler's Cloak");
    resources(&mut s, ALICE, 1);
    let hand = s.players[ALICE].hand.len();
    act(&mut s, ALICE, &Action::Support { card: cloak });
    resolve_all(&mut s, ALICE);
    assert!(s.perm(militia).is_none());
    assert!(!in_hand(&s, ALICE, militia));
    assert_eq!(s.players[ALICE].hand.len(), hand - 1, "only the Cloak left the hand; nothing came in");
}

#[test]
fn athernum_2_1_3f_a_token_cannot_be_built_into_a_deck() {
    let db = db();
    let mut setup = match_setup(&db, 166, [BASTION, ASHEN]);
    let deck = &mut setup.seats[0].deck;
    let i = deck.iter().position(|n| n == "Wallwarden Recruit").unwrap();
    deck[i] = "Militia".to_owned();
    assert!(Athernum::setup(&setup, &db).is_err(), "Militia is a token, not a card");
}

#[test]
fn athernum_2_1_5_an_effect_on_an_attachment_takes_only_what_sits_in_an_item_slot() {
    // Cinderborn Drake discards an opponent's attachment.
    let mut s = day_phase_with(167, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let aurelie = main_of(&s, BOB);
    let shield = to_board(&mut s, BOB, "Tower Shield", Place::Item { host: aurelie });
    let sigil = make_token(&mut s, BOB, "Ward Sigil", Place::Item { host: aurelie });
    to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    resources(&mut s, BOB, 1);
    let drake = to_hand(&mut s, ALICE, "Cinderborn Drake");
    resources(&mut s, ALICE, 6);
    ok(&mut s, ALICE, Action::PlayCharacter { card: drake });
    resolve_until_target(&mut s);
    let mut got = target_options(&s, ALICE);
    got.sort_by_key(|t| format!("{t:?}"));
    let mut want = vec![TargetRef::Perm(shield), TargetRef::Perm(sigil)];
    want.sort_by_key(|t| format!("{t:?}"));
    assert_eq!(got, want, "the card and the token in Aurelie's slots, nothing else");
    ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(shield) });
    resolve_all(&mut s, ALICE);
    assert!(in_discard(&s, BOB, shield));
}

fn resolve_until_target(s: &mut State) {
    for _ in 0..20 {
        if s.prompt == Prompt::TriggerTarget {
            return;
        }
        let who = Athernum::to_act(s)[0];
        ok(s, who, Action::Pass);
    }
    panic!("no target was asked for");
}

// 2.2 Characters

#[test]
fn athernum_2_2_2_a_character_with_item_slots_is_a_linked_target() {
    // The Oathkeeper Paladin has two slots.
    let mut s = day_phase(168);
    let paladin = to_board(&mut s, ALICE, "Oathkeeper Paladin", Place::Character);
    for name in ["Warden's Halberd", "Tower Shield"] {
        let item = to_hand(&mut s, ALICE, name);
        act(
            &mut s,
            ALICE,
            &Action::PlayItem { card: item, mode: ItemMode::Attach { host: paladin, face_down: false } },
        );
        resolve_all(&mut s, ALICE);
        assert_eq!(s.perm(item).unwrap().place, Place::Item { host: paladin });
    }
    assert_eq!(values(&s, paladin), (Some(4), Some(7)));
}

#[test]
fn athernum_2_2_3d_any_permanent_with_an_ofv_may_attack() {
    // A Sapling has an OFV of 0: it may attack; a location without an OFV
    // and an exhausted character may not.
    let mut s = day_phase(169);
    let sapling = make_token(&mut s, ALICE, "Sapling", Place::Character);
    let citadel = to_board(&mut s, ALICE, "Citadel of Dawnspire", Place::Location);
    let tired = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character);
    exhaust_with(&mut s, tired, 1);
    ok(&mut s, ALICE, Action::EnterCombat);
    let offered = attackers_offered(&s);
    assert!(offered.contains(&sapling) && offered.contains(&main_of(&s, ALICE)));
    assert!(!offered.contains(&citadel), "no OFV");
    assert!(!offered.contains(&tired), "exhausted: no OFV now");
}

#[test]
fn athernum_2_2_3e_an_attacker_deals_as_many_damage_counters_as_its_ofv() {
    let mut s = day_phase(170);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let kharsa = main_of(&s, BOB);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: sergeant, target: kharsa });
    fight_plan(&mut s, ALICE);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(kharsa).unwrap().damage, 2, "OFV 2");
    assert_eq!(s.perm(sergeant).unwrap().damage, 3, "and Kharsa's OFV 3 back");
}

#[test]
fn athernum_2_2_4d_any_face_up_permanent_with_a_dfv_may_defend() {
    let mut s = day_phase(171);
    let aurelie = main_of(&s, ALICE);
    let kharsa = main_of(&s, BOB);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let warcamp = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    let tired = to_board(&mut s, BOB, "Ashwolf Rider", Place::Character);
    exhaust_with(&mut s, tired, 1);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: aurelie, target: kharsa });
    fight_plan(&mut s, ALICE);
    assert_eq!(s.prompt, Prompt::Defender);
    let l = legal(&s, BOB);
    assert!(l.contains(&Action::Defend { defender: Some(raider) }));
    assert!(l.contains(&Action::Defend { defender: Some(warcamp) }), "a location with a DFV");
    assert!(!l.contains(&Action::Defend { defender: Some(tired) }), "exhausted: no DFV now");
}

#[test]
fn athernum_2_2_4e_damage_counters_go_on_any_permanent_with_a_dfv() {
    // Warband Torchbearer's Set Alight: 2 damage to an opponent's
    // permanent with a DFV, a location as well as a character.
    let mut s = day_phase_with(172, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let torch = to_board(&mut s, ALICE, "Warband Torchbearer", Place::Character);
    let citadel = to_board(&mut s, BOB, "Citadel of Dawnspire", Place::Location);
    resources(&mut s, BOB, 1);
    let token = s.board.iter().find(|p| p.controller == BOB && p.place == Place::Resource).unwrap().uid;
    resources(&mut s, ALICE, 2);
    ok(&mut s, ALICE, Action::Activate { source: torch, ability: 0 });
    let options = target_options(&s, ALICE);
    assert!(
        options.contains(&TargetRef::Perm(citadel)) && options.contains(&TargetRef::Perm(main_of(&s, BOB)))
    );
    assert!(!options.contains(&TargetRef::Perm(token)), "a resource token has no DFV");
    ok(&mut s, ALICE, Action::Target { target: TargetRef::Perm(citadel) });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(citadel).unwrap().damage, 2);
}

#[test]
fn athernum_2_2_4g_a_dfv_never_drops_below_zero() {
    // Two Hex (−1 DFV each) on a Cinder Raider (DFV 1): its DFV is 0, not
    // −1; and at 0 the next state-based check discards it (4.2.2a).
    let mut s = day_phase_with(173, [GLOAM, ASHEN], [SABLE, KHARSA]);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let hex = s.db.markers.iter().position(|m| m.name == "Hex").unwrap() as u8;
    s.perm_mut(raider).unwrap().markers.push((hex, 2));
    assert_eq!(values(&s, raider).1, Some(0), "1 − 2 is 0");
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(raider).is_none(), "discarded at DFV 0");
}

#[test]
fn athernum_2_2_5_set_values_come_before_additions() {
    // Ember Skirmisher's War Drums first gives the Warband Torchbearer +1
    // OFV until the end of the turn (a temporary change); then a Blood
    // Oath Brand sets its base OFV to 5 (a continuous one). The base comes
    // first whatever the order they came in: 5 + 1, not 5.
    let mut s = day_phase_with(174, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let torch = to_board(&mut s, ALICE, "Warband Torchbearer", Place::Character);
    let skirmisher = to_board(&mut s, ALICE, "Ember Skirmisher", Place::Character);
    act(&mut s, ALICE, &Action::Activate { source: skirmisher, ability: 0 });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, torch).0, Some(5));
    let brand = to_hand(&mut s, ALICE, "Blood Oath Brand");
    attach_face_up(&mut s, ALICE, brand, torch);
    assert_eq!(values(&s, torch), (Some(6), Some(2)));
}

#[test]
fn athernum_2_2_5a_changes_from_static_and_activated_abilities_add_up() {
    // Burning Marches (static: Raiders +1 OFV) and Ember Skirmisher's War
    // Drums (activated: your other characters +1 OFV) on a Cinder Raider.
    let mut s = day_phase_with(175, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let raider = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    let skirmisher = to_board(&mut s, ALICE, "Ember Skirmisher", Place::Character);
    let marches = to_hand(&mut s, ALICE, "Burning Marches");
    act(&mut s, ALICE, &Action::PlayLocation { card: marches });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, raider).0, Some(3));
    act(&mut s, ALICE, &Action::Activate { source: skirmisher, ability: 0 });
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, raider).0, Some(4));
}

#[test]
fn athernum_2_2_7a_each_player_may_control_one_copy() {
    let mut s = day_phase(176);
    to_board(&mut s, BOB, CARTOGRAPHER, Place::Character);
    let mine = to_hand(&mut s, ALICE, CARTOGRAPHER);
    resources(&mut s, ALICE, 4);
    assert!(legal(&s, ALICE).contains(&Action::PlayCharacter { card: mine }), "Bob's copy is not Alice's");
    act(&mut s, ALICE, &Action::PlayCharacter { card: mine });
    resolve_all(&mut s, ALICE);
    assert_eq!((named(&s, ALICE, CARTOGRAPHER).len(), named(&s, BOB, CARTOGRAPHER).len()), (1, 1));
}

#[test]
fn athernum_2_2_7b_a_second_copy_of_a_victory_token_character_is_not_offered() {
    let mut s = day_phase(177);
    to_board(&mut s, ALICE, CARTOGRAPHER, Place::Character);
    let second = to_hand(&mut s, ALICE, CARTOGRAPHER);
    let sellsword = to_hand(&mut s, ALICE, "Wandering Sellsword");
    resources(&mut s, ALICE, 4);
    let l = legal(&s, ALICE);
    assert!(!l.contains(&Action::PlayCharacter { card: second }));
    assert!(l.contains(&Action::PlayCharacter { card: sellsword }));
}

#[test]
fn athernum_2_2_7c_extra_copies_are_discarded_at_the_check() {
    let mut s = day_phase(178);
    let first = to_board(&mut s, ALICE, CARTOGRAPHER, Place::Character);
    let second = to_board(&mut s, ALICE, CARTOGRAPHER, Place::Character);
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(first).is_some());
    assert!(s.perm(second).is_none() && in_discard(&s, ALICE, second), "the newer copy goes");
}

#[test]
fn athernum_2_2_7d_an_extra_copy_adds_nothing_to_the_pool() {
    let mut s = day_phase(179);
    to_board(&mut s, ALICE, CARTOGRAPHER, Place::Character);
    let pool = s.victory_pool;
    let second = to_hand(&mut s, ALICE, CARTOGRAPHER);
    let id = s.players[ALICE].hand.pop().map(|c| c.id).unwrap();
    enter(&mut s, second, Def::Card(id), false, ALICE, ALICE, Place::Character, false);
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(second).is_none());
    assert_eq!(s.victory_pool, pool, "its field was never added");
}

#[test]
fn athernum_2_2_7f_an_exhausted_copy_still_counts() {
    let mut s = day_phase(180);
    let first = to_board(&mut s, ALICE, CARTOGRAPHER, Place::Character);
    exhaust_with(&mut s, first, 1);
    let second = to_hand(&mut s, ALICE, CARTOGRAPHER);
    resources(&mut s, ALICE, 4);
    assert!(!legal(&s, ALICE).contains(&Action::PlayCharacter { card: second }));
}

// 2.3 Items

#[test]
fn athernum_2_3_2_an_item_is_attached_into_a_slot_of_a_character() {
    let mut s = day_phase(181);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    attach_face_up(&mut s, ALICE, halberd, sergeant);
    assert_eq!(s.perm(halberd).unwrap().place, Place::Item { host: sergeant });
    assert!(!in_discard(&s, ALICE, halberd), "attached, not played directly");
}

#[test]
fn athernum_2_3_2b_an_attached_item_stays_until_discarded() {
    // Its host exhausted and damaged, turns passing: it stays, until its
    // controller discards it.
    let mut s = day_phase(182);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let halberd = to_board(&mut s, ALICE, "Warden's Halberd", Place::Item { host: sergeant });
    exhaust_with(&mut s, sergeant, 1);
    s.perm_mut(sergeant).unwrap().damage = 1;
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(s.perm(halberd).unwrap().place, Place::Item { host: sergeant });
    ok(&mut s, ALICE, Action::DiscardAttachment { attachment: halberd });
    assert!(s.perm(halberd).is_none() && in_discard(&s, ALICE, halberd));
}

#[test]
fn athernum_2_3_2c_an_item_goes_only_into_a_free_slot() {
    let mut s = day_phase(183);
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    assert!(attach_offered(&s, halberd, sergeant));
    to_board(&mut s, ALICE, "Tower Shield", Place::Item { host: sergeant });
    assert!(!attach_offered(&s, halberd, sergeant), "its one slot is taken");
    assert!(attach_offered(&s, halberd, main_of(&s, ALICE)));
}

#[test]
fn athernum_2_3_2f_only_a_face_up_item_activates_its_abilities() {
    let mut s = day_phase_with(184, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let ysra = main_of(&s, ALICE);
    let totem = to_board(&mut s, ALICE, "Wild Growth Totem", Place::Item { host: ysra });
    s.perm_mut(totem).unwrap().face_down = true;
    resources(&mut s, ALICE, 3);
    let call = Action::Activate { source: totem, ability: 1 };
    assert!(!legal(&s, ALICE).contains(&call), "face down");
    act(&mut s, ALICE, &Action::Reveal { attachment: totem });
    resolve_all(&mut s, ALICE);
    assert!(legal(&s, ALICE).contains(&call), "face up");
}

#[test]
fn athernum_2_3_2g_an_item_whose_target_leaves_the_board_is_discarded() {
    // Umbral Echo returns Bob's Cinder Raider; its Torch of Ruin falls.
    let mut s = day_phase_with(185, [GLOAM, ASHEN], [SABLE, KHARSA]);
    for _ in 0..2 {
        let n = to_board(&mut s, ALICE, "Hexweaver Novice", Place::Character);
        exhaust_with(&mut s, n, 1);
    }
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let torch = to_board(&mut s, BOB, "Torch of Ruin", Place::Item { host: raider });
    let echo = s.players[ALICE].extra.iter().find(|c| s.db.card(c.id).name == "Umbral Echo").unwrap().uid;
    act_on(&mut s, ALICE, Action::Ascend { card: echo }, Some(raider));
    resolve_all(&mut s, ALICE);
    assert!(in_hand(&s, BOB, raider));
    assert!(s.perm(torch).is_none() && in_discard(&s, BOB, torch));
}

// 2.4 Locations

#[test]
fn athernum_2_4_1_a_location_costs_nothing() {
    let mut s = day_phase(186);
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    assert!(!s.board.iter().any(|p| p.controller == ALICE && p.place == Place::Resource));
    assert!(legal(&s, ALICE).contains(&Action::PlayLocation { card: yard }));
}

#[test]
fn athernum_2_4_2_one_location_a_turn() {
    let mut s = day_phase(187);
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    let inn = to_hand(&mut s, ALICE, "The Crossroads Inn");
    act(&mut s, ALICE, &Action::PlayLocation { card: yard });
    resolve_all(&mut s, ALICE);
    assert!(!legal(&s, ALICE).contains(&Action::PlayLocation { card: inn }), "not a second this turn");
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(s.active, ALICE);
    assert!(legal(&s, ALICE).contains(&Action::PlayLocation { card: inn }), "next turn again");
}

#[test]
fn athernum_2_4_3_a_location_goes_into_the_location_slot() {
    let mut s = day_phase(188);
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    act(&mut s, ALICE, &Action::PlayLocation { card: yard });
    assert_eq!(s.perm(yard).unwrap().place, Place::Location);
}

#[test]
fn athernum_2_4_4b_an_older_location_is_discarded_at_the_check() {
    let mut s = day_phase(189);
    let older = to_board(&mut s, ALICE, "The Crossroads Inn", Place::Location);
    let newer = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(older).is_none() && in_discard(&s, ALICE, older));
    assert!(s.perm(newer).is_some());
}

#[test]
fn athernum_2_4_4c_a_locations_static_effect_goes_on_the_stack_at_once() {
    let mut s = day_phase(190);
    let citadel = to_hand(&mut s, ALICE, "Citadel of Dawnspire");
    ok(&mut s, ALICE, Action::PlayLocation { card: citadel });
    assert_eq!(s.stack.len(), 1, "its static effect waits on the stack");
    assert_eq!(s.stack[0].source, citadel);
    resolve_all(&mut s, ALICE);
    assert_eq!(values(&s, main_of(&s, ALICE)).1, Some(6));
}

#[test]
fn athernum_2_4_4d_a_face_down_location_counts_toward_the_limit() {
    let mut s = day_phase(191);
    let citadel = to_board(&mut s, ALICE, "Citadel of Dawnspire", Place::Location);
    exhaust_with(&mut s, citadel, 1);
    let yard = to_hand(&mut s, ALICE, "Mustering Yard");
    act(&mut s, ALICE, &Action::PlayLocation { card: yard });
    resolve_all(&mut s, ALICE);
    assert!(s.perm(citadel).is_none() && in_discard(&s, ALICE, citadel));
    assert_eq!(s.perm(yard).unwrap().place, Place::Location);
}

#[test]
fn athernum_2_4_5_a_location_with_an_item_slot_holds_an_attachment() {
    let mut s = day_phase(192);
    let inn = to_board(&mut s, ALICE, "The Crossroads Inn", Place::Location);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    attach_face_up(&mut s, ALICE, shield, inn);
    assert_eq!(s.perm(shield).unwrap().place, Place::Item { host: inn });
}

#[test]
fn athernum_2_4_5b_a_location_without_printed_slots_has_none() {
    let mut s = day_phase(193);
    let yard = to_board(&mut s, ALICE, "Mustering Yard", Place::Location);
    let shield = to_hand(&mut s, ALICE, "Tower Shield");
    assert_eq!(slots(&s, s.perm(yard).unwrap()), 0);
    assert!(!attach_offered(&s, shield, yard));
}

#[test]
fn athernum_2_4_5c_a_location_holds_no_more_attachments_than_its_slots() {
    let mut s = day_phase(194);
    let inn = to_board(&mut s, ALICE, "The Crossroads Inn", Place::Location);
    to_board(&mut s, ALICE, "Tower Shield", Place::Item { host: inn });
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    assert!(!attach_offered(&s, halberd, inn));
}

#[test]
fn athernum_2_4_5d_an_effect_gives_a_location_another_slot() {
    // A Wild Growth Totem on the Crossroads Inn: two slots, the Totem and
    // one more.
    let mut s = day_phase_with(195, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let inn = to_board(&mut s, ALICE, "The Crossroads Inn", Place::Location);
    let totem = to_hand(&mut s, ALICE, "Wild Growth Totem");
    attach_face_up(&mut s, ALICE, totem, inn);
    assert_eq!(slots(&s, s.perm(inn).unwrap()), 2);
    let mail = to_hand(&mut s, ALICE, "Thornmail");
    assert!(attach_offered(&s, mail, inn));
}

// 2.5 Tokens

#[test]
fn athernum_2_5_1_a_character_token_is_created_into_a_character_slot() {
    let mut s = day_phase_with(196, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let sprout = to_hand(&mut s, ALICE, "Thornling Sprout");
    resources(&mut s, ALICE, 1);
    act(&mut s, ALICE, &Action::PlayCharacter { card: sprout });
    resolve_all(&mut s, ALICE);
    let sapling = named(&s, ALICE, "Sapling")[0];
    assert_eq!(s.perm(sapling).unwrap().place, Place::Character);
}

#[test]
fn athernum_2_5_2_a_character_token_may_defend_like_a_character() {
    let mut s = day_phase(197);
    let aurelie = main_of(&s, ALICE);
    let kharsa = main_of(&s, BOB);
    let militia = make_token(&mut s, BOB, "Militia", Place::Character);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: aurelie, target: kharsa });
    fight_plan(&mut s, ALICE);
    assert!(legal(&s, BOB).contains(&Action::Defend { defender: Some(militia) }));
}

#[test]
fn athernum_2_5_4_a_token_sent_to_the_void_is_removed_from_the_game() {
    // Maelis voids Bob's Ward Sigil token: it is not in Bob's void.
    let mut s = day_phase_with(198, [GLOAM, BASTION], [SABLE, AURELIE]);
    let maelis = to_board(&mut s, ALICE, "Maelis, Thread-Cutter", Place::Character);
    let aurelie = main_of(&s, BOB);
    let sigil = make_token(&mut s, BOB, "Ward Sigil", Place::Item { host: aurelie });
    act_on(&mut s, ALICE, Action::Activate { source: maelis, ability: 0 }, Some(sigil));
    assert!(s.perm(sigil).is_none());
    assert!(s.players[BOB].void.is_empty(), "nothing reached the void");
}

#[test]
fn athernum_2_5_6_tokens_are_not_cards() {
    let mut s = day_phase_with(199, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let oak = to_board(&mut s, ALICE, "The Elder Oak", Place::Character);
    let cards = card_count(&s, ALICE);
    act(&mut s, ALICE, &Action::Activate { source: oak, ability: 1 });
    resolve_all(&mut s, ALICE);
    assert_eq!(named(&s, ALICE, "Sapling").len(), 2);
    assert_eq!(card_count(&s, ALICE), cards, "two tokens, no card more");
}

// 3 The main character

#[test]
fn athernum_3_0_2_a_chosen_main_character_stays_hidden_from_the_other_player() {
    let db = db();
    let mut s = Athernum::setup(&match_setup(&db, 200, [BASTION, ASHEN]), &db).unwrap();
    choose_main(&mut s, ALICE, AURELIE);
    for viewer in [Viewer::Seat(BOB), Viewer::Public] {
        let shown = format!("{:?}", view(&s, viewer));
        assert!(!shown.contains("Aurelie"), "Alice's choice shows before Bob chose: {viewer:?}");
    }
}

#[test]
fn athernum_3_0_5_the_main_character_attacks_and_is_attacked_like_a_permanent() {
    let mut s = day_phase(201);
    let aurelie = main_of(&s, ALICE);
    let kharsa = main_of(&s, BOB);
    ok(&mut s, ALICE, Action::EnterCombat);
    assert!(legal(&s, ALICE).contains(&Action::Attack { attacker: aurelie, target: kharsa }));
}

#[test]
fn athernum_3_0_6b_your_faction_is_your_main_characters_not_the_cards() {
    // Grove Tender, a Thornwild card, makes a resource token "of your
    // faction": under the factionless Throne, a factionless one.
    let mut s = day_phase_with(202, [THORNWILD, BASTION], [THRONE, AURELIE]);
    create_resource(&mut s, ALICE, Some(Faction::Thornwild), false);
    resources(&mut s, ALICE, 1);
    let tender = to_hand(&mut s, ALICE, "Grove Tender");
    act(&mut s, ALICE, &Action::PlayCharacter { card: tender });
    resolve_all(&mut s, ALICE);
    let made: Vec<Def> = s
        .board
        .iter()
        .filter(|p| p.controller == ALICE && p.place == Place::Resource)
        .map(|p| p.def)
        .collect();
    assert_eq!(made.len(), 3);
    assert_eq!(made.iter().filter(|d| **d == Def::Resource(None)).count(), 2, "the paid one and the new one");
}

#[test]
fn athernum_3_0_7a_an_effect_cannot_move_the_main_character_to_the_hand() {
    // The Veil of Secrets' Slip Away returns its linked target to the hand:
    // on the main character it does nothing.
    let mut s = day_phase_with(203, [GLOAM, BASTION], [SABLE, AURELIE]);
    let sable = main_of(&s, ALICE);
    let veil = to_board(&mut s, ALICE, "Veil of Secrets", Place::Item { host: sable });
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::Activate { source: veil, ability: 1 });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(sable).unwrap().place, Place::Main);
    assert!(!in_hand(&s, ALICE, sable));
    assert!(s.perm(veil).is_some(), "and its attachment stays");
}

// Added after the first pass

#[test]
fn athernum_term_token_a_destroyed_token_reaches_no_discard_pile() {
    // Bob's Pyre Zealot leaves and leaves an Ash Wraith token; the Archer's
    // Volley then destroys the Wraith (DFV 1): it was never a card.
    let mut s = day_phase(204);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    let zealot = to_board(&mut s, BOB, "Pyre Zealot", Place::Character);
    s.perm_mut(zealot).unwrap().damage = 2;
    act(&mut s, ALICE, &Action::Acquisition);
    resolve_all(&mut s, ALICE);
    assert!(in_discard(&s, BOB, zealot));
    let wraith = named(&s, BOB, "Ash Wraith");
    assert_eq!(wraith.len(), 1, "the Zealot left a token");
    let pile = s.players[BOB].discard.len();
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: archer, ability: 0 }, Some(wraith[0]));
    assert!(s.perm(wraith[0]).is_none());
    assert_eq!(s.players[BOB].discard.len(), pile, "nothing was added to Bob's discard pile");
}

#[test]
fn athernum_2_1_1a_characters_and_locations_may_be_attacked_as_permanents() {
    let mut s = day_phase(205);
    let aurelie = main_of(&s, ALICE);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let warcamp = to_board(&mut s, BOB, "Warcamp of the Host", Place::Location);
    let axe = to_board(&mut s, BOB, "Warbrand Axe", Place::Item { host: warcamp });
    ok(&mut s, ALICE, Action::EnterCombat);
    let l = legal(&s, ALICE);
    assert!(l.contains(&Action::Attack { attacker: aurelie, target: raider }));
    assert!(l.contains(&Action::Attack { attacker: aurelie, target: warcamp }));
    assert!(!l.contains(&Action::Attack { attacker: aurelie, target: axe }), "an attachment is no permanent");
}

#[test]
fn athernum_2_1_1b_a_character_token_is_a_permanent_exhausted_by_attacking() {
    // A Militia token attacks Bob's Citadel (no OFV, so no damage back)
    // and is exhausted after the attack, like any attacking permanent.
    let mut s = day_phase(206);
    let militia = make_token(&mut s, ALICE, "Militia", Place::Character);
    let citadel = to_board(&mut s, BOB, "Citadel of Dawnspire", Place::Location);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: militia, target: citadel });
    fight_plan(&mut s, ALICE);
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(citadel).unwrap().damage, 1, "its OFV 1");
    let m = s.perm(militia).unwrap();
    assert!(m.exhausted && m.face_down && m.exhaustion == 1);
}

/// The embedded pool with Gloamhound (OFV 2, DFV 2) printed without the
/// line `cut` (its OFV or its DFV), attached to `s`.
fn hound_printed_without(s: &mut State, cut: &str) {
    use crate::athernum_cards::{broken, HOUND};
    let (_dir, db) = broken("gloam.toml", |t| t.replacen(HOUND, &HOUND.replace(cut, ""), 1));
    let db = std::sync::Arc::new(db.expect("the rules define a character without the value"));
    s.db = cardtable::engine::Attached::new(&db);
}

#[test]
fn athernum_2_2_3c_a_character_without_an_offensive_value_attacks_for_0() {
    // 2.2.3c: treated as having 0 attack; 2.2.3d: a permanent with an
    // offensive value may be declared as an attacker; 2.2.3e: it deals
    // that many damage counters, none.
    let mut s = day_phase(43);
    hound_printed_without(&mut s, "ofv = 2\n");
    let hound = to_board(&mut s, ALICE, "Gloamhound", Place::Character);
    let informant = to_board(&mut s, BOB, "Veiled Informant", Place::Character);
    assert_eq!(ofv(&s, s.perm(hound).unwrap()), Some(0));
    ok(&mut s, ALICE, Action::EnterCombat);
    assert!(legal(&s, ALICE).contains(&Action::Attack { attacker: hound, target: informant }), "may attack");
    super::turn::fight(&mut s, hound, informant, None);
    assert_eq!(s.perm(informant).expect("untouched").damage, 0, "0 attack deals no damage counter");
}

#[test]
fn athernum_2_2_4c_a_character_without_a_defensive_value_is_discarded_at_the_next_check() {
    // 2.2.4c: treated as having 0 defense; 2.2.4f / 4.2.2a: no damage
    // counters are equal to 0, so the next state-based check discards it.
    let mut s = day_phase(44);
    hound_printed_without(&mut s, "\ndfv = 2");
    let hound = to_board(&mut s, BOB, "Gloamhound", Place::Character);
    assert_eq!(dfv(&s, s.perm(hound).unwrap()), Some(0));
    act(&mut s, ALICE, &Action::Acquisition);
    assert!(s.perm(hound).is_none(), "discarded at the first check");
    assert_eq!(s.players[BOB].discard.last().unwrap().uid, hound);
}
