//! `cardtable figures`: finding the generated tables, refusing what it
//! must not run, filling rows from a command's output and naming each row
//! that no longer matches. Outputs are given as fixtures, so no long
//! simulation runs; one test runs the real binary on a two-game `sim`.

use std::collections::BTreeMap;
use std::process::Command;

use cardtable::figures::{command_args, commands, parse, update, value_of};

const CHATSIM_LINE: &str = "waits at a priority stop: 17 (0.25/turn), at other decisions: 5 (0.07/turn)\n\
     games: 20, turns: 1596, clicks/turn: 4.13, posts/turn: 1.79, waits/turn: 0.39, max waits in a turn: 5\n";

fn fixture(rows: &str) -> String {
    format!(
        "# Title\n\nProse before.\n\n<!-- figures:begin chat text: stops -->\n\
         | stops | command | turns | clicks/turn |\n|---|---|---|---|\n{rows}<!-- figures:end chat -->\n\nProse after.\n"
    )
}

fn outputs(pairs: &[(&str, &str)]) -> BTreeMap<String, Result<String, String>> {
    pairs.iter().map(|(c, o)| (c.to_string(), Ok(o.to_string()))).collect()
}

#[test]
fn a_row_that_matches_its_command_leaves_the_file_unchanged() {
    let text =
        fixture("| default | `cardtable chatsim --game certamen --games 20 --seed 1` | 1596 | 4.13 |\n");
    let tables = parse(&text).unwrap();
    assert_eq!(tables.len(), 1);
    assert_eq!(commands(&tables), vec!["cardtable chatsim --game certamen --games 20 --seed 1"]);
    let up = update(
        &text,
        &tables,
        &outputs(&[("cardtable chatsim --game certamen --games 20 --seed 1", CHATSIM_LINE)]),
    );
    assert!(up.mismatches.is_empty(), "{:?}", up.mismatches);
    assert!(up.problems.is_empty(), "{:?}", up.problems);
    assert_eq!(up.rows, 1);
    assert_eq!(up.text, text);
}

#[test]
fn a_row_that_differs_is_named_with_its_column_and_both_values_and_rewritten() {
    let command = "cardtable chatsim --game certamen --games 20 --seed 1";
    let text = fixture(&format!("| default | `{command}` | 1085 | 4.13 |\n"));
    let tables = parse(&text).unwrap();
    let up = update(&text, &tables, &outputs(&[(command, CHATSIM_LINE)]));
    assert_eq!(up.mismatches.len(), 1);
    let m = &up.mismatches[0];
    assert_eq!((m.table.as_str(), m.command.as_str(), m.column.as_str()), ("chat", command, "turns"));
    assert_eq!((m.written.as_str(), m.now.as_str()), ("1085", "1596"));
    let said = m.to_string();
    assert!(
        said.contains(command) && said.contains("turns") && said.contains("1085") && said.contains("1596")
    );
    // The text column and everything outside the markers are kept.
    assert_eq!(up.text, fixture(&format!("| default | `{command}` | 1596 | 4.13 |\n")));
    // Once rewritten, the check passes.
    let again = update(&up.text, &parse(&up.text).unwrap(), &outputs(&[(command, CHATSIM_LINE)]));
    assert!(again.mismatches.is_empty());
}

#[test]
fn a_key_missing_from_the_output_is_a_problem_not_a_blank() {
    let command = "cardtable chatsim --games 2 --seed 1";
    let text = format!(
        "<!-- figures:begin t -->\n| command | turns | idle pings/turn |\n|---|---|---|\n| `{command}` | 10 | 0.10 |\n<!-- figures:end t -->\n"
    );
    let tables = parse(&text).unwrap();
    let up = update(&text, &tables, &outputs(&[(command, CHATSIM_LINE)]));
    assert_eq!(up.problems.len(), 1, "{:?}", up.problems);
    let said = up.problems[0].to_string();
    assert!(said.contains("idle pings/turn") && said.contains(command), "{said}");
    // The row is left as written.
    assert_eq!(up.text, text);
    assert!(value_of(CHATSIM_LINE, "idle pings/turn").is_err());
}

#[test]
fn a_failed_command_is_a_problem_naming_its_row() {
    let command = "cardtable sim --games 2";
    let text =
        format!("<!-- figures:begin t -->\n| command | games |\n|---|---|\n| `{command}` | 2 |\n<!-- figures:end t -->\n");
    let tables = parse(&text).unwrap();
    let failed: BTreeMap<String, Result<String, String>> =
        [(command.to_owned(), Err("the command failed: boom".to_owned()))].into();
    let up = update(&text, &tables, &failed);
    assert_eq!(up.problems.len(), 1);
    assert!(up.problems[0].to_string().contains(command) && up.problems[0].to_string().contains("boom"));
}

#[test]
fn commands_other_than_this_binarys_offline_tools_are_refused() {
    assert_eq!(
        command_args("`cardtable sim --games 5 --seed 1`").unwrap(),
        ["sim", "--games", "5", "--seed", "1"]
    );
    for refused in [
        "`rm -rf /`",
        "`sh -c 'cardtable sim'`",
        "`cardtable bot`",
        "`cardtable figures`",
        "`cardtable loadtest --actions 10`",
        "`cardtable sim --games 5; rm x`",
        "`cardtable sim --games $(echo 5)`",
        "`cardtable sim > out`",
        "cardtable sim --games 5",
    ] {
        assert!(command_args(refused).is_err(), "{refused} was accepted");
    }
    // And a table holding one is refused as a whole, before anything runs.
    let text = "<!-- figures:begin t -->\n| command | games |\n|---|---|\n| `bash -c ls` | 2 |\n<!-- figures:end t -->\n";
    let problems = parse(text).unwrap_err();
    assert!(problems[0].to_string().contains("only commands of this binary"), "{problems:?}");
}

#[test]
fn keys_come_from_the_last_line_or_a_single_pair_line_before_it() {
    let sim =
        "  Hollow Court: won 601 of 1000 seats (60.1 %)\n  Cinderstorm: won 491 of 1000 seats (49.1 %)\n\
               games: 1000, finished: 1000, errors: 0, actions: 1178844, actions/s: 280298\n";
    assert_eq!(value_of(sim, "actions").unwrap(), "1178844");
    assert_eq!(value_of(sim, "Hollow Court").unwrap(), "won 601 of 1000 seats (60.1 %)");
    // An earlier line with commas is not a pair (chatsim's detail line).
    assert!(value_of(CHATSIM_LINE, "waits at a priority stop").is_err());
    assert!(value_of("", "games").is_err());
    let twice = "x: 1\nx: 2\ngames: 3\n";
    assert!(value_of(twice, "x").unwrap_err().contains("2 lines"));
}

#[test]
fn a_timing_is_never_written_into_a_table() {
    let command = "cardtable sim --games 5";
    let text = format!(
        "<!-- figures:begin t -->\n| command | actions | actions/s |\n|---|---|---|\n| `{command}` | 1 | 2 |\n<!-- figures:end t -->\n"
    );
    let up =
        update(&text, &parse(&text).unwrap(), &outputs(&[(command, "games: 5, actions: 1, actions/s: 9\n")]));
    assert_eq!(up.problems.len(), 1);
    assert!(up.problems[0].message.contains("timing"));
    let arena = "games: 2, a wins: 2, a move p50: 12 ms\n";
    let text = "<!-- figures:begin t -->\n| command | a wins | a move p50 |\n|---|---|---|\n\
                | `cardtable arena` | 2 | 12 ms |\n<!-- figures:end t -->\n";
    let up = update(text, &parse(text).unwrap(), &outputs(&[("cardtable arena", arena)]));
    assert_eq!(up.problems.len(), 1, "{:?}", up.problems);
}

#[test]
fn broken_markers_and_tables_are_named() {
    let cases = [
        ("<!-- figures:begin t -->\n| command |\n|---|\n", "no figures:end"),
        ("<!-- figures:end t -->\n", "without its begin"),
        ("<!-- figures:begin t -->\n| command |\n|---|\n<!-- figures:end u -->\n", "closed by"),
        ("<!-- figures:begin t -->\nprose\n| command |\n|---|\n<!-- figures:end t -->\n", "only a table"),
        ("<!-- figures:begin t -->\n| games |\n|---|\n<!-- figures:end t -->\n", "`command`"),
        ("<!-- figures:begin t text: stops -->\n| command |\n|---|\n<!-- figures:end t -->\n", "not in the header"),
        (
            "<!-- figures:begin t -->\n| command | games |\n|---|---|\n| `cardtable sim` |\n<!-- figures:end t -->\n",
            "1 cells for 2 columns",
        ),
        (
            "<!-- figures:begin t -->\n| command |\n|---|\n<!-- figures:end t -->\n\
             <!-- figures:begin t -->\n| command |\n|---|\n<!-- figures:end t -->\n",
            "two tables",
        ),
    ];
    for (text, expected) in cases {
        let problems = parse(text).expect_err(text);
        assert!(problems.iter().any(|p| p.to_string().contains(expected)), "{text}: {problems:?}");
    }
}

/// The real binary, on a fixture: `--check` fails naming the stale row,
/// the rewrite fixes it, and `--check` then passes.
#[test]
fn figures_check_fails_on_a_stale_row_and_passes_after_the_rewrite() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("FIXTURE.md");
    let command = "cardtable sim --game spheres --games 2 --seed 1";
    std::fs::write(
        &file,
        format!(
            "<!-- figures:begin sim -->\n| command | games | errors |\n|---|---|---|\n| `{command}` | 2 | 7 |\n<!-- figures:end sim -->\n"
        ),
    )
    .unwrap();
    let run = |check: bool| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_cardtable"));
        c.arg("figures").arg(&file);
        if check {
            c.arg("--check");
        }
        c.output().unwrap()
    };
    let stale = run(true);
    let said = String::from_utf8_lossy(&stale.stdout);
    assert!(!stale.status.success());
    assert!(
        said.contains(command) && said.contains("errors is written 7") && said.contains("gives 0"),
        "{said}"
    );
    assert!(run(false).status.success());
    assert!(std::fs::read_to_string(&file).unwrap().contains(&format!("| `{command}` | 2 | 0 |")));
    assert!(run(true).status.success());
}
