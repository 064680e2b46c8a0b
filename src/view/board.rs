//! The public board: posted anew at the bottom of the match thread after
//! every resolution.

use super::fit::{cut_to_columns, fit_message, pack, wrap, LINE_WIDTH};
use super::message::{limits, truncate, ButtonStyle, Component, Embed, EmbedField, Message, Picture};
use super::phone::columns;
use super::{CustomId, Offer};
use crate::engine::{CardView, SeatView, TableView, ZoneView};

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
    /// The end of a match in a few lines (rating changes, length), under
    /// the outcome; the board's height counts them.
    pub summary: Option<String>,
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

/// The board message, laid out for a phone held upright (40 columns, see
/// [`super::phone`]): the headline as the title, then what is asked and
/// the newest events, one field per seat, the match in the footer, and
/// the public buttons. Where to answer is said on the match's first
/// board only.
pub fn board(view: &TableView, ctx: &BoardContext<'_>) -> Message {
    let waiting: Vec<&str> = view
        .waiting_for
        .iter()
        .filter_map(|s| view.seats.iter().find(|v| v.seat == Some(*s)).map(|v| v.name.as_str()))
        .collect();
    // The first board of a match (nothing played yet) introduces it.
    let intro = ctx.version == 0;

    // The head under the title: a notice, the pools, the notes (first
    // board), the outcome or the question, and who is out.
    let mut head = Vec::new();
    if let Some(notice) = &ctx.notice {
        head.push(format!("⚠ {notice}"));
    }
    let mut title =
        if view.headline.is_empty() { board_title(view, ctx.match_id) } else { view.headline.clone() };
    let mut first = pools_alone(view);
    // The pools join a headline with room for them ("Turn 12 · Bob · Day
    // · VT pool 11").
    if !first.is_empty() && columns(&title) + 3 + columns(&first) <= LINE_WIDTH {
        title = format!("{title} · {first}");
        first.clear();
    }
    // A game gives its notes while they matter (who starts, a mode's
    // explanation in the first round; a match's score, time called).
    head.extend(view.notes.iter().cloned());
    match &view.outcome {
        Some(o) if view.headline.contains(&o.reason) => {}
        Some(o) => head.push(format!("🏁 **Game over.** {}", o.reason)),
        None => {
            let asked = view
                .prompt
                .clone()
                // A prompt that only says who is awaited is said by the
                // message's text ("Alice to act.") and the headline.
                .filter(|p| {
                    let only_who = p.starts_with("Waiting for ") && waiting.len() == 1;
                    !only_who && !view.headline.contains(p.as_str())
                });
            if let Some(p) = asked {
                if !first.is_empty() && columns(&first) + 3 + columns(&p) <= LINE_WIDTH {
                    first = format!("{first} · {p}");
                } else {
                    head.push(p);
                }
            }
            if let Some(thinking) = &ctx.thinking {
                head.push(thinking.clone());
            }
            // Where to answer, on public facts only: every player's
            // choices are in their hand, whatever it holds.
            if let ([who], true, None) = (waiting.as_slice(), intro, &ctx.thinking) {
                head.push(format!("➡ **{who}**: your choices are under **My hand**."));
            }
        }
    }
    if !first.is_empty() {
        head.insert(usize::from(ctx.notice.is_some()), first);
    }
    let out: Vec<&str> = view.seats.iter().filter(|s| !s.alive).map(|s| s.name.as_str()).collect();
    if !out.is_empty() && view.seats.len() > 2 {
        head.push(format!("Out: {}", super::and_list(&out)));
    }
    let head: Vec<String> = head.iter().flat_map(|l| wrap_visible(l)).collect();
    let head = truncate(&head.join("\n"), 1500);

    let fields_with = |fit: Fit| -> Vec<EmbedField> {
        table_field(view)
            .into_iter()
            .chain(
                view.seats
                    .iter()
                    .filter(|s| s.alive || view.seats.len() <= 2)
                    .map(|s| seat_field(s, view, fit)),
            )
            .collect()
    };
    let fields = fields_with(FITS[0]);
    let mut footer = match &view.outcome {
        Some(_) => format!("Match #{} · finished", ctx.match_id),
        None => format!("Match #{} · move {}", ctx.match_id, ctx.version),
    };
    if let (Some(d), None, false) = (&ctx.deadline, &view.outcome, waiting.is_empty()) {
        footer.push_str(" · ");
        footer.push_str(d);
    }
    let footer = wrap(&footer, LINE_WIDTH).join("\n");

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

    // The buttons: the moves as buttons while they take few rows on a
    // phone, else in a select, so *My hand* always fits. Conceding is in
    // the player's own hand, away from the moves everyone sees.
    let components_with = |buttons: usize, orders: bool| -> Vec<Component> {
        if view.outcome.is_some() {
            return vec![Component::button(
                CustomId::Rematch { match_id: ctx.match_id }.encode(),
                "Rematch",
                ButtonStyle::Success,
            )];
        }
        let offers: Vec<Offer> = ctx
            .board_actions
            .iter()
            .filter(|o| orders || !matches!(o.choice, super::Choice::Order { .. }))
            .cloned()
            .collect();
        let mut components = super::hand::choices(&offers, ctx.match_id, ctx.version, 0, buttons);
        components.push(Component::button(
            CustomId::Hand { match_id: ctx.match_id }.encode(),
            "My hand",
            ButtonStyle::Secondary,
        ));
        components
    };
    // Too many rows: standing orders give way first (the hand offers
    // them too), then the moves go into a select.
    let mut components = components_with(23, true);
    for (buttons, orders) in [(23, false), (0, false)] {
        if button_rows(&components) > BUTTON_ROWS {
            components = components_with(buttons, orders);
        }
    }

    let content = match &ctx.summary {
        // Each line of the summary (a move's label can be long) wrapped to
        // a phone's width.
        Some(summary) => {
            let lines: Vec<String> = summary.lines().flat_map(wrap_visible).collect();
            [content, lines.join("\n")]
                .iter()
                .filter(|t| !t.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        }
        None => content,
    };
    let mut message = Message {
        content,
        embed: Some(Embed { title, description: head, fields, footer: Some(footer) }),
        components,
        picture: Some(Picture::Wanted { match_id: ctx.match_id, version: ctx.version, seat: None }),
    };
    // Events the headline already says ("X attacks Y") are not said twice.
    let said = message_title(&message);
    let events: Vec<String> = ctx.events.iter().filter(|e| !said_by(&said, e)).cloned().collect();
    // The seats give up detail, step by step, until the board with at
    // least a line of its events fits one phone screen.
    let wanted = if events.is_empty() { 0 } else { 1 };
    for (i, fit) in FITS.into_iter().enumerate() {
        let fields = if i == 0 { None } else { Some(fields_with(fit)) };
        let e = message.embed.as_mut().expect("the board has an embed");
        match fields {
            // A step that changes nothing (no brief counters, two seats)
            // is not measured again.
            Some(f) if f == e.fields => continue,
            Some(f) => e.fields = f,
            None => {}
        }
        if height(&message) + wanted <= SCREEN_ROWS {
            break;
        }
    }
    if !events.is_empty() {
        // The events take the rows the rest of the screen leaves, at
        // least one and at most [`EVENT_ROWS`].
        let room = SCREEN_ROWS.saturating_sub(height(&message)).clamp(1, EVENT_ROWS);
        let events = event_lines(&events, room);
        let e = message.embed.as_mut().expect("the board has an embed");
        let events_budget = limits::EMBED_DESCRIPTION.saturating_sub(e.description.chars().count() + 80);
        if !e.description.is_empty() {
            e.description.push('\n');
        }
        e.description.push_str(&truncate(&events.join("\n"), events_budget.min(2400)));
    }
    fit_message(&mut message);
    if height(&message) > BOARD_ROWS {
        compact(&mut message);
        // Discord's limits hold whatever the last resort changed.
        fit_message(&mut message);
    }
    message
}

/// The board's title (its headline).
fn message_title(m: &Message) -> String {
    m.embed.as_ref().map(|e| e.title.clone()).unwrap_or_default()
}

/// Whether `title` already says `event` ("… · Vane attacks Sergeant"
/// says "Vane attacks Sergeant.").
fn said_by(title: &str, event: &str) -> bool {
    let e = event.trim().trim_end_matches('.');
    e.len() > 8 && title.contains(e)
}

/// Rows a board aims at: one phone screen, its buttons included. The
/// seats give up detail to fit (see [`FITS`]); only a board that cannot
/// goes on, to at most [`BOARD_ROWS`].
pub const SCREEN_ROWS: usize = 20;

/// How much a seat's field shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Fit {
    /// How much of each card's detail.
    detail: Detail,
    /// The counters that matter at a glance only ([`SeatView::brief`]).
    brief: bool,
    /// With three seats or more, the cards of a seat not to act as counts
    /// per zone ("Battlefield 3").
    counted: bool,
}

/// The steps a board takes, in order, until it fits a phone's screen.
const FITS: [Fit; 5] = [
    Fit { detail: Detail::Full, brief: false, counted: false },
    Fit { detail: Detail::Full, brief: true, counted: false },
    Fit { detail: Detail::First, brief: true, counted: false },
    Fit { detail: Detail::None, brief: true, counted: false },
    Fit { detail: Detail::None, brief: true, counted: true },
];

/// The rows the buttons of a board may take on a phone before its moves
/// go into a select.
const BUTTON_ROWS: usize = 2;

/// The rows `components` take on a phone.
fn button_rows(components: &[Component]) -> usize {
    super::phone::phone_rows(&Message { components: components.to_vec(), ..Default::default() })
}

/// The rows of events a board shows at most: the newest, the count of
/// the older ones first.
pub const EVENT_ROWS: usize = 4;

/// The last resort of a board still taller than [`BOARD_LINES`] (a long
/// Stack over two full sides): the events go but for their heading, which
/// says so, then every wrapped entry keeps its first line, cut with "…".
fn compact(m: &mut Message) {
    if let Some(e) = m.embed.as_mut() {
        let kept: Vec<&str> = e
            .description
            .lines()
            .filter(|l| !l.starts_with("• ") && !l.starts_with("… ") && !l.starts_with("  "))
            .collect();
        let left = e.description.lines().count() - kept.len();
        if left > 0 {
            let mut d = kept.join("\n");
            if !d.is_empty() {
                d.push('\n');
            }
            d.push_str("… events not shown (the board is full)");
            e.description = d;
        }
    }
    if height(m) <= BOARD_ROWS {
        return;
    }
    let unwrap = |text: &mut String| {
        let mut out: Vec<String> = Vec::new();
        for line in text.lines() {
            match out.last_mut() {
                Some(last) if line.starts_with("  ") => {
                    let joined = format!("{last} {}", line.trim_start());
                    *last = cut_to_columns(&joined, LINE_WIDTH);
                }
                _ => out.push(line.to_owned()),
            }
        }
        *text = out.join("\n");
    };
    if let Some(e) = m.embed.as_mut() {
        // The head (the question, the outcome) stays whole: only the
        // seats' wrapped entries keep their first line.
        for f in &mut e.fields {
            unwrap(&mut f.value);
        }
    }
}

/// Rows a board may take on a phone, the rows of its buttons included.
pub const BOARD_ROWS: usize = 30;

/// The rows `m` takes on a phone (see [`super::phone::phone_rows`]).
pub fn height(m: &Message) -> usize {
    super::phone::phone_rows(m)
}

/// The board's events in at most `room` lines (never fewer than two), each
/// at most [`LINE_WIDTH`] wide: related events folded into one line (see
/// [`fold_events`]); when they still take more lines than the room, short
/// ones share a line; past that, the oldest are counted rather than shown.
pub fn event_lines(events: &[String], room: usize) -> Vec<String> {
    let room = room.max(1);
    let folded = fold_events(events);
    let one_each: Vec<String> = folded.iter().flat_map(|e| wrap(&format!("• {e}"), LINE_WIDTH)).collect();
    if one_each.len() <= room {
        return one_each;
    }
    let bulleted: Vec<String> = folded.iter().map(|e| format!("• {e}")).collect();
    let shared = pack(&bulleted, " ", LINE_WIDTH);
    if shared.len() <= room {
        return shared;
    }
    // The count of the lines left out takes a line of a room of three or
    // more; a smaller room shows the newest only.
    let shown = if room >= 3 { room - 1 } else { room };
    // Whole events only: a kept line that goes on from a left-out one
    // goes too (unless nothing else would be left).
    let cut_at = shared.len() - shown;
    let mut start = cut_at;
    while start < shared.len() && shared[start].starts_with("  ") {
        start += 1;
    }
    if start == shared.len() {
        // The newest event alone is longer than the room: it is shown
        // whole rather than cut (what happened is never half said).
        start = cut_at;
        while start > 0 && shared[start].starts_with("  ") {
            start -= 1;
        }
    }
    let mut kept = shared[start..].to_vec();
    let hidden = start;
    if hidden > 0 && room >= 3 {
        kept.insert(0, format!("… {hidden} earlier line{} not shown", if hidden == 1 { "" } else { "s" }));
    }
    kept
}

/// Related events as one line: a resolution ("Resolves: X." or "X
/// resolves") joins the line that announced X just before it, and the
/// events that follow a resolution join it until the next announcement
/// or resolution ("Alice activates Acquisition (draw a card) → resolves:
/// Alice draws a card.").
pub fn fold_events(events: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // Whether the last line is a resolution that takes its effects.
    let mut open = false;
    for e in events {
        let e = e.trim();
        if let Some(what) = resolved(e) {
            let name = what.trim_end_matches('.');
            match out.last_mut() {
                Some(last) if !open && !name.is_empty() && last.contains(name) && announces(last) => {
                    let last_text = last.trim_end_matches('.').to_owned();
                    *last = format!("{last_text} → resolves:");
                }
                _ => out.push(format!("{} →", e.trim_end_matches('.'))),
            }
            open = true;
            continue;
        }
        if open && !announces(e) {
            let last = out.last_mut().expect("a resolution line is open");
            last.push(' ');
            last.push_str(e);
            continue;
        }
        open = false;
        out.push(e.to_owned());
    }
    // A resolution with no effect after it ends on its own.
    for line in &mut out {
        if let Some(stripped) = line.strip_suffix(" → resolves:") {
            *line = format!("{stripped} → resolves.");
        } else if let Some(stripped) = line.strip_suffix(" →") {
            *line = format!("{stripped}.");
        }
    }
    out
}

/// What a resolution event resolves ("Resolves: X." or "X resolves").
fn resolved(e: &str) -> Option<&str> {
    e.strip_prefix("Resolves: ")
        .or_else(|| e.strip_suffix(" resolves"))
        .or_else(|| e.strip_suffix(" resolves."))
}

/// Whether an event starts something of its own (a play, a cast, an
/// activation, an attack, a new turn or step): it is not the effect of the
/// resolution before it.
fn announces(e: &str) -> bool {
    const STARTS: &[&str] = &[
        " activates ",
        " casts ",
        " plays ",
        " attacks",
        " declares ",
        " enters combat",
        " passes",
        " ends ",
    ];
    resolved(e).is_some()
        || STARTS.iter().any(|w| e.contains(w))
        || e.starts_with("Turn ")
        || e.starts_with("──")
        || e.starts_with('—')
}

/// How much of each card's detail a seat's field shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
    /// All of it: "Ember Drake (str 4 · engaged)".
    Full,
    /// Its first part: "Ember Drake (str 4)".
    First,
    /// None: "Ember Drake".
    None,
}

impl Detail {
    /// `zones` with their cards' details cut to this much.
    fn zones(self, zones: &[ZoneView]) -> Vec<ZoneView> {
        let cut = |d: &str| match self {
            Detail::Full => d.to_owned(),
            Detail::First => d.split(" · ").next().unwrap_or_default().to_owned(),
            Detail::None => String::new(),
        };
        zones
            .iter()
            .map(|z| ZoneView {
                name: z.name.clone(),
                cards: z
                    .cards
                    .iter()
                    .map(|c| CardView { name: c.name.clone(), detail: cut(&c.detail) })
                    .collect(),
            })
            .collect()
    }
}

fn seat_field(seat: &SeatView, view: &TableView, fit: Fit) -> EmbedField {
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
    // A phone's board leaves out what is empty ("Pool empty", "Pillars
    // none"): the picture and the hand still say it.
    let brief = fit.brief && !seat.brief.is_empty();
    let mut counters: Vec<String> = if brief {
        // A game's brief counters say the tokens that matter.
        seat.brief_counters()
    } else {
        seat.counters
            .iter()
            .filter(|(_, v)| !matches!(v.as_str(), "empty" | "none"))
            .map(|(k, v)| format!("{k} {v}"))
            .chain(seat.tokens.iter().map(|t| format!("{} {}", t.name, t.count)))
            .collect()
    };
    // With three seats or more, the cards of those not to act are counted.
    let zones = if fit.counted && !acting && view.seats.len() >= 3 {
        counters.extend(
            seat.zones
                .iter()
                .filter(|z| !z.cards.is_empty())
                .map(|z| format!("{} {}", z.name, z.cards.len())),
        );
        Vec::new()
    } else if brief {
        let listed: Vec<ZoneView> = seat.zones_beside_brief().cloned().collect();
        zones_lines(&fit.detail.zones(&listed))
    } else {
        zones_lines(&fit.detail.zones(&seat.zones))
    };
    // A field needs a value: with no zones, the last counter is kept for it
    // rather than a placeholder.
    let keep = usize::from(zones.is_empty() && !counters.is_empty());
    let (name, rest) = name_with(name, &counters[..counters.len() - keep]);
    let mut rest = rest.to_vec();
    rest.extend(counters[counters.len() - keep..].iter().cloned());
    let mut lines = first_fit(&rest, " · ", LINE_WIDTH);
    lines.extend(zones);
    if lines.is_empty() {
        lines.push("—".into());
    }
    EmbedField { name, value: truncate(&lines.join("\n"), limits::FIELD_VALUE), inline: false }
}

/// The table's pools, "Victory Token pool 11", when the table shows
/// nothing else and the board says them with its headline; else empty.
fn pools_alone(view: &TableView) -> String {
    if !view.shared.is_empty() || !view.stack.is_empty() {
        return String::new();
    }
    view.pools.iter().map(|p| format!("{} {}", p.name, p.count)).collect::<Vec<_>>().join(" · ")
}

/// A field's name followed by as many of `items` as fit its line ("Alice ⏳
/// · Vitality 20 · Hand 7"), in order, and the items left for its value.
fn name_with(name: String, items: &[String]) -> (String, &[String]) {
    let mut line = name;
    let mut used = 0;
    for item in items {
        if columns(&line) + 3 + columns(item) > LINE_WIDTH {
            break;
        }
        line.push_str(" · ");
        line.push_str(item);
        used += 1;
    }
    (line, &items[used..])
}

/// `items` in lines of at most `width` columns, each into the first line
/// with room for it (so a short item fills a line an earlier long one left
/// open); an item too long for a line alone is wrapped.
fn first_fit(items: &[String], sep: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.iter_mut().find(|l| columns(l) + columns(sep) + columns(item) <= width) {
            Some(line) => {
                line.push_str(sep);
                line.push_str(item);
            }
            None => lines.push(item.clone()),
        }
    }
    lines.iter().flat_map(|l| wrap(l, width)).collect()
}

/// A seat's zones run together in lines of at most [`LINE_WIDTH`] seen
/// characters: "**Creatures:** a, b · **Relics:** c", a new line only when
/// the next card does not fit, so a short zone takes no line of its own.
fn zones_lines(zones: &[ZoneView]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for z in zones {
        for (i, item) in card_items(&z.cards).into_iter().enumerate() {
            let (sep, item) = if i == 0 { (" · ", format!("**{}:** {item}", z.name)) } else { (", ", item) };
            if !line.is_empty() && columns(&line) + sep.chars().count() + columns(&item) <= LINE_WIDTH {
                line.push_str(sep);
                line.push_str(&item);
                continue;
            }
            if !line.is_empty() {
                out.extend(wrap_visible(&line));
            }
            line = item;
        }
    }
    if !line.is_empty() {
        out.extend(wrap_visible(&line));
    }
    out
}

/// [`wrap`] for a line with bold marks: its seen characters within
/// [`LINE_WIDTH`].
fn wrap_visible(line: &str) -> Vec<String> {
    if columns(line) <= LINE_WIDTH {
        vec![line.to_owned()]
    } else {
        wrap(line, LINE_WIDTH)
    }
}

/// The table's own field, before the seats: shared token pools, shared
/// zones (a location) and the stack, top first. `None` when the game shows
/// none of them.
fn table_field(view: &TableView) -> Option<EmbedField> {
    if view.shared.is_empty() && view.stack.is_empty() && !view.headline.is_empty() {
        // The pools alone are said with the headline (see [`pools_alone`]).
        return None;
    }
    let mut lines = Vec::new();
    let mut heads: Vec<String> = view.pools.iter().map(|p| format!("{} {}", p.name, p.count)).collect();
    for z in &view.shared {
        lines.extend(zone_lines(&z.name, &z.cards));
    }
    if !view.stack.is_empty() {
        // The stack's heading joins the field's name when nothing comes
        // before it.
        if lines.is_empty() {
            heads.push("Stack (top first)".into());
        } else {
            lines.push("**Stack** (top first):".into());
        }
        let name_of = |seat| view.seats.iter().find(|s| s.seat == Some(seat)).map(|s| s.name.as_str());
        for (i, item) in view.stack.iter().rev().enumerate() {
            let mut line = format!("{}. {}", i + 1, item.label);
            if let Some(who) = item.controller.and_then(name_of) {
                line.push_str(&format!(" — {who}"));
            }
            if !item.targets.is_empty() {
                line.push_str(&format!(" → {}", item.targets.join(", ")));
            }
            lines.extend(wrap(&line, LINE_WIDTH));
        }
    }
    if lines.is_empty() && heads.is_empty() {
        return None;
    }
    // Pools alone stay in the value, so the field keeps its name.
    let (name, rest) = if lines.is_empty() {
        ("Table".to_owned(), &heads[..])
    } else {
        name_with("Table".to_owned(), &heads)
    };
    let mut value = pack(rest, " · ", LINE_WIDTH);
    value.extend(lines);
    Some(EmbedField { name, value: truncate(&value.join("\n"), limits::FIELD_VALUE), inline: false })
}

/// The cards of a zone, "Ember Drake (str 4 · engaged)", "Fire Imp": a
/// run of identical cards is one item with its count ("2× Ashfall Titan
/// (…)"), and a run of numbered namesakes in the same state one item with
/// their numbers ("Adept #1, #2 (…)"), so the order of an ordered zone
/// stays.
fn card_items(cards: &[CardView]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < cards.len() {
        let c = &cards[i];
        let with_detail =
            |name: &str| if c.detail.is_empty() { name.to_owned() } else { format!("{name} ({})", c.detail) };
        let run = cards[i..].iter().take_while(|x| *x == c).count();
        if run > 1 {
            out.push(format!("{run}× {}", with_detail(&c.name)));
            i += run;
            continue;
        }
        // Numbered namesakes in the same state: "Adept #1, #2 (1/1 · tapped)".
        if let Some((base, _)) = numbered(&c.name) {
            let numbers: Vec<&str> = cards[i..]
                .iter()
                .map_while(|x| {
                    numbered(&x.name).filter(|(b, _)| *b == base && x.detail == c.detail).map(|(_, n)| n)
                })
                .collect();
            if numbers.len() > 1 {
                let all = numbers.iter().map(|n| format!("#{n}")).collect::<Vec<_>>().join(", ");
                out.push(with_detail(&format!("{base} {all}")));
                i += numbers.len();
                continue;
            }
        }
        out.push(with_detail(&c.name));
        i += 1;
    }
    out
}

/// "Mistcaller Adept #2" as ("Mistcaller Adept", "2").
fn numbered(name: &str) -> Option<(&str, &str)> {
    let (base, n) = name.rsplit_once(" #")?;
    (!base.is_empty() && !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())).then_some((base, n))
}

/// A zone as lines of at most [`LINE_WIDTH`] characters: "**Name:** a,
/// b", the cards going on to the next lines, as many a line as fit, when
/// they do not fit one (none for an empty zone).
pub(crate) fn zone_lines(name: &str, cards: &[CardView]) -> Vec<String> {
    let mut items = card_items(cards);
    let Some(first) = items.first_mut() else { return Vec::new() };
    *first = format!("{name}: {first}");
    let mut lines = pack(&items, ", ", LINE_WIDTH);
    if let Some(rest) = lines[0].strip_prefix(&format!("{name}:")) {
        lines[0] = format!("**{name}:**{rest}");
    }
    lines
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
                brief: Vec::new(),
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
        assert_eq!(fields[0].name, "Table · Victory tokens 7");
        assert_eq!(
            fields[0].value,
            "**Location:** Old Mill\n**Stack** (top first):\n1. Counterspell — Bob\n2. Fireball — Alice → Bob"
        );
        // A seat with nothing else keeps its last counter as the field's
        // value (a field needs one) rather than a placeholder.
        assert_eq!((fields[1].name.as_str(), fields[1].value.as_str()), ("Alice", "Command tokens 2"));
    }

    fn strings(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| (*l).to_owned()).collect()
    }

    #[test]
    fn an_activation_its_resolution_and_its_effect_are_one_event_line() {
        let events = strings(&[
            "Alice activates Acquisition (draw a card).",
            "Resolves: Acquisition (draw a card).",
            "Alice draws a card.",
            "Bob casts Ember Bolt",
            "Ember Bolt resolves",
            "Alice takes 3 damage.",
            "Bob passes.",
        ]);
        assert_eq!(
            fold_events(&events),
            strings(&[
                "Alice activates Acquisition (draw a card) → resolves: Alice draws a card.",
                "Bob casts Ember Bolt → resolves: Alice takes 3 damage.",
                "Bob passes.",
            ])
        );
    }

    #[test]
    fn a_resolution_after_other_events_keeps_a_line_with_its_effects() {
        let events = strings(&[
            "Alice casts Ember Bolt",
            "Bob casts Veil of Ash",
            "Veil of Ash resolves",
            "Ember Bolt resolves",
            "Bob takes 3 damage.",
            "Resolves: Acquisition.",
        ]);
        assert_eq!(
            fold_events(&events),
            strings(&[
                "Alice casts Ember Bolt",
                "Bob casts Veil of Ash → resolves.",
                "Ember Bolt resolves → Bob takes 3 damage.",
                "Resolves: Acquisition.",
            ])
        );
    }

    #[test]
    fn a_long_zone_is_wrapped_within_80_characters_and_keeps_every_card() {
        let cards: Vec<CardView> = (0..9)
            .map(|i| CardView {
                name: format!("Creature {i}"),
                detail: "3/3 · Trample, Vigilance · tapped".into(),
            })
            .chain(vec![CardView { name: "Cinder Imp".into(), detail: String::new() }; 2])
            .collect();
        let lines = zone_lines("Creatures", &cards);
        assert!(lines[0].starts_with("**Creatures:** Creature 0 (3/3"), "{lines:?}");
        assert!(lines.iter().all(|l| l.replace("**", "").chars().count() <= LINE_WIDTH), "{lines:?}");
        let text = lines.join(" ");
        assert!((0..9).all(|i| text.contains(&format!("Creature {i} ("))), "{text}");
        assert!(text.contains("2× Cinder Imp"), "identical cards are grouped: {text}");
    }

    #[test]
    fn many_events_fit_the_room_left_and_say_how_many_lines_are_not_shown() {
        let events: Vec<String> =
            (0..60).map(|i| format!("Alice does thing number {i} of the turn.")).collect();
        let lines = event_lines(&events, 10);
        // Whole events only: a two-line event that does not fit is left out.
        assert!((9..=10).contains(&lines.len()), "{lines:?}");
        assert!(lines[0].starts_with('…'), "{lines:?}");
        assert!(
            lines.join(" ").ends_with("thing number 59 of the   turn."),
            "the newest are kept: {lines:?}"
        );
        let few = event_lines(&events[..3], 10);
        assert_eq!(few.len(), 3, "one line an event while they fit: {few:?}");
    }

    #[test]
    fn events_left_out_are_whole_events_never_the_head_of_a_wrapped_one() {
        let long = format!("Alice attaches {} to Marshal Oderic Vane.", "a very long item name ".repeat(6));
        let events: Vec<String> = (0..8).map(|i| format!("{long} ({i})")).collect();
        let lines = event_lines(&events, 8);
        assert!(lines.len() <= 8, "{lines:?}");
        assert!(lines[0].starts_with('…'), "{lines:?}");
        assert!(lines[1].starts_with("• "), "the first kept line opens an event: {lines:?}");
        assert!(lines.last().unwrap().ends_with("(7)"), "the newest is kept: {lines:?}");
    }

    #[test]
    fn identical_and_numbered_cards_in_one_state_share_an_item_and_zones_run_together() {
        let card = |name: &str, detail: &str| CardView { name: name.into(), detail: detail.into() };
        let zones = vec![
            ZoneView {
                name: "Creatures".into(),
                cards: vec![
                    card("Adept #1", "1/1 · tapped"),
                    card("Adept #2", "1/1 · tapped"),
                    card("Adept #3", "1/1"),
                ],
            },
            ZoneView { name: "Relics".into(), cards: vec![card("Court", ""), card("Court", "")] },
        ];
        assert_eq!(
            zones_lines(&zones),
            vec![
                "**Creatures:** Adept #1, #2 (1/1 · tapped)".to_owned(),
                "Adept #3 (1/1) · **Relics:** 2× Court".to_owned()
            ]
        );
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
                summary: None,
                thinking: None,
            };
            let m = board(&view, &ctx);
            prop_assert_eq!(m.limit_violations(), Vec::<String>::new());
            // Every line fits a phone (bold marks are not seen).
            let e = m.embed.as_ref().unwrap();
            for line in e.description.lines().chain(e.fields.iter().flat_map(|f| f.value.lines())) {
                // Bold marks and escapes take no column.
                prop_assert!(super::super::phone::columns(line) <= LINE_WIDTH, "{:?}", line);
            }
            if view.outcome.is_none() {
                let hand_id = CustomId::Hand { match_id }.encode();
                prop_assert!(m.components.iter().any(|c| c.custom_id() == hand_id));
            }
        }
    }
}
