//! Joining and leaving servers: a server that removes the bot pauses its
//! matches ([`Table::server_left`]); one that has it (added back, or on
//! every connect) resumes them ([`Table::server_present`]).

use serenity::all::FullEvent;
use tracing::error;

use crate::table::Table;

/// What a gateway event says about the bot's servers, if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerChange {
    /// The bot is in this server.
    Present(String),
    /// The bot was removed from this server (kicked, or the server was
    /// deleted).
    Left(String),
}

/// Reads `event`: Discord sends `GuildDelete` with `unavailable` set during
/// an outage, which is not a departure.
pub fn server_change(event: &FullEvent) -> Option<ServerChange> {
    match event {
        FullEvent::GuildCreate { guild, .. } => Some(ServerChange::Present(guild.id.to_string())),
        FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            Some(ServerChange::Left(incomplete.id.to_string()))
        }
        _ => None,
    }
}

/// Tells the table about a server change in `event`.
pub async fn on_event(event: &FullEvent, table: &Table) {
    let done = match server_change(event) {
        Some(ServerChange::Present(guild)) => table.server_present(&guild).await.map(drop),
        Some(ServerChange::Left(guild)) => table.server_left(&guild).await,
        None => return,
    };
    if let Err(e) = done {
        error!("could not record a server change: {e}");
    }
}
