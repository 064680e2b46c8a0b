//! Applying actions, and everything that follows on its own: the stack
//! and priority (4.1), state-based checks (4.2), triggered abilities, the
//! phases of a turn (9.x) and combat (9.3).

use super::action::{Action, ItemMode};
use super::effects::exhaust as exhaust_perm;
use super::effects::{self, draw, enter, exhaust, leave, queue, Dest};
use super::legal::{legal_actions, next_target_options};
use super::state::{
    Card, Choice, Def, Fetch, Fight, Happened, Origin, Phase, Place, Prompt, StackItem, State, TargetRef, Uid,
};
use super::values::{self, acquisition_cost, dfv, ofv, pay};
use crate::cards::athernum::{Ability, Cost, Duration, ExtraRule, Trigger};
use crate::engine::{Event, Illegal, Outcome, Seat};

/// Checks and applies one action, then runs the game on to the next decision.
pub fn apply(s: &mut State, seat: Seat, a: &Action) -> Result<Vec<Event>, Illegal> {
    if s.outcome.is_some() {
        return Err(Illegal::new("the game is over"));
    }
    if !legal_actions(s, seat).contains(a) {
        return Err(Illegal::new(format!("that is not something {} can do now", s.players[seat].name)));
    }
    let mut ev = Vec::new();
    act(s, seat, a, &mut ev);
    advance(s, &mut ev);
    Ok(ev)
}

fn name(s: &State, seat: Seat) -> String {
    s.players[seat].name.clone()
}

fn hand_card(s: &mut State, seat: Seat, uid: Uid) -> Option<Card> {
    let p = &mut s.players[seat];
    let i = p.hand.iter().position(|c| c.uid == uid)?;
    p.revealed.retain(|u| *u != uid);
    Some(p.hand.remove(i))
}

/// Effects were added to the stack by `seat`: the next player gets
/// priority, `seat` counting as having passed.
fn added_by(s: &mut State, seat: Seat) {
    s.priority = s.next_seat(seat);
    s.passes = 1;
    s.round_open = true;
}

fn act(s: &mut State, seat: Seat, a: &Action, ev: &mut Vec<Event>) {
    // The active player's own response while their plan is fought: they
    // take the combat back in hand, and the plan stops. Another player's
    // response leaves it standing (see the rulings, "9.3 Attacks declared
    // as a plan"): the active player is asked about it as at any stop.
    if seat == s.active
        && s.plan.as_ref().is_some_and(|p| p.committed)
        && !matches!(a, Action::Pass | Action::Defend { .. })
    {
        stop_plan(s, "they responded", ev);
    }
    match a {
        Action::ChooseMain { card } => {
            s.players[seat].chosen = Some(*card);
            ev.push(Event::public(format!("{} has chosen a main character.", name(s, seat))));
            let chosen =
                s.players[seat].deck.iter().find(|c| c.uid == *card).map(|c| s.db.card(c.id).name.clone());
            ev.push(Event::private(
                seat,
                format!(
                    "You chose {}: it stays secret until every player has chosen.",
                    chosen.as_deref().unwrap_or("your main character")
                ),
            ));
            if s.players.values().all(|p| p.chosen.is_some()) {
                super::setup::reveal(s, ev);
            }
        }
        Action::Pass => pass(s, seat, ev),
        Action::Acquisition if s.players[seat].deck.is_empty() => {
            // 4.2.4b: drawing from an empty deck loses the game, so one
            // click does not do it: the player is asked first.
            s.choices.push(Choice::EmptyDeckDraw { seat });
        }
        Action::DrawFromEmptyDeck => {
            s.choices.retain(|c| !matches!(c, Choice::EmptyDeckDraw { .. }));
            command_ability(s, seat, &Action::Acquisition, ev);
        }
        Action::Cancel => {
            s.choices.retain(|c| !matches!(c, Choice::EmptyDeckDraw { .. }));
        }
        Action::Acquisition | Action::Solvency | Action::Contingency { .. } => {
            command_ability(s, seat, a, ev)
        }
        Action::PlayCharacter { card } => {
            let Some(c) = hand_card(s, seat, *card) else { return };
            let db = s.db.arc();
            let d = db.card(c.id);
            pay(s, seat, &acquisition_cost(d));
            ev.push(Event::public(format!("{} plays {}.", name(s, seat), d.name)));
            enter(s, c.uid, Def::Card(c.id), false, seat, seat, Place::Character, false);
            added_by(s, seat);
        }
        Action::PlayLocation { card } => {
            let Some(c) = hand_card(s, seat, *card) else { return };
            s.players[seat].location_played = true;
            ev.push(Event::public(format!("{} plays the location {}.", name(s, seat), s.db.card(c.id).name)));
            enter(s, c.uid, Def::Card(c.id), false, seat, seat, Place::Location, false);
            s.happened.push(Happened::LocationPlayed(seat));
            added_by(s, seat);
        }
        Action::PlayItem { card, mode } => {
            let Some(c) = hand_card(s, seat, *card) else { return };
            let item = s.db.card(c.id).name.clone();
            match *mode {
                ItemMode::Direct => {
                    ev.push(Event::public(format!("{} plays {item} directly.", name(s, seat))));
                    let d = s.db.card(c.id);
                    let statics: Vec<u8> = d
                        .abilities
                        .iter()
                        .enumerate()
                        .filter(|(_, a)| matches!(a, Ability::Static { .. }))
                        .map(|(i, _)| i as u8)
                        .collect();
                    for index in statics {
                        queue(s, seat, c.uid, Origin::Ability { def: Def::Card(c.id), index });
                    }
                    s.players[seat].discard.push(c);
                }
                ItemMode::Attach { host, face_down } => {
                    let host_name = s.perm(host).map(|h| s.def_name(h.def)).unwrap_or_default();
                    if face_down {
                        ev.push(Event::public(format!(
                            "{} attaches a face-down item to {host_name}.",
                            name(s, seat)
                        )));
                        ev.push(Event::private(seat, format!("Face down: {item}.")));
                    } else {
                        ev.push(Event::public(format!("{} attaches {item} to {host_name}.", name(s, seat))));
                    }
                    enter(s, c.uid, Def::Card(c.id), false, seat, seat, Place::Item { host }, face_down);
                }
            }
            added_by(s, seat);
        }
        Action::Reveal { attachment } => {
            let host = match s.perm(*attachment).map(|p| p.place) {
                Some(Place::Item { host }) => host,
                _ => return,
            };
            effects::turn_face_up(s, *attachment);
            let n = s.perm(*attachment).map(|p| s.def_name(p.def)).unwrap_or_default();
            ev.push(Event::public(format!("{} turns {n} face up.", name(s, seat))));
            s.happened.push(Happened::AttachmentRevealed { host });
            added_by(s, seat);
        }
        Action::DiscardAttachment { attachment } => {
            leave(s, *attachment, Dest::Discard, ev);
        }
        Action::Activate { source, ability } => activate(s, seat, *source, *ability, ev),
        Action::Support { card } => {
            let Some(c) = hand_card(s, seat, *card) else { return };
            let db = s.db.arc();
            let d = db.card(c.id);
            let Some((index, fee)) = d.abilities.iter().enumerate().find_map(|(i, a)| match a {
                Ability::Support { fee, .. } => Some((i as u8, *fee)),
                _ => None,
            }) else {
                return;
            };
            pay(s, seat, &fee);
            ev.push(Event::public(format!(
                "{} reveals {} and uses its support ability.",
                name(s, seat),
                d.name
            )));
            s.players[seat].discard.push(c);
            s.happened.push(Happened::SupportUsed(seat));
            queue(s, seat, c.uid, Origin::Ability { def: Def::Card(c.id), index });
            added_by(s, seat);
        }
        Action::Ascend { card } => {
            let p = &mut s.players[seat];
            let Some(i) = p.extra.iter().position(|c| c.uid == *card) else { return };
            let c = p.extra.remove(i);
            p.ascended.push(c.id);
            ev.push(Event::public(format!("{} ascends from the Extra Deck.", s.db.card(c.id).name)));
            enter(s, c.uid, Def::Card(c.id), false, seat, seat, Place::Character, false);
            added_by(s, seat);
        }
        Action::EnterCombat => {
            s.combat_done = true;
            set_phase(s, Phase::Combat);
            ev.push(Event::public(format!("{} enters the combat phase.", name(s, seat))));
        }
        Action::Attack { attacker, target } => {
            if s.phase == Phase::Day {
                // 9.2.11: entering the combat phase and declaring ahead its
                // first attack are one click.
                s.combat_done = true;
                set_phase(s, Phase::Combat);
                ev.push(Event::public(format!("{} enters the combat phase.", name(s, seat))));
            }
            let last = super::legal::completes_plan(s, seat, *attacker);
            let plan = s.plan.get_or_insert_with(Default::default);
            plan.attacks.push((*attacker, *target));
            let n = plan.attacks.len();
            let a = s.perm(*attacker).map(|p| s.def_name(p.def)).unwrap_or_default();
            let t = s.perm(*target).map(|p| shown_name(s, p)).unwrap_or_default();
            ev.push(Event::public(format!("{} plans attack {n}: {a} → {t}.", name(s, seat))));
            if last {
                // Every attacker is in the plan: nothing is left to add,
                // so it is fought now and the combat phase stays open.
                commit(s, false);
                ev.push(Event::public(format!("{} fights the planned attacks.", name(s, seat))));
            }
        }
        Action::Fight => {
            commit(s, false);
            ev.push(Event::public(format!("{} fights the planned attacks.", name(s, seat))));
        }
        Action::Defend { defender } => {
            if let Some(f) = s.fight.as_mut() {
                f.defender = *defender;
            }
            defender_named(s);
            match defender {
                Some(d) => {
                    let n = s.perm(*d).map(|p| s.def_name(p.def)).unwrap_or_default();
                    ev.push(Event::public(format!("{n} steps in to defend.")));
                    s.happened.push(Happened::Defends(*d));
                }
                None => ev.push(Event::public(format!("{} declares no defender.", name(s, seat)))),
            }
        }
        Action::Target { target } => {
            if let Some(item) = s.pending.first_mut() {
                item.targets.push(Some(*target));
            }
        }
        Action::DiscardCard { card } => {
            if let Some(c) = hand_card(s, seat, *card) {
                ev.push(Event::public(format!("{} discards {}.", name(s, seat), s.db.card(c.id).name)));
                s.players[seat].discard.push(c);
            }
            if let Some(Choice::Discard { left, .. }) = s.choices.first_mut() {
                *left -= 1;
                if *left == 0 || s.players[seat].hand.is_empty() {
                    s.choices.remove(0);
                }
            }
        }
        Action::Take { card } => {
            let Some(Choice::Fetch { from, board, .. }) = s.choices.first().cloned() else { return };
            s.choices.remove(0);
            let p = &mut s.players[seat];
            let zone = match from {
                Fetch::Deck => &mut p.deck,
                Fetch::Extra => &mut p.extra,
                Fetch::Discard => &mut p.discard,
            };
            let Some(i) = zone.iter().position(|c| c.uid == *card) else { return };
            let c = zone.remove(i);
            if from == Fetch::Deck {
                let mut deck = std::mem::take(&mut s.players[seat].deck);
                s.rng.shuffle(&mut deck);
                s.players[seat].deck = deck;
            }
            effects::put_card(s, seat, c, board, ev);
        }
        Action::TakeNothing => {
            if let Some(Choice::Fetch { from: Fetch::Deck, .. }) = s.choices.first() {
                let mut deck = std::mem::take(&mut s.players[seat].deck);
                s.rng.shuffle(&mut deck);
                s.players[seat].deck = deck;
            }
            s.choices.remove(0);
            ev.push(Event::public(format!("{} takes nothing.", name(s, seat))));
        }
        Action::StackNext { trigger } => {
            let Some(Choice::TriggerOrder { left, .. }) = s.choices.first().cloned() else { return };
            let (Some(slot), Some(from)) = (
                s.pending.iter().position(|i| left.contains(&i.uid)),
                s.pending.iter().position(|i| i.uid == *trigger),
            ) else {
                return;
            };
            let item = s.pending.remove(from);
            let label = super::view::origin_label(s, &item);
            s.pending.insert(slot, item);
            let left: Vec<Uid> = left.into_iter().filter(|u| u != trigger).collect();
            ev.push(Event::public(format!("{} puts {label} on the stack next.", name(s, seat))));
            if super::legal::distinct_triggers(s, &left).len() < 2 {
                s.choices.remove(0);
            } else if let Some(Choice::TriggerOrder { left: l, .. }) = s.choices.first_mut() {
                *l = left;
            }
        }
        Action::Pay | Action::DeclineToPay => {
            let Some(Choice::Ransom { effect, amount, .. }) = s.choices.first().cloned() else { return };
            s.choices.remove(0);
            if *a == Action::Pay {
                pay(s, seat, &Cost { generic: amount, pips: [0; 4] });
                ev.push(Event::public(format!("{} pays {amount} to keep the effect.", name(s, seat))));
            } else {
                effects::neutralize(s, effect, ev);
            }
        }
    }
}

/// A global command ability provided by the day phase (9.2.2–9.2.4): a
/// command token spent, the ability on the stack with the main character
/// as its source.
fn command_ability(s: &mut State, seat: Seat, a: &Action, ev: &mut Vec<Event>) {
    s.players[seat].command -= 1;
    let origin = match a {
        Action::Acquisition => Origin::Acquisition,
        Action::Solvency => {
            s.players[seat].solvency_used = true;
            Origin::Solvency
        }
        Action::Contingency { on } => {
            s.players[seat].contingency_used = true;
            Origin::Contingency { on: *on }
        }
        _ => unreachable!("only the command abilities come here"),
    };
    let main = s.board.iter().find(|p| p.controller == seat && p.main).map_or(0, |p| p.uid);
    let uid = s.fresh_uid();
    s.stack.push(StackItem { uid, controller: seat, source: main, origin, targets: Vec::new() });
    ev.push(Event::public(format!(
        "{} activates {}.",
        name(s, seat),
        super::view::origin_label(s, &s.stack[s.stack.len() - 1])
    )));
    added_by(s, seat);
}

/// The name of a permanent as the public sees it.
pub fn shown_name(s: &State, p: &super::state::Perm) -> String {
    if p.face_down && !p.exhausted {
        format!("a face-down {}", values::supertype(s, p).name().to_lowercase())
    } else {
        s.def_name(p.def)
    }
}

fn activate(s: &mut State, seat: Seat, source: Uid, index: u8, ev: &mut Vec<Event>) {
    let Some(p) = s.perm(source) else { return };
    let Some(a) = s.def(p.def).and_then(|d| d.abilities.get(usize::from(index))).cloned() else { return };
    let def = p.def;
    let (cost, exhaust_this, command) = match &a {
        Ability::Activated { cost, exhaust, .. } => (*cost, *exhaust, false),
        Ability::Command { cost, exhaust, .. } => (*cost, *exhaust, true),
        Ability::Objective { cost, exhaust, .. } => (*cost, *exhaust, false),
        Ability::Equip { cost, exhaust: linked, .. } => {
            if *linked {
                if let Some(Place::Item { host }) = s.perm(source).map(|p| p.place) {
                    exhaust_perm(s, host);
                }
            }
            (*cost, false, false)
        }
        _ => return,
    };
    if let Some(c) = cost {
        pay(s, seat, &c);
    }
    if command {
        s.players[seat].command -= 1;
    }
    if exhaust_this {
        exhaust(s, source);
    }
    if let Some(p) = s.perm_mut(source) {
        p.used.push(index);
    }
    let label = super::view::ability_name(&a);
    ev.push(Event::public(format!("{} activates {label} of {}.", name(s, seat), s.def_name(def))));
    queue(s, seat, source, Origin::Ability { def, index });
    added_by(s, seat);
}

fn pass(s: &mut State, seat: Seat, ev: &mut Vec<Event>) {
    let alive = s.alive().len() as u8;
    if super::legal::main_window(s) {
        match s.phase {
            Phase::Day => {
                s.closing = true;
                s.round_open = false;
                ev.push(Event::public(format!("{} ends the day.", name(s, seat))));
            }
            _ => {
                if s.plan.is_some() {
                    // Declining with a plan made fights it, then ends the
                    // combat phase (the decline of every decision left in
                    // the turn goes through the plan first).
                    commit(s, true);
                    ev.push(Event::public(format!(
                        "{} fights the planned attacks, then ends the combat phase.",
                        name(s, seat)
                    )));
                    return;
                }
                ev.push(Event::public(format!("{} ends the combat phase.", name(s, seat))));
                set_phase(s, Phase::Day);
            }
        }
        return;
    }
    s.passes += 1;
    if s.passes < alive {
        s.priority = s.next_seat(seat);
        return;
    }
    s.round_open = false;
    if !s.stack.is_empty() {
        s.resolving = true;
    } else if s.closing {
        s.closing = false;
        set_phase(s, Phase::Evening);
    } else if let Some(f) = s.fight.as_mut() {
        f.responded = true;
    }
}

/// Declares `attacker` attacking `target` (9.3.5, 9.3.6): the combat begins.
fn declare(s: &mut State, attacker: Uid, target: Uid, planned: bool, ev: &mut Vec<Event>) {
    s.fight = Some(Fight { attacker, target, defender: None, defended: false, responded: false, planned });
    let a = s.perm(attacker).map(|p| s.def_name(p.def)).unwrap_or_default();
    let t = s.perm(target).map(|p| shown_name(s, p)).unwrap_or_default();
    ev.push(Event::public(format!("{a} attacks {t}.")));
    // The attacker's "attacks" and the target's "targeted" abilities wait
    // for the defender to be named: the stack opens only then (9.3.7,
    // 9.3.8; see `defender_named`).
}

/// The target's controller has named a defender, or none (9.3.7): the
/// attacker's "attacks" and the target's "targeted" abilities trigger
/// now, together, onto the fight's stack (9.3.8).
fn defender_named(s: &mut State) {
    if let Some(f) = s.fight.as_mut() {
        f.defended = true;
        let (attacker, target) = (f.attacker, f.target);
        s.happened.push(Happened::Attacks(attacker));
        s.happened.push(Happened::Targeted(target));
    }
}

/// The plan is fought from now on (`end_after`: then the combat phase
/// ends).
fn commit(s: &mut State, end_after: bool) {
    if let Some(p) = s.plan.as_mut() {
        p.committed = true;
        p.end_after = end_after;
    }
}

/// The plan being fought stops (`why`): the attacks left are called off,
/// and the combat under way is no longer a planned one, so the active
/// player is asked in its window as in any other. Nothing happens when no
/// plan is being fought.
fn stop_plan(s: &mut State, why: &str, ev: &mut Vec<Event>) {
    if !s.plan.as_ref().is_some_and(|p| p.committed) {
        return;
    }
    let left = s.plan.take().map_or(0, |p| p.attacks.len());
    if let Some(f) = s.fight.as_mut() {
        f.planned = false;
    }
    let who = name(s, s.active);
    ev.push(Event::public(match left {
        0 => format!("{who}'s plan stops: {why}."),
        1 => format!("{who}'s plan stops: {why}; 1 planned attack is called off."),
        n => format!("{who}'s plan stops: {why}; {n} planned attacks are called off."),
    }));
}

/// The next attack of the plan being fought, when no combat is under way:
/// true when something happened (a combat began, the plan ended).
fn next_planned(s: &mut State, ev: &mut Vec<Event>) -> bool {
    let Some(plan) = s.plan.as_mut().filter(|p| p.committed) else { return false };
    if plan.attacks.is_empty() {
        let end = plan.end_after;
        s.plan = None;
        if end {
            ev.push(Event::public(format!("{} ends the combat phase.", name(s, s.active))));
            set_phase(s, Phase::Day);
            return true;
        }
        return false;
    }
    let (attacker, target) = plan.attacks.remove(0);
    let seat = s.active;
    if super::legal::attackers(s, seat).contains(&attacker)
        && super::legal::attack_targets(s, seat).contains(&target)
    {
        declare(s, attacker, target, true, ev);
        return true;
    }
    let a =
        s.perm(attacker).map_or_else(|| "an attacker that left the board".to_owned(), |p| s.def_name(p.def));
    stop_plan(s, &format!("{a} can no longer make its planned attack"), ev);
    false
}

/// Moves to phase `p`: every resource pool empties (5.0.4a), and the
/// phase's "at the …" abilities trigger.
pub fn set_phase(s: &mut State, p: Phase) {
    for seat in s.players.seats().collect::<Vec<_>>() {
        s.players[seat].pool = [0; 5];
    }
    // 9.3.2: coming back from combat continues the Day Phase; it does not
    // begin again, so "At the Day Phase" abilities do not trigger twice.
    let back_from_combat = p == Phase::Day && s.phase == Phase::Combat;
    s.phase = p;
    s.round_open = false;
    if !back_from_combat {
        s.happened.push(Happened::PhaseBegan(s.active, p));
    }
}

/// Runs the game on from a settled action until a player must decide.
pub fn advance(s: &mut State, ev: &mut Vec<Event>) {
    for _ in 0..10_000 {
        if s.outcome.is_some() {
            return;
        }
        if s.phase == Phase::Setup {
            s.prompt = Prompt::ChooseMain;
            return;
        }
        if !s.choices.is_empty() {
            stop_plan(s, "a choice is needed", ev);
            s.prompt = Prompt::Choice;
            return;
        }
        if s.resolving {
            resolve(s, ev);
            continue;
        }
        if let Some(item) = s.pending.first() {
            // Choose the targets of the next ability going on the stack.
            let effects = super::state::origin_effects(s, item.origin);
            if item.targets.len() < effects.len() {
                let targeted = effects[item.targets.len()].targets().first().is_some_and(|t| t.is_targeted());
                if targeted {
                    let options = next_target_options(s);
                    match options.len() {
                        0 => s.pending[0].targets.push(None),
                        1 => s.pending[0].targets.push(Some(options[0])),
                        _ => {
                            // The active player's own target takes the combat
                            // back in hand; another player's response leaves
                            // the plan standing.
                            if s.pending[0].controller == s.active {
                                stop_plan(s, "a target is to be chosen", ev);
                            }
                            s.prompt = Prompt::TriggerTarget;
                            return;
                        }
                    }
                } else {
                    s.pending[0].targets.push(None);
                }
                continue;
            }
            let item = s.pending.remove(0);
            let c = item.controller;
            s.stack.push(item);
            added_by(s, c);
            continue;
        }
        if !s.stack.is_empty() {
            if matches!(s.phase, Phase::Morning | Phase::Evening | Phase::Night) {
                // Only these effects resolve; nobody is asked (9.1.4a, 9.4.1a, 9.5.3).
                s.resolving = true;
                continue;
            }
            s.prompt = Prompt::Priority;
            return;
        }
        // The stack is closed: a state-based check (4.1.9, 4.2).
        if state_based_check(s, ev) {
            continue;
        }
        if s.outcome.is_some() {
            return;
        }
        match s.phase {
            Phase::Setup => unreachable!("handled above"),
            Phase::Morning => set_phase(s, Phase::Day),
            Phase::Day => {
                if s.closing && !s.round_open {
                    s.priority = s.next_seat(s.active);
                    s.passes = 1;
                    s.round_open = true;
                    if s.alive().len() < 2 {
                        s.closing = false;
                        set_phase(s, Phase::Evening);
                        continue;
                    }
                } else if !s.closing {
                    s.priority = s.active;
                    s.passes = 0;
                }
                s.prompt = Prompt::Priority;
                return;
            }
            Phase::Combat => match s.fight {
                None if s.plan.as_ref().is_some_and(|p| p.committed) => {
                    if !next_planned(s, ev) {
                        s.priority = s.active;
                        s.passes = 0;
                        s.prompt = Prompt::Priority;
                        return;
                    }
                }
                None => {
                    s.priority = s.active;
                    s.passes = 0;
                    s.prompt = Prompt::Priority;
                    return;
                }
                Some(f) if !f.defended => {
                    let Some(t) = s.perm(f.target) else {
                        end_fight(s, ev);
                        continue;
                    };
                    let owner = t.controller;
                    if super::legal::legal_actions_for_defender(s, owner) {
                        s.prompt = Prompt::Defender;
                        return;
                    }
                    defender_named(s);
                }
                Some(f) if !f.responded => {
                    if !s.round_open {
                        s.priority = s.active;
                        s.passes = 0;
                        s.round_open = true;
                    }
                    s.prompt = Prompt::Priority;
                    return;
                }
                Some(_) => end_fight(s, ev),
            },
            Phase::Evening => set_phase(s, Phase::Night),
            Phase::Night => {
                end_of_turn(s);
                let next = s.next_seat(s.active);
                start_turn(s, next, ev);
            }
        }
    }
    // A loop of triggers that never settles: the game cannot go on.
    s.outcome =
        Some(Outcome { winners: Vec::new(), reason: "the game went into an endless loop: a draw".into() });
}

/// Resolves the whole stack from the top (4.1.7), pausing on a choice.
fn resolve(s: &mut State, ev: &mut Vec<Event>) {
    if let Some((item, from)) = s.paused.take() {
        if let Some(next) = effects::run(s, &item, from, ev) {
            s.paused = Some((item, next));
            return;
        }
    }
    while let Some(item) = s.stack.pop() {
        let label = super::view::origin_label(s, &item);
        // A label already ends a sentence ("…" when cut, or its own stop).
        let stop = if label.ends_with(['…', '.']) { "" } else { "." };
        ev.push(Event::public(format!("Resolves: {label}{stop}")));
        if let Some(next) = effects::run(s, &item, 0, ev) {
            s.paused = Some((item, next));
            return;
        }
        if s.outcome.is_some() {
            return;
        }
    }
    s.resolving = false;
    s.round_open = false;
}

/// Damage, the check, then exhaustion of both fighters (9.3.9–9.3.12),
/// told in one line for the fight ([`fight_line`]).
fn end_fight(s: &mut State, ev: &mut Vec<Event>) {
    let Some(f) = s.fight.take() else { return };
    let attacker = s.perm(f.attacker).cloned();
    let receiver = f.defender.unwrap_or(f.target);
    let rec = s.perm(receiver).cloned();
    // A fighter gone before damage: the attack has no effect at all, and a
    // defender is not hit in place of a target that left (9.3.9a.I).
    let fighter_gone = s.perm(f.target).is_none() || f.defender.is_some_and(|d| s.perm(d).is_none());
    let mut dealt_back = None;
    if let (Some(a), Some(r), false) = (&attacker, &rec, fighter_gone) {
        let dealt = ofv(s, a).unwrap_or(0);
        let back = ofv(s, r).unwrap_or(0);
        let mut hits = Vec::new();
        effects::damage(s, r.uid, dealt, &mut hits);
        effects::damage(s, a.uid, back, &mut hits);
        // The fight's line says the damage; only a prevention is said apart.
        ev.extend(hits.into_iter().filter(|e| e.text.contains("prevented")));
        dealt_back = Some((dealt, back));
        if dealt > 0 {
            s.happened.push(Happened::DealtCombatDamage(a.uid));
        }
        if back > 0 {
            s.happened.push(Happened::DealtCombatDamage(r.uid));
        }
        if let Some(p) = s.perm_mut(a.uid) {
            p.fought.push(r.uid);
        }
        if let Some(p) = s.perm_mut(r.uid) {
            p.fought.push(a.uid);
        }
    } else if attacker.is_some() {
        ev.push(Event::public("The attack has no effect: its target is gone."));
    }
    // 9.3.10: the check after damage runs while both fighters are still
    // face up, so what it discards, and what combat damage triggered, is
    // seen by them (4.2.3d) before 9.3.11 and 9.3.12 exhaust them.
    state_based_check(s, ev);
    if s.outcome.is_none() {
        exhaust(s, f.attacker);
        if let Some(d) = f.defender {
            exhaust(s, d);
        }
    }
    if let Some(a) = &attacker {
        let r = rec.as_ref().filter(|_| dealt_back.is_some());
        ev.extend(fight_line(s, a, r, dealt_back.unwrap_or_default()).into_iter().map(Event::public));
    }
}

/// A fight told in one line of at most 80 characters: who fought whom,
/// the damage each dealt, and how each fighter came out of it ("Alice's
/// Knight (2) fights Bob's Warden (3): Knight exhausted ×2, Warden ×1").
/// When the names make that too long, the fight and how the fighters came
/// out of it are two lines. `r` is the permanent that took the attacker's
/// damage (the defender, or the target), `None` when the attack had no
/// effect.
fn fight_line(
    s: &State,
    a: &super::state::Perm,
    r: Option<&super::state::Perm>,
    (dealt, back): (u8, u8),
) -> Vec<String> {
    use super::view::short_name;
    let owner = |p: &super::state::Perm| s.players[p.controller].name.clone();
    // After the fight: discarded, exhausted with its counters, or neither.
    let after = |p: &super::state::Perm| -> Option<(bool, String)> {
        match s.perm(p.uid) {
            None => Some((false, "discarded".to_owned())),
            Some(now) if now.exhausted && now.exhaustion > 0 => Some((true, format!("×{}", now.exhaustion))),
            Some(now) if now.exhausted => Some((true, String::new())),
            Some(_) => None,
        }
    };
    let line = |short: bool| -> (String, String) {
        let name = |p: &super::state::Perm| {
            let shown = shown_name(s, p);
            // "Bob's face-down character", not "Bob's a face-down …".
            let n = shown.strip_prefix("a ").unwrap_or(&shown).to_owned();
            if short {
                short_name(&n).to_owned()
            } else {
                n
            }
        };
        let (an, mut said_exhausted) = (name(a), false);
        let mut tail = Vec::new();
        for (n, p) in std::iter::once((an.clone(), a)).chain(r.map(|r| (name(r), r))) {
            match after(p) {
                Some((true, count)) => {
                    let word = if said_exhausted { "" } else { " exhausted" };
                    said_exhausted = true;
                    let count = if count.is_empty() { String::new() } else { format!(" {count}") };
                    tail.push(format!("{n}{word}{count}"));
                }
                Some((false, what)) => tail.push(format!("{n} {what}")),
                None => {}
            }
        }
        let head = match r {
            Some(r) => format!("{}'s {an} ({dealt}) fights {}'s {} ({back})", owner(a), owner(r), name(r)),
            None => format!("{}'s {an} attacks to no effect", owner(a)),
        };
        (head, tail.join(", "))
    };
    let fits = |l: &str| l.chars().count() <= 80;
    let cut = |l: String| if fits(&l) { l } else { l.chars().take(79).collect::<String>() + "…" };
    for short in [false, true] {
        let (head, tail) = line(short);
        if tail.is_empty() && fits(&head) {
            return vec![head];
        }
        if fits(&format!("{head}: {tail}")) {
            return vec![format!("{head}: {tail}")];
        }
    }
    let (head, tail) = line(true);
    if tail.is_empty() {
        return vec![cut(head)];
    }
    let mut tail = tail;
    if let Some(first) = tail.get(..1) {
        tail = first.to_uppercase() + &tail[1..];
    }
    vec![cut(head + "."), cut(tail + ".")]
}

/// 4.2.2a: face-up permanents with damage at least their DFV are
/// discarded (a DFV of 0 with no damage counter included: zero counters
/// are "equal to" it); a main character is exhausted and healed instead
/// (3.0.7e), and stays so while face down (the check reads face-up
/// permanents only), so the loop ends.
fn discard_destroyed(s: &mut State, ev: &mut Vec<Event>) {
    loop {
        // Everything destroyed at once goes at once: each saw the others
        // go (4.2.3d.II, a "defeats" of two fighters that fell together).
        let hits: Vec<(Uid, bool)> = s
            .board
            .iter()
            .filter(|p| !p.face_down && dfv(s, p).is_some_and(|d| p.damage >= d))
            .map(|p| (p.uid, p.main))
            .collect();
        if hits.is_empty() {
            break;
        }
        let from = s.gone.len();
        for (uid, main) in hits {
            if main {
                exhaust(s, uid);
                if let Some(p) = s.perm_mut(uid) {
                    p.damage = 0;
                }
                let Some((n, controller)) = s.perm(uid).map(|p| (s.def_name(p.def), p.controller)) else {
                    continue;
                };
                s.happened.push(Happened::Overwhelmed { uid, controller });
                ev.push(Event::public(format!("{n} is overwhelmed: exhausted, its damage removed.")));
            } else {
                leave(s, uid, Dest::Discard, ev);
            }
        }
        let heard = s.happened.len();
        for g in &mut s.gone[from..] {
            g.heard = heard;
        }
    }
}

/// The state-based check (4.2.1–4.2.4). Returns true when it changed
/// something that needs the game loop to look again (abilities
/// triggered, permanents discarded).
fn state_based_check(s: &mut State, ev: &mut Vec<Event>) -> bool {
    let before = (s.board.len(), s.pending.len(), s.victory_pool);
    // 4.2.1: changes whose duration is over end.
    let board = &s.board;
    s.continuous.retain(|c| match c.until {
        Duration::Turn => true,
        Duration::Source => board.iter().any(|p| p.uid == c.source && !p.face_down),
        Duration::Lasting => match &c.scope {
            super::state::Scope::Perms(u) => u.iter().any(|u| board.iter().any(|p| p.uid == *u)),
            _ => true,
        },
    });
    // Custom markers with a threshold exhaust (10.5.4).
    let thresholds: Vec<(usize, u8)> =
        s.db.markers.iter().enumerate().filter_map(|(i, m)| m.exhaust_at.map(|n| (i, n))).collect();
    for (m, n) in thresholds {
        let hit: Vec<Uid> = s
            .board
            .iter()
            .filter(|p| p.markers.iter().any(|(k, c)| usize::from(*k) == m && *c >= n))
            .map(|p| p.uid)
            .collect();
        for u in hit {
            exhaust(s, u);
            if let Some(p) = s.perm_mut(u) {
                p.markers.retain(|(k, _)| usize::from(*k) != m);
            }
        }
    }
    // 4.2.2a
    discard_destroyed(s, ev);
    // 4.2.2b: semi-uniqueness: the most recent copy goes.
    loop {
        let mut dup = None;
        for p in &s.board {
            let Some(d) = s.def(p.def) else { continue };
            if d.victory.is_none() {
                continue;
            }
            if let Some(q) = s.board.iter().find(|q| {
                q.uid != p.uid
                    && q.controller == p.controller
                    && s.def(q.def).is_some_and(|x| x.name == d.name)
                    && !q.main
                    && (q.seq > p.seq || p.main)
            }) {
                dup = Some(q.uid);
                break;
            }
        }
        let Some(u) = dup else { break };
        leave(s, u, Dest::Discard, ev);
    }
    // 4.2.2c: one location each; the most recent stays (a main character stays).
    for seat in s.players.seats().collect::<Vec<_>>() {
        let mut locs: Vec<(bool, u32, Uid)> = s
            .board
            .iter()
            .filter(|p| p.controller == seat && p.place == Place::Location)
            .map(|p| (p.main, p.seq, p.uid))
            .collect();
        locs.sort();
        locs.pop();
        for (_, _, u) in locs {
            leave(s, u, Dest::Discard, ev);
        }
    }
    // 4.2.2g: Victory Token Fields that entered add to the pool.
    for i in 0..s.board.len() {
        if s.board[i].counted {
            continue;
        }
        s.board[i].counted = true;
        let field = s.def(s.board[i].def).and_then(|d| d.victory);
        if let Some(v) = field {
            if !s.board[i].main {
                s.victory_pool += u32::from(v);
                ev.push(Event::public(format!("The Victory Token pool grows by {v}.")));
            }
        }
    }
    // 4.2.2h: objectives met.
    let mut winners: Vec<Seat> = Vec::new();
    for p in &s.board {
        let Some(d) = s.def(p.def) else { continue };
        if !p.face_down
            && d.has_objective()
            && d.victory.is_some_and(|v| p.victory >= v && v > 0)
            && !winners.contains(&p.controller)
        {
            winners.push(p.controller);
        }
    }
    if !winners.is_empty() {
        let names: Vec<String> = winners.iter().map(|w| name(s, *w)).collect();
        s.outcome =
            Some(Outcome { winners, reason: format!("{} fulfilled an objective", names.join(" and ")) });
        return false;
    }
    // 4.2.3c: a majority of all Victory Tokens.
    let total = s.victory_total();
    if let Some(w) = s.alive().into_iter().find(|p| s.victory_of(*p) * 2 > total && total > 0) {
        s.outcome = Some(Outcome {
            winners: vec![w],
            reason: format!("{} holds most of the Victory Tokens", name(s, w)),
        });
        return false;
    }
    // 4.2.4b: drawing from an empty deck loses.
    for seat in s.alive() {
        if s.players[seat].drew_from_empty {
            eliminate(s, seat, "drew from an empty deck", ev);
        }
    }
    // 4.2.4a: the last player standing wins.
    let alive = s.alive();
    if alive.len() <= 1 {
        let reason = match alive.first() {
            Some(w) => format!("{} is the last player standing", name(s, *w)),
            None => "every player lost at once: a draw".to_owned(),
        };
        s.outcome = Some(Outcome { winners: alive, reason });
        return false;
    }
    // 4.2.3d: abilities triggered by what happened.
    collect_triggers(s);
    (s.board.len(), s.pending.len(), s.victory_pool) != before
}

/// `seat` leaves the game: its permanents go with it.
pub fn eliminate(s: &mut State, seat: Seat, why: &str, ev: &mut Vec<Event>) {
    if s.players[seat].out {
        return;
    }
    s.players[seat].out = true;
    ev.push(Event::public(format!("{} {why} and is out of the game.", name(s, seat))));
    let mine: Vec<Uid> = s.board.iter().filter(|p| p.controller == seat).map(|p| p.uid).collect();
    for u in mine {
        if let Some(p) = s.perm_mut(u) {
            p.main = false;
            let lost = p.victory;
            p.victory = 0;
            // Tokens on a player who left are lost (10.1.6).
            let _ = lost;
        }
        leave(s, u, Dest::Discard, ev);
    }
    s.stack.retain(|i| i.controller != seat);
    s.pending.retain(|i| i.controller != seat);
    s.choices.retain(|c| c.seat() != seat);
}

/// Whether ability trigger `when` fires for permanent `p` on event `h`.
fn fires(s: &State, when: Trigger, p: &super::state::Perm, h: &Happened) -> bool {
    let host = match p.place {
        Place::Item { host } => Some(host),
        _ => None,
    };
    match (when, *h) {
        (Trigger::Enters, Happened::Entered { uid, .. }) => uid == p.uid,
        (Trigger::Attacks, Happened::Attacks(u)) => u == p.uid,
        (Trigger::Targeted, Happened::Targeted(u)) => u == p.uid,
        (Trigger::Defends, Happened::Defends(u)) => u == p.uid,
        (Trigger::DealsCombatDamage, Happened::DealtCombatDamage(u)) => u == p.uid,
        (
            Trigger::Defeats,
            Happened::Left { uid, discarded: true, .. } | Happened::Overwhelmed { uid, .. },
        ) => p.fought.contains(&uid),
        (Trigger::AllyEnters, Happened::Entered { uid, controller, character: true, .. }) => {
            uid != p.uid && controller == p.controller
        }
        (
            Trigger::AllyDiscarded,
            Happened::Left { uid, controller, character: true, discarded: true, .. },
        ) => uid != p.uid && controller == p.controller,
        (Trigger::EnemyDiscarded, Happened::Left { controller, character: true, discarded: true, .. }) => {
            controller != p.controller
        }
        (
            Trigger::EnemyDefeated,
            Happened::Left { controller, character: true, discarded: true, .. }
            | Happened::Overwhelmed { controller, .. },
        ) => controller != p.controller,
        (Trigger::LocationPlayed, Happened::LocationPlayed(seat)) => seat == p.controller,
        (Trigger::SupportUsed, Happened::SupportUsed(seat)) => seat == p.controller,
        (Trigger::AttachmentRevealed, Happened::AttachmentRevealed { host }) => host == p.uid,
        (Trigger::Morning, Happened::PhaseBegan(seat, Phase::Morning))
        | (Trigger::Day, Happened::PhaseBegan(seat, Phase::Day))
        | (Trigger::Evening, Happened::PhaseBegan(seat, Phase::Evening))
        | (Trigger::Night, Happened::PhaseBegan(seat, Phase::Night)) => seat == p.controller,
        (Trigger::LinkedAttacks, Happened::Attacks(u)) => host == Some(u),
        (Trigger::LinkedDefends, Happened::Defends(u)) => host == Some(u),
        _ => {
            let _ = s;
            false
        }
    }
}

/// Turns what happened since the last check into triggered abilities,
/// the active player's first; a player with several that differ chooses
/// their order (9.2.1, [`Choice::TriggerOrder`]).
fn collect_triggers(s: &mut State) {
    let happened = std::mem::take(&mut s.happened);
    let gone = std::mem::take(&mut s.gone);
    if happened.is_empty() {
        return;
    }
    let mut found: Vec<(Seat, Uid, Origin)> = Vec::new();
    // What is on the board hears everything that happened; what left hears
    // what happened while it was still there, as it last was (4.2.3d.II).
    let there = s.board.iter().map(|p| (p, happened.len()));
    let left = gone.iter().map(|g| (&g.perm, g.heard.min(happened.len())));
    for (p, heard) in there.chain(left) {
        if p.face_down || p.blank {
            continue;
        }
        let Some(d) = s.def(p.def) else { continue };
        let attached = matches!(p.place, Place::Item { .. });
        for (i, a) in d.abilities.iter().enumerate() {
            let (when, condition) = match a {
                Ability::Triggered { when, condition, .. } if !attached => (*when, condition.as_ref()),
                Ability::Objective { when: Some(w), condition, .. } if !attached => (*w, condition.as_ref()),
                Ability::Equip { when: Some(w), .. } if attached => (*w, None),
                _ => continue,
            };
            for h in &happened[..heard] {
                if fires(s, when, p, h) && condition.is_none_or(|c| values::holds(s, c, p.controller, p.uid))
                {
                    found.push((p.controller, p.uid, Origin::Ability { def: p.def, index: i as u8 }));
                }
            }
        }
    }
    // Leaves: the last known state of what left (4.2.3d.III).
    for h in &happened {
        if let Happened::Left { uid, controller, def, face_up: true, .. } = *h {
            if let Some(d) = s.def(def) {
                for (i, a) in d.abilities.iter().enumerate() {
                    if matches!(a, Ability::Triggered { when: Trigger::Leaves, .. }) {
                        found.push((controller, uid, Origin::Ability { def, index: i as u8 }));
                    }
                }
            }
        }
    }
    let order = s.in_order_from(s.active);
    for seat in order {
        let first = s.pending.len();
        for (c, source, origin) in found.iter().filter(|f| f.0 == seat) {
            queue(s, *c, *source, *origin);
        }
        // Their controller orders them (9.2.1), unless they are all alike.
        let left: Vec<Uid> = s.pending[first..].iter().map(|i| i.uid).collect();
        if super::legal::distinct_triggers(s, &left).len() > 1 {
            s.choices.push(Choice::TriggerOrder { seat, left });
        }
    }
}

/// The end of a turn: "until end of turn" changes and prevention end,
/// per-turn counts reset.
fn end_of_turn(s: &mut State) {
    s.continuous.retain(|c| c.until != Duration::Turn);
    for p in &mut s.board {
        p.prevent = 0;
        p.used.clear();
        p.fought.clear();
    }
    s.closing = false;
    s.fight = None;
    s.plan = None;
}

/// Begins `seat`'s turn with the morning phase (9.1.1–9.1.3).
pub fn start_turn(s: &mut State, seat: Seat, ev: &mut Vec<Event>) {
    if super::series::turn_begins(s, ev) {
        return;
    }
    s.turn += 1;
    s.active = seat;
    s.combat_done = false;
    let p = &mut s.players[seat];
    p.turns += 1;
    p.solvency_used = false;
    p.contingency_used = false;
    p.location_played = false;
    p.ascended.clear();
    ev.push(Event::public(format!("Turn {}: {}'s morning.", s.turn, p.name)));
    let mine: Vec<Uid> =
        s.board.iter().filter(|p| p.controller == seat && p.exhausted).map(|p| p.uid).collect();
    for u in mine {
        let up = {
            let p = s.perm_mut(u).expect("on the board");
            p.exhaustion = p.exhaustion.saturating_sub(1);
            p.exhaustion == 0
        };
        if up {
            effects::turn_face_up(s, u);
        }
    }
    let limit = values::command_limit(s, seat);
    let p = &mut s.players[seat];
    p.command = p.command.max(limit);
    set_phase(s, Phase::Morning);
}

/// `seat` concedes.
pub fn concede(s: &mut State, seat: Seat) -> Vec<Event> {
    let mut ev = Vec::new();
    if s.outcome.is_some() || s.players[seat].out {
        return ev;
    }
    let was_active = s.active == seat;
    eliminate(s, seat, "concedes", &mut ev);
    let alive = s.alive();
    if alive.len() == 1 {
        s.outcome = Some(Outcome { winners: alive.clone(), reason: format!("{} conceded", name(s, seat)) });
        return ev;
    }
    if s.phase == Phase::Setup {
        return ev;
    }
    if was_active {
        s.stack.clear();
        s.pending.clear();
        s.choices.clear();
        s.paused = None;
        s.resolving = false;
        end_of_turn(s);
        let next = s.next_seat(seat);
        start_turn(s, next, &mut ev);
    } else if s.priority == seat {
        s.priority = s.next_seat(seat);
    }
    advance(s, &mut ev);
    ev
}

/// Draws the starting hands (8.0.5).
pub fn deal(s: &mut State, ev: &mut Vec<Event>) {
    for seat in s.players.seats().collect::<Vec<_>>() {
        draw(s, seat, super::state::STARTING_HAND, ev);
    }
}

/// An Extra Rule that lets a card ascend.
pub fn ascends(rule: &Option<ExtraRule>) -> bool {
    matches!(rule, Some(ExtraRule::Ascend { .. }))
}

/// Whether `t` names a player (for labels).
pub fn names_player(t: &TargetRef) -> bool {
    matches!(t, TargetRef::Player(_))
}
