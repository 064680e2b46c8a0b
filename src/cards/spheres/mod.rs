//! The Spheres card database: the collection and the prebuilt decks,
//! parsed once from `cards/spheres/` (embedded in the binary at build time).

pub mod check;
pub mod schema;

use std::collections::HashMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

pub use schema::*;

use super::{
    rulings_mentioning, search, CardSheet, Catalog, CatalogSize, DeckProblems, LoadError, NotFound,
    StarterDeck,
};

/// Index of a card definition in [`SpheresDb::cards`]. States hold these,
/// never the definitions, so they stay small and cheap to clone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

/// A prebuilt deck of the collection.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DeckDef {
    /// Deck name, as players type it.
    pub name: String,
    /// Deck number (`E` of the composition code): it holds every card whose code has this number.
    pub number: u8,
    /// One sentence on how the deck plays.
    pub summary: String,
    /// The names of its four sets of 12, in letter order.
    pub sets: Vec<String>,
}

/// A starter deck of the first-draft variant, listed card by card.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FirstDraftDeckDef {
    /// Deck name, as players type it.
    pub name: String,
    /// One sentence on how the deck plays.
    pub summary: String,
    /// Entries "copies name" ("4 Tickwick Tinker").
    pub cards: Vec<String>,
}

impl FirstDraftDeckDef {
    /// The card list, one entry per copy (an entry without a count is one copy).
    pub fn list(&self) -> Vec<String> {
        crate::cards::expand_entries(&self.cards)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    #[serde(rename = "deck")]
    decks: Vec<DeckDef>,
    #[serde(rename = "first_draft_deck", default)]
    first_draft_decks: Vec<FirstDraftDeckDef>,
}

/// Files of the collection, embedded so the binary needs nothing on disk.
pub const CARD_FILES: &[(&str, &str)] = &[
    ("cards/spheres/science.toml", include_str!("../../../cards/spheres/science.toml")),
    ("cards/spheres/ether.toml", include_str!("../../../cards/spheres/ether.toml")),
    ("cards/spheres/spirit.toml", include_str!("../../../cards/spheres/spirit.toml")),
    ("cards/spheres/chaos.toml", include_str!("../../../cards/spheres/chaos.toml")),
    ("cards/spheres/nature.toml", include_str!("../../../cards/spheres/nature.toml")),
];

/// The prebuilt-deck file, embedded.
pub const DECK_FILE: (&str, &str) =
    ("cards/spheres/decks.toml", include_str!("../../../cards/spheres/decks.toml"));

/// Copies of one card a deck may hold.
pub const MAX_COPIES: usize = 3;
/// Cards in a deck.
pub const DECK_SIZE: usize = 48;

/// Deck construction rules: the rulebook's, or the first draft's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeckRules {
    /// Cards in a deck, exactly.
    pub size: usize,
    /// Copies of one card a deck may hold.
    pub max_copies: usize,
    /// What the rules are called in messages ("the rulebook", "the first draft").
    pub source: &'static str,
}

impl DeckRules {
    /// The rulebook's custom design: 48 cards, at most 3 copies.
    pub const STANDARD: DeckRules = DeckRules { size: DECK_SIZE, max_copies: MAX_COPIES, source: "the rulebook" };
    /// The first draft's deck construction: 50 cards, up to 5 copies.
    pub const FIRST_DRAFT: DeckRules = DeckRules { size: 50, max_copies: 5, source: "the first draft" };
}

/// The parsed collection.
#[derive(Debug)]
pub struct SpheresDb {
    /// Every card, indexed by [`CardId`].
    pub cards: Vec<CardDef>,
    /// The prebuilt decks.
    pub decks: Vec<DeckDef>,
    /// The starter decks of the first-draft variant (50 cards).
    pub first_draft_decks: Vec<FirstDraftDeckDef>,
    /// Creature names, spell names and codes, lower-cased, to the first
    /// card that bears them (what [`SpheresDb::find`] looks up).
    by_key: HashMap<String, CardId>,
}

/// `docs/rulings/spheres.md` followed by the first-draft variant's
/// `docs/rulings/spheres-first-draft.md`, embedded so `/rule` needs
/// nothing on disk.
pub const RULINGS: &str = concat!(
    include_str!("../../../docs/rulings/spheres.md"),
    "\n",
    include_str!("../../../docs/rulings/spheres-first-draft.md")
);

/// `docs/rules/spheres.md`: the rulebook and its first draft in our own
/// words, one section per step ("### 5c2 Siege") or named part, for `/rule`.
pub const RULES: &str = include_str!("../../../docs/rules/spheres.md");

/// `docs/rules/spheres-glossary.toml`: the game's words and the words players
/// bring from other games, each leading to its section of the rules.
pub const GLOSSARY: &str = include_str!("../../../docs/rules/spheres-glossary.toml");

impl SpheresDb {
    /// Parses card files and the deck file, checking names, codes and decks.
    /// The collection's composition rules (16 per sphere, 2 per race...) are
    /// checked by [`check::check_collection`], which the embedded catalogue
    /// and `cardtable cards check` apply; small test pools skip them.
    pub fn parse(files: &[(String, String)], deck_file: (&str, &str)) -> Result<Self, LoadError> {
        let mut cards = Vec::new();
        for (path, text) in files {
            let file: CardFile = toml::from_str(text).map_err(|e| LoadError::toml(path, text, e))?;
            cards.extend(file.cards);
        }
        let decks: DeckFile =
            toml::from_str(deck_file.1).map_err(|e| LoadError::toml(deck_file.0, deck_file.1, e))?;
        let mut db = SpheresDb::new(cards, decks.decks);
        db.first_draft_decks = decks.first_draft_decks;
        db.validate()?;
        Ok(db)
    }

    /// A collection of these cards and decks, unchecked (see [`Self::parse`]).
    pub fn new(cards: Vec<CardDef>, decks: Vec<DeckDef>) -> Self {
        let mut by_key = HashMap::new();
        for (i, c) in cards.iter().enumerate() {
            for key in [&c.creature.name, &c.spell.name, &c.code] {
                by_key.entry(key.to_lowercase()).or_insert(CardId(i as u16));
            }
        }
        SpheresDb { cards, decks, first_draft_decks: Vec::new(), by_key }
    }

    /// The definition of a card.
    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id.0 as usize]
    }

    /// Finds a card by creature name, spell name or code: any case, and
    /// for names also ignoring punctuation and spacing ("dragons breath").
    pub fn find(&self, name: &str) -> Result<CardId, NotFound> {
        if let Some(id) = self.by_key.get(&name.trim().to_lowercase()) {
            return Ok(*id);
        }
        let key = search::normalise(name);
        self.cards
            .iter()
            .position(|c| search::normalise(&c.creature.name) == key || search::normalise(&c.spell.name) == key)
            .map(|i| CardId(i as u16))
            .ok_or_else(|| NotFound::among("Spheres card", name, self.names()))
    }

    /// Creature and spell names, in card order.
    fn names(&self) -> impl Iterator<Item = &str> {
        self.cards.iter().flat_map(|c| [c.creature.name.as_str(), c.spell.name.as_str()])
    }

    /// Finds a prebuilt deck by name (case-insensitive).
    pub fn deck(&self, name: &str) -> Result<&DeckDef, NotFound> {
        let key = name.trim().to_lowercase();
        self.decks
            .iter()
            .find(|d| d.name.to_lowercase() == key)
            .ok_or_else(|| NotFound::among("Spheres starter deck", name, self.decks.iter().map(|d| d.name.as_str())))
    }

    /// The card list of a prebuilt deck: three copies of every card whose
    /// composition code has the deck's number, by creature name.
    pub fn deck_list(&self, deck: &DeckDef) -> Vec<String> {
        let mut list = Vec::new();
        for c in &self.cards {
            if composition(&c.code).map(|(n, _)| n) == Some(deck.number) {
                for _ in 0..MAX_COPIES {
                    list.push(c.creature.name.clone());
                }
            }
        }
        list
    }

    /// Resolves a deck list (names, one entry per copy) to card ids,
    /// checking the rulebook's construction rules; every problem is listed.
    pub fn resolve_deck(&self, names: &[String]) -> Result<Vec<CardId>, DeckProblems> {
        self.resolve_deck_with(DeckRules::STANDARD, names)
    }

    /// Resolves a deck list under the construction rules `rules`.
    pub fn resolve_deck_with(&self, rules: DeckRules, names: &[String]) -> Result<Vec<CardId>, DeckProblems> {
        let DeckRules { size, max_copies, source } = rules;
        let mut problems = Vec::new();
        let mut ids = Vec::new();
        let mut unknown: Vec<&str> = Vec::new();
        for n in names {
            match self.find(n) {
                Ok(id) => ids.push(id),
                Err(e) if !unknown.contains(&n.trim()) => {
                    unknown.push(n.trim());
                    problems.push(e.to_string());
                }
                Err(_) => {}
            }
        }
        if names.len() != size {
            problems.push(format!(
                "a Spheres deck under {source} holds exactly {size} cards; this one has {}",
                names.len()
            ));
        }
        let mut sorted = ids.clone();
        sorted.sort();
        let over: Vec<String> = sorted
            .chunk_by(|a, b| a == b)
            .filter(|w| w.len() > max_copies)
            .map(|w| format!("{} has {}", self.card(w[0]).creature.name, w.len()))
            .collect();
        if !over.is_empty() {
            problems.push(format!(
                "at most {max_copies} copies of a card are allowed under {source}; {}",
                over.join(", ")
            ));
        }
        if problems.is_empty() {
            Ok(ids)
        } else {
            Err(DeckProblems(problems))
        }
    }

    /// The sheet `/card` shows: both halves, code and sphere, the starter
    /// decks holding it and the rulings naming either half.
    pub fn sheet(&self, id: CardId) -> CardSheet {
        let card = self.card(id);
        let c = &card.creature;
        let s = &card.spell;
        let sphere = match card.dual {
            Some(d) => format!("{} / {}", card.sphere.name(), d.name()),
            None => card.sphere.name().to_owned(),
        };
        let mut creature = vec![format!(
            "Cost {}{} · Strength {} · {}{}",
            c.cost,
            if c.inverted { " (inverted: face down only)" } else { "" },
            c.strength,
            c.race,
            c.kind.as_deref().map(|k| format!(" · [{k}]")).unwrap_or_default()
        )];
        if !c.text.is_empty() {
            creature.push(c.text.clone());
        }
        let kind = match s.kind {
            SpellKind::Instant => "Instant",
            SpellKind::Active => "Active",
            SpellKind::Attach => "Attach",
        };
        let mut spell =
            vec![format!("Cost {}{} · {kind}", s.cost, if s.inverted { " (inverted: cannot be cast)" } else { "" })];
        if !s.text.is_empty() {
            spell.push(s.text.clone());
        }
        let number = composition(&card.code).map(|(n, _)| n);
        let mut rulings = rulings_mentioning(RULINGS, &c.name);
        for r in rulings_mentioning(RULINGS, &s.name) {
            if !rulings.contains(&r) {
                rulings.push(r);
            }
        }
        CardSheet {
            title: format!("{} / {}", c.name, s.name),
            subtitle: format!("{sphere} · `{}`", card.code),
            sections: vec![(format!("Creature — {}", c.name), creature), (format!("Spell — {}", s.name), spell)],
            decks: self.decks.iter().filter(|d| Some(d.number) == number).map(|d| d.name.clone()).collect(),
            rulings,
        }
    }

    fn validate(&self) -> Result<(), LoadError> {
        for (i, c) in self.cards.iter().enumerate() {
            let bad = |field: &str, why: String| LoadError::Invalid {
                file: format!("cards/spheres/{}.toml", c.sphere.name().to_lowercase()),
                card: c.creature.name.clone(),
                field: field.to_string(),
                reason: why,
            };
            let Some((deck, _set)) = composition(&c.code) else {
                return Err(bad("code", format!("\"{}\" is not of the form AAAA-BC-D EF", c.code)));
            };
            if !(1..=5).contains(&deck) {
                return Err(bad("code", format!("deck number {deck} is not 1 to 5")));
            }
            let digit = c.code.as_bytes().get(5).map(|b| b - b'0');
            if digit != Some(c.sphere.code_digit()) {
                return Err(bad("code", format!("sphere digit does not match sphere {}", c.sphere.name())));
            }
            for (j, other) in self.cards.iter().enumerate().take(i) {
                let _ = j;
                for (a, b) in [
                    (&c.creature.name, &other.creature.name),
                    (&c.spell.name, &other.spell.name),
                    (&c.code, &other.code),
                    (&c.creature.name, &other.spell.name),
                    (&c.spell.name, &other.creature.name),
                ] {
                    if a.eq_ignore_ascii_case(b) {
                        return Err(bad("name", format!("\"{a}\" is used by two cards")));
                    }
                }
            }
        }
        for d in &self.first_draft_decks {
            if let Err(problems) = self.resolve_deck_with(DeckRules::FIRST_DRAFT, &d.list()) {
                return Err(LoadError::Invalid {
                    file: DECK_FILE.0.to_string(),
                    card: d.name.clone(),
                    field: "cards".into(),
                    reason: problems.to_string(),
                });
            }
        }
        for d in &self.decks {
            let n = self.deck_list(d).len();
            if n != DECK_SIZE {
                return Err(LoadError::Invalid {
                    file: DECK_FILE.0.to_string(),
                    card: d.name.clone(),
                    field: "number".into(),
                    reason: format!(
                        "deck {} gathers {n} cards from the collection, not {DECK_SIZE}",
                        d.number
                    ),
                });
            }
        }
        Ok(())
    }
}

/// The variant key of the first draft (as `games::spheres::setup::FIRST_DRAFT`;
/// cards may not name the games module).
const FIRST_DRAFT_KEY: &str = "first-draft";

/// The construction rules of a variant list ("first-draft,face-down").
pub fn deck_rules_for(variant: Option<&str>) -> DeckRules {
    let first_draft =
        variant.unwrap_or("").split([',', ' ', '+']).any(|v| v.trim().eq_ignore_ascii_case(FIRST_DRAFT_KEY));
    if first_draft {
        DeckRules::FIRST_DRAFT
    } else {
        DeckRules::STANDARD
    }
}

/// Splits the composition value `EF` off a code: (deck number, set letter).
pub fn composition(code: &str) -> Option<(u8, char)> {
    let (ident, comp) = code.split_once(' ')?;
    let ident_ok = ident.len() == 9
        && ident.as_bytes()[4] == b'-'
        && ident.as_bytes()[7] == b'-'
        && ident[..4].bytes().all(|b| b.is_ascii_digit())
        && ident.as_bytes()[6].is_ascii_hexdigit();
    let comp = comp.trim();
    let mut chars = comp.chars();
    let deck = chars.next()?.to_digit(10)? as u8;
    let set = chars.next()?;
    (ident_ok && chars.next().is_none() && set.is_ascii_uppercase()).then_some((deck, set))
}

impl Catalog for SpheresDb {
    fn embedded() -> Result<Self, LoadError> {
        let files: Vec<(String, String)> =
            CARD_FILES.iter().map(|(p, t)| ((*p).to_owned(), (*t).to_owned())).collect();
        let db = SpheresDb::parse(&files, DECK_FILE)?;
        check::check_collection(&db)?;
        Ok(db)
    }

    fn load_dir(dir: &Path) -> Result<Self, LoadError> {
        let db = check::load_spheres(dir)?;
        check::check_collection(&db)?;
        Ok(db)
    }

    fn noun(&self) -> &str {
        "Spheres card"
    }

    fn size(&self) -> CatalogSize {
        CatalogSize { cards: self.cards.len(), decks: self.decks.len() + self.first_draft_decks.len() }
    }

    fn card_names(&self) -> Vec<&str> {
        self.names().collect()
    }

    /// Both faces, the printed code ("0001-4A-1 4N") and its identification
    /// value alone ("0001-4A-1", unique to the card).
    fn lookup_names(&self) -> Vec<(String, String)> {
        self.cards
            .iter()
            .flat_map(|c| {
                let identity = c.code.split_once(' ').map_or(c.code.as_str(), |(id, _)| id);
                [c.creature.name.as_str(), c.spell.name.as_str(), c.code.as_str(), identity]
                    .map(|n| (n.to_owned(), c.creature.name.clone()))
            })
            .collect()
    }

    fn card(&self, name: &str) -> Option<CardSheet> {
        self.find(name).ok().map(|id| self.sheet(id))
    }

    fn canonical_name(&self, name: &str) -> Option<String> {
        self.find(name).ok().map(|id| self.card(id).creature.name.clone())
    }

    fn starter_decks(&self) -> Vec<StarterDeck> {
        self.decks
            .iter()
            .map(|d| StarterDeck { name: d.name.clone(), summary: d.summary.clone(), cards: self.deck_list(d) })
            .collect()
    }

    /// A deck may be saved when some rules accept it: the rulebook's, or
    /// the first draft's (50 cards) for `variant:first-draft` matches.
    fn deck_problems(&self, cards: &[String]) -> Vec<String> {
        let Err(standard) = self.resolve_deck(cards) else { return Vec::new() };
        if self.resolve_deck_with(DeckRules::FIRST_DRAFT, cards).is_ok() {
            return Vec::new();
        }
        let mut problems = standard.0;
        if cards.len() == DeckRules::FIRST_DRAFT.size {
            problems.push(
                "a 50-card deck plays only in variant first-draft, with at most 5 copies of a card".into(),
            );
        }
        problems
    }

    fn variant_decks(&self, variant: Option<&str>) -> Vec<StarterDeck> {
        if deck_rules_for(variant) == DeckRules::FIRST_DRAFT {
            self.first_draft_decks
                .iter()
                .map(|d| StarterDeck { name: d.name.clone(), summary: d.summary.clone(), cards: d.list() })
                .collect()
        } else {
            self.starter_decks()
        }
    }

    fn variant_only_decks(&self) -> Vec<StarterDeck> {
        self.variant_decks(Some(FIRST_DRAFT_KEY))
    }

    fn variant_deck_problems(&self, variant: Option<&str>, cards: &[String]) -> Vec<String> {
        self.resolve_deck_with(deck_rules_for(variant), cards).err().map(|p| p.0).unwrap_or_default()
    }

    fn rulings(&self) -> &'static str {
        RULINGS
    }

    fn rules(&self) -> &'static str {
        RULES
    }

    fn glossary(&self) -> &'static str {
        GLOSSARY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_means_the_same_card_to_card_look_up_deck_lists_and_setup() {
        let db = SpheresDb::embedded().unwrap();
        let name = &db.cards[0].creature.name;
        let sloppy = format!("  {}!! ", name.to_uppercase().replace(' ', "  "));
        assert_eq!(db.find(&sloppy).unwrap(), CardId(0));
        assert_eq!(Catalog::card(&db, &sloppy).map(|s| s.title), Some(db.sheet(CardId(0)).title));
        assert_eq!(db.canonical_name(&sloppy).as_deref(), Some(name.as_str()));
        assert_eq!(db.find(&db.cards[0].code).unwrap(), CardId(0), "the identification code finds it too");
    }
}
