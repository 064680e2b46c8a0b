//! The assembly phase as each viewer may see it: the board (who picks
//! next, the open row, each lord's count), the private pack and picks, the
//! labels of picks, the names a viewer may not be shown, and re-sampling
//! what a lord cannot see for the AI.
//!
//! Visible to everyone: the sets on the table and who took which (set
//! selection), the face-up row and every pick from it (open draft), the
//! spheres of the face-down row (blind draft) and how many cards each lord
//! holds. Visible to a lord only: their own picks (closed draft,
//! random-keep) and the pack or deal in front of them. Hidden from all:
//! the undealt pool, the faces of a blind row and of blind picks (they
//! stay face down until drawn), the discarded cards.

use std::collections::BTreeMap;

use super::action::Action;
use super::assembly::{self, card_label, sphere_label, to_act, Draft, Method, PACK, SETS};
use super::state::State;
use crate::cards::spheres::{CardId, SpheresDb, DECK_SIZE};
use crate::engine::{ActionView, CardView, GameRng, Placement, Seat, SeatView, TableView, Viewer, ZoneView};

const MAX_LABEL: usize = 80;

fn clip(mut s: String) -> String {
    if s.chars().count() > MAX_LABEL {
        s = s.chars().take(MAX_LABEL - 1).collect::<String>() + "…";
    }
    s
}

/// A card face up: names, spheres, and both halves' numbers.
fn face(db: &SpheresDb, id: CardId) -> CardView {
    let c = db.card(id);
    CardView {
        name: format!("{} ({})", card_label(db, id), sphere_label(db, id)),
        detail: format!("creature cost {} · str {} · spell cost {}", c.creature.cost, c.creature.strength, c.spell.cost),
    }
}

/// A card face down: only its sphere.
fn back(db: &SpheresDb, id: CardId) -> CardView {
    CardView { name: format!("face-down {} card", sphere_label(db, id)), detail: String::new() }
}

/// Cards grouped by name, "Ember Drake / Flame Tongue ×3", in card order.
fn grouped(db: &SpheresDb, cards: &[CardId]) -> Vec<CardView> {
    let mut counts: BTreeMap<CardId, usize> = BTreeMap::new();
    for id in cards {
        *counts.entry(*id).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(id, n)| {
            let mut v = face(db, id);
            if n > 1 {
                v.name = format!("{} ×{n}", v.name);
            }
            v
        })
        .collect()
}

/// "12 Chaos, 9 Nature": a deck in the making by sphere.
fn by_sphere(db: &SpheresDb, cards: &[CardId]) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for id in cards {
        *counts.entry(db.card(*id).sphere.name().to_string()).or_default() += 1;
    }
    counts.into_iter().map(|(k, n)| format!("{n} {k}")).collect::<Vec<_>>().join(", ")
}

fn seat_view(s: &State, d: &Draft, seat: Seat, viewer: Option<Seat>) -> SeatView {
    let db = s.db();
    let picks = &d.picks[seat];
    let mut counters = vec![("Deck".to_string(), format!("{} of {DECK_SIZE}", picks.len()))];
    let mut zones = Vec::new();
    match d.method {
        Method::SetSelection => {
            let sets = &d.chosen[seat];
            let text = if sets.is_empty() { "none yet".to_string() } else { sets.join(", ") };
            counters.push((format!("Sets ({} of {SETS})", sets.len()), text));
        }
        Method::ClosedDraft => {
            let waiting = d.packs[seat].len();
            counters.push(("Packs waiting".to_string(), waiting.to_string()));
        }
        Method::RandomKeep => {
            let left = d.packs[seat].first().map_or(0, |p| p.len() - DECK_SIZE);
            counters.push(("To set aside".to_string(), left.to_string()));
        }
        Method::BlindDraft if !picks.is_empty() => {
            counters.push(("Spheres".to_string(), by_sphere(db, picks)));
        }
        _ => {}
    }
    let sees = d.method.picks_public() || (viewer == Some(seat) && d.method != Method::BlindDraft);
    if sees && !picks.is_empty() {
        let name = if viewer == Some(seat) { "Your picks" } else { "Picks" };
        zones.push(ZoneView { name: name.into(), cards: grouped(db, picks) });
    }
    SeatView {
        seat: Some(seat),
        name: s.name(seat).to_string(),
        counters,
        zones,
        alive: s.lords[seat].alive,
        ..Default::default()
    }
}

/// The headline: method and progress.
fn headline(d: &Draft) -> String {
    let least = d.picks.values().map(Vec::len).min().unwrap_or(0);
    let progress = match d.method {
        Method::SetSelection => {
            let least = d.chosen.values().map(Vec::len).min().unwrap_or(0);
            format!("set {} of {SETS}", (least + 1).min(SETS))
        }
        Method::ClosedDraft => {
            let rounds = DECK_SIZE.div_ceil(PACK - 1);
            let way = if assembly::passes_left(d.round) { "passing left" } else { "passing right" };
            format!("pack {} of {rounds}, {way}", (d.round as usize + 1).min(rounds))
        }
        Method::OpenDraft | Method::BlindDraft => format!("row {} of {DECK_SIZE}", (d.round as usize + 1).min(DECK_SIZE)),
        _ => format!("{least} of {DECK_SIZE} cards"),
    };
    format!("Deck assembly · {} · {progress}", d.method.name())
}

/// The pending question, phrased for `viewer`.
fn prompt(s: &State, d: &Draft, viewer: Option<Seat>) -> Option<String> {
    if s.outcome.is_some() {
        return None;
    }
    let who = to_act(d);
    if let Some(me) = viewer.filter(|v| who.contains(v)) {
        let text = match d.method {
            Method::SetSelection => "Choose a set of 12 for your deck".to_string(),
            Method::RandomKeep => {
                let left = d.packs[me].first().map_or(0, |p| p.len() - DECK_SIZE);
                format!("Set aside {left} more card{} of your deal; you keep the other 48", if left == 1 { "" } else { "s" })
            }
            Method::ClosedDraft => {
                let pack = d.packs[me].first().map_or(0, Vec::len);
                let more = d.packs[me].len() - 1;
                let queue = if more > 0 { format!(" ({more} more pack{} waiting)", if more == 1 { "" } else { "s" }) } else { String::new() };
                format!("Pick a card from your pack of {pack}{queue}")
            }
            Method::OpenDraft => "Take a card from the face-up row".to_string(),
            Method::BlindDraft => "Take a card from the face-down row (only its sphere shows)".to_string(),
            _ => return None,
        };
        return Some(text);
    }
    let names: Vec<&str> = who.iter().map(|w| s.name(*w)).collect();
    if names.is_empty() {
        return None;
    }
    let verb = if d.method == Method::RandomKeep { "set cards aside" } else { "pick" };
    Some(format!("Waiting for {} to {verb}", names.join(", ")))
}

/// The assembly phase as `viewer` may see it (`actions` is filled by the registry).
pub fn view(s: &State, d: &Draft, viewer: Viewer) -> TableView {
    let me = match viewer {
        Viewer::Seat(seat) => Some(seat),
        Viewer::Public => None,
    };
    let db = s.db();
    let mut shared = Vec::new();
    match d.method {
        Method::OpenDraft => {
            shared.push(ZoneView { name: "Row (face up)".into(), cards: d.row.iter().map(|c| face(db, *c)).collect() })
        }
        Method::BlindDraft => {
            shared.push(ZoneView { name: "Row (face down)".into(), cards: d.row.iter().map(|c| back(db, *c)).collect() })
        }
        Method::SetSelection => shared.push(ZoneView {
            name: "Sets on the table".into(),
            cards: d.sets.iter().map(|t| CardView { name: t.name.clone(), detail: by_sphere(db, &t.cards) }).collect(),
        }),
        _ => {}
    }
    let hand = me.map(|seat| match d.method {
        Method::ClosedDraft | Method::RandomKeep => {
            d.packs[seat].first().map(|p| p.iter().map(|c| face(db, *c)).collect()).unwrap_or_default()
        }
        _ => Vec::new(),
    });
    let mut notes = vec![format!("{}: {}", d.method.name(), summary(d.method))];
    if !d.gone.is_empty() {
        let names: Vec<&str> = d.gone.iter().map(|g| s.name(*g)).collect();
        notes.push(format!("The table picks for {} (conceded).", names.join(", ")));
    }
    TableView {
        game: "Spheres".into(),
        headline: headline(d),
        seats: s.lords.seats().map(|seat| seat_view(s, d, seat, me)).collect(),
        shared,
        waiting_for: to_act(d),
        prompt: prompt(s, d, me),
        notes,
        hand,
        hand_title: match d.method {
            Method::ClosedDraft => Some("Your pack".into()),
            Method::RandomKeep => Some("Your deal".into()),
            _ => None,
        },
        outcome: s.outcome.clone(),
        ..Default::default()
    }
}

fn summary(m: Method) -> &'static str {
    assembly::ASSEMBLIES.iter().find(|a| a.key == m.key()).map_or("", |a| a.summary)
}

/// A label for one pick of `seat`.
pub fn describe(s: &State, d: &Draft, seat: Seat, a: &Action) -> ActionView {
    let db = s.db();
    let cands = assembly::candidates(d, seat);
    let label = match a {
        Action::PickSet { set } => match d.sets.get(*set as usize) {
            Some(t) => format!("{} ({})", t.name, by_sphere(db, &t.cards)),
            None => "Take set".into(),
        },
        Action::Pick { card } => match cands.get(*card as usize) {
            Some(id) if d.method == Method::BlindDraft => format!("A face-down {} card", sphere_label(db, *id)),
            Some(id) => format!("{} ({})", card_label(db, *id), sphere_label(db, *id)),
            None => "Pick".into(),
        },
        Action::SetAside { card } => match cands.get(*card as usize) {
            Some(id) => format!("Set aside {}", card_label(db, *id)),
            None => "Set aside".into(),
        },
        _ => "?".into(),
    };
    // A pick from the row (face up or down) shows nothing private: it is
    // one click on the public board.
    let placement = match d.method {
        Method::OpenDraft | Method::BlindDraft => Placement::Board,
        _ => Placement::Hand,
    };
    ActionView { index: 0, label: clip(label), placement }
}

/// Cards `viewer` cannot see during the assembly (see the module doc).
/// Returns (hidden, shown).
pub fn hidden_and_shown(d: &Draft, viewer: Option<Seat>) -> (Vec<CardId>, Vec<CardId>) {
    let mut hidden: Vec<CardId> = d.pool.clone();
    let mut shown: Vec<CardId> = Vec::new();
    for (seat, picks) in d.picks.iter() {
        if d.method.picks_public() || (viewer == Some(seat) && d.method != Method::BlindDraft) {
            shown.extend(picks);
        } else {
            hidden.extend(picks);
        }
    }
    for (seat, packs) in d.packs.iter() {
        if viewer == Some(seat) {
            shown.extend(packs.first().into_iter().flatten());
            // Packs queued behind the first are not looked at yet.
            hidden.extend(packs.iter().skip(1).flatten());
        } else {
            hidden.extend(packs.iter().flatten());
        }
    }
    match d.method {
        Method::OpenDraft => shown.extend(&d.row),
        _ => hidden.extend(&d.row),
    }
    shown.extend(d.sets.iter().flat_map(|t| &t.cards));
    (hidden, shown)
}

/// A copy of `s` with everything of the draft hidden from `seat` dealt
/// again: the pool, the others' picks and packs, the packs queued behind
/// the seat's first; a face-down row card only among cards of its sphere.
pub fn determinize(s: &State, d: &Draft, seat: Seat, rng: &mut GameRng) -> State {
    let db = s.db();
    let mut d2 = d.clone();
    let (mut hidden, _) = hidden_and_shown(d, Some(seat));
    rng.shuffle(&mut hidden);
    // Face-down cards first (the row, and the blind picks, whose backs
    // everyone saw): each place takes a card of the same back.
    if d.method == Method::BlindDraft {
        let mut place_back = |place: &mut CardId| {
            let want = sphere_label(db, *place);
            let at = hidden.iter().position(|c| sphere_label(db, *c) == want).expect("the card itself is hidden");
            *place = hidden.swap_remove(at);
        };
        d2.row.iter_mut().for_each(&mut place_back);
        for (_, picks) in d2.picks.iter_mut() {
            picks.iter_mut().for_each(&mut place_back);
        }
    }
    let mut deal = hidden.into_iter();
    let mut refill = |cards: &mut Vec<CardId>| {
        for c in cards.iter_mut() {
            *c = deal.next().expect("as many hidden cards as hidden places");
        }
    };
    refill(&mut d2.pool);
    for (other, picks) in d2.picks.iter_mut() {
        if other != seat && !d.method.picks_public() && d.method != Method::BlindDraft {
            refill(picks);
        }
    }
    for (other, packs) in d2.packs.iter_mut() {
        let skip = usize::from(other == seat);
        for pack in packs.iter_mut().skip(skip) {
            refill(pack);
            pack.sort();
        }
    }
    let mut out = s.clone();
    out.assembly = Some(Box::new(d2));
    out
}
