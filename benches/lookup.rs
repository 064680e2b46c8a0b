//! Autocomplete cost: one `/card` query ranked over every card name, face
//! and code of every game (what Discord asks on each keystroke), and the
//! whole set of real queries of `tests/data/card_queries.toml`.
//!
//! `cargo bench --bench lookup -- --warm-up-time 1 --measurement-time 3`

use cardtable::games::Library;
use cardtable::table::card_index::CardIndex;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// Discord shows at most 25 choices.
const CHOICES: usize = 25;

/// The `typed = "…"` lines of the query set.
fn real_queries() -> Vec<String> {
    include_str!("../tests/data/card_queries.toml")
        .lines()
        .filter_map(|l| l.strip_prefix("typed = \""))
        .map(|l| l.trim_end_matches('"').to_owned())
        .collect()
}

fn autocomplete(c: &mut Criterion) {
    let library = Library::embedded().expect("the embedded cards load");
    let index = CardIndex::new(&library);
    println!("{} names indexed over every game", index.len());
    let mut group = c.benchmark_group("autocomplete");
    for (label, query) in [
        ("two_letters", "sp"),
        ("typo", "sparkfeind imp"),
        ("long_typo", "ilyra keeper of the unwriten"),
        ("code", "0001-4a-1"),
        ("nothing_like", "qqqqzzzz"),
    ] {
        group.bench_function(label, |b| b.iter(|| index.rank(black_box(query), None, CHOICES).len()));
    }
    let queries = real_queries();
    println!("{} real queries in the set", queries.len());
    group.bench_function("all_real_queries", |b| {
        b.iter(|| queries.iter().map(|q| index.rank(black_box(q), None, CHOICES).len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, autocomplete);
criterion_main!(benches);
