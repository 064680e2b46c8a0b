//! Text ability language: zone verbs, keywords, variables, targeting,
//! passive and triggered abilities, creature states.

use cardtable::cards::spheres::Zone;
use cardtable::engine::Seat;
use cardtable::games::spheres::abilities::strength;
use cardtable::games::spheres::testing::{attack, click, labels, names, public, Table};
use cardtable::games::spheres::{Prompt, Step};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

/// Alice in step 4 with plenty of crystals of every sphere and a filler hand card.
fn table() -> Table {
    let mut t = Table::new();
    t.vault(
        A,
        &[
            "Brass Golem",
            "Brass Golem",
            "Mist Wraith",
            "Mist Wraith",
            "Soul Healer",
            "Siege Ogre",
            "Stone Golem",
        ],
    )
    .hand(A, &["Plague Rat"]);
    t
}

#[test]
fn spheres_verb_draw_moves_the_deck_top_to_the_hand() {
    let mut t = table();
    t.hand(A, &["Aether Engineer"]).deck(A, &["Ember Drake", "Stone Golem"]);
    let mut s = t.build();
    let ev = click(&mut s, A, "Summon Aether Engineer");
    assert_eq!(names(&s, A, Zone::Hand), vec!["Plague Rat", "Ember Drake"]);
    assert!(public(&ev).contains(&"Alice draws a card".to_string()));
}

#[test]
fn spheres_verb_trash_moves_a_chosen_hand_card_to_the_trash() {
    let mut t = table();
    t.hand(A, &["Clockwork Sentry"]).deck(A, &["Ember Drake"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Gear Storm");
    assert!(matches!(s.prompt, Some(Prompt::Cards { .. })));
    let ev = click(&mut s, A, "Trash: your Ember Drake (hand)");
    assert_eq!(names(&s, A, Zone::Trash), vec!["Ember Drake", "Clockwork Sentry"]);
    assert!(public(&ev).iter().any(|e| e.contains("(Ember Drake) is trashed")), "trashing reveals: {ev:?}");
}

#[test]
fn spheres_verb_recover_puts_a_card_on_top_of_the_deck() {
    let mut t = table();
    t.hand(A, &["Mirror Automaton"]).trash(A, &["Brass Golem", "Stone Golem"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Recall Protocol");
    // Matching both: cost ≤ 2 and Science: only Brass Golem's card (Raise Bastion costs 3) fails.
    assert_eq!(names(&s, A, Zone::Deck), Vec::<String>::new());
    assert_eq!(names(&s, A, Zone::Trash), vec!["Brass Golem", "Stone Golem", "Mirror Automaton"]);
}

#[test]
fn spheres_keyword_matching_compares_cost_and_sphere() {
    let mut t = table();
    t.hand(A, &["Mirror Automaton"]).trash(A, &["Clockwork Sentry", "Stone Golem", "Brass Golem"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Recall Protocol");
    // Clockwork Sentry (Science, Gear Storm 2) is the only match; chosen automatically.
    assert_eq!(names(&s, A, Zone::Deck), vec!["Clockwork Sentry"]);
}

#[test]
fn spheres_keyword_search_looks_through_the_deck_then_shuffles_it() {
    let mut t = table();
    t.hand(A, &["Veil Oracle"]).deck(A, &["Stone Golem", "Mist Wraith", "Ember Drake", "Dream Thief"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Scry the Depths");
    let l = labels(&s, A);
    assert_eq!(l, vec!["Return: your Mist Wraith (deck)", "Return: your Dream Thief (deck)"]);
    assert!(s.checkpoint.is_none(), "a search reveals the deck: no taking back");
    click(&mut s, A, "Dream Thief");
    assert_eq!(names(&s, A, Zone::Hand), vec!["Plague Rat", "Dream Thief"]);
    assert_eq!(s.lords[A].deck.len(), 3);
}

#[test]
fn spheres_verb_crystallize_energize_and_fortify_take_the_deck_top() {
    let mut t = table();
    t.hand(A, &["Stone Golem", "Brass Golem"]).deck(A, &["Ember Drake", "Mist Wraith", "Chaos Imp"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Wild Growth");
    assert_eq!(names(&s, A, Zone::Vault).last().unwrap(), "Ember Drake");
    click(&mut s, A, "Cast Raise Bastion");
    assert_eq!(names(&s, A, Zone::Towers), vec!["Mist Wraith"]);
}

#[test]
fn spheres_verb_destroy_on_a_tower_energizes_one_more_card() {
    let mut t = table();
    t.hand(A, &["Siege Ogre"]).towers(B, &["Mist Wraith", "Mist Wraith"]).deck(B, &["Stone Golem"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Sabotage");
    assert_eq!(s.lords[B].towers.len(), 1);
    assert_eq!(names(&s, B, Zone::Groove), vec!["Mist Wraith", "Stone Golem"]);
}

#[test]
fn spheres_targeting_either_lord_lets_the_caster_pick_whose_creature() {
    let mut t = table();
    t.hand(A, &["Mist Wraith"])
        .creature(A, "Chaos Imp")
        .creature(B, "Stone Golem")
        .creature(B, "Brass Golem");
    let mut s = t.build();
    click(&mut s, A, "Cast Frost Lance");
    assert_eq!(labels(&s, A), vec!["Destroy: aim at yourself", "Destroy: aim at Bob", "Cancel"]);
    click(&mut s, A, "aim at Bob");
    // Only Stone Golem has strength 3 or less (4 alone? no: two creatures).
    assert_eq!(names(&s, B, Zone::Groove), vec!["Stone Golem"]);
    assert_eq!(names(&s, B, Zone::Battlefield), vec!["Brass Golem"]);
}

#[test]
fn spheres_cancel_takes_a_cast_back_before_anything_irreversible() {
    let mut t = table();
    t.hand(A, &["Mist Wraith"]).creature(A, "Chaos Imp").creature(B, "Stone Golem").creature(B, "Plague Rat");
    let mut s = t.build();
    let before = s.clone();
    click(&mut s, A, "Cast Frost Lance");
    assert!(labels(&s, A).contains(&"Cancel".to_string()));
    click(&mut s, A, "Cancel");
    assert_eq!(s, before);
}

#[test]
fn spheres_verb_cast_casts_a_spell_from_the_trash() {
    let mut t = table();
    t.hand(A, &["Arcane Conduit"]).trash(A, &["Stone Golem"]).deck(A, &["Ember Drake"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Spell Echo");
    click(&mut s, A, "Cast: your Stone Golem");
    // Wild Growth resolved from the trash: the deck top became a crystal.
    assert!(names(&s, A, Zone::Vault).contains(&"Ember Drake".to_string()));
    assert!(names(&s, A, Zone::Trash).contains(&"Stone Golem".to_string()));
}

#[test]
fn spheres_verb_summon_brings_a_creature_back_from_the_trash() {
    let mut t = table();
    t.hand(A, &["Ghost Knight"]).trash(A, &["Brass Golem", "Chaos Imp"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Rebirth");
    // Cost filter outside the battlefield reads the spell cost: Raise Bastion 3, Wild Surge 1: choose.
    click(&mut s, A, "Summon: your Chaos Imp");
    assert_eq!(names(&s, A, Zone::Battlefield), vec!["Chaos Imp"]);
    assert!(s.lords[A].battlefield[0].dizzy);
}

#[test]
fn spheres_verb_evoke_runs_the_cards_spell_from_a_creature() {
    let mut t = table();
    t.hand(A, &["Wild Shaman"]).deck(A, &["Ember Drake"]);
    let mut s = t.build();
    let ev = click(&mut s, A, "Summon Wild Shaman");
    assert!(public(&ev).contains(&"Wild Shaman evokes Call of the Wild".to_string()));
    assert_eq!(names(&s, A, Zone::Hand), vec!["Plague Rat", "Ember Drake"]);
    assert_eq!(s.lords[A].battlefield.len(), 1, "summon-this does nothing when evoked");
}

#[test]
fn spheres_keyword_random_picks_at_random() {
    let mut t = table();
    t.creature_with(B, "Ghost Knight", |c| c.engaged = true)
        .groove(B, &["Ember Drake", "Mist Wraith"])
        .creature(A, "Brass Golem")
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Brass Golem → Ghost Knight");
    // Ghost Knight died (to the groove) and returned one random energy of Bob's to his hand.
    assert_eq!(s.lords[B].hand.len(), 1);
    assert_eq!(s.lords[B].groove.len(), 2);
}

#[test]
fn spheres_keyword_opponent_choice_lets_the_other_lord_choose() {
    let mut t = table();
    t.creature(A, "Dream Thief")
        .creature_with(B, "Plague Rat", |c| c.engaged = true)
        .hand(B, &["Stone Golem", "Ember Drake"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Dream Thief → Plague Rat");
    assert!(matches!(s.prompt, Some(Prompt::Cards { chooser: B, .. })));
    click(&mut s, B, "Trash: your Ember Drake (hand)");
    assert_eq!(names(&s, B, Zone::Hand), vec!["Stone Golem"]);
}

#[test]
fn spheres_keyword_search_of_an_opponents_hand_shows_it_to_the_caster() {
    let mut t = table();
    t.hand(A, &["Dream Thief"]).hand(B, &["Stone Golem", "Ember Drake"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Mind Twist");
    assert_eq!(labels(&s, A), vec!["Trash: Bob's Stone Golem (hand)", "Trash: Bob's Ember Drake (hand)"]);
}

#[test]
fn spheres_keyword_replace_swaps_a_crystal_with_a_hand_card() {
    let mut t = Table::new();
    t.vault(A, &["Stone Golem", "Forest Stalker"]).hand(A, &["Ancient Treant", "Ember Drake", "Plague Rat"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Root Swap");
    // Both crystals are Nature: taken without asking; then the replacement.
    click(&mut s, A, "Replace with: your Ember Drake (hand)");
    assert!(names(&s, A, Zone::Vault).contains(&"Ember Drake".to_string()));
    assert_eq!(names(&s, A, Zone::Hand), vec!["Plague Rat", "Forest Stalker"]);
}

#[test]
fn spheres_keyword_shuffle_and_variable_top_cards() {
    let mut t = table();
    t.hand(A, &["Chaos Imp"]).deck(B, &["Stone Golem", "Mist Wraith", "Ember Drake"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Wild Surge");
    // Alice's deck is empty: only Bob's deck can be milled, no question asked.
    assert_eq!(names(&s, B, Zone::Trash), vec!["Stone Golem", "Mist Wraith"]);
    click(&mut s, A, "aim at Bob");
    assert_eq!(names(&s, B, Zone::Deck), vec!["Ember Drake"]);
}

#[test]
fn spheres_variable_all_afflicts_every_opposing_creature() {
    let mut t = table();
    t.hand(A, &["Plague Rat"]).creature(B, "Stone Golem").creature(B, "Brass Golem");
    let mut s = t.build();
    click(&mut s, A, "Cast Pestilence");
    assert!(s.lords[B].battlefield.iter().all(|c| c.afflicted));
    assert_eq!(strength(&s, s.lords[B].battlefield[1].uid), 2, "5 halved");
}

#[test]
fn spheres_variable_creature_cost_counts_up_to_that_many() {
    let mut t = table();
    t.hand(A, &["Grove Keeper"])
        .trash(A, &["Stone Golem", "Forest Stalker", "Wild Shaman", "Ancient Treant", "Ember Drake"]);
    let mut s = t.build();
    click(&mut s, A, "Summon Grove Keeper");
    for _ in 0..3 {
        let first = labels(&s, A)[0].clone();
        assert!(first.starts_with("Return:"), "{first}");
        click(&mut s, A, &first);
    }
    assert_eq!(s.lords[A].hand.len(), 4, "three Nature cards came back (cost 3)");
}

#[test]
fn spheres_variable_strength_energizes_that_many_cards() {
    let mut t = table();
    t.creature(A, "Forest Stalker").creature(B, "Plague Rat").deck(A, &["Ember Drake"; 5]).step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Forest Stalker → Plague Rat");
    assert_eq!(s.lords[A].groove.len(), 3, "Forest Stalker won with strength 3");
}

#[test]
fn spheres_pump_and_ready_last_until_the_end_of_the_turn() {
    let mut t = table();
    t.hand(A, &["Glimmer Drake"]).creature_with(A, "Chaos Imp", |c| c.engaged = true);
    let mut s = t.build();
    click(&mut s, A, "Cast Time Fold");
    let imp = s.lords[A].battlefield[0].clone();
    assert!(!imp.engaged);
    assert_eq!(imp.pump, 1);
}

#[test]
fn spheres_engage_makes_a_creature_attackable() {
    let mut t = table();
    t.hand(A, &["Forest Stalker"]).creature(B, "Stone Golem");
    let mut s = t.build();
    click(&mut s, A, "Cast Entangle");
    assert!(s.lords[B].battlefield[0].engaged);
}

#[test]
fn spheres_cure_effect_and_summon_trigger() {
    let mut t = table();
    t.hand(A, &["Soul Healer"]).creature_with(A, "Chaos Imp", |c| c.afflicted = true);
    let mut s = t.build();
    click(&mut s, A, "Summon Soul Healer");
    assert!(!s.lords[A].battlefield[0].afflicted);
}

#[test]
fn spheres_passive_unblockable_and_cannot_block() {
    let mut t = table();
    t.creature(A, "Mist Wraith").creature(B, "Stone Golem").towers(B, &["Ember Drake"]).step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Mist Wraith → fortress");
    assert!(s.lords[B].towers.is_empty(), "no block was possible");
    let mut t = table();
    t.creature(A, "Chaos Imp").creature(B, "Twilight Sage").towers(B, &["Ember Drake"]).step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    assert!(s.lords[B].towers.is_empty(), "Twilight Sage cannot block");
}

#[test]
fn spheres_passive_cannot_attack_with_a_condition() {
    let mut t = table();
    t.creature(A, "Plague Rat").step(Step::Battle);
    let s = t.build();
    assert_eq!(s.turn.step, Step::Discard, "alone, Plague Rat cannot attack");
    let mut t = table();
    t.creature(A, "Plague Rat").creature_with(A, "Stone Golem", |c| c.engaged = true).step(Step::Battle);
    let s = t.build();
    assert!(labels(&s, A).iter().any(|l| l.starts_with("Attack with Plague Rat")));
}

#[test]
fn spheres_passive_hunter_may_attack_ready_creatures() {
    let mut t = table();
    t.creature(A, "Forest Stalker").creature(B, "Stone Golem").step(Step::Battle);
    let s = t.build();
    assert!(labels(&s, A).contains(&"Attack with Forest Stalker → Stone Golem".to_string()));
}

#[test]
fn spheres_passive_swift_attacks_the_turn_it_arrives() {
    let mut t = table();
    t.hand(A, &["Aether Engineer"])
        .creature_with(A, "Chaos Imp", |c| c.dizzy = true)
        .deck(A, &["Ember Drake"]);
    let mut s = t.build();
    click(&mut s, A, "Cast Overclock");
    click(&mut s, A, "Go to battle");
    assert!(labels(&s, A).iter().any(|l| l.starts_with("Attack with Chaos Imp")));
}

#[test]
fn spheres_passive_auras_of_creatures_and_active_spells() {
    let mut t = table();
    t.creature(A, "Temple Guardian").creature(A, "Chaos Imp").spells(A, &["Temple Guardian"]);
    let s = t.build();
    let bf = &s.lords[A].battlefield;
    assert_eq!(strength(&s, bf[0].uid), 4, "Temple Guardian: 3 + Blessing");
    assert_eq!(strength(&s, bf[1].uid), 4, "Chaos Imp: 2 + Guardian + Blessing");
}

#[test]
fn spheres_passive_condition_count_and_in_battle() {
    let mut t = table();
    t.creature(A, "Stone Golem");
    let s = t.build();
    assert_eq!(strength(&s, s.lords[A].battlefield[0].uid), 4, "alone: +1");
    let mut t = table();
    t.creature(A, "Stone Golem").creature(A, "Chaos Imp");
    let s = t.build();
    assert_eq!(strength(&s, s.lords[A].battlefield[0].uid), 3);
    assert_eq!(strength(&s, s.lords[A].battlefield[1].uid), 2, "+2 only in battle");
}

#[test]
fn spheres_trigger_attack_and_block() {
    let mut t = table();
    t.creature(A, "Ember Drake")
        .creature(B, "Mirror Automaton")
        .hand(B, &["Stone Golem"])
        .towers(B, &["Mist Wraith"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Ember Drake → fortress");
    click(&mut s, A, "Afflict: Bob's Mirror Automaton");
    assert!(s.lords[B].battlefield[0].afflicted);
    click(&mut s, B, "Block with Mirror Automaton");
    // Afflicted: its block trigger does not fire; the Stone Golem stays in hand.
    assert_eq!(names(&s, B, Zone::Hand), vec!["Stone Golem"]);
}

#[test]
fn spheres_trigger_block_recovers_a_hand_card() {
    let mut t = table();
    t.creature(A, "Chaos Imp").creature(B, "Mirror Automaton").hand(B, &["Stone Golem"]).step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    click(&mut s, B, "Block with Mirror Automaton");
    assert_eq!(names(&s, B, Zone::Deck), vec!["Stone Golem"]);
}

#[test]
fn spheres_trigger_tower_lost_on_creatures_and_active_spells() {
    let mut t = table();
    t.creature(A, "Chaos Imp")
        .creature_with(B, "Ancient Treant", |c| c.engaged = true)
        .spells(B, &["Grove Keeper"])
        .towers(B, &["Mist Wraith", "Mist Wraith"])
        .hand(B, &["Stone Golem"])
        .deck(B, &["Ember Drake", "Plague Rat", "Siege Ogre"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    click(&mut s, A, "Destroy a tower");
    // Treant: Bob may fortify a hand card; Verdant Pact: Bob draws.
    click(&mut s, B, "Fortify: your Stone Golem (hand)");
    assert_eq!(s.lords[B].towers.len(), 2);
    assert_eq!(names(&s, B, Zone::Hand), vec!["Plague Rat"]);
}

#[test]
fn spheres_afflicted_creatures_do_not_fire_triggers() {
    let mut t = table();
    t.creature_with(A, "Veil Oracle", |c| {
        c.afflicted = true;
        c.engaged = true;
    })
    .deck(A, &["Stone Golem"])
    .step(Step::Regroup);
    let s = t.build();
    assert!(s.lords[A].groove.is_empty());
}
