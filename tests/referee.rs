//! Hostile records and command lines (issue 12, "Found by fuzzing the referee"): each finding
//! as a test, through the record parser and through the built `loewenherz-cli`.

use loewenherz::engine::notation::{shown, MAX_HEADERS, MAX_RECORD_BYTES};
use loewenherz::engine::AnyRecord;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CLASSIC: &str = "[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Setup \"custom\"]\n[Seed \"1\"]\n";
const NEW: &str = "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Seed \"1\"]\n";

/// Parses and replays: the error as `line N: reason`.
fn error(text: &str) -> String {
    match AnyRecord::parse(text).and_then(|r| r.replay().map(|_| ())) {
        Ok(()) => panic!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn ok(text: &str) -> loewenherz::engine::AnyGame {
    AnyRecord::parse(text).and_then(|r| r.replay()).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Runs the CLI with `args`, feeding `stdin`: (exit code, stdout, stderr).
fn cli(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_loewenherz-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run loewenherz-cli");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn replay_bytes(bytes: &[u8]) -> (i32, String, String) {
    cli(&["replay", "-"], bytes)
}

// ----- 1. Time linear in the size; limits before parsing -----

#[test]
fn many_distinct_headers_are_refused_fast_at_the_first_over_the_limit() {
    let mut text = String::from(CLASSIC);
    for i in 0..100_000 {
        text += &format!("[X{i} \"v\"]\n");
    }
    let started = Instant::now();
    let e = error(&text);
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
    assert_eq!(e, format!("line {}: more than {MAX_HEADERS} headers", MAX_HEADERS + 1));
}

#[test]
fn headers_up_to_the_limit_are_read_and_a_repeated_one_names_its_first_line() {
    let mut text = String::from(CLASSIC);
    for i in 0..MAX_HEADERS - 4 {
        text += &format!("[X{i} \"v\"]\n");
    }
    assert!(AnyRecord::parse(&text).is_ok());
    assert_eq!(error(&format!("{CLASSIC}[Seed \"2\"]\n")), "line 5: header Seed given twice (first on line 4)");
}

#[test]
fn a_record_over_the_size_limit_and_an_overlong_line_are_refused_with_their_line() {
    let line = "red done # padding padding padding padding padding padding\n";
    let mut text = String::from(CLASSIC);
    while text.len() <= MAX_RECORD_BYTES {
        text += line;
    }
    let e = error(&text);
    assert!(e.ends_with(&format!("the record is longer than 4 MiB ({MAX_RECORD_BYTES} bytes)")), "{e}");
    let expected_line = 1 + text.as_bytes()[..MAX_RECORD_BYTES].iter().filter(|&&b| b == b'\n').count();
    assert!(e.starts_with(&format!("line {expected_line}: ")), "{e}");
    let (code, _, stderr) = replay_bytes(text.as_bytes());
    assert_eq!((code, stderr.trim_end()), (2, e.as_str()));

    let long = format!("{CLASSIC}red {}\n", "x".repeat(100_000));
    assert_eq!(error(&long), "line 5: the line is longer than 65536 bytes");
}

// ----- 2. Messages escape and shorten what they echo -----

#[test]
fn messages_escape_control_characters_and_shorten_echoed_input() {
    let cases = [
        format!("{CLASSIC}red castle \x1b[2J\x1b[31mline1:fine\n"),
        format!("{CLASSIC}\x1b]0;title\x07 done\n"),
        format!("{CLASSIC}red fly\rline 9: ok\n"),
        format!("{CLASSIC}red {}\n", "y".repeat(60_000)),
        format!("{CLASSIC}red offer +7\n"),
        format!("{CLASSIC}[Ducats \"red:\x1b[1m\"]\n"),
        format!("{NEW}red sell \u{202e}A1\n"),
        format!("[Edition \"\x1b[0m{}\"]\n", "z".repeat(1000)),
        format!("{NEW}[Tiles \"\x1bA0\"]\n"),
        format!("{CLASSIC}[X\x1b \"v\"]\n[X\x1b \"w\"]\n"),
    ];
    for text in &cases {
        let e = error(text);
        assert!(!e.chars().any(|c| c.is_control() || ('\u{2028}'..='\u{202e}').contains(&c)), "{e:?}");
        assert!(e.chars().count() <= 200, "{e:?}");
    }
    assert_eq!(error(&cases[0]), "line 5: '\\u{1b}[2J\\u{1b}[31mline1:fine' is not a space (a1 … o10)");
    assert_eq!(shown(&"a".repeat(41)), format!("{}…", "a".repeat(40)));
    assert_eq!(shown(&"\r".repeat(41)), format!("{}…", "\\r".repeat(20)));
}

// ----- 3. Bytes that are not UTF-8, a byte-order mark, the Players header's own line -----

#[test]
fn a_file_that_is_not_utf8_is_refused_at_the_line_of_the_first_bad_byte() {
    let mut bytes = CLASSIC.as_bytes().to_vec();
    bytes.extend_from_slice(b"red decide 1\nred \xff\xfe done\n");
    let (code, stdout, stderr) = replay_bytes(&bytes);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (2, "", "line 6: not UTF-8\n"));
    let (code, _, stderr) = replay_bytes(b"\xc3");
    assert_eq!((code, stderr.as_str()), (2, "line 1: not UTF-8\n"));
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/founding_12_and_4.txt")).unwrap();
    let plain = ok(&text).summary();
    assert_eq!(ok(&format!("\u{feff}{text}")).summary(), plain);
    let (code, stdout, stderr) = replay_bytes(format!("\u{feff}{text}").as_bytes());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&stdout).unwrap(), plain);
}

#[test]
fn a_bad_seating_is_reported_at_the_players_header_and_a_bad_neutral_at_its_own() {
    assert_eq!(error("[Edition \"classic\"]\n[Players \"red red\"]\n[Seed \"1\"]\n[Setup \"basic\"]\n"), "line 2: red is seated twice");
    assert_eq!(error("[Edition \"new\"]\n[Players \"red blue purple\"]\n[Seed \"1\"]\n"), "line 2: purple is not a New Edition colour (red, blue, orange, yellow)");
    assert_eq!(error("[Edition \"new\"]\n[Players \"red\"]\n[Seed \"1\"]\n"), "line 2: a game has 2 to 4 players");
    assert_eq!(error("[Edition \"classic\"]\n[Players \"red yellow\"]\n[Neutral \"red\"]\n[Seed \"1\"]\n"), "line 3: the neutral colour red is also a player");
}

// ----- 4. A colour twice in Ducats or Scores -----

#[test]
fn a_colour_given_twice_in_ducats_or_scores_is_refused_at_that_header() {
    for base in [CLASSIC, NEW] {
        for h in ["Ducats", "Scores"] {
            assert_eq!(error(&format!("{base}[{h} \"red:3 yellow:1 red:5\"]\n[Start \"red\"]\n")).split_once(": ").unwrap().0, "line 5", "{h}");
            assert!(error(&format!("{base}[{h} \"red:3 red:5\"]\n")).ends_with("red is given twice"), "{h}");
        }
    }
}

// ----- 5. Bounded ducats and scores -----

#[test]
fn ducats_and_scores_are_bounded_and_huge_ones_are_refused() {
    for base in [CLASSIC, NEW] {
        for (h, v) in [("Ducats", "4294967295"), ("Ducats", "1000"), ("Scores", "4294967295"), ("Scores", "1000"), ("Ducats", "99999999999999999999")] {
            let e = error(&format!("{base}[{h} \"red:{v}\"]\n"));
            assert!(e.starts_with("line 5: ") && e.contains("is not a number from 0 to 999"), "{h} {v}: {e}");
        }
    }
    // The largest allowed values play on without any overflow (tests run with overflow checks).
    let classic = ok(&format!("{CLASSIC}[Ducats \"red:999 yellow:999 purple:999\"]\n[Scores \"red:999 yellow:999\"]\n[Hands \"red:treasure15,treasure12\"]\n"));
    assert_eq!(classic.summary()["players"]["red"]["ducats"], 999);
    assert_eq!(classic.summary()["players"]["red"]["score"], 999);
    let new = ok(&format!("{NEW}[Ducats \"red:999 blue:999 orange:999\"]\n[Scores \"red:39\"]\n"));
    assert_eq!(new.summary()["players"]["blue"]["ducats"], 999);
}

#[test]
fn the_engines_refuse_unbounded_setups_given_directly() {
    use loewenherz::engine::{classic, newed, Colour};
    let mut s = classic::setup::Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], classic::setup::SetupKind::Custom, 1);
    s.ducats = vec![(Colour::Red, u32::MAX)];
    assert!(classic::game::Game::new(&s).is_err());
    s.ducats = vec![(Colour::Red, 1), (Colour::Red, 2)];
    assert!(classic::game::Game::new(&s).is_err());
    let mut n = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 1);
    n.custom = true;
    n.ducats = vec![(Colour::Red, u32::MAX)];
    assert!(newed::Game::new(&n).is_err());
}

// ----- 6. Numbers, editions, command-line options -----

#[test]
fn numbers_are_plain_decimal_digits() {
    for v in ["+7", "007", "-1", " 7", "7.0", "0x7", "٧"] {
        assert!(error(&format!("[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Seed \"{v}\"]\n")).starts_with("line 3: seed"), "{v}");
        assert!(error(&format!("{CLASSIC}[Ducats \"red:{v}\"]\n")).starts_with("line 5: "), "{v}");
    }
    assert!(AnyRecord::parse("[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Seed \"0\"]\n").is_ok());
    // Offers and bids in moves too.
    let e = error(&format!("{CLASSIC}red offer 007\n"));
    assert_eq!(e, "line 5: '007' is not a number");
}

#[test]
fn an_unknown_edition_is_refused() {
    assert_eq!(error("[Edition \"classik\"]\n[Players \"red yellow purple\"]\n"), "line 1: edition 'classik' is not classic or new");
    assert_eq!(error("[Players \"red yellow purple\"]\n[Edition \"\"]\n"), "line 2: edition '' is not classic or new");
}

#[test]
fn the_cli_refuses_unknown_options_missing_values_bad_numbers_and_zero_games() {
    let usage = "usage:";
    for (args, first) in [
        (&["bench", "--games", "0"][..], "--games takes a whole number from 1"),
        (&["arena", "--games", "0", "--bots", "random"][..], "--games takes a whole number from 1"),
        (&["play", "--seed", "+7"][..], "--seed takes a whole number"),
        (&["play", "--seed", "007"][..], "--seed takes a whole number"),
        (&["play", "--sed", "7"][..], "unknown option '--sed'"),
        (&["play", "--players"][..], "--players needs a value"),
        (&["play", "--players", "--seed", "3"][..], "--players needs a value"),
        (&["play", "--seed", "1", "--seed", "2"][..], "--seed is given twice"),
        (&["play", "\x1b[2Jx"][..], "unknown option '\\u{1b}[2Jx'"),
        (&["replay"][..], "replay takes one FILE"),
        (&["replay", "a", "b"][..], "replay takes one FILE"),
        (&["fly"][..], "unknown command 'fly'"),
    ] {
        let (code, stdout, stderr) = cli(args, b"");
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}");
        assert!(stderr.lines().next().unwrap().starts_with(first), "{args:?}: {stderr}");
        assert!(!stderr.contains('\x1b'), "{args:?}: {stderr}");
        if !first.contains("takes a whole") {
            assert!(stderr.contains(usage), "{args:?}: {stderr}");
        }
    }
    let (code, stdout, _) = cli(&["bench", "--games", "1", "--players", "2"], b"");
    assert_eq!(code, 0);
    assert!(!stdout.contains("NaN") && stdout.trim_end().ends_with("games/s"), "{stdout}");
}

#[test]
fn the_cli_prints_its_usage_for_help_and_exits_0() {
    for arg in ["help", "--help", "-h"] {
        let (code, stdout, stderr) = cli(&[arg], b"");
        assert_eq!(code, 0, "{arg}: {stderr}");
        assert!(stdout.starts_with("usage:") && stdout.contains("loewenherz-cli replay FILE") && stdout.contains("arena"), "{arg}: {stdout}");
        assert_eq!(stderr, "", "{arg}");
    }
}

#[test]
fn the_new_edition_arena_prints_each_games_economy_and_the_medians() {
    let (code, stdout, stderr) = cli(&["arena", "--edition", "new", "--players", "2", "--games", "2", "--bots", "random", "--seed", "3"], b"");
    assert_eq!(code, 0, "{stderr}");
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game seed=")).collect();
    assert_eq!(games.len(), 2, "{stdout}");
    for g in &games {
        for field in ["players=2 ", " seats=", " money=", " each=", " turns=", " sold=", " played=", " scores=", " winners="] {
            assert!(g.contains(field), "{field} in {g}");
        }
        // The total is the sum of each player's ducats.
        let field = |name: &str| g.split(' ').find_map(|p| p.strip_prefix(name)).unwrap().to_string();
        let total: u32 = field("each=").split(',').map(|p| p.split(':').nth(1).unwrap().parse::<u32>().unwrap()).sum();
        assert_eq!(field("money=").parse::<u32>().unwrap(), total, "{g}");
    }
    assert!(stdout.lines().any(|l| l.starts_with("economy: median money at the end ") && l.contains("(bank 91)") && l.contains("median turns")), "{stdout}");
    // Classic has no power cards: no economy lines.
    let (code, stdout, _) = cli(&["arena", "--players", "3", "--games", "1", "--bots", "random"], b"");
    assert_eq!(code, 0);
    assert!(!stdout.contains("game seed=") && !stdout.contains("economy:"), "{stdout}");
}

/// Issue 34: `hard@FILE` seats a hard computer with FILE's weights beside a plain one, each
/// reported under its own name with its iterations per second; only the hard level takes weights.
#[test]
fn two_hard_computers_with_different_weights_meet_in_one_arena() {
    use loewenherz::engine::ai::weights::built_in;
    let dir = std::env::temp_dir().join(format!("loewenherz-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let same = dir.join("same.txt");
    std::fs::write(&same, built_in().lines()).unwrap();
    let other = dir.join("other.txt");
    std::fs::write(&other, built_in().lines().replace("new.guide 3\n", "new.guide 0\n").replace("new.order 4\n", "new.order 0\n")).unwrap();
    let run = |bots: &str| {
        let (code, stdout, stderr) = cli(&["arena", "--edition", "new", "--players", "2", "--games", "2", "--bots", bots, "--seed", "11", "--scale", "20"], b"");
        assert_eq!(code, 0, "{bots}: {stderr}");
        stdout
    };
    let plain = run("hard,hard");
    let with_same = run(&format!("hard,hard@{}", same.display()));
    let with_other = run(&format!("hard,hard@{}", other.display()));
    let games = |out: &str| out.lines().filter(|l| l.starts_with("game seed=")).map(|l| l.replace("hard@same", "hard").replace("hard@other", "hard")).collect::<Vec<_>>();
    // The file's own weights play exactly as the plain level; other weights play otherwise.
    assert_eq!(games(&plain), games(&with_same), "{with_same}");
    assert_ne!(games(&plain), games(&with_other), "{with_other}");
    assert!(with_other.lines().any(|l| l.starts_with("game seed=11 ") && l.contains("seats=red:hard,blue:hard@other")), "{with_other}");
    assert!(with_other.lines().any(|l| l.starts_with("game seed=12 ") && l.contains("seats=red:hard@other,blue:hard")), "{with_other}");
    assert!(with_other.contains("iterations/s"), "{with_other}");
    for name in ["hard ", "hard@other "] {
        let row = with_other.lines().find(|l| l.starts_with(name) && !l.contains(" wins ")).unwrap_or_else(|| panic!("{name}: {with_other}"));
        let per_second: f64 = row.split_whitespace().last().unwrap().parse().unwrap();
        assert!(per_second > 0.0, "{row}");
    }
    let (code, stdout, stderr) = cli(&["arena", "--games", "1", "--bots", &format!("medium@{}", same.display())], b"");
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("only the hard level takes other weights"), "{stderr}");
    let (code, _, stderr) = cli(&["arena", "--games", "1", "--bots", &format!("hard@{}", dir.join("missing.txt").display())], b"");
    assert_eq!(code, 2);
    assert!(stderr.starts_with("can't read "), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

// ----- Found by the large fuzz run -----

/// A Classic custom position with a border inside a province kept it (the New Edition removed
/// such borders, R-B2): the next border placed then failed the board's debug check that no
/// superfluous border is left. Now the setup removes it, as in the New Edition.
#[test]
fn a_custom_border_inside_a_province_is_removed_as_in_the_new_edition() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/expansion_into_foreign_province.txt")).unwrap();
    let header: String = text.lines().filter(|l| l.starts_with('[')).map(|l| format!("{l}\n")).collect();
    let plain = ok(&header).summary();
    let inside = ok(&header.replace("[Borders \"", "[Borders \"f7-g7 ")).summary();
    assert_eq!(inside["borders_in_stock"], plain["borders_in_stock"]);
}
