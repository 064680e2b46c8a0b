//! The Certamen card pool: it loads, passes its checks, follows the
//! Spellbook construction rules, reports broken files by file and line,
//! and its generated text reads right.

use std::fs;
use std::path::{Path, PathBuf};

use cardtable::cards::certamen::{
    check_collection, load_certamen, Ability, CardType, CertamenDb, Keyword, Pillar, CARD_FILES,
};
use cardtable::cards::{Catalog, LoadError};

fn db() -> CertamenDb {
    CertamenDb::embedded().unwrap_or_else(|e| panic!("the embedded Certamen pool does not load: {e}"))
}

fn cards_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/certamen")
}

fn names(list: &[(&str, usize)]) -> Vec<String> {
    list.iter().flat_map(|(n, k)| std::iter::repeat_n((*n).to_owned(), *k)).collect()
}

/// A legal 60-card Spellbook: the Veilflux starter.
fn legal() -> Vec<String> {
    db().spellbook("Tides of Thought").unwrap().list()
}

#[test]
fn certamen_embedded_pool_loads_and_passes_its_checks() {
    let db = db();
    check_collection(&db).unwrap();
    assert!(db.cards.len() >= 100, "{} cards", db.cards.len());
    assert_eq!(db.spellbooks.len(), 5);
}

#[test]
fn certamen_cards_check_reads_the_files_on_disk() {
    let db = CertamenDb::load_dir(&cards_dir()).unwrap();
    assert_eq!(db.cards.len(), CertamenDb::embedded().unwrap().cards.len());
    assert_eq!(db.size().decks, 5);
}

#[test]
fn certamen_each_pillar_has_16_cards_and_there_are_relics_multicolor_and_five_pillars() {
    let db = db();
    for p in Pillar::ALL {
        let n = db.cards.iter().filter(|c| c.kind != CardType::Pillar && c.pillars() == [p]).count();
        assert!(n >= 16, "{}: {n}", p.name());
        assert!(db
            .cards
            .iter()
            .any(|c| c.kind == CardType::Pillar && c.produces == Some(p) && !c.enters_tapped));
    }
    assert!(db.cards.iter().filter(|c| c.kind == CardType::Relic && c.pillars().is_empty()).count() >= 5);
    assert!(db.cards.iter().filter(|c| c.pillars().len() >= 2).count() >= 5);
}

#[test]
fn certamen_every_keyword_is_on_at_least_two_cards() {
    let db = db();
    for k in Keyword::ALL {
        let n = db.cards.iter().filter(|c| c.keywords.contains(&k)).count();
        assert!(n >= 2, "{} is on {n} cards", k.name());
    }
}

#[test]
fn certamen_five_ascendants_have_an_ultimate_that_wins_or_changes_the_game() {
    let db = db();
    let great: Vec<&str> = db
        .cards
        .iter()
        .filter(|c| c.kind == CardType::Ascendant)
        .filter(|c| {
            c.abilities.iter().any(|a| {
                matches!(a, Ability::Ultimate { effects, .. }
                    if cardtable::cards::certamen::check::changes_the_game(effects))
            })
        })
        .map(|c| c.name.as_str())
        .collect();
    assert!(great.len() >= 5, "{great:?}");
    let wins = db
        .cards
        .iter()
        .filter(|c| c.text().iter().any(|l| l.to_lowercase().contains("you win the game")))
        .count();
    assert!(wins >= 2, "at least two Ultimates win outright");
}

#[test]
fn certamen_starters_are_legal_single_pillar_and_24_20_8_8() {
    let db = db();
    for book in &db.spellbooks {
        let list = book.list();
        assert_eq!(db.spellbook_problems(&list), Vec::<String>::new(), "{}", book.name);
        let count = |f: &dyn Fn(CardType) -> bool| {
            list.iter().filter(|n| f(db.card(db.find(n).unwrap()).kind)).count()
        };
        assert_eq!(count(&|t| t == CardType::Pillar), 24, "{}", book.name);
        assert_eq!(count(&|t| t == CardType::Creature), 20, "{}", book.name);
        assert_eq!(count(&|t| t.is_spell()), 8, "{}", book.name);
        assert_eq!(count(&|t| matches!(t, CardType::Rite | CardType::Relic | CardType::Ascendant)), 8);
        for n in &list {
            let c = db.card(db.find(n).unwrap());
            assert!(c.pillars().is_empty() || c.pillars() == [book.pillar], "{} in {}", c.name, book.name);
        }
    }
    let pillars: Vec<Pillar> = db.spellbooks.iter().map(|b| b.pillar).collect();
    assert_eq!(pillars, Pillar::ALL);
}

#[test]
fn certamen_spellbook_has_exactly_60_cards() {
    let db = db();
    let mut list = legal();
    list.pop();
    let p = db.spellbook_problems(&list);
    assert_eq!(p, ["a Spellbook holds exactly 60 cards; this one has 59"]);
    list.extend(names(&[("Mistveil Sanctum", 1), ("Tidal Recall", 1)]));
    assert_eq!(db.spellbook_problems(&list), ["a Spellbook holds exactly 60 cards; this one has 61"]);
}

#[test]
fn certamen_spellbook_at_most_4_copies_except_pillars() {
    let db = db();
    let mut list = names(&[("Veilflux Pillar", 20), ("Mistveil Sanctum", 4)]);
    list.extend(names(&[("Mistcaller Adept", 5), ("Gloomwing Skimmer", 6)]));
    list.extend(names(&[("Thoughtveil Sentinel", 4), ("Riddlewing Owl", 4), ("Mirror Drake", 4)]));
    list.extend(names(&[
        ("Echo Sprite", 4),
        ("Drifting Seer", 4),
        ("Palewater Phantasm", 1),
        ("Archivist of Tides", 4),
    ]));
    assert_eq!(list.len(), 60);
    assert_eq!(
        db.spellbook_problems(&list),
        [
            "Mistcaller Adept has 5 copies; a Spellbook may hold at most 4 copies of a card other than a Pillar",
            "Gloomwing Skimmer has 6 copies; a Spellbook may hold at most 4 copies of a card other than a Pillar",
        ]
    );
    // 20 of one Pillar is fine, 21 is not.
    let mut pillars = list.clone();
    pillars.retain(|n| n != "Mistcaller Adept" && n != "Gloomwing Skimmer");
    pillars.extend(names(&[("Veilflux Pillar", 1), ("Umbrage Pillar", 10)]));
    assert_eq!(pillars.len(), 60);
    assert_eq!(
        db.spellbook_problems(&pillars),
        ["Veilflux Pillar has 21 copies; a Spellbook may hold at most 20 copies of a Pillar card"]
    );
}

#[test]
fn certamen_spellbook_one_copy_of_each_ascendant() {
    let db = db();
    let mut list = legal();
    let drop = list.iter().position(|n| n == "Tome of Echoes").unwrap();
    list[drop] = "ilyra, keeper of the unwritten".into();
    assert_eq!(
        db.spellbook_problems(&list),
        ["Ilyra, Keeper of the Unwritten has 2 copies; a Spellbook may hold at most 1 copy of an Ascendant"]
    );
}

#[test]
fn certamen_spellbook_at_least_20_pillars() {
    let db = db();
    let mut list: Vec<String> = legal().into_iter().filter(|n| n != "Mistveil Sanctum").collect();
    let mut swapped = 0;
    for n in list.iter_mut() {
        if n == "Veilflux Pillar" && swapped < 1 {
            *n = "Tidal Recall".into();
            swapped += 1;
        }
    }
    list.extend(names(&[("Cascade of Insight", 3), ("Mirrorcast", 1)]));
    assert_eq!(list.len(), 60);
    assert_eq!(db.spellbook_problems(&list), ["a Spellbook needs at least 20 Pillar cards; this one has 19"]);
}

#[test]
fn certamen_spellbook_names_unknown_cards_with_a_suggestion() {
    let db = db();
    let mut list = legal();
    list[59] = "Mistcaler Adept".into();
    let p = db.spellbook_problems(&list);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("no Certamen card is named \"Mistcaler Adept\""), "{}", p[0]);
    assert!(p[0].contains("Mistcaller Adept"), "{}", p[0]);
}

#[test]
fn certamen_catalog_deck_problems_are_the_spellbook_problems() {
    let db = db();
    let c: &dyn Catalog = &db;
    assert!(c.deck_problems(&legal()).is_empty());
    assert_eq!(c.starter_decks().len(), 5);
    assert!(c.check_deck(&legal()[..30]).is_err());
}

/// Copies the card folder to a temporary one with `file` edited.
fn broken(file: &str, edit: impl Fn(String) -> String) -> (tempfile::TempDir, Result<CertamenDb, LoadError>) {
    let dir = tempfile::tempdir().unwrap();
    for entry in fs::read_dir(cards_dir()).unwrap() {
        let path = entry.unwrap().path();
        let mut text = fs::read_to_string(&path).unwrap();
        if path.file_name().unwrap() == file {
            let edited = edit(text.clone());
            assert_ne!(edited, text, "the edit changed nothing");
            text = edited;
        }
        fs::write(dir.path().join(path.file_name().unwrap()), text).unwrap();
    }
    let result = load_certamen(dir.path()).and_then(|db| check_collection(&db).map(|()| db));
    (dir, result)
}

fn line_of(file: &str, needle: &str) -> usize {
    let text = fs::read_to_string(cards_dir().join(file)).unwrap();
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn certamen_unknown_field_names_the_file_line_and_card() {
    let (_d, r) = broken("umbrage.toml", |t| {
        t.replacen(
            "vitality = 1\nkeywords = [\"dreadmarked\"]",
            "vitallity = 1\nkeywords = [\"dreadmarked\"]",
            1,
        )
    });
    let msg = r.unwrap_err().to_string();
    let line = line_of("umbrage.toml", "name = \"Shade of the Hollow\"") + 4;
    assert!(msg.contains(&format!("umbrage.toml:{line}:")), "line {line} not in: {msg}");
    assert!(msg.contains("Shade of the Hollow") && msg.contains("vitallity"), "{msg}");
}

#[test]
fn certamen_bad_cost_symbol_names_the_file_line_and_card() {
    let (_d, r) = broken("emberwake.toml", |t| t.replacen("cost = \"3EE\"", "cost = \"3EX\"", 1));
    let msg = r.unwrap_err().to_string();
    let line = line_of("emberwake.toml", "cost = \"3EE\"");
    assert!(msg.contains(&format!("emberwake.toml:{line}:")), "line {line} not in: {msg}");
    assert!(msg.contains("'X' is not a pillar symbol"), "{msg}");
}

#[test]
fn certamen_unknown_effect_is_refused() {
    let (_d, r) = broken("veilflux.toml", |t| {
        t.replacen("{ do = \"draw\", amount = 3 }", "{ do = \"scry\", amount = 3 }", 1)
    });
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("veilflux.toml:") && msg.contains("Cascade of Insight"), "{msg}");
}

#[test]
fn certamen_effect_on_the_wrong_object_is_refused() {
    let (_d, r) = broken("veilflux.toml", |t| {
        t.replacen(
            "{ do = \"counter\", target = { object = \"spell\" } }",
            "{ do = \"counter\", target = { object = \"creature\" } }",
            1,
        )
    });
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("Unmake Thought") && msg.contains("effects") && msg.contains("counter"), "{msg}");
}

#[test]
fn certamen_duplicate_name_is_refused() {
    let (_d, r) =
        broken("relics.toml", |t| t.replacen("name = \"Tome of Echoes\"", "name = \"Echo Sprite\"", 1));
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("Echo Sprite") && msg.contains("used by two cards"), "{msg}");
}

#[test]
fn certamen_card_in_the_wrong_pillar_file_is_refused() {
    let (_d, r) =
        broken("veilflux.toml", |t| t.replacen("cost = \"1VV\"\npower = 3", "cost = \"1GG\"\npower = 3", 1));
    let msg = r.unwrap_err().to_string();
    assert!(
        msg.contains("veilflux.toml") && msg.contains("Palewater Phantasm") && msg.contains("Verdance"),
        "{msg}"
    );
}

#[test]
fn certamen_starter_over_the_copy_limit_is_refused_naming_the_spellbook() {
    let (_d, r) = broken("spellbooks.toml", |t| t.replacen("\"3 Cinder Imp\"", "\"5 Cinder Imp\"", 1));
    let msg = r.unwrap_err().to_string();
    assert!(
        msg.contains("spellbooks.toml") && msg.contains("Cinderstorm") && msg.contains("Cinder Imp has 5"),
        "{msg}"
    );
}

#[test]
fn certamen_keyword_on_one_card_only_is_refused() {
    // Flickerborn is on Mirror Drake, Echo Sprite and Nightmare Stalker:
    // taking it off one leaves two, which passes…
    let (_dir, result) = broken("umbrage.toml", |t| t.replacen("keywords = [\"flickerborn\"]\n", "", 1));
    result.unwrap();
    // …taking it off both Veilflux creatures leaves one, which does not.
    let (_dir, result) = broken("veilflux.toml", |t| {
        t.replacen("keywords = [\"skyborne\", \"flickerborn\"]", "keywords = [\"skyborne\"]", 1).replacen(
            "keywords = [\"flickerborn\"]\n",
            "",
            1,
        )
    });
    let msg = result.unwrap_err().to_string();
    assert!(msg.contains("Flickerborn is on 1 cards"), "{msg}");
}

#[test]
fn certamen_text_is_generated_from_the_data() {
    let db = db();
    let text = |n: &str| db.card(db.find(n).unwrap()).text();
    assert_eq!(text("Ember Bolt"), ["Deal 3 damage to any target."]);
    assert_eq!(text("Quiet Refusal"), ["Counter target spell unless its controller pays {3}."]);
    assert_eq!(text("Mistcaller Adept"), ["When this creature enters, draw a card."]);
    assert_eq!(text("Cryptborn Horror"), ["Enduring, Dreadmarked"]);
    assert_eq!(
        text("Nightmare Stalker"),
        [
            "Flickerborn",
            "When this creature enters, destroy target creature with power 2 or less an opponent controls."
        ]
    );
    assert_eq!(text("Heartwood Grove"), ["All creatures you control get +1/+1."]);
    assert_eq!(text("Stormwing Cloak"), ["Equipped creature gets +0/+1 and has Skyborne. Equip {2}"]);
    assert_eq!(text("Verdance Pillar"), ["Tap: Add one Verdance resource."]);
    assert_eq!(text("Mistveil Sanctum"), ["This Pillar enters tapped.", "Tap: Add one Veilflux resource."]);
    assert_eq!(
        text("Seraphine, Voice of Dawn"),
        [
            "+1: You gain 2 Vitality.",
            "−3: Exile target creature an opponent controls.",
            "Ultimate −10: You win the game.",
        ]
    );
    assert_eq!(text("Siphon Soul"), ["Your opponent loses 3 Vitality, then you gain 3 Vitality."]);
    assert_eq!(text("Drifting Seer"), ["Surge", "Surge — Tap: Draw a card."]);
    assert_eq!(text("Rummage of Ashes"), ["You discard a card, then draw 2 cards."]);
    assert_eq!(text("Wayfarer's Lantern"), ["Tap: Add one resource of any pillar."]);
    assert_eq!(
        text("Hollowking's Herald"),
        ["When this creature enters, return a creature card with cost 3 or less from your Hollow to the \
          Livingfield under your control."]
    );
    let sheet = db.sheet(db.find("Ember Bolt").unwrap());
    assert_eq!(sheet.subtitle, "Rune — Emberwake");
    assert_eq!(sheet.sections[0].1[0], "Cost {E} · Pillar: Emberwake");
    assert_eq!(sheet.decks, ["Cinderstorm"]);
}

#[test]
fn certamen_every_card_file_is_embedded() {
    let on_disk = fs::read_dir(cards_dir()).unwrap().count();
    assert_eq!(on_disk, CARD_FILES.len() + 1, "card files plus spellbooks.toml");
}

#[test]
fn certamen_every_card_reads_as_sentences() {
    let db = db();
    for c in &db.cards {
        let text = c.text();
        let vanilla =
            c.abilities.is_empty() && c.effects.is_empty() && c.equip.is_none() && c.produces.is_none();
        assert_eq!(text.is_empty(), vanilla && c.keywords.is_empty(), "{}: {text:?}", c.name);
        for (i, line) in text.iter().enumerate() {
            let keyword_line = i == 0 && !c.keywords.is_empty();
            let ok = keyword_line || line.ends_with('.') || line.contains(". Equip {");
            assert!(ok, "{}: {line:?}", c.name);
            assert!(line.starts_with(|ch: char| !ch.is_lowercase()), "{}: {line:?}", c.name);
            assert!(!line.contains("  ") && !line.contains("{}"), "{}: {line:?}", c.name);
        }
    }
}

#[test]
fn certamen_ultimate_within_starting_loyalty_is_refused() {
    let (_dir, result) = broken("veilflux.toml", |t| t.replacen("loyalty = 3", "loyalty = 8", 1));
    let msg = result.unwrap_err().to_string();
    assert!(
        msg.contains("Ilyra, Keeper of the Unwritten") && msg.contains("Ultimate costs more loyalty"),
        "{msg}"
    );
}

#[test]
fn certamen_surge_keyword_without_its_ability_is_refused() {
    let (_dir, result) = broken("veilflux.toml", |t| {
        t.replacen("abilities = [{ kind = \"surge\", effects = [{ do = \"draw\" }] }]\n", "", 1)
    });
    let msg = result.unwrap_err().to_string();
    assert!(msg.contains("Drifting Seer") && msg.contains("Surge"), "{msg}");
}

#[test]
fn certamen_relic_with_a_coloured_cost_is_refused() {
    let (_dir, result) = broken("relics.toml", |t| t.replacen("cost = \"4\"", "cost = \"3A\"", 1));
    let msg = result.unwrap_err().to_string();
    assert!(msg.contains("Warden Obelisk") && msg.contains("colorless"), "{msg}");
}
