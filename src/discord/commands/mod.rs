//! The slash commands, one command (or group) per file. Each one turns its
//! options into a table [`Command`] and hands it to [`submit`]; what happens
//! next is the table's decision.

mod board;
mod card;
mod challenge;
mod complete;
mod concede;
mod deck;
mod end_match;
mod games;
mod hand;
mod history;
mod leaderboard;
mod matches;
mod privacy;
mod resume;
mod rule;
mod settings;
mod stats;

use std::future::Future;

pub use deck::read_deck_file;

use serenity::all::{ChannelType, CommandInteraction, Http, Permissions};

use tracing::warn;

use super::error::apology;
use super::interaction::Reply;
use super::supervise::supervised;
use super::{outbox, Context, Data, Error};
use crate::table::{Command, Message, Request, RequestKind, Table, UserError};

/// Every command the bot registers, in the order Discord lists them. The
/// bot is installed to servers only (not to a user's account): poise sets
/// where a command can be used, this sets how the bot can be installed.
pub fn all_commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        challenge::challenge(),
        hand::hand(),
        board::board(),
        concede::concede(),
        matches::matches(),
        resume::resume(),
        end_match::end_match(),
        privacy::privacy(),
        deck::deck(),
        settings::settings(),
        games::games(),
        card::card(),
        rule::rule(),
        stats::stats(),
        leaderboard::leaderboard(),
        history::history(),
    ];
    for command in &mut commands {
        command.install_context = Some(vec![serenity::all::InstallationContext::Guild]);
    }
    commands
}

/// Acknowledges the command, hands it to the table and carries out the
/// answer. Errors after the acknowledgement are answered here; only a
/// failed acknowledgement reaches poise's `on_error`.
async fn submit(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    submit_with(ctx, async { Ok(command) }).await
}

/// Like [`submit`], for a command whose options take time to read (a file
/// to download): acknowledged first, then `prepare`d.
async fn submit_with(
    ctx: Context<'_>,
    prepare: impl Future<Output = Result<Command, Error>> + Send,
) -> Result<(), Error> {
    let poise::Context::Application(app) = ctx else {
        // Only slash commands are registered.
        return Ok(());
    };
    answer_slash(&ctx.serenity_context().http, &ctx.data().table, app.interaction, prepare).await
}

/// Answers one slash command: acknowledges it (ephemeral "thinking…"),
/// reads its options with `prepare`, hands the command to the table and
/// carries out the answer. Fails only when the acknowledgement fails;
/// every later error is shown to the person, and so is a panic (a bug):
/// it is caught here, logged with an error id, and the person gets an
/// apology quoting that id, as for a click (see `supervise`). poise would
/// catch it too, but only with its `handle_panics` feature, and it would
/// answer through `on_error` without the reply this one holds.
pub async fn answer_slash(
    http: &Http,
    table: &Table,
    interaction: &CommandInteraction,
    prepare: impl Future<Output = Result<Command, Error>>,
) -> Result<(), Error> {
    let mut reply = Reply::defer_command(http, interaction).await?;
    let handled = supervised("a slash command", async {
        match prepare.await {
            Ok(Command::Challenge { .. }) if no_match_here(interaction).is_some() => {
                // Refused before anything is stored.
                let why = no_match_here(interaction).unwrap_or_default();
                outbox::conclude(http, &mut reply, Err(UserError::new(why).into())).await;
            }
            Ok(mut command) => {
                // Read from Discord's record of the member, never from what was typed.
                match &mut command {
                    Command::EndMatch { moderator, .. } => *moderator = is_moderator(interaction),
                    Command::Leaderboard { manager, .. }
                    | Command::Settings { manager, .. }
                    | Command::ServerCaps { manager, .. } => *manager = manages_server(interaction),
                    _ => {}
                }
                let request =
                    Request { user: reply.user(), place: reply.place(), kind: RequestKind::Slash(command) };
                outbox::answer(http, table, &mut reply, request).await;
            }
            Err(e) => outbox::conclude(http, &mut reply, Err(e)).await,
        }
    })
    .await;
    // A bug: the person still gets an answer, with the id in the log.
    if let Err(error_id) = handled {
        if let Err(e) = reply.private(http, &Message::text(apology(&error_id))).await {
            warn!(error_id, "could not apologise for a failed command: {e}");
        }
        let _ = reply.finish(http).await;
    }
    Ok(())
}

/// Whether the person who made `interaction` is a server moderator: Discord
/// sends their permissions in the channel with it (Manage Threads, Manage
/// Server, or Administrator, which implies both). Nothing the person typed
/// is read.
fn is_moderator(interaction: &CommandInteraction) -> bool {
    let moderating = Permissions::MANAGE_THREADS | Permissions::MANAGE_GUILD | Permissions::ADMINISTRATOR;
    interaction.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.intersects(moderating))
}

/// Whether the person who made `interaction` may manage the server
/// (Discord's Manage Server permission, sent with it): server-wide
/// settings (the leaderboard, the board default) are theirs.
fn manages_server(interaction: &CommandInteraction) -> bool {
    interaction.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_guild())
}

/// Why no match can be started where `interaction` was made, if so: a
/// match needs a channel that takes threads (or forum posts), and the
/// challenge a channel to be posted in.
fn no_match_here(interaction: &CommandInteraction) -> Option<String> {
    let kind = interaction.channel.as_ref().map(|c| c.kind);
    let kind_name = match (interaction.guild_id, kind) {
        (None, _) | (_, Some(ChannelType::Private | ChannelType::GroupDm)) => "direct messages",
        (_, Some(ChannelType::Voice)) => "a voice channel's chat",
        (_, Some(ChannelType::Stage)) => "a stage channel",
        _ => return missing_permissions(interaction, kind),
    };
    Some(format!(
        "Matches cannot be played in {kind_name}: they need threads, which only text, announcement \
         and forum channels have. Use /challenge in a server's text channel, or inside a forum post."
    ))
}

/// The permissions a match needs that the bot lacks where `interaction`
/// was made (Discord sends the bot's permissions there with it), as a
/// refusal that names them: better said before the challenge is stored
/// than when the opponent accepts and the thread cannot be opened.
fn missing_permissions(interaction: &CommandInteraction, kind: Option<ChannelType>) -> Option<String> {
    let have = interaction.app_permissions?;
    let in_thread = matches!(
        kind,
        Some(ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread)
    );
    let mut needed = vec![(Permissions::VIEW_CHANNEL, "View Channel")];
    if in_thread {
        needed.push((Permissions::SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"));
    } else {
        needed.push((Permissions::SEND_MESSAGES, "Send Messages"));
        needed.push((Permissions::SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"));
    }
    needed.push((Permissions::EMBED_LINKS, "Embed Links"));
    // Boards as pictures (`/settings board:image`, any player's choice,
    // or the server's default) are posted as attached files.
    needed.push((Permissions::ATTACH_FILES, "Attach Files"));
    // From a thread the match opens in its parent, which may be a forum
    // (a new post needs Send Messages there) or a text channel.
    let opens = if in_thread {
        have.intersects(Permissions::CREATE_PUBLIC_THREADS | Permissions::SEND_MESSAGES)
    } else {
        have.contains(Permissions::CREATE_PUBLIC_THREADS)
    };
    let mut missing: Vec<&str> = needed.iter().filter(|(p, _)| !have.contains(*p)).map(|(_, n)| *n).collect();
    if !opens {
        missing.push("Create Public Threads");
    }
    if missing.is_empty() {
        return None;
    }
    Some(format!(
        "I cannot run a match here: I am missing {} in this channel. A server admin can fix it in the \
         channel settings → Permissions → add the bot; then challenge again.",
        crate::view::and_list(&missing)
    ))
}
