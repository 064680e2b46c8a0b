//! Targets: which objects an effect's [`Target`] may choose, the choices a
//! spell offers, and whether a chosen target is still legal on resolution.

use super::state::{Permanent, StackSource, State, TargetRef, Uid};
use crate::cards::certamen::{CardType, Effect, Filter, Keyword, Object, Side, Target};
use crate::engine::Seat;

/// Most target combinations one card offers (the rest are not listed).
const MAX_CHOICES: usize = 64;

fn side_ok(side: Side, controller: Seat, owner_side: Seat) -> bool {
    match side {
        Side::Any => true,
        Side::Yours => owner_side == controller,
        Side::Theirs => owner_side != controller,
    }
}

/// Whether a permanent passes a filter (`source`: the effect's own permanent).
pub fn permanent_matches(s: &State, p: &Permanent, f: &Filter, source: Option<Uid>) -> bool {
    let kind = s.kind_of(p);
    if f.kind.is_some_and(|k| k != kind) {
        return false;
    }
    if f.pillar.is_some_and(|c| !s.pillars_of(p).contains(&c)) {
        return false;
    }
    if f.keyword.is_some_and(|k| !s.has(p, k)) {
        return false;
    }
    let power = s.power(p);
    if f.max_power.is_some_and(|m| power > i32::from(m)) || f.min_power.is_some_and(|m| power < i32::from(m))
    {
        return false;
    }
    if let Some(m) = f.max_cost {
        let cost = match &p.body {
            super::state::Body::Card(id) => s.def(*id).cost_total(),
            super::state::Body::Token(_) => 0,
        };
        if cost > m {
            return false;
        }
    }
    if f.tapped.is_some_and(|t| t != p.tapped) {
        return false;
    }
    !(f.other && source == Some(p.uid))
}

/// What aims at a target: Oathbound turns away an opponent's spells and
/// activated abilities only, never a triggered ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// A spell (or a copy of one) or an activated ability.
    Cast,
    /// A triggered ability.
    Trigger,
}

impl Aim {
    /// How a Stack item aims: a triggered ability's, else a cast's.
    pub fn of(s: &State, item: &super::state::StackItem) -> Aim {
        match &item.source {
            StackSource::Ability(a) => Aim::of_ability(s, a),
            _ => Aim::Cast,
        }
    }

    /// How an ability aims.
    pub fn of_ability(s: &State, a: &super::state::AbilityRef) -> Aim {
        match s.def(a.id).abilities.get(a.ability) {
            Some(crate::cards::certamen::Ability::Triggered { .. }) => Aim::Trigger,
            _ => Aim::Cast,
        }
    }
}

/// Whether `controller`'s effect, aiming as `aim`, may target this
/// permanent (Veilshroud; Oathbound against the opponent's spells and
/// activated abilities).
pub fn targetable(s: &State, p: &Permanent, controller: Seat, aim: Aim) -> bool {
    let shrouded = s.has(p, Keyword::Veilshroud);
    let oathbound = aim == Aim::Cast && s.has(p, Keyword::Oathbound) && p.controller != controller;
    !(shrouded || oathbound)
}

/// Every object `target` covers (chosen or not), before targeting rules.
pub fn candidates(s: &State, controller: Seat, target: &Target, source: Option<Uid>) -> Vec<TargetRef> {
    let mut out = Vec::new();
    let players = |out: &mut Vec<TargetRef>| {
        for seat in s.players.seats() {
            if side_ok(target.whose, controller, seat) {
                out.push(TargetRef::Player(seat));
            }
        }
    };
    let permanents = |out: &mut Vec<TargetRef>, ok: &dyn Fn(&Permanent) -> bool| {
        for p in s.permanents() {
            if side_ok(target.whose, controller, p.controller)
                && ok(p)
                && permanent_matches(s, p, &target.filter, source)
            {
                out.push(TargetRef::Permanent(p.uid));
            }
        }
    };
    match target.object {
        Object::Creature => permanents(&mut out, &|p| s.is_creature(p)),
        Object::Player => players(&mut out),
        Object::Any => {
            permanents(&mut out, &|p| matches!(s.kind_of(p), CardType::Creature | CardType::Ascendant));
            players(&mut out);
        }
        Object::Permanent => permanents(&mut out, &|p| s.kind_of(p) != CardType::Pillar),
        Object::Spell => {
            for item in &s.stack {
                let def = s.def(item.card_id());
                if !matches!(item.source, StackSource::Ability(_))
                    && side_ok(target.whose, controller, item.controller)
                    && target.filter.kind.is_none_or(|k| k == def.kind)
                    && target.filter.pillar.is_none_or(|c| def.pillars().contains(&c))
                    && target.filter.max_cost.is_none_or(|m| def.cost_total() <= m)
                {
                    out.push(TargetRef::Spell(item.uid));
                }
            }
        }
        Object::This => out.extend(source.map(TargetRef::Permanent)),
        Object::You => out.push(TargetRef::Player(controller)),
        Object::Opponent => out.push(TargetRef::Player(s.opponent(controller))),
    }
    out
}

/// The legal choices for one targeted effect aiming as `aim`.
pub fn legal_targets(
    s: &State,
    controller: Seat,
    target: &Target,
    source: Option<Uid>,
    aim: Aim,
) -> Vec<TargetRef> {
    candidates(s, controller, target, source)
        .into_iter()
        .filter(|t| match t {
            TargetRef::Permanent(uid) => s.permanent(*uid).is_some_and(|p| targetable(s, p, controller, aim)),
            _ => true,
        })
        .collect()
}

/// Every combination of targets for `effects` (one per targeted effect,
/// in order); one empty combination when nothing is targeted, none when
/// a targeted effect has no legal target.
pub fn target_choices(
    s: &State,
    controller: Seat,
    effects: &[Effect],
    source: Option<Uid>,
    aim: Aim,
) -> Vec<Vec<TargetRef>> {
    let mut combos: Vec<Vec<TargetRef>> = vec![Vec::new()];
    for effect in effects {
        for t in effect.targets() {
            if !t.is_targeted() {
                continue;
            }
            let options = legal_targets(s, controller, t, source, aim);
            let mut next = Vec::new();
            for combo in &combos {
                for o in &options {
                    if next.len() < MAX_CHOICES {
                        let mut c = combo.clone();
                        c.push(*o);
                        next.push(c);
                    }
                }
            }
            combos = next;
        }
    }
    combos
}

/// Extra generic resources the caster pays for targeting opponents'
/// creatures with Aegis (2 each).
pub fn aegis_surcharge(s: &State, controller: Seat, targets: &[TargetRef]) -> u8 {
    let mut extra = 0u8;
    for t in targets {
        if let TargetRef::Permanent(uid) = t {
            if s.permanent(*uid).is_some_and(|p| p.controller != controller && s.has(p, Keyword::Aegis)) {
                extra = extra.saturating_add(2);
            }
        }
    }
    extra
}

/// Whether a chosen target is still legal when the spell resolves.
pub fn still_legal(
    s: &State,
    controller: Seat,
    target: &Target,
    chosen: TargetRef,
    source: Option<Uid>,
    aim: Aim,
) -> bool {
    legal_targets(s, controller, target, source, aim).contains(&chosen)
}
