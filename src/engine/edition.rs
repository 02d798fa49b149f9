//! The two editions side by side: the [`Rules`] trait that generic code (bots, the referee's
//! play and bench, the property tests) is written over, and the enums the edges dispatch
//! through ([`AnyRecord`], [`AnyGame`]): a record's `Edition` header decides which game it is.
//!
//! Why both: the hot loops (random playouts, later the search of computer players) stay
//! monomorphic and fast through the trait; a record, a save or a link names its edition only
//! at run time, and one `match` of two arms there is simpler than trait objects.

use super::classic;
use super::colour::Colour;
use super::error::{IllegalMove, SetupError};
use super::newed;
use super::notation::{Lexed, RecordError};
use serde_json::Value;
use std::fmt;

/// The two rule sets.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Edition {
    /// Goldsieber 1997.
    Classic,
    /// Kosmos 2002 (*Domaine*).
    New,
}

impl Edition {
    /// The `[Edition]` header value.
    pub fn name(self) -> &'static str {
        match self {
            Edition::Classic => "classic",
            Edition::New => "new",
        }
    }

    /// Parses the `[Edition]` header value.
    pub fn parse(s: &str) -> Option<Edition> {
        match s {
            "classic" => Some(Edition::Classic),
            "new" => Some(Edition::New),
            _ => None,
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What generic code needs of a game of either edition.
pub trait Rules: Clone {
    /// A move of this edition.
    type Move: Copy + Eq + fmt::Display + fmt::Debug;
    /// An event of this edition.
    type Event;
    /// This edition.
    const EDITION: Edition;
    /// Every legal move now, into a reused buffer.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);
    /// Plays a move (all or nothing).
    ///
    /// # Errors
    /// Why the move is refused.
    fn play(&mut self, m: Self::Move) -> Result<Vec<Self::Event>, IllegalMove>;
    /// Who must move (empty when over).
    fn to_move(&self) -> Vec<Colour>;
    /// The winners, once over.
    fn winners(&self) -> &[Colour];
    /// True when the game is over.
    fn is_over(&self) -> bool;
    /// The colour making a move.
    fn mover(m: &Self::Move) -> Colour;
    /// The referee's JSON.
    fn summary(&self) -> Value;
}

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

/// Starts a game from a record's setup and plays its moves, calling `each` with the events of
/// the start and of every move (both editions' `Record::replay_with`).
///
/// # Errors
/// A bad setup (reported at the last header line) or the first illegal move, with its line.
pub fn replay_moves<G: Rules>(
    start: Result<(G, Vec<G::Event>), SetupError>,
    header_line: usize,
    moves: &[(usize, G::Move)],
    mut each: impl FnMut(&G, &[G::Event]),
) -> Result<G, RecordError> {
    let (mut game, ev) = start.map_err(|e| RecordError { line: header_line, reason: e.0 })?;
    each(&game, &ev);
    for &(line, mv) in moves {
        let ev = game.play(mv).map_err(|e| RecordError { line, reason: format!("{mv}: {e}") })?;
        each(&game, &ev);
    }
    Ok(game)
}

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
            Some(Edition::Classic) => classic::record::Record::parse(text).map(AnyRecord::Classic),
            Some(Edition::New) => newed::Record::from_lexed(&lexed).map(AnyRecord::New),
            None => Err(RecordError { line, reason: format!("edition '{v}' is not classic or new") }),
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

/// A game of either edition.
#[derive(Clone, Debug)]
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
