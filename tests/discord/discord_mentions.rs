//! Nobody outside a match can be pinged through it (issue 35): players'
//! server nicknames end up in match titles, thread names, forum posts and
//! boards, and a nickname may hold `@everyone`, `<@&role>` or `<@user>`.
//! Every message the bot sends or edits therefore names its allowed
//! mentions: `parse` empty, no roles, and users among the match's players.

use serde_json::{json, Value};

use cardtable::discord::{answer_slash, on_component};
use cardtable::table::CustomId;

use crate::discord_support;
use discord_support::*;

/// Players of their own (the adapter remembers live hand replies per
/// process), with nicknames that try to ping everyone, a role and Carol.
const MALLORY: (u64, &str) = (7301, "@everyone <@&5555> Mallory");
const TRENT: (u64, &str) = (7302, "<@3333> @here Trent");

/// A call that puts a message on Discord (a post, an edit, a forum post's
/// first message, a reply), with the message's JSON.
fn message_of(call: &Call) -> Option<&Value> {
    let route = call.path.trim_start_matches("/api/v10");
    let parts: Vec<&str> = route.trim_start_matches('/').split('/').collect();
    match (call.method.as_str(), parts.as_slice()) {
        ("POST", ["channels", _, "messages"]) | ("PATCH", ["channels", _, "messages", _]) => Some(&call.body),
        // A forum post: its first message rides along.
        ("POST", ["channels", _, "threads"]) => call.body.get("message"),
        ("POST" | "PATCH", ["webhooks", ..]) => Some(&call.body),
        // The answer to an interaction, when it carries a message (not a deferral).
        ("POST", ["interactions", .., "callback"]) => {
            call.body.get("data").filter(|d| d.get("content").is_some() || d.get("embeds").is_some())
        }
        _ => None,
    }
}

/// Checks that `message` can ping nobody but `players`.
fn assert_pings_only(call: &Call, message: &Value, players: &[u64]) {
    let allowed = message
        .get("allowed_mentions")
        .unwrap_or_else(|| panic!("no allowed_mentions on {} {}: {message}", call.method, call.path));
    assert_eq!(allowed["parse"], json!([]), "{} {}: {message}", call.method, call.path);
    let roles = allowed.get("roles").cloned().unwrap_or(json!([]));
    assert_eq!(roles, json!([]), "{} {}: {message}", call.method, call.path);
    let users = allowed.get("users").and_then(Value::as_array).cloned().unwrap_or_default();
    for u in users {
        let id: u64 = u.as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
        assert!(players.contains(&id), "{} {} may ping {u}, not a player: {message}", call.method, call.path);
    }
}

#[tokio::test]
async fn hostile_nicknames_in_a_forum_match_ping_nobody_but_its_players() {
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let http = &discord.http;
    let players = [MALLORY.0, TRENT.0];
    let mut calls = Vec::new();

    // Mallory challenges Trent in a forum post; the match opens as a new forum post.
    let lfg: u64 = 7399;
    let in_forum = json!({"id": lfg.to_string(), "type": 11, "name": "lfg", "parent_id": FORUM.to_string()});
    answer_slash(http, &table, &slash_in(MALLORY, lfg, in_forum, "challenge"), async {
        Ok(challenge(person(TRENT)))
    })
    .await
    .unwrap();
    calls.extend(discord.take());
    let accept_id =
        custom_ids(&posts_in(&calls, lfg)[0].body).into_iter().find(|i| i.starts_with("accept:")).unwrap();
    on_component(http, &table, &click(TRENT, lfg, &accept_id)).await;
    let taken = discord.take();
    let deck_id =
        custom_ids(&private_replies(&taken)[0].body).into_iter().find(|i| i.starts_with("deck:")).unwrap();
    calls.extend(taken);
    on_component(http, &table, &select(TRENT, lfg, &deck_id, &starter_deck())).await;
    let taken = discord.take();
    let forum_post = taken
        .iter()
        .find(|c| c.path == format!("/api/v10/channels/{FORUM}/threads"))
        .expect("the match opens as a forum post")
        .clone();
    // The post's name shows the nicknames as typed (Discord renders no
    // markdown there); its first message escapes them, so they stay text.
    let title = forum_post.body["name"].as_str().unwrap_or_default();
    assert!(
        title.contains("@everyone <@&5555> Mallory")
            && title.contains("<@3333> @here Trent")
            && !title.contains('\\'),
        "{title}"
    );
    let starter = text_of(&forum_post.body["message"]);
    assert!(starter.contains("\\@everyone \\<\\@&5555\\>") && starter.contains("\\<\\@3333\\>"), "{starter}");
    calls.extend(taken);
    let thread = *discord.state.lock().unwrap().threads.keys().max().unwrap();
    let match_id = table.store().match_in_thread(&thread.to_string()).await.unwrap().unwrap().id;

    // A move within a turn edits the board; ending the turn posts a new
    // one (pinging the next player) and strips the old.
    let first = to_act(&table, match_id, [MALLORY, TRENT]).await;
    let hand = CustomId::Hand { match_id }.encode();
    on_component(http, &table, &click(first, thread, &hand)).await;
    let taken = discord.take();
    let hand = private_replies(&taken)[0].body.clone();
    calls.extend(taken);
    let crystal = button_starting(&hand, "Crystallize").expect("a crystal is offered");
    on_component(http, &table, &click(first, thread, &crystal)).await;
    let taken = discord.take();
    let hand = private_replies(&taken)[0].body.clone();
    calls.extend(taken);
    let end = button_starting(&hand, "End turn").or_else(|| button_starting(&hand, "Keep hand")).unwrap();
    on_component(http, &table, &click(first, thread, &end)).await;
    calls.extend(discord.take());

    let edits = calls
        .iter()
        .filter(|c| {
            c.method == "PATCH" && c.path.starts_with(&format!("/api/v10/channels/{thread}/messages/"))
        })
        .count();
    assert!(edits >= 2, "a board edit and a strip were made: {calls:#?}");
    let mut checked = 0;
    for call in &calls {
        if let Some(message) = message_of(call) {
            assert_pings_only(call, message, &players);
            checked += 1;
        }
    }
    assert!(checked >= 8, "{checked} messages checked: {calls:#?}");
}
