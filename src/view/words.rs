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

/// The person's text quoted in a refusal: its [`excerpt`] in double quotes.
pub fn quote(text: &str) -> String {
    format!("\"{}\"", excerpt(text))
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
        if matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '[' | ']' | '@') {
            out.push('\\');
        }
        out.push(c);
    }
    out
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
    fn typed_names_lose_their_markdown() {
        assert_eq!(escape_markdown("**Al**"), "\\*\\*Al\\*\\*");
        assert_eq!(escape_markdown("<@1> [x](y)"), "\\<\\@1\\> \\[x\\](y)");
        assert_eq!(escape_markdown("Plain Name"), "Plain Name");
    }
}
