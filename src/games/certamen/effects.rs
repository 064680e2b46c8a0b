//! Resolving the top of the Stack and executing card effects.

use super::state::{spell_effects, Body, Permanent, StackSource, State, TargetRef};
use super::target::{candidates, still_legal};
use super::turn::{draw, enter, leave, Leave};
use crate::cards::certamen::{CardType, Destination, Effect, Keyword};
use crate::engine::{Event, Seat};

/// Resolves the top object of the Stack. Effects whose chosen target is no
/// longer legal do nothing; a spell whose every target is illegal is
/// countered on resolution.
pub fn resolve_top(s: &mut State, ev: &mut Vec<Event>) {
    let Some(item) = s.stack.pop() else { return };
    let def = s.def(item.card_id()).clone();
    let effects = spell_effects(s, &item);
    let controller = item.controller;
    let source = item.source_permanent();
    let mut chosen = item.targets.iter().copied();
    let mut plan: Vec<(Effect, Vec<TargetRef>)> = Vec::new();
    let mut targeted = 0;
    let mut legal = 0;
    for e in effects {
        let objects = match e.targets().first() {
            Some(t) if t.is_targeted() => {
                targeted += 1;
                match chosen.next() {
                    Some(c) if still_legal(s, controller, t, c, source) => {
                        legal += 1;
                        vec![c]
                    }
                    _ => continue,
                }
            }
            Some(t) => candidates(s, controller, t, source),
            None => Vec::new(),
        };
        plan.push((e, objects));
    }
    if targeted > 0 && legal == 0 {
        ev.push(Event::public(format!("{} has no legal target left and does nothing", def.name)));
        if let StackSource::Spell(c) = item.source {
            s.players[c.owner].hollow.push(c);
        }
        return;
    }
    ev.push(Event::public(format!("{} resolves", def.name)));
    for (e, objects) in &plan {
        execute(s, controller, e, objects, ev);
    }
    if let StackSource::Spell(c) = item.source {
        if def.kind.is_spell() {
            s.players[c.owner].hollow.push(c);
        } else {
            enter(s, c, controller, false);
        }
    }
}

fn players(objects: &[TargetRef]) -> impl Iterator<Item = Seat> + '_ {
    objects.iter().filter_map(|o| match o {
        TargetRef::Player(p) => Some(*p),
        _ => None,
    })
}

fn permanents(objects: &[TargetRef]) -> Vec<u32> {
    objects
        .iter()
        .filter_map(|o| match o {
            TargetRef::Permanent(u) => Some(*u),
            _ => None,
        })
        .collect()
}

/// Executes one effect of `controller` on its resolved `objects`.
pub fn execute(s: &mut State, controller: Seat, e: &Effect, objects: &[TargetRef], ev: &mut Vec<Event>) {
    match e {
        Effect::Damage { amount, .. } => {
            for seat in players(objects) {
                s.players[seat].vitality -= i32::from(*amount);
            }
            for uid in permanents(objects) {
                deal_damage(s, uid, *amount);
            }
        }
        Effect::Draw { amount } => draw(s, controller, usize::from(*amount)),
        Effect::Discard { amount, .. } => {
            for seat in players(objects).collect::<Vec<_>>() {
                for _ in 0..*amount {
                    let hand = &mut s.players[seat].hand;
                    if hand.is_empty() {
                        break;
                    }
                    let i = s.rng.below(s.players[seat].hand.len());
                    let c = s.players[seat].hand.remove(i);
                    s.players[seat].revealed.retain(|u| *u != c.uid);
                    ev.push(Event::public(format!("{} discards {}", s.players[seat].name, s.def(c.id).name)));
                    s.players[seat].hollow.push(c);
                }
            }
        }
        Effect::Mill { amount, .. } => {
            for seat in players(objects).collect::<Vec<_>>() {
                for _ in 0..*amount {
                    if let Some(c) = s.players[seat].archive.pop() {
                        s.players[seat].hollow.push(c);
                    }
                }
            }
        }
        Effect::GainVitality { amount } => s.players[controller].vitality += i32::from(*amount),
        Effect::LoseVitality { amount, .. } => {
            for seat in players(objects).collect::<Vec<_>>() {
                s.players[seat].vitality -= i32::from(*amount);
            }
        }
        Effect::CreateToken { count, token } => {
            for _ in 0..*count {
                let uid = s.fresh_uid();
                let p = Permanent::entering(uid, Body::Token(token.clone()), controller, controller, s.turn);
                s.players[controller].field.push(p);
            }
        }
        Effect::Destroy { .. } => {
            for uid in permanents(objects) {
                if s.permanent(uid).is_some_and(|p| !s.has(p, Keyword::Enduring)) {
                    leave(s, uid, Leave::Hollow);
                }
            }
        }
        Effect::Exile { .. } => {
            for uid in permanents(objects) {
                leave(s, uid, Leave::Exile);
            }
        }
        Effect::ReturnToHand { .. } => {
            for uid in permanents(objects) {
                leave(s, uid, Leave::Hand);
            }
        }
        Effect::Counter { unless_pay, .. } => {
            for o in objects {
                let TargetRef::Spell(uid) = o else { continue };
                let Some(i) = s.stack.iter().position(|x| x.uid == *uid) else { continue };
                let victim = s.stack[i].controller;
                if let Some(n) = unless_pay {
                    let cost = crate::cards::certamen::Cost { generic: *n, pips: [0; 5] };
                    if super::legal::can_pay(s, victim, &cost, 0) {
                        super::turn::pay(s, victim, &cost, 0);
                        ev.push(Event::public(format!("{} pays {n} to keep the spell", s.players[victim].name)));
                        continue;
                    }
                }
                let item = s.stack.remove(i);
                ev.push(Event::public(format!("{} is countered", s.def(item.card_id()).name)));
                if let StackSource::Spell(c) = item.source {
                    s.players[c.owner].hollow.push(c);
                }
            }
        }
        Effect::Pump { power, vitality, keywords, .. } => {
            for uid in permanents(objects) {
                if let Some(p) = s.permanent_mut(uid) {
                    p.pump_power = p.pump_power.saturating_add(*power);
                    p.pump_vitality = p.pump_vitality.saturating_add(*vitality);
                    p.pump_keywords.extend(keywords.iter().copied());
                }
            }
        }
        Effect::Grow { amount, .. } => {
            for uid in permanents(objects) {
                if let Some(p) = s.permanent_mut(uid) {
                    p.counters = p.counters.saturating_add(*amount);
                }
            }
        }
        Effect::Tap { .. } | Effect::Untap { .. } => {
            let tap = matches!(e, Effect::Tap { .. });
            for uid in permanents(objects) {
                if let Some(p) = s.permanent_mut(uid) {
                    p.tapped = tap;
                }
            }
        }
        Effect::Copy { .. } => {
            for o in objects {
                let TargetRef::Spell(uid) = o else { continue };
                let Some(orig) = s.stack.iter().find(|x| x.uid == *uid).cloned() else { continue };
                let id = orig.card_id();
                let copy_uid = s.fresh_uid();
                s.stack.push(super::state::StackItem {
                    uid: copy_uid,
                    controller,
                    source: StackSource::Copy { id },
                    targets: orig.targets,
                });
            }
        }
        Effect::AddMana { pillar, amount } => {
            let pool = &mut s.players[controller].pool;
            match pillar {
                Some(p) => pool.pillars[*p as usize] += amount,
                None => pool.generic += amount,
            }
        }
        Effect::SearchArchive { filter, to, tapped } => {
            let archive = &s.players[controller].archive;
            let found = archive.iter().rposition(|c| {
                let d = s.def(c.id);
                filter.kind.is_none_or(|k| k == d.kind)
                    && filter.pillar.is_none_or(|p| d.pillars().contains(&p))
                    && filter.max_cost.is_none_or(|m| d.cost_total() <= m)
            });
            if let Some(i) = found {
                let c = s.players[controller].archive.remove(i);
                ev.push(Event::public(format!("{} finds {}", s.players[controller].name, s.def(c.id).name)));
                put(s, controller, c, *to, *tapped);
            }
            let mut archive = std::mem::take(&mut s.players[controller].archive);
            s.rng.shuffle(&mut archive);
            s.players[controller].archive = archive;
        }
        Effect::ReturnFromHollow { filter, to } => {
            let hollow = &s.players[controller].hollow;
            let found = hollow.iter().rposition(|c| {
                let d = s.def(c.id);
                filter.kind.is_none_or(|k| k == d.kind) && filter.pillar.is_none_or(|p| d.pillars().contains(&p))
            });
            if let Some(i) = found {
                let c = s.players[controller].hollow.remove(i);
                ev.push(Event::public(format!("{} returns {}", s.players[controller].name, s.def(c.id).name)));
                put(s, controller, c, *to, false);
            }
        }
        Effect::WinGame => {
            let other = s.opponent(controller);
            s.players[other].lost_by_effect = true;
        }
        Effect::ExtraTurn => s.players[controller].extra_turns += 1,
    }
}

fn put(s: &mut State, controller: Seat, c: super::state::Card, to: Destination, tapped: bool) {
    let kind = s.def(c.id).kind;
    match to {
        Destination::Livingfield if !kind.is_spell() => enter(s, c, controller, tapped),
        _ => {
            // Found or returned in everyone's sight: the opponent knows it.
            s.players[c.owner].hand.push(c);
            s.players[c.owner].revealed.push(c.uid);
        }
    }
}

/// Marks damage on a creature, or removes loyalty from an Ascendant.
pub fn deal_damage(s: &mut State, uid: u32, amount: u8) {
    let kind = s.permanent(uid).map(|p| s.kind_of(p));
    if let Some(p) = s.permanent_mut(uid) {
        match kind {
            Some(CardType::Ascendant) => p.loyalty -= i16::from(amount),
            _ => p.damage = p.damage.saturating_add(amount),
        }
    }
}
