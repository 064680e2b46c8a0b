//! Applying actions: the mulligan, the seven steps, priority and the
//! Stack, casting and paying, state-based checks and the end of the game.

use super::abilities::{activate, choose_targets, fire_dies, fire_for, fire_on, stack_triggers};
use super::action::Action;
use super::combat;
use super::effects::resolve_top;
use super::legal::{legal_actions, pillar_produces};
use super::state::{
    Body, Card, CombatStage, Permanent, Pool, Prompt, StackItem, StackSource, State, Step, Uid, HAND_SIZE,
    MULLIGAN_HAND,
};
use super::target::aegis_surcharge;
use crate::cards::certamen::{CardType, Cost, Keyword, Pillar, Trigger};
use crate::engine::{Event, Illegal, Outcome, Seat};

/// Whether `a` is a manual Pillar tap that was legal when it was offered:
/// costs are paid automatically and the tap is no longer offered, but a
/// stored match that holds one still replays (priority holder, own
/// untapped Pillar).
fn replayed_tap(s: &State, seat: Seat, a: &Action) -> bool {
    let Action::TapPillar { pillar } = a else { return false };
    s.prompt == Prompt::Priority
        && s.priority == seat
        && s.players[seat]
            .field
            .iter()
            .any(|p| p.uid == *pillar && !p.tapped && s.kind_of(p) == CardType::Pillar)
}

/// Whether `a` is a damage order of the kind offered before one place was
/// asked at a time (several places at once), legal then: a stored match
/// that holds one still replays.
fn replayed_order(s: &State, seat: Seat, a: &Action) -> bool {
    let Action::OrderBlockers { attacker, order } = a else { return false };
    s.prompt == Prompt::DamageOrder && seat == s.active && combat::replayed_order(s, *attacker, order)
}

/// Checks `a` against the legal answers of `seat`, then applies it.
pub fn apply(s: &mut State, seat: Seat, a: &Action) -> Result<Vec<Event>, Illegal> {
    if s.outcome.is_some() {
        return Err(Illegal::new("the game is over"));
    }
    if !legal_actions(s, seat).contains(a) && !replayed_tap(s, seat, a) && !replayed_order(s, seat, a) {
        return Err(Illegal::new(format!("{a:?} is not a legal answer for {seat} now")));
    }
    let mut ev = Vec::new();
    if s.prompt == Prompt::Choice {
        super::choice::answer(s, seat, a, &mut ev);
        check_state(s, &mut ev);
        stack_triggers(s);
        return Ok(ev);
    }
    match a {
        Action::Keep | Action::Mulligan => mulligan(s, seat, *a == Action::Mulligan, &mut ev),
        Action::Pass => pass(s, &mut ev),
        Action::PlayPillar { card } => {
            let c = take_from_hand(s, seat, *card);
            s.players[seat].pillar_played = true;
            ev.push(Event::public(format!("{} plays {}", s.players[seat].name, s.def(c.id).name)));
            enter(s, c, seat, false);
            acted(s, seat);
        }
        Action::TapPillar { pillar } => {
            tap_pillar(s, seat, *pillar);
            acted(s, seat);
        }
        Action::Cast { card, targets } => {
            let c = take_from_hand(s, seat, *card);
            let def = s.def(c.id);
            let cost = def.cost.unwrap_or_default();
            ev.push(Event::public(format!("{} casts {}", s.players[seat].name, def.name)));
            let extra = aegis_surcharge(s, seat, targets);
            pay(s, seat, &cost, extra);
            s.stack.push(StackItem {
                uid: c.uid,
                controller: seat,
                source: StackSource::Spell(c),
                targets: targets.clone(),
            });
            if def_kind_is_spell(s, c) {
                fire_for(s, seat, Trigger::CastSpell, None);
            }
            acted(s, seat);
        }
        Action::Activate { permanent, ability, targets } => {
            activate(s, seat, *permanent, *ability, targets);
        }
        Action::ChooseTargets { targets } => choose_targets(s, targets),
        Action::Equip { relic, creature } => {
            let cost = s.permanent(*relic).and_then(|r| match r.body {
                Body::Card(id) => s.def(id).equip.as_ref().map(|e| e.cost),
                Body::Token(_) => None,
            });
            pay(s, seat, &cost.unwrap_or_default(), 0);
            if let Some(r) = s.permanent_mut(*relic) {
                r.equipped_to = Some(*creature);
            }
            acted(s, seat);
        }
        Action::Attack { creature } => combat::declare_attacker(s, *creature, &mut ev),
        Action::EndAttacks => combat::end_attacks(s, &mut ev),
        Action::Block { blocker, attacker } => combat::declare_blocker(s, *blocker, *attacker, &mut ev),
        Action::EndBlocks => combat::end_blocks(s, &mut ev),
        Action::DirectDamage { attacker, ascendant } => {
            combat::direct_damage(s, *attacker, *ascendant, &mut ev)
        }
        Action::OrderBlockers { attacker, order } => combat::order_blockers(s, *attacker, order, &mut ev),
        Action::Cancel => combat::cancel_order(s),
        Action::Pick { .. }
        | Action::ChoosePillar { .. }
        | Action::PayToKeep
        | Action::DeclineToPay
        | Action::StackTrigger { .. }
        | Action::KeepAscendant { .. } => unreachable!("answers to a choice; legality was checked"),
        Action::Discard { card } => {
            let c = take_from_hand(s, seat, *card);
            ev.push(Event::public(format!("{} discards {}", s.players[seat].name, s.def(c.id).name)));
            s.players[seat].hollow.push(c);
            if s.players[seat].hand.len() <= HAND_SIZE {
                open_priority(s);
            }
        }
    }
    check_state(s, &mut ev);
    stack_triggers(s);
    Ok(ev)
}

fn mulligan(s: &mut State, seat: Seat, take: bool, ev: &mut Vec<Event>) {
    if take {
        let p = &mut s.players[seat];
        let hand = std::mem::take(&mut p.hand);
        p.archive.extend(hand);
        p.revealed.clear();
        let mut archive = std::mem::take(&mut s.players[seat].archive);
        s.rng.shuffle(&mut archive);
        s.players[seat].archive = archive;
        draw(s, seat, MULLIGAN_HAND);
        ev.push(Event::public(format!("{} takes a mulligan to {MULLIGAN_HAND}", s.players[seat].name)));
    } else {
        ev.push(Event::public(format!("{} keeps", s.players[seat].name)));
    }
    s.players[seat].kept = true;
    let other = s.opponent(seat);
    if !s.players[other].kept {
        s.prompt = Prompt::Mulligan(other);
    } else {
        s.turn = 1;
        s.active = s.first;
        begin_step(s, Step::Untap, ev);
    }
}

/// `seat` draws `n` cards; drawing from an empty Archive loses the game.
pub fn draw(s: &mut State, seat: Seat, n: usize) {
    for _ in 0..n {
        match s.players[seat].archive.pop() {
            Some(c) => s.players[seat].hand.push(c),
            None => {
                s.players[seat].drew_from_empty = true;
                return;
            }
        }
    }
}

/// Takes a card out of `seat`'s hand (no longer known to the opponent).
pub fn take_from_hand(s: &mut State, seat: Seat, uid: Uid) -> Card {
    let p = &mut s.players[seat];
    let i = p.hand.iter().position(|c| c.uid == uid).expect("legal actions name cards in hand");
    p.revealed.retain(|u| *u != uid);
    p.hand.remove(i)
}

/// A player did something while holding priority: they keep it, and the
/// count of passes starts again.
fn acted(s: &mut State, seat: Seat) {
    s.priority = seat;
    s.passes = 0;
}

/// Puts a card onto the Livingfield under `controller`. An Ascendant
/// entering while one of the same name is there asks its controller which
/// of the two stays (the Uniqueness Rule).
pub fn enter(s: &mut State, c: Card, controller: Seat, tapped: bool) {
    let def = s.def(c.id);
    let namesake = (def.kind == CardType::Ascendant)
        .then(|| {
            s.permanents()
                .find(|p| matches!(p.body, Body::Card(_)) && s.name_of(p) == def.name)
                .map(|p| p.uid)
        })
        .flatten();
    let p = Permanent {
        tapped: tapped || def.enters_tapped,
        loyalty: i16::from(def.loyalty.unwrap_or(0)),
        ..Permanent::entering(c.uid, Body::Card(c.id), c.owner, controller, s.turn)
    };
    s.players[controller].field.push(p);
    fire_on(s, c.uid, Trigger::Enters);
    if def_kind(s, c) == CardType::Pillar {
        fire_for(s, controller, Trigger::PillarEnters, None);
    }
    if let Some(other) = namesake {
        super::choice::ask(s, super::state::Choice::Uniqueness { seat: controller, pair: [other, c.uid] });
    }
}

fn def_kind(s: &State, c: Card) -> CardType {
    s.def(c.id).kind
}

fn def_kind_is_spell(s: &State, c: Card) -> bool {
    def_kind(s, c).is_spell()
}

/// Where a permanent goes when it leaves the Livingfield.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leave {
    /// Its owner's Hollow.
    Hollow,
    /// Exile.
    Exile,
    /// Its owner's hand.
    Hand,
}

/// Removes a permanent from the Livingfield; a card goes to `to`, a token ceases to exist.
pub fn leave(s: &mut State, uid: Uid, to: Leave) {
    let Some(seat) = s.players.iter().find(|(_, p)| p.field.iter().any(|x| x.uid == uid)).map(|(s, _)| s)
    else {
        return;
    };
    let field = &mut s.players[seat].field;
    let i = field.iter().position(|x| x.uid == uid).expect("found above");
    let p = field.remove(i);
    if to == Leave::Hollow {
        fire_dies(s, &p);
    }
    for (_, pl) in s.players.iter_mut() {
        for x in &mut pl.field {
            x.blocked_by.retain(|b| *b != uid);
            if x.blocking == Some(uid) {
                x.blocking = None;
            }
            if x.equipped_to == Some(uid) {
                x.equipped_to = None;
            }
        }
    }
    if let Body::Card(id) = p.body {
        let c = Card { uid: p.uid, id, owner: p.owner };
        let owner = &mut s.players[p.owner];
        match to {
            Leave::Hollow => owner.hollow.push(c),
            Leave::Exile => owner.exile.push(c),
            Leave::Hand => {
                owner.hand.push(c);
                owner.revealed.push(c.uid);
            }
        }
    }
}

fn tap_pillar(s: &mut State, seat: Seat, uid: Uid) {
    let colour = s.permanent(uid).and_then(|p| pillar_produces(s, p));
    if let (Some(p), Some(c)) = (s.permanent_mut(uid), colour) {
        p.tapped = true;
        s.players[seat].pool.pillars[c as usize] += 1;
    }
}

/// The untapped Pillars of `seat` producing `c`.
fn untapped_pillars(s: &State, seat: Seat, c: Pillar) -> Vec<Uid> {
    s.players[seat]
        .field
        .iter()
        .filter(|p| !p.tapped && s.kind_of(p) == CardType::Pillar && pillar_produces(s, p) == Some(c))
        .map(|p| p.uid)
        .collect()
}

/// Pays `cost` plus `extra` generic: coloured pips from the pool, then by
/// tapping Pillars of that colour; generic from colourless resources, then
/// the pool's coloured surplus, then by tapping Pillars one at a time from
/// the colour the rest of the payer's hand needs least ([`spare_colour`]).
/// The caller checked that it can be paid.
pub fn pay(s: &mut State, seat: Seat, cost: &Cost, extra: u8) {
    for c in Pillar::ALL {
        let mut need = cost.pips_of(c);
        let from_pool = need.min(s.players[seat].pool.of(c));
        s.players[seat].pool.pillars[c as usize] -= from_pool;
        need -= from_pool;
        for uid in untapped_pillars(s, seat, c).into_iter().take(need as usize) {
            tap_pillar(s, seat, uid);
            s.players[seat].pool.pillars[c as usize] -= 1;
        }
    }
    let mut need = cost.generic + extra;
    let pool = &mut s.players[seat].pool;
    let g = need.min(pool.generic);
    pool.generic -= g;
    need -= g;
    for c in Pillar::ALL {
        let x = need.min(pool.pillars[c as usize]);
        pool.pillars[c as usize] -= x;
        need -= x;
    }
    let wanted = hand_needs(s, seat);
    while need > 0 {
        let Some(c) = spare_colour(s, seat, &wanted) else { break };
        let Some(uid) = untapped_pillars(s, seat, c).first().copied() else { break };
        tap_pillar(s, seat, uid);
        s.players[seat].pool.pillars[c as usize] -= 1;
        need -= 1;
    }
}

/// For each pillar, the most coloured pips of it that one card left in
/// `seat`'s hand costs (Pillars cost nothing). The payment is the payer's
/// own choice, so it may read the payer's own hand.
fn hand_needs(s: &State, seat: Seat) -> [u8; 5] {
    let mut out = [0u8; 5];
    for card in &s.players[seat].hand {
        let Some(cost) = s.def(card.id).cost else { continue };
        for c in Pillar::ALL {
            out[c as usize] = out[c as usize].max(cost.pips_of(c));
        }
    }
    out
}

/// The colour whose next Pillar pays one generic resource: the one with
/// most untapped Pillars beyond what the rest of the hand needs of it
/// (`wanted`), then most untapped, then the first in pillar order. So
/// Pillars a card still in hand needs are kept while others can pay.
fn spare_colour(s: &State, seat: Seat, wanted: &[u8; 5]) -> Option<Pillar> {
    Pillar::ALL
        .into_iter()
        .map(|c| (c, untapped_pillars(s, seat, c).len() as i32))
        .filter(|(_, n)| *n > 0)
        .max_by_key(|(c, n)| (*n - i32::from(wanted[*c as usize]), *n, std::cmp::Reverse(*c as usize)))
        .map(|(c, _)| c)
}

/// Passing priority: after both players pass in a row, the top of the
/// Stack resolves, or (empty Stack) the game moves to the next step.
fn pass(s: &mut State, ev: &mut Vec<Event>) {
    s.passes += 1;
    if s.passes < 2 {
        s.priority = s.opponent(s.priority);
        return;
    }
    s.passes = 0;
    if s.stack.is_empty() && s.step == Step::Combat && s.combat == CombatStage::Declared {
        combat::after_attackers_window(s);
    } else if s.stack.is_empty() && s.step == Step::Combat && s.combat == CombatStage::Blocked {
        combat::after_blockers_window(s, ev);
    } else if s.stack.is_empty() && s.step == Step::Combat && s.combat == CombatStage::Blazestruck {
        combat::regular_damage(s, ev);
    } else if s.stack.is_empty() {
        next_step(s, ev);
    } else {
        resolve_top(s, ev);
        s.priority = s.active;
    }
}

/// Gives priority to the active player for the current step.
pub fn open_priority(s: &mut State) {
    s.prompt = Prompt::Priority;
    s.priority = s.active;
    s.passes = 0;
}

fn empty_pools(s: &mut State) {
    for (_, p) in s.players.iter_mut() {
        p.pool = Pool::default();
    }
}

fn next_step(s: &mut State, ev: &mut Vec<Event>) {
    match s.step.next() {
        Some(step) => begin_step(s, step, ev),
        None => end_turn(s, ev),
    }
}

/// Starts `step`: its turn-based actions, then its first decision.
pub fn begin_step(s: &mut State, step: Step, ev: &mut Vec<Event>) {
    empty_pools(s);
    if s.step == Step::Combat && step != Step::Combat {
        combat::clear(s);
    }
    s.step = step;
    let active = s.active;
    match step {
        Step::Untap => {
            for p in &mut s.players[active].field {
                p.tapped = false;
            }
            begin_step(s, Step::Upkeep, ev);
        }
        Step::Draw => {
            if !(s.turn == 1 && active == s.first) {
                draw(s, active, 1);
                ev.push(Event::public(format!("{} draws a card", s.players[active].name)));
            }
            open_priority(s);
        }
        Step::Combat => {
            s.combat = CombatStage::Attackers;
            if combat::eligible_attackers(s).is_empty() {
                s.combat = CombatStage::Done;
                open_priority(s);
            } else {
                s.prompt = Prompt::DeclareAttackers;
            }
        }
        Step::End => {
            fire_for(s, active, Trigger::EndStep, None);
            if s.players[active].hand.len() > HAND_SIZE {
                s.prompt = Prompt::Discard;
            } else {
                open_priority(s);
            }
        }
        Step::Upkeep => {
            fire_for(s, active, Trigger::Upkeep, None);
            open_priority(s);
        }
        Step::Main1 | Step::Main2 => open_priority(s),
    }
}

/// After the End step: "until end of turn" ends, damage is cleared, and
/// the turn passes (or the same player takes an extra turn).
fn end_turn(s: &mut State, ev: &mut Vec<Event>) {
    for (_, p) in s.players.iter_mut() {
        p.pillar_played = false;
        for x in &mut p.field {
            x.damage = 0;
            x.pump_power = 0;
            x.pump_vitality = 0;
            x.pump_keywords.clear();
            x.loyalty_used = false;
        }
    }
    let active = s.active;
    if s.players[active].extra_turns > 0 {
        s.players[active].extra_turns -= 1;
    } else {
        s.active = s.opponent(active);
    }
    s.turn += 1;
    ev.push(Event::public(format!("Turn {}: {}", s.turn, s.players[s.active].name)));
    begin_step(s, Step::Untap, ev);
}

/// State-based checks after every action: creatures with lethal damage or
/// no vitality and Ascendants without loyalty go to the Hollow; a player
/// at 0 Vitality (or who drew from an empty Archive) loses; both at once
/// is a draw.
pub fn check_state(s: &mut State, ev: &mut Vec<Event>) {
    loop {
        let dying: Vec<Uid> = s
            .permanents()
            .filter(|p| match s.kind_of(p) {
                CardType::Creature => {
                    let v = s.vitality(p);
                    v <= 0 || (i32::from(p.damage) >= v && !s.has(p, Keyword::Enduring))
                }
                CardType::Ascendant => p.loyalty <= 0,
                _ => false,
            })
            .map(|p| p.uid)
            .collect();
        if dying.is_empty() {
            break;
        }
        for uid in dying {
            if let Some(p) = s.permanent(uid) {
                ev.push(Event::public(format!("{} goes to the Hollow", s.name_of(p))));
            }
            leave(s, uid, Leave::Hollow);
        }
    }
    if s.outcome.is_some() {
        return;
    }
    let losers: Vec<Seat> = s.players.seats().filter(|seat| s.has_lost(*seat)).collect();
    s.outcome = match losers.as_slice() {
        [] => None,
        [one] => {
            let winner = s.opponent(*one);
            let p = &s.players[*one];
            let why = if p.drew_from_empty {
                format!("{} had to draw from an empty Archive", p.name)
            } else if p.lost_by_effect {
                format!("{} won by an Ultimate", s.players[winner].name)
            } else {
                format!("{} fell to 0 Vitality", p.name)
            };
            Some(Outcome { winners: vec![winner], reason: why })
        }
        _ => Some(Outcome {
            winners: Vec::new(),
            reason: "both players lost at the same moment: a draw".into(),
        }),
    };
    if let Some(o) = &s.outcome {
        ev.push(Event::public(o.reason.clone()));
    }
}

/// `seat` concedes: the opponent wins at once.
pub fn concede(s: &mut State, seat: Seat) -> Vec<Event> {
    if s.outcome.is_some() {
        return Vec::new();
    }
    let winner = s.opponent(seat);
    let reason = format!("{} conceded", s.players[seat].name);
    s.outcome = Some(Outcome { winners: vec![winner], reason: reason.clone() });
    vec![Event::public(reason)]
}
