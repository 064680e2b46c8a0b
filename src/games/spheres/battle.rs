//! Step 5: attacks, blocks, battles between creatures, sieges of the
//! fortress, and the defender's retaliation.

use super::abilities::{extra_sieges, fire, has_static, strength};
use super::action::{Action, Prompt, SiegeTarget};
use super::effects;
use super::legal::{blockers, citadel_pile, planned_attack, siege_options, team_battlefield};
use super::state::{is_sphere, spheres_of, Attack, AttackPhase, Planned, State, Uid};
use super::turn::finish_game;
use super::zones::{self, public_label, take};
use crate::cards::spheres::{Static, Trigger, Zone};
use crate::engine::{Event, Seat};

fn label(s: &State, uid: Uid) -> String {
    public_label(s, uid, Some(Zone::Battlefield))
}

/// An attack's creatures by position (the attacker's in `seat`'s
/// [`team_battlefield`]), as cards, and its aim in words ("Bob's
/// fortress", "Bob's Stone Golem").
fn aimed(s: &State, seat: Seat, attacker: u8, lord: Seat, creature: Option<u8>) -> (Uid, Option<Uid>, String) {
    let (owner, i) = team_battlefield(s, seat)[attacker as usize];
    let att = s.lords[owner].battlefield[i].uid;
    let target = creature.map(|j| s.lords[lord].battlefield[j as usize].uid);
    let aim = match target {
        Some(t) => format!("{}'s {}", s.name(lord), label(s, t)),
        None => format!("{}'s fortress", s.name(lord)),
    };
    (att, target, aim)
}

/// 5a: the attacker engages and its attack triggers fire.
pub fn declare(
    s: &mut State,
    seat: Seat,
    attacker: u8,
    lord: Seat,
    creature: Option<u8>,
    ev: &mut Vec<Event>,
) {
    let (att, target, aim) = aimed(s, seat, attacker, lord, creature);
    s.creature_mut(att).expect("the attacker is on the battlefield").engaged = true;
    ev.push(Event::public(format!("{} attacks {aim} with {}", s.name(seat), label(s, att))));
    s.attack = Some(Attack {
        seat,
        attacker: att,
        defender: lord,
        target,
        blocker: None,
        phase: AttackPhase::Declared,
        energized: false,
        sieges_left: 0,
        sieged: false,
    });
    fire(s, Trigger::Attack, att);
}

/// 5a ahead: the active lord declares an attack to be fought later, in
/// the order declared (see `Step::Battle` in `turn`).
pub fn plan(s: &mut State, seat: Seat, attacker: u8, lord: Seat, creature: Option<u8>, ev: &mut Vec<Event>) {
    let (att, target, aim) = aimed(s, seat, attacker, lord, creature);
    s.turn.plan.push(Planned { attacker: att, lord, target });
    ev.push(Event::public(format!(
        "{} plans attack {}: {} → {aim}",
        s.name(seat),
        s.turn.plan.len(),
        label(s, att)
    )));
}

/// Declares the next planned attack, or calls it off when its creature
/// can no longer attack or its target is gone.
pub fn next_planned(s: &mut State, ev: &mut Vec<Event>) {
    let p = s.turn.plan.remove(0);
    let seat = s.turn.active;
    match planned_attack(s, &p) {
        Some(Action::Attack { attacker, lord, creature }) => declare(s, seat, attacker, lord, creature, ev),
        _ => {
            let who = if s.creature(p.attacker).is_some() {
                label(s, p.attacker)
            } else {
                "a creature that left the battlefield".to_string()
            };
            ev.push(Event::public(format!("The planned attack of {who} is called off: it can no longer be made")));
        }
    }
}

/// 5b: the defender's answer (`None`: no block).
pub fn block(s: &mut State, blocker: Option<usize>, ev: &mut Vec<Event>) {
    s.prompt = None;
    let a = s.attack.as_mut().expect("blocking needs an attack");
    a.phase = AttackPhase::Battle;
    let defender = a.defender;
    match blocker {
        Some(k) => {
            // In Citadel a creature of either teammate defends the citadel.
            let (lord, i) = team_battlefield(s, defender)[k];
            let uid = s.lords[lord].battlefield[i].uid;
            s.lords[lord].battlefield[i].engaged = true;
            s.attack.as_mut().expect("attack").blocker = Some(uid);
            ev.push(Event::public(format!("{} blocks with {}", s.name(defender), label(s, uid))));
            fire(s, Trigger::Block, uid);
        }
        None => ev.push(Event::public(format!("{} does not block", s.name(defender)))),
    }
}

/// Moves the attack on by one automatic piece (triggers resolve between pieces).
pub fn advance_attack(s: &mut State, ev: &mut Vec<Event>) -> bool {
    let a = s.attack.clone().expect("an attack is in progress");
    let set_phase = |s: &mut State, p: AttackPhase| s.attack.as_mut().expect("attack").phase = p;
    match a.phase {
        AttackPhase::Declared => {
            let gone = s.creature(a.attacker).is_none() || a.target.is_some_and(|t| s.creature(t).is_none());
            if gone {
                ev.push(Event::public("The attack ends: a creature in it has left the battlefield"));
                set_phase(s, AttackPhase::Aftermath);
            } else if blockers(s).is_empty() {
                set_phase(s, AttackPhase::Battle);
            } else {
                set_phase(s, AttackPhase::Block);
                s.prompt = Some(Prompt::Block { defender: a.defender });
            }
        }
        AttackPhase::Block => {
            s.prompt = Some(Prompt::Block { defender: a.defender });
        }
        AttackPhase::Battle => {
            let opponent = a.blocker.or(a.target);
            if s.creature(a.attacker).is_none() || opponent.is_some_and(|d| s.creature(d).is_none()) {
                ev.push(Event::public("The attack ends: a creature in it has left the battlefield"));
                set_phase(s, AttackPhase::Aftermath);
            } else if let Some(d) = opponent {
                fight(s, a.attacker, d, ev);
                set_phase(s, AttackPhase::Aftermath);
            } else {
                let n = 1 + extra_sieges(s, a.attacker);
                let at = s.attack.as_mut().expect("attack");
                at.sieges_left = n;
                at.phase = AttackPhase::Siege;
            }
        }
        AttackPhase::Siege => {
            if a.sieges_left == 0 || (a.sieged && s.creature(a.attacker).is_none()) {
                set_phase(s, AttackPhase::Aftermath);
                return true;
            }
            // 5c2: with no tower left to destroy, the siege wins, whatever
            // active spells stand (an extra destruction of the same siege
            // never does; see the rulings).
            // In Citadel the towers of both teammates are one fortress.
            let towerless = s.citadel(a.defender).iter().all(|l| s.lords[*l].towers.is_empty());
            if towerless && !a.sieged {
                defeat(s, a.defender, a.seat, ev);
                return true;
            }
            let options = siege_options(s);
            match options.len() {
                0 => set_phase(s, AttackPhase::Aftermath),
                1 => siege(s, options[0], ev),
                _ => s.prompt = Some(Prompt::Siege { attacker: a.seat }),
            }
        }
        // 5d: one card per window; once it has resolved, the attack is over.
        AttackPhase::Retaliation => s.attack = None,
        AttackPhase::Aftermath => {
            // Whether the hand holds an affordable spell is the defender's
            // secret: the window opens on public facts alone (energy arrived,
            // cards in hand), and the table may pass it for them (`legal::stop`).
            if a.energized && !s.lords[a.defender].hand.is_empty() {
                set_phase(s, AttackPhase::Retaliation);
                s.prompt = Some(Prompt::Retaliate { seat: a.defender });
            } else {
                s.attack = None;
            }
        }
    }
    true
}

/// 5c1: two creatures fight; the weaker goes to its owner's groove, a tie
/// destroys both (a resolute creature wins ties).
fn fight(s: &mut State, att: Uid, def: Uid, ev: &mut Vec<Event>) {
    let (sa, sd) = (strength(s, att), strength(s, def));
    let ra = has_static(s, att, |st| *st == Static::Resolute);
    let rd = has_static(s, def, |st| *st == Static::Resolute);
    let (att_dies, def_dies) = if sa != sd {
        (sa < sd, sa > sd)
    } else {
        match (ra, rd) {
            (true, false) => (false, true),
            (false, true) => (true, false),
            (true, true) => (false, false),
            (false, false) => (true, true),
        }
    };
    ev.push(Event::public(format!("Battle: {} ({sa}) against {} ({sd})", label(s, att), label(s, def))));
    if def_dies {
        zones::destroy_creature(s, def, ev);
    }
    if att_dies {
        zones::destroy_creature(s, att, ev);
    }
    if !att_dies && !def_dies {
        ev.push(Event::public("Both stand their ground"));
    }
    if def_dies && !att_dies {
        fire(s, Trigger::WinBattle, att);
    }
    if att_dies && !def_dies {
        fire(s, Trigger::WinBattle, def);
    }
}

/// 5c2: the siege destroys a tower (plus one more card energized from the
/// deck) or an active spell of the defender's fortress.
pub fn siege(s: &mut State, target: SiegeTarget, ev: &mut Vec<Event>) {
    let a = s.attack.clone().expect("a siege needs an attack");
    match target {
        SiegeTarget::Tower(i) => {
            let (lord, i) = citadel_pile(s, a.defender, Zone::Towers, i as usize).expect("an offered tower");
            let uid = s.lords[lord].towers[i];
            ev.push(Event::public(format!(
                "{} breaks one of {}'s {}",
                label(s, a.attacker),
                s.name(lord),
                s.towers_word()
            )));
            zones::destroy_tower(s, uid, ev);
        }
        SiegeTarget::Spell(i) => {
            let (lord, i) = citadel_pile(s, a.defender, Zone::Spells, i as usize).expect("an offered spell");
            let uid = s.lords[lord].spells[i];
            ev.push(Event::public(format!(
                "{} destroys {}'s {}",
                label(s, a.attacker),
                s.name(lord),
                s.def(uid).spell.name
            )));
            take(s, uid);
            zones::to_groove(s, uid);
        }
    }
    let at = s.attack.as_mut().expect("attack");
    at.sieges_left = at.sieges_left.saturating_sub(1);
    at.sieged = true;
    fire(s, Trigger::Siege, a.attacker);
}

/// A lord is destroyed: out of the game; the destroyer fortifies a tower
/// from its deck; the last lord (or team) standing wins.
///
/// In Citadel the whole citadel falls: both teammates are out.
fn defeat(s: &mut State, loser: Seat, winner: Seat, ev: &mut Vec<Event>) {
    let fallen = s.citadel(loser);
    let names: Vec<String> = fallen.iter().map(|l| s.name(*l).to_string()).collect();
    let whose = if fallen.len() > 1 {
        format!("The citadel of {}", names.join(" and "))
    } else {
        format!("{}'s fortress", names[0])
    };
    for l in fallen {
        if let Some(winners) = super::turn::eliminate(s, l) {
            let names: Vec<&str> = winners.iter().map(|w| s.name(*w)).collect();
            let verb = if winners.len() == 1 { "wins" } else { "win" };
            let reason = format!("{whose} falls: {} {verb}", names.join(" and "));
            finish_game(s, winners, reason, ev);
            return;
        }
    }
    // The game goes on among the others: nobody has won yet.
    let verb = if names.len() > 1 { "are" } else { "is" };
    ev.push(Event::public(format!(
        "{whose} falls to {}: {} {verb} out of the game",
        s.name(winner),
        names.join(" and ")
    )));
    if let Some(uid) = s.lords[winner].deck.pop() {
        s.lords[winner].towers.push(uid);
        ev.push(Event::public(format!("{} fortifies a new {}", s.name(winner), s.tower_word())));
    }
    s.attack = None;
}

/// 5d: the defender casts a spell from hand, paying its cost in groove
/// energy (one of the spell's sphere); the paid energy goes to the trash.
pub fn retaliate(s: &mut State, seat: Seat, card: usize, ev: &mut Vec<Event>) {
    let uid = s.lords[seat].hand[card];
    let def = s.def(uid);
    let paid = pay_energy(s, seat, uid);
    ev.push(Event::public(format!(
        "{} retaliates with {}, paying {} energy",
        s.name(seat),
        def.spell.name,
        paid.len()
    )));
    for e in paid {
        take(s, e);
        s.lords[seat].trash.push(e);
    }
    take(s, uid);
    effects::cast_spell(s, uid, ev);
}

/// First draft, 5d: a groove trigger summons the creature of a hand card,
/// its cost paid with groove energy from the top; it can block the rest of
/// the attacker's turn.
pub fn groove_summon(s: &mut State, seat: Seat, card: usize, ev: &mut Vec<Event>) {
    let uid = s.lords[seat].hand[card];
    let cost = s.def(uid).creature.cost as usize;
    let paid = groove_top(s, seat, cost);
    ev.push(Event::public(format!(
        "{} answers from the groove with a creature, paying {} energy",
        s.name(seat),
        paid.len()
    )));
    for e in paid {
        take(s, e);
        s.lords[seat].trash.push(e);
    }
    take(s, uid);
    zones::summon(s, uid, false, ev);
}

/// First draft: the groove pays from the top down (the newest energy
/// first), whatever the spheres.
fn groove_top(s: &State, seat: Seat, cost: usize) -> Vec<Uid> {
    s.lords[seat].groove.iter().rev().take(cost).copied().collect()
}

/// The energy paid for a spell: one of its sphere (the newest), then the
/// newest of whichever sphere the groove holds most of, to keep variety.
/// In the first draft, the top `cost` energy.
fn pay_energy(s: &State, seat: Seat, spell: Uid) -> Vec<Uid> {
    let cost = s.def(spell).spell.cost as usize;
    if s.first_draft {
        return groove_top(s, seat, cost);
    }
    let mut groove = s.lords[seat].groove.clone();
    let mut paid = Vec::new();
    if cost == 0 {
        return paid;
    }
    let spheres = spheres_of(s.def(spell));
    if let Some(i) = groove.iter().rposition(|e| spheres.iter().any(|sp| is_sphere(s.def(*e), *sp))) {
        paid.push(groove.remove(i));
    }
    while paid.len() < cost && !groove.is_empty() {
        let count = |sp| groove.iter().filter(|e| s.def(**e).sphere == sp).count();
        let most = groove.iter().map(|e| s.def(*e).sphere).max_by_key(|sp| count(*sp)).expect("not empty");
        let i = groove.iter().rposition(|e| s.def(*e).sphere == most).expect("present");
        paid.push(groove.remove(i));
    }
    paid
}
