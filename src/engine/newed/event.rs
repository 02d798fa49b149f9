//! What happened: the events a New Edition move produces (for logs, announcements and tests).

use super::cards::{PowerAction, PowerCardId};
use crate::engine::board::land::MineKind;
use crate::engine::board::PieceKind;
use crate::engine::colour::Colour;
use crate::engine::grid::{Edge, Space};
use serde::Serialize;

/// Why a score changed.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize)]
pub enum ScoreReason {
    /// A region was founded (R-N14).
    Founding,
    /// Spaces taken by an expansion.
    Expansion,
    /// Spaces lost to another region's expansion.
    LostSpace,
    /// Spaces cut off into neutral zones (R-B6).
    NeutralZone,
    /// A mine monopoly won (R-N9).
    MonopolyWon(MineKind),
    /// A mine monopoly lost (R-N9).
    MonopolyLost(MineKind),
    /// The ducat bonus at the end (R-N1).
    DucatBonus,
}

/// One thing that happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub enum Event {
    /// Placement: `by` placed a piece of `colour` (free of charge).
    Placed { by: Colour, colour: Colour, kind: PieceKind, at: Space },
    /// A turn began for `colour`.
    TurnBegins { colour: Colour },
    /// Income from mine types (R-N13).
    Income { colour: Colour, ducats: u32 },
    /// In the final phase a player without cards is skipped (R-N8).
    Skipped { colour: Colour },
    /// A card sold to the market.
    Sold { by: Colour, card: PowerCardId, ducats: u32 },
    /// A card played for one of its actions.
    Played { by: Colour, card: PowerCardId, action: PowerAction, price: u32 },
    /// A border placed.
    BorderPlaced { by: Colour, edge: Edge },
    /// A knight placed by an action (`cost` 1 on a forest).
    KnightPlaced { by: Colour, at: Space, cost: u32 },
    /// A space taken by the region of `castle`, from `from`'s region if any.
    SpaceTaken { by: Colour, castle: Space, at: Space, from: Option<Colour> },
    /// Borders laid around a space taken.
    BordersAdded { edges: Vec<Edge> },
    /// Superfluous borders returned to the stock (R-B2).
    BordersRemoved { edges: Vec<Edge> },
    /// The loser's spaces cut off into a neutral zone.
    NeutralZoneFormed { loser: Colour, spaces: u32 },
    /// A region came into being (R-B5).
    RegionFounded { colour: Colour, castle: Space, spaces: u32 },
    /// A score changed (the applied amount: R-B10 keeps scores at 0 or more).
    Score { colour: Colour, delta: i32, reason: ScoreReason },
    /// A monopoly of a mine type was won or lost (R-N9).
    Monopoly { colour: Colour, mine: MineKind, held: bool },
    /// Renegade: `by` placed a knight on `at` against the region of `region`.
    RenegadePlaced { by: Colour, region: Space, at: Space, cost: u32 },
    /// A knight removed by a Renegade (R-N10).
    KnightRemoved { colour: Colour, at: Space },
    /// An alliance between two regions (R-N11).
    Allied { by: Colour, own: Space, other: Space },
    /// The card's action is over.
    ActionEnded { by: Colour },
    /// A card drawn from the deck (which one is the drawer's secret).
    Drew { by: Colour },
    /// A market card taken.
    Took { by: Colour, card: PowerCardId },
    /// The deck ran out: the final phase begins (R-N8).
    FinalPhase,
    /// The game is over; `king` when the King chip was reached (R-N5).
    GameOver { winners: Vec<Colour>, king: bool },
}
