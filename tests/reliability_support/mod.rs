//! Shared helpers of the reliability tests (`tests/reliability_*.rs`).
#![allow(dead_code)]

pub mod console;
pub mod matches;
pub(crate) use crate::pg_support;
pub mod words;
