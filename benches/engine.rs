//! Engine speed: state clone, legal actions, a full random game (and
//! Spheres with four and six lords).
//! Run: `cargo bench --bench engine`. Figures go in BENCHMARKS.md.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use cardtable::games::{AnyState, GameId, Library, GAMES};
use cardtable::sim;

/// A mid-game state: a seeded random game stopped after `steps` actions,
/// or before its last action in a shorter game (a seat is always to act).
fn midgame(library: &Library, game: GameId, steps: usize) -> AnyState {
    let setup = sim::random_setup(library, game, 7).expect("starter decks");
    let mut state = AnyState::setup(game, &setup, library).expect("setup");
    let mut n = 0;
    while n < steps {
        let seat = state.to_act()[0];
        let actions = state.legal_actions(seat);
        let a = actions[n % actions.len()].clone();
        let mut next = state.clone();
        next.apply(seat, &a).expect("legal");
        if next.outcome().is_some() {
            break;
        }
        state = next;
        n += 1;
    }
    state
}

fn engine(c: &mut Criterion) {
    let library = Library::embedded().expect("embedded cards");
    for &game in GAMES {
        let state = midgame(&library, game, 60);
        c.bench_function(&format!("{}/clone", game.key()), |b| b.iter(|| black_box(state.clone())));
        let seat = state.to_act()[0];
        let view = state.view(cardtable::engine::Viewer::Seat(seat));
        eprintln!("{}: mid-game state: {} · {} legal actions", game.key(), view.headline, view.actions.len());
        c.bench_function(&format!("{}/legal_actions", game.key()), |b| {
            b.iter(|| black_box(state.legal_actions(seat)))
        });
        // An early state, the same in every version of the rules that
        // agree on the first moves: legal actions compared like for like.
        let early = midgame(&library, game, 3);
        let early_seat = early.to_act()[0];
        c.bench_function(&format!("{}/legal_actions_early", game.key()), |b| {
            b.iter(|| black_box(early.legal_actions(early_seat)))
        });
        let mut seed = 0u64;
        c.bench_function(&format!("{}/random_game", game.key()), |b| {
            b.iter(|| {
                seed += 1;
                black_box(sim::play_random(&library, game, seed, |_| {}))
            })
        });
    }
    // Spheres at the table sizes multiplayer allows: the same random game
    // with four lords in teams and six lords in a free-for-all.
    let spheres = GameId::parse("spheres").expect("spheres");
    for (players, mode) in [(4usize, "teams"), (6, "free-for-all")] {
        let opts = sim::SimOptions { players, mode: Some(mode.into()), ..Default::default() };
        let mut seed = 0u64;
        c.bench_function(&format!("spheres/random_game_{players}_lords_{mode}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(sim::play_random_with(&library, spheres, seed, &opts, |_| {}))
            })
        });
    }
}

/// A whole closed draft of three lords (Spheres deck assembly): setup,
/// 144 picks, then the deal of the drafted decks.
fn closed_draft(c: &mut Criterion) {
    let library = Library::embedded().expect("embedded cards");
    let game = GameId::parse("spheres").expect("spheres");
    let opts = sim::SimOptions { players: 3, assembly: Some("closed-draft".into()), ..Default::default() };
    let mut seed = 0u64;
    c.bench_function("spheres/closed_draft", |b| {
        b.iter(|| {
            seed += 1;
            let setup = sim::random_setup_with(&library, game, seed, &opts).expect("setup");
            let mut state = AnyState::setup(game, &setup, &library).expect("draft");
            while matches!(&state, AnyState::Spheres(s) if s.assembly.is_some()) {
                let seat = state.to_act()[0];
                let a = state.legal_actions(seat)[0].clone();
                state.apply(seat, &a).expect("legal");
            }
            black_box(state)
        })
    });
}

criterion_group!(benches, engine, closed_draft);
criterion_main!(benches);
