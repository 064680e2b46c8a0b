//! Making text fit: Discord refuses a message over any limit, so every
//! builder ends with [`fit_message`], which cuts rather than fails.

use super::message::{limits, truncate, Component, Embed, Message, SelectOption};
use super::phone::char_columns;

/// Joins `lines` with newlines within `max` characters. When they do not
/// all fit, keeps the *last* ones (the newest events) and opens with a line
/// saying how many were left out.
pub fn join_within(lines: &[String], max: usize) -> String {
    let total: usize = lines.iter().map(|l| l.chars().count() + 1).sum();
    if total <= max + 1 {
        return lines.join("\n");
    }
    let mut kept: Vec<String> = Vec::new();
    let mut used = 0;
    // Room for the "… N earlier" line.
    let budget = max.saturating_sub(40);
    for line in lines.iter().rev() {
        let line = truncate(line, budget.clamp(1, 300));
        let n = line.chars().count() + 1;
        if used + n > budget {
            break;
        }
        used += n;
        kept.push(line);
    }
    let skipped = lines.len() - kept.len();
    kept.push(format!("… {skipped} earlier line{} not shown", if skipped == 1 { "" } else { "s" }));
    kept.reverse();
    truncate(&kept.join("\n"), max)
}

/// The widest line a board or a hand shows: what a phone held upright
/// holds without wrapping it in two.
pub const LINE_WIDTH: usize = super::phone::PHONE_COLUMNS;

/// The columns `s` takes on a phone, every character counted as written.
fn plain_columns(s: &str) -> usize {
    s.chars().map(char_columns).sum()
}

/// `text` cut to at most `width` columns on a phone, ending in "…" when cut.
pub fn cut_to_columns(text: &str, width: usize) -> String {
    if plain_columns(text) <= width {
        return text.to_owned();
    }
    let mut used = 1;
    let mut out: String = text
        .chars()
        .take_while(|&c| {
            used += char_columns(c);
            used <= width
        })
        .collect();
    out.push('…');
    out
}

/// `text` as lines of at most `width` columns: each line too long is
/// broken at the last " · " that fits, else at the last space, else cut;
/// continuation lines are indented by two spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    for line in text.split('\n') {
        let mut rest: String = line.to_owned();
        let mut indent = "";
        loop {
            let room = width - indent.len();
            if plain_columns(&rest) <= room {
                out.push(format!("{indent}{rest}"));
                break;
            }
            // Byte offset of the first character past the room (never the
            // first character, so every cut moves on).
            let mut used = 0;
            let limit = rest
                .char_indices()
                .find(|&(i, c)| {
                    used += char_columns(c);
                    used > room && i > 0
                })
                .map_or(rest.len(), |(i, _)| i);
            let head = &rest[..limit];
            let (cut, skip) = match head.rfind(" · ").filter(|i| *i > room / 3) {
                Some(i) => (i, " · ".len()),
                None => match head.rfind(' ').filter(|i| *i > room / 4) {
                    Some(i) => (i, 1),
                    None => (limit, 0),
                },
            };
            out.push(format!("{indent}{}", &rest[..cut]));
            rest = rest[cut + skip..].to_owned();
            indent = "  ";
        }
    }
    out
}

/// `items` joined with `sep` into lines of at most `width` characters
/// (an item too long for a line alone is wrapped by [`wrap`]).
pub fn pack(items: &[String], sep: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && plain_columns(&line) + plain_columns(sep) + plain_columns(item) <= width {
            line.push_str(sep);
            line.push_str(item);
            continue;
        }
        if !line.is_empty() {
            out.extend(wrap(&line, width));
        }
        line = item.clone();
    }
    if !line.is_empty() {
        out.extend(wrap(&line, width));
    }
    out
}

/// Cuts an embed down to every limit: title, description, field count,
/// field sizes, footer, then the 6000 total (longest block first).
pub fn fit_embed(e: &mut Embed) {
    e.title = truncate(&e.title, limits::EMBED_TITLE);
    e.description = truncate(&e.description, limits::EMBED_DESCRIPTION);
    if e.fields.len() > limits::EMBED_FIELDS {
        let extra = e.fields.len() - (limits::EMBED_FIELDS - 1);
        e.fields.truncate(limits::EMBED_FIELDS - 1);
        e.fields.push(super::message::EmbedField {
            name: "…".into(),
            value: format!("{extra} more not shown"),
            inline: false,
        });
    }
    for f in &mut e.fields {
        f.name = truncate(&f.name, limits::FIELD_NAME);
        f.value = truncate(&f.value, limits::FIELD_VALUE);
        if f.name.trim().is_empty() {
            f.name = "\u{200b}".into();
        }
        if f.value.trim().is_empty() {
            f.value = "\u{200b}".into();
        }
    }
    if let Some(footer) = &mut e.footer {
        *footer = truncate(footer, limits::FOOTER);
    }
    // Shrink the longest block until the whole fits.
    while e.total_chars() > limits::EMBED_TOTAL {
        let excess = e.total_chars() - limits::EMBED_TOTAL;
        let n = |s: &str| s.chars().count();
        let mut blocks: Vec<(usize, &mut String)> = vec![(n(&e.description), &mut e.description)];
        for f in &mut e.fields {
            blocks.push((n(&f.value), &mut f.value));
        }
        if let Some(footer) = &mut e.footer {
            blocks.push((n(footer), footer));
        }
        let Some((len, longest)) = blocks.into_iter().max_by_key(|(len, _)| *len) else { break };
        if len <= 1 {
            // Only titles and names remain: cut them.
            e.title = truncate(&e.title, e.title.chars().count().saturating_sub(excess).max(1));
            for f in &mut e.fields {
                f.name = truncate(&f.name, 20);
            }
            if e.total_chars() > limits::EMBED_TOTAL {
                e.fields.truncate(limits::EMBED_FIELDS / 2);
            }
            continue;
        }
        let keep = len.saturating_sub(excess).max(len / 2).max(1);
        *longest = truncate(longest, keep.min(len - 1));
    }
}

/// Cuts a whole message down to every limit (see [`Message::limit_violations`]):
/// text, embed, labels, options, and drops components beyond five rows.
pub fn fit_message(m: &mut Message) {
    m.content = truncate(&m.content, limits::CONTENT);
    if let Some(e) = &mut m.embed {
        fit_embed(e);
    }
    for c in &mut m.components {
        match c {
            Component::Button { label, .. } => {
                *label = truncate(label, limits::BUTTON_LABEL);
                if label.trim().is_empty() {
                    *label = "…".into();
                }
            }
            Component::Select { placeholder, options, .. } => {
                *placeholder = truncate(placeholder, limits::PLACEHOLDER);
                options.truncate(limits::SELECT_OPTIONS);
                for SelectOption { label, value, description } in options.iter_mut() {
                    *label = truncate(label, limits::OPTION_TEXT);
                    if label.trim().is_empty() {
                        *label = "…".into();
                    }
                    *value = truncate(value, limits::OPTION_TEXT);
                    if let Some(d) = description {
                        *d = truncate(d, limits::OPTION_TEXT);
                    }
                }
            }
        }
    }
    m.components.retain(|c| !matches!(c, Component::Select { options, .. } if options.is_empty()));
    let mut seen = std::collections::BTreeSet::new();
    m.components.retain(|c| {
        c.custom_id().chars().count() <= limits::CUSTOM_ID && seen.insert(c.custom_id().to_owned())
    });
    while m.rows().len() > limits::ROWS {
        m.components.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::message::EmbedField;

    #[test]
    fn join_within_keeps_the_newest_lines() {
        let lines: Vec<String> = (0..100).map(|i| format!("event number {i}")).collect();
        let text = join_within(&lines, 200);
        assert!(text.chars().count() <= 200);
        assert!(text.ends_with("event number 99"));
        assert!(text.starts_with('…'));
    }

    #[test]
    fn wrap_breaks_long_lines_at_dots_then_spaces_and_keeps_every_word() {
        let line =
            "Vitality 20 · Hand 7 cards · Archive 40 cards · Hollow 3 cards, top Ember Bolt · Pool empty";
        let lines = wrap(line, 40);
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:?}");
        assert_eq!(lines[0], "Vitality 20 · Hand 7 cards");
        let words =
            |s: &str| s.split([' ', '·']).filter(|w| !w.is_empty()).map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(words(&lines.join(" ")), words(line));
        assert_eq!(wrap("short", 40), vec!["short"]);
        let word = "x".repeat(100);
        assert!(wrap(&word, 40).iter().all(|l| l.chars().count() <= 40));
        assert_eq!(wrap(&word, 40).concat().replace(' ', ""), word);
    }

    #[test]
    fn pack_fills_lines_with_whole_items() {
        let items: Vec<String> = (0..10).map(|i| format!("Card number {i}")).collect();
        let lines = pack(&items, ", ", 35);
        assert!(lines.iter().all(|l| l.chars().count() <= 35), "{lines:?}");
        assert_eq!(lines[0], "Card number 0, Card number 1");
        assert_eq!(lines.join(", "), items.join(", "));
    }

    #[test]
    fn a_huge_embed_is_cut_to_6000() {
        let mut e = Embed {
            title: "t".repeat(1000),
            description: "d".repeat(9000),
            fields: (0..40)
                .map(|i| EmbedField { name: format!("f{i}"), value: "v".repeat(2000), inline: false })
                .collect(),
            footer: Some("f".repeat(3000)),
        };
        fit_embed(&mut e);
        let m = Message { embed: Some(e), ..Default::default() };
        assert_eq!(m.limit_violations(), Vec::<String>::new());
    }
}
