//! Spaces of the 15 × 10 map, the edges between them, and small bit sets of both.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Columns of the Classic map (`a`–`o`).
pub const COLS: u8 = 15;
/// Rows of the Classic map (`1`–`10`).
pub const ROWS: u8 = 10;
/// Number of spaces.
pub const SPACES: usize = (COLS as usize) * (ROWS as usize);
/// Number of interior edges: 14 × 10 between columns plus 15 × 9 between rows.
pub const EDGES: usize = ((COLS - 1) as usize) * (ROWS as usize) + (COLS as usize) * ((ROWS - 1) as usize);
const COL_EDGES: usize = ((COLS - 1) as usize) * (ROWS as usize);

/// A space of the map; `a1` is the top-left corner.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Space(u8);

impl Space {
    /// The space at column `col` (0-based, left to right) and `row` (0-based, top to bottom).
    pub const fn new(col: u8, row: u8) -> Option<Space> {
        if col < COLS && row < ROWS { Some(Space(row * COLS + col)) } else { None }
    }

    /// The space with the given index (row-major).
    pub const fn from_index(i: usize) -> Option<Space> {
        if i < SPACES { Some(Space(i as u8)) } else { None }
    }

    /// Row-major index 0..150.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0-based.
    pub const fn col(self) -> u8 {
        self.0 % COLS
    }

    /// Row, 0-based.
    pub const fn row(self) -> u8 {
        self.0 / COLS
    }

    /// Every space, row by row.
    pub fn all() -> impl Iterator<Item = Space> {
        (0..SPACES as u8).map(Space)
    }

    /// Manhattan distance.
    pub fn distance(self, other: Space) -> u8 {
        self.col().abs_diff(other.col()) + self.row().abs_diff(other.row())
    }

    /// The orthogonal neighbours with the edge between (left, right, up, down; from a table).
    pub fn neighbours(self) -> impl Iterator<Item = (Space, Edge)> {
        let t = &NEIGHBOURS[self.index()];
        t.spaces[..t.len as usize].iter().zip(&t.edges).map(|(&n, &e)| (Space(n), Edge(e)))
    }

    /// Parses `a1` … `o10`.
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

/// The neighbours of one space with the edges between, precomputed.
struct Neighbours {
    len: u8,
    spaces: [u8; 4],
    edges: [u16; 4],
}

const fn edge_index(a: usize, b: usize) -> u16 {
    // `a` < `b`, orthogonal neighbours (see `Edge::between`).
    let (ar, ac) = (a / COLS as usize, a % COLS as usize);
    if b == a + 1 {
        (ar * (COLS as usize - 1) + ac) as u16
    } else {
        (COL_EDGES + ar * COLS as usize + ac) as u16
    }
}

const NEIGHBOURS: [Neighbours; SPACES] = {
    let mut t = [const { Neighbours { len: 0, spaces: [0; 4], edges: [0; 4] } }; SPACES];
    let mut i = 0;
    while i < SPACES {
        let (c, r) = (i % COLS as usize, i / COLS as usize);
        let mut n = 0;
        if c > 0 {
            t[i].spaces[n] = (i - 1) as u8;
            t[i].edges[n] = edge_index(i - 1, i);
            n += 1;
        }
        if c + 1 < COLS as usize {
            t[i].spaces[n] = (i + 1) as u8;
            t[i].edges[n] = edge_index(i, i + 1);
            n += 1;
        }
        if r > 0 {
            t[i].spaces[n] = (i - COLS as usize) as u8;
            t[i].edges[n] = edge_index(i - COLS as usize, i);
            n += 1;
        }
        if r + 1 < ROWS as usize {
            t[i].spaces[n] = (i + COLS as usize) as u8;
            t[i].edges[n] = edge_index(i, i + COLS as usize);
            n += 1;
        }
        t[i].len = n as u8;
        i += 1;
    }
    t
};

/// An edge between two orthogonally adjacent spaces, where a border can stand.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Edge(u16);

impl Edge {
    /// The edge between two spaces, if they are orthogonal neighbours.
    pub fn between(a: Space, b: Space) -> Option<Edge> {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        if a.row() == b.row() && a.col() + 1 == b.col() {
            Some(Edge((a.row() as usize * (COLS as usize - 1) + a.col() as usize) as u16))
        } else if a.col() == b.col() && a.row() + 1 == b.row() {
            Some(Edge((COL_EDGES + a.row() as usize * COLS as usize + a.col() as usize) as u16))
        } else {
            None
        }
    }

    /// The edge with the given index.
    pub fn from_index(i: usize) -> Option<Edge> {
        (i < EDGES).then_some(Edge(i as u16))
    }

    /// Index 0..275.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every edge.
    pub fn all() -> impl Iterator<Item = Edge> {
        (0..EDGES as u16).map(Edge)
    }

    /// The two spaces, the one nearer the top-left first.
    pub fn spaces(self) -> (Space, Space) {
        let i = self.0 as usize;
        if i < COL_EDGES {
            let (r, c) = (i / (COLS as usize - 1), i % (COLS as usize - 1));
            (Space((r * COLS as usize + c) as u8), Space((r * COLS as usize + c + 1) as u8))
        } else {
            let j = i - COL_EDGES;
            (Space(j as u8), Space((j + COLS as usize) as u8))
        }
    }

    /// True for a wall between two columns (drawn vertically).
    pub fn is_vertical(self) -> bool {
        (self.0 as usize) < COL_EDGES
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

/// A bit set of `$item`s (spaces or edges) in `$words` 64-bit words.
macro_rules! bit_set {
    ($(#[$doc:meta])* $name:ident, $item:ident, $words:literal, $make:expr) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Default, Debug, Hash)]
        pub struct $name([u64; $words]);

        impl $name {
            /// The empty set.
            pub const EMPTY: $name = $name([0; $words]);

            /// Adds an element.
            pub fn insert(&mut self, x: $item) {
                self.0[x.index() / 64] |= 1 << (x.index() % 64);
            }

            /// Removes an element.
            pub fn remove(&mut self, x: $item) {
                self.0[x.index() / 64] &= !(1 << (x.index() % 64));
            }

            /// Membership.
            pub fn contains(&self, x: $item) -> bool {
                self.0[x.index() / 64] >> (x.index() % 64) & 1 == 1
            }

            /// Number of elements.
            pub fn len(&self) -> usize {
                self.0.iter().map(|w| w.count_ones() as usize).sum()
            }

            /// True when empty.
            pub fn is_empty(&self) -> bool {
                self.0 == [0; $words]
            }

            /// The elements in index order.
            pub fn iter(self) -> impl Iterator<Item = $item> {
                (0..$words).flat_map(move |w| {
                    let mut bits = self.0[w];
                    std::iter::from_fn(move || {
                        if bits == 0 {
                            return None;
                        }
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        Some($make(w * 64 + b))
                    })
                })
            }

            /// Set union.
            pub fn union(self, o: $name) -> $name {
                $name(std::array::from_fn(|i| self.0[i] | o.0[i]))
            }

            /// Set difference.
            pub fn minus(self, o: $name) -> $name {
                $name(std::array::from_fn(|i| self.0[i] & !o.0[i]))
            }

            /// Set intersection.
            pub fn intersect(self, o: $name) -> $name {
                $name(std::array::from_fn(|i| self.0[i] & o.0[i]))
            }
        }

        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> Self {
                let mut s = $name::EMPTY;
                for x in iter {
                    s.insert(x);
                }
                s
            }
        }
    };
}

bit_set!(
    /// A set of spaces as a bit set.
    SpaceSet, Space, 3, |i: usize| Space(i as u8)
);
bit_set!(
    /// A set of edges (the borders on the board) as a bit set.
    EdgeSet, Edge, 5, |i: usize| Edge(i as u16)
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for s in Space::all() {
            assert_eq!(Space::parse(&s.to_string()), Some(s));
        }
        for e in Edge::all() {
            assert_eq!(Edge::parse(&e.to_string()), Some(e));
        }
        assert_eq!(Space::parse("a1"), Space::new(0, 0));
        assert_eq!(Space::parse("o10"), Space::new(14, 9));
        assert_eq!(Space::parse("p1"), None);
        assert_eq!(Space::parse("a11"), None);
        assert_eq!(Space::parse("a01"), None);
        assert_eq!(Edge::parse("d1-c1").map(|e| e.to_string()), Some("c1-d1".into()));
        assert_eq!(Edge::parse("a1-b2"), None);
        assert_eq!(EDGES, 275);
    }

    #[test]
    fn neighbour_table_matches_the_grid() {
        for s in Space::all() {
            let expected: Vec<(Space, Edge)> = Space::all().filter(|n| n.distance(s) == 1).map(|n| (n, Edge::between(s, n).unwrap())).collect();
            let mut got: Vec<(Space, Edge)> = s.neighbours().collect();
            got.sort();
            assert_eq!(got, expected, "{s}");
        }
    }
}
