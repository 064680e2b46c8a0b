//! The board and the hand as SVG: seats as panels, zones as rows of card
//! frames (see [`super::frame`]), the stack, pools and the last events.
//! Generic over the view: every game's zones and cards come as
//! [`TableView`] gives them.
//!
//! Two seats sit one under the other, their cards three frames a row.
//! From [`TWO_COLUMNS_FROM`] seats the panels go in two columns, each panel
//! under the shorter column, and a panel is compact: its counters in the
//! labels' type, its cards in frames as wide as their words, and a zone
//! whose cards say nothing but their names (a discard pile) as one list of
//! names. So a four-seat board fits two phone screens
//! ([`MAX_MULTI_SEAT_HEIGHT`]).

use super::draw::{Drawing, Shape};
use super::frame::{draw_frame, look, plan, Frame, Look, CARD_PAD, COMPACT, FULL, NAME_PX};
use super::text::{clip, width, wrap};
use crate::engine::{CardView, Seat, SeatView, TableView, ZoneView};

/// Width of every picture, in pixels. Discord shows an embed's image at
/// about 300 px on a 390 px phone, half of this.
pub const WIDTH: f32 = 600.0;
const MARGIN: f32 = 12.0;
const GAP: f32 = 8.0;
const HEAD_PX: f32 = 26.0;
const TEXT_PX: f32 = 22.0;
const LABEL_PX: f32 = 19.0;
/// A compact panel's counters.
const FACTS_PX: f32 = 18.0;
/// How cards are laid out: frames per row, lines a name may take.
#[derive(Debug, Clone, Copy)]
struct Grid {
    columns: usize,
    name_lines: usize,
}

/// The board's zones: three narrow frames a row.
const ZONE_GRID: Grid = Grid { columns: 3, name_lines: 3 };
/// A hand: two wide frames a row, for names that say both halves of a card.
const HAND_GRID: Grid = Grid { columns: 2, name_lines: 4 };
/// How a panel lays out its cards.
#[derive(Debug, Clone, Copy)]
enum Cards {
    /// In a grid's frames.
    Grid(Grid),
    /// Compact: frames as wide as their words, side by side while they
    /// fit; a zone of bare names as a list.
    Flow,
}

/// Lines a name may take in a compact panel's frame (as wide as the panel).
const FLOW_NAME_LINES: usize = 3;
/// From this many seats the panels go in two columns, compact.
pub const TWO_COLUMNS_FROM: usize = 3;
/// The most a board of three or more seats should be tall, in pixels at
/// [`WIDTH`]: two phone screens.
pub const MAX_MULTI_SEAT_HEIGHT: f32 = 1300.0;
/// Between a panel's edge and its text.
const PANEL_PAD: f32 = 10.0;

const BACKGROUND: &str = "#1f2326";
const PANEL: &str = "#2c3136";
const PANEL_ACTIVE: &str = "#33402f";
const INK: &str = "#eceff1";
const MUTED: &str = "#a9b3bb";
const ACCENT: &str = "#f2c14e";

/// A picture being laid out top to bottom; `y` is where the next thing goes.
struct Canvas {
    shapes: Vec<Shape>,
    y: f32,
}

impl Canvas {
    fn new(y: f32) -> Canvas {
        Canvas { shapes: Vec::new(), y }
    }

    fn text(&mut self, x: f32, y: f32, px: f32, bold: bool, fill: &'static str, text: &str) {
        self.shapes.push(Shape::Text { x, y, px, bold, fill, text: text.to_owned() });
    }

    /// A rounded box at `(x, y)` of `w` × `h`.
    fn rect(
        &mut self,
        at: (f32, f32, f32, f32),
        r: f32,
        fill: &'static str,
        edge: Option<(&'static str, f32)>,
    ) {
        self.shapes.push(Shape::Rect { at, r, fill, edge });
    }

    /// Lines of text from `self.y`, each `px * 1.2` apart; moves `y` past them.
    fn lines(&mut self, x: f32, lines: &[String], px: f32, bold: bool, fill: &'static str) {
        for line in lines {
            self.y += px * 1.2;
            self.text(x, self.y, px, bold, fill, line);
        }
        if !lines.is_empty() {
            self.y += px * 0.35;
        }
    }

    /// Wrapped text across the picture's width.
    fn paragraph(&mut self, text: &str, px: f32, bold: bool, fill: &'static str, max_lines: usize) {
        let lines = wrap(text, px, bold, WIDTH - 2.0 * MARGIN - 8.0, max_lines);
        self.lines(MARGIN + 4.0, &lines, px, bold, fill);
    }

    fn finish(self) -> Drawing {
        Drawing { width: WIDTH, height: self.y.ceil() + MARGIN, background: BACKGROUND, shapes: self.shapes }
    }
}

/// The width of a frame when `columns` share `w`.
fn frame_width(w: f32, columns: usize) -> f32 {
    (w - GAP * (columns as f32 - 1.0)) / columns as f32
}

/// How many frames a row of `cards` takes: `grid`'s columns, fewer when a
/// word of a name would not fit a frame's line (a narrow panel, a long
/// name), so that names break between words, never inside one. One column
/// at the least (a word wider than the whole panel is then cut).
fn columns_for(cards: &[CardView], w: f32, grid: Grid) -> usize {
    let fits = |columns: usize| {
        let inner = frame_width(w, columns) - 2.0 * CARD_PAD;
        cards
            .iter()
            .flat_map(|card| card.name.split_whitespace())
            .all(|word| width(word, NAME_PX, true) <= inner)
    };
    (1..=grid.columns).rev().find(|&columns| fits(columns)).unwrap_or(1)
}

/// Whether a zone holds its players' main characters (Athernum's "Main
/// character"): its cards are starred.
fn holds_main(zone: &ZoneView) -> bool {
    zone.name.to_lowercase().starts_with("main character")
}

/// Cards as rows of frames between `x0` and `x0 + w`.
fn card_rows(c: &mut Canvas, cards: &[CardView], x0: f32, w: f32, grid: Grid, main: bool) {
    let columns = columns_for(cards, w, grid);
    let cw = frame_width(w, columns);
    for row in cards.chunks(columns) {
        let frames: Vec<Frame<'_>> =
            row.iter().map(|card| plan(card, cw, grid.name_lines, main, FULL)).collect();
        let h = frames.iter().map(|f| f.height).fold(0.0, f32::max);
        for (i, f) in frames.iter().enumerate() {
            draw_frame(&mut c.shapes, f, (x0 + i as f32 * (cw + GAP), c.y, cw, h));
        }
        c.y += h + GAP;
    }
}

/// Cards as frames as wide as their words (at most `w`), side by side
/// while they fit between `x0` and `x0 + w`.
fn card_flow(c: &mut Canvas, cards: &[CardView], x0: f32, w: f32, main: bool) {
    let frames: Vec<Frame<'_>> =
        cards.iter().map(|card| plan(card, w, FLOW_NAME_LINES, main, COMPACT)).collect();
    let mut rows: Vec<Vec<&Frame<'_>>> = Vec::new();
    let mut used = 0.0;
    for f in &frames {
        if rows.is_empty() || used + f.width > w {
            rows.push(Vec::new());
            used = 0.0;
        }
        used += f.width + GAP;
        rows.last_mut().expect("a row was pushed").push(f);
    }
    for row in rows {
        let h = row.iter().map(|f| f.height).fold(0.0, f32::max);
        let mut x = x0;
        for f in row {
            draw_frame(&mut c.shapes, f, (x, c.y, f.width, h));
            x += f.width + GAP;
        }
        c.y += h + GAP * 0.75;
    }
}

/// Whether a compact panel lists `zone`'s cards as names: each says
/// nothing but its name (no state, not a back, not a main character).
fn as_names(zone: &ZoneView) -> bool {
    !holds_main(zone) && zone.cards.iter().all(|c| c.detail.trim().is_empty() && look(c) != Look::Back)
}

/// A zone: its label and count, then its cards; empty zones share one line.
fn zones(c: &mut Canvas, zones: &[ZoneView], x0: f32, w: f32, cards: Cards) {
    let empty: Vec<&str> = zones.iter().filter(|z| z.cards.is_empty()).map(|z| z.name.as_str()).collect();
    for z in zones.iter().filter(|z| !z.cards.is_empty()) {
        if matches!(cards, Cards::Flow) && as_names(z) {
            // One paragraph: the zone's name, then its cards'.
            let names: Vec<&str> = z.cards.iter().map(|c| c.name.as_str()).collect();
            c.y += 2.0;
            let lines = wrap(&format!("{}: {}", z.name, names.join(" · ")), LABEL_PX, false, w, 3);
            c.lines(x0, &lines, LABEL_PX, false, INK);
            continue;
        }
        c.y += LABEL_PX * 1.1;
        // A zone whose name counts its cards already is not counted again.
        let label = if z.name.chars().any(|c| c.is_ascii_digit()) {
            z.name.to_uppercase()
        } else {
            format!("{} ({})", z.name.to_uppercase(), z.cards.len())
        };
        c.text(x0, c.y, LABEL_PX, true, MUTED, &clip(&label, LABEL_PX, true, w));
        c.y += if matches!(cards, Cards::Flow) { 4.0 } else { 6.0 };
        match cards {
            Cards::Grid(grid) => card_rows(c, &z.cards, x0, w, grid, holds_main(z)),
            Cards::Flow => card_flow(c, &z.cards, x0, w, holds_main(z)),
        }
    }
    if !empty.is_empty() {
        let lines = wrap(&format!("{}: none", empty.join(", ")), LABEL_PX, false, w, 3);
        c.lines(x0, &lines, LABEL_PX, false, MUTED);
    }
}

/// One seat's panel at `x`, `w` wide, from `top`: name (and whether they
/// must act), counters, zones. Its shapes, without the box, and the
/// height its box needs.
fn seat_panel(
    seat: &SeatView,
    to_act: bool,
    (x, w): (f32, f32),
    top: f32,
    cards: Cards,
) -> (Vec<Shape>, f32) {
    let pad = if matches!(cards, Cards::Flow) { PANEL_PAD - 2.0 } else { PANEL_PAD };
    let (x0, w) = (x + pad, w - 2.0 * pad);
    let mut inner = Canvas::new(top + 4.0);
    let mut name = seat.name.clone();
    if !seat.alive {
        name.push_str(" · out");
    }
    inner.y += HEAD_PX * 1.1;
    let tag = if to_act { "▶ to act" } else { "" };
    let tag_w = if to_act { width(tag, TEXT_PX, true) + 8.0 } else { 0.0 };
    inner.text(
        x0,
        inner.y,
        HEAD_PX,
        true,
        if seat.alive { INK } else { MUTED },
        &clip(&name, HEAD_PX, true, w - tag_w),
    );
    if to_act {
        inner.text(x0 + w - tag_w + 8.0, inner.y, TEXT_PX, true, ACCENT, tag);
    }
    inner.y += 4.0;
    // A compact panel (three seats or more, two columns on a phone) says
    // what matters at a glance: the game's brief counters, and the zones
    // they do not already say (a discard pile's count and top card).
    let glance = matches!(cards, Cards::Flow) && !seat.brief.is_empty();
    let facts: Vec<String> = if glance {
        seat.brief_counters()
    } else {
        let counters = seat.counters.iter().map(|(k, v)| format!("{k} {v}"));
        counters.chain(seat.tokens.iter().map(|t| format!("{} {}", t.name, t.count))).collect()
    };
    if !facts.is_empty() {
        // A compact panel's counters smaller: they are what a half-width
        // panel has most words of.
        let px = if matches!(cards, Cards::Flow) { FACTS_PX } else { TEXT_PX };
        let lines = wrap(&facts.join(" · "), px, false, w, 6);
        inner.lines(x0, &lines, px, false, MUTED);
    }
    if glance {
        let listed: Vec<ZoneView> = seat.zones_beside_brief().cloned().collect();
        zones(&mut inner, &listed, x0, w, cards);
    } else {
        zones(&mut inner, &seat.zones, x0, w, cards);
    }
    (inner.shapes, inner.y - top + 6.0)
}

/// The seats' panels: one under the other, or from [`TWO_COLUMNS_FROM`]
/// seats in two columns, compact, each panel (in seat order) under the
/// column that ends higher (a four-seat board one panel a row was two
/// thousand pixels tall).
fn seat_panels(c: &mut Canvas, view: &TableView) {
    let columns = if view.seats.len() >= TWO_COLUMNS_FROM { 2 } else { 1 };
    let cards = if columns == 1 { Cards::Grid(ZONE_GRID) } else { Cards::Flow };
    let pw = (WIDTH - 2.0 * MARGIN - GAP * (columns as f32 - 1.0)) / columns as f32;
    let mut bottoms = vec![c.y; columns];
    for seat in &view.seats {
        let column = (0..columns).fold(0, |best, i| if bottoms[i] < bottoms[best] { i } else { best });
        let (x, top) = (MARGIN + column as f32 * (pw + GAP), bottoms[column]);
        let to_act = view.outcome.is_none() && seat.seat.is_some_and(|s| view.waiting_for.contains(&s));
        let (shapes, h) = seat_panel(seat, to_act, (x, pw), top, cards);
        let fill = if to_act { PANEL_ACTIVE } else { PANEL };
        let edge = if to_act { Some((ACCENT, 3.0)) } else { None };
        c.rect((x, top, pw, h), 10.0, fill, edge);
        c.shapes.extend(shapes);
        bottoms[column] = top + h + GAP;
    }
    c.y = bottoms.into_iter().fold(c.y, f32::max);
}

fn name_of(view: &TableView, seat: Seat) -> String {
    view.seats.iter().find(|s| s.seat == Some(seat)).map_or_else(|| seat.to_string(), |s| s.name.clone())
}

/// The public board as SVG (see [`board_drawing`]).
pub fn board_svg(view: &TableView, events: &[String]) -> String {
    board_drawing(view, events).svg()
}

/// A seat's hand as SVG (see [`hand_drawing`]).
pub fn hand_svg(view: &TableView) -> String {
    hand_drawing(view).svg()
}

/// The line that says the game is over and why, saying only what the title
/// and notes do not already say (a game's headline may read "Game over ·
/// Bob fell to 0 Vitality"); `None` when they say it all.
fn outcome_line(title: &str, notes: &[String], reason: &str) -> Option<String> {
    let said = |part: &str| {
        let part = part.to_lowercase();
        std::iter::once(title)
            .chain(notes.iter().map(String::as_str))
            .any(|t| t.to_lowercase().contains(&part))
    };
    let reason = reason.trim();
    match (said("game over"), reason.is_empty() || said(reason)) {
        (true, true) => None,
        (true, false) => Some(reason.to_owned()),
        (false, true) => Some("Game over".to_owned()),
        (false, false) => Some(format!("Game over: {reason}")),
    }
}

/// The public board: the head (game, turn and step, the question, who
/// must act), the stack, shared pools and zones, each seat, and the last
/// events as one caption.
pub fn board_drawing(view: &TableView, events: &[String]) -> Drawing {
    let mut c = Canvas::new(MARGIN);
    let title = if view.headline.is_empty() { view.game.clone() } else { view.headline.clone() };
    c.paragraph(&title, HEAD_PX, true, INK, 2);
    for note in &view.notes {
        c.paragraph(note, TEXT_PX, false, MUTED, 2);
    }
    match &view.outcome {
        Some(o) => {
            if let Some(line) = outcome_line(&title, &view.notes, &o.reason) {
                c.paragraph(&line, TEXT_PX, true, ACCENT, 3);
            }
        }
        None => {
            if let Some(p) = &view.prompt {
                c.paragraph(p, TEXT_PX, false, ACCENT, 3);
            }
            let waiting: Vec<String> = view.waiting_for.iter().map(|s| name_of(view, *s)).collect();
            // Said once: a prompt naming everyone who must act is enough.
            let said = view.prompt.as_ref().is_some_and(|p| waiting.iter().all(|w| p.contains(w.as_str())));
            if !waiting.is_empty() && !said {
                c.paragraph(&format!("To act: {}", waiting.join(", ")), TEXT_PX, true, ACCENT, 2);
            }
        }
    }
    if !view.pools.is_empty() {
        let pools: Vec<String> = view.pools.iter().map(|p| format!("{} {}", p.name, p.count)).collect();
        c.paragraph(&pools.join(" · "), TEXT_PX, false, INK, 2);
    }
    if !view.stack.is_empty() {
        c.paragraph("STACK (top first)", LABEL_PX, true, MUTED, 1);
        for (i, item) in view.stack.iter().enumerate().rev() {
            let who = item.controller.map(|s| format!("{}: ", name_of(view, s))).unwrap_or_default();
            let targets = if item.targets.is_empty() {
                String::new()
            } else {
                format!(" → {}", item.targets.join(", "))
            };
            c.paragraph(&format!("{}. {who}{}{targets}", i + 1, item.label), TEXT_PX, false, INK, 2);
        }
    }
    if !view.shared.is_empty() {
        c.y += 4.0;
        let (x0, w) = (MARGIN, WIDTH - 2.0 * MARGIN);
        zones(&mut c, &view.shared, x0, w, Cards::Grid(ZONE_GRID));
    }
    c.y += 6.0;
    seat_panels(&mut c, view);
    if !events.is_empty() {
        // The last events, newest last, as one caption.
        let last: Vec<&str> = events.iter().rev().take(3).rev().map(String::as_str).collect();
        c.paragraph(&last.join(" · "), TEXT_PX, false, MUTED, 4);
    }
    c.finish()
}

/// A seat's hand (the viewer's own view: `view.hand`).
pub fn hand_drawing(view: &TableView) -> Drawing {
    let mut c = Canvas::new(MARGIN);
    let title = view.hand_title.clone().unwrap_or_else(|| "Your hand".to_owned());
    let cards = view.hand.as_deref().unwrap_or_default();
    c.paragraph(&format!("{title} ({})", cards.len()), HEAD_PX, true, INK, 1);
    if !view.headline.is_empty() {
        c.paragraph(&view.headline, TEXT_PX, false, MUTED, 2);
    }
    if let Some(p) = view.prompt.as_ref().filter(|_| view.outcome.is_none()) {
        c.paragraph(p, TEXT_PX, false, ACCENT, 3);
    }
    c.y += 6.0;
    if cards.is_empty() {
        c.paragraph("No cards.", TEXT_PX, false, MUTED, 1);
    } else {
        card_rows(&mut c, cards, MARGIN, WIDTH - 2.0 * MARGIN, HAND_GRID, false);
    }
    c.finish()
}

#[cfg(test)]
mod tests {
    use super::super::frame::BACK;
    use super::*;

    fn card(name: &str, detail: &str) -> CardView {
        CardView { name: name.into(), detail: detail.into() }
    }

    #[test]
    fn a_face_down_card_is_drawn_as_a_back_with_its_whole_name_as_title() {
        let long = "Quite An Extraordinarily Long Card Name Indeed";
        let seat = |cards| SeatView {
            seat: Some(Seat(0)),
            name: "A".into(),
            zones: vec![ZoneView { name: "Zone".into(), cards }],
            alive: true,
            ..Default::default()
        };
        let view = |cards| TableView { seats: vec![seat(cards)], ..Default::default() };
        let back = board_svg(&view(vec![card("face-down creature", "")]), &[]);
        assert!(back.contains(BACK) && back.contains("<line"), "{back}");
        let up = board_svg(&view(vec![card(long, "str 1")]), &[]);
        assert!(!up.contains(BACK) && !up.contains("<line"));
        assert!(up.contains(&format!("<title>{long}</title>")), "{up}");
    }

    #[test]
    fn the_board_names_every_seat_zone_and_card_it_was_given() {
        let view = TableView {
            game: "Game".into(),
            headline: "Turn 3 · Alice & Bob".into(),
            seats: vec![SeatView {
                seat: Some(Seat(0)),
                name: "Alice <3".into(),
                counters: vec![("Hand".into(), "5 cards".into())],
                zones: vec![
                    ZoneView {
                        name: "Battlefield".into(),
                        cards: vec![card("Ember Drake", "str 4 · engaged")],
                    },
                    ZoneView { name: "Vault".into(), cards: vec![] },
                ],
                alive: true,
                ..Default::default()
            }],
            waiting_for: vec![Seat(0)],
            ..Default::default()
        };
        let svg = board_svg(&view, &["Alice attacks.".into()]);
        for part in [
            "Turn 3 · Alice &amp; Bob",
            "Alice &lt;3",
            "Ember Drake",
            "BATTLEFIELD (1)",
            "Vault: none",
            "▶ to act",
            "Alice attacks.",
        ] {
            assert!(svg.contains(part), "{part} missing from {svg}");
        }
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    }

    /// The name lines of every card frame in `drawing`, with the frame's
    /// whole name.
    fn frame_names(drawing: &Drawing) -> Vec<(String, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        let mut open = false;
        for shape in &drawing.shapes {
            match shape {
                Shape::Open(title) => {
                    out.push((title.clone(), Vec::new()));
                    open = true;
                }
                Shape::Close => open = false,
                Shape::Text { bold: true, text, .. } if open => {
                    out.last_mut().expect("a frame is open").1.push(text.clone());
                }
                _ => {}
            }
        }
        out
    }

    #[test]
    fn narrow_panels_break_card_names_between_words_only() {
        // The longest words of the card pools are 13 letters.
        let names = [
            "Quartermaster Vell",
            "Hollowking's Cartographer",
            "Looking-Glass Lake",
            "Ember Drake",
            "Triangulated Ley Line",
        ];
        let seat = |i: u8| SeatView {
            seat: Some(Seat(i)),
            name: format!("Player {i}"),
            zones: vec![ZoneView {
                name: "Battlefield".into(),
                cards: names.iter().map(|n| card(n, "str 4 · engaged")).collect(),
            }],
            alive: true,
            ..Default::default()
        };
        // Six seats: the panels go two a row, half the width each.
        let view = TableView { seats: (0..6).map(seat).collect(), ..Default::default() };
        let frames = frame_names(&board_drawing(&view, &[]));
        assert_eq!(frames.len(), 6 * names.len());
        for (title, lines) in frames {
            let words: Vec<&str> = title.split_whitespace().collect();
            for line in &lines {
                for word in line.split_whitespace() {
                    assert!(words.contains(&word), "{title:?} is broken inside a word: {lines:?}");
                }
            }
            assert_eq!(lines.join(" "), title, "the whole name is shown");
        }
        // A grid narrows to fewer frames a row for a long word.
        let full = WIDTH - 2.0 * MARGIN - 2.0 * PANEL_PAD;
        let short = [card("Ember Drake", ""), card("Imp", "")];
        assert_eq!(columns_for(&short, full, ZONE_GRID), 3);
        assert_eq!(columns_for(&[card("Hollowking's Cartographer", "")], full / 2.0, ZONE_GRID), 1);
    }
}
