//! The six Classic map tiles (data from RULES.md, "Game data — Classic") and their layout.

use crate::engine::board::land::{Land, Terrain, TileRows};
use crate::engine::grid::{Space, CLASSIC};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Tile size in spaces.
pub const TILE: u8 = 5;

/// The six tiles A–F, rows top to bottom as printed (letter upright).
pub const TILES: [[&[u8; 5]; 5]; 6] = [
    [b".F.FF", b".H.CF", b"....F", b"FCF..", b"...HH"],
    [b"FFF..", b"FHF.H", b"FFFC.", b".FF..", b"HHFHH"],
    [b".FF.F", b"FCH..", b".F..F", b"H..CF", b"HF..F"],
    [b"FC.FH", b"....H", b".FF..", b".HH.C", b".F..F"],
    [b"FHFHH", b"..C.F", b"F.F.C", b"F.HF.", b"F.F.F"],
    [b"H....", b"..C.F", b"FFFFH", b"F.HF.", b"F...."],
];

/// A tile on one of the six places, turned clockwise by `turns` quarter turns.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TilePlacement {
    /// 0..6 for A..F.
    pub tile: u8,
    /// Quarter turns clockwise, 0..4.
    pub turns: u8,
}

impl TilePlacement {
    /// Parses `A0` … `F3`.
    pub fn parse(s: &str) -> Option<TilePlacement> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'A'..=b'F').contains(&b[0]) || !(b'0'..=b'3').contains(&b[1]) {
            return None;
        }
        Some(TilePlacement { tile: b[0] - b'A', turns: b[1] - b'0' })
    }
}

impl fmt::Display for TilePlacement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.tile) as char, self.turns)
    }
}

/// The basic game's layout: A–F in order, upright.
pub const BASIC_TILES: [TilePlacement; 6] = [
    TilePlacement { tile: 0, turns: 0 },
    TilePlacement { tile: 1, turns: 0 },
    TilePlacement { tile: 2, turns: 0 },
    TilePlacement { tile: 3, turns: 0 },
    TilePlacement { tile: 4, turns: 0 },
    TilePlacement { tile: 5, turns: 0 },
];

/// The assembled map: the tiles and the land they make.
#[derive(Clone, PartialEq, Debug)]
pub struct Map {
    /// The tiles on the six places (top row left to right, then bottom row).
    pub tiles: [TilePlacement; 6],
    /// The terrain of every space.
    pub land: Land,
}

impl Map {
    /// Assembles the map from six tile placements.
    pub fn new(tiles: [TilePlacement; 6]) -> Map {
        let rows: Vec<TileRows> = TILES.iter().map(|t| t.iter().map(|r| r.to_vec()).collect()).collect();
        let placed: Vec<(&TileRows, u8)> = tiles.iter().map(|tp| (&rows[tp.tile as usize], tp.turns)).collect();
        Map { tiles, land: Land::from_tiles(&CLASSIC, &placed) }
    }

    /// Terrain of a space.
    pub fn terrain(&self, s: Space) -> Terrain {
        self.land.terrain(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_map_totals_match_rules() {
        let m = Map::new(BASIC_TILES);
        let count = |t| CLASSIC.spaces().filter(|&s| m.terrain(s) == t).count();
        assert_eq!(count(Terrain::Open), 66);
        assert_eq!(count(Terrain::Forest), 51);
        assert_eq!(count(Terrain::Mountain), 23);
        assert_eq!(count(Terrain::City), 10);
        assert_eq!(m.terrain(Space::parse("d2").unwrap()), Terrain::City);
        assert_eq!(m.terrain(Space::parse("b2").unwrap()), Terrain::Mountain);
    }

    #[test]
    fn turning_a_tile_clockwise_moves_its_top_left_to_top_right() {
        let turned = Map::new([TilePlacement { tile: 0, turns: 1 }, BASIC_TILES[1], BASIC_TILES[2], BASIC_TILES[3], BASIC_TILES[4], BASIC_TILES[5]]);
        // Tile A's bottom-left (row 5 col 1 = '.') comes to the top-left; its top-left ('.') to the top-right.
        // Tile A row 4 col 1 is 'F' (a4); after one turn it sits at row 1 col 2 (b1).
        assert_eq!(turned.terrain(Space::parse("b1").unwrap()), Terrain::Forest);
        // Half a turn: a1 shows tile A's bottom-right space (row 5 "...HH": a mountain).
        let half = Map::new([TilePlacement { tile: 0, turns: 2 }, BASIC_TILES[1], BASIC_TILES[2], BASIC_TILES[3], BASIC_TILES[4], BASIC_TILES[5]]);
        assert_eq!(half.terrain(Space::parse("a1").unwrap()), Terrain::Mountain);
    }
}
