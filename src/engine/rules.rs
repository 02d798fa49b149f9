//! What both editions' games are to generic code: the [`Rules`] trait that the bots, the
//! referee's play and bench and the property tests are written over, the [`Edition`] it names,
//! and the record replay loop both editions share. The editions implement it in
//! [`crate::engine::edition`], which also holds the enums the edges dispatch through.

pub use super::colour::Edition;
use super::colour::Colour;
use super::error::{IllegalMove, SetupError};
use super::notation::{RecordError, RecordReason};
use serde_json::Value;
use std::fmt;


impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What generic code needs of a game of either edition.
pub trait Rules: Clone {
    /// A move of this edition.
    type Move: Copy + Eq + std::hash::Hash + fmt::Display + fmt::Debug;
    /// An event of this edition.
    type Event;
    /// This edition.
    const EDITION: Edition;
    /// Every legal move now, into a reused buffer.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);
    /// Plays a move (all or nothing).
    ///
    /// # Errors
    /// Why the move is refused.
    fn play(&mut self, m: Self::Move) -> Result<Vec<Self::Event>, IllegalMove>;
    /// Who must move (empty when over).
    fn to_move(&self) -> Vec<Colour>;
    /// The winners, once over.
    fn winners(&self) -> &[Colour];
    /// True when the game is over.
    fn is_over(&self) -> bool;
    /// The colour making a move.
    fn mover(m: &Self::Move) -> Colour;
    /// The referee's JSON.
    fn summary(&self) -> Value;

    // ----- rule facts: what a move or an event means to the table -----

    /// An event that shows the table something new: a card drawn or turned up, bids revealed,
    /// the game's end.
    fn reveals(e: &Self::Event) -> bool;
    /// An event that shows the mover alone something (New Edition: the card drawn).
    fn private_to_mover(e: &Self::Event) -> bool;
    /// A player who may make an optional move now, before whoever must move (Classic: a
    /// politics card right after one's own decision card, R-C13).
    fn optional_mover(&self) -> Option<Colour>;
    /// The score change an event makes: the colour and the points.
    fn score_change(e: &Self::Event) -> Option<(Colour, i32)>;
    /// A move every colour due makes at once, secret until all are in (Classic: duel bids).
    fn sealed(m: &Self::Move) -> bool;
}

/// Starts a game from a record's setup and plays its moves, calling `each` with the events of
/// the start and of every move (both editions' `Record::replay_with`).
///
/// # Errors
/// A bad setup (reported at the last header line) or the first illegal move, with its line.
pub fn replay_moves<G: Rules>(
    start: Result<(G, Vec<G::Event>), SetupError>,
    header_line: usize,
    moves: &[(usize, G::Move)],
    mut each: impl FnMut(&G, &[G::Event]),
) -> Result<G, RecordError> {
    let (mut game, ev) = start.map_err(|e| RecordError { line: header_line, reason: e.into() })?;
    each(&game, &ev);
    for &(line, mv) in moves {
        let ev = game.play(mv).map_err(|why| RecordError { line, reason: RecordReason::Illegal { mv: mv.to_string(), why } })?;
        each(&game, &ev);
    }
    Ok(game)
}
