//! Athernum: one scenario for each card of the pool (`cards/athernum/`)
//! whose text has a trigger ("When this enters the board", "Whenever this
//! attacks", "At your day phase") or a condition ("if you control…",
//! Ascend's condition). Each is played through legal actions (play a card,
//! attack, defend, end the turn) and checks what the text promises; a
//! permanent is put straight onto the board only where playing it there
//! would take turns (the scene a test starts from). Cards whose scenario
//! was written before, in the other modules, are listed with it. The last
//! test fails when a card with a trigger or a condition has no scenario.

use super::*;

use super::sections_1_3::{in_discard, in_hand, named, until_choice};
use super::turn::fight;
use cardtable::games::athernum::state::{Place, Uid};
use cardtable::games::athernum::testing::{
    act, day_phase, day_phase_with, db, end_turn, main_of, resolve_all, resources, to_board, to_deck_top,
    to_hand,
};
use cardtable::games::athernum::{Action, ItemMode, Prompt, State};

const KHARSA: &str = "Kharsa the Unburnt";
const AURELIE: &str = "Lady Aurelie, Keeper of the Gate";
const SABLE: &str = "Mother Sable, the Gloam Voice";
const YSRA: &str = "Wildcaller Ysra";

/// The card named `name` in `seat`'s Extra Deck.
fn in_extra(s: &State, seat: Seat, name: &str) -> Uid {
    s.players[seat].extra.iter().find(|c| s.db.card(c.id).name == name).expect("in the Extra Deck").uid
}

/// Alice plays the Horn of the Old Host and calls `name` (a Reserve card)
/// from her Extra Deck onto the board; everything resolves.
fn call_with_horn(s: &mut State, name: &str) -> Uid {
    let card = in_extra(s, ALICE, name);
    let horn = to_hand(s, ALICE, "Horn of the Old Host");
    ok(s, ALICE, Action::PlayItem { card: horn, mode: ItemMode::Direct });
    until_choice(s);
    ok(s, ALICE, Action::Take { card });
    resolve_all(s, ALICE);
    card
}

/// Every player passes priority until `done` holds (at most ten passes,
/// never past a prompt that is not priority); whether it came to hold.
fn pass_until(s: &mut State, done: impl Fn(&State) -> bool) -> bool {
    for _ in 0..10 {
        if done(s) {
            return true;
        }
        if s.prompt != Prompt::Priority {
            return false;
        }
        let who = Athernum::to_act(s)[0];
        ok(s, who, Action::Pass);
    }
    done(s)
}

fn damage(s: &State, uid: Uid) -> u8 {
    s.perm(uid).unwrap().damage
}

fn victory(s: &State, uid: Uid) -> u8 {
    s.perm(uid).unwrap().victory
}

// ── Ashen Host ─────────────────────────────────────────────────────────

#[test]
fn athernum_9_3_cinder_raider_gets_one_ofv_whenever_it_attacks() {
    let mut s = day_phase_with(901, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let raider = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    let aurelie = main_of(&s, BOB);
    fight(&mut s, raider, aurelie, None);
    assert_eq!(damage(&s, aurelie), 3, "OFV 2, and 1 more as it attacks");
}

#[test]
fn athernum_4_3_5b_scorch_adept_deals_one_damage_to_a_defender_when_it_enters() {
    let mut s = day_phase_with(902, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    let adept = to_hand(&mut s, ALICE, "Scorch Adept");
    resources(&mut s, ALICE, 3);
    act_on(&mut s, ALICE, Action::PlayCharacter { card: adept }, Some(recruit));
    assert_eq!(damage(&s, recruit), 1);
}

#[test]
fn athernum_10_2_ruin_herald_skarn_gains_a_command_token_when_an_opponents_character_is_discarded() {
    let mut s = day_phase_with(903, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let skarn = to_board(&mut s, ALICE, "Ruin-Herald Skarn", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    s.players[ALICE].command = 1; // one spent earlier in the turn
    fight(&mut s, skarn, raider, None);
    assert!(s.perm(raider).is_none() && in_discard(&s, BOB, raider));
    assert_eq!(s.players[ALICE].command, 2);
}

#[test]
fn athernum_7_4_2c_ashfall_titan_deals_two_damage_to_each_opposing_character_when_it_enters() {
    let mut s = day_phase_with(904, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let kharsa = main_of(&s, ALICE);
    let titan = call_with_horn(&mut s, "Ashfall Titan");
    assert_eq!(s.perm(titan).unwrap().place, Place::Character);
    assert_eq!(damage(&s, recruit), 2);
    assert_eq!(damage(&s, main_of(&s, BOB)), 2, "Bob's main character too");
    assert!(s.perm(raider).is_none(), "DFV 1: discarded");
    assert_eq!(damage(&s, kharsa), 0, "not Alice's own");
}

// ── Bastion Accord ─────────────────────────────────────────────────────

#[test]
fn athernum_9_3_6_lady_aurelie_scores_when_targeted_and_gets_two_dfv_when_she_defends() {
    // Lady Aurelie, Keeper of the Gate, chosen as the target of an attack:
    // a Victory Token on her.
    let mut s = day_phase_with(905, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let (kharsa, aurelie) = (main_of(&s, ALICE), main_of(&s, BOB));
    fight(&mut s, kharsa, aurelie, None);
    assert_eq!(victory(&s, aurelie), 1);
    // Defending: +2 DFV (read before the fight exhausts her).
    let mut s = day_phase_with(906, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let (kharsa, aurelie) = (main_of(&s, ALICE), main_of(&s, BOB));
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    ok(&mut s, ALICE, Action::EnterCombat);
    ok(&mut s, ALICE, Action::Attack { attacker: kharsa, target: recruit });
    fight_plan(&mut s, ALICE);
    ok(&mut s, BOB, Action::Defend { defender: Some(aurelie) });
    assert_eq!(values(&s, aurelie).1, Some(5));
    let seen = pass_until(&mut s, |s| values(s, aurelie).1 == Some(7));
    assert!(seen, "her defend trigger gives +2 DFV");
    resolve_all(&mut s, ALICE);
    assert_eq!(victory(&s, aurelie), 0, "she defended: she was not the target");
}

#[test]
fn athernum_9_2_lady_aurelie_scores_at_her_day_phase_with_five_characters() {
    // Lady Aurelie, Keeper of the Gate: at her day phase, with five characters.
    for (others, scored) in [(4, 1), (3, 0)] {
        let mut s = day_phase_with(907, [ASHEN, BASTION], [KHARSA, AURELIE]);
        let aurelie = main_of(&s, BOB);
        for _ in 0..others {
            to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
        }
        end_turn(&mut s);
        assert_eq!(s.active, BOB);
        assert_eq!(victory(&s, aurelie), scored, "Aurelie and {others} more characters");
    }
}

#[test]
fn athernum_9_3_6_stone_colossus_gets_two_dfv_when_chosen_as_a_target() {
    let mut s = day_phase_with(908, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let colossus = to_board(&mut s, BOB, "Stone Colossus", Place::Character);
    assert_eq!(values(&s, colossus).1, Some(8));
    let kharsa = main_of(&s, ALICE);
    fight(&mut s, kharsa, colossus, None);
    assert_eq!(values(&s, colossus).1, Some(10));
}

// ── Gloam Circle ───────────────────────────────────────────────────────

#[test]
fn athernum_9_5_mother_sable_scores_at_night_with_two_witches() {
    // Mother Sable, the Gloam Voice, with a Hexweaver Novice (a Witch) or alone.
    for (novice, scored) in [(true, 1), (false, 0)] {
        let mut s = day_phase_with(909, [GLOAM, BASTION], [SABLE, AURELIE]);
        let sable = main_of(&s, ALICE);
        if novice {
            to_board(&mut s, ALICE, "Hexweaver Novice", Place::Character);
        }
        end_turn(&mut s);
        assert_eq!(victory(&s, sable), scored, "a second Witch: {novice}");
    }
}

#[test]
fn athernum_6_1_gloamhound_turns_an_attachment_face_down_when_a_permanent_it_fought_is_discarded() {
    let mut s = day_phase_with(910, [GLOAM, BASTION], [SABLE, AURELIE]);
    let hound = to_board(&mut s, ALICE, "Gloamhound", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let aurelie = main_of(&s, BOB);
    let shield = to_board(&mut s, BOB, "Tower Shield", Place::Item { host: aurelie });
    fight(&mut s, hound, raider, None);
    assert!(s.perm(raider).is_none());
    assert!(s.perm(shield).unwrap().face_down, "Bob's attachment is face down");
}

#[test]
fn athernum_2_5_gloam_ferryman_leaves_a_gloam_shade_when_it_leaves_the_board() {
    let mut s = day_phase_with(911, [GLOAM, BASTION], [SABLE, AURELIE]);
    let ferryman = to_board(&mut s, ALICE, "Gloam Ferryman", Place::Character);
    let aurelie = main_of(&s, BOB);
    fight(&mut s, ferryman, aurelie, None);
    assert!(s.perm(ferryman).is_none(), "Aurelie's OFV 2 against its DFV 2");
    assert_eq!(named(&s, ALICE, "Gloam Shade").len(), 1);
}

#[test]
fn athernum_7_4_2c_the_hollow_king_exhausts_every_opposing_character_but_the_main_when_it_enters() {
    let mut s = day_phase_with(912, [GLOAM, BASTION], [SABLE, AURELIE]);
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let mine = to_board(&mut s, ALICE, "Hexweaver Novice", Place::Character);
    call_with_horn(&mut s, "The Hollow King");
    assert!(s.perm(recruit).unwrap().exhausted && s.perm(raider).unwrap().exhausted);
    assert!(!s.perm(main_of(&s, BOB)).unwrap().exhausted, "not the main character");
    assert!(!s.perm(mine).unwrap().exhausted, "not Alice's own");
}

#[test]
fn athernum_10_5_hex_needle_puts_a_hex_marker_on_an_opposing_character_when_its_host_attacks() {
    let mut s = day_phase_with(913, [GLOAM, BASTION], [SABLE, AURELIE]);
    let sable = main_of(&s, ALICE);
    let aurelie = main_of(&s, BOB);
    let needle = to_hand(&mut s, ALICE, "Hex Needle");
    attach_face_up(&mut s, ALICE, needle, sable);
    assert_eq!(values(&s, sable).0, Some(3), "its equip: +1 OFV");
    fight(&mut s, sable, aurelie, None);
    let hex: u8 = s.perm(aurelie).unwrap().markers.iter().map(|(_, n)| *n).sum();
    assert_eq!(hex, 1);
}

// ── Factionless ────────────────────────────────────────────────────────

#[test]
fn athernum_7_2_oracle_of_the_crossroads_discards_two_then_draws_one_when_it_enters() {
    let mut s = day_phase(914);
    let third = to_deck_top(&mut s, ALICE, "Wandering Sellsword");
    let second = to_deck_top(&mut s, ALICE, "Caravan Merchant");
    let top = to_deck_top(&mut s, ALICE, "Healing Draught");
    let oracle = to_hand(&mut s, ALICE, "Oracle of the Crossroads");
    resources(&mut s, ALICE, 3);
    act(&mut s, ALICE, &Action::PlayCharacter { card: oracle });
    resolve_all(&mut s, ALICE);
    assert!(in_discard(&s, ALICE, top) && in_discard(&s, ALICE, second));
    assert!(in_hand(&s, ALICE, third), "then the next card drawn");
}

#[test]
fn athernum_4_3_5d_the_old_cartographer_scores_whenever_its_controller_plays_a_location() {
    let mut s = day_phase(915);
    let cartographer = to_board(&mut s, ALICE, "The Old Cartographer", Place::Character);
    let inn = to_hand(&mut s, ALICE, "The Crossroads Inn");
    act(&mut s, ALICE, &Action::PlayLocation { card: inn });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(inn).unwrap().place, Place::Location);
    assert_eq!(victory(&s, cartographer), 1);
}

// ── Thornwild ──────────────────────────────────────────────────────────

#[test]
fn athernum_10_3_mossback_boar_heals_one_damage_whenever_it_attacks() {
    let mut s = day_phase_with(916, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let boar = to_board(&mut s, ALICE, "Mossback Boar", Place::Character);
    s.perm_mut(boar).unwrap().damage = 2; // from a fight earlier in the turn
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    fight(&mut s, boar, recruit, None);
    assert_eq!(damage(&s, boar), 2, "2, healed 1, then the Recruit's OFV 1 back");
}

#[test]
fn athernum_4_2_2h_wildcaller_ysra_scores_when_a_character_enters_beside_three_beasts() {
    // Wildcaller Ysra, main character, with Beasts already on the board.
    for (beasts, scored) in [(2, 1), (1, 0)] {
        let mut s = day_phase_with(917, [THORNWILD, BASTION], [YSRA, AURELIE]);
        let ysra = main_of(&s, ALICE);
        for _ in 0..beasts {
            to_board(&mut s, ALICE, "Mossback Boar", Place::Character);
        }
        let stalker = to_hand(&mut s, ALICE, "Briar Stalker");
        resources(&mut s, ALICE, 3);
        act(&mut s, ALICE, &Action::PlayCharacter { card: stalker });
        resolve_all(&mut s, ALICE);
        assert_eq!(victory(&s, ysra), scored, "{beasts} Beasts and the Stalker");
    }
}

#[test]
fn athernum_7_4_2c_the_great_stag_ascends_beside_four_beasts_and_strengthens_every_character() {
    let mut s = day_phase_with(918, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let stag = in_extra(&s, ALICE, "The Great Stag");
    let boars: Vec<Uid> =
        (0..3).map(|_| to_board(&mut s, ALICE, "Mossback Boar", Place::Character)).collect();
    assert!(!legal(&s, ALICE).contains(&Action::Ascend { card: stag }), "three Beasts are not enough");
    to_board(&mut s, ALICE, "Briar Stalker", Place::Character);
    assert!(legal(&s, ALICE).contains(&Action::Ascend { card: stag }));
    act(&mut s, ALICE, &Action::Ascend { card: stag });
    resolve_all(&mut s, ALICE);
    assert_eq!(s.perm(stag).unwrap().place, Place::Character);
    assert_eq!(values(&s, boars[0]), (Some(4), Some(5)), "+1 OFV and +1 DFV");
    assert_eq!(values(&s, main_of(&s, ALICE)), (Some(3), Some(4)), "Ysra too");
}

#[test]
fn athernum_5_0_1a_worldroot_avatar_makes_two_resource_tokens_when_it_enters() {
    let mut s = day_phase_with(919, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let before = cardtable::games::athernum::testing::resource_tokens(&s, ALICE);
    call_with_horn(&mut s, "Worldroot Avatar");
    assert_eq!(cardtable::games::athernum::testing::resource_tokens(&s, ALICE), before + 2);
}

#[test]
fn athernum_4_3_5g_thornmail_deals_two_damage_to_an_opposing_character_when_its_host_defends() {
    let mut s = day_phase_with(920, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let kharsa = main_of(&s, ALICE);
    let recruit = to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    // Bob equipped the Recruit in his own turn.
    to_board(&mut s, BOB, "Thornmail", Place::Item { host: recruit });
    let raider = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    ok(&mut s, ALICE, Action::EnterCombat);
    let aurelie = main_of(&s, BOB);
    ok(&mut s, ALICE, Action::Attack { attacker: raider, target: aurelie });
    fight_plan(&mut s, ALICE);
    ok(&mut s, BOB, Action::Defend { defender: Some(recruit) });
    // The Recruit's defend trigger and Aurelie's (she was attacked) fire
    // too: Bob orders them.
    while s.prompt == Prompt::Choice && s.stack.len() < 3 {
        assert_eq!(Athernum::to_act(&s), vec![BOB]);
        let first = legal(&s, BOB)[0].clone();
        ok(&mut s, BOB, first);
    }
    assert!(pass_until(&mut s, |s| s.prompt == Prompt::TriggerTarget), "the Thornmail asks for a target");
    assert_eq!(Athernum::to_act(&s), vec![BOB], "Bob aims the Thornmail");
    ok(&mut s, BOB, Action::Target { target: TargetRef::Perm(kharsa) });
    resolve_all(&mut s, ALICE);
    assert_eq!(damage(&s, kharsa), 2);
}

#[test]
fn athernum_9_3_6_thornwall_thicket_makes_a_sapling_when_chosen_as_a_target() {
    let mut s = day_phase_with(921, [ASHEN, THORNWILD], [KHARSA, YSRA]);
    let thicket = to_board(&mut s, BOB, "Thornwall Thicket", Place::Location);
    let kharsa = main_of(&s, ALICE);
    fight(&mut s, kharsa, thicket, None);
    assert_eq!(named(&s, BOB, "Sapling").len(), 1);
}

// ── Every card with a trigger or a condition has a scenario ─────────────

/// Each card with a trigger or a condition, and the test that plays it
/// (here or in another module of `athernum_rules`).
const SCENARIOS: &[(&str, &str)] = &[
    ("Cinder Raider", "athernum_9_3_cinder_raider_gets_one_ofv_whenever_it_attacks"),
    (
        "Ashwolf Rider",
        "athernum_9_3_10_abilities_triggered_by_combat_damage_fire_before_the_attacker_is_exhausted",
    ),
    ("Pyre Zealot", "athernum_term_token_a_destroyed_token_reaches_no_discard_pile"),
    ("Kharsa the Unburnt", "athernum_9_3_10_an_attacker_that_defeats_its_target_sees_it_discarded"),
    (
        "Warlord Vethrik Ashmane",
        "athernum_4_3_1a_an_activated_and_a_triggered_ability_of_one_card_resolve_apart",
    ),
    ("Scorch Adept", "athernum_4_3_5b_scorch_adept_deals_one_damage_to_a_defender_when_it_enters"),
    ("Cinderborn Drake", "athernum_2_1_5_an_effect_on_an_attachment_takes_only_what_sits_in_an_item_slot"),
    (
        "Ruin-Herald Skarn",
        "athernum_10_2_ruin_herald_skarn_gains_a_command_token_when_an_opponents_character_is_discarded",
    ),
    (
        "Ashfall Titan",
        "athernum_7_4_2c_ashfall_titan_deals_two_damage_to_each_opposing_character_when_it_enters",
    ),
    ("Phoenix of the Pyre", "athernum_4_2_3d_checks_repeat_while_abilities_keep_triggering"),
    ("Torch of Ruin", "athernum_4_3_5g_iv_an_equip_trigger_fires_when_its_host_attacks"),
    ("Wallwarden Recruit", "athernum_term_prevent_a_defending_recruit_takes_one_damage_less"),
    (
        "Lady Aurelie, Keeper of the Gate",
        "athernum_9_3_6_lady_aurelie_scores_when_targeted_and_gets_two_dfv_when_she_defends",
    ),
    ("Bastion Quartermaster", "athernum_term_search_takes_only_what_the_effect_allows"),
    ("Iron Chaplain", "athernum_term_attachment_a_token_made_into_an_item_slot_is_fixed_to_its_permanent"),
    ("Stone Colossus", "athernum_9_3_6_stone_colossus_gets_two_dfv_when_chosen_as_a_target"),
    ("The Last Rampart", "athernum_2_1_1f_a_card_put_onto_the_board_by_an_effect_enters_it"),
    ("Veiled Informant", "athernum_term_discard_puts_cards_from_the_deck_into_the_discard_pile"),
    ("Mistmantle Spy", "athernum_7_4_1c_a_card_drawn_in_the_other_players_turn_goes_to_its_owners_hand"),
    ("Mother Sable, the Gloam Voice", "athernum_9_5_mother_sable_scores_at_night_with_two_witches"),
    ("Nightglass Assassin", "athernum_10_4_4_an_effect_adds_an_exhaustion_counter"),
    ("Shade Double", "athernum_7_5_1_a_copy_is_a_token"),
    (
        "Gloamhound",
        "athernum_6_1_gloamhound_turns_an_attachment_face_down_when_a_permanent_it_fought_is_discarded",
    ),
    ("Gloam Ferryman", "athernum_2_5_gloam_ferryman_leaves_a_gloam_shade_when_it_leaves_the_board"),
    (
        "The Hollow King",
        "athernum_7_4_2c_the_hollow_king_exhausts_every_opposing_character_but_the_main_when_it_enters",
    ),
    ("Umbral Echo", "athernum_term_return_puts_a_card_into_its_owners_hand"),
    (
        "Hex Needle",
        "athernum_10_5_hex_needle_puts_a_hex_marker_on_an_opposing_character_when_its_host_attacks",
    ),
    ("Ruin Scavenger", "athernum_2_2_6_ruin_scavenger_takes_back_the_item_discarded_with_it"),
    (
        "Oracle of the Crossroads",
        "athernum_7_2_oracle_of_the_crossroads_discards_two_then_draws_one_when_it_enters",
    ),
    (
        "The Old Cartographer",
        "athernum_4_3_5d_the_old_cartographer_scores_whenever_its_controller_plays_a_location",
    ),
    ("Throne of the Old Kings", "athernum_9_3_2_back_from_combat_day_phase_abilities_do_not_trigger_again"),
    (
        "Highward Sentinel Prime",
        "athernum_7_4_2c_extra_deck_cards_leave_it_only_by_an_effect_or_their_extra_rule",
    ),
    ("Standing Stones", "athernum_9_5_2a_night_abilities_resolve_at_their_controllers_night"),
    ("Thornling Sprout", "athernum_4_3_5b_a_triggered_ability_goes_on_the_stack_by_itself"),
    ("Grove Tender", "athernum_3_0_6b_your_faction_is_your_main_characters_not_the_cards"),
    ("Mossback Boar", "athernum_10_3_mossback_boar_heals_one_damage_whenever_it_attacks"),
    ("Wildcaller Ysra", "athernum_4_2_2h_wildcaller_ysra_scores_when_a_character_enters_beside_three_beasts"),
    ("The Elder Oak", "athernum_9_1_4a_morning_abilities_resolve_without_anyone_acting"),
    ("Briar Stalker", "athernum_5_0_3b_a_resource_made_by_an_effect_has_the_named_faction"),
    ("Old Mother Bramble", "athernum_9_2_1_one_trigger_or_alike_triggers_are_not_asked"),
    (
        "The Great Stag",
        "athernum_7_4_2c_the_great_stag_ascends_beside_four_beasts_and_strengthens_every_character",
    ),
    ("Worldroot Avatar", "athernum_5_0_1a_worldroot_avatar_makes_two_resource_tokens_when_it_enters"),
    (
        "Thornmail",
        "athernum_4_3_5g_thornmail_deals_two_damage_to_an_opposing_character_when_its_host_defends",
    ),
    ("Thornwall Thicket", "athernum_9_3_6_thornwall_thicket_makes_a_sapling_when_chosen_as_a_target"),
];

/// The modules of `athernum_rules` that hold scenarios.
const SOURCES: &[&str] = &[
    include_str!("cards.rs"),
    include_str!("board.rs"),
    include_str!("markers.rs"),
    include_str!("plan.rs"),
    include_str!("sections_1_3.rs"),
    include_str!("sections_4_12.rs"),
    include_str!("stack.rs"),
    include_str!("turn.rs"),
];

/// A line of card text without the reminders of how long a static or
/// equip effect lasts ("while this stays face up", "for as long as it
/// stays on the board"): they restate 4.3.5a.II for every static ability
/// and are no condition of the card (the rule has its own tests, e.g.
/// `athernum_term_static_ability_applies_while_its_source_stays_face_up`).
fn without_durations(line: &str) -> String {
    line.replace(" while this stays face up", "").replace(" for as long as it stays on the board", "")
}

#[test]
fn athernum_every_card_with_a_trigger_or_a_condition_has_a_scenario() {
    use cardtable::cards::athernum::text::extra_rule_text;
    use cardtable::cards::athernum::Ability;
    let db = db();
    let wanted = card_scenarios_support::wanted(db.cards.iter().map(|c| {
        let triggered = c.abilities.iter().any(|a| matches!(a, Ability::Triggered { .. }));
        let mut text: Vec<String> = c.text(&db).iter().map(|l| without_durations(l)).collect();
        text.extend(c.extra_rule.as_ref().map(extra_rule_text));
        (c.name.as_str(), triggered, text)
    }));
    card_scenarios_support::check(&wanted, SCENARIOS, SOURCES);
}
