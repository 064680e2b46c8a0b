//! The Athernum card database: the card pool, its tokens and custom
//! markers, and the starter decks, parsed once from `cards/athernum/`
//! (embedded in the binary at build time).

pub mod check;
pub mod schema;
pub mod text;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use serde::{Deserialize, Serialize};

pub use check::{check_collection, load_athernum};
pub use schema::*;

use super::{rulings_mentioning, search, CardSheet, Catalog, CatalogSize, LoadError, NotFound, StarterDeck};

/// Index of a card definition in [`AthernumDb::cards`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

/// Cards in a main deck, exactly (11.0.2a).
pub const DECK_SIZE: usize = 60;
/// Cards in an Extra Deck, at most (11.0.2c).
pub const EXTRA_DECK_MAX: usize = 20;
/// Copies of one card across both decks, at most (11.0.2d).
pub const MAX_COPIES: usize = 4;

/// A starter deck: a main deck and an Extra Deck.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DeckDef {
    /// Its name, as players type it.
    pub name: String,
    /// The faction it is built around.
    pub faction: Faction,
    /// One sentence on how it plays.
    pub summary: String,
    /// Main deck entries "copies name" ("4 Wallwarden"); no count is one copy.
    pub cards: Vec<String>,
    /// Extra Deck entries, the same way.
    #[serde(default)]
    pub extra: Vec<String>,
}

impl DeckDef {
    /// The main deck, one entry per copy.
    pub fn main_list(&self) -> Vec<String> {
        crate::cards::expand_entries(&self.cards)
    }

    /// The Extra Deck, one entry per copy.
    pub fn extra_list(&self) -> Vec<String> {
        crate::cards::expand_entries(&self.extra)
    }
}

/// The deck file: `[[deck]]` tables.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DeckFile {
    #[serde(rename = "deck")]
    pub(crate) decks: Vec<DeckDef>,
}

/// Card files of the pool, embedded so the binary needs nothing on disk:
/// one per faction, in [`Faction::ALL`] order, then the factionless cards.
pub const CARD_FILES: &[(&str, &str)] = &[
    ("cards/athernum/bastion.toml", include_str!("../../../cards/athernum/bastion.toml")),
    ("cards/athernum/ashen.toml", include_str!("../../../cards/athernum/ashen.toml")),
    ("cards/athernum/gloam.toml", include_str!("../../../cards/athernum/gloam.toml")),
    ("cards/athernum/thornwild.toml", include_str!("../../../cards/athernum/thornwild.toml")),
    ("cards/athernum/neutral.toml", include_str!("../../../cards/athernum/neutral.toml")),
];

/// The tokens and custom markers the cards create, embedded.
pub const TOKEN_FILE: (&str, &str) =
    ("cards/athernum/tokens.toml", include_str!("../../../cards/athernum/tokens.toml"));

/// The starter decks, embedded.
pub const DECK_FILE: (&str, &str) = ("cards/athernum/decks.toml", include_str!("../../../cards/athernum/decks.toml"));

/// `docs/rulings/athernum.md`, embedded for `/rule`.
pub const RULINGS: &str = include_str!("../../../docs/rulings/athernum.md");
/// `docs/rules/athernum.md`: the rules reference in our own words, one
/// section per numbered rule ("## 4.2.2a …") and per defined term, which
/// `/rule` finds by number or words.
pub const RULES: &str = include_str!("../../../docs/rules/athernum.md");

/// `docs/rules/athernum-glossary.toml`: the game's words and the words players
/// bring from other games, each leading to its section of the rules.
pub const GLOSSARY: &str = include_str!("../../../docs/rules/athernum-glossary.toml");

/// The parsed pool.
#[derive(Debug)]
pub struct AthernumDb {
    /// Every card, indexed by [`CardId`].
    pub cards: Vec<CardDef>,
    /// The file each card came from, parallel to `cards`.
    pub files: Vec<String>,
    /// The tokens effects create (not cards, 2.1.3g).
    pub tokens: Vec<CardDef>,
    /// The custom marker types.
    pub markers: Vec<MarkerDef>,
    /// The file tokens and markers came from.
    pub token_file: String,
    /// The starter decks.
    pub decks: Vec<DeckDef>,
    /// The file the decks came from.
    pub deck_file: String,
    /// Names, lower-cased, to cards.
    by_name: HashMap<String, CardId>,
}

impl AthernumDb {
    /// Parses the card files, the token file and the deck file, checking
    /// every card's and token's shape (each effect executable, each field
    /// meaningful for its type, every token, marker and subtype it names
    /// defined) and unique names. The pool's composition and the starter
    /// decks are checked by [`check_collection`].
    pub fn parse(
        files: &[(String, String)],
        token_file: (&str, &str),
        deck_file: (&str, &str),
    ) -> Result<Self, LoadError> {
        let mut cards = Vec::new();
        let mut sources = Vec::new();
        for (path, text) in files {
            let file: CardFile = toml::from_str(text).map_err(|e| crate::cards::syntax(path, text, &e, "card"))?;
            sources.extend(std::iter::repeat_n(path.clone(), file.cards.len()));
            cards.extend(file.cards);
        }
        let mut tokens: TokenFile = toml::from_str(token_file.1)
            .map_err(|e| crate::cards::syntax(token_file.0, token_file.1, &e, "token"))?;
        // 2.2.3c, 2.2.4c: a character printed without an Offensive or a
        // Defensive Value has 0 (and play follows: 0 damage dealt, and a
        // DFV of 0 is discarded at the next check, 4.2.2a).
        for c in cards.iter_mut().chain(tokens.tokens.iter_mut()).filter(|c| c.kind == CardType::Character) {
            c.ofv.get_or_insert(0);
            c.dfv.get_or_insert(0);
        }
        let decks: DeckFile =
            toml::from_str(deck_file.1).map_err(|e| crate::cards::syntax(deck_file.0, deck_file.1, &e, "deck"))?;
        let mut by_name = HashMap::new();
        for (i, c) in cards.iter().enumerate() {
            if by_name.insert(c.name.to_lowercase(), CardId(i as u16)).is_some() {
                return Err(LoadError::Invalid {
                    file: sources[i].clone(),
                    card: c.name.clone(),
                    field: "name".into(),
                    reason: format!("\"{}\" is used by two cards", c.name),
                });
            }
        }
        let db = AthernumDb {
            cards,
            files: sources,
            tokens: tokens.tokens,
            markers: tokens.markers,
            token_file: token_file.0.to_owned(),
            decks: decks.decks,
            deck_file: deck_file.0.to_owned(),
            by_name,
        };
        check::check_shapes(&db)?;
        Ok(db)
    }

    /// The definition of a card.
    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id.0 as usize]
    }

    /// A token by name (any case).
    pub fn token(&self, name: &str) -> Option<&CardDef> {
        self.tokens.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// A custom marker type by name (any case).
    pub fn marker(&self, name: &str) -> Option<&MarkerDef> {
        self.markers.iter().find(|m| m.name.eq_ignore_ascii_case(name))
    }

    /// Finds a card by name: any case, ignoring punctuation and spacing.
    pub fn find(&self, name: &str) -> Result<CardId, NotFound> {
        if let Some(id) = self.by_name.get(&name.trim().to_lowercase()) {
            return Ok(*id);
        }
        let key = search::normalise(name);
        self.cards
            .iter()
            .position(|c| search::normalise(&c.name) == key)
            .map(|i| CardId(i as u16))
            .ok_or_else(|| NotFound::among("Athernum card", name, self.cards.iter().map(|c| c.name.as_str())))
    }

    /// Every construction rule (11.0.2) a main deck and an Extra Deck
    /// (names, one entry per copy) break, one plain sentence each; empty
    /// when they are legal.
    pub fn deck_problems_split(&self, main: &[String], extra: &[String]) -> Vec<String> {
        let mut problems = Vec::new();
        let mut unknown: BTreeSet<&str> = BTreeSet::new();
        let mut main_ids = Vec::new();
        let mut extra_ids = Vec::new();
        for (list, ids) in [(main, &mut main_ids), (extra, &mut extra_ids)] {
            for n in list {
                match self.find(n) {
                    Ok(id) => ids.push(id),
                    Err(e) => {
                        if unknown.insert(n.trim()) {
                            problems.push(e.to_string());
                        }
                    }
                }
            }
        }
        let unknown_main = main.len() - main_ids.len();
        if main.len() != DECK_SIZE {
            problems.push(format!("a deck holds exactly {DECK_SIZE} cards; this one has {}", main.len()));
        }
        if unknown_main == 0 && !main_ids.iter().any(|id| self.card(*id).main_eligible()) {
            problems.push(
                "a deck needs at least one character or location with a Victory Token Field to begin the game \
                 as its main character; this one has none"
                    .to_owned(),
            );
        }
        if extra.len() > EXTRA_DECK_MAX {
            problems.push(format!("an Extra Deck holds at most {EXTRA_DECK_MAX} cards; this one has {}", extra.len()));
        }
        let confined: BTreeSet<&str> = main_ids
            .iter()
            .map(|id| self.card(*id))
            .filter(|c| c.extra_deck_only())
            .map(|c| c.name.as_str())
            .collect();
        for name in confined {
            problems.push(format!("{name} belongs in the Extra Deck only, not in the main deck"));
        }
        let ruleless: BTreeSet<&str> = extra_ids
            .iter()
            .map(|id| self.card(*id))
            .filter(|c| c.extra_rule.is_none())
            .map(|c| c.name.as_str())
            .collect();
        for name in ruleless {
            problems.push(format!("{name} has no Extra Rule Field, so it cannot be in the Extra Deck"));
        }
        let mut counts: BTreeMap<CardId, usize> = BTreeMap::new();
        for id in main_ids.iter().chain(&extra_ids) {
            *counts.entry(*id).or_default() += 1;
        }
        for (id, n) in counts {
            let c = self.card(id);
            if c.unique() && n > 1 {
                problems.push(format!(
                    "{} is Unique: 1 copy across the deck and the Extra Deck, not {n}",
                    c.name
                ));
            } else if n > MAX_COPIES {
                problems.push(format!(
                    "{} has {n} copies; at most {MAX_COPIES} across the deck and the Extra Deck",
                    c.name
                ));
            }
        }
        problems
    }

    /// A flat deck list (as the table stores decks) split in two: cards
    /// built into the Extra Deck only (Reserve, Ascend) form the Extra
    /// Deck, the rest the main deck.
    pub fn split_list(&self, cards: &[String]) -> (Vec<String>, Vec<String>) {
        cards.iter().cloned().partition(|n| !self.find(n).is_ok_and(|id| self.card(id).extra_deck_only()))
    }

    /// A starter deck by name (any case).
    pub fn deck(&self, name: &str) -> Result<&DeckDef, NotFound> {
        let key = search::normalise(name);
        self.decks
            .iter()
            .find(|d| search::normalise(&d.name) == key)
            .ok_or_else(|| NotFound::among("Athernum starter deck", name, self.decks.iter().map(|d| d.name.as_str())))
    }

    /// The sheet `/card` shows: every card element of section 1.
    pub fn sheet(&self, id: CardId) -> CardSheet {
        self.sheet_of(self.card(id))
    }

    /// The sheet of a card or token definition.
    fn sheet_of(&self, c: &CardDef) -> CardSheet {
        let mut sections = Vec::new();
        if let Some(rule) = &c.extra_rule {
            sections.push(("Extra Rule".to_owned(), vec![text::extra_rule_text(rule)]));
        }
        let mut body = Vec::new();
        let values = text::values_line(c);
        if !values.is_empty() {
            body.push(values);
        }
        body.extend(c.text(self));
        if !c.flavor.is_empty() {
            body.push(format!("*{}*", c.flavor));
        }
        sections.push((c.kind.name().to_owned(), body));
        if let Some(v) = c.victory {
            sections.push(("Victory Token Field".to_owned(), vec![v.to_string()]));
        }
        let decks = self
            .decks
            .iter()
            .filter(|d| d.main_list().iter().chain(&d.extra_list()).any(|n| n.eq_ignore_ascii_case(&c.name)))
            .map(|d| d.name.clone())
            .collect();
        CardSheet {
            title: c.name.clone(),
            subtitle: c.type_line(),
            sections,
            decks,
            rulings: rulings_mentioning(RULINGS, &c.name),
        }
    }
}

impl Catalog for AthernumDb {
    fn embedded() -> Result<Self, LoadError> {
        let files: Vec<(String, String)> =
            CARD_FILES.iter().map(|(p, t)| ((*p).to_owned(), (*t).to_owned())).collect();
        let db = AthernumDb::parse(&files, TOKEN_FILE, DECK_FILE)?;
        check_collection(&db)?;
        Ok(db)
    }

    fn load_dir(dir: &Path) -> Result<Self, LoadError> {
        let db = load_athernum(dir)?;
        check_collection(&db)?;
        Ok(db)
    }

    fn noun(&self) -> &str {
        "Athernum card"
    }

    fn size(&self) -> CatalogSize {
        CatalogSize { cards: self.cards.len(), decks: self.decks.len() }
    }

    fn card_names(&self) -> Vec<&str> {
        self.cards.iter().map(|c| c.name.as_str()).collect()
    }

    fn card(&self, name: &str) -> Option<CardSheet> {
        self.find(name).ok().map(|id| self.sheet(id))
    }

    /// Each token (2.5), its type line marked as one, and each custom
    /// marker (10.5) with the explanation the cards print for it.
    fn tokens(&self) -> Vec<CardSheet> {
        let tokens = self.tokens.iter().map(|t| {
            let mut sheet = self.sheet_of(t);
            sheet.subtitle = format!("Token {}", sheet.subtitle);
            sheet
        });
        let markers = self.markers.iter().map(|m| CardSheet {
            title: m.name.clone(),
            subtitle: "Custom marker".to_owned(),
            sections: vec![("Marker".to_owned(), vec![text::marker_text(m)])],
            decks: Vec::new(),
            rulings: rulings_mentioning(RULINGS, &m.name),
        });
        tokens.chain(markers).collect()
    }

    fn canonical_name(&self, name: &str) -> Option<String> {
        self.find(name).ok().map(|id| self.card(id).name.clone())
    }

    /// Each deck as one flat list: the main deck, then the Extra Deck.
    fn starter_decks(&self) -> Vec<StarterDeck> {
        self.decks
            .iter()
            .map(|d| {
                let mut cards = d.main_list();
                cards.extend(d.extra_list());
                StarterDeck { name: d.name.clone(), summary: d.summary.clone(), cards }
            })
            .collect()
    }

    /// The flat list is split by [`AthernumDb::split_list`].
    fn deck_problems(&self, cards: &[String]) -> Vec<String> {
        let (main, extra) = self.split_list(cards);
        self.deck_problems_split(&main, &extra)
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
