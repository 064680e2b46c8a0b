//! Spheres deck assembly (rulebook, *Deck Assembly*): each method's rules,
//! played through the engine with the embedded collection.

use cardtable::cards::spheres::DECK_SIZE;
use cardtable::engine::{GameRng, MatchSetup, Rules, Seat, SeatSetup, SetupError, Viewer};
use cardtable::games::spheres::assembly::Method;

/// The rulebook's pack (*Deck Assembly — Closed Draft*: "13 cards to
/// each player"), written here rather than read from the code under test.
const PACK: usize = 13;
use cardtable::games::spheres::{card_count, check_invariants, Action, Spheres, State};
use cardtable::games::{AnyState, GameId, Library};

const A: Seat = Seat(0);
const B: Seat = Seat(1);
const C: Seat = Seat(2);

fn library() -> Library {
    Library::embedded().expect("the embedded cards load")
}

/// A setup of `n` lords under `assembly`, each bringing the first starter deck.
fn setup_of(library: &Library, n: usize, assembly: &str, seed: u64) -> MatchSetup {
    let game = GameId::parse("spheres").unwrap();
    let decks = library.catalog(game).starter_decks();
    let names = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];
    MatchSetup {
        seed,
        assembly: Some(assembly.into()),
        seats: (0..n)
            .map(|i| {
                let d = &decks[i % decks.len()];
                SeatSetup { name: names[i].into(), deck_name: d.name.clone(), deck: d.cards.clone() }
            })
            .collect(),
        ..Default::default()
    }
}

fn start(n: usize, assembly: &str, seed: u64) -> State {
    let library = library();
    let game = GameId::parse("spheres").unwrap();
    match AnyState::setup(game, &setup_of(&library, n, assembly, seed), &library).unwrap() {
        AnyState::Spheres(s) => *s,
        #[allow(unreachable_patterns)]
        _ => unreachable!("a Spheres setup"),
    }
}

fn picks(s: &State, seat: Seat) -> usize {
    s.assembly.as_ref().map_or(0, |d| d.picks[seat].len())
}

/// Takes the first choice of `seat`.
fn first(s: &mut State, seat: Seat) {
    let a = Spheres::legal_actions(s, seat)[0].clone();
    Spheres::apply(s, seat, &a).unwrap();
}

/// Random picks (invariants checked) until the decks are built.
fn draft_to_the_end(s: &mut State, seed: u64) {
    let mut rng = GameRng::from_seed(seed);
    let mut n = 0;
    while s.assembly.is_some() && s.outcome.is_none() {
        let to_act = Spheres::to_act(s);
        assert!(!to_act.is_empty(), "a draft with nobody to pick");
        let seat = to_act[rng.below(to_act.len())];
        let legal = Spheres::legal_actions(s, seat);
        let a = legal[rng.below(legal.len())].clone();
        Spheres::apply(s, seat, &a).unwrap();
        check_invariants(s).unwrap();
        n += 1;
        assert!(n < 5_000, "the draft does not end");
    }
}

fn assert_play_began(s: &State, n: usize) {
    assert!(s.assembly.is_none());
    for i in 0..n {
        let seat = Seat(i as u8);
        assert_eq!(card_count(s, seat), DECK_SIZE, "{seat} holds a 48-card deck");
        assert_eq!(s.lords[seat].towers.len(), 5);
    }
    check_invariants(s).unwrap();
    assert!(!Spheres::to_act(s).is_empty());
}

#[test]
fn deck_assembly_closed_draft_deals_13_card_packs_and_everyone_picks_at_once() {
    let s = start(3, "closed-draft", 1);
    let d = s.assembly.as_ref().unwrap();
    assert_eq!(d.method, Method::ClosedDraft);
    for seat in [A, B, C] {
        assert_eq!(d.packs[seat].len(), 1);
        assert_eq!(d.packs[seat][0].len(), PACK);
    }
    assert_eq!(Spheres::to_act(&s), vec![A, B, C], "every lord with a pack picks now");
    assert!(s.cards.is_empty(), "no card is dealt before the decks are built");
}

#[test]
fn deck_assembly_closed_draft_passes_left_then_right() {
    let mut s = start(3, "closed-draft", 2);
    first(&mut s, A);
    // First packs go clockwise: Alice's pack (12 left) waits behind Bob's own.
    let d = s.assembly.as_ref().unwrap();
    assert_eq!(d.packs[B].len(), 2);
    assert_eq!(d.packs[B][1].len(), PACK - 1);
    assert!(d.packs[A].is_empty());
    assert_eq!(Spheres::to_act(&s), vec![B, C], "Alice waits for a pack");
    // Finish the first packs: 12 picks each.
    while s.assembly.as_ref().unwrap().round == 0 {
        let seat = Spheres::to_act(&s)[0];
        first(&mut s, seat);
    }
    for seat in [A, B, C] {
        assert_eq!(picks(&s, seat), PACK - 1);
    }
    // Second packs go counter-clockwise: Alice's reaches Carol.
    first(&mut s, A);
    let d = s.assembly.as_ref().unwrap();
    assert_eq!(d.packs[C].len(), 2);
    assert_eq!(d.packs[C][1].len(), PACK - 1);
    assert_eq!(d.packs[B].len(), 1);
}

#[test]
fn deck_assembly_closed_draft_discards_the_13th_card_of_each_pack() {
    let mut s = start(2, "closed-draft", 3);
    while s.assembly.as_ref().unwrap().round == 0 {
        let seat = Spheres::to_act(&s)[0];
        first(&mut s, seat);
    }
    let d = s.assembly.as_ref().unwrap();
    assert_eq!(d.discarded.len(), 2, "one card of each pack is left over");
    assert_eq!(picks(&s, A), 12);
    assert_eq!(picks(&s, B), 12);
    assert_eq!(d.packs[A][0].len(), PACK, "new packs are dealt");
}

#[test]
fn deck_assembly_closed_draft_one_slow_lord_does_not_block_the_others() {
    let mut s = start(3, "closed-draft", 4);
    // Carol never picks; Alice and Bob keep picking what reaches them.
    let mut made = 0;
    loop {
        let who: Vec<Seat> = Spheres::to_act(&s).into_iter().filter(|x| *x != C).collect();
        let Some(seat) = who.first().copied() else { break };
        first(&mut s, seat);
        made += 1;
    }
    assert!(made >= 3, "Alice and Bob picked {made} times without Carol");
    assert_eq!(Spheres::to_act(&s), vec![C], "in the end only Carol holds packs");
    assert!(s.assembly.as_ref().unwrap().packs[C].len() >= 2);
}

#[test]
fn deck_assembly_closed_draft_builds_48_card_decks_then_play_begins() {
    for n in [2, 3, 6] {
        let mut s = start(n, "closed-draft", 10 + n as u64);
        draft_to_the_end(&mut s, 5);
        assert_play_began(&s, n);
    }
}

#[test]
fn deck_assembly_open_draft_row_of_one_more_than_the_lords_and_the_first_picker_turns() {
    let mut s = start(2, "open-draft", 5);
    let d = s.assembly.as_ref().unwrap();
    assert_eq!(d.row.len(), 3);
    let leader = d.leader;
    let other = Seat(1 - leader.0);
    assert_eq!(Spheres::to_act(&s), vec![leader]);
    first(&mut s, leader);
    assert_eq!(Spheres::to_act(&s), vec![other], "clockwise");
    first(&mut s, other);
    let d = s.assembly.as_ref().unwrap();
    assert_eq!(d.discarded.len(), 1, "the row's last card is discarded");
    assert_eq!(d.row.len(), 3, "a new row is turned face up");
    assert_eq!(Spheres::to_act(&s), vec![other], "the first picker rotates");
    // The row is public: everyone sees it, and every pick from it.
    let public = Spheres::view(&s, Viewer::Public);
    assert_eq!(public.shared[0].cards.len(), 3);
    assert!(!public.shared[0].cards[0].name.starts_with("face-down"));
    let d = s.assembly.as_ref().unwrap();
    let taken = &s.db().card(d.picks[leader][0]).creature.name;
    let in_row = &s.db().card(d.row[0]).creature.name;
    let public = Spheres::secrets(&s, Viewer::Public);
    assert!(!public.contains(taken) && !public.contains(in_row), "face-up cards are no secret");
    draft_to_the_end(&mut s, 6);
    assert_play_began(&s, 2);
}

#[test]
fn deck_assembly_blind_draft_shows_only_the_sphere() {
    let s = start(3, "blind-draft", 6);
    let d = s.assembly.as_ref().unwrap();
    let picker = Spheres::to_act(&s)[0];
    let view = Spheres::view(&s, Viewer::Seat(picker));
    assert!(view.shared[0].cards.iter().all(|c| c.name.starts_with("face-down ")), "{:?}", view.shared);
    // Two cards of one sphere are one choice: the choices are the spheres.
    let legal = Spheres::legal_actions(&s, picker);
    let labels: Vec<String> = legal.iter().map(|a| Spheres::describe(&s, picker, a).label).collect();
    assert!(labels.iter().all(|l| l.starts_with("A face-down ")), "{labels:?}");
    let mut unique = labels.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), labels.len());
    // The row's faces are secret to everyone, the picker included.
    let secret = Spheres::secrets(&s, Viewer::Seat(picker));
    let face = &s.db().card(d.row[0]).creature.name;
    assert!(secret.contains(face), "{face} is secret");
    let mut s = s;
    draft_to_the_end(&mut s, 7);
    assert_play_began(&s, 3);
}

#[test]
fn deck_assembly_set_selection_four_sets_of_12_in_clockwise_turns() {
    let mut s = start(3, "set-selection", 8);
    let d = s.assembly.as_ref().unwrap();
    assert_eq!(d.sets.len(), 20, "the collection's twenty sets lie on the table");
    assert!(d.sets.iter().any(|t| t.name == "Windup Fleet"));
    let starter = Spheres::to_act(&s)[0];
    let mut order = Vec::new();
    for _ in 0..6 {
        let seat = Spheres::to_act(&s)[0];
        order.push(seat.index());
        first(&mut s, seat);
    }
    let k = starter.index();
    assert_eq!(order, vec![k, (k + 1) % 3, (k + 2) % 3, k, (k + 1) % 3, (k + 2) % 3]);
    assert_eq!(picks(&s, A), 24);
    draft_to_the_end(&mut s, 9);
    assert_play_began(&s, 3);
}

#[test]
fn deck_assembly_set_selection_with_six_lords_uses_two_collections() {
    let mut s = start(6, "set-selection", 9);
    assert_eq!(s.assembly.as_ref().unwrap().sets.len(), 40);
    draft_to_the_end(&mut s, 10);
    assert_play_began(&s, 6);
}

#[test]
fn deck_assembly_random_design_deals_48_random_cards_each() {
    let s = start(4, "random", 11);
    assert_play_began(&s, 4);
    let other = start(4, "random", 12);
    assert_ne!(s.cards, other.cards, "the deal depends on the seed");
}

#[test]
fn deck_assembly_random_design_keep_48_of_60() {
    let mut s = start(2, "random-keep", 12);
    let d = s.assembly.as_ref().unwrap();
    assert_eq!(d.packs[A][0].len(), 60);
    assert_eq!(Spheres::to_act(&s), vec![A, B], "both set aside at once");
    for _ in 0..12 {
        first(&mut s, A);
    }
    assert_eq!(picks(&s, A), DECK_SIZE);
    assert_eq!(Spheres::to_act(&s), vec![B]);
    assert!(Spheres::legal_actions(&s, A).is_empty());
    for _ in 0..12 {
        first(&mut s, B);
    }
    assert_play_began(&s, 2);
}

#[test]
fn deck_assembly_mirror_decks_everyone_plays_the_first_deck() {
    let s = start(3, "mirror", 13);
    assert_play_began(&s, 3);
    let deck_of = |seat: Seat| {
        let mut ids: Vec<_> = s.lords[seat].all_cards().map(|u| s.cards[u.0 as usize]).collect();
        ids.sort();
        ids
    };
    assert_eq!(deck_of(A), deck_of(B));
    assert_eq!(deck_of(A), deck_of(C));
}

#[test]
fn deck_assembly_pre_design_and_custom_use_the_decks_brought() {
    for method in ["pre-design", "custom"] {
        let s = start(2, method, 14);
        assert_play_began(&s, 2);
    }
}

#[test]
fn deck_assembly_an_unknown_method_names_the_valid_ones() {
    let library = library();
    let game = GameId::parse("spheres").unwrap();
    let err = AnyState::setup(game, &setup_of(&library, 2, "rochester", 1), &library).unwrap_err();
    let SetupError::Invalid(text) = err else { panic!("{err:?}") };
    assert!(
        text.contains("rochester") && text.contains("closed-draft") && text.contains("set-selection"),
        "{text}"
    );
}

#[test]
fn deck_assembly_picks_are_private_in_a_closed_draft() {
    let mut s = start(2, "closed-draft", 15);
    first(&mut s, A);
    let mine = Spheres::view(&s, Viewer::Seat(A));
    let theirs = Spheres::view(&s, Viewer::Seat(B));
    let picked = s.db().card(s.assembly.as_ref().unwrap().picks[A][0]).creature.name.clone();
    let json = |v: &cardtable::engine::TableView| serde_json::to_string(v).unwrap();
    assert!(json(&mine).contains(&picked));
    assert!(!json(&Spheres::view(&s, Viewer::Public)).contains(&format!("\"{picked} /")));
    assert!(theirs.seats[0].zones.is_empty(), "Bob does not see Alice's picks");
    assert!(!Spheres::secrets(&s, Viewer::Seat(A)).contains(&picked));
}

#[test]
fn deck_assembly_replaying_the_picks_reproduces_the_match() {
    for method in ["closed-draft", "open-draft", "blind-draft", "set-selection", "random-keep"] {
        let mut s = start(3, method, 16);
        let mut log = Vec::new();
        let mut rng = GameRng::from_seed(3);
        while s.assembly.is_some() {
            let to_act = Spheres::to_act(&s);
            let seat = to_act[rng.below(to_act.len())];
            let legal = Spheres::legal_actions(&s, seat);
            let a = legal[rng.below(legal.len())].clone();
            Spheres::apply(&mut s, seat, &a).unwrap();
            log.push((seat, a));
        }
        let mut again = start(3, method, 16);
        for (seat, a) in &log {
            Spheres::apply(&mut again, *seat, a).unwrap();
        }
        assert_eq!(serde_json::to_string(&again).unwrap(), serde_json::to_string(&s).unwrap(), "{method}");
    }
}

#[test]
fn deck_assembly_a_lord_who_concedes_during_the_draft_leaves_the_table() {
    let mut s = start(3, "closed-draft", 17);
    first(&mut s, A);
    Spheres::concede(&mut s, C);
    assert!(!Spheres::to_act(&s).contains(&C));
    draft_to_the_end(&mut s, 18);
    assert!(s.assembly.is_none());
    assert!(!s.lords[C].alive);
    assert!(s.outcome.is_none(), "Alice and Bob play on");
    // With two lords, a concession ends the match at once.
    let mut s = start(2, "open-draft", 19);
    Spheres::concede(&mut s, A);
    assert_eq!(Spheres::outcome(&s).unwrap().winners, vec![B]);
    assert!(Spheres::to_act(&s).is_empty());
}

#[test]
fn deck_assembly_determinize_keeps_what_the_lord_sees() {
    for method in ["closed-draft", "open-draft", "blind-draft", "random-keep", "set-selection"] {
        let mut s = start(3, method, 20);
        let mut rng = GameRng::from_seed(21);
        let mut changed = 0;
        for _ in 0..40 {
            for seat in [A, B, C] {
                let det = Spheres::determinize(&s, seat, &mut rng);
                assert_eq!(
                    Spheres::view(&det, Viewer::Seat(seat)),
                    Spheres::view(&s, Viewer::Seat(seat)),
                    "{method}"
                );
                assert_eq!(
                    Spheres::view(&det, Viewer::Public),
                    Spheres::view(&s, Viewer::Public),
                    "{method}"
                );
                let labels = |x: &State| -> Vec<String> {
                    Spheres::legal_actions(x, seat)
                        .iter()
                        .map(|a| Spheres::describe(x, seat, a).label)
                        .collect()
                };
                assert_eq!(labels(&det), labels(&s), "{method}");
                changed += usize::from(det != s);
            }
            let seat = Spheres::to_act(&s)[0];
            first(&mut s, seat);
        }
        if method != "set-selection" {
            assert!(changed > 0, "{method}: nothing hidden was re-sampled");
        }
    }
}

#[test]
fn deck_assembly_picks_are_labelled_for_the_player() {
    let s = start(2, "closed-draft", 22);
    let legal = Spheres::legal_actions(&s, A);
    assert!(!legal.is_empty() && legal.len() <= PACK);
    assert!(matches!(legal[0], Action::Pick { card: 0 }));
    let label = Spheres::describe(&s, A, &legal[0]).label;
    assert!(label.contains(" / ") && label.contains('('), "{label}");
    let view = Spheres::view(&s, Viewer::Seat(A));
    assert_eq!(view.hand.as_ref().unwrap().len(), PACK, "the pack is shown like a hand");
    assert!(view.prompt.unwrap().starts_with("Pick a card from your pack of 13"));
    assert!(view.headline.contains("Closed draft"));
    let public = Spheres::view(&s, Viewer::Public);
    assert_eq!(public.prompt.as_deref(), Some("Waiting for Alice, Bob to pick"));
}
