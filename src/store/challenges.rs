//! Challenges: an invitation to a match, answered once.

use super::matches::{insert_match, NewMatch};
use super::servers::NOT_PAUSED;
use super::{run, with_reader, with_writer, Store, StoreError};

/// Where a challenge stands. Only an `Open` challenge can change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, sqlx::Type)]
#[sqlx(type_name = "challenge_status", rename_all = "lowercase")]
pub enum ChallengeStatus {
    /// Waiting for the opponent.
    Open,
    /// Accepted; `match_id` names the match.
    Accepted,
    /// Declined by the opponent.
    Declined,
    /// Not answered in time.
    Expired,
    /// Withdrawn by the challenger.
    Cancelled,
}

/// A row of `challenges`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ChallengeRow {
    /// Challenge id.
    pub id: i64,
    /// Discord guild (none for DMs and the console).
    pub guild: Option<String>,
    /// Channel the challenge was made in (a thread's parent): its match
    /// opens in a new thread there.
    pub channel: String,
    /// The thread the challenge was typed and posted in, if any: its
    /// answers are posted there too.
    pub thread: Option<String>,
    /// User who challenged.
    pub challenger: String,
    /// User challenged.
    pub opponent: String,
    /// Game id.
    pub game: String,
    /// Deck name of the challenger.
    pub challenger_deck: String,
    /// Rules variant.
    pub variant: Option<String>,
    /// Hours per decision in the match to come.
    pub deadline_hours: i64,
    /// Where the challenge stands.
    pub status: ChallengeStatus,
    /// The match, once accepted.
    pub match_id: Option<i64>,
    /// Message id of the challenge post.
    pub message_id: Option<String>,
    /// Creation time (unix seconds).
    pub created_at: i64,
    /// When an unanswered challenge expires (unix seconds).
    pub expires_at: i64,
    /// The user who takes the first turn (a rematch); `None`: the game decides.
    pub starts: Option<String>,
    /// The multiplayer mode; `None`: the game's default.
    pub mode: Option<String>,
    /// The deck assembly method; `None`: every player brings a deck.
    pub assembly: Option<String>,
    /// Games the match is the best of (3); `None`: a single game.
    pub best_of: Option<i64>,
    /// The match time limit in seconds; `None`: none.
    pub time_limit: Option<i64>,
}

/// A seat of a challenge: who sits there and, once they accepted, their deck.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ChallengeSeat {
    /// The seat in the match to come (0 first).
    pub seat: i64,
    /// The player.
    pub user_id: String,
    /// Their deck, once they accepted (the challenger's from the start).
    pub deck_name: Option<String>,
}

/// A challenge about to be posted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewChallenge {
    /// Discord guild.
    pub guild: Option<String>,
    /// Channel of the challenge (a thread's parent).
    pub channel: String,
    /// The thread the challenge is posted in, when typed in one.
    pub thread: Option<String>,
    /// User who challenges.
    pub challenger: String,
    /// User challenged.
    pub opponent: String,
    /// Game id.
    pub game: String,
    /// Deck name of the challenger.
    pub challenger_deck: String,
    /// Rules variant.
    pub variant: Option<String>,
    /// Hours per decision in the match to come.
    pub deadline_hours: i64,
    /// Current time (unix seconds).
    pub created_at: i64,
    /// When it expires unanswered (unix seconds).
    pub expires_at: i64,
    /// The user who takes the first turn (a rematch); `None`: the game decides.
    pub starts: Option<String>,
    /// The multiplayer mode; `None`: the game's default.
    pub mode: Option<String>,
    /// The deck assembly method; `None`: every player brings a deck.
    pub assembly: Option<String>,
    /// Games the match is the best of (3); `None`: a single game.
    pub best_of: Option<i64>,
    /// The match time limit in seconds; `None`: none.
    pub time_limit: Option<i64>,
    /// Every player in seat order, the challenger among them with their
    /// deck; empty: the challenger then the opponent.
    pub seats: Vec<String>,
}

impl Store {
    /// Stores a new open challenge and returns its id.
    pub async fn create_challenge(&self, new: &NewChallenge) -> Result<i64, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let id: i64 = run!(tx.db(), |c, d| sqlx::query_scalar(&d.sql(
            "INSERT INTO challenges (guild, channel, challenger, opponent, game, challenger_deck,
                 variant, deadline_hours, status, created_at, expires_at, starts, mode, assembly,
                 best_of, time_limit, thread)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?)
             RETURNING id",
        ))
        .bind(&new.guild)
        .bind(&new.channel)
        .bind(&new.challenger)
        .bind(&new.opponent)
        .bind(&new.game)
        .bind(&new.challenger_deck)
        .bind(&new.variant)
        .bind(new.deadline_hours)
        .bind(new.created_at)
        .bind(new.expires_at)
        .bind(&new.starts)
        .bind(&new.mode)
        .bind(&new.assembly)
        .bind(new.best_of)
        .bind(new.time_limit)
        .bind(&new.thread)
        .fetch_one(c)
        .await?);
        let pair = [new.challenger.clone(), new.opponent.clone()];
        let seats = if new.seats.is_empty() { &pair[..] } else { &new.seats[..] };
        for (seat, user) in seats.iter().enumerate() {
            let deck = (*user == new.challenger).then_some(&new.challenger_deck);
            run!(tx.db(), |c, d| sqlx::query(&d.sql(
                "INSERT INTO challenge_seats (challenge_id, seat, user_id, deck_name) VALUES (?, ?, ?, ?)",
            ))
            .bind(id)
            .bind(seat as i64)
            .bind(user)
            .bind(deck)
            .execute(c)
            .await?
            .rows_affected());
        }
        tx.commit().await?;
        Ok(id)
    }

    /// The seats of a challenge, in seat order.
    pub async fn challenge_seats(&self, id: i64) -> Result<Vec<ChallengeSeat>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT seat, user_id, deck_name FROM challenge_seats WHERE challenge_id = ? ORDER BY seat",
        ))
        .bind(id)
        .fetch_all(c)
        .await?))
    }

    /// Records that `user` accepted open challenge `id` with `deck`; returns
    /// the seats as they stand, or `None` when the challenge was no longer
    /// open or the user had no seat still waiting for a deck.
    pub async fn accept_seat(
        &self,
        id: i64,
        user: &str,
        deck: &str,
    ) -> Result<Option<Vec<ChallengeSeat>>, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let updated = run!(tx.db(), |c, d| sqlx::query(&d.sql(
            "UPDATE challenge_seats SET deck_name = ?
             WHERE challenge_id = ? AND user_id = ? AND deck_name IS NULL
               AND EXISTS (SELECT 1 FROM challenges WHERE id = ? AND status = 'open')",
        ))
        .bind(deck)
        .bind(id)
        .bind(user)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        if updated == 0 {
            return Ok(None);
        }
        let seats = run!(tx.db(), |c, d| sqlx::query_as(&d.sql(
            "SELECT seat, user_id, deck_name FROM challenge_seats WHERE challenge_id = ? ORDER BY seat",
        ))
        .bind(id)
        .fetch_all(c)
        .await?);
        tx.commit().await?;
        Ok(Some(seats))
    }

    /// The challenge with this id.
    pub async fn challenge(&self, id: i64) -> Result<ChallengeRow, StoreError> {
        with_reader!(self, |c, d| sqlx::query_as(&d.sql("SELECT * FROM challenges WHERE id = ?"))
            .bind(id)
            .fetch_optional(c)
            .await?)
        .ok_or_else(|| challenge_not_found(id))
    }

    /// Records the message id of the challenge post.
    pub async fn set_challenge_message(&self, id: i64, message_id: &str) -> Result<(), StoreError> {
        let updated = with_writer!(self, |c, d| sqlx::query(
            &d.sql("UPDATE challenges SET message_id = ? WHERE id = ?")
        )
        .bind(message_id)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        if updated == 0 {
            return Err(challenge_not_found(id));
        }
        Ok(())
    }

    /// Moves an open challenge to `status`. Returns false when it was no
    /// longer open (already answered, expired or withdrawn), so a challenge
    /// is answered once. To accept with a match, use
    /// [`Store::accept_challenge`].
    pub async fn set_challenge_status(&self, id: i64, status: ChallengeStatus) -> Result<bool, StoreError> {
        if status == ChallengeStatus::Open {
            return Err(StoreError::Invalid("a challenge cannot be reopened"));
        }
        let updated = with_writer!(self, |c, d| sqlx::query(
            &d.sql("UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'")
        )
        .bind(status)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        Ok(updated > 0)
    }

    /// Accepts an open, unexpired challenge and creates its match, in one
    /// transaction. Returns the new match id, or `None` when the challenge
    /// was no longer open or had expired at `now` (nothing is created).
    pub async fn accept_challenge(
        &self,
        id: i64,
        now: i64,
        new: &NewMatch,
    ) -> Result<Option<i64>, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let accepted = run!(tx.db(), |c, d| sqlx::query(&d.sql(
            "UPDATE challenges SET status = 'accepted'
             WHERE id = ? AND status = 'open' AND expires_at > ?",
        ))
        .bind(id)
        .bind(now)
        .execute(c)
        .await?
        .rows_affected());
        if accepted == 0 {
            return Ok(None);
        }
        let match_id = insert_match(&mut tx, new).await?;
        run!(tx.db(), |c, d| sqlx::query(&d.sql("UPDATE challenges SET match_id = ? WHERE id = ?"))
            .bind(match_id)
            .bind(id)
            .execute(c)
            .await?
            .rows_affected());
        tx.commit().await?;
        Ok(Some(match_id))
    }

    /// An open, unexpired challenge seating both `a` and `b`,
    /// for `game` when given.
    pub async fn open_challenge_between(
        &self,
        a: &str,
        b: &str,
        game: Option<&str>,
        now: i64,
    ) -> Result<Option<ChallengeRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT * FROM challenges c
             WHERE status = 'open' AND expires_at > ?4
               AND EXISTS (SELECT 1 FROM challenge_seats WHERE challenge_id = c.id AND user_id = ?1)
               AND EXISTS (SELECT 1 FROM challenge_seats WHERE challenge_id = c.id AND user_id = ?2)
               AND (?3 IS NULL OR game = ?3)
             ORDER BY id LIMIT 1",
        ))
        .bind(a)
        .bind(b)
        .bind(game)
        .bind(now)
        .fetch_optional(c)
        .await?))
    }

    /// Expires every open challenge whose time is up at `now` and returns
    /// them, so their posts can be updated.
    pub async fn expire_due_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>, StoreError> {
        // A paused server's challenges wait (`server_present` moves
        // their expiry on by the pause).
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(&format!(
            "UPDATE challenges AS m SET status = 'expired'
             WHERE status = 'open' AND expires_at <= ? AND {NOT_PAUSED}
             RETURNING *"
        )))
        .bind(now)
        .fetch_all(c)
        .await?))
    }
}

fn challenge_not_found(id: i64) -> StoreError {
    StoreError::NotFound(format!("challenge {id}"))
}
