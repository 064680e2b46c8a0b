//! Deadlines. Every [`TICK_EVERY`] the table is asked what is due (turn
//! reminders, forfeit notices, expired challenges) and its answer is
//! carried out; then the computer moves wherever it is to act. The deadlines live in the database, so a restart resumes
//! every timer: the first tick runs at start-up and catches up.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::Http;
use tokio::task::JoinHandle;
use tokio::time::MissedTickBehavior;
use tracing::error;

use super::{error::new_error_id, outbox};
use crate::table::Table;

/// How often deadlines are checked. Reminders are hours apart; a minute
/// late is fine.
pub const TICK_EVERY: Duration = Duration::from_secs(30);

/// Starts the ticker; it runs as long as the bot.
pub fn spawn(http: Arc<Http>, table: Table) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(TICK_EVERY);
        // After a stall (or a laptop sleeping), tick once, not a burst.
        interval.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            interval.tick().await;
            deliver_due(&http, &table, table.now()).await;
            // The computer's turns a restart (or a failed post) left pending.
            let moves = table.resume_ai().await;
            if let Err(e) = outbox::deliver(&http, &table, None, moves).await {
                error!("could not post the computer's resumed moves: {e:#}");
            }
        }
    })
}

/// One tick: what the table says is due at `now` (reminders, forfeit
/// notices in archived threads too), carried out. A failure is logged and
/// the next tick tries again.
pub async fn deliver_due(http: &Http, table: &Table, now: i64) {
    let effects = match table.tick(now).await {
        Ok(effects) => effects,
        Err(e) => {
            error!("deadline tick failed: {e}");
            return;
        }
    };
    if let Err(e) = outbox::deliver(http, table, None, effects).await {
        let error_id = new_error_id();
        error!(error_id = %error_id, error = %format!("{e:#}"), "could not deliver what a deadline tick produced");
    }
}
