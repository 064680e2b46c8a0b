//! What each viewer may see, and the labels of actions. The only place
//! Spheres decides visibility: hands, decks, towers, groove energy and
//! face-down creatures are never named to anyone who may not know them.

use super::action::{Action, Prompt, SiegeTarget};
use super::effects::{current_effect, source_name, wanted};
use super::legal::{as_member, cast_cost, summon_cost, to_act};
use super::state::{spheres_of, Creature, Mode, State, Step, Uid};
use super::zones::{card_name, is_public, owned_label, public_label, spheres_name};
use crate::cards::spheres::{Effect, SpellKind, Sphere, Verb, Zone};
use crate::engine::{ActionView, CardView, Placement, Seat, SeatView, TableView, Viewer, ZoneView};

const MAX_LABEL: usize = 80;

fn clip(mut s: String) -> String {
    if s.chars().count() > MAX_LABEL {
        s = s.chars().take(MAX_LABEL - 1).collect::<String>() + "…";
    }
    s
}

/// A creature as `viewer` sees it on the battlefield.
fn creature_view(s: &State, c: &Creature, viewer: Option<Seat>) -> CardView {
    let owner = s.owner(c.uid);
    let public = public_label(s, c.uid, Some(Zone::Battlefield));
    let public = public.trim_start_matches("a ");
    let name = if c.face_down && viewer == Some(owner) {
        format!("{public} ({})", card_name(s, c.uid))
    } else {
        public.to_string()
    };
    let mut detail = vec![format!("str {}", super::abilities::strength(s, c.uid))];
    // Ready is the usual state: only an engaged creature says so.
    if c.engaged {
        detail.push("engaged".into());
    }
    if c.dizzy {
        detail.push("dizzy".into());
    }
    if c.afflicted {
        detail.push("afflicted".into());
    }
    if c.pump != 0 {
        detail.push(format!("{:+} this turn", c.pump));
    }
    for a in &c.attached {
        detail.push(format!("with {}", s.def(*a).spell.name));
    }
    CardView { name, detail: detail.join(" · ") }
}

/// A hand card as its owner sees it, short enough for a phone: the names
/// and spheres, then the labelled numbers of both halves (the full text
/// is one `/card` away).
pub fn hand_card_view(s: &State, uid: Uid) -> CardView {
    let d = s.def(uid);
    let creature = if d.creature.inverted {
        "creature face down · cost 3".to_string()
    } else {
        format!("creature cost {} · str {}", d.creature.cost, d.creature.strength)
    };
    let kind = match d.spell.kind {
        SpellKind::Instant => "instant",
        SpellKind::Active => "active",
        SpellKind::Attach => "attach",
    };
    let spell = if d.spell.inverted {
        "spell face down".to_string()
    } else {
        format!("{kind} spell cost {}", d.spell.cost)
    };
    CardView { name: hand_card_name(s, uid), detail: format!("{creature} · {spell}") }
}

/// A card's name in its owner's hand: both halves and its spheres.
pub fn hand_card_name(s: &State, uid: Uid) -> String {
    let d = s.def(uid);
    format!("{} / {} ({})", d.creature.name, d.spell.name, spheres_name(s, uid))
}

/// "1 crystal", "3 crystals".
fn count_crystals(n: usize) -> String {
    format!("{n} crystal{}", if n == 1 { "" } else { "s" })
}

/// "1 card", "5 cards".
fn vault_text(s: &State, seat: Seat) -> String {
    let mut parts = Vec::new();
    for sp in Sphere::ALL {
        // A dual-sphere crystal counts under both of its spheres.
        let n = s.lords[seat].vault.iter().filter(|u| spheres_of(s.def(**u)).contains(&sp)).count();
        if n > 0 {
            parts.push(format!("{n} {}", sp.name()));
        }
    }
    let vault = &s.lords[seat].vault;
    let duals = vault.iter().filter(|u| spheres_of(s.def(**u)).len() > 1).count();
    if parts.is_empty() {
        "empty".into()
    } else if duals > 0 {
        format!("{} ({}, {duals} dual)", parts.join(", "), count_crystals(vault.len()))
    } else {
        parts.join(", ")
    }
}

fn seat_view(s: &State, seat: Seat, viewer: Option<Seat>) -> SeatView {
    let lord = &s.lords[seat];
    // A lord out of a game that goes on is one short line: nothing of
    // theirs is in play any more (the board marks them out).
    if !lord.alive && s.lords.len() > 2 {
        let counters =
            lord.fell_in.map(|r| ("Fell in round".to_string(), r.to_string())).into_iter().collect();
        return SeatView {
            seat: Some(seat),
            name: lord.name.clone(),
            counters,
            alive: false,
            ..Default::default()
        };
    }
    let vault = if s.crystals_face_up() && !lord.vault.is_empty() {
        let names: Vec<&str> = lord.vault.iter().map(|u| card_name(s, *u)).collect();
        format!("{} · {}", vault_text(s, seat), names.join(", "))
    } else {
        vault_text(s, seat)
    };
    let mut counters = Vec::new();
    if s.waiting.contains(&seat) {
        counters.push(("Waiting".to_string(), "outside battle".to_string()));
    }
    counters.extend([
        (if s.first_draft { "Shields" } else { "Towers" }.to_string(), lord.towers.len().to_string()),
        ("Hand".to_string(), lord.hand.len().to_string()),
        ("Deck".to_string(), lord.deck.len().to_string()),
        ("Groove".to_string(), lord.groove.len().to_string()),
        // The top of the trash with its count, as one item of a line.
        (
            "Trash".to_string(),
            match lord.trash.last() {
                Some(top) => format!("{}, top {}", lord.trash.len(), card_name(s, *top)),
                None => "0".to_string(),
            },
        ),
        ("Vault".to_string(), vault),
    ]);
    // Citadel: the teammate's part of the team turn has its own mana.
    let part = std::iter::once(&s.turn).chain(s.turn.mate.as_deref()).find(|t| t.active == seat);
    if let (Some(part), None) = (part, &s.outcome) {
        let mana = if part.mana_locked {
            "locked".to_string()
        } else {
            let left = lord.vault.len().saturating_sub(part.mana_spent as usize);
            format!("{left} of {}", lord.vault.len())
        };
        counters.push(("Mana".to_string(), mana));
    }
    // At a glance: towers, hand, crystals and mana (the rest is in the
    // picture and a board with room).
    let brief: Vec<(String, String)> = counters
        .iter()
        .filter_map(|(k, v)| match k.as_str() {
            "Deck" | "Groove" | "Trash" => None,
            "Vault" => Some((k.clone(), lord.vault.len().to_string())),
            _ => Some((k.clone(), v.clone())),
        })
        .collect();
    let mut zones = vec![ZoneView {
        name: "Battlefield".into(),
        cards: lord.battlefield.iter().map(|c| creature_view(s, c, viewer)).collect(),
    }];
    zones.push(ZoneView {
        name: "Fortress spells".into(),
        cards: lord
            .spells
            .iter()
            .map(|u| CardView { name: s.def(*u).spell.name.clone(), detail: "active spell".into() })
            .collect(),
    });
    if viewer == Some(seat) && !lord.groove.is_empty() {
        let mut parts = Vec::new();
        for sp in Sphere::ALL {
            let n = lord.groove.iter().filter(|u| s.def(**u).sphere == sp).count();
            if n > 0 {
                parts.push(CardView { name: format!("{} energy", sp.name()), detail: format!("× {n}") });
            }
        }
        zones.push(ZoneView { name: "Groove".into(), cards: parts });
    }
    SeatView {
        seat: Some(seat),
        name: lord.name.clone(),
        counters,
        brief,
        zones,
        alive: lord.alive,
        ..Default::default()
    }
}

/// The verb an effect asks about, for prompts and labels.
fn effect_word(s: &State, replacement: bool) -> String {
    let word = word_of(s);
    if replacement {
        format!("{word} with")
    } else {
        word
    }
}

fn word_of(s: &State) -> String {
    match current_effect(s) {
        Some(Effect::Move { verb, .. }) => match verb {
            Verb::Recover => "Recover",
            Verb::Return => "Return",
            Verb::Draw => "Draw",
            Verb::Crystallize => "Crystallize",
            Verb::Energize => "Energize",
            Verb::Fortify => "Fortify",
            Verb::Cast => "Cast",
            Verb::Summon => "Summon",
            Verb::Trash => "Trash",
            Verb::Destroy => "Destroy",
        }
        .into(),
        Some(Effect::Afflict { .. }) => "Afflict".into(),
        Some(Effect::Cure { .. }) => "Cure".into(),
        Some(Effect::Engage { .. }) => "Engage".into(),
        Some(Effect::Ready { .. }) => "Ready".into(),
        Some(Effect::Pump { amount, .. }) => format!("Give {amount:+}"),
        Some(Effect::Replace { .. }) => "Replace".into(),
        Some(Effect::Shuffle { .. }) => "Shuffle".into(),
        _ => "Choose".into(),
    }
}

/// A card offered in a prompt, as the chooser may see it: (label, private).
pub(super) fn option_label(s: &State, uid: Uid, chooser: Seat, reveal: bool) -> (String, bool) {
    let zone = s.zone_of(uid);
    let owner = s.owner(uid);
    let whose = if owner == chooser { "your".to_string() } else { format!("{}'s", s.name(owner)) };
    if is_public(s, uid, zone) {
        return (owned_label(s, uid, zone, &whose), false);
    }
    let own_known = owner == chooser && matches!(zone, Some(Zone::Hand) | Some(Zone::Battlefield));
    if reveal || own_known {
        let place = match zone {
            Some(Zone::Battlefield) => " (face down)",
            Some(Zone::Deck) => " (deck)",
            Some(Zone::Hand) => " (hand)",
            _ => "",
        };
        return (format!("{whose} {}{place}", card_name(s, uid)), true);
    }
    (owned_label(s, uid, zone, &whose), false)
}

/// A label for one action of `seat`.
pub fn describe(s: &State, seat: Seat, a: &Action) -> ActionView {
    let hand = |i: &u8| s.lords[seat].hand.get(*i as usize).copied();
    let bf = |lord: Seat, i: u8| s.lords[lord].battlefield.get(i as usize).map(|c| c.uid);
    let creature = |lord: Seat, i: u8| {
        bf(lord, i).map(|u| public_label(s, u, Some(Zone::Battlefield))).unwrap_or_else(|| "?".into())
    };
    // With more than two lords a creature not the chooser's own is named
    // with its owner ("Bob's Ember Drake"): names repeat round the table.
    let whose = |lord: Seat, i: u8| {
        let c = creature(lord, i);
        if lord == seat || s.lords.len() == 2 {
            c
        } else {
            format!("{}'s {}", s.name(lord), c.trim_start_matches("a "))
        }
    };
    let (label, placement) = match a {
        Action::Cure { creature: c, crystal } => {
            // A dual crystal is named by both its spheres (it differs from a single one).
            let sp =
                s.lords[seat].vault.get(*crystal as usize).map(|u| spheres_name(s, *u)).unwrap_or("?".into());
            (format!("Cure {} ({sp} crystal)", creature(seat, *c)), Placement::Board)
        }
        Action::Crystallize { card } => match hand(card) {
            // A crystal placed after the crystal step (step 4a) ends the
            // casting and locks the turn's mana: the button says so.
            Some(u) if s.turn.step != Step::Crystal => (
                format!("Crystallize {} ({}): no more mana this turn", card_name(s, u), spheres_name(s, u)),
                Placement::Hand,
            ),
            Some(u) => (format!("Crystallize {} ({})", card_name(s, u), spheres_name(s, u)), Placement::Hand),
            None => ("Crystallize".into(), Placement::Hand),
        },
        Action::Cast { card } => match hand(card) {
            Some(u) if s.def(u).spell.inverted => {
                (format!("Cast {} face down ({})", s.def(u).spell.name, cast_cost(s, u)), Placement::Hand)
            }
            Some(u) => (format!("Cast {} ({})", s.def(u).spell.name, cast_cost(s, u)), Placement::Hand),
            None => ("Cast".into(), Placement::Hand),
        },
        Action::Summon { card } => match hand(card) {
            Some(u) if s.def(u).creature.inverted => {
                (format!("Summon {} face down ({})", card_name(s, u), summon_cost(s, u)), Placement::Hand)
            }
            Some(u) => (format!("Summon {} ({})", card_name(s, u), summon_cost(s, u)), Placement::Hand),
            None => ("Summon".into(), Placement::Hand),
        },
        Action::SummonFaceDown { card } => match hand(card) {
            Some(u) => (format!("Summon {} face down (3)", card_name(s, u)), Placement::Hand),
            None => ("Summon face down".into(), Placement::Hand),
        },
        Action::Attack { attacker, lord, creature: target } => {
            let aim = match target {
                Some(j) => whose(*lord, *j),
                None if s.lords.len() == 2 => "fortress".to_string(),
                None => format!("{}'s fortress", s.name(*lord)),
            };
            // In Citadel the attacker may be the teammate's: named as theirs.
            let with = match super::legal::team_battlefield(s, seat).get(*attacker as usize) {
                Some((owner, i)) => whose(*owner, *i as u8),
                None => "?".into(),
            };
            (format!("Attack with {with} → {aim}"), Placement::Board)
        }
        Action::Block { blocker } => {
            // In Citadel the blockers are the citadel's creatures (see `legal::team_battlefield`).
            let name = match super::legal::team_battlefield(s, seat).get(*blocker as usize) {
                Some((lord, i)) => whose(*lord, *i as u8),
                None => "?".into(),
            };
            (format!("Block with {name}"), Placement::Board)
        }
        Action::NoBlock => ("No block".into(), Placement::Board),
        Action::Siege { target } => {
            let d = s.attack.as_ref().map(|a| a.defender).unwrap_or(seat);
            let whose = |zone, i: &u8| super::legal::citadel_pile(s, d, zone, *i as usize);
            match target {
                // In Citadel the attacker chooses whose tower of the citadel falls.
                SiegeTarget::Tower(i) if s.citadel(d).len() > 1 => {
                    let lord = whose(Zone::Towers, i).map(|(l, _)| s.name(l)).unwrap_or("?");
                    (format!("Destroy a {} of {lord}", s.tower_word()), Placement::Board)
                }
                SiegeTarget::Tower(_) => (format!("Destroy a {}", s.tower_word()), Placement::Board),
                SiegeTarget::Spell(i) => {
                    let name = match whose(Zone::Spells, i) {
                        // In Citadel the spell may be either lord's: named as theirs.
                        Some((l, j)) if s.citadel(d).len() > 1 => {
                            format!("{}'s {}", s.name(l), s.def(s.lords[l].spells[j]).spell.name)
                        }
                        Some((l, j)) => s.def(s.lords[l].spells[j]).spell.name.clone(),
                        None => "?".into(),
                    };
                    (format!("Destroy {name}"), Placement::Board)
                }
            }
        }
        Action::Retaliate { card } => match hand(card) {
            Some(u) => {
                let d = s.def(u);
                let verb = if s.first_draft { "Groove trigger: cast" } else { "Retaliate:" };
                (format!("{verb} {} ({} energy)", d.spell.name, d.spell.cost), Placement::Hand)
            }
            None => ("Retaliate".into(), Placement::Hand),
        },
        Action::GrooveSummon { card } => match hand(card) {
            Some(u) => {
                let d = s.def(u);
                (
                    format!("Groove trigger: summon {} ({} energy)", d.creature.name, d.creature.cost),
                    Placement::Hand,
                )
            }
            None => ("Groove trigger: summon".into(), Placement::Hand),
        },
        Action::ChooseLord { seat: lord } => {
            let who = if *lord == seat { "yourself".to_string() } else { s.name(*lord).to_string() };
            (format!("{}: aim at {who}", word_of(s)), Placement::Board)
        }
        Action::ChooseCard { option } => match &s.prompt {
            Some(Prompt::Cards { options, reveal, replacement, chooser, .. }) => {
                let uid = options[*option as usize];
                let (l, private) = option_label(s, uid, *chooser, *reveal);
                let word = effect_word(s, *replacement);
                (format!("{word}: {l}"), if private { Placement::Hand } else { Placement::Board })
            }
            _ => ("Choose".into(), Placement::Board),
        },
        Action::ChooseHost { creature: c } => (format!("Attach to {}", creature(seat, *c)), Placement::Board),
        Action::Done => {
            let none = wanted(s).is_none_or(|(got, _)| got == 0);
            (if none { "Skip" } else { "Done" }.into(), Placement::Board)
        }
        Action::Cancel => ("Cancel".into(), Placement::Board),
        Action::Tag => {
            let mate = super::legal::tag_offer(s).map(|m| s.name(m)).unwrap_or("your teammate");
            (format!("Tag {mate} in"), Placement::Board)
        }
        Action::Pass => {
            let l = match (&s.prompt, s.turn.step) {
                (Some(Prompt::Retaliate { .. }), _) => "Pass",
                (_, Step::Regroup) => "Fight on (no tag)",
                (_, Step::Cure) => "Skip cure",
                (_, Step::Crystal) => "No crystal",
                (_, Step::Main) => "Go to battle",
                (_, Step::Battle) if !s.turn.plan.is_empty() => {
                    return ActionView {
                        index: 0,
                        label: format!("Fight ({} planned)", s.turn.plan.len()),
                        placement: Placement::Board,
                    };
                }
                (_, Step::Battle) => "End attacks",
                _ => "Pass",
            };
            (l.into(), Placement::Board)
        }
        Action::DiscardHand => ("Discard whole hand".into(), Placement::Board),
        Action::DiscardCard { card } => match hand(card) {
            Some(u) => (format!("Discard {}", card_name(s, u)), Placement::Hand),
            None => ("Discard".into(), Placement::Hand),
        },
        Action::KeepHand if s.first_draft => {
            let held = s.lords[seat].hand.len();
            let n = if held >= super::state::HAND { 1 } else { super::state::HAND - held };
            (
                format!(
                    "Draw {} and end the turn",
                    if n == 1 { "1 card".into() } else { format!("{n} cards") }
                ),
                Placement::Board,
            )
        }
        Action::KeepHand => ("Keep hand".into(), Placement::Board),
        // Labelled by `draft_board::describe` while the decks are built.
        Action::Pick { .. } | Action::PickSet { .. } | Action::SetAside { .. } => {
            ("Pick".into(), Placement::Hand)
        }
    };
    ActionView { index: 0, label: clip(label), placement }
}

/// The name of the card whose effect asks, while everyone can see that
/// card (a trigger of a creature now in the groove must not name it).
fn shown_source(s: &State) -> &str {
    match s.frames.last() {
        Some(f) if is_public(s, f.this, s.zone_of(f.this)) => source_name(s, f),
        _ => "an effect",
    }
}

/// The pending question, phrased for `viewer`.
fn prompt_text(s: &State, viewer: Option<Seat>) -> Option<String> {
    if s.outcome.is_some() {
        return None;
    }
    let acting = to_act(s);
    // Citadel: both teammates may act in their team turn; each reads the
    // step as it stands in their own part of it.
    let me = viewer.filter(|v| acting.contains(v));
    let mine = me.is_some();
    let own = match me {
        Some(v) => as_member(s, v),
        None => std::borrow::Cow::Borrowed(s),
    };
    let s = &*own;
    // Teammates named as the headline names their team (from the first lord).
    let mut named = acting.clone();
    named.sort_by_key(|w| (w.index() + s.lords.len() - s.turn.first.index()) % s.lords.len());
    let name = named.iter().map(|w| s.name(*w)).collect::<Vec<_>>().join(" & ");
    let partner = me.and_then(|v| acting.iter().find(|w| **w != v)).map(|w| s.name(*w));
    let text = match &s.prompt {
        Some(Prompt::Lord { .. }) => {
            let src = shown_source(s);
            if mine {
                format!("{src}: choose whose zone it works on")
            } else {
                format!("Waiting for {name} to aim {src}")
            }
        }
        Some(Prompt::Cards { optional, replacement, .. }) => {
            let src = shown_source(s);
            let word = word_of(s).to_lowercase();
            let count = match wanted(s) {
                Some((got, n)) if n != usize::MAX && n > 1 => format!(" ({got} of {n} chosen)"),
                _ => String::new(),
            };
            let may = if *optional { ", or stop" } else { "" };
            let with = if *replacement { " (the replacement)" } else { "" };
            if mine {
                format!("{src}: choose a card to {word}{with}{count}{may}")
            } else {
                format!("Waiting for {name} to choose for {src}")
            }
        }
        Some(Prompt::Host { spell, .. }) => {
            let sp = &s.def(*spell).spell.name;
            if mine {
                format!("Choose which of your creatures {sp} goes under")
            } else {
                format!("Waiting for {name} to attach {sp}")
            }
        }
        Some(Prompt::Block { .. }) => {
            let a = s.attack.as_ref()?;
            let att = public_label(s, a.attacker, Some(Zone::Battlefield));
            if mine {
                format!("{att} attacks: block with a ready creature, or not")
            } else {
                format!("Waiting for {name} to block {att} or not")
            }
        }
        Some(Prompt::Siege { .. }) => {
            if mine {
                format!("Choose what your siege destroys: a {} or an active spell", s.tower_word())
            } else {
                format!("Waiting for {name} to choose what the siege destroys")
            }
        }
        Some(Prompt::Retaliate { .. }) => {
            if mine {
                if s.first_draft {
                    "Cards reached your groove: play a hand card as a groove trigger (spell or creature, paid \
                     with groove energy), or pass"
                        .into()
                } else {
                    "Energy reached your groove: retaliate with a spell from your hand, or pass".into()
                }
            } else {
                format!("Waiting for {name} to retaliate or pass")
            }
        }
        None => {
            let step = s.turn.step;
            if mine {
                match step {
                    Step::Cure => "Cure an afflicted creature with a crystal of its sphere, or skip".into(),
                    Step::Crystal => "Put a hand card in your vault as a crystal, or not".into(),
                    Step::Main => {
                        "Cast spells and summon creatures (or place a second crystal), then go to battle"
                            .into()
                    }
                    Step::Battle if s.turn.plan.is_empty() => {
                        "Declare attacks with ready creatures (they are fought in order when you press \
                         Fight), or end your attacks"
                            .into()
                    }
                    Step::Battle => format!(
                        "{} planned: declare more, or Fight (End turn fights them, then ends the turn)",
                        match s.turn.plan.len() {
                            1 => "1 attack".to_string(),
                            n => format!("{n} attacks"),
                        }
                    ),
                    Step::Discard if s.first_draft => {
                        "Discard any hand cards, then draw up to five (one if you hold five)".into()
                    }
                    Step::Discard => "Trash your whole hand, or keep it".into(),
                    _ => format!("{} step", step.name()),
                }
            } else {
                format!("Waiting for {name} ({})", step.name())
            }
        }
    };
    Some(match partner {
        Some(p) => format!("Your team turn, {p} acts too · {text}"),
        None => text,
    })
}

/// The table as `viewer` may see it (`actions` is filled by the registry).
pub fn view(s: &State, viewer: Viewer) -> TableView {
    let me = match viewer {
        Viewer::Seat(seat) => Some(seat),
        Viewer::Public => None,
    };
    let headline = match &s.outcome {
        Some(o) => format!("Game over · {}", o.reason),
        None if s.lords.len() == 2 => {
            format!("Turn {} · {} · {}", s.turn.number, s.name(s.turn.active), s.turn.step.name())
        }
        None => order_headline(s.round, &turn_order(s)),
    };
    TableView {
        game: "Spheres".into(),
        headline,
        seats: s.lords.seats().map(|seat| seat_view(s, seat, me)).collect(),
        waiting_for: to_act(s),
        prompt: prompt_text(s, me),
        hand: me.map(|seat| s.lords[seat].hand.iter().map(|u| hand_card_view(s, *u)).collect()),
        actions: Vec::new(),
        outcome: s.outcome.clone(),
        notes: notes(s),
        ..Default::default()
    }
}

/// The board's notes, said in the first round only (the board shows a
/// game's notes whenever it gives them): the split reveal, and with more
/// than two lords the mode, the teams and who can reach whom. What
/// changes from turn to
/// turn is on the headline (the turn order of the lords still playing)
/// and on the seats (who is out, who waits outside battle).
fn notes(s: &State) -> Vec<String> {
    let mut notes: Vec<String> = s
        .opening
        .iter()
        .filter(|_| s.turn.number as usize <= s.lords.len() && s.outcome.is_none())
        .map(|o| o.to_string())
        .collect();
    if s.lords.len() > 2 && s.outcome.is_none() && s.turn.number as usize <= s.lords.len() {
        notes.push(multiplayer_note(s));
    }
    notes
}

/// What the board says of the two modes our rulings complete.
pub const COMPLETED_BY_RULINGS: &str = "the rulebook's sketch, completed by our rulings";

/// The living lords in turn order from the current one, as the headline
/// names them: in tag team only the fighting lords, in Citadel each team
/// ("Carol & Alice → Dave & Bob", the lord who began the game first).
/// "Round 5 · Bob → Carol → Dave → …": the lords to play, as many as a
/// phone's line holds (at least who plays now and next).
fn order_headline(round: u32, order: &[String]) -> String {
    let mut line = format!("Round {round}");
    for (i, name) in order.iter().enumerate() {
        let more = if i + 1 < order.len() { " → …" } else { "" };
        let next = format!("{line}{}{name}", if i == 0 { " · " } else { " → " });
        if i >= 2 && crate::view::phone::columns(&format!("{next}{more}")) > crate::view::phone::PHONE_COLUMNS {
            return format!("{line} → …");
        }
        line = next;
    }
    line
}

fn turn_order(s: &State) -> Vec<String> {
    let n = s.lords.len();
    let now = s.turn.active;
    let from_now = (0..n).map(|k| Seat(((now.index() + k) % n) as u8));
    let playing = from_now.filter(|x| s.lords[*x].alive && !s.waiting.contains(x));
    if s.mode != Mode::Citadel {
        return playing.map(|x| s.name(x).to_string()).collect();
    }
    let mut teams: Vec<usize> = Vec::new();
    for x in playing {
        if !teams.contains(&s.team(x)) {
            teams.push(s.team(x));
        }
    }
    teams.into_iter().map(|t| team_name(s, t)).collect()
}

/// A team's living lords, "Carol & Alice": in seat order from the lord
/// who began the game, so the starting lord leads their team.
fn team_name(s: &State, team: usize) -> String {
    let n = s.lords.len();
    let first = s.turn.first.index();
    (0..n)
        .map(|k| Seat(((first + k) % n) as u8))
        .filter(|x| s.team(*x) == team && s.lords[*x].alive)
        .map(|x| s.name(x).to_string())
        .collect::<Vec<_>>()
        .join(" & ")
}

/// "Team play: Alice & Carol vs Bob & Dave. …": the mode and the range,
/// told once.
fn multiplayer_note(s: &State) -> String {
    let teams = || {
        let n = s.lords.len();
        let first = s.turn.first.index();
        let mut order: Vec<usize> = Vec::new();
        for x in (0..n).map(|k| Seat(((first + k) % n) as u8)) {
            if !order.contains(&s.team(x)) {
                order.push(s.team(x));
            }
        }
        order.into_iter().map(|t| team_name(s, t)).collect::<Vec<_>>().join(" vs ")
    };
    match s.mode {
        Mode::FreeForAll => "Free for all: each lord can attack and aim spells at every other lord.".to_string(),
        Mode::LimitedRange => "Limited range: each lord can attack and aim spells only at the lords next to them \
                               in the turn order (the headline's list, read round)."
            .to_string(),
        Mode::Teams => format!(
            "Team play: {}. Each lord can attack the opponents next to them in the turn order (the headline's \
             list, read round); spells on \"either lord\" reach a teammate only when they sit next to them.",
            teams()
        ),
        Mode::TagTeam => {
            let loss = if s.both_fall { "when both its lords have fallen" } else { "when its first lord falls" };
            format!(
                "Tag team ({COMPLETED_BY_RULINGS}: /rule query:tag team): {}. One lord of each team fights; \
                 the other waits outside battle (no turn, no draw, out of range). The headline lists the \
                 fighting lords, and each can attack the others. A team may tag at the start of its turn; it \
                 is out {loss}.",
                teams()
            )
        }
        Mode::Citadel => format!(
            "Citadel ({COMPLETED_BY_RULINGS}: /rule query:citadel): {}. Each team plays one turn together: \
             either lord acts within a step, the first answer first. Shared by a team: creatures (either lord \
             attacks or blocks with any), towers and active spells; crystals, groove and hand stay each lord's \
             own. Every lord of another team is in range.",
            teams()
        ),
    }
}
