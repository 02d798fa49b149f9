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
pub mod words;
pub mod since;
pub mod targets;
pub mod tutorial;
pub mod why;

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
        AnyRecord::New(_) => Err(crate::tr!(String AppRecordNotClassic)),
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

/// The English name of a colour: the name a seat without a typed name is stored under (in
/// records, saves and links), whatever the language. Not for display: show a colour with
/// [`colour_name`] and a stored player name with [`player_name`].
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

/// The display name of a colour in the current language (a glossary word: German yellow is
/// „Ocker“ in Classic and „Gelb“ in the New Edition).
pub fn colour_name(edition: Edition, c: Colour) -> &'static str {
    use crate::tr;
    match c {
        Colour::Red => tr!(AppColourRed),
        Colour::Yellow if edition == Edition::New => tr!(AppColourYellowNew),
        Colour::Yellow => tr!(AppColourYellow),
        Colour::Purple => tr!(AppColourPurple),
        Colour::Grey => tr!(AppColourGrey),
        Colour::Blue => tr!(AppColourBlue),
        Colour::Orange => tr!(AppColourOrange),
    }
}

/// A stored player name as shown: a seat whose player typed no name is stored under its
/// colour's English name ([`colour_label`]) and shown as the colour in the current language;
/// a typed name is shown as typed.
pub fn player_name(edition: Edition, c: Colour, stored: &str) -> String {
    if stored == colour_label(c) { colour_name(edition, c).to_string() } else { stored.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{set_lang, Lang};

    #[test]
    fn colours_and_untyped_names_are_shown_in_the_players_language() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        assert_eq!(colour_name(Edition::Classic, Colour::Yellow), "Yellow");
        assert_eq!(player_name(Edition::Classic, Colour::Grey, "Grey"), "Grey");
        set_lang(Lang::De);
        assert_eq!(colour_name(Edition::Classic, Colour::Yellow), "Ocker");
        assert_eq!(colour_name(Edition::New, Colour::Yellow), "Gelb");
        assert_eq!(player_name(Edition::Classic, Colour::Red, "Red"), "Rot");
        assert_eq!(player_name(Edition::Classic, Colour::Red, "Ann"), "Ann");
        assert_eq!(classic_record("[Edition \"new\"]\n[Players \"red blue orange\"]\n").unwrap_err(), "dies ist ein Spiel der Neuauflage, kein klassisches");
        set_lang(Lang::It);
        assert_eq!(player_name(Edition::New, Colour::Orange, "Orange"), "Arancione");
        assert_eq!(colour_label(Colour::Orange), "Orange", "stored names stay English");
        set_lang(Lang::En);
    }
}
