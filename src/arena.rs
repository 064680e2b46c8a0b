//! `cardtable arena`: seeded matches between two players (random, greedy,
//! the AI at a level), alternating seats, for measuring the AI and the
//! balance of the starter decks. Game-agnostic: it only uses [`AnyState`].

use std::time::{Duration, Instant};

use crate::ai::{self, Level, Rollouts, Settings};
use crate::engine::{GameRng, MatchSetup, Seat, SeatSetup};
use crate::games::{AnyAction, AnyState, GameId, Library};
use crate::sim::{random_setup, NAMES, STEP_BUDGET};

/// Who plays a side of the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random legal answers.
    Random,
    /// The one-ply greedy baseline ([`ai::greedy`]).
    Greedy,
    /// The AI at a level, with the rollouts it searches with, and the
    /// iterations of its budget when not the level's (`ai:hard@8000`,
    /// for measuring what more search buys; the level's time cap stays).
    Ai(Level, Rollouts, Option<u32>),
}

impl Player {
    /// The player a spec names: `random`, `greedy`, `ai:LEVEL`, or for
    /// measuring the rollout heuristics `ai-random:LEVEL` (uniform rollout
    /// answers, same depth and evaluation) and `ai-plain:LEVEL` (uniform
    /// answers to the end of the game); `@N` after the level sets the
    /// search's iterations (`ai:hard@8000`).
    pub fn parse(spec: &str) -> Result<Player, String> {
        let spec = spec.trim().to_lowercase();
        match spec.as_str() {
            "random" => return Ok(Player::Random),
            "greedy" => return Ok(Player::Greedy),
            _ => {}
        }
        let (kind, level) = spec.split_once(':').ok_or_else(|| unknown(&spec))?;
        let (level, iterations) = match level.split_once('@') {
            Some((level, n)) => match n.parse::<u32>() {
                Ok(n) if n > 0 => (level, Some(n)),
                _ => {
                    return Err(format!(
                    "\"{n}\" after @ in \"{spec}\" is not a number of iterations; write e.g. ai:hard@8000."
                ))
                }
            },
            None => (level, None),
        };
        let level = Level::parse(level)?;
        let rollouts = match kind {
            "ai" => Rollouts::DEFAULT,
            "ai-random" => Rollouts { policy: false, ..Rollouts::DEFAULT },
            "ai-plain" => Rollouts::PLAIN,
            _ => return Err(unknown(&spec)),
        };
        Ok(Player::Ai(level, rollouts, iterations))
    }

    /// The answer of this player for `seat`, seeded; `None` when the seat
    /// has nothing to decide.
    pub fn choose(&self, state: &AnyState, seat: Seat, seed: u64) -> Option<AnyAction> {
        match *self {
            Player::Random => {
                let mut legal = state.legal_actions(seat);
                let mut rng = GameRng::from_seed(seed);
                (!legal.is_empty()).then(|| legal.swap_remove(rng.below(legal.len())))
            }
            Player::Greedy => ai::greedy::choose(state, seat, seed),
            Player::Ai(level, rollouts, iterations) => {
                let mut settings = Settings { rollouts, ..level.settings() };
                settings.budget.iterations = iterations.unwrap_or(settings.budget.iterations);
                ai::choose_with(state, seat, settings, seed)
            }
        }
    }
}

fn unknown(spec: &str) -> String {
    format!(
        "There is no arena player \"{spec}\"; use random, greedy or ai:easy|normal|hard \
         (ai-random:LEVEL and ai-plain:LEVEL measure the rollout heuristics)."
    )
}

/// The turn (counting every player's) at which the arena calls time in a
/// game with a match time limit: 20 turns a player in a two-player
/// match. Players at a table have a clock (Athernum's 50 minutes, 11.1.3);
/// AIs that both wait for the other to attack would otherwise play on
/// until the step budget. The game's own time rules then end the match
/// (in Athernum: the turn is finished, each player takes one more, and
/// the most Victory Tokens win, or it is a draw).
pub const CLOCK_TURNS: u32 = 40;

/// The time limit the arena sets up a match with when its game has one
/// (the table's limit, shown when time is called): 50 minutes.
pub const CLOCK_LIMIT_SECONDS: u64 = 50 * 60;

/// How one arena match went.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchReport {
    /// The winning seats (empty: a draw, or unfinished).
    pub winners: Vec<Seat>,
    /// Whether the game reached an outcome within the step budget.
    pub finished: bool,
    /// Actions applied.
    pub actions: usize,
    /// How long each seat's decisions with a real choice (two or more
    /// legal answers) took, by seat.
    pub times: Vec<Vec<Duration>>,
    /// An action a player chose that `apply` refused, or a seat left with
    /// nothing to do: the match stops there.
    pub error: Option<String>,
    /// The turn at which the arena's clock called time ([`CLOCK_TURNS`]),
    /// if it did.
    pub time_called: Option<u32>,
}

/// Plays one match from `setup`, `players[i]` in seat `i`, every decision
/// seeded from `seed` and the number of actions so far.
pub fn play_match(
    library: &Library,
    game: GameId,
    setup: &MatchSetup,
    players: &[Player],
    seed: u64,
) -> MatchReport {
    play_match_traced(library, game, setup, players, seed, |_, _, _| {})
}

/// [`play_match`], with `trace(state, seat, action)` called before each
/// action is applied.
pub fn play_match_traced(
    library: &Library,
    game: GameId,
    setup: &MatchSetup,
    players: &[Player],
    seed: u64,
    mut trace: impl FnMut(&AnyState, Seat, &AnyAction),
) -> MatchReport {
    let seats = setup.seats.len();
    let mut report = MatchReport {
        winners: vec![],
        finished: false,
        actions: 0,
        times: vec![Vec::new(); seats],
        error: None,
        time_called: None,
    };
    let mut state = match AnyState::setup(game, setup, library) {
        Ok(s) => s,
        Err(e) => return MatchReport { error: Some(format!("setup: {e}")), ..report },
    };
    while state.outcome().is_none() && report.actions < STEP_BUDGET {
        if let Some(turn) = state.turn().filter(|t| setup.time_limit.is_some() && t.number >= CLOCK_TURNS) {
            if !state.call_time().is_empty() {
                report.time_called = Some(turn.number);
            }
        }
        let Some(&seat) = state.to_act().first() else {
            report.error = Some(format!("after {} actions nobody is to act", report.actions));
            return report;
        };
        let choice_seed = seed ^ (report.actions as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let real_choice = state.legal_actions(seat).len() > 1;
        let start = Instant::now();
        let action = players[seat.index()].choose(&state, seat, choice_seed);
        if real_choice {
            report.times[seat.index()].push(start.elapsed());
        }
        let Some(action) = action else {
            report.error =
                Some(format!("after {} actions {seat} is to act with nothing to do", report.actions));
            return report;
        };
        trace(&state, seat, &action);
        if let Err(e) = state.apply(seat, &action) {
            report.error = Some(format!("{seat} chose an illegal action {action:?}: {e}"));
            return report;
        }
        report.actions += 1;
    }
    if let Some(o) = state.outcome() {
        report.finished = true;
        report.winners = o.winners;
    }
    report
}

/// What an arena run is asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The game.
    pub game: GameId,
    /// Matches to play.
    pub games: u64,
    /// Seed of the first match (match `i` uses `seed + i`).
    pub seed: u64,
    /// Side A.
    pub a: Player,
    /// Side B.
    pub b: Player,
    /// The starter deck side A brings (`None`: picked by the seed).
    pub deck_a: Option<String>,
    /// The starter deck side B brings (`None`: picked by the seed).
    pub deck_b: Option<String>,
}

/// The result of an arena run, from side A's point of view.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    /// Matches played.
    pub games: u64,
    /// Matches side A won.
    pub a_wins: u64,
    /// Matches side B won.
    pub b_wins: u64,
    /// Matches that ended in a draw (the game's own outcome, no winner).
    pub draws: u64,
    /// Matches cut off at the step budget ([`STEP_BUDGET`]) without an
    /// outcome: counted as neither a draw nor a win.
    pub unfinished: u64,
    /// Matches that stopped on an error (an illegal choice): counted in
    /// none of the above.
    pub errors: Vec<String>,
    /// Side A's decision times (decisions with a real choice).
    pub a_times: Vec<Duration>,
    /// Matches in which the arena's clock called time ([`CLOCK_TURNS`]).
    pub time_called: u64,
}

impl Tally {
    /// Adds one match in which side A sat in `a_seat`.
    pub fn add(&mut self, report: &MatchReport, a_seat: Seat) {
        self.games += 1;
        self.a_times.extend(&report.times[a_seat.index()]);
        self.time_called += u64::from(report.time_called.is_some());
        if let Some(e) = &report.error {
            self.errors.push(e.clone());
        } else if !report.finished {
            self.unfinished += 1;
        } else if report.winners.contains(&a_seat) && report.winners.len() == 1 {
            self.a_wins += 1;
        } else if report.winners.len() == 1 {
            self.b_wins += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The last line `cardtable arena` prints.
    pub fn summary(&self) -> String {
        format!(
            "games: {}, a wins: {}, b wins: {}, draws: {}, unfinished: {}, a move p50: {} ms, a move p99: {} ms",
            self.games,
            self.a_wins,
            self.b_wins,
            self.draws,
            self.unfinished,
            percentile_ms(&self.a_times, 50),
            percentile_ms(&self.a_times, 99)
        )
    }
}

/// The `p`th percentile (nearest rank) of `times`, in whole milliseconds.
pub fn percentile_ms(times: &[Duration], p: usize) -> u128 {
    if times.is_empty() {
        return 0;
    }
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    let rank = (p * sorted.len()).div_ceil(100).clamp(1, sorted.len());
    sorted[rank - 1].as_millis()
}

/// The setup of match `i` of a run: seeded decks, or the named starter
/// decks for sides A and B, side A in seat `i % 2`.
fn match_setup(library: &Library, opts: &Options, i: u64) -> Result<(MatchSetup, Seat), String> {
    let seed = opts.seed.wrapping_add(i);
    let mut setup = random_setup(library, opts.game, seed)?;
    if opts.game.info().time_limit {
        setup.time_limit = Some(CLOCK_LIMIT_SECONDS);
    }
    let a_seat = Seat((i % 2) as u8);
    let decks = library.catalog(opts.game).starter_decks();
    for (name, seat) in [(&opts.deck_a, a_seat), (&opts.deck_b, Seat(1 - a_seat.0))] {
        let Some(name) = name else { continue };
        let deck = decks.iter().find(|d| d.name.eq_ignore_ascii_case(name)).ok_or_else(|| {
            let names: Vec<&str> = decks.iter().map(|d| d.name.as_str()).collect();
            format!(
                "{} has no starter deck \"{name}\"; the decks are: {}.",
                opts.game.name(),
                names.join(", ")
            )
        })?;
        setup.seats[seat.index()] = SeatSetup {
            name: NAMES[seat.index()].into(),
            deck_name: deck.name.clone(),
            deck: deck.cards.clone(),
        };
    }
    Ok((setup, a_seat))
}

/// Plays an arena run; `each(i, setup, a_seat, report)` sees every match.
pub fn run(
    library: &Library,
    opts: &Options,
    mut each: impl FnMut(u64, &MatchSetup, Seat, &MatchReport),
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for i in 0..opts.games {
        let (setup, a_seat) = match_setup(library, opts, i)?;
        let players = if a_seat == Seat(0) { [opts.a, opts.b] } else { [opts.b, opts.a] };
        let report = play_match(library, opts.game, &setup, &players, setup.seed);
        tally.add(&report, a_seat);
        each(i, &setup, a_seat, &report);
    }
    Ok(tally)
}

/// One starter deck's record against the others in a balance run.
#[derive(Debug, Clone, PartialEq)]
pub struct DeckScore {
    /// The deck.
    pub deck: String,
    /// Matches it played to an outcome (a win, a loss or a draw; matches
    /// cut off at the step budget or stopped on an error count for no
    /// deck).
    pub games: u64,
    /// Matches it won (a draw counts half).
    pub points: f64,
}

impl DeckScore {
    /// Its win rate against the field, 0 to 1.
    pub fn rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.points / self.games as f64
        }
    }

    /// The half-width of the rate's 95 % confidence interval (normal
    /// approximation): how far the true rate may lie from [`Self::rate`].
    pub fn margin(&self) -> f64 {
        if self.games == 0 {
            return 1.0;
        }
        let p = self.rate();
        1.96 * (p * (1.0 - p) / self.games as f64).sqrt()
    }
}

/// Plays every pair of different starter decks of `game` against each
/// other, `games_per_pair` matches each (alternating seats), `a` and `b`
/// taking turns behind each deck; `each(line)` sees one line per pair.
/// Returns every deck's record and the tally of the whole run.
pub fn balance(
    library: &Library,
    game: GameId,
    games_per_pair: u64,
    seed: u64,
    player: Player,
    mut each: impl FnMut(&str),
) -> Result<(Vec<DeckScore>, Tally), String> {
    let decks: Vec<String> = library.catalog(game).starter_decks().into_iter().map(|d| d.name).collect();
    let mut scores: Vec<DeckScore> =
        decks.iter().map(|d| DeckScore { deck: d.clone(), games: 0, points: 0.0 }).collect();
    let mut total = Tally::default();
    for i in 0..decks.len() {
        for j in i + 1..decks.len() {
            let opts = Options {
                game,
                games: games_per_pair,
                seed: seed.wrapping_add(((i * decks.len() + j) as u64) << 16),
                a: player,
                b: player,
                deck_a: Some(decks[i].clone()),
                deck_b: Some(decks[j].clone()),
            };
            let t = run(library, &opts, |_, _, _, _| {})?;
            record_pair(&mut scores, (i, j), &t);
            each(&format!("{} vs {}: {}", decks[i], decks[j], t.summary()));
            total.games += t.games;
            total.a_wins += t.a_wins;
            total.b_wins += t.b_wins;
            total.draws += t.draws;
            total.unfinished += t.unfinished;
            total.errors.extend(t.errors);
            total.a_times.extend(t.a_times);
            total.time_called += t.time_called;
        }
    }
    Ok((scores, total))
}

/// Adds a pair's run `t` (deck `i` as side A, deck `j` as side B) to the
/// decks' records: a win is a point, a draw half a point each; a match
/// cut off at the step budget or stopped on an error counts for neither.
fn record_pair(scores: &mut [DeckScore], (i, j): (usize, usize), t: &Tally) {
    let decided = t.a_wins + t.b_wins + t.draws;
    let half = t.draws as f64 / 2.0;
    scores[i].games += decided;
    scores[i].points += t.a_wins as f64 + half;
    scores[j].games += decided;
    scores[j].points += t.b_wins as f64 + half;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse_from_their_specs() {
        assert_eq!(Player::parse("random"), Ok(Player::Random));
        assert_eq!(Player::parse("Greedy"), Ok(Player::Greedy));
        assert_eq!(Player::parse("ai:hard"), Ok(Player::Ai(Level::Hard, Rollouts::DEFAULT, None)));
        assert_eq!(Player::parse("ai-plain:easy"), Ok(Player::Ai(Level::Easy, Rollouts::PLAIN, None)));
        assert_eq!(Player::parse("ai:hard@8000"), Ok(Player::Ai(Level::Hard, Rollouts::DEFAULT, Some(8000))));
        assert!(Player::parse("ai:hard@lots").unwrap_err().contains("not a number of iterations"));
        assert!(Player::parse("ai:hard@0").unwrap_err().contains("ai:hard@8000"));
        assert!(Player::parse("ai:genius").unwrap_err().contains("easy, normal and hard"));
        assert!(Player::parse("minimax").unwrap_err().contains("random, greedy"));
    }

    #[test]
    fn percentiles_take_the_nearest_rank() {
        let times: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(percentile_ms(&times, 50), 50);
        assert_eq!(percentile_ms(&times, 99), 99);
        assert_eq!(percentile_ms(&times[..3], 99), 3);
        assert_eq!(percentile_ms(&[], 50), 0);
    }

    #[test]
    fn the_tally_counts_from_side_a_and_prints_the_summary_line() {
        let report = |winners: Vec<Seat>| MatchReport {
            finished: true,
            winners,
            actions: 3,
            times: vec![vec![Duration::from_millis(4)], vec![Duration::from_millis(9)]],
            error: None,
            time_called: None,
        };
        let mut t = Tally::default();
        t.add(&report(vec![Seat(0)]), Seat(0));
        t.add(&report(vec![Seat(0)]), Seat(1));
        t.add(&report(vec![]), Seat(1));
        t.add(&MatchReport { finished: false, ..report(vec![]) }, Seat(0));
        assert_eq!(
            t.summary(),
            "games: 4, a wins: 1, b wins: 1, draws: 1, unfinished: 1, a move p50: 4 ms, a move p99: 9 ms"
        );
    }

    #[test]
    fn a_match_cut_off_at_the_step_budget_is_unfinished_not_a_draw() {
        let capped = MatchReport {
            winners: vec![],
            finished: false,
            actions: STEP_BUDGET,
            times: vec![vec![], vec![]],
            error: None,
            time_called: None,
        };
        let mut t = Tally::default();
        t.add(&capped, Seat(0));
        assert_eq!((t.games, t.draws, t.unfinished, t.a_wins, t.b_wins), (1, 0, 1, 0, 0));
    }

    #[test]
    fn in_a_balance_run_unfinished_matches_count_for_no_deck_and_draws_count_half() {
        let deck = |name: &str| DeckScore { deck: name.into(), games: 0, points: 0.0 };
        let mut scores = vec![deck("X"), deck("Y")];
        let t = Tally { games: 10, a_wins: 3, b_wins: 2, draws: 1, unfinished: 4, ..Tally::default() };
        record_pair(&mut scores, (0, 1), &t);
        assert_eq!((scores[0].games, scores[0].points), (6, 3.5));
        assert_eq!((scores[1].games, scores[1].points), (6, 2.5));
    }

    #[test]
    fn a_deck_score_gives_its_rate_and_margin() {
        let d = DeckScore { deck: "X".into(), games: 100, points: 50.0 };
        assert!((d.rate() - 0.5).abs() < 1e-12);
        assert!((d.margin() - 0.098).abs() < 1e-3);
    }
}
