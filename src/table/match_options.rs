//! The match options of `/challenge`: `match:` (a best of 3) and
//! `time_limit:` (wall-clock time from the start of the match). Each game
//! declares which it offers in its [`GameInfo`]; a game that does not
//! gets a refusal naming the games that do.

use super::error::{quote, refuse, TableError};
use crate::games::{GameInfo, GAMES};

/// Shortest match time limit: 10 minutes, so the tournament's own 50
/// minutes (11.1.3) can be asked for by players who sit down together.
pub const MIN_TIME_LIMIT: u64 = 600;
/// Longest match time limit (90 days).
pub const MAX_TIME_LIMIT: u64 = 90 * 86_400;

/// The forms `time_limit:` accepts, for error messages.
const TIME_FORMS: &str = "a length like 7d, 36h, 2d12h or 90m (d days, h hours, m minutes; \
                          w weeks), from 10 min to 90 d, or none";

/// `match:` as typed: `Some(3)` for a best of 3, `None` for a single
/// game (the default: "single", "best-of-1" or nothing).
pub fn best_of_named(info: &GameInfo, typed: Option<&str>) -> Result<Option<u8>, TableError> {
    let Some(typed) = typed.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    let key: String = typed.to_lowercase().chars().filter(|c| !matches!(c, ' ' | '-' | '_')).collect();
    let n = match key.as_str() {
        "single" | "singlegame" | "one" | "1" | "bo1" | "bestof1" => return Ok(None),
        _ => key
            .strip_prefix("bestof")
            .or_else(|| key.strip_prefix("bo"))
            .unwrap_or(key.as_str())
            .parse::<u8>(),
    };
    let offered: Vec<String> = info.best_of.iter().map(|n| format!("best-of-{n}")).collect();
    let Ok(n) = n else {
        return refuse(format!(
            "match takes best-of-3 or single (the default); {} is not one of them.",
            quote(typed)
        ));
    };
    if info.best_of.contains(&n) {
        return Ok(Some(n));
    }
    if offered.is_empty() {
        let games: Vec<&str> =
            GAMES.iter().map(|g| g.info()).filter(|g| g.best_of.contains(&n)).map(|g| g.name).collect();
        let whose = match games.as_slice() {
            [] => "no game here plays one".to_owned(),
            names => format!("it is {} option", with_article(&names.join(" and "))),
        };
        return refuse(format!(
            "best-of-{n}: {whose}; {} plays one game per match, so leave match out.",
            info.name
        ));
    }
    refuse(format!(
        "{} plays a single game or {}; best-of-{n} is not offered.",
        info.name,
        offered.join(" or ")
    ))
}

/// "an Athernum", "a Spheres".
fn with_article(name: &str) -> String {
    let vowel = name.chars().next().is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// `time_limit:` as typed, in seconds; `None` for no limit.
pub fn time_limit_named(info: &GameInfo, typed: Option<&str>) -> Result<Option<u64>, TableError> {
    let Some(typed) = typed.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    if matches!(typed.to_lowercase().as_str(), "none" | "off" | "no") {
        return Ok(None);
    }
    if !info.time_limit {
        let games: Vec<&str> =
            GAMES.iter().map(|g| g.info()).filter(|g| g.time_limit).map(|g| g.name).collect();
        let whose = match games.as_slice() {
            [] => "no game here has one".to_owned(),
            names => format!("it is {} option", with_article(&names.join(" and "))),
        };
        return refuse(format!(
            "time_limit: {whose}; {} has no match time limit (use deadline for the time per move).",
            info.name
        ));
    }
    let Some(seconds) = parse_duration(typed) else {
        return refuse(format!("time_limit takes {TIME_FORMS}; {} is not one.", quote(typed)));
    };
    if !(MIN_TIME_LIMIT..=MAX_TIME_LIMIT).contains(&seconds) {
        return refuse(format!(
            "time_limit must be from 10 min to 90 d (you asked for {}); it takes {TIME_FORMS}.",
            typed
        ));
    }
    Ok(Some(seconds))
}

/// "7d", "36h", "2d12h", "2d 12h", "90m", "1w" in seconds; `None` when
/// it is not such a length (a bare number has no unit, so it is refused).
pub fn parse_duration(text: &str) -> Option<u64> {
    let text: String = text.to_lowercase().chars().filter(|c| !c.is_whitespace()).collect();
    if text.is_empty() {
        return None;
    }
    let mut total: u64 = 0;
    let mut number = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            'w' => 7 * 86_400,
            'd' => 86_400,
            'h' => 3600,
            'm' => 60,
            _ => return None,
        };
        let n: u64 = number.parse().ok()?;
        total = total.checked_add(n.checked_mul(unit)?)?;
        number.clear();
    }
    number.is_empty().then_some(total)
}
