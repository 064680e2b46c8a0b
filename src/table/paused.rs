//! Matches Discord set aside, and moderators ending matches (README,
//! "Moderators"). The rule:
//!
//! - a match thread a moderator **locks** pauses the match (the thread is
//!   kept): a moderator unlocks it and a player types `/resume` in it, or a
//!   moderator ends the match;
//! - a match thread that is **deleted** pauses the match: a player plays on
//!   in a new thread with `/resume` in any channel of the server;
//! - a match whose **channel is gone for good** (deleted, or the bot's
//!   access to it lost) pauses the same way, and its players are told by
//!   direct message;
//! - a server moderator (Manage Threads or Manage Server, as Discord says
//!   with the interaction) ends a match with `/end-match`: it finishes
//!   without a result, and no rating changes.
//!
//! A paused match gets no reminders, deadlines, time calls or computer
//! moves, and its clocks move on by the pause when it resumes. `/matches`
//! shows it and how to resume it.

use super::error::{refuse, TableError};
use super::loaded::Loaded;
use super::protocol::{Outgoing, Request, Target};
use super::Table;
use crate::store::MatchStatus;
use crate::view::Message;

/// Why a match is paused, as stored.
const LOCKED: &str = "locked";
const DELETED: &str = "deleted";
const CHANNEL: &str = "channel";

/// A match just paused: what tells its players, and what to tell whoever
/// was acting when it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paused {
    /// The match.
    pub match_id: i64,
    /// The notices to its players (best effort).
    pub notice: Vec<Outgoing>,
    /// What the person whose action met it is told.
    pub told: String,
}

/// What a paused match's players read: why, and how to play on.
pub(crate) fn paused_text(why: &str, title: &str, match_id: i64) -> String {
    match why {
        LOCKED => format!(
            "⏸️ {title} is paused: a moderator locked its thread. Nothing is lost: once a moderator \
             unlocks it, type /resume in the thread to play on (a moderator can also end the match \
             with /end-match)."
        ),
        DELETED => format!(
            "⏸️ {title} is paused: its thread was deleted. Nothing is lost: type /resume match:{match_id} \
             in a channel of this server to play on in a new thread there (see /matches)."
        ),
        _ => format!(
            "⏸️ {title} is paused: I can no longer reach its channel (it was deleted, or my access to it \
             was removed). Nothing is lost: type /resume match:{match_id} in a channel of the server \
             where I can post, to play on in a new thread there (see /matches)."
        ),
    }
}

impl Table {
    /// Posting in `thread` failed because a moderator locked it: its match
    /// pauses (keeping the thread) and the players are told in the channel
    /// the match was started in. `None` when no playing match is there.
    pub async fn thread_locked(&self, thread: &str) -> Result<Option<Paused>, TableError> {
        self.thread_paused(thread, LOCKED).await
    }

    /// Posting in `thread` failed because it no longer exists: its match
    /// pauses and the players are told in the channel the match was started
    /// in (if it still exists) and by `/matches`.
    pub async fn thread_deleted(&self, thread: &str) -> Result<Option<Paused>, TableError> {
        self.thread_paused(thread, DELETED).await
    }

    async fn thread_paused(&self, thread: &str, why: &str) -> Result<Option<Paused>, TableError> {
        let Some(row) = self.store.match_in_thread(thread).await? else { return Ok(None) };
        if row.status != MatchStatus::Active {
            return Ok(None);
        }
        let m = self.load(row.id).await?;
        let text = paused_text(why, &m.title(), m.id());
        let newly = self.store.pause_match(m.id(), why, self.clock.now(), why == LOCKED).await?;
        let notice = if newly {
            tracing::info!(match_id = m.id(), thread, why, "the match thread was locked or deleted; paused");
            vec![Outgoing::Post {
                target: Target::Channel(m.row.channel.clone()),
                message: Message::text(text.clone()),
                mentions: m.people(),
                key: None,
            }]
        } else {
            vec![]
        };
        Ok(Some(Paused { match_id: m.id(), notice, told: text }))
    }

    /// The thread of `match_id` could not be opened because its channel is
    /// gone for good (Discord: unknown channel, or no access): the match
    /// pauses instead of being retried, and each player is told by direct
    /// message.
    pub async fn channel_gone(&self, match_id: i64) -> Result<Paused, TableError> {
        let m = self.load(match_id).await?;
        let text = paused_text(CHANNEL, &m.title(), m.id());
        let newly = self.store.pause_match(m.id(), CHANNEL, self.clock.now(), false).await?;
        let mut notice = Vec::new();
        if newly {
            tracing::warn!(match_id, channel = %m.row.channel, "the match's channel is gone; paused");
            for to in m.people() {
                notice.push(Outgoing::DirectMessage {
                    to,
                    message: Message::text(text.clone()),
                    fallback: None,
                });
            }
        }
        Ok(Paused { match_id, notice, told: text })
    }

    /// `/resume [match]`: plays on a paused match: a locked thread's inside
    /// that thread (once unlocked), any other in a new thread of the
    /// channel it is typed in (the parent, when typed in a thread).
    pub(crate) async fn resume(
        &self,
        req: &Request,
        match_id: Option<i64>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let m = self.paused_match(req, match_id).await?;
        m.require_seat(req)?;
        let why = m.row.paused.clone().unwrap_or_default();
        let now = self.clock.now();
        let channel = if why == LOCKED {
            if req.place.thread.is_none() || req.place.thread != m.row.thread {
                return refuse(paused_text(LOCKED, &m.title(), m.id()));
            }
            None
        } else {
            if req.place.guild.is_none() || req.place.guild != m.row.guild {
                return refuse(format!(
                    "{} was played in another server: type /resume in a channel of that server.",
                    m.title()
                ));
            }
            Some(req.place.channel.as_str())
        };
        if !self.store.resume_match(m.id(), now, channel).await? {
            return refuse("That match is not paused any more: see /matches.");
        }
        tracing::info!(match_id = m.id(), why, "a player resumed the match");
        // Its board, in its thread (opened now when it moved), pinging all.
        self.thread_repair(m.id(), why != LOCKED).await
    }

    /// The paused match `/resume` is about: the one named, the thread's, or
    /// the requester's only paused match.
    async fn paused_match(&self, req: &Request, match_id: Option<i64>) -> Result<Loaded, TableError> {
        let named = match (match_id, &req.place.thread) {
            (Some(id), _) => Some(id),
            (None, Some(thread)) => self.store.match_in_thread(thread).await?.map(|r| r.id),
            (None, None) => None,
        };
        if let Some(id) = named {
            let Ok(m) = self.load(id).await else {
                return refuse(format!("There is no match #{id}: see /matches for yours."));
            };
            if m.row.paused.is_none() || m.row.status != MatchStatus::Active {
                return refuse(format!("{} is not paused, so there is nothing to resume.", m.title()));
            }
            return Ok(m);
        }
        let mine = self.store.matches_for_user(req.user.id.as_str(), Some(MatchStatus::Active)).await?;
        let paused: Vec<i64> = mine.iter().filter(|(r, _)| r.paused.is_some()).map(|(r, _)| r.id).collect();
        match paused.as_slice() {
            [] => refuse("None of your matches is paused, so there is nothing to resume (see /matches)."),
            [id] => self.load(*id).await,
            many => refuse(format!(
                "{} of your matches are paused: say which with /resume match: (its number, see /matches).",
                many.len()
            )),
        }
    }

    /// `/end-match [match]`: a server moderator ends a match (the thread's,
    /// or the one named) without a result. `moderator` is what Discord says
    /// of the requester's permissions, never an option they typed.
    pub(crate) async fn end_match(
        &self,
        req: &Request,
        match_id: Option<i64>,
        moderator: bool,
    ) -> Result<Vec<Outgoing>, TableError> {
        if !moderator {
            return refuse(
                "Only a server moderator (Manage Threads or Manage Server permission) can end a match. \
                 To give up your own match, use /concede.",
            );
        }
        let id = match (match_id, &req.place.thread) {
            (Some(id), _) => id,
            (None, Some(thread)) => match self.store.match_in_thread(thread).await? {
                Some(row) => row.id,
                None => return refuse("This thread holds no match: type /end-match match: (its number)."),
            },
            (None, None) => {
                return refuse(
                    "Type /end-match inside the match's thread, or name it with match: (the number in \
                     the thread's title).",
                )
            }
        };
        let m = match self.load(id).await {
            Ok(m) if m.row.guild.is_some() && m.row.guild == req.place.guild => m,
            _ => return refuse(format!("There is no match #{id} in this server.")),
        };
        if m.row.status != MatchStatus::Active
            || !self.store.end_by_moderator(id, req.user.id.as_str(), self.clock.now()).await?
        {
            return refuse(format!("{} is over already.", m.title()));
        }
        tracing::info!(match_id = id, moderator = %req.user.id, "a moderator ended the match");
        let text = format!(
            "🛑 {} was ended by a server moderator, {}. It ends without a result: no rating changes. \
             Start a new match with /challenge.",
            m.title(),
            req.user.name
        );
        // Where the players can read it: the thread, unless it is paused
        // (locked or gone), then the channel the match was started in.
        let target = match (&m.row.thread, &m.row.paused) {
            (Some(thread), None) => Target::Thread(thread.clone()),
            _ => Target::Channel(m.row.channel.clone()),
        };
        let mut out = Vec::new();
        if let (Some(board), Some(_)) = (&m.row.board_message, &m.row.thread) {
            out.push(Outgoing::StripComponents { target: m.board_target(), message_ref: board.clone() });
        }
        out.push(Outgoing::Post { target, message: Message::text(text), mentions: m.people(), key: None });
        out.push(Outgoing::Ephemeral {
            to: req.user.id.clone(),
            message: Message::text(format!("Ended {}; its players are told.", m.title())),
        });
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pause_says_how_to_play_on() {
        assert!(paused_text(LOCKED, "A vs B", 3).contains("unlocks it, type /resume in the thread"));
        assert!(paused_text(DELETED, "A vs B", 3).contains("/resume match:3"));
        assert!(paused_text(CHANNEL, "A vs B", 3).contains("/resume match:3"));
    }
}
