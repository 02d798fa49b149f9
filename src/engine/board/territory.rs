//! The territorial rules both editions share (RULES.md "Shared board concepts", R-B1…R-B13):
//! where knights may stand, where borders may go, the only-link rule, alliances, expansion
//! with border rearrangement and knight superiority, and the castle distance of the placement.
//!
//! Each check returns a typed [`IllegalMove`]; each change returns the facts of what happened
//! (provinces founded, borders moved, spaces cut off). Scores are each edition's business.

use super::land::Terrain;
use super::{Board, Piece, PieceKind};
use crate::engine::colour::Colour;
use crate::engine::error::IllegalMove;
use crate::engine::grid::{edges_of, Edge, EdgeSet, Space, SpaceSet};

/// What placing borders or taking a space founded (R-B5) and tidied (R-B2).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Founded {
    /// Castles of the provinces that came into being, in space order.
    pub castles: Vec<Space>,
    /// Superfluous borders returned to the stock.
    pub removed: Vec<Edge>,
}

/// The facts of one space taken by an expansion (R-B4, R-B6).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Taken {
    /// The province the space was taken from: (owner, castle).
    pub from: Option<(Colour, Space)>,
    /// The loser's spaces cut off from their castle: they became neutral zones.
    pub cut_off: SpaceSet,
    /// Borders laid around the new space.
    pub added: Vec<Edge>,
    /// Provinces that came into being as a side effect, and superfluous borders removed.
    pub founded: Founded,
}

/// Which same-colour pieces a border may not separate.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Separation {
    /// Classic: a knight from a castle or knight of its colour.
    KnightsOnly,
    /// New Edition (R-N16): also two castles of one colour.
    AnyPieces,
}

impl Board {
    /// Can `c` place a knight on `s` (terrain, empty, adjacent to an own piece)? Cost aside.
    ///
    /// # Errors
    /// [`IllegalMove::KnightTerrain`] or [`IllegalMove::KnightNotConnected`].
    pub fn knight_spot(&self, c: Colour, s: Space) -> Result<(), IllegalMove> {
        if !self.grid().contains(s) || !self.terrain(s).knight_ground() || self.occupied(s) {
            return Err(IllegalMove::KnightTerrain);
        }
        let own = self.pieces(c);
        if self.grid().neighbours(s).any(|(n, e)| own.contains(n) && !self.has_border(e)) {
            Ok(())
        } else {
            Err(IllegalMove::KnightNotConnected)
        }
    }

    /// Every space where [`Board::knight_spot`] allows a knight of `c`.
    pub fn knight_spots(&self, c: Colour) -> SpaceSet {
        let grid = self.grid();
        let mut spots = SpaceSet::EMPTY;
        for p in self.pieces(c).iter() {
            for (n, e) in grid.neighbours(p) {
                if !self.occupied.contains(n) && !self.has_border(e) && self.terrain(n).knight_ground() {
                    spots.insert(n);
                }
            }
        }
        debug_assert!(grid.spaces().all(|s| spots.contains(s) == self.knight_spot(c, s).is_ok()));
        spots
    }

    /// Can a border go on `e` (not the frame, free, stock left, not inside a province, not between
    /// same-colour pieces)? The editions add their own limits (Classic's three provinces).
    ///
    /// # Errors
    /// Why not, as an [`IllegalMove`].
    pub fn border_ok(&self, e: Edge, sep: Separation) -> Result<(), IllegalMove> {
        if !self.grid().contains_edge(e) {
            return Err(IllegalMove::OffBoard);
        }
        if self.has_border(e) {
            return Err(IllegalMove::BorderExists);
        }
        if self.borders_in_stock() == 0 {
            return Err(IllegalMove::NotEnoughBorders);
        }
        self.border_blocked(e, sep, self.in_provinces())
    }

    /// Every space that lies inside some province.
    fn in_provinces(&self) -> SpaceSet {
        self.components.iter().filter(|c| c.province_castle().is_some()).fold(SpaceSet::EMPTY, |acc, c| acc.union(c.spaces))
    }

    /// The checks of [`Board::border_ok`] after the edge and the stock (`in_provinces`: every
    /// space inside a province).
    #[inline]
    fn border_blocked(&self, e: Edge, sep: Separation, in_provinces: SpaceSet) -> Result<(), IllegalMove> {
        let (a, b) = e.spaces();
        // No border on the edge: both sides lie in one component. If it is a province, the edge is inside it.
        if in_provinces.contains(a) {
            return Err(IllegalMove::BorderInsideProvince);
        }
        if let (Some(pa), Some(pb)) = (self.piece(a), self.piece(b)) {
            // Both sides hold a piece of one colour and (Classic) at least one is a knight.
            let knight = pa.kind == PieceKind::Knight || pb.kind == PieceKind::Knight;
            if pa.colour == pb.colour && (knight || sep == Separation::AnyPieces) {
                return Err(IllegalMove::BorderSeparatesPieces);
            }
        }
        Ok(())
    }

    /// The edges where a border may go now (stock permitting), in edge order.
    pub fn border_edges(&self, sep: Separation) -> impl Iterator<Item = Edge> + use<> {
        if self.borders_in_stock() == 0 {
            return EdgeSet::EMPTY.iter();
        }
        // Set operations instead of a check per edge: free edges, less those inside a province
        // (an edge without a border lies in one component: inside a province when its first
        // space is), less those between same-colour pieces.
        let mut free = self.grid().edge_set().minus(self.borders).minus(edges_of(self.in_provinces()));
        let grid = self.grid();
        for a in self.occupied.iter() {
            let pa = self.piece(a).expect("occupied");
            for (b, e) in grid.neighbours(a) {
                if let Some(pb) = self.piece(b).filter(|_| b > a && free.contains(e)) {
                    let knight = pa.kind == PieceKind::Knight || pb.kind == PieceKind::Knight;
                    if pa.colour == pb.colour && (knight || sep == Separation::AnyPieces) {
                        free.remove(e);
                    }
                }
            }
        }
        debug_assert!({
            let in_provinces = self.in_provinces();
            grid.edges().all(|e| free.contains(e) == (!self.has_border(e) && self.border_blocked(e, sep, in_provinces).is_ok()))
        });
        free.iter()
    }

    /// Places a border (checked by [`Board::border_ok`]) and settles the board: provinces founded
    /// (R-B5) and superfluous borders removed (R-B2).
    pub fn place_border(&mut self, e: Edge) -> Founded {
        let before = self.province_castles();
        self.add_border(e);
        self.settle(before)
    }

    /// The provinces that came into being since `before`, and R-B2's tidying.
    fn settle(&mut self, before: SpaceSet) -> Founded {
        let castles: Vec<Space> = self.province_castles().minus(before).iter().collect();
        // Borders inside a province can only appear when one is formed (R-B2).
        let removed = if castles.is_empty() { Vec::new() } else { self.remove_superfluous_borders() };
        debug_assert!(self.clone().remove_superfluous_borders().is_empty());
        Founded { castles, removed }
    }

    /// R-B7 / R-B13 / R-N11: may `c` bind its province `own` to the neighbouring foreign province `other`?
    ///
    /// # Errors
    /// Why not, as an [`IllegalMove`].
    pub fn check_alliance(&self, c: Colour, own: Space, other: Space) -> Result<(), IllegalMove> {
        if self.castle_colour(own) != Some(c) || self.province_at(own) != Some((c, own)) {
            return Err(IllegalMove::NotOwnProvince);
        }
        match self.province_at(other) {
            Some((o, castle)) if castle == other && o != c => {}
            _ => return Err(IllegalMove::NotForeignProvince),
        }
        if !self.grid().touches(self.component(own).spaces, self.component(other).spaces) {
            return Err(IllegalMove::ProvincesNotNeighbours);
        }
        if self.allied(own, other) {
            return Err(IllegalMove::AlreadyAllied);
        }
        Ok(())
    }

    /// R-B9: is the knight on `k` the only link of its colour's pieces?
    pub fn only_link(&self, k: Space, colour: Colour) -> bool {
        let (castles, knights) = (self.castles[colour], self.knights[colour]);
        let group = self.connected(k, castles.union(knights));
        let mut rest = group;
        rest.remove(k);
        let group_has_castle = !group.intersect(castles).is_empty();
        let mut seen = SpaceSet::EMPTY;
        let mut parts_with_knights = 0;
        for s in rest.iter() {
            if seen.contains(s) {
                continue;
            }
            let part = self.connected(s, rest);
            seen = seen.union(part);
            if !part.intersect(knights).is_empty() {
                parts_with_knights += 1;
                if group_has_castle && part.intersect(castles).is_empty() {
                    return true;
                }
            }
        }
        parts_with_knights >= 2
    }

    /// Spaces of `within` connected to `from` through open (borderless) edges.
    fn connected(&self, from: Space, within: SpaceSet) -> SpaceSet {
        let grid = self.grid();
        let mut set = SpaceSet::EMPTY;
        set.insert(from);
        let mut stack = vec![from];
        while let Some(s) = stack.pop() {
            for (n, e) in grid.neighbours(s) {
                if within.contains(n) && !set.contains(n) && !self.has_border(e) {
                    set.insert(n);
                    stack.push(n);
                }
            }
        }
        set
    }

    /// Can the province of `castle` (of colour `c`) take space `s` now (R-B3, R-B4, R-B7, R-B11)?
    ///
    /// # Errors
    /// Why not, as an [`IllegalMove`].
    pub fn check_take(&self, c: Colour, castle: Space, s: Space) -> Result<(), IllegalMove> {
        if !self.grid().contains(s) {
            return Err(IllegalMove::OffBoard);
        }
        let prov = self.component(castle);
        if prov.province_castle() != Some(castle) || self.castle_colour(castle) != Some(c) {
            return Err(IllegalMove::NotOwnProvince);
        }
        if prov.spaces.contains(s) {
            return Err(IllegalMove::AlreadyInProvince);
        }
        if !self.grid().neighbours(s).any(|(n, _)| prov.spaces.contains(n)) {
            return Err(IllegalMove::NotAdjacentToProvince);
        }
        match self.piece(s) {
            Some(Piece { kind: PieceKind::Castle, .. }) => return Err(IllegalMove::SpaceHasCastle),
            Some(Piece { colour, kind: PieceKind::Knight }) if colour != c => return Err(IllegalMove::SpaceHasForeignKnight),
            _ => {}
        }
        if let Some((owner, other)) = self.province_at(s) {
            if owner == c {
                return Err(IllegalMove::OwnProvince);
            }
            if self.allied(castle, other) {
                return Err(IllegalMove::ProvincesAllied);
            }
            // R-B11: only each owner's own knights inside, counted now.
            if self.knights_in(castle, c) <= self.knights_in(other, owner) {
                return Err(IllegalMove::TooFewKnights);
            }
        }
        let (removed, added) = self.rearrangement(prov.spaces, s);
        if self.borders_in_stock() + removed.len() < added.len() {
            return Err(IllegalMove::NotEnoughBorders);
        }
        Ok(())
    }

    /// The spaces the province of `castle` (of colour `c`) may take now.
    pub fn takeable(&self, c: Colour, castle: Space) -> SpaceSet {
        let rim = self.grid().rim(self.component(castle).spaces);
        rim.iter().filter(|&s| self.check_take(c, castle, s).is_ok()).collect()
    }

    /// Borders to remove (between `s` and the province) and to add (around `s`) when taking `s`.
    fn rearrangement(&self, prov: SpaceSet, s: Space) -> (EdgeSet, EdgeSet) {
        let mut removed = EdgeSet::EMPTY;
        let mut added = EdgeSet::EMPTY;
        for (n, e) in self.grid().neighbours(s) {
            if prov.contains(n) {
                if self.has_border(e) {
                    removed.insert(e);
                }
            } else if !self.has_border(e) {
                added.insert(e);
            }
        }
        (removed, added)
    }

    /// The province of `castle` takes `s` (checked by [`Board::check_take`]): the borders are
    /// rearranged around it (R-B4), and the facts returned (R-B5, R-B6).
    pub fn take(&mut self, castle: Space, s: Space) -> Taken {
        let before = self.province_castles();
        let prov = self.component(castle).spaces;
        let from = self.province_at(s);
        let loser_spaces = from.map(|(_, c)| self.component(c).spaces);
        let (removed, added) = self.rearrangement(prov, s);
        self.rearrange_borders(removed, added);
        let cut_off = match (from, loser_spaces) {
            (Some((_, other)), Some(mut old)) => {
                old.remove(s);
                old.minus(self.component(other).spaces)
            }
            _ => SpaceSet::EMPTY,
        };
        let founded = self.settle(before);
        Taken { from, cut_off, added: added.iter().collect(), founded }
    }

    /// The castles of `c`'s provinces that could take `s` (they border it), in space order.
    pub fn provinces_touching(&self, c: Colour, s: Space) -> impl Iterator<Item = Space> + '_ {
        let grid = self.grid();
        self.provinces(c).filter(move |&castle| grid.neighbours(s).any(|(n, _)| self.component(castle).spaces.contains(n)))
    }

    /// The province of `c` that takes `s` when the move names none: the first that may, else the
    /// first that touches it (for its error).
    ///
    /// # Errors
    /// [`IllegalMove::NotAdjacentToProvince`] when no province of `c` touches `s`.
    pub fn taker(&self, c: Colour, s: Space) -> Result<Space, IllegalMove> {
        let mut first = None;
        for castle in self.provinces_touching(c, s) {
            if self.check_take(c, castle, s).is_ok() {
                return Ok(castle);
            }
            first.get_or_insert(castle);
        }
        first.ok_or(IllegalMove::NotAdjacentToProvince)
    }

    /// The distance castles of `colour` must keep now: `max`, relaxed one step at a time while no
    /// space satisfies it (R-C3, R-N3), and the spaces where a castle may go at that distance.
    /// Castles go on free open country/meadow with a free knight spot beside them (`knight_ground`).
    pub fn castle_spots(&self, colour: Colour, max: u8, knight_ground: impl Fn(Terrain) -> bool) -> (u8, SpaceSet) {
        let grid = self.grid();
        let free = self.land.of(Terrain::Open).minus(self.occupied);
        let base: SpaceSet = free.iter().filter(|&s| grid.neighbours(s).any(|(n, _)| knight_ground(self.terrain(n)) && !self.occupied(n))).collect();
        let castles = self.castles[colour];
        for d in (1..=max).rev() {
            let ok: SpaceSet = base.iter().filter(|s| castles.iter().all(|c| c.distance(*s) >= d)).collect();
            if !ok.is_empty() {
                return (d, ok);
            }
        }
        (0, base)
    }

    /// The distance castles of `colour` must keep now (see [`Board::castle_spots`]).
    pub fn castle_distance_now(&self, colour: Colour, max: u8, knight_ground: impl Fn(Terrain) -> bool) -> u8 {
        self.castle_spots(colour, max, knight_ground).0
    }
}
