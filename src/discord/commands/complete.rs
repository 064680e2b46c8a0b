//! Autocomplete for command options.

use crate::discord::Context;

/// Games whose key or name starts with (or contains) what was typed.
pub async fn game(_ctx: Context<'_>, partial: &str) -> Vec<String> {
    let partial = partial.to_lowercase();
    crate::games::GAMES.iter().filter(|g| g.key.contains(&partial) || g.name.to_lowercase().contains(&partial)).map(|g| g.key.to_owned()).collect()
}
pub async fn variant(_ctx: Context<'_>, _partial: &str) -> Vec<String> { vec![] }
pub async fn deck(_ctx: Context<'_>, _partial: &str) -> Vec<String> { vec![] }
pub async fn card(_ctx: Context<'_>, _partial: &str) -> Vec<String> { vec![] }
