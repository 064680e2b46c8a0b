//! Setup and the sequence of play, step by step (1 Regroup … 8 End).

use cardtable::cards::spheres::Zone;
use cardtable::engine::{GameRng, MatchSetup, Rules, Seat, SeatSetup};
use cardtable::games::spheres::setup::deal;
use cardtable::games::spheres::testing::{
    act, attack, click, demo_deck, demo_pool, labels, names, public, Table,
};
use cardtable::games::spheres::{card_count, Action, Prompt, SiegeTarget, Spheres, Step};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn setup(seed: u64) -> MatchSetup {
    MatchSetup {
        variant: None,
        seed,
        seats: vec![
            SeatSetup { name: "Alice".into(), deck_name: "a".into(), deck: demo_deck(0) },
            SeatSetup { name: "Bob".into(), deck_name: "b".into(), deck: demo_deck(1) },
        ],
        first: None,
        ..Default::default()
    }
}

#[test]
fn spheres_setup_deals_five_towers_and_five_hand_cards() {
    let s = cardtable::games::spheres::setup::setup(&setup(5), &demo_pool()).unwrap();
    for seat in [A, B] {
        assert_eq!(s.lords[seat].towers.len(), 5);
        assert_eq!(s.lords[seat].hand.len(), 5);
        assert_eq!(s.lords[seat].deck.len(), 38);
        assert_eq!(card_count(&s, seat), 48);
    }
    assert_eq!(s.turn.number, 1);
    assert_eq!(s.turn.step, Step::Crystal, "the first lord starts at the crystal step");
}

#[test]
fn spheres_setup_first_player_reveals_the_higher_creature_cost() {
    let db = demo_pool();
    let golem = db.find("Brass Golem").unwrap(); // creature cost 4
    let engineer = db.find("Aether Engineer").unwrap(); // creature cost 1
    let names = vec!["Alice".to_string(), "Bob".to_string()];
    let s = deal(&db, GameRng::from_seed(1), &names, vec![vec![engineer; 48], vec![golem; 48]], None);
    assert_eq!(s.turn.active, B);
    let s = deal(&db, GameRng::from_seed(1), &names, vec![vec![golem; 48], vec![engineer; 48]], None);
    assert_eq!(s.turn.active, A);
}

#[test]
fn spheres_setup_split_ties_are_broken_by_spell_cost() {
    let db = demo_pool();
    // Both creatures cost 2; Gear Storm (2) beats Wild Growth (1).
    let sentry = db.find("Clockwork Sentry").unwrap();
    let golem = db.find("Stone Golem").unwrap();
    let names = vec!["Alice".to_string(), "Bob".to_string()];
    let s = deal(&db, GameRng::from_seed(9), &names, vec![vec![golem; 48], vec![sentry; 48]], None);
    assert_eq!(s.turn.active, B);
}

#[test]
fn spheres_setup_1_in_a_rematch_the_first_turn_passes_clockwise_without_a_reveal() {
    let db = demo_pool();
    let golem = db.find("Brass Golem").unwrap(); // creature cost 4
    let engineer = db.find("Aether Engineer").unwrap(); // creature cost 1
    let names = vec!["Alice".to_string(), "Bob".to_string()];
    // Alice's reveal would win; the rematch gives Bob the first turn.
    let s = deal(&db, GameRng::from_seed(1), &names, vec![vec![golem; 48], vec![engineer; 48]], Some(B));
    assert_eq!(s.turn.active, B);
    assert_eq!(s.turn.first, B);
    let opening = s.opening.as_deref().unwrap();
    assert_eq!(opening, "Bob starts: in a rematch the first turn passes clockwise.");
}

#[test]
fn spheres_setup_refuses_a_deck_that_breaks_construction_rules() {
    let mut m = setup(1);
    m.seats[0].deck.pop();
    let err = cardtable::games::spheres::setup::setup(&m, &demo_pool()).unwrap_err();
    assert!(err.to_string().contains("exactly 48"), "{err}");
}

#[test]
fn spheres_1_regroup_readies_creatures_and_fires_regroup_triggers() {
    let mut t = Table::new();
    t.creature_with(A, "Veil Oracle", |c| c.engaged = true)
        .deck(A, &["Stone Golem", "Mist Wraith"])
        .hand(A, &["Plague Rat"])
        .step(Step::Regroup);
    let (s, ev) = t.build_with_events();
    assert!(!s.lords[A].battlefield[0].engaged);
    assert_eq!(names(&s, A, Zone::Groove), vec!["Stone Golem"], "Veil Oracle energized the top card");
    assert!(public(&ev).iter().any(|e| e.contains("regroups")));
    assert_eq!(s.turn.step, Step::Crystal);
}

#[test]
fn spheres_2_cure_discards_a_crystal_of_the_afflicted_creatures_sphere() {
    let mut t = Table::new();
    t.creature_with(A, "Stone Golem", |c| c.afflicted = true)
        .vault(A, &["Ember Drake", "Forest Stalker"])
        .hand(A, &["Plague Rat"])
        .step(Step::Cure);
    let mut s = t.build();
    let l = labels(&s, A);
    assert_eq!(l, vec!["Cure Stone Golem (Nature crystal)", "Skip cure"]);
    click(&mut s, A, "Cure Stone Golem");
    assert!(!s.lords[A].battlefield[0].afflicted);
    assert_eq!(names(&s, A, Zone::Vault), vec!["Ember Drake"]);
    assert_eq!(names(&s, A, Zone::Trash), vec!["Forest Stalker"]);
    assert_eq!(s.turn.step, Step::Crystal, "nothing left to cure: on to step 3");
}

#[test]
fn spheres_3_crystal_puts_a_hand_card_in_the_vault() {
    let mut t = Table::new();
    t.hand(A, &["Ember Drake", "Plague Rat"]).step(Step::Crystal);
    let mut s = t.build();
    let ev = click(&mut s, A, "Crystallize Ember Drake (Chaos)");
    assert_eq!(names(&s, A, Zone::Vault), vec!["Ember Drake"]);
    assert!(public(&ev).contains(&"Alice crystallizes a Chaos card".to_string()));
    assert!(!public(&ev).iter().any(|e| e.contains("Ember Drake")), "the crystal's name stays hidden");
    assert_eq!(s.turn.step, Step::Main);
}

#[test]
fn spheres_3_dual_sphere_crystal_skips_step_4() {
    let mut t = Table::new();
    t.hand(A, &["Twilight Sage", "Plague Rat", "Ember Drake"]).vault(A, &["Siege Ogre"]).step(Step::Crystal);
    let mut s = t.build();
    click(&mut s, A, "Crystallize Twilight Sage (Spirit/Chaos)");
    assert_eq!(s.turn.step, Step::Discard, "no casting, no second crystal, no attacker: discard step");
}

#[test]
fn spheres_4a_second_crystal_locks_mana_for_the_turn() {
    let mut t = Table::new();
    t.hand(A, &["Ember Drake", "Stone Golem", "Plague Rat"])
        .vault(A, &["Siege Ogre", "Chaos Imp"])
        .step(Step::Crystal);
    let mut s = t.build();
    click(&mut s, A, "Crystallize Stone Golem");
    assert!(labels(&s, A).iter().any(|l| l == "Summon Plague Rat (1)"));
    click(&mut s, A, "Crystallize Ember Drake");
    assert!(s.turn.mana_locked);
    assert_eq!(s.mana_left(), 0);
    assert_eq!(s.turn.step, Step::Discard);
}

#[test]
fn spheres_4a_never_two_crystals_of_one_sphere_in_a_turn() {
    let mut t = Table::new();
    t.hand(A, &["Ember Drake", "Plague Rat", "Stone Golem"]).step(Step::Crystal);
    let mut s = t.build();
    click(&mut s, A, "Crystallize Ember Drake");
    let l = labels(&s, A);
    assert!(!l.iter().any(|l| l.starts_with("Crystallize Plague Rat")), "{l:?}");
    assert!(l.iter().any(|l| l.starts_with("Crystallize Stone Golem")), "{l:?}");
}

#[test]
fn spheres_4a_not_on_the_first_lords_first_turn() {
    let mut t = Table::new();
    t.hand(A, &["Ember Drake", "Stone Golem"]).turn_with(|t| t.number = 1).step(Step::Crystal);
    let mut s = t.build();
    click(&mut s, A, "Crystallize Ember Drake");
    assert!(!labels(&s, A).iter().any(|l| l.starts_with("Crystallize")));
}

#[test]
fn spheres_4a_is_refused_once_something_was_cast() {
    let mut t = Table::new();
    t.hand(A, &["Ember Drake", "Plague Rat", "Stone Golem"]).vault(A, &["Chaos Imp"]).step(Step::Crystal);
    let mut s = t.build();
    click(&mut s, A, "Crystallize Ember Drake");
    click(&mut s, A, "Summon Plague Rat");
    assert!(!labels(&s, A).iter().any(|l| l.starts_with("Crystallize")));
}

#[test]
fn spheres_4b_casting_needs_mana_and_a_crystal_of_the_sphere() {
    let mut t = Table::new();
    t.hand(A, &["Ember Drake", "Stone Golem", "Brass Golem"])
        .vault(A, &["Chaos Imp", "Plague Rat", "Siege Ogre"]);
    let s = t.build();
    let l = labels(&s, A);
    assert!(l.contains(&"Summon Ember Drake (3)".to_string()), "{l:?}");
    assert!(l.contains(&"Cast Fireball (2)".to_string()));
    assert!(
        !l.iter().any(|l| l.contains("Stone Golem") || l.contains("Wild Growth")),
        "no Nature crystal: {l:?}"
    );
    assert!(!l.iter().any(|l| l.contains("Brass Golem")), "4 mana is too much");
}

#[test]
fn spheres_4b_mana_spent_persists_across_casts() {
    let mut t = Table::new();
    t.hand(A, &["Plague Rat", "Chaos Imp", "Ember Drake"])
        .vault(A, &["Siege Ogre", "Siege Ogre", "Siege Ogre"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Chaos Imp (2)");
    assert_eq!(s.mana_left(), 1);
    let l = labels(&s, A);
    assert!(l.contains(&"Summon Plague Rat (1)".to_string()));
    assert!(!l.iter().any(|l| l.contains("Ember Drake")), "{l:?}");
}

#[test]
fn spheres_4b_summoned_creatures_are_dizzy() {
    let mut t = Table::new();
    t.hand(A, &["Chaos Imp", "Plague Rat"]).vault(A, &["Siege Ogre", "Siege Ogre"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Chaos Imp");
    assert!(s.lords[A].battlefield[0].dizzy);
    assert_eq!(s.turn.step, Step::Discard, "no mana left, and a dizzy creature cannot attack");
    assert!(!labels(&s, A).iter().any(|l| l.starts_with("Attack")));
}

#[test]
fn spheres_4b_instant_spells_go_to_the_trash_active_spells_stay() {
    let mut t = Table::new();
    t.hand(A, &["Temple Guardian", "Stone Golem", "Plague Rat"])
        .vault(A, &["Soul Healer", "Soul Healer", "Forest Stalker", "Forest Stalker"])
        .deck(A, &["Ember Drake"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Blessing of Light (2)");
    assert_eq!(names(&s, A, Zone::Spells), vec!["Blessing of Light"]);
    click(&mut s, A, "Cast Wild Growth (1)");
    assert_eq!(names(&s, A, Zone::Trash), vec!["Stone Golem"]);
    assert_eq!(names(&s, A, Zone::Vault).len(), 5, "Wild Growth crystallized the top card");
}

#[test]
fn spheres_4b_attach_spells_go_under_one_of_the_casters_creatures() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature(A, "Plague Rat")
        .hand(A, &["Aether Engineer", "Stone Golem"])
        .vault(A, &["Brass Golem"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Overclock (1)");
    assert!(matches!(s.prompt, Some(Prompt::Host { .. })));
    click(&mut s, A, "Attach to Plague Rat");
    assert_eq!(s.lords[A].battlefield[1].attached.len(), 1);
    // Overclock: +2 strength and swift.
    let v = Spheres::view(&s, cardtable::engine::Viewer::Public);
    assert!(v.seats[0].zones[0].cards[1].detail.starts_with("str 3"), "{:?}", v.seats[0].zones[0].cards[1]);
}

#[test]
fn spheres_4b_attach_spells_need_a_creature_of_their_own_lord() {
    let mut t = Table::new();
    t.creature(B, "Chaos Imp").hand(A, &["Aether Engineer", "Stone Golem"]).vault(A, &["Brass Golem"]);
    let s = t.build();
    assert!(!labels(&s, A).iter().any(|l| l.contains("Overclock")));
}

#[test]
fn spheres_4b_inverted_cost_enters_face_down_as_a_generic_creature() {
    let mut t = Table::new();
    t.hand(A, &["Glimmer Drake", "Plague Rat"]).vault(A, &["Mist Wraith", "Mist Wraith", "Mist Wraith"]);
    let mut s = t.build();
    let ev = click(&mut s, A, "Summon Glimmer Drake face down (3)");
    let c = &s.lords[A].battlefield[0];
    assert!(c.face_down);
    assert_eq!(cardtable::games::spheres::abilities::strength(&s, c.uid), 2);
    assert!(public(&ev).contains(&"Alice summons a face-down Ether creature".to_string()), "{ev:?}");
    assert!(!public(&ev).iter().any(|e| e.contains("Glimmer")));
}

#[test]
fn spheres_4b_inverted_spell_half_is_played_face_down() {
    let mut t = Table::new();
    t.hand(A, &["Twilight Sage", "Plague Rat"]).vault(A, &["Soul Healer", "Soul Healer", "Soul Healer"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Dusk Pact face down (3)");
    assert!(s.lords[A].battlefield[0].face_down);
    assert_eq!(s.mana_left(), 0);
}

#[test]
fn spheres_5a_attack_targets_are_engaged_creatures_or_the_fortress() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature_with(B, "Stone Golem", |c| c.engaged = true)
        .creature(B, "Plague Rat")
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let s = t.build();
    let l = labels(&s, A);
    assert_eq!(
        l,
        vec!["Attack with Chaos Imp → fortress", "Attack with Chaos Imp → Stone Golem", "End attacks"]
    );
}

#[test]
fn spheres_5a_the_attacker_engages() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature(B, "Plague Rat")
        .towers(B, &["Stone Golem"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    assert!(s.lords[A].battlefield[0].engaged);
    assert!(matches!(s.prompt, Some(Prompt::Block { defender: B })));
}

#[test]
fn spheres_5b_blocking_engages_the_blocker_and_fights_it() {
    let mut t = Table::new();
    t.creature(A, "Plague Rat")
        .creature(A, "Chaos Imp")
        .creature(B, "Stone Golem")
        .towers(B, &["Mist Wraith"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    let ev = click(&mut s, B, "Block with Stone Golem");
    // Chaos Imp: 2 + 2 attacking = 4; Stone Golem: 3 + 1 alone = 4: both destroyed.
    assert!(public(&ev).iter().any(|e| e.contains("Chaos Imp (4) against Stone Golem (4)")), "{ev:?}");
    assert_eq!(names(&s, B, Zone::Groove), vec!["Stone Golem"]);
    assert_eq!(names(&s, A, Zone::Groove), vec!["Chaos Imp"]);
    assert_eq!(s.lords[B].towers.len(), 1, "a blocked siege breaks nothing");
}

#[test]
fn spheres_5c1_the_weaker_creature_goes_to_its_owners_groove_and_its_attachments_to_the_trash() {
    let mut t = Table::new();
    t.creature(A, "Brass Golem")
        .creature_with(B, "Chaos Imp", |c| c.engaged = true)
        .attach(B, 0, "Overclock")
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Brass Golem → Chaos Imp");
    assert_eq!(names(&s, B, Zone::Groove), vec!["Chaos Imp"]);
    assert_eq!(names(&s, B, Zone::Trash), vec!["Aether Engineer"], "Overclock's card went to the trash");
    assert_eq!(s.lords[A].battlefield.len(), 1);
}

#[test]
fn spheres_5c1_resolute_wins_ties() {
    let mut t = Table::new();
    t.creature(A, "Clockwork Sentry")
        .creature_with(B, "Ghost Knight", |c| c.engaged = true)
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Clockwork Sentry → Ghost Knight");
    assert_eq!(s.lords[A].battlefield.len(), 1);
    assert_eq!(s.lords[B].battlefield.len(), 0);
}

#[test]
fn spheres_5c1_afflicted_creatures_fight_at_half_strength_bonuses_included() {
    let mut t = Table::new();
    // Brass Golem defending: (5 + 2) / 2 = 3 when afflicted; Ember Drake 4 wins.
    t.creature(A, "Ember Drake")
        .creature_with(B, "Brass Golem", |c| {
            c.engaged = true;
            c.afflicted = true;
        })
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Ember Drake → Brass Golem");
    let ev = click(&mut s, A, "Skip"); // Ember Drake's optional afflict
    assert!(public(&ev).iter().any(|e| e.contains("Ember Drake (4) against Brass Golem (3)")), "{ev:?}");
    assert_eq!(s.lords[B].battlefield.len(), 0);
}

#[test]
fn spheres_5c2_tower_destroyed_energizes_a_second_card() {
    let mut t = Table::new();
    t.creature(A, "Ember Drake")
        .towers(B, &["Mist Wraith", "Veil Oracle"])
        .deck(B, &["Stone Golem", "Plague Rat"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    let ev = attack(&mut s, A, "Attack with Ember Drake → fortress");
    assert_eq!(s.lords[B].towers.len(), 1);
    assert_eq!(names(&s, B, Zone::Groove), vec!["Veil Oracle", "Stone Golem"]);
    assert_eq!(names(&s, B, Zone::Deck), vec!["Plague Rat"]);
    assert!(!public(&ev).iter().any(|e| e.contains("Veil Oracle") || e.contains("Stone Golem")), "{ev:?}");
}

#[test]
fn spheres_5c2_the_attacker_chooses_a_tower_or_an_active_spell() {
    let mut t = Table::new();
    t.creature(A, "Ember Drake")
        .towers(B, &["Mist Wraith"])
        .spells(B, &["Temple Guardian"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Ember Drake → fortress");
    assert_eq!(labels(&s, A), vec!["Destroy a tower", "Destroy Blessing of Light"]);
    act(&mut s, A, Action::Siege { target: SiegeTarget::Spell(0) });
    assert!(s.lords[B].spells.is_empty());
    assert_eq!(names(&s, B, Zone::Groove), vec!["Temple Guardian"]);
    assert_eq!(s.lords[B].towers.len(), 1);
}

#[test]
fn spheres_5c2_with_no_tower_left_the_siege_wins_whatever_spells_stand() {
    let mut t = Table::new();
    t.creature(A, "Ember Drake").spells(B, &["Temple Guardian"]).hand(A, &["Plague Rat"]).step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Ember Drake → fortress");
    let o = s.outcome.clone().expect("no tower left to destroy: the attacker wins");
    assert_eq!(o.winners, vec![A]);
    assert_eq!(s.lords[B].spells.len(), 1, "the active spell did not shield the lord");
}

#[test]
fn spheres_5c2_sieging_an_empty_fortress_wins() {
    let mut t = Table::new();
    t.creature(A, "Ember Drake").hand(A, &["Plague Rat"]).step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Ember Drake → fortress");
    let o = s.outcome.clone().expect("game over");
    assert_eq!(o.winners, vec![A]);
    assert!(Spheres::to_act(&s).is_empty());
}

#[test]
fn spheres_5c2_siege_static_destroys_one_more() {
    let mut t = Table::new();
    t.creature(A, "Siege Ogre")
        .towers(B, &["Mist Wraith", "Mist Wraith", "Mist Wraith"])
        .deck(A, &["Stone Golem", "Stone Golem"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Siege Ogre → fortress");
    assert_eq!(s.lords[B].towers.len(), 1);
    assert_eq!(s.lords[A].hand.len(), 3, "its siege trigger drew a card per tower");
}

#[test]
fn spheres_5d_retaliation_pays_groove_energy_including_one_of_the_spells_sphere() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .towers(B, &["Mist Wraith"])
        .deck(B, &["Stone Golem"])
        .groove(B, &["Plague Rat"])
        .hand(B, &["Ember Drake", "Clockwork Sentry"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    // Bob's groove: Plague Rat (Chaos), Mist Wraith, Stone Golem. Fireball needs Chaos: yes.
    // Gear Storm needs Science: no.
    assert_eq!(labels(&s, B), vec!["Retaliate: Fireball (2 energy)", "Pass"]);
    click(&mut s, B, "Retaliate: Fireball");
    assert!(s.lords[A].battlefield.is_empty(), "Fireball destroyed the engaged attacker");
    assert_eq!(s.lords[B].groove.len(), 1);
    assert_eq!(s.lords[B].trash.len(), 3, "two energy and the spell went to the trash");
    assert!(names(&s, B, Zone::Trash).contains(&"Plague Rat".to_string()));
}

#[test]
fn spheres_5d_one_card_per_retaliation_window() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature(A, "Stone Golem")
        .towers(B, &["Mist Wraith", "Mist Wraith"])
        .deck(B, &["Plague Rat", "Plague Rat", "Plague Rat"])
        .groove(B, &["Plague Rat", "Plague Rat", "Plague Rat"])
        .hand(B, &["Ember Drake", "Ember Drake"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    click(&mut s, A, "Attack with Chaos Imp → fortress");
    attack(&mut s, A, "Attack with Stone Golem → fortress");
    assert!(labels(&s, B).contains(&"Retaliate: Fireball (2 energy)".to_string()));
    let ev = public(&click(&mut s, B, "Retaliate: Fireball"));
    // Energy was left for a second Fireball, but the window took one card:
    // the next declared attack came straight after it.
    let retaliated = ev.iter().position(|e| e.contains("retaliates with Fireball")).expect("{ev:?}");
    let next = ev.iter().position(|e| e == "Alice attacks Bob's fortress with Stone Golem").expect("{ev:?}");
    assert!(retaliated < next);
    assert_eq!(ev.iter().filter(|e| e.contains("retaliates")).count(), 1, "{ev:?}");
    // That attack brought new energy: a new window, for one card again.
    assert!(matches!(s.prompt, Some(Prompt::Retaliate { seat: B })), "{:?}", s.prompt);
}

#[test]
fn spheres_5d_no_retaliation_without_new_energy() {
    let mut t = Table::new();
    t.creature(A, "Brass Golem")
        .creature(B, "Plague Rat")
        .towers(B, &["Mist Wraith"])
        .groove(B, &["Siege Ogre", "Siege Ogre"])
        .hand(B, &["Ember Drake"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Brass Golem → fortress");
    click(&mut s, B, "Block with Plague Rat");
    // The blocker died: energy reached Bob's groove, so Bob may retaliate.
    assert!(matches!(s.prompt, Some(Prompt::Retaliate { seat: B })));
    click(&mut s, B, "Pass");
    assert_eq!(s.turn.step, Step::Discard);
}

#[test]
fn spheres_5d_summon_this_creature_can_block_later_attacks() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature(A, "Ember Drake")
        .towers(B, &["Mist Wraith", "Mist Wraith"])
        .deck(B, &["Stone Golem", "Stone Golem", "Stone Golem"])
        .groove(B, &["Forest Stalker"])
        .hand(B, &["Wild Shaman"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    click(&mut s, B, "Retaliate: Call of the Wild (3 energy)");
    assert_eq!(names(&s, B, Zone::Battlefield), vec!["Wild Shaman"]);
    attack(&mut s, A, "Attack with Ember Drake → fortress");
    click(&mut s, A, "Skip"); // Ember Drake's optional afflict
    assert!(labels(&s, B).contains(&"Block with Wild Shaman".to_string()));
}

#[test]
fn spheres_6_discard_trashes_the_whole_hand_or_nothing() {
    let mut t = Table::new();
    t.hand(A, &["Plague Rat", "Stone Golem"])
        .deck(A, &["Ember Drake"; 6])
        .hand(B, &["Mist Wraith"])
        .step(Step::Discard);
    let mut s = t.build();
    assert_eq!(labels(&s, A), vec!["Discard whole hand", "Keep hand"]);
    click(&mut s, A, "Discard whole hand");
    assert_eq!(names(&s, A, Zone::Trash), vec!["Plague Rat", "Stone Golem"]);
    assert_eq!(s.lords[A].hand.len(), 5, "an empty hand draws five");
}

#[test]
fn spheres_7_draw_one_card_into_a_kept_hand() {
    let mut t = Table::new();
    t.hand(A, &["Plague Rat"])
        .deck(A, &["Ember Drake", "Stone Golem"])
        .hand(B, &["Mist Wraith"])
        .step(Step::Discard);
    let mut s = t.build();
    let ev = click(&mut s, A, "Keep hand");
    assert_eq!(names(&s, A, Zone::Hand), vec!["Plague Rat", "Ember Drake"]);
    assert!(public(&ev).contains(&"Alice draws a card".to_string()));
    assert!(ev
        .iter()
        .any(|e| e.text == "You draw Ember Drake" && !e.visible_to(None) && e.visible_to(Some(A))));
    assert_eq!(s.turn.active, B);
}

#[test]
fn spheres_7_an_empty_deck_takes_the_trash_back_and_costs_a_tower() {
    let mut t = Table::new();
    t.hand(A, &["Plague Rat"])
        .trash(A, &["Ember Drake", "Stone Golem", "Mist Wraith"])
        .towers(A, &["Veil Oracle", "Veil Oracle"])
        .hand(B, &["Mist Wraith"])
        .step(Step::Discard);
    let mut s = t.build();
    click(&mut s, A, "Keep hand");
    assert_eq!(s.lords[A].towers.len(), 1);
    assert!(s.lords[A].trash.is_empty());
    // groove: the tower and one more energized card; hand: one drawn card.
    assert_eq!(s.lords[A].groove.len(), 2);
    assert_eq!(s.lords[A].hand.len(), 2);
    assert_eq!(s.lords[A].deck.len(), 1);
}

#[test]
fn spheres_7_without_towers_the_reshuffle_is_free() {
    let mut t = Table::new();
    t.hand(A, &["Plague Rat"]).trash(A, &["Ember Drake"]).hand(B, &["Mist Wraith"]).step(Step::Discard);
    let mut s = t.build();
    click(&mut s, A, "Keep hand");
    assert_eq!(names(&s, A, Zone::Hand), vec!["Plague Rat", "Ember Drake"]);
    assert!(s.lords[A].groove.is_empty());
}

#[test]
fn spheres_8_the_turn_passes_to_the_next_lord_and_dizziness_ends() {
    let mut t = Table::new();
    t.creature_with(A, "Chaos Imp", |c| c.dizzy = true)
        .hand(A, &["Plague Rat"])
        .deck(A, &["Stone Golem"])
        .hand(B, &["Mist Wraith"])
        .step(Step::Discard);
    let mut s = t.build();
    click(&mut s, A, "Keep hand");
    assert_eq!(s.turn.active, B);
    assert_eq!(s.turn.number, 4);
    assert!(!s.lords[A].battlefield[0].dizzy);
}

#[test]
fn spheres_8_a_round_without_any_decision_ends_in_a_draw() {
    let t = Table::new();
    let s = t.build();
    let o = s.outcome.expect("nothing can ever happen: draw");
    assert!(o.winners.is_empty());
}

#[test]
fn spheres_concede_ends_a_two_player_game() {
    let mut t = Table::new();
    t.hand(A, &["Plague Rat"]).step(Step::Discard);
    let mut s = t.build();
    let ev = Spheres::concede(&mut s, A);
    assert_eq!(s.outcome.as_ref().unwrap().winners, vec![B]);
    assert!(public(&ev).iter().any(|e| e.contains("Alice conceded")));
    assert!(Spheres::legal_actions(&s, A).is_empty());
}

#[test]
fn spheres_apply_refuses_illegal_actions_with_a_reason() {
    let mut t = Table::new();
    t.hand(A, &["Plague Rat"]).step(Step::Discard);
    let mut s = t.build();
    let before = s.clone();
    let e = Spheres::apply(&mut s, B, &Action::KeepHand).unwrap_err();
    assert!(e.0.contains("waiting for Alice"), "{e}");
    let e = Spheres::apply(&mut s, A, &Action::Cast { card: 0 }).unwrap_err();
    assert!(e.0.contains("cannot cast"), "{e}");
    assert_eq!(s, before);
}

#[test]
fn spheres_5_planned_attacks_are_fought_one_after_another_in_the_order_declared() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature(A, "Mist Wraith")
        .towers(B, &["Stone Golem", "Stone Golem", "Stone Golem"])
        .deck(B, &["Veil Oracle", "Veil Oracle"])
        .step(Step::Battle);
    let mut s = t.build();
    let ev = click(&mut s, A, "Attack with Mist Wraith → fortress");
    assert_eq!(public(&ev), vec!["Alice plans attack 1: Mist Wraith → Bob's fortress"]);
    click(&mut s, A, "Attack with Chaos Imp → fortress");
    // Declaring is not fighting: nothing is engaged or destroyed yet.
    assert_eq!(s.lords[B].towers.len(), 3);
    assert!(s.lords[A].battlefield.iter().all(|c| !c.engaged));
    assert_eq!(labels(&s, A), vec!["Fight (2 planned)"], "each creature is planned once");
    let ev = click(&mut s, A, "Fight");
    let attacks: Vec<String> = public(&ev).into_iter().filter(|e| e.contains(" attacks ")).collect();
    assert_eq!(
        attacks,
        vec!["Alice attacks Bob's fortress with Mist Wraith", "Alice attacks Bob's fortress with Chaos Imp"]
    );
    let broken = public(&ev).iter().filter(|e| e.contains("breaks one of Bob's towers")).count();
    assert_eq!(broken, 2, "both sieges broke a tower: {ev:?}");
    assert!(s.turn.plan.is_empty() && !s.turn.fighting);
}

#[test]
fn spheres_5a_a_planned_attack_that_can_no_longer_be_made_is_called_off() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature(A, "Mist Wraith")
        .creature_with(B, "Plague Rat", |c| c.engaged = true)
        .towers(B, &["Stone Golem"])
        .step(Step::Battle);
    let mut s = t.build();
    click(&mut s, A, "Attack with Chaos Imp → Plague Rat");
    click(&mut s, A, "Attack with Mist Wraith → Plague Rat");
    let ev = click(&mut s, A, "Fight");
    let text = public(&ev).join("\n");
    assert!(text.contains("Battle: Chaos Imp (4) against Plague Rat (1)"), "{text}");
    assert!(
        text.contains("The planned attack of Mist Wraith is called off: it can no longer be made"),
        "the rat is gone: {text}"
    );
    assert!(!s.lords[A].battlefield[1].engaged, "a called-off attacker stays ready");
    // Mist Wraith may still attack the fortress.
    assert!(labels(&s, A).contains(&"Attack with Mist Wraith → fortress".to_string()));
}

#[test]
fn spheres_back_of_the_card_variant_summons_any_card_face_down_as_a_generic_creature() {
    let mut t = Table::new();
    t.hand(A, &["Stone Golem", "Plague Rat"])
        .vault(A, &["Forest Stalker", "Forest Stalker", "Forest Stalker"]);
    let mut s = t.build();
    assert_eq!(s.turn.step, Step::Main);
    // The standard game has no such option.
    assert!(!labels(&s, A).iter().any(|l| l.contains("face down")), "{:?}", labels(&s, A));
    s.any_face_down = true;
    let ev = click(&mut s, A, "Summon Stone Golem face down (3)");
    let c = &s.lords[A].battlefield[0];
    assert!(c.face_down);
    assert_eq!(cardtable::games::spheres::abilities::strength(&s, c.uid), 2, "generic strength");
    assert_eq!(s.turn.mana_spent, 3, "generic cost");
    assert!(public(&ev).contains(&"Alice summons a face-down Nature creature".to_string()), "{ev:?}");
    assert!(!public(&ev).iter().any(|e| e.contains("Stone Golem")));
}

#[test]
fn spheres_back_of_the_card_variant_is_chosen_at_setup() {
    let mut m = setup(2);
    m.variant = Some("face-down".into());
    let s = cardtable::games::spheres::setup::setup(&m, &demo_pool()).unwrap();
    assert!(s.any_face_down);
    m.variant = Some("upside-down".into());
    let err = cardtable::games::spheres::setup::setup(&m, &demo_pool()).unwrap_err();
    assert!(err.to_string().contains("no variant \"upside-down\""), "{err}");
}
