//! The real `cardtable` binary as `cardtable console --db …` over pipes,
//! and reading what it prints (buttons, menus, board footers).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long one line may take before the console counts as hung.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);

/// The console died (was killed) before answering a line.
#[derive(Debug)]
pub struct Died;

/// A running `cardtable console`; killed when dropped.
pub struct Console {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    sentinel: u64,
}

impl Console {
    /// Starts `cardtable console --db db`.
    pub fn start(db: &str) -> Console {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .args(["console", "--db", db])
            .env("RUST_LOG", "off")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cardtable console starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Console { child, stdin, lines, sentinel: 0 }
    }

    /// Sends one line and returns what it printed.
    pub fn send(&mut self, line: &str) -> Result<String, Died> {
        self.write(line)?;
        self.answer()
    }

    /// Sends one line without waiting; [`Console::answer`] reads what it printed.
    pub fn write(&mut self, line: &str) -> Result<(), Died> {
        self.sentinel += 1;
        // `seed N` answers with one known line: the end of the answer to `line`.
        let stdin = self.stdin.as_mut().ok_or(Died)?;
        write!(stdin, "{line}\nseed {}\n", self.sentinel).map_err(|_| Died)?;
        stdin.flush().map_err(|_| Died)
    }

    /// What the last written line printed, up to its sentinel. Panics if the
    /// console prints nothing more for a minute.
    pub fn answer(&mut self) -> Result<String, Died> {
        let mark = format!("use seed {})", self.sentinel);
        let mut out = String::new();
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        loop {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(l) if l.contains(&mark) => return Ok(out),
                Ok(l) => {
                    out.push_str(&l);
                    out.push('\n');
                }
                Err(RecvTimeoutError::Disconnected) => return Err(Died),
                Err(RecvTimeoutError::Timeout) => panic!("the console stopped answering:\n{out}"),
            }
        }
    }

    /// The process id (to kill it).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Closes its input and waits for it to end.
    pub fn wait(mut self) {
        self.stdin.take();
        let _ = self.child.wait();
    }
}

impl Drop for Console {
    fn drop(&mut self) {
        // A failing test must not leave the process behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `[n] label` entries of button lines (`  [1] A  [2] B`) or menu lines (`    [1] A`).
pub fn numbered(text: &str, menu: bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let is_menu = line.starts_with("    [");
        let is_buttons = line.starts_with("  [") && !is_menu;
        if (menu && !is_menu) || (!menu && !is_buttons) {
            continue;
        }
        for part in line.trim().split("  ").filter(|p| p.starts_with('[')) {
            if let Some((n, label)) = part[1..].split_once("] ") {
                if let Ok(n) = n.parse() {
                    out.push((n, label.trim().to_owned()));
                }
            }
        }
    }
    out
}

/// The last `Match #N · move V` footer in `text`: (match, version).
pub fn footer(text: &str) -> Option<(i64, i64)> {
    text.lines().rev().find_map(|l| {
        let rest = &l[l.find("Match #")? + 7..];
        let (id, rest) = rest.split_once(" · move ")?;
        let version = rest.split(|c: char| !c.is_ascii_digit()).next()?;
        Some((id.parse().ok()?, version.parse().ok()?))
    })
}

/// Who the board waits for, as a console user id ("Q1" → "q1"); the first
/// named when several may act ("P3 and Q3 to act.").
pub fn waiting_for(text: &str) -> Option<String> {
    waiting(text).into_iter().next()
}

/// Everyone the board waits for, as console user ids: the board's message
/// says it, "[#thread] P3, Q3 and R3 to act.".
pub fn waiting(text: &str) -> Vec<String> {
    let Some(l) = text.lines().rev().find(|l| l.starts_with("[#") && l.ends_with(" to act.")) else {
        return Vec::new();
    };
    let Some((_, who)) = l.trim_end_matches(" to act.").split_once("] ") else { return Vec::new() };
    who.split(", ")
        .flat_map(|w| w.split(" and "))
        .map(|w| w.trim().to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// The thread an answer says was opened: "(thread #p1-vs-q1-spheres-4 opened: …".
pub fn opened_thread(answer: &str) -> Option<String> {
    let rest = &answer[answer.find("(thread #")? + "(thread #".len()..];
    Some(rest.split_whitespace().next()?.to_owned())
}

/// What the answer to a click in match `id` (thread `slug`) says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Said {
    /// The new live board in the thread, at this version.
    Board(i64),
    /// The finished board in the thread: the click ended the match.
    Finished,
    /// "This board has moved on", or "This match is over", privately.
    MovedOn,
    /// Anything else.
    Other,
}

/// Reads an answer to a click made at `version` in match `id`: only by
/// what it says — a post in the thread with a later `move V` footer, or
/// with the `Match #id · finished` footer and the game-over line.
pub fn said(answer: &str, id: i64, slug: &str, version: i64) -> Said {
    let in_thread = answer.contains(&format!("[#{slug}]"));
    let moved_on = answer.contains("This board has moved on") || answer.contains("This match is over");
    if moved_on {
        return if in_thread { Said::Other } else { Said::MovedOn };
    }
    if !in_thread {
        return Said::Other;
    }
    if finished_board(answer, id) {
        return Said::Finished;
    }
    match footer(answer) {
        Some((i, v)) if i == id && v > version => Said::Board(v),
        _ => Said::Other,
    }
}

/// The finished board of match `id`: its footer and the game-over line.
pub fn finished_board(text: &str, id: i64) -> bool {
    text.lines().any(|l| l.contains(&format!("Match #{id} · finished"))) && text.contains("The game is over")
}
