//! Shared helpers for the engine tests: positions are written as game records
//! (shared/NOTATION.md), replayed, and then probed move by move.
#![allow(dead_code)]

use loewenherz::engine::{Colour, IllegalMove};

use loewenherz::engine::classic::{Event, Game, Move, Record, ScoreReason};

/// Replays a record text; panics with the referee's `line N: reason` if it fails.
pub fn game(text: &str) -> Game {
    replay(text).0
}

/// Replays a record text and returns the game and every event of the replay, in order.
pub fn replay(text: &str) -> (Game, Vec<Event>) {
    let record = Record::parse(text).unwrap_or_else(|e| panic!("record does not parse: {e}\n{text}"));
    let mut events = Vec::new();
    let game = record
        .replay_with(|_, ev| events.extend_from_slice(ev))
        .unwrap_or_else(|e| panic!("record does not replay: {e}\n{text}"));
    (game, events)
}

/// A move in record notation.
pub fn mv(line: &str) -> Move {
    Move::parse(line).unwrap_or_else(|e| panic!("bad move '{line}': {e}"))
}

/// Everything about a game, hidden parts included (used to check that a refused move changed nothing).
pub fn fingerprint(g: &Game) -> String {
    format!("{g:?}")
}

/// Plays a move that must be legal (and listed by `legal_moves`); returns its events.
pub fn play(g: &mut Game, line: &str) -> Vec<Event> {
    let m = mv(line);
    assert!(g.legal_moves().contains(&m), "'{line}' is not listed among the legal moves: {:?}", g.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>());
    g.play(m).unwrap_or_else(|e| panic!("'{line}' refused: {e}"))
}

/// Plays a move that must be refused with `expected`; checks that it is not listed and that the game is unchanged.
pub fn refuse(g: &mut Game, line: &str, expected: IllegalMove) {
    let m = mv(line);
    let before = fingerprint(g);
    let summary = g.summary();
    assert!(!g.legal_moves().contains(&m), "'{line}' is listed among the legal moves but should be refused");
    assert_eq!(g.play(m), Err(expected), "'{line}'");
    assert_eq!(fingerprint(g), before, "a refused move changed the game");
    assert_eq!(g.summary(), summary);
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

/// True if the events hold any score change for the colour.
pub fn scored(events: &[Event], colour: Colour) -> bool {
    !score_changes(events, colour).is_empty()
}

/// A colour by name.
pub fn c(name: &str) -> Colour {
    Colour::parse(name).expect("colour")
}

/// The legal moves as record lines.
pub fn legal(g: &Game) -> Vec<String> {
    g.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// Borders around a set of spaces given as a label grid: every edge between two spaces of
/// different labels gets a border (helper for writing the `Borders` header of big positions).
pub fn borders_between(labels: &dyn Fn(loewenherz::engine::Space) -> u32) -> String {
    loewenherz::engine::grid::CLASSIC.edges()
        .filter(|e| {
            let (a, b) = e.spaces();
            labels(a) != labels(b)
        })
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
