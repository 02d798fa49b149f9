//! Moves, written and read in the record notation of shared/NOTATION.md.

use super::cards::{PoliticsCard, Treasures};
use crate::engine::colour::Colour;
use crate::engine::grid::{Edge, Grid, Space};
use crate::engine::notation::{parse_number, shown, RecordReason};
use crate::engine::rules::Edition;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A move: everything a player can do. Each names the colour that makes it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Variable setup: place a castle.
    Castle { by: Colour, at: Space },
    /// Place a knight (setup, knight actions); `pay` names treasure cards used for a forest's cost.
    Knight { by: Colour, at: Space, pay: Treasures },
    /// Lay one decision card, or two (`second`) for a start player who lays two.
    Decide { by: Colour, first: u8, second: Option<u8> },
    /// Play Alliance between one's province (its castle) and a neighbouring foreign one.
    Alliance { by: Colour, own: Space, other: Space },
    /// Play Renegade: remove the foreign knight on `remove`, place one's own on `place`.
    Renegade { by: Colour, remove: Space, place: Space, pay: Treasures },
    /// Negotiation: "I pay you `amount` and perform the action".
    Offer { by: Colour, amount: u32 },
    /// Negotiation: accept the other's standing offer.
    Accept { by: Colour },
    /// Negotiation: break off; the duel begins.
    Duel { by: Colour },
    /// Duel: a sealed bid of money and treasure cards.
    Bid { by: Colour, money: u32, treasures: Treasures },
    /// Place one border of a borders action.
    Border { by: Colour, edge: Edge },
    /// Take one space for a province; `castle` names the province where the space touches several.
    Expand { by: Colour, at: Space, castle: Option<Space> },
    /// Politics action: look through pile 1 or 2 (then a card from it must be taken).
    Open { by: Colour, pile: u8 },
    /// Politics action: take the named card from pile 1 or 2.
    Take { by: Colour, pile: u8, card: PoliticsCard },
    /// End one's current action early.
    Done { by: Colour },
    /// Pay 10 to end the alliance between two provinces (their castles).
    Unally { by: Colour, a: Space, b: Space, pay: Treasures },
}

impl Move {
    /// True if every space and edge the move names lies on the grid.
    pub fn on_board(&self, grid: &Grid) -> bool {
        match *self {
            Move::Castle { at, .. } | Move::Knight { at, .. } => grid.contains(at),
            Move::Expand { at, castle, .. } => grid.contains(at) && castle.is_none_or(|c| grid.contains(c)),
            Move::Alliance { own: a, other: b, .. } | Move::Renegade { remove: a, place: b, .. } | Move::Unally { a, b, .. } => grid.contains(a) && grid.contains(b),
            Move::Border { edge, .. } => grid.contains_edge(edge),
            _ => true,
        }
    }

    /// The colour making the move.
    pub fn by(&self) -> Colour {
        match *self {
            Move::Castle { by, .. }
            | Move::Knight { by, .. }
            | Move::Decide { by, .. }
            | Move::Alliance { by, .. }
            | Move::Renegade { by, .. }
            | Move::Offer { by, .. }
            | Move::Accept { by }
            | Move::Duel { by }
            | Move::Bid { by, .. }
            | Move::Border { by, .. }
            | Move::Expand { by, .. }
            | Move::Open { by, .. }
            | Move::Take { by, .. }
            | Move::Done { by }
            | Move::Unally { by, .. } => by,
        }
    }

    /// Parses one move line (without comment).
    pub fn parse(line: &str) -> Result<Move, RecordReason> {
        use RecordReason as R;
        let words: Vec<&str> = line.split_whitespace().collect();
        let (&colour, rest) = words.split_first().ok_or(R::EmptyMove)?;
        let by = Colour::parse(colour).ok_or_else(|| R::UnknownColour(shown(colour)))?;
        let (&verb, args) = rest.split_first().ok_or(R::NoVerb)?;
        let space = |s: &str| Space::parse(s).ok_or_else(|| R::NotASpaceOf { given: shown(s), edition: Edition::Classic });
        let number = |s: &str| parse_number::<u32>(s).ok_or_else(|| R::NotANumber(shown(s)));
        let treasures = |words: &[&str]| -> Result<Treasures, RecordReason> {
            let mut t = Treasures::NONE;
            for w in words {
                let (card, bit) = PoliticsCard::parse(w).and_then(|c| Some((c, c.treasure_bit()?))).ok_or_else(|| R::NotATreasureCard(shown(w)))?;
                if t.0 & bit != 0 {
                    return Err(R::TreasureTwice(card));
                }
                t.0 |= bit;
            }
            Ok(t)
        };
        let count = |n: usize| -> Result<(), RecordReason> {
            if args.len() == n { Ok(()) } else { Err(R::ArgCount { verb: shown(verb), expected: n, found: args.len() }) }
        };
        let pile = |s: &str| match s {
            "1" => Ok(1),
            "2" => Ok(2),
            _ => Err(R::NotAPile(shown(s))),
        };
        Ok(match verb {
            "castle" => {
                count(1)?;
                Move::Castle { by, at: space(args[0])? }
            }
            "knight" => {
                let (&at, pay) = args.split_first().ok_or(R::KnightNeedsSpace)?;
                Move::Knight { by, at: space(at)?, pay: treasures(pay)? }
            }
            "decide" => {
                let card = |s: &str| match s {
                    "1" | "2" | "3" => Ok(s.as_bytes()[0] - b'0'),
                    _ => Err(R::NotADecisionCard(shown(s))),
                };
                match args {
                    [a] => Move::Decide { by, first: card(a)?, second: None },
                    [a, b] => Move::Decide { by, first: card(a)?, second: Some(card(b)?) },
                    _ => return Err(R::DecideArgs),
                }
            }
            "alliance" => {
                count(2)?;
                Move::Alliance { by, own: space(args[0])?, other: space(args[1])? }
            }
            "renegade" => {
                if args.len() < 2 {
                    return Err(R::RenegadeArgs);
                }
                Move::Renegade { by, remove: space(args[0])?, place: space(args[1])?, pay: treasures(&args[2..])? }
            }
            "offer" => {
                count(1)?;
                Move::Offer { by, amount: number(args[0])? }
            }
            "accept" => {
                count(0)?;
                Move::Accept { by }
            }
            "duel" => {
                count(0)?;
                Move::Duel { by }
            }
            "bid" => {
                let (&m, t) = args.split_first().ok_or(R::BidNeedsAmount)?;
                Move::Bid { by, money: number(m)?, treasures: treasures(t)? }
            }
            "border" => {
                count(1)?;
                let edge = Edge::parse(args[0]).ok_or_else(|| R::NotAnEdge(shown(args[0])))?;
                Move::Border { by, edge }
            }
            "expand" => match args {
                [at] => Move::Expand { by, at: space(at)?, castle: None },
                [at, castle] => Move::Expand { by, at: space(at)?, castle: Some(space(castle)?) },
                _ => return Err(R::ExpandArgs(Edition::Classic)),
            },
            "open" => {
                count(1)?;
                Move::Open { by, pile: pile(args[0])? }
            }
            "take" => {
                count(2)?;
                let card = PoliticsCard::parse(args[1]).ok_or_else(|| R::NotAPoliticsCard(shown(args[1])))?;
                Move::Take { by, pile: pile(args[0])?, card }
            }
            "done" => {
                count(0)?;
                Move::Done { by }
            }
            "unally" => {
                if args.len() < 2 {
                    return Err(R::UnallyArgs);
                }
                Move::Unally { by, a: space(args[0])?, b: space(args[1])?, pay: treasures(&args[2..])? }
            }
            other => return Err(R::UnknownVerb(shown(other))),
        })
    }
}

fn write_treasures(f: &mut fmt::Formatter<'_>, t: Treasures) -> fmt::Result {
    for c in t.cards() {
        write!(f, " {c}")?;
    }
    Ok(())
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.by())?;
        match *self {
            Move::Castle { at, .. } => write!(f, "castle {at}"),
            Move::Knight { at, pay, .. } => {
                write!(f, "knight {at}")?;
                write_treasures(f, pay)
            }
            Move::Decide { first, second: None, .. } => write!(f, "decide {first}"),
            Move::Decide { first, second: Some(s), .. } => write!(f, "decide {first} {s}"),
            Move::Alliance { own, other, .. } => write!(f, "alliance {own} {other}"),
            Move::Renegade { remove, place, pay, .. } => {
                write!(f, "renegade {remove} {place}")?;
                write_treasures(f, pay)
            }
            Move::Offer { amount, .. } => write!(f, "offer {amount}"),
            Move::Accept { .. } => write!(f, "accept"),
            Move::Duel { .. } => write!(f, "duel"),
            Move::Bid { money, treasures, .. } => {
                write!(f, "bid {money}")?;
                write_treasures(f, treasures)
            }
            Move::Border { edge, .. } => write!(f, "border {edge}"),
            Move::Expand { at, castle: None, .. } => write!(f, "expand {at}"),
            Move::Expand { at, castle: Some(c), .. } => write!(f, "expand {at} {c}"),
            Move::Open { pile, .. } => write!(f, "open {pile}"),
            Move::Take { pile, card, .. } => write!(f, "take {pile} {card}"),
            Move::Done { .. } => write!(f, "done"),
            Move::Unally { a, b, pay, .. } => {
                write!(f, "unally {a} {b}")?;
                write_treasures(f, pay)
            }
        }
    }
}
impl std::str::FromStr for Move {
    type Err = RecordReason;

    /// As [`Move::parse`].
    fn from_str(line: &str) -> Result<Move, RecordReason> {
        Move::parse(line)
    }
}

