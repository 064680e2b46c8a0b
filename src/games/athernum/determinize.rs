//! Re-dealing what a seat cannot see (for the AI): the other players'
//! hands (apart from cards everyone saw arrive), every deck's order, the
//! other players' Extra Decks, face-down cards the seat does not control,
//! and, before the reveal, the other players' choice of main character.

use super::state::{Def, Phase, Place, State};
use crate::cards::athernum::{CardId, CardType};
use crate::engine::{GameRng, Seat};

/// Where an unseen card sits, so its new identity can be written back.
#[derive(Clone, Copy)]
enum Slot {
    Hand(usize),
    Deck(usize),
    Board(usize),
}

/// A copy of `s` with everything hidden from `seat` re-sampled with `rng`.
pub fn determinize(s: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut d = s.clone();
    {
        let mut deck = std::mem::take(&mut d.players[seat].deck);
        // Sorted first (here and below), so the deal depends on which
        // cards are hidden and never on where they really are.
        deck.sort_unstable_by_key(|c| c.uid);
        rng.shuffle(&mut deck);
        d.players[seat].deck = deck;
    }
    let others: Vec<Seat> = d.players.seats().filter(|o| *o != seat).collect();
    for other in others {
        if d.phase == Phase::Setup {
            if d.players[other].chosen.is_some() {
                let eligible: Vec<u32> = d.players[other]
                    .deck
                    .iter()
                    .filter(|c| d.db.card(c.id).main_eligible())
                    .map(|c| c.uid)
                    .collect();
                if !eligible.is_empty() {
                    d.players[other].chosen = Some(eligible[rng.below(eligible.len())]);
                }
            }
            continue;
        }
        // The cards the seat cannot tell apart: the others' unseen hand,
        // their deck and their face-down cards on the board.
        let mut slots = Vec::new();
        let mut ids: Vec<CardId> = Vec::new();
        let p = &d.players[other];
        for (i, c) in p.hand.iter().enumerate() {
            if !p.revealed.contains(&c.uid) {
                slots.push(Slot::Hand(i));
                ids.push(c.id);
            }
        }
        for (i, c) in p.deck.iter().enumerate() {
            slots.push(Slot::Deck(i));
            ids.push(c.id);
        }
        for (i, x) in d.board.iter().enumerate() {
            if x.controller == other && x.face_down && !x.exhausted && !x.token {
                if let Def::Card(id) = x.def {
                    slots.push(Slot::Board(i));
                    ids.push(id);
                }
            }
        }
        ids.sort_unstable();
        rng.shuffle(&mut ids);
        // Face-down cards first, each taking a card of its supertype (6.1.3).
        let mut order: Vec<usize> = (0..slots.len()).collect();
        order.sort_by_key(|i| !matches!(slots[*i], Slot::Board(_)));
        let mut left = ids;
        for i in order {
            let want = match slots[i] {
                Slot::Board(b) => Some(match d.board[b].place {
                    Place::Item { .. } => CardType::Item,
                    Place::Location => CardType::Location,
                    _ => CardType::Character,
                }),
                _ => None,
            };
            let pick = left.iter().position(|id| want.is_none_or(|k| d.db.card(*id).kind == k)).unwrap_or(0);
            let id = left.remove(pick);
            match slots[i] {
                Slot::Hand(h) => d.players[other].hand[h].id = id,
                Slot::Deck(k) => d.players[other].deck[k].id = id,
                Slot::Board(b) => d.board[b].def = Def::Card(id),
            }
        }
        // The Extra Deck: as many cards confined to it, of the player's
        // faction or none, drawn from the whole pool.
        let faction = d.players[other].faction;
        let pool: Vec<CardId> = (0..d.db.cards.len())
            .map(|i| CardId(i as u16))
            .filter(|id| {
                let c = d.db.card(*id);
                c.extra_deck_only() && (c.faction.is_none() || c.faction == faction)
            })
            .collect();
        if !pool.is_empty() {
            let n = d.players[other].extra.len();
            for k in 0..n {
                let id = pool[rng.below(pool.len())];
                d.players[other].extra[k].id = id;
            }
        }
    }
    // A fresh generator: the real one would tell future shuffles.
    d.rng = rng.fork();
    d
}
