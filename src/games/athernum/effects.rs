//! Moving things on and off the board, and what each effect does when it
//! resolves (4.1.7). Targets are checked again on resolution: an effect
//! whose target is no longer legal does nothing to it (4.3.5b.III).

use super::state::{
    Card, Change, Choice, Continuous, Def, Fetch, Gone, Happened, Origin, Perm, Place, Scope, StackItem,
    State, TargetRef, Uid, CHARACTER_SLOTS, FACTIONLESS,
};
use super::values::{self, could_have_dfv, matches};
use crate::cards::athernum::{Ability, CardType, Destination, Duration, Effect, Object, Stat, Target};
use crate::engine::{Event, Seat};

/// Where a card leaving the board goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dest {
    /// The owner's discard pile.
    Discard,
    /// The owner's void.
    Void,
    /// The owner's hand.
    Hand,
}

/// Puts a permanent or attachment onto the board and returns its uid. A
/// face-up one puts its static abilities on the way to the stack (4.1.4,
/// 4.3.5a.I).
#[allow(clippy::too_many_arguments)]
pub fn enter(
    s: &mut State,
    uid: Uid,
    def: Def,
    token: bool,
    owner: Seat,
    controller: Seat,
    place: Place,
    face_down: bool,
) -> Uid {
    let seq = s.fresh_seq();
    let character = matches!(place, Place::Character | Place::Main);
    s.board.push(Perm {
        uid,
        def,
        token,
        blank: false,
        owner,
        controller,
        place,
        face_down,
        exhausted: false,
        exhaustion: 0,
        damage: 0,
        victory: 0,
        markers: Vec::new(),
        prevent: 0,
        seq,
        main: false,
        counted: false,
        used: Vec::new(),
        fought: Vec::new(),
    });
    s.happened.push(Happened::Entered { uid, controller, def, character });
    if !face_down {
        queue_statics(s, uid);
    }
    uid
}

/// Queues the static abilities (and static equip abilities of an
/// attachment) of a permanent that entered or turned face up.
pub fn queue_statics(s: &mut State, uid: Uid) {
    let Some(p) = s.perm(uid) else { return };
    if p.blank {
        return;
    }
    let (def, controller, attached) = (p.def, p.controller, matches!(p.place, Place::Item { .. }));
    let Some(d) = s.def(def) else { return };
    let indexes: Vec<u8> = d
        .abilities
        .iter()
        .enumerate()
        .filter(|(_, a)| match a {
            Ability::Static { .. } => true,
            Ability::Equip { when: None, name: None, .. } => attached,
            _ => false,
        })
        .map(|(i, _)| i as u8)
        .collect();
    for index in indexes {
        queue(s, controller, uid, Origin::Ability { def, index });
    }
}

/// Queues an ability's effects to go on the stack once their targets are
/// chosen.
pub fn queue(s: &mut State, controller: Seat, source: Uid, origin: Origin) {
    let uid = s.fresh_uid();
    s.pending.push(StackItem { uid, controller, source, origin, targets: Vec::new() });
}

/// Takes a permanent or attachment off the board to `dest` (a token
/// ceases to exist, 2.5.3); its attachments are discarded (7.3.4). A main
/// character never leaves (3.0.7). Returns false when nothing moved.
pub fn leave(s: &mut State, uid: Uid, dest: Dest, ev: &mut Vec<Event>) -> bool {
    let Some(i) = s.board.iter().position(|p| p.uid == uid) else { return false };
    if s.board[i].main {
        return false;
    }
    let p = s.board.remove(i);
    let name = s.def_name(p.def);
    let character = matches!(p.place, Place::Character);
    s.happened.push(Happened::Left {
        uid,
        controller: p.controller,
        def: p.def,
        character,
        discarded: dest == Dest::Discard,
        face_up: !p.face_down,
    });
    s.gone.push(Gone { perm: p.clone(), heard: s.happened.len() });
    // Victory Tokens on it go back to the pool (10.1.5, 10.0.5).
    s.victory_pool += u32::from(p.victory);
    let hosted: Vec<Uid> =
        s.board.iter().filter(|a| a.place == Place::Item { host: uid }).map(|a| a.uid).collect();
    for a in hosted {
        leave(s, a, Dest::Discard, ev);
    }
    let verb = match dest {
        Dest::Discard => "is discarded",
        Dest::Void => "goes to the void",
        Dest::Hand => "returns to its owner's hand",
    };
    if p.token {
        ev.push(Event::public(format!("{name} {verb} and ceases to exist.")));
        return true;
    }
    let Def::Card(id) = p.def else { return true };
    let card = Card { uid, id, owner: p.owner };
    let owner = &mut s.players[p.owner];
    match dest {
        Dest::Discard => owner.discard.push(card),
        Dest::Void => owner.void.push(card),
        Dest::Hand => {
            owner.hand.push(card);
            owner.revealed.push(uid);
        }
    }
    ev.push(Event::public(format!("{name} {verb}.")));
    true
}

/// Exhausts a permanent: face down with one exhaustion counter (6.2.2).
/// Returns false when it was already exhausted (6.2.9a).
pub fn exhaust(s: &mut State, uid: Uid) -> bool {
    let Some(p) = s.perm_mut(uid) else { return false };
    if p.exhausted || matches!(p.place, Place::Item { .. }) {
        return false;
    }
    p.exhausted = true;
    p.face_down = true;
    p.exhaustion += 1;
    true
}

/// Turns a permanent or attachment face up: a new timestamp, and its
/// static abilities go on the way to the stack.
pub fn turn_face_up(s: &mut State, uid: Uid) {
    let seq = s.fresh_seq();
    let Some(p) = s.perm_mut(uid) else { return };
    p.face_down = false;
    p.exhausted = false;
    p.seq = seq;
    queue_statics(s, uid);
}

/// `seat` draws `n` cards; drawing from an empty deck is remembered for
/// the next state-based check (4.2.4b).
pub fn draw(s: &mut State, seat: Seat, n: usize, ev: &mut Vec<Event>) {
    for _ in 0..n {
        let p = &mut s.players[seat];
        match p.deck.pop() {
            Some(c) => {
                p.hand.push(c);
                let name = s.db.card(c.id).name.clone();
                ev.push(Event::private(seat, format!("You draw {name}.")));
            }
            None => {
                p.drew_from_empty = true;
                ev.push(Event::public(format!("{} must draw from an empty deck.", p.name)));
                return;
            }
        }
    }
    ev.push(Event::public(format!(
        "{} draws {}.",
        s.players[seat].name,
        if n == 1 { "a card".to_owned() } else { format!("{n} cards") }
    )));
}

/// The objects an effect's target description stands for now: the chosen
/// target if still legal, every match for `all`, or the fixed object.
pub fn objects(s: &State, item: &StackItem, effect: usize, t: &Target) -> Vec<TargetRef> {
    let c = item.controller;
    match t.object {
        Object::You => return vec![TargetRef::Player(c)],
        Object::Opponent => {
            return s.alive().into_iter().filter(|o| *o != c).map(TargetRef::Player).collect();
        }
        _ => {}
    }
    if t.is_targeted() {
        return match item.targets.get(effect).copied().flatten() {
            Some(r) if still_legal(s, item, t, r) => vec![r],
            _ => Vec::new(),
        };
    }
    s.board.iter().filter(|p| matches(s, t, c, item.source, p)).map(|p| TargetRef::Perm(p.uid)).collect()
}

/// Whether chosen target `r` still fits `t`.
pub fn still_legal(s: &State, item: &StackItem, t: &Target, r: TargetRef) -> bool {
    match r {
        TargetRef::Player(p) => {
            t.object == Object::Player && !s.players[p].out && side_ok(t, item.controller, p)
        }
        TargetRef::Perm(u) => s.perm(u).is_some_and(|p| matches(s, t, item.controller, item.source, p)),
        TargetRef::Effect(u) => {
            t.object == Object::Effect && s.stack.iter().any(|x| x.uid == u && x.uid != item.uid)
        }
    }
}

fn side_ok(t: &Target, controller: Seat, p: Seat) -> bool {
    match t.whose {
        crate::cards::athernum::Side::Any => true,
        crate::cards::athernum::Side::Yours => p == controller,
        crate::cards::athernum::Side::Theirs => p != controller,
    }
}

/// The legal targets for targeted effect `t` of an ability controlled by
/// `controller` from `source`, in board order.
pub fn candidates(s: &State, controller: Seat, source: Uid, t: &Target, own_uid: Uid) -> Vec<TargetRef> {
    match t.object {
        Object::Player => {
            s.alive().into_iter().filter(|p| side_ok(t, controller, *p)).map(TargetRef::Player).collect()
        }
        Object::Effect => s
            .stack
            .iter()
            .filter(|x| x.uid != own_uid && side_ok(t, controller, x.controller))
            .map(|x| TargetRef::Effect(x.uid))
            .collect(),
        _ => s
            .board
            .iter()
            .filter(|p| matches(s, t, controller, source, p))
            .map(|p| TargetRef::Perm(p.uid))
            .collect(),
    }
}

fn perms(objs: &[TargetRef]) -> Vec<Uid> {
    objs.iter()
        .filter_map(|o| match o {
            TargetRef::Perm(u) => Some(*u),
            _ => None,
        })
        .collect()
}

fn players(objs: &[TargetRef]) -> Vec<Seat> {
    objs.iter()
        .filter_map(|o| match o {
            TargetRef::Player(p) => Some(*p),
            _ => None,
        })
        .collect()
}

/// Adds a continuous change (4.2.1) for the objects of effect `t`.
fn add_change(s: &mut State, item: &StackItem, effect: usize, t: &Target, change: Change, until: Duration) {
    let scope = if t.all && until == Duration::Source {
        Scope::All(t.clone())
    } else {
        let objs = objects(s, item, effect, t);
        Scope::Perms(perms(&objs))
    };
    let seq = s.fresh_seq();
    s.continuous.push(Continuous {
        source: item.source,
        controller: item.controller,
        seq,
        change,
        scope,
        until,
    });
}

/// Runs effects of `item` from `from` on; stops early when one leaves a
/// choice to a player, returning the index to go on from.
pub fn run(s: &mut State, item: &StackItem, from: usize, ev: &mut Vec<Event>) -> Option<usize> {
    match item.origin {
        Origin::Acquisition => {
            draw(s, item.controller, 1, ev);
            return None;
        }
        Origin::Solvency => {
            let f = s.players[item.controller].faction;
            create_resource(s, item.controller, f, false);
            ev.push(Event::public(format!("{} creates a resource token.", s.players[item.controller].name)));
            return None;
        }
        Origin::Contingency { on } => {
            place_victory(s, on, 1, ev);
            return None;
        }
        Origin::Ability { .. } => {}
    }
    let effects = super::state::origin_effects(s, item.origin).to_vec();
    for (i, e) in effects.iter().enumerate().skip(from) {
        one(s, item, i, e, ev);
        if !s.choices.is_empty() {
            return Some(i + 1);
        }
        if s.outcome.is_some() {
            return None;
        }
    }
    None
}

/// Creates a resource token of faction `f` for `seat`.
pub fn create_resource(
    s: &mut State,
    seat: Seat,
    f: Option<crate::cards::athernum::Faction>,
    exhausted: bool,
) {
    let uid = s.fresh_uid();
    enter(s, uid, Def::Resource(f), true, seat, seat, Place::Resource, false);
    if exhausted {
        exhaust(s, uid);
    }
}

/// Moves up to `n` Victory Tokens from the pool onto `on` (10.1.4, 10.1.7).
fn place_victory(s: &mut State, on: Uid, n: u8, ev: &mut Vec<Event>) {
    let Some(p) = s.perm(on) else { return };
    if s.def(p.def).and_then(|d| d.victory).is_none() {
        return;
    }
    let name = s.def_name(p.def);
    let k = u32::from(n).min(s.victory_pool) as u8;
    if k == 0 {
        ev.push(Event::public("The Victory Token pool is empty: no token is placed."));
        return;
    }
    s.victory_pool -= u32::from(k);
    if let Some(p) = s.perm_mut(on) {
        p.victory += k;
    }
    ev.push(Event::public(format!("{name} gains {k} Victory Token{}.", if k == 1 { "" } else { "s" })));
}

/// One effect.
fn one(s: &mut State, item: &StackItem, i: usize, e: &Effect, ev: &mut Vec<Event>) {
    let c = item.controller;
    match e {
        Effect::Damage { amount, to } => {
            for u in perms(&objects(s, item, i, to)) {
                damage(s, u, *amount, ev);
            }
        }
        Effect::Heal { amount, target } => {
            for u in perms(&objects(s, item, i, target)) {
                let Some(p) = s.perm_mut(u) else { continue };
                let healed = p.damage.min(*amount);
                p.damage -= healed;
                if healed > 0 {
                    say(s, ev, u, format_args!("loses {healed} damage"));
                }
            }
        }
        Effect::Draw { amount } => draw(s, c, usize::from(*amount), ev),
        Effect::DiscardFromHand { amount, who } => {
            for p in players(&objects(s, item, i, who)) {
                let left = (*amount).min(s.players[p].hand.len() as u8);
                if left > 0 {
                    s.choices.push(Choice::Discard { seat: p, left });
                }
            }
        }
        Effect::DiscardTop { amount, who } => {
            for p in players(&objects(s, item, i, who)) {
                let mut names = Vec::new();
                for _ in 0..*amount {
                    let Some(card) = s.players[p].deck.pop() else { break };
                    names.push(s.db.card(card.id).name.clone());
                    s.players[p].discard.push(card);
                }
                if !names.is_empty() {
                    ev.push(Event::public(format!(
                        "{} discards the top of their deck: {}.",
                        s.players[p].name,
                        names.join(", ")
                    )));
                }
            }
        }
        Effect::Discard { target } => {
            for u in perms(&objects(s, item, i, target)) {
                leave(s, u, Dest::Discard, ev);
            }
        }
        Effect::Void { target } => {
            for u in perms(&objects(s, item, i, target)) {
                leave(s, u, Dest::Void, ev);
            }
        }
        Effect::ReturnToHand { target } => {
            for u in perms(&objects(s, item, i, target)) {
                leave(s, u, Dest::Hand, ev);
            }
        }
        Effect::Exhaust { target } => {
            for u in perms(&objects(s, item, i, target)) {
                if exhaust(s, u) {
                    let name = s.perm(u).map(|p| s.def_name(p.def)).unwrap_or_default();
                    ev.push(Event::public(format!("{name} is exhausted.")));
                }
            }
        }
        Effect::AddExhaustion { amount, target } => {
            for u in perms(&objects(s, item, i, target)) {
                let Some(p) = s.perm_mut(u) else { continue };
                p.exhaustion = p.exhaustion.saturating_add(*amount);
                let n = p.exhaustion;
                if *amount > 0 {
                    say(s, ev, u, format_args!("gets {amount} exhaustion (×{n})"));
                }
            }
        }
        Effect::RemoveExhaustion { amount, target, turn_face_up: flip } => {
            for u in perms(&objects(s, item, i, target)) {
                let Some(p) = s.perm_mut(u) else { continue };
                let removed = p.exhaustion.min(*amount);
                p.exhaustion -= removed;
                let ready = *flip && p.exhausted && p.exhaustion == 0;
                if ready {
                    turn_face_up(s, u);
                    say(s, ev, u, format_args!("recovers: face up"));
                } else if removed > 0 {
                    let n = s.perm(u).map_or(0, |p| p.exhaustion);
                    say(s, ev, u, format_args!("loses {removed} exhaustion (×{n})"));
                }
            }
        }
        Effect::TurnFaceDown { target } => {
            for u in perms(&objects(s, item, i, target)) {
                let Some(p) = s.perm_mut(u) else { continue };
                if !p.face_down {
                    p.face_down = true;
                    say(s, ev, u, format_args!("is turned face down"));
                }
            }
        }
        Effect::Modify { target, ofv, dfv, slots, until } => {
            let change = Change::Add { ofv: *ofv, dfv: *dfv, slots: *slots };
            add_change(s, item, i, target, change, *until);
        }
        Effect::SetValue { target, stat, value, until } => {
            add_change(s, item, i, target, Change::Set { stat: *stat, value: *value }, *until);
        }
        Effect::Multiply { target, stat, factor, until } => {
            add_change(s, item, i, target, Change::Multiply { stat: *stat, factor: *factor }, *until);
        }
        Effect::PreventDamage { amount, target } => {
            for u in perms(&objects(s, item, i, target)) {
                let Some(p) = s.perm_mut(u) else { continue };
                p.prevent = p.prevent.saturating_add(*amount);
                say(s, ev, u, format_args!("will prevent the next {amount} damage"));
            }
        }
        Effect::CreateToken { count, token, attach_to } => {
            let Some(ti) = s.db.tokens.iter().position(|t| t.name.eq_ignore_ascii_case(token)) else {
                return;
            };
            let kind = s.db.tokens[ti].kind;
            let hosts = attach_to.as_ref().map(|t| perms(&objects(s, item, i, t))).unwrap_or_default();
            for _ in 0..*count {
                let name = s.db.tokens[ti].name.clone();
                let place = match kind {
                    CardType::Character if s.characters_of(c) < CHARACTER_SLOTS => Place::Character,
                    CardType::Location => Place::Location,
                    CardType::Item => match hosts
                        .iter()
                        .find(|h| s.perm(**h).is_some_and(|h| values::free_slot(s, h)))
                    {
                        Some(h) => Place::Item { host: *h },
                        None => {
                            // Said, not silent: the players see why no token came.
                            ev.push(Event::public(format!("No {name} token: no item slot is free for it.")));
                            break;
                        }
                    },
                    CardType::Character => {
                        ev.push(Event::public(format!("No {name} token: every character slot is taken.")));
                        break;
                    }
                    _ => break,
                };
                let uid = s.fresh_uid();
                enter(s, uid, Def::Token(ti as u16), true, c, c, place, false);
                ev.push(Event::public(format!(
                    "{} creates a {} token.",
                    s.players[c].name, s.db.tokens[ti].name
                )));
            }
        }
        Effect::Copy { target } => {
            for u in perms(&objects(s, item, i, target)) {
                copy(s, c, u, ev);
            }
        }
        Effect::CreateResourceToken { count, exhausted } => {
            let f = s.players[c].faction;
            for _ in 0..*count {
                create_resource(s, c, f, *exhausted);
            }
            ev.push(Event::public(format!(
                "{} creates {} resource token{}.",
                s.players[c].name,
                count,
                if *count == 1 { "" } else { "s" }
            )));
        }
        Effect::AddResources { amount, faction } => {
            let slot = match (faction, s.players[c].faction) {
                (true, Some(f)) => f as usize,
                _ => FACTIONLESS,
            };
            s.players[c].pool[slot] = s.players[c].pool[slot].saturating_add(*amount);
            let kind = match (slot, s.players[c].faction) {
                (FACTIONLESS, _) | (_, None) => "factionless".to_owned(),
                (_, Some(f)) => f.name().to_owned(),
            };
            ev.push(Event::public(format!("{} adds {amount} {kind} to their pool.", s.players[c].name)));
        }
        Effect::PlaceVictoryTokens { amount, on } => {
            for u in perms(&objects(s, item, i, on)) {
                place_victory(s, u, *amount, ev);
            }
        }
        Effect::RemoveVictoryTokens { amount, from, lose } => {
            for u in perms(&objects(s, item, i, from)) {
                let Some(p) = s.perm_mut(u) else { continue };
                let k = (*amount).min(p.victory);
                p.victory -= k;
                if !lose {
                    s.victory_pool += u32::from(k);
                }
                if k > 0 {
                    let name = s.perm(u).map(|p| s.def_name(p.def)).unwrap_or_default();
                    let how = if *lose { "loses" } else { "gives back" };
                    ev.push(Event::public(format!(
                        "{name} {how} {k} Victory Token{}.",
                        if k == 1 { "" } else { "s" }
                    )));
                }
            }
        }
        Effect::GainCommandTokens { amount } => {
            let limit = values::command_limit(s, c);
            let p = &mut s.players[c];
            let before = p.command;
            p.command = p.command.saturating_add(*amount).min(limit.max(p.command));
            let gained = p.command - before;
            ev.push(Event::public(match gained {
                0 => format!("{} is at the command token limit: none gained.", p.name),
                1 => format!("{} gains 1 command token ({}).", p.name, p.command),
                n => format!("{} gains {n} command tokens ({}).", p.name, p.command),
            }));
        }
        Effect::RaiseCommandLimit { amount, until } => {
            let seq = s.fresh_seq();
            s.continuous.push(Continuous {
                source: item.source,
                controller: c,
                seq,
                change: Change::CommandLimit(*amount),
                scope: Scope::Player(c),
                until: *until,
            });
        }
        Effect::PlaceMarkers { marker, amount, on } => {
            let Some(m) = s.db.markers.iter().position(|x| x.name.eq_ignore_ascii_case(marker)) else {
                return;
            };
            for u in perms(&objects(s, item, i, on)) {
                let Some(p) = s.perm_mut(u) else { continue };
                match p.markers.iter_mut().find(|(k, _)| usize::from(*k) == m) {
                    Some((_, n)) => *n = n.saturating_add(*amount),
                    None => p.markers.push((m as u8, *amount)),
                }
                let marker = s.db.markers[m].name.clone();
                say(s, ev, u, format_args!("gets {amount} {marker}"));
            }
        }
        Effect::RemoveMarkers { marker, amount, from } => {
            let Some(m) = s.db.markers.iter().position(|x| x.name.eq_ignore_ascii_case(marker)) else {
                return;
            };
            for u in perms(&objects(s, item, i, from)) {
                let Some(p) = s.perm_mut(u) else { continue };
                let mut removed = 0;
                for (k, n) in p.markers.iter_mut() {
                    if usize::from(*k) == m {
                        removed = (*n).min(*amount);
                        *n -= removed;
                    }
                }
                p.markers.retain(|(_, n)| *n > 0);
                if removed > 0 {
                    let marker = s.db.markers[m].name.clone();
                    say(s, ev, u, format_args!("loses {removed} {marker}"));
                }
            }
        }
        Effect::SearchDeck { filter, to } => s.choices.push(Choice::Fetch {
            seat: c,
            from: Fetch::Deck,
            filter: filter.clone(),
            board: *to == Destination::Board,
        }),
        Effect::CallFromExtraDeck { filter, to } => s.choices.push(Choice::Fetch {
            seat: c,
            from: Fetch::Extra,
            filter: filter.clone(),
            board: *to == Destination::Board,
        }),
        Effect::ReturnFromDiscard { filter, to, top } => {
            if *top {
                // The top card under the source itself: a card whose
                // "leaves" trigger this is lies on the pile already, on
                // top (see the rulings, "Ruin Scavenger").
                let pile = &s.players[c].discard;
                let Some(at) = pile.iter().rposition(|card| card.uid != item.source) else { return };
                let card = pile[at];
                if values::filter_takes_card(filter, s.db.card(card.id)) {
                    s.players[c].discard.remove(at);
                    put_card(s, c, card, *to == Destination::Board, ev);
                }
            } else {
                s.choices.push(Choice::Fetch {
                    seat: c,
                    from: Fetch::Discard,
                    filter: filter.clone(),
                    board: *to == Destination::Board,
                });
            }
        }
        Effect::Neutralize { target, unless_pay } => {
            for o in objects(s, item, i, target) {
                let TargetRef::Effect(u) = o else { continue };
                let Some(victim) = s.stack.iter().find(|x| x.uid == u) else { continue };
                let owner = victim.controller;
                match unless_pay {
                    Some(n)
                        if values::can_pay(
                            s,
                            owner,
                            &crate::cards::athernum::Cost { generic: *n, pips: [0; 4] },
                        ) =>
                    {
                        s.choices.push(Choice::Ransom { seat: owner, effect: u, amount: *n })
                    }
                    _ => neutralize(s, u, ev),
                }
            }
        }
    }
}

/// Says what an effect did to permanent `u` ("Iron Chaplain loses 2
/// damage."), by the name the public sees.
fn say(s: &State, ev: &mut Vec<Event>, u: Uid, what: std::fmt::Arguments) {
    let Some(p) = s.perm(u) else { return };
    let name = if p.face_down && !p.exhausted {
        format!("A face-down {}", values::supertype(s, p).name().to_lowercase())
    } else {
        s.def_name(p.def)
    };
    ev.push(Event::public(format!("{name} {what}.")));
}

/// Removes an effect from the stack before it resolves (4.1.8d).
pub fn neutralize(s: &mut State, uid: Uid, ev: &mut Vec<Event>) {
    if let Some(i) = s.stack.iter().position(|x| x.uid == uid) {
        let x = s.stack.remove(i);
        ev.push(Event::public(format!("{} is neutralized.", super::view::origin_label(s, &x))));
    }
}

/// Places damage counters, less any prevention (10.3).
pub fn damage(s: &mut State, uid: Uid, amount: u8, ev: &mut Vec<Event>) {
    let Some(p) = s.perm(uid) else { return };
    if !could_have_dfv(s, p) {
        return;
    }
    let name = s.def_name(p.def);
    let shown = if p.face_down && !p.exhausted { "A face-down permanent".to_owned() } else { name };
    let p = s.perm_mut(uid).expect("checked");
    let prevented = p.prevent.min(amount);
    p.prevent -= prevented;
    let dealt = amount - prevented;
    p.damage = p.damage.saturating_add(dealt);
    if prevented > 0 {
        ev.push(Event::public(format!("{shown} takes {dealt} damage ({prevented} prevented).")));
    } else if dealt > 0 {
        ev.push(Event::public(format!("{shown} takes {dealt} damage.")));
    }
}

/// Creates a token copy of permanent `u` for `seat` (7.5.1); a face-down
/// one copies only what is visible (6.3).
fn copy(s: &mut State, seat: Seat, u: Uid, ev: &mut Vec<Event>) {
    let Some(p) = s.perm(u).cloned() else { return };
    let place = match p.place {
        Place::Main | Place::Character if s.characters_of(seat) < CHARACTER_SLOTS => Place::Character,
        Place::Location => Place::Location,
        Place::Resource => Place::Resource,
        _ => return,
    };
    if would_break_uniqueness(s, seat, p.def) {
        return;
    }
    let uid = s.fresh_uid();
    let blank = p.face_down || p.blank;
    enter(s, uid, p.def, true, seat, seat, place, true);
    if let Some(x) = s.perm_mut(uid) {
        x.blank = blank;
        x.face_down = blank;
    }
    if !blank {
        queue_statics(s, uid);
    }
    ev.push(Event::public(format!(
        "{} creates a copy of {}.",
        s.players[seat].name,
        if blank { "a face-down permanent".to_owned() } else { s.def_name(p.def) }
    )));
}

/// Whether `seat` already controls a copy of a card with a Victory Token
/// Field of this definition (1.5.5, 2.2.7).
pub fn would_break_uniqueness(s: &State, seat: Seat, def: Def) -> bool {
    let Some(d) = s.def(def) else { return false };
    d.victory.is_some()
        && s.board.iter().any(|p| p.controller == seat && s.def(p.def).is_some_and(|x| x.name == d.name))
}

/// Puts a card taken from a zone into `seat`'s hand or onto the board.
pub fn put_card(s: &mut State, seat: Seat, card: Card, board: bool, ev: &mut Vec<Event>) {
    let name = s.db.card(card.id).name.clone();
    match board_place(s, seat, card.id) {
        Some(place) if board => {
            enter(s, card.uid, Def::Card(card.id), false, card.owner, seat, place, false);
            ev.push(Event::public(format!("{name} enters the board under {}.", s.players[seat].name)));
        }
        _ => {
            s.players[card.owner].hand.push(card);
            s.players[card.owner].revealed.push(card.uid);
            ev.push(Event::public(format!("{} puts {name} into their hand.", s.players[card.owner].name)));
        }
    }
}

/// Where card `id` would enter the board under `seat` by an effect, if it
/// can: a character needs a free slot (7.1.2c), and no card may break
/// semi-uniqueness (2.2.7b).
pub fn board_place(s: &State, seat: Seat, id: crate::cards::athernum::CardId) -> Option<Place> {
    let place = match s.db.card(id).kind {
        CardType::Character if s.characters_of(seat) < CHARACTER_SLOTS => Place::Character,
        CardType::Location => Place::Location,
        _ => return None,
    };
    (!would_break_uniqueness(s, seat, Def::Card(id))).then_some(place)
}

/// The value an ability's effect of kind `stat` reads (for labels).
pub fn stat_name(stat: Stat) -> &'static str {
    match stat {
        Stat::Ofv => "OFV",
        Stat::Dfv => "DFV",
        Stat::Slots => "item slots",
    }
}
