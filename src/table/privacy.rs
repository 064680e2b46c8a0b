//! `/privacy`: what the bot keeps about the person asking, as a file only
//! they see; and `/privacy erase:True confirm:yes`, which erases it.
//!
//! Erasing keeps the others' records whole: a match the person played
//! stays, with their name replaced by [`ERASED_NAME`] in its setup, state
//! and outcome, and every row that named them by id (seats, challenges,
//! results, ratings) names a fresh pseudonym instead, a user called
//! [`ERASED_NAME`]. Their saved decks and settings are deleted. While they
//! sit in an active match (of a server that still has the bot) the erasure
//! is refused, naming the matches: they concede or finish them first. Open
//! challenges naming them are withdrawn.

use std::collections::{BTreeMap, HashSet};
use std::sync::PoisonError;

use serde_json::{Map, Value};

use super::challenge::answer_target;
use super::error::{refuse, TableError};
use super::log::replay;
use super::protocol::{Outgoing, Request};
use super::Table;
use crate::engine::MatchSetup;
use crate::games::GameId;
use crate::store::{Anonymised, MatchRow, MatchStatus, StoreError};
use crate::view::{self, Message};

/// The name an erased person's records show instead of theirs.
pub const ERASED_NAME: &str = "Erased player";

/// What `confirm:` must say for `/privacy erase:True` to erase.
pub const ERASE_CONFIRMATION: &str = "yes";

/// The id prefix of an erased person's pseudonym.
const PSEUDONYM_PREFIX: &str = "erased-";

/// Whether `user_id` is an erased person's pseudonym (nobody to invite).
pub(crate) fn is_erased(user_id: &str) -> bool {
    user_id.starts_with(PSEUDONYM_PREFIX)
}

/// The matches an erasure touches, sorted by what happens to them.
struct ErasePlan {
    /// Active matches the person must leave first: `#12 Spheres · <#thread>`.
    playing: Vec<String>,
    /// Every other match they sit in, with their seats in it.
    kept: Vec<(MatchRow, Vec<usize>)>,
}

impl Table {
    /// `/privacy [erase] [confirm]`: the export, or the erasure (asked
    /// for with `erase:True`, carried out only with `confirm:yes`).
    pub(crate) async fn privacy_command(
        &self,
        req: &Request,
        erase: Option<bool>,
        confirm: Option<&str>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let how = format!("/privacy erase:True confirm:{ERASE_CONFIRMATION}");
        match (erase, confirm.map(str::trim)) {
            (Some(true), Some(c)) if c.eq_ignore_ascii_case(ERASE_CONFIRMATION) => self.erase(req).await,
            (Some(true), Some(_)) => refuse(format!(
                "Nothing was erased: confirm must be `{ERASE_CONFIRMATION}`. To erase your data, run `{how}`."
            )),
            (Some(true), None) => self.erase_preview(req).await,
            (_, Some(_)) => refuse(format!(
                "Nothing was erased: confirm goes with erase:True. To erase your data, run `{how}`; \
                 /privacy alone shows what is kept."
            )),
            (_, None) => self.privacy_export(req).await,
        }
    }

    /// Every row that names the requester (see `Store::personal_data`),
    /// as a JSON file, with a count per part and why each is kept.
    async fn privacy_export(&self, req: &Request) -> Result<Vec<Outgoing>, TableError> {
        let me = req.user.id.as_str();
        let parts = self.store.personal_data(me).await?;
        let mut lines = vec!["The attached file holds every record the bot keeps that names you:".to_owned()];
        let mut file = Map::new();
        file.insert("user".to_owned(), Value::from(me));
        for (part, rows) in parts {
            lines.push(format!("• {part}: {}", rows.len()));
            file.insert(part, Value::Array(rows.into_iter().map(Value::Object).collect()));
        }
        // Named by a keyed hash of the id, not the id: kept through an erasure, for an hour.
        let marks: Vec<Value> = self
            .store
            .limit_marks_of(me)
            .await?
            .into_iter()
            .map(|(kind, at, expires_at)| serde_json::json!({"kind": kind, "at": at, "deleted_at": expires_at}))
            .collect();
        lines.push(format!("• limit marks (kept an hour, through an erasure): {}", marks.len()));
        file.insert("limit marks (kept an hour, through an erasure)".to_owned(), Value::Array(marks));
        lines.push(String::new());
        lines.extend(
            [
                "Why: your display name and settings, to show and apply them; your saved decks, to play \
                 them; challenges and matches with their server, channel and thread, so a match goes on \
                 where it started; results and ratings, for /stats, /leaderboard and /history.",
                "A match's moves are kept with it, to replay and check it, and name you only by your \
                 seat: /history match:<number> gives a finished match's whole record.",
                "Limit marks: each challenge, match against the computer and hint of the last hour, \
                 naming you by a keyed hash of your Discord id, so the limits on them hold; each is \
                 deleted when its hour is over, and erasing does not reset them.",
                "To erase it all: /privacy erase:True (it says what will happen and asks you to confirm).",
                "Nobody else sees this message or the file.",
            ]
            .map(str::to_owned),
        );
        let contents = serde_json::to_string_pretty(&Value::Object(file))?;
        Ok(vec![Outgoing::File {
            to: req.user.id.clone(),
            message: view::info("What cardtable keeps about you", &lines, None),
            file_name: "cardtable-my-data.json".to_owned(),
            contents,
        }])
    }

    /// What `/privacy erase:True confirm:yes` would do, erasing nothing.
    async fn erase_preview(&self, req: &Request) -> Result<Vec<Outgoing>, TableError> {
        let me = req.user.id.as_str();
        let plan = self.erase_plan(me).await?;
        if !plan.playing.is_empty() {
            return refuse(playing_refusal(&plan.playing));
        }
        let counts: BTreeMap<String, usize> =
            self.store.personal_data(me).await?.into_iter().map(|(part, rows)| (part, rows.len())).collect();
        let count = |part: &str| counts.get(part).copied().unwrap_or(0);
        let lines = vec![
            format!(
                "Deleted: your settings and your {} saved decks ({} deck imports waiting).",
                count("saved decks"),
                count("deck imports waiting for Replace it"),
            ),
            format!(
                "Kept, with your name replaced by “{ERASED_NAME}”: {} matches and {} challenges, so the \
                 other players' history, ratings and match records stay whole. Your own results and \
                 ratings stay with them under that name.",
                plan.kept.len(),
                count("challenges"),
            ),
            "Withdrawn: every open challenge you made or were invited to.".to_owned(),
            "Kept for at most an hour: for each challenge, match against the computer and hint of the \
             last hour, a keyed hash of your Discord id (never the id), so the limits on them count you \
             as before; each goes when its hour is over."
                .to_owned(),
            "Your rating starts afresh and provisional, as a newcomer's does; the servers you played in \
             see that one more person erased their data (a count, never a name)."
                .to_owned(),
            "Not reached: messages the bot already posted in Discord (boards, challenges); a server's \
             moderators can delete those."
                .to_owned(),
            String::new(),
            format!(
                "Nothing has been erased yet. This cannot be undone: to go on, run \
                 `/privacy erase:True confirm:{ERASE_CONFIRMATION}`."
            ),
        ];
        Ok(vec![Outgoing::Ephemeral {
            to: req.user.id.clone(),
            message: view::info("Erase your data?", &lines, None),
        }])
    }

    /// Erases the requester's data (see the module's head).
    async fn erase(&self, req: &Request) -> Result<Vec<Outgoing>, TableError> {
        let me = req.user.id.as_str();
        let plan = self.erase_plan(me).await?;
        if !plan.playing.is_empty() {
            return refuse(playing_refusal(&plan.playing));
        }
        let mut anonymised = Vec::with_capacity(plan.kept.len());
        for (row, seats) in &plan.kept {
            anonymised.push(self.anonymise(row, seats).await?);
        }
        let guilds = self.store.guilds_of(me).await?;
        let pseudonym = format!("{PSEUDONYM_PREFIX}{}", uuid::Uuid::new_v4().simple());
        let withdrawn = match self.store.erase_person(me, &pseudonym, ERASED_NAME, &anonymised).await {
            Ok(w) => w,
            // A match started between the plan and the erasure.
            Err(StoreError::Conflict) => {
                return refuse("Nothing was erased: a match of yours started meanwhile. Try again.")
            }
            Err(e) => return Err(e.into()),
        };
        self.known_users.lock().unwrap_or_else(PoisonError::into_inner).remove(me);
        // Each server they played or were challenged in counts one
        // erasure more, for its managers (a count, never a name).
        self.store.note_erasure(&guilds, self.clock.now()).await?;
        let mut out = Vec::new();
        for ch in &withdrawn {
            if let Some(msg) = &ch.message_id {
                out.push(Outgoing::StripComponents { target: answer_target(ch), message_ref: msg.clone() });
            }
            out.push(Outgoing::Post {
                target: answer_target(ch),
                message: Message::text(format!(
                    "Challenge #{} is withdrawn: one of its players erased their data.",
                    ch.id
                )),
                mentions: vec![],
                key: None,
            });
        }
        let lines = vec![
            "Your saved decks and settings are deleted.".to_owned(),
            format!(
                "{} matches keep their records with your name replaced by “{ERASED_NAME}”.",
                anonymised.len()
            ),
            format!("{} open challenges were withdrawn.", withdrawn.len()),
            "/privacy now finds nothing of yours; using the bot again starts you afresh.".to_owned(),
        ];
        out.push(Outgoing::Ephemeral {
            to: req.user.id.clone(),
            message: view::info("Your data is erased", &lines, None),
        });
        Ok(out)
    }

    /// The requester's matches: those that block an erasure, and the rest.
    async fn erase_plan(&self, me: &str) -> Result<ErasePlan, TableError> {
        let paused: HashSet<String> = self.store.departed_guilds().await?.into_iter().collect();
        let mut seats_of: BTreeMap<i64, (MatchRow, Vec<usize>)> = BTreeMap::new();
        for (row, seat) in self.store.matches_for_user(me, None).await? {
            let seat = usize::try_from(seat).unwrap_or(usize::MAX);
            seats_of.entry(row.id).or_insert_with(|| (row, vec![])).1.push(seat);
        }
        let (mut playing, mut kept) = (Vec::new(), Vec::new());
        for (row, seats) in seats_of.into_values() {
            let in_paused_server = row.guild.as_ref().is_some_and(|g| paused.contains(g));
            if row.status == MatchStatus::Active && !in_paused_server {
                let game = GameId::parse(&row.game).map_or("?", |g| g.name());
                let place = row.thread.as_deref().unwrap_or(&row.channel);
                playing.push(format!("#{} {game} · <#{place}>", row.id));
            } else {
                kept.push((row, seats));
            }
        }
        Ok(ErasePlan { playing, kept })
    }

    /// `row` with the names of `seats` replaced by [`ERASED_NAME`]: in the
    /// setup, and in the state and outcome by replaying the log on the new
    /// setup (so the record still replays to its own snapshot). A match
    /// that cannot be replayed (set aside as damaged) has the names
    /// replaced as text instead.
    async fn anonymise(&self, row: &MatchRow, seats: &[usize]) -> Result<Anonymised, TableError> {
        let mut setup: MatchSetup = serde_json::from_str(&row.setup)?;
        let mut old = Vec::new();
        for &s in seats {
            if let Some(seat) = setup.seats.get_mut(s) {
                old.push(std::mem::replace(&mut seat.name, ERASED_NAME.to_owned()));
            }
        }
        let log = self.store.match_actions(row.id).await?;
        let replayed = GameId::parse(&row.game)
            .map_err(|e| e.to_string())
            .and_then(|game| replay(&self.library, game, &setup, &log));
        let as_text = |json: &str| rename_in_json(json, &old);
        let (state, outcome) = match replayed {
            Ok(r) => {
                let outcome = match r.state.outcome() {
                    Some(o) => Some(serde_json::to_string(&o)?),
                    None => row.outcome.as_deref().map(as_text).transpose()?,
                };
                (serde_json::to_string(&r.state)?, outcome)
            }
            Err(why) => {
                tracing::warn!(match_id = row.id, %why, "erasing a name from a match that does not replay");
                (as_text(&row.state)?, row.outcome.as_deref().map(as_text).transpose()?)
            }
        };
        Ok(Anonymised { match_id: row.id, setup: serde_json::to_string(&setup)?, state, outcome })
    }
}

/// The refusal while the person still plays: which matches, and how to
/// leave them.
fn playing_refusal(playing: &[String]) -> String {
    format!(
        "Nothing was erased: you are playing {}. Finish or leave each first (/concede in its thread), then \
         run /privacy erase:True again. Your matches: {}.",
        if playing.len() == 1 { "a match" } else { "matches" },
        playing.join(", ")
    )
}

/// `json` with every string value's occurrences of the `old` names
/// replaced by [`ERASED_NAME`].
fn rename_in_json(json: &str, old: &[String]) -> Result<String, serde_json::Error> {
    fn walk(v: &mut Value, old: &[String]) {
        match v {
            Value::String(s) => {
                for name in old.iter().filter(|n| !n.is_empty()) {
                    if s.contains(name.as_str()) {
                        *s = s.replace(name.as_str(), ERASED_NAME);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|i| walk(i, old)),
            Value::Object(fields) => fields.values_mut().for_each(|f| walk(f, old)),
            _ => {}
        }
    }
    let mut value: Value = serde_json::from_str(json)?;
    walk(&mut value, old);
    serde_json::to_string(&value)
}
