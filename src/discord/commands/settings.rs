use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;
use poise::ChoiceParameter as _;

/// The choices of `board` and `server_board` (the table reads the word,
/// as it reads the console's).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardChoice {
    /// Text only.
    #[name = "text"]
    Text,
    /// The picture, with the board's head.
    #[name = "image"]
    Image,
    /// Picture and text.
    #[name = "both"]
    Both,
}

/// Show your play settings, or change them.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Boards and your hand as text (the default), image (a picture of the table) or both"]
    board: Option<BoardChoice>,
    #[description = "Stop at every decision instead of letting the autopilot answer forced ones"]
    hold_priority: Option<bool>,
    #[description = "Remind you by direct message (off: a ping in the match thread, the default)"]
    reminders: Option<bool>,
    #[description = "Send your hand by direct message when your turn begins (on by default; off: a thread ping)"]
    turn_dm: Option<bool>,
    #[description = "Pass for you when you have no answer, even if that tells opponents you had none"]
    auto_pass: Option<bool>,
    #[description = "Standing orders for all your matches, comma-separated (e.g. never-block), or none"]
    orders: Option<String>,
    #[description = "Windows to be asked at (e.g. end,attackers), no-<window> to skip one, or default"]
    stops: Option<String>,
    #[description = "Server managers: this server's board default for players who chose none"]
    server_board: Option<BoardChoice>,
    #[description = "Server managers: active matches one member may play at once here (default 10)"]
    #[min = 1]
    #[max = 100]
    member_matches: Option<i64>,
    #[description = "Server managers: active matches at once in this server (default 200)"]
    #[min = 1]
    #[max = 5000]
    server_matches: Option<i64>,
) -> Result<(), Error> {
    // Set from the member's permissions when the command is answered.
    let manager = false;
    let command = Command::Settings {
        hold_priority,
        reminders,
        turn_dm,
        auto_pass,
        orders,
        stops,
        board: board.map(|b| b.name().to_owned()),
        server_board: server_board.map(|b| b.name().to_owned()),
        manager,
    };
    let command = if member_matches.is_some() || server_matches.is_some() {
        Command::ServerCaps { member_matches, server_matches, manager, settings: Box::new(command) }
    } else {
        command
    };
    submit(ctx, command).await
}
