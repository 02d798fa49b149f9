//! A New Edition game's setup: seating, options and (for custom positions) the position.

use super::cards::PowerCardId;
use super::map::Layout;
use crate::engine::colour::Colour;
use crate::engine::grid::{Edge, Space};
use crate::engine::seed::Seed;

/// Everything a New Edition game starts from (the headers of its record).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// Seating order, clockwise; the first places first.
    pub players: Vec<Colour>,
    /// The neutral colour (2 players only, required there).
    pub neutral: Option<Colour>,
    /// Seed of every shuffle the setup does not spell out.
    pub seed: Seed,
    /// Placement moves follow (`false`), or the position below (`true`).
    pub custom: bool,
    /// The tiles; `None`: from the seed.
    pub tiles: Option<Layout>,
    /// The deck from the top, before dealing; `None`: from the seed.
    pub deck: Option<Vec<PowerCardId>>,
    /// Everyone's money is hidden from the others (R-N7: public by default).
    pub private_money: bool,
    /// Custom: castles.
    pub castles: Vec<(Colour, Space)>,
    /// Custom: knights.
    pub knights: Vec<(Colour, Space)>,
    /// Custom: borders.
    pub borders: Vec<Edge>,
    /// Custom: ducats (unlisted: 7).
    pub ducats: Vec<(Colour, u32)>,
    /// Custom: scores (unlisted: 0).
    pub scores: Vec<(Colour, u32)>,
    /// Custom: hands (unlisted: three dealt from the deck while it has cards).
    pub hands: Vec<(Colour, Vec<PowerCardId>)>,
    /// Custom: the market.
    pub market: Vec<PowerCardId>,
    /// Custom: alliances, as pairs of castles.
    pub alliances: Vec<(Space, Space)>,
    /// Custom: whose turn begins (unlisted: the first player).
    pub start: Option<Colour>,
}

impl Setup {
    /// A variable setup (placement moves follow) for these players and seed.
    /// A short seed as given (a long one: set `seed` after).
    pub fn new(players: Vec<Colour>, seed: u64) -> Setup {
        Setup {
            players,
            neutral: None,
            seed: Seed::Short(seed),
            custom: false,
            tiles: None,
            deck: None,
            private_money: false,
            castles: Vec::new(),
            knights: Vec::new(),
            borders: Vec::new(),
            ducats: Vec::new(),
            scores: Vec::new(),
            hands: Vec::new(),
            market: Vec::new(),
            alliances: Vec::new(),
            start: None,
        }
    }
}
