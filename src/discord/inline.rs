//! Inline `[[card name]]` look-ups in ordinary messages. Thin: the reading
//! of the message and the answers are the table's
//! ([`crate::lookup::inline`]); this only turns a Discord message into a
//! place and an author and posts what the table answers.
//!
//! Messages reach the bot only with the `GUILD_MESSAGES` and privileged
//! `MESSAGE_CONTENT` intents, which [`super::run`] asks for only when
//! `INLINE_LOOKUPS=true`; without them this handler never sees a message.

use std::future::Future;

use serenity::all::{Channel, ChannelType, Context, FullEvent, Http, Message};
use tracing::warn;

use super::error::apology;
use super::supervise::supervised;
use super::{outbox, Data};
use crate::lookup::inline::asked_cards;
use crate::table::{Message as Text, Outgoing, Place, Table, Target, UserRef};

/// Answers the `[[…]]` of a new message, if it has any and a person wrote
/// it (never a bot, this one included, nor a webhook).
pub async fn on_event(ctx: &Context, event: &FullEvent, data: &Data) {
    let FullEvent::Message { new_message: m } = event else { return };
    if m.author.bot || m.webhook_id.is_some() || m.author.id == ctx.cache.current_user().id {
        return;
    }
    answer(&ctx.http, &data.table, m, place_of(ctx, m)).await;
}

/// Answers the look-ups `m` asks for, written at `place` (worked out
/// only when it asks for any). A panic on the way (a bug) is logged with
/// an error id, and the channel is told, quoting it, instead of the
/// person's question going unanswered.
pub async fn answer(http: &Http, table: &Table, m: &Message, place: impl Future<Output = Place>) {
    // Most messages ask for nothing: skip the channel look-up for them.
    if asked_cards(&m.content).is_empty() {
        return;
    }
    let handled = supervised("an inline card look-up", async {
        let place = place.await;
        let author = UserRef {
            id: m.author.id.get().to_string().as_str().into(),
            name: m.author.display_name().to_owned(),
            bot: false,
        };
        match table.inline_lookups(&author, &place, &m.content).await {
            Ok(effects) => effects,
            Err(e) => {
                warn!(channel = %m.channel_id, "inline card look-up failed: {e:?}");
                Vec::new()
            }
        }
    })
    .await;
    let effects = handled.unwrap_or_else(|error_id| {
        let here = Target::Channel(m.channel_id.get().to_string());
        vec![Outgoing::Post {
            target: here,
            message: Text::text(apology(&error_id)),
            mentions: Vec::new(),
            key: None,
        }]
    });
    if let Err(e) = outbox::deliver(http, table, None, effects).await {
        // Typically no Send Messages in that channel: nothing to tell anyone.
        warn!(channel = %m.channel_id, "could not post an inline card look-up: {e:#}");
    }
}

/// Where the message was written: a thread is reported with its parent
/// channel (so the table can find the match it holds).
async fn place_of(ctx: &Context, m: &Message) -> Place {
    let guild = m.guild_id.map(|g| g.get().to_string());
    let here = m.channel_id.get().to_string();
    let channel = m.channel_id.to_channel(ctx).await.ok();
    let parent = match channel {
        Some(Channel::Guild(c))
            if matches!(
                c.kind,
                ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
            ) =>
        {
            c.parent_id
        }
        _ => None,
    };
    match parent {
        Some(parent) => Place { guild, channel: parent.get().to_string(), thread: Some(here) },
        None => Place { guild, channel: here, thread: None },
    }
}
