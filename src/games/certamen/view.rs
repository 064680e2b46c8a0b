//! What a viewer may see, button labels, the secrets list, and
//! determinization (re-sampling what a seat cannot see).

use super::action::Action;
use super::state::{Card, Prompt, State, TargetRef};
use crate::engine::{
    ActionView, CardView, GameRng, Placement, SeatView, StackItemView, TableView, Viewer, ZoneView,
};
use crate::engine::Seat;

fn card_view(s: &State, c: &Card) -> CardView {
    CardView { name: s.def(c.id).name.clone(), detail: s.def(c.id).kind.name().to_owned() }
}

fn target_name(s: &State, t: &TargetRef) -> String {
    match t {
        TargetRef::Player(p) => s.players[*p].name.clone(),
        TargetRef::Permanent(u) => s.permanent(*u).map(|p| s.name_of(p)).unwrap_or_else(|| "gone".into()),
        TargetRef::Spell(u) => {
            s.stack.iter().find(|i| i.uid == *u).map(|i| s.def(i.card_id()).name.clone()).unwrap_or_default()
        }
    }
}

/// The table as `viewer` may see it.
pub fn view(s: &State, viewer: Viewer) -> TableView {
    let seats = s
        .players
        .iter()
        .map(|(seat, p)| {
            let field = p
                .field
                .iter()
                .map(|x| {
                    let mut d = Vec::new();
                    if s.is_creature(x) {
                        d.push(format!("{}/{}", s.power(x), s.vitality(x)));
                    }
                    if x.tapped {
                        d.push("tapped".into());
                    }
                    if x.damage > 0 {
                        d.push(format!("{} damage", x.damage));
                    }
                    CardView { name: s.name_of(x), detail: d.join(" · ") }
                })
                .collect();
            SeatView {
                seat: Some(seat),
                name: p.name.clone(),
                counters: vec![
                    ("Vitality".into(), p.vitality.to_string()),
                    ("Hand".into(), format!("{} cards", p.hand.len())),
                    ("Archive".into(), format!("{} cards", p.archive.len())),
                    ("Pool".into(), p.pool.total().to_string()),
                ],
                tokens: Vec::new(),
                zones: vec![
                    ZoneView { name: "Livingfield".into(), cards: field },
                    ZoneView { name: "Hollow".into(), cards: p.hollow.iter().map(|c| card_view(s, c)).collect() },
                    ZoneView { name: "Exile".into(), cards: p.exile.iter().map(|c| card_view(s, c)).collect() },
                ],
                alive: !s.has_lost(seat),
            }
        })
        .collect();
    let hand = match viewer {
        Viewer::Seat(seat) => Some(s.players[seat].hand.iter().map(|c| card_view(s, c)).collect()),
        Viewer::Public => None,
    };
    TableView {
        game: "Certamen".into(),
        headline: format!("Turn {} · {} · {}", s.turn, s.players[s.active].name, s.step.name()),
        seats,
        stack: s
            .stack
            .iter()
            .map(|i| StackItemView {
                label: s.def(i.card_id()).name.clone(),
                controller: Some(i.controller),
                targets: i.targets.iter().map(|t| target_name(s, t)).collect(),
            })
            .collect(),
        waiting_for: super::legal::to_act(s),
        prompt: Some(
            match s.prompt {
                Prompt::Mulligan(_) => "Keep your hand or mulligan to 6?",
                Prompt::Priority => "Act or pass priority",
                Prompt::DeclareAttackers => "Declare attackers",
                Prompt::DeclareBlockers => "Declare blockers",
                Prompt::Discard => "Discard down to 7 cards",
                Prompt::AbilityTargets => "Choose targets for a triggered ability",
                Prompt::DamageOrder => "Order the blockers of your attacker",
                Prompt::AscendantDamage => "Take the damage of an unblocked attacker, or send it to an Ascendant",
                Prompt::Choice => super::choice::question(s),
            }
            .to_owned(),
        ),
        hand,
        outcome: s.outcome.clone(),
        ..TableView::default()
    }
}

/// A short label for a button offering `a`.
pub fn describe(s: &State, seat: Seat, a: &Action) -> ActionView {
    let card = |uid: u32| {
        s.players[seat]
            .hand
            .iter()
            .find(|c| c.uid == uid)
            .map(|c| s.def(c.id).name.clone())
            .or_else(|| s.permanent(uid).map(|p| s.name_of(p)))
            .unwrap_or_default()
    };
    let (label, placement) = match a {
        Action::Keep => ("Keep".to_owned(), Placement::Board),
        Action::Mulligan => ("Mulligan to 6".to_owned(), Placement::Board),
        Action::Pass => ("Pass".to_owned(), Placement::Board),
        Action::PlayPillar { card: c } => (format!("Play {}", card(*c)), Placement::Hand),
        Action::TapPillar { pillar } => (format!("Tap {}", card(*pillar)), Placement::Board),
        Action::Cast { card: c, targets } => {
            let t: Vec<String> = targets.iter().map(|t| target_name(s, t)).collect();
            let on = if t.is_empty() { String::new() } else { format!(" → {}", t.join(", ")) };
            (format!("Cast {}{on}", card(*c)), Placement::Hand)
        }
        Action::Activate { permanent, ability, targets } => {
            let t: Vec<String> = targets.iter().map(|t| target_name(s, t)).collect();
            let on = if t.is_empty() { String::new() } else { format!(" → {}", t.join(", ")) };
            (format!("Use {} ({}){on}", card(*permanent), ability + 1), Placement::Board)
        }
        Action::Equip { relic, creature } => (format!("Equip {} to {}", card(*relic), card(*creature)), Placement::Board),
        Action::ChooseTargets { targets } => {
            let t: Vec<String> = targets.iter().map(|t| target_name(s, t)).collect();
            (format!("Target {}", t.join(", ")), Placement::Board)
        }
        Action::Attack { creature } => (format!("Attack with {}", card(*creature)), Placement::Board),
        Action::EndAttacks => ("Done attacking".to_owned(), Placement::Board),
        Action::Block { blocker, attacker } => {
            (format!("Block {} with {}", card(*attacker), card(*blocker)), Placement::Board)
        }
        Action::EndBlocks => ("Done blocking".to_owned(), Placement::Board),
        Action::DirectDamage { attacker, ascendant } => {
            let to = ascendant.map(card).unwrap_or_else(|| "you".to_owned());
            (format!("{} hits {to}", card(*attacker)), Placement::Board)
        }
        Action::OrderBlockers { order, .. } => {
            let names: Vec<String> = order.iter().map(|u| card(*u)).collect();
            (format!("Damage order: {}", names.join(", ")), Placement::Board)
        }
        Action::Discard { card: c } => (format!("Discard {}", card(*c)), Placement::Hand),
        Action::Pick { card: c } => {
            let zones = [&s.players[seat].archive, &s.players[seat].hollow];
            let name = zones.iter().flat_map(|z| z.iter()).find(|x| x.uid == *c).map(|x| s.def(x.id).name.clone());
            let verb = if matches!(s.choices.first(), Some(super::state::Choice::Return { .. })) { "Return" } else { "Take" };
            (format!("{verb} {}", name.unwrap_or_default()), Placement::Board)
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
            (format!("Stack next: {} ({})", s.def(ability.id).name, ability.ability + 1), Placement::Board)
        }
        Action::KeepAscendant { ascendant } => (format!("Keep {}", card(*ascendant)), Placement::Board),
    };
    let label: String = label.chars().take(80).collect();
    ActionView { index: 0, label, placement }
}

/// Card names `viewer` cannot see and no visible zone shows.
pub fn secrets(s: &State, viewer: Viewer) -> Vec<String> {
    let mut hidden = Vec::new();
    let mut shown = Vec::new();
    for (seat, p) in s.players.iter() {
        hidden.extend(p.archive.iter().map(|c| s.def(c.id).name.clone()));
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

/// A copy in which the opponent's hand and both Archives are re-sampled
/// (hand sizes kept).
pub fn determinize(s: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut out = s.clone();
    let other = s.opponent(seat);
    let p = &mut out.players[other];
    let n = p.hand.len();
    let mut unseen: Vec<Card> = p.hand.drain(..).chain(p.archive.drain(..)).collect();
    rng.shuffle(&mut unseen);
    p.hand = unseen.split_off(unseen.len() - n);
    p.archive = unseen;
    rng.shuffle(&mut out.players[seat].archive);
    out
}
