//! Spheres' tag team and Citadel (rulebook, *Multi-Player Rules*): the
//! rulebook sketches both modes and marks them untested; the rulings in
//! `docs/rulings/spheres.md` ("Tag team", "Citadel") complete them. Each
//! test is named after the section it checks and says which ruling.

use cardtable::cards::spheres::Zone;
use cardtable::engine::{MatchSetup, Rules, Seat, SeatSetup, SetupError, Viewer};
use cardtable::games::spheres::testing::{attack, click, demo_deck, demo_pool, labels, names, public, Table};
use cardtable::games::spheres::{setup::setup, Mode, Spheres, State, Step};

const A: Seat = Seat(0);
const B: Seat = Seat(1);
const C: Seat = Seat(2);
const D: Seat = Seat(3);

/// Four lords in `mode`: Alice & Carol against Bob & Dave (opposite seats).
fn four(mode: Mode) -> Table {
    let mut t = Table::new();
    t.lords(&["Alice", "Bob", "Carol", "Dave"]).mode(mode);
    t
}

/// Declines whatever `seat` is asked (or takes their first answer) until
/// `done` holds; the lords whose turn it was, in order.
fn play_until(s: &mut State, done: impl Fn(&State) -> bool) -> Vec<Seat> {
    let mut turns = vec![s.turn.active];
    for _ in 0..200 {
        if done(s) {
            return turns;
        }
        let seat = Spheres::to_act(s)[0];
        let a = Spheres::decline(s, seat).unwrap_or_else(|| Spheres::legal_actions(s, seat)[0].clone());
        Spheres::apply(s, seat, &a).unwrap();
        if turns.last() != Some(&s.turn.active) {
            turns.push(s.turn.active);
        }
    }
    panic!("not reached in 200 answers; turns {turns:?}");
}

fn sorted(mut v: Vec<Seat>) -> Vec<Seat> {
    v.sort();
    v
}

fn seats(n: usize) -> Vec<SeatSetup> {
    (0..n)
        .map(|i| SeatSetup { name: format!("P{i}"), deck_name: "demo".into(), deck: demo_deck(i % 2) })
        .collect()
}

fn make(n: usize, mode: &str, variant: Option<&str>) -> Result<State, SetupError> {
    let setup_ = MatchSetup {
        seed: 5,
        seats: seats(n),
        mode: Some(mode.into()),
        variant: variant.map(String::from),
        ..Default::default()
    };
    setup(&setup_, &demo_pool())
}

// ---- Tag team ----

/// Ruling "Tag team — who fights": one lord of each team is in battle; the
/// waiting lords are out of every range (no attack on them, none by them).
#[test]
fn multiplayer_tag_team_one_lord_of_each_team_fights_and_the_waiting_lords_are_out_of_range() {
    let mut t = four(Mode::TagTeam);
    t.creature(A, "Clockwork Sentry").step(Step::Battle);
    for seat in [B, C, D] {
        t.towers(seat, &["Mist Wraith"]).creature_with(seat, "Plague Rat", |c| c.engaged = true);
    }
    let s = t.build();
    assert_eq!(s.waiting, vec![C, D], "Alice and Bob fight first, Carol and Dave wait");
    assert_eq!(s.opponents(A), vec![B]);
    assert!(s.in_range(D).is_empty(), "a waiting lord reaches nobody");
    let offered = labels(&s, A);
    assert!(offered.iter().any(|l| l.contains("Bob's fortress")), "{offered:?}");
    assert!(!offered.iter().any(|l| l.contains("Dave") || l.contains("Carol")), "{offered:?}");
    // The board says who fights, who waits, and that our rulings complete the mode.
    let notes = Spheres::view(&s, Viewer::Public).notes;
    let note = notes.iter().find(|n| n.starts_with("Tag team")).unwrap_or_else(|| panic!("{notes:?}"));
    assert!(note.contains("Alice & Carol vs Bob & Dave"), "{note}");
    assert!(note.contains("waits outside battle"), "{note}");
    // Who fights is on the headline, who waits on their seats.
    let v = Spheres::view(&s, Viewer::Public);
    assert_eq!(v.headline, "Round 1 · Alice → Bob");
    let waits = |i: usize| v.seats[i].counters.iter().any(|(k, _)| k == "Waiting");
    assert!(waits(2) && waits(3) && !waits(0) && !waits(1), "{:?}", v.seats);
    assert!(note.contains("completed by our rulings"), "{note}");
}

/// Ruling "Tag team — tagging": at the start of its turn, before regroup,
/// the fighting lord may tag the waiting teammate in, once; the teammate
/// then plays that whole turn and the tagged-out lord waits.
#[test]
fn multiplayer_tag_team_a_team_may_tag_once_at_the_start_of_its_turn_and_the_new_lord_plays_it() {
    let mut t = four(Mode::TagTeam);
    t.step(Step::Regroup).hand(A, &["Plague Rat"]).hand(C, &["Ember Drake"]);
    t.creature_with(C, "Clockwork Sentry", |c| c.engaged = true);
    let mut s = t.build();
    assert_eq!(Spheres::to_act(&s), vec![A]);
    assert_eq!(labels(&s, A), ["Tag Carol in", "Fight on (no tag)"]);
    let ev = click(&mut s, A, "Tag Carol in");
    assert!(public(&ev).iter().any(|e| e.contains("Alice tags out")), "{:?}", public(&ev));
    assert_eq!(s.turn.active, C);
    assert_eq!(s.waiting, vec![D, A]);
    assert!(!s.lords[C].battlefield[0].engaged, "Carol's turn began with her regroup");
    assert_eq!(s.turn.step, Step::Crystal);
    assert!(!labels(&s, C).iter().any(|l| l.starts_with("Tag")), "one tag a turn: {:?}", labels(&s, C));
    assert_eq!(s.opponents(C), vec![B], "Carol fights Bob; Alice is out of range");
    assert!(s.in_range(A).is_empty());

    // Declining keeps the fighting lord in: "Fight on" goes to the regroup.
    let mut t = four(Mode::TagTeam);
    t.step(Step::Regroup).hand(A, &["Plague Rat"]);
    let mut s = t.build();
    click(&mut s, A, "Fight on");
    assert_eq!((s.turn.active, s.turn.step), (A, Step::Crystal));
    assert_eq!(s.waiting, vec![C, D]);
}

/// Ruling "Tag team — the waiting lord": no turn while waiting, so no
/// draw outside battle; the turn passes between the fighting lords.
#[test]
fn multiplayer_tag_team_the_waiting_lords_turn_is_skipped_and_draws_nothing() {
    let mut t = four(Mode::TagTeam);
    t.step(Step::Draw);
    for seat in [A, B, C, D] {
        t.deck(seat, &["Plague Rat", "Mist Wraith", "Veil Oracle"]).hand(seat, &["Stone Golem"]);
    }
    let mut s = t.build();
    assert_eq!(s.turn.active, B, "Alice drew and ended; Bob fights for his team");
    let turns = play_until(&mut s, |s| s.turn.active == A && s.turn.step != Step::Regroup);
    assert_eq!(turns, vec![B, A], "Carol and Dave wait: their turns are skipped");
    for w in [C, D] {
        assert_eq!(s.lords[w].hand.len(), 1, "{} drew nothing while waiting", s.name(w));
        assert_eq!(s.lords[w].deck.len(), 3);
    }
}

/// Ruling "Tag team — when a team is out", by default: the team is out
/// when its first lord falls (the waiting teammate leaves with them).
#[test]
fn multiplayer_tag_team_by_default_a_team_is_out_when_its_first_lord_falls() {
    let mut t = four(Mode::TagTeam);
    t.creature(A, "Clockwork Sentry").step(Step::Battle).towers(D, &["Mist Wraith"]);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Clockwork Sentry → Bob's fortress");
    assert!(!s.lords[B].alive && !s.lords[D].alive, "Dave leaves with Bob, towers or not");
    assert_eq!(s.outcome.expect("one team left").winners, vec![A, C]);
}

/// Ruling "Tag team — when a team is out", variant `both-fall`: the
/// waiting lord steps into battle when the fighting lord falls, and the
/// team is out when both have fallen. The variant belongs to tag team.
#[test]
fn multiplayer_tag_team_both_fall_the_waiting_lord_steps_in_and_the_team_is_out_when_both_fell() {
    let mut t = four(Mode::TagTeam);
    t.creature(A, "Clockwork Sentry").creature(A, "Brass Golem").step(Step::Battle);
    t.turn_with(|turn| turn.number = 5);
    let mut s = t.build();
    s.both_fall = true;
    attack(&mut s, A, "Attack with Clockwork Sentry → Bob's fortress");
    assert!(!s.lords[B].alive);
    assert!(s.outcome.is_none(), "Dave is still in the game");
    assert!(!s.waiting.contains(&D), "Dave steps into battle");
    assert_eq!(s.opponents(A), vec![D]);
    attack(&mut s, A, "Attack with Brass Golem → Dave's fortress");
    assert_eq!(s.outcome.expect("both fell").winners, vec![A, C]);

    let s = make(4, "tag-team", Some("both-fall")).unwrap();
    assert!(s.both_fall && s.mode == Mode::TagTeam);
    assert!(!make(4, "tag-team", None).unwrap().both_fall, "the first fall is the default");
    assert!(
        matches!(make(4, "teams", Some("both-fall")), Err(SetupError::Invalid(m)) if m.contains("tag-team"))
    );
    assert!(matches!(make(3, "tag-team", None), Err(SetupError::Invalid(m)) if m.contains("4 or 6")));
}

/// Hidden information (ruling "Tag team — teams"): a teammate sees nothing
/// of the other's hand; in tag team and Citadel alike.
#[test]
fn multiplayer_tag_team_and_citadel_a_teammate_sees_nothing_of_the_others_hand() {
    for mode in [Mode::TagTeam, Mode::Citadel] {
        let mut t = four(mode);
        t.hand(A, &["Siege Ogre"]).hand(C, &["Plague Rat"]).step(Step::Crystal);
        let s = t.build();
        let carol = Spheres::view(&s, Viewer::Seat(C));
        let hand: Vec<&str> = carol.hand.iter().flatten().map(|c| c.name.as_str()).collect();
        assert_eq!(hand.len(), 1, "{mode:?}: {hand:?}");
        assert!(hand[0].starts_with("Plague Rat"), "{mode:?}: {hand:?}");
        let shown = format!("{carol:?}");
        assert!(!shown.contains("Siege Ogre") && !shown.contains("Sabotage"), "{mode:?}: {shown}");
        for a in Spheres::legal_actions(&s, C) {
            let label = Spheres::describe(&s, C, &a).label;
            assert!(!label.contains("Siege Ogre"), "{mode:?}: {label}");
        }
        // The hidden-information checks hold Carol's every view and message
        // to this list: her teammate's hand is on it.
        assert!(Spheres::secrets(&s, Viewer::Seat(C)).iter().any(|n| n == "Siege Ogre"), "{mode:?}");
    }
}

// ---- Citadel ----

/// Ruling "Citadel — the team turn": both teammates act in any order
/// within each step; the first answer resolves first, and a lord's part
/// does not run ahead of the step the teammate is still in. Mana and
/// crystals stay each lord's own.
#[test]
fn multiplayer_citadel_both_teammates_act_in_any_order_within_a_step() {
    let mut t = four(Mode::Citadel);
    t.step(Step::Crystal)
        .hand(A, &["Plague Rat", "Ember Drake"])
        .hand(C, &["Clockwork Sentry", "Brass Golem"]);
    // Bob holds a card, so his team turn stops at his crystal step.
    t.hand(B, &["Mist Wraith"]).turn_with(|turn| turn.number = 5);
    let mut s = t.build();
    assert_eq!(sorted(Spheres::to_act(&s)), vec![A, C], "both may answer the crystal step");
    // Carol answers first: her crystal resolves; her part then waits for
    // Alice to finish the crystal step.
    click(&mut s, C, "Crystallize Clockwork Sentry");
    assert_eq!(names(&s, C, Zone::Vault), ["Clockwork Sentry"]);
    assert_eq!(Spheres::to_act(&s), vec![A], "Alice is still in step 3");
    assert!(Spheres::legal_actions(&s, C).is_empty());
    click(&mut s, A, "Crystallize Plague Rat");
    assert_eq!(sorted(Spheres::to_act(&s)), vec![A, C], "both in step 4 now");
    // Each pays from their own vault and hand: Carol is offered nothing of
    // Alice's hand, and her one crystal does not pay for her Brass Golem (4).
    let carol = labels(&s, C);
    assert!(!carol.iter().any(|l| l.contains("Ember Drake") || l.contains("Plague Rat")), "{carol:?}");
    assert!(!carol.iter().any(|l| l.contains("Summon Brass Golem")), "4 mana, one crystal: {carol:?}");
    // The mode is told in the first round (the headline names the teams
    // on every board after it).
    let later = Spheres::view(&s, Viewer::Public).notes;
    assert!(!later.iter().any(|n| n.starts_with("Citadel")), "round 2: {later:?}");
    let first = t.turn_with(|turn| turn.number = 1).build();
    let notes = Spheres::view(&first, Viewer::Public).notes;
    let note = notes.iter().find(|n| n.starts_with("Citadel")).unwrap_or_else(|| panic!("{notes:?}"));
    assert!(note.contains("one turn together") && note.contains("Alice & Carol"), "{note}");
    assert!(note.contains("completed by our rulings") && note.contains("Shared by a team"), "{note}");
    // The team turn is both lords': the headline names the team, and each
    // teammate's own prompt says they can act now.
    let v = Spheres::view(&s, Viewer::Public);
    assert_eq!(v.headline, "Round 1 · Alice & Carol → Bob & Dave");
    assert_eq!(v.prompt.as_deref(), Some("Waiting for Alice & Carol (Crystal or casting)"));
    for (seat, other) in [(A, "Carol"), (C, "Alice")] {
        let p = Spheres::view(&s, Viewer::Seat(seat)).prompt.unwrap();
        assert!(p.starts_with(&format!("Your team turn, {other} acts too · Cast spells")), "{p}");
    }
    // Both go to battle, then the team turn goes on to Bob & Dave.
    let turns = play_until(&mut s, |s| s.turn.active == B || s.turn.active == D);
    let (last, before) = turns.split_last().expect("turns");
    assert!(before.iter().all(|t| [A, C].contains(t)), "{turns:?}");
    assert!([B, D].contains(last));
    let mate = s.turn.mate.as_ref().expect("Bob & Dave's team turn").active;
    assert!(s.allies(mate, s.turn.active) && mate != s.turn.active);
}

/// Ruling "Citadel — shared creatures": every creature of the team is
/// readied once, at the start of the team turn, and stays engaged once used.
#[test]
fn multiplayer_citadel_shared_creatures_are_readied_once_for_the_team_turn() {
    let mut t = four(Mode::Citadel);
    t.step(Step::Regroup).turn_with(|turn| turn.number = 5);
    t.creature_with(A, "Clockwork Sentry", |c| c.engaged = true);
    t.creature_with(C, "Brass Golem", |c| c.engaged = true);
    // Dave holds a card, so the next team turn stops at his crystal step.
    t.towers(B, &["Mist Wraith", "Veil Oracle"]).hand(D, &["Plague Rat"]);
    let mut s = t.build();
    assert!(!s.lords[A].battlefield[0].engaged && !s.lords[C].battlefield[0].engaged, "both readied");
    assert_eq!(sorted(Spheres::to_act(&s)), vec![A, C]);
    attack(&mut s, A, "Attack with Clockwork Sentry → Bob's fortress");
    assert!(s.lords[A].battlefield[0].engaged);
    // The rest of the team turn (Carol's attack included) readies nothing
    // again, and neither does Bob & Dave's turn that follows.
    attack(&mut s, C, "Attack with Brass Golem → Bob's fortress");
    assert_eq!(Spheres::to_act(&s), vec![D], "Bob & Dave's team turn");
    assert!(s.lords[A].battlefield[0].engaged && s.lords[C].battlefield[0].engaged);
}

/// Ruling "Citadel — shared creatures": a ready creature of either
/// teammate may block an attack on the citadel; the attacked lord decides.
#[test]
fn multiplayer_citadel_a_teammates_creature_blocks_for_the_citadel() {
    let mut t = four(Mode::Citadel);
    t.active(B).step(Step::Battle).creature(B, "Clockwork Sentry").hand(B, &["Plague Rat"]);
    t.towers(A, &["Mist Wraith"]).creature(C, "Brass Golem");
    let mut s = t.build();
    attack(&mut s, B, "Attack with Clockwork Sentry → Alice's fortress");
    assert_eq!(Spheres::to_act(&s), vec![A]);
    assert_eq!(labels(&s, A), ["Block with Carol's Brass Golem", "No block"]);
    click(&mut s, A, "Block with Carol's Brass Golem");
    assert!(s.lords[C].battlefield[0].engaged, "Carol's Golem engaged for the team");
    assert_eq!(names(&s, B, Zone::Groove), ["Clockwork Sentry"], "5 + 2 defending beats 3");
    assert_eq!(s.lords[A].towers.len(), 1);
}

/// Ruling "Citadel — shared towers": a siege of the citadel may break a
/// tower of either teammate (the attacker chooses whose); the destroyed
/// tower and the card energized with it go to the groove of the lord who
/// fortified it, who then may retaliate.
#[test]
fn multiplayer_citadel_a_destroyed_shared_tower_energizes_its_owners_groove() {
    let mut t = four(Mode::Citadel);
    t.active(B).step(Step::Battle).creature(B, "Clockwork Sentry");
    t.towers(A, &["Mist Wraith"])
        .towers(C, &["Veil Oracle"])
        .deck(C, &["Plague Rat"])
        .hand(C, &["Frost Lance"]);
    t.spells(C, &["Blessing of Light"]);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Clockwork Sentry → Alice's fortress");
    let offered = labels(&s, B);
    assert_eq!(
        offered,
        ["Destroy a tower of Alice", "Destroy a tower of Carol", "Destroy Carol's Blessing of Light"]
    );
    click(&mut s, B, "Destroy a tower of Carol");
    assert!(s.lords[C].towers.is_empty() && s.lords[A].towers.len() == 1);
    assert_eq!(names(&s, C, Zone::Groove).len(), 2, "Carol's tower and her deck's top card");
    assert!(s.lords[A].groove.is_empty());
    assert_eq!(Spheres::to_act(&s), vec![C], "Carol, whose groove filled, may retaliate");
}

/// Ruling "Citadel — shared towers": a lord whose own towers are gone is
/// not destroyed while the citadel has a tower; the siege that finds no
/// tower in the whole citadel destroys both teammates.
#[test]
fn multiplayer_citadel_the_citadel_falls_only_when_both_lords_towers_are_gone() {
    let mut t = four(Mode::Citadel);
    t.active(B).step(Step::Battle).creature(B, "Clockwork Sentry").creature(B, "Brass Golem");
    t.towers(C, &["Veil Oracle"]).turn_with(|turn| turn.number = 5);
    let mut s = t.build();
    attack(&mut s, B, "Attack with Clockwork Sentry → Alice's fortress");
    assert!(s.lords[A].alive, "Carol's tower stood in the citadel");
    assert!(s.lords[C].towers.is_empty(), "the only tower left was Carol's");
    assert_eq!(names(&s, C, Zone::Groove), ["Veil Oracle"], "Carol's tower, in Carol's groove");
    let ev = attack(&mut s, B, "Attack with Brass Golem → Alice's fortress");
    assert!(!s.lords[A].alive && !s.lords[C].alive);
    assert_eq!(s.outcome.expect("one team left").winners, vec![B, D]);
    assert!(public(&ev).iter().any(|e| e.contains("citadel of Alice and Carol falls")), "{:?}", public(&ev));
}

/// Ruling "Citadel — shared creatures": either teammate may attack with
/// any ready creature of the team, their own or the other's, each once
/// per team turn; the lord who declares the attack controls the creature
/// for it (its siege trigger draws for that lord, from their deck), and
/// blocks, sieges and the defender's energy work as for any attack.
#[test]
fn multiplayer_citadel_either_lord_attacks_with_any_team_creature() {
    let mut t = four(Mode::Citadel);
    t.step(Step::Battle).turn_with(|turn| turn.number = 5);
    t.creature(A, "Siege Ogre").creature(C, "Brass Golem");
    t.deck(A, &["Plague Rat", "Mist Wraith"]).deck(C, &["Veil Oracle", "Ember Drake"]);
    t.towers(B, &["Mist Wraith", "Veil Oracle", "Stone Golem"]).creature(D, "Clockwork Sentry");
    let mut s = t.build();
    assert_eq!(sorted(Spheres::to_act(&s)), vec![A, C], "both lords are in their battle step");
    // Each is offered the team's two creatures, the teammate's named as theirs.
    let alice = labels(&s, A);
    assert!(alice.iter().any(|l| l == "Attack with Siege Ogre → Bob's fortress"), "{alice:?}");
    assert!(alice.iter().any(|l| l == "Attack with Carol's Brass Golem → Bob's fortress"), "{alice:?}");
    let carol = labels(&s, C);
    assert!(carol.iter().any(|l| l == "Attack with Alice's Siege Ogre → Dave's fortress"), "{carol:?}");
    assert!(carol.iter().any(|l| l == "Attack with Brass Golem → Bob's fortress"), "{carol:?}");

    // Carol attacks with Alice's Ogre; Bob, attacked, may block with Dave's Sentry.
    let ev = attack(&mut s, C, "Attack with Alice's Siege Ogre → Bob's fortress");
    assert!(
        public(&ev).iter().any(|e| e.contains("Carol attacks Bob's fortress with Siege Ogre")),
        "{:?}",
        public(&ev)
    );
    assert_eq!(Spheres::to_act(&s), vec![B]);
    assert_eq!(labels(&s, B), ["Block with Dave's Clockwork Sentry", "No block"]);
    click(&mut s, B, "No block");
    assert_eq!(s.lords[B].towers.len(), 1, "the Ogre's siege destroys one more");
    assert_eq!(s.lords[C].hand.len(), 2, "its trigger drew for Carol, who declared the attack");
    assert!(s.lords[A].hand.is_empty() && s.lords[A].deck.len() == 2, "Alice drew nothing");
    assert!(s.lords[A].battlefield[0].engaged, "the Ogre stays on Alice's side, engaged for the team");
    for seat in [A, C] {
        let offered = labels(&s, seat);
        assert!(!offered.iter().any(|l| l.contains("Siege Ogre")), "once a team turn: {offered:?}");
    }

    // Alice attacks with Carol's Golem; Dave's Sentry blocks it for Bob.
    attack(&mut s, A, "Attack with Carol's Brass Golem → Bob's fortress");
    click(&mut s, B, "Block with Dave's Clockwork Sentry");
    assert!(s.lords[C].battlefield[0].engaged, "Carol's Golem attacked once, for Alice");
    assert_eq!(
        names(&s, D, Zone::Groove),
        ["Clockwork Sentry"],
        "5 beats 3: Dave's Sentry, in Dave's groove"
    );
    assert_eq!(s.lords[B].towers.len(), 1, "the blocked attack laid no siege");
    assert!(!labels(&s, A).iter().chain(labels(&s, C).iter()).any(|l| l.starts_with("Attack")));
}

/// *Multiplayer — Citadel*: "creatures, towers, active spells are shared
/// by both players". A shared active spell reads the team: Carol's Taproot
/// Vigor ("Your Nature creatures get +1 strength") raises her teammate
/// Alice's Nature creature as well as her own, and no opponent's; in team
/// play, where nothing is shared, it raises Carol's alone.
#[test]
fn multiplayer_citadel_a_shared_active_spell_reads_your_creatures_as_the_teams() {
    use cardtable::cards::Catalog;
    use cardtable::games::spheres::abilities::strength;
    use cardtable::games::spheres::testing::Table;
    use std::sync::Arc;
    let pool =
        Arc::new(cardtable::cards::spheres::SpheresDb::embedded().expect("the Spheres collection loads"));
    let calf = |s: &State, seat: Seat| {
        let c =
            s.lords[seat].battlefield.iter().find(|c| s.def(c.uid).creature.name == "Tusker Calf").unwrap();
        strength(s, c.uid)
    };
    let mut strengths = Vec::new();
    for mode in [Mode::Citadel, Mode::Teams] {
        let mut t = Table::with_pool(pool.clone());
        t.lords(&["Alice", "Bob", "Carol", "Dave"]).mode(mode);
        t.spells(C, &["Taproot Vigor"]);
        for seat in [A, B, C, D] {
            t.creature(seat, "Tusker Calf");
        }
        let s = t.build();
        strengths.push((mode, [A, B, C, D].map(|seat| calf(&s, seat))));
    }
    let printed = strengths[1].1[1];
    assert_eq!(strengths[0].1, [printed + 1, printed, printed + 1, printed], "Citadel: the team's creatures");
    assert_eq!(strengths[1].1, [printed, printed, printed + 1, printed], "teams: Carol's own only");
}
