//! The one fuzzy search over names: `/card`, autocomplete and every "did
//! you mean". Names are compared normalised (case, accents, punctuation and
//! spacing ignored); a typo costs a little, a prefix or a whole word less.
//!
//! ```
//! use cardtable::cards::search;
//!
//! let names = ["Ember Drake", "Emberling", "Frost Giant"];
//! assert_eq!(search::rank("ember drak", names)[0].name, "Ember Drake");
//! assert_eq!(search::rank("frost", names)[0].name, "Frost Giant");
//! assert_eq!(search::suggestions("emberdrake", names), ["Ember Drake"]);
//! ```

use strsim::{jaro_winkler, normalized_damerau_levenshtein};

/// Lowest score of a hit [`rank`] returns.
pub const MIN_SCORE: f64 = 0.78;
/// Score from which a name counts as meant ("closest: …" instead of a list).
pub const CLOSE_SCORE: f64 = 0.84;
/// Suggestions a "did you mean" offers.
pub const SUGGESTIONS: usize = 3;

/// A name and how well it matches the query (1.0 is the same name).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit<'a> {
    /// The name, as given.
    pub name: &'a str,
    /// 0.0–1.0.
    pub score: f64,
}

/// Lower case, letters and digits only, single spaces: "Dragon's  Breath!"
/// becomes "dragons breath"; common accented letters lose their accent.
pub fn normalise(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars().flat_map(char::to_lowercase) {
        let c = fold_accent(c);
        if c.is_alphanumeric() {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(c);
        } else if c.is_whitespace() || c == '-' || c == '_' || c == '/' {
            space = true;
        }
        // Apostrophes, dots and other punctuation vanish without a space.
    }
    out
}

fn fold_accent(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        _ => c,
    }
}

/// How well `query` (normalised) matches `name` (normalised).
fn score(query: &str, name: &str) -> f64 {
    if query.is_empty() {
        return 0.0;
    }
    if query == name {
        return 1.0;
    }
    let squashed = |s: &str| s.replace(' ', "");
    if squashed(query) == squashed(name) {
        return 0.99;
    }
    if name.starts_with(query) {
        return 0.95;
    }
    if name.split(' ').any(|w| w.starts_with(query)) {
        return 0.92;
    }
    if name.contains(query) {
        return 0.9;
    }
    // Edit distance judges typos; Jaro-Winkler, generous to any shared
    // letters, only helps a little (it ranks dropped letters well).
    let near = |a: &str, b: &str| normalized_damerau_levenshtein(a, b).max(jaro_winkler(a, b) - 0.1);
    let whole = near(query, name);
    // A one-word query may be a misspelt word of a longer name.
    let word = if query.contains(' ') {
        0.0
    } else {
        name.split(' ')
            .filter(|w| w.len() >= 3 && w.len().abs_diff(query.len()) <= 3)
            .map(|w| near(query, w))
            .fold(0.0, f64::max)
            * 0.97
    };
    whole.max(word).min(0.89)
}

/// The names matching `query`, best first (ties by name), each once.
pub fn rank<'a>(query: &str, names: impl IntoIterator<Item = &'a str>) -> Vec<Hit<'a>> {
    let q = normalise(query);
    let mut hits: Vec<Hit<'a>> = names
        .into_iter()
        .map(|name| Hit { name, score: score(&q, &normalise(name)) })
        .filter(|h| h.score >= MIN_SCORE)
        .collect();
    hits.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| a.name.cmp(b.name)));
    hits.dedup_by(|a, b| a.name == b.name);
    hits
}

/// The name `query` most likely means, when one is close enough.
pub fn closest<'a>(query: &str, names: impl IntoIterator<Item = &'a str>) -> Option<Hit<'a>> {
    rank(query, names).into_iter().next().filter(|h| h.score >= CLOSE_SCORE)
}

/// Up to [`SUGGESTIONS`] names for a "did you mean".
pub fn suggestions<'a>(query: &str, names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    rank(query, names).into_iter().take(SUGGESTIONS).map(|h| h.name.to_owned()).collect()
}

/// ", did you mean \"X\"?" (or "X\" or \"Y") for the suggestions, or "".
pub fn did_you_mean(suggestions: &[String]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => format!(", did you mean \"{one}\"?"),
        more => {
            let quoted: Vec<String> = more.iter().map(|s| format!("\"{s}\"")).collect();
            format!(", did you mean {}?", quoted.join(" or "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 6] =
        ["Ember Drake", "Ember Imp", "Frost Giant", "Dragon's Breath", "Clockwork Owl", "Owlbear"];

    #[test]
    fn normalising_ignores_case_accents_punctuation_and_spacing() {
        assert_eq!(normalise("  Dragon's   BREATH! "), "dragons breath");
        assert_eq!(normalise("Élan-Vital"), "elan vital");
    }

    #[test]
    fn exact_names_win_whatever_their_case_or_punctuation() {
        assert_eq!(rank("dragons breath", NAMES)[0], Hit { name: "Dragon's Breath", score: 1.0 });
        assert_eq!(closest("EMBER IMP", NAMES).unwrap().name, "Ember Imp");
    }

    #[test]
    fn prefixes_and_words_rank_above_typos() {
        let hits = rank("owl", NAMES);
        assert_eq!(hits[0].name, "Owlbear");
        assert_eq!(hits[1].name, "Clockwork Owl");
    }

    #[test]
    fn a_typo_still_finds_the_card() {
        assert_eq!(closest("Embr Drak", NAMES).unwrap().name, "Ember Drake");
        assert_eq!(closest("frsot giant", NAMES).unwrap().name, "Frost Giant");
        // A misspelt single word of a longer name is suggested, not assumed.
        assert_eq!(closest("giamt", NAMES), None);
        assert_eq!(suggestions("giamt", NAMES), ["Frost Giant"]);
    }

    #[test]
    fn names_that_merely_share_letters_are_not_suggested() {
        assert!(rank("drake", ["Dream Shepherd", "Surveyor Drone", "Waking Dream"]).is_empty());
        assert!(rank("thunderhed", ["Breach the Walls", "Call of the Hollow"]).is_empty());
    }

    #[test]
    fn nothing_like_any_name_finds_nothing() {
        assert!(rank("zzzzqx", NAMES).is_empty());
        assert!(rank("", NAMES).is_empty());
        assert_eq!(did_you_mean(&suggestions("qqqq", NAMES)), "");
    }

    #[test]
    fn did_you_mean_lists_one_or_several() {
        assert_eq!(did_you_mean(&["A".into()]), ", did you mean \"A\"?");
        assert_eq!(did_you_mean(&["A".into(), "B".into()]), ", did you mean \"A\" or \"B\"?");
    }
}
