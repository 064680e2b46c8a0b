//! `/rule`'s answers as a judge gives them: the section that settles the
//! question, the rulings on it, the sections around it, then "see also";
//! and the refusals for a number or words no section has.

use super::rulebook::{how_to_ask, Number, Part, Rulebook, Section};
use crate::games::GameId;
use crate::view::{self, quote, SectionLink, SectionRef, SectionView};

/// The answer showing `section` (part `page` of it), linked to the
/// sections around it; `see_also` are other matches of the words asked.
pub fn section_answer(
    game: GameId,
    book: &Rulebook<'_>,
    section: &Section<'_>,
    page: u32,
    note: Option<String>,
    see_also: &[&Section<'_>],
) -> view::Message {
    // "Ruling" sets a ruling apart from the rule of the same number, where
    // the game has a rules reference; otherwise every section is one.
    let apart = book.sections().iter().any(|s| s.part == Part::Rules);
    let link = |s: &Section<'_>| -> Option<SectionLink> {
        let to = SectionRef {
            game: game.key().to_owned(),
            ruling: s.part == Part::Rulings,
            key: s.key()?,
            page: 0,
        };
        let label = match s.part {
            Part::Rules => s.title.to_owned(),
            Part::Rulings if apart => format!("Ruling {}", s.title),
            Part::Rulings => s.title.to_owned(),
        };
        Some(SectionLink { label, to })
    };
    let links = |list: Vec<&Section<'_>>| list.into_iter().filter_map(link).collect::<Vec<_>>();
    let related = match section.part {
        Part::Rules => "Rulings on this rule",
        Part::Rulings => "Rules it reads",
    };
    let footer = match section.part {
        Part::Rules => format!("{} rules reference · /rule query:<number or words>", game.name()),
        Part::Rulings => format!("{} rulings (docs/rulings) · /rule query:<number or words>", game.name()),
    };
    let title = match section.part {
        Part::Rules => format!("{} · {}", game.name(), section.title),
        Part::Rulings if apart => format!("{} · Ruling {}", game.name(), section.title),
        Part::Rulings => format!("{} · {}", game.name(), section.title),
    };
    // Each section is listed once: as the parent, a child, a related
    // section, a citation or a further match, in that order.
    let parent = book.parent(section);
    let children = book.children(section);
    let related_sections = book.related(section);
    let shown = |s: &Section<'_>| {
        parent.is_some_and(|p| p == s) || children.contains(&s) || related_sections.contains(&s)
    };
    let cited: Vec<&Section<'_>> = book.cited(section).into_iter().filter(|c| !shown(c)).collect();
    let more: Vec<&Section<'_>> =
        see_also.iter().copied().filter(|m| !shown(m) && !cited.iter().any(|c| c == m)).collect();
    let v = SectionView {
        title,
        note,
        body: section.body.trim().to_owned(),
        at: link(section).map(|l| l.to.at_page(page)),
        footer,
        parent: parent.and_then(link),
        children: links(children.clone()),
        related: (related.to_owned(), links(related_sections.clone())),
        cited: links(cited),
        see_also: links(more),
    };
    view::rule_section(&v)
}

/// The refusal for a number no section has: the nearest section above it
/// and what is under that, and how to ask.
pub fn number_miss(game: GameId, book: &Rulebook<'_>, number: &Number) -> String {
    let mut text = format!("No {} rule or ruling is numbered {}.", game.name(), quote(&number.text));
    match book.nearest_above(number) {
        Some(above) => {
            let under: Vec<String> = book
                .children(above)
                .iter()
                .filter_map(|s| s.number.as_ref().map(|n| n.text.clone()))
                .collect();
            text.push_str(&format!(" The nearest is {}", above.title));
            if under.is_empty() {
                text.push('.');
            } else {
                text.push_str(&format!(", which holds {}.", under.join(", ")));
            }
        }
        None => {
            let roots: Vec<&str> = book.roots().iter().map(|s| s.title).take(15).collect();
            if !roots.is_empty() {
                text.push_str(&format!(" The rules start at: {}.", roots.join("; ")));
            }
        }
    }
    text.push(' ');
    text.push_str(&how_to_ask(book.sections()));
    text
}

/// The refusal for words no section holds: the closest topics, and how to ask.
pub fn words_miss(game: GameId, book: &Rulebook<'_>, query: &str) -> String {
    let mut closest = book.closest_topics(query, 5);
    if closest.is_empty() {
        closest = book.roots().iter().map(|s| s.title).take(15).collect();
    }
    if closest.is_empty() {
        closest = book.sections().iter().map(|s| s.title).take(15).collect();
    }
    let rules = book.sections().iter().any(|s| s.part == Part::Rules);
    let head = format!(
        "No {} ruling mentions {}{}. {} Closest topics: ",
        game.name(),
        quote(query),
        if rules { ", and no rule does" } else { "" },
        how_to_ask(book.sections()),
    );
    // A refusal stays short on a phone: topics are listed while they fit.
    let mut text = head;
    for (i, topic) in closest.iter().enumerate() {
        let sep = if i == 0 { "" } else { "; " };
        if i > 0 && text.chars().count() + sep.len() + topic.chars().count() > MISS_REPLY_CHARS {
            break;
        }
        text.push_str(sep);
        text.push_str(topic);
    }
    text.push('.');
    text
}

/// The longest reply to a query no section answers, in characters.
const MISS_REPLY_CHARS: usize = 560;
