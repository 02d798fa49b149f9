//! New Edition records through the referee (shared/NOTATION.md, "New Edition records"): the
//! library and the built `loewenherz-cli` agree, `play` writes records that `replay` reproduces
//! with the tiles and deck spelled out, and bad records get `line N: reason` with exit 2.

mod newed_common;

use loewenherz::engine::newed::Record;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn records_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("records").join("newed")
}

/// Runs `loewenherz-cli ARGS` with `stdin`: (exit code, stdout, stderr).
fn cli(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_loewenherz-cli"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run loewenherz-cli");
    child.stdin.take().unwrap().write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn replay_json(text: &str) -> Value {
    let (code, stdout, stderr) = cli(&["replay", "-"], Some(text));
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("one JSON object")
}

#[test]
fn every_new_edition_record_replays_and_the_cli_agrees() {
    let mut n = 0;
    for entry in std::fs::read_dir(records_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(&path).unwrap();
            let game = Record::parse(&text).and_then(|r| r.replay()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (code, stdout, stderr) = cli(&["replay", path.to_str().unwrap()], None);
            assert_eq!(code, 0, "{}: {stderr}", path.display());
            assert_eq!(serde_json::from_str::<Value>(&stdout).unwrap(), game.summary(), "{}", path.display());
            n += 1;
        }
    }
    assert!(n >= 1);
}

#[test]
fn the_json_holds_what_notation_md_names() {
    let json = replay_json(&std::fs::read_to_string(records_dir().join("three_regions_corner.txt")).unwrap());
    for key in ["over", "winners", "to_move", "borders_in_stock", "deck_left", "market", "king_chip", "players", "tiles", "deck", "mines"] {
        assert!(json.get(key).is_some(), "{key} missing");
    }
    assert_eq!(json["king_chip"], 40);
    assert_eq!(json["tiles"], "A0 B0 C0 D0 K0 E0 F0 G0 H0");
    assert_eq!(json["mines"].as_array().unwrap().len(), 16, "one entry per mine space");
    assert_eq!(json["to_move"], serde_json::json!(["red"]));
    let red = &json["players"]["red"];
    // A custom position begins before Start's income: the referee pays it at once (1 mine type).
    assert_eq!(red["ducats"], 11);
    assert_eq!(red["income"], 1);
    assert_eq!(red["hand"].as_array().unwrap().len(), 3);
    let hand: Vec<loewenherz::engine::newed::PowerCardId> = red["hand"].as_array().unwrap().iter().map(|c| loewenherz::engine::newed::PowerCardId::parse(c.as_str().unwrap()).unwrap()).collect();
    assert!(hand.is_sorted(), "a hand is printed in card order: {hand:?}");
    let region = &red["regions"][0];
    assert_eq!(region["castle"], "a1");
    assert_eq!(region["spaces"], 9);
    assert_eq!(region["forests"], 3);
    assert_eq!(region["villages"], 1);
    assert_eq!(region["king"], false);
    assert_eq!(region["mines"], serde_json::json!(["gold"]));
    assert_eq!(json["players"]["blue"]["regions"][0]["mines"], serde_json::json!(["silver", "copper"]));
    assert!(json.get("neutral").is_some_and(Value::is_null), "no neutral colour with 3 players");
}

#[test]
fn play_writes_tiles_and_deck_and_replay_reproduces_the_game() {
    for players in ["2", "3", "4"] {
        for seed in ["1", "7", "42"] {
            let (code, record, stderr) = cli(&["play", "--edition", "new", "--players", players, "--seed", seed, "--bots", "random"], None);
            assert_eq!(code, 0, "{stderr}");
            assert!(record.starts_with("[Edition \"new\"]\n"));
            let header = |name: &str| {
                let line = record.lines().find(|l| l.starts_with(&format!("[{name} "))).unwrap_or_else(|| panic!("[{name}] missing"));
                line.split('"').nth(1).unwrap().to_string()
            };
            let json = replay_json(&record);
            assert_eq!(json["over"], true, "a bot game is played to the end");
            assert_eq!(json["tiles"], header("Tiles"), "replay prints the layout string");
            let deck: Vec<String> = header("Deck").split_whitespace().map(String::from).collect();
            assert_eq!(deck.len(), 60);
            assert_eq!(json["deck"], serde_json::json!(deck), "replay prints the deck before dealing");
            if players == "2" {
                assert_eq!(json["neutral"]["colour"], header("Neutral"));
                assert!(json["players"].get(header("Neutral").as_str()).is_none(), "the neutral colour is not under players");
            }
            // Same seed, same game.
            assert_eq!(cli(&["play", "--edition", "new", "--players", players, "--seed", seed], None).1, record);
            // The headers alone pin the game: without the seed's shuffles the same record replays.
            let reseeded = record.replace(&format!("[Seed \"{seed}\"]"), "[Seed \"999\"]");
            assert_eq!(replay_json(&reseeded)["winners"], json["winners"]);
        }
    }
}

#[test]
fn bad_records_name_the_line_and_exit_2() {
    let good = std::fs::read_to_string(records_dir().join("three_regions_corner.txt")).unwrap();
    let lines = good.lines().count();
    for (text, line, needle) in [
        (format!("{good}red play D15 1\n"), lines + 1, "not in the hand"),
        (format!("{good}red play D15\n"), lines + 1, "two actions"),
        (format!("{good}blue draw\n"), lines + 1, "not this colour's move"),
        (format!("{good}red fly away\n"), lines + 1, "unknown move"),
        (format!("{good}red border m1-m2\n"), lines + 1, "not on this board"),
        // A bad seating is reported at the Players header itself (issue 12).
        (good.replace("[Players \"red blue orange\"]", "[Players \"red purple orange\"]"), 5, "not a New Edition colour"),
        (good.replace("[Tiles \"A0 B0 C0 D0 K0 E0 F0 G0 H0\"]", "[Tiles \"K0 B0 C0 D0 A0 E0 F0 G0 H0\"]"), 8, "centre"),
        ("[Edition \"newer\"]\n[Players \"red blue\"]\n".to_string(), 1, "not classic or new"),
    ] {
        let (code, stdout, stderr) = cli(&["replay", "-"], Some(&text));
        assert_eq!(code, 2, "{text}");
        assert!(stdout.is_empty(), "nothing is printed on stdout for a bad record");
        assert!(stderr.starts_with(&format!("line {line}: ")), "expected line {line}: {stderr}");
        assert!(stderr.contains(needle), "'{needle}' not in: {stderr}");
    }
}

#[test]
fn an_off_board_space_is_refused_with_its_line() {
    let good = std::fs::read_to_string(records_dir().join("three_regions_corner.txt")).unwrap();
    let text = format!("{good}red play A8\nred border l12-l13\n");
    let (code, _, stderr) = cli(&["replay", "-"], Some(&text));
    assert_eq!(code, 2);
    assert!(stderr.starts_with(&format!("line {}: ", good.lines().count() + 2)), "{stderr}");
    assert!(stderr.contains("not on this board"), "{stderr}");
}

#[test]
fn bench_reports_games_per_second_for_the_new_edition() {
    let (code, stdout, stderr) = cli(&["bench", "--edition", "new", "--games", "20", "--players", "4"], None);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.trim_end().lines().last().unwrap().ends_with("games/s"), "{stdout}");
    let (code, _, stderr) = cli(&["bench", "--edition", "chess"], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("classic or new"));
}
