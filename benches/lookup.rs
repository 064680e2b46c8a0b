//! Look-up cost. Autocomplete: one `/card` query ranked over every card
//! name, face and code of every game (what Discord asks on each keystroke),
//! and the whole set of real queries of `tests/data/card_queries.toml`.
//! `/rule`: a question through the whole command (game given, or none, when
//! every game is searched to choose one), on a table whose rules are
//! already indexed (they are indexed once, on the first `/rule`), and the
//! index built from scratch.
//!
//! `cargo bench --bench lookup -- --warm-up-time 1 --measurement-time 3`

use cardtable::games::Library;
use cardtable::lookup::card_index::CardIndex;
use cardtable::lookup::rulebooks::Rulebooks;
use cardtable::store::Store;
use cardtable::table::{Command, Place, Request, RequestKind, Table, UserRef};
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

/// The `ask = "…"` lines of the `/rule` question set.
fn rule_questions() -> Vec<String> {
    include_str!("../tests/data/rule_questions.toml")
        .lines()
        .filter_map(|l| l.strip_prefix("ask = \""))
        .map(|l| l.trim_end_matches('"').to_owned())
        .collect()
}

fn rule(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let table = runtime.block_on(async { Table::new(Store::open_memory().await.expect("a store")) });
    let ask = |query: &str, game: Option<&str>| {
        let cmd = Command::Rule { query: query.to_owned(), game: game.map(str::to_owned) };
        let req = Request {
            user: UserRef::new("alice", "Alice"),
            place: Place::channel("general"),
            kind: RequestKind::Slash(cmd),
        };
        runtime.block_on(table.respond(req)).len()
    };
    // The first /rule indexes every game's rules; later ones only search.
    ask("blocking", Some("spheres"));
    let mut group = c.benchmark_group("rule");
    for (label, query, game) in [
        ("question_with_game", "can my creature attack the turn it comes into play", Some("certamen")),
        ("question_without_game", "can my creature attack the turn it comes into play", None),
        ("typo_without_game", "retalation", None),
        ("number_without_game", "4.2.2a", None),
    ] {
        group.bench_function(label, |b| b.iter(|| ask(black_box(query), game)));
    }
    let questions = rule_questions();
    println!("{} questions in the /rule set", questions.len());
    group.bench_function("all_questions_without_game", |b| {
        b.iter(|| questions.iter().map(|q| ask(black_box(q), None)).sum::<usize>())
    });
    let library = Library::embedded().expect("the embedded cards load");
    group.bench_function("index_every_game", |b| b.iter(|| Rulebooks::new(black_box(&library)).is_ok()));
    group.finish();
}

criterion_group!(benches, autocomplete, rule);
criterion_main!(benches);
