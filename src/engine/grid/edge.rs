//! An edge between two orthogonally adjacent spaces, written `c1-d1`.

use super::space::{Space, MAX_SIDE};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The edge to the right of a space (`dir` 0, a wall between two columns) or below it (`dir` 1),
/// packed as `space << 1 | dir`. Where a border can stand.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Edge(u16);

impl Edge {
    /// The edge between two spaces, if they are orthogonal neighbours.
    pub fn between(a: Space, b: Space) -> Option<Edge> {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        if a.row() == b.row() && a.col() + 1 == b.col() {
            Some(Edge((a.index() as u16) << 1))
        } else if a.col() == b.col() && a.row() + 1 == b.row() {
            Some(Edge((a.index() as u16) << 1 | 1))
        } else {
            None
        }
    }

    /// The edge with the given packed index, if it joins two spaces of a 16 × 16 box.
    pub fn from_index(i: usize) -> Option<Edge> {
        let s = Space::from_index(i >> 1)?;
        let fits = if i & 1 == 0 { s.col() + 1 < MAX_SIDE } else { s.row() + 1 < MAX_SIDE };
        fits.then_some(Edge(i as u16))
    }

    /// The edge of a packed index known to be valid.
    pub(crate) const fn raw(i: usize) -> Edge {
        Edge(i as u16)
    }

    /// The packed index `space << 1 | dir`, 0..512.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The two spaces, the one nearer the top-left first.
    pub fn spaces(self) -> (Space, Space) {
        let a = (self.0 >> 1) as usize;
        let b = if self.is_vertical() { a + 1 } else { a + MAX_SIDE as usize };
        (Space::from_index(a).expect("space"), Space::from_index(b).expect("space"))
    }

    /// True for a wall between two columns (drawn vertically).
    pub fn is_vertical(self) -> bool {
        self.0 & 1 == 0
    }

    /// Parses `c1-d1` (either order).
    pub fn parse(s: &str) -> Option<Edge> {
        let (a, b) = s.split_once('-')?;
        Edge::between(Space::parse(a)?, Space::parse(b)?)
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.spaces();
        write!(f, "{a}-{b}")
    }
}
