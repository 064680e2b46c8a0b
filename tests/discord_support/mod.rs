//! A fake Discord for the adapter's tests: a local HTTP server (127.0.0.1,
//! nothing leaves the machine) that records every API call the adapter
//! makes and answers like Discord, or fails on purpose (a [`Fault`]: any
//! JSON error code, a 429, a 5xx, a timeout) at any route. Interactions are
//! built from the JSON Discord sends; the table is the real one, on an
//! in-memory database.
//!
//! Every request is judged by Discord's own OpenAPI description ([`spec`])
//! and by the limits it cannot state ([`rules`]); so is every answer the
//! fake gives. What Discord would refuse is answered as Discord would (400,
//! 50035) and fails the test at its next [`FakeDiscord::take`], or when the
//! fake is dropped, naming the route and the field.
//!
//! Discord keeps time too: an interaction's token lets the bot edit the
//! replies to that interaction for 15 minutes only. The fake's clock
//! ("Discord's now", in seconds, 0 when the fake starts) moves only when a
//! test calls [`advance_discord_clock`]; each interaction built here
//! ([`interaction_base`], token `token-{user id}`) records when its token
//! was issued (a user's latest interaction renews theirs). An edit of an
//! interaction reply (`PATCH /webhooks/{app}/{token}/messages/@original`
//! or `…/messages/{id}`) made [`INTERACTION_EDITABLE_SECONDS`] or more
//! after its token was issued is refused as Discord refuses it: 401 with
//! code 50027, *Invalid Webhook Token*. A token the fake never issued is
//! never refused, nor is the first answer to an interaction (its
//! callback) or a follow-up message. The clock and the tokens are kept
//! per thread: a test runs on its own thread, and the fake's server tasks
//! run on the test's current-thread runtime.
#![allow(dead_code)]

pub mod gateway;
pub mod rules;
pub mod spec;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use serenity::all::{ApplicationId, CommandInteraction, ComponentInteraction, Http, HttpBuilder};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use cardtable::discord::{answer_slash, on_component, set_retry, Retry};
use cardtable::games::{GameId, Library};
use cardtable::store::Store;
use cardtable::table::{Command, Table, UserRef};

pub use rules::FilePart;
use spec::try_spec;

pub const GUILD: u64 = 4000;
pub const CHANNEL: u64 = 5000;
/// A forum channel.
pub const FORUM: u64 = 5100;
/// An announcement channel.
pub const NEWS: u64 = 5200;
pub const ALICE: u64 = 1111;
pub const BOB: u64 = 2222;
pub const CAROL: u64 = 3333;
pub const DAVE: u64 = 4444;
pub const APP: u64 = 77;
/// A token of the right shape that Discord never issued.
pub const TEST_TOKEN: &str = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.fake-token-for-tests";
/// Where the fake's `GET /gateway/bot` sends the bot: a local port nothing
/// listens on, so the gateway cannot be reached (and Discord is never).
pub const UNREACHABLE_GATEWAY: &str = "ws://127.0.0.1:9";

/// Interaction callback types and flags, as Discord numbers them.
pub const DEFERRED_CHANNEL_MESSAGE: u64 = 5;
pub const DEFERRED_UPDATE_MESSAGE: u64 = 6;
pub const EPHEMERAL: u64 = 1 << 6;

/// The bot's permissions where interactions are made: all of them (a test
/// that needs fewer overwrites `app_permissions`).
pub const ALL_PERMISSIONS: &str = "2251799813685247";

/// How long the adapter waits for one request in these tests (a
/// [`Failure::Timeout`] answers later than this).
pub const HTTP_TIMEOUT: Duration = Duration::from_millis(250);

pub const A: (u64, &str) = (ALICE, "Alice");
pub const B: (u64, &str) = (BOB, "Bob");
pub const C: (u64, &str) = (CAROL, "Carol");
pub const D: (u64, &str) = (DAVE, "Dave");

/// How long after an interaction Discord lets the bot edit its replies.
pub const INTERACTION_EDITABLE_SECONDS: i64 = 15 * 60;

/// Discord's code for an interaction token that no longer works.
pub const INVALID_WEBHOOK_TOKEN: u64 = 50027;

thread_local! {
    /// Discord's now, in seconds since the fake started (see the module doc).
    static DISCORD_NOW: Cell<i64> = const { Cell::new(0) };
    /// When each interaction token was issued, by Discord's clock.
    static TOKENS_ISSUED: RefCell<HashMap<String, i64>> = RefCell::new(HashMap::new());
}

/// Moves Discord's clock forward by `seconds` (this test's thread only):
/// interaction replies older than [`INTERACTION_EDITABLE_SECONDS`] can no
/// longer be edited.
pub fn advance_discord_clock(seconds: i64) {
    DISCORD_NOW.with(|now| now.set(now.get() + seconds));
}

/// Discord's now, in seconds since the fake started.
pub fn discord_now() -> i64 {
    DISCORD_NOW.with(Cell::get)
}

/// Discord's clock back at 0, and no token issued yet (a new fake).
fn reset_discord_clock() {
    DISCORD_NOW.with(|now| now.set(0));
    TOKENS_ISSUED.with(|tokens| tokens.borrow_mut().clear());
}

/// Records that Discord issued `token` now.
fn issue_token(token: &str) {
    let now = discord_now();
    TOKENS_ISSUED.with(|tokens| tokens.borrow_mut().insert(token.to_owned(), now));
}

/// Whether the replies to the interaction of `token` can no longer be
/// edited: issued by the fake [`INTERACTION_EDITABLE_SECONDS`] or more ago.
fn token_expired(token: &str) -> bool {
    let issued = TOKENS_ISSUED.with(|tokens| tokens.borrow().get(token).copied());
    issued.is_some_and(|at| discord_now() - at >= INTERACTION_EDITABLE_SECONDS)
}

/// One API call the adapter made.
#[derive(Debug, Clone)]
pub struct Call {
    pub method: String,
    pub path: String,
    /// The JSON body (of a multipart request, its `payload_json`).
    pub body: Value,
    /// The files of a multipart request.
    pub files: Vec<FilePart>,
    /// Whether the fake answered it with success.
    pub ok: bool,
}

/// How the fake fails a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// A JSON error: HTTP status line and Discord's code.
    Code(&'static str, u64),
    /// 429 Too Many Requests, with `retry_after` (seconds).
    RateLimited,
    /// 500 Internal Server Error.
    ServerError,
    /// No answer before the adapter's timeout.
    Timeout,
}

/// A request the fake fails on purpose.
#[derive(Debug, Clone)]
pub struct Fault {
    /// "POST", "PATCH", …; `None`: any.
    pub method: Option<&'static str>,
    /// The path after `/api/v10`, or its beginning up to a `/`.
    pub path: String,
    pub failure: Failure,
    /// How many more requests fail; `None`: all of them.
    pub times: Option<u32>,
}

#[derive(Default)]
pub struct FakeState {
    pub calls: Vec<Call>,
    next_id: u64,
    /// Threads that answer "archived" (50083) until un-archived.
    archived: Vec<u64>,
    /// Threads a moderator locked: posting in one answers "locked"
    /// (160005) and reopening one, archived, is refused (50013 Missing
    /// Permissions) unless the bot has Manage Threads, as on Discord.
    locked: Vec<u64>,
    /// Whether the bot has Manage Threads (it may post in, and reopen, a
    /// locked thread).
    manage_threads: bool,
    faults: Vec<Fault>,
    /// Channel types by id (0, a text channel, when not listed).
    kinds: HashMap<u64, u8>,
    /// Threads opened, with their parent.
    pub threads: HashMap<u64, u64>,
    /// Forums that require a tag on every post: their tags (id, and
    /// whether only moderators may apply it). A post without an allowed
    /// tag is refused with 40067, as Discord does.
    tagged_forums: HashMap<u64, Vec<(u64, bool)>>,
    /// The tags applied to each forum post opened.
    pub applied_tags: HashMap<u64, Vec<u64>>,
    /// Files served by Discord's file server (the fake's `/attachments/…`),
    /// by path: the text, or `None` for a download that never ends.
    files: HashMap<String, Option<String>>,
    /// Every request Discord's API description refuses, and every answer of
    /// the fake it does not describe (see [`spec`]): each fails the test.
    pub violations: Vec<String>,
    /// What `GET /gateway` answers: the fake gateway's URL once
    /// [`FakeDiscord::use_gateway`] names one, else [`UNREACHABLE_GATEWAY`].
    gateway: Option<String>,
}

/// A fake Discord REST API.
pub struct FakeDiscord {
    pub state: Arc<Mutex<FakeState>>,
    pub http: Http,
    /// Where the fake listens (`http://127.0.0.1:PORT`): the bot's
    /// `DISCORD_API_PROXY` in tests that run the whole bot.
    pub base: String,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        // Short waits: a failing case costs milliseconds, not seconds.
        set_retry(Retry { attempts: 2, backoff: Duration::from_millis(5) });
        reset_discord_clock();
        // Read and prepare the spec now: on a loaded machine, doing it on
        // the first request took longer than the client's timeout.
        let _ = try_spec();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let mut kinds = HashMap::new();
        kinds.insert(FORUM, 15);
        kinds.insert(NEWS, 5);
        let state = Arc::new(Mutex::new(FakeState { next_id: 900_000, kinds, ..FakeState::default() }));
        let shared = state.clone();
        tokio::spawn(async move {
            loop {
                let (mut socket, _) = listener.accept().await.unwrap();
                let state = shared.clone();
                tokio::spawn(async move {
                    let Some((method, path, body, files)) = read_request(&mut socket).await else { return };
                    if path.starts_with("/attachments/") {
                        return serve_file(&state, &path, &mut socket).await;
                    }
                    let Some((status, reply, extra)) = answer(&state, &method, &path, &body, files) else {
                        // A timeout: no answer before the adapter gives up.
                        tokio::time::sleep(HTTP_TIMEOUT * 4).await;
                        return;
                    };
                    let text = reply.map(|v| v.to_string()).unwrap_or_default();
                    let response = format!(
                        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\n{extra}content-length: {}\r\nconnection: close\r\n\r\n{text}",
                        text.len()
                    );
                    let _ = socket.write_all(response.as_bytes()).await;
                    let _ = socket.shutdown().await;
                });
            }
        });
        let http = http_to(&base);
        FakeDiscord { state, http, base }
    }

    /// Another HTTP client to the fake, like [`FakeDiscord::http`] (for a
    /// task that owns its client, as the ticker does).
    pub fn new_http(&self) -> Http {
        http_to(&self.base)
    }

    /// The calls since the last `take`. Panics if any of them broke
    /// Discord's API description (see [`spec`]).
    pub fn take(&self) -> Vec<Call> {
        let (violations, calls) = {
            let mut s = self.state.lock().unwrap();
            (std::mem::take(&mut s.violations), std::mem::take(&mut s.calls))
        };
        assert!(violations.is_empty(), "{}", report(&violations));
        calls
    }

    pub fn archive(&self, thread: u64) {
        self.state.lock().unwrap().archived.push(thread);
    }

    /// A moderator locks `thread`.
    pub fn lock(&self, thread: u64) {
        self.state.lock().unwrap().locked.push(thread);
    }

    /// A moderator unlocks `thread`.
    pub fn unlock(&self, thread: u64) {
        self.state.lock().unwrap().locked.retain(|&t| t != thread);
    }

    /// The bot is given Manage Threads (or loses it).
    pub fn manage_threads(&self, granted: bool) {
        self.state.lock().unwrap().manage_threads = granted;
    }

    /// `thread` as Discord describes it now (`ThreadResponse`), with its
    /// archived and locked flags: what a thread-update event carries.
    pub fn thread_now(&self, thread: u64) -> serenity::all::GuildChannel {
        let s = self.state.lock().unwrap();
        let parent = s.threads.get(&thread).copied().unwrap_or(CHANNEL);
        serde_json::from_value(thread_state_json(&s, thread, parent, "thread")).unwrap()
    }

    /// Every request on `path` (and below it) fails with `failure`, `times` times (`None`: always).
    pub fn fail(
        &self,
        method: Option<&'static str>,
        path: impl Into<String>,
        failure: Failure,
        times: Option<u32>,
    ) {
        self.state.lock().unwrap().faults.push(Fault { method, path: path.into(), failure, times });
    }

    /// Posting and editing in `channel` fail with a JSON error.
    pub fn fail_posts_in(&self, channel: u64, status: &'static str, code: u64) {
        self.fail(None, format!("/channels/{channel}/messages"), Failure::Code(status, code), None);
    }

    /// Discord works again.
    pub fn heal(&self) {
        self.state.lock().unwrap().faults.clear();
    }

    /// A file attached to a command, as Discord describes it
    /// (`MessageAttachmentResponse`), served at its `url` by the fake: with
    /// `text`, or (`None`) never finishing.
    pub fn attachment(&self, filename: &str, text: Option<&str>) -> serenity::all::Attachment {
        let mut s = self.state.lock().unwrap();
        s.next_id += 1;
        let id = s.next_id;
        let path = format!("/attachments/{CHANNEL}/{id}/{}", filename.replace(' ', "%20"));
        s.files.insert(path.clone(), text.map(str::to_owned));
        let url = format!("{}{path}", self.base);
        let file = json!({"id": id.to_string(), "filename": filename, "size": text.map_or(1, str::len),
                          "url": url, "proxy_url": url, "content_type": "text/plain; charset=utf-8",
                          "ephemeral": true});
        if let Some(spec) = try_spec() {
            spec.check_schema("MessageAttachmentResponse", &file).unwrap_or_else(|e| panic!("{e}"));
        }
        serde_json::from_value(file).unwrap_or_else(|e| panic!("attachment JSON: {e}"))
    }

    /// `GET /gateway` (and `/gateway/bot`) send the bot to `url`: a
    /// [`gateway::FakeGateway`].
    pub fn use_gateway(&self, url: &str) {
        self.state.lock().unwrap().gateway = Some(url.to_owned());
    }

    /// Sets the type of channel `id` (15 a forum, 2 a voice channel, …).
    pub fn set_kind(&self, id: u64, kind: u8) {
        self.state.lock().unwrap().kinds.insert(id, kind);
    }

    /// Forum `id` requires a tag on every post, one of `tags` (id, and
    /// whether only moderators may apply it; the bot may not).
    pub fn require_tag(&self, id: u64, tags: &[(u64, bool)]) {
        self.state.lock().unwrap().tagged_forums.insert(id, tags.to_vec());
    }
}

impl Drop for FakeDiscord {
    /// A test fails if a request or answer broke Discord's API description,
    /// even one it never looked at.
    fn drop(&mut self) {
        let Ok(mut s) = self.state.lock() else { return };
        let violations = std::mem::take(&mut s.violations);
        drop(s);
        if violations.is_empty() {
            return;
        }
        if std::thread::panicking() {
            eprintln!("{}", report(&violations));
        } else {
            panic!("{}", report(&violations));
        }
    }
}

/// serenity's HTTP client, sent to the fake at `base`.
fn http_to(base: &str) -> Http {
    let client = reqwest::Client::builder().timeout(HTTP_TIMEOUT).build().unwrap();
    HttpBuilder::new(TEST_TOKEN)
        .client(client)
        .proxy(base.to_owned())
        .ratelimiter_disabled(true)
        .application_id(ApplicationId::new(APP))
        .build()
}

fn report(violations: &[String]) -> String {
    format!("against Discord's OpenAPI description:\n{}", violations.join("\n"))
}

/// Discord's file server: the file at `path`, or no end to it.
async fn serve_file(state: &Mutex<FakeState>, path: &str, socket: &mut tokio::net::TcpStream) {
    let file = state.lock().unwrap().files.get(path).cloned();
    let (status, text) = match file {
        Some(Some(text)) => ("200 OK", text),
        Some(None) => {
            tokio::time::sleep(Duration::from_secs(30)).await;
            return;
        }
        None => ("404 Not Found", String::new()),
    };
    let response = format!(
        "HTTP/1.1 {status}\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = socket.write_all(response.as_bytes()).await;
    let _ = socket.shutdown().await;
}

async fn read_request(socket: &mut tokio::net::TcpStream) -> Option<(String, String, Value, Vec<FilePart>)> {
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
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let header = |name: &str| headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let length = header("content-length").and_then(|v| v.parse::<usize>().ok()).unwrap_or(0);
    while buf.len() < header_end + length {
        let n = socket.read(&mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let raw = &buf[header_end..];
    let boundary = header("content-type")
        .filter(|t| t.starts_with("multipart/form-data"))
        .and_then(|t| t.split("boundary=").nth(1).map(|b| b.trim_matches('"').to_owned()));
    Some(match boundary {
        Some(boundary) => {
            let (body, files) = multipart(raw, &boundary);
            (method, path, body, files)
        }
        None => (method, path, serde_json::from_slice(raw).unwrap_or(Value::Null), Vec::new()),
    })
}

/// A multipart body: its `payload_json` part (Null when missing or not
/// JSON), and its file parts.
fn multipart(raw: &[u8], boundary: &str) -> (Value, Vec<FilePart>) {
    let delimiter = format!("--{boundary}").into_bytes();
    let mut payload = Value::Null;
    let mut files = Vec::new();
    let mut starts = Vec::new();
    let mut i = 0;
    while let Some(at) = raw[i..].windows(delimiter.len()).position(|w| w == delimiter.as_slice()) {
        starts.push(i + at);
        i += at + delimiter.len();
    }
    for pair in starts.windows(2) {
        let part = &raw[pair[0] + delimiter.len()..pair[1]];
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let part = part.strip_suffix(b"\r\n").unwrap_or(part);
        let Some(split) = part.windows(4).position(|w| w == b"\r\n\r\n") else { continue };
        let head = String::from_utf8_lossy(&part[..split]).to_string();
        let content = &part[split + 4..];
        let disposition = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition:"))
            .unwrap_or("")
            .to_owned();
        let param = |name: &str| {
            disposition
                .split(';')
                .map(str::trim)
                .find_map(|p| p.strip_prefix(&format!("{name}=\"")))
                .map(|v| v.trim_end_matches('"').to_owned())
        };
        let field = param("name").unwrap_or_default();
        let content_type = head
            .lines()
            .find_map(|l| l.split_once(':').filter(|(k, _)| k.trim().eq_ignore_ascii_case("content-type")))
            .map(|(_, v)| v.trim().to_owned());
        if field == "payload_json" {
            payload = serde_json::from_slice(content).unwrap_or(Value::Null);
        } else {
            let filename = param("filename").unwrap_or_default();
            files.push(FilePart { field, filename, content_type, bytes: content.to_vec() });
        }
    }
    (payload, files)
}

enum Answer {
    Reply(&'static str, Option<Value>),
    Fail(Failure),
}

/// Discord's answer to one call, as sent: status line, JSON body, extra
/// headers (`None`: no answer at all, a timeout). The request and the
/// answer are checked against Discord's API description.
fn answer(
    state: &Mutex<FakeState>,
    method: &str,
    path: &str,
    body: &Value,
    files: Vec<FilePart>,
) -> Option<Wire> {
    let route = path.trim_start_matches("/api/v10");
    let described = match try_spec() {
        Some(spec) => spec.check_request(method, route, &snowflakes_as_strings(body)).map(Some),
        None => Ok(None),
    };
    let checked = described.and_then(|op| {
        let mut problems = unwritten_rules(method, route, body);
        problems.extend(rules::file_problems(body, &files));
        if problems.is_empty() {
            Ok(op)
        } else {
            let template = op.map_or(route, |op| op.template.as_str());
            Err(format!("{method} {template}: {}", problems.join("; ")))
        }
    });
    let mut s = state.lock().unwrap();
    let answer = match &checked {
        // Discord refuses what its description does not allow.
        Err(problem) => {
            s.violations.push(problem.clone());
            Answer::Reply("400 Bad Request", Some(invalid_form_body(problem)))
        }
        Ok(_) => answer_locked(&mut s, method, path, body),
    };
    let ok = matches!(answer, Answer::Reply(status, _) if status.starts_with('2'));
    s.calls.push(Call { method: method.to_owned(), path: path.to_owned(), body: body.clone(), files, ok });
    let wire = wire(answer)?;
    if let (Ok(Some(op)), Some(spec)) = (checked, try_spec()) {
        let status: u16 = wire.0[..3].parse().expect("a status code");
        if let Err(problem) = spec.check_response(op, status, wire.1.as_ref()) {
            s.violations.push(problem);
        }
    }
    Some(wire)
}

/// `body` with the ids of its `attachments` as strings. Discord's
/// description types them as snowflake strings, but its own "Uploading
/// Files" guide numbers new uploads `"id": 0`, and serenity sends them so:
/// Discord takes both. Everything else is checked as sent.
fn snowflakes_as_strings(body: &Value) -> Value {
    let mut body = body.clone();
    if let Some(list) = body.get_mut("attachments").and_then(Value::as_array_mut) {
        for a in list {
            if let Some(id) = a.get("id").filter(|id| id.is_u64()).map(|id| id.to_string()) {
                a["id"] = Value::String(id);
            }
        }
    }
    body
}

/// What Discord refuses that its description cannot say (see [`rules`]).
fn unwritten_rules(method: &str, route: &str, body: &Value) -> Vec<String> {
    if rules::is_registration(method, route) {
        return rules::command_problems(body.as_array().map_or(&[], Vec::as_slice));
    }
    rules::message_in(method, route, body).map_or_else(Vec::new, |m| rules::message_problems(&m))
}

/// An answer as sent: status line, JSON body, extra headers.
type Wire = (&'static str, Option<Value>, String);

fn wire(answer: Answer) -> Option<Wire> {
    Some(match answer {
        Answer::Reply(status, reply) => (status, reply, String::new()),
        Answer::Fail(Failure::Timeout) => return None,
        Answer::Fail(Failure::RateLimited) => (
            "429 Too Many Requests",
            Some(
                json!({"message": "You are being rate limited.", "retry_after": 0.02, "global": false, "code": 0}),
            ),
            "retry-after: 0.02\r\nx-ratelimit-scope: user\r\n".to_owned(),
        ),
        Answer::Fail(Failure::ServerError) => (
            "500 Internal Server Error",
            Some(json!({"code": 0, "message": "500: Internal Server Error", "errors": {}})),
            String::new(),
        ),
        Answer::Fail(Failure::Code(status, code)) => {
            (status, Some(json!({"code": code, "message": "refused by the fake"})), String::new())
        }
    })
}

/// Discord's 50035 answer to a body it refuses.
fn invalid_form_body(problem: &str) -> Value {
    json!({"code": 50035, "message": "Invalid Form Body",
           "errors": {"_errors": [{"code": "BASE_TYPE_INVALID", "message": problem}]}})
}

fn answer_locked(s: &mut FakeState, method: &str, path: &str, body: &Value) -> Answer {
    s.next_id += 1;
    let id = s.next_id;
    let route = path.trim_start_matches("/api/v10");
    let fault = s.faults.iter_mut().find(|f| {
        f.method.is_none_or(|m| m == method)
            && (route == f.path || route.starts_with(&format!("{}/", f.path)))
            && f.times != Some(0)
    });
    if let Some(fault) = fault {
        if let Some(n) = fault.times.as_mut() {
            *n -= 1;
        }
        return Answer::Fail(fault.failure);
    }
    let parts: Vec<&str> = route.trim_start_matches('/').split('/').collect();
    let reply = |status, v: Value| Answer::Reply(status, Some(v));
    match (method, parts.as_slice()) {
        ("POST", ["interactions", _, _, "callback"]) => Answer::Reply("204 No Content", None),
        ("GET", ["gateway"]) => reply("200 OK", json!({ "url": gateway_url(s) })),
        ("GET", ["gateway", "bot"]) => reply(
            "200 OK",
            json!({"url": gateway_url(s), "shards": 1, "session_start_limit":
                {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
        ),
        ("GET", ["oauth2", "applications", "@me"]) => reply("200 OK", application_json()),
        ("DELETE", ..) => Answer::Reply("204 No Content", None),
        ("GET", ["channels", channel]) => {
            let channel: u64 = channel.parse().unwrap();
            match s.threads.get(&channel) {
                Some(&parent) => reply("200 OK", thread_state_json(s, channel, parent, "thread")),
                None => {
                    let kind = s.kinds.get(&channel).copied().unwrap_or(0);
                    let mut json = guild_channel_json(channel, kind, "channel");
                    if let Some(tags) = s.tagged_forums.get(&channel) {
                        // REQUIRE_TAG
                        json["flags"] = json!(1 << 4);
                        json["available_tags"] = tags
                            .iter()
                            .map(|&(tag, moderated)| {
                                json!({"id": tag.to_string(), "name": format!("tag {tag}"),
                                       "moderated": moderated, "emoji_id": null, "emoji_name": null})
                            })
                            .collect();
                    }
                    reply("200 OK", json)
                }
            }
        }
        ("POST", ["channels", channel, "threads"]) => {
            let parent: u64 = channel.parse().unwrap();
            let applied: Vec<u64> = body["applied_tags"]
                .as_array()
                .map(|tags| tags.iter().filter_map(|t| t.as_str()?.parse().ok()).collect())
                .unwrap_or_default();
            if let Some(tags) = s.tagged_forums.get(&parent) {
                let allowed = |t: &u64| tags.iter().any(|&(tag, moderated)| tag == *t && !moderated);
                if !applied.iter().any(allowed) {
                    let error = json!({"code": 40067, "message": "A tag is required to create a forum post in this channel"});
                    return reply("400 Bad Request", error);
                }
            }
            s.applied_tags.insert(id, applied);
            s.threads.insert(id, parent);
            reply("201 Created", thread_json(id, parent, body["name"].as_str().unwrap_or("")))
        }
        ("POST", ["channels", channel, "messages"]) | ("PATCH", ["channels", channel, "messages", _]) => {
            let channel: u64 = channel.parse().unwrap();
            if s.archived.contains(&channel) {
                let error = json!({"code": 50083, "message": "Thread is archived"});
                return reply("400 Bad Request", error);
            }
            if s.locked.contains(&channel) && !s.manage_threads {
                let error = json!({"code": 160005, "message": "Thread is locked"});
                return reply("400 Bad Request", error);
            }
            let message_id = parts.get(3).and_then(|m| m.parse().ok()).unwrap_or(id);
            reply("200 OK", message_json(message_id, channel, body))
        }
        ("PATCH", ["channels", channel]) => {
            let channel: u64 = channel.parse().unwrap();
            if body["archived"] == false {
                if s.locked.contains(&channel) && !s.manage_threads {
                    let error = json!({"code": 50013, "message": "Missing Permissions"});
                    return reply("403 Forbidden", error);
                }
                s.archived.retain(|&t| t != channel);
            }
            let parent = s.threads.get(&channel).copied().unwrap_or(CHANNEL);
            reply("200 OK", thread_state_json(s, channel, parent, "thread"))
        }
        // An interaction's replies can be edited for 15 minutes only.
        ("PATCH", ["webhooks", _, token, "messages", _]) if token_expired(token) => reply(
            "401 Unauthorized",
            json!({"code": INVALID_WEBHOOK_TOKEN, "message": "Invalid Webhook Token"}),
        ),
        ("POST", ["webhooks", ..]) | ("PATCH", ["webhooks", ..]) => {
            reply("200 OK", message_json(id, CHANNEL, body))
        }
        ("POST", ["users", "@me", "channels"]) => {
            let recipient = body["recipient_id"].as_str().and_then(|r| r.parse().ok()).unwrap_or(0);
            reply("200 OK", dm_json(id, recipient))
        }
        ("PUT", ["applications", _, "commands"]) => reply("200 OK", commands_registered(body, None)),
        ("PUT", ["applications", _, "guilds", guild, "commands"]) => {
            reply("200 OK", commands_registered(body, Some(guild)))
        }
        _ => reply("404 Not Found", json!({"code": 0, "message": "404: Not Found"})),
    }
}

fn gateway_url(s: &FakeState) -> String {
    s.gateway.clone().unwrap_or_else(|| UNREACHABLE_GATEWAY.to_owned())
}

/// The bot's application, as its owner sees it (`PrivateApplicationResponse`):
/// poise reads the owner from it at start.
fn application_json() -> Value {
    json!({
        "id": APP.to_string(), "name": "cardtable", "icon": null, "description": "", "type": null,
        "verify_key": "0".repeat(64), "flags": 0, "flags_new": "0", "redirect_uris": [],
        "interactions_endpoint_url": null, "role_connections_verification_url": null,
        "owner": user_json(ALICE, "Alice"), "approximate_guild_count": 1, "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0, "explicit_content_filter": 0, "team": null,
        "eligible_oauth2_scopes": [], "bot_public": false, "bot_require_code_grant": false
    })
}

/// A user as Discord describes one (`UserResponse`).
pub fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name.to_lowercase(), "global_name": name, "discriminator": "0",
           "avatar": null, "bot": id == APP, "public_flags": 0, "flags": 0, "primary_guild": null})
}

/// A message as Discord answers a post or edit (`MessageResponse`): the
/// text and flags sent, by the bot.
pub fn message_json(id: u64, channel: u64, body: &Value) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": user_json(APP, "cardtable"),
        "content": body["content"].as_str().unwrap_or(""), "timestamp": "2024-01-01T00:00:00+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": [], "embeds": [], "pinned": false, "type": 0, "components": [],
        "flags": body["flags"].as_u64().unwrap_or(0)
    })
}

/// A public thread of `parent` (`ThreadResponse`).
pub fn thread_json(id: u64, parent: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": GUILD.to_string(), "name": name,
        "parent_id": parent.to_string(), "flags": 0, "owner_id": APP.to_string(), "last_message_id": null,
        "rate_limit_per_user": 0, "message_count": 0, "member_count": 1, "total_message_sent": 0,
        "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                            "archive_timestamp": "2024-01-01T00:00:00+00:00", "locked": false}
    })
}

/// [`thread_json`] with the archived and locked flags the fake holds.
fn thread_state_json(s: &FakeState, id: u64, parent: u64, name: &str) -> Value {
    let mut json = thread_json(id, parent, name);
    json["thread_metadata"]["archived"] = json!(s.archived.contains(&id));
    json["thread_metadata"]["locked"] = json!(s.locked.contains(&id));
    json
}

/// A server channel of type `kind` (`GuildChannelResponse`).
pub fn guild_channel_json(id: u64, kind: u8, name: &str) -> Value {
    json!({"id": id.to_string(), "type": kind, "guild_id": GUILD.to_string(), "name": name, "flags": 0,
           "position": 0, "parent_id": null, "permission_overwrites": [], "nsfw": false, "last_message_id": null})
}

/// The direct-message channel with `recipient` (`PrivateChannelResponse`).
fn dm_json(id: u64, recipient: u64) -> Value {
    json!({"id": id.to_string(), "type": 1, "flags": 0, "last_message_id": null,
           "recipients": [user_json(recipient, "x")]})
}

/// A server member (`GuildMemberResponse`).
fn member_json(user: u64, name: &str) -> Value {
    json!({"user": user_json(user, name), "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": false,
           "mute": false, "flags": 0, "avatar": null, "banner": null, "communication_disabled_until": null,
           "nick": null, "pending": false, "premium_since": null})
}

/// The commands Discord registered from `body` (`ApplicationCommandResponse`s).
fn commands_registered(body: &Value, guild: Option<&str>) -> Value {
    let commands = body.as_array().cloned().unwrap_or_default();
    let registered = commands.iter().enumerate().map(|(i, c)| {
        // Discord leaves out what was sent empty.
        let mut out = spec::without_empty_fields(c);
        out["id"] = json!((800 + i).to_string());
        out["application_id"] = json!(APP.to_string());
        out["version"] = json!("1");
        out["type"] = c.get("type").cloned().unwrap_or(json!(1));
        out["default_member_permissions"] =
            c.get("default_member_permissions").cloned().unwrap_or(Value::Null);
        if let Some(guild) = guild {
            out["guild_id"] = json!(guild);
        }
        out
    });
    Value::Array(registered.collect())
}

/// Where an interaction comes from (the partial channel Discord sends with
/// it): a known channel, else a thread of [`CHANNEL`].
pub fn channel_json(channel: u64) -> Value {
    match channel {
        CHANNEL => json!({"id": channel.to_string(), "type": 0, "name": "general"}),
        NEWS => json!({"id": channel.to_string(), "type": 5, "name": "news"}),
        _ => {
            json!({"id": channel.to_string(), "type": 11, "name": "match", "parent_id": CHANNEL.to_string()})
        }
    }
}

/// An interaction by `user` in `channel`, its token (`token-{user id}`)
/// issued now by Discord's clock (see [`advance_discord_clock`]).
pub fn interaction_base(kind: u64, user: (u64, &str), channel: u64) -> Value {
    let token = format!("token-{}", user.0);
    issue_token(&token);
    json!({
        "id": "123", "application_id": APP.to_string(), "type": kind, "token": token,
        "version": 1, "guild_id": GUILD.to_string(), "channel_id": channel.to_string(),
        "channel": channel_json(channel), "member": member_json(user.0, user.1), "locale": "en-US",
        "entitlements": [], "app_permissions": ALL_PERMISSIONS, "authorizing_integration_owners": {}, "attachment_size_limit": 8388608
    })
}

/// A slash command by `user`, a member whose permissions in the channel
/// Discord gives as `permissions`.
pub fn slash_with_permissions(
    user: (u64, &str),
    channel: u64,
    name: &str,
    permissions: u64,
) -> CommandInteraction {
    let mut v = interaction_base(2, user, channel);
    v["data"] = json!({"id": "9", "name": name, "type": 1, "options": [], "resolved": {}});
    v["member"]["permissions"] = json!(permissions.to_string());
    serde_json::from_value(v).unwrap_or_else(|e| panic!("command interaction JSON: {e}"))
}

pub fn slash(user: (u64, &str), channel: u64, name: &str) -> CommandInteraction {
    slash_in(user, channel, channel_json(channel), name)
}

/// A slash command made in `channel`, described by `channel_json`.
pub fn slash_in(user: (u64, &str), channel: u64, channel_json: Value, name: &str) -> CommandInteraction {
    let mut v = interaction_base(2, user, channel);
    v["channel"] = channel_json;
    v["data"] = json!({"id": "9", "name": name, "type": 1, "options": [], "resolved": {}});
    check_interaction(&v);
    serde_json::from_value(v).unwrap_or_else(|e| panic!("command interaction JSON: {e}"))
}

pub fn click(user: (u64, &str), channel: u64, custom_id: &str) -> ComponentInteraction {
    component(user, channel, json!({"custom_id": custom_id, "component_type": 2}), false)
}

/// A click on one of the person's own private messages (a hand, a menu).
pub fn click_private(user: (u64, &str), channel: u64, custom_id: &str) -> ComponentInteraction {
    component(user, channel, json!({"custom_id": custom_id, "component_type": 2}), true)
}

pub fn select(user: (u64, &str), channel: u64, custom_id: &str, value: &str) -> ComponentInteraction {
    component(user, channel, json!({"custom_id": custom_id, "component_type": 3, "values": [value]}), true)
}

fn component(user: (u64, &str), channel: u64, data: Value, on_private: bool) -> ComponentInteraction {
    let mut v = interaction_base(3, user, channel);
    v["data"] = data;
    v["message"] = message_json(1, channel, &json!({}));
    if on_private {
        v["message"]["flags"] = json!(EPHEMERAL);
    }
    check_interaction(&v);
    serde_json::from_value(v).unwrap_or_else(|e| panic!("component interaction JSON: {e}"))
}

/// The parts of an interaction Discord's API description has schemas for
/// (the interaction itself arrives by the gateway, which it does not
/// describe) are shaped as it says.
pub fn check_interaction(v: &Value) {
    let mut parts = vec![
        ("InteractionTypes", &v["type"]),
        ("ChannelTypes", &v["channel"]["type"]),
        ("SnowflakeType", &v["channel_id"]),
    ];
    // A direct message has a user, no server and no member.
    if v["guild_id"].is_null() {
        parts.push(("UserResponse", &v["user"]));
    } else {
        parts.push(("GuildMemberResponse", &v["member"]));
        parts.push(("SnowflakeType", &v["guild_id"]));
    }
    if !v["message"].is_null() {
        parts.push(("MessageResponse", &v["message"]));
    }
    match v["type"].as_u64() {
        Some(2) => parts.push(("ApplicationCommandType", &v["data"]["type"])),
        Some(3) => parts.push(("MessageComponentTypes", &v["data"]["component_type"])),
        _ => {}
    }
    let Some(spec) = try_spec() else { return };
    for (schema, part) in parts {
        if let Err(problem) = spec.check_schema(schema, part) {
            panic!("the fake's interaction is not what Discord sends: {problem}");
        }
    }
}

pub fn custom_ids(body: &Value) -> Vec<String> {
    let rows = body["components"].as_array().cloned().unwrap_or_default();
    rows.iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["custom_id"].as_str().map(str::to_owned))
        .collect()
}

/// The custom id of the component labelled `label…` in a message body.
pub fn button_starting(body: &Value, label: &str) -> Option<String> {
    let rows = body["components"].as_array().cloned().unwrap_or_default();
    rows.iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["label"].as_str().is_some_and(|l| l.starts_with(label)))
        .and_then(|c| c["custom_id"].as_str().map(str::to_owned))
}

pub fn text_of(body: &Value) -> String {
    let mut t = body["content"].as_str().unwrap_or("").to_owned();
    for e in body["embeds"].as_array().cloned().unwrap_or_default() {
        t.push_str(e["title"].as_str().unwrap_or(""));
        t.push_str(e["description"].as_str().unwrap_or(""));
    }
    t
}

/// The ephemeral answers among `calls` (first reply, follow-ups, edits in place).
pub fn private_replies(calls: &[Call]) -> Vec<&Call> {
    calls.iter().filter(|c| c.ok && c.path.contains("/webhooks/") && c.method != "DELETE").collect()
}

/// Every private text shown among `calls`, joined.
pub fn private_text(calls: &[Call]) -> String {
    private_replies(calls).iter().map(|c| text_of(&c.body)).collect::<Vec<_>>().join("\n")
}

/// The messages posted in `channel` among `calls` (that Discord accepted).
pub fn posts_in(calls: &[Call], channel: u64) -> Vec<&Call> {
    calls
        .iter()
        .filter(|c| c.ok && c.method == "POST" && c.path == format!("/api/v10/channels/{channel}/messages"))
        .collect()
}

pub async fn table() -> Table {
    Table::new(Store::open_memory().await.unwrap())
}

pub fn starter_deck() -> String {
    let library = Library::embedded().unwrap();
    library.catalog(GameId::Spheres).starter_decks()[0].name.clone()
}

pub fn challenge(opponent: UserRef) -> Command {
    Command::Challenge {
        opponent,
        game: "spheres".into(),
        deck: Some(starter_deck()),
        deadline_hours: None,
        variant: None,
        seating: Default::default(),
    }
}

pub fn person(who: (u64, &str)) -> UserRef {
    UserRef::new(who.0.to_string(), who.1)
}

pub fn bob() -> UserRef {
    person(B)
}

/// `who` challenges `opponent` in `channel`; returns the Accept button's id, if the challenge was posted.
pub async fn challenge_from(
    discord: &FakeDiscord,
    table: &Table,
    who: (u64, &str),
    opponent: (u64, &str),
    channel: u64,
) -> Option<String> {
    let interaction = slash(who, channel, "challenge");
    answer_slash(&discord.http, table, &interaction, async { Ok(challenge(person(opponent))) })
        .await
        .unwrap();
    let calls = discord.take();
    let post = posts_in(&calls, channel).into_iter().next()?;
    custom_ids(&post.body).into_iter().find(|id| id.starts_with("accept:"))
}

/// A challenge made inside a post of [`FORUM`], accepted: its match
/// opens as a new post of the forum. Returns the calls of the accept.
pub async fn accept_in_forum(discord: &FakeDiscord, table: &Table) -> Vec<Call> {
    let post: u64 = 7788;
    let in_forum = json!({"id": post.to_string(), "type": 11, "name": "lfg", "parent_id": FORUM.to_string()});
    answer_slash(&discord.http, table, &slash_in(A, post, in_forum, "challenge"), async {
        Ok(challenge(bob()))
    })
    .await
    .unwrap();
    let calls = discord.take();
    let accept_id =
        custom_ids(&posts_in(&calls, post)[0].body).into_iter().find(|i| i.starts_with("accept:")).unwrap();
    on_component(&discord.http, table, &click(B, post, &accept_id)).await;
    let calls = discord.take();
    let deck_id =
        custom_ids(&private_replies(&calls)[0].body).into_iter().find(|i| i.starts_with("deck:")).unwrap();
    on_component(&discord.http, table, &select(B, post, &deck_id, &starter_deck())).await;
    discord.take()
}

/// `who` accepts with the starter deck (Accept, then the deck menu), in `channel`.
pub async fn accept(discord: &FakeDiscord, table: &Table, who: (u64, &str), channel: u64, accept_id: &str) {
    on_component(&discord.http, table, &click(who, channel, accept_id)).await;
    let calls = discord.take();
    let deck_menu = private_replies(&calls)[0];
    let deck_id = custom_ids(&deck_menu.body).into_iter().find(|id| id.starts_with("deck:")).unwrap();
    on_component(&discord.http, table, &select(who, channel, &deck_id, &starter_deck())).await;
}

/// `a` challenges `b` in [`CHANNEL`] and `b` accepts. Returns the match thread and match id.
pub async fn open_match_between(
    discord: &FakeDiscord,
    table: &Table,
    a: (u64, &str),
    b: (u64, &str),
) -> (u64, i64) {
    let accept_id = challenge_from(discord, table, a, b, CHANNEL).await.expect("the challenge was posted");
    accept(discord, table, b, CHANNEL, &accept_id).await;
    let calls = discord.take();
    let opened = calls.iter().find(|c| c.path.ends_with("/threads")).expect("a thread was opened");
    let thread = *discord.state.lock().unwrap().threads.iter().max_by_key(|(t, _)| **t).expect("a thread").0;
    assert_eq!(opened.path, format!("/api/v10/channels/{CHANNEL}/threads"));
    let match_id =
        table.store().match_in_thread(&thread.to_string()).await.unwrap().expect("thread recorded").id;
    (thread, match_id)
}

/// Alice challenges Bob; Bob accepts with a deck. Returns the match thread and match id.
pub async fn open_match(discord: &FakeDiscord, table: &Table) -> (u64, i64) {
    open_match_between(discord, table, A, B).await
}

/// The player (as `(id, name)`) whose move the match waits for.
pub async fn to_act(table: &Table, match_id: i64, players: [(u64, &'static str); 2]) -> (u64, &'static str) {
    let row = table.store().load_match(match_id).await.unwrap();
    if row.to_act == "0" {
        players[0]
    } else {
        players[1]
    }
}

/// `who` presses *My hand* on the board of `match_id`; returns the private hand shown.
pub async fn open_hand(
    discord: &FakeDiscord,
    table: &Table,
    who: (u64, &str),
    thread: u64,
    match_id: i64,
) -> Value {
    let hand = cardtable::table::CustomId::Hand { match_id }.encode();
    on_component(&discord.http, table, &click(who, thread, &hand)).await;
    let calls = discord.take();
    private_replies(&calls).first().expect("the hand is shown").body.clone()
}

/// A click on a message the bot sent to the person's direct messages
/// (their hand at the start of a turn): no server, no member.
pub fn click_in_dm(user: (u64, &str), dm_channel: u64, custom_id: &str) -> ComponentInteraction {
    let mut v = interaction_base(3, user, dm_channel);
    let fields = v.as_object_mut().expect("an object");
    fields.remove("guild_id");
    fields.remove("member");
    v["user"] = user_json(user.0, user.1);
    v["channel"] = json!({"id": dm_channel.to_string(), "type": 1});
    v["data"] = json!({"custom_id": custom_id, "component_type": 2});
    v["message"] = message_json(1, dm_channel, &json!({}));
    serde_json::from_value(v).unwrap_or_else(|e| panic!("component interaction JSON: {e}"))
}
