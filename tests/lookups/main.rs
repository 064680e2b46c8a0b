//! Look-ups: card names, rule questions and inline references.
//!
//! One test binary for the subject (one link instead of one per file);
//! the support modules are declared here once and used by the modules.

#[path = "../pg_support/mod.rs"]
mod pg_support;
#[path = "../table_support/mod.rs"]
mod table_support;

mod athernum_lookups;
mod certamen_lookups;
mod lookups_cards;
mod lookups_inline;
mod lookups_rules;
mod rule_questions;
