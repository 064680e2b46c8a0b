//! `/stats` and `/leaderboard` through the table (`Table::handle`, as a
//! front end calls it) on an on-disk SQLite database holding 100,000
//! finished, rated matches of one server and game among 200 players (each
//! ~1,000 matches, 6 decks). Issue 33's target: under 5 ms each.
//! Run: `cargo bench --bench progress`. Figures go in BENCHMARKS.md.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use cardtable::store::{Commit, MatchStatus, NewMatch, NewSeat, Store};
use cardtable::table::{Command, Place, Request, RequestKind, Table, UserRef};

const MATCHES: usize = 100_000;
const PLAYERS: usize = 200;
const DECKS: [&str; 6] = ["Red", "Blue", "Green", "Gold", "Ash", "Tide"];
const GUILD: &str = "bench-server";

fn new_match(a: usize, b: usize, rng: &mut ChaCha8Rng) -> NewMatch {
    let seat = |seat: i64, p: usize, rng: &mut ChaCha8Rng| NewSeat {
        seat,
        user_id: format!("u{p}"),
        deck_name: DECKS[rng.gen_range(0..DECKS.len())].to_owned(),
    };
    NewMatch {
        game: "spheres".into(),
        variant: None,
        guild: Some(GUILD.into()),
        channel: "general".into(),
        thread: None,
        setup: "{}".into(),
        state: "{}".into(),
        seats: vec![seat(0, a, rng), seat(1, b, rng)],
        to_act: vec![0],
        deadline_at: None,
        limit_hours: 72,
        time_up_at: None,
        now: 0,
    }
}

/// Stores and finishes `MATCHES` matches (both players move, one wins),
/// each rated by its own final commit as in play.
async fn seed(store: &Store) {
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let moves =
        [(0, r#"{"by":"player","action":{}}"#.to_owned()), (1, r#"{"by":"player","action":{}}"#.to_owned())];
    for p in 0..PLAYERS {
        store.get_or_create_user(&format!("u{p}"), &format!("Player {p}")).await.expect("user");
    }
    for chunk in 0..MATCHES / 1000 {
        let batch: Vec<NewMatch> = (0..1000)
            .map(|_| {
                let a = rng.gen_range(0..PLAYERS);
                let b = (a + rng.gen_range(1..PLAYERS)) % PLAYERS;
                new_match(a, b, &mut rng)
            })
            .collect();
        let ids = store.create_matches(&batch).await.expect("matches");
        for (i, id) in ids.into_iter().enumerate() {
            let winner = rng.gen_range(0..3u8).min(1);
            let outcome = format!(r#"{{"winners":[{winner}],"reason":"won"}}"#);
            let commit = Commit {
                expected_version: 0,
                actions: &moves,
                state: "{}",
                status: MatchStatus::Finished,
                outcome: Some(&outcome),
                to_act: &[],
                deadline_at: None,
                now: (chunk * 1000 + i) as i64,
                orders: "",
                board_events: "",
                pass_at: None,
            };
            store.commit_actions(id, &commit).await.expect("finish");
        }
    }
}

fn request(user: usize, command: Command) -> Request {
    Request {
        user: UserRef::new(format!("u{user}"), format!("Player {user}")),
        place: Place { guild: Some(GUILD.into()), channel: "general".into(), thread: None },
        kind: RequestKind::Slash(command),
    }
}

fn progress(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let table = rt.block_on(async {
        let store = Store::open(&url).await.expect("open store");
        let started = Instant::now();
        seed(&store).await;
        eprintln!("stored and rated {MATCHES} matches in {:.1} s", started.elapsed().as_secs_f64());
        Table::new(store)
    });
    let mut group = c.benchmark_group("progress");
    group.sample_size(200);
    let mut bench = |name: &str, command: &dyn Fn(usize) -> Command| {
        let mut user = 0usize;
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        user = (user + 7) % PLAYERS;
                        let req = request(user, command(user));
                        let start = Instant::now();
                        let out = table.handle(req).await.expect("answer");
                        total += start.elapsed();
                        criterion::black_box(out);
                    }
                    total
                })
            })
        });
    };
    bench("stats_game_100k_matches", &|_| Command::Stats {
        player: None,
        game: Some("spheres".into()),
        private: None,
    });
    bench("stats_other_player_all_games_100k_matches", &|u| Command::Stats {
        player: Some(UserRef::new(format!("u{}", (u + 1) % PLAYERS), "Other")),
        game: None,
        private: None,
    });
    bench("leaderboard_100k_matches", &|_| Command::Leaderboard {
        game: "spheres".into(),
        show: None,
        manager: false,
    });
    bench("history_100k_matches", &|_| Command::History { player: None, game: None, match_id: None });
    group.finish();
}

criterion_group!(benches, progress);
criterion_main!(benches);
