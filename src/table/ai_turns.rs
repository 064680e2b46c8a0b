//! The computer's turns: whenever a seat the computer holds is to act, it
//! searches ([`crate::ai::choose_with`], at its level's settings) off the async runtime, behind a
//! limit on searches at once, and commits its choice through the same
//! version-checked path as a click, logged as a player's move (so a replay
//! reproduces it).
//!
//! Front ends call [`Table::play_ai`] with the matches whose boards they
//! just delivered ([`boards_in`]): the board the computer's move follows is
//! then in place. [`Table::resume_ai`] finds every match the computer is to
//! act in (at start-up and on each ticker pass), so a restart in the middle
//! of its turn resumes it. The search seed comes from the stored match (its
//! seed, version and seat): when the iteration budget ends the search (the
//! usual case on an idle machine) the seed fixes the move and a resumed
//! search chooses the same one. When the time cap ends it first (under
//! load), a resumed search may choose differently; that is safe, since
//! each commit is checked against the version searched at.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::Semaphore;

use super::computer::COMPUTER_SEAT_PREFIX;
use super::error::TableError;
use super::log::{LogEntry, Step};
use super::play::BoardPlan;
use super::protocol::{Outgoing, PostKey};
use super::Table;
use crate::ai::{Budget, Level, Settings};
use crate::store::{MatchStatus, StoreError};

/// Most commits one run makes before it stops (and the next nudge or
/// ticker pass goes on): a bound, not an expected count.
const RUN_LIMIT: usize = 5_000;

/// The computer's shared means: the search slots, and the matches whose
/// run is under way in this process.
#[derive(Debug)]
pub(crate) struct AiPool {
    /// One permit per search allowed at once; the rest queue.
    searches: Arc<Semaphore>,
    /// Matches whose run is under way, each with whether another caller
    /// asked for a run meanwhile (the run then looks once more).
    running: Mutex<HashMap<i64, bool>>,
    /// Replaces every level's budget (tests, quick console runs).
    budget: Option<Budget>,
    /// Searches running now, and the most ever at once.
    busy: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
}

impl AiPool {
    /// At most `searches` (at least one) searches at once.
    pub fn new(searches: usize, budget: Option<Budget>) -> AiPool {
        AiPool {
            searches: Arc::new(Semaphore::new(searches.max(1))),
            running: Mutex::default(),
            budget,
            busy: Arc::default(),
            peak: Arc::default(),
        }
    }

    /// Claims the run of `match_id`; `None` when one is under way (it is
    /// told to look again before it stops).
    fn claim(&self, match_id: i64) -> Option<Claim<'_>> {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        match running.get_mut(&match_id) {
            Some(again) => {
                *again = true;
                None
            }
            None => {
                running.insert(match_id, false);
                Some(Claim { pool: self, match_id, released: false })
            }
        }
    }

    /// How the computer searches at `level` here: the level's settings
    /// (easy's randomness included), with the pool's budget if one
    /// replaces every level's.
    fn settings(&self, level: Level) -> Settings {
        Settings { budget: self.budget.unwrap_or_else(|| level.budget()), ..level.settings() }
    }
}

/// The claim of one match's run: dropped however the run ends (an error,
/// a panic), it frees the match unless [`Claim::release`] already did.
struct Claim<'a> {
    pool: &'a AiPool,
    match_id: i64,
    /// Set once [`Claim::release`] removed the entry: from then on it may
    /// belong to another run, which dropping this one must not free.
    released: bool,
}

impl Claim<'_> {
    /// Ends the run unless it was asked for again meanwhile (then it goes
    /// on, and this returns false).
    fn release(&mut self) -> bool {
        let mut running = self.pool.running.lock().unwrap_or_else(PoisonError::into_inner);
        match running.get_mut(&self.match_id) {
            Some(again) if *again => {
                *again = false;
                false
            }
            _ => {
                running.remove(&self.match_id);
                self.released = true;
                true
            }
        }
    }
}

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        if !self.released {
            self.pool.running.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.match_id);
        }
    }
}

/// The matches whose board `out` posts or edits, in order, each once:
/// those where the computer may be to act next.
pub fn boards_in(out: &[Outgoing]) -> Vec<i64> {
    let mut ids = Vec::new();
    for o in out {
        if let Outgoing::Post { key: Some(PostKey::Board { match_id, .. }), .. }
        | Outgoing::Edit { key: Some(PostKey::Board { match_id, .. }), .. } = o
        {
            if !ids.contains(match_id) {
                ids.push(*match_id);
            }
        }
    }
    ids
}

/// What one look at a match did.
enum Turn {
    /// The computer is not to act (or the match is over).
    Idle,
    /// A move was committed (or lost a race and is to be decided again);
    /// the effects to carry out.
    Moved(Vec<Outgoing>),
}

impl Table {
    /// Plays every decision the computer has in match `match_id`, one
    /// commit each, until a person must act or the match is over. Returns
    /// the board to post when control passes back (pinging whoever must
    /// act); the computer's moves within its own run are shown on it
    /// together. Returns nothing at once when the computer is not to act,
    /// or when a run of this match is already under way here.
    pub async fn play_ai(&self, match_id: i64) -> Result<Vec<Outgoing>, TableError> {
        if self.store.matches_awaiting(COMPUTER_SEAT_PREFIX, Some(match_id)).await?.is_empty() {
            return Ok(vec![]);
        }
        let Some(mut claim) = self.ai.claim(match_id) else {
            return Ok(vec![]);
        };
        let mut out = Vec::new();
        for _ in 0..RUN_LIMIT {
            match self.computer_turn(match_id).await? {
                Turn::Moved(effects) => out.extend(effects),
                Turn::Idle if claim.release() => return Ok(out),
                Turn::Idle => {}
            }
        }
        tracing::warn!(match_id, RUN_LIMIT, "the computer's run stopped at its limit");
        Ok(out)
    }

    /// The most computer searches that ran at once so far (for tests and
    /// monitoring: never above [`super::TableConfig::ai_searches`]).
    pub fn ai_search_peak(&self) -> usize {
        self.ai.peak.load(Ordering::SeqCst)
    }

    /// [`Table::play_ai`] for each match in `match_ids` (see [`boards_in`]);
    /// a failure is logged and leaves that match to the next ticker pass.
    pub async fn play_ai_in(&self, match_ids: &[i64]) -> Vec<Outgoing> {
        let mut out = Vec::new();
        for &id in match_ids {
            match self.play_ai(id).await {
                Ok(effects) => out.extend(effects),
                Err(e) => tracing::error!(match_id = id, error = %e, "the computer could not move"),
            }
        }
        out
    }

    /// Runs the computer in every match where it is to act (all at once;
    /// the search limit queues them): at start-up, this resumes the turns
    /// a restart interrupted. Failures are logged.
    pub async fn resume_ai(&self) -> Vec<Outgoing> {
        let ids = match self.store.matches_awaiting(COMPUTER_SEAT_PREFIX, None).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!(error = %e, "could not list the matches the computer is to act in");
                return vec![];
            }
        };
        let mut runs = tokio::task::JoinSet::new();
        let now = self.clock.now();
        for id in ids {
            // Another process may be moving here already (super::claims).
            let Some(claim) = self.claim_work(super::claims::ClaimKind::Computer, id, now, None).await else {
                continue;
            };
            let table = self.clone();
            runs.spawn(async move {
                let played = table.play_ai(id).await;
                table.release_work(claim).await;
                (id, played)
            });
        }
        // Effects in match order, whatever order the runs end in.
        let mut done = Vec::new();
        while let Some(joined) = runs.join_next().await {
            match joined {
                Ok((id, Ok(effects))) => done.push((id, effects)),
                Ok((id, Err(e))) => tracing::error!(match_id = id, error = %e, "the computer could not move"),
                Err(e) => tracing::error!(error = %e, "a computer run failed"),
            }
        }
        done.sort_by_key(|(id, _)| *id);
        done.into_iter().flat_map(|(_, effects)| effects).collect()
    }

    /// One decision of the computer in `match_id`, committed against the
    /// version it was searched at. A lost race commits nothing and is
    /// decided again on the next look.
    async fn computer_turn(&self, match_id: i64) -> Result<Turn, TableError> {
        let m = self.load(match_id).await?;
        if m.row.status != MatchStatus::Active || m.state.outcome().is_some() {
            return Ok(Turn::Idle);
        }
        let Some((seat, level)) =
            m.state.to_act().into_iter().find_map(|s| m.computer_at(s).map(|level| (s, level)))
        else {
            return Ok(Turn::Idle);
        };
        let mut state = m.state.clone();
        // A match time limit that passed is called first, as before a click.
        let mut steps: Vec<Step> = self.time_step(&m, &mut state).into_iter().collect();
        if !steps.is_empty() {
            steps.extend(self.autopilot(&m, &mut state));
        }
        if state.outcome().is_none() && state.to_act().contains(&seat) {
            let seed = m.setup.seed
                ^ (m.row.version as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ u64::from(seat.0).rotate_left(56);
            let Some(action) = self.search(&state, seat, self.ai.settings(level), seed).await? else {
                tracing::warn!(match_id, %seat, "the computer found no action to take");
                return Ok(if steps.is_empty() {
                    Turn::Idle
                } else {
                    self.commit_turn(&m, steps, state).await?
                });
            };
            let events = state.apply(seat, &action).map_err(|e| {
                TableError::internal(anyhow::anyhow!(
                    "match {match_id}: the computer chose an illegal action: {e}"
                ))
            })?;
            steps.push(Step { seat, entry: LogEntry::Player { action }, events });
            steps.extend(self.autopilot(&m, &mut state));
        }
        if steps.is_empty() {
            return Ok(Turn::Idle);
        }
        self.commit_turn(&m, steps, state).await
    }

    /// The search, on a blocking thread once a search slot is free.
    async fn search(
        &self,
        state: &crate::games::AnyState,
        seat: crate::engine::Seat,
        settings: Settings,
        seed: u64,
    ) -> Result<Option<crate::games::AnyAction>, TableError> {
        let state = state.clone();
        self.in_search_slot(move || crate::ai::choose_with(&state, seat, settings, seed)).await
    }

    /// Runs `work` (a search) on a blocking thread once a search slot is
    /// free: the computer's turns and the players' hints share the slots.
    pub(crate) async fn in_search_slot<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, TableError> {
        let permit = self
            .ai
            .searches
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| TableError::internal(anyhow::anyhow!("the search slots are closed: {e}")))?;
        let (busy, peak) = (self.ai.busy.clone(), self.ai.peak.clone());
        tokio::task::spawn_blocking(move || {
            let _slot = permit;
            let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
            peak.fetch_max(now, Ordering::SeqCst);
            let done = work();
            busy.fetch_sub(1, Ordering::SeqCst);
            done
        })
        .await
        .map_err(|e| TableError::internal(anyhow::anyhow!("the search failed: {e}")))
    }

    /// The budget of a player's hint: `normal`'s at most (or the table's
    /// budget for every level, in tests and quick console runs).
    pub(crate) fn hint_budget(&self) -> Budget {
        let normal = Level::Normal.budget();
        let budget = self.ai.settings(Level::Normal).budget;
        Budget { iterations: budget.iterations.min(normal.iterations), time: budget.time.min(normal.time) }
    }

    /// Commits the computer's steps. While it still acts alone afterwards
    /// nothing is posted (its moves gather for the next board); once a
    /// person is to act, or the match is over, a new board is posted.
    async fn commit_turn(
        &self,
        m: &super::loaded::Loaded,
        steps: Vec<Step>,
        state: crate::games::AnyState,
    ) -> Result<Turn, TableError> {
        let computer_goes_on = state.outcome().is_none()
            && !state.to_act().is_empty()
            && state.to_act().iter().all(|s| m.computer_at(*s).is_some());
        // Its moves in a run gather as an edit in place would, and show on
        // the board posted when the run ends.
        let orders = super::offers::MatchOrders::parse(&m.row.orders);
        let plan = BoardPlan::new(m, &steps, computer_goes_on, orders);
        match self.commit(m, &steps, &state, &plan).await {
            Ok(done) => {
                if steps.iter().any(|s| s.entry == LogEntry::Time) {
                    self.store.time_called(m.id()).await?;
                }
                if computer_goes_on {
                    return Ok(Turn::Moved(vec![]));
                }
                let after = self.finished(m.moved_to(done, plan.orders.to_json(), &state)).await;
                Ok(Turn::Moved(self.board_after_unprompted(m, &after, &state, &steps, &plan).await))
            }
            Err(StoreError::Conflict) => Ok(Turn::Moved(vec![])),
            Err(e) => Err(e.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn the_table_searches_easy_with_its_randomness_and_the_others_without() {
        let pool = AiPool::new(1, None);
        for level in Level::ALL {
            assert_eq!(pool.settings(level), level.settings(), "{level:?}");
        }
        assert!(pool.settings(Level::Easy).sample, "easy picks at random in proportion to visits");
        assert!(!pool.settings(Level::Hard).sample);
    }

    #[test]
    fn a_released_claim_dropped_late_leaves_the_next_runs_claim_alone() {
        let pool = AiPool::new(1, None);
        let mut first = pool.claim(7).expect("nobody runs match 7");
        assert!(first.release(), "nobody asked for another look");
        // Another caller claims the match between the release and the drop.
        let second = pool.claim(7).expect("the first run has ended");
        drop(first);
        assert!(pool.claim(7).is_none(), "the second run still holds match 7");
        drop(second);
        assert!(pool.claim(7).is_some(), "the second run's end frees match 7");
    }

    #[test]
    fn a_claim_asked_for_again_goes_on_once_more() {
        let pool = AiPool::new(1, None);
        let mut run = pool.claim(3).expect("nobody runs match 3");
        assert!(pool.claim(3).is_none());
        assert!(!run.release(), "another caller asked: the run looks again");
        assert!(run.release());
    }

    #[test]
    fn a_budget_override_replaces_only_the_budget() {
        let budget = Budget { iterations: 6, time: Duration::from_secs(60) };
        let pool = AiPool::new(1, Some(budget));
        for level in Level::ALL {
            assert_eq!(pool.settings(level), Settings { budget, ..level.settings() }, "{level:?}");
        }
    }
}
