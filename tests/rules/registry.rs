//! Every game of the registry through the game-agnostic machinery: the one
//! random playout, `determinize`, the console. The test game `highcard`
//! (feature `test-games`, on in `cargo test`) is in the registry through
//! its own folders and one registry line only; these tests run over it as
//! over Spheres.

use cardtable::console::run;
use cardtable::engine::{hand_names_of, GameRng, Seat, Viewer};
use cardtable::games::{AnyState, GameId, Library, GAMES};
use cardtable::sim::{play_random, random_setup};

#[test]
fn the_test_game_is_in_the_registry() {
    let game = GameId::parse("High Card").unwrap();
    assert!(GAMES.contains(&game));
    assert_eq!(game.key(), "highcard");
    let library = Library::embedded().unwrap();
    assert_eq!(library.catalog(game).starter_decks().len(), 2);
}

#[test]
fn every_game_plays_random_matches_to_the_end_through_sim() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        for seed in 0..50 {
            let r = play_random(&library, game, seed, |_| {});
            assert!(r.finished, "{} seed {seed}: {r:?}", game.key());
            assert_eq!(r.error, None, "{} seed {seed}", game.key());
        }
    }
}

/// `determinize(seat)` may change only what `seat` cannot see: the seat's
/// view (board, hand, prompt, labels of its actions) is the same, and over
/// many states something hidden does change.
#[test]
fn determinize_keeps_everything_the_seat_sees_and_resamples_the_rest() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let mut resampled = 0;
        let mut checked = 0;
        for seed in 0..12 {
            let setup = random_setup(&library, game, seed).unwrap();
            let mut state = AnyState::setup(game, &setup, &library).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut pick = GameRng::from_seed(seed ^ 77);
            let seats: Vec<Seat> = (0..setup.seats.len() as u8).map(Seat).collect();
            while state.outcome().is_none() {
                for &seat in &seats {
                    let det = state.determinize(seat, &mut rng);
                    assert_eq!(
                        det.view(Viewer::Seat(seat)),
                        state.view(Viewer::Seat(seat)),
                        "{} seed {seed}: determinize changed what {seat} sees",
                        game.key()
                    );
                    assert_eq!(det.view(Viewer::Public), state.view(Viewer::Public));
                    assert_eq!(det.to_act(), state.to_act());
                    checked += 1;
                    let json = |s: &AnyState| serde_json::to_string(s).unwrap();
                    resampled += usize::from(json(&det) != json(&state));
                }
                let to_act = state.to_act();
                let seat = to_act[pick.below(to_act.len())];
                let legal = state.legal_actions(seat);
                let action = legal[pick.below(legal.len())].clone();
                state.apply(seat, &action).unwrap();
            }
        }
        assert!(resampled * 2 > checked, "{}: only {resampled} of {checked} states re-sampled", game.key());
    }
}

#[test]
fn determinize_is_deterministic_for_a_seed() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let setup = random_setup(&library, game, 5).unwrap();
        let state = AnyState::setup(game, &setup, &library).unwrap();
        let a = state.determinize(Seat(0), &mut GameRng::from_seed(9));
        let b = state.determinize(Seat(0), &mut GameRng::from_seed(9));
        assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
    }
}

/// Both players choose a card in secret at once: neither sees the other's
/// choice before both have chosen; the match ends with a result.
#[tokio::test]
async fn the_test_game_plays_to_the_end_in_the_console() {
    let mut script = String::from(
        "seed 4\n\
         @alice /challenge opponent:@bob game:highcard deck:Court\n\
         @bob click Accept\n\
         @bob select Low Road\n",
    );
    for _ in 0..3 {
        script.push_str("@alice #alice-vs-bob-high-card-1 /hand\n@alice click 1\n");
        script.push_str("@bob #alice-vs-bob-high-card-1 /hand\n@bob click 1\n");
    }
    let mut out = Vec::new();
    run("sqlite::memory:", script.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    println!("{text}");
    assert!(text.contains("challenges Bob to a game of High Card"), "{text}");
    assert!(text.contains("Alice plays a card face down"), "{text}");
    assert!(text.contains("The game is over"), "{text}");
    assert!(!text.contains("error:"), "{text}");
    // Alice's private lines never name the card Bob chose before the reveal.
    let before_reveal = text.split("reveals").next().unwrap();
    for line in before_reveal.lines().filter(|l| l.starts_with("[only @alice]")) {
        for low in ["Two", "Five", "Seven", "Ace"] {
            assert!(!line.contains(&format!("You play {low}")), "{line}");
        }
    }
}

/// `hand_names(seat)` is the table's cheap way to tell that a card came
/// into a hand (moves offered ahead): it must name the hand exactly as
/// the seat's view does, at every step of random matches of every game
/// (Spheres' assembly included), or an offer would be computed on a card
/// the player has not seen.
#[test]
fn hand_names_are_the_names_of_the_hand_the_view_shows() {
    let library = Library::embedded().unwrap();
    for &game in GAMES {
        let mut nonempty = 0;
        for seed in 0..8 {
            let mut setup = random_setup(&library, game, seed).unwrap();
            if game.key() == "spheres" && seed % 2 == 1 {
                setup.assembly = Some("closed-draft".into());
            }
            let mut state = AnyState::setup(game, &setup, &library).unwrap();
            let mut pick = GameRng::from_seed(seed ^ 91);
            let seats: Vec<Seat> = (0..setup.seats.len() as u8).map(Seat).collect();
            let mut steps = 0;
            while state.outcome().is_none() && steps < 400 {
                for &seat in &seats {
                    let shown = hand_names_of(state.view(Viewer::Seat(seat)));
                    assert_eq!(state.hand_names(seat), shown, "{} seed {seed} step {steps}", game.key());
                    nonempty += usize::from(!shown.is_empty());
                }
                let seat = state.to_act()[0];
                let legal = state.legal_actions(seat);
                state.apply(seat, &legal[pick.below(legal.len())]).unwrap();
                steps += 1;
            }
        }
        assert!(nonempty > 40, "{}: hands were seen ({nonempty})", game.key());
    }
}
