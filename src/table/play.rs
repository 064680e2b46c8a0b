//! Playing a match: one click applies one action, autopilot answers the
//! forced prompts after it, and everything is committed at once against the
//! version the click was offered at.

use super::error::{refuse, TableError};
use super::loaded::Loaded;
use super::log::{LogEntry, Step};
use super::offers::{apply_choice, offers, order_labels, BoardEvents, MatchOrders, Offers};
use super::protocol::{Outgoing, PostKey, Request, UserId};
use super::Table;
use crate::engine::{GivenOrder, Seat, TableView, Viewer, Visibility, END_TURN};
use crate::games::{AnyAction, AnyState};
use crate::store::{Commit, MatchStatus, StoreError};
use crate::view::{self, BoardContext, HandContext};
use crate::view::{ButtonStyle, Choice, Component, CustomId, Message};

/// How often a concede is retried when another action keeps landing first.
const CONCEDE_RETRIES: usize = 5;

impl Table {
    /// A click on a choice offered at `version` (an action, a move ahead,
    /// End turn, a standing order).
    pub(crate) async fn act(
        &self,
        req: &Request,
        match_id: i64,
        version: i64,
        choice: Choice,
    ) -> Result<Vec<Outgoing>, TableError> {
        let m = self.load(match_id).await?;
        let seat = m.require_seat(req)?;
        m.require_active()?;
        if m.row.version != version && !self.still_offered(&m, seat, version, &choice).await? {
            return self.moved_on(req, match_id).await;
        }
        if m.pass_held(seat) {
            return refuse(
                "You have passed already: the window closes when its short delay ends (a few minutes, \
                 the same whatever anyone holds), and the match goes on then.",
            );
        }
        let to_act = m.state.to_act();
        if !to_act.contains(&seat) {
            let waiting: Vec<String> = to_act.iter().map(|s| m.name_of(*s)).collect();
            return refuse(format!(
                "It is not your move: waiting for {}. You will be pinged when it is.",
                if waiting.is_empty() { "nobody".to_owned() } else { waiting.join(" and ") }
            ));
        }
        let mut leaves = m.leaves();
        let mut state = m.state.clone();
        // Time is called before the click when the limit has passed and
        // the ticker has not got to it yet; it changes no choice on offer.
        let time = self.time_step(&m, &mut state);
        let (mut steps, given) = apply_choice(&mut state, seat, choice, &leaves)?;
        let mut orders = MatchOrders::parse(&m.row.orders);
        if let Some(order) = given {
            orders.give(seat, &order, m.state.turn());
            let note = if order.key == END_TURN.key {
                format!("{} will end the turn once the others have answered.", m.name_of(seat))
            } else {
                format!("{} gives a standing order: {}.", m.name_of(seat), order.label.to_lowercase())
            };
            if let Some(first) = steps.first_mut() {
                first.events.insert(0, crate::engine::Event::public(note));
            }
            leaves = m.leaves_with(&orders);
        }
        if time.is_none() && given.is_none() && self.holds_pass(&m, seat, &leaves, &steps).await? {
            let mut message = self.hand_message(&m, seat, &[], &Offers::default(), 0);
            let head = format!(
                "You pass. The window closes at the end of its short delay (at most\n\
                 {} minutes, whatever anyone holds, so the timing tells nobody whether\n\
                 you could answer); the match goes on then.",
                MASK_MAX_SECONDS / 60
            );
            put_first(&mut message, head);
            return Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }]);
        }
        steps.splice(0..0, time);
        steps.extend(self.autopilot_with(&m, &mut state, &leaves));
        let edit = self.edits_board(&m, &state, Some(seat), &orders);
        let plan = BoardPlan::new(&m, &steps, edit, orders);
        match self.commit(&m, &steps, &state, &plan).await {
            Ok(done) => {
                if steps.iter().any(|s| s.entry == LogEntry::Time) {
                    self.store.time_called(m.id()).await?;
                }
                self.after_commit(req, &m, done, &state, &steps, None, &plan).await
            }
            Err(StoreError::Conflict) => self.moved_on(req, match_id).await,
            Err(e) => Err(e.into()),
        }
    }

    /// Whether `steps`, one click of `seat`'s, is a pass at a quiet window
    /// before its masking delay ends, and is now held (see
    /// [`Loaded::pass_held`]): applied with the table's own passes when
    /// the delay ends ([`Table::masked_pass`]), so the others see the
    /// window close at the same tick whether the player passed or the
    /// table passed for them. Anything else the player does in the window
    /// (a response) is applied at once.
    async fn holds_pass(
        &self,
        m: &Loaded,
        seat: Seat,
        leaves: &[Leave],
        steps: &[Step],
    ) -> Result<bool, TableError> {
        let now = self.clock.now();
        if !self.config.hold_passes
            || m.row.pass_at.is_none_or(|t| now >= t)
            || quiet(&m.state, seat, leaves).is_none()
        {
            return Ok(false);
        }
        // Where every answer is public (Athernum), or against the computer
        // alone, the timing tells nobody anything: no wait.
        let watched = m.game.info().hidden_answers
            && m.seats.iter().any(|s| {
                s.seat != i64::from(seat.0) && super::computer::computer_level(&s.user_id).is_none()
            });
        if !watched {
            return Ok(false);
        }
        let Some(stop) = m.state.stop(seat) else { return Ok(false) };
        let [Step { seat: s, entry: LogEntry::Player { action }, .. }] = steps else { return Ok(false) };
        if *s != seat || *action != stop.pass {
            return Ok(false);
        }
        Ok(self.store.hold_pass(m.id(), i64::from(seat.0), m.row.version, now).await?)
    }

    /// The time call of a match whose time limit has passed, applied to
    /// `state`, as the step to log; none when the limit is not reached or
    /// time was called already.
    pub(crate) fn time_step(&self, m: &Loaded, state: &mut AnyState) -> Option<Step> {
        m.row.time_up_at.filter(|t| *t <= self.clock.now())?;
        let events = state.call_time();
        (!events.is_empty()).then_some(Step { seat: Seat(0), entry: LogEntry::Time, events })
    }

    /// Whether the board is edited in place after `seat` acted: it still
    /// acts, alone, in the same turn, and the board's message is known.
    ///
    /// The board is also edited, pinging nobody, when a quiet window opens
    /// for the others after the requester acted alone ([`quiet`]: nobody is
    /// told whether they can respond), and when a quiet window closes
    /// at the end of its masking delay (`seat` is `None`: the table's
    /// pass, which carries the passes players made in the window too), or
    /// earlier by a player's response: the waiting player was told the
    /// window is short. A decision this hands to someone no longer looking
    /// at the match is announced to them all the same
    /// ([`Table::board_after`]).
    pub(crate) fn edits_board(
        &self,
        m: &Loaded,
        state: &AnyState,
        seat: Option<Seat>,
        orders: &MatchOrders,
    ) -> bool {
        if m.row.board_message.is_none() || state.outcome().is_some() || state.turn() != m.state.turn() {
            return false;
        }
        let before = m.state.to_act();
        let after = state.to_act();
        if seat.is_some_and(|seat| before == [seat] && after == [seat]) {
            return true;
        }
        // A turn shared by teammates (Spheres' Citadel): a hand-off
        // between them, the decisions staying with the turn's own players,
        // edits the board too; a teammate newly handed a decision is told
        // by direct message ([`Table::keep_everyone_told`]).
        let shared = state.turn().filter(|t| t.partner.is_some());
        let within = |v: &[Seat]| shared.is_some_and(|t| !v.is_empty() && v.iter().all(|s| t.has(*s)));
        if seat.is_some_and(|seat| before.contains(&seat)) && within(&before) && within(&after) {
            return true;
        }
        let leaves = m.leaves_at(orders, state.turn());
        let quiet_after = !after.is_empty() && quiet_people(m, state, &leaves).len() == after.len();
        if quiet_after && seat.is_some_and(|seat| before == [seat] && !after.contains(&seat)) {
            return true;
        }
        let active = state.turn().map(|t| t.active);
        let closed_in_time = m.row.pass_at.is_some_and(|t| seat.is_none() || self.clock.now() <= t);
        closed_in_time && after.iter().all(|s| Some(*s) == active || quiet(state, *s, &leaves).is_some())
    }

    /// Applies the answers the players left to the table (see
    /// [`autopilot`]), by their settings. Bounded by `autopilot_limit`.
    pub(crate) fn autopilot(&self, m: &Loaded, state: &mut AnyState) -> Vec<Step> {
        self.autopilot_with(m, state, &m.leaves())
    }

    /// [`Table::autopilot`] with explicit leaves; an answer by standing
    /// order says so publicly (not why it fired).
    fn autopilot_with(&self, m: &Loaded, state: &mut AnyState, leaves: &[Leave]) -> Vec<Step> {
        let mut steps = autopilot(state, leaves, self.config.autopilot_limit);
        for s in &mut steps {
            // A note with nothing public after it would read as an empty line.
            if matches!(s.entry, LogEntry::Order { .. }) && s.events.iter().any(|e| e.visible_to(None)) {
                let note = format!("{} answers by standing order:", m.name_of(s.seat));
                s.events.insert(0, crate::engine::Event::public(note));
            }
        }
        steps
    }

    /// Writes the steps and the new snapshot if the match is still at the
    /// version they were computed from.
    pub(crate) async fn commit(
        &self,
        m: &Loaded,
        steps: &[Step],
        state: &AnyState,
        plan: &BoardPlan,
    ) -> Result<Committed, StoreError> {
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
        // A time call alone is no move: whoever was to act keeps the clock
        // (and the reminders) of their decision.
        let keeps_clock = steps.iter().all(|s| s.entry == LogEntry::Time)
            && m.row.seats_to_act().is_ok_and(|before| before == to_act);
        // The computer has no deadline: only a person's decision has one.
        let person_to_act =
            to_act.iter().any(|s| u8::try_from(*s).map_or(true, |s| m.computer_at(Seat(s)).is_none()));
        let deadline_at = if keeps_clock {
            m.row.deadline_at
        } else {
            person_to_act.then(|| now + m.row.limit_hours * 3600)
        };
        let pass_at = if keeps_clock {
            m.row.pass_at
        } else {
            let leaves = m.leaves_at(&plan.orders, state.turn());
            let quiet = outcome.is_none() && !quiet_people(m, state, &leaves).is_empty();
            quiet.then(|| now + masking_delay(m.id(), m.row.version))
        };
        let orders = plan.orders.to_json();
        let board_events = plan.stored.to_json();
        let commit = Commit {
            expected_version: m.row.version,
            actions: &actions,
            state: &state_json,
            status: if outcome.is_some() { MatchStatus::Finished } else { MatchStatus::Active },
            outcome: outcome_json.as_deref(),
            to_act: &to_act,
            deadline_at,
            now,
            orders: &orders,
            board_events: &board_events,
            pass_at,
        };
        let version = self.store.commit_actions(m.id(), &commit).await?;
        Ok(Committed { version, deadline_at, pass_at })
    }

    /// The answer to a committed step: the board (edited in place while
    /// the requester goes on alone in their turn, else posted anew at the
    /// bottom of the thread, pinging whoever must act), and the requester's
    /// hand with everything they can do now, or their private news.
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn after_commit(
        &self,
        req: &Request,
        m: &Loaded,
        done: Committed,
        state: &AnyState,
        steps: &[Step],
        extra_mentions: Option<Vec<UserId>>,
        plan: &BoardPlan,
    ) -> Result<Vec<Outgoing>, TableError> {
        let after = self.finished(m.moved_to(done, plan.orders.to_json(), state)).await;
        // The requester's offers serve their hand and, when they act next
        // alone, the board's buttons too: computed once.
        let mine = m.seat_of(&req.user.id);
        let mut known = SeatOffers::default();
        if let Some(seat) = mine {
            known.get(state, seat, &after.leaves());
        }
        let mut out = self
            .board_after(m, &after, state, steps, plan, Some(&req.user.id), extra_mentions, &mut known)
            .await;
        if let Some(seat) = mine {
            let news = news_of(steps, seat);
            let offers = known.get(state, seat, &after.leaves());
            // While the match goes on, the requester always gets their hand
            // back: the reply the table refreshes in place while they look
            // (`Outgoing::RefreshHand`), whatever comes back to them.
            if !news.is_empty() || !offers.hand.is_empty() || state.outcome().is_none() {
                let message = self.hand_message(&after, seat, &news, offers, 0);
                out.push(Outgoing::Ephemeral { to: req.user.id.clone(), message });
            }
        }
        Ok(out)
    }

    /// [`Self::board_after`] for a move no player clicked (the computer's,
    /// a deadline's): nobody to skip, the plan's own mentions, no seat's
    /// offers known yet.
    pub(crate) async fn board_after_unprompted(
        &self,
        m: &Loaded,
        after: &Loaded,
        state: &AnyState,
        steps: &[Step],
        plan: &BoardPlan,
    ) -> Vec<Outgoing> {
        self.board_after(m, after, state, steps, plan, None, None, &mut SeatOffers::default()).await
    }

    /// What everyone is shown after a commit that moved `m` to `after`:
    /// the board, edited in place when `plan.edit`, else posted anew
    /// pinging whoever must act (not `skip`, who made the request, unless
    /// `mentions` names them); the private notes of a quiet window that
    /// opened; a player whose turn it has just made is brought their hand
    /// by direct message ([`Table::turn_by_dm`]); and every other person to
    /// act is told, once: their hand refreshed in place while they are
    /// still looking, else a direct message or a ping
    /// ([`Table::keep_everyone_told`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn board_after(
        &self,
        m: &Loaded,
        after: &Loaded,
        state: &AnyState,
        steps: &[Step],
        plan: &BoardPlan,
        skip: Option<&UserId>,
        mentions: Option<Vec<UserId>>,
        known: &mut SeatOffers,
    ) -> Vec<Outgoing> {
        let version = after.row.version;
        let message = self.board_message_with(after, state, version, &plan.shown, known);
        let mut out = vec![match (&m.row.board_message, plan.edit) {
            (Some(message_ref), true) => Outgoing::Edit {
                target: m.board_target(),
                message_ref: message_ref.clone(),
                message,
                key: Some(PostKey::Board { match_id: m.id(), version }),
            },
            _ => {
                let began = m.state.turn().map(|t| t.number) != state.turn().map(|t| t.number);
                self.board_post_of(after, state, version, message, skip, mentions, began)
            }
        }];
        // A player whose turn begins is pinged on the board itself.
        let began_for = match &out[0] {
            Outgoing::Post { mentions, .. } => {
                state.turn().and_then(|t| after.user_at(t.active)).filter(|u| mentions.contains(u))
            }
            _ => None,
        };
        let notices = self.quiet_notices(after, state, steps, skip, known);
        out.extend(
            notices.into_iter().filter(
                |o| !matches!(o, Outgoing::DirectMessage { to, .. } if Some(to) == began_for.as_ref()),
            ),
        );
        self.turn_by_dm(m, after, steps, &mut out, known).await;
        self.keep_everyone_told(m, after, state, steps, skip, &mut out, known).await;
        out
    }

    /// Every person to act after a commit knows it, once: one still looking
    /// at the match (the reply to their last click can still be edited,
    /// [`Loaded::present`]) gets their hand refreshed in place
    /// ([`Outgoing::RefreshHand`]); one newly handed a decision who is
    /// away (a teammate handed the next step of a shared turn among them),
    /// and was neither pinged by the board nor sent a direct message in
    /// `out`, is announced it now: by direct message with their hand
    /// (the `turn_dm` setting), else by a ping in the thread. Nobody is
    /// announced a quiet window the table passes for them when its
    /// masking delay ends (that would tell what they hold); one who can
    /// respond there was sent a direct message by [`Table::quiet_notices`].
    #[allow(clippy::too_many_arguments)]
    async fn keep_everyone_told(
        &self,
        before: &Loaded,
        after: &Loaded,
        state: &AnyState,
        steps: &[Step],
        skip: Option<&UserId>,
        out: &mut Vec<Outgoing>,
        known: &mut SeatOffers,
    ) {
        if state.outcome().is_some() {
            return;
        }
        let now = self.clock.now();
        let leaves = after.leaves();
        let was = before.state.to_act();
        for seat in state.to_act() {
            let Some(to) = after.pingable_users([seat]).pop().filter(|u| Some(u) != skip) else { continue };
            let told = out.iter().any(|o| match o {
                Outgoing::Post { mentions, .. } => mentions.contains(&to),
                Outgoing::DirectMessage { to: t, .. } => *t == to,
                _ => false,
            });
            if told {
                continue;
            }
            if after.present(seat, now) {
                let offers = known.get(state, seat, &leaves);
                let message = self.hand_message(after, seat, &news_of(steps, seat), offers, 0);
                out.push(Outgoing::RefreshHand { to, match_id: after.id(), message });
                continue;
            }
            // A decision of theirs answered in this commit (by the table, by
            // an order) and a new one asked is news too.
            let handed = !was.contains(&seat) || steps.iter().any(|s| s.seat == seat);
            if !handed || quiet(state, seat, &leaves).is_some() {
                continue;
            }
            // A turn shared by teammates (Spheres' Citadel): the step the
            // other has just finished is handed on.
            let handoff = state.turn().is_some_and(|t| t.partner.is_some() && t.has(seat))
                && before.state.turn().map(|t| t.number) == state.turn().map(|t| t.number);
            let head = match handoff {
                true => format!("**Your move** in {}: your teammate has finished the step.", after.title()),
                false => format!("**Your move** in {}.", after.title()),
            };
            out.push(self.announcement(after, seat, to, head, steps, known).await);
        }
    }

    /// A decision announced to `to` at `seat`: by direct message bringing
    /// their hand with its buttons, `head` first, when their `turn_dm`
    /// setting is on (a ping in the thread if it cannot be delivered);
    /// else by a ping in the thread.
    async fn announcement(
        &self,
        m: &Loaded,
        seat: Seat,
        to: UserId,
        head: String,
        steps: &[Step],
        known: &mut SeatOffers,
    ) -> Outgoing {
        let ping = Outgoing::Post {
            target: m.board_target(),
            message: view::Message::text(format!("Your move in {}.", m.title())),
            mentions: vec![to.clone()],
            key: None,
        };
        match self.store.user_settings(to.as_str()).await {
            Ok(settings) if settings.turn_dm => {}
            _ => return ping,
        }
        let offers = known.get(&m.state, seat, &m.leaves());
        let mut message = self.hand_message(m, seat, &news_of(steps, seat), offers, 0);
        let link = super::deadline::board_link(m).map(|l| format!(" {l}")).unwrap_or_default();
        let head = format!("{head}{link}");
        put_first(&mut message, head);
        Outgoing::DirectMessage { to, message, fallback: Some(Box::new(ping)) }
    }

    /// The start of a turn by direct message (the `turn_dm` setting, on
    /// unless the player turned it off): when the board post in `out`
    /// pings the player whose turn `after` has just begun, it pings them no
    /// more, and a direct message brings them their hand with its buttons,
    /// so the message that tells them is the one they act from. If it
    /// cannot be delivered, they are pinged in the thread after all. What
    /// the others see depends on the player's setting only, never on the
    /// cards.
    async fn turn_by_dm(
        &self,
        before: &Loaded,
        after: &Loaded,
        steps: &[Step],
        out: &mut Vec<Outgoing>,
        known: &mut SeatOffers,
    ) {
        let state = &after.state;
        let Some(turn) = state.turn() else { return };
        let began = before.state.turn().map(|t| t.number) != Some(turn.number);
        if !began || state.outcome().is_some() || !state.to_act().contains(&turn.active) {
            return;
        }
        let Some(to) = after.pingable_users([turn.active]).pop() else { return };
        let Some(Outgoing::Post { target, mentions, .. }) =
            out.iter_mut().find(|o| matches!(o, Outgoing::Post { key: Some(PostKey::Board { .. }), .. }))
        else {
            return;
        };
        if !mentions.contains(&to) {
            return;
        }
        match self.store.user_settings(to.as_str()).await {
            Ok(settings) if settings.turn_dm => {}
            Ok(_) => return,
            Err(e) => {
                // Nothing lost: the board's ping stands.
                tracing::warn!(user = %to, error = %e, "settings unreadable; pinging in the thread");
                return;
            }
        }
        mentions.retain(|u| *u != to);
        let fallback = Outgoing::Post {
            target: target.clone(),
            message: view::Message::text(format!("Your turn in {}.", after.title())),
            mentions: vec![to.clone()],
            key: None,
        };
        let offers = known.get(state, turn.active, &after.leaves());
        let mut message = self.hand_message(after, turn.active, &news_of(steps, turn.active), offers, 0);
        let link = super::deadline::thread_link(after).map(|l| format!(" {l}")).unwrap_or_default();
        let head = format!("**Your turn** in {}.{link}", after.title());
        put_first(&mut message, head);
        out.push(Outgoing::DirectMessage { to, message, fallback: Some(Box::new(fallback)) });
    }

    /// The private notes of a quiet window that has just opened: each
    /// player at one (not `skip`, who is looking at the table already) who
    /// can respond there is told so by direct message, which nobody else
    /// sees; one who cannot is told nothing, and the table passes for them
    /// when the window's masking delay ends ([`Table::masked_pass`]).
    /// A closed inbox gets no public fallback (it would tell the others);
    /// the decision's reminders still ping in the thread.
    ///
    /// The note brings the player's hand with its buttons, so they act
    /// from the message that told them; it says *you can respond* only
    /// when there is something to respond to ([`RESPONSE_WINDOWS`]), else
    /// *your move*. A player still
    /// looking at the match gets their hand refreshed instead
    /// ([`Table::keep_everyone_told`]).
    pub(crate) fn quiet_notices(
        &self,
        m: &Loaded,
        state: &AnyState,
        steps: &[Step],
        skip: Option<&UserId>,
        known: &mut SeatOffers,
    ) -> Vec<Outgoing> {
        if state.outcome().is_some() {
            return vec![];
        }
        let now = self.clock.now();
        let leaves = m.leaves();
        let link = super::deadline::board_link(m).map(|l| format!(" {l}")).unwrap_or_default();
        let mut out = Vec::new();
        for seat in state.to_act() {
            if m.computer_at(seat).is_some()
                || m.present(seat, now)
                || quiet(state, seat, &leaves) != Some(crate::engine::Responses::Some)
            {
                continue;
            }
            let Some(to) = m.user_at(seat).filter(|u| Some(u) != skip) else { continue };
            let respond = state.stop(seat).is_some_and(|s| RESPONSE_WINDOWS.contains(&s.window));
            let head = if respond {
                format!("**You can respond** in {}.{link}", m.title())
            } else {
                format!("**Your move** in {}.{link}", m.title())
            };
            let offers = known.get(state, seat, &leaves);
            let mut message = self.hand_message(m, seat, &news_of(steps, seat), offers, 0);
            put_first(&mut message, head);
            out.push(Outgoing::DirectMessage { to, message, fallback: None });
        }
        out
    }

    /// `seat`'s hand message now, with `news`.
    pub(crate) fn hand_now(&self, m: &Loaded, seat: Seat, news: &[String], page: u32) -> Message {
        let offers = offers(&m.state, seat, &m.leaves());
        self.hand_message(m, seat, news, &offers, page)
    }

    /// `seat`'s hand message: its cards, news, and every choice.
    fn hand_message(&self, m: &Loaded, seat: Seat, news: &[String], offers: &Offers, page: u32) -> Message {
        // The seat's view, as computed with the offers (of the same state).
        let view = offers.view.clone().unwrap_or_else(|| m.state.view(Viewer::Seat(seat)));
        let view = with_title(view, m);
        let given = MatchOrders::parse(&m.row.orders).of(seat, m.state.turn());
        let labels = order_labels(m.game, &given);
        let ctx = HandContext {
            match_id: m.id(),
            version: m.row.version,
            seat: Some(seat),
            news,
            actions: &offers.hand,
            page,
            orders: &labels,
            hint: m.hints_allowed(),
        };
        view::hand(&view, &ctx)
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
        self.board_post_of(m, state, version, message, skip, mentions, false)
    }

    /// [`Table::board_post`] of a board message already built. Who is
    /// pinged, unless `mentions` says: whoever is to act, but a player at
    /// a quiet window ([`quiet`]) only when their own turn has just
    /// begun (`turn_began`: everybody knows it is theirs, so the ping tells
    /// nothing of their hand, and nobody's turn passes unannounced), and
    /// then even when they made the request.
    #[allow(clippy::too_many_arguments)]
    fn board_post_of(
        &self,
        m: &Loaded,
        state: &AnyState,
        version: i64,
        message: Message,
        skip: Option<&UserId>,
        mentions: Option<Vec<UserId>>,
        turn_began: bool,
    ) -> Outgoing {
        let mentions = mentions.unwrap_or_else(|| {
            let leaves = m.leaves();
            let active = state.turn().filter(|_| turn_began).map(|t| t.active);
            let loud = state.to_act().into_iter().filter(|s| quiet(state, *s, &leaves).is_none());
            let mut users: Vec<UserId> =
                m.pingable_users(loud).into_iter().filter(|u| Some(u) != skip).collect();
            // Even the requester: a pass that ends the other's turn reads
            // the same whether they made it or the table did for them.
            let starts = active.filter(|a| state.to_act().contains(a));
            for u in m.pingable_users(starts) {
                if !users.contains(&u) {
                    users.push(u);
                }
            }
            users
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
        self.board_message_with(m, state, version, events, &mut SeatOffers::default())
    }

    /// [`Table::board_message`], with the board offers of a seat when
    /// they are known already.
    fn board_message_with(
        &self,
        m: &Loaded,
        state: &AnyState,
        version: i64,
        events: &[String],
        known: &mut SeatOffers,
    ) -> Message {
        let public = public_view(m, state);
        let to_act = state.to_act();
        let leaves = m.leaves();
        let thinking = self.thinking(m, state);
        let on_board = match to_act.as_slice() {
            // The computer's choices are not buttons for anyone.
            _ if thinking.is_some() => vec![],
            [only] => known.get(state, *only, &leaves).board.clone(),
            _ => vec![],
        };
        let deadline = (!to_act.is_empty() && state.outcome().is_none() && thinking.is_none()).then(|| {
            let mut d = format!("{} h per move", m.row.limit_hours);
            if let Some(left) = m.row.time_up_at.map(|t| t - self.clock.now()).filter(|l| *l > 0) {
                // Whole hours from two hours up, whole minutes below (a
                // 50-minute limit is not "1 hour").
                let left = u64::try_from(left).unwrap_or(0);
                let unit = if left >= 7200 { 3600 } else { 60 };
                let left = left.div_ceil(unit) * unit;
                d.push_str(&format!(" · time is called in {}", crate::engine::duration_text(left)));
            }
            d
        });
        let notice = m.rebuilt.then(|| {
            "This match's saved state was damaged and has been rebuilt from its move log.".to_owned()
        });
        let ctx = BoardContext {
            match_id: m.id(),
            version,
            events,
            board_actions: &on_board,
            deadline,
            notice,
            thinking,
            summary: m.summary.clone(),
        };
        let mut message = view::board(&public, &ctx);
        // Past the deadline the board offers the claim itself: a lost
        // deadline notice must not stall the match.
        if let Some(claim) = self.claim_offer(m, version).filter(|_| message.components.len() < 20) {
            message.components.push(claim);
        }
        message
    }

    /// Whether a click on an older message still means what it meant: only
    /// others acted since `version` (so it is no double click), and `seat`
    /// is offered exactly the same actions now as then. Where everyone acts
    /// at once (a closed draft), another player's pick then does not cost a
    /// click on a message that is still right.
    async fn still_offered(
        &self,
        m: &Loaded,
        seat: Seat,
        version: i64,
        choice: &Choice,
    ) -> Result<bool, TableError> {
        if !matches!(choice, Choice::Now { .. } | Choice::Board { .. })
            || version < 0
            || version > m.row.version
        {
            return Ok(false);
        }
        let log = self.store.match_actions(m.id()).await?;
        let Some((then, since)) = log.split_at_checked(version as usize) else {
            return Ok(false);
        };
        if since.iter().any(|row| row.seat == i64::from(seat.0)) {
            return Ok(false);
        }
        let Ok(replayed) = super::log::replay(&self.library, m.game, &m.setup, then) else {
            return Ok(false);
        };
        let offered = |state: &AnyState| state.view(Viewer::Seat(seat)).actions;
        Ok(m.state.to_act().contains(&seat) && offered(&replayed.state) == offered(&m.state))
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
    /// and everything they can do now (page `page` of the moves).
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
        let mut out = Vec::new();
        if m.rebuilt {
            out.push(self.rebuilt_notice(&m));
        }
        out.push(Outgoing::Ephemeral {
            to: req.user.id.clone(),
            message: self.hand_now(&m, seat, &news, page),
        });
        Ok(out)
    }

    /// Drops the standing orders the requester gave in this match.
    pub(crate) async fn drop_orders(
        &self,
        req: &Request,
        match_id: i64,
    ) -> Result<Vec<Outgoing>, TableError> {
        let m = self.load(match_id).await?;
        let seat = m.require_seat(req)?;
        let mut orders = MatchOrders::parse(&m.row.orders);
        if !orders.drop_all(seat) {
            return refuse(
                "You have no standing orders in this match. (Those in /settings hold for every match.)",
            );
        }
        self.store.set_match_orders(m.id(), &orders.to_json()).await?;
        let mut message = Message::text(
            "Your standing orders in this match are dropped: you will be asked again. \
             The board shows it from its next update.",
        );
        message.components.clear();
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
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
        // In a series the concession gives up the whole match, not only
        // the game under way: say so on the button itself.
        let (text, button) = match m.setup.best_of.filter(|n| *n > 1) {
            Some(n) => (
                format!(
                    "Concede {}? This gives up the whole best of {n}, not only this game: \
                     the other player wins the match at once; this cannot be undone.",
                    m.title()
                ),
                "Yes, concede the match",
            ),
            None => (
                format!("Concede {}? The other player wins at once; this cannot be undone.", m.title()),
                "Yes, concede",
            ),
        };
        let mut message = Message::text(text);
        message.components.push(Component::button(
            CustomId::ConcedeConfirm { match_id: m.id() }.encode(),
            button,
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
            let plan = BoardPlan::posted(&m, &steps);
            match self.commit(&m, &steps, &state, &plan).await {
                Ok(done) => {
                    let everyone = m.people().into_iter().filter(|u| *u != req.user.id).collect();
                    return self.after_commit(req, &m, done, &state, &steps, Some(everyone), &plan).await;
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
        let plan = BoardPlan::posted(&m, &steps);
        match self.commit(&m, &steps, &state, &plan).await {
            Ok(done) => {
                let everyone = m.people().into_iter().filter(|u| *u != req.user.id).collect();
                self.after_commit(req, &m, done, &state, &steps, Some(everyone), &plan).await
            }
            Err(StoreError::Conflict) => self.moved_on(req, match_id).await,
            Err(e) => Err(e.into()),
        }
    }
}

/// The offers of each seat at one state, computed once per seat however
/// many messages show them (the board's buttons, the requester's hand, a
/// refreshed hand, the hand a turn's direct message brings). Every use must
/// be of the same state and the same leaves: one per commit's answer.
#[derive(Default)]
pub(crate) struct SeatOffers(Vec<(Seat, Offers)>);

impl SeatOffers {
    /// `seat`'s offers at `state`, computed on first use.
    fn get(&mut self, state: &AnyState, seat: Seat, leaves: &[Leave]) -> &Offers {
        let i = match self.0.iter().position(|(s, _)| *s == seat) {
            Some(i) => i,
            None => {
                self.0.push((seat, offers(state, seat, leaves)));
                self.0.len() - 1
            }
        };
        &self.0[i].1
    }
}

/// Puts `head` before what `message` says (a hand brought by a direct
/// message, a hand after a held pass).
fn put_first(message: &mut Message, head: String) {
    message.content = if message.content.is_empty() { head } else { format!("{head}\n{}", message.content) };
}

/// The private events of `steps` that `seat` alone sees.
fn news_of(steps: &[Step], seat: Seat) -> Vec<String> {
    steps
        .iter()
        .flat_map(|s| &s.events)
        .filter(|e| e.to == Visibility::Only(seat))
        .map(|e| e.text.clone())
        .collect()
}

/// What a commit wrote that the match row loaded before it lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Committed {
    /// The match's new version.
    pub version: i64,
    /// The deadline of the decision now awaited (`None`: nobody's clock runs).
    pub deadline_at: Option<i64>,
    /// When the masking delay of the quiet window now open ends.
    pub pass_at: Option<i64>,
}

/// How the board follows a commit, and the match's standing orders after it.
#[derive(Debug, Clone)]
pub(crate) struct BoardPlan {
    /// Edit the live board in place rather than post a new one.
    pub edit: bool,
    /// The events the board shows.
    pub shown: Vec<String>,
    /// The board's events as stored after the commit.
    pub stored: BoardEvents,
    /// The standing orders after the commit.
    pub orders: MatchOrders,
}

impl BoardPlan {
    /// The plan after `steps`: edit in place or post, with `orders`.
    pub fn new(m: &Loaded, steps: &[Step], edit: bool, orders: MatchOrders) -> BoardPlan {
        let new: Vec<String> = steps
            .iter()
            .flat_map(|s| &s.events)
            .filter(|e| e.visible_to(None))
            .map(|e| e.text.clone())
            .collect();
        let (shown, stored) = BoardEvents::parse(&m.row.board_events).next(&new, edit);
        BoardPlan { edit, shown, stored, orders }
    }

    /// A new board after `steps`, the orders unchanged.
    pub fn posted(m: &Loaded, steps: &[Step]) -> BoardPlan {
        BoardPlan::new(m, steps, false, MatchOrders::parse(&m.row.orders))
    }
}

/// What a player lets the table answer for them: their `/settings` and
/// the standing orders they gave.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Leave {
    /// Answer nothing for them: they click even single-choice prompts
    /// (their standing orders still answer).
    pub hold_priority: bool,
    /// Pass their priority stops when they have no answer, even when only
    /// their hidden cards show it ("ask me only when I can respond").
    pub auto_pass: bool,
    /// Standing orders in force.
    pub orders: Vec<GivenOrder>,
    /// The windows they chose to be asked at, or to skip (`/settings stops`).
    pub stops: crate::engine::Stops,
    /// Answer only what anyone could answer for them: besides their
    /// standing orders, priority stops passed on public facts, and no
    /// decision answered for having one legal answer (how many answers
    /// there are may rest on their hidden cards). Set while the table
    /// works out another seat's moves ahead.
    pub public_only: bool,
}

/// The answer the table gives for `seat` now, if any. A standing order
/// the player gave answers first. Then a priority stop is passed on public
/// facts alone (no answer, and everyone can see it), or on hidden ones with
/// the player's leave; a stop with a real answer is never passed. Any other
/// decision is answered when it has one answer.
pub fn automatic_answer(state: &AnyState, seat: Seat, leave: &Leave) -> Option<AnyAction> {
    automatic(state, seat, leave).map(|(a, _)| a)
}

/// [`automatic_answer`], with the standing order that gave it.
fn automatic(state: &AnyState, seat: Seat, leave: &Leave) -> Option<(AnyAction, Option<String>)> {
    let turn = state.turn();
    for o in leave.orders.iter().filter(|o| o.holds(turn)) {
        if let Some(a) = super::offers::follow(state, seat, &o.key) {
            return Some((a, Some(o.key.clone())));
        }
    }
    if leave.hold_priority {
        return None;
    }
    let answer = match state.stop(seat) {
        Some(stop) => stop.passes_automatically(&leave.stops, leave.auto_pass).then_some(stop.pass),
        None if leave.public_only => None,
        None => match state.legal_actions(seat).as_slice() {
            [only] => Some(only.clone()),
            _ => None,
        },
    };
    answer.map(|a| (a, None))
}

/// Whether `seat` is at a quiet priority window, and what it can answer
/// there: a window the player is asked at (by default or by their own
/// stops, [`crate::engine::Stop::asked`]), that the table does
/// not answer for them now ([`automatic_answer`]), of a player who did not
/// ask to hold priority. The thread does not ping them there, and the
/// board reads the same whether they can respond or not; a player with a
/// real response is told privately, and the table passes for one without
/// when the window's masking delay ends ([`masking_delay`]). So neither a
/// ping, the wording nor the table's timing tells the others what their
/// hand holds.
pub fn quiet(state: &AnyState, seat: Seat, leave: &[Leave]) -> Option<crate::engine::Responses> {
    let default = Leave::default();
    let leave = leave.get(seat.index()).unwrap_or(&default);
    if leave.hold_priority {
        return None;
    }
    let stop = state.stop(seat)?;
    (stop.asked(&leave.stops) && automatic(state, seat, leave).is_none()).then_some(stop.responses)
}

/// The people (not the computer) to act in `state` who are at a quiet
/// window ([`quiet`]).
fn quiet_people(m: &Loaded, state: &AnyState, leaves: &[Leave]) -> Vec<Seat> {
    state
        .to_act()
        .into_iter()
        .filter(|s| m.computer_at(*s).is_none() && quiet(state, *s, leaves).is_some())
        .collect()
}

/// The priority windows where there is something to respond to (a spell
/// or effect on the stack, an attack, a block, a fight): at one, a player
/// is told *you can respond*; at any other (a main phase, an empty step)
/// *your move* (see the games' `window` functions).
const RESPONSE_WINDOWS: &[&str] = &[
    "their-spell",
    "my-spell",
    "their-effect",
    "my-effect",
    "attackers",
    "blockers",
    "blazestride",
    "fight",
    "retaliation",
];

/// Shortest masking delay of a quiet window, in seconds.
pub const MASK_MIN_SECONDS: i64 = 60;
/// Longest masking delay of a quiet window, in seconds.
pub const MASK_MAX_SECONDS: i64 = 240;

/// The masking delay of the quiet window opened at `version` of match
/// `match_id`: drawn from public facts only (the match and its version),
/// so it is the same whatever anyone's hand holds.
pub fn masking_delay(match_id: i64, version: i64) -> i64 {
    let seed = (match_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (version as u64).rotate_left(29);
    let mut rng = crate::engine::GameRng::from_seed(seed);
    MASK_MIN_SECONDS + rng.below((MASK_MAX_SECONDS - MASK_MIN_SECONDS + 1) as usize) as i64
}

/// Automatic answers (see [`automatic_answer`]), applied until none is left
/// or `limit` are applied. `leave` is by seat number; a seat beyond it gets
/// the default (forced answers and public passes only).
pub fn autopilot(state: &mut AnyState, leave: &[Leave], limit: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    let default = Leave::default();
    'outer: while steps.len() < limit {
        if state.outcome().is_some() {
            break;
        }
        for seat in state.to_act() {
            let leave = leave.get(seat.index()).unwrap_or(&default);
            if let Some((action, order)) = automatic(state, seat, leave) {
                match state.apply(seat, &action) {
                    Ok(events) => {
                        let entry = match order {
                            Some(order) => LogEntry::Order { action, order },
                            None => LogEntry::Autopilot { action },
                        };
                        steps.push(Step { seat, entry, events });
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

/// Fills in the game name when a rules module left it empty.
/// The public view of `m` at `state` as its board shows it: titled, with
/// the standing orders and hints each seat has (both public).
pub(crate) fn public_view(m: &Loaded, state: &AnyState) -> TableView {
    let mut public = with_title(state.view(Viewer::Public), m);
    let leaves = m.leaves();
    // Standing orders are public; why one fired is not.
    for (i, leave) in leaves.iter().enumerate() {
        let labels = m.order_labels(leave);
        if let (false, Some(sv)) =
            (labels.is_empty(), public.seats.iter_mut().find(|s| s.seat == Some(Seat(i as u8))))
        {
            let orders = ("Standing orders".to_owned(), labels.join(", "));
            // Said at a glance too: an order answers for the player.
            if !sv.brief.is_empty() {
                sv.brief.push(orders.clone());
            }
            sv.counters.push(orders);
        }
    }
    // A hint asked for is public: the board says who used how many.
    for (seat, n) in &m.hints {
        if let Some(sv) = public.seats.iter_mut().find(|s| s.seat == Some(*seat)) {
            sv.counters.push(("Hints used".into(), n.to_string()));
        }
    }
    public
}

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
