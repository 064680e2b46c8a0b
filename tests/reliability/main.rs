//! Reliability: bad input, determinism, hidden information, offers and storage faults.
//!
//! One test binary for the subject (one link instead of one per file);
//! the support modules are declared here once and used by the modules.

#[path = "../pg_support/mod.rs"]
mod pg_support;
#[path = "../reliability_support/mod.rs"]
mod reliability_support;

mod reliability_bad_input;
mod reliability_determinism;
mod reliability_hidden;
mod reliability_offers;
mod reliability_storage;
