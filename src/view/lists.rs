//! Small messages: challenges, deck choices, and titled lists of lines.

use super::fit::fit_message;
use super::message::{limits, ButtonStyle, Component, Embed, Message, SelectOption};
use super::CustomId;

/// A titled embed of lines (deck lists, matches, games, rulings).
pub fn info(title: &str, lines: &[String], footer: Option<String>) -> Message {
    let mut m = Message {
        content: String::new(),
        embed: Some(Embed {
            title: title.to_owned(),
            description: join_first(lines, limits::EMBED_DESCRIPTION),
            fields: vec![],
            footer,
        }),
        components: vec![],
        picture: None,
    };
    fit_message(&mut m);
    m
}

/// Joins `lines` within `max` characters, keeping the first ones (lists read top-down).
fn join_first(lines: &[String], max: usize) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let extra = line.chars().count() + usize::from(!out.is_empty());
        if out.chars().count() + extra > max.saturating_sub(40) {
            let rest = lines.len() - i;
            out.push_str(&format!("\n… and {rest} more line{}", if rest == 1 { "" } else { "s" }));
            return out;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    out
}

/// What a challenge post says.
#[derive(Debug, Clone)]
pub struct ChallengeInfo {
    /// Challenge id.
    pub id: i64,
    /// Challenger's display name.
    pub challenger: String,
    /// Opponent's display name.
    pub opponent: String,
    /// Game display name.
    pub game: String,
    /// Variant, if any.
    pub variant: Option<String>,
    /// The challenger's deck; `None` when the match builds the decks.
    pub deck: Option<String>,
    /// How decks are assembled ("closed-draft: Packs of 13…"), when a
    /// method was named.
    pub assembly: Option<String>,
    /// Whether accepting asks for a deck.
    pub choose_deck: bool,
    /// Hours per decision.
    pub limit_hours: i64,
    /// Hours the challenge stays open.
    pub expires_in_hours: i64,
    /// Who takes the first turn, when the challenge decides it (a rematch).
    pub first: Option<String>,
}

/// The challenge post with Accept / Decline.
pub fn challenge(c: &ChallengeInfo) -> Message {
    let variant = c.variant.as_deref().map(|v| format!(" ({v})")).unwrap_or_default();
    let mut m = Message {
        content: format!("{} challenges {} to a game of {}{variant}!", c.challenger, c.opponent, c.game),
        embed: Some(Embed {
            title: format!("Challenge #{}: {} vs {} · {}", c.id, c.challenger, c.opponent, c.game),
            description: format!(
                "{}{}{}\nEach decision may take up to {} h; after that the other player may claim the win.\n\
                 {}: press **Accept**{}, or **Decline**.",
                c.deck.as_deref().map(|d| format!("{} brings **{d}**.", c.challenger)).unwrap_or_default(),
                c.assembly.as_deref().map(|a| format!("\nDeck assembly: {a}")).unwrap_or_default(),
                c.first
                    .as_deref()
                    .map(|f| format!("\n{f} takes the first turn (a rematch passes it clockwise)."))
                    .unwrap_or_default(),
                c.limit_hours,
                c.opponent,
                if c.choose_deck { " and choose your deck" } else { " to take your seat (no deck needed)" }
            ),
            fields: vec![],
            footer: Some(format!("Open for {} h", c.expires_in_hours)),
        }),
        components: vec![
            Component::button(CustomId::Accept { challenge: c.id }.encode(), "Accept", ButtonStyle::Success),
            Component::button(CustomId::Decline { challenge: c.id }.encode(), "Decline", ButtonStyle::Danger),
        ],
        picture: None,
    };
    fit_message(&mut m);
    m
}

/// One deck offered when accepting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckOption {
    /// Shown name.
    pub label: String,
    /// Value sent back.
    pub value: String,
    /// One line about it.
    pub description: String,
}

/// Decks per page of the accept select (one row is kept for paging).
pub const DECKS_PER_PAGE: usize = limits::SELECT_OPTIONS;

/// "Choose your deck": a select of decks, paginated.
pub fn deck_choice(challenge: i64, game: &str, decks: &[DeckOption], page: u32) -> Message {
    let pages = decks.len().div_ceil(DECKS_PER_PAGE).max(1) as u32;
    let page = page.min(pages - 1);
    let start = page as usize * DECKS_PER_PAGE;
    let options: Vec<SelectOption> = decks[start.min(decks.len())..(start + DECKS_PER_PAGE).min(decks.len())]
        .iter()
        .map(|d| SelectOption {
            label: d.label.clone(),
            value: d.value.clone(),
            description: (!d.description.is_empty()).then(|| d.description.clone()),
        })
        .collect();
    let mut components = vec![];
    if !options.is_empty() {
        components.push(Component::Select {
            custom_id: CustomId::Deck { challenge }.encode(),
            placeholder: "Choose your deck".into(),
            options,
        });
    }
    if page > 0 {
        components.push(Component::button(
            CustomId::DeckPage { challenge, page: page - 1 }.encode(),
            "◀ Back",
            ButtonStyle::Secondary,
        ));
    }
    if page + 1 < pages {
        components.push(Component::button(
            CustomId::DeckPage { challenge, page: page + 1 }.encode(),
            "More… ▶",
            ButtonStyle::Secondary,
        ));
    }
    let mut m = Message {
        content: format!("Choose the {game} deck you bring (your saved decks, then the starter decks)."),
        embed: None,
        components,
        picture: None,
    };
    fit_message(&mut m);
    m
}
