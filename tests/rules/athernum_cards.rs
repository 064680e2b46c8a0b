//! The Athernum card pool: it loads, covers every card type, field and
//! ability type of the rules, its starter decks are legal, the deck check
//! refuses each construction rule of 11.0.2, and a broken file's error
//! names the file, the card and the field.

use std::fs;
use std::path::{Path, PathBuf};

use cardtable::cards::athernum::{
    check_collection, load_athernum, Ability, AthernumDb, CardType, Effect, ExtraRule, Faction, CARD_FILES,
};
use cardtable::cards::{Catalog, LoadError};

fn db() -> AthernumDb {
    AthernumDb::embedded().unwrap_or_else(|e| panic!("the embedded Athernum pool does not load: {e}"))
}

fn cards_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/athernum")
}

fn names(list: &[(&str, usize)]) -> Vec<String> {
    list.iter().flat_map(|(n, k)| std::iter::repeat_n((*n).to_owned(), *k)).collect()
}

/// The Bastion starter: a legal main deck and Extra Deck.
fn legal() -> (Vec<String>, Vec<String>) {
    let db = db();
    let d = db.deck("The Unbroken Gate").unwrap();
    (d.main_list(), d.extra_list())
}

#[test]
fn athernum_embedded_pool_loads_and_passes_its_checks() {
    let db = db();
    check_collection(&db).unwrap();
    assert!(db.cards.len() >= 80, "{} cards", db.cards.len());
    assert_eq!(db.decks.len(), 4);
}

#[test]
fn athernum_cards_check_reads_the_files_on_disk() {
    let db = AthernumDb::load_dir(&cards_dir()).unwrap();
    assert_eq!(db.cards.len(), AthernumDb::embedded().unwrap().cards.len());
    assert_eq!(db.size().decks, 4);
}

#[test]
fn athernum_every_card_file_is_embedded() {
    let on_disk = fs::read_dir(cards_dir()).unwrap().count();
    assert_eq!(on_disk, CARD_FILES.len() + 2, "card files plus tokens.toml and decks.toml");
}

#[test]
fn athernum_four_factions_each_with_main_characters() {
    let db = db();
    for f in Faction::ALL {
        let of: Vec<_> = db.cards.iter().filter(|c| c.faction == Some(f)).collect();
        assert!(of.len() >= 16, "{}: {}", f.name(), of.len());
        let mains = of.iter().filter(|c| c.main_eligible() && c.kind == CardType::Character).count();
        assert!(mains >= 2, "{}: {mains} main characters", f.name());
        for c in &of {
            if c.kind == CardType::Character {
                assert!(c.cost.is_some() && c.ofv.is_some() && c.dfv.is_some(), "{}", c.name);
            }
        }
    }
    assert!(db.cards.iter().any(|c| c.faction.is_none()), "factionless cards");
}

#[test]
fn athernum_every_card_type_field_and_ability_type_is_present() {
    let db = db();
    let n = |pred: &dyn Fn(&cardtable::cards::athernum::CardDef) -> bool| {
        db.cards.iter().filter(|c| pred(c)).count()
    };
    assert!(n(&|c| c.kind == CardType::Character) >= 40);
    assert!(n(&|c| c.kind == CardType::Item) >= 8);
    assert!(n(&|c| c.kind == CardType::Location) >= 8);
    assert!(n(&|c| c.slots > 0) >= 10, "item slots");
    assert!(n(&|c| c.kind == CardType::Location && c.dfv.is_some()) >= 2, "locations with a DFV");
    assert!(n(&|c| c.victory.is_some()) >= 8, "Victory Token Fields");
    assert!(n(&|c| c.kind == CardType::Location && c.main_eligible()) >= 1, "a location main character");
    assert!(n(&|c| c.has_objective()) >= 8, "objective abilities");
    assert!(n(&|c| c.unique()) >= 4, "Unique");
    assert!(n(&|c| c.extra_deck_only()) >= 8, "Extra Deck cards");
    assert!(n(&|c| matches!(c.extra_rule, Some(ExtraRule::Ascend { .. }))) >= 4);
    assert!(n(&|c| c.extra_rule == Some(ExtraRule::Reserve)) >= 4);
    for kind in ["static", "triggered", "activated", "objective", "command", "support", "equip"] {
        let k = n(&|c| c.abilities.iter().any(|a| a.kind_name() == kind));
        assert!(k >= 3, "{kind} abilities: {k}");
    }
    assert!(
        db.cards
            .iter()
            .filter(|c| c.kind == CardType::Item)
            .any(|c| c.abilities.iter().any(|a| matches!(a, Ability::Equip { name: Some(_), .. }))),
        "an activated equip ability"
    );
    for c in db.cards.iter().filter(|c| c.kind == CardType::Item) {
        assert!(c.cost.is_none() && c.ofv.is_none() && c.dfv.is_none(), "{}", c.name);
    }
    let supports_with_fee = db
        .cards
        .iter()
        .flat_map(|c| &c.abilities)
        .filter(|a| matches!(a, Ability::Support { fee, .. } if fee.total() > 0))
        .count();
    assert!(supports_with_fee >= 8, "support abilities with an activation fee: {supports_with_fee}");
}

#[test]
fn athernum_objectives_can_win_the_game() {
    let db = db();
    for c in db.cards.iter().filter(|c| c.has_objective()) {
        let field = c.victory.expect("an objective card has a Victory Token Field");
        let scores =
            c.effects().any(|e| matches!(e, Effect::PlaceVictoryTokens { amount, .. } if *amount >= 1));
        assert!(scores && field >= 1, "{}", c.name);
    }
    for f in Faction::ALL {
        assert!(
            db.cards.iter().any(|c| c.faction == Some(f) && c.has_objective() && c.main_eligible()),
            "{} has a main character that can win by its objective",
            f.name()
        );
    }
}

#[test]
fn athernum_every_effect_of_the_vocabulary_is_used_and_tokens_exist() {
    let db = db();
    for kind in Effect::KINDS {
        assert!(
            db.cards.iter().chain(&db.tokens).any(|c| c.effects().any(|e| e.kind_name() == kind)),
            "{kind} is used by no card"
        );
    }
    for c in &db.cards {
        for e in c.effects() {
            if let Effect::CreateToken { token, .. } = e {
                assert!(db.token(token).is_some(), "{}: {token}", c.name);
            }
        }
    }
    assert!(db.tokens.len() >= 4);
    assert!(db.marker("Hex").is_some());
}

#[test]
fn athernum_each_starter_deck_is_legal() {
    let db = db();
    let c: &dyn Catalog = &db;
    for d in &db.decks {
        let (main, extra) = (d.main_list(), d.extra_list());
        assert_eq!(main.len(), 60, "{}", d.name);
        assert!(!extra.is_empty() && extra.len() <= 20, "{}", d.name);
        assert_eq!(db.deck_problems_split(&main, &extra), Vec::<String>::new(), "{}", d.name);
        for n in main.iter().chain(&extra) {
            let card = db.card(db.find(n).unwrap());
            assert!(card.faction.is_none() || card.faction == Some(d.faction), "{} in {}", card.name, d.name);
        }
    }
    for s in c.starter_decks() {
        assert!(c.deck_problems(&s.cards).is_empty(), "{}: {:?}", s.name, c.deck_problems(&s.cards));
    }
    let factions: Vec<Faction> = db.decks.iter().map(|d| d.faction).collect();
    assert_eq!(factions, Faction::ALL);
}

#[test]
fn athernum_11_0_2a_a_deck_holds_exactly_60_cards() {
    let db = db();
    let (mut main, extra) = legal();
    main.pop();
    assert_eq!(db.deck_problems_split(&main, &extra), ["a deck holds exactly 60 cards; this one has 59"]);
    main.extend(names(&[("Wandering Sellsword", 2)]));
    assert_eq!(db.deck_problems_split(&main, &extra), ["a deck holds exactly 60 cards; this one has 61"]);
}

#[test]
fn athernum_11_0_2b_a_deck_needs_a_main_character() {
    let db = db();
    let (main, extra) = legal();
    // Every card with a Victory Token Field goes: the main characters and
    // the location that could begin the game in their place (3.0.3).
    let fields = ["Lady Aurelie, Keeper of the Gate", "Marshal Oderic Vane", "Throne of the Old Kings"];
    let mut swaps = [
        "Oathkeeper Paladin",
        "Bastion Quartermaster",
        "Iron Chaplain",
        "Bulwark Engineer",
        "Tower Shield",
        "Warden's Halberd",
    ]
    .into_iter();
    let main: Vec<String> = main
        .into_iter()
        .map(|n| if fields.contains(&n.as_str()) { swaps.next().unwrap().to_owned() } else { n })
        .collect();
    let p = db.deck_problems_split(&main, &extra);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("Victory Token Field") && p[0].contains("main character"), "{}", p[0]);
}

#[test]
fn athernum_11_0_2c_an_extra_deck_holds_at_most_20_cards_each_with_an_extra_rule() {
    let db = db();
    let (main, _) = legal();
    let extra = names(&[
        ("The Last Rampart", 4),
        ("Highward Sentinel Prime", 4),
        ("Ashfall Titan", 4),
        ("The Hollow King", 4),
        ("Worldroot Avatar", 4),
        ("Umbral Echo", 1),
    ]);
    assert_eq!(
        db.deck_problems_split(&main, &extra),
        ["an Extra Deck holds at most 20 cards; this one has 21"]
    );
    let p = db.deck_problems_split(&main, &names(&[("Tower Shield", 1)]));
    assert_eq!(p, ["Tower Shield has no Extra Rule Field, so it cannot be in the Extra Deck"]);
    let mut with_reserve = main.clone();
    with_reserve[0] = "The Last Rampart".into();
    let p = db.deck_problems_split(&with_reserve, &[]);
    assert_eq!(p, ["The Last Rampart belongs in the Extra Deck only, not in the main deck"]);
}

#[test]
fn athernum_11_0_2d_at_most_four_copies_across_both_decks() {
    let db = db();
    let (main, _) = legal();
    assert_eq!(main.iter().filter(|n| *n == "Wallwarden Recruit").count(), 4);
    let extra = names(&[("The Last Rampart", 3)]);
    assert!(db.deck_problems_split(&main, &extra).is_empty());
    let mut five = main.clone();
    let i = five.iter().position(|n| n == "Bastion Quartermaster").unwrap();
    five[i] = "Wallwarden Recruit".into();
    assert_eq!(
        db.deck_problems_split(&five, &extra),
        ["Wallwarden Recruit has 5 copies; at most 4 across the deck and the Extra Deck"]
    );
    let extra5 = names(&[("The Last Rampart", 5)]);
    assert_eq!(
        db.deck_problems_split(&main, &extra5),
        ["The Last Rampart has 5 copies; at most 4 across the deck and the Extra Deck"]
    );
}

#[test]
fn athernum_12_2_a_unique_is_one_copy_across_both_decks() {
    let db = db();
    let (mut main, extra) = legal();
    let i = main.iter().position(|n| n == "Bulwark Engineer").unwrap();
    main[i] = "captain brenna hollis".into();
    assert_eq!(
        db.deck_problems_split(&main, &extra),
        ["Captain Brenna Hollis is Unique: 1 copy across the deck and the Extra Deck, not 2"]
    );
    // One in the deck and one in the Extra Deck is two as well.
    let (main, mut extra) = legal();
    extra.push("Captain Brenna Hollis".into());
    assert_eq!(
        db.deck_problems_split(&main, &extra),
        ["Captain Brenna Hollis is Unique: 1 copy across the deck and the Extra Deck, not 2"]
    );
}

#[test]
fn athernum_deck_check_names_unknown_cards_with_a_suggestion() {
    let db = db();
    let (mut main, extra) = legal();
    main[59] = "Walwarden Recruit".into();
    let p = db.deck_problems_split(&main, &extra);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("no Athernum card is named \"Walwarden Recruit\""), "{}", p[0]);
}

#[test]
fn athernum_catalog_splits_a_flat_list_into_deck_and_extra_deck() {
    let db = db();
    let c: &dyn Catalog = &db;
    let (main, extra) = legal();
    let mut flat = main.clone();
    flat.extend(extra.clone());
    assert_eq!(db.split_list(&flat), (main, extra));
    assert!(c.check_deck(&flat).is_ok());
    assert!(c.check_deck(&flat[..30]).is_err());
    assert_eq!(c.starter_decks().len(), 4);
}

#[test]
fn athernum_card_sheet_shows_every_card_element() {
    let db = db();
    let c: &dyn Catalog = &db;
    let sheet = c.card("Lady Aurelie, Keeper of the Gate").unwrap();
    assert_eq!(sheet.subtitle, "Character — Human Knight · Bastion Accord");
    let all: Vec<&String> = sheet.sections.iter().flat_map(|(_, l)| l).collect();
    assert!(all.iter().any(|l| l.contains("Cost 3 (one B) · OFV 2 · DFV 5 · 2 item slots")), "{all:?}");
    assert!(all.iter().any(|l| l.starts_with("Objective — ")), "{all:?}");
    assert!(sheet.sections.iter().any(|(t, l)| t == "Victory Token Field" && l == &["3"]));
    assert_eq!(sheet.decks, ["The Unbroken Gate"]);
    let brenna = c.card("Captain Brenna Hollis").unwrap();
    assert_eq!(brenna.sections[0].0, "Extra Rule");
    assert!(brenna.sections[0].1[0].starts_with("Unique"));
    let needle = c.card("Hex Needle").unwrap();
    assert!(needle.sections.iter().flat_map(|(_, l)| l).any(|l| l.contains("for each Hex marker")), "10.5.2");
}

#[test]
fn athernum_every_card_reads_as_sentences() {
    let db = db();
    for c in &db.cards {
        for line in c.text(&db) {
            assert!(line.ends_with('.') || line.ends_with(".)"), "{}: {line:?}", c.name);
            assert!(line.starts_with(|ch: char| !ch.is_lowercase()), "{}: {line:?}", c.name);
            assert!(!line.contains("  ") && !line.contains("{}"), "{}: {line:?}", c.name);
        }
    }
}

/// Copies the card folder to a temporary one with `file` edited.
pub(crate) fn broken(
    file: &str,
    edit: impl Fn(String) -> String,
) -> (tempfile::TempDir, Result<AthernumDb, LoadError>) {
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
    let result = load_athernum(dir.path()).and_then(|db| check_collection(&db).map(|()| db));
    (dir, result)
}

fn line_of(file: &str, needle: &str) -> usize {
    let text = fs::read_to_string(cards_dir().join(file)).unwrap();
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn athernum_unknown_field_names_the_file_line_card_and_field() {
    let (_d, r) = broken("ashen.toml", |t| {
        t.replacen("name = \"Ashwolf Rider\"", "name = \"Ashwolf Rider\"\nspeed = 3", 1)
    });
    let msg = r.unwrap_err().to_string();
    let line = line_of("ashen.toml", "name = \"Ashwolf Rider\"") + 1;
    assert!(msg.contains(&format!("ashen.toml:{line}:")), "line {line} not in: {msg}");
    assert!(msg.contains("Ashwolf Rider") && msg.contains("speed"), "{msg}");
}

#[test]
fn athernum_bad_cost_symbol_names_the_file_line_and_card() {
    let (_d, r) = broken("gloam.toml", |t| t.replacen("cost = \"1G\", exhaust", "cost = \"1X\", exhaust", 1));
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("gloam.toml:") && msg.contains("Hexweaver Novice"), "{msg}");
    assert!(msg.contains("'X' is not a faction symbol"), "{msg}");
}

#[test]
fn athernum_unknown_effect_is_refused_naming_the_card() {
    let (_d, r) = broken("neutral.toml", |t| {
        t.replacen("{ do = \"draw\", amount = 2 }", "{ do = \"scry\", amount = 2 }", 1)
    });
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("neutral.toml:") && msg.contains("Oracle of the Crossroads"), "{msg}");
}

#[test]
fn athernum_effect_on_the_wrong_object_names_file_card_and_field() {
    let (_d, r) = broken("gloam.toml", |t| {
        t.replacen(
            "{ do = \"neutralize\", target = { object = \"effect\"",
            "{ do = \"neutralize\", target = { object = \"character\"",
            1,
        )
    });
    let e = r.unwrap_err();
    match &e {
        LoadError::Invalid { file, card, field, reason } => {
            assert!(file.ends_with("gloam.toml"), "{e}");
            assert_eq!(card, "Whisper Court Archivist");
            assert_eq!(field, "abilities");
            assert!(reason.contains("neutralize"), "{reason}");
        }
        other => panic!("{other}"),
    }
}

#[test]
fn athernum_objective_without_a_victory_field_is_refused() {
    let (_d, r) = broken("ashen.toml", |t| t.replacen("slots = 1\nvictory = 3\n", "slots = 1\n", 1));
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("Kharsa the Unburnt") && msg.contains("Victory Token Field"), "{msg}");
}

#[test]
fn athernum_undefined_token_or_marker_is_refused() {
    let (_d, r) = broken("thornwild.toml", |t| t.replacen("token = \"Wolf\"", "token = \"Bear\"", 1));
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("Verdant Shaman") && msg.contains("no token \"Bear\""), "{msg}");
    let (_d, r) = broken("gloam.toml", |t| t.replacen("marker = \"Hex\"", "marker = \"Blight\"", 1));
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("Hexweaver Novice") && msg.contains("Blight"), "{msg}");
}

#[test]
fn athernum_item_with_a_cost_is_refused() {
    let (_d, r) = broken("bastion.toml", |t| {
        t.replacen(
            "name = \"Tower Shield\"\ntype = \"item\"",
            "name = \"Tower Shield\"\ntype = \"item\"\ncost = 2",
            1,
        )
    });
    let e = r.unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("bastion.toml") && msg.contains("Tower Shield") && msg.contains("`cost`"), "{msg}");
}

#[test]
fn athernum_duplicate_name_is_refused() {
    let (_d, r) =
        broken("neutral.toml", |t| t.replacen("name = \"Signal Horn\"", "name = \"Tower Shield\"", 1));
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("Tower Shield") && msg.contains("used by two cards"), "{msg}");
}

#[test]
fn athernum_card_in_the_wrong_faction_file_is_refused() {
    let (_d, r) = broken("gloam.toml", |t| {
        t.replacen(
            "name = \"Gloamhound\"\ntype = \"character\"\nfaction = \"gloam\"",
            "name = \"Gloamhound\"\ntype = \"character\"\nfaction = \"ashen\"",
            1,
        )
    });
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains("gloam.toml") && msg.contains("Gloamhound") && msg.contains("`faction`"), "{msg}");
}

#[test]
fn athernum_illegal_starter_deck_is_refused_naming_the_deck() {
    let (_d, r) = broken("decks.toml", |t| t.replacen("\"4 Cinder Raider\"", "\"5 Cinder Raider\"", 1));
    let msg = r.unwrap_err().to_string();
    assert!(
        msg.contains("decks.toml")
            && msg.contains("Embers of the March")
            && msg.contains("Cinder Raider has 5"),
        "{msg}"
    );
}

#[test]
fn athernum_text_does_not_copy_the_seed_rules() {
    // No run of 8 words of the seed appears in our rulings or card text.
    let seed_path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds/athernum-comprehensive-rules.txt");
    let Ok(seed) = fs::read_to_string(&seed_path) else { return };
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
    };
    let seed_words = words(&seed);
    let runs: std::collections::HashSet<&[String]> = seed_words.windows(8).collect();
    let db = db();
    let mut ours =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rulings/athernum.md")).unwrap();
    for c in &db.cards {
        ours.push('\n');
        ours.push_str(&c.text(&db).join("\n"));
    }
    for line in ours.lines() {
        let w = words(line);
        for run in w.windows(8) {
            assert!(!runs.contains(run), "copied from the seed: {}", run.join(" "));
        }
    }
}

/// Gloamhound's lines in `gloam.toml`, from its name to its DFV.
pub(crate) const HOUND: &str = "name = \"Gloamhound\"\ntype = \"character\"\nfaction = \"gloam\"\nsubtypes = [\"Shade\", \"Beast\"]\ncost = 2\nofv = 2\ndfv = 2";

#[test]
fn athernum_1_2_1_a_card_with_two_factions_is_refused() {
    let (_d, r) = broken("gloam.toml", |t| {
        t.replacen(HOUND, &HOUND.replace("faction = \"gloam\"", "faction = [\"gloam\", \"ashen\"]"), 1)
    });
    // A faction is one word: the list is refused at its line.
    let text = fs::read_to_string(cards_dir().join("gloam.toml")).unwrap();
    let line = 1 + text.lines().position(|l| l == "name = \"Gloamhound\"").unwrap() + 2;
    let msg = r.unwrap_err().to_string();
    assert!(msg.contains(&format!("gloam.toml:{line}")) && msg.contains("Gloamhound"), "{msg}");
}

#[test]
fn card_format_a_character_printed_without_an_ofv_or_a_dfv_loads_with_0() {
    // 2.2.3c and 2.2.4c define a character without either value: the card
    // file may leave them out, and the loader gives the rule's 0 (play with
    // such cards: `athernum_rules::sections_1_3`).
    for (field, edit) in [("ofv", "ofv = 2\n"), ("dfv", "\ndfv = 2")] {
        let (_d, r) = broken("gloam.toml", |t| t.replacen(HOUND, &HOUND.replace(edit, ""), 1));
        let db = r.unwrap_or_else(|e| panic!("without its {field}: {e}"));
        let hound = db.cards.iter().find(|c| c.name == "Gloamhound").unwrap();
        assert_eq!(if field == "ofv" { hound.ofv } else { hound.dfv }, Some(0), "{field}");
    }
}
