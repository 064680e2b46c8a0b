//! Players' ratings: what one finished match changes, computed by the
//! `skillratings` crate. Pure: no I/O, no clock, no database; the store
//! calls [`assess`] inside the transaction that records the match's end,
//! and again, match by match in the same order, when the ratings are
//! rebuilt (`cardtable ratings rebuild`), so the two always agree.
//!
//! - Two players: Glicko-2 (1500 ± 350 to start), one rating per server,
//!   game and *line* ([`Line::Duel`]).
//! - Three or more (Spheres' 3–6 lords, teams; Athernum's 3–4): Weng-Lin
//!   (OpenSkill, 25 ± 8.3 to start), a separate line ([`Line::Multi`]):
//!   every seat is ranked on its own, the winners (a team, or one lord)
//!   first and everybody else tied second.
//! - A match against the computer is not rated: the computer is one
//!   opponent shared by everyone, at levels whose strength moves with
//!   every change to its search, so a rating against it would measure the
//!   program rather than the player, and easy wins against it would lift
//!   anyone up the server's ladder. It is kept in the history and counted
//!   on its own line of `/stats`.
//! - A match in which some player never made a move (a concession or a
//!   deadline before they acted) changes nothing.
//! - A best of 3 is one match, so it is rated once, when the series ends.
//!
//! ```
//! use cardtable::ratings::{assess, FinishedMatch, FinishedSeat, Line};
//! let m = FinishedMatch {
//!     match_id: 1,
//!     guild: "g".into(),
//!     game: "spheres".into(),
//!     outcome: Some(r#"{"winners":[0],"reason":"Bob's fortress fell"}"#.into()),
//!     seats: vec![
//!         FinishedSeat { seat: 0, user_id: "alice".into(), deck_name: "Red".into(), moved: true },
//!         FinishedSeat { seat: 1, user_id: "bob".into(), deck_name: "Blue".into(), moved: true },
//!     ],
//! };
//! let a = assess(&m, &[]);
//! let alice = a.ratings.iter().find(|r| r.user_id == "alice").unwrap();
//! assert_eq!((alice.line, alice.rating.round()), (Line::Duel, 1662.0));
//! ```

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::engine::Outcome;

/// The start of every seat id the computer plays under (`ai:hard`); see
/// `table::computer`.
pub const COMPUTER_SEAT_PREFIX: &str = "ai:";

/// Rated matches a player needs on a line before their rating stops being
/// provisional (shown with a `?`, listed after the others).
pub const PROVISIONAL_MATCHES: i64 = 5;

/// The log entry kinds (`match_actions.action`'s `by`) that are a move a
/// player made themselves: a click, or a standing order they gave.
pub const MOVE_ENTRIES: &[&str] = &["player", "order"];

/// Which rating a match counts for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Line {
    /// Two players: Glicko-2.
    Duel,
    /// Three or more: Weng-Lin.
    Multi,
}

impl Line {
    /// The key stored in the database.
    pub fn key(self) -> &'static str {
        match self {
            Line::Duel => "duel",
            Line::Multi => "multi",
        }
    }

    /// The line with this key.
    pub fn parse(key: &str) -> Option<Line> {
        match key {
            "duel" => Some(Line::Duel),
            "multi" => Some(Line::Multi),
            _ => None,
        }
    }

    /// A new player's rating on this line: (rating, deviation, volatility).
    pub fn start(self) -> (f64, f64, f64) {
        match self {
            Line::Duel => {
                let r = Glicko2Rating::new();
                (r.rating, r.deviation, r.volatility)
            }
            Line::Multi => {
                let r = WengLinRating::new();
                (r.rating, r.uncertainty, 0.0)
            }
        }
    }
}

/// Why a finished match changes no rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unrated {
    /// The computer sat at it.
    Computer,
    /// Some player never made a move.
    Abandoned,
    /// Its stored outcome could not be read.
    Unreadable,
    /// A server moderator ended it (`/end-match`).
    Ended,
}

impl Unrated {
    /// The key stored in the database.
    pub fn key(self) -> &'static str {
        match self {
            Unrated::Computer => "computer",
            Unrated::Abandoned => "abandoned",
            Unrated::Unreadable => "unreadable",
            Unrated::Ended => "ended",
        }
    }

    /// The reason with this key.
    pub fn parse(key: &str) -> Option<Unrated> {
        match key {
            "computer" => Some(Unrated::Computer),
            "abandoned" => Some(Unrated::Abandoned),
            "unreadable" => Some(Unrated::Unreadable),
            "ended" => Some(Unrated::Ended),
            _ => None,
        }
    }
}

/// A match that has just ended, as the store hands it over.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedMatch {
    /// The match.
    pub match_id: i64,
    /// Its server ("" outside one: the console, direct messages).
    pub guild: String,
    /// Game id.
    pub game: String,
    /// The stored outcome (JSON of [`crate::engine::Outcome`]).
    pub outcome: Option<String>,
    /// Who sat where, in seat order.
    pub seats: Vec<FinishedSeat>,
}

/// One seat of a finished match.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedSeat {
    /// Seat number.
    pub seat: i64,
    /// Who sat there (`ai:<level>` for the computer).
    pub user_id: String,
    /// The deck they brought.
    pub deck_name: String,
    /// Whether they made at least one move themselves.
    pub moved: bool,
}

/// A player's rating on one line of one server and game.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// Server ("" outside one).
    pub guild: String,
    /// Game id.
    pub game: String,
    /// The line.
    pub line: Line,
    /// The player.
    pub user_id: String,
    /// Glicko-2 rating, or Weng-Lin's mu.
    pub rating: f64,
    /// Glicko-2 deviation, or Weng-Lin's sigma.
    pub deviation: f64,
    /// Glicko-2 volatility (0 for Weng-Lin).
    pub volatility: f64,
    /// Rated matches.
    pub matches: i64,
    /// Rated wins.
    pub wins: i64,
    /// Rated losses.
    pub losses: i64,
    /// Rated draws.
    pub draws: i64,
    /// Current run: +n after n wins in a row, -n after n losses, 0 after a draw.
    pub streak: i64,
}

impl Rating {
    /// Whether the rating still rests on too few matches.
    pub fn provisional(&self) -> bool {
        self.matches < PROVISIONAL_MATCHES
    }

    fn fresh(m: &FinishedMatch, line: Line, user_id: &str) -> Rating {
        let (rating, deviation, volatility) = line.start();
        Rating {
            guild: m.guild.clone(),
            game: m.game.clone(),
            line,
            user_id: user_id.to_owned(),
            rating,
            deviation,
            volatility,
            matches: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            streak: 0,
        }
    }
}

/// How a match ended for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchResult {
    /// Won (alone or with the team).
    Win,
    /// Lost.
    Loss,
    /// Nobody won.
    Draw,
}

impl MatchResult {
    /// The key stored in the database.
    pub fn key(self) -> &'static str {
        match self {
            MatchResult::Win => "win",
            MatchResult::Loss => "loss",
            MatchResult::Draw => "draw",
        }
    }

    /// The result with this key.
    pub fn parse(key: &str) -> Option<MatchResult> {
        match key {
            "win" => Some(MatchResult::Win),
            "loss" => Some(MatchResult::Loss),
            "draw" => Some(MatchResult::Draw),
            _ => None,
        }
    }
}

/// One player's line of a finished match: the history, and what the
/// match did to their rating.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerResult {
    /// Seat number.
    pub seat: i64,
    /// The player.
    pub user_id: String,
    /// Their deck.
    pub deck_name: String,
    /// The others at the table, comma-separated, in seat order.
    pub opponents: String,
    /// How it ended for them; `None` when the outcome is unreadable.
    pub result: Option<MatchResult>,
    /// The line it was rated on, or why it was not.
    pub rated: Result<Line, Unrated>,
    /// Rating before and after (rated matches only).
    pub change: Option<(f64, f64)>,
}

/// Everything one finished match changes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Assessment {
    /// One line per seat.
    pub results: Vec<PlayerResult>,
    /// The new ratings of the rated players (none when unrated).
    pub ratings: Vec<Rating>,
}

/// What match `m` changes, given the current ratings of its players
/// (`current`: any lines of theirs; missing ones start fresh).
pub fn assess(m: &FinishedMatch, current: &[Rating]) -> Assessment {
    let outcome: Option<Outcome> = m.outcome.as_deref().and_then(|o| serde_json::from_str(o).ok());
    let result_of = |seat: i64| {
        let o = outcome.as_ref()?;
        Some(if o.winners.is_empty() {
            MatchResult::Draw
        } else if o.winners.iter().any(|w| i64::from(w.0) == seat) {
            MatchResult::Win
        } else {
            MatchResult::Loss
        })
    };
    let line = if m.seats.len() > 2 { Line::Multi } else { Line::Duel };
    let rated = if outcome.is_none() {
        Err(Unrated::Unreadable)
    } else if m.seats.iter().any(|s| s.user_id.starts_with(COMPUTER_SEAT_PREFIX)) {
        Err(Unrated::Computer)
    } else if m.seats.iter().any(|s| !s.moved) || m.seats.len() < 2 {
        Err(Unrated::Abandoned)
    } else {
        Ok(line)
    };
    let before: Vec<Rating> = m
        .seats
        .iter()
        .map(|s| {
            current
                .iter()
                .find(|r| r.user_id == s.user_id && r.line == line)
                .cloned()
                .unwrap_or_else(|| Rating::fresh(m, line, &s.user_id))
        })
        .collect();
    let results: Vec<Option<MatchResult>> = m.seats.iter().map(|s| result_of(s.seat)).collect();
    let after = match rated {
        Ok(Line::Duel) => Some(rate_duel(&before, &results)),
        Ok(Line::Multi) => Some(rate_multi(&before, &results)),
        Err(_) => None,
    };
    let mut assessment = Assessment::default();
    for (i, s) in m.seats.iter().enumerate() {
        let opponents: Vec<&str> =
            m.seats.iter().filter(|o| o.seat != s.seat).map(|o| o.user_id.as_str()).collect();
        let change = after.as_ref().map(|a| (before[i].rating, a[i].rating));
        assessment.results.push(PlayerResult {
            seat: s.seat,
            user_id: s.user_id.clone(),
            deck_name: s.deck_name.clone(),
            opponents: opponents.join(","),
            result: results[i],
            rated,
            change,
        });
    }
    if let Some(after) = after {
        assessment.ratings = after;
    }
    assessment
}

/// Counts the result and moves the streak.
fn tally(r: &mut Rating, result: MatchResult) {
    r.matches += 1;
    match result {
        MatchResult::Win => {
            r.wins += 1;
            r.streak = r.streak.max(0) + 1;
        }
        MatchResult::Loss => {
            r.losses += 1;
            r.streak = r.streak.min(0) - 1;
        }
        MatchResult::Draw => {
            r.draws += 1;
            r.streak = 0;
        }
    }
}

fn rate_duel(before: &[Rating], results: &[Option<MatchResult>]) -> Vec<Rating> {
    let g = |r: &Rating| Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
    let outcome = match results[0] {
        Some(MatchResult::Win) => Outcomes::WIN,
        Some(MatchResult::Loss) => Outcomes::LOSS,
        _ => Outcomes::DRAW,
    };
    let (one, two) = glicko2(&g(&before[0]), &g(&before[1]), &outcome, &Glicko2Config::new());
    [one, two]
        .iter()
        .zip(before)
        .zip(results)
        .map(|((new, old), result)| {
            let mut r = old.clone();
            (r.rating, r.deviation, r.volatility) = (new.rating, new.deviation, new.volatility);
            tally(&mut r, result.unwrap_or(MatchResult::Draw));
            r
        })
        .collect()
}

/// Weng-Lin for players each on their own, by place (1 first; equal
/// places tie): their new (rating, uncertainty), in the same order.
pub fn weng_lin_places(players: &[(f64, f64)], places: &[usize]) -> Vec<(f64, f64)> {
    let teams: Vec<[WengLinRating; 1]> =
        players.iter().map(|&(rating, uncertainty)| [WengLinRating { rating, uncertainty }]).collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> =
        teams.iter().zip(places).map(|(t, &place)| (&t[..], MultiTeamOutcome::new(place))).collect();
    weng_lin_multi_team(&ranked, &WengLinConfig::new())
        .iter()
        .map(|t| (t[0].rating, t[0].uncertainty))
        .collect()
}

fn rate_multi(before: &[Rating], results: &[Option<MatchResult>]) -> Vec<Rating> {
    let players: Vec<(f64, f64)> = before.iter().map(|r| (r.rating, r.deviation)).collect();
    // The winners (one lord, or a team) first; everyone else tied second.
    let places: Vec<usize> =
        results.iter().map(|r| if r == &Some(MatchResult::Loss) { 2 } else { 1 }).collect();
    weng_lin_places(&players, &places)
        .into_iter()
        .zip(before)
        .zip(results)
        .map(|((new, old), result)| {
            let mut r = old.clone();
            (r.rating, r.deviation) = new;
            tally(&mut r, result.unwrap_or(MatchResult::Draw));
            r
        })
        .collect()
}
