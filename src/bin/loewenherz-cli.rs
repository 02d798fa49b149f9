//! `loewenherz-cli`: the command-line referee (shared/NOTATION.md), for both editions.
//!
//! - `replay FILE` prints the final state as JSON (exit 0) or `line N: reason` (exit 2); the
//!   record's `[Edition]` header says which rules apply.
//! - `play [--edition classic|new] --players N --seed S --bots random [--setup basic|variable]`
//!   prints a bot game's record.
//! - `bench [--edition classic|new] --games N --players N` plays random games on one thread and
//!   reports games/s.
//! - `arena [--edition classic|new] --players N --games G --bots hard,random,… [--seed S]` plays
//!   G games of computer players, seats rotated between the listed bots, and reports per bot.

use loewenherz::engine::ai::{self, Level, Searchable};
use loewenherz::engine::bot::RandomBot;
use loewenherz::engine::notation::with_header;
use loewenherz::engine::{classic, newed, AnyRecord, Colour, Edition, Rules};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  loewenherz-cli replay FILE            (FILE may be - for standard input)
  loewenherz-cli play [--edition classic|new] --players 2|3|4 --seed N --bots random|LEVEL,LEVEL,… [--setup basic|variable]
  loewenherz-cli bench [--edition classic|new] --games N --players 2|3|4 [--setup basic|variable]
  loewenherz-cli arena [--edition classic|new] --players 2|3|4 --games G --bots LEVEL,LEVEL,… [--seed S]
  (LEVEL: random, easy, medium, hard; seats take the listed levels in turn)";

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

fn levels(v: &str) -> Result<Vec<Level>, String> {
    v.split(',').map(|l| Level::parse(l.trim()).ok_or_else(|| format!("unknown bot '{}' (random, easy, medium, hard)", loewenherz::engine::notation::shown(l)))).collect()
}

/// Time spent deciding, per colour: (decisions, seconds).
type Thinking = Vec<(Colour, u32, f64)>;

/// Plays a game to its end with a computer in every seat.
fn play_game<G: Searchable>(mut game: G, bots: &[(Colour, Level)], seed: u64) -> Result<(G, Vec<G::Move>, Thinking), String> {
    let mut moves = Vec::new();
    let mut passed: Vec<Colour> = Vec::new();
    let mut thinking: Thinking = bots.iter().map(|&(c, _)| (c, 0, 0.0)).collect();
    while let Some((c, due)) = ai::next_to_ask(&game, &passed) {
        let level = bots.iter().find(|&&(b, _)| b == c).map_or(Level::Random, |&(_, l)| l);
        let started = Instant::now();
        let mv = ai::decide(&game, c, level, ai::bot_seed(seed, moves.len(), c))?.0;
        if let Some(t) = thinking.iter_mut().find(|t| t.0 == c) {
            t.1 += 1;
            t.2 += started.elapsed().as_secs_f64();
        }
        match mv {
            Some(m) => {
                game.play(m).map_err(|e| format!("{c}'s move {m} refused: {e}"))?;
                moves.push(m);
                passed.clear();
            }
            None if due => return Err(format!("{c} is due but made no move")),
            None => passed.push(c),
        }
    }
    Ok((game, moves, thinking))
}

#[derive(Default)]
struct Tally {
    seats: u32,
    wins: f64,
    score: f64,
    moves: u32,
    secs: f64,
}

/// Plays `games` games with seats rotated between `levels`; prints each bot's results.
fn arena<G: Searchable>(games: u64, seed: u64, levels: &[Level], start: impl Fn(u64) -> Result<G, String>) -> Result<(), String> {
    let mut names: Vec<Level> = Vec::new();
    for &l in levels {
        if !names.contains(&l) {
            names.push(l);
        }
    }
    let mut tally: Vec<Tally> = names.iter().map(|_| Tally::default()).collect();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let game = start(game_seed)?;
        let players = game.seats().to_vec();
        let bots: Vec<(Colour, Level)> = players.iter().enumerate().map(|(i, &c)| (c, levels[(i + g as usize) % levels.len()])).collect();
        let (end, _, thinking) = play_game(game, &bots, game_seed)?;
        let winners = end.winners().to_vec();
        let summary = end.summary();
        for (&(c, l), t) in bots.iter().zip(&thinking) {
            let k = names.iter().position(|&n| n == l).expect("listed");
            let s = &mut tally[k];
            s.seats += 1;
            if winners.contains(&c) {
                s.wins += 1.0 / winners.len() as f64;
            }
            s.score += summary["players"][c.name()]["score"].as_f64().unwrap_or(0.0);
            s.moves += t.1;
            s.secs += t.2;
        }
    }
    println!("{} arena: {games} games, bots {}", G::EDITION, levels.iter().map(|l| l.name()).collect::<Vec<_>>().join(","));
    println!("{:<8} {:>6} {:>8} {:>15} {:>11} {:>12}", "bot", "seats", "wins", "95% interval", "mean score", "ms per move");
    for (l, t) in names.iter().zip(&tally) {
        // Wins per game (shared wins as fractions), with Wilson's 95 % interval.
        let (lo, hi) = wilson(t.wins / games.max(1) as f64, games as f64);
        let ci = format!("{:.1}–{:.1}%", 100.0 * lo, 100.0 * hi);
        println!("{:<8} {:>6} {:>8.2} {:>15} {:>11.1} {:>12.2}", l.name(), t.seats, t.wins, ci, t.score / t.seats.max(1) as f64, 1000.0 * t.secs / t.moves.max(1) as f64);
    }
    for (l, t) in names.iter().zip(&tally) {
        println!("{} wins {:.1}%", l.name(), 100.0 * t.wins / games.max(1) as f64);
    }
    Ok(())
}

/// Wilson score interval at 95 % for a proportion `p` of `n` trials.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / d;
    ((c - h).max(0.0), (c + h).min(1.0))
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
            let levels = levels(flag(args, "--bots").unwrap_or("random"))?;
            let seats = |players: &[Colour]| -> Vec<(Colour, Level)> { players.iter().enumerate().map(|(i, &c)| (c, levels[i % levels.len()])).collect() };
            let text = match edition(args)? {
                Edition::Classic => {
                    let setup = classic_setup(args, seed)?;
                    let (game, _) = classic::game::Game::new(&setup).map_err(|e| e.to_string())?;
                    let bots = seats(&setup.players);
                    let (_, moves, _) = play_game(game, &bots, seed)?;
                    (classic::record::write_record(&setup, &[], &moves), bots)
                }
                Edition::New => {
                    let setup = new_setup(args, seed)?;
                    let (game, _) = newed::Game::new(&setup).map_err(|e| e.to_string())?;
                    // The record spells out the tiles and the deck it used ([Tiles], [Deck]).
                    let spelled = game.spelled_out(&setup);
                    let bots = seats(&setup.players);
                    let (_, moves, _) = play_game(game, &bots, seed)?;
                    (newed::record::write_record(&spelled, &[], &moves), bots)
                }
            };
            // Random games keep the record NOTATION.md defines; computer levels are named.
            let (record, bots) = text;
            if bots.iter().all(|&(_, l)| l == Level::Random) {
                print!("{record}");
            } else {
                print!("{}", with_header(&record, "Bots", &ai::format_bots(&bots)));
            }
            Ok(())
        }
        Some("arena") => {
            let games = number(args, "--games", Some(100))?;
            let seed = number(args, "--seed", Some(0))?;
            let levels = levels(flag(args, "--bots").ok_or_else(|| format!("--bots is required\n{USAGE}"))?)?;
            match edition(args)? {
                Edition::Classic => arena(games, seed, &levels, |s| {
                    let setup = classic_setup(args, s)?;
                    Ok(classic::game::Game::new(&setup).map_err(|e| e.to_string())?.0)
                }),
                Edition::New => arena(games, seed, &levels, |s| {
                    let setup = new_setup(args, s)?;
                    Ok(newed::Game::new(&setup).map_err(|e| e.to_string())?.0)
                }),
            }
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
