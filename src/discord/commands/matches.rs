use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// Your matches: where they are and whose turn it is.
#[poise::command(slash_command)]
pub async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    submit(ctx, Command::Matches).await
}
