//! The shipped fonts, and text measured with them: the layout wraps and
//! clips lines by the fonts' own advance widths, so what it plans is what
//! the rasteriser draws.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::PathBuilder;
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

/// The outlines of `text` at `px` pixels, its baseline starting at `at`,
/// added to `path`: glyph after glyph by the advance widths [`width`]
/// measures with (no kerning, as the SVG asks: `font-kerning="none"`).
pub(super) fn glyph_path(text: &str, px: f32, bold: bool, at: (f32, f32), path: &mut PathBuilder) {
    let f = fonts();
    let face = if bold { &f.bold } else { &f.regular };
    let (mut x, y) = at;
    let p = |a: f32, b: f32, x: f32| (x + a * px, y + b * px);
    for c in text.chars() {
        for s in face.outline(c) {
            match *s {
                Segment::Move(a, b) => {
                    let (u, v) = p(a, b, x);
                    path.move_to(u, v)
                }
                Segment::Line(a, b) => {
                    let (u, v) = p(a, b, x);
                    path.line_to(u, v)
                }
                Segment::Quad(a, b, c, d) => {
                    let ((u, v), (s, t)) = (p(a, b, x), p(c, d, x));
                    path.quad_to(u, v, s, t)
                }
                Segment::Cubic(a, b, c, d, e, g) => {
                    let ((u, v), (s, t), (m, n)) = (p(a, b, x), p(c, d, x), p(e, g, x));
                    path.cubic_to(u, v, s, t, m, n)
                }
                Segment::Close => path.close(),
            }
        }
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
