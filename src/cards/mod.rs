//! Card databases, one per game, loaded from the data files under `cards/`.

pub mod check;
pub mod spheres;

/// A card or deck file that cannot be used, naming the file, the card and
/// the field so the author can fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The file is not valid TOML for the schema.
    #[error("{file}:{line}: {reason}")]
    Syntax {
        /// File path.
        file: String,
        /// 1-based line of the problem.
        line: usize,
        /// What the parser said.
        reason: String,
    },
    /// The file parses but a card breaks a rule of the collection.
    #[error("{file}: card \"{card}\", field `{field}`: {reason}")]
    Invalid {
        /// File path.
        file: String,
        /// The card (or deck) at fault.
        card: String,
        /// The field at fault.
        field: String,
        /// What is wrong.
        reason: String,
    },
}

impl LoadError {
    /// Wraps a TOML error with the file and line it points at.
    pub fn toml(file: &str, text: &str, e: toml::de::Error) -> Self {
        let line = e.span().map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1).unwrap_or(0);
        LoadError::Syntax { file: file.to_string(), line, reason: e.message().to_string() }
    }
}

/// ", did you mean \"X\"?" for the closest of `names`, or "" if none is close.
pub fn did_you_mean<'a>(key: &str, names: impl Iterator<Item = &'a str>) -> String {
    let key = key.to_lowercase();
    names
        .map(|n| (strsim::jaro_winkler(&key, &n.to_lowercase()), n))
        .filter(|(score, _)| *score > 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| format!(", did you mean \"{n}\"?"))
        .unwrap_or_default()
}
