//! The `cardtable` command line: the bot and its offline tools.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use cardtable::games::GameId;

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
        /// Database to play in (kept, so a match can be resumed).
        #[arg(long, default_value = "sqlite://console.db")]
        db: String,
    },
    /// Play seeded random-vs-random matches through the engine.
    Sim {
        /// Game to play.
        #[arg(long, default_value = "spheres")]
        game: String,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Card data tools.
    Cards {
        #[command(subcommand)]
        command: CardsCommand,
    },
}

#[derive(Subcommand)]
enum CardsCommand {
    /// Validate every card and deck file.
    Check {
        /// Folder holding one sub-folder per game.
        #[arg(long, default_value = "cards")]
        dir: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Bot) {
        Command::Bot => Err("the Discord front end is not built yet; try `cardtable console`".to_string()),
        Command::Console { db } => Err(format!("the console is not built yet (database {db})")),
        Command::Sim { game, games, seed } => sim(&game, games, seed),
        Command::Cards { command: CardsCommand::Check { dir } } => cards_check(&dir),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn sim(game: &str, games: u64, seed: u64) -> Result<(), String> {
    let game = GameId::parse(game)?;
    let start = Instant::now();
    let (mut finished, mut errors, mut actions) = (0u64, 0u64, 0u64);
    for i in 0..games {
        let report = cardtable::sim::play_random(game, seed.wrapping_add(i), |_| {});
        actions += report.actions as u64;
        finished += report.finished as u64;
        if let Some(e) = report.error {
            errors += 1;
            eprintln!("seed {}: {e}", seed.wrapping_add(i));
        }
    }
    let rate = actions as f64 / start.elapsed().as_secs_f64().max(1e-9);
    println!("games: {games}, finished: {finished}, errors: {errors}, actions: {actions}, actions/s: {rate:.0}");
    if errors > 0 || finished < games {
        return Err(format!("{errors} errors, {} unfinished", games - finished));
    }
    Ok(())
}

fn cards_check(dir: &std::path::Path) -> Result<(), String> {
    let _ = dir;
    let db = cardtable::cards::spheres::db();
    println!("spheres: {} cards, {} decks, ok", db.cards.len(), db.decks.len());
    Ok(())
}
