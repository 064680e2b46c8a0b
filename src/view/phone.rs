//! How a message reads on a phone held upright: about 40 columns a line.
//! These measures are what `cardtable chatsim` reports for the boards it
//! sees and what the tests hold the boards and hands to.

use unicode_width::UnicodeWidthChar;

use super::message::{Component, Message};

/// The columns of a phone held upright.
pub const PHONE_COLUMNS: usize = 40;

/// The columns `c` takes on a phone: wide characters (CJK) and emoji two,
/// combining marks and joiners none, everything else one.
pub(crate) fn char_columns(c: char) -> usize {
    let emoji =
        matches!(u32::from(c), 0x1F000..=0x1FAFF | 0x2300..=0x23FF | 0x2600..=0x27BF | 0x2B00..=0x2BFF);
    match c.width() {
        _ if emoji => 2,
        Some(w) => w,
        None => 0,
    }
}

/// The columns `text` takes as a reader sees it: Markdown's bold and
/// underline marks (`**`, `__`) and escaping backslashes take none.
pub fn columns(text: &str) -> usize {
    let shown = text.replace("**", "").replace("__", "").replace("\\", "");
    shown.chars().filter(|c| *c != '\u{FE0F}').map(char_columns).sum()
}

/// The rows one line of text takes at `width` columns, wrapped at spaces
/// as a phone does (a word longer than a row is broken inside it).
pub fn rows_of_line(line: &str, width: usize) -> usize {
    let mut rows = 1;
    let mut used = 0;
    for word in line.split(' ') {
        let w = columns(word);
        let need = if used == 0 { w } else { used + 1 + w };
        if need <= width {
            used = need;
            continue;
        }
        if used > 0 {
            rows += 1;
        }
        // A word wider than a row fills rows of its own.
        rows += w.saturating_sub(1) / width;
        used = match w % width {
            0 if w > 0 => width,
            r => r,
        };
    }
    rows
}

/// The rows `text` takes at [`PHONE_COLUMNS`]: each of its lines wrapped.
pub fn rows_of_text(text: &str) -> usize {
    if text.is_empty() {
        return 0;
    }
    text.lines().map(|l| rows_of_line(l, PHONE_COLUMNS)).sum()
}

/// The rows a message takes on a phone: its text, the embed's title,
/// description, fields (name and value) and footer, each line wrapped at
/// [`PHONE_COLUMNS`], and its components: a select menu is a row, and a
/// row of buttons as many rows as its buttons fill, each button its
/// label and four columns of padding wide. The picture is left out (it is
/// sized on its own).
pub fn phone_rows(m: &Message) -> usize {
    let embed = m.embed.as_ref().map_or(0, |e| {
        rows_of_text(&e.title)
            + rows_of_text(&e.description)
            + e.fields.iter().map(|f| rows_of_text(&f.name) + rows_of_text(&f.value)).sum::<usize>()
            + e.footer.as_deref().map_or(0, rows_of_text)
    });
    let buttons: usize = m
        .rows()
        .iter()
        .map(|row| {
            let mut rows = 0;
            let mut used = PHONE_COLUMNS;
            for c in row {
                let w = match c {
                    Component::Button { label, .. } => (columns(label) + 4).min(PHONE_COLUMNS),
                    Component::Select { .. } => PHONE_COLUMNS,
                };
                if used + 1 + w > PHONE_COLUMNS {
                    rows += 1;
                    used = w;
                } else {
                    used += 1 + w;
                }
            }
            rows
        })
        .sum();
    rows_of_text(&m.content) + embed + buttons
}

/// Each choice of `m` as (what it does, its label): a button's id, or a
/// select's id with the option's value.
fn choices(m: &Message) -> Vec<(String, &str)> {
    let mut out = Vec::new();
    for c in &m.components {
        match c {
            Component::Button { custom_id, label, .. } => out.push((custom_id.clone(), label.as_str())),
            Component::Select { custom_id, options, .. } => {
                out.extend(options.iter().map(|o| (format!("{custom_id}/{}", o.value), o.label.as_str())))
            }
        }
    }
    out
}

/// The labels of `m`'s choices, in order.
pub fn labels(m: &Message) -> Vec<String> {
    choices(m).into_iter().map(|(_, l)| l.to_owned()).collect()
}

/// Whether two different choices of `m` share a label (a reader cannot
/// tell them apart).
pub fn same_label_choices(m: &Message) -> bool {
    let all = choices(m);
    all.iter()
        .enumerate()
        .any(|(i, (id, label))| all[i + 1..].iter().any(|(id2, l2)| l2 == label && id2 != id))
}

/// The labels of `m` cut with "…" (a button or an option whose end the
/// reader does not see).
pub fn cut_labels(m: &Message) -> Vec<String> {
    choices(m).into_iter().filter(|(_, l)| l.ends_with('…')).map(|(_, l)| l.to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_wraps_at_spaces_on_forty_columns() {
        assert_eq!(rows_of_line("", 40), 1);
        assert_eq!(rows_of_line(&"a".repeat(40), 40), 1);
        assert_eq!(rows_of_line(&"a".repeat(41), 40), 2);
        // Two 25-letter words do not share a row.
        assert_eq!(rows_of_line(&format!("{} {}", "a".repeat(25), "b".repeat(25)), 40), 2);
        assert_eq!(rows_of_line(&format!("{} {}", "a".repeat(19), "b".repeat(20)), 40), 1);
        // Bold marks take no room; emoji take two.
        assert_eq!(columns("**Alice** ⏳"), 8);
        assert_eq!(rows_of_line(&"⏳".repeat(21), 40), 2);
    }

    #[test]
    fn a_message_counts_its_text_embed_and_button_rows() {
        use crate::view::{ButtonStyle, Embed};
        let m = Message {
            content: "Alice to act.".into(),
            embed: Some(Embed {
                title: "Alice vs Bob".into(),
                description: format!("{}\nTurn 2", "x ".repeat(30)),
                fields: vec![],
                footer: Some("Match #1".into()),
            }),
            components: vec![
                Component::button("a", "My hand", ButtonStyle::Secondary),
                Component::button("b", "Concede", ButtonStyle::Danger),
                Component::button("c", "Attack with the Ember Drake", ButtonStyle::Primary),
            ],
            picture: None,
        };
        // 1 + 1 + (2 + 1) + 1 text rows; buttons: 11 + 1 + 11 fit a row, then 31.
        assert_eq!(phone_rows(&m), 6 + 2);
    }

    #[test]
    fn two_choices_with_one_label_are_found() {
        use crate::view::ButtonStyle;
        let mut m = Message {
            components: vec![
                Component::button("a", "Block Owl", ButtonStyle::Primary),
                Component::button("b", "Block Owl", ButtonStyle::Primary),
            ],
            ..Message::default()
        };
        assert!(same_label_choices(&m));
        m.components[1] = Component::button("b", "Block Owl #2", ButtonStyle::Primary);
        assert!(!same_label_choices(&m));
        m.components.push(Component::button("c", "Cast a very long…", ButtonStyle::Primary));
        assert_eq!(cut_labels(&m), vec!["Cast a very long…".to_owned()]);
    }
}
