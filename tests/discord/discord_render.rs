//! Protocol messages → serenity builders stay within Discord's limits,
//! whatever the table hands over: the builders are serialized to the JSON
//! Discord would receive and checked against the limits Discord enforces.

use proptest::prelude::*;
use serde_json::Value;

use cardtable::discord::render::{
    content_with_mentions, fit, thread_name, to_direct_message, to_edit, to_followup, to_post,
    to_response_edit,
};
use cardtable::table::{ButtonStyle, Component, Embed, EmbedField, Message, SelectOption, UserId};
use cardtable::view::limits;
use cardtable::view::{Attachment, Picture};

use crate::discord_support;
use cardtable::discord::answer_slash;
use cardtable::table::Command;
use discord_support::rules::{array, command_problems, message_problems};
use discord_support::spec::try_spec;
use discord_support::{private_replies, private_text, slash, FakeDiscord, A, CHANNEL};

/// Discord's message flag for "only the person who interacted sees this".
const EPHEMERAL: u64 = 1 << 6;

fn json(builder: &impl serde::Serialize) -> Value {
    serde_json::to_value(builder).expect("builders serialize")
}

fn text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec!['a', 'Z', 'é', '🃏', ' ', '\n', '*']), 0..=max)
        .prop_map(String::from_iter)
}

fn custom_id() -> impl Strategy<Value = String> {
    // A small pool makes duplicates likely; some ids are far too long.
    prop_oneof![
        4 => prop::sample::select(vec!["a:1:2:3", "a:1:2:4", "hand:1", "concede:1", "page:1:2:1", ""])
            .prop_map(str::to_owned),
        1 => "[a-z:0-9]{90,130}",
    ]
}

fn component() -> impl Strategy<Value = Component> {
    let button = (custom_id(), text(100), any::<bool>()).prop_map(|(custom_id, label, disabled)| {
        Component::Button { custom_id, label, style: ButtonStyle::Primary, disabled }
    });
    let option = (text(130), prop_oneof![text(3), text(120)], prop::option::of(text(130)))
        .prop_map(|(label, value, description)| SelectOption { label, value, description });
    let select = (custom_id(), text(170), prop::collection::vec(option, 0..40))
        .prop_map(|(custom_id, placeholder, options)| Component::Select { custom_id, placeholder, options });
    prop_oneof![3 => button, 1 => select]
}

fn message() -> impl Strategy<Value = Message> {
    let field = (text(300), text(1200), any::<bool>()).prop_map(|(name, value, inline)| EmbedField {
        name,
        value,
        inline,
    });
    let embed = (text(300), text(5000), prop::collection::vec(field, 0..32), prop::option::of(text(2100)))
        .prop_map(|(title, description, fields, footer)| Embed { title, description, fields, footer });
    (text(2300), prop::option::of(embed), prop::collection::vec(component(), 0..40))
        .prop_map(|(content, embed, components)| Message { content, embed, components, picture: None })
}

fn mentions() -> impl Strategy<Value = Vec<UserId>> {
    prop::collection::vec(
        prop_oneof![
            Just(UserId("123456789012345678".into())),
            Just(UserId("@alice".into())),
            Just(UserId("42".into()))
        ],
        0..3,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_message_is_fitted_within_every_discord_limit(m in message()) {
        let fitted = fit(&m);
        prop_assert!(fitted.limit_violations().is_empty(), "{:?}", fitted.limit_violations());
    }

    #[test]
    fn every_builder_sends_json_discord_accepts(m in message(), pings in mentions()) {
        let bad = sent_refusals(&m, &pings);
        prop_assert!(bad.is_empty(), "{bad:#?}");
    }

    #[test]
    fn fitting_twice_changes_nothing_more(m in message()) {
        let once = fit(&m);
        prop_assert_eq!(fit(&once), once);
    }

    #[test]
    fn direct_messages_and_thread_names_fit(t in text(2500), m in message()) {
        prop_assert!(message_problems(&json(&to_direct_message(&Message::text(t.clone())))).is_empty());
        prop_assert!(message_problems(&json(&to_direct_message(&m))).is_empty());
        let name = thread_name(&t);
        prop_assert!((1..=limits::THREAD_NAME).contains(&name.chars().count()));
    }
}

fn board() -> Message {
    Message {
        content: "Alice to act.".into(),
        embed: Some(Embed {
            title: "Alice vs Bob · Spheres".into(),
            description: "Bob attacks with Ember Drake.".into(),
            fields: vec![EmbedField { name: "Alice".into(), value: "Towers 5".into(), inline: true }],
            footer: Some("version 7".into()),
        }),
        components: vec![
            Component::button("hand:1", "My hand", ButtonStyle::Primary),
            Component::button("a:1:7:0", "Pass", ButtonStyle::Secondary),
            Component::Select {
                custom_id: "as:1:7".into(),
                placeholder: "Play a card".into(),
                options: vec![SelectOption {
                    label: "Ember Drake".into(),
                    value: "3".into(),
                    description: None,
                }],
            },
        ],
        picture: None,
    }
}

#[test]
fn a_message_within_limits_is_sent_exactly_as_the_table_wrote_it() {
    let m = board();
    assert_eq!(fit(&m), m);
    let payload = json(&to_post(&m, &[]));
    assert_eq!(payload["content"], "Alice to act.");
    assert_eq!(payload["embeds"][0]["title"], "Alice vs Bob · Spheres");
    assert_eq!(payload["embeds"][0]["fields"][0]["value"], "Towers 5");
    let rows = array(&payload["components"]);
    assert_eq!(rows.len(), 2, "two buttons in a row, then the select in its own");
    assert_eq!(rows[0]["components"][1]["custom_id"], "a:1:7:0");
    assert_eq!(rows[1]["components"][0]["options"][0]["value"], "3");
}

#[test]
fn a_post_pings_exactly_its_mentions_and_never_everyone() {
    let mut m = board();
    m.content = "@everyone Alice to act.".into();
    let payload =
        json(&to_post(&m, &[UserId("111".into()), UserId("@console-user".into()), UserId("222".into())]));
    assert_eq!(payload["content"], "<@111> <@222> @everyone Alice to act.");
    assert_eq!(payload["allowed_mentions"]["users"], serde_json::json!(["111", "222"]));
    assert_eq!(payload["allowed_mentions"]["parse"], serde_json::json!([]));
}

/// Found by checking against Discord's API description: `allowed_mentions`
/// takes each user once (`uniqueItems`), and a person named twice among a
/// post's mentions (both seats of a team, say) is pinged once.
#[test]
fn a_person_mentioned_twice_is_pinged_once() {
    let twice = [UserId("111".into()), UserId("222".into()), UserId("111".into())];
    let payload = json(&to_post(&Message::text("Your move."), &twice));
    assert_eq!(payload["content"], "<@111> <@222> Your move.");
    assert_eq!(payload["allowed_mentions"]["users"], serde_json::json!(["111", "222"]));
    if let Some(spec) = try_spec() {
        spec.check_request("POST", "/channels/5000/messages", &payload).unwrap();
    }
}

#[test]
fn a_post_without_mentions_pings_nobody() {
    let payload = json(&to_post(&Message::text("<@111> won."), &[]));
    assert_eq!(payload["allowed_mentions"]["users"], serde_json::json!([]));
    assert_eq!(payload["allowed_mentions"]["parse"], serde_json::json!([]));
}

#[test]
fn mentions_survive_when_the_content_is_cut() {
    let long = "x".repeat(5000);
    let payload = json(&to_post(&Message::text(long), &[UserId("999".into())]));
    let content = payload["content"].as_str().unwrap();
    assert!(content.starts_with("<@999> "));
    assert_eq!(content.chars().count(), limits::CONTENT);
    assert!(content.ends_with('…'));
}

#[test]
fn private_replies_are_ephemeral_and_ping_nobody() {
    let payload = json(&to_followup(&board()));
    assert_eq!(payload["flags"].as_u64().unwrap_or(0) & EPHEMERAL, EPHEMERAL);
    assert_eq!(payload["allowed_mentions"]["parse"], serde_json::json!([]));
    assert_eq!(payload["allowed_mentions"]["users"], serde_json::json!([]));
}

#[test]
fn an_empty_message_becomes_one_discord_accepts() {
    for m in [Message::default(), Message { content: "   ".into(), ..Message::default() }] {
        assert!(message_problems(&json(&to_post(&m, &[]))).is_empty());
        assert!(message_problems(&json(&to_followup(&m))).is_empty());
    }
    assert_eq!(content_with_mentions("", &[UserId("5".into())]), "<@5>");
}

#[test]
fn oversized_selects_keep_their_first_25_distinct_options_and_drop_cut_values() {
    let options: Vec<SelectOption> = (0..60)
        .map(|i| SelectOption { label: format!("Card {i}"), value: (i % 40).to_string(), description: None })
        .chain([SelectOption { label: "Long".into(), value: "v".repeat(150), description: None }])
        .collect();
    let m = Message {
        components: vec![Component::Select {
            custom_id: "as:1:2".into(),
            placeholder: String::new(),
            options,
        }],
        ..Message::text("pick")
    };
    let Component::Select { options, .. } = &fit(&m).components[0] else { panic!("select kept") };
    let values: Vec<String> = options.iter().map(|o| o.value.clone()).collect();
    assert_eq!(values, (0..25).map(|i| i.to_string()).collect::<Vec<_>>());
}

#[test]
fn an_embed_over_6000_characters_drops_trailing_fields_before_the_events() {
    let field = |i: usize| EmbedField { name: format!("Seat {i}"), value: "y".repeat(1000), inline: false };
    let m = Message {
        embed: Some(Embed {
            title: "Board".into(),
            description: "events ".repeat(300),
            fields: (0..10).map(field).collect(),
            footer: None,
        }),
        ..Message::default()
    };
    let e = fit(&m).embed.unwrap();
    assert!(e.total_chars() <= limits::EMBED_TOTAL);
    assert_eq!(e.fields[0].name, "Seat 0", "the first seats stay");
    assert!(e.description.chars().count() >= 1024, "the events keep at least 1024 characters");
}

#[test]
fn the_checker_itself_catches_what_discord_refuses() {
    use serenity::all::{CreateActionRow, CreateButton, CreateEmbed, CreateMessage};
    let too_long = CreateMessage::new().content("x".repeat(limits::CONTENT + 1));
    assert!(!message_problems(&json(&too_long)).is_empty());
    let twins = CreateMessage::new().content("x").components(vec![CreateActionRow::Buttons(vec![
        CreateButton::new("same").label("a"),
        CreateButton::new("same").label("b"),
    ])]);
    assert!(!message_problems(&json(&twins)).is_empty());
    let six_rows = CreateMessage::new().content("x").components(
        (0..6)
            .map(|i| CreateActionRow::Buttons(vec![CreateButton::new(format!("b{i}")).label("b")]))
            .collect(),
    );
    assert!(!message_problems(&json(&six_rows)).is_empty());
    let fat_embed = CreateMessage::new().embed(
        CreateEmbed::new().description("d".repeat(4000)).field("f", "v".repeat(1024), false).field(
            "g",
            "v".repeat(1024),
            false,
        ),
    );
    assert!(!message_problems(&json(&fat_embed)).is_empty());
    let empty = CreateMessage::new().content("");
    assert!(!message_problems(&json(&empty)).is_empty());
}

/// Every way the adapter sends `m`, as JSON, with the request it goes in.
fn sent_forms(m: &Message, pings: &[UserId]) -> [(&'static str, &'static str, Value); 4] {
    [
        ("POST", "/channels/5000/messages", json(&to_post(m, pings))),
        ("POST", "/webhooks/77/token", json(&to_followup(m))),
        ("PATCH", "/webhooks/77/token/messages/@original", json(&to_response_edit(m))),
        ("PATCH", "/channels/5000/messages/42", json(&to_edit(m))),
    ]
}

/// What Discord would refuse of `m` in any form the adapter sends it: by
/// its API description, and by the rules the description cannot say.
fn sent_refusals(m: &Message, pings: &[UserId]) -> Vec<String> {
    let mut bad = Vec::new();
    for (method, path, body) in sent_forms(m, pings) {
        bad.extend(message_problems(&body).into_iter().map(|p| format!("{method} {path}: {p}")));
        if let Some(Err(problem)) = try_spec().map(|spec| spec.check_request(method, path, &body)) {
            bad.push(problem);
        }
    }
    bad
}

/// [`sent_refusals`], and the limits the view layer itself keeps.
fn refusals(m: &Message) -> Vec<String> {
    let mut bad: Vec<String> = m.limit_violations().into_iter().map(|v| format!("view: {v:?}")).collect();
    bad.extend(sent_refusals(m, &[UserId("1111".into())]));
    bad
}

/// Issues 3 and 31: Discord's rules that its API description cannot say
/// (required options before optional ones; at most 25 options and choices;
/// name and description lengths; custom ids of at most 100 characters;
/// embeds of at most 6000 characters and each part within its own limit;
/// at most 5 rows of at most 5 buttons; at most 25 options in a select)
/// hold for every slash command and for every message the suite renders:
/// the boards and hands of seeded random games of every game of the
/// registry (every fifth step), and the answer to every card and every
/// numbered rule section of each game, looked up through the adapter. Each
/// message is also checked against Discord's schema, in every form the
/// adapter sends one.
#[tokio::test]
async fn discords_unwritten_rules_hold_for_every_command_and_every_rendered_message() {
    use cardtable::engine::Viewer;
    use cardtable::view::{board, hand, BoardContext, HandContext};

    let commands: Value = serde_json::from_str(&cardtable::discord::commands_json()).unwrap();
    let problems = command_problems(commands.as_array().unwrap());
    assert!(problems.is_empty(), "commands Discord would refuse:\n{}", problems.join("\n"));

    let library = cardtable::games::Library::embedded().unwrap();
    let mut checked = 0usize;
    // Every game two-handed, and Spheres at its six-lord limit (the most
    // seats, zones and attack targets a board can show).
    use cardtable::sim::SimOptions;
    let spheres = cardtable::games::GameId::parse("spheres").unwrap();
    let six = |mode: &str| SimOptions { players: 6, mode: Some(mode.into()), ..Default::default() };
    let mut runs: Vec<(cardtable::games::GameId, SimOptions, u64)> = cardtable::games::GAMES
        .iter()
        .flat_map(|&g| (1..=20u64).map(move |seed| (g, SimOptions::default(), seed)))
        .collect();
    runs.extend(
        (1..=5u64).flat_map(|seed| [(spheres, six("free-for-all"), seed), (spheres, six("teams"), seed)]),
    );
    for (game, opts, seed) in runs {
        {
            let mut step = 0usize;
            let report = cardtable::sim::play_random_with(&library, game, seed, &opts, |state| {
                step += 1;
                if step % 5 != 0 {
                    return;
                }
                let public = state.view(Viewer::Public);
                let events: Vec<String> = (0..40).map(|i| format!("event {i} of a long turn")).collect();
                let mut messages = Vec::new();
                for seat in state.to_act() {
                    let view = state.view(Viewer::Seat(seat));
                    let offers = cardtable::table::offers(state, seat, &[]);
                    let (on_board, in_hand) = (offers.board, offers.hand);
                    messages.push(board(
                        &public,
                        &BoardContext {
                            match_id: 1,
                            version: step as i64,
                            events: &events,
                            board_actions: &on_board,
                            deadline: Some("72 h per move".into()),
                            notice: None,
                            thinking: None,
                            summary: None,
                        },
                    ));
                    messages.push(hand(
                        &view,
                        &HandContext {
                            match_id: 1,
                            version: step as i64,
                            seat: Some(seat),
                            news: &events,
                            actions: &in_hand,
                            page: 0,
                            orders: &[],
                            // The Hint button too: the fullest hand.
                            hint: true,
                        },
                    ));
                }
                for m in messages {
                    let bad = refusals(&m);
                    assert!(bad.is_empty(), "{} seed {seed} step {step}: {bad:#?}", game.key());
                    checked += 1;
                }
            });
            assert!(report.error.is_none(), "{} seed {seed}: {:?}", game.key(), report.error);
        }
    }
    assert!(checked > 100, "only {checked} boards and hands checked");

    // Look-ups, through the adapter: the fake Discord checks each request.
    let discord = FakeDiscord::start().await;
    let table = discord_support::table().await;
    let mut looked_up = 0usize;
    for &game in cardtable::games::GAMES {
        let key = Some(game.key().to_owned());
        let mut lookups: Vec<Command> = library
            .catalog(game)
            .card_names()
            .into_iter()
            .map(|name| Command::Card { name: name.to_owned(), game: key.clone() })
            .collect();
        lookups.extend(
            table
                .rulebooks()
                .of(game)
                .sections()
                .iter()
                .filter_map(|s| s.number.as_ref())
                .map(|n| Command::Rule { query: n.text.clone(), game: key.clone() }),
        );
        for lookup in lookups {
            let what = format!("{lookup:?}");
            answer_slash(&discord.http, &table, &slash(A, CHANNEL, "card"), async { Ok(lookup) })
                .await
                .unwrap();
            let calls = discord.take();
            let answers = private_replies(&calls);
            assert!(!answers.is_empty() && !private_text(&calls).is_empty(), "{what}: no answer: {calls:#?}");
            looked_up += 1;
        }
    }
    assert!(looked_up > 300, "only {looked_up} look-ups checked");
}

/// A board carrying a drawn picture whose alt text is too long.
fn pictured() -> Message {
    let png = std::sync::Arc::new(cardtable::picture::board_png(&Default::default(), &[]).unwrap());
    let attachment = Attachment { file_name: "board.png".into(), description: "a".repeat(1500), png };
    Message { picture: Some(Picture::Drawn(attachment)), ..board() }
}

#[test]
fn a_drawn_picture_is_the_embed_image_with_its_alt_text_cut_to_1024() {
    let m = pictured();
    let fitted = fit(&m);
    assert_eq!(fitted.attachment().unwrap().description.chars().count(), 1024);
    for body in [
        json(&to_post(&m, &[])),
        json(&to_edit(&m)),
        json(&to_followup(&m)),
        json(&to_response_edit(&m)),
        json(&to_direct_message(&m)),
    ] {
        assert!(message_problems(&body).is_empty(), "{body}");
        assert_eq!(body["embeds"][0]["image"]["url"], "attachment://board.png", "{body}");
        let listed = array(&body["attachments"]);
        assert_eq!(listed.len(), 1, "{body}");
        assert_eq!(listed[0]["filename"], "board.png");
        assert_eq!(listed[0]["description"].as_str().unwrap().chars().count(), 1024);
        // Nobody is pinged by a picture's message.
        assert!(array(&body["allowed_mentions"]["parse"]).is_empty(), "{body}");
    }
}

#[test]
fn a_picture_not_drawn_goes_nowhere_and_an_edit_without_one_clears_the_old() {
    let wanted =
        Message { picture: Some(Picture::Wanted { match_id: 1, version: 7, seat: None }), ..board() };
    assert_eq!(fit(&wanted).picture, None);
    let post = json(&to_post(&wanted, &[]));
    assert!(post["embeds"][0].get("image").is_none() && array(&post["attachments"]).is_empty(), "{post}");
    // An edit in place sets the attachments to none: a board whose
    // players went back to text keeps no stale picture.
    let edit = json(&to_edit(&board()));
    assert_eq!(edit["attachments"], serde_json::json!([]), "{edit}");
}
