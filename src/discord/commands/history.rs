use serenity::all::User;

use super::stats::person;
use super::{complete, submit};
use crate::discord::{Context, Error};
use crate::table::Command;

/// A player's last finished matches on this server, or one match's record as a file.
#[poise::command(slash_command, guild_only)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Whose matches (yours when left out)"] player: Option<User>,
    #[description = "Only this game's matches"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
    #[description = "A match number from the list: its record as a file, to replay with cardtable replay"]
    #[rename = "match"]
    #[min = 1]
    match_id: Option<i64>,
) -> Result<(), Error> {
    let player = player.as_ref().map(|u| person(ctx, u));
    submit(ctx, Command::History { player, game, match_id }).await
}
