//! Presentation logic of the browser game, free of the browser: the pass-and-play
//! session (who holds the device, staged moves, hand-overs), start parameters from a
//! link, the save format and the game log in words. It compiles and is tested natively;
//! `ui` draws it with Leptos.

pub mod log;
pub mod params;
pub mod replay;
pub mod save;
pub mod session;
pub mod share;
pub mod targets;

use crate::engine::Colour;

/// The display name of a colour.
pub fn colour_label(c: Colour) -> &'static str {
    match c {
        Colour::Red => "Red",
        Colour::Yellow => "Yellow",
        Colour::Purple => "Purple",
        Colour::Grey => "Grey",
        Colour::Blue => "Blue",
        Colour::Orange => "Orange",
    }
}
