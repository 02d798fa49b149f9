//! Which board elements the player holding the device may tap now, from the legal moves.

use crate::engine::{Edge, Move, Space};

/// Tappable things on the board for the current step.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Targets {
    /// Spaces that take a castle, knight or expansion.
    pub spaces: Vec<Space>,
    /// Edges that take a border.
    pub edges: Vec<Edge>,
}

/// Board targets of a list of legal moves.
pub fn board_targets(moves: &[Move]) -> Targets {
    let mut t = Targets::default();
    for m in moves {
        match *m {
            Move::Castle { at, .. } | Move::Knight { at, .. } | Move::Expand { at, .. } => {
                if !t.spaces.contains(&at) {
                    t.spaces.push(at);
                }
            }
            Move::Border { edge, .. } => t.edges.push(edge),
            _ => {}
        }
    }
    t
}

/// The move a tap on a space makes (money first, the first province that can take it).
pub fn move_for_space(moves: &[Move], s: Space) -> Option<Move> {
    let cheapest = |m: &&Move| match m {
        Move::Knight { pay, .. } => pay.0 as u32,
        _ => 0,
    };
    moves
        .iter()
        .filter(|m| matches!(m, Move::Castle { at, .. } | Move::Knight { at, .. } if *at == s) || matches!(m, Move::Expand { at, castle: None, .. } if *at == s))
        .min_by_key(cheapest)
        .copied()
}

/// The move a tap on an edge makes.
pub fn move_for_edge(moves: &[Move], e: Edge) -> Option<Move> {
    moves.iter().find(|m| matches!(m, Move::Border { edge, .. } if *edge == e)).copied()
}
