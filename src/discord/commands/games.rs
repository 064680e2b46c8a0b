use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// The games you can play here, with their starter decks.
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    submit(ctx, Command::Games).await
}
