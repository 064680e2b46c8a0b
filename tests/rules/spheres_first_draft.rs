//! Spheres variant `first-draft`: each test is named after the rule of the
//! first draft it checks (see `docs/rulings/spheres-first-draft.md`), then
//! a few hundred seeded random games in the variant.

use cardtable::cards::spheres::{DeckRules, SpheresDb, Zone};
use cardtable::cards::Catalog;
use cardtable::engine::{MatchSetup, Rules, Seat, SeatSetup, SetupError, Viewer};
use cardtable::games::spheres::testing::{attack, click, labels, names, public, Table};
use cardtable::games::spheres::{card_count, check_invariants, Creature, Prompt, Spheres, Step};
use cardtable::games::{AnyState, GameId, Library};
use cardtable::sim::{play_random_with, SimOptions};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn first_draft_setup(db: &SpheresDb, seed: u64, decks: [Vec<String>; 2]) -> MatchSetup {
    let [a, b] = decks;
    MatchSetup {
        variant: Some("first-draft".into()),
        seed,
        seats: vec![
            SeatSetup { name: "Alice".into(), deck_name: "a".into(), deck: a },
            SeatSetup { name: "Bob".into(), deck_name: "b".into(), deck: b },
        ],
        first: None,
        ..Default::default()
    }
    .tap(|_| assert!(!db.first_draft_decks.is_empty()))
}

trait Tap: Sized {
    fn tap(self, f: impl FnOnce(&Self)) -> Self {
        f(&self);
        self
    }
}
impl Tap for MatchSetup {}

fn first_draft_decks(db: &SpheresDb) -> [Vec<String>; 2] {
    [db.first_draft_decks[0].list(), db.first_draft_decks[3].list()]
}

#[test]
fn first_draft_deck_construction_50_cards_up_to_5_copies() {
    let db = SpheresDb::embedded().unwrap();
    assert_eq!(db.first_draft_decks.len(), 5, "one first-draft edition of each starter deck");
    for d in &db.first_draft_decks {
        let list = d.list();
        assert_eq!(list.len(), 50, "{}", d.name);
        db.resolve_deck_with(DeckRules::FIRST_DRAFT, &list).unwrap_or_else(|e| panic!("{}: {e}", d.name));
        assert!(db.resolve_deck(&list).is_err(), "{} is not a rulebook deck", d.name);
        assert!(Catalog::deck_problems(&db, &list).is_empty(), "{} can be saved with /deck import", d.name);
    }
    // Six copies break the first draft's rule too.
    let mut list = db.first_draft_decks[0].list();
    let first = list[0].clone();
    for _ in 0..3 {
        let i = list.iter().rposition(|n| *n != first).unwrap();
        list[i] = first.clone();
    }
    let err = db.resolve_deck_with(DeckRules::FIRST_DRAFT, &list).unwrap_err().to_string();
    assert!(err.contains("at most 5 copies"), "{err}");
    // The variant offers its own starter decks.
    let offered = Catalog::variant_decks(&db, Some("face-down,first-draft"));
    assert!(offered.iter().all(|d| d.name.ends_with("(first draft)") && d.cards.len() == 50));
    assert_eq!(Catalog::variant_decks(&db, None).len(), 5);
    assert!(Catalog::variant_decks(&db, None).iter().all(|d| d.cards.len() == 48));
}

#[test]
fn first_draft_game_setup_five_shields_five_cards_and_a_coin_toss() {
    let db = std::sync::Arc::new(SpheresDb::embedded().unwrap());
    let mut firsts = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let s = cardtable::games::spheres::setup::setup(
            &first_draft_setup(&db, seed, first_draft_decks(&db)),
            &db,
        )
        .unwrap();
        assert!(s.first_draft);
        for seat in [A, B] {
            assert_eq!(s.lords[seat].towers.len(), 5, "five shields");
            assert_eq!(s.lords[seat].hand.len(), 5);
            assert_eq!(card_count(&s, seat), 50);
        }
        let opening = s.opening.as_deref().unwrap_or_default().to_string();
        assert!(opening.contains("coin toss"), "{opening}");
        assert!(!opening.contains("reveal"), "no split reveal: {opening}");
        firsts.insert(s.turn.first);
        let board = Spheres::view(&s, Viewer::Public);
        let counters: Vec<&str> = board.seats[0].counters.iter().map(|(k, _)| k.as_str()).collect();
        assert!(counters.contains(&"Shields") && !counters.contains(&"Towers"), "{counters:?}");
    }
    assert_eq!(firsts.len(), 2, "either lord may win the toss");
}

#[test]
fn first_draft_deck_construction_refuses_a_48_card_deck_and_the_rulebook_refuses_50() {
    let db = std::sync::Arc::new(SpheresDb::embedded().unwrap());
    let standard = db.deck_list(&db.decks[0]);
    let setup = first_draft_setup(&db, 1, [standard.clone(), db.first_draft_decks[1].list()]);
    match cardtable::games::spheres::setup::setup(&setup, &db) {
        Err(SetupError::InvalidDeck { seat_name, reason }) => {
            assert_eq!(seat_name, "Alice");
            assert!(reason.contains("50 cards"), "{reason}");
        }
        other => panic!("a 48-card deck in the first draft: {:?}", other.map(|_| ())),
    }
    let mut setup = first_draft_setup(&db, 1, [standard, db.first_draft_decks[1].list()]);
    setup.variant = None;
    match cardtable::games::spheres::setup::setup(&setup, &db) {
        Err(SetupError::InvalidDeck { seat_name, reason }) => {
            assert_eq!(seat_name, "Bob");
            assert!(reason.contains("48 cards"), "{reason}");
        }
        other => panic!("a 50-card deck in the standard game: {:?}", other.map(|_| ())),
    }
}

#[test]
fn first_draft_has_no_cure_step() {
    let build = |first_draft: bool| {
        let mut t = Table::new();
        t.creature_with(A, "Ember Drake", |c: &mut Creature| c.afflicted = true)
            .vault(A, &["Plague Rat"])
            .hand(A, &["Stone Golem"])
            .step(Step::Regroup);
        if first_draft {
            t.first_draft();
        }
        t.build()
    };
    assert_eq!(build(false).turn.step, Step::Cure, "the rulebook offers the cure");
    let s = build(true);
    assert_eq!(s.turn.step, Step::Crystal, "the first draft goes from refresh to the crystal");
    assert!(s.lords[A].battlefield[0].afflicted, "the creature stays afflicted");
}

#[test]
fn first_draft_3a_second_crystal_may_share_the_sphere_of_the_first() {
    let build = |first_draft: bool| {
        let mut t = Table::new();
        t.hand(A, &["Plague Rat", "Chaos Imp"]).step(Step::Crystal);
        if first_draft {
            t.first_draft();
        }
        let mut s = t.build();
        click(&mut s, A, "Crystallize Plague Rat");
        s
    };
    assert!(!labels(&build(false), A).iter().any(|l| l.contains("Crystallize Chaos Imp")));
    let mut s = build(true);
    let ev = click(&mut s, A, "Crystallize Chaos Imp");
    assert_eq!(s.lords[A].vault.len(), 2);
    let ev = public(&ev).join("\n");
    assert!(ev.contains("give no mana"), "a second crystal still locks the mana: {ev}");
}

/// Alice's Chaos Imp besieges Bob's fortress: a shield and one more card
/// reach Bob's groove.
fn siege_of_bob(hand: &[&str], groove: &[&str]) -> cardtable::games::spheres::State {
    let mut t = Table::new();
    t.first_draft()
        .creature(A, "Chaos Imp")
        .towers(B, &["Brass Golem", "Brass Golem"])
        .deck(B, &["Mist Wraith", "Mist Wraith"])
        .hand(B, hand)
        .groove(B, groove)
        .step(Step::Battle);
    let mut s = t.build();
    let ev = attack(&mut s, A, "fortress");
    let ev = public(&ev).join("\n");
    assert!(ev.contains("loses a shield (1 left)"), "{ev}");
    assert!(!ev.contains("tower"), "{ev}");
    s
}

#[test]
fn first_draft_5d_groove_trigger_summons_a_creature_that_can_block() {
    let mut s = siege_of_bob(&["Stone Golem"], &[]);
    assert_eq!(s.prompt, Some(Prompt::Retaliate { seat: B }));
    // Stone Golem is Nature; the energy is Science and Ether: no sphere needed.
    let ev = click(&mut s, B, "Groove trigger: summon Stone Golem (2 energy)");
    assert!(public(&ev).iter().any(|e| e.contains("summons Stone Golem")), "{:?}", public(&ev));
    assert_eq!(names(&s, B, Zone::Battlefield), ["Stone Golem"]);
    assert!(s.lords[B].groove.is_empty(), "both energy paid");
    assert_eq!(s.lords[B].trash.len(), 2, "the paid energy is discarded");
    let golem = &s.lords[B].battlefield[0];
    assert!(!golem.engaged, "ready to block the next attacks");
    check_invariants(&s).unwrap();
}

#[test]
fn first_draft_5d_groove_trigger_pays_from_the_top_of_the_groove_whatever_the_sphere() {
    // Fireball is Chaos; the groove holds no Chaos energy at all.
    let mut s = siege_of_bob(&["Ember Drake"], &["Stone Golem"]);
    click(&mut s, B, "Groove trigger: cast Fireball (2 energy)");
    assert_eq!(names(&s, B, Zone::Groove), ["Stone Golem"], "the bottom energy stays");
    // The rulebook asks one energy of the spell's sphere: no retaliation.
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .towers(B, &["Brass Golem", "Brass Golem"])
        .deck(B, &["Mist Wraith", "Mist Wraith"])
        .hand(B, &["Ember Drake", "Stone Golem"])
        .groove(B, &["Stone Golem"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "fortress");
    let offered = labels(&s, B);
    assert!(offered.iter().all(|l| !l.contains("Fireball") && !l.contains("summon")), "{offered:?}");
}

#[test]
fn first_draft_6_discard_any_cards_then_draw_up_to_five() {
    let mut t = Table::new();
    t.first_draft()
        .hand(A, &["Plague Rat", "Chaos Imp", "Stone Golem"])
        .deck(A, &["Mist Wraith", "Veil Oracle", "Dream Thief", "Soul Healer"])
        .deck(B, &["Brass Golem"])
        .step(Step::Discard);
    let mut s = t.build();
    click(&mut s, A, "Discard Chaos Imp");
    assert_eq!(names(&s, A, Zone::Hand), ["Plague Rat", "Stone Golem"]);
    assert_eq!(s.turn.step, Step::Discard, "more may be discarded");
    click(&mut s, A, "Draw 3 cards");
    assert_eq!(s.lords[A].hand.len(), 5);
    assert_eq!(names(&s, A, Zone::Trash), ["Chaos Imp"]);
    assert_eq!(s.lords[A].deck.len(), 1);
}

#[test]
fn first_draft_6_draws_one_card_when_already_holding_five() {
    let mut t = Table::new();
    t.first_draft()
        .hand(A, &["Plague Rat", "Chaos Imp", "Stone Golem", "Mist Wraith", "Veil Oracle"])
        .deck(A, &["Dream Thief", "Soul Healer"])
        .deck(B, &["Brass Golem"])
        .step(Step::Discard);
    let mut s = t.build();
    click(&mut s, A, "Draw 1 card");
    assert_eq!(s.lords[A].hand.len(), 6);
    assert_eq!(s.lords[A].deck.len(), 1);
}

#[test]
fn first_draft_6_empty_deck_reshuffles_the_discard_pile_without_losing_a_shield() {
    let mut t = Table::new();
    t.first_draft()
        .hand(A, &["Plague Rat", "Chaos Imp"])
        .trash(A, &["Mist Wraith", "Veil Oracle", "Dream Thief", "Soul Healer"])
        .towers(A, &["Brass Golem", "Brass Golem"])
        .deck(B, &["Brass Golem"])
        .step(Step::Discard);
    let mut s = t.build();
    let ev = click(&mut s, A, "Draw 3 cards");
    assert_eq!(s.lords[A].hand.len(), 5);
    assert_eq!(s.lords[A].deck.len(), 1, "the rest of the discard pile is the new deck");
    assert_eq!(s.lords[A].towers.len(), 2, "no shield lost");
    assert!(s.lords[A].groove.is_empty());
    assert!(public(&ev).iter().any(|e| e.contains("shuffled back")), "{:?}", public(&ev));
}

#[test]
fn first_draft_zones_crystals_lie_face_up() {
    let mut t = Table::new();
    t.first_draft().vault(A, &["Ember Drake"]).hand(A, &["Plague Rat"]).hand(B, &["Stone Golem"]);
    let s = t.build();
    let board = Spheres::view(&s, Viewer::Seat(B));
    let vault = &board.seats[0].counters.iter().find(|(k, _)| k == "Vault").unwrap().1;
    assert!(vault.contains("Ember Drake"), "{vault}");
    let secrets = Spheres::secrets(&s, Viewer::Seat(B));
    assert!(!secrets.iter().any(|n| n == "Ember Drake"), "{secrets:?}");
    assert!(secrets.iter().any(|n| n == "Plague Rat"), "Alice's hand stays hidden: {secrets:?}");
    // In the rulebook the vault shows only spheres.
    let mut t = Table::new();
    t.vault(A, &["Ember Drake"]).hand(A, &["Plague Rat"]);
    let s = t.build();
    let board = Spheres::view(&s, Viewer::Seat(B));
    let vault = &board.seats[0].counters.iter().find(|(k, _)| k == "Vault").unwrap().1;
    assert!(!vault.contains("Ember Drake"), "{vault}");
}

#[test]
fn first_draft_random_games_all_finish_with_invariants_after_every_action() {
    let library = Library::embedded().unwrap();
    let game = GameId::parse("spheres").unwrap();
    let mut failures = Vec::new();
    let mut groove_creatures = 0;
    for seed in 0..300u64 {
        let players = if seed % 5 == 4 { 3 } else { 2 };
        let opts = SimOptions { players, variant: Some("first-draft".into()), ..Default::default() };
        let mut broken = None;
        let r = play_random_with(&library, game, 40_000 + seed, &opts, |s| {
            if let (AnyState::Spheres(s), None) = (s, &broken) {
                broken = check_invariants(s).err();
                if !s.first_draft {
                    broken = Some("the variant was lost".into());
                }
                let cards: usize = s.lords.seats().map(|seat| card_count(s, seat)).sum();
                if cards != 50 * players {
                    broken = Some(format!("{cards} cards in play"));
                }
                if s.lords
                    .iter()
                    .any(|(_, l)| l.battlefield.iter().any(|c| c.dizzy && s.turn.active != s.owner(c.uid)))
                {
                    groove_creatures += 1;
                }
            }
        });
        if let Some(e) = broken.or(r.error.clone()).or((!r.finished).then(|| "unfinished".to_string())) {
            failures.push(format!("seed {}: {e}", 40_000 + seed));
        }
        assert!(r.decks.iter().all(|d| d.ends_with("(first draft)")), "{:?}", r.decks);
    }
    assert!(failures.is_empty(), "{} games failed:\n{}", failures.len(), failures.join("\n"));
    assert!(groove_creatures > 0, "groove triggers summoned creatures in some game");
}
