//! `docs/rules/COVERAGE.md`: every section of each game's rules reference
//! (`docs/rules/<game>.md`), with the tests named after it and the rulings
//! that read it. `COVERAGE_WRITE=1 cargo test --test rules rules_coverage::`
//! rewrites the file; without it the test fails when the committed file
//! differs from what it would write, naming the difference. It does not
//! fail on uncovered sections (the goal is none), except that a game whose
//! committed closing line says `uncovered 0` must stay at 0.
//!
//! **Sections** are the `##`/`###` headings of the rules reference, as
//! `/rule` reads them ([`Rulebook`]). Each gets ids in the `_`-separated
//! form test names use:
//! - a numbered heading ("9.3.9a.I …", "5c2 Siege") by its number, lower
//!   case, dots as `_`, trailing `.0`s dropped: `9_3_9a_i`, `5c2`, `4_2`
//!   for "4.2.0" (`4_2_0` is accepted too);
//! - a named heading (Certamen's "Keyword — Skyborne", Athernum's "Term:
//!   Face-Down", Spheres' "Deck assembly — Closed draft") by its slug,
//!   parenthesised glosses left out: `keyword_skyborne`, `term_face_down`,
//!   `deck_assembly_closed_draft`. The part after the dash (or colon) is
//!   an id too (`skyborne`), unless another section of the game has the
//!   same one. Where the part before the dash ends in a number ("Step 1 —
//!   Untap", "Setup 1 — Who goes first") that part is an id (`step_1`,
//!   `setup_1`), and where the part after it starts with one ("First draft
//!   — 5d Groove trigger") the part before it plus the number is
//!   (`first_draft_5d`).
//!
//! **Tested**: a test (`#[test]` / `#[tokio::test]` under `tests/` or
//! `src/`) carries a game when its name starts with the game's key
//! (`spheres_5c2_…`) or its file's path names the game
//! (`tests/rules/spheres_first_draft.rs`, `src/games/spheres/…`). What follows
//! the key (or the whole name) is read from its start: the test exercises
//! the section with the longest id its name begins with, whole `_` words
//! only (`athernum_9_3_9a_i_…` is 9.3.9a.I if written, else 9.3.9a;
//! `certamen_untap_step_…` is "Step 1 — Untap"; `athernum_9_turns_…` is
//! chapter 9).
//!
//! **By its parts**: a numbered section with neither tests nor rulings
//! whose subsections (same number, then a new part or a letter: 9.3.0 →
//! 9.3.4, 2.1.2 → 2.1.2a) are all covered is covered by them.
//!
//! **Ruled**: a ruling (a section of `docs/rulings/<game>.md`, and of
//! `docs/rulings/<game>-*.md` for a variant) reads a section when `/rule`
//! lists it under the section's "Rulings on this rule" (its heading names
//! the section's number, or its text cites it, [`Rulebook::related`]), or
//! when the section's text says `Ruling: see <the ruling's heading>`
//! (several separated by `;`). A `Ruling: see` naming no ruling fails.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use cardtable::games::{Library, GAMES};
use cardtable::lookup::rulebook::{Number, Part, Rulebook, Section};

const COVERAGE: &str = "docs/rules/COVERAGE.md";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// The games with a rules reference, by key, sorted.
fn games() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root().join("docs/rules"))
        .expect("docs/rules")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let stem = p.file_stem()?.to_str()?.to_owned();
            (p.extension()? == "md" && stem.chars().all(|c| c.is_ascii_lowercase())).then_some(stem)
        })
        .collect();
    out.sort();
    out
}

/// The game's rulings files: `<game>.md`, then its variants' `<game>-*.md`.
fn rulings_files(game: &str) -> Vec<PathBuf> {
    let dir = root().join("docs/rulings");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/rulings")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name == format!("{game}.md") || (name.starts_with(&format!("{game}-")) && name.ends_with(".md"))
        })
        .collect();
    files.sort_by_key(|p| (p.file_stem() != Some(std::ffi::OsStr::new(game)), p.clone()));
    files
}

/// The game's rulings, joined as `/rule` joins them.
fn rulings_of(game: &str) -> String {
    rulings_files(game).iter().map(|p| read(p)).collect::<Vec<_>>().join("\n")
}

/// Lower-case words of `text` joined by `_`.
fn slug(text: &str) -> String {
    text.to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

/// `text` without its parenthesised glosses.
fn unglossed(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// A number's ids: trailing `.0`s dropped, and as written.
fn number_ids(n: &str) -> Vec<String> {
    let written: Vec<String> = n.to_lowercase().split('.').map(str::to_owned).collect();
    let mut short = written.clone();
    while short.len() > 1 && short.last().is_some_and(|p| p.bytes().all(|b| b == b'0')) {
        short.pop();
    }
    let mut out = vec![short.join("_")];
    if short != written {
        out.push(written.join("_"));
    }
    out
}

/// A section's ids and its aliases (ids used only when no other section
/// of the game has them).
fn ids_of(title: &str) -> (Vec<String>, Vec<String>) {
    let first = title.split_whitespace().next().unwrap_or("");
    if let Some(n) = Number::parse(first) {
        return (number_ids(&n.text), Vec::new());
    }
    let title = unglossed(title);
    let mut ids = vec![slug(&title)];
    let mut aliases = Vec::new();
    let split = [" — ", ": "].iter().filter_map(|sep| title.split_once(sep)).min_by_key(|(cat, _)| cat.len());
    if let Some((category, name)) = split {
        if category.split_whitespace().last().and_then(Number::parse).is_some() {
            ids.push(slug(category));
        }
        if let Some(n) = name.split_whitespace().next().and_then(Number::parse) {
            ids.push(format!("{}_{}", slug(category), number_ids(&n.text)[0]));
        }
        aliases.push(slug(name));
    }
    ids.retain(|i| !i.is_empty());
    ids.dedup();
    (ids, aliases)
}

/// Every test function under `tests/` and `src/`: (file, name).
fn tests() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut dirs = vec![root().join("tests"), root().join("src")];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("read {}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/");
            let mut pending = false;
            for line in read(&path).lines() {
                let t = line.trim_start();
                if t.starts_with("#[test]") || t.starts_with("#[tokio::test") {
                    pending = true;
                } else if pending && !t.starts_with("#[") && !t.starts_with("//") && !t.is_empty() {
                    let rest = t.trim_start_matches("pub ").trim_start_matches("async ");
                    if let Some(rest) = rest.strip_prefix("fn ") {
                        let name: String =
                            rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                        out.push((rel.clone(), name));
                    }
                    pending = false;
                }
            }
        }
    }
    out.sort();
    out
}

/// What follows the game key in a test of `game`, or `None` when the test
/// carries another game or none.
fn keyed<'t>(game: &str, file: &str, name: &'t str) -> Option<&'t str> {
    if let Some(rest) = name.strip_prefix(game).and_then(|r| r.strip_prefix('_')) {
        return Some(rest);
    }
    let names_game = file.split(['/', '_', '.', '-']).any(|part| part == game);
    names_game.then_some(name)
}

struct Row {
    title: String,
    tests: BTreeSet<String>,
    rulings: Vec<String>,
    /// Subsections (by their number) when every one of them is covered
    /// and the section has neither test nor ruling of its own.
    parts: usize,
}

struct Report {
    game: String,
    rows: Vec<Row>,
}

impl Report {
    fn counts(&self) -> (usize, usize, usize, usize) {
        let tested = self.rows.iter().filter(|r| !r.tests.is_empty()).count();
        let ruled = self.rows.iter().filter(|r| !r.rulings.is_empty()).count();
        let uncovered =
            self.rows.iter().filter(|r| r.tests.is_empty() && r.rulings.is_empty() && r.parts == 0).count();
        (self.rows.len(), tested, ruled, uncovered)
    }

    fn closing_line(&self) -> String {
        let (s, t, r, u) = self.counts();
        format!("{}: sections {s}, tested {t}, ruled {r}, uncovered {u}", self.game)
    }
}

fn report(game: &str, all_tests: &[(String, String)]) -> Report {
    let rules = read(&root().join(format!("docs/rules/{game}.md")));
    let rulings = rulings_of(game);
    let book = Rulebook::new(&rules, &rulings);
    let sections: Vec<&Section<'_>> = book.sections().iter().filter(|s| s.part == Part::Rules).collect();
    let ruling_titles: BTreeSet<&str> =
        book.sections().iter().filter(|s| s.part == Part::Rulings).map(|s| s.title).collect();

    // Ids, then aliases no other section shares.
    let mut owners: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut alias_owners: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, s) in sections.iter().enumerate() {
        let (ids, aliases) = ids_of(s.title);
        for id in ids {
            owners.entry(id).or_default().push(i);
        }
        for a in aliases {
            alias_owners.entry(a).or_default().push(i);
        }
    }
    let shared: Vec<String> = owners
        .iter()
        .filter(|(_, o)| o.len() > 1)
        .map(|(id, o)| {
            format!("{id}: {}", o.iter().map(|i| sections[*i].title).collect::<Vec<_>>().join(" | "))
        })
        .collect();
    assert!(shared.is_empty(), "{game}: sections share an id:\n{}", shared.join("\n"));
    for (a, o) in alias_owners {
        if o.len() == 1 && !owners.contains_key(&a) {
            owners.insert(a, o);
        }
    }
    let ids: Vec<(Vec<&str>, usize)> =
        owners.iter().map(|(id, o)| (id.split('_').collect::<Vec<_>>(), o[0])).collect();

    let mut rows: Vec<Row> = sections
        .iter()
        .map(|s| Row { title: s.title.to_owned(), tests: BTreeSet::new(), rulings: Vec::new(), parts: 0 })
        .collect();
    for (file, name) in all_tests {
        let Some(rest) = keyed(game, file, name) else { continue };
        let words: Vec<&str> = rest.split('_').collect();
        let best = ids
            .iter()
            .filter(|(id, _)| words.len() >= id.len() && words[..id.len()] == id[..])
            .max_by_key(|(id, _)| id.len());
        if let Some((_, i)) = best {
            rows[*i].tests.insert(name.clone());
        }
    }

    let mut dangling = Vec::new();
    for (row, s) in rows.iter_mut().zip(&sections) {
        for r in book.related(s) {
            if !row.rulings.iter().any(|t| t == r.title) {
                row.rulings.push(r.title.to_owned());
            }
        }
        for (at, marker) in s.body.match_indices("Ruling: see ") {
            let after = &s.body[at + marker.len()..];
            let line = after.lines().next().unwrap_or("").trim().trim_end_matches('.');
            for named in line.split(';').map(str::trim).filter(|n| !n.is_empty()) {
                if !ruling_titles.contains(named) {
                    dangling.push(format!("{}: \"Ruling: see {named}\"", s.title));
                } else if !row.rulings.iter().any(|t| t == named) {
                    row.rulings.push(named.to_owned());
                }
            }
        }
    }
    assert!(dangling.is_empty(), "{game}: sections name rulings that do not exist:\n{}", dangling.join("\n"));
    by_parts(&sections, &mut rows);
    Report { game: game.to_owned(), rows }
}

/// The number id of a numbered section ("9_3" for "9.3.0 …").
fn number_id(title: &str) -> Option<String> {
    let n = Number::parse(title.split_whitespace().next()?)?;
    number_ids(&n.text).into_iter().next()
}

/// Whether number id `child` is a subsection of `parent`: it begins with
/// it, then a new part (`9_3` → `9_3_4`) or a letter (`2_1_2` → `2_1_2a`).
fn is_part_of(child: &str, parent: &str) -> bool {
    child
        .strip_prefix(parent)
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| c == '_' || c.is_ascii_alphabetic())
}

/// A numbered section with neither test nor ruling whose subsections are
/// all covered (a chapter heading, or a rule whose whole text is its
/// lettered parts) is covered by them. Deepest first, so a chapter counts
/// its covered headings.
fn by_parts(sections: &[&Section<'_>], rows: &mut [Row]) {
    let ids: Vec<Option<String>> = sections.iter().map(|s| number_id(s.title)).collect();
    let mut order: Vec<usize> = (0..rows.len()).filter(|i| ids[*i].is_some()).collect();
    order.sort_by_key(|i| std::cmp::Reverse(ids[*i].as_deref().map_or(0, str::len)));
    for i in order {
        if !rows[i].tests.is_empty() || !rows[i].rulings.is_empty() {
            continue;
        }
        let parent = ids[i].as_deref().unwrap_or_default();
        let parts: Vec<usize> = (0..rows.len())
            .filter(|j| *j != i && ids[*j].as_deref().is_some_and(|c| is_part_of(c, parent)))
            .collect();
        let covered = |r: &Row| !r.tests.is_empty() || !r.rulings.is_empty() || r.parts > 0;
        if !parts.is_empty() && parts.iter().all(|j| covered(&rows[*j])) {
            rows[i].parts = parts.len();
        }
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

fn render(reports: &[Report]) -> String {
    let mut out = String::new();
    out.push_str("# Rules coverage\n\n");
    out.push_str(
        "Every section of each game's rules reference (`docs/rules/<game>.md`) with the tests named \
         after it and the rulings that read it. Generated by `tests/rules/rules_coverage.rs`, which also \
         explains the matching: `COVERAGE_WRITE=1 cargo test --release --test rules rules_coverage::` \
         rewrites this file, and the test fails while the file differs from what it would write. \
         Do not edit it by hand.\n\n",
    );
    out.push_str(
        "A section is *tested* when a test's name, after the game's key (or the whole name in a \
         test file of that game), starts with the section's id: its number with `_` for the dots \
         (`athernum_9_3_4_…`, `spheres_5c2_…`), or for a named section its title's words \
         (`certamen_keyword_skyborne_…`, or just `certamen_skyborne_…`). It is *ruled* when a \
         ruling's heading names its number, a ruling cites it, or its text says `Ruling: see` a \
         ruling. A numbered section with neither whose subsections are all covered (a chapter \
         heading, or a rule made of its lettered parts) is covered by them. Any other section \
         with neither is *uncovered*.\n",
    );
    for r in reports {
        let _ = write!(out, "\n## {}\n\n| Section | Tests | Rulings |\n|---|---|---|\n", r.game);
        for row in &r.rows {
            let tests = if row.tests.is_empty() {
                "—".to_owned()
            } else {
                row.tests.iter().map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", ")
            };
            let rulings = if row.parts > 0 {
                format!("(covered by its {} subsections)", row.parts)
            } else if row.rulings.is_empty() {
                "—".to_owned()
            } else {
                row.rulings.iter().map(|t| cell(t)).collect::<Vec<_>>().join("; ")
            };
            let _ = writeln!(out, "| {} | {tests} | {rulings} |", cell(&row.title));
        }
    }
    out.push('\n');
    for r in reports {
        out.push_str(&r.closing_line());
        out.push('\n');
    }
    out
}

/// The closing lines of a COVERAGE.md, by game.
fn closing_lines(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter(|l| l.contains(": sections ") && l.contains(", uncovered "))
        .filter_map(|l| Some((l.split_once(':')?.0.to_owned(), l.to_owned())))
        .collect()
}

#[test]
fn rules_coverage_lists_every_section_with_its_tests_and_rulings() {
    let all_tests = tests();
    let reports: Vec<Report> = games().iter().map(|g| report(g, &all_tests)).collect();
    assert!(reports.len() >= 3, "athernum, certamen and spheres have a rules reference");
    let text = render(&reports);
    for r in &reports {
        let uncovered: Vec<&str> = r
            .rows
            .iter()
            .filter(|x| x.tests.is_empty() && x.rulings.is_empty())
            .map(|x| x.title.as_str())
            .collect();
        println!("{}", r.closing_line());
        if !uncovered.is_empty() {
            println!("  uncovered: {}", uncovered.join(" · "));
        }
    }
    let path = root().join(COVERAGE);
    if std::env::var("COVERAGE_WRITE").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    // A game that reached uncovered 0 stays there.
    let before = closing_lines(&committed);
    for r in &reports {
        let was_zero = before.get(&r.game).is_some_and(|l| l.ends_with(", uncovered 0"));
        let (_, _, _, u) = r.counts();
        assert!(
            !was_zero || u == 0,
            "{}: COVERAGE.md had no uncovered section; now: {}",
            r.game,
            r.rows
                .iter()
                .filter(|x| x.tests.is_empty() && x.rulings.is_empty())
                .map(|x| x.title.as_str())
                .collect::<Vec<_>>()
                .join(" · ")
        );
    }
    if committed != text {
        let old: BTreeSet<&str> = committed.lines().collect();
        let new: BTreeSet<&str> = text.lines().collect();
        let gone: Vec<&str> = committed.lines().filter(|l| !new.contains(l)).take(15).collect();
        let added: Vec<&str> = text.lines().filter(|l| !old.contains(l)).take(15).collect();
        panic!(
            "{COVERAGE} is out of date; rewrite it with COVERAGE_WRITE=1 cargo test --release --test \
             rules rules_coverage::.\nOnly in the committed file:\n{}\nOnly in the generated one:\n{}",
            gone.join("\n"),
            added.join("\n")
        );
    }
}

#[test]
fn rules_coverage_every_rules_reference_is_what_rule_reads() {
    // `/rule game:<game>` reads the catalog's embedded rules reference and
    // rulings: they must be these files, so COVERAGE.md counts what the
    // bot shows.
    let library = Library::embedded().expect("the embedded cards load");
    for game in games() {
        let id = GAMES.iter().find(|g| g.key() == game).unwrap_or_else(|| panic!("no game {game}"));
        let catalog = library.catalog(*id);
        assert_eq!(catalog.rules(), read(&root().join(format!("docs/rules/{game}.md"))), "{game}");
        let rulings = catalog.rulings();
        for file in rulings_files(&game) {
            assert!(rulings.contains(read(&file).trim()), "{game}: /rule lacks {}", file.display());
        }
    }
}

#[test]
fn rules_coverage_ids_follow_the_documented_forms() {
    assert_eq!(ids_of("9.3.9a.I A fighter gone"), (vec!["9_3_9a_i".to_owned()], vec![]));
    assert_eq!(ids_of("4.2.0 Checks").0, ["4_2", "4_2_0"]);
    assert_eq!(ids_of("5c2 Siege").0, ["5c2"]);
    assert_eq!(ids_of("Keyword — Skyborne"), (vec!["keyword_skyborne".into()], vec!["skyborne".into()]));
    assert_eq!(
        ids_of("Step 1 — Untap"),
        (vec!["step_1_untap".into(), "step_1".into()], vec!["untap".into()])
    );
    assert_eq!(ids_of("Term: Face-Down").0, ["term_face_down"]);
    assert_eq!(ids_of("Spellbook construction (deck building)").0, ["spellbook_construction"]);
    assert_eq!(
        ids_of("First draft — 5d Groove trigger").0,
        ["first_draft_5d_groove_trigger", "first_draft_5d"]
    );
    assert_eq!(
        keyed("spheres", "tests/rules/spheres_first_draft.rs", "first_draft_6_x"),
        Some("first_draft_6_x")
    );
    assert_eq!(keyed("certamen", "tests/lookups/lookups_rules.rs", "certamen_rule_x"), Some("rule_x"));
    assert_eq!(keyed("certamen", "tests/lookups/lookups_rules.rs", "spheres_rule_x"), None);
}
