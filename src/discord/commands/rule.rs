use super::{complete, submit};
use crate::discord::{Context, Error};
use crate::table::Command;

/// Look up a rule by number (4.2.2a), words (blocking) or a question (how do I win?)
#[poise::command(slash_command)]
pub async fn rule(
    ctx: Context<'_>,
    #[description = "A number (4.2.2a, 5c2), words (blocking, siege) or a question (can dizzy creatures block?)"]
    #[max_length = 200]
    query: String,
    #[description = "The game to search (all games when left out)"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
) -> Result<(), Error> {
    submit(ctx, Command::Rule { query, game }).await
}
