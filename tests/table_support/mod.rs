//! A test front end for the table: plays the Discord part (message ids,
//! threads, reporting them back) and keeps what each user saw.
#![allow(dead_code)]

pub mod computer;
pub(crate) use crate::pg_support;

use std::sync::Arc;

use cardtable::store::Store;
use cardtable::table::{
    Command, Component, ManualClock, Message, Outgoing, Place, Request, RequestKind, Table, TableConfig,
    TableError, Target, UserRef,
};

/// 2024-01-01, a fixed start for the clock.
pub const T0: i64 = 1_704_067_200;

pub struct Front {
    pub table: Table,
    pub clock: Arc<ManualClock>,
    pub posts: Vec<(Target, Message, String)>,
    pub ephemerals: Vec<(String, Message)>,
    pub all: Vec<Outgoing>,
    /// Where requests come from (`place()` unless a test moves them).
    pub place: Place,
    /// After a click that leaves everyone at a quiet window with their
    /// pass held (issue 52), let the table's clock run to the end of the
    /// masking delay and the ticker pass, as the bot's would within
    /// minutes (on unless a test looks at the held pass itself).
    pub run_out_held_passes: bool,
    next_message: u64,
}

pub fn user(name: &str) -> UserRef {
    UserRef::new(name.to_lowercase(), name)
}

/// `/challenge opponent game:spheres deck:<deck>`, nothing else set.
pub fn spheres_challenge(opponent: UserRef, deck: &str) -> Command {
    Command::Challenge {
        opponent,
        game: "spheres".into(),
        deck: Some(deck.to_owned()),
        deadline_hours: None,
        variant: None,
        seating: Default::default(),
    }
}

pub fn place() -> Place {
    Place::channel("general")
}

impl Front {
    pub async fn new() -> Front {
        // SQLite in memory; PostgreSQL with CARDTABLE_TEST_POSTGRES set.
        Self::on(pg_support::fresh_store("sqlite::memory:").await.0).await
    }

    pub async fn on(store: Store) -> Front {
        Self::with_config(store, TableConfig { seed: Some(7), ..TableConfig::default() })
    }

    /// A front end on `store` whose table has `config`.
    pub fn with_config(store: Store, config: TableConfig) -> Front {
        let clock = Arc::new(ManualClock::new(T0));
        let table = Table::with_config(store, clock.clone(), config);
        Front {
            table,
            clock,
            posts: vec![],
            ephemerals: vec![],
            all: vec![],
            place: place(),
            run_out_held_passes: true,
            next_message: 1,
        }
    }

    pub fn request(&self, who: &str, kind: RequestKind) -> Request {
        Request { user: user(who), place: self.place.clone(), kind }
    }

    /// Sends a request and plays its outgoing effects like a front end.
    pub async fn send(&mut self, who: &str, kind: RequestKind) -> Result<Vec<Outgoing>, TableError> {
        let match_id = match &kind {
            RequestKind::Click { custom_id } | RequestKind::Select { custom_id, .. } => {
                cardtable::table::CustomId::decode(custom_id).and_then(|id| id.match_id())
            }
            RequestKind::Slash(_) => None,
        };
        let req = self.request(who, kind);
        let out = self.table.handle(req).await?;
        self.deliver(&out).await;
        if let Some(id) = match_id.filter(|_| self.run_out_held_passes) {
            self.run_out_held(id).await;
        }
        Ok(out)
    }

    /// See [`Front::run_out_held_passes`].
    async fn run_out_held(&mut self, id: i64) {
        let Ok((row, seats)) = self.table.store().load_match_with_seats(id).await else { return };
        let (Some(at), Ok(to_act)) = (row.pass_at, row.seats_to_act()) else { return };
        if to_act.is_empty() || !to_act.iter().all(|s| cardtable::store::pass_held(&row, &seats, *s)) {
            return;
        }
        use cardtable::table::Clock;
        self.clock.set(at.max(self.clock.now()));
        let out = self.table.tick(self.clock.now()).await.unwrap();
        self.deliver(&out).await;
    }

    pub async fn slash(&mut self, who: &str, cmd: Command) -> Result<Vec<Outgoing>, TableError> {
        self.send(who, RequestKind::Slash(cmd)).await
    }

    pub async fn click(&mut self, who: &str, custom_id: &str) -> Result<Vec<Outgoing>, TableError> {
        self.send(who, RequestKind::Click { custom_id: custom_id.to_owned() }).await
    }

    pub async fn select(
        &mut self,
        who: &str,
        custom_id: &str,
        value: &str,
    ) -> Result<Vec<Outgoing>, TableError> {
        self.send(who, RequestKind::Select { custom_id: custom_id.to_owned(), value: value.to_owned() }).await
    }

    pub async fn deliver(&mut self, out: &[Outgoing]) {
        let mut queue: Vec<Outgoing> = out.to_vec();
        let mut i = 0;
        while i < queue.len() {
            let o = queue[i].clone();
            i += 1;
            self.all.push(o.clone());
            match o {
                Outgoing::CreateThread { match_id, .. } => {
                    self.table.thread_created(match_id, &format!("thread-{match_id}")).await.unwrap();
                }
                Outgoing::Post { target, message, key, .. } => {
                    let id = format!("m{}", self.next_message);
                    self.next_message += 1;
                    let problems = message.limit_violations();
                    assert!(problems.is_empty(), "post breaks Discord limits: {problems:?}");
                    self.posts.push((target, message, id.clone()));
                    if let Some(k) = key {
                        queue.extend(self.table.posted(k, &id).await.unwrap());
                    }
                }
                Outgoing::Ephemeral { to, message } => {
                    let problems = message.limit_violations();
                    assert!(problems.is_empty(), "ephemeral breaks Discord limits: {problems:?}");
                    self.ephemerals.push((to.0, message));
                }
                Outgoing::Replace { to, message } => {
                    // Shown in place of the clicked private message: the
                    // newest of that user's.
                    let problems = message.limit_violations();
                    assert!(problems.is_empty(), "replacement breaks Discord limits: {problems:?}");
                    match self.ephemerals.iter_mut().rev().find(|(u, _)| *u == to.0) {
                        Some(shown) => shown.1 = message,
                        None => self.ephemerals.push((to.0, message)),
                    }
                }
                Outgoing::RefreshHand { to, match_id, message } => {
                    // In place of that user's newest private message of the match.
                    let problems = message.limit_violations();
                    assert!(problems.is_empty(), "refreshed hand breaks Discord limits: {problems:?}");
                    let theirs =
                        |(u, m): &&mut (String, Message)| *u == to.0 && m.match_of() == Some(match_id);
                    if let Some(shown) = self.ephemerals.iter_mut().rev().find(theirs) {
                        shown.1 = message;
                    }
                }
                Outgoing::Edit { message_ref, message, key, .. } => {
                    let problems = message.limit_violations();
                    assert!(problems.is_empty(), "edit breaks Discord limits: {problems:?}");
                    let p =
                        self.posts.iter_mut().find(|p| p.2 == message_ref).expect("an edit of a known post");
                    p.1 = message;
                    if let Some(k) = key {
                        queue.extend(self.table.posted(k, &message_ref).await.unwrap());
                    }
                }
                Outgoing::StripComponents { message_ref, .. } => {
                    if let Some(p) = self.posts.iter_mut().find(|p| p.2 == message_ref) {
                        p.1.components.clear();
                    }
                }
                Outgoing::DirectMessage { .. } => {}
                Outgoing::File { to, message, .. } => {
                    let problems = message.limit_violations();
                    assert!(problems.is_empty(), "file reply breaks Discord limits: {problems:?}");
                    self.ephemerals.push((to.0, message));
                }
            }
        }
    }

    /// Alice challenges Bob; Bob accepts with a starter deck. Returns the match id.
    pub async fn start_match(&mut self) -> i64 {
        let decks = self.table.library().catalog(cardtable::games::GameId::Spheres).starter_decks();
        let challenge = Command::Challenge {
            opponent: user("Bob"),
            game: "spheres".into(),
            deck: Some(decks[0].name.clone()),
            deadline_hours: None,
            variant: None,
            seating: Default::default(),
        };
        self.start_match_with(challenge, &decks[1].name).await
    }

    /// Alice sends `challenge` to Bob, who accepts with the deck named
    /// `bobs_deck`. Returns the match id.
    pub async fn start_match_with(&mut self, challenge: Command, bobs_deck: &str) -> i64 {
        self.slash("Alice", challenge).await.unwrap();
        let accept = self.button_on_last_post("Accept");
        let out = self.click("Bob", &accept).await.unwrap();
        let Some(Outgoing::Ephemeral { message, .. }) = out.first() else {
            panic!("no deck choice: {out:?}")
        };
        let Some(Component::Select { custom_id, options, .. }) = message.components.first() else {
            panic!("no deck select")
        };
        let value =
            options.iter().find(|o| o.label == bobs_deck).expect("starter deck offered").value.clone();
        let custom_id = custom_id.clone();
        let out = self.select("Bob", &custom_id, &value).await.unwrap();
        opened_match(&out)
    }

    pub fn button_on_last_post(&self, label: &str) -> String {
        for (_, m, _) in self.posts.iter().rev() {
            for c in &m.components {
                if let Component::Button { label: l, custom_id, .. } = c {
                    if l == label {
                        return custom_id.clone();
                    }
                }
            }
        }
        panic!("no button {label}")
    }
}

/// The match whose thread `out` opens.
pub fn opened_match(out: &[Outgoing]) -> i64 {
    out.iter()
        .find_map(|o| match o {
            Outgoing::CreateThread { match_id, .. } => Some(*match_id),
            _ => None,
        })
        .expect("a thread is opened")
}
