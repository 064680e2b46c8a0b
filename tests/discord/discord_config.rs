//! `cardtable bot` settings: read once, and every missing or malformed one
//! stops start-up with one line that names the variable, says how to fix
//! it and points at `cardtable console`. The token never shows.

use std::collections::HashMap;

use cardtable::discord::config::{DEFAULT_DATABASE_URL, DEFAULT_LOG_FILTER};
use cardtable::discord::Config;

/// Shaped like a bot token; not a real one.
const TOKEN: &str = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB";

fn config(vars: &[(&str, &str)]) -> Result<Config, String> {
    let vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Config::from_lookup(|name| vars.get(name).cloned())
}

/// One line, naming `variable`, suggesting the console.
fn assert_start_up_error(err: &str, variable: &str) {
    assert!(!err.contains('\n'), "one line: {err}");
    assert!(err.starts_with(variable), "names {variable} first: {err}");
    assert!(err.contains("cardtable console"), "points at the console: {err}");
}

#[test]
fn only_the_token_is_required_and_the_rest_has_defaults() {
    let c = config(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
    assert_eq!(c.token.expose(), TOKEN);
    assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
    assert_eq!(c.database_url, "sqlite://cardtable.db");
    assert_eq!(c.dev_guild_id, None);
    assert_eq!(c.log_filter, DEFAULT_LOG_FILTER);
}

#[test]
fn every_setting_is_read() {
    let c = config(&[
        ("DISCORD_TOKEN", TOKEN),
        ("DATABASE_URL", "sqlite:data/x.db"),
        ("DEV_GUILD_ID", "123456789012345678"),
        ("RUST_LOG", "cardtable=debug,serenity=warn"),
    ])
    .unwrap();
    assert_eq!(c.database_url, "sqlite:data/x.db");
    assert_eq!(c.dev_guild_id, Some(123456789012345678));
    assert_eq!(c.log_filter, "cardtable=debug,serenity=warn");
}

#[test]
fn a_missing_token_says_where_to_get_one() {
    for vars in [&[][..], &[("DISCORD_TOKEN", "   ")][..]] {
        let err = config(vars).unwrap_err();
        assert_start_up_error(&err, "DISCORD_TOKEN");
        assert!(err.contains("developer portal"), "{err}");
    }
}

#[test]
fn a_malformed_token_is_refused_without_being_echoed() {
    for bad in ["not-a-token", "abc.def", "abc..def", "abc.def.ghi jkl", "MTA5.Ga.x.y", "aaa.bbb.ccc"] {
        let err = config(&[("DISCORD_TOKEN", bad)]).unwrap_err();
        assert_start_up_error(&err, "DISCORD_TOKEN");
        assert!(!err.contains(bad), "the token is not echoed: {err}");
    }
}

#[test]
fn a_pasted_bot_prefix_or_quotes_are_forgiven() {
    for pasted in [format!("Bot {TOKEN}"), format!("\"{TOKEN}\""), format!("  {TOKEN}\n")] {
        assert_eq!(config(&[("DISCORD_TOKEN", &pasted)]).unwrap().token.expose(), TOKEN);
    }
}

#[test]
fn the_token_never_appears_when_the_config_is_logged() {
    let c = config(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
    for shown in [format!("{c:?}"), format!("{:?}", c.token), format!("{}", c.token), format!("{c:#?}")] {
        assert!(!shown.contains(TOKEN), "{shown}");
        assert!(!shown.contains("abcdefghijklmnopqrstuvwxyz"), "{shown}");
    }
}

#[test]
fn a_database_url_that_is_neither_sqlite_nor_postgres_is_refused() {
    let err =
        config(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_URL", "mysql://bot:pw@localhost/db")]).unwrap_err();
    assert_start_up_error(&err, "DATABASE_URL");
    assert!(err.contains("sqlite://cardtable.db") && err.contains("postgres://"), "{err}");
    assert!(!err.contains(":pw@"), "the password stays out of the message: {err}");
}

#[test]
fn a_postgres_database_url_is_taken_and_a_malformed_one_refused() {
    let c =
        config(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_URL", "postgres://bot:pw@db.internal:5432/cardtable")])
            .unwrap();
    assert_eq!(c.database_url, "postgres://bot:pw@db.internal:5432/cardtable");
    assert_eq!(c.database_pool, cardtable::store::PoolSize::default());
    let err =
        config(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_URL", "postgres://bot@db.internal:port/cardtable")])
            .unwrap_err();
    assert_start_up_error(&err, "DATABASE_URL");
    assert!(err.contains("postgres://user:password@host:5432/database"), "{err}");
}

#[test]
fn the_postgres_pool_size_comes_from_the_environment() {
    let c = config(&[
        ("DISCORD_TOKEN", TOKEN),
        ("DATABASE_MAX_CONNECTIONS", "32"),
        ("DATABASE_MIN_CONNECTIONS", "2"),
    ])
    .unwrap();
    assert_eq!(c.database_pool, cardtable::store::PoolSize { max: 32, min: 2 });
    let err = config(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_MAX_CONNECTIONS", "many")]).unwrap_err();
    assert_start_up_error(&err, "DATABASE_MAX_CONNECTIONS");
}

#[test]
fn a_dev_guild_id_must_be_a_server_id() {
    for bad in ["my-server", "-5", "0", "12.5"] {
        let err = config(&[("DISCORD_TOKEN", TOKEN), ("DEV_GUILD_ID", bad)]).unwrap_err();
        assert_start_up_error(&err, "DEV_GUILD_ID");
    }
}

#[test]
fn a_malformed_log_filter_is_refused() {
    let err = config(&[("DISCORD_TOKEN", TOKEN), ("RUST_LOG", "cardtable=loud")]).unwrap_err();
    assert_start_up_error(&err, "RUST_LOG");
}

#[test]
fn the_example_env_file_documents_every_setting() {
    let example = include_str!("../../.env.example");
    for name in [
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "DEV_GUILD_ID",
        "RUST_LOG",
        "DISCORD_HTTP_TIMEOUT_SECS",
        "DISCORD_RETRIES",
        "DISCORD_RETRY_BACKOFF_MS",
        "SHARDS",
        "SHARD_COUNT",
        // Issue 54: the PostgreSQL pool's size.
        "DATABASE_MAX_CONNECTIONS",
        "DATABASE_MIN_CONNECTIONS",
    ] {
        assert!(example.contains(name), ".env.example lacks {name}");
    }
}

#[test]
fn the_discord_timeout_and_retries_have_defaults_and_bounds() {
    let c = config(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
    assert_eq!(c.http_timeout, std::time::Duration::from_secs(10));
    assert_eq!((c.retries, c.retry_backoff), (3, std::time::Duration::from_millis(1500)));
    let c = config(&[
        ("DISCORD_TOKEN", TOKEN),
        ("DISCORD_HTTP_TIMEOUT_SECS", "30"),
        ("DISCORD_RETRIES", "1"),
        ("DISCORD_RETRY_BACKOFF_MS", "0"),
    ])
    .unwrap();
    assert_eq!(c.http_timeout, std::time::Duration::from_secs(30));
    assert_eq!((c.retries, c.retry_backoff), (1, std::time::Duration::ZERO));
    for (name, bad) in
        [("DISCORD_HTTP_TIMEOUT_SECS", "0"), ("DISCORD_RETRIES", "many"), ("DISCORD_RETRY_BACKOFF_MS", "-5")]
    {
        let err = config(&[("DISCORD_TOKEN", TOKEN), (name, bad)]).unwrap_err();
        assert_start_up_error(&err, name);
    }
}

#[test]
fn shards_are_a_range_of_the_count_or_left_to_discord() {
    use cardtable::discord::config::ShardRange;
    assert_eq!(config(&[("DISCORD_TOKEN", TOKEN)]).unwrap().shards, None, "autosharding when alone");
    let c = config(&[("DISCORD_TOKEN", TOKEN), ("SHARDS", "0-3"), ("SHARD_COUNT", "8")]).unwrap();
    assert_eq!(c.shards, Some(ShardRange { first: 0, last: 3, count: 8 }));
    let c = config(&[("DISCORD_TOKEN", TOKEN), ("SHARDS", " 7 "), ("SHARD_COUNT", "8")]).unwrap();
    assert_eq!(c.shards, Some(ShardRange { first: 7, last: 7, count: 8 }));
}

#[test]
fn a_shard_range_outside_the_count_or_half_set_stops_start_up() {
    let with = |range: &str, count: &str| {
        let mut vars = vec![("DISCORD_TOKEN", TOKEN)];
        if !range.is_empty() {
            vars.push(("SHARDS", range));
        }
        if !count.is_empty() {
            vars.push(("SHARD_COUNT", count));
        }
        config(&vars).unwrap_err()
    };
    let err = with("4-8", "8");
    assert_start_up_error(&err, "SHARDS");
    assert!(err.contains("0 to 7") && err.contains("raise SHARD_COUNT"), "{err}");
    let err = with("0-3", "");
    assert_start_up_error(&err, "SHARDS");
    assert!(err.contains("set SHARD_COUNT"), "{err}");
    let err = with("", "8");
    assert_start_up_error(&err, "SHARD_COUNT");
    assert!(err.contains("set SHARDS"), "{err}");
    let err = with("3-1", "8");
    assert_start_up_error(&err, "SHARDS");
    assert!(err.contains("write 1-3"), "{err}");
    for bad in ["a-b", "0-", "-3", "0..3"] {
        let err = with(bad, "8");
        assert_start_up_error(&err, "SHARDS");
        assert!(err.contains("FIRST-LAST"), "{bad}: {err}");
    }
    for bad in ["0", "x", "70000"] {
        assert_start_up_error(&with("0-0", bad), "SHARD_COUNT");
    }
}

/// `cardtable bot` itself, started with `vars` (and nothing from a `.env`:
/// it runs in an empty folder): its exit status and what it printed.
fn start_bot(vars: &[(&str, &str)]) -> (std::process::ExitStatus, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"));
    command.arg("bot").current_dir(dir.path()).env("RUST_LOG", "off");
    for name in ["DATABASE_URL", "SHARDS", "SHARD_COUNT", "DISCORD_API_PROXY", "DATABASE_MAX_CONNECTIONS"] {
        command.env_remove(name);
    }
    command.envs(vars.iter().copied());
    let out = command.output().unwrap();
    (out.status, format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// Issue 32, bad input: the real start-up (not only the settings reader)
/// stops on an unreachable PostgreSQL server, a malformed URL or a shard
/// range outside the count, before Discord is reached, with one line
/// that names the setting and the fix and never shows the password.
#[test]
fn bad_database_and_shard_settings_stop_the_bot_with_one_line() {
    // A port nobody listens on: bound, then given back.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let unreachable = format!("postgres://bot:s3cret@127.0.0.1:{port}/cardtable");
    for (vars, setting, fix) in [
        (vec![("DATABASE_URL", unreachable.as_str())], "DATABASE_URL", "check the host and port"),
        (
            vec![("DATABASE_URL", "postgres://bot:s3cret@db.internal:port/cardtable")],
            "DATABASE_URL",
            "postgres://user:password@host:5432/database",
        ),
        (vec![("SHARDS", "4-8"), ("SHARD_COUNT", "8")], "SHARDS", "raise SHARD_COUNT"),
    ] {
        let mut vars = vars;
        vars.push(("DISCORD_TOKEN", TOKEN));
        // Discord is never reached: a proxy nobody listens on either.
        let proxy = format!("http://127.0.0.1:{port}");
        vars.push(("DISCORD_API_PROXY", &proxy));
        let (status, output) = start_bot(&vars);
        assert!(!status.success(), "{vars:?}: started: {output}");
        let lines: Vec<&str> = output.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "{vars:?}: one line: {output}");
        let line = lines[0].strip_prefix("error: ").unwrap_or_else(|| panic!("an error line: {output}"));
        assert!(line.starts_with(setting), "{vars:?}: names {setting} first: {line}");
        assert!(line.contains(fix), "{vars:?}: says the fix ({fix}): {line}");
        assert!(!line.contains("s3cret"), "{vars:?}: keeps the password out: {line}");
    }
}

/// The password every run below is given, in `DATABASE_URL` (in the
/// authority and as a query parameter).
const SECRET: &str = "Hunter2-s3cret";

/// `cardtable ARGS` in an empty folder (holding `dot_env` as `.env` when
/// given) with only `vars` for settings: its exit status, and what it
/// printed on stdout and stderr together.
fn run_cardtable(args: &[&str], vars: &[(&str, &str)], dot_env: Option<&str>) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    if let Some(text) = dot_env {
        std::fs::write(dir.path().join(".env"), text).unwrap();
    }
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"));
    command.args(args).current_dir(dir.path()).stdin(std::process::Stdio::null());
    for name in
        ["DATABASE_URL", "SHARDS", "SHARD_COUNT", "DISCORD_API_PROXY", "DATABASE_MAX_CONNECTIONS", "RUST_LOG"]
    {
        command.env_remove(name);
    }
    command.envs(vars.iter().copied());
    let out = command.output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

/// Issue 54: a password in `DATABASE_URL` (from the environment or from
/// `.env`) never reaches a terminal or a log: not the bot's start-up line
/// (logged at INFO, where systemd keeps it), not any subcommand's start-up
/// output or error, not `--help` (which shows environment values). Every
/// command that uses the database reads it, and says which server it
/// means with the password as `***`.
#[test]
fn no_subcommand_prints_the_database_password() {
    // A port nobody listens on: bound, then given back.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("postgres://bot:{SECRET}@127.0.0.1:{port}/cardtable?sslmode=disable&password={SECRET}");
    let proxy = format!("http://proxy:{SECRET}@127.0.0.1:{port}");
    let uses_database: &[&[&str]] = &[
        &["bot"],
        &["console"],
        &["replay", "1"],
        &["ratings", "rebuild"],
        &["loadtest", "--matches", "2", "--active", "1", "--actions", "2"],
    ];
    let no_database: &[&[&str]] = &[&["commands"], &["cards", "check"]];
    let helps: Vec<Vec<&str>> = [
        "bot", "console", "render", "sim", "arena", "chatsim", "figures", "cards", "replay", "commands",
        "ratings", "loadtest",
    ]
    .iter()
    .map(|sub| vec![*sub, "--help"])
    .chain([vec!["ratings", "rebuild", "--help"], vec!["--help"]])
    .collect();
    let bot_vars = [("DISCORD_TOKEN", TOKEN), ("DISCORD_API_PROXY", proxy.as_str()), ("RUST_LOG", "debug")];
    for from_dot_env in [false, true] {
        let dot_env = format!("DATABASE_URL={url}\n");
        let mut vars = bot_vars.to_vec();
        if !from_dot_env {
            vars.push(("DATABASE_URL", url.as_str()));
        }
        let dot_env = from_dot_env.then_some(dot_env.as_str());
        for args in uses_database {
            let (ok, out) = run_cardtable(args, &vars, dot_env);
            assert!(!ok, "{args:?} (.env: {from_dot_env}) reached a server nobody runs: {out}");
            assert!(!out.contains(SECRET), "{args:?} (.env: {from_dot_env}) printed the password: {out}");
            assert!(
                out.contains(&format!("127.0.0.1:{port}")) || out.contains("PostgreSQL"),
                "{args:?} (.env: {from_dot_env}) did not use DATABASE_URL: {out}"
            );
        }
        for args in no_database.iter().copied().chain(helps.iter().map(Vec::as_slice)) {
            let (_, out) = run_cardtable(args, &vars, dot_env);
            assert!(!out.contains(SECRET), "{args:?} (.env: {from_dot_env}) printed the password: {out}");
        }
    }
    // The bot's own start-up line names the database, password hidden.
    let mut vars = bot_vars.to_vec();
    vars.push(("DATABASE_URL", url.as_str()));
    let (_, log) = run_cardtable(&["bot"], &vars, None);
    assert!(log.contains("starting cardtable bot"), "{log}");
    assert!(log.contains(&format!("postgres://bot:***@127.0.0.1:{port}/cardtable")), "{log}");
}

/// Issue 54: the settings' `Debug` (what a `?config` in a log line shows)
/// hides the database password and the proxy's as it hides the token.
#[test]
fn the_settings_debug_hides_every_secret() {
    let c = config(&[
        ("DISCORD_TOKEN", TOKEN),
        ("DATABASE_URL", "postgres://bot:s3cret@db:5432/cardtable"),
        ("DISCORD_API_PROXY", "http://proxy:s3cret@127.0.0.1:3000"),
    ])
    .unwrap();
    let shown = format!("{c:?}");
    assert!(!shown.contains("s3cret") && !shown.contains(TOKEN), "{shown}");
    assert!(shown.contains("postgres://bot:***@db:5432/cardtable"), "{shown}");
    assert!(shown.contains("http://proxy:***@127.0.0.1:3000"), "{shown}");
}

/// Issue 54: the README's set-up steps say what the bot needs: the invite
/// lists every permission the `/challenge` pre-check asks for (Attach
/// Files for picture boards included), the PostgreSQL steps create the
/// role they then use, and the opening does not say SQLite is the only
/// database.
#[test]
fn the_readme_lists_every_permission_and_creates_the_postgres_role() {
    let readme: String = include_str!("../../README.md").split_whitespace().collect::<Vec<_>>().join(" ");
    let invite = readme.split("and these permissions:").nth(1).unwrap().split("(Mention").next().unwrap();
    for permission in [
        "View Channel",
        "Send Messages",
        "Create Public Threads",
        "Send Messages in Threads",
        "Embed Links",
        "Attach Files",
        "Read Message History",
    ] {
        assert!(invite.contains(permission), "the invite lacks {permission}: {invite}");
    }
    let postgres = readme.split("### PostgreSQL").nth(1).unwrap();
    let role = postgres.find("createuser").expect("the steps create the role");
    let database = postgres.find("createdb -O cardtable").expect("and its database");
    assert!(role < database, "the role first, then the database it owns");
    let opening = readme.split("## ").next().unwrap();
    assert!(opening.contains("SQLite") && opening.contains("PostgreSQL"), "{opening}");
}
