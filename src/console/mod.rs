//! The terminal front end: a simulated server with many users, playing the
//! same table layer as Discord.
//!
//! Lines look like Discord use, each starting with who does it:
//!
//! ```text
//! @alice /challenge opponent:@bob game:spheres deck:"Clockwork Skies"
//! @bob click Accept
//! @bob select 2
//! @alice /hand
//! wait 13h
//! ```
//!
//! Public posts print as `[#channel] …`, ephemeral replies as
//! `[only @user] …`, components numbered (`[1] Accept  [2] Decline`).

mod parse;
mod render;

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Arc;

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

pub use parse::{parse_line, Line};

/// A message as the console shows it (for tools that print boards).
pub fn message_text(m: &crate::table::Message) -> String {
    render::message("", m, &|s| s.to_owned())
}

/// Console text as a reader reads it across wrapped lines: one line, the
/// frame's bars and bold marks left out, each run of blanks one space (so
/// a phrase a board wrapped over two lines is found whole).
pub fn read_through(text: &str) -> String {
    text.replace("**", "").replace('│', " ").split_whitespace().collect::<Vec<_>>().join(" ")
}

use crate::games::{Library, GAMES};
use crate::store::Store;
use crate::table::error::quote;
use crate::table::{
    Clock, Command, Component, ManualClock, Message, Outgoing, Place, Request, RequestKind, SystemClock,
    Table, TableConfig, Target, UserId, UserRef,
};

/// The channel where commands are typed unless a line names another.
pub const DEFAULT_CHANNEL: &str = "general";

/// The console's help, with examples from the first game of the registry.
fn help(library: &Library) -> String {
    let game = GAMES[0];
    let catalog = library.catalog(game);
    let deck = catalog.starter_decks().first().map_or_else(|| "My deck".to_owned(), |d| d.name.clone());
    let names = catalog.card_names();
    let card = |i: usize| names.get(i).copied().unwrap_or("Some Card");
    HELP.replace("{game}", game.key())
        .replace("{deck}", &deck)
        .replace("{card1}", card(0))
        .replace("{card2}", card(2))
        .replace("{part}", &card(0).chars().take(5).collect::<String>().to_lowercase())
}

const HELP: &str = "\
Every line is done by a user: @name, then what they do. Users exist once mentioned.
  @alice /challenge opponent:@bob game:{game} deck:\"{deck}\" [deadline_hours:48]
      against the computer: opponent:@cardtable [level:easy|normal|hard] (or level: alone);
      it accepts at once and moves on its own
      more players: opponent2:@carol … opponent5, partner:@x mode:teams (or tag-team, citadel); decks built in
      the match: assembly:closed-draft (or open-draft, blind-draft, set-selection, random, …);
      match options, where the game has them: match:best-of-3 time_limit:7d (the limit
      is checked on `wait` and `tick`)
  @bob click Accept            click a button by label, or by number: @bob click 1
  @bob select 2                choose an option of the latest menu (number or label)
  @alice /hand   /board   /concede   /matches   /games
  @alice /card name:{part}      /rule query:<words or a rule number>
      either takes game:<game> (e.g. /rule game:{game} query:combat)
  @alice /deck list | show name:X | export name:X | delete name:X
  @alice /deck import name:Mine game:{game} list:3 {card1}, 3 {card2}, …
  @alice /settings hold_priority:on reminders:off turn_dm:off auto_pass:on orders:never-block stops:end
      (orders:none, stops:default drop them; /settings alone shows yours)
  @alice /settings board:image   boards and your hand as text (the default), image or both;
      a manager sets the default for players who chose none: server_board:both
      and the caps on active matches: member_matches:10 server_matches:200
  @alice /stats [player:@bob] [game:{game}]   ratings and record here; private:on hides yours
  @alice /leaderboard game:{game}   the best players here (a manager: show:off|on)
  @alice /history [player:@bob] [game:{game}]   last matches; match:12 gives one's file
  @alice /privacy   what is kept about you, as a file; erase:yes says what erasing does,
      erase:yes confirm:yes erases it
  @alice #thread-name /board   run a command inside a thread
  @alice say look at [[{card1}]]   a plain message; [[card name]] in it is looked up
      ([[{game}:name]] names the game; up to 3 cards a message)
Console words:
  wait 13h     move the clock forward (s, m, h, d) and send due reminders
  tick         send due reminders now (and resume the computer's pending moves)
  seed 42      fixed shuffles for matches started from now on
  bot @name    make @name a bot account (bots cannot be challenged)
  manager @name  give @name the Manage Server permission (the leaderboard, server_board, caps)
  help         this text
Clicks and selects use the latest message the user can see that has buttons
(or a menu): public posts, and the replies only they can see.
";

/// A message as the console keeps it, for clicks.
#[derive(Debug, Clone)]
struct Shown {
    id: String,
    place: Place,
    /// `None` for public posts, else the only user who sees it.
    visible_to: Option<String>,
    /// The user whose line made it appear.
    asked_by: Option<String>,
    components: Vec<Component>,
}

/// The simulated server.
pub struct Console {
    store: Store,
    clock: Arc<ManualClock>,
    table: Table,
    shown: Vec<Shown>,
    threads: BTreeMap<i64, String>,
    users: BTreeMap<String, UserRef>,
    run: String,
    next_message: u64,
    /// The user whose line is being handled.
    asking: Option<String>,
    /// The message whose button that line clicked.
    clicked: Option<String>,
    /// Files the table attached to replies, oldest first: (name, contents).
    files: Vec<(String, String)>,
    /// Where attached files are saved too, if anywhere.
    files_dir: Option<std::path::PathBuf>,
    /// Users given the Manage Server permission (`manager @name`).
    managers: std::collections::BTreeSet<String>,
    /// Where each board's picture is written, if anywhere.
    images_dir: Option<std::path::PathBuf>,
    /// Pictures drawn, by match version (an edit draws nothing new).
    pictures: crate::picture::PictureCache,
}

impl Console {
    /// A console on `store`, its clock starting at the real time.
    pub fn new(store: Store) -> Self {
        Self::with_config(store, TableConfig::default())
    }

    /// A console whose table has `config` (tests: a fixed seed, a small
    /// budget for the computer).
    pub fn with_config(store: Store, config: TableConfig) -> Self {
        // Everyone at a console sits at one keyboard (or one script):
        // nobody reads the timing of a pass, so none is held (issue 52).
        let config = TableConfig { hold_passes: false, ..config };
        let clock = Arc::new(ManualClock::new(SystemClock.now()));
        let library =
            Library::embedded().unwrap_or_else(|e| panic!("the embedded card files are invalid: {e}"));
        let table = Table::with_library(store.clone(), clock.clone(), config, Arc::new(library));
        // Message ids must differ between consoles sharing one database
        // (it records which message is a match's live board).
        let run = format!("{:x}.{:x}", SystemClock.now() % 0x10_0000, std::process::id());
        Console {
            store,
            clock,
            table,
            shown: vec![],
            threads: BTreeMap::new(),
            users: BTreeMap::new(),
            run,
            next_message: 1,
            asking: None,
            clicked: None,
            files: vec![],
            files_dir: None,
            managers: Default::default(),
            images_dir: None,
            pictures: crate::picture::PictureCache::new(64),
        }
    }

    /// The table being played (for tests).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The files attached to replies so far, oldest first: (name, contents).
    pub fn files(&self) -> &[(String, String)] {
        &self.files
    }

    /// Saves the files attached to replies in `dir` too.
    pub fn save_files_in(&mut self, dir: std::path::PathBuf) {
        self.files_dir = Some(dir);
    }

    /// Writes each board's picture in `dir` too, as `match<id>-v<version>.png`.
    pub fn save_images_in(&mut self, dir: std::path::PathBuf) {
        self.images_dir = Some(dir);
    }

    /// The pictures drawn so far (each board version once).
    pub fn pictures_drawn(&self) -> u64 {
        self.pictures.drawn()
    }

    /// Draws the board of `match_id` into the images folder, when there
    /// is one; says where, or what went wrong.
    async fn save_picture(&self, match_id: i64) -> String {
        let Some(dir) = &self.images_dir else { return String::new() };
        let board = match self.table.board_picture(match_id).await {
            Ok(b) => b,
            Err(e) => return format!("error: no picture of match #{match_id}: {}\n", e.reply_text()),
        };
        let key = crate::picture::PictureKey { match_id, version: board.version, seat: None };
        let drawn = self.pictures.drawn();
        let png =
            match self.pictures.get_or_draw(key, || crate::picture::board_png(&board.view, &board.events)) {
                Ok(png) => png,
                Err(e) => return format!("error: no picture of match #{match_id}: {e}\n"),
            };
        if self.pictures.drawn() == drawn {
            return String::new();
        }
        let file = dir.join(format!("match{match_id}-v{}.png", board.version));
        match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&file, png.as_slice())) {
            Ok(()) => format!("  (picture: {})\n", file.display()),
            Err(e) => format!("error: cannot write {}: {e}\n", file.display()),
        }
    }

    /// Handles one line and returns what it printed. Never fails: a bad
    /// line prints `error: …` saying how to write it.
    pub async fn line(&mut self, text: &str) -> String {
        let users = self.users.clone();
        let user_ref = move |id: &str| users.get(id).cloned().unwrap_or_else(|| default_user(id));
        let parsed = match parse_line(text, &user_ref) {
            Ok(l) => l,
            Err(e) => return format!("error: {e}\n"),
        };
        self.asking = match &parsed {
            Line::Slash { user, .. } | Line::Click { user, .. } | Line::Select { user, .. } => {
                Some(user.clone())
            }
            _ => None,
        };
        self.clicked = None;
        match parsed {
            Line::Nothing => String::new(),
            Line::Help => help(self.table.library()),
            Line::Seed(seed) => {
                let config = TableConfig { seed: Some(seed), ..self.table.config().clone() };
                self.table = Table::with_library(
                    self.store.clone(),
                    self.clock.clone(),
                    config,
                    self.table.library().clone(),
                );
                format!("(matches started from now on use seed {seed})\n")
            }
            Line::Bot(name) => {
                self.user(&name).bot = true;
                format!("(@{name} is a bot account)\n")
            }
            Line::Tick => {
                let out = self
                    .table
                    .tick(self.clock.now())
                    .await
                    .unwrap_or_else(|e| vec![e.reply(&UserId::from("console"))]);
                let mut text = self.deliver(out).await;
                text.push_str(&self.resume_computer().await);
                if text.is_empty() {
                    "(nothing is due)\n".to_owned()
                } else {
                    text
                }
            }
            Line::Wait(seconds) => {
                self.clock.advance(seconds);
                let out = self
                    .table
                    .tick(self.clock.now())
                    .await
                    .unwrap_or_else(|e| vec![e.reply(&UserId::from("console"))]);
                let mut text = format!("(time passes: {})\n", human(seconds));
                text.push_str(&self.deliver(out).await);
                text.push_str(&self.resume_computer().await);
                text
            }
            Line::Manager(name) => {
                self.managers.insert(name.clone());
                format!("(@{name} manages the server: the Manage Server permission)\n")
            }
            Line::Slash { user, place, mut command } => {
                if let Command::Leaderboard { manager, .. }
                | Command::Settings { manager, .. }
                | Command::ServerCaps { manager, .. } = &mut command
                {
                    *manager = self.managers.contains(&user);
                }
                let who = self.user(&user).clone();
                let place = self.place(place.as_deref());
                let req = Request { user: who, place, kind: RequestKind::Slash(command) };
                let out = self.table.respond(req).await;
                self.deliver_and_play(out).await
            }
            Line::Say { user, place, text } => {
                let who = self.user(&user).clone();
                let place = self.place(place.as_deref());
                let mut printed = format!("[{}] @{user}: {text}\n", self.target_name(&place.here()));
                let out = self
                    .table
                    .inline_lookups(&who, &place, &text)
                    .await
                    .unwrap_or_else(|e| vec![e.reply(&who.id)]);
                printed.push_str(&self.deliver(out).await);
                printed
            }
            Line::Click { user, what } => match self.find_button(&user, &what) {
                Ok((custom_id, place, message)) => {
                    self.clicked = Some(message);
                    let who = self.user(&user).clone();
                    let req = Request { user: who, place, kind: RequestKind::Click { custom_id } };
                    let out = self.table.respond(req).await;
                    self.deliver_and_play(out).await
                }
                Err(e) => format!("error: {e}\n"),
            },
            Line::Select { user, what } => match self.find_option(&user, &what) {
                Ok((custom_id, value, place)) => {
                    let who = self.user(&user).clone();
                    let req = Request { user: who, place, kind: RequestKind::Select { custom_id, value } };
                    let out = self.table.respond(req).await;
                    self.deliver_and_play(out).await
                }
                Err(e) => format!("error: {e}\n"),
            },
        }
    }

    fn user(&mut self, id: &str) -> &mut UserRef {
        self.users.entry(id.to_owned()).or_insert_with(|| default_user(id))
    }

    fn place(&self, name: Option<&str>) -> Place {
        match name {
            None => Place::channel(DEFAULT_CHANNEL),
            Some(n) if self.threads.values().any(|t| t == n) || n.contains("-vs-") => {
                Place::thread(DEFAULT_CHANNEL, n)
            }
            Some(n) => Place::channel(n),
        }
    }

    /// Messages `user` can see that still have components, newest first.
    fn visible<'a>(&'a self, user: &'a str) -> impl Iterator<Item = &'a Shown> + 'a {
        self.shown
            .iter()
            .rev()
            .filter(move |m| !m.components.is_empty() && m.visible_to.as_deref().is_none_or(|u| u == user))
    }

    /// The custom id of the button `user` means, where it is, and the id
    /// of the message holding it.
    fn find_button(&self, user: &str, what: &str) -> Result<(String, Place, String), String> {
        let has_buttons = |m: &&Shown| m.components.iter().any(|c| matches!(c, Component::Button { .. }));
        let buttons = |m: &Shown| -> Vec<(String, String)> {
            m.components
                .iter()
                .filter_map(|c| match c {
                    Component::Button { custom_id, label, disabled: false, .. } => {
                        Some((label.clone(), custom_id.clone()))
                    }
                    _ => None,
                })
                .collect()
        };
        let Some(latest) = self.visible(user).find(has_buttons) else {
            return Err(format!("@{user} sees no message with buttons right now; type `@{user} /board` or `@{user} /hand` to get the current ones"));
        };
        let listed = |m: &Shown| {
            buttons(m)
                .iter()
                .enumerate()
                .map(|(i, (l, _))| format!("[{}] {l}", i + 1))
                .collect::<Vec<_>>()
                .join("  ")
        };
        if let Ok(n) = what.parse::<usize>() {
            // A number means the latest message with buttons; when that one
            // came from someone else's doing while one the user asked for is
            // still live, the number could mean either: refuse it.
            // (A message of an older version of the same match is stale:
            // only the newer one can be meant.)
            let mine = self.visible(user).filter(has_buttons).find(|m| m.asked_by.as_deref() == Some(user));
            let live = |m: &&Shown| match (version_of(m), version_of(latest)) {
                (Some((a, v)), Some((b, w))) => a != b || v >= w,
                _ => true,
            };
            if let Some(mine) =
                mine.filter(|m| m.id != latest.id && latest.asked_by.as_deref() != Some(user)).filter(live)
            {
                return Err(format!(
                    "`click {n}` is ambiguous: a newer message has buttons too. Click by label instead; \
                     the newest has {}, the one you asked for has {}",
                    listed(latest),
                    listed(mine)
                ));
            }
            let b = buttons(latest);
            return match n.checked_sub(1).and_then(|i| b.get(i)) {
                Some((_, id)) => Ok((id.clone(), latest.place.clone(), latest.id.clone())),
                None => Err(format!("the latest message @{user} can see has buttons {}", listed(latest))),
            };
        }
        let want = what.to_lowercase();
        for exact in [true, false] {
            for m in self.visible(user).filter(has_buttons) {
                let hit = buttons(m).into_iter().find(|(l, _)| {
                    let l = l.to_lowercase();
                    if exact {
                        l == want
                    } else {
                        l.starts_with(&want)
                    }
                });
                if let Some((_, id)) = hit {
                    return Ok((id, m.place.clone(), m.id.clone()));
                }
            }
        }
        Err(format!("@{user} sees no button {}; the latest buttons are {}", quote(what), listed(latest)))
    }

    fn find_option(&self, user: &str, what: &str) -> Result<(String, String, Place), String> {
        let select = |m: &Shown| {
            m.components.iter().find_map(|c| match c {
                Component::Select { custom_id, options, .. } => Some((custom_id.clone(), options.clone())),
                _ => None,
            })
        };
        let Some(latest) = self.visible(user).find(|m| select(m).is_some()) else {
            return Err(format!("@{user} sees no menu to select from right now"));
        };
        let (custom_id, options) = select(latest).expect("found with a select");
        let listed = || {
            options
                .iter()
                .enumerate()
                .map(|(i, o)| format!("[{}] {}", i + 1, o.label))
                .collect::<Vec<_>>()
                .join("  ")
        };
        let chosen = match what.parse::<usize>() {
            Ok(n) => n.checked_sub(1).and_then(|i| options.get(i)),
            Err(_) => {
                let want = what.to_lowercase();
                options
                    .iter()
                    .find(|o| o.label.to_lowercase() == want)
                    .or_else(|| options.iter().find(|o| o.label.to_lowercase().starts_with(&want)))
            }
        };
        match chosen {
            Some(o) => Ok((custom_id, o.value.clone(), latest.place.clone())),
            None => Err(format!("the menu @{user} can see offers {}", listed())),
        }
    }

    fn target_name(&self, t: &Target) -> String {
        match t {
            Target::Channel(c) | Target::Thread(c) => format!("#{c}"),
            Target::MatchThread(m) => {
                format!("#{}", self.threads.get(m).cloned().unwrap_or_else(|| format!("match-{m}")))
            }
        }
    }

    fn target_place(&self, t: &Target) -> Place {
        match t {
            Target::Channel(c) => Place::channel(c.clone()),
            Target::Thread(t) => Place::thread(DEFAULT_CHANNEL, t.clone()),
            Target::MatchThread(m) => Place::thread(
                DEFAULT_CHANNEL,
                self.threads.get(m).cloned().unwrap_or_else(|| format!("match-{m}")),
            ),
        }
    }

    fn name_of(&self, id: &UserId) -> String {
        format!("@{}", id.as_str())
    }

    /// Carries out `out`, then the computer's moves in the matches whose
    /// boards it showed, as Discord's adapter does: the computer moves once
    /// the board it follows is in place.
    async fn deliver_and_play(&mut self, out: Vec<Outgoing>) -> String {
        let matches = crate::table::boards_in(&out);
        let mut text = self.deliver(out).await;
        if !matches.is_empty() {
            let moves = self.table.play_ai_in(&matches).await;
            text.push_str(&self.deliver_as_computer(moves).await);
        }
        text
    }

    /// The computer's moves in every match where it is to act (those a
    /// restart interrupted).
    async fn resume_computer(&mut self) -> String {
        let moves = self.table.resume_ai().await;
        self.deliver_as_computer(moves).await
    }

    /// [`Console::deliver`] of what no user's line did.
    async fn deliver_as_computer(&mut self, out: Vec<Outgoing>) -> String {
        let asking = self.asking.take();
        let text = self.deliver(out).await;
        self.asking = asking;
        text
    }

    /// Carries out effects like Discord would, and prints them.
    async fn deliver(&mut self, out: Vec<Outgoing>) -> String {
        let mut text = String::new();
        let mut queue: std::collections::VecDeque<Outgoing> = out.into();
        while let Some(o) = queue.pop_front() {
            // The picture a message asks for, drawn or dropped, as on Discord.
            let o = self.table.dress(o).await;
            match o {
                Outgoing::CreateThread { parent_channel, name, match_id } => {
                    let slug = self.unique_slug(&name).await;
                    if let Err(e) = self.table.thread_created(match_id, &slug).await {
                        text.push_str(&format!("error: could not record the thread: {}\n", e.reply_text()));
                    }
                    self.threads.insert(match_id, slug.clone());
                    text.push_str(&format!("[#{parent_channel}] (thread #{slug} opened: \"{name}\")\n"));
                }
                Outgoing::Post { target, message, mentions, key } => {
                    let id = self.message_id();
                    let mentioned: Vec<String> = mentions.iter().map(|u| self.name_of(u)).collect();
                    let header = if mentioned.is_empty() {
                        format!("[{}]", self.target_name(&target))
                    } else {
                        format!("[{}] {}", self.target_name(&target), mentioned.join(" "))
                    };
                    text.push_str(&self.render(&header, &message));
                    if let Some(crate::table::PostKey::Board { match_id, .. }) = key {
                        text.push_str(&self.save_picture(match_id).await);
                    }
                    let place = self.target_place(&target);
                    self.shown.push(Shown {
                        id: id.clone(),
                        place,
                        visible_to: None,
                        asked_by: self.asking.clone(),
                        components: message.components,
                    });
                    if let Some(k) = key {
                        match self.table.posted(k, &id).await {
                            Ok(more) => queue.extend(more),
                            Err(e) => text.push_str(&format!("error: {}\n", e.reply_text())),
                        }
                    }
                }
                Outgoing::Ephemeral { to, message } => {
                    let header = format!("[only {}]", self.name_of(&to));
                    text.push_str(&self.render(&header, &message));
                    let asked_by = self.asking.clone();
                    self.show_private(&to, asked_by, message);
                }
                Outgoing::Replace { to, message } => {
                    // In place of the clicked message when it is theirs alone,
                    // as Discord edits an ephemeral message through a click on it.
                    let clicked = self.clicked.as_deref();
                    let mine = |m: &Shown| {
                        Some(m.id.as_str()) == clicked && m.visible_to.as_deref() == Some(to.as_str())
                    };
                    let Some(i) = self.shown.iter().position(mine) else {
                        queue.push_front(Outgoing::Ephemeral { to, message });
                        continue;
                    };
                    let header = format!("[only {}] (replaced)", self.name_of(&to));
                    text.push_str(&self.render(&header, &message));
                    let mut shown = self.shown.remove(i);
                    shown.components = message.components;
                    shown.asked_by = self.asking.clone();
                    self.shown.push(shown);
                }
                Outgoing::RefreshHand { to, match_id, message } => {
                    // In place of their last private message of that match,
                    // as Discord edits the reply of their last click.
                    let theirs = |m: &Shown| {
                        m.visible_to.as_deref() == Some(to.as_str())
                            && crate::view::components_match(&m.components) == Some(match_id)
                    };
                    let Some(i) = self.shown.iter().rposition(theirs) else { continue };
                    let header = format!("[only {}] (hand refreshed)", self.name_of(&to));
                    text.push_str(&self.render(&header, &message));
                    let mut shown = self.shown.remove(i);
                    shown.components = message.components;
                    self.shown.push(shown);
                }
                Outgoing::Edit { target, message_ref, message, key } => {
                    let Some(i) = self.shown.iter().position(|m| m.id == message_ref) else {
                        // Not shown in this run: post it anew, as Discord's adapter does.
                        queue.push_front(Outgoing::Post { target, message, mentions: vec![], key });
                        continue;
                    };
                    let header = format!("[{}] (board edited in place)", self.target_name(&target));
                    text.push_str(&self.render(&header, &message));
                    if let Some(match_id) = crate::view::components_match(&message.components) {
                        text.push_str(&self.save_picture(match_id).await);
                    }
                    // The edited message moves to the bottom of what users
                    // see, as the newest state of the match.
                    let mut shown = self.shown.remove(i);
                    shown.components = message.components;
                    shown.asked_by = self.asking.clone();
                    self.shown.push(shown);
                    if let Some(k) = key {
                        match self.table.posted(k, &message_ref).await {
                            Ok(more) => queue.extend(more),
                            Err(e) => text.push_str(&format!("error: {}\n", e.reply_text())),
                        }
                    }
                }
                Outgoing::StripComponents { message_ref, .. } => {
                    if let Some(m) = self.shown.iter_mut().find(|m| m.id == message_ref) {
                        m.components.clear();
                    }
                }
                Outgoing::DirectMessage { to, message, .. } => {
                    let header = format!("[dm {}]", self.name_of(&to));
                    text.push_str(&self.render(&header, &message));
                    if !message.components.is_empty() {
                        // A hand by direct message: its buttons work as the hand's.
                        let asked_by = Some(to.as_str().to_owned());
                        self.show_private(&to, asked_by, message);
                    }
                }
                Outgoing::File { to, message, file_name, contents } => {
                    let header = format!("[only {}]", self.name_of(&to));
                    text.push_str(&self.render(&header, &message));
                    let saved = match &self.files_dir {
                        Some(dir) => {
                            let path = dir.join(&file_name);
                            match std::fs::write(&path, &contents) {
                                Ok(()) => format!("saved as {}", path.display()),
                                Err(e) => format!("could not be saved in {}: {e}", dir.display()),
                            }
                        }
                        None => "kept in memory; run the console with --files DIR to save it".to_owned(),
                    };
                    text.push_str(&format!("  (file {file_name}, {} bytes, {saved})\n", contents.len()));
                    self.files.push((file_name, contents));
                }
            }
        }
        text
    }

    /// An ephemeral about a match sits in that match's thread.
    fn ephemeral_place(&self, m: &Message) -> Option<Place> {
        let match_id =
            m.components.iter().find_map(|c| crate::table::CustomId::decode(c.custom_id())?.match_id())?;
        let slug = self.threads.get(&match_id)?;
        Some(Place::thread(DEFAULT_CHANNEL, slug.clone()))
    }

    fn render(&self, header: &str, m: &Message) -> String {
        let threads = self.threads.clone();
        let refs = move |s: &str| thread_refs(s, &threads);
        render::message(header, m, &refs)
    }

    /// Keeps a message only `to` sees, so its buttons can be clicked.
    fn show_private(&mut self, to: &UserId, asked_by: Option<String>, message: Message) {
        let id = self.message_id();
        let place = self.ephemeral_place(&message).unwrap_or(Place::channel(DEFAULT_CHANNEL));
        self.shown.push(Shown {
            id,
            place,
            visible_to: Some(to.as_str().to_owned()),
            asked_by,
            components: message.components,
        });
    }

    fn message_id(&mut self) -> String {
        let id = format!("c{}-{}", self.run, self.next_message);
        self.next_message += 1;
        id
    }

    /// A thread name no match uses yet (in this run or in the database).
    async fn unique_slug(&self, name: &str) -> String {
        let base = slug(name);
        for i in 1.. {
            let candidate = if i == 1 { base.clone() } else { format!("{base}-{i}") };
            let in_run = self.threads.values().any(|t| *t == candidate);
            let in_db = matches!(self.store.match_in_thread(&candidate).await, Ok(Some(_)));
            if !in_run && !in_db {
                return candidate;
            }
        }
        unreachable!("some suffix is free")
    }
}

/// The match and newest version a message's choices were offered at.
fn version_of(m: &Shown) -> Option<(i64, i64)> {
    m.components
        .iter()
        .filter_map(|c| match crate::table::CustomId::decode(c.custom_id())? {
            crate::table::CustomId::ActSelect { match_id, version }
            | crate::table::CustomId::Page { match_id, version, .. } => Some((match_id, version)),
            id => id.choice().map(|(m, v, _)| (m, v)),
        })
        .max_by_key(|(_, v)| *v)
}

fn default_user(id: &str) -> UserRef {
    if id == crate::table::COMPUTER {
        return UserRef::computer(id);
    }
    let mut name: Vec<char> = id.chars().collect();
    if let Some(c) = name.first_mut() {
        *c = c.to_uppercase().next().unwrap_or(*c);
    }
    UserRef::new(id, name.into_iter().collect::<String>())
}

/// "Alice vs Bob · Spheres" → "alice-vs-bob-spheres".
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.to_lowercase().chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_owned();
    if out.is_empty() {
        "match".to_owned()
    } else {
        out
    }
}

/// `<#id>` → `#name`, `<@id>` → `@id`.
fn thread_refs(s: &str, _threads: &BTreeMap<i64, String>) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let close = tail.find('>');
        match (tail.get(1..2), close) {
            (Some("#") | Some("@"), Some(j)) if j > 2 && !tail[2..j].contains(char::is_whitespace) => {
                out.push_str(&tail[1..2]);
                out.push_str(&tail[2..j]);
                rest = &tail[j + 1..];
            }
            _ => {
                out.push('<');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn human(seconds: i64) -> String {
    if seconds % 86_400 == 0 {
        format!("{} d", seconds / 86_400)
    } else if seconds % 3600 == 0 {
        format!("{} h", seconds / 3600)
    } else if seconds % 60 == 0 {
        format!("{} min", seconds / 60)
    } else {
        format!("{seconds} s")
    }
}

/// Plays lines from `input` against the database at `db_url`, printing to
/// `output`, until the input ends. Never stops on a bad line.
pub async fn run(db_url: &str, input: impl AsyncBufRead + Unpin, output: impl Write) -> anyhow::Result<()> {
    run_saving_files(db_url, None, None, input, output).await
}

/// [`run`], saving the files replies attach (`/history match:`) in
/// `files` and each board's picture in `images`, when given.
pub async fn run_saving_files(
    db_url: &str,
    files: Option<std::path::PathBuf>,
    images: Option<std::path::PathBuf>,
    input: impl AsyncBufRead + Unpin,
    mut output: impl Write,
) -> anyhow::Result<()> {
    let store =
        if db_url.contains(":memory:") { Store::open_memory().await? } else { Store::open(db_url).await? };
    let mut console = Console::new(store);
    if let Some(dir) = files {
        console.save_files_in(dir);
    }
    if let Some(dir) = images {
        console.save_images_in(dir);
    }
    writeln!(output, "cardtable console — type `help` for the commands. Channel: #{DEFAULT_CHANNEL}")?;
    let mut lines = input.lines();
    while let Some(line) = lines.next_line().await? {
        let text = console.line(&line).await;
        output.write_all(text.as_bytes())?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_refs() {
        assert_eq!(slug("Alice vs Bob · Big Game"), "alice-vs-bob-big-game");
        assert_eq!(slug("···"), "match");
        assert_eq!(thread_refs("in <#alice-vs-bob> now <x", &BTreeMap::new()), "in #alice-vs-bob now <x");
    }
}
