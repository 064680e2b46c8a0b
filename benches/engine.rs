//! Engine speed: state clone, legal actions, a full random game.
//! Run: `cargo bench --bench engine`. Figures go in BENCHMARKS.md.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use cardtable::games::{AnyState, GameId, GAMES};
use cardtable::sim;

/// A mid-game state: a seeded random game stopped after `steps` actions.
fn midgame(game: GameId, steps: usize) -> AnyState {
    let setup = sim::random_setup(game, 7).expect("starter decks");
    let mut state = AnyState::setup(game, &setup).expect("setup");
    let mut n = 0;
    while state.outcome().is_none() && n < steps {
        let seat = state.to_act()[0];
        let actions = state.legal_actions(seat);
        let a = actions[n % actions.len()].clone();
        state.apply(seat, &a).expect("legal");
        n += 1;
    }
    state
}

fn engine(c: &mut Criterion) {
    for info in GAMES {
        let state = midgame(info.id, 60);
        c.bench_function(&format!("{}/clone", info.key), |b| b.iter(|| black_box(state.clone())));
        let seat = state.to_act()[0];
        c.bench_function(&format!("{}/legal_actions", info.key), |b| {
            b.iter(|| black_box(state.legal_actions(seat)))
        });
        let mut seed = 0u64;
        c.bench_function(&format!("{}/random_game", info.key), |b| {
            b.iter(|| {
                seed += 1;
                black_box(sim::play_random(info.id, seed, |_| {}))
            })
        });
    }
}

criterion_group!(benches, engine);
criterion_main!(benches);
