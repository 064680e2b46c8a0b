//! `/privacy`: what the bot keeps about the person asking, as a file only
//! they see.

use serde_json::{Map, Value};

use super::error::TableError;
use super::protocol::{Outgoing, Request};
use super::Table;
use crate::view;

impl Table {
    /// Every row that names the requester (see `Store::personal_data`),
    /// as a JSON file, with a count per part and why each is kept.
    pub(crate) async fn privacy_command(&self, req: &Request) -> Result<Vec<Outgoing>, TableError> {
        let me = req.user.id.as_str();
        let parts = self.store.personal_data(me).await?;
        let mut lines = vec!["The attached file holds every record the bot keeps that names you:".to_owned()];
        let mut file = Map::new();
        file.insert("user".to_owned(), Value::from(me));
        for (part, rows) in parts {
            lines.push(format!("• {part}: {}", rows.len()));
            file.insert(part, Value::Array(rows.into_iter().map(Value::Object).collect()));
        }
        lines.push(String::new());
        lines.extend(
            [
                "Why: your display name and settings, to show and apply them; your saved decks, to play \
                 them; challenges and matches with their server, channel and thread, so a match goes on \
                 where it started; results and ratings, for /stats, /leaderboard and /history.",
                "A match's moves are kept with it, to replay and check it, and name you only by your \
                 seat: /history match:<number> gives a finished match's whole record.",
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
}
