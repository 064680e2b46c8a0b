//! Users and their play settings.

use super::{with_reader, with_writer, Store, StoreError};

/// A row of `users`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UserRow {
    /// Discord (or console) user id.
    pub id: String,
    /// Display name, as last seen.
    pub name: String,
    /// Stop for priority even when autopilot could pass.
    pub hold_priority: bool,
    /// Send turn reminders by direct message (opt-in).
    pub dm_reminders: bool,
    /// Let the table pass a stop even when only hidden cards show there is no answer.
    pub auto_pass: bool,
    /// Send the hand by direct message when the player's turn begins.
    pub turn_dm: bool,
    /// First seen (unix seconds).
    pub created_at: i64,
}

/// A user's play settings. All off by default (reminders come as a ping
/// in the match thread unless `dm_reminders` is on) but `turn_dm`: a
/// turn's start comes as a direct message holding the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserSettings {
    /// Stop for priority even when autopilot could pass.
    pub hold_priority: bool,
    /// Send turn reminders by direct message (opt-in).
    pub dm_reminders: bool,
    /// Let the table pass a priority stop for the player when they have no
    /// answer, even when only their own hidden cards show it (the
    /// opponents can then infer that they had none).
    pub auto_pass: bool,
    /// When the player's turn begins, send their hand (with its buttons)
    /// by direct message instead of pinging them in the match thread, so
    /// the message that tells them is the one they act from.
    pub turn_dm: bool,
}

impl Default for UserSettings {
    fn default() -> Self {
        UserSettings { hold_priority: false, dm_reminders: false, auto_pass: false, turn_dm: true }
    }
}

impl Store {
    /// The user, created with default settings if new; `name` refreshes the
    /// stored display name.
    pub async fn get_or_create_user(&self, id: &str, name: &str) -> Result<UserRow, StoreError> {
        Ok(with_writer!(self, |c, d| sqlx::query_as(&d.sql(
            "INSERT INTO users (id, name, dm_reminders) VALUES (?, ?, FALSE)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name
             RETURNING *",
        ))
        .bind(id)
        .bind(name)
        .fetch_one(c)
        .await?))
    }

    /// The user's settings; the defaults for a user never seen.
    pub async fn user_settings(&self, id: &str) -> Result<UserSettings, StoreError> {
        let row: Option<(bool, bool, bool, bool)> = with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT hold_priority, dm_reminders, auto_pass, turn_dm FROM users WHERE id = ?")
        )
        .bind(id)
        .fetch_optional(c)
        .await?);
        Ok(row.map_or_else(UserSettings::default, |(hold_priority, dm_reminders, auto_pass, turn_dm)| {
            UserSettings { hold_priority, dm_reminders, auto_pass, turn_dm }
        }))
    }

    /// Stores the user's settings (creating the user, with no name yet, if new).
    pub async fn set_user_settings(&self, id: &str, settings: UserSettings) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(&d.sql(
            "INSERT INTO users (id, hold_priority, dm_reminders, auto_pass, turn_dm) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (id) DO UPDATE SET
                 hold_priority = excluded.hold_priority,
                 dm_reminders = excluded.dm_reminders,
                 auto_pass = excluded.auto_pass,
                 turn_dm = excluded.turn_dm",
        ))
        .bind(id)
        .bind(settings.hold_priority)
        .bind(settings.dm_reminders)
        .bind(settings.auto_pass)
        .bind(settings.turn_dm)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }
}

/// The keys of a comma-separated list of standing orders.
pub(crate) fn order_keys(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|k| !k.is_empty()).map(str::to_owned).collect()
}

impl Store {
    /// The user's standing orders for every match (keys; none for a user never seen).
    pub async fn user_orders(&self, id: &str) -> Result<Vec<String>, StoreError> {
        let row: Option<String> = with_reader!(self, |c, d| sqlx::query_scalar(
            &d.sql("SELECT standing_orders FROM users WHERE id = ?")
        )
        .bind(id)
        .fetch_optional(c)
        .await?);
        Ok(row.as_deref().map(order_keys).unwrap_or_default())
    }

    /// Stores the user's standing orders for every match (creating the user if new).
    pub async fn set_user_orders(&self, id: &str, keys: &[String]) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(&d.sql(
            "INSERT INTO users (id, standing_orders) VALUES (?, ?)
             ON CONFLICT (id) DO UPDATE SET standing_orders = excluded.standing_orders",
        ))
        .bind(id)
        .bind(keys.join(","))
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The user's stops for every match, as stored ("end,no-blockers";
    /// empty for a user never seen).
    pub async fn user_stops(&self, id: &str) -> Result<String, StoreError> {
        let row: Option<String> =
            with_reader!(self, |c, d| sqlx::query_scalar(&d.sql("SELECT stops FROM users WHERE id = ?"))
                .bind(id)
                .fetch_optional(c)
                .await?);
        Ok(row.unwrap_or_default())
    }

    /// Stores the user's stops for every match (creating the user if new).
    pub async fn set_user_stops(&self, id: &str, stops: &str) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(&d.sql(
            "INSERT INTO users (id, stops) VALUES (?, ?)
             ON CONFLICT (id) DO UPDATE SET stops = excluded.stops",
        ))
        .bind(id)
        .bind(stops)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }
}

/// What bears on how a match's board is shown ([`Store::match_board_settings`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardSettings {
    /// Each seated player, in seat order, with their own `board` setting
    /// (`None`: not chosen).
    pub players: Vec<(String, Option<String>)>,
    /// The server's default (`None`: none set, or no server).
    pub server: Option<String>,
}

impl Store {
    /// The user's `board` setting ('text', 'image', 'both'; `None`: not chosen).
    pub async fn user_board(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row: Option<Option<String>> =
            with_reader!(self, |c, d| sqlx::query_scalar(&d.sql("SELECT board FROM users WHERE id = ?"))
                .bind(id)
                .fetch_optional(c)
                .await?);
        Ok(row.flatten())
    }

    /// Stores the user's `board` setting (creating the user if new).
    pub async fn set_user_board(&self, id: &str, board: &str) -> Result<(), StoreError> {
        with_writer!(self, |c, d| {
            sqlx::query(&d.sql(
            "INSERT INTO users (id, board) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET board = excluded.board",
        ))
        .bind(id)
        .bind(board)
        .execute(c)
        .await?
        .rows_affected()
        });
        Ok(())
    }

    /// The server's default `board` setting (`None`: none set).
    pub async fn server_board(&self, guild: &str) -> Result<Option<String>, StoreError> {
        let row: Option<Option<String>> = with_reader!(self, |c, d| sqlx::query_scalar(
            &d.sql("SELECT board FROM guild_settings WHERE guild = ?")
        )
        .bind(guild)
        .fetch_optional(c)
        .await?);
        Ok(row.flatten())
    }

    /// Stores the server's default `board` setting.
    pub async fn set_server_board(&self, guild: &str, board: &str) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(&d.sql(
            "INSERT INTO guild_settings (guild, board) VALUES (?1, ?2)
             ON CONFLICT (guild) DO UPDATE SET board = excluded.board",
        ))
        .bind(guild)
        .bind(board)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The settings that decide how match `match_id`'s board is shown: its
    /// players' own and its server's default.
    pub async fn match_board_settings(&self, match_id: i64) -> Result<BoardSettings, StoreError> {
        let players: Vec<(String, Option<String>)> = with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT s.user_id, u.board FROM match_seats s LEFT JOIN users u ON u.id = s.user_id
             WHERE s.match_id = ? ORDER BY s.seat"
        ))
        .bind(match_id)
        .fetch_all(c)
        .await?);
        let server: Option<Option<String>> = with_reader!(self, |c, d| {
            sqlx::query_scalar(&d.sql(
            "SELECT g.board FROM matches m JOIN guild_settings g ON g.guild = COALESCE(m.guild, '') WHERE m.id = ?"
        ))
        .bind(match_id)
        .fetch_optional(c)
        .await?
        });
        Ok(BoardSettings { players, server: server.flatten() })
    }
}
