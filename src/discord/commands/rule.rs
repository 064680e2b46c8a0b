use super::{complete, submit};
use crate::discord::{Context, Error};
use crate::table::Command;

/// Look up our rulings on the rules: words, or a rule section like 5.2.
#[poise::command(slash_command)]
pub async fn rule(
    ctx: Context<'_>,
    #[description = "Words to search for, or a rule section number"]
    #[max_length = 200]
    query: String,
    #[description = "The game to search (all games when left out)"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
) -> Result<(), Error> {
    submit(ctx, Command::Rule { query, game }).await
}
