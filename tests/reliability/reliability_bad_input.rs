//! Bad input: whatever people type, paste or click, nothing panics, no
//! internal error is raised, and refusals are clear (non-empty, within one
//! Discord message). Property tests over the custom-id router, deck lists,
//! console lines, card and deck TOML files and slash-command arguments.

use crate::reliability_support;

use std::sync::OnceLock;

use cardtable::cards::spheres::SpheresDb;
use cardtable::console::{parse_line, Console};
use cardtable::games::{Library, GAMES};
use cardtable::loadtest::{store_matches, StoredMatch};
use cardtable::store::Store;
use cardtable::table::decks::{check_list, parse_deck_list};
use cardtable::table::{
    Command, DeckCommand, Outgoing, Place, Request, RequestKind, Table, TableError, UserRef,
};
use proptest::prelude::*;
use reliability_support::matches::{check_whole, library, offered_click, request, table_on};
use tokio::runtime::Runtime;

fn rt() -> &'static Runtime {
    static RT: OnceLock<Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
    })
}

/// Every game's cards, parsed once for the properties.
fn shared_library() -> &'static Library {
    static L: OnceLock<Library> = OnceLock::new();
    L.get_or_init(library)
}

/// One table with a match in play, shared by the properties.
struct Fixture {
    table: Table,
    m: StoredMatch,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        rt().block_on(async {
            let store = Store::open_memory().await.unwrap();
            let m = store_matches(&store, &library(), 1, 5).await.unwrap().remove(0);
            let table = table_on(store);
            for i in 0..6 {
                let Some(c) = offered_click(&table, &m, |n| i % n).await else { break };
                table.handle(request(&m, &c)).await.unwrap();
            }
            Fixture { table, m }
        })
    })
}

/// At most 200 characters of `text`, for failure messages.
fn short(text: &str) -> String {
    cardtable::view::truncate(text, 200)
}

/// The answer is fine: messages within Discord's limits, or a clear refusal.
fn well_answered(what: &str, result: &Result<Vec<Outgoing>, TableError>) -> Result<(), TestCaseError> {
    let what = &short(what);
    match result {
        Ok(out) => {
            for o in out {
                if let Outgoing::Post { message, .. } | Outgoing::Ephemeral { message, .. } = o {
                    let bad = message.limit_violations();
                    prop_assert!(bad.is_empty(), "{what}: a message breaks Discord limits: {bad:?}");
                }
            }
        }
        Err(e @ TableError::User(_)) => {
            // What the person is shown: the refusal as a message.
            let Outgoing::Ephemeral { message, .. } = e.reply(&"someone".into()) else {
                return Err(TestCaseError::fail(format!("{what}: a refusal is not an ephemeral reply")));
            };
            prop_assert!(!message.content.trim().is_empty(), "{what}: empty refusal");
            let bad = message.limit_violations();
            prop_assert!(bad.is_empty(), "{what}: the refusal breaks Discord limits: {bad:?}");
        }
        Err(e @ TableError::Internal { .. }) => {
            prop_assert!(
                false,
                "{what}: internal error instead of a clear refusal: {}",
                short(&e.to_string())
            );
        }
    }
    Ok(())
}

fn user(id: &str) -> UserRef {
    UserRef::new(id, id)
}

fn in_thread(user: UserRef, thread: &str, kind: RequestKind) -> Request {
    Request { user, place: Place::thread("general", thread), kind }
}

/// Text people might type: short, unicode, over-long, mentions, markup.
fn typed() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => ".{0,40}",
        2 => "\\PC{0,300}",
        1 => ".{1000,3000}",
        1 => Just(String::new()),
        1 => Just("   ".to_owned()),
        1 => "<@!?[0-9]{1,20}>",
        1 => "<#[0-9]{1,20}> @everyone `code` \\*\\*bold\\*\\* ||spoiler||",
        1 => Just("Ember Drake".to_owned()),
        1 => Just("spheres".to_owned()),
        1 => Just("🂡🂢🂣 ÅÄÖ ﷽ \u{202e}reversed \u{0}nul".to_owned()),
    ]
}

/// Custom ids: random text, and near misses of the real ones.
fn custom_id(match_id: i64) -> impl Strategy<Value = String> {
    let n =
        prop_oneof![Just(match_id.to_string()), "[0-9]{1,3}", "-?[0-9]{1,25}", "0[0-9]", Just(String::new())];
    let tag = prop_oneof![
        Just("a"),
        Just("as"),
        Just("hand"),
        Just("page"),
        Just("concede"),
        Just("concede!"),
        Just("claim"),
        Just("rematch"),
        Just("accept"),
        Just("decline"),
        Just("deck"),
        Just("dpage"),
        Just("zz"),
    ];
    prop_oneof![
        ".{0,120}",
        (tag, prop::collection::vec(n, 0..5)).prop_map(|(t, parts)| {
            let mut s = t.to_owned();
            for p in parts {
                s.push(':');
                s.push_str(&p);
            }
            s
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Clicks and selects with any custom id, by a player or a stranger:
    /// answered or clearly refused; a stranger never moves a match on.
    #[test]
    fn any_custom_id_is_answered_or_refused(id in custom_id(1), value in typed(), seated in any::<bool>()) {
        let f = fixture();
        let who = if seated { f.m.users[0].clone() } else { user("stranger") };
        let before = rt().block_on(f.table.store().load_match(f.m.id)).unwrap().version;
        for kind in [
            RequestKind::Click { custom_id: id.clone() },
            RequestKind::Select { custom_id: id.clone(), value: value.clone() },
        ] {
            let result = rt().block_on(f.table.handle(in_thread(who.clone(), "t1", kind)));
            well_answered(&format!("custom id {id:?}"), &result)?;
        }
        let after = rt().block_on(f.table.store().load_match(f.m.id)).unwrap().version;
        prop_assert!(seated || after == before, "a stranger's click {id:?} moved the match on");
        rt().block_on(check_whole(&f.table, f.m.id)).map_err(TestCaseError::fail)?;
    }

    /// Deck lists: parsed or refused with a line to fix; never a panic.
    #[test]
    fn any_deck_list_is_parsed_or_refused(list in prop_oneof![
        typed(),
        prop::collection::vec(("[0-9x]{0,4}", " ?", typed(), "(, |\n|\r\n| x[0-9]{1,12})?"), 0..30)
            .prop_map(|lines| lines.into_iter().map(|(a, b, c, d)| format!("{a}{b}{c}{d}")).collect()),
    ]) {
        match parse_deck_list(&list) {
            Ok(entries) => {
                prop_assert!(!entries.is_empty());
                for &game in GAMES {
                    if let Err(e) = check_list(shared_library().catalog(game), &entries) {
                        prop_assert!(!e.0.is_empty());
                    }
                }
            }
            Err(e) => prop_assert!(!e.0.trim().is_empty()),
        }
    }

    /// Console lines: parsed or answered with `error: …`; never a panic.
    #[test]
    fn any_console_line_is_answered(line in prop_oneof![
        typed(),
        ("@[a-zé]{0,8}", " ?(#[a-z-]{0,12} )?", "(/[a-z]{0,9}|click|select|wait|seed|bot)?", typed())
            .prop_map(|(u, p, c, rest)| format!("{u}{p}{c} {rest}")),
        ("(/challenge|/deck import|/card|/rule|/settings)", "( [a-z_]{1,9}:(\"[^\"]{0,20}\"?|\\S{0,20}))*")
            .prop_map(|(c, opts)| format!("@alice {c}{opts}")),
    ]) {
        let parsed = parse_line(&line, &|id: &str| user(id));
        let text = rt().block_on(async {
            let mut console = Console::new(Store::open_memory().await.unwrap());
            console.line(&line).await
        });
        let what = short(&line);
        prop_assert!(!text.contains("panicked"), "{what:?}: {}", short(&text));
        prop_assert!(!text.contains("went wrong on our side"), "{what:?}: an internal error: {}", short(&text));
        match parsed {
            // A blank line or a comment is the one line answered with nothing.
            Ok(cardtable::console::Line::Nothing) => prop_assert_eq!(text, ""),
            Ok(_) => prop_assert!(!text.trim().is_empty(), "{:?}: answered with nothing", what),
            Err(e) => {
                prop_assert!(!e.trim().is_empty(), "{:?}: a blank refusal", what);
                prop_assert_eq!(text, format!("error: {e}\n"), "{:?}: the refusal is not what was printed", what);
            }
        }
    }

    /// Slash commands with any arguments, anywhere: answered or clearly refused.
    #[test]
    fn any_slash_command_arguments_are_answered_or_refused(
        opponent_id in typed(),
        opponent_bot in any::<bool>(),
        a in typed(),
        b in typed(),
        game in prop_oneof![typed(), Just("spheres".to_owned()), Just("SPHERES ".to_owned())],
        hours in prop::option::of(any::<u32>()),
        pick in 0usize..12,
        thread in prop_oneof![Just("t1".to_owned()), typed()],
    ) {
        let f = fixture();
        let opponent = UserRef { id: opponent_id.as_str().into(), name: b.clone(), bot: opponent_bot };
        let opt = |s: &str| (!s.is_empty()).then(|| s.to_owned());
        let command = match pick {
            0 => Command::Challenge { opponent, game: game.clone(), deck: opt(&a), deadline_hours: hours, variant: opt(&b), seating: Default::default() },
            1 => Command::Card { name: a.clone(), game: opt(&game) },
            2 => Command::Rule { query: a.clone(), game: opt(&game) },
            3 => Command::Deck(DeckCommand::Import { name: a.clone(), game: game.clone(), list: b.clone() }),
            4 => Command::Deck(DeckCommand::Show { name: a.clone(), game: opt(&game) }),
            5 => Command::Deck(DeckCommand::Delete { name: a.clone(), game: opt(&game) }),
            6 => Command::Deck(DeckCommand::Export { name: a.clone(), game: opt(&game) }),
            7 => Command::Settings { hold_priority: hours.map(|h| h % 2 == 0), reminders: None, turn_dm: hours.map(|h| h % 3 == 0), auto_pass: None, orders: None, stops: None, board: None, server_board: None, manager: false },
            8 => Command::Hand,
            9 => Command::Board,
            10 => Command::Concede,
            _ => Command::Matches,
        };
        let who = if pick % 2 == 0 { f.m.users[1].clone() } else { user(&a) };
        let req = in_thread(who, &thread, RequestKind::Slash(command.clone()));
        let result = rt().block_on(f.table.handle(req));
        well_answered(&format!("{command:?}"), &result)?;
    }

    /// Card and deck files with damage (cut, spliced, garbled): loaded or
    /// refused with an error naming the file; never a panic.
    #[test]
    fn damaged_card_and_deck_files_are_refused_with_the_file_named(
        which in 0usize..64,
        cut in any::<prop::sample::Index>(),
        len in 0usize..400,
        splice in prop_oneof![".{0,20}", Just("\n[[card]]\n".to_owned()), Just("= 99999999999999999999".to_owned()), Just("\"".to_owned())],
        on_decks in any::<bool>(),
    ) {
        let files = card_files();
        let (mut cards, decks) = (files.cards.clone(), files.decks.clone());
        let k = which % cards.len();
        let target = if on_decks { decks.1.clone() } else { cards[k].1.clone() };
        let chars: Vec<char> = target.chars().collect();
        let at = cut.index(chars.len().max(1)).min(chars.len());
        let end = (at + len).min(chars.len());
        let damaged: String = chars[..at].iter().chain(splice.chars().collect::<Vec<_>>().iter()).chain(chars[end..].iter()).collect();
        let name = if on_decks { decks.0.clone() } else { cards[k].0.clone() };
        let decks = if on_decks { (decks.0.clone(), damaged) } else {
            cards[k].1 = damaged;
            decks
        };
        match SpheresDb::parse(&cards, (&decks.0, &decks.1)) {
            // Loaded: the collection check passes, or names the file too.
            Ok(db) => if let Err(e) = cardtable::cards::spheres::check::check_collection(&db) {
                let text = e.to_string();
                prop_assert!(text.contains(".toml"), "check error names no file: {text} (damaged {name})");
            }
            Err(e) => {
                let text = e.to_string();
                prop_assert!(!text.is_empty());
                // A syntax error names the damaged file; a broken rule names a file too.
                prop_assert!(text.contains(".toml"), "error names no file: {text} (damaged {name})");
            }
        }
    }
}

/// The real card and deck files of Spheres, as (path, text).
struct CardFiles {
    cards: Vec<(String, String)>,
    decks: (String, String),
}

fn card_files() -> &'static CardFiles {
    static F: OnceLock<CardFiles> = OnceLock::new();
    F.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/spheres");
        let mut cards = Vec::new();
        let mut decks = None;
        let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        paths.sort();
        for p in paths {
            let text = std::fs::read_to_string(&p).unwrap();
            let name = p.display().to_string();
            if p.file_name().is_some_and(|n| n == "decks.toml") {
                decks = Some((name, text));
            } else if p.extension().is_some_and(|e| e == "toml") {
                cards.push((name, text));
            }
        }
        CardFiles { cards, decks: decks.expect("cards/spheres/decks.toml") }
    })
}

#[test]
fn the_undamaged_files_load() {
    let f = card_files();
    let db = SpheresDb::parse(&f.cards, (&f.decks.0, &f.decks.1)).unwrap();
    cardtable::cards::spheres::check::check_collection(&db).unwrap();
}

/// Checked directly and as a person would meet it, `/deck import` with the
/// game's key: refused, naming the card that does not exist.
#[test]
fn every_registry_game_refuses_a_nonsense_deck_list_clearly() {
    let library = library();
    let table = rt().block_on(async { table_on(Store::open_memory().await.unwrap()) });
    for &game in GAMES {
        let entries = parse_deck_list("3 Nonexistent Card\n2 ☃").unwrap();
        let err = check_list(library.catalog(game), &entries).unwrap_err();
        assert!(err.0.contains("Nonexistent Card"), "{}: {}", game.key(), err.0);
        let import = DeckCommand::Import {
            name: "Mine".into(),
            game: game.key().to_uppercase(),
            list: "3 Nonexistent Card\n2 ☃".into(),
        };
        let req = Request {
            user: user("alice"),
            place: Place::channel("general"),
            kind: RequestKind::Slash(Command::Deck(import)),
        };
        match rt().block_on(table.handle(req)) {
            Err(TableError::User(e)) => assert!(e.0.contains("Nonexistent Card"), "{}: {}", game.key(), e.0),
            other => panic!("{}: the list was not refused: {other:?}", game.key()),
        }
    }
}

/// 3,006 characters, as if pasted by mistake; `spaced` has spaces, the
/// other is one word (the console splits words).
fn over_long(spaced: bool) -> String {
    let sep = if spaced { " " } else { "" };
    format!("Zephyr{sep}{}", "abcdefghij".repeat(300))
}

/// The reply quotes the start of `input` (at most 80 characters of it,
/// ending in "…") and is short.
fn quotes_only_the_start(what: &str, text: &str, input: &str) {
    let input = input.trim();
    let head: String = input.chars().take(20).collect();
    let at = text
        .find(&head)
        .unwrap_or_else(|| panic!("{what}: the input's start is not quoted: {}", short(text)));
    let quoted: String = text[at..].chars().take_while(|c| *c != '…').collect();
    assert!(text[at + quoted.len()..].starts_with('…'), "{what}: the quote has no ellipsis: {}", short(text));
    assert!(quoted.chars().count() < 80, "{what}: {} characters quoted", quoted.chars().count());
    let eighty: String = input.chars().take(80).collect();
    assert!(!text.contains(&eighty), "{what}: 80 characters of the input are quoted: {}", short(text));
    assert!(
        text.chars().count() <= 600,
        "{what}: a {}-character reply: {}",
        text.chars().count(),
        short(text)
    );
}

#[test]
fn refusals_quote_only_the_start_of_over_long_input() {
    rt().block_on(async {
        let table = table_on(Store::open_memory().await.unwrap());
        let (alice, bob) = (user("alice"), user("bob"));
        let long = over_long(true);
        let refusal = |result: Result<Vec<Outgoing>, TableError>| match result {
            Err(TableError::User(e)) => e.0,
            other => panic!("not a refusal: {other:?}"),
        };
        let slash = |who: &UserRef, command: Command| Request {
            user: who.clone(),
            place: Place::channel("general"),
            kind: RequestKind::Slash(command),
        };
        let some = |s: &str| Some(s.to_owned());
        let deck = |d: DeckCommand| Command::Deck(d);
        let challenge = |game: &str, deck: Option<String>| Command::Challenge {
            opponent: user("bob"),
            game: game.to_owned(),
            deck,
            deadline_hours: None,
            variant: None,
            seating: Default::default(),
        };
        let seated = |opponent: UserRef, seating: cardtable::table::Seating| Command::Challenge {
            opponent,
            game: "spheres".to_owned(),
            deck: None,
            deadline_hours: None,
            variant: None,
            seating: Box::new(seating),
        };
        let cases = [
            ("/card name", Command::Card { name: long.clone(), game: None }, long.clone()),
            ("/card game", Command::Card { name: "drake".into(), game: some(&long) }, long.clone()),
            ("/rule query", Command::Rule { query: long.clone(), game: None }, long.clone()),
            ("/rule game", Command::Rule { query: "tower".into(), game: some(&long) }, long.clone()),
            ("/deck show", deck(DeckCommand::Show { name: long.clone(), game: None }), long.clone()),
            ("/deck export", deck(DeckCommand::Export { name: long.clone(), game: None }), long.clone()),
            ("/deck delete", deck(DeckCommand::Delete { name: long.clone(), game: None }), long.clone()),
            (
                "/deck show game",
                deck(DeckCommand::Show { name: "Mine".into(), game: some(&long) }),
                long.clone(),
            ),
            (
                "/deck import game",
                deck(DeckCommand::Import {
                    name: "Mine".into(),
                    game: long.clone(),
                    list: "3 Ember Drake".into(),
                }),
                long.clone(),
            ),
            (
                "/deck import card",
                deck(DeckCommand::Import { name: "Mine".into(), game: "spheres".into(), list: long.clone() }),
                long.clone(),
            ),
            (
                "/deck import count",
                deck(DeckCommand::Import {
                    name: "Mine".into(),
                    game: "spheres".into(),
                    list: format!("3{}", over_long(false)),
                }),
                format!("3{}", over_long(false)),
            ),
            ("/challenge game", challenge(&long, None), long.clone()),
            ("/challenge deck", challenge("spheres", some(&long)), long.clone()),
            // Issue 54: these two echoed all of it.
            (
                "/challenge assembly",
                seated(
                    user("bob"),
                    cardtable::table::Seating { assembly: some(&long), ..Default::default() },
                ),
                long.clone(),
            ),
            (
                "/challenge level",
                seated(
                    UserRef::computer("cardtable"),
                    cardtable::table::Seating { level: some(&long), ..Default::default() },
                ),
                long.clone(),
            ),
        ];
        for (what, command, input) in cases {
            let text = refusal(table.handle(slash(&alice, command)).await);
            quotes_only_the_start(what, &text, &input);
        }
        // The deck chosen when accepting a challenge comes back as a menu value.
        table.handle(slash(&alice, challenge("spheres", None))).await.unwrap();
        for value in [format!("saved:{long}"), format!("starter:{long}"), long.clone()] {
            let select = Request {
                user: bob.clone(),
                place: Place::channel("general"),
                kind: RequestKind::Select { custom_id: "deck:1".into(), value: value.clone() },
            };
            let text = refusal(table.handle(select).await);
            quotes_only_the_start(&format!("deck menu {}", short(&value[..20])), &text, &long);
        }
    });
}

#[test]
fn console_errors_quote_only_the_start_of_over_long_input() {
    rt().block_on(async {
        let mut console = Console::new(Store::open_memory().await.unwrap());
        let (word, long) = (over_long(false), over_long(true));
        let lower = word.to_lowercase();
        let cases = [
            (word.clone(), word.clone()),
            (format!("@alice {word}"), lower.clone()),
            (format!("@alice /{word}"), lower.clone()),
            (format!("@alice /card {word}:x"), lower.clone()),
            (format!("@alice /deck {word}"), lower.clone()),
            (format!("@alice /challenge {word}"), word.clone()),
            (format!("@alice /challenge opponent:{word} game:spheres"), word.clone()),
            (format!("@alice /challenge opponent:@bob game:spheres deadline_hours:{word}"), word.clone()),
            (format!("@alice /settings hold_priority:{word}"), word.clone()),
            (format!("@alice /deck show name:{long}"), long.clone()),
        ];
        for (line, input) in cases {
            let text = console.line(&line).await;
            quotes_only_the_start(&short(&line), &text, &input);
        }
        console.line("@alice /challenge opponent:@bob game:spheres").await;
        let text = console.line(&format!("@bob click {long}")).await;
        assert!(text.contains("sees no button"), "{}", short(&text));
        quotes_only_the_start("click", &text, &long);
    });
}
