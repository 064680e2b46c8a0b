//! Passive abilities (continuous effects, strength) and triggered abilities
//! (collected into the pending queue when their event happens).

use std::cell::Cell;

use super::select::{condition_holds, passes, Source};
use super::state::{AttackPhase, EffectList, Pending, State, Uid, GENERIC_STRENGTH};
use crate::cards::spheres::{Ability, BattleRole, Filter, Static, Subject, Trigger, Zone};
use crate::engine::Seat;

thread_local! {
    /// Depth of nested strength computations: a passive whose filter reads a
    /// strength could otherwise recurse forever.
    static DEPTH: Cell<u8> = const { Cell::new(0) };
}

/// The role of a creature in the battle being fought, if any. Attacking a
/// fortress is not a battle; a blocked siege is.
pub fn battle_role(s: &State, uid: Uid) -> Option<BattleRole> {
    let a = s.attack.as_ref()?;
    if !matches!(a.phase, AttackPhase::Declared | AttackPhase::Block | AttackPhase::Battle) {
        return None;
    }
    let other = a.blocker.or(a.target)?;
    if uid == a.attacker {
        Some(BattleRole::Attacking)
    } else if uid == other {
        Some(BattleRole::Defending)
    } else {
        None
    }
}

/// A passive ability somewhere on the table.
struct Passive<'a> {
    src: Source,
    /// The creature `[This]` stands for (the creature, or an attached spell's host).
    anchor: Option<Uid>,
    effect: &'a Static,
    subject: Subject,
    filter: &'a Filter,
    condition: Option<&'a crate::cards::spheres::Condition>,
}

fn passives<'a>(s: &'a State) -> Vec<Passive<'a>> {
    let mut out = Vec::new();
    let mut push = |src: Source, anchor: Option<Uid>, abilities: &'a [Ability]| {
        for ab in abilities {
            if let Ability::Passive { effect, subject, filter, condition } = ab {
                out.push(Passive {
                    src,
                    anchor,
                    effect,
                    subject: *subject,
                    filter,
                    condition: condition.as_ref(),
                });
            }
        }
    };
    // A lord out of the game has nothing in play (see `turn::eliminate`);
    // skipped all the same, so nothing of theirs can ever apply.
    for (seat, lord) in s.lords.iter().filter(|(_, l)| l.alive) {
        for c in &lord.battlefield {
            if !c.face_down {
                push(Source { controller: seat, card: c.uid }, Some(c.uid), &s.def(c.uid).creature.abilities);
            }
            for a in &c.attached {
                push(Source { controller: seat, card: *a }, Some(c.uid), &s.def(*a).spell.abilities);
            }
        }
        for sp in &lord.spells {
            push(Source { controller: seat, card: *sp }, None, &s.def(*sp).spell.abilities);
        }
    }
    out
}

/// The static effects that apply to the creature `target` now.
pub fn statics_on(s: &State, target: Uid) -> Vec<&Static> {
    let Some((owner, _)) = s.find_creature(target) else { return Vec::new() };
    passives(s)
        .into_iter()
        .filter(|p| {
            let lord = p.src.controller;
            // "Your creatures": the lord's own, or in Citadel the whole
            // team's, whose creatures and active spells are shared
            // (rulings, Multiplayer — Citadel).
            let yours = s.citadel(lord).contains(&owner);
            let subject_ok = match p.subject {
                // On an active spell there is no "this creature": it covers its lord's creatures.
                Subject::This => match p.anchor {
                    Some(a) => a == target,
                    None => yours,
                },
                Subject::YourCreatures => yours,
                Subject::OtherCreatures => yours && Some(target) != p.anchor,
                // Spell range holds for spell effects, standing ones too
                // (see the rulings, "Range"): a passive reaches the
                // creatures of lords in its controller's range only.
                Subject::OpponentCreatures => s.opponents(lord).contains(&owner),
                Subject::AllCreatures => yours || s.in_range(lord).contains(&owner),
            };
            subject_ok
                && passes(s, p.filter, target, Zone::Battlefield, p.src)
                && p.condition.is_none_or(|c| condition_holds(s, c, p.src))
        })
        .map(|p| p.effect)
        .collect()
}

/// Whether a static effect matching `pred` applies to `target`.
pub fn has_static(s: &State, target: Uid, pred: impl Fn(&Static) -> bool) -> bool {
    statics_on(s, target).into_iter().any(pred)
}

/// How many `Siege` statics a creature has (each destroys one more).
pub fn extra_sieges(s: &State, target: Uid) -> u8 {
    statics_on(s, target).into_iter().filter(|st| **st == Static::Siege).count() as u8
}

/// The strength of a creature now: printed (or generic) strength plus
/// pumps and passive bonuses (battle-only ones while in that role); an
/// afflicted creature has half of it all, rounded down. Never below 0.
pub fn strength(s: &State, uid: Uid) -> i16 {
    let Some(c) = s.creature(uid) else { return super::select::printed_strength(s, uid) };
    let base = if c.face_down { GENERIC_STRENGTH } else { s.def(uid).creature.strength as i16 };
    let mut bonus = c.pump as i16;
    let depth = DEPTH.with(|d| d.get());
    if depth < 3 {
        DEPTH.with(|d| d.set(depth + 1));
        let role = battle_role(s, uid);
        for st in statics_on(s, uid) {
            if let Static::Strength { amount, during } = st {
                if during.is_none() || *during == role {
                    bonus += *amount as i16;
                }
            }
        }
        DEPTH.with(|d| d.set(depth));
    }
    let total = (base + bonus).max(0);
    if c.afflicted {
        total / 2
    } else {
        total
    }
}

fn triggered(abilities: &[Ability], on: Trigger) -> impl Iterator<Item = (usize, &Ability)> {
    abilities
        .iter()
        .enumerate()
        .filter(move |(_, ab)| matches!(ab, Ability::Triggered { on: t, .. } if *t == on))
}

fn condition_of(ab: &Ability) -> Option<&crate::cards::spheres::Condition> {
    match ab {
        Ability::Triggered { condition, .. } => condition.as_ref(),
        Ability::Passive { .. } => None,
    }
}

/// The lord a creature acts for now: in the attack in progress, the lord
/// who declared it as the attacker or chose it as the blocker; otherwise
/// the lord who summoned it. Only in Citadel can these differ (a shared
/// creature fights for the teammate who commits it; see the rulings,
/// "Citadel").
pub fn acting_for(s: &State, uid: Uid) -> Seat {
    match &s.attack {
        Some(a) if a.attacker == uid => a.seat,
        Some(a) if a.blocker == Some(uid) => a.defender,
        _ => s.owner(uid),
    }
}

/// The triggered abilities of a creature (and of the spells attached to it)
/// that fire on `on` now, controlled by the lord it acts for
/// ([`acting_for`]). Face-down and afflicted creatures fire nothing.
pub fn creature_triggers(s: &State, on: Trigger, uid: Uid) -> Vec<Pending> {
    let Some(c) = s.creature(uid) else { return Vec::new() };
    if c.afflicted {
        return Vec::new();
    }
    let seat = acting_for(s, uid);
    let mut out = Vec::new();
    if !c.face_down {
        for (i, ab) in triggered(&s.def(uid).creature.abilities, on) {
            let src = Source { controller: seat, card: uid };
            if condition_of(ab).is_none_or(|cond| condition_holds(s, cond, src)) {
                out.push(Pending { controller: seat, this: uid, list: EffectList::CreatureAbility(i as u8) });
            }
        }
    }
    for a in &c.attached {
        for (i, ab) in triggered(&s.def(*a).spell.abilities, on) {
            let src = Source { controller: seat, card: *a };
            if condition_of(ab).is_none_or(|cond| condition_holds(s, cond, src)) {
                out.push(Pending { controller: seat, this: *a, list: EffectList::SpellAbility(i as u8) });
            }
        }
    }
    out
}

/// Queues a creature's triggered abilities for `on`.
pub fn fire(s: &mut State, on: Trigger, uid: Uid) {
    let t = creature_triggers(s, on, uid);
    s.triggers.extend(t);
}

/// Queues the abilities of all of a lord's creatures and active spells
/// that fire on a lord-wide event (regroup, tower lost).
pub fn fire_lord(s: &mut State, on: Trigger, seat: Seat) {
    let mut out = Vec::new();
    for c in s.lords[seat].battlefield.clone() {
        out.extend(creature_triggers(s, on, c.uid));
    }
    for sp in s.lords[seat].spells.clone() {
        let db = s.db.arc();
        for (i, ab) in triggered(&db.card(s.cards[sp.0 as usize]).spell.abilities, on) {
            let src = Source { controller: seat, card: sp };
            if condition_of(ab).is_none_or(|cond| condition_holds(s, cond, src)) {
                out.push(Pending { controller: seat, this: sp, list: EffectList::SpellAbility(i as u8) });
            }
        }
    }
    s.triggers.extend(out);
}
