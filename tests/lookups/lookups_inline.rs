//! Inline `[[card name]]` look-ups: what a message asks for (at most 3
//! cards, nothing in code or quotes), which game answers (named, the match
//! thread's, or the best of all), bots never answered, and the setting
//! that switches it on with the Message Content intent.

use crate::table_support;

use cardtable::discord::Config;
use cardtable::lookup::inline::{asked_cards, count_asked, Asked, MAX_CARDS};
use cardtable::table::{Outgoing, Place, Target, UserRef};
use serenity::all::GatewayIntents;
use table_support::Front;

fn names(text: &str) -> Vec<String> {
    asked_cards(text).into_iter().map(|a| a.name).collect()
}

#[test]
fn inline_brackets_outside_code_and_quotes_are_asked_for() {
    assert_eq!(names("what does [[Ember Bolt]] do vs [[ skyfire drake ]]?"), ["Ember Bolt", "skyfire drake"]);
    assert_eq!(names("`[[Ember Bolt]]` and ``[[Flashfire]]``"), Vec::<String>::new(), "inline code");
    assert_eq!(names("```\n[[Ember Bolt]]\n```\nbut [[Flashfire]]"), ["Flashfire"], "a code block");
    assert_eq!(names("```rust [[Ember Bolt]]```"), Vec::<String>::new(), "a one-line code block");
    assert_eq!(names("> he said [[Ember Bolt]]\n[[Flashfire]]"), ["Flashfire"], "a quoted line");
    assert_eq!(names(">>> all quoted\n[[Ember Bolt]]"), Vec::<String>::new(), "a quote to the end");
    assert_eq!(
        names("[[]] [[ ]] [Ember Bolt] [[Ember\nBolt]]"),
        Vec::<String>::new(),
        "empty or not one line"
    );
    assert_eq!(names("[[[Ember Bolt]]]"), ["Ember Bolt"], "the innermost brackets");
}

#[test]
fn inline_at_most_three_cards_a_message_each_once() {
    let text = "[[Ember Bolt]] [[ember bolt]] [[Flashfire]] [[Seedburst]] [[Thornlash]] [[Rise Again]]";
    assert_eq!(names(text), ["Ember Bolt", "Flashfire", "Seedburst"]);
    assert_eq!(MAX_CARDS, 3);
    assert_eq!(count_asked(text), 5, "the same card twice counts once");
}

#[test]
fn inline_a_game_key_before_a_colon_names_the_game() {
    assert_eq!(
        asked_cards("[[certamen:Cinder Imp]] [[Athernum : Hex Needle]] [[Lady Aurelie: Keeper]]"),
        [
            Asked { game: Some("certamen".into()), name: "Cinder Imp".into() },
            Asked { game: Some("Athernum".into()), name: "Hex Needle".into() },
            Asked { game: None, name: "Lady Aurelie: Keeper".into() },
        ]
    );
}

fn posts(out: &[Outgoing]) -> Vec<(Target, String, String, String)> {
    out.iter()
        .filter_map(|o| match o {
            Outgoing::Post { target, message, .. } => {
                let e = message.embed.as_ref();
                Some((
                    target.clone(),
                    e.map(|e| e.title.clone()).unwrap_or_default(),
                    e.and_then(|e| e.footer.clone()).unwrap_or_default(),
                    message.content.clone(),
                ))
            }
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn inline_cards_are_posted_where_the_message_was_written_naming_their_game() {
    let f = Front::new().await;
    let alice = UserRef::new("alice", "Alice");
    let place = Place::channel("general");
    let out = f.table.inline_lookups(&alice, &place, "[[sparkfeind imp]] vs [[ember bolt]]").await.unwrap();
    let p = posts(&out);
    assert_eq!(p.len(), 2, "{out:?}");
    assert_eq!(p[0].0, Target::Channel("general".into()));
    assert!(p[0].1.contains("Sparkfiend Imp") && p[0].2 == "Spheres", "{p:?}");
    assert_eq!((p[1].1.as_str(), p[1].2.as_str()), ("Ember Bolt", "Certamen"));
    // A name nothing is like gets one short line, not silence.
    let out = f.table.inline_lookups(&alice, &place, "[[qqqqzzzz]]").await.unwrap();
    assert_eq!(posts(&out)[0].3, "No card is named anything like \"qqqqzzzz\".");
    // Issue 54: the public answer shows a name's markdown and mentions as typed.
    let out = f.table.inline_lookups(&alice, &place, "[[**qqqq** <@&123> zzzz]]").await.unwrap();
    assert_eq!(posts(&out)[0].3, "No card is named anything like \"\\*\\*qqqq\\*\\* \\<\\@&123\\> zzzz\".");
    // More than three: the last answer says so.
    let text = "[[Ember Bolt]] [[Flashfire]] [[Seedburst]] [[Thornlash]]";
    let out = f.table.inline_lookups(&alice, &place, text).await.unwrap();
    let p = posts(&out);
    assert_eq!(p.len(), 3);
    assert!(p[2].3.contains("Only the first 3 of the 4 cards"), "{p:?}");
}

#[tokio::test]
async fn inline_bots_and_messages_without_brackets_get_no_answer() {
    let f = Front::new().await;
    let place = Place::channel("general");
    let bot = UserRef { bot: true, ..UserRef::new("cardtable", "cardtable") };
    assert!(f.table.inline_lookups(&bot, &place, "[[Ember Bolt]]").await.unwrap().is_empty());
    let alice = UserRef::new("alice", "Alice");
    assert!(f.table.inline_lookups(&alice, &place, "no cards here [x]").await.unwrap().is_empty());
}

#[tokio::test]
async fn inline_in_a_match_thread_the_match_game_answers_first() {
    let mut f = Front::new().await;
    let id = f.start_match().await; // a Spheres match
    let thread = Place::thread("general", format!("thread-{id}"));
    let alice = UserRef::new("alice", "Alice");
    // "Ember" is in card names of several games: the thread's game wins.
    let out = f.table.inline_lookups(&alice, &thread, "[[ember]]").await.unwrap();
    let p = posts(&out);
    assert_eq!(p[0].0, Target::Thread(format!("thread-{id}")));
    assert_eq!(p[0].2, "Spheres", "{p:?}");
    // Outside the thread, the same words may find another game's card…
    let out = f.table.inline_lookups(&alice, &Place::channel("general"), "[[ember bolt]]").await.unwrap();
    assert_eq!(posts(&out)[0].2, "Certamen");
    // …and in the thread too, when the match's game has nothing close.
    let out = f.table.inline_lookups(&alice, &thread, "[[ember bolt]]").await.unwrap();
    assert_eq!(posts(&out)[0].2, "Certamen");
    // A named game always answers.
    let out = f.table.inline_lookups(&alice, &thread, "[[athernum:pyre zealot]]").await.unwrap();
    assert_eq!(posts(&out)[0].2, "Athernum");
}

#[test]
fn inline_lookups_are_off_by_default_and_ask_for_message_content_only_when_on() {
    let token = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB";
    let config = |v: Option<&str>| {
        Config::from_lookup(|name| match name {
            "DISCORD_TOKEN" => Some(token.to_owned()),
            "INLINE_LOOKUPS" => v.map(str::to_owned),
            _ => None,
        })
    };
    let off = config(None).unwrap();
    assert!(!off.inline_lookups);
    assert!(off.extra_intents().is_empty());
    let on = config(Some("true")).unwrap();
    assert!(on.inline_lookups);
    assert_eq!(on.extra_intents(), GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT);
    assert!(!config(Some("off")).unwrap().inline_lookups);
    let e = config(Some("maybe")).unwrap_err();
    assert!(e.starts_with("INLINE_LOOKUPS is \"maybe\", which is not on or off"), "{e}");
}
