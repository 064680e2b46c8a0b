//! Limits against spam, on the table's manual clock: `/board` re-posts,
//! challenges to one person per hour, and the pings of challenge, decline
//! and rematch loops; the caps on matches against the computer and on
//! active matches (issue 54); and that `/privacy erase` resets none of them.

use crate::table_support;

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

fn erase() -> Command {
    Command::Privacy { erase: Some(true), confirm: Some("yes".into()) }
}

/// Alice's challenge to the computer at `level`.
fn against_the_computer(level: &str) -> Command {
    Command::Challenge {
        opponent: cardtable::table::UserRef::computer("cardtable"),
        game: "spheres".into(),
        deck: None,
        deadline_hours: None,
        variant: None,
        seating: Box::new(cardtable::table::Seating { level: Some(level.into()), ..Default::default() }),
    }
}

/// The match `out` opened.
fn opened(out: &[Outgoing]) -> i64 {
    out.iter()
        .find_map(|o| match o {
            Outgoing::CreateThread { match_id, .. } => Some(*match_id),
            _ => None,
        })
        .expect("a match is opened")
}

/// Issue 54, finding 1: challenge Bob three times, erase, challenge again:
/// the fourth is still refused, and Bob is pinged three times in the hour.
/// The marks the limit counts hold no Discord id.
#[tokio::test]
async fn erasing_does_not_reset_the_challenge_limit() {
    let mut f = Front::new().await;
    for _ in 0..3 {
        let id = send_challenge(&mut f, "Alice", "Bob").await.unwrap();
        decline(&mut f, "Bob", id).await.unwrap();
        f.clock.advance(60);
    }
    f.slash("Alice", erase()).await.unwrap();
    let before = f.all.len();
    let e = refusal(f.slash("Alice", challenge("Bob")).await);
    assert!(e.contains("challenged Bob 3 times in the last hour"), "{e}");
    assert!(e.contains("again in 57 min"), "{e}");
    assert_eq!(f.all.len(), before, "nothing is posted");
    assert_eq!(pings(&f, "bob"), 3);
    let marks = f.table.store().limit_marks().await.unwrap();
    assert_eq!(marks.len(), 3, "{marks:?}");
    for (kind, who, whom) in &marks {
        assert_eq!(kind, "challenge");
        assert!(who.len() == 64 && !who.contains("alice") && !whom.contains("bob"), "{who} {whom}");
    }
    // The marks go with their hour.
    f.clock.advance(3600);
    let id = send_challenge(&mut f, "Alice", "Bob").await.unwrap();
    assert_eq!(pings(&f, "bob"), 4);
    decline(&mut f, "Bob", id).await.unwrap();
    assert_eq!(f.table.store().limit_marks().await.unwrap().len(), 1, "the old marks are deleted");
}

/// Issue 54, finding 2: matches against the computer are capped per
/// member, every level counted together, and neither conceding nor
/// erasing frees the cap; the refusal says when it frees.
#[tokio::test]
async fn matches_against_the_computer_are_capped_per_member_across_levels_and_erasure() {
    use cardtable::table::limits::COMPUTER_MATCHES_PER_HOUR;
    let mut f = Front::new().await;
    let levels = ["easy", "normal", "hard"];
    for k in 0..COMPUTER_MATCHES_PER_HOUR {
        let out = f.slash("Alice", against_the_computer(levels[k % 3])).await.unwrap();
        let id = opened(&out);
        f.click("Alice", &CustomId::ConcedeConfirm { match_id: id }.encode()).await.unwrap();
        f.clock.advance(60);
    }
    for level in levels {
        let e = refusal(f.slash("Alice", against_the_computer(level)).await);
        assert!(e.contains(&format!("{COMPUTER_MATCHES_PER_HOUR} matches against the computer")), "{e}");
        assert!(e.contains("every level counted together"), "{e}");
        assert!(e.contains("again in 56 min"), "{e}");
    }
    f.slash("Alice", erase()).await.unwrap();
    let e = refusal(f.slash("Alice", against_the_computer("easy")).await);
    assert!(e.contains("matches against the computer"), "after an erasure: {e}");
    // Bob has his own cap.
    f.slash("Bob", against_the_computer("easy")).await.unwrap();
    // An hour after the first, one more.
    f.clock.advance(3600 - COMPUTER_MATCHES_PER_HOUR as i64 * 60);
    f.slash("Alice", against_the_computer("hard")).await.unwrap();
}

/// Issue 54, finding 2: a server's managers cap the active matches a
/// member plays there and the server's; the refusals name the cap and
/// how it frees, nothing is posted, and only managers may change them.
#[tokio::test]
async fn active_matches_are_capped_per_member_and_per_server_as_managers_set() {
    let mut f = Front::new().await;
    f.place = cardtable::table::Place { guild: Some("g1".into()), ..f.place.clone() };
    let caps = |member: Option<i64>, server: Option<i64>, manager: bool| Command::ServerCaps {
        member_matches: member,
        server_matches: server,
        manager,
        settings: Box::new(Command::no_settings(false)),
    };
    let e = refusal(f.slash("Alice", caps(Some(2), None, false)).await);
    assert!(e.contains("Only a server manager"), "{e}");
    let e = refusal(f.slash("Alice", caps(Some(0), None, true)).await);
    assert!(e.contains("member_matches must be from 1 to 100"), "{e}");
    let out = f.slash("Alice", caps(Some(2), Some(3), true)).await.unwrap();
    assert!(format!("{out:?}").contains("**2** active matches per member, **3** in the server"), "{out:?}");

    f.start_match().await;
    // Carol's challenge reaches Alice while she plays one match ...
    let carols = send_challenge(&mut f, "Carol", "Alice").await.unwrap();
    f.start_match_with(challenge("Bob"), "Clockwork Skies").await;
    // ... and now she plays two: no third, neither her own nor Carol's.
    let before = f.all.len();
    let e = refusal(f.slash("Alice", challenge("Dave")).await);
    assert!(e.contains("You already play 2 active matches in this server"), "{e}");
    assert!(e.contains("/settings member_matches:"), "{e}");
    assert!(e.contains("as soon as one of them ends"), "{e}");
    assert_eq!(f.all.len(), before, "nothing is posted");
    let e = refusal(f.click("Alice", &CustomId::Accept { challenge: carols }.encode()).await);
    assert!(e.contains("You already play 2 active matches"), "{e}");
    // Nor may anyone invite her meanwhile (she would be pinged for nothing).
    let e = refusal(f.slash("Dave", challenge("Alice")).await);
    assert!(e.contains("Alice already plays 2 active matches"), "{e}");

    // The server's cap: a third match between others is refused.
    f.slash("Alice", caps(None, Some(2), true)).await.unwrap();
    let e = refusal(f.slash("Erin", challenge("Frank")).await);
    assert!(e.contains("This server already has 2 active matches, its limit (2;"), "{e}");
    assert!(e.contains("/settings server_matches:"), "{e}");
}

/// Issue 54, finding 1: a server's managers see how many people erased
/// their data there, never who; others see no such line.
#[tokio::test]
async fn server_managers_see_erasures_as_a_count_never_a_name() {
    let mut f = Front::new().await;
    f.place = cardtable::table::Place { guild: Some("g1".into()), ..f.place.clone() };
    let id = send_challenge(&mut f, "Alice", "Bob").await.unwrap();
    decline(&mut f, "Bob", id).await.unwrap();
    f.slash("Alice", erase()).await.unwrap();
    let shown = format!("{:?}", f.slash("Carol", Command::no_settings(true)).await.unwrap());
    assert!(shown.contains("Erasures here (only server managers see this): 1,"), "{shown}");
    assert!(!shown.contains("Alice") && !shown.contains("alice"), "{shown}");
    let shown = format!("{:?}", f.slash("Bob", Command::no_settings(false)).await.unwrap());
    assert!(!shown.contains("Erasures"), "{shown}");
}

/// Issue 54, finding 5: a rematch against a player who erased their data
/// is refused with why, instead of challenging the pseudonym.
#[tokio::test]
async fn a_rematch_against_an_erased_player_is_refused() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    f.click("Bob", &CustomId::ConcedeConfirm { match_id: id }.encode()).await.unwrap();
    f.slash("Bob", erase()).await.unwrap();
    let before = f.all.len();
    let e = refusal(f.click("Alice", &CustomId::Rematch { match_id: id }.encode()).await);
    assert!(e.contains("erased their data"), "{e}");
    assert_eq!(f.all.len(), before, "nothing is posted");
}

/// Issue 54, finding 5: a challenge refused for a bad deck name keeps
/// nothing about the person it named.
#[tokio::test]
async fn a_refused_challenge_stores_nothing_about_its_target() {
    let mut f = Front::new().await;
    let bad = Command::Challenge {
        opponent: user("Bob"),
        game: "spheres".into(),
        deck: Some("No Such Deck".into()),
        deadline_hours: None,
        variant: None,
        seating: Default::default(),
    };
    refusal(f.slash("Alice", bad).await);
    let kept = f.table.store().personal_data("bob").await.unwrap();
    for (part, rows) in kept {
        assert!(rows.is_empty(), "{part}: {rows:?}");
    }
}

/// Issue 54, finding 1: erasing sheds no rating into a fresh settled one:
/// the old one stays with the pseudonym, and the person's next rated
/// match starts them provisional, as any newcomer.
#[tokio::test]
async fn a_rating_after_an_erasure_starts_provisional_as_a_newcomers() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    // A match is rated once everyone has moved.
    async fn both_move(f: &mut Front, id: i64, rng: &mut rand_chacha::ChaCha8Rng) {
        let (mut alice, mut bob) = (false, false);
        for _ in 0..200 {
            alice |= table_support::computer::person_moves(f, id, "Alice", rng).await.is_some();
            bob |= table_support::computer::person_moves(f, id, "Bob", rng).await.is_some();
            if alice && bob {
                return;
            }
        }
        panic!("Alice and Bob never both moved");
    }
    let mut f = Front::new().await;
    for _ in 0..cardtable::ratings::PROVISIONAL_MATCHES {
        let id = f.start_match().await;
        both_move(&mut f, id, &mut rng).await;
        f.click("Alice", &CustomId::ConcedeConfirm { match_id: id }.encode()).await.unwrap();
        f.clock.advance(3600);
    }
    let alices = |all: Vec<cardtable::ratings::Rating>| {
        all.into_iter().filter(|r| r.user_id == "alice").collect::<Vec<_>>()
    };
    let before = alices(f.table.store().all_ratings().await.unwrap());
    assert!(!before.is_empty() && before.iter().all(|r| !r.provisional()), "settled before: {before:?}");
    f.slash("Alice", erase()).await.unwrap();
    assert!(alices(f.table.store().all_ratings().await.unwrap()).is_empty(), "no rating under her id");
    let id = f.start_match().await;
    both_move(&mut f, id, &mut rng).await;
    f.click("Bob", &CustomId::ConcedeConfirm { match_id: id }.encode()).await.unwrap();
    let after = alices(f.table.store().all_ratings().await.unwrap());
    assert!(!after.is_empty() && after.iter().all(|r| r.provisional() && r.matches == 1), "{after:?}");
}
