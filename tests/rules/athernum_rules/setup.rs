//! Athernum rules, chapters 8 (setting a game up) and 3 (the main
//! character), scenario by scenario through `legal_actions` / `apply`.

use super::*;

use cardtable::cards::athernum::Faction;
use cardtable::engine::{Rules, Seat, Visibility};
use cardtable::games::athernum::state::{Def, Place};
use cardtable::games::athernum::testing::{
    act, choose_main, day_phase, day_phase_with, db, main_of, match_setup, resources, to_board, to_hand,
};
use cardtable::games::athernum::{check_invariants, Action, Athernum, ItemMode, Phase, Prompt, State};

fn fresh(seed: u64, decks: [&str; 2]) -> State {
    let db = db();
    Athernum::setup(&match_setup(&db, seed, decks), &db).unwrap()
}

fn started(seed: u64, decks: [&str; 2], mains: [&str; 2]) -> State {
    let mut s = fresh(seed, decks);
    choose_main(&mut s, ALICE, mains[0]);
    choose_main(&mut s, BOB, mains[1]);
    check_invariants(&s).unwrap();
    s
}

fn main_name(s: &State, seat: Seat) -> String {
    let p = s.perm(main_of(s, seat)).unwrap();
    s.def_name(p.def)
}

#[test]
fn athernum_8_0_1a_both_players_choose_a_main_character_with_a_victory_field_at_once() {
    let s = fresh(1, [BASTION, ASHEN]);
    assert_eq!(s.prompt, Prompt::ChooseMain);
    assert_eq!(Athernum::to_act(&s), vec![ALICE, BOB], "both choose, neither waits for the other");
    for seat in [ALICE, BOB] {
        let offered = Athernum::legal_actions(&s, seat);
        assert!(!offered.is_empty());
        for a in offered {
            let Action::ChooseMain { card } = a else { panic!("only main characters are offered: {a:?}") };
            let c = s.players[seat].deck.iter().find(|c| c.uid == card).unwrap();
            assert!(s.db.card(c.id).victory.is_some(), "{} has no Victory Token Field", s.db.card(c.id).name);
        }
    }
}

#[test]
fn athernum_8_0_1b_a_choice_stays_secret_until_everyone_has_chosen() {
    let mut s = fresh(2, [BASTION, ASHEN]);
    let pick = Athernum::legal_actions(&s, ALICE)
        .into_iter()
        .find(|a| matches!(a, Action::ChooseMain { .. }))
        .unwrap();
    let Action::ChooseMain { card } = pick else { unreachable!() };
    let name = s.db.card(s.players[ALICE].deck.iter().find(|c| c.uid == card).unwrap().id).name.clone();
    let ev = Athernum::apply(&mut s, ALICE, &pick).unwrap();
    assert!(s.board.is_empty(), "nothing is revealed while Bob still chooses");
    assert_eq!(Athernum::to_act(&s), vec![BOB]);
    for e in ev.iter().filter(|e| e.to == Visibility::Public) {
        assert!(!e.text.contains(&name), "a public event names the secret choice: {}", e.text);
    }
}

#[test]
fn athernum_8_0_1c_main_characters_are_revealed_together() {
    let mut s = fresh(3, [BASTION, ASHEN]);
    choose_main(&mut s, ALICE, "Lady Aurelie, Keeper of the Gate");
    assert!(s.board.is_empty());
    choose_main(&mut s, BOB, "Kharsa the Unburnt");
    assert_eq!(main_name(&s, ALICE), "Lady Aurelie, Keeper of the Gate");
    assert_eq!(main_name(&s, BOB), "Kharsa the Unburnt");
    for seat in [ALICE, BOB] {
        assert_eq!(s.perm(main_of(&s, seat)).unwrap().place, Place::Main);
    }
    assert_ne!(s.phase, Phase::Setup);
}

#[test]
fn athernum_8_0_1d_a_location_chosen_as_main_character_goes_to_the_location_slot() {
    let s = started(4, [BASTION, ASHEN], ["Lady Aurelie, Keeper of the Gate", "Throne of the Old Kings"]);
    let throne = s.perm(main_of(&s, BOB)).unwrap();
    assert_eq!(throne.place, Place::Location);
    assert!(
        !s.board.iter().any(|p| p.controller == BOB && p.place == Place::Main),
        "the main character slot stays unused"
    );
}

#[test]
fn athernum_8_0_2b_the_lower_acquisition_cost_takes_the_first_turn() {
    // Marshal Oderic Vane costs 4, Kharsa 2: Bob goes first.
    let s = started(5, [BASTION, ASHEN], ["Marshal Oderic Vane", "Kharsa the Unburnt"]);
    assert_eq!((s.first, s.active, s.turn), (BOB, BOB, 1));
    assert_eq!(s.order, vec![BOB, ALICE]);
    let note = format!("{} goes first: their main character has the lowest cost (2).", s.players[BOB].name);
    assert!(s.notes.contains(&note), "the note names the player and the cost: {:?}", s.notes);
    // Lady Aurelie costs 3, Warlord Vethrik Ashmane 5: Alice goes first.
    let s = started(5, [BASTION, ASHEN], ["Lady Aurelie, Keeper of the Gate", "Warlord Vethrik Ashmane"]);
    assert_eq!((s.first, s.active), (ALICE, ALICE));
    assert_eq!(s.phase, Phase::Day, "the first turn opens into its day phase");
}

#[test]
fn athernum_8_0_2c_a_main_character_without_a_cost_has_initiative_zero() {
    // The Throne has no acquisition cost: initiative 0, below any character
    // (see the rulings, 3.0.1).
    for seed in 0..8 {
        let s = started(seed, [BASTION, ASHEN], ["Marshal Oderic Vane", "Throne of the Old Kings"]);
        assert_eq!(s.first, ALICE, "seed {seed}");
        // The Marshal's cost is not "the lowest": the note says why it wins.
        let note = format!(
            "{} goes first: their main character costs 4, and a main character without a cost has the lowest initiative.",
            s.players[ALICE].name
        );
        assert!(s.notes.contains(&note), "{:?}", s.notes);
    }
}

#[test]
fn athernum_8_0_2d_a_tie_in_initiative_is_decided_at_random() {
    // Lady Aurelie and Mother Sable both cost 3.
    let mains = ["Lady Aurelie, Keeper of the Gate", "Mother Sable, the Gloam Voice"];
    let firsts: Vec<Seat> = (0..24).map(|seed| started(seed, [BASTION, GLOAM], mains).first).collect();
    assert!(firsts.contains(&ALICE) && firsts.contains(&BOB), "chance must pick either: {firsts:?}");
    let again: Vec<Seat> = (0..24).map(|seed| started(seed, [BASTION, GLOAM], mains).first).collect();
    assert_eq!(firsts, again, "the same seed decides the same way");
    let s = started(0, [BASTION, GLOAM], mains);
    assert!(s.notes.iter().any(|n| n.contains("tied")), "the note says chance decided: {:?}", s.notes);
}

#[test]
fn athernum_8_0_3a_the_victory_token_pool_is_the_sum_of_the_main_characters_fields() {
    let s = started(6, [BASTION, ASHEN], ["Lady Aurelie, Keeper of the Gate", "Kharsa the Unburnt"]);
    assert_eq!(s.victory_pool, 3 + 3);
    let s = started(6, [BASTION, ASHEN], ["Marshal Oderic Vane", "Warlord Vethrik Ashmane"]);
    assert_eq!(s.victory_pool, 4 + 4);
    let s = started(6, [BASTION, ASHEN], ["Marshal Oderic Vane", "Throne of the Old Kings"]);
    assert_eq!(s.victory_pool, 4 + 3, "a location main character's field counts too");
    assert_eq!(s.victory_total(), s.victory_pool, "no token sits on a card yet");
}

#[test]
fn athernum_8_0_5a_each_player_draws_six_cards_and_keeps_them() {
    let s = started(7, [BASTION, ASHEN], ["Lady Aurelie, Keeper of the Gate", "Kharsa the Unburnt"]);
    for seat in [ALICE, BOB] {
        assert_eq!(s.players[seat].hand.len(), 6);
        assert_eq!(s.players[seat].deck.len(), 60 - 1 - 6, "the main character and the hand left the deck");
    }
    // 8.0.5b: nothing offered to the first player gives the hand back.
    let first = s.active;
    for a in Athernum::legal_actions(&s, first) {
        assert!(!matches!(a, Action::DiscardCard { .. } | Action::Take { .. }), "a redraw is offered: {a:?}");
    }
}

#[test]
fn athernum_8_0_4a_decks_are_shuffled_by_the_seed() {
    let mains = ["Lady Aurelie, Keeper of the Gate", "Kharsa the Unburnt"];
    let hands: Vec<Vec<u32>> = (0..6)
        .map(|seed| {
            started(seed, [BASTION, ASHEN], mains).players[ALICE].hand.iter().map(|c| c.uid).collect()
        })
        .collect();
    assert!(hands.windows(2).any(|w| w[0] != w[1]), "every seed dealt the same hand");
    let again: Vec<u32> =
        started(0, [BASTION, ASHEN], mains).players[ALICE].hand.iter().map(|c| c.uid).collect();
    assert_eq!(hands[0], again);
}

#[test]
fn athernum_3_0_4_main_characters_enter_exhausted_without_an_exhaustion_counter() {
    let s = started(8, [BASTION, ASHEN], ["Marshal Oderic Vane", "Kharsa the Unburnt"]);
    // Bob goes first: his morning turned Kharsa face up (no counter to remove).
    let kharsa = s.perm(main_of(&s, BOB)).unwrap();
    assert!(!kharsa.exhausted && !kharsa.face_down);
    // Alice's turn has not come: Marshal still waits exhausted, with no counter.
    let marshal = s.perm(main_of(&s, ALICE)).unwrap();
    assert!(marshal.exhausted && marshal.face_down);
    assert_eq!(marshal.exhaustion, 0);
}

#[test]
fn athernum_3_0_6_the_main_character_sets_the_faction_and_solvency_matches_it() {
    let mut s = day_phase(9);
    assert_eq!(s.players[ALICE].faction, Some(Faction::Bastion));
    assert_eq!(s.players[BOB].faction, Some(Faction::Ashen));
    act(&mut s, ALICE, &Action::Solvency);
    let token = s.board.iter().find(|p| p.controller == ALICE && p.place == Place::Resource).unwrap();
    assert_eq!(token.def, Def::Resource(Some(Faction::Bastion)), "3.0.6d");
}

#[test]
fn athernum_3_0_6a_a_factionless_main_character_gives_no_faction() {
    let s =
        day_phase_with(10, [BASTION, ASHEN], ["Lady Aurelie, Keeper of the Gate", "Throne of the Old Kings"]);
    assert_eq!(s.players[BOB].faction, None);
}

#[test]
fn athernum_3_0_7e_a_main_character_with_lethal_damage_is_exhausted_and_healed_instead() {
    let mut s = day_phase(11);
    let aurelie = main_of(&s, ALICE);
    // Armour on her stays through it (3.0.7e.III).
    let halberd = to_board(&mut s, ALICE, "Warden's Halberd", Place::Item { host: aurelie });
    s.perm_mut(aurelie).unwrap().damage = 9;
    // Any stack that closes runs the state-based check.
    act(&mut s, ALICE, &Action::Acquisition);
    let m = s.perm(aurelie).expect("the main character never leaves its zone (3.0.7)");
    assert_eq!(m.place, Place::Main);
    assert!(m.exhausted && m.face_down, "exhausted instead of discarded");
    assert_eq!(m.damage, 0, "its damage counters are removed");
    assert!(s.perm(halberd).is_some(), "its attachment stays");
    assert!(!s.players[ALICE].discard.iter().any(|c| c.uid == aurelie));
    check_invariants(&s).unwrap();
}

#[test]
fn athernum_3_0_7b_no_effect_may_take_the_main_character_away() {
    // Traveler's Cloak's support returns a character of yours to the hand:
    // the main character is never among its targets.
    let mut s = day_phase(12);
    let cloak = to_hand(&mut s, ALICE, "Traveler's Cloak");
    resources(&mut s, ALICE, 1);
    assert!(Athernum::legal_actions(&s, ALICE).contains(&Action::Support { card: cloak }));
    let sellsword = to_board(&mut s, ALICE, "Wandering Sellsword", Place::Character);
    act(&mut s, ALICE, &Action::Support { card: cloak });
    resolve(&mut s);
    assert!(s.perm(main_of(&s, ALICE)).is_some());
    assert!(s.perm(sellsword).is_none(), "the one other character went back to the hand");
    assert!(s.players[ALICE].hand.iter().any(|c| c.uid == sellsword));
}

#[test]
fn athernum_3_0_7c_a_copy_of_your_main_character_cannot_be_played() {
    let mut s = day_phase(13);
    let copy = to_hand(&mut s, ALICE, "Lady Aurelie, Keeper of the Gate");
    let other = to_hand(&mut s, ALICE, "Marshal Oderic Vane");
    resources(&mut s, ALICE, 6);
    let legal = Athernum::legal_actions(&s, ALICE);
    assert!(!legal.contains(&Action::PlayCharacter { card: copy }), "semi-uniqueness (2.2.7b)");
    assert!(legal.contains(&Action::PlayCharacter { card: other }), "another Victory Token card is fine");
}

#[test]
fn athernum_2_2_2b_the_main_character_holds_no_more_attachments_than_its_slots() {
    // The main character is a permanent like any other for its item slots.
    let mut s = day_phase(14);
    let aurelie = main_of(&s, ALICE);
    let a = to_hand(&mut s, ALICE, "Warden's Halberd");
    act(
        &mut s,
        ALICE,
        &Action::PlayItem { card: a, mode: ItemMode::Attach { host: aurelie, face_down: false } },
    );
    let b = to_hand(&mut s, ALICE, "Tower Shield");
    act(
        &mut s,
        ALICE,
        &Action::PlayItem { card: b, mode: ItemMode::Attach { host: aurelie, face_down: true } },
    );
    let c = to_hand(&mut s, ALICE, "Warden's Halberd");
    let legal = Athernum::legal_actions(&s, ALICE);
    assert!(!legal.iter().any(|x| matches!(x, Action::PlayItem { card, mode: ItemMode::Attach { host, .. } } if *card == c && *host == aurelie)));
    assert!(legal.contains(&Action::PlayItem { card: c, mode: ItemMode::Direct }));
}

/// Answers every decision with its first answer until Alice's window.
fn resolve(s: &mut State) {
    cardtable::games::athernum::testing::resolve_all(s, ALICE);
}
