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

use crate::engine::classic::record::Record;
use crate::engine::{AnyRecord, Colour};

/// Reads a Classic record for the browser game, which plays Classic only: a New Edition record
/// (which the engine and the referee read) gets a clear message instead of a parse error.
///
/// # Errors
/// `line N: reason` for a bad record; the message above for a New Edition one.
pub fn classic_record(text: &str) -> Result<Record, String> {
    match AnyRecord::parse(text).map_err(|e| e.to_string())? {
        AnyRecord::Classic(r) => Ok(r),
        AnyRecord::New(_) => Err("this is a New Edition game; the browser game plays Classic only for now (loewenherz-cli replays it)".into()),
    }
}

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
