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
        NotFound {
            what: what.into(),
            name: name.trim().to_owned(),
            suggestions: search::suggestions(name, names),
        }
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
    /// Every name a card may be looked up by, each with the card's
    /// canonical name: its faces, and its identification code where the
    /// game prints one. What `/card`, its autocomplete and `[[name]]`
    /// search.
    fn lookup_names(&self) -> Vec<(String, String)> {
        self.card_names().into_iter().filter_map(|n| Some((n.to_owned(), self.canonical_name(n)?))).collect()
    }
    /// The card a name or identification code means exactly (any case).
    fn card(&self, name: &str) -> Option<CardSheet>;
    /// The sheets of what the cards create or place without being cards
    /// themselves (tokens, custom markers), titled by their names: `/card`
    /// finds them by name too. None by default.
    fn tokens(&self) -> Vec<CardSheet> {
        Vec::new()
    }
    /// The name deck lists use for the card `name` means exactly.
    fn canonical_name(&self, name: &str) -> Option<String>;
    /// The starter decks.
    fn starter_decks(&self) -> Vec<StarterDeck>;
    /// Every construction rule a deck (canonical names or not, one entry
    /// per copy) breaks; empty when it is legal.
    fn deck_problems(&self, cards: &[String]) -> Vec<String>;
    /// The game's rulings, as markdown with a `##` heading per section.
    fn rulings(&self) -> &'static str;
    /// The game's rules reference in our own words, as markdown with a
    /// `##` heading per rule (numbered like the rulebook, "## 4.2.2a …") or
    /// term; empty when the rulings are all `/rule` has.
    fn rules(&self) -> &'static str {
        ""
    }
    /// The game's glossary for `/rule` (TOML: each term, the section that
    /// explains it and the words players use for it); empty when none.
    fn glossary(&self) -> &'static str {
        ""
    }
    /// The starter decks a match in `variant` (the challenge's variant
    /// list) plays with; the game's own by default.
    fn variant_decks(&self, variant: Option<&str>) -> Vec<StarterDeck> {
        let _ = variant;
        self.starter_decks()
    }
    /// Starter decks that only some variant plays with (found by name too).
    fn variant_only_decks(&self) -> Vec<StarterDeck> {
        Vec::new()
    }
    /// Every construction rule a deck breaks in a match in `variant`.
    fn variant_deck_problems(&self, variant: Option<&str>, cards: &[String]) -> Vec<String> {
        let _ = variant;
        self.deck_problems(cards)
    }
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
        let variant_decks = self.variant_only_decks();
        if let Some(d) = variant_decks.iter().find(|d| search::normalise(&d.name) == key) {
            return Ok(d.clone());
        }
        let names = decks.iter().chain(&variant_decks).map(|d| d.name.as_str());
        Err(NotFound::among("starter deck", name, names))
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

/// A TOML error with its 1-based line and the name of the `[[table]]`
/// entry (a card, a deck…) it falls in.
pub(crate) fn syntax(file: &str, text: &str, e: &toml::de::Error, table: &str) -> LoadError {
    let at = e.span().map(|s| s.start.min(text.len()));
    let line = at.and_then(|at| text.get(..at)).map_or(0, |before| before.matches('\n').count() + 1);
    let reason = match at.and_then(|at| entry_name(text, at, table)) {
        Some(name) => format!("{table} \"{name}\": {}", e.message()),
        None => e.message().to_string(),
    };
    LoadError::Syntax { file: file.to_string(), line, reason }
}

/// The first `name = "…"` of the `[[table]]` entry around byte `at`.
fn entry_name(text: &str, at: usize, table: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Named {
        name: String,
    }
    let header = format!("[[{table}]]");
    let upto = (at + header.len()).min(text.len());
    let start = text.get(..upto)?.rfind(&header)?;
    text[start + header.len()..]
        .lines()
        .take_while(|l| l.trim() != header)
        .find(|l| l.trim_start().starts_with("name") && l.contains('='))
        .and_then(|l| toml::from_str::<Named>(l.trim()).ok())
        .map(|n| n.name)
}

/// A deck file's entries ("4 Tickwick Tinker"; no count is one copy) as
/// one name per copy.
pub fn expand_entries(entries: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for entry in entries {
        let entry = entry.trim();
        let (n, name) = match entry.split_once(' ') {
            Some((n, name)) if n.parse::<usize>().is_ok() => (n.parse().unwrap_or(1), name.trim()),
            _ => (1, entry),
        };
        out.extend(std::iter::repeat_n(name.to_owned(), n));
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-card catalogue, just enough to exercise the shared look-ups.
    #[derive(Debug)]
    struct Two;

    impl Catalog for Two {
        fn embedded() -> Result<Self, LoadError> {
            Ok(Two)
        }
        fn load_dir(_: &Path) -> Result<Self, LoadError> {
            Ok(Two)
        }
        fn noun(&self) -> &str {
            "test card"
        }
        fn size(&self) -> CatalogSize {
            CatalogSize { cards: 2, decks: 1 }
        }
        fn card_names(&self) -> Vec<&str> {
            vec!["Ember Drake", "Frost Giant"]
        }
        fn card(&self, name: &str) -> Option<CardSheet> {
            let n = self.canonical_name(name)?;
            Some(CardSheet { title: n, ..CardSheet::default() })
        }
        fn canonical_name(&self, name: &str) -> Option<String> {
            let key = search::normalise(name);
            self.card_names().into_iter().find(|n| search::normalise(n) == key).map(str::to_owned)
        }
        fn starter_decks(&self) -> Vec<StarterDeck> {
            vec![StarterDeck { name: "Fire and Ice".into(), summary: String::new(), cards: vec![] }]
        }
        fn deck_problems(&self, cards: &[String]) -> Vec<String> {
            cards.iter().filter(|c| self.canonical_name(c).is_none()).map(|c| format!("no {c}")).collect()
        }
        fn rulings(&self) -> &'static str {
            "# R\n\n## 1 Drakes\nAn Ember Drake flies.\n\n## 2 Giants\nGiants are big.\n"
        }
    }

    #[test]
    fn find_is_exact_first_then_the_closest_close_name_then_suggestions() {
        let c: &dyn Catalog = &Two;
        assert_eq!(
            c.find("ember drake").unwrap(),
            (CardSheet { title: "Ember Drake".into(), ..Default::default() }, false)
        );
        assert_eq!(c.find("Embr Drake").unwrap().0.title, "Ember Drake");
        assert!(c.find("Embr Drake").unwrap().1, "a guess is flagged");
        assert_eq!(c.find("Frost").unwrap().0.title, "Frost Giant", "a prefix is close enough");
        let e = c.find("Giamt").unwrap_err();
        assert_eq!(e.suggestions, ["Frost Giant"]);
        assert_eq!(e.to_string(), "no test card is named \"Giamt\", did you mean \"Frost Giant\"?");
        assert!(c.find("zzzz").unwrap_err().suggestions.is_empty());
    }

    #[test]
    fn deck_checks_list_every_problem() {
        let c: &dyn Catalog = &Two;
        let e = c.check_deck(&["Nope".into(), "Ember Drake".into(), "Zip".into()]).unwrap_err();
        assert_eq!(e.to_string(), "no Nope; no Zip");
        assert!(c.starter_deck("fire and ICE").is_ok());
        assert_eq!(c.starter_deck("Fire n Ice").unwrap_err().suggestions, ["Fire and Ice"]);
    }

    #[test]
    fn rulings_mentioning_a_card_are_found_by_heading_or_text() {
        assert_eq!(rulings_mentioning(Two.rulings(), "ember drake"), ["1 Drakes"]);
        assert_eq!(rulings_mentioning(Two.rulings(), "Giants"), ["2 Giants"]);
        assert!(rulings_mentioning(Two.rulings(), "Owl").is_empty());
    }
}
