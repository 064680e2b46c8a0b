use serenity::all::User;

use super::{complete, submit};
use crate::discord::interaction::user_ref;
use crate::discord::{Context, Error};
use crate::table::Command;

/// Challenge someone to a match; it is played in a thread of this channel.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you challenge"] opponent: User,
    #[description = "The game to play"]
    #[autocomplete = "complete::game"]
    game: String,
    #[description = "Your deck: a starter deck or one you imported"]
    #[autocomplete = "complete::deck"]
    deck: String,
    #[description = "Hours each player has to act before the other may claim the win (default 72)"]
    #[min = 1]
    #[max = 720]
    deadline: Option<u32>,
    #[description = "A rules variant of the game, if it has any"]
    #[autocomplete = "complete::variant"]
    variant: Option<String>,
) -> Result<(), Error> {
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.data.resolved.members.get(&opponent.id).cloned(),
        poise::Context::Prefix(_) => None,
    };
    let opponent = opponent_ref(&opponent, member.as_ref());
    submit(ctx, Command::Challenge { opponent, game, deck: Some(deck), deadline_hours: deadline, variant })
        .await
}

/// The opponent as the table knows people: their server nickname when they have one.
fn opponent_ref(user: &User, member: Option<&serenity::all::PartialMember>) -> crate::table::UserRef {
    let mut person = user_ref(user, None);
    if let Some(nick) = member.and_then(|m| m.nick.as_deref()) {
        person.name = nick.to_owned();
    }
    person
}
