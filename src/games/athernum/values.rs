//! Current values and what matches what: OFV, DFV and item slots after
//! every modifier in the order of 4.4.2; which permanents a target or a
//! filter takes; resources and paying costs (5.x).

use super::state::{Change, Def, Perm, Place, Pool, Scope, State, Uid, FACTIONLESS};
use crate::cards::athernum::{
    CardDef, CardType, Condition, Cost, Faction, Filter, Object, Side, Stat, Target,
};
use crate::engine::Seat;

/// The definition whose characteristics a permanent shows, if any: none
/// while it is face down or exhausted (6.1.5, 6.2.3) or for a blank copy (6.3).
pub fn visible_def<'a>(s: &'a State, p: &Perm) -> Option<&'a CardDef> {
    if p.face_down || p.blank {
        return None;
    }
    s.def(p.def)
}

/// The supertype of a permanent: printed when face up, else from its zone (6.1.3).
pub fn supertype(s: &State, p: &Perm) -> CardType {
    match p.place {
        Place::Main | Place::Character => CardType::Character,
        Place::Location => CardType::Location,
        Place::Resource => CardType::Resource,
        Place::Item { .. } => s.def(p.def).map(|d| d.kind).unwrap_or(CardType::Item),
    }
}

/// Whether a permanent has, or could have, a DFV: it may be attacked and
/// take damage counters (9.3.6a, 10.3.2a).
pub fn could_have_dfv(s: &State, p: &Perm) -> bool {
    match p.place {
        Place::Item { .. } | Place::Resource => false,
        Place::Main | Place::Character => true,
        Place::Location => {
            if p.face_down || p.blank {
                true
            } else {
                s.def(p.def).is_some_and(|d| d.dfv.is_some())
            }
        }
    }
}

fn stat_of(d: &CardDef, stat: Stat) -> Option<u8> {
    match stat {
        Stat::Ofv => d.ofv,
        Stat::Dfv => d.dfv,
        Stat::Slots => Some(d.slots),
    }
}

/// Whether continuous change scope `scope` (made by `controller` from
/// `source`) covers `p`.
fn covers(s: &State, scope: &Scope, controller: Seat, source: Uid, p: &Perm) -> bool {
    match scope {
        Scope::Perms(uids) => uids.contains(&p.uid),
        Scope::All(t) => matches(s, t, controller, source, p),
        Scope::Player(_) => false,
    }
}

/// The current value of `stat` of `p`, after base values, additions,
/// multiplications (4.4.2); `None` when it has none (face down, exhausted,
/// or none printed). Never below 0 (2.2.3f, 2.2.4g).
pub fn value(s: &State, p: &Perm, stat: Stat) -> Option<u8> {
    let d = visible_def(s, p)?;
    let printed = stat_of(d, stat)?;
    let mut base = i32::from(printed);
    let mut set_seq = 0;
    let mut add = 0i32;
    let mut mul = 1i32;
    for c in &s.continuous {
        if !covers(s, &c.scope, c.controller, c.source, p) {
            continue;
        }
        match c.change {
            Change::Set { stat: st, value } if st == stat && c.seq >= set_seq => {
                base = i32::from(value);
                set_seq = c.seq;
            }
            Change::Add { ofv, dfv, slots } => {
                add += i32::from(match stat {
                    Stat::Ofv => ofv,
                    Stat::Dfv => dfv,
                    Stat::Slots => slots,
                });
            }
            Change::Multiply { stat: st, factor } if st == stat => mul *= i32::from(factor),
            _ => {}
        }
    }
    for (m, n) in &p.markers {
        if let Some(def) = s.db.markers.get(*m as usize) {
            let each = match stat {
                Stat::Ofv => def.ofv_each,
                Stat::Dfv => def.dfv_each,
                Stat::Slots => 0,
            };
            add += i32::from(each) * i32::from(*n);
        }
    }
    Some(((base + add) * mul).clamp(0, 255) as u8)
}

/// Offensive Value (`None`: it cannot attack).
pub fn ofv(s: &State, p: &Perm) -> Option<u8> {
    value(s, p, Stat::Ofv)
}

/// Defensive Value (`None`: none right now).
pub fn dfv(s: &State, p: &Perm) -> Option<u8> {
    value(s, p, Stat::Dfv)
}

/// Item slots: kept while face down or exhausted (6.2.4c).
pub fn slots(s: &State, p: &Perm) -> u8 {
    let Some(d) = s.def(p.def) else { return 0 };
    let mut n = i32::from(d.slots);
    if !p.face_down {
        for c in &s.continuous {
            if let Change::Add { slots, .. } = c.change {
                if covers(s, &c.scope, c.controller, c.source, p) {
                    n += i32::from(slots);
                }
            }
        }
    }
    n.max(0) as usize as u8
}

/// Attachments linked to `host`.
pub fn attachments(s: &State, host: Uid) -> impl Iterator<Item = &Perm> {
    s.board.iter().filter(move |p| p.place == Place::Item { host })
}

/// A free item slot on `host`.
pub fn free_slot(s: &State, host: &Perm) -> bool {
    attachments(s, host.uid).count() < usize::from(slots(s, host))
}

/// A player's command token maximum (10.2.2, 10.2.3).
pub fn command_limit(s: &State, seat: Seat) -> u8 {
    let extra: u32 = s
        .continuous
        .iter()
        .filter(|c| c.scope == Scope::Player(seat))
        .map(|c| match c.change {
            Change::CommandLimit(n) => u32::from(n),
            _ => 0,
        })
        .sum();
    (u32::from(super::state::COMMAND_MAX) + extra).min(9) as u8
}

/// Whether `filter` takes permanent `p` (seen by the effect's controller):
/// hidden characteristics of a face-down permanent never match.
pub fn filter_takes(s: &State, f: &Filter, source: Uid, p: &Perm) -> bool {
    let d = visible_def(s, p);
    if f.kind.is_some_and(|k| k != supertype(s, p)) {
        return false;
    }
    if let Some(sub) = &f.subtype {
        if !d.is_some_and(|d| d.subtypes.iter().any(|x| x.eq_ignore_ascii_case(sub))) {
            return false;
        }
    }
    if let Some(fac) = f.faction {
        let pf = match p.def {
            Def::Resource(f) => f,
            _ => d.and_then(|d| d.faction),
        };
        if pf != Some(fac) {
            return false;
        }
    }
    if let Some(max) = f.max_cost {
        if d.is_none_or(|d| d.cost.unwrap_or(0) > max) {
            return false;
        }
    }
    if let Some(max) = f.max_ofv {
        if ofv(s, p).is_none_or(|v| v > max) {
            return false;
        }
    }
    if let Some(min) = f.min_ofv {
        if ofv(s, p).is_none_or(|v| v < min) {
            return false;
        }
    }
    if f.exhausted.is_some_and(|e| e != p.exhausted) {
        return false;
    }
    if f.face_down.is_some_and(|e| e != p.face_down) {
        return false;
    }
    if f.damaged && p.damage == 0 {
        return false;
    }
    if f.main.is_some_and(|m| m != p.main) {
        return false;
    }
    if f.victory_field && s.def(p.def).and_then(|d| d.victory).is_none() {
        return false;
    }
    if f.other && p.uid == source {
        return false;
    }
    true
}

/// Whether a card definition (in a zone, not on the board) passes `filter`.
pub fn filter_takes_card(f: &Filter, d: &CardDef) -> bool {
    f.kind.is_none_or(|k| k == d.kind)
        && f.subtype.as_ref().is_none_or(|sub| d.subtypes.iter().any(|x| x.eq_ignore_ascii_case(sub)))
        && f.faction.is_none_or(|fac| d.faction == Some(fac))
        && f.max_cost.is_none_or(|m| d.cost.unwrap_or(0) <= m)
        && f.max_ofv.is_none_or(|m| d.ofv.unwrap_or(0) <= m)
        && f.min_ofv.is_none_or(|m| d.ofv.unwrap_or(0) >= m)
        && (!f.victory_field || d.victory.is_some())
}

/// Whether target description `t` (of an effect controlled by
/// `controller`, from `source`) takes permanent or attachment `p`.
pub fn matches(s: &State, t: &Target, controller: Seat, source: Uid, p: &Perm) -> bool {
    let kind_ok = match t.object {
        Object::Character => matches!(p.place, Place::Main | Place::Character),
        Object::Location => p.place == Place::Location,
        Object::Permanent => !matches!(p.place, Place::Item { .. }),
        Object::Defender => could_have_dfv(s, p),
        Object::Attachment => matches!(p.place, Place::Item { .. }),
        Object::This => p.uid == source,
        Object::Linked => s.perm(source).is_some_and(|a| a.place == Place::Item { host: p.uid }),
        Object::Effect | Object::Player | Object::You | Object::Opponent => false,
    };
    if !kind_ok {
        return false;
    }
    let side_ok = match t.whose {
        Side::Any => true,
        Side::Yours => p.controller == controller,
        Side::Theirs => p.controller != controller,
    };
    side_ok && filter_takes(s, &t.filter, source, p)
}

/// Whether `cond` holds for `seat`.
pub fn holds(s: &State, cond: &Condition, seat: Seat, source: Uid) -> bool {
    fulfilled(s, cond, seat, source) >= 1.0
}

/// How much of `cond` holds for `seat`, 0 to 1: the share of the
/// permanents, tokens or cards it asks for that are there (1: it holds).
pub fn fulfilled(s: &State, cond: &Condition, seat: Seat, source: Uid) -> f64 {
    let share =
        |have: usize, need: u8| if need == 0 { 1.0 } else { (have as f64 / f64::from(need)).min(1.0) };
    match cond {
        Condition::Controls { count, filter } => {
            let t = Target {
                object: if filter.kind.is_some() { Object::Permanent } else { Object::Character },
                whose: Side::Yours,
                all: true,
                filter: filter.clone(),
            };
            share(s.board.iter().filter(|p| matches(s, &t, seat, source, p)).count(), *count)
        }
        Condition::VictoryTokens { count } => share(s.victory_of(seat) as usize, *count),
        Condition::Behind => f64::from(u8::from(behind(s, seat))),
        Condition::DiscardPile { count } => share(s.players[seat].discard.len(), *count),
    }
}

/// `seat` has fewer Victory Tokens than each other player (9.2.4a).
pub fn behind(s: &State, seat: Seat) -> bool {
    let mine = s.victory_of(seat);
    s.alive().into_iter().filter(|o| *o != seat).all(|o| s.victory_of(o) > mine)
}

/// The resources `seat` could spend now: the pool plus one per ready
/// resource token, per faction (factionless last).
pub fn available(s: &State, seat: Seat) -> Pool {
    let mut have = s.players[seat].pool;
    for p in &s.board {
        if p.controller == seat && p.place == Place::Resource && !p.face_down {
            if let Def::Resource(f) = p.def {
                have[f.map_or(FACTIONLESS, |f| f as usize)] += 1;
            }
        }
    }
    have
}

/// Whether `have` covers `cost` (pips by faction, then the generic part
/// with whatever is left, 5.0.3e).
pub fn covers_cost(have: &Pool, cost: &Cost) -> bool {
    let mut spare = 0u32;
    for f in Faction::ALL {
        let need = cost.pips_of(f);
        if have[f as usize] < need {
            return false;
        }
        spare += u32::from(have[f as usize] - need);
    }
    spare + u32::from(have[FACTIONLESS]) >= u32::from(cost.generic)
}

/// Whether `seat` can pay `cost` now.
pub fn can_pay(s: &State, seat: Seat, cost: &Cost) -> bool {
    covers_cost(&available(s, seat), cost)
}

/// The cost of playing a character (2.2.1): its acquisition cost, one
/// resource of its faction among them.
pub fn acquisition_cost(d: &CardDef) -> Cost {
    let n = d.cost.unwrap_or(0);
    let mut c = Cost { generic: n, pips: [0; 4] };
    if let (Some(f), true) = (d.faction, n > 0) {
        c.generic = n - 1;
        c.pips[f as usize] = 1;
    }
    c
}

/// Pays `cost` for `seat`: the pool first, then ready resource tokens,
/// exhausted as part of paying (5.0.1e). The caller checked [`can_pay`].
pub fn pay(s: &mut State, seat: Seat, cost: &Cost) {
    let mut need = cost.pips;
    let mut generic = cost.generic;
    // Pips from the pool, then from tokens of the faction.
    for f in Faction::ALL {
        let i = f as usize;
        let from_pool = need[i].min(s.players[seat].pool[i]);
        s.players[seat].pool[i] -= from_pool;
        need[i] -= from_pool;
        while need[i] > 0 && exhaust_token(s, seat, Some(f)) {
            need[i] -= 1;
        }
    }
    // The generic part: factionless pool, any pool, factionless tokens,
    // then the faction tokens that are most plentiful.
    let take = generic.min(s.players[seat].pool[FACTIONLESS]);
    s.players[seat].pool[FACTIONLESS] -= take;
    generic -= take;
    for i in 0..4 {
        let take = generic.min(s.players[seat].pool[i]);
        s.players[seat].pool[i] -= take;
        generic -= take;
    }
    while generic > 0 && exhaust_token(s, seat, None) {
        generic -= 1;
    }
    while generic > 0 {
        let have = available(s, seat);
        let Some(f) =
            Faction::ALL.into_iter().filter(|f| have[*f as usize] > 0).max_by_key(|f| have[*f as usize])
        else {
            break;
        };
        exhaust_token(s, seat, Some(f));
        generic -= 1;
    }
}

/// Exhausts one ready resource token of `seat` of faction `f`; false when none.
fn exhaust_token(s: &mut State, seat: Seat, f: Option<Faction>) -> bool {
    let Some(i) = s.board.iter().position(|p| {
        p.controller == seat && p.place == Place::Resource && !p.face_down && p.def == Def::Resource(f)
    }) else {
        return false;
    };
    let p = &mut s.board[i];
    p.face_down = true;
    p.exhausted = true;
    p.exhaustion += 1;
    true
}
