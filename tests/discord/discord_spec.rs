//! The fake Discord judges every request the bot makes, and every answer it
//! gives, by Discord's own OpenAPI description (`discord_support/spec.rs`)
//! and by the rules that description cannot say (`discord_support/rules.rs`).
//! These tests check the judge itself, and send the command registration
//! through the real serenity client.

use std::panic::AssertUnwindSafe;

use serde_json::{json, Value};
use serenity::all::{ChannelId, GuildId};

use cardtable::discord::on_component;
use cardtable::table::CustomId;

use crate::discord_support;
use discord_support::spec::{spec, spec_found};
use discord_support::*;

fn refused(method: &str, path: &str, body: Value) -> String {
    match spec().check_request(method, path, &body) {
        Ok(op) => panic!("{method} {path} ({}) was allowed: {body}", op.template),
        Err(problem) => problem,
    }
}

#[test]
fn a_request_discord_does_not_describe_is_refused_naming_the_route_and_the_field() {
    if !spec_found() {
        return; // said on stderr: the description is not beside the project
    }
    let route = "POST /channels/{channel_id}/messages";
    let post = "/channels/5000/messages";
    let ok = json!({"content": "hi", "allowed_mentions": {"parse": [], "users": ["1111"]}});
    spec().check_request("POST", post, &ok).unwrap();

    let too_long = refused("POST", post, json!({"content": "x".repeat(4001)}));
    assert!(too_long.contains(route) && too_long.contains("`/content`"), "{too_long}");

    let unknown = refused("POST", post, json!({"content": "hi", "contnet": "hi"}));
    assert!(unknown.contains(route) && unknown.contains("contnet"), "{unknown}");

    // Inside a union (the kinds of component), the alternative meant explains.
    let button = |id: String| {
        json!({"content": "x", "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Go", "custom_id": id}]}]})
    };
    spec().check_request("POST", post, &button("a:1".into())).unwrap();
    let long_id = refused("POST", post, button("x".repeat(101)));
    assert!(long_id.contains("`/components/0/components/0/custom_id`"), "{long_id}");

    let six: Vec<Value> =
        (0..6).map(|i| json!({"type": 2, "style": 1, "label": "b", "custom_id": format!("b{i}")})).collect();
    let crowded =
        refused("POST", post, json!({"content": "x", "components": [{"type": 1, "components": six}]}));
    assert!(crowded.contains("`/components/0/components`") && crowded.contains("more than 5"), "{crowded}");
    // An empty field is the same to Discord as none; a filled one is not.
    spec().check_request("POST", post, &json!({"content": "x", "stickers": [], "embed": null})).unwrap();

    let nowhere = refused("POST", "/channels/5000/mesages", ok.clone());
    assert!(nowhere.contains("/channels/5000/mesages") && nowhere.contains("no such route"), "{nowhere}");
    let wrong_method = refused("PUT", post, ok.clone());
    assert!(wrong_method.contains("no PUT"), "{wrong_method}");
    let query = refused("POST", "/webhooks/77/token?wiat=true", ok.clone());
    assert!(query.contains("wiat"), "{query}");
    let bodiless = refused("GET", "/channels/5000", ok);
    assert!(bodiless.contains("takes no body"), "{bodiless}");
}

#[test]
fn the_most_specific_route_is_the_one_checked() {
    if !spec_found() {
        return; // said on stderr: the description is not beside the project
    }
    let op = spec().operation("PATCH", "/webhooks/77/token-1/messages/@original").unwrap();
    assert_eq!(op.template, "/webhooks/{webhook_id}/{webhook_token}/messages/@original");
    let op = spec().operation("PATCH", "/webhooks/77/token-1/messages/123").unwrap();
    assert_eq!(op.template, "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}");
}

#[test]
fn answers_discord_does_not_give_are_caught() {
    if !spec_found() {
        return; // said on stderr: the description is not beside the project
    }
    let op = spec().operation("GET", "/channels/5000").unwrap();
    spec().check_response(op, 200, Some(&guild_channel_json(5000, 0, "general"))).unwrap();
    spec().check_response(op, 200, Some(&thread_json(5001, 5000, "match"))).unwrap();
    let mut thread = thread_json(5001, 5000, "match");
    thread.as_object_mut().unwrap().remove("thread_metadata");
    assert!(spec().check_response(op, 200, Some(&thread)).is_err());
    spec().check_response(op, 404, Some(&json!({"code": 10003, "message": "Unknown Channel"}))).unwrap();
    let odd_error = spec().check_response(op, 403, Some(&json!({"code": "50013"}))).unwrap_err();
    assert!(odd_error.contains("code") || odd_error.contains("message"), "{odd_error}");
    assert!(spec().check_response(op, 201, None).is_err(), "GET answers no 201");
    let message = message_json(1, 5000, &json!({"content": "hi"}));
    spec().check_schema("MessageResponse", &message).unwrap();
}

#[tokio::test]
async fn a_request_the_spec_refuses_fails_the_test_and_is_refused_like_discord_would() {
    if !spec_found() {
        return; // said on stderr: the description is not beside the project
    }
    let discord = FakeDiscord::start().await;
    let typo = json!({"content": "hi", "allowed_mentions": {"parse": []}, "embed": {"title": "old field"}});
    let sent = discord.http.send_message(ChannelId::new(CHANNEL), Vec::new(), &typo).await;
    let error = sent.expect_err("Discord answers 400 to a field it does not know");
    assert!(error.to_string().contains("Invalid Form Body"), "{error}");
    let taken = std::panic::catch_unwind(AssertUnwindSafe(|| discord.take()));
    let message = *taken.expect_err("take() fails the test").downcast::<String>().unwrap();
    assert!(
        message.contains("POST /channels/{channel_id}/messages") && message.contains("embed"),
        "{message}"
    );
}

#[tokio::test]
async fn a_message_breaking_an_unwritten_rule_fails_the_test() {
    if !spec_found() {
        return; // said on stderr: the description is not beside the project
    }
    let discord = FakeDiscord::start().await;
    // Valid by the schema, each part within its own limit: 6144
    // characters in one embed are 144 too many.
    let fields =
        [json!({"name": "f", "value": "v".repeat(1024)}), json!({"name": "g", "value": "w".repeat(1022)})];
    let body = json!({"content": "x", "allowed_mentions": {"parse": []},
                      "embeds": [{"description": "d".repeat(4096), "fields": fields}]});
    spec().check_request("POST", "/channels/5000/messages", &body).unwrap();
    let _ = discord.http.send_message(ChannelId::new(CHANNEL), Vec::new(), &body).await;
    let taken = std::panic::catch_unwind(AssertUnwindSafe(|| discord.take()));
    let message = *taken.expect_err("take() fails the test").downcast::<String>().unwrap();
    assert!(message.contains("POST /channels/{channel_id}/messages"), "{message}");
    assert!(message.contains("embeds total 6144 characters"), "{message}");
}

/// The registration (`cardtable commands`) is what Discord's description
/// allows, sent as the bot sends it: globally, and to `DEV_GUILD_ID`.
#[tokio::test]
async fn the_command_registration_is_what_discord_describes() {
    if !spec_found() {
        return; // said on stderr: the description is not beside the project
    }
    let printed: Value = serde_json::from_str(&cardtable::discord::commands_json()).unwrap();
    spec()
        .check_request("PUT", &format!("/applications/{APP}/commands"), &printed)
        .unwrap_or_else(|problem| panic!("{problem}"));

    let discord = FakeDiscord::start().await;
    let commands = poise::builtins::create_application_commands(&cardtable::discord::all_commands());
    serenity::all::Command::set_global_commands(&discord.http, commands.clone()).await.unwrap();
    GuildId::new(GUILD).set_commands(&discord.http, commands).await.unwrap();
    let calls = discord.take();
    let paths: Vec<(&str, &str)> = calls.iter().map(|c| (c.method.as_str(), c.path.as_str())).collect();
    let global = format!("/api/v10/applications/{APP}/commands");
    let guild = format!("/api/v10/applications/{APP}/guilds/{GUILD}/commands");
    assert_eq!(paths, [("PUT", global.as_str()), ("PUT", guild.as_str())]);
    assert!(calls.iter().all(|c| c.ok && c.body == printed), "{calls:#?}");
}

/// The routes a challenge, its acceptance and a look at the hand travel are all
/// judged: each request of them reached a route of the spec and was
/// allowed (a refused one would have been answered 400 and failed here).
#[tokio::test]
async fn a_match_opened_through_the_adapter_uses_only_routes_discord_describes() {
    if !spec_found() {
        return; // said on stderr: the description is not beside the project
    }
    let discord = FakeDiscord::start().await;
    let table = table().await;
    let accept_id = challenge_from(&discord, &table, A, B, CHANNEL).await.expect("posted");
    let mut calls = discord.take();
    accept(&discord, &table, B, CHANNEL, &accept_id).await;
    calls.extend(discord.take());
    let thread = *discord.state.lock().unwrap().threads.keys().next().expect("a thread");
    let match_id = table.store().match_in_thread(&thread.to_string()).await.unwrap().expect("a match").id;
    let player = to_act(&table, match_id, [A, B]).await;
    let hand = CustomId::Hand { match_id }.encode();
    on_component(&discord.http, &table, &click(player, thread, &hand)).await;
    calls.extend(discord.take());
    assert!(calls.iter().all(|c| c.ok), "{calls:#?}");
    let mut routes: Vec<String> = calls
        .iter()
        .map(|c| {
            let op = spec().operation(&c.method, c.path.trim_start_matches("/api/v10")).unwrap();
            format!("{} {}", op.method, op.template)
        })
        .collect();
    routes.sort();
    routes.dedup();
    for expected in [
        "POST /interactions/{interaction_id}/{interaction_token}/callback",
        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
        "POST /webhooks/{webhook_id}/{webhook_token}",
        "POST /channels/{channel_id}/messages",
        "PATCH /channels/{channel_id}/messages/{message_id}",
        "POST /channels/{channel_id}/threads",
        "GET /channels/{channel_id}",
    ] {
        assert!(routes.iter().any(|r| r == expected), "{expected} not used: {routes:#?}");
    }
}
