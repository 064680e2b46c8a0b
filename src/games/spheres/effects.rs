//! Executing effects: spells being cast, evoked spell sections and
//! triggered abilities run as frames, one effect at a time; an effect that
//! needs a choice stores a prompt and is resumed by the answer.

use super::action::Prompt;
use super::select::{amount, candidates, lords_for, source_zone, Source};
use super::state::{EffectList, Finish, Frame, State, Uid, Work};
use super::zones::{self, card_name, is_public, owned_label, public_label, take};
use crate::cards::spheres::{Ability, Effect, Pick, Select, SpellKind, SpheresDb, Variable, Verb, Zone};
use crate::engine::{Event, Seat};

/// The effects a frame runs.
fn effect_list<'a>(db: &'a SpheresDb, s: &State, f: &Frame) -> &'a [Effect] {
    let def = db.card(s.cards[f.this.0 as usize]);
    let abilities: &[Ability] = match f.list {
        EffectList::Spell => return &def.spell.effects,
        EffectList::CreatureAbility(_) => &def.creature.abilities,
        EffectList::SpellAbility(_) => &def.spell.abilities,
    };
    let i = match f.list {
        EffectList::CreatureAbility(i) | EffectList::SpellAbility(i) => i as usize,
        EffectList::Spell => unreachable!(),
    };
    match abilities.get(i) {
        Some(Ability::Triggered { effects, .. }) => effects,
        _ => &[],
    }
}

/// The name of what a frame is running, for events ("Frost Lance").
pub fn source_name<'a>(s: &'a State, f: &Frame) -> &'a str {
    let def = s.def(f.this);
    match f.list {
        EffectList::CreatureAbility(_) => &def.creature.name,
        EffectList::Spell | EffectList::SpellAbility(_) => &def.spell.name,
    }
}

/// Starts a frame for a triggered ability or a cast spell.
pub fn push_frame(s: &mut State, controller: Seat, this: Uid, list: EffectList, finish: Finish) {
    s.frames.push(Frame {
        controller,
        this,
        list,
        next: 0,
        work: None,
        finish,
        summon_this: false,
        evoked: false,
    });
}

/// Casts the spell half of a card already taken from its zone, for its
/// owner. An inverted spell can only become a face-down generic creature.
pub fn cast_spell(s: &mut State, uid: Uid, ev: &mut Vec<Event>) {
    let seat = s.owner(uid);
    let db = s.db.arc();
    let def = db.card(s.cards[uid.0 as usize]);
    if def.spell.inverted {
        zones::summon(s, uid, true, ev);
        return;
    }
    ev.push(Event::public(format!("{} casts {}", s.name(seat), def.spell.name)));
    match def.spell.kind {
        SpellKind::Instant => {
            s.lords[seat].limbo.push(uid);
            push_frame(s, seat, uid, EffectList::Spell, Finish::Spell);
        }
        SpellKind::Active => {
            s.lords[seat].spells.push(uid);
            push_frame(s, seat, uid, EffectList::Spell, Finish::Spell);
        }
        SpellKind::Attach => {
            s.lords[seat].limbo.push(uid);
            match s.lords[seat].battlefield.len() {
                0 => {
                    s.lords[seat].limbo.retain(|u| *u != uid);
                    s.lords[seat].trash.push(uid);
                    ev.push(Event::public(format!(
                        "{} has no creature to hold it and is trashed",
                        def.spell.name
                    )));
                }
                1 => attach(s, uid, 0, ev),
                _ => s.prompt = Some(Prompt::Host { chooser: seat, spell: uid }),
            }
        }
    }
}

/// Attaches a spell in limbo under the creature at `pos` of its lord's
/// battlefield and runs its effects.
pub fn attach(s: &mut State, uid: Uid, pos: usize, ev: &mut Vec<Event>) {
    let seat = s.owner(uid);
    s.lords[seat].limbo.retain(|u| *u != uid);
    let host = s.lords[seat].battlefield[pos].uid;
    s.lords[seat].battlefield[pos].attached.push(uid);
    let host_label = public_label(s, host, Some(Zone::Battlefield));
    ev.push(Event::public(format!("{} is attached to {}", s.def(uid).spell.name, host_label)));
    push_frame(s, seat, uid, EffectList::Spell, Finish::Spell);
}

/// Runs the next step of the innermost frame: one effect, or the frame's end.
pub fn step(s: &mut State, ev: &mut Vec<Event>) {
    let fi = s.frames.len() - 1;
    let db = s.db.arc();
    let effects = effect_list(&db, s, &s.frames[fi]);
    let next = s.frames[fi].next as usize;
    if next >= effects.len() {
        let f = s.frames.pop().expect("a frame is running");
        finish(s, &f, ev);
        return;
    }
    if run_effect(s, fi, &effects[next], ev) {
        let f = &mut s.frames[fi];
        f.next += 1;
        f.work = None;
        s.committed = true;
    }
}

fn finish(s: &mut State, f: &Frame, ev: &mut Vec<Event>) {
    if f.finish != Finish::Spell {
        return;
    }
    let uid = f.this;
    let seat = s.owner(uid);
    let in_limbo = s.lords[seat].limbo.contains(&uid);
    let still_cast = in_limbo || s.zone_of(uid) == Some(Zone::Spells) || s.host_of(uid).is_some();
    if f.summon_this && still_cast {
        take(s, uid);
        zones::summon(s, uid, false, ev);
    } else if in_limbo {
        take(s, uid);
        s.lords[seat].trash.push(uid);
    }
}

/// Executes one effect of frame `fi`; false when it waits for a choice.
fn run_effect(s: &mut State, fi: usize, effect: &Effect, ev: &mut Vec<Event>) -> bool {
    let f = &s.frames[fi];
    let src = Source { controller: f.controller, card: f.this };
    let name = source_name(s, f).to_owned();
    let name = name.as_str();
    match effect {
        Effect::Move { verb: Verb::Draw, what } => {
            let Some(lord) = choose_lord(s, fi, what, Some(Verb::Draw), src, true) else { return false };
            let n = amount(s, src, what.count);
            let n = if n == u8::MAX { s.lords[lord].deck.len() } else { n as usize };
            zones::draw(s, lord, n, ev);
            true
        }
        Effect::Move { verb, what } => {
            let Some((lord, picked)) = select(s, fi, what, Some(*verb), src) else { return false };
            let zone = source_zone(Some(*verb), what);
            for uid in picked {
                move_card(s, uid, *verb, name, ev);
            }
            if what.pick == Pick::Search && zone == Zone::Deck {
                shuffle_zone(s, lord, Zone::Deck);
            }
            true
        }
        Effect::Shuffle { zone, lord } => {
            let sel = Select { lord: *lord, ..Select::default() };
            let Some(lord) = choose_lord(s, fi, &sel, None, src, true) else { return false };
            shuffle_zone(s, lord, *zone);
            let word = if *zone == Zone::Towers { s.towers_word() } else { zone_word(*zone) };
            ev.push(Event::public(format!("{name}: {} shuffles their {word}", s.name(lord))));
            true
        }
        Effect::Replace { what, with } => replace(s, fi, what, *with, src, name, ev),
        Effect::Afflict { what }
        | Effect::Cure { what }
        | Effect::Engage { what }
        | Effect::Ready { what }
        | Effect::Pump { what, .. } => {
            let sel = Select { from: Zone::Battlefield, ..what.clone() };
            let Some((_, picked)) = select(s, fi, &sel, None, src) else { return false };
            for uid in picked {
                let whose = format!("{}'s", s.name(s.owner(uid)));
                let label = owned_label(s, uid, Some(Zone::Battlefield), &whose);
                let Some(c) = s.creature_mut(uid) else { continue };
                let what = match effect {
                    Effect::Afflict { .. } => {
                        c.afflicted = true;
                        "is afflicted".to_string()
                    }
                    Effect::Cure { .. } => {
                        c.afflicted = false;
                        "is cured".to_string()
                    }
                    Effect::Engage { .. } => {
                        c.engaged = true;
                        "is engaged".to_string()
                    }
                    Effect::Ready { .. } => {
                        c.engaged = false;
                        "is readied".to_string()
                    }
                    Effect::Pump { amount, .. } => {
                        c.pump = c.pump.saturating_add(*amount);
                        format!("gets {amount:+} strength this turn")
                    }
                    _ => unreachable!(),
                };
                ev.push(Event::public(format!("{name}: {label} {what}")));
            }
            true
        }
        Effect::Evoke => {
            let f = &s.frames[fi];
            // A spell cannot evoke itself (that would never end).
            if !f.evoked && f.list != EffectList::Spell {
                let (controller, this) = (f.controller, f.this);
                ev.push(Event::public(format!("{name} evokes {}", s.def(this).spell.name)));
                push_frame(s, controller, this, EffectList::Spell, Finish::Nothing);
                s.frames.last_mut().expect("just pushed").evoked = true;
            }
            true
        }
        Effect::SummonThis => {
            let f = &mut s.frames[fi];
            if f.finish == Finish::Spell {
                f.summon_this = true;
            }
            true
        }
    }
}

fn zone_word(z: Zone) -> &'static str {
    match z {
        Zone::Deck => "deck",
        Zone::Hand => "hand",
        Zone::Vault => "vault",
        Zone::Groove => "groove",
        Zone::Towers => "towers",
        Zone::Spells => "spells",
        Zone::Battlefield => "battlefield",
        Zone::Trash => "trash",
    }
}

fn shuffle_zone(s: &mut State, lord: Seat, zone: Zone) {
    if zone == Zone::Battlefield {
        let mut v = std::mem::take(&mut s.lords[lord].battlefield);
        s.rng.shuffle(&mut v);
        s.lords[lord].battlefield = v;
    } else {
        let mut v = std::mem::take(s.lords[lord].pile_mut(zone));
        s.rng.shuffle(&mut v);
        *s.lords[lord].pile_mut(zone) = v;
    }
}

/// What a verb does to a card, in words.
fn verb_result(s: &State, verb: Verb) -> &'static str {
    match verb {
        Verb::Fortify if s.first_draft => "becomes a shield",
        Verb::Recover => "goes on top of the deck",
        Verb::Return => "returns to the hand",
        Verb::Draw => "is drawn",
        Verb::Crystallize => "becomes a crystal",
        Verb::Energize => "becomes energy",
        Verb::Fortify => "becomes a tower",
        Verb::Cast => "is cast",
        Verb::Summon => "is summoned",
        Verb::Trash => "is trashed",
        Verb::Destroy => "is destroyed",
    }
}

/// Moves one card with a verb, within its owner's field.
fn move_card(s: &mut State, uid: Uid, verb: Verb, name: &str, ev: &mut Vec<Event>) {
    let owner = s.owner(uid);
    let from = s.zone_of(uid);
    let dest = verb.destination();
    let shown = dest == Zone::Trash || (dest == Zone::Spells && !s.def(uid).spell.inverted);
    let revealed = !is_public(s, uid, from) && shown;
    let whose = format!("{}'s", s.name(owner));
    // A trash card going somewhere hidden is not named: it may have reached
    // the trash during this very action.
    let label =
        if from == Some(Zone::Trash) && !matches!(dest, Zone::Trash | Zone::Spells | Zone::Battlefield) {
            format!("a card from {whose} trash")
        } else {
            owned_label(s, uid, from, &whose)
        };
    match verb {
        Verb::Destroy => {
            ev.push(Event::public(format!("{name} destroys {label}")));
            zones::destroy(s, uid, ev);
            return;
        }
        Verb::Summon => {
            ev.push(Event::public(format!("{name}: {label} is summoned")));
            take(s, uid);
            zones::summon(s, uid, false, ev);
            return;
        }
        Verb::Cast => {
            ev.push(Event::public(format!("{name}: {label} is cast")));
            take(s, uid);
            cast_spell(s, uid, ev);
            return;
        }
        _ => {}
    }
    let text = if revealed {
        format!("{name}: {label} ({}) {}", card_name(s, uid), verb_result(s, verb))
    } else {
        format!("{name}: {label} {}", verb_result(s, verb))
    };
    ev.push(Event::public(text));
    if !revealed
        && !is_public(s, uid, from)
        && matches!(dest, Zone::Hand | Zone::Deck | Zone::Groove | Zone::Vault)
    {
        ev.push(Event::private(owner, format!("That card is {}", card_name(s, uid))));
    }
    take(s, uid);
    zones::put(s, uid, dest);
}

/// Enters a card into `zone` the way the zone's own verb would.
fn place(s: &mut State, uid: Uid, zone: Zone, ev: &mut Vec<Event>) {
    match zone {
        Zone::Battlefield => zones::summon(s, uid, false, ev),
        Zone::Spells if !s.def(uid).spell.inverted => cast_spell(s, uid, ev),
        Zone::Spells => zones::put(s, uid, Zone::Trash),
        z => zones::put(s, uid, z),
    }
}

fn replace(
    s: &mut State,
    fi: usize,
    what: &Select,
    with: Zone,
    src: Source,
    name: &str,
    ev: &mut Vec<Event>,
) -> bool {
    let Some((lord, picked)) = select(s, fi, what, None, src) else { return false };
    s.frames[fi].work.get_or_insert_with(Work::default).picked_all = true;
    let from = what.from;
    if picked.is_empty() || from == with {
        return true;
    }
    let sel = Select {
        count: crate::cards::spheres::Amount::Fixed(picked.len() as u8),
        from: with,
        lord: crate::cards::spheres::Lord::You,
        pick: what.pick,
        filter: Default::default(),
        optional: false,
    };
    let Some(others) = pick_cards(s, fi, &sel, None, lord, src, true) else { return false };
    for (a, b) in picked.into_iter().zip(others) {
        let whose = format!("{}'s", s.name(lord));
        let (la, lb) = (owned_label(s, a, Some(from), &whose), owned_label(s, b, Some(with), &whose));
        ev.push(Event::public(format!("{name}: {la} and {lb} trade places")));
        take(s, a);
        take(s, b);
        place(s, a, with, ev);
        place(s, b, from, ev);
    }
    true
}

/// Settles whose zone the effect works on (asking the controller when
/// there is a real choice). Lords with something to take come first.
fn choose_lord(
    s: &mut State,
    fi: usize,
    sel: &Select,
    verb: Option<Verb>,
    src: Source,
    any: bool,
) -> Option<Seat> {
    if let Some(l) = s.frames[fi].work.as_ref().and_then(|w| w.lord) {
        return Some(l);
    }
    let all = lords_for(s, src.controller, sel.lord);
    let useful: Vec<Seat> = if any {
        all.clone()
    } else {
        all.iter().copied().filter(|l| !candidates(s, sel, verb, *l, src).is_empty()).collect()
    };
    let options = if useful.is_empty() { all.clone() } else { useful.clone() };
    let lord = if options.len() == 1 || useful.is_empty() {
        options[0]
    } else {
        s.prompt = Some(Prompt::Lord { chooser: src.controller, options });
        return None;
    };
    s.frames[fi].work.get_or_insert_with(Work::default).lord = Some(lord);
    Some(lord)
}

/// The lord who answers an "opponent choice": the zone's owner when it is
/// not the caster, else the caster's next opponent.
pub fn opponent_chooser(s: &State, controller: Seat, lord: Seat) -> Seat {
    if lord != controller {
        lord
    } else {
        s.opponents(controller).first().copied().unwrap_or(controller)
    }
}

/// Selects the cards of an effect: (the lord whose zone, the cards).
fn select(
    s: &mut State,
    fi: usize,
    sel: &Select,
    verb: Option<Verb>,
    src: Source,
) -> Option<(Seat, Vec<Uid>)> {
    let lord = choose_lord(s, fi, sel, verb, src, false)?;
    let work = s.frames[fi].work.get_or_insert_with(Work::default);
    if work.picked_all {
        return Some((lord, work.picked.clone()));
    }
    let picked = pick_cards(s, fi, sel, verb, lord, src, false)?;
    Some((lord, picked))
}

/// Picks `sel.count` cards of `lord`'s zone per the selection's pick mode,
/// resuming from the choices stored in the frame's work.
#[allow(clippy::too_many_arguments)]
fn pick_cards(
    s: &mut State,
    fi: usize,
    sel: &Select,
    verb: Option<Verb>,
    lord: Seat,
    src: Source,
    replacement: bool,
) -> Option<Vec<Uid>> {
    let zone = source_zone(verb, sel);
    let work = s.frames[fi].work.clone().unwrap_or_default();
    let mut picked = if replacement { work.with.clone() } else { work.picked.clone() };
    let mut cands = if replacement {
        let mut v = s.lords[lord].zone(zone);
        if zone == Zone::Deck {
            v.reverse();
        }
        v
    } else {
        candidates(s, sel, verb, lord, src)
    };
    cands.retain(|u| !picked.contains(u));
    let total = amount(s, src, sel.count);
    let need = (total as usize).saturating_sub(picked.len());
    if need == 0 || cands.is_empty() || (work.done && !replacement) {
        return Some(picked);
    }
    let chooser = match sel.pick {
        Pick::Opponent => opponent_chooser(s, src.controller, lord),
        _ => src.controller,
    };
    let hidden_to_all = matches!(zone, Zone::Deck | Zone::Towers);
    let blind = zone == Zone::Hand && lord != chooser;
    let mode = match sel.pick {
        Pick::Random => Pick::Random,
        Pick::Top => Pick::Top,
        Pick::Search => Pick::Search,
        _ if hidden_to_all => Pick::Top,
        _ if blind => Pick::Random,
        other => other,
    };
    match mode {
        Pick::Top => {
            if zone != Zone::Deck {
                cands.reverse();
            }
            picked.extend(cands.into_iter().take(need));
        }
        Pick::Random => {
            for _ in 0..need.min(cands.len()) {
                let i = s.rng.below(cands.len());
                picked.push(cands.remove(i));
            }
            s.committed = true;
        }
        _ => {
            let all_forced = !sel.optional && cands.len() <= need;
            // Crystals and energy are known only by their sphere: alike ones need no question.
            let key = |u: &Uid| (s.def(*u).sphere, s.def(*u).dual);
            let all_equal = cands.len() > 1
                && !sel.optional
                && matches!(zone, Zone::Groove | Zone::Vault)
                && mode != Pick::Search
                && cands.iter().all(|u| key(u) == key(&cands[0]));
            if all_forced {
                picked.extend(cands);
            } else if all_equal {
                cands.reverse();
                picked.extend(cands.into_iter().take(need));
            } else {
                let reveal = mode == Pick::Search;
                if reveal && (hidden_to_all || blind) {
                    s.committed = true;
                }
                // Cards the chooser cannot tell apart (two copies in a
                // hand, two crystals of one sphere) are one choice, offered once.
                let mut seen: Vec<String> = Vec::new();
                cands.retain(|u| {
                    let label = super::view::option_label(s, *u, chooser, reveal).0;
                    let new = !seen.contains(&label);
                    seen.push(label);
                    new
                });
                s.prompt = Some(Prompt::Cards {
                    chooser,
                    options: cands,
                    optional: sel.optional && !replacement,
                    reveal,
                    replacement,
                });
                return None;
            }
        }
    }
    let w = s.frames[fi].work.get_or_insert_with(Work::default);
    if replacement {
        w.with = picked.clone();
    } else {
        w.picked = picked.clone();
        w.picked_all = true;
    }
    Some(picked)
}

/// Records a card chosen in a `Cards` prompt.
pub fn answer_card(s: &mut State, uid: Uid, replacement: bool) {
    let fi = s.frames.len() - 1;
    let w = s.frames[fi].work.get_or_insert_with(Work::default);
    if replacement {
        w.with.push(uid);
    } else {
        w.picked.push(uid);
    }
}

/// The chooser ends an optional selection.
pub fn answer_done(s: &mut State) {
    let fi = s.frames.len() - 1;
    s.frames[fi].work.get_or_insert_with(Work::default).done = true;
}

/// Records the lord chosen in a `Lord` prompt.
pub fn answer_lord(s: &mut State, seat: Seat) {
    let fi = s.frames.len() - 1;
    s.frames[fi].work.get_or_insert_with(Work::default).lord = Some(seat);
}

/// The count an effect asks for, for prompts ("choose 2").
pub fn wanted(s: &State) -> Option<(usize, usize)> {
    let f = s.frames.last()?;
    let effects = effect_list(&s.db, s, f);
    let e = effects.get(f.next as usize)?;
    let sel = match e {
        Effect::Move { what, .. }
        | Effect::Replace { what, .. }
        | Effect::Afflict { what }
        | Effect::Cure { what }
        | Effect::Engage { what }
        | Effect::Ready { what }
        | Effect::Pump { what, .. } => what,
        _ => return None,
    };
    let src = Source { controller: f.controller, card: f.this };
    let n = match sel.count {
        crate::cards::spheres::Amount::Var(Variable::All) => usize::MAX,
        a => amount(s, src, a) as usize,
    };
    let got = f.work.as_ref().map(|w| w.picked.len()).unwrap_or(0);
    Some((got, n))
}

/// The current effect of the innermost frame (for prompts and labels).
pub fn current_effect(s: &State) -> Option<&Effect> {
    let f = s.frames.last()?;
    effect_list(&s.db, s, f).get(f.next as usize)
}
