//! Certamen rules not covered rule by rule in `certamen_engine.rs`: the
//! keywords Oathbound, Flickerborn and Overwhelm against a single blocker,
//! the Untap, Upkeep and Draw steps of a whole turn, winning with an
//! Ultimate, the priority windows of every step and combat stage (Runes
//! "at any time you have priority"), and automatic payment.

use cardtable::engine::{Outcome, Rules, Seat};
use cardtable::games::certamen::state::CombatStage;
use cardtable::games::certamen::testing::{act, main_phase, pass_both, to_field, to_hand};
use cardtable::games::certamen::{Action, Certamen, Prompt, State, Step, TargetRef};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);

/// Declines every decision (passes, no attack, no block) until `seat` is
/// active in `step` with priority.
fn advance_to(s: &mut State, seat: Seat, step: Step) {
    for _ in 0..200 {
        if s.active == seat && s.step == step && s.prompt == Prompt::Priority && s.priority == seat {
            return;
        }
        let who = Certamen::to_act(s)[0];
        let a = Certamen::decline(s, who).unwrap_or_else(|| Certamen::legal_actions(s, who)[0].clone());
        act(s, who, a);
    }
    panic!("never reached {step:?} of {seat}'s turn");
}

fn bolts_at(s: &State, seat: Seat) -> Vec<TargetRef> {
    Certamen::legal_actions(s, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Cast { targets, .. } => targets.first().copied(),
            _ => None,
        })
        .collect()
}

#[test]
fn certamen_keyword_oathbound_is_no_target_for_the_opponent_but_is_for_its_controller() {
    let mut s = main_phase(61);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_hand(&mut s, ALICE, "Ember Bolt");
    let bobs = to_field(&mut s, BOB, "Oathsworn Paladin");
    let hers = to_field(&mut s, ALICE, "Oathsworn Paladin");
    let targets = bolts_at(&s, ALICE);
    assert!(
        !targets.contains(&TargetRef::Permanent(bobs)),
        "Bob's Oathbound Paladin cannot be Alice's target"
    );
    assert!(targets.contains(&TargetRef::Permanent(hers)), "her own Oathbound Paladin can");
    assert!(targets.contains(&TargetRef::Player(BOB)), "the Bolt still has other targets");
}

#[test]
fn certamen_keyword_flickerborn_is_cast_in_answer_on_the_opponents_turn() {
    let mut s = main_phase(62);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    for _ in 0..3 {
        to_field(&mut s, BOB, "Veilflux Pillar");
    }
    let sprite = to_hand(&mut s, BOB, "Echo Sprite");
    let drifter = to_hand(&mut s, BOB, "Drifting Seer");
    act(&mut s, ALICE, Action::Cast { card: bolt, targets: vec![TargetRef::Player(BOB)] });
    act(&mut s, ALICE, Action::Pass);
    assert_eq!(s.priority, BOB);
    let legal = Certamen::legal_actions(&s, BOB);
    assert!(
        legal.contains(&Action::Cast { card: sprite, targets: vec![] }),
        "Flickerborn: cast at Rune speed"
    );
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Cast { card, .. } if *card == drifter)),
        "a creature without it waits for Bob's main phase, though he could pay its 2V"
    );
    act(&mut s, BOB, Action::Cast { card: sprite, targets: vec![] });
    assert_eq!(s.stack.len(), 2, "the Sprite goes above the Bolt");
    pass_both(&mut s);
    assert!(s.permanent(sprite).is_some(), "the Sprite resolves first, onto Bob's Livingfield");
    assert_eq!(s.players[BOB].vitality, 30, "the Bolt still waits (under the Sprite's enter trigger)");
    while !s.stack.is_empty() {
        pass_both(&mut s);
    }
    assert_eq!(s.players[BOB].vitality, 27, "then the Bolt deals its 3");
}

#[test]
fn certamen_keyword_overwhelm_carries_excess_damage_past_a_single_blocker() {
    let mut s = main_phase(63);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute"); // 5/3 Overwhelm
    let sprite = to_field(&mut s, BOB, "Echo Sprite"); // 1/1
    pass_both(&mut s);
    assert_eq!(s.step, Step::Combat);
    act(&mut s, ALICE, Action::Attack { creature: brute });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    act(&mut s, BOB, Action::Block { blocker: sprite, attacker: brute });
    act(&mut s, BOB, Action::EndBlocks);
    while s.step == Step::Combat && s.prompt == Prompt::Priority {
        pass_both(&mut s);
    }
    assert!(s.permanent(sprite).is_none(), "1 damage of 5 kills the Sprite");
    assert_eq!(s.players[BOB].vitality, 26, "the other 4 trample over to Bob");
}

#[test]
fn certamen_untap_step_untaps_the_active_players_pillars_and_creatures_only() {
    let mut s = main_phase(64);
    let pillar = to_field(&mut s, ALICE, "Emberwake Pillar");
    let bobs = to_field(&mut s, BOB, "Veilflux Pillar");
    s.permanent_mut(pillar).unwrap().tapped = true;
    s.permanent_mut(bobs).unwrap().tapped = true;
    advance_to(&mut s, BOB, Step::Main1);
    assert!(s.permanent(bobs).is_some_and(|p| !p.tapped), "Bob's Untap step untaps his Pillar");
    assert!(s.permanent(pillar).is_some_and(|p| p.tapped), "but not Alice's");
    advance_to(&mut s, ALICE, Step::Main1);
    assert!(s.permanent(pillar).is_some_and(|p| !p.tapped), "hers untaps in her own Untap step");
}

#[test]
fn certamen_upkeep_step_triggers_at_your_upkeep_only() {
    let mut s = main_phase(65);
    to_field(&mut s, ALICE, "Kindling Pyre"); // at your upkeep: 1 damage to the opponent
    advance_to(&mut s, BOB, Step::Main1);
    assert_eq!(s.players[BOB].vitality, 30, "not at Bob's upkeep");
    advance_to(&mut s, ALICE, Step::Main1);
    assert_eq!(s.players[BOB].vitality, 29, "at Alice's upkeep, Bob takes 1");
}

#[test]
fn certamen_draw_step_draws_one_card_for_the_active_player() {
    let mut s = main_phase(66);
    let (alice, bob) = (s.players[ALICE].hand.len(), s.players[BOB].hand.len());
    advance_to(&mut s, BOB, Step::Main1);
    assert_eq!(s.players[BOB].hand.len(), bob + 1, "Bob draws in his Draw step");
    assert_eq!(s.players[ALICE].hand.len(), alice);
}

#[test]
fn certamen_an_ultimate_that_wins_ends_the_game_for_its_controller() {
    let mut s = main_phase(67);
    let seraphine = to_field(&mut s, ALICE, "Seraphine, Voice of Dawn");
    {
        let p = s.permanent_mut(seraphine).unwrap();
        p.loyalty = 10;
        p.entered_turn = 0;
    }
    assert!(Certamen::legal_actions(&s, ALICE).contains(&Action::Activate {
        permanent: seraphine,
        ability: 2,
        targets: vec![]
    }));
    act(&mut s, ALICE, Action::Activate { permanent: seraphine, ability: 2, targets: vec![] });
    assert!(Certamen::outcome(&s).is_none(), "the Ultimate waits on the Stack like any ability");
    pass_both(&mut s);
    let outcome: Option<Outcome> = Certamen::outcome(&s);
    assert_eq!(outcome.map(|o| o.winners), Some(vec![ALICE]), "Seraphine's Ultimate wins the game");
    assert!(Certamen::to_act(&s).is_empty());
}

/// Every priority stop met while both players pass (and Alice attacks
/// with everything able, Bob blocks nothing) from Alice's Main Phase 1 to
/// Bob's: step, combat stage and the seat holding priority.
fn priority_stops_of_a_turn(s: &mut State) -> Vec<(Step, CombatStage, Seat)> {
    let mut seen = Vec::new();
    for _ in 0..100 {
        if s.active == BOB && s.step == Step::Main1 {
            return seen;
        }
        let who = Certamen::to_act(s)[0];
        let a = match s.prompt {
            Prompt::Priority => {
                seen.push((s.step, s.combat, who));
                Action::Pass
            }
            Prompt::DeclareAttackers => Certamen::legal_actions(s, who)[0].clone(),
            _ => Certamen::decline(s, who).unwrap_or_else(|| Certamen::legal_actions(s, who)[0].clone()),
        };
        act(s, who, a);
    }
    panic!("the turn never ended");
}

#[test]
fn priority_is_given_to_both_players_in_every_step_but_untap_and_in_every_combat_stage() {
    let mut s = main_phase(70);
    to_field(&mut s, ALICE, "Mossback Bruiser");
    to_field(&mut s, BOB, "Grovehorn Stag");
    let stops = priority_stops_of_a_turn(&mut s);
    let both = |active: Seat, step: Step, stage: Option<CombatStage>| {
        let at: Vec<Seat> = stops
            .iter()
            .filter(|(st, cs, _)| *st == step && stage.is_none_or(|x| x == *cs))
            .map(|(_, _, seat)| *seat)
            .collect();
        let other = Seat(1 - active.0);
        assert_eq!(at.first(), Some(&active), "{step:?} {stage:?}: the active player first ({stops:?})");
        assert!(at.contains(&other), "{step:?} {stage:?}: then the other player ({stops:?})");
    };
    both(ALICE, Step::Main1, None);
    both(ALICE, Step::Combat, Some(CombatStage::Declared));
    both(ALICE, Step::Combat, Some(CombatStage::Blocked));
    both(ALICE, Step::Combat, Some(CombatStage::Done));
    both(ALICE, Step::Main2, None);
    both(ALICE, Step::End, None);
    both(BOB, Step::Upkeep, None);
    both(BOB, Step::Draw, None);
    assert!(!stops.iter().any(|(st, _, _)| *st == Step::Untap), "the Untap step gives no priority");
}

#[test]
fn runes_can_be_cast_after_attackers_are_declared() {
    let mut s = main_phase(71);
    let imp = to_field(&mut s, ALICE, "Cinder Imp"); // 1/1
    to_field(&mut s, BOB, "Emberwake Pillar");
    let bolt = to_hand(&mut s, BOB, "Ember Bolt");
    pass_both(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: imp });
    act(&mut s, ALICE, Action::EndAttacks);
    assert_eq!((s.prompt, s.combat, s.priority), (Prompt::Priority, CombatStage::Declared, ALICE));
    act(&mut s, ALICE, Action::Pass);
    let at_imp = Action::Cast { card: bolt, targets: vec![TargetRef::Permanent(imp)] };
    assert!(Certamen::legal_actions(&s, BOB).contains(&at_imp), "Bob answers the attack before blocks");
    act(&mut s, BOB, at_imp);
    pass_both(&mut s);
    assert!(s.permanent(imp).is_none(), "the attacker died before damage");
    while s.step == Step::Combat {
        pass_both(&mut s);
    }
    assert_eq!(s.players[BOB].vitality, 30, "no damage from a dead attacker");
}

#[test]
fn runes_can_be_cast_after_blockers_are_declared_and_change_the_combat() {
    // Without the trick, the 3/3 Bruiser dies on the 4/4 Stag, which lives.
    for trick in [false, true] {
        let mut s = main_phase(72);
        let bruiser = to_field(&mut s, ALICE, "Mossback Bruiser"); // 3/3
        to_field(&mut s, ALICE, "Verdance Pillar");
        let sap = to_hand(&mut s, ALICE, "Surge of Sap"); // +3/+3
        let stag = to_field(&mut s, BOB, "Grovehorn Stag"); // 4/4
        pass_both(&mut s);
        act(&mut s, ALICE, Action::Attack { creature: bruiser });
        act(&mut s, ALICE, Action::EndAttacks);
        pass_both(&mut s);
        act(&mut s, BOB, Action::Block { blocker: stag, attacker: bruiser });
        act(&mut s, BOB, Action::EndBlocks);
        assert_eq!((s.prompt, s.combat, s.priority), (Prompt::Priority, CombatStage::Blocked, ALICE));
        let pump = Action::Cast { card: sap, targets: vec![TargetRef::Permanent(bruiser)] };
        assert!(Certamen::legal_actions(&s, ALICE).contains(&pump), "the attacker may answer the block");
        if trick {
            act(&mut s, ALICE, pump);
            pass_both(&mut s);
        }
        pass_both(&mut s);
        assert_eq!(s.combat, CombatStage::Done);
        assert_eq!(s.permanent(bruiser).is_some(), trick, "the pumped 6/6 survives the Stag's 4");
        assert_eq!(s.permanent(stag).is_none(), trick, "and its 6 kill the Stag");
    }
}

#[test]
fn runes_can_be_cast_by_the_defender_after_blockers_are_declared() {
    let mut s = main_phase(73);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute"); // 5/3 Overwhelm
    let bruiser = to_field(&mut s, BOB, "Mossback Bruiser"); // 3/3
    to_field(&mut s, BOB, "Aetherlight Pillar");
    let bulwark = to_hand(&mut s, BOB, "Divine Bulwark"); // Enduring until end of turn
    pass_both(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: brute });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s);
    act(&mut s, BOB, Action::Block { blocker: bruiser, attacker: brute });
    act(&mut s, BOB, Action::EndBlocks);
    act(&mut s, ALICE, Action::Pass);
    assert_eq!((s.combat, s.priority), (CombatStage::Blocked, BOB), "then the defender, before damage");
    act(&mut s, BOB, Action::Cast { card: bulwark, targets: vec![TargetRef::Permanent(bruiser)] });
    pass_both(&mut s);
    pass_both(&mut s);
    assert!(s.permanent(bruiser).is_some(), "Enduring: the blocker lives through lethal damage");
    assert!(s.permanent(brute).is_none(), "and its 3 kill the Brute");
}

#[test]
fn runes_can_be_cast_after_attacks_even_when_no_creature_can_block() {
    let mut s = main_phase(74);
    let bruiser = to_field(&mut s, ALICE, "Mossback Bruiser");
    pass_both(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: bruiser });
    act(&mut s, ALICE, Action::EndAttacks);
    assert_eq!(s.combat, CombatStage::Declared);
    pass_both(&mut s);
    assert_eq!(
        (s.prompt, s.combat, s.priority),
        (Prompt::Priority, CombatStage::Blocked, ALICE),
        "no blocker is possible: the declaration is empty, the window before damage still opens"
    );
    assert_eq!(s.players[BOB].vitality, 30, "no damage yet");
    pass_both(&mut s);
    assert_eq!(s.players[BOB].vitality, 27);
}

#[test]
fn runes_can_be_cast_in_the_upkeep_draw_and_end_steps() {
    let mut s = main_phase(75);
    to_field(&mut s, BOB, "Emberwake Pillar");
    to_hand(&mut s, BOB, "Ember Bolt");
    advance_to(&mut s, ALICE, Step::End);
    act(&mut s, ALICE, Action::Pass);
    assert_eq!(s.priority, BOB);
    assert!(bolts_at(&s, BOB).contains(&TargetRef::Player(ALICE)), "Bob in Alice's End step");
    for step in [Step::Upkeep, Step::Draw] {
        let mut s = main_phase(75);
        to_field(&mut s, BOB, "Emberwake Pillar");
        to_hand(&mut s, BOB, "Ember Bolt");
        advance_to(&mut s, ALICE, step);
        act(&mut s, ALICE, Action::Pass);
        assert_eq!(s.priority, BOB, "{step:?}");
        assert!(!bolts_at(&s, BOB).is_empty(), "Bob in Alice's {step:?} step");
    }
}

#[test]
fn pillars_are_never_tapped_by_hand_costs_are_paid_automatically() {
    let mut s = main_phase(76);
    let pillar = to_field(&mut s, ALICE, "Emberwake Pillar");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let legal = Certamen::legal_actions(&s, ALICE);
    assert!(!legal.iter().any(|a| matches!(a, Action::TapPillar { .. })), "no manual tap: {legal:?}");
    act(&mut s, ALICE, Action::Cast { card: bolt, targets: vec![TargetRef::Player(BOB)] });
    assert!(s.permanent(pillar).is_some_and(|p| p.tapped), "the cost tapped the Pillar");
}

#[test]
fn a_stored_manual_tap_still_replays() {
    let mut s = main_phase(77);
    let pillar = to_field(&mut s, ALICE, "Emberwake Pillar");
    let bobs = to_field(&mut s, BOB, "Emberwake Pillar");
    act(&mut s, ALICE, Action::TapPillar { pillar });
    assert_eq!(s.players[ALICE].pool.total(), 1, "the tap of an old match log adds its resource");
    assert!(Certamen::apply(&mut s, ALICE, &Action::TapPillar { pillar }).is_err(), "not twice");
    assert!(Certamen::apply(&mut s, ALICE, &Action::TapPillar { pillar: bobs }).is_err(), "not Bob's");
    assert!(
        Certamen::apply(&mut s, BOB, &Action::TapPillar { pillar: bobs }).is_err(),
        "not without priority"
    );
}

#[test]
fn automatic_payment_keeps_the_pillars_the_rest_of_the_hand_needs() {
    let mut s = main_phase(78);
    for _ in 0..3 {
        to_field(&mut s, ALICE, "Veilflux Pillar");
    }
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, ALICE, "Umbrage Pillar");
    let brute = to_hand(&mut s, ALICE, "Magmaback Brute"); // 3E
    to_hand(&mut s, ALICE, "Drifting Seer"); // 2V: one Veilflux needed later
    act(&mut s, ALICE, Action::Cast { card: brute, targets: vec![] });
    let untapped = |s: &State, name: &str| {
        s.players[ALICE].field.iter().filter(|p| s.name_of(p) == name && !p.tapped).count()
    };
    assert_eq!(untapped(&s, "Emberwake Pillar"), 0, "the E pip");
    assert_eq!(untapped(&s, "Umbrage Pillar"), 0, "no card in hand needs Umbrage: it pays");
    assert_eq!(untapped(&s, "Veilflux Pillar"), 1, "and two Veilflux, keeping the one the Seer needs");
}
