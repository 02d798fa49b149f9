//! The nine 4 × 4 landscape tiles (data file `data/tiles.txt`, our reconstruction: RULES.md)
//! and their 3 × 3 layout with the King's city tile in the centre.

use crate::engine::board::land::{parse_tiles, Land, TileRows};
use crate::engine::grid::NEW_EDITION;
use crate::engine::notation::{shown, RecordReason};
use crate::engine::rules::Edition;
use crate::engine::rng::{shuffle, uniform};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// The data file, compiled in.
pub const DATA: &str = include_str!("data/tiles.txt");
/// The tile letters: the King's city tile, then the eight outer tiles.
pub const TILE_IDS: [char; 9] = ['K', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
/// Where the King's city tile lies (the centre of the 3 × 3 layout).
pub const CENTRE: usize = 4;

/// A tile on one of the nine places, turned clockwise by `turns` quarter turns.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TilePlacement {
    /// The tile's letter: `K` or `A`–`H`.
    pub tile: char,
    /// Quarter turns clockwise, 0..4.
    pub turns: u8,
}

impl TilePlacement {
    /// Parses `K0`, `A3`, …
    pub fn parse(s: &str) -> Option<TilePlacement> {
        let b = s.as_bytes();
        if b.len() != 2 || !TILE_IDS.contains(&(b[0] as char)) || !(b'0'..=b'3').contains(&b[1]) {
            return None;
        }
        Some(TilePlacement { tile: b[0] as char, turns: b[1] - b'0' })
    }
}

impl fmt::Display for TilePlacement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.tile, self.turns)
    }
}

/// The nine tiles, top row left to right; `K` always fifth.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Layout(pub [TilePlacement; 9]);

impl Layout {
    /// The reference layout `A0 B0 C0 D0 K0 E0 F0 G0 H0` (RULES.md; used by tests).
    pub fn reference() -> Layout {
        Layout(['A', 'B', 'C', 'D', 'K', 'E', 'F', 'G', 'H'].map(|tile| TilePlacement { tile, turns: 0 }))
    }

    /// A random layout: outer tiles shuffled, every tile (the centre one too) turned.
    pub fn random(rng: &mut ChaCha8Rng) -> Layout {
        let mut outer = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
        shuffle(rng, &mut outer);
        let mut tiles = [TilePlacement { tile: 'K', turns: 0 }; 9];
        let mut it = outer.into_iter();
        for (place, t) in tiles.iter_mut().enumerate() {
            let tile = if place == CENTRE { 'K' } else { it.next().expect("eight outer tiles") };
            *t = TilePlacement { tile, turns: uniform(rng, 4) as u8 };
        }
        Layout(tiles)
    }

    /// Parses the `[Tiles]` value.
    ///
    /// # Errors
    /// What is wrong.
    pub fn parse(v: &str) -> Result<Layout, RecordReason> {
        let tiles: Vec<TilePlacement> = v
            .split_whitespace()
            .map(|w| TilePlacement::parse(w).ok_or_else(|| RecordReason::NotATile { given: shown(w), edition: Edition::New }))
            .collect::<Result<_, _>>()?;
        let tiles: [TilePlacement; 9] = tiles.try_into().map_err(|_| RecordReason::TileCount(Edition::New))?;
        for id in TILE_IDS {
            if tiles.iter().filter(|t| t.tile == id).count() != 1 {
                return Err(RecordReason::TileNotOnce(id));
            }
        }
        if tiles[CENTRE].tile != 'K' {
            return Err(RecordReason::KingTileCentre);
        }
        Ok(Layout(tiles))
    }

    /// The land these tiles make.
    pub fn land(&self) -> Land {
        let data = tiles();
        let placed: Vec<(&TileRows, u8)> = self.0.iter().map(|t| (&data.iter().find(|(id, _)| *id == t.tile).expect("tile data").1, t.turns)).collect();
        Land::from_tiles(&NEW_EDITION, &placed)
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.0.iter().map(|t| t.to_string()).collect();
        f.write_str(&words.join(" "))
    }
}

/// The tile data, parsed once.
pub fn tiles() -> &'static [(char, TileRows)] {
    static TILES: OnceLock<Vec<(char, TileRows)>> = OnceLock::new();
    TILES.get_or_init(|| parse_tiles(DATA, 4))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::land::{MineKind, Terrain};
    use crate::engine::grid::Space;

    #[test]
    fn tile_data_matches_the_totals_of_the_rules() {
        let data = tiles();
        assert_eq!(data.iter().map(|(id, _)| *id).collect::<Vec<_>>(), TILE_IDS);
        let land = Layout::reference().land();
        let count = |t| land.of(t).len();
        assert_eq!(count(Terrain::Open), 67);
        assert_eq!(count(Terrain::Forest), 50);
        assert_eq!(count(Terrain::Village), 10);
        assert_eq!(count(Terrain::KingsCity), 1);
        for k in MineKind::ALL {
            assert_eq!(count(Terrain::Mine(k)), 4, "{k:?}");
        }
        // "Near the King's city there are at once 4 mines": one of each type on the centre tile.
        let centre: Vec<Terrain> = (4..8).flat_map(|r| (4..8).map(move |c| (c, r))).map(|(c, r)| land.terrain(Space::new(c, r).unwrap())).collect();
        for k in MineKind::ALL {
            assert_eq!(centre.iter().filter(|&&t| t == Terrain::Mine(k)).count(), 1);
        }
    }

    #[test]
    fn reference_layout_is_the_board_printed_in_the_rules() {
        let printed = [
            ".F..FF....F.", "1VF..3.VF3..", "F..2.FF...VF", ".FF.4FF..1FF", ".FF..1F...F.", "..4FFK.2.V.F",
            "VF.F...FF.1.", "F2..3F4..FVF", ".FV..FF..F.F", ".FF.F.VFFF..", "2..F.3.FFV4.", ".VF.FF..F.F.",
        ];
        let land = Layout::reference().land();
        for (r, row) in printed.iter().enumerate() {
            let got: String = (0..12).map(|c| land.terrain(Space::new(c, r as u8).unwrap()).letter()).collect();
            assert_eq!(&got, row, "row {}", r + 1);
        }
    }

    #[test]
    fn layouts_parse_print_and_keep_the_king_in_the_centre() {
        let l = Layout::parse("A0 B1 C2 D3 K1 E0 F0 G0 H0").unwrap();
        assert_eq!(l.to_string(), "A0 B1 C2 D3 K1 E0 F0 G0 H0");
        assert_eq!(Layout::parse("K0 B0 C0 D0 A0 E0 F0 G0 H0"), Err(RecordReason::KingTileCentre));
        assert!(Layout::parse("A0 A0 C0 D0 K0 E0 F0 G0 H0").is_err());
        assert_eq!(Layout::parse("A0 B0").unwrap_err().to_string(), "Tiles names nine tiles");
        let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let r = Layout::random(&mut rng);
        assert_eq!(r.0[CENTRE].tile, 'K');
        assert_eq!(Layout::parse(&r.to_string()), Ok(r));
    }
}
