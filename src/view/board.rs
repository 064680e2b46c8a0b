//! The public board: posted anew at the bottom of the match thread after
//! every resolution.

use super::fit::{fit_message, join_within};
use super::message::{limits, truncate, ButtonStyle, Component, Embed, EmbedField, Message};
use super::{CustomId, Offer};
use crate::engine::{CardView, SeatView, TableView};

/// What the board shows besides the public [`TableView`].
#[derive(Debug, Clone, Default)]
pub struct BoardContext<'a> {
    /// The match.
    pub match_id: i64,
    /// The version the board shows (its buttons carry it).
    pub version: i64,
    /// Public events since the previous board, oldest first.
    pub events: &'a [String],
    /// Choices offered as public buttons (to the single seat to act).
    pub board_actions: &'a [Offer],
    /// A line about the deadline ("Alice has 72 h to answer").
    pub deadline: Option<String>,
    /// A notice above the board (e.g. "this board was rebuilt from the move log").
    pub notice: Option<String>,
    /// Said instead of who must act while the computer decides ("🤖
    /// cardtable is thinking (hard)…").
    pub thinking: Option<String>,
}

/// "Alice vs Bob · Spheres #2", the thread's name: the match number tells
/// apart two matches between the same players.
pub fn board_title(view: &TableView, match_id: i64) -> String {
    let names: Vec<&str> = view.seats.iter().map(|s| s.name.as_str()).collect();
    let who = if names.is_empty() { "Match".to_owned() } else { names.join(" vs ") };
    if view.game.is_empty() {
        format!("{who} #{match_id}")
    } else {
        format!("{who} · {} #{match_id}", view.game)
    }
}

/// The board message: headline, one field per seat, recent events, who
/// must act, and the public buttons.
pub fn board(view: &TableView, ctx: &BoardContext<'_>) -> Message {
    let waiting: Vec<&str> = view
        .waiting_for
        .iter()
        .filter_map(|s| view.seats.iter().find(|v| v.seat == Some(*s)).map(|v| v.name.as_str()))
        .collect();

    let mut head = Vec::new();
    if let Some(notice) = &ctx.notice {
        head.push(format!("⚠ {notice}"));
    }
    if !view.headline.is_empty() {
        head.push(format!("**{}**", view.headline));
    }
    head.extend(view.notes.iter().cloned());
    match &view.outcome {
        Some(o) if view.headline.contains(&o.reason) => {}
        Some(o) => head.push(format!("🏁 **Game over.** {}", o.reason)),
        None => {
            if let Some(p) = &view.prompt {
                head.push(p.clone());
            }
            // Where to answer, on public facts only: every player's choices
            // are in their hand, whatever it holds.
            if let Some(thinking) = &ctx.thinking {
                head.push(thinking.clone());
            } else if let [who] = waiting.as_slice() {
                let here = if ctx.board_actions.is_empty() { "" } else { ", or use the buttons below" };
                head.push(format!("➡ **{who}**: press **My hand** for your cards and every choice{here}."));
            }
        }
    }
    let head = truncate(&head.join("\n"), 1500);
    let events_budget = limits::EMBED_DESCRIPTION.saturating_sub(head.chars().count() + 40);
    let mut description = head;
    if !ctx.events.is_empty() {
        let lines: Vec<String> = ctx.events.iter().map(|e| format!("• {e}")).collect();
        description.push_str("\n\n__Since the last board__\n");
        description.push_str(&join_within(&lines, events_budget.min(1800)));
    }

    let fields =
        table_field(view).into_iter().chain(view.seats.iter().map(|s| seat_field(s, view))).collect();
    let footer = match (&view.outcome, waiting.is_empty()) {
        (Some(_), _) => format!("Match #{} · finished", ctx.match_id),
        (None, true) => format!("Match #{} · move {}", ctx.match_id, ctx.version),
        (None, false) => {
            let mut f = format!(
                "Match #{} · move {} · waiting for {}",
                ctx.match_id,
                ctx.version,
                waiting.join(", ")
            );
            if let Some(d) = &ctx.deadline {
                f.push_str(" · ");
                f.push_str(d);
            }
            f
        }
    };

    let content = match &view.outcome {
        Some(o) => {
            let winners: Vec<&str> = o
                .winners
                .iter()
                .filter_map(|w| view.seats.iter().find(|s| s.seat == Some(*w)).map(|s| s.name.as_str()))
                .collect();
            if winners.is_empty() {
                "The game is over: a draw.".to_owned()
            } else {
                format!("The game is over: {} won!", super::and_list(&winners))
            }
        }
        None if waiting.is_empty() => String::new(),
        None => match &ctx.thinking {
            Some(thinking) => thinking.clone(),
            None => format!("{} to act.", super::and_list(&waiting)),
        },
    };

    let mut components = Vec::new();
    if view.outcome.is_some() {
        components.push(Component::button(
            CustomId::Rematch { match_id: ctx.match_id }.encode(),
            "Rematch",
            ButtonStyle::Success,
        ));
    } else {
        // At most 23 choice buttons (or a select), so these two always fit.
        components = super::hand::choices(ctx.board_actions, ctx.match_id, ctx.version, 0, 23);
        components.push(Component::button(
            CustomId::Hand { match_id: ctx.match_id }.encode(),
            "My hand",
            ButtonStyle::Secondary,
        ));
        components.push(Component::button(
            CustomId::Concede { match_id: ctx.match_id }.encode(),
            "Concede",
            ButtonStyle::Danger,
        ));
    }

    let mut message = Message {
        content,
        embed: Some(Embed {
            title: board_title(view, ctx.match_id),
            description,
            fields,
            footer: Some(footer),
        }),
        components,
    };
    fit_message(&mut message);
    message
}

fn seat_field(seat: &SeatView, view: &TableView) -> EmbedField {
    let acting = seat.seat.is_some_and(|s| view.waiting_for.contains(&s));
    let mut name = seat.name.clone();
    if !seat.alive {
        name.push_str(" (out)");
    } else if acting {
        name.push_str(" ⏳");
    }
    if let Some(o) = &view.outcome {
        if seat.seat.is_some_and(|s| o.winners.contains(&s)) {
            name.push_str(" 🏆");
        }
    }
    let mut lines = Vec::new();
    let counters: Vec<String> = seat
        .counters
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .chain(seat.tokens.iter().map(|t| format!("{} {}", t.name, t.count)))
        .collect();
    if !counters.is_empty() {
        lines.push(counters.join(" · "));
    }
    for z in &seat.zones {
        if z.cards.is_empty() {
            continue;
        }
        lines.push(format!("**{}:** {}", z.name, card_list(&z.cards)));
    }
    if lines.is_empty() {
        lines.push("—".into());
    }
    EmbedField { name, value: truncate(&lines.join("\n"), limits::FIELD_VALUE), inline: false }
}

/// The table's own field, before the seats: shared token pools, shared
/// zones (a location) and the stack, top first. `None` when the game shows
/// none of them.
fn table_field(view: &TableView) -> Option<EmbedField> {
    let mut lines = Vec::new();
    if !view.pools.is_empty() {
        lines.push(
            view.pools.iter().map(|p| format!("{} {}", p.name, p.count)).collect::<Vec<_>>().join(" · "),
        );
    }
    for z in view.shared.iter().filter(|z| !z.cards.is_empty()) {
        lines.push(format!("**{}:** {}", z.name, card_list(&z.cards)));
    }
    if !view.stack.is_empty() {
        lines.push("**Stack** (top first):".into());
        let name_of = |seat| view.seats.iter().find(|s| s.seat == Some(seat)).map(|s| s.name.as_str());
        for (i, item) in view.stack.iter().rev().enumerate() {
            let mut line = format!("{}. {}", i + 1, item.label);
            if let Some(who) = item.controller.and_then(name_of) {
                line.push_str(&format!(" — {who}"));
            }
            if !item.targets.is_empty() {
                line.push_str(&format!(" → {}", item.targets.join(", ")));
            }
            lines.push(line);
        }
    }
    if lines.is_empty() {
        return None;
    }
    Some(EmbedField {
        name: "Table".into(),
        value: truncate(&lines.join("\n"), limits::FIELD_VALUE),
        inline: false,
    })
}

/// "Ember Drake (str 4 · engaged), Fire Imp".
/// Cards as one line; a run of identical cards is written once with its
/// count ("2× Ashfall Titan (…)"), so the order of an ordered zone stays.
pub(crate) fn card_list(cards: &[CardView]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < cards.len() {
        let c = &cards[i];
        let run = cards[i..].iter().take_while(|x| *x == c).count();
        let one = if c.detail.is_empty() { c.name.clone() } else { format!("{} ({})", c.name, c.detail) };
        out.push(if run > 1 { format!("{run}× {one}") } else { one });
        i += run;
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::engine::{Outcome, PoolView, Seat, StackItemView, ZoneView};

    fn text() -> impl Strategy<Value = String> {
        prop_oneof![".{0,20}", ".{0,300}", "[a-z ]{0,3000}"]
    }

    fn short() -> impl Strategy<Value = String> {
        prop_oneof![4 => ".{0,30}", 1 => "[a-z ]{0,400}"]
    }

    fn card() -> impl Strategy<Value = CardView> {
        (short(), short()).prop_map(|(name, detail)| CardView { name, detail })
    }

    fn seat(i: u8) -> impl Strategy<Value = SeatView> {
        (
            text(),
            prop::collection::vec((short(), short()), 0..6),
            prop::collection::vec((short(), prop::collection::vec(card(), 0..30)), 0..4),
            any::<bool>(),
            prop::collection::vec(pool(), 0..4),
        )
            .prop_map(move |(name, counters, zones, alive, tokens)| SeatView {
                seat: Some(Seat(i)),
                name,
                counters,
                zones: zones.into_iter().map(|(name, cards)| ZoneView { name, cards }).collect(),
                alive,
                tokens,
            })
    }

    fn pool() -> impl Strategy<Value = PoolView> {
        (short(), any::<u32>()).prop_map(|(name, count)| PoolView { name, count })
    }

    fn stack_item() -> impl Strategy<Value = StackItemView> {
        (text(), prop::option::of(0u8..8), prop::collection::vec(short(), 0..4))
            .prop_map(|(label, c, targets)| StackItemView { label, controller: c.map(Seat), targets })
    }

    fn table_view() -> impl Strategy<Value = TableView> {
        (
            text(),
            text(),
            (0u8..30).prop_flat_map(|n| (0..n).map(seat).collect::<Vec<_>>()),
            prop::option::of(text()),
            any::<bool>(),
            (
                prop::collection::vec(stack_item(), 0..12),
                prop::collection::vec(pool(), 0..4),
                prop::collection::vec((short(), prop::collection::vec(card(), 0..10)), 0..3),
            ),
        )
            .prop_map(|(game, headline, seats, prompt, over, (stack, pools, shared))| {
                let waiting =
                    if over { vec![] } else { seats.iter().filter_map(|s| s.seat).take(2).collect() };
                TableView {
                    game,
                    headline,
                    waiting_for: waiting,
                    prompt,
                    outcome: over.then(|| Outcome { winners: vec![Seat(0)], reason: "x".repeat(500) }),
                    seats,
                    stack,
                    pools,
                    shared: shared.into_iter().map(|(name, cards)| ZoneView { name, cards }).collect(),
                    ..Default::default()
                }
            })
    }

    #[test]
    fn the_board_shows_pools_shared_zones_tokens_and_the_stack_top_first() {
        let seat = |i: u8, name: &str| SeatView {
            seat: Some(Seat(i)),
            name: name.into(),
            alive: true,
            tokens: vec![PoolView { name: "Command tokens".into(), count: 2 }],
            ..Default::default()
        };
        let view = TableView {
            game: "Test".into(),
            seats: vec![seat(0, "Alice"), seat(1, "Bob")],
            pools: vec![PoolView { name: "Victory tokens".into(), count: 7 }],
            shared: vec![ZoneView {
                name: "Location".into(),
                cards: vec![CardView { name: "Old Mill".into(), detail: String::new() }],
            }],
            stack: vec![
                StackItemView {
                    label: "Fireball".into(),
                    controller: Some(Seat(0)),
                    targets: vec!["Bob".into()],
                },
                StackItemView { label: "Counterspell".into(), controller: Some(Seat(1)), targets: vec![] },
            ],
            ..Default::default()
        };
        let m = board(&view, &BoardContext::default());
        let fields = &m.embed.as_ref().unwrap().fields;
        assert_eq!(fields[0].name, "Table");
        assert_eq!(
            fields[0].value,
            "Victory tokens 7\n**Location:** Old Mill\n**Stack** (top first):\n1. Counterspell — Bob\n\
             2. Fireball — Alice → Bob"
        );
        assert!(fields[1].value.contains("Command tokens 2"), "{}", fields[1].value);
    }

    #[test]
    fn a_game_without_table_zones_shows_no_table_field() {
        let view = TableView {
            seats: vec![SeatView { name: "Alice".into(), ..Default::default() }],
            ..Default::default()
        };
        let m = board(&view, &BoardContext::default());
        assert!(m.embed.unwrap().fields.iter().all(|f| f.name != "Table"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]
        #[test]
        fn every_board_fits_discord(
            view in table_view(),
            events in prop::collection::vec(text(), 0..200),
            labels in prop::collection::vec(text(), 0..40),
            match_id in 0..i64::MAX,
            version in 0..i64::MAX,
        ) {
            let on_board: Vec<Offer> = labels
                .into_iter()
                .enumerate()
                .map(|(index, label)| Offer { label, choice: crate::view::Choice::Now { index }, pass: index == 2 })
                .collect();
            let ctx = BoardContext {
                match_id,
                version,
                events: &events,
                board_actions: &on_board,
                deadline: Some("x".repeat(100)),
                notice: None,
                thinking: None,
            };
            let m = board(&view, &ctx);
            prop_assert_eq!(m.limit_violations(), Vec::<String>::new());
            if view.outcome.is_none() {
                let hand_id = CustomId::Hand { match_id }.encode();
                prop_assert!(m.components.iter().any(|c| c.custom_id() == hand_id));
            }
        }
    }
}
