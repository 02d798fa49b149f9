//! The rules of Löwenherz as a pure, deterministic engine: both editions over one board.
//!
//! - [`grid`]: spaces, edges, bit sets and the shape of each edition's board;
//! - [`board`]: land, borders, pieces, components and the territorial rules both editions share
//!   (R-B1…R-B13), returning facts, never scores;
//! - [`classic`]: Classic Löwenherz (Goldsieber 1997): rounds, action cards, contests, politics;
//! - [`newed`]: the New Edition (Kosmos 2002, *Domaine*): turns, power cards, market, income,
//!   monopolies, the King chip;
//! - [`edition`]: the one place that dispatches over the two ([`AnyGame`], [`AnyRecord`]).
//!
//! Rulings `R-…` refer to shared/RULES.md. Nothing here touches the browser.
//!
//! ```
//! use loewenherz::engine::classic::{Game, Move, Setup, SetupKind};
//! use loewenherz::engine::Colour;
//! let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42);
//! let (mut game, _) = Game::new(&setup).unwrap();
//! assert_eq!(game.to_move(), vec![Colour::Red]);
//! // Red, start player of a 3-player game, lays two decision cards.
//! game.play(Move::Decide { by: Colour::Red, first: 1, second: Some(3) }).unwrap();
//! assert_eq!(game.to_move(), vec![Colour::Yellow]);
//! ```

pub mod ai;
pub mod board;
pub mod bot;
pub mod classic;
pub mod colour;
pub mod edition;
pub mod error;
pub mod grid;
pub mod limits;
pub mod newed;
pub mod notation;
pub mod rng;
pub mod seed;
pub mod rules;
pub mod seating;

pub use board::land::{Land, MineKind, Terrain};
pub use board::{Board, Piece, PieceKind};
pub use notation::RecordError;
pub use colour::{ByColour, Colour};
pub use edition::{AnyEvent, AnyGame, AnyMove, AnyRecord, Edition, Rules};
pub use error::{IllegalMove, SetupError};
pub use notation::RecordReason;
pub use grid::{Edge, Space};
pub use seed::Seed;
