//! What the store keeps about one person, for `/privacy`: every row that
//! names them, table by table.

use serde_json::{Map, Value};
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{Column, Row, TypeInfo, ValueRef};

use super::servers::NOT_PAUSED;
use super::{run, with_reader, ChallengeRow, Store, StoreError};

/// Each part of what is kept about a person (`?1`: their id): its name in
/// the file, and the rows. Match states, setups and move logs are not
/// copied: they are the game, shared with the other players (a finished
/// match's record is `/history match:`), and name the person only by seat.
const PARTS: &[(&str, &str)] = &[
    ("account and settings", "SELECT * FROM users WHERE id = ?1"),
    ("saved decks", "SELECT game, name, cards, created_at FROM decks WHERE owner = ?1 ORDER BY game, name"),
    (
        "deck imports waiting for Replace it",
        "SELECT game, name, cards, created_at FROM deck_replacements WHERE owner = ?1 ORDER BY id",
    ),
    (
        "challenges",
        "SELECT c.id, c.game, c.status, c.guild, c.channel, c.thread, c.challenger = ?1 AS you_challenged,
                c.challenger_deck, c.created_at, c.match_id
         FROM challenges c
         WHERE c.challenger = ?1 OR c.opponent = ?1
            OR EXISTS (SELECT 1 FROM challenge_seats s WHERE s.challenge_id = c.id AND s.user_id = ?1)
         ORDER BY c.id",
    ),
    (
        "matches",
        "SELECT m.id, m.game, m.variant, m.status, m.guild, m.channel, m.thread, s.seat, s.deck_name,
                m.created_at, m.updated_at
         FROM match_seats s JOIN matches m ON m.id = s.match_id
         WHERE s.user_id = ?1 ORDER BY m.id",
    ),
    (
        "results",
        "SELECT match_id, guild, game, deck_name, opponents, result, line, unrated, rating_before,
                rating_after, finished_at
         FROM player_results WHERE user_id = ?1 ORDER BY seq",
    ),
    ("ratings", "SELECT * FROM ratings WHERE user_id = ?1 ORDER BY guild, game, line"),
    (
        "records by deck and opponent",
        "SELECT guild, game, kind, heading, played, wins, losses, draws FROM player_records
         WHERE user_id = ?1 ORDER BY guild, game, kind, heading",
    ),
    ("board re-posts", "SELECT match_id, posted_at FROM board_reposts WHERE user_id = ?1 ORDER BY match_id"),
];

impl Store {
    /// Everything kept about `user`: for each part of [`PARTS`], in that
    /// order, its name and its rows (column name to value).
    pub async fn personal_data(
        &self,
        user: &str,
    ) -> Result<Vec<(String, Vec<Map<String, Value>>)>, StoreError> {
        let mut conn = self.reader().await?;
        let mut out = Vec::with_capacity(PARTS.len());
        for (part, sql) in PARTS {
            let rows = run!(conn.db(), |c, d| {
                let rows = sqlx::query(&d.sql(sql)).bind(user).fetch_all(c).await?;
                rows.iter().map(row_json).collect()
            });
            out.push(((*part).to_owned(), rows));
        }
        Ok(out)
    }
}

/// A row as a JSON object, each column as the database stored it (a
/// PostgreSQL flag as 0 or 1, as SQLite keeps it, so the file reads the
/// same on both).
fn row_json<R: Row + CellRow>(row: &R) -> Map<String, Value> {
    row.columns().iter().map(|c| (c.name().to_owned(), row.cell(c.ordinal()))).collect()
}

/// A row whose cells read as JSON.
trait CellRow {
    fn cell(&self, i: usize) -> Value;
}

impl CellRow for SqliteRow {
    fn cell(&self, i: usize) -> Value {
        let Ok(raw) = self.try_get_raw(i) else { return Value::Null };
        if raw.is_null() {
            return Value::Null;
        }
        match raw.type_info().name() {
            "INTEGER" | "BOOLEAN" => self.try_get::<i64, _>(i).map_or(Value::Null, Value::from),
            "REAL" => self.try_get::<f64, _>(i).map_or(Value::Null, Value::from),
            _ => self.try_get::<String, _>(i).map_or(Value::Null, Value::from),
        }
    }
}

impl CellRow for PgRow {
    fn cell(&self, i: usize) -> Value {
        let Ok(raw) = self.try_get_raw(i) else { return Value::Null };
        if raw.is_null() {
            return Value::Null;
        }
        match raw.type_info().name() {
            "INT8" => self.try_get::<i64, _>(i).map_or(Value::Null, Value::from),
            "INT4" => self.try_get::<i32, _>(i).map_or(Value::Null, Value::from),
            "BOOL" => self.try_get::<bool, _>(i).map_or(Value::Null, |b| Value::from(i64::from(b))),
            "FLOAT8" => self.try_get::<f64, _>(i).map_or(Value::Null, Value::from),
            // Text, and the status enums (sent as their label).
            _ => self.try_get_unchecked::<String, _>(i).map_or(Value::Null, Value::from),
        }
    }
}

/// A match rewritten for an erasure: its setup, state and outcome with the
/// person's name replaced (see `Table::erase_personal_data`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Anonymised {
    /// The match.
    pub match_id: i64,
    /// The setup, as JSON.
    pub setup: String,
    /// The state, as JSON.
    pub state: String,
    /// The outcome, as JSON, once finished.
    pub outcome: Option<String>,
}

/// Columns that hold a user id, re-keyed to the pseudonym on erasure, so
/// the others' records stay whole: `(table, column)`.
const USER_COLUMNS: &[(&str, &str)] = &[
    ("match_seats", "user_id"),
    ("challenges", "challenger"),
    ("challenges", "opponent"),
    ("challenge_seats", "user_id"),
    ("player_results", "user_id"),
    ("ratings", "user_id"),
    ("player_records", "user_id"),
    // The moderator who ended a match (/end-match).
    ("matches", "ended_by"),
];

/// Rows that are the person's alone, deleted on erasure: `(table, column)`.
const OWN_ROWS: &[(&str, &str)] =
    &[("decks", "owner"), ("deck_replacements", "owner"), ("board_reposts", "user_id"), ("users", "id")];

impl Store {
    /// Servers that removed the bot (their matches are paused).
    pub async fn departed_guilds(&self) -> Result<Vec<String>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_scalar(
            &d.sql("SELECT guild FROM departed_guilds ORDER BY guild")
        )
        .fetch_all(c)
        .await?))
    }

    /// Erases `user`, in one transaction: their open challenges are
    /// withdrawn (returned, so their posts lose their buttons); every match
    /// in `matches` takes its anonymised setup, state and outcome; every
    /// row that names them by id names `pseudonym` instead (a user called
    /// `placeholder`, with default settings); their decks, settings and
    /// re-post marks are deleted. Refused with [`StoreError::Conflict`]
    /// (nothing written) when they sit in an active match of a server
    /// that still has the bot.
    pub async fn erase_person(
        &self,
        user: &str,
        pseudonym: &str,
        placeholder: &str,
        matches: &[Anonymised],
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let playing: i64 = run!(tx.db(), |c, d| sqlx::query_scalar(&d.sql(&format!(
            "SELECT COUNT(*) FROM matches m JOIN match_seats s ON s.match_id = m.id
             WHERE s.user_id = ?1 AND m.status = 'active' AND {NOT_PAUSED}"
        )))
        .bind(user)
        .fetch_one(c)
        .await?);
        if playing > 0 {
            return Err(StoreError::Conflict);
        }
        let withdrawn: Vec<ChallengeRow> = run!(tx.db(), |c, d| sqlx::query_as(&d.sql(
            "UPDATE challenges SET status = 'cancelled'
             WHERE status = 'open' AND (challenger = ?1 OR opponent = ?1
                OR id IN (SELECT challenge_id FROM challenge_seats WHERE user_id = ?1))
             RETURNING *",
        ))
        .bind(user)
        .fetch_all(c)
        .await?);
        for m in matches {
            run!(tx.db(), |c, d| sqlx::query(&d.sql(
                "UPDATE matches SET setup = ?2, state = ?3, outcome = ?4, board_events = '' WHERE id = ?1",
            ))
            .bind(m.match_id)
            .bind(&m.setup)
            .bind(&m.state)
            .bind(&m.outcome)
            .execute(c)
            .await?
            .rows_affected());
        }
        for (table, column) in USER_COLUMNS {
            run!(tx.db(), |c, d| sqlx::query(
                &d.sql(&format!("UPDATE {table} SET {column} = ?2 WHERE {column} = ?1"))
            )
            .bind(user)
            .bind(pseudonym)
            .execute(c)
            .await?
            .rows_affected());
        }
        // `opponents` is a comma list of ids: framed in commas, the id is
        // replaced whole.
        run!(tx.db(), |c, d| sqlx::query(&d.sql(
            "UPDATE player_results
             SET opponents = trim(replace(',' || opponents || ',', ',' || ?1 || ',', ',' || ?2 || ','), ',')
             WHERE instr(',' || opponents || ',', ',' || ?1 || ',') > 0",
        ))
        .bind(user)
        .bind(pseudonym)
        .execute(c)
        .await?
        .rows_affected());
        // The sums against them as an opponent (a heading of its own).
        run!(tx.db(), |c, d| sqlx::query(
            &d.sql("UPDATE player_records SET heading = ?2 WHERE kind = 'opponent' AND heading = ?1")
        )
        .bind(user)
        .bind(pseudonym)
        .execute(c)
        .await?
        .rows_affected());
        for (table, column) in OWN_ROWS {
            run!(tx.db(), |c, d| sqlx::query(&d.sql(&format!("DELETE FROM {table} WHERE {column} = ?")))
                .bind(user)
                .execute(c)
                .await?
                .rows_affected());
        }
        run!(tx.db(), |c, d| sqlx::query(
            &d.sql("INSERT INTO users (id, name, dm_reminders) VALUES (?, ?, FALSE)")
        )
        .bind(pseudonym)
        .bind(placeholder)
        .execute(c)
        .await?
        .rows_affected());
        tx.commit().await?;
        Ok(withdrawn)
    }
}
