//! The real client, end to end: `cardtable bot` runs as a child process —
//! serenity's `Client`, poise's `Framework`, the ticker, command
//! registration, exactly as in production — against the fake REST Discord
//! (`DISCORD_API_PROXY`; every request checked against Discord's OpenAPI
//! description) and the fake gateway of `discord_support::gateway`
//! (WebSocket on 127.0.0.1: HELLO, IDENTIFY, READY, heartbeats,
//! INTERACTION_CREATE, RESUME). Interactions are the JSON Discord sends,
//! dispatched by the gateway; what the player is answered is read from the
//! REST calls the bot makes. Nothing leaves the machine.
#![cfg(unix)]

use crate::discord_support;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use cardtable::games::{GameId, Library};
use discord_support::gateway::{is_the_token, FakeGateway, HEARTBEAT, HEARTBEAT_MS, IDENTIFY, RESUME};
use discord_support::{
    check_interaction, custom_ids, interaction_base, message_json, posts_in, starter_deck, text_of,
    user_json, Call, FakeDiscord, A, ALICE, APP, B, BOB, CHANNEL, EPHEMERAL, GUILD, TEST_TOKEN,
};

/// How long a step may take before the test gives up (the bot is a debug
/// build sharing two cores with other builds).
const PATIENCE: Duration = Duration::from_secs(60);
/// How long a stopped bot may take to exit.
const STOP_WITHIN: Duration = Duration::from_secs(5);

/// `cardtable bot`, connected to the fakes.
struct Bot {
    child: Child,
    fake: FakeDiscord,
    gateway: FakeGateway,
    dir: tempfile::TempDir,
    /// Every REST call so far.
    log: Vec<Call>,
    next_interaction: u64,
}

impl Bot {
    /// Starts the bot and waits until it has registered its commands
    /// (READY reached poise's setup).
    async fn start(dev_guild: Option<u64>) -> Bot {
        let fake = FakeDiscord::start().await;
        let gateway = FakeGateway::start().await;
        fake.use_gateway(&gateway.url);
        let dir = tempfile::tempdir().unwrap();
        let output = std::fs::File::create(dir.path().join("bot.log")).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_cardtable"));
        command
            .arg("bot")
            .env("DISCORD_TOKEN", TEST_TOKEN)
            .env("DATABASE_URL", database_url(dir.path()))
            .env("DISCORD_API_PROXY", &fake.base)
            .env("RUST_LOG", "info")
            .env_remove("DEV_GUILD_ID")
            .current_dir(dir.path())
            .stdout(Stdio::from(output.try_clone().unwrap()))
            .stderr(Stdio::from(output));
        if let Some(guild) = dev_guild {
            command.env("DEV_GUILD_ID", guild.to_string());
        }
        let child = command.spawn().unwrap();
        let mut bot = Bot { child, fake, gateway, dir, log: Vec::new(), next_interaction: 100_000 };
        let registrations = if dev_guild.is_some() { 2 } else { 1 };
        bot.until("the commands are registered", |log| registrations_in(log).len() >= registrations).await;
        bot
    }

    /// The bot's log so far.
    fn output(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("bot.log")).unwrap_or_default()
    }

    /// Waits until the REST calls so far satisfy `done`; returns them.
    async fn until(&mut self, what: &str, done: impl Fn(&[Call]) -> bool) -> Vec<Call> {
        let start = Instant::now();
        loop {
            self.log.extend(self.fake.take());
            if done(&self.log) {
                return self.log.clone();
            }
            if start.elapsed() > PATIENCE || self.child.try_wait().unwrap().is_some() {
                panic!(
                    "waiting for {what}: not seen\ncalls: {:#?}\ngateway problems: {:#?}\nbot log:\n{}",
                    self.log,
                    self.gateway.problems(),
                    self.output()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// A new interaction of `kind` by `user` in `channel`, with a fresh id
    /// and token (as Discord sends them).
    fn interaction(&mut self, kind: u64, user: (u64, &str), channel: u64) -> Value {
        self.next_interaction += 1;
        let mut v = interaction_base(kind, user, channel);
        v["id"] = json!(self.next_interaction.to_string());
        v["token"] = json!(format!("token-{}", self.next_interaction));
        v
    }

    /// Dispatches `interaction` by the gateway; returns its id.
    fn send(&self, interaction: Value) -> String {
        check_interaction(&interaction);
        self.gateway.dispatch("INTERACTION_CREATE", interaction.clone());
        interaction["id"].as_str().unwrap().to_owned()
    }

    /// Waits until the interaction `id` is answered with something `done`
    /// accepts; returns its answers (the callback and the follow-ups).
    async fn answered(&mut self, id: &str, done: impl Fn(&[&Call]) -> bool) -> Vec<Call> {
        let log =
            self.until(&format!("the answer to interaction {id}"), |log| done(&answers_to(log, id))).await;
        answers_to(&log, id).into_iter().cloned().collect()
    }

    /// A click on the button `custom_id` of a message in `channel`.
    fn click(&mut self, user: (u64, &str), channel: u64, custom_id: &str) -> Value {
        let mut v = self.interaction(3, user, channel);
        v["data"] = json!({"custom_id": custom_id, "component_type": 2});
        v["message"] = message_json(1, channel, &json!({}));
        v
    }

    /// `user` picks `value` in the private menu `custom_id`.
    fn select(&mut self, user: (u64, &str), channel: u64, custom_id: &str, value: &str) -> Value {
        let mut v = self.interaction(3, user, channel);
        v["data"] = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
        v["message"] = message_json(1, channel, &json!({}));
        v["message"]["flags"] = json!(EPHEMERAL);
        v
    }

    /// Alice's `/challenge opponent:Bob game:spheres deck:<starter>` in
    /// [`CHANNEL`], with the user and member Discord resolves.
    fn challenge_bob(&mut self) -> Value {
        let mut v = self.interaction(2, A, CHANNEL);
        v["data"] = json!({
            "id": "9", "name": "challenge", "type": 1,
            "options": [{"name": "opponent", "type": 6, "value": BOB.to_string()},
                        {"name": "game", "type": 3, "value": "spheres"},
                        {"name": "deck", "type": 3, "value": starter_deck()}],
            "resolved": {"users": {BOB.to_string(): user_json(BOB, "Bob")},
                         "members": {BOB.to_string(): {"roles": [], "joined_at": "2024-01-01T00:00:00+00:00",
                                     "nick": null, "avatar": null, "pending": false, "premium_since": null,
                                     "flags": 0, "communication_disabled_until": null,
                                     "permissions": discord_support::ALL_PERMISSIONS}}}
        });
        v
    }

    /// Alice challenges Bob; returns the Accept button's id once posted.
    async fn challenge_posted(&mut self) -> String {
        let challenge = self.challenge_bob();
        self.send(challenge);
        let log = self.until("the challenge is posted", |log| !posts_in(log, CHANNEL).is_empty()).await;
        custom_ids(&posts_in(&log, CHANNEL)[0].body)
            .into_iter()
            .find(|i| i.starts_with("accept:"))
            .expect("an Accept button")
    }

    /// Sends SIGTERM; waits for the exit; returns whether it was clean and the log.
    async fn stop(&mut self) -> (std::process::ExitStatus, Duration, String) {
        let sent = Instant::now();
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap();
        assert!(status.success());
        loop {
            if let Some(exit) = self.child.try_wait().unwrap() {
                return (exit, sent.elapsed(), self.output());
            }
            if sent.elapsed() > STOP_WITHIN * 2 {
                let _ = self.child.kill();
                panic!(
                    "the bot was still running {} s after SIGTERM:\n{}",
                    STOP_WITHIN.as_secs() * 2,
                    self.output()
                );
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        if !std::thread::panicking() {
            self.gateway.assert_no_problems();
        }
    }
}

fn database_url(dir: &std::path::Path) -> String {
    format!("sqlite://{}", dir.join("bot.db").display())
}

/// The calls that answer the interaction `id`: its callback, and the
/// follow-ups and edits made with its token.
fn answers_to<'a>(log: &'a [Call], id: &str) -> Vec<&'a Call> {
    let callback = format!("/interactions/{id}/");
    let token = format!("/token-{id}");
    log.iter().filter(|c| c.path.contains(&callback) || c.path.contains(&token)).collect()
}

/// The bulk overwrites of the command list among `log`.
fn registrations_in(log: &[Call]) -> Vec<&Call> {
    log.iter().filter(|c| c.method == "PUT" && c.path.ends_with("/commands")).collect()
}

/// Every custom id offered in `answers` (in a callback's data or a message).
fn offered_ids(answers: &[&Call]) -> Vec<String> {
    answers.iter().flat_map(|c| [custom_ids(&c.body), custom_ids(&c.body["data"])]).flatten().collect()
}

/// All the text shown in `answers`.
fn shown(answers: &[&Call]) -> String {
    answers.iter().map(|c| text_of(&c.body) + &text_of(&c.body["data"])).collect::<Vec<_>>().join("\n")
}

/// The commands as this build registers them.
fn commands() -> Value {
    serde_json::from_str(&cardtable::discord::commands_json()).unwrap()
}

#[tokio::test]
async fn registration_at_start_puts_every_command_globally_and_discord_accepts_it() {
    let mut bot = Bot::start(None).await;
    let identify = bot.gateway.sent_op(IDENTIFY);
    assert_eq!(identify.len(), 1, "one IDENTIFY");
    assert!(is_the_token(&identify[0].payload["d"]["token"]), "{identify:#?}");
    let intents = identify[0].payload["d"]["intents"].as_u64().unwrap();
    assert_eq!(intents & 1, 1, "GUILDS is asked for: {intents}");

    let log = bot.until("nothing more", |_| true).await;
    let registered = registrations_in(&log);
    assert_eq!(registered.len(), 1, "{registered:#?}");
    let put = registered[0];
    assert_eq!(put.path, format!("/api/v10/applications/{APP}/commands"), "global");
    // The fake answers 400 to what Discord's description or rules refuse.
    assert!(put.ok, "Discord accepts the registration: {put:#?}");
    assert_eq!(put.body, commands(), "every command, as `cardtable commands` shows them");
    assert!(bot.output().contains("slash commands registered globally"), "{}", bot.output());
}

#[tokio::test]
async fn dev_guild_id_registers_the_commands_in_that_server_and_clears_the_global_ones() {
    let mut bot = Bot::start(Some(GUILD)).await;
    let log = bot.until("nothing more", |_| true).await;
    let registered = registrations_in(&log);
    assert_eq!(registered.len(), 2, "{registered:#?}");
    let (guild, global) = (registered[0], registered[1]);
    assert_eq!(guild.path, format!("/api/v10/applications/{APP}/guilds/{GUILD}/commands"));
    assert!(guild.ok && guild.body == commands(), "every command in the dev server: {guild:#?}");
    assert_eq!(global.path, format!("/api/v10/applications/{APP}/commands"));
    assert!(global.ok && global.body == json!([]), "the global ones cleared: {global:#?}");
}

#[tokio::test]
async fn a_slash_command_from_the_gateway_goes_through_poise_and_is_answered() {
    let mut bot = Bot::start(None).await;
    let library = Library::embedded().unwrap();
    let name = library.catalog(GameId::Spheres).card_names()[0].to_owned();
    let mut card = bot.interaction(2, A, CHANNEL);
    card["data"] = json!({"id": "9", "name": "card", "type": 1,
                          "options": [{"name": "name", "type": 3, "value": name}]});
    let id = bot.send(card);
    let answers = bot.answered(&id, |a| shown(a).contains(&name)).await;
    let first = &answers[0];
    assert!(first.path.ends_with("/callback") && first.ok, "acknowledged first: {first:#?}");
    assert_eq!(first.body["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL, "privately");
    assert!(answers.iter().all(|c| c.ok), "{answers:#?}");
}

#[tokio::test]
async fn a_command_poise_refuses_goes_through_on_error_and_the_player_is_told_in_plain_words() {
    let mut bot = Bot::start(None).await;
    // `/board` is a server command; one made in a direct message is
    // refused by poise (GuildOnly), which hands it to our `on_error`.
    let mut board = bot.interaction(2, A, 6000);
    let fields = board.as_object_mut().unwrap();
    fields.remove("guild_id");
    fields.remove("member");
    board["user"] = user_json(ALICE, "Alice");
    board["channel"] = json!({"id": "6000", "type": 1});
    board["data"] = json!({"id": "9", "name": "board", "type": 1, "options": []});
    let id = bot.send(board);
    let answers = bot.answered(&id, |a| a.iter().any(|c| c.ok)).await;
    let reply = answers.iter().find(|c| c.ok).unwrap();
    assert_eq!(reply.body["type"], 4, "answered with a message: {reply:#?}");
    assert_eq!(reply.body["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL, "privately");
    let text = shown(&[reply]);
    assert!(text.contains("works in a server channel only"), "{text}");
    assert!(!text.contains("went wrong"), "a plain answer, not an apology: {text}");
}

#[tokio::test]
async fn a_button_click_from_the_gateway_is_answered_through_the_router() {
    let mut bot = Bot::start(None).await;
    let accept = bot.challenge_posted().await;
    let click = bot.click(B, CHANNEL, &accept);
    let id = bot.send(click);
    let answers = bot.answered(&id, |a| offered_ids(a).iter().any(|i| i.starts_with("deck:"))).await;
    assert!(answers.iter().all(|c| c.ok), "{answers:#?}");
}

#[tokio::test]
async fn autocomplete_of_card_names_is_answered_with_choices() {
    let mut bot = Bot::start(None).await;
    let library = Library::embedded().unwrap();
    let name = library.catalog(GameId::Spheres).card_names()[0].to_owned();
    // The name as typed so far: all but its last letter.
    let partial: String = name.chars().take(name.chars().count() - 1).collect();
    let mut typing = bot.interaction(4, A, CHANNEL);
    typing["data"] = json!({"id": "9", "name": "card", "type": 1,
                            "options": [{"name": "name", "type": 3, "value": partial, "focused": true}]});
    let id = bot.send(typing);
    let answers = bot.answered(&id, |a| !a.is_empty()).await;
    let answer = &answers[0];
    assert!(answer.ok, "{answer:#?}");
    assert_eq!(answer.body["type"], 8, "an autocomplete result: {answer:#?}");
    let choices = answer.body["data"]["choices"].as_array().cloned().unwrap_or_default();
    assert!(choices.iter().any(|c| c["value"] == json!(name)), "{partial:?} offers {name:?}: {choices:#?}");
}

#[tokio::test]
async fn a_dropped_connection_is_resumed_with_its_session_and_seq_and_no_click_is_lost() {
    let mut bot = Bot::start(None).await;
    let accept = bot.challenge_posted().await;
    // A heartbeat carries the last sequence number (READY's, the challenge's).
    let heartbeat = bot.gateway.wait_for_op(HEARTBEAT, 0, Duration::from_millis(HEARTBEAT_MS * 5)).await;
    assert!(heartbeat.is_some(), "the bot heartbeats");

    let (session, seen) = (bot.gateway.session().unwrap(), bot.gateway.delivered());
    bot.gateway.drop_connection();
    // Bob clicks Accept while the bot is away: Discord keeps it for the RESUME.
    let click = bot.click(B, CHANNEL, &accept);
    let accepted = bot.send(click);
    let resume = bot.gateway.wait_for_op(RESUME, 0, PATIENCE).await.expect("the bot resumes");
    assert_eq!(resume.connection, 2, "on a new connection");
    assert_eq!(resume.payload["d"]["session_id"], json!(session));
    assert_eq!(resume.payload["d"]["seq"], json!(seen), "from the last event it got");
    assert!(is_the_token(&resume.payload["d"]["token"]), "{resume:#?}");
    assert_eq!(bot.gateway.sent_op(IDENTIFY).len(), 1, "resumed, not identified again");

    let answers = bot.answered(&accepted, |a| offered_ids(a).iter().any(|i| i.starts_with("deck:"))).await;
    let deck_menu = offered_ids(&answers.iter().collect::<Vec<_>>())
        .into_iter()
        .find(|i| i.starts_with("deck:"))
        .unwrap();
    // And a click after the resume.
    let pick = bot.select(B, CHANNEL, &deck_menu, &starter_deck());
    bot.send(pick);
    let log = bot
        .until("the match thread opens", |log| {
            log.iter().any(|c| c.ok && c.path == format!("/api/v10/channels/{CHANNEL}/threads"))
        })
        .await;
    assert!(log.iter().all(|c| c.ok), "every request accepted: {log:#?}");
}

#[tokio::test]
async fn sigterm_while_connected_stops_the_bot_within_5_s_and_leaves_nothing_half_done() {
    let mut bot = Bot::start(None).await;
    // A challenge in flight when the signal comes.
    let challenge = bot.challenge_bob();
    bot.send(challenge);
    let (exit, took, output) = bot.stop().await;
    assert!(took <= STOP_WITHIN, "stopped after {took:?}:\n{output}");
    assert!(exit.success(), "a stop on request is a clean exit: {exit:?}\n{output}");
    assert!(output.contains("shutting down"), "the log says why it stopped:\n{output}");
    let closes: Vec<_> = bot.gateway.received().into_iter().filter(|r| r.payload["close"].is_u64()).collect();
    assert!(
        closes.iter().any(|r| r.payload["close"] == 1000),
        "the bot logged off the gateway itself (close 1000): {closes:#?}\n{output}"
    );

    // The database lock is free and the challenge is whole or absent.
    let url = database_url(bot.dir.path());
    let lock = cardtable::discord::instance::lock_path(&url).unwrap();
    assert!(
        cardtable::discord::instance::try_lock(&lock).unwrap().is_some(),
        "the instance lock is released"
    );
    let store = cardtable::store::Store::open(&url).await.unwrap();
    if let Ok(row) = store.challenge(1).await {
        let seats = store.challenge_seats(row.id).await.unwrap();
        assert_eq!(seats.len(), 2, "a stored challenge has both players: {seats:?}");
    }
}
