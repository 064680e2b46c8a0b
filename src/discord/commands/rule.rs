use super::{complete, submit};
use crate::discord::{Context, Error};
use crate::table::Command;

/// Look up our rulings on the rules: words, or a rule section like 5c2 (Spheres) or a heading word.
#[poise::command(slash_command)]
pub async fn rule(
    ctx: Context<'_>,
    #[description = "Words to search for, or a section such as 5c2 or Siege"]
    #[max_length = 200]
    query: String,
    #[description = "The game to search (all games when left out)"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
) -> Result<(), Error> {
    submit(ctx, Command::Rule { query, game }).await
}
