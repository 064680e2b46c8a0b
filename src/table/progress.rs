//! Players' progress: `/stats`, `/leaderboard` and `/history`, read from
//! the ratings and result lines the store keeps (see [`crate::ratings`]).
//! Everything is per server: a player's record on one server says nothing
//! on another. Answers are short lines in one embed, to read on a phone.

use std::collections::HashMap;

use super::computer::computer_level;
use super::error::{refuse, TableError};
use super::protocol::{Outgoing, Request, UserRef};
use super::Table;
use crate::games::GameId;
use crate::ratings::{Line, Rating};
use crate::store::{HistoryRow, Record};
use crate::view::{self, escape_markdown};

/// Players a leaderboard lists.
pub const LEADERBOARD_SIZE: i64 = 10;

/// Matches `/history` lists.
pub const HISTORY_SIZE: i64 = 10;

impl Table {
    /// `/stats [player] [game] [private]`.
    pub(crate) async fn stats(
        &self,
        req: &Request,
        player: Option<&UserRef>,
        game: Option<&str>,
        private: Option<bool>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let me = &req.user;
        if let Some(private) = private {
            if player.is_some_and(|p| p.id != me.id) {
                return refuse(
                    "private: sets whether your own stats are private; leave player: out to set it.",
                );
            }
            self.store.set_stats_private(me.id.as_str(), private).await?;
            let text = if private {
                "Your stats are now private: /stats and /history show them to you only, and leaderboards \
                 leave you out. Use /stats private:off to show them again."
            } else {
                "Your stats are visible again: others can see them with /stats and /history, and you \
                 appear on leaderboards."
            };
            return Ok(vec![reply(req, view::info("Stats", &[text.to_owned()], None))]);
        }
        let guild = guild_of(req);
        let who = player.unwrap_or(me);
        let game = game.map(parse_game).transpose()?;
        self.check_visible(req, &guild, who, game).await?;
        let ratings = self.store.ratings_of(&guild, who.id.as_str(), game.map(|g| g.key())).await?;
        let mut lines = Vec::new();
        let mut names = Names::new(self);
        match game {
            Some(g) => {
                for r in &ratings {
                    lines.push(rating_line(r));
                    lines.push(record_line(r));
                }
                if ratings.is_empty() {
                    lines.push("No rated matches yet.".to_owned());
                }
                let key = g.key();
                let decks = self.store.record_by_deck(&guild, who.id.as_str(), key).await?;
                if !decks.is_empty() {
                    lines.push(format!("By deck: {}", records(&decks, escape_markdown)));
                }
                let opponents = self.store.record_by_opponent(&guild, who.id.as_str(), key).await?;
                if !opponents.is_empty() {
                    let ids: Vec<&str> = opponents.iter().map(|o| o.key.as_str()).collect();
                    names.preload(&ids).await?;
                    let mut shown = Vec::new();
                    for o in &opponents {
                        shown.push(format!("{} {}", names.of(&o.key).await?, score(o)));
                    }
                    lines.push(format!("Against: {}", shown.join(" · ")));
                }
                let computer = self.store.record_against_computer(&guild, who.id.as_str(), key).await?;
                if !computer.is_empty() {
                    let levels =
                        records(&computer, |k| computer_level(k).map_or("?", |l| l.key()).to_owned());
                    lines.push(format!("Against the computer (unrated): {levels}"));
                }
            }
            None => {
                for r in &ratings {
                    let name = GameId::parse(&r.game).map_or(r.game.as_str(), |g| g.name());
                    lines.push(format!("**{name}**{}: {}", line_label(r.line), rating_text(r)));
                    lines.push(record_line(r));
                }
                if ratings.is_empty() {
                    lines.push(
                        "No rated matches yet (matches against the computer are not rated).".to_owned(),
                    );
                }
                lines.push("Add game: for decks and opponents.".to_owned());
            }
        }
        let title = match game {
            Some(g) => format!("{} · {}", who.name, g.name()),
            None => who.name.clone(),
        };
        Ok(vec![reply(req, view::info(&truncate_title(&title), &lines, None))])
    }

    /// `/leaderboard game [show]`.
    pub(crate) async fn leaderboard(
        &self,
        req: &Request,
        game: &str,
        show: Option<bool>,
        manager: bool,
    ) -> Result<Vec<Outgoing>, TableError> {
        let guild = guild_of(req);
        let game = parse_game(game)?;
        if let Some(on) = show {
            if !manager {
                return refuse(
                    "Only a server manager (the Manage Server permission) can switch the leaderboard on or off.",
                );
            }
            self.store.set_leaderboard_enabled(&guild, on).await?;
            let text = if on {
                "The leaderboard is on: /leaderboard shows this server's best players of each game."
            } else {
                "The leaderboard is off on this server: /leaderboard answers that it is off, for every \
                 game. Ratings are still kept (players see their own with /stats); /leaderboard show:on \
                 brings it back."
            };
            return Ok(vec![reply(req, view::info("Leaderboard", &[text.to_owned()], None))]);
        }
        if !self.store.leaderboard_enabled(&guild).await? {
            return refuse(
                "This server has switched its leaderboard off. Your own rating is in /stats; a server \
                 manager can switch the leaderboard on with /leaderboard show:on.",
            );
        }
        let me = req.user.id.as_str();
        let mut lines = Vec::new();
        for line in [Line::Duel, Line::Multi] {
            let (top, mine) = self.store.leaderboard(&guild, game.key(), line, me, LEADERBOARD_SIZE).await?;
            if top.is_empty() {
                continue;
            }
            if line == Line::Multi {
                lines.push(String::new());
                lines.push("**Three or more players**".to_owned());
            }
            for p in &top {
                let you = if p.rating.user_id == me { " ← you" } else { "" };
                lines.push(format!(
                    "{}. {} {} · {}{you}",
                    p.place,
                    p.name,
                    rating_text(&p.rating),
                    score_of(&p.rating)
                ));
            }
            if let Some(p) = mine.filter(|p| !top.iter().any(|t| t.rating.user_id == p.rating.user_id)) {
                lines.push(format!(
                    "…\n{}. you {} · {}",
                    p.place,
                    rating_text(&p.rating),
                    score_of(&p.rating)
                ));
            }
        }
        if lines.is_empty() {
            return refuse(format!(
                "Nobody has a rated {} match on this server yet: ratings start when two people finish a \
                 match (matches against the computer are not rated).",
                game.name()
            ));
        }
        lines.push(format!(
            "? provisional: fewer than {} rated matches.",
            crate::ratings::PROVISIONAL_MATCHES
        ));
        Ok(vec![reply(req, view::info(&format!("Leaderboard · {}", game.name()), &lines, None))])
    }

    /// `/history [player] [game]`.
    pub(crate) async fn history(
        &self,
        req: &Request,
        player: Option<&UserRef>,
        game: Option<&str>,
        match_id: Option<i64>,
    ) -> Result<Vec<Outgoing>, TableError> {
        if let Some(id) = match_id {
            return self.match_record(req, id).await;
        }
        let guild = guild_of(req);
        let who = player.unwrap_or(&req.user);
        let game = game.map(parse_game).transpose()?;
        self.check_visible(req, &guild, who, game).await?;
        let rows = self.store.history(&guild, who.id.as_str(), game.map(|g| g.key()), HISTORY_SIZE).await?;
        let mut names = Names::new(self);
        let mut lines = Vec::new();
        for row in &rows {
            lines.push(self.history_line(row, &mut names).await?);
        }
        lines.push("/history match:<number> gives a match's record as a file to replay.".to_owned());
        let title = match game {
            Some(g) => format!("{} · {} · last matches", who.name, g.name()),
            None => format!("{} · last matches", who.name),
        };
        Ok(vec![reply(req, view::info(&truncate_title(&title), &lines, None))])
    }

    /// `/history match:N`: the record of a finished match of this server
    /// as a file, the JSON `cardtable replay --file` reads. Anyone on the
    /// server may have it once the match is over (every hidden card is
    /// then history), unless a player of it keeps their stats private and
    /// the requester did not play in it.
    async fn match_record(&self, req: &Request, id: i64) -> Result<Vec<Outgoing>, TableError> {
        let not_here = || {
            refuse(format!("There is no finished match #{id} on this server: /history lists the numbers."))
        };
        let Ok((row, seats)) = self.store.load_match_with_seats(id).await else { return not_here() };
        if row.guild.clone().unwrap_or_default() != guild_of(req) {
            return not_here();
        }
        if row.status != crate::store::MatchStatus::Finished {
            return refuse(format!(
                "Match #{id} is not over yet: its record is offered once it ends (its board is in its thread)."
            ));
        }
        let seated = seats.iter().any(|s| s.user_id == req.user.id.as_str());
        if !seated {
            for s in &seats {
                if self.store.stats_private(&s.user_id).await? {
                    return refuse(format!(
                        "A player of match #{id} keeps their stats private: only its players can have its record."
                    ));
                }
            }
        }
        let actions = self.store.match_actions(id).await?;
        let record = super::log::MatchRecord {
            format: super::log::MATCH_RECORD_FORMAT.to_owned(),
            match_id: id,
            game: row.game.clone(),
            setup: serde_json::from_str(&row.setup)?,
            actions: actions
                .iter()
                .map(|a| {
                    Ok(super::log::RecordedAction {
                        seq: a.seq,
                        seat: a.seat,
                        action: serde_json::from_str(&a.action)?,
                        at: a.at,
                    })
                })
                .collect::<Result<_, serde_json::Error>>()?,
            state: serde_json::from_str(&row.state)?,
            outcome: row.outcome.as_deref().and_then(|o| serde_json::from_str(o).ok()),
            hints: self
                .store
                .match_hints(id)
                .await?
                .into_iter()
                .map(|h| super::log::RecordedHint { seat: h.seat, version: h.version, at: h.at })
                .collect(),
        };
        let file_name = format!("match-{id}.json");
        let text = format!(
            "The record of match #{id}: its setup and all {} moves. Replay it with \
             `cardtable replay --file {file_name}`.",
            actions.len()
        );
        Ok(vec![Outgoing::File {
            to: req.user.id.clone(),
            message: view::info(&format!("Match #{id}"), &[text], None),
            file_name,
            contents: serde_json::to_string_pretty(&record)?,
        }])
    }

    /// `after`, with its end-of-match line when the commit that led to it
    /// finished the match: each player's rating change (or why the match
    /// was not rated) and the match's length in turns and days. A failed
    /// read of the results only loses the line.
    pub(crate) async fn finished(&self, mut after: super::loaded::Loaded) -> super::loaded::Loaded {
        if after.state.outcome().is_none() {
            return after;
        }
        let results = match self.store.match_results(after.id()).await {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(match_id = after.id(), error = %e, "no end-of-match summary");
                return after;
            }
        };
        let mut parts = Vec::new();
        let changes: Vec<String> = results
            .iter()
            .filter_map(|r| {
                let (b, a) = (r.rating_before?, r.rating_after?);
                let seat = crate::engine::Seat(u8::try_from(r.seat).ok()?);
                Some(format!("{} {}", after.name_of(seat), change_text(b, a, r.line.as_deref())))
            })
            .collect();
        if !changes.is_empty() {
            parts.push(format!("Rating: {}", changes.join(" · ")));
        } else {
            match results.iter().find_map(|r| r.unrated.as_deref()) {
                Some("computer") => parts.push("Not rated: a match against the computer.".to_owned()),
                Some("abandoned") => parts.push("Not rated: it ended before everyone had moved.".to_owned()),
                _ => {}
            }
        }
        let story = self.story(&after).await;
        let turns = story.as_ref().and_then(|s| s.turns).map(|t| format!("{t} turns, ")).unwrap_or_default();
        let ended = results.first().map_or_else(|| self.clock.now(), |r| r.finished_at);
        let days = days_text(ended - after.row.created_at);
        parts.push(format!("Length: {turns}{days}."));
        if let Some(p) = story.and_then(|s| s.turning_point) {
            let winner = after.state.outcome().and_then(|o| o.winners.first().copied());
            let turn = p.turn.map(|t| format!("turn {t}, ")).unwrap_or_default();
            let whose = match winner {
                Some(w) if w != p.seat => format!("{}'s", after.name_of(w)),
                _ => "their".to_owned(),
            };
            parts.push(format!(
                "Turning point: {turn}{}'s “{}” ({whose} chances {:.0} % → {:.0} %).",
                after.name_of(p.seat),
                crate::view::escape_markdown(&p.label),
                100.0 * p.before,
                100.0 * p.after
            ));
        }
        after.summary = Some(parts.join("\n"));
        after
    }

    /// The re-run log of a finished match ([`super::log::story`]): its
    /// length in turns, and its turning point when it has one winner. A
    /// failed read of the log only loses both.
    async fn story(&self, after: &super::loaded::Loaded) -> Option<super::log::Story> {
        let winners = after.state.outcome()?.winners;
        let log = match self.store.match_actions(after.id()).await {
            Ok(log) => log,
            Err(e) => {
                tracing::warn!(match_id = after.id(), error = %e, "no turn count or turning point");
                return None;
            }
        };
        // A draw has no winner but still has its length: judged from the
        // first seat, its turning point dropped below.
        let judged = winners.first().copied().unwrap_or(crate::engine::Seat(0));
        let mut story = super::log::story(&self.library, after.game, &after.setup, &log, judged)?;
        if winners.len() != 1 {
            story.turning_point = None;
        }
        Some(story)
    }

    async fn history_line(&self, row: &HistoryRow, names: &mut Names<'_>) -> Result<String, TableError> {
        let r = &row.result;
        let game = GameId::parse(&r.game).map_or(r.game.as_str(), |g| g.name());
        let mut against = Vec::new();
        for o in r.opponents.split(',').filter(|o| !o.is_empty()) {
            against.push(names.of(o).await?);
        }
        let result = match r.result.as_deref() {
            Some("win") => "won",
            Some("loss") => "lost",
            Some("draw") => "drawn",
            _ => "ended",
        };
        let rating = match (r.rating_before, r.rating_after, r.unrated.as_deref()) {
            (Some(b), Some(a), _) => format!(" · {}", change_text(b, a, r.line.as_deref())),
            (_, _, Some("abandoned")) => " · unrated (ended before everyone moved)".to_owned(),
            (_, _, Some("computer")) => " · unrated".to_owned(),
            (_, _, Some("ended")) => " · unrated (ended by a moderator)".to_owned(),
            _ => String::new(),
        };
        let days = days_text(r.finished_at - row.created_at);
        let ago = ago_text(self.clock.now() - r.finished_at);
        let thread = row.thread.as_deref().map(|t| format!(" · <#{t}>")).unwrap_or_default();
        Ok(format!(
            "#{} {game} vs {} — **{result}**{rating} · {} · {days}, {ago}{thread}",
            r.match_id,
            view::and_list(&against),
            escape_markdown(&r.deck_name)
        ))
    }

    /// Refuses to show `who`'s stats or history when they keep them
    /// private (to anyone but themselves) or have nothing here.
    async fn check_visible(
        &self,
        req: &Request,
        guild: &str,
        who: &UserRef,
        game: Option<GameId>,
    ) -> Result<(), TableError> {
        let mine = who.id == req.user.id;
        let name = who.name.clone();
        if computer_level(who.id.as_str()).is_some() || who.id.as_str() == super::computer::COMPUTER {
            return refuse(
                "The computer keeps no stats: its matches are in the history of whoever played it.",
            );
        }
        if !mine && self.store.stats_private(who.id.as_str()).await? {
            return refuse(format!("{name} keeps their stats private."));
        }
        let (here, elsewhere) =
            self.store.finished_anywhere(guild, who.id.as_str(), game.map(|g| g.key())).await?;
        if here {
            return Ok(());
        }
        let (subject, has) = if mine { ("You".to_owned(), "have") } else { (name, "has") };
        let what = game.map_or("match".to_owned(), |g| format!("{} match", g.name()));
        if elsewhere && game.is_none() {
            return refuse(format!(
                "{subject} {has} not finished a {what} on this server: stats are kept per server."
            ));
        }
        refuse(format!("{subject} {has} not finished a {what} on this server yet."))
    }
}

/// Display names of user ids, looked up once each.
struct Names<'a> {
    table: &'a Table,
    known: HashMap<String, String>,
}

impl<'a> Names<'a> {
    fn new(table: &'a Table) -> Self {
        Names { table, known: HashMap::new() }
    }

    /// Reads the stored names of `user_ids` in one query (those never
    /// seen are looked up, and shown as their id, by [`Names::of`]).
    async fn preload(&mut self, user_ids: &[&str]) -> Result<(), TableError> {
        for (id, name) in self.table.store.user_names(user_ids).await? {
            if !name.is_empty() && computer_level(&id).is_none() {
                self.known.insert(id, name);
            }
        }
        Ok(())
    }

    async fn of(&mut self, user_id: &str) -> Result<String, TableError> {
        if let Some(n) = self.known.get(user_id) {
            return Ok(n.clone());
        }
        let name = match computer_level(user_id) {
            Some(level) => format!("the computer ({})", level.key()),
            None => match self.table.store.user_name(user_id).await? {
                // Stored as shown (escaped once on the way in).
                Some(n) if !n.is_empty() => n,
                _ => escape_markdown(user_id),
            },
        };
        self.known.insert(user_id.to_owned(), name.clone());
        Ok(name)
    }
}

fn reply(req: &Request, message: crate::view::Message) -> Outgoing {
    Outgoing::Ephemeral { to: req.user.id.clone(), message }
}

/// The server a request came from ("" outside one: the console, a DM).
fn guild_of(req: &Request) -> String {
    req.place.guild.clone().unwrap_or_default()
}

fn parse_game(typed: &str) -> Result<GameId, TableError> {
    GameId::parse(typed).map_err(|e| {
        let text = format!("{e}: the games are {} (see /games).", crate::games::game_keys());
        TableError::User(super::UserError::quoting(text, typed))
    })
}

fn truncate_title(title: &str) -> String {
    crate::view::truncate(title, 200)
}

fn line_label(line: Line) -> &'static str {
    match line {
        Line::Duel => "",
        Line::Multi => " (3+ players)",
    }
}

/// "1662 ± 290" (Glicko-2) or "27.4 ± 7.1" (Weng-Lin), "?" while provisional.
pub fn rating_text(r: &Rating) -> String {
    let mark = if r.provisional() { "?" } else { "" };
    match r.line {
        Line::Duel => format!("{:.0}{mark} ± {:.0}", r.rating, r.deviation),
        Line::Multi => format!("{:.1}{mark} ± {:.1}", r.rating, r.deviation),
    }
}

fn rating_line(r: &Rating) -> String {
    let what = match r.line {
        Line::Duel => "Rating",
        Line::Multi => "Rating, 3+ players",
    };
    let provisional = if r.provisional() {
        format!(" (provisional: {} of {} matches)", r.matches, crate::ratings::PROVISIONAL_MATCHES)
    } else {
        String::new()
    };
    format!("**{what}: {}**{provisional}", rating_text(r))
}

fn record_line(r: &Rating) -> String {
    let streak = match r.streak {
        0 => String::new(),
        n if n > 0 => format!(" · streak: {n} win{}", if n == 1 { "" } else { "s" }),
        n => format!(" · streak: {} loss{}", -n, if n == -1 { "" } else { "es" }),
    };
    format!("{} won · {} lost · {} drawn{streak}", r.wins, r.losses, r.draws)
}

fn score_of(r: &Rating) -> String {
    format!("{}–{}–{}", r.wins, r.losses, r.draws)
}

fn score(r: &Record) -> String {
    format!("{}–{}–{}", r.wins, r.losses, r.draws)
}

fn records(rs: &[Record], name: impl Fn(&str) -> String) -> String {
    rs.iter().map(|r| format!("{} {}", name(&r.key), score(r))).collect::<Vec<_>>().join(" · ")
}

/// "1500 → 1662 (+162)".
pub fn change_text(before: f64, after: f64, line: Option<&str>) -> String {
    let delta = after - before;
    match line {
        Some("multi") => format!("{before:.1} → {after:.1} ({delta:+.1})"),
        _ => format!("{before:.0} → {after:.0} ({:+.0})", after.round() - before.round()),
    }
}

/// A match's length in days: "under a day", "1 day", "3 days".
pub fn days_text(seconds: i64) -> String {
    match seconds.max(0) / 86_400 {
        0 => "under a day".to_owned(),
        1 => "1 day".to_owned(),
        d => format!("{d} days"),
    }
}

fn ago_text(seconds: i64) -> String {
    match seconds.max(0) {
        s if s < 3600 => "ended just now".to_owned(),
        s if s < 86_400 => format!("ended {}h ago", s / 3600),
        s => format!("ended {}d ago", s / 86_400),
    }
}
