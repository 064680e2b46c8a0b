//! A whole Spheres match played in the console by @alice and @bob, each
//! clicking the first thing offered to them, and the same script piped
//! through `console::run` again.

use std::collections::BTreeSet;

use cardtable::cards::spheres::SpheresDb;
use cardtable::cards::Catalog;
use cardtable::console::{run, Console};
use cardtable::store::Store;

const THREAD: &str = "[#alice-vs-bob-spheres-1]";
const ALICE_DECK: &str = "Clockwork Skies";
const BOB_DECK: &str = "Moonlit Veil";

struct Driver {
    console: Console,
    script: Vec<String>,
    transcript: String,
}

impl Driver {
    async fn send(&mut self, line: &str) -> String {
        self.script.push(line.to_owned());
        let out = self.console.line(line).await;
        assert!(!out.starts_with("error:"), "`{line}` was refused: {out}\n…{}", tail(&self.transcript));
        self.transcript.push_str(&out);
        out
    }
}

fn tail(s: &str) -> &str {
    let start = s.char_indices().rev().nth(3000).map_or(0, |(i, _)| i);
    &s[start..]
}

/// The player named in the newest board of `out` ("Alice to act."), or
/// `None` once a board says the game is over.
fn next_actor(out: &str) -> Option<Option<String>> {
    let mut found = None;
    for line in out.lines().filter(|l| l.starts_with(THREAD)) {
        if line.contains("The game is over") {
            found = Some(None);
        } else if let Some(i) = line.find(" to act.") {
            let who = line[..i].rsplit(' ').next().unwrap_or_default().to_lowercase();
            found = Some(Some(who));
        }
    }
    found
}

/// Every name on both halves of a starter deck's cards.
fn deck_names(deck: &str) -> BTreeSet<String> {
    let db = SpheresDb::embedded().unwrap();
    let cards = db.deck_list(db.deck(deck).unwrap());
    cards
        .iter()
        .flat_map(|n| {
            let c = db.card(db.find(n).unwrap());
            [c.creature.name.clone(), c.spell.name.clone()]
        })
        .collect()
}

/// Splits a transcript into (header, whole block) in order.
fn blocks(transcript: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in transcript.lines() {
        if line.starts_with('[') {
            out.push((line.split(']').next().unwrap_or_default().to_owned() + "]", line.to_owned()));
        } else if let Some(b) = out.last_mut() {
            b.1.push('\n');
            b.1.push_str(line);
        }
    }
    out
}

async fn play_whole_match() -> Driver {
    let store = Store::open_memory().await.unwrap();
    let mut d = Driver { console: Console::new(store), script: vec![], transcript: String::new() };
    d.send("# Alice and Bob play a whole match of Spheres").await;
    d.send("seed 11").await;
    d.send(&format!("@alice /challenge opponent:@bob game:spheres deck:\"{ALICE_DECK}\"")).await;
    d.send("@bob click Accept").await;
    let mut out = d.send(&format!("@bob select {BOB_DECK}")).await;
    let mut actor = next_actor(&out).expect("the first board").expect("someone acts first");
    let mut idle = 0;
    for _ in 0..20_000 {
        out = d.send(&format!("@{actor} click 1")).await;
        match next_actor(&out) {
            Some(None) => return d,
            Some(Some(next)) => {
                actor = next;
                idle = 0;
            }
            None => {
                // "My hand" was the first button: answer from the hand.
                idle += 1;
                assert!(idle < 3, "no progress:\n…{}", tail(&d.transcript));
                let hand = out.rsplit("[only @").next().unwrap_or_default();
                if hand.contains("▾")
                    && !hand.lines().last().unwrap_or_default().trim_start().starts_with("[1]")
                {
                    out = d.send(&format!("@{actor} select 1")).await;
                    if let Some(n) = next_actor(&out) {
                        match n {
                            None => return d,
                            Some(next) => actor = next,
                        }
                        idle = 0;
                    }
                }
            }
        }
    }
    panic!("the match did not end:\n…{}", tail(&d.transcript));
}

#[tokio::test]
async fn alice_and_bob_play_a_whole_match_in_the_console() {
    let d = play_whole_match().await;
    let last_board = d.transcript.lines().rfind(|l| l.starts_with(THREAD) && l.contains("The game is over"));
    let winner_line = last_board.expect("a final board").to_owned();
    assert!(winner_line.contains("Alice won") || winner_line.contains("Bob won"), "{winner_line}");
    assert!(d.transcript.contains("[1] Rematch"));

    // Alice never sees a card of Bob's that was not first shown publicly.
    let alice_names = deck_names(ALICE_DECK);
    let bob_only: Vec<String> = deck_names(BOB_DECK)
        .into_iter()
        .filter(|b| !alice_names.iter().any(|a| a.contains(b.as_str()) || b.contains(a.as_str())))
        .collect();
    assert!(bob_only.len() > 10);
    let mut public: BTreeSet<&str> = BTreeSet::new();
    let mut seen_by_alice = 0;
    for (header, block) in blocks(&d.transcript) {
        if header.starts_with("[#") {
            public.extend(bob_only.iter().filter(|n| block.contains(n.as_str())).map(String::as_str));
        } else if header == "[only @alice]" {
            seen_by_alice += 1;
            for n in &bob_only {
                assert!(
                    !block.contains(n.as_str()) || public.contains(n.as_str()),
                    "@alice saw Bob's unrevealed card {n}:\n{block}"
                );
            }
        }
    }
    assert!(seen_by_alice > 5, "alice saw her own hand");
    // Bob's hand did show his cards to him.
    assert!(blocks(&d.transcript)
        .iter()
        .any(|(h, b)| h == "[only @bob]" && bob_only.iter().any(|n| b.contains(n.as_str()))));

    // The same script, piped through `run`, plays the same match.
    let script = d.script.join("\n") + "\n";
    let mut out = Vec::new();
    run("sqlite::memory:", script.as_bytes(), &mut out).await.unwrap();
    let piped = String::from_utf8(out).unwrap();
    assert!(!piped.contains("error:"), "{}", tail(&piped));
    let piped_winner = piped.lines().rfind(|l| l.starts_with(THREAD) && l.contains("The game is over"));
    assert_eq!(piped_winner, Some(winner_line.as_str()));
    println!("{} lines of script; {}", d.script.len(), winner_line);
    if let Ok(path) = std::env::var("CONSOLE_TRANSCRIPT") {
        std::fs::write(path, &d.transcript).unwrap();
    }
}
