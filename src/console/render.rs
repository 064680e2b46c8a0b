//! Messages as terminal text: embeds as boxed lines, components numbered.

use crate::table::{Component, Message};
use crate::view::{is_markdown_char, unescape_markdown};

/// Renders a message after a `[place]` header line.
pub fn message(header: &str, m: &Message, refs: &dyn Fn(&str) -> String) -> String {
    let mut out = String::new();
    let content = refs(&plain(&m.content));
    out.push_str(header);
    if !content.is_empty() {
        out.push(' ');
        out.push_str(&content.replace('\n', "\n  "));
    }
    out.push('\n');
    if let Some(e) = &m.embed {
        if !e.title.is_empty() {
            out.push_str(&format!("  ┌ {}\n", refs(&plain(&e.title))));
        }
        for line in e.description.lines() {
            out.push_str(&format!("  │ {}\n", refs(&plain(line))));
        }
        for f in &e.fields {
            out.push_str(&format!("  │ ▸ {}\n", refs(&plain(&f.name))));
            for line in f.value.lines() {
                out.push_str(&format!("  │     {}\n", refs(&plain(line))));
            }
        }
        if let Some(footer) = &e.footer {
            out.push_str(&format!("  └ {}\n", refs(&plain(footer))));
        }
    }
    // The picture a Discord message would carry (`/settings board:`).
    if let Some(a) = m.attachment() {
        let size = a.png.len().div_ceil(1024);
        out.push_str(&format!("  🖼 {} ({size} KB, attached; --images DIR saves boards)\n", a.file_name));
    }
    let buttons: Vec<String> = m
        .components
        .iter()
        .filter_map(|c| match c {
            Component::Button { label, disabled, .. } => {
                let label = unescape_markdown(label);
                Some(if *disabled { format!("({label})") } else { label })
            }
            Component::Select { .. } => None,
        })
        .enumerate()
        .map(|(i, l)| format!("[{}] {l}", i + 1))
        .collect();
    for c in &m.components {
        if let Component::Select { placeholder, options, .. } = c {
            let placeholder = unescape_markdown(placeholder);
            out.push_str(&format!("  ▾ {placeholder}  (answer with `select <number>`)\n"));
            for (i, o) in options.iter().enumerate() {
                let d = o
                    .description
                    .as_deref()
                    .map(|d| format!(" — {}", unescape_markdown(d)))
                    .unwrap_or_default();
                out.push_str(&format!("    [{}] {}{d}\n", i + 1, unescape_markdown(&o.label)));
            }
        }
    }
    if !buttons.is_empty() {
        out.push_str(&format!("  {}\n", buttons.join("  ")));
    }
    out
}

/// Drops markdown emphasis the terminal would show literally; escaped
/// characters (a name's `\_`) show as typed.
fn plain(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek().is_some_and(|&n| is_markdown_char(n)) => out.extend(chars.next()),
            '`' => {}
            '*' | '_' if chars.peek() == Some(&c) => {
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}
