//! Quiet priority windows (issue 28, DESIGN.md "The letter first, then the
//! cost"): at a window a player is asked at by default, the thread does not
//! ping them and the board reads the same whether they can respond or not.
//! One who can respond is told by direct message; for one who cannot, the
//! table passes when the window's masking delay ends. The same public
//! history with different hidden cards gives the same posts, mentions,
//! wording and clock.

mod table_support;

use cardtable::engine::{Responses, Rules, Seat};
use cardtable::games::certamen::testing::{to_field, to_hand};
use cardtable::games::certamen::{Action, Certamen, TargetRef};
use cardtable::games::{AnyAction, AnyState};
use cardtable::store::{Commit, MatchStatus};
use cardtable::table::{Clock, Command, Component, CustomId, LogEntry, Message, Outgoing, Target};
use table_support::{user, Front};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);

/// Alice challenges Bob to Certamen; Bob accepts with the first deck
/// offered; both keep their opening hands. Returns the match id.
async fn certamen_match(f: &mut Front) -> i64 {
    let challenge = Command::Challenge {
        opponent: user("Bob"),
        game: "certamen".into(),
        deck: None,
        deadline_hours: None,
        variant: None,
        seating: Default::default(),
    };
    f.slash("Alice", challenge).await.unwrap();
    let accept = f.button_on_last_post("Accept");
    let out = f.click("Bob", &accept).await.unwrap();
    let (custom_id, value) = out
        .iter()
        .find_map(|o| match o {
            Outgoing::Ephemeral { message, .. } => message.components.iter().find_map(|c| match c {
                Component::Select { custom_id, options, .. } => {
                    Some((custom_id.clone(), options[0].value.clone()))
                }
                _ => None,
            }),
            _ => None,
        })
        .expect("a deck choice");
    let out = f.select("Bob", &custom_id, &value).await.unwrap();
    out.iter()
        .find_map(|o| match o {
            Outgoing::CreateThread { match_id, .. } => Some(*match_id),
            _ => None,
        })
        .expect("a thread is opened")
}

/// The match's Certamen state, set to Alice's main phase with `bob_card`
/// in Bob's hand: Alice holds an Ember Bolt and an Emberwake Pillar in
/// hand and another on the field, Bob
/// two untapped Emberwake Pillars (so public facts alone never show he has
/// no answer). Committed as the match's new snapshot; returns the version.
async fn set_scene(f: &Front, id: i64, bob_card: &str) -> i64 {
    let row = f.table.store().load_match(id).await.unwrap();
    let AnyState::Certamen(mut s) = AnyState::from_json(&row.state, f.table.library()).unwrap() else {
        panic!("a Certamen match")
    };
    for seat in [BOB, ALICE] {
        if Certamen::legal_actions(&s, seat).contains(&Action::Keep) {
            Certamen::apply(&mut s, seat, &Action::Keep).unwrap();
        }
    }
    // Empty hands, then the scene's cards (the same count for Bob in every scene).
    for seat in [ALICE, BOB] {
        let hand = std::mem::take(&mut s.players[seat].hand);
        s.players[seat].archive.extend(hand);
    }
    to_hand(&mut s, ALICE, "Ember Bolt");
    // A Pillar to play after the Bolt: her turn goes on after it.
    to_hand(&mut s, ALICE, "Emberwake Pillar");
    to_field(&mut s, ALICE, "Emberwake Pillar");
    to_hand(&mut s, BOB, bob_card);
    to_field(&mut s, BOB, "Emberwake Pillar");
    to_field(&mut s, BOB, "Emberwake Pillar");
    // Walk the table's own steps to Alice's main phase.
    for _ in 0..20 {
        if s.step.is_main() && s.stack.is_empty() && Certamen::to_act(&s) == [ALICE] {
            break;
        }
        let seat = Certamen::to_act(&s)[0];
        let decline = Certamen::decline(&s, seat).expect("a decline");
        Certamen::apply(&mut s, seat, &decline).unwrap();
    }
    assert!(s.step.is_main() && Certamen::to_act(&s) == [ALICE], "Alice's main phase");
    let state = AnyState::Certamen(s);
    let entry = LogEntry::Autopilot { action: AnyAction::Certamen(Action::Keep) };
    let actions = [(1, serde_json::to_string(&entry).unwrap())];
    let json = serde_json::to_string(&state).unwrap();
    let commit = Commit {
        expected_version: row.version,
        actions: &actions,
        state: &json,
        status: MatchStatus::Active,
        outcome: None,
        to_act: &[0],
        deadline_at: row.deadline_at,
        now: f.clock.now(),
        orders: "",
        board_events: "",
        pass_at: None,
    };
    f.table.store().commit_actions(id, &commit).await.unwrap()
}

/// Alice bolts Bob through the table; the effects of her click.
async fn alice_bolts_bob(f: &mut Front, id: i64, version: i64) -> Vec<Outgoing> {
    let row = f.table.store().load_match(id).await.unwrap();
    let AnyState::Certamen(s) = AnyState::from_json(&row.state, f.table.library()).unwrap() else { panic!() };
    let legal = Certamen::legal_actions(&s, ALICE);
    let index = legal
        .iter()
        .position(|a| matches!(a, Action::Cast { targets, .. } if targets == &vec![TargetRef::Player(BOB)]))
        .expect("Alice can bolt Bob");
    let custom_id = CustomId::Act { match_id: id, version, index }.encode();
    f.click("Alice", &custom_id).await.unwrap()
}

/// What everyone but Bob sees of `out`: thread posts and edits with their
/// mentions (Bob's private messages left out).
fn public(out: &[Outgoing]) -> Vec<(String, Vec<String>, Message)> {
    out.iter()
        .filter_map(|o| match o {
            Outgoing::Post { target: Target::Thread(_), message, mentions, .. } => {
                Some(("post".to_owned(), mentions.iter().map(|u| u.0.clone()).collect(), message.clone()))
            }
            Outgoing::Edit { message, .. } => Some(("edit".to_owned(), vec![], message.clone())),
            _ => None,
        })
        .collect()
}

fn dms_to_bob(out: &[Outgoing]) -> usize {
    out.iter().filter(|o| matches!(o, Outgoing::DirectMessage { to, .. } if to.0 == "bob")).count()
}

/// One scene: Alice bolts Bob while Bob holds `bob_card`.
struct Scene {
    front: Front,
    id: i64,
    cast: Vec<Outgoing>,
    pass_at: i64,
}

async fn scene(bob_card: &str) -> Scene {
    let mut front = Front::new().await;
    let id = certamen_match(&mut front).await;
    let version = set_scene(&front, id, bob_card).await;
    let cast = alice_bolts_bob(&mut front, id, version).await;
    let pass_at = front.table.store().load_match(id).await.unwrap().pass_at.expect("a quiet window is open");
    Scene { front, id, cast, pass_at }
}

/// What Bob's stop in a scene holds (the instrument's view, not a player's).
async fn bob_stop(sc: &Scene) -> Responses {
    let row = sc.front.table.store().load_match(sc.id).await.unwrap();
    let state = AnyState::from_json(&row.state, sc.front.table.library()).unwrap();
    state.stop(BOB).expect("Bob's stop").responses
}

#[tokio::test]
async fn priority_window_is_quiet_and_reads_the_same_whatever_the_hand_holds() {
    // Bob can answer the Bolt with his own (two Emberwake Pillars untapped)…
    let mut able = scene("Ember Bolt").await;
    // …or holds a creature he cannot cast in Alice's turn.
    let mut unable = scene("Cinder Imp").await;
    assert_eq!(bob_stop(&able).await, Responses::Some);
    assert_eq!(bob_stop(&unable).await, Responses::NoneSecretly);

    // Casting: the same public effects, and nobody pinged in the thread.
    assert_eq!(public(&able.cast), public(&unable.cast), "the cast's public effects differ");
    assert!(
        public(&able.cast).iter().all(|(_, mentions, _)| mentions.is_empty()),
        "{:?}",
        public(&able.cast)
    );
    // The same masking delay on the table's clock.
    assert_eq!(able.pass_at, unable.pass_at);
    let now = able.front.clock.now();
    assert!((now + 60..=now + 240).contains(&able.pass_at), "delay {}", able.pass_at - now);
    // Only the player who can respond is told, privately.
    assert_eq!((dms_to_bob(&able.cast), dms_to_bob(&unable.cast)), (1, 0));

    // Before the delay ends nothing happens.
    for sc in [&mut able, &mut unable] {
        sc.front.clock.set(sc.pass_at - 1);
        let out = sc.front.table.tick(sc.front.clock.now()).await.unwrap();
        assert!(public(&out).is_empty(), "{out:?}");
    }
    // At its end the table passes for Bob who has no answer; Bob who has
    // one passes himself at the same moment: the thread sees the same.
    unable.front.clock.set(unable.pass_at);
    let masked = unable.front.table.tick(unable.pass_at).await.unwrap();
    unable.front.deliver(&masked).await;
    able.front.clock.set(able.pass_at);
    let row = able.front.table.store().load_match(able.id).await.unwrap();
    let AnyState::Certamen(s) = AnyState::from_json(&row.state, able.front.table.library()).unwrap() else {
        panic!()
    };
    let index = Certamen::legal_actions(&s, BOB).iter().position(|a| *a == Action::Pass).unwrap();
    let pass = CustomId::Act { match_id: able.id, version: row.version, index }.encode();
    let by_hand = able.front.click("Bob", &pass).await.unwrap();
    assert!(!public(&masked).is_empty(), "the masked pass moved the match on");
    assert_eq!(public(&by_hand), public(&masked), "a masked pass reads as Bob's own pass");
    let (a, b) = (
        able.front.table.store().load_match(able.id).await.unwrap(),
        unable.front.table.store().load_match(unable.id).await.unwrap(),
    );
    assert_eq!((a.version, a.to_act.clone(), a.pass_at), (b.version, b.to_act.clone(), b.pass_at));
    // Alice, looking at the table all along, has her hand kept live either
    // way, and what she is shown privately is the same too.
    assert_eq!(refreshed(&masked), refreshed(&by_hand));
    let [(to, message)] = refreshed(&masked).try_into().expect("one refreshed hand");
    assert_eq!(to, "alice");
    let versions: Vec<i64> = message
        .components
        .iter()
        .filter_map(|c| match CustomId::decode(c.custom_id()) {
            Some(CustomId::Act { version, .. } | CustomId::EndTurn { version, .. }) => Some(version),
            _ => None,
        })
        .collect();
    assert!(!versions.is_empty(), "her refreshed hand offers moves: {message:?}");
    assert!(versions.iter().all(|v| *v == b.version), "at the match's version {}: {versions:?}", b.version);
}

/// The hands the table keeps live in `out`, by player.
fn refreshed(out: &[Outgoing]) -> Vec<(String, Message)> {
    out.iter()
        .filter_map(|o| match o {
            Outgoing::RefreshHand { to, message, .. } => Some((to.0.clone(), message.clone())),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_turn_that_begins_at_a_quiet_window_tells_its_player_once() {
    let mut sc = scene("Cinder Imp").await;
    sc.front.clock.set(sc.pass_at);
    let masked = sc.front.table.tick(sc.pass_at).await.unwrap();
    sc.front.deliver(&masked).await;
    // Alice ends her turn; Bob's begins at his main phase, a window he is
    // asked at quietly: he is told all the same (everybody knows it is his
    // turn), once: his hand by direct message (`turn_dm`, on by default),
    // no ping in the thread and no second note.
    let row = sc.front.table.store().load_match(sc.id).await.unwrap();
    let end = CustomId::EndTurn { match_id: sc.id, version: row.version }.encode();
    let out = sc.front.click("Alice", &end).await.unwrap();
    let row = sc.front.table.store().load_match(sc.id).await.unwrap();
    let state = AnyState::from_json(&row.state, sc.front.table.library()).unwrap();
    assert_eq!(state.turn().map(|t| t.active), Some(BOB), "Bob's turn");
    assert_eq!(state.stop(BOB).map(|s| s.window), Some("main"));
    let pinged: Vec<String> = public(&out).into_iter().flat_map(|(_, mentions, _)| mentions).collect();
    assert!(pinged.is_empty(), "{pinged:?}");
    assert_eq!(dms_to_bob(&out), 1);
    assert!(out.iter().any(|o| matches!(o, Outgoing::DirectMessage { to, message, .. }
        if to.0 == "bob" && !message.components.is_empty())));
}

#[tokio::test]
async fn a_player_who_holds_priority_is_pinged_at_every_window() {
    let mut front = Front::new().await;
    front.slash("Bob", settings_hold_priority()).await.unwrap();
    let id = certamen_match(&mut front).await;
    let version = set_scene(&front, id, "Cinder Imp").await;
    let cast = alice_bolts_bob(&mut front, id, version).await;
    let pinged: Vec<String> = public(&cast).into_iter().flat_map(|(_, mentions, _)| mentions).collect();
    assert_eq!(pinged, vec!["bob".to_owned()], "hold_priority asks Bob in the thread");
    assert!(refreshed(&cast).is_empty(), "a pinged player's hand is not refreshed: {cast:?}");
    assert_eq!(front.table.store().load_match(id).await.unwrap().pass_at, None, "no masked pass");
}

#[tokio::test]
async fn a_window_the_player_skips_is_passed_for_them_whatever_they_hold_and_one_they_add_asks_them() {
    // Bob skips answers to Alice's spells: though he holds a Bolt he could
    // answer with, the table passes for him at once, and no window waits.
    let mut front = Front::new().await;
    front.slash("Bob", settings_stops("no-their-spell")).await.unwrap();
    let id = certamen_match(&mut front).await;
    let version = set_scene(&front, id, "Ember Bolt").await;
    let cast = alice_bolts_bob(&mut front, id, version).await;
    let row = front.table.store().load_match(id).await.unwrap();
    let AnyState::Certamen(s) = AnyState::from_json(&row.state, front.table.library()).unwrap() else {
        panic!()
    };
    assert!(s.stack.is_empty(), "the Bolt resolved without waiting for Bob");
    assert!(s.players[BOB].hand.iter().any(|c| s.def(c.id).name == "Ember Bolt"), "Bob kept his Bolt");
    assert_eq!(dms_to_bob(&cast), 0);
    // Alice adds her own spells' window: after her Bolt she is asked to
    // respond to it herself (the rulebook gives her priority first), where
    // by default the table passes for her.
    let mut front = Front::new().await;
    front.slash("Alice", settings_stops("my-spell")).await.unwrap();
    let id = certamen_match(&mut front).await;
    let version = set_scene(&front, id, "Cinder Imp").await;
    alice_bolts_bob(&mut front, id, version).await;
    let row = front.table.store().load_match(id).await.unwrap();
    let state = AnyState::from_json(&row.state, front.table.library()).unwrap();
    assert_eq!(row.to_act, "0", "Alice holds priority over her own Bolt");
    assert_eq!(state.stop(ALICE).map(|s| s.window), Some("my-spell"));
}

fn settings_stops(stops: &str) -> Command {
    Command::Settings {
        hold_priority: None,
        reminders: None,
        turn_dm: None,
        auto_pass: None,
        orders: None,
        stops: Some(stops.into()),
        board: None,
        server_board: None,
        manager: false,
    }
}

fn settings_hold_priority() -> Command {
    Command::Settings {
        hold_priority: Some(true),
        reminders: None,
        turn_dm: None,
        auto_pass: None,
        orders: None,
        stops: None,
        board: None,
        server_board: None,
        manager: false,
    }
}

#[test]
fn masking_delay_depends_on_public_facts_only_and_stays_in_its_bounds() {
    use cardtable::table::{masking_delay, MASK_MAX_SECONDS, MASK_MIN_SECONDS};
    let delays: Vec<i64> = (0..200).map(|v| masking_delay(3, v)).collect();
    assert!(delays.iter().all(|d| (MASK_MIN_SECONDS..=MASK_MAX_SECONDS).contains(d)));
    assert_eq!(masking_delay(3, 17), masking_delay(3, 17));
    assert!(delays.iter().any(|d| *d != delays[0]), "the delay varies");
}
