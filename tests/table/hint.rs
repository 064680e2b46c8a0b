//! The *Hint* button of the hand (issue 33, item 4): in a match against
//! the computer a player may ask it for its move and why; the answer is
//! private, the board counts the hints and the match's record lists them.
//! Never in a match between people (all rated): no button, and a click
//! made up by hand is refused. The search behind a hint reads only what
//! the asking seat sees.

use crate::table_support;

use crate::ai_support;

use std::time::Duration;

use ai_support::choice_points;
use cardtable::ai::{self, Budget, Rollouts, Settings};
use cardtable::engine::{GameRng, Viewer};
use cardtable::games::{AnyState, Library, GAMES};
use cardtable::store::Store;
use cardtable::table::{
    boards_in, Command, Component, CustomId, Message, Outgoing, Seating, TableConfig, TableError, UserRef,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::computer::{person_moves, stored};
use table_support::Front;

/// Seeds the random answers of [`choice_points`] apart from the setup.
const SALT: u64 = 0x51;

/// Simulations a hint runs in these tests: the time never ends a search
/// first, so a hint depends on its seed alone.
const ITERATIONS: u32 = 40;

fn quick() -> TableConfig {
    TableConfig {
        seed: Some(21),
        ai_budget: Some(Budget { iterations: ITERATIONS, time: Duration::from_secs(60) }),
        ..TableConfig::default()
    }
}

/// Everything a message says, as one text.
fn text(m: &Message) -> String {
    let mut out = m.content.clone();
    if let Some(e) = &m.embed {
        out.push_str(&format!("\n{}\n{}", e.title, e.description));
        for f in &e.fields {
            out.push_str(&format!("\n{}\n{}", f.name, f.value));
        }
        if let Some(footer) = &e.footer {
            out.push_str(&format!("\n{footer}"));
        }
    }
    out
}

/// The private answers to `who` in `out`.
fn ephemerals(out: &[Outgoing], who: &str) -> Vec<Message> {
    out.iter()
        .filter_map(|o| match o {
            Outgoing::Ephemeral { to, message } if to.0 == who => Some(message.clone()),
            _ => None,
        })
        .collect()
}

/// The ids of the buttons of `m`.
fn button_ids(m: &Message) -> Vec<String> {
    m.components
        .iter()
        .filter_map(|c| match c {
            Component::Button { custom_id, .. } => Some(custom_id.clone()),
            Component::Select { .. } => None,
        })
        .collect()
}

/// The hand `who` gets from `/hand`.
async fn hand(f: &mut Front, who: &str) -> Message {
    let out = f.slash(who, Command::Hand).await.unwrap();
    ephemerals(&out, &who.to_lowercase()).pop().expect("the hand is private")
}

/// The computer moves wherever `out` showed a board.
async fn computer_follows(f: &mut Front, out: &[Outgoing]) {
    let moves = f.table.play_ai_in(&boards_in(out)).await;
    f.deliver(&moves).await;
}

/// Alice challenges the computer at Certamen (level easy) and plays
/// seeded random moves until she has a real choice (two answers or more).
async fn alice_against_the_computer(f: &mut Front) -> i64 {
    let challenge = Command::Challenge {
        opponent: UserRef::computer("cardtable"),
        game: "certamen".into(),
        deck: None,
        deadline_hours: None,
        variant: None,
        seating: Box::new(Seating { level: Some("easy".into()), ..Default::default() }),
    };
    let out = f.slash("Alice", challenge).await.unwrap();
    let match_id = out
        .iter()
        .find_map(|o| match o {
            Outgoing::CreateThread { match_id, .. } => Some(*match_id),
            _ => None,
        })
        .expect("a match is opened");
    computer_follows(f, &out).await;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..200 {
        let (state, _, alice, _) = stored(f, match_id, "Alice").await;
        if state.to_act().contains(&alice) && state.legal_actions(alice).len() > 1 {
            return match_id;
        }
        let out = person_moves(f, match_id, "Alice", &mut rng).await.expect("Alice is to act");
        computer_follows(f, &out).await;
    }
    panic!("Alice never had a choice to make");
}

#[tokio::test]
async fn a_hint_against_the_computer_names_a_legal_move_with_its_chances_and_the_board_counts_it() {
    let mut f = Front::with_config(Store::open_memory().await.unwrap(), quick());
    let match_id = alice_against_the_computer(&mut f).await;
    let (state, version, alice, _) = stored(&f, match_id, "Alice").await;

    let hand = hand(&mut f, "Alice").await;
    let hint_id = CustomId::Hint { match_id, version }.encode();
    assert!(button_ids(&hand).contains(&hint_id), "no Hint button in the hand: {:?}", button_ids(&hand));

    let out = f.click("Alice", &hint_id).await.unwrap();
    assert_eq!(out.len(), 1, "only a private answer, no post: {out:?}");
    let answer = text(&ephemerals(&out, "alice").pop().expect("the hint is private to Alice"));
    let labels: Vec<String> =
        state.legal_actions(alice).iter().map(|a| state.describe(alice, a).label).collect();
    let named = labels
        .iter()
        .find(|l| answer.contains(&format!("My pick: **{l}**")))
        .unwrap_or_else(|| panic!("the hint names none of Alice's moves {labels:?}: {answer}"));
    // Its chances: "about 64% to win after it", a share of the games it played on.
    let chance: u32 = answer
        .split("Why: about ")
        .nth(1)
        .and_then(|rest| rest.split('%').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no chance after {named}: {answer}"));
    assert!(chance <= 100, "{answer}");
    assert!(answer.contains("% to win after it"), "{answer}");
    assert!(answer.contains(&format!("over {ITERATIONS} games")), "{answer}");
    // Each alternative is named once, and never as the pick again (two
    // copies of a card are one choice to the player).
    if let Some(rest) = answer.split("next best: ").nth(1) {
        let others: Vec<&str> = rest
            .trim_end_matches(|c| c != '%')
            .split(", ")
            .map(|o| o.rsplit_once(' ').map_or(o, |(l, _)| l))
            .collect();
        let mut seen = vec![named.as_str()];
        for o in &others {
            assert!(!seen.contains(o), "{o} is named twice: {answer}");
            seen.push(o);
        }
    }

    // Asking again at the same decision is the same hint, counted once.
    let again = f.click("Alice", &hint_id).await.unwrap();
    assert_eq!(text(&ephemerals(&again, "alice")[0]), answer);
    let hints = f.table.store().match_hints(match_id).await.unwrap();
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert_eq!((hints[0].seat, hints[0].version), (i64::from(alice.0), version));

    // The board says a hint was used.
    let out = f.slash("Alice", Command::Board).await.unwrap();
    let board = out
        .iter()
        .find_map(|o| match o {
            Outgoing::Post { message, .. } => Some(text(message)),
            _ => None,
        })
        .expect("the board is posted again");
    assert!(board.contains("Hints used 1"), "{board}");

    // The match's record lists it once the match is over.
    let out = f.click("Alice", &CustomId::ConcedeConfirm { match_id }.encode()).await.unwrap();
    f.deliver(&out).await;
    let out = f
        .slash("Alice", Command::History { player: None, game: None, match_id: Some(match_id) })
        .await
        .unwrap();
    let contents = out
        .iter()
        .find_map(|o| match o {
            Outgoing::File { contents, .. } => Some(contents.clone()),
            _ => None,
        })
        .expect("the record is a file");
    let record: serde_json::Value = serde_json::from_str(&contents).unwrap();
    assert_eq!(record["hints"][0]["version"], version, "{}", record["hints"]);
    assert_eq!(record["hints"][0]["seat"], i64::from(alice.0));
}

#[tokio::test]
async fn no_hint_in_a_rated_match_between_people_and_a_forged_click_is_refused() {
    let mut f = Front::with_config(Store::open_memory().await.unwrap(), quick());
    let match_id = f.start_match().await;
    let (_, version, _, _) = stored(&f, match_id, "Alice").await;
    for who in ["Alice", "Bob"] {
        let hand = hand(&mut f, who).await;
        assert!(
            button_ids(&hand).iter().all(|id| !id.starts_with("hint:")),
            "{who} was offered a hint in a rated match: {:?}",
            button_ids(&hand)
        );
        let forged = CustomId::Hint { match_id, version }.encode();
        match f.click(who, &forged).await {
            Err(TableError::User(e)) => {
                let said = e.to_string();
                assert!(said.contains("Hints are only for matches against the computer"), "{said}");
                assert!(said.contains("rated"), "{said}");
            }
            other => panic!("a forged hint click was not refused: {other:?}"),
        }
    }
    assert!(f.table.store().match_hints(match_id).await.unwrap().is_empty(), "nothing is noted");
}

/// Two states the asking seat cannot tell apart (the real one dealt again
/// with two seeds: same view, other hidden cards, the opponent's hand
/// among them) give the same hint for the same seed: every answer with
/// the same chance. And the hint's move is the one the computer would
/// play in that seat at the same budget.
#[test]
fn a_hint_uses_no_hidden_information() {
    let library = Library::embedded().unwrap();
    let budget = Budget { iterations: ITERATIONS, time: Duration::from_secs(600) };
    let settings = Settings { budget, rollouts: Rollouts::DEFAULT, sample: false };
    let json = |s: &AnyState| serde_json::to_string(s).unwrap();
    for &game in GAMES {
        let (mut checked, mut differing) = (0, 0);
        for seed in 0..6 {
            let mut n = 0;
            choice_points(&library, game, seed, SALT, |state, seat| {
                n += 1;
                if n % 4 != 0 || checked >= 8 {
                    return;
                }
                let one = state.determinize(seat, &mut GameRng::from_seed(seed * 1000 + n));
                let two = state.determinize(seat, &mut GameRng::from_seed(seed * 1000 + n + 1));
                assert_eq!(one.view(Viewer::Seat(seat)), two.view(Viewer::Seat(seat)));
                differing += usize::from(json(&one) != json(&two));
                let (a, b) = (ai::advise(&one, seat, budget, 9), ai::advise(&two, seat, budget, 9));
                assert_eq!(a, b, "{} seed {seed}: the hint depends on hidden cards", game.key());
                let a = a.expect("a real choice");
                assert_eq!(a.iterations, ITERATIONS);
                assert!(a.ranked.iter().any(|w| w.chance.is_some()));
                assert_eq!(
                    Some(a.ranked[0].action.clone()),
                    ai::choose_with(&one, seat, settings, 9),
                    "{}: the hint's move is the search's own pick",
                    game.key()
                );
                checked += 1;
            });
        }
        assert!(checked >= 4, "{}: only {checked} decisions checked", game.key());
        assert!(differing > 0, "{}: the hidden cards never differed, so nothing was tested", game.key());
    }
}

/// The console, as a player types it: challenge the computer, open the
/// hand, click Hint. Prints what the hint said (`--nocapture`).
#[tokio::test]
async fn the_hint_in_the_console() {
    let store = Store::open_memory().await.unwrap();
    let mut c = cardtable::console::Console::with_config(store, quick());
    let mut said = String::new();
    for line in ["@alice /challenge game:certamen level:easy", "@alice /hand", "@alice click Hint"] {
        let out = c.line(line).await;
        println!("> {line}\n{out}\n");
        said = out;
    }
    assert!(said.contains("My pick: "), "{said}");
    assert!(said.contains("% to win after it"), "{said}");
}

/// Issue 54, finding 2: the hint of a decision is searched once and kept:
/// asked again it is shown as it was, without a search and without
/// counting. A member gets `HINTS_PER_HOUR` searched hints in any hour;
/// past it, a new decision's hint is refused, saying when the next comes
/// and that hints already given are shown again.
#[tokio::test]
async fn hints_are_searched_once_per_decision_and_capped_per_member_an_hour() {
    use cardtable::store::LimitKind;
    use cardtable::table::limits::HINTS_PER_HOUR;
    let mut f = Front::with_config(Store::open_memory().await.unwrap(), quick());
    let match_id = alice_against_the_computer(&mut f).await;
    let (_, version, _, _) = stored(&f, match_id, "Alice").await;
    let hint_id = CustomId::Hint { match_id, version }.encode();
    let first = text(&ephemerals(&f.click("Alice", &hint_id).await.unwrap(), "alice")[0]);
    let store = f.table.store().clone();
    let counted = || async { store.limit_marks().await.unwrap().iter().filter(|m| m.0 == "hint").count() };
    assert_eq!(counted().await, 1, "a searched hint counts");
    // The rest of the hour's hints, used elsewhere.
    let now = f.table.now();
    for _ in 1..HINTS_PER_HOUR {
        store.add_limit_mark(LimitKind::Hint, "alice", "", now, 3600).await.unwrap();
    }
    // The decision already hinted: shown again as it was (a search would be refused now).
    let again = text(&ephemerals(&f.click("Alice", &hint_id).await.unwrap(), "alice")[0]);
    assert_eq!(again, first);
    assert_eq!(counted().await, HINTS_PER_HOUR, "shown again, not counted");
    // A new decision (another match against the computer): refused, with when.
    let other = alice_against_the_computer(&mut f).await;
    let (_, version, _, _) = stored(&f, other, "Alice").await;
    let e = match f.click("Alice", &CustomId::Hint { match_id: other, version }.encode()).await {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a refusal, got {other:?}"),
    };
    assert!(e.contains(&format!("{HINTS_PER_HOUR} hints in the last hour")), "{e}");
    assert!(e.contains("ask again in 60 min"), "{e}");
    assert!(e.contains("shown again at no cost"), "{e}");
    assert!(f.table.store().match_hints(other).await.unwrap().is_empty(), "nothing is noted");
    // An hour later, one more.
    f.clock.advance(3600);
    let (_, version, _, _) = stored(&f, other, "Alice").await;
    f.click("Alice", &CustomId::Hint { match_id: other, version }.encode()).await.unwrap();
}
