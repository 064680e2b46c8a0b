//! Parsing console lines: `@user /command key:value …`, `@user click …`,
//! `@user select …`, and the console's own words (`help`, `wait`, …).

use crate::table::error::{excerpt, quote};
use crate::table::{Command, DeckCommand, Seating, UserRef};

/// One parsed console line. (Parsed and handled one at a time, so the size
/// of the `Slash` variant costs nothing worth a box.)
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// Blank or a `#` comment.
    Nothing,
    /// `help`.
    Help,
    /// `wait 13h`: move the clock forward by seconds, then tick.
    Wait(i64),
    /// `tick`: run the deadline ticker now.
    Tick,
    /// `seed 42`: fixed seeds for the matches that start from now on.
    Seed(u64),
    /// `bot @name`: mark a user as a bot account.
    Bot(String),
    /// `manager @name`: give a user the Manage Server permission.
    Manager(String),
    /// `@user [#place] /command …`.
    Slash {
        /// Who.
        user: String,
        /// Thread or channel given with `#name`.
        place: Option<String>,
        /// The command.
        command: Command,
    },
    /// `@user click <label or number>`.
    Click {
        /// Who.
        user: String,
        /// Label or 1-based number.
        what: String,
    },
    /// `@user [#place] say <text>`: a plain message in the channel, which
    /// the table reads for `[[card name]]` look-ups.
    Say {
        /// Who.
        user: String,
        /// Thread or channel given with `#name`.
        place: Option<String>,
        /// What they wrote.
        text: String,
    },
    /// `@user select <option label or number>`.
    Select {
        /// Who.
        user: String,
        /// Option label or 1-based number.
        what: String,
    },
}

/// Parses a line; the error says what was wrong and how to write it.
pub fn parse_line(line: &str, user_ref: &dyn Fn(&str) -> UserRef) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Line::Nothing);
    }
    let (first, rest) = split_word(line);
    match first.to_lowercase().as_str() {
        "help" | "?" => return Ok(Line::Help),
        "tick" => return Ok(Line::Tick),
        "wait" => return parse_duration(rest).map(Line::Wait),
        "seed" => {
            return rest
                .trim()
                .parse()
                .map(Line::Seed)
                .map_err(|_| "write `seed <number>`, e.g. `seed 42`".to_owned())
        }
        "bot" => {
            let name = user_name(rest.trim()).ok_or("write `bot @name` to mark a user as a bot")?;
            return Ok(Line::Bot(name));
        }
        "manager" => {
            let name =
                user_name(rest.trim()).ok_or("write `manager @name` to make a user a server manager")?;
            return Ok(Line::Manager(name));
        }
        _ => {}
    }
    let Some(user) = user_name(first) else {
        return Err(format!(
            "lines start with @user (who does it), e.g. `@alice /games`; {} is not a user. Type `help` for more.",
            quote(first)
        ));
    };
    let (mut verb, mut rest) = split_word(rest);
    let mut place = None;
    if let Some(p) = verb.strip_prefix('#') {
        if p.is_empty() {
            return Err("after `#` comes a channel or thread name, e.g. `@alice #general /games`".into());
        }
        place = Some(p.to_owned());
        (verb, rest) = split_word(rest);
    }
    match verb.to_lowercase().as_str() {
        "" => {
            Err(format!("what does @{user} do? e.g. `@{user} /hand`, `@{user} click 1`, `@{user} select 2`"))
        }
        "click" => {
            let what = rest.trim();
            if what.is_empty() {
                return Err(format!("click what? e.g. `@{user} click Accept` or `@{user} click 1`"));
            }
            Ok(Line::Click { user, what: unquote(what) })
        }
        "say" => {
            let text = rest.trim();
            if text.is_empty() {
                return Err(format!("say what? e.g. `@{user} say look at [[Ember Bolt]]`"));
            }
            Ok(Line::Say { user, place, text: text.to_owned() })
        }
        "select" => {
            let what = rest.trim();
            if what.is_empty() {
                return Err(format!("select what? e.g. `@{user} select 2` or `@{user} select Moonlit Veil`"));
            }
            Ok(Line::Select { user, what: unquote(what) })
        }
        v if v.starts_with('/') => {
            let command = parse_command(&v[1..], rest, user_ref)?;
            Ok(Line::Slash { user, place, command })
        }
        other => Err(format!(
            "{} is not something @{user} can do: use a /command, `click`, `select` or `say` (type `help`)",
            quote(other)
        )),
    }
}

fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    }
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
        s[1..s.len() - 1].to_owned()
    } else {
        s.to_owned()
    }
}

/// `@alice` → `alice` (lowercase; letters, digits, `_`, `-`, `.`).
pub fn user_name(s: &str) -> Option<String> {
    let name = s.strip_prefix('@')?;
    let ok = !name.is_empty()
        && name.len() <= 32
        && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.');
    ok.then(|| name.to_lowercase())
}

fn parse_duration(s: &str) -> Result<i64, String> {
    let s = s.trim().to_lowercase();
    let help = || "write `wait <number><unit>`, e.g. `wait 13h`, `wait 30m`, `wait 3d`".to_owned();
    let unit_at = s.find(|c: char| !c.is_ascii_digit()).ok_or_else(help)?;
    let n: i64 = s[..unit_at].parse().map_err(|_| help())?;
    let unit = match &s[unit_at..] {
        "s" => 1,
        "m" | "min" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(help()),
    };
    n.checked_mul(unit).filter(|t| *t <= 365 * 86_400).ok_or_else(help)
}

/// Splits on whitespace outside double quotes, dropping the quotes.
pub fn tokens(s: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err("a quote is not closed: write values with spaces like deck:\"Moonlit Veil\"".into());
    }
    if any {
        out.push(cur);
    }
    Ok(out)
}

/// The options a command takes, first the bare-text one (if any).
fn known_options(cmd: &str) -> &'static [&'static str] {
    match cmd {
        "challenge" => &[
            "opponent",
            "game",
            "deck",
            "deadline_hours",
            "variant",
            "opponent2",
            "opponent3",
            "opponent4",
            "opponent5",
            "partner",
            "mode",
            "assembly",
            "match",
            "time_limit",
            "level",
        ],
        "settings" => &[
            "board",
            "hold_priority",
            "reminders",
            "turn_dm",
            "auto_pass",
            "orders",
            "stops",
            "server_board",
            "member_matches",
            "server_matches",
        ],
        "card" => &["name", "game"],
        "rule" => &["query", "game"],
        "deck" => &["name", "game", "list"],
        "stats" => &["player", "game", "private"],
        "privacy" => &["erase", "confirm"],
        "leaderboard" => &["game", "show"],
        "history" => &["player", "game", "match"],
        _ => &[],
    }
}

const COMMANDS: &[&str] = &[
    "challenge",
    "hand",
    "board",
    "concede",
    "matches",
    "privacy",
    "deck",
    "settings",
    "games",
    "card",
    "rule",
    "stats",
    "leaderboard",
    "history",
];

/// `key:value` options; words without a key continue the previous value
/// (or, before any key, the command's bare text).
struct Options {
    bare: Vec<String>,
    pairs: Vec<(String, String)>,
}

fn options(cmd: &str, text: &str) -> Result<Options, String> {
    let known = known_options(cmd);
    let mut bare = Vec::new();
    let mut pairs: Vec<(String, String)> = Vec::new();
    for tok in tokens(text)? {
        let key = tok.split_once(':').map(|(k, v)| (k.to_lowercase(), v.to_owned()));
        match key {
            Some((k, v))
                if k.starts_with(|c: char| c.is_ascii_alphabetic())
                    && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                let k = match k.as_str() {
                    "deadline" | "hours" => "deadline_hours".to_owned(),
                    "hold" | "hold-priority" => "hold_priority".to_owned(),
                    _ => k,
                };
                if !known.contains(&k.as_str()) {
                    return Err(if known.is_empty() {
                        format!("/{cmd} takes no options (you gave `{}`)", excerpt(&k))
                    } else {
                        format!(
                            "/{cmd} has no option `{}`{}; it takes: {}",
                            excerpt(&k),
                            closest(&k, known).map(|c| format!(" (did you mean `{c}`?)")).unwrap_or_default(),
                            known.join(", ")
                        )
                    });
                }
                if pairs.iter().any(|(p, _)| *p == k) {
                    return Err(format!("option `{}` is given twice", excerpt(&k)));
                }
                pairs.push((k, v));
            }
            _ => match pairs.last_mut() {
                Some((_, v)) => {
                    if !v.is_empty() {
                        v.push(' ');
                    }
                    v.push_str(&tok);
                }
                None => bare.push(tok),
            },
        }
    }
    for (_, v) in &mut pairs {
        *v = v.replace("\\n", "\n");
    }
    Ok(Options { bare, pairs })
}

impl Options {
    fn take(&mut self, key: &str) -> Option<String> {
        let i = self.pairs.iter().position(|(k, _)| k == key)?;
        Some(self.pairs.remove(i).1.trim().to_owned()).filter(|v| !v.is_empty())
    }
    fn bare_text(&mut self) -> Option<String> {
        let t = self.bare.join(" ");
        self.bare.clear();
        (!t.trim().is_empty()).then_some(t)
    }
    fn no_bare(&self, cmd: &str, example: &str) -> Result<(), String> {
        match self.bare.first() {
            Some(w) => Err(format!(
                "{} needs an option name in /{cmd}: write options as key:value, e.g. {example}",
                quote(w)
            )),
            None => Ok(()),
        }
    }
}

/// The name in `names` closest to `key`, if any is close (the one fuzzy
/// search of [`crate::cards::search`]).
fn closest<'a>(key: &str, names: &[&'a str]) -> Option<&'a str> {
    crate::cards::search::rank(key, names.iter().copied()).first().map(|h| h.name)
}

/// A user option (`player:@bob`).
fn person_named(key: &str, v: &str, user_ref: &dyn Fn(&str) -> UserRef) -> Result<UserRef, String> {
    user_name(v)
        .or_else(|| user_name(&format!("@{v}")))
        .map(|n| user_ref(&n))
        .ok_or_else(|| format!("{key} is a user like @bob, not {}", quote(v)))
}

fn parse_bool(key: &str, v: &str) -> Result<bool, String> {
    match v.to_lowercase().as_str() {
        "true" | "yes" | "on" | "1" => Ok(true),
        "false" | "no" | "off" | "0" => Ok(false),
        _ => Err(format!("{key} is on or off (true/false), not {}", quote(v))),
    }
}

fn parse_command(name: &str, rest: &str, user_ref: &dyn Fn(&str) -> UserRef) -> Result<Command, String> {
    let name = name.to_lowercase();
    if !COMMANDS.contains(&name.as_str()) {
        return Err(format!(
            "there is no /{}{}; the commands are: {}",
            excerpt(&name),
            closest(&name, COMMANDS).map(|c| format!(" (did you mean /{c}?)")).unwrap_or_default(),
            COMMANDS.iter().map(|c| format!("/{c}")).collect::<Vec<_>>().join(" ")
        ));
    }
    let (sub, rest) = if name == "deck" { split_word(rest) } else { ("", rest) };
    let mut o = options(&name, rest)?;
    let simple = |o: &Options, c: Command| -> Result<Command, String> {
        match (o.bare.first(), o.pairs.first()) {
            (None, None) => Ok(c),
            _ => Err(format!("/{name} takes no options")),
        }
    };
    match name.as_str() {
        "challenge" => {
            let example = "/challenge opponent:@bob game:<game> deck:\"<deck name>\"";
            o.no_bare("challenge", example)?;
            let level = o.take("level");
            // level: alone means the computer.
            let opponent = match (o.take("opponent"), &level) {
                (Some(opponent), _) => opponent,
                (None, Some(_)) => format!("@{}", crate::table::COMPUTER),
                (None, None) => return Err(format!("/challenge needs opponent:@user, e.g. {example}")),
            };
            let person = |key: &str, v: &str| {
                user_name(v)
                    .or_else(|| user_name(&format!("@{v}")))
                    .map(|n| user_ref(&n))
                    .ok_or_else(|| format!("{key} is a user like @bob, not {}", quote(v)))
            };
            let opponent = person("opponent", &opponent)?;
            let mut others = Vec::new();
            for key in ["opponent2", "opponent3", "opponent4", "opponent5"] {
                if let Some(v) = o.take(key) {
                    others.push(person(key, &v)?);
                }
            }
            let partner = o.take("partner").map(|v| person("partner", &v)).transpose()?;
            let seating = Box::new(Seating {
                others,
                partner,
                mode: o.take("mode"),
                assembly: o.take("assembly"),
                series: o.take("match"),
                time_limit: o.take("time_limit"),
                level,
            });
            let game =
                o.take("game").ok_or(format!("/challenge needs game:<game>, e.g. {example} (see /games)"))?;
            let deadline_hours =
                match o.take("deadline_hours") {
                    None => None,
                    Some(h) => Some(h.trim_end_matches(['h', 'H']).parse::<u32>().map_err(|_| {
                        format!("deadline_hours is a whole number of hours, not {}", quote(&h))
                    })?),
                };
            Ok(Command::Challenge {
                opponent,
                game,
                deck: o.take("deck"),
                deadline_hours,
                variant: o.take("variant"),
                seating,
            })
        }
        "hand" => simple(&o, Command::Hand),
        "board" => simple(&o, Command::Board),
        "concede" => simple(&o, Command::Concede),
        "matches" => simple(&o, Command::Matches),
        "privacy" => {
            o.no_bare("privacy", "/privacy erase:yes confirm:yes")?;
            let erase = o.take("erase").map(|v| parse_bool("erase", &v)).transpose()?;
            Ok(Command::Privacy { erase, confirm: o.take("confirm") })
        }
        "games" => simple(&o, Command::Games),
        "settings" => {
            o.no_bare("settings", "/settings hold_priority:on reminders:off")?;
            let hold_priority =
                o.take("hold_priority").map(|v| parse_bool("hold_priority", &v)).transpose()?;
            let reminders = o.take("reminders").map(|v| parse_bool("reminders", &v)).transpose()?;
            let turn_dm = o.take("turn_dm").map(|v| parse_bool("turn_dm", &v)).transpose()?;
            let auto_pass = o.take("auto_pass").map(|v| parse_bool("auto_pass", &v)).transpose()?;
            let orders = o.take("orders");
            let stops = o.take("stops");
            // Checked by the table, as Discord's are: one message for both fronts.
            let board = o.take("board");
            let server_board = o.take("server_board");
            let count = |key: &str, v: String| {
                v.trim().parse::<i64>().map_err(|_| format!("{key} is a whole number, not {}", v.trim()))
            };
            let member_matches = o.take("member_matches").map(|v| count("member_matches", v)).transpose()?;
            let server_matches = o.take("server_matches").map(|v| count("server_matches", v)).transpose()?;
            let manager = false;
            let settings = Command::Settings {
                hold_priority,
                reminders,
                turn_dm,
                auto_pass,
                orders,
                stops,
                board,
                server_board,
                manager,
            };
            Ok(match (member_matches, server_matches) {
                (None, None) => settings,
                _ => Command::ServerCaps {
                    member_matches,
                    server_matches,
                    manager,
                    settings: Box::new(settings),
                },
            })
        }
        "stats" => {
            o.no_bare("stats", "/stats player:@bob game:<game>")?;
            let player = o.take("player").map(|v| person_named("player", &v, user_ref)).transpose()?;
            let private = o.take("private").map(|v| parse_bool("private", &v)).transpose()?;
            Ok(Command::Stats { player, game: o.take("game"), private })
        }
        "leaderboard" => {
            let example = "/leaderboard game:<game>";
            o.no_bare("leaderboard", example)?;
            let game = o.take("game").ok_or(format!("/leaderboard needs game:<game>, e.g. {example}"))?;
            let show = o.take("show").map(|v| parse_bool("show", &v)).transpose()?;
            // The console sets `manager` from its `manager @name` lines.
            Ok(Command::Leaderboard { game, show, manager: false })
        }
        "history" => {
            o.no_bare("history", "/history player:@bob game:<game>")?;
            let player = o.take("player").map(|v| person_named("player", &v, user_ref)).transpose()?;
            let match_id = match o.take("match") {
                None => None,
                Some(m) => Some(m.trim_start_matches('#').parse::<i64>().map_err(|_| {
                    format!("match is a match number from /history, like match:12, not {}", quote(&m))
                })?),
            };
            Ok(Command::History { player, game: o.take("game"), match_id })
        }
        "card" => {
            let name = o
                .take("name")
                .or_else(|| o.bare_text())
                .ok_or("/card needs a name, e.g. /card name:drake")?;
            Ok(Command::Card { name, game: o.take("game") })
        }
        "rule" => {
            let query = o
                .take("query")
                .or_else(|| o.bare_text())
                .ok_or("/rule needs a query, e.g. /rule query:retaliation")?;
            Ok(Command::Rule { query, game: o.take("game") })
        }
        "deck" => {
            let need_name = |o: &mut Options, sub: &str| {
                o.take("name").or_else(|| o.bare_text()).ok_or(format!("/deck {sub} needs name:<deck>"))
            };
            let cmd = match sub.to_lowercase().as_str() {
                "list" => DeckCommand::List,
                "show" => DeckCommand::Show { name: need_name(&mut o, "show")?, game: o.take("game") },
                "export" => DeckCommand::Export { name: need_name(&mut o, "export")?, game: o.take("game") },
                "delete" => DeckCommand::Delete { name: need_name(&mut o, "delete")?, game: o.take("game") },
                "import" => {
                    let example = "/deck import name:Mine game:<game> list:3 <card>, 2 <card>, …";
                    o.no_bare("deck import", example)?;
                    let name = o
                        .take("name")
                        .ok_or(format!("/deck import needs name:, game: and list:, e.g. {example}"))?;
                    let game = o.take("game").ok_or(format!("/deck import needs game:, e.g. {example}"))?;
                    let list = o.take("list").ok_or(format!("/deck import needs list:, e.g. {example}"))?;
                    DeckCommand::Import { name, game, list }
                }
                "" => return Err("/deck needs a subcommand: list, show, import, delete or export".into()),
                other => {
                    return Err(format!(
                        "/deck has no subcommand {}; use list, show, import, delete or export",
                        quote(other)
                    ))
                }
            };
            Ok(Command::Deck(cmd))
        }
        _ => unreachable!("checked against COMMANDS"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(id: &str) -> UserRef {
        UserRef::new(id, id)
    }

    fn parse(s: &str) -> Result<Line, String> {
        parse_line(s, &u)
    }

    #[test]
    fn the_settings_example_of_the_help_parses_with_every_option() {
        let line = super::super::HELP
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with("@alice /settings"))
            .expect("the help shows /settings");
        let Ok(Line::Slash { command, .. }) = parse(line) else { panic!("{line} parses") };
        assert_eq!(
            command,
            Command::Settings {
                hold_priority: Some(true),
                reminders: Some(false),
                turn_dm: Some(false),
                auto_pass: Some(true),
                orders: Some("never-block".into()),
                stops: Some("end".into()),
                board: None,
                server_board: None,
                manager: false,
            }
        );
    }

    #[test]
    fn challenge_lines_parse_with_quotes_and_bare_words() {
        let l = parse("@alice /challenge opponent:@Bob game:chess deck:\"Moonlit Veil\" deadline_hours:48")
            .unwrap();
        let Line::Slash { user, command: Command::Challenge { opponent, deck, deadline_hours, .. }, .. } = l
        else {
            panic!("{l:?}")
        };
        assert_eq!(user, "alice");
        assert_eq!(opponent.id.0, "bob");
        assert_eq!(deck.as_deref(), Some("Moonlit Veil"));
        assert_eq!(deadline_hours, Some(48));
        let l = parse("@alice /challenge opponent:@bob game:chess deck:Moonlit Veil").unwrap();
        assert!(
            matches!(l, Line::Slash { command: Command::Challenge { deck: Some(d), .. }, .. } if d == "Moonlit Veil")
        );
    }

    #[test]
    fn mistakes_say_how_to_fix_them() {
        assert!(parse("alice /hand").unwrap_err().contains("@user"));
        assert!(parse("@alice /hnad").unwrap_err().contains("(did you mean /hand?)"));
        assert!(parse("@alice /challenge opponent:@bob gmae:chess")
            .unwrap_err()
            .contains("(did you mean `game`?)"));
        assert!(parse("@alice /challenge game:chess").unwrap_err().contains("opponent"));
        assert!(parse("@alice /settings hold_priority:maybe").unwrap_err().contains("on or off"));
        assert!(parse("@alice /card name:\"open").unwrap_err().contains("quote"));
        assert!(parse("wait 3 weeks").unwrap_err().contains("wait 13h"));
        assert!(parse("@alice").unwrap_err().contains("what does"));
    }

    #[test]
    fn other_lines() {
        assert_eq!(parse("  # a comment").unwrap(), Line::Nothing);
        assert_eq!(parse("wait 13h").unwrap(), Line::Wait(13 * 3600));
        assert_eq!(
            parse("@bob click My hand").unwrap(),
            Line::Click { user: "bob".into(), what: "My hand".into() }
        );
        assert_eq!(parse("@bob select 2").unwrap(), Line::Select { user: "bob".into(), what: "2".into() });
        assert!(
            matches!(parse("@bob #t-1 /hand").unwrap(), Line::Slash { place: Some(p), .. } if p == "t-1")
        );
        assert!(
            matches!(parse("@bob /card ember drake").unwrap(), Line::Slash { command: Command::Card { name, .. }, .. } if name == "ember drake")
        );
    }

    /// Near misses of real command lines.
    const NEAR_MISS: &str =
        "@[a-z]{1,5} (/|#)?(challenge|deck|card|settings|click|select)? ?([a-z_]{0,8}:?\"?[a-z0-9 @]{0,8}\"? ?){0,5}";

    /// What any line must parse to: a refusal is a short message, never
    /// blank; a person's line belongs to the `@user` it starts with; a click
    /// or select names what it picks.
    fn check_parsed(s: &str) -> Result<(), proptest::test_runner::TestCaseError> {
        use proptest::{prop_assert, prop_assert_eq};
        match parse(s) {
            Err(e) => {
                prop_assert!(!e.trim().is_empty(), "{s:?}: a blank refusal");
                prop_assert!(e.chars().count() <= 400, "{s:?}: a {}-character refusal", e.chars().count());
            }
            Ok(Line::Nothing) => {
                prop_assert!(s.trim().is_empty() || s.trim().starts_with('#'), "{s:?}: ignored")
            }
            Ok(
                Line::Slash { user, .. }
                | Line::Say { user, .. }
                | Line::Click { user, .. }
                | Line::Select { user, .. },
            ) => {
                let first = s.split_whitespace().next().unwrap_or_default();
                prop_assert_eq!(Some(user), user_name(first), "{:?}: not the line's @user", s);
                if let Ok(Line::Click { what, .. } | Line::Select { what, .. }) = parse(s) {
                    prop_assert!(!what.trim().is_empty(), "{s:?}: picks nothing");
                }
            }
            Ok(_) => {
                let first = s.split_whitespace().next().unwrap_or_default().to_lowercase();
                let words = ["help", "?", "tick", "wait", "seed", "bot", "manager"];
                prop_assert!(words.contains(&first.as_str()), "{s:?}: read as a console word");
            }
        }
        Ok(())
    }

    proptest::proptest! {
        #[test]
        fn parsing_never_panics(s in ".{0,200}") {
            check_parsed(&s)?;
        }

        #[test]
        fn parsing_near_misses_never_panics(s in NEAR_MISS) {
            check_parsed(&s)?;
        }
    }

    /// The near misses are parsed into commands as well as refused, so
    /// both sides of [`check_parsed`] run on them.
    #[test]
    fn near_misses_are_both_parsed_and_refused() {
        use proptest::strategy::{Strategy, ValueTree};
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let (mut parsed, mut refused) = (0, 0);
        for _ in 0..2_000 {
            let s = NEAR_MISS.new_tree(&mut runner).unwrap().current();
            check_parsed(&s).unwrap();
            match parse(&s) {
                Ok(_) => parsed += 1,
                Err(_) => refused += 1,
            }
        }
        assert!(
            parsed >= 20 && refused >= 20,
            "of 2,000 near misses {parsed} parsed and {refused} were refused"
        );
    }
}
