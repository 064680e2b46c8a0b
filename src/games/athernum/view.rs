//! What each viewer may see: the board (main characters, characters with
//! their exhaustion counters and face-down state, the location, resource
//! tokens and pools, attachments), the effect stack, the Victory Token
//! pool and each player's share, command tokens, who must act; labels for
//! every action; the names a viewer may not see.

use super::action::{Action, ItemMode};
use super::legal::to_act;
use super::state::{
    Choice, Def, Fetch, Origin, Perm, Phase, Place, Prompt, StackItem, State, TargetRef, Uid,
};
use super::values::{self, dfv, ofv, slots};
use crate::cards::athernum::{Ability, CardType};
use crate::engine::{
    ActionView, CardView, Placement, PoolView, Seat, SeatView, StackItemView, TableView, Viewer, ZoneView,
};

/// An ability's name as the board and the log say it.
pub fn ability_name(a: &Ability) -> String {
    match a {
        Ability::Activated { name, .. } | Ability::Command { name, .. } => name.clone(),
        Ability::Equip { name: Some(n), .. } => n.clone(),
        Ability::Objective { .. } => "its objective".to_owned(),
        Ability::Support { .. } => "its support ability".to_owned(),
        Ability::Equip { .. } => "its equip ability".to_owned(),
        Ability::Static { .. } => "its static ability".to_owned(),
        Ability::Triggered { .. } => "its triggered ability".to_owned(),
    }
}

/// What an effect on the stack is, in a few words ("Lady Aurelie: objective").
pub fn origin_label(s: &State, item: &StackItem) -> String {
    match item.origin {
        Origin::Acquisition => "Acquisition (draw a card)".to_owned(),
        Origin::Solvency => "Solvency (a resource token)".to_owned(),
        Origin::Contingency { on } => {
            let n = s.perm(on).map(|p| s.def_name(p.def)).unwrap_or_else(|| "a permanent".into());
            format!("Contingency (a Victory Token on {n})")
        }
        Origin::Ability { def, index } => {
            let Some(d) = s.def(def) else { return "an effect".into() };
            let ability = d.abilities.get(usize::from(index));
            let text = ability
                .map(|a| crate::cards::athernum::text::sentence(a.effects(), Some(&s.db)))
                .unwrap_or_default();
            // A named ability is called by its name ("Gatehouse Archer —
            // Volley: …"), as players say it.
            let named = match ability {
                Some(Ability::Activated { name, .. } | Ability::Command { name, .. }) => Some(name.as_str()),
                Some(Ability::Equip { name: Some(n), .. }) => Some(n.as_str()),
                _ => None,
            };
            let mut label = match named {
                Some(n) => format!("{} — {n}: {text}", d.name),
                None => format!("{}: {text}", d.name),
            };
            if label.chars().count() > 120 {
                let cut: String = label.chars().take(117).collect();
                label = cut.trim_end_matches(['.', ' ', ',']).to_owned() + "…";
            }
            label
        }
    }
}

/// Whether `viewer` may see what face-down `p` is (its controller, 6.1.4).
fn sees(viewer: Viewer, p: &Perm) -> bool {
    viewer == Viewer::Seat(p.controller)
}

/// A permanent's name for `viewer`.
pub fn perm_name(s: &State, p: &Perm, viewer: Viewer) -> String {
    if p.face_down && !p.exhausted && !sees(viewer, p) {
        format!("face-down {}", values::supertype(s, p).name().to_lowercase())
    } else {
        s.def_name(p.def)
    }
}

fn perm_detail(s: &State, p: &Perm, viewer: Viewer) -> String {
    let mut bits = Vec::new();
    if let (Some(o), Some(d)) = (ofv(s, p), dfv(s, p)) {
        bits.push(format!("OFV {o} · DFV {d}"));
    } else if let Some(d) = dfv(s, p) {
        bits.push(format!("DFV {d}"));
    }
    if p.exhausted {
        // Short, so a character keeps to one line of the board.
        bits.push(match p.exhaustion {
            0 => "exhausted".to_owned(),
            n => format!("exhausted ×{n}"),
        });
    } else if p.face_down {
        bits.push("face down".into());
        if p.exhaustion > 0 {
            bits.push(format!("exhaustion ×{}", p.exhaustion));
        }
    }
    if p.damage > 0 {
        bits.push(format!("{} damage", p.damage));
    }
    if p.victory > 0 {
        let field = s.def(p.def).and_then(|d| d.victory).unwrap_or(0);
        bits.push(format!("{}/{field} VT", p.victory));
    }
    for (m, n) in &p.markers {
        if let Some(def) = s.db.markers.get(usize::from(*m)) {
            bits.push(format!("{} {n}", def.name));
        }
    }
    if p.prevent > 0 {
        bits.push(format!("prevent {}", p.prevent));
    }
    let items: Vec<String> = values::attachments(s, p.uid).map(|a| perm_name(s, a, viewer)).collect();
    let n = slots(s, p);
    if n > 0 || !items.is_empty() {
        bits.push(if items.is_empty() {
            format!("{n} slot{}", if n == 1 { "" } else { "s" })
        } else {
            format!("items: {} ({}/{n})", items.join(", "), items.len())
        });
    }
    if p.token {
        bits.push("token".into());
    }
    bits.join(" · ")
}

/// The names of `seat`'s hand as [`view`] shows them.
pub fn hand_names(s: &State, seat: Seat) -> Vec<String> {
    // `card_line` names a card by its printed name alone.
    s.players[seat].hand.iter().map(|c| s.db.card(c.id).name.clone()).collect()
}

/// `seat`'s hand as [`view`] shows it.
fn hand_lines(s: &State, seat: Seat) -> Vec<CardView> {
    s.players[seat].hand.iter().map(|c| card_line(s, c.id)).collect()
}

fn card_line(s: &State, id: crate::cards::athernum::CardId) -> CardView {
    let d = s.db.card(id);
    let mut bits = vec![d.type_line()];
    let values = crate::cards::athernum::text::values_line(d);
    if !values.is_empty() {
        bits.push(values);
    }
    CardView { name: d.name.clone(), detail: bits.join(" · ") }
}

fn pool_text(pool: &super::state::Pool) -> String {
    let mut parts = Vec::new();
    for f in crate::cards::athernum::Faction::ALL {
        if pool[f as usize] > 0 {
            parts.push(format!("{}{}", pool[f as usize], f.symbol()));
        }
    }
    if pool[super::state::FACTIONLESS] > 0 {
        parts.push(format!("{} factionless", pool[super::state::FACTIONLESS]));
    }
    if parts.is_empty() {
        "empty".into()
    } else {
        parts.join(" ")
    }
}

fn seat_view(s: &State, seat: Seat, viewer: Viewer) -> SeatView {
    let p = &s.players[seat];
    let mut counters = vec![
        (
            "Faction".to_owned(),
            match p.faction {
                Some(f) => f.name().to_owned(),
                // Before the reveal the faction would give the choice away.
                None if s.phase == Phase::Setup => "shown with the main character".to_owned(),
                None => "factionless".to_owned(),
            },
        ),
        ("Hand".to_owned(), p.hand.len().to_string()),
        ("Deck".to_owned(), p.deck.len().to_string()),
        ("Extra Deck".to_owned(), p.extra.len().to_string()),
    ];
    // Said once it is known, after the counts that change (a phone line
    // holds the counts).
    let faction = counters.remove(0);
    let ready =
        s.board.iter().filter(|x| x.controller == seat && x.place == Place::Resource && !x.face_down).count();
    let all = s.board.iter().filter(|x| x.controller == seat && x.place == Place::Resource).count();
    counters.push(("Resource tokens".to_owned(), format!("{ready} ready of {all}")));
    counters.push(("Pool".to_owned(), pool_text(&p.pool)));
    // The faction is told in the first round (a phone's board keeps to
    // what changes); the picture and `/card` on the main character say it
    // whenever asked.
    if s.turn as usize <= s.players.len() || s.outcome.is_some() {
        counters.push(faction);
    }
    if !p.void.is_empty() {
        counters.push(("Void".to_owned(), p.void.len().to_string()));
    }
    let tokens = vec![
        PoolView { name: "Command tokens".into(), count: u32::from(p.command) },
        PoolView { name: "Victory Tokens".into(), count: s.victory_of(seat) },
    ];
    let mut zones = Vec::new();
    // The main character is listed as such whatever card it is (a
    // location chosen as main character too, 3.0.1), and only there.
    let listed = |place: fn(&Place) -> bool, main: bool| -> Vec<CardView> {
        let mut out = Vec::new();
        for x in
            s.board.iter().filter(|x| x.controller == seat && x.main == main && (main || place(&x.place)))
        {
            // By the short name the labels use ("Lady Aurelie"): a
            // phone's line holds it with its state.
            let name = short_name(&perm_name(s, x, viewer)).to_owned();
            out.push(CardView { name, detail: perm_detail(s, x, viewer) });
        }
        out
    };
    for (name, place) in [
        ("Main character", (|p: &Place| *p == Place::Main) as fn(&Place) -> bool),
        ("Characters", |p: &Place| *p == Place::Character),
        ("Location", |p: &Place| *p == Place::Location),
    ] {
        let mut cards = listed(place, name == "Main character");
        // By name, so identical characters share an item of the board ("2× …").
        cards.sort_by(|a, b| a.name.cmp(&b.name));
        if !cards.is_empty() {
            zones.push(ZoneView { name: name.into(), cards });
        }
    }
    if !p.discard.is_empty() {
        let cards = p
            .discard
            .iter()
            .rev()
            .take(5)
            .map(|c| CardView { name: s.db.card(c.id).name.clone(), detail: String::new() })
            .collect();
        // Newest first (README, "The board"): the count says how many more.
        zones.push(ZoneView { name: format!("Discard pile ({})", p.discard.len()), cards });
    }
    if viewer == Viewer::Seat(seat) && !p.extra.is_empty() {
        let mut extra: Vec<CardView> = p.extra.iter().map(|c| card_line(s, c.id)).collect();
        extra.sort_by(|a, b| a.name.cmp(&b.name));
        zones.push(ZoneView { name: "Your Extra Deck".into(), cards: extra });
    }
    // At a glance: what a player counts on before a move.
    let mut brief = vec![("Hand".to_owned(), p.hand.len().to_string()), ("Deck".to_owned(), p.deck.len().to_string())];
    brief.push(("Resources".to_owned(), format!("{ready}/{all} ready")));
    if pool_text(&p.pool) != "empty" {
        brief.push(("Pool".to_owned(), pool_text(&p.pool)));
    }
    if p.command > 0 {
        brief.push(("Command".to_owned(), p.command.to_string()));
    }
    brief.push(("VT".to_owned(), s.victory_of(seat).to_string()));
    if let Some(top) = p.discard.last() {
        brief.push(("Discard pile".to_owned(), format!("{}, top {}", p.discard.len(), s.db.card(top.id).name)));
    }
    SeatView { seat: Some(seat), name: p.name.clone(), counters, brief, tokens, zones, alive: !p.out }
}

fn target_text(s: &State, t: &TargetRef, viewer: Viewer) -> String {
    match t {
        TargetRef::Player(p) => s.players[*p].name.clone(),
        TargetRef::Perm(u) => s.perm(*u).map_or("(gone)".into(), |p| {
            format!("{} ({})", perm_name(s, p, viewer), s.players[p.controller].name)
        }),
        TargetRef::Effect(u) => {
            s.stack.iter().find(|i| i.uid == *u).map_or("(gone)".into(), |i| origin_label(s, i))
        }
    }
}

fn prompt_text(s: &State, viewer: Viewer) -> Option<String> {
    let me = match viewer {
        Viewer::Seat(x) => Some(x),
        Viewer::Public => None,
    };
    let who = to_act(s);
    let names: Vec<String> = who.iter().map(|x| s.players[*x].name.clone()).collect();
    let mine = me.is_some_and(|m| who.contains(&m));
    Some(match s.prompt {
        Prompt::ChooseMain if mine => "Choose your main character, in secret: it is revealed when everyone has chosen.".into(),
        Prompt::ChooseMain => {
            let chosen = me.and_then(|m| s.players[m].chosen).and_then(|u| {
                s.players.values().flat_map(|p| &p.deck).find(|c| c.uid == u).map(|c| s.db.card(c.id).name.clone())
            });
            match chosen {
                Some(n) => format!(
                    "You chose {n} as your main character, in secret. Waiting for {} to choose; all are revealed together.",
                    names.join(", ")
                ),
                None => format!("Waiting for {} to choose a main character.", names.join(", ")),
            }
        }
        Prompt::Defender => {
            let t = s.fight.and_then(|f| s.perm(f.target)).map(|p| perm_name(s, p, viewer)).unwrap_or_default();
            if mine {
                format!("{t} is attacked: declare a defender, or none.")
            } else {
                format!("Waiting for {} to declare a defender for {t}.", names.join(", "))
            }
        }
        Prompt::TriggerTarget if mine => "Choose the target of the effect going on the stack.".into(),
        Prompt::TriggerTarget => format!("Waiting for {} to choose a target.", names.join(", ")),
        Prompt::Choice => match s.choices.first() {
            Some(Choice::Discard { left, .. }) if mine => format!("Discard {left} card(s) of your choice."),
            Some(Choice::Fetch { from, .. }) if mine => format!(
                "Take a card from your {}.",
                match from {
                    Fetch::Deck => "deck",
                    Fetch::Extra => "Extra Deck",
                    Fetch::Discard => "discard pile",
                }
            ),
            Some(Choice::TriggerOrder { .. }) if mine => {
                "Several of your abilities triggered at once: choose the one that goes on the stack next (it resolves after those you put on later).".into()
            }
            Some(Choice::Ransom { amount, .. }) if mine => format!("Pay {amount} or your effect is neutralized."),
            Some(Choice::EmptyDeckDraw { .. }) if mine => {
                "Your deck is empty: drawing loses the game. Draw anyway?".into()
            }
            _ => format!("Waiting for {} to choose.", names.join(", ")),
        },
        Prompt::Priority => {
            let holder = s.players[s.priority].name.clone();
            if super::legal::main_window(s) {
                if mine {
                    format!("Your {} phase: act, or {}.", s.phase.name().to_lowercase(), if s.phase == Phase::Day { "end the day" } else { "end the combat" })
                } else {
                    format!("Waiting for {holder} in the {} phase.", s.phase.name().to_lowercase())
                }
            } else if mine {
                if s.stack.is_empty() {
                    "You may respond before play goes on, or pass.".into()
                } else {
                    "Respond to the stack, or pass.".into()
                }
            } else {
                format!("Waiting for {holder} to respond or pass.")
            }
        }
    })
}

/// The table as `viewer` may see it.
pub fn view(s: &State, viewer: Viewer) -> TableView {
    let headline = if s.phase == Phase::Setup {
        "Choosing main characters".to_owned()
    } else {
        let mut h = format!("Turn {} · {} · {}", s.turn, s.players[s.active].name, s.phase.name());
        if let Some(f) = s.fight {
            let a = s.perm(f.attacker).map(|p| s.def_name(p.def)).unwrap_or_default();
            let t = s.perm(f.target).map(|p| perm_name(s, p, viewer)).unwrap_or_default();
            h.push_str(&format!(" · {a} attacks {t}"));
        }
        h
    };
    let stack = s
        .stack
        .iter()
        .map(|i| StackItemView {
            label: origin_label(s, i),
            controller: Some(i.controller),
            targets: i.targets.iter().flatten().map(|t| target_text(s, t, viewer)).collect(),
        })
        .collect();
    // The seat's actions are filled in by `AnyState::view`, the one
    // place every game's are (building them here too doubled the cost).
    let hand = match viewer {
        Viewer::Seat(seat) => Some(hand_lines(s, seat)),
        Viewer::Public => None,
    };
    TableView {
        game: "Athernum".into(),
        headline,
        seats: s.players.seats().map(|x| seat_view(s, x, viewer)).collect(),
        stack,
        pools: vec![PoolView { name: "VT pool".into(), count: s.victory_pool }],
        shared: Vec::new(),
        waiting_for: to_act(s),
        prompt: if s.outcome.is_some() { None } else { prompt_text(s, viewer) },
        // Who goes first and why, and the pool's start: said in the first
        // turn, not on every board of the match.
        notes: if s.turn <= 1 { s.notes.clone() } else { Vec::new() },
        hand,
        hand_title: None,
        actions: Vec::new(),
        outcome: s.outcome.clone(),
    }
}

/// The name before the comma of a long name ("Lady Aurelie, Keeper of the
/// Gate" → "Lady Aurelie"); any other name whole.
pub fn short_name(full: &str) -> &str {
    match full.split_once(',') {
        Some((short, _)) if full.chars().count() > 20 => short.trim_end(),
        _ => full,
    }
}

/// A piece of a label: its text, and whether it is a name that may be
/// shortened to fit ([`fit`]).
type Piece = (String, bool);

fn word(w: impl Into<String>) -> Piece {
    (w.into(), false)
}

/// How a label names permanent `uid` to `seat`, as `viewer` sees it: by
/// its short name, its controller first when that is another player
/// ("Bob's Lady Aurelie"; `your` says "your" for `seat`'s own), and with
/// "#2" when another permanent of the same controller reads the same, so
/// that no two answers share a label.
fn perm_ref(s: &State, seat: Seat, uid: Uid, viewer: Viewer, your: bool) -> Vec<Piece> {
    let Some(p) = s.perm(uid) else { return vec![word("(gone)")] };
    let shown = |x: &Perm| short_name(&perm_name(s, x, viewer)).to_owned();
    let n = shown(p);
    let alike: Vec<Uid> =
        s.board.iter().filter(|x| x.controller == p.controller && shown(x) == n).map(|x| x.uid).collect();
    let mut out = Vec::new();
    if p.controller != seat {
        out.push((s.players[p.controller].name.clone(), true));
        out.push(word("'s "));
    } else if your {
        out.push(word("your "));
    }
    out.push((n, true));
    if alike.len() > 1 {
        out.push(word(format!(" #{}", alike.iter().position(|u| *u == uid).unwrap_or(0) + 1)));
    }
    out
}

/// Joins a label's pieces within 80 characters: past that, the longest
/// name is cut ("Oracle of the Cro…") until the label fits, so the words
/// and numbers that tell two answers apart stay.
fn fit(mut parts: Vec<Piece>) -> String {
    loop {
        let len: usize = parts.iter().map(|(p, _)| p.chars().count()).sum();
        if len <= 80 {
            break;
        }
        let Some(longest) = parts.iter_mut().filter(|(_, name)| *name).max_by_key(|(p, _)| p.chars().count())
        else {
            break;
        };
        let n = longest.0.chars().count();
        if n <= 4 {
            break;
        }
        let keep = n.saturating_sub(len - 80 + 1).max(3);
        longest.0 = longest.0.chars().take(keep).collect::<String>().trim_end().to_owned() + "…";
        longest.1 = false;
    }
    parts.into_iter().map(|(p, _)| p).collect()
}

fn cut(mut label: String) -> String {
    if label.chars().count() > 80 {
        label = label.chars().take(79).collect::<String>() + "…";
    }
    label
}

/// A label for action `a` offered to `seat`.
pub fn describe(s: &State, seat: Seat, a: &Action) -> ActionView {
    let me = Viewer::Seat(seat);
    let card = |uid: Uid| -> String {
        let p = &s.players[seat];
        p.hand
            .iter()
            .chain(&p.deck)
            .chain(&p.extra)
            .chain(&p.discard)
            .find(|c| c.uid == uid)
            .map_or_else(|| "(gone)".to_owned(), |c| s.db.card(c.id).name.clone())
    };
    // Board buttons are public: they name what everyone may see.
    let perm = |uid: Uid| perm_ref(s, seat, uid, Viewer::Public, false);
    let mine = |uid: Uid| perm_ref(s, seat, uid, me, false);
    let label = |mut parts: Vec<Piece>, more: Vec<Piece>| {
        parts.extend(more);
        fit(parts)
    };
    let (label, placement) = match a {
        Action::ChooseMain { card: c } => {
            let d = s.players[seat].deck.iter().find(|x| x.uid == *c).map(|x| s.db.card(x.id));
            let extra = d.map_or(String::new(), |d| match (d.kind, d.cost) {
                (CardType::Character, Some(cost)) => format!(" (cost {cost}, {} VT)", d.victory.unwrap_or(0)),
                _ => format!(" ({} VT)", d.victory.unwrap_or(0)),
            });
            (format!("Main character: {}{extra}", card(*c)), Placement::Hand)
        }
        Action::Pass => {
            let label = if super::legal::main_window(s) {
                if s.phase == Phase::Day {
                    "End the day"
                } else if s.plan.is_some() {
                    "Fight, then end combat"
                } else {
                    "End combat"
                }
            } else {
                "Pass"
            };
            (label.to_owned(), Placement::Board)
        }
        Action::Acquisition if s.players[seat].deck.is_empty() => {
            ("Acquisition: your deck is empty (asks first)".to_owned(), Placement::Board)
        }
        Action::Acquisition => ("Acquisition: draw a card (1 command token)".to_owned(), Placement::Board),
        Action::DrawFromEmptyDeck => ("Draw from empty deck (lose)".to_owned(), Placement::Board),
        Action::Cancel => ("Cancel".to_owned(), Placement::Board),
        Action::Solvency => ("Solvency: a resource token (1 command token)".to_owned(), Placement::Board),
        Action::Contingency { on } => {
            (label(vec![word("Contingency: a Victory Token on ")], perm(*on)), Placement::Board)
        }
        Action::PlayCharacter { card: c } => (format!("Play {}", card(*c)), Placement::Hand),
        Action::PlayLocation { card: c } => (format!("Play location {}", card(*c)), Placement::Hand),
        Action::PlayItem { card: c, mode } => match mode {
            ItemMode::Direct => (format!("Play {} directly", card(*c)), Placement::Hand),
            ItemMode::Attach { host, face_down } => {
                let mut parts = vec![word("Attach "), (card(*c), true), word(" to ")];
                parts.extend(mine(*host));
                parts.push(word(if *face_down { " face down" } else { "" }));
                (fit(parts), Placement::Hand)
            }
        },
        Action::Reveal { attachment } => (
            label(vec![word("Turn ")], [mine(*attachment), vec![word(" face up")]].concat()),
            Placement::Hand,
        ),
        Action::DiscardAttachment { attachment } => {
            (label(vec![word("Discard ")], mine(*attachment)), Placement::Hand)
        }
        Action::Activate { source, ability } => {
            let p = s.perm(*source);
            let a = p.and_then(|p| s.def(p.def)).and_then(|d| d.abilities.get(usize::from(*ability)));
            let what = a.map(ability_name).unwrap_or_default();
            (label(perm(*source), vec![word(": "), (what, true)]), Placement::Board)
        }
        Action::Support { card: c } => (format!("Support: {}", card(*c)), Placement::Hand),
        Action::Ascend { card: c } => (format!("Ascend {}", card(*c)), Placement::Hand),
        Action::EnterCombat => ("Enter combat".to_owned(), Placement::Board),
        Action::Attack { attacker, target } => {
            let then = if s.plan.is_some() { "Then attack: " } else { "Attack: " };
            let fight = if super::legal::completes_plan(s, seat, *attacker) && s.plan.is_some() {
                ", fight"
            } else {
                ""
            };
            let mut parts = vec![word(then)];
            parts.extend(perm(*attacker));
            parts.push(word(" → "));
            parts.extend(perm(*target));
            parts.push(word(fight));
            (fit(parts), Placement::Board)
        }
        Action::Fight => {
            let n = s.plan.as_ref().map_or(0, |p| p.attacks.len());
            (format!("Fight the plan ({n} attack{})", if n == 1 { "" } else { "s" }), Placement::Board)
        }
        Action::Defend { defender } => match defender {
            Some(d) => (label(vec![word("Defend with ")], perm(*d)), Placement::Board),
            None => ("No defender".to_owned(), Placement::Board),
        },
        Action::Target { target } => (target_label(s, seat, target), Placement::Board),
        Action::DiscardCard { card: c } => {
            let shown = if s.players[seat].revealed.contains(c) { " (shown)" } else { "" };
            (format!("Discard {}{shown}", card(*c)), Placement::Hand)
        }
        Action::Take { card: c } => (format!("Take {}", card(*c)), Placement::Hand),
        Action::TakeNothing => ("Take nothing".to_owned(), Placement::Hand),
        Action::StackNext { trigger } => {
            let label = s
                .pending
                .iter()
                .find(|i| i.uid == *trigger)
                .map_or_else(|| "(gone)".to_owned(), |i| origin_label(s, i));
            // The source by its short name, so its effect is not cut.
            let label = match label.split_once(": ") {
                Some((source, effect)) => format!("{}: {effect}", short_name(source)),
                None => label,
            };
            (format!("Stack next: {label}"), Placement::Board)
        }
        Action::Pay => ("Pay to keep it".to_owned(), Placement::Board),
        Action::DeclineToPay => ("Do not pay".to_owned(), Placement::Board),
    };
    ActionView { index: 0, label: cut(label), placement }
}

/// The label of a target: a permanent by [`perm_ref`] ("your …" for
/// `seat`'s own), a player by name, an effect on the stack by its
/// controller and what it is, numbered when two read the same.
fn target_label(s: &State, seat: Seat, t: &TargetRef) -> String {
    match t {
        TargetRef::Player(p) if *p == seat => "Target yourself".to_owned(),
        TargetRef::Player(p) => format!("Target {}", s.players[*p].name),
        TargetRef::Perm(u) => {
            fit([vec![word("Target ")], perm_ref(s, seat, *u, Viewer::Public, true)].concat())
        }
        TargetRef::Effect(u) => {
            let Some(item) = s.stack.iter().find(|i| i.uid == *u) else { return "Target (gone)".to_owned() };
            let what = origin_label(s, item);
            let alike: Vec<Uid> = s
                .stack
                .iter()
                .filter(|i| i.controller == item.controller && origin_label(s, i) == what)
                .map(|i| i.uid)
                .collect();
            let owner = if item.controller == seat {
                "your".to_owned()
            } else {
                format!("{}'s", s.players[item.controller].name)
            };
            let mut parts = vec![word("Target "), (owner, true), word(" "), (what, true)];
            if alike.len() > 1 {
                parts.push(word(format!(" #{}", alike.iter().position(|x| x == u).unwrap_or(0) + 1)));
            }
            fit(parts)
        }
    }
}

/// The card names `viewer` cannot see and that nothing visible to them shows.
pub fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
    let mut hidden = Vec::new();
    let mut shown = Vec::new();
    let fetching = match s.choices.first() {
        Some(Choice::Fetch { seat, from, filter, .. }) if viewer == Viewer::Seat(*seat) => {
            Some((*seat, *from, filter))
        }
        _ => None,
    };
    for (seat, p) in s.players.iter() {
        let mine = viewer == Viewer::Seat(seat);
        for c in &p.deck {
            let d = s.db.card(c.id);
            let seen = (s.phase == Phase::Setup && mine)
                || fetching.is_some_and(|(who, from, f)| {
                    who == seat && from == Fetch::Deck && values::filter_takes_card(f, d)
                });
            if seen {
                shown.push(d.name.clone());
            } else {
                hidden.push(d.name.clone());
            }
        }
        let names = p.extra.iter().map(|c| s.db.card(c.id).name.clone());
        if mine {
            shown.extend(names);
        } else {
            hidden.extend(names);
        }
        for c in &p.hand {
            let n = s.db.card(c.id).name.clone();
            if mine || p.revealed.contains(&c.uid) {
                shown.push(n);
            } else {
                hidden.push(n);
            }
        }
        shown.extend(p.discard.iter().chain(&p.void).map(|c| s.db.card(c.id).name.clone()));
    }
    for x in &s.board {
        let n = s.def_name(x.def);
        if x.face_down && !x.exhausted && !sees(viewer, x) && !x.blank {
            if matches!(x.def, Def::Card(_)) {
                hidden.push(n);
            }
        } else {
            shown.push(n);
        }
    }
    for i in &s.stack {
        if let Origin::Ability { def, .. } = i.origin {
            shown.push(s.def_name(def));
        }
    }
    hidden.retain(|n| !shown.contains(n));
    hidden.sort();
    hidden.dedup();
    hidden
}
