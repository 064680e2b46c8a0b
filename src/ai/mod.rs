//! The computer opponent: a search over any registry game through the
//! engine contract alone (`legal_actions`, `apply`, `determinize`,
//! `outcome`). It never reads what its seat cannot see: every simulation
//! starts from [`AnyState::determinize`]. No I/O, like the engine.
//!
//! The public surface the table layer, `arena` and the tests use is
//! [`Level`], [`Budget`] and [`choose`]. The search itself lives beside it.

use std::time::{Duration, Instant};

use crate::engine::{GameRng, Seat};
use crate::games::{AnyAction, AnyState};

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

    /// The search budget of this level.
    pub fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget { iterations: 64, time: Duration::from_millis(80) },
            Level::Normal => Budget { iterations: 400, time: Duration::from_millis(600) },
            Level::Hard => Budget { iterations: 2_000, time: Duration::from_millis(1_500) },
        }
    }
}

/// How much a search may do: it stops at whichever runs out first. With
/// the time never reached, the choice depends only on the seed and the
/// iterations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Simulations at most.
    pub iterations: u32,
    /// Wall-clock time at most.
    pub time: Duration,
}

/// The action `seat` takes in `state` at `level`, searched with `seed`;
/// `None` when the seat has nothing to decide. A decision with one legal
/// answer is taken at once.
pub fn choose(state: &AnyState, seat: Seat, level: Level, seed: u64) -> Option<AnyAction> {
    choose_within(state, seat, level.budget(), seed)
}

/// [`choose`] with an explicit budget.
pub fn choose_within(state: &AnyState, seat: Seat, budget: Budget, seed: u64) -> Option<AnyAction> {
    let legal = state.legal_actions(seat);
    if legal.len() <= 1 {
        return legal.into_iter().next();
    }
    // Flat Monte Carlo over determinized states: each simulation re-samples
    // the hidden cards, tries the next action in turn and plays on at random.
    let start = Instant::now();
    let mut rng = GameRng::from_seed(seed);
    let mut score = vec![(0.0f64, 0u32); legal.len()];
    for i in 0..budget.iterations as usize {
        if start.elapsed() >= budget.time {
            break;
        }
        let k = i % legal.len();
        let mut sim = state.determinize(seat, &mut rng);
        if sim.apply(seat, &legal[k]).is_err() {
            continue;
        }
        let played =
            crate::engine::random_playout::<crate::games::AnyGame>(&mut sim, &mut rng, 5_000, |_, _| {});
        let value = match played.ok().and_then(|p| p.outcome) {
            Some(o) if o.winners.contains(&seat) => 1.0 / o.winners.len() as f64,
            Some(o) if o.winners.is_empty() => 0.5,
            Some(_) => 0.0,
            None => 0.5,
        };
        score[k].0 += value;
        score[k].1 += 1;
    }
    let mean = |(v, n): (f64, u32)| if n == 0 { 0.0 } else { v / f64::from(n) };
    let best = (0..legal.len()).max_by(|&a, &b| mean(score[a]).total_cmp(&mean(score[b])).then(b.cmp(&a)))?;
    legal.into_iter().nth(best)
}
