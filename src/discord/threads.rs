//! Moderators' locks on match threads (issue 54). The bot never reopens
//! or leaves a thread a moderator locked: it reads the thread's `locked`
//! flag from Discord's thread-update events and from the channel it looks
//! up before reopening an archived thread, and pauses the match instead
//! ([`Table::thread_locked`]), its players told once, in the channel the
//! match was started in.

use serenity::all::{Channel, ChannelId, FullEvent, GuildChannel, Http};
use tracing::{debug, info, warn};

use super::outbox::{deliver, with_retry, Repeat};
use crate::table::Table;

/// Whether Discord says `channel`, a thread, is locked: `None` when it
/// did not answer (or it is no thread), so the caller neither reopens
/// nor moves anything on a guess.
pub(crate) async fn is_locked(http: &Http, channel: ChannelId) -> Option<bool> {
    match with_retry(Repeat::Safe, || channel.to_channel(http)).await {
        Ok(Channel::Guild(c)) => c.thread_metadata.map(|m| m.locked),
        Ok(_) => None,
        Err(e) => {
            debug!(%channel, "could not look the thread up ({e})");
            None
        }
    }
}

/// A thread changed (Discord's `THREAD_UPDATE`): locked by a moderator,
/// its match (if it holds an active one) pauses and the players are told.
pub async fn on_thread_update(http: &Http, table: &Table, thread: &GuildChannel) {
    if !thread.thread_metadata.is_some_and(|m| m.locked) {
        return;
    }
    let id = thread.id.get().to_string();
    match table.thread_locked(&id).await {
        Ok(Some(paused)) => {
            info!(match_id = paused.match_id, thread = %id, "a moderator locked the match thread; paused");
            if let Err(e) = deliver(http, table, None, paused.notice).await {
                warn!(match_id = paused.match_id, "could not tell the players of the pause: {e}");
            }
        }
        Ok(None) => {}
        Err(e) => warn!(thread = %id, "could not pause the match of a locked thread: {e}"),
    }
}

/// The gateway's events: a thread update is read as above.
pub async fn on_event(http: &Http, event: &FullEvent, table: &Table) {
    if let FullEvent::ThreadUpdate { new, .. } = event {
        on_thread_update(http, table, new).await;
    }
}
