//! `/rule` answering plain questions: `tests/data/rule_questions.toml`
//! holds at least 50 questions a game, written from the rulebooks as
//! players ask them (words from other card games and misspellings among
//! them), each with the section that answers it. The test measures how
//! often the section `/rule` shows is right (top-1) and how often it is
//! among the first three found (top-3), and prints every miss.
//!
//! Issue 30 asks for 90 % top-1 and 98 % top-3. The test holds the
//! floors measured on 2026-11-27 (see [`TOP1_FLOOR`]), less than one
//! question under what was reached, so that a ranking change losing a
//! single answer fails; figures are printed per game.

use crate::table_support;

use cardtable::games::{GameId, Library};
use cardtable::lookup::rulebook::Part;
use cardtable::lookup::rulebooks::Rulebooks;
use cardtable::table::{Command, Outgoing};
use serde::Deserialize;
use table_support::Front;

/// Issue 30's targets, in per cent.
const TOP1_TARGET: f64 = 90.0;
const TOP3_TARGET: f64 = 98.0;
/// The floors held: what was reached on 2026-11-27 over the 193
/// questions (top-1 184 of them, 95.3 %; top-3 191, 99.0 %), less than
/// one question's share (0.5 %) under it. (When the set was written:
/// top-1 78 %, top-3 88 %.)
const TOP1_FLOOR: f64 = 95.3;
const TOP3_FLOOR: f64 = 98.9;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Question {
    ask: String,
    section: String,
    #[serde(default)]
    or: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Set {
    spheres: Vec<Question>,
    certamen: Vec<Question>,
    athernum: Vec<Question>,
}

fn questions() -> Vec<(&'static str, Question)> {
    let set: Set =
        toml::from_str(include_str!("../data/rule_questions.toml")).expect("the question set reads");
    let mut out = Vec::new();
    for (game, list) in [("spheres", set.spheres), ("certamen", set.certamen), ("athernum", set.athernum)] {
        out.extend(list.into_iter().map(|q| (game, q)));
    }
    out
}

/// Whether `shown` ("4b Casting", "Ruling 5d Retaliation") is an answer
/// the question accepts ("Golden rule — …" accepts any of that heading).
fn accepts(q: &Question, shown: &str) -> bool {
    std::iter::once(&q.section).chain(&q.or).any(|want| match want.strip_suffix('…') {
        Some(head) => shown.starts_with(head),
        None => shown == want,
    })
}

/// The section `/rule` shows for `query` in `game`, as "Game · " leaves it.
async fn shown(f: &mut Front, game: &str, query: &str) -> String {
    let cmd = Command::Rule { query: query.into(), game: Some(game.into()) };
    let out = match f.slash("Alice", cmd).await {
        Ok(out) => out,
        Err(e) => return format!("(no answer: {e:?})"),
    };
    let title = out
        .iter()
        .find_map(|o| match o {
            Outgoing::Ephemeral { message, .. } => message.embed.as_ref().map(|e| e.title.clone()),
            _ => None,
        })
        .unwrap_or_else(|| "(no section)".to_owned());
    title.split_once(" · ").map_or(title.clone(), |(_, t)| t.to_owned())
}

#[tokio::test]
async fn rule_answers_plain_questions_of_every_game_with_the_section_that_settles_them_above_the_floor() {
    let all = questions();
    for game in ["spheres", "certamen", "athernum"] {
        let n = all.iter().filter(|(g, _)| *g == game).count();
        assert!(n >= 50, "{game}: {n} questions, want at least 50");
    }
    let library = Library::embedded().unwrap();
    let books = Rulebooks::new(&library).unwrap();
    let mut f = Front::new().await;
    let (mut top1, mut top3) = (0, 0);
    // Per game: questions, top-1, top-3.
    let mut per_game: Vec<(&str, usize, usize, usize)> = Vec::new();
    let mut misses = Vec::new();
    for (game, q) in &all {
        let first = shown(&mut f, game, &q.ask).await;
        let book = books.of(GameId::parse(game).unwrap());
        let found: Vec<String> = book
            .search(&q.ask)
            .iter()
            .take(3)
            .map(|(_, s)| match s.part {
                Part::Rules => s.title.to_owned(),
                Part::Rulings => format!("Ruling {}", s.title),
            })
            .collect();
        let ok1 = accepts(q, &first);
        let ok3 = ok1 || found.iter().any(|s| accepts(q, s));
        top1 += usize::from(ok1);
        top3 += usize::from(ok3);
        if per_game.last().is_none_or(|(g, ..)| g != game) {
            per_game.push((game, 0, 0, 0));
        }
        if let Some(last) = per_game.last_mut() {
            last.1 += 1;
            last.2 += usize::from(ok1);
            last.3 += usize::from(ok3);
        }
        if !ok1 {
            misses.push(format!(
                "{}{game}: {:?} want {:?}, shown {first:?}; first three {found:?}",
                if ok3 { "(top-3) " } else { "" },
                q.ask,
                q.section
            ));
        }
    }
    let share = |k: usize, n: usize| 100.0 * k as f64 / n as f64;
    for (game, n, t1, t3) in &per_game {
        println!(
            "{game}: {n} questions, top-1 {t1} ({:.1} %), top-3 {t3} ({:.1} %)",
            share(*t1, *n),
            share(*t3, *n)
        );
    }
    let n = all.len();
    let (p1, p3) = (share(top1, n), share(top3, n));
    println!(
        "{n} questions: top-1 {top1} ({p1:.1} %), top-3 {top3} ({p3:.1} %); issue 30 asks {TOP1_TARGET} % and {TOP3_TARGET} %"
    );
    for m in &misses {
        println!("miss: {m}");
    }
    assert!(
        p1 >= TOP1_FLOOR && p3 >= TOP3_FLOOR,
        "top-1 {p1:.1} % (floor {TOP1_FLOOR}), top-3 {p3:.1} % (floor {TOP3_FLOOR}):\n{}",
        misses.join("\n")
    );
}

#[test]
fn every_glossary_entry_leads_to_a_section_that_exists() {
    let library = Library::embedded().unwrap();
    let books = Rulebooks::new(&library).expect("every glossary reads");
    let mut stale = Vec::new();
    for (game, book) in books.all() {
        for e in book.glossary().unresolved() {
            stale.push(format!("{}: {} → {:?}", game.name(), e.term, e.section));
        }
    }
    assert!(stale.is_empty(), "glossary entries naming no section:\n{}", stale.join("\n"));
}
