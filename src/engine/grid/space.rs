//! A space of a board, written `a1` … `p16` without knowing the board.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Columns and rows of the largest board a [`Space`] can name (16 × 16).
pub const MAX_SIDE: u8 = 16;

/// A space, column and row packed as `row << 4 | col`; `a1` is the top-left corner.
///
/// A space reads and prints itself without a board; whether it lies on a board is that
/// board's [`Grid`](super::Grid)'s to say.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Space(u8);

impl Space {
    /// The space at column `col` (0-based, left to right) and `row` (0-based, top to bottom).
    pub const fn new(col: u8, row: u8) -> Option<Space> {
        if col < MAX_SIDE && row < MAX_SIDE { Some(Space(row << 4 | col)) } else { None }
    }

    /// The space with the given packed index (`row << 4 | col`).
    pub const fn from_index(i: usize) -> Option<Space> {
        if i < 256 { Some(Space(i as u8)) } else { None }
    }

    /// The space of a packed index known to be below 256.
    pub(crate) const fn raw(i: usize) -> Space {
        Space(i as u8)
    }

    /// The packed index `row << 4 | col`, 0..256.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0-based.
    pub const fn col(self) -> u8 {
        self.0 & 15
    }

    /// Row, 0-based.
    pub const fn row(self) -> u8 {
        self.0 >> 4
    }

    /// Manhattan distance.
    pub fn distance(self, other: Space) -> u8 {
        self.col().abs_diff(other.col()) + self.row().abs_diff(other.row())
    }

    /// Parses `a1` … `p16` (a board then says whether the space is on it).
    pub fn parse(s: &str) -> Option<Space> {
        let mut chars = s.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let row: u8 = digits.parse().ok()?;
        Space::new(letter as u8 - b'a', row.checked_sub(1)?)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}
