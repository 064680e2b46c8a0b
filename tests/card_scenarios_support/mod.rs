//! Shared by the `<game>_card_scenarios` tests: which card texts read as a
//! trigger or a condition, and the check that each such card has a
//! scenario that is a real test naming the card.

/// Words and phrases that make a card text a trigger ("When summoned",
/// "At your regroup", "At the beginning of your upkeep") or a condition
/// ("while…", "if…", "as long as…", "unless…"). "After" is not one: it
/// also reads "an extra turn after this one"; a Spheres "After it
/// destroys…" is a triggered ability in the data, which the checks read
/// too.
const TRIGGER_WORDS: &[&str] = &[
    "when",
    "whenever",
    "at the start",
    "at the beginning",
    "at the end",
    "at your",
    "if",
    "as long as",
    "while",
    "unless",
];

/// Whether `text` has a trigger or a condition, by its words (whole
/// words, any case).
fn has_trigger_words(text: &str) -> bool {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    TRIGGER_WORDS.iter().any(|phrase| {
        let p: Vec<&str> = phrase.split(' ').collect();
        words.windows(p.len()).any(|w| w == p.as_slice())
    })
}

/// The names of the cards that have a trigger or a condition, from each
/// card's (name, whether its data holds a triggered ability, its text).
pub fn wanted<'a>(cards: impl Iterator<Item = (&'a str, bool, Vec<String>)>) -> Vec<&'a str> {
    cards
        .filter(|(_, triggered, text)| *triggered || text.iter().any(|l| has_trigger_words(l)))
        .map(|(name, _, _)| name)
        .collect()
}

/// The body of the `#[test]` function `name` in one of `sources`.
fn test_body<'a>(sources: &[&'a str], name: &str) -> Option<&'a str> {
    let decl = format!("fn {name}()");
    sources.iter().find_map(|src| {
        let (i, _) = src.match_indices(&decl).find(|(i, _)| src[..*i].trim_end().ends_with("#[test]"))?;
        let rest = &src[i + decl.len()..];
        let end = rest.find("#[test]").unwrap_or(rest.len());
        Some(&rest[..end])
    })
}

/// Fails unless every card of `wanted` is listed in `scenarios`, every
/// listed test is a `#[test]` of `sources` whose body names the card, and
/// nothing listed is missing from `wanted` (a stale entry).
pub fn check(wanted: &[&str], scenarios: &[(&str, &str)], sources: &[&str]) {
    let missing: Vec<&&str> = wanted.iter().filter(|n| !scenarios.iter().any(|(c, _)| c == *n)).collect();
    assert!(
        missing.is_empty(),
        "{} cards with a trigger or a condition have no scenario: {missing:?}",
        missing.len()
    );
    for (card, test) in scenarios {
        let body =
            test_body(sources, test).unwrap_or_else(|| panic!("{card}: there is no #[test] fn {test}()"));
        assert!(body.contains(card), "{card}: the test {test} does not name the card");
    }
    let stale: Vec<_> = scenarios.iter().filter(|(c, _)| !wanted.contains(c)).collect();
    assert!(stale.is_empty(), "listed, but not a card with a trigger or a condition: {stale:?}");
}
