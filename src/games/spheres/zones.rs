//! Moving cards between the zones of one lord's field, with the events that
//! tell the table about it (public lines never name a hidden card).

use super::abilities::{creature_triggers, fire, fire_lord};
use super::state::{Creature, State, Uid};
use crate::cards::spheres::{Trigger, Zone};
use crate::engine::{Event, Seat};

/// "a card" / "cards".
pub fn cards_word(n: usize) -> String {
    if n == 1 {
        "a card".to_string()
    } else {
        format!("{n} cards")
    }
}

/// The card's name as a hand or trash card (its creature name).
pub fn card_name(s: &State, uid: Uid) -> &str {
    &s.def(uid).creature.name
}

/// "a" or "an" before a word.
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// A card's sphere, or both of a dual card ("Chaos/Nature"): printed on
/// its back, so public wherever the card is.
pub fn spheres_name(s: &State, uid: Uid) -> String {
    super::state::spheres_of(s.def(uid)).iter().map(|sp| sp.name()).collect::<Vec<_>>().join("/")
}

/// How a card in `zone` may be named to everyone.
pub fn public_label(s: &State, uid: Uid, zone: Option<Zone>) -> String {
    let def = s.def(uid);
    let sp = def.sphere.name();
    match zone {
        Some(Zone::Deck) => "a card from the deck".into(),
        Some(Zone::Hand) => "a hand card".into(),
        Some(Zone::Vault) if s.crystals_face_up() => format!("the {} crystal", def.creature.name),
        Some(Zone::Vault) => format!("{} {sp} crystal", article(sp)),
        Some(Zone::Groove) => format!("{} {sp} energy", article(sp)),
        Some(Zone::Towers) => format!("a {}", s.tower_word()),
        Some(Zone::Spells) => def.spell.name.clone(),
        Some(Zone::Battlefield) => {
            let base = |u: Uid| match s.creature(u) {
                Some(c) if c.face_down => format!("a face-down {} creature", spheres_name(s, u)),
                _ => s.def(u).creature.name.clone(),
            };
            let name = base(uid);
            // Two alike creatures of one lord are told apart by their
            // place among them on the battlefield ("Dream Thief #2").
            let alike: Vec<Uid> = match s.find_creature(uid) {
                Some((lord, _)) => {
                    s.lords[lord].battlefield.iter().map(|c| c.uid).filter(|u| base(*u) == name).collect()
                }
                None => Vec::new(),
            };
            match alike.iter().position(|u| *u == uid) {
                Some(k) if alike.len() > 1 => format!("{name} #{}", k + 1),
                _ => name,
            }
        }
        Some(Zone::Trash) => def.creature.name.clone(),
        None => def.spell.name.clone(),
    }
}

/// A card named with its owner, as everyone may see it: "Bob's Stone
/// Golem", "a card from Bob's hand". `whose` is "Bob's" or "your".
pub fn owned_label(s: &State, uid: Uid, zone: Option<Zone>, whose: &str) -> String {
    let sp = s.def(uid).sphere.name();
    match zone {
        Some(Zone::Deck) => format!("a card from {whose} deck"),
        Some(Zone::Hand) => format!("a card from {whose} hand"),
        Some(Zone::Vault) if s.crystals_face_up() => format!("{whose} {} crystal", card_name(s, uid)),
        Some(Zone::Vault) => format!("{whose} {sp} crystal"),
        Some(Zone::Groove) => format!("{whose} {sp} energy"),
        Some(Zone::Towers) => format!("one of {whose} {}", s.towers_word()),
        _ => format!("{whose} {}", public_label(s, uid, zone).trim_start_matches("a ")),
    }
}

/// Whether everyone may know which card `uid` in `zone` is.
pub fn is_public(s: &State, uid: Uid, zone: Option<Zone>) -> bool {
    match zone {
        Some(Zone::Spells) | Some(Zone::Trash) | None => true,
        Some(Zone::Vault) => s.crystals_face_up(),
        Some(Zone::Battlefield) => s.creature(uid).is_some_and(|c| !c.face_down),
        _ => false,
    }
}

/// Takes a card out of its zone. A creature leaves its attachments in the
/// trash. Returns the zone it was in (`None` if attached or being cast).
pub fn take(s: &mut State, uid: Uid) -> Option<Zone> {
    let seat = s.owner(uid);
    let lord = &mut s.lords[seat];
    if let Some(i) = lord.creature_index(uid) {
        let c = lord.battlefield.remove(i);
        lord.trash.extend(c.attached);
        return Some(Zone::Battlefield);
    }
    for z in [Zone::Deck, Zone::Hand, Zone::Vault, Zone::Groove, Zone::Towers, Zone::Spells, Zone::Trash] {
        let pile = lord.pile_mut(z);
        if let Some(i) = pile.iter().position(|u| *u == uid) {
            pile.remove(i);
            return Some(z);
        }
    }
    if let Some(i) = lord.limbo.iter().position(|u| *u == uid) {
        lord.limbo.remove(i);
        return None;
    }
    for c in &mut lord.battlefield {
        if let Some(i) = c.attached.iter().position(|u| *u == uid) {
            c.attached.remove(i);
            return None;
        }
    }
    None
}

/// Puts a card (already taken) into a pile zone of its owner (deck: on top).
pub fn put(s: &mut State, uid: Uid, zone: Zone) {
    let seat = s.owner(uid);
    match zone {
        Zone::Battlefield => {
            let face_down = s.def(uid).creature.inverted;
            s.lords[seat].battlefield.push(Creature::summoned(uid, face_down));
        }
        Zone::Groove => to_groove(s, uid),
        z => s.lords[seat].pile_mut(z).push(uid),
    }
}

/// Adds a card to its owner's groove, noting energy gained by an attacked lord.
pub fn to_groove(s: &mut State, uid: Uid) {
    let seat = s.owner(uid);
    s.lords[seat].groove.push(uid);
    // Citadel: energy reaching the attacked lord's teammate (their tower,
    // their creature) makes the teammate the one who may retaliate.
    let mate_of_defender = s.attack.as_ref().is_some_and(|a| s.citadel(a.defender).contains(&seat));
    if let Some(a) = &mut s.attack {
        if a.defender == seat || mate_of_defender {
            a.defender = seat;
            a.energized = true;
        }
    }
}

/// Summons a card (already taken) onto its owner's battlefield: dizzy, face
/// down if its creature cost is inverted (or `face_down`), with its summon
/// triggers queued when face up.
pub fn summon(s: &mut State, uid: Uid, face_down: bool, ev: &mut Vec<Event>) {
    let seat = s.owner(uid);
    let face_down = face_down || s.def(uid).creature.inverted;
    s.lords[seat].battlefield.push(Creature::summoned(uid, face_down));
    if face_down {
        ev.push(Event::public(format!(
            "{} summons a face-down {} creature",
            s.name(seat),
            spheres_name(s, uid)
        )));
        ev.push(Event::private(seat, format!("Your face-down creature is {}", card_name(s, uid))));
    } else {
        ev.push(Event::public(format!("{} summons {}", s.name(seat), card_name(s, uid))));
        fire(s, Trigger::Summon, uid);
    }
}

/// Draws up to `n` cards from the top of a lord's deck (fewer if it runs out).
pub fn draw(s: &mut State, seat: Seat, n: usize, ev: &mut Vec<Event>) -> usize {
    let mut names = Vec::new();
    for _ in 0..n {
        let Some(uid) = s.lords[seat].deck.pop() else { break };
        s.lords[seat].hand.push(uid);
        names.push(card_name(s, uid).to_owned());
    }
    if !names.is_empty() {
        ev.push(Event::public(format!("{} draws {}", s.name(seat), cards_word(names.len()))));
        ev.push(Event::private(seat, format!("You draw {}", names.join(", "))));
    }
    names.len()
}

/// Moves up to `n` cards from the top of a lord's deck to the groove.
pub fn energize_top(s: &mut State, seat: Seat, n: usize, ev: &mut Vec<Event>) -> usize {
    let mut moved = 0;
    for _ in 0..n {
        let Some(uid) = s.lords[seat].deck.pop() else { break };
        to_groove(s, uid);
        moved += 1;
    }
    if moved > 0 {
        ev.push(Event::public(format!("{} energizes {} from the deck", s.name(seat), cards_word(moved))));
    }
    moved
}

/// Destroys a tower: it goes to the groove and one more card from the top
/// of the deck follows it; the lord's tower-lost triggers fire.
pub fn destroy_tower(s: &mut State, uid: Uid, ev: &mut Vec<Event>) {
    let seat = s.owner(uid);
    take(s, uid);
    to_groove(s, uid);
    ev.push(Event::public(format!(
        "{} loses a {} ({} left)",
        s.name(seat),
        s.tower_word(),
        s.lords[seat].towers.len()
    )));
    energize_top(s, seat, 1, ev);
    fire_lord(s, Trigger::TowerLost, seat);
}

/// Destroys a creature: to its owner's groove, attachments to the trash,
/// its destroyed triggers fire (unless afflicted or face down).
pub fn destroy_creature(s: &mut State, uid: Uid, ev: &mut Vec<Event>) {
    let seat = s.owner(uid);
    let label = owned_label(s, uid, Some(Zone::Battlefield), &format!("{}'s", s.name(seat)));
    let triggers = creature_triggers(s, Trigger::Destroyed, uid);
    take(s, uid);
    to_groove(s, uid);
    ev.push(Event::public(format!("{label} is destroyed")));
    s.triggers.extend(triggers);
}

/// Destroys any card: a tower also energizes one more card, a creature
/// fires its destroyed triggers, anything else simply goes to the groove.
pub fn destroy(s: &mut State, uid: Uid, ev: &mut Vec<Event>) {
    match s.zone_of(uid) {
        Some(Zone::Towers) => destroy_tower(s, uid, ev),
        Some(Zone::Battlefield) => destroy_creature(s, uid, ev),
        zone => {
            let seat = s.owner(uid);
            let label = owned_label(s, uid, zone, &format!("{}'s", s.name(seat)));
            take(s, uid);
            to_groove(s, uid);
            ev.push(Event::public(format!("{label} is destroyed")));
        }
    }
}

/// Shuffles a lord's trash into the deck.
pub fn reshuffle_trash(s: &mut State, seat: Seat) {
    let mut trash = std::mem::take(&mut s.lords[seat].trash);
    s.lords[seat].deck.append(&mut trash);
    let mut deck = std::mem::take(&mut s.lords[seat].deck);
    s.rng.shuffle(&mut deck);
    s.lords[seat].deck = deck;
}
