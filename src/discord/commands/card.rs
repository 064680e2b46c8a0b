use super::{complete, submit};
use crate::discord::{Context, Error};
use crate::table::Command;

/// Look a card up by name, part of one, either face or a printed code (close spellings work).
#[poise::command(slash_command)]
pub async fn card(
    ctx: Context<'_>,
    #[description = "The card's name, roughly: a part, either face, or a printed code like 0001-4A-1"]
    #[autocomplete = "complete::card"]
    #[max_length = 100]
    name: String,
    #[description = "The game to search (all games when left out)"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
) -> Result<(), Error> {
    submit(ctx, Command::Card { name, game }).await
}
