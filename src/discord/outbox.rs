//! Carries out the table's [`Outgoing`] effects on Discord, in order.
//!
//! This is the whole of what the Discord front end decides: how to post,
//! where a thread goes, how to ping. What to say is the table's.

use std::collections::{HashMap, VecDeque};

use anyhow::{anyhow, Context as _};
use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateThread, EditMessage, EditThread, Http, MessageId,
};
use tracing::{debug, info, warn};

use super::error::discord_error_code;
use super::interaction::Reply;
use super::{render, Error};
use crate::table::{Message, Outgoing, Request, Table, Target};

/// Discord's JSON error codes this module reacts to.
const UNKNOWN_MESSAGE: isize = 10008;
const CANNOT_DM_USER: isize = 50007;
const THREAD_ARCHIVED: isize = 50083;

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
    let delivered = result.is_ok();
    conclude(http, reply, result).await;
    if delivered {
        play_computer(http, table, &boards).await;
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

/// Carries out `effects` in order (and those the table adds when told a
/// thread exists). Private messages go to `reply`; without one (the ticker)
/// they cannot be delivered and are logged.
///
/// Removing components and direct messages are best effort (a deleted
/// message, closed DMs); a failed post or thread stops the batch.
pub async fn deliver(
    http: &Http,
    table: &Table,
    mut reply: Option<&mut Reply<'_>>,
    effects: Vec<Outgoing>,
) -> Result<(), Error> {
    let mut queue: VecDeque<Outgoing> = effects.into();
    let mut match_threads: HashMap<i64, ChannelId> = HashMap::new();
    while let Some(effect) = queue.pop_front() {
        match effect {
            Outgoing::Post { target, message, mentions, key } => {
                let channel = resolve(&target, &match_threads)?;
                let builder = render::to_post(&message, &mentions);
                let posted = unarchiving(http, channel, || channel.send_message(http, builder.clone()))
                    .await
                    .with_context(|| format!("posting in channel {channel}"))?;
                if let Some(key) = key {
                    // The table answers with the superseded board to strip.
                    let more = table.posted(key, posted.id.get().to_string()).await?;
                    for effect in more.into_iter().rev() {
                        queue.push_front(effect);
                    }
                }
            }
            Outgoing::Edit { target, message_ref, message, key } => {
                let channel = resolve(&target, &match_threads)?;
                let Ok(id) = message_ref.parse::<u64>().map(MessageId::new) else {
                    warn!(message_ref, "cannot edit: not a Discord message id; posting instead");
                    queue.push_front(Outgoing::Post { target, message, mentions: vec![], key });
                    continue;
                };
                let edit = render::to_edit(&message);
                match unarchiving(http, channel, || channel.edit_message(http, id, edit.clone())).await {
                    Ok(_) => {
                        if let Some(key) = key {
                            let more = table.posted(key, message_ref).await?;
                            for effect in more.into_iter().rev() {
                                queue.push_front(effect);
                            }
                        }
                    }
                    Err(e) => {
                        // A deleted (or uneditable) board: post it anew.
                        debug!(%channel, %id, "could not edit the board ({e}); posting it anew");
                        queue.push_front(Outgoing::Post { target, message, mentions: vec![], key });
                    }
                }
            }
            Outgoing::CreateThread { parent_channel, name, match_id } => {
                let parent = channel_id(&parent_channel)?;
                let thread = parent
                    .create_thread(
                        http,
                        CreateThread::new(render::thread_name(&name))
                            .kind(ChannelType::PublicThread)
                            .auto_archive_duration(AutoArchiveDuration::OneWeek),
                    )
                    .await
                    .with_context(|| format!("opening a thread in channel {parent} for match {match_id}"))?;
                match_threads.insert(match_id, thread.id);
                let more = table.thread_created(match_id, thread.id.get().to_string()).await?;
                for effect in more.into_iter().rev() {
                    queue.push_front(effect);
                }
            }
            Outgoing::Ephemeral { to, message } => match reply.as_deref_mut() {
                Some(reply) if reply.user().id == to => reply.private(http, &message).await?,
                _ => warn!(to = %to, "dropping a private message with no interaction of theirs to carry it"),
            },
            Outgoing::Replace { to, message } => match reply.as_deref_mut() {
                Some(reply) if reply.user().id == to => reply.replace(http, &message).await?,
                _ => warn!(to = %to, "dropping a private answer with no interaction of theirs to carry it"),
            },
            Outgoing::StripComponents { target, message_ref } => {
                let channel = resolve(&target, &match_threads)?;
                let Ok(message) = message_ref.parse::<u64>().map(MessageId::new) else {
                    warn!(message_ref, "cannot remove components: not a Discord message id");
                    continue;
                };
                let edit = EditMessage::new().components(Vec::new());
                let result =
                    unarchiving(http, channel, || channel.edit_message(http, message, edit.clone())).await;
                match result {
                    Ok(_) => {}
                    Err(e) if discord_error_code(&e) == Some(UNKNOWN_MESSAGE) => {
                        debug!(%channel, %message, "the old message is gone; nothing to strip");
                    }
                    Err(e) => warn!(%channel, %message, "could not remove old components: {e}"),
                }
            }
            Outgoing::DirectMessage { to, text } => {
                let Ok(user) = to.as_str().parse::<u64>().map(serenity::all::UserId::new) else {
                    warn!(to = %to, "cannot send a direct message: not a Discord user id");
                    continue;
                };
                let sent = match user.create_dm_channel(http).await {
                    Ok(dm) => dm.id.send_message(http, render::to_direct_message(&text)).await.map(drop),
                    Err(e) => Err(e),
                };
                match sent {
                    Ok(()) => {}
                    Err(e) if discord_error_code(&e) == Some(CANNOT_DM_USER) => {
                        info!(%user, "direct message refused (DMs closed)");
                    }
                    Err(e) => warn!(%user, "could not send a direct message: {e}"),
                }
            }
        }
    }
    Ok(())
}

/// Runs `op` against `channel`; when the channel is an archived thread,
/// un-archives it and runs `op` once more (a turn ping must get through).
async fn unarchiving<T, F, Fut>(http: &Http, channel: ChannelId, op: F) -> serenity::Result<T>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = serenity::Result<T>>,
{
    match op().await {
        Err(e) if discord_error_code(&e) == Some(THREAD_ARCHIVED) => {
            debug!(%channel, "un-archiving the thread");
            channel.edit_thread(http, EditThread::new().archived(false)).await?;
            op().await
        }
        other => other,
    }
}

fn resolve(target: &Target, match_threads: &HashMap<i64, ChannelId>) -> Result<ChannelId, Error> {
    match target {
        Target::Channel(id) | Target::Thread(id) => channel_id(id),
        Target::MatchThread(match_id) => match_threads.get(match_id).copied().ok_or_else(|| {
            anyhow!("a post for the thread of match {match_id}, which this batch did not open")
        }),
    }
}

fn channel_id(id: &str) -> Result<ChannelId, Error> {
    id.parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .map(ChannelId::new)
        .ok_or_else(|| anyhow!("\"{id}\" is not a Discord channel id"))
}
