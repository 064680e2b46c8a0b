use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// Your hand and private choices in this thread's match (only you see them).
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    submit(ctx, Command::Hand).await
}
