//! Protocol messages → serenity builders.
//!
//! The table already aims at Discord's limits; this is the last line of
//! defence. [`fit`] clamps a [`Message`] to every limit (and the rules the
//! limits table forgets: no empty label, no duplicate id, at least one
//! option), then the `to_*` functions convert it one to one. A message that
//! Discord would refuse never leaves this module.

use serenity::all::{
    ButtonStyle as DiscordButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateEmbed, CreateEmbedFooter, CreateInteractionResponseFollowup, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditAttachments, EditInteractionResponse,
    EditMessage,
};

use crate::table::UserId;
use crate::view::{
    limits, truncate, unescape_markdown, Attachment, ButtonStyle, Component, Embed, EmbedField, Message,
    Picture, SelectOption,
};

/// Stands in for text Discord requires but the message left empty.
const BLANK: &str = "\u{200b}";

/// The accent colour of every embed (a card-table green).
const EMBED_COLOUR: u32 = 0x2e_8b_57;

/// Characters of an attachment's description (its alt text).
const ALT_TEXT: usize = 1024;

/// How much of the embed description survives when fields crowd it out.
const DESCRIPTION_RESERVE: usize = 1024;

/// `message` cut to fit every Discord limit: text truncated with "…",
/// surplus fields, rows, options and duplicate ids dropped, empty labels
/// filled. A message that already fits comes back unchanged.
pub fn fit(message: &Message) -> Message {
    let embed = message.embed.as_ref().map(fit_embed).filter(|e| !embed_is_empty(e));
    let components = fit_components(&message.components);
    let mut content = truncate(&message.content, limits::CONTENT);
    if content.trim().is_empty() && embed.is_none() {
        // Discord refuses a message with neither text nor embed.
        content = BLANK.to_owned();
    }
    // Only a drawn picture goes out; one the table did not draw is dropped.
    let picture = message
        .attachment()
        .map(|a| Picture::Drawn(Attachment { description: truncate(&a.description, ALT_TEXT), ..a.clone() }));
    Message { content, embed, components, picture }
}

/// The file of a drawn picture, with its alt text.
fn to_file(a: &Attachment) -> CreateAttachment {
    let file = CreateAttachment::bytes(a.png.as_slice(), &a.file_name);
    if a.description.trim().is_empty() {
        file
    } else {
        file.description(&a.description)
    }
}

/// The embed of a fitted message, showing its picture (if any) as its image.
fn to_embed_of(m: &Message) -> Option<CreateEmbed> {
    let embed = m.embed.as_ref().map(to_embed)?;
    Some(match m.attachment() {
        Some(a) => embed.attachment(&a.file_name),
        None => embed,
    })
}

fn fit_embed(embed: &Embed) -> Embed {
    let count = |s: &str| s.chars().count();
    let title = truncate(&embed.title, limits::EMBED_TITLE);
    let footer =
        embed.footer.as_deref().map(|f| truncate(f, limits::FOOTER)).filter(|f| !f.trim().is_empty());
    let mut fields: Vec<EmbedField> = embed
        .fields
        .iter()
        .take(limits::EMBED_FIELDS)
        .map(|f| EmbedField {
            name: non_empty(truncate(&f.name, limits::FIELD_NAME)),
            value: non_empty(truncate(&f.value, limits::FIELD_VALUE)),
            inline: f.inline,
        })
        .collect();
    let description = truncate(&embed.description, limits::EMBED_DESCRIPTION);

    // The 6000 total: fields go from the end first, keeping some of the
    // description (on a board, the events since the last one).
    let fixed = count(&title) + footer.as_deref().map_or(0, count);
    let field_chars =
        |fields: &[EmbedField]| fields.iter().map(|f| count(&f.name) + count(&f.value)).sum::<usize>();
    let reserve = count(&description).min(DESCRIPTION_RESERVE);
    while !fields.is_empty() && fixed + field_chars(&fields) + reserve > limits::EMBED_TOTAL {
        fields.pop();
    }
    let room = limits::EMBED_TOTAL.saturating_sub(fixed + field_chars(&fields));
    Embed { title, description: truncate(&description, room), fields, footer }
}

fn embed_is_empty(e: &Embed) -> bool {
    e.title.trim().is_empty() && e.description.trim().is_empty() && e.fields.is_empty() && e.footer.is_none()
}

fn non_empty(text: String) -> String {
    if text.trim().is_empty() {
        BLANK.to_owned()
    } else {
        text
    }
}

fn fit_components(components: &[Component]) -> Vec<Component> {
    let mut seen_ids: Vec<&str> = Vec::new();
    let mut kept = Vec::new();
    for c in components {
        let id = c.custom_id();
        // An id Discord would refuse, or a twin it would refuse the whole message for.
        if id.is_empty() || id.chars().count() > limits::CUSTOM_ID || seen_ids.contains(&id) {
            tracing::warn!(custom_id = id, "dropping a component with an unusable or duplicate custom id");
            continue;
        }
        if let Some(fitted) = fit_component(c) {
            seen_ids.push(id);
            kept.push(fitted);
        }
    }
    // Keep what fits in five rows, in order.
    let mut message = Message { components: kept, ..Message::default() };
    while message.rows().len() > limits::ROWS {
        message.components.pop();
    }
    message.components
}

fn fit_component(c: &Component) -> Option<Component> {
    Some(match c {
        Component::Button { custom_id, label, style, disabled } => Component::Button {
            custom_id: custom_id.clone(),
            label: truncate(&non_empty_label(label), limits::BUTTON_LABEL),
            style: *style,
            disabled: *disabled,
        },
        Component::Select { custom_id, placeholder, options } => {
            let mut values: Vec<&str> = Vec::new();
            let mut fitted = Vec::new();
            for o in options {
                let unusable = o.value.is_empty() || o.value.chars().count() > limits::OPTION_TEXT;
                if unusable || values.contains(&o.value.as_str()) {
                    // A cut value would route to the wrong choice; a twin is refused.
                    continue;
                }
                values.push(&o.value);
                fitted.push(SelectOption {
                    label: truncate(&non_empty_label(&o.label), limits::OPTION_TEXT),
                    value: o.value.clone(),
                    description: o
                        .description
                        .as_deref()
                        .filter(|d| !d.trim().is_empty())
                        .map(|d| truncate(d, limits::OPTION_TEXT)),
                });
                if fitted.len() == limits::SELECT_OPTIONS {
                    break;
                }
            }
            if fitted.is_empty() {
                return None;
            }
            Component::Select {
                custom_id: custom_id.clone(),
                placeholder: truncate(placeholder, limits::PLACEHOLDER),
                options: fitted,
            }
        }
    })
}

fn non_empty_label(label: &str) -> String {
    if label.trim().is_empty() {
        "·".to_owned()
    } else {
        label.to_owned()
    }
}

/// The embed of a fitted message.
pub fn to_embed(embed: &Embed) -> CreateEmbed {
    let mut e = CreateEmbed::new().colour(EMBED_COLOUR);
    if !embed.title.is_empty() {
        e = e.title(&embed.title);
    }
    if !embed.description.is_empty() {
        e = e.description(&embed.description);
    }
    for f in &embed.fields {
        e = e.field(&f.name, &f.value, f.inline);
    }
    if let Some(footer) = &embed.footer {
        e = e.footer(CreateEmbedFooter::new(unescape_markdown(footer)));
    }
    e
}

/// The action rows of a fitted message.
pub fn to_rows(message: &Message) -> Vec<CreateActionRow> {
    message
        .rows()
        .into_iter()
        .map(|row| match row.as_slice() {
            [Component::Select { custom_id, placeholder, options }] => {
                let options = options
                    .iter()
                    .map(|o| {
                        let option = CreateSelectMenuOption::new(unescape_markdown(&o.label), &o.value);
                        match &o.description {
                            Some(d) => option.description(unescape_markdown(d)),
                            None => option,
                        }
                    })
                    .collect();
                let mut menu = CreateSelectMenu::new(custom_id, CreateSelectMenuKind::String { options });
                if !placeholder.is_empty() {
                    menu = menu.placeholder(unescape_markdown(placeholder));
                }
                CreateActionRow::SelectMenu(menu)
            }
            buttons => CreateActionRow::Buttons(buttons.iter().filter_map(|c| to_button(c)).collect()),
        })
        .collect()
}

fn to_button(c: &Component) -> Option<CreateButton> {
    let Component::Button { custom_id, label, style, disabled } = c else { return None };
    let style = match style {
        ButtonStyle::Primary => DiscordButtonStyle::Primary,
        ButtonStyle::Secondary => DiscordButtonStyle::Secondary,
        ButtonStyle::Success => DiscordButtonStyle::Success,
        ButtonStyle::Danger => DiscordButtonStyle::Danger,
    };
    // Labels show text as typed: the escapes of names come off.
    Some(CreateButton::new(custom_id).label(unescape_markdown(label)).style(style).disabled(*disabled))
}

/// Discord user ids among `mentions`, each once, in order (console-style
/// ids are skipped; Discord refuses a user twice in `allowed_mentions`).
fn snowflakes(mentions: &[UserId]) -> Vec<u64> {
    let mut ids: Vec<u64> = Vec::new();
    for id in mentions.iter().filter_map(|u| u.as_str().parse::<u64>().ok()).filter(|&id| id > 0) {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// The content of a post: `<@id>` for each pinged person, then the text.
pub fn content_with_mentions(content: &str, mentions: &[UserId]) -> String {
    let pings: Vec<String> = snowflakes(mentions).iter().map(|id| format!("<@{id}>")).collect();
    if pings.is_empty() {
        return content.to_owned();
    }
    let head = pings.join(" ");
    if content.trim().is_empty() || content == BLANK {
        head
    } else {
        format!("{head} {content}")
    }
}

/// A public post that pings exactly `mentions` (never roles or @everyone).
pub fn to_post(message: &Message, mentions: &[UserId]) -> CreateMessage {
    let mut with_pings = message.clone();
    with_pings.content = content_with_mentions(&message.content, mentions);
    let m = fit(&with_pings);
    let mut out = CreateMessage::new()
        .content(&m.content)
        .components(to_rows(&m))
        .allowed_mentions(CreateAllowedMentions::new().users(snowflakes(mentions)));
    if let Some(e) = to_embed_of(&m) {
        out = out.embed(e);
    }
    if let Some(a) = m.attachment() {
        out = out.add_file(to_file(a));
    }
    out
}

/// An earlier post replaced in place (an edit pings nobody: whatever its
/// text holds, no user, role or @everyone mention is parsed). Its
/// attachments become the message's picture, or none: a board that had
/// one keeps no stale picture.
pub fn to_edit(message: &Message) -> EditMessage {
    let m = fit(message);
    let embeds = to_embed_of(&m).into_iter().collect();
    let files = m.attachment().into_iter().fold(EditAttachments::new(), |files, a| files.add(to_file(a)));
    EditMessage::new()
        .content(&m.content)
        .components(to_rows(&m))
        .embeds(embeds)
        .attachments(files)
        .allowed_mentions(no_pings())
}

/// An earlier post with its buttons and menus removed (pings nobody).
pub fn to_stripped() -> EditMessage {
    EditMessage::new().components(Vec::new()).allowed_mentions(no_pings())
}

/// The mentions of a message that pings nobody: `parse` empty, so neither
/// `@everyone`, nor a `<@&role>`, nor a `<@user>` in its text pings.
pub fn no_pings() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

/// The first message of a forum post opened for a match: its name, which
/// is made of players' names, so it pings nobody.
pub fn to_forum_starter(name: &str) -> CreateMessage {
    CreateMessage::new().content(format!("**{name}**: the board follows.")).allowed_mentions(no_pings())
}

/// An ephemeral follow-up to an interaction (pings nobody).
pub fn to_followup(message: &Message) -> CreateInteractionResponseFollowup {
    let m = fit(message);
    let mut out = CreateInteractionResponseFollowup::new()
        .ephemeral(true)
        .content(&m.content)
        .components(to_rows(&m))
        .allowed_mentions(no_pings());
    if let Some(e) = to_embed_of(&m) {
        out = out.embed(e);
    }
    if let Some(a) = m.attachment() {
        out = out.add_file(to_file(a));
    }
    out
}

/// The first answer to a deferred interaction, replacing "thinking…".
pub fn to_response_edit(message: &Message) -> EditInteractionResponse {
    let m = fit(message);
    // Its attachments become the message's picture, or none (it may
    // replace a hand that had one).
    let mut out = EditInteractionResponse::new()
        .content(&m.content)
        .components(to_rows(&m))
        .allowed_mentions(no_pings())
        .clear_attachments();
    if let Some(a) = m.attachment() {
        out = out.new_attachment(to_file(a));
    }
    match to_embed_of(&m) {
        Some(e) => out.embed(e),
        None => out.embeds(Vec::new()),
    }
}

/// A direct message (a reminder, a note, or a hand with its buttons, fitted
/// to Discord's limits): it pings nobody.
pub fn to_direct_message(message: &Message) -> CreateMessage {
    to_post(message, &[]).allowed_mentions(no_pings())
}

/// A thread name Discord accepts (1 to 100 characters).
pub fn thread_name(name: &str) -> String {
    let name = truncate(name.trim(), limits::THREAD_NAME);
    if name.is_empty() {
        "match".to_owned()
    } else {
        name
    }
}
