//! `loewenherz-cli`: the command-line referee (shared/NOTATION.md).
//!
//! - `replay FILE` prints the final state as JSON (exit 0) or `line N: reason` (exit 2).
//! - `play --players N --seed S --bots random [--setup basic|variable]` prints a bot game's record.
//! - `bench --games N --players N` plays random games on one thread and reports games/s.

use loewenherz::engine::bot::{play_out, RandomBot};
use loewenherz::engine::classic::record::write_record;
use loewenherz::engine::{Colour, Game, Record, Setup, SetupKind};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  loewenherz-cli replay FILE            (FILE may be - for standard input)
  loewenherz-cli play --players 2|3|4 --seed N --bots random [--setup basic|variable]
  loewenherz-cli bench --games N --players 2|3|4 [--setup basic|variable]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(2)
        }
    }
}

fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(|s| s.as_str())
}

fn number(args: &[String], name: &str, default: Option<u64>) -> Result<u64, String> {
    match flag(args, name) {
        Some(v) => v.parse().map_err(|_| format!("{name} takes a whole number, not '{v}'")),
        None => default.ok_or_else(|| format!("{name} is required\n{USAGE}")),
    }
}

fn setup_for(args: &[String], seed: u64) -> Result<Setup, String> {
    let n = number(args, "--players", Some(4))?;
    let players: Vec<Colour> = match n {
        2..=4 => Colour::ALL[..n as usize].to_vec(),
        _ => return Err("--players is 2, 3 or 4".into()),
    };
    let kind = match flag(args, "--setup") {
        Some("basic") => SetupKind::Basic,
        Some("variable") => SetupKind::Variable,
        None if n == 2 => SetupKind::Variable,
        None => SetupKind::Basic,
        Some(o) => return Err(format!("--setup is basic or variable, not '{o}'")),
    };
    let mut s = Setup::new(players, kind, seed);
    if n == 2 {
        s.neutral = Some(Colour::Purple);
    }
    Ok(s)
}

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(|s| s.as_str()) {
        Some("replay") => {
            let path = args.get(1).ok_or_else(|| format!("replay needs a FILE\n{USAGE}"))?;
            let text = if path == "-" {
                std::io::read_to_string(std::io::stdin()).map_err(|e| format!("can't read standard input: {e}"))?
            } else {
                std::fs::read_to_string(path).map_err(|e| format!("can't read {path}: {e}"))?
            };
            let record = Record::parse(&text).map_err(|e| e.to_string())?;
            let game = record.replay().map_err(|e| e.to_string())?;
            println!("{}", game.summary());
            Ok(())
        }
        Some("play") => {
            let seed = number(args, "--seed", Some(0))?;
            match flag(args, "--bots").unwrap_or("random") {
                "random" => {}
                other => return Err(format!("unknown bots '{other}' (random)")),
            }
            let setup = setup_for(args, seed)?;
            let (game, _) = Game::new(&setup).map_err(|e| e.to_string())?;
            let (_, moves) = play_out(game, seed);
            print!("{}", write_record(&setup, &[], &moves));
            Ok(())
        }
        Some("bench") => {
            let games = number(args, "--games", Some(1000))?;
            let mut moves = 0u64;
            let mut bot_seed_sum = 0u64;
            let started = Instant::now();
            for seed in 0..games {
                let setup = setup_for(args, seed)?;
                let (mut game, _) = Game::new(&setup).map_err(|e| e.to_string())?;
                let mut bot = RandomBot::new(seed);
                while let Some(m) = bot.pick(&game) {
                    game.play(m).map_err(|e| format!("bot move {m} refused: {e}"))?;
                    moves += 1;
                }
                bot_seed_sum = bot_seed_sum.wrapping_add(game.winners().len() as u64);
            }
            let secs = started.elapsed().as_secs_f64();
            println!("{games} games, {moves} moves ({:.0} moves/game) in {secs:.3} s (winners checksum {bot_seed_sum})", moves as f64 / games as f64);
            println!("{:.0} moves/s", moves as f64 / secs);
            println!("{:.0} games/s", games as f64 / secs);
            Ok(())
        }
        _ => Err(USAGE.into()),
    }
}
