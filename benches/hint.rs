//! A player's hint (the *Hint* button, issue 33): the search behind it,
//! [`cardtable::ai::advise`] at the `normal` budget (the most a hint may
//! use), over real decisions of every game (random play from seeded
//! setups, each state where the seat has a real choice). Issue 33's
//! target: p99 under 1 s on this machine.
//!
//! Besides criterion's mean, the bench times each of the decisions once
//! and prints p50, p99 and max (criterion reports no percentiles).
//! Run: `cargo bench --bench hint`. Figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

use cardtable::ai::{advise, Level};
use cardtable::engine::{GameRng, Seat};
use cardtable::games::{AnyState, Library, GAMES};
use cardtable::sim::random_setup;

/// Decisions timed per game.
const PER_GAME: usize = 40;

/// Up to `PER_GAME` decisions of each game: states where a seat has two
/// answers or more, taken every few along random play from seeded setups.
fn decisions(library: &Library) -> Vec<(AnyState, Seat)> {
    let mut out = Vec::new();
    for &game in GAMES {
        let mut taken = 0;
        for seed in 0.. {
            if taken >= PER_GAME {
                break;
            }
            let setup = random_setup(library, game, seed).expect("setup");
            let mut state = AnyState::setup(game, &setup, library).expect("state");
            let mut pick = GameRng::from_seed(seed ^ 0x48);
            let mut n = 0;
            while state.outcome().is_none() && taken < PER_GAME {
                let to_act = state.to_act();
                let seat = to_act[pick.below(to_act.len())];
                let mut legal = state.legal_actions(seat);
                if legal.len() > 1 {
                    n += 1;
                    if n % 5 == 0 {
                        out.push((state.clone(), seat));
                        taken += 1;
                    }
                }
                let action = legal.swap_remove(pick.below(legal.len()));
                state.apply(seat, &action).expect("legal");
            }
        }
    }
    out
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

fn hint(c: &mut Criterion) {
    let library = Library::embedded().expect("cards");
    let decisions = decisions(&library);
    let budget = Level::Normal.budget();
    let mut times: Vec<Duration> = decisions
        .iter()
        .enumerate()
        .map(|(i, (state, seat))| {
            let start = Instant::now();
            criterion::black_box(advise(state, *seat, budget, i as u64));
            start.elapsed()
        })
        .collect();
    times.sort();
    eprintln!(
        "hint at the normal budget, {} decisions ({PER_GAME} a game): p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
        times.len(),
        percentile(&times, 0.50).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    let mut group = c.benchmark_group("hint");
    group.sample_size(10);
    let mut next = 0usize;
    group.bench_function("normal_budget_every_game", |b| {
        b.iter(|| {
            next = (next + 1) % decisions.len();
            let (state, seat) = &decisions[next];
            advise(state, *seat, budget, next as u64)
        })
    });
    group.finish();
}

criterion_group!(benches, hint);
criterion_main!(benches);
