//! The table as a picture: the board and the hand laid out from the same
//! views the text boards come from, as a list of shapes written out as SVG
//! or drawn straight to PNG with `tiny-skia` (see `draw`), with the fonts
//! shipped in `assets/fonts` (so a picture is the same on every machine). A layer beside `view`: a pure function of what the
//! rules showed a viewer, so it cannot show a card the text would not.
//!
//! Generic over the games: zones, cards and their states come as the
//! [`TableView`] gives them; a card whose view is a neutral description
//! ("face-down creature") is drawn as a back.

#[cfg(test)]
mod checks;
mod draw;
mod frame;
mod layout;
mod text;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use resvg::{tiny_skia, usvg};

pub use draw::Drawing;
pub use frame::NAME_PX;
pub use layout::{
    board_drawing, board_svg, hand_drawing, hand_svg, MAX_MULTI_SEAT_HEIGHT, TWO_COLUMNS_FROM, WIDTH,
};

use crate::engine::TableView;

/// The most a board's PNG may weigh (Discord shows it inline; a phone
/// downloads it on every edit).
pub const MAX_PNG_BYTES: usize = 250 * 1024;

/// `svg` rasterised to PNG at its own size by `resvg`: the slow road
/// (it parses the SVG and lays out its text again), kept to check that
/// the SVG shows what [`Drawing::png`] draws.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    let fonts = text::fonts();
    let opts = usvg::Options {
        font_family: fonts.family.clone(),
        fontdb: fonts.db.clone(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opts).map_err(|e| format!("the picture's SVG is invalid: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot draw a {}×{} picture", size.width(), size.height()))?;
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    draw::encode(&pixmap)
}

/// The public board as PNG, with the last `events` as its caption.
pub fn board_png(view: &TableView, events: &[String]) -> Result<Vec<u8>, String> {
    board_drawing(view, events).png()
}

/// A seat's hand as PNG.
pub fn hand_png(view: &TableView) -> Result<Vec<u8>, String> {
    hand_drawing(view).png()
}

/// Which picture: a match's board or a seat's hand, at one version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PictureKey {
    /// The match.
    pub match_id: i64,
    /// The match's version the picture shows.
    pub version: i64,
    /// `None` for the public board, else the seat whose hand it is.
    pub seat: Option<u8>,
}

/// Pictures already drawn, by match version, so that an edit of a board
/// (a new button, a deadline line) never draws the same position twice.
/// Holds the last `capacity` pictures.
pub struct PictureCache {
    capacity: usize,
    inner: Mutex<CacheInner>,
}

#[derive(Default)]
struct CacheInner {
    pictures: HashMap<PictureKey, Arc<Vec<u8>>>,
    order: VecDeque<PictureKey>,
    drawn: u64,
}

impl PictureCache {
    /// A cache of at most `capacity` pictures.
    pub fn new(capacity: usize) -> PictureCache {
        PictureCache { capacity: capacity.max(1), inner: Mutex::default() }
    }

    /// The picture for `key`, drawn by `draw` only if it is not held yet.
    pub fn get_or_draw(
        &self,
        key: PictureKey,
        draw: impl FnOnce() -> Result<Vec<u8>, String>,
    ) -> Result<Arc<Vec<u8>>, String> {
        // Held while drawing: two edits of one board at once draw it once.
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = inner.pictures.get(&key) {
            return Ok(p.clone());
        }
        let picture = Arc::new(draw()?);
        inner.drawn += 1;
        inner.pictures.insert(key, picture.clone());
        inner.order.push_back(key);
        while inner.order.len() > self.capacity {
            if let Some(old) = inner.order.pop_front() {
                inner.pictures.remove(&old);
            }
        }
        Ok(picture)
    }

    /// The picture for `key`, if it is held.
    pub fn get(&self, key: &PictureKey) -> Option<Arc<Vec<u8>>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).pictures.get(key).cloned()
    }

    /// How many pictures this cache has drawn.
    pub fn drawn(&self) -> u64 {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).drawn
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_picture_is_drawn_once_per_version() {
        let cache = PictureCache::new(2);
        let key = |version| PictureKey { match_id: 1, version, seat: None };
        let a = cache.get_or_draw(key(1), || Ok(vec![1])).unwrap();
        let again = cache.get_or_draw(key(1), || panic!("drawn twice")).unwrap();
        assert_eq!(a, again);
        assert_eq!(cache.drawn(), 1);
        cache.get_or_draw(key(2), || Ok(vec![2])).unwrap();
        cache.get_or_draw(key(3), || Ok(vec![3])).unwrap();
        // The oldest went out: asked again, it is drawn again.
        assert_eq!(*cache.get_or_draw(key(1), || Ok(vec![9])).unwrap(), vec![9]);
        assert_eq!(cache.drawn(), 4);
        assert!(cache.get_or_draw(key(4), || Err("no".into())).is_err());
    }

    #[test]
    fn a_picture_is_a_png_of_the_svgs_size() {
        let view = TableView { headline: "Turn 1".into(), ..Default::default() };
        for bytes in [png(&board_svg(&view, &[])).unwrap(), board_png(&view, &[]).unwrap()] {
            assert_eq!(&bytes[1..4], b"PNG");
            let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
            assert_eq!(width, WIDTH as u32);
        }
    }
}
