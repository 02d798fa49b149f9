//! Deals no one can recompute (issue 40): new games draw 128-bit seeds, records keep them as
//! NOTATION.md's long seed (`[Seed "0x…"]`), and the referee reads both kinds.

use loewenherz::engine::bot::play_out;
use loewenherz::engine::seed::{Seed, FRESH_BYTES};
use loewenherz::engine::{classic, newed, AnyRecord, Colour};
use std::process::Command;

fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_loewenherz-cli")).args(args).output().expect("run loewenherz-cli");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn replay(record: &str) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("loewenherz-seeds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.txt", record.len()));
    std::fs::write(&file, record).unwrap();
    let out = cli(&["replay", file.to_str().unwrap()]);
    std::fs::remove_file(&file).unwrap();
    out
}

/// Sixteen bytes that differ from `base` only in bit `bit` (0: the top bit of the 128).
fn flipped(base: [u8; FRESH_BYTES], bit: usize) -> Seed {
    let mut b = base;
    b[bit / 8] ^= 0x80 >> (bit % 8);
    Seed::fresh(b)
}

#[test]
fn a_long_seed_is_played_written_and_replayed_by_the_referee_in_both_editions() {
    let seed = "0x9f3c5e11d0a27b4c88e6f1203d4a5b6c";
    for edition in ["classic", "new"] {
        let (code, record, err) = cli(&["play", "--edition", edition, "--players", "3", "--seed", seed, "--bots", "random"]);
        assert_eq!(code, 0, "{err}");
        assert!(record.contains(&format!("[Seed \"{seed}\"]\n")), "{edition}: the record keeps the long seed\n{record}");
        let game = AnyRecord::parse(&record).and_then(|r| r.replay()).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.is_over(), "{edition}: a whole game");
        let (code, first, err) = replay(&record);
        assert_eq!(code, 0, "{err}");
        assert_eq!(replay(&record).1, first, "{edition}: the same seed, the same game");
        if edition == "classic" {
            let summary: serde_json::Value = serde_json::from_str(&first).unwrap();
            assert_eq!(summary["seed"], seed, "the summary names the long seed as text");
        }
    }
    // A decimal seed is read as before, and both kinds are refused when malformed.
    let (code, record, _) = cli(&["play", "--players", "3", "--seed", "42"]);
    assert_eq!(code, 0);
    assert!(record.contains("[Seed \"42\"]\n"));
    for bad in ["0x123", "0xZZ3c5e11d0a27b4c88e6f1203d4a5b6c", "-4"] {
        let (code, _, err) = cli(&["play", "--players", "3", "--seed", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("0x and 32 to 64 hex digits"), "{err}");
    }
}

#[test]
fn every_bit_of_a_fresh_seed_deals() {
    // Seeds that differ in one of the 128 bits drawn — the top ones included, which no 64-bit
    // seed reaches — deal other games: nothing narrows the seed to fewer bits on its way.
    let base = *b"Lowenherz 128bit";
    let players = vec![Colour::Red, Colour::Blue, Colour::Orange];
    let deal = |seed: Seed| {
        let mut s = newed::Setup::new(players.clone(), 0);
        s.seed = seed;
        let (g, _) = newed::Game::new(&s).unwrap();
        let spelled = g.spelled_out(&s);
        (format!("{:?}", spelled.tiles), format!("{:?}", spelled.deck))
    };
    let first = deal(Seed::fresh(base));
    for bit in [0, 1, 7, 8, 31, 63, 64, 65, 100, 127] {
        let other = deal(flipped(base, bit));
        assert_ne!(other.1, first.1, "bit {bit} changes the deck's order");
    }
    let classic = |seed: Seed| {
        let mut s = classic::setup::Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], classic::SetupKind::Basic, 0);
        s.seed = seed;
        let (g, _) = classic::game::Game::new(&s).unwrap();
        play_out(g, 1).1
    };
    let first = classic(Seed::fresh(base));
    for bit in [0, 63, 64, 127] {
        assert_ne!(classic(flipped(base, bit)), first, "bit {bit} changes the Classic deal");
    }
}

#[test]
fn a_fresh_seed_is_drawn_from_128_bits_and_written_as_a_long_seed() {
    let mut asked = 0;
    let seed = Seed::draw(|b: &mut [u8]| {
        asked = b.len();
        b.fill(0xa5);
        Ok::<(), ()>(())
    })
    .unwrap();
    assert!(asked * 8 >= 128, "{asked} bytes");
    let mut s = newed::Setup::new(vec![Colour::Red, Colour::Blue], 0);
    s.neutral = Some(Colour::Orange);
    s.seed = seed;
    let record = newed::record::write_record(&s, &[], &[]);
    let line = record.lines().find(|l| l.starts_with("[Seed ")).unwrap();
    let digits = line.trim_start_matches("[Seed \"0x").trim_end_matches("\"]");
    assert!(digits.len() >= 32 && digits.bytes().all(|b| b.is_ascii_hexdigit()), "{line}");
    assert_eq!(AnyRecord::parse(&record).unwrap().replay().is_ok(), true);
}
