//! The Certamen board as players see it: the Stack with controllers and
//! targets, who holds priority and what waits on whom, each player's
//! counters and permanents, the private hand, and button labels.

use cardtable::engine::{Placement, Rules, Seat, TableView, Viewer};
use cardtable::games::certamen::testing::{act, main_phase, pass_both, to_field, to_hand};
use cardtable::games::certamen::{Action, Certamen, Prompt, State, TargetRef};
use cardtable::view::{board, BoardContext};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);

fn counter(v: &TableView, seat: Seat, key: &str) -> String {
    let sv = v.seats.iter().find(|x| x.seat == Some(seat)).unwrap();
    sv.counters.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("no {key}"))
}

fn zone_line(v: &TableView, seat: Seat, zone: &str, card: &str) -> String {
    let sv = v.seats.iter().find(|x| x.seat == Some(seat)).unwrap();
    let z = sv.zones.iter().find(|z| z.name == zone).unwrap_or_else(|| panic!("no zone {zone}"));
    let c = z.cards.iter().find(|c| c.name == card).unwrap_or_else(|| panic!("no {card} in {zone}: {z:?}"));
    c.detail.clone()
}

fn label(s: &State, seat: Seat, a: &Action) -> String {
    Certamen::describe(s, seat, a).label
}

/// The rendered public board message, as JSON text.
fn board_text(s: &State) -> String {
    let v = Certamen::view(s, Viewer::Public);
    serde_json::to_string(&board(&v, &BoardContext::default())).unwrap()
}

/// Alice bolts Bob's Drifting Seer; Bob answers with Unmake Thought on the Bolt.
fn bolt_and_counter() -> (State, u32, u32) {
    let mut s = main_phase(61);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, BOB, "Veilflux Pillar");
    to_field(&mut s, BOB, "Veilflux Pillar");
    let seer = to_field(&mut s, BOB, "Drifting Seer");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let unmake = to_hand(&mut s, BOB, "Unmake Thought");
    act(&mut s, ALICE, Action::Cast { card: bolt, targets: vec![TargetRef::Permanent(seer)] });
    act(&mut s, ALICE, Action::Pass);
    act(&mut s, BOB, Action::Cast { card: unmake, targets: vec![TargetRef::Spell(bolt)] });
    (s, bolt, unmake)
}

#[test]
fn certamen_view_stack_lists_items_with_controller_and_named_targets() {
    let (s, _, _) = bolt_and_counter();
    let v = Certamen::view(&s, Viewer::Public);
    assert_eq!(v.stack.len(), 2);
    let (bottom, top) = (&v.stack[0], &v.stack[1]);
    assert!(bottom.label.starts_with("Ember Bolt: Deal 3 damage"), "{}", bottom.label);
    assert_eq!(bottom.controller, Some(ALICE));
    assert_eq!(bottom.targets, vec!["Drifting Seer".to_owned()]);
    assert!(top.label.starts_with("Unmake Thought: Counter"), "{}", top.label);
    assert_eq!(top.controller, Some(BOB));
    assert_eq!(top.targets, vec!["Ember Bolt".to_owned()]);
    // The board shows the top first, with who controls it and what it aims at.
    let text = board_text(&s);
    let unmake_at = text.find("1. Unmake Thought").expect("top of the Stack first");
    let bolt_at = text.find("2. Ember Bolt").expect("then the Bolt");
    assert!(unmake_at < bolt_at);
    assert!(text.contains("— Bob → Ember Bolt"), "{text}");
    assert!(text.contains("— Alice → Drifting Seer"), "{text}");
}

#[test]
fn certamen_view_names_the_priority_holder_and_what_waits_on_them() {
    let (s, _, _) = bolt_and_counter();
    // Bob keeps priority after casting.
    let v = Certamen::view(&s, Viewer::Public);
    assert_eq!(v.waiting_for, vec![BOB]);
    // Others read who is awaited; what waits on them is on the Stack.
    assert_eq!(v.prompt.as_deref(), Some("Waiting for Bob."));
    assert!(v.stack.iter().any(|i| i.label.contains("Unmake Thought")), "{:?}", v.stack);
    let mine = Certamen::view(&s, Viewer::Seat(BOB)).prompt.unwrap();
    assert!(mine.starts_with("You hold priority"), "{mine}");
    assert!(mine.contains("pass to let it resolve") && mine.contains("Unmake Thought"), "{mine}");
}

#[test]
fn certamen_view_prompt_tells_who_declares_blockers_and_against_what() {
    let mut s = main_phase(62);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute");
    let seer = to_field(&mut s, BOB, "Drifting Seer");
    pass_both(&mut s);
    let v = Certamen::view(&s, Viewer::Public);
    assert!(v.headline.contains("Combat (declaring attackers)"), "{}", v.headline);
    act(&mut s, ALICE, Action::Attack { creature: brute });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    assert_eq!(s.prompt, Prompt::DeclareBlockers);
    let v = Certamen::view(&s, Viewer::Public);
    assert_eq!(v.waiting_for, vec![BOB]);
    let p = v.prompt.clone().unwrap();
    assert!(p.contains("Waiting for Bob to declare blockers against Magmaback Brute"), "{p}");
    let detail = zone_line(&v, ALICE, "Creatures", "Magmaback Brute");
    assert!(detail.contains("attacking") && detail.contains("tapped"), "{detail}");
    act(&mut s, BOB, Action::Block { blocker: seer, attacker: brute });
    let v = Certamen::view(&s, Viewer::Public);
    let detail = zone_line(&v, BOB, "Creatures", "Drifting Seer");
    assert!(detail.contains("blocking Magmaback Brute"), "{detail}");
    let detail = zone_line(&v, ALICE, "Creatures", "Magmaback Brute");
    assert!(detail.contains("blocked by Drifting Seer"), "{detail}");
}

#[test]
fn certamen_view_counts_vitality_hand_archive_and_pillars_tapped_and_untapped() {
    let (s, _, _) = bolt_and_counter();
    let v = Certamen::view(&s, Viewer::Public);
    assert_eq!(counter(&v, ALICE, "Vitality"), "30");
    assert_eq!(counter(&v, BOB, "Hand"), "0");
    assert_eq!(counter(&v, ALICE, "Archive"), s.players[ALICE].archive.len().to_string());
    assert_eq!(counter(&v, ALICE, "Pillars"), "Emberwake 1 untapped, 1 tapped");
    assert_eq!(counter(&v, BOB, "Pillars"), "Veilflux 2 tapped");
    assert_eq!(counter(&v, BOB, "Pool"), "empty");
    assert_eq!(counter(&v, BOB, "Hollow"), "empty");
    let mut s = s;
    pass_both(&mut s);
    let v = Certamen::view(&s, Viewer::Public);
    assert_eq!(counter(&v, ALICE, "Hollow"), "1, top Ember Bolt");
    assert_eq!(counter(&v, BOB, "Hollow"), "1, top Unmake Thought");
}

#[test]
fn certamen_view_pool_shows_resources_by_pillar() {
    let mut s = main_phase(63);
    let pillar = to_field(&mut s, ALICE, "Emberwake Pillar");
    s.permanent_mut(pillar).unwrap().tapped = true;
    s.players[ALICE].pool.pillars[cardtable::cards::certamen::Pillar::Emberwake as usize] = 1;
    let v = Certamen::view(&s, Viewer::Public);
    assert_eq!(counter(&v, ALICE, "Pool"), "1 Emberwake");
    assert_eq!(counter(&v, ALICE, "Pillars"), "Emberwake 1 tapped");
}

#[test]
fn certamen_view_shows_creature_stats_damage_counters_keywords_and_sickness() {
    let mut s = main_phase(64);
    let drake = to_field(&mut s, ALICE, "Skyfire Drake");
    let turn = s.turn;
    {
        let p = s.permanent_mut(drake).unwrap();
        p.damage = 1;
        p.counters = 2;
        p.pump_power = 1;
        p.entered_turn = turn;
    }
    let v = Certamen::view(&s, Viewer::Public);
    let d = zone_line(&v, ALICE, "Creatures", "Skyfire Drake");
    // 4/3 printed, +2 counters, +1 power this turn.
    assert!(d.starts_with("7/5"), "{d}");
    for part in
        ["1 damage", "+1/+1 counter ×2", "+1/+0 this turn", "Skyborne", "Blazestride", "summoning sick"]
    {
        assert!(d.contains(part), "{part} missing: {d}");
    }
}

#[test]
fn certamen_view_shows_ascendant_loyalty_and_relic_equipment() {
    let mut s = main_phase(65);
    let aveline = to_field(&mut s, BOB, "Thornmother Aveline");
    s.permanent_mut(aveline).unwrap().loyalty = 6;
    let brute = to_field(&mut s, ALICE, "Magmaback Brute");
    let gauntlet = to_field(&mut s, ALICE, "Bladeward Gauntlet");
    s.permanent_mut(gauntlet).unwrap().equipped_to = Some(brute);
    let v = Certamen::view(&s, Viewer::Public);
    let d = zone_line(&v, BOB, "Ascendants", "Thornmother Aveline");
    assert!(d.starts_with("Loyalty 6"), "{d}");
    let d = zone_line(&v, ALICE, "Rites & Relics", "Bladeward Gauntlet");
    assert!(d.contains("equipped to Magmaback Brute"), "{d}");
}

#[test]
fn certamen_view_private_view_shows_the_hand_and_public_view_never_does() {
    let mut s = main_phase(66);
    to_hand(&mut s, ALICE, "Ember Bolt");
    to_hand(&mut s, ALICE, "Skyfire Drake");
    to_hand(&mut s, BOB, "Unmake Thought");
    let mine = Certamen::view(&s, Viewer::Seat(ALICE));
    let hand = mine.hand.clone().expect("a seat sees its hand");
    let names: Vec<&str> = hand.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Ember Bolt", "Skyfire Drake"]);
    assert!(hand[0].detail.contains("Rune") && hand[0].detail.contains("{E}"), "{:?}", hand[0]);
    assert!(hand[1].detail.contains("4/3"), "{:?}", hand[1]);
    let mine_text = serde_json::to_string(&mine).unwrap();
    assert!(!mine_text.contains("Unmake Thought"), "Alice never sees Bob's hand");
    let public = Certamen::view(&s, Viewer::Public);
    assert!(public.hand.is_none());
    let text = serde_json::to_string(&public).unwrap() + &board_text(&s);
    for hidden in ["Ember Bolt", "Skyfire Drake", "Unmake Thought"] {
        assert!(!text.contains(hidden), "the public board shows {hidden}");
    }
    assert_eq!(counter(&public, ALICE, "Hand"), "2");
}

#[test]
fn certamen_view_board_fits_discord_limits_with_a_crowded_livingfield() {
    let mut s = main_phase(67);
    for seat in [ALICE, BOB] {
        for name in ["Emberwake Pillar", "Verdance Pillar", "Umbrage Pillar"] {
            for _ in 0..4 {
                to_field(&mut s, seat, name);
            }
        }
        for name in
            ["Skyfire Drake", "Magmaback Brute", "Infernal Warlord", "Grovehorn Stag", "Elderbark Titan"]
        {
            to_field(&mut s, seat, name);
            to_field(&mut s, seat, name);
        }
    }
    let v = Certamen::view(&s, Viewer::Public);
    let m = board(&v, &BoardContext::default());
    assert!(m.limit_violations().is_empty(), "{:?}", m.limit_violations());
    let e = m.embed.unwrap();
    for f in &e.fields {
        assert!(!f.value.ends_with('…'), "a crowded side still fits its field: {}", f.value);
    }
    // Namesakes are numbered, and those in the same state share an item.
    assert!(e.fields.iter().any(|f| f.value.contains("Skyfire Drake #1, #2 (")), "{:?}", e.fields);
}

#[test]
fn certamen_labels_name_cards_targets_and_players() {
    let mut s = main_phase(68);
    let pillar = to_field(&mut s, ALICE, "Emberwake Pillar");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let seer = to_field(&mut s, BOB, "Drifting Seer");
    let at_bob = Action::Cast { card: bolt, targets: vec![TargetRef::Player(BOB)] };
    assert_eq!(label(&s, ALICE, &at_bob), "Cast Ember Bolt → Bob");
    let at_me = Action::Cast { card: bolt, targets: vec![TargetRef::Player(ALICE)] };
    assert_eq!(label(&s, ALICE, &at_me), "Cast Ember Bolt → you");
    let at_seer = Action::Cast { card: bolt, targets: vec![TargetRef::Permanent(seer)] };
    assert_eq!(label(&s, ALICE, &at_seer), "Cast Ember Bolt → Drifting Seer");
    assert_eq!(Certamen::describe(&s, ALICE, &at_bob).placement, Placement::Hand);
    let tap = Action::TapPillar { pillar };
    assert_eq!(label(&s, ALICE, &tap), "Tap Emberwake Pillar", "the label of a stored manual tap");
    assert!(
        !Certamen::legal_actions(&s, ALICE).contains(&tap),
        "never offered: costs are paid automatically"
    );
    assert_eq!(label(&s, ALICE, &Action::Pass), "Pass");
    assert_eq!(Certamen::describe(&s, ALICE, &Action::Pass).placement, Placement::Board);
    for a in Certamen::legal_actions(&s, ALICE) {
        let l = label(&s, ALICE, &a);
        assert!(!l.is_empty() && l.chars().count() <= 80, "{l}");
    }
}

#[test]
fn certamen_labels_for_attacks_blocks_and_damage_order() {
    let mut s = main_phase(69);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute");
    let a = to_field(&mut s, BOB, "Drifting Seer");
    let b = to_field(&mut s, BOB, "Gloomwing Skimmer");
    pass_both(&mut s);
    let attack = Action::Attack { creature: brute };
    assert_eq!(label(&s, ALICE, &attack), "Attack with Magmaback Brute");
    assert_eq!(Certamen::describe(&s, ALICE, &attack).placement, Placement::Board);
    assert_eq!(label(&s, ALICE, &Action::EndAttacks), "No attack");
    act(&mut s, ALICE, attack);
    assert_eq!(label(&s, ALICE, &Action::EndAttacks), "Done attacking");
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    let block = Action::Block { blocker: a, attacker: brute };
    assert_eq!(label(&s, BOB, &block), "Block Magmaback Brute with Drifting Seer");
    assert_eq!(label(&s, BOB, &Action::EndBlocks), "No blocks");
    act(&mut s, BOB, block);
    act(&mut s, BOB, Action::Block { blocker: b, attacker: brute });
    act(&mut s, BOB, Action::EndBlocks);
    pass_both(&mut s); // the window after blockers
    let order = Action::OrderBlockers { attacker: brute, order: vec![b] };
    assert_eq!(label(&s, ALICE, &order), "1st: Gloomwing Skimmer");
}

#[test]
fn certamen_labels_tell_apart_two_creatures_of_one_name() {
    let mut s = main_phase(70);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let one = to_field(&mut s, BOB, "Drifting Seer");
    let two = to_field(&mut s, BOB, "Drifting Seer");
    let mine = to_field(&mut s, ALICE, "Drifting Seer");
    let l1 = label(&s, ALICE, &Action::Cast { card: bolt, targets: vec![TargetRef::Permanent(one)] });
    let l2 = label(&s, ALICE, &Action::Cast { card: bolt, targets: vec![TargetRef::Permanent(two)] });
    let l3 = label(&s, ALICE, &Action::Cast { card: bolt, targets: vec![TargetRef::Permanent(mine)] });
    assert_eq!(l1, "Cast Ember Bolt → Bob's Drifting Seer #1");
    assert_eq!(l2, "Cast Ember Bolt → Bob's Drifting Seer #2");
    assert_eq!(l3, "Cast Ember Bolt → your Drifting Seer");
    let v = Certamen::view(&s, Viewer::Public);
    zone_line(&v, BOB, "Creatures", "Drifting Seer #2");
}

#[test]
fn certamen_labels_for_the_mulligan_and_ascendant_damage() {
    let db = cardtable::games::certamen::testing::db();
    let setup =
        cardtable::games::certamen::testing::match_setup(&db, 71, ["Cinderstorm", "Tides of Thought"]);
    let s = Certamen::setup(&setup, &db).unwrap();
    let v = Certamen::view(&s, Viewer::Public);
    assert!(v.headline.contains("Opening hands · Alice goes first"), "{}", v.headline);
    assert!(v.prompt.unwrap().contains("Waiting for Bob"));
    assert_eq!(label(&s, BOB, &Action::Keep), "Keep these 7 cards");
    assert_eq!(label(&s, BOB, &Action::Mulligan), "Mulligan to 6");

    let mut s = main_phase(72);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute");
    let aveline = to_field(&mut s, BOB, "Thornmother Aveline");
    pass_both(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: brute });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    pass_both(&mut s); // the window after blockers (none could block)
    assert_eq!(s.prompt, Prompt::AscendantDamage);
    let to_me = Action::DirectDamage { attacker: brute, ascendant: None };
    let to_her = Action::DirectDamage { attacker: brute, ascendant: Some(aveline) };
    assert_eq!(label(&s, BOB, &to_me), "Take Magmaback Brute's 5 damage yourself");
    assert_eq!(label(&s, BOB, &to_her), "Send Magmaback Brute's 5 damage to Thornmother Aveline (Loyalty 4)");
}
