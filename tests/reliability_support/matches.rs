//! Matches on a real database file: clicking the buttons a board offers,
//! telling what a click did, and checking a stored match is whole.

use cardtable::engine::Viewer;
use cardtable::games::{AnyState, Library};
use cardtable::loadtest::StoredMatch;
use cardtable::store::{MatchStatus, Store};
use cardtable::table::{CustomId, Outgoing, Place, Request, RequestKind, Table, UserRef};

/// A fresh on-disk database in `dir`: (store, url).
pub async fn file_store(dir: &std::path::Path, name: &str) -> (Store, String) {
    let url = format!("sqlite://{}", dir.join(name).display());
    (Store::open(&url).await.expect("the database opens"), url)
}

/// A fresh database shared by several stores or processes: a file in
/// `dir` (store, url); with CARDTABLE_TEST_POSTGRES set, a new schema on
/// that PostgreSQL server.
pub async fn shared_store(dir: &std::path::Path, name: &str) -> (Store, String) {
    super::pg_support::fresh_store(&format!("sqlite://{}", dir.join(name).display())).await
}

/// Every game's cards, as the binary embeds them.
pub fn library() -> Library {
    Library::embedded().expect("the embedded cards load")
}

/// A table on `store` with the real clock and default settings, but for
/// held passes: these drivers click faster than any person, and a pass
/// held for the masking delay would wait real minutes (issue 52).
pub fn table_on(store: Store) -> Table {
    let config = cardtable::table::TableConfig { hold_passes: false, ..Default::default() };
    Table::with_config(store, std::sync::Arc::new(cardtable::table::SystemClock), config)
}

/// A click a player could make now: who, the custom id, and the version
/// the button carries.
#[derive(Debug, Clone)]
pub struct Click {
    pub user: UserRef,
    pub custom_id: String,
    pub version: i64,
}

/// The click on action `pick(n)` (of the `n` offered) of the first seat to
/// act, as the board or hand would carry it; `None` once the match is over.
pub async fn offered_click(
    table: &Table,
    m: &StoredMatch,
    pick: impl FnOnce(usize) -> usize,
) -> Option<Click> {
    let row = table.store().load_match(m.id).await.expect("the match loads");
    if row.status != MatchStatus::Active {
        return None;
    }
    let state = AnyState::from_json(&row.state, table.library()).expect("the snapshot reads");
    let seat = *state.to_act().first()?;
    let actions = state.view(Viewer::Seat(seat)).actions;
    assert!(!actions.is_empty(), "match {}: {seat} must act but is offered nothing", m.id);
    let index = actions[pick(actions.len()) % actions.len()].index;
    Some(Click {
        user: m.users[seat.index()].clone(),
        custom_id: CustomId::Act { match_id: m.id, version: row.version, index }.encode(),
        version: row.version,
    })
}

/// The request of a click, made in the match's thread.
pub fn request(m: &StoredMatch, click: &Click) -> Request {
    Request {
        user: click.user.clone(),
        place: Place::thread("general", format!("t{}", m.id)),
        kind: RequestKind::Click { custom_id: click.custom_id.clone() },
    }
}

/// What a click did, from its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A new board was posted: the action was applied (at this version).
    Applied(i64),
    /// "This board has moved on": nothing was applied.
    MovedOn,
    /// Anything else (a refusal, an error), in words.
    Other(String),
}

/// Classifies the answer to one click.
pub fn answer(result: &Result<Vec<Outgoing>, cardtable::table::TableError>) -> Answer {
    let out = match result {
        Ok(out) => out,
        Err(e) => return Answer::Other(e.reply_text()),
    };
    for o in out {
        if let Some(version) = o.board_version() {
            return Answer::Applied(version);
        }
    }
    for o in out {
        if let Outgoing::Ephemeral { message, .. } = o {
            if message.content.contains("board has moved on") {
                return Answer::MovedOn;
            }
            return Answer::Other(message.content.clone());
        }
    }
    Answer::Other(format!("{out:?}"))
}

/// Checks that a stored match is whole: its log is gapless, its version
/// counts its log, it replays to its snapshot, and it is waiting for
/// somebody exactly when it is active.
pub async fn check_whole(table: &Table, id: i64) -> Result<(), String> {
    let store = table.store();
    let row = store.load_match(id).await.map_err(|e| format!("match {id}: {e}"))?;
    let log = store.match_actions(id).await.map_err(|e| format!("match {id}: {e}"))?;
    let seqs: Vec<i64> = log.iter().map(|a| a.seq).collect();
    if seqs != (1..=row.version).collect::<Vec<_>>() {
        return Err(format!("match {id}: version {} but log seqs {seqs:?}", row.version));
    }
    let report = table.replay(id).await.map_err(|e| format!("match {id}: {}", e.reply_text()))?;
    if !report.snapshot_matches {
        return Err(format!("match {id}: {report}"));
    }
    let state = AnyState::from_json(&row.state, table.library()).map_err(|e| format!("match {id}: {e}"))?;
    let waiting = row.seats_to_act().map_err(|e| format!("match {id}: {e}"))?;
    let to_act: Vec<i64> = state.to_act().iter().map(|s| i64::from(s.0)).collect();
    match row.status {
        MatchStatus::Active => {
            if waiting.is_empty() || to_act.is_empty() {
                return Err(format!("match {id} is active but waits for nobody"));
            }
            if waiting != to_act {
                return Err(format!("match {id}: row waits for {waiting:?}, state for {to_act:?}"));
            }
            if state.outcome().is_some() {
                return Err(format!("match {id} is active but its state is over"));
            }
        }
        MatchStatus::Finished => {
            if row.outcome.is_none() || state.outcome().is_none() {
                return Err(format!("match {id} is finished without an outcome"));
            }
        }
        MatchStatus::Corrupt => return Err(format!("match {id} is corrupt: {:?}", row.corrupt_reason)),
    }
    Ok(())
}
