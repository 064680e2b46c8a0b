//! A card's frame: its name, how it lies (read from the words of its
//! detail, "engaged · dizzy"), the detail as badges, and whether it is its
//! player's main character. A badge keeps every word it was given: one
//! wider than its frame wraps onto more lines, never cut to a stub
//! ("equipped to Da…" said nothing).

use super::draw::Shape;
use super::text::{width, wrap};
use crate::engine::CardView;

/// Card names: 12.5 px at half size.
pub const NAME_PX: f32 = 25.0;
pub(super) const BADGE_PX: f32 = 19.0;
pub(super) const CARD_PAD: f32 = 8.0;
/// Between a badge's edge and its text.
const BADGE_PAD: f32 = 5.0;
/// Between badges side by side.
const BADGE_GAP: f32 = 4.0;
/// A frame's type sizes and padding.
#[derive(Debug, Clone, Copy)]
pub(super) struct Size {
    pub name: f32,
    pub badge: f32,
    pub pad: f32,
}

/// Frames of the hand and of boards of one or two seats.
pub(super) const FULL: Size = Size { name: NAME_PX, badge: BADGE_PX, pad: CARD_PAD };
/// Frames of a compact panel (three seats and more): 10.5 px names and
/// 8.5 px badges on a phone, so that four seats fit two screens.
pub(super) const COMPACT: Size = Size { name: 21.0, badge: 17.0, pad: 6.0 };

/// Lines a badge may take; only past them is it cut (the games' longest
/// details take two in the narrowest frame).
const BADGE_LINES: usize = 6;

pub(super) const CARD: &str = "#f5efdf";
pub(super) const CARD_INK: &str = "#1d1d1d";
pub(super) const CARD_EDGE: &str = "#8c7f63";
pub(super) const BACK: &str = "#34447e";
/// The main character's star.
const STAR: &str = "★";
const STAR_INK: &str = "#b07800";

/// How a card is drawn, read from its view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Look {
    /// Face up and ready.
    Up,
    /// Face up, turned sideways in play (engaged, exhausted, tapped).
    Turned,
    /// A back: the view gives only a neutral description.
    Back,
}

pub(super) fn look(card: &CardView) -> Look {
    let name = card.name.to_lowercase();
    if name.starts_with("face-down") || name.starts_with("face down") || name.starts_with("hidden") {
        return Look::Back;
    }
    let turned = ["engaged", "exhausted", "tapped"];
    if badges(card).iter().any(|b| turned.iter().any(|t| b.to_lowercase().starts_with(t))) {
        Look::Turned
    } else {
        Look::Up
    }
}

/// The detail of a card cut into badges ("str 4 · engaged" → two). A list
/// of keywords ("Steadfast, Skyborne") is a badge each; a phrase with a
/// list in it ("blocked by Imp, Drake") stays one badge.
pub(super) fn badges(card: &CardView) -> Vec<&str> {
    let keyword =
        |part: &str| part.split_whitespace().all(|w| w.chars().next().is_some_and(char::is_uppercase));
    card.detail
        .split(" · ")
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .flat_map(|b| {
            let parts: Vec<&str> = b.split(", ").map(str::trim).filter(|p| !p.is_empty()).collect();
            if parts.len() > 1 && parts.iter().all(|p| keyword(p)) {
                parts
            } else {
                vec![b]
            }
        })
        .collect()
}

/// Whether a badge says the card is its player's main character.
pub(super) fn says_main(badge: &str) -> bool {
    matches!(badge.to_lowercase().as_str(), "main character" | "main")
}

/// A badge's colours: states in amber or red, the main character in gold,
/// the rest grey.
fn badge_colours(badge: &str) -> (&'static str, &'static str) {
    let b = badge.to_lowercase();
    let warn = ["afflicted", "damage", "dizzy", "stunned", "wounded", "dying"];
    let state = ["engaged", "exhausted", "tapped", "face down", "attacking", "blocking"];
    if warn.iter().any(|w| b.contains(w)) {
        ("#b23a3a", "#ffffff")
    } else if says_main(badge) {
        ("#f2c14e", "#1d1d1d")
    } else if state.iter().any(|w| b.starts_with(w)) {
        ("#c9891c", "#1d1d1d")
    } else {
        ("#d9d1bd", "#1d1d1d")
    }
}

/// A badge planned: its lines (one unless it is wider than its frame) and
/// its width.
pub(super) struct Badge<'a> {
    pub lines: Vec<String>,
    raw: &'a str,
    w: f32,
    px: f32,
}

impl Badge<'_> {
    fn height(&self) -> f32 {
        self.px * (1.3 + 1.15 * (self.lines.len().max(1) - 1) as f32)
    }
}

/// The height a row of badges takes, the gap below it included.
fn row_advance(row: &[Badge<'_>]) -> f32 {
    let px = row.first().map_or(BADGE_PX, |b| b.px);
    row.iter().map(Badge::height).fold(0.0, f32::max) + px * 0.05 + 3.0
}

/// A card frame planned: its lines and badge rows, and its size.
pub(super) struct Frame<'a> {
    /// The whole name, as the frame's title (the lines may cut it).
    pub title: &'a str,
    pub look: Look,
    pub size: Size,
    /// Its player's main character: a star before its name.
    pub main: bool,
    pub name: Vec<String>,
    pub badges: Vec<Vec<Badge<'a>>>,
    /// The width its lines need (at most the width it was planned in).
    pub width: f32,
    pub height: f32,
}

/// `card` planned in a frame `w` wide at `size`, its name in at most
/// `name_lines` lines; `main` when its zone says it is a main character (a
/// badge may say so too).
pub(super) fn plan(card: &CardView, w: f32, name_lines: usize, main: bool, size: Size) -> Frame<'_> {
    let Size { name: name_px, badge: badge_px, pad } = size;
    let look = look(card);
    let all = badges(card);
    let main = main || all.iter().any(|b| says_main(b));
    let inner = w - 2.0 * pad;
    let shown = if main { format!("{STAR} {}", card.name) } else { card.name.clone() };
    let name = wrap(&shown, name_px, true, inner, name_lines);
    let mut rows: Vec<Vec<Badge<'_>>> = Vec::new();
    let mut used = 0.0;
    for raw in all {
        let lines = wrap(raw, badge_px, false, inner - 2.0 * BADGE_PAD, BADGE_LINES);
        let w = lines.iter().map(|l| width(l, badge_px, false)).fold(0.0, f32::max) + 2.0 * BADGE_PAD;
        if rows.is_empty() || used + w > inner {
            rows.push(Vec::new());
            used = 0.0;
        }
        used += w + BADGE_GAP;
        rows.last_mut().expect("a row was pushed").push(Badge { lines, raw, w, px: badge_px });
    }
    let name_w = name.iter().map(|l| width(l, name_px, true)).fold(0.0, f32::max);
    let rows_w =
        rows.iter().map(|r| r.iter().map(|b| b.w + BADGE_GAP).sum::<f32>() - BADGE_GAP).fold(0.0, f32::max);
    let height = pad
        + name.len() as f32 * name_px * 1.15
        + rows.iter().map(|r| row_advance(r)).sum::<f32>()
        + pad
        + pad / 2.0;
    Frame {
        title: &card.name,
        look,
        size,
        main,
        name,
        badges: rows,
        width: (name_w.max(rows_w) + 2.0 * pad).min(w),
        height,
    }
}

fn text(shapes: &mut Vec<Shape>, (x, y): (f32, f32), px: f32, bold: bool, fill: &'static str, text: &str) {
    shapes.push(Shape::Text { x, y, px, bold, fill, text: text.to_owned() });
}

/// Draws `f` at `(x, y)`, `w` × `h`.
pub(super) fn draw_frame(shapes: &mut Vec<Shape>, f: &Frame<'_>, (x, y, w, h): (f32, f32, f32, f32)) {
    let (fill, ink, edge) = match f.look {
        Look::Up => (CARD, CARD_INK, (CARD_EDGE, 1.5)),
        Look::Turned => ("#f2dcaa", CARD_INK, ("#c9891c", 4.0)),
        Look::Back => (BACK, "#e6e9ff", ("#9aa8e6", 2.0)),
    };
    shapes.push(Shape::Open(f.title.to_owned()));
    shapes.push(Shape::Rect { at: (x, y, w, h), r: 8.0, fill, edge: Some(edge) });
    if f.look == Look::Back {
        // A back's pattern: diagonal lines, so it reads as a back at a glance.
        let mut lx = x + 10.0 - h;
        while lx < x + w {
            let (x1, y1) = (lx.max(x + 4.0), y + h - 4.0 - (lx.max(x + 4.0) - lx));
            let x2 = (lx + h - 8.0).min(x + w - 4.0);
            let y2 = y + h - 4.0 - (x2 - lx);
            if x2 > x1 {
                shapes.push(Shape::Line { from: (x1, y1), to: (x2, y2), colour: "#4a5da3", width: 3.0 });
            }
            lx += 16.0;
        }
    }
    let Size { name: name_px, badge: badge_px, pad } = f.size;
    let mut ty = y + pad;
    for (i, line) in f.name.iter().enumerate() {
        ty += name_px * 1.05;
        // The star in gold, the name in ink.
        match line.strip_prefix(STAR).filter(|_| i == 0 && f.main) {
            Some(rest) => {
                let star_ink = if f.look == Look::Back { "#f2c14e" } else { STAR_INK };
                text(shapes, (x + pad, ty), name_px, true, star_ink, STAR);
                let dx = width(STAR, name_px, true);
                text(shapes, (x + pad + dx, ty), name_px, true, ink, rest);
            }
            None => text(shapes, (x + pad, ty), name_px, true, ink, line),
        }
        ty += name_px * 0.1;
    }
    ty += 4.0;
    for row in &f.badges {
        let mut bx = x + pad;
        for b in row {
            let (bg, fg) = badge_colours(b.raw);
            shapes.push(Shape::Rect { at: (bx, ty, b.w, b.height()), r: 5.0, fill: bg, edge: None });
            for (i, line) in b.lines.iter().enumerate() {
                text(
                    shapes,
                    (bx + BADGE_PAD, ty + badge_px * (1.0 + 1.15 * i as f32)),
                    badge_px,
                    false,
                    fg,
                    line,
                );
            }
            bx += b.w + BADGE_GAP;
        }
        ty += row_advance(row);
    }
    shapes.push(Shape::Close);
}

#[cfg(test)]
mod tests {
    use super::super::text::has_glyph;
    use super::*;

    fn card(name: &str, detail: &str) -> CardView {
        CardView { name: name.into(), detail: detail.into() }
    }

    #[test]
    fn a_card_looks_as_its_words_say() {
        assert_eq!(look(&card("Ember Drake", "str 4 · ready")), Look::Up);
        assert_eq!(look(&card("Ember Drake", "str 4 · engaged · dizzy")), Look::Turned);
        assert_eq!(look(&card("face-down creature", "")), Look::Back);
        assert_eq!(badges(&card("x", "str 4 ·  · engaged")), ["str 4", "engaged"]);
    }

    #[test]
    fn keywords_are_a_badge_each_and_a_phrase_stays_whole() {
        let c =
            card("x", "3/2 · Steadfast, Blazestride, First Strike · attacking, blocked by Imp, Ember Drake");
        assert_eq!(
            badges(&c),
            ["3/2", "Steadfast", "Blazestride", "First Strike", "attacking, blocked by Imp, Ember Drake"]
        );
    }

    #[test]
    fn a_badge_wider_than_its_frame_wraps_whole_words_onto_more_lines() {
        let c = card("Bladeward Gauntlet", "equipped to Skyfire Drake of the Dawnblade Host");
        let f = plan(&c, 180.0, 3, false, FULL);
        let lines: Vec<&String> = f.badges.iter().flatten().flat_map(|b| &b.lines).collect();
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(lines.iter().all(|l| !l.ends_with('…')), "{lines:?}");
        let joined: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(joined.join(" "), c.detail);
        // Each line fits the frame.
        assert!(lines.iter().all(|l| width(l, BADGE_PX, false) + 2.0 * BADGE_PAD <= 180.0 - 2.0 * CARD_PAD));
    }

    #[test]
    fn a_main_character_has_a_star_before_its_name() {
        let c = card("Throne of the Old Kings", "DFV 6 · 1 slot");
        assert!(plan(&c, 300.0, 3, true, FULL).name[0].starts_with(STAR));
        assert!(!plan(&c, 300.0, 3, false, COMPACT).name[0].starts_with(STAR));
        // A badge may say it as well as the zone.
        let said = card("Throne of the Old Kings", "main character · DFV 6");
        assert!(plan(&said, 300.0, 3, false, COMPACT).main);
        // The shipped bold face has the star.
        assert!(STAR.chars().all(|c| has_glyph(c, true)));
    }
}
