//! The words `/rule` compares: what players type ("how do I win", "can
//! dizzy creatures block", "blocking") reduced to the terms that matter,
//! and every word of the rules reduced the same way, so word forms meet
//! ("blocking", "blocked" and "Block" are all `block`; "blockers" is
//! `blocker`, which the term `block` meets).
//!
//! ```
//! use cardtable::lookup::rule_words::{stem, terms};
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
    "a", "able", "about", "after", "allowed", "also", "am", "an", "and", "any", "are", "as", "at", "be",
    "been", "before", "being", "both", "but", "by", "can", "cant", "could", "did", "do", "does", "doesnt",
    "doing", "dont", "else", "ever", "exactly", "explain", "for", "from", "game", "get", "gets", "happen",
    "happens", "has", "have", "how", "hows", "i", "if", "im", "in", "into", "is", "isnt", "it", "its", "ive",
    "just", "me", "mean", "means", "my", "need", "of", "ok", "okay", "on", "onto", "or", "our", "per",
    "rule", "rules", "ruling", "say", "says", "should", "so", "some", "still", "tell", "that", "the",
    "their", "them", "then", "there", "these", "they", "this", "those", "to", "want", "was", "way", "we",
    "were", "what", "whats", "when", "where", "which", "while", "who", "why", "will", "with", "wont", "work",
    "works", "would", "yes", "you", "your",
];

/// Words asking to compare ("the difference between trash and destroy"):
/// the question is about the things compared.
const COMPARING: &[&str] = &["between", "difference", "differences", "versus", "vs"];

/// True for a word of [`STOP_WORDS`] or [`COMPARING`] (already normalised).
pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.binary_search(&word).is_ok() || COMPARING.contains(&word)
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

/// The English Snowball stemmer (Porter 2), shared by every call.
fn snowball() -> &'static rust_stemmers::Stemmer {
    static STEMMER: std::sync::OnceLock<rust_stemmers::Stemmer> = std::sync::OnceLock::new();
    STEMMER.get_or_init(|| rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English))
}

/// One stem for every form of an English word, the same for queries and
/// rules text: the Snowball English stemmer ("blocking", "blocked",
/// "blocks" → `block`; "abilities" → `abil`). Agents keep their "-er"
/// ("blocker", "player"): a player is not a play, and a term still meets
/// the longer words it begins (see [`meets`]). Numbers and short words
/// are kept whole.
pub fn stem(word: &str) -> String {
    let w = word.to_lowercase();
    if w.chars().count() <= 3 || w.bytes().any(|b| b.is_ascii_digit()) {
        return w;
    }
    snowball().stem(&w).into_owned()
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
        || SYNONYMS.iter().any(|(a, b)| {
            let (a, b) = (stem(a), stem(b));
            (term == a && text_word == b) || (term == b && text_word == a)
        })
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
            ("blockers", "blocker"),
            ("attacked", "attacking"),
            ("attackers", "attacker"),
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
        assert_eq!(stem("dizzy"), stem("dizziness"));
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
        assert!(meets(&stem("block"), &stem("blockers")), "a term meets the agent noun it begins");
    }
}
