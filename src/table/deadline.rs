//! Deadlines: reminders to the player to act, then the claim offer to the
//! others; and expiring unanswered challenges.

use super::claims::{Claim, ClaimKind};
use super::error::TableError;
use super::loaded::Loaded;
use super::protocol::{Outgoing, Target, UserId};
use super::{CustomId, Table};
use crate::store::MatchRow;
use crate::view::{ButtonStyle, Component, Message};

/// First wait before the ticker retries a delivery Discord refused, in
/// seconds; it doubles with each failure in a row.
pub const RETRY_BACKOFF_SECONDS: i64 = 60;

/// Longest wait between two retries of a refused delivery, in seconds.
pub const MAX_RETRY_BACKOFF_SECONDS: i64 = 3600;

/// One piece of the work a ticker pass found due, delivered on its own: a
/// refusal of one (a deleted thread, a missing permission) cannot lose
/// another, and [`Table::delivery_failed`] knows what to retry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    /// What the effects are about.
    pub about: DueAbout,
    /// What to carry out, in order.
    pub effects: Vec<Outgoing>,
    /// The work claim this table holds for it, given up once it is
    /// delivered or recorded for a retry (see [`super::claims`]).
    pub claim: Option<Claim>,
}

/// What a [`Due`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DueAbout {
    /// An expired challenge's notice (nothing to retry: the challenge is
    /// closed either way and blocks nobody).
    Challenge(i64),
    /// A match: its time call, its thread, or a notice.
    Match {
        /// The match.
        match_id: i64,
        /// The version a reminder or the deadline notice was for, and its
        /// number: recorded as sent once it is delivered
        /// ([`Table::delivery_succeeded`]), so a stop before then loses none.
        notice: Option<(i64, i64)>,
        /// The effects are the board after time was called: the call is
        /// recorded as announced once it is delivered, so a board that could
        /// not be posted is posted by a later pass.
        time_call: bool,
    },
}

/// Where a match is played ([`Table::thread_of`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchThread {
    /// Its thread.
    Open(String),
    /// It has none yet: open one under `parent_channel`, named `name`, as
    /// [`Outgoing::CreateThread`] says.
    ToOpen {
        /// The channel the match was started in.
        parent_channel: String,
        /// The thread's name.
        name: String,
    },
    /// It is paused (its thread locked or deleted, or its channel gone):
    /// nothing is posted for it until a player resumes it.
    Paused,
}

impl Table {
    /// One pass of the ticker at `now`, all effects in one list (the
    /// console's ticker, whose deliveries cannot fail: each is recorded as
    /// delivered); see [`Table::tick_due`].
    pub async fn tick(&self, now: i64) -> Result<Vec<Outgoing>, TableError> {
        let mut out = Vec::new();
        for due in self.tick_due(now).await? {
            self.delivery_succeeded(&due).await?;
            out.extend(due.effects);
        }
        Ok(out)
    }

    /// One pass of the ticker at `now`: expires challenges, calls time,
    /// opens the threads that could not be opened (or were lost), and sends
    /// the reminders and deadline notices that are due. Each piece of work
    /// is claimed first (see [`super::claims`]), so several tickers in
    /// several processes never take the same one; a [`Due`] holds its claim
    /// until [`Table::delivery_succeeded`] (which records a notice as sent
    /// and a time call as announced) or [`Table::delivery_failed`] (retried
    /// after a backoff) gives it up. Nothing is recorded as sent here, so a
    /// stop in between loses nothing. A failure on one match is logged and
    /// skipped; an error means the due work could not even be listed.
    pub async fn tick_due(&self, now: i64) -> Result<Vec<Due>, TableError> {
        // Matches that ended before ratings existed (a match's own end
        // rates it in the same transaction): each once, in order.
        if let Err(e) = self.store.rate_finished().await {
            tracing::error!(error = %e, "rating finished matches failed");
        }
        self.purge_departed_servers(now).await;
        // Work a dead process claimed and did not finish is due again.
        self.recover_abandoned(now).await;
        // Expiring is one conditional update per challenge: once anyway.
        let mut out: Vec<Due> = self
            .expire_challenges(now)
            .await?
            .into_iter()
            .map(|(id, effects)| Due { about: DueAbout::Challenge(id), effects, claim: None })
            .collect();
        let on_match = |claim: Claim, effects| Due {
            about: DueAbout::Match { match_id: claim.match_id, notice: None, time_call: false },
            effects,
            claim: Some(claim),
        };
        for id in self.store.matches_out_of_time(now).await? {
            let Some(claim) = self.claim_work(ClaimKind::TimeCall, id, now, None).await else { continue };
            match self.call_time(id).await {
                Ok(effects) => out.push(Due {
                    about: DueAbout::Match { match_id: id, notice: None, time_call: true },
                    effects,
                    claim: Some(claim),
                }),
                Err(e) => {
                    tracing::error!(match_id = id, error = %e, "calling time failed");
                    self.release_work(claim).await;
                }
            }
        }
        // A match nobody started opening a thread for is left a backoff to
        // its accepter (who opens it at once), then the ticker opens it.
        for (id, moved_from) in self.store.matches_needing_thread(now, now - RETRY_BACKOFF_SECONDS).await? {
            let Some(claim) = self.claim_work(ClaimKind::Thread, id, now, None).await else { continue };
            match self.thread_repair(id, moved_from.is_some()).await {
                Ok(o) => out.push(on_match(claim, o)),
                Err(e) => {
                    tracing::error!(match_id = id, error = %e, "reopening the match thread failed");
                    self.release_work(claim).await;
                }
            }
        }
        for (id, version) in self.store.matches_to_pass(now).await? {
            let Some(claim) = self.claim_work(ClaimKind::MaskedPass, id, now, None).await else { continue };
            match self.masked_pass(id, version).await {
                Ok(o) => out.push(on_match(claim, o)),
                Err(e) => {
                    tracing::error!(match_id = id, error = %e, "a masked pass failed");
                    self.release_work(claim).await;
                }
            }
        }
        let due = self.store.active_matches_due(now, &self.config.reminder_hours).await?;
        for row in due {
            // A notice is recorded as sent only once delivered, so a claim
            // that expires has nothing to give back (`None`).
            let Some(claim) = self.claim_work(ClaimKind::Notice, row.id, now, None).await else { continue };
            match self.notice_due(&row, now).await {
                Ok(Some((sent, effects))) => out.push(Due {
                    about: DueAbout::Match {
                        match_id: row.id,
                        notice: Some((row.version, sent)),
                        time_call: false,
                    },
                    effects,
                    claim: Some(claim),
                }),
                Ok(None) => self.release_work(claim).await,
                Err(e) => {
                    tracing::error!(match_id = row.id, error = %e, "deadline notice failed");
                    self.release_work(claim).await;
                }
            }
        }
        Ok(out)
    }

    /// The front end could not deliver `due` at `now`: nothing of it was
    /// recorded as sent, so the ticker tries it again after a backoff that
    /// doubles per failure in a row. Returns when.
    pub async fn delivery_failed(&self, due: &Due, now: i64) -> Result<Option<i64>, TableError> {
        let DueAbout::Match { match_id, .. } = due.about else { return Ok(None) };
        let at =
            self.store.delivery_failed(match_id, now, RETRY_BACKOFF_SECONDS, MAX_RETRY_BACKOFF_SECONDS).await;
        // Giving the claim up lets the next pass retry after the backoff.
        if let Some(claim) = due.claim {
            self.release_work(claim).await;
        }
        Ok(Some(at?))
    }

    /// The front end delivered `due`: a notice is recorded as sent, a time
    /// call as announced, the match's backoff starts afresh, and its work
    /// claim is given up.
    pub async fn delivery_succeeded(&self, due: &Due) -> Result<(), TableError> {
        let recorded = match due.about {
            DueAbout::Match { match_id, notice, time_call } => {
                self.record_delivery(match_id, notice, time_call).await
            }
            DueAbout::Challenge(_) => Ok(()),
        };
        if let Some(claim) = due.claim {
            self.release_work(claim).await;
        }
        recorded
    }

    /// Records what a delivered [`Due`] of `match_id` did.
    async fn record_delivery(
        &self,
        match_id: i64,
        notice: Option<(i64, i64)>,
        time_call: bool,
    ) -> Result<(), TableError> {
        if let Some((version, sent)) = notice {
            self.store.record_reminder(match_id, version, sent).await?;
        }
        if time_call {
            self.store.time_called(match_id).await?;
        }
        Ok(self.store.delivery_succeeded(match_id).await?)
    }

    /// The front end could not open the thread of `match_id` at `now` (a
    /// missing permission, the server's thread limit): the ticker opens it
    /// later, with the board, after a backoff. Returns when.
    pub async fn thread_failed(&self, match_id: i64, now: i64) -> Result<i64, TableError> {
        Ok(self
            .store
            .delivery_failed(match_id, now, RETRY_BACKOFF_SECONDS, MAX_RETRY_BACKOFF_SECONDS)
            .await?)
    }

    /// Posting in `thread` failed because the thread is gone or locked. If
    /// it held an active match, the match leaves it: returns the match and
    /// what opens its new thread (a note of the move, then the board).
    pub async fn thread_lost(&self, thread: &str) -> Result<Option<(i64, Vec<Outgoing>)>, TableError> {
        let retry_at = self.clock.now() + RETRY_BACKOFF_SECONDS;
        let Some(match_id) = self.store.lose_thread(thread, retry_at).await? else { return Ok(None) };
        tracing::info!(match_id, thread, "the match thread is gone or locked; moving the match");
        Ok(Some((match_id, self.thread_repair(match_id, true).await?)))
    }

    /// The front end is about to open the thread of `match_id`: the
    /// ticker waits a backoff before opening one itself, so a click and a
    /// ticker pass do not open two. Opening it ([`Table::thread_created`])
    /// or failing ([`Table::thread_failed`]) ends the wait or sets another.
    pub async fn opening_thread(&self, match_id: i64) -> Result<(), TableError> {
        Ok(self.store.hold_thread_opening(match_id, self.clock.now() + RETRY_BACKOFF_SECONDS).await?)
    }

    /// Where match `match_id` is played: its thread, or, while it has none
    /// (opening it failed, or it was lost), where to open one.
    pub async fn thread_of(&self, match_id: i64) -> Result<MatchThread, TableError> {
        let m = self.load(match_id).await?;
        if m.row.paused.is_some() {
            return Ok(MatchThread::Paused);
        }
        Ok(match &m.row.thread {
            Some(thread) => MatchThread::Open(thread.clone()),
            None => MatchThread::ToOpen { parent_channel: m.row.channel.clone(), name: m.title() },
        })
    }

    /// A thread-less match's board, aimed at its thread to be, after a
    /// note when it moved: delivering it opens the thread.
    pub(crate) async fn thread_repair(
        &self,
        match_id: i64,
        moved: bool,
    ) -> Result<Vec<Outgoing>, TableError> {
        let m = self.load(match_id).await?;
        let mut out = Vec::new();
        if moved {
            out.push(moved_note(&m));
        }
        out.push(self.board_post(&m, &m.state, m.row.version, &[], None, Some(m.people())));
        Ok(out)
    }

    /// Calls time in a match whose time limit has passed: the call is
    /// logged like an action (so a replay calls it at the same point) and
    /// a new board says so, pinging whoever must act. The ticker records
    /// the call as announced once that board is delivered; until then a
    /// later pass finds the time called already and posts the board again.
    async fn call_time(&self, match_id: i64) -> Result<Vec<Outgoing>, TableError> {
        for _ in 0..5 {
            let m = self.load(match_id).await?;
            let mut state = m.state.clone();
            let Some(step) = self.time_step(&m, &mut state) else {
                // Called already, and its board not delivered: post it,
                // unless a newer board was posted since (a player moved).
                if m.row.board_message.is_some() && m.row.last_board_version >= m.row.version {
                    return Ok(vec![]);
                }
                return self.thread_repair(match_id, false).await;
            };
            let mut steps = vec![step];
            steps.extend(self.autopilot(&m, &mut state));
            let plan = super::play::BoardPlan::posted(&m, &steps);
            match self.commit(&m, &steps, &state, &plan).await {
                Ok(done) => {
                    let after = self.finished(m.moved_to(done, plan.orders.to_json(), &state)).await;
                    return Ok(self.board_after_unprompted(&m, &after, &state, &steps, &plan).await);
                }
                Err(crate::store::StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Ok(vec![])
    }

    /// The end of a quiet window's masking delay (see [`super::play::quiet`]):
    /// the table passes for every player at it who has nothing to answer,
    /// as the player's own pass would, applies the passes players made in
    /// the window ([`super::loaded::Loaded::pass_held`]), and the game goes on. A player who
    /// can respond is left to decide (the window stays open, without its
    /// delay). Nothing happens when the match moved on since `version`.
    async fn masked_pass(&self, match_id: i64, version: i64) -> Result<Vec<Outgoing>, TableError> {
        use super::log::{LogEntry, Step};
        let m = self.load(match_id).await?;
        if m.row.version != version || m.row.pass_at.is_none() {
            return Ok(vec![]);
        }
        let leaves = m.leaves();
        let mut state = m.state.clone();
        let mut steps = Vec::new();
        for seat in m.state.to_act() {
            // A pass the player made in the window is applied now, with the
            // table's: the same tick either way.
            let held = m.pass_held(seat);
            if m.computer_at(seat).is_some()
                || (!held
                    && super::play::quiet(&state, seat, &leaves)
                        != Some(crate::engine::Responses::NoneSecretly))
            {
                continue;
            }
            let Some(stop) = state.stop(seat) else { continue };
            let entry =
                |action| if held { LogEntry::Player { action } } else { LogEntry::Autopilot { action } };
            match state.apply(seat, &stop.pass) {
                Ok(events) => steps.push(Step { seat, entry: entry(stop.pass), events }),
                Err(e) => tracing::warn!(match_id, %seat, error = %e, "a masked pass was refused"),
            }
        }
        if steps.is_empty() {
            // Someone at the window can respond: it stays open for them.
            self.store.clear_pass_at(match_id, version).await?;
            return Ok(vec![]);
        }
        steps.extend(self.autopilot(&m, &mut state));
        let orders = super::offers::MatchOrders::parse(&m.row.orders);
        let edit = self.edits_board(&m, &state, None, &orders);
        let plan = super::play::BoardPlan::new(&m, &steps, edit, orders);
        match self.commit(&m, &steps, &state, &plan).await {
            Ok(done) => {
                let after = self.finished(m.moved_to(done, plan.orders.to_json(), &state)).await;
                Ok(self.board_after_unprompted(&m, &after, &state, &steps, &plan).await)
            }
            Err(crate::store::StoreError::Conflict) => Ok(vec![]),
            Err(e) => Err(e.into()),
        }
    }

    /// The notice due for `row` at `now`, with its number (to record as
    /// sent once delivered, [`Table::delivery_succeeded`]), or `None` when
    /// nobody is waited for.
    async fn notice_due(&self, row: &MatchRow, now: i64) -> Result<Option<(i64, Vec<Outgoing>)>, TableError> {
        let m = self.load(row.id).await?;
        // The computer is never reminded: it moves on its own.
        let late: Vec<crate::engine::Seat> =
            m.state.to_act().into_iter().filter(|s| m.computer_at(*s).is_none()).collect();
        if late.is_empty() {
            // Recorded, so the ticker stops finding this decision due.
            self.store.record_reminder(row.id, row.version, row.reminders_sent + 1).await?;
            return Ok(None);
        }
        let reminders = self.config.reminder_hours.len() as i64;
        let started = row.turn_started_at.unwrap_or(row.updated_at);
        let hours = (now - started).max(0) / 3600;
        let names: Vec<String> = late.iter().map(|s| m.name_of(*s)).collect();
        let late_users = m.pingable_users(late.iter().copied());
        let link = board_link(&m).map(|l| format!(" Jump to the board: {l}")).unwrap_or_default();
        if row.deadline_at.is_some_and(|d| d <= now) && row.reminders_sent <= reminders {
            let sent = reminders + 1;
            let others: Vec<UserId> = m.people().into_iter().filter(|u| !late_users.contains(u)).collect();
            let mut message = Message::text(format!(
                "⏰ {} has not moved for {hours} h, past the {} h limit of {}. \
                 The other player may claim the win now, or keep waiting.",
                crate::view::and_list(&names),
                row.limit_hours,
                m.title()
            ));
            message.components.push(claim_button(row.id, row.version));
            let mut mentions = others;
            mentions.extend(late_users);
            let notice = Outgoing::Post { target: m.board_target(), message, mentions, key: None };
            return Ok(Some((sent, vec![notice])));
        }
        let n = row.reminders_sent + 1;
        let left = row.deadline_at.map(|d| (d - now).max(0) / 3600);
        let left = left
            .map(|h| format!(" About {h} h are left before your opponent may claim the win."))
            .unwrap_or_default();
        let ping = |mentions: Vec<UserId>| Outgoing::Post {
            target: m.board_target(),
            message: Message::text(format!(
                "⏰ Your move is waiting in {} ({hours} h so far).{left}{link}",
                m.title()
            )),
            mentions,
            key: None,
        };
        let dm_text = format!(
            "⏰ Reminder: it has been {hours} h since your move came up in {}.{left}{link}",
            m.title()
        );
        let mut out = Vec::new();
        let mut in_thread = Vec::new();
        for u in late_users {
            if self.store.user_settings(u.as_str()).await?.dm_reminders {
                // Closed DMs must not lose the reminder: a ping in the thread instead.
                let fallback = Some(Box::new(ping(vec![u.clone()])));
                out.push(Outgoing::DirectMessage {
                    to: u,
                    message: Message::text(dm_text.clone()),
                    fallback,
                });
            } else {
                in_thread.push(u);
            }
        }
        if !in_thread.is_empty() {
            out.push(ping(in_thread));
        }
        Ok(Some((n, out)))
    }

    /// *Claim the win* for the board of a match whose deadline has passed,
    /// so claiming never depends on the deadline notice having arrived.
    pub(crate) fn claim_offer(&self, m: &Loaded, version: i64) -> Option<Component> {
        let passed = m.row.deadline_at.is_some_and(|d| d <= self.clock.now());
        let active = m.row.status == crate::store::MatchStatus::Active && !m.state.to_act().is_empty();
        (passed && active && m.row.version == version).then(|| claim_button(m.id(), version))
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
        let log = self.store.match_actions(match_id).await?;
        self.replay_against(match_id, &row.game, row.version, &row.setup, &row.state, &log)
    }

    /// Re-runs a match kept as a file (`/history match:`) and compares the
    /// result with the final state the file holds (for `cardtable replay
    /// --file`). An unreadable file is a [`TableError::User`].
    pub fn replay_record(&self, record: &super::log::MatchRecord) -> Result<super::ReplayReport, TableError> {
        let log = record.action_rows();
        let version = log.len() as i64;
        self.replay_against(
            record.match_id,
            &record.game,
            version,
            &record.setup.to_string(),
            &record.state.to_string(),
            &log,
        )
    }

    /// Replays `log` from `setup` and compares with the snapshot `state`.
    fn replay_against(
        &self,
        match_id: i64,
        game_key: &str,
        version: i64,
        setup: &str,
        state: &str,
        log: &[crate::store::ActionRow],
    ) -> Result<super::ReplayReport, TableError> {
        let game =
            crate::games::GameId::parse(game_key).map_err(|e| super::UserError::new(format!("{e}")))?;
        let setup: crate::engine::MatchSetup = serde_json::from_str(setup)?;
        let mut report = super::ReplayReport {
            match_id,
            game: game_key.to_owned(),
            version,
            actions: log.len(),
            snapshot_matches: false,
            difference: None,
            outcome: None,
        };
        match super::log::replay(&self.library, game, &setup, log) {
            Err(why) => report.difference = Some(format!("replay failed: {why}")),
            Ok(r) => {
                report.outcome = r.state.outcome();
                let replayed = serde_json::to_value(&r.state)?;
                // The stored snapshot as the current code reads it: a field an
                // older version wrote and this one no longer keeps (Spheres'
                // `pool`) is no difference in the state.
                let stored = crate::games::AnyState::from_json(state, &self.library)
                    .and_then(|s| serde_json::to_value(&s));
                match stored {
                    Err(e) => report.difference = Some(format!("the stored snapshot is unreadable: {e}")),
                    Ok(stored) => {
                        report.difference = super::log::first_difference(&stored, &replayed)
                            .map(|d| format!("stored vs replayed differ at {d}"));
                        if report.difference.is_none() && log.len() as i64 != version {
                            report.difference = Some(format!(
                                "the log holds {} actions but the version is {}",
                                log.len(),
                                version
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

/// The *Claim the win* button for the decision pending at `version`.
fn claim_button(match_id: i64, version: i64) -> Component {
    Component::button(CustomId::Claim { match_id, version }.encode(), "Claim the win", ButtonStyle::Danger)
}

/// The first post in a match's new thread when its old one was deleted or
/// locked.
fn moved_note(m: &Loaded) -> Outgoing {
    Outgoing::Post {
        target: Target::MatchThread(m.id()),
        message: Message::text(format!(
            "{} moved here: its old thread was deleted or locked. Nothing was lost; play on from the board below.",
            m.title()
        )),
        mentions: vec![],
        key: None,
    }
}

/// A link that opens the match's board (or its thread) in Discord, when
/// the ids are Discord's (numbers); the console's names get none.
pub(crate) fn board_link(m: &Loaded) -> Option<String> {
    let thread = thread_link(m)?;
    Some(match m.row.board_message.as_deref().filter(|b| numeric(b)) {
        Some(board) => format!("{thread}/{board}"),
        None => thread,
    })
}

/// A link to the match's thread (its newest messages), when it is on Discord.
pub(crate) fn thread_link(m: &Loaded) -> Option<String> {
    let guild = m.row.guild.as_deref().filter(|g| numeric(g))?;
    let thread = m.row.thread.as_deref().filter(|t| numeric(t))?;
    Some(format!("https://discord.com/channels/{guild}/{thread}"))
}

fn numeric(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}
