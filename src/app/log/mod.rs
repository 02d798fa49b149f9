//! The game log in words, for both editions: the line type and the word helpers both
//! editions' logs share. Only public information ever goes into a line.

pub mod classic;
pub mod newed;

use crate::engine::{Colour, PieceKind};
use crate::tr;

/// One line of the log.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LogLine {
    /// Round it happened in.
    pub round: u32,
    /// The colour it is mostly about.
    pub colour: Option<Colour>,
    /// The sentence.
    pub text: String,
}

/// The spaces a log line names (a space like `d10`, or both sides of an edge like `d10-e10`),
/// so that tapping the line can show them on the board.
pub fn spaces_in(text: &str) -> Vec<crate::engine::Space> {
    use crate::engine::{Edge, Space};
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || ",.:;()".contains(c)) {
        let found = match (Edge::parse(word), Space::parse(word)) {
            (Some(e), _) => vec![e.spaces().0, e.spaces().1],
            (None, Some(s)) => vec![s],
            _ => continue,
        };
        for s in found {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// Names joined by "and": "Ann", "Ann and Ben", "Ann and Ben and Cleo".
pub fn and_list(items: &[String]) -> String {
    let mut it = items.iter();
    let first = it.next().cloned().unwrap_or_default();
    it.fold(first, |a, b| tr!(LogAnd, a = a, b = b))
}

/// "1 ducat", "3 ducats".
pub fn ducats(n: u32) -> String {
    if n == 1 { tr!(String LogDucatsOne) } else { tr!(LogDucats, n = n) }
}

pub(crate) fn signed(n: i32) -> String {
    if n >= 0 { format!("+{n}") } else { format!("−{}", n.unsigned_abs()) }
}

/// The line of a piece placed during setup (both editions): `by` placed a piece of `colour`.
pub fn placed_text(by: Colour, colour: Colour, kind: PieceKind, at: impl std::fmt::Display, name: &dyn Fn(Colour) -> String) -> String {
    let (name, at) = (name(by), at.to_string());
    match (by == colour, kind) {
        (true, PieceKind::Castle) => tr!(LogPlacedCastle, name = name, at = at),
        (true, PieceKind::Knight) => tr!(LogPlacedKnight, name = name, at = at),
        (false, PieceKind::Castle) => tr!(LogPlacedNeutralCastle, name = name, at = at),
        (false, PieceKind::Knight) => tr!(LogPlacedNeutralKnight, name = name, at = at),
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_line_names_its_spaces_and_edges() {
        let sp = |s: &str| crate::engine::Space::parse(s).unwrap();
        assert_eq!(spaces_in("Ann placed a border on d10-e10."), vec![sp("d10"), sp("e10")]);
        assert_eq!(spaces_in("Cleo took m3 from Ben (c1, c1)."), vec![sp("m3"), sp("c1")]);
        assert!(spaces_in("Round 2: Ben is start player.").is_empty());
    }
}

