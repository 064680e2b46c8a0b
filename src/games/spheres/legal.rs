//! Legality: who must act and which answers they have. Pure queries; the
//! mutating side (`turn`, `battle`) re-checks with these before applying.

use super::abilities::has_static;
use super::action::{Action, Prompt, SiegeTarget};
use std::borrow::Cow;

use super::state::{is_sphere, spheres_of, Mode, Planned, State, Step, Uid, GENERIC_COST};
use crate::cards::spheres::{CardId, SpellKind, Static, Zone};
use crate::engine::{Order, Responses, Seat, Stop, Turn};
use crate::games::Window;

/// Seats that must answer now.
pub fn to_act(s: &State) -> Vec<Seat> {
    if s.outcome.is_some() {
        return Vec::new();
    }
    match &s.prompt {
        Some(p) => vec![p.chooser()],
        None => std::iter::once(s.turn.active).chain(mate_acting(s)).collect(),
    }
}

/// Citadel: the teammate who may act now besides the active lord: both
/// wait for a decision of their own in the same step of the team turn,
/// and nothing (an effect, an attack) is being resolved.
pub fn mate_acting(s: &State) -> Option<Seat> {
    let m = s.turn.mate.as_ref()?;
    let quiet = s.prompt.is_none() && s.attack.is_none() && s.frames.is_empty() && s.triggers.is_empty();
    (quiet && s.turn.parked && m.parked && m.step == s.turn.step && s.lords[m.active].alive)
        .then_some(m.active)
}

/// The state as `seat` acts in it: in Citadel, with the teammate's part
/// of the team turn swapped in when it is theirs to act (see [`mate_acting`]).
pub fn as_member(s: &State, seat: Seat) -> Cow<'_, State> {
    if mate_acting(s) != Some(seat) {
        return Cow::Borrowed(s);
    }
    let mut mine = s.clone();
    super::turn::swap_mate(&mut mine);
    Cow::Owned(mine)
}

/// Tag team: the waiting teammate the active lord may tag in, at the
/// start of the team's turn (before regroup), once per turn.
pub fn tag_offer(s: &State) -> Option<Seat> {
    if s.mode != Mode::TagTeam || s.turn.step != Step::Regroup || s.turn.tag_asked || s.attack.is_some() {
        return None;
    }
    let active = s.turn.active;
    s.waiting.iter().copied().find(|w| s.allies(active, *w) && s.lords[*w].alive)
}

/// The creatures that defend `seat`: their own, and in Citadel their
/// teammate's after them (the citadel's shared creatures), as (lord,
/// battlefield position); a blocker is named by its place in this list.
pub fn team_battlefield(s: &State, seat: Seat) -> Vec<(Seat, usize)> {
    s.citadel(seat).into_iter().flat_map(|l| (0..s.lords[l].battlefield.len()).map(move |i| (l, i))).collect()
}

/// The lord and position of entry `k` of `seat`'s citadel pile `zone`
/// (their own cards first, then their teammate's in Citadel).
pub fn citadel_pile(s: &State, seat: Seat, zone: Zone, k: usize) -> Option<(Seat, usize)> {
    let mut k = k;
    for l in s.citadel(seat) {
        let n = s.lords[l].pile(zone).len();
        if k < n {
            return Some((l, k));
        }
        k -= n;
    }
    None
}

/// Hand positions holding distinct cards (the first copy of each).
fn distinct_hand(s: &State, seat: Seat) -> Vec<(usize, Uid)> {
    let mut seen: Vec<CardId> = Vec::new();
    let mut out = Vec::new();
    for (i, uid) in s.lords[seat].hand.iter().enumerate() {
        let id = s.cards[uid.0 as usize];
        if !seen.contains(&id) {
            seen.push(id);
            out.push((i, *uid));
        }
    }
    out
}

/// Whether the active lord can pay `cost` mana for a card of `uid`'s sphere.
fn affordable(s: &State, uid: Uid, cost: u8) -> bool {
    let seat = s.turn.active;
    let spheres = spheres_of(s.def(uid));
    cost <= s.mana_left()
        && s.lords[seat].vault.iter().any(|c| spheres.iter().any(|sp| is_sphere(s.def(*c), *sp)))
}

/// The mana cost of summoning a hand card (3 when inverted).
pub fn summon_cost(s: &State, uid: Uid) -> u8 {
    let d = s.def(uid);
    if d.creature.inverted {
        GENERIC_COST
    } else {
        d.creature.cost
    }
}

/// The mana cost of casting a hand card (3 when inverted: face down).
pub fn cast_cost(s: &State, uid: Uid) -> u8 {
    let d = s.def(uid);
    if d.spell.inverted {
        GENERIC_COST
    } else {
        d.spell.cost
    }
}

/// Whether the spell of `uid` could be cast by `seat` at all (attach spells
/// need a creature of their own lord to go under).
fn castable(s: &State, seat: Seat, uid: Uid) -> bool {
    let d = s.def(uid);
    d.spell.inverted || d.spell.kind != SpellKind::Attach || !s.lords[seat].battlefield.is_empty()
}

/// Step 2 answers (without `Pass`).
pub fn cure_options(s: &State) -> Vec<Action> {
    let lord = &s.lords[s.turn.active];
    let mut out = Vec::new();
    for (i, c) in lord.battlefield.iter().enumerate() {
        if !c.afflicted {
            continue;
        }
        let spheres = spheres_of(s.def(c.uid));
        let mut kinds = Vec::new();
        for (j, cr) in lord.vault.iter().enumerate() {
            let d = s.def(*cr);
            if spheres.iter().any(|sp| is_sphere(d, *sp)) && !kinds.contains(&(d.sphere, d.dual)) {
                kinds.push((d.sphere, d.dual));
                out.push(Action::Cure { creature: i as u8, crystal: j as u8 });
            }
        }
    }
    out
}

/// Step 3 answers (without `Pass`).
pub fn crystal_options(s: &State) -> Vec<Action> {
    distinct_hand(s, s.turn.active).into_iter().map(|(i, _)| Action::Crystallize { card: i as u8 }).collect()
}

/// Step 4 answers (without `Pass`): 4a crystals, then 4b casts and summons.
pub fn main_options(s: &State) -> Vec<Action> {
    let seat = s.turn.active;
    let t = &s.turn;
    let mut out = Vec::new();
    let hand = distinct_hand(s, seat);
    if t.crystal_placed && !t.casting && !t.mana_locked && t.number > 1 {
        for (i, uid) in &hand {
            // The first draft lets both crystals share a sphere.
            if s.first_draft || spheres_of(s.def(*uid)).iter().all(|sp| !t.crystals.contains(sp)) {
                out.push(Action::Crystallize { card: *i as u8 });
            }
        }
    }
    if t.mana_locked {
        return out;
    }
    for (i, uid) in &hand {
        let d = s.def(*uid);
        if affordable(s, *uid, summon_cost(s, *uid)) {
            out.push(Action::Summon { card: *i as u8 });
        }
        // The back of the card: any card as a generic creature, unless one
        // of its halves already enters face down.
        if s.any_face_down && !d.creature.inverted && !d.spell.inverted && affordable(s, *uid, GENERIC_COST) {
            out.push(Action::SummonFaceDown { card: *i as u8 });
        }
        // Both halves inverted: casting is the same face-down creature as summoning.
        let duplicate = d.spell.inverted && d.creature.inverted;
        if !duplicate && castable(s, seat, *uid) && affordable(s, *uid, cast_cost(s, *uid)) {
            out.push(Action::Cast { card: *i as u8 });
        }
    }
    out
}

/// Whether a creature may be declared as an attacker now.
pub fn can_attack(s: &State, uid: Uid) -> bool {
    let Some(c) = s.creature(uid) else { return false };
    !c.engaged
        && (!c.dizzy || has_static(s, uid, |st| *st == Static::Swift))
        && !has_static(s, uid, |st| *st == Static::CannotAttack)
}

/// Whether `uid` is already planned to attack in this turn (in Citadel,
/// in either teammate's part of the team turn).
fn planned(s: &State, uid: Uid) -> bool {
    let mate_plan = s.turn.mate.iter().flat_map(|m| &m.plan);
    s.turn.plan.iter().chain(mate_plan).any(|p| p.attacker == uid)
}

/// Step 5 answers (without `Pass`): attacks by ready creatures not
/// already planned. An attacker is named by its place in
/// [`team_battlefield`]: the active lord's creatures, and in Citadel the
/// teammate's after them (either lord attacks with any team creature).
pub fn attack_options(s: &State) -> Vec<Action> {
    let seat = s.turn.active;
    let mut out = Vec::new();
    for (i, (owner, j)) in team_battlefield(s, seat).into_iter().enumerate() {
        let c = &s.lords[owner].battlefield[j];
        if !can_attack(s, c.uid) || planned(s, c.uid) {
            continue;
        }
        let hunter = has_static(s, c.uid, |st| *st == Static::Hunter);
        for o in s.opponents(seat) {
            out.push(Action::Attack { attacker: i as u8, lord: o, creature: None });
            for (j, d) in s.lords[o].battlefield.iter().enumerate() {
                if d.engaged || hunter {
                    out.push(Action::Attack { attacker: i as u8, lord: o, creature: Some(j as u8) });
                }
            }
        }
    }
    out
}

/// The attack `p` names, if it may still be declared now (its creature can
/// attack, its target is still there and open to it).
pub fn planned_attack(s: &State, p: &Planned) -> Option<Action> {
    let place = |lord: Seat, uid: Uid| s.lords[lord].battlefield.iter().position(|c| c.uid == uid);
    let team = team_battlefield(s, s.turn.active);
    let attacker = team.iter().position(|(l, i)| s.lords[*l].battlefield[*i].uid == p.attacker)? as u8;
    let creature = match p.target {
        None => None,
        Some(t) => Some(place(p.lord, t)? as u8),
    };
    let action = Action::Attack { attacker, lord: p.lord, creature };
    attack_options(s).contains(&action).then_some(action)
}

/// The defender's possible blockers (battlefield positions).
pub fn blockers(s: &State) -> Vec<usize> {
    let Some(a) = &s.attack else { return Vec::new() };
    if s.creature(a.attacker).is_none() || has_static(s, a.attacker, |st| *st == Static::Unblockable) {
        return Vec::new();
    }
    team_battlefield(s, a.defender)
        .into_iter()
        .enumerate()
        .filter(|(_, (lord, i))| {
            let c = &s.lords[*lord].battlefield[*i];
            !c.engaged && Some(c.uid) != a.target && !has_static(s, c.uid, |st| *st == Static::CannotBlock)
        })
        .map(|(k, _)| k)
        .collect()
}

/// What a siege may destroy: one tower (they are all alike) and each
/// spell; in Citadel, of the whole citadel: a tower of each lord of the
/// team who has one, and each active spell of either (positions count
/// the attacked lord's cards first, see [`citadel_pile`]).
pub fn siege_options(s: &State) -> Vec<SiegeTarget> {
    let Some(a) = &s.attack else { return Vec::new() };
    let lords = s.citadel(a.defender);
    let mut out = Vec::new();
    let mut base = 0;
    for l in &lords {
        let n = s.lords[*l].towers.len();
        if n > 0 {
            out.push(SiegeTarget::Tower((base + n - 1) as u8));
        }
        base += n;
    }
    // Two copies of one spell of one lord are alike: offered once.
    let mut seen: Vec<(Seat, CardId)> = Vec::new();
    let mut k = 0;
    for l in &lords {
        for u in &s.lords[*l].spells {
            let key = (*l, s.cards[u.0 as usize]);
            if !seen.contains(&key) {
                seen.push(key);
                out.push(SiegeTarget::Spell(k as u8));
            }
            k += 1;
        }
    }
    out
}

/// Whether `seat` can pay a spell's cost from the groove: as many energy
/// as the cost, one of them of the spell's sphere (a free spell needs none;
/// the first draft asks no sphere).
pub fn groove_affordable(s: &State, seat: Seat, uid: Uid) -> bool {
    let d = s.def(uid);
    let groove = &s.lords[seat].groove;
    let spheres = spheres_of(d);
    !d.spell.inverted
        && castable(s, seat, uid)
        && (d.spell.cost as usize) <= groove.len()
        && (d.spell.cost == 0
            || s.first_draft
            || groove.iter().any(|e| spheres.iter().any(|sp| is_sphere(s.def(*e), *sp))))
}

/// First draft: whether `seat` can summon the creature of `uid` with a
/// groove trigger (as many energy as its cost, any spheres; a creature
/// whose cost is inverted has no printed cost to pay, so it cannot).
pub fn groove_summonable(s: &State, seat: Seat, uid: Uid) -> bool {
    let d = s.def(uid);
    s.first_draft && !d.creature.inverted && (d.creature.cost as usize) <= s.lords[seat].groove.len()
}

/// Step 5d answers (without `Pass`): retaliation spells; in the first
/// draft, groove triggers as a spell or as a creature.
pub fn retaliation_options(s: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    for (i, uid) in distinct_hand(s, seat) {
        if groove_affordable(s, seat, uid) {
            out.push(Action::Retaliate { card: i as u8 });
        }
        if groove_summonable(s, seat, uid) {
            out.push(Action::GrooveSummon { card: i as u8 });
        }
    }
    out
}

/// Step 6 answers: trash the whole hand or keep it; in the first draft,
/// discard cards one at a time (each distinct card) until keeping the rest.
pub fn discard_options(s: &State) -> Vec<Action> {
    let seat = s.turn.active;
    if !s.first_draft {
        return vec![Action::DiscardHand, Action::KeepHand];
    }
    let mut out: Vec<Action> =
        distinct_hand(s, seat).into_iter().map(|(i, _)| Action::DiscardCard { card: i as u8 }).collect();
    if s.lords[seat].hand.len() > 1 {
        out.push(Action::DiscardHand);
    }
    out.push(Action::KeepHand);
    out
}

/// Every legal answer of `seat` now.
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    if !to_act(s).contains(&seat) {
        return Vec::new();
    }
    let mine = as_member(s, seat);
    let s = &*mine;
    let mut out = Vec::new();
    if let Some(p) = &s.prompt {
        match p {
            Prompt::Lord { options, .. } => {
                out.extend(options.iter().map(|o| Action::ChooseLord { seat: *o }))
            }
            Prompt::Cards { options, optional, .. } => {
                out.extend((0..options.len()).map(|i| Action::ChooseCard { option: i as u8 }));
                if *optional {
                    out.push(Action::Done);
                }
            }
            Prompt::Host { chooser, .. } => out.extend(
                (0..s.lords[*chooser].battlefield.len()).map(|i| Action::ChooseHost { creature: i as u8 }),
            ),
            Prompt::Block { .. } => {
                out.extend(blockers(s).into_iter().map(|i| Action::Block { blocker: i as u8 }));
                out.push(Action::NoBlock);
            }
            Prompt::Siege { .. } => {
                out.extend(siege_options(s).into_iter().map(|t| Action::Siege { target: t }))
            }
            Prompt::Retaliate { seat } => {
                out.extend(retaliation_options(s, *seat));
                out.push(Action::Pass);
            }
        }
        if s.checkpoint.as_ref().is_some_and(|c| c.seat == seat) {
            out.push(Action::Cancel);
        }
        return out;
    }
    match s.turn.step {
        Step::Cure => out.extend(cure_options(s)),
        Step::Crystal => out.extend(crystal_options(s)),
        Step::Main => out.extend(main_options(s)),
        Step::Battle => out.extend(attack_options(s)),
        Step::Discard => return discard_options(s),
        Step::Regroup if tag_offer(s).is_some() => out.push(Action::Tag),
        Step::Regroup | Step::Draw | Step::End => return out,
    }
    out.push(Action::Pass);
    out
}

/// The windows a player may set stops at (`/settings stops`); one's own
/// casting step ("casting") is not among them.
pub const WINDOWS: &[Window] = &[Window {
    key: "retaliation",
    summary: "your retaliation, when a battle is declared against you (asked)",
}];

/// Spheres' priority stops: the defender's retaliation window (retaliate
/// or pass), and the active lord's casting step when nothing in hand can be
/// paid for (go to battle). An empty hand is public, and so is mana the
/// lord cannot use (none left, or locked by a second crystal); a hand with
/// nothing affordable is the lord's secret, so passing for them on it
/// needs their leave.
pub fn stop(s: &State, seat: Seat) -> Option<Stop<Action>> {
    if !to_act(s).contains(&seat) {
        return None;
    }
    let mine = as_member(s, seat);
    let s = &*mine;
    let (options, public_none, window) = match &s.prompt {
        Some(Prompt::Retaliate { seat: defender }) if *defender == seat => {
            (retaliation_options(s, seat), s.lords[seat].hand.is_empty(), "retaliation")
        }
        None if s.turn.step == Step::Main => (main_options(s), nothing_to_cast_publicly(s), "casting"),
        _ => return None,
    };
    let responses = if !options.is_empty() {
        Responses::Some
    } else if public_none {
        Responses::NonePublicly
    } else {
        Responses::NoneSecretly
    };
    Some(Stop { pass: Action::Pass, responses, asked_by_default: true, window })
}

/// Whether everyone can see that the active lord cannot cast or summon
/// anything now: an empty hand, mana locked by a second crystal, or no
/// mana left.
pub fn nothing_to_cast_publicly(s: &State) -> bool {
    s.lords[s.turn.active].hand.is_empty() || s.turn.mana_locked || s.mana_left() == 0
}

/// Whose turn it is, while the game goes on. A Citadel team turn is both
/// teammates': reported the same way through the whole team turn (the
/// first of the two in seat order active, the other its partner),
/// whichever of them is acting at the moment.
pub fn turn(s: &State) -> Option<Turn> {
    if s.outcome.is_some() {
        return None;
    }
    let (number, active) = (s.turn.number, s.turn.active);
    Some(match s.turn.mate.as_ref().map(|m| m.active) {
        Some(mate) => Turn { number, active: active.min(mate), partner: Some(active.max(mate)) },
        None => Turn::of(number, active),
    })
}

/// The answer that declines `seat`'s pending decision, doing nothing.
pub fn decline(s: &State, seat: Seat) -> Option<Action> {
    if !to_act(s).contains(&seat) {
        return None;
    }
    let mine = as_member(s, seat);
    let s = &*mine;
    match &s.prompt {
        Some(Prompt::Block { .. }) => Some(Action::NoBlock),
        Some(Prompt::Retaliate { .. }) => Some(Action::Pass),
        Some(Prompt::Cards { optional: true, .. }) => Some(Action::Done),
        Some(_) => None,
        None => match s.turn.step {
            Step::Cure | Step::Crystal | Step::Main | Step::Battle => Some(Action::Pass),
            Step::Discard => Some(Action::KeepHand),
            Step::Regroup if tag_offer(s).is_some() => Some(Action::Pass),
            Step::Regroup | Step::Draw | Step::End => None,
        },
    }
}

/// Never block an attack.
pub const NEVER_BLOCK: Order = Order { key: "never-block", label: "Never block", this_turn: false };
/// Block only sieges while towers stand; let attacks on creatures through.
pub const BLOCK_FOR_TOWERS: Order =
    Order { key: "block-for-towers", label: "Block only to save a tower", this_turn: false };
/// Pass every retaliation window until the end of this turn.
pub const NO_RETALIATION: Order =
    Order { key: "no-retaliation", label: "No retaliation this turn", this_turn: true };
/// Every standing order of Spheres.
pub const ORDERS: &[Order] = &[NEVER_BLOCK, BLOCK_FOR_TOWERS, NO_RETALIATION];

/// The standing orders that could answer `seat`'s pending decision.
pub fn orders(s: &State, seat: Seat) -> Vec<Order> {
    if !to_act(s).contains(&seat) {
        return Vec::new();
    }
    match &s.prompt {
        Some(Prompt::Block { .. }) if !blockers(s).is_empty() => vec![NEVER_BLOCK, BLOCK_FOR_TOWERS],
        Some(Prompt::Retaliate { .. }) => vec![NO_RETALIATION],
        _ => Vec::new(),
    }
}

/// The answer standing order `key` gives `seat` now, if it covers the decision.
pub fn follow(s: &State, seat: Seat, key: &str) -> Option<Action> {
    if !to_act(s).contains(&seat) {
        return None;
    }
    match (&s.prompt, key) {
        (Some(Prompt::Block { .. }), "never-block") => Some(Action::NoBlock),
        (Some(Prompt::Block { .. }), "block-for-towers") => {
            // A siege is asked about: it costs a tower, or the game.
            let on_creature = s.attack.as_ref().is_some_and(|a| a.target.is_some());
            on_creature.then_some(Action::NoBlock)
        }
        (Some(Prompt::Retaliate { .. }), "no-retaliation") => Some(Action::Pass),
        _ => None,
    }
}
