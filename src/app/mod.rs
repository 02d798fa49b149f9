//! Presentation logic of the browser game, free of the browser: the pass-and-play
//! session (who holds the device, staged moves, hand-overs), start parameters from a
//! link, the save format and the game log in words. It compiles and is tested natively;
//! `ui` draws it with Leptos.

pub mod log;
pub mod newed_log;
pub mod newed_session;
pub mod params;
pub mod render;
pub mod replay;
pub mod save;
pub mod seats;
pub mod session;
pub mod share;
pub mod since;
pub mod targets;

use crate::engine::classic::record::Record;
use crate::engine::{AnyRecord, Colour, Edition};
use newed_session::NewSession;
use replay::Replay;
use session::Session;

/// Reads a Classic record: a New Edition record gets a clear message instead of a parse error
/// (a record of one edition never opens as the other).
///
/// # Errors
/// `line N: reason` for a bad record; the message above for a New Edition one.
pub fn classic_record(text: &str) -> Result<Record, String> {
    match AnyRecord::parse(text).map_err(|e| e.to_string())? {
        AnyRecord::Classic(r) => Ok(r),
        AnyRecord::New(_) => Err("this is a New Edition game, not a Classic one".into()),
    }
}

/// A game on this device, of either edition.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum AnySession {
    /// A Classic game.
    Classic(Session),
    /// A New Edition game.
    New(NewSession),
}

impl AnySession {
    /// Rebuilds a game from a record of either edition: its `[Edition]` header decides.
    ///
    /// # Errors
    /// `line N: reason` for the record's first problem.
    pub fn from_record(id: String, text: &str) -> Result<AnySession, String> {
        match AnyRecord::parse(text).map_err(|e| e.to_string())? {
            AnyRecord::Classic(_) => Session::from_record(id, text).map(AnySession::Classic),
            AnyRecord::New(r) => {
                let seats = seats::Seats::from_record(text)?;
                NewSession::from_record(id, &r).map(|s| AnySession::New(s.with_seats(seats)))
            }
        }
    }

    /// For the list of saved games ("Classic · Ann, Ben · round 3").
    pub fn summary(&self) -> String {
        match self {
            AnySession::Classic(s) => s.summary(),
            AnySession::New(s) => s.summary(),
        }
    }

    /// The record of the confirmed moves (what a save keeps).
    pub fn record(&self) -> String {
        match self {
            AnySession::Classic(s) => s.record(),
            AnySession::New(s) => s.record(),
        }
    }

    /// The edition.
    pub fn edition(&self) -> Edition {
        match self {
            AnySession::Classic(_) => Edition::Classic,
            AnySession::New(_) => Edition::New,
        }
    }
}

/// A record opened for replay, of either edition.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum AnyReplay {
    /// A Classic record.
    Classic(Replay),
    /// A New Edition record.
    New(replay::NewReplay),
}

impl AnyReplay {
    /// Reads and checks a whole record of either edition.
    ///
    /// # Errors
    /// `line N: reason` for the first problem.
    pub fn open(text: &str) -> Result<AnyReplay, String> {
        match AnyRecord::parse(text).map_err(|e| e.to_string())? {
            AnyRecord::Classic(_) => Replay::open(text).map(AnyReplay::Classic),
            AnyRecord::New(r) => replay::NewReplay::open(r).map(AnyReplay::New),
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        match self {
            AnyReplay::Classic(r) => r.len(),
            AnyReplay::New(r) => r.len(),
        }
    }

    /// True for a record without moves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The step shown.
    pub fn at(&self) -> usize {
        match self {
            AnyReplay::Classic(r) => r.at,
            AnyReplay::New(r) => r.at,
        }
    }

    /// Shows the game after `n` moves.
    pub fn go_to(&mut self, n: usize) {
        match self {
            AnyReplay::Classic(r) => r.go_to(n),
            AnyReplay::New(r) => r.go_to(n),
        }
    }

    /// The move that led to the shown step, in notation.
    pub fn last_move(&self) -> Option<String> {
        match self {
            AnyReplay::Classic(r) => r.last_move().map(|m| m.to_string()),
            AnyReplay::New(r) => r.last_move().map(|m| m.to_string()),
        }
    }

    /// True at the end of a finished game.
    pub fn is_over(&self) -> bool {
        match self {
            AnyReplay::Classic(r) => r.game.is_over(),
            AnyReplay::New(r) => r.session.game.is_over(),
        }
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
