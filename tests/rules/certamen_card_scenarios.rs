//! Certamen: one scenario for each card of the pool (`cards/certamen/`)
//! whose text has a trigger ("When … enters", "Whenever …", "At the
//! beginning of your upkeep") or a condition ("… unless its controller
//! pays …"). Each is played through legal actions (cast, attack, pass
//! priority) and checks what the text promises; a card is put straight
//! onto the Livingfield (or into the Hollow) only where playing it there
//! would take turns, as the comments say. Cards whose scenario was
//! already written elsewhere are listed with it. The last test fails when
//! a card with a trigger or a condition has no scenario.

use crate::card_scenarios_support;

use cardtable::cards::certamen::CardType;
use cardtable::engine::{Rules, Seat};
use cardtable::games::certamen::testing::{act, db, main_phase, pass_both, to_field, to_hand};
use cardtable::games::certamen::{Action, Certamen, Prompt, State, Step, TargetRef};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);

fn pillars(s: &mut State, seat: Seat, pillar: &str, n: usize) {
    for _ in 0..n {
        to_field(s, seat, &format!("{pillar} Pillar"));
    }
}

fn cast(s: &mut State, seat: Seat, card: u32, targets: Vec<TargetRef>) {
    act(s, seat, Action::Cast { card, targets });
}

/// Every player declines (passes, takes the first answer of a choice)
/// until the Stack is empty, nothing is asked and someone has priority.
fn resolve(s: &mut State) {
    decline_until(s, |s| s.stack.is_empty() && s.choices.is_empty() && s.prompt == Prompt::Priority);
}

/// Every player declines (passes, no block, no more attackers) until
/// `done` holds.
fn decline_until(s: &mut State, done: impl Fn(&State) -> bool) {
    for _ in 0..60 {
        if done(s) {
            return;
        }
        let who = Certamen::to_act(s)[0];
        let a = Certamen::decline(s, who).unwrap_or_else(|| Certamen::legal_actions(s, who)[0].clone());
        act(s, who, a);
    }
    panic!("never reached the state the test waits for");
}

/// From Main Phase 1, Alice attacks with `attackers` (then ends her
/// declarations); the attack triggers wait on the Stack.
fn alice_attacks(s: &mut State, attackers: &[u32]) {
    pass_both(s);
    assert_eq!((s.step, s.prompt), (Step::Combat, Prompt::DeclareAttackers));
    for a in attackers {
        act(s, ALICE, Action::Attack { creature: *a });
    }
    act(s, ALICE, Action::EndAttacks);
}

fn power(s: &State, uid: u32) -> i32 {
    s.power(s.permanent(uid).unwrap())
}

fn tokens(s: &State, seat: Seat, name: &str) -> usize {
    s.players[seat].field.iter().filter(|p| s.name_of(p) == format!("{name} token")).count()
}

/// Moves a card of `seat`'s hand to its Hollow (a creature that died in
/// an earlier turn).
fn to_hollow(s: &mut State, seat: Seat, name: &str) -> u32 {
    let uid = to_hand(s, seat, name);
    let i = s.players[seat].hand.iter().position(|c| c.uid == uid).unwrap();
    let c = s.players[seat].hand.remove(i);
    s.players[seat].hollow.push(c);
    uid
}

// ── Aetherlight ────────────────────────────────────────────────────────

#[test]
fn certamen_card_type_creature_lumen_acolyte_gains_three_vitality_when_it_enters() {
    let mut s = main_phase(401);
    pillars(&mut s, ALICE, "Aetherlight", 2);
    let acolyte = to_hand(&mut s, ALICE, "Lumen Acolyte");
    cast(&mut s, ALICE, acolyte, vec![]);
    resolve(&mut s);
    assert!(s.permanent(acolyte).is_some());
    assert_eq!(s.players[ALICE].vitality, 33);
}

#[test]
fn certamen_combat_sanctum_guardian_gains_one_whenever_a_creature_attacks_its_controller() {
    let mut s = main_phase(402);
    // Bob's Guardian was cast in his earlier turn.
    to_field(&mut s, BOB, "Sanctum Guardian");
    let imp = to_field(&mut s, ALICE, "Cinder Imp");
    let wolf = to_field(&mut s, ALICE, "Emberclaw Wolf");
    alice_attacks(&mut s, &[imp, wolf]);
    resolve(&mut s);
    assert_eq!(s.players[BOB].vitality, 32, "one for each attacking creature");
}

#[test]
fn certamen_card_type_rite_covenant_of_retribution_burns_the_attacker_for_each_attack() {
    let mut s = main_phase(403);
    // Bob's Rite was cast in his earlier turn.
    to_field(&mut s, BOB, "Covenant of Retribution");
    let imp = to_field(&mut s, ALICE, "Cinder Imp");
    alice_attacks(&mut s, &[imp]);
    resolve(&mut s);
    assert_eq!(s.players[ALICE].vitality, 29);
}

// ── Emberwake ──────────────────────────────────────────────────────────

#[test]
fn certamen_combat_infernal_warlord_pumps_the_other_creatures_when_it_attacks() {
    let mut s = main_phase(404);
    let warlord = to_field(&mut s, ALICE, "Infernal Warlord");
    let imp = to_field(&mut s, ALICE, "Cinder Imp");
    let theirs = to_field(&mut s, BOB, "Mistcaller Adept");
    alice_attacks(&mut s, &[warlord]);
    resolve(&mut s);
    assert_eq!(power(&s, imp), 2, "another creature of Alice's, attacking or not");
    assert_eq!(power(&s, warlord), 6, "not itself");
    assert_eq!(power(&s, theirs), 1, "not Bob's");
}

#[test]
fn certamen_card_type_rune_sparkstorm_elemental_burns_the_opponent_whenever_a_spell_is_cast() {
    let mut s = main_phase(405);
    to_field(&mut s, ALICE, "Sparkstorm Elemental");
    pillars(&mut s, ALICE, "Emberwake", 2);
    let imp = to_field(&mut s, ALICE, "Cinder Imp");
    let flashfire = to_hand(&mut s, ALICE, "Flashfire");
    cast(&mut s, ALICE, flashfire, vec![TargetRef::Permanent(imp)]);
    resolve(&mut s);
    assert_eq!(power(&s, imp), 3, "Flashfire resolved");
    assert_eq!(s.players[BOB].vitality, 29, "the Elemental's 1 damage");
}

// ── Umbrage ────────────────────────────────────────────────────────────

#[test]
fn certamen_card_type_creature_gravebloom_shaman_returns_a_creature_card_from_the_hollow() {
    let mut s = main_phase(406);
    pillars(&mut s, ALICE, "Umbrage", 2);
    to_field(&mut s, ALICE, "Verdance Pillar");
    // The Ghoul died in an earlier turn.
    let ghoul = to_hollow(&mut s, ALICE, "Bonepicker Ghoul");
    let shaman = to_hand(&mut s, ALICE, "Gravebloom Shaman");
    cast(&mut s, ALICE, shaman, vec![]);
    resolve(&mut s);
    assert!(s.players[ALICE].hand.iter().any(|c| c.uid == ghoul), "back in hand");
    assert!(s.players[ALICE].hollow.is_empty());
}

#[test]
fn certamen_card_type_creature_gravecaller_acolyte_drains_one_when_it_dies() {
    let mut s = main_phase(407);
    let acolyte = to_field(&mut s, ALICE, "Gravecaller Acolyte");
    pillars(&mut s, BOB, "Emberwake", 1);
    let bolt = to_hand(&mut s, BOB, "Ember Bolt");
    act(&mut s, ALICE, Action::Pass); // Bob answers in Alice's main phase
    cast(&mut s, BOB, bolt, vec![TargetRef::Permanent(acolyte)]);
    resolve(&mut s);
    assert!(s.permanent(acolyte).is_none());
    assert_eq!((s.players[ALICE].vitality, s.players[BOB].vitality), (31, 29));
}

#[test]
fn certamen_card_type_creature_bonepicker_ghoul_returns_a_creature_card_from_the_hollow() {
    let mut s = main_phase(408);
    pillars(&mut s, ALICE, "Umbrage", 3);
    // The Acolyte died in an earlier turn.
    let dead = to_hollow(&mut s, ALICE, "Gravecaller Acolyte");
    let ghoul = to_hand(&mut s, ALICE, "Bonepicker Ghoul");
    cast(&mut s, ALICE, ghoul, vec![]);
    resolve(&mut s);
    assert!(s.players[ALICE].hand.iter().any(|c| c.uid == dead));
}

#[test]
fn certamen_keyword_dreadmarked_duskblade_reaver_makes_the_player_it_hits_discard() {
    let mut s = main_phase(409);
    let reaver = to_field(&mut s, ALICE, "Duskblade Reaver");
    let card = to_hand(&mut s, BOB, "Ember Bolt");
    alice_attacks(&mut s, &[reaver]);
    decline_until(&mut s, |s| s.players[BOB].vitality < 30);
    resolve(&mut s);
    assert_eq!(s.players[BOB].vitality, 28);
    assert!(s.players[BOB].hand.is_empty());
    assert!(s.players[BOB].hollow.iter().any(|c| c.uid == card));
}

#[test]
fn certamen_keyword_flickerborn_nightmare_stalker_destroys_a_creature_with_power_two_or_less() {
    let mut s = main_phase(410);
    pillars(&mut s, ALICE, "Umbrage", 5);
    let small = to_field(&mut s, BOB, "Mistcaller Adept");
    let big = to_field(&mut s, BOB, "Archivist of Tides");
    let stalker = to_hand(&mut s, ALICE, "Nightmare Stalker");
    cast(&mut s, ALICE, stalker, vec![]);
    // The Adept (power 1) is the only legal target: the Archivist has power 3.
    resolve(&mut s);
    assert!(s.permanent(small).is_none() && s.permanent(big).is_some());
}

#[test]
fn certamen_card_type_creature_carrion_feaster_grows_when_another_creature_of_yours_dies() {
    let mut s = main_phase(411);
    let feaster = to_field(&mut s, ALICE, "Carrion Feaster");
    let adept = to_field(&mut s, ALICE, "Gravecaller Acolyte");
    to_field(&mut s, BOB, "Emberwake Pillar");
    let bolt = to_hand(&mut s, BOB, "Ember Bolt");
    act(&mut s, ALICE, Action::Pass); // Bob answers in Alice's main phase
    cast(&mut s, BOB, bolt, vec![TargetRef::Permanent(adept)]);
    resolve(&mut s);
    assert!(s.permanent(adept).is_none());
    assert_eq!(s.permanent(feaster).unwrap().counters, 1);
    assert_eq!(power(&s, feaster), 3);
}

#[test]
fn certamen_card_type_rite_altar_of_last_breath_drains_one_when_a_creature_of_yours_dies() {
    let mut s = main_phase(412);
    // The Altar was cast in an earlier turn.
    to_field(&mut s, ALICE, "Altar of Last Breath");
    let imp = to_field(&mut s, ALICE, "Cinder Imp");
    to_field(&mut s, BOB, "Emberwake Pillar");
    let bolt = to_hand(&mut s, BOB, "Ember Bolt");
    act(&mut s, ALICE, Action::Pass); // Bob answers in Alice's main phase
    cast(&mut s, BOB, bolt, vec![TargetRef::Permanent(imp)]);
    resolve(&mut s);
    assert_eq!((s.players[ALICE].vitality, s.players[BOB].vitality), (31, 29));
}

// ── Veilflux ───────────────────────────────────────────────────────────

#[test]
fn certamen_card_type_creature_riddlewing_owl_taps_an_opposing_creature_when_it_enters() {
    let mut s = main_phase(413);
    pillars(&mut s, ALICE, "Veilflux", 3);
    let theirs = to_field(&mut s, BOB, "Magmaback Brute");
    let owl = to_hand(&mut s, ALICE, "Riddlewing Owl");
    cast(&mut s, ALICE, owl, vec![]);
    pass_both(&mut s);
    if s.prompt == Prompt::AbilityTargets {
        act(&mut s, ALICE, Action::ChooseTargets { targets: vec![TargetRef::Permanent(theirs)] });
    }
    resolve(&mut s);
    assert!(s.permanent(theirs).unwrap().tapped);
}

#[test]
fn certamen_card_type_creature_echo_sprite_mills_two_of_the_opponents_archive_when_it_enters() {
    let mut s = main_phase(414);
    pillars(&mut s, ALICE, "Veilflux", 1);
    let archive = s.players[BOB].archive.len();
    let sprite = to_hand(&mut s, ALICE, "Echo Sprite");
    cast(&mut s, ALICE, sprite, vec![]);
    resolve(&mut s);
    assert_eq!(s.players[BOB].archive.len(), archive - 2);
    assert_eq!(s.players[BOB].hollow.len(), 2);
}

#[test]
fn certamen_card_type_creature_archivist_of_tides_returns_an_opposing_creature_to_hand() {
    let mut s = main_phase(415);
    pillars(&mut s, ALICE, "Veilflux", 4);
    let theirs = to_field(&mut s, BOB, "Magmaback Brute");
    let archivist = to_hand(&mut s, ALICE, "Archivist of Tides");
    cast(&mut s, ALICE, archivist, vec![]);
    pass_both(&mut s);
    if s.prompt == Prompt::AbilityTargets {
        act(&mut s, ALICE, Action::ChooseTargets { targets: vec![TargetRef::Permanent(theirs)] });
    }
    resolve(&mut s);
    assert!(s.permanent(theirs).is_none());
    assert!(s.players[BOB].hand.iter().any(|c| c.uid == theirs));
}

#[test]
fn certamen_card_type_creature_hushwing_sovereign_draws_whenever_you_cast_a_spell() {
    let mut s = main_phase(416);
    to_field(&mut s, ALICE, "Hushwing Sovereign");
    pillars(&mut s, ALICE, "Veilflux", 2);
    let theirs = to_field(&mut s, BOB, "Magmaback Brute");
    let recall = to_hand(&mut s, ALICE, "Tidal Recall");
    cast(&mut s, ALICE, recall, vec![TargetRef::Permanent(theirs)]);
    assert!(s.players[ALICE].hand.is_empty());
    resolve(&mut s);
    assert!(s.permanent(theirs).is_none(), "Tidal Recall resolved");
    assert_eq!(s.players[ALICE].hand.len(), 1, "the Sovereign drew a card");
}

#[test]
fn certamen_upkeep_step_veil_of_forgetting_mills_two_of_the_opponents_archive() {
    let mut s = main_phase(417);
    // The Rite was cast in an earlier turn.
    to_field(&mut s, ALICE, "Veil of Forgetting");
    decline_until(&mut s, |s| s.active == BOB && s.step == Step::Main1);
    let archive = s.players[BOB].archive.len();
    assert!(s.players[BOB].hollow.is_empty(), "not at Bob's upkeep");
    decline_until(&mut s, |s| s.active == ALICE && s.step == Step::Draw);
    assert_eq!(s.players[BOB].archive.len(), archive - 2);
    assert_eq!(s.players[BOB].hollow.len(), 2);
}

#[test]
fn certamen_counter_mindlock_prism_counters_a_spell_unless_its_caster_pays_two() {
    for pays in [false, true] {
        let mut s = main_phase(418);
        let prism = to_field(&mut s, BOB, "Mindlock Prism");
        to_field(&mut s, BOB, "Veilflux Pillar");
        pillars(&mut s, ALICE, "Emberwake", if pays { 3 } else { 1 });
        let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
        cast(&mut s, ALICE, bolt, vec![TargetRef::Player(BOB)]);
        act(&mut s, ALICE, Action::Pass);
        let counter = Certamen::legal_actions(&s, BOB)
            .into_iter()
            .find(|a| matches!(a, Action::Activate { permanent, .. } if *permanent == prism))
            .expect("the Prism answers the Bolt");
        act(&mut s, BOB, counter);
        pass_both(&mut s); // the Prism's ability resolves
        if pays {
            assert_eq!(Certamen::legal_actions(&s, ALICE), vec![Action::PayToKeep, Action::DeclineToPay]);
            act(&mut s, ALICE, Action::PayToKeep);
        }
        resolve(&mut s);
        assert!(s.permanent(prism).is_none(), "the Prism was sacrificed");
        assert_eq!(s.players[BOB].vitality, if pays { 27 } else { 30 }, "paid: {pays}");
        assert_eq!(s.players[ALICE].hollow.len(), 1, "the Bolt, countered or resolved");
    }
}

// ── Verdance ───────────────────────────────────────────────────────────

#[test]
fn certamen_card_type_pillar_rootfolk_caller_puts_a_pillar_from_the_archive_onto_the_field_tapped() {
    let mut s = main_phase(419);
    pillars(&mut s, ALICE, "Verdance", 2);
    let before = s.players[ALICE].field.len();
    let caller = to_hand(&mut s, ALICE, "Rootfolk Caller");
    cast(&mut s, ALICE, caller, vec![]);
    resolve(&mut s);
    let new: Vec<_> = s.players[ALICE].field.iter().skip(before + 1).collect();
    assert_eq!(new.len(), 1, "one card came from the Archive");
    let db = db();
    let kind = db.card(db.find(&s.name_of(new[0])).unwrap()).kind;
    assert_eq!(kind, CardType::Pillar, "{}", s.name_of(new[0]));
    assert!(new[0].tapped, "it enters tapped");
}

#[test]
fn certamen_card_type_creature_briarpack_alpha_makes_a_wolf_token_when_it_enters() {
    let mut s = main_phase(420);
    pillars(&mut s, ALICE, "Verdance", 4);
    let alpha = to_hand(&mut s, ALICE, "Briarpack Alpha");
    cast(&mut s, ALICE, alpha, vec![]);
    resolve(&mut s);
    assert_eq!(tokens(&s, ALICE, "Wolf"), 1);
    let wolf = s.players[ALICE].field.iter().find(|p| s.name_of(p) == "Wolf token").unwrap();
    assert_eq!((s.power(wolf), s.vitality(wolf)), (2, 2));
}

// ── Every card with a trigger or a condition has a scenario ─────────────

/// Each card with a trigger or a condition, and the test that plays it
/// (here, or in the files [`SOURCES`] reads).
const SCENARIOS: &[(&str, &str)] = &[
    ("Lumen Acolyte", "certamen_card_type_creature_lumen_acolyte_gains_three_vitality_when_it_enters"),
    (
        "Sanctum Guardian",
        "certamen_combat_sanctum_guardian_gains_one_whenever_a_creature_attacks_its_controller",
    ),
    (
        "Covenant of Retribution",
        "certamen_card_type_rite_covenant_of_retribution_burns_the_attacker_for_each_attack",
    ),
    ("Emberclaw Wolf", "certamen_gang_block_kills_the_attacker"),
    ("Flamecaller Zealot", "certamen_trigger_with_a_choice_asks_its_controller_for_targets"),
    ("Infernal Warlord", "certamen_combat_infernal_warlord_pumps_the_other_creatures_when_it_attacks"),
    (
        "Sparkstorm Elemental",
        "certamen_card_type_rune_sparkstorm_elemental_burns_the_opponent_whenever_a_spell_is_cast",
    ),
    ("Kindling Pyre", "certamen_upkeep_step_triggers_at_your_upkeep_only"),
    (
        "Gravebloom Shaman",
        "certamen_card_type_creature_gravebloom_shaman_returns_a_creature_card_from_the_hollow",
    ),
    ("Gravecaller Acolyte", "certamen_card_type_creature_gravecaller_acolyte_drains_one_when_it_dies"),
    (
        "Bonepicker Ghoul",
        "certamen_card_type_creature_bonepicker_ghoul_returns_a_creature_card_from_the_hollow",
    ),
    ("Duskblade Reaver", "certamen_keyword_dreadmarked_duskblade_reaver_makes_the_player_it_hits_discard"),
    (
        "Nightmare Stalker",
        "certamen_keyword_flickerborn_nightmare_stalker_destroys_a_creature_with_power_two_or_less",
    ),
    (
        "Carrion Feaster",
        "certamen_card_type_creature_carrion_feaster_grows_when_another_creature_of_yours_dies",
    ),
    ("Hollowking's Herald", "return_from_the_hollow_lets_the_player_choose_and_respects_the_cost_limit"),
    (
        "Altar of Last Breath",
        "certamen_card_type_rite_altar_of_last_breath_drains_one_when_a_creature_of_yours_dies",
    ),
    ("Mistcaller Adept", "certamen_enters_trigger_goes_on_the_stack_and_resolves"),
    ("Riddlewing Owl", "certamen_card_type_creature_riddlewing_owl_taps_an_opposing_creature_when_it_enters"),
    (
        "Echo Sprite",
        "certamen_card_type_creature_echo_sprite_mills_two_of_the_opponents_archive_when_it_enters",
    ),
    (
        "Archivist of Tides",
        "certamen_card_type_creature_archivist_of_tides_returns_an_opposing_creature_to_hand",
    ),
    ("Hushwing Sovereign", "certamen_card_type_creature_hushwing_sovereign_draws_whenever_you_cast_a_spell"),
    ("Veil of Forgetting", "certamen_upkeep_step_veil_of_forgetting_mills_two_of_the_opponents_archive"),
    ("Mindlock Prism", "certamen_counter_mindlock_prism_counters_a_spell_unless_its_caster_pays_two"),
    ("Quiet Refusal", "counter_unless_paid_lets_the_controller_choose_to_pay"),
    (
        "Rootfolk Caller",
        "certamen_card_type_pillar_rootfolk_caller_puts_a_pillar_from_the_archive_onto_the_field_tapped",
    ),
    ("Briarpack Alpha", "certamen_card_type_creature_briarpack_alpha_makes_a_wolf_token_when_it_enters"),
    ("Canopy Strider", "simultaneous_triggers_are_ordered_by_their_controller"),
    ("Overgrowth Rite", "simultaneous_triggers_are_ordered_by_their_controller"),
];

/// This file and the files holding the scenarios written before it.
const SOURCES: &[&str] = &[
    include_str!("certamen_card_scenarios.rs"),
    include_str!("certamen_engine.rs"),
    include_str!("certamen_choices.rs"),
    include_str!("certamen_rules.rs"),
];

#[test]
fn certamen_every_card_with_a_trigger_or_a_condition_has_a_scenario() {
    use cardtable::cards::certamen::Ability;
    let db = db();
    let wanted = card_scenarios_support::wanted(db.cards.iter().map(|c| {
        let triggered = c.abilities.iter().any(|a| matches!(a, Ability::Triggered { .. }));
        (c.name.as_str(), triggered, c.text())
    }));
    card_scenarios_support::check(&wanted, SCENARIOS, SOURCES);
}
