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
    // Set from the member's permissions when the command is answered.
    let manager = false;
    submit(ctx, Command::Leaderboard { game, show, manager }).await
}
