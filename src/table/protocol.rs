//! The transport-agnostic protocol between the table and its front ends.
//!
//! A front end (Discord, the console) turns what a person did into a
//! [`Request`], hands it to [`crate::table::Table::handle`], and performs the
//! [`Outgoing`] effects it gets back, in order. Both front ends are thin
//! translations of these types, so they behave identically.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::view::Message;

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

    /// The computer opponent, as a front end names it when a person
    /// challenges the bot itself (Discord: the bot's own user; the
    /// console: `@cardtable`), shown as `name`.
    pub fn computer(name: impl Into<String>) -> Self {
        UserRef { id: UserId(super::computer::COMPUTER.to_owned()), name: name.into(), bot: true }
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

impl Request {
    /// Every person the request names (the requester first), to check
    /// their names once for all.
    pub(crate) fn people_mut(&mut self) -> Vec<&mut UserRef> {
        let mut people = vec![&mut self.user];
        if let RequestKind::Slash(cmd) = &mut self.kind {
            match cmd {
                Command::Challenge { opponent, seating, .. } => {
                    people.push(opponent);
                    let Seating { others, partner, .. } = &mut **seating;
                    people.extend(others.iter_mut());
                    people.extend(partner.as_mut());
                }
                Command::Stats { player, .. } | Command::History { player, .. } => {
                    people.extend(player.as_mut())
                }
                _ => {}
            }
        }
        people
    }
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

/// Who else plays a challenge and how the table is set: the opponents
/// after the first, the challenger's partner in team play, the mode, how
/// decks are built, and the match options (a series, a time limit).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seating {
    /// Opponents after `opponent`, in the order they were named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<UserRef>,
    /// The challenger's teammate (team play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partner: Option<UserRef>,
    /// The multiplayer mode ("teams").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// The deck assembly method ("closed-draft").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assembly: Option<String>,
    /// `match:` as typed: "best-of-3", or "single" (the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<String>,
    /// `time_limit:` as typed: "7d", "36h", "2d12h", or "none".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit: Option<String>,
    /// `level:` as typed, for a match against the computer: "easy",
    /// "normal" (the default) or "hard".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
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
        /// Rules variants, comma-separated ("first-draft").
        variant: Option<String>,
        /// More players and how they sit, for games of three or more.
        #[serde(default)]
        seating: Box<Seating>,
    },
    /// `/hand`: your hand and private choices in this thread's match.
    Hand,
    /// `/board`: post the board of this thread's match again.
    Board,
    /// `/concede`: give up this thread's match.
    Concede,
    /// `/matches`: your matches.
    Matches,
    /// `/resume [match]`: play on a paused match (its thread was locked,
    /// deleted, or its channel is gone).
    Resume {
        /// The match's number (from `/matches`); else the thread's, or the
        /// requester's only paused match.
        #[serde(default)]
        match_id: Option<i64>,
    },
    /// `/end-match [match]`: a server moderator ends a match without a
    /// result.
    EndMatch {
        /// The match's number; else the thread's.
        #[serde(default)]
        match_id: Option<i64>,
        /// Whether Discord says the requester may manage threads or the
        /// server: set by the front end from the interaction, never typed.
        #[serde(default)]
        moderator: bool,
    },
    /// `/privacy [erase] [confirm]`: what the bot keeps about you, as a
    /// file; with `erase`, erase it (only with `confirm: yes`).
    Privacy {
        /// Erase my data (asks for `confirm`).
        #[serde(default)]
        erase: Option<bool>,
        /// `yes`, to confirm the erasure.
        #[serde(default)]
        confirm: Option<String>,
    },
    /// `/deck …`: saved deck lists.
    Deck(DeckCommand),
    /// `/settings`: show or change your play settings.
    Settings {
        /// Stop for every single-choice prompt instead of letting autopilot answer.
        hold_priority: Option<bool>,
        /// Turn reminders by direct message.
        reminders: Option<bool>,
        /// The hand by direct message when the player's turn begins.
        #[serde(default)]
        turn_dm: Option<bool>,
        /// Let the table pass for you when you have no answer, even when
        /// only your hidden cards show it.
        auto_pass: Option<bool>,
        /// Standing orders for every match: comma-separated keys, or "none".
        orders: Option<String>,
        /// Stops for every match: comma-separated window keys to be asked
        /// at, `no-<key>` to skip one, or "default".
        #[serde(default)]
        stops: Option<String>,
        /// How boards and hands are shown to me: `text`, `image` or `both`.
        #[serde(default)]
        board: Option<String>,
        /// The server's default for players who chose no `board` (server
        /// managers only).
        #[serde(default)]
        server_board: Option<String>,
        /// Whether the requester may manage the server (Discord's Manage
        /// Server permission, as the front end read it from the request).
        #[serde(default)]
        manager: bool,
    },
    /// `/settings` with a server's caps on active matches (server managers
    /// only), then the rest of `settings` as `/settings` alone does.
    ServerCaps {
        /// Active matches one member may sit in at once in the server.
        #[serde(default)]
        member_matches: Option<i64>,
        /// Active matches at once in the server.
        #[serde(default)]
        server_matches: Option<i64>,
        /// Whether the requester may manage the server (as for `Settings`).
        #[serde(default)]
        manager: bool,
        /// The `Settings` asked for with them.
        settings: Box<Command>,
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
    /// `/stats [player] [game] [private]`: a player's ratings and record on
    /// this server; `private` keeps the requester's own stats to themselves.
    Stats {
        /// Whose (the requester when absent).
        player: Option<UserRef>,
        /// Game key or name (every game when absent).
        game: Option<String>,
        /// Keep my stats private (on) or show them again (off).
        private: Option<bool>,
    },
    /// `/leaderboard game [show]`: the server's best players of a game;
    /// `show` switches it on or off (server managers only).
    Leaderboard {
        /// Game key or name.
        game: String,
        /// Switch the server's leaderboard on or off.
        show: Option<bool>,
        /// Whether the requester may manage the server (Discord's Manage
        /// Server permission, as the front end read it from the request).
        manager: bool,
    },
    /// `/history [player] [game] [match]`: a player's last finished
    /// matches; `match` attaches one match's record as a file.
    History {
        /// Whose (the requester when absent).
        player: Option<UserRef>,
        /// Game key or name (every game when absent).
        game: Option<String>,
        /// A match number, to get its record (setup and action log) as a file.
        match_id: Option<i64>,
    },
}

impl Command {
    /// `/settings` with no option given: shows the settings (`manager`:
    /// the server's, asked by a server manager).
    pub fn no_settings(manager: bool) -> Self {
        Command::Settings {
            hold_priority: None,
            reminders: None,
            turn_dm: None,
            auto_pass: None,
            orders: None,
            stops: None,
            board: None,
            server_board: None,
            manager,
        }
    }
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
    /// with `Table::thread_created(match_id, thread_id)`. Later posts of
    /// the batch that quote `name` ("… in the thread \"Alice vs Bob ·
    /// Spheres #1\"") may show a link to the thread there instead. If it
    /// cannot be opened, report that with `Table::thread_failed`: the
    /// ticker opens it later (or the match's next post does).
    CreateThread {
        /// The channel the challenge was made in.
        parent_channel: String,
        /// "Alice vs Bob · Spheres #2" (players, game, match number).
        name: String,
        /// The match it holds.
        match_id: i64,
    },
    /// Replace an earlier post in place (the live board, while one player
    /// goes on with their turn): nobody is pinged. Then report the id with
    /// `Table::posted(key, message_ref)`. If the message is gone, post
    /// `message` anew instead (and report the new id).
    Edit {
        /// Where the message is.
        target: Target,
        /// Its message id, as reported through `Table::posted`.
        message_ref: String,
        /// The new content and components.
        message: Message,
        /// Report the edit with `Table::posted(key, message_ref)`.
        key: Option<PostKey>,
    },
    /// A message only `to` sees: always the person who made the request
    /// (Discord sends it as the ephemeral interaction reply). When the
    /// request was a click on one of the requester's own private messages
    /// (a button of their hand), the Discord adapter shows it in place of
    /// that message, as it does [`Outgoing::Replace`]: a hand refreshed
    /// by a click does not pile up copies.
    Ephemeral {
        /// The requester.
        to: UserId,
        /// What.
        message: Message,
    },
    /// The answer to a click on a private message of the requester's own
    /// (a `/rule` answer's section buttons): shown in place of that message,
    /// so following parents and subrules does not pile up answers. A click
    /// on a public message, or a front end that cannot replace, shows it as
    /// an [`Outgoing::Ephemeral`].
    Replace {
        /// The requester.
        to: UserId,
        /// What.
        message: Message,
    },
    /// Like [`Outgoing::Ephemeral`], with one text file attached (a
    /// finished match's record, `/history match:`).
    File {
        /// The requester.
        to: UserId,
        /// What the message says.
        message: Message,
        /// The file's name ("match-12.json").
        file_name: String,
        /// Its contents.
        contents: String,
    },
    /// A newer copy of `to`'s hand in match `match_id`, shown in place of
    /// the last private message of theirs that showed it, when others
    /// moved while they were looking at the table (a quiet window closed,
    /// by the table's pass or a player's): their hand stays live without a
    /// click. Best effort: a front end that can no longer change that
    /// message (Discord keeps an interaction's reply editable for 15
    /// minutes, in the process that answered it) does nothing, and the
    /// player opens their hand again from the board. The table sends it
    /// only when the board was edited in place, pinging nobody.
    RefreshHand {
        /// The player.
        to: UserId,
        /// The match whose hand it is.
        match_id: i64,
        /// The hand now.
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
    /// A direct message: a turn reminder (for players who asked for them),
    /// a note that a quiet window is open to them, or the start of their
    /// turn with their hand and its buttons (the `turn_dm` setting), which
    /// they act from as from the hand in the thread. It pings nobody.
    DirectMessage {
        /// Recipient.
        to: UserId,
        /// What: plain text, or a hand with its components.
        message: Message,
        /// What to carry out instead when the message cannot be delivered
        /// (the player's DMs are closed): a ping in the match thread.
        fallback: Option<Box<Outgoing>>,
    },
}

impl Outgoing {
    /// The version of the board this effect posts or edits, if it is one.
    pub fn board_version(&self) -> Option<i64> {
        match self {
            Outgoing::Post { key: Some(PostKey::Board { version, .. }), .. }
            | Outgoing::Edit { key: Some(PostKey::Board { version, .. }), .. } => Some(*version),
            _ => None,
        }
    }
}
