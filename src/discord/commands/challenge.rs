use serenity::all::User;

use super::{complete, submit};
use crate::discord::interaction::user_ref;
use crate::discord::{Context, Error};
use crate::table::{Command, Seating};

/// How well the computer plays, when you challenge the bot itself: the
/// slash-command face of [`crate::ai::Level`] (which knows no poise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum Level {
    /// Quick and forgiving: for learning a game.
    #[name = "easy"]
    Easy,
    /// A fair opponent (the default).
    #[name = "normal"]
    Normal,
    /// Its full search, up to a couple of seconds a move.
    #[name = "hard"]
    Hard,
}

impl From<Level> for crate::ai::Level {
    fn from(level: Level) -> Self {
        match level {
            Level::Easy => crate::ai::Level::Easy,
            Level::Normal => crate::ai::Level::Normal,
            Level::Hard => crate::ai::Level::Hard,
        }
    }
}

/// Challenge someone (or this bot, to play the computer) to a match, played in a thread here.
// Poise turns each parameter into a slash-command option, so the options
// of `/challenge` are necessarily this function's arguments.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you challenge"] opponent: User,
    #[description = "The game to play"]
    #[autocomplete = "complete::game"]
    game: String,
    #[description = "Your deck: a starter deck or one you imported (leave out when the decks are drafted)"]
    #[autocomplete = "complete::deck"]
    deck: Option<String>,
    #[description = "Hours each player has to act before the other may claim the win (default 72)"]
    #[min = 1]
    #[max = 720]
    deadline: Option<u32>,
    #[description = "Rules variants of the game, comma-separated, if it has any"]
    #[autocomplete = "complete::variant"]
    variant: Option<String>,
    #[description = "A second opponent (games for three or more)"] opponent2: Option<User>,
    #[description = "A third opponent"] opponent3: Option<User>,
    #[description = "A fourth opponent"] opponent4: Option<User>,
    #[description = "A fifth opponent"] opponent5: Option<User>,
    #[description = "Your teammate in team play (the opponents pair up in the order named)"] partner: Option<
        User,
    >,
    #[description = "How 3+ players share the table: free-for-all, limited-range, teams, tag-team, citadel"]
    #[autocomplete = "complete::mode"]
    mode: Option<String>,
    #[description = "How decks are built (e.g. pre-design, set-selection, mirror, closed-draft)"]
    #[autocomplete = "complete::assembly"]
    assembly: Option<String>,
    #[description = "best-of-3: the first to win two games wins the match (where offered); default one game"]
    #[rename = "match"]
    #[autocomplete = "complete::series"]
    series: Option<String>,
    #[description = "Time limit for the whole match from its start, e.g. 7d, 36h, 2d12h (where offered)"]
    time_limit: Option<String>,
    #[description = "When you challenge the bot itself: how well the computer plays (default normal)"]
    level: Option<Level>,
) -> Result<(), Error> {
    let me = ctx.cache().current_user().id;
    let person = |user: &User| {
        let member = match ctx {
            poise::Context::Application(app) => app.interaction.data.resolved.members.get(&user.id).cloned(),
            poise::Context::Prefix(_) => None,
        };
        // The bot itself is the computer opponent.
        if user.id == me {
            return crate::table::UserRef::computer(
                user.global_name.clone().unwrap_or_else(|| user.name.clone()),
            );
        }
        opponent_ref(user, member.as_ref())
    };
    let others = [&opponent2, &opponent3, &opponent4, &opponent5].into_iter().flatten().map(person).collect();
    let seating = Box::new(Seating {
        others,
        partner: partner.as_ref().map(person),
        mode,
        assembly,
        series,
        time_limit,
        level: level.map(|l| crate::ai::Level::from(l).key().to_owned()),
    });
    let opponent = person(&opponent);
    submit(ctx, Command::Challenge { opponent, game, deck, deadline_hours: deadline, variant, seating }).await
}

/// The opponent as the table knows people: their server nickname when they have one.
pub(super) fn opponent_ref(
    user: &User,
    member: Option<&serenity::all::PartialMember>,
) -> crate::table::UserRef {
    let mut person = user_ref(user, None);
    if let Some(nick) = member.and_then(|m| m.nick.as_deref()) {
        person.name = nick.to_owned();
    }
    person
}

#[cfg(test)]
mod tests {
    use poise::ChoiceParameter;

    use super::Level;

    #[test]
    fn each_level_offered_is_the_ai_level_of_the_same_name() {
        for level in crate::ai::Level::ALL {
            let offered = Level::from_name(level.key())
                .unwrap_or_else(|| panic!("/challenge offers no level named {}", level.key()));
            assert_eq!(crate::ai::Level::from(offered), level);
        }
        assert_eq!(Level::list().len(), crate::ai::Level::ALL.len(), "every offered level is an AI level");
    }
}
