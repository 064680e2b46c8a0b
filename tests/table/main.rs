//! The table: commands, decks, turns and chat flow as a front end drives them, on the manual clock.
//!
//! One test binary for the subject (one link instead of one per file);
//! the support modules are declared here once and used by the modules.

#[path = "../ai_support/mod.rs"]
mod ai_support;
#[path = "../pg_support/mod.rs"]
mod pg_support;
#[path = "../table_support/mod.rs"]
mod table_support;

mod athernum_chat;
mod athernum_match;
mod autopilot_stops;
mod board_size;
mod certamen_chat;
mod chat_turns;
mod hint;
mod quiet_windows;
mod ratings;
mod spheres_assembly_table;
mod table_commands;
mod table_cooldowns;
mod table_decks;
mod table_recovery;
