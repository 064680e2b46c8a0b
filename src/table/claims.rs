//! Exactly once across processes: before the ticker does a piece of work
//! (calls time, reopens a thread, passes at a quiet window, sends a
//! notice, moves for the computer) the table claims it in the database
//! for [`CLAIM_LEASE_SECONDS`], and gives the claim up once the work is
//! delivered or recorded for a retry. Another process finds the work
//! claimed and leaves it. The running process renews its claims every
//! [`CLAIM_RENEW_EVERY`] ([`Table::renew_claims`]); when it dies they
//! expire, and the next pass of another process takes the work up,
//! giving back a notice the dead one had recorded but not posted.
//!
//! SQLite runs the same claims (one process per database there, so each
//! claim is granted at once): one code path for both databases.

use std::time::Duration;

use super::{Table, TableError};
use crate::store::GatewayHolder;

/// How long a claim holds without being renewed. With the ticker's
/// 30-second pass, a dead process's work is taken up within a minute.
pub const CLAIM_LEASE_SECONDS: i64 = 25;

/// How often a running process renews its claims (well within the lease).
pub const CLAIM_RENEW_EVERY: Duration = Duration::from_secs(8);

/// What a claim is for; one match can be claimed for several at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// Calling time in a match whose time limit passed.
    TimeCall,
    /// Opening a match's missing thread.
    Thread,
    /// Passing at a quiet window whose masking delay ended.
    MaskedPass,
    /// A reminder or the deadline notice.
    Notice,
    /// The computer's turn.
    Computer,
}

impl ClaimKind {
    /// The kind as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimKind::TimeCall => "time",
            ClaimKind::Thread => "thread",
            ClaimKind::MaskedPass => "pass",
            ClaimKind::Notice => "notice",
            ClaimKind::Computer => "computer",
        }
    }
}

/// A claim held by this table: what to give up when the work is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// What for.
    pub kind: ClaimKind,
    /// The match.
    pub match_id: i64,
}

impl Table {
    /// The name this table's claims go by: one per running table (so per
    /// process in production), never reused.
    pub fn claim_owner(&self) -> &str {
        &self.owner
    }

    /// Claims `kind` work on `match_id` at `now`; `notice` as
    /// [`crate::store::Store::claim_work`] takes it. `None` when another
    /// process holds it (or the claim could not be written: logged, the
    /// next pass tries again).
    pub(crate) async fn claim_work(
        &self,
        kind: ClaimKind,
        match_id: i64,
        now: i64,
        notice: Option<(i64, i64)>,
    ) -> Option<Claim> {
        let until = now + CLAIM_LEASE_SECONDS;
        match self.store.claim_work(kind.as_str(), match_id, &self.owner, now, until, notice).await {
            Ok(true) => Some(Claim { kind, match_id }),
            Ok(false) => None,
            Err(e) => {
                tracing::error!(match_id, kind = kind.as_str(), error = %e, "could not claim ticker work");
                None
            }
        }
    }

    /// Gives up `claim` (the work is done or recorded for a retry).
    pub(crate) async fn release_work(&self, claim: Claim) {
        let Claim { kind, match_id } = claim;
        if let Err(e) = self.store.release_work(kind.as_str(), match_id, &self.owner).await {
            // It expires on its own once this process stops renewing it.
            tracing::warn!(match_id, kind = kind.as_str(), error = %e, "could not give up a ticker claim");
        }
    }

    /// Keeps this table's claims for another lease: a running process
    /// calls it every [`CLAIM_RENEW_EVERY`], so only a dead (or hung)
    /// one's claims expire.
    pub async fn renew_claims(&self) {
        let until = self.clock.now() + CLAIM_LEASE_SECONDS;
        if let Err(e) = self.store.renew_claims(&self.owner, until).await {
            tracing::warn!(error = %e, "could not renew the ticker's claims");
        }
    }

    /// Claims the gateway shards this process is to run (`first..=last`;
    /// `None`: every shard), for a lease that [`Table::renew_claims`]
    /// keeps. Empty when claimed; else the other processes' claims that
    /// overlap, and nothing is claimed.
    pub async fn claim_gateway(&self, shards: Option<(u32, u32)>) -> Result<Vec<GatewayHolder>, TableError> {
        let now = self.clock.now();
        Ok(self.store.claim_gateway(&self.owner, shards, now, now + CLAIM_LEASE_SECONDS).await?)
    }

    /// Gives up this process's gateway shards (it is stopping).
    pub async fn release_gateway(&self) {
        if let Err(e) = self.store.release_gateway(&self.owner).await {
            // They expire on their own within a lease.
            tracing::warn!(error = %e, "could not give up the gateway shards");
        }
    }

    /// Renews this table's claims every [`CLAIM_RENEW_EVERY`] for as long
    /// as the returned task runs: the ticker's and the gateway's claims
    /// alike, so the bot runs one such task per process.
    pub fn spawn_renewal(&self) -> tokio::task::JoinHandle<()> {
        self.spawn_renewal_every(CLAIM_RENEW_EVERY)
    }

    /// [`Table::spawn_renewal`], every `period`. Supervised like the
    /// ticker's passes: a panic (a bug) in one renewal is logged and the
    /// next one runs, so the process never loses its claims to one bug
    /// (another process would take up its work and its shards).
    pub fn spawn_renewal_every(&self, period: std::time::Duration) -> tokio::task::JoinHandle<()> {
        use futures_util::FutureExt;
        let table = self.clone();
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(period);
            loop {
                interval.tick().await;
                // Nothing is left broken by an unwinding renewal: it is one statement.
                let renewal = std::panic::AssertUnwindSafe(table.renew_claims()).catch_unwind().await;
                if let Err(payload) = renewal {
                    let panic = payload
                        .downcast_ref::<&str>()
                        .map(|s| (*s).to_owned())
                        .or_else(|| payload.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "(not text)".to_owned());
                    tracing::error!(panic, "a claim renewal panicked; carrying on");
                }
            }
        })
    }

    /// Takes up the work of processes whose claims expired by `now`.
    pub(crate) async fn recover_abandoned(&self, now: i64) {
        match self.store.recover_abandoned_claims(&self.owner, now).await {
            Ok(abandoned) => {
                for a in abandoned {
                    tracing::info!(
                        match_id = a.match_id,
                        notice_given_back = a.notice_given_back,
                        "took up ticker work that another process claimed and did not finish"
                    );
                }
            }
            Err(e) => tracing::error!(error = %e, "could not recover abandoned ticker claims"),
        }
    }
}

/// A new owner name: the process id and a random part.
pub(crate) fn new_owner() -> std::sync::Arc<str> {
    format!("{}-{}", std::process::id(), uuid::Uuid::new_v4().simple()).into()
}
