//! Classic Löwenherz (Goldsieber 1997): rounds of action cards, decision cards, negotiation and
//! duels, politics cards, and the founding table. The board and its territorial rules are the
//! shared [`crate::engine::board`].

pub mod cards;
mod contest;
pub mod event;
pub mod game;
mod legal;
pub mod map;
pub mod moves;
mod hidden;
mod payment;
mod perform;
mod politics;
pub mod record;
mod round;
pub mod scoring;
pub mod setup;
mod start;
mod summary;
pub mod view;

pub use cards::{Action, CardFace, CardId, PoliticsCard, Treasures};
pub use event::{Event, ScoreReason};
pub use game::{Breakdown, Game, Phase};
pub use map::Map;
pub use moves::Move;
pub use record::Record;
pub use setup::{Setup, SetupKind};
pub use view::{PhaseView, View};
