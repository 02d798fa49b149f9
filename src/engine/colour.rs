//! Player colours, per-colour storage, and the two editions whose colours they are.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// The colours of both editions: Classic's four in the order its rulebook lists them, then the
/// New Edition's blue and orange (its red and yellow are Classic's).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red (rose).
    Red,
    /// Yellow (cup).
    Yellow,
    /// Purple (fleur-de-lys).
    Purple,
    /// Grey (dove).
    Grey,
    /// Blue (New Edition).
    Blue,
    /// Orange (New Edition).
    Orange,
}

impl Colour {
    /// All colours of both editions.
    pub const ALL: [Colour; 6] = [Colour::Red, Colour::Yellow, Colour::Purple, Colour::Grey, Colour::Blue, Colour::Orange];
    /// Classic's colours in notation order.
    pub const CLASSIC: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Purple, Colour::Grey];
    /// The New Edition's colours in notation order (NOTATION.md).
    pub const NEW_EDITION: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Orange, Colour::Yellow];

    /// Index 0..6.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name used in records.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Purple => "purple",
            Colour::Grey => "grey",
            Colour::Blue => "blue",
            Colour::Orange => "orange",
        }
    }

    /// An edition's colours in notation order.
    pub fn of(edition: Edition) -> &'static [Colour; 4] {
        match edition {
            Edition::Classic => &Colour::CLASSIC,
            Edition::New => &Colour::NEW_EDITION,
        }
    }

    /// Parses a record colour name.
    pub fn parse(s: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == s)
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per colour, indexed by [`Colour`].
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct ByColour<T>(pub [T; 6]);

impl<T> ByColour<T> {
    /// Builds the container from a function of the colour.
    pub fn from_fn(mut f: impl FnMut(Colour) -> T) -> Self {
        ByColour(Colour::ALL.map(&mut f))
    }
}

impl<T: Copy> Copy for ByColour<T> {}

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;
    fn index(&self, c: Colour) -> &T {
        &self.0[c.index()]
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    fn index_mut(&mut self, c: Colour) -> &mut T {
        &mut self.0[c.index()]
    }
}

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
