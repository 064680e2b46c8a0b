//! `cardtable chatsim`: what a turn costs players in chat, measured by
//! playing seeded matches through the table layer as two players who read
//! only what they were shown (the board, and their own private replies)
//! and click among the choices offered.
//!
//! Two policies ([`Policy`]), fixed for every version of the code so
//! figures compare across versions:
//!
//! - **person** (the default) plays as a person in chat would. Pinged or
//!   not, at each new decision of theirs they read the board and, unless a
//!   private reply of theirs is still live, open their hand (a click).
//!   Then, four times in five, they make a real move (play, cast, summon,
//!   attack, block, respond: any offered choice that is neither a pass
//!   nor filler), else they pass, taking the biggest pass offered (*End
//!   turn* when there is one). Filler ([`is_filler`]: discarding ahead,
//!   cancelling, a manual mana tap, a standing-order button) is picked only
//!   when nothing else is offered.
//! - **eager** is the policy of the first measurements: it opens the hand
//!   only when the board offers no move, and counts any button that is not
//!   a pass as a move, filler included.
//!
//! A pass is a grey button or one worded as a pass ([`PASS_WORDS`]), so
//! the policy reads the same on versions that coloured every button alike.
//! Neither policy clicks standing-order buttons; `--orders` gives standing
//! orders through `/settings` instead. Every player's clicks are counted:
//! the active player's, and everyone else's apart. A turn shared by
//! teammates (Spheres' Citadel team turn) is both teammates' turn: the
//! partner's clicks are the turn's clicks, and a decision passing between
//! them is no wait (a wait hands the decision to someone outside the turn).
//!
//! The table is the instrument's only window on the game besides the
//! messages: after each request it reads whose turn it is and who must
//! act, to attribute clicks, posts and waits to turns.
//!
//! With `--ai LEVEL` ([`Options::computer`]) the second player is the
//! computer opponent: Alice challenges the bot itself, and after each of
//! her requests the computer moves as the Discord adapter lets it (once
//! her board is delivered). Its own moves are not clicks; a board that
//! pings Alice is a time she must come back.

use std::sync::Arc;

use crate::engine::Seat;
use crate::games::{AnyState, GameId, Library};
use crate::store::Store;
use crate::table::{
    ButtonStyle, Clock, Command, Component, CustomId, ManualClock, Message, Outgoing, Place, Request,
    RequestKind, Table, TableConfig, UserRef,
};

/// Labels that pass or decline, whatever their colour.
pub const PASS_WORDS: &[&str] = &[
    "pass",
    "skip",
    "skip cure",
    "no crystal",
    "go to battle",
    "end attacks",
    "keep hand",
    "no block",
    "done",
    "end turn",
];

/// How the simulated players choose (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// As a person would: the hand opened at each decision, no filler.
    #[default]
    Person,
    /// The first measurements' policy: any non-pass button is a move.
    Eager,
}

impl Policy {
    /// The policy `--policy` names.
    pub fn parse(name: &str) -> Result<Policy, String> {
        match name.trim().to_lowercase().as_str() {
            "person" => Ok(Policy::Person),
            "eager" => Ok(Policy::Eager),
            other => Err(format!("there is no chatsim policy \"{other}\"; use person or eager")),
        }
    }
}

/// Whose clock the simulated people live on (`--clock`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ChatClock {
    /// Discord's, as people play hours apart (the default). Each person
    /// told of a decision (a ping in the thread, a direct message) comes
    /// back after a seeded delay ([`return_delay`]); one still *present*
    /// (the private reply to their last click is under 15 minutes old, so
    /// the bot can still edit it) answers within a minute ([`think_time`]).
    /// The table's ticker runs every [`TICK_EVERY_SECONDS`], as the bot
    /// runs it: masked passes, reminders and deadline notices land on its
    /// ticks. An edit of a reply 15 minutes old or more is refused, as
    /// Discord refuses it. A person neither told nor present does not come
    /// (an *unannounced* decision) until a reminder pings them.
    #[default]
    Discord,
    /// The first measurements' clock: everyone answers the moment they are
    /// asked, a masked pass lands at its exact second, and a private reply
    /// counts as gone once the turn changes or a board post hands its
    /// player a decision.
    Instant,
}

impl ChatClock {
    /// The clock `--clock` names.
    pub fn parse(name: &str) -> Result<ChatClock, String> {
        match name.trim().to_lowercase().as_str() {
            "discord" => Ok(ChatClock::Discord),
            "instant" => Ok(ChatClock::Instant),
            other => Err(format!("there is no chatsim clock \"{other}\"; use discord or instant")),
        }
    }
}

/// The bot's ticker period (`discord::ticker::TICK_EVERY`), in seconds.
pub const TICK_EVERY_SECONDS: i64 = 30;

/// How long after a ping or a direct message a person comes back, in
/// seconds: half of the time within ten minutes (uniform from 1 to 10
/// minutes), otherwise spread from 10 minutes to 8 hours, uniform on a log
/// scale (as many come back within 10–40 minutes as within 2–8 hours).
pub fn return_delay(rng: &mut crate::engine::GameRng) -> i64 {
    if rng.below(2) == 0 {
        60 + rng.below(9 * 60 + 1) as i64
    } else {
        (600.0 * 48f64.powf(rng.unit())).round() as i64
    }
}

/// How long a person still looking at the match takes over a click, in
/// seconds: 10 to 60, uniform.
pub fn think_time(rng: &mut crate::engine::GameRng) -> i64 {
    10 + rng.below(51) as i64
}

/// When a person nobody told of a decision, and no reminder reaches,
/// looks in by themselves.
const LOOKS_IN_SECONDS: i64 = 24 * 3600;

/// Label beginnings a person does not pick while anything else is
/// offered: throwing cards away before the game asks for it, backing out,
/// tapping mana by hand.
pub const FILLER_WORDS: &[&str] = &["discard", "cancel", "tap "];

/// Whether a choice labelled `label` is filler for a person (see
/// [`FILLER_WORDS`]).
pub fn is_filler(label: &str) -> bool {
    let label = label.trim().to_lowercase();
    FILLER_WORDS.iter().any(|w| label.starts_with(w))
}

/// What a choice component is, for the policy: its version, and whether
/// it ends the turn or gives a standing order.
fn choice_of(id: &CustomId) -> Option<(i64, bool, bool)> {
    let (_, version, choice) = id.choice()?;
    Some((
        version,
        matches!(choice, crate::view::Choice::EndTurn),
        matches!(choice, crate::view::Choice::Order { .. }),
    ))
}

/// Turn number and active seat.
fn turn_of(s: &AnyState) -> Option<(u32, Seat)> {
    s.turn().map(|t| (t.number, t.active))
}

/// Most requests one simulated match may take before it is called stuck.
const MAX_REQUESTS: usize = 20_000;

/// What the simulated matches cost, summed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChatReport {
    /// Matches played to their end.
    pub games: u32,
    /// Game turns played.
    pub turns: u64,
    /// Clicks and menu choices by the player whose turn it was.
    pub clicks: u64,
    /// Clicks and menu choices by everyone else (responses, blocks, passes).
    pub other_clicks: u64,
    /// The active player's clicks that opened the hand (part of `clicks`).
    pub hand_opens: u64,
    /// The active player's clicks on a pass or *End turn* (part of `clicks`).
    pub pass_clicks: u64,
    /// New posts in the match thread.
    pub posts: u64,
    /// Posts edited in place.
    pub edits: u64,
    /// Private replies.
    pub private: u64,
    /// Times the decision passed to a player other than the one whose turn it was.
    pub waits: u64,
    /// The waits that began at a priority stop (the other player asked
    /// to respond or pass), the rest being other decisions (blocks,
    /// defenders, choices).
    pub stop_waits: u64,
    /// The most waits in one turn.
    pub max_waits: u64,
    /// In a turn shared by teammates, times a decision passed from one of
    /// them to the other (no wait: both are the turn's players).
    pub handoffs: u64,
    /// Matches that did not end within the request budget.
    pub stuck: u32,
    /// Board posts that pinged a person: each is a time they come back.
    pub pings: u64,
    /// Pings after which the person found nothing to do but pass.
    pub idle_pings: u64,
    /// Passes the table made for a player at a quiet window once its
    /// masking delay ended (not a wait on a person).
    pub masked_passes: u64,
    /// The table's clock the masking delays added, in seconds.
    pub masked_seconds: u64,
    /// Decisions that passed to another person still looking at the match
    /// (the reply to their last click still editable), not pinged: they
    /// answer in place, and no wait is counted ([`ChatClock::Discord`]).
    pub in_place: u64,
    /// Decisions handed to a person who was neither pinged, nor sent a
    /// direct message, nor present (see [`ChatClock::Discord`]).
    pub unannounced: u64,
    /// Edits of a private reply the table asked for that Discord would
    /// refuse: the reply is 15 minutes old or more.
    pub stale_edits: u64,
    /// How long each finished match took on the simulated clock, in seconds.
    pub match_seconds: Vec<i64>,
    /// The phone rows of each board posted or edited (see
    /// [`crate::view::phone::phone_rows`]).
    pub board_rows: Vec<u32>,
    /// Messages in which two different choices share a label.
    pub same_label: u64,
    /// Labels cut with "…".
    pub cut_labels: u64,
    /// A few of the labels counted in `same_label` and `cut_labels`, to
    /// say which they were.
    pub label_examples: Vec<String>,
}

impl ChatReport {
    fn per_turn(&self, n: u64) -> f64 {
        n as f64 / self.turns.max(1) as f64
    }

    /// Clicks per turn.
    pub fn clicks_per_turn(&self) -> f64 {
        self.per_turn(self.clicks)
    }
    /// Posts per turn.
    pub fn posts_per_turn(&self) -> f64 {
        self.per_turn(self.posts)
    }
    /// Waits per turn.
    pub fn waits_per_turn(&self) -> f64 {
        self.per_turn(self.waits)
    }

    /// Where the waits came from, how often a person was pinged, and what
    /// the masked passes cost, printed before the summary line.
    pub fn detail(&self) -> String {
        format!(
            "waits at a priority stop: {} ({:.2}/turn), at other decisions: {} ({:.2}/turn); \
             pings of a person: {} ({:.2}/turn)\n\
             hand-offs between teammates sharing a turn: {} ({:.2}/turn)\n\
             masked passes: {} ({:.2}/turn), masking delay: {:.1} min/turn\n\
             decisions answered in place by a person still looking: {} ({:.2}/turn)\n\
             the active player's clicks: hand opened {:.2}/turn, passes {:.2}/turn, moves {:.2}/turn",
            self.stop_waits,
            self.per_turn(self.stop_waits),
            self.waits - self.stop_waits,
            self.per_turn(self.waits - self.stop_waits),
            self.pings,
            self.per_turn(self.pings),
            self.handoffs,
            self.per_turn(self.handoffs),
            self.masked_passes,
            self.per_turn(self.masked_passes),
            self.masked_minutes_per_turn(),
            self.in_place,
            self.per_turn(self.in_place),
            self.per_turn(self.hand_opens),
            self.per_turn(self.pass_clicks),
            self.per_turn(self.clicks - self.hand_opens - self.pass_clicks)
        )
    }

    /// Minutes of the table's clock the masking delays add per turn.
    pub fn masked_minutes_per_turn(&self) -> f64 {
        self.masked_seconds as f64 / 60.0 / self.turns.max(1) as f64
    }

    /// Idle pings per turn.
    pub fn idle_pings_per_turn(&self) -> f64 {
        self.per_turn(self.idle_pings)
    }

    /// Decisions no person was told of, per turn.
    pub fn unannounced_per_turn(&self) -> f64 {
        self.per_turn(self.unannounced)
    }

    /// Edits Discord would refuse, per turn.
    pub fn stale_edits_per_turn(&self) -> f64 {
        self.per_turn(self.stale_edits)
    }

    /// The median time a match took, in hours of the simulated clock (0
    /// when none finished).
    pub fn hours_to_finish(&self) -> f64 {
        let mut s = self.match_seconds.clone();
        s.sort_unstable();
        let n = s.len();
        let median = match n {
            0 => 0.0,
            _ if n % 2 == 1 => s[n / 2] as f64,
            _ => (s[n / 2 - 1] + s[n / 2]) as f64 / 2.0,
        };
        median / 3600.0
    }

    /// Adds another run's counts (the most waits in a turn: the larger).
    pub fn add(&mut self, other: &ChatReport) {
        self.games += other.games;
        self.stuck += other.stuck;
        self.turns += other.turns;
        self.clicks += other.clicks;
        self.other_clicks += other.other_clicks;
        self.hand_opens += other.hand_opens;
        self.pass_clicks += other.pass_clicks;
        self.posts += other.posts;
        self.edits += other.edits;
        self.private += other.private;
        self.waits += other.waits;
        self.stop_waits += other.stop_waits;
        self.max_waits = self.max_waits.max(other.max_waits);
        self.handoffs += other.handoffs;
        self.pings += other.pings;
        self.idle_pings += other.idle_pings;
        self.masked_passes += other.masked_passes;
        self.masked_seconds += other.masked_seconds;
        self.unannounced += other.unannounced;
        self.in_place += other.in_place;
        self.stale_edits += other.stale_edits;
        self.match_seconds.extend(&other.match_seconds);
        self.board_rows.extend(&other.board_rows);
        self.same_label += other.same_label;
        self.cut_labels += other.cut_labels;
        for e in &other.label_examples {
            if self.label_examples.len() < LABEL_EXAMPLES && !self.label_examples.contains(e) {
                self.label_examples.push(e.clone());
            }
        }
    }

    /// The boards' phone rows at the median and at most (0 with no board).
    pub fn phone_rows(&self) -> (u32, u32) {
        let mut rows = self.board_rows.clone();
        rows.sort_unstable();
        let p50 = rows.get(rows.len().saturating_sub(1) / 2).copied().unwrap_or(0);
        (p50, rows.last().copied().unwrap_or(0))
    }

    /// What a phone reader meets: the boards' height in rows of 40
    /// columns and the labels that cannot be told apart or are cut
    /// (printed just before the summary line).
    pub fn boards_line(&self) -> String {
        let (p50, max) = self.phone_rows();
        format!(
            "boards: {}, phone rows p50: {p50}, phone rows max: {max}, same-label choices: {}, cut labels: {}",
            self.board_rows.len(),
            self.same_label,
            self.cut_labels
        )
    }

    /// The summary line (the command's last line).
    pub fn line(&self) -> String {
        format!(
            "games: {}, turns: {}, clicks/turn: {:.2}, other clicks/turn: {:.2}, posts/turn: {:.2}, \
             edits/turn: {:.2}, private/turn: {:.2}, waits/turn: {:.2}, max waits in a turn: {}, \
             idle pings/turn: {:.2}, unannounced/turn: {:.2}, stale edits/turn: {:.2}, \
             hours to finish: {:.1}",
            self.games,
            self.turns,
            self.per_turn(self.clicks),
            self.per_turn(self.other_clicks),
            self.per_turn(self.posts),
            self.per_turn(self.edits),
            self.per_turn(self.private),
            self.per_turn(self.waits),
            self.max_waits,
            self.per_turn(self.idle_pings),
            self.unannounced_per_turn(),
            self.stale_edits_per_turn(),
            self.hours_to_finish()
        )
    }
}

/// What a click was, for the breakdown of the active player's clicks.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Hand,
    Pass,
    Move,
}

/// A message a simulated user can see and click.
#[derive(Debug, Clone)]
struct Seen {
    id: String,
    /// `None`: public.
    to: Option<String>,
    components: Vec<Component>,
}

/// One simulated server with two players.
struct Sim {
    table: Table,
    /// The players of this match (the first of [`PLAYERS`]).
    people: Vec<&'static str>,
    /// `--mode`, as `/challenge mode:` takes it.
    mode: Option<String>,
    /// Who sits at each seat, once the match has started.
    seat_users: Vec<String>,
    game: GameId,
    rng: crate::engine::GameRng,
    seen: Vec<Seen>,
    next_id: u64,
    match_id: Option<i64>,
    report: ChatReport,
    /// Waits in the current turn.
    turn_waits: u64,
    /// The latest turn number seen.
    last_turn: u64,
    /// The turn the waits of `turn_waits` are counted in.
    counted_turn: Option<(u32, Seat)>,
    /// Who last opened their hand, at which version (once per decision).
    opened: Option<(String, i64)>,
    /// The level the computer plays the second seat at; `None`: Bob does.
    computer: Option<crate::ai::Level>,
    /// How the players choose.
    policy: Policy,
    /// Players pinged since their last decision.
    pinged: Vec<String>,
    /// Who made the last request (they are still looking at the table).
    last_actor: Option<String>,
    /// The table's clock.
    clock: Arc<ManualClock>,
    /// When each player's last private reply was shown: it stays
    /// editable for [`REPLY_EDITABLE_SECONDS`] of the table's clock, which
    /// runs only through masking delays, so a reply is also taken to be
    /// gone when hours pass in chat: when the turn changes, and when a
    /// board post hands its player a decision. A direct message within the
    /// turn (a quiet window where they can respond) leaves it: it comes
    /// minutes after their own click, and the reply was edited at once.
    private_at: Vec<(String, i64)>,
    /// Write each click, wait and ping to stderr.
    trace: bool,
    /// Write each board to stderr as the console shows it.
    show_boards: bool,
    /// Whose clock the people live on.
    clock_mode: ChatClock,
    /// When each person told of a decision comes back ([`ChatClock::Discord`]).
    back_at: Vec<(String, i64)>,
    /// Draws the people's delays (apart from their choices, so a change of
    /// clock leaves the choices' draws alone).
    delays: crate::engine::GameRng,
    /// Where in its 30 seconds the ticker's period starts.
    tick_phase: i64,
    /// When the match started.
    started: i64,
    /// The decisions checked for being unannounced: who, at which
    /// version, whether a masking delay ran.
    checked: Vec<(String, i64, bool)>,
}

/// How many labels a report keeps as examples.
const LABEL_EXAMPLES: usize = 8;

/// How long Discord lets the bot edit the reply to an interaction.
const REPLY_EDITABLE_SECONDS: i64 = 15 * 60;

/// The players, in the order a challenge names them: the challenger,
/// the opponent, then (three or more players) the partner in team play
/// and further opponents.
const PLAYERS: [&str; 6] = ["alice", "bob", "carol", "dave", "erin", "frank"];

fn user(id: &str) -> UserRef {
    let mut name: Vec<char> = id.chars().collect();
    name[0] = name[0].to_ascii_uppercase();
    UserRef::new(id, name.into_iter().collect::<String>())
}

impl Sim {
    async fn send(&mut self, who: &str, kind: RequestKind) -> Vec<Outgoing> {
        let place = match self.match_id {
            Some(m) => Place::thread("general", format!("thread-{m}")),
            None => Place::channel("general"),
        };
        let out = self.table.respond(Request { user: user(who), place, kind }).await;
        self.deliver(out.clone(), who).await;
        if self.computer.is_some() {
            let moves = self.table.play_ai_in(&crate::table::boards_in(&out)).await;
            self.deliver(moves, "cardtable").await;
        }
        out
    }

    async fn deliver(&mut self, out: Vec<Outgoing>, who: &str) {
        let mut queue: std::collections::VecDeque<Outgoing> = out.into();
        while let Some(o) = queue.pop_front() {
            if self.trace {
                let what = match &o {
                    Outgoing::Post { key, .. } => format!("post (board: {})", key.is_some()),
                    Outgoing::Edit { .. } => "edit".to_owned(),
                    Outgoing::RefreshHand { to, .. } => format!("hand refresh for {}", to.0),
                    Outgoing::Ephemeral { to, .. }
                    | Outgoing::Replace { to, .. }
                    | Outgoing::File { to, .. } => {
                        format!("private to {}", to.0)
                    }
                    Outgoing::DirectMessage { to, .. } => format!("DM to {}", to.0),
                    _ => String::new(),
                };
                if !what.is_empty() {
                    eprintln!("    {what}");
                }
            }
            match o {
                Outgoing::CreateThread { match_id, .. } => {
                    self.match_id = Some(match_id);
                    let _ = self.table.thread_created(match_id, format!("thread-{match_id}")).await;
                }
                Outgoing::Post { message, key, mentions, .. } => {
                    if self.match_id.is_some() {
                        self.report.posts += 1;
                        if !mentions.is_empty() {
                            if self.trace {
                                eprintln!("  ping {mentions:?}");
                            }
                            self.report.pings += 1;
                            for m in &mentions {
                                if self.people.contains(&m.as_str()) && !self.pinged.contains(&m.0) {
                                    self.pinged.push(m.0.clone());
                                }
                                if m.0 != who {
                                    self.told(&m.0);
                                }
                                if self.clock_mode == ChatClock::Instant && key.is_some() {
                                    // Handed a decision in the thread, they come
                                    // back hours later: their reply is gone.
                                    self.private_at.retain(|(w, _)| *w != m.0);
                                }
                            }
                        }
                    }
                    let id = self.show(None, &message);
                    if let Some(k) = key {
                        queue.extend(self.table.posted(k, &id).await.unwrap_or_default());
                    }
                }
                Outgoing::Edit { message_ref, message, key, .. } => {
                    self.report.edits += 1;
                    self.measure(true, &message);
                    if let Some(m) = self.seen.iter_mut().find(|m| m.id == message_ref) {
                        m.components = message.components;
                    }
                    if let Some(k) = key {
                        queue.extend(self.table.posted(k, &message_ref).await.unwrap_or_default());
                    }
                }
                Outgoing::RefreshHand { to, message, .. } => {
                    // Discord edits the reply of the player's last click for
                    // 15 minutes, and the edited reply stays on their screen
                    // (see `private_at` for when it is too old).
                    if self.present(to.as_str()) {
                        self.report.private += 1;
                        self.seen.retain(|m| m.to.as_deref() != Some(to.as_str()));
                        self.show(Some(to.as_str().to_owned()), &message);
                    } else {
                        // Discord refuses the edit (error 50027).
                        if self.trace {
                            eprintln!("  stale edit of {}'s hand", to.0);
                        }
                        self.report.stale_edits += 1;
                    }
                }
                Outgoing::Ephemeral { to, message }
                | Outgoing::Replace { to, message }
                | Outgoing::File { to, message, .. } => {
                    if self.match_id.is_some() {
                        self.report.private += 1;
                    }
                    let now = self.clock.now();
                    self.private_at.retain(|(w, _)| *w != to.0);
                    self.private_at.push((to.0.clone(), now));
                    // A user's newer private reply replaces what they look at.
                    self.seen.retain(|m| m.to.as_deref() != Some(to.as_str()));
                    self.show(Some(to.as_str().to_owned()), &message);
                }
                Outgoing::StripComponents { message_ref, .. } => {
                    if let Some(m) = self.seen.iter_mut().find(|m| m.id == message_ref) {
                        m.components.clear();
                    }
                }
                Outgoing::DirectMessage { to, message, .. } => {
                    // A private note to come back (a quiet window where
                    // the player can respond, the start of their turn): a
                    // ping nobody else sees.
                    if self.match_id.is_some() && self.people.contains(&to.0.as_str()) {
                        self.report.pings += 1;
                        if !self.pinged.contains(&to.0) {
                            self.pinged.push(to.0.clone());
                        }
                        if to.0 != who {
                            self.told(&to.0);
                        }
                        if !message.components.is_empty() {
                            // Their hand came with it: they act from the
                            // message that told them (it is no reply to a
                            // click, so no edit of the table keeps it live).
                            self.report.private += 1;
                            self.seen.retain(|m| m.to.as_deref() != Some(to.as_str()));
                            self.show(Some(to.as_str().to_owned()), &message);
                        }
                    }
                }
            }
        }
    }

    /// `who` was pinged or sent a direct message (not in answer to their
    /// own click: they are looking at the table then): on Discord's clock
    /// they had left, and come back after [`return_delay`] (or sooner, if
    /// they were coming back already).
    fn told(&mut self, who: &str) {
        if self.clock_mode != ChatClock::Discord || !self.people.contains(&who) {
            return;
        }
        let at = self.clock.now() + return_delay(&mut self.delays);
        match self.back_at.iter_mut().find(|(w, _)| w == who) {
            Some((_, t)) => *t = (*t).min(at),
            None => self.back_at.push((who.to_owned(), at)),
        }
    }

    /// When `who` comes back, if they were told to.
    fn coming(&self, who: &str) -> Option<i64> {
        self.back_at.iter().find(|(w, _)| w == who).map(|(_, t)| *t)
    }

    /// Whether `who` still sees a reply of theirs the bot can edit: the
    /// reply to their last click is under 15 minutes old on the table's
    /// clock (on the instant clock, also not made stale by a turn change
    /// or a board post handing them a decision, see `private_at`).
    fn present(&self, who: &str) -> bool {
        let now = self.clock.now();
        self.private_at.iter().any(|(w, at)| w == who && now - at < REPLY_EDITABLE_SECONDS)
    }

    /// Measures a message as a phone reader meets it: a board's rows,
    /// and any message's labels.
    fn measure(&mut self, public: bool, m: &Message) {
        use crate::view::phone;
        // A board is the public message with *My hand* (or, once over, *Rematch*).
        let board = public
            && m.components.iter().any(|c| {
                matches!(
                    CustomId::decode(c.custom_id()),
                    Some(CustomId::Hand { .. } | CustomId::Rematch { .. })
                )
            });
        if board {
            let rows = phone::phone_rows(m);
            self.report.board_rows.push(u32::try_from(rows).unwrap_or(u32::MAX));
            if self.show_boards {
                eprintln!("── board, {rows} phone rows ──\n{}", crate::console::message_text(m));
            }
        }
        let mut examples = Vec::new();
        if phone::same_label_choices(m) {
            self.report.same_label += 1;
            let labels = phone::labels(m);
            examples.extend(
                labels
                    .iter()
                    .enumerate()
                    .filter(|(i, l)| labels[..*i].contains(l))
                    .map(|(_, l)| format!("same label: {l}")),
            );
        }
        let cut = phone::cut_labels(m);
        self.report.cut_labels += cut.len() as u64;
        examples.extend(cut.into_iter().map(|l| format!("cut: {l}")));
        for e in examples {
            if self.report.label_examples.len() < LABEL_EXAMPLES && !self.report.label_examples.contains(&e) {
                self.report.label_examples.push(e);
            }
        }
    }

    fn show(&mut self, to: Option<String>, m: &Message) -> String {
        self.measure(to.is_none(), m);
        let id = format!("s{}", self.next_id);
        self.next_id += 1;
        self.seen.push(Seen { id: id.clone(), to, components: m.components.clone() });
        id
    }

    /// The match's state, read by the instrument (not by the players).
    async fn state(&self) -> Option<AnyState> {
        let id = self.match_id?;
        let row = self.table.store().load_match(id).await.ok()?;
        AnyState::from_json(&row.state, self.table.library()).ok()
    }

    /// One decision of `who`, by the policy; `false` when they see nothing to click.
    async fn decide(&mut self, who: &str) -> bool {
        let visible: Vec<Seen> =
            self.seen.iter().filter(|m| m.to.as_deref().is_none_or(|t| t == who)).cloned().collect();
        let version_of = |c: &Component| match CustomId::decode(c.custom_id()) {
            Some(CustomId::ActSelect { version, .. }) => Some(version),
            Some(id) => choice_of(&id).map(|(v, _, _)| v),
            None => None,
        };
        let newest = visible.iter().flat_map(|m| &m.components).filter_map(version_of).max();
        let private_live = visible.iter().any(|m| {
            m.to.is_some() && m.components.iter().any(|c| newest.is_some() && version_of(c) == newest)
        });
        let mut moves: Vec<(RequestKind, String)> = Vec::new();
        let mut filler: Vec<(RequestKind, String)> = Vec::new();
        let mut passes: Vec<(bool, (RequestKind, String))> = Vec::new();
        for c in visible.iter().flat_map(|m| &m.components) {
            match c {
                Component::Button { custom_id, style, label, disabled: false, .. } => {
                    let Some(id) = CustomId::decode(custom_id) else { continue };
                    let Some((version, end, order)) = choice_of(&id) else { continue };
                    if Some(version) != newest || order {
                        continue;
                    }
                    let kind = (RequestKind::Click { custom_id: custom_id.clone() }, label.clone());
                    let worded = PASS_WORDS.contains(&label.to_lowercase().as_str());
                    if *style == ButtonStyle::Secondary || worded {
                        passes.push((end || label == "End turn", kind));
                    } else if self.policy == Policy::Person && is_filler(label) {
                        filler.push(kind);
                    } else {
                        moves.push(kind);
                    }
                }
                Component::Select { custom_id, options, .. } => {
                    if !matches!(CustomId::decode(custom_id), Some(CustomId::ActSelect { version, .. }) if Some(version) == newest)
                    {
                        continue;
                    }
                    for o in options {
                        let kind = (
                            RequestKind::Select { custom_id: custom_id.clone(), value: o.value.clone() },
                            o.label.clone(),
                        );
                        if self.policy == Policy::Eager {
                            moves.push(kind);
                        } else if o.value.starts_with('o') {
                            // A standing order: never chosen by the policy.
                        } else if o.value == "end" || PASS_WORDS.contains(&o.label.to_lowercase().as_str()) {
                            passes.push((o.value == "end", kind));
                        } else if is_filler(&o.label) {
                            filler.push(kind);
                        } else {
                            moves.push(kind);
                        }
                    }
                }
                _ => {}
            }
        }
        let opened = self.opened.as_ref().is_some_and(|(w, v)| w == who && Some(*v) == newest);
        let wants_hand = match self.policy {
            Policy::Person => !private_live,
            Policy::Eager => !private_live && moves.is_empty(),
        };
        if wants_hand && !opened {
            // Open the hand: a person does at each new decision of theirs;
            // the eager policy only when the board offers no move.
            let hand =
                visible.iter().rev().flat_map(|m| &m.components).find_map(|c| {
                    match CustomId::decode(c.custom_id()) {
                        Some(id @ CustomId::Hand { .. }) => Some(id.encode()),
                        _ => None,
                    }
                });
            if let Some(id) = hand {
                self.opened = newest.map(|v| (who.to_owned(), v));
                self.click(who, (RequestKind::Click { custom_id: id }, "(hand)".into()), Kind::Hand).await;
                return true;
            }
        }
        if let Some(i) = self.pinged.iter().position(|p| p == who) {
            self.pinged.swap_remove(i);
            if moves.is_empty() && filler.is_empty() {
                self.report.idle_pings += 1;
            }
        }
        if self.trace {
            eprintln!(
                "  offered to {who}: {} moves, {} passes, {} filler",
                moves.len(),
                passes.len(),
                filler.len()
            );
        }
        let pass = passes.iter().find(|(end, _)| *end).or(passes.first()).map(|(_, k)| k.clone());
        let choice = if !moves.is_empty() && (pass.is_none() || self.rng.below(5) < 4) {
            let i = self.rng.below(moves.len());
            Some((moves.swap_remove(i), Kind::Move))
        } else if let Some(pass) = pass {
            Some((pass, Kind::Pass))
        } else if !filler.is_empty() {
            let i = self.rng.below(filler.len());
            Some((filler.swap_remove(i), Kind::Move))
        } else {
            None
        };
        match choice {
            Some((kind, tally)) => {
                self.click(who, kind, tally).await;
                true
            }
            None => false,
        }
    }

    /// A click, counted for the turn it happens in.
    async fn click(&mut self, who: &str, (kind, label): (RequestKind, String), tally: Kind) {
        let before = self.state().await;
        if let Some(state) = &before {
            self.note_turn(state);
        }
        let turn = before.as_ref().and_then(turn_of);
        let shared = before.as_ref().and_then(AnyState::turn);
        let mine = self.seat_users.iter().position(|u| u == who).and_then(|i| u8::try_from(i).ok()).map(Seat);
        if self.trace {
            let step =
                before.as_ref().map(|s| s.view(crate::engine::Viewer::Public).headline).unwrap_or_default();
            let at = self.clock.now() - self.started;
            eprintln!(
                "{}h{:02}m turn {:?} {who} {tally:?}: {label}  [{step}]",
                at / 3600,
                at % 3600 / 60,
                turn.map(|t| t.0)
            );
        }
        if shared.zip(mine).is_some_and(|(t, seat)| t.has(seat)) {
            self.report.clicks += 1;
            match tally {
                Kind::Hand => self.report.hand_opens += 1,
                Kind::Pass => self.report.pass_clicks += 1,
                Kind::Move => {}
            }
        } else if self.match_id.is_some() {
            self.report.other_clicks += 1;
        }
        let to_act_before: Vec<Seat> = before.as_ref().map(AnyState::to_act).unwrap_or_default();
        self.last_actor = Some(who.to_owned());
        self.send(who, kind).await;
        let Some(after) = self.state().await else { return };
        self.note_turn(&after);
        if let Some(t) = after.turn() {
            let others = |v: &[Seat]| v.iter().any(|s| !t.has(*s));
            let handed = after
                .to_act()
                .into_iter()
                .any(|s| Some(s) != mine && t.has(s) && !to_act_before.contains(&s));
            if t.partner.is_some() && handed {
                self.report.handoffs += 1;
            }
            // A player the table passes for (a quiet window, unpinged) is
            // no wait on a person; on Discord's clock, neither is one still
            // looking who answers in place, unpinged.
            let handed_out = others(&after.to_act()) && !others(&to_act_before);
            let masked = handed_out
                && match self.clock_mode {
                    ChatClock::Instant => self.masked_seat(&after).await.is_some(),
                    ChatClock::Discord => self.answers_in_place(&after).await,
                };
            if handed_out && !masked {
                if self.trace {
                    eprintln!("  wait (stop: {})", after.to_act().iter().any(|s| after.stop(*s).is_some()));
                }
                self.report.waits += 1;
                self.turn_waits += 1;
                if after.to_act().iter().any(|s| !t.has(*s) && after.stop(*s).is_some()) {
                    self.report.stop_waits += 1;
                }
            }
        }
    }

    /// The seat the table will pass for when the open quiet window's
    /// masking delay ends, with when: the one to act is not pinged (so a
    /// person does not come) and is not the one looking at the table.
    async fn masked_seat(&self, state: &AnyState) -> Option<(Seat, i64)> {
        let row = self.table.store().load_match(self.match_id?).await.ok()?;
        let at = row.pass_at?;
        let seat = *state.to_act().first()?;
        let who = self.seat_user(seat)?;
        if self.computer.is_some() && seat.index() != 0 {
            return None;
        }
        let told = match self.clock_mode {
            ChatClock::Instant => {
                self.last_actor.as_deref() == Some(who) || self.pinged.iter().any(|p| p == who)
            }
            ChatClock::Discord => self.present(who) || self.coming(who).is_some(),
        };
        (!told).then_some((seat, at))
    }

    /// On Discord's clock, whether the first person to act in `state` is
    /// no one the active player waits for: the table passes for them when
    /// the masking delay ends (they were not told), or they are still
    /// looking and were not pinged (they answer in place; counted apart).
    async fn answers_in_place(&mut self, state: &AnyState) -> bool {
        let Some(id) = self.match_id else { return false };
        let Ok(row) = self.table.store().load_match(id).await else { return false };
        let Some(who) = state.to_act().first().and_then(|s| self.seat_user(*s)).map(str::to_owned) else {
            return false;
        };
        if self.computer.is_some() && Some(who.as_str()) != self.people.first().copied() {
            return false;
        }
        if self.coming(&who).is_some() {
            return false;
        }
        if self.present(&who) {
            self.report.in_place += 1;
            return true;
        }
        row.pass_at.is_some()
    }

    /// The first tick of the bot's ticker at or after `at`.
    fn tick_at_or_after(&self, at: i64) -> i64 {
        let since = at - self.tick_phase;
        self.tick_phase
            + since.div_euclid(TICK_EVERY_SECONDS) * TICK_EVERY_SECONDS
            + if since.rem_euclid(TICK_EVERY_SECONDS) == 0 { 0 } else { TICK_EVERY_SECONDS }
    }

    /// The next tick at which the table has work for this match: the end
    /// of a masking delay, a reminder or a deadline notice.
    fn next_due_tick(&self, row: &crate::store::MatchRow) -> Option<i64> {
        let hours = &TableConfig::default().reminder_hours;
        let sent = usize::try_from(row.reminders_sent).unwrap_or(usize::MAX);
        let reminder = hours.get(sent).and_then(|h| row.turn_started_at.map(|t| t + 3600 * h));
        let deadline = row.deadline_at.filter(|_| sent <= hours.len());
        let due = [row.pass_at, reminder, deadline].into_iter().flatten().min()?;
        Some(self.tick_at_or_after(due.max(self.clock.now())))
    }

    /// One step on Discord's clock for `people`, the persons to act: the
    /// first of them to be back (present, or coming back after being
    /// told) acts, unless the ticker has work before; `false` when they
    /// see nothing to click.
    async fn discord_step(&mut self, people: &[String], row: &crate::store::MatchRow) -> bool {
        let now = self.clock.now();
        // Those who came back with nothing to do have gone again.
        self.back_at.retain(|(w, t)| people.contains(w) || *t > now);
        self.checked.retain(|(_, version, _)| *version == row.version);
        let mut first: Option<(i64, String)> = None;
        for who in people {
            let present = self.present(who);
            let coming = self.coming(who);
            let checked = (who.clone(), row.version, row.pass_at.is_some());
            if !self.checked.contains(&checked) {
                // The table passes for a person it did not tell at a masked
                // window: no decision handed to them.
                if !present && coming.is_none() && row.pass_at.is_none() {
                    if self.trace {
                        eprintln!("  unannounced decision for {who}");
                    }
                    self.report.unannounced += 1;
                }
                self.checked.push(checked);
            }
            // Told by a ping or a direct message, they had left: they come
            // back after their delay. Else, still looking, they answer now.
            let arrive = match coming {
                Some(t) => Some(t.max(now)),
                None => present.then(|| now + think_time(&mut self.delays)),
            };
            if let Some(at) = arrive.filter(|at| first.as_ref().is_none_or(|(f, _)| at < f)) {
                first = Some((at, who.clone()));
            }
        }
        let tick = self.next_due_tick(row).filter(|t| first.as_ref().is_none_or(|(a, _)| t <= a));
        match (first, tick) {
            (_, Some(tick)) => {
                self.run_tick(tick).await;
                true
            }
            (Some((at, who)), None) => {
                self.clock.set(at);
                self.back_at.retain(|(w, _)| *w != who);
                self.decide(&who).await
            }
            (None, None) => {
                for who in people {
                    self.back_at.push((who.clone(), now + LOOKS_IN_SECONDS));
                }
                true
            }
        }
    }

    /// The ticker's pass at `at`; whether it moved the match on (a masked
    /// pass is counted with the wait it ended).
    async fn run_tick(&mut self, at: i64) -> bool {
        let Some(id) = self.match_id else { return false };
        let before = self.table.store().load_match(id).await.ok();
        let now = self.clock.now();
        self.clock.set(at.max(now));
        let out = self.table.tick(self.clock.now()).await.unwrap_or_default();
        self.deliver(out, "cardtable").await;
        let after = self.table.store().load_match(id).await.map(|r| r.version).ok();
        let Some(before) = before else { return false };
        let moved = after != Some(before.version);
        if moved && before.pass_at.is_some_and(|p| p <= at) {
            if self.trace {
                eprintln!("  masked pass at the tick after {} s", at - now);
            }
            self.report.masked_passes += 1;
            self.report.masked_seconds += u64::try_from(at - now).unwrap_or(0);
        }
        moved
    }

    /// Closes the turn's counts when `state` is in another turn than the
    /// one counted so far (a click or a masked pass may end a turn).
    fn note_turn(&mut self, state: &AnyState) {
        let turn = turn_of(state);
        if turn != self.counted_turn {
            if self.counted_turn.is_some() {
                self.end_turn();
            }
            self.counted_turn = turn;
        }
    }

    /// The user at `seat`: as the match seated them once it started.
    fn seat_user(&self, seat: Seat) -> Option<&str> {
        self.seat_users.get(seat.index()).map(String::as_str)
    }

    fn end_turn(&mut self) {
        self.report.max_waits = self.report.max_waits.max(self.turn_waits);
        self.turn_waits = 0;
        if self.clock_mode == ChatClock::Instant {
            // Hours pass in chat between turns.
            self.private_at.clear();
        }
    }
}

/// What a chatsim run is asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The game.
    pub game: GameId,
    /// Matches to play.
    pub games: u32,
    /// Seed of the first match (match `i` uses `seed + i`).
    pub seed: u64,
    /// Standing orders both players give (keys, as `/settings orders:` takes them).
    pub orders: Vec<String>,
    /// How the players choose.
    pub policy: Policy,
    /// The level the computer plays Bob's seat at (see the module doc);
    /// `None`: Bob is a person.
    pub computer: Option<crate::ai::Level>,
    /// Write each click, wait and ping to stderr.
    pub trace: bool,
    /// Players at the table (2 unless the game seats more).
    pub players: usize,
    /// The multiplayer mode (`/challenge mode:`); in a team mode the
    /// third player is the challenger's partner.
    pub mode: Option<String>,
    /// Whose clock the people live on.
    pub clock: ChatClock,
    /// Write each board to stderr with its phone rows (`--boards`).
    pub show_boards: bool,
}

impl Options {
    /// `games` matches of `game` from `seed` by the person policy, no
    /// orders, no computer.
    pub fn new(game: GameId, games: u32, seed: u64) -> Options {
        Options {
            game,
            games,
            seed,
            orders: Vec::new(),
            policy: Policy::Person,
            computer: None,
            trace: false,
            show_boards: false,
            players: 2,
            mode: None,
            clock: ChatClock::Discord,
        }
    }
}

/// Plays the matches `opts` asks for and sums what they cost.
pub async fn run(library: Arc<Library>, opts: &Options) -> ChatReport {
    let mut total = ChatReport::default();
    for g in 0..opts.games {
        let seed = opts.seed.wrapping_add(u64::from(g));
        let store = Store::open_memory().await.expect("an in-memory database opens");
        let clock = Arc::new(ManualClock::new(1_800_000_000));
        let config = TableConfig { seed: Some(seed), ..TableConfig::default() };
        let table = Table::with_library(store, clock.clone(), config, library.clone());
        let mut sim = Sim {
            table,
            people: PLAYERS[..opts.players.clamp(2, PLAYERS.len())].to_vec(),
            mode: opts.mode.clone(),
            seat_users: Vec::new(),
            game: opts.game,
            rng: crate::engine::GameRng::from_seed(seed ^ 0x5eed_c4a7),
            seen: Vec::new(),
            next_id: 1,
            match_id: None,
            report: ChatReport::default(),
            turn_waits: 0,
            last_turn: 0,
            counted_turn: None,
            opened: None,
            computer: opts.computer,
            policy: opts.policy,
            pinged: Vec::new(),
            last_actor: None,
            clock,
            private_at: Vec::new(),
            trace: opts.trace,
            show_boards: opts.show_boards,
            clock_mode: opts.clock,
            back_at: Vec::new(),
            delays: crate::engine::GameRng::from_seed(seed ^ 0xc10c_4a7e),
            tick_phase: (seed % 30) as i64,
            started: 0,
            checked: Vec::new(),
        };
        sim.play(&opts.orders).await;
        total.add(&sim.report);
    }
    total
}

impl Sim {
    async fn play(&mut self, orders: &[String]) {
        if !orders.is_empty() {
            for p in self.people.clone() {
                let settings = Command::Settings {
                    hold_priority: None,
                    reminders: None,
                    turn_dm: None,
                    auto_pass: None,
                    orders: Some(orders.join(",")),
                    stops: None,
                    board: None,
                    server_board: None,
                    manager: false,
                };
                self.send(p, RequestKind::Slash(settings)).await;
            }
        }
        let opponent = match self.computer {
            Some(_) => UserRef::computer(crate::table::COMPUTER),
            None => user(self.people[1]),
        };
        let mut seating = crate::table::Seating {
            level: self.computer.map(|l| l.key().to_owned()),
            mode: self.mode.clone(),
            ..Default::default()
        };
        let mut further = self.people.iter().skip(2).map(|p| user(p));
        if crate::table::has_teams(self.mode.as_deref()) {
            seating.partner = further.next();
        }
        seating.others = further.collect();
        let challenge = Command::Challenge {
            opponent,
            game: self.game.key().to_owned(),
            deck: None,
            deadline_hours: None,
            variant: None,
            seating: Box::new(seating),
        };
        self.send(self.people[0], RequestKind::Slash(challenge)).await;
        if self.computer.is_none() {
            // Everyone invited accepts, each with the first deck offered.
            for p in self.people.clone().into_iter().skip(1) {
                if !self.accept(p).await {
                    return;
                }
            }
        }
        self.report.private = 0;
        let seats = match self.match_id {
            Some(id) => self.table.store().load_match_with_seats(id).await.ok().map(|(_, seats)| seats),
            None => None,
        };
        let Some(seats) = seats else {
            // The challenge was refused or never accepted: nothing was played.
            self.report.stuck += 1;
            return;
        };
        self.seat_users = seats.into_iter().map(|s| s.user_id).collect();
        self.play_on().await;
    }

    /// `who` accepts the challenge and picks the first deck offered;
    /// `false` when there was no challenge to accept.
    async fn accept(&mut self, who: &'static str) -> bool {
        let accept = self.seen.iter().flat_map(|m| &m.components).find_map(|c| {
            match CustomId::decode(c.custom_id()) {
                Some(id @ CustomId::Accept { .. }) => Some(id.encode()),
                _ => None,
            }
        });
        let Some(accept) = accept else { return false };
        self.send(who, RequestKind::Click { custom_id: accept }).await;
        // The deck menu: the first deck offered.
        let deck = self
            .seen
            .iter()
            .rev()
            .filter(|m| m.to.as_deref().is_none_or(|t| t == who))
            .flat_map(|m| &m.components)
            .find_map(|c| match c {
                Component::Select { custom_id, options, .. }
                    if matches!(CustomId::decode(custom_id), Some(CustomId::Deck { .. })) =>
                {
                    options.first().map(|o| (custom_id.clone(), o.value.clone()))
                }
                _ => None,
            });
        if let Some((custom_id, value)) = deck {
            self.send(who, RequestKind::Select { custom_id, value }).await;
        }
        true
    }

    /// Plays the started match to its end (or calls it stuck).
    async fn play_on(&mut self) {
        self.started = self.clock.now();
        for _ in 0..MAX_REQUESTS {
            let Some(state) = self.state().await else { return };
            if state.outcome().is_some() {
                self.report.turns = self.last_turn;
                self.end_turn();
                self.report.games += 1;
                let took = self.clock.now() - self.started;
                if self.trace {
                    eprintln!("match over after {:.1} h", took as f64 / 3600.0);
                }
                self.report.match_seconds.push(took);
                return;
            }
            if let Some((number, _)) = turn_of(&state) {
                self.last_turn = u64::from(number);
            }
            let Some(id) = self.match_id else { return };
            let Ok((row, seats)) = self.table.store().load_match_with_seats(id).await else { return };
            // A pass made in a quiet window is held until its masking
            // delay ends: that player waits for the ticker too.
            let held =
                |s: Seat| seats.iter().any(|r| r.seat == i64::from(s.0) && r.held_pass == Some(row.version));
            let held = |s: Seat| row.pass_at.is_some() && held(s);
            let Some(seat) = state.to_act().into_iter().find(|s| !held(*s)) else {
                let Some(at) = row.pass_at else { break };
                let at = match self.clock_mode {
                    ChatClock::Discord => self.tick_at_or_after(at),
                    ChatClock::Instant => at,
                };
                if !self.run_tick(at).await {
                    break;
                }
                continue;
            };
            let Some(who) = self.seat_user(seat).map(str::to_owned) else { return };
            if self.computer.is_some() && who != self.people[0] {
                // Only when its run was cut short: let it go on.
                let Some(id) = self.match_id else { return };
                let moves = self.table.play_ai(id).await.unwrap_or_default();
                if moves.is_empty() && self.state().await.is_some_and(|s| s.to_act().first() == Some(&seat)) {
                    break;
                }
                self.deliver(moves, "cardtable").await;
                continue;
            }
            let went_on = match self.clock_mode {
                ChatClock::Discord => {
                    let people: Vec<String> = state
                        .to_act()
                        .into_iter()
                        .filter(|s| !held(*s))
                        .filter_map(|s| self.seat_user(s).map(str::to_owned))
                        .collect();
                    self.discord_step(&people, &row).await
                }
                ChatClock::Instant => {
                    if let Some((_, at)) = self.masked_seat(&state).await {
                        if self.run_tick(at).await {
                            continue;
                        }
                    }
                    self.decide(&who).await
                }
            };
            if !went_on {
                break;
            }
        }
        self.report.stuck += 1;
    }
}
