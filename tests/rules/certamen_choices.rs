//! Certamen: the decisions effects and rules leave to a player — which
//! cards to discard, which card a search or a return takes, the pillar of
//! an added resource, paying to keep a countered spell, the order of
//! simultaneous triggers, the Ascendant Uniqueness Rule, new targets for a
//! copy, and which Pillars pay a cost.

use cardtable::engine::Event;
use cardtable::engine::{Rules, Seat, Visibility};
use cardtable::games::certamen::testing::{main_phase, to_field, to_hand};
use cardtable::games::certamen::{check_invariants, Action, Certamen, Choice, Prompt, State, TargetRef};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);

fn act(s: &mut State, seat: Seat, a: Action) -> Vec<Event> {
    let ev = Certamen::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?} by {seat} refused: {e}"));
    check_invariants(s).unwrap();
    ev
}

/// Both players pass priority once, the holder first.
fn pass_both(s: &mut State) -> Vec<Event> {
    let first = s.priority;
    let mut ev = act(s, first, Action::Pass);
    ev.extend(act(s, Seat(1 - first.0), Action::Pass));
    ev
}

fn pillars(s: &mut State, seat: Seat, name: &str, n: usize) {
    for _ in 0..n {
        to_field(s, seat, &format!("{name} Pillar"));
    }
}

fn name_of(s: &State, uid: u32) -> String {
    let mut all = s.players.values().flat_map(|p| p.hand.iter().chain(&p.hollow).chain(&p.archive));
    all.find(|c| c.uid == uid).map(|c| s.def(c.id).name.clone()).unwrap()
}

#[test]
fn discard_effect_lets_the_player_choose() {
    let mut s = main_phase(60);
    pillars(&mut s, ALICE, "Umbrage", 2);
    let whispers = to_hand(&mut s, ALICE, "Whispers of Ruin"); // the opponent discards 2 cards
    let keep = to_hand(&mut s, BOB, "Quiet Refusal");
    let a = to_hand(&mut s, BOB, "Mirrorcast");
    let b = to_hand(&mut s, BOB, "Veilflux Pillar");
    act(&mut s, ALICE, Action::Cast { card: whispers, targets: vec![] });
    pass_both(&mut s);
    assert_eq!(s.prompt, Prompt::Choice);
    assert_eq!(Certamen::to_act(&s), vec![BOB], "the discarding player chooses");
    let legal = Certamen::legal_actions(&s, BOB);
    assert_eq!(legal.len(), 3, "any card of the hand");
    assert_eq!(Certamen::decline(&s, BOB), None);
    act(&mut s, BOB, Action::Discard { card: a });
    assert_eq!(s.prompt, Prompt::Choice, "a second card to discard");
    act(&mut s, BOB, Action::Discard { card: b });
    assert_eq!(s.prompt, Prompt::Priority);
    assert_eq!(s.players[BOB].hand.iter().map(|c| c.uid).collect::<Vec<_>>(), vec![keep]);
    assert!(
        s.players[BOB].hollow.iter().any(|c| c.uid == a) && s.players[BOB].hollow.iter().any(|c| c.uid == b)
    );
    assert!(s.players[ALICE].hollow.iter().any(|c| c.uid == whispers), "the Snap finished resolving");
}

#[test]
fn discard_then_draw_waits_for_the_discard_choice() {
    let mut s = main_phase(61);
    pillars(&mut s, ALICE, "Emberwake", 2);
    let rummage = to_hand(&mut s, ALICE, "Rummage of Ashes"); // discard a card, then draw 2
    let junk = to_hand(&mut s, ALICE, "Ember Bolt");
    let other = to_hand(&mut s, ALICE, "Emberwake Pillar");
    act(&mut s, ALICE, Action::Cast { card: rummage, targets: vec![] });
    pass_both(&mut s);
    assert_eq!(Certamen::to_act(&s), vec![ALICE]);
    assert_eq!(s.players[ALICE].hand.len(), 2, "nothing is drawn before the discard");
    act(&mut s, ALICE, Action::Discard { card: junk });
    assert_eq!(s.players[ALICE].hand.len(), 3, "one kept, two drawn");
    assert!(s.players[ALICE].hand.iter().any(|c| c.uid == other));
}

#[test]
fn search_lets_the_player_choose_among_matching_cards_and_hides_it() {
    let mut s = main_phase(62);
    pillars(&mut s, ALICE, "Verdance", 3);
    let call = to_hand(&mut s, ALICE, "Wildmother's Call"); // search for a creature card, to hand
    act(&mut s, ALICE, Action::Cast { card: call, targets: vec![] });
    let ev = pass_both(&mut s);
    assert!(ev.iter().all(|e| !e.text.contains("finds")), "nothing found before the choice");
    assert_eq!(Certamen::to_act(&s), vec![ALICE]);
    let picks: Vec<u32> = Certamen::legal_actions(&s, ALICE)
        .into_iter()
        .map(|a| match a {
            Action::Pick { card } => card,
            other => panic!("only picks, got {other:?}"),
        })
        .collect();
    let creatures = s.players[ALICE].archive.iter().filter(|c| s.def(c.id).kind.name() == "Creature").count();
    assert!(creatures > 1);
    assert_eq!(picks.len(), creatures, "every creature card of the Archive, nothing else");
    let chosen = picks[picks.len() / 2];
    let name = name_of(&s, chosen);
    let ev = act(&mut s, ALICE, Action::Pick { card: chosen });
    assert!(s.players[ALICE].hand.iter().any(|c| c.uid == chosen));
    for e in &ev {
        if e.text.contains(&name) {
            assert_eq!(e.to, Visibility::Only(ALICE), "the opponent does not learn the card: {}", e.text);
        }
    }
    assert!(ev.iter().any(|e| e.to == Visibility::Public && e.text.contains("creature card")));
    assert_eq!(s.prompt, Prompt::Priority);
}

#[test]
fn return_from_the_hollow_lets_the_player_choose_and_respects_the_cost_limit() {
    let mut s = main_phase(63);
    pillars(&mut s, ALICE, "Umbrage", 6);
    let herald = to_hand(&mut s, ALICE, "Hollowking's Herald"); // enters: a creature costing 3 or less, Hollow to Livingfield
    let cheap = to_hand(&mut s, ALICE, "Bonepicker Ghoul");
    let dear = to_hand(&mut s, ALICE, "Duskblade Reaver");
    let cheap2 = to_hand(&mut s, ALICE, "Gravebloom Shaman");
    for uid in [cheap, dear, cheap2] {
        let i = s.players[ALICE].hand.iter().position(|c| c.uid == uid).unwrap();
        let c = s.players[ALICE].hand.remove(i);
        s.players[ALICE].hollow.push(c);
    }
    act(&mut s, ALICE, Action::Cast { card: herald, targets: vec![] });
    pass_both(&mut s); // the Herald resolves; its trigger goes on the Stack
    pass_both(&mut s); // the trigger resolves
    assert_eq!(Certamen::to_act(&s), vec![ALICE]);
    let legal = Certamen::legal_actions(&s, ALICE);
    assert_eq!(
        legal,
        vec![Action::Pick { card: cheap }, Action::Pick { card: cheap2 }],
        "cost 3 or less only"
    );
    act(&mut s, ALICE, Action::Pick { card: cheap });
    assert!(s.permanent(cheap).is_some(), "the chosen one, not the last matching card");
    assert!(s.players[ALICE].hollow.iter().any(|c| c.uid == cheap2));
}

#[test]
fn any_pillar_resource_lets_the_player_choose_its_pillar() {
    let mut s = main_phase(64);
    let lantern = to_field(&mut s, ALICE, "Wayfarer's Lantern"); // tap: add one resource of any pillar
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, ALICE, "Emberwake Pillar");
    let refusal = to_hand(&mut s, ALICE, "Quiet Refusal"); // 1V
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt"); // E
    act(&mut s, ALICE, Action::Activate { permanent: lantern, ability: 0, targets: vec![] });
    pass_both(&mut s);
    assert_eq!(Certamen::to_act(&s), vec![ALICE]);
    assert_eq!(Certamen::legal_actions(&s, ALICE).len(), 5, "one answer per pillar");
    act(&mut s, ALICE, Action::ChoosePillar { pillar: cardtable::cards::certamen::Pillar::Veilflux });
    assert_eq!(s.players[ALICE].pool.of(cardtable::cards::certamen::Pillar::Veilflux), 1);
    assert_eq!(s.players[ALICE].pool.generic, 0);
    // A coloured resource pays a coloured cost: with a spell to counter
    // (her own Ember Bolt, paid by a pillar), Quiet Refusal's V is the
    // chosen Veilflux and its 1 the other pillar.
    act(&mut s, ALICE, Action::Cast { card: bolt, targets: vec![TargetRef::Player(BOB)] });
    let refuse = Action::Cast { card: refusal, targets: vec![TargetRef::Spell(bolt)] };
    assert_eq!(Certamen::to_act(&s), vec![ALICE]);
    assert!(Certamen::legal_actions(&s, ALICE).contains(&refuse), "castable with the Veilflux resource");
    act(&mut s, ALICE, refuse);
    assert_eq!(s.players[ALICE].pool.of(cardtable::cards::certamen::Pillar::Veilflux), 0, "spent");
    let vitality = s.players[BOB].vitality;
    pass_both(&mut s);
    pass_both(&mut s);
    assert!(s.stack.is_empty());
    assert_eq!(s.players[BOB].vitality, vitality, "the Bolt was countered");
}

#[test]
fn counter_unless_paid_lets_the_controller_choose_to_pay() {
    for pay in [true, false] {
        let mut s = main_phase(65);
        pillars(&mut s, ALICE, "Emberwake", 4);
        pillars(&mut s, BOB, "Veilflux", 2);
        let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
        let refusal = to_hand(&mut s, BOB, "Quiet Refusal"); // counter unless its controller pays 3
        act(&mut s, ALICE, Action::Cast { card: bolt, targets: vec![TargetRef::Player(BOB)] });
        act(&mut s, ALICE, Action::Pass);
        act(&mut s, BOB, Action::Cast { card: refusal, targets: vec![TargetRef::Spell(bolt)] });
        pass_both(&mut s);
        assert_eq!(Certamen::to_act(&s), vec![ALICE], "the countered spell's controller decides");
        assert_eq!(Certamen::legal_actions(&s, ALICE), vec![Action::PayToKeep, Action::DeclineToPay]);
        assert_eq!(Certamen::decline(&s, ALICE), Some(Action::DeclineToPay));
        let untapped = |s: &State| s.players[ALICE].field.iter().filter(|p| !p.tapped).count();
        let before = untapped(&s);
        act(&mut s, ALICE, if pay { Action::PayToKeep } else { Action::DeclineToPay });
        if pay {
            assert_eq!(untapped(&s), before - 3);
            assert!(s.stack.iter().any(|i| i.uid == bolt), "kept");
            pass_both(&mut s);
            assert_eq!(s.players[BOB].vitality, 27);
        } else {
            assert_eq!(untapped(&s), before, "nothing paid");
            assert!(s.stack.is_empty());
            assert!(s.players[ALICE].hollow.iter().any(|c| c.uid == bolt), "countered");
        }
    }
}

#[test]
fn counter_unless_paid_counters_at_once_when_the_controller_cannot_pay() {
    let mut s = main_phase(66);
    pillars(&mut s, ALICE, "Emberwake", 1);
    pillars(&mut s, BOB, "Veilflux", 2);
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let refusal = to_hand(&mut s, BOB, "Quiet Refusal");
    act(&mut s, ALICE, Action::Cast { card: bolt, targets: vec![TargetRef::Player(BOB)] });
    act(&mut s, ALICE, Action::Pass);
    act(&mut s, BOB, Action::Cast { card: refusal, targets: vec![TargetRef::Spell(bolt)] });
    pass_both(&mut s);
    assert_eq!(s.prompt, Prompt::Priority, "no choice without the means to pay");
    assert!(s.players[ALICE].hollow.iter().any(|c| c.uid == bolt));
}

#[test]
fn simultaneous_triggers_are_ordered_by_their_controller() {
    let mut s = main_phase(67);
    let strider = to_field(&mut s, ALICE, "Canopy Strider"); // a Pillar enters: +1/+1 counter on it
    let rite = to_field(&mut s, ALICE, "Overgrowth Rite"); // a Pillar enters: a 1/1 Sapling
    let pillar = to_hand(&mut s, ALICE, "Verdance Pillar");
    act(&mut s, ALICE, Action::PlayPillar { card: pillar });
    assert_eq!(s.prompt, Prompt::Choice);
    assert!(matches!(s.choices.first(), Some(Choice::TriggerOrder { seat }) if *seat == ALICE));
    let legal = Certamen::legal_actions(&s, ALICE);
    assert_eq!(legal.len(), 2);
    let rite_first = legal
        .iter()
        .find(|a| matches!(a, Action::StackTrigger { ability } if ability.source == rite))
        .unwrap()
        .clone();
    act(&mut s, ALICE, rite_first);
    assert_eq!(s.prompt, Prompt::Priority, "the last one goes on by itself");
    let sources: Vec<u32> = s.stack.iter().map(|i| i.source_permanent().unwrap()).collect();
    assert_eq!(sources, vec![rite, strider], "the Rite's trigger first on the Stack, so it resolves last");
    act(&mut s, ALICE, Action::Pass);
    act(&mut s, BOB, Action::Pass);
    assert_eq!(s.permanent(strider).unwrap().counters, 1);
    assert_eq!(s.players[ALICE].field.iter().filter(|p| s.name_of(p).contains("Sapling")).count(), 0);
    pass_both(&mut s);
    assert_eq!(s.players[ALICE].field.iter().filter(|p| s.name_of(p).contains("Sapling")).count(), 1);
}

#[test]
fn simultaneous_triggers_of_both_players_put_the_active_players_first() {
    let mut s = main_phase(68);
    pillars(&mut s, ALICE, "Umbrage", 5);
    let mine = to_field(&mut s, ALICE, "Carrion Feaster"); // another creature of yours dies: +1/+1 counter
    let theirs = to_field(&mut s, BOB, "Carrion Feaster");
    to_field(&mut s, ALICE, "Bonepicker Ghoul");
    to_field(&mut s, BOB, "Bonepicker Ghoul");
    for f in [mine, theirs] {
        s.permanent_mut(f).unwrap().counters = 3; // survives the -2/-2
    }
    let plague = to_hand(&mut s, ALICE, "Plague of Dusk"); // all creatures get -2/-2
    let effects = s.def(s.db().find("Plague of Dusk").unwrap()).effects.clone();
    let targets = cardtable::games::certamen::target::target_choices(
        &s,
        ALICE,
        &effects,
        None,
        cardtable::games::certamen::target::Aim::Cast,
    );
    act(&mut s, ALICE, Action::Cast { card: plague, targets: targets[0].clone() });
    pass_both(&mut s);
    let controllers: Vec<Seat> = s.stack.iter().map(|i| i.controller).collect();
    assert_eq!(controllers, vec![ALICE, BOB], "the active player's trigger goes on first, resolves last");
}

#[test]
fn second_ascendant_of_a_name_makes_its_controller_keep_one() {
    for keep_new in [false, true] {
        let mut s = main_phase(69);
        pillars(&mut s, ALICE, "Emberwake", 4);
        let old = to_field(&mut s, ALICE, "Kaelith, Emberwake Tyrant");
        s.permanent_mut(old).unwrap().loyalty = 5;
        let new = to_hand(&mut s, ALICE, "Kaelith, Emberwake Tyrant");
        act(&mut s, ALICE, Action::Cast { card: new, targets: vec![] });
        pass_both(&mut s);
        assert_eq!(Certamen::to_act(&s), vec![ALICE]);
        let legal = Certamen::legal_actions(&s, ALICE);
        assert_eq!(
            legal,
            vec![Action::KeepAscendant { ascendant: old }, Action::KeepAscendant { ascendant: new }]
        );
        let (kept, gone) = if keep_new { (new, old) } else { (old, new) };
        act(&mut s, ALICE, Action::KeepAscendant { ascendant: kept });
        assert!(s.permanent(kept).is_some());
        assert!(s.permanent(gone).is_none());
        assert!(s.players[ALICE].hollow.iter().any(|c| c.uid == gone), "sent to the Hollow");
        assert_eq!(s.prompt, Prompt::Priority);
    }
}

#[test]
fn copy_lets_the_copier_choose_new_targets() {
    let mut s = main_phase(70);
    pillars(&mut s, ALICE, "Emberwake", 1);
    pillars(&mut s, BOB, "Veilflux", 3);
    let bolt = to_hand(&mut s, ALICE, "Ember Bolt");
    let wolf = to_field(&mut s, ALICE, "Emberclaw Wolf");
    let mirror = to_hand(&mut s, BOB, "Mirrorcast"); // copy a Rune; the copy may get new targets
    act(&mut s, ALICE, Action::Cast { card: bolt, targets: vec![TargetRef::Player(BOB)] });
    act(&mut s, ALICE, Action::Pass);
    act(&mut s, BOB, Action::Cast { card: mirror, targets: vec![TargetRef::Spell(bolt)] });
    pass_both(&mut s);
    assert_eq!(Certamen::to_act(&s), vec![BOB]);
    let legal = Certamen::legal_actions(&s, BOB);
    assert_eq!(
        legal[0],
        Action::ChooseTargets { targets: vec![TargetRef::Player(BOB)] },
        "keeping is offered first"
    );
    let at_wolf = Action::ChooseTargets { targets: vec![TargetRef::Permanent(wolf)] };
    assert!(legal.contains(&at_wolf));
    act(&mut s, BOB, at_wolf);
    pass_both(&mut s);
    assert!(s.permanent(wolf).is_none(), "the copy hit the new target");
    pass_both(&mut s);
    assert_eq!(s.players[BOB].vitality, 27, "the original kept its own");
}

#[test]
fn payment_spends_the_pool_before_tapping_any_pillar() {
    use cardtable::cards::certamen::Pillar;
    let mut s = main_phase(71);
    pillars(&mut s, ALICE, "Emberwake", 1);
    pillars(&mut s, ALICE, "Veilflux", 3);
    // An Umbrage resource an effect added ("add one resource of any pillar").
    s.players[ALICE].pool.pillars[Pillar::Umbrage as usize] = 1;
    let wolf = to_hand(&mut s, ALICE, "Emberclaw Wolf"); // 1E
    let cast = Action::Cast { card: wolf, targets: vec![] };
    assert!(Certamen::legal_actions(&s, ALICE).contains(&cast));
    act(&mut s, ALICE, cast);
    let untapped_veilflux =
        s.players[ALICE].field.iter().filter(|p| s.name_of(p) == "Veilflux Pillar" && !p.tapped).count();
    assert_eq!(untapped_veilflux, 3, "the Umbrage resource paid the generic part, not a Veilflux Pillar");
    assert_eq!(s.players[ALICE].pool.total(), 0);
}
