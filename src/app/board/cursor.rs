//! The keyboard's way over the board: a cursor on spaces and the edges between them.

use super::SPACE;
use crate::engine::{Edge, Space};

/// The keyboard's cursor on the board: a space, or the edge between two neighbouring spaces.
/// It lives on a lattice of half-spaces: `(2c + 1, 2r + 1)` is the space in column `c`, row `r`;
/// `(2c + 2, 2r + 1)` the edge on its right and `(2c + 1, 2r + 2)` the edge below it. An arrow
/// key moves one step: from a space onto the edge beside it, then onto the next space; along a
/// row of edges from one edge to the next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cursor {
    /// Lattice column.
    pub x: i32,
    /// Lattice row.
    pub y: i32,
}

/// What the cursor is on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Under {
    /// A space.
    Space(Space),
    /// An edge between two spaces.
    Edge(Edge),
}

impl Cursor {
    /// The cursor on a space.
    pub fn at(s: Space) -> Cursor {
        Cursor { x: 2 * s.col() as i32 + 1, y: 2 * s.row() as i32 + 1 }
    }

    /// One arrow key's step (`dx`, `dy` of −1, 0 or 1) on a board of `cols` × `rows` spaces;
    /// the cursor stays on the board (the frame takes no borders).
    pub fn moved(self, dx: i32, dy: i32, cols: u8, rows: u8) -> Cursor {
        // Across a line of spaces and edges: one step; along a line of edges: to the next edge.
        let step = |on_line: bool| if on_line { 1 } else { 2 };
        let x = self.x + dx * step(self.y % 2 == 1);
        let y = self.y + dy * step(self.x % 2 == 1);
        let inside = (1..2 * cols as i32).contains(&x) && (1..2 * rows as i32).contains(&y);
        if inside { Cursor { x, y } } else { self }
    }

    /// The space or edge under the cursor.
    pub fn under(self) -> Option<Under> {
        let space = |x: i32, y: i32| Space::new(u8::try_from((x - 1) / 2).ok()?, u8::try_from((y - 1) / 2).ok()?);
        match (self.x % 2, self.y % 2) {
            (1, 1) => space(self.x, self.y).map(Under::Space),
            (0, 1) => Edge::between(space(self.x - 1, self.y)?, space(self.x + 1, self.y)?).map(Under::Edge),
            (1, 0) => Edge::between(space(self.x, self.y - 1)?, space(self.x, self.y + 1)?).map(Under::Edge),
            _ => None,
        }
    }

    /// Where it is drawn, in board units: the rectangle `(x, y, w, h)` around the space or edge.
    pub fn rect(self) -> (i32, i32, i32, i32) {
        let half = SPACE / 2;
        let (cx, cy) = (self.x * half, self.y * half);
        match (self.x % 2, self.y % 2) {
            (1, 1) => (cx - half, cy - half, SPACE, SPACE),
            (0, _) => (cx - 6, cy - half, 12, SPACE),
            _ => (cx - half, cy - 6, SPACE, 12),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_walk_from_space_to_edge_to_space_and_stay_on_the_board() {
        let sp = |s: &str| Space::parse(s).unwrap();
        let c = Cursor::at(sp("a1"));
        assert_eq!(c.under(), Some(Under::Space(sp("a1"))));
        let right = c.moved(1, 0, 15, 10);
        assert_eq!(right.under(), Some(Under::Edge(Edge::parse("a1-b1").unwrap())));
        assert_eq!(right.moved(1, 0, 15, 10).under(), Some(Under::Space(sp("b1"))));
        // Along the edges between columns a and b: down to the next such edge.
        assert_eq!(right.moved(0, 1, 15, 10).under(), Some(Under::Edge(Edge::parse("a2-b2").unwrap())));
        let below = c.moved(0, 1, 15, 10);
        assert_eq!(below.under(), Some(Under::Edge(Edge::parse("a1-a2").unwrap())));
        // The frame: no step off the board.
        assert_eq!(c.moved(-1, 0, 15, 10), c);
        assert_eq!(c.moved(0, -1, 15, 10), c);
        let corner = Cursor::at(sp("o10"));
        assert_eq!(corner.moved(1, 0, 15, 10), corner);
        assert_eq!(corner.moved(0, 1, 15, 10), corner);
        assert_eq!(Cursor::at(sp("l12")).moved(0, 1, 12, 12), Cursor::at(sp("l12")));
        // An edge's lattice point, as `cursor_start` computes it, is the edge again.
        for e in ["c3-d3", "c3-c4"] {
            let e = Edge::parse(e).unwrap();
            let (a, b) = e.spaces();
            let c = Cursor { x: a.col() as i32 + b.col() as i32 + 1, y: a.row() as i32 + b.row() as i32 + 1 };
            assert_eq!(c.under(), Some(Under::Edge(e)));
        }
    }
}
