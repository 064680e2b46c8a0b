//! Setting a match up (8.0.x): decks checked and split into the main deck
//! and the Extra Deck; then every player chooses a main character in
//! secret, and once all have chosen they are revealed together,
//! initiative decides the turn order, the Victory Token pool is filled,
//! decks are shuffled and six cards drawn.

use std::sync::Arc;

use super::effects::enter;
use super::state::{Card, Def, Phase, Place, Player, Prompt, State};
use super::turn::{deal, start_turn};
use crate::cards::athernum::{AthernumDb, CardType};
use crate::engine::{Attached, Event, GameRng, MatchSetup, PerSeat, Seat, SetupError};

/// Players a match seats: the rules speak of "each other player" and of
/// the last player standing, so more than two may play (see the rulings).
pub const PLAYERS: (usize, usize) = (2, 4);

/// Sets a match up with the cards of `db`: it waits for the main characters.
pub fn setup(setup: &MatchSetup, db: &Arc<AthernumDb>) -> Result<State, SetupError> {
    let n = setup.seats.len();
    if !(PLAYERS.0..=PLAYERS.1).contains(&n) {
        return Err(SetupError::Invalid(format!(
            "Athernum is played by {} to {} players; this match seats {n}",
            PLAYERS.0, PLAYERS.1
        )));
    }
    if setup.variant.as_deref().is_some_and(|v| !v.trim().is_empty()) {
        return Err(SetupError::Invalid("Athernum has no variants; leave variant out".into()));
    }
    let rng = GameRng::from_seed(setup.seed);
    let mut next_uid = 0;
    let mut players = Vec::new();
    let mut sizes = Vec::new();
    for (i, seat) in setup.seats.iter().enumerate() {
        let (main, extra) = db.split_list(&seat.deck);
        let problems = db.deck_problems_split(&main, &extra);
        if !problems.is_empty() {
            return Err(SetupError::InvalidDeck {
                seat_name: seat.name.clone(),
                reason: problems.join("; "),
            });
        }
        let mut cards = |names: &[String]| -> Result<Vec<Card>, SetupError> {
            names
                .iter()
                .map(|n| {
                    let id = db.find(n).map_err(|e| SetupError::InvalidDeck {
                        seat_name: seat.name.clone(),
                        reason: e.to_string(),
                    })?;
                    next_uid += 1;
                    Ok(Card { uid: next_uid, id, owner: Seat(i as u8) })
                })
                .collect()
        };
        let deck = cards(&main)?;
        let extra = cards(&extra)?;
        sizes.push(deck.len() + extra.len());
        players.push(Player {
            name: seat.name.clone(),
            deck,
            extra,
            hand: Vec::new(),
            revealed: Vec::new(),
            discard: Vec::new(),
            void: Vec::new(),
            chosen: None,
            faction: None,
            pool: [0; 5],
            command: 0,
            solvency_used: false,
            contingency_used: false,
            location_played: false,
            ascended: Vec::new(),
            drew_from_empty: false,
            out: false,
            turns: 0,
        });
    }
    let mut players = players.into_iter();
    Ok(State {
        db: Attached::new(db),
        players: PerSeat::from_fn(n, |_| players.next().expect("one per seat")),
        order: (0..n).map(|i| Seat(i as u8)).collect(),
        board: Vec::new(),
        turn: 0,
        active: Seat(0),
        first: Seat(0),
        phase: Phase::Setup,
        combat_done: false,
        closing: false,
        fight: None,
        plan: None,
        prompt: Prompt::ChooseMain,
        priority: Seat(0),
        passes: 0,
        stack: Vec::new(),
        resolving: false,
        paused: None,
        choices: Vec::new(),
        pending: Vec::new(),
        round_open: false,
        happened: Vec::new(),
        gone: Vec::new(),
        continuous: Vec::new(),
        victory_pool: 0,
        next_uid,
        next_seq: 0,
        deck_sizes: PerSeat::from_fn(n, |s| sizes[s.index()]),
        notes: Vec::new(),
        rng,
        outcome: None,
        series: None,
    })
}

/// Initiative of a main character (3.0.2c, 8.0.2): the lower the
/// acquisition cost the higher; no cost is initiative 0, the lowest (see
/// the rulings). Returned as a key that sorts the first player first.
fn initiative_key(s: &State, seat: Seat) -> (u8, u8) {
    let uid = s.players[seat].chosen.expect("chosen");
    let main = s.perm(uid).expect("placed");
    match s.def(main.def).and_then(|d| d.cost) {
        Some(c) => (0, c),
        None => (1, 0),
    }
}

/// Reveals every main character at once (8.0.1c) and starts the game.
pub fn reveal(s: &mut State, ev: &mut Vec<Event>) {
    let mut shown = Vec::new();
    for seat in s.players.seats().collect::<Vec<_>>() {
        let uid = s.players[seat].chosen.expect("every seat chose");
        let p = &mut s.players[seat];
        let i = p.deck.iter().position(|c| c.uid == uid).expect("chosen from the deck");
        let card = p.deck.remove(i);
        let d = s.db.card(card.id);
        let place = if d.kind == CardType::Character { Place::Main } else { Place::Location };
        s.players[seat].faction = d.faction;
        s.victory_pool += u32::from(d.victory.unwrap_or(0));
        shown.push(format!("{} — {}", s.players[seat].name, d.name));
        enter(s, uid, Def::Card(card.id), false, seat, seat, place, true);
        let m = s.perm_mut(uid).expect("entered");
        // Enters exhausted, but without an exhaustion counter (3.0.4).
        m.main = true;
        m.exhausted = true;
        m.counted = true;
    }
    s.happened.clear();
    s.gone.clear();
    ev.push(Event::public(format!("Main characters revealed: {}.", shown.join("; "))));
    // Initiative: ties are broken at random (8.0.2d, 8.0.6b).
    let mut order: Vec<Seat> = s.players.seats().collect();
    s.rng.shuffle(&mut order);
    order.sort_by_key(|seat| initiative_key(s, *seat));
    s.order = order.clone();
    s.first = order[0];
    let first = &s.players[order[0]].name;
    let uncosted = order[1..].iter().any(|seat| initiative_key(s, *seat).0 == 1);
    let why = match initiative_key(s, order[0]) {
        (0, c) if uncosted => format!(
            "their main character costs {c}, and a main character without a cost has the lowest initiative"
        ),
        (0, c) => format!("their main character has the lowest cost ({c})"),
        _ => "the initiative is tied".to_owned(),
    };
    let tied = order.len() > 1 && initiative_key(s, order[0]) == initiative_key(s, order[1]);
    s.notes.push(if tied {
        format!("{first} goes first: the initiative was tied and chance decided.")
    } else {
        format!("{first} goes first: {why}.")
    });
    s.notes.push(format!("The Victory Token pool starts with {}.", s.victory_pool));
    for seat in s.players.seats().collect::<Vec<_>>() {
        let mut deck = std::mem::take(&mut s.players[seat].deck);
        s.rng.shuffle(&mut deck);
        s.players[seat].deck = deck;
    }
    deal(s, ev);
    let f = s.first;
    start_turn(s, f, ev);
}
