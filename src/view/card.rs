//! Card lookup embeds.

use super::fit::fit_message;
use crate::cards::spheres::{CardDef, SpellKind};
use crate::table::protocol::{Embed, EmbedField, Message};

/// The embed for a Spheres card: both halves, code and sphere.
pub fn spheres_card(card: &CardDef) -> Message {
    let c = &card.creature;
    let s = &card.spell;
    let sphere = match card.dual {
        Some(d) => format!("{} / {}", card.sphere.name(), d.name()),
        None => card.sphere.name().to_owned(),
    };
    let mut creature = vec![format!(
        "Cost {}{} · Strength {} · {}{}",
        c.cost,
        if c.inverted { " (inverted: face down only)" } else { "" },
        c.strength,
        c.race,
        c.kind.as_deref().map(|k| format!(" · [{k}]")).unwrap_or_default()
    )];
    if !c.text.is_empty() {
        creature.push(c.text.clone());
    }
    let kind = match s.kind {
        SpellKind::Instant => "Instant",
        SpellKind::Active => "Active",
        SpellKind::Attach => "Attach",
    };
    let mut spell = vec![format!(
        "Cost {}{} · {kind}",
        s.cost,
        if s.inverted { " (inverted: cannot be cast)" } else { "" }
    )];
    if !s.text.is_empty() {
        spell.push(s.text.clone());
    }
    let mut m = Message {
        content: String::new(),
        embed: Some(Embed {
            title: format!("{} / {}", c.name, s.name),
            description: format!("{sphere} · `{}`", card.code),
            fields: vec![
                EmbedField {
                    name: format!("Creature — {}", c.name),
                    value: creature.join("\n"),
                    inline: false,
                },
                EmbedField { name: format!("Spell — {}", s.name), value: spell.join("\n"), inline: false },
            ],
            footer: Some("Spheres".into()),
        }),
        components: vec![],
    };
    fit_message(&mut m);
    m
}
