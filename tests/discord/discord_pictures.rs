//! The board as a picture on Discord (issue 34): a board whose players
//! asked for pictures carries its PNG as an attachment, shown as the
//! embed's image (`attachment://board.png`) with the text board's summary
//! as alt text, on every post and every edit in place; a position is drawn
//! once; a hand can come as a picture too, and a hand refreshed in place
//! carries its new picture or clears the old one; text (the default) sends
//! no file. Every request is checked by the fake Discord, multipart bodies
//! included (`discord_support::rules::file_problems`).

use serde_json::{json, Value};

use cardtable::discord::{answer_slash, deliver, on_component};
use cardtable::table::{Command, CustomId, Message, Outgoing, Table, UserId};
use cardtable::view::{Embed, Picture};

use crate::discord_support;
use discord_support::*;

/// Manage Server, as Discord numbers it.
const MANAGE_GUILD: u64 = 1 << 5;

fn settings(board: Option<&str>, server_board: Option<&str>) -> Command {
    Command::Settings {
        hold_priority: None,
        reminders: None,
        turn_dm: None,
        auto_pass: None,
        orders: None,
        stops: None,
        board: board.map(str::to_owned),
        server_board: server_board.map(str::to_owned),
        manager: false,
    }
}

/// `user` runs `/settings` with `command`, as a member with `permissions`;
/// returns the calls.
async fn set(
    discord: &FakeDiscord,
    table: &Table,
    user: (u64, &str),
    permissions: u64,
    command: Command,
) -> Vec<Call> {
    let interaction = slash_with_permissions(user, CHANNEL, "settings", permissions);
    answer_slash(&discord.http, table, &interaction, async { Ok(command) }).await.unwrap();
    discord.take()
}

/// The board calls (posts and edits in `thread`) among `calls`.
fn board_calls(calls: &[Call], thread: u64) -> Vec<&Call> {
    let path = format!("/api/v10/channels/{thread}/messages");
    calls
        .iter()
        .filter(|c| {
            c.ok && (c.method == "POST" && c.path == path || c.method == "PATCH" && c.path.starts_with(&path))
        })
        .filter(|c| !c.body["embeds"].as_array().is_none_or(Vec::is_empty))
        .collect()
}

/// Checks that `call` carries exactly one PNG named `name`, shown as its
/// embed's image, with alt text; returns the PNG.
fn picture_of<'a>(call: &'a Call, name: &str) -> &'a [u8] {
    assert_eq!(call.files.len(), 1, "one file: {:?}", call.body);
    let file = &call.files[0];
    assert_eq!(file.filename, name);
    assert_eq!(&file.bytes[1..4], b"PNG");
    assert!(file.bytes.len() <= cardtable::picture::MAX_PNG_BYTES, "{} bytes", file.bytes.len());
    assert_eq!(
        call.body["embeds"][0]["image"]["url"],
        json!(format!("attachment://{name}")),
        "{}",
        call.body
    );
    let attachments = call.body["attachments"].as_array().expect("attachments listed");
    assert_eq!(attachments.len(), 1, "{}", call.body);
    let alt = attachments[0]["description"].as_str().unwrap_or("");
    assert!(!alt.trim().is_empty(), "the picture has alt text: {}", call.body);
    &file.bytes
}

fn alt_text(call: &Call) -> String {
    call.body["attachments"][0]["description"].as_str().unwrap_or("").to_owned()
}

fn fields(call: &Call) -> usize {
    call.body["embeds"][0]["fields"].as_array().map_or(0, Vec::len)
}

#[tokio::test]
async fn a_pictured_board_carries_its_png_on_post_and_on_edit_and_draws_each_version_once() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    set(&discord, &table, A, 0, settings(Some("both"), None)).await;
    let (thread, match_id) = open_match(&discord, &table).await;
    assert_eq!(table.pictures().drawn(), 1, "the first board was drawn");

    // The board posted by the accept carried it (the calls were taken by
    // `open_match`): /board posts the same version anew, from the cache.
    answer_slash(http, &table, &slash(A, thread, "board"), async { Ok(Command::Board) }).await.unwrap();
    let calls = discord.take();
    let posted = board_calls(&calls, thread);
    assert_eq!(posted.len(), 1, "{calls:#?}");
    let first = picture_of(posted[0], "board.png").to_vec();
    assert!(
        ["Turn 1", "Alice", "Bob"].iter().all(|w| alt_text(posted[0]).contains(w)),
        "alt text is the board's summary: {}",
        alt_text(posted[0])
    );
    assert!(fields(posted[0]) > 0, "both: the seats' lists stay in the text");
    assert_eq!(table.pictures().drawn(), 1, "the same version is never drawn twice");

    // A move that keeps the turn edits the board in place, picture and all.
    let first_player = to_act(&table, match_id, [A, B]).await;
    let hand = open_hand(&discord, &table, first_player, thread, match_id).await;
    let crystal = button_starting(&hand, "Crystallize").expect("a crystal is offered");
    on_component(http, &table, &click(first_player, thread, &crystal)).await;
    let calls = discord.take();
    let edit = board_calls(&calls, thread)
        .into_iter()
        .find(|c| c.method == "PATCH")
        .unwrap_or_else(|| panic!("the board is edited in place: {calls:#?}"));
    let edited = picture_of(edit, "board.png");
    assert_ne!(edited, first.as_slice(), "the edit shows the new position");
    // Alice asked for pictures, Bob did not: her hand is drawn when she opens
    // it and again when the click refreshes it (a card left it); his never.
    let hands = calls.iter().flat_map(|c| &c.files).filter(|f| f.filename == "hand.png").count();
    assert_eq!(hands, usize::from(first_player == A), "only Alice's refreshed hand is pictured: {calls:#?}");
    let hand_draws = 2 * u64::from(first_player == A);
    assert_eq!(table.pictures().drawn(), 2 + hand_draws, "one more board (and Alice's hand, twice)");
}

#[tokio::test]
async fn text_boards_and_hands_send_no_file() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let (thread, match_id) = open_match(&discord, &table).await;
    answer_slash(&discord.http, &table, &slash(A, thread, "board"), async { Ok(Command::Board) })
        .await
        .unwrap();
    let calls = discord.take();
    let posted = board_calls(&calls, thread);
    assert_eq!(posted.len(), 1, "{calls:#?}");
    assert!(posted[0].files.is_empty());
    assert_eq!(posted[0].body["embeds"][0].get("image"), None, "{}", posted[0].body);
    assert!(posted[0].body["attachments"].as_array().is_none_or(Vec::is_empty), "{}", posted[0].body);
    assert!(fields(posted[0]) > 0);
    let hand = CustomId::Hand { match_id }.encode();
    on_component(&discord.http, &table, &click(A, thread, &hand)).await;
    let calls = discord.take();
    assert!(calls.iter().all(|c| c.files.is_empty()), "{calls:#?}");
    assert_eq!(table.pictures().drawn(), 0, "nothing drawn for text");
}

#[tokio::test]
async fn image_for_every_player_leaves_the_seats_to_the_picture() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    set(&discord, &table, A, 0, settings(Some("image"), None)).await;
    set(&discord, &table, B, 0, settings(Some("IMAGE"), None)).await;
    let (thread, _) = open_match(&discord, &table).await;
    answer_slash(&discord.http, &table, &slash(A, thread, "board"), async { Ok(Command::Board) })
        .await
        .unwrap();
    let calls = discord.take();
    let posted = board_calls(&calls, thread);
    picture_of(posted[0], "board.png");
    assert_eq!(fields(posted[0]), 0, "the seats' lists are in the picture: {}", posted[0].body);
    assert!(posted[0].body["embeds"][0]["description"].as_str().is_some_and(|d| !d.is_empty()));
}

#[tokio::test]
async fn the_server_default_is_a_managers_and_a_players_own_choice_wins() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    // A member without Manage Server cannot set it.
    let calls = set(&discord, &table, A, 0, settings(None, Some("image"))).await;
    assert!(private_text(&calls).contains("Manage Server"), "{}", private_text(&calls));
    let calls = set(&discord, &table, C, MANAGE_GUILD, settings(None, Some("both"))).await;
    assert!(private_text(&calls).contains("This server's default: **both**"), "{}", private_text(&calls));
    // Bob keeps text for his hand; Alice follows the server's default.
    set(&discord, &table, B, 0, settings(Some("text"), None)).await;
    let (thread, match_id) = open_match(&discord, &table).await;
    answer_slash(&discord.http, &table, &slash(A, thread, "board"), async { Ok(Command::Board) })
        .await
        .unwrap();
    let calls = discord.take();
    picture_of(board_calls(&calls, thread)[0], "board.png");

    // Hands: Alice's comes with a picture of her cards, Bob's without.
    let hand = CustomId::Hand { match_id }.encode();
    on_component(&discord.http, &table, &click(A, thread, &hand)).await;
    let calls = discord.take();
    let reply = private_replies(&calls)[0];
    assert_eq!(reply.body["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL);
    picture_of(reply, "hand.png");
    on_component(&discord.http, &table, &click(B, thread, &hand)).await;
    let calls = discord.take();
    assert!(calls.iter().all(|c| c.files.is_empty()), "{calls:#?}");
}

/// A hand refreshed in place (its follow-up message edited by id, as when
/// the board moved on while the player looked at it) carries the hand's new
/// picture while its player wants pictures, and clears the old one once
/// they want text or the hand comes without one: no stale hand.png stays.
#[tokio::test]
async fn a_refreshed_hand_carries_its_new_picture_or_clears_the_old_one() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    // Players of their own: the adapter remembers live hand replies per process.
    let (cleo, dan) = ((7201, "Cleo"), (7202, "Dan"));
    for who in [cleo, dan] {
        set(&discord, &table, who, 0, settings(Some("both"), None)).await;
    }
    let (thread, match_id) = open_match_between(&discord, &table, cleo, dan).await;
    // The hand of the player to act: it has buttons, so the adapter keeps
    // it live (a hand without them is never refreshed).
    let first = to_act(&table, match_id, [cleo, dan]).await;
    let seat = u8::from(first != cleo);
    on_component(http, &table, &click(first, thread, &CustomId::Hand { match_id }.encode())).await;
    let calls = discord.take();
    let shown = private_replies(&calls)[0];
    assert_eq!(shown.method, "POST", "the hand opened from the board is a follow-up: {calls:#?}");
    picture_of(shown, "hand.png");
    let edit_path = format!("/api/v10/webhooks/{APP}/token-{}/messages/", first.0);

    let version = table.store().load_match(match_id).await.unwrap().version;
    let hand = Picture::Wanted { match_id, version, seat: Some(seat) };
    let refresh = |picture: Option<Picture>| Outgoing::RefreshHand {
        to: UserId(first.0.to_string()),
        match_id,
        message: Message {
            embed: Some(Embed {
                title: "Your hand".into(),
                description: "The cards, later".into(),
                ..Default::default()
            }),
            picture,
            ..Default::default()
        },
    };
    let refreshed = |calls: &[Call]| -> Call {
        let edits: Vec<&Call> =
            calls.iter().filter(|c| c.ok && c.method == "PATCH" && c.path.starts_with(&edit_path)).collect();
        assert_eq!(edits.len(), 1, "the follow-up is edited in place: {calls:#?}");
        edits[0].clone()
    };

    // Pictured: the edit carries the hand drawn anew.
    deliver(http, &table, None, vec![refresh(Some(hand.clone()))]).await.unwrap();
    let edit = refreshed(&discord.take());
    picture_of(&edit, "hand.png");

    // Text now: the same hand edits in without a picture, and the old one goes.
    set(&discord, &table, first, 0, settings(Some("text"), None)).await;
    deliver(http, &table, None, vec![refresh(Some(hand))]).await.unwrap();
    let cleared = |edit: &Call| {
        assert!(edit.files.is_empty(), "{:?}", edit.files.iter().map(|f| &f.filename).collect::<Vec<_>>());
        assert_eq!(edit.body["attachments"], json!([]), "the old picture is removed: {}", edit.body);
        assert_eq!(edit.body["embeds"][0].get("image"), None, "{}", edit.body);
        assert_eq!(edit.body["embeds"][0]["description"], json!("The cards, later"), "{}", edit.body);
    };
    cleared(&refreshed(&discord.take()));

    // A hand that asks for no picture at all clears it too.
    set(&discord, &table, first, 0, settings(Some("both"), None)).await;
    deliver(http, &table, None, vec![refresh(None)]).await.unwrap();
    cleared(&refreshed(&discord.take()));
}

#[tokio::test]
async fn a_bad_board_value_is_refused_naming_the_choices() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let calls = set(&discord, &table, A, 0, settings(Some("@everyone pictures"), None)).await;
    let text = private_text(&calls);
    assert!(text.contains("board:text, board:image or board:both"), "{text}");
    assert_eq!(table.store().user_board(&ALICE.to_string()).await.unwrap(), None, "nothing stored");
    // The refusal pings nobody.
    for c in private_replies(&calls) {
        assert_eq!(c.body["allowed_mentions"]["parse"], json!([]), "{}", c.body);
    }
}

/// The fake refuses a picture Discord would refuse: an embed image that
/// names no attachment, a file not listed.
#[test]
fn the_fake_refuses_broken_uploads() {
    let png = FilePart {
        field: "files[0]".into(),
        filename: "board.png".into(),
        content_type: Some("image/png".into()),
        bytes: b"\x89PNG\r\n\x1a\n....".to_vec(),
    };
    let good: Value = json!({"embeds": [{"image": {"url": "attachment://board.png"}}],
                             "attachments": [{"id": 0, "filename": "board.png", "description": "x"}]});
    assert!(rules::file_problems(&good, std::slice::from_ref(&png)).is_empty());
    let unlisted = json!({"embeds": [{"image": {"url": "attachment://board.png"}}], "attachments": []});
    assert_eq!(rules::file_problems(&unlisted, std::slice::from_ref(&png)).len(), 2);
    let not_png = FilePart { bytes: b"GIF89a".to_vec(), ..png.clone() };
    assert_eq!(rules::file_problems(&good, &[not_png]).len(), 1);
    assert_eq!(rules::file_problems(&good, &[]).len(), 1, "listed id 0 without files[0]");
}
