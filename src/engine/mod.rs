//! The rules of Classic Löwenherz (Goldsieber 1997) as a pure, deterministic engine.
//!
//! Rulings `R-…` refer to shared/RULES.md. Nothing here touches the browser.
//!
//! ```
//! use loewenherz::engine::{Colour, Game, Move, Setup, SetupKind};
//! let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42);
//! let (mut game, _) = Game::new(&setup).unwrap();
//! assert_eq!(game.to_move(), vec![Colour::Red]);
//! // Red, start player of a 3-player game, lays two decision cards.
//! game.play(Move::Decide { by: Colour::Red, first: 1, second: Some(3) }).unwrap();
//! assert_eq!(game.to_move(), vec![Colour::Yellow]);
//! ```


pub mod board;
pub mod bot;
pub mod cards;
pub mod colour;
pub mod error;
pub mod event;
pub mod game;
pub mod map;
pub mod moves;
pub mod record;
pub mod setup;
pub mod space;
mod summary;
pub mod view;

pub use board::{Board, Piece, PieceKind};
pub use cards::{Action, CardFace, CardId, PoliticsCard, Treasures};
pub use colour::{ByColour, Colour};
pub use error::{IllegalMove, SetupError};
pub use event::{Event, ScoreReason};
pub use game::{Breakdown, Game, Phase};
pub use map::{Map, Terrain};
pub use moves::Move;
pub use record::{Record, RecordError};
pub use setup::{Setup, SetupKind};
pub use space::{Edge, Space};
pub use view::{PhaseView, View};
