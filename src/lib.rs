//! cardtable: asynchronous trading-card matches between friends, in chat.
//!
//! Layers (dependencies point one way): front ends (`discord`, `console`)
//! → `table` → `store`, `view`, `picture`, `games` → `engine`, `cards`.

// `games` first: its registry macro declares the modules of `cards` too.
#[macro_use]
pub mod games;
pub mod ai;
pub mod arena;
pub mod cards;
pub mod chatsim;
pub mod console;
pub mod discord;
pub mod engine;
pub mod figures;
pub mod loadtest;
pub mod lookup;
pub mod picture;
pub mod ratings;
pub mod sim;
pub mod store;
pub mod table;
pub mod view;
