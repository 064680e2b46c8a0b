//! Scenario helpers for tests: a match of two starter Spellbooks, and
//! cards put straight into zones.

use std::sync::Arc;

use super::state::{Card, State, Step, Uid};
use super::turn::{enter, open_priority};
use crate::cards::certamen::CertamenDb;
use crate::cards::Catalog;
use crate::engine::{MatchSetup, Rules, Seat, SeatSetup};

/// The embedded card pool.
pub fn db() -> Arc<CertamenDb> {
    Arc::new(CertamenDb::embedded().expect("the embedded Certamen pool loads"))
}

/// A setup of two starter Spellbooks; seat 0 goes first.
pub fn match_setup(db: &CertamenDb, seed: u64, books: [&str; 2]) -> MatchSetup {
    let seats = ["Alice", "Bob"]
        .iter()
        .zip(books)
        .map(|(name, book)| SeatSetup {
            name: (*name).to_owned(),
            deck_name: book.to_owned(),
            deck: db.spellbook(book).expect("a starter Spellbook").list(),
        })
        .collect();
    MatchSetup { seed, seats, first: Some(Seat(0)), ..MatchSetup::default() }
}

/// A match after both players kept, at the first player's first Main Phase 1
/// with empty hands, so a test puts in exactly the cards it needs.
pub fn main_phase(seed: u64) -> State {
    let db = db();
    let mut s = super::Certamen::setup(&match_setup(&db, seed, ["Cinderstorm", "Tides of Thought"]), &db)
        .expect("starter Spellbooks are legal");
    for seat in [Seat(1), Seat(0)] {
        super::Certamen::apply(&mut s, seat, &super::Action::Keep).expect("keep");
    }
    for seat in [Seat(0), Seat(1)] {
        let hand = std::mem::take(&mut s.players[seat].hand);
        s.players[seat].archive.extend(hand);
    }
    s.step = Step::Main1;
    open_priority(&mut s);
    s
}

/// Moves a card named `name` from `seat`'s Archive to its hand (or, if
/// the Archive has none, creates one — counted in the Spellbook size).
pub fn to_hand(s: &mut State, seat: Seat, name: &str) -> Uid {
    let c = take_from_archive(s, seat, name);
    s.players[seat].hand.push(c);
    c.uid
}

/// Puts a card named `name` onto `seat`'s Livingfield, untapped and not
/// summoning sick.
pub fn to_field(s: &mut State, seat: Seat, name: &str) -> Uid {
    let c = take_from_archive(s, seat, name);
    enter(s, c, seat, false);
    if let Some(p) = s.permanent_mut(c.uid) {
        p.entered_turn = 0;
        p.tapped = false;
    }
    s.pending.clear();
    c.uid
}

fn take_from_archive(s: &mut State, seat: Seat, name: &str) -> Card {
    let id = s.db().find(name).expect("a card of the pool");
    let archive = &mut s.players[seat].archive;
    match archive.iter().position(|c| c.id == id) {
        Some(i) => archive.remove(i),
        None => {
            let uid = s.fresh_uid();
            s.spellbook_sizes[seat] += 1;
            Card { uid, id, owner: seat }
        }
    }
}

/// Applies `a` for `seat`, panicking with the refusal, and checks the
/// invariants.
pub fn act(s: &mut State, seat: Seat, a: super::Action) {
    super::Certamen::apply(s, seat, &a).unwrap_or_else(|e| panic!("{a:?} by {seat} refused: {e}"));
    super::check_invariants(s).unwrap_or_else(|e| panic!("after {a:?}: {e}"));
}

/// Both players pass priority once, the holder first.
pub fn pass_both(s: &mut State) {
    let first = s.priority;
    act(s, first, super::Action::Pass);
    act(s, Seat(1 - first.0), super::Action::Pass);
}
