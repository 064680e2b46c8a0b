//! What a game tells the table so a turn in chat costs few clicks and few
//! waits: whose turn it is, the answer that declines a decision, and the
//! standing orders a player may leave for decisions of a kind.

use serde::{Deserialize, Serialize};

use super::Seat;

/// Whose turn it is, and which turn of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    /// Counts every player's turns from 1.
    pub number: u32,
    /// The player whose turn it is.
    pub active: Seat,
    /// A teammate who shares the turn (Spheres' Citadel team turn): their
    /// decisions in it are the turn's own, as the active player's are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partner: Option<Seat>,
}

impl Turn {
    /// The turn `number` of `active` alone.
    pub fn of(number: u32, active: Seat) -> Turn {
        Turn { number, active, partner: None }
    }

    /// Whether `seat` is one whose turn it is (the active player or the
    /// partner sharing the turn).
    pub fn has(&self, seat: Seat) -> bool {
        self.active == seat || self.partner == Some(seat)
    }
}

/// A standing order: an answer a player leaves with the table for every
/// decision of one kind, so the match need not wait for them. Its
/// existence is public (the board shows it); when it fires, nobody is told
/// why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Order {
    /// Stable key, stored and typed in `/settings` ("never-block").
    pub key: &'static str,
    /// What the button and the board say ("Never block").
    pub label: &'static str,
    /// Lasts until the end of the turn it was given in, not the match.
    pub this_turn: bool,
}

/// The order every game has: pass a priority stop whenever the player has
/// no answer, even when only their hidden cards show it (the `/settings`
/// option `auto_pass`). The table follows it through [`super::Stop`].
pub const ONLY_WHEN_ABLE: Order =
    Order { key: "only-when-able", label: "Ask me only when I can respond", this_turn: false };

/// The order *End turn* leaves when other players must answer before the
/// turn can end (a defender's blocks, say): the table then declines every
/// later decision of the player's own turn for them, in that turn only.
/// Games do not follow it themselves; the table answers with
/// [`super::Rules::decline`].
pub const END_TURN: Order = Order { key: "end-turn", label: "End turn", this_turn: true };

/// Standing order of games with responses in other players' turns: pass
/// every priority stop of another player's turn unless something of theirs
/// is the target of an effect or they are in the combat.
pub const PASS_UNLESS_TARGETED: Order =
    Order { key: "pass-unless-targeted", label: "Pass unless I am targeted or attacked", this_turn: false };

/// Standing order: pass every priority stop of another player's turn (a
/// defender's choice is still asked); it ends with the turn it was given in.
pub const PASS_UNTIL_MY_TURN: Order =
    Order { key: "pass-until-my-turn", label: "Pass until my turn", this_turn: true };

/// A standing order as a match stores it for a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GivenOrder {
    /// The order's key.
    pub key: String,
    /// For an order of one turn, the turn it lasts for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
}

impl GivenOrder {
    /// Whether the order still holds on `turn`.
    pub fn holds(&self, turn: Option<Turn>) -> bool {
        match self.turn {
            None => true,
            Some(n) => turn.is_some_and(|t| t.number == n),
        }
    }
}
