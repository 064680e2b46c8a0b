//! DESIGN.md: `engine`, `games` and `cards` do no I/O beyond reading card
//! files, and know nothing of Discord, the database or the async runtime.

use std::path::Path;

const FORBIDDEN: &[&str] = &["tokio", "serenity", "poise", "sqlx"];
const PURE_LAYERS: &[&str] = &["src/engine", "src/games", "src/cards"];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `line` names `krate` as a path root (`tokio::`, `use tokio`, `tokio;`).
fn mentions(line: &str, krate: &str) -> bool {
    let code = line.split("//").next().unwrap_or("");
    code.match_indices(krate).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + krate.len()..].chars().next();
        let boundary_before = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let path_after = matches!(after, Some(':') | Some(';') | Some(' ') | Some('{') | None);
        boundary_before && path_after
    })
}

#[test]
fn pure_layers_use_no_runtime_database_or_discord_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut offenders = Vec::new();
    for layer in PURE_LAYERS {
        let mut files = Vec::new();
        rust_files(&root.join(layer), &mut files);
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
fn the_checker_itself_detects_a_forbidden_crate() {
    assert!(mentions("use tokio::sync::Mutex;", "tokio"));
    assert!(mentions("    sqlx::query(\"x\")", "sqlx"));
    assert!(!mentions("// tokio is not used here", "tokio"));
    assert!(!mentions("let my_tokio_count = 1;", "tokio"));
}
