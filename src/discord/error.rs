//! The two kinds of error (see `table::error`): a [`UserError`] is shown to
//! the person in plain words; anything else is logged with its context and
//! an error id, and the person sees a short apology quoting that id.

use poise::FrameworkError;
use serenity::all::{
    CommandInteraction, CreateAllowedMentions, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse, Http,
};
use tracing::{error, warn};

use super::{Data, Error};
use crate::table::{TableError, UserError};

/// Discord's JSON error codes that are the server owner's to fix.
const MISSING_ACCESS: isize = 50001;
const MISSING_PERMISSIONS: isize = 50013;
const WRONG_CHANNEL_TYPE: isize = 50024;

/// A short id to quote to the person and to find in the log.
pub fn new_error_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()[..8].to_owned()
}

/// What the person is told about `err`. Anything that is not the person's
/// to fix is logged here, with `context` (who did what, where) and an id.
pub fn reply_text(err: &Error, context: &str) -> String {
    if let Some(text) = user_text(err) {
        return text;
    }
    if let Some(table_error @ TableError::Internal { .. }) = err.downcast_ref::<TableError>() {
        // The table logged it under its id already.
        error!(context, "{table_error}");
        return table_error.reply_text();
    }
    let error_id = new_error_id();
    error!(error_id = %error_id, context, error = %format!("{err:#}"), "request failed");
    apology(&error_id)
}

/// The apology for an internal error.
pub fn apology(error_id: &str) -> String {
    format!(
        "Sorry, something went wrong on our side. If it keeps happening, tell the bot's host error id `{error_id}`."
    )
}

/// The text of an error that is the person's (or their server's) to fix.
fn user_text(err: &Error) -> Option<String> {
    if let Some(e) = err.downcast_ref::<UserError>() {
        return Some(e.0.clone());
    }
    if let Some(TableError::User(e)) = err.downcast_ref::<TableError>() {
        return Some(e.0.clone());
    }
    match err.downcast_ref::<serenity::Error>().and_then(discord_error_code)? {
        MISSING_ACCESS | MISSING_PERMISSIONS => Some(
            "I am missing a permission here. A server admin can fix it by letting me View Channel, \
             Send Messages, Embed Links, Create Public Threads and Send Messages in Threads in this channel."
                .to_owned(),
        ),
        WRONG_CHANNEL_TYPE => Some(
            "Matches are played in threads of a text channel, and I cannot open one here. \
             Challenge from a regular text channel."
                .to_owned(),
        ),
        _ => None,
    }
}

/// Discord's JSON error code of a failed HTTP request, if that is what `err` is.
pub fn discord_error_code(err: &serenity::Error) -> Option<isize> {
    match err {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.error.code)
        }
        _ => None,
    }
}

/// poise's `on_error`: errors raised before a command answered (a command
/// answers its own errors once it has deferred, see `commands::submit`).
pub async fn on_error(err: FrameworkError<'_, Data, Error>) {
    match err {
        FrameworkError::Command { error, ctx, .. } => {
            let context = format!("/{} by {}", ctx.command().qualified_name, ctx.author().id);
            let text = reply_text(&error, &context);
            if let poise::Context::Application(app) = ctx {
                tell(&ctx.serenity_context().http, app.interaction, &text).await;
            }
        }
        FrameworkError::ArgumentParse { error, input, ctx, .. } => {
            let text = match input {
                Some(input) => format!("I could not read {}: {error}", crate::table::error::quote(&input)),
                None => format!("I could not read one of the options: {error}"),
            };
            if let poise::Context::Application(app) = ctx {
                tell(&ctx.serenity_context().http, app.interaction, &text).await;
            }
        }
        FrameworkError::CommandStructureMismatch { description, ctx, .. } => {
            // Discord holds an older version of the command than this build registers.
            let error_id = new_error_id();
            error!(error_id = %error_id, command = %ctx.command.qualified_name, description, "registered command is out of date");
            let text = format!(
                "This command changed since Discord last loaded it; try again in a minute (error id `{error_id}`)."
            );
            tell(&ctx.serenity_context.http, ctx.interaction, &text).await;
        }
        FrameworkError::CommandPanic { payload, ctx, .. } => {
            let error_id = new_error_id();
            error!(error_id = %error_id, command = %ctx.command().qualified_name, payload = ?payload, "command panicked");
            if let poise::Context::Application(app) = ctx {
                tell(&ctx.serenity_context().http, app.interaction, &apology(&error_id)).await;
            }
        }
        FrameworkError::GuildOnly { ctx, .. } => {
            if let poise::Context::Application(app) = ctx {
                tell(
                    &ctx.serenity_context().http,
                    app.interaction,
                    "This command works in a server channel only.",
                )
                .await;
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                error!("while handling an error: {e}");
            }
        }
    }
}

/// Shows `text` to the person only, whether or not the interaction was
/// acknowledged yet.
async fn tell(http: &Http, interaction: &CommandInteraction, text: &str) {
    let message = CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new());
    if interaction.create_response(http, CreateInteractionResponse::Message(message)).await.is_ok() {
        return;
    }
    // Already acknowledged: replace "thinking…" if it is still there, else add a message.
    let edit = EditInteractionResponse::new().content(text).components(Vec::new()).embeds(Vec::new());
    let answered_already = match interaction.get_response(http).await {
        Ok(response) => !response.content.is_empty() || !response.embeds.is_empty(),
        Err(_) => true,
    };
    let sent = if answered_already {
        let followup = CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new());
        interaction.create_followup(http, followup).await.map(drop)
    } else {
        interaction.edit_response(http, edit).await.map(drop)
    };
    if let Err(e) = sent {
        warn!(interaction = %interaction.id, "could not show an error to the person: {e}");
    }
}
