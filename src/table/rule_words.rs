//! The words `/rule` compares: what players type ("how do I win", "can
//! dizzy creatures block", "blocking") reduced to the terms that matter,
//! and every word of the rules reduced the same way, so word forms meet
//! ("blocking", "blocked", "blockers" and "Block" are all `block`).
//!
//! ```
//! use cardtable::table::rule_words::{stem, terms};
//!
//! assert_eq!(stem("blocking"), stem("Block"));
//! assert_eq!(stem("attacked"), stem("attacking"));
//! assert_eq!(terms("how do I win?"), [stem("win")]);
//! assert_eq!(terms("can dizzy creatures block"), [stem("dizzy"), stem("creature"), stem("block")]);
//! ```

use crate::cards::search;

/// Words of a question that say nothing about the rules: question words,
/// pronouns, auxiliaries, articles, prepositions, and "rule" itself.
const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "am", "an", "and", "any", "are", "as", "at", "be", "been", "before", "being",
    "but", "by", "can", "cant", "could", "did", "do", "does", "doesnt", "doing", "dont", "for", "from",
    "game", "get", "gets", "happen", "happens", "has", "have", "how", "i", "if", "in", "into", "is", "it",
    "its", "me", "mean", "means", "my", "of", "on", "onto", "or", "our", "rule", "rules", "ruling", "should",
    "so", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "to", "was",
    "we", "were", "what", "whats", "when", "where", "which", "who", "why", "will", "with", "work", "works",
    "would", "you", "your",
];

/// True for a word of [`STOP_WORDS`] (already normalised).
pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.binary_search(&word).is_ok()
}

/// The terms of a query: its words normalised and stemmed, without the
/// stop words (unless nothing else is left: "the end" still asks for
/// something), each once, in order.
pub fn terms(query: &str) -> Vec<String> {
    let norm = search::normalise(query);
    let words: Vec<&str> = norm.split(' ').filter(|w| !w.is_empty()).collect();
    let meaningful: Vec<&str> = words.iter().copied().filter(|w| !is_stop_word(w)).collect();
    let chosen = if meaningful.is_empty() { words } else { meaningful };
    let mut out: Vec<String> = Vec::new();
    for w in chosen {
        let s = stem(w);
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// Every word of `text`, normalised and stemmed, in order.
pub fn stemmed(text: &str) -> Vec<String> {
    search::normalise(text).split(' ').filter(|w| !w.is_empty()).map(stem).collect()
}

/// A small English stemmer, the same for queries and rules text: plurals
/// become singular, "-ing", "-ed" and "-er" go (with a doubled consonant:
/// "stopped" → "stop"), and a final "e" goes ("exiled", "exile" → "exil").
/// Numbers and short words are kept whole.
pub fn stem(word: &str) -> String {
    let w = word.to_lowercase();
    if w.len() <= 3 || w.bytes().any(|b| b.is_ascii_digit()) {
        return w;
    }
    let mut s: &str = &w;
    let owned;
    if s.len() > 4 && s.ends_with("ies") {
        owned = format!("{}y", &s[..s.len() - 3]);
        s = &owned;
    } else if s.ends_with("sses") {
        s = &s[..s.len() - 2];
    } else if s.ends_with('s') && !s.ends_with("ss") && !s.ends_with("us") && !s.ends_with("is") {
        s = &s[..s.len() - 1];
    }
    let mut cut = false;
    for suffix in ["ing", "ed", "er"] {
        if s.len() >= suffix.len() + 3 && s.ends_with(suffix) {
            s = &s[..s.len() - suffix.len()];
            cut = true;
            break;
        }
    }
    let bytes = s.as_bytes();
    let n = bytes.len();
    if cut
        && n >= 4
        && bytes[n - 1] == bytes[n - 2]
        && !matches!(bytes[n - 1], b'l' | b's' | b'z' | b'e' | b'o')
    {
        s = &s[..n - 1];
    }
    if s.len() > 3 && s.ends_with('e') {
        s = &s[..s.len() - 1];
    }
    s.to_owned()
}

/// Words players use for what the rulebooks name otherwise (stemmed):
/// winning is told as victory, a graveyard is a discard pile, a library a
/// deck.
const SYNONYMS: &[(&str, &str)] = &[("win", "victory"), ("graveyard", "discard"), ("library", "deck")];

/// True when the stemmed word `text_word` answers the term `term`: the
/// same stem, a longer word it starts when the term has four letters or
/// more ("exhaust" finds "exhaustion", "sick" "sickness"), or a synonym.
pub fn meets(term: &str, text_word: &str) -> bool {
    text_word == term
        || (term.len() >= 4 && text_word.starts_with(term))
        || SYNONYMS.iter().any(|(a, b)| (term == *a && text_word == *b) || (term == *b && text_word == *a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_words_are_sorted_for_the_binary_search() {
        assert!(STOP_WORDS.windows(2).all(|w| w[0] < w[1]), "keep STOP_WORDS sorted and unique");
    }

    #[test]
    fn word_forms_meet_at_one_stem() {
        for (a, b) in [
            ("blocking", "block"),
            ("blocked", "blocks"),
            ("blockers", "block"),
            ("attacked", "attacking"),
            ("attackers", "attack"),
            ("exiled", "exile"),
            ("stopped", "stop"),
            ("abilities", "ability"),
            ("counters", "counter"),
            ("winning", "win"),
            ("creatures", "creature"),
            ("destroyed", "destroy"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} / {b}");
        }
        assert_ne!(stem("block"), stem("black"));
        assert_eq!(stem("5c2"), "5c2");
        assert_eq!(stem("dizzy"), "dizzy");
    }

    #[test]
    fn questions_keep_only_their_rules_words() {
        assert_eq!(terms("How do I win the game?"), ["win"]);
        assert_eq!(terms("what happens when my tower is destroyed"), [stem("tower"), stem("destroyed")]);
        assert_eq!(terms("the"), ["the"], "nothing but stop words: kept");
        assert_eq!(terms("block blocking"), ["block"], "each term once");
    }

    #[test]
    fn a_term_meets_its_longer_words_and_synonyms_but_not_other_words() {
        assert!(meets(&stem("exhaust"), &stem("exhaustion")));
        assert!(meets(&stem("sick"), &stem("sickness")));
        assert!(meets("win", &stem("victory")));
        assert!(!meets("win", &stem("wind")), "three letters must match whole");
        assert!(!meets(&stem("block"), &stem("black")));
    }
}
