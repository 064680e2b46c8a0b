//! The store, a match's life cycle, concurrency, crashes and load: the tests `.ci/run` runs a second time on PostgreSQL (`CARDTABLE_TEST_POSTGRES`).
//!
//! One test binary for the subject (one link instead of one per file);
//! the support modules are declared here once and used by the modules.

#[path = "../pg_support/mod.rs"]
mod pg_support;
#[path = "../reliability_support/mod.rs"]
mod reliability_support;
#[path = "../table_support/mod.rs"]
mod table_support;

mod reliability_concurrency;
mod reliability_crash;
mod reliability_load;
mod store;
mod table_lifecycle;
