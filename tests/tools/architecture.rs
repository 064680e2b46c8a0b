//! DESIGN.md's layering, enforced:
//! - `engine`, `games`, `cards`, `ratings` and `ai` do no I/O beyond reading card
//!   files, and know nothing of Discord, the database or the async runtime;
//!   `ai` reads no files either, prints nothing and starts no threads;
//! - `view` never imports `table`;
//! - look-ups (`src/lookup`) sit below `table` and beside `view`: they
//!   import neither `table` nor `discord` nor the store, and use no
//!   runtime, database or Discord crate;
//! - a game is named (its module, its types, its key) only in its own two
//!   folders (`src/games/<game>`, `src/cards/<game>`) and on its one line of
//!   the registry, so adding a game touches nothing else.

use std::path::{Path, PathBuf};

const FORBIDDEN: &[&str] = &["tokio", "serenity", "poise", "sqlx"];
const PURE_LAYERS: &[&str] = &["src/engine", "src/games", "src/cards", "src/ai", "src/ratings"];
/// What the AI may not use on top of [`FORBIDDEN`]: it only computes.
const AI_FORBIDDEN: &[&str] =
    &["std::fs", "std::io", "std::net", "std::thread", "println!", "eprintln!", "print!"];
const REGISTRY: &str = "src/games/mod.rs";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("read {}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The code of a line: without its `//` comment (a `//` inside a string
/// is rare enough in this code base to ignore).
fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// Whether `code` names `word` as a whole identifier, any case.
fn names_word(code: &str, word: &str) -> bool {
    let lower = code.to_lowercase();
    let word = word.to_lowercase();
    lower.match_indices(&word).any(|(i, _)| {
        let before = lower[..i].chars().next_back();
        let after = lower[i + word.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

/// Whether `line` names `krate` as a path root (`tokio::`, `use tokio`, `tokio;`).
fn mentions(line: &str, krate: &str) -> bool {
    let code = code(line);
    code.match_indices(krate).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + krate.len()..].chars().next();
        let boundary_before = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let path_after = matches!(after, Some(':') | Some(';') | Some(' ') | Some('{') | None);
        boundary_before && path_after
    })
}

/// The games: one folder each under `src/games`.
fn game_modules() -> Vec<String> {
    let mut games: Vec<String> = std::fs::read_dir(root().join("src/games"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    games.sort();
    games
}

/// The public type names a game's folders declare (`pub struct X`,
/// `pub enum X`, `pub trait X`, `pub type X`), which must not leak out either.
fn declared_types(dir: &Path) -> Vec<String> {
    let mut names = Vec::new();
    if !dir.exists() {
        return names;
    }
    for file in rust_files(dir) {
        for line in std::fs::read_to_string(&file).unwrap().lines() {
            let t = line.trim_start();
            for kw in ["pub struct ", "pub enum ", "pub trait ", "pub type "] {
                if let Some(rest) = t.strip_prefix(kw) {
                    let name: String =
                        rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    names.push(name);
                }
            }
        }
    }
    names
}

#[test]
fn pure_layers_use_no_runtime_database_or_discord_crates() {
    let mut offenders = Vec::new();
    for layer in PURE_LAYERS {
        let files = rust_files(&root().join(layer));
        assert!(!files.is_empty(), "{layer} has no Rust files");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for (n, line) in text.lines().enumerate() {
                for krate in FORBIDDEN {
                    if mentions(line, krate) {
                        offenders.push(format!("{}:{}: uses {krate}", file.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(offenders.is_empty(), "pure layers must not use {FORBIDDEN:?}:\n{}", offenders.join("\n"));
}

#[test]
fn the_ai_reads_no_files_prints_nothing_and_starts_no_threads() {
    let mut offenders = Vec::new();
    for file in rust_files(&root().join("src/ai")) {
        for (n, line) in std::fs::read_to_string(&file).unwrap().lines().enumerate() {
            if let Some(word) = AI_FORBIDDEN.iter().find(|w| code(line).contains(*w)) {
                offenders.push(format!("{}:{}: uses {word}", file.display(), n + 1));
            }
        }
    }
    assert!(offenders.is_empty(), "src/ai must not use {AI_FORBIDDEN:?}:\n{}", offenders.join("\n"));
}

#[test]
fn view_does_not_import_table() {
    let mut offenders = Vec::new();
    for file in rust_files(&root().join("src/view")) {
        for (n, line) in std::fs::read_to_string(&file).unwrap().lines().enumerate() {
            if code(line).contains("crate::table") {
                offenders.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offenders.is_empty(), "src/view must not use crate::table:\n{}", offenders.join("\n"));
}

/// Fails naming each line of `dir` that uses `table`, `discord`, `store`
/// or a runtime, database or Discord crate.
fn assert_below_table(dir: &str) {
    let files = rust_files(&root().join(dir));
    assert!(!files.is_empty(), "{dir} has no Rust files");
    let mut offenders = Vec::new();
    for file in files {
        for (n, line) in std::fs::read_to_string(&file).unwrap().lines().enumerate() {
            let above = ["crate::table", "crate::discord", "crate::store"]
                .into_iter()
                .find(|m| code(line).contains(m));
            let krate = FORBIDDEN.iter().copied().find(|k| mentions(line, k));
            if let Some(what) = above.or(krate) {
                offenders.push(format!("{}:{}: uses {what}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offenders.is_empty(), "{dir} must stay below table:\n{}", offenders.join("\n"));
}

#[test]
fn lookup_sits_below_table_and_uses_no_runtime_database_or_discord() {
    assert_below_table("src/lookup");
}

/// The pictures are drawn from views alone, like the text boards.
#[test]
fn picture_sits_below_table_and_uses_no_runtime_database_or_discord() {
    assert_below_table("src/picture");
}

#[test]
fn view_does_not_import_lookup() {
    let mut offenders = Vec::new();
    for file in rust_files(&root().join("src/view")) {
        for (n, line) in std::fs::read_to_string(&file).unwrap().lines().enumerate() {
            if code(line).contains("crate::lookup") {
                offenders.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offenders.is_empty(), "src/view must not use crate::lookup:\n{}", offenders.join("\n"));
}

#[test]
fn a_game_is_named_only_in_its_own_folders_and_its_registry_line() {
    let games = game_modules();
    assert!(games.contains(&"spheres".to_owned()), "games found: {games:?}");
    let mut offenders = Vec::new();
    for game in &games {
        let own = [root().join("src/games").join(game), root().join("src/cards").join(game)];
        // The module name, and the public types of its folders (minus
        // generic nouns a game may well share with others, like `State`).
        let mut words = vec![game.clone()];
        for dir in &own {
            words
                .extend(declared_types(dir).into_iter().filter(|t| t.to_lowercase().contains(game.as_str())));
        }
        for file in rust_files(&root().join("src")) {
            if own.iter().any(|d| file.starts_with(d)) {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let mut registry_lines = 0;
            for (n, line) in text.lines().enumerate() {
                let Some(word) = words.iter().find(|w| names_word(code(line), w)) else { continue };
                if file.ends_with(REGISTRY) && registry_lines == 0 {
                    registry_lines += 1;
                    continue;
                }
                offenders.push(format!("{}:{}: names {word}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "a game may be named only in src/games/<game>, src/cards/<game> and one registry line:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn every_game_folder_has_a_catalogue_folder_and_data() {
    for game in game_modules() {
        assert!(root().join("src/cards").join(&game).is_dir(), "src/cards/{game} is missing");
        assert!(root().join("cards").join(&game).is_dir(), "cards/{game} (the data) is missing");
    }
}

#[test]
fn the_checkers_themselves_detect_what_they_look_for() {
    assert!(mentions("use tokio::sync::Mutex;", "tokio"));
    assert!(mentions("    sqlx::query(\"x\")", "sqlx"));
    assert!(!mentions("// tokio is not used here", "tokio"));
    assert!(!mentions("let my_tokio_count = 1;", "tokio"));
    assert!(names_word(code("use crate::cards::spheres::SpheresDb;"), "spheres"));
    assert!(names_word(code("let s = \"Spheres\";"), "spheres"));
    assert!(!names_word(code("// spheres in a comment"), "spheres"));
    assert!(!names_word(code("let hemispheres = 2;"), "spheres"));
    assert!(declared_types(&root().join("src/cards/spheres")).contains(&"SpheresDb".to_owned()));
}
