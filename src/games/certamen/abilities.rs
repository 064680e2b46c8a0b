//! Abilities of permanents: triggers fire into a queue and go on the Stack
//! before the next priority (their controller choosing targets when there
//! is a choice); activated, Surge, loyalty and Ultimate abilities are
//! actions.

use super::action::Action;
use super::state::{
    AbilityRef, Body, Choice, Permanent, Prompt, StackItem, StackSource, State, TargetRef, Uid,
};
use super::target::{aegis_surcharge, target_choices, Aim};
use crate::cards::certamen::{Ability, Cost, Keyword, Trigger};
use crate::engine::Seat;

fn triggers_of(s: &State, p: &Permanent, when: Trigger) -> Vec<AbilityRef> {
    let Body::Card(id) = p.body else { return Vec::new() };
    s.def(id)
        .abilities
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, Ability::Triggered { when: w, .. } if *w == when))
        .map(|(i, _)| AbilityRef { controller: p.controller, source: p.uid, id, ability: i })
        .collect()
}

/// Queues the `when` triggers of one permanent.
pub fn fire_on(s: &mut State, uid: Uid, when: Trigger) {
    if let Some(p) = s.permanent(uid) {
        let t = triggers_of(s, p, when);
        s.pending.extend(t);
    }
}

/// Queues the `when` triggers of every permanent `seat` controls
/// (`except` one of them, for "another creature").
pub fn fire_for(s: &mut State, seat: Seat, when: Trigger, except: Option<Uid>) {
    let t: Vec<AbilityRef> = s.players[seat]
        .field
        .iter()
        .filter(|p| Some(p.uid) != except)
        .flat_map(|p| triggers_of(s, p, when))
        .collect();
    s.pending.extend(t);
}

/// Queues what fires as a permanent leaves the Livingfield for the Hollow:
/// its own "dies" and its controller's "another creature dies".
pub fn fire_dies(s: &mut State, p: &Permanent) {
    if !s.is_creature(p) {
        return;
    }
    s.pending.extend(triggers_of(s, p, Trigger::Dies));
    fire_for(s, p.controller, Trigger::AllyDies, Some(p.uid));
}

fn push_ability(s: &mut State, a: AbilityRef, targets: Vec<TargetRef>) {
    let uid = s.fresh_uid();
    s.stack.push(StackItem { uid, controller: a.controller, source: StackSource::Ability(a), targets });
    s.priority = s.active;
    s.passes = 0;
}

/// Puts waiting triggers on the Stack when priority is about to be given:
/// the active player's first, then the other player's (so the other
/// player's resolve first). When one player has several triggers waiting
/// that are not all the same ability of the same card, that player
/// chooses which goes on next.
pub fn stack_triggers(s: &mut State) {
    while s.outcome.is_none()
        && s.prompt == Prompt::Priority
        && s.choosing.is_none()
        && s.choices.is_empty()
        && !s.pending.is_empty()
    {
        let seat =
            if s.pending.iter().any(|a| a.controller == s.active) { s.active } else { s.opponent(s.active) };
        let first =
            s.pending.iter().position(|a| a.controller == seat).expect("a trigger of this seat waits");
        let a = s.pending[first];
        let alike =
            s.pending.iter().filter(|p| p.controller == seat).all(|p| (p.id, p.ability) == (a.id, a.ability));
        if !alike {
            super::choice::ask(s, Choice::TriggerOrder { seat });
            return;
        }
        s.pending.remove(first);
        place_trigger(s, a);
    }
}

/// The targets trigger `a` may take: every combination whose Aegis
/// surcharge its controller can pay, and, when each of them costs an
/// Aegis payment, none at all (not paying: the targeting fails).
fn trigger_targets(s: &State, a: &AbilityRef) -> Vec<Vec<TargetRef>> {
    let effects = super::state::ability_effects(s, a);
    let mut out: Vec<Vec<TargetRef>> =
        target_choices(s, a.controller, &effects, Some(a.source), Aim::Trigger)
            .into_iter()
            .filter(|t| {
                super::legal::can_pay(s, a.controller, &Cost::default(), aegis_surcharge(s, a.controller, t))
            })
            .collect();
    let targeted = effects.iter().any(|e| e.targets().iter().any(|t| t.is_targeted()));
    if targeted && !out.is_empty() && out.iter().all(|t| aegis_surcharge(s, a.controller, t) > 0) {
        out.push(Vec::new());
    }
    out
}

/// Puts one trigger on the Stack: with no legal target it is dropped,
/// with a single choice that costs nothing it goes on at once; otherwise
/// (several choices, or an Aegis payment to make or not) its controller
/// chooses the targets.
pub fn place_trigger(s: &mut State, a: AbilityRef) {
    let mut choices = trigger_targets(s, &a);
    match choices.len() {
        0 => {}
        1 if aegis_surcharge(s, a.controller, &choices[0]) == 0 => push_ability(s, a, choices.remove(0)),
        _ => {
            s.choosing = Some(a);
            s.prompt = Prompt::AbilityTargets;
        }
    }
}

/// The target choices of the trigger being put on the Stack.
pub fn trigger_choices(s: &State) -> Vec<Action> {
    let Some(a) = s.choosing else { return Vec::new() };
    trigger_targets(s, &a).into_iter().map(|targets| Action::ChooseTargets { targets }).collect()
}

/// The chosen targets: the trigger goes on the Stack, its controller
/// paying 2 for each opposing Aegis creature it targets. Choosing none
/// (declining to pay) lets the targeting fail: the trigger is dropped.
pub fn choose_targets(s: &mut State, targets: &[TargetRef]) {
    if let Some(a) = s.choosing.take() {
        s.prompt = Prompt::Priority;
        if targets.is_empty() {
            return;
        }
        let extra = aegis_surcharge(s, a.controller, targets);
        if extra > 0 {
            super::turn::pay(s, a.controller, &Cost::default(), extra);
        }
        push_ability(s, a, targets.to_vec());
    }
}

/// Whether a creature may tap for an ability now (summoning sickness).
fn may_tap(s: &State, p: &Permanent) -> bool {
    let sick_creature = s.is_creature(p) && s.is_sick(p);
    !(p.tapped || sick_creature)
}

/// The abilities `seat` may activate now, with every target choice.
pub fn activations(s: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    let sorcery = seat == s.active && s.step.is_main() && s.stack.is_empty();
    for p in &s.players[seat].field {
        let Body::Card(id) = p.body else { continue };
        for (i, ab) in s.def(id).abilities.iter().enumerate() {
            let (cost, ok) = match ab {
                Ability::Activated { cost, tap, .. } => (cost.unwrap_or_default(), !tap || may_tap(s, p)),
                Ability::Surge { .. } => {
                    (Cost::default(), seat == s.active && s.step.is_main() && may_tap(s, p))
                }
                Ability::Loyalty { change, .. } => {
                    let fresh = p.entered_turn == s.turn && !s.has(p, Keyword::Swiftfang);
                    let can_pay = *change >= 0 || (p.loyalty + i16::from(*change) >= 0 && !fresh);
                    (Cost::default(), sorcery && !p.loyalty_used && can_pay)
                }
                Ability::Ultimate { cost, .. } => {
                    (Cost::default(), sorcery && !p.loyalty_used && p.loyalty >= i16::from(*cost))
                }
                Ability::Triggered { .. } | Ability::Static { .. } => continue,
            };
            if !ok {
                continue;
            }
            for targets in target_choices(s, seat, ab.effects(), Some(p.uid), Aim::Cast) {
                if super::legal::can_pay(s, seat, &cost, aegis_surcharge(s, seat, &targets)) {
                    out.push(Action::Activate { permanent: p.uid, ability: i, targets });
                }
            }
        }
    }
    out
}

/// Pays an ability's cost (resources, tap, loyalty, sacrifice) and puts it on the Stack.
pub fn activate(s: &mut State, seat: Seat, uid: Uid, ability: usize, targets: &[TargetRef]) {
    let Some(Body::Card(id)) = s.permanent(uid).map(|p| p.body.clone()) else { return };
    let ab = s.def(id).abilities[ability].clone();
    let extra = aegis_surcharge(s, seat, targets);
    let mut sacrifice = false;
    match &ab {
        Ability::Activated { cost, tap, sacrifice: sac, .. } => {
            super::turn::pay(s, seat, &cost.unwrap_or_default(), extra);
            if *tap {
                if let Some(p) = s.permanent_mut(uid) {
                    p.tapped = true;
                }
            }
            sacrifice = *sac;
        }
        Ability::Surge { .. } => {
            super::turn::pay(s, seat, &Cost::default(), extra);
            if let Some(p) = s.permanent_mut(uid) {
                p.tapped = true;
            }
        }
        Ability::Loyalty { change, .. } => {
            super::turn::pay(s, seat, &Cost::default(), extra);
            if let Some(p) = s.permanent_mut(uid) {
                p.loyalty += i16::from(*change);
                p.loyalty_used = true;
            }
        }
        Ability::Ultimate { cost, .. } => {
            super::turn::pay(s, seat, &Cost::default(), extra);
            if let Some(p) = s.permanent_mut(uid) {
                p.loyalty -= i16::from(*cost);
                p.loyalty_used = true;
            }
        }
        Ability::Triggered { .. } | Ability::Static { .. } => return,
    }
    let a = AbilityRef { controller: seat, source: uid, id, ability };
    let stack_uid = s.fresh_uid();
    s.stack.push(StackItem {
        uid: stack_uid,
        controller: seat,
        source: StackSource::Ability(a),
        targets: targets.to_vec(),
    });
    if sacrifice {
        super::turn::leave(s, uid, super::turn::Leave::Hollow);
    }
    s.priority = seat;
    s.passes = 0;
}
