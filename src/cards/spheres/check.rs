//! `cardtable cards check`: reads the card files from disk (not the copies
//! embedded at build time), parses them exactly as the bot does, then checks
//! what the loader leaves open: the collection's shape (16 cards a sphere,
//! 2 a race, 4 a set, set letters that belong to their deck) and card data
//! the rules engine could not execute unambiguously (an evoke on a spell, a
//! draw from the trash, an active spell with a creature trigger).
//!
//! Every error names the file, the card (or deck) and the field.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use super::{
    composition, Ability, Amount, CardDef, CardFile, Condition, DeckDef, Effect, Filter, Pick, Select,
    SpellKind, Sphere, SpheresDb, Subject, Trigger, Variable, Verb, Zone,
};
use crate::cards::{syntax, LoadError};

/// Cards of each sphere in a collection.
pub const CARDS_PER_SPHERE: usize = 16;
/// Creatures of each race in a collection.
pub const CARDS_PER_RACE: usize = 2;
/// Unique cards in a set (a set is 12 cards: 4 cards, 3 copies each).
pub const CARDS_PER_SET: usize = 4;
/// Sets in a deck; deck `n` holds the set letters `4(n-1)` to `4n-1` (A–D, E–H, …).
pub const SETS_PER_DECK: usize = 4;
/// Prebuilt decks in a collection.
pub const DECKS: usize = 5;
/// Summon and casting costs on a card.
pub const COSTS: RangeInclusive<u8> = 1..=6;

/// Reads and parses `dir/*.toml`: one file per sphere, named after it, plus
/// `decks.toml`. Syntax errors name the card (or deck) whose table holds
/// the bad line.
pub fn load_spheres(dir: &Path) -> Result<SpheresDb, LoadError> {
    let entries = fs::read_dir(dir).map_err(|e| unreadable(dir, &e))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    // Sphere order, as in the embedded files, so card ids match the bot's.
    paths.sort_by_key(|p| (sphere_of_file(p).map_or(usize::MAX, |s| s as usize), p.clone()));

    let mut card_files = Vec::new();
    let mut deck_file = None;
    for path in paths {
        let text = fs::read_to_string(&path).map_err(|e| unreadable(&path, &e))?;
        let shown = path.display().to_string();
        if path.file_stem().is_some_and(|s| s == "decks") {
            toml::from_str::<DeckFile>(&text).map_err(|e| syntax(&shown, &text, &e, "deck"))?;
            deck_file = Some((shown, text));
            continue;
        }
        let Some(sphere) = sphere_of_file(&path) else {
            return Err(LoadError::Invalid {
                file: shown,
                card: String::new(),
                field: "file name".into(),
                reason: "card files are named after their sphere (science.toml … nature.toml) or decks.toml"
                    .into(),
            });
        };
        let file: CardFile = toml::from_str(&text).map_err(|e| syntax(&shown, &text, &e, "card"))?;
        if let Some(c) = file.cards.iter().find(|c| c.sphere != sphere) {
            return Err(LoadError::Invalid {
                file: shown,
                card: c.creature.name.clone(),
                field: "sphere".into(),
                reason: format!("a {} card in the {} file", c.sphere.name(), sphere.name()),
            });
        }
        card_files.push((shown, text));
    }
    let Some((deck_path, deck_text)) = deck_file else {
        return Err(LoadError::Syntax {
            file: dir.join("decks.toml").display().to_string(),
            line: 0,
            reason: "missing: the prebuilt decks are listed in decks.toml".into(),
        });
    };
    SpheresDb::parse(&card_files, (&deck_path, &deck_text))
}

/// The prebuilt-deck file, parsed here only to point syntax errors at a deck.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    #[serde(rename = "deck")]
    _decks: Vec<DeckDef>,
    #[serde(rename = "first_draft_deck", default)]
    _first_draft_decks: Vec<super::FirstDraftDeckDef>,
}

fn sphere_of_file(path: &Path) -> Option<Sphere> {
    let stem = path.file_stem()?.to_str()?;
    Sphere::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(stem))
}

fn unreadable(path: &Path, e: &std::io::Error) -> LoadError {
    LoadError::Syntax { file: path.display().to_string(), line: 0, reason: format!("cannot read: {e}") }
}


/// The collection rules [`SpheresDb::parse`] does not check yet: codes that
/// agree with each other and with the decks, 16 cards per sphere, 2 per
/// race, 4 per set, costs 1–6, texts present, and card data that executes
/// one way only.
pub fn check_collection(db: &SpheresDb) -> Result<(), LoadError> {
    check_codes(db)?;
    check_counts(db)?;
    let races: BTreeSet<&str> = db.cards.iter().map(|c| c.creature.race.as_str()).collect();
    let kinds: BTreeSet<&str> = db.cards.iter().filter_map(|c| c.creature.kind.as_deref()).collect();
    for c in &db.cards {
        CardCheck { card: c, races: &races, kinds: &kinds }.run()?;
    }
    check_decks(db)
}

fn card_file(c: &CardDef) -> String {
    format!("cards/spheres/{}.toml", c.sphere.name().to_lowercase())
}

fn invalid(c: &CardDef, field: impl Into<String>, reason: impl Into<String>) -> LoadError {
    LoadError::Invalid {
        file: card_file(c),
        card: c.creature.name.clone(),
        field: field.into(),
        reason: reason.into(),
    }
}

/// Deck number a set letter belongs to: A–D → 1, E–H → 2, …
fn deck_of_set(letter: char) -> u8 {
    ((letter as u8).saturating_sub(b'A') as usize / SETS_PER_DECK + 1) as u8
}

fn check_codes(db: &SpheresDb) -> Result<(), LoadError> {
    let mut identities: BTreeMap<&str, &CardDef> = BTreeMap::new();
    let collection = db.cards.first().map(|c| &c.code[..4.min(c.code.len())]);
    for c in &db.cards {
        // `validate` has already checked the shape `AAAA-BC-D EF` and the sphere digit.
        let Some((deck, set)) = composition(&c.code) else {
            return Err(invalid(c, "code", format!("\"{}\" is not of the form AAAA-BC-D EF", c.code)));
        };
        let (identity, _) = c.code.split_once(' ').unwrap_or((&c.code, ""));
        if Some(&c.code[..4]) != collection {
            return Err(invalid(
                c,
                "code",
                format!("collection {} differs from the other cards'", &c.code[..4]),
            ));
        }
        if !c.code.as_bytes()[8].is_ascii_digit() || c.code.as_bytes()[8] == b'0' {
            return Err(invalid(c, "code", "the catalog version (D) is a digit from 1"));
        }
        if c.code.as_bytes()[6].is_ascii_lowercase() {
            return Err(invalid(c, "code", "the card number (C) is an upper-case hex digit"));
        }
        if !(b'A'..b'A' + (DECKS * SETS_PER_DECK) as u8).contains(&(set as u8)) || deck_of_set(set) != deck {
            let first = (b'A' + (deck.saturating_sub(1) as usize * SETS_PER_DECK) as u8) as char;
            let last = (first as u8 + SETS_PER_DECK as u8 - 1) as char;
            return Err(invalid(
                c,
                "code",
                format!("set {set} is not a set of deck {deck} (its sets are {first} to {last})"),
            ));
        }
        if let Some(other) = identities.insert(identity, c) {
            return Err(invalid(
                c,
                "code",
                format!("identification {identity} is also {}'s", other.creature.name),
            ));
        }
    }
    Ok(())
}

fn check_counts(db: &SpheresDb) -> Result<(), LoadError> {
    for sphere in Sphere::ALL {
        let cards: Vec<&CardDef> = db.cards.iter().filter(|c| c.sphere == sphere).collect();
        if cards.len() != CARDS_PER_SPHERE {
            return Err(LoadError::Invalid {
                file: format!("cards/spheres/{}.toml", sphere.name().to_lowercase()),
                card: cards.last().map(|c| c.creature.name.clone()).unwrap_or_default(),
                field: "sphere".into(),
                reason: format!("{} has {} cards, not {CARDS_PER_SPHERE}", sphere.name(), cards.len()),
            });
        }
    }
    let mut races: BTreeMap<&str, Vec<&CardDef>> = BTreeMap::new();
    let mut sets: BTreeMap<char, Vec<&CardDef>> = BTreeMap::new();
    for c in &db.cards {
        races.entry(c.creature.race.as_str()).or_default().push(c);
        if let Some((_, set)) = composition(&c.code) {
            sets.entry(set).or_default().push(c);
        }
    }
    for (race, cards) in &races {
        let last = cards[cards.len() - 1];
        if cards.len() != CARDS_PER_RACE {
            return Err(invalid(
                last,
                "creature.race",
                format!("{} creatures are {race}, not {CARDS_PER_RACE}", cards.len()),
            ));
        }
        if let Some(other) = cards.iter().find(|o| o.sphere != last.sphere) {
            return Err(invalid(
                last,
                "creature.race",
                format!(
                    "{race} is also a {} race ({}); a race belongs to one sphere",
                    other.sphere.name(),
                    other.creature.name
                ),
            ));
        }
    }
    for (set, cards) in &sets {
        if cards.len() != CARDS_PER_SET {
            return Err(invalid(
                cards[cards.len() - 1],
                "code",
                format!("set {set} has {} cards, not {CARDS_PER_SET}", cards.len()),
            ));
        }
    }
    Ok(())
}

fn check_decks(db: &SpheresDb) -> Result<(), LoadError> {
    let bad = |d: &DeckDef, field: &str, reason: String| LoadError::Invalid {
        file: "cards/spheres/decks.toml".into(),
        card: d.name.clone(),
        field: field.into(),
        reason,
    };
    let mut names = BTreeSet::new();
    let mut numbers = BTreeSet::new();
    let mut set_names = BTreeSet::new();
    for d in &db.decks {
        if d.name.trim().is_empty() || !names.insert(d.name.to_lowercase()) {
            return Err(bad(d, "name", "deck names are non-empty and unique".into()));
        }
        if !(1..=DECKS as u8).contains(&d.number) || !numbers.insert(d.number) {
            return Err(bad(d, "number", format!("deck numbers are 1 to {DECKS}, once each")));
        }
        if d.summary.trim().is_empty() {
            return Err(bad(d, "summary", "say in one sentence how the deck plays".into()));
        }
        if d.sets.len() != SETS_PER_DECK {
            return Err(bad(d, "sets", format!("{} set names, not {SETS_PER_DECK}", d.sets.len())));
        }
        if let Some(s) = d.sets.iter().find(|s| s.trim().is_empty() || !set_names.insert(s.to_lowercase())) {
            return Err(bad(d, "sets", format!("set name \"{s}\" is empty or used twice")));
        }
    }
    if db.decks.len() != DECKS {
        return Err(LoadError::Invalid {
            file: "cards/spheres/decks.toml".into(),
            card: db.decks.last().map(|d| d.name.clone()).unwrap_or_default(),
            field: "deck".into(),
            reason: format!("{} decks, not {DECKS}", db.decks.len()),
        });
    }
    Ok(())
}

/// Where a piece of card data acts, which decides what `[This]` means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Host {
    /// A creature ability: `[This]` is the creature.
    Creature,
    /// The spell's cast effects.
    Cast,
    /// An ability of a spell that stays in play (active or attached).
    Kept(SpellKind),
}

struct CardCheck<'a> {
    card: &'a CardDef,
    races: &'a BTreeSet<&'a str>,
    kinds: &'a BTreeSet<&'a str>,
}

impl CardCheck<'_> {
    fn fail(&self, field: &str, reason: impl Into<String>) -> LoadError {
        invalid(self.card, field, reason)
    }

    fn run(&self) -> Result<(), LoadError> {
        let c = self.card;
        let (cr, sp) = (&c.creature, &c.spell);
        if !COSTS.contains(&cr.cost) {
            return Err(self.fail("creature.cost", format!("{} is not 1 to 6", cr.cost)));
        }
        if !COSTS.contains(&sp.cost) {
            return Err(self.fail("spell.cost", format!("{} is not 1 to 6", sp.cost)));
        }
        if cr.strength == 0 {
            return Err(self.fail("creature.strength", "a creature has strength 1 or more"));
        }
        if cr.name.trim().is_empty() || sp.name.trim().is_empty() {
            return Err(self.fail("name", "both halves need a name"));
        }
        if c.dual == Some(c.sphere) {
            return Err(self.fail("dual", "the second sphere must differ from the first"));
        }
        if cr.race.trim().is_empty() {
            return Err(self.fail("creature.race", "every creature has a race"));
        }
        if cr.kind.as_deref().is_some_and(|k| k.trim().is_empty()) {
            return Err(self.fail("creature.kind", "leave the type out rather than empty"));
        }
        if cr.inverted && sp.inverted {
            return Err(self.fail("spell.inverted", "only one half of a card can be inverted"));
        }
        if cr.inverted && !cr.abilities.is_empty() {
            return Err(self.fail(
                "creature.abilities",
                "an inverted creature only enters face down, without abilities",
            ));
        }
        if sp.inverted && !(sp.effects.is_empty() && sp.abilities.is_empty()) {
            return Err(self.fail("spell.effects", "an inverted spell cannot be cast, so it has no effects"));
        }
        let has_creature_text = cr.inverted || !cr.abilities.is_empty();
        if cr.text.trim().is_empty() == has_creature_text {
            return Err(self.fail(
                "creature.text",
                if has_creature_text { "say what the creature does" } else { "text without abilities" },
            ));
        }
        if sp.text.trim().is_empty() {
            return Err(self.fail("spell.text", "say what the spell does"));
        }
        match sp.kind {
            _ if sp.inverted => {}
            SpellKind::Instant if !sp.abilities.is_empty() => {
                return Err(self.fail("spell.abilities", "an instant leaves play at once; use effects"));
            }
            SpellKind::Instant if sp.effects.is_empty() => {
                return Err(self.fail("spell.effects", "an instant does something when cast"));
            }
            SpellKind::Active | SpellKind::Attach if sp.abilities.is_empty() => {
                return Err(self.fail("spell.abilities", "a spell that stays in play needs an ability"));
            }
            _ => {}
        }
        for (i, a) in cr.abilities.iter().enumerate() {
            self.ability(a, Host::Creature, &format!("creature.abilities[{i}]"))?;
        }
        for (i, a) in sp.abilities.iter().enumerate() {
            self.ability(a, Host::Kept(sp.kind), &format!("spell.abilities[{i}]"))?;
        }
        for (i, e) in sp.effects.iter().enumerate() {
            self.effect(e, Host::Cast, &format!("spell.effects[{i}]"))?;
        }
        Ok(())
    }

    fn ability(&self, a: &Ability, host: Host, at: &str) -> Result<(), LoadError> {
        match a {
            Ability::Passive { subject, filter, condition, .. } => {
                if host == Host::Kept(SpellKind::Active) && *subject == Subject::This {
                    return Err(self.fail(
                        &format!("{at}.subject"),
                        "an active spell is no creature: name whose creatures it affects",
                    ));
                }
                self.filter(filter, host, &format!("{at}.filter"))?;
                if let Some(cond) = condition {
                    self.condition(cond, host, &format!("{at}.condition"))?;
                }
            }
            Ability::Triggered { on, effects, condition } => {
                match host {
                    Host::Kept(SpellKind::Active) if !matches!(on, Trigger::Regroup | Trigger::TowerLost) => {
                        return Err(self.fail(
                            &format!("{at}.on"),
                            "an active spell only hears its lord's regroup and tower_lost",
                        ));
                    }
                    Host::Kept(SpellKind::Attach) => {
                        return Err(self.fail(
                            &format!("{at}.on"),
                            "give an attached spell passive abilities; its host's triggers are its own",
                        ));
                    }
                    _ => {}
                }
                if effects.is_empty() {
                    return Err(self.fail(&format!("{at}.effects"), "a trigger does something"));
                }
                for (i, e) in effects.iter().enumerate() {
                    self.effect(e, host, &format!("{at}.effects[{i}]"))?;
                }
                if let Some(cond) = condition {
                    self.condition(cond, host, &format!("{at}.condition"))?;
                }
            }
            // Kinds of ability added to the schema later are the engine's to vet.
            #[allow(unreachable_patterns)]
            _ => {}
        }
        Ok(())
    }

    fn effect(&self, e: &Effect, host: Host, at: &str) -> Result<(), LoadError> {
        match e {
            Effect::Move { verb, what } => {
                if verb.destination() == what.from && !(*verb == Verb::Recover && what.from == Zone::Deck) {
                    return Err(self.fail(
                        &format!("{at}.what.from"),
                        format!("{verb:?} from {:?} leaves the card where it is", what.from),
                    ));
                }
                if *verb == Verb::Draw && what.from != Zone::Deck {
                    return Err(self.fail(&format!("{at}.what.from"), "draw always takes from the deck"));
                }
                if *verb == Verb::Draw && what.pick != Pick::Top {
                    return Err(
                        self.fail(&format!("{at}.what.pick"), "draw takes the top cards (pick = \"top\")")
                    );
                }
                self.select(what, host, &format!("{at}.what"))
            }
            Effect::Replace { what, with } => {
                if what.from == *with {
                    return Err(self.fail(&format!("{at}.with"), "replace swaps cards between two zones"));
                }
                self.select(what, host, &format!("{at}.what"))
            }
            Effect::Afflict { what }
            | Effect::Cure { what }
            | Effect::Engage { what }
            | Effect::Ready { what }
            | Effect::Pump { what, .. } => {
                if what.from != Zone::Battlefield {
                    return Err(self.fail(&format!("{at}.what.from"), "only creatures change state"));
                }
                if matches!(e, Effect::Pump { amount: 0, .. }) {
                    return Err(self.fail(&format!("{at}.amount"), "a pump of 0 does nothing"));
                }
                self.select(what, host, &format!("{at}.what"))
            }
            Effect::Evoke if host != Host::Creature => {
                Err(self.fail(at, "evoke runs [This] card's spell from a creature ability"))
            }
            Effect::Evoke if matches!(self.card.spell.effects.as_slice(), []) => {
                Err(self.fail(at, "evoke needs a spell with cast effects"))
            }
            Effect::Evoke if self.card.spell.effects.iter().any(|e| matches!(e, Effect::SummonThis)) => {
                Err(self.fail(at, "evoking a spell that summons this card's own creature is circular"))
            }
            Effect::SummonThis if host != Host::Cast => {
                Err(self.fail(at, "summon_this belongs in a spell's cast effects"))
            }
            Effect::SummonThis if self.card.creature.inverted => {
                Err(self.fail(at, "this card's creature is inverted and cannot be summoned face up"))
            }
            _ => Ok(()),
        }
    }

    fn select(&self, s: &Select, host: Host, at: &str) -> Result<(), LoadError> {
        if s.count == Amount::Fixed(0) {
            return Err(self.fail(&format!("{at}.count"), "a count of 0 moves nothing"));
        }
        self.amount(&s.count, host, &format!("{at}.count"), true)?;
        if s.pick == Pick::Top && s.from != Zone::Deck {
            return Err(self.fail(&format!("{at}.pick"), "only the deck has a top"));
        }
        self.filter(&s.filter, host, &format!("{at}.filter"))
    }

    fn filter(&self, f: &Filter, host: Host, at: &str) -> Result<(), LoadError> {
        if f.this && f.other {
            return Err(self.fail(&format!("{at}.this"), "`this` and `other` exclude each other"));
        }
        if f.this && !matches!(host, Host::Creature | Host::Kept(SpellKind::Attach)) {
            return Err(
                self.fail(&format!("{at}.this"), "only a creature or an attached spell's host is `this`")
            );
        }
        if let Some(race) = &f.race {
            if race != "this" && !self.races.contains(race.as_str()) {
                return Err(self.fail(&format!("{at}.race"), format!("no creature is of race \"{race}\"")));
            }
        }
        if let Some(kind) = &f.kind {
            if !self.kinds.contains(kind.as_str()) {
                return Err(self.fail(&format!("{at}.kind"), format!("no creature is of type \"{kind}\"")));
            }
        }
        for (name, amount) in
            [("max_cost", &f.max_cost), ("min_cost", &f.min_cost), ("max_strength", &f.max_strength)]
        {
            if let Some(a) = amount {
                self.amount(a, host, &format!("{at}.{name}"), false)?;
            }
        }
        if let (Some(Amount::Fixed(lo)), Some(Amount::Fixed(hi))) = (f.min_cost, f.max_cost) {
            if lo > hi {
                return Err(self.fail(&format!("{at}.min_cost"), "no cost lies between these bounds"));
            }
        }
        Ok(())
    }

    /// Variables read [This] card: a creature's strength and cost only from
    /// a creature ability, the spell cost only from the spell; `all` only as a count.
    fn amount(&self, a: &Amount, host: Host, at: &str, is_count: bool) -> Result<(), LoadError> {
        let Amount::Var(v) = a else { return Ok(()) };
        let ok = match v {
            Variable::All => is_count,
            Variable::Strength | Variable::CreatureCost => host == Host::Creature,
            Variable::SpellCost => host != Host::Creature,
            #[allow(unreachable_patterns)]
            _ => true,
        };
        if ok {
            Ok(())
        } else {
            Err(self.fail(at, format!("{v:?} cannot be read here")))
        }
    }

    fn condition(&self, c: &Condition, host: Host, at: &str) -> Result<(), LoadError> {
        match c {
            Condition::Count { filter, at_least, at_most, .. } => {
                match (at_least, at_most) {
                    (None, None) => return Err(self.fail(at, "give at_least or at_most")),
                    (Some(lo), Some(hi)) if lo > hi => {
                        return Err(self.fail(&format!("{at}.at_least"), "no count lies between these bounds"))
                    }
                    _ => {}
                }
                self.filter(filter, host, &format!("{at}.filter"))
            }
            Condition::InBattle { .. } if !matches!(host, Host::Creature | Host::Kept(SpellKind::Attach)) => {
                Err(self.fail(at, "only a creature (or an attached spell's host) is in a battle"))
            }
            _ => Ok(()),
        }
    }
}

/// How often each mechanic appears in the collection, as `"group:name"`
/// tags named as in the card files: `verb:recover`, `from:groove`,
/// `pick:search`, `lord:either`, `static:hunter`, `strength:attacking`,
/// `subject:all_creatures`, `trigger:tower_lost`, `condition:in_battle`,
/// `in_battle:defending`, `bound:at_most`, `filter:matching`,
/// `matching:both`, `state:engaged`, `variable:spell_cost`,
/// `effect:summon_this`, `spell:attach`, `evoke:creature`,
/// `summon_this:spell`, `card:dual`, `creature:inverted`, …
///
/// It reads the serialized cards, so a field or variant added to the
/// schema is counted without a change here.
pub fn mechanics(db: &SpheresDb) -> BTreeMap<String, usize> {
    let mut tally = BTreeMap::new();
    let mut add = |tag: String| *tally.entry(tag).or_insert(0) += 1;
    for c in &db.cards {
        let Ok(card) = serde_json::to_value(c) else { continue };
        if !card["dual"].is_null() {
            add("card:dual".into());
        }
        for half in ["creature", "spell"] {
            if card[half]["inverted"] == Value::Bool(true) {
                add(format!("{half}:inverted"));
            }
        }
        if let Some(kind) = card["spell"]["kind"].as_str() {
            add(format!("spell:{kind}"));
        }
        for e in find_all(&card["creature"], "do") {
            if e == "evoke" {
                add("evoke:creature".into());
            }
        }
        for e in find_all(&card["spell"]["effects"], "do") {
            if e == "summon_this" {
                add("summon_this:spell".into());
            }
        }
        walk(&card["creature"], &mut add);
        walk(&card["spell"], &mut add);
    }
    tally
}

/// Every string value under `key` anywhere in `v`.
fn find_all<'a>(v: &'a Value, key: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(o) => {
                out.extend(o.get(key).and_then(Value::as_str));
                stack.extend(o.values());
            }
            Value::Array(a) => stack.extend(a),
            _ => {}
        }
    }
    out
}

/// Tags one half of a card: every ability, effect, selection, condition
/// and filter in it.
fn walk(v: &Value, add: &mut impl FnMut(String)) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| walk(i, add)),
        Value::Object(o) => {
            let s = |k: &str| o.get(k).and_then(Value::as_str);
            if let Some(t) = s("type") {
                add(format!("ability:{t}"));
            }
            if let Some(t) = s("on") {
                add(format!("trigger:{t}"));
            }
            if let Some(t) = s("subject") {
                add(format!("subject:{t}"));
            }
            if let Some(t) = s("is") {
                add(format!("static:{t}"));
                if t == "strength" {
                    add(format!("strength:{}", s("during").unwrap_or("always")));
                }
            }
            if let Some(t) = s("do") {
                add(format!("effect:{t}"));
            }
            if let Some(t) = s("verb") {
                add(format!("verb:{t}"));
            }
            if let Some(t) = s("if") {
                add(format!("condition:{t}"));
                if let Some(role) = s("role") {
                    add(format!("{t}:{role}"));
                }
            }
            if let Some(t) = s("with") {
                add(format!("replace_with:{t}"));
            }
            if let Some(t) = s("zone") {
                add(format!("zone:{t}"));
            }
            for bound in ["at_least", "at_most"] {
                if o.get(bound).is_some_and(|b| !b.is_null()) {
                    add(format!("bound:{bound}"));
                }
            }
            // A selection: `from` is where its cards come from.
            if let Some(t) = s("from") {
                add(format!("from:{t}"));
                for k in ["pick", "lord"] {
                    if let Some(t) = s(k) {
                        add(format!("{k}:{t}"));
                    }
                }
                if o.get("optional") == Some(&Value::Bool(true)) {
                    add("select:optional".into());
                }
            } else if let Some(t) = s("lord") {
                add(format!("lord:{t}"));
            }
            if let Some(Value::String(var)) = o.get("count") {
                add(format!("variable:{var}"));
            }
            if let Some(Value::Object(filter)) = o.get("filter") {
                for (k, val) in filter {
                    if val.is_null() || *val == Value::Bool(false) {
                        continue;
                    }
                    add(format!("filter:{k}"));
                    match (k.as_str(), val) {
                        ("matching" | "state", Value::String(t)) => add(format!("{k}:{t}")),
                        ("max_cost" | "min_cost" | "max_strength", Value::String(var)) => {
                            add(format!("variable:{var}"))
                        }
                        _ => {}
                    }
                }
            }
            for (k, child) in o {
                if k != "filter" {
                    walk(child, add);
                }
            }
        }
        _ => {}
    }
}
