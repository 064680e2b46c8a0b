//! Finished matches, players' results and ratings (migration 0015).
//!
//! `match_results` gives every finished match its place in the order of
//! ends (a trigger adds it within the statement that finishes the match);
//! [`rate_pending`] then writes, in that order and each exactly once, every
//! seat's line in `player_results` and the new `ratings`, as
//! [`crate::ratings::assess`] decides. The final commit of a match runs it
//! in its own transaction, so a match's end and its rating are one write.
//! With each line it adds the seat's result to `player_records` (migration
//! 0019), the per-player sums `/stats` reads.

use super::{run, with_reader, with_writer, Store, StoreError, Tx};
use crate::ratings::{assess, FinishedMatch, FinishedSeat, Line, MatchResult, Rating, MOVE_ENTRIES};

/// A row of `ratings`.
#[derive(sqlx::FromRow)]
struct RatingRow {
    guild: String,
    game: String,
    line: String,
    user_id: String,
    rating: f64,
    deviation: f64,
    volatility: f64,
    matches: i64,
    wins: i64,
    losses: i64,
    draws: i64,
    streak: i64,
}

impl From<RatingRow> for Rating {
    fn from(r: RatingRow) -> Rating {
        Rating {
            guild: r.guild,
            game: r.game,
            line: Line::parse(&r.line).unwrap_or(Line::Duel),
            user_id: r.user_id,
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            matches: r.matches,
            wins: r.wins,
            losses: r.losses,
            draws: r.draws,
            streak: r.streak,
        }
    }
}

/// One seat's line of a finished match, as `/history` and `/stats` read it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ResultRow {
    /// The match.
    pub match_id: i64,
    /// Seat number.
    pub seat: i64,
    /// Place in the order matches ended in.
    pub seq: i64,
    /// Server ("" outside one).
    pub guild: String,
    /// Game id.
    pub game: String,
    /// The player.
    pub user_id: String,
    /// Their deck.
    pub deck_name: String,
    /// The others at the table (comma-separated user ids).
    pub opponents: String,
    /// `win`, `loss` or `draw` (none when the outcome was unreadable).
    pub result: Option<String>,
    /// `duel` or `multi` when rated.
    pub line: Option<String>,
    /// Why it was not rated (`computer`, `abandoned`, `unreadable`).
    pub unrated: Option<String>,
    /// Rating before the match (rated only).
    pub rating_before: Option<f64>,
    /// Rating after the match (rated only).
    pub rating_after: Option<f64>,
    /// When the match ended (unix seconds).
    pub finished_at: i64,
}

/// A `/history` line: the seat's result and where the match was played.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct HistoryRow {
    /// The seat's line.
    #[sqlx(flatten)]
    pub result: ResultRow,
    /// The match's thread, if it had one.
    pub thread: Option<String>,
    /// When the match started (unix seconds).
    pub created_at: i64,
}

/// Wins, losses and draws under one heading (a deck, an opponent).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Record {
    /// The deck or opponent.
    pub key: String,
    /// Wins.
    pub wins: i64,
    /// Losses.
    pub losses: i64,
    /// Draws.
    pub draws: i64,
}

/// Under which heading a `player_records` row counts a player's results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    /// Rated lines, by the player's deck.
    Deck,
    /// Two-player rated lines, by opponent.
    Opponent,
    /// Matches against the computer, by its seat id (its level).
    Computer,
}

impl RecordKind {
    /// The key stored in `player_records.kind`.
    pub fn key(self) -> &'static str {
        match self {
            RecordKind::Deck => "deck",
            RecordKind::Opponent => "opponent",
            RecordKind::Computer => "computer",
        }
    }

    /// The headings a seat's result line counts under: what `/stats`
    /// once grouped `player_results` by, now kept as each line is written.
    pub fn headings<'a>(
        line: Option<&str>,
        unrated: Option<&str>,
        deck_name: &'a str,
        opponents: &'a str,
    ) -> Vec<(RecordKind, &'a str)> {
        let mut out = Vec::new();
        if line.is_some() {
            out.push((RecordKind::Deck, deck_name));
        }
        if line == Some(Line::Duel.key()) {
            out.push((RecordKind::Opponent, opponents));
        }
        if unrated == Some(crate::ratings::Unrated::Computer.key()) {
            out.push((RecordKind::Computer, opponents));
        }
        out
    }
}

/// A row of `player_records`, as [`Store::all_records`] lists them.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredRecord {
    /// Server ("" outside one).
    pub guild: String,
    /// The player.
    pub user_id: String,
    /// Game id.
    pub game: String,
    /// [`RecordKind::key`].
    pub kind: String,
    /// The deck, opponent or computer seat id.
    pub heading: String,
    /// Result lines counted (those with an unreadable result too).
    pub played: i64,
    /// Wins.
    pub wins: i64,
    /// Losses.
    pub losses: i64,
    /// Draws.
    pub draws: i64,
}

/// One place of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// 1 for the first.
    pub place: i64,
    /// The player's display name, as last seen.
    pub name: String,
    /// Their rating.
    pub rating: Rating,
}

impl Store {
    /// Rates every finished match not rated yet, in the order they ended,
    /// each in one transaction with its lines. Idempotent: a match is
    /// rated once however often this runs, in any number of processes.
    /// Returns how many it rated.
    pub async fn rate_finished(&self) -> Result<usize, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let n = rate_pending(&mut tx).await?;
        tx.commit().await?;
        Ok(n)
    }

    /// Forgets every rating, result line and record and computes them again from
    /// the finished matches, in the order they ended: one transaction.
    /// Returns how many matches it went through.
    pub async fn rebuild_ratings(&self) -> Result<usize, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        run!(tx.db(), |c, d| sqlx::query(&d.sql("DELETE FROM ratings")).execute(c).await?.rows_affected());
        run!(tx.db(), |c, d| sqlx::query(&d.sql("DELETE FROM player_results"))
            .execute(c)
            .await?
            .rows_affected());
        run!(tx.db(), |c, d| sqlx::query(&d.sql("DELETE FROM player_records"))
            .execute(c)
            .await?
            .rows_affected());
        run!(tx.db(), |c, d| sqlx::query(&d.sql("UPDATE match_results SET rated = 0"))
            .execute(c)
            .await?
            .rows_affected());
        let n = rate_pending(&mut tx).await?;
        tx.commit().await?;
        Ok(n)
    }

    /// Every stored rating, in a fixed order (for checks and tests).
    pub async fn all_ratings(&self) -> Result<Vec<Rating>, StoreError> {
        let rows: Vec<RatingRow> = with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT * FROM ratings ORDER BY guild, game, line, user_id")
        )
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(Rating::from).collect())
    }

    /// Every stored result line, in the order matches ended.
    pub async fn all_results(&self) -> Result<Vec<ResultRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT * FROM player_results ORDER BY seq, seat")
        )
        .fetch_all(c)
        .await?))
    }

    /// The lines of one finished match, by seat (none until it is rated).
    pub async fn match_results(&self, match_id: i64) -> Result<Vec<ResultRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT * FROM player_results WHERE match_id = ? ORDER BY seat")
        )
        .bind(match_id)
        .fetch_all(c)
        .await?))
    }

    /// The user's ratings on this server, in `game` when given.
    pub async fn ratings_of(
        &self,
        guild: &str,
        user_id: &str,
        game: Option<&str>,
    ) -> Result<Vec<Rating>, StoreError> {
        let rows: Vec<RatingRow> = with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT * FROM ratings WHERE guild = ?1 AND user_id = ?2 AND (?3 IS NULL OR game = ?3)
             ORDER BY game, line",
        ))
        .bind(guild)
        .bind(user_id)
        .bind(game)
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(Rating::from).collect())
    }

    /// The user's finished matches on this server (in `game` when given),
    /// most recent first, at most `limit`.
    pub async fn history(
        &self,
        guild: &str,
        user_id: &str,
        game: Option<&str>,
        limit: i64,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT r.*, m.thread, m.created_at FROM player_results r JOIN matches m ON m.id = r.match_id
             WHERE r.guild = ?1 AND r.user_id = ?2 AND (?3 IS NULL OR r.game = ?3)
             ORDER BY r.seq DESC LIMIT ?4",
        ))
        .bind(guild)
        .bind(user_id)
        .bind(game)
        .bind(limit)
        .fetch_all(c)
        .await?))
    }

    /// Whether the user has finished a match on this server (in `game`
    /// when given), and on any other server.
    pub async fn finished_anywhere(
        &self,
        guild: &str,
        user_id: &str,
        game: Option<&str>,
    ) -> Result<(bool, bool), StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT
                 EXISTS (SELECT 1 FROM player_results
                         WHERE guild = ?1 AND user_id = ?2 AND (?3 IS NULL OR game = ?3)),
                 EXISTS (SELECT 1 FROM player_results WHERE user_id = ?2 AND guild <> ?1)",
        ))
        .bind(guild)
        .bind(user_id)
        .bind(game)
        .fetch_one(c)
        .await?))
    }

    /// The user's rated results in `game` on this server, by deck.
    pub async fn record_by_deck(
        &self,
        guild: &str,
        user_id: &str,
        game: &str,
    ) -> Result<Vec<Record>, StoreError> {
        self.record_by(guild, user_id, game, RecordKind::Deck).await
    }

    /// The user's rated two-player results in `game` on this server, by opponent.
    pub async fn record_by_opponent(
        &self,
        guild: &str,
        user_id: &str,
        game: &str,
    ) -> Result<Vec<Record>, StoreError> {
        self.record_by(guild, user_id, game, RecordKind::Opponent).await
    }

    /// The user's results against the computer in `game`, by its seat id
    /// (its level).
    pub async fn record_against_computer(
        &self,
        guild: &str,
        user_id: &str,
        game: &str,
    ) -> Result<Vec<Record>, StoreError> {
        self.record_by(guild, user_id, game, RecordKind::Computer).await
    }

    /// The user's records of one `kind` in `game` on this server (see
    /// [`RecordKind`]), the most played first, at most 25: a few rows of
    /// `player_records`, kept as each match is rated.
    async fn record_by(
        &self,
        guild: &str,
        user_id: &str,
        game: &str,
        kind: RecordKind,
    ) -> Result<Vec<Record>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT heading AS key, wins, losses, draws FROM player_records
             WHERE guild = ?1 AND user_id = ?2 AND game = ?3 AND kind = ?4
             ORDER BY played DESC, heading LIMIT 25",
        ))
        .bind(guild)
        .bind(user_id)
        .bind(game)
        .bind(kind.key())
        .fetch_all(c)
        .await?))
    }

    /// Every stored record, in a fixed order (for checks and tests).
    pub async fn all_records(&self) -> Result<Vec<StoredRecord>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT guild, user_id, game, kind, heading, played, wins, losses, draws FROM player_records
             ORDER BY guild, user_id, game, kind, heading",
        ))
        .fetch_all(c)
        .await?))
    }

    /// The server's best `limit` players of `game` on `line`, established
    /// ratings first (provisional ones after), leaving out players who keep
    /// their stats private except `viewer`; and `viewer`'s own place, when
    /// rated.
    pub async fn leaderboard(
        &self,
        guild: &str,
        game: &str,
        line: Line,
        viewer: &str,
        limit: i64,
    ) -> Result<(Vec<Placed>, Option<Placed>), StoreError> {
        let provisional = crate::ratings::PROVISIONAL_MATCHES;
        let mut conn = self.reader().await?;
        let rows: Vec<(String, RatingRow)> =
            run!(conn.db(), |c, d| sqlx::query_as::<_, NamedRating>(&d.sql(
                "SELECT COALESCE(NULLIF(u.name, ''), r.user_id) AS name, r.* FROM ratings r
             LEFT JOIN users u ON u.id = r.user_id
             WHERE r.guild = ?1 AND r.game = ?2 AND r.line = ?3
               AND (COALESCE(u.stats_private, FALSE) = FALSE OR r.user_id = ?4)
             ORDER BY r.matches < ?5, r.rating DESC, r.user_id LIMIT ?6",
            ))
            .bind(guild)
            .bind(game)
            .bind(line.key())
            .bind(viewer)
            .bind(provisional)
            .bind(limit)
            .fetch_all(c)
            .await?)
            .into_iter()
            .map(|n| (n.name, n.rating))
            .collect();
        let top: Vec<Placed> = rows
            .into_iter()
            .zip(1..)
            .map(|((name, r), place)| Placed { place, name, rating: r.into() })
            .collect();
        if let Some(me) = top.iter().find(|p| p.rating.user_id == viewer) {
            let me = me.clone();
            return Ok((top, Some(me)));
        }
        let mine: Option<NamedRating> = run!(conn.db(), |c, d| sqlx::query_as(&d.sql(
            "SELECT COALESCE(NULLIF(u.name, ''), r.user_id) AS name, r.* FROM ratings r
             LEFT JOIN users u ON u.id = r.user_id
             WHERE r.guild = ?1 AND r.game = ?2 AND r.line = ?3 AND r.user_id = ?4",
        ))
        .bind(guild)
        .bind(game)
        .bind(line.key())
        .bind(viewer)
        .fetch_optional(c)
        .await?);
        let Some(mine) = mine else { return Ok((top, None)) };
        let mine_provisional = mine.rating.matches < provisional;
        let above: i64 = run!(conn.db(), |c, d| sqlx::query_scalar(&d.sql(
            "SELECT COUNT(*) FROM ratings r LEFT JOIN users u ON u.id = r.user_id
             WHERE r.guild = ?1 AND r.game = ?2 AND r.line = ?3 AND COALESCE(u.stats_private, FALSE) = FALSE
               AND r.user_id <> ?4
               AND ((r.matches < ?5) < ?6
                    OR ((r.matches < ?5) = ?6
                        AND (r.rating > ?7 OR (r.rating = ?7 AND r.user_id < ?4))))",
        ))
        .bind(guild)
        .bind(game)
        .bind(line.key())
        .bind(viewer)
        .bind(provisional)
        .bind(mine_provisional)
        .bind(mine.rating.rating)
        .fetch_one(c)
        .await?);
        Ok((top, Some(Placed { place: above + 1, name: mine.name, rating: mine.rating.into() })))
    }

    /// Whether the user keeps their stats to themselves.
    pub async fn stats_private(&self, user_id: &str) -> Result<bool, StoreError> {
        let private: Option<bool> = with_reader!(self, |c, d| sqlx::query_scalar(
            &d.sql("SELECT stats_private FROM users WHERE id = ?")
        )
        .bind(user_id)
        .fetch_optional(c)
        .await?);
        Ok(private.unwrap_or(false))
    }

    /// Keeps the user's stats to themselves, or shows them again.
    pub async fn set_stats_private(&self, user_id: &str, private: bool) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(&d.sql(
            "INSERT INTO users (id, stats_private) VALUES (?1, ?2)
             ON CONFLICT (id) DO UPDATE SET stats_private = excluded.stats_private",
        ))
        .bind(user_id)
        .bind(private)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Whether the server shows its leaderboard (on unless a manager
    /// switched it off).
    pub async fn leaderboard_enabled(&self, guild: &str) -> Result<bool, StoreError> {
        let on: Option<bool> = with_reader!(self, |c, d| sqlx::query_scalar(
            &d.sql("SELECT leaderboard FROM guild_settings WHERE guild = ?")
        )
        .bind(guild)
        .fetch_optional(c)
        .await?);
        Ok(on.unwrap_or(true))
    }

    /// Switches the server's leaderboard on or off.
    pub async fn set_leaderboard_enabled(&self, guild: &str, on: bool) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(&d.sql(
            "INSERT INTO guild_settings (guild, leaderboard) VALUES (?1, ?2)
             ON CONFLICT (guild) DO UPDATE SET leaderboard = excluded.leaderboard",
        ))
        .bind(guild)
        .bind(on)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The display names stored for `user_ids` (those ever seen), in one
    /// query: `/stats` names up to 25 opponents.
    pub async fn user_names(&self, user_ids: &[&str]) -> Result<Vec<(String, String)>, StoreError> {
        if user_ids.is_empty() {
            return Ok(Vec::new());
        }
        let marks: Vec<String> = (1..=user_ids.len()).map(|i| format!("?{i}")).collect();
        let sql = format!("SELECT id, name FROM users WHERE id IN ({})", marks.join(", "));
        Ok(with_reader!(self, |c, d| {
            let text = d.sql(&sql);
            let mut query = sqlx::query_as(&text);
            for id in user_ids {
                query = query.bind(*id);
            }
            query.fetch_all(c).await?
        }))
    }

    /// The display name stored for a user, if they were ever seen.
    pub async fn user_name(&self, user_id: &str) -> Result<Option<String>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_scalar(&d.sql("SELECT name FROM users WHERE id = ?"))
            .bind(user_id)
            .fetch_optional(c)
            .await?))
    }
}

#[derive(sqlx::FromRow)]
struct NamedRating {
    name: String,
    #[sqlx(flatten)]
    rating: RatingRow,
}

/// The first unrated finished match, as `assess` takes it.
#[derive(sqlx::FromRow)]
struct Pending {
    seq: i64,
    match_id: i64,
    finished_at: i64,
    guild: String,
    game: String,
    outcome: Option<String>,
    /// The moderator who ended it (`/end-match`): no rating changes.
    ended_by: Option<String>,
}

/// Rates, in `tx` (inside the caller's transaction), every finished
/// match not rated yet, oldest end first; returns how many.
pub(crate) async fn rate_pending(tx: &mut Tx<'_>) -> Result<usize, StoreError> {
    let mut n = 0;
    loop {
        let next: Option<Pending> = run!(tx.db(), |c, d| sqlx::query_as(&d.sql(
            "SELECT r.seq, r.match_id, r.finished_at, COALESCE(m.guild, '') AS guild, m.game, m.outcome,
                    m.ended_by
             FROM match_results r JOIN matches m ON m.id = r.match_id
             WHERE r.rated = 0 ORDER BY r.seq LIMIT 1",
        ))
        .fetch_optional(c)
        .await?);
        let Some(p) = next else { return Ok(n) };
        rate_one(tx, p).await?;
        n += 1;
    }
}

async fn rate_one(tx: &mut Tx<'_>, p: Pending) -> Result<(), StoreError> {
    let seats: Vec<(i64, String, String)> = run!(tx.db(), |c, d| sqlx::query_as(
        &d.sql("SELECT seat, user_id, deck_name FROM match_seats WHERE match_id = ? ORDER BY seat")
    )
    .bind(p.match_id)
    .fetch_all(c)
    .await?);
    // Which kinds of log entry each seat has: the rules decide which are moves.
    let kinds: Vec<(i64, Option<String>)> = run!(tx.db(), |c, d| sqlx::query_as(&d.pick(
        "SELECT DISTINCT seat, json_extract(action, '$.by') FROM match_actions WHERE match_id = ?",
        "SELECT DISTINCT seat, CAST(action AS jsonb) ->> 'by' FROM match_actions WHERE match_id = ?",
    ))
    .bind(p.match_id)
    .fetch_all(c)
    .await?);
    let moved = |seat: i64| {
        kinds.iter().any(|(s, k)| *s == seat && k.as_deref().is_some_and(|k| MOVE_ENTRIES.contains(&k)))
    };
    let finished = FinishedMatch {
        match_id: p.match_id,
        guild: p.guild.clone(),
        game: p.game.clone(),
        outcome: p.outcome,
        seats: seats
            .into_iter()
            .map(|(seat, user_id, deck_name)| FinishedSeat { seat, user_id, deck_name, moved: moved(seat) })
            .collect(),
    };
    let mut current = Vec::new();
    for s in &finished.seats {
        let rows: Vec<RatingRow> = run!(tx.db(), |c, d| sqlx::query_as(
            &d.sql("SELECT * FROM ratings WHERE guild = ? AND game = ? AND user_id = ?")
        )
        .bind(&p.guild)
        .bind(&p.game)
        .bind(&s.user_id)
        .fetch_all(c)
        .await?);
        current.extend(rows.into_iter().map(Rating::from));
    }
    let mut assessment = assess(&finished, &current);
    if p.ended_by.is_some() {
        // Ended by a moderator: a result for each, no rating change.
        assessment.ratings.clear();
        for r in &mut assessment.results {
            (r.result, r.rated, r.change) = (None, Err(crate::ratings::Unrated::Ended), None);
        }
    }
    for r in &assessment.results {
        let (line, unrated) = match r.rated {
            Ok(line) => (Some(line.key()), None),
            Err(why) => (None, Some(why.key())),
        };
        run!(tx.db(), |c, d| sqlx::query(&d.sql(
            "INSERT INTO player_results (match_id, seat, seq, guild, game, user_id, deck_name, opponents,
                 result, line, unrated, rating_before, rating_after, finished_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ))
        .bind(p.match_id)
        .bind(r.seat)
        .bind(p.seq)
        .bind(&p.guild)
        .bind(&p.game)
        .bind(&r.user_id)
        .bind(&r.deck_name)
        .bind(&r.opponents)
        .bind(r.result.map(MatchResult::key))
        .bind(line)
        .bind(unrated)
        .bind(r.change.map(|c| c.0))
        .bind(r.change.map(|c| c.1))
        .bind(p.finished_at)
        .execute(c)
        .await?
        .rows_affected());
        let result = r.result.map(MatchResult::key);
        let count = |k: &str| i64::from(result == Some(k));
        for (kind, heading) in RecordKind::headings(line, unrated, &r.deck_name, &r.opponents) {
            run!(tx.db(), |c, d| {
                sqlx::query(&d.sql(
                "INSERT INTO player_records (guild, user_id, game, kind, heading, played, wins, losses, draws)
                 VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7, ?8)
                 ON CONFLICT (guild, user_id, game, kind, heading) DO UPDATE SET
                     played = player_records.played + 1, wins = player_records.wins + excluded.wins,
                     losses = player_records.losses + excluded.losses,
                     draws = player_records.draws + excluded.draws",
            ))
            .bind(&p.guild)
            .bind(&r.user_id)
            .bind(&p.game)
            .bind(kind.key())
            .bind(heading)
            .bind(count("win"))
            .bind(count("loss"))
            .bind(count("draw"))
            .execute(c)
            .await?
            .rows_affected()
            });
        }
    }
    for r in &assessment.ratings {
        run!(tx.db(), |c, d| sqlx::query(&d.sql(
            "INSERT INTO ratings (guild, game, line, user_id, rating, deviation, volatility,
                 matches, wins, losses, draws, streak)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (guild, game, line, user_id) DO UPDATE SET
                 rating = excluded.rating, deviation = excluded.deviation,
                 volatility = excluded.volatility, matches = excluded.matches,
                 wins = excluded.wins, losses = excluded.losses, draws = excluded.draws,
                 streak = excluded.streak",
        ))
        .bind(&r.guild)
        .bind(&r.game)
        .bind(r.line.key())
        .bind(&r.user_id)
        .bind(r.rating)
        .bind(r.deviation)
        .bind(r.volatility)
        .bind(r.matches)
        .bind(r.wins)
        .bind(r.losses)
        .bind(r.draws)
        .bind(r.streak)
        .execute(c)
        .await?
        .rows_affected());
    }
    let marked = run!(tx.db(), |c, d| sqlx::query(
        &d.sql("UPDATE match_results SET rated = 1 WHERE seq = ? AND rated = 0")
    )
    .bind(p.seq)
    .execute(c)
    .await?
    .rows_affected());
    if marked != 1 {
        return Err(StoreError::Invalid("a finished match was rated twice"));
    }
    Ok(())
}
