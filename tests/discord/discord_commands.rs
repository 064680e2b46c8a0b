//! The slash commands as registered (`cardtable commands`) obey Discord's
//! rules for application commands: a registration Discord would refuse
//! fails here instead, without a connection. Discord's limits on names,
//! counts and lengths are checked with every rendered message in
//! `discord_render` (`discords_unwritten_rules_…`); the registration
//! body against Discord's API description in `discord_spec`.

use serde_json::Value;

use crate::discord_support;
use discord_support::rules::{options, text, SUB_COMMAND};

fn commands() -> Vec<Value> {
    let json = cardtable::discord::commands_json();
    serde_json::from_str::<Vec<Value>>(&json).expect("commands_json is a JSON array")
}

#[test]
fn the_bot_registers_every_command_of_the_issue() {
    let commands = commands();
    let mut names: Vec<&str> = commands.iter().map(|c| text(c, "name")).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "board",
            "card",
            "challenge",
            "concede",
            "deck",
            "end-match",
            "games",
            "hand",
            "history",
            "leaderboard",
            "matches",
            "privacy",
            "resume",
            "rule",
            "settings",
            "stats"
        ]
    );
    let deck = commands.iter().find(|c| text(c, "name") == "deck").unwrap();
    let subcommands: Vec<&str> = options(deck).iter().map(|o| text(o, "name")).collect();
    assert_eq!(subcommands, ["list", "show", "import", "delete", "export"]);
    assert!(options(deck).iter().all(|o| o["type"] == SUB_COMMAND));
}

#[test]
fn challenge_takes_opponent_game_then_an_optional_deck_and_deadline() {
    let commands = commands();
    let challenge = commands.iter().find(|c| text(c, "name") == "challenge").unwrap();
    let opts = options(challenge);
    let summary: Vec<(&str, bool)> =
        opts.iter().map(|o| (text(o, "name"), o["required"].as_bool().unwrap_or(false))).collect();
    // The deck is optional: a drafted match (`assembly`) needs none, and
    // without one the challenger brings the first starter deck.
    assert_eq!(&summary[..4], [("opponent", true), ("game", true), ("deck", false), ("deadline", false)]);
    assert!(summary.contains(&("assembly", false)));
    assert_eq!(opts[0]["type"], 6, "the opponent is a user option");
    assert_eq!(opts[3]["type"], 4, "the deadline is an integer (hours)");
    assert!(opts[3]["min_value"].as_f64().is_some_and(|m| m >= 1.0));
}

/// Issue 33: `/stats [player] [game] [private]`, `/leaderboard game [show]`,
/// `/history [player] [game] [match]`, each usable in servers only.
#[test]
fn progress_commands_take_their_options_in_servers_only() {
    let commands = commands();
    let shape = |name: &str| {
        let c = commands.iter().find(|c| text(c, "name") == name).unwrap_or_else(|| panic!("no /{name}"));
        assert_eq!(c["contexts"], serde_json::json!([0]), "/{name} outside servers");
        options(c)
            .iter()
            .map(|o| (text(o, "name").to_owned(), o["type"].as_u64().unwrap(), o["required"] == true))
            .collect::<Vec<_>>()
    };
    let o = |n: &str, t: u64, r: bool| (n.to_owned(), t, r);
    // Option types: 3 string, 4 integer, 5 boolean, 6 user.
    assert_eq!(shape("stats"), [o("player", 6, false), o("game", 3, false), o("private", 5, false)]);
    assert_eq!(shape("leaderboard"), [o("game", 3, true), o("show", 5, false)]);
    assert_eq!(shape("history"), [o("player", 6, false), o("game", 3, false), o("match", 4, false)]);
}

#[test]
fn card_names_and_decks_are_autocompleted() {
    let commands = commands();
    let option = |command: &str, option: &str| -> Value {
        let c = commands.iter().find(|c| text(c, "name") == command).unwrap();
        options(c).iter().find(|o| text(o, "name") == option).unwrap().clone()
    };
    assert_eq!(option("card", "name")["autocomplete"], true);
    assert_eq!(option("challenge", "deck")["autocomplete"], true);
    assert_eq!(option("challenge", "game")["autocomplete"], true);
    assert_eq!(option("challenge", "assembly")["autocomplete"], true);
}

#[test]
fn match_commands_are_not_offered_in_direct_messages() {
    // A match lives in a server thread; in DMs these could only fail.
    let commands = commands();
    for name in ["challenge", "hand", "board", "concede", "resume", "end-match"] {
        let c = commands.iter().find(|c| text(c, "name") == name).unwrap();
        assert_eq!(c["contexts"], serde_json::json!([0]), "/{name} should be server-only");
    }
}

#[test]
fn the_json_is_stable_between_calls() {
    assert_eq!(cardtable::discord::commands_json(), cardtable::discord::commands_json());
}

#[test]
fn cardtable_commands_prints_exactly_what_is_registered() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("commands").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let registered: Value = serde_json::from_str(&cardtable::discord::commands_json()).unwrap();
    assert_eq!(printed, registered);
}

#[test]
fn the_bot_without_a_token_stops_with_one_line_naming_it() {
    // An empty folder: no .env to find (dotenvy looks upwards from here).
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("bot")
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env_remove("DEV_GUILD_ID")
        .env_remove("RUST_LOG")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].contains("DISCORD_TOKEN") && lines[0].contains("cardtable console"), "{stderr}");
    assert!(!dir.path().join("cardtable.db").exists(), "nothing is created before the settings are valid");
}

/// Issue 35, finding 6: `/privacy` takes an optional `erase` switch and
/// an optional `confirm` text (the table erases only on `confirm: yes`).
#[test]
fn privacy_takes_an_optional_erase_switch_and_confirmation() {
    let commands = commands();
    let privacy = commands.iter().find(|c| text(c, "name") == "privacy").unwrap();
    let summary: Vec<(&str, u64, bool)> = options(privacy)
        .iter()
        .map(|o| (text(o, "name"), o["type"].as_u64().unwrap(), o["required"].as_bool().unwrap_or(false)))
        .collect();
    assert_eq!(summary, [("erase", 5, false), ("confirm", 3, false)], "a boolean, then a string");
}

/// Issue 35, finding 6: only a real removal from a server pauses its
/// matches; Discord's `GuildDelete` during an outage (`unavailable`) does not.
#[test]
fn only_a_removal_from_a_server_counts_as_leaving_it_not_an_outage() {
    use cardtable::discord::servers::{server_change, ServerChange};
    use serenity::all::{FullEvent, UnavailableGuild};

    let delete = |unavailable: bool| {
        let incomplete: UnavailableGuild = serde_json::from_value(
            serde_json::json!({ "id": "81384788765712384", "unavailable": unavailable }),
        )
        .unwrap();
        FullEvent::GuildDelete { incomplete, full: None }
    };
    assert_eq!(server_change(&delete(false)), Some(ServerChange::Left("81384788765712384".into())));
    assert_eq!(server_change(&delete(true)), None);
}
