//! What a front end needs to draw a match's board as a picture
//! ([`crate::picture`]): the public view at the version the match is at,
//! and the public events of its last commit for the caption.

use super::error::TableError;
use super::play::with_title;
use super::Table;
use crate::engine::{TableView, Viewer, Visibility};

/// A board to draw.
#[derive(Debug, Clone)]
pub struct BoardPicture {
    /// The match's version.
    pub version: i64,
    /// The public view, titled as the text board is.
    pub view: TableView,
    /// The public events of the last commit, oldest first.
    pub events: Vec<String>,
}

impl Table {
    /// The public board of `match_id` as [`BoardPicture`]. Replays the
    /// match's log to find its last events: a review tool's path (the
    /// console's `--images`), not one a click takes.
    pub async fn board_picture(&self, match_id: i64) -> Result<BoardPicture, TableError> {
        let m = self.load(match_id).await?;
        let view = with_title(m.state.view(Viewer::Public), &m);
        let events = match self.replay_log(match_id, m.game, &m.setup).await? {
            Ok(replayed) => {
                let start = replayed.steps.iter().rposition(|s| s.entry.starts_commit()).unwrap_or(0);
                replayed.steps[start..]
                    .iter()
                    .flat_map(|s| &s.events)
                    .filter(|e| e.to == Visibility::Public)
                    .map(|e| e.text.clone())
                    .collect()
            }
            // The caption is a courtesy: a log that does not replay leaves it empty.
            Err(_) => vec![],
        };
        Ok(BoardPicture { version: m.row.version, view, events })
    }
}
