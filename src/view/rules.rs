//! A section of a game's rules or rulings as `/rule` shows it: the text
//! (in parts when it is longer than an embed holds), then buttons one click
//! from the sections around it: the one it is under, those under it, the
//! rulings that read it (or the rules a ruling reads), those it cites.

use super::custom_id::SectionRef;
use super::message::{limits, truncate, ButtonStyle, Component, Embed, EmbedField, Message};
use super::CustomId;

/// Characters of section text shown per part (the rest of the embed holds
/// the links, within Discord's 6000).
pub const PART_CHARS: usize = 3500;

/// Characters of a button label naming a section.
const LINK_LABEL: usize = 48;

/// Another section, one click away.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionLink {
    /// What the button says ("4.2.2a Extra characters discarded").
    pub label: String,
    /// The section it shows.
    pub to: SectionRef,
}

/// What a section answer holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SectionView {
    /// "Athernum · 4.2.2a Extra characters discarded".
    pub title: String,
    /// A line above the text ("4.3.5c.IIa is a point of 4.3.5c.").
    pub note: Option<String>,
    /// The section's text.
    pub body: String,
    /// This section (its `page` is the part shown).
    pub at: Option<SectionRef>,
    /// The small print ("Athernum rules reference · /rule <number or words>").
    pub footer: String,
    /// The section it is under.
    pub parent: Option<SectionLink>,
    /// The sections under it.
    pub children: Vec<SectionLink>,
    /// Rulings on a rule, or the rules a ruling reads, with their heading
    /// ("Rulings on this rule").
    pub related: (String, Vec<SectionLink>),
    /// Sections its text cites.
    pub cited: Vec<SectionLink>,
    /// Other sections matching the words asked.
    pub see_also: Vec<SectionLink>,
}

/// A link's button label: the section's title, cut short.
pub fn link_label(title: &str) -> String {
    truncate(title, LINK_LABEL)
}

/// `body` in parts of at most `max` characters, cut between lines (a line
/// longer than that between words).
pub fn section_parts(body: &str, max: usize) -> Vec<String> {
    fn push_piece(piece: &str, part: &mut String, parts: &mut Vec<String>, max: usize) {
        let len = |s: &str| s.chars().count();
        if !part.is_empty() && len(part) + 1 + len(piece) > max {
            parts.push(std::mem::take(part).trim_end().to_owned());
        }
        if !part.is_empty() {
            part.push('\n');
        }
        part.push_str(piece);
    }
    let mut parts: Vec<String> = Vec::new();
    let mut part = String::new();
    for line in body.trim().lines() {
        if line.chars().count() <= max {
            push_piece(line, &mut part, &mut parts, max);
            continue;
        }
        // A very long line: cut between words.
        let mut piece = String::new();
        for word in line.split(' ') {
            if !piece.is_empty() && piece.chars().count() + 1 + word.chars().count() > max {
                push_piece(&piece, &mut part, &mut parts, max);
                piece.clear();
            }
            if !piece.is_empty() {
                piece.push(' ');
            }
            piece.push_str(&truncate(word, max));
        }
        if !piece.is_empty() {
            push_piece(&piece, &mut part, &mut parts, max);
        }
    }
    if !part.trim().is_empty() || parts.is_empty() {
        parts.push(part.trim_end().to_owned());
    }
    parts
}

fn button(to: &SectionRef, label: &str, style: ButtonStyle) -> Component {
    Component::button(CustomId::Section(to.clone()).encode(), label, style)
}

fn list(links: &[SectionLink]) -> String {
    let mut out = String::new();
    for (i, l) in links.iter().enumerate() {
        let line = format!("• {}", l.label);
        if out.chars().count() + line.chars().count() + 1 > limits::FIELD_VALUE - 20 {
            out.push_str(&format!("\n… and {} more", links.len() - i));
            break;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&line);
    }
    out
}

/// The answer: the section's text (one part of it), the sections around
/// it listed, and a button for each (parts first, then the parent, the
/// children, the related, the cited, the see-also, as many as fit).
pub fn rule_section(v: &SectionView) -> Message {
    let parts = section_parts(&v.body, PART_CHARS);
    let page = v.at.as_ref().map_or(0, |a| (a.page as usize).min(parts.len() - 1));
    let mut description = String::new();
    if let Some(note) = &v.note {
        description.push_str(note);
        description.push_str("\n\n");
    }
    description.push_str(&parts[page]);
    if parts.len() > 1 {
        description.push_str(&format!("\n\n*(part {} of {})*", page + 1, parts.len()));
    }
    let mut fields = Vec::new();
    let mut field = |name: &str, links: &[SectionLink]| {
        if !links.is_empty() {
            fields.push(EmbedField { name: name.to_owned(), value: list(links), inline: false });
        }
    };
    field("Part of", v.parent.as_slice());
    field("Under it", &v.children);
    field(&v.related.0, &v.related.1);
    field("Cited", &v.cited);
    field("See also", &v.see_also);

    let mut components: Vec<Component> = Vec::new();
    if let Some(at) = &v.at {
        if page > 0 {
            let label = format!("◀ Part {}", page);
            components.push(button(&at.at_page(page as u32 - 1), &label, ButtonStyle::Secondary));
        }
        if page + 1 < parts.len() {
            let label = format!("Part {} ▶", page + 2);
            components.push(button(&at.at_page(page as u32 + 1), &label, ButtonStyle::Secondary));
        }
    }
    let links = [
        (v.parent.as_slice(), ButtonStyle::Secondary),
        (v.children.as_slice(), ButtonStyle::Primary),
        (v.related.1.as_slice(), ButtonStyle::Success),
        (v.cited.as_slice(), ButtonStyle::Secondary),
        (v.see_also.as_slice(), ButtonStyle::Secondary),
    ];
    let room = limits::ROWS * limits::BUTTONS_PER_ROW;
    for (group, style) in links {
        for link in group {
            let id = CustomId::Section(link.to.clone()).encode();
            let here = v.at.as_ref().is_some_and(|a| a.at_page(0) == link.to.at_page(0));
            if components.len() >= room || here || components.iter().any(|c| c.custom_id() == id) {
                continue;
            }
            components.push(Component::button(id, link_label(&link.label), style));
        }
    }
    let mut m = Message {
        content: String::new(),
        embed: Some(Embed {
            title: truncate(&v.title, limits::EMBED_TITLE),
            description,
            fields,
            footer: Some(v.footer.clone()),
        }),
        components,
        picture: None,
    };
    super::fit_message(&mut m);
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(key: &str) -> SectionRef {
        SectionRef { game: "g".into(), ruling: false, key: key.into(), page: 0 }
    }

    fn link(key: &str) -> SectionLink {
        SectionLink { label: format!("{key} Title"), to: at(key) }
    }

    #[test]
    fn a_long_section_comes_in_parts_each_within_the_limit() {
        let body = (0..400).map(|i| format!("Line {i} of a long section.")).collect::<Vec<_>>().join("\n");
        let parts = section_parts(&body, PART_CHARS);
        assert!(parts.len() >= 3, "{}", parts.len());
        assert!(parts.iter().all(|p| p.chars().count() <= PART_CHARS));
        assert_eq!(parts.join("\n"), body, "nothing lost between parts");
        let one_line = "word ".repeat(2000);
        let parts = section_parts(&one_line, PART_CHARS);
        assert!(parts.len() >= 2 && parts.iter().all(|p| p.chars().count() <= PART_CHARS));

        let v = SectionView {
            title: "G · 1 Long".into(),
            body,
            at: Some(at("1").at_page(1)),
            ..Default::default()
        };
        let m = rule_section(&v);
        assert!(m.limit_violations().is_empty(), "{:?}", m.limit_violations());
        let labels: Vec<String> = m
            .components
            .iter()
            .map(|c| match c {
                Component::Button { label, .. } => label.clone(),
                Component::Select { .. } => String::new(),
            })
            .collect();
        assert_eq!(labels[..2], ["◀ Part 1".to_owned(), "Part 3 ▶".to_owned()]);
        assert!(m.embed.unwrap().description.contains("(part 2 of "));
    }

    #[test]
    fn links_become_buttons_once_each_within_five_rows() {
        let v = SectionView {
            title: "G · 4.2.2".into(),
            body: "Text.".into(),
            at: Some(at("4.2.2")),
            parent: Some(link("4.2.0")),
            children: (0..30).map(|i| link(&format!("4.2.2x{i}"))).collect(),
            cited: vec![link("4.2.0"), link("4.2.2")],
            ..Default::default()
        };
        let m = rule_section(&v);
        assert!(m.limit_violations().is_empty(), "{:?}", m.limit_violations());
        assert_eq!(m.components.len(), 25);
        assert_eq!(m.components[0].custom_id(), "rule:g:r:4.2.0:0", "the parent first");
        let fields = m.embed.unwrap().fields;
        assert_eq!(fields[0].name, "Part of");
        assert!(fields[1].value.contains("4.2.2x29") || fields[1].value.contains("more"));
    }
}
