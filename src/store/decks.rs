//! Saved deck lists, per owner and game.

use super::{Store, StoreError};

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

impl Store {
    /// Saves a deck, replacing the owner's deck of that name (any case) for
    /// that game, and returns it.
    pub async fn save_deck(
        &self,
        owner: &str,
        game: &str,
        name: &str,
        cards: &str,
    ) -> Result<DeckRow, StoreError> {
        Ok(sqlx::query_as(
            "INSERT INTO decks (owner, game, name, cards) VALUES (?, ?, ?, ?)
             ON CONFLICT (owner, game, name)
             DO UPDATE SET name = excluded.name, cards = excluded.cards
             RETURNING *",
        )
        .bind(owner)
        .bind(game)
        .bind(name)
        .bind(cards)
        .fetch_one(&mut *self.writer().await?)
        .await?)
    }

    /// The owner's decks, for `game` when given, by game and name.
    pub async fn decks(&self, owner: &str, game: Option<&str>) -> Result<Vec<DeckRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT * FROM decks WHERE owner = ?1 AND (?2 IS NULL OR game = ?2)
             ORDER BY game, name",
        )
        .bind(owner)
        .bind(game)
        .fetch_all(&mut *self.reader().await?)
        .await?)
    }

    /// The owner's deck of that name (any case) for `game`.
    pub async fn deck(&self, owner: &str, game: &str, name: &str) -> Result<Option<DeckRow>, StoreError> {
        Ok(sqlx::query_as("SELECT * FROM decks WHERE owner = ? AND game = ? AND name = ?")
            .bind(owner)
            .bind(game)
            .bind(name)
            .fetch_optional(&mut *self.reader().await?)
            .await?)
    }

    /// Deletes the owner's deck of that name (any case); false if there was none.
    pub async fn delete_deck(&self, owner: &str, game: &str, name: &str) -> Result<bool, StoreError> {
        let deleted = sqlx::query("DELETE FROM decks WHERE owner = ? AND game = ? AND name = ?")
            .bind(owner)
            .bind(game)
            .bind(name)
            .execute(&mut *self.writer().await?)
            .await?
            .rows_affected();
        Ok(deleted > 0)
    }
}
