//! `loewenherz-cli`: the command-line referee (shared/NOTATION.md), for both editions.
//!
//! - `replay FILE` prints the final state as JSON (exit 0) or `line N: reason` (exit 2); the
//!   record's `[Edition]` header says which rules apply.
//! - `play [--edition classic|new] --players N --seed S --bots random [--setup basic|variable]`
//!   prints a bot game's record.
//! - `bench [--edition classic|new] --games N --players N` plays random games on one thread and
//!   reports games/s.
//! - `arena [--edition classic|new] --players N --games G --bots hard,random,… [--seed S]` plays
//!   G games of computer players, seats rotated between the listed bots, and reports per bot
//!   (wins with Wilson's 95 % interval, mean score, how often it founded a province or region,
//!   and the milliseconds of its decisions: mean, p50, p99, max);
//!   for the New Edition also each game's economy (money held at the end, turns, cards sold and
//!   played) and their medians (issue 20: the card table's calibration).
//!   `--weights FILE` gives the hard level other weights than `src/engine/ai/weights.txt`'s,
//!   `--scale PERMILLE` scales every level's search (reduced-search measurements); a bot
//!   `hard@FILE` is the hard level with FILE's weights, reported under that name (two hard
//!   computers that differ meet in one arena), and each bot's iterations per second are
//!   reported (issue 34).
//! - `tune [--edition classic|new] --names a,b,… [--steps K] [--pairs P] [--seed S] [--scale PERMILLE]`
//!   tunes the named hard weights by SPSA self-play (issue 34): each step plays P seeds twice,
//!   seats swapped, weights perturbed up against weights perturbed down, and moves the weights
//!   toward the winner; prints every step and the tuned weights as `weights.txt` lines.
//! - `help` (or `--help`, `-h`) prints the usage.

use loewenherz::engine::ai::{self, Level, Searchable};
use loewenherz::engine::bot::RandomBot;
use loewenherz::engine::notation::{parse_number, record_text, shown, with_header, MAX_RECORD_BYTES};
use std::io::Read;
use loewenherz::engine::{classic, newed, AnyRecord, Colour, Edition, Rules};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  loewenherz-cli replay FILE            (FILE may be - for standard input)
  loewenherz-cli play [--edition classic|new] --players 2|3|4 --seed N|0xHEX --bots random|LEVEL,LEVEL,… [--setup basic|variable]
  loewenherz-cli bench [--edition classic|new] --games N --players 2|3|4 [--setup basic|variable]
  loewenherz-cli arena [--edition classic|new] --players 2|3|4 --games G --bots LEVEL,LEVEL,… [--seed S] [--limit-ms MS] [--weights FILE] [--scale PERMILLE]
    (an arena's LEVEL may also be hard@FILE: the hard level with FILE's weights)
  loewenherz-cli tune [--edition classic|new] --names WEIGHT,… [--players 2|3|4] [--steps K] [--pairs P] [--seed S] [--scale PERMILLE] [--weights FILE]
  loewenherz-cli help                   (also --help, -h: this text)
  (LEVEL: random, easy, medium, hard, or lesson (the lessons' computers) and reference (hard as
  frozen at issue 24, to measure against); seats take the listed levels in turn)";

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

/// A command's options: `--name value` pairs, each known to the command and given once.
type Opts<'a> = Vec<(&'static str, &'a str)>;

/// Reads a command's options. Unknown options, missing values and repeated options are refused
/// (a misspelt option must never silently play something else).
fn options<'a>(args: &'a [String], known: &[&'static str]) -> Result<Opts<'a>, String> {
    let mut out: Opts<'a> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let name = *known.iter().find(|&&k| k == a).ok_or_else(|| format!("unknown option '{}' (this command takes {})\n{USAGE}", shown(a), known.join(", ")))?;
        let value = it.next().filter(|v| !v.starts_with("--")).ok_or_else(|| format!("{name} needs a value\n{USAGE}"))?;
        if out.iter().any(|&(n, _)| n == name) {
            return Err(format!("{name} is given twice\n{USAGE}"));
        }
        out.push((name, value.as_str()));
    }
    Ok(out)
}

fn flag<'a>(opts: &Opts<'a>, name: &str) -> Option<&'a str> {
    opts.iter().find(|&&(n, _)| n == name).map(|&(_, v)| v)
}

/// A whole number option: plain decimal digits (no sign, no leading zero), at least `min`.
fn number(opts: &Opts<'_>, name: &str, default: u64, min: u64) -> Result<u64, String> {
    match flag(opts, name) {
        Some(v) => parse_number::<u64>(v).filter(|&n| n >= min).ok_or_else(|| format!("{name} takes a whole number from {min} to {}, not '{}'", u64::MAX, shown(v))),
        None => Ok(default),
    }
}

fn edition(opts: &Opts<'_>) -> Result<Edition, String> {
    match flag(opts, "--edition") {
        None => Ok(Edition::Classic),
        Some(e) => Edition::parse(e).ok_or_else(|| format!("--edition is classic or new, not '{}'", shown(e))),
    }
}

fn player_count(args: &Opts<'_>) -> Result<usize, String> {
    match number(args, "--players", 4, 0)? {
        n @ 2..=4 => Ok(n as usize),
        _ => Err("--players is 2, 3 or 4".into()),
    }
}

fn classic_setup(args: &Opts<'_>, seed: u64) -> Result<classic::setup::Setup, String> {
    use classic::setup::{Setup, SetupKind};
    let n = player_count(args)?;
    let kind = match flag(args, "--setup") {
        Some("basic") => SetupKind::Basic,
        Some("variable") => SetupKind::Variable,
        None if n == 2 => SetupKind::Variable,
        None => SetupKind::Basic,
        Some(o) => return Err(format!("--setup is basic or variable, not '{}'", shown(o))),
    };
    let mut s = Setup::new(Colour::CLASSIC[..n].to_vec(), kind, seed);
    if n == 2 {
        s.neutral = Some(Colour::Purple);
    }
    Ok(s)
}

fn new_setup(args: &Opts<'_>, seed: u64) -> Result<newed::Setup, String> {
    let n = player_count(args)?;
    match flag(args, "--setup") {
        None | Some("variable") => {}
        Some(o) => return Err(format!("the New Edition always starts with placement (--setup variable), not '{}'", shown(o))),
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

/// Seconds since the referee started (how long the computers think).
fn seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

fn levels(v: &str) -> Result<Vec<Level>, String> {
    v.split(',').map(|l| Level::parse(l.trim()).ok_or_else(|| format!("unknown bot '{}' (random, easy, medium, hard, lesson, reference)", shown(l)))).collect()
}

/// A bot of the arena: a level, and for `hard@FILE` the hard level with that file's weights
/// (issue 34: two hard computers with different weights or playouts meet in one arena, each
/// reported under its own name).
struct Entrant {
    level: Level,
    weights: Option<ai::weights::Tuning>,
    name: String,
}

/// `--bots` of the arena: levels, `hard@FILE` for a hard level with other weights.
fn entrants(v: &str) -> Result<Vec<Entrant>, String> {
    v.split(',')
        .map(|b| {
            let b = b.trim();
            let Some((level, path)) = b.split_once('@') else {
                let level = levels(b)?[0];
                return Ok(Entrant { level, weights: None, name: level.name().to_string() });
            };
            if Level::parse(level) != Some(Level::Hard) {
                return Err(format!("'{}': only the hard level takes other weights (hard@FILE)", shown(b)));
            }
            let text = std::fs::read_to_string(path).map_err(|e| format!("can't read {}: {e}", shown(path)))?;
            let weights = ai::weights::Tuning::parse(&text).map_err(|e| format!("{}: {e}", shown(path)))?;
            let stem = std::path::Path::new(path).file_stem().map_or(path.into(), |s| s.to_string_lossy());
            Ok(Entrant { level: Level::Hard, weights: Some(weights), name: format!("hard@{stem}") })
        })
        .collect()
}

/// One New Edition game's economy: what the card table does to money and length.
struct Economy {
    /// Ducats held by all players together at the end (the physical bank holds 91).
    money: u32,
    /// Each player's ducats at the end, in seating order.
    each: Vec<(Colour, u32)>,
    /// Turns played (placement is none).
    turns: u32,
    /// Cards sold and cards played.
    sold: u32,
    played: u32,
}

/// The ducats of the physical New Edition bank (36 × 1 + 11 × 5).
const BANK: u32 = 91;

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
}

#[derive(Default)]
struct Tally {
    seats: u32,
    /// Iterations its searches ran (issue 34: iterations per second).
    iterations: u64,
    wins: f64,
    score: f64,
    /// Games in which the bot founded at least one province (region).
    founded: u32,
    /// Each decision's seconds.
    times: Vec<f64>,
}

/// The `q`-quantile (0..1) of sorted `v`, by the nearest rank.
fn quantile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

/// Plays `games` games with seats rotated between `levels`; prints each bot's results, and where
/// `economy` measures one, each game's economy as it ends and the medians at the end.
fn arena<G: Searchable>(
    games: u64,
    seed: u64,
    limit: Option<f64>,
    entrants: &[Entrant],
    start: impl Fn(u64) -> Result<G, String>,
    economy: impl Fn(&G, &[G::Move]) -> Option<Economy>,
) -> Result<(), String> {
    use std::cell::RefCell;
    let mut economies: Vec<Economy> = Vec::new();
    let mut names: Vec<&str> = Vec::new();
    for e in entrants {
        if !names.contains(&e.name.as_str()) {
            names.push(&e.name);
        }
    }
    // The weights of `--weights` (or the file's): those of a plain `hard`.
    let common = ai::weights::tuning();
    let mut tally: Vec<Tally> = names.iter().map(|_| Tally::default()).collect();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let game = start(game_seed)?;
        let players = game.seats().to_vec();
        let seated: Vec<(Colour, &Entrant)> = players.iter().enumerate().map(|(i, &c)| (c, &entrants[(i + g as usize) % entrants.len()])).collect();
        let bots: Vec<(Colour, Level)> = seated.iter().map(|&(c, e)| (c, e.level)).collect();
        // Each decision's iterations go to whoever decided: counted from one decision's start
        // to the next one's (and to the game's end).
        let counted: RefCell<(Option<Colour>, u64, [u64; ai::SEATS])> = RefCell::new((None, ai::search::iterations_run(), [0; ai::SEATS]));
        let settle = |next: Option<Colour>| {
            let mut k = counted.borrow_mut();
            let now = ai::search::iterations_run();
            if let Some(c) = k.0 {
                k.2[c.index()] += now - k.1;
            }
            *k = (next, now, k.2);
        };
        let played = ai::play_game_seated(game, &bots, game_seed.into(), seconds, limit, |c| {
            settle(Some(c));
            let own = seated.iter().find(|&&(s, _)| s == c).and_then(|&(_, e)| e.weights);
            ai::weights::set_tuning(Some(own.unwrap_or(common)));
        });
        settle(None);
        ai::weights::set_tuning(Some(common));
        let (end, moves, thinking) = played?;
        let iterations = counted.into_inner().2;
        let winners = end.winners().to_vec();
        // Who founded a province (region): the game replayed for its events.
        let mut founders: Vec<Colour> = Vec::new();
        let mut again = start(game_seed)?;
        for &m in &moves {
            let events = again.play(m).map_err(|e| format!("replaying {m}: {e}"))?;
            founders.extend(events.iter().filter_map(G::founder));
        }
        let summary = end.summary();
        if let Some(e) = economy(&end, &moves) {
            // One line a game, so that runs in seeded chunks can be added up (scripts/economy.sh).
            let each = e.each.iter().map(|(c, d)| format!("{c}:{d}")).collect::<Vec<_>>().join(",");
            let won = winners.iter().map(|&w| format!("{w}:{}", seated.iter().find(|b| b.0 == w).map_or("?", |b| b.1.name.as_str()))).collect::<Vec<_>>().join(",");
            let seats = seated.iter().map(|(c, e)| format!("{c}:{}", e.name)).collect::<Vec<_>>().join(",");
            let scores = players.iter().map(|c| format!("{c}:{}", summary["players"][c.name()]["score"])).collect::<Vec<_>>().join(",");
            println!("game seed={game_seed} players={} seats={seats} money={} each={each} turns={} sold={} played={} scores={scores} winners={won}", players.len(), e.money, e.turns, e.sold, e.played);
            economies.push(e);
        }
        for (&(c, e), t) in seated.iter().zip(&thinking) {
            let k = names.iter().position(|&n| n == e.name).expect("listed");
            let s = &mut tally[k];
            s.seats += 1;
            s.iterations += iterations[c.index()];
            if winners.contains(&c) {
                s.wins += 1.0 / winners.len() as f64;
            }
            s.score += summary["players"][c.name()]["score"].as_f64().unwrap_or(0.0);
            s.founded += u32::from(founders.contains(&c));
            s.times.extend_from_slice(&t.1);
        }
    }
    println!("{} arena: {games} games, bots {}", G::EDITION, entrants.iter().map(|e| e.name.as_str()).collect::<Vec<_>>().join(","));
    println!("{:<9} {:>6} {:>8} {:>15} {:>11} {:>8} {:>12} {:>8} {:>8} {:>9} {:>12}", "bot", "seats", "wins", "95% interval", "mean score", "founded", "ms per move", "p50 ms", "p99 ms", "max ms", "iterations/s");
    for (l, t) in names.iter().zip(&mut tally) {
        t.times.sort_by(f64::total_cmp);
        // Wins per game (shared wins as fractions), with Wilson's 95 % interval.
        let (lo, hi) = wilson(t.wins / games.max(1) as f64, games as f64);
        let ci = format!("{:.1}–{:.1}%", 100.0 * lo, 100.0 * hi);
        let mean = t.times.iter().sum::<f64>() / t.times.len().max(1) as f64;
        let founded = format!("{:.0}%", 100.0 * f64::from(t.founded) / f64::from(t.seats.max(1)));
        // Over all its decisions' time, forced moves (no search) included.
        let per_second = t.iterations as f64 / t.times.iter().sum::<f64>().max(1e-9);
        println!(
            "{:<9} {:>6} {:>8.2} {:>15} {:>11.1} {:>8} {:>12.2} {:>8.1} {:>8.1} {:>9.1} {:>12.0}",
            l,
            t.seats,
            t.wins,
            ci,
            t.score / t.seats.max(1) as f64,
            founded,
            1000.0 * mean,
            1000.0 * quantile(&t.times, 0.5),
            1000.0 * quantile(&t.times, 0.99),
            1000.0 * t.times.last().copied().unwrap_or(0.0),
            per_second
        );
    }
    if !economies.is_empty() {
        let n = economies.len();
        let mut money: Vec<f64> = economies.iter().map(|e| e.money as f64).collect();
        let mut turns: Vec<f64> = economies.iter().map(|e| e.turns as f64).collect();
        let past = economies.iter().filter(|e| e.money > BANK).count();
        let (sold, played) = economies.iter().fold((0, 0), |(s, p), e| (s + e.sold, p + e.played));
        println!(
            "economy: median money at the end {:.1} (bank {BANK}), past the bank in {past} of {n} games ({:.0}%), median turns {:.1}, sold {sold} played {played} (sold per played {:.2})",
            median(&mut money),
            100.0 * past as f64 / n as f64,
            median(&mut turns),
            sold as f64 / played.max(1) as f64
        );
    }
    for (l, t) in names.iter().zip(&tally) {
        println!("{l} wins {:.1}%", 100.0 * t.wins / games.max(1) as f64);
    }
    Ok(())
}

/// `--weights FILE` and `--scale PERMILLE`: the hard level's weights and every level's search
/// for this run; returns the weights the hard level now uses.
fn search_options(args: &Opts<'_>) -> Result<ai::weights::Tuning, String> {
    if let Some(path) = flag(args, "--weights") {
        let text = std::fs::read_to_string(path).map_err(|e| format!("can't read {}: {e}", shown(path)))?;
        ai::weights::set_tuning(Some(ai::weights::Tuning::parse(&text).map_err(|e| format!("{}: {e}", shown(path)))?));
    }
    ai::weights::set_search_scale(number(args, "--scale", 1000, 1)? as u32);
    Ok(ai::weights::tuning())
}

/// A tuning run (`tune`).
struct Spsa {
    /// The weights tuned (indices into `ai::weights::NAMES`).
    names: Vec<usize>,
    steps: u64,
    /// Seeds per step, each played twice with the seats swapped.
    pairs: u64,
    /// The first game's seed; step k plays seeds `seed + k * pairs …`.
    seed: u64,
    start: ai::weights::Tuning,
}

/// Simultaneous perturbation stochastic approximation (Spall 1998) by self-play of the hard
/// level: at step k every tuned weight is moved by ±c_k × its scale (signs drawn at random), the
/// weights moved up play the weights moved down on `pairs` seeds, each twice with the seats
/// swapped (paired: luck of the deal cancels), and the weights step by a_k × (share of wins of
/// the upper − share of the lower) × sign × scale. A weight's scale is its size (at least 0.5):
/// steps in proportion. Prints every step and ends with the tuned weights' `weights.txt` lines.
fn tune<G: Searchable>(spec: &Spsa, start: impl Fn(u64) -> Result<G, String>) -> Result<(), String> {
    use ai::weights::{set_tuning, NAMES};
    let mut theta = spec.start;
    let scale: Vec<f32> = spec.names.iter().map(|&i| theta.get(i).abs().max(0.5)).collect();
    // Spall's gains: a_k = a / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101.
    let (a, big_a, c) = (0.5f64, spec.steps as f64 / 10.0, 0.2f64);
    let names: Vec<&str> = spec.names.iter().map(|&i| NAMES[i]).collect();
    println!("tune {}: {} steps of {} seeds twice (seeds {}–{}), weights {}", G::EDITION, spec.steps, spec.pairs, spec.seed, spec.seed + spec.steps * spec.pairs - 1, names.join(","));
    let mut rng = spec.seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1;
    let mut total = (0.0f64, 0u64);
    for k in 0..spec.steps {
        let ak = a / (k as f64 + 1.0 + big_a).powf(0.602);
        let ck = c / (k as f64 + 1.0).powf(0.101);
        let signs: Vec<f32> = spec
            .names
            .iter()
            .map(|_| {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                if rng & 1 == 0 { 1.0 } else { -1.0 }
            })
            .collect();
        let (mut up, mut down) = (theta, theta);
        for (j, &i) in spec.names.iter().enumerate() {
            up.set(i, theta.get(i) + (ck as f32) * signs[j] * scale[j]);
            down.set(i, theta.get(i) - (ck as f32) * signs[j] * scale[j]);
        }
        let mut diff = 0.0f64;
        let mut games = 0u64;
        for p in 0..spec.pairs {
            let seed = spec.seed + k * spec.pairs + p;
            for swap in [false, true] {
                let game = start(seed)?;
                let seats = game.seats().to_vec();
                let bots: Vec<(Colour, Level)> = seats.iter().map(|&c| (c, Level::Hard)).collect();
                // Seats alternate between the two weights; `swap` gives the other one the first seat.
                let upper = |c: Colour| (seats.iter().position(|&s| s == c).unwrap_or(0) % 2 == 0) != swap;
                let (end, _, _) = ai::play_game_seated(game, &bots, seed.into(), seconds, None, |c| set_tuning(Some(if upper(c) { up } else { down })))?;
                let w = end.winners();
                for &c in w {
                    diff += if upper(c) { 1.0 } else { -1.0 } / w.len() as f64;
                }
                games += 1;
            }
        }
        set_tuning(Some(theta));
        let r = diff / games as f64;
        total = (total.0 + diff, total.1 + games);
        for (j, &i) in spec.names.iter().enumerate() {
            theta.set(i, theta.get(i) + (ak * r) as f32 * signs[j] * scale[j]);
        }
        let now: Vec<String> = spec.names.iter().map(|&i| format!("{:.3}", theta.get(i))).collect();
        println!("step {k}: c {ck:.3} a {ak:.3} signs {signs:?} upper−lower {r:+.3} over {games} games -> {}", now.join(" "));
    }
    println!("# tuned by `loewenherz-cli tune --edition {} --names {} --steps {} --pairs {} --seed {} --scale {}`", G::EDITION.to_string().to_lowercase(), names.join(","), spec.steps, spec.pairs, spec.seed, ai::weights::scaled(1000));
    print!("{}", theta.lines());
    Ok(())
}

/// A finished New Edition game's economy.
fn new_economy(g: &newed::Game, moves: &[newed::Move]) -> Option<Economy> {
    let each: Vec<(Colour, u32)> = g.players().iter().map(|&c| (c, g.ducats(c))).collect();
    Some(Economy {
        money: each.iter().map(|&(_, d)| d).sum(),
        each,
        turns: g.turns(),
        sold: moves.iter().filter(|m| matches!(m, newed::Move::Sell { .. })).count() as u32,
        played: moves.iter().filter(|m| matches!(m, newed::Move::Play { .. })).count() as u32,
    })
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

/// Reads a record file (`-`: standard input), at most one byte past the size limit, so that
/// a huge input is refused without being read whole.
fn read_record(path: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let limit = MAX_RECORD_BYTES as u64 + 1;
    let read = if path == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes).map_err(|e| format!("can't read standard input: {e}"))
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes)).map_err(|e| format!("can't read {}: {e}", shown(path)))
    };
    read.map(|_| bytes)
}

fn run(args: &[String]) -> Result<(), String> {
    let (command, rest) = args.split_first().ok_or_else(|| USAGE.to_string())?;
    match command.as_str() {
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        "replay" => {
            let [path] = rest else { return Err(format!("replay takes one FILE\n{USAGE}")) };
            let bytes = read_record(path)?;
            let text = record_text(&bytes).map_err(|e| e.to_string())?;
            let record = AnyRecord::parse(text).map_err(|e| e.to_string())?;
            let game = record.replay().map_err(|e| e.to_string())?;
            println!("{}", game.summary());
            Ok(())
        }
        "play" => {
            let args = &options(rest, &["--edition", "--players", "--seed", "--bots", "--setup"])?;
            // A decimal seed or a long one (`0x` and 32 to 64 hex digits), as records take them.
            let seed = match flag(args, "--seed") {
                Some(v) => loewenherz::engine::Seed::parse(v).ok_or_else(|| format!("--seed takes a whole number from 0 to {} or 0x and 32 to 64 hex digits, not '{}'", u64::MAX, shown(v)))?,
                None => loewenherz::engine::Seed::default(),
            };
            let levels = levels(flag(args, "--bots").unwrap_or("random"))?;
            let seats = |players: &[Colour]| -> Vec<(Colour, Level)> { players.iter().enumerate().map(|(i, &c)| (c, levels[i % levels.len()])).collect() };
            let text = match edition(args)? {
                Edition::Classic => {
                    let mut setup = classic_setup(args, 0)?;
                    setup.seed = seed;
                    let (game, _) = classic::game::Game::new(&setup).map_err(|e| e.to_string())?;
                    let bots = seats(&setup.players);
                    let (_, moves, _) = ai::play_game(game, &bots, seed, seconds)?;
                    (classic::record::write_record(&setup, &[], &moves), bots)
                }
                Edition::New => {
                    let mut setup = new_setup(args, 0)?;
                    setup.seed = seed;
                    let (game, _) = newed::Game::new(&setup).map_err(|e| e.to_string())?;
                    // The record spells out the tiles and the deck it used ([Tiles], [Deck]).
                    let spelled = game.spelled_out(&setup);
                    let bots = seats(&setup.players);
                    let (_, moves, _) = ai::play_game(game, &bots, seed, seconds)?;
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
        "arena" => {
            let args = &options(rest, &["--edition", "--players", "--games", "--bots", "--seed", "--setup", "--limit-ms", "--weights", "--scale"])?;
            let games = number(args, "--games", 100, 1)?;
            search_options(args)?;
            let seed = number(args, "--seed", 0, 0)?;
            // A time limit per search, as the browser's worker has (the games then depend on
            // the machine's speed); none by default.
            let limit = flag(args, "--limit-ms").map(|_| number(args, "--limit-ms", 0, 1).map(|ms| ms as f64 / 1000.0)).transpose()?;
            let levels = entrants(flag(args, "--bots").ok_or_else(|| format!("--bots is required\n{USAGE}"))?)?;
            match edition(args)? {
                Edition::Classic => arena(
                    games,
                    seed,
                    limit,
                    &levels,
                    |s| {
                        let setup = classic_setup(args, s)?;
                        Ok(classic::game::Game::new(&setup).map_err(|e| e.to_string())?.0)
                    },
                    |_, _| None,
                ),
                Edition::New => arena(
                    games,
                    seed,
                    limit,
                    &levels,
                    |s| {
                        let setup = new_setup(args, s)?;
                        Ok(newed::Game::new(&setup).map_err(|e| e.to_string())?.0)
                    },
                    new_economy,
                ),
            }
        }
        "tune" => {
            let args = &options(rest, &["--edition", "--players", "--steps", "--pairs", "--seed", "--setup", "--weights", "--scale", "--names"])?;
            let start = search_options(args)?;
            let names = flag(args, "--names").ok_or_else(|| format!("--names is required\n{USAGE}"))?;
            let spec = Spsa {
                names: names
                    .split(',')
                    .map(|n| ai::weights::NAMES.iter().position(|&k| k == n.trim()).ok_or_else(|| format!("unknown weight '{}'", shown(n))))
                    .collect::<Result<Vec<usize>, String>>()?,
                steps: number(args, "--steps", 20, 1)?,
                pairs: number(args, "--pairs", 4, 1)?,
                seed: number(args, "--seed", 0, 0)?,
                start,
            };
            match edition(args)? {
                Edition::Classic => tune(&spec, |s| {
                    let setup = classic_setup(args, s)?;
                    Ok(classic::game::Game::new(&setup).map_err(|e| e.to_string())?.0)
                }),
                Edition::New => tune(&spec, |s| {
                    let setup = new_setup(args, s)?;
                    Ok(newed::Game::new(&setup).map_err(|e| e.to_string())?.0)
                }),
            }
        }
        "bench" => {
            let args = &options(rest, &["--edition", "--games", "--players", "--setup"])?;
            let games = number(args, "--games", 1000, 1)?;
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
        other => Err(format!("unknown command '{}'\n{USAGE}", shown(other))),
    }
}
