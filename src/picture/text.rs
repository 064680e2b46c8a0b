//! The shipped fonts, and text measured with them: the layout wraps and
//! clips lines by the fonts' own advance widths, so what it plans is what
//! the rasteriser draws.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia::{FillRule, Mask, PathBuilder, Transform};
use resvg::usvg::fontdb;
use skrifa::charmap::Charmap;
use skrifa::instance::{LocationRef, Size};
use skrifa::metrics::GlyphMetrics;
use skrifa::outline::{DrawSettings, OutlineGlyphCollection, OutlinePen};
use skrifa::{FontRef, MetadataProvider};

/// DejaVu Sans Condensed (Bitstream Vera licence, see `assets/fonts/`).
static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
/// DejaVu Sans Condensed Bold.
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// The fonts loaded once: the rasteriser's database, the family name the
/// SVG asks for, and advance widths for measuring.
pub(super) struct Fonts {
    pub db: Arc<fontdb::Database>,
    pub family: String,
    regular: Widths,
    bold: Widths,
}

/// Advance widths of one face at 1 px: the first 0x2600 code points (Latin,
/// punctuation, arrows, shapes) by table, the rest looked up; and the
/// outlines of its glyphs, each read once, when first drawn.
struct Widths {
    charmap: Charmap<'static>,
    metrics: GlyphMetrics<'static>,
    table: Vec<f32>,
    fallback: f32,
    outlines: OutlineGlyphCollection<'static>,
    /// By glyph id: the outline at 1 px, y pointing down.
    drawn: Vec<OnceLock<Vec<Segment>>>,
    /// Glyphs already rasterised, by size and quarter-pixel offset.
    masks: Mutex<HashMap<MaskKey, Arc<GlyphMask>>>,
}

/// Which rasterised glyph: its id, its size (`f32` bits) and where its
/// origin falls inside a pixel, in quarters of a pixel across and down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct MaskKey {
    glyph: u32,
    px: u32,
    quarter: (u8, u8),
}

/// Glyphs held rasterised per face before the cache starts over: the
/// boards use a few sizes of a hundred-odd characters, far fewer; names in
/// other scripts could add more, and must not grow it without end.
const MASKS_HELD: usize = 20_000;

/// A glyph's coverage, anti-aliased, at one size and offset: `mask` is
/// `None` for a glyph with no ink (a space). Its top-left pixel sits at
/// `(left, top)` from the whole pixel the glyph's origin falls in.
#[derive(Debug)]
pub(super) struct GlyphMask {
    pub left: i32,
    pub top: i32,
    pub mask: Option<Mask>,
}

/// A piece of a glyph's outline at 1 px (y down), as a pen gives it.
#[derive(Debug, Clone, Copy)]
enum Segment {
    Move(f32, f32),
    Line(f32, f32),
    Quad(f32, f32, f32, f32),
    Cubic(f32, f32, f32, f32, f32, f32),
    Close,
}

/// Collects an outline's segments, turned the SVG way up.
struct Pen(Vec<Segment>);

impl OutlinePen for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.push(Segment::Move(x, -y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.push(Segment::Line(x, -y));
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.0.push(Segment::Quad(cx0, -cy0, x, -y));
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.0.push(Segment::Cubic(cx0, -cy0, cx1, -cy1, x, -y));
    }
    fn close(&mut self) {
        self.0.push(Segment::Close);
    }
}

/// Code points measured ahead.
const TABLE: u32 = 0x2600;

impl Widths {
    fn new(data: &'static [u8]) -> Widths {
        let font = FontRef::new(data).expect("the shipped font parses");
        let glyphs = usize::from(font.metrics(Size::new(1.0), LocationRef::default()).glyph_count);
        let mut w = Widths {
            charmap: font.charmap(),
            metrics: font.glyph_metrics(Size::new(1.0), LocationRef::default()),
            table: Vec::new(),
            fallback: 0.6,
            outlines: font.outline_glyphs(),
            drawn: (0..glyphs).map(|_| OnceLock::new()).collect(),
            masks: Mutex::default(),
        };
        w.fallback = w.lookup('n').unwrap_or(0.6);
        w.table =
            (0..TABLE).map(|c| char::from_u32(c).and_then(|c| w.lookup(c)).unwrap_or(w.fallback)).collect();
        w
    }

    fn lookup(&self, c: char) -> Option<f32> {
        self.metrics.advance_width(self.charmap.map(c)?)
    }

    fn of(&self, c: char) -> f32 {
        match self.table.get(c as usize) {
            Some(w) => *w,
            None => self.lookup(c).unwrap_or(self.fallback),
        }
    }

    /// The outline of `c` at 1 px, read from the font the first time.
    fn outline(&self, c: char) -> &[Segment] {
        let Some(id) = self.charmap.map(c) else { return &[] };
        let Some(slot) = self.drawn.get(id.to_u32() as usize) else { return &[] };
        slot.get_or_init(|| {
            let mut pen = Pen(Vec::new());
            if let Some(glyph) = self.outlines.get(id) {
                let settings = DrawSettings::unhinted(Size::new(1.0), LocationRef::default());
                if glyph.draw(settings, &mut pen).is_err() {
                    pen.0.clear();
                }
            }
            pen.0
        })
    }
}

/// `segments` (a glyph at 1 px) scaled to `px` and moved by `(dx, dy)`,
/// added to `path`.
fn trace(segments: &[Segment], px: f32, (dx, dy): (f32, f32), path: &mut PathBuilder) {
    let p = |a: f32, b: f32| (dx + a * px, dy + b * px);
    for s in segments {
        match *s {
            Segment::Move(a, b) => {
                let (u, v) = p(a, b);
                path.move_to(u, v)
            }
            Segment::Line(a, b) => {
                let (u, v) = p(a, b);
                path.line_to(u, v)
            }
            Segment::Quad(a, b, c, d) => {
                let ((u, v), (s, t)) = (p(a, b), p(c, d));
                path.quad_to(u, v, s, t)
            }
            Segment::Cubic(a, b, c, d, e, g) => {
                let ((u, v), (s, t), (m, n)) = (p(a, b), p(c, d), p(e, g));
                path.cubic_to(u, v, s, t, m, n)
            }
            Segment::Close => path.close(),
        }
    }
}

impl Widths {
    /// Glyph `glyph` (drawn as `c`) rasterised at `px` with its origin
    /// `quarter` quarters of a pixel into its pixel, made the first time.
    fn mask(&self, c: char, glyph: u32, px: f32, quarter: (u8, u8)) -> Arc<GlyphMask> {
        let key = MaskKey { glyph, px: px.to_bits(), quarter };
        let mut masks = self.masks.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(m) = masks.get(&key) {
            return m.clone();
        }
        if masks.len() >= MASKS_HELD {
            masks.clear();
        }
        let offset = (f32::from(quarter.0) / 4.0, f32::from(quarter.1) / 4.0);
        let made = Arc::new(rasterise(self.outline(c), px, offset));
        masks.insert(key, made.clone());
        made
    }
}

/// A glyph's outline at `px`, its origin at `offset` inside a pixel, as
/// coverage over the pixels it touches.
fn rasterise(segments: &[Segment], px: f32, offset: (f32, f32)) -> GlyphMask {
    let mut pb = PathBuilder::new();
    trace(segments, px, offset, &mut pb);
    let empty = GlyphMask { left: 0, top: 0, mask: None };
    let Some(path) = pb.finish() else { return empty };
    let b = path.bounds();
    let (left, top) = (b.left().floor(), b.top().floor());
    let (w, h) = ((b.right().ceil() - left) as u32, (b.bottom().ceil() - top) as u32);
    let Some(mut mask) = Mask::new(w.max(1), h.max(1)) else { return empty };
    mask.fill_path(&path, FillRule::Winding, true, Transform::from_translate(-left, -top));
    GlyphMask { left: left as i32, top: top as i32, mask: Some(mask) }
}

/// The glyphs of `text` at `px` pixels, its baseline starting at `at`,
/// each rasterised once per size and quarter-pixel offset and then held:
/// where each goes (the whole pixel its origin falls in) and its coverage.
/// Placed by the advance widths [`width`] measures with, as
/// [`glyph_path`] places the outlines (within a quarter pixel).
pub(super) fn glyph_masks(
    text: &str,
    px: f32,
    bold: bool,
    at: (f32, f32),
) -> Vec<((i32, i32), Arc<GlyphMask>)> {
    let f = fonts();
    let face = if bold { &f.bold } else { &f.regular };
    let (mut x, y) = at;
    let mut out = Vec::with_capacity(text.len());
    // In quarter pixels: the whole pixel and the quarter within it.
    let split = |v: f32| {
        let q = (v * 4.0).round() as i32;
        (q.div_euclid(4), q.rem_euclid(4) as u8)
    };
    let (row, down) = split(y);
    for c in text.chars() {
        if let Some(id) = face.charmap.map(c) {
            let (column, across) = split(x);
            out.push(((column, row), face.mask(c, id.to_u32(), px, (across, down))));
        }
        x += face.of(c) * px;
    }
    out
}

/// The fonts, loaded on first use.
pub(super) fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_font_data(REGULAR.to_vec());
        db.load_font_data(BOLD.to_vec());
        let family = db
            .faces()
            .next()
            .and_then(|f| f.families.first().map(|(name, _)| name.clone()))
            .expect("the shipped fonts have a family name");
        db.set_sans_serif_family(family.clone());
        Fonts { db: Arc::new(db), family, regular: Widths::new(REGULAR), bold: Widths::new(BOLD) }
    })
}

/// The width of `text` at `px` pixels.
pub(super) fn width(text: &str, px: f32, bold: bool) -> f32 {
    let f = fonts();
    let w = if bold { &f.bold } else { &f.regular };
    text.chars().map(|c| w.of(c)).sum::<f32>() * px
}

/// Whether the shipped face has a glyph for `c` (a missing one draws nothing).
#[cfg(test)]
pub(super) fn has_glyph(c: char, bold: bool) -> bool {
    let f = fonts();
    let w = if bold { &f.bold } else { &f.regular };
    w.charmap.map(c).is_some()
}

/// The outlines of `text` at `px` pixels, its baseline starting at `at`,
/// added to `path`: glyph after glyph by the advance widths [`width`]
/// measures with (no kerning, as the SVG asks: `font-kerning="none"`).
pub(super) fn glyph_path(text: &str, px: f32, bold: bool, at: (f32, f32), path: &mut PathBuilder) {
    let f = fonts();
    let face = if bold { &f.bold } else { &f.regular };
    let (mut x, y) = at;
    for c in text.chars() {
        trace(face.outline(c), px, (x, y), path);
        x += face.of(c) * px;
    }
}

/// `text` cut to `max` pixels wide, with an ellipsis when cut.
pub(super) fn clip(text: &str, px: f32, bold: bool, max: f32) -> String {
    if width(text, px, bold) <= max {
        return text.to_owned();
    }
    let budget = max - width("…", px, bold);
    let mut out = String::new();
    let mut used = 0.0;
    for c in text.chars() {
        let w = width(c.encode_utf8(&mut [0; 4]), px, bold);
        if used + w > budget {
            break;
        }
        used += w;
        out.push(c);
    }
    format!("{}…", out.trim_end())
}

/// `text` in lines at most `max` pixels wide, breaking between words, at
/// most `lines` of them (the last clipped with an ellipsis when more is left).
pub(super) fn wrap(text: &str, px: f32, bold: bool, max: f32, lines: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    // A word wider than a line is cut into pieces that fit.
    let words: Vec<String> = text.split_whitespace().flat_map(|w| pieces(w, px, bold, max)).collect();
    for (i, word) in words.iter().enumerate() {
        let candidate = if line.is_empty() { word.clone() } else { format!("{line} {word}") };
        if width(&candidate, px, bold) <= max || line.is_empty() {
            line = candidate;
            continue;
        }
        out.push(std::mem::take(&mut line));
        if out.len() == lines {
            // No room for the rest: the last line carries it, clipped.
            let rest = words[i..].join(" ");
            let last = out.pop().unwrap_or_default();
            out.push(clip(&format!("{last} {rest}"), px, bold, max));
            return out;
        }
        line = word.clone();
    }
    if !line.is_empty() {
        out.push(line);
    }
    out.into_iter().map(|l| clip(&l, px, bold, max)).collect()
}

/// `word` in pieces at most `max` pixels wide, each but the last ending
/// in a hyphen (one piece when it fits).
fn pieces(word: &str, px: f32, bold: bool, max: f32) -> Vec<String> {
    if width(word, px, bold) <= max {
        return vec![word.to_owned()];
    }
    let mut out = Vec::new();
    let mut piece = String::new();
    for c in word.chars() {
        piece.push(c);
        if width(&piece, px, bold) + width("-", px, bold) > max && piece.chars().count() > 1 {
            piece.pop();
            out.push(format!("{piece}-"));
            piece = c.to_string();
        }
    }
    out.push(piece);
    out
}

/// `text` escaped for an SVG text node or attribute.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // Characters XML forbids (controls but tab and newlines).
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wider_text_measures_wider_and_bold_wider_still() {
        let a = width("Ember Drake", 20.0, false);
        assert!(a > 50.0 && a < 200.0, "{a}");
        assert!(width("Ember Drake", 20.0, true) > a);
        assert!(width("Ember Drake", 40.0, false) > 1.9 * a);
    }

    #[test]
    fn wrap_breaks_between_words_and_clips_what_does_not_fit() {
        let lines = wrap("one two three four five six seven", 20.0, false, 120.0, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("one two"), "{lines:?}");
        assert!(lines[1].ends_with('…'), "{lines:?}");
        assert!(lines.iter().all(|l| width(l, 20.0, false) <= 120.0));
        assert_eq!(wrap("short", 20.0, false, 120.0, 2), ["short"]);
        // A word longer than a line goes on over the next one.
        let long = wrap("Thunderheadwyrmling", 20.0, false, 90.0, 3);
        assert!(long.len() >= 2 && long.concat().replace('-', "") == "Thunderheadwyrmling", "{long:?}");
        assert!(long[0].ends_with('-') && long.iter().all(|l| width(l, 20.0, false) <= 90.0), "{long:?}");
    }

    #[test]
    fn escape_keeps_markup_out() {
        assert_eq!(escape("<b>&\"x\"\u{7}"), "&lt;b&gt;&amp;&quot;x&quot;");
    }
}
