//! The `cardtable` command line: the bot and its offline tools.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use cardtable::games::{game_keys, GameId, Library, GAMES};

/// Asynchronous trading-card matches between friends, in Discord threads.
#[derive(Parser)]
#[command(name = "cardtable", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (the default). Needs DISCORD_TOKEN.
    Bot,
    /// Play in the terminal as a simulated server with several users.
    Console {
        /// Database to play in (kept, so a match can be resumed); also read
        /// from DATABASE_URL (the environment or `.env`).
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://console.db", hide_env_values = true)]
        db: String,
        /// Folder to save the files replies attach (`/history match:`).
        #[arg(long)]
        files: Option<PathBuf>,
        /// Folder to write each board's picture to, as PNG
        /// (`match<id>-v<version>.png`).
        #[arg(long)]
        images: Option<PathBuf>,
    },
    /// Draw the board of a position from a seeded random game as a PNG
    /// picture (for review of the pictures the bot posts).
    Render {
        /// Game to play (a key from `/games`; the first game when absent).
        #[arg(long)]
        game: Option<String>,
        /// Seed of the game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Play random actions until this turn begins (or the game ends).
        #[arg(long, default_value_t = 5)]
        turns: u32,
        #[command(flatten)]
        seating: Seating,
        /// The PNG file to write.
        #[arg(long)]
        out: PathBuf,
        /// Draw this seat's hand (0 = the first player) instead of the
        /// public board.
        #[arg(long)]
        hand: Option<u8>,
        /// Also write the SVG beside the PNG (same name, .svg).
        #[arg(long)]
        svg: bool,
    },
    /// Play seeded random-vs-random matches through the engine.
    Sim {
        /// Game to play (a key from `/games`; the first game when absent).
        #[arg(long)]
        game: Option<String>,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        seating: Seating,
        /// Deck assembly method (Spheres: closed-draft, …).
        #[arg(long)]
        assembly: Option<String>,
    },
    /// Play seeded matches between two players (random, greedy,
    /// ai:easy|normal|hard), alternating seats; the last line is the
    /// tally. With --balance, every pair of starter decks instead.
    Arena {
        /// Game to play (a key from `/games`; the first game when absent).
        #[arg(long)]
        game: Option<String>,
        /// Number of matches (with --balance: per pair of decks).
        #[arg(long, default_value_t = 20)]
        games: u64,
        /// Seed of the first match (match i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Side A: random, greedy, ai:easy, ai:normal or ai:hard.
        #[arg(long, default_value = "ai:normal")]
        a: String,
        /// Side B, as side A (default: random). Not with --balance, where
        /// side A's player sits behind every deck.
        #[arg(long)]
        b: Option<String>,
        /// Starter deck of side A (default: picked by the seed).
        #[arg(long)]
        deck_a: Option<String>,
        /// Starter deck of side B (default: picked by the seed).
        #[arg(long)]
        deck_b: Option<String>,
        /// Play every pair of starter decks, side A's player on both
        /// sides, and report each deck's win rate against the field.
        #[arg(long)]
        balance: bool,
    },
    /// Play seeded matches through the table as two chat players and
    /// measure clicks, posts and waits per turn.
    Chatsim {
        /// Game to play (a key from `/games`; the first game when absent).
        #[arg(long)]
        game: Option<String>,
        /// Number of matches.
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Seed of the first match (match i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Standing orders both players give in /settings, comma-separated
        /// (e.g. only-when-able,block-for-towers).
        #[arg(long, default_value = "")]
        orders: String,
        /// Play Alice against the computer at this level (easy, normal,
        /// hard) instead of Bob; counts how often she is pinged back.
        #[arg(long)]
        ai: Option<String>,
        /// How the players choose: person (opens the hand at each decision,
        /// never picks filler) or eager (the first measurements' policy).
        #[arg(long, default_value = "person")]
        policy: String,
        /// Write each click, wait and ping to stderr (turn, player, what
        /// was clicked), to see where a turn's cost comes from.
        #[arg(long)]
        trace: bool,
        /// Players at the table (the game's fewest when absent).
        #[arg(long)]
        players: Option<usize>,
        /// Multiplayer mode, as /challenge mode: takes it (Spheres: free-for-all,
        /// limited-range, teams, tag-team, citadel); in team play Carol is
        /// Alice's partner.
        #[arg(long)]
        mode: Option<String>,
        /// Whose clock the players live on: discord (people come back
        /// minutes to hours after each ping, the ticker runs every 30 s,
        /// a reply is editable for 15 minutes) or instant (everyone
        /// answers at once: the first measurements' clock).
        #[arg(long, default_value = "discord")]
        clock: String,
        /// Write every board to stderr as the console shows it, with the
        /// rows it takes on a phone (40 columns).
        #[arg(long)]
        boards: bool,
    },
    /// Recompute the generated tables of BENCHMARKS.md and BALANCE.md
    /// (sim and chatsim counts between `figures:begin`/`figures:end`
    /// markers) by running each row's command, and rewrite them; with
    /// --check, compare only and fail naming each row that differs.
    Figures {
        /// Compare only; exit non-zero when a figure differs.
        #[arg(long)]
        check: bool,
        /// Commands run at once (default: the number of cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Markdown files (default: BENCHMARKS.md and BALANCE.md of the
        /// source tree the binary was built from).
        files: Vec<PathBuf>,
    },
    /// Card data tools.
    Cards {
        #[command(subcommand)]
        command: CardsCommand,
    },
    /// Re-run a stored match from its setup and action log and compare.
    Replay {
        /// The match id (shown in the thread's board footer and by /matches).
        #[arg(required_unless_present = "file")]
        match_id: Option<i64>,
        /// A match's record file (from `/history match:`) instead of the database.
        #[arg(long, conflicts_with = "match_id")]
        file: Option<PathBuf>,
        /// Database holding the match.
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://cardtable.db", hide_env_values = true)]
        db: String,
    },
    /// Print the slash commands the bot registers, as JSON.
    Commands,
    /// Players' ratings (derived from the finished matches).
    Ratings {
        #[command(subcommand)]
        command: RatingsCommand,
    },
    /// Drive the table layer as many concurrent players would, and measure.
    Loadtest {
        /// Matches stored before the run.
        #[arg(long, default_value_t = 10_000)]
        matches: usize,
        /// Matches in play at once.
        #[arg(long, default_value_t = 500)]
        active: usize,
        /// Actions to send in all.
        #[arg(long, default_value_t = 20_000)]
        actions: u64,
        /// Database to use (default: a temporary file, removed afterwards);
        /// also read from DATABASE_URL (the environment or `.env`). The
        /// run stores --matches matches in it: name a test database.
        #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
        db: Option<String>,
        /// Seed of the setups and of the players' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Mean pause between two clicks in a match, in milliseconds (random
        /// pauses, as players take); 0 clicks again at once (flat out).
        #[arg(long, default_value_t = cardtable::loadtest::THINK_MS)]
        think_ms: u64,
        /// Processes that click at once, each on its own connections to
        /// --db, as several bot processes would (the drivers and clicks
        /// are split between them).
        #[arg(long, default_value_t = 1)]
        processes: usize,
        /// (Internal) run as worker K of a run in several processes.
        #[arg(long, hide = true, requires = "pool")]
        worker: Option<usize>,
        /// (Internal) the stored matches of a run in several processes.
        #[arg(long, hide = true)]
        pool: Option<PathBuf>,
    },
}

impl Command {
    /// Whether the command reads settings (the database above all) from
    /// the environment, and so from `.env`.
    fn reads_settings(&self) -> bool {
        matches!(
            self,
            Command::Bot
                | Command::Console { .. }
                | Command::Replay { .. }
                | Command::Loadtest { .. }
                | Command::Ratings { .. }
        )
    }
}

/// How a random game is seated (`sim`, `render`).
#[derive(clap::Args)]
struct Seating {
    /// Players per game (default: the game's fewest).
    #[arg(long, default_value_t = 0)]
    players: usize,
    /// Multiplayer mode (Spheres: free-for-all, limited-range, teams, tag-team, citadel).
    #[arg(long)]
    mode: Option<String>,
    /// Rules variants, comma-separated (Spheres: first-draft, face-down; both-fall with tag-team).
    #[arg(long)]
    variant: Option<String>,
}

#[derive(Subcommand)]
enum RatingsCommand {
    /// Compute every rating and result line again from the finished
    /// matches, in the order they ended, and say whether they changed.
    Rebuild {
        /// The bot's database.
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://cardtable.db", hide_env_values = true)]
        db: String,
    },
}

#[derive(Subcommand)]
enum CardsCommand {
    /// Validate every card and deck file.
    Check {
        /// Folder holding one sub-folder per game (default: the `cards/`
        /// folder the binary was built from, so this works from anywhere).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    // Before the arguments are read: `--db` falls back on DATABASE_URL,
    // which `.env` may set (it never overrides the environment).
    let dotenv = cardtable::discord::config::load_dotenv();
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Bot);
    if let (Err(e), true) = (&dotenv, command.reads_settings()) {
        eprintln!("error: {e}");
        return ExitCode::FAILURE;
    }
    let result = match command {
        Command::Bot => bot(),
        Command::Console { db, files, images } => {
            runtime().and_then(|rt| rt.block_on(console(&db, files, images)))
        }
        Command::Render {
            game,
            seed,
            turns,
            seating: Seating { players, mode, variant },
            out,
            hand,
            svg,
        } => {
            let opts = cardtable::sim::SimOptions { players, mode, variant, assembly: None };
            render(game.as_deref(), seed, turns, &opts, hand, &out, svg)
        }
        Command::Sim { game, games, seed, seating: Seating { players, mode, variant }, assembly } => {
            let opts = cardtable::sim::SimOptions { players, mode, variant, assembly };
            sim(game.as_deref(), games, seed, &opts)
        }
        Command::Arena { game, games, seed, a, b, deck_a, deck_b, balance } => {
            arena(game.as_deref(), games, seed, (&a, b.as_deref()), (deck_a, deck_b), balance)
        }
        Command::Chatsim { game, games, seed, orders, ai, policy, trace, players, mode, clock, boards } => {
            runtime().and_then(|rt| {
                rt.block_on(chatsim(
                    game.as_deref(),
                    (games, seed),
                    &orders,
                    (ai.as_deref(), &policy, (trace, boards), &clock),
                    (players, mode),
                ))
            })
        }
        Command::Figures { check, jobs, files } => figures(check, jobs, files),
        Command::Cards { command: CardsCommand::Check { dir } } => {
            cards_check(&dir.unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")))
        }
        Command::Replay { match_id, file, db } => match (file, match_id) {
            (Some(file), _) => runtime().and_then(|rt| rt.block_on(replay_file(&file))),
            (None, Some(id)) => runtime().and_then(|rt| rt.block_on(replay(&db, id))),
            (None, None) => Err("name a match number or --file".to_owned()),
        },
        Command::Loadtest { matches, active, actions, db, seed, think_ms, processes, worker, pool } => {
            let opts =
                cardtable::loadtest::Options { matches, active, actions, db, seed, think_ms, processes };
            match (worker, pool) {
                (Some(k), Some(pool)) => runtime().and_then(|rt| {
                    let figures = rt
                        .block_on(cardtable::loadtest::run_worker(&opts, k, &pool))
                        .map_err(|e| format!("load test worker {k}: {e:#}"))?;
                    println!("{figures}");
                    Ok(())
                }),
                _ => runtime().and_then(|rt| rt.block_on(loadtest(&opts))),
            }
        }
        Command::Ratings { command: RatingsCommand::Rebuild { db } } => {
            runtime().and_then(|rt| rt.block_on(rebuild_ratings(&db)))
        }
        Command::Commands => {
            println!("{}", cardtable::discord::commands_json());
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The game named on the command line, or the registry's first.
fn game_arg(game: Option<&str>) -> Result<GameId, String> {
    match game {
        Some(g) => GameId::parse(g).map_err(|e| format!("{e} (the games are: {})", game_keys())),
        None => Ok(GAMES[0]),
    }
}

async fn chatsim(
    game: Option<&str>,
    (games, seed): (u32, u64),
    orders: &str,
    (ai, policy, (trace, show_boards), clock): (Option<&str>, &str, (bool, bool), &str),
    (players, mode): (Option<usize>, Option<String>),
) -> Result<(), String> {
    use cardtable::chatsim::{ChatClock, Options, Policy};
    let clock = ChatClock::parse(clock).map_err(|e| format!("--clock: {e}"))?;
    let game = game_arg(game)?;
    let library = std::sync::Arc::new(
        Library::embedded().map_err(|e| format!("the embedded card files are invalid: {e}"))?,
    );
    let orders: Vec<String> =
        orders.split(',').map(str::trim).filter(|o| !o.is_empty()).map(str::to_owned).collect();
    let computer = ai.map(cardtable::ai::Level::parse).transpose().map_err(|e| format!("--ai: {e}"))?;
    if computer.is_some() && !orders.is_empty() {
        return Err("--ai plays without --orders; leave one out".into());
    }
    let policy = Policy::parse(policy).map_err(|e| format!("--policy: {e}"))?;
    let (fewest, most) = game.info().players;
    let players = players.unwrap_or(fewest);
    if !(fewest..=most).contains(&players) || players > 6 {
        return Err(format!(
            "--players {players}: {} seats {fewest} to {most} players (chatsim plays up to 6)",
            game.name()
        ));
    }
    if let Some(m) = mode.as_deref().filter(|m| !game.info().modes.contains(m)) {
        return Err(format!("--mode {m}: {} has the modes: {}", game.name(), game.info().modes.join(", ")));
    }
    if computer.is_some() && players != 2 {
        return Err("--ai plays a two-player match; leave out --players".into());
    }
    let opts = Options {
        orders,
        policy,
        computer,
        trace,
        players,
        mode,
        clock,
        show_boards,
        ..Options::new(game, games, seed)
    };
    let report = cardtable::chatsim::run(library, &opts).await;
    if report.stuck > 0 {
        eprintln!("{} matches did not end", report.stuck);
    }
    println!("{}", report.detail());
    for e in &report.label_examples {
        println!("  {e}");
    }
    println!("{}", report.boards_line());
    println!("{}", report.line());
    if report.stuck > 0 {
        return Err(format!("{} matches did not end", report.stuck));
    }
    Ok(())
}

fn arena(
    game: Option<&str>,
    games: u64,
    seed: u64,
    (a, b): (&str, Option<&str>),
    (deck_a, deck_b): (Option<String>, Option<String>),
    balance: bool,
) -> Result<(), String> {
    use cardtable::arena::{self, Player};
    if balance {
        if let Some(b) = b {
            return Err(format!(
                "--balance plays side A's player ({a}) behind every deck, so it takes no --b \"{b}\"; \
                 drop --b, or drop --balance to play {a} against {b}"
            ));
        }
    }
    let game = game_arg(game)?;
    let library = Library::embedded().map_err(|e| format!("the embedded card files are invalid: {e}"))?;
    let (a, b) = (Player::parse(a)?, Player::parse(b.unwrap_or("random"))?);
    let tally = if balance {
        let (scores, tally) = arena::balance(&library, game, games, seed, a, |line| println!("{line}"))?;
        for d in &scores {
            let flag = if (0.4..=0.6).contains(&d.rate()) { "" } else { "  (outside 40-60 %)" };
            println!(
                "deck {}: {:.1} % ± {:.1} of {} games against the field{flag}",
                d.deck,
                100.0 * d.rate(),
                100.0 * d.margin(),
                d.games
            );
        }
        tally
    } else {
        let opts = arena::Options { game, games, seed, a, b, deck_a, deck_b };
        arena::run(&library, &opts, |i, setup, a_seat, r| {
            let decks: Vec<&str> = setup.seats.iter().map(|s| s.deck_name.as_str()).collect();
            let result = match r.winners.as_slice() {
                _ if r.error.is_some() => "error".to_owned(),
                _ if !r.finished => "unfinished (step budget)".to_owned(),
                [w] if *w == a_seat => "a wins".to_owned(),
                [_] => "b wins".to_owned(),
                _ => "draw".to_owned(),
            };
            println!(
                "match {i} (seed {}): a in {a_seat}, decks {}: {result} after {} actions{}",
                setup.seed,
                decks.join(" vs "),
                r.actions,
                r.time_called.map(|t| format!(", time called at turn {t}")).unwrap_or_default()
            );
        })?
    };
    for e in &tally.errors {
        eprintln!("error: {e}");
    }
    if tally.time_called > 0 {
        println!(
            "time called in {} of {} matches (at turn {}, the arena's clock)",
            tally.time_called,
            tally.games,
            arena::CLOCK_TURNS
        );
    }
    println!("{}", tally.summary());
    if !tally.errors.is_empty() {
        return Err(format!("{} matches stopped on an error", tally.errors.len()));
    }
    Ok(())
}

fn sim(game: Option<&str>, games: u64, seed: u64, opts: &cardtable::sim::SimOptions) -> Result<(), String> {
    let game = game_arg(game)?;
    let library = Library::embedded().map_err(|e| format!("the embedded card files are invalid: {e}"))?;
    let start = Instant::now();
    let (mut finished, mut errors, mut actions) = (0u64, 0u64, 0u64);
    let mut reports = Vec::new();
    for i in 0..games {
        let mut report = cardtable::sim::play_random_with(&library, game, seed.wrapping_add(i), opts, |_| {});
        actions += report.actions as u64;
        finished += report.finished as u64;
        if let Some(e) = report.error.take() {
            errors += 1;
            eprintln!("seed {}: {e}", seed.wrapping_add(i));
        }
        reports.push(report);
    }
    let rate = actions as f64 / start.elapsed().as_secs_f64().max(1e-9);
    // Random play says little of a deck's strength in skilled hands, but a
    // deck far from even here is worth a look.
    for r in cardtable::sim::deck_records(&reports) {
        let rate = 100.0 * r.wins as f64 / r.seats.max(1) as f64;
        println!("  {}: won {} of {} seats ({rate:.1} %)", r.deck, r.wins, r.seats);
    }
    println!(
        "games: {games}, finished: {finished}, errors: {errors}, actions: {actions}, actions/s: {rate:.0}"
    );
    if errors > 0 || finished < games {
        return Err(format!("{errors} errors, {} unfinished", games - finished));
    }
    Ok(())
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))
}

fn bot() -> Result<(), String> {
    // `.env` was loaded in `main`; `from_env` says which line is malformed.
    let config = cardtable::discord::Config::from_env()?;
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    runtime()?.block_on(cardtable::discord::run(config)).map_err(|e| format!("{e:#}"))
}

/// `cardtable render`: a seeded random position's board (or a hand) as PNG.
fn render(
    game: Option<&str>,
    seed: u64,
    turns: u32,
    opts: &cardtable::sim::SimOptions,
    hand: Option<u8>,
    out: &Path,
    svg: bool,
) -> Result<(), String> {
    use cardtable::engine::{Seat, Viewer};
    let game = game_arg(game)?;
    let library = Library::embedded().map_err(|e| format!("the embedded card files are invalid: {e}"))?;
    let position = cardtable::sim::random_position(&library, game, seed, turns, opts)?;
    let start = Instant::now();
    let drawing = match hand {
        Some(seat) => {
            let seats = position.state.view(Viewer::Public).seats.len();
            if usize::from(seat) >= seats {
                return Err(format!("--hand {seat}: the seats are 0 to {}", seats.saturating_sub(1)));
            }
            cardtable::picture::hand_drawing(&position.state.view(Viewer::Seat(Seat(seat))))
        }
        None => cardtable::picture::board_drawing(&position.state.view(Viewer::Public), &position.events),
    };
    let png = drawing.png()?;
    let took = start.elapsed();
    std::fs::write(out, &png).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    if svg {
        let file = out.with_extension("svg");
        std::fs::write(&file, drawing.svg()).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    println!(
        "{}: {} after {} actions, {} bytes, drawn in {:.1} ms",
        out.display(),
        game.name(),
        position.actions,
        png.len(),
        took.as_secs_f64() * 1000.0
    );
    Ok(())
}

async fn console(db: &str, files: Option<PathBuf>, images: Option<PathBuf>) -> Result<(), String> {
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    cardtable::console::run_saving_files(db, files, images, stdin, std::io::stdout())
        .await
        .map_err(|e| format!("{e:#}"))
}

async fn replay(db: &str, match_id: i64) -> Result<(), String> {
    // Opening would create an empty database and then find no match in it.
    if let Some(path) = sqlite_file(db).filter(|p| !p.exists()) {
        return Err(format!(
            "no database at {}; name the bot's database with --db or DATABASE_URL",
            path.display()
        ));
    }
    let store = cardtable::store::Store::open(db).await.map_err(|e| e.to_string())?;
    let table = cardtable::table::Table::new(store);
    let report = table.replay(match_id).await.map_err(|e| match e {
        cardtable::table::TableError::User(e) => {
            format!(
                "{e} ({}); the match number is in each board's footer and in /matches",
                cardtable::store::redact(db)
            )
        }
        e => e.to_string(),
    })?;
    println!("{report}");
    if report.snapshot_matches {
        Ok(())
    } else {
        Err(format!("match {match_id} does not reproduce its stored state"))
    }
}

async fn rebuild_ratings(db: &str) -> Result<(), String> {
    if let Some(path) = sqlite_file(db).filter(|p| !p.exists()) {
        return Err(format!(
            "no database at {}; name the bot's database with --db or DATABASE_URL",
            path.display()
        ));
    }
    let store = cardtable::store::Store::open(db).await.map_err(|e| e.to_string())?;
    let before = store.all_ratings().await.map_err(|e| e.to_string())?;
    let lines_before = store.all_results().await.map_err(|e| e.to_string())?;
    let records_before = store.all_records().await.map_err(|e| e.to_string())?;
    let matches = store.rebuild_ratings().await.map_err(|e| e.to_string())?;
    let after = store.all_ratings().await.map_err(|e| e.to_string())?;
    let lines_after = store.all_results().await.map_err(|e| e.to_string())?;
    let records_after = store.all_records().await.map_err(|e| e.to_string())?;
    let same = before == after && lines_before == lines_after && records_before == records_after;
    println!(
        "rebuilt {} ratings and {} records from {matches} finished matches: {}",
        after.len(),
        records_after.len(),
        if same { "equal to the stored ones" } else { "they differed from the stored ones, now replaced" }
    );
    store.close().await;
    Ok(())
}

async fn replay_file(file: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let record: cardtable::table::log::MatchRecord = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a match record from /history: {e}", file.display()))?;
    if record.format != cardtable::table::log::MATCH_RECORD_FORMAT {
        return Err(format!(
            "{} is a {:?} file; this version reads {:?}",
            file.display(),
            record.format,
            cardtable::table::log::MATCH_RECORD_FORMAT
        ));
    }
    let store = cardtable::store::Store::open_memory().await.map_err(|e| e.to_string())?;
    let table = cardtable::table::Table::new(store);
    let report = table.replay_record(&record).map_err(|e| e.to_string())?;
    println!("{report}");
    if report.snapshot_matches {
        Ok(())
    } else {
        Err(format!("{} does not reproduce its final state", file.display()))
    }
}

/// The file of a `sqlite:` URL (`sqlite://cardtable.db`, `sqlite:x.db?mode=rwc`),
/// or `None` for an in-memory database or another kind of URL.
fn sqlite_file(url: &str) -> Option<&Path> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && !path.contains(":memory:")).then(|| Path::new(path))
}

async fn loadtest(opts: &cardtable::loadtest::Options) -> Result<(), String> {
    let report = cardtable::loadtest::run(opts).await.map_err(|e| format!("{e:#}"))?;
    eprintln!("{}", cardtable::loadtest::details(&report));
    println!("{}", cardtable::loadtest::summary_line(&report));
    if report.errors > 0 {
        return Err(format!("{} actions failed", report.errors));
    }
    Ok(())
}

/// `cardtable figures`: the tables' commands run with this very binary.
fn figures(check: bool, jobs: Option<usize>, mut files: Vec<PathBuf>) -> Result<(), String> {
    if files.is_empty() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        files = vec![root.join("BENCHMARKS.md"), root.join("BALANCE.md")];
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this binary: {e}"))?;
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    cardtable::figures::figures(&exe, &files, check, jobs)
}

/// One `GAME: N cards, D decks, ok` line per game of the registry.
fn cards_check(dir: &Path) -> Result<(), String> {
    if !dir.is_dir() {
        return Err(format!("{} is not a folder; give the cards folder with --dir", dir.display()));
    }
    for (game, size) in Library::check_dir(dir).map_err(|e| e.to_string())? {
        println!("{}: {} cards, {} decks, ok", game.key(), size.cards, size.decks);
    }
    Ok(())
}
