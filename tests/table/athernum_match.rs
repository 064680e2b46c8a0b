//! Athernum matches (11.1): a best of 3 and the match time limit, as
//! challenge options, in the rules engine and through the table.

use crate::table_support;

use cardtable::engine::{GameRng, MatchSetup, Outcome, Rules, Seat};
use cardtable::games::athernum::series::{self, Series};
use cardtable::games::athernum::{testing, Action, Athernum, Phase, State};
use cardtable::games::{AnyState, GameId};
use cardtable::table::{Command, Component, CustomId, Outgoing, Seating, TableError};
use table_support::{user, Front};

const ALICE: Seat = Seat(0);
const BOB: Seat = Seat(1);
const DAY: u64 = 86_400;

// ---------------------------------------------------------------------
// The rules engine
// ---------------------------------------------------------------------

/// A match set up with the match options, main characters not chosen yet.
fn engine_match(best_of: Option<u8>, time_limit: Option<u64>) -> State {
    let db = testing::db();
    let names = testing::starter_names(&db);
    let setup = MatchSetup { best_of, time_limit, ..testing::match_setup(&db, 11, [&names[0], &names[1]]) };
    Athernum::setup(&setup, &db).expect("legal decks and options")
}

/// Alice's day phase of turn 2 (see `testing::day_phase`), with a time limit.
fn day_phase_with_time_limit() -> State {
    let mut s = testing::day_phase(1);
    s.series = Some(Series {
        best_of: 1,
        game: 1,
        wins: vec![0, 0],
        results: Vec::new(),
        setup: None,
        time_limit: Some(7 * DAY),
        time: None,
        conceded: None,
        turns_before: 0,
    });
    s
}

/// Every seat to act passes (or, with no pass, takes its first answer)
/// until the turn under way has ended or the game is over.
fn finish_turn(s: &mut State) {
    let turn = s.turn;
    for _ in 0..500 {
        if s.outcome.is_some() || s.turn != turn {
            return;
        }
        let seat = Athernum::to_act(s)[0];
        let legal = Athernum::legal_actions(s, seat);
        let a = if legal.contains(&Action::Pass) { Action::Pass } else { legal[0].clone() };
        Athernum::apply(s, seat, &a).unwrap();
    }
    panic!("turn {turn} did not end");
}

/// Alice's main character holds a Victory Token (as Contingency, 9.2.4,
/// would put there for a player who is behind).
fn alice_holds_a_victory_token(s: &mut State) {
    let main = s.board.iter_mut().find(|p| p.main && p.controller == ALICE).expect("a main character");
    main.victory = 1;
    s.victory_pool -= 1;
    assert_eq!(s.victory_of(ALICE), 1);
}

#[test]
fn athernum_11_1_4_the_current_turn_is_completed_after_time_is_called_mid_turn() {
    let mut s = day_phase_with_time_limit();
    // Mid-turn, with an effect on the stack.
    Athernum::apply(&mut s, ALICE, &Action::Solvency).unwrap();
    assert!(!s.stack.is_empty());
    let events = Athernum::call_time(&mut s);
    assert!(events.iter().any(|e| e.text.contains("Time is up")), "{events:?}");
    assert!(Athernum::call_time(&mut s).is_empty(), "time is called once");
    // The stack still resolves and the turn goes on as usual.
    Athernum::apply(&mut s, BOB, &Action::Pass).unwrap();
    assert!(s.stack.is_empty());
    assert_eq!(testing::resource_tokens(&s, ALICE), 1);
    assert_eq!((s.turn, s.active, s.phase), (2, ALICE, Phase::Day));
    let board = Athernum::view(&s, cardtable::engine::Viewer::Public);
    assert!(board.notes.iter().any(|n| n.contains("Time is up: 3 turns remain")), "{:?}", board.notes);
    finish_turn(&mut s);
    assert_eq!((s.turn, s.active), (3, BOB), "turn 2 was completed, then Bob's extra turn began");
    assert!(s.outcome.is_none());
}

#[test]
fn athernum_11_1_5_each_player_takes_one_more_turn_then_the_game_ends() {
    let mut s = day_phase_with_time_limit();
    Athernum::call_time(&mut s);
    finish_turn(&mut s);
    assert_eq!((s.turn, s.active), (3, BOB));
    let board = Athernum::view(&s, cardtable::engine::Viewer::Public);
    assert!(board.notes.iter().any(|n| n.contains("Time is up: 2 turns remain")), "{:?}", board.notes);
    finish_turn(&mut s);
    assert_eq!((s.turn, s.active), (4, ALICE));
    assert!(s.outcome.is_none());
    finish_turn(&mut s);
    assert_eq!(s.turn, 4, "no fifth turn begins");
    assert!(s.outcome.is_some());
    assert!(Athernum::to_act(&s).is_empty());
}

#[test]
fn athernum_11_1_6_after_the_extra_turns_the_most_victory_tokens_win() {
    let mut s = day_phase_with_time_limit();
    alice_holds_a_victory_token(&mut s);
    Athernum::call_time(&mut s);
    for _ in 0..3 {
        finish_turn(&mut s);
    }
    let o = s.outcome.clone().expect("decided by Victory Tokens");
    assert_eq!(o.winners, vec![ALICE]);
    assert!(o.reason.contains("most Victory Tokens") && o.reason.contains("Alice 1, Bob 0"), "{}", o.reason);
}

#[test]
fn athernum_11_1_7_equal_victory_tokens_after_time_are_a_draw() {
    let mut s = day_phase_with_time_limit();
    Athernum::call_time(&mut s);
    for _ in 0..3 {
        finish_turn(&mut s);
    }
    let o = s.outcome.clone().expect("decided by Victory Tokens");
    assert!(o.winners.is_empty(), "{o:?}");
    assert!(o.reason.contains("tied"), "{}", o.reason);
}

/// A best of 3 at one game to nothing for Alice, game 2 under way with
/// Bob's main character holding `bob_tokens` Victory Tokens (as
/// Contingency would put there), time called and the extra turns played.
fn time_called_in_game_2(bob_tokens: u8) -> State {
    let mut s = engine_match(Some(3), Some(7 * DAY));
    testing::choose_mains(&mut s);
    end_game(&mut s, vec![ALICE]);
    testing::choose_mains(&mut s);
    assert_eq!(s.series.as_ref().unwrap().game, 2);
    let main = s.board.iter_mut().find(|p| p.main && p.controller == BOB).expect("a main character");
    main.victory = bob_tokens;
    s.victory_pool -= u32::from(bob_tokens);
    Athernum::call_time(&mut s);
    for _ in 0..4 {
        if s.outcome.is_some() {
            break;
        }
        finish_turn(&mut s);
    }
    s
}

#[test]
fn athernum_11_1_6_in_a_best_of_3_the_victory_token_leader_when_time_is_called_wins_the_match() {
    // 11.1.6: "the player with the most Victory Tokens wins the match",
    // though Alice won game 1.
    let s = time_called_in_game_2(1);
    let o = s.outcome.clone().expect("time decided the match");
    assert_eq!(o.winners, vec![BOB], "{o:?}");
    assert!(o.reason.contains("Bob wins the best of 3, Alice 1 – Bob 1"), "{}", o.reason);
    assert!(o.reason.contains("time was called in game 2"), "{}", o.reason);
    assert!(o.reason.contains("Bob holds the most Victory Tokens"), "{}", o.reason);
    assert_eq!(s.series.as_ref().unwrap().game, 2, "no third game begins once time is called");
}

#[test]
fn athernum_11_1_7_in_a_best_of_3_equal_victory_tokens_when_time_is_called_draw_the_match() {
    // 11.1.7: equal Victory Tokens make the match a draw, though Alice won
    // game 1.
    let s = time_called_in_game_2(0);
    let o = s.outcome.clone().expect("time decided the match");
    assert!(o.winners.is_empty(), "{o:?}");
    assert!(o.reason.contains("the best of 3 is drawn, Alice 1 – Bob 0, 1 draw"), "{}", o.reason);
}

#[test]
fn athernum_11_1_3_the_tournaments_fifty_minutes_is_an_accepted_time_limit() {
    use cardtable::table::match_options::time_limit_named;
    let info = GameId::parse("athernum").unwrap().info();
    assert_eq!(time_limit_named(info, Some("50m")).unwrap(), Some(50 * 60));
    assert_eq!(time_limit_named(info, Some("10m")).unwrap(), Some(10 * 60), "the shortest");
    assert!(time_limit_named(info, Some("9m")).is_err(), "shorter than 10 minutes");
}

#[test]
fn athernum_11_1_3_time_called_while_main_characters_are_chosen_gives_each_player_one_turn() {
    let mut s = engine_match(None, Some(DAY));
    assert!(!Athernum::call_time(&mut s).is_empty());
    testing::choose_mains(&mut s);
    assert_eq!(s.turn, 1);
    finish_turn(&mut s);
    assert_eq!(s.turn, 2);
    finish_turn(&mut s);
    assert!(s.outcome.is_some(), "two turns, one each");
    assert_eq!(s.turn, 2);
}

#[test]
fn athernum_11_1_3_a_match_without_a_time_limit_ignores_a_time_call() {
    let mut s = testing::day_phase(1);
    assert!(Athernum::call_time(&mut s).is_empty());
    assert!(s.series.is_none());
}

/// Ends the game under way with `winners` (as the rules would) and lets
/// the series count it.
fn end_game(s: &mut State, winners: Vec<Seat>) -> Vec<String> {
    s.outcome = Some(Outcome { winners, reason: "a test ended it".into() });
    let mut ev = Vec::new();
    series::after(s, &mut ev);
    ev.into_iter().map(|e| e.text).collect()
}

#[test]
fn athernum_11_1_0_a_drawn_game_counts_for_nobody_and_three_games_are_the_most() {
    let mut s = engine_match(Some(3), None);
    testing::choose_mains(&mut s);
    let ev = end_game(&mut s, vec![]);
    assert!(ev[0].contains("Game 1 is drawn") && ev[0].contains("Alice 0 – Bob 0, 1 draw"), "{ev:?}");
    assert!(s.outcome.is_none());
    testing::choose_mains(&mut s);
    end_game(&mut s, vec![ALICE]);
    assert!(s.outcome.is_none());
    assert_eq!(s.series.as_ref().unwrap().game, 3);
    testing::choose_mains(&mut s);
    end_game(&mut s, vec![BOB]);
    let o = s.outcome.clone().expect("three games played");
    assert!(o.winners.is_empty(), "1–1 with a draw is a drawn match: {o:?}");
    assert!(o.reason.contains("the best of 3 is drawn, Alice 1 – Bob 1, 1 draw"), "{}", o.reason);
}

#[test]
fn athernum_11_1_0_two_wins_take_the_best_of_3_and_end_it_early() {
    let mut s = engine_match(Some(3), None);
    testing::choose_mains(&mut s);
    end_game(&mut s, vec![BOB]);
    testing::choose_mains(&mut s);
    end_game(&mut s, vec![BOB]);
    let o = s.outcome.clone().expect("Bob has two wins");
    assert_eq!(o.winners, vec![BOB]);
    assert!(o.reason.starts_with("Bob wins the best of 3, Alice 0 – Bob 2"), "{}", o.reason);
    // Counted once, however often the hook runs again.
    let mut ev = Vec::new();
    series::after(&mut s, &mut ev);
    assert!(ev.is_empty());
    assert_eq!(s.series.as_ref().unwrap().wins, vec![0, 2]);
}

#[test]
fn athernum_11_1_1_each_game_of_a_best_of_3_is_a_new_setup() {
    let mut s = engine_match(Some(3), None);
    testing::choose_mains(&mut s);
    let first_hand: Vec<u32> = s.players[ALICE].hand.iter().map(|c| c.uid).collect();
    end_game(&mut s, vec![ALICE]);
    // Game 2: main characters again, in secret; nothing carried over.
    assert_eq!(s.phase, Phase::Setup);
    assert_eq!(Athernum::to_act(&s), vec![ALICE, BOB]);
    assert!(s.board.is_empty() && s.players.values().all(|p| p.hand.is_empty() && p.chosen.is_none()));
    assert_eq!(s.turn, 0);
    let view = Athernum::view(&s, cardtable::engine::Viewer::Public);
    assert!(view.headline.starts_with("Game 2 of 3 · "), "{}", view.headline);
    assert!(view.notes.iter().any(|n| n == "Best of 3: Alice 1 – Bob 0."), "{:?}", view.notes);
    testing::choose_mains(&mut s);
    // 11.1.1: six new cards, no redraw; 11.1.2: initiative decides again.
    assert!(s.players.values().all(|p| p.hand.len() == 6));
    assert!(s.notes.iter().any(|n| n.contains("goes first")), "{:?}", s.notes);
    let second_hand: Vec<u32> = s.players[ALICE].hand.iter().map(|c| c.uid).collect();
    assert_ne!(first_hand, second_hand, "a new shuffle");
    assert_eq!(s.turn, 1);
    // The table counts turns across the match, so an order given for
    // "this turn" of game 1 cannot hold in game 2.
    assert_eq!(Athernum::turn(&s).unwrap().number, 2);
}

#[test]
fn athernum_11_1_0_a_concession_in_a_best_of_3_concedes_the_match() {
    let mut s = engine_match(Some(3), None);
    testing::choose_mains(&mut s);
    end_game(&mut s, vec![ALICE]);
    testing::choose_mains(&mut s);
    Athernum::concede(&mut s, ALICE);
    let o = s.outcome.clone().expect("the match is over");
    assert_eq!(o.winners, vec![BOB], "Alice led 1–0 and conceded the match");
    assert!(o.reason.contains("Alice conceded the match in game 2"), "{}", o.reason);
}

#[test]
fn athernum_11_1_0_a_best_of_3_seats_two_players_and_only_3_games() {
    let db = testing::db();
    let names = testing::starter_names(&db);
    let mut setup = testing::match_setup(&db, 1, [&names[0], &names[1]]);
    setup.best_of = Some(5);
    assert!(Athernum::setup(&setup, &db).unwrap_err().to_string().contains("best of 3"));
    setup.best_of = Some(3);
    setup.seats.push(setup.seats[0].clone());
    assert!(Athernum::setup(&setup, &db).unwrap_err().to_string().contains("two players"));
}

// ---------------------------------------------------------------------
// Through the table
// ---------------------------------------------------------------------

fn challenge(series: Option<&str>, time_limit: Option<&str>, game: &str, deck: Option<String>) -> Command {
    Command::Challenge {
        opponent: user("Bob"),
        game: game.into(),
        deck,
        deadline_hours: None,
        variant: None,
        seating: Box::new(Seating {
            series: series.map(String::from),
            time_limit: time_limit.map(String::from),
            ..Default::default()
        }),
    }
}

fn refusal(r: Result<Vec<Outgoing>, TableError>) -> String {
    match r {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Alice challenges Bob to Athernum with the options; Bob accepts with
/// the second starter deck. Returns the match id.
async fn start(f: &mut Front, series: Option<&str>, time_limit: Option<&str>) -> i64 {
    let decks = f.table.library().catalog(GameId::Athernum).starter_decks();
    let (a, b) = (decks[0].name.clone(), decks[1].name.clone());
    f.start_match_with(challenge(series, time_limit, "athernum", Some(a)), &b).await
}

async fn stored(f: &Front, id: i64) -> (AnyState, i64) {
    let row = f.table.store().load_match(id).await.unwrap();
    (AnyState::from_json(&row.state, f.table.library()).unwrap(), row.version)
}

fn who(seat: Seat) -> &'static str {
    ["Alice", "Bob"][seat.index()]
}

/// The player to act clicks one of their legal actions (a pass two times
/// in five when there is one, so games move on); returns false once the
/// match is over.
async fn click_something(f: &mut Front, id: i64, rng: &mut GameRng) -> bool {
    let (state, version) = stored(f, id).await;
    if state.outcome().is_some() {
        return false;
    }
    let seat = state.to_act()[0];
    let legal = state.legal_actions(seat);
    let labels: Vec<String> = legal.iter().map(|a| state.describe(seat, a).label).collect();
    let pass = labels.iter().position(|l| matches!(l.as_str(), "Pass" | "End the day" | "End combat"));
    let index = match pass {
        Some(p) if rng.below(5) < 2 => p,
        _ => rng.below(legal.len()),
    };
    let click = CustomId::Act { match_id: id, version, index }.encode();
    f.click(who(seat), &click).await.unwrap();
    true
}

/// Plays on with random clicks until `done` holds of the stored state.
async fn play_until(f: &mut Front, id: i64, rng: &mut GameRng, done: impl Fn(&AnyState) -> bool) {
    for _ in 0..20_000 {
        let (state, _) = stored(f, id).await;
        if done(&state) || !click_something(f, id, rng).await {
            return;
        }
    }
    panic!("the match did not get there in 20,000 clicks");
}

fn series_of(state: &AnyState) -> Series {
    let AnyState::Athernum(s) = state else { panic!("an Athernum match") };
    s.series.clone().expect("a match with options keeps its series")
}

fn last_board(f: &Front) -> String {
    let (_, m, _) = f.posts.iter().rev().find(|(_, m, _)| m.embed.is_some()).expect("a board");
    let e = m.embed.as_ref().unwrap();
    format!("{}\n{}\n{}\n{}", m.content, e.title, e.description, e.footer.clone().unwrap_or_default())
}

#[tokio::test]
async fn athernum_11_1_0_a_best_of_3_is_played_to_two_wins_in_one_thread() {
    let mut f = Front::new().await;
    let id = start(&mut f, Some("best-of-3"), None).await;
    let challenge_post = &f.posts.iter().find(|(_, m, _)| m.content.contains("challenges")).unwrap().1;
    assert!(challenge_post.content.contains("(best of 3)"), "{}", challenge_post.content);
    let mut rng = GameRng::from_seed(5);
    // Game 1, to its end: the match goes on with game 2.
    play_until(&mut f, id, &mut rng, |s| series_of(s).game == 2).await;
    let (state, _) = stored(&f, id).await;
    assert!(state.outcome().is_none(), "one game does not decide a best of 3");
    let s2 = series_of(&state);
    assert_eq!(s2.results.len(), 1);
    assert_eq!(s2.wins.iter().sum::<u8>(), u8::from(s2.results[0].winners.len() == 1));
    assert_eq!(state.to_act(), vec![ALICE, BOB], "both choose a main character again");
    let board = last_board(&f);
    assert!(board.contains("Game 2 of 3 · Choosing main characters"), "{board}");
    assert!(board.contains("Best of 3: Alice"), "{board}");
    assert!(board.contains("Game 1 "), "the board reports how game 1 ended: {board}");
    let row = f.table.store().load_match(id).await.unwrap();
    assert_eq!(row.thread.as_deref(), Some(format!("thread-{id}").as_str()), "the same thread");
    // On to the end of the match.
    play_until(&mut f, id, &mut rng, |s| s.outcome().is_some()).await;
    let (state, _) = stored(&f, id).await;
    let s = series_of(&state);
    let outcome = state.outcome().unwrap();
    let winner = outcome.winners.first().copied().expect("someone won the match");
    assert_eq!(s.wins[winner.index()], 2, "{outcome:?}");
    assert!(s.wins[1 - winner.index()] < 2);
    assert!((2..=3).contains(&s.results.len()), "{:?}", s.results);
    eprintln!("{outcome:?} after {:?}", s.results);
    assert!(outcome.reason.contains(&format!("{} wins the best of 3", who(winner))), "{}", outcome.reason);
    let board = last_board(&f);
    assert!(board.contains(&format!("{} won!", who(winner))), "{board}");
    // One stored match: its setup and log reproduce all of it.
    let report = f.table.replay(id).await.unwrap();
    assert!(report.snapshot_matches, "{report}");
}

#[tokio::test]
async fn athernum_11_1_0_the_concede_button_of_a_best_of_3_concedes_the_match() {
    let mut f = Front::new().await;
    let id = start(&mut f, Some("bo3"), None).await;
    // Conceding is in the player's own hand, not on the public board.
    let hand = f.click("Alice", &CustomId::Hand { match_id: id }.encode()).await.unwrap();
    let concede = hand
        .iter()
        .find_map(|o| match o {
            Outgoing::Ephemeral { message, .. } => message.components.iter().find_map(|c| match c {
                Component::Button { label, custom_id, .. } if label == "Concede" => Some(custom_id.clone()),
                _ => None,
            }),
            _ => None,
        })
        .expect("the hand has a Concede button");
    let out = f.click("Alice", &concede).await.unwrap();
    let Some(Outgoing::Ephemeral { message, .. }) = out.first() else { panic!("{out:?}") };
    assert!(message.content.contains("whole best of 3"), "{}", message.content);
    let yes = message
        .components
        .iter()
        .find_map(|c| match c {
            Component::Button { label, custom_id, .. } if label == "Yes, concede the match" => {
                Some(custom_id.clone())
            }
            _ => None,
        })
        .expect("the button says it concedes the match");
    f.click("Alice", &yes).await.unwrap();
    let (state, _) = stored(&f, id).await;
    assert_eq!(state.outcome().unwrap().winners, vec![BOB]);
    let row = f.table.store().load_match(id).await.unwrap();
    assert_eq!(row.status, cardtable::store::MatchStatus::Finished);
}

#[tokio::test]
async fn athernum_11_1_4_the_table_calls_time_and_the_extra_turns_decide_the_match() {
    let mut f = Front::new().await;
    let id = start(&mut f, None, Some("2d")).await;
    let mut rng = GameRng::from_seed(9);
    // Into turn 2, then a little way in.
    play_until(&mut f, id, &mut rng, |s| s.turn().is_some_and(|t| t.number >= 2)).await;
    assert!(last_board(&f).contains("time is called in 2 days"), "{}", last_board(&f));
    // A day on, nothing happens; two days on, the ticker calls time.
    f.clock.advance(DAY as i64);
    let out = f.table.tick(f.table.now()).await.unwrap();
    f.deliver(&out).await;
    let (state, _) = stored(&f, id).await;
    assert!(series_of(&state).time.is_none());
    f.clock.advance(DAY as i64);
    let before = f.table.store().load_match(id).await.unwrap();
    let out = f.table.tick(f.table.now()).await.unwrap();
    f.deliver(&out).await;
    let after = f.table.store().load_match(id).await.unwrap();
    assert_eq!(
        (after.deadline_at, after.turn_started_at),
        (before.deadline_at, before.turn_started_at),
        "a time call is no move: the decision keeps its clock"
    );
    let (state, version) = stored(&f, id).await;
    let called = series_of(&state).time.expect("time was called");
    let turn = state.turn().unwrap().number;
    assert_eq!(called.at_turn, turn);
    let board = last_board(&f);
    // The call is an event of some board since (a phone's board shows its
    // newest events only); the headline's note says it on every board.
    let said = f.posts.iter().any(|(_, m, _)| {
        cardtable::console::read_through(&cardtable::console::message_text(m))
            .contains("Time is up (the match's 2 days limit)")
    });
    assert!(said, "{board}");
    assert!(board.contains("Time is up: 3 turns remain"), "{board}");
    // The call is in the log, once: a second tick changes nothing.
    let log = f.table.store().match_actions(id).await.unwrap();
    assert!(log.last().unwrap().action.contains(r#""by":"time""#), "{:?}", log.last());
    let out = f.table.tick(f.table.now()).await.unwrap();
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(stored(&f, id).await.1, version);
    // Play on: the game ends at the end of the second extra turn.
    play_until(&mut f, id, &mut rng, |s| s.outcome().is_some()).await;
    let (state, _) = stored(&f, id).await;
    let outcome = state.outcome().unwrap();
    let AnyState::Athernum(s) = &state else { unreachable!() };
    eprintln!("time called in turn {turn}; {outcome:?} in turn {}", s.turn);
    if outcome.reason.starts_with("time") {
        assert_eq!(s.turn, turn + 2, "the current turn and one more each");
        let (a, b) = (s.victory_of(ALICE), s.victory_of(BOB));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => assert_eq!(outcome.winners, vec![ALICE]),
            std::cmp::Ordering::Less => assert_eq!(outcome.winners, vec![BOB]),
            std::cmp::Ordering::Equal => assert!(outcome.winners.is_empty()),
        }
    } else {
        // The game may still end by the rules during the extra turns.
        assert!(s.turn <= turn + 2, "{outcome:?}");
    }
    assert!(f.table.replay(id).await.unwrap().snapshot_matches);
}

#[tokio::test]
async fn athernum_11_1_3_an_action_after_the_limit_calls_time_first() {
    let mut f = Front::new().await;
    let id = start(&mut f, None, Some("36h")).await;
    let mut rng = GameRng::from_seed(3);
    play_until(&mut f, id, &mut rng, |s| s.turn().is_some()).await;
    f.clock.advance(36 * 3600);
    // No tick: the next click finds the limit passed.
    click_something(&mut f, id, &mut rng).await;
    let (state, _) = stored(&f, id).await;
    assert!(series_of(&state).time.is_some());
    let log = f.table.store().match_actions(id).await.unwrap();
    let time_entries = log.iter().filter(|r| r.action.contains(r#""by":"time""#)).count();
    assert_eq!(time_entries, 1);
    assert!(f.table.store().matches_out_of_time(f.table.now()).await.unwrap().is_empty());
    assert!(f.table.replay(id).await.unwrap().snapshot_matches);
}

#[tokio::test]
async fn athernum_11_1_replay_reproduces_a_best_of_3_with_a_time_limit() {
    let mut f = Front::new().await;
    let id = start(&mut f, Some("best of 3"), Some("1w")).await;
    let mut rng = GameRng::from_seed(21);
    play_until(&mut f, id, &mut rng, |s| series_of(s).game == 2 || s.outcome().is_some()).await;
    let (state, _) = stored(&f, id).await;
    assert!(state.outcome().is_none(), "game 1 does not end the match");
    play_until(&mut f, id, &mut rng, |s| s.turn().is_some_and(|t| t.number >= 3)).await;
    f.clock.advance(7 * DAY as i64);
    let out = f.table.tick(f.table.now()).await.unwrap();
    f.deliver(&out).await;
    play_until(&mut f, id, &mut rng, |s| s.outcome().is_some()).await;
    let (state, _) = stored(&f, id).await;
    let s = series_of(&state);
    assert!(s.time.is_some());
    assert_eq!(s.game, 2, "no game begins once time is called");
    let outcome = state.outcome().unwrap();
    eprintln!("{outcome:?} after {:?}", s.results);
    assert!(outcome.reason.contains("best of 3"), "{}", outcome.reason);
    let report = f.table.replay(id).await.unwrap();
    assert!(report.snapshot_matches, "{report}");
    assert_eq!(report.outcome, Some(outcome));
}

#[test]
fn athernum_11_1_time_limits_are_read_in_weeks_days_hours_and_minutes() {
    use cardtable::table::match_options::parse_duration;
    assert_eq!(parse_duration("7d"), Some(7 * DAY));
    assert_eq!(parse_duration("2d 12h"), Some(60 * 3600));
    assert_eq!(parse_duration("2D12H"), Some(60 * 3600));
    assert_eq!(parse_duration("90m"), Some(90 * 60));
    assert_eq!(parse_duration("1w"), Some(7 * DAY));
    for bad in ["", "7", "d", "7x", "7 days", "-1d", "99999999999999999999d"] {
        assert_eq!(parse_duration(bad), None, "{bad}");
    }
    assert_eq!(cardtable::engine::duration_text(7 * DAY), "7 days");
    assert_eq!(cardtable::engine::duration_text(DAY + 3600), "1 day 1 hour");
    assert_eq!(cardtable::engine::duration_text(90 * 60), "1 hour 30 minutes");
}

#[tokio::test]
async fn athernum_11_1_bad_match_options_are_refused_with_the_accepted_forms() {
    let mut f = Front::new().await;
    let deck = Some(f.table.library().catalog(GameId::Athernum).starter_decks()[0].name.clone());
    let spheres = Some(f.table.library().catalog(GameId::Spheres).starter_decks()[0].name.clone());
    let why = refusal(f.slash("Alice", challenge(Some("best-of-3"), None, "spheres", spheres.clone())).await);
    assert!(why.contains("best-of-3: it is an Athernum option; Spheres plays one game per match"), "{why}");
    let why = refusal(f.slash("Alice", challenge(None, Some("7d"), "spheres", spheres)).await);
    assert!(why.contains("time_limit: it is an Athernum option; Spheres has no match time limit"), "{why}");
    let why = refusal(f.slash("Alice", challenge(Some("best-of-5"), None, "athernum", deck.clone())).await);
    assert!(why.contains("Athernum plays a single game or best-of-3"), "{why}");
    let why = refusal(f.slash("Alice", challenge(Some("twice"), None, "athernum", deck.clone())).await);
    assert!(why.contains("match takes best-of-3 or single"), "{why}");
    for bad in ["7", "7x", "seven days"] {
        let why = refusal(f.slash("Alice", challenge(None, Some(bad), "athernum", deck.clone())).await);
        assert!(why.contains("time_limit takes a length like 7d, 36h, 2d12h"), "{bad}: {why}");
    }
    for out_of_range in ["5m", "100d"] {
        let why =
            refusal(f.slash("Alice", challenge(None, Some(out_of_range), "athernum", deck.clone())).await);
        assert!(why.contains("from 10 min to 90 d"), "{out_of_range}: {why}");
    }
    let three = Command::Challenge {
        opponent: user("Bob"),
        game: "athernum".into(),
        deck: deck.clone(),
        deadline_hours: None,
        variant: None,
        seating: Box::new(Seating {
            others: vec![user("Carol")],
            series: Some("best-of-3".into()),
            ..Default::default()
        }),
    };
    let why = refusal(f.slash("Alice", three).await);
    assert!(why.contains("match:best-of-3 is a match between two players; this challenge names 3"), "{why}");
    assert!(f.posts.is_empty(), "nothing posted for refused challenges");
    // The defaults are accepted as typed.
    f.slash("Alice", challenge(Some("single"), Some("none"), "athernum", deck)).await.unwrap();
    assert!(!f.posts.is_empty());
}

#[tokio::test]
async fn athernum_11_1_the_console_calls_time_on_wait() {
    let script = "seed 3\n\
         @alice /challenge opponent:@bob game:athernum match:best-of-3 time_limit:1d\n\
         @bob click Accept\n\
         @bob select 2\n\
         @alice /hand\n\
         @alice click 1\n\
         @bob /hand\n\
         @bob click 1\n\
         wait 25h\n";
    let mut out = Vec::new();
    cardtable::console::run("sqlite::memory:", script.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("to a game of Athernum (best of 3, match time limit 1 day)!"), "{text}");
    assert!(text.contains("Game 1 of 3"), "{text}");
    let flat = cardtable::console::read_through(&text);
    assert!(flat.contains("Time is up (the match's 1 day limit)"), "{text}");
    assert!(text.contains("turns remain"), "{text}");
}

#[test]
fn athernum_11_1_a_time_call_is_nobodys_move_in_the_news_a_player_is_shown() {
    use cardtable::engine::Event;
    use cardtable::games::AnyAction;
    use cardtable::table::log::{Replayed, Step};
    use cardtable::table::LogEntry;
    let state = AnyState::Athernum(Box::new(testing::day_phase(1)));
    let steps = vec![
        Step {
            seat: BOB,
            entry: LogEntry::Player { action: AnyAction::Athernum(Action::Pass) },
            events: vec![Event::private(ALICE, "You draw a card.".to_owned())],
        },
        Step { seat: ALICE, entry: LogEntry::Time, events: vec![Event::public("Time is up.".to_owned())] },
    ];
    let replayed = Replayed { state, steps };
    assert_eq!(replayed.news_for(ALICE), vec!["You draw a card.".to_owned()]);
}

#[tokio::test]
async fn athernum_11_1_the_rulings_are_found_by_rule_number() {
    let mut f = Front::new().await;
    let out = f
        .slash("Alice", Command::Rule { query: "11.1".into(), game: Some("athernum".into()) })
        .await
        .unwrap();
    let text = format!("{out:?}");
    assert!(text.contains("Matches: best of 3 and the time limit"), "{text}");
    // The rule itself agrees with the option: one game unless a best of 3 is asked.
    assert!(text.contains("is one game unless it asks for `match:best-of-3`"), "{text}");
    assert!(!text.contains("Online each /challenge is one game"), "{text}");
}

/// `cardtable arena` has no wall clock: it sets Athernum matches up with
/// the 50-minute limit and calls time when turn 40 begins, and the match
/// ends by 11.1.4–11.1.7 (docs/rulings/athernum.md, 11.1).
#[test]
fn athernum_11_1_3_the_arena_calls_time_at_turn_40_and_the_match_ends_after_the_extra_turns() {
    use cardtable::arena::{self, play_match_traced, Options, Player, CLOCK_LIMIT_SECONDS, CLOCK_TURNS};
    let library = cardtable::games::Library::embedded().unwrap();
    let game = GameId::parse("athernum").unwrap();
    let opts =
        Options { game, games: 2, seed: 1, a: Player::Random, b: Player::Random, deck_a: None, deck_b: None };
    arena::run(&library, &opts, |_, setup, _, _| {
        assert_eq!(setup.time_limit, Some(CLOCK_LIMIT_SECONDS), "the arena's matches run on the clock");
    })
    .unwrap();
    let mut clocked = 0;
    for seed in 1..=40 {
        let mut setup = cardtable::sim::random_setup(&library, game, seed).unwrap();
        setup.time_limit = Some(CLOCK_LIMIT_SECONDS);
        let mut last_turn = 0;
        let r =
            play_match_traced(&library, game, &setup, &[Player::Random, Player::Random], seed, |s, _, _| {
                last_turn = s.turn().map_or(last_turn, |t| t.number);
            });
        assert!(r.finished && r.error.is_none(), "seed {seed}: {r:?}");
        match r.time_called {
            Some(at) => {
                assert_eq!(at, CLOCK_TURNS, "seed {seed}");
                // The turn under way is finished, then each of the two
                // players takes one more.
                assert!(last_turn <= at + 2, "seed {seed}: the match went on to turn {last_turn}");
                clocked += 1;
            }
            None => assert!(last_turn <= CLOCK_TURNS, "seed {seed}: turn {last_turn} without a time call"),
        }
    }
    assert!(clocked > 0, "some of 40 random matches reach turn 40");
}
