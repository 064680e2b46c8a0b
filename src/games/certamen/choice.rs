//! Choices inside effects and rules: which cards to discard, which card a
//! search or a return takes, the pillar of an added resource, paying to
//! keep a spell, the order of simultaneous triggers, which of two
//! same-named Ascendants stays, new targets for a copy. Each is a
//! [`Choice`] queued in the state and answered by one action.

use super::abilities::place_trigger;
use super::action::Action;
use super::effects::{continue_resolution, put};
use super::state::{Card, Choice, Prompt, State, TargetRef};
use super::target::{aegis_surcharge, target_choices, Aim};
use super::turn::{leave, pay, Leave};
use crate::cards::certamen::{Cost, Destination, Filter, Pillar};
use crate::engine::{Event, Seat};

/// Queues a choice; the game waits for it before anything else.
pub fn ask(s: &mut State, c: Choice) {
    s.choices.push(c);
    s.prompt = Prompt::Choice;
}

/// Whether a card qualifies for a search or a return.
pub fn card_matches(s: &State, c: &Card, f: &Filter) -> bool {
    let d = s.def(c.id);
    f.kind.is_none_or(|k| k == d.kind)
        && f.pillar.is_none_or(|p| d.pillars().contains(&p))
        && f.max_cost.is_none_or(|m| d.cost_total() <= m)
}

/// The cost of keeping a spell against "counter unless its controller pays".
fn ward_cost(amount: u8) -> Cost {
    Cost { generic: amount, pips: [0; 5] }
}

/// The options a copy's controller has: the original targets, then every
/// other legal set that needs no Aegis payment and does not aim the copy
/// at itself.
pub fn copy_target_choices(s: &State, seat: Seat, copy: u32) -> Vec<Vec<TargetRef>> {
    let Some(item) = s.stack.iter().find(|i| i.uid == copy) else { return Vec::new() };
    let mut out = vec![item.targets.clone()];
    let effects = s.def(item.card_id()).effects.clone();
    for targets in target_choices(s, seat, &effects, None, Aim::Cast) {
        let free = aegis_surcharge(s, seat, &targets) == 0;
        if free && !targets.contains(&TargetRef::Spell(copy)) && !out.contains(&targets) {
            out.push(targets);
        }
    }
    out
}

/// The answers to the pending choice.
pub fn options(s: &State) -> Vec<Action> {
    let Some(c) = s.choices.first() else { return Vec::new() };
    match c {
        Choice::Discard { seat, .. } => {
            s.players[*seat].hand.iter().map(|c| Action::Discard { card: c.uid }).collect()
        }
        Choice::Search { seat, filter, .. } => {
            // By name, then uid: the Archive's order stays unseen.
            let mut found: Vec<&Card> =
                s.players[*seat].archive.iter().filter(|c| card_matches(s, c, filter)).collect();
            found.sort_by_key(|c| (&s.def(c.id).name, c.uid));
            found.into_iter().map(|c| Action::Pick { card: c.uid }).collect()
        }
        Choice::Return { seat, filter, .. } => s.players[*seat]
            .hollow
            .iter()
            .filter(|c| card_matches(s, c, filter))
            .map(|c| Action::Pick { card: c.uid })
            .collect(),
        Choice::Pillar { .. } => {
            Pillar::ALL.into_iter().map(|pillar| Action::ChoosePillar { pillar }).collect()
        }
        Choice::Ward { seat, amount, .. } => {
            let mut out = Vec::new();
            if super::legal::can_pay(s, *seat, &ward_cost(*amount), 0) {
                out.push(Action::PayToKeep);
            }
            out.push(Action::DeclineToPay);
            out
        }
        Choice::TriggerOrder { seat } => {
            let mut out: Vec<Action> = Vec::new();
            for a in s.pending.iter().filter(|a| a.controller == *seat) {
                let answer = Action::StackTrigger { ability: *a };
                if !out.contains(&answer) {
                    out.push(answer);
                }
            }
            out
        }
        Choice::Uniqueness { pair, .. } => pair
            .iter()
            .filter(|u| s.permanent(**u).is_some())
            .map(|u| Action::KeepAscendant { ascendant: *u })
            .collect(),
        Choice::CopyTargets { seat, copy } => copy_target_choices(s, *seat, *copy)
            .into_iter()
            .map(|targets| Action::ChooseTargets { targets })
            .collect(),
    }
}

/// The answer that declines the pending choice, where there is one:
/// not paying to keep a spell.
pub fn decline(s: &State) -> Option<Action> {
    match s.choices.first()? {
        Choice::Ward { .. } => Some(Action::DeclineToPay),
        _ => None,
    }
}

/// The question the pending choice asks, for the table.
pub fn question(s: &State) -> &'static str {
    match s.choices.first() {
        Some(Choice::Discard { .. }) => "Choose a card to discard",
        Some(Choice::Search { .. }) => "Choose the card your search finds",
        Some(Choice::Return { .. }) => "Choose the card to return from your Hollow",
        Some(Choice::Pillar { .. }) => "Choose the pillar of the resource",
        Some(Choice::Ward { .. }) => "Pay to keep your spell, or let it be countered",
        Some(Choice::TriggerOrder { .. }) => {
            "Choose which trigger goes on the Stack next (it resolves later)"
        }
        Some(Choice::Uniqueness { .. }) => "Two Ascendants of the same name: choose the one you keep",
        Some(Choice::CopyTargets { .. }) => "Keep the copy's targets or choose new ones",
        None => "",
    }
}

/// Applies the answer to the first pending choice (already checked legal),
/// then, once no choice is left, lets the resolution under way go on.
pub fn answer(s: &mut State, seat: Seat, a: &Action, ev: &mut Vec<Event>) {
    let c = s.choices.remove(0);
    let name = s.players[seat].name.clone();
    match (c, a) {
        (Choice::Discard { left, .. }, Action::Discard { card }) => {
            let c = super::turn::take_from_hand(s, seat, *card);
            ev.push(Event::public(format!("{name} discards {}", s.def(c.id).name)));
            s.players[seat].hollow.push(c);
            if left > 1 && !s.players[seat].hand.is_empty() {
                s.choices.insert(0, Choice::Discard { seat, left: left - 1 });
            }
        }
        (Choice::Search { to, tapped, .. }, Action::Pick { card }) => {
            let archive = &mut s.players[seat].archive;
            let i = archive
                .iter()
                .position(|c| c.uid == *card)
                .expect("a legal answer names a card in the Archive");
            let c = archive.remove(i);
            let found = s.def(c.id).name.clone();
            if to == Destination::Livingfield && !s.def(c.id).kind.is_spell() {
                ev.push(Event::public(format!("{name} searches their Archive and finds {found}")));
            } else {
                let kind = s.def(c.id).kind.name().to_lowercase();
                ev.push(Event::public(format!(
                    "{name} searches their Archive and puts a {kind} card into their hand"
                )));
                ev.push(Event::private(seat, format!("You find {found}")));
            }
            put(s, seat, c, to, tapped, false);
            let mut archive = std::mem::take(&mut s.players[seat].archive);
            s.rng.shuffle(&mut archive);
            s.players[seat].archive = archive;
        }
        (Choice::Return { to, .. }, Action::Pick { card }) => {
            let hollow = &mut s.players[seat].hollow;
            let i = hollow
                .iter()
                .position(|c| c.uid == *card)
                .expect("a legal answer names a card in the Hollow");
            let c = hollow.remove(i);
            ev.push(Event::public(format!("{name} returns {}", s.def(c.id).name)));
            put(s, seat, c, to, false, true);
        }
        (Choice::Pillar { amount, .. }, Action::ChoosePillar { pillar }) => {
            s.players[seat].pool.pillars[*pillar as usize] += amount;
            ev.push(Event::public(format!("{name} adds {amount} {} resource", pillar.name())));
        }
        (Choice::Ward { amount, .. }, Action::PayToKeep) => {
            pay(s, seat, &ward_cost(amount), 0);
            ev.push(Event::public(format!("{name} pays {amount} to keep the spell")));
        }
        (Choice::Ward { spell, .. }, Action::DeclineToPay) => super::effects::counter(s, spell, ev),
        (Choice::TriggerOrder { .. }, Action::StackTrigger { ability }) => {
            let i =
                s.pending.iter().position(|p| p == ability).expect("a legal answer names a waiting trigger");
            let ability = s.pending.remove(i);
            settle(s, ev);
            place_trigger(s, ability);
            return;
        }
        (Choice::Uniqueness { pair, .. }, Action::KeepAscendant { ascendant }) => {
            for uid in pair.into_iter().filter(|u| u != ascendant) {
                if let Some(p) = s.permanent(uid) {
                    ev.push(Event::public(format!(
                        "{} goes to the Hollow (one Ascendant of a name)",
                        s.name_of(p)
                    )));
                }
                leave(s, uid, Leave::Hollow);
            }
        }
        (Choice::CopyTargets { copy, .. }, Action::ChooseTargets { targets }) => {
            if let Some(item) = s.stack.iter_mut().find(|i| i.uid == copy) {
                item.targets = targets.clone();
            }
        }
        (c, a) => unreachable!("{a:?} is not an answer to {c:?}; legality was checked"),
    }
    settle(s, ev);
}

/// With no choice left, priority is the prompt again and a paused
/// resolution goes on.
fn settle(s: &mut State, ev: &mut Vec<Event>) {
    if s.choices.is_empty() {
        s.prompt = Prompt::Priority;
        continue_resolution(s, ev);
    }
}
