//! Inline look-ups, as card-game bots do them: a `[[card name]]` in any
//! message the bot can read is answered with that card, in the channel.
//!
//! What counts: at most [`MAX_CARDS`] different names a message, each
//! between `[[` and `]]` on one line; nothing inside a code block
//! (```` ``` ````), inline code (`` ` ``) or a quote (`> `, or everything
//! after `>>> `). Which game: `[[certamen:Cinder Imp]]` names it; in a match
//! thread, the match's game (then every game, if that game has nothing
//! close); elsewhere every game, the best match winning, and the answer
//! names the game. Bots, this one included, are never answered.
//!
//! ```
//! use cardtable::lookup::inline::{asked_cards, Asked};
//!
//! let asked = asked_cards("look at [[Ember Bolt]] and `[[not this]]`\n> [[nor this]]");
//! assert_eq!(asked, [Asked { game: None, name: "Ember Bolt".into() }]);
//! assert_eq!(asked_cards("[[certamen:Cinder Imp]]")[0].game.as_deref(), Some("certamen"));
//! ```

use crate::cards::search;
use crate::games::GameId;

/// Most cards answered for one message (more would flood the channel).
pub const MAX_CARDS: usize = 3;

/// Longest name looked up between the brackets (Discord's option limit).
const MAX_NAME_CHARS: usize = 100;

/// One `[[…]]` of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asked {
    /// The game named before a colon (`[[certamen:…]]`), as typed.
    pub game: Option<String>,
    /// The card's name, roughly.
    pub name: String,
}

/// The game named at the start of `text` ("certamen:Cinder Imp", "Spheres :
/// Spark Nip"), and the rest; `(None, text)` when the part before the
/// first colon is no game's key or name.
pub fn game_prefix(text: &str) -> (Option<&str>, &str) {
    match text.split_once(':') {
        Some((head, rest)) if GameId::parse(head.trim()).is_ok() => (Some(head.trim()), rest.trim()),
        _ => (None, text),
    }
}

/// Every `[[card name]]` a message asks for, in order, each name once,
/// outside code and quotes; no more than [`MAX_CARDS`] (see
/// [`count_asked`] for how many there were).
pub fn asked_cards(text: &str) -> Vec<Asked> {
    let mut out = all_asked(text);
    out.truncate(MAX_CARDS);
    out
}

/// How many different `[[…]]` the message holds, counted as
/// [`asked_cards`] reads them (before the limit).
pub fn count_asked(text: &str) -> usize {
    all_asked(text).len()
}

fn all_asked(text: &str) -> Vec<Asked> {
    let mut out: Vec<Asked> = Vec::new();
    // Outside fenced code: the even pieces between ``` marks.
    'message: for piece in text.split("```").step_by(2) {
        for line in piece.lines() {
            let trimmed = line.trim_start();
            if trimmed.starts_with(">>> ") || trimmed == ">>>" {
                // A multi-line quote runs to the end of the message.
                break 'message;
            }
            if trimmed.starts_with("> ") || trimmed == ">" {
                continue;
            }
            for part in outside_inline_code(line) {
                for inner in bracketed(part) {
                    let (game, name) = game_prefix(inner);
                    let asked = Asked { game: game.map(str::to_owned), name: name.to_owned() };
                    let key =
                        |a: &Asked| (a.game.as_deref().map(search::normalise), search::normalise(&a.name));
                    if !asked.name.is_empty() && !out.iter().any(|o| key(o) == key(&asked)) {
                        out.push(asked);
                    }
                }
            }
        }
    }
    out
}

/// The parts of a line outside inline code: a run of backticks opens
/// code that a run of the same length closes (`` `a` ``, ``` ``a`b`` ```);
/// an unclosed run is plain text.
fn outside_inline_code(line: &str) -> Vec<&str> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut start) = (0, 0);
    let mut open: Option<(usize, usize)> = None; // (run length, where it starts)
    while i < bytes.len() {
        if bytes[i] != b'`' {
            i += 1;
            continue;
        }
        let run_start = i;
        while i < bytes.len() && bytes[i] == b'`' {
            i += 1;
        }
        match open {
            None => {
                out.push(&line[start..run_start]);
                open = Some((i - run_start, run_start));
            }
            Some((n, _)) if n == i - run_start => {
                open = None;
                start = i;
            }
            Some(_) => {}
        }
    }
    match open {
        None => out.push(&line[start..]),
        Some((_, at)) => out.push(&line[at..]),
    }
    out
}

/// The texts between `[[` and `]]` (trimmed, without brackets inside, at
/// most [`MAX_NAME_CHARS`] characters).
fn bracketed(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(open) = rest.find("[[") {
        let after = &rest[open + 2..];
        let Some(close) = after.find("]]") else { break };
        let inner = &after[..close];
        match inner.rfind('[') {
            // "[[[x]]" or "[[a [[b]]": the innermost opening counts.
            Some(i) => {
                rest = &rest[open + 1 + i..];
                continue;
            }
            None => {
                let inner = inner.trim();
                if !inner.is_empty() && !inner.contains(']') && inner.chars().count() <= MAX_NAME_CHARS {
                    out.push(inner);
                }
            }
        }
        rest = &after[close + 2..];
    }
    out
}
