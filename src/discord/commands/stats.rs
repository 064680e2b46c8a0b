use serenity::all::User;

use super::{complete, submit};
use crate::discord::{Context, Error};
use crate::table::{Command, UserRef};

/// A player's ratings and record on this server (yours when no player is given).
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (yours when left out)"] player: Option<User>,
    #[description = "One game, for decks and opponents (all games when left out)"]
    #[autocomplete = "complete::game"]
    game: Option<String>,
    #[description = "Keep your own stats to yourself (on), or show them again (off)"] private: Option<bool>,
) -> Result<(), Error> {
    let player = player.as_ref().map(|u| person(ctx, u));
    submit(ctx, Command::Stats { player, game, private }).await
}

/// A user picked in an option, as the table knows people: the bot itself is
/// the computer; others by their server nickname when they have one.
pub(super) fn person(ctx: Context<'_>, user: &User) -> UserRef {
    if user.id == ctx.cache().current_user().id {
        return UserRef::computer(user.global_name.clone().unwrap_or_else(|| user.name.clone()));
    }
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.data.resolved.members.get(&user.id).cloned(),
        poise::Context::Prefix(_) => None,
    };
    super::challenge::opponent_ref(user, member.as_ref())
}
