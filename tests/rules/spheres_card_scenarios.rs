//! Spheres: one scenario for each card of the collection (`cards/spheres/`)
//! whose text has a trigger ("When summoned", "When it blocks", "At your
//! regroup", "After it destroys…") or a condition ("while…", "if…"). Each
//! builds the situation through legal actions (summon, attack, block, the
//! regroup step) and checks what the text promises a player; a card is put
//! straight onto the table only where reaching that state by play would
//! take many turns (said in a comment). The last test fails when a card
//! with a trigger or a condition has no scenario here.

use std::sync::Arc;

use crate::card_scenarios_support;

use cardtable::cards::spheres::{Ability, SpheresDb, Zone};
use cardtable::cards::Catalog;
use cardtable::engine::Seat;
use cardtable::games::spheres::abilities::strength;
use cardtable::games::spheres::testing::{attack, click, labels, names, public, Table};
use cardtable::games::spheres::{State, Step};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

/// A card of each sphere to stand for a crystal of it.
const CHAOS: &str = "Sparkfiend Imp";
const ETHER: &str = "Cloudkin Herald";
const NATURE: &str = "Tusker Calf";
const SCIENCE: &str = "Surveyor Drone";
const SPIRIT: &str = "Lantern Acolyte";

fn pool() -> Arc<SpheresDb> {
    Arc::new(SpheresDb::embedded().expect("the Spheres collection loads"))
}

/// An empty table on the collection, Alice's main step (turn 3).
fn table() -> Table {
    Table::with_pool(pool())
}

/// `n` crystals of the sphere `crystal` stands for.
fn crystals(t: &mut Table, seat: Seat, crystal: &str, n: usize) {
    t.vault(seat, &vec![crystal; n]);
}

/// The uid of `seat`'s creature named `name`.
fn uid(s: &State, seat: Seat, name: &str) -> cardtable::games::spheres::Uid {
    s.lords[seat]
        .battlefield
        .iter()
        .find(|c| s.def(c.uid).creature.name == name)
        .unwrap_or_else(|| panic!("{name} is not on {seat}'s battlefield"))
        .uid
}

fn on_field(s: &State, seat: Seat, name: &str) -> bool {
    s.lords[seat].battlefield.iter().any(|c| s.def(c.uid).creature.name == name)
}

fn afflicted(s: &State, seat: Seat, name: &str) -> bool {
    s.creature(uid(s, seat, name)).unwrap().afflicted
}

fn engaged(s: &State, seat: Seat, name: &str) -> bool {
    s.creature(uid(s, seat, name)).unwrap().engaged
}

/// The public line of the fight, "X (n) against Y (m)".
fn fought(ev: &[cardtable::engine::Event], line: &str) -> bool {
    public(ev).iter().any(|e| e.contains(line))
}

/// Bob's turn, battle step: he attacks Alice (whose creatures are set up
/// by the caller).
fn bobs_battle(t: &mut Table) -> &mut Table {
    t.active(B).step(Step::Battle).hand(B, &[ETHER]).towers(A, &[ETHER, ETHER])
}

/// Alice's battle step.
fn alices_battle(t: &mut Table) -> &mut Table {
    t.step(Step::Battle).hand(A, &[ETHER]).towers(B, &[ETHER, ETHER])
}

// ── Chaos ──────────────────────────────────────────────────────────────

#[test]
fn spheres_trigger_cinder_cultist_evokes_ember_offering_when_summoned() {
    let mut t = table();
    crystals(&mut t, A, CHAOS, 3);
    t.hand(A, &["Cinder Cultist", "Cairn Elk"]).deck(A, &["Pyre Tender", "Gate Warden"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Cinder Cultist");
    assert_eq!(names(&s, A, Zone::Groove), vec!["Cairn Elk"], "the hand card went to the groove");
    assert_eq!(names(&s, A, Zone::Hand), vec!["Pyre Tender"], "then a card was drawn");
}

#[test]
fn spheres_opponent_choice_ashen_hierophant_makes_the_opponent_destroy_a_creature_of_their_choice() {
    let mut t = table();
    crystals(&mut t, A, CHAOS, 5);
    t.hand(A, &["Ashen Hierophant", ETHER]).creature(B, "Tusker Calf").creature(B, "Gate Warden");
    let mut s = t.build();
    click(&mut s, A, "Summon Ashen Hierophant");
    assert!(labels(&s, B).iter().any(|l| l.contains("Gate Warden")), "Bob chooses: {:?}", labels(&s, B));
    click(&mut s, B, "Gate Warden");
    assert!(!on_field(&s, B, "Gate Warden") && on_field(&s, B, "Tusker Calf"));
    assert!(names(&s, B, Zone::Groove).contains(&"Gate Warden".to_string()));
}

#[test]
fn spheres_5b_blightling_afflicts_the_engaged_attacker_when_it_blocks() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Arc Fiend").creature(A, "Blightling");
    let mut s = t.build();
    attack(&mut s, B, "Attack with Arc Fiend → fortress");
    click(&mut s, A, "Block with Blightling");
    assert!(afflicted(&s, B, "Arc Fiend"), "the attacker is afflicted");
}

#[test]
fn spheres_1_regroup_rotbelly_brute_afflicts_a_random_opposing_creature() {
    let mut t = table();
    t.creature(A, "Rotbelly Brute").creature(B, "Tusker Calf").hand(A, &[ETHER]).step(Step::Regroup);
    let s = t.build();
    assert!(afflicted(&s, B, "Tusker Calf"));
    assert!(!afflicted(&s, A, "Rotbelly Brute"), "an opposing creature, not its own");
}

#[test]
fn spheres_condition_madcap_jester_is_stronger_and_resolute_while_attacking() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Madcap Jester").creature_with(B, "Tusker Calf", |c| c.engaged = true);
    let mut s = t.build();
    let ev = attack(&mut s, A, "Attack with Madcap Jester → Tusker Calf");
    assert!(fought(&ev, "Madcap Jester (3) against Tusker Calf (3)"), "{:?}", public(&ev));
    assert!(on_field(&s, A, "Madcap Jester") && !on_field(&s, B, "Tusker Calf"), "it wins the tie");
}

#[test]
fn spheres_trigger_carnival_tyrant_makes_the_opponent_trash_a_random_hand_card_when_it_wins() {
    let mut t = table();
    alices_battle(&mut t)
        .creature(A, "Carnival Tyrant")
        .creature_with(B, "Tusker Calf", |c| c.engaged = true);
    t.hand(B, &["Cairn Elk"]);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Carnival Tyrant → Tusker Calf");
    assert!(s.lords[B].hand.is_empty());
    assert_eq!(names(&s, B, Zone::Trash), vec!["Cairn Elk"]);
}

#[test]
fn spheres_condition_emberfang_pup_attacks_the_turn_it_is_summoned_one_stronger() {
    let mut t = table();
    crystals(&mut t, A, CHAOS, 2);
    t.hand(A, &["Emberfang Pup", ETHER]).towers(B, &[ETHER]);
    t.creature_with(B, "Tickwick Tinker", |c| c.engaged = true);
    let mut s = t.build();
    click(&mut s, A, "Summon Emberfang Pup");
    click(&mut s, A, "Go to battle");
    let ev = attack(&mut s, A, "Attack with Emberfang Pup → Tickwick Tinker");
    assert!(fought(&ev, "Emberfang Pup (2) against Tickwick Tinker (2)"), "{:?}", public(&ev));
}

#[test]
fn spheres_trigger_emberfang_alpha_afflicts_a_cheaper_creature_and_pumps_attacking_beasts() {
    let mut t = table();
    crystals(&mut t, A, CHAOS, 4);
    t.hand(A, &["Emberfang Alpha", ETHER]).creature(B, "Tusker Matriarch").creature(B, "Tusker Calf");
    let mut s = t.build();
    click(&mut s, A, "Summon Emberfang Alpha");
    assert!(afflicted(&s, B, "Tusker Calf"), "cost 2: no more than 4");
    assert!(!afflicted(&s, B, "Tusker Matriarch"), "cost 5 is more than 4");

    let mut t = table();
    alices_battle(&mut t).creature(A, "Emberfang Alpha").creature(A, "Galeborn Outrider");
    t.creature_with(B, "Tusker Matriarch", |c| c.engaged = true);
    let mut s = t.build();
    let ev = attack(&mut s, A, "Attack with Galeborn Outrider → Tusker Matriarch");
    assert!(fought(&ev, "Galeborn Outrider (4) against"), "another Beast gets +1: {:?}", public(&ev));
}

#[test]
fn spheres_5c2_ravager_warlord_trashes_two_of_the_opponents_deck_after_a_siege() {
    let mut t = table();
    t.step(Step::Battle).hand(A, &[ETHER]).creature(A, "Ravager Warlord");
    t.towers(B, &[ETHER, ETHER]).deck(B, &["Cairn Elk", "Pyre Tender", "Gate Warden", "Tusker Calf"]);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Ravager Warlord → fortress");
    assert_eq!(s.lords[B].towers.len(), 1);
    assert_eq!(s.lords[B].trash.len(), 2, "two cards of Bob's deck trashed");
    assert_eq!(s.lords[B].deck.len(), 1, "one energized by the siege, two trashed");
}

#[test]
fn spheres_trigger_riftspawn_larva_trashes_its_top_card_and_gets_two_when_it_attacks() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Riftspawn Larva").deck(A, &["Cairn Elk", "Gate Warden"]);
    t.creature_with(B, "Tusker Matriarch", |c| c.engaged = true);
    let mut s = t.build();
    let ev = attack(&mut s, A, "Attack with Riftspawn Larva → Tusker Matriarch");
    assert_eq!(names(&s, A, Zone::Trash), vec!["Cairn Elk"]);
    assert!(fought(&ev, "Riftspawn Larva (5) against"), "{:?}", public(&ev));
}

#[test]
fn spheres_keyword_random_rift_behemoth_trashes_a_random_hand_card_when_summoned() {
    let mut t = table();
    crystals(&mut t, A, CHAOS, 7);
    t.hand(A, &["Rift Behemoth", "Cairn Elk", "Gate Warden"]).deck(A, &["Pyre Tender"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Rift Behemoth");
    let (hand, trash) = (names(&s, A, Zone::Hand), names(&s, A, Zone::Trash));
    assert_eq!((hand.len(), trash.len()), (1, 1), "one of the two hand cards trashed");
    let mut both = [hand, trash].concat();
    both.sort();
    assert_eq!(both, vec!["Cairn Elk", "Gate Warden"]);
}

#[test]
fn spheres_condition_gorger_glutton_gets_two_with_five_cards_in_the_groove() {
    let mut t = table();
    crystals(&mut t, A, CHAOS, 3);
    // Four energy already in the groove (played over earlier turns).
    t.creature(A, "Gorger Glutton").groove(A, &[ETHER; 4]).hand(A, &["Cinder Cultist", "Cairn Elk"]);
    t.deck(A, &["Gate Warden"]);
    let mut s = t.build();
    let glutton = uid(&s, A, "Gorger Glutton");
    assert_eq!(strength(&s, glutton), 4, "four cards in the groove");
    click(&mut s, A, "Cast Ember Offering");
    assert_eq!(s.lords[A].groove.len(), 5);
    assert_eq!(strength(&s, glutton), 6, "five cards in the groove");
}

// ── Ether ──────────────────────────────────────────────────────────────

#[test]
fn spheres_trigger_squall_caller_engages_an_opposing_creature_costing_three_or_less() {
    let mut t = table();
    crystals(&mut t, A, ETHER, 3);
    t.hand(A, &["Squall Caller", NATURE]).creature(B, "Tusker Matriarch").creature(B, "Tusker Calf");
    let mut s = t.build();
    click(&mut s, A, "Summon Squall Caller");
    assert!(engaged(&s, B, "Tusker Calf"));
    assert!(!engaged(&s, B, "Tusker Matriarch"), "cost 5 is more than 3");
}

#[test]
fn spheres_condition_glasswing_moth_attacks_only_beside_another_flyer() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Glasswing Moth").creature(A, "Tusker Calf");
    let s = t.build();
    assert!(
        !labels(&s, A).iter().any(|l| l.starts_with("Attack with Glasswing Moth")),
        "{:?}",
        labels(&s, A)
    );
    let mut t = table();
    alices_battle(&mut t).creature(A, "Glasswing Moth").creature(A, "Skiff Aeronaut");
    let s = t.build();
    assert!(labels(&s, A).iter().any(|l| l.starts_with("Attack with Glasswing Moth")), "{:?}", labels(&s, A));
}

#[test]
fn spheres_trigger_dream_shepherd_engages_a_weaker_ready_creature_when_it_attacks() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Dream Shepherd");
    t.creature(B, "Tusker Calf").creature(B, "Elderbark Patriarch");
    let mut s = t.build();
    attack(&mut s, A, "Attack with Dream Shepherd → fortress");
    assert!(engaged(&s, B, "Tusker Calf"), "strength 3, no greater than 5");
    assert!(!engaged(&s, B, "Elderbark Patriarch"), "strength 7 is greater");
    assert!(!labels(&s, B).iter().any(|l| l.contains("Block with Tusker Calf")), "engaged: it cannot block");
}

#[test]
fn spheres_5b_loom_weaver_draws_a_card_when_it_blocks() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Tusker Calf").creature(A, "Loom Weaver").deck(A, &["Cairn Elk"]);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → fortress");
    click(&mut s, A, "Block with Loom Weaver");
    assert!(names(&s, A, Zone::Hand).contains(&"Cairn Elk".to_string()));
}

#[test]
fn spheres_keyword_random_fate_spinner_makes_the_opponent_trash_a_random_hand_card() {
    let mut t = table();
    crystals(&mut t, A, ETHER, 4);
    t.hand(A, &["Fate Spinner", NATURE]).hand(B, &["Cairn Elk"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Fate Spinner");
    assert!(s.lords[B].hand.is_empty());
    assert_eq!(names(&s, B, Zone::Trash), vec!["Cairn Elk"]);
}

#[test]
fn spheres_condition_mirror_double_gets_two_while_defending() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Arc Fiend").creature(A, "Mirror Double");
    let mut s = t.build();
    attack(&mut s, B, "Attack with Arc Fiend → fortress");
    let ev = click(&mut s, A, "Block with Mirror Double");
    assert!(fought(&ev, "Arc Fiend (4) against Mirror Double (6)"), "{:?}", public(&ev));
    assert!(on_field(&s, A, "Mirror Double") && !on_field(&s, B, "Arc Fiend"));
}

#[test]
fn spheres_trigger_looking_glass_sovereign_draws_when_it_wins_a_battle() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Looking-Glass Sovereign").deck(A, &["Cairn Elk"]);
    t.creature_with(B, "Tusker Calf", |c| c.engaged = true);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Looking-Glass Sovereign → Tusker Calf");
    assert!(names(&s, A, Zone::Hand).contains(&"Cairn Elk".to_string()));
}

#[test]
fn spheres_condition_tempest_wyrm_hunts_a_ready_creature_one_stronger() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Tempest Wyrm").creature(B, "Tusker Calf");
    let mut s = t.build();
    let ev = attack(&mut s, A, "Attack with Tempest Wyrm → Tusker Calf");
    assert!(fought(&ev, "Tempest Wyrm (6) against Tusker Calf (3)"), "{:?}", public(&ev));
}

// ── Nature ─────────────────────────────────────────────────────────────

#[test]
fn spheres_verb_energize_dewdrop_sprite_energizes_the_top_card_when_summoned() {
    let mut t = table();
    crystals(&mut t, A, NATURE, 2);
    t.hand(A, &["Dewdrop Sprite", ETHER]).deck(A, &["Cairn Elk", "Gate Warden"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Dewdrop Sprite");
    assert_eq!(names(&s, A, Zone::Groove), vec!["Cairn Elk"]);
    assert_eq!(names(&s, A, Zone::Deck), vec!["Gate Warden"]);
}

#[test]
fn spheres_1_regroup_fogwing_sprite_cures_all_of_its_lords_afflicted_creatures() {
    let mut t = table();
    t.creature(A, "Fogwing Sprite").hand(A, &[ETHER]).step(Step::Regroup);
    t.creature_with(A, "Tusker Calf", |c| c.afflicted = true)
        .creature_with(A, "Cairn Elk", |c| c.afflicted = true);
    t.creature_with(B, "Gate Warden", |c| c.afflicted = true);
    let s = t.build();
    assert!(!afflicted(&s, A, "Tusker Calf") && !afflicted(&s, A, "Cairn Elk"));
    assert!(afflicted(&s, B, "Gate Warden"), "only its own lord's creatures");
}

#[test]
fn spheres_condition_thornback_boar_hunts_and_is_resolute_while_defending() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Thornback Boar").creature(B, "Cairn Elk");
    let s = t.build();
    assert!(labels(&s, A).contains(&"Attack with Thornback Boar → Cairn Elk".to_string()), "a hunter");
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Tusker Calf").creature(A, "Thornback Boar");
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → fortress");
    let ev = click(&mut s, A, "Block with Thornback Boar");
    assert!(fought(&ev, "Tusker Calf (3) against Thornback Boar (3)"), "{:?}", public(&ev));
    assert!(on_field(&s, A, "Thornback Boar") && !on_field(&s, B, "Tusker Calf"), "it wins the tie");
}

#[test]
fn spheres_verb_crystallize_briarhide_bull_crystallizes_the_top_card_when_it_wins() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Briarhide Bull").deck(A, &["Cairn Elk"]);
    t.creature_with(B, "Tusker Calf", |c| c.engaged = true);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Briarhide Bull → Tusker Calf");
    assert_eq!(names(&s, A, Zone::Vault), vec!["Cairn Elk"]);
}

#[test]
fn spheres_condition_briar_palisade_gives_its_lords_creatures_one_while_defending() {
    let mut t = table();
    // Alice cast Briar Palisade (Briarhide Bull's spell) in her own turn; it is Bob's turn now.
    bobs_battle(&mut t).spells(A, &["Briarhide Bull"]).creature(B, "Tusker Calf").creature(A, "Tusker Calf");
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → fortress");
    let ev = click(&mut s, A, "Block with Tusker Calf");
    assert!(fought(&ev, "Tusker Calf (3) against Tusker Calf (4)"), "{:?}", public(&ev));
}

#[test]
fn spheres_condition_dusk_prowler_hunts_and_is_resolute_while_attacking() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Dusk Prowler").creature(B, "Tusker Calf");
    let mut s = t.build();
    let ev = attack(&mut s, A, "Attack with Dusk Prowler → Tusker Calf");
    assert!(fought(&ev, "Dusk Prowler (3) against Tusker Calf (3)"), "{:?}", public(&ev));
    assert!(on_field(&s, A, "Dusk Prowler") && !on_field(&s, B, "Tusker Calf"));
}

#[test]
fn spheres_trigger_apex_prowler_afflicts_a_weaker_creature_and_readies_when_it_wins() {
    let mut t = table();
    crystals(&mut t, A, NATURE, 6);
    t.hand(A, &["Apex Prowler", ETHER]).creature(B, "Elderbark Patriarch").creature(B, "Tusker Calf");
    let mut s = t.build();
    click(&mut s, A, "Summon Apex Prowler");
    assert!(afflicted(&s, B, "Tusker Calf") && !afflicted(&s, B, "Elderbark Patriarch"));

    let mut t = table();
    alices_battle(&mut t).creature(A, "Apex Prowler").creature_with(B, "Tusker Calf", |c| c.engaged = true);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Apex Prowler → Tusker Calf");
    assert!(!on_field(&s, B, "Tusker Calf"));
    assert!(!engaged(&s, A, "Apex Prowler"), "it won: ready again");
}

#[test]
fn spheres_condition_rootkin_seedling_crystallizes_only_with_three_crystals_or_fewer() {
    for (have, after) in [(3, 4), (4, 4)] {
        let mut t = table();
        crystals(&mut t, A, NATURE, have);
        t.hand(A, &["Rootkin Seedling", ETHER]).deck(A, &["Cairn Elk", "Gate Warden"]);
        let mut s = t.build();
        click(&mut s, A, "Summon Rootkin Seedling");
        assert_eq!(s.lords[A].vault.len(), after, "with {have} crystals");
    }
}

#[test]
fn spheres_condition_rootkin_elder_gets_two_with_six_crystals() {
    let mut t = table();
    crystals(&mut t, A, NATURE, 5);
    t.creature(A, "Rootkin Elder").hand(A, &["Cairn Elk", ETHER]).step(Step::Crystal);
    let mut s = t.build();
    let elder = uid(&s, A, "Rootkin Elder");
    assert_eq!(strength(&s, elder), 3);
    click(&mut s, A, "Crystallize Cairn Elk");
    assert_eq!(s.lords[A].vault.len(), 6);
    assert_eq!(strength(&s, elder), 5);
}

#[test]
fn spheres_trigger_mosshide_ancient_returns_a_nature_card_of_the_groove_when_destroyed() {
    let mut t = table();
    bobs_battle(&mut t)
        .creature(B, "Rift Behemoth")
        .creature_with(A, "Mosshide Ancient", |c| c.engaged = true);
    t.groove(A, &["Mosshide Grazer", "Tusker Calf", CHAOS]);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Rift Behemoth → Mosshide Ancient");
    assert!(!labels(&s, A).iter().any(|l| l.contains(CHAOS)), "Nature cards only: {:?}", labels(&s, A));
    click(&mut s, A, "Mosshide Grazer");
    assert!(names(&s, A, Zone::Hand).contains(&"Mosshide Grazer".to_string()));
    assert!(!names(&s, A, Zone::Groove).contains(&"Mosshide Grazer".to_string()));
}

#[test]
fn spheres_keyword_search_owlkin_lookout_finds_a_beast_when_summoned() {
    let mut t = table();
    crystals(&mut t, A, NATURE, 3);
    t.hand(A, &["Owlkin Lookout", ETHER]).deck(A, &["Gate Warden", "Cairn Elk", "Lantern Acolyte"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Owlkin Lookout");
    assert!(names(&s, A, Zone::Hand).contains(&"Cairn Elk".to_string()), "{:?}", names(&s, A, Zone::Hand));
    assert_eq!(s.lords[A].deck.len(), 2);
}

#[test]
fn spheres_trigger_moonfeather_seer_afflicts_a_healthy_creature_costing_four_or_more() {
    let mut t = table();
    crystals(&mut t, A, NATURE, 4);
    t.hand(A, &["Moonfeather Seer", ETHER]).creature(B, "Tusker Calf").creature(B, "Tusker Matriarch");
    t.creature_with(B, "Elderbark Patriarch", |c| c.afflicted = true);
    let mut s = t.build();
    click(&mut s, A, "Summon Moonfeather Seer");
    assert!(afflicted(&s, B, "Tusker Matriarch"));
    assert!(!afflicted(&s, B, "Tusker Calf"), "cost 2 is less than 4");
}

#[test]
fn spheres_condition_elderbark_sapling_attacks_only_with_five_crystals() {
    for (have, may) in [(4, false), (5, true)] {
        let mut t = table();
        crystals(&mut t, A, NATURE, have);
        alices_battle(&mut t).creature(A, "Elderbark Sapling");
        let s = t.build();
        let attacks = labels(&s, A).iter().any(|l| l.starts_with("Attack with Elderbark Sapling"));
        assert_eq!(attacks, may, "with {have} crystals: {:?}", labels(&s, A));
    }
}

// ── Science ────────────────────────────────────────────────────────────

#[test]
fn spheres_condition_tickwick_tinker_draws_only_without_another_creature() {
    for (other, drawn) in [(false, true), (true, false)] {
        let mut t = table();
        crystals(&mut t, A, SCIENCE, 2);
        t.hand(A, &["Tickwick Tinker", ETHER]).deck(A, &["Cairn Elk"]);
        if other {
            t.creature(A, "Tusker Calf");
        }
        let mut s = t.build();
        click(&mut s, A, "Summon Tickwick Tinker");
        assert_eq!(
            names(&s, A, Zone::Hand).contains(&"Cairn Elk".to_string()),
            drawn,
            "other creature: {other}"
        );
    }
}

#[test]
fn spheres_keyword_replace_retort_adept_may_swap_a_crystal_with_a_hand_card() {
    let mut t = table();
    crystals(&mut t, A, SCIENCE, 3);
    t.hand(A, &["Retort Adept", "Cairn Elk"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Retort Adept");
    click(&mut s, A, "Science crystal");
    // Cairn Elk is the only hand card left: it takes the crystal's place.
    assert!(names(&s, A, Zone::Vault).contains(&"Cairn Elk".to_string()), "{:?}", names(&s, A, Zone::Vault));
    assert_eq!(names(&s, A, Zone::Hand), vec![SCIENCE]);
}

#[test]
fn spheres_1_regroup_grand_distiller_draws_with_two_hand_cards_or_fewer() {
    for (hand, drawn) in [(2, true), (3, false)] {
        let mut t = table();
        t.creature(A, "Grand Distiller").hand(A, &vec![ETHER; hand]).deck(A, &["Cairn Elk"]);
        t.step(Step::Regroup);
        let s = t.build();
        assert_eq!(names(&s, A, Zone::Hand).contains(&"Cairn Elk".to_string()), drawn, "{hand} in hand");
    }
}

#[test]
fn spheres_keyword_search_lens_savant_finds_a_science_card_when_summoned() {
    let mut t = table();
    crystals(&mut t, A, SCIENCE, 3);
    t.hand(A, &["Lens Savant", ETHER]).deck(A, &["Cairn Elk", "Surveyor Drone", "Gate Warden"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Lens Savant");
    assert!(names(&s, A, Zone::Hand).contains(&"Surveyor Drone".to_string()));
}

#[test]
fn spheres_verb_cast_orrery_keeper_casts_a_cheap_science_spell_for_free() {
    let mut t = table();
    crystals(&mut t, A, SCIENCE, 4);
    t.hand(A, &["Orrery Keeper", "Retort Adept", ETHER]).deck(A, &["Cairn Elk"]).creature(B, "Tusker Calf");
    let mut s = t.build();
    click(&mut s, A, "Summon Orrery Keeper");
    click(&mut s, A, "Retort Adept");
    assert!(afflicted(&s, B, "Tusker Calf"), "Volatile Tincture was cast");
    assert_eq!(names(&s, A, Zone::Trash), vec!["Retort Adept"]);
    assert_eq!(s.turn.mana_spent, 4, "only the Keeper was paid for");
}

#[test]
fn spheres_verb_fortify_bastion_colossus_adds_a_tower_after_a_siege() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Bastion Colossus").towers(A, &[ETHER]).deck(A, &["Cairn Elk"]);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Bastion Colossus → fortress");
    assert_eq!(s.lords[B].towers.len(), 1);
    assert_eq!(names(&s, A, Zone::Towers), vec![ETHER, "Cairn Elk"]);
}

#[test]
fn spheres_trigger_galvanic_surgeon_may_return_a_groove_card_when_summoned() {
    let mut t = table();
    crystals(&mut t, A, SCIENCE, 3);
    t.hand(A, &["Galvanic Surgeon", ETHER]).groove(A, &["Cairn Elk", "Gate Warden"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Galvanic Surgeon");
    click(&mut s, A, "Cairn Elk");
    assert!(names(&s, A, Zone::Hand).contains(&"Cairn Elk".to_string()));
    assert_eq!(names(&s, A, Zone::Groove), vec!["Gate Warden"]);
}

#[test]
fn spheres_verb_summon_voltaic_revenant_summons_a_shade_from_the_groove_when_destroyed() {
    let mut t = table();
    bobs_battle(&mut t)
        .creature(B, "Rift Behemoth")
        .creature_with(A, "Voltaic Revenant", |c| c.engaged = true);
    t.groove(A, &["Hollowed Thrall", "Tusker Calf"]);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Rift Behemoth → Voltaic Revenant");
    assert!(on_field(&s, A, "Hollowed Thrall"), "the Shade came from the groove");
    assert!(!names(&s, A, Zone::Groove).contains(&"Hollowed Thrall".to_string()));
}

#[test]
fn spheres_verb_crystallize_scion_grafter_may_crystallize_a_hand_card() {
    let mut t = table();
    crystals(&mut t, A, SCIENCE, 3);
    t.hand(A, &["Scion Grafter", "Cairn Elk"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Scion Grafter");
    click(&mut s, A, "Cairn Elk");
    assert_eq!(s.lords[A].vault.len(), 4);
    assert!(names(&s, A, Zone::Vault).contains(&"Cairn Elk".to_string()));
}

#[test]
fn spheres_verb_energize_sluice_engineer_energizes_the_top_two_cards() {
    let mut t = table();
    crystals(&mut t, A, SCIENCE, 3);
    t.hand(A, &["Sluice Engineer", ETHER]).deck(A, &["Cairn Elk", "Gate Warden", "Pyre Tender"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Sluice Engineer");
    assert_eq!(names(&s, A, Zone::Groove), vec!["Cairn Elk", "Gate Warden"]);
    assert_eq!(names(&s, A, Zone::Deck), vec!["Pyre Tender"]);
}

#[test]
fn spheres_1_regroup_irrigation_works_crystallizes_with_five_crystals_or_fewer() {
    for (have, after) in [(5, 6), (6, 6)] {
        let mut t = table();
        crystals(&mut t, A, SCIENCE, have);
        // Irrigation Works, cast in an earlier turn: an active spell in Alice's fortress.
        t.spells(A, &["Aqueduct Titan"]).hand(A, &[ETHER]).deck(A, &["Cairn Elk", "Gate Warden"]);
        t.step(Step::Regroup);
        let s = t.build();
        assert_eq!(s.lords[A].vault.len(), after, "with {have} crystals");
    }
}

#[test]
fn spheres_verb_fortify_theodolite_sage_may_fortify_a_hand_card() {
    let mut t = table();
    crystals(&mut t, A, SCIENCE, 4);
    t.hand(A, &["Theodolite Sage", "Cairn Elk", ETHER]).towers(A, &[ETHER]).deck(A, &["Gate Warden"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Theodolite Sage");
    click(&mut s, A, "Cairn Elk");
    assert_eq!(names(&s, A, Zone::Towers), vec![ETHER, "Cairn Elk"]);
}

// ── Spirit ─────────────────────────────────────────────────────────────

#[test]
fn spheres_2_cure_lantern_acolyte_cures_an_afflicted_creature_when_summoned() {
    let mut t = table();
    crystals(&mut t, A, SPIRIT, 2);
    t.hand(A, &["Lantern Acolyte", ETHER]).creature_with(A, "Tusker Calf", |c| c.afflicted = true);
    let mut s = t.build();
    click(&mut s, A, "Summon Lantern Acolyte");
    assert!(!afflicted(&s, A, "Tusker Calf"));
}

#[test]
fn spheres_5c2_beacon_warden_readies_its_lords_creatures_when_a_tower_falls() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Tusker Calf");
    t.creature_with(A, "Beacon Warden", |c| c.engaged = true)
        .creature_with(A, "Cairn Elk", |c| c.engaged = true);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → fortress");
    assert_eq!(s.lords[A].towers.len(), 1);
    assert!(!engaged(&s, A, "Beacon Warden") && !engaged(&s, A, "Cairn Elk"));
}

#[test]
fn spheres_5c2_vigil_flame_fortifies_when_a_tower_falls_to_two_or_fewer() {
    for (towers, after) in [(3, 3), (4, 3)] {
        let mut t = table();
        // Vigil Flame (Beacon Warden's spell) was cast in Alice's last turn.
        t.active(B).step(Step::Battle).hand(B, &[ETHER]).creature(B, "Tusker Calf");
        t.towers(A, &vec![ETHER; towers])
            .spells(A, &["Beacon Warden"])
            .deck(A, &["Cairn Elk", "Gate Warden"]);
        let mut s = t.build();
        attack(&mut s, B, "Attack with Tusker Calf → fortress");
        click(&mut s, B, "Destroy a tower");
        assert_eq!(s.lords[A].towers.len(), after, "from {towers} towers");
    }
}

#[test]
fn spheres_condition_hymn_chorister_gets_one_beside_another_chorister() {
    let mut t = table();
    crystals(&mut t, A, SPIRIT, 3);
    t.creature(A, "Hymn Chorister").hand(A, &["Hymn Chorister", ETHER]);
    let mut s = t.build();
    let first = uid(&s, A, "Hymn Chorister");
    assert_eq!(strength(&s, first), 2);
    click(&mut s, A, "Summon Hymn Chorister");
    assert_eq!(strength(&s, first), 3);
}

#[test]
fn spheres_condition_gate_warden_gets_two_while_defending() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Tusker Calf").creature(A, "Gate Warden");
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → fortress");
    let ev = click(&mut s, A, "Block with Gate Warden");
    assert!(fought(&ev, "Tusker Calf (3) against Gate Warden (4)"), "{:?}", public(&ev));
}

#[test]
fn spheres_5b_oathbound_sentinel_cures_when_it_blocks() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Tusker Calf").creature(A, "Oathbound Sentinel");
    t.creature_with(A, "Cairn Elk", |c| c.afflicted = true);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → fortress");
    click(&mut s, A, "Block with Oathbound Sentinel");
    assert!(!afflicted(&s, A, "Cairn Elk"));
}

#[test]
fn spheres_condition_aegis_of_oaths_makes_its_host_resolute_and_one_stronger_defending() {
    let mut t = table();
    // Aegis of Oaths (Oathbound Sentinel's spell) was attached in Alice's last turn.
    bobs_battle(&mut t).creature(B, "Arc Fiend").creature(A, "Tusker Calf").attach(
        A,
        0,
        "Oathbound Sentinel",
    );
    let mut s = t.build();
    attack(&mut s, B, "Attack with Arc Fiend → fortress");
    let ev = click(&mut s, A, "Block with Tusker Calf");
    assert!(fought(&ev, "Arc Fiend (4) against Tusker Calf (4)"), "{:?}", public(&ev));
    assert!(on_field(&s, A, "Tusker Calf") && !on_field(&s, B, "Arc Fiend"), "resolute: it wins the tie");
}

#[test]
fn spheres_verb_energize_hollowed_thrall_energizes_the_top_card_when_destroyed() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Tusker Calf").creature_with(A, "Hollowed Thrall", |c| c.engaged = true);
    t.deck(A, &["Cairn Elk"]);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → Hollowed Thrall");
    let groove = names(&s, A, Zone::Groove);
    assert!(
        groove.contains(&"Hollowed Thrall".to_string()) && groove.contains(&"Cairn Elk".to_string()),
        "{groove:?}"
    );
}

#[test]
fn spheres_condition_hollowed_regent_gets_two_with_six_cards_in_the_trash() {
    let mut t = table();
    crystals(&mut t, A, SPIRIT, 2);
    // Five cards trashed over earlier turns.
    // The Regent attacked earlier: Warden's Respite has a creature to ready.
    t.creature_with(A, "Hollowed Regent", |c| c.engaged = true).trash(A, &[ETHER; 5]);
    t.hand(A, &["Gate Warden", ETHER]);
    let mut s = t.build();
    let regent = uid(&s, A, "Hollowed Regent");
    assert_eq!(strength(&s, regent), 3);
    click(&mut s, A, "Cast Warden's Respite");
    assert_eq!(s.lords[A].trash.len(), 6, "the instant went to the trash");
    assert_eq!(strength(&s, regent), 5);
}

#[test]
fn spheres_verb_draw_and_return_pyre_tender_draws_when_destroyed() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Tusker Calf").creature_with(A, "Pyre Tender", |c| c.engaged = true);
    t.deck(A, &["Cairn Elk"]);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → Pyre Tender");
    assert!(names(&s, A, Zone::Hand).contains(&"Cairn Elk".to_string()));
}

#[test]
fn spheres_creature_status_afflicted_keening_mourner_afflicts_when_destroyed() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Tusker Calf").creature_with(A, "Keening Mourner", |c| c.engaged = true);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → Keening Mourner");
    assert!(!on_field(&s, A, "Keening Mourner"));
    assert!(afflicted(&s, B, "Tusker Calf"));
}

#[test]
fn spheres_condition_veiled_widow_stops_afflicted_blockers_and_is_resolute_defending() {
    let mut t = table();
    alices_battle(&mut t).creature(A, "Tusker Calf").creature(A, "Veiled Widow");
    t.creature_with(B, "Cairn Elk", |c| c.afflicted = true).creature(B, "Gate Warden");
    let mut s = t.build();
    click(&mut s, A, "Attack with Tusker Calf → fortress");
    click(&mut s, A, "Fight");
    let l = labels(&s, B);
    assert!(l.iter().any(|l| l == "Block with Gate Warden"), "{l:?}");
    assert!(!l.iter().any(|l| l.contains("Cairn Elk")), "afflicted: it cannot block: {l:?}");

    let mut t = table();
    bobs_battle(&mut t).creature(B, "Tusker Calf").creature(A, "Veiled Widow");
    let mut s = t.build();
    attack(&mut s, B, "Attack with Tusker Calf → fortress");
    click(&mut s, A, "Block with Veiled Widow");
    assert!(on_field(&s, A, "Veiled Widow") && !on_field(&s, B, "Tusker Calf"), "it wins the tie defending");
}

#[test]
fn spheres_verb_fortify_ossuary_monk_may_fortify_a_card_of_the_trash() {
    let mut t = table();
    crystals(&mut t, A, SPIRIT, 3);
    t.hand(A, &["Ossuary Monk", ETHER]).trash(A, &["Cairn Elk", "Gate Warden"]).towers(A, &[ETHER]);
    let mut s = t.build();
    click(&mut s, A, "Summon Ossuary Monk");
    click(&mut s, A, "Cairn Elk");
    assert_eq!(names(&s, A, Zone::Towers), vec![ETHER, "Cairn Elk"]);
    assert_eq!(names(&s, A, Zone::Trash), vec!["Gate Warden"]);
}

#[test]
fn spheres_condition_bone_ward_gives_its_host_three_while_defending() {
    let mut t = table();
    // Bone Ward (Ossuary Monk's spell) was attached in Alice's last turn.
    bobs_battle(&mut t).creature(B, "Arc Fiend").creature(A, "Tusker Calf").attach(A, 0, "Ossuary Monk");
    let mut s = t.build();
    attack(&mut s, B, "Attack with Arc Fiend → fortress");
    let ev = click(&mut s, A, "Block with Tusker Calf");
    assert!(fought(&ev, "Arc Fiend (4) against Tusker Calf (6)"), "{:?}", public(&ev));
}

#[test]
fn spheres_verb_summon_reliquary_abbot_may_summon_a_shade_from_hand_when_destroyed() {
    let mut t = table();
    bobs_battle(&mut t)
        .creature(B, "Rift Behemoth")
        .creature_with(A, "Reliquary Abbot", |c| c.engaged = true);
    t.hand(A, &["Hollowed Thrall", "Tusker Calf"]);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Rift Behemoth → Reliquary Abbot");
    click(&mut s, A, "Hollowed Thrall");
    assert!(on_field(&s, A, "Hollowed Thrall"));
    assert_eq!(names(&s, A, Zone::Hand), vec!["Tusker Calf"]);
}

#[test]
fn spheres_verb_crystallize_cairn_elk_crystallizes_the_top_card_when_destroyed() {
    let mut t = table();
    bobs_battle(&mut t).creature(B, "Rift Behemoth").creature_with(A, "Cairn Elk", |c| c.engaged = true);
    t.deck(A, &["Gate Warden"]);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Rift Behemoth → Cairn Elk");
    assert_eq!(names(&s, A, Zone::Vault), vec!["Gate Warden"]);
}

// ── Every card with a trigger or a condition has a scenario ─────────────

/// Each card with a trigger or a condition, and the test above that plays it.
const SCENARIOS: &[(&str, &str)] = &[
    ("Cinder Cultist", "spheres_trigger_cinder_cultist_evokes_ember_offering_when_summoned"),
    (
        "Ashen Hierophant",
        "spheres_opponent_choice_ashen_hierophant_makes_the_opponent_destroy_a_creature_of_their_choice",
    ),
    ("Blightling", "spheres_5b_blightling_afflicts_the_engaged_attacker_when_it_blocks"),
    ("Rotbelly Brute", "spheres_1_regroup_rotbelly_brute_afflicts_a_random_opposing_creature"),
    ("Madcap Jester", "spheres_condition_madcap_jester_is_stronger_and_resolute_while_attacking"),
    (
        "Carnival Tyrant",
        "spheres_trigger_carnival_tyrant_makes_the_opponent_trash_a_random_hand_card_when_it_wins",
    ),
    ("Emberfang Pup", "spheres_condition_emberfang_pup_attacks_the_turn_it_is_summoned_one_stronger"),
    (
        "Emberfang Alpha",
        "spheres_trigger_emberfang_alpha_afflicts_a_cheaper_creature_and_pumps_attacking_beasts",
    ),
    ("Ravager Warlord", "spheres_5c2_ravager_warlord_trashes_two_of_the_opponents_deck_after_a_siege"),
    ("Riftspawn Larva", "spheres_trigger_riftspawn_larva_trashes_its_top_card_and_gets_two_when_it_attacks"),
    ("Rift Behemoth", "spheres_keyword_random_rift_behemoth_trashes_a_random_hand_card_when_summoned"),
    ("Gorger Glutton", "spheres_condition_gorger_glutton_gets_two_with_five_cards_in_the_groove"),
    ("Squall Caller", "spheres_trigger_squall_caller_engages_an_opposing_creature_costing_three_or_less"),
    ("Glasswing Moth", "spheres_condition_glasswing_moth_attacks_only_beside_another_flyer"),
    ("Dream Shepherd", "spheres_trigger_dream_shepherd_engages_a_weaker_ready_creature_when_it_attacks"),
    ("Loom Weaver", "spheres_5b_loom_weaver_draws_a_card_when_it_blocks"),
    ("Fate Spinner", "spheres_keyword_random_fate_spinner_makes_the_opponent_trash_a_random_hand_card"),
    ("Mirror Double", "spheres_condition_mirror_double_gets_two_while_defending"),
    ("Looking-Glass Sovereign", "spheres_trigger_looking_glass_sovereign_draws_when_it_wins_a_battle"),
    ("Tempest Wyrm", "spheres_condition_tempest_wyrm_hunts_a_ready_creature_one_stronger"),
    ("Dewdrop Sprite", "spheres_verb_energize_dewdrop_sprite_energizes_the_top_card_when_summoned"),
    ("Fogwing Sprite", "spheres_1_regroup_fogwing_sprite_cures_all_of_its_lords_afflicted_creatures"),
    ("Thornback Boar", "spheres_condition_thornback_boar_hunts_and_is_resolute_while_defending"),
    ("Briarhide Bull", "spheres_verb_crystallize_briarhide_bull_crystallizes_the_top_card_when_it_wins"),
    ("Briar Palisade", "spheres_condition_briar_palisade_gives_its_lords_creatures_one_while_defending"),
    ("Dusk Prowler", "spheres_condition_dusk_prowler_hunts_and_is_resolute_while_attacking"),
    ("Apex Prowler", "spheres_trigger_apex_prowler_afflicts_a_weaker_creature_and_readies_when_it_wins"),
    ("Rootkin Seedling", "spheres_condition_rootkin_seedling_crystallizes_only_with_three_crystals_or_fewer"),
    ("Rootkin Elder", "spheres_condition_rootkin_elder_gets_two_with_six_crystals"),
    (
        "Mosshide Ancient",
        "spheres_trigger_mosshide_ancient_returns_a_nature_card_of_the_groove_when_destroyed",
    ),
    ("Owlkin Lookout", "spheres_keyword_search_owlkin_lookout_finds_a_beast_when_summoned"),
    ("Moonfeather Seer", "spheres_trigger_moonfeather_seer_afflicts_a_healthy_creature_costing_four_or_more"),
    ("Elderbark Sapling", "spheres_condition_elderbark_sapling_attacks_only_with_five_crystals"),
    ("Tickwick Tinker", "spheres_condition_tickwick_tinker_draws_only_without_another_creature"),
    ("Retort Adept", "spheres_keyword_replace_retort_adept_may_swap_a_crystal_with_a_hand_card"),
    ("Grand Distiller", "spheres_1_regroup_grand_distiller_draws_with_two_hand_cards_or_fewer"),
    ("Lens Savant", "spheres_keyword_search_lens_savant_finds_a_science_card_when_summoned"),
    ("Orrery Keeper", "spheres_verb_cast_orrery_keeper_casts_a_cheap_science_spell_for_free"),
    ("Bastion Colossus", "spheres_verb_fortify_bastion_colossus_adds_a_tower_after_a_siege"),
    ("Galvanic Surgeon", "spheres_trigger_galvanic_surgeon_may_return_a_groove_card_when_summoned"),
    (
        "Voltaic Revenant",
        "spheres_verb_summon_voltaic_revenant_summons_a_shade_from_the_groove_when_destroyed",
    ),
    ("Scion Grafter", "spheres_verb_crystallize_scion_grafter_may_crystallize_a_hand_card"),
    ("Sluice Engineer", "spheres_verb_energize_sluice_engineer_energizes_the_top_two_cards"),
    ("Irrigation Works", "spheres_1_regroup_irrigation_works_crystallizes_with_five_crystals_or_fewer"),
    ("Theodolite Sage", "spheres_verb_fortify_theodolite_sage_may_fortify_a_hand_card"),
    ("Lantern Acolyte", "spheres_2_cure_lantern_acolyte_cures_an_afflicted_creature_when_summoned"),
    ("Beacon Warden", "spheres_5c2_beacon_warden_readies_its_lords_creatures_when_a_tower_falls"),
    ("Vigil Flame", "spheres_5c2_vigil_flame_fortifies_when_a_tower_falls_to_two_or_fewer"),
    ("Hymn Chorister", "spheres_condition_hymn_chorister_gets_one_beside_another_chorister"),
    ("Gate Warden", "spheres_condition_gate_warden_gets_two_while_defending"),
    ("Oathbound Sentinel", "spheres_5b_oathbound_sentinel_cures_when_it_blocks"),
    ("Aegis of Oaths", "spheres_condition_aegis_of_oaths_makes_its_host_resolute_and_one_stronger_defending"),
    ("Hollowed Thrall", "spheres_verb_energize_hollowed_thrall_energizes_the_top_card_when_destroyed"),
    ("Hollowed Regent", "spheres_condition_hollowed_regent_gets_two_with_six_cards_in_the_trash"),
    ("Pyre Tender", "spheres_verb_draw_and_return_pyre_tender_draws_when_destroyed"),
    ("Keening Mourner", "spheres_creature_status_afflicted_keening_mourner_afflicts_when_destroyed"),
    ("Veiled Widow", "spheres_condition_veiled_widow_stops_afflicted_blockers_and_is_resolute_defending"),
    ("Ossuary Monk", "spheres_verb_fortify_ossuary_monk_may_fortify_a_card_of_the_trash"),
    ("Bone Ward", "spheres_condition_bone_ward_gives_its_host_three_while_defending"),
    ("Reliquary Abbot", "spheres_verb_summon_reliquary_abbot_may_summon_a_shade_from_hand_when_destroyed"),
    ("Cairn Elk", "spheres_verb_crystallize_cairn_elk_crystallizes_the_top_card_when_destroyed"),
];

#[test]
fn spheres_every_card_with_a_trigger_or_a_condition_has_a_scenario() {
    let db = pool();
    let halves = db.cards.iter().flat_map(|c| {
        [
            (c.creature.name.as_str(), c.creature.text.as_str(), c.creature.abilities.as_slice()),
            (c.spell.name.as_str(), c.spell.text.as_str(), c.spell.abilities.as_slice()),
        ]
    });
    let wanted = card_scenarios_support::wanted(halves.map(|(name, text, abilities)| {
        let triggered = abilities
            .iter()
            .any(|a| matches!(a, Ability::Triggered { .. } | Ability::Passive { condition: Some(_), .. }));
        (name, triggered, vec![text.to_owned()])
    }));
    card_scenarios_support::check(&wanted, SCENARIOS, &[include_str!("spheres_card_scenarios.rs")]);
}
