//! Löwenherz (Klaus Teuber, Goldsieber 1997): a pure rules engine, the game-record
//! format and command-line referee, and (in the browser) the pass-and-play game.
//!
//! `engine` knows nothing of the browser; `ui` renders only what the player holding
//! the device may see; `storage` keeps what the game saves in localStorage (the sound switch and
//! the crash test read one key each of their own).

pub mod app;
pub mod engine;
pub mod i18n;

#[cfg(target_arch = "wasm32")]
pub mod ui;
