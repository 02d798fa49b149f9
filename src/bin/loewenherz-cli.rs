//! `loewenherz-cli`: the command-line referee (shared/NOTATION.md), for both editions.
//!
//! - `replay FILE` prints the final state as JSON (exit 0) or `line N: reason` (exit 2); the
//!   record's `[Edition]` header says which rules apply.
//! - `play [--edition classic|new] --players N --seed S --bots random [--setup basic|variable]`
//!   prints a bot game's record.
//! - `bench [--edition classic|new] --games N --players N` plays random games on one thread and
//!   reports games/s.

use loewenherz::engine::bot::{play_out, RandomBot};
use loewenherz::engine::{classic, newed, AnyRecord, Colour, Edition, Rules};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  loewenherz-cli replay FILE            (FILE may be - for standard input)
  loewenherz-cli play [--edition classic|new] --players 2|3|4 --seed N --bots random [--setup basic|variable]
  loewenherz-cli bench [--edition classic|new] --games N --players 2|3|4 [--setup basic|variable]";

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

fn edition(args: &[String]) -> Result<Edition, String> {
    match flag(args, "--edition") {
        None => Ok(Edition::Classic),
        Some(e) => Edition::parse(e).ok_or_else(|| format!("--edition is classic or new, not '{e}'")),
    }
}

fn player_count(args: &[String]) -> Result<usize, String> {
    match number(args, "--players", Some(4))? {
        n @ 2..=4 => Ok(n as usize),
        _ => Err("--players is 2, 3 or 4".into()),
    }
}

fn classic_setup(args: &[String], seed: u64) -> Result<classic::setup::Setup, String> {
    use classic::setup::{Setup, SetupKind};
    let n = player_count(args)?;
    let kind = match flag(args, "--setup") {
        Some("basic") => SetupKind::Basic,
        Some("variable") => SetupKind::Variable,
        None if n == 2 => SetupKind::Variable,
        None => SetupKind::Basic,
        Some(o) => return Err(format!("--setup is basic or variable, not '{o}'")),
    };
    let mut s = Setup::new(Colour::CLASSIC[..n].to_vec(), kind, seed);
    if n == 2 {
        s.neutral = Some(Colour::Purple);
    }
    Ok(s)
}

fn new_setup(args: &[String], seed: u64) -> Result<newed::Setup, String> {
    let n = player_count(args)?;
    match flag(args, "--setup") {
        None | Some("variable") => {}
        Some(o) => return Err(format!("the New Edition always starts with placement (--setup variable), not '{o}'")),
    }
    let mut s = newed::Setup::new(Colour::NEW_EDITION[..n].to_vec(), seed);
    if n == 2 {
        s.neutral = Some(Colour::NEW_EDITION[2]);
    }
    Ok(s)
}

/// Plays `games` random games from `start(seed)` on this thread; prints games/s.
fn bench<G: Rules>(games: u64, start: impl Fn(u64) -> Result<G, String>) -> Result<(), String> {
    let mut moves = 0u64;
    let mut winners = 0u64;
    let started = Instant::now();
    for seed in 0..games {
        let mut game = start(seed)?;
        let mut bot = RandomBot::new(seed);
        while let Some(m) = bot.pick(&game) {
            game.play(m).map_err(|e| format!("bot move {m} refused: {e}"))?;
            moves += 1;
        }
        winners = winners.wrapping_add(game.winners().len() as u64);
    }
    let secs = started.elapsed().as_secs_f64();
    println!("{} {games} games, {moves} moves ({:.0} moves/game) in {secs:.3} s (winners checksum {winners})", G::EDITION, moves as f64 / games as f64);
    println!("{:.0} moves/s", moves as f64 / secs);
    println!("{:.0} games/s", games as f64 / secs);
    Ok(())
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
            let record = AnyRecord::parse(&text).map_err(|e| e.to_string())?;
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
            match edition(args)? {
                Edition::Classic => {
                    let setup = classic_setup(args, seed)?;
                    let (game, _) = classic::game::Game::new(&setup).map_err(|e| e.to_string())?;
                    let (_, moves) = play_out(game, seed);
                    print!("{}", classic::record::write_record(&setup, &[], &moves));
                }
                Edition::New => {
                    let setup = new_setup(args, seed)?;
                    let (game, _) = newed::Game::new(&setup).map_err(|e| e.to_string())?;
                    // The record spells out the tiles and the deck it used ([Tiles], [Deck]).
                    let spelled = game.spelled_out(&setup);
                    let (_, moves) = play_out(game, seed);
                    print!("{}", newed::record::write_record(&spelled, &[], &moves));
                }
            }
            Ok(())
        }
        Some("bench") => {
            let games = number(args, "--games", Some(1000))?;
            match edition(args)? {
                Edition::Classic => bench(games, |seed| {
                    let setup = classic_setup(args, seed)?;
                    Ok(classic::game::Game::new(&setup).map_err(|e| e.to_string())?.0)
                }),
                Edition::New => bench(games, |seed| {
                    let setup = new_setup(args, seed)?;
                    Ok(newed::Game::new(&setup).map_err(|e| e.to_string())?.0)
                }),
            }
        }
        _ => Err(USAGE.into()),
    }
}
