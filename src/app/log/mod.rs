//! The game log in words, for both editions: the line type and the word helpers both
//! editions' logs share. Only public information ever goes into a line.

pub mod classic;
pub mod newed;

use super::said::{Arg, Said};
use crate::engine::{Colour, PieceKind, Space};
use crate::said;

/// One line of the log: a fact, put into words when drawn.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LogLine {
    /// Round (Classic) or turn (New Edition) it happened in.
    pub round: u32,
    /// The colour it is mostly about.
    pub colour: Option<Colour>,
    /// What happened.
    pub said: Said,
}

/// "1 ducat", "3 ducats".
pub fn ducats_said(n: u32) -> Said {
    if n == 1 { said!(LogDucatsOne) } else { said!(LogDucats, n = n) }
}

/// "1 ducat", "3 ducats", in words.
pub fn ducats(n: u32) -> String {
    ducats_said(n).plain()
}

/// The line of a piece placed during setup (both editions): `by` placed a piece of `colour`.
pub fn placed(by: Colour, colour: Colour, kind: PieceKind, at: Space) -> Said {
    let name = Arg::Name(by);
    match (by == colour, kind) {
        (true, PieceKind::Castle) => said!(LogPlacedCastle, name = name, at = at),
        (true, PieceKind::Knight) => said!(LogPlacedKnight, name = name, at = at),
        (false, PieceKind::Castle) => said!(LogPlacedNeutralCastle, name = name, at = at),
        (false, PieceKind::Knight) => said!(LogPlacedNeutralKnight, name = name, at = at),
    }
}

