//! Who must act and what they may do: the legal answers to each prompt,
//! and the stop rules that let the table pass for a player in chat.

use super::action::{Action, ItemMode};
use super::state::{Choice, Def, Fetch, Perm, Phase, Place, Prompt, State, TargetRef, CHARACTER_SLOTS};
use super::values::{self, acquisition_cost, can_pay, could_have_dfv, dfv, free_slot, ofv};
use crate::cards::athernum::{Ability, CardType, Cost, Effect, ExtraRule};
use crate::engine::{Order, Responses, Seat, Stop};
use crate::games::Window;

/// Seats that must answer now.
pub fn to_act(s: &State) -> Vec<Seat> {
    if s.outcome.is_some() {
        return Vec::new();
    }
    match s.prompt {
        Prompt::ChooseMain => {
            s.players.iter().filter(|(_, p)| p.chosen.is_none()).map(|(seat, _)| seat).collect()
        }
        Prompt::Priority => vec![s.priority],
        Prompt::Defender => {
            s.fight.and_then(|f| s.perm(f.target)).map(|p| vec![p.controller]).unwrap_or_default()
        }
        Prompt::TriggerTarget => s.pending.first().map(|i| vec![i.controller]).unwrap_or_default(),
        Prompt::Choice => s.choices.first().map(|c| vec![c.seat()]).unwrap_or_default(),
    }
}

/// The active player's own window: the day or combat phase with no stack,
/// no combat under way and the day not yet ended.
pub fn main_window(s: &State) -> bool {
    s.prompt == Prompt::Priority
        && s.priority == s.active
        && s.stack.is_empty()
        && !s.closing
        && (s.phase == Phase::Day || (s.phase == Phase::Combat && s.fight.is_none()))
}

/// The legal answers of `seat`.
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    if !to_act(s).contains(&seat) {
        return Vec::new();
    }
    match s.prompt {
        Prompt::ChooseMain => {
            // One option per card, by name (the deck's order is hidden).
            let mut found: Vec<_> =
                s.players[seat].deck.iter().filter(|c| s.db.card(c.id).main_eligible()).copied().collect();
            found.sort_by(|a, b| s.db.card(a.id).name.cmp(&s.db.card(b.id).name).then(a.uid.cmp(&b.uid)));
            found.dedup_by_key(|c| c.id);
            found.into_iter().map(|c| Action::ChooseMain { card: c.uid }).collect()
        }
        Prompt::Defender => {
            let Some(f) = s.fight else { return Vec::new() };
            let mut out = vec![Action::Defend { defender: None }];
            for p in &s.board {
                if can_defend(s, seat, f.target, p) {
                    out.push(Action::Defend { defender: Some(p.uid) });
                }
            }
            out
        }
        Prompt::TriggerTarget => {
            next_target_options(s).into_iter().map(|target| Action::Target { target }).collect()
        }
        Prompt::Choice => choice_actions(s),
        Prompt::Priority => priority_actions(s, seat),
    }
}

/// The targets the next targeted effect of the first pending ability may take.
pub fn next_target_options(s: &State) -> Vec<TargetRef> {
    let Some(item) = s.pending.first() else { return Vec::new() };
    let effects = super::state::origin_effects(s, item.origin);
    let Some(e) = effects.get(item.targets.len()) else { return Vec::new() };
    match e.targets().first() {
        Some(t) if t.is_targeted() => {
            super::effects::candidates(s, item.controller, item.source, t, item.uid)
        }
        _ => Vec::new(),
    }
}

fn choice_actions(s: &State) -> Vec<Action> {
    let Some(c) = s.choices.first() else { return Vec::new() };
    match c {
        Choice::Discard { seat, .. } => {
            // One option per card name (copies are alike), and one more for
            // a copy the other players have seen (returned to the hand):
            // no two answers read the same.
            let p = &s.players[*seat];
            let mut seen = Vec::new();
            let mut out = Vec::new();
            for c in &p.hand {
                let key = (c.id, p.revealed.contains(&c.uid));
                if !seen.contains(&key) {
                    seen.push(key);
                    out.push(Action::DiscardCard { card: c.uid });
                }
            }
            out
        }
        Choice::Fetch { seat, from, filter, board } => {
            let p = &s.players[*seat];
            let zone = match from {
                Fetch::Deck => &p.deck,
                Fetch::Extra => &p.extra,
                Fetch::Discard => &p.discard,
            };
            // A card sent onto the board must be able to enter it; an Extra
            // Deck card never falls back into the hand (7.4.2c).
            let fits =
                |id| !*board || *from != Fetch::Extra || super::effects::board_place(s, *seat, id).is_some();
            // One option per card name (copies are alike), sorted by name so
            // the order of a hidden zone is not shown.
            let mut found: Vec<_> = zone
                .iter()
                .filter(|c| values::filter_takes_card(filter, s.db.card(c.id)) && fits(c.id))
                .copied()
                .collect();
            found.sort_by(|a, b| s.db.card(a.id).name.cmp(&s.db.card(b.id).name).then(a.uid.cmp(&b.uid)));
            found.dedup_by_key(|c| c.id);
            let mut out: Vec<Action> = found.into_iter().map(|c| Action::Take { card: c.uid }).collect();
            out.push(Action::TakeNothing);
            out
        }
        Choice::TriggerOrder { left, .. } => {
            distinct_triggers(s, left).into_iter().map(|trigger| Action::StackNext { trigger }).collect()
        }
        Choice::Ransom { seat, amount, .. } => {
            let mut out = Vec::new();
            if can_pay(s, *seat, &Cost { generic: *amount, pips: [0; 4] }) {
                out.push(Action::Pay);
            }
            out.push(Action::DeclineToPay);
            out
        }
        Choice::EmptyDeckDraw { .. } => vec![Action::DrawFromEmptyDeck, Action::Cancel],
    }
}

/// The first of each kind among pending triggered abilities `left`: two
/// triggers of the same ability of the same card are alike, so which goes
/// first cannot matter (see the rulings, 9.2.1).
pub fn distinct_triggers(s: &State, left: &[u32]) -> Vec<u32> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for item in s.pending.iter().filter(|i| left.contains(&i.uid)) {
        if !seen.contains(&item.origin) {
            seen.push(item.origin);
            out.push(item.uid);
        }
    }
    out
}

/// Whether ability `a` of permanent `p` can be activated by `seat` now.
pub fn can_activate(s: &State, seat: Seat, p: &Perm, a: &Ability, index: u8) -> bool {
    if p.controller != seat || p.face_down || p.blank {
        return false;
    }
    let attached = matches!(p.place, Place::Item { .. });
    let (cost, exhaust, command) = match a {
        Ability::Activated { cost, exhaust, once_per_turn, .. } if !attached => {
            if *once_per_turn && p.used.contains(&index) {
                return false;
            }
            (*cost, *exhaust, false)
        }
        Ability::Command { cost, exhaust, .. } if !attached => (*cost, *exhaust, true),
        Ability::Objective { when: None, cost, exhaust, .. } if !attached => {
            if s.victory_pool == 0 {
                return false;
            }
            (*cost, *exhaust, false)
        }
        Ability::Equip { when: None, name: Some(_), cost, exhaust, .. } if attached => {
            if *exhaust {
                let Place::Item { host } = p.place else { return false };
                if s.perm(host).is_none_or(|h| h.exhausted || h.face_down) {
                    return false;
                }
            }
            return cost.is_none_or(|c| can_pay(s, seat, &c));
        }
        _ => return false,
    };
    if command && s.players[seat].command == 0 {
        return false;
    }
    if exhaust && (p.exhausted || matches!(p.place, Place::Item { .. })) {
        return false;
    }
    cost.is_none_or(|c| can_pay(s, seat, &c))
}

/// Abilities `seat` can activate now, and attachments it may turn face up
/// or discard: what any player with priority may do.
fn ability_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    for p in &s.board {
        if p.controller != seat {
            continue;
        }
        if let Some(d) = s.def(p.def) {
            for (i, a) in d.abilities.iter().enumerate() {
                if can_activate(s, seat, p, a, i as u8) {
                    out.push(Action::Activate { source: p.uid, ability: i as u8 });
                }
            }
        }
    }
    for p in &s.board {
        if let Place::Item { host } = p.place {
            if s.perm(host).is_some_and(|h| h.controller == seat) {
                out.push(if p.face_down {
                    Action::Reveal { attachment: p.uid }
                } else {
                    Action::DiscardAttachment { attachment: p.uid }
                });
            }
        }
    }
}

fn priority_actions(s: &State, seat: Seat) -> Vec<Action> {
    let mut out = vec![Action::Pass];
    if main_window(s) && s.phase == Phase::Day && seat == s.active {
        day_actions(s, seat, &mut out);
    }
    if main_window(s) && s.phase == Phase::Combat && seat == s.active {
        let mut seen = Vec::new();
        for c in &s.players[seat].hand {
            if !seen.contains(&c.id) {
                seen.push(c.id);
                support(s, seat, c, &mut out);
            }
        }
        // Attacks are declared ahead, as a plan, then fought in order.
        plan_attacks(s, seat, &mut out);
        if s.plan.as_ref().is_some_and(|p| !p.attacks.is_empty()) {
            out.push(Action::Fight);
        }
    }
    ability_actions(s, seat, &mut out);
    out
}

/// The support ability of card `c` in `seat`'s hand, if its fee can be
/// paid (4.3.5f, 9.2.9a). Offered whenever the active player holds
/// priority with no stack: in the day phase and between the combats of
/// the combat phase alike (4.3.5f.I). A fight's response window (9.3.8)
/// and the window before the evening (9.2.12) each open a stack, so
/// neither allows one.
fn support(s: &State, seat: Seat, c: &super::state::Card, out: &mut Vec<Action>) {
    let d = s.db.card(c.id);
    if let Some(Ability::Support { fee, .. }) =
        d.abilities.iter().find(|a| matches!(a, Ability::Support { .. }))
    {
        if can_pay(s, seat, fee) {
            out.push(Action::Support { card: c.uid });
        }
    }
}

/// The attacks `seat` may declare ahead: every attacker not yet in the
/// plan against every permanent it may attack (9.3.5, 9.3.6).
fn plan_attacks(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let planned: Vec<u32> = s.plan.iter().flat_map(|p| p.attacks.iter().map(|a| a.0)).collect();
    let targets = attack_targets(s, seat);
    for a in attackers(s, seat).into_iter().filter(|a| !planned.contains(a)) {
        for t in &targets {
            out.push(Action::Attack { attacker: a, target: *t });
        }
    }
}

/// Whether declaring `attacker` ahead names the last of `seat`'s
/// attackers not yet in the plan: the plan is then fought at once (see the
/// rulings, "9.3 Attacks declared as a plan").
pub fn completes_plan(s: &State, seat: Seat, attacker: u32) -> bool {
    let planned: Vec<u32> = s.plan.iter().flat_map(|p| p.attacks.iter().map(|a| a.0)).collect();
    attackers(s, seat).into_iter().all(|a| a == attacker || planned.contains(&a))
}

/// `seat`'s permanents that may attack: face up with an OFV (9.3.5).
pub fn attackers(s: &State, seat: Seat) -> Vec<u32> {
    s.board
        .iter()
        .filter(|p| {
            p.controller == seat
                && !p.face_down
                && matches!(p.place, Place::Main | Place::Character | Place::Location)
                && ofv(s, p).is_some()
        })
        .map(|p| p.uid)
        .collect()
}

/// The permanents `seat` may attack: an opponent's with a DFV, or that
/// could have one (9.3.6).
pub fn attack_targets(s: &State, seat: Seat) -> Vec<u32> {
    s.board.iter().filter(|p| p.controller != seat && could_have_dfv(s, p)).map(|p| p.uid).collect()
}

fn day_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let me = &s.players[seat];
    if me.command > 0 {
        out.push(Action::Acquisition);
        if !me.solvency_used {
            out.push(Action::Solvency);
        }
        if !me.contingency_used && s.victory_pool > 0 && values::behind(s, seat) {
            for p in &s.board {
                if p.controller == seat
                    && p.owner == seat
                    && s.def(p.def).is_some_and(|d| d.victory.is_some())
                {
                    out.push(Action::Contingency { on: p.uid });
                }
            }
        }
    }
    let slots_free = s.characters_of(seat) < CHARACTER_SLOTS;
    let main_location = s.board.iter().any(|p| p.controller == seat && p.main && p.place == Place::Location);
    let mut seen = Vec::new();
    for c in &me.hand {
        if seen.contains(&c.id) {
            continue;
        }
        seen.push(c.id);
        let d = s.db.card(c.id);
        match d.kind {
            CardType::Character => {
                if slots_free
                    && can_pay(s, seat, &acquisition_cost(d))
                    && !super::effects::would_break_uniqueness(s, seat, Def::Card(c.id))
                {
                    out.push(Action::PlayCharacter { card: c.uid });
                }
            }
            CardType::Location => {
                if !me.location_played
                    && !main_location
                    && !super::effects::would_break_uniqueness(s, seat, Def::Card(c.id))
                {
                    out.push(Action::PlayLocation { card: c.uid });
                }
            }
            CardType::Item => {
                out.push(Action::PlayItem { card: c.uid, mode: ItemMode::Direct });
                for h in &s.board {
                    if h.controller == seat && !matches!(h.place, Place::Item { .. }) && free_slot(s, h) {
                        for face_down in [false, true] {
                            out.push(Action::PlayItem {
                                card: c.uid,
                                mode: ItemMode::Attach { host: h.uid, face_down },
                            });
                        }
                    }
                }
            }
            CardType::Resource => {}
        }
        support(s, seat, c, out);
    }
    if slots_free {
        let mut seen = Vec::new();
        for c in &me.extra {
            let d = s.db.card(c.id);
            if let Some(ExtraRule::Ascend { condition }) = &d.extra_rule {
                if !seen.contains(&c.id)
                    && !me.ascended.contains(&c.id)
                    && values::holds(s, condition, seat, 0)
                    && !super::effects::would_break_uniqueness(s, seat, Def::Card(c.id))
                {
                    seen.push(c.id);
                    out.push(Action::Ascend { card: c.uid });
                }
            }
        }
    }
    if !s.combat_done && s.turn > 1 && !attackers(s, seat).is_empty() && !attack_targets(s, seat).is_empty() {
        out.push(Action::EnterCombat);
        // Straight from the day: enter the combat phase and declare its
        // first attack ahead in one click.
        plan_attacks(s, seat, out);
    }
}

/// Whether `seat` has a real response at a priority stop: an ability it
/// can activate, or a face-down attachment it may turn face up (2.1.2d).
/// Both are public: the abilities are printed on face-up cards and a
/// face-down attachment shows that it is there, so asking tells nobody
/// anything. Discarding an attachment does not count (see the rulings,
/// "Playing in chat").
fn has_response(s: &State, seat: Seat) -> bool {
    legal_actions(s, seat).iter().any(|a| matches!(a, Action::Activate { .. } | Action::Reveal { .. }))
}

/// Whether an effect of another player on the stack aims at `seat` or
/// at something `seat` controls.
pub fn targeted(s: &State, seat: Seat) -> bool {
    let mine = |t: &Option<TargetRef>| match t {
        Some(TargetRef::Player(p)) => *p == seat,
        Some(TargetRef::Perm(u)) => s.perm(*u).is_some_and(|p| p.controller == seat),
        Some(TargetRef::Effect(u)) => s.stack.iter().any(|i| i.uid == *u && i.controller == seat),
        None => false,
    };
    s.stack.iter().any(|i| i.controller != seat && i.targets.iter().any(mine))
}

/// Whether `seat` controls the attacked permanent or the attacker of the
/// combat under way.
pub fn in_fight(s: &State, seat: Seat) -> bool {
    s.fight.is_some_and(|f| {
        [Some(f.attacker), Some(f.target), f.defender]
            .into_iter()
            .flatten()
            .any(|u| s.perm(u).is_some_and(|p| p.controller == seat))
    })
}

/// Whether `seat` can neutralize: one of its abilities it could activate
/// now neutralizes an effect.
fn can_neutralize(s: &State, seat: Seat) -> bool {
    legal_actions(s, seat).iter().any(|a| match a {
        Action::Activate { source, ability } => s
            .perm(*source)
            .and_then(|p| s.def(p.def))
            .and_then(|d| d.abilities.get(usize::from(*ability)))
            .is_some_and(|ab| ab.effects().iter().any(|e| matches!(e, Effect::Neutralize { .. }))),
        _ => false,
    })
}

/// When the table asks `seat` at a priority stop by default (all on
/// public facts): an effect of another player on the stack aims at them,
/// or they could neutralize it; they are in the combat under way. Every
/// other stop is passed for them, and so is one where they have no
/// ability to use.
pub fn asked_by_default(s: &State, seat: Seat) -> bool {
    let others_on_stack = s.stack.iter().any(|i| i.controller != seat);
    let fight_window = s.phase == Phase::Combat && s.fight.is_some_and(|f| f.defended) && s.stack.is_empty();
    // The active player's plan answers the window of its own combats while
    // the plan stands (the rulings, "9.3 Attacks declared as a plan").
    let planned = seat == s.active && s.fight.is_some_and(|f| f.planned);
    (others_on_stack && (targeted(s, seat) || can_neutralize(s, seat)))
        || (fight_window && in_fight(s, seat) && !planned)
}

/// The windows a player may set stops at (`/settings stops`), as
/// [`window`] names them.
pub const WINDOWS: &[Window] = &[
    Window {
        key: "their-effect",
        summary:
            "another player's effect is on the stack (asked when it aims at you or you can neutralize it)",
    },
    Window { key: "my-effect", summary: "only your own effects are on the stack (passed)" },
    Window { key: "fight", summary: "a defended fight, before damage (asked when you are in it)" },
];

/// The kind of priority window `seat` is at ([`WINDOWS`]; "phase" for an
/// empty stack outside a fight).
pub fn window(s: &State, seat: Seat) -> &'static str {
    if s.stack.iter().any(|i| i.controller != seat) {
        "their-effect"
    } else if !s.stack.is_empty() {
        "my-effect"
    } else if s.phase == Phase::Combat && s.fight.is_some_and(|f| f.defended) {
        "fight"
    } else {
        "phase"
    }
}

/// The stop `seat` is at, if its decision is a priority stop (not its own
/// day or combat window).
pub fn stop(s: &State, seat: Seat) -> Option<Stop<Action>> {
    if s.prompt != Prompt::Priority || !to_act(s).contains(&seat) || main_window(s) {
        return None;
    }
    // Everything a player could respond with is on the board, face up:
    // whatever the answer, it rests on public facts.
    let responses = if has_response(s, seat) { Responses::Some } else { Responses::NonePublicly };
    Some(Stop {
        pass: Action::Pass,
        responses,
        asked_by_default: asked_by_default(s, seat),
        window: window(s, seat),
    })
}

/// Standing order: pass every stop in other players' turns unless an
/// effect aims at the player or they are in the combat.
pub const UNLESS_TARGETED: Order = crate::engine::PASS_UNLESS_TARGETED;
/// Standing order: pass every stop until the player's next turn.
pub const UNTIL_MY_TURN: Order = crate::engine::PASS_UNTIL_MY_TURN;
/// Athernum's standing orders.
pub const ORDERS: &[Order] = &[UNLESS_TARGETED, UNTIL_MY_TURN];

/// The standing orders that could answer `seat`'s pending decision.
pub fn orders(s: &State, seat: Seat) -> Vec<Order> {
    ORDERS.iter().copied().filter(|o| follow(s, seat, o.key).is_some()).collect()
}

/// The answer standing order `key` gives `seat` now, if it covers the decision.
pub fn follow(s: &State, seat: Seat, key: &str) -> Option<Action> {
    if s.prompt != Prompt::Priority || !to_act(s).contains(&seat) || seat == s.active {
        return None;
    }
    let covered = match key {
        "pass-unless-targeted" => !targeted(s, seat) && !in_fight(s, seat),
        "pass-until-my-turn" => true,
        _ => false,
    };
    covered.then_some(Action::Pass)
}

/// The answer that declines `seat`'s decision.
pub fn decline(s: &State, seat: Seat) -> Option<Action> {
    if !to_act(s).contains(&seat) {
        return None;
    }
    match s.prompt {
        Prompt::Priority => Some(Action::Pass),
        Prompt::Defender => Some(Action::Defend { defender: None }),
        Prompt::Choice => legal_actions(s, seat)
            .into_iter()
            .find(|a| matches!(a, Action::TakeNothing | Action::DeclineToPay | Action::Cancel)),
        Prompt::ChooseMain | Prompt::TriggerTarget => None,
    }
}

/// Whether `seat`, controlling an attacked permanent, has a permanent that
/// could step in as its defender (9.3.7): otherwise nobody is asked.
pub fn legal_actions_for_defender(s: &State, seat: Seat) -> bool {
    let Some(f) = s.fight else { return false };
    s.board.iter().any(|p| can_defend(s, seat, f.target, p))
}

/// A face-up permanent of `seat` with a DFV, other than the target itself.
fn can_defend(s: &State, seat: Seat, target: u32, p: &Perm) -> bool {
    p.controller == seat
        && p.uid != target
        && !p.face_down
        && matches!(p.place, Place::Main | Place::Character | Place::Location)
        && dfv(s, p).is_some()
}
