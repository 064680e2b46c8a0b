//! Resolving the top of the Stack and executing card effects.

use super::choice::{ask, card_matches, copy_target_choices};
use super::report;
use super::state::{spell_effects, Body, Choice, Permanent, Resolution, StackSource, State, TargetRef};
use super::target::{candidates, still_legal, Aim};
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
    let aim = Aim::of(s, &item);
    let mut chosen = item.targets.iter().copied();
    let mut plan: Vec<(Effect, Vec<TargetRef>)> = Vec::new();
    let mut targeted = 0;
    let mut legal = 0;
    for e in effects {
        let objects = match e.targets().first() {
            Some(t) if t.is_targeted() => {
                targeted += 1;
                match chosen.next() {
                    Some(c) if still_legal(s, controller, t, c, source, aim) => {
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
    let finish = match item.source {
        StackSource::Spell(c) => Some(c),
        _ => None,
    };
    s.resolving = Some(Resolution { controller, steps: plan, finish, name: def.name.clone() });
    continue_resolution(s, ev);
}

/// Runs the effects of the resolution under way until one asks a player
/// to choose (the rest waits for the answer) or none is left; then the
/// cast card goes to the Hollow or onto the Livingfield and the active
/// player receives priority.
pub fn continue_resolution(s: &mut State, ev: &mut Vec<Event>) {
    while s.choices.is_empty() {
        let Some(r) = s.resolving.as_mut() else { return };
        if r.steps.is_empty() {
            let Resolution { controller, finish, .. } = s.resolving.take().expect("checked above");
            s.priority = s.active;
            s.passes = 0;
            if let Some(c) = finish {
                if s.def(c.id).kind.is_spell() {
                    s.players[c.owner].hollow.push(c);
                } else {
                    enter(s, c, controller, false);
                }
            }
            return;
        }
        let (e, objects) = r.steps.remove(0);
        let controller = r.controller;
        let source = r.name.clone();
        execute(s, controller, &source, &e, &objects, ev);
    }
}

/// Counters the spell `uid` if it is still on the Stack: a cast card goes
/// to its owner's Hollow, a copy or an ability ceases to exist.
pub fn counter(s: &mut State, uid: u32, ev: &mut Vec<Event>) {
    let Some(i) = s.stack.iter().position(|x| x.uid == uid) else { return };
    let item = s.stack.remove(i);
    ev.push(Event::public(format!("{} is countered", s.def(item.card_id()).name)));
    if let StackSource::Spell(c) = item.source {
        s.players[c.owner].hollow.push(c);
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

/// Executes one effect of `controller`'s `source` (the card's name) on
/// its resolved `objects`, with an event saying what it did to whom. An
/// effect that leaves a decision to a player queues it as a [`Choice`];
/// the rest of the resolution waits for the answer.
pub fn execute(
    s: &mut State,
    controller: Seat,
    source: &str,
    e: &Effect,
    objects: &[TargetRef],
    ev: &mut Vec<Event>,
) {
    match e {
        Effect::Damage { amount, .. } => {
            let n = i32::from(*amount);
            let hits: Vec<(String, i32)> = objects
                .iter()
                .filter(|o| !matches!(o, TargetRef::Spell(_)))
                .filter(|o| !matches!(o, TargetRef::Permanent(u) if s.permanent(*u).is_none()))
                .map(|o| (report::hit_on(s, *o, n), n))
                .collect();
            ev.extend(report::deals(source, &hits).into_iter().map(Event::public));
            for seat in players(objects) {
                s.players[seat].vitality -= n;
            }
            for uid in permanents(objects) {
                deal_damage(s, uid, *amount);
            }
        }
        Effect::Draw { amount } => {
            draw(s, controller, usize::from(*amount));
            let cards = if *amount == 1 { "a card".to_owned() } else { format!("{amount} cards") };
            ev.push(Event::public(format!("{} draws {cards}.", s.players[controller].name)));
        }
        Effect::Discard { amount, .. } => {
            for seat in players(objects).collect::<Vec<_>>() {
                if *amount > 0 && !s.players[seat].hand.is_empty() {
                    ask(s, Choice::Discard { seat, left: *amount });
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
        Effect::GainVitality { amount } => {
            s.players[controller].vitality += i32::from(*amount);
            ev.push(Event::public(format!("{} gains {amount} Vitality.", s.players[controller].name)));
        }
        Effect::LoseVitality { amount, .. } => {
            for seat in players(objects).collect::<Vec<_>>() {
                s.players[seat].vitality -= i32::from(*amount);
                ev.push(Event::public(format!("{} loses {amount} Vitality.", s.players[seat].name)));
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
                let Some(p) = s.permanent(uid) else { continue };
                if s.has(p, Keyword::Enduring) {
                    ev.push(Event::public(format!("{} is Enduring: not destroyed.", report::name(s, p))));
                } else {
                    ev.push(Event::public(format!("{source} destroys {}.", report::name(s, p))));
                    leave(s, uid, Leave::Hollow);
                }
            }
        }
        Effect::Exile { .. } => {
            for uid in permanents(objects) {
                if let Some(p) = s.permanent(uid) {
                    ev.push(Event::public(format!("{source} exiles {}.", report::name(s, p))));
                }
                leave(s, uid, Leave::Exile);
            }
        }
        Effect::ReturnToHand { .. } => {
            for uid in permanents(objects) {
                if let Some(p) = s.permanent(uid) {
                    ev.push(Event::public(format!("{} returns to its owner's hand.", report::name(s, p))));
                }
                leave(s, uid, Leave::Hand);
            }
        }
        Effect::Counter { unless_pay, .. } => {
            for o in objects {
                let TargetRef::Spell(uid) = *o else { continue };
                let Some(victim) = s.stack.iter().find(|x| x.uid == uid).map(|x| x.controller) else {
                    continue;
                };
                if let Some(amount) = *unless_pay {
                    let cost = crate::cards::certamen::Cost { generic: amount, pips: [0; 5] };
                    if super::legal::can_pay(s, victim, &cost, 0) {
                        ask(s, Choice::Ward { seat: victim, spell: uid, amount });
                        continue;
                    }
                }
                counter(s, uid, ev);
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
                let copy = s.fresh_uid();
                s.stack.push(super::state::StackItem {
                    uid: copy,
                    controller,
                    source: StackSource::Copy { id },
                    targets: orig.targets,
                });
                if copy_target_choices(s, controller, copy).len() > 1 {
                    ask(s, Choice::CopyTargets { seat: controller, copy });
                }
            }
        }
        Effect::AddMana { pillar, amount } => match pillar {
            Some(p) => s.players[controller].pool.pillars[*p as usize] += amount,
            None => ask(s, Choice::Pillar { seat: controller, amount: *amount }),
        },
        Effect::SearchArchive { filter, to, tapped } => {
            let seat = controller;
            if s.players[seat].archive.iter().any(|c| card_matches(s, c, filter)) {
                ask(s, Choice::Search { seat, filter: filter.clone(), to: *to, tapped: *tapped });
            } else {
                ev.push(Event::public(format!(
                    "{} searches their Archive and finds nothing",
                    s.players[seat].name
                )));
                let mut archive = std::mem::take(&mut s.players[seat].archive);
                s.rng.shuffle(&mut archive);
                s.players[seat].archive = archive;
            }
        }
        Effect::ReturnFromHollow { filter, to } => {
            let seat = controller;
            if s.players[seat].hollow.iter().any(|c| card_matches(s, c, filter)) {
                ask(s, Choice::Return { seat, filter: filter.clone(), to: *to });
            }
        }
        Effect::WinGame => {
            let other = s.opponent(controller);
            s.players[other].lost_by_effect = true;
        }
        Effect::ExtraTurn => s.players[controller].extra_turns += 1,
    }
}

/// Puts a card a search or a return took where the effect says: a
/// permanent card onto the Livingfield, anything else into its owner's
/// hand, where the opponent knows it when it was `seen` on the way (a
/// return from the Hollow, not a search).
pub fn put(
    s: &mut State,
    controller: Seat,
    c: super::state::Card,
    to: Destination,
    tapped: bool,
    seen: bool,
) {
    let kind = s.def(c.id).kind;
    match to {
        Destination::Livingfield if !kind.is_spell() => enter(s, c, controller, tapped),
        _ => {
            if seen {
                s.players[c.owner].revealed.push(c.uid);
            }
            s.players[c.owner].hand.push(c);
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
