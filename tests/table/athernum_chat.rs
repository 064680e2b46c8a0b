//! Athernum in chat: when a player is asked at a priority stop, when the
//! table passes for them, what their standing orders answer, the secret
//! choice of main characters, and the chat budget chatsim measures
//! (docs/rulings/athernum.md, "4.1 Playing in chat").

use cardtable::engine::{Responses, Rules, Seat, Viewer};
use cardtable::games::athernum::state::Place;
use cardtable::games::athernum::testing::{self, day_phase, main_of, resources, to_board};
use cardtable::games::athernum::{check_invariants, Action, Athernum, Prompt, State, TargetRef};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);

fn act(s: &mut State, seat: Seat, a: Action) {
    Athernum::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?} by {seat} refused: {e}"));
    check_invariants(s).unwrap();
}

/// The seat's stop: what can be told of its responses (honestly, in every
/// window; in Athernum always on public facts), and whether the window is
/// one it is asked at by default.
fn stop(s: &State, seat: Seat) -> (Responses, bool) {
    let stop = Athernum::stop(s, seat).expect("a priority stop");
    (stop.responses, stop.asked_by_default)
}

/// In scene `s` (a day phase of Alice's), Alice's Gatehouse Archer fires
/// its Volley (1 damage to a character of Bob's) at Bob's main character:
/// the effect is on the stack and Bob holds priority.
fn volley_at_bobs_main(mut s: State) -> State {
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    resources(&mut s, ALICE, 1);
    act(&mut s, ALICE, Action::Activate { source: archer, ability: 0 });
    let target = TargetRef::Perm(main_of(&s, BOB));
    if s.prompt == Prompt::TriggerTarget {
        act(&mut s, ALICE, Action::Target { target });
    }
    assert!(
        s.stack.iter().any(|i| i.controller == ALICE && i.targets.contains(&Some(target))),
        "the Volley aims at Bob's main"
    );
    assert_eq!(s.priority, BOB);
    s
}

/// A Warbrand Axe attached face down to Bob's main character.
fn face_down_axe_on_bobs_main(s: &mut State) -> u32 {
    let host = main_of(s, BOB);
    let axe = to_board(s, BOB, "Warbrand Axe", Place::Item { host });
    s.perm_mut(axe).expect("attached").face_down = true;
    axe
}

#[test]
fn athernum_4_1_an_effect_aimed_elsewhere_is_passed_even_for_a_player_with_an_answer() {
    let mut s = day_phase(21);
    let axe = face_down_axe_on_bobs_main(&mut s);
    to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    resources(&mut s, ALICE, 1);
    let mut s = volley_at_bobs_main(s);
    // Bob answers by turning his Axe face up: its effect goes on the stack
    // above the Volley and Alice holds priority.
    act(&mut s, BOB, Action::Reveal { attachment: axe });
    assert_eq!(s.priority, ALICE);
    assert_eq!(s.stack.last().map(|i| i.controller), Some(BOB));
    assert!(
        Athernum::legal_actions(&s, ALICE).iter().any(|a| matches!(a, Action::Activate { .. })),
        "her second Archer could fire"
    );
    assert_eq!(
        stop(&s, ALICE),
        (Responses::Some, false),
        "Bob's effect aims at nothing of hers and she cannot neutralize it: not asked by default, \
         though her Archer could fire"
    );
}

#[test]
fn athernum_4_1_2_a_targeted_player_with_nothing_on_the_board_to_answer_is_passed_publicly() {
    let s = volley_at_bobs_main(day_phase(22));
    assert_eq!(
        stop(&s, BOB),
        (Responses::NonePublicly, true),
        "his main is aimed at, but no ability to activate and no face-down attachment: the board shows Bob has no answer"
    );
}

#[test]
fn athernum_2_1_2d_a_face_down_attachment_is_an_answer_and_asking_about_it_shows_nothing_hidden() {
    let mut s = day_phase(23);
    let axe = face_down_axe_on_bobs_main(&mut s);
    let s = volley_at_bobs_main(s);
    assert!(Athernum::legal_actions(&s, BOB).contains(&Action::Reveal { attachment: axe }));
    assert_eq!(
        stop(&s, BOB),
        (Responses::Some, true),
        "Bob may turn his face-down item up in answer: he is asked"
    );
    assert_eq!(Athernum::decline(&s, BOB), Some(Action::Pass));
}

#[test]
fn athernum_4_1_standing_order_pass_unless_targeted_asks_only_when_aimed_at() {
    let s = volley_at_bobs_main(day_phase(24));
    assert_eq!(
        Athernum::follow(&s, BOB, "pass-unless-targeted"),
        None,
        "his main is the target: he is asked"
    );
    assert_eq!(Athernum::follow(&s, BOB, "pass-until-my-turn"), Some(Action::Pass));
    assert_eq!(Athernum::follow(&s, ALICE, "pass-unless-targeted"), None, "only the player to act");

    // The same Volley aimed at another character of Bob's is still his.
    let mut s = day_phase(25);
    let other = to_board(&mut s, BOB, "Cinder Raider", Place::Character);
    let archer = to_board(&mut s, ALICE, "Gatehouse Archer", Place::Character);
    resources(&mut s, ALICE, 1);
    act(&mut s, ALICE, Action::Activate { source: archer, ability: 0 });
    if s.prompt == Prompt::TriggerTarget {
        act(&mut s, ALICE, Action::Target { target: TargetRef::Perm(other) });
    }
    assert_eq!(Athernum::follow(&s, BOB, "pass-unless-targeted"), None);
}

#[test]
fn athernum_4_1_standing_orders_never_answer_the_players_own_day() {
    let s = day_phase(26);
    assert_eq!(Athernum::to_act(&s), vec![ALICE]);
    assert!(Athernum::stop(&s, ALICE).is_none(), "her own day phase is a decision, not a stop");
    assert_eq!(Athernum::follow(&s, ALICE, "pass-unless-targeted"), None);
    assert_eq!(Athernum::follow(&s, ALICE, "pass-until-my-turn"), None);
    assert!(Athernum::orders(&s, ALICE).is_empty());
}

#[test]
fn athernum_8_0_1_every_player_chooses_a_main_character_at_once_and_in_secret() {
    let db = testing::db();
    let names = testing::starter_names(&db);
    let mut s = Athernum::setup(&testing::match_setup(&db, 5, [&names[0], &names[1]]), &db).unwrap();
    assert_eq!(Athernum::to_act(&s), vec![ALICE, BOB], "both are asked at once");
    let alice_options = Athernum::legal_actions(&s, ALICE);
    let bob_options = Athernum::legal_actions(&s, BOB);
    assert!(!alice_options.is_empty() && !bob_options.is_empty());
    assert!(alice_options.iter().all(|a| !bob_options.contains(a)), "each chooses from their own deck");

    let choice = alice_options[0].clone();
    let Action::ChooseMain { card } = choice else { panic!("a main character choice") };
    let full =
        s.players[ALICE].deck.iter().find(|c| c.uid == card).map(|c| db.card(c.id).name.clone()).unwrap();
    // As the board names it ("Lady Aurelie").
    let chosen = cardtable::games::athernum::view::short_name(&full).to_owned();
    act(&mut s, ALICE, choice);
    assert_eq!(Athernum::to_act(&s), vec![BOB], "Alice has chosen; Bob still chooses");
    let shown_to = |s: &State, v: Viewer| serde_json::to_string(&Athernum::view(s, v)).unwrap();
    assert!(shown_to(&s, Viewer::Seat(ALICE)).contains(&chosen), "Alice sees what she chose");
    assert!(!shown_to(&s, Viewer::Seat(BOB)).contains(&chosen), "Bob does not");
    assert!(!shown_to(&s, Viewer::Public).contains(&chosen), "nor does the board");

    let bob = Athernum::legal_actions(&s, BOB)[0].clone();
    act(&mut s, BOB, bob);
    assert!(shown_to(&s, Viewer::Public).contains(&chosen), "revealed together once everyone has chosen");
}

#[tokio::test]
async fn chatsim_athernum_stays_within_the_chat_budget() {
    let library = std::sync::Arc::new(cardtable::games::Library::embedded().unwrap());
    let game = cardtable::games::GameId::parse("athernum").unwrap();
    let r = cardtable::chatsim::run(library, &cardtable::chatsim::Options::new(game, 6, 1)).await;
    assert_eq!((r.games, r.stuck), (6, 0), "{}", r.line());
    // The person policy (hand opened at each decision). Issue 28's targets
    // are 4.5 clicks, 0.3 waits, 2 waits at most in a turn and no idle
    // pings; the clicks are not met yet (BENCHMARKS.md). Attacks declared
    // as a plan keep a turn's combats to one sitting of the attacked player.
    assert!(r.clicks_per_turn() <= 5.3, "{}", r.line());
    assert!(r.waits_per_turn() <= 0.3, "{}", r.line());
    assert!(r.max_waits <= 2, "{}", r.line());
    assert!(r.idle_pings_per_turn() <= 0.05, "{}", r.line());
    // On Discord's clock (issue 52): every decision reaches its player.
    assert_eq!((r.unannounced, r.stale_edits), (0, 0), "{}", r.line());
}
