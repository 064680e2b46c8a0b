//! The Discord adapter against a local fake Discord that checks every request against Discord's published description.
//!
//! One test binary for the subject (one link instead of one per file);
//! the support modules are declared here once and used by the modules.

#[path = "../discord_support/mod.rs"]
mod discord_support;

mod discord_commands;
mod discord_config;
mod discord_faults;
mod discord_flow;
mod discord_gateway;
mod discord_mentions;
mod discord_moderation;
mod discord_pictures;
mod discord_render;
mod discord_shutdown;
mod discord_spec;
mod discord_supervision;
