//! Carries out the table's [`Outgoing`] effects on Discord, in order.
//!
//! This is the whole of what the Discord front end decides: how to post,
//! where a thread goes, how to ping, and what to do when Discord refuses.
//! What to say is the table's.
//!
//! Nothing is left half done: a challenge whose post fails is withdrawn; a
//! match whose thread cannot be opened waits for the ticker (or its next
//! post) to open it; a match whose thread a moderator locked or deleted, or
//! whose channel is gone for good, is paused and its players told (see
//! `table::paused`); one whose archived thread cannot be reopened moves to
//! a new one; a notice that fails is retried by the ticker; a direct message
//! that cannot be delivered becomes a ping in the match thread. Failures
//! Discord may recover from are retried here first: a 429 always (Discord
//! did nothing), a 5xx or a timeout only for requests that are safe to
//! repeat (look-ups and edits), since a post or thread whose answer was
//! lost may have been made, and a second one would duplicate it.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use anyhow::anyhow;
use serenity::all::{
    AutoArchiveDuration, Channel, ChannelFlags, ChannelId, ChannelType, CreateForumPost, CreateThread,
    EditThread, ForumTagId, GuildChannel, Http, MessageId,
};
use tracing::{debug, info, warn};

use super::error::{discord_error_code, problem_of, DeliveryError, Doing, Problem};
use super::interaction::{Reply, Shown};
use super::{render, threads, Error};
use crate::table::{MatchThread, Message, Outgoing, Paused, Request, Table, Target, UserError, UserId};
use crate::view::unescape_markdown;

/// Discord's JSON error codes this module reacts to.
const UNKNOWN_CHANNEL: isize = 10003;
const UNKNOWN_MESSAGE: isize = 10008;
const MISSING_ACCESS: isize = 50001;
const THREAD_ARCHIVED: isize = 50083;
const THREAD_LOCKED: isize = 160005;

/// Forum and media channels take posts, not messages: a match there is a
/// new post. (serenity 0.12 has no name for media channels, type 16.)
const MEDIA_CHANNEL: u8 = 16;

/// How failures Discord may recover from (429 always; 5xx and timeouts
/// when the request is safe to repeat) are retried within one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retry {
    /// Tries in all (1: no retry).
    pub attempts: u32,
    /// The wait before the second try; each further wait is one more of it.
    pub backoff: Duration,
}

impl Default for Retry {
    fn default() -> Self {
        Retry { attempts: 3, backoff: Duration::from_millis(1500) }
    }
}

static RETRY: RwLock<Retry> = RwLock::new(Retry { attempts: 3, backoff: Duration::from_millis(1500) });

/// Sets how every later Discord call is retried (the bot from its
/// settings, tests with short waits).
pub fn set_retry(retry: Retry) {
    *RETRY.write().unwrap_or_else(PoisonError::into_inner) = retry;
}

fn retry_policy() -> Retry {
    *RETRY.read().unwrap_or_else(PoisonError::into_inner)
}

/// How long after an interaction its replies are still edited: Discord
/// allows 15 minutes; a minute is kept in hand.
const HAND_EDITABLE: Duration = Duration::from_secs(14 * 60);

/// The private replies of this process that show a player's hand, by
/// player and match, with when they were shown (see
/// [`Outgoing::RefreshHand`]).
type LiveHands = HashMap<(String, i64), (Shown, Instant)>;

static LIVE_HANDS: Mutex<Option<LiveHands>> = Mutex::new(None);

fn live_hands() -> std::sync::MutexGuard<'static, Option<LiveHands>> {
    LIVE_HANDS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Remembers that `to`'s hand in `match_id` was shown as `shown` (and
/// forgets replies too old to edit).
fn remember_hand(to: &UserId, match_id: i64, shown: Shown) {
    let mut hands = live_hands();
    let hands = hands.get_or_insert_with(HashMap::new);
    hands.retain(|_, (_, at)| at.elapsed() < HAND_EDITABLE);
    hands.insert((to.as_str().to_owned(), match_id), (shown, Instant::now()));
}

/// `to`'s hand reply in `match_id` if it can still be edited.
fn live_hand(to: &UserId, match_id: i64) -> Option<Shown> {
    let hands = live_hands();
    let (shown, at) = hands.as_ref()?.get(&(to.as_str().to_owned(), match_id))?;
    (at.elapsed() < HAND_EDITABLE).then(|| shown.clone())
}

fn forget_hand(to: &UserId, match_id: i64) {
    if let Some(hands) = live_hands().as_mut() {
        hands.remove(&(to.as_str().to_owned(), match_id));
    }
}

/// Hands `request` to the table and carries out the answer; a refusal or a
/// failure is shown to the person. Whatever happens, the person gets an answer.
pub async fn answer(http: &Http, table: &Table, reply: &mut Reply<'_>, request: Request) {
    let mut boards = Vec::new();
    let result = match table.handle(request).await {
        Ok(effects) => {
            boards = crate::table::boards_in(&effects);
            deliver(http, table, Some(reply), effects).await
        }
        Err(e) => Err(Error::from(e)),
    };
    // A missed announcement leaves the boards posted: the computer follows them.
    let delivered = carried_out(&result);
    conclude(http, reply, result).await;
    if delivered {
        play_computer(http, table, &boards).await;
    }
}

/// Whether [`deliver`] went through its whole batch: it succeeded, or only
/// an announcement failed (the batch goes on without one, see
/// [`Batch::missed`]). Any other failure stopped it, perhaps before a board.
fn carried_out(result: &Result<(), Error>) -> bool {
    match result {
        Ok(()) => true,
        Err(e) => e.downcast_ref::<DeliveryError>().is_some_and(|d| d.doing == Doing::Announcement),
    }
}

/// The computer's moves in `matches` (those whose boards were just
/// delivered, so its move follows them), carried out.
pub async fn play_computer(http: &Http, table: &Table, matches: &[i64]) {
    if matches.is_empty() {
        return;
    }
    let moves = table.play_ai_in(matches).await;
    if let Err(e) = deliver(http, table, None, moves).await {
        warn!(?matches, "could not post the computer's moves: {e:#}");
    }
}

/// Ends an exchange: shows a failure to the person (in plain words when it
/// is theirs to fix, else as an apology with the error id that is in the
/// log), and removes a "thinking…" that nothing replaced.
pub async fn conclude(http: &Http, reply: &mut Reply<'_>, result: Result<(), Error>) {
    let context = reply.describe();
    if let Err(e) = result {
        let text = super::error::reply_text(&e, &context);
        if let Err(e) = reply.private(http, &Message::text(text)).await {
            warn!(context, "could not show an error to the person: {e}");
        }
    }
    if let Err(e) = reply.finish(http).await {
        debug!(context, "could not remove the deferred reply: {e}");
    }
}

/// One batch being carried out: the threads it opened, and the first
/// notice that could not be posted (the batch goes on without it).
#[derive(Default)]
struct Batch {
    /// Threads opened or found for matches, by match.
    match_threads: HashMap<i64, ChannelId>,
    /// Threads this batch opened, with the name the table gave them.
    opened: Vec<(String, ChannelId)>,
    /// Matches already moved out of a lost thread in this batch.
    moved: HashSet<i64>,
    /// The first announcement that failed.
    missed: Option<Error>,
    /// Matches whose thread could not be opened in this batch, or that were
    /// paused in it: what is aimed there waits (for the ticker, which opens
    /// it with the board, or for a player to resume it).
    unopened: HashSet<i64>,
    /// What the person is told of the first match paused in this batch.
    paused: Option<Error>,
    /// The first thread that could not be opened.
    thread_failed: Option<Error>,
}

/// Carries out `effects` in order (and those the table adds when told a
/// thread exists). Private messages go to `reply`; without one (the ticker)
/// they cannot be delivered and are logged.
///
/// Removing components is best effort (a deleted message); a direct
/// message that fails becomes its fallback; an announcement that fails is
/// reported at the end; any other failure stops the batch, after leaving
/// a state the next action or ticker pass repairs.
pub async fn deliver(
    http: &Http,
    table: &Table,
    mut reply: Option<&mut Reply<'_>>,
    effects: Vec<Outgoing>,
) -> Result<(), Error> {
    let mut queue: VecDeque<Outgoing> = effects.into();
    let mut batch = Batch::default();
    while let Some(effect) = queue.pop_front() {
        if let Some(match_id) = aimed_at(&effect).filter(|id| batch.unopened.contains(id)) {
            debug!(match_id, "the match's thread could not be opened; its post waits for the ticker");
            continue;
        }
        // The picture it asks for, drawn or dropped: the table's call.
        let effect = table.dress(effect).await;
        match effect {
            Outgoing::Post { target, message, mentions, key } => {
                let doing = match (&key, &target) {
                    (Some(crate::table::PostKey::Challenge(_)), _) => Doing::Challenge,
                    (Some(crate::table::PostKey::Board { .. }), _) => Doing::Board,
                    // A note (a challenge answered, a reminder): the batch goes on without it.
                    (None, Target::Channel(_) | Target::Thread(_)) => Doing::Announcement,
                    (None, Target::MatchThread(_)) => Doing::Notice,
                };
                let Some(channel) = resolve(http, table, &target, &mut batch, &mut queue).await? else {
                    continue;
                };
                let message = batch.link_threads(message);
                let builder = render::to_post(&message, &mentions);
                let in_thread = !matches!(target, Target::Channel(_));
                let sent = unarchiving(http, channel, Repeat::Creates, || {
                    channel.send_message(http, builder.clone())
                })
                .await;
                match sent {
                    Ok(posted) => {
                        if let Some(key) = key {
                            // The table answers with the superseded board to strip.
                            let more = table.posted(key, posted.id.get().to_string()).await?;
                            for effect in more.into_iter().rev() {
                                queue.push_front(effect);
                            }
                        }
                    }
                    Err(e) => {
                        match move_if_lost(http, table, channel, &e, &mut batch, &mut queue).await? {
                            Some(Lost::Moved(target, opening)) => {
                                // Into the match's new thread, after its opening (which has the board).
                                if doing != Doing::Board {
                                    queue.push_front(Outgoing::Post { target, message, mentions, key });
                                }
                                for effect in opening.into_iter().rev() {
                                    queue.push_front(effect);
                                }
                                continue;
                            }
                            Some(Lost::Paused) => continue,
                            None => {}
                        }
                        let failed = DeliveryError { doing, in_thread, source: e };
                        if let Some(crate::table::PostKey::Challenge(id)) = key {
                            table.challenge_not_posted(id).await?;
                        }
                        if doing == Doing::Announcement {
                            warn!(%channel, "could not post a notice: {failed}");
                            batch.missed.get_or_insert(failed.into());
                            continue;
                        }
                        return Err(failed.into());
                    }
                }
            }
            Outgoing::Edit { target, message_ref, message, key } => {
                let Some(channel) = resolve(http, table, &target, &mut batch, &mut queue).await? else {
                    continue;
                };
                let Ok(id) = message_ref.parse::<u64>().map(MessageId::new) else {
                    warn!(message_ref, "cannot edit: not a Discord message id; posting instead");
                    queue.push_front(Outgoing::Post { target, message, mentions: vec![], key });
                    continue;
                };
                let edit = render::to_edit(&message);
                match unarchiving(http, channel, Repeat::Safe, || {
                    channel.edit_message(http, id, edit.clone())
                })
                .await
                {
                    Ok(_) => {
                        if let Some(key) = key {
                            let more = table.posted(key, message_ref).await?;
                            for effect in more.into_iter().rev() {
                                queue.push_front(effect);
                            }
                        }
                    }
                    Err(e) => match move_if_lost(http, table, channel, &e, &mut batch, &mut queue).await? {
                        // The new thread opens with the board.
                        Some(Lost::Moved(_, opening)) => {
                            for effect in opening.into_iter().rev() {
                                queue.push_front(effect);
                            }
                        }
                        Some(Lost::Paused) => {}
                        None => {
                            // A deleted (or uneditable) board: post it anew.
                            debug!(%channel, %id, "could not edit the board ({e}); posting it anew");
                            queue.push_front(Outgoing::Post { target, message, mentions: vec![], key });
                        }
                    },
                }
            }
            Outgoing::CreateThread { parent_channel, name, match_id } => {
                // A thread that cannot open does not stop the rest (the
                // accepted note in the channel): the match is saved.
                match open_match_thread(http, table, &mut batch, &mut queue, match_id, &parent_channel, name)
                    .await
                {
                    Ok(None) => {}
                    Ok(Some((_, more))) => {
                        for effect in more.into_iter().rev() {
                            queue.push_front(effect);
                        }
                    }
                    Err(e)
                        if e.downcast_ref::<DeliveryError>()
                            .is_some_and(|d| d.doing == Doing::OpenThread) =>
                    {
                        batch.unopened.insert(match_id);
                        batch.thread_failed.get_or_insert(e);
                    }
                    Err(e) => return Err(e),
                }
            }
            Outgoing::Ephemeral { to, message } | Outgoing::Replace { to, message } => {
                match reply.as_deref_mut() {
                    Some(reply) if reply.user().id == to => {
                        let message = match batch.opened.first() {
                            // Private answers cannot be shown in the new thread: say where the match is.
                            Some((_, thread)) => Message::text(format!(
                                "The match is on in <#{thread}>: your hand and choices are behind \
                                 *My hand* on the board there."
                            )),
                            None => message,
                        };
                        let shown = reply.show(http, &message).await.map_err(|source| DeliveryError {
                            doing: Doing::Reply,
                            in_thread: false,
                            source,
                        })?;
                        if let Some(match_id) = message.match_of() {
                            remember_hand(&to, match_id, shown);
                        }
                    }
                    _ => {
                        warn!(to = %to, "dropping a private message with no interaction of theirs to carry it")
                    }
                }
            }
            Outgoing::File { to, message, file_name, contents } => match reply.as_deref_mut() {
                Some(reply) if reply.user().id == to => {
                    let file = serenity::all::CreateAttachment::bytes(contents.into_bytes(), file_name);
                    reply.private_file(http, &message, file).await.map_err(|source| DeliveryError {
                        doing: Doing::Reply,
                        in_thread: false,
                        source,
                    })?;
                }
                _ => warn!(to = %to, "dropping a private file with no interaction of theirs to carry it"),
            },
            Outgoing::RefreshHand { to, match_id, message } => {
                // Best effort: the player opens their hand again if this fails.
                let Some(shown) = live_hand(&to, match_id) else {
                    debug!(to = %to, match_id, "no live hand reply to refresh");
                    continue;
                };
                if let Err(e) = with_retry(Repeat::Safe, || shown.edit(http, &message)).await {
                    debug!(to = %to, match_id, "could not refresh the hand: {e}");
                    forget_hand(&to, match_id);
                }
            }
            Outgoing::StripComponents { target, message_ref } => {
                // Never open a thread just to strip a message in it.
                let known = match &target {
                    Target::MatchThread(id) => batch.match_threads.get(id).copied(),
                    Target::Channel(id) | Target::Thread(id) => channel_id(id).ok(),
                };
                let Some(channel) = known else {
                    debug!(message_ref, "cannot remove components: no such channel or thread yet");
                    continue;
                };
                let Ok(message) = message_ref.parse::<u64>().map(MessageId::new) else {
                    warn!(message_ref, "cannot remove components: not a Discord message id");
                    continue;
                };
                let edit = render::to_stripped();
                let result = unarchiving(http, channel, Repeat::Safe, || {
                    channel.edit_message(http, message, edit.clone())
                })
                .await;
                match result {
                    Ok(_) => {}
                    Err(e) if discord_error_code(&e) == Some(UNKNOWN_MESSAGE) => {
                        debug!(%channel, %message, "the old message is gone; nothing to strip");
                    }
                    Err(e) => warn!(%channel, %message, "could not remove old components: {e}"),
                }
            }
            Outgoing::DirectMessage { to, message, fallback } => {
                let sent = match to.as_str().parse::<u64>().map(serenity::all::UserId::new) {
                    Ok(user) => match with_retry(Repeat::Safe, || user.create_dm_channel(http)).await {
                        Ok(dm) => {
                            let create = render::to_direct_message(&message);
                            with_retry(Repeat::Creates, || dm.id.send_message(http, create.clone())).await
                        }
                        Err(e) => Err(e),
                    },
                    Err(_) => Err(serenity::Error::Other("not a Discord user id")),
                };
                if let Err(e) = sent {
                    info!(to = %to, "direct message not delivered ({e}); pinging in the thread instead");
                    if let Some(fallback) = fallback {
                        queue.push_front(*fallback);
                    }
                }
            }
        }
    }
    match batch.thread_failed.or(batch.paused).or(batch.missed) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The match whose thread `effect` is aimed at, if it is.
fn aimed_at(effect: &Outgoing) -> Option<i64> {
    match effect {
        Outgoing::Post { target: Target::MatchThread(id), .. }
        | Outgoing::Edit { target: Target::MatchThread(id), .. } => Some(*id),
        _ => None,
    }
}

impl Batch {
    /// `message` with each quoted name of a thread this batch opened
    /// turned into a link to it.
    fn link_threads(&self, mut message: Message) -> Message {
        for (name, thread) in &self.opened {
            message.content = message.content.replace(&format!("\"{name}\""), &format!("<#{thread}>"));
        }
        message
    }
}

/// What became of a match whose thread Discord says is lost.
enum Lost {
    /// It moves: its new thread to be, and what opens it.
    Moved(Target, Vec<Outgoing>),
    /// It is paused, and its players are being told.
    Paused,
}

/// When `err` says `channel` (a thread) held a match and is lost: locked
/// or deleted (a moderator's doing), the match pauses and its players are
/// told; archived beyond reopening, the match leaves it: returns its new
/// thread to be and what opens it (a note of the move and the board; the
/// failed post, unless it was a board, is aimed there too). Once per match
/// and batch.
async fn move_if_lost(
    http: &Http,
    table: &Table,
    channel: ChannelId,
    err: &serenity::Error,
    batch: &mut Batch,
    queue: &mut VecDeque<Outgoing>,
) -> Result<Option<Lost>, Error> {
    let thread = channel.get().to_string();
    let paused = match discord_error_code(err) {
        Some(THREAD_LOCKED) => table.thread_locked(&thread).await?,
        Some(UNKNOWN_CHANNEL) => table.thread_deleted(&thread).await?,
        Some(THREAD_ARCHIVED) => match threads::is_locked(http, channel).await {
            // Archived and locked by a moderator: the match pauses there,
            // as for a locked thread, and never moves to a new one.
            Some(true) => table.thread_locked(&thread).await?,
            // Discord did not say: nothing moves on a guess (the failure
            // is reported, and the next post or ticker pass tries again).
            None => return Ok(None),
            Some(false) => {
                let Some((match_id, opening)) = table.thread_lost(&thread).await? else { return Ok(None) };
                if !batch.moved.insert(match_id) {
                    return Ok(None);
                }
                batch.match_threads.remove(&match_id);
                return Ok(Some(Lost::Moved(Target::MatchThread(match_id), opening)));
            }
        },
        _ => return Ok(None),
    };
    Ok(paused.map(|paused| {
        batch.pause(paused, queue);
        Lost::Paused
    }))
}

impl Batch {
    /// A match was paused: its notices go next, nothing else is posted for
    /// it in this batch, and the person is told why.
    fn pause(&mut self, paused: Paused, queue: &mut VecDeque<Outgoing>) {
        self.match_threads.remove(&paused.match_id);
        self.unopened.insert(paused.match_id);
        for effect in paused.notice.into_iter().rev() {
            queue.push_front(effect);
        }
        self.paused.get_or_insert(UserError::new(paused.told).into());
    }
}

/// Opens a match thread under `parent`: a public thread in a text channel,
/// an announcement thread in an announcement channel, a new post in a
/// forum or media channel.
async fn open_thread(http: &Http, parent: ChannelId, name: &str) -> serenity::Result<ChannelId> {
    let name = render::thread_name(name);
    // Unknown (the lookup failed): try as a text channel; Discord's answer says the rest.
    let (kind, tag) = match with_retry(Repeat::Safe, || parent.to_channel(http)).await {
        Ok(Channel::Guild(channel)) => (Some(channel.kind), required_tag(&channel)),
        Ok(_) => (None, None),
        Err(e) => {
            debug!(%parent, "could not look the channel up ({e}); opening a thread as in a text channel");
            (None, None)
        }
    };
    let thread = match kind {
        Some(ChannelType::Forum) | Some(ChannelType::Unknown(MEDIA_CHANNEL)) => {
            let starter = render::to_forum_starter(&name);
            let mut post = CreateForumPost::new(unescape_markdown(&name), starter)
                .auto_archive_duration(AutoArchiveDuration::OneWeek);
            if let Some(tag) = tag {
                post = post.add_applied_tag(tag);
            }
            with_retry(Repeat::Creates, || parent.create_forum_post(http, post.clone())).await?
        }
        _ => {
            let thread_kind = if kind == Some(ChannelType::News) {
                ChannelType::NewsThread
            } else {
                ChannelType::PublicThread
            };
            let builder = CreateThread::new(unescape_markdown(&name))
                .kind(thread_kind)
                .auto_archive_duration(AutoArchiveDuration::OneWeek);
            with_retry(Repeat::Creates, || parent.create_thread(http, builder.clone())).await?
        }
    };
    Ok(thread.id)
}

/// The tag a new post in `forum` must carry, when the forum requires one
/// (Discord refuses an untagged post with 40067): the first tag anyone may
/// apply, else the first tag at all (moderated: it works when the bot may
/// manage threads, and otherwise Discord's refusal is explained).
fn required_tag(forum: &GuildChannel) -> Option<ForumTagId> {
    if !forum.flags.contains(ChannelFlags::REQUIRE_TAG) {
        return None;
    }
    let tags = &forum.available_tags;
    tags.iter().find(|t| !t.moderated).or_else(|| tags.first()).map(|t| t.id)
}

/// Whether a request may be sent again when its answer was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Repeat {
    /// A look-up or an edit: sending it twice does what sending it once does.
    Safe,
    /// It makes something (a message, a thread, a forum post): a timeout or
    /// a 5xx may come after Discord made it, so only a 429 is retried.
    Creates,
}

/// Runs `op`, again after a wait when Discord may recover and repeating
/// is safe (see [`Repeat`]), as [`set_retry`] says.
pub(crate) async fn with_retry<T, F, Fut>(repeat: Repeat, op: F) -> serenity::Result<T>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = serenity::Result<T>>,
{
    let policy = retry_policy();
    let mut attempt = 1;
    loop {
        match op().await {
            Err(e) if attempt < policy.attempts && retryable(&e, repeat) => {
                debug!(attempt, "Discord call failed ({e}); retrying");
                tokio::time::sleep(policy.backoff * attempt).await;
                attempt += 1;
            }
            other => return other,
        }
    }
}

/// Whether `err` is worth another try of a request that `repeat`s so: a
/// 429 (Discord refused before doing anything) always; a 5xx or a timeout
/// (it may have been done) only when doing it twice is harmless.
fn retryable(err: &serenity::Error, repeat: Repeat) -> bool {
    match problem_of(err) {
        Some(Problem::RateLimited) => true,
        Some(Problem::Unavailable) => repeat == Repeat::Safe,
        _ => false,
    }
}

/// Runs `op` against `channel` (with retries as `repeat` allows); when the
/// channel is an archived thread, un-archives it and runs `op` once more
/// (a turn ping must get through; Discord refused the first, so nothing is
/// made twice).
async fn unarchiving<T, F, Fut>(http: &Http, channel: ChannelId, repeat: Repeat, op: F) -> serenity::Result<T>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = serenity::Result<T>>,
{
    match with_retry(repeat, &op).await {
        Err(e) if discord_error_code(&e) == Some(THREAD_ARCHIVED) => {
            // A moderator's lock is never undone: a locked thread (or one
            // whose lock Discord did not tell) stays archived, and the
            // caller pauses its match (`move_if_lost`).
            if threads::is_locked(http, channel).await != Some(false) {
                info!(%channel, "the archived thread is locked, or its lock unknown: not reopened");
                return Err(e);
            }
            debug!(%channel, "un-archiving the thread");
            match with_retry(Repeat::Safe, || channel.edit_thread(http, EditThread::new().archived(false)))
                .await
            {
                Ok(_) => with_retry(repeat, &op).await,
                // No definite answer (a 5xx, a timeout, a 429): the thread
                // may be healthy, so report that failure, which moves nothing.
                Err(reopen) if !matches!(problem_of(&reopen), Some(Problem::Code(_))) => {
                    debug!(%channel, "could not un-archive, Discord did not answer ({reopen})");
                    Err(reopen)
                }
                // A definite refusal (locked, no permission): report the archive.
                Err(reopen) => {
                    debug!(%channel, "could not un-archive ({reopen})");
                    Err(e)
                }
            }
        }
        other => other,
    }
}

/// The channel a target names; a match thread this batch did not open is
/// looked up, or opened now when the match has none (its opening failed
/// before, or it was lost). What the table adds once the thread is open
/// goes to the front of `queue`.
async fn resolve(
    http: &Http,
    table: &Table,
    target: &Target,
    batch: &mut Batch,
    queue: &mut VecDeque<Outgoing>,
) -> Result<Option<ChannelId>, Error> {
    let match_id = match target {
        Target::Channel(id) | Target::Thread(id) => return channel_id(id).map(Some),
        Target::MatchThread(match_id) => *match_id,
    };
    if let Some(thread) = batch.match_threads.get(&match_id) {
        return Ok(Some(*thread));
    }
    match table.thread_of(match_id).await? {
        MatchThread::Open(thread) => {
            let thread = channel_id(&thread)?;
            batch.match_threads.insert(match_id, thread);
            Ok(Some(thread))
        }
        MatchThread::ToOpen { parent_channel, name } => {
            let Some((thread, more)) =
                open_match_thread(http, table, batch, queue, match_id, &parent_channel, name).await?
            else {
                return Ok(None);
            };
            for effect in more.into_iter().rev() {
                queue.push_front(effect);
            }
            Ok(Some(thread))
        }
        MatchThread::Paused => {
            debug!(match_id, "the match is paused; nothing is posted for it");
            batch.unopened.insert(match_id);
            Ok(None)
        }
    }
}

/// Opens the thread of `match_id` under `parent_channel` and records it,
/// in the table and in `batch` (so later posts of the batch go there and
/// name it as a link). Returns it with what the table adds now that it is
/// open. A failure is recorded so the ticker opens it after a backoff;
/// a channel gone for good (unknown, or no access) pauses the match
/// instead, its players told (`None`).
async fn open_match_thread(
    http: &Http,
    table: &Table,
    batch: &mut Batch,
    queue: &mut VecDeque<Outgoing>,
    match_id: i64,
    parent_channel: &str,
    name: String,
) -> Result<Option<(ChannelId, Vec<Outgoing>)>, Error> {
    let parent = channel_id(parent_channel)?;
    table.opening_thread(match_id).await?;
    let thread = match open_thread(http, parent, &name).await {
        Ok(thread) => thread,
        Err(e) if matches!(discord_error_code(&e), Some(UNKNOWN_CHANNEL | MISSING_ACCESS)) => {
            warn!(match_id, %parent, "the match's channel is gone ({e}); pausing the match");
            batch.pause(table.channel_gone(match_id).await?, queue);
            return Ok(None);
        }
        Err(e) => {
            let retry_at = table.thread_failed(match_id, table.now()).await?;
            warn!(match_id, %parent, retry_at, "could not open the match thread: {e}");
            return Err(DeliveryError { doing: Doing::OpenThread, in_thread: false, source: e }.into());
        }
    };
    info!(match_id, %thread, "opened the match's thread");
    let more = table.thread_created(match_id, thread.get().to_string()).await?;
    batch.match_threads.insert(match_id, thread);
    batch.opened.push((name, thread));
    Ok(Some((thread, more)))
}

fn channel_id(id: &str) -> Result<ChannelId, Error> {
    id.parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .map(ChannelId::new)
        .ok_or_else(|| anyhow!("\"{id}\" is not a Discord channel id"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(doing: Doing) -> Result<(), Error> {
        Err(DeliveryError { doing, in_thread: false, source: serenity::Error::Other("refused") }.into())
    }

    #[test]
    fn a_missed_announcement_still_lets_the_computer_follow_the_boards() {
        assert!(carried_out(&Ok(())));
        assert!(carried_out(&failed(Doing::Announcement)), "the batch went on past the announcement");
    }

    #[test]
    fn a_failure_that_stopped_the_batch_keeps_the_computer_waiting() {
        for doing in
            [Doing::Board, Doing::OpenThread, Doing::Notice, Doing::Reply, Doing::Challenge, Doing::Other]
        {
            assert!(!carried_out(&failed(doing)), "{doing:?}");
        }
        assert!(!carried_out(&Err(anyhow!("not a Discord channel id"))));
    }
}
