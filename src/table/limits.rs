//! Caps on what one member can open, so that nobody fills a server with
//! matches or the computer's search slots with work (issue 54):
//!
//! - matches against the computer: [`COMPUTER_MATCHES_PER_HOUR`] per
//!   member in any hour, every level counted together;
//! - active matches: [`DEFAULT_MEMBER_MATCHES`] per member and
//!   [`DEFAULT_SERVER_MATCHES`] per server at once, which the server's
//!   managers lower or raise with `/settings member_matches:` and
//!   `server_matches:` (within [`MEMBER_MATCHES_RANGE`] and
//!   [`SERVER_MATCHES_RANGE`]);
//! - hints: [`HINTS_PER_HOUR`] searched per member in any hour (a hint
//!   shown again for the same decision is kept, not searched, and free).
//!
//! The hourly caps, and the per-person challenge cap (`cooldown.rs`),
//! count marks that name people by a keyed hash of their Discord id
//! (`store/limits.rs`), so `/privacy erase` does not reset them. Every
//! refusal names the cap and when it frees, and nothing is posted.

use std::ops::RangeInclusive;

use super::computer::computer_level;
use super::error::{refuse, TableError};
use super::protocol::Request;
use super::Table;
use crate::store::{LimitKind, ServerCaps};

/// Matches one member opens against the computer in an hour, all levels.
pub const COMPUTER_MATCHES_PER_HOUR: usize = 4;

/// Hints searched for one member in an hour.
pub const HINTS_PER_HOUR: usize = 20;

/// Active matches one member may sit in at once in a server, unless its
/// managers chose otherwise.
pub const DEFAULT_MEMBER_MATCHES: i64 = 10;

/// Active matches at once in a server, unless its managers chose otherwise.
pub const DEFAULT_SERVER_MATCHES: i64 = 200;

/// What managers may set `member_matches` to.
pub const MEMBER_MATCHES_RANGE: RangeInclusive<i64> = 1..=100;

/// What managers may set `server_matches` to.
pub const SERVER_MATCHES_RANGE: RangeInclusive<i64> = 1..=5000;

/// The window of the hourly caps.
pub(crate) const HOUR: i64 = 3600;

impl Table {
    /// Refuses another match against the computer for `member` once they
    /// opened [`COMPUTER_MATCHES_PER_HOUR`] in the last hour.
    pub(crate) async fn check_computer_cap(&self, member: &str) -> Result<(), TableError> {
        let Some((n, frees)) =
            self.hourly_cap(LimitKind::ComputerMatch, member, COMPUTER_MATCHES_PER_HOUR).await?
        else {
            return Ok(());
        };
        refuse(format!(
            "You have opened {n} matches against the computer in the last hour, every level counted \
             together; that is the limit ({COMPUTER_MATCHES_PER_HOUR} an hour), so no match was opened. \
             You can play the computer again in {frees}."
        ))
    }

    /// Refuses a hint search for `member` once [`HINTS_PER_HOUR`] were
    /// searched for them in the last hour.
    pub(crate) async fn check_hint_cap(&self, member: &str) -> Result<(), TableError> {
        let Some((n, frees)) = self.hourly_cap(LimitKind::Hint, member, HINTS_PER_HOUR).await? else {
            return Ok(());
        };
        refuse(format!(
            "You have asked for {n} hints in the last hour; that is the limit ({HINTS_PER_HOUR} an hour), \
             so the computer did not search this one. You can ask again in {frees}; a hint you already got \
             is shown again at no cost."
        ))
    }

    /// `member`'s marks of `kind` in the last hour and when the oldest that
    /// counts frees ("12 min"), once they reach `cap`; `None` below it.
    async fn hourly_cap(
        &self,
        kind: LimitKind,
        member: &str,
        cap: usize,
    ) -> Result<Option<(usize, String)>, TableError> {
        let now = self.clock.now();
        let times = self.store.limit_times_since(kind, member, "", now - HOUR + 1).await?;
        if times.len() < cap {
            return Ok(None);
        }
        let frees_at = times[times.len() - cap] + HOUR;
        Ok(Some((times.len(), minutes(frees_at - now))))
    }

    /// Counts a hint searched for `member` now.
    pub(crate) async fn mark_hint(&self, member: &str) -> Result<(), TableError> {
        Ok(self.store.add_limit_mark(LimitKind::Hint, member, "", self.clock.now(), HOUR).await?)
    }

    /// Counts a challenge from `challenger` to each of `invited` at `now`, and,
    /// when the computer is among them, a match against the computer.
    pub(crate) async fn mark_challenge(
        &self,
        challenger: &str,
        invited: &[&str],
        now: i64,
    ) -> Result<(), TableError> {
        for whom in invited {
            self.store.add_limit_mark(LimitKind::Challenge, challenger, whom, now, HOUR).await?;
        }
        if invited.iter().any(|w| computer_level(w).is_some()) {
            self.store.add_limit_mark(LimitKind::ComputerMatch, challenger, "", now, HOUR).await?;
        }
        Ok(())
    }

    /// Takes back the marks [`Table::mark_challenge`] made at `at` for a
    /// challenge nobody saw (its post failed and it was forgotten).
    pub(crate) async fn unmark_challenge(
        &self,
        challenger: &str,
        invited: &[&str],
        at: i64,
    ) -> Result<(), TableError> {
        for whom in invited {
            self.store.remove_limit_mark(LimitKind::Challenge, challenger, whom, at).await?;
        }
        if invited.iter().any(|w| computer_level(w).is_some()) {
            self.store.remove_limit_mark(LimitKind::ComputerMatch, challenger, "", at).await?;
        }
        Ok(())
    }

    /// `guild`'s caps on active matches, its managers' choice or the defaults.
    pub(crate) async fn active_caps(&self, guild: Option<&str>) -> Result<(i64, i64), TableError> {
        let caps = match guild {
            Some(g) => self.store.server_caps(g).await?,
            None => ServerCaps::default(),
        };
        Ok((
            caps.member_matches.unwrap_or(DEFAULT_MEMBER_MATCHES),
            caps.server_matches.unwrap_or(DEFAULT_SERVER_MATCHES),
        ))
    }

    /// Refuses a new match in `guild` while one of `members` (id and
    /// name; the computer is no member) already sits in as many active
    /// matches there as the server allows a member, or the server has as
    /// many as it allows in all.
    pub(crate) async fn check_active_caps(
        &self,
        guild: Option<&str>,
        members: &[(&str, &str)],
        me: &str,
    ) -> Result<(), TableError> {
        let (member_cap, server_cap) = self.active_caps(guild).await?;
        let mut server_count = 0;
        for (id, name) in members.iter().filter(|(id, _)| computer_level(id).is_none()) {
            let (theirs, server) = self.store.active_match_counts(id, guild).await?;
            server_count = server;
            if theirs >= member_cap {
                let who =
                    if *id == me { "You already play".to_owned() } else { format!("{name} already plays") };
                return refuse(format!(
                    "{who} {theirs} active matches in this server, its limit per member ({member_cap}; \
                     server managers change it with /settings member_matches:), so no new match was \
                     started. It frees as soon as one of them ends: finish it or /concede it (/matches \
                     lists them)."
                ));
            }
        }
        if server_count >= server_cap {
            return refuse(format!(
                "This server already has {server_count} active matches, its limit ({server_cap}; server \
                 managers change it with /settings server_matches:), so no new match was started. It frees \
                 as soon as one of them ends."
            ));
        }
        Ok(())
    }
}

impl Table {
    /// `/settings member_matches: server_matches:`: a server manager's
    /// caps for their server, checked before anything is stored.
    pub(crate) async fn set_server_caps(
        &self,
        req: &Request,
        member_matches: Option<i64>,
        server_matches: Option<i64>,
        manager: bool,
    ) -> Result<(), TableError> {
        if member_matches.is_none() && server_matches.is_none() {
            return Ok(());
        }
        let Some(guild) = req.place.guild.as_deref() else {
            return refuse("member_matches and server_matches are a server's caps: set them in a channel of that server.");
        };
        if !manager {
            return refuse(
                "Only a server manager (the Manage Server permission) can set this server's member_matches \
                 and server_matches; nothing was changed.",
            );
        }
        for (option, value, range) in [
            ("member_matches", member_matches, MEMBER_MATCHES_RANGE),
            ("server_matches", server_matches, SERVER_MATCHES_RANGE),
        ] {
            if let Some(v) = value.filter(|v| !range.contains(v)) {
                return refuse(format!(
                    "{option} must be from {} to {} (you gave {v}); nothing was changed.",
                    range.start(),
                    range.end()
                ));
            }
        }
        self.store.set_server_caps(guild, ServerCaps { member_matches, server_matches }).await?;
        Ok(())
    }

    /// The lines `/settings` shows about the server's caps, and to its
    /// managers, how many people erased their data there (never who).
    pub(crate) async fn caps_lines(&self, req: &Request, manager: bool) -> Result<Vec<String>, TableError> {
        let guild = req.place.guild.as_deref();
        let (member_cap, server_cap) = self.active_caps(guild).await?;
        let mut lines = vec![format!(
            "This server's caps: **{member_cap}** active matches per member, **{server_cap}** in the server \
             (server managers change them with /settings member_matches: server_matches:); \
             {COMPUTER_MATCHES_PER_HOUR} matches against the computer and {HINTS_PER_HOUR} hints per member \
             an hour."
        )];
        if let (Some(g), true) = (guild, manager) {
            let now = self.clock.now();
            let (all, recent) = self.store.erasures(g, now - 30 * 24 * HOUR).await?;
            lines.push(format!(
                "Erasures here (only server managers see this): {all}, {recent} of them in the last 30 \
                 days: people who played or were challenged in this server and erased their data with \
                 /privacy. Who is never kept; their matches stay, as “Erased player”, and a rating after \
                 an erasure starts provisional, as a newcomer's."
            ));
        }
        Ok(lines)
    }
}

/// Whole minutes, rounded up: "1 min", "59 min".
pub(crate) fn minutes(s: i64) -> String {
    let m = ((s + 59) / 60).max(1);
    format!("{m} min")
}
