//! The transport-agnostic protocol between the table and its front ends.
//!
//! A front end (Discord, the console) turns what a person did into a
//! [`Request`], hands it to [`crate::table::Table::handle`], and performs the
//! [`Outgoing`] effects it gets back, in order. Both front ends are thin
//! translations of these types, so they behave identically.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Discord's limits, which every [`Message`] respects.
pub mod limits {
    /// Rows of components per message.
    pub const ROWS: usize = 5;
    /// Buttons per row.
    pub const BUTTONS_PER_ROW: usize = 5;
    /// Options of one select menu.
    pub const SELECT_OPTIONS: usize = 25;
    /// Characters of a button label.
    pub const BUTTON_LABEL: usize = 80;
    /// Characters of a select option's label, value or description.
    pub const OPTION_TEXT: usize = 100;
    /// Characters of a select placeholder.
    pub const PLACEHOLDER: usize = 150;
    /// Characters of a custom id.
    pub const CUSTOM_ID: usize = 100;
    /// Characters of a message's content.
    pub const CONTENT: usize = 2000;
    /// Characters of an embed title.
    pub const EMBED_TITLE: usize = 256;
    /// Characters of an embed description.
    pub const EMBED_DESCRIPTION: usize = 4096;
    /// Fields of an embed.
    pub const EMBED_FIELDS: usize = 25;
    /// Characters of a field name.
    pub const FIELD_NAME: usize = 256;
    /// Characters of a field value.
    pub const FIELD_VALUE: usize = 1024;
    /// Characters of an embed footer.
    pub const FOOTER: usize = 2048;
    /// Characters of a whole embed (title, description, fields, footer).
    pub const EMBED_TOTAL: usize = 6000;
    /// Characters of a thread name.
    pub const THREAD_NAME: usize = 100;
}

/// A user id as the front end knows it (a Discord snowflake, or the
/// console's `@name`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub String);

impl UserId {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for UserId {
    fn from(s: &str) -> Self {
        UserId(s.to_owned())
    }
}

/// A person: id, display name, and whether the account is a bot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserRef {
    /// Stable id.
    pub id: UserId,
    /// Display name, as shown in posts ("Alice").
    pub name: String,
    /// True for bot accounts, which cannot be challenged.
    #[serde(default)]
    pub bot: bool,
}

impl UserRef {
    /// A human user.
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> Self {
        UserRef { id: UserId(id.into()), name: name.into(), bot: false }
    }
}

/// Where a request was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// The server, when there is one.
    pub guild: Option<String>,
    /// The channel (for a thread: its parent channel).
    pub channel: String,
    /// The thread, when the request was made inside one.
    pub thread: Option<String>,
}

impl Place {
    /// A channel outside any thread.
    pub fn channel(channel: impl Into<String>) -> Self {
        Place { guild: None, channel: channel.into(), thread: None }
    }
    /// A thread of `channel`.
    pub fn thread(channel: impl Into<String>, thread: impl Into<String>) -> Self {
        Place { guild: None, channel: channel.into(), thread: Some(thread.into()) }
    }
    /// The thread if any, else the channel: where a reply in place goes.
    pub fn here(&self) -> Target {
        match &self.thread {
            Some(t) => Target::Thread(t.clone()),
            None => Target::Channel(self.channel.clone()),
        }
    }
}

/// One thing a person did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Who did it.
    pub user: UserRef,
    /// Where.
    pub place: Place,
    /// What.
    pub kind: RequestKind,
}

/// The three ways to talk to the bot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RequestKind {
    /// A slash command.
    Slash(Command),
    /// A button press, routed by its custom id.
    Click {
        /// The button's custom id.
        custom_id: String,
    },
    /// A select-menu choice.
    Select {
        /// The menu's custom id.
        custom_id: String,
        /// The chosen option's value.
        value: String,
    },
}

/// A slash command with its options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// `/challenge opponent game [deck] [deadline_hours] [variant]`: invite someone to a match.
    Challenge {
        /// Who is challenged.
        opponent: UserRef,
        /// Game key or name ("spheres").
        game: String,
        /// Starter deck or saved deck; asked for later when absent.
        deck: Option<String>,
        /// Hours per decision before the opponent may claim the win (default 72).
        deadline_hours: Option<u32>,
        /// Rules variant ("first-draft").
        variant: Option<String>,
    },
    /// `/hand`: your hand and private choices in this thread's match.
    Hand,
    /// `/board`: post the board of this thread's match again.
    Board,
    /// `/concede`: give up this thread's match.
    Concede,
    /// `/matches`: your matches.
    Matches,
    /// `/deck …`: saved deck lists.
    Deck(DeckCommand),
    /// `/settings`: show or change your play settings.
    Settings {
        /// Stop for every single-choice prompt instead of letting autopilot answer.
        hold_priority: Option<bool>,
        /// Turn reminders by direct message.
        reminders: Option<bool>,
    },
    /// `/games`: the games and their starter decks.
    Games,
    /// `/card name`: look a card up.
    Card {
        /// Card name, roughly.
        name: String,
        /// Game to search (all when absent).
        game: Option<String>,
    },
    /// `/rule query`: look a ruling up.
    Rule {
        /// Words or a section number.
        query: String,
        /// Game to search (all when absent).
        game: Option<String>,
    },
}

/// `/deck` subcommands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckCommand {
    /// Your saved decks.
    List,
    /// One deck's list.
    Show {
        /// Deck name.
        name: String,
        /// Game, when two games have a deck of that name.
        game: Option<String>,
    },
    /// Save a deck list ("3 Ember Drake" per line or comma-separated).
    Import {
        /// Deck name.
        name: String,
        /// Game key.
        game: String,
        /// The list.
        list: String,
    },
    /// Delete a saved deck.
    Delete {
        /// Deck name.
        name: String,
        /// Game, when two games have a deck of that name.
        game: Option<String>,
    },
    /// The deck list as text to copy.
    Export {
        /// Deck name.
        name: String,
        /// Game, when two games have a deck of that name.
        game: Option<String>,
    },
}

/// Where a post goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// A channel, by id.
    Channel(String),
    /// A thread, by id.
    Thread(String),
    /// The thread of this match, opened by an [`Outgoing::CreateThread`]
    /// earlier in the same batch (its id is not known to the table yet).
    MatchThread(i64),
}

/// What a post is, so the table can track it once the front end reports its
/// message id through [`crate::table::Table::posted`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PostKey {
    /// The board of a match at a version.
    Board {
        /// The match.
        match_id: i64,
        /// The version the board shows.
        version: i64,
    },
    /// A challenge post.
    Challenge(i64),
}

/// An effect the front end must carry out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outgoing {
    /// A public message. `mentions` are pinged (Discord prepends `<@id>`s,
    /// the console `@name`s); the content itself never embeds mentions.
    Post {
        /// Where.
        target: Target,
        /// What.
        message: Message,
        /// Who is pinged.
        mentions: Vec<UserId>,
        /// Report the new message's id with `Table::posted(key, id)`.
        key: Option<PostKey>,
    },
    /// Open a thread under `parent_channel` for a match; then report its id
    /// with `Table::thread_created(match_id, thread_id)`.
    CreateThread {
        /// The channel the challenge was made in.
        parent_channel: String,
        /// "Alice vs Bob · Spheres".
        name: String,
        /// The match it holds.
        match_id: i64,
    },
    /// A message only `to` sees: always the person who made the request
    /// (Discord sends it as the ephemeral interaction reply).
    Ephemeral {
        /// The requester.
        to: UserId,
        /// What.
        message: Message,
    },
    /// Remove the buttons and menus of an earlier post (a superseded board,
    /// an answered challenge).
    StripComponents {
        /// Where the message is.
        target: Target,
        /// Its message id, as reported through `Table::posted`.
        message_ref: String,
    },
    /// A direct message (turn reminders).
    DirectMessage {
        /// Recipient.
        to: UserId,
        /// Plain text.
        text: String,
    },
}

/// A message: text, an optional embed, components.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Message {
    /// Plain text above the embed.
    pub content: String,
    /// The embed, if any.
    pub embed: Option<Embed>,
    /// Buttons and selects; see [`Message::rows`] for the layout.
    pub components: Vec<Component>,
}

/// An embed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Embed {
    /// Title.
    pub title: String,
    /// Main text.
    pub description: String,
    /// Fields, in order.
    pub fields: Vec<EmbedField>,
    /// Small text at the bottom.
    pub footer: Option<String>,
}

/// One embed field.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EmbedField {
    /// Field name.
    pub name: String,
    /// Field text.
    pub value: String,
    /// Shown side by side with neighbours.
    pub inline: bool,
}

/// Colour of a button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ButtonStyle {
    /// Blurple: the usual choice.
    Primary,
    /// Grey: secondary choices, navigation.
    Secondary,
    /// Green: accept, confirm.
    Success,
    /// Red: decline, concede.
    Danger,
}

/// A message component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Component {
    /// A button.
    Button {
        /// Routing id (see `table::custom_id`).
        custom_id: String,
        /// Text on the button.
        label: String,
        /// Colour.
        style: ButtonStyle,
        /// Shown but not clickable.
        disabled: bool,
    },
    /// A select menu (takes a whole row).
    Select {
        /// Routing id; the chosen option's value comes with it.
        custom_id: String,
        /// Text shown before a choice.
        placeholder: String,
        /// The options.
        options: Vec<SelectOption>,
    },
}

/// One option of a select menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectOption {
    /// What the person reads.
    pub label: String,
    /// What comes back in [`RequestKind::Select`].
    pub value: String,
    /// A line under the label.
    pub description: Option<String>,
}

impl Component {
    /// An enabled button.
    pub fn button(custom_id: impl Into<String>, label: impl Into<String>, style: ButtonStyle) -> Self {
        Component::Button {
            custom_id: custom_id.into(),
            label: truncate(&label.into(), limits::BUTTON_LABEL),
            style,
            disabled: false,
        }
    }
    /// The routing id.
    pub fn custom_id(&self) -> &str {
        match self {
            Component::Button { custom_id, .. } | Component::Select { custom_id, .. } => custom_id,
        }
    }
}

impl Message {
    /// A message of plain text.
    pub fn text(content: impl Into<String>) -> Self {
        Message { content: truncate(&content.into(), limits::CONTENT), ..Default::default() }
    }

    /// The components laid out in rows: consecutive buttons fill rows of
    /// five; a select takes a row of its own.
    pub fn rows(&self) -> Vec<Vec<&Component>> {
        let mut rows: Vec<Vec<&Component>> = Vec::new();
        let mut open_button_row = false;
        for c in &self.components {
            match c {
                Component::Button { .. } => {
                    let full = rows.last().is_none_or(|r| r.len() >= limits::BUTTONS_PER_ROW);
                    if open_button_row && !full {
                        rows.last_mut().expect("open row exists").push(c);
                    } else {
                        rows.push(vec![c]);
                        open_button_row = true;
                    }
                }
                Component::Select { .. } => {
                    rows.push(vec![c]);
                    open_button_row = false;
                }
            }
        }
        rows
    }

    /// Every Discord limit this message breaks, in words (empty when it
    /// may be sent as is).
    pub fn limit_violations(&self) -> Vec<String> {
        let mut bad = Vec::new();
        let mut check = |what: &str, text: &str, max: usize| {
            let n = text.chars().count();
            if n > max {
                bad.push(format!("{what} has {n} characters (at most {max})"));
            }
        };
        check("content", &self.content, limits::CONTENT);
        if let Some(e) = &self.embed {
            check("embed title", &e.title, limits::EMBED_TITLE);
            check("embed description", &e.description, limits::EMBED_DESCRIPTION);
            for f in &e.fields {
                check("field name", &f.name, limits::FIELD_NAME);
                check("field value", &f.value, limits::FIELD_VALUE);
            }
            if let Some(footer) = &e.footer {
                check("footer", footer, limits::FOOTER);
            }
        }
        for c in &self.components {
            check("custom id", c.custom_id(), limits::CUSTOM_ID);
            match c {
                Component::Button { label, .. } => check("button label", label, limits::BUTTON_LABEL),
                Component::Select { placeholder, options, .. } => {
                    check("placeholder", placeholder, limits::PLACEHOLDER);
                    for o in options {
                        check("option label", &o.label, limits::OPTION_TEXT);
                        check("option value", &o.value, limits::OPTION_TEXT);
                        if let Some(d) = &o.description {
                            check("option description", d, limits::OPTION_TEXT);
                        }
                    }
                }
            }
        }
        if let Some(e) = &self.embed {
            if e.fields.len() > limits::EMBED_FIELDS {
                bad.push(format!("{} embed fields (at most {})", e.fields.len(), limits::EMBED_FIELDS));
            }
            if e.total_chars() > limits::EMBED_TOTAL {
                bad.push(format!(
                    "embed totals {} characters (at most {})",
                    e.total_chars(),
                    limits::EMBED_TOTAL
                ));
            }
        }
        for c in &self.components {
            if let Component::Select { options, .. } = c {
                if options.is_empty() || options.len() > limits::SELECT_OPTIONS {
                    bad.push(format!("a select with {} options (1 to 25)", options.len()));
                }
            }
        }
        let mut ids: Vec<&str> = self.components.iter().map(Component::custom_id).collect();
        ids.sort_unstable();
        if ids.windows(2).any(|w| w[0] == w[1]) {
            bad.push("two components share a custom id".to_owned());
        }
        let rows = self.rows().len();
        if rows > limits::ROWS {
            bad.push(format!("{rows} component rows (at most {})", limits::ROWS));
        }
        bad
    }
}

impl Embed {
    /// Characters counted against Discord's 6000 total.
    pub fn total_chars(&self) -> usize {
        let n = |s: &str| s.chars().count();
        n(&self.title)
            + n(&self.description)
            + self.fields.iter().map(|f| n(&f.name) + n(&f.value)).sum::<usize>()
            + self.footer.as_deref().map_or(0, n)
    }
}

/// `text` cut to at most `max` characters, ending in "…" when cut.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    if max == 0 {
        return String::new();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_fill_rows_of_five_and_selects_take_a_row() {
        let b = |i: usize| Component::button(format!("b{i}"), "x", ButtonStyle::Primary);
        let mut m = Message::text("hi");
        m.components = (0..7).map(b).collect();
        m.components.push(Component::Select {
            custom_id: "s".into(),
            placeholder: "p".into(),
            options: vec![SelectOption { label: "a".into(), value: "a".into(), description: None }],
        });
        m.components.push(b(9));
        let rows: Vec<usize> = m.rows().iter().map(Vec::len).collect();
        assert_eq!(rows, vec![5, 2, 1, 1]);
        assert!(m.limit_violations().is_empty());
    }

    #[test]
    fn truncate_counts_characters_not_bytes() {
        assert_eq!(truncate("ééééé", 3), "éé…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abc", 0), "");
    }
}
