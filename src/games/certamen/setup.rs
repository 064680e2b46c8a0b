//! Setting a match up: Archives shuffled, Vitality 30, opening hands of 7,
//! then the mulligan question (the second player answers first).

use std::sync::Arc;

use super::state::{Card, CombatStage, Player, Pool, Prompt, State, Step, OPENING_HAND, START_VITALITY};
use super::turn::draw;
use crate::cards::certamen::CertamenDb;
use crate::engine::{Attached, GameRng, MatchSetup, PerSeat, Seat, SetupError};

/// Players a match seats.
pub const PLAYERS: (usize, usize) = (2, 2);

/// Sets a match up with the cards of `db`.
pub fn setup(setup: &MatchSetup, db: &Arc<CertamenDb>) -> Result<State, SetupError> {
    if setup.seats.len() != 2 {
        return Err(SetupError::Invalid(format!(
            "Certamen is played by 2 players; this match seats {}",
            setup.seats.len()
        )));
    }
    let mut rng = GameRng::from_seed(setup.seed);
    let mut next_uid = 0;
    let mut players = Vec::new();
    for (i, seat) in setup.seats.iter().enumerate() {
        let problems = db.spellbook_problems(&seat.deck);
        if !problems.is_empty() {
            return Err(SetupError::InvalidDeck {
                seat_name: seat.name.clone(),
                reason: problems.join("; "),
            });
        }
        let mut archive = Vec::new();
        for name in &seat.deck {
            let id = db.find(name).map_err(|e| SetupError::InvalidDeck {
                seat_name: seat.name.clone(),
                reason: e.to_string(),
            })?;
            next_uid += 1;
            archive.push(Card { uid: next_uid, id, owner: Seat(i as u8) });
        }
        rng.shuffle(&mut archive);
        players.push(Player {
            name: seat.name.clone(),
            vitality: START_VITALITY,
            archive,
            hand: Vec::new(),
            revealed: Vec::new(),
            field: Vec::new(),
            hollow: Vec::new(),
            exile: Vec::new(),
            pool: Pool::default(),
            pillar_played: false,
            kept: false,
            drew_from_empty: false,
            lost_by_effect: false,
            extra_turns: 0,
        });
    }
    let first = match setup.first {
        Some(s) if s.index() < 2 => s,
        _ => Seat(rng.below(2) as u8),
    };
    let sizes: Vec<usize> = setup.seats.iter().map(|s| s.deck.len()).collect();
    let mut players = players.into_iter();
    let mut s = State {
        db: Attached::new(db),
        players: PerSeat::from_fn(2, |_| players.next().expect("two players")),
        turn: 0,
        active: first,
        first,
        step: Step::Untap,
        prompt: Prompt::Mulligan(Seat(1 - first.0)),
        priority: first,
        passes: 0,
        stack: Vec::new(),
        combat: CombatStage::Attackers,
        next_uid,
        spellbook_sizes: PerSeat::from_fn(2, |seat| sizes[seat.index()]),
        pending: Vec::new(),
        choosing: None,
        choices: Vec::new(),
        resolving: None,
        rng,
        outcome: None,
    };
    for seat in [Seat(0), Seat(1)] {
        draw(&mut s, seat, OPENING_HAND);
    }
    Ok(s)
}
