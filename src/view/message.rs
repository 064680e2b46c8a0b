//! The message model: what the table shows, shaped as Discord shows it (text,
//! one embed, buttons and selects) and held to Discord's limits. Front ends
//! translate it; the console prints it.

use serde::{Deserialize, Serialize};

/// Discord's limits, which every [`Message`] respects.
pub mod limits {
    /// Rows of components per message.
    pub const ROWS: usize = 5;
    /// Buttons per row.
    pub const BUTTONS_PER_ROW: usize = 5;
    /// Options of one select menu.
    pub const SELECT_OPTIONS: usize = 25;
    /// Characters of a button label.
    pub const BUTTON_LABEL: usize = 80;
    /// Characters of a select option's label, value or description.
    pub const OPTION_TEXT: usize = 100;
    /// Characters of a select placeholder.
    pub const PLACEHOLDER: usize = 150;
    /// Characters of a custom id.
    pub const CUSTOM_ID: usize = 100;
    /// Characters of a message's content.
    pub const CONTENT: usize = 2000;
    /// Characters of an embed title.
    pub const EMBED_TITLE: usize = 256;
    /// Characters of an embed description.
    pub const EMBED_DESCRIPTION: usize = 4096;
    /// Fields of an embed.
    pub const EMBED_FIELDS: usize = 25;
    /// Characters of a field name.
    pub const FIELD_NAME: usize = 256;
    /// Characters of a field value.
    pub const FIELD_VALUE: usize = 1024;
    /// Characters of an embed footer.
    pub const FOOTER: usize = 2048;
    /// Characters of a whole embed (title, description, fields, footer).
    pub const EMBED_TOTAL: usize = 6000;
    /// Characters of a thread name.
    pub const THREAD_NAME: usize = 100;
}

/// A message: text, an optional embed, components.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Message {
    /// Plain text above the embed.
    pub content: String,
    /// The embed, if any.
    pub embed: Option<Embed>,
    /// Buttons and selects; see [`Message::rows`] for the layout.
    pub components: Vec<Component>,
    /// The picture of the table that goes with it (the board, a hand):
    /// asked for by the view, drawn or dropped by the table (the
    /// `/settings board:` of whoever sees it), attached by the front end.
    /// Never stored.
    #[serde(skip)]
    pub picture: Option<Picture>,
}

/// A picture of the table for a [`Message`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picture {
    /// Which picture the message could carry, not drawn yet.
    Wanted {
        /// The match.
        match_id: i64,
        /// The version of the match the message shows.
        version: i64,
        /// `None`: the public board; else the seat whose hand it is.
        seat: Option<u8>,
    },
    /// Drawn: a PNG to attach, shown as the embed's image.
    Drawn(Attachment),
}

/// A drawn picture, as attached to a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file's name ("board.png"); the embed shows `attachment://<name>`.
    pub file_name: String,
    /// Its alt text (Discord's attachment `description`, at most 1024
    /// characters): the text board's summary.
    pub description: String,
    /// The PNG.
    pub png: std::sync::Arc<Vec<u8>>,
}

impl Message {
    /// The drawn picture this message carries, if any.
    pub fn attachment(&self) -> Option<&Attachment> {
        match &self.picture {
            Some(Picture::Drawn(a)) => Some(a),
            _ => None,
        }
    }
}

/// An embed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Embed {
    /// Title.
    pub title: String,
    /// Main text.
    pub description: String,
    /// Fields, in order.
    pub fields: Vec<EmbedField>,
    /// Small text at the bottom.
    pub footer: Option<String>,
}

/// One embed field.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EmbedField {
    /// Field name.
    pub name: String,
    /// Field text.
    pub value: String,
    /// Shown side by side with neighbours.
    pub inline: bool,
}

/// Colour of a button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ButtonStyle {
    /// Blurple: the usual choice.
    Primary,
    /// Grey: secondary choices, navigation.
    Secondary,
    /// Green: accept, confirm.
    Success,
    /// Red: decline, concede.
    Danger,
}

/// A message component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Component {
    /// A button.
    Button {
        /// Routing id (see `table::custom_id`).
        custom_id: String,
        /// Text on the button.
        label: String,
        /// Colour.
        style: ButtonStyle,
        /// Shown but not clickable.
        disabled: bool,
    },
    /// A select menu (takes a whole row).
    Select {
        /// Routing id; the chosen option's value comes with it.
        custom_id: String,
        /// Text shown before a choice.
        placeholder: String,
        /// The options.
        options: Vec<SelectOption>,
    },
}

/// One option of a select menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectOption {
    /// What the person reads.
    pub label: String,
    /// What comes back in [`RequestKind::Select`].
    pub value: String,
    /// A line under the label.
    pub description: Option<String>,
}

impl Component {
    /// An enabled button.
    pub fn button(custom_id: impl Into<String>, label: impl Into<String>, style: ButtonStyle) -> Self {
        Component::Button {
            custom_id: custom_id.into(),
            label: truncate(&label.into(), limits::BUTTON_LABEL),
            style,
            disabled: false,
        }
    }
    /// The routing id.
    pub fn custom_id(&self) -> &str {
        match self {
            Component::Button { custom_id, .. } | Component::Select { custom_id, .. } => custom_id,
        }
    }
}

/// The match the first of `components` that belongs to one is of.
pub fn components_match(components: &[Component]) -> Option<i64> {
    components.iter().find_map(|c| super::CustomId::decode(c.custom_id()).and_then(|id| id.match_id()))
}

impl Message {
    /// The match whose buttons this message carries (a hand, a board), if any.
    pub fn match_of(&self) -> Option<i64> {
        components_match(&self.components)
    }

    /// A message of plain text.
    pub fn text(content: impl Into<String>) -> Self {
        Message { content: truncate(&content.into(), limits::CONTENT), ..Default::default() }
    }

    /// The components laid out in rows: consecutive buttons fill rows of
    /// five; a select takes a row of its own.
    pub fn rows(&self) -> Vec<Vec<&Component>> {
        let mut rows: Vec<Vec<&Component>> = Vec::new();
        let mut open_button_row = false;
        for c in &self.components {
            match c {
                Component::Button { .. } => {
                    let full = rows.last().is_none_or(|r| r.len() >= limits::BUTTONS_PER_ROW);
                    if open_button_row && !full {
                        rows.last_mut().expect("open row exists").push(c);
                    } else {
                        rows.push(vec![c]);
                        open_button_row = true;
                    }
                }
                Component::Select { .. } => {
                    rows.push(vec![c]);
                    open_button_row = false;
                }
            }
        }
        rows
    }

    /// Every Discord limit this message breaks, in words (empty when it
    /// may be sent as is).
    pub fn limit_violations(&self) -> Vec<String> {
        let mut bad = Vec::new();
        let mut check = |what: &str, text: &str, max: usize| {
            let n = text.chars().count();
            if n > max {
                bad.push(format!("{what} has {n} characters (at most {max})"));
            }
        };
        check("content", &self.content, limits::CONTENT);
        if let Some(e) = &self.embed {
            check("embed title", &e.title, limits::EMBED_TITLE);
            check("embed description", &e.description, limits::EMBED_DESCRIPTION);
            for f in &e.fields {
                check("field name", &f.name, limits::FIELD_NAME);
                check("field value", &f.value, limits::FIELD_VALUE);
            }
            if let Some(footer) = &e.footer {
                check("footer", footer, limits::FOOTER);
            }
        }
        for c in &self.components {
            check("custom id", c.custom_id(), limits::CUSTOM_ID);
            match c {
                Component::Button { label, .. } => check("button label", label, limits::BUTTON_LABEL),
                Component::Select { placeholder, options, .. } => {
                    check("placeholder", placeholder, limits::PLACEHOLDER);
                    for o in options {
                        check("option label", &o.label, limits::OPTION_TEXT);
                        check("option value", &o.value, limits::OPTION_TEXT);
                        if let Some(d) = &o.description {
                            check("option description", d, limits::OPTION_TEXT);
                        }
                    }
                }
            }
        }
        if let Some(e) = &self.embed {
            if e.fields.len() > limits::EMBED_FIELDS {
                bad.push(format!("{} embed fields (at most {})", e.fields.len(), limits::EMBED_FIELDS));
            }
            if e.total_chars() > limits::EMBED_TOTAL {
                bad.push(format!(
                    "embed totals {} characters (at most {})",
                    e.total_chars(),
                    limits::EMBED_TOTAL
                ));
            }
        }
        for c in &self.components {
            if let Component::Select { options, .. } = c {
                if options.is_empty() || options.len() > limits::SELECT_OPTIONS {
                    bad.push(format!("a select with {} options (1 to 25)", options.len()));
                }
            }
        }
        let mut ids: Vec<&str> = self.components.iter().map(Component::custom_id).collect();
        ids.sort_unstable();
        if ids.windows(2).any(|w| w[0] == w[1]) {
            bad.push("two components share a custom id".to_owned());
        }
        let rows = self.rows().len();
        if rows > limits::ROWS {
            bad.push(format!("{rows} component rows (at most {})", limits::ROWS));
        }
        bad
    }
}

impl Embed {
    /// Characters counted against Discord's 6000 total.
    pub fn total_chars(&self) -> usize {
        let n = |s: &str| s.chars().count();
        n(&self.title)
            + n(&self.description)
            + self.fields.iter().map(|f| n(&f.name) + n(&f.value)).sum::<usize>()
            + self.footer.as_deref().map_or(0, n)
    }
}

/// `text` cut to at most `max` characters, ending in "…" when cut.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    if max == 0 {
        return String::new();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    // When all the cut leaves out of its line takes no room (zero-width
    // characters), the "…" would make that line wider than it was: a
    // visible character goes for it.
    let rest_of_line = text.chars().skip(max - 1).take_while(|c| *c != '\n');
    if rest_of_line.map(super::phone::char_columns).sum::<usize>() == 0 {
        while let Some(c) = out.pop() {
            if c == '\n' {
                out.push(c);
                break;
            }
            if super::phone::char_columns(c) > 0 {
                break;
            }
        }
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_fill_rows_of_five_and_selects_take_a_row() {
        let b = |i: usize| Component::button(format!("b{i}"), "x", ButtonStyle::Primary);
        let mut m = Message::text("hi");
        m.components = (0..7).map(b).collect();
        m.components.push(Component::Select {
            custom_id: "s".into(),
            placeholder: "p".into(),
            options: vec![SelectOption { label: "a".into(), value: "a".into(), description: None }],
        });
        m.components.push(b(9));
        let rows: Vec<usize> = m.rows().iter().map(Vec::len).collect();
        assert_eq!(rows, vec![5, 2, 1, 1]);
        assert!(m.limit_violations().is_empty());
    }

    #[test]
    fn truncate_counts_characters_not_bytes() {
        assert_eq!(truncate("ééééé", 3), "éé…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abc", 0), "");
    }
}
