//! The pictures of seeded random positions of every game, checked for
//! what a phone reader needs: badges that keep their words, boards of
//! three and four seats at most two phone screens tall, the end said
//! once, main characters starred.
//!
//! `PICTURE_DUMP=DIR cargo test --lib picture::checks` also writes the
//! tallest board of each seating to DIR, to look at.

use std::collections::BTreeMap;

use super::draw::{Drawing, Shape};
use super::{board_drawing, hand_drawing, MAX_MULTI_SEAT_HEIGHT};
use crate::engine::{CardView, Seat, TableView, Viewer, ZoneView};
use crate::games::{GameId, Library, GAMES};
use crate::sim::{random_position, Position, SimOptions};

const SEEDS: [u64; 4] = [1, 2, 3, 4];
/// Early, middle, late and (most often) finished games.
const TURNS: [u32; 4] = [5, 12, 25, 10_000];

/// Every seating of `game` worth drawing: each player count with each of
/// its modes (the default mode only for two).
fn seatings(game: GameId) -> Vec<SimOptions> {
    let info = game.info();
    let mut out = Vec::new();
    for players in info.players.0.max(2)..=info.players.1.min(crate::sim::NAMES.len()) {
        let modes: Vec<Option<String>> = if info.modes.is_empty() || players == 2 {
            vec![None]
        } else {
            info.modes.iter().map(|m| Some((*m).to_owned())).collect()
        };
        for mode in modes {
            out.push(SimOptions { players, mode, ..SimOptions::default() });
        }
    }
    out
}

/// The positions of `opts` at every seed and turn (a seating its mode does
/// not allow gives none).
fn positions(library: &Library, game: GameId, opts: &SimOptions) -> Vec<(String, Position)> {
    let mut out = Vec::new();
    for seed in SEEDS {
        for turns in TURNS {
            if let Ok(p) = random_position(library, game, seed, turns, opts) {
                out.push((format!("seed {seed}, turn {turns}"), p));
            }
        }
    }
    out
}

fn label(game: GameId, opts: &SimOptions) -> String {
    format!(
        "{}-{}p{}",
        game.key(),
        opts.players,
        opts.mode.as_ref().map(|m| format!("-{m}")).unwrap_or_default()
    )
}

/// The badge texts of every card frame, in order (a frame's other text,
/// its name, is bold).
fn badge_texts(drawing: &Drawing) -> Vec<String> {
    let mut open = false;
    let mut out = Vec::new();
    for shape in &drawing.shapes {
        match shape {
            Shape::Open(_) => open = true,
            Shape::Close => open = false,
            Shape::Text { bold: false, text, .. } if open => out.push(text.clone()),
            _ => {}
        }
    }
    out
}

/// The words of texts, as a count of each: a word cut over two lines
/// ("Blazestri-", "de") is joined, a list's comma dropped.
fn words<'a>(texts: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, usize> {
    let mut joined = String::new();
    for t in texts {
        if joined.ends_with('-') {
            joined.pop();
        } else {
            joined.push(' ');
        }
        joined.push_str(t);
    }
    let mut out = BTreeMap::new();
    for w in joined.split_whitespace().filter(|w| *w != "·") {
        *out.entry(w.trim_end_matches(',').to_owned()).or_insert(0) += 1;
    }
    out
}

/// The cards of the board's zones, shared and the seats'.
fn board_cards(view: &TableView) -> impl Iterator<Item = &CardView> {
    let seats = view.seats.iter().flat_map(|s| &s.zones);
    view.shared.iter().chain(seats).flat_map(|z: &ZoneView| &z.cards)
}

/// `Err` when a badge of `drawing` is cut, or its badges do not say every
/// word of the details of `cards`.
fn badges_whole<'a>(drawing: &Drawing, cards: impl Iterator<Item = &'a CardView>) -> Result<(), String> {
    let drawn = badge_texts(drawing);
    if let Some(cut) = drawn.iter().find(|t| t.ends_with('…')) {
        return Err(format!("a badge is cut: {cut:?}"));
    }
    let details: Vec<&str> = cards.map(|c| c.detail.as_str()).collect();
    let (want, got) = (words(details.iter().copied()), words(drawn.iter().map(String::as_str)));
    if want != got {
        let missing: Vec<&String> = want.keys().filter(|w| got.get(*w) != want.get(*w)).collect();
        return Err(format!("the badges do not say every word of the details: {missing:?}"));
    }
    Ok(())
}

/// A badge keeps its meaning: no badge of any board or hand picture of any
/// game, at any seating, ends cut with "…", and the badges of a picture
/// say every word of its cards' details (a badge wider than its frame
/// wraps; "equipped to Da…" and "Wardenbound,…" were cut).
#[test]
fn no_badge_is_cut_on_any_board_or_hand() {
    let library = Library::embedded().unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for &game in GAMES {
        for opts in seatings(game) {
            for (at, p) in positions(&library, game, &opts) {
                let public = p.state.view(Viewer::Public);
                let mut results =
                    vec![("board", badges_whole(&board_drawing(&public, &p.events), board_cards(&public)))];
                let own = p.state.view(Viewer::Seat(Seat(0)));
                let hand = own.hand.as_deref().unwrap_or_default();
                results.push(("hand", badges_whole(&hand_drawing(&own), hand.iter())));
                for (what, result) in results {
                    checked += 1;
                    if let Err(e) = result {
                        failures.push(format!("{} {at} {what}: {e}", label(game, &opts)));
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} pictures checked");
    assert!(failures.is_empty(), "{} of {checked} pictures:\n{}", failures.len(), failures.join("\n"));
}

/// Boards of three and four seats are at most two phone screens tall
/// ([`MAX_MULTI_SEAT_HEIGHT`] at 600 px wide), at every seat count and
/// mode every game allows, early, late and finished; the heights are
/// printed (`--nocapture`), and the tallest of each seating written under
/// `PICTURE_DUMP`.
#[test]
fn three_and_four_seat_boards_fit_two_phone_screens() {
    let library = Library::embedded().unwrap();
    let dump = std::env::var_os("PICTURE_DUMP").map(std::path::PathBuf::from);
    let mut failures = Vec::new();
    let mut seatings_drawn = 0;
    for &game in GAMES {
        for opts in seatings(game) {
            let mut tallest: Option<(u32, String, Drawing)> = None;
            for (at, p) in positions(&library, game, &opts) {
                let drawing = board_drawing(&p.state.view(Viewer::Public), &p.events);
                let h = drawing.size().1;
                if (3..=4).contains(&opts.players) && h as f32 > MAX_MULTI_SEAT_HEIGHT {
                    failures.push(format!("{} {at}: {h} px tall", label(game, &opts)));
                }
                if tallest.as_ref().is_none_or(|t| h > t.0) {
                    tallest = Some((h, at, drawing));
                }
            }
            let Some((h, at, drawing)) = tallest else { continue };
            seatings_drawn += usize::from((3..=4).contains(&opts.players));
            println!("{}: tallest {h} px ({at})", label(game, &opts));
            if let Some(dir) = &dump {
                std::fs::create_dir_all(dir).unwrap();
                std::fs::write(dir.join(format!("{}.png", label(game, &opts))), drawing.png().unwrap())
                    .unwrap();
            }
        }
    }
    // Spheres seats four in each of its modes, Athernum three and four.
    assert!(seatings_drawn >= 7, "only {seatings_drawn} seatings of three or four drawn");
    assert!(failures.is_empty(), "over {MAX_MULTI_SEAT_HEIGHT} px:\n{}", failures.join("\n"));
}

/// All the text of a drawing, lower case, a line a shape.
fn all_text(drawing: &Drawing) -> String {
    let texts = drawing.shapes.iter().filter_map(|s| match s {
        Shape::Text { text, .. } => Some(text.to_lowercase()),
        _ => None,
    });
    texts.collect::<Vec<_>>().join("\n")
}

/// A finished game's board says "Game over" once, whether or not its
/// headline says it already.
#[test]
fn a_finished_board_says_game_over_once() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let mut finished = 0;
        for seed in SEEDS {
            let p = random_position(&library, game, seed, 10_000, &SimOptions::default()).unwrap();
            let view = p.state.view(Viewer::Public);
            let Some(outcome) = &view.outcome else { continue };
            finished += 1;
            let text = all_text(&board_drawing(&view, &p.events));
            assert_eq!(text.matches("game over").count(), 1, "{} seed {seed}:\n{text}", game.key());
            let reason = outcome.reason.to_lowercase();
            assert!(
                text.contains(&reason),
                "{} seed {seed}: the reason {reason:?} is missing:\n{text}",
                game.key()
            );
        }
        assert!(finished > 0, "{}: no random game finished", game.key());
    }
}

/// The stars drawn before card names.
fn stars(drawing: &Drawing) -> usize {
    let star = |s: &&Shape| matches!(s, Shape::Text { bold: true, text, .. } if text.starts_with('★'));
    drawing.shapes.iter().filter(star).count()
}

/// A main character is starred whatever the card is: a character or a
/// location in the "Main character" zone, or a card whose detail says
/// "main character" in any zone; no other card. On random Athernum boards
/// every card of a "Main character" zone is starred, at two seats and at
/// four.
#[test]
fn a_main_character_is_starred_whatever_the_card() {
    let card = |name: &str, detail: &str| CardView { name: name.into(), detail: detail.into() };
    let zone = |name: &str, cards| ZoneView { name: name.into(), cards };
    let seat = |zones| crate::engine::SeatView {
        seat: Some(Seat(0)),
        name: "Carol".into(),
        zones,
        alive: true,
        ..Default::default()
    };
    let throne = card("Throne of the Old Kings", "DFV 6 · 2 damage · 1 slot");
    let cases = [
        (vec![zone("Main character", vec![throne.clone()])], 1),
        (vec![zone("Location", vec![card("Throne of the Old Kings", "main character · DFV 6")])], 1),
        (vec![zone("Main character", vec![card("The Pale Chancellor", "exhausted ×1")])], 1),
        (vec![zone("Location", vec![throne.clone()])], 0),
    ];
    for (zones, want) in cases {
        for seats in [1, 4] {
            let view = TableView { seats: vec![seat(zones.clone()); seats], ..Default::default() };
            assert_eq!(stars(&board_drawing(&view, &[])), want * seats, "{zones:?} at {seats} seats");
        }
    }
    let library = Library::embedded().unwrap();
    // Every game whose board has main characters (a game without them
    // draws no star).
    for (game, players) in GAMES.iter().copied().flat_map(|g| [(g, 2), (g, 4)]) {
        if players > game.info().players.1 {
            continue;
        }
        let opts = SimOptions { players, ..SimOptions::default() };
        for (at, p) in positions(&library, game, &opts) {
            let view = p.state.view(Viewer::Public);
            let main = |z: &&ZoneView| z.name.to_lowercase().starts_with("main character");
            let mains: usize =
                view.seats.iter().flat_map(|s| s.zones.iter().filter(main)).map(|z| z.cards.len()).sum();
            assert_eq!(stars(&board_drawing(&view, &p.events)), mains, "{players} seats, {at}");
        }
    }
}
