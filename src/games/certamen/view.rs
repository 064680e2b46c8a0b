//! What a viewer may see, button labels, and the secrets list.
//!
//! The board is compact enough for one embed field per player (1024
//! characters): Pillars are counted by pillar rather than listed, the
//! Hollow shows its size and top card, and every other permanent is one
//! line of the Livingfield with its state.

use super::action::Action;
use super::legal::{pillar_produces, to_act};
use super::state::{
    Body, Card, CombatStage, Permanent, Prompt, StackItem, StackSource, State, Step, TargetRef, Uid,
};
use super::target::aegis_surcharge;
use crate::cards::certamen::{sentence, Ability, CardType, Pillar};
use crate::engine::Seat;
use crate::engine::{ActionView, CardView, Placement, SeatView, StackItemView, TableView, Viewer, ZoneView};

/// The longest button label Discord takes.
const MAX_LABEL: usize = 80;
/// The longest line a Stack item gets on the board.
const MAX_STACK_LINE: usize = 140;
/// Exiled cards named one by one; beyond, only counted.
const MAX_EXILE_NAMES: usize = 6;

fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_owned();
    }
    s.chars().take(max - 1).collect::<String>() + "…"
}

/// A permanent as the board and the labels call it: its name, with "#2"
/// when its controller has several of that name (Pillars excepted: they
/// are counted, never listed), so a label points at one line of the board.
pub fn permanent_label(s: &State, p: &Permanent) -> String {
    let name = s.name_of(p);
    if s.kind_of(p) == CardType::Pillar {
        return name;
    }
    let same: Vec<Uid> =
        s.players[p.controller].field.iter().filter(|q| s.name_of(q) == name).map(|q| q.uid).collect();
    if same.len() < 2 {
        return name;
    }
    let n = same.iter().position(|u| *u == p.uid).map_or(1, |i| i + 1);
    format!("{name} #{n}")
}

/// A permanent named for `viewer`, with its controller ("Bob's Thornback",
/// "your Thornback") when another player controls one of the same name.
fn permanent_named(s: &State, p: &Permanent, viewer: Option<Seat>) -> String {
    let label = permanent_label(s, p);
    let name = s.name_of(p);
    let elsewhere = s.permanents().any(|q| q.controller != p.controller && s.name_of(q) == name);
    if !elsewhere {
        return label;
    }
    if viewer == Some(p.controller) {
        format!("your {label}")
    } else {
        format!("{}'s {label}", s.players[p.controller].name)
    }
}

/// A permanent as public events name it: [`permanent_label`], with its
/// controller's name when the other player has one of the same name
/// ("Bob's Riddlewing Owl").
pub fn public_name(s: &State, p: &Permanent) -> String {
    permanent_named(s, p, None)
}

/// The name of an object on the Stack: the card, a copy of it, or the
/// permanent whose ability it is.
fn stack_name(s: &State, item: &StackItem) -> String {
    match &item.source {
        StackSource::Spell(c) => s.def(c.id).name.clone(),
        StackSource::Copy { id } => format!("copy of {}", s.def(*id).name),
        StackSource::Ability(a) => {
            let source =
                s.permanent(a.source).map_or_else(|| s.def(a.id).name.clone(), |p| permanent_label(s, p));
            let kind = match s.def(a.id).abilities.get(a.ability) {
                Some(Ability::Triggered { .. }) => "trigger".to_owned(),
                Some(Ability::Surge { .. }) => "Surge".to_owned(),
                Some(Ability::Loyalty { change, .. }) => loyalty_sign(*change),
                Some(Ability::Ultimate { .. }) => "Ultimate".to_owned(),
                _ => "ability".to_owned(),
            };
            format!("{source} {kind}")
        }
    }
}

/// [`stack_name`], with "#2" when another object on the Stack has the same
/// name (counted from the bottom, as the board lists them), so a label
/// aimed at one of two Ember Bolts says which.
fn stack_label(s: &State, item: &StackItem) -> String {
    let name = stack_name(s, item);
    let same: Vec<Uid> = s.stack.iter().filter(|i| stack_name(s, i) == name).map(|i| i.uid).collect();
    if same.len() < 2 {
        return name;
    }
    let n = same.iter().position(|u| *u == item.uid).map_or(1, |i| i + 1);
    format!("{name} #{n}")
}

/// "+1", "−2" (the rulebook's minus sign).
fn loyalty_sign(change: i8) -> String {
    if change >= 0 {
        format!("+{change}")
    } else {
        format!("−{}", change.unsigned_abs())
    }
}

/// What `t` names, for `viewer` ("you" for their own seat).
fn target_name(s: &State, t: &TargetRef, viewer: Option<Seat>) -> String {
    match t {
        TargetRef::Player(p) if viewer == Some(*p) => "you".to_owned(),
        TargetRef::Player(p) => s.players[*p].name.clone(),
        TargetRef::Permanent(u) => {
            s.permanent(*u).map_or_else(|| "(gone)".to_owned(), |p| permanent_named(s, p, viewer))
        }
        TargetRef::Spell(u) => {
            s.stack.iter().find(|i| i.uid == *u).map_or_else(|| "(gone)".to_owned(), |i| stack_label(s, i))
        }
    }
}

fn targets_text(s: &State, targets: &[TargetRef], viewer: Option<Seat>) -> String {
    targets.iter().map(|t| target_name(s, t, viewer)).collect::<Vec<_>>().join(", ")
}

/// One Stack line: its name and what it will do ("Ember Bolt: Deal 3
/// damage to any target.").
fn stack_item_view(s: &State, item: &StackItem) -> StackItemView {
    let def = s.def(item.card_id());
    let effects = super::state::spell_effects(s, item);
    let text = sentence(&effects, def.this());
    let label =
        if text.is_empty() { stack_label(s, item) } else { format!("{}: {text}", stack_label(s, item)) };
    StackItemView {
        label: clip(&label, MAX_STACK_LINE),
        controller: Some(item.controller),
        targets: item.targets.iter().map(|t| target_name(s, t, None)).collect(),
    }
}

/// The names of `seat`'s hand as [`view`] shows them.
pub fn hand_names(s: &State, seat: Seat) -> Vec<String> {
    // `hand_card_view` names a card by its printed name alone.
    s.players[seat].hand.iter().map(|c| s.def(c.id).name.clone()).collect()
}

/// A hand card as its owner sees it: type, cost, stats and keywords (the
/// full text is one `/card` away).
fn hand_card_view(s: &State, c: &Card) -> CardView {
    let d = s.def(c.id);
    let mut detail = vec![d.type_line()];
    if let Some(cost) = d.cost {
        detail.push(cost.to_string());
    }
    if let (Some(p), Some(v)) = (d.power, d.vitality) {
        detail.push(format!("{p}/{v}"));
    }
    if let Some(l) = d.loyalty {
        detail.push(format!("Loyalty {l}"));
    }
    if !d.keywords.is_empty() {
        detail.push(d.keywords.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "));
    }
    if d.kind.is_spell() {
        detail.push(sentence(&d.effects, d.this()));
    }
    CardView { name: d.name.clone(), detail: detail.join(" · ") }
}

/// A permanent's line: stats, damage, counters, bonuses, keywords,
/// equipment, tapped / summoning sick, and its part in combat.
fn permanent_view(s: &State, p: &Permanent) -> CardView {
    let mut d = Vec::new();
    let kind = s.kind_of(p);
    if kind == CardType::Creature {
        d.push(format!("{}/{}", s.power(p), s.vitality(p)));
        if p.damage > 0 {
            d.push(format!("{} damage", p.damage));
        }
    }
    if kind == CardType::Ascendant {
        d.push(format!("Loyalty {}", p.loyalty));
        if p.loyalty_used {
            d.push("loyalty used this turn".into());
        }
    }
    if p.counters > 0 {
        d.push(format!("+1/+1 counter ×{}", p.counters));
    }
    if p.pump_power != 0 || p.pump_vitality != 0 {
        d.push(format!("{:+}/{:+} this turn", p.pump_power, p.pump_vitality));
    }
    let mut keywords = s.keywords(p);
    keywords.sort();
    keywords.dedup();
    if !keywords.is_empty() {
        d.push(keywords.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "));
    }
    if let Some(on) = p.equipped_to {
        match s.permanent(on) {
            Some(c) => d.push(format!("equipped to {}", permanent_named(s, c, None))),
            None => d.push("unattached".into()),
        }
    }
    if p.tapped {
        d.push("tapped".into());
    }
    if s.is_creature(p) && s.is_sick(p) {
        d.push("summoning sick".into());
    }
    if p.attacking {
        let blockers: Vec<String> =
            p.blocked_by.iter().filter_map(|u| s.permanent(*u)).map(|b| permanent_label(s, b)).collect();
        d.push(match (blockers.is_empty(), p.blocked) {
            (false, _) => format!("attacking, blocked by {}", blockers.join(", ")),
            (true, true) => "attacking, blocked".into(),
            (true, false) => match p.damage_to.and_then(|u| s.permanent(u)) {
                Some(a) => format!("attacking {}", permanent_label(s, a)),
                None => "attacking".into(),
            },
        });
    }
    if let Some(a) = p.blocking.and_then(|u| s.permanent(u)) {
        d.push(format!("blocking {}", permanent_label(s, a)));
    }
    CardView { name: permanent_label(s, p), detail: d.join(" · ") }
}

/// "Emberwake 2 untapped, 1 tapped · Verdance 1 untapped", or "none".
fn pillars_text(s: &State, seat: Seat) -> String {
    let mut parts = Vec::new();
    for pillar in Pillar::ALL {
        let of: Vec<&Permanent> = s.players[seat]
            .field
            .iter()
            .filter(|p| s.kind_of(p) == CardType::Pillar && pillar_produces(s, p) == Some(pillar))
            .collect();
        if of.is_empty() {
            continue;
        }
        let tapped = of.iter().filter(|p| p.tapped).count();
        let untapped = of.len() - tapped;
        parts.push(match (untapped, tapped) {
            (u, 0) => format!("{} {u} untapped", pillar.name()),
            (0, t) => format!("{} {t} tapped", pillar.name()),
            (u, t) => format!("{} {u} untapped, {t} tapped", pillar.name()),
        });
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(" · ")
    }
}

/// "2 Emberwake, 1 colourless", or "empty".
fn pool_text(s: &State, seat: Seat) -> String {
    let pool = &s.players[seat].pool;
    let mut parts: Vec<String> = Pillar::ALL
        .iter()
        .filter(|p| pool.of(**p) > 0)
        .map(|p| format!("{} {}", pool.of(*p), p.name()))
        .collect();
    if pool.generic > 0 {
        parts.push(format!("{} colourless", pool.generic));
    }
    if parts.is_empty() {
        "empty".into()
    } else {
        parts.join(", ")
    }
}

fn seat_view(s: &State, seat: Seat) -> SeatView {
    let p = &s.players[seat];
    // Counts without "cards", so a seat's counters take two lines.
    let hollow = match p.hollow.last() {
        Some(top) => format!("{}, top {}", p.hollow.len(), s.def(top.id).name),
        None => "empty".into(),
    };
    let mut counters = vec![
        ("Vitality".to_owned(), p.vitality.to_string()),
        ("Hand".to_owned(), p.hand.len().to_string()),
        ("Archive".to_owned(), p.archive.len().to_string()),
        ("Hollow".to_owned(), hollow),
        ("Pillars".to_owned(), pillars_text(s, seat)),
        ("Pool".to_owned(), pool_text(s, seat)),
    ];
    if p.extra_turns > 0 {
        counters.push(("Extra turns".to_owned(), p.extra_turns.to_string()));
    }
    // At a glance: life, cards in hand and the mana a player can still make.
    let pillars: Vec<&Permanent> = p.field.iter().filter(|x| s.kind_of(x) == CardType::Pillar).collect();
    let untapped = pillars.iter().filter(|x| !x.tapped).count();
    let mut brief = vec![
        ("Vitality".to_owned(), p.vitality.to_string()),
        ("Hand".to_owned(), p.hand.len().to_string()),
        ("Pillars".to_owned(), format!("{untapped}/{} untapped", pillars.len())),
    ];
    brief.extend(counters.iter().filter(|(k, v)| k == "Pool" && v != "empty" || k == "Extra turns").cloned());
    // By name (namesakes keep their order, so "#1, #2" in one state share
    // an item of the board).
    let of_kind = |kinds: &[CardType]| -> Vec<CardView> {
        let mut of: Vec<&Permanent> = p.field.iter().filter(|x| kinds.contains(&s.kind_of(x))).collect();
        of.sort_by_cached_key(|x| s.name_of(x));
        of.into_iter().map(|x| permanent_view(s, x)).collect()
    };
    let mut zones = vec![
        ZoneView { name: "Creatures".into(), cards: of_kind(&[CardType::Creature]) },
        ZoneView { name: "Ascendants".into(), cards: of_kind(&[CardType::Ascendant]) },
        ZoneView { name: "Rites & Relics".into(), cards: of_kind(&[CardType::Rite, CardType::Relic]) },
    ];
    if !p.exile.is_empty() {
        let cards = if p.exile.len() <= MAX_EXILE_NAMES {
            p.exile
                .iter()
                .map(|c| CardView { name: s.def(c.id).name.clone(), detail: String::new() })
                .collect()
        } else {
            vec![CardView { name: crate::engine::count_cards(p.exile.len()), detail: String::new() }]
        };
        zones.push(ZoneView { name: "Exile".into(), cards });
    }
    SeatView {
        seat: Some(seat),
        name: p.name.clone(),
        counters,
        brief,
        zones,
        alive: !s.has_lost(seat),
        ..Default::default()
    }
}

/// Where this turn's combat stands, for the headline.
fn combat_stage(s: &State) -> &'static str {
    match s.combat {
        CombatStage::Attackers => "declaring attackers",
        CombatStage::Declared => "attackers declared",
        CombatStage::Blockers => "declaring blockers",
        CombatStage::Blocked => "blockers declared",
        CombatStage::Blazestruck => "Blazestride window",
        CombatStage::Done => "damage dealt",
    }
}

fn headline(s: &State) -> String {
    if let Some(o) = &s.outcome {
        return format!("Game over · {}", o.reason);
    }
    if let Prompt::Mulligan(_) = s.prompt {
        return format!("Opening hands · {} goes first", s.players[s.first].name);
    }
    let step = match s.step {
        Step::Combat => format!("Combat ({})", combat_stage(s)),
        other => other.name().to_owned(),
    };
    format!("Turn {} · {} · {step}", s.turn, s.players[s.active].name)
}

/// The pending decision in words, phrased for `viewer`: who must answer
/// and what is waiting on them.
fn prompt_text(s: &State, viewer: Option<Seat>) -> Option<String> {
    if s.outcome.is_some() {
        return None;
    }
    let who = *to_act(s).first()?;
    let mine = viewer == Some(who);
    let name = s.players[who].name.clone();
    let attackers = || -> Vec<String> {
        s.players[s.active].field.iter().filter(|p| p.attacking).map(|p| permanent_label(s, p)).collect()
    };
    let text = match s.prompt {
        Prompt::Mulligan(_) if mine => {
            "Keep your opening hand, or take the one mulligan: shuffle it back and draw 6.".to_owned()
        }
        Prompt::Mulligan(_) => format!("Waiting for {name} to keep their opening hand or mulligan."),
        Prompt::Choice if mine => format!("{}.", super::choice::question(s)),
        Prompt::Choice => format!("Waiting for {name}: {}.", super::choice::question(s).to_lowercase()),
        Prompt::Priority => {
            let holder = if mine { "You hold".to_owned() } else { format!("{name} holds") };
            match s.stack.last() {
                // Others read who is awaited; the board lists the Stack.
                _ if !mine => format!("Waiting for {name}."),
                Some(top) => {
                    let whose = if viewer == Some(top.controller) {
                        "your".to_owned()
                    } else {
                        format!("{}'s", s.players[top.controller].name)
                    };
                    format!("{holder} priority: respond to {whose} {}, or pass to let it resolve.", stack_name(s, top))
                }
                None => format!(
                    "{holder} priority in {}: act, or pass (two passes in a row end the step).",
                    s.step.name()
                ),
            }
        }
        Prompt::DeclareAttackers => {
            let so_far = attackers();
            let declared = if so_far.is_empty() {
                String::new()
            } else {
                format!(" (attacking: {})", so_far.join(", "))
            };
            if mine {
                format!("Declare your attackers one at a time, then Done{declared}.")
            } else {
                format!("Waiting for {name} to declare attackers{declared}.")
            }
        }
        Prompt::DeclareBlockers => {
            let all = attackers();
            let against = all.join(", ");
            if mine {
                format!("Block {against} with your untapped creatures, one block at a time, then Done.")
            } else if all.len() > 2 {
                // The board marks each attacker: counted here, so the prompt keeps to a line.
                format!("Waiting for {name} to declare blockers against {} attackers.", all.len())
            } else {
                format!("Waiting for {name} to declare blockers against {against}.")
            }
        }
        Prompt::DamageOrder => {
            let a = super::combat::unordered_attacker(s).and_then(|u| s.permanent(u));
            let a = a.map_or_else(String::new, |p| permanent_label(s, p));
            if mine {
                format!("Choose the order in which {a} deals its damage to its blockers.")
            } else {
                format!("Waiting for {name} to order the blockers of {a}.")
            }
        }
        Prompt::AscendantDamage => {
            let a = super::combat::undirected_attacker(s).and_then(|u| s.permanent(u));
            let a = a.map_or_else(String::new, |p| permanent_label(s, p));
            if mine {
                format!("{a} is unblocked: take its damage yourself, or send it to one of your Ascendants.")
            } else {
                format!("Waiting for {name} to choose where the damage of unblocked {a} goes.")
            }
        }
        Prompt::Discard => {
            let n = s.players[who].hand.len();
            if mine {
                format!("You hold {n} cards: discard down to 7.")
            } else {
                format!("Waiting for {name} to discard down to 7 (holds {n}).")
            }
        }
        Prompt::AbilityTargets => {
            let src = s.choosing.map_or_else(String::new, |a| {
                s.permanent(a.source).map_or_else(|| s.def(a.id).name.clone(), |p| permanent_label(s, p))
            });
            if mine {
                format!("Choose the targets of {src}'s triggered ability.")
            } else {
                format!("Waiting for {name} to choose the targets of {src}'s triggered ability.")
            }
        }
    };
    Some(text)
}

/// Public notes under the headline: the mulligan order while hands are
/// being kept, and the last turn's draw rule.
fn notes(s: &State) -> Vec<String> {
    let mut notes = Vec::new();
    if let Prompt::Mulligan(_) = s.prompt {
        let second = s.opponent(s.first);
        notes.push(format!(
            "{} answers the mulligan first, then {}; the first player skips their first draw.",
            s.players[second].name, s.players[s.first].name
        ));
    }
    if !s.pending.is_empty() && s.outcome.is_none() {
        let n = s.pending.len();
        notes.push(format!(
            "{n} triggered abilit{} waiting to go on the Stack.",
            if n == 1 { "y" } else { "ies" }
        ));
    }
    notes
}

/// The table as `viewer` may see it (`actions` is filled by the registry).
pub fn view(s: &State, viewer: Viewer) -> TableView {
    let me = match viewer {
        Viewer::Seat(seat) => Some(seat),
        Viewer::Public => None,
    };
    TableView {
        game: "Certamen".into(),
        headline: headline(s),
        seats: s.players.seats().map(|seat| seat_view(s, seat)).collect(),
        stack: s.stack.iter().map(|i| stack_item_view(s, i)).collect(),
        waiting_for: to_act(s),
        prompt: prompt_text(s, me),
        notes: notes(s),
        hand: me.map(|seat| s.players[seat].hand.iter().map(|c| hand_card_view(s, c)).collect()),
        outcome: s.outcome.clone(),
        ..TableView::default()
    }
}

/// The words for an ability used by `Activate`: "Use Sparkstorm Elemental
/// ({1}, Tap)", "Surge Wildfire Berserker", "Kaelith +1", "Kaelith
/// Ultimate (−7)".
fn ability_label(s: &State, p: &Permanent, ability: usize) -> String {
    let name = permanent_label(s, p);
    let Body::Card(id) = p.body else { return format!("Use {name}") };
    match s.def(id).abilities.get(ability) {
        Some(Ability::Activated { cost, tap, sacrifice, .. }) => {
            let mut parts = Vec::new();
            if let Some(c) = cost {
                parts.push(c.to_string());
            }
            if *tap {
                parts.push("Tap".into());
            }
            if *sacrifice {
                parts.push("Sacrifice".into());
            }
            format!("Use {name} ({})", parts.join(", "))
        }
        Some(Ability::Surge { .. }) => format!("Surge {name}"),
        Some(Ability::Loyalty { change, .. }) => format!("{name} {}", loyalty_sign(*change)),
        Some(Ability::Ultimate { cost, .. }) => format!("{name} Ultimate (−{cost})"),
        _ => format!("Use {name}"),
    }
}

/// The effect of an ability in a few words, for its label when there is
/// room: "deal 1 damage to any target".
fn ability_effect(s: &State, p: &Permanent, ability: usize) -> Option<String> {
    let Body::Card(id) = p.body else { return None };
    let def = s.def(id);
    let text = sentence(def.abilities.get(ability)?.effects(), def.this());
    let text = text.trim_end_matches('.');
    let mut c = text.chars();
    c.next().map(|f| f.to_lowercase().collect::<String>() + c.as_str())
}

/// A label for one action of `seat`.
pub fn describe(s: &State, seat: Seat, a: &Action) -> ActionView {
    let me = Some(seat);
    let hand_name = |uid: Uid| {
        s.players[seat]
            .hand
            .iter()
            .find(|c| c.uid == uid)
            .map_or_else(String::new, |c| s.def(c.id).name.clone())
    };
    // Attacks, blocks, taps and equipment say whose creature by their
    // nature; only targets (below) name a controller.
    let on_field = |uid: Uid| s.permanent(uid).map_or_else(|| "(gone)".to_owned(), |p| permanent_label(s, p));
    let arrow = |targets: &[TargetRef]| {
        if targets.is_empty() {
            String::new()
        } else {
            format!(" → {}", targets_text(s, targets, me))
        }
    };
    let aegis = |targets: &[TargetRef]| match aegis_surcharge(s, seat, targets) {
        0 => String::new(),
        n => format!(" (+{n} for Aegis)"),
    };
    let (label, placement) = match a {
        Action::Keep => {
            let n = s.players[seat].hand.len();
            (format!("Keep these {n} cards"), Placement::Hand)
        }
        Action::Mulligan => ("Mulligan to 6".to_owned(), Placement::Hand),
        Action::Pass => ("Pass".to_owned(), Placement::Board),
        Action::PlayPillar { card } => (format!("Play {}", hand_name(*card)), Placement::Hand),
        Action::TapPillar { pillar } => (format!("Tap {}", on_field(*pillar)), Placement::Board),
        Action::Cast { card, targets } => {
            (format!("Cast {}{}{}", hand_name(*card), arrow(targets), aegis(targets)), Placement::Hand)
        }
        Action::Activate { permanent, ability, targets } => {
            let label = match s.permanent(*permanent) {
                Some(p) => {
                    let base = ability_label(s, p, *ability);
                    let tail = format!("{}{}", arrow(targets), aegis(targets));
                    match ability_effect(s, p, *ability) {
                        Some(e) if targets.is_empty() && base.len() + e.len() + 2 <= MAX_LABEL => {
                            format!("{base}: {e}")
                        }
                        _ => format!("{base}{tail}"),
                    }
                }
                None => "Use an ability".to_owned(),
            };
            (label, Placement::Board)
        }
        Action::Equip { relic, creature } => {
            let cost = s.permanent(*relic).and_then(|r| match r.body {
                Body::Card(id) => s.def(id).equip.as_ref().map(|e| e.cost.to_string()),
                Body::Token(_) => None,
            });
            let cost = cost.map_or_else(String::new, |c| format!(" ({c})"));
            (format!("Equip {} to {}{cost}", on_field(*relic), on_field(*creature)), Placement::Board)
        }
        Action::ChooseTargets { targets } => {
            let src = s.choosing.map_or_else(String::new, |c| {
                s.permanent(c.source).map_or_else(|| s.def(c.id).name.clone(), |p| permanent_label(s, p))
            });
            if targets.is_empty() {
                (format!("{src} trigger: don't pay for Aegis (it fails)"), Placement::Board)
            } else {
                (format!("{src} trigger{}{}", arrow(targets), aegis(targets)), Placement::Board)
            }
        }
        Action::Attack { creature } => (format!("Attack with {}", on_field(*creature)), Placement::Board),
        Action::EndAttacks => {
            let any = s.players[seat].field.iter().any(|p| p.attacking);
            (if any { "Done attacking" } else { "No attack" }.to_owned(), Placement::Board)
        }
        Action::Block { blocker, attacker } => {
            (format!("Block {} with {}", on_field(*attacker), on_field(*blocker)), Placement::Board)
        }
        Action::EndBlocks => {
            let any = s.players[seat].field.iter().any(|p| p.blocking.is_some());
            (if any { "Done blocking" } else { "No blocks" }.to_owned(), Placement::Board)
        }
        Action::DirectDamage { attacker, ascendant } => {
            let power = s.permanent(*attacker).map_or(0, |p| s.power(p));
            let who = on_field(*attacker);
            let label = match ascendant.and_then(|u| s.permanent(u)) {
                Some(asc) => {
                    format!(
                        "Send {who}'s {power} damage to {} (Loyalty {})",
                        permanent_label(s, asc),
                        asc.loyalty
                    )
                }
                None => format!("Take {who}'s {power} damage yourself"),
            };
            (label, Placement::Board)
        }
        Action::OrderBlockers { attacker, order } => {
            // The place this answer chooses ("2nd: Riddlewing Owl #2"); a
            // stored answer of several places names each.
            let placed =
                s.permanent(*attacker).map_or(0, |p| usize::from(p.blockers_placed)).min(order.len());
            let placed = if placed == order.len() { order.len().saturating_sub(1) } else { placed };
            let names: Vec<String> = order[placed..].iter().map(|u| on_field(*u)).collect();
            (format!("{}: {}", ordinal(placed + 1), names.join(", ")), Placement::Board)
        }
        Action::Cancel => ("Cancel: order again from 1st".to_owned(), Placement::Board),
        Action::Discard { card } => (format!("Discard {}", hand_name(*card)), Placement::Hand),
        Action::Pick { card: c } => {
            let zones = [&s.players[seat].archive, &s.players[seat].hollow];
            let name =
                zones.iter().flat_map(|z| z.iter()).find(|x| x.uid == *c).map(|x| s.def(x.id).name.clone());
            let verb = if matches!(s.choices.first(), Some(super::state::Choice::Return { .. })) {
                "Return"
            } else {
                "Take"
            };
            (format!("{verb} {}", name.unwrap_or_default()), Placement::Hand)
        }
        Action::ChoosePillar { pillar } => (format!("Add {}", pillar.name()), Placement::Board),
        Action::PayToKeep => {
            let n = match s.choices.first() {
                Some(super::state::Choice::Ward { amount, .. }) => *amount,
                _ => 0,
            };
            (format!("Pay {n} to keep your spell"), Placement::Board)
        }
        Action::DeclineToPay => ("Don't pay: it is countered".to_owned(), Placement::Board),
        Action::StackTrigger { ability } => {
            // By the permanent's label: two of one name trigger apart.
            let source = s
                .permanent(ability.source)
                .map_or_else(|| s.def(ability.id).name.clone(), |p| permanent_label(s, p));
            (format!("Stack next: {source} ({})", ability.ability + 1), Placement::Board)
        }
        Action::KeepAscendant { ascendant } => (format!("Keep {}", on_field(*ascendant)), Placement::Board),
    };
    ActionView { index: 0, label: clip(&label, MAX_LABEL), placement }
}

/// "1st", "2nd", "3rd", "4th", … "11th", "12th", "21st".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Card names `viewer` cannot see and no visible zone shows.
pub fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
    let mut hidden = Vec::new();
    let mut shown = Vec::new();
    // A player searching their Archive sees the cards the search may find.
    let searching = match s.choices.first() {
        Some(super::state::Choice::Search { seat, filter, .. }) if viewer == Viewer::Seat(*seat) => {
            Some((*seat, filter))
        }
        _ => None,
    };
    for (seat, p) in s.players.iter() {
        for c in &p.archive {
            let seen = searching
                .is_some_and(|(who, filter)| who == seat && super::choice::card_matches(s, c, filter));
            let name = s.def(c.id).name.clone();
            if seen {
                shown.push(name);
            } else {
                hidden.push(name);
            }
        }
        let names = p.hand.iter().map(|c| s.def(c.id).name.clone());
        if viewer == Viewer::Seat(seat) {
            shown.extend(names);
        } else {
            hidden.extend(names);
        }
        shown.extend(p.field.iter().map(|x| s.name_of(x)));
        shown.extend(p.hollow.iter().chain(&p.exile).map(|c| s.def(c.id).name.clone()));
    }
    shown.extend(s.stack.iter().map(|i| s.def(i.card_id()).name.clone()));
    hidden.retain(|n| !shown.contains(n));
    hidden.sort();
    hidden.dedup();
    hidden
}
