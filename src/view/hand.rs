//! A seat's private view: the hand, private news and private choices.
//! Always sent as an ephemeral message to that seat's player.

use super::board::{board_title, card_list};
use super::fit::{fit_message, join_within};
use super::message::{limits, truncate, ButtonStyle, Component, Embed, EmbedField, Message, SelectOption};
use super::{CustomId, Offer};
use crate::engine::{CardView, Seat, TableView};

/// Up to this many choices are buttons; beyond, the moves go in a
/// paginated select and the passes stay buttons.
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
    /// Everything the seat can do now: moves, passes, standing orders.
    pub actions: &'a [Offer],
    /// Page of the moves (25 per page when they do not fit as buttons).
    pub page: u32,
    /// The standing orders the seat gave in this match (labels).
    pub orders: &'a [String],
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
        let what = view.hand_title.as_deref().map_or("hand".to_owned(), str::to_lowercase);
        description.push(format!("Not your move right now; here is your {what}."));
    }
    // The hand goes in the description, whole: two short lines a card.
    let hand = view.hand.clone().unwrap_or_default();
    let lines: Vec<String> = hand.iter().map(hand_card).collect();
    let title = view.hand_title.as_deref().unwrap_or("Hand");
    description.push(format!("\n__{title} · {}__", count(hand.len())));
    if !lines.is_empty() {
        description.push(join_within(&lines, 2400));
    }
    if !ctx.news.is_empty() {
        let lines: Vec<String> = ctx.news.iter().map(|e| format!("• {e}")).collect();
        description.push(format!("\n__Since your last move__\n{}", join_within(&lines, 1200)));
    }
    if !ctx.orders.is_empty() {
        description.push(format!("\n__Your standing orders here__: {}", ctx.orders.join(", ")));
    }

    let mut fields = Vec::new();
    if let Some(me) = ctx.seat.and_then(|s| view.seats.iter().find(|v| v.seat == Some(s))) {
        let zones: Vec<String> = me
            .zones
            .iter()
            .filter(|z| !z.cards.is_empty())
            .map(|z| format!("**{}:** {}", z.name, card_list(&z.cards)))
            .collect();
        if !zones.is_empty() {
            fields.push(EmbedField {
                name: "Your side".into(),
                value: truncate(&zones.join("\n"), limits::FIELD_VALUE),
                inline: false,
            });
        }
    }

    let mut components = Vec::new();
    if view.outcome.is_none() {
        components = choices(ctx.actions, ctx.match_id, ctx.version, ctx.page, HAND_BUTTONS);
        if !ctx.orders.is_empty() && components.len() < limits::ROWS * limits::BUTTONS_PER_ROW {
            components.push(Component::button(
                CustomId::DropOrders { match_id: ctx.match_id }.encode(),
                "Drop my standing orders",
                ButtonStyle::Secondary,
            ));
        }
    }

    let mut message = Message {
        content: String::new(),
        embed: Some(Embed {
            title: format!("Your hand · {}", board_title(view, ctx.match_id)),
            description: description.join("\n"),
            fields,
            footer: Some(format!(
                "Match #{} · move {} · only you can see this · full card text: /card",
                ctx.match_id, ctx.version
            )),
        }),
        components,
    };
    fit_message(&mut message);
    message
}

/// "1 card", "5 cards".
fn count(n: usize) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}

/// A hand card in at most two short lines.
fn hand_card(c: &CardView) -> String {
    let name = truncate(&c.name, 90);
    if c.detail.is_empty() {
        format!("• **{name}**")
    } else {
        format!("• **{name}**\n  {}", truncate(&c.detail, 90))
    }
}

/// Components offering `offers`: moves first (buttons while everything
/// fits in `buttons`, else a select of 25 a page with ◀ / ▶), then the
/// passes, always buttons.
pub(crate) fn choices(
    offers: &[Offer],
    match_id: i64,
    version: i64,
    page: u32,
    buttons: usize,
) -> Vec<Component> {
    let (passes, moves): (Vec<&Offer>, Vec<&Offer>) = offers.iter().partition(|o| o.pass);
    let button =
        |o: &Offer, style| Component::button(o.choice.custom_id(match_id, version).encode(), &o.label, style);
    let mut out = Vec::new();
    if moves.len() + passes.len() <= buttons || moves.is_empty() {
        out.extend(moves.iter().map(|o| button(o, ButtonStyle::Primary)));
    } else {
        let pages = moves.len().div_ceil(limits::SELECT_OPTIONS) as u32;
        let page = page.min(pages - 1);
        let start = page as usize * limits::SELECT_OPTIONS;
        let shown = &moves[start..(start + limits::SELECT_OPTIONS).min(moves.len())];
        out.push(Component::Select {
            custom_id: CustomId::ActSelect { match_id, version }.encode(),
            placeholder: format!(
                "Choose a move ({} of {}, page {}/{pages})",
                shown.len(),
                moves.len(),
                page + 1
            ),
            options: shown
                .iter()
                .map(|o| SelectOption {
                    label: truncate(&o.label, limits::OPTION_TEXT),
                    value: o.choice.select_value(),
                    description: None,
                })
                .collect(),
        });
        if page > 0 {
            out.push(Component::button(
                CustomId::Page { match_id, version, page: page - 1 }.encode(),
                "◀ Back",
                ButtonStyle::Secondary,
            ));
        }
        if page + 1 < pages {
            out.push(Component::button(
                CustomId::Page { match_id, version, page: page + 1 }.encode(),
                "More… ▶",
                ButtonStyle::Secondary,
            ));
        }
    }
    out.extend(passes.iter().take(limits::BUTTONS_PER_ROW).map(|o| button(o, ButtonStyle::Secondary)));
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::engine::CardView;

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
            let actions: Vec<Offer> = labels
                .into_iter()
                .enumerate()
                .map(|(index, label)| Offer {
                    label,
                    choice: crate::view::Choice::Now { index },
                    pass: index % 7 == 3 && index < 30,
                })
                .collect();
            let refs = &actions;
            let mut reachable = std::collections::BTreeSet::new();
            let mut page = 0;
            loop {
                let ctx = HandContext { match_id: 1, version: 2, seat: Some(Seat(0)), news: &news, actions: refs, page, orders: &[] };
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
                            for o in options {
                                let Some(crate::view::Choice::Now { index }) = crate::view::Choice::parse_value(&o.value) else { panic!() };
                                reachable.insert(index);
                            }
                        }
                    }
                }
                match next { Some(p) => page = p, None => break }
            }
            prop_assert_eq!(reachable.len(), actions.len());
        }
    }
}
