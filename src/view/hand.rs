//! A seat's private view: the hand, private news and private choices.
//! Always sent as an ephemeral message to that seat's player.

use super::board::{board_title, card_list};
use super::fit::{fit_message, join_within};
use super::message::{limits, truncate, ButtonStyle, Component, Embed, EmbedField, Message, SelectOption};
use super::CustomId;
use crate::engine::{ActionView, Seat, TableView};

/// Up to this many choices are buttons; beyond, a paginated select.
pub const HAND_BUTTONS: usize = 20;

/// What the hand shows besides the seat's [`TableView`].
#[derive(Debug, Clone, Default)]
pub struct HandContext<'a> {
    /// The match.
    pub match_id: i64,
    /// The version the choices were offered at.
    pub version: i64,
    /// The viewer's seat.
    pub seat: Option<Seat>,
    /// Private events for this seat since its last move, oldest first.
    pub news: &'a [String],
    /// The choices offered here (those not on the public board).
    pub actions: &'a [&'a ActionView],
    /// Page of the choices (25 per page when they do not fit as buttons).
    pub page: u32,
}

/// The hand message for `view` (a `Viewer::Seat` view).
pub fn hand(view: &TableView, ctx: &HandContext<'_>) -> Message {
    let mut description = Vec::new();
    let to_act = ctx.seat.is_some_and(|s| view.waiting_for.contains(&s));
    if let Some(o) = &view.outcome {
        description.push(format!("🏁 The game is over. {}", o.reason));
    } else if to_act {
        description.push(view.prompt.clone().unwrap_or_else(|| "Your move.".to_owned()));
    } else {
        description.push("Not your move right now; here is your hand.".to_owned());
    }
    if !ctx.news.is_empty() {
        let lines: Vec<String> = ctx.news.iter().map(|e| format!("• {e}")).collect();
        description.push(format!("\n__Since your last move__\n{}", join_within(&lines, 2500)));
    }

    let mut fields = Vec::new();
    let hand = view.hand.clone().unwrap_or_default();
    if hand.is_empty() {
        fields.push(EmbedField { name: "Hand (empty)".into(), value: "—".into(), inline: false });
    } else {
        let lines: Vec<String> = hand
            .iter()
            .map(|c| {
                if c.detail.is_empty() {
                    format!("• {}", c.name)
                } else {
                    format!("• {} — {}", c.name, c.detail)
                }
            })
            .collect();
        // Split the hand over several fields rather than cut it.
        let mut chunk = String::new();
        let mut part = 0;
        for line in lines {
            let line = truncate(&line, 450);
            if chunk.chars().count() + line.chars().count() + 1 > limits::FIELD_VALUE {
                fields.push(hand_field(part, hand.len(), std::mem::take(&mut chunk)));
                part += 1;
            }
            if !chunk.is_empty() {
                chunk.push('\n');
            }
            chunk.push_str(&line);
        }
        fields.push(hand_field(part, hand.len(), chunk));
    }
    if let Some(me) = ctx.seat.and_then(|s| view.seats.iter().find(|v| v.seat == Some(s))) {
        let zones: Vec<String> = me
            .zones
            .iter()
            .filter(|z| !z.cards.is_empty())
            .map(|z| format!("**{}:** {}", z.name, card_list(&z.cards)))
            .collect();
        if !zones.is_empty() {
            fields.push(EmbedField { name: "Your side".into(), value: zones.join("\n"), inline: false });
        }
    }

    let mut components = Vec::new();
    let actions = ctx.actions;
    if view.outcome.is_none() && !actions.is_empty() {
        if actions.len() <= HAND_BUTTONS {
            for a in actions {
                components.push(Component::button(
                    CustomId::Act { match_id: ctx.match_id, version: ctx.version, index: a.index }.encode(),
                    &a.label,
                    ButtonStyle::Primary,
                ));
            }
        } else {
            let pages = actions.len().div_ceil(limits::SELECT_OPTIONS) as u32;
            let page = ctx.page.min(pages - 1);
            let start = page as usize * limits::SELECT_OPTIONS;
            let options = actions[start..(start + limits::SELECT_OPTIONS).min(actions.len())]
                .iter()
                .map(|a| SelectOption {
                    label: truncate(&a.label, limits::OPTION_TEXT),
                    value: a.index.to_string(),
                    description: None,
                })
                .collect();
            components.push(Component::Select {
                custom_id: CustomId::ActSelect { match_id: ctx.match_id, version: ctx.version }.encode(),
                placeholder: format!(
                    "Choose ({} of {} choices, page {}/{pages})",
                    options_len(actions.len(), page),
                    actions.len(),
                    page + 1
                ),
                options,
            });
            if page > 0 {
                components.push(Component::button(
                    CustomId::Page { match_id: ctx.match_id, version: ctx.version, page: page - 1 }.encode(),
                    "◀ Back",
                    ButtonStyle::Secondary,
                ));
            }
            if page + 1 < pages {
                components.push(Component::button(
                    CustomId::Page { match_id: ctx.match_id, version: ctx.version, page: page + 1 }.encode(),
                    "More… ▶",
                    ButtonStyle::Secondary,
                ));
            }
        }
    }

    let mut message = Message {
        content: String::new(),
        embed: Some(Embed {
            title: format!("Your hand · {}", board_title(view, ctx.match_id)),
            description: description.join("\n"),
            fields,
            footer: Some(format!("Match #{} · move {} · only you can see this", ctx.match_id, ctx.version)),
        }),
        components,
    };
    fit_message(&mut message);
    message
}

fn options_len(total: usize, page: u32) -> usize {
    (total - page as usize * limits::SELECT_OPTIONS).min(limits::SELECT_OPTIONS)
}

fn hand_field(part: usize, cards: usize, value: String) -> EmbedField {
    let name = if part == 0 { format!("Hand ({cards})") } else { "Hand (continued)".to_owned() };
    EmbedField { name, value, inline: false }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::engine::{CardView, Placement};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]
        #[test]
        fn every_hand_fits_discord_and_every_choice_is_reachable(
            cards in prop::collection::vec((".{0,120}", ".{0,200}"), 0..200),
            labels in prop::collection::vec(".{0,150}", 0..120),
            news in prop::collection::vec(".{0,300}", 0..50),
        ) {
            let view = TableView {
                game: "Some Game".into(),
                waiting_for: vec![Seat(0)],
                hand: Some(cards.into_iter().map(|(name, detail)| CardView { name, detail }).collect()),
                ..Default::default()
            };
            let actions: Vec<ActionView> = labels
                .into_iter()
                .enumerate()
                .map(|(index, label)| ActionView { index, label, placement: Placement::Hand })
                .collect();
            let refs: Vec<&ActionView> = actions.iter().collect();
            let mut reachable = std::collections::BTreeSet::new();
            let mut page = 0;
            loop {
                let ctx = HandContext { match_id: 1, version: 2, seat: Some(Seat(0)), news: &news, actions: &refs, page };
                let m = hand(&view, &ctx);
                prop_assert_eq!(m.limit_violations(), Vec::<String>::new());
                let mut next = None;
                for c in &m.components {
                    match c {
                        Component::Button { custom_id, .. } => match CustomId::decode(custom_id) {
                            Some(CustomId::Act { index, .. }) => { reachable.insert(index); }
                            Some(CustomId::Page { page: p, .. }) if p > page => next = Some(p),
                            _ => {}
                        },
                        Component::Select { options, .. } => {
                            for o in options { reachable.insert(o.value.parse::<usize>().unwrap()); }
                        }
                    }
                }
                match next { Some(p) => page = p, None => break }
            }
            prop_assert_eq!(reachable.len(), actions.len());
        }
    }
}
