//! Lists of names in a sentence, and a person's own text quoted in one.

use super::truncate;

/// The most characters of the person's own text that a refusal quotes.
pub const QUOTE_CHARS: usize = 60;

/// The start of the person's text as a refusal shows it: trimmed, and at
/// most [`QUOTE_CHARS`] characters (cut between characters, ending in "…"),
/// so that a pasted essay is answered by a short, clear message.
pub fn excerpt(text: &str) -> String {
    truncate(text.trim(), QUOTE_CHARS)
}

/// The person's text quoted in a refusal: its [`excerpt`] in double
/// quotes, its markdown escaped ([`escape_markdown`]), so a quoted
/// `**x**` or `<@&role>` shows as typed and pings nobody.
pub fn quote(text: &str) -> String {
    format!("\"{}\"", escape_markdown(&excerpt(text)))
}

/// "Bob", "Bob and Carol", "Bob, Carol and Dave".
pub fn and_list<S: AsRef<str>>(names: &[S]) -> String {
    joined(names, "and")
}

/// "Bob", "Bob or Carol", "Bob, Carol or Dave".
pub fn or_list<S: AsRef<str>>(names: &[S]) -> String {
    joined(names, "or")
}

/// Text someone typed (a display name, a deck name), shown as itself in
/// Discord markdown: `*bold*`, `__underline__`, `` `code` ``, `> quote`,
/// `[link](…)` and `<@mention>` lose their meaning.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_markdown_char(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Takes back [`escape_markdown`], for the places Discord shows text as
/// typed (thread names, button and menu labels) and for the terminal.
pub fn unescape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next) = chars.peek() {
                if is_markdown_char(next) {
                    out.push(next);
                    chars.next();
                    continue;
                }
            }
        }
        out.push(c);
    }
    out
}

/// Whether [`escape_markdown`] escapes `c`.
pub fn is_markdown_char(c: char) -> bool {
    matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '[' | ']' | '@')
}

/// Letters and symbols that show as nothing, though Unicode files them
/// as visible (issue 54): the Hangul fillers (U+115F, U+1160, U+3164,
/// U+FFA0), the blank Braille pattern (U+2800), the Khmer inherent vowels
/// (U+17B4, U+17B5), the combining grapheme joiner (U+034F) and the
/// Mongolian variation selectors (U+180B–U+180D). "Bob\u{3164}" would
/// show as "Bob", and a name of them alone as nothing.
const BLANK_LOOKING: &[char] = &[
    '\u{115F}', '\u{1160}', '\u{3164}', '\u{FFA0}', '\u{2800}', '\u{17B4}', '\u{17B5}', '\u{034F}',
    '\u{180B}', '\u{180C}', '\u{180D}',
];

/// Whether `c` changes how the text around it reads without showing
/// itself (Unicode general categories Cc, Cf, Zl, Zp): control
/// characters, right-to-left overrides and isolates, zero-width spaces and
/// joiners, soft hyphens, line and paragraph separators; and the
/// characters that look blank though filed as visible ([`BLANK_LOOKING`]).
pub fn is_hidden_char(c: char) -> bool {
    use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
    matches!(
        c.general_category(),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
    ) || BLANK_LOOKING.contains(&c)
}

/// Longest display name kept (Discord's own limit for nicknames).
pub const NAME_CHARS: usize = 32;

/// A display name as posts show it: without hidden characters
/// ([`is_hidden_char`]: a right-to-left override would turn the rest of a
/// line around), spaces collapsed, at most [`NAME_CHARS`] characters;
/// "someone" when nothing is left. Markdown stays: it is escaped where the
/// name is shown ([`escape_markdown`]).
pub fn clean_name(name: &str) -> String {
    let visible: String = name.chars().map(|c| if is_hidden_char(c) { ' ' } else { c }).collect();
    let words: Vec<&str> = visible.split_whitespace().collect();
    let joined = words.join(" ");
    if joined.is_empty() {
        return "someone".to_owned();
    }
    joined.chars().take(NAME_CHARS).collect()
}

/// A member's display name as the table keeps and shows it: cleaned
/// ([`clean_name`]) and markdown-escaped ([`escape_markdown`]), so every
/// post shows it as typed (a `[link](…)` or `**bold**` name stays text).
/// Where Discord shows text as typed, [`unescape_markdown`] takes the
/// escapes back.
pub fn display_name(name: &str) -> String {
    escape_markdown(&clean_name(name))
}

fn joined<S: AsRef<str>>(names: &[S], word: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(|n| n.as_ref()).collect();
            format!("{} {word} {}", rest.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_as_a_sentence() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["Bob"]), "Bob");
        assert_eq!(and_list(&["Bob", "Carol"]), "Bob and Carol");
        assert_eq!(or_list(&["Bob", "Carol", "Dave"]), "Bob, Carol or Dave");
    }

    #[test]
    fn escaped_text_reads_back_as_typed() {
        for text in ["**Al**", "<@1> [x](y)", "back\\slash", "a\\b", "_x_ ~y~ `z` |w| >v @u"] {
            assert_eq!(unescape_markdown(&escape_markdown(text)), text);
        }
    }

    #[test]
    fn names_lose_hidden_characters_only() {
        assert_eq!(clean_name("Bob\u{202E}kcah"), "Bob kcah");
        assert_eq!(clean_name("\u{2067}Mallory\u{2069}"), "Mallory");
        assert_eq!(clean_name("Al\u{200B}ice\u{0007}"), "Al ice");
        assert_eq!(clean_name("  **Bob**  the   _great_ "), "**Bob** the _great_");
        assert_eq!(clean_name("\u{200D}\u{202E}"), "someone");
        assert_eq!(clean_name(&"x".repeat(100)).chars().count(), NAME_CHARS);
        assert_eq!(clean_name("Zoë 🙂"), "Zoë 🙂");
    }

    /// Issue 54: characters that look blank though Unicode calls them
    /// letters or symbols go, so "Bob\u{3164}" is no second "Bob".
    #[test]
    fn names_lose_blank_looking_characters() {
        assert_eq!(clean_name("Bob\u{3164}"), "Bob");
        assert_eq!(clean_name("\u{2800}\u{3164}\u{FFA0}"), "someone");
        assert_eq!(clean_name("Al\u{115F}\u{1160}ice"), "Al ice");
        assert!(is_hidden_char('\u{2800}') && is_hidden_char('\u{3164}'));
    }

    #[test]
    fn typed_names_lose_their_markdown() {
        assert_eq!(escape_markdown("**Al**"), "\\*\\*Al\\*\\*");
        assert_eq!(escape_markdown("<@1> [x](y)"), "\\<\\@1\\> \\[x\\](y)");
        assert_eq!(escape_markdown("Plain Name"), "Plain Name");
    }
}
