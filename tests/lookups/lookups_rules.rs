//! `/rule` as players type it: word forms ("blocking" finds Block),
//! questions ("how do I win", "can dizzy creatures block"), section names
//! as each rulebook writes them, and a miss that lists the closest topics,
//! for every game and its rulings. Each query asserts the top answer.

use crate::table_support;

use cardtable::table::{Command, Outgoing, TableError};
use table_support::Front;

/// The title of the section `/rule` answers `query` with, in `game`.
async fn top(f: &mut Front, game: &str, query: &str) -> String {
    let cmd = Command::Rule { query: query.into(), game: Some(game.into()) };
    let out = f.slash("Alice", cmd).await.unwrap_or_else(|e| panic!("/rule {query}: {e:?}"));
    let embed = out
        .iter()
        .find_map(|o| match o {
            Outgoing::Ephemeral { message, .. } => message.embed.clone(),
            _ => None,
        })
        .unwrap_or_else(|| panic!("/rule {query}: no section shown: {out:?}"));
    embed.title
}

async fn assert_answers(game: &str, cases: &[(&str, &str)]) {
    let mut f = Front::new().await;
    let mut wrong = Vec::new();
    for (query, want) in cases {
        let got = top(&mut f, game, query).await;
        // "Win — …": any section of that heading answers.
        let want = format!("{} · {want}", capitalised(game));
        let ok = match want.strip_suffix('…') {
            Some(head) => got.starts_with(head),
            None => got == want,
        };
        if !ok {
            wrong.push(format!("{query:?}: want {want:?}, got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

fn capitalised(game: &str) -> String {
    let mut c = game.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

#[tokio::test]
async fn spheres_rule_word_forms_and_questions_find_the_step() {
    assert_answers(
        "spheres",
        &[
            ("blocking", "5b Block"),
            ("blocked", "5b Block"),
            ("can dizzy creatures block", "5b Block"),
            ("attacked", "5a Attack"),
            ("attacking", "5a Attack"),
            ("retaliating", "5d Retaliation"),
            // The first draft answers only when asked for (issue 30).
            ("how do I win?", "Sequence of Play"),
            ("how do I win in the first draft?", "First draft — Sequence of Play: to win"),
            ("retalation", "5d Retaliation"),
            ("what happens when my last tower is destroyed", "5c2 Siege"),
            ("drawing", "7 Draw"),
            ("Battle between two creatures", "5c1 Battle between two creatures"),
        ],
    )
    .await;
}

#[tokio::test]
async fn certamen_rule_word_forms_and_questions_find_the_rule() {
    assert_answers(
        "certamen",
        &[
            ("how do I win", "Win — …"),
            ("blocking", "Combat — declare blockers"),
            ("attacking", "Combat — declare attackers"),
            ("summoning sick", "Summoning sickness"),
            ("what is overwhelm", "Keyword — Overwhelm"),
            ("mulligans", "Mulligan and setup (pre-game)"),
            ("what happens if my archive is empty", "Win — Empty Archive (decking)"),
            ("Keyword — Skyborne", "Keyword — Skyborne"),
        ],
    )
    .await;
}

#[tokio::test]
async fn athernum_rule_word_forms_and_questions_find_the_rule() {
    assert_answers(
        "athernum",
        &[
            ("who can block?", "2.2.4d Who can block"),
            ("blocking", "2.2.4d Who can block"),
            ("exhausted", "Term: Exhausted"),
            ("how do I win", "Term: Victory Token Field"),
            ("what is a command token", "Term: Command Token"),
            ("Newest set effect wins", "4.4.1a Newest set effect wins"),
            ("exhaustion counters", "10.4.0 Exhaustion Counters"),
        ],
    )
    .await;
}

#[tokio::test]
async fn rule_rulings_answer_questions_about_what_they_decide() {
    // Questions only a ruling answers (the rulebooks leave them open).
    assert_answers("athernum", &[("how many players can play", "Ruling 0 How many players")]).await;
    assert_answers(
        "certamen",
        &[("choosing pillars for a spellbook", "Ruling Choosing Your Pillars — the starter Spellbooks")],
    )
    .await;
}

#[tokio::test]
async fn rule_a_miss_lists_the_closest_topics() {
    let mut f = Front::new().await;
    // One slip in a word is mended ("blokc" is Block); two are a miss.
    assert_answers("spheres", &[("how do I blokc", "5b Block")]).await;
    let cmd = Command::Rule { query: "how do I bolkc".into(), game: Some("spheres".into()) };
    let text = match f.slash("Alice", cmd).await {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a miss, got {other:?}"),
    };
    let closest = text.split("Closest topics:").nth(1).unwrap_or_else(|| panic!("{text}"));
    assert!(closest.contains("5b Block"), "{text}");
}
