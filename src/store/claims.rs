//! Work claims: with several processes on one database, each piece of the
//! ticker's work is done by the one process that claims it. A claim has
//! an owner and an expiry; the owner renews its claims while it runs, so
//! a process that dies (or hangs) loses them, and another takes the work
//! up once they expire. One statement decides each claim, so two
//! processes claiming at once never both get it: on PostgreSQL the
//! upsert locks the claim's row and re-checks its condition, on SQLite
//! the database's write lock orders them.

use super::{run, with_writer, Store, StoreError};

/// The claim kind of the gateway shards a process runs
/// ([`Store::claim_gateway`]); the ticker's recovery leaves it alone.
pub const GATEWAY: &str = "gateway";

/// The item of a gateway claim on every shard (serenity's autosharding,
/// one process alone); a claim on shard `n` has item `n`.
pub const ALL_SHARDS: i64 = -1;

/// A gateway claim another process holds: why this one must wait.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayHolder {
    /// The shard held, or `None` for every shard.
    pub shard: Option<u32>,
    /// The process holding it (its claim owner).
    pub owner: String,
}

/// A notice claim of another owner that expired: the notice it recorded
/// as sent was given back ([`Store::recover_abandoned_claims`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Abandoned {
    /// The match.
    pub match_id: i64,
    /// Whether a notice recorded as sent counts as unsent again.
    pub notice_given_back: bool,
}

impl Store {
    /// Claims `item` of `kind` for `owner` until `until`, unless another
    /// owner holds it past `now`. `notice` is the match's version and the
    /// notices it had sent when claimed (a notice claim), kept so that a
    /// notice recorded by an owner that died unsent is given back. Returns
    /// whether `owner` holds the claim now.
    pub async fn claim_work(
        &self,
        kind: &str,
        item: i64,
        owner: &str,
        now: i64,
        until: i64,
        notice: Option<(i64, i64)>,
    ) -> Result<bool, StoreError> {
        let (version, sent) = notice.unzip();
        let claimed = with_writer!(self, |c, d| sqlx::query(&d.sql(
            "INSERT INTO work_claims (kind, item, owner, expires_at, notice_version, notice_sent)
             VALUES (?1, ?2, ?3, ?5, ?6, ?7)
             ON CONFLICT (kind, item) DO UPDATE SET
                 owner = excluded.owner, expires_at = excluded.expires_at,
                 notice_version = excluded.notice_version, notice_sent = excluded.notice_sent
             WHERE work_claims.owner = excluded.owner OR work_claims.expires_at <= ?4",
        ))
        .bind(kind)
        .bind(item)
        .bind(owner)
        .bind(now)
        .bind(until)
        .bind(version)
        .bind(sent)
        .execute(c)
        .await?
        .rows_affected());
        Ok(claimed > 0)
    }

    /// Gives up `owner`'s claim on `item` of `kind` (the work is done, or
    /// recorded for a retry).
    pub async fn release_work(&self, kind: &str, item: i64, owner: &str) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(
            &d.sql("DELETE FROM work_claims WHERE kind = ? AND item = ? AND owner = ?")
        )
        .bind(kind)
        .bind(item)
        .bind(owner)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// `owner` is alive: its claims hold until `until`. Returns how many.
    pub async fn renew_claims(&self, owner: &str, until: i64) -> Result<u64, StoreError> {
        Ok(with_writer!(self, |c, d| sqlx::query(
            &d.sql("UPDATE work_claims SET expires_at = ? WHERE owner = ?")
        )
        .bind(until)
        .bind(owner)
        .execute(c)
        .await?
        .rows_affected()))
    }

    /// Claims gateway shards `shards` (`first..=last`; `None`: every shard)
    /// for `owner` until `until`, unless another owner's live claim
    /// overlaps them (the same shard, or every shard): then nothing is
    /// claimed and the overlapping claims are returned. Claims are decided
    /// one at a time across processes (the database's write lock), so two
    /// processes starting at once never both get an overlap.
    pub async fn claim_gateway(
        &self,
        owner: &str,
        shards: Option<(u32, u32)>,
        now: i64,
        until: i64,
    ) -> Result<Vec<GatewayHolder>, StoreError> {
        let (first, last) = match shards {
            Some((first, last)) => (i64::from(first), i64::from(last)),
            None => (0, i64::MAX),
        };
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write().await?;
        let held: Vec<(i64, String)> = run!(tx.db(), |c, d| sqlx::query_as(&d.sql(
            "SELECT item, owner FROM work_claims
             WHERE kind = ?1 AND owner <> ?2 AND expires_at > ?3
               AND (item = ?4 OR item BETWEEN ?5 AND ?6)
             ORDER BY item",
        ))
        .bind(GATEWAY)
        .bind(owner)
        .bind(now)
        .bind(ALL_SHARDS)
        .bind(first)
        .bind(last)
        .fetch_all(c)
        .await?);
        if !held.is_empty() {
            // Dropping the transaction rolls it back: nothing was written.
            return Ok(held
                .into_iter()
                .map(|(item, owner)| GatewayHolder { shard: u32::try_from(item).ok(), owner })
                .collect());
        }
        let items: Vec<i64> = match shards {
            Some(_) => (first..=last).collect(),
            None => vec![ALL_SHARDS],
        };
        for item in items {
            run!(tx.db(), |c, d| {
                sqlx::query(&d.sql(
                "INSERT INTO work_claims (kind, item, owner, expires_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (kind, item) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at",
            ))
            .bind(GATEWAY)
            .bind(item)
            .bind(owner)
            .bind(until)
            .execute(c)
            .await?
            .rows_affected()
            });
        }
        tx.commit().await?;
        Ok(Vec::new())
    }

    /// Gives up `owner`'s gateway claims (the process is stopping), so
    /// that a process waiting for them starts at once.
    pub async fn release_gateway(&self, owner: &str) -> Result<(), StoreError> {
        with_writer!(self, |c, d| sqlx::query(
            &d.sql("DELETE FROM work_claims WHERE kind = ? AND owner = ?")
        )
        .bind(GATEWAY)
        .bind(owner)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Drops the claims of other owners than `owner` that expired by
    /// `now` (their process died or hung), and, in the same transaction,
    /// gives back each notice such a claim recorded as sent while the
    /// match has not moved since: it goes out again from whoever claims
    /// it next. Each expired claim is recovered by one process only.
    pub async fn recover_abandoned_claims(
        &self,
        owner: &str,
        now: i64,
    ) -> Result<Vec<Abandoned>, StoreError> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let expired: Vec<(i64, Option<i64>, Option<i64>)> = run!(tx.db(), |c, d| sqlx::query_as(&d.sql(
            "DELETE FROM work_claims WHERE expires_at <= ?1 AND owner <> ?2 AND kind <> ?3
             RETURNING item, notice_version, notice_sent",
        ))
        .bind(now)
        .bind(owner)
        .bind(GATEWAY)
        .fetch_all(c)
        .await?);
        let mut out = Vec::with_capacity(expired.len());
        for (item, version, sent) in expired {
            let mut notice_given_back = false;
            if let (Some(version), Some(sent)) = (version, sent) {
                notice_given_back = run!(tx.db(), |c, d| sqlx::query(&d.sql(
                    "UPDATE matches SET reminders_sent = ?3
                     WHERE id = ?1 AND version = ?2 AND reminders_sent > ?3",
                ))
                .bind(item)
                .bind(version)
                .bind(sent)
                .execute(c)
                .await?
                .rows_affected())
                    > 0;
            }
            out.push(Abandoned { match_id: item, notice_given_back });
        }
        tx.commit().await?;
        Ok(out)
    }
}
