//! Boards fit a phone: seeded random matches of every registered game,
//! played through the table as two players clicking among what they are
//! shown, and every board and hand rendered to the text the console and
//! the Discord adapter show. No line may be wider than [`WIDTH`]
//! characters, and no board may be taller than [`BOARD_LINES`] lines, its
//! rows of buttons included (both asserted).
//!
//! Run with `--nocapture` to see the figures per game (the share of lines
//! over 80 characters, the longest line, the tallest board).

use std::sync::Arc;

use cardtable::engine::GameRng;
use cardtable::games::{AnyState, GameId, Library, GAMES};
use cardtable::store::Store;
use cardtable::table::{
    ButtonStyle, Command, Component, CustomId, ManualClock, Message, Outgoing, Place, PostKey, Request,
    RequestKind, Table, TableConfig, UserRef,
};

/// Characters a line may hold: what a phone shows without wrapping a
/// board's line in two.
const WIDTH: usize = 80;
/// Lines a board may take, its buttons' rows included.
const BOARD_LINES: usize = 30;
/// Matches played per game.
const MATCHES: u64 = 2;
/// Requests after which a match is called stuck.
const MAX_REQUESTS: usize = 4000;

const PLAYERS: [&str; 2] = ["alice", "bob"];

fn user(id: &str) -> UserRef {
    let name = format!("{}{}", id[..1].to_uppercase(), &id[1..]);
    UserRef::new(id, name)
}

/// Markdown the reader does not see as characters.
fn plain(s: &str) -> String {
    s.replace("**", "").replace("__", "").replace('`', "")
}

/// The lines a message shows, top to bottom: its text, the embed (title,
/// description, each field's name and value, footer), then one line per
/// row of buttons or menu. The rows are counted in the height but not in
/// the width: Discord lays buttons out itself.
fn shown(m: &Message) -> (Vec<String>, usize) {
    let mut lines: Vec<String> = m.content.lines().map(plain).collect();
    if let Some(e) = &m.embed {
        lines.push(plain(&e.title));
        lines.extend(e.description.lines().map(plain));
        for f in &e.fields {
            lines.push(plain(&f.name));
            lines.extend(f.value.lines().map(plain));
        }
        lines.extend(e.footer.iter().map(|f| plain(f)));
    }
    (lines, m.rows().len())
}

#[derive(Default)]
struct Figures {
    board_lines: usize,
    board_wide: usize,
    hand_lines: usize,
    hand_wide: usize,
    boards: usize,
    /// Boards taller than [`BOARD_LINES`].
    tall: usize,
    hands: usize,
    longest: (usize, String),
    tallest: (usize, String),
    matches: usize,
    finished: usize,
}

impl Figures {
    fn see(&mut self, m: &Message, board: bool) {
        let (lines, rows) = shown(m);
        let wide = lines.iter().filter(|l| l.chars().count() > WIDTH).count();
        if board {
            self.boards += 1;
            self.board_lines += lines.len();
            self.board_wide += wide;
            let height = lines.len() + rows;
            self.tall += usize::from(height > BOARD_LINES);
            if height > self.tallest.0 {
                self.tallest = (height, lines.join("\n"));
            }
        } else {
            self.hands += 1;
            self.hand_lines += lines.len();
            self.hand_wide += wide;
        }
        for l in lines {
            let n = l.chars().count();
            if n > self.longest.0 {
                self.longest = (n, l);
            }
        }
    }

    fn line(&self, game: GameId) -> String {
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        format!(
            "{:<9} {} matches ({} finished): {} boards, {:.1} % of board lines over {WIDTH}; \
             {} hands, {:.1} % of hand lines over {WIDTH}; longest line {}, tallest board {} lines ({} boards over {BOARD_LINES})",
            game.info().name,
            self.matches,
            self.finished,
            self.boards,
            pct(self.board_wide, self.board_lines),
            self.hands,
            pct(self.hand_wide, self.hand_lines),
            self.longest.0,
            self.tallest.0,
            self.tall,
        )
    }
}

struct Sim {
    table: Table,
    library: Arc<Library>,
    rng: GameRng,
    match_id: Option<i64>,
    next_id: u64,
    /// Private replies of the last request, newest last.
    private: Vec<Message>,
    /// Every public post so far (for the challenge's buttons).
    posts: Vec<Message>,
    figures: Figures,
}

impl Sim {
    async fn send(&mut self, who: &str, kind: RequestKind) {
        let place = match self.match_id {
            Some(m) => Place::thread("general", format!("thread-{m}")),
            None => Place::channel("general"),
        };
        let out = self.table.respond(Request { user: user(who), place, kind }).await;
        self.private.clear();
        let mut queue: std::collections::VecDeque<Outgoing> = out.into();
        while let Some(o) = queue.pop_front() {
            match o {
                Outgoing::CreateThread { match_id, .. } => {
                    self.match_id = Some(match_id);
                    let _ = self.table.thread_created(match_id, format!("thread-{match_id}")).await;
                }
                Outgoing::Post { message, key, .. } => {
                    if matches!(key, Some(PostKey::Board { .. })) {
                        self.figures.see(&message, true);
                    }
                    self.posts.push(message);
                    let id = format!("m{}", self.next_id);
                    self.next_id += 1;
                    if let Some(k) = key {
                        queue.extend(self.table.posted(k, &id).await.unwrap_or_default());
                    }
                }
                Outgoing::Edit { message_ref, message, key, .. } => {
                    if matches!(key, Some(PostKey::Board { .. })) {
                        self.figures.see(&message, true);
                    }
                    if let Some(k) = key {
                        queue.extend(self.table.posted(k, &message_ref).await.unwrap_or_default());
                    }
                }
                Outgoing::Ephemeral { message, .. } | Outgoing::Replace { message, .. } => {
                    if message.embed.as_ref().is_some_and(|e| e.title.starts_with("Your hand")) {
                        self.figures.see(&message, false);
                    }
                    self.private.push(message);
                }
                _ => {}
            }
        }
    }

    async fn state(&self) -> Option<AnyState> {
        let row = self.table.store().load_match(self.match_id?).await.ok()?;
        AnyState::from_json(&row.state, &self.library).ok()
    }

    /// A click among the choices of the newest private reply: a move four
    /// times in five, else a pass; `false` when there is nothing to click.
    async fn decide(&mut self, who: &str) -> bool {
        let Some(id) = self.match_id else { return false };
        self.send(who, RequestKind::Click { custom_id: CustomId::Hand { match_id: id }.encode() }).await;
        let Some(hand) = self.private.last().cloned() else { return false };
        let mut moves = Vec::new();
        let mut passes = Vec::new();
        for c in &hand.components {
            match c {
                Component::Button { custom_id, style, disabled: false, .. } => {
                    let Some((_, _, choice)) = CustomId::decode(custom_id).and_then(|i| i.choice()) else {
                        continue;
                    };
                    if matches!(choice, cardtable::view::Choice::Order { .. }) {
                        continue;
                    }
                    let kind = RequestKind::Click { custom_id: custom_id.clone() };
                    if *style == ButtonStyle::Secondary {
                        passes.push(kind);
                    } else {
                        moves.push(kind);
                    }
                }
                Component::Select { custom_id, options, .. } => {
                    moves.extend(options.iter().map(|o| RequestKind::Select {
                        custom_id: custom_id.clone(),
                        value: o.value.clone(),
                    }));
                }
                _ => {}
            }
        }
        let choice = if !moves.is_empty() && (passes.is_empty() || self.rng.below(5) < 4) {
            let i = self.rng.below(moves.len());
            moves.swap_remove(i)
        } else if !passes.is_empty() {
            let i = self.rng.below(passes.len());
            passes.swap_remove(i)
        } else {
            return false;
        };
        self.send(who, choice).await;
        true
    }

    async fn play(&mut self, game: GameId) {
        let challenge = Command::Challenge {
            opponent: user(PLAYERS[1]),
            game: game.key().to_owned(),
            deck: None,
            deadline_hours: None,
            variant: None,
            seating: Default::default(),
        };
        self.send(PLAYERS[0], RequestKind::Slash(challenge)).await;
        let accept = self.posts.iter().flat_map(|m| &m.components).find_map(|c| {
            matches!(CustomId::decode(c.custom_id()), Some(CustomId::Accept { .. }))
                .then(|| c.custom_id().to_owned())
        });
        let accept = accept.expect("the challenge offers Accept");
        self.send(PLAYERS[1], RequestKind::Click { custom_id: accept }).await;
        let deck = self.private.iter().flat_map(|m| &m.components).find_map(|c| match c {
            Component::Select { custom_id, options, .. } => {
                options.first().map(|o| (custom_id.clone(), o.value.clone()))
            }
            _ => None,
        });
        if let Some((custom_id, value)) = deck {
            self.send(PLAYERS[1], RequestKind::Select { custom_id, value }).await;
        }
        self.figures.matches += 1;
        for _ in 0..MAX_REQUESTS {
            let Some(state) = self.state().await else { return };
            if state.outcome().is_some() {
                self.figures.finished += 1;
                return;
            }
            let Some(seat) = state.to_act().first().copied() else { return };
            if !self.decide(PLAYERS[seat.index() % PLAYERS.len()]).await {
                return;
            }
        }
    }
}

async fn figures(game: GameId, library: Arc<Library>) -> Figures {
    let mut all = Figures::default();
    for seed in 0..MATCHES {
        let store = Store::open_memory().await.expect("an in-memory database opens");
        let clock = Arc::new(ManualClock::new(1_800_000_000));
        let config = TableConfig { seed: Some(seed), ..TableConfig::default() };
        let mut sim = Sim {
            table: Table::with_library(store, clock, config, library.clone()),
            library: library.clone(),
            rng: GameRng::from_seed(seed ^ 0xb0a2_d512e),
            match_id: None,
            next_id: 1,
            private: Vec::new(),
            posts: Vec::new(),
            figures: Figures::default(),
        };
        sim.play(game).await;
        let f = sim.figures;
        all.matches += f.matches;
        all.finished += f.finished;
        all.boards += f.boards;
        all.tall += f.tall;
        all.hands += f.hands;
        all.board_lines += f.board_lines;
        all.board_wide += f.board_wide;
        all.hand_lines += f.hand_lines;
        all.hand_wide += f.hand_wide;
        if f.longest.0 > all.longest.0 {
            all.longest = f.longest;
        }
        if f.tallest.0 > all.tallest.0 {
            all.tallest = f.tallest;
        }
    }
    all
}

/// Plays every game and checks the lines: always their width, and the
/// boards' height when `height` is set.
async fn check(height: bool) {
    let library = Arc::new(Library::embedded().expect("the embedded cards load"));
    let mut report = Vec::new();
    let mut bad = Vec::new();
    for game in GAMES.iter().copied() {
        let f = figures(game, library.clone()).await;
        report.push(f.line(game));
        assert!(f.boards > 0, "{}: no board was rendered", game.info().name);
        assert!(f.hands > 0, "{}: no hand was rendered", game.info().name);
        if f.longest.0 > WIDTH {
            bad.push(format!(
                "{}: a line of {} characters: {:?}",
                game.info().name,
                f.longest.0,
                f.longest.1
            ));
        }
        if height && f.tallest.0 > BOARD_LINES {
            bad.push(format!("{}: a board of {} lines:\n{}", game.info().name, f.tallest.0, f.tallest.1));
        }
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(bad.is_empty(), "{report}\n\n{}", bad.join("\n\n"));
}

#[tokio::test]
async fn every_board_and_hand_line_fits_a_phone() {
    check(false).await;
}

#[tokio::test]
async fn every_board_stays_within_30_lines() {
    check(true).await;
}
