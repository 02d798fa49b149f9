//! Saves written by earlier builds keep loading: `tests/saves/*-v1.json` are real saves of
//! format 1 (taken from the browser game before revisions were added), one per edition and one
//! with computer seats and hints. A later format change must migrate them.
//!
//! `new-v1.json` was edited once, for a rules change rather than a format change: its record
//! played A14 (an expansion) with no region to expand, which the revised R-N4 (issue 20) refuses;
//! it sells A14 instead. A save of a game that played a card for nothing no longer replays and is
//! reported as damaged (its text kept under a backup key), as any record the rules refuse.

use loewenherz::app::save::{parse_save, revision_of, SAVE_VERSION};
use loewenherz::app::AnySession;
use loewenherz::engine::Edition;

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/saves/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Loads a fixture as the game does; returns the game and the save's summary.
fn load(name: &str) -> (AnySession, String) {
    let text = fixture(name);
    let save = parse_save(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(save.version, SAVE_VERSION, "{name} is migrated to this format");
    assert_eq!(save.revision, 0, "a format-1 save starts at revision 0");
    assert_eq!(revision_of(&text), Some(0));
    let game = AnySession::from_record(save.id.clone(), &save.record).unwrap_or_else(|e| panic!("{name}: {e}"));
    // The position is the one that was saved: the record comes back move for move, and the
    // summary the list showed is the one the game gives now.
    assert_eq!(game.record().trim_end(), save.record.trim_end(), "{name}");
    (game, save.summary)
}

#[test]
fn a_classic_save_of_format_1_loads() {
    let (game, summary) = load("classic-v1.json");
    assert_eq!(game.edition(), Edition::Classic);
    assert_eq!(game.summary(), summary);
    assert_eq!(summary, "Classic · Ann, Ben, Cleo · round 3");
}

#[test]
fn a_new_edition_save_of_format_1_loads() {
    let (game, summary) = load("new-v1.json");
    assert_eq!(game.edition(), Edition::New);
    assert_eq!(game.summary(), summary);
    assert_eq!(summary, "New Edition · Ann, Ben, Cleo · turn 3");
}

#[test]
fn a_save_with_computers_and_hints_keeps_its_seats() {
    let (game, _) = load("classic-bots-v1.json");
    let AnySession::Classic(s) = game else { panic!("a Classic save") };
    let record = s.record();
    assert!(record.contains("[Bots \"yellow:easy purple:medium grey:hard\"]"), "{record}");
    assert!(record.contains("[Hints \"red:0\"]"), "{record}");
}
