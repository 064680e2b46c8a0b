//! Supervision, through the fake Discord: a panic (a bug) in a click
//! handler, a slash command, an inline look-up or a ticker pass is caught, the person gets an answer that
//! quotes an error id, and the bot goes on — the next click and the next
//! pass work.
//!
//! The panic is provoked from the test side only: the table tells time by
//! an injected clock ([`Table::with_clock`], the same seam the console and
//! the other tests use), and the clock given here panics while the test
//! says so. Nothing in the bot has a switch for it, so no player (and no
//! setting) can make the bot panic this way. An inline look-up reads no
//! clock: there the panic comes from working out where the message was
//! written, which the bot asks Discord and the test hands in.

use crate::discord_support;

use std::sync::atomic::{AtomicI64, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cardtable::discord::{answer_inline, answer_slash, on_component, spawn_ticker};
use cardtable::store::Store;
use cardtable::table::{Clock, Place, Table};
use discord_support::*;

/// A clock that panics, the next `panics` times it is read.
#[derive(Debug)]
struct TroubledClock {
    now: AtomicI64,
    panics: AtomicU32,
}

impl TroubledClock {
    fn new(now: i64) -> Arc<TroubledClock> {
        Arc::new(TroubledClock { now: AtomicI64::new(now), panics: AtomicU32::new(0) })
    }

    fn panic_next(&self, times: u32) {
        self.panics.store(times, Ordering::SeqCst);
    }
}

impl Clock for TroubledClock {
    fn now(&self) -> i64 {
        if self.panics.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
            panic!("the test's clock broke (a provoked bug)");
        }
        self.now.load(Ordering::SeqCst)
    }
}

async fn troubled_table() -> (FakeDiscord, Table, Arc<TroubledClock>) {
    let discord = FakeDiscord::start().await;
    let clock = TroubledClock::new(1_750_000_000);
    let table = Table::with_clock(Store::open_memory().await.unwrap(), clock.clone());
    (discord, table, clock)
}

/// The error id an apology quotes.
fn error_id_in(text: &str) -> Option<&str> {
    let (_, after) = text.split_once("error id `")?;
    after.split('`').next()
}

#[tokio::test]
async fn a_panic_in_a_click_handler_is_caught_the_player_is_answered_with_an_error_id_and_the_next_click_works(
) {
    let (discord, table, clock) = troubled_table().await;
    let accept = challenge_from(&discord, &table, A, B, CHANNEL).await.expect("the challenge is posted");
    on_component(&discord.http, &table, &click(B, CHANNEL, &accept)).await;
    let calls = discord.take();
    let deck_menu = custom_ids(&private_replies(&calls)[0].body)
        .into_iter()
        .find(|id| id.starts_with("deck:"))
        .expect("the deck menu");

    // Bob picks his deck; the handler panics on the way.
    clock.panic_next(u32::MAX);
    on_component(&discord.http, &table, &select(B, CHANNEL, &deck_menu, &starter_deck())).await;
    clock.panic_next(0);
    let calls = discord.take();
    let told = private_text(&calls);
    assert!(told.contains("something went wrong"), "Bob gets an apology: {calls:#?}");
    let id = error_id_in(&told).expect("quoting an error id");
    assert_eq!(id.len(), 8, "an id to quote to the host: {told}");
    assert!(!calls.iter().any(|c| c.path.ends_with("/threads")), "no match opened: {calls:#?}");

    // Nothing was left half done: the same pick works now.
    on_component(&discord.http, &table, &select(B, CHANNEL, &deck_menu, &starter_deck())).await;
    let calls = discord.take();
    assert!(
        calls.iter().any(|c| c.ok && c.path == format!("/api/v10/channels/{CHANNEL}/threads")),
        "the match opens on the next pick: {calls:#?}"
    );
}

#[tokio::test]
async fn a_panic_in_a_slash_command_is_caught_the_player_is_answered_with_an_error_id_and_the_next_command_works(
) {
    let (discord, table, clock) = troubled_table().await;

    // Alice's /challenge panics on its way through the table.
    clock.panic_next(u32::MAX);
    let answered =
        answer_slash(&discord.http, &table, &slash(A, CHANNEL, "challenge"), async { Ok(challenge(bob())) })
            .await;
    clock.panic_next(0);
    assert!(answered.is_ok(), "the command was acknowledged and answered: {answered:?}");
    let calls = discord.take();
    let told = private_text(&calls);
    assert!(told.contains("something went wrong"), "Alice gets an apology: {calls:#?}");
    let id = error_id_in(&told).expect("quoting an error id");
    assert_eq!(id.len(), 8, "an id to quote to the host: {told}");
    assert!(
        id.chars().all(|c| c.is_ascii_hexdigit()),
        "the id is the one logged (hex), not a placeholder: {told}"
    );
    assert!(posts_in(&calls, CHANNEL).is_empty(), "no challenge was posted: {calls:#?}");
    assert!(
        !calls.iter().any(|c| c.method == "DELETE" && c.path.contains("/webhooks/") && c.ok),
        "the apology is not deleted with the \"thinking…\": {calls:#?}"
    );

    // Nothing was left half done: the same challenge goes through now
    // (no "you already challenged Bob"), and so does a click on it.
    let accept = challenge_from(&discord, &table, A, B, CHANNEL).await;
    let accept = accept.expect("the next /challenge is posted");
    on_component(&discord.http, &table, &click(B, CHANNEL, &accept)).await;
    let calls = discord.take();
    assert!(
        custom_ids(&private_replies(&calls)[0].body).iter().any(|id| id.starts_with("deck:")),
        "Bob is offered his deck: {calls:#?}"
    );
}

#[tokio::test]
async fn a_panic_in_a_ticker_pass_costs_that_pass_only_and_the_next_pass_delivers_the_reminder() {
    let (discord, table, clock) = troubled_table().await;
    let (thread, _match_id) = open_match(&discord, &table).await;
    discord.take();
    // The reminder is due; the next three passes panic before delivering it.
    clock.now.fetch_add(13 * 3600, Ordering::SeqCst);
    clock.panic_next(3);
    let ticker = spawn_ticker(Arc::new(discord.new_http()), table.clone(), Duration::from_millis(50));

    let start = Instant::now();
    let reminded = loop {
        let calls = discord.take();
        let reminder =
            posts_in(&calls, thread).iter().any(|c| text_of(&c.body).contains("Your move is waiting"));
        if reminder || start.elapsed() > Duration::from_secs(20) {
            break reminder;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(clock.panics.load(Ordering::SeqCst), 0, "the three panicking passes ran");
    assert!(reminded, "a later pass delivered the reminder");
    assert!(!ticker.is_finished(), "the ticker still runs");
    ticker.abort();
}

/// A message Alice wrote in the channel.
fn alices_message(content: &str) -> serenity::all::Message {
    let mut m = message_json(9_001, CHANNEL, &serde_json::json!({ "content": content }));
    m["author"] = user_json(A.0, A.1);
    m["guild_id"] = serde_json::json!(GUILD.to_string());
    serde_json::from_value(m).expect("a message as Discord sends one")
}

#[tokio::test]
async fn a_panic_in_an_inline_look_up_is_caught_the_channel_is_told_with_an_error_id_and_the_next_works() {
    let (discord, table, _clock) = troubled_table().await;
    let m = alices_message("what does [[Spark Nip]] do?");
    answer_inline(&discord.http, &table, &m, async {
        panic!("working out the channel broke (a provoked bug)")
    })
    .await;
    let calls = discord.take();
    let posts = posts_in(&calls, CHANNEL);
    assert_eq!(posts.len(), 1, "one answer in the channel: {calls:#?}");
    let told = text_of(&posts[0].body);
    assert!(told.contains("something went wrong"), "an apology: {told}");
    let id = error_id_in(&told).expect("quoting an error id");
    assert!(id.len() == 8 && id.chars().all(|c| c.is_ascii_hexdigit()), "the logged id: {told}");
    assert_eq!(posts[0].body["allowed_mentions"]["parse"], serde_json::json!([]), "pings no one");

    // The next look-up is answered with the card.
    let here = Place { guild: Some(GUILD.to_string()), channel: CHANNEL.to_string(), thread: None };
    answer_inline(&discord.http, &table, &m, async { here }).await;
    let calls = discord.take();
    let posts = posts_in(&calls, CHANNEL);
    assert_eq!(posts.len(), 1, "{calls:#?}");
    assert!(text_of(&posts[0].body).contains("Spark Nip"), "the card: {}", text_of(&posts[0].body));
}

/// Issue 54, finding 5: a panic in one renewal of the process's claims
/// (its gateway shards, the ticker's work) costs that renewal only: the
/// next one runs, so the shards stay this process's and no other process
/// takes them up while it lives.
#[tokio::test]
async fn a_panic_in_a_claim_renewal_costs_that_renewal_only_and_the_next_renews() {
    let (_discord, table, clock) = troubled_table().await;
    assert!(table.claim_gateway(None).await.unwrap().is_empty(), "the shards are this process's");
    // 20 s on: the lease (25 s) would run out 5 s from now unless renewed.
    clock.now.fetch_add(20, Ordering::SeqCst);
    clock.panic_next(1);
    let renewal = table.spawn_renewal_every(Duration::from_millis(20));
    let deadline = Instant::now() + Duration::from_secs(5);
    while clock.panics.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Two more periods: the renewal after the panicking one ran.
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!renewal.is_finished(), "the renewal task lives on");
    renewal.abort();
    // 10 s later still (30 s after the claim), another process asks for the shards.
    let later = Arc::new(cardtable::table::ManualClock::new(clock.now.load(Ordering::SeqCst) + 10));
    let other = Table::with_clock(table.store().clone(), later);
    let holders = other.claim_gateway(None).await.unwrap();
    assert!(!holders.is_empty(), "the lease was renewed after the panic, so the shards are still held");
}
