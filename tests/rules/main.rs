//! The games' rules, card pools and views: each module a part of one game (or of every game), its tests named after the rule they check.
//!
//! One test binary for the subject (one link instead of one per file);
//! the support modules are declared here once and used by the modules.

#[path = "../card_scenarios_support/mod.rs"]
mod card_scenarios_support;
#[path = "../playout_support/mod.rs"]
mod playout_support;

mod athernum_cards;
mod athernum_playout;
mod athernum_rules;
mod athernum_view;
mod cards;
mod certamen_card_scenarios;
mod certamen_cards;
mod certamen_choices;
mod certamen_engine;
mod certamen_playout;
mod certamen_reference;
mod certamen_rules;
mod certamen_view;
mod registry;
mod rules_coverage;
mod spheres_assembly;
mod spheres_card_scenarios;
mod spheres_cards;
mod spheres_first_draft;
mod spheres_modes;
mod spheres_multiplayer;
mod spheres_playout;
mod spheres_reference;
mod spheres_steps;
mod spheres_teams;
mod spheres_text;
mod spheres_view;
mod turning_point;
