use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// Moderators: end this thread's match (or the one named) without a result; no rating changes.
#[poise::command(slash_command, guild_only, rename = "end-match")]
pub async fn end_match(
    ctx: Context<'_>,
    #[description = "The match's number (in its thread's title); this thread's match when left out"]
    #[rename = "match"]
    #[min = 1]
    match_id: Option<i64>,
) -> Result<(), Error> {
    // Whether the requester is a moderator is read from the interaction
    // Discord sends (see `answer_slash`), never from an option.
    submit(ctx, Command::EndMatch { match_id, moderator: false }).await
}
