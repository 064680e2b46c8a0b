use serde::{Deserialize, Serialize};

use super::Seat;

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seats (one, a team, or none for a draw).
    pub winners: Vec<Seat>,
    /// Why, in words ("Bob's fortress fell", "Alice conceded").
    pub reason: String,
}
