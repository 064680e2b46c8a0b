use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// Post this thread's match board again, at the bottom of the thread.
#[poise::command(slash_command, guild_only)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    submit(ctx, Command::Board).await
}
