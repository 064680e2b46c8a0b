//! The *Hint* button of the hand: in a match against the computer, a
//! player may ask it what it would do in their place. The search is the
//! computer's own ([`crate::ai::advise`]) within the `normal` budget at
//! most, from the asking seat's side: every simulation deals the cards
//! that seat cannot see again, so the hint knows what the player knows
//! and nothing more. The answer is private; that a hint was used is not:
//! the board counts each player's hints and the match's record lists them.
//!
//! Never in a match between people: those are all rated, and a hint would
//! be the computer playing for one of them. The button is not offered
//! there, and a click made up by hand is refused.

use super::error::{refuse, TableError};
use super::protocol::{Outgoing, Request};
use super::Table;
use crate::ai::{Advice, Weighed};
use crate::engine::Seat;
use crate::games::AnyState;
use crate::view;

/// Why there is no hint in a match between people.
pub(crate) const NO_HINT_BETWEEN_PEOPLE: &str = "Hints are only for matches against the computer: \
     this match between people is rated, so the computer may not play any of it for you. \
     To practise with hints, challenge the bot (/challenge opponent:@cardtable).";

/// Answers, the chosen one included, a hint names with their chances.
const WEIGHED_SHOWN: usize = 3;

impl Table {
    /// A click on *Hint* in `match_id`'s hand, for the decision at `version`.
    pub(crate) async fn hint(
        &self,
        req: &Request,
        match_id: i64,
        version: i64,
    ) -> Result<Vec<Outgoing>, TableError> {
        let m = self.load(match_id).await?;
        let seat = m.require_seat(req)?;
        if !m.hints_allowed() {
            return refuse(NO_HINT_BETWEEN_PEOPLE);
        }
        m.require_active()?;
        if m.row.version != version {
            return refuse(
                "That Hint button is from an earlier decision: the match has moved on. \
                 Open your hand again with /hand for a fresh one.",
            );
        }
        if !m.state.to_act().contains(&seat) {
            return refuse("It is not your move: a hint answers a decision of yours. Ask again when it is.");
        }
        let seat_number = i64::from(seat.0);
        // A decision is searched once: asked again, its hint is shown as
        // it was, at no cost to the hourly cap or the search slots.
        let lines = match self.store.hint_answer(m.id(), seat_number, version).await? {
            Some(lines) => lines,
            None => {
                self.check_hint_cap(req.user.id.as_str()).await?;
                let state = m.state.clone();
                let budget = self.hint_budget();
                let seed = hint_seed(m.setup.seed, version, seat);
                let advice =
                    self.in_search_slot(move || crate::ai::advise(&state, seat, budget, seed)).await?;
                let Some(advice) = advice else {
                    return refuse("You have nothing to decide right now, so there is nothing to hint at.");
                };
                self.mark_hint(req.user.id.as_str()).await?;
                let lines = hint_lines(&m.state, seat, &advice);
                self.store.record_hint(m.id(), seat_number, version, self.clock.now(), &lines).await?;
                lines
            }
        };
        let footer = Some(format!(
            "Match #{match_id} · move {version} · only you can see this · the board counts the hints used"
        ));
        let message = view::info("💡 Hint", &lines, footer);
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }
}

/// The seed of a hint: fixed by the match, the decision and the seat, so
/// asking again gives the same answer; apart from the computer's own
/// seeds (`ai_turns`) by a constant of its own.
fn hint_seed(match_seed: u64, version: i64, seat: Seat) -> u64 {
    const HINT: u64 = 0x4849_4E54_5F53_4545;
    match_seed
        ^ HINT
        ^ (version as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ u64::from(seat.0).rotate_left(56)
}

/// What the hint says: the move, then one line on why (the answers it
/// weighed, with their estimated chances).
fn hint_lines(state: &AnyState, seat: Seat, advice: &Advice) -> Vec<String> {
    let label = |w: &Weighed| view::escape_markdown(&state.describe(seat, &w.action).label);
    let Some(best) = advice.ranked.first() else { return vec![] };
    let first = label(best);
    let mut lines = vec![format!("My pick: **{first}**.")];
    let why = match best.chance {
        None => "It is your only choice here.".to_owned(),
        Some(chance) => {
            // Answers that read alike (a second copy of the same card) are
            // one choice to the player: each label is named once.
            let mut named = vec![first];
            let others: Vec<String> = advice.ranked[1..]
                .iter()
                .filter_map(|w| {
                    let l = label(w);
                    if named.contains(&l) {
                        return None;
                    }
                    named.push(l.clone());
                    w.chance.map(|c| format!("{l} {}", percent(c)))
                })
                .take(WEIGHED_SHOWN - 1)
                .collect();
            let against =
                if others.is_empty() { String::new() } else { format!("; next best: {}", others.join(", ")) };
            format!(
                "Why: about {} to win after it, over {} games played on with the cards you cannot see \
                 dealt at random{against}.",
                percent(chance),
                advice.iterations
            )
        }
    };
    lines.push(why);
    lines
}

/// "64%".
fn percent(chance: f64) -> String {
    format!("{:.0}%", (chance * 100.0).clamp(0.0, 100.0))
}
