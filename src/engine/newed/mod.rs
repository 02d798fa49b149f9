//! The New Edition (Kosmos 2002, in English *Domaine*): turns of income, one power card sold or
//! played, and a refill; the market, mine income and monopolies, the King chip and the final
//! phase. The board and its territorial rules are the shared [`crate::engine::board`]; the tiles
//! and the 60 power cards are data files (`data/`), our reconstruction (RULES.md).

mod actions;
pub mod cards;
pub mod event;
pub mod game;
mod hidden;
mod legal;
pub mod map;
pub mod moves;
pub mod record;
pub mod setup;
mod summary;
mod turn;
pub mod view;

pub use cards::{PowerAction, PowerCard, PowerCardId};
pub use event::{Event, ScoreReason};
pub use game::{Breakdown, Game, Phase, Work};
pub use map::{Layout, TilePlacement};
pub use moves::Move;
pub use record::Record;
pub use setup::Setup;
pub use view::View;
