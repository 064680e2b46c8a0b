//! What abuse limits count, kept so that `/privacy erase` does not reset
//! them (migration 0025): one mark per counted action, naming people by
//! a keyed hash of their Discord id, never by the id, and deleted once its
//! limit's window is over. Erasing re-keys every row that names the
//! person to a pseudonym; the hash of their id stays what it was, so a
//! limit counts their actions before and after alike.
//!
//! Also here: the erasures each server counts (for its managers: how
//! many, never who) and the caps its managers set.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::{run, with_reader, with_writer, Store, StoreError};

/// What a mark counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitKind {
    /// A challenge (rematches included), by challenger and invited player.
    Challenge,
    /// A match opened against the computer, any level, by the person.
    ComputerMatch,
    /// A hint searched for the person (a hint shown again is not counted).
    Hint,
}

impl LimitKind {
    fn key(self) -> &'static str {
        match self {
            LimitKind::Challenge => "challenge",
            LimitKind::ComputerMatch => "computer",
            LimitKind::Hint => "hint",
        }
    }
}

/// A server's caps on active matches, as its managers set them (`None`:
/// the bot's default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ServerCaps {
    /// Active matches one member may sit in at once.
    pub member_matches: Option<i64>,
    /// Active matches in the server at once.
    pub server_matches: Option<i64>,
}

impl Store {
    /// The key of the hashes, made at random by the first caller (read
    /// first: only the very first call writes).
    async fn limit_key(&self) -> Result<String, StoreError> {
        let read = || async {
            Ok::<Option<String>, StoreError>(with_reader!(self, |c, d| sqlx::query_scalar(
                &d.sql("SELECT secret FROM limit_key WHERE id = 1")
            )
            .fetch_optional(c)
            .await?))
        };
        if let Some(key) = read().await? {
            return Ok(key);
        }
        let fresh: [u8; 32] = rand::random();
        let fresh: String = fresh.iter().map(|b| format!("{b:02x}")).collect();
        // Two processes may race here: the first key stays, both read it.
        with_writer!(self, |c, d| sqlx::query(
            &d.sql("INSERT INTO limit_key (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING")
        )
        .bind(&fresh)
        .execute(c)
        .await?
        .rows_affected());
        read().await?.ok_or(StoreError::Invalid("the limit key was not stored"))
    }

    /// `ids` as the marks name them: HMAC-SHA256 under the store's key,
    /// hex. The same id gives the same text for as long as the database
    /// lives; the id cannot be read back from it without the key.
    async fn limit_hashes<const N: usize>(&self, ids: [&str; N]) -> Result<[String; N], StoreError> {
        let key = self.limit_key().await?;
        Ok(ids.map(|id| {
            if id.is_empty() {
                return String::new();
            }
            let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC takes any key length");
            mac.update(id.as_bytes());
            mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
        }))
    }

    /// When `who` did `kind` (to `whom`, for a challenge; `""` otherwise)
    /// at or after `since`, oldest first, erasures notwithstanding.
    pub async fn limit_times_since(
        &self,
        kind: LimitKind,
        who: &str,
        whom: &str,
        since: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let [who, whom] = self.limit_hashes([who, whom]).await?;
        Ok(with_reader!(self, |c, d| sqlx::query_scalar(&d.sql(
            "SELECT at FROM limit_marks WHERE kind = ?1 AND who = ?2 AND whom = ?3 AND at >= ?4 ORDER BY at"
        ))
        .bind(kind.key())
        .bind(&who)
        .bind(&whom)
        .bind(since)
        .fetch_all(c)
        .await?))
    }

    /// Marks that `who` did `kind` (to `whom`) at `now`, for a limit whose
    /// window is `window` seconds; marks whose window is over go.
    pub async fn add_limit_mark(
        &self,
        kind: LimitKind,
        who: &str,
        whom: &str,
        now: i64,
        window: i64,
    ) -> Result<(), StoreError> {
        let [who, whom] = self.limit_hashes([who, whom]).await?;
        let mut writer = self.writer().await?;
        run!(writer.db(), |c, d| sqlx::query(&d.sql("DELETE FROM limit_marks WHERE expires_at <= ?"))
            .bind(now)
            .execute(c)
            .await?
            .rows_affected());
        run!(writer.db(), |c, d| sqlx::query(
            &d.sql("INSERT INTO limit_marks (kind, who, whom, at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        )
        .bind(kind.key())
        .bind(&who)
        .bind(&whom)
        .bind(now)
        .bind(now + window)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Deletes one mark of `who` doing `kind` (to `whom`) at `at`, if any.
    pub async fn remove_limit_mark(
        &self,
        kind: LimitKind,
        who: &str,
        whom: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        let [who, whom] = self.limit_hashes([who, whom]).await?;
        // One row: the first of them by rowid (SQLite) or ctid (PostgreSQL).
        with_writer!(self, |c, d| sqlx::query(&d.pick(
            "DELETE FROM limit_marks WHERE rowid = (SELECT rowid FROM limit_marks
                 WHERE kind = ?1 AND who = ?2 AND whom = ?3 AND at = ?4 LIMIT 1)",
            "DELETE FROM limit_marks WHERE ctid = (SELECT ctid FROM limit_marks
                 WHERE kind = ?1 AND who = ?2 AND whom = ?3 AND at = ?4 LIMIT 1)",
        ))
        .bind(kind.key())
        .bind(&who)
        .bind(&whom)
        .bind(at)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The marks that name `user` as the one who acted, as `/privacy`
    /// shows them: kind, when, and when the mark goes.
    pub async fn limit_marks_of(&self, user: &str) -> Result<Vec<(String, i64, i64)>, StoreError> {
        let [who] = self.limit_hashes([user]).await?;
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT kind, at, expires_at FROM limit_marks WHERE who = ? ORDER BY at")
        )
        .bind(&who)
        .fetch_all(c)
        .await?))
    }

    /// Every mark still kept, as `(kind, who, whom)` (tests: that no id is in them).
    pub async fn limit_marks(&self) -> Result<Vec<(String, String, String)>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT kind, who, whom FROM limit_marks ORDER BY at")
        )
        .fetch_all(c)
        .await?))
    }

    /// The servers `user` played or was challenged in.
    pub async fn guilds_of(&self, user: &str) -> Result<Vec<String>, StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_scalar(&d.sql(
            "SELECT guild FROM challenges c
             WHERE guild IS NOT NULL AND (challenger = ?1 OR opponent = ?1
                OR EXISTS (SELECT 1 FROM challenge_seats s WHERE s.challenge_id = c.id AND s.user_id = ?1))
             UNION
             SELECT m.guild FROM matches m JOIN match_seats s ON s.match_id = m.id
             WHERE m.guild IS NOT NULL AND s.user_id = ?1
             ORDER BY 1"
        ))
        .bind(user)
        .fetch_all(c)
        .await?))
    }

    /// Notes an erasure in each of `guilds` at `now` (a count, no name).
    pub async fn note_erasure(&self, guilds: &[String], now: i64) -> Result<(), StoreError> {
        for guild in guilds {
            with_writer!(self, |c, d| sqlx::query(
                &d.sql("INSERT INTO erasures (guild, erased_at) VALUES (?, ?)")
            )
            .bind(guild)
            .bind(now)
            .execute(c)
            .await?
            .rows_affected());
        }
        Ok(())
    }

    /// How many people who played or were challenged in `guild` erased
    /// their data there: all told, and at or after `since`.
    pub async fn erasures(&self, guild: &str, since: i64) -> Result<(i64, i64), StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN erased_at >= ?2 THEN 1 ELSE 0 END), 0)
             FROM erasures WHERE guild = ?1"
        ))
        .bind(guild)
        .bind(since)
        .fetch_one(c)
        .await?))
    }

    /// The caps `guild`'s managers set.
    pub async fn server_caps(&self, guild: &str) -> Result<ServerCaps, StoreError> {
        let row: Option<(Option<i64>, Option<i64>)> = with_reader!(self, |c, d| sqlx::query_as(
            &d.sql("SELECT member_matches, server_matches FROM guild_settings WHERE guild = ?")
        )
        .bind(guild)
        .fetch_optional(c)
        .await?);
        let (member_matches, server_matches) = row.unwrap_or_default();
        Ok(ServerCaps { member_matches, server_matches })
    }

    /// Sets `guild`'s caps: each `Some` replaces the stored one.
    pub async fn set_server_caps(&self, guild: &str, caps: ServerCaps) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(&d.sql(
            "INSERT INTO guild_settings (guild, member_matches, server_matches) VALUES (?1, ?2, ?3)
             ON CONFLICT (guild) DO UPDATE SET
                member_matches = COALESCE(excluded.member_matches, guild_settings.member_matches),
                server_matches = COALESCE(excluded.server_matches, guild_settings.server_matches)"
        ))
        .bind(guild)
        .bind(caps.member_matches)
        .bind(caps.server_matches)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Active matches (not paused) `user` sits in in `guild` (`None`:
    /// outside any server), and the active matches of `guild`.
    pub async fn active_match_counts(
        &self,
        user: &str,
        guild: Option<&str>,
    ) -> Result<(i64, i64), StoreError> {
        Ok(with_reader!(self, |c, d| sqlx::query_as(&d.sql(&format!(
            "SELECT
                (SELECT COUNT(DISTINCT m.id) FROM matches m JOIN match_seats s ON s.match_id = m.id
                 WHERE s.user_id = ?1 AND m.guild IS NOT DISTINCT FROM ?2 AND m.status = 'active' AND {p}),
                (SELECT COUNT(*) FROM matches m WHERE m.guild = ?2 AND m.status = 'active' AND {p})",
            p = super::servers::MATCH_NOT_PAUSED
        )))
        .bind(user)
        .bind(guild)
        .fetch_one(c)
        .await?))
    }
}
