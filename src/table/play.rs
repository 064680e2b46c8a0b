//! Playing a match: one click applies one action, autopilot answers the
//! forced prompts after it, and everything is committed at once against the
//! version the click was offered at.

use super::error::{refuse, TableError, UserError};
use super::loaded::Loaded;
use super::log::{LogEntry, Step};
use super::protocol::{Outgoing, PostKey, Request, UserId};
use super::Table;
use crate::engine::{Seat, TableView, Viewer, Visibility};
use crate::games::{AnyAction, AnyState};
use crate::store::{Commit, MatchStatus, StoreError};
use crate::view::CustomId;
use crate::view::{self, BoardContext, HandContext};
use crate::view::{ButtonStyle, Component, Message};

/// How often a concede is retried when another action keeps landing first.
const CONCEDE_RETRIES: usize = 5;

impl Table {
    /// A click on action `index` of the board or hand offered at `version`.
    pub(crate) async fn act(
        &self,
        req: &Request,
        match_id: i64,
        version: i64,
        index: usize,
    ) -> Result<Vec<Outgoing>, TableError> {
        let m = self.load(match_id).await?;
        let seat = m.require_seat(req)?;
        m.require_active()?;
        if m.row.version != version {
            return self.moved_on(req, match_id).await;
        }
        let to_act = m.state.to_act();
        if !to_act.contains(&seat) {
            let waiting: Vec<String> = to_act.iter().map(|s| m.name_of(*s)).collect();
            return refuse(format!(
                "It is not your move: waiting for {}. You will be pinged when it is.",
                if waiting.is_empty() { "nobody".to_owned() } else { waiting.join(" and ") }
            ));
        }
        let legal = m.state.legal_actions(seat);
        let Some(action) = legal.get(index).cloned() else {
            return refuse(
                "That choice is no longer on offer. Open your hand again (My hand) for the current ones.",
            );
        };
        let mut state = m.state.clone();
        let events = state
            .apply(seat, &action)
            .map_err(|e| UserError::new(format!("That move is not allowed: {e}. Nothing was changed.")))?;
        let mut steps = vec![Step { seat, entry: LogEntry::Player { action }, events }];
        steps.extend(self.autopilot(&m, &mut state));
        match self.commit(&m, &steps, &state).await {
            Ok(new_version) => self.after_commit(req, &m, new_version, &state, &steps, None).await,
            Err(StoreError::Conflict) => self.moved_on(req, match_id).await,
            Err(e) => Err(e.into()),
        }
    }

    /// Applies the answers the players left to the table (see
    /// [`autopilot`]), by their settings. Bounded by `autopilot_limit`.
    pub(crate) fn autopilot(&self, m: &Loaded, state: &mut AnyState) -> Vec<Step> {
        let mut leave = vec![Leave::default(); m.seats.len()];
        for s in &m.seats {
            if let Some(l) = usize::try_from(s.seat).ok().and_then(|i| leave.get_mut(i)) {
                *l = Leave { hold_priority: s.hold_priority, auto_pass: s.auto_pass };
            }
        }
        autopilot(state, &leave, self.config.autopilot_limit)
    }

    /// Writes the steps and the new snapshot if the match is still at the
    /// version they were computed from.
    pub(crate) async fn commit(
        &self,
        m: &Loaded,
        steps: &[Step],
        state: &AnyState,
    ) -> Result<i64, StoreError> {
        let now = self.clock.now();
        let actions = steps
            .iter()
            .map(|s| Ok((i64::from(s.seat.0), serde_json::to_string(&s.entry)?)))
            .collect::<Result<Vec<_>, serde_json::Error>>()
            .map_err(|_| StoreError::Invalid("an action could not be serialised"))?;
        let state_json =
            serde_json::to_string(state).map_err(|_| StoreError::Invalid("unserialisable state"))?;
        let outcome = state.outcome();
        let outcome_json = outcome.as_ref().and_then(|o| serde_json::to_string(o).ok());
        let to_act: Vec<i64> =
            if outcome.is_some() { vec![] } else { state.to_act().iter().map(|s| i64::from(s.0)).collect() };
        let deadline_at = (!to_act.is_empty()).then(|| now + m.row.limit_hours * 3600);
        let commit = Commit {
            expected_version: m.row.version,
            actions: &actions,
            state: &state_json,
            status: if outcome.is_some() { MatchStatus::Finished } else { MatchStatus::Active },
            outcome: outcome_json.as_deref(),
            to_act: &to_act,
            deadline_at,
            now,
        };
        self.store.commit_actions(m.id(), &commit).await
    }

    /// The answer to a committed step: the new board at the bottom of the
    /// thread, and the requester's private news (with their hand when they
    /// still have choices).
    pub(crate) async fn after_commit(
        &self,
        req: &Request,
        m: &Loaded,
        version: i64,
        state: &AnyState,
        steps: &[Step],
        extra_mentions: Option<Vec<UserId>>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let events: Vec<String> = steps
            .iter()
            .flat_map(|s| &s.events)
            .filter(|e| e.visible_to(None))
            .map(|e| e.text.clone())
            .collect();
        let mut out = vec![self.board_post(m, state, version, &events, Some(&req.user.id), extra_mentions)];
        if let Some(seat) = m.seat_of(&req.user.id) {
            let news: Vec<String> = steps
                .iter()
                .flat_map(|s| &s.events)
                .filter(|e| e.to == Visibility::Only(seat))
                .map(|e| e.text.clone())
                .collect();
            let view = with_title(state.view(Viewer::Seat(seat)), m);
            let (_, in_hand) = view::split_actions(&view.actions, board_allowed(state, seat));
            if !news.is_empty() || !in_hand.is_empty() {
                let ctx = HandContext {
                    match_id: m.id(),
                    version,
                    seat: Some(seat),
                    news: &news,
                    actions: &in_hand,
                    page: 0,
                };
                out.push(Outgoing::Ephemeral { to: req.user.id.clone(), message: view::hand(&view, &ctx) });
            }
        }
        Ok(out)
    }

    /// A public board post for `state` at `version`, mentioning the players
    /// to act (but not `skip`, who just clicked).
    pub(crate) fn board_post(
        &self,
        m: &Loaded,
        state: &AnyState,
        version: i64,
        events: &[String],
        skip: Option<&UserId>,
        mentions: Option<Vec<UserId>>,
    ) -> Outgoing {
        let message = self.board_message(m, state, version, events);
        let mentions = mentions.unwrap_or_else(|| {
            state.to_act().into_iter().filter_map(|s| m.user_at(s)).filter(|u| Some(u) != skip).collect()
        });
        Outgoing::Post {
            target: m.board_target(),
            message,
            mentions,
            key: Some(PostKey::Board { match_id: m.id(), version }),
        }
    }

    pub(crate) fn board_message(
        &self,
        m: &Loaded,
        state: &AnyState,
        version: i64,
        events: &[String],
    ) -> Message {
        let public = state.view(Viewer::Public);
        let to_act = state.to_act();
        let actions = match to_act.as_slice() {
            [only] => state.view(Viewer::Seat(*only)).actions,
            _ => vec![],
        };
        let (on_board, _) = view::split_actions(&actions, to_act.len() == 1);
        let deadline = (!to_act.is_empty() && state.outcome().is_none())
            .then(|| format!("{} h per move", m.row.limit_hours));
        let notice = m.rebuilt.then(|| {
            "This match's saved state was damaged and has been rebuilt from its move log.".to_owned()
        });
        let ctx =
            BoardContext { match_id: m.id(), version, events, board_actions: &on_board, deadline, notice };
        view::board(&with_title(public, m), &ctx)
    }

    /// "This board has moved on": the current board, privately, with live buttons.
    pub(crate) async fn moved_on(&self, req: &Request, match_id: i64) -> Result<Vec<Outgoing>, TableError> {
        let m = self.load(match_id).await?;
        let mut message = self.board_message(&m, &m.state, m.row.version, &[]);
        message.content = format!(
            "This board has moved on — someone acted first, or you clicked twice. Nothing was applied. \
             Here is the current one:\n{}",
            message.content
        );
        message.content = crate::view::truncate(&message.content, crate::view::limits::CONTENT);
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// The requester's hand, privately: cards, news since their last move,
    /// and the choices not on the board (page `page`).
    pub(crate) async fn show_hand(
        &self,
        req: &Request,
        m: Loaded,
        page: u32,
    ) -> Result<Vec<Outgoing>, TableError> {
        let Some(seat) = m.seat_of(&req.user.id) else {
            return refuse(format!(
                "Only {} have hands in this match; you are watching. The board shows everything public.",
                m.player_names()
            ));
        };
        let replayed = self.replay_log(m.id(), m.game, &m.setup).await?;
        let news = match replayed {
            Ok(r) => r.news_for(seat),
            Err(e) => {
                tracing::warn!(match_id = m.id(), error = %e, "log does not replay; hand shown without news");
                vec![]
            }
        };
        let view = with_title(m.state.view(Viewer::Seat(seat)), &m);
        let (_, in_hand) = view::split_actions(&view.actions, board_allowed(&m.state, seat));
        let ctx = HandContext {
            match_id: m.id(),
            version: m.row.version,
            seat: Some(seat),
            news: &news,
            actions: &in_hand,
            page,
        };
        let mut out = Vec::new();
        if m.rebuilt {
            out.push(self.rebuilt_notice(&m));
        }
        out.push(Outgoing::Ephemeral { to: req.user.id.clone(), message: view::hand(&view, &ctx) });
        Ok(out)
    }

    /// `/board`: the board again at the bottom of the thread (it becomes the live one).
    pub(crate) async fn repost_board(&self, m: Loaded) -> Result<Vec<Outgoing>, TableError> {
        let events = match self.replay_log(m.id(), m.game, &m.setup).await? {
            Ok(r) => r.last_public_events(),
            Err(_) => vec![],
        };
        Ok(vec![self.board_post(&m, &m.state, m.row.version, &events, None, Some(vec![]))])
    }

    fn rebuilt_notice(&self, m: &Loaded) -> Outgoing {
        Outgoing::Post {
            target: m.board_target(),
            message: Message::text(
                "⚠ This match's saved state was damaged; it has been rebuilt from its move log and play can go on.",
            ),
            mentions: vec![],
            key: None,
        }
    }

    /// Asks for confirmation before conceding.
    pub(crate) async fn ask_concede(&self, req: &Request, m: Loaded) -> Result<Vec<Outgoing>, TableError> {
        m.require_seat(req)?;
        m.require_active()?;
        let mut message = Message::text(format!(
            "Concede {}? The other player wins at once; this cannot be undone.",
            m.title()
        ));
        message.components.push(Component::button(
            CustomId::ConcedeConfirm { match_id: m.id() }.encode(),
            "Yes, concede",
            ButtonStyle::Danger,
        ));
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// Concedes for the requester, whatever the version (retrying when
    /// another action lands first).
    pub(crate) async fn concede(&self, req: &Request, match_id: i64) -> Result<Vec<Outgoing>, TableError> {
        for _ in 0..CONCEDE_RETRIES {
            let m = self.load(match_id).await?;
            let seat = m.require_seat(req)?;
            m.require_active()?;
            let mut state = m.state.clone();
            let events = LogEntry::Concede.apply(&mut state, seat).unwrap_or_default();
            let mut steps = vec![Step { seat, entry: LogEntry::Concede, events }];
            steps.extend(self.autopilot(&m, &mut state));
            match self.commit(&m, &steps, &state).await {
                Ok(v) => {
                    let everyone = m
                        .seats
                        .iter()
                        .map(|s| UserId(s.user_id.clone()))
                        .filter(|u| *u != req.user.id)
                        .collect();
                    return self.after_commit(req, &m, v, &state, &steps, Some(everyone)).await;
                }
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        refuse("The match is moving too fast to concede right now; try again in a moment.")
    }

    /// An opponent claims the win after the deadline of the decision
    /// pending at `version` passed.
    pub(crate) async fn claim(
        &self,
        req: &Request,
        match_id: i64,
        version: i64,
    ) -> Result<Vec<Outgoing>, TableError> {
        let m = self.load(match_id).await?;
        let seat = m.require_seat(req)?;
        m.require_active()?;
        let late: Vec<Seat> = m.state.to_act();
        if m.row.version != version || late.is_empty() {
            return refuse(
                "The game has moved on since that deadline notice, so there is nothing to claim. Play on!",
            );
        }
        if late.contains(&seat) {
            return refuse("You cannot claim this match: the move everyone is waiting for is yours.");
        }
        let now = self.clock.now();
        match m.row.deadline_at {
            Some(d) if d <= now => {}
            Some(d) => {
                let hours = (d - now + 3599) / 3600;
                return refuse(format!("The deadline has not passed yet; about {hours} h are left."));
            }
            None => return refuse("This decision has no deadline, so the win cannot be claimed."),
        }
        let mut state = m.state.clone();
        let mut steps = Vec::new();
        for s in late {
            let mut events = vec![crate::engine::Event::public(format!(
                "{} ran out of time; {} claimed the win.",
                m.name_of(s),
                m.name_of(seat)
            ))];
            events.extend(LogEntry::Forfeit.apply(&mut state, s).unwrap_or_default());
            steps.push(Step { seat: s, entry: LogEntry::Forfeit, events });
        }
        steps.extend(self.autopilot(&m, &mut state));
        match self.commit(&m, &steps, &state).await {
            Ok(v) => {
                let everyone =
                    m.seats.iter().map(|s| UserId(s.user_id.clone())).filter(|u| *u != req.user.id).collect();
                self.after_commit(req, &m, v, &state, &steps, Some(everyone)).await
            }
            Err(StoreError::Conflict) => self.moved_on(req, match_id).await,
            Err(e) => Err(e.into()),
        }
    }
}

/// What a player lets the table answer for them (their `/settings`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Leave {
    /// Answer nothing for them: they click even single-choice prompts.
    pub hold_priority: bool,
    /// Pass their priority stops when they have no answer, even when only
    /// their hidden cards show it.
    pub auto_pass: bool,
}

/// The answer the table gives for `seat` now, if any. A priority stop is
/// passed on public facts alone (no answer, and everyone can see it), or
/// on hidden ones with the player's leave; a stop with a real answer is
/// never passed. Any other decision is answered when it has one answer.
pub fn automatic_answer(state: &AnyState, seat: Seat, leave: Leave) -> Option<AnyAction> {
    if leave.hold_priority {
        return None;
    }
    match state.stop(seat) {
        Some(stop) => stop.passes_automatically(leave.auto_pass).then_some(stop.pass),
        None => match state.legal_actions(seat).as_slice() {
            [only] => Some(only.clone()),
            _ => None,
        },
    }
}

/// Automatic answers (see [`automatic_answer`]), applied until none is left
/// or `limit` are applied. `leave` is by seat number; a seat beyond it gets
/// the default (forced answers and public passes only).
pub fn autopilot(state: &mut AnyState, leave: &[Leave], limit: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    'outer: while steps.len() < limit {
        if state.outcome().is_some() {
            break;
        }
        for seat in state.to_act() {
            let leave = leave.get(seat.index()).copied().unwrap_or_default();
            if let Some(action) = automatic_answer(state, seat, leave) {
                match state.apply(seat, &action) {
                    Ok(events) => {
                        steps.push(Step { seat, entry: LogEntry::Autopilot { action }, events });
                        continue 'outer;
                    }
                    Err(e) => tracing::warn!(%seat, error = %e, "an automatic answer was refused"),
                }
            }
        }
        break;
    }
    if steps.len() >= limit {
        tracing::warn!(limit, "autopilot stopped at its limit");
    }
    steps
}

/// Board buttons are offered only when `seat` is the single seat to act.
fn board_allowed(state: &AnyState, seat: Seat) -> bool {
    state.to_act() == [seat]
}

/// Fills in the game name when a rules module left it empty.
pub(crate) fn with_title(mut view: TableView, m: &Loaded) -> TableView {
    if view.game.is_empty() {
        view.game = m.game.info().name.to_owned();
    }
    if view.seats.is_empty() {
        view.seats = m
            .setup
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| crate::engine::SeatView {
                seat: Some(Seat(i as u8)),
                name: s.name.clone(),
                alive: true,
                ..Default::default()
            })
            .collect();
    }
    view
}
