//! Matches, their seats and their append-only action log.

use super::servers::MATCH_NOT_PAUSED as NOT_PAUSED;
use super::{run, with_reader, with_writer, Store, StoreError, Tx};

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, sqlx::Type)]
#[sqlx(type_name = "match_status", rename_all = "lowercase")]
pub enum MatchStatus {
    /// Being played.
    Active,
    /// Over; `outcome` holds the result.
    Finished,
    /// Set aside because its stored state can no longer be trusted.
    Corrupt,
}

/// A row of `matches`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MatchRow {
    /// Match id.
    pub id: i64,
    /// Game id, e.g. `"spheres"`.
    pub game: String,
    /// Rules variant, e.g. `"first-draft"`.
    pub variant: Option<String>,
    /// Discord guild (none for DMs and the console).
    pub guild: Option<String>,
    /// Channel the challenge was posted in.
    pub channel: String,
    /// Thread holding the match, once opened.
    pub thread: Option<String>,
    /// Message id of the latest board post.
    pub board_message: Option<String>,
    /// Where the match stands.
    pub status: MatchStatus,
    /// Number of actions applied so far; the version offered to players.
    pub version: i64,
    /// JSON of the match setup (seed, decks, variant): what a replay starts from.
    #[sqlx(try_from = "LenientText")]
    pub setup: String,
    /// JSON snapshot of the game state at `version`.
    #[sqlx(try_from = "LenientText")]
    pub state: String,
    /// Why Discord set the match aside, while it is paused: `locked`,
    /// `deleted` (its thread) or `channel` (gone for good).
    pub paused: Option<String>,
    /// The moderator who ended the match with `/end-match` (no result).
    pub ended_by: Option<String>,
    /// JSON outcome, once finished.
    pub outcome: Option<String>,
    /// Why the match was marked corrupt.
    pub corrupt_reason: Option<String>,
    /// Comma list of the seats whose decision is pending ("" when none);
    /// see [`MatchRow::seats_to_act`].
    pub to_act: String,
    /// Forfeit deadline of the pending decision (unix seconds).
    pub deadline_at: Option<i64>,
    /// Notices sent for the pending decision (reminders, then the deadline notice).
    pub reminders_sent: i64,
    /// When the pending decision started (unix seconds).
    pub turn_started_at: Option<i64>,
    /// Hours a player has for a decision before forfeit is claimable.
    pub limit_hours: i64,
    /// Version shown by the board in `board_message`.
    pub last_board_version: i64,
    /// The board `board_message` replaced (its buttons are to be stripped).
    pub replaced_board_message: Option<String>,
    /// Creation time (unix seconds).
    pub created_at: i64,
    /// Time of the last commit (unix seconds).
    pub updated_at: i64,
    /// Standing orders given in this match (JSON, seat → orders; '' when none).
    pub orders: String,
    /// Public events since the live board was posted (JSON list; '' when none).
    pub board_events: String,
    /// When the match time limit is reached (unix seconds); `None`: no
    /// limit, or time was called already.
    pub time_up_at: Option<i64>,
    /// When the masking delay of the open quiet priority window ends (unix
    /// seconds); `None`: no quiet window is open.
    pub pass_at: Option<i64>,
}

impl MatchRow {
    /// The seats whose decision is pending.
    pub fn seats_to_act(&self) -> Result<Vec<i64>, StoreError> {
        parse_seat_list(&self.to_act).ok_or_else(|| StoreError::Corrupt {
            match_id: self.id,
            reason: format!("unreadable to_act list {:?}", self.to_act),
        })
    }
}

/// Text of a JSON column as stored, even when damage left a BLOB or bytes
/// that are not UTF-8 there (replaced by U+FFFD): the row still reads, and
/// the JSON then fails to parse where the table can rebuild it.
struct LenientText(String);

impl sqlx::Type<sqlx::Sqlite> for LenientText {
    fn type_info() -> sqlx::sqlite::SqliteTypeInfo {
        <String as sqlx::Type<sqlx::Sqlite>>::type_info()
    }

    fn compatible(ty: &sqlx::sqlite::SqliteTypeInfo) -> bool {
        <Vec<u8> as sqlx::Type<sqlx::Sqlite>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Sqlite> for LenientText {
    fn decode(value: sqlx::sqlite::SqliteValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        let bytes = <&[u8] as sqlx::Decode<sqlx::Sqlite>>::decode(value)?;
        Ok(LenientText(String::from_utf8_lossy(bytes).into_owned()))
    }
}

impl sqlx::Type<sqlx::Postgres> for LenientText {
    fn type_info() -> sqlx::postgres::PgTypeInfo {
        <String as sqlx::Type<sqlx::Postgres>>::type_info()
    }
}

// PostgreSQL keeps text valid in the database's encoding: no repair needed.
impl<'r> sqlx::Decode<'r, sqlx::Postgres> for LenientText {
    fn decode(value: sqlx::postgres::PgValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        <String as sqlx::Decode<sqlx::Postgres>>::decode(value).map(LenientText)
    }
}

impl From<LenientText> for String {
    fn from(t: LenientText) -> String {
        t.0
    }
}

/// A row of `match_seats`: who sits where, with which deck.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SeatRow {
    /// The match.
    pub match_id: i64,
    /// Seat number, from 0.
    pub seat: i64,
    /// The seated user.
    pub user_id: String,
    /// The deck the user brought.
    pub deck_name: String,
    /// The user's setting: stop for priority even when autopilot could pass.
    pub hold_priority: bool,
    /// The user's setting: autopilot may pass a stop on hidden facts.
    pub auto_pass: bool,
    /// The user's standing orders for every match (keys).
    pub orders: Vec<String>,
    /// The user's stops for every match (`/settings stops`).
    pub stops: crate::engine::Stops,
    /// When the table last answered this player privately about the
    /// match (a reply Discord lets the bot edit for 15 minutes).
    pub replied_at: Option<i64>,
    /// The match version at which this player's pass at a quiet window
    /// is held, to be applied when the window's masking delay ends.
    pub held_pass: Option<i64>,
}

/// Whether the pass of the player at `seat` is held at the quiet window
/// open in `row` (see [`SeatRow::held_pass`]).
pub fn pass_held(row: &MatchRow, seats: &[SeatRow], seat: i64) -> bool {
    row.pass_at.is_some() && seats.iter().any(|s| s.seat == seat && s.held_pass == Some(row.version))
}

/// A row of `match_actions`, the append-only log.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ActionRow {
    /// The match.
    pub match_id: i64,
    /// The match version right after this action was applied (1, 2, 3, …).
    pub seq: i64,
    /// Seat that took the action.
    pub seat: i64,
    /// JSON of the action.
    pub action: String,
    /// When it was applied (unix seconds).
    pub at: i64,
}

/// A seat of a match about to be created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSeat {
    /// Seat number, from 0.
    pub seat: i64,
    /// The seated user.
    pub user_id: String,
    /// The deck the user brought.
    pub deck_name: String,
}

/// A match about to be created, at version 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMatch {
    /// Game id.
    pub game: String,
    /// Rules variant.
    pub variant: Option<String>,
    /// Discord guild.
    pub guild: Option<String>,
    /// Channel of the challenge.
    pub channel: String,
    /// Thread, if already opened.
    pub thread: Option<String>,
    /// JSON of the match setup.
    pub setup: String,
    /// JSON of the initial state.
    pub state: String,
    /// Who sits where.
    pub seats: Vec<NewSeat>,
    /// Seats whose decision is pending.
    pub to_act: Vec<i64>,
    /// Forfeit deadline of the first decision.
    pub deadline_at: Option<i64>,
    /// Hours per decision before forfeit is claimable.
    pub limit_hours: i64,
    /// When the match time limit is reached (unix seconds); `None`: no limit.
    pub time_up_at: Option<i64>,
    /// Current time (unix seconds).
    pub now: i64,
}

/// One atomic step of a match: the actions applied since `expected_version`
/// and the resulting snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Commit<'a> {
    /// The version the actions were offered at.
    pub expected_version: i64,
    /// `(seat, action JSON)` in the order applied; at least one.
    pub actions: &'a [(i64, String)],
    /// JSON snapshot after the actions.
    pub state: &'a str,
    /// Status after the actions.
    pub status: MatchStatus,
    /// JSON outcome, when the match ended.
    pub outcome: Option<&'a str>,
    /// Seats whose decision is now pending.
    pub to_act: &'a [i64],
    /// Forfeit deadline of the now pending decision. Passing the same
    /// deadline and seats as before keeps the decision's clock and reminders.
    pub deadline_at: Option<i64>,
    /// Current time (unix seconds).
    pub now: i64,
    /// The match's standing orders after the actions (JSON; '' when none).
    pub orders: &'a str,
    /// Public events since the live board was posted, after the actions.
    pub board_events: &'a str,
    /// When the masking delay of the quiet window now open ends; `None`:
    /// none is open.
    pub pass_at: Option<i64>,
}

/// What [`Store::set_board_message`] did, and where the match is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardUpdate {
    /// Whether the new post became the board.
    pub swap: BoardSwap,
    /// The match's thread, if known.
    pub thread: Option<String>,
}

/// Whether a new board post became the match's board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardSwap {
    /// The new board is now the match's board; strip the components of the
    /// previous one, if any.
    Replaced {
        /// Message id of the board it replaced.
        previous: Option<String>,
    },
    /// A board for a newer version is already recorded; the new post is stale.
    Stale,
}

#[derive(sqlx::FromRow)]
struct WithSeats {
    #[sqlx(flatten)]
    row: MatchRow,
    seats_json: String,
}

#[derive(sqlx::FromRow)]
struct SeatedMatch {
    #[sqlx(flatten)]
    row: MatchRow,
    seat: i64,
}

impl Store {
    /// Creates a match with its seats, at version 0, in one transaction.
    pub async fn create_match(&self, new: &NewMatch) -> Result<i64, StoreError> {
        Ok(self.create_matches(std::slice::from_ref(new)).await?[0])
    }

    /// Creates matches with their seats, at version 0, all in one
    /// transaction (all or none); their ids, in order.
    pub async fn create_matches(&self, new: &[NewMatch]) -> Result<Vec<i64>, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let mut ids = Vec::with_capacity(new.len());
        for m in new {
            ids.push(insert_match(&mut tx, m).await?);
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// The match with this id.
    pub async fn load_match(&self, id: i64) -> Result<MatchRow, StoreError> {
        with_reader!(self, |c, d| sqlx::query_as(&d.sql("SELECT * FROM matches WHERE id = ?"))
            .bind(id)
            .fetch_optional(c)
            .await?)
        .ok_or_else(|| match_not_found(id))
    }

    /// The match played in this Discord thread, if any.
    pub async fn match_in_thread(&self, thread: &str) -> Result<Option<MatchRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT * FROM matches WHERE thread = ? ORDER BY id DESC LIMIT 1")
        )
        .bind(thread)
        .fetch_optional(c)
        .await?))
    }

    /// The match with this id and its seats, by seat number, with each
    /// player's settings; read at once: one consistent snapshot, one round
    /// trip.
    pub async fn load_match_with_seats(&self, id: i64) -> Result<(MatchRow, Vec<SeatRow>), StoreError> {
        let row: WithSeats = with_reader!(self, |c, d| sqlx::query_as(&d.pick(SEATS_SQLITE, SEATS_POSTGRES))
            .bind(id)
            .fetch_optional(c)
            .await?)
        .ok_or_else(|| match_not_found(id))?;
        #[allow(clippy::type_complexity)]
        let seats: Vec<(i64, String, String, i64, i64, String, String, Option<i64>, Option<i64>)> =
            serde_json::from_str(&row.seats_json).map_err(|e| StoreError::Corrupt {
                match_id: id,
                reason: format!("unreadable seats: {e}"),
            })?;
        let mut seats: Vec<SeatRow> = seats
            .into_iter()
            .map(
                |(
                    seat,
                    user_id,
                    deck_name,
                    hold_priority,
                    auto_pass,
                    orders,
                    stops,
                    replied_at,
                    held_pass,
                )| SeatRow {
                    match_id: id,
                    seat,
                    user_id,
                    deck_name,
                    hold_priority: hold_priority != 0,
                    auto_pass: auto_pass != 0,
                    orders: super::users::order_keys(&orders),
                    stops: crate::engine::Stops::parse(&stops),
                    replied_at,
                    held_pass,
                },
            )
            .collect();
        seats.sort_by_key(|s| s.seat);
        Ok((row.row, seats))
    }

    /// The whole action log of a match, by seq.
    pub async fn match_actions(&self, id: i64) -> Result<Vec<ActionRow>, StoreError> {
        self.match_actions_after(id, 0).await
    }

    /// The actions of a match with seq greater than `after` (e.g. since the
    /// last board), by seq.
    pub async fn match_actions_after(&self, id: i64, after: i64) -> Result<Vec<ActionRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT * FROM match_actions WHERE match_id = ? AND seq > ? ORDER BY seq")
        )
        .bind(id)
        .bind(after)
        .fetch_all(c)
        .await?))
    }

    /// Applies one step exactly once: if the match is still at
    /// `commit.expected_version`, stores the new snapshot and appends the
    /// actions with consecutive seqs, returning the new version. Otherwise
    /// writes nothing and returns [`StoreError::Conflict`] (or
    /// [`StoreError::Corrupt`] / [`StoreError::NotFound`]). Holds across
    /// processes sharing the database file.
    pub async fn commit_actions(&self, match_id: i64, commit: &Commit<'_>) -> Result<i64, StoreError> {
        if commit.actions.is_empty() {
            return Err(StoreError::Invalid("a commit needs at least one action"));
        }
        let count = i64::try_from(commit.actions.len())
            .map_err(|_| StoreError::Invalid("too many actions in one commit"))?;
        let to_act = format_seat_list(commit.to_act);
        let actions = serde_json::to_string(commit.actions)
            .map_err(|_| StoreError::Invalid("unserialisable action list"))?;
        // One statement, so one round trip and atomic by itself: the
        // trigger `matches_append_actions` (migration 0002) appends the
        // actions in `pending_actions` to the log within it. A second writer
        // (this process or another) waits for the lock (SQLite: the write
        // lock; PostgreSQL: the row's lock, after which its WHERE is checked
        // again on the row as committed) and then finds the version moved on.
        macro_rules! commit_statement {
            ($d:ident) => {
                sqlx::query(&$d.sql(COMMIT))
                    .bind(count)
                    .bind(commit.state)
                    .bind(commit.status)
                    .bind(commit.outcome)
                    .bind(&to_act)
                    .bind(commit.deadline_at)
                    .bind(commit.now)
                    .bind(match_id)
                    .bind(commit.expected_version)
                    .bind(&actions)
                    .bind(commit.orders)
                    .bind(commit.board_events)
                    .bind(commit.pass_at)
            };
        }
        let updated = if commit.status == MatchStatus::Finished {
            // The match's end and what it does to the ratings are one
            // transaction: a restart in between cannot lose or repeat it.
            let mut writer = self.writer().await?;
            let mut tx = writer.begin_write().await?;
            let updated = run!(tx.db(), |c, d| commit_statement!(d).execute(c).await?.rows_affected());
            if updated > 0 {
                super::ratings::rate_pending(&mut tx).await?;
                tx.commit().await?;
            }
            updated
        } else {
            with_writer!(self, |c, d| commit_statement!(d).execute(c).await?.rows_affected())
        };
        if updated == 0 {
            return Err(self.refusal(match_id).await);
        }
        Ok(commit.expected_version + count)
    }

    /// Records `message_id` as the board showing `version`, unless a board
    /// for a newer version is already recorded. One statement.
    pub async fn set_board_message(
        &self,
        id: i64,
        message_id: &str,
        version: i64,
    ) -> Result<BoardUpdate, StoreError> {
        // SET expressions read the row as it was, so `replaced_board_message`
        // takes the previous board and RETURNING hands it back.
        let updated: Option<(Option<String>, Option<String>)> =
            with_writer!(self, |c, d| sqlx::query_as(&d.sql(
                "UPDATE matches SET replaced_board_message = board_message,
                 board_message = ?2, last_board_version = ?3
             WHERE id = ?1 AND (board_message IS NULL OR last_board_version <= ?3)
             RETURNING replaced_board_message, thread",
            ))
            .bind(id)
            .bind(message_id)
            .bind(version)
            .fetch_optional(c)
            .await?);
        if let Some((previous, thread)) = updated {
            return Ok(BoardUpdate { swap: BoardSwap::Replaced { previous }, thread });
        }
        let thread: Option<String> =
            with_reader!(self, |c, d| sqlx::query_scalar(&d.sql("SELECT thread FROM matches WHERE id = ?"))
                .bind(id)
                .fetch_optional(c)
                .await?)
            .ok_or_else(|| match_not_found(id))?;
        Ok(BoardUpdate { swap: BoardSwap::Stale, thread })
    }

    /// Replaces the standing orders given in a match (JSON; '' for none).
    pub async fn set_match_orders(&self, id: i64, orders: &str) -> Result<(), StoreError> {
        let updated =
            with_writer!(self, |c, d| sqlx::query(&d.sql("UPDATE matches SET orders = ? WHERE id = ?"))
                .bind(orders)
                .bind(id)
                .execute(c)
                .await?
                .rows_affected());
        found(updated, id)
    }

    /// Records the thread the match is played in (which ends any wait to
    /// retry opening one).
    pub async fn set_thread(&self, id: i64, thread: &str) -> Result<(), StoreError> {
        let updated = with_writer!(self, |c, d| sqlx::query(
            &d.sql("UPDATE matches SET thread = ?, retry_at = NULL, delivery_failures = 0 WHERE id = ?")
        )
        .bind(thread)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        found(updated, id)
    }

    /// Sets a match aside as corrupt: no more commits, no more deadlines.
    /// The snapshot and log stay for inspection.
    pub async fn mark_corrupt(&self, id: i64, reason: &str) -> Result<(), StoreError> {
        let updated = with_writer!(self, |c, d| sqlx::query(&d.sql(
            "UPDATE matches SET status = 'corrupt', corrupt_reason = ?,
                 to_act = '', deadline_at = NULL, turn_started_at = NULL
             WHERE id = ?",
        ))
        .bind(reason)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        found(updated, id)
    }

    /// The user's matches with the seat they hold, most recently moved first;
    /// only those with `status` when given.
    pub async fn matches_for_user(
        &self,
        user_id: &str,
        status: Option<MatchStatus>,
    ) -> Result<Vec<(MatchRow, i64)>, StoreError> {
        let rows: Vec<SeatedMatch> = with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT m.*, s.seat AS seat FROM matches m
             JOIN match_seats s ON s.match_id = m.id
             WHERE s.user_id = ?1 AND (?2 IS NULL OR m.status = ?2)
             ORDER BY m.updated_at DESC, m.id DESC, s.seat",
        ))
        .bind(user_id)
        .bind(status)
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(|r| (r.row, r.seat)).collect())
    }

    /// Active matches whose next notice is due at `now`: reminder `n`
    /// (`n = reminders_sent`) falls `reminder_hours[n]` after the decision
    /// started; the deadline notice falls at `deadline_at` and counts as
    /// notice `reminder_hours.len() + 1`. Record each notice sent with
    /// [`Store::record_reminder`].
    pub async fn active_matches_due(
        &self,
        now: i64,
        reminder_hours: &[i64],
    ) -> Result<Vec<MatchRow>, StoreError> {
        let hours = serde_json::to_string(reminder_hours)
            .map_err(|_| StoreError::Invalid("unserialisable reminder schedule"))?;
        Ok(with_reader!(self, |c, d| sqlx::query_as(&format!(
            "{}{NOT_PAUSED} ORDER BY id",
            d.pick(DUE_SQLITE, DUE_POSTGRES)
        ))
        .bind(now)
        .bind(hours)
        .fetch_all(c)
        .await?))
    }

    /// Records that notice number `sent` (1-based) went out for the decision
    /// pending at `version`. Returns false when it was already recorded or
    /// the match moved on, so each notice is sent once even with two tickers.
    pub async fn record_reminder(&self, id: i64, version: i64, sent: i64) -> Result<bool, StoreError> {
        let updated = with_writer!(self, |c, d| sqlx::query(&d.sql(
            "UPDATE matches SET reminders_sent = ?3
             WHERE id = ?1 AND version = ?2 AND reminders_sent < ?3",
        ))
        .bind(id)
        .bind(version)
        .bind(sent)
        .execute(c)
        .await?
        .rows_affected());
        Ok(updated > 0)
    }

    /// Why a guarded match update touched no row.
    async fn refusal(&self, id: i64) -> StoreError {
        let mut conn = match self.reader().await {
            Ok(conn) => conn,
            Err(e) => return e,
        };
        let row: Result<Option<(MatchStatus, Option<String>)>, _> = run!(conn.db(), |c, d| sqlx::query_as(
            &d.sql("SELECT status, corrupt_reason FROM matches WHERE id = ?")
        )
        .bind(id)
        .fetch_optional(c)
        .await);
        match row {
            Ok(None) => match_not_found(id),
            Ok(Some((MatchStatus::Corrupt, reason))) => {
                StoreError::Corrupt { match_id: id, reason: reason.unwrap_or_default() }
            }
            Ok(Some(_)) => StoreError::Conflict,
            Err(e) => e.into(),
        }
    }

    /// Active matches whose time limit was reached by `now` and whose time
    /// call has not been announced yet (see [`Store::time_called`]), by id;
    /// one whose announcement Discord refused waits for its `retry_at`.
    pub async fn matches_out_of_time(&self, now: i64) -> Result<Vec<i64>, StoreError> {
        Ok(with_reader!(self, |c, d| {
            sqlx::query_scalar(&d.sql(&format!(
                "SELECT id FROM matches m WHERE time_up_at <= ?1 AND status = 'active'
               AND (retry_at IS NULL OR retry_at <= ?1) AND {NOT_PAUSED} ORDER BY id"
            )))
            .bind(now)
            .fetch_all(c)
            .await?
        }))
    }

    /// Ends the masking delay of the quiet window open at `version` (a
    /// player at it can respond, so the table will not pass for anyone).
    pub async fn clear_pass_at(&self, id: i64, version: i64) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(
            &d.sql("UPDATE matches SET pass_at = NULL WHERE id = ?1 AND version = ?2")
        )
        .bind(id)
        .bind(version)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Records that `user` was answered privately about match `id` at
    /// `at` (see [`SeatRow::replied_at`]); nothing when they hold no seat.
    pub async fn replied(&self, id: i64, user: &str, at: i64) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(
            &d.sql("UPDATE match_seats SET replied_at = ?1 WHERE match_id = ?2 AND user_id = ?3")
        )
        .bind(at)
        .bind(id)
        .bind(user)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Holds `seat`'s pass at the quiet window open at `version` of match
    /// `id` (see [`SeatRow::held_pass`]); `false` when the match has moved
    /// on or the window's masking delay has ended (`now`).
    pub async fn hold_pass(&self, id: i64, seat: i64, version: i64, now: i64) -> Result<bool, StoreError> {
        let n = with_writer!(self, |c, d| sqlx::query(&d.sql(
            "UPDATE match_seats SET held_pass = ?1 WHERE match_id = ?2 AND seat = ?3
             AND EXISTS (SELECT 1 FROM matches m WHERE m.id = ?2 AND m.version = ?1
                         AND m.pass_at IS NOT NULL AND m.pass_at > ?4)"
        ))
        .bind(version)
        .bind(id)
        .bind(seat)
        .bind(now)
        .execute(c)
        .await?
        .rows_affected());
        Ok(n > 0)
    }

    /// Active matches whose quiet window's masking delay has ended by
    /// `now`, with the version it was opened at.
    pub async fn matches_to_pass(&self, now: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(&format!(
            "SELECT id, version FROM matches m WHERE pass_at <= ? AND status = 'active' AND {NOT_PAUSED}
             ORDER BY id"
        )))
        .bind(now)
        .fetch_all(c)
        .await?))
    }

    /// Records that the match's time was called and the board saying so
    /// delivered: the ticker no longer looks at it.
    pub async fn time_called(&self, id: i64) -> Result<(), StoreError> {
        let updated = with_writer!(self, |c, d| sqlx::query(
            &d.sql("UPDATE matches SET time_up_at = NULL WHERE id = ?")
        )
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        found(updated, id)
    }

    /// The active match played in `thread`, if any, loses that thread (it
    /// was deleted or locked): the thread is forgotten and remembered as
    /// `moved_from`, so the next post opens a new one. The ticker leaves
    /// it until `retry_at`, so it does not open a second thread while the
    /// caller opens the new one. Returns the match.
    pub async fn lose_thread(&self, thread: &str, retry_at: i64) -> Result<Option<i64>, StoreError> {
        Ok(with_writer!(self, |c, d| sqlx::query_scalar(&d.sql(
            "UPDATE matches SET moved_from = thread, thread = NULL, retry_at = ?2
             WHERE thread = ?1 AND status = 'active' RETURNING id",
        ))
        .bind(thread)
        .bind(retry_at)
        .fetch_optional(c)
        .await?))
    }

    /// Someone is opening the thread of match `id` (which has none): the
    /// ticker leaves it alone until at least `until`, so it opens no second
    /// thread meanwhile. A later retry time already set stays.
    pub async fn hold_thread_opening(&self, id: i64, until: i64) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(&d.sql(
            "UPDATE matches SET retry_at = CASE WHEN retry_at > ?2 THEN retry_at ELSE ?2 END
             WHERE id = ?1 AND thread IS NULL",
        ))
        .bind(id)
        .bind(until)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Records that Discord refused a delivery for match `id` at `now`: the
    /// ticker leaves it alone until `retry_at`, `backoff` doubled for each
    /// failure in a row (at most `max_backoff`). Returns when to retry.
    pub async fn delivery_failed(
        &self,
        id: i64,
        now: i64,
        backoff: i64,
        max_backoff: i64,
    ) -> Result<i64, StoreError> {
        let retry: Option<i64> = with_writer!(self, |c, d| {
            sqlx::query_scalar(&d.sql("UPDATE matches SET
                 retry_at = ?2 + CASE WHEN ?3 * (1 << CAST(CASE WHEN delivery_failures < 20
                                                              THEN delivery_failures ELSE 20 END AS INTEGER)) < ?4
                                 THEN ?3 * (1 << CAST(CASE WHEN delivery_failures < 20
                                                           THEN delivery_failures ELSE 20 END AS INTEGER))
                                 ELSE ?4 END,
                 delivery_failures = delivery_failures + 1
             WHERE id = ?1 RETURNING retry_at",))
        .bind(id)
        .bind(now)
        .bind(backoff)
        .bind(max_backoff)
        .fetch_optional(c)
        .await?
        });
        retry.ok_or_else(|| match_not_found(id))
    }

    /// Records that the ticker delivered everything due for match `id`:
    /// the backoff starts afresh. Writes only after a failure.
    pub async fn delivery_succeeded(&self, id: i64) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(&d.sql(
            "UPDATE matches SET retry_at = NULL, delivery_failures = 0
             WHERE id = ? AND delivery_failures > 0",
        ))
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Active matches that need a thread at `now`: opening it failed (or
    /// it was lost) and the wait before the next try is over, or nobody
    /// ever started opening it (the process stopped between accepting the
    /// challenge and opening the thread) and it was created before
    /// `unopened_before`. With the thread they also get the board they are
    /// waiting for.
    pub async fn matches_needing_thread(
        &self,
        now: i64,
        unopened_before: i64,
    ) -> Result<Vec<(i64, Option<String>)>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(&format!(
            "SELECT id, moved_from FROM matches m
             WHERE status = 'active' AND thread IS NULL
               AND (retry_at <= ?1
                    OR (retry_at IS NULL AND (moved_from IS NOT NULL OR created_at < ?2)))
               AND {NOT_PAUSED}
             ORDER BY id"
        )))
        .bind(now)
        .bind(unopened_before)
        .fetch_all(c)
        .await?))
    }

    /// How many matches exist, in any status.
    pub async fn count_matches(&self) -> Result<i64, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_scalar(&d.sql("SELECT COUNT(*) FROM matches"))
            .fetch_one(c)
            .await?))
    }
}

/// Inserts a match and its seats in `tx` (inside the caller's transaction).
pub(super) async fn insert_match(tx: &mut Tx<'_>, new: &NewMatch) -> Result<i64, StoreError> {
    let turn_started_at = (!new.to_act.is_empty()).then_some(new.now);
    let id: i64 = run!(tx.db(), |c, d| sqlx::query_scalar(&d.sql(
        "INSERT INTO matches (game, variant, guild, channel, thread, status, version, setup,
             state, to_act, deadline_at, turn_started_at, limit_hours, created_at, updated_at, time_up_at)
         VALUES (?1, ?2, ?3, ?4, ?5, 'active', 0, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12, ?13)
         RETURNING id",
    ))
    .bind(&new.game)
    .bind(&new.variant)
    .bind(&new.guild)
    .bind(&new.channel)
    .bind(&new.thread)
    .bind(&new.setup)
    .bind(&new.state)
    .bind(format_seat_list(&new.to_act))
    .bind(new.deadline_at)
    .bind(turn_started_at)
    .bind(new.limit_hours)
    .bind(new.now)
    .bind(new.time_up_at)
    .fetch_one(c)
    .await?);
    // All seats in one statement: one round trip whatever their number.
    let seats: Vec<(i64, &str, &str)> =
        new.seats.iter().map(|s| (s.seat, s.user_id.as_str(), s.deck_name.as_str())).collect();
    let seats = serde_json::to_string(&seats).map_err(|_| StoreError::Invalid("unserialisable seats"))?;
    run!(tx.db(), |c, d| sqlx::query(&d.pick(SEATS_INSERT_SQLITE, SEATS_INSERT_POSTGRES))
        .bind(id)
        .bind(seats)
        .execute(c)
        .await?
        .rows_affected());
    Ok(id)
}

/// The version-checked commit (see [`Store::commit_actions`]).
/// A match with its seats and their players' settings as a JSON list
/// (`?1`: the match), for [`Store::load_match_with_seats`].
const SEATS_SQLITE: &str = "SELECT m.*, (
         SELECT json_group_array(json_array(s.seat, s.user_id, s.deck_name,
                                            COALESCE(u.hold_priority, 0),
                                            COALESCE(u.auto_pass, 0),
                                            COALESCE(u.standing_orders, ''),
                                            COALESCE(u.stops, ''),
                                            s.replied_at, s.held_pass))
         FROM match_seats s LEFT JOIN users u ON u.id = s.user_id
         WHERE s.match_id = m.id
     ) AS seats_json
     FROM matches m WHERE m.id = ?";
const SEATS_POSTGRES: &str = "SELECT m.*, COALESCE((
         SELECT json_agg(json_build_array(s.seat, s.user_id, s.deck_name,
                                          COALESCE(u.hold_priority, FALSE)::INT,
                                          COALESCE(u.auto_pass, FALSE)::INT,
                                          COALESCE(u.standing_orders, ''),
                                          COALESCE(u.stops, ''),
                                          s.replied_at, s.held_pass))::TEXT
         FROM match_seats s LEFT JOIN users u ON u.id = s.user_id
         WHERE s.match_id = m.id
     ), '[]') AS seats_json
     FROM matches m WHERE m.id = ?";

/// Active matches with a notice due (`?1`: now, `?2`: the reminder
/// schedule in hours, a JSON list), for [`Store::active_matches_due`].
const DUE_SQLITE: &str = "SELECT * FROM matches m
     WHERE status = 'active' AND to_act <> '' AND (retry_at IS NULL OR retry_at <= ?1) AND (
         (deadline_at <= ?1 AND reminders_sent <= json_array_length(?2))
         OR turn_started_at + 3600 * json_extract(?2, '$[' || reminders_sent || ']') <= ?1
     ) AND ";
const DUE_POSTGRES: &str = "SELECT * FROM matches m
     WHERE status = 'active' AND to_act <> '' AND (retry_at IS NULL OR retry_at <= ?1) AND (
         (deadline_at <= ?1 AND reminders_sent <= json_array_length(CAST(?2 AS json)))
         OR turn_started_at + 3600 * (CAST(?2 AS jsonb) ->> CAST(reminders_sent AS INT))::BIGINT <= ?1
     ) AND ";

/// The seats of a new match (`?1`: the match, `?2`: a JSON list of
/// [seat, user, deck]), for [`insert_match`].
const SEATS_INSERT_SQLITE: &str = "INSERT INTO match_seats (match_id, seat, user_id, deck_name)
     SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
     FROM json_each(?2)";
const SEATS_INSERT_POSTGRES: &str = "INSERT INTO match_seats (match_id, seat, user_id, deck_name)
     SELECT ?1, (value ->> 0)::BIGINT, value ->> 1, value ->> 2
     FROM jsonb_array_elements(CAST(?2 AS jsonb))";

const COMMIT: &str = "UPDATE matches SET
     version = version + ?1,
     state = ?2,
     status = ?3,
     outcome = ?4,
     turn_started_at = CASE
         WHEN ?5 = '' THEN NULL
         WHEN to_act = ?5 AND deadline_at IS NOT DISTINCT FROM ?6 THEN turn_started_at
         ELSE ?7 END,
     reminders_sent = CASE
         WHEN to_act = ?5 AND deadline_at IS NOT DISTINCT FROM ?6 THEN reminders_sent
         ELSE 0 END,
     to_act = ?5,
     deadline_at = ?6,
     updated_at = ?7,
     retry_at = CASE WHEN thread IS NULL THEN retry_at END,
     delivery_failures = CASE WHEN thread IS NULL THEN delivery_failures ELSE 0 END,
     pending_actions = ?10,
     orders = ?11,
     board_events = ?12,
     pass_at = ?13
 WHERE id = ?8 AND version = ?9 AND status = 'active'";

fn found(rows_affected: u64, id: i64) -> Result<(), StoreError> {
    if rows_affected == 0 {
        Err(match_not_found(id))
    } else {
        Ok(())
    }
}

fn match_not_found(id: i64) -> StoreError {
    StoreError::NotFound(format!("match {id}"))
}

fn format_seat_list(seats: &[i64]) -> String {
    seats.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

fn parse_seat_list(text: &str) -> Option<Vec<i64>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',').map(|s| s.trim().parse().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_lists_round_trip() {
        for seats in [vec![], vec![0], vec![1, 0, 3]] {
            assert_eq!(parse_seat_list(&format_seat_list(&seats)), Some(seats));
        }
        assert_eq!(parse_seat_list("1,x"), None);
    }
}
