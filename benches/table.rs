//! One table action end to end — load the match, check, apply, autopilot,
//! commit — against an on-disk SQLite database holding 10,000 matches.
//! Run: `cargo bench --bench table`. Figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

use cardtable::engine::Viewer;
use cardtable::games::AnyState;
use cardtable::loadtest::{store_matches, StoredMatch};
use cardtable::store::{MatchStatus, Store};
use cardtable::table::{CustomId, Place, Request, RequestKind, Table};

const STORED: usize = 10_000;

/// The click the seat to act would make on match `m` (its first offered action).
async fn next_click(table: &Table, m: &StoredMatch) -> Option<Request> {
    let row = table.store().load_match(m.id).await.ok()?;
    if row.status != MatchStatus::Active {
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
    let mut next = 0usize;
    let mut group = c.benchmark_group("table");
    group.sample_size(200);
    group.bench_function("action_end_to_end_10k_matches", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    // Rotate over the stored matches; a finished one is skipped.
                    let req = loop {
                        next = (next + 1) % pool.len();
                        if let Some(req) = next_click(&table, &pool[next]).await {
                            break req;
                        }
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
    group.finish();
}

criterion_group!(benches, table_action);
criterion_main!(benches);
