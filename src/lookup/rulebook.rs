//! A game's rules as `/rule` reads them: the sections of its rules reference
//! and of its rulings, their numbers ("4.2.2a", "3.0.1", "12.2.Aa", "5c2")
//! and how the numbers nest, found by number or by words.
//!
//! Numbers nest by their parts: 4.2.2a is under 4.2.2, which is under
//! 4.2.0 (a trailing 0 heads its section, so 4.2.0 stands for 4.2), which
//! is under chapter 4. A rule whose direct parent is not written (3.0.1
//! under a missing 3.0.0) hangs under the nearest one that is (chapter 3).
//! Parts change where digits and letters meet, and where capitals meet
//! small letters: 12.2.Aa is under 12.2.A, 4.3.5c.IIa under 4.3.5c.II.
//!
//! ```
//! use cardtable::lookup::rulebook::{Part, Rulebook};
//!
//! let rules = "## 4 Game mechanics\n\n## 4.2.0 Checks\nText.\n\n## 4.2.2 Deaths\nText.\n\n## 4.2.2a Zero DFV\nText.\n";
//! let book = Rulebook::new(rules, "");
//! let rule = book.number("4.2.2.A").unwrap().section;
//! assert_eq!(rule.title, "4.2.2a Zero DFV");
//! assert_eq!(book.parent(rule).unwrap().title, "4.2.2 Deaths");
//! let checks = book.by_key(Part::Rules, "4.2").unwrap();
//! assert_eq!(book.children(checks).iter().map(|s| s.title).collect::<Vec<_>>(), ["4.2.2 Deaths"]);
//! ```

use std::collections::HashMap;

use super::glossary::Glossary;
use super::rule_index::RuleIndex;
pub use super::rule_index::Score;
use super::rule_words;
use crate::cards::search;

/// Which text a section comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// The rules reference, in our own words.
    Rules,
    /// Our rulings: what we decided where the rules leave room.
    Rulings,
}

/// A section number as printed in a heading or typed by a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Number {
    /// As written ("4.2.2a", "12.2.Aa").
    pub text: String,
    /// Its parts, case kept ("4", "2", "2", "a"), without trailing "0"s.
    parts: Vec<String>,
}

impl Number {
    /// Reads a number: a digit first, then digits, letters and dots
    /// ("4.2.2a", "5c2", "4.2.2.A", "12.2.Aa"); trailing punctuation is
    /// ignored. `None` for anything else.
    pub fn parse(word: &str) -> Option<Number> {
        let word = word.trim().trim_end_matches(['.', ':', ')', ',', ';']);
        let word = word.trim_start_matches('(');
        let valid = word.starts_with(|c: char| c.is_ascii_digit())
            && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
            && !word.contains("..");
        if !valid {
            return None;
        }
        let kind = |c: char| {
            if c.is_ascii_digit() {
                0
            } else if c.is_ascii_uppercase() {
                1
            } else {
                2
            }
        };
        let mut parts: Vec<String> = Vec::new();
        let mut part = String::new();
        for c in word.chars() {
            let boundary = c == '.' || part.chars().last().is_some_and(|last| kind(last) != kind(c));
            if boundary && !part.is_empty() {
                parts.push(std::mem::take(&mut part));
            }
            if c != '.' {
                part.push(c);
            }
        }
        if !part.is_empty() {
            parts.push(part);
        }
        while parts.len() > 1 && parts.last().is_some_and(|p| p.bytes().all(|b| b == b'0')) {
            parts.pop();
        }
        Some(Number { text: word.to_owned(), parts })
    }

    /// The form numbers are compared in: lower case, trailing "0"s gone, a
    /// dot before each run of digits but none before letters, so "4.2.2a",
    /// "4.2.2.A" and "4.2.2a." agree, and "4.2.0" is "4.2".
    pub fn flat(&self) -> String {
        flat(&self.parts)
    }

    /// How deep it nests (chapter 4 is 1, 4.2.0 is 2, 4.2.2a is 4).
    pub fn depth(&self) -> usize {
        self.parts.len()
    }
}

fn flat(parts: &[String]) -> String {
    let mut out = String::new();
    for p in parts {
        if !out.is_empty() && p.starts_with(|c: char| c.is_ascii_digit()) {
            out.push('.');
        }
        out.push_str(&p.to_lowercase());
    }
    out
}

/// One `##` (or `###`) section: its heading and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section<'a> {
    /// Rules reference or rulings.
    pub part: Part,
    /// The heading, without the `#`s.
    pub title: &'a str,
    /// The number the heading starts with, if any.
    pub number: Option<Number>,
    /// The text under it.
    pub body: String,
    /// Its heading level (2 for `##`, 3 for `###`).
    level: usize,
}

impl Section<'_> {
    /// How a button names the section: its number, or for a section with
    /// none, its title as a slug ("term-face-down"); `None` when the title
    /// has nothing to make one from.
    pub fn key(&self) -> Option<String> {
        if let Some(n) = &self.number {
            return (n.text.len() <= crate::view::custom_id::SectionRef::KEY_MAX).then(|| n.text.clone());
        }
        let slug = crate::view::slug(self.title, crate::view::custom_id::SectionRef::KEY_MAX);
        (!slug.is_empty()).then_some(slug)
    }

    /// The title without its number ("Extra characters discarded").
    pub fn topic(&self) -> &str {
        match &self.number {
            Some(_) => self.title.split_once(char::is_whitespace).map_or("", |(_, t)| t.trim()),
            None => self.title,
        }
    }

    /// A short label: "4.2.2a Extra characters discarded", cut to `max`.
    pub fn label(&self, max: usize) -> String {
        crate::view::truncate(self.title, max)
    }
}

/// Splits a markdown file into sections at its `##`/`###` headings.
pub fn sections(markdown: &str) -> Vec<Section<'_>> {
    sections_of(markdown, Part::Rulings)
}

fn sections_of(markdown: &str, part: Part) -> Vec<Section<'_>> {
    let mut out: Vec<Section<'_>> = Vec::new();
    // A page's own heading ("# Spheres first draft — rulings", when pages
    // are joined) ends the section before it: its introduction is no
    // section's text.
    let mut open = false;
    for line in markdown.lines() {
        let t = line.trim_start();
        if t.starts_with("##") {
            let level = t.len() - t.trim_start_matches('#').len();
            let title = t.trim_start_matches('#').trim();
            let number = title.split_whitespace().next().and_then(Number::parse);
            out.push(Section { part, title, number, body: String::new(), level });
            open = true;
        } else if t.starts_with("# ") {
            open = false;
        } else if let Some(s) = out.last_mut().filter(|_| open) {
            s.body.push_str(line);
            s.body.push('\n');
        }
    }
    out.retain(|s| !s.title.is_empty());
    out
}

/// Where a number led.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberHit<'b, 'a> {
    /// The section headed by the number, or holding it as a point.
    pub section: &'b Section<'a>,
    /// The point ("4.3.5c.IIa") when the number is one of the section's
    /// numbered points rather than its heading.
    pub point: Option<&'b str>,
}

/// A game's rules reference and rulings, indexed.
#[derive(Debug)]
pub struct Rulebook<'a> {
    sections: Vec<Section<'a>>,
    /// (part, flat number) → section.
    numbered: HashMap<(Part, String), usize>,
    /// Each section's parent, by index.
    parents: Vec<Option<usize>>,
    /// Their words, for a search by words.
    index: RuleIndex,
}

impl<'a> Rulebook<'a> {
    /// Reads the rules reference (may be empty) and the rulings.
    pub fn new(rules: &'a str, rulings: &'a str) -> Self {
        Self::with_glossary(rules, rulings, "", &[])
            .unwrap_or_else(|_| unreachable!("no glossary to misread"))
    }

    /// Reads the rules reference, the rulings and the game's glossary
    /// (TOML, see [`Glossary`]); `variants` name the rules variants whose
    /// sections are titled by them ("first-draft": "First draft — …").
    pub fn with_glossary(
        rules: &'a str,
        rulings: &'a str,
        glossary: &str,
        variants: &[&str],
    ) -> Result<Self, String> {
        let mut sections = sections_of(rules, Part::Rules);
        sections.extend(sections_of(rulings, Part::Rulings));
        let mut numbered = HashMap::new();
        for (i, s) in sections.iter().enumerate() {
            if let Some(n) = &s.number {
                numbered.entry((s.part, n.flat())).or_insert(i);
            }
        }
        let parents: Vec<Option<usize>> =
            (0..sections.len()).map(|i| parent_of(&sections, &numbered, i)).collect();
        let glossary = Glossary::new(glossary, &sections)?;
        let index = RuleIndex::new(&sections, &parents, variants, glossary);
        Ok(Rulebook { sections, numbered, parents, index })
    }

    /// The glossary questions are read with.
    pub fn glossary(&self) -> &Glossary {
        self.index.glossary()
    }

    /// Every section: the rules reference's, then the rulings'.
    pub fn sections(&self) -> &[Section<'a>] {
        &self.sections
    }

    /// True when there is nothing to look up.
    pub fn is_empty(&self) -> bool {
        self.sections.is_empty()
    }

    fn index_of(&self, s: &Section<'_>) -> Option<usize> {
        self.sections.iter().position(|x| std::ptr::eq(x, s) || (x.part == s.part && x.title == s.title))
    }

    /// The section of `part` numbered `number` (any spelling of it).
    pub fn numbered(&self, part: Part, number: &Number) -> Option<&Section<'a>> {
        self.numbered.get(&(part, number.flat())).map(|i| &self.sections[*i])
    }

    /// The section a typed number means: the rule headed by it, else the
    /// rule holding it as a numbered point ("2.1.2a.I"), else the ruling
    /// headed by it (a ruling on a point is listed on the rule's answer),
    /// else a ruling holding it as a point. `None` when the text is no
    /// number or none has it.
    pub fn number(&self, typed: &str) -> Option<NumberHit<'_, 'a>> {
        let n = Number::parse(typed)?;
        let want = n.flat();
        let holding = |part: Part| {
            self.sections.iter().filter(|s| s.part == part).find_map(|section| {
                points(&section.body)
                    .find(|p| Number::parse(p).is_some_and(|p| p.flat() == want))
                    .map(|point| NumberHit { section, point: Some(point) })
            })
        };
        let headed = |part: Part| self.numbered(part, &n).map(|section| NumberHit { section, point: None });
        headed(Part::Rules)
            .or_else(|| holding(Part::Rules))
            .or_else(|| headed(Part::Rulings))
            .or_else(|| holding(Part::Rulings))
    }

    /// The section a button names: by number, else by title slug.
    pub fn by_key(&self, part: Part, key: &str) -> Option<&Section<'a>> {
        if let Some(s) = Number::parse(key).and_then(|n| self.numbered(part, &n)) {
            return Some(s);
        }
        self.sections.iter().find(|s| s.part == part && s.number.is_none() && s.key().as_deref() == Some(key))
    }

    /// The section `s` is under (4.2.2 for 4.2.2a, 4.2.0 for 4.2.2).
    pub fn parent(&self, s: &Section<'_>) -> Option<&Section<'a>> {
        let i = self.index_of(s)?;
        self.parents[i].map(|p| &self.sections[p])
    }

    /// The sections directly under `s`, in order.
    pub fn children(&self, s: &Section<'_>) -> Vec<&Section<'a>> {
        let Some(i) = self.index_of(s) else { return Vec::new() };
        self.parents
            .iter()
            .enumerate()
            .filter(|(_, p)| **p == Some(i))
            .map(|(c, _)| &self.sections[c])
            .collect()
    }

    /// Sections of `part` that `text` cites by number ("see 6.2.0",
    /// "(7.4.2d)"), in order, once each. Bare integers are not taken for
    /// citations ("20 cards" is no chapter).
    fn cited_in(&self, text: &str, part: Part) -> Vec<&Section<'a>> {
        let mut out: Vec<&Section<'a>> = Vec::new();
        for word in text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';' | '*' | '`'))
        {
            let Some(n) = Number::parse(word) else { continue };
            if n.text.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            if let Some(s) = self.numbered(part, &n) {
                if !out.iter().any(|o| std::ptr::eq(*o, s)) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// The sections of the same part that `s` cites, itself left out.
    pub fn cited(&self, s: &Section<'_>) -> Vec<&Section<'a>> {
        self.cited_in(&s.body, s.part).into_iter().filter(|c| c.title != s.title).collect()
    }

    /// For a rule: the rulings that read it, those headed by its number
    /// first, then those whose text cites it. For a ruling: the rules it
    /// reads, those its heading names first, then those its text cites.
    pub fn related(&self, s: &Section<'_>) -> Vec<&Section<'a>> {
        let mut out: Vec<&Section<'a>> = Vec::new();
        let mut add = |x: &Section<'a>| {
            if let Some(i) = self.index_of(x) {
                if !out.iter().any(|o| std::ptr::eq(*o, &self.sections[i])) {
                    out.push(&self.sections[i]);
                }
            }
        };
        match s.part {
            Part::Rules => {
                let Some(n) = &s.number else { return Vec::new() };
                // Its number, and the numbers of the points it holds
                // (a ruling on 9.3.9a.I reads 9.3.9a).
                let mut wanted = vec![n.flat()];
                wanted.extend(points(&s.body).filter_map(Number::parse).map(|p| p.flat()));
                let rulings = || self.sections.iter().filter(|r| r.part == Part::Rulings);
                for r in rulings() {
                    if r.title
                        .split_whitespace()
                        .filter_map(Number::parse)
                        .any(|x| wanted.contains(&x.flat()))
                    {
                        add(r);
                    }
                }
                for r in rulings() {
                    if self.cited_in(&r.body, Part::Rules).iter().any(|c| c.title == s.title) {
                        add(r);
                    }
                }
            }
            Part::Rulings => {
                for n in s.title.split_whitespace().filter_map(Number::parse) {
                    let holding = || {
                        let want = n.flat();
                        self.sections.iter().filter(|r| r.part == Part::Rules).find(|r| {
                            points(&r.body).any(|p| Number::parse(p).is_some_and(|p| p.flat() == want))
                        })
                    };
                    if let Some(r) = self.numbered(Part::Rules, &n).or_else(holding) {
                        add(r);
                    }
                }
                for r in self.cited_in(&s.body, Part::Rules) {
                    add(r);
                }
            }
        }
        out
    }

    /// The sections answering `query`'s words, best first (see
    /// [`RuleIndex`]). The query is read as players write it: question
    /// and stop words dropped ("how do I win" asks for *win*), word forms
    /// stemmed ("blocking" finds Block), typos mended, the glossary's
    /// words leading to their entries; a variant's sections only answer
    /// when the query names the variant.
    pub fn search(&self, query: &str) -> Vec<(Score, &Section<'a>)> {
        self.index.search(query).into_iter().map(|(score, i)| (score, &self.sections[i])).collect()
    }

    /// Titles of the sections whose topic is closest to `query` (for a
    /// miss), best first: to its words together, or to any one of them
    /// ("how do I blokc" is close to Block).
    pub fn closest_topics(&self, query: &str, max: usize) -> Vec<&'a str> {
        let topics: Vec<&str> = self.sections.iter().map(Section::topic).collect();
        let norm = search::normalise(query);
        let words: Vec<&str> =
            norm.split(' ').filter(|w| w.len() > 2 && !rule_words::is_stop_word(w)).collect();
        let mut asked = vec![words.join(" ")];
        asked.extend(words.iter().map(|w| (*w).to_owned()));
        let mut ranked: Vec<search::Hit<'_>> = asked
            .iter()
            .filter(|a| !a.is_empty())
            .flat_map(|a| search::rank(a, topics.iter().copied()))
            .collect();
        ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
        let mut out: Vec<&'a str> = Vec::new();
        for hit in ranked {
            if let Some(s) = self.sections.iter().find(|s| s.topic() == hit.name) {
                if !out.contains(&s.title) {
                    out.push(s.title);
                }
            }
            if out.len() >= max {
                break;
            }
        }
        out
    }

    /// The nearest written section above a number nobody wrote (4.2.0 for
    /// "4.2.9"), if any.
    pub fn nearest_above(&self, number: &Number) -> Option<&Section<'a>> {
        (1..number.parts.len()).rev().find_map(|len| {
            let key = flat(&number.parts[..len]);
            [Part::Rules, Part::Rulings]
                .iter()
                .find_map(|p| self.numbered.get(&(*p, key.clone())).map(|i| &self.sections[*i]))
        })
    }

    /// The top sections (no parent), as a reminder of what there is.
    pub fn roots(&self) -> Vec<&Section<'a>> {
        self.sections
            .iter()
            .zip(&self.parents)
            .filter(|(s, p)| p.is_none() && s.number.is_some())
            .map(|(s, _)| s)
            .collect()
    }
}

/// The section `sections[i]` is under: the nearest written number above
/// its own, else the heading it sits under ("### 5c2 Siege" under "##
/// Sequence of Play"), else none.
fn parent_of(sections: &[Section<'_>], numbered: &HashMap<(Part, String), usize>, i: usize) -> Option<usize> {
    let s = &sections[i];
    let by_number = s.number.as_ref().and_then(|n| {
        (1..n.parts.len())
            .rev()
            .find_map(|len| numbered.get(&(s.part, flat(&n.parts[..len]))).copied())
            .filter(|p| *p != i)
    });
    by_number.or_else(|| {
        sections[..i]
            .iter()
            .rposition(|p| p.part != s.part || p.level < s.level)
            .filter(|p| sections[*p].part == s.part && sections[*p].level < s.level)
    })
}

/// The numbered points of a section's text: lines starting with a bold
/// number ("- **2.1.2a.I** …").
fn points(body: &str) -> impl Iterator<Item = &str> {
    body.lines().filter_map(|l| {
        let l = l.trim_start().trim_start_matches(['-', '*', ' ']);
        let word = l.split_whitespace().next()?.trim_end_matches('*');
        Number::parse(word).map(|_| word)
    })
}

/// The number a `/rule` query asks for, if it is one: "4.2.2a",
/// "rule 4.2.2a", "§ 5c2", "section 4.2", "Rule 12.2.A".
pub fn asked_number(query: &str) -> Option<Number> {
    let mut q = query.trim();
    for prefix in ["rule", "section", "sec", "§", "#"] {
        if q.get(..prefix.len()).is_some_and(|head| head.eq_ignore_ascii_case(prefix)) {
            let rest = q[prefix.len()..].trim_start();
            if rest.starts_with(|c: char| c.is_ascii_digit()) {
                q = rest;
                break;
            }
        }
    }
    let q = q.trim_start_matches('§').trim();
    if q.contains(char::is_whitespace) {
        return None;
    }
    Number::parse(q)
}

/// A topic without what makes two titles of one idea differ: a label
/// before a dash or colon ("Term: The Void", "Keyword — Skyborne"), a
/// closing remark in brackets, a leading article.
pub(super) fn topic_words(topic: &str) -> String {
    let mut t = topic;
    for sep in [" — ", ": ", " - "] {
        if let Some((_, rest)) = t.split_once(sep) {
            t = rest;
            break;
        }
    }
    if let Some((head, _)) = t.split_once(" (") {
        t = head;
    }
    let t = t.trim();
    for article in ["the ", "a ", "an "] {
        if t.len() > article.len() && t.get(..article.len()).is_some_and(|h| h.eq_ignore_ascii_case(article))
        {
            return t[article.len()..].to_owned();
        }
    }
    t.to_owned()
}

/// How sections are named, with an example from the text itself:
/// "Sections are named by their rule number and a title, like "5c2 Siege":
/// ask for the number (/rule query:5c2) or words of the title or text."
pub fn how_to_ask(all: &[Section<'_>]) -> String {
    // The most specific number ("5c1" rather than "1") shows the form best.
    let number_len = |t: &str| t.split_whitespace().next().map_or(0, str::len);
    let numbered =
        all.iter().filter(|s| s.number.is_some()).map(|s| s.title).rev().max_by_key(|t| number_len(t));
    match numbered {
        Some(title) => {
            let number = title.split_whitespace().next().unwrap_or(title);
            let word = title.split_whitespace().nth(1).unwrap_or(number).to_lowercase();
            format!(
                "Sections are named by the rule number of the rulebook and a title, like \"{title}\": \
                 ask for the number (/rule query:{number}) or for words of the title or text \
                 (/rule query:{word})."
            )
        }
        None => "Ask for words of a section's title or text.".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Rulings\n\n## 5c2 Tower destroyed\nA destroyed tower energizes two cards.\n\n## Retaliation timing\nRetaliate after blocks.\n";

    const RULES: &str = "# Reference\n\n## Term: The Void\nWhere removed cards go. See 7.2.2.\n\n\
        ## 3 Main character\nChapter.\n\n## 3.0.1 Choosing\nPick one.\n\n## 3.0.1a Secret\nFace down.\n\
        - **3.0.1a.I** Revealed at once.\n- **3.0.1a.IIb** Or later.\n\n## 4 Mechanics\nChapter.\n\n\
        ## 4.2.0 State-based checks\nChecks.\n\n## 4.2.2 Deaths\nSee 4.2.2a and (3.0.1a).\n\n\
        ## 4.2.2a Zero DFV\nDiscarded.\n\n## 4.2.2b Two copies\nOne goes.\n\n## 7.2.2 The Void\nA zone.\n\n\
        ## 12.2.0 Extra rules\nList.\n\n## 12.2.A Unique\nOne copy.\n\n## 12.2.Aa One per deck\nAlso extra.\n";
    const RULINGS: &str = "# Rulings\n\n## 4.2.2a Zero DFV at once\nWe discard at the check.\n\n\
        ## Factions\nFour of them; see (4.2.2b).\n";

    fn book() -> Rulebook<'static> {
        Rulebook::new(RULES, RULINGS)
    }

    #[test]
    fn rule_search_prefers_section_numbers_then_words() {
        let book = Rulebook::new("", DOC);
        assert_eq!(book.number("5c2").unwrap().section.title, "5c2 Tower destroyed");
        assert_eq!(book.search("retaliate blocks")[0].1.title, "Retaliation timing");
        assert!(book.search("zebra").is_empty());
    }

    #[test]
    fn rule_not_found_shows_a_section_name_and_how_to_ask() {
        let hint = how_to_ask(&sections(DOC));
        assert!(hint.contains("like \"5c2 Tower destroyed\""), "{hint}");
        assert!(hint.contains("/rule query:5c2"), "{hint}");
        assert!(hint.contains("/rule query:tower"), "{hint}");
    }

    #[test]
    fn a_page_heading_ends_the_section_before_it() {
        let joined =
            format!("{DOC}\n# Variant — rulings\n\nAbout the variant.\n\n## 5c2 Siege again\nMore.\n");
        let all = sections(&joined);
        assert_eq!(all[1].body.trim(), "Retaliate after blocks.");
        assert_eq!(all[2].body.trim(), "More.");
    }

    #[test]
    fn numbers_agree_in_any_spelling() {
        let flat = |t: &str| Number::parse(t).unwrap().flat();
        assert_eq!(flat("4.2.2a"), "4.2.2a");
        assert_eq!(flat("4.2.2.a"), "4.2.2a");
        assert_eq!(flat("4.2.2A."), "4.2.2a");
        assert_eq!(flat("4.2.0"), "4.2");
        assert_eq!(flat("12.2.Aa"), "12.2aa");
        assert_eq!(flat("5c2"), "5c.2");
        assert_eq!(flat("5c12"), "5c.12");
        assert_ne!(flat("5c1.2"), flat("5c12"));
        assert_eq!(flat("0"), "0");
        for bad in ["", "a1", "4..2", "4.2-2", "4 2"] {
            assert!(Number::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(asked_number("rule 4.2.2a").unwrap().flat(), "4.2.2a");
        assert_eq!(asked_number("Rule 12.2.A").unwrap().flat(), "12.2a");
        assert_eq!(asked_number("§5c2").unwrap().flat(), "5c.2");
        assert!(asked_number("4.2.2a deaths").is_none());
        assert!(asked_number("rules").is_none());
    }

    #[test]
    fn numbers_nest_through_heads_chapters_and_capital_letters() {
        let b = book();
        let title = |s: Option<&Section<'static>>| s.map(|s| s.title);
        let at = |n: &str| b.by_key(Part::Rules, n).unwrap_or_else(|| panic!("{n}"));
        assert_eq!(title(b.parent(at("4.2.2a"))), Some("4.2.2 Deaths"));
        assert_eq!(title(b.parent(at("4.2.2"))), Some("4.2.0 State-based checks"));
        assert_eq!(title(b.parent(at("4.2.0"))), Some("4 Mechanics"));
        assert_eq!(title(b.parent(at("3.0.1"))), Some("3 Main character"), "no 3.0.0: the chapter");
        assert_eq!(title(b.parent(at("12.2.Aa"))), Some("12.2.A Unique"));
        assert_eq!(title(b.parent(at("12.2.A"))), Some("12.2.0 Extra rules"));
        assert_eq!(b.parent(at("4")), None);
        let kids = |n: &str| b.children(at(n)).iter().map(|s| s.title).collect::<Vec<_>>();
        assert_eq!(kids("4.2.2"), ["4.2.2a Zero DFV", "4.2.2b Two copies"]);
        assert_eq!(kids("4"), ["4.2.0 State-based checks"]);
        assert!(kids("4.2.2a").is_empty());
    }

    #[test]
    fn sections_without_a_written_parent_number_sit_under_their_heading() {
        let doc = "## Setup\nA.\n\n## Sequence of play\nB.\n\n### 1 Regroup\nC.\n\n### 5c2 Siege\nD.\n\n## Zones\nE.\n";
        let b = Rulebook::new("", doc);
        let at = |k: &str| b.by_key(Part::Rulings, k).unwrap();
        assert_eq!(b.parent(at("5c2")).map(|p| p.title), Some("Sequence of play"));
        let kids: Vec<&str> = b.children(at("sequence-of-play")).iter().map(|s| s.title).collect();
        assert_eq!(kids, ["1 Regroup", "5c2 Siege"]);
        assert!(b.parent(at("zones")).is_none() && b.parent(at("setup")).is_none());
    }

    #[test]
    fn a_point_inside_a_section_leads_to_it() {
        let b = book();
        let hit = b.number("3.0.1a.iib").unwrap();
        assert_eq!(hit.section.title, "3.0.1a Secret");
        assert_eq!(hit.point, Some("3.0.1a.IIb"));
        assert!(b.number("3.0.1a.III").is_none());
        assert!(b.number("4.2.9").is_none());
        assert_eq!(
            b.nearest_above(&Number::parse("4.2.9").unwrap()).unwrap().title,
            "4.2.0 State-based checks"
        );
    }

    #[test]
    fn a_rule_number_finds_the_rule_before_the_ruling_on_it() {
        let b = book();
        let rule = b.number("4.2.2a").unwrap().section;
        assert_eq!((rule.part, rule.title), (Part::Rules, "4.2.2a Zero DFV"));
        let rulings: Vec<&str> = b.related(rule).iter().map(|s| s.title).collect();
        assert_eq!(rulings, ["4.2.2a Zero DFV at once"]);
        let b2 = b.by_key(Part::Rules, "4.2.2b").unwrap();
        assert_eq!(
            b.related(b2).iter().map(|s| s.title).collect::<Vec<_>>(),
            ["Factions"],
            "cited in a ruling"
        );
        let ruling = b.by_key(Part::Rulings, "4.2.2a").unwrap();
        assert_eq!(b.related(ruling)[0].title, "4.2.2a Zero DFV");
        let factions = b.by_key(Part::Rulings, "factions").unwrap();
        assert_eq!(factions.title, "Factions");
    }

    #[test]
    fn citations_are_numbers_of_existing_sections() {
        let b = book();
        let deaths = b.by_key(Part::Rules, "4.2.2").unwrap();
        let cited: Vec<&str> = b.cited(deaths).iter().map(|s| s.title).collect();
        assert_eq!(cited, ["4.2.2a Zero DFV", "3.0.1a Secret"]);
        let void = b.by_key(Part::Rules, "term-the-void").unwrap();
        assert_eq!(b.cited(void)[0].title, "7.2.2 The Void");
    }

    #[test]
    fn words_find_the_title_that_names_them_before_mere_mentions() {
        let b = book();
        assert_eq!(b.search("void")[0].1.title, "Term: The Void", "the glossary comes first on a tie");
        assert_eq!(b.search("the void")[0].1.title, "Term: The Void");
        assert_eq!(b.search("state based check")[0].1.title, "4.2.0 State-based checks");
        assert_eq!(b.search("deaths")[0].1.title, "4.2.2 Deaths");
        assert_eq!(b.search("unique")[0].1.title, "12.2.A Unique");
        assert!(b.closest_topics("uniqe", 3).contains(&"12.2.A Unique"));
    }
}
