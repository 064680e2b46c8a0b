//! Certamen look-ups: `/card` for every card of the pool (cost, pillar,
//! type, stats, keywords with their reminders, loyalty abilities, starter
//! Spellbooks, rulings) and `/rule` for every keyword, step, card type,
//! zone and way the game ends, each naming the rulebook section.

use crate::table_support;

use cardtable::cards::certamen::{CardType, CertamenDb, Keyword, RULES};
use cardtable::cards::Catalog;
use cardtable::table::{Command, Outgoing, TableError};
use table_support::Front;

fn db() -> CertamenDb {
    CertamenDb::embedded().expect("the embedded pool loads")
}

fn ephemeral_text(out: &[Outgoing]) -> String {
    out.iter()
        .filter_map(|o| match o {
            Outgoing::Ephemeral { message, .. } => Some(serde_json::to_string(message).unwrap()),
            _ => None,
        })
        .collect()
}

fn refusal(r: Result<Vec<Outgoing>, TableError>) -> String {
    match r {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

async fn rule(f: &mut Front, query: &str, game: Option<&str>) -> String {
    let cmd = Command::Rule { query: query.into(), game: game.map(str::to_owned) };
    let out = f.slash("Alice", cmd).await.unwrap_or_else(|e| panic!("/rule {query}: {e:?}"));
    ephemeral_text(&out)
}

#[test]
fn certamen_card_sheet_for_every_card_has_cost_pillar_type_and_keyword_reminders() {
    let db = db();
    for c in &db.cards {
        let sheet = Catalog::card(&db, &c.name).unwrap_or_else(|| panic!("{} has no sheet", c.name));
        assert_eq!(sheet.title, c.name);
        assert!(sheet.subtitle.starts_with(c.kind.name()), "{}: {}", c.name, sheet.subtitle);
        let all: String = sheet
            .sections
            .iter()
            .flat_map(|(t, l)| std::iter::once(t).chain(l))
            .cloned()
            .collect::<Vec<_>>()
            .join("\n");
        let head = &sheet.sections[0].1[0];
        match c.cost {
            Some(cost) => assert!(head.contains(&format!("Cost {cost}")), "{}: {head}", c.name),
            None => assert!(head.contains("free"), "{}: {head}", c.name),
        }
        assert!(head.contains("Pillar: "), "{}: {head}", c.name);
        if let (Some(p), Some(v)) = (c.power, c.vitality) {
            assert!(head.contains(&format!("{p}/{v}")), "{}: {head}", c.name);
        }
        for k in &c.keywords {
            assert!(
                all.contains(&format!("**{}**: {}", k.name(), k.reminder())),
                "{}: {k:?} reminder\n{all}",
                c.name
            );
        }
        let rendered = cardtable::view::card_sheet("Certamen", &sheet);
        assert!(rendered.limit_violations().is_empty(), "{}: {:?}", c.name, rendered.limit_violations());
    }
}

#[test]
fn certamen_card_sheet_reminds_keywords_a_card_grants() {
    let db = db();
    // Stormwing Cloak gives Skyborne to the creature it is equipped to.
    let sheet = Catalog::card(&db, "Stormwing Cloak").unwrap();
    let keywords = sheet.sections.iter().find(|(t, _)| t == "Keywords").expect("a Keywords section");
    assert!(keywords.1.iter().any(|l| l.starts_with("**Skyborne**")), "{keywords:?}");
    assert!(sheet.subtitle.contains("Colorless"), "{}", sheet.subtitle);
}

#[test]
fn certamen_card_sheet_lists_loyalty_abilities_plus_minus_and_ultimate() {
    let db = db();
    for c in db.cards.iter().filter(|c| c.kind == CardType::Ascendant) {
        let sheet = Catalog::card(&db, &c.name).unwrap();
        let (_, lines) = sheet
            .sections
            .iter()
            .find(|(t, _)| t == "Loyalty abilities")
            .unwrap_or_else(|| panic!("{} has no loyalty section", c.name));
        assert!(lines[0].contains(&format!("Enters with {} Loyalty", c.loyalty.unwrap())), "{lines:?}");
        assert!(lines.iter().any(|l| l.starts_with('+')), "{}: {lines:?}", c.name);
        assert!(lines.iter().any(|l| l.starts_with('−')), "{}: {lines:?}", c.name);
        assert!(lines.iter().any(|l| l.starts_with("Ultimate −")), "{}: {lines:?}", c.name);
    }
}

#[test]
fn certamen_card_sheet_names_its_starter_spellbooks_and_rulings() {
    let db = db();
    let sheet = Catalog::card(&db, "Ember Bolt").unwrap();
    assert!(sheet.decks.contains(&"Cinderstorm".to_owned()), "{:?}", sheet.decks);
    // The rulings name Mirrorcast in the section on cards.
    let sheet = Catalog::card(&db, "Mirrorcast").unwrap();
    assert!(sheet.rulings.iter().any(|r| r == "Cards"), "{:?}", sheet.rulings);
}

#[test]
fn certamen_keyword_reminders_match_the_rules_reference() {
    for k in Keyword::ALL {
        let heading = format!("## Keyword — {}", k.name());
        let at = RULES.find(&heading).unwrap_or_else(|| panic!("no entry for {k:?}"));
        let body: String = RULES[at + heading.len()..]
            .split("\n## ")
            .next()
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(body.contains(k.reminder()), "{k:?}: the reference says otherwise: {body}");
    }
}

#[test]
fn certamen_rules_reference_paraphrases_the_rulebook() {
    let words = |t: &str| -> Vec<String> {
        t.to_lowercase()
            .replace('’', "'")
            .split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let Ok(book) = std::fs::read_to_string("../shared/seeds/certamen-rulebook.txt") else {
        eprintln!("the rulebook is not beside the repository; nothing to compare");
        return;
    };
    let book = words(&book);
    let runs: std::collections::HashSet<&[String]> = book.windows(8).collect();
    let mine = words(RULES);
    let copied: Vec<String> = mine.windows(8).filter(|w| runs.contains(w)).map(|w| w.join(" ")).collect();
    assert!(copied.is_empty(), "runs of eight words copied from the rulebook: {copied:?}");
}

#[tokio::test]
async fn certamen_card_lookup_without_a_game_finds_the_certamen_card() {
    let mut f = Front::new().await;
    let out = f.slash("Alice", Command::Card { name: "Ember Bolt".into(), game: None }).await.unwrap();
    let text = ephemeral_text(&out);
    assert!(text.contains("Ember Bolt") && text.contains("Rune"), "{text}");
    assert!(!text.contains("closest"), "an exact Certamen name is no guess: {text}");
    let out = f
        .slash("Alice", Command::Card { name: "skyfire drak".into(), game: Some("certamen".into()) })
        .await
        .unwrap();
    assert!(ephemeral_text(&out).contains("Skyfire Drake"));
}

#[tokio::test]
async fn certamen_rule_answers_every_keyword_with_its_section() {
    let mut f = Front::new().await;
    for k in Keyword::ALL {
        let text = rule(&mut f, &k.name().to_lowercase(), Some("certamen")).await;
        assert!(text.contains(&format!("Certamen · Keyword — {}", k.name())), "{k:?}: {text}");
        assert!(text.contains("Rulebook: Keywords"), "{k:?}: {text}");
    }
}

#[tokio::test]
async fn certamen_rule_answers_every_step_card_type_and_zone() {
    let mut f = Front::new().await;
    let topics: &[(&str, &str)] = &[
        ("untap", "Step 1 — Untap"),
        ("upkeep", "Step 2 — Upkeep"),
        ("draw", "Step 3 — Draw"),
        ("main phase 1", "Step 4 — Main Phase 1"),
        ("combat", "Step 5 — Combat"),
        ("main phase 2", "Step 6 — Main Phase 2"),
        ("end step", "Step 7 — End Step"),
        ("creature", "Card type — Creature"),
        ("rune", "Card type — Rune"),
        ("snap", "Card type — Snap"),
        ("rite", "Card type — Rite"),
        ("relic", "Card type — Relic"),
        ("pillar", "Card type — Pillar"),
        ("ascendant", "Card type — Ascendant"),
        ("archive", "Zone — Archive"),
        ("memory bank", "Zone — Memory Bank"),
        ("hand", "Zone — Memory Bank"),
        ("livingfield", "Zone — Livingfield"),
        ("hollow", "Zone — Hollow"),
        ("stack", "Stack"),
        ("exile", "Zone — Exile"),
        ("priority", "The Stack and priority"),
        ("loyalty", "Ascendants and Loyalty"),
        ("mulligan", "Mulligan and setup"),
        ("spellbook", "Spellbook construction"),
        ("summoning sickness", "Summoning sickness"),
        ("blockers", "Combat — declare blockers"),
        ("damage assignment order", "Combat — damage assignment order"),
    ];
    for (query, title) in topics {
        let text = rule(&mut f, query, Some("certamen")).await;
        assert!(text.contains("Certamen · ") && text.contains(title), "{query}: {text}");
        assert!(
            text.contains("Rulebook: ") || text.contains("rulebook"),
            "{query}: no section named: {text}"
        );
    }
}

#[tokio::test]
async fn certamen_rule_answers_each_way_the_game_ends() {
    let mut f = Front::new().await;
    for (query, title, section) in [
        ("vitality zero", "Win — Vitality zero", "Win Conditions, Vitality Zero"),
        ("ultimate win", "Win — Ascendant Ultimate", "Win Conditions, Ascendant Ultimate"),
        ("empty archive", "Win — Empty Archive", "Win Conditions, Empty Archive"),
        ("simultaneous", "Drawn game — simultaneous loss", "Win Conditions, Simultaneous Loss"),
        ("concede", "Concession", "Win Conditions, Concession"),
    ] {
        let text = rule(&mut f, query, Some("certamen")).await;
        assert!(text.contains(title), "{query}: {text}");
        assert!(text.contains(section), "{query}: {text}");
    }
}

#[tokio::test]
async fn certamen_rule_finds_the_rulings_too_and_certamen_topics_without_a_game() {
    let mut f = Front::new().await;
    let text = rule(&mut f, "multicolour costs advice", Some("certamen")).await;
    assert!(text.contains("Spellbook Rules — size and copies"), "{text}");
    let text = rule(&mut f, "skyborne", None).await;
    assert!(text.contains("Certamen · Keyword — Skyborne"), "{text}");
    let e = refusal(
        f.slash("Alice", Command::Rule { query: "xyzzy".into(), game: Some("certamen".into()) }).await,
    );
    assert!(e.contains("No Certamen ruling mentions"), "{e}");
}
