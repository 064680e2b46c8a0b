use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// Give up this thread's match (you will be asked to confirm).
#[poise::command(slash_command, guild_only)]
pub async fn concede(ctx: Context<'_>) -> Result<(), Error> {
    submit(ctx, Command::Concede).await
}
