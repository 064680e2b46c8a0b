//! What the store keeps about one person, for `/privacy`: every row that
//! names them, table by table.

use serde_json::{Map, Value};
use sqlx::sqlite::SqliteRow;
use sqlx::{Column, Row, TypeInfo, ValueRef};

use super::{Store, StoreError};

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
            let rows = sqlx::query(sql).bind(user).fetch_all(&mut *conn).await?;
            out.push(((*part).to_owned(), rows.iter().map(row_json).collect()));
        }
        Ok(out)
    }
}

/// A row as a JSON object, each column as SQLite stored it.
fn row_json(row: &SqliteRow) -> Map<String, Value> {
    row.columns().iter().map(|c| (c.name().to_owned(), cell(row, c.ordinal()))).collect()
}

fn cell(row: &SqliteRow, i: usize) -> Value {
    let Ok(raw) = row.try_get_raw(i) else { return Value::Null };
    if raw.is_null() {
        return Value::Null;
    }
    match raw.type_info().name() {
        "INTEGER" | "BOOLEAN" => row.try_get::<i64, _>(i).map_or(Value::Null, Value::from),
        "REAL" => row.try_get::<f64, _>(i).map_or(Value::Null, Value::from),
        _ => row.try_get::<String, _>(i).map_or(Value::Null, Value::from),
    }
}
