//! Limits against spam, on the table's manual clock: `/board` re-posts,
//! challenges to one person per hour, and the pings of challenge, decline
//! and rematch loops.

mod table_support;

use cardtable::table::{Command, CustomId, Outgoing, PostKey, TableError};
use table_support::{user, Front};

fn refusal(r: Result<Vec<Outgoing>, TableError>) -> String {
    match r {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn challenge(opponent: &str) -> Command {
    Command::Challenge {
        opponent: user(opponent),
        game: "spheres".into(),
        deck: None,
        deadline_hours: None,
        variant: None,
        seating: Default::default(),
    }
}

/// Times `who` was pinged by everything the table sent so far.
fn pings(f: &Front, who: &str) -> usize {
    f.all
        .iter()
        .filter(
            |o| matches!(o, Outgoing::Post { mentions, .. } if mentions.iter().any(|m| m.as_str() == who)),
        )
        .count()
}

fn posts(out: &[Outgoing]) -> usize {
    out.iter().filter(|o| matches!(o, Outgoing::Post { .. })).count()
}

/// The id of the challenge posted in `out`.
fn challenge_id(out: &[Outgoing]) -> i64 {
    out.iter()
        .find_map(|o| match o {
            Outgoing::Post { key: Some(PostKey::Challenge(id)), .. } => Some(*id),
            _ => None,
        })
        .expect("a challenge was posted")
}

/// Alice's (or anyone's) challenge; returns its id.
async fn send_challenge(f: &mut Front, from: &str, to: &str) -> Result<i64, TableError> {
    f.slash(from, challenge(to)).await.map(|out| challenge_id(&out))
}

/// `who` presses Decline on challenge `id` (a withdrawal when it is theirs).
async fn decline(f: &mut Front, who: &str, id: i64) -> Result<Vec<Outgoing>, TableError> {
    f.click(who, &CustomId::Decline { challenge: id }.encode()).await
}

/// The private reply to a `/board` that was not re-posted.
fn private_board(out: &[Outgoing]) -> &cardtable::table::Message {
    assert_eq!(posts(out), 0, "nothing is posted: {out:?}");
    match out {
        [Outgoing::Ephemeral { message, .. }] => message,
        other => panic!("expected one private reply, got {other:?}"),
    }
}

#[tokio::test]
async fn a_user_reposts_a_match_board_at_most_once_a_minute() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let out = f.slash("Alice", Command::Board).await.unwrap();
    assert_eq!(posts(&out), 1);
    let before = f.posts.len();

    // 20 s later: nothing is posted; Alice sees the board privately, with
    // its buttons, and when she may post it again.
    f.clock.advance(20);
    let out = f.slash("Alice", Command::Board).await.unwrap();
    let board = private_board(&out);
    assert!(board.content.contains("you can post it again in 40 s"), "{}", board.content);
    let footer = board.embed.as_ref().and_then(|e| e.footer.clone()).unwrap_or_default();
    assert!(footer.starts_with(&format!("Match #{id} ·")), "{footer}");
    assert!(!board.components.is_empty(), "the private board keeps its buttons");
    assert_eq!(f.posts.len(), before, "nothing is posted");

    // The limit is per user: Bob may re-post it.
    assert_eq!(posts(&f.slash("Bob", Command::Board).await.unwrap()), 1);

    f.clock.advance(39);
    let out = f.slash("Alice", Command::Board).await.unwrap();
    assert!(private_board(&out).content.contains("again in 1 s"));
    f.clock.advance(1);
    assert_eq!(posts(&f.slash("Alice", Command::Board).await.unwrap()), 1);
}

#[tokio::test]
async fn a_user_challenges_the_same_person_at_most_three_times_an_hour() {
    let mut f = Front::new().await;
    for _ in 0..3 {
        let id = send_challenge(&mut f, "Alice", "Bob").await.unwrap();
        decline(&mut f, "Bob", id).await.unwrap();
        f.clock.advance(10 * 60);
    }
    assert_eq!(pings(&f, "bob"), 3);
    // 30 minutes after the first: the fourth is refused, and Bob is not pinged.
    let before = f.all.len();
    let e = refusal(f.slash("Alice", challenge("Bob")).await);
    assert!(e.contains("challenged Bob 3 times in the last hour"), "{e}");
    assert!(e.contains("again in 30 min"), "{e}");
    assert_eq!(f.all.len(), before, "nothing is posted");
    assert_eq!(pings(&f, "bob"), 3);

    // Other people are not affected: Alice may challenge Carol, Bob may challenge Alice.
    let id = send_challenge(&mut f, "Alice", "Carol").await.unwrap();
    decline(&mut f, "Carol", id).await.unwrap();
    let id = send_challenge(&mut f, "Bob", "Alice").await.unwrap();
    decline(&mut f, "Alice", id).await.unwrap();

    // An hour after the first challenge, one more is allowed.
    f.clock.advance(30 * 60 - 1);
    assert!(refusal(f.slash("Alice", challenge("Bob")).await).contains("again in 1 min"));
    f.clock.advance(1);
    let bob = pings(&f, "bob");
    f.slash("Alice", challenge("Bob")).await.unwrap();
    assert_eq!(pings(&f, "bob"), bob + 1);
}

#[tokio::test]
async fn a_challenge_and_withdraw_loop_pings_the_opponent_at_most_three_times_an_hour() {
    let mut f = Front::new().await;
    for _ in 0..10 {
        if let Ok(id) = send_challenge(&mut f, "Alice", "Bob").await {
            // Alice withdraws her own challenge: that post pings nobody.
            let out = decline(&mut f, "Alice", id).await.unwrap();
            assert!(
                out.iter().any(|o| matches!(o, Outgoing::Post { message, mentions, .. }
                    if message.content.contains("withdrew") && mentions.is_empty())),
                "{out:?}"
            );
        }
        f.clock.advance(60);
    }
    assert_eq!(pings(&f, "bob"), 3);
}

#[tokio::test]
async fn a_decline_pings_the_challenger_once_per_challenge() {
    let mut f = Front::new().await;
    for _ in 0..5 {
        if let Ok(id) = send_challenge(&mut f, "Alice", "Bob").await {
            decline(&mut f, "Bob", id).await.unwrap();
            // A second click on Decline changes and pings nothing.
            assert!(refusal(decline(&mut f, "Bob", id).await).contains("no longer open"));
        }
    }
    assert_eq!(pings(&f, "alice"), 3);
}

#[tokio::test]
async fn rematches_count_as_challenges_to_that_person() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    f.slash("Bob", Command::Concede).await.unwrap();
    f.click("Bob", &CustomId::ConcedeConfirm { match_id: id }.encode()).await.unwrap();
    let rematch = CustomId::Rematch { match_id: id }.encode();
    assert_eq!(pings(&f, "bob"), 2, "the challenge and the first board");

    // The first challenge and two rematches make three.
    for _ in 0..2 {
        let out = f.click("Alice", &rematch).await.unwrap();
        decline(&mut f, "Bob", challenge_id(&out)).await.unwrap();
    }
    let before = f.all.len();
    let e = refusal(f.click("Alice", &rematch).await);
    assert!(e.contains("challenged Bob 3 times"), "{e}");
    assert!(e.contains("rematches count"), "{e}");
    assert_eq!(f.all.len(), before, "nothing is posted");
    assert_eq!(pings(&f, "bob"), 4);

    // Bob's rematch is his own challenge to Alice, under his own cap.
    let alice = pings(&f, "alice");
    f.click("Bob", &rematch).await.unwrap();
    assert_eq!(pings(&f, "alice"), alice + 1);
}

/// Alice's challenge to `first`, with `others` named after them (opponent2…).
fn challenge_with(first: &str, others: &[&str], partner: Option<&str>) -> Command {
    Command::Challenge {
        opponent: user(first),
        game: "spheres".into(),
        deck: None,
        deadline_hours: None,
        variant: None,
        seating: Box::new(cardtable::table::Seating {
            others: others.iter().map(|o| user(o)).collect(),
            partner: partner.map(user),
            mode: partner.map(|_| "teams".to_owned()),
            ..Default::default()
        }),
    }
}

#[tokio::test]
async fn naming_someone_as_opponent2_counts_toward_the_three_pings_an_hour() {
    // The attack of issue 35: the first opponent rotates (each challenge
    // withdrawn at once) while Carol is always named second.
    let mut f = Front::new().await;
    let mut refused = 0;
    for first in ["Bob", "Dave", "Erin"].iter().cycle().take(9) {
        match f.slash("Alice", challenge_with(first, &["Carol"], None)).await {
            Ok(out) => {
                decline(&mut f, "Alice", challenge_id(&out)).await.unwrap();
            }
            Err(TableError::User(e)) => {
                assert!(e.0.contains("challenged Carol 3 times in the last hour"), "{}", e.0);
                refused += 1;
            }
            Err(e) => panic!("{e:?}"),
        }
        f.clock.advance(5);
    }
    assert_eq!(refused, 6, "only the first three challenges naming Carol are posted");
    assert_eq!(pings(&f, "carol"), 3);

    // Carol directly: refused, saying when she can be challenged again.
    let before = f.all.len();
    let e = refusal(f.slash("Alice", challenge("Carol")).await);
    assert!(e.contains("challenged Carol 3 times in the last hour"), "{e}");
    assert!(e.contains("You can challenge Carol again in 60 min"), "{e}");
    assert_eq!(f.all.len(), before, "nothing is posted");
    assert_eq!(pings(&f, "carol"), 3);

    // An hour after the first, Carol may be challenged again.
    f.clock.advance(3600 - 9 * 5);
    f.slash("Alice", challenge("Carol")).await.unwrap();
    assert_eq!(pings(&f, "carol"), 4);
}

#[tokio::test]
async fn naming_someone_as_partner_counts_toward_the_three_pings_an_hour() {
    let mut f = Front::new().await;
    for (a, b) in [("Bob", "Dave"), ("Erin", "Frank"), ("Bob", "Erin")] {
        let out = f.slash("Alice", challenge_with(a, &[b], Some("Carol"))).await.unwrap();
        decline(&mut f, "Alice", challenge_id(&out)).await.unwrap();
        f.clock.advance(60);
    }
    assert_eq!(pings(&f, "carol"), 3);
    let e = refusal(f.slash("Alice", challenge_with("Dave", &["Frank"], Some("Carol"))).await);
    assert!(e.contains("challenged Carol 3 times in the last hour"), "{e}");
    let e = refusal(f.slash("Alice", challenge("Carol")).await);
    assert!(e.contains("challenged Carol 3 times"), "{e}");
    assert!(e.contains("again in 57 min"), "{e}");
    assert_eq!(pings(&f, "carol"), 3);
}
