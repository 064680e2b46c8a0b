//! The board as a picture (issue 34): golden images of every game at two
//! players and of the first game at six, compared with a tolerance; the
//! weight and type-size budgets; the hand picture; the console's
//! `--images`.
//!
//! The golden images are `tests/data/pictures/*.png`, positions from
//! seeded random games (`cardtable::sim::random_position`). After a
//! deliberate change of the pictures (or of the rules, which moves the
//! positions), regenerate them and look at them:
//!
//! `PICTURE_WRITE=1 cargo test --test tools picture::`
//!
//! A failing comparison writes what it drew beside the golden image
//! (`*.actual.png`, not committed) to look at.

use std::path::PathBuf;

use cardtable::engine::{Seat, Viewer};
use cardtable::games::{GameId, Library, GAMES};
use cardtable::picture::{
    board_drawing, board_png, board_svg, hand_png, MAX_PNG_BYTES, NAME_PX, TWO_COLUMNS_FROM, WIDTH,
};
use cardtable::sim::{random_position, Position, SimOptions};
use resvg::tiny_skia::Pixmap;

/// The seed and turn of every golden position.
const SEED: u64 = 3;
const TURNS: u32 = 12;
/// A pixel differs when a channel moves by more than this…
const CHANNEL_TOLERANCE: u8 = 48;
/// …and a picture differs when more than this share of its pixels do.
const PIXEL_TOLERANCE: f64 = 0.002;

/// How wide Discord shows an embed's image on a 390 px phone (the chat
/// column less the avatar gutter and the embed's margins).
const PHONE_IMAGE_PX: f32 = 300.0;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pictures")
}

fn position(library: &Library, game: GameId, players: usize) -> Position {
    let opts = SimOptions { players, ..SimOptions::default() };
    random_position(library, game, SEED, TURNS, &opts)
        .unwrap_or_else(|e| panic!("{} at {players}: {e}", game.key()))
}

/// How many pixels of `a` and `b` differ beyond the channel tolerance, or
/// `None` when their sizes differ.
fn differing_pixels(a: &Pixmap, b: &Pixmap) -> Option<usize> {
    if (a.width(), a.height()) != (b.width(), b.height()) {
        return None;
    }
    let differ = a
        .data()
        .chunks(4)
        .zip(b.data().chunks(4))
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE))
        .count();
    Some(differ)
}

/// Compares `png` with the golden image `name`, or writes it under
/// `PICTURE_WRITE=1`; `Err` says how they differ.
fn check_golden(name: &str, png: &[u8]) -> Result<(), String> {
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("PICTURE_WRITE").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, png).unwrap();
        return Ok(());
    }
    let golden = std::fs::read(&path).map_err(|e| {
        format!("{}: {e}; write it with `PICTURE_WRITE=1 cargo test --test tools picture::`", path.display())
    })?;
    let (want, got) = (Pixmap::decode_png(&golden).unwrap(), Pixmap::decode_png(png).unwrap());
    let total = (got.width() * got.height()) as usize;
    let verdict = match differing_pixels(&want, &got) {
        None => Some(format!(
            "size {}×{} instead of {}×{}",
            got.width(),
            got.height(),
            want.width(),
            want.height()
        )),
        Some(n) if n as f64 > PIXEL_TOLERANCE * total as f64 => Some(format!("{n} of {total} pixels differ")),
        Some(_) => None,
    };
    match verdict {
        None => Ok(()),
        Some(why) => {
            let actual = golden_dir().join(format!("{name}.actual.png"));
            let _ = std::fs::write(&actual, png);
            Err(format!(
                "{name}: {why}; drawn: {}. If the change is meant, look at it and run \
                 `PICTURE_WRITE=1 cargo test --test tools picture::`",
                actual.display()
            ))
        }
    }
}

#[test]
fn every_board_matches_its_golden_image_within_budget() {
    let library = Library::embedded().unwrap();
    let first = GAMES[0];
    let mut cases: Vec<(String, GameId, usize)> =
        GAMES.iter().map(|g| (format!("{}-2p", g.key()), *g, 2)).collect();
    cases.push((format!("{}-6p", first.key()), first, first.info().players.1.min(6)));
    let mut failures = Vec::new();
    for (name, game, players) in cases {
        let p = position(&library, game, players);
        let public = p.state.view(Viewer::Public);
        let png = board_png(&public, &p.events).unwrap();
        assert!(png.len() <= MAX_PNG_BYTES, "{name}: {} bytes, over the {MAX_PNG_BYTES} budget", png.len());
        // Every seat is drawn, by name.
        let svg = board_svg(&public, &p.events);
        for seat in &public.seats {
            assert!(svg.contains(&seat.name), "{name}: {} missing", seat.name);
        }
        if let Err(e) = check_golden(&name, &png) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_comparison_catches_a_different_picture() {
    let library = Library::embedded().unwrap();
    let p = position(&library, GAMES[0], 2);
    let view = p.state.view(Viewer::Public);
    let a = Pixmap::decode_png(&board_png(&view, &p.events).unwrap()).unwrap();
    assert_eq!(differing_pixels(&a, &a), Some(0));
    // One card renamed (its letters reversed): other pixels, or another size.
    let mut renamed = view.clone();
    let card = renamed
        .seats
        .iter_mut()
        .flat_map(|s| s.zones.iter_mut())
        .flat_map(|z| z.cards.iter_mut())
        .next()
        .expect("the position shows a card");
    card.name = card.name.chars().rev().collect();
    let b = Pixmap::decode_png(&board_png(&renamed, &p.events).unwrap()).unwrap();
    if let Some(n) = differing_pixels(&a, &b) {
        assert!(n as f64 > PIXEL_TOLERANCE * (a.width() * a.height()) as f64, "only {n} pixels differ");
    }
}

/// A board whose quickly compressed PNG weighs over the budget is
/// compressed again, harder: the result fits the budget and decodes to the
/// very same pixels. The six-seat board, with the budget lowered below its
/// fast encoding's weight (the real budget is `MAX_PNG_BYTES`).
#[test]
fn a_board_over_the_weight_budget_is_compressed_again_to_fit_as_the_same_png() {
    let library = Library::embedded().unwrap();
    let first = GAMES[0];
    let p = position(&library, first, first.info().players.1.min(6));
    let drawing = board_drawing(&p.state.view(Viewer::Public), &p.events);
    let fast = drawing.png_within(usize::MAX).unwrap();
    // With room to spare, the fast encoding is what comes out.
    assert_eq!(drawing.png_within(fast.len()).unwrap(), fast);
    let budget = fast.len() * 3 / 4;
    let fitted = drawing.png_within(budget).unwrap();
    assert!(
        fitted.len() <= budget,
        "{} bytes over a budget of {budget} (fast: {})",
        fitted.len(),
        fast.len()
    );
    let (want, got) = (Pixmap::decode_png(&fast).unwrap(), Pixmap::decode_png(&fitted).unwrap());
    assert_eq!((got.width(), got.height()), (want.width(), want.height()));
    assert!(got.data() == want.data(), "the harder compression changed pixels");
    // What cannot fit comes as the lightest encoding tried, still a PNG.
    let lightest = drawing.png_within(1).unwrap();
    assert!(lightest.len() <= fitted.len());
    assert!(Pixmap::decode_png(&lightest).unwrap().data() == want.data());
}

/// The `y` of the text node that says exactly `text`, in an SVG.
fn text_y(svg: &str, text: &str) -> Option<f32> {
    let end = svg.find(&format!(">{text}</text>"))?;
    let start = svg[..end].rfind("<text ")?;
    let y = svg[start..end].split(" y=\"").nth(1)?.split('"').next()?;
    y.parse().ok()
}

/// From three seats the panels go in two columns (one a row, a four-seat
/// board was two thousand pixels tall): the first two seats side by side
/// on top, every later seat below them; a two-seat board stays one a row.
#[test]
fn three_or_more_seats_sit_in_two_columns() {
    let library = Library::embedded().unwrap();
    let first = GAMES[0];
    assert_eq!(TWO_COLUMNS_FROM, 3);
    for players in [3, first.info().players.1.min(6)] {
        let p = position(&library, first, players);
        let view = p.state.view(Viewer::Public);
        let svg = board_svg(&view, &p.events);
        let y = |i: usize| text_y(&svg, &view.seats[i].name).unwrap_or_else(|| panic!("seat {i} not found"));
        assert_eq!(y(0), y(1), "{players} seats");
        for i in 2..players {
            assert!(y(i) > y(1), "{players} seats: seat {i} is not below the first two");
        }
        // The picture keeps the phone width whatever the seats.
        assert_eq!(board_drawing(&view, &p.events).size().0, WIDTH as u32);
    }
    // Two seats stay one a row.
    let two = position(&library, first, 2);
    let view = two.state.view(Viewer::Public);
    let svg = board_svg(&view, &two.events);
    let y = |i: usize| text_y(&svg, &view.seats[i].name).unwrap();
    assert!(y(1) > y(0));
}

#[test]
fn card_names_are_at_least_12_px_on_a_phone() {
    let shown = NAME_PX * PHONE_IMAGE_PX / WIDTH;
    assert!(shown >= 12.0, "card names show at {shown:.1} px");
    // And the pictures are that wide.
    let library = Library::embedded().unwrap();
    let p = position(&library, GAMES[0], 2);
    let png = Pixmap::decode_png(&board_png(&p.state.view(Viewer::Public), &[]).unwrap()).unwrap();
    assert_eq!(png.width(), WIDTH as u32);
}

#[test]
fn a_hand_picture_shows_the_seats_own_cards() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let p = position(&library, game, 2);
        let view = p.state.view(Viewer::Seat(Seat(0)));
        let Some(hand) = view.hand.as_ref().filter(|h| !h.is_empty()) else { continue };
        let svg = cardtable::picture::hand_svg(&view);
        let first_word = hand[0].name.split_whitespace().next().unwrap();
        assert!(svg.contains(first_word), "{}: {first_word} missing from the hand picture", game.key());
        let png = hand_png(&view).unwrap();
        assert!(png.len() <= MAX_PNG_BYTES, "{}: hand of {} bytes", game.key(), png.len());
    }
}

/// `cardtable console --images DIR`: every new board version of a match
/// is drawn once into DIR, and an edit of the same version draws nothing.
#[tokio::test]
async fn the_console_writes_each_boards_picture_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = cardtable::store::Store::open_memory().await.unwrap();
    let mut console = cardtable::console::Console::new(store);
    console.save_images_in(dir.path().to_path_buf());
    let game = GAMES[0];
    let library = Library::embedded().unwrap();
    let decks = library.catalog(game).starter_decks();
    let (a, b) = (&decks[0].name, &decks[decks.len() - 1].name);
    let mut transcript = String::new();
    for line in [
        "seed 3".to_owned(),
        format!("@alice /challenge opponent:@bob game:{} deck:\"{a}\"", game.key()),
        "@bob click Accept".to_owned(),
        format!("@bob select {b}"),
        "@alice /board".to_owned(),
    ] {
        let out = console.line(&line).await;
        assert!(!out.contains("error:"), "{line}: {out}");
        transcript.push_str(&out);
    }
    let files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!files.is_empty(), "no picture written:\n{transcript}");
    assert!(files.iter().all(|f| f.starts_with("match1-v") && f.ends_with(".png")), "{files:?}");
    // Each picture was drawn once, named in the transcript once.
    assert_eq!(console.pictures_drawn() as usize, files.len(), "{files:?}");
    for f in &files {
        assert_eq!(transcript.matches(f.as_str()).count(), 1, "{f}:\n{transcript}");
        let png = std::fs::read(dir.path().join(f)).unwrap();
        assert!(Pixmap::decode_png(&png).is_ok() && png.len() <= MAX_PNG_BYTES);
    }
}
