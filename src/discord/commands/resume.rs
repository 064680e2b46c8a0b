use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// Play on a paused match (its thread was locked or deleted, or its channel is gone).
#[poise::command(slash_command, guild_only)]
pub async fn resume(
    ctx: Context<'_>,
    #[description = "The paused match's number (see /matches); yours when you have one paused"]
    #[rename = "match"]
    #[min = 1]
    match_id: Option<i64>,
) -> Result<(), Error> {
    submit(ctx, Command::Resume { match_id }).await
}
