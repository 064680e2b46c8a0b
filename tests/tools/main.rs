//! The console, scripts, progress, figures, pictures, the architecture's layering and the computer players.
//!
//! One test binary for the subject (one link instead of one per file);
//! the support modules are declared here once and used by the modules.

#[path = "../ai_support/mod.rs"]
mod ai_support;
#[path = "../pg_support/mod.rs"]
mod pg_support;
#[path = "../table_support/mod.rs"]
mod table_support;

mod ai_console;
mod ai_greedy;
mod ai_search;
mod ai_table;
mod architecture;
mod console_match;
mod console_script;
mod figures;
mod picture;
mod progress_console;
