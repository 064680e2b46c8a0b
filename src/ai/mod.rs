//! The computer opponent: a search over any registry game through the
//! engine contract alone (`legal_actions`, `apply`, `determinize`,
//! `outcome`). It never reads what its seat cannot see: every simulation
//! starts from [`AnyState::determinize`]. No I/O, like the engine.
//!
//! The public surface the table layer, `arena` and the tests use is
//! [`Level`], [`Budget`], [`choose`] and [`advise`] (a player's hint); [`search`] is the information-set
//! MCTS behind it and [`greedy`] the one-ply baseline player.
//!
//! One search runs on the calling thread (no root parallelism): the bot
//! may run several searches at once, and the machine has few cores.

pub mod greedy;
pub mod search;

use std::time::Duration;

use crate::engine::{GameRng, Seat};
use crate::games::{AnyAction, AnyState};
pub use search::{Rollouts, RootStats};

/// How strong (and how slow) the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Few simulations and some randomness: for learning a game.
    Easy,
    /// A fair opponent.
    Normal,
    /// The full budget.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The key typed in `level:` and stored ("hard").
    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The level a player typed (any case); the error lists the levels.
    pub fn parse(typed: &str) -> Result<Level, String> {
        let t = typed.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.key().eq_ignore_ascii_case(t))
            .ok_or_else(|| format!("There is no AI level \"{t}\"; the levels are easy, normal and hard."))
    }

    /// How this level searches and picks.
    pub fn settings(self) -> Settings {
        Settings { budget: self.budget(), rollouts: Rollouts::DEFAULT, sample: self == Level::Easy }
    }

    /// The search budget of this level.
    pub fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget { iterations: 64, time: Duration::from_millis(80) },
            Level::Normal => Budget { iterations: 400, time: Duration::from_millis(600) },
            Level::Hard => Budget { iterations: 2_000, time: Duration::from_millis(1_500) },
        }
    }
}

/// How much a search may do: it stops at whichever runs out first. When
/// the iterations end it (the usual case on an idle machine) the choice
/// depends only on the seed and the iterations; when the time does (a
/// loaded machine), on how far the search got too, so the same seed may
/// then give another choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Simulations at most.
    pub iterations: u32,
    /// Wall-clock time at most.
    pub time: Duration,
}

/// Everything that shapes one decision of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// How much it may search.
    pub budget: Budget,
    /// How its simulations play on.
    pub rollouts: Rollouts,
    /// Pick an action at random in proportion to its visits (some
    /// randomness, for `easy`) instead of the most visited one.
    pub sample: bool,
}

/// The action `seat` takes in `state` at `level`, searched with `seed`;
/// `None` when the seat has nothing to decide. A decision with one legal
/// answer is taken at once.
pub fn choose(state: &AnyState, seat: Seat, level: Level, seed: u64) -> Option<AnyAction> {
    choose_with(state, seat, level.settings(), seed)
}

/// [`choose`] with explicit settings.
pub fn choose_with(state: &AnyState, seat: Seat, settings: Settings, seed: u64) -> Option<AnyAction> {
    if let Err(only) = decision(state, seat) {
        return only;
    }
    let mut rng = GameRng::from_seed(seed);
    let stats = search::search(state, seat, settings.budget, settings.rollouts, &mut rng);
    let pick = if settings.sample { sample(&stats.visits, &mut rng) } else { most_visited(&stats) };
    stats.actions.into_iter().nth(pick)
}

/// What the search makes of one of the seat's answers (see [`advise`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Weighed {
    /// The answer.
    pub action: AnyAction,
    /// Simulations that began with it.
    pub visits: u32,
    /// The seat's estimated chance after it, 0 to 1 (its mean reward over
    /// those simulations); `None` when it was not searched.
    pub chance: Option<f64>,
}

/// The search's advice to a seat: its answers, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// Every answer, the one the search would play first, then the others
    /// in the order it rates them.
    pub ranked: Vec<Weighed>,
    /// Simulations run (0: a single answer, taken without a search).
    pub iterations: u32,
}

/// The advice of a search of `seat`'s decision in `state` within `budget`,
/// with `seed`: the hint a player asks for. Like [`choose`], it starts
/// every simulation from [`AnyState::determinize`] for `seat`, so it knows
/// what the seat sees and nothing else; its first answer is the one
/// [`choose_with`] picks with the same budget and seed and no randomness.
/// `None` when the seat has nothing to decide.
pub fn advise(state: &AnyState, seat: Seat, budget: Budget, seed: u64) -> Option<Advice> {
    if let Err(only) = decision(state, seat) {
        return only.map(|action| Advice {
            ranked: vec![Weighed { action, visits: 0, chance: None }],
            iterations: 0,
        });
    }
    let mut rng = GameRng::from_seed(seed);
    let stats = search::search(state, seat, budget, Rollouts::DEFAULT, &mut rng);
    let mut order: Vec<usize> = (0..stats.actions.len()).collect();
    order.sort_by(|&a, &b| better(&stats, b, a));
    let ranked = order
        .into_iter()
        .map(|i| Weighed {
            action: stats.actions[i].clone(),
            visits: stats.visits[i],
            chance: (stats.visits[i] > 0).then_some(stats.means[i]),
        })
        .collect();
    Some(Advice { ranked, iterations: stats.iterations })
}

/// `seat`'s legal actions in `state` when it has a real choice to make;
/// `Err` with its answer when it has one at most (taken at once, without
/// a search), or none.
fn decision(state: &AnyState, seat: Seat) -> Result<Vec<AnyAction>, Option<AnyAction>> {
    let mut legal = state.legal_actions(seat);
    if legal.len() <= 1 {
        return Err(legal.pop());
    }
    Ok(legal)
}

/// How many seats a game's rewards are shared among (two at least).
fn seat_count(state: &AnyState) -> usize {
    state.view(crate::engine::Viewer::Public).seats.len().max(2)
}

/// The most visited root action; ties go to the better mean, then to the
/// first listed.
fn most_visited(stats: &RootStats) -> usize {
    (0..stats.actions.len()).max_by(|&a, &b| better(stats, a, b)).unwrap_or(0)
}

/// How root action `a` compares with `b`: more visits first, then the
/// better mean, then the first listed (never equal for `a != b`).
fn better(stats: &RootStats, a: usize, b: usize) -> std::cmp::Ordering {
    stats.visits[a].cmp(&stats.visits[b]).then(stats.means[a].total_cmp(&stats.means[b])).then(b.cmp(&a))
}

/// An index drawn in proportion to `visits` (uniform if none was visited).
fn sample(visits: &[u32], rng: &mut GameRng) -> usize {
    let total: u64 = visits.iter().map(|&v| u64::from(v)).sum();
    if total == 0 {
        return rng.below(visits.len());
    }
    let mut left = (rng.unit() * total as f64) as u64;
    for (i, &v) in visits.iter().enumerate() {
        if left < u64::from(v) {
            return i;
        }
        left -= u64::from(v);
    }
    visits.len() - 1
}
