//! The board and hands as pictures ([`crate::picture`]): which messages
//! carry one (the `/settings board:` of those who see them, and their
//! server's default), drawn once per match version ([`PictureCache`]).
//! The front ends attach what [`Table::dress`] leaves in a message.

use std::sync::Arc;

use super::error::{refuse, TableError};
use super::offers::BoardEvents;
use super::play::{public_view, with_title};
use super::protocol::{Outgoing, UserId};
use super::Table;
use crate::engine::{Seat, TableView, Viewer, Visibility};
use crate::picture::{PictureCache, PictureKey};
use crate::store::BoardSettings;
use crate::view::{self, Attachment, Message, Picture};

/// How boards and hands are shown: `/settings board:` (a player's own) and
/// `/settings server_board:` (a server's default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BoardMode {
    /// Text only, as before pictures (the default).
    #[default]
    Text,
    /// The picture, with the board's text cut to its head (the seats'
    /// lists are in the picture).
    Image,
    /// The picture and the whole text.
    Both,
}

impl BoardMode {
    /// Every mode, in the order help lists them.
    pub const ALL: [BoardMode; 3] = [BoardMode::Text, BoardMode::Image, BoardMode::Both];

    /// The word a player types (and the store keeps).
    pub fn key(self) -> &'static str {
        match self {
            BoardMode::Text => "text",
            BoardMode::Image => "image",
            BoardMode::Both => "both",
        }
    }

    /// Reads what a player typed for `option` (`board`, `server_board`).
    pub fn parse(option: &str, typed: &str) -> Result<BoardMode, TableError> {
        let word = typed.trim().to_lowercase();
        match BoardMode::ALL.into_iter().find(|m| m.key() == word) {
            Some(mode) => Ok(mode),
            None => refuse(format!(
                "{option}: {} is not a choice; type {option}:text, {option}:image or {option}:both.",
                view::quote(typed)
            )),
        }
    }

    /// A stored value (`None`, or a word an older or newer version wrote
    /// that this one does not know: not chosen).
    fn stored(value: Option<&str>) -> Option<BoardMode> {
        let value = value?;
        BoardMode::ALL.into_iter().find(|m| m.key() == value)
    }

    /// Whether a picture goes with the text.
    pub fn pictured(self) -> bool {
        self != BoardMode::Text
    }
}

/// The mode of a match's public board, which all its players see: each
/// player's own mode, or the server's default for one who chose none
/// (text when there is none either). A picture goes with the board when
/// any player asked for one; the seats' lists leave the text only when
/// every player asked for the picture alone.
pub fn board_mode(settings: &BoardSettings) -> BoardMode {
    let default = BoardMode::stored(settings.server.as_deref()).unwrap_or_default();
    let modes: Vec<BoardMode> = settings
        .players
        .iter()
        .map(|(_, own)| BoardMode::stored(own.as_deref()).unwrap_or(default))
        .collect();
    if modes.is_empty() {
        default
    } else if modes.iter().all(|m| *m == BoardMode::Image) {
        BoardMode::Image
    } else if modes.iter().any(|m| m.pictured()) {
        BoardMode::Both
    } else {
        BoardMode::Text
    }
}

/// The mode of `user`'s own hand: theirs, else the server's default.
fn hand_mode(settings: &BoardSettings, user: &UserId) -> BoardMode {
    let own = settings.players.iter().find(|(id, _)| id == user.as_str()).and_then(|(_, b)| b.as_deref());
    BoardMode::stored(own).or(BoardMode::stored(settings.server.as_deref())).unwrap_or_default()
}

/// The alt text of a message's picture: its title, head and seats, as
/// plain text (at most 1024 characters, Discord's limit).
fn alt_text(message: &Message) -> String {
    let mut lines = Vec::new();
    if let Some(e) = &message.embed {
        lines.push(e.title.clone());
        lines.extend(e.description.lines().map(str::to_owned));
        // Who sits at the table: each seat's first line.
        lines.extend(e.fields.iter().map(|f| f.name.clone()));
    }
    let plain: Vec<String> = lines
        .iter()
        .map(|l| view::unescape_markdown(&l.replace("**", "").replace("__", "")).trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect();
    view::truncate(&plain.join("\n"), 1024)
}

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
        let view = public_view(&m, &m.state);
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

    /// The pictures drawn and kept, by match version.
    pub fn pictures(&self) -> &PictureCache {
        &self.pictures
    }

    /// `effect` ready to go out: the picture its message asks for drawn
    /// (once per match version: an edit of the same position draws
    /// nothing) when those who see it want pictures, else dropped. A
    /// board all of whose players want the picture alone keeps only its
    /// head as text. A hand's picture goes only to the player whose hand
    /// it is. A picture that cannot be drawn is left out (and logged):
    /// the text says everything.
    pub async fn dress(&self, mut effect: Outgoing) -> Outgoing {
        let (message, to) = match &mut effect {
            Outgoing::Post { message, .. } | Outgoing::Edit { message, .. } => (message, None),
            Outgoing::Ephemeral { to, message }
            | Outgoing::Replace { to, message }
            | Outgoing::RefreshHand { to, message, .. }
            | Outgoing::DirectMessage { to, message, .. } => (message, Some(to.clone())),
            Outgoing::File { message, .. } => {
                message.picture = None;
                return effect;
            }
            Outgoing::CreateThread { .. } | Outgoing::StripComponents { .. } => return effect,
        };
        let Some(Picture::Wanted { match_id, version, seat }) = message.picture.take() else { return effect };
        match self.draw(match_id, version, seat, to.as_ref(), message).await {
            Ok(Some((attachment, mode))) => {
                if mode == BoardMode::Image && seat.is_none() {
                    if let Some(embed) = message.embed.as_mut() {
                        embed.fields.clear();
                    }
                }
                message.picture = Some(Picture::Drawn(attachment));
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(match_id, version, "no picture for this message: {e}"),
        }
        effect
    }

    /// The picture `message` asked for, with the mode it is shown in;
    /// `None` when its viewers want text, or when the match has moved on
    /// since (its next board brings the picture).
    async fn draw(
        &self,
        match_id: i64,
        version: i64,
        seat: Option<u8>,
        to: Option<&UserId>,
        message: &Message,
    ) -> Result<Option<(Attachment, BoardMode)>, String> {
        let settings = self.store.match_board_settings(match_id).await.map_err(|e| e.to_string())?;
        let mode = match (seat, to) {
            (None, _) => board_mode(&settings),
            (Some(_), Some(to)) => hand_mode(&settings, to),
            // A hand is never public.
            (Some(_), None) => return Ok(None),
        };
        if !mode.pictured() {
            return Ok(None);
        }
        let key = PictureKey { match_id, version, seat };
        let png = match self.pictures.get(&key) {
            Some(png) => png,
            None => {
                let m = self.load(match_id).await.map_err(|e| e.to_string())?;
                if m.row.version != version {
                    return Ok(None);
                }
                let drawing = match seat {
                    None => {
                        let stored = BoardEvents::parse(&m.row.board_events);
                        let events: Vec<String> = stored.head.into_iter().chain(stored.run).collect();
                        crate::picture::board_drawing(&public_view(&m, &m.state), &events)
                    }
                    Some(s) => {
                        // Only the player at the seat sees its hand.
                        if to.is_none_or(|to| m.user_at(Seat(s)).as_ref() != Some(to)) {
                            return Ok(None);
                        }
                        crate::picture::hand_drawing(&with_title(m.state.view(Viewer::Seat(Seat(s))), &m))
                    }
                };
                self.pictures.get_or_draw(key, || drawing.png())?
            }
        };
        let file_name = if seat.is_some() { "hand.png" } else { "board.png" };
        Ok(Some((Attachment { file_name: file_name.into(), description: alt_text(message), png }, mode)))
    }
}

/// The cache every table starts with: the last boards and hands drawn.
pub(crate) fn new_cache() -> Arc<PictureCache> {
    Arc::new(PictureCache::new(256))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(players: &[Option<&str>], server: Option<&str>) -> BoardSettings {
        BoardSettings {
            players: players.iter().enumerate().map(|(i, b)| (i.to_string(), b.map(str::to_owned))).collect(),
            server: server.map(str::to_owned),
        }
    }

    #[test]
    fn a_board_is_pictured_when_any_player_asks_and_text_only_when_none_does() {
        use BoardMode::*;
        assert_eq!(board_mode(&settings(&[None, None], None)), Text, "text is the default");
        assert_eq!(board_mode(&settings(&[Some("both"), None], None)), Both);
        assert_eq!(board_mode(&settings(&[Some("image"), None], None)), Both, "the other keeps the text");
        assert_eq!(board_mode(&settings(&[Some("image"), Some("image")], None)), Image);
        assert_eq!(
            board_mode(&settings(&[None, Some("image")], Some("image"))),
            Image,
            "the server's default"
        );
        assert_eq!(
            board_mode(&settings(&[Some("text"), Some("text")], Some("image"))),
            Text,
            "own choice wins"
        );
        // A word this version does not know counts as not chosen.
        assert_eq!(board_mode(&settings(&[Some("hologram")], Some("both"))), Both);
        let alice = UserId::from("0");
        assert_eq!(hand_mode(&settings(&[Some("text")], Some("both")), &alice), Text);
        assert_eq!(hand_mode(&settings(&[None], Some("both")), &alice), Both);
        assert_eq!(hand_mode(&settings(&[], None), &alice), Text);
    }

    #[test]
    fn a_typed_mode_is_read_whatever_its_case_and_a_bad_one_names_the_choices() {
        assert_eq!(BoardMode::parse("board", " Image ").unwrap(), BoardMode::Image);
        let refused = BoardMode::parse("board", "*big*").unwrap_err().reply_text();
        assert!(refused.contains("board:text, board:image or board:both"), "{refused}");
        assert!(refused.contains("\\*big\\*"), "typed text is shown escaped: {refused}");
    }

    #[test]
    fn the_alt_text_is_the_boards_head_in_plain_words() {
        let message = Message {
            embed: Some(view::Embed {
                title: "Alice vs Bob · Some Game #1".into(),
                description: "**Turn 2** · Alice\n➡ **Alice**: press **My hand**".into(),
                ..Default::default()
            }),
            ..Default::default()
        };
        assert_eq!(alt_text(&message), "Alice vs Bob · Some Game #1\nTurn 2 · Alice\n➡ Alice: press My hand");
    }
}
