//! The Athernum board as players see it: the effect stack with its
//! controller and target, the Victory Token pool and each player's share,
//! command tokens, resource tokens and pool, characters with exhaustion
//! counters and face-down state, the location, and who must act; and what
//! the board never shows (a face-down card's name, a hand).

use cardtable::engine::{Rules, Seat, TableView, Viewer};
use cardtable::games::athernum::state::Place;
use cardtable::games::athernum::testing::{day_phase, main_of, resources, to_board, to_hand};
use cardtable::games::athernum::{check_invariants, Action, Athernum, Prompt, State, TargetRef};
use cardtable::view::{board, BoardContext};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);

fn act(s: &mut State, seat: Seat, a: Action) {
    Athernum::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?} by {seat} refused: {e}"));
    check_invariants(s).unwrap();
}

fn counter(v: &TableView, seat: Seat, key: &str) -> String {
    let sv = v.seats.iter().find(|x| x.seat == Some(seat)).unwrap();
    sv.counters
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("no {key}: {sv:?}"))
}

fn token(v: &TableView, seat: Seat, key: &str) -> u32 {
    let sv = v.seats.iter().find(|x| x.seat == Some(seat)).unwrap();
    sv.tokens.iter().find(|t| t.name == key).map(|t| t.count).unwrap_or_else(|| panic!("no {key}"))
}

fn zone_line(v: &TableView, seat: Seat, zone: &str, card: &str) -> String {
    let sv = v.seats.iter().find(|x| x.seat == Some(seat)).unwrap();
    let z = sv.zones.iter().find(|z| z.name == zone).unwrap_or_else(|| panic!("no zone {zone}: {sv:?}"));
    // The board names a permanent by its short name ("Lady Aurelie").
    let short = cardtable::games::athernum::view::short_name(card);
    let c = z.cards.iter().find(|c| c.name == short).unwrap_or_else(|| panic!("no {card} in {zone}: {z:?}"));
    c.detail.clone()
}

/// A board with something of everything: Bob's main carries a face-down
/// item and 2 of its 3 Victory Tokens, Alice has an exhausted Sergeant
/// with two exhaustion counters, a location, resources and a pool, and
/// her Archer's Volley waits on the stack aimed at Bob's main.
fn busy_board() -> (State, u32) {
    let mut s = day_phase(81);
    let bob_main = main_of(&s, BOB);
    let item = to_board(&mut s, BOB, "Warbrand Axe", Place::Item { host: bob_main });
    s.perm_mut(item).unwrap().face_down = true;
    s.perm_mut(bob_main).unwrap().victory = 2;
    s.victory_pool -= 2;
    let sergeant = to_board(&mut s, ALICE, "Shieldwall Sergeant", Place::Character);
    {
        let p = s.perm_mut(sergeant).unwrap();
        p.exhausted = true;
        p.face_down = true;
        p.exhaustion = 2;
    }
    to_board(&mut s, ALICE, "Citadel of Dawnspire", Place::Location);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    resources(&mut s, ALICE, 3);
    to_hand(&mut s, ALICE, "Tower Shield");
    act(&mut s, ALICE, Action::Activate { source: archer, ability: 0 });
    if s.prompt == Prompt::TriggerTarget {
        act(&mut s, ALICE, Action::Target { target: TargetRef::Perm(bob_main) });
    }
    (s, item)
}

#[test]
fn athernum_board_shows_the_stack_with_controller_and_target() {
    let (s, _) = busy_board();
    let v = Athernum::view(&s, Viewer::Public);
    assert_eq!(v.stack.len(), 1);
    let item = &v.stack[0];
    assert_eq!(item.controller, Some(ALICE));
    assert!(item.label.contains("Volley"), "{item:?}");
    let bob_main = s.def_name(s.perm(main_of(&s, BOB)).unwrap().def);
    assert!(item.targets.iter().any(|t| t.contains(&bob_main) && t.contains("Bob")), "{item:?}");
    assert_eq!(v.waiting_for, vec![BOB], "Bob holds priority with the Volley on the stack");
}

#[test]
fn athernum_board_shows_victory_tokens_command_and_resource_tokens_and_the_pool() {
    let (s, _) = busy_board();
    let v = Athernum::view(&s, Viewer::Public);
    assert_eq!(v.pools.iter().find(|p| p.name == "VT pool").map(|p| p.count), Some(s.victory_pool));
    assert_eq!(token(&v, BOB, "Victory Tokens"), 2);
    assert_eq!(token(&v, ALICE, "Victory Tokens"), 0);
    assert_eq!(token(&v, ALICE, "Command tokens"), u32::from(s.players[ALICE].command));
    let ready = counter(&v, ALICE, "Resource tokens");
    assert!(ready.ends_with("of 3"), "three resource tokens, some paid for the Volley: {ready}");
    assert!(!counter(&v, ALICE, "Pool").is_empty());
    let main = s.def_name(s.perm(main_of(&s, BOB)).unwrap().def);
    assert!(zone_line(&v, BOB, "Main character", &main).contains("2/3 VT"));
}

#[test]
fn athernum_board_shows_exhaustion_counters_face_down_items_and_the_location() {
    let (s, item) = busy_board();
    let public = Athernum::view(&s, Viewer::Public);
    assert!(zone_line(&public, ALICE, "Characters", "Shieldwall Sergeant").contains("exhausted ×2"));
    assert!(zone_line(&public, ALICE, "Location", "Citadel of Dawnspire").contains("DFV"));
    let main = s.def_name(s.perm(main_of(&s, BOB)).unwrap().def);
    let line = zone_line(&public, BOB, "Main character", &main);
    assert!(line.contains("face-down item"), "the item shows it is there: {line}");
    assert!(!line.contains("Warbrand Axe"), "but not what it is");
    let bobs = Athernum::view(&s, Viewer::Seat(BOB));
    assert!(
        zone_line(&bobs, BOB, "Main character", &main).contains("Warbrand Axe"),
        "its controller sees it"
    );
    assert!(s.perm(item).is_some());
}

#[test]
fn athernum_rendered_board_names_who_must_act_and_no_hidden_card() {
    let (s, _) = busy_board();
    let v = Athernum::view(&s, Viewer::Public);
    let text = serde_json::to_string(&board(&v, &BoardContext::default())).unwrap();
    for shown in ["VT pool", "Command", "Resources", "Volley", "Citadel of Dawnspire"] {
        assert!(text.contains(shown), "the board shows {shown}");
    }
    // The message's text says it ("Bob to act."); the prompt that would
    // only repeat it is left out of a phone's board.
    assert!(text.contains("Bob to act"), "who must act");
    assert!(!text.contains("Warbrand Axe"), "the face-down item stays hidden");
    assert!(!text.contains("Tower Shield"), "Alice's hand stays hidden");
}

#[test]
fn athernum_7_4_1_the_board_shows_the_size_of_a_hidden_hand() {
    // The hand is hidden (7.4.1a); its size is public, a count ("Hand 1").
    let mut s = day_phase(82);
    let v = Athernum::view(&s, Viewer::Public);
    assert_eq!(counter(&v, ALICE, "Hand"), "0");
    to_hand(&mut s, ALICE, "Tower Shield");
    let v = Athernum::view(&s, Viewer::Public);
    assert_eq!(counter(&v, ALICE, "Hand"), "1");
    to_hand(&mut s, ALICE, "Warbrand Axe");
    let v = Athernum::view(&s, Viewer::Seat(BOB));
    assert_eq!(counter(&v, ALICE, "Hand"), "2");
}

#[test]
fn athernum_attack_labels_name_the_owner_first_and_tell_copies_apart() {
    let mut s = day_phase(41);
    let mine = to_board(&mut s, ALICE, "Mother Sable, the Gloam Voice", Place::Character);
    let bobs = to_board(&mut s, BOB, "Mother Sable, the Gloam Voice", Place::Character);
    to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    to_board(&mut s, BOB, "Wallwarden Recruit", Place::Character);
    let label = Athernum::describe(&s, ALICE, &Action::Attack { attacker: mine, target: bobs }).label;
    assert_eq!(label, "Attack: Mother Sable → Bob's Mother Sable");
    let labels: Vec<String> =
        Athernum::legal_actions(&s, ALICE).iter().map(|a| Athernum::describe(&s, ALICE, a).label).collect();
    assert!(labels.iter().any(|l| l == "Attack: Mother Sable → Bob's Wallwarden Recruit #2"), "{labels:?}");
    let mut sorted = labels.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), labels.len(), "no two answers share a label: {labels:?}");
    assert!(labels.iter().all(|l| l.chars().count() <= 80));
}

#[test]
fn athernum_board_shows_exhaustion_only_when_there_are_counters() {
    let mut s = day_phase(42);
    let main = main_of(&s, ALICE);
    let name = s.def_name(s.perm(main).unwrap().def);
    let p = s.perm_mut(main).unwrap();
    p.exhausted = true;
    p.face_down = true;
    p.exhaustion = 0;
    let v = Athernum::view(&s, Viewer::Public);
    let line = zone_line(&v, ALICE, "Main character", &name);
    assert!(line.contains("exhausted") && !line.contains("×0"), "{line}");
}

#[test]
fn athernum_board_marks_a_location_main_character_as_the_main_character() {
    let s = cardtable::games::athernum::testing::day_phase_with(
        43,
        ["The Unbroken Gate", "Embers of the March"],
        ["Throne of the Old Kings", "Throne of the Old Kings"],
    );
    check_invariants(&s).unwrap();
    let v = Athernum::view(&s, Viewer::Public);
    zone_line(&v, ALICE, "Main character", "Throne of the Old Kings");
    let sv = v.seats.iter().find(|x| x.seat == Some(ALICE)).unwrap();
    assert!(!sv.zones.iter().any(|z| z.name == "Location"), "not listed again as a plain location: {sv:?}");
}
