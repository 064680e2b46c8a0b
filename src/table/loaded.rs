//! A match loaded for a request: its row, seats, setup and state, with a
//! damaged snapshot rebuilt from the log.

use super::error::{refuse, TableError};
use super::log::{replay, Replayed};
use super::offers::{order_labels, MatchOrders};
use super::play::{Committed, Leave};
use super::protocol::{Request, Target, UserId};
use super::Table;
use crate::engine::{GivenOrder, MatchSetup, Seat, ONLY_WHEN_ABLE};
use crate::games::{AnyState, GameId};
use crate::store::{MatchRow, MatchStatus, SeatRow};

/// The answer about a match set aside because its saved data is damaged.
const SET_ASIDE: &str = "This match has been set aside because its saved data is damaged; it cannot be \
                         played on, and nothing was changed. Sorry! Start a new one with /challenge.";

/// A match as a request sees it.
#[derive(Debug, Clone)]
pub(crate) struct Loaded {
    pub row: MatchRow,
    pub seats: Vec<SeatRow>,
    pub game: GameId,
    pub setup: MatchSetup,
    pub state: AnyState,
    /// The stored snapshot was unreadable and the state was rebuilt from the log.
    pub rebuilt: bool,
    /// The end-of-match line of the last board (rating changes, length),
    /// once the match is over; see [`Table::finished`].
    pub summary: Option<String>,
    /// Hints each seat asked for (seat, count; those that asked none are
    /// left out). Read only where hints are offered ([`Loaded::hints_allowed`]).
    pub hints: Vec<(Seat, i64)>,
}

/// How long after the table last answered a player privately about a
/// match they count as looking at it: Discord lets the bot edit such a
/// reply for 15 minutes, and a minute is kept in hand (as the Discord
/// adapter keeps it for [`super::Outgoing::RefreshHand`]).
pub const PRESENT_SECONDS: i64 = 14 * 60;

impl Loaded {
    pub fn id(&self) -> i64 {
        self.row.id
    }

    /// Whether the player at `seat` is still looking at the match at
    /// `now`: the private reply to their last click can still be edited
    /// ([`PRESENT_SECONDS`]). A player who clicked an hour ago is away.
    pub fn present(&self, seat: Seat, now: i64) -> bool {
        self.seats
            .iter()
            .find(|s| s.seat == i64::from(seat.0))
            .and_then(|s| s.replied_at)
            .is_some_and(|at| now - at < PRESENT_SECONDS)
    }

    /// Whether `seat`'s pass at the quiet window open now is held, to be
    /// applied when the window's masking delay ends.
    pub fn pass_held(&self, seat: Seat) -> bool {
        self.row.pass_at.is_some()
            && self.seats.iter().any(|s| s.seat == i64::from(seat.0) && s.held_pass == Some(self.row.version))
    }

    /// The seat `user` holds, if seated.
    pub fn seat_of(&self, user: &UserId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id == user.as_str())
            .and_then(|s| u8::try_from(s.seat).ok())
            .map(Seat)
    }

    /// The user seated at `seat`.
    pub fn user_at(&self, seat: Seat) -> Option<UserId> {
        self.seats.iter().find(|s| s.seat == i64::from(seat.0)).map(|s| UserId(s.user_id.clone()))
    }

    /// Whom a post pings of those at `seats`: each person, in order, never
    /// the computer (it moves on its own).
    pub(crate) fn pingable_users(&self, seats: impl IntoIterator<Item = Seat>) -> Vec<UserId> {
        seats.into_iter().filter(|s| self.computer_at(*s).is_none()).filter_map(|s| self.user_at(s)).collect()
    }

    /// Everyone seated but the computer: whom a post about the whole match
    /// pings.
    pub(crate) fn people(&self) -> Vec<UserId> {
        self.seats.iter().map(|s| UserId(s.user_id.clone())).filter(super::computer::pingable).collect()
    }

    /// Display name of a seat (from the setup).
    pub fn name_of(&self, seat: Seat) -> String {
        self.setup.seats.get(seat.index()).map_or_else(|| seat.to_string(), |s| s.name.clone())
    }

    /// "Alice and Bob", "Alice, Bob and Carol".
    pub fn player_names(&self) -> String {
        let names: Vec<&str> = self.setup.seats.iter().map(|s| s.name.as_str()).collect();
        crate::view::and_list(&names)
    }

    /// "Alice vs Bob · Spheres #2": the match number tells apart two
    /// matches between the same players (thread names, the console's slugs).
    pub fn title(&self) -> String {
        let names: Vec<&str> = self.setup.seats.iter().map(|s| s.name.as_str()).collect();
        format!("{} · {} #{}", names.join(" vs "), self.game.info().name, self.row.id)
    }

    /// The requester's seat, or a refusal naming who plays.
    pub fn require_seat(&self, req: &Request) -> Result<Seat, TableError> {
        self.seat_of(&req.user.id).map_or_else(
            || {
                refuse(format!(
                    "Only {} play in this match, so you can watch but not act. \
                     Start your own with /challenge.",
                    self.player_names()
                ))
            },
            Ok,
        )
    }

    /// Whether the players may ask for a hint: only against the computer.
    /// Every match between people is rated (there is no casual match
    /// between people yet), and a hint there would be the computer
    /// playing for one of them.
    pub fn hints_allowed(&self) -> bool {
        self.seats.iter().any(|s| super::computer::computer_level(&s.user_id).is_some())
    }

    /// Refuses when the match cannot be played on.
    pub fn require_active(&self) -> Result<(), TableError> {
        match self.row.status {
            MatchStatus::Active => match &self.row.paused {
                Some(why) => refuse(super::paused::paused_text(why, &self.title(), self.id())),
                None => Ok(()),
            },
            MatchStatus::Finished => {
                refuse("This match is over. Press Rematch on its last board to play again.")
            }
            MatchStatus::Corrupt => refuse(SET_ASIDE),
        }
    }

    /// What every seat lets the table answer for it: its player's
    /// settings and standing orders, and the orders given in this match.
    pub fn leaves(&self) -> Vec<Leave> {
        self.leaves_with(&MatchOrders::parse(&self.row.orders))
    }

    /// [`Loaded::leaves`] with `orders` as the orders given in this match.
    pub fn leaves_with(&self, orders: &MatchOrders) -> Vec<Leave> {
        self.leaves_at(orders, self.state.turn())
    }

    /// [`Loaded::leaves_with`] on `turn`.
    pub(crate) fn leaves_at(&self, orders: &MatchOrders, turn: Option<crate::engine::Turn>) -> Vec<Leave> {
        let mut leaves = vec![Leave::default(); self.setup.seats.len().max(self.seats.len())];
        for s in &self.seats {
            let Some(seat) = u8::try_from(s.seat).ok().map(Seat) else { continue };
            let Some(l) = leaves.get_mut(seat.index()) else { continue };
            l.hold_priority = s.hold_priority;
            l.stops = s.stops.clone();
            l.auto_pass = s.auto_pass || s.orders.iter().any(|k| k == ONLY_WHEN_ABLE.key);
            l.orders = s.orders.iter().map(|k| GivenOrder { key: k.clone(), turn: None }).collect();
            for o in orders.of(seat, turn) {
                if o.key == ONLY_WHEN_ABLE.key {
                    l.auto_pass = true;
                }
                if !l.orders.iter().any(|g| g.key == o.key) {
                    l.orders.push(o);
                }
            }
        }
        leaves
    }

    /// The labels of the standing orders in `leave` (a seat's settings'
    /// and this match's), for the board and the hand.
    pub fn order_labels(&self, leave: &Leave) -> Vec<String> {
        let mut labels = order_labels(self.game, &leave.orders);
        if leave.auto_pass && !labels.iter().any(|l| *l == ONLY_WHEN_ABLE.label.to_lowercase()) {
            labels.push(ONLY_WHEN_ABLE.label.to_lowercase());
        }
        labels
    }

    /// The same match after a commit: at the version and deadline `done`
    /// wrote, in `state`, with the standing orders `orders` (JSON). Only
    /// the new state is cloned.
    pub(crate) fn moved_to(&self, done: Committed, orders: String, state: &AnyState) -> Loaded {
        let Committed { version, deadline_at, pass_at } = done;
        Loaded {
            row: MatchRow { version, orders, deadline_at, pass_at, ..self.row.clone() },
            seats: self.seats.clone(),
            game: self.game,
            setup: self.setup.clone(),
            state: state.clone(),
            rebuilt: self.rebuilt,
            summary: None,
            hints: self.hints.clone(),
        }
    }

    /// Where its board goes.
    pub fn board_target(&self) -> Target {
        board_target(self.row.id, self.row.thread.as_deref())
    }
}

/// The match's thread, or its channel until the thread is known.
pub(crate) fn board_target(match_id: i64, thread: Option<&str>) -> Target {
    match thread {
        Some(t) => Target::Thread(t.to_owned()),
        None => Target::MatchThread(match_id),
    }
}

impl Table {
    /// Loads a match; an unreadable snapshot is rebuilt from setup + log
    /// (flagged in `rebuilt`); if that fails too the match is set aside.
    pub(crate) async fn load(&self, match_id: i64) -> Result<Loaded, TableError> {
        let (row, seats) = match self.store.load_match_with_seats(match_id).await {
            Ok(loaded) => loaded,
            Err(crate::store::StoreError::NotFound(_)) => {
                return refuse(format!("There is no match #{match_id} (any more)."));
            }
            Err(e) => return Err(e.into()),
        };
        let game = GameId::parse(&row.game)
            .map_err(|e| TableError::internal(anyhow::anyhow!("match {match_id}: {e}")))?;
        let setup: MatchSetup = match serde_json::from_str(&row.setup) {
            Ok(s) => s,
            Err(e) => return self.set_aside(&row, format!("unreadable setup: {e}")).await,
        };
        match AnyState::from_json(&row.state, &self.library) {
            Ok(state) => {
                let mut loaded =
                    Loaded { row, seats, game, setup, state, rebuilt: false, summary: None, hints: vec![] };
                self.read_hints(&mut loaded).await?;
                // A finished match's board (posted again with /board) keeps its last line.
                Ok(if loaded.row.status == MatchStatus::Finished {
                    self.finished(loaded).await
                } else {
                    loaded
                })
            }
            Err(e) if row.status == MatchStatus::Corrupt => {
                tracing::warn!(match_id, error = %e, "a match set aside as corrupt was asked for");
                refuse(SET_ASIDE)
            }
            Err(e) => {
                tracing::warn!(match_id, error = %e, "unreadable snapshot; rebuilding from the action log");
                let replayed = self.replay_log(match_id, game, &setup).await?.and_then(|r| {
                    // A log cut short replays fine, to an older state.
                    let reached = r.steps.len() as i64;
                    if reached == row.version {
                        Ok(r)
                    } else {
                        Err(format!("the log replays to version {reached}, the match is at {}", row.version))
                    }
                });
                match replayed {
                    Ok(r) => {
                        let mut loaded = Loaded {
                            row,
                            seats,
                            game,
                            setup,
                            state: r.state,
                            rebuilt: true,
                            summary: None,
                            hints: vec![],
                        };
                        self.read_hints(&mut loaded).await?;
                        Ok(loaded)
                    }
                    Err(reason) => {
                        let reason =
                            format!("unreadable snapshot ({e}) and the log does not replay: {reason}");
                        self.set_aside(&row, reason).await
                    }
                }
            }
        }
    }

    /// Reads the hints asked for in `m`, where hints are offered.
    async fn read_hints(&self, m: &mut Loaded) -> Result<(), TableError> {
        if m.hints_allowed() {
            m.hints = self
                .store
                .hints_used(m.id())
                .await?
                .into_iter()
                .filter_map(|(seat, n)| u8::try_from(seat).ok().map(|s| (Seat(s), n)))
                .collect();
        }
        Ok(())
    }

    /// Sets a match aside as corrupt (logged for the host, with `reason`)
    /// and refuses the request with the players' explanation.
    async fn set_aside<T>(&self, row: &MatchRow, reason: String) -> Result<T, TableError> {
        tracing::error!(match_id = row.id, %reason, "match set aside as corrupt");
        if row.status != MatchStatus::Corrupt {
            self.store.mark_corrupt(row.id, &reason).await?;
        }
        refuse(SET_ASIDE)
    }

    /// Replays a match's log from its setup.
    pub(crate) async fn replay_log(
        &self,
        match_id: i64,
        game: GameId,
        setup: &MatchSetup,
    ) -> Result<Result<Replayed, String>, TableError> {
        let log = self.store.match_actions(match_id).await?;
        Ok(replay(&self.library, game, setup, &log))
    }

    /// The match a slash command in `req.place` is about: the thread's
    /// match, else the requester's only active match, else their only
    /// active match that has no thread (its thread could not be opened, so
    /// the command cannot be used inside it; answering opens it).
    pub(crate) async fn match_here(&self, req: &Request) -> Result<Loaded, TableError> {
        if let Some(thread) = &req.place.thread {
            if let Some(row) = self.store.match_in_thread(thread).await? {
                return self.load(row.id).await;
            }
        }
        let active = self.store.matches_for_user(req.user.id.as_str(), Some(MatchStatus::Active)).await?;
        let mut threadless = active.iter().filter(|(row, _)| row.thread.is_none());
        if let (Some((row, _)), None) = (threadless.next(), threadless.next()) {
            return self.load(row.id).await;
        }
        match active.as_slice() {
            [] => refuse("You have no match in progress. Start one with /challenge."),
            [(row, _)] => self.load(row.id).await,
            many => refuse(format!(
                "You are in {} matches; use this command inside the thread of the one you mean \
                 (see /matches).",
                many.len()
            )),
        }
    }
}
