//! Legality as pure queries: who must act and with which answers.

use super::action::Action;
use super::combat;
use super::state::{Card, CombatStage, Prompt, State, Step, TargetRef, HAND_SIZE};
use super::target::{aegis_surcharge, target_choices, Aim};
use crate::cards::certamen::{CardType, Cost, Keyword, Pillar};
use crate::engine::{Order, Responses, Seat, Stop};
use crate::games::Window;

/// Seats that must answer now; empty once the game is over.
pub fn to_act(s: &State) -> Vec<Seat> {
    if s.outcome.is_some() {
        return Vec::new();
    }
    match s.prompt {
        Prompt::Mulligan(seat) => vec![seat],
        Prompt::Priority => vec![s.priority],
        Prompt::DeclareAttackers | Prompt::Discard | Prompt::DamageOrder => vec![s.active],
        Prompt::DeclareBlockers | Prompt::AscendantDamage => vec![s.opponent(s.active)],
        Prompt::AbilityTargets => s.choosing.map(|a| vec![a.controller]).unwrap_or_default(),
        Prompt::Choice => s.choices.first().map(|c| vec![c.seat()]).unwrap_or_default(),
    }
}

/// The legal answers of `seat`.
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    if !to_act(s).contains(&seat) {
        return Vec::new();
    }
    match s.prompt {
        Prompt::Mulligan(_) => vec![Action::Keep, Action::Mulligan],
        Prompt::AbilityTargets => super::abilities::trigger_choices(s),
        Prompt::Choice => super::choice::options(s),
        Prompt::AscendantDamage => combat::damage_directions(s)
            .into_iter()
            .map(|(attacker, ascendant)| Action::DirectDamage { attacker, ascendant })
            .collect(),
        Prompt::DamageOrder => {
            let mut out: Vec<Action> = combat::damage_orders(s)
                .into_iter()
                .map(|(attacker, order)| Action::OrderBlockers { attacker, order })
                .collect();
            if combat::order_under_way(s) {
                out.push(Action::Cancel);
            }
            out
        }
        Prompt::Priority => priority_actions(s, seat),
        Prompt::DeclareAttackers => {
            let mut out: Vec<Action> = combat::eligible_attackers(s)
                .into_iter()
                .map(|creature| Action::Attack { creature })
                .collect();
            out.push(Action::EndAttacks);
            out
        }
        Prompt::DeclareBlockers => {
            let mut out: Vec<Action> = combat::possible_blocks(s)
                .into_iter()
                .map(|(blocker, attacker)| Action::Block { blocker, attacker })
                .collect();
            out.push(Action::EndBlocks);
            out
        }
        Prompt::Discard => {
            if s.players[seat].hand.len() > HAND_SIZE {
                s.players[seat].hand.iter().map(|c| Action::Discard { card: c.uid }).collect()
            } else {
                Vec::new()
            }
        }
    }
}

fn priority_actions(s: &State, seat: Seat) -> Vec<Action> {
    let me = &s.players[seat];
    let mut out = Vec::new();
    let own_main = seat == s.active && s.step.is_main();
    for card in &me.hand {
        let def = s.def(card.id);
        if def.kind == CardType::Pillar {
            if own_main && !me.pillar_played {
                out.push(Action::PlayPillar { card: card.uid });
            }
            continue;
        }
        if !timing_allows(s, seat, card) {
            continue;
        }
        let cost = def.cost.unwrap_or_default();
        for targets in target_choices(s, seat, &def.effects, None, Aim::Cast) {
            let extra = aegis_surcharge(s, seat, &targets);
            if can_pay(s, seat, &cost, extra) {
                out.push(Action::Cast { card: card.uid, targets });
            }
        }
    }
    out.extend(super::abilities::activations(s, seat));
    if seat == s.active && s.step.is_main() && s.stack.is_empty() {
        for r in &me.field {
            let super::state::Body::Card(id) = r.body else { continue };
            let Some(eq) = &s.def(id).equip else { continue };
            if !can_pay(s, seat, &eq.cost, 0) {
                continue;
            }
            for c in &me.field {
                if s.is_creature(c) && r.equipped_to != Some(c.uid) {
                    out.push(Action::Equip { relic: r.uid, creature: c.uid });
                }
            }
        }
    }
    out.push(Action::Pass);
    out
}

/// Whether a priority stop of `seat` is one of the moments the player is
/// asked at by default (`docs/rulings/certamen.md`, "Playing in chat"):
/// an opponent's object on top of the Stack; their own main phase with an
/// empty Stack; and, with an empty Stack, the combat windows where tricks
/// matter: the defender's after attackers are declared (when a block is
/// possible: otherwise the window after blockers follows on the same
/// board), and both players' after blockers are declared and after
/// Blazestride damage. Every other stop (their own object on top, an
/// empty Stack in another step) is passed for them whatever they hold, so
/// passing there tells nobody anything; `/settings hold_priority:on` asks
/// them at every stop.
pub fn asked_by_default(s: &State, seat: Seat) -> bool {
    match s.stack.last() {
        Some(top) => top.controller != seat,
        None if s.step == Step::Combat => match s.combat {
            CombatStage::Declared => defending(s, seat) && !combat::possible_blocks(s).is_empty(),
            CombatStage::Blocked | CombatStage::Blazestruck => in_combat(s, seat),
            CombatStage::Attackers | CombatStage::Blockers | CombatStage::Done => false,
        },
        None => seat == s.active && s.step.is_main(),
    }
}

/// The windows a player may set stops at (`/settings stops`), as
/// [`window`] names them; one's own main phase is not among them.
pub const WINDOWS: &[Window] = &[
    Window {
        key: "their-spell",
        summary: "another player's spell or ability is on top of the Stack (asked)",
    },
    Window { key: "my-spell", summary: "your own spell or ability is on top of the Stack (passed)" },
    Window { key: "upkeep", summary: "upkeep, Stack empty (passed)" },
    Window { key: "draw", summary: "draw step, Stack empty (passed)" },
    Window { key: "their-main", summary: "another player's main phase as it ends, Stack empty (passed)" },
    Window {
        key: "attackers",
        summary: "after attackers are declared (asked when you defend and can block)",
    },
    Window { key: "blockers", summary: "after blockers are declared (asked when you are in the combat)" },
    Window { key: "blazestride", summary: "after Blazestride damage (asked when you are in the combat)" },
    Window { key: "combat-end", summary: "after combat damage (passed)" },
    Window { key: "end", summary: "end step, Stack empty (passed)" },
];

/// The kind of priority window `seat` is at ([`WINDOWS`]; "main" for
/// one's own main phase, "combat" while attackers or blockers are being
/// declared: not the player's to skip).
pub fn window(s: &State, seat: Seat) -> &'static str {
    match s.stack.last() {
        Some(top) if top.controller != seat => "their-spell",
        Some(_) => "my-spell",
        None => match s.step {
            Step::Combat => match s.combat {
                CombatStage::Declared => "attackers",
                CombatStage::Blocked => "blockers",
                CombatStage::Blazestruck => "blazestride",
                CombatStage::Done => "combat-end",
                CombatStage::Attackers | CombatStage::Blockers => "combat",
            },
            Step::Main1 | Step::Main2 if seat == s.active => "main",
            Step::Main1 | Step::Main2 => "their-main",
            Step::Untap => "untap",
            Step::Upkeep => "upkeep",
            Step::Draw => "draw",
            Step::End => "end",
        },
    }
}

/// Whether `seat` is in the combat under way: the attacking player with a
/// creature still attacking, or the defending player.
fn in_combat(s: &State, seat: Seat) -> bool {
    let attacking = s.players[s.active].field.iter().any(|p| p.attacking);
    attacking && (seat == s.active || defending(s, seat))
}

/// A priority stop: the pass, whether `seat` has a real response
/// (anything but passing), told honestly for every window, and whether
/// the window is [`asked_by_default`]. Only the pass is left publicly
/// when the hand is empty and no ability can be used, or when nothing of
/// the game's pool could be paid for or played ([`pool_affordable`]);
/// otherwise an automatic pass would tell the others the hand holds
/// nothing castable.
pub fn stop(s: &State, seat: Seat) -> Option<Stop<Action>> {
    if s.prompt != Prompt::Priority || !to_act(s).contains(&seat) {
        return None;
    }
    let real = legal_actions(s, seat).iter().any(|a| *a != Action::Pass);
    let responses = if real {
        Responses::Some
    } else if s.players[seat].hand.is_empty() || !pool_affordable(s, seat) {
        Responses::NonePublicly
    } else {
        Responses::NoneSecretly
    };
    Some(Stop {
        pass: Action::Pass,
        responses,
        asked_by_default: asked_by_default(s, seat),
        window: window(s, seat),
    })
}

/// Whether some card of the whole Certamen pool could be cast or played
/// by `seat` now, at its printed cost, with its pool and untapped Pillars
/// (Runes and Flickerborn cards at any priority; any card in its own main
/// phase with an empty Stack; a Pillar in its own main phase until it has
/// played one). Only public facts go in: the pool of cards, the Pillars
/// on the field, the mana pool and whether a Pillar was played; never the
/// hand. With one untapped Umbrage Pillar no card of the game answers a
/// spell, so nobody need ask.
fn pool_affordable(s: &State, seat: Seat) -> bool {
    let own_main = seat == s.active && s.step.is_main();
    if own_main && !s.players[seat].pillar_played {
        return true;
    }
    let sorcery_window = own_main && s.stack.is_empty();
    let resources = available(s, seat);
    s.db.cards.iter().any(|d| {
        let instant = d.kind == CardType::Rune || d.keywords.contains(&Keyword::Flickerborn);
        d.kind != CardType::Pillar
            && (instant || sorcery_window)
            && pays(resources, &d.cost.unwrap_or_default(), 0)
    })
}

/// Standing order: in the opponent's turn, pass every priority stop at
/// which nothing of the player's is targeted and they are not defending.
pub const UNLESS_TARGETED: Order = crate::engine::PASS_UNLESS_TARGETED;
/// Standing order: pass every priority stop of the opponent's turn (blocks
/// are still asked); it ends with the turn it was given in.
pub const UNTIL_MY_TURN: Order = crate::engine::PASS_UNTIL_MY_TURN;
/// Certamen's standing orders.
pub const ORDERS: &[Order] = &[UNLESS_TARGETED, UNTIL_MY_TURN];

/// The standing orders that could answer `seat`'s pending decision.
pub fn orders(s: &State, seat: Seat) -> Vec<Order> {
    ORDERS.iter().copied().filter(|o| follow(s, seat, o.key).is_some()).collect()
}

/// The answer standing order `key` gives `seat` now, if it covers the decision.
pub fn follow(s: &State, seat: Seat, key: &str) -> Option<Action> {
    if s.prompt != Prompt::Priority || !to_act(s).contains(&seat) {
        return None;
    }
    let covered = seat != s.active
        && match key {
            "pass-unless-targeted" => !targeted(s, seat) && !defending(s, seat),
            "pass-until-my-turn" => true,
            _ => false,
        };
    covered.then_some(Action::Pass)
}

/// Whether an object on the Stack controlled by another player targets
/// `seat` or something `seat` controls.
pub fn targeted(s: &State, seat: Seat) -> bool {
    let mine = |t: &TargetRef| match *t {
        TargetRef::Player(p) => p == seat,
        TargetRef::Permanent(uid) => s.players[seat].field.iter().any(|p| p.uid == uid),
        TargetRef::Spell(uid) => s.stack.iter().any(|i| i.uid == uid && i.controller == seat),
    };
    s.stack.iter().any(|i| i.controller != seat && i.targets.iter().any(mine))
}

/// Whether `seat` is the defending player of a combat under way.
pub fn defending(s: &State, seat: Seat) -> bool {
    seat != s.active
        && s.step == Step::Combat
        && !matches!(s.combat, CombatStage::Attackers | CombatStage::Done)
        && s.players[s.active].field.iter().any(|p| p.attacking)
}

/// The answer that declines the pending decision: keep, pass, no more
/// attackers, no more blockers, the unblocked attacker's damage taken by
/// the defender, not paying to keep a spell. A damage order, targets or
/// a discard have no answer that does nothing: none.
pub fn decline(s: &State, seat: Seat) -> Option<Action> {
    if !to_act(s).contains(&seat) {
        return None;
    }
    match s.prompt {
        Prompt::Mulligan(_) => Some(Action::Keep),
        Prompt::Priority => Some(Action::Pass),
        Prompt::DeclareAttackers => Some(Action::EndAttacks),
        Prompt::DeclareBlockers => Some(Action::EndBlocks),
        Prompt::AscendantDamage => legal_actions(s, seat).into_iter().next(),
        Prompt::Choice => super::choice::decline(s),
        Prompt::DamageOrder | Prompt::Discard | Prompt::AbilityTargets => None,
    }
}

/// Runes and Flickerborn cards at any priority; every other card in the
/// caster's own main phase with an empty Stack.
pub fn timing_allows(s: &State, seat: Seat, card: &Card) -> bool {
    let def = s.def(card.id);
    let instant = def.kind == CardType::Rune || def.keywords.contains(&Keyword::Flickerborn);
    instant || (seat == s.active && s.step.is_main() && s.stack.is_empty())
}

/// What `seat` can spend on a cost: its pool plus one resource per untapped Pillar.
pub fn available(s: &State, seat: Seat) -> ([u8; 5], u8) {
    let me = &s.players[seat];
    let mut colours = me.pool.pillars;
    for p in &me.field {
        if !p.tapped && s.kind_of(p) == CardType::Pillar {
            if let Some(c) = pillar_produces(s, p) {
                colours[c as usize] += 1;
            }
        }
    }
    (colours, me.pool.generic)
}

/// The resource a Pillar permanent produces.
pub fn pillar_produces(s: &State, p: &super::state::Permanent) -> Option<Pillar> {
    match &p.body {
        super::state::Body::Card(id) => s.def(*id).produces,
        super::state::Body::Token(_) => None,
    }
}

/// Whether `seat` can pay `cost` plus `extra` generic now.
pub fn can_pay(s: &State, seat: Seat, cost: &Cost, extra: u8) -> bool {
    pays(available(s, seat), cost, extra)
}

/// Whether resources `(colours, colourless)` (as [`available`] counts
/// them) pay `cost` plus `extra` generic.
fn pays((colours, colourless): ([u8; 5], u8), cost: &Cost, extra: u8) -> bool {
    let mut spare = u32::from(colourless);
    for p in Pillar::ALL {
        let need = cost.pips_of(p);
        if colours[p as usize] < need {
            return false;
        }
        spare += u32::from(colours[p as usize] - need);
    }
    spare >= u32::from(cost.generic) + u32::from(extra)
}
