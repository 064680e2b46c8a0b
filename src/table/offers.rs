//! What a player is offered at a decision besides the rules' own answers,
//! so that a turn in chat costs few clicks and few waits:
//!
//! - **End turn** declines every remaining decision of the player's turn
//!   in one click;
//! - **moves ahead**: the moves of the next steps of their own turn, one
//!   click each instead of a pass and a move (declining the steps between);
//! - **standing orders**: an answer left with the table for every decision
//!   of one kind (never block, no retaliation this turn, ask me only when I
//!   can respond), shown on the board.
//!
//! Everything here is computed from the state and the player's leave, so
//! the choice a click names is recomputed, not trusted, when it arrives.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::error::UserError;
use super::log::{LogEntry, Step};
use super::play::{autopilot, Leave};
use crate::engine::{GivenOrder, Order, Seat, Turn, Viewer, Visibility, END_TURN, ONLY_WHEN_ABLE};
use crate::games::{AnyAction, AnyState, GameId};
use crate::view::{Choice, Offer};

/// How many decisions of one's own turn a move ahead may decline first.
const AHEAD: u8 = 2;

/// Every standing order of `game`, in the order their buttons number them
/// ([`END_TURN`] last: it has its own button, *End turn*).
pub fn all_orders(game: GameId) -> Vec<Order> {
    std::iter::once(ONLY_WHEN_ABLE).chain(game.info().orders.iter().copied()).chain([END_TURN]).collect()
}

/// The answer standing order `key` gives `seat` now, if it covers the
/// pending decision: [`END_TURN`] declines the decisions of the seat's own
/// turn; the game follows its own orders.
pub fn follow(state: &AnyState, seat: Seat, key: &str) -> Option<AnyAction> {
    if key == END_TURN.key {
        return state.turn().filter(|t| t.has(seat)).and_then(|_| state.decline(seat));
    }
    state.follow(seat, key)
}

/// An order by key, for labels.
pub fn order_named(game: GameId, key: &str) -> Option<Order> {
    all_orders(game).into_iter().find(|o| o.key == key)
}

/// The labels of `orders` ("never block"), for the board and the hand.
pub fn order_labels(game: GameId, orders: &[GivenOrder]) -> Vec<String> {
    orders.iter().filter_map(|o| order_named(game, &o.key)).map(|o| o.label.to_lowercase()).collect()
}

/// The standing orders given in one match, by seat (stored as JSON).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MatchOrders(pub BTreeMap<u8, Vec<GivenOrder>>);

impl MatchOrders {
    /// Reads the stored form ('' is none; an unreadable one is none, logged).
    pub fn parse(text: &str) -> MatchOrders {
        if text.is_empty() {
            return MatchOrders::default();
        }
        serde_json::from_str(text).unwrap_or_else(|e| {
            tracing::warn!(error = %e, "unreadable standing orders; treated as none");
            MatchOrders::default()
        })
    }

    /// The stored form.
    pub fn to_json(&self) -> String {
        if self.0.values().all(Vec::is_empty) {
            String::new()
        } else {
            serde_json::to_string(self).unwrap_or_default()
        }
    }

    /// `seat`'s orders still holding on `turn`.
    pub fn of(&self, seat: Seat, turn: Option<Turn>) -> Vec<GivenOrder> {
        self.0.get(&seat.0).map(|v| v.iter().filter(|o| o.holds(turn)).cloned().collect()).unwrap_or_default()
    }

    /// Gives `order` to `seat` (once), dropping orders of past turns.
    pub fn give(&mut self, seat: Seat, order: &Order, turn: Option<Turn>) {
        let list = self.0.entry(seat.0).or_default();
        list.retain(|o| o.holds(turn) && o.key != order.key);
        list.push(GivenOrder {
            key: order.key.to_owned(),
            turn: order.this_turn.then(|| turn.map_or(0, |t| t.number)),
        });
    }

    /// Drops every order `seat` gave; whether there was any.
    pub fn drop_all(&mut self, seat: Seat) -> bool {
        self.0.remove(&seat.0).is_some_and(|v| !v.is_empty())
    }
}

/// Public events of the live board (stored as JSON): those it showed when
/// posted, and those its edits added since.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardEvents {
    /// Shown when the board was posted.
    #[serde(default)]
    pub head: Vec<String>,
    /// Added by edits in place since.
    #[serde(default)]
    pub run: Vec<String>,
}

impl BoardEvents {
    /// Reads the stored form ('' is none).
    pub fn parse(text: &str) -> BoardEvents {
        serde_json::from_str(text).unwrap_or_default()
    }

    /// The stored form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// After `new` events: the events the board then shows, and what to
    /// store. An edit adds to the live board; a new post shows everything
    /// since the previous post was made.
    pub fn next(&self, new: &[String], edit: bool) -> (Vec<String>, BoardEvents) {
        if edit {
            let run: Vec<String> = self.run.iter().chain(new).cloned().collect();
            let shown = self.head.iter().chain(&run).cloned().collect();
            (shown, BoardEvents { head: self.head.clone(), run })
        } else {
            let shown: Vec<String> = self.run.iter().chain(new).cloned().collect();
            (shown.clone(), BoardEvents { head: shown, run: Vec::new() })
        }
    }
}

/// What `seat` is offered now: `hand` holds every choice (the hand
/// message), `board` the public ones (buttons on the board, offered only
/// to the single seat to act, and never depending on hidden cards).
#[derive(Debug, Clone, Default)]
pub struct Offers {
    /// Every choice, for the seat's private hand message.
    pub hand: Vec<Offer>,
    /// The choices that may be public buttons.
    pub board: Vec<Offer>,
    /// The seat's own view of the state these offers were computed from
    /// (`None` when it was not needed: nothing to offer), kept so that the
    /// hand message built from them does not compute it again.
    pub view: Option<crate::engine::TableView>,
}

/// Everything `seat` can do now (see [`Offers`]), with `leave` its
/// standing orders and settings.
pub fn offers(state: &AnyState, seat: Seat, leaves: &[Leave]) -> Offers {
    let leave = &leave_of(leaves, seat);
    let mut out = Offers::default();
    if state.outcome().is_some() || !state.to_act().contains(&seat) {
        return out;
    }
    let sole = state.to_act() == [seat];
    let view = state.view(Viewer::Seat(seat));
    let view = &*out.view.insert(view);
    let legal = state.legal_actions(seat);
    let decline = state.decline(seat);
    let mut seen = Vec::new();
    let mut public = 0;
    for a in &view.actions {
        let pass = decline.as_ref() == legal.get(a.index);
        let offer = Offer::action(a, pass);
        if a.placement == crate::engine::Placement::Board {
            // On the public board, numbered among the public actions only:
            // a position among all legal actions would count the hand's.
            if sole {
                out.board.push(Offer { choice: Choice::Board { index: public }, ..offer.clone() });
            }
            public += 1;
        }
        push_grouped(&mut out.hand, &mut seen, offer);
    }
    let own_turn = sole && state.turn().is_some_and(|t| t.has(seat));
    if own_turn && decline.is_some() {
        // Moves of the next steps, and End turn when it does more than
        // the step's own pass.
        let mut ahead = state.clone();
        let mut later_steps = false;
        let mut hidden = None;
        let mut ahead_labels: Vec<String> = Vec::new();
        for skip in 1..=AHEAD {
            match advance_known(&mut ahead, seat, leaves, hidden.take()) {
                Ok((_, now_hidden)) => hidden = Some(now_hidden),
                Err(()) => break,
            }
            later_steps = true;
            let v = ahead.view(Viewer::Seat(seat));
            let legal = ahead.legal_actions(seat);
            let decline = ahead.decline(seat);
            let mut this_skip = Vec::new();
            for a in &v.actions {
                // A move the step offers already (a Pillar in either main
                // phase) is made now, not after the steps between.
                // A move offered at an earlier skip is that one, not a
                // second button for the same move later.
                if decline.as_ref() == legal.get(a.index)
                    || view.actions.iter().any(|now| now.label == a.label)
                    || ahead_labels.contains(&a.label)
                {
                    continue;
                }
                this_skip.push(a.label.clone());
                // A move that ends the turn says so: the steps it skips
                // are the player's last of the turn. Only the player's own
                // move is tried (nobody else answers in between), so the
                // label shows nothing of anyone's hidden cards.
                let ends_turn = legal
                    .get(a.index)
                    .is_some_and(|action| ends_turn_unanswered(&ahead, seat, action, leave));
                let label = with_suffix(&a.label, &passed_first(view, &v, ends_turn));
                let offer = Offer { label, choice: Choice::Ahead { skip, index: a.index }, pass: false };
                push_grouped(&mut out.hand, &mut seen, offer);
            }
            ahead_labels.extend(this_skip);
            if decline.is_none() {
                break;
            }
        }
        // End turn does more than the step's pass unless the pass alone
        // ends the turn (say, Keep hand); only the player's own decline
        // is tried, so the offer shows nothing of anyone's hidden cards.
        // (Tried only when no later step was reached: that already says.)
        let ends_now = || {
            decline.as_ref().is_some_and(|d| {
                let mut tried = state.clone();
                tried.apply(seat, d).is_ok() && (tried.outcome().is_some() || tried.turn() != state.turn())
            })
        };
        if later_steps || !ends_now() {
            let end = Offer { label: "End turn".into(), choice: Choice::EndTurn, pass: true };
            out.board.push(end.clone());
            out.hand.push(end);
        }
    }
    for (i, order) in all_orders(state.game()).iter().enumerate() {
        let Ok(order_index) = u8::try_from(i) else { break };
        if answer_of(state, seat, order, leave).is_some() {
            let offer =
                Offer { label: order_label(order), choice: Choice::Order { order: order_index }, pass: true };
            // Whether "ask me only when I can respond" applies shows that
            // the hand holds no answer: never on the board.
            if order.key != ONLY_WHEN_ABLE.key && sole {
                out.board.push(offer.clone());
            }
            out.hand.push(offer);
        }
    }
    out
}

/// The longest button label Discord takes.
const MAX_LABEL: usize = 80;

/// What a move ahead declines before it is made, for its label: the
/// Stack resolving first (the player's pass lets it resolve, so the move
/// is no answer to it), the step it ends, as the headlines name the step
/// now and then ("Turn 3 · Alice · Main Phase 1"), or only that it passes
/// first; and that it ends the turn, when it does.
fn passed_first(now: &crate::engine::TableView, then: &crate::engine::TableView, ends_turn: bool) -> String {
    let stack = !now.stack.is_empty();
    match (stack, ends_turn) {
        (true, true) => return "after the Stack resolves; ends your turn".into(),
        (true, false) => return "after the Stack resolves".into(),
        (false, true) => return "ends your turn".into(),
        (false, false) => {}
    }
    match (step_of(&now.headline), step_of(&then.headline)) {
        (Some(a), Some(b)) if a != b => format!("ends {a}"),
        _ => "passes first".into(),
    }
}

/// The step a "Turn N · Name · Step (detail)" headline names, without its
/// detail; `None` for a headline of another form.
fn step_of(headline: &str) -> Option<&str> {
    let mut parts = headline.split(" · ");
    if !parts.next()?.starts_with("Turn ") {
        return None;
    }
    let step = parts.nth(1)?;
    let step = step.split(" (").next().unwrap_or(step).trim();
    (!step.is_empty()).then_some(step)
}

/// "`label` (`suffix`)" within [`MAX_LABEL`] characters: the label is cut
/// ("…") so that the suffix, which tells what else the click does, shows.
fn with_suffix(label: &str, suffix: &str) -> String {
    let tail = format!(" ({suffix})");
    // Room is left for a count, " ×2", when copies share the label.
    let room = MAX_LABEL.saturating_sub(tail.chars().count() + 3);
    if label.chars().count() <= room {
        return format!("{label}{tail}");
    }
    let cut: String = label.chars().take(room.saturating_sub(1)).collect();
    format!("{}…{tail}", cut.trim_end())
}

/// The button text of a standing order.
fn order_label(order: &Order) -> String {
    if order.this_turn {
        order.label.to_owned()
    } else {
        format!("{} (this match)", order.label)
    }
}

/// Adds `offer`, or counts it into an earlier offer with the same label
/// (two copies of a creature are one button, "… ×2"). `seen` holds each
/// label with its offer's position and count.
fn push_grouped(list: &mut Vec<Offer>, seen: &mut Vec<(String, usize, usize)>, offer: Offer) {
    match seen.iter_mut().find(|(l, _, _)| *l == offer.label) {
        Some((label, at, n)) => {
            *n += 1;
            list[*at].label = format!("{label} ×{n}");
        }
        None => {
            seen.push((offer.label.clone(), list.len(), 1));
            list.push(offer);
        }
    }
}

/// The answer `order` gives `seat` now, if giving it would answer the
/// pending decision (and the seat has not given it already).
fn answer_of(state: &AnyState, seat: Seat, order: &Order, leave: &Leave) -> Option<AnyAction> {
    if leave.orders.iter().any(|o| o.key == order.key) {
        return None;
    }
    if order.key == ONLY_WHEN_ABLE.key {
        if leave.auto_pass {
            return None;
        }
        let stop = state.stop(seat)?;
        let stops = &leave.stops;
        return (stop.passes_automatically(stops, true) && !stop.passes_automatically(stops, false))
            .then_some(stop.pass);
    }
    if order.key == END_TURN.key {
        return None;
    }
    state.follow(seat, order.key)
}

/// `seat`'s leave in `leaves` (the default beyond it).
fn leave_of(leaves: &[Leave], seat: Seat) -> Leave {
    leaves.get(seat.index()).cloned().unwrap_or_default()
}

/// Declines `seat`'s pending decision of its own turn, then lets
/// autopilot answer what it may. Fails (leaving `state` unusable) when
/// the seat would no longer be the one to act in the same turn, or when
/// something hidden from the others changed (a draw): a move ahead must
/// not be computed on what the player has not seen yet.
fn advance(state: &mut AnyState, seat: Seat, leaves: &[Leave]) -> Result<Vec<Step>, ()> {
    advance_known(state, seat, leaves, None).map(|(steps, _)| steps)
}

/// [`advance`], given what `state` hides from `seat` when the caller
/// knows it already (`None`: worked out here), and returning what it
/// hides afterwards, for the next step.
fn advance_known(
    state: &mut AnyState,
    seat: Seat,
    leaves: &[Leave],
    secrets_before: Option<Vec<String>>,
) -> Result<(Vec<Step>, Vec<String>), ()> {
    let turn = state.turn();
    let action = state.decline(seat).ok_or(())?;
    let hand_before = state.hand_names(seat);
    let secrets_before = secrets_before.unwrap_or_else(|| state.secrets(Viewer::Seat(seat)));
    let events = state.apply(seat, &action).map_err(|_| ())?;
    let mut steps = vec![Step { seat, entry: LogEntry::Player { action }, events }];
    steps.extend(autopilot(state, &on_public_facts(leaves, seat), AUTOPILOT_AHEAD));
    let private = steps.iter().flat_map(|s| &s.events).any(|e| e.to != Visibility::Public);
    let same = state.outcome().is_none() && state.to_act() == [seat] && state.turn() == turn;
    if !same || private || state.hand_names(seat) != hand_before {
        return Err(());
    }
    // Nothing hidden from the seat may come into its sight (a search of
    // its Archive, say) before it happens.
    let after = state.secrets(Viewer::Seat(seat));
    if secrets_before.iter().any(|n| !after.contains(n)) {
        return Err(());
    }
    Ok((steps, after))
}

/// The leaves under which the table answers for the others while a move
/// ahead is worked out: `seat`'s own as given (its hand is no secret to
/// it), the others' without what rests on their hidden cards ("ask me
/// only when I can respond", as a setting or as a standing order, and the
/// one-answer shortcut outside a priority stop, whose count of answers may
/// come from their hand: see [`Leave::public_only`]). With
/// those, a pass of another seat's would make an offer appear or vanish
/// with what that seat holds, and tell `seat` so before it commits; the
/// table's own pass on hidden cards waits for the masking delay instead
/// (see `play::quiet`).
fn on_public_facts(leaves: &[Leave], seat: Seat) -> Vec<Leave> {
    leaves
        .iter()
        .enumerate()
        .map(|(i, leave)| {
            if i == seat.index() {
                return leave.clone();
            }
            let mut public = leave.clone();
            public.auto_pass = false;
            public.public_only = true;
            public.orders.retain(|o| o.key != ONLY_WHEN_ABLE.key);
            public
        })
        .collect()
}

/// Whether `action` leaves `seat` nothing more to decide this turn unless
/// someone answers it: after it, the table answers for `seat` what it
/// would answer anyway (`leave`, [`super::play::automatic_answer`]), and
/// everyone else declines (the pass any of them may make, whatever they
/// hold, so the answer shows nothing hidden), until the turn changes; a
/// decision left to `seat` means the turn goes on. The End step's
/// discard, offered ahead in the main phase, is such a move: the windows
/// of the End step follow it, and then the turn is over.
fn ends_turn_unanswered(state: &AnyState, seat: Seat, action: &AnyAction, leave: &Leave) -> bool {
    let mut hand = state.hand_names(seat);
    let mut tried = state.clone();
    let Ok(mut events) = tried.apply(seat, action) else {
        return false;
    };
    for _ in 0..AUTOPILOT_AHEAD {
        // A card `seat` had not seen (a draw, which not every game reports
        // as a private event) may decide whether the turn goes on: the
        // label would tell it something of that card. A card came into the
        // hand when the hand is not within the one a step before (a copy
        // of the card just played counts).
        let now = tried.hand_names(seat);
        if events.iter().any(|e| e.to == Visibility::Only(seat)) || !within(&now, &hand) {
            return false;
        }
        hand = now;
        events.clear();
        if tried.outcome().is_some() {
            return false;
        }
        if tried.turn() != state.turn() {
            return true;
        }
        let to_act = tried.to_act();
        if to_act.is_empty() {
            return false;
        }
        for who in to_act {
            let answer = if who == seat {
                super::play::automatic_answer(&tried, seat, leave)
            } else {
                tried.decline(who)
            };
            let Some(answer) = answer else { return false };
            match tried.apply(who, &answer) {
                Ok(more) => events.extend(more),
                Err(_) => return false,
            }
        }
    }
    false
}

/// Whether every card of `hand` is one of `before` (as many copies at
/// most): nothing came into the hand.
fn within<T: PartialEq>(hand: &[T], before: &[T]) -> bool {
    let mut left: Vec<&T> = before.iter().collect();
    hand.iter().all(|card| match left.iter().position(|b| *b == card) {
        Some(i) => {
            left.swap_remove(i);
            true
        }
        None => false,
    })
}

/// Most automatic answers between two declined decisions.
const AUTOPILOT_AHEAD: usize = 200;

/// Applies `choice` for `seat`: the steps it takes, and the standing order
/// it gives, if any. Autopilot after the choice is the caller's.
pub fn apply_choice(
    state: &mut AnyState,
    seat: Seat,
    choice: Choice,
    leaves: &[Leave],
) -> Result<(Vec<Step>, Option<Order>), UserError> {
    let (mut steps, order) = choose(state, seat, choice, leaves)?;
    // One click is one `Player` entry; what else it chose follows it.
    for s in steps.iter_mut().skip(1) {
        if let LogEntry::Player { action } = &s.entry {
            s.entry = LogEntry::Then { action: action.clone() };
        }
    }
    Ok((steps, order))
}

/// [`apply_choice`], every step the player chose logged as `Player`.
fn choose(
    state: &mut AnyState,
    seat: Seat,
    choice: Choice,
    leaves: &[Leave],
) -> Result<(Vec<Step>, Option<Order>), UserError> {
    let leave = &leave_of(leaves, seat);
    let gone = || {
        UserError::new(
            "That choice is no longer on offer. Open your hand again (My hand) for the current ones.",
        )
    };
    let play = |state: &mut AnyState, action: AnyAction| -> Result<Step, UserError> {
        let events = state
            .apply(seat, &action)
            .map_err(|e| UserError::new(format!("That move is not allowed: {e}. Nothing was changed.")))?;
        Ok(Step { seat, entry: LogEntry::Player { action }, events })
    };
    let act = |state: &mut AnyState, index: usize| -> Result<Step, UserError> {
        let action = state.legal_actions(seat).get(index).cloned().ok_or_else(gone)?;
        play(state, action)
    };
    match choice {
        Choice::Now { index } => Ok((vec![act(state, index)?], None)),
        Choice::Board { index } => {
            let view = state.view(Viewer::Seat(seat));
            let mut public = view.actions.iter().filter(|a| a.placement == crate::engine::Placement::Board);
            let index = public.nth(index).map(|a| a.index).ok_or_else(gone)?;
            Ok((vec![act(state, index)?], None))
        }
        Choice::Ahead { skip, index } => {
            let mut steps = Vec::new();
            for _ in 0..skip.min(AHEAD) {
                steps.extend(advance(state, seat, leaves).map_err(|()| gone())?);
            }
            steps.push(act(state, index)?);
            Ok((steps, None))
        }
        Choice::EndTurn => {
            let turn = state.turn();
            let mut steps = Vec::new();
            while state.outcome().is_none() && state.to_act() == [seat] && state.turn() == turn {
                let Some(action) = state.decline(seat) else { break };
                let Ok(events) = state.apply(seat, &action) else { break };
                steps.push(Step { seat, entry: LogEntry::Player { action }, events });
                steps.extend(autopilot(state, leaves, AUTOPILOT_AHEAD));
            }
            if steps.is_empty() {
                return Err(UserError::new(
                    "There is nothing left to end: it is not your turn's decision now.",
                ));
            }
            // Someone else must answer first (or the player must, where
            // declining is not an answer): the rest of the turn is left
            // to the table.
            let unfinished = state.outcome().is_none() && state.turn() == turn;
            Ok((steps, unfinished.then_some(END_TURN)))
        }
        Choice::Order { order } => {
            let order = all_orders(state.game()).get(usize::from(order)).copied().ok_or_else(gone)?;
            let action = answer_of(state, seat, &order, leave).ok_or_else(gone)?;
            Ok((vec![play(state, action)?], Some(order)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_headline_names_its_step_without_the_detail() {
        assert_eq!(step_of("Turn 3 · Alice · Main Phase 1"), Some("Main Phase 1"));
        assert_eq!(step_of("Turn 3 · Alice · Combat (declaring attackers)"), Some("Combat"));
        assert_eq!(step_of("Round 2 · Alice → Bob → Cleo"), None);
        assert_eq!(step_of("Game over · Bob conceded"), None);
    }

    #[test]
    fn a_suffix_stays_whole_within_eighty_characters() {
        assert_eq!(
            with_suffix("Play Emberwake Pillar", "ends Main Phase 1"),
            "Play Emberwake Pillar (ends Main Phase 1)"
        );
        let long = format!("Cast Cataclysm Spark → {}", "Bob's Riddlewing Owl #2, ".repeat(4));
        let label = with_suffix(&long, "after the Stack resolves");
        assert_eq!(label.chars().count(), MAX_LABEL - 3, "room for \" ×2\": {label}");
        assert!(label.ends_with("… (after the Stack resolves)"), "{label}");
    }

    #[test]
    fn a_move_ahead_says_the_stack_resolves_first() {
        let mut now = crate::engine::TableView {
            headline: "Turn 3 · Alice · Main Phase 1".into(),
            ..Default::default()
        };
        let then = crate::engine::TableView {
            headline: "Turn 3 · Alice · Combat (declaring attackers)".into(),
            ..Default::default()
        };
        assert_eq!(passed_first(&now, &then, false), "ends Main Phase 1");
        assert_eq!(passed_first(&now, &now, false), "passes first");
        assert_eq!(passed_first(&now, &then, true), "ends your turn");
        now.stack.push(crate::engine::StackItemView::default());
        assert_eq!(passed_first(&now, &then, false), "after the Stack resolves");
    }
}
