//! What the session reads of an edition's view and setup: both editions spell it alike, so it is
//! written once here, for both, by macro.

use crate::app::since::Snapshot;
use crate::engine::Colour;

/// What the session reads of a view. Both editions' views spell it alike (`seat_view!`).
pub trait SeatView {
    /// The edition's move.
    type Move;
    /// Whose view it is (`None`: the public view).
    fn viewer(&self) -> Option<Colour>;
    /// The viewer's legal moves.
    fn moves(&self) -> &[Self::Move];
    /// The borders and pieces on the board.
    fn into_snapshot(self) -> Snapshot;
}

macro_rules! seat_view {
    ($($view:ty => $mv:ty),*) => {$(
        impl SeatView for $view {
            type Move = $mv;
            fn viewer(&self) -> Option<Colour> {
                self.viewer
            }
            fn moves(&self) -> &[$mv] {
                &self.moves
            }
            fn into_snapshot(self) -> Snapshot {
                Snapshot { borders: self.borders, pieces: self.pieces }
            }
        }
    )*};
}

seat_view!(crate::engine::classic::view::View => crate::engine::classic::moves::Move, crate::engine::newed::view::View => crate::engine::newed::Move);

/// What the session reads of a setup. Both editions' setups spell it alike.
pub trait Seating {
    /// The seating order.
    fn players(&self) -> &[Colour];
    /// The seed.
    fn seed(&self) -> crate::engine::Seed;
}

macro_rules! seating {
    ($($setup:ty),*) => {$(
        impl Seating for $setup {
            fn players(&self) -> &[Colour] {
                &self.players
            }
            fn seed(&self) -> crate::engine::Seed {
                self.seed
            }
        }
    )*};
}

seating!(crate::engine::classic::setup::Setup, crate::engine::newed::Setup);
