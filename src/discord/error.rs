//! The two kinds of error (see `table::error`): a [`UserError`] is shown to
//! the person in plain words; anything else is logged with its context and
//! an error id, and the person sees a short apology quoting that id.
//!
//! Discord's refusals are the server's to fix, so they are shown in plain
//! words too: [`DISCORD_ERRORS`] is the one table of the codes the bot can
//! meet, each with the problem and its fix; a [`DeliveryError`] adds what
//! the bot was doing (which permission a 50013 means, what became of the
//! person's request).

use poise::FrameworkError;
use serenity::all::{
    CommandInteraction, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse, Http,
};
use tracing::{error, warn};

use super::render::no_pings;
use super::{Data, Error};
use crate::table::{TableError, UserError};

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
    if let Some(e) = err.downcast_ref::<DeliveryError>() {
        return e.user_text();
    }
    describe(problem_of(err.downcast_ref::<serenity::Error>()?)?, Doing::Other, false)
}

/// What the bot was doing on Discord when it failed: it decides which
/// permission a 50013 names and what became of the person's request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Doing {
    /// Posting a challenge (withdrawn when this fails).
    Challenge,
    /// Posting a notice about a challenge (accepted, declined, expired).
    Announcement,
    /// Opening a match thread (or a forum post).
    OpenThread,
    /// Posting or editing a match board.
    Board,
    /// Posting a reminder or the deadline notice.
    Notice,
    /// Answering the person privately.
    Reply,
    /// Anything else.
    Other,
}

impl Doing {
    /// The permissions this needs, as the server settings name them.
    fn permissions(self, in_thread: bool) -> &'static str {
        match (self, in_thread) {
            (Doing::OpenThread, _) => {
                "Create Public Threads (in a forum channel: Send Messages, shown as Create Posts)"
            }
            (_, true) => "View Channel, Send Messages in Threads and Embed Links",
            (_, false) => "View Channel, Send Messages and Embed Links",
        }
    }

    /// What became of the request, said after the problem and its fix.
    fn outcome(self) -> &'static str {
        match self {
            Doing::Challenge => {
                " I withdrew the challenge, so nothing is left open between you: once that is fixed, \
                 challenge again."
            }
            Doing::OpenThread => {
                " The match is saved: I try again to open its thread every few minutes (the first \
                 move or /board after the fix opens it at once), and post the board there."
            }
            Doing::Board => {
                " Your move is saved; the board is posted again with the next move or /board once \
                 that is fixed."
            }
            Doing::Announcement => " Everything else went through; only that notice is missing.",
            Doing::Notice => " I will try again later.",
            Doing::Reply | Doing::Other => "",
        }
    }
}

/// A Discord call that failed, with what it was for.
#[derive(Debug)]
pub struct DeliveryError {
    /// What the bot was doing.
    pub doing: Doing,
    /// Whether it was in a thread (which permissions apply).
    pub in_thread: bool,
    /// Discord's (or the network's) answer.
    pub source: serenity::Error,
}

impl std::fmt::Display for DeliveryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Discord refused {:?} (in a thread: {}): {}", self.doing, self.in_thread, self.source)
    }
}

impl std::error::Error for DeliveryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Discord's JSON error codes the bot can meet, with what the person is
/// told: the problem and how to fix it. `{permissions}` is filled in with
/// what the failed call needed. One table, so every code reads the same
/// wherever it happens.
const DISCORD_ERRORS: &[(isize, &str)] = &[
    (
        10003,
        "That channel or thread no longer exists (it was deleted). Use the command in a channel \
         that exists.",
    ),
    (
        40067,
        "This forum requires a tag on every post and has none I may apply: a moderator can add a \
         tag that anyone may use, or give me Manage Threads so I can use a moderators' tag. Or \
         challenge from a text channel.",
    ),
    (
        50001,
        "I cannot see this channel: a server admin can fix it by giving me {permissions} here \
         (channel settings → Permissions → add the bot).",
    ),
    (
        50007,
        "I cannot send you direct messages (your DMs are closed to this server's members). I ping \
         you in the match thread instead.",
    ),
    (
        50008,
        "I cannot post messages in this kind of channel (a forum or media channel's list, a voice \
         or a stage channel). Use /challenge in a text channel, or inside a forum post.",
    ),
    (
        50013,
        "I am missing a permission here: a server admin can fix it by giving me {permissions} in \
         this channel (channel settings → Permissions → add the bot).",
    ),
    (
        50024,
        "Matches are played in threads, and this channel cannot have them (a voice channel's chat \
         or a stage). Challenge from a text channel, an announcement channel or a forum.",
    ),
    (
        50083,
        "The match thread is archived and I could not reopen it: a moderator can unarchive it, or \
         give me Manage Threads so I can.",
    ),
    (160005, "The thread is locked: a moderator can unlock it."),
    (
        160006,
        "This server has reached Discord's limit of active threads: archive a few old threads, \
         then try again.",
    ),
];

impl DeliveryError {
    /// The plain message for the person who acted, or `None` for a failure
    /// that is not theirs to fix (they get an apology with an error id).
    pub fn user_text(&self) -> Option<String> {
        describe(problem_of(&self.source)?, self.doing, self.in_thread)
    }
}

/// The plain message for `problem` met while `doing`: the problem, its
/// fix, and what became of the request.
fn describe(problem: Problem, doing: Doing, in_thread: bool) -> Option<String> {
    let text = match problem {
        Problem::Code(code) => DISCORD_ERRORS
            .iter()
            .find(|(c, _)| *c == code)?
            .1
            .replace("{permissions}", doing.permissions(in_thread)),
        Problem::RateLimited => "Discord is asking me to slow down right now (rate limit).".to_owned(),
        Problem::Unavailable => {
            "Discord did not answer in time (it may be having trouble; see discordstatus.com).".to_owned()
        }
    };
    let transient = matches!(problem, Problem::RateLimited | Problem::Unavailable);
    let again = if transient && doing.outcome().is_empty() { " Try again in a minute." } else { "" };
    Some(format!("{text}{}{again}", doing.outcome()))
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

/// What kind of failure a Discord call met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// A JSON error code (see [`DISCORD_ERRORS`]).
    Code(isize),
    /// A 429: too many requests.
    RateLimited,
    /// A 5xx, a timeout or a broken connection: worth retrying.
    Unavailable,
}

/// The kind of failure of `err`, if it came from Discord or the network.
pub fn problem_of(err: &serenity::Error) -> Option<Problem> {
    match err {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            if status == 429 {
                Some(Problem::RateLimited)
            } else if status >= 500 {
                Some(Problem::Unavailable)
            } else {
                Some(Problem::Code(response.error.code))
            }
        }
        serenity::Error::Http(serenity::http::HttpError::Request(_)) => Some(Problem::Unavailable),
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
    let message =
        CreateInteractionResponseMessage::new().content(text).ephemeral(true).allowed_mentions(no_pings());
    if interaction.create_response(http, CreateInteractionResponse::Message(message)).await.is_ok() {
        return;
    }
    // Already acknowledged: replace "thinking…" if it is still there, else add a message.
    let edit = EditInteractionResponse::new()
        .content(text)
        .components(Vec::new())
        .embeds(Vec::new())
        .allowed_mentions(no_pings());
    let answered_already = match interaction.get_response(http).await {
        Ok(response) => !response.content.is_empty() || !response.embeds.is_empty(),
        Err(_) => true,
    };
    let sent = if answered_already {
        let followup = CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(no_pings());
        interaction.create_followup(http, followup).await.map(drop)
    } else {
        interaction.edit_response(http, edit).await.map(drop)
    };
    if let Err(e) = sent {
        warn!(interaction = %interaction.id, "could not show an error to the person: {e}");
    }
}
