//! What happened: the events `play` returns, in order.

use crate::engine::board::PieceKind;
use super::cards::{Action, CardId, PoliticsCard, Treasures};
use crate::engine::colour::Colour;
use crate::engine::grid::{Edge, Space};
use serde::{Deserialize, Serialize};

/// Why a score changed.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreReason {
    /// A province was founded (R-B5).
    Founding,
    /// A space was taken by expansion.
    Expansion,
    /// A space was lost to another's expansion.
    LostSpace,
    /// Spaces were lost to new neutral zones (R-B6, R-B12).
    NeutralZone,
    /// A silver find.
    SilverFind,
    /// Mountains at the end.
    FinalMountains,
    /// Deeds revealed at the end.
    Deeds,
}

/// One thing that happened. An event carries what it is about (the action, not only its
/// number on the card), so it can be read without the game: after a move, the game may
/// already show the next card.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// Setup: a piece was placed (by `placer`, of colour `colour`).
    Placed { placer: Colour, colour: Colour, kind: PieceKind, at: Space },
    /// A new round begins with this start player.
    RoundStarted { round: u32, start: Colour },
    /// An action card was turned up.
    CardDrawn { card: CardId },
    /// A player laid decision cards.
    Decided { by: Colour, actions: Vec<u8> },
    /// Alliance played.
    AlliancePlayed { by: Colour, own: Space, other: Space },
    /// Renegade played.
    RenegadePlayed { by: Colour, removed: Space, removed_colour: Colour, placed: Space, cost: u32 },
    /// An alliance was bought out, paid with `money` and `treasures` (R-B7, R-C1).
    Unallied { by: Colour, a: Space, b: Space, money: u32, treasures: Treasures },
    /// Nobody chose an action.
    NobodyChose { action: u8 },
    /// Ducats shared among those who chose the ducat action.
    DucatsShared { action: u8, to: Vec<Colour>, each: u32, lost: u32 },
    /// A politics action (number `action`) with both piles empty does nothing (R-C12).
    PilesEmpty { action: u8 },
    /// Two players negotiate for action number `action` (1–3), which is `kind`.
    NegotiationStarted { action: u8, kind: Action, players: [Colour; 2] },
    /// An offer was made.
    Offered { by: Colour, amount: u32 },
    /// An offer was accepted: `payer` pays `amount` to `by` and performs.
    Accepted { by: Colour, payer: Colour, amount: u32 },
    /// A player broke off the negotiation.
    BrokeOff { by: Colour },
    /// A duel for action number `action`, which is `kind`, begins (`second` for the re-duel after a tie).
    DuelStarted { action: u8, kind: Action, bidders: Vec<Colour>, second: bool },
    /// A sealed bid was laid (its amount stays secret until all are revealed).
    BidLaid { by: Colour },
    /// All bids revealed together.
    BidsRevealed { bids: Vec<(Colour, u32, Treasures)> },
    /// The duel's winner paid the bid to the bank.
    DuelWon { by: Colour, paid: u32, treasures: Treasures },
    /// A second tie: nobody performs action number `action`, which is `kind`.
    DuelVoid { action: u8, kind: Action },
    /// A player now performs action number `action`, which is `kind`.
    Performs { action: u8, kind: Action, by: Colour },
    /// A border was placed.
    BorderPlaced { by: Colour, edge: Edge },
    /// Borders inside a province went back to the stock (R-B2).
    BordersRemoved { edges: Vec<Edge> },
    /// Borders put down around a space taken by expansion.
    BordersAdded { edges: Vec<Edge> },
    /// A province came into being; `points` is what its owner scored for it (R-B5), 0 for the
    /// neutral colour, which never scores (R-C4).
    ProvinceFounded { colour: Colour, castle: Space, spaces: u32, cities: u32, points: u32 },
    /// A knight was placed.
    KnightPlaced { by: Colour, at: Space, cost: u32 },
    /// A space was taken by expansion (`from` is the foreign province's owner).
    SpaceTaken { by: Colour, castle: Space, at: Space, from: Option<Colour> },
    /// Spaces of a province became neutral zones.
    NeutralZoneFormed { loser: Colour, spaces: u32, cities: u32 },
    /// Politics action: a pile was opened.
    PileOpened { by: Colour, pile: u8 },
    /// Politics action: a card was taken (`card` is private to `by`).
    CardTaken { by: Colour, pile: u8, card: PoliticsCard },
    /// An action ended.
    ActionEnded { action: u8 },
    /// A score changed (by the amount actually applied; scores never go below 0).
    Score { colour: Colour, delta: i32, reason: ScoreReason },
    /// Ducats paid to the bank for a cost.
    Paid { by: Colour, money: u32, treasures: Treasures },
    /// Deeds revealed at the end.
    DeedsRevealed { colour: Colour, cards: Vec<PoliticsCard> },
    /// The game is over.
    GameOver { winners: Vec<Colour> },
}

impl Event {
    /// The colour this event's details are private to, if any (the card taken).
    pub fn private_to(&self) -> Option<Colour> {
        match self {
            Event::CardTaken { by, .. } => Some(*by),
            _ => None,
        }
    }
}
