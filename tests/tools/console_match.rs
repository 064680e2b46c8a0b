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
fn next_actor(out: &str, thread: &str) -> Option<Option<String>> {
    let mut found = None;
    for line in out.lines().filter(|l| l.starts_with(thread)) {
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
    let opening = [
        "# Alice and Bob play a whole match of Spheres".to_owned(),
        "seed 11".to_owned(),
        format!("@alice /challenge opponent:@bob game:spheres deck:\"{ALICE_DECK}\""),
        "@bob click Accept".to_owned(),
        format!("@bob select {BOB_DECK}"),
    ];
    play_to_the_end(&opening, THREAD, None).await
}

/// The buttons of the newest button row in `out`: (number, label).
fn buttons(out: &str) -> Vec<(usize, String)> {
    let Some(row) = out.lines().rfind(|l| l.trim_start().starts_with("[1] ")) else { return vec![] };
    row.split('[')
        .filter_map(|part| {
            let (n, label) = part.split_once("] ")?;
            Some((n.parse().ok()?, label.trim().to_owned()))
        })
        .collect()
}

/// Sends the `opening` lines, then has whoever is to act in `thread` click
/// the first thing offered until a board says the game is over.
/// With `seed`, a random one of the board's game buttons is clicked
/// instead of the first (first-button play can stall a table of lords who
/// never crystallize).
async fn play_to_the_end(opening: &[String], thread: &str, seed: Option<u64>) -> Driver {
    let mut rng = seed.map(|s| s.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let store = Store::open_memory().await.unwrap();
    let mut d = Driver { console: Console::new(store), script: vec![], transcript: String::new() };
    let mut out = String::new();
    for line in opening {
        out = d.send(line).await;
    }
    let next_actor = |out: &str| next_actor(out, thread);
    let mut actor = next_actor(&out).expect("the first board").expect("someone acts first");
    let mut idle = 0;
    for _ in 0..20_000 {
        if let Some(r) = rng.as_mut() {
            // xorshift: a seeded pick without a dependency.
            let mut pick = |n: usize| {
                *r ^= *r << 13;
                *r ^= *r >> 7;
                *r ^= *r << 17;
                (*r % n.max(1) as u64) as usize
            };
            let block = |out: &str, header: &str| {
                blocks(out).into_iter().rev().find(|(h, _)| h == header).map(|(_, b)| b).unwrap_or_default()
            };
            let choices: Vec<(usize, String)> = buttons(&block(&out, thread))
                .into_iter()
                .filter(|(_, l)| !["Concede", "End turn"].contains(&l.as_str()))
                .collect();
            let (n, label) = match choices.len() {
                0 => (0, "My hand".to_owned()),
                k => choices[pick(k)].clone(),
            };
            let _ = n;
            out = d.send(&format!("@{actor} click {label}")).await;
            if label == "My hand" {
                // Answer from the hand: a random entry of its menu or buttons.
                let hand = block(&out, &format!("[only @{actor}]"));
                let menu: Vec<usize> = hand
                    .lines()
                    .filter_map(|l| l.strip_prefix("    [")?.split_once(']')?.0.parse().ok())
                    .collect();
                let hand_buttons = buttons(&hand);
                out = if !menu.is_empty() {
                    d.send(&format!("@{actor} select {}", menu[pick(menu.len())])).await
                } else if !hand_buttons.is_empty() {
                    let (_, label) = &hand_buttons[pick(hand_buttons.len())];
                    d.send(&format!("@{actor} click {label}")).await
                } else {
                    out
                };
            }
            match next_actor(&out) {
                Some(None) => return d,
                Some(Some(next)) => actor = next,
                None => {}
            }
            continue;
        }
        let click = 1;
        out = d.send(&format!("@{actor} click {click}")).await;
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

/// Spheres team play (rulebook, *Multi-Player Rules*): four lords in two
/// teams, every one accepting the challenge with a deck, to the end.
#[tokio::test]
async fn four_lords_play_a_whole_team_match_in_the_console() {
    const TEAMS_THREAD: &str = "[#alice-vs-bob-vs-carol-vs-dave-spheres-1]";
    // A seed whose match has a lord fall while the destroyer still has a
    // deck to fortify from (seed 6's no longer does since the boards' moves
    // are listed differently: the driver takes other paths).
    let opening = [
        "seed 2".to_owned(),
        "@alice /challenge opponent:@bob partner:@carol opponent2:@dave game:spheres mode:teams deck:\"Wildfire Horde\"".to_owned(),
        "@bob click Accept".to_owned(),
        "@bob select Moonlit Veil".to_owned(),
        "@carol click Accept".to_owned(),
        "@carol select Ashen Requiem".to_owned(),
        "@dave click Accept".to_owned(),
        "@dave select Clockwork Skies".to_owned(),
    ];
    let d = play_to_the_end(&opening, TEAMS_THREAD, Some(5)).await;
    assert!(d.transcript.contains("Waiting for Carol and Dave to accept."));
    // The teams are named from the lord who starts.
    let t = &d.transcript;
    assert!(t.contains("Team play:") && (t.contains("Alice & Carol") || t.contains("Carol & Alice")), "{t}");
    let last = d.transcript.lines().rfind(|l| l.starts_with(TEAMS_THREAD) && l.contains("The game is over"));
    let last = last.expect("a final board").to_owned();
    let alice_and_carol = last.contains("Alice") && last.contains("Carol");
    let bob_and_dave = last.contains("Bob") && last.contains("Dave");
    assert!(alice_and_carol != bob_and_dave, "one team wins together: {last}");
    println!("{} lines of script; {last}", d.script.len());
    // Lords fell along the way, and each fall fortified the destroyer
    // (an event may be wrapped over lines of the board).
    let flat = cardtable::console::read_through(&d.transcript);
    assert!(flat.contains("fortifies a new tower") || flat.contains("conceded"), "…{}", tail(&d.transcript));
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

/// Spheres deck assembly (rulebook, *Deck Assembly*, closed draft): three
/// players accept without a deck, draft from packs of 13 passed left then
/// right on their private messages, and play the drafted decks to the end.
#[tokio::test]
async fn three_players_draft_their_decks_and_play_a_whole_match_in_the_console() {
    const THREAD3: &str = "[#alice-vs-bob-vs-carol-spheres-1]";
    let opening = [
        "seed 3".to_owned(),
        "@alice /challenge opponent:@bob opponent2:@carol game:spheres assembly:closed-draft".to_owned(),
        "@bob click Accept".to_owned(),
        "@carol click Accept".to_owned(),
    ];
    let d = play_to_the_end(&opening, THREAD3, Some(3)).await;
    assert!(!d.transcript.contains("choose your deck"));
    assert!(d.transcript.contains("Deck assembly · Closed draft · pack 1 of 4, passing left"));
    assert!(d.transcript.contains("pack 2 of 4, passing right"));
    // Play begins after the draft (the board's newest events may have
    // moved past the draft's last line by the time it is shown).
    let after = &d.transcript[d.transcript.find("pack 2 of 4").expect("the draft")..];
    assert!(after.contains("Round 1"), "{after}");
    let last = d.transcript.lines().rfind(|l| l.starts_with(THREAD3) && l.contains("The game is over"));
    println!("{} lines of script; {}", d.script.len(), last.expect("a final board"));
}
