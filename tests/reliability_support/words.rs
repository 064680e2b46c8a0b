//! Whole-word search for card names in shown text.

/// The byte offset of the first whole-word occurrence of `name` in `text`:
/// not inside a longer word ("Drake" is not found in "Drakes" or "Mandrake").
pub fn find_word(text: &str, name: &str) -> Option<usize> {
    if name.is_empty() {
        return None;
    }
    let word_char = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut from = 0;
    while let Some(i) = text[from..].find(name) {
        let start = from + i;
        let end = start + name.len();
        let before = text[..start].chars().next_back();
        let after = text[end..].chars().next();
        if !word_char(before) && !word_char(after) {
            return Some(start);
        }
        from = start + name.chars().next().map_or(1, char::len_utf8);
    }
    None
}

/// The first of `names` found as a whole word in `text`, with the text
/// around it.
pub fn first_leak<'a>(text: &str, names: impl IntoIterator<Item = &'a String>) -> Option<(String, String)> {
    names.into_iter().find_map(|n| find_word(text, n).map(|at| (n.clone(), excerpt(text, at, n.len()))))
}

/// Up to 60 characters either side of `text[at..at + len]`.
pub fn excerpt(text: &str, at: usize, len: usize) -> String {
    let start = text[..at].char_indices().rev().nth(59).map_or(0, |(i, _)| i);
    let end = text[at + len..].char_indices().nth(60).map_or(text.len(), |(i, _)| at + len + i);
    format!("…{}…", &text[start..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_words_only() {
        assert_eq!(find_word("Bob summons Ember Drake.", "Ember Drake"), Some(12));
        assert_eq!(find_word("Ember Drakes", "Ember Drake"), None);
        assert_eq!(find_word("a Mandrake, then Drake", "Drake"), Some(17));
        assert_eq!(find_word("«Drake»", "Drake"), Some(2));
        assert_eq!(find_word("", "Drake"), None);
    }
}
