//! The unchecked description of a game's start, validated into a [`Game`](super::Game).

use super::cards::{CardId, PoliticsCard};
use crate::engine::colour::Colour;
use super::map::TilePlacement;
use crate::engine::grid::{Edge, Space};
use crate::engine::seed::Seed;

/// Basic (fixed start), variable (placement turns) or custom (a given position).
#[derive(Copy, Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SetupKind {
    /// Tiles A–F upright and the fixed start position of RULES.md; stack A left out.
    Basic,
    /// Shuffled, turned tiles and placement turns (R-C3).
    Variable,
    /// A position given piece by piece.
    Custom,
}

impl SetupKind {
    /// Record name.
    pub fn name(self) -> &'static str {
        match self {
            SetupKind::Basic => "basic",
            SetupKind::Variable => "variable",
            SetupKind::Custom => "custom",
        }
    }
}

/// Everything that fixes a game's start. Fields left `None` are dealt from the seed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// Seating order, clockwise; the first is the first start player.
    pub players: Vec<Colour>,
    /// The neutral colour (3 players: default the unchosen one; 2 players: required).
    pub neutral: Option<Colour>,
    /// Basic, variable or custom.
    pub kind: SetupKind,
    /// Seed of every shuffle not spelled out.
    pub seed: Seed,
    /// Everyone's money is shown to everyone (a game option; private is the rulebook's way).
    pub public_money: bool,
    /// Tiles on the six places.
    pub tiles: Option<[TilePlacement; 6]>,
    /// The action deck from the top.
    pub deck: Option<Vec<CardId>>,
    /// The two politics piles, each from the top.
    pub politics: Option<[Vec<PoliticsCard>; 2]>,
    /// Custom: castles.
    pub castles: Vec<(Colour, Space)>,
    /// Custom: knights.
    pub knights: Vec<(Colour, Space)>,
    /// Custom: borders.
    pub borders: Vec<Edge>,
    /// Custom: money (unlisted: 12).
    pub ducats: Vec<(Colour, u32)>,
    /// Custom: scores (unlisted: 0).
    pub scores: Vec<(Colour, u32)>,
    /// Custom: politics hands.
    pub hands: Vec<(Colour, Vec<PoliticsCard>)>,
    /// Custom: the start player.
    pub start: Option<Colour>,
}

impl Setup {
    /// A setup with the given seating and kind and everything else from the seed.
    /// A short seed as given (a long one: set `seed` after).
    pub fn new(players: Vec<Colour>, kind: SetupKind, seed: u64) -> Setup {
        Setup {
            players,
            neutral: None,
            kind,
            seed: Seed::Short(seed),
            public_money: false,
            tiles: None,
            deck: None,
            politics: None,
            castles: Vec::new(),
            knights: Vec::new(),
            borders: Vec::new(),
            ducats: Vec::new(),
            scores: Vec::new(),
            hands: Vec::new(),
            start: None,
        }
    }
}

/// One colour's pieces in the basic game: start province (castle, knight, corners), two more castles with knights.
pub struct BasicStart {
    /// The colour.
    pub colour: Colour,
    /// Castle and knight of the enclosed start province.
    pub home: (&'static str, &'static str),
    /// Opposite corners of the 6-space start province.
    pub province: (&'static str, &'static str),
    /// The other castles with their knights.
    pub others: [(&'static str, &'static str); 2],
}

/// The basic game's start position (RULES.md).
pub const BASIC_START: [BasicStart; 4] = [
    BasicStart { colour: Colour::Red, home: ("a1", "a2"), province: ("a1", "c2"), others: [("m4", "m5"), ("d10", "c10")] },
    BasicStart { colour: Colour::Yellow, home: ("a9", "a8"), province: ("a8", "b10"), others: [("i1", "i2"), ("l7", "l6")] },
    BasicStart { colour: Colour::Purple, home: ("n2", "o2"), province: ("m1", "o2"), others: [("d3", "d4"), ("g8", "g7")] },
    BasicStart { colour: Colour::Grey, home: ("n10", "o10"), province: ("n8", "o10"), others: [("b5", "a5"), ("j4", "i4")] },
];
