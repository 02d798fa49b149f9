//! The board: terrain, borders and pieces, and the components they form.
//!
//! Provinces are never stored: cutting the grid along the borders gives the
//! components; a component with exactly one castle is that castle's province.
//! [`Board`] keeps the components as a cache rebuilt after every change of the
//! borders (tests check the cache against a fresh derivation).

use super::colour::{ByColour, Colour};
use super::map::{Map, Terrain};
use super::space::{Edge, EdgeSet, Space, SpaceSet, SPACES};
use serde::{Deserialize, Serialize};

/// How many border markers the game has (R-B3).
pub const BORDER_MARKERS: usize = 100;
/// Knights of each colour.
pub const KNIGHTS_PER_COLOUR: u8 = 12;

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
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Component {
    /// Its spaces.
    pub spaces: SpaceSet,
    /// Its castles, in space order.
    pub castles: Vec<Space>,
    /// Cities in it.
    pub cities: u8,
    /// Mountains in it.
    pub mountains: u8,
}

impl Component {
    /// The castle of a province (a component with exactly one castle).
    pub fn province_castle(&self) -> Option<Space> {
        match self.castles[..] {
            [c] => Some(c),
            _ => None,
        }
    }

    /// Number of spaces.
    pub fn size(&self) -> usize {
        self.spaces.len()
    }
}

/// Founding value of an area: the founding table plus 5 per city.
pub fn founding_value(spaces: usize, cities: usize) -> u32 {
    let base = match spaces {
        0 => 0,
        1..=4 => 3,
        5..=10 => 5,
        11..=20 => 7,
        21..=30 => 9,
        _ => 12,
    };
    base + 5 * cities as u32
}

/// Terrain, borders, pieces and the derived components.
#[derive(Clone, Debug)]
pub struct Board {
    map: Map,
    borders: EdgeSet,
    castles: ByColour<SpaceSet>,
    knights: ByColour<SpaceSet>,
    label: [u8; SPACES],
    components: Vec<Component>,
    cities: SpaceSet,
    mountains: SpaceSet,
}

impl Board {
    /// An empty board on the given map.
    pub fn new(map: Map) -> Board {
        let mut b = Board {
            map: map.clone(),
            borders: EdgeSet::default(),
            castles: ByColour::default(),
            knights: ByColour::default(),
            label: [0; SPACES],
            components: Vec::new(),
            cities: Space::all().filter(|&s| map.terrain(s) == Terrain::City).collect(),
            mountains: Space::all().filter(|&s| map.terrain(s) == Terrain::Mountain).collect(),
        };
        b.rebuild();
        b
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// Terrain of a space.
    pub fn terrain(&self, s: Space) -> Terrain {
        self.map.terrain(s)
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

    /// Knights of a colour not on the board.
    pub fn knights_in_stock(&self, c: Colour) -> u8 {
        KNIGHTS_PER_COLOUR.saturating_sub(self.knights[c].len() as u8)
    }

    /// The piece on a space.
    pub fn piece(&self, s: Space) -> Option<Piece> {
        Colour::ALL.into_iter().find_map(|colour| {
            if self.castles[colour].contains(s) {
                Some(Piece { colour, kind: PieceKind::Castle })
            } else if self.knights[colour].contains(s) {
                Some(Piece { colour, kind: PieceKind::Knight })
            } else {
                None
            }
        })
    }

    /// Puts a piece on an empty space (castles change the components).
    pub fn put(&mut self, s: Space, p: Piece) {
        debug_assert!(self.piece(s).is_none());
        match p.kind {
            PieceKind::Castle => {
                // A castle changes only the castle list of its component.
                self.castles[p.colour].insert(s);
                let comp = &mut self.components[self.label[s.index()] as usize];
                if let Err(i) = comp.castles.binary_search(&s) {
                    comp.castles.insert(i, s);
                }
            }
            PieceKind::Knight => self.knights[p.colour].insert(s),
        }
    }

    /// Removes a knight.
    pub fn remove_knight(&mut self, s: Space, c: Colour) {
        self.knights[c].remove(s);
    }

    /// Adds a border (the caller rebuilds with [`Board::rebuild`] when done).
    pub fn add_border_raw(&mut self, e: Edge) {
        self.borders.insert(e);
    }

    /// Removes a border (the caller rebuilds when done).
    pub fn remove_border_raw(&mut self, e: Edge) {
        self.borders.remove(e);
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

    /// True if `b` can be reached from `a` without crossing a border (both in one cached component).
    fn connected_within_component(&self, a: Space, b: Space) -> bool {
        if self.label[a.index()] != self.label[b.index()] {
            return false;
        }
        let mut seen = SpaceSet::EMPTY;
        seen.insert(a);
        let mut stack = [a; SPACES];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            for (n, e) in stack[top].neighbours() {
                if !seen.contains(n) && !self.borders.contains(e) {
                    if n == b {
                        return true;
                    }
                    seen.insert(n);
                    stack[top] = n;
                    top += 1;
                }
            }
        }
        false
    }

    /// Every space holding a piece.
    pub fn occupied_set(&self) -> SpaceSet {
        Colour::ALL.iter().fold(SpaceSet::EMPTY, |acc, &c| acc.union(self.castles[c]).union(self.knights[c]))
    }

    /// True if a piece of some colour stands on the space.
    pub fn occupied(&self, s: Space) -> bool {
        Colour::ALL.iter().any(|&c| self.castles[c].contains(s) || self.knights[c].contains(s))
    }

    /// Two spaces are adjacent for pieces: orthogonal with no border between.
    pub fn open_between(&self, a: Space, b: Space) -> bool {
        Edge::between(a, b).is_some_and(|e| !self.borders.contains(e))
    }

    /// The component holding a space.
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
        Colour::ALL.into_iter().find(|&c| self.castles[c].contains(s))
    }

    /// The provinces of a colour, as their castles.
    pub fn provinces(&self, c: Colour) -> impl Iterator<Item = Space> + '_ {
        self.castles[c].iter().filter(move |&castle| self.component(castle).castles.len() == 1)
    }

    /// Every province on the board, as (owner, castle).
    pub fn all_provinces(&self) -> impl Iterator<Item = (Colour, Space)> + '_ {
        Colour::ALL.into_iter().flat_map(move |c| self.provinces(c).map(move |s| (c, s)))
    }

    /// Knights of colour `c` standing in the component of `s` (R-B11).
    pub fn knights_in(&self, s: Space, c: Colour) -> usize {
        self.knights[c].intersect(self.component(s).spaces).len()
    }

    /// True if two sets of spaces share an edge (geometric adjacency).
    pub fn touches(a: SpaceSet, b: SpaceSet) -> bool {
        a.iter().any(|s| s.neighbours().any(|(n, _)| b.contains(n)))
    }

    /// Spaces sharing an edge with the set, not in it.
    pub fn rim(set: SpaceSet) -> SpaceSet {
        let mut out = SpaceSet::EMPTY;
        for s in set.iter() {
            for (n, _) in s.neighbours() {
                if !set.contains(n) {
                    out.insert(n);
                }
            }
        }
        out
    }

    /// Recomputes the components from the borders and castles.
    pub fn rebuild(&mut self) {
        const NONE: u8 = u8::MAX;
        self.label = [NONE; SPACES];
        self.components.clear();
        let all_castles = Colour::ALL.iter().fold(SpaceSet::EMPTY, |acc, &c| acc.union(self.castles[c]));
        let mut stack = [Space::from_index(0).unwrap(); SPACES];
        for start in Space::all() {
            if self.label[start.index()] != NONE {
                continue;
            }
            let id = self.components.len() as u8;
            let mut spaces = SpaceSet::EMPTY;
            let mut top = 1;
            stack[0] = start;
            self.label[start.index()] = id;
            while top > 0 {
                top -= 1;
                let s = stack[top];
                spaces.insert(s);
                for (n, e) in s.neighbours() {
                    if self.label[n.index()] == NONE && !self.borders.contains(e) {
                        self.label[n.index()] = id;
                        stack[top] = n;
                        top += 1;
                    }
                }
            }
            let here = spaces.intersect(all_castles);
            // Spaces iterate in index order, so the castles come out sorted.
            let castles = if here.is_empty() { Vec::new() } else { here.iter().collect() };
            self.components.push(Component {
                spaces,
                castles,
                cities: spaces.intersect(self.cities).len() as u8,
                mountains: spaces.intersect(self.mountains).len() as u8,
            });
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

    /// Checks that the cached components equal a fresh derivation (for tests).
    pub fn cache_is_consistent(&self) -> bool {
        let mut fresh = self.clone();
        fresh.rebuild();
        fresh.components == self.components && fresh.label == self.label
    }
}
