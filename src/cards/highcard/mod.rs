//! The High Card catalogue: eight cards with a value, two starter decks.
//! Only built with the `test-games` feature.

use std::path::Path;

use serde::Deserialize;

use super::{search, CardSheet, Catalog, CatalogSize, LoadError, NotFound, StarterDeck};

/// The data file, embedded.
const FILE: (&str, &str) = ("cards/highcard/cards.toml", include_str!("../../../cards/highcard/cards.toml"));

/// Cards in a deck.
pub const DECK_SIZE: usize = 6;
/// Copies of one card a deck may hold.
pub const MAX_COPIES: usize = 2;

/// One card.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// Its name.
    pub name: String,
    /// What it is worth; the higher card wins a round.
    pub value: u8,
}

/// A starter deck, by card names.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckDef {
    /// Its name.
    pub name: String,
    /// One sentence on it.
    pub summary: String,
    /// Its cards, one entry per copy.
    pub cards: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(rename = "card")]
    cards: Vec<CardDef>,
    #[serde(rename = "deck")]
    decks: Vec<DeckDef>,
}

/// Index of a card in [`HighCardDb::cards`].
pub type CardId = u8;

/// The catalogue.
#[derive(Debug)]
pub struct HighCardDb {
    /// Every card.
    pub cards: Vec<CardDef>,
    /// The starter decks.
    pub decks: Vec<DeckDef>,
}

impl HighCardDb {
    fn parse(path: &str, text: &str) -> Result<Self, LoadError> {
        let file: File = toml::from_str(text).map_err(|e| LoadError::toml(path, text, e))?;
        let db = HighCardDb { cards: file.cards, decks: file.decks };
        for d in &db.decks {
            let problems = db.deck_problems(&d.cards);
            if let Some(p) = problems.first() {
                let reason = p.clone();
                return Err(LoadError::Invalid { file: path.into(), card: d.name.clone(), field: "cards".into(), reason });
            }
        }
        Ok(db)
    }

    /// The card named `name` (any case).
    pub fn find(&self, name: &str) -> Result<CardId, NotFound> {
        let key = search::normalise(name);
        self.cards
            .iter()
            .position(|c| search::normalise(&c.name) == key)
            .map(|i| i as CardId)
            .ok_or_else(|| NotFound::among("High Card card", name, self.cards.iter().map(|c| c.name.as_str())))
    }

    /// A card's definition.
    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id as usize]
    }
}

impl Catalog for HighCardDb {
    fn embedded() -> Result<Self, LoadError> {
        Self::parse(FILE.0, FILE.1)
    }

    fn load_dir(dir: &Path) -> Result<Self, LoadError> {
        let path = dir.join("cards.toml");
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(&path)
            .map_err(|e| LoadError::Syntax { file: shown.clone(), line: 0, reason: format!("cannot read: {e}") })?;
        Self::parse(&shown, &text)
    }

    fn noun(&self) -> &str {
        "High Card card"
    }

    fn size(&self) -> CatalogSize {
        CatalogSize { cards: self.cards.len(), decks: self.decks.len() }
    }

    fn card_names(&self) -> Vec<&str> {
        self.cards.iter().map(|c| c.name.as_str()).collect()
    }

    fn card(&self, name: &str) -> Option<CardSheet> {
        let c = self.card(self.find(name).ok()?);
        Some(CardSheet {
            title: c.name.clone(),
            subtitle: format!("Value {}", c.value),
            sections: vec![("Rules".into(), vec!["The higher card wins the round.".into()])],
            decks: self.decks.iter().filter(|d| d.cards.contains(&c.name)).map(|d| d.name.clone()).collect(),
            rulings: Vec::new(),
        })
    }

    fn canonical_name(&self, name: &str) -> Option<String> {
        self.find(name).ok().map(|id| self.card(id).name.clone())
    }

    fn starter_decks(&self) -> Vec<StarterDeck> {
        self.decks
            .iter()
            .map(|d| StarterDeck { name: d.name.clone(), summary: d.summary.clone(), cards: d.cards.clone() })
            .collect()
    }

    fn deck_problems(&self, cards: &[String]) -> Vec<String> {
        let mut problems = Vec::new();
        let mut counts = vec![0usize; self.cards.len()];
        for n in cards {
            match self.find(n) {
                Ok(id) => counts[id as usize] += 1,
                Err(e) => problems.push(e.to_string()),
            }
        }
        if cards.len() != DECK_SIZE {
            problems.push(format!("a High Card deck holds exactly {DECK_SIZE} cards; this one has {}", cards.len()));
        }
        for (id, n) in counts.iter().enumerate() {
            if *n > MAX_COPIES {
                problems.push(format!("at most {MAX_COPIES} copies of a card; {} has {n}", self.cards[id].name));
            }
        }
        problems
    }

    fn rulings(&self) -> &'static str {
        "# High Card rulings\n\n## Ties\nEqual cards score for nobody.\n"
    }
}
