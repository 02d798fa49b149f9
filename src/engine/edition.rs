//! The two editions side by side: each implements [`Rules`] (the trait generic code is written
//! over), and the enums the edges dispatch through ([`AnyRecord`], [`AnyGame`]): a record's
//! `Edition` header decides which game it is.
//!
//! Why both: the hot loops (random playouts, later the search of computer players) stay
//! monomorphic and fast through the trait; a record, a save or a link names its edition only
//! at run time, and one `match` of two arms there is simpler than trait objects.

use super::classic;
use super::colour::Colour;
use super::error::IllegalMove;
use super::newed;
use super::notation::{Lexed, RecordError};
pub use super::rules::{Edition, Rules};
use serde_json::Value;

macro_rules! rules_for {
    ($game:ty, $mv:ty, $ev:ty, $edition:expr) => {
        impl Rules for $game {
            type Move = $mv;
            type Event = $ev;
            const EDITION: Edition = $edition;
            fn legal_moves_into(&self, out: &mut Vec<$mv>) {
                <$game>::legal_moves_into(self, out)
            }
            fn play(&mut self, m: $mv) -> Result<Vec<$ev>, IllegalMove> {
                <$game>::play(self, m)
            }
            fn to_move(&self) -> Vec<Colour> {
                <$game>::to_move(self)
            }
            fn winners(&self) -> &[Colour] {
                <$game>::winners(self)
            }
            fn is_over(&self) -> bool {
                <$game>::is_over(self)
            }
            fn mover(m: &$mv) -> Colour {
                m.by()
            }
            fn summary(&self) -> Value {
                <$game>::summary(self)
            }
        }
    };
}

rules_for!(classic::game::Game, classic::moves::Move, classic::event::Event, Edition::Classic);
rules_for!(newed::Game, newed::Move, newed::Event, Edition::New);

/// A record of either edition, as its `[Edition]` header says.
#[derive(Clone, Debug)]
pub enum AnyRecord {
    /// A Classic record.
    Classic(classic::record::Record),
    /// A New Edition record.
    New(newed::Record),
}

impl AnyRecord {
    /// Parses a record of either edition.
    ///
    /// # Errors
    /// The first malformed line (a missing or unknown edition at its header).
    pub fn parse(text: &str) -> Result<AnyRecord, RecordError> {
        let lexed = Lexed::new(text)?;
        let (line, v) = lexed.get("Edition").ok_or(RecordError { line: 1, reason: "the Edition header is required".into() })?;
        match Edition::parse(v) {
            Some(Edition::Classic) => classic::record::Record::from_lexed(&lexed).map(AnyRecord::Classic),
            Some(Edition::New) => newed::Record::from_lexed(&lexed).map(AnyRecord::New),
            None => Err(RecordError { line, reason: format!("edition '{}' is not classic or new", super::notation::shown(v)) }),
        }
    }

    /// The record's edition.
    pub fn edition(&self) -> Edition {
        match self {
            AnyRecord::Classic(_) => Edition::Classic,
            AnyRecord::New(_) => Edition::New,
        }
    }

    /// Builds the game and plays every move.
    ///
    /// # Errors
    /// A bad setup or the first illegal move, with its line.
    pub fn replay(&self) -> Result<AnyGame, RecordError> {
        Ok(match self {
            AnyRecord::Classic(r) => AnyGame::Classic(r.replay()?),
            AnyRecord::New(r) => AnyGame::New(r.replay()?),
        })
    }
}

/// A game of either edition (held once per open game, so the size of its variants is no matter).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    /// A Classic game.
    Classic(classic::game::Game),
    /// A New Edition game.
    New(newed::Game),
}

impl AnyGame {
    /// The game's edition.
    pub fn edition(&self) -> Edition {
        match self {
            AnyGame::Classic(_) => Edition::Classic,
            AnyGame::New(_) => Edition::New,
        }
    }

    /// The referee's JSON.
    pub fn summary(&self) -> Value {
        match self {
            AnyGame::Classic(g) => g.summary(),
            AnyGame::New(g) => g.summary(),
        }
    }

    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        match self {
            AnyGame::Classic(g) => g.is_over(),
            AnyGame::New(g) => g.is_over(),
        }
    }

    /// Who must move.
    pub fn to_move(&self) -> Vec<Colour> {
        match self {
            AnyGame::Classic(g) => g.to_move(),
            AnyGame::New(g) => g.to_move(),
        }
    }
}
