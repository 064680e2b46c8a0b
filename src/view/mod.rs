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
pub mod phone;
mod rules;
mod words;

pub use board::{board, board_title, BoardContext};
pub use card::card_sheet;
pub use custom_id::{slug, CardKey, Choice, CustomId, SectionRef};
pub use fit::{fit_embed, fit_message, join_within};
pub use hand::{hand, HandContext, HAND_BUTTONS};
pub use rules::{link_label, rule_section, section_parts, SectionLink, SectionView, PART_CHARS};
pub use words::{
    and_list, clean_name, display_name, escape_markdown, excerpt, is_hidden_char, is_markdown_char, or_list,
    quote, unescape_markdown, NAME_CHARS, QUOTE_CHARS,
};

/// Board buttons for moves; rows are kept for the passes and *My hand* / *Concede*.
pub const BOARD_ACTION_BUTTONS: usize = 15;
pub use lists::{challenge, deck_choice, info, ChallengeInfo, DeckOption, DECKS_PER_PAGE};
pub use message::{
    components_match, limits, truncate, Attachment, ButtonStyle, Component, Embed, EmbedField, Message,
    Picture, SelectOption,
};

use crate::engine::ActionView;

/// One choice as a front end offers it: a button, or a select option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Button or option label.
    pub label: String,
    /// What a click does.
    pub choice: Choice,
    /// Declines or passes (a grey button, kept apart from the moves).
    pub pass: bool,
}

impl Offer {
    /// The rules' action `a`, offered as is.
    pub fn action(a: &ActionView, pass: bool) -> Offer {
        Offer { label: a.label.clone(), choice: Choice::Now { index: a.index }, pass }
    }
}
