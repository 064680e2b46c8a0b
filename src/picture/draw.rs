//! A picture as a list of shapes, written out two ways from the one list:
//! as SVG (what the hidden-information tests read, and `cardtable render
//! --svg` saves) and straight onto a `tiny-skia` pixmap, encoded as PNG.
//!
//! The PNG does not go through the SVG: parsing it again and laying out
//! its text (`usvg`) cost most of a render. Text is drawn from the shipped
//! fonts' outlines, each glyph's read once ([`super::text::glyph`]) and
//! placed by the same advance widths the layout measured with, so a line
//! is exactly as wide as it was planned.

use std::fmt::Write as _;

use resvg::tiny_skia::{
    Color, FillRule, LineCap, Paint, PathBuilder, Pixmap, PixmapMut, Rect, Stroke, Transform,
};

use super::text::{escape, fonts, glyph_path};

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

    /// The picture drawn onto a pixmap of its size.
    pub fn pixmap(&self) -> Result<Pixmap, String> {
        let (w, h) = self.size();
        let mut pixmap = Pixmap::new(w, h).ok_or_else(|| format!("cannot draw a {w}×{h} picture"))?;
        pixmap.fill(colour(self.background));
        let mut canvas = pixmap.as_mut();
        for shape in &self.shapes {
            draw(&mut canvas, shape);
        }
        Ok(pixmap)
    }

    /// The picture as PNG: opaque RGB, fast compression (a board is
    /// flat colour and text, which compresses well even so).
    pub fn png(&self) -> Result<Vec<u8>, String> {
        encode(&self.pixmap()?)
    }
}

/// An opaque pixmap as RGB PNG.
pub(super) fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, String> {
    // Every pixel is opaque (the background is), so premultiplied RGBA is
    // plain RGBA and the alpha can go.
    let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let fast = encode_rgb(&rgb, pixmap.width(), pixmap.height(), png::Compression::Fast)?;
    // Fast is a fraction of Balanced's time; a picture over the weight a
    // phone should download on every edit pays for Balanced (if smaller).
    if fast.len() <= super::MAX_PNG_BYTES {
        return Ok(fast);
    }
    let balanced = encode_rgb(&rgb, pixmap.width(), pixmap.height(), png::Compression::Balanced)?;
    Ok(if balanced.len() < fast.len() { balanced } else { fast })
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

fn draw(canvas: &mut PixmapMut<'_>, shape: &Shape) {
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
