//! The Certamen rules engine, rule by rule: setup and mulligan, the seven
//! steps, priority and the Stack, paying costs, effects with targets,
//! combat and its keywords, the end of the game; then seeded random
//! playouts that keep every card accounted for.

use cardtable::engine::{random_playout, GameRng, Rules, Seat, Viewer};
use cardtable::games::certamen::testing::{act, db, main_phase, match_setup, pass_both, to_field, to_hand};
use cardtable::games::certamen::{check_invariants, Action, Certamen, Prompt, State, Step, TargetRef};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);

fn cast(s: &mut State, seat: Seat, card: u32, targets: Vec<TargetRef>) {
    act(s, seat, Action::Cast { card, targets });
}

fn fresh(seed: u64) -> State {
    let db = db();
    Certamen::setup(&match_setup(&db, seed, ["Cinderstorm", "Tides of Thought"]), &db).unwrap()
}

#[test]
fn certamen_setup_deals_seven_cards_and_thirty_vitality() {
    let s = fresh(1);
    for seat in [ALICE, BOB] {
        assert_eq!(s.players[seat].hand.len(), 7);
        assert_eq!(s.players[seat].archive.len(), 53);
        assert_eq!(s.players[seat].vitality, 30);
    }
    check_invariants(&s).unwrap();
}

#[test]
fn certamen_mulligan_to_six_second_player_first() {
    let mut s = fresh(2);
    assert_eq!(Certamen::to_act(&s), vec![BOB], "the second player decides first");
    assert!(Certamen::legal_actions(&s, ALICE).is_empty());
    act(&mut s, BOB, Action::Mulligan);
    assert_eq!(s.players[BOB].hand.len(), 6);
    assert_eq!(Certamen::to_act(&s), vec![ALICE]);
    assert_eq!(Certamen::legal_actions(&s, ALICE), vec![Action::Keep, Action::Mulligan]);
    act(&mut s, ALICE, Action::Keep);
    assert_eq!(s.players[ALICE].hand.len(), 7);
    assert_eq!(s.prompt, Prompt::Priority, "the game starts after both answered, once each");
}

#[test]
fn certamen_first_player_skips_first_draw() {
    let mut s = fresh(3);
    act(&mut s, BOB, Action::Keep);
    act(&mut s, ALICE, Action::Keep);
    assert_eq!((s.turn, s.step, s.active), (1, Step::Upkeep, ALICE));
    pass_both(&mut s);
    assert_eq!(s.step, Step::Draw);
    assert_eq!(s.players[ALICE].hand.len(), 7, "no draw on the first player's first turn");
    while s.active == ALICE {
        pass_both(&mut s);
        if s.prompt == Prompt::Discard {
            unreachable!("seven cards need no discard");
        }
    }
    while s.step != Step::Draw {
        pass_both(&mut s);
    }
    assert_eq!(s.players[BOB].hand.len(), 8, "the second player draws on their first turn");
}

#[test]
fn certamen_steps_run_in_order_when_both_pass_on_an_empty_stack() {
    let mut s = fresh(4);
    act(&mut s, BOB, Action::Keep);
    act(&mut s, ALICE, Action::Keep);
    let mut seen = vec![s.step];
    while s.active == ALICE {
        pass_both(&mut s);
        if s.active == ALICE {
            seen.push(s.step);
        }
    }
    assert_eq!(seen, vec![Step::Upkeep, Step::Draw, Step::Main1, Step::Combat, Step::Main2, Step::End]);
    assert_eq!((s.turn, s.step), (2, Step::Upkeep), "the Untap step gives no priority");
}

#[test]
fn certamen_one_pass_gives_priority_to_the_opponent() {
    let mut s = main_phase(5);
    act(&mut s, ALICE, Action::Pass);
    assert_eq!((s.priority, s.step), (BOB, Step::Main1));
}

#[test]
fn certamen_one_pillar_per_turn() {
    let mut s = main_phase(6);
    let a = to_hand(&mut s, ALICE, "Emberwake Pillar");
    let b = to_hand(&mut s, ALICE, "Emberwake Pillar");
    act(&mut s, ALICE, Action::PlayPillar { card: a });
    assert!(!Certamen::legal_actions(&s, ALICE).contains(&Action::PlayPillar { card: b }));
    assert!(Certamen::apply(&mut s, ALICE, &Action::PlayPillar { card: b }).is_err());
    pass_both(&mut s);
    pass_both(&mut s);
    assert_eq!(s.step, Step::Main2);
    assert!(
        !Certamen::legal_actions(&s, ALICE).contains(&Action::PlayPillar { card: b }),
        "not in Main 2 either"
    );
}

#[test]
fn certamen_pillars_only_in_own_main_phase() {
    let mut s = main_phase(7);
    let p = to_hand(&mut s, BOB, "Veilflux Pillar");
    act(&mut s, ALICE, Action::Pass);
    assert!(!Certamen::legal_actions(&s, BOB).contains(&Action::PlayPillar { card: p }));
}

#[test]
fn certamen_pool_empties_between_steps() {
    let mut s = main_phase(8);
    // A resource an effect added ("add one resource of any pillar").
    s.players[ALICE].pool.pillars[cardtable::cards::certamen::Pillar::Emberwake as usize] = 1;
    assert_eq!(s.players[ALICE].pool.total(), 1);
    pass_both(&mut s);
    assert_eq!(s.step, Step::Combat);
    assert_eq!(s.players[ALICE].pool.total(), 0, "unspent resources are lost");
}

#[test]
fn certamen_costs_need_pillars_of_the_right_colour() {
    let mut s = main_phase(9);
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let wrong = to_field(&mut s, ALICE, "Veilflux Pillar");
    assert!(!Certamen::legal_actions(&s, ALICE).iter().any(|a| matches!(a, Action::Cast { .. })));
    let right = to_field(&mut s, ALICE, "Emberwake Pillar");
    cast(&mut s, ALICE, bolt, vec![TargetRef::Player(BOB)]);
    assert!(s.permanent(right).unwrap().tapped, "paid by tapping the matching Pillar");
    assert!(!s.permanent(wrong).unwrap().tapped);
}

#[test]
fn certamen_generic_cost_is_paid_with_any_colour() {
    let mut s = main_phase(10);
    let imp = to_hand(&mut s, ALICE, "Ashfang Raider");
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, ALICE, "Veilflux Pillar");
    cast(&mut s, ALICE, imp, vec![]);
    pass_both(&mut s);
    assert!(s.permanent(imp).is_some(), "the creature resolved onto the Livingfield");
    assert!(s.players[ALICE].field.iter().filter(|p| p.uid != imp).all(|p| p.tapped));
}

#[test]
fn certamen_stack_resolves_last_in_first_out() {
    let mut s = main_phase(11);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, BOB, "Veilflux Pillar");
    to_field(&mut s, BOB, "Veilflux Pillar");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let unmake = to_hand(&mut s, BOB, "Unmake Thought");
    cast(&mut s, ALICE, bolt, vec![TargetRef::Player(BOB)]);
    act(&mut s, ALICE, Action::Pass);
    cast(&mut s, BOB, unmake, vec![TargetRef::Spell(bolt)]);
    assert_eq!(s.stack.len(), 2);
    pass_both(&mut s);
    assert!(s.stack.is_empty(), "the counter resolved first and took the Bolt with it");
    assert_eq!(s.players[BOB].vitality, 30);
    assert_eq!(s.players[ALICE].hollow.len(), 1);
    assert_eq!(s.players[BOB].hollow.len(), 1);
    assert_eq!(s.step, Step::Main1, "resolving does not end the step");
}

#[test]
fn certamen_a_spell_resolves_when_both_pass() {
    let mut s = main_phase(12);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    cast(&mut s, ALICE, bolt, vec![TargetRef::Player(BOB)]);
    assert_eq!(s.priority, ALICE, "the caster keeps priority");
    pass_both(&mut s);
    assert_eq!(s.players[BOB].vitality, 27);
    assert_eq!(s.priority, ALICE);
}

#[test]
fn certamen_snap_only_in_own_main_phase_with_empty_stack() {
    let mut s = main_phase(13);
    for _ in 0..4 {
        to_field(&mut s, ALICE, "Emberwake Pillar");
    }
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let spark = to_hand(&mut s, ALICE, "Cataclysm Spark");
    let creature = to_field(&mut s, BOB, "Palewater Phantasm");
    let target = to_field(&mut s, BOB, "Gloomwing Skimmer");
    let _ = creature;
    cast(&mut s, ALICE, bolt, vec![TargetRef::Player(BOB)]);
    let casts_spark = |s: &State, seat| {
        Certamen::legal_actions(s, seat)
            .iter()
            .any(|a| matches!(a, Action::Cast { card, .. } if *card == spark))
    };
    assert!(!casts_spark(&s, ALICE), "not with a spell on the Stack");
    pass_both(&mut s);
    assert!(casts_spark(&s, ALICE));
    cast(&mut s, ALICE, spark, vec![TargetRef::Permanent(target)]);
    pass_both(&mut s);
    assert!(s.permanent(target).is_none());
}

/// "Card type — Snap": only during your own Main Phase (the other half,
/// the empty Stack, is the test above). Bob, holding priority on an empty
/// Stack in Alice's main phase, may not cast his Snap; Alice may not in
/// her combat step, and may again in her second main phase.
#[test]
fn certamen_card_type_snap_only_during_your_own_main_phase() {
    let mut s = main_phase(15);
    for seat in [ALICE, BOB] {
        for _ in 0..4 {
            to_field(&mut s, seat, "Emberwake Pillar");
        }
    }
    let alices = to_hand(&mut s, ALICE, "Cataclysm Spark");
    let bobs = to_hand(&mut s, BOB, "Cataclysm Spark");
    // One creature, Bob's, either Spark's target (Alice has none to attack
    // with, so her combat step asks nothing of her).
    to_field(&mut s, BOB, "Gloomwing Skimmer");
    let casts = |s: &State, seat, spark| {
        Certamen::legal_actions(s, seat)
            .iter()
            .any(|a| matches!(a, Action::Cast { card, .. } if *card == spark))
    };
    assert!(casts(&s, ALICE, alices), "Alice's main phase, empty Stack");
    act(&mut s, ALICE, Action::Pass);
    assert_eq!((s.priority, s.step, s.stack.len()), (BOB, Step::Main1, 0));
    assert!(!casts(&s, BOB, bobs), "not in the opponent's main phase");
    act(&mut s, BOB, Action::Pass);
    assert_eq!((s.active, s.step), (ALICE, Step::Combat));
    assert!(!casts(&s, ALICE, alices), "not in her own combat step");
    while s.step != Step::Main2 {
        pass_both(&mut s);
    }
    assert!(casts(&s, ALICE, alices), "her second main phase");
}

#[test]
fn certamen_runes_at_instant_speed_on_the_opponents_turn() {
    let mut s = main_phase(14);
    to_field(&mut s, BOB, "Veilflux Pillar");
    to_field(&mut s, BOB, "Veilflux Pillar");
    let recall = to_hand(&mut s, BOB, "Tidal Recall");
    let raider = to_field(&mut s, ALICE, "Ashfang Raider");
    act(&mut s, ALICE, Action::Pass);
    cast(&mut s, BOB, recall, vec![TargetRef::Permanent(raider)]);
    pass_both(&mut s);
    assert!(s.players[ALICE].hand.iter().any(|c| c.uid == raider), "returned to its owner's hand");
}

#[test]
fn certamen_veilshroud_cannot_be_targeted() {
    let mut s = main_phase(15);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_hand(&mut s, ALICE, "Ember Bolt");
    let phantasm = to_field(&mut s, BOB, "Palewater Phantasm");
    let targets: Vec<TargetRef> = Certamen::legal_actions(&s, ALICE)
        .into_iter()
        .filter_map(|a| match a {
            Action::Cast { targets, .. } => targets.first().copied(),
            _ => None,
        })
        .collect();
    assert!(targets.contains(&TargetRef::Player(BOB)));
    assert!(!targets.contains(&TargetRef::Permanent(phantasm)));
}

#[test]
fn certamen_aegis_costs_two_more_to_target() {
    let mut s = main_phase(16);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let sentinel = to_field(&mut s, BOB, "Thoughtveil Sentinel");
    let offered = |s: &State| {
        Certamen::legal_actions(s, ALICE)
            .contains(&Action::Cast { card: bolt, targets: vec![TargetRef::Permanent(sentinel)] })
    };
    assert!(!offered(&s), "one resource is not enough");
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, ALICE, "Emberwake Pillar");
    assert!(offered(&s));
}

#[test]
fn certamen_damage_kills_a_creature_but_not_an_enduring_one() {
    let mut s = main_phase(17);
    for _ in 0..3 {
        to_field(&mut s, ALICE, "Emberwake Pillar");
    }
    let b1 = to_hand(&mut s, ALICE, "Ember Bolt");
    let b2 = to_hand(&mut s, ALICE, "Ember Bolt");
    let sentinel = to_field(&mut s, BOB, "Lichgate Sentinel");
    let drake = to_field(&mut s, BOB, "Mirror Drake");
    cast(&mut s, ALICE, b1, vec![TargetRef::Permanent(drake)]);
    cast(&mut s, ALICE, b2, vec![TargetRef::Permanent(sentinel)]);
    pass_both(&mut s);
    pass_both(&mut s);
    assert!(s.permanent(sentinel).is_some(), "Enduring is not destroyed by damage");
    assert_eq!(s.permanent(drake).unwrap().damage, 3);
    pass_both(&mut s); // to combat: damage stays until end of turn
    assert_eq!(s.permanent(drake).map(|p| p.damage), Some(3));
}

#[test]
fn certamen_hand_size_seven_at_end_step() {
    let mut s = main_phase(18);
    for _ in 0..9 {
        to_hand(&mut s, ALICE, "Emberwake Pillar");
    }
    s.players[ALICE].pillar_played = true;
    while s.step != Step::End {
        pass_both(&mut s);
    }
    assert_eq!(s.prompt, Prompt::Discard);
    assert_eq!(Certamen::legal_actions(&s, ALICE).len(), 9);
    let c = s.players[ALICE].hand[0].uid;
    act(&mut s, ALICE, Action::Discard { card: c });
    assert_eq!(s.prompt, Prompt::Discard);
    let c = s.players[ALICE].hand[0].uid;
    act(&mut s, ALICE, Action::Discard { card: c });
    assert_eq!(s.prompt, Prompt::Priority);
    assert_eq!((s.players[ALICE].hand.len(), s.players[ALICE].hollow.len()), (7, 2));
}

#[test]
fn certamen_vitality_zero_loses() {
    let mut s = main_phase(19);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    s.players[BOB].vitality = 3;
    cast(&mut s, ALICE, bolt, vec![TargetRef::Player(BOB)]);
    pass_both(&mut s);
    let o = Certamen::outcome(&s).expect("over");
    assert_eq!(o.winners, vec![ALICE]);
    assert!(Certamen::to_act(&s).is_empty());
}

#[test]
fn certamen_drawing_from_an_empty_archive_loses() {
    let mut s = main_phase(20);
    let gone = std::mem::take(&mut s.players[BOB].archive);
    s.players[BOB].exile.extend(gone);
    while Certamen::outcome(&s).is_none() {
        pass_both(&mut s);
    }
    assert_eq!(Certamen::outcome(&s).unwrap().winners, vec![ALICE]);
    assert_eq!((s.active, s.step), (BOB, Step::Draw));
}

#[test]
fn certamen_simultaneous_loss_is_a_draw() {
    let mut s = main_phase(21);
    s.players[ALICE].vitality = 0;
    s.players[BOB].vitality = -2;
    act(&mut s, ALICE, Action::Pass);
    let o = Certamen::outcome(&s).unwrap();
    assert!(o.winners.is_empty(), "{o:?}");
}

#[test]
fn certamen_concession_ends_the_game_at_any_time() {
    let mut s = main_phase(22);
    act(&mut s, ALICE, Action::Pass);
    Certamen::concede(&mut s, ALICE);
    assert_eq!(Certamen::outcome(&s).unwrap().winners, vec![BOB]);
    assert!(Certamen::to_act(&s).is_empty());
}

/// Alice passes to her combat step with `attackers` on her side and `blockers` on Bob's.
fn to_combat(s: &mut State) {
    pass_both(s);
    assert_eq!(s.step, Step::Combat);
}

#[test]
fn certamen_unblocked_attacker_damages_the_defending_player() {
    let mut s = main_phase(23);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute");
    to_combat(&mut s);
    assert_eq!(s.prompt, Prompt::DeclareAttackers);
    act(&mut s, ALICE, Action::Attack { creature: brute });
    assert!(s.permanent(brute).unwrap().tapped, "attacking taps");
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    pass_both(&mut s); // the window after blockers (none could block)
    assert_eq!(s.players[BOB].vitality, 25);
    assert_eq!(s.prompt, Prompt::Priority);
}

#[test]
fn certamen_summoning_sick_creatures_cannot_attack_but_swiftfang_can() {
    let mut s = main_phase(24);
    for _ in 0..5 {
        to_field(&mut s, ALICE, "Emberwake Pillar");
    }
    let wolf = to_hand(&mut s, ALICE, "Emberclaw Wolf");
    let raider = to_hand(&mut s, ALICE, "Ashfang Raider");
    cast(&mut s, ALICE, wolf, vec![]);
    pass_both(&mut s);
    cast(&mut s, ALICE, raider, vec![]);
    pass_both(&mut s);
    to_combat(&mut s);
    let legal = Certamen::legal_actions(&s, ALICE);
    assert!(!legal.contains(&Action::Attack { creature: wolf }));
    assert!(legal.contains(&Action::Attack { creature: raider }));
}

#[test]
fn certamen_steadfast_does_not_tap_and_wardenbound_cannot_attack() {
    let mut s = main_phase(25);
    let bruiser = to_field(&mut s, ALICE, "Mossback Bruiser");
    let warden = to_field(&mut s, ALICE, "Thicket Warden");
    to_combat(&mut s);
    assert!(!Certamen::legal_actions(&s, ALICE).contains(&Action::Attack { creature: warden }));
    act(&mut s, ALICE, Action::Attack { creature: bruiser });
    assert!(!s.permanent(bruiser).unwrap().tapped);
}

#[test]
fn certamen_gang_block_assigns_lethal_damage_in_order() {
    let mut s = main_phase(26);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute"); // 5/3 overwhelm
    let stag = to_field(&mut s, ALICE, "Grovehorn Stag"); // not attacking
    let _ = stag;
    let skimmer = to_field(&mut s, BOB, "Gloomwing Skimmer"); // 2/1
    let seer = to_field(&mut s, BOB, "Drifting Seer"); // 1/3
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: brute });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    assert_eq!(s.prompt, Prompt::DeclareBlockers);
    act(&mut s, BOB, Action::Block { blocker: skimmer, attacker: brute });
    act(&mut s, BOB, Action::Block { blocker: seer, attacker: brute });
    act(&mut s, BOB, Action::EndBlocks);
    pass_both(&mut s); // the window after blockers
    assert_eq!(s.prompt, Prompt::DamageOrder, "the attacking player orders the blockers");
    assert_eq!(Certamen::legal_actions(&s, ALICE).len(), 2);
    act(&mut s, ALICE, Action::OrderBlockers { attacker: brute, order: vec![seer, skimmer] });
    assert!(s.permanent(skimmer).is_none() && s.permanent(seer).is_none(), "1 + 3 lethal of 5");
    assert_eq!(s.players[BOB].vitality, 29, "Overwhelm: the excess 1 reaches Bob");
    assert!(s.permanent(brute).is_none(), "2 + 1 damage back is lethal to a 5/3");
}

#[test]
fn certamen_gang_block_kills_the_attacker() {
    let mut s = main_phase(27);
    let raider = to_field(&mut s, ALICE, "Emberclaw Wolf"); // 2/2, +1/+0 when it attacks
    let a = to_field(&mut s, BOB, "Mistcaller Adept"); // 1/1
    let b = to_field(&mut s, BOB, "Echo Sprite"); // 1/1
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: raider });
    act(&mut s, ALICE, Action::EndAttacks);
    assert_eq!((s.prompt, s.stack.len()), (Prompt::Priority, 1), "the attack trigger waits on the Stack");
    pass_both(&mut s);
    assert_eq!(s.power(s.permanent(raider).unwrap()), 3);
    pass_both(&mut s);
    assert_eq!(s.prompt, Prompt::DeclareBlockers, "blocks come after the attack triggers");
    act(&mut s, BOB, Action::Block { blocker: a, attacker: raider });
    act(&mut s, BOB, Action::Block { blocker: b, attacker: raider });
    act(&mut s, BOB, Action::EndBlocks);
    pass_both(&mut s); // the window after blockers
    act(&mut s, ALICE, Action::OrderBlockers { attacker: raider, order: vec![a, b] });
    assert!(s.permanent(raider).is_none());
    assert!(s.permanent(a).is_none() && s.permanent(b).is_none());
    assert_eq!(
        s.players[BOB].vitality, 30,
        "a blocked attacker without Overwhelm deals no damage to the player"
    );
}

#[test]
fn certamen_skyborne_blocked_only_by_skyborne_or_aegis() {
    let mut s = main_phase(28);
    let drake = to_field(&mut s, ALICE, "Skyfire Drake");
    let ground = to_field(&mut s, BOB, "Palewater Phantasm");
    let flyer = to_field(&mut s, BOB, "Gloomwing Skimmer");
    let aegis = to_field(&mut s, BOB, "Thoughtveil Sentinel");
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: drake });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    let legal = Certamen::legal_actions(&s, BOB);
    assert!(!legal.contains(&Action::Block { blocker: ground, attacker: drake }));
    assert!(legal.contains(&Action::Block { blocker: flyer, attacker: drake }));
    assert!(legal.contains(&Action::Block { blocker: aegis, attacker: drake }));
}

#[test]
fn certamen_blazestride_kills_before_damage_comes_back() {
    let mut s = main_phase(29);
    let raider = to_field(&mut s, ALICE, "Ashfang Raider"); // 2/1 blazestride
    let phantasm = to_field(&mut s, BOB, "Palewater Phantasm"); // 3/2
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: raider });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    act(&mut s, BOB, Action::Block { blocker: phantasm, attacker: raider });
    act(&mut s, BOB, Action::EndBlocks);
    pass_both(&mut s); // the window after blockers
    assert!(s.permanent(phantasm).is_none());
    assert!(s.permanent(raider).is_some(), "the blocker died in the Blazestride window");
}

#[test]
fn certamen_soulbind_gains_the_damage_dealt() {
    let mut s = main_phase(30);
    let squire = to_field(&mut s, ALICE, "Dawnward Squire");
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: squire });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    pass_both(&mut s); // the window after blockers (none could block)
    assert_eq!((s.players[ALICE].vitality, s.players[BOB].vitality), (31, 29));
}

#[test]
fn certamen_damage_and_pumps_end_with_the_turn() {
    let mut s = main_phase(31);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let flash = to_hand(&mut s, ALICE, "Flashfire");
    let wolf = to_field(&mut s, ALICE, "Emberclaw Wolf");
    cast(&mut s, ALICE, flash, vec![TargetRef::Permanent(wolf)]);
    pass_both(&mut s);
    assert_eq!(s.power(s.permanent(wolf).unwrap()), 4);
    while s.active == ALICE {
        pass_both(&mut s);
        if s.prompt == Prompt::DeclareAttackers {
            act(&mut s, ALICE, Action::EndAttacks);
            pass_both(&mut s); // the window after attackers
            pass_both(&mut s); // the window after blockers (none could block)
        }
    }
    assert_eq!(s.power(s.permanent(wolf).unwrap()), 2);
}

#[test]
fn certamen_public_view_shows_no_secret() {
    let s = main_phase(32);
    let text = serde_json::to_string(&Certamen::view(&s, Viewer::Public)).unwrap();
    let secrets = Certamen::secrets(&s, Viewer::Public);
    // Both hands and both libraries are hidden from the public.
    assert!(secrets.len() >= 2, "only {secrets:?} hidden: nothing to check");
    for name in secrets {
        assert!(!text.contains(&name), "{name} leaked");
    }
}

#[test]
fn certamen_determinize_keeps_what_the_seat_sees() {
    let s = fresh(33);
    let mut rng = GameRng::from_seed(9);
    let d = Certamen::determinize(&s, ALICE, &mut rng);
    assert_eq!(Certamen::view(&d, Viewer::Seat(ALICE)), Certamen::view(&s, Viewer::Seat(ALICE)));
    check_invariants(&d).unwrap();
}

const BOOKS: [&str; 5] =
    ["Tides of Thought", "Wildheart Stampede", "Hollow Court", "Dawnspire Bastion", "Cinderstorm"];

fn playout(seed: u64) -> (State, usize, bool) {
    let db = db();
    let books = [BOOKS[seed as usize % 5], BOOKS[(seed as usize / 5 + 1) % 5]];
    let mut setup = match_setup(&db, seed, books);
    setup.first = None;
    let mut s = Certamen::setup(&setup, &db).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0xC0FFEE);
    let p = random_playout::<Certamen>(&mut s, &mut rng, 4000, |s, n| {
        if let Err(e) = check_invariants(s) {
            panic!("seed {seed}, after {n} actions: {e}");
        }
    })
    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    (s, p.actions, p.outcome.is_some())
}

#[test]
fn certamen_random_playouts_keep_every_card_and_end_or_reach_the_cap() {
    let mut finished = 0;
    for seed in 0..50 {
        let (_, _, over) = playout(seed);
        finished += usize::from(over);
    }
    assert!(finished >= 40, "only {finished} of 50 random games ended within the action cap");
}

#[test]
fn certamen_a_seeded_game_replays_identically() {
    let (a, n, _) = playout(7);
    let (b, m, _) = playout(7);
    assert_eq!(n, m);
    assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
}

#[test]
fn certamen_enters_trigger_goes_on_the_stack_and_resolves() {
    let mut s = main_phase(40);
    to_field(&mut s, BOB, "Veilflux Pillar");
    to_field(&mut s, BOB, "Veilflux Pillar");
    let adept = to_hand(&mut s, BOB, "Mistcaller Adept"); // enters: draw a card
    s.active = BOB;
    s.priority = BOB;
    cast(&mut s, BOB, adept, vec![]);
    pass_both(&mut s);
    assert!(s.permanent(adept).is_some());
    assert_eq!(s.stack.len(), 1, "its trigger is on the Stack");
    let hand = s.players[BOB].hand.len();
    pass_both(&mut s);
    assert_eq!(s.players[BOB].hand.len(), hand + 1);
}

#[test]
fn certamen_trigger_with_a_choice_asks_its_controller_for_targets() {
    let mut s = main_phase(41);
    for _ in 0..3 {
        to_field(&mut s, ALICE, "Emberwake Pillar");
    }
    let zealot = to_hand(&mut s, ALICE, "Flamecaller Zealot"); // enters: 2 damage to any target
    let skimmer = to_field(&mut s, BOB, "Gloomwing Skimmer");
    cast(&mut s, ALICE, zealot, vec![]);
    pass_both(&mut s);
    assert_eq!(s.prompt, Prompt::AbilityTargets);
    assert_eq!(Certamen::to_act(&s), vec![ALICE]);
    act(&mut s, ALICE, Action::ChooseTargets { targets: vec![TargetRef::Permanent(skimmer)] });
    pass_both(&mut s);
    assert!(s.permanent(skimmer).is_none());
}

#[test]
fn certamen_surge_taps_once_in_your_main_phase() {
    let mut s = main_phase(42);
    let berserker = to_field(&mut s, ALICE, "Wildfire Berserker"); // Surge: 1 damage to the opponent
    let surge = Action::Activate { permanent: berserker, ability: 0, targets: vec![] };
    assert!(Certamen::legal_actions(&s, ALICE).contains(&surge));
    act(&mut s, ALICE, surge.clone());
    assert!(s.permanent(berserker).unwrap().tapped);
    assert!(!Certamen::legal_actions(&s, ALICE).contains(&surge));
    pass_both(&mut s);
    assert_eq!(s.players[BOB].vitality, 29);
}

#[test]
fn certamen_card_type_rite_stays_on_the_livingfield_after_it_is_cast() {
    // A Rite is cast like any spell, then stays as a permanent: Blazing
    // Banner keeps its +1 power going once it has resolved.
    let mut s = main_phase(47);
    for _ in 0..3 {
        to_field(&mut s, ALICE, "Emberwake Pillar");
    }
    let wolf = to_field(&mut s, ALICE, "Emberclaw Wolf");
    let banner = to_hand(&mut s, ALICE, "Blazing Banner");
    cast(&mut s, ALICE, banner, vec![]);
    assert_eq!(s.power(s.permanent(wolf).unwrap()), 2, "no bonus while the Banner is on the Stack");
    pass_both(&mut s);
    assert!(s.permanent(banner).is_some_and(|p| p.controller == ALICE), "the Rite is on Alice's Livingfield");
    assert!(!s.players[ALICE].hand.iter().any(|c| c.uid == banner));
    assert_eq!(s.power(s.permanent(wolf).unwrap()), 3, "its effect goes on");
}

#[test]
fn certamen_static_bonus_applies_while_its_permanent_stays() {
    let mut s = main_phase(43);
    let wolf = to_field(&mut s, ALICE, "Emberclaw Wolf");
    let skimmer = to_field(&mut s, BOB, "Gloomwing Skimmer");
    let banner = to_field(&mut s, ALICE, "Blazing Banner");
    assert_eq!(s.power(s.permanent(wolf).unwrap()), 3);
    assert_eq!(s.power(s.permanent(skimmer).unwrap()), 2, "only its controller's creatures");
    cardtable::games::certamen::turn::leave(&mut s, banner, cardtable::games::certamen::turn::Leave::Hollow);
    assert_eq!(s.power(s.permanent(wolf).unwrap()), 2);
}

#[test]
fn certamen_ascendant_loyalty_once_per_turn_and_no_minus_the_turn_it_enters() {
    let mut s = main_phase(44);
    for _ in 0..5 {
        to_field(&mut s, ALICE, "Verdance Pillar");
    }
    let aveline = to_hand(&mut s, ALICE, "Thornmother Aveline");
    cast(&mut s, ALICE, aveline, vec![]);
    pass_both(&mut s);
    assert_eq!(s.permanent(aveline).unwrap().loyalty, 4, "enters with its printed loyalty");
    let uses: Vec<usize> = Certamen::legal_actions(&s, ALICE)
        .into_iter()
        .filter_map(|a| match a {
            Action::Activate { permanent, ability, .. } if permanent == aveline => Some(ability),
            _ => None,
        })
        .collect();
    assert!(!uses.contains(&1), "no − ability the turn it entered");
    assert!(!uses.contains(&2), "the Ultimate needs 8 loyalty");
    s.permanent_mut(aveline).unwrap().entered_turn = 0;
    act(&mut s, ALICE, Action::Activate { permanent: aveline, ability: 1, targets: vec![] });
    assert_eq!(s.permanent(aveline).unwrap().loyalty, 2, "the loyalty cost is paid at once");
    pass_both(&mut s);
    assert_eq!(s.players[ALICE].field.iter().filter(|p| s.name_of(p) == "Wolf token").count(), 1);
    assert!(!Certamen::legal_actions(&s, ALICE)
        .iter()
        .any(|a| matches!(a, Action::Activate { permanent, .. } if *permanent == aveline)));
}

#[test]
fn certamen_keyword_swiftfang_lets_an_ascendant_use_its_minus_the_turn_it_enters() {
    // Kaelith has Swiftfang: her − ability (3 damage to any target) is
    // hers on the turn she arrives, and the reminder players read says so.
    let mut s = main_phase(46);
    for _ in 0..4 {
        to_field(&mut s, ALICE, "Emberwake Pillar");
    }
    let kaelith = to_hand(&mut s, ALICE, "Kaelith, Emberwake Tyrant");
    cast(&mut s, ALICE, kaelith, vec![]);
    pass_both(&mut s);
    let minus = Certamen::legal_actions(&s, ALICE).into_iter().find(|a| {
        matches!(a, Action::Activate { permanent, ability: 1, targets } if *permanent == kaelith
            && targets.contains(&TargetRef::Player(BOB)))
    });
    let minus = minus.expect("the − ability at Bob is offered the turn Kaelith enters");
    let before = s.players[BOB].vitality;
    act(&mut s, ALICE, minus);
    pass_both(&mut s);
    assert_eq!(s.players[BOB].vitality, before - 3);
    assert_eq!(s.permanent(kaelith).unwrap().loyalty, 1, "3 loyalty, less 2");
    let reminder = cardtable::cards::certamen::Keyword::Swiftfang.reminder();
    assert!(reminder.contains("minus ability"), "the reminder tells players: {reminder}");
}

#[test]
fn certamen_tokens_cease_to_exist_when_they_leave() {
    let mut s = main_phase(45);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let aveline = to_field(&mut s, BOB, "Thornmother Aveline");
    s.permanent_mut(aveline).unwrap().controller = BOB;
    let wolf_uid = {
        let t = cardtable::cards::certamen::Token {
            name: "Wolf".into(),
            pillar: None,
            power: 3,
            vitality: 3,
            keywords: vec![],
        };
        let e = cardtable::cards::certamen::Effect::CreateToken { count: 1, token: t };
        cardtable::games::certamen::effects::execute(&mut s, BOB, "a test", &e, &[], &mut Vec::new());
        s.players[BOB].field.last().unwrap().uid
    };
    cast(&mut s, ALICE, bolt, vec![TargetRef::Permanent(wolf_uid)]);
    pass_both(&mut s);
    assert!(s.permanent(wolf_uid).is_none());
    check_invariants(&s).unwrap();
    assert!(s.players[BOB].hollow.iter().all(|c| c.uid != wolf_uid), "not in the Hollow");
}

/// Answers every decision with its first legal action until the Stack is
/// empty and priority is back (triggers, targets, passes).
fn settle(s: &mut State) {
    for _ in 0..200 {
        if Certamen::outcome(s).is_some() || (s.stack.is_empty() && s.prompt == Prompt::Priority) {
            return;
        }
        let seat = Certamen::to_act(s)[0];
        let legal = Certamen::legal_actions(s, seat);
        let pass = if legal.contains(&Action::Pass) { &Action::Pass } else { &legal[0] };
        let a = legal.iter().find(|a| matches!(a, Action::ChooseTargets { .. })).unwrap_or(pass).clone();
        act(s, seat, a);
    }
    panic!("the Stack never emptied");
}

#[test]
fn certamen_every_card_of_the_pool_can_be_played() {
    let pool = db();
    for card in &pool.cards {
        let mut s = main_phase(46);
        for pillar in ["Veilflux", "Verdance", "Umbrage", "Aetherlight", "Emberwake"] {
            for _ in 0..8 {
                to_field(&mut s, ALICE, &format!("{pillar} Pillar"));
            }
        }
        to_field(&mut s, ALICE, "Emberclaw Wolf");
        to_field(&mut s, BOB, "Gloomwing Skimmer");
        let tapped = to_field(&mut s, BOB, "Mistcaller Adept");
        s.permanent_mut(tapped).unwrap().tapped = true;
        to_field(&mut s, BOB, "Blazing Banner");
        for _ in 0..5 {
            to_hand(&mut s, BOB, "Veilflux Pillar");
        }
        let uid = to_hand(&mut s, ALICE, &card.name);
        if card
            .effects
            .iter()
            .any(|e| e.targets().iter().any(|t| t.object == cardtable::cards::certamen::Object::Spell))
        {
            let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
            cast(&mut s, ALICE, bolt, vec![TargetRef::Player(BOB)]);
        }
        let legal = Certamen::legal_actions(&s, ALICE);
        let play = legal
            .iter()
            .find(|a| matches!(a, Action::Cast { card, .. } | Action::PlayPillar { card } if *card == uid))
            .unwrap_or_else(|| panic!("{} cannot be played: {legal:?}", card.name))
            .clone();
        act(&mut s, ALICE, play);
        settle(&mut s);
        if let Some(p) = s.permanent_mut(uid) {
            p.entered_turn = 0;
            let uses: Vec<Action> = Certamen::legal_actions(&s, ALICE)
                .into_iter()
                .filter(|a| matches!(a, Action::Activate { permanent, .. } if *permanent == uid))
                .collect();
            for a in uses.into_iter().take(1) {
                act(&mut s, ALICE, a);
                settle(&mut s);
            }
        }
        check_invariants(&s).unwrap_or_else(|e| panic!("{}: {e}", card.name));
    }
}

#[test]
fn certamen_equipped_relic_gives_its_bonus_and_stays_when_the_creature_leaves() {
    let mut s = main_phase(47);
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let gauntlet = to_field(&mut s, ALICE, "Bladeward Gauntlet"); // equip 1: +1/+1
    let wolf = to_field(&mut s, ALICE, "Emberclaw Wolf");
    act(&mut s, ALICE, Action::Equip { relic: gauntlet, creature: wolf });
    let w = s.permanent(wolf).unwrap();
    assert_eq!((s.power(w), s.vitality(w)), (3, 3));
    cardtable::games::certamen::turn::leave(&mut s, wolf, cardtable::games::certamen::turn::Leave::Hollow);
    assert_eq!(s.permanent(gauntlet).unwrap().equipped_to, None, "the Relic stays, unattached");
}

#[test]
fn certamen_dreadmarked_blocked_only_by_umbrage_or_equipped_creatures() {
    let mut s = main_phase(48);
    let shade = to_field(&mut s, ALICE, "Shade of the Hollow"); // dreadmarked
    let plain = to_field(&mut s, BOB, "Gloomwing Skimmer");
    let umbrage = to_field(&mut s, BOB, "Gravecaller Acolyte");
    let equipped = to_field(&mut s, BOB, "Mistcaller Adept");
    let relic = to_field(&mut s, BOB, "Bladeward Gauntlet");
    s.permanent_mut(relic).unwrap().equipped_to = Some(equipped);
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: shade });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    let legal = Certamen::legal_actions(&s, BOB);
    assert!(!legal.contains(&Action::Block { blocker: plain, attacker: shade }));
    assert!(legal.contains(&Action::Block { blocker: umbrage, attacker: shade }));
    assert!(legal.contains(&Action::Block { blocker: equipped, attacker: shade }));
}

#[test]
fn certamen_attacker_chooses_the_damage_order_of_gang_blockers() {
    let mut s = main_phase(50);
    let wolf = to_field(&mut s, ALICE, "Cinder Imp"); // 1/1 swiftfang
    let a = to_field(&mut s, BOB, "Mistcaller Adept"); // 1/1
    let b = to_field(&mut s, BOB, "Echo Sprite"); // 1/1
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: wolf });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    act(&mut s, BOB, Action::Block { blocker: a, attacker: wolf });
    act(&mut s, BOB, Action::Block { blocker: b, attacker: wolf });
    act(&mut s, BOB, Action::EndBlocks);
    pass_both(&mut s); // the window after blockers
    act(&mut s, ALICE, Action::OrderBlockers { attacker: wolf, order: vec![b, a] });
    assert!(s.permanent(b).is_none(), "the first in Alice's order took the damage");
    assert!(s.permanent(a).is_some());
}

#[test]
fn certamen_runes_may_be_cast_between_blazestride_and_regular_damage() {
    let mut s = main_phase(51);
    let raider = to_field(&mut s, ALICE, "Ashfang Raider"); // 2/1 blazestride
    let brute = to_field(&mut s, ALICE, "Magmaback Brute"); // 5/3
    to_field(&mut s, BOB, "Veilflux Pillar");
    to_field(&mut s, BOB, "Veilflux Pillar");
    let recall = to_hand(&mut s, BOB, "Tidal Recall");
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: raider });
    act(&mut s, ALICE, Action::Attack { creature: brute });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    pass_both(&mut s); // the window after blockers (none could block)
    assert_eq!(s.players[BOB].vitality, 28, "only Blazestride damage so far");
    assert_eq!(s.prompt, Prompt::Priority);
    act(&mut s, ALICE, Action::Pass);
    cast(&mut s, BOB, recall, vec![TargetRef::Permanent(brute)]);
    pass_both(&mut s);
    pass_both(&mut s);
    assert_eq!(s.players[BOB].vitality, 28, "the Brute went back to hand before regular damage");
    assert_eq!(s.step, Step::Combat);
}

/// Combat, unblocked attackers: the defender sends each one at the player
/// or an Ascendant, and each hit is reported (loyalty before and after).
#[test]
fn certamen_defender_may_send_unblocked_damage_to_an_ascendant() {
    let mut s = main_phase(52);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute"); // 5/3
    let imp = to_field(&mut s, ALICE, "Cinder Imp"); // 1/1
    let aveline = to_field(&mut s, BOB, "Thornmother Aveline"); // loyalty 4
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: brute });
    act(&mut s, ALICE, Action::Attack { creature: imp });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    pass_both(&mut s); // the window after blockers (none could block)
    assert_eq!(s.prompt, Prompt::AscendantDamage);
    assert_eq!(Certamen::to_act(&s), vec![BOB]);
    let mut ev = events_of(&mut s, BOB, Action::DirectDamage { attacker: brute, ascendant: None });
    ev.extend(events_of(&mut s, BOB, Action::DirectDamage { attacker: imp, ascendant: Some(aveline) }));
    // Each hit is reported: who dealt how much to whom.
    assert!(ev.contains(&"Magmaback Brute deals 5 to Bob.".to_owned()), "{ev:?}");
    assert!(ev.contains(&"Cinder Imp deals 1 to Thornmother Aveline (loyalty 4→3).".to_owned()), "{ev:?}");
    assert_eq!(s.players[BOB].vitality, 25);
    assert_eq!(s.permanent(aveline).unwrap().loyalty, 3);
}

/// Combat, Regular Combat Damage: "all remaining creatures" deal damage
/// after the Blazestride window. A creature given Blazestride between the
/// windows (Flashfire) did not strike first, so it strikes now.
#[test]
fn certamen_regular_damage_a_creature_given_blazestride_after_the_window_still_deals_damage() {
    let mut s = main_phase(53);
    let raider = to_field(&mut s, ALICE, "Ashfang Raider"); // 2/1 blazestride
    let brute = to_field(&mut s, ALICE, "Magmaback Brute"); // 5/3
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let flashfire = to_hand(&mut s, ALICE, "Flashfire");
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: raider });
    act(&mut s, ALICE, Action::Attack { creature: brute });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    pass_both(&mut s); // the window after blockers (none could block)
    assert_eq!(s.players[BOB].vitality, 28, "only the Raider struck first");
    cast(&mut s, ALICE, flashfire, vec![TargetRef::Permanent(brute)]);
    pass_both(&mut s); // Flashfire resolves: the Brute is 7 power with Blazestride
    pass_both(&mut s); // regular damage
    assert_eq!(s.players[BOB].vitality, 21, "the Brute dealt its 7 in the regular pass");
}

/// Keywords, Oathbound: it turns away the opponent's spells and activated
/// abilities, not their triggered abilities. Flamecaller Zealot's
/// "enters" trigger may aim its 2 damage at an Oathbound creature; Ember
/// Bolt (a spell) may not.
#[test]
fn certamen_oathbound_does_not_stop_triggered_abilities() {
    let mut s = main_phase(54);
    for _ in 0..4 {
        to_field(&mut s, ALICE, "Emberwake Pillar");
    }
    let zealot = to_hand(&mut s, ALICE, "Flamecaller Zealot"); // enters: 2 damage to any target
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let paladin = to_field(&mut s, BOB, "Oathsworn Paladin"); // 3/3 Oathbound
    let aimed_at_paladin = |a: &Action| matches!(a, Action::Cast { card, targets } if *card == bolt && targets.contains(&TargetRef::Permanent(paladin)));
    assert!(
        !Certamen::legal_actions(&s, ALICE).iter().any(aimed_at_paladin),
        "a spell of the opponent's cannot target it"
    );
    cast(&mut s, ALICE, zealot, vec![]);
    pass_both(&mut s);
    assert_eq!(s.prompt, Prompt::AbilityTargets);
    let choose = Action::ChooseTargets { targets: vec![TargetRef::Permanent(paladin)] };
    assert!(Certamen::legal_actions(&s, ALICE).contains(&choose), "the trigger may target it");
    act(&mut s, ALICE, choose);
    pass_both(&mut s);
    assert_eq!(s.permanent(paladin).map(|p| p.damage), Some(2), "the trigger resolved on it");
}

/// Combat, Damage Assignment Order: the attacking player orders the
/// blockers of a gang-blocked attacker, whatever their number. With five,
/// the order is asked one blocker at a time, and the last-declared blocker
/// can be put first.
#[test]
fn certamen_damage_assignment_order_of_five_blockers_may_put_any_first() {
    let mut s = main_phase(55);
    let zealot = to_field(&mut s, ALICE, "Flamecaller Zealot"); // 2/2
    let blockers: Vec<u32> = (0..5).map(|_| to_field(&mut s, BOB, "Mistcaller Adept")).collect(); // 1/1 each
    to_combat(&mut s);
    act(&mut s, ALICE, Action::Attack { creature: zealot });
    act(&mut s, ALICE, Action::EndAttacks);
    pass_both(&mut s); // the window after attackers
    for b in &blockers {
        act(&mut s, BOB, Action::Block { blocker: *b, attacker: zealot });
    }
    act(&mut s, BOB, Action::EndBlocks);
    pass_both(&mut s); // the window after blockers
    let wanted = [blockers[4], blockers[2], blockers[0], blockers[3], blockers[1]];
    for n in 1..wanted.len() {
        assert_eq!(s.prompt, Prompt::DamageOrder, "Alice is asked for place {n}");
        let next = Action::OrderBlockers { attacker: zealot, order: wanted[..n].to_vec() };
        let legal = Certamen::legal_actions(&s, ALICE);
        let places = legal.iter().filter(|a| **a != Action::Cancel).count();
        assert_eq!(places, wanted.len() - n + 1, "one choice per blocker not yet placed: {legal:?}");
        assert!(legal.contains(&next), "{next:?} in {legal:?}");
        act(&mut s, ALICE, next);
    }
    assert_ne!(s.prompt, Prompt::DamageOrder, "four places chosen: the fifth is what is left");
    // The Zealot's 2 damage: 1 (lethal) to each of the first two in order.
    for (i, b) in wanted.iter().enumerate() {
        assert_eq!(s.permanent(*b).is_none(), i < 2, "blocker {i} in Alice's order");
    }
}

/// Keywords, Aegis: the opponent pays 2 more to target the creature, or
/// the targeting fails, for a triggered ability as for a spell. Flamecaller
/// Zealot's trigger may aim at Halo Skywarden only when Alice can pay the
/// 2, and choosing it taps 2 more Pillars.
#[test]
fn certamen_aegis_surcharge_is_paid_by_triggered_abilities_too() {
    for (pillars, can_pay) in [(3, false), (5, true)] {
        let mut s = main_phase(56);
        for _ in 0..pillars {
            to_field(&mut s, ALICE, "Emberwake Pillar");
        }
        let zealot = to_hand(&mut s, ALICE, "Flamecaller Zealot"); // 2E; enters: 2 damage to any target
        let warden = to_field(&mut s, BOB, "Halo Skywarden"); // Aegis
        cast(&mut s, ALICE, zealot, vec![]);
        pass_both(&mut s);
        assert_eq!(s.prompt, Prompt::AbilityTargets);
        let at_warden = Action::ChooseTargets { targets: vec![TargetRef::Permanent(warden)] };
        let legal = Certamen::legal_actions(&s, ALICE);
        assert_eq!(legal.contains(&at_warden), can_pay, "{pillars} Pillars: {legal:?}");
        if can_pay {
            let untapped = |s: &State| s.players[ALICE].field.iter().filter(|p| !p.tapped).count();
            let before = untapped(&s);
            act(&mut s, ALICE, at_warden);
            assert_eq!(untapped(&s), before - 2, "2 more resources for Aegis");
            pass_both(&mut s);
            assert_eq!(s.permanent(warden).map(|p| p.damage), Some(2));
        }
    }
}

/// Applies `a` and returns the text of its events.
fn events_of(s: &mut State, seat: Seat, a: Action) -> Vec<String> {
    let ev = Certamen::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
    check_invariants(s).unwrap();
    ev.into_iter().map(|e| e.text).collect()
}

/// Both players pass once; the events of both passes.
fn pass_both_events(s: &mut State) -> Vec<String> {
    let first = s.priority;
    let mut out = events_of(s, first, Action::Pass);
    let second = s.priority;
    out.extend(events_of(s, second, Action::Pass));
    out
}

/// Alice attacks with `attacker`; Bob blocks it with `blockers`; both pass
/// the window after blockers.
fn gang_block(s: &mut State, attacker: u32, blockers: &[u32]) {
    to_combat(s);
    act(s, ALICE, Action::Attack { creature: attacker });
    act(s, ALICE, Action::EndAttacks);
    pass_both(s); // the window after attackers
    for b in blockers {
        act(s, BOB, Action::Block { blocker: *b, attacker });
    }
    act(s, BOB, Action::EndBlocks);
}

fn labels(s: &State, seat: Seat) -> Vec<String> {
    Certamen::legal_actions(s, seat).iter().map(|a| Certamen::describe(s, seat, a).label).collect()
}

/// Combat, Damage Assignment Order: the order is asked one place at a
/// time ("1st: …", "2nd: …"), blockers of one name told apart, with a
/// Cancel once a place is chosen; the last place is what is left, and the
/// order has no answer that declines it (no End turn there).
#[test]
fn certamen_damage_assignment_order_is_asked_one_place_at_a_time() {
    let mut s = main_phase(60);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute"); // 5/3 overwhelm
    let warden = to_field(&mut s, BOB, "Thicket Warden"); // 1/4
    let owl1 = to_field(&mut s, BOB, "Riddlewing Owl"); // 2/3
    let owl2 = to_field(&mut s, BOB, "Riddlewing Owl");
    gang_block(&mut s, brute, &[warden, owl1, owl2]);
    pass_both(&mut s); // the window after blockers
    assert_eq!(s.prompt, Prompt::DamageOrder);
    assert_eq!(Certamen::decline(&s, ALICE), None, "a damage order is no decision to decline");
    let first = labels(&s, ALICE);
    assert_eq!(first, ["1st: Thicket Warden", "1st: Riddlewing Owl #1", "1st: Riddlewing Owl #2"]);
    act(&mut s, ALICE, Action::OrderBlockers { attacker: brute, order: vec![owl2] });
    assert_eq!(s.prompt, Prompt::DamageOrder, "three blockers: the 2nd place is asked");
    assert_eq!(
        labels(&s, ALICE),
        ["2nd: Thicket Warden", "2nd: Riddlewing Owl #1", "Cancel: order again from 1st"]
    );
    act(&mut s, ALICE, Action::Cancel);
    assert_eq!(labels(&s, ALICE).len(), 3, "Cancel asks the 1st place again");
    assert!(labels(&s, ALICE).iter().all(|l| l.starts_with("1st: ")));
    act(&mut s, ALICE, Action::OrderBlockers { attacker: brute, order: vec![owl2] });
    act(&mut s, ALICE, Action::OrderBlockers { attacker: brute, order: vec![owl2, owl1] });
    assert_ne!(s.prompt, Prompt::DamageOrder, "the Warden's 3rd place is what was left");
    // 5 damage: 3 lethal to Owl #2, the rest 2 to Owl #1 (Overwhelm: lethal
    // to each blocker first, the excess to Bob: none after 3 + 3 > 5).
    assert!(s.permanent(owl2).is_none(), "the 1st in order took lethal damage");
    assert_eq!(s.permanent(owl1).map(|p| p.damage), Some(2));
    assert_eq!(s.permanent(warden).map(|p| p.damage), Some(0));
}

/// Every label one decision offers is different and fits a button: five
/// blockers, four of one name, at each place of the damage order.
#[test]
fn certamen_damage_order_labels_of_five_blockers_differ_and_fit() {
    let mut s = main_phase(61);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute");
    let blockers: Vec<u32> =
        ["Riddlewing Owl", "Riddlewing Owl", "Thicket Warden", "Riddlewing Owl", "Riddlewing Owl"]
            .iter()
            .map(|n| to_field(&mut s, BOB, n))
            .collect();
    gang_block(&mut s, brute, &blockers);
    pass_both(&mut s);
    let mut order = Vec::new();
    while s.prompt == Prompt::DamageOrder {
        let l = labels(&s, ALICE);
        let mut unique = l.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), l.len(), "two answers share a label: {l:?}");
        assert!(l.iter().all(|x| x.chars().count() <= 80), "{l:?}");
        let next = *blockers.iter().rev().find(|b| !order.contains(*b)).unwrap();
        order.push(next);
        act(&mut s, ALICE, Action::OrderBlockers { attacker: brute, order: order.clone() });
    }
    assert_eq!(order.len(), 4, "four places asked, the fifth left");
}

/// A match stored before the order was asked one place at a time holds
/// whole orders: they still apply.
#[test]
fn certamen_a_stored_whole_damage_order_still_replays() {
    let mut s = main_phase(62);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute");
    let a = to_field(&mut s, BOB, "Thicket Warden");
    let b = to_field(&mut s, BOB, "Drifting Seer");
    let c = to_field(&mut s, BOB, "Riddlewing Owl");
    gang_block(&mut s, brute, &[a, b, c]);
    pass_both(&mut s);
    act(&mut s, ALICE, Action::OrderBlockers { attacker: brute, order: vec![c, b, a] });
    assert_ne!(s.prompt, Prompt::DamageOrder);
    assert!(s.permanent(c).is_none(), "the Owl was first: 3 lethal");
    assert_eq!(s.permanent(b).map(|p| p.damage), Some(2));
}

/// Combat Sequence, Regular Combat Damage: each battle is told in one
/// event, who dealt how much to whom, both ways.
#[test]
fn certamen_combat_damage_is_reported_per_battle() {
    let mut s = main_phase(63);
    let brute = to_field(&mut s, ALICE, "Magmaback Brute"); // 5/3 overwhelm
    let warden = to_field(&mut s, BOB, "Thicket Warden"); // 1/4
    gang_block(&mut s, brute, &[warden]);
    let ev = pass_both_events(&mut s);
    // Too long for one line of two: told in two events.
    let want = [
        "Magmaback Brute deals 4 to Thicket Warden and 1 to Bob.",
        "Thicket Warden deals 1 to Magmaback Brute.",
    ];
    assert!(want.iter().all(|w| ev.contains(&(*w).to_owned())), "{ev:?}");
    assert!(ev.iter().all(|e| e.chars().count() < 80), "{ev:?}");

    let mut s = main_phase(66);
    let imp = to_field(&mut s, ALICE, "Cinder Imp"); // 1/1
    let seer = to_field(&mut s, BOB, "Drifting Seer"); // 1/3
    gang_block(&mut s, imp, &[seer]);
    let ev = pass_both_events(&mut s);
    assert!(
        ev.contains(&"Cinder Imp deals 1 to Drifting Seer; Drifting Seer deals 1 back.".to_owned()),
        "{ev:?}"
    );
}

/// Triggered vs. Activated Abilities: a trigger resolving says what it
/// did ("Flamecaller Zealot resolves", then who it dealt damage to), and
/// so does a spell.
#[test]
fn certamen_trigger_and_spell_damage_is_reported_after_it_resolves() {
    let mut s = main_phase(65);
    for _ in 0..4 {
        to_field(&mut s, ALICE, "Emberwake Pillar");
    }
    let zealot = to_hand(&mut s, ALICE, "Flamecaller Zealot");
    let owl = to_field(&mut s, BOB, "Riddlewing Owl");
    cast(&mut s, ALICE, zealot, vec![]);
    pass_both(&mut s); // the Zealot resolves; its trigger asks for a target
    act(&mut s, ALICE, Action::ChooseTargets { targets: vec![TargetRef::Player(BOB)] });
    let ev = pass_both_events(&mut s);
    let at = ev.iter().position(|e| e == "Flamecaller Zealot resolves").expect("the trigger resolves");
    assert_eq!(ev.get(at + 1).map(String::as_str), Some("Flamecaller Zealot deals 2 to Bob."), "{ev:?}");
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    cast(&mut s, ALICE, bolt, vec![TargetRef::Permanent(owl)]);
    let ev = pass_both_events(&mut s);
    assert!(ev.contains(&"Ember Bolt deals 3 to Riddlewing Owl.".to_owned()), "{ev:?}");
}
