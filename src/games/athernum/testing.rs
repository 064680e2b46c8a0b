//! Scenario helpers for tests: a match of two starter decks past the
//! secret choice of main characters, and cards put straight into zones.

use std::sync::Arc;

use super::effects::enter;
use super::state::{Card, Def, Phase, Place, Prompt, State, Uid};
use crate::cards::athernum::AthernumDb;
use crate::cards::Catalog;
use crate::engine::{MatchSetup, Rules, Seat, SeatSetup};

/// The embedded card pool.
pub fn db() -> Arc<AthernumDb> {
    Arc::new(AthernumDb::embedded().expect("the embedded Athernum pool loads"))
}

/// A setup of two starter decks (main deck then Extra Deck, as the table
/// stores a deck).
pub fn match_setup(db: &AthernumDb, seed: u64, decks: [&str; 2]) -> MatchSetup {
    let seats = ["Alice", "Bob"]
        .iter()
        .zip(decks)
        .map(|(name, deck)| {
            let d = db.deck(deck).expect("a starter deck");
            let mut cards = d.main_list();
            cards.extend(d.extra_list());
            SeatSetup { name: (*name).to_owned(), deck_name: deck.to_owned(), deck: cards }
        })
        .collect();
    MatchSetup { seed, seats, ..MatchSetup::default() }
}

/// The names of the four starter decks, in file order.
pub fn starter_names(db: &AthernumDb) -> Vec<String> {
    db.decks.iter().map(|d| d.name.clone()).collect()
}

/// Both players choose the first main character their deck offers.
pub fn choose_mains(s: &mut State) {
    for seat in [Seat(0), Seat(1)] {
        let a = super::Athernum::legal_actions(s, seat).into_iter().next().expect("a main character");
        super::Athernum::apply(s, seat, &a).expect("choose");
    }
}

/// `seat` chooses the main character named `name` (8.0.1a).
pub fn choose_main(s: &mut State, seat: Seat, name: &str) {
    let a = super::Athernum::legal_actions(s, seat)
        .into_iter()
        .find(|a| match a {
            super::Action::ChooseMain { card } => {
                s.players[seat].deck.iter().any(|c| c.uid == *card && s.db.card(c.id).name == name)
            }
            _ => false,
        })
        .unwrap_or_else(|| panic!("{name} is not a main character {} may choose", s.players[seat].name));
    super::Athernum::apply(s, seat, &a).expect("choose");
}

/// A match at Alice's (seat 0) day phase with empty hands and no
/// resources, her two command tokens ready and both main characters face
/// up, so a test puts in exactly what it needs.
pub fn day_phase(seed: u64) -> State {
    let db = db();
    let names = starter_names(&db);
    let mut s =
        super::Athernum::setup(&match_setup(&db, seed, [&names[0], &names[1]]), &db).expect("legal decks");
    choose_mains(&mut s);
    to_day_phase(s)
}

/// Like [`day_phase`], with the starter decks and main characters named.
pub fn day_phase_with(seed: u64, decks: [&str; 2], mains: [&str; 2]) -> State {
    let db = db();
    let mut s = super::Athernum::setup(&match_setup(&db, seed, decks), &db).expect("legal decks");
    choose_main(&mut s, Seat(0), mains[0]);
    choose_main(&mut s, Seat(1), mains[1]);
    to_day_phase(s)
}

fn to_day_phase(mut s: State) -> State {
    for seat in [Seat(0), Seat(1)] {
        let hand = std::mem::take(&mut s.players[seat].hand);
        s.players[seat].deck.extend(hand);
        s.players[seat].revealed.clear();
        s.players[seat].command = 2;
    }
    for p in &mut s.board {
        p.exhausted = false;
        p.face_down = false;
        p.exhaustion = 0;
    }
    s.continuous.clear();
    s.stack.clear();
    s.pending.clear();
    s.happened.clear();
    s.gone.clear();
    s.order = vec![Seat(0), Seat(1)];
    s.first = Seat(0);
    s.active = Seat(0);
    s.turn = 2;
    s.phase = Phase::Day;
    s.closing = false;
    s.combat_done = false;
    s.prompt = Prompt::Priority;
    s.priority = Seat(0);
    s.passes = 0;
    s.round_open = false;
    s
}

fn take(s: &mut State, seat: Seat, name: &str) -> Card {
    let id = s.db.find(name).expect("a card of the pool");
    let p = &mut s.players[seat];
    if let Some(i) = p.deck.iter().position(|c| c.id == id) {
        return p.deck.remove(i);
    }
    if let Some(i) = p.extra.iter().position(|c| c.id == id) {
        return p.extra.remove(i);
    }
    let uid = s.fresh_uid();
    s.deck_sizes[seat] += 1;
    Card { uid, id, owner: seat }
}

/// Moves a card named `name` to `seat`'s hand (from its deck, or made).
pub fn to_hand(s: &mut State, seat: Seat, name: &str) -> Uid {
    let c = take(s, seat, name);
    s.players[seat].hand.push(c);
    c.uid
}

/// Moves a card named `name` to the top of `seat`'s deck.
pub fn to_deck_top(s: &mut State, seat: Seat, name: &str) -> Uid {
    let c = take(s, seat, name);
    s.players[seat].deck.push(c);
    c.uid
}

/// Puts a card named `name` onto the board under `seat` at `place`, face
/// up, without putting its static abilities on the stack.
pub fn to_board(s: &mut State, seat: Seat, name: &str, place: Place) -> Uid {
    let c = take(s, seat, name);
    enter(s, c.uid, Def::Card(c.id), false, seat, seat, place, false);
    s.pending.clear();
    s.happened.clear();
    s.gone.clear();
    if let Some(p) = s.perm_mut(c.uid) {
        p.counted = true;
    }
    c.uid
}

/// Gives `seat` `n` ready resource tokens of its faction.
pub fn resources(s: &mut State, seat: Seat, n: usize) {
    let f = s.players[seat].faction;
    for _ in 0..n {
        super::effects::create_resource(s, seat, f, false);
    }
    s.pending.clear();
    s.happened.clear();
    s.gone.clear();
}

/// `seat`'s resource tokens.
pub fn resource_tokens(s: &State, seat: Seat) -> usize {
    s.board.iter().filter(|p| p.controller == seat && p.place == Place::Resource).count()
}

/// `seat`'s main character.
pub fn main_of(s: &State, seat: Seat) -> Uid {
    s.board.iter().find(|p| p.controller == seat && p.main).map(|p| p.uid).expect("a main character")
}

/// Applies `a` for `seat`, then passes for every other player while the
/// stack or a window waits on them, until `seat` decides again or the
/// game ends.
pub fn act(s: &mut State, seat: Seat, a: &super::Action) {
    super::Athernum::apply(s, seat, a).expect("legal");
    settle(s, seat);
}

/// Passes for the other players at priority until `seat` must decide.
pub fn settle(s: &mut State, seat: Seat) {
    for _ in 0..50 {
        let who = super::Athernum::to_act(s);
        if who.is_empty() || who.contains(&seat) || s.prompt != Prompt::Priority {
            return;
        }
        let other = who[0];
        super::Athernum::apply(s, other, &super::Action::Pass).expect("pass");
    }
}

/// The active player ends the day; every other player passes, until the
/// next player's own day window, the end of the game, or a decision that
/// is not a pass.
pub fn end_turn(s: &mut State) {
    let me = s.active;
    super::Athernum::apply(s, me, &super::Action::Pass).expect("end the day");
    for _ in 0..100 {
        if s.outcome.is_some() || (s.active != me && super::legal::main_window(s)) {
            return;
        }
        let who = super::Athernum::to_act(s);
        if who.is_empty() || s.prompt != Prompt::Priority {
            return;
        }
        super::Athernum::apply(s, who[0], &super::Action::Pass).expect("pass");
    }
}

/// Runs the game until `seat` is back in its own day or combat window (or
/// the game ends): every priority is passed, every other decision takes
/// the first answer offered, a search takes the first card.
pub fn resolve_all(s: &mut State, seat: Seat) {
    for _ in 0..200 {
        if s.outcome.is_some() || (s.active == seat && super::legal::main_window(s)) {
            return;
        }
        let Some(who) = super::Athernum::to_act(s).first().copied() else { return };
        let a = if s.prompt == Prompt::Priority {
            super::Action::Pass
        } else {
            super::Athernum::legal_actions(s, who).into_iter().next().expect("an answer")
        };
        super::Athernum::apply(s, who, &a).expect("legal");
    }
}
