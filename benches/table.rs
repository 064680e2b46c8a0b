//! One table action end to end — load the match, check, apply, autopilot,
//! commit — against an on-disk SQLite database holding 10,000 matches of
//! every registered game: over all of them, then over one game's matches
//! at a time (`table/action_<game>`).
//! Run: `cargo bench --bench table`. Figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

use cardtable::engine::Viewer;
use cardtable::games::{AnyState, GameId, GAMES};
use cardtable::loadtest::{store_matches, StoredMatch};
use cardtable::store::{MatchStatus, Store};
use cardtable::table::{CustomId, Place, Request, RequestKind, Table};

const STORED: usize = 10_000;

/// The click the seat to act would make on match `m` (its first offered
/// action); `None` for a finished match or one of another game than `game`.
async fn next_click(table: &Table, m: &StoredMatch, game: Option<GameId>) -> Option<Request> {
    let row = table.store().load_match(m.id).await.ok()?;
    if row.status != MatchStatus::Active || game.is_some_and(|g| g.key() != row.game) {
        return None;
    }
    let state = AnyState::from_json(&row.state, table.library()).ok()?;
    let seat = *state.to_act().first()?;
    let index = state.view(Viewer::Seat(seat)).actions.first()?.index;
    let custom_id = CustomId::Act { match_id: m.id, version: row.version, index }.encode();
    Some(Request {
        user: m.users[seat.index()].clone(),
        place: Place::channel("bench"),
        kind: RequestKind::Click { custom_id },
    })
}

fn table_action(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let (table, pool) = rt.block_on(async {
        let store = Store::open(&url).await.expect("open store");
        let table = Table::new(store);
        let pool = store_matches(table.store(), table.library(), STORED, 1).await.expect("store matches");
        (table, pool)
    });
    let mut group = c.benchmark_group("table");
    group.sample_size(200);
    let games = std::iter::once(None).chain(GAMES.iter().map(|&g| Some(g)));
    for game in games {
        let name = match game {
            None => "action_end_to_end_10k_matches".to_owned(),
            Some(g) => format!("action_{}", g.key()),
        };
        let mut next = 0usize;
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for done in 0..iters {
                        // Rotate over the stored matches; a finished one, or
                        // one of another game, is skipped. A short game can
                        // run out of active matches: the time per action so
                        // far then stands for the rest.
                        let mut req = None;
                        for _ in 0..pool.len() {
                            next = (next + 1) % pool.len();
                            req = next_click(&table, &pool[next], game).await;
                            if req.is_some() {
                                break;
                            }
                        }
                        let Some(req) = req else {
                            assert!(done > 0, "no active match left to bench");
                            return total.mul_f64(iters as f64 / done as f64);
                        };
                        let start = Instant::now();
                        let out = table.handle(req).await.expect("table action");
                        total += start.elapsed();
                        criterion::black_box(out);
                    }
                    total
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, table_action);
criterion_main!(benches);
