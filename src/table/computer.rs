//! The computer opponent at the table: who it is, how it takes a challenge
//! at once (no Accept step), and what the board says while it thinks.
//!
//! The computer sits at a match under a seat id that names its level
//! (`ai:hard`), so a match remembers the level it was challenged at in who
//! holds the seat, and every query that knows the seats knows which ones
//! the computer plays. It is never pinged, reminded or given a deadline.

use super::error::{refuse, TableError};
use super::loaded::Loaded;
use super::protocol::{Outgoing, PostKey, Request, RequestKind, Seating, UserId, UserRef};
use super::Table;
use crate::ai::Level;
use crate::engine::Seat;
use crate::games::{AnyState, Brings, GameId};
use crate::store::ChallengeStatus;

/// The id front ends give the computer when a person challenges the bot
/// itself (see [`UserRef::computer`]); in the console, `@cardtable`.
pub const COMPUTER: &str = "cardtable";

/// The start of every seat id the computer plays under ("ai:hard").
pub const COMPUTER_SEAT_PREFIX: &str = crate::ratings::COMPUTER_SEAT_PREFIX;

/// The computer's level when `user_id` is one of its seat ids.
pub fn computer_level(user_id: &str) -> Option<Level> {
    user_id.strip_prefix(COMPUTER_SEAT_PREFIX).and_then(|l| Level::parse(l).ok())
}

/// The seat id the computer plays under at `level`.
pub fn computer_seat_id(level: Level) -> String {
    format!("{COMPUTER_SEAT_PREFIX}{}", level.key())
}

/// Whether `user` is someone to ping: anyone but the computer.
pub(crate) fn pingable(user: &UserId) -> bool {
    computer_level(user.as_str()).is_none()
}

/// The computer as it takes a seat (with its level in its id), when the
/// challenge names it; refuses `level:` without the computer, and the
/// computer in a challenge of more than two.
pub(crate) fn computer_opponent(
    opponent: &UserRef,
    seating: &Seating,
) -> Result<Option<(UserRef, Level)>, TableError> {
    let level = seating.level.as_deref().map(str::trim).filter(|l| !l.is_empty());
    let named = |u: &UserRef| u.id.as_str() == COMPUTER || computer_level(u.id.as_str()).is_some();
    if seating.others.iter().chain(&seating.partner).any(named) {
        return refuse("The computer plays two-player matches only: name it as opponent, with nobody else.");
    }
    if !named(opponent) {
        return match level {
            Some(l) => refuse(format!(
                "level:{l} sets how well the computer plays; challenge it (opponent:@{COMPUTER}, the bot) \
                 with level, or leave level out to play {}.",
                opponent.name
            )),
            None => Ok(None),
        };
    }
    if !seating.others.is_empty() || seating.partner.is_some() {
        return refuse(
            "The computer plays two-player matches only: leave out the other opponents and partner.",
        );
    }
    let level = match level {
        None => computer_level(opponent.id.as_str()).unwrap_or(Level::Normal),
        Some(l) => Level::parse(l).map_err(|e| super::UserError::quoting(e, l))?,
    };
    let seat = UserRef { id: UserId(computer_seat_id(level)), name: opponent.name.clone(), bot: true };
    Ok(Some((seat, level)))
}

impl Table {
    /// The computer takes the challenge just made (its row is in
    /// `posted`'s key) at once, with a starter deck it picks, seeded: the
    /// match starts, and the challenger gets their hand. The challenge post
    /// itself is dropped: nobody has to press Accept.
    pub(crate) async fn computer_accepts(
        &self,
        req: &Request,
        posted: Vec<Outgoing>,
        computer: &UserRef,
    ) -> Result<Vec<Outgoing>, TableError> {
        let Some(id) = posted.iter().find_map(|o| match o {
            Outgoing::Post { key: Some(PostKey::Challenge(id)), .. } => Some(*id),
            _ => None,
        }) else {
            return Err(TableError::internal(anyhow::anyhow!("a challenge post without its key")));
        };
        let ch = self.store.challenge(id).await?;
        let game = GameId::parse(&ch.game).map_err(|e| TableError::internal(anyhow::anyhow!(e)))?;
        let deck = match self.computers_deck(&ch, game) {
            Ok(deck) => deck,
            Err(e) => {
                self.store.set_challenge_status(id, ChallengeStatus::Cancelled).await?;
                return Err(e);
            }
        };
        let as_computer = Request {
            user: computer.clone(),
            place: req.place.clone(),
            kind: RequestKind::Click { custom_id: crate::view::CustomId::Accept { challenge: id }.encode() },
        };
        let out = match self.take_seat(&as_computer, ch, game, deck).await {
            Ok(out) => out,
            Err(e) => {
                // No open challenge is left behind to block the next one.
                self.store.set_challenge_status(id, ChallengeStatus::Cancelled).await?;
                return Err(e);
            }
        };
        let mut out: Vec<Outgoing> = out
            .into_iter()
            .filter(|o| !matches!(o, Outgoing::Ephemeral { to, .. } if !pingable(to)))
            .collect();
        let match_id = out.iter().find_map(|o| match o {
            Outgoing::CreateThread { match_id, .. } => Some(*match_id),
            _ => None,
        });
        if let Some(match_id) = match_id {
            let m = self.load(match_id).await?;
            if let Some(seat) = m.seat_of(&req.user.id) {
                let mut hand = self.hand_now(&m, seat, &[], 0);
                hand.content = "The match has started. Your hand (only you can see this):".into();
                out.push(Outgoing::Ephemeral { to: req.user.id.clone(), message: hand });
            }
        }
        Ok(out)
    }

    /// The deck the computer brings to challenge `ch`: a starter deck
    /// picked by the match's seed base; none when the match builds decks
    /// or mirrors the challenger's.
    fn computers_deck(
        &self,
        ch: &crate::store::ChallengeRow,
        game: GameId,
    ) -> Result<Option<super::decks::ResolvedDeck>, TableError> {
        let info = game.info();
        match info.brings(ch.assembly.as_deref()) {
            Brings::Nothing | Brings::ChallengersDeck => Ok(None),
            Brings::Saved => refuse(format!(
                "assembly:{} plays decks the players designed, and the computer has none; \
                 choose another assembly to play the computer.",
                ch.assembly.as_deref().unwrap_or_default()
            )),
            Brings::AnyDeck | Brings::Prebuilt => {
                let starters = self.library.catalog(game).variant_decks(ch.variant.as_deref());
                if starters.is_empty() {
                    return refuse(format!("{} has no starter deck for the computer to bring.", info.name));
                }
                let seed = match self.config.seed {
                    Some(base) => base ^ (ch.id as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
                    None => rand::random(),
                };
                let pick = &starters[(seed % starters.len() as u64) as usize];
                let cards = pick.cards.clone();
                Ok(Some(super::decks::ResolvedDeck { name: pick.name.clone(), cards }))
            }
        }
    }

    /// "🤖 cardtable is thinking (hard)…" while every seat to act in
    /// `state` is the computer's.
    pub(crate) fn thinking(&self, m: &Loaded, state: &AnyState) -> Option<String> {
        if state.outcome().is_some() {
            return None;
        }
        let to_act = state.to_act();
        let levels: Vec<(Seat, Level)> =
            to_act.iter().filter_map(|s| m.computer_at(*s).map(|l| (*s, l))).collect();
        match levels.as_slice() {
            [(seat, level)] if to_act.len() == 1 => {
                Some(format!("🤖 {} is thinking ({})…", m.name_of(*seat), level.key()))
            }
            _ => None,
        }
    }
}

impl Loaded {
    /// The computer's level at `seat`, when the computer holds it.
    pub fn computer_at(&self, seat: Seat) -> Option<Level> {
        self.user_at(seat).and_then(|u| computer_level(u.as_str()))
    }
}
