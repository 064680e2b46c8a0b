use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// What the bot keeps about you, as a file only you see.
#[poise::command(slash_command)]
pub async fn privacy(ctx: Context<'_>) -> Result<(), Error> {
    submit(ctx, Command::Privacy).await
}
