use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// What the bot keeps about you, as a file only you see; or erase it.
#[poise::command(slash_command)]
pub async fn privacy(
    ctx: Context<'_>,
    #[description = "Erase my data (finished matches keep their records under a placeholder name)"]
    erase: Option<bool>,
    #[description = "Type yes to confirm the erasure"] confirm: Option<String>,
) -> Result<(), Error> {
    submit(ctx, Command::Privacy { erase, confirm }).await
}
