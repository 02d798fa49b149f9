//! Shared helpers for the New Edition tests: positions are game records (shared/NOTATION.md,
//! "New Edition records"), replayed, then probed move by move.
#![allow(dead_code)]

use loewenherz::engine::newed::{Event, Game, Move, PowerCardId, Record, ScoreReason};
use loewenherz::engine::{Colour, IllegalMove};

/// The reference layout of RULES.md (the board printed there).
pub const REFERENCE_TILES: &str = "A0 B0 C0 D0 K0 E0 F0 G0 H0";

/// Replays a record text; panics with the referee's `line N: reason` if it fails.
pub fn game(text: &str) -> Game {
    replay(text).0
}

/// Replays a record text and returns the game and every event of the replay, in order.
pub fn replay(text: &str) -> (Game, Vec<Event>) {
    let record = Record::parse(text).unwrap_or_else(|e| panic!("record does not parse: {e}\n{text}"));
    let mut events = Vec::new();
    let game = record.replay_with(|_, ev| events.extend_from_slice(ev)).unwrap_or_else(|e| panic!("record does not replay: {e}\n{text}"));
    (game, events)
}

/// The referee's error for a record that must fail (`line N: reason`).
pub fn replay_error(text: &str) -> String {
    match Record::parse(text) {
        Err(e) => e.to_string(),
        Ok(r) => r.replay().map(|_| ()).expect_err("the record should be refused").to_string(),
    }
}

/// A move in record notation.
pub fn mv(line: &str) -> Move {
    Move::parse(line).unwrap_or_else(|e| panic!("bad move '{line}': {e}"))
}

/// Everything about a game, hidden parts included (a refused move must change nothing).
pub fn fingerprint(g: &Game) -> String {
    format!("{g:?}")
}

/// Plays a move that must be legal (and listed by `legal_moves`); returns its events.
pub fn play(g: &mut Game, line: &str) -> Vec<Event> {
    let m = mv(line);
    assert!(g.legal_moves().contains(&m), "'{line}' is not listed among the legal moves: {:?}", legal(g));
    g.play(m).unwrap_or_else(|e| panic!("'{line}' refused: {e}"))
}

/// Plays a move that must be refused with `expected`; checks it is not listed and nothing changed.
pub fn refuse(g: &mut Game, line: &str, expected: IllegalMove) {
    let m = mv(line);
    let before = fingerprint(g);
    assert!(!g.legal_moves().contains(&m), "'{line}' is listed among the legal moves but should be refused");
    assert_eq!(g.play(m), Err(expected), "'{line}'");
    assert_eq!(fingerprint(g), before, "a refused move changed the game");
}

/// The score changes of one colour among the events, in order.
pub fn score_changes(events: &[Event], colour: Colour) -> Vec<(i32, ScoreReason)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Score { colour: c, delta, reason } if *c == colour => Some((*delta, *reason)),
            _ => None,
        })
        .collect()
}

/// A colour by name.
pub fn c(name: &str) -> Colour {
    Colour::parse(name).expect("colour")
}

/// The legal moves as record lines.
pub fn legal(g: &Game) -> Vec<String> {
    g.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// A power card's price, as the data file gives it (our reconstruction: prices and sale values
/// are calibrated data, not rules, so tests read them rather than repeat them).
pub fn price(card: &str) -> u32 {
    PowerCardId::parse(card).expect("card").card().price
}

/// A power card's sale value, as the data file gives it.
pub fn sale(card: &str) -> u32 {
    PowerCardId::parse(card).expect("card").card().sale
}
