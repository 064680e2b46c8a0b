//! Hidden information: over seeded random games of every game in the
//! registry, nothing a viewer is shown names a card that viewer may not see.
//!
//! For every action of every game, with `B` = the secrets before it and
//! `A` = the secrets after it (`AnyState::secrets`, per viewer):
//! - a public event of the action names no card of `B ∩ A` (a card hidden
//!   before and after may not be named in passing), except in the few
//!   events a game lists as showing a card on its way through a public zone
//!   (see [`PASSING`]);
//! - the public view, serialised, names no card of `A`, and neither does
//!   the board message the view layer renders from it (with the buttons
//!   offered on it);
//! - for each seat: its private events name no card of its own `B ∩ A`, and
//!   its view and its rendered hand name no card of its own `A` — so a seat
//!   never sees the other seat's hand;
//! - the pictures (`cardtable::picture`): the public board's SVG names no
//!   card of `A`, and a seat's hand picture none of its own `A` (checked on
//!   every action of one game in [`PICTURE_EVERY`], to keep CI short).
//!
//! A leak fails with the game, seed, action number and action.
//!
//! CI runs a few hundred games per game (`cargo test`); the thousands run is
//! `cargo test --release --test reliability reliability_hidden:: -- --ignored`
//! (`CARDTABLE_HIDDEN_GAMES` overrides the number of games per game,
//! `CARDTABLE_HIDDEN_GAME=<key>` plays only that game). Each game gets a
//! line of figures.

use crate::reliability_support;

use cardtable::engine::{Event, Seat, TableView, Viewer, Visibility};
use cardtable::games::{AnyState, GameId, Library, GAMES};
use cardtable::sim::{random_setup, random_setup_with, SimOptions, STEP_BUDGET};
use cardtable::view::{self, BoardContext, HandContext};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reliability_support::words::first_leak;

/// Games per registry entry in the CI run (debug build).
const CI_GAMES: u64 = 120;
/// Games per registry entry in the long run.
const LONG_GAMES: u64 = 3_000;
/// The pictures are checked in the games whose seed is a multiple of this.
const PICTURE_EVERY: u64 = 4;

/// What was checked, for the summary line.
#[derive(Debug, Default)]
struct Tally {
    games: u64,
    actions: u64,
    texts: u64,
    secrets_seen: u64,
}

/// The secrets of every viewer: index 0 = public, i + 1 = seat i.
fn all_secrets(state: &AnyState, seats: usize) -> Vec<Vec<String>> {
    let mut out = vec![state.secrets(Viewer::Public)];
    out.extend((0..seats).map(|i| state.secrets(Viewer::Seat(Seat(i as u8)))));
    out
}

/// How a game's public events may name a card that passes through a public
/// zone inside one action. The check sees only the states before and after
/// an action, so such a card looks hidden throughout. A new game starts
/// with none (the strict rule), and gains entries only for events that
/// really show a card on its way.
struct Passing {
    /// The game's registry key.
    game: &'static str,
    /// Events that may name such a card.
    events: &'static [&'static str],
    /// An event after which a hidden pile may hold cards shown earlier in
    /// the same action: the public events before it are not checked.
    reshuffles: &'static [&'static str],
}

/// Spheres: the trash is face up. A discarded hand goes there, energy paid
/// for a retaliation goes there, and effects then move cards from it to the
/// deck or the groove; an empty deck takes the whole trash back.
const PASSING: &[Passing] = &[Passing {
    game: "spheres",
    events: &["trashes the whole hand", "goes on top of the deck", "becomes energy"],
    reshuffles: &["shuffled back into it from the trash"],
}];

/// The public events of an action that the `B ∩ A` rule checks.
fn checked_public_events<'e>(game: &str, events: &'e [Event]) -> Vec<&'e Event> {
    let public: Vec<&Event> = events.iter().filter(|e| e.to == Visibility::Public).collect();
    let Some(rules) = PASSING.iter().find(|p| p.game == game) else {
        return public;
    };
    let from =
        public.iter().rposition(|e| rules.reshuffles.iter().any(|m| e.text.contains(m))).map_or(0, |i| i + 1);
    public[from..].iter().copied().filter(|e| !rules.events.iter().any(|m| e.text.contains(m))).collect()
}

/// The names an event of this action may not name for one viewer: hidden
/// from it before the action and after it.
fn hidden_throughout(before: &[String], after: &[String]) -> Vec<String> {
    before.iter().filter(|n| after.contains(n)).cloned().collect()
}

/// The board message the table would post for `state` (without the
/// events, which are checked on their own against `B ∩ A`).
fn board_message(state: &AnyState, public: &TableView, version: i64) -> String {
    // What the table offers on the board, standing orders and moves ahead
    // included, for players who gave no orders.
    let on_board = match state.to_act().as_slice() {
        [only] => cardtable::table::offers(state, *only, &[]).board,
        _ => vec![],
    };
    let ctx = BoardContext {
        match_id: 1,
        version,
        events: &[],
        board_actions: &on_board,
        deadline: Some("72 h per move".into()),
        notice: None,
        thinking: None,
        summary: None,
    };
    serde_json::to_string(&view::board(public, &ctx)).expect("messages serialise")
}

/// The hand message of `seat` (without news), every page of it.
fn hand_messages(state: &AnyState, seat: Seat, seat_view: &TableView, version: i64) -> Vec<String> {
    let in_hand = cardtable::table::offers(state, seat, &[]).hand;
    let pages = in_hand.len().div_ceil(25).max(1) as u32;
    (0..pages)
        .map(|page| {
            let ctx = HandContext {
                match_id: 1,
                version,
                seat: Some(seat),
                news: &[],
                actions: &in_hand,
                page,
                orders: &[],
                hint: true,
            };
            serde_json::to_string(&view::hand(seat_view, &ctx)).expect("messages serialise")
        })
        .collect()
}

/// An SVG's text as read: its escapes undone.
fn svg_text(svg: &str) -> String {
    svg.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

/// Checks one state after an action; `Err` describes the first leak.
/// `pictures`: check the pictures' SVG too.
#[allow(clippy::too_many_arguments)]
fn check_after(
    game: &str,
    state: &AnyState,
    events: &[Event],
    before: &[Vec<String>],
    after: &[Vec<String>],
    version: i64,
    pictures: bool,
    tally: &mut Tally,
) -> Result<(), String> {
    let seats = after.len() - 1;
    // Public events vs. cards hidden from the public before and after.
    let hidden = hidden_throughout(&before[0], &after[0]);
    for e in checked_public_events(game, events) {
        tally.texts += 1;
        if let Some((name, around)) = first_leak(&e.text, &hidden) {
            return Err(format!("public event names hidden card {name:?}: {around}"));
        }
    }
    // The public view and the rendered board vs. what is hidden now.
    let public = state.view(Viewer::Public);
    let public_json = serde_json::to_string(&public).expect("views serialise");
    let board = board_message(state, &public, version);
    let mut public_texts = vec![("public view", public_json), ("board message", board)];
    if pictures {
        public_texts.push(("board picture", svg_text(&cardtable::picture::board_svg(&public, &[]))));
    }
    for (what, text) in &public_texts {
        tally.texts += 1;
        if let Some((name, around)) = first_leak(text, &after[0]) {
            return Err(format!("{what} names hidden card {name:?}: {around}"));
        }
    }
    // Each seat: its private events, its view, its hand.
    for i in 0..seats {
        let seat = Seat(i as u8);
        let hidden = hidden_throughout(&before[i + 1], &after[i + 1]);
        for e in events.iter().filter(|e| e.to == Visibility::Only(seat)) {
            tally.texts += 1;
            if let Some((name, around)) = first_leak(&e.text, &hidden) {
                return Err(format!("private event to {seat} names card {name:?} hidden from it: {around}"));
            }
        }
        let seat_view = state.view(Viewer::Seat(seat));
        let mut texts = vec![("view", serde_json::to_string(&seat_view).expect("views serialise"))];
        texts
            .extend(hand_messages(state, seat, &seat_view, version).into_iter().map(|t| ("hand message", t)));
        if pictures {
            texts.push(("hand picture", svg_text(&cardtable::picture::hand_svg(&seat_view))));
        }
        for (what, text) in &texts {
            tally.texts += 1;
            if let Some((name, around)) = first_leak(text, &after[i + 1]) {
                return Err(format!("{seat}'s {what} names card {name:?} hidden from it: {around}"));
            }
        }
    }
    tally.secrets_seen += after.iter().map(|s| s.len() as u64).sum::<u64>();
    Ok(())
}

/// Plays one seeded random game of registry entry `game`, checking every action.
fn play_checked(
    library: &Library,
    game: GameId,
    seed: u64,
    opts: &SimOptions,
    tally: &mut Tally,
) -> Result<(), String> {
    let fail = |step: usize, action: &str, why: String| {
        format!("{} seed {seed} {opts:?}, action {step} ({action}): {why}", game.key())
    };
    let setup = random_setup_with(library, game, seed, opts).map_err(|e| fail(0, "setup", e))?;
    let mut state = AnyState::setup(game, &setup, library).map_err(|e| fail(0, "setup", e.to_string()))?;
    let seats = setup.seats.len();
    let mut before = all_secrets(&state, seats);
    let pictures = seed % PICTURE_EVERY == 0;
    check_after(game.key(), &state, &[], &before, &before, 0, pictures, tally)
        .map_err(|e| fail(0, "setup", e))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut step = 0;
    while state.outcome().is_none() {
        if step >= STEP_BUDGET {
            return Err(fail(step, "-", "no outcome within the step budget".into()));
        }
        let to_act = state.to_act();
        let Some(&seat) = to_act.get(rng.gen_range(0..to_act.len().max(1))) else {
            return Err(fail(step, "-", "nobody to act but no outcome".into()));
        };
        let actions = state.legal_actions(seat);
        if actions.is_empty() {
            return Err(fail(step, "-", format!("{seat} must act but has no legal action")));
        }
        let action = &actions[rng.gen_range(0..actions.len())];
        step += 1;
        let label = format!("{seat}: {action:?}");
        let events = state.apply(seat, action).map_err(|e| fail(step, &label, format!("refused: {e}")))?;
        let after = all_secrets(&state, seats);
        check_after(game.key(), &state, &events, &before, &after, step as i64, pictures, tally)
            .map_err(|e| fail(step, &label, e))?;
        before = after;
        tally.actions += 1;
    }
    tally.games += 1;
    Ok(())
}

/// Plays `games_per_entry` seeded games of every registry entry (or of
/// the one named by `CARDTABLE_HIDDEN_GAME`, to run the games of a long
/// run side by side), printing a line per game and one in all.
fn run(games_per_entry: u64, first_seed: u64) -> Tally {
    let games =
        std::env::var("CARDTABLE_HIDDEN_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(games_per_entry);
    let only = std::env::var("CARDTABLE_HIDDEN_GAME").ok();
    let entries: Vec<GameId> = match &only {
        Some(key) => vec![GameId::parse(key).expect("CARDTABLE_HIDDEN_GAME names a registry game")],
        None => GAMES.to_vec(),
    };
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    let library = Library::embedded().expect("the embedded cards load");
    for game in entries {
        let mut mine = Tally::default();
        let failed = failures.len();
        let started = std::time::Instant::now();
        for seed in first_seed..first_seed + games {
            if let Err(e) = play_checked(&library, game, seed, &SimOptions::default(), &mut mine) {
                failures.push(e);
            }
        }
        eprintln!(
            "hidden information, {}: {} games, {} actions, {} texts checked against {} secret names; {} leaks ({:.0} s)",
            game.key(),
            mine.games,
            mine.actions,
            mine.texts,
            mine.secrets_seen,
            failures.len() - failed,
            started.elapsed().as_secs_f64()
        );
        assert!(mine.actions > 0 || failures.len() > failed, "{}: no action was checked", game.key());
        tally.games += mine.games;
        tally.actions += mine.actions;
        tally.texts += mine.texts;
        tally.secrets_seen += mine.secrets_seen;
    }
    eprintln!(
        "hidden information: {} games, {} actions, {} texts checked against {} secret names; {} leaks",
        tally.games,
        tally.actions,
        tally.texts,
        tally.secrets_seen,
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} games leaked; first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
    tally
}

#[test]
fn no_view_event_or_message_names_a_hidden_card() {
    let tally = run(CI_GAMES, 1);
    assert!(tally.actions > 0);
}

#[test]
#[ignore = "long: thousands of games; run with --release -- --ignored"]
fn no_view_event_or_message_names_a_hidden_card_in_thousands_of_games() {
    run(LONG_GAMES, 1_000_000);
}

/// Plays each game of registry entry `game` in `runs` (options, seed)
/// with the leak checks of [`play_checked`] and fails with the first
/// leaks found.
fn check_games(game: &str, runs: Vec<(SimOptions, u64)>) {
    let library = Library::embedded().unwrap();
    let game = GameId::parse(game).unwrap();
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for (opts, seed) in &runs {
        if let Err(e) = play_checked(&library, game, *seed, opts, &mut tally) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} games leaked; first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
    assert_eq!(tally.games, runs.len() as u64);
}

/// Spheres with three to six lords, in every mode: every seat's secrets
/// stay its own (a third lord never sees the others' hands, nor a
/// teammate the other's in tag team and Citadel).
#[test]
fn no_view_event_or_message_names_a_hidden_card_with_several_lords() {
    let modes = [
        (3, "free-for-all"),
        (4, "teams"),
        (5, "limited-range"),
        (6, "teams"),
        (6, "free-for-all"),
        (4, "tag-team"),
        (4, "citadel"),
    ];
    check_games(
        "spheres",
        (0..21u64)
            .map(|seed| {
                let (players, mode) = modes[seed as usize % modes.len()];
                (SimOptions { players, mode: Some(mode.into()), ..Default::default() }, 500 + seed)
            })
            .collect(),
    );
}

/// Spheres variant `first-draft`: crystals lie face up (public), hands,
/// decks, shields and groove stay hidden; two to four lords.
#[test]
fn no_view_event_or_message_names_a_hidden_card_in_the_first_draft() {
    check_games(
        "spheres",
        (0..12u64)
            .map(|seed| {
                let players = [2, 2, 3, 4][seed as usize % 4];
                (
                    SimOptions { players, variant: Some("first-draft".into()), ..Default::default() },
                    900 + seed,
                )
            })
            .collect(),
    );
}

/// Spheres deck assembly: while the decks are built, a lord's picks and
/// pack stay theirs (closed, blind draft, random-keep), a blind row shows
/// only spheres, and nothing of the pool is named; then the match is
/// checked as usual.
#[test]
fn no_view_event_or_message_names_a_hidden_card_while_drafting() {
    let methods = [
        (2, "closed-draft"),
        (3, "closed-draft"),
        (3, "blind-draft"),
        (2, "open-draft"),
        (2, "random-keep"),
        (3, "set-selection"),
    ];
    check_games(
        "spheres",
        methods
            .into_iter()
            .enumerate()
            .map(|(i, (players, method))| {
                (SimOptions { players, assembly: Some(method.into()), ..Default::default() }, 900 + i as u64)
            })
            .collect(),
    );
}

/// The check itself catches a leak: a public event naming a card that stays
/// in a hand is reported with the game, seed and action.
#[test]
fn a_planted_leak_is_caught() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let setup = random_setup(&library, game, 3).unwrap();
        let state = AnyState::setup(game, &setup, &library).unwrap();
        let secrets = all_secrets(&state, setup.seats.len());
        let name = secrets[0].first().expect("a fresh game hides cards").clone();
        let leak = Event::public(format!("{} peeks at {name}", setup.seats[0].name));
        let mut tally = Tally::default();
        let err =
            check_after(game.key(), &state, &[leak], &secrets, &secrets, 0, true, &mut tally).unwrap_err();
        assert!(err.contains(&name), "{err}");
        let private = Event::private(Seat(0), format!("You see {name}"));
        let seat0 = &secrets[1];
        if seat0.contains(&name) {
            let err = check_after(game.key(), &state, &[private], &secrets, &secrets, 0, true, &mut tally)
                .unwrap_err();
            assert!(err.contains("seat 0"), "{err}");
        }
    }
}

/// The picture check reads the SVG as a player reads the picture: a hidden
/// card drawn face up on the board (even one whose name needs escaping) is
/// caught.
#[test]
fn a_card_planted_in_the_picture_is_caught() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let setup = random_setup(&library, game, 3).unwrap();
        let state = AnyState::setup(game, &setup, &library).unwrap();
        let hidden = state.secrets(Viewer::Public);
        let name = hidden.first().expect("a fresh game hides cards").clone();
        let mut public = state.view(Viewer::Public);
        let zone = cardtable::engine::ZoneView {
            name: "Planted".into(),
            cards: vec![cardtable::engine::CardView { name: name.clone(), detail: String::new() }],
        };
        // A zone of the table: some games seat nobody in the view before the deal.
        public.shared.push(zone);
        let svg = svg_text(&cardtable::picture::board_svg(&public, &[]));
        assert!(first_leak(&svg, &hidden).is_some(), "{}: {name} not found in the picture", game.key());
        let tricky = vec!["Salt & \"Pepper\" <Drake>".to_owned()];
        public.shared.last_mut().unwrap().cards[0].name = tricky[0].clone();
        let svg = svg_text(&cardtable::picture::board_svg(&public, &[]));
        assert!(first_leak(&svg, &tricky).is_some(), "an escaped name is read back");
    }
}
