//! Card look-up embeds, from any game's neutral card sheet.

use super::fit::fit_message;
use super::message::{Embed, EmbedField, Message};
use crate::cards::CardSheet;

/// The embed `/card` shows: title, a line under it, one field per section,
/// then the starter decks holding the card and the rulings naming it.
pub fn card_sheet(game: &str, sheet: &CardSheet) -> Message {
    let mut fields: Vec<EmbedField> = sheet
        .sections
        .iter()
        .map(|(name, lines)| EmbedField { name: name.clone(), value: lines.join("\n"), inline: false })
        .collect();
    if !sheet.decks.is_empty() {
        fields.push(EmbedField {
            name: "In starter decks".into(),
            value: sheet.decks.join(", "),
            inline: false,
        });
    }
    if !sheet.rulings.is_empty() {
        let value = sheet.rulings.iter().map(|r| format!("• {r}")).collect::<Vec<_>>().join("\n");
        fields.push(EmbedField { name: "Rulings (see /rule)".into(), value, inline: false });
    }
    let mut m = Message {
        content: String::new(),
        embed: Some(Embed {
            title: sheet.title.clone(),
            description: sheet.subtitle.clone(),
            fields,
            footer: Some(game.to_owned()),
        }),
        components: vec![],
        picture: None,
    };
    fit_message(&mut m);
    m
}
