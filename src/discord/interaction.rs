//! One interaction being answered: who made it and where (as the table's
//! [`UserRef`] and [`Place`]), its acknowledgement, and its private replies.
//!
//! Every interaction is acknowledged first (Discord allows 3 seconds), then
//! answered: a slash command is deferred as "thinking…" that the first
//! private reply replaces (or that is deleted when there is none); a click
//! is acknowledged silently (type 6, deferred update). A click on one of
//! the person's own private messages (a hand, a menu) gets its answer in
//! place of that message, through the click's own fresh token (so the 15
//! minutes of the message's token do not matter): old hands with
//! live-looking buttons do not pile up. A click on a public message (the
//! board) gets a new private message.

use serenity::all::{
    ChannelType, CommandInteraction, ComponentInteraction, CreateInteractionResponse, GuildId, Http, Member,
    MessageFlags, MessageId, PartialChannel, User,
};

use super::render;
use crate::table::{Message, Place, UserRef};

/// Where a private reply went: it can be edited through `token` (for 15
/// minutes after the interaction), as the interaction's own response
/// (`followup: None`) or as the follow-up message `followup`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    /// The interaction's token.
    pub token: String,
    /// The follow-up message, when the reply is one.
    pub followup: Option<MessageId>,
}

impl Shown {
    /// Shows `message` in place of the reply (Discord's webhook message edit).
    pub async fn edit(&self, http: &Http, message: &Message) -> serenity::Result<()> {
        use serenity::builder::Builder;
        match self.followup {
            None => render::to_response_edit(message).execute(http, &self.token).await.map(drop),
            Some(id) => render::to_followup(message).execute(http, (Some(id), &self.token)).await.map(drop),
        }
    }
}

/// The interaction being answered.
pub enum Reply<'a> {
    /// A slash command, deferred as ephemeral "thinking…".
    Command {
        /// The interaction.
        interaction: &'a CommandInteraction,
        /// Whether "thinking…" was replaced by a reply already.
        replaced: bool,
    },
    /// A button or select, acknowledged without a visible change.
    Component {
        /// The interaction.
        interaction: &'a ComponentInteraction,
        /// Whether the clicked private message was replaced already.
        replaced: bool,
    },
}

impl<'a> Reply<'a> {
    /// Acknowledges a slash command (ephemeral "thinking…").
    pub async fn defer_command(
        http: &Http,
        interaction: &'a CommandInteraction,
    ) -> serenity::Result<Reply<'a>> {
        interaction.defer_ephemeral(http).await?;
        Ok(Reply::Command { interaction, replaced: false })
    }

    /// Acknowledges a click or selection without changing the message.
    pub async fn defer_component(
        http: &Http,
        interaction: &'a ComponentInteraction,
    ) -> serenity::Result<Reply<'a>> {
        interaction.create_response(http, CreateInteractionResponse::Acknowledge).await?;
        Ok(Reply::Component { interaction, replaced: false })
    }

    /// The person who made the interaction.
    pub fn user(&self) -> UserRef {
        match self {
            Reply::Command { interaction, .. } => user_ref(&interaction.user, interaction.member.as_deref()),
            Reply::Component { interaction, .. } => user_ref(&interaction.user, interaction.member.as_ref()),
        }
    }

    /// Where the interaction was made.
    pub fn place(&self) -> Place {
        match self {
            Reply::Command { interaction, .. } => {
                place(interaction.guild_id, interaction.channel_id.get(), interaction.channel.as_ref())
            }
            Reply::Component { interaction, .. } => {
                place(interaction.guild_id, interaction.channel_id.get(), interaction.channel.as_ref())
            }
        }
    }

    /// Shows `message` to the person only; where it went.
    pub async fn private(&mut self, http: &Http, message: &Message) -> serenity::Result<Shown> {
        let followup = match self {
            Reply::Command { interaction, replaced: replaced @ false } => {
                interaction.edit_response(http, render::to_response_edit(message)).await?;
                *replaced = true;
                None
            }
            Reply::Command { interaction, replaced: true } => {
                Some(interaction.create_followup(http, render::to_followup(message)).await?.id)
            }
            Reply::Component { interaction, .. } => {
                Some(interaction.create_followup(http, render::to_followup(message)).await?.id)
            }
        };
        Ok(Shown { token: self.token().to_owned(), followup })
    }

    /// Shows `message` to the person only, with `file` attached.
    pub async fn private_file(
        &mut self,
        http: &Http,
        message: &Message,
        file: serenity::all::CreateAttachment,
    ) -> serenity::Result<()> {
        match self {
            Reply::Command { interaction, replaced: replaced @ false } => {
                let edit = render::to_response_edit(message).new_attachment(file);
                interaction.edit_response(http, edit).await?;
                *replaced = true;
            }
            Reply::Command { interaction, replaced: true } => {
                interaction.create_followup(http, render::to_followup(message).add_file(file)).await?;
            }
            Reply::Component { interaction, .. } => {
                interaction.create_followup(http, render::to_followup(message).add_file(file)).await?;
            }
        }
        Ok(())
    }

    /// The interaction's token (it can edit the replies for 15 minutes).
    fn token(&self) -> &str {
        match self {
            Reply::Command { interaction, .. } => &interaction.token,
            Reply::Component { interaction, .. } => &interaction.token,
        }
    }

    /// Shows `message` to the person: in place of the clicked message
    /// when that is their own private one (its first answer only; the click
    /// was acknowledged as a deferred update, so its response is that
    /// message), otherwise as [`Reply::private`].
    pub async fn show(&mut self, http: &Http, message: &Message) -> serenity::Result<Shown> {
        match self {
            Reply::Component { interaction, replaced: replaced @ false }
                if interaction.message.flags.is_some_and(|f| f.contains(MessageFlags::EPHEMERAL))
                    // A click in a direct message is on the bot's own
                    // message to them (their hand at the start of a turn).
                    || interaction.guild_id.is_none() =>
            {
                interaction.edit_response(http, render::to_response_edit(message)).await?;
                *replaced = true;
                Ok(Shown { token: interaction.token.clone(), followup: None })
            }
            _ => self.private(http, message).await,
        }
    }

    /// Ends the exchange: a "thinking…" that nothing replaced is removed
    /// (the command's effect was public, e.g. a challenge post).
    pub async fn finish(&mut self, http: &Http) -> serenity::Result<()> {
        if let Reply::Command { interaction, replaced: false } = self {
            interaction.delete_response(http).await?;
        }
        Ok(())
    }

    /// A label for logs: which interaction, by whom.
    pub fn describe(&self) -> String {
        match self {
            Reply::Command { interaction, .. } => {
                format!("/{} by {} in {}", interaction.data.name, interaction.user.id, interaction.channel_id)
            }
            Reply::Component { interaction, .. } => format!(
                "click {:?} by {} in {}",
                interaction.data.custom_id, interaction.user.id, interaction.channel_id
            ),
        }
    }
}

/// A Discord user as the table knows people: the server nickname when
/// there is one, else the display name.
pub fn user_ref(user: &User, member: Option<&Member>) -> UserRef {
    let name = match member.and_then(|m| m.nick.as_deref()) {
        Some(nick) => nick.to_owned(),
        None => user.display_name().to_owned(),
    };
    UserRef { id: user.id.get().to_string().as_str().into(), name, bot: user.bot }
}

/// Where an interaction happened: a thread is reported with its parent channel.
pub fn place(guild: Option<GuildId>, channel_id: u64, channel: Option<&PartialChannel>) -> Place {
    let guild = guild.map(|g| g.get().to_string());
    let thread_parent = channel
        .filter(|c| {
            matches!(c.kind, ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread)
        })
        .and_then(|c| c.parent_id);
    match thread_parent {
        Some(parent) => {
            Place { guild, channel: parent.get().to_string(), thread: Some(channel_id.to_string()) }
        }
        None => Place { guild, channel: channel_id.to_string(), thread: None },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn channel(json: serde_json::Value) -> PartialChannel {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn a_thread_is_reported_with_its_parent_channel() {
        let thread = channel(serde_json::json!({"id": "30", "type": 11, "parent_id": "20"}));
        let place = place(Some(GuildId::new(1)), 30, Some(&thread));
        assert_eq!(place, Place { guild: Some("1".into()), channel: "20".into(), thread: Some("30".into()) });
    }

    #[test]
    fn a_text_channel_or_a_dm_is_just_a_channel() {
        let text = channel(serde_json::json!({"id": "20", "type": 0, "parent_id": "5"}));
        assert_eq!(
            place(Some(GuildId::new(1)), 20, Some(&text)),
            Place { guild: Some("1".into()), channel: "20".into(), thread: None }
        );
        assert_eq!(place(None, 9, None), Place { guild: None, channel: "9".into(), thread: None });
    }
}
