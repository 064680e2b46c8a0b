//! Deadlines. Every [`TICK_EVERY`] the table is asked what is due (turn
//! reminders, forfeit notices, expired challenges) and its answer is
//! carried out; then the computer moves wherever it is to act. The
//! deadlines live in the database, so a restart resumes every timer: the
//! first tick runs at start-up and catches up. With several processes on
//! one database, each piece of due work is claimed first, so it is done
//! by one of them (`table::claims`).

use std::sync::Arc;
use std::time::Duration;

use serenity::all::Http;
use tokio::task::JoinHandle;
use tokio::time::MissedTickBehavior;
use tracing::{error, warn};

use super::supervise::supervised;
use super::{error::new_error_id, outbox};
use crate::table::Table;

/// How often deadlines are checked. Reminders are hours apart; a minute
/// late is fine.
pub const TICK_EVERY: Duration = Duration::from_secs(30);

/// Starts the ticker; it runs as long as the bot. The bot renews the
/// work claims of its passes ([`Table::spawn_renewal`], one task per
/// process), so that other processes on the same database take up this
/// one's work only once it has stopped (`table::claims`).
pub fn spawn(http: Arc<Http>, table: Table) -> JoinHandle<()> {
    spawn_every(http, table, TICK_EVERY)
}

/// The ticker with a pass every `every` (tests run it faster than
/// [`TICK_EVERY`]; the bot runs [`spawn`]). The first pass runs at once.
pub fn spawn_every(http: Arc<Http>, table: Table, every: Duration) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(every);
        // After a stall (or a laptop sleeping), tick once, not a burst.
        interval.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            interval.tick().await;
            // A panic (a bug) costs this pass only: the next one runs.
            let _ = supervised("a ticker pass", pass(&http, &table)).await;
        }
    })
}

/// One pass: what is due, then the computer's turns a restart (or a
/// failed post) left pending.
async fn pass(http: &Http, table: &Table) {
    deliver_due(http, table, table.now()).await;
    let moves = table.resume_ai().await;
    if let Err(e) = outbox::deliver(http, table, None, moves).await {
        error!("could not post the computer's resumed moves: {e:#}");
    }
}

/// One tick: what the table says is due at `now` (reminders, forfeit
/// notices in archived threads too, threads to reopen), carried out one
/// match at a time: a refusal on one match is logged and retried later
/// (the table backs off), and every other match still gets its notices.
pub async fn deliver_due(http: &Http, table: &Table, now: i64) {
    let due = match table.tick_due(now).await {
        Ok(due) => due,
        Err(e) => {
            error!("deadline tick failed: {e}");
            return;
        }
    };
    for item in due {
        let delivered = outbox::deliver(http, table, None, item.effects.clone()).await;
        let recorded = match delivered {
            Ok(()) => table.delivery_succeeded(&item).await,
            Err(e) => {
                let retry_at = table.delivery_failed(&item, now).await;
                let error_id = new_error_id();
                warn!(
                    error_id = %error_id,
                    about = ?item.about,
                    retry_at = ?retry_at.as_ref().ok().copied().flatten(),
                    error = %format!("{e:#}"),
                    "could not deliver what a deadline tick produced; retrying later"
                );
                retry_at.map(drop)
            }
        };
        if let Err(e) = recorded {
            error!(about = ?item.about, "could not record a delivery: {e}");
        }
    }
}
