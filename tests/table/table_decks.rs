//! `/deck`: replacing a saved deck asks first, starter decks cannot be
//! deleted, a wrong name gets suggestions, and an export imports back.

use crate::table_support;

use cardtable::games::{GameId, Library};
use cardtable::table::{Command, Component, CustomId, DeckCommand, Message, Outgoing, TableError};
use table_support::Front;

fn refusal(r: Result<Vec<Outgoing>, TableError>) -> String {
    match r {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn ephemeral(out: &[Outgoing]) -> &Message {
    out.iter()
        .find_map(|o| match o {
            Outgoing::Ephemeral { message, .. } => Some(message),
            _ => None,
        })
        .expect("a private reply")
}

fn title(m: &Message) -> &str {
    &m.embed.as_ref().expect("an embed").title
}

fn description(m: &Message) -> &str {
    &m.embed.as_ref().expect("an embed").description
}

/// Starter deck `i` written as "3 Name" lines.
fn starter_as_text(i: usize) -> String {
    let library = Library::embedded().unwrap();
    let catalog = library.catalog(GameId::Spheres);
    let deck = catalog.starter_deck(&catalog.starter_decks()[i].name).unwrap();
    let mut lines: Vec<(String, u32)> = Vec::new();
    for c in deck.cards {
        match lines.iter_mut().find(|(n, _)| *n == c) {
            Some((_, k)) => *k += 1,
            None => lines.push((c, 1)),
        }
    }
    lines.iter().map(|(n, k)| format!("{k} {n}")).collect::<Vec<_>>().join("\n")
}

fn import(name: &str, list: &str) -> Command {
    Command::Deck(DeckCommand::Import { name: name.into(), game: "spheres".into(), list: list.into() })
}

fn show(name: &str) -> Command {
    Command::Deck(DeckCommand::Show { name: name.into(), game: None })
}

/// The list `/deck show` prints for a deck.
async fn shown(f: &mut Front, name: &str) -> String {
    description(ephemeral(&f.slash("Alice", show(name)).await.unwrap())).to_owned()
}

#[tokio::test]
async fn importing_under_a_saved_name_shows_the_changes_and_replaces_only_when_asked() {
    let mut f = Front::new().await;
    let (old, new) = (starter_as_text(0), starter_as_text(1));
    f.slash("Alice", import("Mine", &old)).await.unwrap();
    let before = shown(&mut f, "Mine").await;

    // The same name (any case), another list: nothing changes yet.
    let out = f.slash("Alice", import("mine", &new)).await.unwrap();
    let ask = ephemeral(&out).clone();
    assert!(title(&ask).contains("already have a Spheres deck \"mine\""), "{}", title(&ask));
    let first_new = new.lines().next().unwrap().split_once(' ').unwrap().1;
    let first_old = old.lines().next().unwrap().split_once(' ').unwrap().1;
    assert!(description(&ask).contains(&format!("{first_new}: 3 (new)")), "{}", description(&ask));
    assert!(description(&ask).contains(&format!("{first_old}: 3 → none")), "{}", description(&ask));
    assert_eq!(shown(&mut f, "Mine").await, before);
    let Some(Component::Button { custom_id, label, .. }) = ask.components.first() else {
        panic!("no button: {ask:?}")
    };
    assert_eq!(label, "Replace it");
    assert!(matches!(CustomId::decode(custom_id), Some(CustomId::DeckReplace { .. })));

    // Nobody else can use the button.
    assert!(refusal(f.click("Bob", custom_id).await).contains("Only the player who imported"));
    assert_eq!(shown(&mut f, "Mine").await, before);

    // The click replaces, once.
    let out = f.click("Alice", custom_id).await.unwrap();
    assert!(title(ephemeral(&out)).starts_with("Replaced Spheres deck \"mine\""));
    let after = shown(&mut f, "Mine").await;
    assert_ne!(after, before);
    assert!(after.contains(first_new), "{after}");
    assert!(refusal(f.click("Alice", custom_id).await).contains("already made"));

    // The same list again changes nothing and asks nothing.
    let out = f.slash("Alice", import("Mine", &new)).await.unwrap();
    assert!(title(ephemeral(&out)).contains("already has this list"));
    assert!(ephemeral(&out).components.is_empty());
}

#[tokio::test]
async fn a_newer_import_supersedes_the_waiting_replacement() {
    let mut f = Front::new().await;
    f.slash("Alice", import("Mine", &starter_as_text(0))).await.unwrap();
    let first = f.slash("Alice", import("Mine", &starter_as_text(1))).await.unwrap();
    let Some(Component::Button { custom_id: stale, .. }) = ephemeral(&first).components.first().cloned()
    else {
        panic!("no button")
    };
    let second = f.slash("Alice", import("Mine", &starter_as_text(2))).await.unwrap();
    let Some(Component::Button { custom_id: fresh, .. }) = ephemeral(&second).components.first().cloned()
    else {
        panic!("no button")
    };
    assert!(refusal(f.click("Alice", &stale).await).contains("newer import"));
    f.click("Alice", &fresh).await.unwrap();
    let third = starter_as_text(2);
    let first_card = third.lines().next().unwrap().split_once(' ').unwrap().1;
    assert!(shown(&mut f, "Mine").await.contains(first_card));
}

#[tokio::test]
async fn deleting_a_starter_deck_says_starter_decks_are_built_in() {
    let mut f = Front::new().await;
    let delete = |name: &str, game: Option<&str>| {
        Command::Deck(DeckCommand::Delete { name: name.into(), game: game.map(Into::into) })
    };
    let e = refusal(f.slash("Alice", delete("clockwork skies", None)).await);
    assert!(e.starts_with("\"Clockwork Skies\" is a starter deck"), "{e}");
    assert!(e.contains("cannot be deleted"), "{e}");
    let e = refusal(f.slash("Alice", delete("Clockwork Skies", Some("spheres"))).await);
    assert!(e.contains("built in"), "{e}");
    // A name that is neither: not found, with suggestions.
    let e = refusal(f.slash("Alice", delete("Clockwork Skys", None)).await);
    assert!(e.contains("no deck called \"Clockwork Skys\""), "{e}");
    assert!(e.contains("did you mean \"Clockwork Skies\""), "{e}");
}

#[tokio::test]
async fn showing_a_misspelt_deck_suggests_close_names() {
    let mut f = Front::new().await;
    f.slash("Alice", import("Tower Rush", &starter_as_text(3))).await.unwrap();
    let e = refusal(f.slash("Alice", show("Towr Rush")).await);
    assert!(e.contains("no deck called \"Towr Rush\""), "{e}");
    assert!(e.contains("did you mean \"Tower Rush\"?"), "{e}");
    let e = refusal(f.slash("Alice", show("Moonlit Vail")).await);
    assert!(e.contains("did you mean \"Moonlit Veil\""), "{e}");
    let e = refusal(f.slash("Alice", show("zzzzzz")).await);
    assert!(!e.contains("did you mean"), "{e}");
    assert!(e.contains("See /deck list"), "{e}");
    // Bob's decks are his own: Alice's name is not suggested to him.
    let e = refusal(f.slash("Bob", show("Towr Rush")).await);
    assert!(!e.contains("Tower Rush"), "{e}");
}

/// The code blocks of an export, in order.
fn code_blocks(text: &str) -> Vec<String> {
    text.split("```").skip(1).step_by(2).map(|b| b.trim().to_owned()).collect()
}

#[tokio::test]
async fn an_exported_deck_imports_back_on_one_line_and_on_many() {
    let mut f = Front::new().await;
    f.slash("Alice", import("Mine", &starter_as_text(2))).await.unwrap();
    let export = |name: &str| Command::Deck(DeckCommand::Export { name: name.into(), game: None });
    for deck in ["Mine", "Verdant Engine"] {
        let out = f.slash("Alice", export(deck)).await.unwrap();
        let blocks = code_blocks(description(ephemeral(&out)));
        let [one_line, many_lines] = blocks.as_slice() else { panic!("two forms: {blocks:?}") };
        assert_eq!(one_line.lines().count(), 1, "{one_line}");
        assert!(many_lines.lines().count() > 1, "{many_lines}");
        // Discord turns the line breaks of a pasted list into spaces.
        let pasted = many_lines.replace('\n', " ");
        let original = f.slash("Alice", show(deck)).await.unwrap();
        let original = description(ephemeral(&original)).to_owned();
        for (copy, list) in [("One", one_line), ("Many", many_lines), ("Pasted", &pasted)] {
            f.slash("Alice", import(copy, list)).await.unwrap();
            assert_eq!(shown(&mut f, copy).await, original, "{copy} from {deck}");
            f.slash("Alice", Command::Deck(DeckCommand::Delete { name: copy.into(), game: None }))
                .await
                .unwrap();
        }
    }
}

fn first_draft_challenge(deck: Option<&str>) -> Command {
    Command::Challenge {
        opponent: table_support::user("Bob"),
        game: "spheres".into(),
        deck: deck.map(String::from),
        deadline_hours: None,
        variant: Some("first-draft".into()),
        seating: Default::default(),
    }
}

#[tokio::test]
async fn first_draft_challenges_refuse_48_card_decks_and_offer_the_first_draft_starters() {
    let mut f = Front::new().await;
    let library = Library::embedded().unwrap();
    let catalog = library.catalog(GameId::Spheres);
    let (rulebook, draft) = (catalog.starter_decks(), catalog.variant_decks(Some("first-draft")));
    assert!(!draft.is_empty(), "first-draft starter decks exist");
    assert!(
        draft.iter().all(|d| !rulebook.iter().any(|r| r.name == d.name)),
        "the variant has its own decks"
    );

    // A rulebook starter (48 cards) is refused, naming why and what fits.
    let why = refusal(f.slash("Alice", first_draft_challenge(Some(&rulebook[0].name))).await);
    assert!(why.contains("50"), "{why}");
    assert!(why.contains(&draft[0].name), "the refusal names a deck that fits: {why}");
    assert!(f.posts.is_empty(), "nothing posted for a refused challenge");

    // With a first-draft deck the challenge is posted; Bob's choice lists
    // only decks legal in the variant.
    f.slash("Alice", first_draft_challenge(Some(&draft[0].name))).await.unwrap();
    let accept = f.button_on_last_post("Accept");
    let out = f.click("Bob", &accept).await.unwrap();
    let choice = ephemeral(&out);
    let Some(Component::Select { custom_id, options, .. }) = choice.components.first() else {
        panic!("no deck select: {choice:?}")
    };
    let offered: Vec<&str> = options.iter().map(|o| o.label.as_str()).collect();
    let names: Vec<&str> = draft.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(offered, names, "only the first-draft decks are offered");
    let value = options[1].value.clone();
    let custom_id = custom_id.clone();
    let out = f.select("Bob", &custom_id, &value).await.unwrap();
    assert!(
        out.iter().any(|o| matches!(o, Outgoing::CreateThread { .. })),
        "the match starts with Bob's first-draft deck: {out:?}"
    );
}

#[tokio::test]
async fn first_draft_refuses_assembly_methods_that_build_rulebook_decks_and_allows_mirror() {
    let mut f = Front::new().await;
    let with = |assembly: &str| Command::Challenge {
        opponent: table_support::user("Bob"),
        game: "spheres".into(),
        deck: None,
        deadline_hours: None,
        variant: Some("first-draft".into()),
        seating: Box::new(cardtable::table::Seating {
            assembly: Some(assembly.into()),
            ..Default::default()
        }),
    };
    for method in ["closed-draft", "random", "set-selection"] {
        let why = refusal(f.slash("Alice", with(method)).await);
        assert!(why.contains(&format!("assembly:{method}")) && why.contains("mirror"), "{why}");
    }
    assert!(f.posts.is_empty(), "nothing posted for refused challenges");
    // Mirror plays the challenger's (first-draft) deck for everyone.
    f.slash("Alice", with("mirror")).await.unwrap();
    let accept = f.button_on_last_post("Accept");
    let out = f.click("Bob", &accept).await.unwrap();
    assert!(out.iter().any(|o| matches!(o, Outgoing::CreateThread { .. })), "{out:?}");
}

#[tokio::test]
async fn a_deck_name_with_bidi_control_or_invisible_characters_is_refused() {
    let mut f = Front::new().await;
    let list = starter_as_text(1);
    // A right-to-left override would show "Mine" reversed (and what follows it);
    // a zero-width space hides inside a name; a control character is never text.
    for name in ["Mine\u{202E}kcah", "Cl\u{200B}ockwork Skies", "Mi\u{0007}ne", "\u{2067}Mine\u{2069}"] {
        let e = refusal(f.slash("Alice", import(name, &list)).await);
        assert!(e.contains("control, invisible or text-direction characters"), "{name:?}: {e}");
    }
    assert!(f.table.store().decks("alice", None).await.unwrap().is_empty(), "nothing was saved");
}

/// Issue 54, finding 5: a deck name of characters that look blank
/// (Hangul filler, blank Braille pattern) or hiding one is refused, as
/// the README promises for invisible characters.
#[tokio::test]
async fn a_deck_name_of_blank_looking_characters_is_refused() {
    let mut f = Front::new().await;
    let list = starter_as_text(1);
    for name in ["\u{3164}", "\u{2800}", "Mine\u{3164}", "\u{FFA0}\u{115F}"] {
        let e = refusal(f.slash("Alice", import(name, &list)).await);
        assert!(e.contains("control, invisible or text-direction characters"), "{name:?}: {e}");
    }
    assert!(f.table.store().decks("alice", None).await.unwrap().is_empty(), "nothing was saved");
}

#[tokio::test]
async fn a_deck_name_that_looks_like_a_starter_deck_is_refused() {
    let mut f = Front::new().await;
    let list = starter_as_text(1);
    // A Cyrillic "о", a Greek "Κ", and "rn" posing as "m".
    for name in ["Cl\u{043E}ckwork Skies", "Cl\u{043E}c\u{039A}work skies", "Wildfire Horde", "Moonlit Veil"]
    {
        let e = refusal(f.slash("Alice", import(name, &list)).await);
        assert!(e.contains("starter deck"), "{name:?}: {e}");
    }
    let e = refusal(f.slash("Alice", import("Ashen Requiern", &list)).await);
    assert!(e.contains("looks like the starter deck Ashen Requiem"), "{e}");
    // A name of one's own is fine.
    f.slash("Alice", import("Clockwork Skies II", &list)).await.unwrap();
}

/// Issue 35, finding 5: one person keeps at most `MAX_DECKS` decks, so
/// `/deck list` and deck autocomplete stay instant; a new name beyond the
/// cap is refused with the cap named, while replacing a kept deck is not.
#[tokio::test]
async fn no_more_than_max_decks_are_kept_per_person() {
    use cardtable::table::decks::MAX_DECKS;
    let mut f = Front::new().await;
    let store = f.table.store().clone();
    for i in 0..MAX_DECKS - 1 {
        store
            .save_deck("alice", "spheres", &format!("Deck {i}"), "3 Ember Imp", MAX_DECKS)
            .await
            .unwrap()
            .unwrap();
    }
    let list = starter_as_text(1);
    // The last one fits, through the table.
    f.slash("Alice", import("The last", &list)).await.unwrap();
    assert_eq!(store.deck_count("alice").await.unwrap(), MAX_DECKS);
    let e = refusal(f.slash("Alice", import("One too many", &list)).await);
    assert!(e.contains(&format!("already keep {MAX_DECKS} saved decks")), "{e}");
    assert!(e.contains("/deck delete"), "says how to make room: {e}");
    assert!(store.deck("alice", "spheres", "One too many").await.unwrap().is_none());
    // A kept name is still replaced (asked first, then the button).
    let out = f.slash("Alice", import("Deck 0", &list)).await.unwrap();
    let Some(Component::Button { custom_id, .. }) = ephemeral(&out).components.first().cloned() else {
        panic!("no button: {out:?}")
    };
    f.click("Alice", &custom_id).await.unwrap();
    assert_eq!(store.deck_count("alice").await.unwrap(), MAX_DECKS);
    // Deleting one makes room again; someone else was never limited.
    f.slash("Alice", Command::Deck(DeckCommand::Delete { name: "Deck 1".into(), game: None })).await.unwrap();
    f.slash("Alice", import("One too many", &list)).await.unwrap();
    f.slash("Bob", import("Bob's", &list)).await.unwrap();
}

/// A replacement never adds a deck: once the deck it replaces is deleted,
/// the button says so and saves nothing (so it cannot pass the cap).
#[tokio::test]
async fn a_replacement_of_a_deleted_deck_saves_nothing() {
    let mut f = Front::new().await;
    f.slash("Alice", import("Mine", &starter_as_text(0))).await.unwrap();
    let out = f.slash("Alice", import("Mine", &starter_as_text(1))).await.unwrap();
    let Some(Component::Button { custom_id, .. }) = ephemeral(&out).components.first().cloned() else {
        panic!("no button: {out:?}")
    };
    f.slash("Alice", Command::Deck(DeckCommand::Delete { name: "Mine".into(), game: None })).await.unwrap();
    let e = refusal(f.click("Alice", &custom_id).await);
    assert!(e.contains("no longer have a deck \"Mine\""), "{e}");
    assert!(f.table.store().decks("alice", None).await.unwrap().is_empty());
}
