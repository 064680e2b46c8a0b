//! Reading card text against the table: amounts and variables, filters,
//! "matching", conditions, and the candidates of a selection.

use super::abilities::strength;
use super::state::{is_sphere, spheres_of, State, Uid, GENERIC_COST, GENERIC_STRENGTH};
use crate::cards::spheres::{
    Amount, CardDef, Condition, CreatureState, Filter, Lord as LordRef, Matching, Select, Variable, Verb,
    Zone,
};
use crate::engine::Seat;

/// The card an ability or spell belongs to, and its lord.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Source {
    /// The lord of the ability ("you").
    pub controller: Seat,
    /// `[This]` card.
    pub card: Uid,
}

impl Source {
    /// The creature `[This]` stands for: the card itself on the battlefield,
    /// or the host of an attached spell.
    pub fn creature(&self, s: &State) -> Option<Uid> {
        if s.creature(self.card).is_some() {
            Some(self.card)
        } else {
            s.host_of(self.card)
        }
    }
}

/// The cost of a card as seen in `zone`: creature cost on the battlefield
/// (3 when face down), spell cost anywhere else.
pub fn cost_in_zone(s: &State, uid: Uid, zone: Zone) -> u8 {
    let def = s.def(uid);
    if zone == Zone::Battlefield {
        match s.creature(uid) {
            Some(c) if c.face_down => GENERIC_COST,
            _ if def.creature.inverted => GENERIC_COST,
            _ => def.creature.cost,
        }
    } else {
        def.spell.cost
    }
}

/// A variable or literal read from `[This]`.
pub fn amount(s: &State, src: Source, a: Amount) -> u8 {
    match a {
        Amount::Fixed(n) => n,
        Amount::Var(Variable::All) => u8::MAX,
        Amount::Var(Variable::CreatureCost) => match s.creature(src.card) {
            Some(c) if c.face_down => GENERIC_COST,
            _ if s.def(src.card).creature.inverted => GENERIC_COST,
            _ => s.def(src.card).creature.cost,
        },
        Amount::Var(Variable::SpellCost) => s.def(src.card).spell.cost,
        Amount::Var(Variable::Strength) => match src.creature(s) {
            Some(c) => strength(s, c).clamp(0, u8::MAX as i16) as u8,
            None => s.def(src.card).creature.strength,
        },
    }
}

/// The race and type of a card as seen in `zone` (a face-down creature has none).
fn race_kind(s: &State, uid: Uid, zone: Zone) -> Option<(&str, Option<&str>)> {
    if zone == Zone::Battlefield && s.creature(uid).is_some_and(|c| c.face_down) {
        return None;
    }
    let def: &CardDef = s.def(uid);
    Some((def.creature.race.as_str(), def.creature.kind.as_deref()))
}

/// Whether card `uid`, lying in `zone`, passes `filter` read from `src`.
pub fn passes(s: &State, filter: &Filter, uid: Uid, zone: Zone, src: Source) -> bool {
    let this_creature = src.creature(s);
    if filter.other && (uid == src.card || Some(uid) == this_creature) {
        return false;
    }
    if filter.this && uid != src.card && Some(uid) != this_creature {
        return false;
    }
    let def = s.def(uid);
    if let Some(sp) = filter.sphere {
        if !is_sphere(def, sp) {
            return false;
        }
    }
    if filter.race.is_some() || filter.kind.is_some() {
        let Some((race, kind)) = race_kind(s, uid, zone) else { return false };
        if let Some(want) = &filter.race {
            let want = if want.eq_ignore_ascii_case("this") { &s.def(src.card).creature.race } else { want };
            if !race.eq_ignore_ascii_case(want) {
                return false;
            }
        }
        if let Some(want) = &filter.kind {
            let want = if want.eq_ignore_ascii_case("this") {
                match &s.def(src.card).creature.kind {
                    Some(k) => k,
                    None => return false,
                }
            } else {
                want
            };
            if !kind.is_some_and(|k| k.eq_ignore_ascii_case(want)) {
                return false;
            }
        }
    }
    let cost = cost_in_zone(s, uid, zone);
    if filter.max_cost.is_some_and(|a| cost > amount(s, src, a)) {
        return false;
    }
    if filter.min_cost.is_some_and(|a| cost < amount(s, src, a)) {
        return false;
    }
    if let Some(m) = filter.matching {
        let this_zone = if s.creature(src.card).is_some() { Zone::Battlefield } else { Zone::Spells };
        let this_cost = cost_in_zone(s, src.card, this_zone);
        let this_def = s.def(src.card);
        let same_sphere = spheres_of(this_def).iter().any(|sp| is_sphere(def, *sp));
        let ok = match m {
            Matching::Cost => cost <= this_cost,
            Matching::Sphere => same_sphere,
            Matching::Both => cost <= this_cost && same_sphere,
        };
        if !ok {
            return false;
        }
    }
    if filter.max_strength.is_some() || filter.state.is_some() {
        let Some(c) = (if zone == Zone::Battlefield { s.creature(uid) } else { None }) else { return false };
        if let Some(a) = filter.max_strength {
            if strength(s, uid) > amount(s, src, a) as i16 {
                return false;
            }
        }
        if let Some(st) = filter.state {
            let ok = match st {
                CreatureState::Ready => !c.engaged,
                CreatureState::Engaged => c.engaged,
                CreatureState::Afflicted => c.afflicted,
                CreatureState::Healthy => !c.afflicted,
            };
            if !ok {
                return false;
            }
        }
    }
    true
}

/// The lords a `lord` reference may stand for, seen from `controller`.
pub fn lords_for(s: &State, controller: Seat, lord: LordRef) -> Vec<Seat> {
    match lord {
        LordRef::You => vec![controller],
        LordRef::Opponent => s.opponents(controller),
        // Either lord: oneself or any lord in range, a teammate too when in
        // range (see the rulings, "Team play").
        LordRef::Either => {
            let mut v = vec![controller];
            v.extend(s.in_range(controller));
            v
        }
    }
}

/// Whether a condition holds for `src`.
pub fn condition_holds(s: &State, cond: &Condition, src: Source) -> bool {
    match cond {
        Condition::Count { lord, zone, filter, at_least, at_most } => {
            let n: usize = lords_for(s, src.controller, *lord)
                .into_iter()
                .map(|seat| {
                    s.lords[seat]
                        .zone(*zone)
                        .into_iter()
                        .filter(|u| passes(s, filter, *u, *zone, src))
                        .count()
                })
                .sum();
            at_least.is_none_or(|m| n >= m as usize) && at_most.is_none_or(|m| n <= m as usize)
        }
        Condition::InBattle { role } => {
            src.creature(s).is_some_and(|c| super::abilities::battle_role(s, c) == Some(*role))
        }
    }
}

/// The zone a selection draws from: a `draw` always takes from the deck,
/// creature states only exist on the battlefield.
pub fn source_zone(verb: Option<Verb>, sel: &Select) -> Zone {
    match verb {
        Some(Verb::Draw) => Zone::Deck,
        _ => sel.from,
    }
}

/// The cards of `lord`'s `zone` an effect may take: they pass the filter,
/// and moving them changes something (a card is not moved to the zone it
/// is already in, except a deck card recovered to the top; a spell that
/// cannot be cast is not cast).
pub fn candidates(s: &State, sel: &Select, verb: Option<Verb>, lord: Seat, src: Source) -> Vec<Uid> {
    let zone = source_zone(verb, sel);
    let mut v: Vec<Uid> = s.lords[lord].zone(zone);
    if zone == Zone::Deck {
        // top of the deck first
        v.reverse();
    }
    v.retain(|u| passes(s, &sel.filter, *u, zone, src));
    if let Some(verb) = verb {
        let dest = verb.destination();
        if dest == zone && !(verb == Verb::Recover && zone == Zone::Deck) {
            return Vec::new();
        }
        if verb == Verb::Cast {
            v.retain(|u| !s.def(*u).spell.inverted);
        }
    }
    v
}

/// Strength of a card that is not on the battlefield (printed).
pub fn printed_strength(s: &State, uid: Uid) -> i16 {
    let def = s.def(uid);
    if def.creature.inverted {
        GENERIC_STRENGTH
    } else {
        def.creature.strength as i16
    }
}
