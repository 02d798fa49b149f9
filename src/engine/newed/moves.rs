//! New Edition moves and their record notation (shared/NOTATION.md, "New Edition records").

use super::cards::PowerCardId;
use crate::engine::colour::Colour;
use crate::engine::grid::{Edge, Grid, Space};
use crate::engine::notation::{shown, RecordReason};
use crate::engine::rules::Edition;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One move of a New Edition game. Small and `Copy`; every move names the colour making it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Move {
    /// Placement: a castle (of `colour`, placed by `by`: the neutral colour's are placed by a player).
    Castle { by: Colour, at: Space },
    /// Placement: the knight next to the castle just placed; or one knight of a knight action.
    Knight { by: Colour, at: Space },
    /// The turn's choice: sell a card to the market.
    Sell { by: Colour, card: PowerCardId },
    /// The turn's choice: play a card, performing its action `action` (1 or 2).
    Play { by: Colour, card: PowerCardId, action: u8 },
    /// One border of a borders action.
    Border { by: Colour, edge: Edge },
    /// One space of an expansion, optionally naming the region (its castle) that takes it.
    Expand { by: Colour, at: Space, castle: Option<Space> },
    /// Renegade against the neighbouring region of castle `region`, placing one's knight on `place`.
    Renegade { by: Colour, region: Space, place: Space },
    /// The knight removed after a Renegade (by its owner; against the neutral colour, by the card's player).
    Remove { by: Colour, at: Space },
    /// Alliance between one's region (castle `own`) and a neighbouring foreign region (castle `other`).
    Alliance { by: Colour, own: Space, other: Space },
    /// End the card's action early.
    Done { by: Colour },
    /// Refill from the top of the deck.
    Draw { by: Colour },
    /// Refill with a market card.
    Take { by: Colour, card: PowerCardId },
}

impl Move {
    /// The colour making the move.
    pub fn by(&self) -> Colour {
        match *self {
            Move::Castle { by, .. }
            | Move::Knight { by, .. }
            | Move::Sell { by, .. }
            | Move::Play { by, .. }
            | Move::Border { by, .. }
            | Move::Expand { by, .. }
            | Move::Renegade { by, .. }
            | Move::Remove { by, .. }
            | Move::Alliance { by, .. }
            | Move::Done { by }
            | Move::Draw { by }
            | Move::Take { by, .. } => by,
        }
    }

    /// True if every space and edge the move names lies on the grid.
    pub fn on_board(&self, grid: &Grid) -> bool {
        match *self {
            Move::Castle { at, .. } | Move::Knight { at, .. } | Move::Remove { at, .. } => grid.contains(at),
            Move::Expand { at, castle, .. } => grid.contains(at) && castle.is_none_or(|c| grid.contains(c)),
            Move::Renegade { region: a, place: b, .. } | Move::Alliance { own: a, other: b, .. } => grid.contains(a) && grid.contains(b),
            Move::Border { edge, .. } => grid.contains_edge(edge),
            Move::Sell { .. } | Move::Play { .. } | Move::Done { .. } | Move::Draw { .. } | Move::Take { .. } => true,
        }
    }

    /// Parses one record line (without comment).
    ///
    /// # Errors
    /// What is wrong with the line, in words.
    pub fn parse(line: &str) -> Result<Move, RecordReason> {
        use RecordReason as R;
        let words: Vec<&str> = line.split_whitespace().collect();
        let (&colour, rest) = words.split_first().ok_or(R::EmptyMove)?;
        let by = Colour::parse(colour).ok_or_else(|| R::UnknownColour(shown(colour)))?;
        let (&verb, args) = rest.split_first().ok_or(R::NoVerb)?;
        let space = |s: &str| Space::parse(s).ok_or_else(|| R::NotASpaceOf { given: shown(s), edition: Edition::New });
        let card = |s: &str| PowerCardId::parse(s).ok_or_else(|| R::NotAPowerCard(shown(s)));
        let count = |n: usize| -> Result<(), RecordReason> {
            if args.len() == n { Ok(()) } else { Err(R::ArgCount { verb: shown(verb), expected: n, found: args.len() }) }
        };
        Ok(match verb {
            "castle" => {
                count(1)?;
                Move::Castle { by, at: space(args[0])? }
            }
            "knight" => {
                count(1)?;
                Move::Knight { by, at: space(args[0])? }
            }
            "sell" => {
                count(1)?;
                Move::Sell { by, card: card(args[0])? }
            }
            "play" => match args {
                [c] => {
                    let card = card(c)?;
                    if card.action_count() == 2 {
                        return Err(R::TwoActions(card));
                    }
                    Move::Play { by, card, action: 1 }
                }
                [c, "1"] => Move::Play { by, card: card(c)?, action: 1 },
                [c, "2"] => Move::Play { by, card: card(c)?, action: 2 },
                [_, n] => return Err(R::NotACardAction(shown(n))),
                _ => return Err(R::PlayArgs),
            },
            "border" => {
                count(1)?;
                Move::Border { by, edge: Edge::parse(args[0]).ok_or_else(|| R::NotABorder(shown(args[0])))? }
            }
            "expand" => match args {
                [at] => Move::Expand { by, at: space(at)?, castle: None },
                [at, c] => Move::Expand { by, at: space(at)?, castle: Some(space(c)?) },
                _ => return Err(R::ExpandArgs(Edition::New)),
            },
            "renegade" => {
                count(2)?;
                Move::Renegade { by, region: space(args[0])?, place: space(args[1])? }
            }
            "remove" => {
                count(1)?;
                Move::Remove { by, at: space(args[0])? }
            }
            "alliance" => {
                count(2)?;
                Move::Alliance { by, own: space(args[0])?, other: space(args[1])? }
            }
            "done" => {
                count(0)?;
                Move::Done { by }
            }
            "draw" => {
                count(0)?;
                Move::Draw { by }
            }
            "take" => {
                count(1)?;
                Move::Take { by, card: card(args[0])? }
            }
            other => return Err(R::UnknownVerb(shown(other))),
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by = self.by();
        match *self {
            Move::Castle { at, .. } => write!(f, "{by} castle {at}"),
            Move::Knight { at, .. } => write!(f, "{by} knight {at}"),
            Move::Sell { card, .. } => write!(f, "{by} sell {card}"),
            Move::Play { card, action, .. } if card.action_count() == 1 && action == 1 => write!(f, "{by} play {card}"),
            Move::Play { card, action, .. } => write!(f, "{by} play {card} {action}"),
            Move::Border { edge, .. } => write!(f, "{by} border {edge}"),
            Move::Expand { at, castle: None, .. } => write!(f, "{by} expand {at}"),
            Move::Expand { at, castle: Some(c), .. } => write!(f, "{by} expand {at} {c}"),
            Move::Renegade { region, place, .. } => write!(f, "{by} renegade {region} {place}"),
            Move::Remove { at, .. } => write!(f, "{by} remove {at}"),
            Move::Alliance { own, other, .. } => write!(f, "{by} alliance {own} {other}"),
            Move::Done { .. } => write!(f, "{by} done"),
            Move::Draw { .. } => write!(f, "{by} draw"),
            Move::Take { card, .. } => write!(f, "{by} take {card}"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip_through_their_notation() {
        for line in [
            "red castle d4", "blue knight d5", "red sell B5", "red play B14 2", "red play A3", "red border c2-c3", "red expand d1",
            "red expand d1 a1", "red renegade h8 c3", "blue remove h9", "red alliance c3 h8", "red done", "red draw", "red take C3",
            "orange knight l12",
        ] {
            assert_eq!(Move::parse(line).unwrap().to_string(), line);
        }
        assert_eq!(Move::parse("red play A3 1").unwrap().to_string(), "red play A3");
        assert!(Move::parse("red play A3 3").unwrap_err().to_string().contains("1 or 2"));
        assert!(Move::parse("red play B14").unwrap_err().to_string().contains("two actions"), "a two-action card names its action");
        assert!(Move::parse("green draw").unwrap_err().to_string().contains("colour"));
        assert!(Move::parse("red sell Z9").unwrap_err().to_string().contains("power card"));
        assert!(Move::parse("red fly").unwrap_err().to_string().contains("unknown move"));
        assert!(Move::parse("red draw now").is_err());
    }
}
