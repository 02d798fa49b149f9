//! The board both editions share: land, borders and pieces, the components they form, and the
//! alliances between provinces (New Edition: regions).
//!
//! Provinces are never stored: cutting the grid along the borders gives the
//! components; a component with exactly one castle is that castle's province.
//! [`Board`] keeps the components as a cache rebuilt after every change of the
//! borders (tests check the cache against a fresh derivation). The territorial rules that both
//! editions apply to it (R-B1…R-B13) are in [`territory`]; they return facts, never scores.

pub mod land;
pub mod territory;

use super::colour::{ByColour, Colour};
use super::grid::{Edge, EdgeSet, Grid, Space, SpaceSet};
use land::{Land, Terrain};
use serde::{Deserialize, Serialize};

/// How many border markers the game has (R-B3; both editions).
pub const BORDER_MARKERS: usize = 100;

/// Castle or knight.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceKind {
    /// A castle: a province holds exactly one.
    Castle,
    /// A knight.
    Knight,
}

/// A piece on the board.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Piece {
    /// Its colour.
    pub colour: Colour,
    /// Castle or knight.
    pub kind: PieceKind,
}

/// A connected piece of the grid cut along the borders.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Component {
    /// Its spaces.
    pub spaces: SpaceSet,
    /// Its castles.
    pub castles: SpaceSet,
    /// False for the whole board: nothing but the frame closes it off.
    pub enclosed: bool,
}

impl Component {
    /// The castle of a province (a component closed off by borders, with exactly one castle).
    /// The whole board is none, even with a single castle on it while castles are being placed:
    /// no border encloses it (our ruling; it can only happen during a variable setup).
    pub fn province_castle(&self) -> Option<Space> {
        if self.castles.len() == 1 && self.enclosed { self.castles.first() } else { None }
    }

    /// Number of spaces.
    pub fn size(&self) -> usize {
        self.spaces.len()
    }
}

/// Land, borders, pieces, alliances and the derived components.
#[derive(Clone, PartialEq)]
pub struct Board {
    land: Land,
    knights_per_colour: u8,
    borders: EdgeSet,
    castles: ByColour<SpaceSet>,
    knights: ByColour<SpaceSet>,
    all_castles: SpaceSet,
    occupied: SpaceSet,
    /// The piece on each space, for constant-time look-ups (kept with the sets above).
    on: [Option<Piece>; 256],
    alliances: Vec<(Space, Space)>,
    label: [u8; 256],
    components: Vec<Component>,
}

impl std::fmt::Debug for Board {
    /// The state itself; the caches derived from it are checked by [`Board::cache_is_consistent`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("land", &self.land)
            .field("borders", &self.borders.iter().map(|e| e.to_string()).collect::<Vec<_>>())
            .field("castles", &self.castles)
            .field("knights", &self.knights)
            .field("alliances", &self.alliances)
            .finish()
    }
}

impl Board {
    /// An empty board on the given land, with `knights_per_colour` knights in each colour's stock.
    pub fn new(land: Land, knights_per_colour: u8) -> Board {
        let mut b = Board {
            land,
            knights_per_colour,
            borders: EdgeSet::default(),
            castles: ByColour::default(),
            knights: ByColour::default(),
            all_castles: SpaceSet::EMPTY,
            occupied: SpaceSet::EMPTY,
            on: [None; 256],
            alliances: Vec::new(),
            label: [0; 256],
            components: Vec::new(),
        };
        b.rebuild();
        b
    }

    /// The land.
    pub fn land(&self) -> &Land {
        &self.land
    }

    /// The grid.
    #[inline]
    pub fn grid(&self) -> &'static Grid {
        self.land.grid()
    }

    /// Terrain of a space.
    #[inline]
    pub fn terrain(&self, s: Space) -> Terrain {
        self.land.terrain(s)
    }

    /// The borders on the board.
    pub fn borders(&self) -> EdgeSet {
        self.borders
    }

    /// Markers left in the stock (R-B3).
    pub fn borders_in_stock(&self) -> usize {
        BORDER_MARKERS.saturating_sub(self.borders.len())
    }

    /// True if a border stands on the edge.
    #[inline]
    pub fn has_border(&self, e: Edge) -> bool {
        self.borders.contains(e)
    }

    /// Castles of a colour.
    pub fn castles(&self, c: Colour) -> SpaceSet {
        self.castles[c]
    }

    /// Knights of a colour.
    pub fn knights(&self, c: Colour) -> SpaceSet {
        self.knights[c]
    }

    /// Castles and knights of a colour.
    pub fn pieces(&self, c: Colour) -> SpaceSet {
        self.castles[c].union(self.knights[c])
    }

    /// Knights each colour has in all.
    pub fn knights_per_colour(&self) -> u8 {
        self.knights_per_colour
    }

    /// Knights of a colour not on the board.
    pub fn knights_in_stock(&self, c: Colour) -> u8 {
        self.knights_per_colour.saturating_sub(self.knights[c].len() as u8)
    }

    /// The piece on a space.
    #[inline]
    pub fn piece(&self, s: Space) -> Option<Piece> {
        self.on[s.index()]
    }

    /// Puts a piece on an empty space (castles change the components).
    pub fn put(&mut self, s: Space, p: Piece) {
        debug_assert!(self.piece(s).is_none());
        self.occupied.insert(s);
        self.on[s.index()] = Some(p);
        match p.kind {
            PieceKind::Castle => {
                // A castle changes only the castle set of its component.
                self.castles[p.colour].insert(s);
                self.all_castles.insert(s);
                self.components[self.label[s.index()] as usize].castles.insert(s);
            }
            PieceKind::Knight => self.knights[p.colour].insert(s),
        }
    }

    /// Removes a knight.
    pub fn remove_knight(&mut self, s: Space, c: Colour) {
        debug_assert!(self.knights[c].contains(s));
        self.knights[c].remove(s);
        self.occupied.remove(s);
        self.on[s.index()] = None;
    }

    /// Places a border and updates the components.
    pub fn add_border(&mut self, e: Edge) {
        if self.borders.contains(e) {
            return;
        }
        self.borders.insert(e);
        let (a, b) = e.spaces();
        // Most borders split nothing: then the components (which record no borders) are unchanged.
        if !self.connected_within_component(a, b) {
            self.rebuild();
        }
    }

    /// Adds a border without updating the components (setup code rebuilds once at the end).
    pub(crate) fn add_border_raw(&mut self, e: Edge) {
        self.borders.insert(e);
    }

    /// Lays the borders of a custom position (each on this board, once, at most
    /// [`BORDER_MARKERS`] in all) and rebuilds the components once.
    ///
    /// # Errors
    /// The first border that can't be laid.
    pub(crate) fn lay_borders(&mut self, edges: &[Edge], edition: crate::engine::Edition) -> Result<(), crate::engine::SetupError> {
        use crate::engine::SetupError;
        let grid = self.grid();
        for &edge in edges {
            if !grid.contains_edge(edge) {
                return Err(SetupError::EdgeOffBoard { edge, edition });
            }
            if self.has_border(edge) {
                return Err(SetupError::BorderTwice(edge));
            }
            self.borders.insert(edge);
        }
        if self.borders.len() > BORDER_MARKERS {
            return Err(SetupError::TooManyBorders);
        }
        self.rebuild();
        Ok(())
    }

    /// Removes and adds borders, then rebuilds the components once.
    pub(crate) fn rearrange_borders(&mut self, removed: EdgeSet, added: EdgeSet) {
        self.borders = self.borders.minus(removed).union(added);
        self.rebuild();
    }

    /// True if `b` can be reached from `a` without crossing a border (both in one cached component).
    fn connected_within_component(&self, a: Space, b: Space) -> bool {
        if self.label[a.index()] != self.label[b.index()] {
            return false;
        }
        let mut from = SpaceSet::EMPTY;
        from.insert(a);
        self.grid().reach(from, self.component(a).spaces, self.borders).contains(b)
    }

    /// Every space holding a piece.
    #[inline]
    pub fn occupied_set(&self) -> SpaceSet {
        self.occupied
    }

    /// True if a piece of some colour stands on the space.
    #[inline]
    pub fn occupied(&self, s: Space) -> bool {
        self.occupied.contains(s)
    }

    /// Every castle on the board.
    pub fn all_castles(&self) -> SpaceSet {
        self.all_castles
    }

    /// Two spaces are adjacent for pieces: orthogonal with no border between.
    pub fn open_between(&self, a: Space, b: Space) -> bool {
        Edge::between(a, b).is_some_and(|e| !self.borders.contains(e))
    }

    /// The component holding a space.
    #[inline]
    pub fn component(&self, s: Space) -> &Component {
        &self.components[self.label[s.index()] as usize]
    }

    /// Index of the component holding a space.
    pub fn component_index(&self, s: Space) -> usize {
        self.label[s.index()] as usize
    }

    /// All components.
    pub fn components(&self) -> &[Component] {
        &self.components
    }

    /// The province a space lies in, as (owner, castle).
    pub fn province_at(&self, s: Space) -> Option<(Colour, Space)> {
        let castle = self.component(s).province_castle()?;
        Some((self.castle_colour(castle)?, castle))
    }

    /// The colour of the castle on a space.
    pub fn castle_colour(&self, s: Space) -> Option<Colour> {
        match self.on[s.index()] {
            Some(Piece { colour, kind: PieceKind::Castle }) => Some(colour),
            _ => None,
        }
    }

    /// The provinces of a colour, as their castles.
    pub fn provinces(&self, c: Colour) -> impl Iterator<Item = Space> + '_ {
        self.castles[c].iter().filter(move |&castle| self.component(castle).province_castle().is_some())
    }

    /// Every province on the board, as (owner, castle).
    pub fn all_provinces(&self) -> impl Iterator<Item = (Colour, Space)> + '_ {
        Colour::ALL.into_iter().flat_map(move |c| self.provinces(c).map(move |s| (c, s)))
    }

    /// Every space inside a province of `c`.
    pub fn province_spaces(&self, c: Colour) -> SpaceSet {
        self.provinces(c).fold(SpaceSet::EMPTY, |acc, castle| acc.union(self.component(castle).spaces))
    }

    /// Knights of colour `c` standing in the component of `s` (R-B11).
    pub fn knights_in(&self, s: Space, c: Colour) -> usize {
        self.knights[c].intersect(self.component(s).spaces).len()
    }

    /// The alliances, each as the castles of its two provinces (R-B7, R-N11).
    pub fn alliances(&self) -> &[(Space, Space)] {
        &self.alliances
    }

    /// True if the provinces of castles `a` and `b` are allied.
    pub fn allied(&self, a: Space, b: Space) -> bool {
        self.alliances.iter().any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    }

    /// Binds two provinces (checked by [`Board::check_alliance`]).
    pub fn ally(&mut self, a: Space, b: Space) {
        self.alliances.push((a, b));
    }

    /// Ends the alliance between two provinces (Classic's buy-out).
    pub fn unally(&mut self, a: Space, b: Space) {
        self.alliances.retain(|&(x, y)| !((x, y) == (a, b) || (x, y) == (b, a)));
    }

    /// Recomputes the components from the borders and castles.
    pub fn rebuild(&mut self) {
        let grid = self.grid();
        let all = grid.space_set();
        let (right, down) = grid.open_sides(self.borders);
        self.components.clear();
        let mut unseen = all;
        while let Some(start) = unseen.first() {
            let mut from = SpaceSet::EMPTY;
            from.insert(start);
            // A component is closed under open edges: flooding the whole board stays inside it.
            let spaces = Grid::flood(from, all, right, down);
            unseen = unseen.minus(spaces);
            let id = self.components.len() as u8;
            for s in spaces.iter() {
                self.label[s.index()] = id;
            }
            self.components.push(Component { spaces, castles: spaces.intersect(self.all_castles), enclosed: spaces != all });
        }
    }

    /// Removes the borders that have one province on both sides (R-B2); returns them.
    pub fn remove_superfluous_borders(&mut self) -> Vec<Edge> {
        let removed: Vec<Edge> = self
            .borders
            .iter()
            .filter(|e| {
                let (a, b) = e.spaces();
                self.label[a.index()] == self.label[b.index()] && self.component(a).province_castle().is_some()
            })
            .collect();
        for &e in &removed {
            self.borders.remove(e);
        }
        removed
    }

    /// Set of castles that currently have a province.
    pub fn province_castles(&self) -> SpaceSet {
        self.components.iter().filter_map(|c| c.province_castle()).collect()
    }

    /// Checks that the cached components and piece sets equal a fresh derivation (for tests).
    pub fn cache_is_consistent(&self) -> bool {
        let mut fresh = self.clone();
        fresh.all_castles = Colour::ALL.iter().fold(SpaceSet::EMPTY, |acc, &c| acc.union(self.castles[c]));
        fresh.occupied = Colour::ALL.iter().fold(fresh.all_castles, |acc, &c| acc.union(self.knights[c]));
        fresh.rebuild();
        fresh == *self
    }
}
