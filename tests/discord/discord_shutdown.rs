//! `cardtable bot` stops on SIGTERM and Ctrl-C (SIGINT) within 5 s, even
//! while the Discord gateway cannot be reached (serenity then retries every
//! 5 s, and used to hold the process until it was killed). The bot runs as
//! a child process against the fake Discord (`DISCORD_API_PROXY`), whose
//! `GET /gateway` names a local port nothing listens on: nothing
//! leaves the machine.
#![cfg(unix)]

use crate::discord_support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use discord_support::{FakeDiscord, TEST_TOKEN};

/// How long a stopped bot may take to exit.
const STOP_WITHIN: Duration = Duration::from_secs(5);

async fn stops_on(signal: &str) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = bot_on(&fake, dir.path());
    // Wait until the bot has asked for the gateway twice (it is then
    // retrying a gateway it cannot reach): the second request is the
    // event that shows it kept running through a failed connection.
    let asked = Instant::now();
    let mut requests = 0;
    while requests < 2 {
        requests += fake.take().iter().filter(|c| c.path.contains("/gateway")).count();
        assert!(
            asked.elapsed() < Duration::from_secs(60),
            "the bot asked for the gateway {requests} times in 60 s"
        );
        assert!(bot.try_wait().unwrap().is_none(), "the bot exited before it was stopped");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

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

/// `cardtable bot` on a database in `dir` against `fake`, its output piped.
fn bot_on(fake: &FakeDiscord, dir: &std::path::Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("bot")
        .env("DISCORD_TOKEN", TEST_TOKEN)
        .env("DATABASE_URL", format!("sqlite://{}", dir.join("bot.db").display()))
        .env("DISCORD_API_PROXY", &fake.base)
        .env("RUST_LOG", "info")
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until `fake` has been asked for the gateway (the bot connects).
async fn connects(fake: &FakeDiscord, within: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < within {
        if fake.take().iter().any(|c| c.path.contains("/gateway")) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

#[tokio::test]
async fn a_second_bot_on_the_same_database_waits_for_the_first_to_stop_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let (first_fake, second_fake) = (FakeDiscord::start().await, FakeDiscord::start().await);
    let mut first = bot_on(&first_fake, dir.path());
    assert!(connects(&first_fake, Duration::from_secs(60)).await, "the first bot connects");
    let mut second = bot_on(&second_fake, dir.path());
    assert!(!connects(&second_fake, Duration::from_secs(4)).await, "the second waits while the first runs");
    assert!(second.try_wait().unwrap().is_none(), "waiting, not exited");
    Command::new("kill").args(["-TERM", &first.id().to_string()]).status().unwrap();
    first.wait().unwrap();
    assert!(connects(&second_fake, Duration::from_secs(10)).await, "the second starts once the first stops");
    Command::new("kill").args(["-TERM", &second.id().to_string()]).status().unwrap();
    let output = second.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&output.stdout).to_string() + &String::from_utf8_lossy(&output.stderr);
    assert!(log.contains("another cardtable process is running on this database"), "says why:\n{log}");
}

/// Issue 54, finding 5: SIGTERM while the bot is still starting (opening
/// the database, loading the cards, setting up the client) stops it
/// cleanly, saying so, instead of killing it by the signal's default
/// action (exit 143, nothing logged).
#[tokio::test]
async fn sigterm_during_start_up_stops_the_bot_cleanly() {
    use std::io::{BufRead, BufReader};
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = bot_on(&fake, dir.path());
    // The log's first line: the bot has begun starting up.
    let stdout = bot.stdout.take().unwrap();
    let (lines, seen) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let first = seen.recv_timeout(Duration::from_secs(30)).expect("the bot logs its start");
    assert!(first.contains("starting cardtable bot"), "{first}");
    let status = Command::new("kill").args(["-TERM", &bot.id().to_string()]).status().unwrap();
    assert!(status.success());
    let sent = Instant::now();
    let exit = loop {
        if let Some(exit) = bot.try_wait().unwrap() {
            break exit;
        }
        if sent.elapsed() > STOP_WITHIN {
            let _ = bot.kill();
            panic!("the bot was still running {} s after SIGTERM", STOP_WITHIN.as_secs());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    std::thread::sleep(Duration::from_millis(100));
    let log: Vec<String> = seen.try_iter().collect();
    assert!(exit.success(), "a stop on request is a clean exit, not death by the signal: {exit:?}\n{log:?}");
    assert!(log.iter().any(|l| l.contains("stopped while") || l.contains("shutting down")), "{log:?}");
}
