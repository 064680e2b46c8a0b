use super::{complete, submit};
use crate::discord::{Context, Error};
use crate::table::Command;

/// This server's best players of a game, and your own place.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The game"]
    #[autocomplete = "complete::game"]
    game: String,
    #[description = "Server managers: switch this server's leaderboard on or off"] show: Option<bool>,
) -> Result<(), Error> {
    // Discord sends the member's permissions in the channel with the command.
    let manager = match ctx {
        poise::Context::Application(app) => {
            app.interaction.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_guild())
        }
        poise::Context::Prefix(_) => false,
    };
    submit(ctx, Command::Leaderboard { game, show, manager }).await
}
