//! Step 5, combat: attackers, blockers (gang blocks), the priority windows
//! after each declaration, the Blazestride window, regular damage, and the
//! keywords that change them.

use super::abilities::{fire_for, fire_on};
use super::effects::deal_damage;
use super::report;
use super::state::{CombatStage, Permanent, Prompt, State, Uid};
use super::turn::{check_state, open_priority};
use crate::cards::certamen::{CardType, Keyword, Pillar, Trigger};
use crate::engine::{Event, Seat};

/// The active player's creatures that may still be declared as attackers.
pub fn eligible_attackers(s: &State) -> Vec<Uid> {
    s.players[s.active]
        .field
        .iter()
        .filter(|p| {
            s.is_creature(p) && !p.tapped && !p.attacking && !s.is_sick(p) && !s.has(p, Keyword::Wardenbound)
        })
        .map(|p| p.uid)
        .collect()
}

/// Whether `blocker` may block `attacker` (Skyborne, Dreadmarked).
pub fn can_block(s: &State, blocker: Uid, attacker: Uid) -> bool {
    let (Some(b), Some(a)) = (s.permanent(blocker), s.permanent(attacker)) else { return false };
    if s.has(a, Keyword::Skyborne) && !(s.has(b, Keyword::Skyborne) || s.has(b, Keyword::Aegis)) {
        return false;
    }
    if s.has(a, Keyword::Dreadmarked) && !s.pillars_of(b).contains(&Pillar::Umbrage) && !s.is_equipped(b) {
        return false;
    }
    true
}

/// Every (blocker, attacker) pair the defender may still declare.
pub fn possible_blocks(s: &State) -> Vec<(Uid, Uid)> {
    let defender = s.opponent(s.active);
    let attackers: Vec<Uid> =
        s.players[s.active].field.iter().filter(|p| p.attacking).map(|p| p.uid).collect();
    let mut out = Vec::new();
    for b in &s.players[defender].field {
        if !s.is_creature(b) || b.tapped || b.blocking.is_some() {
            continue;
        }
        for a in &attackers {
            if can_block(s, b.uid, *a) {
                out.push((b.uid, *a));
            }
        }
    }
    out
}

/// Declares one attacker: it taps unless it has Steadfast.
pub fn declare_attacker(s: &mut State, uid: Uid, ev: &mut Vec<Event>) {
    let steadfast = s.permanent(uid).is_some_and(|p| s.has(p, Keyword::Steadfast));
    if let Some(p) = s.permanent_mut(uid) {
        p.attacking = true;
        if !steadfast {
            p.tapped = true;
        }
    }
    if let Some(p) = s.permanent(uid) {
        ev.push(Event::public(format!("{} attacks", s.name_of(p))));
    }
    fire_on(s, uid, Trigger::Attacks);
    fire_for(s, s.opponent(s.active), Trigger::Attacked, None);
}

/// Attackers are declared: with at least one, both players get priority
/// (the active player first) before blockers; with none, combat is over.
pub fn end_attacks(s: &mut State, ev: &mut Vec<Event>) {
    if s.players[s.active].field.iter().any(|p| p.attacking) {
        s.combat = CombatStage::Declared;
        open_priority(s);
    } else {
        before_damage(s, ev);
    }
}

/// The window after attackers is closed: the defender declares blockers;
/// with no creature able to block, the declaration is empty and the
/// window after blockers opens at once.
pub fn after_attackers_window(s: &mut State) {
    if possible_blocks(s).is_empty() {
        s.combat = CombatStage::Blocked;
        open_priority(s);
    } else {
        s.combat = CombatStage::Blockers;
        s.prompt = Prompt::DeclareBlockers;
    }
}

/// Declares one blocker; several may block one attacker, in the order declared.
pub fn declare_blocker(s: &mut State, blocker: Uid, attacker: Uid, ev: &mut Vec<Event>) {
    if let Some(b) = s.permanent_mut(blocker) {
        b.blocking = Some(attacker);
    }
    if let Some(a) = s.permanent_mut(attacker) {
        a.blocked_by.push(blocker);
        a.blocked = true;
    }
    if let (Some(b), Some(a)) = (s.permanent(blocker), s.permanent(attacker)) {
        ev.push(Event::public(format!("{} blocks {}", s.name_of(b), s.name_of(a))));
    }
    fire_on(s, blocker, Trigger::Blocks);
}

/// Blockers are declared: both players get priority (the active player
/// first) before damage.
pub fn end_blocks(s: &mut State, _ev: &mut Vec<Event>) {
    s.combat = CombatStage::Blocked;
    open_priority(s);
}

/// The window after blockers is closed: the attacker orders gang
/// blockers, the defender directs unblocked attackers, then damage.
pub fn after_blockers_window(s: &mut State, ev: &mut Vec<Event>) {
    before_damage(s, ev);
}

/// The last choices before damage: the attacker orders gang blockers, the
/// defender directs unblocked attackers at an Ascendant or themselves.
fn before_damage(s: &mut State, ev: &mut Vec<Event>) {
    if unordered_attacker(s).is_some() {
        s.prompt = Prompt::DamageOrder;
    } else if undirected_attacker(s).is_some() {
        s.prompt = Prompt::AscendantDamage;
    } else {
        deal_combat_damage(s, ev);
    }
}

/// The first unblocked attacker whose damage the defender (who has an
/// Ascendant) has not directed yet.
pub fn undirected_attacker(s: &State) -> Option<Uid> {
    let defender = s.opponent(s.active);
    let has_ascendant = s.players[defender].field.iter().any(|p| s.kind_of(p) == CardType::Ascendant);
    if !has_ascendant {
        return None;
    }
    s.players[s.active].field.iter().find(|p| p.attacking && !p.blocked && !p.damage_directed).map(|p| p.uid)
}

/// The defender's choices for the next unblocked attacker.
pub fn damage_directions(s: &State) -> Vec<(Uid, Option<Uid>)> {
    let Some(a) = undirected_attacker(s) else { return Vec::new() };
    let defender = s.opponent(s.active);
    let mut out = vec![(a, None)];
    out.extend(
        s.players[defender]
            .field
            .iter()
            .filter(|p| s.kind_of(p) == CardType::Ascendant)
            .map(|p| (a, Some(p.uid))),
    );
    out
}

/// Directs one unblocked attacker's damage; then the next choice or damage.
pub fn direct_damage(s: &mut State, attacker: Uid, ascendant: Option<Uid>, ev: &mut Vec<Event>) {
    if let Some(p) = s.permanent_mut(attacker) {
        p.damage_directed = true;
        p.damage_to = ascendant;
    }
    before_damage(s, ev);
}

/// The first attacker with two or more blockers not yet ordered.
pub fn unordered_attacker(s: &State) -> Option<Uid> {
    s.players[s.active]
        .field
        .iter()
        .find(|p| p.attacking && p.blocked_by.len() > 1 && !p.blockers_ordered)
        .map(|p| p.uid)
}

/// The answers for the next place of the damage assignment order of the
/// next gang-blocked attacker: the blockers placed so far followed by
/// each blocker not yet placed (the next to receive damage), so any
/// blocker may come first. One place is asked at a time whatever the
/// number of blockers; the last is what is left.
pub fn damage_orders(s: &State) -> Vec<(Uid, Vec<Uid>)> {
    let Some(a) = unordered_attacker(s) else { return Vec::new() };
    let Some(p) = s.permanent(a) else { return Vec::new() };
    let placed = usize::from(p.blockers_placed).min(p.blocked_by.len());
    let (done, rest) = p.blocked_by.split_at(placed);
    rest.iter()
        .map(|next| {
            let mut order = done.to_vec();
            order.push(*next);
            (a, order)
        })
        .collect()
}

/// Whether some places of the pending damage order are chosen, so that
/// [`Action::Cancel`](super::action::Action::Cancel) can take them back.
pub fn order_under_way(s: &State) -> bool {
    unordered_attacker(s).and_then(|a| s.permanent(a)).is_some_and(|p| p.blockers_placed > 0)
}

/// Whether `order` was a legal answer before one place was asked at a
/// time: the places so far, then more of the attacker's blockers (up to
/// the whole order), none twice. A stored match holding one still replays.
pub fn replayed_order(s: &State, attacker: Uid, order: &[Uid]) -> bool {
    let Some(p) = unordered_attacker(s).filter(|a| *a == attacker).and_then(|a| s.permanent(a)) else {
        return false;
    };
    let placed = usize::from(p.blockers_placed).min(p.blocked_by.len());
    let distinct = order.iter().enumerate().all(|(i, u)| !order[..i].contains(u));
    order.len() > placed
        && order.starts_with(&p.blocked_by[..placed])
        && distinct
        && order.iter().all(|u| p.blocked_by.contains(u))
}

/// Takes back the places chosen so far of the pending damage order.
pub fn cancel_order(s: &mut State) {
    if let Some(p) = unordered_attacker(s).and_then(|a| s.permanent_mut(a)) {
        p.blockers_placed = 0;
    }
}

/// Sets the first places of one attacker's damage order (the rest keep
/// their places after them); the last place is what is left. Once every
/// attacker's is whole, damage.
pub fn order_blockers(s: &mut State, attacker: Uid, order: &[Uid], ev: &mut Vec<Event>) {
    if let Some(p) = s.permanent_mut(attacker) {
        let rest: Vec<Uid> = p.blocked_by.iter().copied().filter(|b| !order.contains(b)).collect();
        p.blocked_by = order.iter().copied().chain(rest).collect();
        p.blockers_placed = u8::try_from(order.len()).unwrap_or(u8::MAX);
        // The last blocker's place is what is left.
        p.blockers_ordered = order.len() + 1 >= p.blocked_by.len();
    }
    before_damage(s, ev);
}

/// The Blazestride window, then regular damage; creatures killed in the
/// first window deal no damage in the second.
fn deal_combat_damage(s: &mut State, ev: &mut Vec<Event>) {
    let blazestride =
        s.permanents().any(|p| (p.attacking || p.blocking.is_some()) && s.has(p, Keyword::Blazestride));
    if !blazestride {
        regular_damage(s, ev);
        return;
    }
    damage_window(s, true, ev);
    check_state(s, ev);
    s.combat = CombatStage::Blazestruck;
    open_priority(s);
}

/// After the Blazestride window (and its priority): everyone else deals damage.
pub fn regular_damage(s: &mut State, ev: &mut Vec<Event>) {
    if s.outcome.is_none() {
        damage_window(s, false, ev);
        check_state(s, ev);
    }
    s.combat = CombatStage::Done;
    open_priority(s);
}

/// One damage window, all at once: the Blazestride window (`first`), in
/// which every creature in combat with Blazestride deals its damage; or
/// the regular pass, in which every other one does: "all remaining
/// creatures", those that did not strike in the first window, whether or
/// not they have Blazestride by then (given it, or had it taken away,
/// between the windows).
fn damage_window(s: &mut State, first: bool, ev: &mut Vec<Event>) {
    let strikes =
        |s: &State, p: &Permanent| if first { s.has(p, Keyword::Blazestride) } else { !p.struck_first };
    let defender = s.opponent(s.active);
    // (target creature or None for the defending player, amount, source for Soulbind)
    let mut hits: Vec<(Option<Uid>, i32, Uid)> = Vec::new();
    let attackers: Vec<Uid> =
        s.players[s.active].field.iter().filter(|p| p.attacking).map(|p| p.uid).collect();
    for a in attackers {
        let Some(p) = s.permanent(a) else { continue };
        if !strikes(s, p) {
            continue;
        }
        let mut left = s.power(p).max(0);
        if !p.blocked {
            let at = p.damage_to.filter(|u| s.permanent(*u).is_some());
            hits.push((at, left, a));
            continue;
        }
        let overwhelm = s.has(p, Keyword::Overwhelm);
        let blockers = p.blocked_by.clone();
        for (i, b) in blockers.iter().enumerate() {
            let Some(bp) = s.permanent(*b) else { continue };
            let lethal = (s.vitality(bp) - i32::from(bp.damage)).max(1);
            let last = i + 1 == blockers.len();
            let amount = if last && !overwhelm { left } else { left.min(lethal) };
            if amount > 0 {
                hits.push((Some(*b), amount, a));
            }
            left -= amount;
        }
        if overwhelm && left > 0 {
            hits.push((None, left, a));
        }
    }
    let blockers: Vec<(Uid, Uid)> =
        s.players[defender].field.iter().filter_map(|p| p.blocking.map(|a| (p.uid, a))).collect();
    for (b, a) in blockers {
        let Some(p) = s.permanent(b) else { continue };
        if !strikes(s, p) || s.permanent(a).is_none() {
            continue;
        }
        let power = s.power(p).max(0);
        if power > 0 {
            hits.push((Some(a), power, b));
        }
    }
    if first {
        let sources: Vec<Uid> = hits.iter().map(|h| h.2).collect();
        let struck: Vec<Uid> = s
            .permanents()
            .filter(|p| (p.attacking || p.blocking.is_some()) && s.has(p, Keyword::Blazestride))
            .map(|p| p.uid)
            .chain(sources)
            .collect();
        for uid in struck {
            if let Some(p) = s.permanent_mut(uid) {
                p.struck_first = true;
            }
        }
    }
    ev.extend(battle_events(s, &hits, defender));
    let mut soulbind: Vec<(Uid, i32)> = Vec::new();
    for (target, amount, source) in hits {
        let amount_u8 = u8::try_from(amount).unwrap_or(u8::MAX);
        match target {
            None => {
                s.players[defender].vitality -= amount;
                fire_on(s, source, Trigger::DealsCombatDamage);
            }
            Some(uid) => deal_damage(s, uid, amount_u8),
        }
        if let Some(p) = s.permanent(source) {
            if s.has(p, Keyword::Soulbind) {
                let c = p.controller;
                s.players[c].vitality += amount;
                match soulbind.iter_mut().find(|(u, _)| *u == source) {
                    Some((_, n)) => *n += amount,
                    None => soulbind.push((source, amount)),
                }
            }
        }
    }
    for (source, n) in soulbind {
        if let Some(p) = s.permanent(source) {
            let who = &s.players[p.controller].name;
            ev.push(Event::public(format!("{who} gains {n} Vitality ({}, Soulbind).", report::name(s, p))));
        }
    }
}

/// The events of one damage window, before its damage is marked: per
/// attacker, what it dealt and what its blockers dealt it, folded into
/// one event where it fits (Combat Sequence, Regular Combat Damage).
fn battle_events(s: &State, hits: &[(Option<Uid>, i32, Uid)], defender: Seat) -> Vec<Event> {
    let mut out = Vec::new();
    for a in s.players[s.active].field.iter().filter(|p| p.attacking) {
        let dealt: Vec<(String, i32)> = hits
            .iter()
            .filter(|h| h.2 == a.uid && h.1 > 0)
            .map(|(t, n, _)| (report::hit_on(s, report::combat_target(*t, defender), *n), *n))
            .collect();
        let back: Vec<(String, i32)> = hits
            .iter()
            .filter(|h| h.0 == Some(a.uid) && h.2 != a.uid)
            .filter_map(|(_, n, b)| s.permanent(*b).map(|b| (report::name(s, b), *n)))
            .collect();
        if dealt.is_empty() && back.is_empty() {
            continue;
        }
        out.extend(report::battle(&report::name(s, a), &dealt, &back).into_iter().map(Event::public));
    }
    out
}

/// Combat is over: attackers and blockers return to normal.
pub fn clear(s: &mut State) {
    for (_, pl) in s.players.iter_mut() {
        for p in &mut pl.field {
            p.attacking = false;
            p.blocked = false;
            p.blocked_by.clear();
            p.blocking = None;
            p.blockers_ordered = false;
            p.blockers_placed = 0;
            p.damage_directed = false;
            p.struck_first = false;
            p.damage_to = None;
        }
    }
}
