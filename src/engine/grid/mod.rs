//! Geometry both editions share: spaces, edges, bit sets of both, and the [`Grid`] of a board
//! (its size, tile size and neighbour table). Classic is 15 × 10 in 5 × 5 tiles, the New
//! Edition 12 × 12 in 4 × 4 tiles.
//!
//! Spaces and edges are packed into a 16 × 16 box (`row << 4 | col`, `space << 1 | dir`), so
//! they read and print their notation without a board; a board's [`Grid`] says which of them
//! it has and holds the neighbour table the hot loops use.

mod edge;
mod set;
mod space;

pub use edge::Edge;
pub use set::{edges_of, spaces_of, EdgeSet, SpaceSet};
pub use space::{Space, MAX_SIDE};

/// The neighbours of one space with the edges between, precomputed.
#[derive(Copy, Clone, Debug)]
struct Neighbours {
    len: u8,
    spaces: [u8; 4],
    edges: [u16; 4],
}

/// The shape of a board: columns, rows, tile size, which spaces and edges it has, and a
/// neighbour table.
pub struct Grid {
    /// The board's name in messages ("Classic", "New Edition").
    pub name: &'static str,
    /// Columns (`a` is the first).
    pub cols: u8,
    /// Rows (`1` is the top one).
    pub rows: u8,
    /// Side of a square map tile in spaces.
    pub tile: u8,
    spaces: SpaceSet,
    edges: EdgeSet,
    neighbours: [Neighbours; 256],
}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Grid({} x {})", self.cols, self.rows)
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        (self.cols, self.rows, self.tile) == (other.cols, other.rows, other.tile)
    }
}

/// The Classic board: 15 × 10 in six 5 × 5 tiles.
pub static CLASSIC: Grid = Grid::new("Classic", 15, 10, 5);
/// The New Edition board: 12 × 12 in nine 4 × 4 tiles.
pub static NEW_EDITION: Grid = Grid::new("New Edition", 12, 12, 4);

impl Grid {
    /// The grid of `cols` × `rows` spaces (each at most 16) in tiles of `tile` × `tile`.
    pub const fn new(name: &'static str, cols: u8, rows: u8, tile: u8) -> Grid {
        assert!(cols <= MAX_SIDE && rows <= MAX_SIDE && cols > 0 && rows > 0);
        let mut spaces = [0u64; 4];
        let mut edges = [0u64; 8];
        let mut neighbours = [Neighbours { len: 0, spaces: [0; 4], edges: [0; 4] }; 256];
        let (c_max, r_max) = (cols as usize, rows as usize);
        let mut r = 0;
        while r < r_max {
            let mut c = 0;
            while c < c_max {
                let i = r << 4 | c;
                spaces[i / 64] |= 1 << (i % 64);
                if c + 1 < c_max {
                    let e = i << 1;
                    edges[e / 64] |= 1 << (e % 64);
                }
                if r + 1 < r_max {
                    let e = i << 1 | 1;
                    edges[e / 64] |= 1 << (e % 64);
                }
                // Left, right, up, down.
                let t = &mut neighbours[i];
                let mut n = 0;
                if c > 0 {
                    t.spaces[n] = (i - 1) as u8;
                    t.edges[n] = ((i - 1) << 1) as u16;
                    n += 1;
                }
                if c + 1 < c_max {
                    t.spaces[n] = (i + 1) as u8;
                    t.edges[n] = (i << 1) as u16;
                    n += 1;
                }
                if r > 0 {
                    t.spaces[n] = (i - 16) as u8;
                    t.edges[n] = ((i - 16) << 1 | 1) as u16;
                    n += 1;
                }
                if r + 1 < r_max {
                    t.spaces[n] = (i + 16) as u8;
                    t.edges[n] = (i << 1 | 1) as u16;
                    n += 1;
                }
                t.len = n as u8;
                c += 1;
            }
            r += 1;
        }
        Grid { name, cols, rows, tile, spaces: SpaceSet::from_words(spaces), edges: EdgeSet::from_words(edges), neighbours }
    }

    /// Every space of the board, row by row.
    pub fn spaces(&self) -> impl Iterator<Item = Space> + use<> {
        self.spaces.iter()
    }

    /// Every space of the board as a set.
    pub fn space_set(&self) -> SpaceSet {
        self.spaces
    }

    /// Number of spaces.
    pub fn space_count(&self) -> usize {
        self.cols as usize * self.rows as usize
    }

    /// Every interior edge of the board (the frame needs no borders).
    pub fn edges(&self) -> impl Iterator<Item = Edge> + use<> {
        self.edges.iter()
    }

    /// Every interior edge as a set.
    pub fn edge_set(&self) -> EdgeSet {
        self.edges
    }

    /// The spaces reached from `from` without crossing an edge of `closed` or leaving `within`.
    pub fn reach(&self, from: SpaceSet, within: SpaceSet, closed: EdgeSet) -> SpaceSet {
        let (right, down) = self.open_sides(closed);
        Grid::flood(from, within, right.intersect(within), down.intersect(within))
    }

    /// The spaces whose right side, and those whose lower side, is an edge of the board not in
    /// `closed` (the moves a flood fill may make).
    pub fn open_sides(&self, closed: EdgeSet) -> (SpaceSet, SpaceSet) {
        let open = self.edges.minus(closed);
        (spaces_of(open, 0), spaces_of(open, 1))
    }

    /// `r` and the spaces one step from it: right from the spaces of `right`, down from those
    /// of `down`, and back (one step of [`Grid::flood`]).
    #[inline]
    pub fn spread(r: SpaceSet, right: SpaceSet, down: SpaceSet) -> SpaceSet {
        r.union(r.intersect(right).shifted_up(1))
            .union(r.shifted_down(1).intersect(right))
            .union(r.intersect(down).shifted_up(16))
            .union(r.shifted_down(16).intersect(down))
    }

    /// A bit-parallel flood fill from `from` inside `within`, moving right from the spaces of
    /// `right`, down from those of `down` (and back): whole rows and columns move at once.
    pub fn flood(from: SpaceSet, within: SpaceSet, right: SpaceSet, down: SpaceSet) -> SpaceSet {
        let mut r = from.intersect(within);
        loop {
            let next = Grid::spread(r, right, down).intersect(within);
            if next == r {
                return r;
            }
            r = next;
        }
    }

    /// True if the space lies on this board.
    pub fn contains(&self, s: Space) -> bool {
        self.spaces.contains(s)
    }

    /// True if the edge lies between two spaces of this board.
    pub fn contains_edge(&self, e: Edge) -> bool {
        self.edges.contains(e)
    }

    /// The orthogonal neighbours of a space of this board with the edge between (left, right, up, down).
    #[inline]
    pub fn neighbours(&self, s: Space) -> impl Iterator<Item = (Space, Edge)> + '_ {
        let t = &self.neighbours[s.index()];
        t.spaces[..t.len as usize].iter().zip(&t.edges).map(|(&n, &e)| (Space::raw(n as usize), Edge::raw(e as usize)))
    }

    /// True if two sets of spaces share an edge (geometric adjacency).
    pub fn touches(&self, a: SpaceSet, b: SpaceSet) -> bool {
        a.iter().any(|s| self.neighbours(s).any(|(n, _)| b.contains(n)))
    }

    /// Spaces sharing an edge with the set, not in it.
    pub fn rim(&self, set: SpaceSet) -> SpaceSet {
        let mut out = SpaceSet::EMPTY;
        for s in set.iter() {
            for (n, _) in self.neighbours(s) {
                out.insert(n);
            }
        }
        out.minus(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_on_both_boards() {
        for grid in [&CLASSIC, &NEW_EDITION] {
            for s in grid.spaces() {
                assert_eq!(Space::parse(&s.to_string()), Some(s));
            }
            for e in grid.edges() {
                assert_eq!(Edge::parse(&e.to_string()), Some(e));
            }
        }
        assert_eq!(CLASSIC.spaces().count(), 150);
        assert_eq!(CLASSIC.edges().count(), 275);
        assert_eq!(NEW_EDITION.spaces().count(), 144);
        assert_eq!(NEW_EDITION.edges().count(), 264);
        assert_eq!(Space::parse("a1"), Space::new(0, 0));
        assert_eq!(Space::parse("o10"), Space::new(14, 9));
        assert!(CLASSIC.contains(Space::parse("o10").unwrap()));
        assert!(!CLASSIC.contains(Space::parse("a11").unwrap()));
        assert!(NEW_EDITION.contains(Space::parse("l12").unwrap()));
        assert!(!NEW_EDITION.contains(Space::parse("m1").unwrap()));
        assert_eq!(Space::parse("q1"), None);
        assert_eq!(Space::parse("a17"), None);
        assert_eq!(Space::parse("a01"), None);
        assert_eq!(Edge::parse("d1-c1").map(|e| e.to_string()), Some("c1-d1".into()));
        assert_eq!(Edge::parse("a1-b2"), None);
        assert!(!CLASSIC.contains_edge(Edge::parse("o1-p1").unwrap()));
        assert!(!NEW_EDITION.contains_edge(Edge::parse("l1-m1").unwrap()));
    }

    #[test]
    fn neighbour_tables_match_the_grids() {
        for grid in [&CLASSIC, &NEW_EDITION] {
            for s in grid.spaces() {
                let expected: Vec<(Space, Edge)> = grid.spaces().filter(|n| n.distance(s) == 1).map(|n| (n, Edge::between(s, n).unwrap())).collect();
                let mut got: Vec<(Space, Edge)> = grid.neighbours(s).collect();
                got.sort();
                assert_eq!(got, expected, "{s}");
                assert!(got.iter().all(|&(_, e)| grid.contains_edge(e)));
            }
        }
    }
}
