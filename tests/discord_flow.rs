//! The Discord adapter end to end against a fake Discord: a local HTTP
//! server (127.0.0.1, nothing leaves the machine) that records every API
//! call the adapter makes and answers like Discord. Interactions are built
//! from the JSON Discord sends; the table is the real one, on an in-memory
//! database.

use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use serenity::all::{ApplicationId, CommandInteraction, ComponentInteraction, Http, HttpBuilder};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use cardtable::discord::{answer_slash, deliver_due, on_component};
use cardtable::games::{GameId, Library};
use cardtable::store::Store;
use cardtable::table::{Command, CustomId, Table, UserRef};

const GUILD: u64 = 4000;
const CHANNEL: u64 = 5000;
const ALICE: u64 = 1111;
const BOB: u64 = 2222;
const CAROL: u64 = 3333;
const APP: u64 = 77;

/// Interaction callback types and flags, as Discord numbers them.
const DEFERRED_CHANNEL_MESSAGE: u64 = 5;
const DEFERRED_UPDATE_MESSAGE: u64 = 6;
const EPHEMERAL: u64 = 1 << 6;

/// One API call the adapter made.
#[derive(Debug, Clone)]
struct Call {
    method: String,
    path: String,
    body: Value,
}

#[derive(Default)]
struct FakeState {
    calls: Vec<Call>,
    next_id: u64,
    /// Threads that answer "archived" (50083) until un-archived.
    archived: Vec<u64>,
    /// Channels where posting fails: (channel, HTTP status line, Discord error code).
    failing: Vec<(u64, &'static str, u64)>,
}

/// A fake Discord REST API.
struct FakeDiscord {
    state: Arc<Mutex<FakeState>>,
    http: Http,
}

impl FakeDiscord {
    async fn start() -> FakeDiscord {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let state = Arc::new(Mutex::new(FakeState { next_id: 900_000, ..FakeState::default() }));
        let shared = state.clone();
        tokio::spawn(async move {
            loop {
                let (mut socket, _) = listener.accept().await.unwrap();
                let state = shared.clone();
                tokio::spawn(async move {
                    let Some((method, path, body)) = read_request(&mut socket).await else { return };
                    let (status, reply) = answer(&state, &method, &path, &body);
                    let text = reply.map(|v| v.to_string()).unwrap_or_default();
                    let response = format!(
                        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
                        text.len()
                    );
                    let _ = socket.write_all(response.as_bytes()).await;
                    let _ = socket.shutdown().await;
                });
            }
        });
        let http = HttpBuilder::new("MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.fake-token-for-tests")
            .proxy(base)
            .ratelimiter_disabled(true)
            .application_id(ApplicationId::new(APP))
            .build();
        FakeDiscord { state, http }
    }

    /// The calls since the last `take`.
    fn take(&self) -> Vec<Call> {
        std::mem::take(&mut self.state.lock().unwrap().calls)
    }

    fn archive(&self, thread: u64) {
        self.state.lock().unwrap().archived.push(thread);
    }

    fn fail_posts_in(&self, channel: u64, status: &'static str, code: u64) {
        self.state.lock().unwrap().failing.push((channel, status, code));
    }
}

async fn read_request(socket: &mut tokio::net::TcpStream) -> Option<(String, String, Value)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let header_end = loop {
        let n = socket.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&buf[..header_end]).to_string();
    let mut lines = head.lines();
    let mut request_line = lines.next()?.split(' ');
    let method = request_line.next()?.to_owned();
    let path = request_line.next()?.to_owned();
    let length = lines
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    while buf.len() < header_end + length {
        let n = socket.read(&mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let body = serde_json::from_slice(&buf[header_end..]).unwrap_or(Value::Null);
    Some((method, path, body))
}

/// Discord's answer to one call.
fn answer(state: &Mutex<FakeState>, method: &str, path: &str, body: &Value) -> (&'static str, Option<Value>) {
    let mut s = state.lock().unwrap();
    s.calls.push(Call { method: method.to_owned(), path: path.to_owned(), body: body.clone() });
    s.next_id += 1;
    let id = s.next_id;
    let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    match (method, parts.as_slice()) {
        ("POST", ["interactions", _, _, "callback"]) => ("204 No Content", None),
        ("DELETE", ..) => ("204 No Content", None),
        ("POST", ["channels", channel, "threads"]) => {
            let parent: u64 = channel.parse().unwrap();
            ("201 Created", Some(thread_json(id, parent, body["name"].as_str().unwrap_or(""))))
        }
        ("POST", ["channels", channel, "messages"]) | ("PATCH", ["channels", channel, "messages", _]) => {
            let channel: u64 = channel.parse().unwrap();
            if let Some(&(_, status, code)) = s.failing.iter().find(|f| f.0 == channel) {
                return (status, Some(json!({"code": code, "message": "refused by the fake", "errors": {}})));
            }
            if s.archived.contains(&channel) {
                let error = json!({"code": 50083, "message": "Thread is archived", "errors": {}});
                return ("400 Bad Request", Some(error));
            }
            let message_id = parts.get(3).and_then(|m| m.parse().ok()).unwrap_or(id);
            ("200 OK", Some(message_json(message_id, channel, body)))
        }
        ("PATCH", ["channels", channel]) => {
            let channel: u64 = channel.parse().unwrap();
            if body["archived"] == false {
                s.archived.retain(|&t| t != channel);
            }
            ("200 OK", Some(thread_json(channel, CHANNEL, "thread")))
        }
        ("POST", ["webhooks", ..]) | ("PATCH", ["webhooks", ..]) => {
            ("200 OK", Some(message_json(id, CHANNEL, body)))
        }
        ("POST", ["users", "@me", "channels"]) => ("200 OK", Some(dm_json(id, body["recipient_id"].clone()))),
        _ => ("404 Not Found", Some(json!({"code": 0, "message": "not in the fake", "errors": {}}))),
    }
}

fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name.to_lowercase(), "global_name": name, "discriminator": "0", "avatar": null, "bot": false})
}

fn message_json(id: u64, channel: u64, body: &Value) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": user_json(APP, "cardtable"),
        "content": body["content"].as_str().unwrap_or(""), "timestamp": "2024-01-01T00:00:00+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": [], "embeds": [], "pinned": false, "type": 0, "components": []
    })
}

fn thread_json(id: u64, parent: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": GUILD.to_string(), "name": name,
        "parent_id": parent.to_string(), "position": 0, "permission_overwrites": [], "nsfw": false,
        "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                            "archive_timestamp": "2024-01-01T00:00:00+00:00", "locked": false}
    })
}

fn dm_json(id: u64, recipient: Value) -> Value {
    json!({"id": id.to_string(), "type": 1, "recipients": [{"id": recipient, "username": "x", "discriminator": "0", "avatar": null}]})
}

fn member_json(user: u64, name: &str) -> Value {
    json!({"user": user_json(user, name), "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": false, "mute": false, "flags": 0})
}

/// Where an interaction comes from: the channel, or a thread of it.
fn channel_json(channel: u64) -> Value {
    if channel == CHANNEL {
        json!({"id": channel.to_string(), "type": 0, "name": "general"})
    } else {
        json!({"id": channel.to_string(), "type": 11, "name": "match", "parent_id": CHANNEL.to_string()})
    }
}

fn interaction_base(kind: u64, user: (u64, &str), channel: u64) -> Value {
    json!({
        "id": "123", "application_id": APP.to_string(), "type": kind, "token": format!("token-{}", user.0),
        "version": 1, "guild_id": GUILD.to_string(), "channel_id": channel.to_string(),
        "channel": channel_json(channel), "member": member_json(user.0, user.1), "locale": "en-US",
        "entitlements": [], "app_permissions": "0", "authorizing_integration_owners": {}, "attachment_size_limit": 8388608
    })
}

fn slash(user: (u64, &str), channel: u64, name: &str) -> CommandInteraction {
    let mut v = interaction_base(2, user, channel);
    v["data"] = json!({"id": "9", "name": name, "type": 1, "options": [], "resolved": {}});
    serde_json::from_value(v).unwrap_or_else(|e| panic!("command interaction JSON: {e}"))
}

fn click(user: (u64, &str), channel: u64, custom_id: &str) -> ComponentInteraction {
    component(user, channel, json!({"custom_id": custom_id, "component_type": 2}))
}

fn select(user: (u64, &str), channel: u64, custom_id: &str, value: &str) -> ComponentInteraction {
    component(user, channel, json!({"custom_id": custom_id, "component_type": 3, "values": [value]}))
}

fn component(user: (u64, &str), channel: u64, data: Value) -> ComponentInteraction {
    let mut v = interaction_base(3, user, channel);
    v["data"] = data;
    v["message"] = message_json(1, channel, &json!({}));
    serde_json::from_value(v).unwrap_or_else(|e| panic!("component interaction JSON: {e}"))
}

const A: (u64, &str) = (ALICE, "Alice");
const B: (u64, &str) = (BOB, "Bob");
const C: (u64, &str) = (CAROL, "Carol");

fn custom_ids(body: &Value) -> Vec<String> {
    let rows = body["components"].as_array().cloned().unwrap_or_default();
    rows.iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["custom_id"].as_str().map(str::to_owned))
        .collect()
}

fn text_of(body: &Value) -> String {
    let mut t = body["content"].as_str().unwrap_or("").to_owned();
    for e in body["embeds"].as_array().cloned().unwrap_or_default() {
        t.push_str(e["title"].as_str().unwrap_or(""));
        t.push_str(e["description"].as_str().unwrap_or(""));
    }
    t
}

/// The ephemeral answers among `calls` (first reply or follow-ups).
fn private_replies(calls: &[Call]) -> Vec<&Call> {
    calls.iter().filter(|c| c.path.contains("/webhooks/") && c.method != "DELETE").collect()
}

async fn table() -> Table {
    Table::new(Store::open_memory().await.unwrap())
}

fn starter_deck() -> String {
    let library = Library::embedded().unwrap();
    library.catalog(GameId::Spheres).starter_decks()[0].name.clone()
}

fn challenge(opponent: UserRef) -> Command {
    Command::Challenge {
        opponent,
        game: "spheres".into(),
        deck: Some(starter_deck()),
        deadline_hours: None,
        variant: None,
        seating: Default::default(),
    }
}

fn bob() -> UserRef {
    UserRef::new(BOB.to_string(), "Bob")
}

/// Alice challenges Bob; Bob accepts with a deck. Returns the match thread and match id.
async fn open_match(discord: &FakeDiscord, table: &Table) -> (u64, i64) {
    let http = &discord.http;
    answer_slash(http, table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) }).await.unwrap();
    let calls = discord.take();
    let post = calls.iter().find(|c| c.path == format!("/api/v10/channels/{CHANNEL}/messages")).unwrap();
    let accept = custom_ids(&post.body).into_iter().find(|id| id.starts_with("accept:")).unwrap();
    on_component(http, table, &click(B, CHANNEL, &accept)).await;
    let calls = discord.take();
    let deck_menu = private_replies(&calls)[0];
    let deck_id = custom_ids(&deck_menu.body).into_iter().find(|id| id.starts_with("deck:")).unwrap();
    on_component(http, table, &select(B, CHANNEL, &deck_id, &starter_deck())).await;
    let calls = discord.take();
    let thread_call = calls.iter().find(|c| c.path.ends_with("/threads")).expect("a thread was opened");
    let thread_post = calls
        .iter()
        .find(|c| {
            c.method == "POST" && c.path.contains("/messages") && !c.path.contains(&CHANNEL.to_string())
        })
        .expect("the first board was posted in the thread");
    let thread: u64 = thread_post.path.split('/').nth(4).unwrap().parse().unwrap();
    assert_eq!(thread_call.body["name"], "Alice vs Bob · Spheres #1");
    let match_id =
        table.store().match_in_thread(&thread.to_string()).await.unwrap().expect("thread recorded").id;
    (thread, match_id)
}

#[tokio::test]
async fn a_challenge_is_posted_publicly_and_the_thinking_reply_removed() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
        .await
        .unwrap();
    let calls = discord.take();
    // Acknowledged first, ephemerally.
    assert_eq!(calls[0].path, "/api/v10/interactions/123/token-1111/callback");
    assert_eq!(calls[0].body["type"], DEFERRED_CHANNEL_MESSAGE);
    assert_eq!(calls[0].body["data"]["flags"].as_u64().unwrap() & EPHEMERAL, EPHEMERAL);
    // The challenge: in the channel, pinging Bob only, with Accept and Decline.
    let post = calls.iter().find(|c| c.path == format!("/api/v10/channels/{CHANNEL}/messages")).unwrap();
    assert!(post.body["content"].as_str().unwrap().starts_with(&format!("<@{BOB}>")), "{}", post.body);
    assert_eq!(post.body["allowed_mentions"]["users"], json!([BOB.to_string()]));
    let ids = custom_ids(&post.body);
    assert!(
        ids.iter().any(|i| i.starts_with("accept:")) && ids.iter().any(|i| i.starts_with("decline:")),
        "{ids:?}"
    );
    // "thinking…" does not linger: replaced by a private note or removed.
    let last = calls.last().unwrap();
    assert!(last.path.ends_with("/messages/@original"), "{last:?}");
}

#[tokio::test]
async fn accepting_opens_the_thread_and_posts_the_first_board_mentioning_who_acts() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    answer_slash(http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
        .await
        .unwrap();
    let calls = discord.take();
    let post = calls.iter().find(|c| c.path == format!("/api/v10/channels/{CHANNEL}/messages")).unwrap();
    let accept = custom_ids(&post.body).into_iter().find(|id| id.starts_with("accept:")).unwrap();

    // Bob's click is acknowledged silently, and the deck menu comes privately.
    on_component(http, &table, &click(B, CHANNEL, &accept)).await;
    let calls = discord.take();
    assert_eq!(calls[0].body["type"], DEFERRED_UPDATE_MESSAGE);
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1, "{calls:?}");
    assert_eq!(replies[0].body["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL);
    let deck_id = custom_ids(&replies[0].body).into_iter().find(|id| id.starts_with("deck:")).unwrap();

    on_component(http, &table, &select(B, CHANNEL, &deck_id, &starter_deck())).await;
    let calls = discord.take();
    let thread_call = calls.iter().find(|c| c.path.ends_with("/threads")).unwrap();
    assert_eq!(thread_call.path, format!("/api/v10/channels/{CHANNEL}/threads"));
    assert_eq!(thread_call.body["name"], "Alice vs Bob · Spheres #1");
    assert_eq!(thread_call.body["type"], 11, "a public thread");
    let board = calls
        .iter()
        .find(|c| {
            c.method == "POST" && c.path.contains("/messages") && !c.path.contains(&CHANNEL.to_string())
        })
        .unwrap();
    let content = board.body["content"].as_str().unwrap();
    assert!(content.starts_with("<@"), "the board mentions who acts: {content}");
    assert!(!board.body["allowed_mentions"]["users"].as_array().unwrap().is_empty());
    assert!(custom_ids(&board.body).iter().any(|i| i.starts_with("hand:")), "My hand is on the board");
    // The answered challenge lost its buttons.
    let stripped = calls.iter().find(|c| {
        c.method == "PATCH" && c.path.starts_with(&format!("/api/v10/channels/{CHANNEL}/messages/"))
    });
    assert!(stripped.is_some_and(|c| c.body["components"] == json!([])), "{calls:#?}");
}

#[tokio::test]
async fn my_hand_answers_privately_and_a_new_board_strips_the_old_one() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, match_id) = open_match(&discord, &table).await;

    on_component(http, &table, &click(A, thread, &CustomId::Hand { match_id }.encode())).await;
    let calls = discord.take();
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].body["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL);
    assert!(calls.iter().all(|c| !c.path.contains("/channels/")), "nothing public: {calls:?}");

    // /board posts the board anew at the bottom and strips the previous one.
    answer_slash(http, &table, &slash(A, thread, "board"), async { Ok(Command::Board) }).await.unwrap();
    let calls = discord.take();
    let posted = calls
        .iter()
        .filter(|c| c.method == "POST" && c.path == format!("/api/v10/channels/{thread}/messages"))
        .count();
    assert_eq!(posted, 1, "{calls:#?}");
    let stripped = calls.iter().find(|c| {
        c.method == "PATCH" && c.path.starts_with(&format!("/api/v10/channels/{thread}/messages/"))
    });
    assert!(stripped.is_some_and(|c| c.body["components"] == json!([])), "{calls:#?}");
}

#[tokio::test]
async fn strangers_stale_and_foreign_clicks_get_a_private_explanation() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, match_id) = open_match(&discord, &table).await;
    let row = table.store().load_match(match_id).await.unwrap();

    for (who, custom_id) in [
        (C, CustomId::Act { match_id, version: row.version, index: 0 }.encode()),
        (A, CustomId::Act { match_id, version: row.version + 5, index: 0 }.encode()),
        (B, "made-by-another-bot".to_owned()),
        (A, CustomId::Accept { challenge: 999 }.encode()),
    ] {
        on_component(http, &table, &click(who, thread, &custom_id)).await;
        let calls = discord.take();
        assert_eq!(calls[0].body["type"], DEFERRED_UPDATE_MESSAGE, "acknowledged: {custom_id}");
        let replies = private_replies(&calls);
        assert_eq!(replies.len(), 1, "{custom_id}: {calls:#?}");
        assert_eq!(replies[0].body["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL);
        assert!(!text_of(&replies[0].body).is_empty(), "{custom_id}: an explanation");
        assert!(
            !text_of(&replies[0].body).contains("error id"),
            "{custom_id}: a plain refusal, not an apology"
        );
        let public = calls.iter().filter(|c| c.path.contains("/channels/") && c.method == "POST").count();
        assert_eq!(public, 0, "{custom_id} posted publicly: {calls:#?}");
    }
}

#[tokio::test]
async fn a_refused_command_replaces_thinking_with_the_reason() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let me = UserRef::new(ALICE.to_string(), "Alice");
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(me)) })
        .await
        .unwrap();
    let calls = discord.take();
    let edit = calls.iter().find(|c| c.method == "PATCH" && c.path.ends_with("/messages/@original")).unwrap();
    assert!(text_of(&edit.body).contains("yourself"), "{}", edit.body);
    assert!(calls.iter().all(|c| !c.path.contains("/channels/")));
}

#[tokio::test]
async fn a_post_to_an_archived_thread_unarchives_it_and_gets_through() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, _) = open_match(&discord, &table).await;
    discord.archive(thread);
    answer_slash(http, &table, &slash(B, thread, "board"), async { Ok(Command::Board) }).await.unwrap();
    let calls = discord.take();
    let unarchive =
        calls.iter().position(|c| c.method == "PATCH" && c.path == format!("/api/v10/channels/{thread}"));
    let unarchive = unarchive.expect("the thread was un-archived");
    assert_eq!(calls[unarchive].body["archived"], false);
    let posts: Vec<usize> = calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.method == "POST" && c.path == format!("/api/v10/channels/{thread}/messages"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(posts.len(), 2, "refused once, then posted: {calls:#?}");
    assert!(posts[0] < unarchive && unarchive < posts[1]);
}

#[tokio::test]
async fn a_missing_permission_is_explained_in_plain_words() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    discord.fail_posts_in(CHANNEL, "403 Forbidden", 50013);
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
        .await
        .unwrap();
    let calls = discord.take();
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1, "{calls:#?}");
    let text = text_of(&replies[0].body);
    assert!(text.contains("permission") && !text.contains("error id"), "{text}");
}

/// Everything logged (at every level) while the returned guard lives, on this thread.
fn capture_logs() -> (Arc<Mutex<Vec<u8>>>, tracing::subscriber::DefaultGuard) {
    #[derive(Clone)]
    struct Sink(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buffer = Arc::new(Mutex::new(Vec::new()));
    let sink = Sink(buffer.clone());
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || sink.clone())
        .finish();
    (buffer, tracing::subscriber::set_default(subscriber))
}

#[tokio::test]
async fn an_unexpected_failure_gets_an_apology_with_an_error_id_that_is_in_the_log() {
    let (logs, _guard) = capture_logs();
    let discord = FakeDiscord::start().await;
    let table = table().await;
    discord.fail_posts_in(CHANNEL, "500 Internal Server Error", 0);
    answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
        .await
        .unwrap();
    let calls = discord.take();
    let replies = private_replies(&calls);
    assert_eq!(replies.len(), 1, "{calls:#?}");
    let text = text_of(&replies[0].body);
    assert!(text.starts_with("Sorry"), "{text}");
    let id = text.split('`').nth(1).unwrap_or_else(|| panic!("an error id in backticks: {text}"));
    assert_eq!(id.len(), 8, "{text}");
    let logs = String::from_utf8(logs.lock().unwrap().clone()).unwrap();
    let line =
        logs.lines().find(|l| l.contains(id)).unwrap_or_else(|| panic!("error id {id} not logged:\n{logs}"));
    assert!(line.contains("ERROR") && line.contains("/challenge"), "logged with context: {line}");
}

#[tokio::test]
async fn the_bot_token_never_reaches_the_log() {
    let (logs, _guard) = capture_logs();
    let discord = FakeDiscord::start().await;
    let table = table().await;
    open_match(&discord, &table).await;
    let logs = String::from_utf8(logs.lock().unwrap().clone()).unwrap();
    assert!(!logs.is_empty(), "trace logging was captured");
    assert!(!logs.contains("fake-token-for-tests"), "the token was logged");
}

#[tokio::test]
async fn the_ticker_reminds_by_direct_message_then_pings_an_archived_thread() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, _) = open_match(&discord, &table).await;
    let start = table.now();

    // 13 hours later: a reminder by direct message to whoever must act.
    deliver_due(http, &table, start + 13 * 3600).await;
    let calls = discord.take();
    assert!(calls.iter().any(|c| c.path == "/api/v10/users/@me/channels"), "{calls:#?}");
    let dm = calls.iter().find(|c| c.method == "POST" && c.path.ends_with("/messages")).unwrap();
    assert!(dm.body["content"].as_str().unwrap().contains("Reminder"), "{}", dm.body);
    // Nothing twice.
    deliver_due(http, &table, start + 13 * 3600 + 60).await;
    assert!(discord.take().is_empty());

    // Past the limit, in a thread that archived meanwhile: un-archived, then pinged.
    discord.archive(thread);
    deliver_due(http, &table, start + 73 * 3600).await;
    let calls = discord.take();
    assert!(calls.iter().any(|c| c.method == "PATCH" && c.path == format!("/api/v10/channels/{thread}")));
    let notice = calls
        .iter()
        .rev()
        .find(|c| c.method == "POST" && c.path == format!("/api/v10/channels/{thread}/messages"))
        .unwrap();
    assert!(notice.body["content"].as_str().unwrap().starts_with("<@"), "{}", notice.body);
    assert!(custom_ids(&notice.body).iter().any(|id| id.starts_with("claim:")));
}

/// The custom id of the component labelled `label…` in a message body.
fn button_starting(body: &Value, label: &str) -> Option<String> {
    let rows = body["components"].as_array().cloned().unwrap_or_default();
    rows.iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["label"].as_str().is_some_and(|l| l.starts_with(label)))
        .and_then(|c| c["custom_id"].as_str().map(str::to_owned))
}

#[tokio::test]
async fn the_board_is_edited_in_place_during_a_players_run_and_posted_when_the_turn_passes() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let (thread, match_id) = open_match(&discord, &table).await;
    let row = table.store().load_match(match_id).await.unwrap();
    let first = if row.to_act == "0" { A } else { B };
    let board_posts = |calls: &[Call]| {
        calls
            .iter()
            .filter(|c| c.method == "POST" && c.path == format!("/api/v10/channels/{thread}/messages"))
            .count()
    };

    on_component(http, &table, &click(first, thread, &CustomId::Hand { match_id }.encode())).await;
    let calls = discord.take();
    let hand = private_replies(&calls)[0].body.clone();
    // A crystal keeps the turn with the same player: the board is edited.
    let crystal = button_starting(&hand, "Crystallize").expect("a crystal is offered");
    on_component(http, &table, &click(first, thread, &crystal)).await;
    let calls = discord.take();
    assert_eq!(board_posts(&calls), 0, "no new post within the run: {calls:#?}");
    let edit = calls
        .iter()
        .find(|c| c.method == "PATCH" && c.path.starts_with(&format!("/api/v10/channels/{thread}/messages/")))
        .expect("the board is edited in place");
    assert!(!custom_ids(&edit.body).is_empty(), "the edited board keeps live buttons");
    assert!(text_of(&edit.body).contains("crystal"), "it shows what just happened: {}", text_of(&edit.body));
    // End turn hands over: a new board, pinging the next player. (A
    // dual-sphere crystal goes straight to battle; with nothing to attack
    // with, the discard step is next, where *Keep hand* ends the turn.)
    let hand = private_replies(&calls)[0].body.clone();
    let end = button_starting(&hand, "End turn")
        .or_else(|| button_starting(&hand, "Keep hand"))
        .expect("End turn (or Keep hand at the discard step) is offered");
    on_component(http, &table, &click(first, thread, &end)).await;
    let calls = discord.take();
    assert_eq!(board_posts(&calls), 1, "{calls:#?}");
    let post =
        calls.iter().find(|c| c.method == "POST" && c.path.ends_with(&format!("{thread}/messages"))).unwrap();
    let other = if first == A { BOB } else { ALICE };
    assert!(post.body["content"].as_str().unwrap_or("").contains(&format!("<@{other}>")), "{}", post.body);
}
