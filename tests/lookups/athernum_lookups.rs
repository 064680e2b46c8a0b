//! Athernum look-ups through the table: `/rule` finds every numbered rule
//! of the rules reference by its number (in any spelling), with the rule
//! it is under and the rules under it one click away; every keyword, zone,
//! state, phase and card type by its words; our rulings too, each rule
//! naming the rulings that read it. `/card` shows every card element of
//! section 1 for every card.

use crate::table_support;

use cardtable::cards::athernum::{AthernumDb, RULES, RULINGS};
use cardtable::cards::Catalog;
use cardtable::table::{Command, Component, CustomId, Message, Outgoing, TableError};
use table_support::Front;

/// Every `## <number> <title>` heading of `text`: (number, whole title).
fn numbered_headings(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        .map(|t| (t.split_whitespace().next().unwrap().to_owned(), t.trim().to_owned()))
        .collect()
}

/// The reference's title of rule `number`.
fn title_of(number: &str) -> String {
    numbered_headings(RULES)
        .into_iter()
        .find(|(n, _)| n == number)
        .unwrap_or_else(|| panic!("the reference has no {number}"))
        .1
}

fn only_answer(out: &[Outgoing]) -> &Message {
    match out {
        [Outgoing::Ephemeral { message, .. }] | [Outgoing::Replace { message, .. }] => message,
        other => panic!("expected one private answer, got {other:?}"),
    }
}

fn title(m: &Message) -> &str {
    &m.embed.as_ref().expect("an embed").title
}

fn description(m: &Message) -> &str {
    &m.embed.as_ref().expect("an embed").description
}

fn field<'m>(m: &'m Message, name: &str) -> Option<&'m str> {
    m.embed.as_ref()?.fields.iter().find(|f| f.name == name).map(|f| f.value.as_str())
}

/// (label, custom id) of every button.
fn buttons(m: &Message) -> Vec<(String, String)> {
    m.components
        .iter()
        .filter_map(|c| match c {
            Component::Button { label, custom_id, .. } => Some((label.clone(), custom_id.clone())),
            Component::Select { .. } => None,
        })
        .collect()
}

/// The button whose label starts with `number` and a space.
fn button_for(m: &Message, number: &str) -> Option<String> {
    let prefix = format!("{number} ");
    buttons(m).into_iter().find(|(l, _)| l.starts_with(&prefix)).map(|(_, id)| id)
}

fn refusal(r: Result<Vec<Outgoing>, TableError>) -> String {
    match r {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

async fn rule(f: &mut Front, query: &str) -> Message {
    let cmd = Command::Rule { query: query.into(), game: Some("athernum".into()) };
    let out = f.slash("Alice", cmd).await.unwrap_or_else(|e| panic!("/rule {query}: {e:?}"));
    only_answer(&out).clone()
}

async fn click(f: &mut Front, custom_id: &str) -> Message {
    let out = f.click("Alice", custom_id).await.unwrap_or_else(|e| panic!("click {custom_id}: {e:?}"));
    assert!(
        matches!(out.as_slice(), [Outgoing::Replace { .. }]),
        "a section click replaces the answer: {out:?}"
    );
    only_answer(&out).clone()
}

#[tokio::test]
async fn athernum_rule_by_number_shows_exactly_that_rule_in_any_spelling() {
    let mut f = Front::new().await;
    for (query, number) in [
        ("4.2.2a", "4.2.2a"),
        ("4.2.2.a", "4.2.2a"),
        ("rule 4.2.2a", "4.2.2a"),
        ("4.2.2A", "4.2.2a"),
        ("Rule 4.2.2a.", "4.2.2a"),
        ("4.2", "4.2.0"),
        ("4.2.0", "4.2.0"),
        ("3.0.6d", "3.0.6d"),
        ("11.1.3", "11.1.3"),
        ("9.2.13", "9.2.13"),
        ("12.2.Aa", "12.2.Aa"),
        ("12.2.aa", "12.2.Aa"),
        ("12.2.a", "12.2.A"),
        ("0", "0"),
        ("10", "10"),
    ] {
        let m = rule(&mut f, query).await;
        let want = title_of(number);
        assert_eq!(title(&m), format!("Athernum · {want}"), "{query}");
        let at = RULES.find(&format!("## {want}\n")).unwrap();
        let first_line = RULES[at..].lines().nth(2).unwrap();
        assert!(description(&m).contains(first_line.trim()), "{query}: {}", description(&m));
    }
}

#[tokio::test]
async fn athernum_rule_a_numbered_point_inside_a_rule_shows_that_rule() {
    let mut f = Front::new().await;
    let m = rule(&mut f, "4.3.5c.IIa").await;
    assert_eq!(title(&m), format!("Athernum · {}", title_of("4.3.5c")));
    assert!(description(&m).starts_with("4.3.5c.IIa is a point of 4.3.5c"), "{}", description(&m));
    // Every point written in the reference leads to the rule holding it.
    let mut current = String::new();
    let mut points = 0;
    for line in RULES.lines() {
        if let Some(t) = line.strip_prefix("## ") {
            current = t.to_owned();
        } else if let Some(rest) = line.strip_prefix("- **") {
            let point = rest.split("**").next().unwrap();
            let m = rule(&mut f, point).await;
            assert_eq!(title(&m), format!("Athernum · {current}"), "{point}");
            points += 1;
        }
    }
    assert!(points >= 40, "{points} points");
}

#[tokio::test]
async fn athernum_rule_every_numbered_rule_is_found_by_its_number_and_sits_under_its_parent() {
    let mut f = Front::new().await;
    let headings = numbered_headings(RULES);
    assert!(headings.len() >= 540, "{} numbered rules", headings.len());
    let mut chapters = 0;
    for (number, heading) in &headings {
        let m = rule(&mut f, number).await;
        assert_eq!(title(&m), format!("Athernum · {heading}"), "{number}");
        match field(&m, "Part of") {
            None => {
                assert!(!number.contains('.'), "{number} has no parent");
                chapters += 1;
            }
            Some(parent) => {
                // The parent's number, its trailing ".0" dropped, starts
                // this number (4.2.0 → 4.2 for 4.2.2; 4.2.2 for 4.2.2a).
                let p = parent.trim_start_matches("• ").split_whitespace().next().unwrap();
                let stem = p.strip_suffix(".0").unwrap_or(p);
                assert!(number.starts_with(stem) && number != p, "{number} is under {p}");
                let id = button_for(&m, p).unwrap_or_else(|| panic!("{number}: no button to {p}"));
                let up = click(&mut f, &id).await;
                assert_eq!(title(&up), format!("Athernum · {}", title_of(p)), "{number} → {p}");
                assert!(
                    button_for(&up, number).is_some(),
                    "{p} has no button to {number} among {:?}",
                    buttons(&up)
                );
            }
        }
    }
    assert_eq!(chapters, 13, "chapters 0 to 12 are the tops");
}

#[tokio::test]
async fn athernum_rule_parent_and_children_are_one_click_away() {
    let mut f = Front::new().await;
    let m = rule(&mut f, "4.2.2a").await;
    assert_eq!(field(&m, "Part of").map(|p| p.starts_with("• 4.2.2 ")), Some(true), "{m:?}");
    let up = button_for(&m, "4.2.2").expect("a button to 4.2.2");
    assert!(up.len() <= 100 && CustomId::decode(&up).is_some(), "{up}");
    let before = f.ephemerals.len();
    let parent = click(&mut f, &up).await;
    assert_eq!(f.ephemerals.len(), before, "shown in place of the answer, not as a new one");
    assert_eq!(title(&parent), format!("Athernum · {}", title_of("4.2.2")));
    for child in ["4.2.2a", "4.2.2b", "4.2.2c", "4.2.2d", "4.2.2e", "4.2.2f", "4.2.2g", "4.2.2h"] {
        assert!(button_for(&parent, child).is_some(), "{child} missing: {:?}", buttons(&parent));
        assert!(field(&parent, "Under it").unwrap().contains(&title_of(child)));
    }
    let b = click(&mut f, &button_for(&parent, "4.2.2b").unwrap()).await;
    assert_eq!(title(&b), format!("Athernum · {}", title_of("4.2.2b")));
    // A head of section lists its rules; a chapter its sections.
    let checks = rule(&mut f, "4.2.0").await;
    for child in ["4.2.1", "4.2.2", "4.2.3", "4.2.4"] {
        assert!(button_for(&checks, child).is_some(), "{child}: {:?}", buttons(&checks));
    }
    assert!(button_for(&checks, "4").is_some(), "up to chapter 4");
    let chapter = rule(&mut f, "3").await;
    assert!(button_for(&chapter, "3.0.1").is_some(), "{:?}", buttons(&chapter));
    let setup = rule(&mut f, "3.0.1").await;
    assert!(button_for(&setup, "3").is_some(), "3.0.1 is under chapter 3 (no 3.0.0)");
    let extra = rule(&mut f, "12.2.A").await;
    assert!(button_for(&extra, "12.2.0").is_some() && button_for(&extra, "12.2.Aa").is_some());
}

#[tokio::test]
async fn athernum_rule_a_stale_or_foreign_section_button_is_explained() {
    let mut f = Front::new().await;
    let e = refusal(f.click("Alice", "rule:athernum:r:4.2.99z:0").await);
    assert!(e.contains("no longer have a section \"4.2.99z\"") && e.contains("/rule game:athernum"), "{e}");
    let e = refusal(f.click("Alice", "rule:nosuchgame:r:4.2.2a:0").await);
    assert!(e.contains("The games are"), "{e}");
}

#[tokio::test]
async fn athernum_rule_in_the_console_clicks_to_the_parent_in_place() {
    let mut out = Vec::new();
    let script = "@alice /rule game:athernum query:4.2.2a\n@alice click 4.2.2\n@alice click 4.2.2c\n";
    cardtable::console::run("sqlite::memory:", script.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    println!("{text}");
    let parent = format!("┌ Athernum · {}", title_of("4.2.2"));
    let child = format!("┌ Athernum · {}", title_of("4.2.2c"));
    assert!(text.contains(&format!("┌ Athernum · {}", title_of("4.2.2a"))), "{text}");
    assert!(text.contains(&format!("[only @alice] (replaced)\n  {parent}")), "{text}");
    assert!(text.contains(&format!("[only @alice] (replaced)\n  {child}")), "{text}");
    assert!(!text.contains("error:"), "{text}");
}

#[tokio::test]
async fn athernum_rule_finds_every_keyword_zone_state_phase_and_card_type() {
    let mut f = Front::new().await;
    let topics: &[(&str, &str)] = &[
        // Keywords: the extra rules and the kinds of ability.
        ("unique", "Term: Unique"),
        ("reserve", "12.2.B Reserve (this table's extra rule)"),
        ("ascend", "12.2.C Ascend (this table's extra rule)"),
        ("command ability", "Term: Command Ability"),
        ("support ability", "Term: Support Ability"),
        ("objective ability", "Term: Objective Ability"),
        ("equipment ability", "Term: Equipment Ability"),
        ("triggered ability", "Term: Triggered Ability"),
        ("static ability", "Term: Static Ability"),
        ("activated ability", "Term: Activated Ability"),
        ("acquisition", "9.2.2 Acquisition"),
        ("solvency", "9.2.3 Solvency"),
        ("contingency", "9.2.4 Contingency"),
        ("initiative", "Term: Initiative"),
        ("state-based check", "Term: State-Based Check"),
        // Zones.
        ("void", "Term: The Void"),
        ("extra deck", "Term: Extra Deck"),
        ("discard pile", "Term: Discard Pile"),
        ("hand", "7.4.1 Hand"),
        ("deck", "7.2.3 Deck"),
        ("main character slot", "7.1.1 Main character slot"),
        ("character slots", "7.1.2 Character slots"),
        ("location slot", "2.4.3 Location slot"),
        ("resource zone", "7.1.4 Resource zone"),
        ("item slot", "Term: Item Slot"),
        ("stack", "Term: Stack"),
        // States.
        ("face-down", "Term: Face-Down"),
        ("face down", "Term: Face-Down"),
        ("face-up", "Term: Face-Up"),
        ("exhausted", "Term: Exhausted"),
        ("exhaustion counter", "10.4.0 Exhaustion Counters"),
        // Phases.
        ("morning", "9.1.0 Morning Phase"),
        ("day phase", "9.2.0 Day Phase"),
        ("combat", "9.3.0 Combat Phase"),
        ("evening", "9.4.0 Evening Phase"),
        ("night", "9.5.0 Night Phase"),
        // Card types.
        ("character", "2.2.0 Character"),
        ("item", "2.3.0 Items"),
        ("location", "2.4.0 Locations"),
        ("token", "Term: Token"),
        ("resource token", "Term: Resource Token"),
        // Things on the board.
        ("command token", "Term: Command Token"),
        ("victory token", "10.1.0 Victory Tokens"),
        ("victory token field", "Term: Victory Token Field"),
        ("main character", "Term: Main Character"),
    ];
    for (query, want) in topics {
        let m = rule(&mut f, query).await;
        assert_eq!(title(&m), format!("Athernum · {want}"), "{query}");
    }
}

#[tokio::test]
async fn athernum_rule_each_ruling_is_named_on_the_rules_it_reads_and_leads_back() {
    let mut f = Front::new().await;
    let rulings = numbered_headings(RULINGS);
    assert!(rulings.len() >= 8, "{rulings:?}");
    for (number, heading) in &rulings {
        // "1.5" reads 1.5.0; "2.1.3 Tokens and 10.5 custom markers" reads both.
        let numbers: Vec<&str> = heading
            .split_whitespace()
            .filter(|w| {
                w.starts_with(|c: char| c.is_ascii_digit())
                    && (w.contains('.') || w.chars().all(|c| c.is_ascii_digit()))
            })
            .collect();
        assert_eq!(numbers[0], number);
        for n in numbers {
            let m = rule(&mut f, n).await;
            assert!(!title(&m).contains("Ruling"), "{n}: the rule comes before the ruling");
            let listed = field(&m, "Rulings on this rule").unwrap_or_default();
            assert!(listed.contains(&format!("Ruling {heading}")), "{n} does not name {heading}: {listed}");
            let (_, id) = buttons(&m)
                .into_iter()
                .find(|(l, _)| heading.starts_with(l.trim_start_matches("Ruling ").trim_end_matches('…')))
                .unwrap_or_else(|| panic!("{n}: no button to {heading}"));
            let ruling = click(&mut f, &id).await;
            assert_eq!(title(&ruling), format!("Athernum · Ruling {heading}"));
            let rule_title = title(&m).trim_start_matches("Athernum · ").to_owned();
            let reads = field(&ruling, "Rules it reads").unwrap_or_default();
            assert!(
                reads.contains(&format!("• {rule_title}")),
                "{heading} does not lead back to {rule_title}: {reads}"
            );
        }
    }
    // The rulings are found by their words too.
    let m = rule(&mut f, "Throne of the Old Kings main character location").await;
    assert_eq!(title(&m), "Athernum · Ruling 3.0.1 Main characters that are locations");
}

#[tokio::test]
async fn athernum_rule_a_miss_names_the_closest_topics_and_how_to_ask() {
    let mut f = Front::new().await;
    let cmd = |q: &str| Command::Rule { query: q.into(), game: Some("athernum".into()) };
    // One slip is read as the word the rules use; more is a miss.
    let out = f.slash("Alice", cmd("exhaustoin")).await.unwrap();
    assert_eq!(title(only_answer(&out)), "Athernum · Term: Exhausted");
    let e = refusal(f.slash("Alice", cmd("exhaustoinnn")).await);
    assert!(e.contains("No Athernum ruling mentions \"exhaustoinnn\", and no rule does"), "{e}");
    assert!(e.contains("Closest topics: ") && e.to_lowercase().contains("exhaust"), "{e}");
    assert!(e.contains("ask for the number (/rule query:"), "{e}");
    let e = refusal(f.slash("Alice", cmd("4.2.9")).await);
    assert!(e.contains("No Athernum rule or ruling is numbered \"4.2.9\""), "{e}");
    assert!(e.contains(&format!("The nearest is {}", title_of("4.2.0"))), "{e}");
    assert!(e.contains("4.2.1, 4.2.2, 4.2.3, 4.2.4"), "{e}");
    let e = refusal(f.slash("Alice", cmd("99.1")).await);
    assert!(e.contains("The rules start at: 0 Core concepts"), "{e}");
    let e = refusal(f.slash("Alice", cmd("  ")).await);
    assert!(e.contains("Say what to look up"), "{e}");
}

#[tokio::test]
async fn athernum_rule_without_a_game_finds_athernum_numbers_and_words() {
    let mut f = Front::new().await;
    let out = f.slash("Alice", Command::Rule { query: "4.2.2a".into(), game: None }).await.unwrap();
    assert_eq!(title(only_answer(&out)), format!("Athernum · {}", title_of("4.2.2a")));
    let out =
        f.slash("Alice", Command::Rule { query: "exhaustion counter".into(), game: None }).await.unwrap();
    assert_eq!(title(only_answer(&out)), "Athernum · 10.4.0 Exhaustion Counters");
}

fn db() -> AthernumDb {
    AthernumDb::embedded().expect("the embedded pool loads")
}

#[tokio::test]
async fn athernum_card_shows_every_card_element_of_every_card() {
    let db = db();
    let mut f = Front::new().await;
    for c in &db.cards {
        let cmd = Command::Card { name: c.name.clone(), game: Some("athernum".into()) };
        let out = f.slash("Alice", cmd).await.unwrap();
        let m = only_answer(&out);
        let embed = m.embed.as_ref().unwrap();
        let all = serde_json::to_string(m).unwrap();
        let has = |s: &str| all.contains(&serde_json::to_string(s).unwrap().trim_matches('"').to_owned());
        // 1.1 name, 1.4 type line, 1.2 faction.
        assert_eq!(embed.title, c.name);
        assert!(embed.description.starts_with(c.kind.name()), "{}: {}", c.name, embed.description);
        for s in &c.subtypes {
            assert!(embed.description.contains(s.as_str()), "{}: subtype {s}", c.name);
        }
        let faction = c.faction.map_or("Factionless", |f| f.name());
        assert!(embed.description.contains(faction), "{}: {} lacks {faction}", c.name, embed.description);
        // Costs, OFV, DFV, item slots (2.2).
        if let Some(n) = c.cost {
            assert!(has(&format!("Cost {n}")), "{}: cost", c.name);
        }
        if let Some(n) = c.ofv {
            assert!(has(&format!("OFV {n}")), "{}: OFV", c.name);
        }
        if let Some(n) = c.dfv {
            assert!(has(&format!("DFV {n}")), "{}: DFV", c.name);
        }
        match c.slots {
            0 => {}
            1 => assert!(has("1 item slot"), "{}", c.name),
            n => assert!(has(&format!("{n} item slots")), "{}", c.name),
        }
        // 1.3 effect text, line by line.
        for line in c.text(&db) {
            assert!(has(&line), "{}: text {line:?}", c.name);
        }
        // 1.5 Victory Token Field and 1.6 Extra Rule.
        let vtf = embed.fields.iter().find(|f| f.name == "Victory Token Field");
        assert_eq!(vtf.map(|f| f.value.clone()), c.victory.map(|v| v.to_string()), "{}", c.name);
        let extra = embed.fields.iter().find(|f| f.name == "Extra Rule");
        match &c.extra_rule {
            Some(r) => assert!(extra.is_some_and(|f| f.value.starts_with(r.keyword())), "{}", c.name),
            None => assert!(extra.is_none(), "{}", c.name),
        }
    }
}
