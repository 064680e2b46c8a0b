//! The match lifecycle, independent of any transport: challenges, accepts,
//! actions with autopilot, deadlines, authorization and concurrency.
//!
//! A front end turns what a person did into a [`Request`], calls
//! [`Table::handle`] (or [`Table::respond`], which turns errors into
//! replies), and carries out the [`Outgoing`] effects in order. It reports
//! back the ids the table cannot know: [`Table::thread_created`] after a
//! [`Outgoing::CreateThread`], [`Table::posted`] after a keyed
//! [`Outgoing::Post`]. A ticker calls [`Table::tick`] (reminders, deadlines,
//! expired challenges).
//!
//! When a click gets no [`Outgoing::Ephemeral`] in its answer, the front end
//! acknowledges it silently.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! use cardtable::store::Store;
//! use cardtable::table::{Command, Outgoing, Place, Request, RequestKind, Table, UserRef};
//!
//! let table = Table::new(Store::open_memory().await?);
//! let challenge = Command::Challenge {
//!     opponent: UserRef::new("bob", "Bob"),
//!     game: "spheres".into(),
//!     deck: None,
//!     deadline_hours: None,
//!     variant: None,
//!     seating: Default::default(),
//! };
//! let req = Request { user: UserRef::new("alice", "Alice"), place: Place::channel("general"), kind: RequestKind::Slash(challenge) };
//! let out = table.handle(req).await?;
//! // One public post in the channel, pinging Bob, with Accept / Decline.
//! let Outgoing::Post { mentions, message, .. } = &out[0] else { panic!() };
//! assert_eq!(mentions[0].as_str(), "bob");
//! assert_eq!(message.components.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! # }).unwrap();
//! ```

mod ai_turns;
mod challenge;
pub mod claims;
pub(crate) use challenge::has_teams;
mod clock;
pub mod computer;
pub mod cooldown;
mod deadline;
pub mod decks;
pub mod error;
mod hint;
pub mod limits;
mod loaded;
pub mod log;
mod lookup;
pub mod match_options;
pub mod offers;
mod paused;
mod picture;
mod play;
mod privacy;
pub mod progress;
pub mod protocol;
mod servers;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

pub use ai_turns::boards_in;
pub use clock::{Clock, ManualClock, SystemClock};
pub use computer::{computer_level, COMPUTER};
pub use deadline::{Due, DueAbout, MatchThread, MAX_RETRY_BACKOFF_SECONDS, RETRY_BACKOFF_SECONDS};
pub use error::{TableError, UserError};
pub use loaded::PRESENT_SECONDS;
pub use log::{LogEntry, ReplayReport};
pub use offers::{apply_choice, offers, Offers};
pub use paused::Paused;
pub use picture::{board_mode, BoardMode, BoardPicture};
pub use play::{
    automatic_answer, autopilot, masking_delay, quiet, Leave, MASK_MAX_SECONDS, MASK_MIN_SECONDS,
};
pub use privacy::{ERASED_NAME, ERASE_CONFIRMATION};
pub use protocol::{
    Command, DeckCommand, Outgoing, Place, PostKey, Request, RequestKind, Seating, Target, UserId, UserRef,
};
pub use servers::SERVER_PURGE_DAYS;

// The message model and button ids live in `view`; re-exported for front ends.
pub use crate::view::{
    custom_id, ButtonStyle, Component, CustomId, Embed, EmbedField, Message, SectionRef, SelectOption,
};

use crate::games::Library;
use crate::store::{BoardSwap, Store};
use error::refuse;

/// Tunable rules of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableConfig {
    /// Hours after a decision starts at which its player is reminded.
    pub reminder_hours: Vec<i64>,
    /// Hours per decision when a challenge names none.
    pub default_limit_hours: u32,
    /// Longest decision limit a challenge may ask for.
    pub max_limit_hours: u32,
    /// Hours a challenge stays open.
    pub challenge_hours: i64,
    /// Most forced answers autopilot applies after one click.
    pub autopilot_limit: usize,
    /// Fixed seed base (tests, scripted console runs); random when `None`.
    pub seed: Option<u64>,
    /// Most computer searches at once; more wait their turn.
    pub ai_searches: usize,
    /// A search budget for every level instead of the level's own (tests,
    /// quick console runs); `None`: each level's.
    pub ai_budget: Option<crate::ai::Budget>,
    /// Hold a pass made inside a quiet window's masking delay until the
    /// delay ends, so its timing tells nothing (issue 52; on). Off only
    /// for tables driven faster than any person, where nobody reads the
    /// timing (the reliability tests' load and fault drivers).
    pub hold_passes: bool,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            reminder_hours: vec![12, 24],
            default_limit_hours: 72,
            max_limit_hours: 24 * 30,
            challenge_hours: 72,
            autopilot_limit: 500,
            seed: None,
            ai_searches: DEFAULT_AI_SEARCHES,
            ai_budget: None,
            hold_passes: true,
        }
    }
}

/// Computer searches at once by default: one per core of a small host.
pub const DEFAULT_AI_SEARCHES: usize = 2;

/// The table: every match, challenge and deck, through one store.
#[derive(Clone)]
pub struct Table {
    store: Store,
    /// Every game's cards, loaded once and shared by all matches.
    library: Arc<Library>,
    /// Every game's card names, prepared for `/card` and its autocomplete.
    cards: Arc<crate::lookup::card_index::CardIndex>,
    /// Every game's rules, indexed for `/rule` on first use (shared by
    /// every clone of the table).
    rules: Arc<std::sync::OnceLock<crate::lookup::rulebooks::Rulebooks>>,
    clock: Arc<dyn Clock>,
    config: TableConfig,
    /// Users already stored, with the display name stored for them: a
    /// request from one of them writes nothing unless the name changed.
    known_users: Arc<Mutex<HashMap<String, String>>>,
    /// The computer opponent's search slots and runs under way.
    ai: Arc<ai_turns::AiPool>,
    /// Boards and hands drawn, by match version.
    pictures: Arc<crate::picture::PictureCache>,
    /// Whose the ticker's work claims are ([`claims`]): one per table.
    owner: Arc<str>,
}

/// Most users remembered in `Table::known_users` before it starts afresh.
const KNOWN_USERS: usize = 100_000;

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("config", &self.config).finish_non_exhaustive()
    }
}

impl Table {
    /// A table on `store`, on the system clock, with default settings.
    pub fn new(store: Store) -> Self {
        Self::with_clock(store, Arc::new(SystemClock))
    }

    /// A table on `store`, telling time by `clock` (tests, the console).
    pub fn with_clock(store: Store, clock: Arc<dyn Clock>) -> Self {
        Self::with_config(store, clock, TableConfig::default())
    }

    /// A table with explicit settings, on the card catalogues embedded in
    /// the binary.
    pub fn with_config(store: Store, clock: Arc<dyn Clock>, config: TableConfig) -> Self {
        // The embedded cards are checked by `cardtable cards check` and the
        // tests: a failure here is a build defect, not a runtime condition.
        let library =
            Library::embedded().unwrap_or_else(|e| panic!("the embedded card files are invalid: {e}"));
        Self::with_library(store, clock, config, Arc::new(library))
    }

    /// A table on the given card catalogues.
    pub fn with_library(
        store: Store,
        clock: Arc<dyn Clock>,
        config: TableConfig,
        library: Arc<Library>,
    ) -> Self {
        let ai = Arc::new(ai_turns::AiPool::new(config.ai_searches, config.ai_budget));
        let cards = Arc::new(crate::lookup::card_index::CardIndex::new(&library));
        Table {
            store,
            library,
            cards,
            rules: Arc::default(),
            clock,
            config,
            known_users: Arc::default(),
            ai,
            pictures: picture::new_cache(),
            owner: claims::new_owner(),
        }
    }

    /// Every game's rules, read and indexed once.
    pub fn rulebooks(&self) -> &crate::lookup::rulebooks::Rulebooks {
        self.rules.get_or_init(|| {
            // Like the embedded cards, the embedded rules and glossaries
            // are checked by the tests: a failure is a build defect.
            crate::lookup::rulebooks::Rulebooks::new(&self.library)
                .unwrap_or_else(|e| panic!("the embedded rules glossary is invalid: {e}"))
        })
    }

    /// Every game's cards.
    pub fn library(&self) -> &Arc<Library> {
        &self.library
    }

    /// Every game's card names, faces and codes, for fuzzy look-ups.
    pub fn card_index(&self) -> &crate::lookup::card_index::CardIndex {
        &self.cards
    }

    /// The store (for front ends' start-up checks and tests).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The settings.
    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// Now, by the table's clock.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Handles one request. A [`TableError::User`] is to be shown to the
    /// requester as is; a [`TableError::Internal`] has been logged.
    pub async fn handle(&self, mut req: Request) -> Result<Vec<Outgoing>, TableError> {
        // Display names are the members' own text: hidden characters go
        // and markdown is escaped once, here, before any is stored or
        // shown (see `view::display_name`).
        for person in req.people_mut() {
            person.name = crate::view::display_name(&person.name);
        }
        // Asking what is kept, or erasing it, keeps nothing new.
        if !matches!(req.kind, RequestKind::Slash(Command::Privacy { .. })) {
            self.remember_user(&req.user).await?;
        }
        let out = match &req.kind {
            RequestKind::Slash(cmd) => self.command(&req, cmd).await,
            RequestKind::Click { custom_id } => {
                let id = decode(custom_id)?;
                self.click(&req, id).await
            }
            RequestKind::Select { custom_id, value } => {
                let id = decode(custom_id)?;
                self.select(&req, id, value).await
            }
        }?;
        self.note_replies(&req, &out).await;
        // Nobody pings the computer: each post names only people (see
        // `Loaded::people`).
        Ok(out)
    }

    /// Records when the requester was last answered privately about a
    /// match (a reply whose buttons belong to it, as the front ends keep
    /// it to edit): for 14 minutes after, the table counts them as still
    /// looking at it ([`loaded::PRESENT_SECONDS`]). Best effort: without
    /// the record the player is only announced a decision once more.
    async fn note_replies(&self, req: &Request, out: &[Outgoing]) {
        let now = self.clock.now();
        let mut noted: Vec<i64> = Vec::new();
        for o in out {
            let (Outgoing::Ephemeral { to, message } | Outgoing::Replace { to, message }) = o else {
                continue;
            };
            let Some(match_id) = message.match_of().filter(|_| *to == req.user.id) else { continue };
            if noted.contains(&match_id) {
                continue;
            }
            noted.push(match_id);
            if let Err(e) = self.store.replied(match_id, to.as_str(), now).await {
                tracing::warn!(match_id, error = %e, "could not record a private reply");
            }
        }
    }

    /// Stores the requester (creating them with default settings, or
    /// refreshing their display name) unless already stored as they are.
    async fn remember_user(&self, user: &UserRef) -> Result<(), TableError> {
        let id = user.id.as_str();
        let known = |users: &HashMap<String, String>| users.get(id).is_some_and(|n| *n == user.name);
        if known(&self.known_users.lock().unwrap_or_else(PoisonError::into_inner)) {
            return Ok(());
        }
        self.store.get_or_create_user(id, &user.name).await?;
        let mut users = self.known_users.lock().unwrap_or_else(PoisonError::into_inner);
        if users.len() >= KNOWN_USERS {
            users.clear();
        }
        users.insert(id.to_owned(), user.name.clone());
        Ok(())
    }

    /// [`Table::handle`], with an error turned into an ephemeral reply to
    /// the requester.
    pub async fn respond(&self, req: Request) -> Vec<Outgoing> {
        let user = req.user.id.clone();
        match self.handle(req).await {
            Ok(out) => out,
            Err(e) => vec![e.reply(&user)],
        }
    }

    /// The front end opened the thread of `match_id`. Returns effects to
    /// carry out next, before the rest of the batch (currently none: the
    /// batch that asked for the thread already holds its first board, aimed
    /// at [`Target::MatchThread`]).
    pub async fn thread_created(
        &self,
        match_id: i64,
        thread_id: impl AsRef<str>,
    ) -> Result<Vec<Outgoing>, TableError> {
        self.store.set_thread(match_id, thread_id.as_ref()).await?;
        Ok(vec![])
    }

    /// The front end posted a keyed message and got `message_id`. Returns
    /// what to strip: the board it superseded, or this one if a newer board
    /// was already posted.
    pub async fn posted(
        &self,
        key: PostKey,
        message_id: impl AsRef<str>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let message_id = message_id.as_ref();
        match key {
            PostKey::Challenge(id) => {
                self.store.set_challenge_message(id, message_id).await?;
                Ok(vec![])
            }
            PostKey::Board { match_id, version } => {
                let update = self.store.set_board_message(match_id, message_id, version).await?;
                let target = loaded::board_target(match_id, update.thread.as_deref());
                match update.swap {
                    BoardSwap::Replaced { previous: Some(p) } if p != message_id => {
                        Ok(vec![Outgoing::StripComponents { target, message_ref: p }])
                    }
                    BoardSwap::Replaced { .. } => Ok(vec![]),
                    BoardSwap::Stale => {
                        Ok(vec![Outgoing::StripComponents { target, message_ref: message_id.to_owned() }])
                    }
                }
            }
        }
    }

    async fn command(&self, req: &Request, cmd: &Command) -> Result<Vec<Outgoing>, TableError> {
        match cmd {
            Command::Challenge { opponent, game, deck, deadline_hours, variant, seating } => {
                let asked = challenge::Asked {
                    opponent,
                    game,
                    deck: deck.as_deref(),
                    deadline_hours: *deadline_hours,
                    variant: variant.as_deref(),
                    seating,
                };
                self.challenge(req, asked).await
            }
            Command::Hand => {
                let m = self.match_here(req).await?;
                self.show_hand(req, m, 0).await
            }
            Command::Board => {
                let m = self.match_here(req).await?;
                m.require_active()?;
                self.board_command(req, m).await
            }
            Command::Concede => {
                let m = self.match_here(req).await?;
                self.ask_concede(req, m).await
            }
            Command::Matches => self.list_matches(req).await,
            Command::Resume { match_id } => self.resume(req, *match_id).await,
            Command::EndMatch { match_id, moderator } => self.end_match(req, *match_id, *moderator).await,
            Command::Privacy { erase, confirm } => {
                self.privacy_command(req, *erase, confirm.as_deref()).await
            }
            Command::Deck(d) => self.deck_command(req, d).await,
            Command::Settings { .. } => self.settings(req, settings_asked(cmd)?).await,
            Command::ServerCaps { member_matches, server_matches, manager, settings } => {
                // The front end reads the permission once, into the outer command.
                let asked = lookup::Asked { manager: *manager, ..settings_asked(settings)? };
                self.set_server_caps(req, *member_matches, *server_matches, *manager).await?;
                self.settings(req, asked).await
            }
            Command::Games => Ok(vec![self.games(req)]),
            Command::Card { name, game } => self.card(req, name, game.as_deref()),
            Command::Rule { query, game } => self.rule(req, query, game.as_deref()),
            Command::Stats { player, game, private } => {
                self.stats(req, player.as_ref(), game.as_deref(), *private).await
            }
            Command::Leaderboard { game, show, manager } => {
                self.leaderboard(req, game, *show, *manager).await
            }
            Command::History { player, game, match_id } => {
                self.history(req, player.as_ref(), game.as_deref(), *match_id).await
            }
        }
    }

    async fn click(&self, req: &Request, id: CustomId) -> Result<Vec<Outgoing>, TableError> {
        match id {
            CustomId::Act { .. }
            | CustomId::ActBoard { .. }
            | CustomId::Ahead { .. }
            | CustomId::EndTurn { .. }
            | CustomId::Order { .. } => {
                let (match_id, version, choice) = id.choice().expect("a choice component");
                self.act(req, match_id, version, choice).await
            }
            CustomId::DropOrders { match_id } => self.drop_orders(req, match_id).await,
            CustomId::ActSelect { .. } | CustomId::Deck { .. } => {
                refuse("Pick an option from the menu rather than clicking it.")
            }
            CustomId::Hand { match_id } => {
                let m = self.load(match_id).await?;
                self.show_hand(req, m, 0).await
            }
            CustomId::Hint { match_id, version } => self.hint(req, match_id, version).await,
            CustomId::Page { match_id, page, .. } => {
                let m = self.load(match_id).await?;
                self.show_hand(req, m, page).await
            }
            CustomId::Concede { match_id } => {
                let m = self.load(match_id).await?;
                self.ask_concede(req, m).await
            }
            CustomId::ConcedeConfirm { match_id } => self.concede(req, match_id).await,
            CustomId::Claim { match_id, version } => self.claim(req, match_id, version).await,
            CustomId::Rematch { match_id } => self.rematch(req, match_id).await,
            CustomId::Accept { challenge } => self.accept(req, challenge, 0).await,
            CustomId::DeckPage { challenge, page } => self.accept(req, challenge, page).await,
            CustomId::Decline { challenge } => self.decline(req, challenge).await,
            CustomId::DeckReplace { replacement } => self.replace_deck(req, replacement).await,
            CustomId::Section(at) => self.show_section(req, &at),
            CustomId::Card(at) => self.show_card(req, &at),
        }
    }

    async fn select(&self, req: &Request, id: CustomId, value: &str) -> Result<Vec<Outgoing>, TableError> {
        match id {
            CustomId::ActSelect { match_id, version } => {
                let Some(choice) = crate::view::Choice::parse_value(value) else {
                    return refuse(
                        "That choice is not one this menu offered; open your hand again with /hand.",
                    );
                };
                self.act(req, match_id, version, choice).await
            }
            CustomId::Deck { challenge } => self.accept_with_deck(req, challenge, value).await,
            other => self.click(req, other).await,
        }
    }
}

fn decode(custom_id: &str) -> Result<CustomId, TableError> {
    CustomId::decode(custom_id).ok_or_else(|| {
        UserError::new(
            "This button is not one I know (it may be from an older version of the bot). \
             Use /board in the match thread for a fresh board.",
        )
        .into()
    })
}

/// What a `Settings` command asks for (the `settings` of a `ServerCaps`).
fn settings_asked(cmd: &Command) -> Result<lookup::Asked<'_>, TableError> {
    let Command::Settings {
        hold_priority,
        reminders,
        turn_dm,
        auto_pass,
        orders,
        stops,
        board,
        server_board,
        manager,
    } = cmd
    else {
        return Err(TableError::internal(anyhow::anyhow!("server caps without their settings")));
    };
    Ok(lookup::Asked {
        board: board.as_deref(),
        server_board: server_board.as_deref(),
        manager: *manager,
        hold_priority: *hold_priority,
        reminders: *reminders,
        turn_dm: *turn_dm,
        auto_pass: *auto_pass,
        orders: orders.as_deref(),
        stops: stops.as_deref(),
    })
}
