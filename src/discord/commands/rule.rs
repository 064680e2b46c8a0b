use super::{complete, submit};
use crate::discord::{Context, Error};
use crate::table::Command;

/// Look up a rule by number (4.2.2a, 5c2) or words; buttons lead to the rules above and under it.
#[poise::command(slash_command)]
pub async fn rule(
    ctx: Context<'_>,
    #[description = "A rule number such as 4.2.2a or 5c2, or words such as exhaustion counter or siege"]
    #[max_length = 200]
    query: String,
    #[description = "The game to search (all games when left out)"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
) -> Result<(), Error> {
    submit(ctx, Command::Rule { query, game }).await
}
