//! A game's glossary for `/rule`: each of its words (keywords, zones,
//! steps, card types, statuses) with the section that explains it, and the
//! other words players use for it, many brought from other card games
//! ("trample" for Overwhelm, "graveyard" for the discard pile).
//!
//! Written per game as TOML beside its rules reference
//! (`docs/rules/<game>-glossary.toml`):
//!
//! ```
//! use cardtable::lookup::rulebook::Rulebook;
//!
//! let rules = "## Keyword — Overwhelm\nExcess combat damage goes on to the player.\n";
//! let glossary = "[[entry]]\nterm = \"Overwhelm\"\nsection = \"Keyword — Overwhelm\"\naliases = [\"trample\"]\n";
//! let book = Rulebook::with_glossary(rules, "", glossary, &[]).unwrap();
//! assert!(book.glossary().unresolved().is_empty());
//! assert_eq!(book.search("what is trample")[0].1.title, "Keyword — Overwhelm");
//! ```

use serde::Deserialize;

use super::rule_words::{is_stop_word, stem};
use super::rulebook::{Part, Section};
use crate::cards::search;

/// One word of the game and what leads to it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The game's own word ("Overwhelm").
    pub term: String,
    /// The title of the section that explains it ("Keyword — Overwhelm";
    /// "Ruling …" for a ruling).
    pub section: String,
    /// Other words for it ("trample").
    #[serde(default)]
    pub aliases: Vec<String>,
}

impl Entry {
    /// The term, then its aliases.
    pub fn phrases(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.term.as_str()).chain(self.aliases.iter().map(String::as_str))
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    entry: Vec<Entry>,
}

/// A game's glossary, its entries tied to the sections they name.
#[derive(Debug, Clone, Default)]
pub struct Glossary {
    entries: Vec<Entry>,
    /// Each entry's section (by index), when one has that title.
    sections: Vec<Option<usize>>,
    /// Each entry's phrases, stemmed, stop words out.
    phrases: Vec<Vec<Vec<String>>>,
    /// Each entry's term, stemmed.
    terms: Vec<Vec<String>>,
}

/// A phrase's words as a query's terms are read.
fn phrase_stems(phrase: &str) -> Vec<String> {
    search::normalise(phrase).split(' ').filter(|w| !w.is_empty() && !is_stop_word(w)).map(stem).collect()
}

impl Glossary {
    /// Reads a glossary file and finds each entry's section among `all`.
    pub fn new(text: &str, all: &[Section<'_>]) -> Result<Self, String> {
        let file: File = toml::from_str(text).map_err(|e| format!("glossary: {e}"))?;
        let sections = file
            .entry
            .iter()
            .map(|e| {
                let (part, title) = match e.section.strip_prefix("Ruling ") {
                    Some(t) => (Part::Rulings, t),
                    None => (Part::Rules, e.section.as_str()),
                };
                all.iter().position(|s| s.part == part && s.title == title)
            })
            .collect();
        let phrases = file
            .entry
            .iter()
            .map(|e| e.phrases().map(phrase_stems).filter(|p| !p.is_empty()).collect())
            .collect();
        let terms = file.entry.iter().map(|e| phrase_stems(&e.term)).collect();
        Ok(Glossary { entries: file.entry, sections, phrases, terms })
    }

    /// The phrases (stemmed) of the entries leading to section `i`: its
    /// keywords.
    pub fn phrases_of(&self, i: usize) -> impl Iterator<Item = &Vec<String>> {
        self.sections.iter().zip(&self.phrases).filter(move |(s, _)| **s == Some(i)).flat_map(|(_, p)| p)
    }

    /// Every entry.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Entries whose section no section is titled by (a glossary out of
    /// date with its rules).
    pub fn unresolved(&self) -> Vec<&Entry> {
        self.entries.iter().zip(&self.sections).filter(|(_, s)| s.is_none()).map(|(e, _)| e).collect()
    }

    /// The entries a query's stemmed terms name (a phrase of an entry in a
    /// row among them), each once: its section, the stems of its term, and
    /// how many of the query's terms the longest phrase found covers.
    pub fn lookup(&self, stems: &[String]) -> Vec<Named> {
        let mut out = Vec::new();
        for (i, phrases) in self.phrases.iter().enumerate() {
            let Some(section) = self.sections[i] else { continue };
            let found = phrases
                .iter()
                .filter(|p| stems.windows(p.len()).any(|w| w == p.as_slice()))
                .max_by_key(|p| p.len());
            if let Some(phrase) = found {
                out.push(Named {
                    section,
                    term: self.terms[i].clone(),
                    covers: phrase.len(),
                    phrase: phrase.clone(),
                });
            }
        }
        out
    }
}

/// An entry a query names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    /// The section it leads to (an index into the sections it was read with).
    pub section: usize,
    /// The stems of the entry's own term.
    pub term: Vec<String>,
    /// How many of the query's terms the phrase found covers.
    pub covers: usize,
    /// The phrase found, stemmed.
    pub phrase: Vec<String>,
}
