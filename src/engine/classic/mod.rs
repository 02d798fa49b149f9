//! Classic Löwenherz (Goldsieber 1997): rounds of action cards, decision cards, negotiation and
//! duels, politics cards, and the founding table. The board and its territorial rules are the
//! shared [`crate::engine::board`].

pub mod cards;
pub mod event;
pub mod game;
pub mod map;
pub mod moves;
pub mod record;
pub mod setup;
mod summary;
pub mod view;
