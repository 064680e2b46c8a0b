use serenity::all::Attachment;

use super::{complete, submit, submit_with};
use crate::discord::{Context, Error};
use crate::table::{Command, DeckCommand, UserError};
use crate::view::escape_markdown;

/// The largest deck file read (a deck list is a few kilobytes).
const MAX_DECK_FILE_BYTES: u32 = 64 * 1024;

/// Your saved deck lists: list, show, import, delete, export.
#[poise::command(
    slash_command,
    subcommands("list", "show", "import", "delete", "export"),
    subcommand_required
)]
pub async fn deck(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// List your saved decks.
#[poise::command(slash_command)]
async fn list(ctx: Context<'_>) -> Result<(), Error> {
    submit(ctx, Command::Deck(DeckCommand::List)).await
}

/// Show the cards of a deck.
#[poise::command(slash_command)]
async fn show(
    ctx: Context<'_>,
    #[description = "The deck's name"]
    #[autocomplete = "complete::deck"]
    name: String,
    #[description = "The game, if two games have a deck of that name"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
) -> Result<(), Error> {
    submit(ctx, Command::Deck(DeckCommand::Show { name, game })).await
}

/// Save a deck list under a name (one "3 Card Name" per line, or comma-separated).
#[poise::command(slash_command)]
async fn import(
    ctx: Context<'_>,
    #[description = "A name for the deck"]
    #[max_length = 80]
    name: String,
    #[description = "The game the deck is for"]
    #[autocomplete = "complete::game"]
    game: String,
    #[description = "The cards, like \"3 Ember Drake, 2 Tower Guard\""] list: Option<String>,
    #[description = "Or a text file with one \"3 Card Name\" per line"] file: Option<Attachment>,
) -> Result<(), Error> {
    submit_with(ctx, async move {
        let list = match (list, file) {
            (Some(list), None) => list,
            (None, Some(file)) => read_deck_file(&file, DECK_FILE_TIMEOUT).await?,
            (Some(_), Some(_)) => {
                return Err(UserError::new("Give the cards either as `list` or as `file`, not both.").into())
            }
            (None, None) => {
                return Err(UserError::new(
                    "Give the cards as `list` (like \"3 Ember Drake, 2 Tower Guard\") or attach them as a text `file`.",
                )
                .into())
            }
        };
        Ok(Command::Deck(DeckCommand::Import { name, game, list }))
    })
    .await
}

/// Delete one of your saved decks.
#[poise::command(slash_command)]
async fn delete(
    ctx: Context<'_>,
    #[description = "The deck's name"]
    #[autocomplete = "complete::deck"]
    name: String,
    #[description = "The game, if two games have a deck of that name"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
) -> Result<(), Error> {
    submit(ctx, Command::Deck(DeckCommand::Delete { name, game })).await
}

/// A deck as text you can copy, share or import again.
#[poise::command(slash_command)]
async fn export(
    ctx: Context<'_>,
    #[description = "The deck's name"]
    #[autocomplete = "complete::deck"]
    name: String,
    #[description = "The game, if two games have a deck of that name"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
) -> Result<(), Error> {
    submit(ctx, Command::Deck(DeckCommand::Export { name, game })).await
}

/// How long Discord's file server may take to send an attached deck file:
/// a hung download must not hold the command (and the player) forever.
const DECK_FILE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// The text of an attached deck file, downloaded within `within` (the
/// command waits 20 seconds; public so tests can wait less).
pub async fn read_deck_file(file: &Attachment, within: std::time::Duration) -> Result<String, Error> {
    if file.size > MAX_DECK_FILE_BYTES {
        return Err(UserError::new(format!(
            "{} is {} KB; a deck file must be a plain text list under {} KB.",
            escape_markdown(&file.filename),
            file.size / 1024,
            MAX_DECK_FILE_BYTES / 1024
        ))
        .into());
    }
    let name = escape_markdown(&file.filename);
    let bytes = tokio::time::timeout(within, file.download()).await.map_err(|_| {
        UserError::new(format!(
            "Discord did not send {name} within {} seconds; nothing was saved. Try again in a minute.",
            within.as_secs_f64().ceil()
        ))
    })??;
    String::from_utf8(bytes).map_err(|_| {
        UserError::new(format!("{name} is not a plain text file; save the deck list as .txt and try again."))
            .into()
    })
}
