//! The Spheres collection (`cards/spheres/`): it loads, it has the shape the
//! rules' "Card Distribution and Identification" describes, it uses every
//! mechanic of the schema, and broken files are refused with an error that
//! names the file, the card and the field.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use cardtable::cards::spheres::check::{check_collection, mechanics};
use cardtable::cards::spheres::{composition, CardDef, Sphere, SpheresDb, DECK_SIZE, MAX_COPIES};
use cardtable::cards::{Catalog, CatalogSize, LoadError};
use cardtable::games::{GameId, Library, GAMES};

/// The Spheres collection embedded in the binary.
fn db() -> SpheresDb {
    SpheresDb::embedded().unwrap_or_else(|e| panic!("{e}"))
}

fn cards_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")
}

#[test]
fn spheres_embedded_collection_loads() {
    let db = db();
    assert_eq!(db.cards.len(), 80);
    assert_eq!(db.decks.len(), 5);
    check_collection(&db).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn spheres_cards_check_reads_the_files_on_disk() {
    let sizes = Library::check_dir(&cards_root()).unwrap_or_else(|e| panic!("{e}"));
    // One entry per game of the registry, in its order.
    assert_eq!(sizes.iter().map(|(g, _)| *g).collect::<Vec<_>>(), GAMES.to_vec());
    let spheres = sizes.iter().find(|(g, _)| *g == GameId::Spheres).unwrap().1;
    // Five rulebook decks and their five first-draft editions.
    assert_eq!(spheres, CatalogSize { cards: 80, decks: 10 });
    // The files on disk hold what is embedded in the binary.
    let library = Library::embedded().unwrap();
    for (game, size) in &sizes {
        assert_eq!(*size, library.catalog(*game).size(), "{}", game.key());
    }
}

#[test]
fn spheres_collection_has_16_cards_per_sphere_and_2_per_race() {
    let db = db();
    for sphere in Sphere::ALL {
        let n = db.cards.iter().filter(|c| c.sphere == sphere).count();
        assert_eq!(n, 16, "{} has {n} cards", sphere.name());
    }
    let mut races: BTreeMap<&str, Vec<&CardDef>> = BTreeMap::new();
    for c in &db.cards {
        races.entry(&c.creature.race).or_default().push(c);
    }
    assert_eq!(races.len(), 40, "40 races: {:?}", races.keys());
    for (race, cards) in &races {
        assert_eq!(cards.len(), 2, "race {race}");
        assert_eq!(cards[0].sphere, cards[1].sphere, "race {race} spans two spheres");
    }
}

#[test]
fn spheres_codes_follow_aaaa_bc_d_ef() {
    let db = db();
    let mut identities = BTreeSet::new();
    let mut sets: BTreeMap<char, usize> = BTreeMap::new();
    for c in &db.cards {
        let (ident, _) = c.code.split_once(' ').unwrap();
        assert!(identities.insert(ident), "identification {ident} used twice");
        assert_eq!(&c.code[..5], "0001-", "{}: collection 0001", c.creature.name);
        assert_eq!(c.code.as_bytes()[5] - b'0', c.sphere.code_digit(), "{}: sphere digit", c.creature.name);
        assert_eq!(&c.code[7..9], "-1", "{}: catalog version 1", c.creature.name);
        let (deck, set) = composition(&c.code).unwrap();
        let set_deck = (set as u8 - b'A') / 4 + 1;
        assert_eq!(
            set_deck, deck,
            "{}: set {set} belongs to deck {set_deck}, code says {deck}",
            c.creature.name
        );
        *sets.entry(set).or_default() += 1;
    }
    let letters: String = sets.keys().collect();
    assert_eq!(letters, "ABCDEFGHIJKLMNOPQRST");
    assert!(sets.values().all(|&n| n == 4), "each set holds 4 unique cards: {sets:?}");
    for sphere in Sphere::ALL {
        let digits: BTreeSet<u8> =
            db.cards.iter().filter(|c| c.sphere == sphere).map(|c| c.code.as_bytes()[6]).collect();
        assert_eq!(digits.len(), 16, "{}: one card per hex digit 0-F", sphere.name());
    }
}

#[test]
fn spheres_each_starter_deck_is_48_cards_of_its_four_sets() {
    let db = db();
    let numbers: BTreeSet<u8> = db.decks.iter().map(|d| d.number).collect();
    assert_eq!(numbers, (1..=5).collect());
    for d in &db.decks {
        assert_eq!(d.sets.len(), 4, "{}: four sets", d.name);
        let list = db.deck_list(d);
        assert_eq!(list.len(), DECK_SIZE, "{}", d.name);
        let ids = db.resolve_deck(&list).unwrap_or_else(|e| panic!("{}: {e}", d.name));
        let mut copies: BTreeMap<_, usize> = BTreeMap::new();
        for id in &ids {
            *copies.entry(*id).or_default() += 1;
        }
        assert_eq!(copies.len(), 16, "{}: 16 unique cards", d.name);
        assert!(copies.values().all(|&n| n <= MAX_COPIES));
        // Every sphere the deck casts has crystals: at least 6 cards (2 unique) of it.
        let mut spheres: BTreeMap<Sphere, usize> = BTreeMap::new();
        for id in &ids {
            let c = db.card(*id);
            for s in std::iter::once(c.sphere).chain(c.dual) {
                *spheres.entry(s).or_default() += 1;
            }
        }
        assert!((2..=3).contains(&spheres.len()), "{}: 2-3 spheres, has {spheres:?}", d.name);
        assert!(spheres.values().all(|&n| n >= 6), "{}: too few crystals of a sphere: {spheres:?}", d.name);
    }
}

#[test]
fn spheres_collection_has_dual_and_inverted_cards() {
    let db = db();
    let duals = db.cards.iter().filter(|c| c.dual.is_some()).count();
    let inverted = db.cards.iter().filter(|c| c.creature.inverted || c.spell.inverted).count();
    assert!((5..=8).contains(&duals), "{duals} dual cards");
    assert!((4..=6).contains(&inverted), "{inverted} inverted halves");
}

#[test]
fn spheres_costs_and_strengths_stay_in_range() {
    for c in &db().cards {
        assert!((1..=6).contains(&c.creature.cost), "{}", c.creature.name);
        assert!((1..=6).contains(&c.spell.cost), "{}", c.spell.name);
        if !c.creature.inverted {
            let s = i32::from(c.creature.strength) - i32::from(c.creature.cost);
            assert!(
                (-2..=3).contains(&s),
                "{}: strength {} for cost {}",
                c.creature.name,
                c.creature.strength,
                c.creature.cost
            );
        }
    }
}

/// Variant names of `pub enum name` in the schema source, in snake_case.
fn enum_variants(src: &str, name: &str) -> Vec<String> {
    let head = format!("pub enum {name} {{");
    let body = src.split_once(&head).unwrap_or_else(|| panic!("schema has no enum {name}")).1;
    body.lines()
        .take_while(|l| *l != "}")
        .filter_map(|l| l.strip_prefix("    "))
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|l| snake(&l.chars().take_while(|c| c.is_alphanumeric()).collect::<String>()))
        .collect()
}

/// Field names of `pub struct name` in the schema source.
fn struct_fields(src: &str, name: &str) -> Vec<String> {
    let head = format!("pub struct {name} {{");
    let body = src.split_once(&head).unwrap_or_else(|| panic!("schema has no struct {name}")).1;
    body.lines()
        .take_while(|l| *l != "}")
        .filter_map(|l| l.strip_prefix("    pub "))
        .map(|l| l.split(':').next().unwrap().to_string())
        .collect()
}

fn snake(camel: &str) -> String {
    let mut out = String::new();
    for (i, ch) in camel.chars().enumerate() {
        if ch.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(ch.to_ascii_lowercase());
    }
    out
}

/// Every mechanic the schema offers, read from `schema.rs` itself, so a
/// variant or filter added there is required here without an edit.
fn required_mechanics() -> Vec<String> {
    let src = include_str!("../../src/cards/spheres/schema.rs");
    let mut tags = Vec::new();
    for (enum_name, group) in [
        ("Verb", "verb"),
        ("Zone", "from"),
        ("Pick", "pick"),
        ("Lord", "lord"),
        ("Static", "static"),
        ("Subject", "subject"),
        ("Trigger", "trigger"),
        ("Variable", "variable"),
        ("Matching", "matching"),
        ("CreatureState", "state"),
        ("Effect", "effect"),
        ("SpellKind", "spell"),
        ("Condition", "condition"),
        ("Ability", "ability"),
        ("BattleRole", "strength"),
        ("BattleRole", "in_battle"),
    ] {
        tags.extend(enum_variants(src, enum_name).into_iter().map(|v| format!("{group}:{v}")));
    }
    tags.extend(struct_fields(src, "Filter").into_iter().map(|f| format!("filter:{f}")));
    tags.extend(
        [
            "strength:always",
            "bound:at_least",
            "bound:at_most",
            "evoke:creature",
            "summon_this:spell",
            "select:optional",
            "card:dual",
            "creature:inverted",
            "spell:inverted",
        ]
        .map(String::from),
    );
    tags
}

#[test]
fn spheres_every_mechanic_is_used_at_least_twice() {
    let required = required_mechanics();
    assert!(required.len() > 70, "schema parsing found only {required:?}");
    assert!(
        required.contains(&"trigger:tower_lost".to_string())
            && required.contains(&"filter:max_strength".to_string())
    );
    let used = mechanics(&db());
    let missing: Vec<String> = required
        .iter()
        .filter(|t| used.get(*t).copied().unwrap_or(0) < 2)
        .map(|t| format!("{t} ({}x)", used.get(t).copied().unwrap_or(0)))
        .collect();
    assert!(missing.is_empty(), "mechanics used fewer than twice: {missing:?}");
}

/// What `cardtable cards check` answers for a `cards/` folder.
type Checked = Result<Vec<(GameId, CatalogSize)>, LoadError>;

/// A writable copy of `cards/`, with one file of `cards/spheres/` edited,
/// and what `cards check` says of it.
fn broken(file: &str, edit: impl Fn(String) -> String) -> (tempfile::TempDir, Checked) {
    let dir = tempfile::tempdir().unwrap();
    let mut edited_one = false;
    for game in fs::read_dir(cards_root()).unwrap() {
        let game = game.unwrap().path();
        if !game.is_dir() {
            continue;
        }
        let copy = dir.path().join(game.file_name().unwrap());
        fs::create_dir(&copy).unwrap();
        let is_spheres = game.file_name().unwrap() == "spheres";
        for entry in fs::read_dir(&game).unwrap() {
            let path = entry.unwrap().path();
            let mut text = fs::read_to_string(&path).unwrap();
            if is_spheres && path.file_name().unwrap() == file {
                let edited = edit(text.clone());
                assert_ne!(edited, text, "the edit of {file} changed nothing");
                text = edited;
                edited_one = true;
            }
            fs::write(copy.join(path.file_name().unwrap()), text).unwrap();
        }
    }
    assert!(edited_one, "no file {file} in cards/spheres");
    let result = Library::check_dir(dir.path());
    (dir, result)
}

fn replace_once(text: &str, old: &str, new: &str) -> String {
    assert_eq!(text.matches(old).count(), 1, "{old:?} should occur once");
    text.replacen(old, new, 1)
}

/// The error names the file, the card and the field.
fn assert_names(result: Checked, file: &str, card: &str, field: &str) -> String {
    let err = result.expect_err("the broken file was accepted");
    let msg = err.to_string();
    assert!(msg.contains(file), "no file {file} in: {msg}");
    assert!(msg.contains(card), "no card {card} in: {msg}");
    assert!(msg.contains(field), "no field {field} in: {msg}");
    msg
}

#[test]
fn spheres_unknown_field_is_refused_with_file_line_and_card() {
    let (_dir, result) = broken("science.toml", |t| {
        replace_once(
            &t,
            "strength = 2\ntext = \"When summoned: draw",
            "strenght = 2\ntext = \"When summoned: draw",
        )
    });
    let line = fs::read_to_string(cards_root().join("spheres/science.toml"))
        .unwrap()
        .lines()
        .position(|l| l.starts_with("strength = 2"))
        .unwrap()
        + 1;
    let msg = assert_names(result, "science.toml", "Tickwick Tinker", "strenght");
    assert!(msg.contains(&format!(":{line}:")), "line {line} not in: {msg}");
}

#[test]
fn spheres_bad_code_is_refused() {
    let (_dir, result) = broken("science.toml", |t| replace_once(&t, "0001-10-1 1A", "0001-1G-1 1A"));
    assert_names(result, "science.toml", "Tickwick Tinker", "`code`");
}

#[test]
fn spheres_set_letter_of_another_deck_is_refused() {
    let (_dir, result) = broken("ether.toml", |t| replace_once(&t, "0001-20-1 1A", "0001-20-1 1E"));
    let msg = assert_names(result, "ether.toml", "Skiff Aeronaut", "`code`");
    assert!(msg.contains("set E"), "{msg}");
}

#[test]
fn spheres_duplicate_name_is_refused() {
    let (_dir, result) =
        broken("chaos.toml", |t| replace_once(&t, "name = \"Mad Carnival\"", "name = \"Blightling\""));
    assert_names(result, "chaos.toml", "Carnival Tyrant", "`name`");
}

#[test]
fn spheres_race_of_one_creature_is_refused() {
    let (_dir, result) = broken("nature.toml", |t| {
        replace_once(
            &t,
            "name = \"Tusker Calf\"\ncost = 2\nrace = \"Tusker\"",
            "name = \"Tusker Calf\"\ncost = 2\nrace = \"Tuskar\"",
        )
    });
    assert_names(result, "nature.toml", "Tusker", "creature.race");
}

#[test]
fn spheres_evoke_on_a_spell_is_refused() {
    let (_dir, result) = broken("spirit.toml", |t| {
        replace_once(&t, "effects = [{ do = \"ready\", what = {} }]", "effects = [{ do = \"evoke\" }]")
    });
    assert_names(result, "spirit.toml", "Gate Warden", "spell.effects[0]");
}

#[test]
fn spheres_card_in_the_wrong_sphere_file_is_refused() {
    let (_dir, result) = broken("ether.toml", |t| {
        replace_once(
            &t,
            "code = \"0001-20-1 1A\"\nsphere = \"ether\"",
            "code = \"0001-20-1 1A\"\nsphere = \"science\"",
        )
    });
    assert_names(result, "ether.toml", "Skiff Aeronaut", "sphere");
}

#[test]
fn spheres_deck_file_errors_name_the_deck() {
    let (_dir, result) =
        broken("decks.toml", |t| replace_once(&t, "number = 3\n", "number = 3\ncolour = \"grey\"\n"));
    assert_names(result, "decks.toml", "Ashen Requiem", "colour");

    let (_dir, result) = broken("decks.toml", |t| {
        replace_once(&t, "\"Ember Tusks\", \"Thorn Raiders\", ", "\"Ember Tusks\", ")
    });
    assert_names(result, "decks.toml", "Wildfire Horde", "`sets`");
}

#[test]
fn spheres_card_moved_to_another_deck_breaks_both_decks() {
    // Deck 1 would gather 45 cards and deck 2 51: the deck file's count check names the deck.
    let (_dir, result) = broken("science.toml", |t| replace_once(&t, "0001-10-1 1A", "0001-10-1 2E"));
    assert_names(result, "decks.toml", "Clockwork Skies", "`number`");
}

#[test]
fn spheres_deck_list_of_49_cards_is_refused() {
    let db = db();
    let mut list = db.deck_list(&db.decks[0]);
    list.push(db.cards[20].creature.name.clone());
    let err = db.resolve_deck(&list).unwrap_err().to_string();
    assert!(err.contains("48") && err.contains("49"), "{err}");

    let mut list = db.deck_list(&db.decks[0]);
    let first = list[0].clone();
    list[47] = first.clone();
    let err = db.resolve_deck(&list).unwrap_err().to_string();
    assert!(err.contains(&first) && err.contains('4'), "{err}");
}

#[test]
fn spheres_find_suggests_the_nearest_name() {
    let db = db();
    assert_eq!(db.card(db.find("tickwick tinker").unwrap()).creature.name, "Tickwick Tinker");
    assert_eq!(db.card(db.find("Salvaged Gears").unwrap()).creature.name, "Tickwick Tinker");
    assert_eq!(db.card(db.find("0001-5F-1 5T").unwrap()).creature.name, "Elderbark Patriarch");
    let err = db.find("Tickwik Tinker").unwrap_err().to_string();
    assert!(err.contains("did you mean \"Tickwick Tinker\""), "{err}");
    let err = db.find("Gorge on Bone").unwrap_err().to_string();
    assert!(err.contains("did you mean \"Gorge on Bones\""), "{err}");
    let err = db.deck("Clockwork Sky").unwrap_err().to_string();
    assert!(err.contains("did you mean \"Clockwork Skies\""), "{err}");
}
