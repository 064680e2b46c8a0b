//! Shared helpers of the reliability tests (`tests/reliability_*.rs`).
#![allow(dead_code)]

pub mod console;
pub mod matches;
#[path = "../pg_support/mod.rs"]
pub mod pg_support;
pub mod words;
