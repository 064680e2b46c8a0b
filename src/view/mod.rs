//! View models: what the table shows, as Discord-shaped [`Message`]s
//! (content, one embed, components) that always fit Discord's limits, and
//! the message model itself ([`message`](Message), [`CustomId`]).
//!
//! Everything here is a pure function of views the rules produced
//! ([`TableView`](crate::engine::TableView)), so a renderer cannot show what
//! the rules did not put in front of that viewer.

mod board;
mod card;
pub mod custom_id;
mod fit;
mod hand;
mod lists;
mod message;

pub use board::{board, board_title, BoardContext};
pub use card::card_sheet;
pub use custom_id::CustomId;
pub use fit::{fit_embed, fit_message, join_within};
pub use hand::{hand, HandContext, HAND_BUTTONS};
pub use lists::{challenge, deck_choice, info, ChallengeInfo, DeckOption, DECKS_PER_PAGE};
pub use message::{limits, truncate, ButtonStyle, Component, Embed, EmbedField, Message, SelectOption};

use crate::engine::{ActionView, Placement};

/// Board buttons for actions (the rest go with the hand); a row is kept
/// for *My hand* / *Concede*.
pub const BOARD_ACTION_BUTTONS: usize = 20;

/// Splits a seat's actions into those offered as public board buttons and
/// those offered privately with the hand. With `board_allowed` false (several
/// seats must act at once) everything goes with the hand.
pub fn split_actions(actions: &[ActionView], board_allowed: bool) -> (Vec<&ActionView>, Vec<&ActionView>) {
    let mut on_board = Vec::new();
    let mut in_hand = Vec::new();
    for a in actions {
        if board_allowed && a.placement == Placement::Board && on_board.len() < BOARD_ACTION_BUTTONS {
            on_board.push(a);
        } else {
            in_hand.push(a);
        }
    }
    (on_board, in_hand)
}
