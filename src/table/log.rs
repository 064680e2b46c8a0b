//! The action log as the table writes it, and replaying it.
//!
//! A match is its setup plus its log: [`replay`] re-runs `setup` and every
//! entry, which rebuilds a damaged snapshot, recomputes the private news a
//! seat has not seen yet, and checks a stored snapshot (`cardtable replay`).

use serde::{Deserialize, Serialize};

use crate::engine::{Event, Illegal, MatchSetup, Outcome, Seat};
use crate::games::{AnyAction, AnyState, GameId, Library};
use crate::store::ActionRow;

/// One entry of `match_actions.action`: what was applied and who decided it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "lowercase")]
pub enum LogEntry {
    /// A player chose this action (a click or select).
    Player {
        /// The action.
        action: AnyAction,
    },
    /// The table applied the only legal answer by itself.
    Autopilot {
        /// The action.
        action: AnyAction,
    },
    /// A further action of the same click (the declines of *End turn* or
    /// of a move ahead, and the move itself): the click is the commit's
    /// first entry, a `Player` one.
    Then {
        /// The action.
        action: AnyAction,
    },
    /// The table answered by a standing order the player gave.
    Order {
        /// The action.
        action: AnyAction,
        /// The order's key.
        order: String,
    },
    /// The seat conceded.
    Concede,
    /// The seat's deadline passed and an opponent claimed the win.
    Forfeit,
    /// The match time limit was reached (the table's clock, not a
    /// player, decided it; the seat is the first seat and means nothing).
    Time,
}

impl LogEntry {
    /// The action it applies, if it applies one (not a concession, a
    /// claimed deadline or a time call).
    pub fn action(&self) -> Option<&AnyAction> {
        match self {
            LogEntry::Player { action }
            | LogEntry::Then { action }
            | LogEntry::Autopilot { action }
            | LogEntry::Order { action, .. } => Some(action),
            LogEntry::Concede | LogEntry::Forfeit | LogEntry::Time => None,
        }
    }

    /// Applies the entry for `seat`.
    pub fn apply(&self, state: &mut AnyState, seat: Seat) -> Result<Vec<Event>, Illegal> {
        match self {
            LogEntry::Player { action }
            | LogEntry::Then { action }
            | LogEntry::Autopilot { action }
            | LogEntry::Order { action, .. } => state.apply(seat, action),
            LogEntry::Concede | LogEntry::Forfeit => Ok(state.concede(seat)),
            LogEntry::Time => Ok(state.call_time()),
        }
    }

    /// Whether the entry opens a commit (everything but autopilot does).
    pub fn starts_commit(&self) -> bool {
        !matches!(self, LogEntry::Autopilot { .. } | LogEntry::Order { .. } | LogEntry::Then { .. })
    }
}

/// One applied entry with what it produced.
#[derive(Debug, Clone)]
pub struct Step {
    /// Seat it was applied for.
    pub seat: Seat,
    /// What was applied.
    pub entry: LogEntry,
    /// What happened.
    pub events: Vec<Event>,
}

/// A match re-run from its setup and log.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The state after every entry.
    pub state: AnyState,
    /// Every entry in order, with its events (index + 1 = seq).
    pub steps: Vec<Step>,
}

impl Replayed {
    /// Private events for `seat` that it has not been shown: those of the
    /// commits after its own last commit (the events of its own commits
    /// were shown to it when it clicked).
    pub fn news_for(&self, seat: Seat) -> Vec<String> {
        // A time call is logged under the first seat, but no player made it.
        let own_start = self
            .steps
            .iter()
            .rposition(|s| s.entry.starts_commit() && s.seat == seat && s.entry != LogEntry::Time);
        let from = match own_start {
            Some(i) => self
                .steps
                .iter()
                .skip(i + 1)
                .position(|s| s.entry.starts_commit())
                .map_or(self.steps.len(), |j| i + 1 + j),
            None => 0,
        };
        self.steps[from..]
            .iter()
            .flat_map(|s| &s.events)
            .filter(|e| e.to == crate::engine::Visibility::Only(seat))
            .map(|e| e.text.clone())
            .collect()
    }

    /// Public events of the last commit (what the latest board reported).
    pub fn last_public_events(&self) -> Vec<String> {
        let from = self.steps.iter().rposition(|s| s.entry.starts_commit()).unwrap_or(0);
        self.steps[from..]
            .iter()
            .flat_map(|s| &s.events)
            .filter(|e| e.visible_to(None))
            .map(|e| e.text.clone())
            .collect()
    }
}

/// Re-runs a match: setup, then every logged entry in seq order.
pub fn replay(
    library: &Library,
    game: GameId,
    setup: &MatchSetup,
    log: &[ActionRow],
) -> Result<Replayed, String> {
    let mut state = AnyState::setup(game, setup, library).map_err(|e| format!("setup failed: {e}"))?;
    let mut steps = Vec::with_capacity(log.len());
    for (i, row) in log.iter().enumerate() {
        let expected_seq = i as i64 + 1;
        if row.seq != expected_seq {
            return Err(format!("the log jumps from seq {} to {}", expected_seq - 1, row.seq));
        }
        let entry: LogEntry = serde_json::from_str(&row.action)
            .map_err(|e| format!("action {} is unreadable: {e}", row.seq))?;
        let seat =
            Seat(u8::try_from(row.seat).map_err(|_| format!("action {} has seat {}", row.seq, row.seat))?);
        let events = entry
            .apply(&mut state, seat)
            .map_err(|e| format!("action {} is illegal on replay: {e}", row.seq))?;
        steps.push(Step { seat, entry, events });
    }
    Ok(Replayed { state, steps })
}

/// What a finished match's file holds (`/history match:`), and what
/// `cardtable replay --file` reads: the setup, every log entry, and the
/// final state to compare the replay with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// [`MATCH_RECORD_FORMAT`].
    pub format: String,
    /// The match number.
    pub match_id: i64,
    /// Game id.
    pub game: String,
    /// The setup (seed, seats, decks), as stored.
    pub setup: serde_json::Value,
    /// The log, in order.
    pub actions: Vec<RecordedAction>,
    /// The state at the end, as stored.
    pub state: serde_json::Value,
    /// How it ended.
    pub outcome: Option<Outcome>,
    /// The hints its players asked for (matches against the computer);
    /// none in a file made before hints, or without them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<RecordedHint>,
}

/// A hint a player asked the computer for (see [`MatchRecord::hints`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedHint {
    /// The seat that asked.
    pub seat: i64,
    /// The match version it was asked at: the decision after entry `version` of the log.
    pub version: i64,
    /// When (unix seconds).
    pub at: i64,
}

/// The format name a match file starts with.
pub const MATCH_RECORD_FORMAT: &str = "cardtable-match/1";

/// One entry of a [`MatchRecord`]'s log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// 1, 2, 3, …
    pub seq: i64,
    /// The seat it was applied for.
    pub seat: i64,
    /// The [`LogEntry`].
    pub action: serde_json::Value,
    /// When (unix seconds).
    pub at: i64,
}

impl MatchRecord {
    /// The log as the store keeps it.
    pub fn action_rows(&self) -> Vec<ActionRow> {
        self.actions
            .iter()
            .map(|a| ActionRow {
                match_id: self.match_id,
                seq: a.seq,
                seat: a.seat,
                action: a.action.to_string(),
                at: a.at,
            })
            .collect()
    }
}

/// What `cardtable replay` reports about one match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayReport {
    /// The match.
    pub match_id: i64,
    /// Its game.
    pub game: String,
    /// Its stored version.
    pub version: i64,
    /// Entries in its log.
    pub actions: usize,
    /// True when the replayed state equals the stored snapshot.
    pub snapshot_matches: bool,
    /// Where they first differ, or why the replay failed.
    pub difference: Option<String>,
    /// The replayed outcome, if the game is over.
    pub outcome: Option<Outcome>,
}

impl std::fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "match {} ({}): {} actions, version {}: ",
            self.match_id, self.game, self.actions, self.version
        )?;
        if self.snapshot_matches {
            write!(f, "replay matches the stored snapshot")?;
        } else {
            write!(f, "MISMATCH: {}", self.difference.as_deref().unwrap_or("unknown"))?;
        }
        if let Some(o) = &self.outcome {
            write!(f, "; outcome: {}", o.reason)?;
        }
        Ok(())
    }
}

/// The first path at which two JSON values differ, if any.
pub fn first_difference(a: &serde_json::Value, b: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => first_difference(p, q).map(|d| format!(".{k}{d}")),
                _ => Some(format!(".{k} (present on one side only)")),
            })
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Some(format!(" (length {} vs {})", x.len(), y.len()));
            }
            x.iter()
                .zip(y)
                .enumerate()
                .find_map(|(i, (p, q))| first_difference(p, q).map(|d| format!("[{i}]{d}")))
        }
        _ if a == b => None,
        _ => Some(format!(" ({} vs {})", short(a), short(b))),
    }
}

fn short(v: &serde_json::Value) -> String {
    crate::view::truncate(&v.to_string(), 60)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn first_difference_names_the_path() {
        let a = json!({"a": [1, {"b": 2}], "c": 3});
        let b = json!({"a": [1, {"b": 5}], "c": 3});
        assert_eq!(first_difference(&a, &b).as_deref(), Some(".a[1].b (2 vs 5)"));
        assert_eq!(first_difference(&a, &a), None);
    }

    #[test]
    fn log_entries_are_tagged_by_who_decided() {
        assert_eq!(serde_json::to_string(&LogEntry::Concede).unwrap(), r#"{"by":"concede"}"#);
    }
}

/// The move that turned a finished match: the player's decision after
/// which the game's own judgement of the winner's chances rose the most
/// (the AI's evaluation, the same one its search uses).
#[derive(Debug, Clone, PartialEq)]
pub struct TurningPoint {
    /// The log entry's seq (1, 2, 3, …).
    pub seq: i64,
    /// Who decided it.
    pub seat: Seat,
    /// The turn it was decided in, when the game counts turns.
    pub turn: Option<u32>,
    /// The move, as its button read.
    pub label: String,
    /// The winner's estimated chances before and after it, 0 to 1.
    pub before: f64,
    /// See `before`.
    pub after: f64,
}

/// What a finished match's log tells once re-run: how many turns it
/// lasted and its [`TurningPoint`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Story {
    /// The number of the last turn played, when the game counts turns.
    pub turns: Option<u32>,
    /// The move that turned it, judged for the winner.
    pub turning_point: Option<TurningPoint>,
}

/// The [`Story`] of a match, its turning point judged for `winner` (none
/// in a game without an evaluation, or when no decision raised the
/// winner's chances). Decisions are clicks, standing orders and the
/// table's only answers; a pass, a decline and a click's further entries
/// belong to the decision before them (the Stack resolving after a pass
/// is the doing of the spell cast, not of the pass). A concession, a
/// claimed deadline, a time call and the move that ends the match are
/// not turning points. `None` when the log does not replay.
pub fn story(
    library: &Library,
    game: GameId,
    setup: &MatchSetup,
    log: &[ActionRow],
    winner: Seat,
) -> Option<Story> {
    let mut state = AnyState::setup(game, setup, library).ok()?;
    let mut turns = None;
    let mut chances = state.evaluate(winner);
    let mut best: Option<TurningPoint> = None;
    let mut keep = |open: Option<TurningPoint>| {
        let Some(open) = open else { return };
        let rise = open.after - open.before;
        if rise > 0.0 && best.as_ref().is_none_or(|b| rise > b.after - b.before) {
            best = Some(open);
        }
    };
    // The decision being measured, with the entries that belong to it.
    let mut open: Option<TurningPoint> = None;
    for row in log {
        let entry: LogEntry = serde_json::from_str(&row.action).ok()?;
        let seat = Seat(u8::try_from(row.seat).ok()?);
        turns = state.turn().map(|t| t.number).or(turns);
        let decision = match &entry {
            LogEntry::Player { action } | LogEntry::Order { action, .. } | LogEntry::Autopilot { action } => {
                Some(action).filter(|a| state.decline(seat).as_ref() != Some(*a))
            }
            LogEntry::Then { .. } | LogEntry::Concede | LogEntry::Forfeit | LogEntry::Time => None,
        };
        let joins =
            matches!(entry, LogEntry::Then { .. }) || (decision.is_none() && entry.action().is_some());
        if !joins {
            keep(open.take());
        }
        if let (Some(action), Some(now)) = (decision, chances) {
            open = Some(TurningPoint {
                seq: row.seq,
                seat,
                turn: state.turn().map(|t| t.number),
                label: state.describe(seat, action).label,
                before: now,
                after: now,
            });
        }
        entry.apply(&mut state, seat).ok()?;
        if state.outcome().is_some() {
            open = None;
            break;
        }
        chances = state.evaluate(winner);
        if let (Some(open), Some(now)) = (open.as_mut(), chances) {
            open.after = now;
        }
    }
    keep(open);
    Some(Story { turns, turning_point: best })
}
