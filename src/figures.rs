//! `cardtable figures`: the deterministic tables of BENCHMARKS.md and
//! BALANCE.md, recomputed from the commands they name.
//!
//! A generated table sits between two marker comments:
//!
//! ```text
//! <!-- figures:begin chatsim-certamen text: stops -->
//! | stops | command | games | turns | clicks/turn |
//! |---|---|---|---|---|
//! | default | `cardtable chatsim --game certamen --games 20 --seed 1` | 20 | 1596 | 4.13 |
//! <!-- figures:end chatsim-certamen -->
//! ```
//!
//! The `command` column holds, in backquotes, a command of this very
//! binary (`cardtable sim|chatsim|arena …`; nothing else is run). Every
//! other column is a key of that command's output, filled with the value
//! the output gives it, except the columns the begin marker lists after
//! `text:`, which are written by hand and kept. A key is looked up in the
//! output's last line, a comma-separated list of `key: value` pairs
//! (`games: 20, turns: 1596, …`), and else on an earlier line holding one
//! `key: value` pair and no comma (`sim`'s `  Hollow Court: won 601 of 1000
//! seats (60.1 %)`). A key the output lacks is an error, never a blank.
//!
//! Timings never go in these tables (a value in `ms`, `µs` or `s`, or a
//! key per second, is refused): they depend on the machine and stay
//! hand-measured, each with its command, build profile, machine and date.
//!
//! The work is split so the logic can be tested without running anything:
//! [`parse`] finds the tables, [`commands`] lists the commands they need,
//! [`run_all`] runs those, and [`update`] fills the tables from the outputs.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The subcommands a table row may run: seeded, offline, and printing a
/// `key: value` last line. `bot`, `console`, `loadtest` and `figures`
/// itself are refused.
pub const ALLOWED: &[&str] = &["sim", "chatsim", "arena"];

/// The column that holds a row's command.
pub const COMMAND_COLUMN: &str = "command";

/// One generated table of a markdown file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The name in its markers.
    pub name: String,
    /// Header cells, trimmed.
    pub columns: Vec<String>,
    /// Which column holds the command.
    pub command_column: usize,
    /// Columns written by hand (listed after `text:` in the begin marker).
    pub text_columns: BTreeSet<usize>,
    /// The rows, in order.
    pub rows: Vec<Row>,
}

/// One row of a generated table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Line index (0-based) of the row in the file.
    pub line: usize,
    /// Cells, trimmed.
    pub cells: Vec<String>,
    /// The command as written (without the backquotes).
    pub command: String,
}

impl Table {
    /// Columns filled from the command's output.
    pub fn key_columns(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.columns.len()).filter(|c| *c != self.command_column && !self.text_columns.contains(c))
    }
}

/// A problem that stops a table from being checked or rewritten.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where: `table NAME`, and the row's command when there is one.
    pub place: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.message)
    }
}

/// A cell whose written value is not what its command gives now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The table's name.
    pub table: String,
    /// The row's command.
    pub command: String,
    /// The column (a key of the output).
    pub column: String,
    /// The value written in the file.
    pub written: String,
    /// The value the command gives now.
    pub now: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "table {}, row `{}`: {} is written {}, the command now gives {}",
            self.table, self.command, self.column, self.written, self.now
        )
    }
}

fn problem(place: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem { place: place.into(), message: message.into() }
}

fn row_place(table: &str, command: &str) -> String {
    format!("table {table}, row `{command}`")
}

/// Splits a table line into trimmed cells (`| a | b |` → `["a", "b"]`);
/// `\|` stays inside its cell.
pub fn cells(line: &str) -> Vec<String> {
    let inner = line.trim();
    let inner = inner.strip_prefix('|').unwrap_or(inner);
    let inner = inner.strip_suffix('|').filter(|_| !inner.ends_with("\\|")).unwrap_or(inner);
    let mut out = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                out.last_mut().expect("one cell").push_str("\\|");
                chars.next();
            }
            '|' => out.push(String::new()),
            c => out.last_mut().expect("one cell").push(c),
        }
    }
    out.into_iter().map(|c| c.trim().to_owned()).collect()
}

/// The arguments of a row's command cell (`` `cardtable sim --games 5` ``
/// → `["sim", "--games", "5"]`), or why it is refused.
pub fn command_args(cell: &str) -> Result<Vec<String>, String> {
    let inner = cell
        .trim()
        .strip_prefix('`')
        .and_then(|c| c.strip_suffix('`'))
        .filter(|c| !c.contains('`'))
        .ok_or_else(|| format!("the command cell must be one command in backquotes, not {cell:?}"))?;
    if let Some(c) = inner.chars().find(|c| "|&;<>$\"'\\*?(){}[]~#\n".contains(*c)) {
        return Err(format!(
            "`{inner}`: {c:?} is not allowed; a row's command is run directly, without a shell"
        ));
    }
    let mut words = inner.split_whitespace();
    match words.next() {
        Some("cardtable") => {}
        _ => return Err(format!("`{inner}`: only commands of this binary (`cardtable …`) are run")),
    }
    let args: Vec<String> = words.map(str::to_owned).collect();
    match args.first() {
        Some(sub) if ALLOWED.contains(&sub.as_str()) => Ok(args),
        _ => Err(format!("`{inner}`: a row may run only `cardtable {}`", ALLOWED.join("|"))),
    }
}

/// The begin marker's name and the rest of it (its attributes), if
/// `line` is one.
fn begin_marker(line: &str) -> Option<(String, String)> {
    let rest = line.trim().strip_prefix("<!--")?.strip_suffix("-->")?.trim().strip_prefix("figures:begin")?;
    let rest = rest.trim();
    let (name, attrs) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    Some((name.to_owned(), attrs.trim().to_owned()))
}

fn end_marker(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("<!--")?.strip_suffix("-->")?.trim().strip_prefix("figures:end")?;
    Some(rest.trim().to_owned())
}

/// Every generated table of a markdown text, or every problem of its
/// markers and tables.
pub fn parse(text: &str) -> Result<Vec<Table>, Vec<Problem>> {
    let lines: Vec<&str> = text.lines().collect();
    let (mut tables, mut problems) = (Vec::new(), Vec::new());
    let mut names = BTreeSet::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some(name) = end_marker(lines[i]) {
            problems
                .push(problem(format!("line {}", i + 1), format!("figures:end {name} without its begin")));
            i += 1;
            continue;
        }
        let Some((name, attrs)) = begin_marker(lines[i]) else {
            i += 1;
            continue;
        };
        let place = format!("table {name}");
        if name.is_empty() {
            problems.push(problem(format!("line {}", i + 1), "a figures:begin marker without a name"));
        } else if !names.insert(name.clone()) {
            problems.push(problem(&place, "two tables have this name"));
        }
        let Some(end) = (i + 1..lines.len())
            .find(|&j| end_marker(lines[j]).is_some() || begin_marker(lines[j]).is_some())
        else {
            problems.push(problem(&place, format!("no figures:end {name} after line {}", i + 1)));
            break;
        };
        match end_marker(lines[end]) {
            Some(end_name) if end_name == name => {
                match table(&name, &attrs, &lines, i + 1, end) {
                    Ok(t) => tables.push(t),
                    Err(mut p) => problems.append(&mut p),
                }
                i = end + 1;
            }
            Some(end_name) => {
                problems
                    .push(problem(&place, format!("closed by figures:end {end_name} (line {})", end + 1)));
                i = end + 1;
            }
            None => {
                problems
                    .push(problem(&place, format!("another table begins (line {}) before its end", end + 1)));
                i = end;
            }
        }
    }
    if problems.is_empty() {
        Ok(tables)
    } else {
        Err(problems)
    }
}

/// The table between lines `from` and `to` (exclusive).
fn table(name: &str, attrs: &str, lines: &[&str], from: usize, to: usize) -> Result<Table, Vec<Problem>> {
    let place = format!("table {name}");
    let mut problems = Vec::new();
    let body: Vec<usize> = (from..to).filter(|&j| !lines[j].trim().is_empty()).collect();
    if let Some(&j) = body.iter().find(|&&j| !lines[j].trim_start().starts_with('|')) {
        return Err(vec![problem(
            &place,
            format!("line {}: only a table may sit between the markers, found {:?}", j + 1, lines[j].trim()),
        )]);
    }
    if body.len() < 2 || !cells(lines[body[1]]).iter().all(|c| c.trim_matches(':').chars().all(|c| c == '-'))
    {
        return Err(vec![problem(&place, "a header line and a |---| line must open the table")]);
    }
    let columns = cells(lines[body[0]]);
    let command_column = match columns.iter().position(|c| c == COMMAND_COLUMN) {
        Some(c) if columns.iter().filter(|h| *h == COMMAND_COLUMN).count() == 1 => c,
        _ => return Err(vec![problem(&place, "the header must have one column named `command`")]),
    };
    let mut text_columns = BTreeSet::new();
    let text: Vec<&str> = match attrs.strip_prefix("text:") {
        Some(list) => list.split(',').map(str::trim).filter(|c| !c.is_empty()).collect(),
        None if attrs.is_empty() => Vec::new(),
        None => {
            problems.push(problem(
                &place,
                format!("unknown marker attribute {attrs:?} (only `text: COLUMN, …`)"),
            ));
            Vec::new()
        }
    };
    for t in text {
        match columns.iter().position(|h| h == t) {
            Some(c) if c != command_column => {
                text_columns.insert(c);
            }
            _ => problems.push(problem(&place, format!("text column {t:?} is not in the header"))),
        }
    }
    let mut rows = Vec::new();
    for &j in &body[2..] {
        let row = cells(lines[j]);
        if row.len() != columns.len() {
            problems.push(problem(
                &place,
                format!("line {}: {} cells for {} columns", j + 1, row.len(), columns.len()),
            ));
            continue;
        }
        match command_args(&row[command_column]) {
            Ok(_) => {
                let command = row[command_column].trim_matches('`').to_owned();
                rows.push(Row { line: j, cells: row, command });
            }
            Err(e) => problems.push(problem(format!("{place}, line {}", j + 1), e)),
        }
    }
    if problems.is_empty() {
        Ok(Table { name: name.to_owned(), columns, command_column, text_columns, rows })
    } else {
        Err(problems)
    }
}

/// The distinct commands the tables need, in order of first use.
pub fn commands(tables: &[Table]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    tables
        .iter()
        .flat_map(|t| &t.rows)
        .map(|r| r.command.clone())
        .filter(|c| seen.insert(c.clone()))
        .collect()
}

/// The value of `key` in a command's output: from the last line's
/// comma-separated `key: value` pairs, else from the one earlier line
/// that is a single `key: value` pair.
pub fn value_of(output: &str, key: &str) -> Result<String, String> {
    let lines: Vec<&str> = output.lines().filter(|l| !l.trim().is_empty()).collect();
    let Some((last, earlier)) = lines.split_last() else {
        return Err("the command printed nothing".into());
    };
    let pairs: Vec<(&str, &str)> = last.split(", ").filter_map(|p| p.trim().split_once(": ")).collect();
    if let Some((_, v)) = pairs.iter().find(|(k, _)| *k == key) {
        return Ok(v.trim().to_owned());
    }
    let found: Vec<&str> = earlier
        .iter()
        .filter(|l| !l.contains(','))
        .filter_map(|l| l.trim().split_once(": "))
        .filter(|(k, _)| *k == key)
        .map(|(_, v)| v.trim())
        .collect();
    match found.as_slice() {
        [v] => Ok((*v).to_owned()),
        [] => {
            let keys: Vec<&str> = pairs.iter().map(|(k, _)| *k).collect();
            Err(format!("its output has no key {key:?} (the last line's keys: {})", keys.join(", ")))
        }
        _ => Err(format!("its output gives key {key:?} on {} lines", found.len())),
    }
}

/// Whether a key or value is a timing, which these tables never hold.
pub fn is_timing(key: &str, value: &str) -> bool {
    let unit = value.rsplit_once(' ').map(|(n, u)| (n.parse::<f64>().is_ok(), u));
    key.ends_with("/s") || matches!(unit, Some((true, "ms" | "µs" | "us" | "ns" | "s")))
}

/// The outcome of filling a file's tables from the commands' outputs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Update {
    /// The file's text with every table filled (unchanged where a row had
    /// a problem).
    pub text: String,
    /// Cells whose written value differs from the output's.
    pub mismatches: Vec<Mismatch>,
    /// Rows that could not be filled.
    pub problems: Vec<Problem>,
    /// Rows checked.
    pub rows: usize,
}

/// Fills the tables of `text` from `outputs` (command → its stdout, or
/// why it failed).
pub fn update(text: &str, tables: &[Table], outputs: &BTreeMap<String, Result<String, String>>) -> Update {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut up = Update::default();
    for t in tables {
        for row in &t.rows {
            up.rows += 1;
            let place = row_place(&t.name, &row.command);
            let output = match outputs.get(&row.command) {
                Some(Ok(o)) => o,
                Some(Err(e)) => {
                    up.problems.push(problem(&place, e.clone()));
                    continue;
                }
                None => {
                    up.problems.push(problem(&place, "the command was not run"));
                    continue;
                }
            };
            let mut new = row.cells.clone();
            let mut ok = true;
            for c in t.key_columns() {
                let key = &t.columns[c];
                match value_of(output, key) {
                    Ok(v) if is_timing(key, &v) => {
                        up.problems.push(problem(
                            &place,
                            format!(
                                "{key} is a timing ({v}); timings are measured by hand, outside the tables"
                            ),
                        ));
                        ok = false;
                    }
                    Ok(v) => new[c] = v,
                    Err(e) => {
                        up.problems.push(problem(&place, e));
                        ok = false;
                    }
                }
            }
            if !ok {
                continue;
            }
            for c in t.key_columns() {
                if new[c] != row.cells[c] {
                    up.mismatches.push(Mismatch {
                        table: t.name.clone(),
                        command: row.command.clone(),
                        column: t.columns[c].clone(),
                        written: row.cells[c].clone(),
                        now: new[c].clone(),
                    });
                }
            }
            if new != row.cells {
                lines[row.line] = format!("| {} |", new.join(" | "));
            }
        }
    }
    up.text = lines.join("\n");
    if text.ends_with('\n') {
        up.text.push('\n');
    }
    up
}

/// Runs `cardtable ARGS` for each command with the binary `exe`, `jobs`
/// at a time, and returns each one's stdout, or why it failed. `progress`
/// hears each command as it ends, with its wall time in seconds.
pub fn run_all(
    exe: &Path,
    commands: &[String],
    jobs: usize,
    progress: impl Fn(&str, f64) + Sync,
) -> BTreeMap<String, Result<String, String>> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(BTreeMap::new());
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, commands.len().max(1)) {
            s.spawn(|| {
                while let Some(command) = commands.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let start = Instant::now();
                    let result = run_one(exe, command);
                    progress(command, start.elapsed().as_secs_f64());
                    results
                        .lock()
                        .expect("no worker panics holding the lock")
                        .insert(command.clone(), result);
                }
            });
        }
    });
    results.into_inner().expect("no worker panicked holding the lock")
}

fn run_one(exe: &Path, command: &str) -> Result<String, String> {
    let args = command_args(&format!("`{command}`"))?;
    let out =
        Command::new(exe).args(&args).output().map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let last = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message");
        return Err(format!("the command failed ({}): {last}", out.status));
    }
    String::from_utf8(out.stdout).map_err(|_| "the command's output is not UTF-8".to_owned())
}

/// What `cardtable figures` does: fill (or, with `check`, compare) the
/// tables of each file, running the commands with the binary `exe`.
/// Prints each difference or problem; the last line is the count.
pub fn figures(exe: &Path, files: &[PathBuf], check: bool, jobs: usize) -> Result<(), String> {
    let start = Instant::now();
    let mut docs = Vec::new();
    let mut problems = Vec::new();
    for file in files {
        let text =
            std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        match parse(&text) {
            Ok(tables) => docs.push((file, text, tables)),
            Err(p) => problems.extend(p.into_iter().map(|p| (file, p))),
        }
    }
    if !problems.is_empty() {
        for (file, p) in &problems {
            println!("{}: {p}", file.display());
        }
        return Err(format!("{} problems in the tables' markers or rows; nothing was run", problems.len()));
    }
    let all: Vec<Table> = docs.iter().flat_map(|(_, _, t)| t.iter().cloned()).collect();
    let commands = commands(&all);
    let outputs = run_all(exe, &commands, jobs, |c, secs| eprintln!("ran `{c}` ({secs:.1} s)"));
    let (mut rows, mut mismatches, mut problems, mut rewritten) = (0, 0, 0, Vec::new());
    let mut updates = Vec::new();
    for (file, text, tables) in &docs {
        let up = update(text, tables, &outputs);
        rows += up.rows;
        for m in &up.mismatches {
            println!("{}: {m}", file.display());
        }
        for p in &up.problems {
            println!("{}: {p}", file.display());
        }
        mismatches += up.mismatches.len();
        problems += up.problems.len();
        updates.push((file, text, up.text));
    }
    // Nothing is written unless every row could be filled.
    if !check && problems == 0 {
        for (file, old, new) in &updates {
            if new.as_str() != old.as_str() {
                std::fs::write(file, new).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
                rewritten.push(file.display().to_string());
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let verb = if check { "differ" } else { "rewritten" };
    println!(
        "tables: {}, rows: {rows}, commands: {}, cells {verb}: {mismatches}, problems: {problems}, files written: {}, seconds: {secs:.0}",
        all.len(),
        commands.len(),
        rewritten.len()
    );
    if problems > 0 {
        Err(format!("{problems} rows could not be filled; no file was written"))
    } else if check && mismatches > 0 {
        Err(format!(
            "{mismatches} figures no longer match their commands; run `cardtable figures` to rewrite them"
        ))
    } else {
        Ok(())
    }
}
