//! Seeded random-vs-random matches through the engine, for `cardtable sim`,
//! benchmarks and playout tests. Game-agnostic: it only uses [`AnyState`].

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{random_playout, GameRng, MatchSetup, SeatSetup};
use crate::games::{AnyGame, AnyState, GameId, Library};

/// Actions after which a random game counts as stuck.
pub const STEP_BUDGET: usize = 20_000;

/// How one random game went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// Actions applied.
    pub actions: usize,
    /// Whether the game reached an outcome.
    pub finished: bool,
    /// The first error met, if any (illegal listed action, stuck game, setup failure).
    pub error: Option<String>,
    /// The deck each seat brought, by seat.
    pub decks: Vec<String>,
    /// The seats that won (none for a draw or an unfinished game).
    pub winners: Vec<usize>,
}

/// How often a deck's seats won, over many games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckRecord {
    /// The deck's name.
    pub deck: String,
    /// Seats that brought it, in finished games.
    pub seats: u64,
    /// Of those, the seats that won.
    pub wins: u64,
}

/// Each deck's record over the finished games of `reports`, by deck name.
pub fn deck_records<'a>(reports: impl IntoIterator<Item = &'a GameReport>) -> Vec<DeckRecord> {
    let mut records: std::collections::BTreeMap<&str, (u64, u64)> = Default::default();
    for r in reports.into_iter().filter(|r| r.finished) {
        for (seat, deck) in r.decks.iter().enumerate() {
            let rec = records.entry(deck).or_default();
            rec.0 += 1;
            rec.1 += u64::from(r.winners.contains(&seat));
        }
    }
    records
        .into_iter()
        .map(|(deck, (seats, wins))| DeckRecord { deck: deck.to_owned(), seats, wins })
        .collect()
}

/// How `cardtable sim` seats its random games; the default is the game's
/// fewest players, standard rules, each seat bringing a starter deck.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimOptions {
    /// Seats (0: the game's minimum).
    pub players: usize,
    /// Multiplayer mode ([`MatchSetup::mode`]).
    pub mode: Option<String>,
    /// Variants, comma-separated ([`MatchSetup::variant`]).
    pub variant: Option<String>,
    /// Deck assembly method ([`MatchSetup::assembly`]).
    pub assembly: Option<String>,
}

/// Seat names of random games, in seat order.
pub const NAMES: [&str; 6] = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];

/// A two-player setup with starter decks picked by `seed`.
pub fn random_setup(library: &Library, game: GameId, seed: u64) -> Result<MatchSetup, String> {
    random_setup_with(library, game, seed, &SimOptions::default())
}

/// A setup as `opts` asks, with starter decks picked by `seed`.
pub fn random_setup_with(
    library: &Library,
    game: GameId,
    seed: u64,
    opts: &SimOptions,
) -> Result<MatchSetup, String> {
    // The variant's own starter decks (the first draft's are 50 cards).
    let decks = library.catalog(game).variant_decks(opts.variant.as_deref());
    if decks.is_empty() {
        return Err(format!("{} has no starter decks", game.name()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
    let (min_players, max_players) = game.info().players;
    let players = if opts.players == 0 { min_players.max(2) } else { opts.players };
    if players < min_players || players > max_players.min(NAMES.len()) {
        return Err(format!("{} seats {min_players} to {max_players} players, not {players}", game.name()));
    }
    let brings = game.info().brings(opts.assembly.as_deref());
    let mut seats: Vec<SeatSetup> = NAMES
        .iter()
        .take(players)
        .map(|name| {
            let d = &decks[rng.gen_range(0..decks.len())];
            SeatSetup { name: name.to_string(), deck_name: d.name.clone(), deck: d.cards.clone() }
        })
        .collect();
    // The report names the decks actually played: built in the match, or
    // the first seat's for everyone (mirror).
    let first = seats[0].clone();
    for seat in &mut seats {
        match brings {
            crate::games::Brings::Nothing => {
                seat.deck_name = format!("({})", opts.assembly.as_deref().unwrap_or("built"));
                seat.deck.clear();
            }
            crate::games::Brings::ChallengersDeck => {
                seat.deck_name = first.deck_name.clone();
                seat.deck = first.deck.clone();
            }
            _ => {}
        }
    }
    Ok(MatchSetup {
        seed,
        seats,
        mode: opts.mode.clone(),
        variant: opts.variant.clone(),
        assembly: opts.assembly.clone(),
        best_of: None,
        time_limit: None,
        first: None,
    })
}

/// Plays one seeded random two-player game (see [`play_random_with`]).
pub fn play_random(library: &Library, game: GameId, seed: u64, on_step: impl FnMut(&AnyState)) -> GameReport {
    play_random_with(library, game, seed, &SimOptions::default(), on_step)
}

/// Plays one seeded random game through the engine's one random playout;
/// `on_step` sees the state after every action.
pub fn play_random_with(
    library: &Library,
    game: GameId,
    seed: u64,
    opts: &SimOptions,
    mut on_step: impl FnMut(&AnyState),
) -> GameReport {
    let mut report = GameReport { actions: 0, finished: false, error: None, decks: vec![], winners: vec![] };
    let setup = match random_setup_with(library, game, seed, opts) {
        Ok(s) => s,
        Err(e) => return GameReport { error: Some(e), ..report },
    };
    report.decks = setup.seats.iter().map(|s| s.deck_name.clone()).collect();
    let mut state = match AnyState::setup(game, &setup, library) {
        Ok(s) => s,
        Err(e) => return GameReport { error: Some(format!("setup: {e}")), ..report },
    };
    let mut rng = GameRng::from_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    match random_playout::<AnyGame>(&mut state, &mut rng, STEP_BUDGET, |s, n| {
        report.actions = n;
        on_step(s);
    }) {
        Ok(p) if p.outcome.is_some() => {
            report.finished = true;
            report.winners =
                p.outcome.map(|o| o.winners.iter().map(|s| usize::from(s.0)).collect()).unwrap_or_default();
        }
        Ok(_) => report.error = Some(format!("no outcome after {STEP_BUDGET} actions")),
        Err(e) => report.error = Some(e.to_string()),
    }
    report
}

/// A position from a seeded random game, for pictures and their tests.
pub struct Position {
    /// The state reached.
    pub state: AnyState,
    /// The public events of the last actions, oldest first (at most 10).
    pub events: Vec<String>,
    /// Actions played to reach it.
    pub actions: usize,
}

/// Plays random actions of a seeded game set up as `opts` asks until turn
/// `turns` begins, the game ends or the step budget runs out. Games that
/// count no turns (a draft) stop after `turns` × 10 actions.
pub fn random_position(
    library: &Library,
    game: GameId,
    seed: u64,
    turns: u32,
    opts: &SimOptions,
) -> Result<Position, String> {
    let setup = random_setup_with(library, game, seed, opts)?;
    let mut state = AnyState::setup(game, &setup, library).map_err(|e| format!("setup: {e}"))?;
    let mut rng = GameRng::from_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (mut events, mut actions) = (Vec::new(), 0);
    let reached = |s: &AnyState, actions: usize| match s.turn() {
        Some(t) => t.number >= turns,
        None => actions >= turns as usize * 10,
    };
    while state.outcome().is_none() && !reached(&state, actions) && actions < STEP_BUDGET {
        let seats = state.to_act();
        let Some(&seat) = seats.get(rng.below(seats.len().max(1))) else {
            return Err(format!("nobody to act after {actions} actions"));
        };
        let legal = state.legal_actions(seat);
        if legal.is_empty() {
            return Err(format!("{seat} has no legal action after {actions} actions"));
        }
        let action = &legal[rng.below(legal.len())];
        let happened = state.apply(seat, action).map_err(|e| format!("action {actions} refused: {}", e.0))?;
        events.extend(
            happened.into_iter().filter(|e| e.to == crate::engine::Visibility::Public).map(|e| e.text),
        );
        actions += 1;
    }
    let keep = events.len().saturating_sub(10);
    events.drain(..keep);
    Ok(Position { state, events, actions })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(decks: [&str; 2], winners: &[usize], finished: bool) -> GameReport {
        GameReport {
            actions: 10,
            finished,
            error: None,
            decks: decks.map(String::from).to_vec(),
            winners: winners.to_vec(),
        }
    }

    #[test]
    fn deck_records_count_seats_and_wins_of_finished_games_only() {
        let reports = [
            report(["Red", "Blue"], &[0], true),
            report(["Blue", "Blue"], &[1], true),
            report(["Red", "Blue"], &[], true),
            report(["Red", "Blue"], &[], false),
        ];
        let records = deck_records(&reports);
        let red = DeckRecord { deck: "Red".into(), seats: 2, wins: 1 };
        let blue = DeckRecord { deck: "Blue".into(), seats: 4, wins: 1 };
        assert_eq!(records, [blue, red]);
    }

    #[test]
    fn random_games_name_their_decks_and_winners() {
        let library = Library::embedded().unwrap();
        for &game in crate::games::GAMES {
            let reports: Vec<GameReport> =
                (0..20).map(|seed| play_random(&library, game, seed, |_| {})).collect();
            for r in &reports {
                assert!(r.finished && r.actions > 0, "{} {r:?}", game.key());
                assert_eq!(r.decks.len(), 2);
                assert!(r.winners.iter().all(|&s| s < 2), "{r:?}");
            }
            let records = deck_records(&reports);
            assert_eq!(records.iter().map(|r| r.seats).sum::<u64>(), 40);
            let wins: usize = reports.iter().map(|r| r.winners.len()).sum();
            assert_eq!(records.iter().map(|r| r.wins).sum::<u64>(), wins as u64);
            assert!(wins > 0, "{}: nobody ever won", game.key());
        }
    }
}
