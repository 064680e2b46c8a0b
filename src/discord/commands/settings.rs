use super::submit;
use crate::discord::{Context, Error};
use crate::table::Command;

/// Show your play settings, or change them.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
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
) -> Result<(), Error> {
    submit(ctx, Command::Settings { hold_priority, reminders, turn_dm, auto_pass, orders, stops }).await
}
