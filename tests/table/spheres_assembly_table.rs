//! Spheres deck assembly through the table (rulebook, *Deck Assembly*):
//! a challenge with `assembly:`, seats taken without a deck, picks stored
//! and replayed like any action, autopilot's forced picks, deadlines, and
//! simultaneous picks in a closed draft.

use crate::table_support;

use cardtable::engine::{Seat, Viewer};
use cardtable::games::AnyState;
use cardtable::table::{Command, Component, CustomId, Outgoing, Seating, TableError};
use table_support::{user, Front};

const NAMES: [&str; 3] = ["Alice", "Bob", "Carol"];

async fn state(f: &Front, id: i64) -> (AnyState, i64) {
    let row = f.table.store().load_match(id).await.unwrap();
    (AnyState::from_json(&row.state, f.table.library()).unwrap(), row.version)
}

fn challenge(players: usize, assembly: &str, deck: Option<&str>) -> Command {
    Command::Challenge {
        opponent: user("Bob"),
        game: "spheres".into(),
        deck: deck.map(String::from),
        deadline_hours: None,
        variant: None,
        seating: Box::new(Seating {
            others: if players > 2 { vec![user("Carol")] } else { vec![] },
            assembly: Some(assembly.into()),
            ..Default::default()
        }),
    }
}

/// Alice challenges with `assembly`; every other player presses Accept
/// (no deck asked). Returns the match id.
async fn start(f: &mut Front, players: usize, assembly: &str) -> i64 {
    f.slash("Alice", challenge(players, assembly, None)).await.unwrap();
    let accept = f.button_on_last_post("Accept");
    let mut id = None;
    for who in &NAMES[1..players] {
        let out = f.click(who, &accept).await.unwrap();
        let asked = out.iter().any(|o| match o {
            Outgoing::Ephemeral { message, .. } => {
                message.components.iter().any(|c| matches!(c, cardtable::table::Component::Select { .. }))
            }
            _ => false,
        });
        assert!(!asked, "{who} was asked for a deck: {out:?}");
        id = id.or(out.iter().find_map(|o| match o {
            Outgoing::CreateThread { match_id, .. } => Some(*match_id),
            _ => None,
        }));
    }
    id.expect("the match starts once everyone accepted")
}

/// `seat` clicks its offered action `index` (by view order).
async fn pick(f: &mut Front, id: i64, seat: Seat, index: usize) -> Result<Vec<Outgoing>, TableError> {
    let (s, version) = state(f, id).await;
    let actions = s.view(Viewer::Seat(seat)).actions;
    assert!(!actions.is_empty(), "{seat} is offered nothing");
    let a = &actions[index % actions.len()];
    let custom = CustomId::Act { match_id: id, version, index: a.index }.encode();
    f.click(NAMES[seat.index()], &custom).await
}

fn in_draft(s: &AnyState) -> bool {
    s.view(Viewer::Public).headline.starts_with("Deck assembly")
}

#[tokio::test]
async fn deck_assembly_challenge_takes_seats_without_decks_and_starts_the_draft() {
    let mut f = Front::new().await;
    let id = start(&mut f, 3, "closed-draft").await;
    let post = f.posts.iter().find(|p| p.1.content.contains("challenges")).unwrap();
    let text = &post.1.embed.as_ref().unwrap().description;
    assert!(text.contains("closed-draft") && !text.contains("choose your deck"), "{text}");
    let (s, _) = state(&f, id).await;
    assert!(in_draft(&s));
    assert_eq!(s.to_act(), vec![Seat(0), Seat(1), Seat(2)]);
    let row = f.table.store().load_match(id).await.unwrap();
    assert!(row.deadline_at.is_some(), "picks have a deadline like any decision");
    // The private message shows the pack of 13, called a pack.
    let (_, first) = f.ephemerals.iter().find(|(to, _)| to == "carol").expect("Carol's private message");
    let text = &first.embed.as_ref().unwrap().description;
    assert!(text.contains("Your pack · 13 cards") && !text.contains("Hand ·"), "{text}");
}

#[tokio::test]
async fn deck_assembly_challenge_refuses_bad_input_with_clear_errors() {
    let mut f = Front::new().await;
    let err = f.slash("Alice", challenge(2, "rochester-draft", None)).await.unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("rochester-draft") && text.contains("closed-draft") && text.contains("mirror"),
        "{text}"
    );
    let err = f.slash("Alice", challenge(2, "open-draft", Some("Moonlit Veil"))).await.unwrap_err();
    assert!(err.to_string().contains("leave deck out"), "{err}");
    let err = f.slash("Alice", challenge(2, "custom", None)).await.unwrap_err();
    assert!(err.to_string().contains("/deck import"), "{err}");
}

#[tokio::test]
async fn deck_assembly_pre_design_offers_prebuilt_decks_and_mirror_asks_nobody() {
    let mut f = Front::new().await;
    f.slash("Alice", challenge(2, "pre-design", Some("Wildfire Horde"))).await.unwrap();
    let accept = f.button_on_last_post("Accept");
    let out = f.click("Bob", &accept).await.unwrap();
    let Some(Outgoing::Ephemeral { message, .. }) = out.first() else { panic!("{out:?}") };
    assert!(!message.components.is_empty(), "Bob chooses a prebuilt deck");

    let mut f = Front::new().await;
    f.slash("Alice", challenge(2, "mirror", Some("Wildfire Horde"))).await.unwrap();
    let accept = f.button_on_last_post("Accept");
    let out = f.click("Bob", &accept).await.unwrap();
    assert!(out.iter().any(|o| matches!(o, Outgoing::CreateThread { .. })), "Bob plays Alice's deck");
    let text = f.posts.iter().map(|p| p.1.content.clone()).collect::<Vec<_>>().join("\n");
    assert!(text.contains("Bob (Wildfire Horde)"), "{text}");
}

#[tokio::test]
async fn deck_assembly_picks_are_stored_and_the_replay_reproduces_the_match() {
    let mut f = Front::new().await;
    let id = start(&mut f, 2, "closed-draft").await;
    let mut n = 0;
    loop {
        let (s, _) = state(&f, id).await;
        if !in_draft(&s) {
            break;
        }
        let seat = s.to_act()[n % s.to_act().len()];
        pick(&mut f, id, seat, n * 7).await.unwrap();
        n += 1;
        assert!(n < 500, "the draft does not end");
    }
    let log = f.table.store().match_actions(id).await.unwrap();
    assert!(log.iter().filter(|a| a.action.contains("Pick")).count() >= 96, "every pick is logged");
    let (s, _) = state(&f, id).await;
    assert!(s.outcome().is_none() && !s.to_act().is_empty(), "play has begun");
    let report = f.table.replay(id).await.unwrap();
    assert!(report.snapshot_matches, "{:?}", report.difference);
}

#[tokio::test]
async fn deck_assembly_autopilot_takes_a_forced_last_pick() {
    // In a blind draft two face-down cards of one sphere are one choice:
    // the last pick of such a row is forced, and the table takes it.
    let mut f = Front::new().await;
    let id = start(&mut f, 2, "blind-draft").await;
    for n in 0..200 {
        let (s, _) = state(&f, id).await;
        if !in_draft(&s) {
            break;
        }
        let seat = s.to_act()[0];
        pick(&mut f, id, seat, n).await.unwrap();
    }
    let log = f.table.store().match_actions(id).await.unwrap();
    let forced: Vec<_> =
        log.iter().filter(|a| a.action.contains("\"autopilot\"") && a.action.contains("Pick")).collect();
    assert!(!forced.is_empty(), "some row ended with two cards of one sphere");
    let report = f.table.replay(id).await.unwrap();
    assert!(report.snapshot_matches, "{:?}", report.difference);
}

#[tokio::test]
async fn deck_assembly_closed_draft_one_slow_player_does_not_block_the_others() {
    let mut f = Front::new().await;
    let id = start(&mut f, 3, "closed-draft").await;
    let mut clicks = 0;
    loop {
        let (s, _) = state(&f, id).await;
        let Some(seat) = s.to_act().into_iter().find(|x| *x != Seat(2)) else { break };
        pick(&mut f, id, seat, 0).await.unwrap();
        clicks += 1;
    }
    // Alice picked from her pack, Bob from his and Alice's: every pack has
    // reached Carol, and nobody waited for her to pick until then.
    assert_eq!(clicks, 3, "Alice and Bob picked {clicks} times while Carol was away");
    let (s, _) = state(&f, id).await;
    assert_eq!(s.to_act(), vec![Seat(2)]);
    // Carol's message from early in the draft still shows her unchanged
    // pack, so her click on it counts: the others' picks cost her no click.
    let (_, before) = state(&f, id).await;
    let old = CustomId::Act { match_id: id, version: 1, index: 0 }.encode();
    f.click("Carol", &old).await.unwrap();
    assert_eq!(state(&f, id).await.1, before + 1, "a pick on a message that is still right is applied");
    let (s, _) = state(&f, id).await;
    assert_eq!(s.to_act(), vec![Seat(0), Seat(2)], "Carol's pick passed a pack on to Alice");
    // Clicking that message again is a double click: never applied.
    let out = f.click("Carol", &old).await.unwrap();
    assert_eq!(state(&f, id).await.1, before + 1, "a second click on the same message is not applied");
    assert!(format!("{out:?}").contains("moved on"), "{out:?}");
    // Alice's message from before her pick no longer shows her pack.
    let alice_old = CustomId::Act { match_id: id, version: 0, index: 0 }.encode();
    f.click("Alice", &alice_old).await.unwrap();
    assert_eq!(state(&f, id).await.1, before + 1, "a pick on a message that changed is not applied");
}

#[tokio::test]
async fn deck_assembly_open_draft_picks_are_one_click_on_the_public_board() {
    let mut f = Front::new().await;
    let id = start(&mut f, 2, "open-draft").await;
    let (s, _) = state(&f, id).await;
    let picker = NAMES[s.to_act()[0].index()];
    let board = &f.posts.iter().rev().find(|p| p.1.embed.is_some()).unwrap().1;
    let text =
        board.embed.as_ref().unwrap().fields.iter().map(|x| x.value.clone()).collect::<Vec<_>>().join("\n");
    assert!(
        text.contains("Row (face up)") || board.embed.as_ref().unwrap().description.contains("Row"),
        "{board:?}"
    );
    // The row's cards are one click on the board: buttons, or, when their
    // buttons would fill a phone screen, a menu of moves.
    let pick = board.components.iter().find_map(|c| match c {
        cardtable::table::Component::Button { custom_id, label, .. }
            if custom_id.starts_with("a:") || custom_id.starts_with("ab:") =>
        {
            Some((custom_id.clone(), None, label.clone()))
        }
        cardtable::table::Component::Select { custom_id, options, .. } => {
            options.first().map(|o| (custom_id.clone(), Some(o.value.clone()), o.label.clone()))
        }
        _ => None,
    });
    let (custom_id, value, label) = pick.expect("the row's cards are choices on the board");
    assert!(label.contains(" / "), "{label}");
    match value {
        Some(v) => f.select(picker, &custom_id, &v).await.unwrap(),
        None => f.click(picker, &custom_id).await.unwrap(),
    };
    let (after, _) = state(&f, id).await;
    assert_ne!(after.to_act(), s.to_act(), "the pick was taken; the other player picks next");
}

/// Starter deck `i` of Spheres as a deck list, to save under another name.
fn starter_list(i: usize) -> String {
    let library = cardtable::games::Library::embedded().unwrap();
    let catalog = library.catalog(cardtable::games::GameId::Spheres);
    let deck = catalog.starter_deck(&catalog.starter_decks()[i].name).unwrap();
    deck.cards.join(", ")
}

fn import(name: &str, list: &str) -> Command {
    Command::Deck(cardtable::table::DeckCommand::Import {
        name: name.into(),
        game: "spheres".into(),
        list: list.into(),
    })
}

/// `who` presses Accept on the last challenge, then sends `value` as their
/// deck-menu answer, as a forged request could (Discord does not check it).
async fn forged_deck(f: &mut Front, who: &str, value: &str) -> Result<Vec<Outgoing>, TableError> {
    let accept = f.button_on_last_post("Accept");
    let challenge: i64 = accept.trim_start_matches("accept:").parse().unwrap();
    // The Accept itself is answered with the deck menu, whose custom id
    // the forged answer then reuses.
    let menu = f.click(who, &accept).await.expect("Accept is answered");
    let Some(Outgoing::Ephemeral { message, .. }) = menu.first() else { panic!("no deck menu: {menu:?}") };
    let deck_menu = CustomId::Deck { challenge }.encode();
    assert!(
        matches!(message.components.first(), Some(Component::Select { custom_id, .. }) if *custom_id == deck_menu),
        "the deck menu: {message:?}"
    );
    f.select(who, &deck_menu, value).await
}

fn refusal_text(r: Result<Vec<Outgoing>, TableError>) -> String {
    match r {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn started(out: &[Outgoing]) -> bool {
    out.iter().any(|o| matches!(o, Outgoing::CreateThread { .. }))
}

#[tokio::test]
async fn a_forged_deck_menu_value_cannot_bring_a_saved_deck_to_a_pre_design_challenge() {
    let mut f = Front::new().await;
    f.slash("Bob", import("Mine", &starter_list(1))).await.unwrap();
    f.slash("Alice", challenge(2, "pre-design", Some("Wildfire Horde"))).await.unwrap();
    for forged in ["saved:Mine", "Mine"] {
        let e = refusal_text(forged_deck(&mut f, "Bob", forged).await);
        assert!(e.contains("assembly:pre-design") && e.contains("prebuilt"), "{forged}: {e}");
        assert!(e.contains("Clockwork Skies"), "the refusal lists the decks to choose from: {e}");
    }
    // The menu's own answer still starts the match.
    let out = forged_deck(&mut f, "Bob", "starter:Moonlit Veil").await.unwrap();
    assert!(started(&out), "{out:?}");
}

#[tokio::test]
async fn a_forged_deck_menu_value_cannot_bring_a_starter_deck_to_a_custom_challenge() {
    let mut f = Front::new().await;
    f.slash("Alice", import("Hers", &starter_list(0))).await.unwrap();
    f.slash("Bob", import("Mine", &starter_list(1))).await.unwrap();
    f.slash("Alice", challenge(2, "custom", Some("Hers"))).await.unwrap();
    for forged in ["starter:Clockwork Skies", "Clockwork Skies"] {
        let e = refusal_text(forged_deck(&mut f, "Bob", forged).await);
        assert!(e.contains("assembly:custom") && e.contains("/deck"), "{forged}: {e}");
    }
    let out = forged_deck(&mut f, "Bob", "saved:Mine").await.unwrap();
    assert!(started(&out), "{out:?}");
}

#[tokio::test]
async fn a_forged_deck_menu_value_cannot_choose_a_deck_where_nobody_chooses_one() {
    for assembly in ["closed-draft", "mirror"] {
        let mut f = Front::new().await;
        let deck = (assembly == "mirror").then_some("Wildfire Horde");
        f.slash("Alice", challenge(2, assembly, deck)).await.unwrap();
        let accept = f.button_on_last_post("Accept");
        let challenge: i64 = accept.trim_start_matches("accept:").parse().unwrap();
        let e = refusal_text(
            f.select("Bob", &CustomId::Deck { challenge }.encode(), "starter:Clockwork Skies").await,
        );
        assert!(e.contains(&format!("assembly:{assembly}")) && e.contains("Accept"), "{assembly}: {e}");
        // Accept still takes the seat.
        assert!(started(&f.click("Bob", &accept).await.unwrap()), "{assembly}");
    }
}
