//! A fake Discord gateway: a WebSocket server on 127.0.0.1 that speaks the
//! gateway protocol as Discord documents it (payloads `{op, d, s, t}`):
//! HELLO with a heartbeat interval, IDENTIFY answered by READY, heartbeats
//! acknowledged, dispatches (INTERACTION_CREATE) numbered by sequence, and
//! RESUME after a dropped connection, answered by replaying every dispatch
//! the bot missed and then RESUMED. The fake REST Discord's `GET /gateway`
//! names it ([`super::FakeDiscord::use_gateway`]), so the real serenity
//! client connects here and nothing leaves the machine.
//!
//! What the bot sends that Discord would refuse (a wrong token, a RESUME
//! with another session or a sequence number it never saw) is recorded as a
//! problem; [`FakeGateway::problems`] fails the test with it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

use super::{user_json, APP, TEST_TOKEN};

/// The heartbeat interval HELLO asks for: short, so a test sees heartbeats.
pub const HEARTBEAT_MS: u64 = 1000;

/// Gateway opcodes, as Discord numbers them.
pub const DISPATCH: u64 = 0;
pub const HEARTBEAT: u64 = 1;
pub const IDENTIFY: u64 = 2;
pub const RESUME: u64 = 6;
pub const HELLO: u64 = 10;
pub const HEARTBEAT_ACK: u64 = 11;

/// One payload the bot sent, with the connection (1, 2, …) it came on.
#[derive(Debug, Clone)]
pub struct Received {
    pub connection: u32,
    pub payload: Value,
}

impl Received {
    pub fn op(&self) -> Option<u64> {
        self.payload["op"].as_u64()
    }
}

#[derive(Default)]
struct State {
    received: Vec<Received>,
    connections: u32,
    /// The session READY opened (`None` before the first IDENTIFY).
    session: Option<String>,
    /// Every dispatch of the session, in order: dispatch `s` is at `s - 1`.
    dispatched: Vec<Value>,
    /// The connection dispatches go to: its number and its writer. `None`
    /// while the bot is not connected (a dispatch then waits for RESUME).
    live: Option<(u32, UnboundedSender<Message>)>,
    /// The highest sequence number written to a live connection.
    delivered: u64,
    problems: Vec<String>,
}

/// A fake gateway (see the module's head).
pub struct FakeGateway {
    /// `ws://127.0.0.1:PORT`, what `GET /gateway` answers.
    pub url: String,
    state: Arc<Mutex<State>>,
}

impl FakeGateway {
    pub async fn start() -> FakeGateway {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}", listener.local_addr().unwrap());
        let state = Arc::new(Mutex::new(State::default()));
        let (shared, resume_url) = (state.clone(), url.clone());
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let (state, url) = (shared.clone(), resume_url.clone());
                tokio::spawn(async move {
                    match tokio_tungstenite::accept_async(socket).await {
                        Ok(ws) => serve(ws, state, url).await,
                        Err(e) => {
                            state.lock().unwrap().problems.push(format!("not a WebSocket handshake: {e}"))
                        }
                    }
                });
            }
        });
        FakeGateway { url, state }
    }

    /// Sends a dispatch (`t`, `d`) with the next sequence number; while the
    /// bot is disconnected it waits, and a RESUME replays it.
    pub fn dispatch(&self, event: &str, data: Value) -> u64 {
        dispatch_locked(&mut self.state.lock().unwrap(), event, data)
    }

    /// Closes the connection as Discord does when it drops one that may be
    /// resumed (close code 4000, "unknown error; reconnect").
    pub fn drop_connection(&self) {
        let live = self.state.lock().unwrap().live.take();
        let (_, writer) = live.expect("the bot is connected");
        let frame =
            CloseFrame { code: CloseCode::Library(4000), reason: "the fake drops the connection".into() };
        let _ = writer.send(Message::Close(Some(frame)));
    }

    /// Every payload the bot sent so far.
    pub fn received(&self) -> Vec<Received> {
        self.state.lock().unwrap().received.clone()
    }

    /// The payloads with opcode `op`.
    pub fn sent_op(&self, op: u64) -> Vec<Received> {
        self.received().into_iter().filter(|r| r.op() == Some(op)).collect()
    }

    /// The session READY opened.
    pub fn session(&self) -> Option<String> {
        self.state.lock().unwrap().session.clone()
    }

    /// The highest sequence number delivered to the bot.
    pub fn delivered(&self) -> u64 {
        self.state.lock().unwrap().delivered
    }

    /// How many WebSocket connections the bot opened.
    pub fn connections(&self) -> u32 {
        self.state.lock().unwrap().connections
    }

    /// Whether the bot is connected (identified or resumed).
    pub fn is_live(&self) -> bool {
        self.state.lock().unwrap().live.is_some()
    }

    /// Waits up to `within` for the bot to send a payload with opcode `op`
    /// beyond the first `after`; returns it.
    pub async fn wait_for_op(&self, op: u64, after: usize, within: Duration) -> Option<Received> {
        let start = Instant::now();
        while start.elapsed() < within {
            if let Some(found) = self.sent_op(op).into_iter().nth(after) {
                return Some(found);
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        None
    }

    /// What the bot sent that Discord would refuse, so far.
    pub fn problems(&self) -> Vec<String> {
        self.state.lock().unwrap().problems.clone()
    }

    /// Panics with what the bot sent that Discord would refuse.
    pub fn assert_no_problems(&self) {
        let problems = self.state.lock().unwrap().problems.clone();
        assert!(problems.is_empty(), "the gateway refused:\n{}", problems.join("\n"));
    }
}

/// A payload as the gateway sends it.
fn payload(op: u64, d: Value, s: Option<u64>, t: Option<&str>) -> Message {
    Message::Text(json!({"op": op, "d": d, "s": s, "t": t}).to_string())
}

fn dispatch_locked(s: &mut State, event: &str, data: Value) -> u64 {
    let seq = s.dispatched.len() as u64 + 1;
    s.dispatched.push(json!({"op": DISPATCH, "d": data, "s": seq, "t": event}));
    if let Some((_, writer)) = &s.live {
        if writer.send(Message::Text(s.dispatched[seq as usize - 1].to_string())).is_ok() {
            s.delivered = seq;
        }
    }
    seq
}

/// READY, as Discord sends it to a bot in no server yet.
fn ready(session: &str, url: &str) -> Value {
    let mut user = user_json(APP, "cardtable");
    user["verified"] = json!(true);
    user["mfa_enabled"] = json!(false);
    json!({"v": 10, "user": user, "guilds": [], "session_id": session, "resume_gateway_url": url,
           "shard": [0, 1], "application": {"id": APP.to_string(), "flags": 0}})
}

/// One connection: HELLO, then the bot's payloads, until either side closes.
async fn serve(
    ws: tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    state: Arc<Mutex<State>>,
    url: String,
) {
    let (mut sink, mut stream) = ws.split();
    let (writer, mut outgoing) = unbounded_channel::<Message>();
    tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            let closing = matches!(message, Message::Close(_));
            if sink.send(message).await.is_err() || closing {
                break;
            }
        }
    });
    let connection = {
        let mut s = state.lock().unwrap();
        s.connections += 1;
        s.connections
    };
    let _ = writer.send(payload(HELLO, json!({"heartbeat_interval": HEARTBEAT_MS}), None, None));
    while let Some(Ok(message)) = stream.next().await {
        let text = match message {
            Message::Text(text) => text,
            Message::Close(frame) => {
                // The bot logs off (serenity sends 1000 at shutdown).
                let code = frame.map_or(1005, |f| u16::from(f.code));
                let close = Received { connection, payload: json!({ "close": code }) };
                state.lock().unwrap().received.push(close);
                break;
            }
            _ => continue,
        };
        let Ok(sent) = serde_json::from_str::<Value>(&text) else {
            state.lock().unwrap().problems.push(format!("not JSON: {text}"));
            continue;
        };
        let mut s = state.lock().unwrap();
        s.received.push(Received { connection, payload: sent.clone() });
        let d = &sent["d"];
        match sent["op"].as_u64() {
            Some(HEARTBEAT) => {
                // The heartbeat carries the last sequence number the bot got.
                if d.as_u64().unwrap_or(0) > s.delivered {
                    let problem = format!("heartbeat with seq {d}, beyond the {} delivered", s.delivered);
                    s.problems.push(problem);
                }
                let _ = writer.send(payload(HEARTBEAT_ACK, Value::Null, None, None));
            }
            Some(IDENTIFY) => {
                let mut problems = identify_problems(d);
                if !problems.is_empty() {
                    s.problems.append(&mut problems);
                    let frame = CloseFrame {
                        code: CloseCode::Library(4004),
                        reason: "Authentication failed.".into(),
                    };
                    let _ = writer.send(Message::Close(Some(frame)));
                    continue;
                }
                let session = format!("session-{connection}");
                s.session = Some(session.clone());
                s.dispatched.clear();
                s.delivered = 0;
                s.live = Some((connection, writer.clone()));
                dispatch_locked(&mut s, "READY", ready(&session, &url));
            }
            Some(RESUME) => {
                let seq = d["seq"].as_u64();
                let fits = is_the_token(&d["token"])
                    && s.session.as_deref().is_some_and(|id| d["session_id"] == id)
                    && seq.is_some_and(|seq| seq <= s.dispatched.len() as u64);
                if !fits {
                    let problem = format!("RESUME that cannot be resumed (session {:?}): {d}", s.session);
                    s.problems.push(problem);
                    let _ = writer.send(payload(9, json!(false), None, None));
                    continue;
                }
                // Everything after the bot's last sequence number, then RESUMED.
                let from = seq.unwrap_or(0) as usize;
                for missed in &s.dispatched[from..] {
                    let _ = writer.send(Message::Text(missed.to_string()));
                }
                s.delivered = s.dispatched.len() as u64;
                s.live = Some((connection, writer.clone()));
                dispatch_locked(&mut s, "RESUMED", json!({}));
            }
            other => s.problems.push(format!("an opcode the fake does not expect: {other:?}: {sent}")),
        }
    }
    let mut s = state.lock().unwrap();
    if s.live.as_ref().is_some_and(|(live, _)| *live == connection) {
        s.live = None;
    }
}

/// Whether `token` is the bot's token (serenity sends it as `Bot <token>`,
/// as in its HTTP header; Discord takes either).
pub fn is_the_token(token: &Value) -> bool {
    token.as_str().map(|t| t.strip_prefix("Bot ").unwrap_or(t)) == Some(TEST_TOKEN)
}

/// What is wrong with an IDENTIFY's data, as Discord checks it.
fn identify_problems(d: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    if !is_the_token(&d["token"]) {
        problems.push("IDENTIFY with another token".to_owned());
    }
    if !d["intents"].is_u64() {
        problems.push(format!("IDENTIFY without intents: {}", d["intents"]));
    }
    for field in ["os", "browser", "device"] {
        if !d["properties"][field].is_string() {
            problems.push(format!("IDENTIFY without properties.{field}"));
        }
    }
    if d["shard"] != json!([0, 1]) {
        problems.push(format!("IDENTIFY for shard {} (the fake has one shard)", d["shard"]));
    }
    problems
}
