//! Work claims: with several processes on one database, each piece of the
//! ticker's work is done by the one process that claims it. A claim has
//! an owner and an expiry; the owner renews its claims while it runs, so
//! a process that dies (or hangs) loses them, and another takes the work
//! up once they expire. One statement decides each claim, so two
//! processes claiming at once never both get it: on PostgreSQL the
//! upsert locks the claim's row and re-checks its condition, on SQLite
//! the database's write lock orders them.

use super::{run, with_writer, Store, StoreError};

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
            "DELETE FROM work_claims WHERE expires_at <= ?1 AND owner <> ?2
             RETURNING item, notice_version, notice_sent",
        ))
        .bind(now)
        .bind(owner)
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
