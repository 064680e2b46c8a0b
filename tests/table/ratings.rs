//! Ratings (issue 33): the rating systems give the answers their crate
//! documents; a match's end changes each player's rating once, in the same
//! write, even across a restart; rebuilding from the finished matches
//! gives back exactly what was stored, the per-player sums `/stats` reads
//! (migration 0019) included.

use cardtable::ratings::{
    assess, weng_lin_places, FinishedMatch, FinishedSeat, Line, MatchResult, Rating, Unrated,
};
use std::collections::BTreeMap;

use cardtable::store::{
    Commit, MatchStatus, NewMatch, NewSeat, Record, RecordKind, ResultRow, Store, StoredRecord,
};
use proptest::prelude::*;

fn seat(seat: i64, user: &str) -> FinishedSeat {
    FinishedSeat { seat, user_id: user.into(), deck_name: format!("{user}'s deck"), moved: true }
}

fn finished(outcome: &str, seats: Vec<FinishedSeat>) -> FinishedMatch {
    FinishedMatch {
        match_id: 1,
        guild: "g".into(),
        game: "spheres".into(),
        outcome: Some(outcome.into()),
        seats,
    }
}

fn duel(rating: f64, deviation: f64, volatility: f64, user: &str) -> Rating {
    Rating {
        guild: "g".into(),
        game: "spheres".into(),
        line: Line::Duel,
        user_id: user.into(),
        rating,
        deviation,
        volatility,
        matches: 0,
        wins: 0,
        losses: 0,
        draws: 0,
        streak: 0,
    }
}

fn rating_of<'a>(ratings: &'a [Rating], user: &str) -> &'a Rating {
    ratings.iter().find(|r| r.user_id == user).unwrap_or_else(|| panic!("no rating for {user}"))
}

/// skillratings' own example of `glicko2`: two new players (1500 ± 350,
/// volatility 0.06), the first wins: 1662 ± 290 and 1338 ± 290.
#[test]
fn glicko2_two_new_players_match_the_crate_documented_example() {
    let m = finished(r#"{"winners":[0],"reason":"x"}"#, vec![seat(0, "alice"), seat(1, "bob")]);
    let a = assess(&m, &[]);
    let alice = rating_of(&a.ratings, "alice");
    let bob = rating_of(&a.ratings, "bob");
    assert_eq!((alice.line, alice.rating.round(), alice.deviation.round()), (Line::Duel, 1662.0, 290.0));
    assert!((alice.volatility - 0.059_999_675_372_338_14).abs() < f64::EPSILON);
    assert_eq!((bob.rating.round(), bob.deviation.round()), (1338.0, 290.0));
    assert!((bob.volatility - 0.059_999_675_372_338_14).abs() < f64::EPSILON);
    assert_eq!(a.results[0].change.map(|(b, a)| (b, a.round())), Some((1500.0, 1662.0)));
}

/// skillratings' example of `weng_lin`: 42.0 ± 1.3 beats a new player
/// (25 ± 8.33): 42.03 ± 1.30 and 23.91 ± 8.03. Ranking the two on their own
/// by place, as Spheres' lords are, gives the same.
#[test]
fn weng_lin_by_places_matches_the_crate_documented_example() {
    let new = weng_lin_places(&[(42.0, 1.3), (25.0, 25.0 / 3.0)], &[1, 2]);
    let hundredths = |x: f64| (x * 100.0).round();
    assert_eq!((hundredths(new[0].0), hundredths(new[0].1)), (4203.0, 130.0));
    assert_eq!((hundredths(new[1].0), hundredths(new[1].1)), (2391.0, 803.0));
}

#[test]
fn three_lords_are_rated_on_the_multiplayer_line_winner_first_others_tied() {
    let m = finished(r#"{"winners":[1],"reason":"x"}"#, vec![seat(0, "a"), seat(1, "b"), seat(2, "c")]);
    let a = assess(&m, &[]);
    assert!(a.ratings.iter().all(|r| r.line == Line::Multi));
    let (ra, rb, rc) = (rating_of(&a.ratings, "a"), rating_of(&a.ratings, "b"), rating_of(&a.ratings, "c"));
    assert!(rb.rating > 25.0 && ra.rating < 25.0);
    // The two losers tied: the same change.
    assert!((ra.rating - rc.rating).abs() < 1e-9);
    assert_eq!((rb.wins, ra.losses, rc.losses), (1, 1, 1));
}

#[test]
fn a_match_against_the_computer_is_kept_but_not_rated() {
    let m = finished(r#"{"winners":[0],"reason":"x"}"#, vec![seat(0, "alice"), seat(1, "ai:easy")]);
    let a = assess(&m, &[]);
    assert!(a.ratings.is_empty());
    assert_eq!(a.results[0].rated, Err(Unrated::Computer));
    assert_eq!(a.results[0].result, Some(MatchResult::Win));
}

#[test]
fn a_match_ended_before_both_players_moved_changes_no_rating() {
    let mut bob = seat(1, "bob");
    bob.moved = false;
    let m = finished(r#"{"winners":[0],"reason":"Bob conceded"}"#, vec![seat(0, "alice"), bob]);
    let a = assess(&m, &[]);
    assert!(a.ratings.is_empty());
    assert!(a.results.iter().all(|r| r.rated == Err(Unrated::Abandoned) && r.change.is_none()));
}

#[test]
fn a_draw_moves_the_weaker_player_up_and_ends_streaks() {
    let mut alice = duel(1700.0, 80.0, 0.06, "alice");
    alice.streak = 3;
    let bob = duel(1500.0, 80.0, 0.06, "bob");
    let m = finished(r#"{"winners":[],"reason":"time"}"#, vec![seat(0, "alice"), seat(1, "bob")]);
    let a = assess(&m, &[alice, bob]);
    let (ra, rb) = (rating_of(&a.ratings, "alice"), rating_of(&a.ratings, "bob"));
    assert!(ra.rating < 1700.0 && rb.rating > 1500.0);
    assert_eq!((ra.draws, ra.streak, rb.draws), (1, 0, 1));
}

proptest! {
    /// Glicko-2's promise for one game between two players of equal
    /// deviation and volatility: what one gains the other loses (the
    /// changes sum to zero); the winner never goes down, the loser never up.
    #[test]
    fn two_players_rating_changes_sum_to_zero_when_equally_certain(
        r1 in 800.0f64..2600.0, r2 in 800.0f64..2600.0, rd in 30.0f64..350.0, outcome in 0usize..3,
    ) {
        let winners = ["[0]", "[1]", "[]"][outcome];
        let m = finished(&format!(r#"{{"winners":{winners},"reason":"x"}}"#), vec![seat(0, "p"), seat(1, "q")]);
        let a = assess(&m, &[duel(r1, rd, 0.06, "p"), duel(r2, rd, 0.06, "q")]);
        let (p, q) = (rating_of(&a.ratings, "p"), rating_of(&a.ratings, "q"));
        let (dp, dq) = (p.rating - r1, q.rating - r2);
        prop_assert!((dp + dq).abs() < 1e-6, "changes {dp} and {dq} do not cancel");
        match outcome {
            0 => prop_assert!(dp >= 0.0 && dq <= 0.0),
            1 => prop_assert!(dp <= 0.0 && dq >= 0.0),
            _ => prop_assert!((r1 - r2) * dp <= 1e-9, "a draw moves the stronger player down"),
        }
    }

    /// With unequal certainty the less certain player moves further: the
    /// sum leans toward the newcomer's side, never past it.
    #[test]
    fn the_less_certain_player_moves_further(
        r in 1200.0f64..1800.0, rd_new in 200.0f64..350.0, rd_old in 30.0f64..80.0,
    ) {
        let m = finished(r#"{"winners":[0],"reason":"x"}"#, vec![seat(0, "new"), seat(1, "old")]);
        let a = assess(&m, &[duel(r, rd_new, 0.06, "new"), duel(r, rd_old, 0.06, "old")]);
        let gain = rating_of(&a.ratings, "new").rating - r;
        let loss = r - rating_of(&a.ratings, "old").rating;
        prop_assert!(gain > loss && loss > 0.0, "gain {gain}, loss {loss}");
    }
}

fn new_match(guild: &str, a: &str, b: &str) -> NewMatch {
    NewMatch {
        game: "spheres".into(),
        variant: None,
        guild: Some(guild.into()),
        channel: "general".into(),
        thread: None,
        setup: "{}".into(),
        state: "{}".into(),
        seats: vec![
            NewSeat { seat: 0, user_id: a.into(), deck_name: "Red".into() },
            NewSeat { seat: 1, user_id: b.into(), deck_name: "Blue".into() },
        ],
        to_act: vec![0],
        deadline_at: None,
        limit_hours: 72,
        time_up_at: None,
        now: 0,
    }
}

/// Both players move, then the first wins: the final commit.
async fn play_and_win(store: &Store, id: i64, winner: u8) {
    let moves =
        [(0, r#"{"by":"player","action":{}}"#.to_owned()), (1, r#"{"by":"player","action":{}}"#.to_owned())];
    let outcome = format!(r#"{{"winners":[{winner}],"reason":"won"}}"#);
    let commit = Commit {
        expected_version: 0,
        actions: &moves,
        state: "{}",
        status: MatchStatus::Finished,
        outcome: Some(&outcome),
        to_act: &[],
        deadline_at: None,
        now: 100,
        orders: "",
        board_events: "",
        pass_at: None,
    };
    store.commit_actions(id, &commit).await.unwrap();
}

#[tokio::test]
async fn a_match_end_is_rated_in_the_same_write_and_once_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("r.db").display());
    let store = Store::open(&url).await.unwrap();
    let id = store.create_match(&new_match("g", "alice", "bob")).await.unwrap();
    play_and_win(&store, id, 0).await;
    // Rated by the commit itself, before any ticker pass.
    let rated = store.all_ratings().await.unwrap();
    assert_eq!(rating_of(&rated, "alice").matches, 1);
    // With its per-player sums, in the same write.
    let records = store.all_records().await.unwrap();
    assert_eq!(records, expected_records(&store.all_results().await.unwrap()));
    assert_eq!(records.len(), 4, "alice and bob, each by deck and by opponent: {records:?}");
    store.close().await;

    // The bot restarts: its ticker passes find nothing left to rate.
    let store = Store::open(&url).await.unwrap();
    assert_eq!(store.rate_finished().await.unwrap(), 0);
    assert_eq!(store.rate_finished().await.unwrap(), 0);
    assert_eq!(store.all_ratings().await.unwrap(), rated);
    assert_eq!(store.all_results().await.unwrap().len(), 2);
    assert_eq!(store.all_records().await.unwrap(), records, "nothing counted twice");

    // A stale second finish of the same match is refused and rates nothing.
    let id2 = store.create_match(&new_match("g", "alice", "bob")).await.unwrap();
    play_and_win(&store, id2, 1).await;
    let concede = [(0, r#"{"by":"concede"}"#.to_owned())];
    let refused = store
        .commit_actions(
            id2,
            &Commit {
                expected_version: 0,
                actions: &concede,
                state: "{}",
                status: MatchStatus::Finished,
                outcome: Some(r#"{"winners":[1],"reason":"again"}"#),
                to_act: &[],
                deadline_at: None,
                now: 200,
                orders: "",
                board_events: "",
                pass_at: None,
            },
        )
        .await;
    assert!(refused.is_err());
    let ratings = store.all_ratings().await.unwrap();
    assert_eq!((rating_of(&ratings, "alice").matches, rating_of(&ratings, "bob").wins), (2, 1));
    let alice_red = store.record_by_deck("g", "alice", "spheres").await.unwrap();
    assert_eq!(alice_red, vec![Record { key: "Red".into(), wins: 1, losses: 1, draws: 0 }]);
    assert_eq!(store.all_records().await.unwrap(), expected_records(&store.all_results().await.unwrap()));
}

/// What `/stats` once grouped the result lines into, computed here from
/// the lines themselves: the sums `player_records` must hold.
fn expected_records(results: &[ResultRow]) -> Vec<StoredRecord> {
    let mut sums: BTreeMap<(String, String, String, String, String), [i64; 4]> = BTreeMap::new();
    for r in results {
        for (kind, heading) in
            RecordKind::headings(r.line.as_deref(), r.unrated.as_deref(), &r.deck_name, &r.opponents)
        {
            let key = (
                r.guild.clone(),
                r.user_id.clone(),
                r.game.clone(),
                kind.key().to_owned(),
                heading.to_owned(),
            );
            let sum = sums.entry(key).or_default();
            sum[0] += 1;
            match r.result.as_deref() {
                Some("win") => sum[1] += 1,
                Some("loss") => sum[2] += 1,
                Some("draw") => sum[3] += 1,
                _ => {}
            }
        }
    }
    sums.into_iter()
        .map(|((guild, user_id, game, kind, heading), [played, wins, losses, draws])| StoredRecord {
            guild,
            user_id,
            game,
            kind,
            heading,
            played,
            wins,
            losses,
            draws,
        })
        .collect()
}

#[tokio::test]
async fn ratings_rebuilt_from_the_finished_matches_equal_the_stored_ones() {
    let store = Store::open_memory().await.unwrap();
    let players = ["ann", "ben", "cat", "dan"];
    for i in 0..24usize {
        let (a, b) = (players[i % 4], players[(i / 4 + i + 1) % 4]);
        if a == b {
            continue;
        }
        let guild = if i % 5 == 0 { "other" } else { "g" };
        let id = store.create_match(&new_match(guild, a, b)).await.unwrap();
        play_and_win(&store, id, u8::from(i % 3 == 0)).await;
    }
    // Two matches against the computer: counted under its level, not rated.
    for winner in [0, 1] {
        let id = store.create_match(&new_match("g", "ann", "ai:easy")).await.unwrap();
        play_and_win(&store, id, winner).await;
    }
    let ratings = store.all_ratings().await.unwrap();
    let results = store.all_results().await.unwrap();
    let records = store.all_records().await.unwrap();
    assert!(ratings.len() >= 6, "{ratings:?}");
    assert_eq!(records, expected_records(&results), "kept as each match was rated");
    assert_eq!(
        store.record_against_computer("g", "ann", "spheres").await.unwrap(),
        vec![Record { key: "ai:easy".into(), wins: 1, losses: 1, draws: 0 }]
    );
    let matches = store.rebuild_ratings().await.unwrap();
    assert_eq!(matches * 2, results.len());
    assert_eq!(store.all_ratings().await.unwrap(), ratings);
    assert_eq!(store.all_results().await.unwrap(), results);
    assert_eq!(store.all_records().await.unwrap(), records, "the rebuilt sums equal the kept ones");
}
