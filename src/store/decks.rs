//! Saved deck lists, per owner and game.

use super::{run, with_reader, with_writer, Store, StoreError};

/// How long a deck import waits for its "Replace it" (seconds).
const REPLACEMENT_SECONDS: i64 = 24 * 3600;

/// A row of `decks`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DeckRow {
    /// Deck id.
    pub id: i64,
    /// Owning user.
    pub owner: String,
    /// Game id.
    pub game: String,
    /// Deck name, unique per owner and game, case-insensitively.
    pub name: String,
    /// The deck list text, as the player wrote it.
    pub cards: String,
    /// Creation time (unix seconds).
    pub created_at: i64,
}

/// A row of `deck_replacements`: a checked list waiting to replace the
/// owner's deck of that name.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DeckReplacement {
    /// Its id (carried by the "Replace it" button).
    pub id: i64,
    /// Owning user.
    pub owner: String,
    /// Game id.
    pub game: String,
    /// Name of the deck it replaces.
    pub name: String,
    /// The new list.
    pub cards: String,
    /// When it was imported (unix seconds).
    pub created_at: i64,
}

impl Store {
    /// Keeps a list that is to replace the owner's deck `name` once they
    /// confirm, and returns its id. An earlier list waiting for the same
    /// deck is dropped, and so is any list older than a day.
    pub async fn propose_deck_replacement(
        &self,
        owner: &str,
        game: &str,
        name: &str,
        cards: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        run!(tx.db(), |c, d| sqlx::query(&d.sql(
            "DELETE FROM deck_replacements
             WHERE (owner = ? AND game = ? AND name = ?) OR created_at < ?",
        ))
        .bind(owner)
        .bind(game)
        .bind(name)
        .bind(now - REPLACEMENT_SECONDS)
        .execute(c)
        .await?
        .rows_affected());
        let id = run!(tx.db(), |c, d| sqlx::query_scalar(&d.sql(
            "INSERT INTO deck_replacements (owner, game, name, cards, created_at)
             VALUES (?, ?, ?, ?, ?) RETURNING id",
        ))
        .bind(owner)
        .bind(game)
        .bind(name)
        .bind(cards)
        .bind(now)
        .fetch_one(c)
        .await?);
        tx.commit().await?;
        Ok(id)
    }

    /// The waiting replacement `id`, if it still waits (not used, not
    /// superseded, not older than a day at `now`).
    pub async fn deck_replacement(&self, id: i64, now: i64) -> Result<Option<DeckReplacement>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT * FROM deck_replacements WHERE id = ? AND created_at >= ?")
        )
        .bind(id)
        .bind(now - REPLACEMENT_SECONDS)
        .fetch_optional(c)
        .await?))
    }

    /// Replaces `owner`'s deck with the waiting replacement `id`, in one
    /// transaction, and returns the saved deck; `None` when there is no
    /// such replacement of theirs (already used, superseded or expired), or
    /// when they no longer have that deck (a replacement never adds a
    /// deck), in which case nothing changes.
    pub async fn replace_deck(&self, id: i64, owner: &str, now: i64) -> Result<Option<DeckRow>, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let taken: Option<DeckReplacement> = run!(tx.db(), |c, d| sqlx::query_as(&d.sql(
            "DELETE FROM deck_replacements WHERE id = ? AND owner = ? AND created_at >= ? RETURNING *",
        ))
        .bind(id)
        .bind(owner)
        .bind(now - REPLACEMENT_SECONDS)
        .fetch_optional(c)
        .await?);
        let Some(r) = taken else { return Ok(None) };
        // Only a deck the owner still has is replaced: a replacement never
        // adds a deck, so it cannot pass the cap on saved decks.
        let row: Option<DeckRow> = run!(tx.db(), |c, d| {
            sqlx::query_as(&d.sql(
            "UPDATE decks SET name = ?3, cards = ?4 WHERE owner = ?1 AND game = ?2 AND name = ?3 RETURNING *",
        ))
        .bind(&r.owner)
        .bind(&r.game)
        .bind(&r.name)
        .bind(&r.cards)
        .fetch_optional(c)
        .await?
        });
        if row.is_some() {
            tx.commit().await?;
        }
        Ok(row)
    }

    /// Saves a deck, replacing the owner's deck of that name (any case) for
    /// that game, and returns it; `None` (nothing written) when the name is
    /// new and the owner already keeps `most` decks, over every game. The
    /// count and the write are one statement, so two imports at once cannot
    /// pass the cap.
    pub async fn save_deck(
        &self,
        owner: &str,
        game: &str,
        name: &str,
        cards: &str,
        most: usize,
    ) -> Result<Option<DeckRow>, StoreError> {
        Ok(with_writer!(self, |c, d| sqlx::query_as(&d.sql(SAVE_DECK))
            .bind(owner)
            .bind(game)
            .bind(name)
            .bind(cards)
            .bind(i64::try_from(most).unwrap_or(i64::MAX))
            .fetch_optional(c)
            .await?))
    }

    /// How many decks the owner keeps, over every game.
    pub async fn deck_count(&self, owner: &str) -> Result<usize, StoreError> {
        let n: i64 = with_reader!(self, |c, d| sqlx::query_scalar(
            &d.sql("SELECT COUNT(*) FROM decks WHERE owner = ?")
        )
        .bind(owner)
        .fetch_one(c)
        .await?);
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// The game and name of each of the owner's decks, by game and name:
    /// what deck autocomplete offers. Read from the `(owner, game, name)`
    /// unique index alone (a covering index: the lists are not read).
    pub async fn deck_names(&self, owner: &str) -> Result<Vec<(String, String)>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT game, name FROM decks WHERE owner = ? ORDER BY game, name")
        )
        .bind(owner)
        .fetch_all(c)
        .await?))
    }

    /// The owner's decks, for `game` when given, by game and name.
    pub async fn decks(&self, owner: &str, game: Option<&str>) -> Result<Vec<DeckRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT * FROM decks WHERE owner = ?1 AND (?2 IS NULL OR game = ?2)
             ORDER BY game, name",
        ))
        .bind(owner)
        .bind(game)
        .fetch_all(c)
        .await?))
    }

    /// The owner's deck of that name (any case) for `game`.
    pub async fn deck(&self, owner: &str, game: &str, name: &str) -> Result<Option<DeckRow>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT * FROM decks WHERE owner = ? AND game = ? AND name = ?")
        )
        .bind(owner)
        .bind(game)
        .bind(name)
        .fetch_optional(c)
        .await?))
    }

    /// Deletes the owner's deck of that name (any case); false if there was none.
    pub async fn delete_deck(&self, owner: &str, game: &str, name: &str) -> Result<bool, StoreError> {
        let deleted = with_writer!(self, |c, d| sqlx::query(
            &d.sql("DELETE FROM decks WHERE owner = ? AND game = ? AND name = ?")
        )
        .bind(owner)
        .bind(game)
        .bind(name)
        .execute(c)
        .await?
        .rows_affected());
        Ok(deleted > 0)
    }
}

/// Saves a deck (owner ?1, game ?2, name ?3, cards ?4), replacing the
/// owner's deck of that name (any case) for that game; a new name only
/// while the owner keeps fewer than ?5 decks.
const SAVE_DECK: &str = "INSERT INTO decks (owner, game, name, cards)
     SELECT ?1, ?2, ?3, ?4
     WHERE (SELECT COUNT(*) FROM decks WHERE owner = ?1) < ?5
        OR EXISTS (SELECT 1 FROM decks WHERE owner = ?1 AND game = ?2 AND name = ?3)
     ON CONFLICT (owner, game, name)
     DO UPDATE SET name = excluded.name, cards = excluded.cards
     RETURNING *";
