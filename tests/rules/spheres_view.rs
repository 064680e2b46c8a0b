//! Visibility and labels: what each viewer sees, prompts in words, and
//! action labels and placements.

use cardtable::engine::{Placement, Rules, Seat, Viewer};
use cardtable::games::spheres::testing::{attack, click, Table};
use cardtable::games::spheres::{Spheres, Step};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn table() -> cardtable::games::spheres::State {
    let mut t = Table::new();
    t.hand(A, &["Ember Drake", "Stone Golem"])
        .vault(A, &["Siege Ogre", "Siege Ogre", "Siege Ogre"])
        .creature_with(A, "Glimmer Drake", |c| c.face_down = true)
        .creature_with(A, "Chaos Imp", |c| c.afflicted = true)
        .towers(A, &["Mist Wraith"])
        .groove(A, &["Dream Thief"])
        .deck(A, &["Veil Oracle"])
        .trash(A, &["Plague Rat"])
        .hand(B, &["Brass Golem"])
        .towers(B, &["Wild Shaman"])
        .spells(B, &["Temple Guardian"]);
    t.build()
}

fn text(v: &cardtable::engine::TableView) -> String {
    serde_json::to_string(v).unwrap()
}

#[test]
fn spheres_view_public_board_names_no_hidden_card() {
    let s = table();
    let v = Spheres::view(&s, Viewer::Public);
    let all = text(&v);
    for hidden in [
        "Ember Drake",
        "Stone Golem",
        "Glimmer Drake",
        "Mist Wraith",
        "Dream Thief",
        "Veil Oracle",
        "Brass Golem",
        "Wild Shaman",
    ] {
        assert!(!all.contains(hidden), "public view leaks {hidden}: {all}");
    }
    // The sphere on a face-down card's back is public.
    assert!(all.contains("face-down Ether creature"), "{all}");
    assert!(all.contains("Blessing of Light"), "active spells are public");
    assert!(all.contains("Plague Rat"), "the trash top is public");
    assert!(v.hand.is_none());
    assert_eq!(v.headline, "Turn 3 · Alice · Crystal or casting");
}

#[test]
fn spheres_view_a_seat_sees_its_own_hand_and_face_down_creatures_only() {
    let s = table();
    let v = Spheres::view(&s, Viewer::Seat(A));
    let hand = v.hand.clone().unwrap();
    assert_eq!(hand.len(), 2);
    assert!(hand[0].name.starts_with("Ember Drake / Fireball"));
    assert!(text(&v).contains("face-down Ether creature (Glimmer Drake)"));
    let v = Spheres::view(&s, Viewer::Seat(B));
    let all = text(&v);
    assert!(!all.contains("Glimmer Drake") && !all.contains("Ember Drake"), "{all}");
    assert!(all.contains("Brass Golem"), "Bob sees his own hand");
}

#[test]
fn spheres_view_counters_and_creature_details() {
    let s = table();
    let v = Spheres::view(&s, Viewer::Public);
    let alice = &v.seats[0];
    let get = |k: &str| alice.counters.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()).unwrap();
    assert_eq!(get("Towers"), "1");
    assert_eq!(get("Hand"), "2");
    assert_eq!(get("Vault"), "3 Chaos");
    assert_eq!(get("Mana"), "3 of 3");
    let imp = &alice.zones[0].cards[1];
    assert_eq!(imp.name, "Chaos Imp");
    assert_eq!(imp.detail, "str 1 · afflicted");
}

#[test]
fn spheres_zones_vault_counts_a_dual_crystal_under_both_spheres() {
    let mut t = Table::new();
    // Twilight Sage is Spirit and Chaos.
    t.vault(A, &["Twilight Sage", "Chaos Imp"]);
    let s = t.build();
    let v = Spheres::view(&s, Viewer::Public);
    let vault = v.seats[0].counters.iter().find(|(n, _)| n == "Vault").map(|(_, v)| v.clone()).unwrap();
    assert_eq!(vault, "1 Spirit, 2 Chaos (2 crystals, 1 dual)");
}

#[test]
fn spheres_view_prompt_is_phrased_for_each_viewer() {
    let s = table();
    let mine = Spheres::view(&s, Viewer::Seat(A)).prompt.unwrap();
    assert!(mine.starts_with("Cast spells and summon creatures"), "{mine}");
    let theirs = Spheres::view(&s, Viewer::Seat(B)).prompt.unwrap();
    assert_eq!(theirs, "Waiting for Alice (Crystal or casting)");
    assert_eq!(Spheres::view(&s, Viewer::Public).waiting_for, vec![A]);
}

#[test]
fn spheres_labels_are_short_and_placed_by_what_they_reveal() {
    let mut s = table();
    for a in Spheres::legal_actions(&s, A) {
        let d = Spheres::describe(&s, A, &a);
        assert!(d.label.chars().count() <= 80);
        let expected = if d.label.starts_with("Go to battle") { Placement::Board } else { Placement::Hand };
        assert_eq!(d.placement, expected, "{}", d.label);
    }
    click(&mut s, A, "Go to battle");
    assert_eq!(s.turn.step, Step::Battle, "face-down and afflicted creatures may attack");
}

#[test]
fn spheres_view_attack_and_block_labels_are_board_buttons() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature(B, "Stone Golem")
        .towers(B, &["Mist Wraith"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    for a in Spheres::legal_actions(&s, A) {
        assert_eq!(Spheres::describe(&s, A, &a).placement, Placement::Board);
    }
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    let labels: Vec<String> =
        Spheres::legal_actions(&s, B).iter().map(|a| Spheres::describe(&s, B, a).label).collect();
    assert_eq!(labels, vec!["Block with Stone Golem", "No block"]);
    let p = Spheres::view(&s, Viewer::Seat(B)).prompt.unwrap();
    assert_eq!(p, "Chaos Imp attacks: block with a ready creature, or not");
}
