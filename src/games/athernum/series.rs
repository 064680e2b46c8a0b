//! The match around the games (11.1): a best of 3, played as games one
//! after another in the same match, and the match time limit.
//!
//! Both are challenge options carried in [`MatchSetup`]. A best of 3
//! keeps its score here and, when a game ends short of deciding the
//! match, replaces the state with a fresh setup of the same decks (new
//! secret main characters, new shuffles, six new cards). The time limit is
//! wall-clock time the table watches: when it is reached the table logs a
//! time call ([`call_time`]), and from then on each turn boundary asks
//! [`turn_begins`] whether the extra turns are over and Victory Tokens
//! decide. The decisions are in `docs/rulings/athernum.md` (11.1).

use serde::{Deserialize, Serialize};

use super::setup;
use super::state::State;
use crate::engine::{duration_text, Event, MatchSetup, Outcome, Seat, SetupError, TableView};

/// The series a challenge may ask for: best of 3 (11.1.0).
pub const BEST_OF: &[u8] = &[3];

/// The match around the games: its score, and the time limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Series {
    /// Games the match is the best of (1: a single game).
    pub best_of: u8,
    /// The game under way, from 1.
    pub game: u8,
    /// Games won by each seat, by seat number.
    pub wins: Vec<u8>,
    /// How each finished game ended, in order.
    pub results: Vec<Outcome>,
    /// The match's setup, from which each later game is set up (a best of
    /// 3 only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<MatchSetup>,
    /// The time limit in seconds, as the challenge set it (for the board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit: Option<u64>,
    /// Set once time was called.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<TimeCalled>,
    /// The seat that conceded the match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded: Option<Seat>,
    /// Turns played in the earlier games: the table numbers turns across
    /// the whole match, so a standing order given for "this turn" of one
    /// game never holds in a turn of the same number in the next.
    #[serde(default)]
    pub turns_before: u32,
}

/// Time was called (11.1.4–11.1.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeCalled {
    /// The turn under way when time was called (0: before the game's
    /// first turn, while main characters were being chosen).
    pub at_turn: u32,
    /// Players still to take their extra turn.
    pub owed: Vec<Seat>,
}

/// Checks the match options of `m` and starts the series record of a
/// new match (none when the match uses neither option).
pub fn begin(m: &MatchSetup, s: &mut State) -> Result<(), SetupError> {
    let best_of = match m.best_of {
        None | Some(1) => 1,
        Some(n) if BEST_OF.contains(&n) => n,
        Some(n) => {
            return Err(SetupError::Invalid(format!(
                "Athernum plays a single game or a best of 3, not a best of {n}"
            )))
        }
    };
    if best_of > 1 && s.players.len() != 2 {
        return Err(SetupError::Invalid(format!(
            "a best of 3 is a match between two players (11.1); this one seats {}",
            s.players.len()
        )));
    }
    if m.time_limit == Some(0) {
        return Err(SetupError::Invalid("a time limit must be longer than nothing".into()));
    }
    if best_of == 1 && m.time_limit.is_none() {
        return Ok(());
    }
    s.series = Some(Series {
        best_of,
        game: 1,
        wins: vec![0; s.players.len()],
        results: Vec::new(),
        setup: (best_of > 1).then(|| m.clone()),
        time_limit: m.time_limit,
        time: None,
        conceded: None,
        turns_before: 0,
    });
    Ok(())
}

/// `seat` is about to concede: in a best of 3 that concedes the match.
pub fn concede(s: &mut State, seat: Seat) {
    let over = s.outcome.is_some();
    if let Some(series) = s.series.as_mut().filter(|x| x.best_of > 1 && !over) {
        series.conceded = Some(seat);
    }
}

/// After an action or a concession: when the game just ended in a best
/// of 3, counts it, and either ends the match or sets the next game up.
pub fn after(s: &mut State, ev: &mut Vec<Event>) {
    let Some(outcome) = s.outcome.clone() else { return };
    let Some(series) = s.series.as_mut() else { return };
    if series.best_of <= 1 || series.results.len() >= usize::from(series.game) {
        return;
    }
    // A game won by several players at once (two objectives fulfilled
    // together) counts as a draw, like a drawn game.
    if let [w] = outcome.winners.as_slice() {
        series.wins[w.index()] += 1;
    }
    series.results.push(outcome.clone());
    let names: Vec<String> = s.players.values().map(|p| p.name.clone()).collect();
    let series = s.series.as_ref().expect("checked above");
    let score = score_text(series, &names);
    let game_line = game_line(series.game, &outcome, &names);
    let need = series.best_of / 2 + 1;
    let decided = series.conceded.is_some()
        || series.time.is_some()
        || series.wins.iter().any(|w| *w >= need)
        || series.game >= series.best_of;
    if decided {
        let result = match_outcome(series, &names, &outcome);
        ev.push(Event::public(format!("{game_line} {score}.")));
        s.outcome = Some(result);
        return;
    }
    let next = series.game + 1;
    ev.push(Event::public(format!(
        "{game_line} {score}. Game {next} of {}: choose your main characters again, in secret.",
        series.best_of
    )));
    let mut m = series.setup.clone().expect("a best of 3 keeps its setup");
    m.seed = m.seed.wrapping_add(u64::from(next).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let db = s.db.arc();
    let mut fresh = setup::setup(&m, &db).expect("the decks passed the same setup in game 1");
    let mut series = s.series.take().expect("checked above");
    series.game = next;
    series.turns_before += s.turn;
    fresh.series = Some(series);
    *s = fresh;
}

/// The number of the turn under way counted across every game of the
/// match (the rules count each game's turns from 1).
pub fn match_turn(s: &State) -> u32 {
    s.turn + s.series.as_ref().map_or(0, |x| x.turns_before)
}

/// The match result of a best of 3 whose last game ended with `last`.
fn match_outcome(series: &Series, names: &[String], last: &Outcome) -> Outcome {
    let score = score_text(series, names);
    if let Some(loser) = series.conceded {
        let winners: Vec<Seat> = (0..names.len()).map(|i| Seat(i as u8)).filter(|w| *w != loser).collect();
        return Outcome {
            winners,
            reason: format!("{} conceded the match in game {} ({score})", names[loser.index()], series.game),
        };
    }
    // Time called (11.1.6, 11.1.7): the game under way decides the match,
    // whatever games were won before it: its Victory Token leader after the
    // extra turns (or its winner, when it ended by the ordinary rules
    // during them) wins the match; a tie is a drawn match. Otherwise the
    // games won decide it (11.1.0).
    let top: Vec<Seat> = if series.time.is_some() {
        last.winners.clone()
    } else {
        let most = series.wins.iter().copied().max().unwrap_or(0);
        (0..names.len()).filter(|i| series.wins[*i] == most).map(|i| Seat(i as u8)).collect()
    };
    let how = if series.time.is_some() {
        format!("time was called in game {}, which decides the match: {}", series.game, last.reason)
    } else {
        format!("game {}: {}", series.game, last.reason)
    };
    match top.as_slice() {
        [w] => Outcome {
            winners: vec![*w],
            reason: format!("{} wins the best of {}, {score} ({how})", names[w.index()], series.best_of),
        },
        _ => Outcome {
            winners: Vec::new(),
            reason: format!("the best of {} is drawn, {score} ({how})", series.best_of),
        },
    }
}

/// "Alice 1 – Bob 0" (draws added when there were any).
fn score_text(series: &Series, names: &[String]) -> String {
    let wins: Vec<String> = names.iter().zip(&series.wins).map(|(n, w)| format!("{n} {w}")).collect();
    let draws = series.results.iter().filter(|o| o.winners.len() != 1).count();
    match draws {
        0 => wins.join(" – "),
        1 => format!("{}, 1 draw", wins.join(" – ")),
        d => format!("{}, {d} draws", wins.join(" – ")),
    }
}

/// The table called time (11.1.3): the turn under way is completed, then
/// every player still in the game takes one more turn (11.1.4, 11.1.5).
pub fn call_time(s: &mut State) -> Vec<Event> {
    let Some(series) = s.series.as_mut() else { return Vec::new() };
    if series.time_limit.is_none() || series.time.is_some() || s.outcome.is_some() {
        return Vec::new();
    }
    let owed: Vec<Seat> = s.order.iter().copied().filter(|p| !s.players[*p].out).collect();
    let current = if s.turn > 0 { "this turn ends, then " } else { "" };
    series.time = Some(TimeCalled { at_turn: s.turn, owed });
    let limit = series.time_limit.map(duration_text).unwrap_or_default();
    vec![Event::public(format!(
        "⏱ Time is up (the match's {limit} limit): {current}one more turn each, then the most \
         Victory Tokens win (11.1.4–11.1.6)."
    ))]
}

/// A turn is about to begin (a turn boundary). Once time was called,
/// the turn that just ended settles the extra turns; when none is left,
/// Victory Tokens decide the game (11.1.6, 11.1.7) and true is returned:
/// no turn begins.
pub fn turn_begins(s: &mut State, ev: &mut Vec<Event>) -> bool {
    let (turn, active) = (s.turn, s.active);
    let out: Vec<Seat> = s.players.iter().filter(|(_, p)| p.out).map(|(x, _)| x).collect();
    let Some(time) = s.series.as_mut().and_then(|x| x.time.as_mut()) else { return false };
    if turn > time.at_turn {
        time.owed.retain(|p| *p != active);
    }
    time.owed.retain(|p| !out.contains(p));
    if !time.owed.is_empty() {
        return false;
    }
    let alive = s.alive();
    let most = alive.iter().map(|p| s.victory_of(*p)).max().unwrap_or(0);
    let top: Vec<Seat> = alive.iter().copied().filter(|p| s.victory_of(*p) == most).collect();
    let tally: Vec<String> =
        alive.iter().map(|p| format!("{} {}", s.players[*p].name, s.victory_of(*p))).collect();
    let tally = tally.join(", ");
    let outcome = if top.len() == alive.len() {
        Outcome { winners: Vec::new(), reason: format!("time: Victory Tokens are tied ({tally}), a draw") }
    } else {
        let names: Vec<String> = top.iter().map(|p| s.players[*p].name.clone()).collect();
        Outcome {
            reason: format!("time: {} holds the most Victory Tokens ({tally})", names.join(" and ")),
            winners: top,
        }
    };
    ev.push(Event::public(format!("⏱ The extra turns are over; {}.", outcome.reason)));
    s.outcome = Some(outcome);
    true
}

/// Turns still to be played once time was called (the current one
/// included), or `None` before.
pub fn turns_left(s: &State) -> Option<usize> {
    let time = s.series.as_ref()?.time.as_ref()?;
    let current = usize::from(s.turn > 0 && s.turn == time.at_turn);
    Some(time.owed.len() + current)
}

/// Adds the match around the game to the view: which game of the best of
/// 3 this is and the score, the time limit, and once time is up how many
/// turns remain.
pub fn annotate(s: &State, view: &mut TableView) {
    let Some(series) = &s.series else { return };
    let mut notes = Vec::new();
    // The score and the time limit are standing notes: said in a game's
    // first turn (the score changes only between games), not on every board.
    let first = s.turn <= 1;
    if series.best_of > 1 {
        view.headline = format!("Game {} of {} · {}", series.game, series.best_of, view.headline);
        let names: Vec<String> = s.players.values().map(|p| p.name.clone()).collect();
        if first {
            notes.push(format!("Best of {}: {}.", series.best_of, score_text(series, &names)));
            // How the last game ended, said with the score (its event may
            // be older than the rows a phone's board gives events).
            if let Some(last) = series.results.last() {
                notes.push(game_line(series.game - 1, last, &names));
            }
        }
    }
    match (series.time_limit, turns_left(s)) {
        _ if s.outcome.is_some() => {}
        (Some(limit), None) if first => {
            notes.push(format!("Match time limit: {}, then Victory Tokens decide.", duration_text(limit)))
        }
        (_, Some(n)) => {
            let turns = if n == 1 { "1 turn remains".to_owned() } else { format!("{n} turns remain") };
            notes.push(format!("⏱ Time is up: {turns}, then the most Victory Tokens win."));
        }
        _ => {}
    }
    notes.append(&mut view.notes);
    view.notes = notes;
}

/// "Game 1 goes to Alice (…)." or "Game 2 is drawn (…): it counts for nobody."
fn game_line(game: u8, outcome: &Outcome, names: &[String]) -> String {
    match outcome.winners.as_slice() {
        [w] => format!("Game {game} goes to {} ({}).", names[w.index()], outcome.reason),
        _ => format!("Game {game} is drawn ({}): it counts for nobody.", outcome.reason),
    }
}
