//! Deadlines: reminders to the player to act, then the claim offer to the
//! others; and expiring unanswered challenges.

use super::error::TableError;
use super::protocol::{Outgoing, UserId};
use super::{CustomId, Table};
use crate::store::MatchRow;
use crate::view::{ButtonStyle, Component, Message};

impl Table {
    /// One pass of the ticker at `now`: expires challenges, sends the
    /// reminders and deadline notices that are due (each exactly once, even
    /// with several tickers). A failure on one match is logged and skipped;
    /// an error means the due work could not even be listed.
    pub async fn tick(&self, now: i64) -> Result<Vec<Outgoing>, TableError> {
        let mut out = self.expire_challenges(now).await?;
        let due = self.tick_matches(now).await?;
        out.extend(due);
        Ok(super::computer::unpinged(out))
    }

    /// The match part of [`Table::tick`]: time calls, reminders, notices.
    async fn tick_matches(&self, now: i64) -> Result<Vec<Outgoing>, TableError> {
        let mut out = Vec::new();
        for id in self.store.matches_out_of_time(now).await? {
            match self.call_time(id).await {
                Ok(o) => out.extend(o),
                Err(e) => tracing::error!(match_id = id, error = %e, "calling time failed"),
            }
        }
        let due = self.store.active_matches_due(now, &self.config.reminder_hours).await?;
        for row in due {
            match self.notice_due(&row, now).await {
                Ok(o) => out.extend(o),
                Err(e) => tracing::error!(match_id = row.id, error = %e, "deadline notice failed"),
            }
        }
        Ok(out)
    }

    /// Calls time in a match whose time limit has passed: the call is
    /// logged like an action (so a replay calls it at the same point) and
    /// a new board says so, pinging whoever must act.
    async fn call_time(&self, match_id: i64) -> Result<Vec<Outgoing>, TableError> {
        for _ in 0..5 {
            let m = self.load(match_id).await?;
            let mut state = m.state.clone();
            let Some(step) = self.time_step(&m, &mut state) else {
                // Called already (or the game has no time rule): nothing to log.
                self.store.time_called(match_id).await?;
                return Ok(vec![]);
            };
            let mut steps = vec![step];
            steps.extend(self.autopilot(&m, &mut state));
            let plan = super::play::BoardPlan::posted(&m, &steps);
            match self.commit(&m, &steps, &state, &plan).await {
                Ok(version) => {
                    self.store.time_called(match_id).await?;
                    let after = m.moved_to(version, plan.orders.to_json(), &state);
                    return Ok(vec![self.board_post(&after, &state, version, &plan.shown, None, None)]);
                }
                Err(crate::store::StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Ok(vec![])
    }

    async fn notice_due(&self, row: &MatchRow, now: i64) -> Result<Vec<Outgoing>, TableError> {
        let m = self.load(row.id).await?;
        // The computer is never reminded: it moves on its own.
        let late: Vec<crate::engine::Seat> =
            m.state.to_act().into_iter().filter(|s| m.computer_at(*s).is_none()).collect();
        if late.is_empty() {
            // Recorded, so the ticker stops finding this decision due.
            self.store.record_reminder(row.id, row.version, row.reminders_sent + 1).await?;
            return Ok(vec![]);
        }
        let reminders = self.config.reminder_hours.len() as i64;
        let started = row.turn_started_at.unwrap_or(row.updated_at);
        let hours = (now - started).max(0) / 3600;
        let names: Vec<String> = late.iter().map(|s| m.name_of(*s)).collect();
        let late_users: Vec<UserId> = late.iter().filter_map(|s| m.user_at(*s)).collect();
        if row.deadline_at.is_some_and(|d| d <= now) && row.reminders_sent <= reminders {
            if !self.store.record_reminder(row.id, row.version, reminders + 1).await? {
                return Ok(vec![]);
            }
            let others: Vec<UserId> = m
                .seats
                .iter()
                .map(|s| UserId(s.user_id.clone()))
                .filter(|u| !late_users.contains(u))
                .collect();
            let mut message = Message::text(format!(
                "⏰ {} has not moved for {hours} h, past the {} h limit of {}. \
                 The other player may claim the win now, or keep waiting.",
                crate::view::and_list(&names),
                row.limit_hours,
                m.title()
            ));
            message.components.push(Component::button(
                CustomId::Claim { match_id: row.id, version: row.version }.encode(),
                "Claim the win",
                ButtonStyle::Danger,
            ));
            let mut mentions = others;
            mentions.extend(late_users);
            return Ok(vec![Outgoing::Post { target: m.board_target(), message, mentions, key: None }]);
        }
        let n = row.reminders_sent + 1;
        if !self.store.record_reminder(row.id, row.version, n).await? {
            return Ok(vec![]);
        }
        let left = row.deadline_at.map(|d| (d - now).max(0) / 3600);
        let text = format!(
            "⏰ Reminder: it has been {hours} h since your move came up in {}.{}",
            m.title(),
            left.map(|h| format!(" About {h} h are left before your opponent may claim the win."))
                .unwrap_or_default()
        );
        let mut out = Vec::new();
        let mut in_thread = Vec::new();
        for u in late_users {
            if self.store.user_settings(u.as_str()).await?.dm_reminders {
                out.push(Outgoing::DirectMessage { to: u, text: text.clone() });
            } else {
                in_thread.push(u);
            }
        }
        if !in_thread.is_empty() {
            out.push(Outgoing::Post {
                target: m.board_target(),
                message: Message::text(format!(
                    "⏰ Your move is waiting in {} ({hours} h so far).",
                    m.title()
                )),
                mentions: in_thread,
                key: None,
            });
        }
        Ok(out)
    }

    /// Re-runs a match from its setup and log and compares the result with
    /// the stored snapshot (for `cardtable replay`).
    /// A match that is not in the database is a [`TableError::User`].
    pub async fn replay(&self, match_id: i64) -> Result<super::ReplayReport, TableError> {
        let row = match self.store.load_match(match_id).await {
            Ok(row) => row,
            Err(crate::store::StoreError::NotFound(_)) => {
                return Err(super::UserError::new(format!("no match #{match_id} in this database")).into());
            }
            Err(e) => return Err(e.into()),
        };
        let game =
            crate::games::GameId::parse(&row.game).map_err(|e| TableError::internal(anyhow::anyhow!(e)))?;
        let setup: crate::engine::MatchSetup = serde_json::from_str(&row.setup)?;
        let log = self.store.match_actions(match_id).await?;
        let mut report = super::ReplayReport {
            match_id,
            game: row.game.clone(),
            version: row.version,
            actions: log.len(),
            snapshot_matches: false,
            difference: None,
            outcome: None,
        };
        match super::log::replay(&self.library, game, &setup, &log) {
            Err(why) => report.difference = Some(format!("replay failed: {why}")),
            Ok(r) => {
                report.outcome = r.state.outcome();
                let replayed = serde_json::to_value(&r.state)?;
                // The stored snapshot as the current code reads it: a field an
                // older version wrote and this one no longer keeps (Spheres'
                // `pool`) is no difference in the state.
                let stored = crate::games::AnyState::from_json(&row.state, &self.library)
                    .and_then(|s| serde_json::to_value(&s));
                match stored {
                    Err(e) => report.difference = Some(format!("the stored snapshot is unreadable: {e}")),
                    Ok(stored) => {
                        report.difference = super::log::first_difference(&stored, &replayed)
                            .map(|d| format!("stored vs replayed differ at {d}"));
                        if report.difference.is_none() && log.len() as i64 != row.version {
                            report.difference = Some(format!(
                                "the log holds {} actions but the version is {}",
                                log.len(),
                                row.version
                            ));
                        }
                        report.snapshot_matches = report.difference.is_none();
                    }
                }
            }
        }
        Ok(report)
    }
}
