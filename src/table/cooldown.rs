//! Limits against spam: nobody can flood a thread with boards, or ping a
//! person again and again through challenges, declines and rematches.
//!
//! - `/board` re-posts a match's board at most once a minute per user;
//!   meanwhile it shows them the board privately instead.
//! - One person challenges another at most [`CHALLENGES_PER_HOUR`] times in
//!   any hour, counting every challenge they sent to that person (a rematch
//!   is a challenge), whatever became of it, and whichever seat it invited
//!   them to: first opponent, `opponent2`–`opponent5` or `partner`. Beyond that nothing is posted,
//!   so nobody is pinged; the challenger is told when they can again.
//!   The count outlives `/privacy erase` (see `limits.rs`).
//! - Withdrawing a challenge pings nobody, and a decline pings the
//!   challenger once per challenge, so a decline loop pings each side at
//!   most as often as the cap lets challenges through.

use super::error::{refuse, TableError};
use super::loaded::Loaded;
use super::protocol::{Outgoing, Request};
use super::Table;
use crate::store::LimitKind;
use crate::view::{limits, truncate};

/// Seconds between two `/board` re-posts of one match by one user.
pub const BOARD_REPOST_SECONDS: i64 = 60;

/// Most challenges one person sends to another in an hour.
pub const CHALLENGES_PER_HOUR: usize = 3;

const HOUR: i64 = 3600;

impl Table {
    /// `/board`: the board posted anew at the bottom of the thread, unless
    /// the requester re-posted this match's board less than a minute ago.
    /// Then nothing is posted: they get the current board privately (live
    /// buttons and all), with the seconds left before they can post it.
    pub(crate) async fn board_command(&self, req: &Request, m: Loaded) -> Result<Vec<Outgoing>, TableError> {
        let now = self.clock.now();
        let user = req.user.id.as_str();
        let Some(last) = self.store.claim_board_repost(m.id(), user, now, BOARD_REPOST_SECONDS).await? else {
            return self.repost_board(m).await;
        };
        let wait = (last + BOARD_REPOST_SECONDS - now).clamp(1, BOARD_REPOST_SECONDS);
        let mut message = self.board_message(&m, &m.state, m.row.version, &[]);
        message.content = truncate(
            &format!(
                "You posted this board {} ago, so it is not posted again: you can post it again in \
                 {wait} s. Here it is, only for you:\n{}",
                seconds((now - last).max(0)),
                message.content
            ),
            limits::CONTENT,
        );
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// Refuses a challenge (or rematch) from `challenger` to `opponent` once
    /// they have sent [`CHALLENGES_PER_HOUR`] in the last hour, saying when
    /// they can again.
    pub(crate) async fn check_challenge_cap(
        &self,
        challenger: &str,
        opponent: &str,
        opponent_name: &str,
    ) -> Result<(), TableError> {
        let now = self.clock.now();
        let since = now - HOUR + 1;
        // The marks outlive an erasure (which re-keys the challenges to a
        // pseudonym); the challenges count those made before the marks.
        let rows = self.store.challenge_times_since(challenger, opponent, since).await?;
        let marks = self.store.limit_times_since(LimitKind::Challenge, challenger, opponent, since).await?;
        let times = if marks.len() >= rows.len() { marks } else { rows };
        if times.len() < CHALLENGES_PER_HOUR {
            return Ok(());
        }
        // The oldest challenge that keeps the count at the cap leaves the hour first.
        let frees_at = times[times.len() - CHALLENGES_PER_HOUR] + HOUR;
        refuse(format!(
            "You have already challenged {opponent_name} {} times in the last hour (rematches count \
             too); that is the limit, so nothing was posted and {opponent_name} was not pinged. \
             You can challenge {opponent_name} again in {}.",
            times.len(),
            minutes(frees_at - now)
        ))
    }
}

/// "45 s", "1 min 5 s".
fn seconds(s: i64) -> String {
    if s < 60 {
        format!("{s} s")
    } else if s % 60 == 0 {
        format!("{} min", s / 60)
    } else {
        format!("{} min {} s", s / 60, s % 60)
    }
}

/// Whole minutes, rounded up: "1 min", "59 min".
fn minutes(s: i64) -> String {
    let m = ((s + 59) / 60).max(1);
    format!("{m} min")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_read_in_seconds_and_minutes() {
        assert_eq!(seconds(45), "45 s");
        assert_eq!(seconds(120), "2 min");
        assert_eq!(seconds(65), "1 min 5 s");
        assert_eq!(minutes(1), "1 min");
        assert_eq!(minutes(3600), "60 min");
        assert_eq!(minutes(61), "2 min");
    }
}
