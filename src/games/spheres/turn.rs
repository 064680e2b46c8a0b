//! The turn: the resolution loop, the steps of the sequence of play, and
//! applying the answers players give.

use super::abilities::fire_lord;
use super::action::{Action, Prompt};
use super::battle;
use super::effects::{self, push_frame};
use super::legal::{self, cast_cost, summon_cost};
use super::state::{spheres_of, Checkpoint, Finish, Mode, State, Step, Turn, HAND};
use super::zones::{self, card_name, cards_word, take};
use crate::cards::spheres::Trigger;
use crate::engine::{Event, Illegal, Outcome, Seat};

/// Runs the game forward until someone must decide (or the game is over):
/// effects first, then waiting triggers, then the turn's own progress.
pub fn run(s: &mut State, ev: &mut Vec<Event>) {
    for _ in 0..100_000 {
        if s.outcome.is_some() {
            s.frames.clear();
            s.triggers.clear();
            s.prompt = None;
            s.attack = None;
            return;
        }
        if s.prompt.is_some() {
            return;
        }
        if !s.frames.is_empty() {
            effects::step(s, ev);
            continue;
        }
        if !s.triggers.is_empty() {
            let p = s.triggers.remove(0);
            push_frame(s, p.controller, p.this, p.list, Finish::Nothing);
            continue;
        }
        if !advance(s, ev) {
            return;
        }
    }
    let tail: Vec<&str> = ev.iter().rev().take(12).map(|e| e.text.as_str()).collect();
    panic!(
        "Spheres resolution did not settle (an endless loop of effects): frames {:?}, last events {tail:?}",
        s.frames
    );
}

/// Tag team and Citadel: starts the match's first turn again as the mode
/// plays it (the deal ran it in the plain way: only an empty regroup), with
/// the waiting lords (tag team) or the teammate's part of the team turn
/// (Citadel).
pub fn begin_mode(s: &mut State) {
    if !matches!(s.mode, Mode::TagTeam | Mode::Citadel) || s.outcome.is_some() {
        return;
    }
    s.turn = Turn::start(s.turn.number, s.turn.active, s.turn.first, Step::Regroup);
    prepare_mode(s);
    run(s, &mut Vec::new());
}

/// The mode's own state for the current turn: in tag team the lords who
/// wait (each team fights with one lord: the active lord for their team,
/// the first living lord in seat order for the others); in Citadel the
/// teammate's part of the team turn, at the same step.
pub fn prepare_mode(s: &mut State) {
    match s.mode {
        Mode::TagTeam => {
            let mut fighters = vec![s.turn.active];
            for seat in s.lords.seats() {
                if s.lords[seat].alive && !fighters.iter().any(|f| s.team(*f) == s.team(seat)) {
                    fighters.push(seat);
                }
            }
            s.waiting = s.lords.seats().filter(|w| s.lords[*w].alive && !fighters.contains(w)).collect();
        }
        Mode::Citadel if s.turn.mate.is_none() => {
            if let Some(m) = s.teammate(s.turn.active) {
                s.turn.mate = Some(Box::new(Turn::start(s.turn.number, m, s.turn.first, s.turn.step)));
            }
        }
        _ => {}
    }
}

/// Citadel: the teammate's part of the team turn becomes the active one
/// (and the active lord's part waits in its place).
pub fn swap_mate(s: &mut State) {
    let Some(mut m) = s.turn.mate.take() else { return };
    std::mem::swap(&mut s.turn, &mut m);
    s.turn.mate = Some(m);
}

/// Moves the turn on by one automatic piece; false when the lords whose
/// turn it is must decide something in the current step. In Citadel the
/// two teammates' parts of the team turn keep in step: a part never runs
/// a step before the other has reached it, and when one waits for its
/// lord the other runs up to its own decision, so both may answer.
fn advance(s: &mut State, ev: &mut Vec<Event>) -> bool {
    if s.attack.is_some() {
        return battle::advance_attack(s, ev);
    }
    if let Some(m) = &s.turn.mate {
        if !s.lords[m.active].alive {
            s.turn.mate = None;
        } else if m.step < s.turn.step || (m.step == s.turn.step && s.turn.parked && !m.parked) {
            swap_mate(s);
            return true;
        }
    }
    if step_on(s, ev) {
        return true;
    }
    // Only a Citadel team turn has a part to park (outside one the state
    // stays as it was, so a Cancel gives back exactly what was there).
    if s.turn.mate.is_some() {
        s.turn.parked = true;
        if s.turn.mate.as_ref().is_some_and(|m| m.step == s.turn.step && !m.parked) {
            swap_mate(s);
            return true;
        }
    }
    false
}

/// [`advance`] for the active lord's own step.
fn step_on(s: &mut State, ev: &mut Vec<Event>) -> bool {
    let seat = s.turn.active;
    match s.turn.step {
        Step::Regroup => {
            // Tag team: the team first decides whether to tag.
            if legal::tag_offer(s).is_some() {
                return false;
            }
            for c in &mut s.lords[seat].battlefield {
                c.engaged = false;
            }
            // With more than two lords the table counts rounds (a turn
            // number would count every lord's turn).
            ev.push(Event::public(if s.lords.len() > 2 {
                format!("Turn of {} · round {} · regroups", s.name(seat), s.round)
            } else {
                format!("Turn {} · {} regroups", s.turn.number, s.name(seat))
            }));
            // The first draft has no cure step.
            s.turn.step = if s.first_draft { Step::Crystal } else { Step::Cure };
            fire_lord(s, Trigger::Regroup, seat);
        }
        Step::Cure => {
            if !legal::cure_options(s).is_empty() {
                return false;
            }
            s.turn.step = Step::Crystal;
        }
        Step::Crystal => {
            if !s.lords[seat].hand.is_empty() {
                return false;
            }
            s.turn.step = Step::Main;
        }
        Step::Main => {
            // Skipped only when everyone can see there is nothing to cast:
            // a hand that merely holds nothing affordable is the lord's
            // secret (a priority stop, see `legal::stop`).
            if !legal::main_options(s).is_empty() || !legal::nothing_to_cast_publicly(s) {
                return false;
            }
            s.turn.step = Step::Battle;
        }
        Step::Battle => {
            if s.turn.fighting {
                if !s.turn.plan.is_empty() {
                    battle::next_planned(s, ev);
                    return true;
                }
                s.turn.fighting = false;
            }
            if !s.turn.plan.is_empty() || !legal::attack_options(s).is_empty() {
                return false;
            }
            s.turn.step = Step::Discard;
        }
        Step::Discard => {
            if !s.lords[seat].hand.is_empty() {
                return false;
            }
            s.turn.step = Step::Draw;
        }
        Step::Draw => {
            s.turn.step = Step::End;
            draw_step(s, seat, ev);
        }
        Step::End => {
            end_turn(s, ev);
        }
    }
    true
}

/// Step 7: draw one card, or five into an empty hand. Finding the deck
/// empty shuffles the trash back into it and costs a tower (while any is
/// left), even when the trash is empty too; this happens once per draw step.
///
/// First draft: draw up to five cards (one when the hand already holds
/// five or more), and an empty deck takes the trash back without a
/// shield lost.
fn draw_step(s: &mut State, seat: Seat, ev: &mut Vec<Event>) {
    let held = s.lords[seat].hand.len();
    let n = match (s.first_draft, held) {
        (true, h) if h >= HAND => 1,
        (true, h) => HAND - h,
        (false, 0) => HAND,
        (false, _) => 1,
    };
    let mut drawn = 0;
    let mut reshuffled = false;
    while drawn < n {
        if s.lords[seat].deck.is_empty() {
            if reshuffled {
                break;
            }
            reshuffled = true;
            let back = s.lords[seat].trash.len();
            zones::reshuffle_trash(s, seat);
            ev.push(Event::public(format!(
                "{}'s deck is empty: {} shuffled back into it from the trash",
                s.name(seat),
                cards_word(back)
            )));
            if !s.first_draft {
                if let Some(&tower) = s.lords[seat].towers.last() {
                    zones::destroy_tower(s, tower, ev);
                }
            }
            continue;
        }
        // One line for the cards drawn together ("draws 5 cards").
        drawn += zones::draw(s, seat, n - drawn, ev);
    }
    if drawn == 0 {
        ev.push(Event::public(format!("{} has no card left to draw", s.name(seat))));
    }
}

/// Step 8: clear the turn's temporary states and hand over to the next lord.
/// A whole round in which no lord had a single decision ends the game in a
/// draw: nothing can change any more.
fn end_turn(s: &mut State, ev: &mut Vec<Event>) {
    let decided = s.turn.decided || s.turn.mate.as_ref().is_some_and(|m| m.decided);
    s.quiet_turns = if decided { 0 } else { s.quiet_turns.saturating_add(1) };
    // A round is a turn of every living lord, or in tag team and Citadel
    // of every team still in the game.
    let alive = s.alive();
    let round = match s.mode {
        Mode::TagTeam | Mode::Citadel => {
            let mut teams: Vec<usize> = alive.iter().map(|a| s.team(*a)).collect();
            teams.dedup();
            teams.sort_unstable();
            teams.dedup();
            teams.len()
        }
        _ => alive.len(),
    };
    if s.quiet_turns as usize >= round {
        let reason = "No lord has anything left to do: the game is a draw".to_string();
        finish_game(s, Vec::new(), reason, ev);
        return;
    }
    for (_, lord) in s.lords.iter_mut() {
        for c in &mut lord.battlefield {
            c.dizzy = false;
            c.pump = 0;
        }
    }
    let n = s.lords.len();
    let mut next = s.turn.active;
    let active = s.turn.active;
    for k in 1..=n {
        let cand = Seat(((active.index() + k) % n) as u8);
        // Tag team: a waiting lord has no turn. Citadel: the team has
        // played its turn together.
        let skipped = s.waiting.contains(&cand) || (s.mode == Mode::Citadel && s.allies(active, cand));
        if s.lords[cand].alive && !skipped {
            next = cand;
            break;
        }
    }
    // The turn order coming back round to the first lord (or team) starts a round.
    if s.round_position(next) <= s.round_position(active) {
        s.round += 1;
    }
    s.turn = Turn::start(s.turn.number + 1, next, s.turn.first, Step::Regroup);
    if s.mode == Mode::Citadel {
        prepare_mode(s);
    }
}

/// Why `a` is not legal for `seat` now, in one sentence.
fn illegal(s: &State, seat: Seat, a: &Action) -> Illegal {
    if s.outcome.is_some() {
        return Illegal::new("The game is over.");
    }
    let who = legal::to_act(s);
    if !who.contains(&seat) {
        let names: Vec<&str> = who.iter().map(|w| s.name(*w)).collect();
        return Illegal::new(format!("It is not your decision: waiting for {}.", names.join(", ")));
    }
    let what = match a {
        Action::Cure { .. } => "You cannot cure that creature with that crystal now.",
        Action::Crystallize { .. } => "You cannot put that card in your vault now.",
        Action::Cast { .. } => "You cannot cast that spell now (mana, sphere or timing).",
        Action::Summon { .. } | Action::SummonFaceDown { .. } => {
            "You cannot summon that creature now (mana, sphere or timing)."
        }
        Action::Attack { .. } => "That creature cannot attack that target now.",
        Action::Block { .. } | Action::NoBlock => "There is no block to decide with that creature now.",
        Action::Siege { .. } => "That is not something this siege can destroy.",
        Action::Retaliate { .. } => "You cannot retaliate with that spell now.",
        Action::GrooveSummon { .. } => "You cannot summon that creature from your groove now.",
        Action::ChooseLord { .. } | Action::ChooseCard { .. } | Action::ChooseHost { .. } => {
            "That is not one of the offered choices."
        }
        Action::Done => "This choice cannot be cut short.",
        Action::Cancel => "There is nothing to take back now.",
        Action::Pass => "There is nothing to pass now.",
        Action::Tag => "Your team can tag only at the start of its turn, once, with a waiting teammate.",
        Action::DiscardHand | Action::DiscardCard { .. } | Action::KeepHand => "It is not the discard step.",
        Action::Pick { .. } | Action::PickSet { .. } | Action::SetAside { .. } => {
            "The decks are built: there is nothing left to pick."
        }
    };
    Illegal::new(what)
}

/// Checks and applies one answer, then runs the game to the next decision.
pub fn apply(s: &mut State, seat: Seat, a: &Action) -> Result<Vec<Event>, Illegal> {
    if !legal::legal_actions(s, seat).contains(a) {
        return Err(illegal(s, seat, a));
    }
    // Citadel: the teammate who answers first takes the step's lead; the
    // other's part waits until this answer has resolved.
    if legal::mate_acting(s) == Some(seat) {
        swap_mate(s);
    }
    s.turn.parked = false;
    let mut ev = Vec::new();
    if *a == Action::Cancel {
        let cp = s.checkpoint.take().expect("Cancel is only legal with a checkpoint");
        *s = cp.state;
        ev.push(Event::public(format!("{} takes the play back", s.name(seat))));
        return Ok(ev);
    }
    s.committed = false;
    let before = matches!(
        a,
        Action::Cast { .. }
            | Action::Summon { .. }
            | Action::SummonFaceDown { .. }
            | Action::Retaliate { .. }
            | Action::GrooveSummon { .. }
    )
    .then(|| {
        let mut b = s.clone();
        b.checkpoint = None;
        b
    });
    s.turn.decided = true;
    apply_unchecked(s, seat, a, &mut ev);
    run(s, &mut ev);
    let asks_same_seat = s.prompt.as_ref().is_some_and(|p| p.chooser() == seat);
    match before {
        Some(state) if !s.committed && asks_same_seat => {
            s.checkpoint = Some(Box::new(Checkpoint { seat, state }));
        }
        Some(_) => s.checkpoint = None,
        None => {
            if s.committed || !asks_same_seat {
                s.checkpoint = None;
            }
        }
    }
    s.committed = false;
    Ok(ev)
}

fn apply_unchecked(s: &mut State, seat: Seat, a: &Action, ev: &mut Vec<Event>) {
    let name = s.name(seat).to_string();
    match a {
        Action::Cure { creature, crystal } => {
            let crystal = s.lords[seat].vault[*crystal as usize];
            let c = &mut s.lords[seat].battlefield[*creature as usize];
            c.afflicted = false;
            let uid = c.uid;
            take(s, crystal);
            s.lords[seat].trash.push(crystal);
            ev.push(Event::public(format!(
                "{name} discards {} {} crystal to cure {}",
                zones::article(s.def(crystal).sphere.name()),
                s.def(crystal).sphere.name(),
                zones::public_label(s, uid, Some(crate::cards::spheres::Zone::Battlefield))
            )));
        }
        Action::Crystallize { card } => {
            let uid = s.lords[seat].hand[*card as usize];
            take(s, uid);
            s.lords[seat].vault.push(uid);
            let spheres = spheres_of(s.def(uid));
            let list: Vec<&str> = spheres.iter().map(|sp| sp.name()).collect();
            let sp = list.join("/");
            if s.crystals_face_up() {
                ev.push(Event::public(format!("{name} crystallizes {} ({sp}), face up", card_name(s, uid))));
            } else {
                ev.push(Event::public(format!("{name} crystallizes {} {sp} card", zones::article(&sp))));
                ev.push(Event::private(seat, format!("You crystallize {}", card_name(s, uid))));
            }
            s.turn.crystals.extend(spheres.iter().copied());
            if s.turn.step == Step::Crystal {
                s.turn.crystal_placed = true;
                if spheres.len() > 1 {
                    ev.push(Event::public("A dual-sphere crystal: the crystal-or-casting step is skipped"));
                    s.turn.step = Step::Battle;
                } else {
                    s.turn.step = Step::Main;
                }
            } else {
                s.turn.mana_locked = true;
                ev.push(Event::public(format!("{name}'s crystals give no mana for the rest of the turn")));
                s.turn.step = Step::Battle;
            }
        }
        Action::Cast { card } | Action::Summon { card } | Action::SummonFaceDown { card } => {
            let uid = s.lords[seat].hand[*card as usize];
            let face_down = matches!(a, Action::SummonFaceDown { .. });
            let summoning = face_down || matches!(a, Action::Summon { .. });
            let cost = match a {
                Action::SummonFaceDown { .. } => super::state::GENERIC_COST,
                Action::Summon { .. } => summon_cost(s, uid),
                _ => cast_cost(s, uid),
            };
            s.turn.mana_spent += cost;
            s.turn.casting = true;
            take(s, uid);
            if summoning {
                zones::summon(s, uid, face_down, ev);
            } else {
                effects::cast_spell(s, uid, ev);
            }
        }
        Action::Attack { attacker, lord, creature } => battle::plan(s, seat, *attacker, *lord, *creature, ev),
        Action::Block { blocker } => battle::block(s, Some(*blocker as usize), ev),
        Action::NoBlock => battle::block(s, None, ev),
        Action::Siege { target } => {
            s.prompt = None;
            battle::siege(s, *target, ev);
        }
        Action::Retaliate { card } => {
            s.prompt = None;
            battle::retaliate(s, seat, *card as usize, ev);
        }
        Action::GrooveSummon { card } => {
            s.prompt = None;
            battle::groove_summon(s, seat, *card as usize, ev);
        }
        Action::ChooseLord { seat: lord } => {
            s.prompt = None;
            effects::answer_lord(s, *lord);
        }
        Action::ChooseCard { option } => {
            let Some(Prompt::Cards { options, replacement, .. }) = s.prompt.take() else { unreachable!() };
            effects::answer_card(s, options[*option as usize], replacement);
        }
        Action::ChooseHost { creature } => {
            let Some(Prompt::Host { spell, .. }) = s.prompt.take() else { unreachable!() };
            effects::attach(s, spell, *creature as usize, ev);
        }
        Action::Done => {
            s.prompt = None;
            effects::answer_done(s);
        }
        Action::Cancel => unreachable!("handled by apply"),
        Action::Tag => {
            let Some(mate) = legal::tag_offer(s) else { return };
            s.waiting.retain(|w| *w != mate);
            s.waiting.push(seat);
            ev.push(Event::public(format!(
                "{name} tags out and waits outside battle: {} steps in and takes the turn",
                s.name(mate)
            )));
            let (number, first) = (s.turn.number, s.turn.first);
            s.turn = Turn::start(number, mate, first, Step::Regroup);
            s.turn.tag_asked = true;
            s.turn.decided = true;
        }
        Action::Pass => {
            if let Some(Prompt::Retaliate { .. }) = s.prompt.take() {
                ev.push(Event::public(format!("{name} does not retaliate")));
                s.attack = None;
                return;
            }
            s.turn.step = match s.turn.step {
                Step::Regroup => {
                    ev.push(Event::public(format!("{name} fights on (no tag)")));
                    s.turn.tag_asked = true;
                    Step::Regroup
                }
                Step::Cure => Step::Crystal,
                Step::Crystal => Step::Main,
                Step::Main => Step::Battle,
                Step::Battle if !s.turn.plan.is_empty() => {
                    s.turn.fighting = true;
                    Step::Battle
                }
                Step::Battle => {
                    ev.push(Event::public(format!("{name} ends the attacks")));
                    Step::Discard
                }
                other => other,
            };
        }
        Action::DiscardHand => {
            let hand = std::mem::take(&mut s.lords[seat].hand);
            let names: Vec<&str> = hand.iter().map(|u| card_name(s, *u)).collect();
            ev.push(Event::public(format!(
                "{name} trashes the whole hand ({}: {})",
                cards_word(hand.len()),
                names.join(", ")
            )));
            s.lords[seat].trash.extend(hand);
            s.turn.step = Step::Draw;
        }
        Action::DiscardCard { card } => {
            let uid = s.lords[seat].hand[*card as usize];
            take(s, uid);
            s.lords[seat].trash.push(uid);
            ev.push(Event::public(format!("{name} discards {}", card_name(s, uid))));
        }
        Action::KeepHand => s.turn.step = Step::Draw,
        // Picks belong to the assembly phase (see `assembly::apply`);
        // `legal_actions` never offers them once play has begun.
        Action::Pick { .. } | Action::PickSet { .. } | Action::SetAside { .. } => {}
    }
}

/// Ends the game with `winners`.
pub fn finish_game(s: &mut State, winners: Vec<Seat>, reason: String, ev: &mut Vec<Event>) {
    ev.push(Event::public(reason.clone()));
    s.outcome = Some(Outcome { winners, reason });
}

/// A lord is out of the game: out of the turn order and of every range.
/// While the game goes on, their creatures (and what is attached to them)
/// and their active spells go to their trash, and their waiting triggers
/// are dropped: nothing of theirs stays in play or has effect. Returns the winners once one side is left standing.
///
/// Tag team: by default the team is out with its first lord to fall (the
/// teammate leaves too); with `both-fall` a waiting teammate steps into
/// battle in the fallen lord's place.
pub fn eliminate(s: &mut State, seat: Seat) -> Option<Vec<Seat>> {
    let mut out = vec![seat];
    if s.mode == Mode::TagTeam {
        let mate = s.teammate(seat);
        if s.both_fall {
            s.waiting.retain(|w| Some(*w) != mate);
        } else {
            out.extend(mate);
        }
    }
    for o in &out {
        s.lords[*o].alive = false;
        s.lords[*o].fell_in = Some(s.round);
    }
    s.waiting.retain(|w| !out.contains(w));
    if let Some(winners) = s.last_side_standing() {
        return Some(winners);
    }
    for o in out {
        clear_lord(s, o);
    }
    None
}

/// What leaves play with a lord who is out of the game.
fn clear_lord(s: &mut State, seat: Seat) {
    let lord = &mut s.lords[seat];
    for c in std::mem::take(&mut lord.battlefield) {
        lord.trash.push(c.uid);
        lord.trash.extend(c.attached);
    }
    // Nothing of theirs stays in play: their active (fortress) spells go too.
    let spells = std::mem::take(&mut lord.spells);
    lord.trash.extend(spells);
    s.triggers.retain(|t| t.controller != seat);
    s.turn.plan.retain(|p| p.lord != seat);
}

/// `seat` leaves the game; the last lord (or team) standing wins.
pub fn concede(s: &mut State, seat: Seat) -> Vec<Event> {
    let mut ev = Vec::new();
    if s.outcome.is_some() || !s.lords[seat].alive {
        return ev;
    }
    if let Some(winners) = eliminate(s, seat) {
        let reason = format!("{} conceded", s.name(seat));
        finish_game(s, winners, reason, &mut ev);
    } else {
        ev.push(Event::public(format!("{} concedes and leaves the table", s.name(seat))));
        // Tag team: a teammate may have left with them.
        let gone = |s: &State, x: Seat| !s.lords[x].alive;
        let defending = s.attack.as_ref().is_some_and(|a| gone(s, a.defender));
        let choosing = s.prompt.as_ref().is_some_and(|p| gone(s, p.chooser()));
        if gone(s, s.turn.active) || defending || choosing {
            s.frames.clear();
            s.triggers.clear();
            s.prompt = None;
            s.attack = None;
            s.checkpoint = None;
            if gone(s, s.turn.active) {
                s.turn.step = Step::End;
            }
            run(s, &mut ev);
        } else if s.turn.mate.as_ref().is_some_and(|m| gone(s, m.active)) {
            // Citadel: the team turn goes on with the lord who stays.
            s.turn.mate = None;
            run(s, &mut ev);
        }
    }
    ev
}
