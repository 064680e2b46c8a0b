//! Look-ups that touch no match: a game's rules and rulings found by
//! number or by words (`/rule`), cards found by any part of their names
//! (`/card`, its autocomplete, inline `[[card name]]`).
//!
//! A subject of its own, below [`crate::table`] (which turns commands into
//! these answers) and beside [`crate::view`] (which draws them): nothing
//! here knows of matches, the database or Discord.

pub mod card_answer;
pub mod card_index;
pub mod glossary;
pub mod inline;
pub mod rule_answer;
pub mod rule_index;
pub mod rule_words;
pub mod rulebook;
pub mod rulebooks;
