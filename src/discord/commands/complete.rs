//! Autocomplete for command options: suggestions only, read from the game
//! registry, the card databases and the person's saved decks. Whatever is
//! finally typed is still checked by the table.

use poise::serenity_prelude::AutocompleteChoice;

use crate::discord::Context;
use crate::games::GAMES;

/// Discord shows at most 25 suggestions.
const MAX_SUGGESTIONS: usize = 25;

/// Discord's limit on a suggestion's name and value.
const MAX_CHOICE_CHARS: usize = 100;

/// Games whose key or name contains what was typed.
pub async fn game(_ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let candidates = GAMES.iter().map(|g| (g.name().to_owned(), g.key().to_owned()));
    suggest(partial, candidates)
}

/// The multiplayer modes of every game.
pub async fn mode(_ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let candidates = GAMES
        .iter()
        .flat_map(|g| g.info().modes.iter().map(move |m| (format!("{m} ({})", g.name()), (*m).to_owned())));
    suggest(partial, candidates)
}

/// The deck assembly methods of every game ("closed-draft (Spheres)").
pub async fn assembly(_ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let candidates = GAMES.iter().flat_map(|g| {
        g.info()
            .assemblies
            .iter()
            .map(move |a| (format!("{} ({}): {}", a.key, g.name(), a.summary), a.key.to_owned()))
    });
    suggest(partial, candidates)
}

/// The series of every game that offers one ("best-of-3 (Athernum)"),
/// and the default single game.
pub async fn series(_ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let candidates = GAMES
        .iter()
        .flat_map(|g| {
            g.info()
                .best_of
                .iter()
                .map(move |n| (format!("best-of-{n} ({})", g.name()), format!("best-of-{n}")))
        })
        .chain(std::iter::once(("single (one game, the default)".to_owned(), "single".to_owned())));
    suggest(partial, candidates)
}

/// The variants of every game (few enough to list them all).
pub async fn variant(_ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let candidates = GAMES.iter().flat_map(|g| {
        g.info().variants.iter().map(move |v| (format!("{v} ({})", g.name()), (*v).to_owned()))
    });
    suggest(partial, candidates)
}

/// The person's saved decks, then the starter decks.
pub async fn deck(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let owner = ctx.author().id.get().to_string();
    let saved = match ctx.data().table.store().deck_names(&owner).await {
        Ok(decks) => decks,
        Err(e) => {
            tracing::warn!("deck autocomplete: {e}");
            Vec::new()
        }
    };
    let saved = saved.into_iter().map(|(game, name)| (format!("{name} (yours, {game})"), name));
    let library = ctx.data().table.library();
    let starters = GAMES.iter().flat_map(|&g| {
        library
            .catalog(g)
            .starter_decks()
            .into_iter()
            .map(move |d| (format!("{} (starter, {})", d.name, g.name()), d.name))
    });
    suggest(partial, saved.chain(starters).collect::<Vec<_>>())
}

/// Cards close to what was typed, from every game (or the one named first:
/// "certamen:imp"), by any of their names: faces, codes, either part of a two-part
/// name. Ranked by the one fuzzy search; the value is the card's own name.
pub async fn card(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let table = &ctx.data().table;
    table
        .card_choices(partial, MAX_SUGGESTIONS)
        .into_iter()
        .map(|(label, value)| choice(&label, &value))
        .collect()
}

/// The `(label, value)` candidates whose label contains `partial`, those
/// starting with it first; without a duplicate value.
fn suggest(partial: &str, candidates: impl IntoIterator<Item = (String, String)>) -> Vec<AutocompleteChoice> {
    let key = partial.trim().to_lowercase();
    let mut matching: Vec<(bool, String, String)> = candidates
        .into_iter()
        .filter(|(label, _)| label.to_lowercase().contains(&key))
        .map(|(label, value)| (!label.to_lowercase().starts_with(&key), label, value))
        .collect();
    matching.sort_by_key(|m| m.0);
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for (_, label, value) in matching {
        if seen.contains(&value) || value.chars().count() > MAX_CHOICE_CHARS {
            continue;
        }
        seen.push(value.clone());
        out.push(choice(&label, &value));
        if out.len() == MAX_SUGGESTIONS {
            break;
        }
    }
    out
}

fn choice(label: &str, value: &str) -> AutocompleteChoice {
    AutocompleteChoice::new(crate::view::truncate(label, MAX_CHOICE_CHARS), value.to_owned())
}
