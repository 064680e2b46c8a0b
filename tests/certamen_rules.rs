//! Certamen rules not covered rule by rule in `certamen_engine.rs`: the
//! keywords Oathbound, Flickerborn and Overwhelm against a single blocker,
//! the Untap, Upkeep and Draw steps of a whole turn, and winning with an
//! Ultimate.

use cardtable::engine::{Outcome, Rules, Seat};
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
    act(&mut s, ALICE, Action::TapPillar { pillar });
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
