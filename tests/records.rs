//! The rulebook's worked examples as game records (tests/records/*.txt), replayed through the
//! referee code (`Record::parse` + `replay`) and through the built `loewenherz-cli replay`.

mod common;

use common::{c, replay, score_changes};
use loewenherz::engine::classic::{Event, Record, ScoreReason};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn records_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("records")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(records_dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Runs `loewenherz-cli replay FILE`: (exit code, stdout, stderr).
fn cli_replay(path: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_loewenherz-cli")).arg("replay").arg(path).output().expect("run loewenherz-cli");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn cli_json(name: &str) -> Value {
    let (code, stdout, stderr) = cli_replay(&records_dir().join(name));
    assert_eq!(code, 0, "{name}: {stderr}");
    serde_json::from_str(&stdout).expect("one JSON object")
}

#[test]
fn every_valid_record_replays_and_the_cli_agrees() {
    let mut n = 0;
    for entry in std::fs::read_dir(records_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(&path).unwrap();
            let game = Record::parse(&text).and_then(|r| r.replay()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (code, stdout, stderr) = cli_replay(&path);
            assert_eq!(code, 0, "{}: {stderr}", path.display());
            let json: Value = serde_json::from_str(&stdout).unwrap();
            assert_eq!(json, game.summary(), "{}", path.display());
            n += 1;
        }
    }
    assert!(n >= 3);
}

// R-B5: one border founds two provinces; each owner scores its founding value, the placer nothing.
#[test]
fn founding_one_border_founds_12_space_province_with_city_and_4_space_province() {
    let (game, events) = replay(&read("founding_12_and_4.txt"));
    let founded: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::ProvinceFounded { .. })).collect();
    assert_eq!(founded.len(), 2);
    assert!(founded.contains(&&Event::ProvinceFounded { colour: c("red"), castle: "a1".parse_space(), spaces: 12, cities: 1, points: 12 }));
    assert!(founded.contains(&&Event::ProvinceFounded { colour: c("yellow"), castle: "c5".parse_space(), spaces: 4, cities: 0, points: 3 }));
    assert_eq!(score_changes(&events, c("red")), [(12, ScoreReason::Founding)]);
    assert_eq!(score_changes(&events, c("yellow")), [(3, ScoreReason::Founding)]);
    assert_eq!(score_changes(&events, c("purple")), []);
    assert_eq!((game.score(c("red")), game.score(c("yellow")), game.score(c("purple"))), (12, 3, 0));
    // Red and yellow shared the 8 ducats of action 1.
    assert_eq!((game.ducats(c("red")), game.ducats(c("yellow")), game.ducats(c("purple"))), (16, 16, 12));

    let json = cli_json("founding_12_and_4.txt");
    assert_eq!(json["players"]["red"]["score"], 12);
    assert_eq!(json["players"]["yellow"]["score"], 3);
    assert_eq!(json["players"]["purple"]["score"], 0);
    assert_eq!(json["players"]["red"]["provinces"][0]["castle"], "a1");
    assert_eq!(json["players"]["red"]["provinces"][0]["spaces"], 12);
    assert_eq!(json["players"]["yellow"]["provinces"][0]["spaces"], 4);
    assert_eq!(json["borders_in_stock"], 100 - 13);
    assert_eq!(json["over"], false);
}

#[test]
fn expansion_two_spaces_into_foreign_province_with_city_gains_and_loses_7() {
    let (game, events) = replay(&read("expansion_into_foreign_province.txt"));
    assert_eq!(score_changes(&events, c("red")), [(6, ScoreReason::Expansion), (1, ScoreReason::Expansion)]);
    assert_eq!(score_changes(&events, c("yellow")), [(-6, ScoreReason::LostSpace), (-1, ScoreReason::LostSpace)]);
    assert_eq!(game.score(c("red")), 7);
    assert_eq!(game.score(c("yellow")), 13);
    assert!(!events.iter().any(|e| matches!(e, Event::NeutralZoneFormed { .. })));

    let json = cli_json("expansion_into_foreign_province.txt");
    assert_eq!(json["players"]["red"]["score"], 7);
    assert_eq!(json["players"]["yellow"]["score"], 13);
    assert_eq!(json["players"]["red"]["provinces"][0]["spaces"], 8);
    assert_eq!(json["players"]["yellow"]["provinces"][0]["spaces"], 4);
    assert_eq!(json["round"], 2, "the expansion ended the action and the round");
}

// R-B6: the cut-off piece becomes a neutral zone; its founding value is lost, nobody gains it.
// R-B12: both zones of one expansion action are valued together.
#[test]
fn expansion_cutting_province_makes_neutral_zone_lost_by_owner_gained_by_nobody() {
    let (game, events) = replay(&read("expansion_cuts_neutral_zone.txt"));
    let zones: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::NeutralZoneFormed { .. })).collect();
    assert_eq!(
        zones,
        [&Event::NeutralZoneFormed { loser: c("yellow"), spaces: 8, cities: 1 }, &Event::NeutralZoneFormed { loser: c("yellow"), spaces: 3, cities: 0 }]
    );
    assert_eq!(
        score_changes(&events, c("yellow")),
        [(-1, ScoreReason::LostSpace), (-10, ScoreReason::NeutralZone), (-1, ScoreReason::LostSpace), (-2, ScoreReason::NeutralZone)]
    );
    // The taker gains only the spaces it took.
    assert_eq!(score_changes(&events, c("red")), [(1, ScoreReason::Expansion), (1, ScoreReason::Expansion)]);
    assert_eq!(game.score(c("yellow")), 30 - 14);
    assert_eq!(game.score(c("red")), 2);
    // R-B1: yellow's province is down to its castle's space, but it is still a province.
    assert_eq!(game.board().provinces(c("yellow")).map(|s| s.to_string()).collect::<Vec<_>>(), ["g9"]);
    assert_eq!(game.board().component("g9".parse_space()).size(), 1);

    let json = cli_json("expansion_cuts_neutral_zone.txt");
    assert_eq!(json["players"]["yellow"]["score"], 16);
    assert_eq!(json["players"]["red"]["score"], 2);
    assert_eq!(json["players"]["yellow"]["provinces"][0]["spaces"], 1);
}

#[test]
fn cli_reports_the_line_of_an_illegal_move_and_exits_2() {
    let path = records_dir().join("invalid").join("illegal_move.txt");
    let (code, stdout, stderr) = cli_replay(&path);
    assert_eq!(code, 2);
    assert!(stdout.is_empty(), "the state before the bad line is not printed");
    assert!(stderr.starts_with("line 13: "), "{stderr}");
    assert!(stderr.contains("castle"), "the reason names the rule: {stderr}");
    // The library reports the same.
    let err = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().replay().unwrap_err();
    assert_eq!(err.line, 13);
}

#[test]
fn cli_reports_a_malformed_header_and_exits_2() {
    let (code, stdout, stderr) = cli_replay(&records_dir().join("invalid").join("bad_header.txt"));
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.starts_with("line 4: "), "{stderr}");
    assert!(stderr.contains("z99"), "{stderr}");
}

#[test]
fn cli_play_output_replays_to_the_same_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_loewenherz-cli")).args(["play", "--players", "3", "--seed", "7", "--bots", "random"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let game = Record::parse(&text).unwrap().replay().unwrap();
    assert!(game.is_over());
    let mut child = Command::new(env!("CARGO_BIN_EXE_loewenherz-cli"))
        .args(["replay", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json, game.summary());
    assert_eq!(json["over"], true);
    assert_eq!(json["to_move"], serde_json::json!([]));
}

trait ParseSpace {
    fn parse_space(&self) -> loewenherz::engine::Space;
}
impl ParseSpace for str {
    fn parse_space(&self) -> loewenherz::engine::Space {
        loewenherz::engine::Space::parse(self).expect("space")
    }
}

#[test]
fn malformed_records_name_the_line_and_the_reason() {
    let cases: [(&str, usize, &str); 7] = [
        ("[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Castles \"red:a1\"]\n", 3, "custom"),
        ("[Edition \"classic\"]\n[Players \"red yellow purple\"]\nred decide 1 2\n[Seed \"1\"]\n", 4, "before the moves"),
        ("[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Seed \"x\"]\n", 3, "seed"),
        ("[Edition \"classic\"]\n[Players \"red yellow purple\"]\nred jump a1\n", 3, "unknown move"),
        ("[Edition \"classic\"]\n[Players \"red yellow purple\"]\nred border a1-b2\n", 3, "edge"),
        ("[Edition \"classic\"]\n[Players red yellow]\n", 2, "header"),
        ("[Players \"red yellow purple\"]\n", 1, "Edition"),
    ];
    for (text, line, needle) in cases {
        let err = Record::parse(text).expect_err(text);
        assert_eq!(err.line, line, "{text}");
        assert!(err.reason.to_string().contains(needle), "{text}: {}", err.reason);
    }
    // A refused move: the line and the typed reason's text.
    let err = Record::parse("[Edition \"classic\"]\n[Players \"red yellow purple\"]\n\nyellow decide 1\n").unwrap().replay().unwrap_err();
    assert_eq!(err.line, 4);
    let why = loewenherz::engine::IllegalMove::NotYourTurn;
    assert_eq!(err.reason, loewenherz::engine::RecordReason::Illegal { mv: "yellow decide 1".into(), why });
    assert_eq!(err.to_string(), "line 4: yellow decide 1: it is not this colour's move");
    // A bad setup is reported at the last header.
    let err = Record::parse("[Edition \"classic\"]\n[Players \"red yellow\"]\n[Setup \"basic\"]\n").unwrap().replay().unwrap_err();
    assert_eq!(err.line, 3);
    assert_eq!(err.reason, loewenherz::engine::SetupError::NeutralNeeded.into());
}
