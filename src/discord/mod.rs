//! The Discord front end: poise slash commands, the component router and
//! the deadline ticker. Thin by design: every decision is the table's, this
//! module only translates (interaction → [`crate::table::Request`],
//! [`crate::table::Outgoing`] → Discord calls), so a match plays the same
//! here as in `cardtable console`.
//!
//! - `commands/` — one slash command (or group) per file, [`all_commands`];
//! - `router` — every button and select, through the global event handler;
//! - `outbox` — carries out the table's effects (posts, threads, pings);
//! - [`render`] — protocol messages → serenity builders, within Discord's limits;
//! - `ticker` — deadlines: reminders and forfeits, resumed from the database;
//! - [`servers`] — a server that removes the bot pauses its matches;
//! - `threads` — a thread a moderator locks pauses its match, never reopened;
//! - [`instance`] — one bot per database: a second one waits for the first;
//! - `error` — user errors in plain words, anything else logged with an id;
//! - `supervise` — a panic in a ticker pass, a click or a slash command is caught, logged, answered.

mod commands;
pub mod config;
mod error;
mod inline;
pub mod instance;
mod interaction;
mod outbox;
pub mod render;
mod router;
pub mod servers;
mod stop;
mod supervise;
mod threads;
mod ticker;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use serenity::all::{ClientBuilder, GatewayIntents, GuildId, Http, HttpBuilder};
use tracing::{error, info, warn};

pub use commands::{all_commands, answer_slash, read_deck_file};
pub use config::Config;
pub use inline::answer as answer_inline;
pub use outbox::{deliver, set_retry, Retry};
pub use router::on_component;
pub use threads::on_thread_update;
pub use ticker::{deliver_due, spawn_every as spawn_ticker};

use crate::store::Store;
use crate::table::Table;

/// What every command and event handler shares.
pub struct Data {
    /// The match lifecycle; every decision is its.
    pub table: Table,
}

/// Any failure of a command or handler; see `error` for how it is shown.
pub type Error = anyhow::Error;

/// The poise context of our commands.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The slash commands exactly as they are sent to Discord at registration,
/// as pretty JSON (`cardtable commands`), so they can be checked offline.
pub fn commands_json() -> String {
    let commands = poise::builtins::create_application_commands(&all_commands());
    serde_json::to_string_pretty(&commands).expect("command builders always serialize")
}

/// Runs the bot until it is stopped (Ctrl-C / SIGTERM) or the connection
/// fails for good.
pub async fn run(config: Config) -> anyhow::Result<()> {
    init_logging(&config.log_filter);
    // From here on a stop request is never lost, nor fatal (see `stop`).
    let stop = stop::Stop::listen();
    info!(database = %crate::store::redact(&config.database_url), dev_guild = ?config.dev_guild_id, "starting cardtable bot");

    // Before the database is touched: a second process on it waits (and says so).
    let _instance = tokio::select! {
        lock = instance::wait_for_lock(&config.database_url) => lock?,
        () = stop.requested() => {
            info!("stopped while waiting for the other process");
            return Ok(());
        }
    };
    let store = tokio::select! {
        store = Store::open_with(&config.database_url, config.database_pool) => store,
        () = stop.requested() => {
            info!("stopped while opening the database");
            return Ok(());
        }
    };
    let store = store.map_err(|e| {
        if crate::store::is_postgres_url(&config.database_url) {
            // The reason names the fix (host, password, privileges).
            anyhow::anyhow!("DATABASE_URL: {e} (to play without Discord, run `cardtable console`)")
        } else {
            anyhow::anyhow!(
                "DATABASE_URL: {e}: fix the URL or create the folder, or unset it for sqlite://cardtable.db \
                 (to play without Discord, run `cardtable console`)"
            )
        }
    })?;
    if stop.is_requested() {
        info!("stopped while opening the database");
        return Ok(());
    }
    let library = crate::games::Library::embedded()
        .map_err(|e| anyhow::anyhow!("the card files built into this binary are invalid: {e}"))?;
    let table = Table::with_library(
        store,
        std::sync::Arc::new(crate::table::SystemClock),
        crate::table::TableConfig { ai_searches: config.ai_searches, ..crate::table::TableConfig::default() },
        std::sync::Arc::new(library),
    );

    // Every claim this process makes (its gateway shards, the ticker's
    // work) is renewed by this one task while the process runs.
    table.spawn_renewal();
    // On PostgreSQL, several processes share the database: this one waits
    // until no other runs any of its shards (the file lock above guards
    // SQLite, where one process has the whole database).
    let gateway = if crate::store::is_postgres_url(&config.database_url) {
        let shards = config.shards.map(|s| (s.first, s.last));
        tokio::select! {
            lease = instance::wait_for_gateway(&table, shards) => Some(lease?),
            () = stop.requested() => {
                info!("stopped while waiting for the other process");
                return Ok(());
            }
        }
    } else {
        None
    };

    set_retry(Retry { attempts: config.retries, backoff: config.retry_backoff });
    let dev_guild = config.dev_guild_id.map(GuildId::new);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: all_commands(),
            on_error: |err| Box::pin(error::on_error(err)),
            event_handler: |ctx, event, _framework, data| {
                Box::pin(async move {
                    inline::on_event(ctx, event, data).await;
                    // A panic (a bug) costs this one event: logged with an id.
                    let _ = supervise::supervised(
                        "a server or channel change",
                        servers::on_event(event, &data.table),
                    )
                    .await;
                    let _ = supervise::supervised(
                        "a thread change",
                        threads::on_event(&ctx.http, event, &data.table),
                    )
                    .await;
                    router::on_event(ctx, event, data).await
                })
            },
            // Nothing we send may ping beyond what a post asks for.
            allowed_mentions: Some(render::no_pings()),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                info!(bot = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                // Registration takes a few requests; clicks and commands
                // are answered meanwhile (the setup returns at once).
                let commands = poise::builtins::create_application_commands(&framework.options().commands);
                tokio::spawn(register_commands(ctx.http.clone(), commands, dev_guild));
                ticker::spawn(ctx.http.clone(), table.clone());
                Ok(Data { table })
            })
        })
        .build();

    let http = http_client(&config)?;
    let built = tokio::select! {
        built = std::future::IntoFuture::into_future(
            ClientBuilder::new_with_http(http, intents(&config)).framework(framework),
        ) => built,
        () = stop.requested() => {
            info!("stopped while setting up the Discord client");
            if let Some(lease) = gateway {
                lease.release().await;
            }
            return Ok(());
        }
    };
    let mut client = built.context("DISCORD_TOKEN: could not build the Discord client")?;

    // The signal wins over a gateway that never answers: serenity's shard
    // queuer retries an unreachable gateway every 5 s and `shutdown_all`
    // waits for it, so the shards get a bounded grace period and then the
    // process stops anyway. Every click is committed in one transaction
    // before it is answered, so stopping mid-request abandons it whole.
    let shards = client.shard_manager.clone();
    // Shards: this process's range of the count (several processes, see
    // docs/scaling.md), else as many as Discord recommends.
    let start = async {
        match config.shards {
            Some(s) => {
                info!(first = s.first, last = s.last, count = s.count, "starting gateway shards");
                // serenity's range counts its end in (shards 4 to 7: `4..7`).
                client.start_shard_range(s.first..s.last, s.count).await
            }
            None => client.start_autosharded().await,
        }
    };
    let started = tokio::select! {
        started = start => Some(started),
        () = stop.requested() => {
            info!("shutting down");
            if tokio::time::timeout(SHUTDOWN_GRACE, shards.shutdown_all()).await.is_err() {
                warn!("the gateway did not close within {} s; stopping anyway", SHUTDOWN_GRACE.as_secs());
            }
            None
        }
    };
    // The shards are closed: a process waiting for them may start now.
    if let Some(lease) = gateway {
        lease.release().await;
    }
    let Some(started) = started else { return Ok(()) };
    started.map_err(|e| match e {
        serenity::Error::Gateway(serenity::gateway::GatewayError::InvalidAuthentication) => anyhow::anyhow!(
            "DISCORD_TOKEN was refused by Discord: copy a fresh one from the developer portal → Bot → Reset Token"
        ),
        serenity::Error::Gateway(serenity::gateway::GatewayError::DisallowedGatewayIntents) => {
            anyhow::anyhow!(
                "Discord refused the gateway intents the bot asked for: with INLINE_LOOKUPS=true, switch on \
                 the developer portal → your application → Bot → Privileged Gateway Intents → Message Content \
                 Intent, or set INLINE_LOOKUPS=false"
            )
        }
        other => anyhow::Error::from(other).context("the Discord connection failed"),
    })
}

/// The gateway intents: exactly what the bot uses. Commands and clicks
/// arrive as interactions, which need none; `GUILDS` keeps the channel and
/// thread events serenity expects; inline look-ups add the messages and
/// their text ([`Config::extra_intents`]).
pub fn intents(config: &Config) -> GatewayIntents {
    GatewayIntents::GUILDS | config.extra_intents()
}

/// serenity's HTTP client, with the request timeout of `config` (reqwest
/// has none by default, so a hung request would hold a reply forever).
fn http_client(config: &Config) -> anyhow::Result<Http> {
    let client = reqwest::Client::builder()
        .timeout(config.http_timeout)
        .build()
        .context("could not build the HTTP client")?;
    let builder = HttpBuilder::new(config.token.expose()).client(client);
    Ok(match &config.api_proxy {
        // serenity sends through the proxy only with its own rate limiter
        // off: the proxy keeps Discord's limits (that is what one is for).
        Some(proxy) => builder.proxy(proxy.as_str()).ratelimiter_disabled(true),
        None => builder,
    }
    .build())
}

/// Registers the slash commands: in the `DEV_GUILD_ID` server (instantly),
/// removing the global ones there would be duplicates of; else globally.
async fn register_commands(
    http: Arc<Http>,
    commands: Vec<serenity::all::CreateCommand>,
    dev_guild: Option<GuildId>,
) {
    let registered = match dev_guild {
        Some(guild) => match guild.set_commands(&http, commands).await {
            Ok(_) => serenity::all::Command::set_global_commands(&http, Vec::new()).await.map(drop),
            Err(e) => Err(e),
        },
        None => serenity::all::Command::set_global_commands(&http, commands).await.map(drop),
    };
    match (registered, dev_guild) {
        (Ok(()), Some(guild)) => {
            info!(%guild, "slash commands registered in the dev server (global ones cleared)")
        }
        (Ok(()), None) => info!("slash commands registered globally (may take up to an hour to show)"),
        (Err(e), Some(guild)) => error!(
            %guild,
            "could not register the slash commands in DEV_GUILD_ID's server \
             (is the bot in that server?): {e}"
        ),
        (Err(e), None) => error!("could not register the slash commands: {e}"),
    }
}

/// Installs the log subscriber with `filter` (validated by [`Config`]),
/// unless the program installed one already (`cardtable bot` does, from
/// the same `RUST_LOG`).
fn init_logging(filter: &str) {
    let filter = tracing_subscriber::EnvFilter::try_new(filter).unwrap_or_else(|_| "info".into());
    let _already_installed = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}

/// How long the shards may take to close after Ctrl-C or SIGTERM.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);
