//! `cardtable bot` stops on SIGTERM and Ctrl-C (SIGINT) within 5 s, even
//! while the Discord gateway cannot be reached (serenity then retries every
//! 5 s, and used to hold the process until it was killed). The bot runs as
//! a child process against the fake Discord (`DISCORD_API_PROXY`), whose
//! `GET /gateway` names a local port nothing listens on: nothing
//! leaves the machine.
#![cfg(unix)]

mod discord_support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use discord_support::{FakeDiscord, TEST_TOKEN};

/// How long a stopped bot may take to exit.
const STOP_WITHIN: Duration = Duration::from_secs(5);

async fn stops_on(signal: &str) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("bot")
        .env("DISCORD_TOKEN", TEST_TOKEN)
        .env("DATABASE_URL", format!("sqlite://{}", dir.path().join("bot.db").display()))
        .env("DISCORD_API_PROXY", &fake.base)
        .env("RUST_LOG", "info")
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the bot has asked for the gateway (it is then retrying a
    // gateway it cannot reach), then one retry more.
    let asked = Instant::now();
    while !fake.take().iter().any(|c| c.path.contains("/gateway")) {
        assert!(asked.elapsed() < Duration::from_secs(60), "the bot never asked the fake for the gateway");
        assert!(bot.try_wait().unwrap().is_none(), "the bot exited before it was stopped");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert!(bot.try_wait().unwrap().is_none(), "the bot is still running before the signal");

    let status = Command::new("kill").args([&format!("-{signal}"), &bot.id().to_string()]).status().unwrap();
    assert!(status.success());
    let sent = Instant::now();
    let exit = loop {
        if let Some(exit) = bot.try_wait().unwrap() {
            break exit;
        }
        if sent.elapsed() > STOP_WITHIN {
            let _ = bot.kill();
            panic!("the bot was still running {} s after SIG{signal}", STOP_WITHIN.as_secs());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let output = bot.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&output.stdout).to_string() + &String::from_utf8_lossy(&output.stderr);
    assert!(exit.success(), "a stop on request is a clean exit: {exit:?}\n{log}");
    assert!(log.contains("shutting down"), "the log says why it stopped:\n{log}");
}

#[tokio::test]
async fn sigterm_stops_the_bot_within_5_s_while_the_gateway_cannot_be_reached() {
    stops_on("TERM").await;
}

#[tokio::test]
async fn ctrl_c_stops_the_bot_within_5_s_while_the_gateway_cannot_be_reached() {
    stops_on("INT").await;
}
