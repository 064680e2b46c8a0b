//! How `/rule` ranks a game's sections for a question: BM25F, the ranking
//! of search engines, over two fields (a section's title counts more than
//! its text), with length normalisation so that a long catch-all ruling
//! that mentions everything does not beat the short rule that settles the
//! question. Built once per game; a query only looks its terms up.
//!
//! On top of BM25:
//! - the game's glossary: a player's word (its own term, or one brought
//!   from another game: "trample", "graveyard") leads to its entry first,
//!   and the entry's own words are searched as well;
//! - typos: a word the rules never use is read as the closest word they
//!   do use (one slip in a short word, two in a long one);
//! - word beginnings: "exhaust" also finds "exhaustion";
//! - coverage: a section holding every term of a question beats one that
//!   holds its rarest term many times;
//! - variants: the sections of a rules variant ("First draft — …") only
//!   answer a question that names the variant;
//! - context: a short rule is read under its parent's heading ("Five
//!   slots" is about character slots), and the share of the question its
//!   headings name multiplies its score;
//! - catch-alls: a section heading others sums them up, and yields to
//!   them unless its heading names the question;
//! - question forms: "how many …" asks for a count, so rules stating one
//!   ("Maximum of two") come first; a glossary phrase inside a longer
//!   question ("can I cast after a *second crystal*") favours its entry.

use std::collections::HashMap;

use super::glossary::Glossary;
use super::rule_words::{self, stem};
use super::rulebook::{Part, Section};
use crate::cards::search;

/// BM25's saturation: how fast more mentions of a word stop counting.
const K1: f32 = 1.2;
/// How much a title counts against the text, mention for mention.
const TITLE_WEIGHT: f32 = 3.0;
/// How much a glossary word of the section counts (its keywords: the
/// game's term and the words players use for it).
const KEYS_WEIGHT: f32 = 2.0;
/// Length normalisation of titles (short anyway) and texts (which vary
/// from one line to a page).
const TITLE_B: f32 = 0.3;
const BODY_B: f32 = 0.75;
/// What two neighbouring terms found together in a section add, against
/// a term.
const PAIR_WEIGHT: f32 = 0.5;
/// A word found only as the beginning of a longer one counts this much.
const PREFIX_WEIGHT: f32 = 0.6;
/// A ruling counts this much against the rule it reads: the rule settles a
/// question, the ruling adds the table's decision.
const RULING_WEIGHT: f32 = 0.5;
/// How much a word of the section's parent heading counts ("Five slots"
/// is under "Character slots"): a short rule is read in its context.
const CONTEXT_WEIGHT: f32 = 1.0;
/// What the share of the question a heading (or its parent's) holds adds
/// to a section's score: the rule titled by the question's words beats
/// the one that only mentions them, however often.
const TITLE_COVER: f32 = 1.0;
/// A section heading others (a chapter, "4.4.0 Effect conflicts and
/// modifiers") counts this much: its text sums up its rules, which answer
/// a question better, unless its heading names the question.
const HEAD_WEIGHT: f32 = 0.7;
/// What a count in a section's heading ("Five slots", "Maximum of two")
/// or text adds to its score for a question of quantity ("how many …").
const COUNT_IN_TITLE: f32 = 0.6;
const COUNT_IN_BODY: f32 = 0.2;
/// What a phrase of the glossary found in a question (not the whole of
/// it: "can I cast after playing a *second crystal*") adds to its
/// entry's section, per unit of the phrase's inverse document frequency.
const PHRASE_WEIGHT: f32 = 2.0;
/// The fewest words such a phrase has: one word ("player", "target") is
/// only a keyword of its section.
const PHRASE_MIN_WORDS: usize = 2;

/// How well a section answers a query; sorts best last (`Ord`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    /// 2: the glossary leads to it, or its topic names exactly the terms;
    /// 1: its heading holds every term; 0: only BM25 found it.
    pub tier: u8,
    /// Among sections of tier 1 or 2: how deep the section nests (a
    /// glossary term or section head before the rules under it).
    depth: usize,
    /// BM25F, weighted by the share of the question it covers.
    pub value: f32,
}

impl Score {
    fn key(&self) -> (u8, std::cmp::Reverse<usize>, f32) {
        let depth = if self.tier > 0 { self.depth } else { 0 };
        (self.tier, std::cmp::Reverse(depth), self.value)
    }
}

/// A section's occurrences of one term.
#[derive(Debug, Clone, Copy)]
struct Posting {
    section: u32,
    in_title: u16,
    in_keys: u16,
    in_body: u16,
    in_context: u16,
}

/// A rules variant and the sections that belong to it.
#[derive(Debug, Clone)]
struct Variant {
    /// Its words, stemmed ("first", "draft").
    words: Vec<String>,
}

/// The terms of every section of one game, ready for BM25F.
#[derive(Debug, Default)]
pub struct RuleIndex {
    postings: HashMap<String, Vec<Posting>>,
    /// Every stem, sorted: what a term's beginning finds.
    stems: Vec<String>,
    /// Every word as written (normalised) → its stem and how many sections
    /// hold it: where a typo is corrected to.
    words: HashMap<String, (String, u32)>,
    title_len: Vec<f32>,
    body_len: Vec<f32>,
    avg_title: f32,
    avg_body: f32,
    /// Each section's title terms without its label ("Glossary — ").
    topic: Vec<Vec<String>>,
    /// Each section's title terms, label and all, without its number.
    heading: Vec<Vec<String>>,
    /// Each section's rulings weight.
    weight: Vec<f32>,
    /// How deep each section's number nests (0 without a number).
    depth: Vec<usize>,
    /// The variant each section belongs to, if any.
    variant_of: Vec<Option<usize>>,
    /// Each section's title terms and its parent's: what its heading names.
    named: Vec<Vec<String>>,
    /// Whether other sections sit under it.
    heads: Vec<bool>,
    /// Whether its title (2) or text (1) states a count, or neither (0).
    counts: Vec<u8>,
    variants: Vec<Variant>,
    glossary: Glossary,
}

/// What a query asks, read once.
#[derive(Debug, Default)]
struct Asked {
    /// Its terms (stemmed, stop words out, typos corrected), each once.
    terms: Vec<String>,
    /// The sections the glossary leads to for the whole query ("what is
    /// trample"); an entry named by part of it only counts as the
    /// section's keywords.
    led_to: Vec<usize>,
    /// The variants it names.
    variants: Vec<usize>,
    /// Its neighbouring terms, as pairs ("hand size").
    pairs: Vec<String>,
    /// It asks for a quantity ("how many", "maximum").
    quantity: bool,
    /// The words asking it after "how" ("many"), stemmed: no term of the
    /// question, but a heading holding them ("How many players") names it.
    how: Vec<String>,
    /// Sections whose glossary phrases it holds (not as a whole), with the
    /// phrase found (stemmed).
    phrased: Vec<(usize, Vec<String>)>,
}

impl RuleIndex {
    /// Indexes `sections`, each under its parent (`parents`, by index);
    /// `variants` are the game's variant names ("first-draft"), whose
    /// sections are titled by them.
    pub fn new(
        sections: &[Section<'_>],
        parents: &[Option<usize>],
        variants: &[&str],
        glossary: Glossary,
    ) -> Self {
        let variants: Vec<Variant> = variants
            .iter()
            .map(|v| Variant { words: search::normalise(v).split(' ').map(stem).collect() })
            .collect();
        let mut index = RuleIndex { variants, ..RuleIndex::default() };
        let mut df: HashMap<String, u32> = HashMap::new();
        for (i, s) in sections.iter().enumerate() {
            let title = stems_of(s.title);
            let body = stems_of(&s.body);
            let keys: Vec<String> = glossary.phrases_of(i).flatten().cloned().collect();
            let context: Vec<String> = parents
                .get(i)
                .copied()
                .flatten()
                .map(|p| topic_terms(sections[p].topic()))
                .unwrap_or_default();
            let mut counts: HashMap<&str, (u16, u16, u16, u16)> = HashMap::new();
            for t in &title {
                counts.entry(t).or_default().0 += 1;
            }
            for t in &keys {
                counts.entry(t).or_default().1 = 1;
            }
            for t in &body {
                counts.entry(t).or_default().2 += 1;
            }
            for t in &context {
                counts.entry(t).or_default().3 = 1;
            }
            // Pairs of neighbouring words: a section saying "hand size"
            // answers "maximum hand size" better than one with "hand" and
            // "size" apart.
            let title_pairs = pairs(&title);
            let body_pairs = pairs(&body);
            for t in &title_pairs {
                counts.entry(t).or_default().0 += 1;
            }
            for t in &body_pairs {
                counts.entry(t).or_default().2 += 1;
            }
            for (t, (in_title, in_keys, in_body, in_context)) in counts {
                index.postings.entry(t.to_owned()).or_default().push(Posting {
                    section: i as u32,
                    in_title,
                    in_keys,
                    in_body,
                    in_context,
                });
            }
            let mut named = topic_terms(s.topic());
            named.extend(context.iter().cloned());
            index.named.push(named);
            index.heads.push(parents.contains(&Some(i)));
            index.counts.push(if states_count(s.topic()) {
                2
            } else if states_count(&s.body) {
                1
            } else {
                0
            });
            for w in distinct_words(&format!("{} {}", s.title, s.body)) {
                df.entry(w).and_modify(|n| *n += 1).or_insert(1);
            }
            index.title_len.push(title.len() as f32);
            index.body_len.push(body.len() as f32);
            index.topic.push(topic_terms(s.topic()));
            index.heading.push(stems_of(s.topic()));
            index.weight.push(if s.part == Part::Rulings { RULING_WEIGHT } else { 1.0 });
            index.depth.push(s.number.as_ref().map_or(0, super::rulebook::Number::depth));
            let heading = search::normalise(s.title);
            let variant = index.variants.iter().position(|v| {
                let words: Vec<String> = heading.split(' ').take(v.words.len()).map(stem).collect();
                words == v.words
            });
            index.variant_of.push(variant);
        }
        for (w, n) in df {
            let s = stem(&w);
            index.words.insert(w, (s, n));
        }
        for entry in glossary.entries() {
            for phrase in entry.phrases() {
                for w in search::normalise(phrase).split(' ').filter(|w| !w.is_empty()) {
                    index.words.entry(w.to_owned()).or_insert_with(|| (stem(w), 1));
                }
            }
        }
        let n = sections.len().max(1) as f32;
        index.avg_title = index.title_len.iter().sum::<f32>() / n;
        index.avg_body = index.body_len.iter().sum::<f32>() / n;
        index.stems = index.postings.keys().cloned().collect();
        index.stems.sort_unstable();
        index.glossary = glossary;
        index
    }

    /// The glossary this index reads questions with.
    pub fn glossary(&self) -> &Glossary {
        &self.glossary
    }

    /// The sections answering `query`, best first, as `(score, index)`.
    pub fn search(&self, query: &str) -> Vec<(Score, usize)> {
        let asked = self.read(query);
        if asked.terms.is_empty() && asked.led_to.is_empty() {
            return Vec::new();
        }
        let n = self.title_len.len();
        let mut value = vec![0f32; n];
        let mut covered = vec![0f32; n];
        let mut in_title = vec![0usize; n];
        let mut title_cover = vec![0f32; n];
        let mut total_idf = 0f32;
        for term in &asked.terms {
            let mut best = vec![0f32; 0];
            let mut idf_of_term = 0f32;
            for (stem, weight) in self.expansions(term) {
                let Some(list) = self.postings.get(stem) else { continue };
                let idf = idf(n, list.len());
                idf_of_term = idf_of_term.max(idf * weight);
                if best.is_empty() {
                    best = vec![0f32; n];
                }
                for p in list {
                    let i = p.section as usize;
                    let tf = TITLE_WEIGHT * f32::from(p.in_title)
                        / (1.0 - TITLE_B + TITLE_B * self.title_len[i] / self.avg_title.max(1.0))
                        + KEYS_WEIGHT * f32::from(p.in_keys)
                        + CONTEXT_WEIGHT * f32::from(p.in_context)
                        + f32::from(p.in_body)
                            / (1.0 - BODY_B + BODY_B * self.body_len[i] / self.avg_body.max(1.0));
                    let part = weight * idf * tf * (K1 + 1.0) / (K1 + tf);
                    best[i] = best[i].max(part);
                }
            }
            total_idf += idf_of_term.max(0.1);
            for (i, v) in best.iter().enumerate() {
                if *v > 0.0 {
                    value[i] += v;
                    covered[i] += idf_of_term;
                }
            }
            let t = term.as_str();
            let names = |w: &String| w == t || (t.len() >= 4 && w.starts_with(t));
            for (i, heading) in self.heading.iter().enumerate() {
                if heading.iter().any(names) {
                    in_title[i] += 1;
                }
            }
            for (i, named) in self.named.iter().enumerate() {
                if named.iter().any(names) {
                    title_cover[i] += idf_of_term.max(0.1);
                }
            }
        }
        for t in &asked.how {
            for (i, heading) in self.heading.iter().enumerate() {
                if heading.contains(t) {
                    in_title[i] += 1;
                }
            }
        }
        for (i, phrase) in asked.phrased.iter().filter(|(_, p)| p.len() >= PHRASE_MIN_WORDS) {
            let weight: f32 =
                phrase.iter().filter_map(|t| self.postings.get(t)).map(|list| idf(n, list.len())).sum();
            value[*i] += PHRASE_WEIGHT * weight;
        }
        for pair in &asked.pairs {
            let Some(list) = self.postings.get(pair) else { continue };
            let idf = idf(n, list.len());
            for p in list {
                let i = p.section as usize;
                let tf = TITLE_WEIGHT * f32::from(p.in_title) + f32::from(p.in_body);
                value[i] += PAIR_WEIGHT * idf * tf * (K1 + 1.0) / (K1 + tf);
            }
        }
        let mut out: Vec<(Score, usize)> = (0..n)
            .filter(|i| self.variant_of[*i].is_none_or(|v| asked.variants.contains(&v)))
            .filter_map(|i| {
                let led = asked.led_to.contains(&i);
                if value[i] <= 0.0 && !led {
                    return None;
                }
                let share = if total_idf > 0.0 { covered[i] / total_idf } else { 1.0 };
                let exact = !asked.terms.is_empty() && {
                    let mut a = asked.terms.clone();
                    a.sort();
                    a == self.topic[i]
                };
                // A quantity asked of a term ("how many command tokens") is
                // not answered by what the term is.
                let tier = if (led || exact) && !asked.quantity {
                    2
                } else if !asked.terms.is_empty() && in_title[i] == asked.terms.len() + asked.how.len() {
                    1
                } else {
                    0
                };
                let mut v = value[i] * share * share * self.weight[i];
                if total_idf > 0.0 {
                    v *= 1.0 + TITLE_COVER * title_cover[i] / total_idf;
                }
                if self.heads[i] && tier == 0 {
                    v *= HEAD_WEIGHT;
                }
                if asked.quantity {
                    v *= 1.0
                        + match self.counts[i] {
                            2 => COUNT_IN_TITLE,
                            1 => COUNT_IN_BODY,
                            _ => 0.0,
                        };
                }
                Some((Score { tier, depth: self.depth[i], value: v }, i))
            })
            .collect();

        out.sort_by(|a, b| {
            b.0.key().partial_cmp(&a.0.key()).unwrap_or(std::cmp::Ordering::Equal).then(a.1.cmp(&b.1))
        });
        out
    }

    /// The stems a term finds, with their weight: itself, and (four
    /// letters or more) the longer stems it begins.
    fn expansions<'s>(&'s self, term: &'s str) -> Vec<(&'s str, f32)> {
        let mut out = vec![(term, 1.0)];
        if term.chars().count() >= 4 {
            let from = self.stems.partition_point(|s| s.as_str() < term);
            for s in self.stems[from..].iter().take_while(|s| s.starts_with(term)) {
                if s != term {
                    out.push((s.as_str(), PREFIX_WEIGHT));
                }
            }
        }
        out
    }

    /// A query's terms, glossary entries and variants.
    fn read(&self, query: &str) -> Asked {
        let norm = search::normalise(query);
        let all: Vec<&str> = norm.split(' ').filter(|w| !w.is_empty()).collect();
        // "how many", "how long": a question of quantity, whose second
        // word names no rule.
        let quantity = all.windows(2).any(|w| w[0] == "how" && QUANTITY_AFTER_HOW.contains(&w[1]))
            || all.iter().any(|w| QUANTITY_WORDS.contains(w));
        let words: Vec<&str> = all
            .iter()
            .enumerate()
            .filter(|(k, w)| {
                let after_how = *k > 0 && all[k - 1] == "how" && QUANTITY_AFTER_HOW.contains(w);
                // "how many times": how often.
                let times = *k > 1 && all[k - 2] == "how" && all[k - 1] == "many" && **w == "times";
                !after_how && !times
            })
            .map(|(_, w)| *w)
            .collect();
        let meaningful: Vec<&str> = words.iter().copied().filter(|w| !rule_words::is_stop_word(w)).collect();
        let chosen = if meaningful.is_empty() { words.clone() } else { meaningful };
        // Typos first: a word the rules never use is read as the closest
        // word they (or the glossary) do use.
        let fixed: Vec<String> = chosen.iter().map(|w| self.corrected(w)).collect();
        let stems: Vec<String> = fixed.iter().map(|w| stem(w)).collect();
        let how: Vec<String> = all
            .windows(2)
            .filter(|w| w[0] == "how" && QUANTITY_AFTER_HOW.contains(&w[1]))
            .map(|w| stem(w[1]))
            .collect();
        let mut asked = Asked { quantity, how, ..Asked::default() };
        for (v, variant) in self.variants.iter().enumerate() {
            if variant.words.iter().all(|w| stems.contains(w)) {
                asked.variants.push(v);
            }
        }
        let mut terms: Vec<String> = Vec::new();
        let push = |t: &str, terms: &mut Vec<String>| {
            if !terms.iter().any(|x| x == t) {
                terms.push(t.to_owned());
            }
        };
        for named in self.glossary.lookup(&stems) {
            if named.covers < stems.len() {
                asked.phrased.push((named.section, named.phrase.clone()));
                continue;
            }
            if !asked.led_to.contains(&named.section) {
                asked.led_to.push(named.section);
            }
            for t in &named.term {
                push(t, &mut terms);
            }
        }
        for s in &stems {
            push(s, &mut terms);
        }
        asked.pairs = pairs(&stems);
        asked.terms = terms;
        asked
    }

    /// `word` as the rules spell it: itself when they use it (or a longer
    /// word starting with it), else the closest word they use, within one
    /// slip (five letters or more) or two (eight or more), the commoner
    /// on a tie. Words of digits are kept.
    fn corrected(&self, word: &str) -> String {
        let len = word.chars().count();
        if len < 5 || word.bytes().any(|b| b.is_ascii_digit()) || self.words.contains_key(word) {
            return word.to_owned();
        }
        let s = stem(word);
        let from = self.stems.partition_point(|x| x.as_str() < s.as_str());
        if self.stems.get(from).is_some_and(|x| x.starts_with(s.as_str())) {
            return word.to_owned();
        }
        let max = if len >= 8 { 2 } else { 1 };
        let first = word.chars().next();
        let mut best: Option<(usize, u32, &str)> = None;
        for (w, (_, n)) in &self.words {
            let wl = w.chars().count();
            if wl.abs_diff(len) > max || w.chars().next() != first {
                continue;
            }
            let d = strsim::damerau_levenshtein(word, w);
            if d <= max
                && best.is_none_or(|(bd, bn, bw)| {
                    (d, std::cmp::Reverse(*n), w.as_str()) < (bd, std::cmp::Reverse(bn), bw)
                })
            {
                best = Some((d, *n, w));
            }
        }
        best.map_or_else(|| word.to_owned(), |(_, _, w)| w.to_owned())
    }
}

/// Words a quantity is asked with after "how" ("how many").
const QUANTITY_AFTER_HOW: &[&str] = &["many", "much", "long", "often"];
/// Words asking for a quantity wherever they stand.
const QUANTITY_WORDS: &[&str] = &["maximum", "minimum", "max", "min", "limit"];

/// Words stating a count in a rule ("five slots", "once per turn").
const COUNT_WORDS: &[&str] = &[
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty", "thirty",
    "forty", "fifty", "sixty", "once", "twice", "maximum", "minimum", "limit", "single", "many",
];

/// Whether `text` states a count: a number or a word of [`COUNT_WORDS`].
fn states_count(text: &str) -> bool {
    search::normalise(text)
        .split(' ')
        .any(|w| (!w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())) || COUNT_WORDS.contains(&w))
}

/// Neighbouring words as pairs ("hand size").
fn pairs(stems: &[String]) -> Vec<String> {
    stems.windows(2).filter(|w| w[0] != w[1]).map(|w| format!("{} {}", w[0], w[1])).collect()
}

/// BM25's inverse document frequency (never negative).
fn idf(n: usize, df: usize) -> f32 {
    let (n, df) = (n as f32, df as f32);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// The stems of a text's words, stop words out.
fn stems_of(text: &str) -> Vec<String> {
    search::normalise(text)
        .split(' ')
        .filter(|w| !w.is_empty() && !rule_words::is_stop_word(w))
        .map(stem)
        .collect()
}

/// A text's distinct words (normalised, not stemmed).
fn distinct_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> =
        search::normalise(text).split(' ').filter(|w| !w.is_empty()).map(str::to_owned).collect();
    words.sort_unstable();
    words.dedup();
    words
}

/// The terms of a topic without its label or remark ("Keyword —
/// Skyborne" → `skyborn`), sorted and once each.
fn topic_terms(topic: &str) -> Vec<String> {
    let mut t = stems_of(&super::rulebook::topic_words(topic));
    t.sort();
    t.dedup();
    t
}
