//! A picture as a list of shapes, written out two ways from the one list:
//! as SVG (what the hidden-information tests read, and `cardtable render
//! --svg` saves) and straight onto a `tiny-skia` pixmap, encoded as PNG.
//!
//! The PNG does not go through the SVG: parsing it again and laying out
//! its text (`usvg`) cost most of a render. Text is drawn from the shipped
//! fonts' glyphs, each rasterised once per size and quarter-pixel offset
//! and then blended where it goes ([`super::text::glyph_masks`]): filling
//! every line's outlines anew was three quarters of a render. Glyphs are
//! placed by the same advance widths the layout measured with, so a line
//! is as wide as it was planned.

use std::fmt::Write as _;

use resvg::tiny_skia::{
    Color, FillRule, LineCap, Mask, Paint, PathBuilder, Pixmap, PixmapMut, Rect, Stroke, Transform,
};

use super::text::{escape, fonts, glyph_masks, glyph_path};

/// One shape. Colours are `#rrggbb`.
#[derive(Debug, Clone)]
pub(super) enum Shape {
    /// A rounded box at `(x, y)` of `w` × `h`, corner radius `r`, with an
    /// optional edge of a colour and width.
    Rect { at: (f32, f32, f32, f32), r: f32, fill: &'static str, edge: Option<(&'static str, f32)> },
    /// A straight line.
    Line { from: (f32, f32), to: (f32, f32), colour: &'static str, width: f32 },
    /// Text whose baseline starts at `(x, y)`.
    Text { x: f32, y: f32, px: f32, bold: bool, fill: &'static str, text: String },
    /// The start of a group with a title (a card frame: its whole name,
    /// which its lines may cut); SVG only.
    Open(String),
    /// The end of the last group opened.
    Close,
}

/// A picture: its size and shapes, back to front.
#[derive(Debug, Clone)]
pub struct Drawing {
    pub(super) width: f32,
    pub(super) height: f32,
    pub(super) background: &'static str,
    pub(super) shapes: Vec<Shape>,
}

impl Drawing {
    /// Its size in whole pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.width.ceil() as u32, self.height.ceil() as u32)
    }

    /// The picture as SVG.
    pub fn svg(&self) -> String {
        let (w, h) = (self.width, self.height);
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             font-family=\"{}\" font-kerning=\"none\"><rect width=\"100%\" height=\"100%\" fill=\"{}\"/>",
            escape(&fonts().family),
            self.background
        );
        for shape in &self.shapes {
            let _ = match shape {
                Shape::Rect { at: (x, y, w, h), r, fill, edge } => {
                    let edge = edge.map(|(c, w)| format!(" stroke=\"{c}\" stroke-width=\"{w}\"")).unwrap_or_default();
                    write!(
                        out,
                        "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" rx=\"{r}\" fill=\"{fill}\"{edge}/>"
                    )
                }
                Shape::Line { from: (x1, y1), to: (x2, y2), colour, width } => write!(
                    out,
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{colour}\" stroke-width=\"{width}\"/>"
                ),
                Shape::Text { x, y, px, bold, fill, text } => {
                    let weight = if *bold { " font-weight=\"bold\"" } else { "" };
                    write!(
                        out,
                        "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{px}\"{weight} fill=\"{fill}\">{}</text>",
                        escape(text)
                    )
                }
                Shape::Open(title) => write!(out, "<g><title>{}</title>", escape(title)),
                Shape::Close => write!(out, "</g>"),
            };
        }
        out.push_str("</svg>");
        out
    }

    /// The picture drawn onto a pixmap of its size, its text from glyphs
    /// rasterised once and held.
    pub fn pixmap(&self) -> Result<Pixmap, String> {
        self.pixmap_with(Letters::Held)
    }

    /// The picture drawn with every line's glyph outlines filled anew: the
    /// slow road, kept to check the held glyphs against (and to measure).
    pub fn pixmap_by_outlines(&self) -> Result<Pixmap, String> {
        self.pixmap_with(Letters::Outlines)
    }

    fn pixmap_with(&self, letters: Letters) -> Result<Pixmap, String> {
        let (w, h) = self.size();
        let mut pixmap = Pixmap::new(w, h).ok_or_else(|| format!("cannot draw a {w}×{h} picture"))?;
        pixmap.fill(colour(self.background));
        let mut canvas = pixmap.as_mut();
        for shape in &self.shapes {
            draw(&mut canvas, shape, letters);
        }
        Ok(pixmap)
    }

    /// The picture as PNG: opaque RGB, fast compression (a board is
    /// flat colour and text, which compresses well even so), compressed
    /// harder when that weighs over [`super::MAX_PNG_BYTES`].
    pub fn png(&self) -> Result<Vec<u8>, String> {
        self.png_within(super::MAX_PNG_BYTES)
    }

    /// The picture as PNG, compressed harder (slower) only while it weighs
    /// over `limit` bytes; the lightest encoding tried when none fits.
    pub fn png_within(&self, limit: usize) -> Result<Vec<u8>, String> {
        encode_within(&self.pixmap()?, limit)
    }
}

/// How text is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Letters {
    /// Each glyph's coverage, rasterised once, blended in.
    Held,
    /// Each line's outlines filled.
    Outlines,
}

/// How to encode an opaque pixmap as RGB PNG, in order: `Fast` is a
/// fraction of the others' time; a picture over the weight a phone should
/// download on every edit pays for more.
const COMPRESSIONS: [png::Compression; 3] =
    [png::Compression::Fast, png::Compression::Balanced, png::Compression::High];

/// An opaque pixmap as RGB PNG, within the weight budget.
pub(super) fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, String> {
    encode_within(pixmap, super::MAX_PNG_BYTES)
}

/// An opaque pixmap as RGB PNG: each of [`COMPRESSIONS`] in turn until one
/// weighs at most `limit` bytes, else the lightest.
fn encode_within(pixmap: &Pixmap, limit: usize) -> Result<Vec<u8>, String> {
    // Every pixel is opaque (the background is), so premultiplied RGBA is
    // plain RGBA and the alpha can go.
    let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut lightest: Option<Vec<u8>> = None;
    for compression in COMPRESSIONS {
        let png = encode_rgb(&rgb, pixmap.width(), pixmap.height(), compression)?;
        if png.len() <= limit {
            return Ok(png);
        }
        if lightest.as_ref().is_none_or(|l| png.len() < l.len()) {
            lightest = Some(png);
        }
    }
    Ok(lightest.unwrap_or_default())
}

fn encode_rgb(rgb: &[u8], width: u32, height: u32, compression: png::Compression) -> Result<Vec<u8>, String> {
    let failed = |e: png::EncodingError| format!("cannot encode the picture: {e}");
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(compression);
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(rgb).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(out)
}

/// `#rrggbb` as a colour (black for anything else: the colours are ours).
fn colour(hex: &str) -> Color {
    let byte = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(0);
    Color::from_rgba8(byte(1), byte(3), byte(5), 255)
}

fn paint(hex: &str) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(colour(hex));
    p.anti_alias = true;
    p
}

fn draw(canvas: &mut PixmapMut<'_>, shape: &Shape, letters: Letters) {
    match shape {
        Shape::Rect { at, r, fill, edge } => {
            let Some(path) = rounded(*at, *r) else { return };
            canvas.fill_path(&path, &paint(fill), FillRule::Winding, Transform::identity(), None);
            if let Some((c, w)) = edge {
                let stroke = Stroke { width: *w, ..Stroke::default() };
                canvas.stroke_path(&path, &paint(c), &stroke, Transform::identity(), None);
            }
        }
        Shape::Line { from, to, colour, width } => {
            let mut pb = PathBuilder::new();
            pb.move_to(from.0, from.1);
            pb.line_to(to.0, to.1);
            if let Some(path) = pb.finish() {
                let stroke = Stroke { width: *width, line_cap: LineCap::Butt, ..Stroke::default() };
                canvas.stroke_path(&path, &paint(colour), &stroke, Transform::identity(), None);
            }
        }
        Shape::Text { x, y, px, bold, fill, text } if letters == Letters::Held => {
            let ink = colour(fill).to_color_u8();
            for ((column, row), glyph) in glyph_masks(text, *px, *bold, (*x, *y)) {
                if let Some(mask) = &glyph.mask {
                    blend(
                        canvas,
                        mask,
                        (column + glyph.left, row + glyph.top),
                        [ink.red(), ink.green(), ink.blue()],
                    );
                }
            }
        }
        Shape::Text { x, y, px, bold, fill, text } => {
            // One path for the whole line: one fill, not one a glyph.
            let mut pb = PathBuilder::new();
            glyph_path(text, *px, *bold, (*x, *y), &mut pb);
            if let Some(path) = pb.finish() {
                canvas.fill_path(&path, &paint(fill), FillRule::Winding, Transform::identity(), None);
            }
        }
        Shape::Open(_) | Shape::Close => {}
    }
}

/// `ink` laid over the opaque `canvas` through `mask`, whose top-left
/// pixel goes at `at` (the parts outside the canvas are cut off).
fn blend(canvas: &mut PixmapMut<'_>, mask: &Mask, at: (i32, i32), ink: [u8; 3]) {
    let (cw, ch) = (canvas.width() as i32, canvas.height() as i32);
    let (mw, mh) = (mask.width() as i32, mask.height() as i32);
    let coverage = mask.data();
    let pixels = canvas.data_mut();
    for my in 0..mh {
        let y = at.1 + my;
        if !(0..ch).contains(&y) {
            continue;
        }
        for mx in 0..mw {
            let x = at.0 + mx;
            let a = u32::from(coverage[(my * mw + mx) as usize]);
            if a == 0 || !(0..cw).contains(&x) {
                continue;
            }
            let i = ((y * cw + x) * 4) as usize;
            // The canvas is opaque, so its premultiplied colour is its colour.
            for (d, s) in pixels[i..i + 3].iter_mut().zip(ink) {
                *d = ((u32::from(s) * a + u32::from(*d) * (255 - a) + 127) / 255) as u8;
            }
        }
    }
}

/// A rounded rectangle as SVG draws `rx`: each corner a quarter ellipse
/// (cubic arcs), the radius at most half the shorter side.
fn rounded((x, y, w, h): (f32, f32, f32, f32), r: f32) -> Option<resvg::tiny_skia::Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    if r == 0.0 {
        return Rect::from_xywh(x, y, w, h).map(PathBuilder::from_rect);
    }
    // The control distance of a cubic quarter circle.
    let k = r * 0.552_284_8;
    let (r0, b0) = (x + w, y + h);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(r0 - r, y);
    pb.cubic_to(r0 - r + k, y, r0, y + r - k, r0, y + r);
    pb.line_to(r0, b0 - r);
    pb.cubic_to(r0, b0 - r + k, r0 - r + k, b0, r0 - r, b0);
    pb.line_to(x + r, b0);
    pb.cubic_to(x + r - k, b0, x, b0 - r + k, x, b0 - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_from_hex() {
        let c = colour("#f2c14e").to_color_u8();
        assert_eq!((c.red(), c.green(), c.blue(), c.alpha()), (0xf2, 0xc1, 0x4e, 255));
    }

    #[test]
    fn held_glyphs_draw_what_filling_the_outlines_draws() {
        // Lines at odd fractions of a pixel, sizes and weights the boards use.
        let line = |x: f32, y: f32, px: f32, bold: bool| Shape::Text {
            x,
            y,
            px,
            bold,
            fill: "#f5efdf",
            text: "Ember Drake · 3/2 «engaged» Wq@&".into(),
        };
        let d = Drawing {
            width: 420.0,
            height: 120.0,
            background: "#1f2326",
            shapes: vec![
                line(3.13, 24.37, 25.0, true),
                line(10.6, 56.8, 22.0, false),
                line(-4.4, 84.5, 19.0, false),
                line(200.91, 117.05, 26.0, true),
            ],
        };
        let (held, outlined) = (d.pixmap().unwrap(), d.pixmap_by_outlines().unwrap());
        let channels = |p: &Pixmap| p.data().to_vec();
        let (a, b) = (channels(&held), channels(&outlined));
        let inked = a.chunks(4).filter(|p| p[0] > 0x80).count();
        assert!(inked > 2000, "only {inked} pixels inked");
        // A pixel differs when a channel moves by more than 48 (the goldens'
        // rule, tests/tools/picture.rs). A glyph lands within an eighth of a pixel
        // of its outline, so only edge pixels can cross that line: on this
        // all-text strip at most 2 % of pixels (the goldens, mostly frames,
        // allow 0.2 %), and far fewer than a glyph moved by one pixel.
        let differing = |x: &[u8], y: &[u8]| {
            x.chunks(4)
                .zip(y.chunks(4))
                .filter(|(p, q)| p.iter().zip(*q).any(|(u, v)| u.abs_diff(*v) > 48))
                .count()
        };
        let allowed = a.len() / 4 / 50;
        let near = differing(&a, &b);
        assert!(near <= allowed, "{near} pixels differ, {allowed} allowed");
        // The comparison sees a glyph that is not where it should be.
        let mut moved = d.clone();
        if let Shape::Text { x, .. } = &mut moved.shapes[0] {
            *x += 1.0;
        }
        let off = channels(&moved.pixmap().unwrap());
        let far = differing(&off, &b);
        assert!(far > 2 * near, "a glyph moved by a pixel went unseen: {far} pixels differ, {near} held");
    }

    #[test]
    fn text_is_drawn_in_its_colour_where_it_stands() {
        let d = Drawing {
            width: 120.0,
            height: 40.0,
            background: "#000000",
            shapes: vec![Shape::Text {
                x: 4.0,
                y: 30.0,
                px: 28.0,
                bold: true,
                fill: "#ff0000",
                text: "HH".into(),
            }],
        };
        let p = d.pixmap().unwrap();
        let red = |x: u32, y: u32| p.pixel(x, y).unwrap().red();
        // Inked inside the letters' box, nothing far right of them.
        assert!((4..60).any(|x| (10..30).any(|y| red(x, y) == 255)));
        assert!((100..120).all(|x| (0..40).all(|y| red(x, y) == 0)));
        let png = d.png().unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
}
