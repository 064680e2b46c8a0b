//! The commands around matches: decks, cards, settings, games, matches,
//! /board and /hand outside a thread, and hold-priority.

use crate::table_support;

use cardtable::cards::spheres::SpheresDb;
use cardtable::cards::Catalog;
use cardtable::engine::Viewer;
use cardtable::games::{AnyState, GameId, Library};
use cardtable::table::{Command, CustomId, DeckCommand, Outgoing, TableError};
use table_support::{spheres_challenge, user, Front};

fn refusal(r: Result<Vec<Outgoing>, TableError>) -> String {
    match r {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn ephemeral_text(out: &[Outgoing]) -> String {
    out.iter()
        .filter_map(|o| match o {
            Outgoing::Ephemeral { message, .. } => Some(serde_json::to_string(message).unwrap()),
            _ => None,
        })
        .collect()
}

/// A legal list: a starter deck written as "3 Name" lines.
fn starter_as_text(i: usize) -> (String, String) {
    let library = Library::embedded().unwrap();
    let catalog = library.catalog(GameId::Spheres);
    let deck = catalog.starter_deck(&catalog.starter_decks()[i].name).unwrap();
    let (name, cards) = (deck.name, deck.cards);
    let mut lines: Vec<(String, u32)> = Vec::new();
    for c in cards {
        match lines.iter_mut().find(|(n, _)| *n == c) {
            Some((_, k)) => *k += 1,
            None => lines.push((c, 1)),
        }
    }
    (name, lines.iter().map(|(n, k)| format!("{k} {n}")).collect::<Vec<_>>().join("\n"))
}

#[tokio::test]
async fn decks_are_imported_listed_used_and_deleted() {
    let mut f = Front::new().await;
    let (_, list) = starter_as_text(2);
    let import = |name: &str, list: &str| {
        Command::Deck(DeckCommand::Import { name: name.into(), game: "spheres".into(), list: list.into() })
    };
    // Errors name the line.
    let mut broken: Vec<&str> = list.lines().collect();
    broken[3] = "3 Nonexistent Whatsit";
    let e = refusal(f.slash("Alice", import("Mine", &broken.join("\n"))).await);
    assert!(e.starts_with("line 4 (\"3 Nonexistent Whatsit\")"), "{e}");
    let short: Vec<&str> = list.lines().skip(1).collect();
    let e = refusal(f.slash("Alice", import("Mine", &short.join("\n"))).await);
    assert!(e.contains("not legal"), "{e}");
    // A good list, comma-separated this time.
    let commas = list.lines().collect::<Vec<_>>().join(", ");
    f.slash("Alice", import("Mine", &commas)).await.unwrap();
    let out = f.slash("Alice", Command::Deck(DeckCommand::List)).await.unwrap();
    assert!(ephemeral_text(&out).contains("Mine"));
    let out = f
        .slash("Alice", Command::Deck(DeckCommand::Export { name: "mine".into(), game: None }))
        .await
        .unwrap();
    assert!(ephemeral_text(&out).contains("```"));
    // Others cannot see or use it.
    let e =
        refusal(f.slash("Bob", Command::Deck(DeckCommand::Show { name: "Mine".into(), game: None })).await);
    assert!(e.contains("no deck called"), "{e}");
    // A challenge with the saved deck (typo → did you mean).
    let challenge = |deck: &str| Command::Challenge {
        opponent: user("Bob"),
        game: "spheres".into(),
        deck: Some(deck.into()),
        deadline_hours: Some(24),
        variant: None,
        seating: Default::default(),
    };
    let e = refusal(f.slash("Alice", challenge("Mien")).await);
    assert!(e.contains("did you mean \"Mine\""), "{e}");
    f.slash("Alice", challenge("mine")).await.unwrap();
    let accept = f.button_on_last_post("Accept");
    let out = f.click("Bob", &accept).await.unwrap();
    let text = ephemeral_text(&out);
    for starter in f.table.library().catalog(GameId::Spheres).starter_decks() {
        let starter = starter.name;
        assert!(text.contains(&starter), "{starter} is offered");
    }
    f.slash("Alice", Command::Deck(DeckCommand::Delete { name: "Mine".into(), game: None })).await.unwrap();
    let e = refusal(
        f.slash("Alice", Command::Deck(DeckCommand::Delete { name: "Mine".into(), game: None })).await,
    );
    assert!(e.contains("no deck called"), "{e}");
    // The challenger's deck is gone: accepting cancels the challenge with a reason.
    let deck = f.table.library().catalog(GameId::Spheres).starter_decks()[1].name.clone();
    let e =
        refusal(f.select("Bob", &CustomId::Deck { challenge: 1 }.encode(), &format!("starter:{deck}")).await);
    assert!(e.contains("no longer exists"), "{e}");
}

#[tokio::test]
async fn cards_games_settings_and_matches() {
    let mut f = Front::new().await;
    let db = SpheresDb::embedded().unwrap();
    let name = db.cards[0].creature.name.clone();
    let out = f.slash("Alice", Command::Card { name: name.to_uppercase(), game: None }).await.unwrap();
    assert!(ephemeral_text(&out).contains(&db.cards[0].spell.name));
    let typo: String = name.chars().take(name.len() - 1).collect();
    let out = f.slash("Alice", Command::Card { name: typo, game: None }).await.unwrap();
    assert!(ephemeral_text(&out).contains("closest"));
    let out = f.slash("Alice", Command::Games).await.unwrap();
    let games = ephemeral_text(&out);
    assert!(games.contains("Spheres"));
    // A game for exactly two says so once, not "2–2 players".
    assert!(games.contains("(`certamen`, 2 players)"), "{games}");
    assert!(games.contains("(`athernum`, 2–4 players)"), "{games}");
    assert!(!games.contains("2–2"), "{games}");
    let out = f
        .slash(
            "Alice",
            Command::Settings {
                hold_priority: Some(true),
                reminders: Some(false),
                turn_dm: None,
                auto_pass: None,
                orders: None,
                stops: None,
                board: None,
                server_board: None,
                manager: false,
            },
        )
        .await
        .unwrap();
    assert!(ephemeral_text(&out).contains("Hold priority: **on**"));
    let s = f.table.store().user_settings("alice").await.unwrap();
    assert!(s.hold_priority && !s.dm_reminders);

    let e = refusal(f.slash("Alice", Command::Hand).await);
    assert!(e.contains("no match in progress"), "{e}");
    let id = f.start_match().await;
    let out = f.slash("Alice", Command::Matches).await.unwrap();
    assert!(ephemeral_text(&out).contains(&format!("#{id} Spheres vs Bob")));
    // /hand and /board outside the thread find the only match.
    let out = f.slash("Bob", Command::Hand).await.unwrap();
    assert!(matches!(&out[0], Outgoing::Ephemeral { to, .. } if to.0 == "bob"));
    let out = f.slash("Carol", Command::Board).await;
    assert!(out.is_err(), "Carol has no match");
    let out = f.slash("Bob", Command::Board).await.unwrap();
    assert!(matches!(&out[0], Outgoing::Post { key: Some(_), .. }));
}

/// Plays `clicks` clicks (choices rotate); returns the labels of the single
/// choices a player was left facing.
async fn play_rotating(f: &mut Front, id: i64, clicks: usize) -> Vec<String> {
    let mut single_choices = Vec::new();
    for n in 0..clicks {
        let row = f.table.store().load_match(id).await.unwrap();
        let s = AnyState::from_json(&row.state, f.table.library()).unwrap();
        if s.outcome().is_some() {
            break;
        }
        let seat = s.to_act()[0];
        let actions = s.view(Viewer::Seat(seat)).actions;
        if let [only] = actions.as_slice() {
            single_choices.push(only.label.clone());
        }
        let a = &actions[n % actions.len()];
        let who = ["Alice", "Bob"][seat.index()];
        f.click(who, &CustomId::Act { match_id: id, version: row.version, index: a.index }.encode())
            .await
            .unwrap();
    }
    single_choices
}

#[tokio::test]
async fn autopilot_leaves_no_single_choice_unless_priority_is_held() {
    // With auto_pass on (and no holding), a player is never left facing a
    // single choice.
    let mut f = Front::new().await;
    for who in ["Alice", "Bob"] {
        f.slash(
            who,
            Command::Settings {
                hold_priority: None,
                reminders: None,
                turn_dm: None,
                auto_pass: Some(true),
                orders: None,
                stops: None,
                board: None,
                server_board: None,
                manager: false,
            },
        )
        .await
        .unwrap();
    }
    let id = f.start_match().await;
    assert_eq!(play_rotating(&mut f, id, 300).await, Vec::<String>::new());

    // By default the table does not pass for a player when only their
    // hidden hand shows they have nothing (a retaliation window with
    // nothing affordable): the only single choices left are such passes.
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let singles = play_rotating(&mut f, id, 300).await;
    assert!(singles.iter().all(|l| l == "Pass" || l == "Go to battle"), "single choices left: {singles:?}");

    // Holding, the table answers nothing for them.
    let mut f = Front::new().await;
    for who in ["Alice", "Bob"] {
        f.slash(
            who,
            Command::Settings {
                hold_priority: Some(true),
                reminders: None,
                turn_dm: None,
                auto_pass: None,
                orders: None,
                stops: None,
                board: None,
                server_board: None,
                manager: false,
            },
        )
        .await
        .unwrap();
    }
    let id = f.start_match().await;
    play_rotating(&mut f, id, 300).await;
    let log = f.table.store().match_actions(id).await.unwrap();
    assert!(log.iter().all(|r| !r.action.contains("\"by\":\"autopilot\"")), "nothing was answered for them");
}

#[tokio::test]
async fn rulings_are_found_by_number_or_words() {
    let mut f = Front::new().await;
    let out = f.slash("Alice", Command::Rule { query: "4a".into(), game: None }).await.unwrap();
    let text = ephemeral_text(&out);
    assert!(text.contains("4a Second crystal"), "{text}");
    let out = f
        .slash("Alice", Command::Rule { query: "generic creature strength".into(), game: None })
        .await
        .unwrap();
    assert!(ephemeral_text(&out).contains("Back of the card"));
    let e = refusal(f.slash("Alice", Command::Rule { query: "xyzzy".into(), game: None }).await);
    assert!(e.contains("No Spheres ruling mentions"), "{e}");
}

#[tokio::test]
async fn a_numbered_ruling_links_to_the_heading_it_sits_under_and_back() {
    let mut f = Front::new().await;
    let out =
        f.slash("Alice", Command::Rule { query: "5c2".into(), game: Some("spheres".into()) }).await.unwrap();
    let [Outgoing::Ephemeral { message, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert!(message.embed.as_ref().unwrap().title.ends_with("5c2 Siege"), "{message:?}");
    let button = |m: &cardtable::table::Message, label: &str| {
        m.components.iter().map(|c| c.custom_id().to_owned()).zip(m.components.iter()).find_map(|(id, c)| {
            match c {
                cardtable::table::Component::Button { label: l, .. } if l.contains(label) => Some(id),
                _ => None,
            }
        })
    };
    let up = button(message, "Sequence of Play").expect("5c2 sits under the sequence of play");
    let out = f.click("Alice", &up).await.unwrap();
    let [Outgoing::Replace { message, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert!(message.embed.as_ref().unwrap().title.ends_with("Sequence of Play"), "{message:?}");
    assert!(button(message, "5c2 Siege").is_some() && button(message, "5d Retaliation").is_some());
    assert!(matches!(CustomId::decode(&up), Some(CustomId::Section(_))));
}

/// Issue 35, finding 4: a server nickname is the member's own text. Its
/// hidden characters (a right-to-left override that turns the rest of a
/// line around) are dropped, and its markdown is escaped, so a challenge,
/// a thread name and a board show the name as typed: no link, no bold, no
/// mention.
#[tokio::test]
async fn a_nickname_with_bidi_characters_and_markdown_is_shown_as_typed() {
    use cardtable::table::{Place, Request, RequestKind, UserRef};
    let mut f = Front::new().await;
    let hostile = "**Mal**\u{202E}lory [x](e.x) <@456>";
    let deck = f.table.library().catalog(GameId::Spheres).starter_decks()[0].name.clone();
    let challenge = spheres_challenge(user("Bob"), &deck);
    let req = Request {
        user: UserRef::new("mallory", hostile),
        place: Place::channel("general"),
        kind: RequestKind::Slash(challenge),
    };
    let out = f.table.handle(req).await.unwrap();
    f.deliver(&out).await;
    let accept = f.button_on_last_post("Accept");
    f.click("Bob", &accept).await.unwrap();
    f.select("Bob", &CustomId::Deck { challenge: 1 }.encode(), &format!("starter:{deck}")).await.unwrap();

    let shown = "\\*\\*Mal\\*\\* lory \\[x\\](e.x) \\<\\@456\\>";
    let thread = f
        .all
        .iter()
        .find_map(|o| match o {
            Outgoing::CreateThread { name, .. } => Some(name.clone()),
            _ => None,
        })
        .expect("the match opened a thread");
    assert!(thread.starts_with(&format!("{shown} vs Bob")), "{thread}");
    assert_eq!(
        cardtable::view::unescape_markdown(&thread).split(" vs ").next(),
        Some("**Mal** lory [x](e.x) <@456>")
    );
    let mut seen = 0;
    for (_, m, _) in &f.posts {
        let text = format!("{m:?}");
        assert!(!text.contains('\u{202E}'), "a post keeps the override: {text}");
        if text.contains("Mal") {
            assert!(
                text.contains(&format!("{shown:?}").trim_matches('"').to_owned()),
                "unescaped name: {text}"
            );
            seen += 1;
        }
    }
    assert!(seen >= 2, "the challenge and the board name Mallory");
    let stored = f.table.store().user_name("mallory").await.unwrap().unwrap();
    assert_eq!(stored, shown);
}

/// Issue 35, finding 6: `/privacy` gives a person every record that names
/// them, as a file only they get, and nothing of anyone else's.
#[tokio::test]
async fn privacy_gives_each_person_their_own_records_as_a_file() {
    let mut f = Front::new().await;
    let (_, list) = starter_as_text(2);
    let import = Command::Deck(DeckCommand::Import { name: "Mine".into(), game: "spheres".into(), list });
    f.slash("Alice", import).await.unwrap();
    let deck = f.table.library().catalog(GameId::Spheres).starter_decks()[0].name.clone();
    f.slash("Alice", spheres_challenge(user("Bob"), &deck)).await.unwrap();

    let file_of = |out: Vec<Outgoing>| -> (String, serde_json::Value) {
        let [Outgoing::File { to, file_name, contents, message }] = &out[..] else {
            panic!("one private file: {out:?}")
        };
        assert!(format!("{message:?}").contains("saved decks: "), "{message:?}");
        assert_eq!(file_name, "cardtable-my-data.json");
        (to.0.clone(), serde_json::from_str(contents).expect("the file is JSON"))
    };
    let (to, alice) =
        file_of(f.slash("Alice", Command::Privacy { erase: None, confirm: None }).await.unwrap());
    assert_eq!(to, "alice");
    assert_eq!(alice["user"], "alice");
    assert_eq!(alice["account and settings"][0]["name"], "Alice");
    assert_eq!(alice["saved decks"][0]["name"], "Mine");
    assert!(alice["saved decks"][0]["cards"].as_str().unwrap().contains('\n'), "the list itself");
    assert_eq!(alice["challenges"][0]["you_challenged"], 1);
    // Issue 54: the limit mark of that challenge, with when it goes.
    let marks = &alice["limit marks (kept an hour, through an erasure)"];
    assert_eq!(marks[0]["kind"], "challenge", "{marks}");
    assert_eq!(marks[0]["deleted_at"].as_i64().unwrap() - marks[0]["at"].as_i64().unwrap(), 3600);

    // Bob was only challenged: he sees that challenge, and no deck of Alice's.
    let (to, bob) = file_of(f.slash("Bob", Command::Privacy { erase: None, confirm: None }).await.unwrap());
    assert_eq!(to, "bob");
    assert_eq!(bob["challenges"][0]["you_challenged"], 0);
    assert_eq!(bob["saved decks"], serde_json::json!([]));
    assert!(!bob.to_string().contains("alice\""), "nothing keyed by Alice: {bob}");
}
