//! Card catalogues, one per game, loaded from the data files under `cards/`.
//!
//! Each game's catalogue (`cards/<game>/`) implements [`Catalog`]: card
//! names and look-up, a neutral [`CardSheet`] that `/card` renders, starter
//! decks, deck validation that lists every problem, rulings and the
//! collection check. The table, views and front ends use only this trait,
//! through the registry's [`crate::games::Library`].

pub mod search;

/// Declares each registry game's catalogue module, `cards/<game>`.
macro_rules! catalogue_modules {
    ($( $(#[$meta:meta])* $module:ident :: $rules:ident as $variant:ident ),* $(,)?) => {
        $( $(#[$meta])* pub mod $module; )*
    };
}
crate::games::for_each_game!(catalogue_modules);

use std::path::Path;

/// A card or deck file that cannot be used, naming the file, the card and
/// the field so the author can fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The file is not valid TOML for the schema.
    #[error("{file}:{line}: {reason}")]
    Syntax {
        /// File path.
        file: String,
        /// 1-based line of the problem.
        line: usize,
        /// What the parser said.
        reason: String,
    },
    /// The file parses but a card breaks a rule of the collection.
    #[error("{file}: card \"{card}\", field `{field}`: {reason}")]
    Invalid {
        /// File path.
        file: String,
        /// The card (or deck) at fault.
        card: String,
        /// The field at fault.
        field: String,
        /// What is wrong.
        reason: String,
    },
}

impl LoadError {
    /// Wraps a TOML error with the file and line it points at.
    pub fn toml(file: &str, text: &str, e: toml::de::Error) -> Self {
        let line = e.span().map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1).unwrap_or(0);
        LoadError::Syntax { file: file.to_string(), line, reason: e.message().to_string() }
    }
}

/// A name that matches nothing, with the closest names for a "did you mean".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no {what} is named \"{name}\"{}", search::did_you_mean(suggestions))]
pub struct NotFound {
    /// What was looked for ("Spheres card", "starter deck", "game").
    pub what: String,
    /// The name as typed (trimmed).
    pub name: String,
    /// The closest names, best first (at most [`search::SUGGESTIONS`]).
    pub suggestions: Vec<String>,
}

impl NotFound {
    /// `name` matched none of `names`.
    pub fn among<'a>(what: impl Into<String>, name: &str, names: impl IntoIterator<Item = &'a str>) -> Self {
        NotFound { what: what.into(), name: name.trim().to_owned(), suggestions: search::suggestions(name, names) }
    }
}

/// Everything wrong with a deck list, all at once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.join("; "))]
pub struct DeckProblems(pub Vec<String>);

/// A prebuilt deck of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarterDeck {
    /// Its name, as players type it.
    pub name: String,
    /// One sentence on how it plays.
    pub summary: String,
    /// Its cards by canonical name, one entry per copy.
    pub cards: Vec<String>,
}

/// A card as `/card` shows it, in no game's terms: a title, a line under
/// it, titled sections of text, the starter decks holding it and the
/// rulings that mention it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CardSheet {
    /// The card's name (both faces for a double-faced card).
    pub title: String,
    /// Types, colours, code… in one line.
    pub subtitle: String,
    /// Titled blocks: costs, stats and rules text, per face.
    pub sections: Vec<(String, Vec<String>)>,
    /// The starter decks holding it.
    pub decks: Vec<String>,
    /// Titles of the rulings that mention it.
    pub rulings: Vec<String>,
}

/// Cards and decks a catalogue holds, for `cardtable cards check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CatalogSize {
    /// Unique cards.
    pub cards: usize,
    /// Starter decks.
    pub decks: usize,
}

/// One game's card catalogue.
pub trait Catalog: Send + Sync + std::fmt::Debug {
    /// The collection as embedded in the binary at build time.
    fn embedded() -> Result<Self, LoadError>
    where
        Self: Sized;
    /// The collection read from `dir` (the game's folder under `cards/`),
    /// with every check of `cardtable cards check`.
    fn load_dir(dir: &Path) -> Result<Self, LoadError>
    where
        Self: Sized;
    /// What the game's cards are called in messages ("Spheres card").
    fn noun(&self) -> &str;
    /// Unique cards and starter decks.
    fn size(&self) -> CatalogSize;
    /// Every name a player may type for a card (each face of a card, its
    /// code), as [`search`] ranks them.
    fn card_names(&self) -> Vec<&str>;
    /// The card a name or identification code means exactly (any case).
    fn card(&self, name: &str) -> Option<CardSheet>;
    /// The name deck lists use for the card `name` means exactly.
    fn canonical_name(&self, name: &str) -> Option<String>;
    /// The starter decks.
    fn starter_decks(&self) -> Vec<StarterDeck>;
    /// Every construction rule a deck (canonical names or not, one entry
    /// per copy) breaks; empty when it is legal.
    fn deck_problems(&self, cards: &[String]) -> Vec<String>;
    /// The game's rulings, as markdown with a `##` heading per section.
    fn rulings(&self) -> &str;
}

impl dyn Catalog + '_ {
    /// The card `name` means: exactly, else the closest name if it is close.
    /// The flag is true when the match was not exact.
    pub fn find(&self, name: &str) -> Result<(CardSheet, bool), NotFound> {
        if let Some(sheet) = self.card(name) {
            return Ok((sheet, false));
        }
        let names = self.card_names();
        match search::closest(name, names.iter().copied()).and_then(|h| self.card(h.name)) {
            Some(sheet) => Ok((sheet, true)),
            None => Err(NotFound::among(self.noun(), name, names)),
        }
    }

    /// The canonical name of the card `name` means exactly.
    pub fn canonical(&self, name: &str) -> Result<String, NotFound> {
        self.canonical_name(name).ok_or_else(|| NotFound::among(self.noun(), name, self.card_names()))
    }

    /// The starter deck named `name` (any case).
    pub fn starter_deck(&self, name: &str) -> Result<StarterDeck, NotFound> {
        let decks = self.starter_decks();
        let key = search::normalise(name);
        if let Some(d) = decks.iter().find(|d| search::normalise(&d.name) == key) {
            return Ok(d.clone());
        }
        Err(NotFound::among("starter deck", name, decks.iter().map(|d| d.name.as_str())))
    }

    /// The deck's problems as one error, if any.
    pub fn check_deck(&self, cards: &[String]) -> Result<(), DeckProblems> {
        let problems = self.deck_problems(cards);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(DeckProblems(problems))
        }
    }
}

/// The titles of the `##` sections of `rulings` whose heading or text
/// mention `name` (as a whole phrase, any case).
pub fn rulings_mentioning(rulings: &str, name: &str) -> Vec<String> {
    let key = name.to_lowercase();
    let mut out = Vec::new();
    let mut title: Option<&str> = None;
    for line in rulings.lines() {
        let t = line.trim_start();
        if t.starts_with("##") {
            title = Some(t.trim_start_matches('#').trim());
            if t.to_lowercase().contains(&key) {
                out.push(title.unwrap_or_default().to_owned());
            }
        } else if let Some(tt) = title {
            if line.to_lowercase().contains(&key) && out.last().map(String::as_str) != Some(tt) {
                out.push(tt.to_owned());
            }
        }
    }
    out.dedup();
    out
}
