//! Athernum: one scenario for each card of the pool (`cards/athernum/`)
//! whose text has a trigger ("When this enters the board", "Whenever this
//! attacks", "At your day phase") or a condition ("if you control…",
//! Ascend's condition, and the duration every static or equip effect
//! carries: "while this stays face up", "for as long as it stays on the
//! board", 4.3.5a.II). Each is played through legal actions (play a card,
//! attack, defend, end the turn) and checks what the text promises; a
//! permanent is put straight onto the board only where playing it there
//! would take turns (the scene a test starts from). Cards whose scenario
//! was written before, in the other modules, are listed with it. The last
//! test fails when a card with a trigger or a condition has no scenario.

use super::*;

use super::sections_1_3::{in_discard, in_hand, named, until_choice};
use super::turn::{fight, fight_as};
use cardtable::cards::athernum::Stat;
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

// ── Static and equip abilities: in force while face up, and no longer ──
//
// 4.3.5a.II and 4.3.5g.III give every static ability the same duration
// ("while this stays face up"): each scenario below plays the card,
// checks exactly what its text changes, then turns it face down or takes
// it off the board the way the rules do and checks that the change ends.

/// Everything resolves and then, in the active player's day or combat
/// window, the state is read.
fn settled(s: &mut State) {
    let me = s.active;
    resolve_all(s, me);
}

/// Alice plays the location `name` from her hand; everything resolves.
fn play_location(s: &mut State, name: &str) -> Uid {
    let card = to_hand(s, ALICE, name);
    act(s, ALICE, &Action::PlayLocation { card });
    settled(s);
    assert_eq!(s.perm(card).map(|p| p.place), Some(Place::Location));
    card
}

/// Alice plays the character `name` from her hand with `cost` resources
/// made for it (tokens of an earlier turn); everything resolves.
fn play_character(s: &mut State, name: &str, cost: usize) -> Uid {
    let card = to_hand(s, ALICE, name);
    resources(s, ALICE, cost);
    act(s, ALICE, &Action::PlayCharacter { card });
    settled(s);
    assert_eq!(s.perm(card).map(|p| p.place), Some(Place::Character));
    card
}

/// Two turns go by: Bob's, then Alice's morning, back to her day.
fn next_turn_of_alice(s: &mut State) {
    end_turn(s);
    assert_eq!(s.active, BOB);
    end_turn(s);
    assert_eq!(s.active, ALICE);
    settled(s);
}

/// Alice attaches the item `item` from her hand to `host` face down
/// (2.3.2e), turns it face up (2.1.2d), then discards it (2.1.2g), all
/// through legal actions: `read` before it is played, while it is face
/// down, face up, and once it is gone.
fn equip_steps<T>(s: &mut State, item: &str, host: Uid, read: impl Fn(&State) -> T) -> [T; 4] {
    let before = read(s);
    let card = to_hand(s, ALICE, item);
    ok(s, ALICE, Action::PlayItem { card, mode: ItemMode::Attach { host, face_down: true } });
    settled(s);
    assert!(s.perm(card).is_some_and(|p| p.face_down && p.place == Place::Item { host }));
    let down = read(s);
    ok(s, ALICE, Action::Reveal { attachment: card });
    settled(s);
    let up = read(s);
    ok(s, ALICE, Action::DiscardAttachment { attachment: card });
    settled(s);
    assert!(s.perm(card).is_none() && in_discard(s, ALICE, card));
    [before, down, up, read(s)]
}

/// [`equip_steps`] for an item that changes its host's (OFV, DFV): Alice's
/// main character (of `mains[0]`) shows `plain` values before, while the
/// item is face down and once it is gone, and `equipped` while it is face
/// up; the state after, for more.
fn equip_values(
    seed: u64,
    decks: [&str; 2],
    mains: [&str; 2],
    item: &str,
    plain: Values,
    equipped: Values,
) -> State {
    let mut s = day_phase_with(seed, decks, mains);
    let host = main_of(&s, ALICE);
    let steps = equip_steps(&mut s, item, host, |s| values(s, host));
    assert_eq!(steps, [plain, plain, equipped, plain], "{item}: only while face up and attached");
    s
}

/// A permanent's OFV and DFV, as [`values`] reads them.
type Values = (Option<u8>, Option<u8>);

/// A character whose static gives the other characters of a subtype
/// Alice controls +1 to the value `value` reads. Played in earlier turns:
/// `kin` (of that subtype) on each side. Alice plays `lord` (`cost`):
/// her `kin` gets +1 on `values[0]`, the lord keeps its own `values[1]`,
/// her main character (not of the subtype) its `values[2]`, Bob's `kin`
/// nothing. Then the lord attacks Bob's main character, is exhausted
/// (face down), and the bonus ends (4.3.5a.II). Returns the lord and
/// Alice's `kin`.
fn subtype_lord(
    s: &mut State,
    lord: &str,
    cost: usize,
    kin: &str,
    value: Stat,
    values: [u8; 3],
) -> (Uid, Uid) {
    let read = |s: &State, u: Uid| cardtable::games::athernum::values::value(s, s.perm(u).unwrap(), value);
    let main = main_of(s, ALICE);
    let mine = to_board(s, ALICE, kin, Place::Character);
    let bobs = to_board(s, BOB, kin, Place::Character);
    let played = play_character(s, lord, cost);
    assert_eq!(read(s, mine), Some(values[0] + 1), "{lord}: another {kin} of Alice's gets +1");
    assert_eq!(read(s, played), Some(values[1]), "{lord}: not itself");
    assert_eq!(read(s, main), Some(values[2]), "{lord}: not a character of another subtype");
    assert_eq!(read(s, bobs), Some(values[0]), "{lord}: not Bob's {kin}");
    let target = main_of(s, BOB);
    fight(s, played, target, None);
    assert!(s.perm(played).unwrap().face_down, "{lord} attacked: exhausted");
    assert_eq!(read(s, mine), Some(values[0]), "{lord} is face down: its static ended");
    (played, mine)
}

#[test]
fn athernum_4_3_5a_shieldwall_sergeant_gives_other_wardens_one_dfv_while_face_up() {
    // Wardens: Alice's Wallwarden Recruit (DFV 3), not Lady Aurelie (a Knight).
    let mut s = day_phase_with(930, [BASTION, ASHEN], [AURELIE, KHARSA]);
    let (sergeant, recruit) =
        subtype_lord(&mut s, "Shieldwall Sergeant", 2, "Wallwarden Recruit", Stat::Dfv, [3, 4, 5]);
    // Alice's next morning turns it face up: in force again (4.3.5a.I).
    next_turn_of_alice(&mut s);
    assert!(!s.perm(sergeant).unwrap().face_down);
    assert_eq!(values(&s, recruit).1, Some(4));
}

#[test]
fn athernum_10_2_3_marshal_oderic_vane_raises_the_command_token_maximum_while_face_up() {
    use cardtable::games::athernum::values::command_limit;
    let mut s = day_phase_with(931, [BASTION, ASHEN], [AURELIE, KHARSA]);
    assert_eq!(command_limit(&s, ALICE), 2);
    let marshal = play_character(&mut s, "Marshal Oderic Vane", 4);
    assert_eq!(command_limit(&s, ALICE), 3, "raised by 1");
    assert_eq!(command_limit(&s, BOB), 2, "only its controller's");
    next_turn_of_alice(&mut s);
    assert_eq!(s.players[ALICE].command, 3, "her morning tops her up to the raised maximum (9.1.3)");
    // The Marshal attacks and is exhausted: face down, the raise ends.
    let kharsa = main_of(&s, BOB);
    fight(&mut s, marshal, kharsa, None);
    assert!(s.perm(marshal).unwrap().face_down);
    assert_eq!(command_limit(&s, ALICE), 2, "the Marshal is face down");
    assert_eq!(s.players[ALICE].command, 3, "tokens held are kept (rulings, 10.2)");
}

#[test]
fn athernum_9_1_3_a_maximum_raised_by_a_card_that_recovers_this_morning_counts_from_the_next_refill() {
    // Marshal Oderic Vane, exhausted, turns face up at Alice's morning
    // (9.1.2): its static goes on the stack (4.3.5a.I) and resolves after
    // the refill of 9.1.3 (rulings, 9.1.3).
    use cardtable::games::athernum::values::command_limit;
    let mut s = day_phase_with(945, [BASTION, ASHEN], [AURELIE, KHARSA]);
    let marshal = play_character(&mut s, "Marshal Oderic Vane", 4);
    for _ in 0..2 {
        act(&mut s, ALICE, &Action::Acquisition);
        settled(&mut s);
    }
    assert_eq!(s.players[ALICE].command, 0, "both spent");
    let kharsa = main_of(&s, BOB);
    fight(&mut s, marshal, kharsa, None);
    assert!(s.perm(marshal).unwrap().face_down);
    next_turn_of_alice(&mut s);
    assert!(!s.perm(marshal).unwrap().face_down, "recovered this morning");
    assert_eq!(s.players[ALICE].command, 2, "refilled to the maximum in force at 9.1.3");
    assert_eq!(command_limit(&s, ALICE), 3, "raised again once its static resolved");
    next_turn_of_alice(&mut s);
    assert_eq!(s.players[ALICE].command, 3, "the next morning refills to 3");
}

#[test]
fn athernum_2_2_2c_bulwark_engineer_adds_an_item_slot_for_as_long_as_the_character_stays_on_the_board() {
    use cardtable::games::athernum::values::slots;
    let mut s = day_phase_with(932, [BASTION, ASHEN], [AURELIE, KHARSA]);
    // On the board since earlier turns: the Engineer and a Sellsword (no slot).
    let engineer = to_board(&mut s, ALICE, "Bulwark Engineer", Place::Character);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let slots_of = |s: &State, u: Uid| slots(s, s.perm(u).unwrap());
    assert_eq!(slots_of(&s, sellsword), 0);
    resources(&mut s, ALICE, 1);
    act_on(&mut s, ALICE, Action::Activate { source: engineer, ability: 0 }, Some(sellsword));
    assert_eq!(slots_of(&s, sellsword), 1, "Reinforce: +1 item slot");
    assert!(s.perm(engineer).unwrap().face_down, "the Bulwark Engineer exhausted to pay");
    let cloak = to_hand(&mut s, ALICE, "Traveler's Cloak");
    let attach =
        Action::PlayItem { card: cloak, mode: ItemMode::Attach { host: sellsword, face_down: false } };
    assert!(legal(&s, ALICE).contains(&attach), "the new slot takes an item");
    attach_face_up(&mut s, ALICE, cloak, sellsword);
    assert_eq!(s.perm(cloak).map(|p| p.place), Some(Place::Item { host: sellsword }));
    // It lasts past the turn and whatever the Engineer does.
    next_turn_of_alice(&mut s);
    assert_eq!(slots_of(&s, sellsword), 1, "still there a turn later");
    // The Sellsword leaves the board (a second Cloak's support returns it)
    // and comes back: a new permanent, without the slot.
    let other = to_hand(&mut s, ALICE, "Traveler's Cloak");
    act_on(&mut s, ALICE, Action::Support { card: other }, Some(sellsword));
    assert!(in_hand(&s, ALICE, sellsword));
    assert!(in_discard(&s, ALICE, cloak), "its attachment went with it (7.3.4)");
    resources(&mut s, ALICE, 2);
    act(&mut s, ALICE, &Action::PlayCharacter { card: sellsword });
    settled(&mut s);
    assert_eq!(slots_of(&s, sellsword), 0, "it left the board: the slot is gone");
}

#[test]
fn athernum_4_3_5g_tower_shield_gives_its_host_two_dfv_while_attached_face_up() {
    let (plain, shielded) = ((Some(2), Some(5)), (Some(2), Some(7)));
    equip_values(933, [BASTION, ASHEN], [AURELIE, KHARSA], "Tower Shield", plain, shielded);
}

#[test]
fn athernum_4_3_5g_wardens_halberd_gives_its_host_one_ofv_and_one_dfv_while_attached_face_up() {
    let (plain, armed) = ((Some(2), Some(5)), (Some(3), Some(6)));
    equip_values(934, [BASTION, ASHEN], [AURELIE, KHARSA], "Warden's Halberd", plain, armed);
}

#[test]
fn athernum_4_3_5g_warbrand_axe_gives_its_host_two_ofv_while_attached_face_up() {
    let (plain, armed) = ((Some(3), Some(3)), (Some(5), Some(3)));
    equip_values(935, [ASHEN, BASTION], [KHARSA, AURELIE], "Warbrand Axe", plain, armed);
}

#[test]
fn athernum_4_3_5g_travelers_cloak_gives_its_host_one_dfv_while_attached_face_up() {
    let (plain, cloaked) = ((Some(2), Some(5)), (Some(2), Some(6)));
    equip_values(936, [BASTION, ASHEN], [AURELIE, KHARSA], "Traveler's Cloak", plain, cloaked);
}

#[test]
fn athernum_4_4_1b_blood_oath_brand_sets_its_hosts_ofv_to_five_and_takes_one_dfv_while_attached_face_up() {
    let (plain, branded) = ((Some(2), Some(5)), (Some(5), Some(4)));
    let mut s = equip_values(937, [BASTION, ASHEN], [AURELIE, KHARSA], "Blood Oath Brand", plain, branded);
    // A modifier counts after the set value, whichever came first (4.4.1b).
    let aurelie = main_of(&s, ALICE);
    let axe = to_hand(&mut s, ALICE, "Warbrand Axe");
    attach_face_up(&mut s, ALICE, axe, aurelie);
    let brand = to_hand(&mut s, ALICE, "Blood Oath Brand");
    attach_face_up(&mut s, ALICE, brand, aurelie);
    assert_eq!(values(&s, aurelie), (Some(7), Some(4)), "OFV set to 5, then the Axe's +2");
}

#[test]
fn athernum_4_3_5g_crown_of_the_old_world_raises_the_command_maximum_and_ofv_while_attached_face_up() {
    use cardtable::games::athernum::values::command_limit;
    let mut s = day_phase_with(938, [BASTION, ASHEN], [AURELIE, KHARSA]);
    let aurelie = main_of(&s, ALICE);
    let steps = equip_steps(&mut s, "Crown of the Old World", aurelie, |s| {
        (values(s, aurelie).0, command_limit(s, ALICE))
    });
    let (plain, crowned) = ((Some(2), 2), (Some(3), 3));
    assert_eq!(steps, [plain, plain, crowned, plain], "+1 OFV and +1 command token only while face up");
}

#[test]
fn athernum_2_2_2c_wild_growth_totem_gives_its_host_an_item_slot_while_attached_face_up() {
    use cardtable::games::athernum::values::slots;
    let mut s = day_phase_with(939, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let ysra = main_of(&s, ALICE);
    let slots_of = |s: &State| slots(s, s.perm(ysra).unwrap());
    let steps = equip_steps(&mut s, "Wild Growth Totem", ysra, slots_of);
    assert_eq!(steps, [1, 1, 2, 1], "+1 item slot only while face up and attached");
    // Face up, the Totem frees a slot beside itself for a second item.
    let totem = to_hand(&mut s, ALICE, "Wild Growth Totem");
    attach_face_up(&mut s, ALICE, totem, ysra);
    let cloak = to_hand(&mut s, ALICE, "Traveler's Cloak");
    attach_face_up(&mut s, ALICE, cloak, ysra);
    assert_eq!(s.perm(cloak).unwrap().place, Place::Item { host: ysra });
    // Discarded, it takes the slot away; the Cloak stays (2.2.2c).
    ok(&mut s, ALICE, Action::DiscardAttachment { attachment: totem });
    settled(&mut s);
    assert_eq!(slots_of(&s), 1);
    assert_eq!(s.perm(cloak).map(|p| p.place), Some(Place::Item { host: ysra }), "nothing is discarded");
    let halberd = to_hand(&mut s, ALICE, "Warden's Halberd");
    let attach = Action::PlayItem { card: halberd, mode: ItemMode::Attach { host: ysra, face_down: false } };
    assert!(!legal(&s, ALICE).contains(&attach), "no free slot left");
}

#[test]
fn athernum_4_3_5a_citadel_of_dawnspire_gives_your_characters_one_dfv_while_face_up() {
    let mut s = day_phase_with(940, [BASTION, ASHEN], [AURELIE, KHARSA]);
    let (aurelie, kharsa) = (main_of(&s, ALICE), main_of(&s, BOB));
    let recruit = to_board(&mut s, ALICE, "Wallwarden Recruit", Place::Character); // an earlier turn's
    let citadel = play_location(&mut s, "Citadel of Dawnspire");
    assert_eq!((values(&s, aurelie).1, values(&s, recruit).1), (Some(6), Some(4)), "+1 DFV each");
    assert_eq!(values(&s, kharsa).1, Some(3), "not Bob's");
    assert_eq!(values(&s, citadel).1, Some(6), "a location is no character");
    // In Bob's turn the Citadel defends the Recruit and is exhausted.
    end_turn(&mut s);
    fight_as(&mut s, BOB, kharsa, recruit, Some(citadel));
    assert!(s.perm(citadel).unwrap().face_down, "the Citadel of Dawnspire defended: exhausted");
    assert_eq!((values(&s, aurelie).1, values(&s, recruit).1), (Some(5), Some(3)), "its static ended");
}

#[test]
fn athernum_4_3_5a_heartwood_glade_gives_your_beasts_one_dfv_while_face_up() {
    let mut s = day_phase_with(941, [THORNWILD, BASTION], [YSRA, AURELIE]);
    let (ysra, aurelie) = (main_of(&s, ALICE), main_of(&s, BOB));
    let boar = to_board(&mut s, ALICE, "Mossback Boar", Place::Character); // an earlier turn's
    let glade = play_location(&mut s, "Heartwood Glade");
    assert_eq!(values(&s, boar).1, Some(5), "a Beast: 4 + 1");
    assert_eq!(values(&s, ysra).1, Some(3), "a Druid is no Beast");
    // In Bob's turn the Glade defends the Boar and is exhausted.
    end_turn(&mut s);
    fight_as(&mut s, BOB, aurelie, boar, Some(glade));
    assert!(s.perm(glade).unwrap().face_down, "Heartwood Glade defended: exhausted");
    assert_eq!(values(&s, boar).1, Some(4), "its static ended");
}

#[test]
fn athernum_4_3_5a_burning_marches_gives_your_raiders_one_ofv_while_on_the_board() {
    let mut s = day_phase_with(942, [ASHEN, BASTION], [KHARSA, AURELIE]);
    let kharsa = main_of(&s, ALICE);
    // Earlier turns' characters: a Raider and a Mercenary of Alice's, a Raider of Bob's.
    let raider = to_board(&mut s, ALICE, "Cinder Raider", Place::Character);
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    let bobs = to_board(&mut s, BOB, "Ashwolf Rider", Place::Character);
    let marches = play_location(&mut s, "Burning Marches");
    assert_eq!((values(&s, raider).0, values(&s, kharsa).0), (Some(3), Some(4)), "Raiders: +1 OFV");
    assert_eq!(values(&s, sellsword).0, Some(2), "not a Raider");
    assert_eq!(values(&s, bobs).0, Some(3), "Bob's Raider is not Alice's");
    // Her next location replaces it (2.4.4a-b): the Marches leave the board.
    next_turn_of_alice(&mut s);
    play_location(&mut s, "The Crossroads Inn");
    assert!(s.perm(marches).is_none() && in_discard(&s, ALICE, marches));
    assert_eq!((values(&s, raider).0, values(&s, kharsa).0), (Some(2), Some(3)), "Burning Marches gone");
}

#[test]
fn athernum_4_3_5a_the_sunken_court_takes_one_ofv_from_every_opposing_character_while_on_the_board() {
    let mut s = day_phase_with(943, [GLOAM, ASHEN], [SABLE, KHARSA]);
    let (sable, kharsa) = (main_of(&s, ALICE), main_of(&s, BOB));
    let raider = to_board(&mut s, BOB, "Cinder Raider", Place::Character); // an earlier turn's
    let court = play_location(&mut s, "The Sunken Court");
    assert_eq!((values(&s, kharsa).0, values(&s, raider).0), (Some(2), Some(1)), "-1 OFV each");
    assert_eq!(values(&s, sable).0, Some(2), "not Alice's own");
    next_turn_of_alice(&mut s);
    play_location(&mut s, "The Crossroads Inn");
    assert!(s.perm(court).is_none() && in_discard(&s, ALICE, court));
    assert_eq!((values(&s, kharsa).0, values(&s, raider).0), (Some(3), Some(2)), "The Sunken Court gone");
}

#[test]
fn athernum_4_3_5a_pack_alpha_gives_other_beasts_one_ofv_while_face_up() {
    // Beasts: Alice's Mossback Boar (OFV 3), not Wildcaller Ysra (a Druid).
    let mut s = day_phase_with(944, [THORNWILD, BASTION], [YSRA, AURELIE]);
    subtype_lord(&mut s, "Pack Alpha", 4, "Mossback Boar", Stat::Ofv, [3, 4, 2]);
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
    (
        "Shieldwall Sergeant",
        "athernum_4_3_5a_shieldwall_sergeant_gives_other_wardens_one_dfv_while_face_up",
    ),
    (
        "Marshal Oderic Vane",
        "athernum_10_2_3_marshal_oderic_vane_raises_the_command_token_maximum_while_face_up",
    ),
    (
        "Bulwark Engineer",
        "athernum_2_2_2c_bulwark_engineer_adds_an_item_slot_for_as_long_as_the_character_stays_on_the_board",
    ),
    ("Tower Shield", "athernum_4_3_5g_tower_shield_gives_its_host_two_dfv_while_attached_face_up"),
    (
        "Warden's Halberd",
        "athernum_4_3_5g_wardens_halberd_gives_its_host_one_ofv_and_one_dfv_while_attached_face_up",
    ),
    (
        "Citadel of Dawnspire",
        "athernum_4_3_5a_citadel_of_dawnspire_gives_your_characters_one_dfv_while_face_up",
    ),
    ("Warbrand Axe", "athernum_4_3_5g_warbrand_axe_gives_its_host_two_ofv_while_attached_face_up"),
    (
        "Blood Oath Brand",
        "athernum_4_4_1b_blood_oath_brand_sets_its_hosts_ofv_to_five_and_takes_one_dfv_while_attached_face_up",
    ),
    (
        "Burning Marches",
        "athernum_4_3_5a_burning_marches_gives_your_raiders_one_ofv_while_on_the_board",
    ),
    (
        "The Sunken Court",
        "athernum_4_3_5a_the_sunken_court_takes_one_ofv_from_every_opposing_character_while_on_the_board",
    ),
    ("Pack Alpha", "athernum_4_3_5a_pack_alpha_gives_other_beasts_one_ofv_while_face_up"),
    (
        "Wild Growth Totem",
        "athernum_2_2_2c_wild_growth_totem_gives_its_host_an_item_slot_while_attached_face_up",
    ),
    ("Heartwood Glade", "athernum_4_3_5a_heartwood_glade_gives_your_beasts_one_dfv_while_face_up"),
    (
        "Crown of the Old World",
        "athernum_4_3_5g_crown_of_the_old_world_raises_the_command_maximum_and_ofv_while_attached_face_up",
    ),
    ("Traveler's Cloak", "athernum_4_3_5g_travelers_cloak_gives_its_host_one_dfv_while_attached_face_up"),
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

#[test]
fn athernum_every_card_with_a_trigger_or_a_condition_has_a_scenario() {
    use cardtable::cards::athernum::text::extra_rule_text;
    use cardtable::cards::athernum::Ability;
    let db = db();
    let wanted = card_scenarios_support::wanted(db.cards.iter().map(|c| {
        let triggered = c.abilities.iter().any(|a| matches!(a, Ability::Triggered { .. }));
        let mut text: Vec<String> = c.text(&db);
        text.extend(c.extra_rule.as_ref().map(extra_rule_text));
        (c.name.as_str(), triggered, text)
    }));
    card_scenarios_support::check(&wanted, SCENARIOS, SOURCES);
}
