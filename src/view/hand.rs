//! A seat's private view: the hand, private news and private choices.
//! Always sent as an ephemeral message to that seat's player.

use super::board::{board_title, fold_events, zone_lines};
use super::fit::{fit_message, join_within, wrap, LINE_WIDTH};
use super::message::{
    limits, truncate, ButtonStyle, Component, Embed, EmbedField, Message, Picture, SelectOption,
};
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
    /// Offer the *Hint* button (a match against the computer, the seat
    /// to act).
    pub hint: bool,
}

/// The hand message for `view` (a `Viewer::Seat` view).
pub fn hand(view: &TableView, ctx: &HandContext<'_>) -> Message {
    let mut description = Vec::new();
    let to_act = ctx.seat.is_some_and(|s| view.waiting_for.contains(&s));
    let head = if let Some(o) = &view.outcome {
        format!("🏁 The game is over. {}", o.reason)
    } else if to_act {
        view.prompt.clone().unwrap_or_else(|| "Your move.".to_owned())
    } else {
        let what = view.hand_title.as_deref().map_or("hand".to_owned(), str::to_lowercase);
        format!("Not your move right now; here is your {what}.")
    };
    description.extend(wrap(&head, LINE_WIDTH));
    // The hand goes in the description, whole: two short lines a card.
    let hand = view.hand.clone().unwrap_or_default();
    let lines: Vec<String> = hand.iter().map(hand_card).collect();
    let title = view.hand_title.as_deref().unwrap_or("Hand");
    description.push(format!("\n__{title} · {}__", count(hand.len())));
    if !lines.is_empty() {
        description.push(join_within(&lines, 2400));
    }
    if !ctx.news.is_empty() {
        let lines: Vec<String> =
            fold_events(ctx.news).iter().map(|e| wrap(&format!("• {e}"), LINE_WIDTH).join("\n")).collect();
        description.push(format!("\n__Since your last move__\n{}", join_within(&lines, 1200)));
    }
    if !ctx.orders.is_empty() {
        let orders = format!("Your standing orders here: {}", ctx.orders.join(", "));
        let mut lines = wrap(&orders, LINE_WIDTH);
        lines[0] = lines[0].replacen("Your standing orders here", "__Your standing orders here__", 1);
        description.push(format!("\n{}", lines.join("\n")));
    }

    let mut fields = Vec::new();
    if let Some(me) = ctx.seat.and_then(|s| view.seats.iter().find(|v| v.seat == Some(s))) {
        let zones: Vec<String> = me.zones.iter().flat_map(|z| zone_lines(&z.name, &z.cards)).collect();
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
        if components.is_empty() {
            // Nothing to choose now: the hand says so, and keeps a button of
            // its match, so the front end keeps this reply to refresh in
            // place when the match comes back to the player.
            components.push(Component::button(
                CustomId::Hand { match_id: ctx.match_id }.encode(),
                "Show my hand again",
                ButtonStyle::Secondary,
            ));
        }
        if ctx.hint && to_act && components.len() < limits::ROWS * limits::BUTTONS_PER_ROW {
            components.push(Component::button(
                CustomId::Hint { match_id: ctx.match_id, version: ctx.version }.encode(),
                "Hint",
                ButtonStyle::Secondary,
            ));
        }
        // Conceding is the player's own business: in their hand, last
        // (it asks for a confirmation), not on the public board.
        if ctx.seat.is_some() {
            components.push(Component::button(
                CustomId::Concede { match_id: ctx.match_id }.encode(),
                "Concede",
                ButtonStyle::Danger,
            ));
            let probe = Message { components: components.clone(), ..Default::default() };
            if probe.rows().len() > limits::ROWS {
                components.pop();
            }
        }
    }

    let mut message = Message {
        content: String::new(),
        embed: Some(Embed {
            title: format!("Your hand · {}", board_title(view, ctx.match_id)),
            description: description.join("\n"),
            fields,
            footer: Some(
                wrap(
                    &format!(
                        "Match #{} · move {} · only you can see this · full card text: /card",
                        ctx.match_id, ctx.version
                    ),
                    LINE_WIDTH,
                )
                .join("\n"),
            ),
        }),
        components,
        picture: ctx.seat.map(|s| Picture::Wanted {
            match_id: ctx.match_id,
            version: ctx.version,
            seat: Some(s.0),
        }),
    };
    fit_message(&mut message);
    message
}

/// "1 card", "5 cards".
fn count(n: usize) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}

/// A hand card: its name on a line, its detail under it (at most
/// [`LINE_WIDTH`] characters a line).
fn hand_card(c: &CardView) -> String {
    // The whole name, wrapped at a phone's width (never cut).
    let name = wrap(&truncate(&c.name, 3 * (LINE_WIDTH - 2)), LINE_WIDTH - 2).join("**\n  **");
    if c.detail.is_empty() {
        format!("• **{name}**")
    } else {
        let detail = wrap(&truncate(&c.detail, 4 * (LINE_WIDTH - 2)), LINE_WIDTH - 2);
        format!("• **{name}**\n  {}", detail.join("\n  "))
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
    let merged = merge_identical(offers);
    let (passes, moves): (Vec<&Offer>, Vec<&Offer>) = merged.iter().partition(|o| o.pass);
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

/// `offers` with the ones of the same label and kind as one (the first),
/// counted in its label ("Tap Emberwake Pillar ×3"): identical buttons do
/// the same thing, so one is enough, on the board as in the hand.
fn merge_identical(offers: &[Offer]) -> Vec<Offer> {
    let mut out: Vec<Offer> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    for o in offers {
        match out.iter().position(|x| x.label == o.label && x.pass == o.pass) {
            Some(i) => counts[i] += 1,
            None => {
                out.push(o.clone());
                counts.push(1);
            }
        }
    }
    for (o, n) in out.iter_mut().zip(counts) {
        if n > 1 {
            o.label = format!("{} ×{n}", o.label);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::engine::CardView;

    #[test]
    fn identical_choices_are_one_button_counted_in_its_label() {
        let offer = |index: usize, label: &str, pass: bool| Offer {
            label: label.into(),
            choice: crate::view::Choice::Now { index },
            pass,
        };
        let offers = [
            offer(0, "Tap Emberwake Pillar", false),
            offer(1, "Tap Emberwake Pillar", false),
            offer(2, "Cast Ember Bolt", false),
            offer(3, "Tap Emberwake Pillar", false),
            offer(4, "Pass", true),
        ];
        let labels: Vec<String> = choices(&offers, 1, 2, 0, 23)
            .iter()
            .map(|c| match c {
                Component::Button { label, .. } => label.clone(),
                Component::Select { .. } => panic!("a few choices are buttons"),
            })
            .collect();
        assert_eq!(labels, ["Tap Emberwake Pillar ×3", "Cast Ember Bolt", "Pass"]);
    }

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
                let ctx = HandContext { match_id: 1, version: 2, seat: Some(Seat(0)), news: &news, actions: refs, page, orders: &[], hint: page % 2 == 0 };
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
            // Identical choices are one button (the first of them).
            prop_assert_eq!(reachable.len(), merge_identical(&actions).len());
        }
    }
}
