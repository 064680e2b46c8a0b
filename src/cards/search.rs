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

/// Words around a card's name that only ask for it: "the card sparkfiend
/// imp", "show me apex prowler", "sparkfiend imp card".
const FILLER: &[&str] = &[
    "about", "card", "cards", "find", "info", "look", "lookup", "me", "please", "show", "up", "what", "whats",
];

/// A query without the filler words before and after the name (kept whole
/// when nothing else is left).
pub fn without_filler(query: &str) -> String {
    let norm = normalise(query);
    let words: Vec<&str> = norm.split(' ').filter(|w| !w.is_empty()).collect();
    let filler = |w: &&str| FILLER.contains(w) || matches!(*w, "the" | "a" | "an" | "is" | "does");
    let start = words.iter().position(|w| !filler(w)).unwrap_or(words.len());
    let end = words.iter().rposition(|w| !FILLER.contains(w)).map_or(0, |e| e + 1);
    if start >= end {
        return norm;
    }
    // An article right before the name may belong to it ("The Crossroads Inn").
    let start = if start > 0 && matches!(words[start - 1], "the" | "a" | "an") { start - 1 } else { start };
    words[start..end].join(" ")
}

/// Whether every word of a query of several words is a word of the name,
/// or begins one ("twin" for "Twinned"), each a different word, in any
/// order ("prowler apex" for "Apex Prowler"); `Some(true)` when the query
/// also names every word of the name that matters (not "of", "the").
fn words_in_any_order(query: &str, name: &str) -> Option<bool> {
    let q: Vec<&str> = query.split(' ').filter(|w| !w.is_empty()).collect();
    if q.len() < 2 {
        return None;
    }
    let n: Vec<&str> = name.split(' ').filter(|w| !w.is_empty()).collect();
    let mut used = vec![false; n.len()];
    for w in &q {
        let stem = w.strip_suffix('s').filter(|s| s.len() >= 3).unwrap_or(w);
        let at = (0..n.len())
            .find(|&i| !used[i] && (n[i] == *w || (stem.len() >= 3 && n[i].starts_with(stem))))?;
        used[at] = true;
    }
    let minor = |w: &str| matches!(w, "of" | "the" | "a" | "an" | "and" | "in" | "to");
    Some(n.iter().zip(&used).all(|(w, u)| *u || minor(w)))
}

/// A name made ready to be scored many times: normalised, without its
/// spaces, without a leading article ("The Hollow King" is also "hollow
/// king"), its words, and the letters each holds (to skip hopeless
/// spellings before measuring them).
#[derive(Debug, Clone)]
struct Prepared {
    norm: String,
    squashed: String,
    bare: Option<String>,
    letters: Letters,
    bare_letters: Letters,
    words: Vec<(String, Letters)>,
}

impl Prepared {
    fn new(text: &str) -> Self {
        let norm = normalise(text);
        let squashed = norm.replace(' ', "");
        let bare = ["the ", "a ", "an "]
            .iter()
            .find_map(|a| norm.strip_prefix(a))
            .filter(|rest| !rest.is_empty())
            .map(str::to_owned);
        let words =
            norm.split(' ').filter(|w| w.len() >= 3).map(|w| (w.to_owned(), Letters::of(w))).collect();
        Prepared {
            letters: Letters::of(&norm),
            bare_letters: Letters::of(bare.as_deref().unwrap_or_default()),
            norm,
            squashed,
            bare,
            words,
        }
    }
}

/// How often each of a–z, 0–9 and the space occurs in a normalised text
/// (other letters are counted together).
#[derive(Debug, Clone, Copy)]
struct Letters([u8; 38]);

impl Letters {
    fn of(text: &str) -> Self {
        let mut counts = [0u8; 38];
        for b in text.bytes() {
            let i = match b {
                b'a'..=b'z' => usize::from(b - b'a'),
                b'0'..=b'9' => 26 + usize::from(b - b'0'),
                b' ' => 36,
                _ => 37,
            };
            counts[i] = counts[i].saturating_add(1);
        }
        Letters(counts)
    }

    /// Letters both texts hold, counted with repeats: no alignment can
    /// match more.
    fn common(&self, other: &Letters) -> usize {
        self.0.iter().zip(other.0.iter()).map(|(a, b)| usize::from(*a.min(b))).sum()
    }
}

/// Whether two texts of these lengths sharing `common` letters could be
/// as near as `need` (see `near` in [`score`]): an upper bound of both the
/// edit similarity and Jaro-Winkler (with its prefix bonus at most 0.4 of
/// the rest) less 0.1.
fn may_reach(common: usize, a_len: usize, b_len: usize, need: f64) -> bool {
    if a_len == 0 || b_len == 0 {
        return false;
    }
    let m = common as f64;
    let edit = m / a_len.max(b_len) as f64;
    let jaro = (m / a_len as f64 + m / b_len as f64 + 1.0) / 3.0;
    edit.max(0.6 * jaro + 0.3) >= need
}

/// Reusable buffers for the edit distance, so scoring a name allocates
/// nothing once they have grown.
#[derive(Debug, Default)]
struct Scratch {
    rows: [Vec<usize>; 3],
}

/// How well the prepared query matches the prepared name (1.0 is the same
/// name). Whole-name forms rank above typos: the same letters with other
/// spacing (0.99), a prefix (0.95), the name without its article (0.94), a
/// prefix of a word (0.92), a part (0.9), the same letters run together
/// ("moon feather", 0.895); below those, a close spelling of the name or of
/// one of its words, up to 0.89.
fn score(q: &Prepared, n: &Prepared, scratch: &mut Scratch) -> f64 {
    let (query, name) = (q.norm.as_str(), n.norm.as_str());
    if query.is_empty() {
        return 0.0;
    }
    if query == name {
        return 1.0;
    }
    if q.squashed == n.squashed {
        return 0.99;
    }
    if name.starts_with(query) {
        return 0.95;
    }
    if n.bare.as_deref().is_some_and(|b| b.starts_with(query)) {
        return 0.94;
    }
    if name.split(' ').any(|w| w.starts_with(query)) {
        return 0.92;
    }
    if name.contains(query) {
        return 0.9;
    }
    if q.squashed.len() >= 4 && n.squashed.contains(&q.squashed) {
        return 0.895;
    }
    match words_in_any_order(query, name) {
        Some(true) => return 0.93,
        Some(false) => return 0.89,
        None => {}
    }
    // Edit distance judges typos; Jaro-Winkler, generous to any shared
    // letters, only helps a little (it ranks dropped letters well). Pairs
    // that cannot reach a hit are not measured (autocomplete scores every
    // name on each keystroke).
    let mut near = |a: &str, b: &str| similarity(a, b, scratch).max(jaro_winkler(a, b) - 0.1);
    let mut whole = 0.0;
    if may_reach(q.letters.common(&n.letters), query.len(), name.len(), MIN_SCORE) {
        whole = near(query, name);
    }
    if let Some(bare) = &n.bare {
        if may_reach(q.letters.common(&n.bare_letters), query.len(), bare.len(), MIN_SCORE) {
            whole = f64::max(whole, near(query, bare));
        }
    }
    // A one-word query may be a misspelt word of a longer name.
    let word = if query.contains(' ') {
        0.0
    } else {
        n.words
            .iter()
            .filter(|(w, _)| w.len().abs_diff(query.len()) <= 3)
            .filter(|(w, letters)| {
                may_reach(q.letters.common(letters), query.len(), w.len(), MIN_SCORE / 0.97)
            })
            .map(|(w, _)| near(query, w))
            .fold(0.0, f64::max)
            * 0.97
    };
    typo_score(whole.max(word))
}

/// A typo's similarity (0–1) as a score under every whole-name form:
/// order kept, so a closer spelling still ranks first, but at most 0.89.
fn typo_score(similarity: f64) -> f64 {
    const KNEE: f64 = 0.85;
    if similarity <= KNEE {
        similarity
    } else {
        KNEE + (similarity - KNEE) * (0.89 - KNEE) / (1.0 - KNEE)
    }
}

/// Jaro-Winkler similarity by bytes, without allocating (texts of up to
/// 64 bytes; longer ones go to `strsim`).
fn jaro_winkler(a: &str, b: &str) -> f64 {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    if x.len() > 64 || y.len() > 64 {
        return strsim::jaro_winkler(a, b);
    }
    if x.is_empty() || y.is_empty() {
        return if x.len() == y.len() { 1.0 } else { 0.0 };
    }
    let window = (x.len().max(y.len()) / 2).saturating_sub(1);
    let (mut x_matched, mut y_used, mut matches) = (0u64, 0u64, 0usize);
    for (i, &c) in x.iter().enumerate() {
        let (lo, hi) = (i.saturating_sub(window), (i + window + 1).min(y.len()));
        if let Some(j) = (lo..hi).find(|&j| y_used & (1 << j) == 0 && y[j] == c) {
            y_used |= 1 << j;
            x_matched |= 1 << i;
            matches += 1;
        }
    }
    if matches == 0 {
        return 0.0;
    }
    let (mut j, mut half_transpositions) = (0, 0usize);
    for (i, &c) in x.iter().enumerate() {
        if x_matched & (1 << i) != 0 {
            while y_used & (1 << j) == 0 {
                j += 1;
            }
            half_transpositions += usize::from(c != y[j]);
            j += 1;
        }
    }
    let m = matches as f64;
    let t = (half_transpositions / 2) as f64;
    let jaro = (m / x.len() as f64 + m / y.len() as f64 + (m - t) / m) / 3.0;
    // Winkler's boost applies only to texts already alike (as in strsim).
    if jaro <= 0.7 {
        return jaro;
    }
    let prefix = x.iter().zip(y).take(4).take_while(|(p, q)| p == q).count();
    jaro + 0.1 * prefix as f64 * (1.0 - jaro)
}

/// 1 − the optimal-string-alignment distance (an edit is an inserted,
/// dropped, changed or swapped letter) over the longer length, by bytes.
fn similarity(a: &str, b: &str, scratch: &mut Scratch) -> f64 {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let longest = a.len().max(b.len());
    if longest == 0 {
        return 1.0;
    }
    let [two_back, back, row] = &mut scratch.rows;
    for v in [&mut *two_back, &mut *back, &mut *row] {
        v.clear();
        v.resize(b.len() + 1, 0);
    }
    for (j, cell) in back.iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (back[j] + 1).min(row[j - 1] + 1).min(back[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(two_back[j - 2] + 1);
            }
            row[j] = best;
        }
        std::mem::swap(two_back, back);
        std::mem::swap(back, row);
    }
    1.0 - back[b.len()] as f64 / longest as f64
}

/// The names matching `query`, best first (ties by name), each once.
pub fn rank<'a>(query: &str, names: impl IntoIterator<Item = &'a str>) -> Vec<Hit<'a>> {
    let q = Prepared::new(&without_filler(query));
    let mut scratch = Scratch::default();
    let mut hits: Vec<Hit<'a>> = names
        .into_iter()
        .map(|name| Hit { name, score: score(&q, &Prepared::new(name), &mut scratch) })
        .filter(|h| h.score >= MIN_SCORE)
        .collect();
    hits.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| a.name.cmp(b.name)));
    hits.dedup_by(|a, b| a.name == b.name);
    hits
}

/// Every name a set of cards can be found by, prepared once, so a query
/// over all of them (autocomplete, on each keystroke) costs microseconds.
/// `T` says which card a name belongs to; several names (the faces of a
/// card, its code) may share one.
///
/// ```
/// use cardtable::cards::search::Index;
///
/// let index = Index::new([("Sparkfiend Imp", 1), ("Spark Nip", 1), ("Arc Fiend", 2)]);
/// let found = index.rank("spark", 25);
/// assert_eq!(found.len(), 1, "one card, though both its names match");
/// assert_eq!(*found[0].card, 1);
/// assert_eq!(index.rank("spark ni", 25)[0].name, "Spark Nip", "the name that matched best");
/// assert_eq!(*index.rank("arc feind", 25)[0].card, 2);
/// ```
#[derive(Debug, Clone)]
pub struct Index<T> {
    names: Vec<(String, Prepared, T)>,
}

/// A card an [`Index`] found: the name that matched best, and its score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Found<'a, T> {
    /// The name (a face, a code) that matched, as given.
    pub name: &'a str,
    /// The card it belongs to.
    pub card: &'a T,
    /// 0.0–1.0, as [`rank`] scores.
    pub score: f64,
}

impl<T: PartialEq> Index<T> {
    /// Indexes `(name, card)` pairs.
    pub fn new<S: Into<String>>(names: impl IntoIterator<Item = (S, T)>) -> Self {
        let names = names
            .into_iter()
            .map(|(name, card)| {
                let name = name.into();
                let prepared = Prepared::new(&name);
                (name, prepared, card)
            })
            .collect();
        Index { names }
    }

    /// The cards of every name, in the order given (a card with several
    /// names comes once for each).
    pub fn cards(&self) -> impl Iterator<Item = &T> {
        self.names.iter().map(|(_, _, card)| card)
    }

    /// How many names it holds.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True when it holds no name.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Up to `max` cards matching `query`, best first, each once (by its
    /// best name); ties keep the order the names were given in.
    pub fn rank(&self, query: &str, max: usize) -> Vec<Found<'_, T>> {
        let q = Prepared::new(&without_filler(query));
        let mut scratch = Scratch::default();
        let mut hits: Vec<Found<'_, T>> = self
            .names
            .iter()
            .map(|(name, prepared, card)| Found { name, card, score: score(&q, prepared, &mut scratch) })
            .filter(|h| h.score >= MIN_SCORE)
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score));
        let mut out: Vec<Found<'_, T>> = Vec::with_capacity(max.min(hits.len()));
        for h in hits {
            if out.len() == max {
                break;
            }
            if !out.iter().any(|o| o.card == h.card) {
                out.push(h);
            }
        }
        out
    }
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
    fn card_words_in_any_order_word_beginnings_and_filler_find_the_name() {
        let names =
            ["Apex Prowler", "Dusk Prowler", "Twinned Inferno", "Citadel of Dawnspire", "Sparkfiend Imp"];
        for (typed, meant) in [
            ("prowler apex", "Apex Prowler"),
            ("twin inferno", "Twinned Inferno"),
            ("dawnspire citadel", "Citadel of Dawnspire"),
            ("the card sparkfiend imp", "Sparkfiend Imp"),
            ("show me sparkfiend imp card", "Sparkfiend Imp"),
        ] {
            let hits = rank(typed, names);
            assert_eq!(hits.first().map(|h| h.name), Some(meant), "{typed}: {hits:?}");
            assert!(hits[0].score >= CLOSE_SCORE, "{typed}: shown without asking");
        }
        assert_eq!(without_filler("the crossroads inn"), "the crossroads inn");
        assert_eq!(without_filler("card"), "card", "nothing but filler: kept");
    }

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
    fn jaro_winkler_by_bytes_agrees_with_strsim() {
        for (a, b) in [
            ("martha", "marhta"),
            ("dwayne", "duane"),
            ("ember drak", "ember drake"),
            ("abc", "xyz"),
            ("a", "a"),
            // A shared prefix but a Jaro of 2/3: no prefix boost.
            ("abcd", "abxy"),
        ] {
            assert!((jaro_winkler(a, b) - strsim::jaro_winkler(a, b)).abs() < 1e-9, "{a} / {b}");
        }
    }

    #[test]
    fn did_you_mean_lists_one_or_several() {
        assert_eq!(did_you_mean(&["A".into()]), ", did you mean \"A\"?");
        assert_eq!(did_you_mean(&["A".into(), "B".into()]), ", did you mean \"A\" or \"B\"?");
    }
}
