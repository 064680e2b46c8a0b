//! Spheres multi-player rules (rulebook, *Multi-Player Rules*): destroying
//! a lord, spell and attack range in each game play mode, team play.

use cardtable::cards::spheres::Zone;
use cardtable::engine::{MatchSetup, Rules, Seat, SeatSetup, SetupError};
use cardtable::games::spheres::testing::{attack, click, demo_deck, demo_pool, labels, names, Table};
use cardtable::games::spheres::{setup::setup, Mode, Spheres, Step};

const A: Seat = Seat(0);
const B: Seat = Seat(1);
const C: Seat = Seat(2);
const D: Seat = Seat(3);

/// Alice's Clockwork Sentry ready to attack in a table of `n` lords in `mode`,
/// each other lord with a tower and an engaged Plague Rat.
fn table(n: usize, mode: Mode) -> Table {
    let all = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];
    let mut t = Table::new();
    t.lords(&all[..n]).mode(mode).creature(A, "Clockwork Sentry").hand(A, &["Plague Rat"]).step(Step::Battle);
    for i in 1..n {
        let seat = Seat(i as u8);
        t.towers(seat, &["Mist Wraith"]).creature_with(seat, "Plague Rat", |c| c.engaged = true);
    }
    t
}

/// The lords Alice may attack (siege), by name, in offer order.
fn siege_targets(s: &cardtable::games::spheres::State) -> Vec<String> {
    labels(s, A)
        .into_iter()
        .filter_map(|l| {
            l.strip_prefix("Attack with Clockwork Sentry → ")
                .and_then(|r| r.strip_suffix("'s fortress"))
                .map(String::from)
        })
        .collect()
}

#[test]
fn multiplayer_free_for_all_every_lord_is_in_attack_range() {
    let s = table(5, Mode::FreeForAll).build();
    assert_eq!(siege_targets(&s), ["Bob", "Carol", "Dave", "Erin"]);
}

#[test]
fn multiplayer_limited_range_only_the_adjacent_lords_can_be_attacked() {
    let s = table(5, Mode::LimitedRange).build();
    assert_eq!(siege_targets(&s), ["Bob", "Erin"]);
    // Creatures of lords out of range are no targets either.
    assert!(!labels(&s, A).iter().any(|l| l.contains("Carol") || l.contains("Dave")), "{:?}", labels(&s, A));
}

#[test]
fn multiplayer_limited_range_is_recomputed_when_a_lord_is_destroyed() {
    let mut t = table(5, Mode::LimitedRange);
    t.turn_with(|turn| turn.plan.clear());
    let mut s = t.build();
    s.lords[B].towers.clear();
    attack(&mut s, A, "Attack with Clockwork Sentry → Bob's fortress");
    assert!(!s.lords[B].alive, "Bob's fortress fell with no tower left");
    assert!(s.outcome.is_none(), "three lords still play");
    let reach: Vec<&str> = s.opponents(A).into_iter().map(|o| s.name(o)).collect();
    assert_eq!(reach, ["Carol", "Erin"], "Carol is Alice's neighbour now");
}

#[test]
fn multiplayer_destroying_a_lord_eliminates_them_and_fortifies_a_tower_from_the_top_of_the_deck() {
    let mut t = table(3, Mode::FreeForAll);
    t.deck(A, &["Veil Oracle", "Stone Golem"]);
    let mut s = t.build();
    s.lords[B].towers.clear();
    let towers = s.lords[A].towers.len();
    let ev = attack(&mut s, A, "Attack with Clockwork Sentry → Bob's fortress");
    assert!(!s.lords[B].alive);
    assert!(s.lords[B].battlefield.is_empty(), "the fallen lord's creatures leave the battlefield");
    assert_eq!(names(&s, B, Zone::Trash), ["Plague Rat"]);
    assert_eq!(s.lords[A].towers.len(), towers + 1);
    assert_eq!(names(&s, A, Zone::Deck), ["Stone Golem"], "the tower came from the top of the deck");
    assert!(cardtable::games::spheres::testing::public(&ev)
        .iter()
        .any(|e| e.contains("fortifies a new tower")));
    assert!(s.outcome.is_none());
    assert_eq!(Spheres::to_act(&s), vec![A], "Alice's turn goes on");
}

#[test]
fn multiplayer_the_last_lord_to_survive_wins() {
    let mut s = table(3, Mode::FreeForAll).build();
    s.lords[B].towers.clear();
    s.lords[C].alive = false;
    attack(&mut s, A, "Attack with Clockwork Sentry → Bob's fortress");
    assert_eq!(s.outcome.expect("game over").winners, vec![A]);
}

#[test]
fn multiplayer_turn_order_is_clockwise_and_skips_fallen_lords() {
    let mut t = table(4, Mode::FreeForAll);
    t.step(Step::End).hand(B, &["Plague Rat"]).hand(C, &["Plague Rat"]).hand(D, &["Plague Rat"]);
    assert_eq!(t.build().turn.active, B, "Bob follows Alice");
    t.step(Step::Battle);
    let mut s = t.build();
    assert_eq!(s.turn.active, A);
    s.lords[B].alive = false;
    // Whatever is asked at the end of Alice's turn, pass until someone else acts.
    let mut guard = 0;
    while s.turn.active == A && guard < 20 {
        let seat = Spheres::to_act(&s)[0];
        let a = Spheres::decline(&s, seat).unwrap_or_else(|| Spheres::legal_actions(&s, seat)[0].clone());
        Spheres::apply(&mut s, seat, &a).unwrap();
        guard += 1;
    }
    assert_eq!(s.turn.active, C, "Bob is out, so Carol is next clockwise");
}

#[test]
fn multiplayer_team_play_teammates_sit_opposite_and_are_never_in_range() {
    let s = table(4, Mode::Teams).build();
    assert_eq!(s.team(A), s.team(C));
    assert_eq!(s.team(B), s.team(D));
    assert_eq!(siege_targets(&s), ["Bob", "Dave"]);
    let s6 = table(6, Mode::Teams).build();
    assert!(s6.allies(A, Seat(3)), "in six, seats 0 and 3 sit opposite");
    assert_eq!(siege_targets(&s6), ["Bob", "Frank"]);
}

#[test]
fn multiplayer_team_play_the_last_team_standing_wins_with_its_fallen_member() {
    let mut s = table(4, Mode::Teams).build();
    s.lords[C].alive = false; // Alice's teammate already fell
    s.lords[B].alive = false;
    s.lords[D].towers.clear();
    attack(&mut s, A, "Attack with Clockwork Sentry → Dave's fortress");
    let o = s.outcome.expect("the other team is gone");
    assert_eq!(o.winners, vec![A, C]);
}

#[test]
fn multiplayer_spell_range_matches_attack_range() {
    // Frost Lance destroys a creature of either lord: in limited range only
    // the neighbours' creatures are offered (Alice has none).
    let mut t = Table::new();
    t.lords(&["Alice", "Bob", "Carol", "Dave", "Erin"]).mode(Mode::LimitedRange);
    t.vault(A, &["Mist Wraith", "Mist Wraith"]).hand(A, &["Mist Wraith"]).step(Step::Main);
    for i in 1..5 {
        t.creature(Seat(i), "Plague Rat");
    }
    let mut s = t.build();
    click(&mut s, A, "Cast Frost Lance");
    let offered = labels(&s, A);
    assert_eq!(offered, ["Destroy: aim at Bob", "Destroy: aim at Erin", "Cancel"]);
}

#[test]
fn multiplayer_a_concession_mid_game_leaves_the_others_playing() {
    let mut s = table(3, Mode::FreeForAll).build();
    let ev = Spheres::concede(&mut s, B);
    assert!(s.outcome.is_none());
    assert!(!s.lords[B].alive);
    assert!(cardtable::games::spheres::testing::public(&ev).iter().any(|e| e.contains("concedes")));
    assert_eq!(siege_targets(&s), ["Carol"]);
    Spheres::concede(&mut s, C);
    assert_eq!(s.outcome.expect("one lord left").winners, vec![A]);
}

fn seats(n: usize) -> Vec<SeatSetup> {
    (0..n)
        .map(|i| SeatSetup { name: format!("P{i}"), deck_name: "demo".into(), deck: demo_deck(i % 2) })
        .collect()
}

#[test]
fn multiplayer_setup_seats_two_to_six_lords_and_team_play_needs_teams_of_two() {
    let db = demo_pool();
    let make = |n: usize, mode: Option<&str>| {
        setup(
            &MatchSetup { seed: 3, seats: seats(n), mode: mode.map(String::from), ..Default::default() },
            &db,
        )
    };
    for n in 2..=6 {
        let s = make(n, None).unwrap_or_else(|e| panic!("{n} lords: {e}"));
        assert_eq!(s.lords.len(), n);
        assert!(s.lords.iter().all(|(_, l)| l.towers.len() == 5 && l.hand.len() == 5));
    }
    assert!(matches!(make(7, None), Err(SetupError::Invalid(m)) if m.contains("2 to 6")));
    assert!(matches!(make(3, Some("teams")), Err(SetupError::Invalid(m)) if m.contains("4 or 6")));
    assert!(matches!(make(4, Some("chaos")), Err(SetupError::Invalid(m)) if m.contains("free-for-all")));
    assert_eq!(make(6, Some("teams")).unwrap().mode, Mode::Teams);
    assert_eq!(make(5, Some("limited-range")).unwrap().mode, Mode::LimitedRange);
}

#[test]
fn multiplayer_the_board_names_the_mode_the_teams_and_who_is_in_range() {
    let s = table(4, Mode::Teams).build();
    let v = Spheres::view(&s, cardtable::engine::Viewer::Public);
    let note =
        v.notes.iter().find(|n| n.starts_with("Team play: Alice & Carol vs Bob & Dave.")).expect("team note");
    // Range in team play (rulings, "Range"): attacks reach the opponents
    // beside a lord; "either lord" spells reach a teammate beside them too.
    assert!(note.contains("can attack the opponents next to them"), "{note}");
    assert!(note.contains("teammate"), "{note}");
    assert_eq!(v.headline, "Round 1 · Alice → Bob → Carol → Dave");
}

/// Multi-player rules, turn order: the headline counts rounds (a turn of
/// every living lord) and names the living lords in turn order from the
/// lord who plays now; a fallen lord is one short line on the board.
#[test]
fn multiplayer_turn_order_the_headline_counts_rounds_and_a_fallen_lord_is_one_line() {
    let mut t = table(4, Mode::FreeForAll);
    t.step(Step::End).hand(B, &["Plague Rat"]).hand(C, &["Plague Rat"]).hand(D, &["Plague Rat"]);
    let mut s = t.build();
    assert_eq!(s.turn.active, B);
    let public = |s: &cardtable::games::spheres::State| Spheres::view(s, cardtable::engine::Viewer::Public);
    assert_eq!(public(&s).headline, "Round 1 · Bob → Carol → Dave → Alice");
    Spheres::concede(&mut s, C);
    let guard = (0..60).find(|_| {
        if s.turn.active == A {
            return true;
        }
        let seat = Spheres::to_act(&s)[0];
        let a = Spheres::decline(&s, seat).unwrap_or_else(|| Spheres::legal_actions(&s, seat)[0].clone());
        Spheres::apply(&mut s, seat, &a).unwrap();
        false
    });
    assert!(guard.is_some(), "Alice's turn came round again");
    let v = public(&s);
    assert_eq!(v.headline, "Round 2 · Alice → Bob → Dave", "Alice begins the second round; Carol is out");
    let carol = &v.seats[2];
    assert!(!carol.alive);
    assert_eq!(carol.counters, vec![("Fell in round".to_string(), "1".to_string())]);
    assert!(carol.zones.is_empty(), "{carol:?}");
}

/// Multi-player rules, a destroyed or conceding lord: they leave the game
/// with everything of theirs. Bob's Overcast ("opposing creatures with
/// strength 2 or less cannot attack") stops Alice's Cloudkin Herald while
/// Bob plays, and stops nothing once he has conceded.
#[test]
fn multiplayer_a_fallen_lords_active_spells_leave_play_with_them() {
    let pool = {
        use cardtable::cards::Catalog;
        std::sync::Arc::new(cardtable::cards::spheres::SpheresDb::embedded().unwrap())
    };
    let mut t = Table::with_pool(pool);
    t.lords(&["Alice", "Bob", "Carol"])
        .mode(Mode::FreeForAll)
        .creature(A, "Cloudkin Herald")
        .step(Step::Battle);
    t.towers(B, &["Cloudkin Herald"]).towers(C, &["Cloudkin Herald"]).spells(B, &["Overcast"]);
    for seat in [A, B, C] {
        t.deck(seat, &["Cloudkin Herald", "Cloudkin Herald"]).hand(seat, &["Cloudkin Herald"]);
    }
    let mut s = t.build();
    let herald = s.lords[A].battlefield[0].uid;
    let stopped = |s: &cardtable::games::spheres::State| {
        cardtable::games::spheres::abilities::has_static(s, herald, |st| {
            *st == cardtable::cards::spheres::Static::CannotAttack
        })
    };
    assert!(stopped(&s), "Overcast stops a strength-2 creature");
    let overcast = s.lords[B].spells[0];
    Spheres::concede(&mut s, B);
    assert!(s.outcome.is_none(), "Alice and Carol play on: {:?}", s.outcome);
    assert!(s.lords[B].spells.is_empty(), "Bob's active spells left play");
    assert!(s.lords[B].trash.contains(&overcast), "Overcast went to Bob's trash");
    assert!(!stopped(&s), "nothing of Bob's has effect any more");
}

/// Multi-player rules: a lord destroyed while others play on is out, and
/// nobody has won yet; the board must not say that the attacker won.
#[test]
fn multiplayer_a_fortress_falling_in_a_game_that_goes_on_names_no_winner() {
    let mut t = table(3, Mode::FreeForAll);
    t.deck(A, &["Stone Golem"]);
    let mut s = t.build();
    s.lords[B].towers.clear();
    let ev = attack(&mut s, A, "Attack with Clockwork Sentry → Bob's fortress");
    let said = cardtable::games::spheres::testing::public(&ev);
    assert!(said.iter().any(|e| e.contains("Bob is out of the game")), "{said:?}");
    assert!(!said.iter().any(|e| e.contains("wins")), "{said:?}");
}

/// Multi-player rules, team play with the rulings' spell range: "either
/// lord" is oneself or any lord in range, a teammate too once they are in
/// range. Six lords, Alice (seat 0) and her teammate Dave (seat 3): with
/// Bob and Carol fallen, Dave is her neighbour, and an "either lord"
/// effect (Gorge on Bones) may reach him, while "an opponent" still never
/// does.
#[test]
fn multiplayer_team_play_either_lord_reaches_a_teammate_in_range() {
    use cardtable::cards::spheres::Lord as LordRef;
    use cardtable::games::spheres::select::lords_for;
    let mut s = table(6, Mode::Teams).build();
    assert!(!lords_for(&s, A, LordRef::Either).contains(&D), "Dave sits opposite, out of range");
    s.lords[B].alive = false;
    s.lords[C].alive = false;
    assert_eq!(s.in_range(A), vec![D, Seat(5)], "Dave and Frank are Alice's neighbours now");
    assert_eq!(lords_for(&s, A, LordRef::Either), vec![A, D, Seat(5)]);
    assert_eq!(lords_for(&s, A, LordRef::Opponent), vec![Seat(5)], "never a teammate as an opponent");
}

/// Multi-player rules, spell range for standing effects (see the rulings,
/// "Range"): in limited range Bob's Overcast stops the strength-2
/// creatures of the lords beside him, not Dave's, two seats away.
#[test]
fn multiplayer_limited_range_an_active_spell_reaches_only_lords_in_range() {
    let pool = {
        use cardtable::cards::Catalog;
        std::sync::Arc::new(cardtable::cards::spheres::SpheresDb::embedded().unwrap())
    };
    let mut t = Table::with_pool(pool);
    t.lords(&["Alice", "Bob", "Carol", "Dave", "Erin"]).mode(Mode::LimitedRange).spells(B, &["Overcast"]);
    for seat in [A, C, D] {
        t.creature(seat, "Cloudkin Herald");
    }
    let s = t.build();
    let stopped = |seat: Seat| {
        let uid = s.lords[seat].battlefield[0].uid;
        cardtable::games::spheres::abilities::has_static(&s, uid, |st| {
            *st == cardtable::cards::spheres::Static::CannotAttack
        })
    };
    assert!(stopped(A) && stopped(C), "Alice and Carol sit beside Bob");
    assert!(!stopped(D), "Dave is out of Bob's range");
}

/// Multi-player rules, every game play mode at 4 and 6 lords: in random
/// games, at every decision each offered answer has a label of its own
/// (names repeat across lords, so labels must say whose card) of at most
/// 80 characters, and every offered attack targets a lord the board shows
/// in range of the attacker.
#[test]
fn multiplayer_every_mode_offers_distinct_short_labels_and_attacks_only_in_range() {
    use cardtable::engine::{random_playout, GameRng};
    use cardtable::games::spheres::legal::as_member;
    use cardtable::games::spheres::{Action, State};
    let db = demo_pool();
    let modes: [(&str, Option<&str>); 6] = [
        ("free-for-all", None),
        ("limited-range", None),
        ("teams", None),
        ("tag-team", None),
        ("tag-team", Some("both-fall")),
        ("citadel", None),
    ];
    let mut problems = Vec::new();
    for (mode, variant) in modes {
        for n in [4, 6] {
            for seed in 0..6u64 {
                let m = MatchSetup {
                    seed,
                    seats: seats(n),
                    mode: Some(mode.into()),
                    variant: variant.map(String::from),
                    ..Default::default()
                };
                let mut s = setup(&m, &db).unwrap();
                let mut check = |s: &State, k: usize| {
                    for seat in Spheres::to_act(s) {
                        let mut seen: Vec<String> = Vec::new();
                        for a in Spheres::legal_actions(s, seat) {
                            let label = Spheres::describe(s, seat, &a).label;
                            let at = format!("{mode} {n} lords seed {seed} action {k} {}", s.name(seat));
                            if label.chars().count() > 80 {
                                problems.push(format!("{at}: long label {label:?}"));
                            }
                            if seen.contains(&label) {
                                problems.push(format!("{at}: label {label:?} twice"));
                            }
                            seen.push(label.clone());
                            if let Action::Attack { lord, .. } = a {
                                let me = as_member(s, seat);
                                if !me.opponents(me.turn.active).contains(&lord) {
                                    problems.push(format!("{at}: attack on a lord out of range: {label}"));
                                }
                            }
                        }
                    }
                };
                check(&s, 0);
                let mut rng = GameRng::from_seed(seed ^ 0x7a6_7ea3);
                random_playout::<Spheres>(&mut s, &mut rng, 20_000, &mut check).unwrap();
            }
        }
    }
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems[..problems.len().min(40)].join("\n")
    );
}
