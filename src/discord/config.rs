//! The bot's settings, read once at start-up from the environment (and a
//! `.env` file when there is one). Each problem is one line that names the
//! variable and says how to fix it.

use std::fmt;
use std::time::Duration;

/// Where to look when something is missing; every start-up error ends with it.
const TRY_CONSOLE: &str = "(to play without Discord, run `cardtable console`)";

/// The database used when `DATABASE_URL` is not set.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://cardtable.db";

/// The log filter used when `RUST_LOG` is not set.
pub const DEFAULT_LOG_FILTER: &str = "info";

/// Every setting of `cardtable bot`. Its `Debug` shows no secret: the
/// token is hidden and the URLs go through [`crate::store::redact`].
#[derive(Clone)]
pub struct Config {
    /// The bot token (`DISCORD_TOKEN`). Its `Debug`/`Display` never show it.
    pub token: Token,
    /// The database (`DATABASE_URL`), `sqlite://cardtable.db` by default;
    /// a `postgres://` URL for PostgreSQL.
    pub database_url: String,
    /// The PostgreSQL pool's size (`DATABASE_MAX_CONNECTIONS`,
    /// `DATABASE_MIN_CONNECTIONS`); SQLite does not use it.
    pub database_pool: crate::store::PoolSize,
    /// A server where commands are registered instantly (`DEV_GUILD_ID`);
    /// `None` registers them globally.
    pub dev_guild_id: Option<u64>,
    /// The tracing filter (`RUST_LOG`), `info` by default.
    pub log_filter: String,
    /// Most computer-opponent searches at once (`AI_SEARCHES`); more
    /// wait their turn. Default [`crate::table::DEFAULT_AI_SEARCHES`].
    pub ai_searches: usize,
    /// How long one Discord request may take (`DISCORD_HTTP_TIMEOUT_SECS`,
    /// 10 s by default) before it counts as failed (and is retried).
    pub http_timeout: Duration,
    /// Tries per Discord request that failed in a way Discord may recover
    /// from: a 429, or a 5xx or a timeout of a request safe to repeat
    /// (`DISCORD_RETRIES`, 3 by default).
    pub retries: u32,
    /// The wait before the second try, growing by as much for each next
    /// one (`DISCORD_RETRY_BACKOFF_MS`, 1500 by default).
    pub retry_backoff: Duration,
    /// Answer `[[card name]]` in ordinary messages (`INLINE_LOOKUPS`), off
    /// by default: it needs the privileged Message Content intent.
    pub inline_lookups: bool,
    /// Send Discord API requests to this address instead of discord.com
    /// (`DISCORD_API_PROXY`, e.g. `http://127.0.0.1:3000`): an HTTP proxy
    /// in front of Discord that shares one rate limiter between processes
    /// (such as twilight's http-proxy), or the tests' fake Discord. The
    /// bot's own rate limiter is off behind a proxy: the proxy keeps them.
    pub api_proxy: Option<String>,
    /// The gateway shards this process runs (`SHARDS`, e.g. `0-3`, of
    /// `SHARD_COUNT`, e.g. `8`); `None`: all of them, as many as Discord
    /// recommends (autosharding), for a bot run as one process.
    pub shards: Option<ShardRange>,
}

/// Gateway shards `first..=last` of `count` (see [`Config::shards`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    /// The first shard this process runs.
    pub first: u32,
    /// The last shard this process runs (included).
    pub last: u32,
    /// Shards across all processes.
    pub count: u32,
}

/// A Discord bot token. Kept out of every log line: formatting it prints
/// `[redacted]`; only [`Token::expose`] hands out the text.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The token text, for the one place that sends it to Discord.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token([redacted])")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let redact = crate::store::redact;
        f.debug_struct("Config")
            .field("token", &self.token)
            .field("database_url", &redact(&self.database_url))
            .field("database_pool", &self.database_pool)
            .field("dev_guild_id", &self.dev_guild_id)
            .field("log_filter", &self.log_filter)
            .field("ai_searches", &self.ai_searches)
            .field("http_timeout", &self.http_timeout)
            .field("retries", &self.retries)
            .field("retry_backoff", &self.retry_backoff)
            .field("inline_lookups", &self.inline_lookups)
            .field("api_proxy", &self.api_proxy.as_deref().map(redact))
            .field("shards", &self.shards)
            .finish()
    }
}

impl Config {
    /// Loads `.env` (if present; it never overrides the environment), then
    /// reads and checks every setting.
    pub fn from_env() -> Result<Config, String> {
        load_dotenv().map_err(|e| format!("{e} {TRY_CONSOLE}"))?;
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads and checks every setting through `var` (the environment, or a
    /// map in tests). Empty values count as unset.
    pub fn from_lookup(var: impl Fn(&str) -> Option<String>) -> Result<Config, String> {
        let get = |name: &str| var(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        Ok(Config {
            token: parse_token(get("DISCORD_TOKEN"))?,
            database_url: parse_database_url(get("DATABASE_URL"))?,
            database_pool: crate::store::PoolSize::from_lookup(get)
                .map_err(|e| format!("{e} {TRY_CONSOLE}"))?,
            dev_guild_id: get("DEV_GUILD_ID").map(|v| parse_guild_id(&v)).transpose()?,
            log_filter: parse_log_filter(get("RUST_LOG"))?,
            ai_searches: parse_number(
                "AI_SEARCHES",
                get("AI_SEARCHES"),
                crate::table::DEFAULT_AI_SEARCHES as u64,
                1..=64,
            )? as usize,
            http_timeout: Duration::from_secs(parse_number(
                "DISCORD_HTTP_TIMEOUT_SECS",
                get("DISCORD_HTTP_TIMEOUT_SECS"),
                10,
                1..=300,
            )?),
            retries: parse_number("DISCORD_RETRIES", get("DISCORD_RETRIES"), 3, 1..=10)? as u32,
            retry_backoff: Duration::from_millis(parse_number(
                "DISCORD_RETRY_BACKOFF_MS",
                get("DISCORD_RETRY_BACKOFF_MS"),
                1500,
                0..=60_000,
            )?),
            inline_lookups: get("INLINE_LOOKUPS")
                .map(|v| parse_switch("INLINE_LOOKUPS", &v))
                .transpose()?
                .unwrap_or(false),
            api_proxy: get("DISCORD_API_PROXY").map(|v| parse_proxy(&v)).transpose()?,
            shards: parse_shards(get("SHARDS"), get("SHARD_COUNT"))?,
        })
    }

    /// The gateway intents the settings need beyond the base ones: with
    /// inline look-ups, the messages of servers and their text
    /// (`GUILD_MESSAGES | MESSAGE_CONTENT`, the latter privileged).
    pub fn extra_intents(&self) -> serenity::all::GatewayIntents {
        use serenity::all::GatewayIntents;
        if self.inline_lookups {
            GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT
        } else {
            GatewayIntents::empty()
        }
    }
}

/// An on/off setting: true, false, on, off, yes, no, 1 or 0 (any case).
fn parse_switch(name: &str, value: &str) -> Result<bool, String> {
    match value.to_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(format!("{name} is \"{value}\", which is not on or off: use true or false {TRY_CONSOLE}")),
    }
}

fn parse_token(value: Option<String>) -> Result<Token, String> {
    let Some(token) = value else {
        return Err(format!(
            "DISCORD_TOKEN is not set: put your bot token in the environment or in .env \
             (Discord developer portal → your application → Bot → Reset Token) {TRY_CONSOLE}"
        ));
    };
    // People paste the header form or quotes; Discord wants the bare token.
    let token = token.strip_prefix("Bot ").unwrap_or(&token).trim_matches(|c| c == '"' || c == '\'');
    let well_formed = !token.chars().any(char::is_whitespace)
        && token.split('.').count() == 3
        && token.split('.').all(|part| !part.is_empty())
        && serenity::utils::token::validate(token).is_ok()
        && shaped_like_a_bot_token(token);
    if !well_formed {
        // Never echo the value: a malformed token may still be most of a real one.
        return Err(format!(
            "DISCORD_TOKEN does not look like a bot token (three dot-separated parts, no spaces): \
             copy it again from the Discord developer portal → Bot → Reset Token {TRY_CONSOLE}"
        ));
    }
    Ok(Token(token.to_owned()))
}

/// Whether `token` has the shape of a Discord bot token: its first part is
/// the bot's user id (a snowflake of 17–20 digits) in base64, its second a
/// timestamp and its third a signature, both in base64url. serenity's own
/// check accepts any three non-empty parts (`aaa.bbb.ccc`), which would
/// only fail later, at the gateway, with a less helpful message.
fn shaped_like_a_bot_token(token: &str) -> bool {
    use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};
    use base64::Engine as _;
    let mut parts = token.split('.');
    let (Some(id), Some(time), Some(mac)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let id = id.trim_end_matches('=');
    let decoded = STANDARD_NO_PAD.decode(id).or_else(|_| URL_SAFE_NO_PAD.decode(id)).unwrap_or_default();
    let snowflake = (17..=20).contains(&decoded.len()) && decoded.iter().all(u8::is_ascii_digit);
    let base64url = |p: &str| p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    snowflake && time.len() >= 4 && base64url(time) && mac.len() >= 20 && base64url(mac)
}

fn parse_proxy(value: &str) -> Result<String, String> {
    let rest = value.strip_prefix("http://").or_else(|| value.strip_prefix("https://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) => {
            Ok(value.trim_end_matches('/').to_owned())
        }
        _ => Err(format!(
            "DISCORD_API_PROXY is \"{}\", which is not an http(s) address: use e.g. \
             http://127.0.0.1:3000, or unset it to talk to Discord directly {TRY_CONSOLE}",
            crate::store::redact(value)
        )),
    }
}

fn parse_database_url(value: Option<String>) -> Result<String, String> {
    let Some(url) = value else { return Ok(DEFAULT_DATABASE_URL.to_owned()) };
    if crate::store::is_postgres_url(&url) {
        return match crate::store::check_postgres_url(&url) {
            Ok(()) => Ok(url),
            Err(reason) => Err(format!("{reason}, or unset it for {DEFAULT_DATABASE_URL} {TRY_CONSOLE}")),
        };
    }
    if !url.starts_with("sqlite:") {
        return Err(format!(
            "DATABASE_URL is \"{}\", which is neither a SQLite nor a PostgreSQL URL: use e.g. \
             sqlite://cardtable.db or postgres://user:password@host:5432/cardtable, \
             or unset it for the first {TRY_CONSOLE}",
            crate::store::redact(&url)
        ));
    }
    Ok(url)
}

fn parse_guild_id(value: &str) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(format!(
            "DEV_GUILD_ID is \"{value}\", which is not a server id: it must be a number like \
             123456789012345678 (Discord: Developer Mode on, right-click the server → Copy Server ID), \
             or unset it to register commands globally {TRY_CONSOLE}"
        )),
    }
}

fn parse_log_filter(value: Option<String>) -> Result<String, String> {
    let Some(filter) = value else { return Ok(DEFAULT_LOG_FILTER.to_owned()) };
    match tracing_subscriber::EnvFilter::try_new(&filter) {
        Ok(_) => Ok(filter),
        Err(e) => Err(format!(
            "RUST_LOG is \"{filter}\", which is not a log filter ({e}): use a level like info or debug, \
             or per module like cardtable=debug,serenity=warn {TRY_CONSOLE}"
        )),
    }
}

/// A whole number setting within `range`, `default` when unset.
fn parse_number(
    name: &str,
    value: Option<String>,
    default: u64,
    range: std::ops::RangeInclusive<u64>,
) -> Result<u64, String> {
    let Some(text) = value else { return Ok(default) };
    match text.parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!(
            "{name} is \"{text}\", which is not a whole number from {} to {}: fix it, or unset it \
             for the default {default} {TRY_CONSOLE}",
            range.start(),
            range.end()
        )),
    }
}

/// Most shards `SHARD_COUNT` may name.
const MAX_SHARDS: u64 = 65_536;

/// `SHARDS` (`FIRST-LAST` or one number) of `SHARD_COUNT`: both or
/// neither, the range within the count.
fn parse_shards(range: Option<String>, count: Option<String>) -> Result<Option<ShardRange>, String> {
    let (range, count) = match (range, count) {
        (None, None) => return Ok(None),
        (Some(range), None) => {
            return Err(format!(
                "SHARDS is \"{range}\" but SHARD_COUNT is not set: set SHARD_COUNT to the number of shards \
                 across all processes (e.g. SHARDS=0-3 with SHARD_COUNT=8), or unset SHARDS to let Discord \
                 choose (one process) {TRY_CONSOLE}"
            ))
        }
        (None, Some(count)) => {
            return Err(format!(
                "SHARD_COUNT is \"{count}\" but SHARDS is not set: set SHARDS to this process's shards \
                 (e.g. SHARDS=0-3 with SHARD_COUNT=8), or unset SHARD_COUNT to let Discord choose \
                 (one process) {TRY_CONSOLE}"
            ))
        }
        (Some(range), Some(count)) => (range, count),
    };
    let count = parse_number("SHARD_COUNT", Some(count), 1, 1..=MAX_SHARDS)? as u32;
    let number = |s: &str| s.trim().parse::<u32>().ok();
    let (first, last) = match range.split_once('-') {
        Some((a, b)) => (number(a), number(b)),
        None => (number(&range), number(&range)),
    };
    let (Some(first), Some(last)) = (first, last) else {
        return Err(format!(
            "SHARDS is \"{range}\", which is not a shard range: write FIRST-LAST, e.g. 0-3, or one shard \
             number {TRY_CONSOLE}"
        ));
    };
    if first > last {
        return Err(format!(
            "SHARDS is \"{range}\", whose first shard comes after its last: write {last}-{first} {TRY_CONSOLE}"
        ));
    }
    if last >= count {
        return Err(format!(
            "SHARDS is \"{range}\", outside SHARD_COUNT={count} (shards are numbered 0 to {}): set SHARDS \
             within 0-{}, or raise SHARD_COUNT {TRY_CONSOLE}",
            count - 1,
            count - 1
        ));
    }
    Ok(Some(ShardRange { first, last, count }))
}

/// Loads `.env` from the working folder, when there is one; it never
/// overrides the environment. A malformed or unreadable file is one line
/// that names the wrong line's variable, never its value (it may be a
/// secret).
pub fn load_dotenv() -> Result<(), String> {
    match dotenvy::dotenv() {
        Ok(_) => Ok(()),
        Err(e) if e.not_found() => Ok(()),
        Err(dotenvy::Error::LineParse(line, _)) => {
            Err(format!(".env has a line that is not NAME=value ({}): fix or remove it", line_name(&line)))
        }
        Err(dotenvy::Error::Io(e)) => Err(format!(".env cannot be read: {e}")),
        Err(_) => Err(".env cannot be read: fix or remove it".to_owned()),
    }
}

/// Which `.env` line is wrong, without printing a value (it may be a secret).
fn line_name(line: &str) -> String {
    let name = line.split(['=', ' ', ':']).next().unwrap_or("").trim();
    let is_name = !name.is_empty()
        && name.len() <= 40
        && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    if is_name {
        format!("the line starting with {name}")
    } else {
        "a line that starts with no variable name".to_owned()
    }
}
