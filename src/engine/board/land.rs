//! Terrain of both editions and the land of a board assembled from square tiles.

use crate::engine::grid::{Grid, Space, SpaceSet};
use serde::{Deserialize, Serialize};

/// The four mine types of the New Edition (notation `1`–`4`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MineKind {
    /// `1`.
    Gold,
    /// `2`.
    Silver,
    /// `3`.
    Copper,
    /// `4`.
    Gems,
}

impl MineKind {
    /// The four types in notation order.
    pub const ALL: [MineKind; 4] = [MineKind::Gold, MineKind::Silver, MineKind::Copper, MineKind::Gems];

    /// The lower-case name used in the referee's JSON.
    pub fn name(self) -> &'static str {
        match self {
            MineKind::Gold => "gold",
            MineKind::Silver => "silver",
            MineKind::Copper => "copper",
            MineKind::Gems => "gems",
        }
    }
}

/// Terrain of a space: every letter of the notation (RULES.md "Notation").
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    /// `.` Open country (Classic) or meadow (New Edition).
    Open,
    /// `F` Forest.
    Forest,
    /// `H` Classic mountain ("Gebirge").
    Mountain,
    /// `C` Classic city.
    City,
    /// `V` New Edition village.
    Village,
    /// `K` New Edition King's city.
    KingsCity,
    /// `1`–`4` New Edition mine.
    Mine(MineKind),
}

/// Number of distinct terrains (mines counted by type).
pub const TERRAINS: usize = 10;

impl Terrain {
    /// The notation letter.
    pub fn letter(self) -> char {
        match self {
            Terrain::Open => '.',
            Terrain::Forest => 'F',
            Terrain::Mountain => 'H',
            Terrain::City => 'C',
            Terrain::Village => 'V',
            Terrain::KingsCity => 'K',
            Terrain::Mine(k) => (b'1' + k as u8) as char,
        }
    }

    /// The terrain of a notation letter.
    pub fn from_letter(c: u8) -> Option<Terrain> {
        Some(match c {
            b'.' => Terrain::Open,
            b'F' => Terrain::Forest,
            b'H' => Terrain::Mountain,
            b'C' => Terrain::City,
            b'V' => Terrain::Village,
            b'K' => Terrain::KingsCity,
            b'1'..=b'4' => Terrain::Mine(MineKind::ALL[(c - b'1') as usize]),
            _ => return None,
        })
    }

    /// The name used by the browser's test hooks.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open",
            Terrain::Forest => "forest",
            Terrain::Mountain => "mountain",
            Terrain::City => "city",
            Terrain::Village => "village",
            Terrain::KingsCity => "kings-city",
            Terrain::Mine(k) => k.name(),
        }
    }

    /// Index 0..[`TERRAINS`].
    pub fn index(self) -> usize {
        match self {
            Terrain::Open => 0,
            Terrain::Forest => 1,
            Terrain::Mountain => 2,
            Terrain::City => 3,
            Terrain::Village => 4,
            Terrain::KingsCity => 5,
            Terrain::Mine(k) => 6 + k as usize,
        }
    }

    /// Knights stand only on open country/meadow and forest (both editions).
    pub fn knight_ground(self) -> bool {
        matches!(self, Terrain::Open | Terrain::Forest)
    }
}

/// A square tile's rows as printed (tile upright), e.g. `[".F..", …]`.
pub type TileRows = Vec<Vec<u8>>;

/// The terrain of every space of a board.
#[derive(Clone, PartialEq)]
pub struct Land {
    grid: &'static Grid,
    terrain: [Terrain; 256],
    by_terrain: [SpaceSet; TERRAINS],
}

impl std::fmt::Debug for Land {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Terrain never changes during a game: one letter a space, row by row.
        let letters: String = self.grid.spaces().map(|s| self.terrain(s).letter()).collect();
        write!(f, "Land({:?}, {letters})", self.grid)
    }
}

impl Land {
    /// Lays `tiles` (rows as printed, each turned clockwise by its quarter turns) on the grid's
    /// tile places, row by row.
    ///
    /// # Panics
    /// If the tiles do not cover the grid or a letter is not a terrain (the data files are
    /// checked by tests).
    pub fn from_tiles(grid: &'static Grid, tiles: &[(&TileRows, u8)]) -> Land {
        let n = grid.tile;
        let per_row = grid.cols / n;
        assert_eq!(tiles.len(), (per_row * (grid.rows / n)) as usize, "tiles must cover the board");
        let mut terrain = [Terrain::Open; 256];
        for (place, &(rows, turns)) in tiles.iter().enumerate() {
            let (ox, oy) = ((place as u8 % per_row) * n, (place as u8 / per_row) * n);
            for r in 0..n {
                for c in 0..n {
                    // Turning clockwise once: new[r][c] = old[n-1-c][r].
                    let (mut sr, mut sc) = (r, c);
                    for _ in 0..turns {
                        (sr, sc) = (n - 1 - sc, sr);
                    }
                    let letter = rows[sr as usize][sc as usize];
                    let s = Space::new(ox + c, oy + r).expect("space");
                    terrain[s.index()] = Terrain::from_letter(letter).expect("terrain letter");
                }
            }
        }
        let mut by_terrain = [SpaceSet::EMPTY; TERRAINS];
        for s in grid.spaces() {
            by_terrain[terrain[s.index()].index()].insert(s);
        }
        Land { grid, terrain, by_terrain }
    }

    /// The board's grid.
    pub fn grid(&self) -> &'static Grid {
        self.grid
    }

    /// Terrain of a space.
    #[inline]
    pub fn terrain(&self, s: Space) -> Terrain {
        self.terrain[s.index()]
    }

    /// Every space of one terrain.
    pub fn of(&self, t: Terrain) -> SpaceSet {
        self.by_terrain[t.index()]
    }

    /// How many spaces of `set` have terrain `t`.
    pub fn count(&self, set: SpaceSet, t: Terrain) -> usize {
        set.intersect(self.of(t)).len()
    }
}

/// Parses tile data: blocks of `rows` lines headed `tile X` (`#` comments, blank lines ignored).
///
/// # Panics
/// On malformed data (the data files are compiled in and checked by tests).
pub fn parse_tiles(text: &str, side: usize) -> Vec<(char, TileRows)> {
    let mut out: Vec<(char, TileRows)> = Vec::new();
    for line in text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).filter(|l| !l.is_empty()) {
        if let Some(id) = line.strip_prefix("tile ") {
            out.push((id.trim().chars().next().expect("tile id"), Vec::new()));
        } else {
            let (_, rows) = out.last_mut().expect("a tile line first");
            assert_eq!(line.len(), side, "tile row '{line}'");
            assert!(line.bytes().all(|b| Terrain::from_letter(b).is_some()), "tile row '{line}'");
            rows.push(line.as_bytes().to_vec());
        }
    }
    assert!(out.iter().all(|(_, r)| r.len() == side), "every tile has {side} rows");
    out
}
