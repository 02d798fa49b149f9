//! Typed reasons why a move or a setup is refused.

use super::board::BORDER_MARKERS;
use super::classic::cards::{CardId, PoliticsCard};
use super::colour::{Colour, Edition};
use super::grid::{Edge, Space};
use super::newed::cards::PowerCardId;
use super::limits::{MAX_DUCATS, MAX_SCORE};
use std::fmt;

/// Declares the refusals from one list — per variant its doc, name, fields (each a small number,
/// with an example value) and English text — and generates from it the enum, its English
/// `Display` (the referee's words), [`IllegalMove::index`] (the wire's tag), [`IllegalMove::name`]
/// (the catalogue key is `Illegal<name>`, whose `{placeholders}` are the fields),
/// [`IllegalMove::args`], [`IllegalMove::from_parts`] and [`IllegalMove::EXAMPLES`]. A new refusal
/// is one line here; its words, wire tag and tests follow.
macro_rules! refusals {
    ($(#[$meta:meta])* pub enum $name:ident {
        $( $(#[$doc:meta])* $v:ident $({ $($f:ident: u8 = $ex:literal),+ })? => $text:literal, )+
    }) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Debug)]
        pub enum $name {
            $( $(#[$doc])* $v $({ $($f: u8),+ })?, )+
        }

        impl $name {
            /// One refusal of every kind, in the order of [`Self::index`] (the fields take
            /// example values).
            pub const EXAMPLES: &'static [$name] = &[ $( $name::$v $({ $($f: $ex),+ })?, )+ ];

            /// The kind's number: its place in the list (and in [`Self::EXAMPLES`]).
            pub fn index(&self) -> u8 {
                #[allow(dead_code)]
                enum Kind { $($v),+ }
                match self { $( Self::$v { .. } => Kind::$v as u8, )+ }
            }

            /// The kind's name, as the variant is spelt.
            pub fn name(&self) -> &'static str {
                match self { $( Self::$v { .. } => stringify!($v), )+ }
            }

            /// The fields, by name, in the order declared.
            pub fn args(&self) -> Vec<(&'static str, u8)> {
                match self { $( Self::$v $({ $($f),+ })? => vec![$($( (stringify!($f), *$f) ),+)?], )+ }
            }

            /// The refusal of kind `index` with these fields (in the order of [`Self::args`]), or
            /// `None` when there is no such kind or the number of fields is not the kind's.
            pub fn from_parts(index: u8, args: &[u8]) -> Option<Self> {
                let mut it = args.iter().copied();
                let made = match Self::EXAMPLES.get(usize::from(index))? {
                    $( Self::$v { .. } => Self::$v $({ $($f: it.next()?),+ })?, )+
                };
                it.next().is_none().then_some(made)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, fmt: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $( Self::$v $({ $($f),+ })? => write!(fmt, $text), )+ }
            }
        }
    };
}

refusals! {
    /// Why a move was refused. The game is left exactly as it was.
    pub enum IllegalMove {
        /// The game is over.
        GameOver => "the game is over",
        /// The space or edge is not on this edition's board.
        OffBoard => "that space or edge is not on this board",
        /// It is not this colour's move.
        NotYourTurn => "it is not this colour's move",
        /// This kind of move does not fit the current step of the game.
        NotNow => "that move does not fit this step of the game",
        /// Setup: castles go on free open country.
        CastleNotOnOpenCountry => "a castle must stand on free open country",
        /// The space is occupied.
        SpaceOccupied => "that space is occupied",
        /// Setup: castles of one colour must be this far apart (R-C3).
        CastleTooClose { min_distance: u8 = 3 } => "castles of one colour must be at least {min_distance} spaces apart (counted orthogonally)",
        /// Setup: the castle needs a free open-country neighbour for its knight.
        NoRoomForKnight => "that castle would have no free open-country neighbour for its knight",
        /// Setup: the knight goes next to the castle just placed.
        KnightNotNextToCastle => "the knight must stand next to the castle just placed",
        /// Setup: knights go on open country (not forest, city or mountain).
        KnightNotOnOpenCountry => "during setup knights stand on open country only",
        /// Choosing: this many decision cards must be laid.
        WrongNumberOfDecisionCards { expected: u8 = 2 } => "this player lays {expected} decision card(s)",
        /// Choosing: the two cards must differ.
        SameDecisionCardTwice => "the two decision cards must differ",
        /// The politics card is not in the player's hand.
        CardNotInHand => "that politics card is not in the hand",
        /// Alliance and Renegade are played right after one's own decision card (R-C13).
        NotAfterOwnDecision => "alliance and renegade are played right after one's own decision card, one with each",
        /// That space holds no castle of the player with a province.
        NotOwnProvince => "that is not the castle of one of the player's provinces",
        /// That space holds no castle of another colour with a province.
        NotForeignProvince => "that is not the castle of another colour's province",
        /// The two provinces do not share a border edge.
        ProvincesNotNeighbours => "the two provinces do not share a border",
        /// These two provinces are already allied (R-B13).
        AlreadyAllied => "these provinces are already allied",
        /// No alliance binds these two provinces, or the player is not part of it.
        NoSuchAlliance => "no alliance of this player binds these two provinces",
        /// Renegade: the knight to remove must be the province owner's, inside that province (R-C9).
        NoForeignKnightThere => "the knight to remove must be the owner's knight inside the foreign province",
        /// Renegade: the knight is the only link of its colour's pieces (R-B9).
        OnlyLink => "that knight is the only link between pieces of its colour",
        /// Renegade: the new knight must stand inside the own province (R-C9).
        NotInOwnProvince => "the new knight must stand inside the player's own province",
        /// No knight left in stock.
        NoKnightInStock => "no knight is left in stock",
        /// The cost can't be paid.
        CannotAfford => "the player can't pay for that",
        /// A named treasure card is not in the hand, or is not needed for this payment.
        BadTreasurePayment => "that treasure card is not held, or is not needed for this payment",
        /// Negotiation: an offer must be higher than one's own last offer (R-C8).
        OfferNotHigher => "an offer must be higher than one's own last offer",
        /// An offer or bid can't exceed one's money.
        NotEnoughMoney => "that is more money than the player holds",
        /// Negotiation: there is no offer of the other player to accept.
        NoOfferToAccept => "there is no offer of the other player to accept",
        /// Duel: this player has already bid.
        AlreadyBid => "this player has already bid",
        /// Borders: no border placement is left in this action.
        NoBordersLeft => "no border is left to place in this action",
        /// Borders: a player with three provinces places no borders (R-C6).
        ThreeProvinces => "a player with three provinces places no borders",
        /// Borders: a border already stands there.
        BorderExists => "a border already stands there",
        /// Borders: the edge lies inside a province.
        BorderInsideProvince => "borders can't be placed inside a province",
        /// Borders: it would separate a knight from a castle or knight of its colour.
        BorderSeparatesPieces => "a border may not separate a knight from a castle or knight of its colour",
        /// The border stock is empty, or too small for this expansion (R-B3).
        NotEnoughBorders => "not enough border markers are left in the stock",
        /// No knight placement is left in this action.
        NoKnightLeft => "no knight is left to place in this action",
        /// Knights go on open country or forest, on an empty space.
        KnightTerrain => "knights stand on free open country or forest",
        /// A knight must stand next to a castle or knight of its colour with no border between.
        KnightNotConnected => "a knight must stand next to a castle or knight of its colour, with no border between",
        /// No expansion is left in this action (R-C11: a knight ends it).
        NoExpansionLeft => "no expansion is left in this action",
        /// The space does not touch the province.
        NotAdjacentToProvince => "that space does not touch the province",
        /// The space is in another province of the same player.
        OwnProvince => "a province can't take spaces of the same player's other province",
        /// A castle's space can never be taken (R-B4).
        SpaceHasCastle => "a castle's space can never be taken",
        /// A space with another colour's knight can't be taken (R-B4).
        SpaceHasForeignKnight => "a space with another colour's knight can't be taken",
        /// Knight superiority: the province needs more knights than the other (R-B11).
        TooFewKnights => "the province needs more knights than the province it takes from",
        /// An alliance binds the two provinces (R-B7).
        ProvincesAllied => "an alliance binds these two provinces",
        /// The space is already in the expanding province.
        AlreadyInProvince => "that space is already in the province",
        /// Politics action: that pile is empty (R-C12).
        PileEmpty => "that politics pile is empty",
        /// Politics action: that card is not in the pile.
        CardNotInPile => "that card is not in the pile",
        /// Politics action: a pile was opened, a card must be taken from it.
        MustTakeFromOpenedPile => "a card must be taken from the opened pile",
        /// Politics action: a pile is already open.
        PileAlreadyOpen => "a pile is already open",

        // ----- New Edition -----
        /// That power card is not in the player's hand.
        PowerCardNotInHand => "that power card is not in the hand",
        /// The card has no such action (one-action cards have only action 1).
        NoSuchAction => "that card has no such action",
        /// That card is not in the market.
        CardNotInMarket => "that card is not in the market",
        /// The card sold this turn can't be taken back (R-N13).
        CardJustSold => "the card sold this turn can't be taken back",
        /// The deck is empty.
        DeckEmpty => "the deck is empty",
        /// Renegade: both regions need a knight of their own owner inside (R-N10).
        RegionWithoutKnight => "the region needs a knight of its owner",
        /// Renegade: no knight of that region may be removed (R-N10, R-B9).
        NoRemovableKnight => "no knight of that region may be removed without breaking a link",
        /// Two of the player's regions may take that space: the move names the castle of one.
        RegionNotNamed => "two of the player's regions may take that space: name the castle of the one that takes it",
        /// Placement (New Edition): the castle needs a free meadow or forest beside it for its knight.
        NoGroundForKnight => "that castle would have no free meadow or forest beside it for its knight",
        /// R-N4: `done` ends a card's action only after its first step.
        ActionNotBegun => "the card's action ends only after its first step",
        /// R-N4: a card is played for borders only when a border can be placed.
        NoBorderToPlace => "no border can be placed now, so the card can't be played for borders",
        /// R-N4: a card is played for knights only when, its price paid, a knight can be placed and
        /// paid for (a free meadow beside an own piece, or a forest and 1 ducat left).
        NoKnightToPlace => "no free space for a knight you can pay for, so the card can't be played for knights",
        /// R-N4: a card is played for an expansion only when one of the player's regions can take a space.
        NoSpaceToTake => "none of your regions can take a space now, so the card can't be played to expand",
        /// R-N4, R-N10: a card is played for its Renegade only when a whole Renegade can be done.
        NoRenegadePossible => "no Renegade is possible now: it needs your region with your knight beside a foreign region whose knight may leave, and a free space in your region for a knight you can pay for",
        /// R-N4, R-N11: a card is played for its Alliance only when two regions can be allied.
        NoAlliancePossible => "no Alliance is possible now: none of your regions borders a foreign region it is not yet allied with",
    }
}

impl std::error::Error for IllegalMove {}

/// Why a setup (or a record's header) was refused, with what it names. `Display` gives the
/// referee's English (shared/NOTATION.md: `line N: <reason>`); the app says the same in the
/// player's language (`app::words::setup_error`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// Not 2 to 4 players.
    PlayerCount,
    /// A colour seated twice.
    SeatedTwice(Colour),
    /// A colour the edition doesn't have.
    NotEditionColour { colour: Colour, edition: Edition },
    /// The neutral colour is also a player's.
    NeutralIsPlayer(Colour),
    /// Classic: four players leave no colour to be neutral.
    NoNeutralWithFour,
    /// A 2-player game names no neutral colour.
    NeutralNeeded,
    /// New Edition: only the 2-player game has a neutral colour.
    NeutralOnlyWithTwo,
    /// Classic: the 2-player game always uses the variable setup.
    TwoPlayersVariable,
    /// Classic: the basic game uses its own tiles upright.
    BasicTiles,
    /// Classic: a tile is laid twice.
    TileTwice,
    /// Classic: an action card is in the deck twice.
    ActionCardTwice(CardId),
    /// New Edition: a power card is in the deck twice.
    PowerCardTwice(PowerCardId),
    /// New Edition: a power card is named twice in the hands and the market.
    PowerCardNamedTwice(PowerCardId),
    /// Cards are given to a colour that doesn't play.
    HandOfNonPlayer(Colour),
    /// Classic: no such politics card is left to give to this colour.
    NoCardLeft { card: PoliticsCard, colour: Colour },
    /// Classic: the piles hold more of a politics card than the game has.
    PilesTooMany(PoliticsCard),
    /// New Edition: a hand of more than three cards.
    HandTooBig(Colour),
    /// A piece off the edition's board.
    SpaceOffBoard { space: Space, edition: Edition },
    /// Two pieces on one space.
    TwoPieces(Space),
    /// More knights than a colour has.
    TooManyKnights { colour: Colour, knights: u8 },
    /// Classic: more than four castles of a colour.
    TooManyCastles(Colour),
    /// New Edition: too many castles of a colour, or one not on a meadow.
    CastlesOnMeadows { colour: Colour, castles: u8, space: Space },
    /// New Edition: a knight on ground knights can't stand on.
    KnightGround(Space),
    /// A piece of a colour that is not in the game.
    NotInGame(Colour),
    /// A border off the edition's board.
    EdgeOffBoard { edge: Edge, edition: Edition },
    /// A border listed twice.
    BorderTwice(Edge),
    /// More borders than the game has markers.
    TooManyBorders,
    /// Pieces or borders (New Edition: or a market) without the custom setup.
    PiecesNeedCustom(Edition),
    /// Ducats or a score for a colour that doesn't play.
    NotAPlayer(Colour),
    /// A colour's ducats are given twice.
    DucatsTwice(Colour),
    /// A colour is given more ducats than a record may give ([`MAX_DUCATS`]).
    TooManyDucats(Colour),
    /// A colour's score is given twice.
    ScoreTwice(Colour),
    /// Classic: a score higher than a record may give ([`MAX_SCORE`]).
    ScoreTooHigh(Colour),
    /// New Edition: a score at or past the King chip.
    ScorePastKing { colour: Colour, score: u32, king: u32 },
    /// The start player is not seated.
    StartNotSeated(Colour),
    /// New Edition: an alliance that doesn't name two regions' castles.
    AllianceNotCastles(Space, Space),
    /// New Edition: an alliance of regions that are not neighbours of different colours, or
    /// given twice.
    AllianceNotNeighbours(Space, Space),
}

/// The edition's board as the messages name it.
pub(crate) fn board_name(e: Edition) -> &'static str {
    match e {
        Edition::Classic => "Classic",
        Edition::New => "New Edition",
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SetupError::*;
        match self {
            PlayerCount => write!(f, "a game has 2 to 4 players"),
            SeatedTwice(c) => write!(f, "{c} is seated twice"),
            NotEditionColour { colour, edition } => {
                let names: Vec<&str> = Colour::of(*edition).iter().map(|c| c.name()).collect();
                write!(f, "{colour} is not a {} colour ({})", board_name(*edition), names.join(", "))
            }
            NeutralIsPlayer(c) => write!(f, "the neutral colour {c} is also a player"),
            NoNeutralWithFour => write!(f, "4 players leave no neutral colour"),
            NeutralNeeded => write!(f, "a 2-player game needs a Neutral colour"),
            NeutralOnlyWithTwo => write!(f, "only the 2-player game has a neutral colour"),
            TwoPlayersVariable => write!(f, "the 2-player game always uses the variable setup"),
            BasicTiles => write!(f, "the basic game uses tiles A–F upright (A0 B0 C0 D0 E0 F0)"),
            TileTwice => write!(f, "each tile A–F is used once"),
            ActionCardTwice(c) => write!(f, "action card {c} is in the deck twice"),
            PowerCardTwice(c) => write!(f, "power card {c} is in the deck twice"),
            PowerCardNamedTwice(c) => write!(f, "power card {c} is named twice"),
            HandOfNonPlayer(c) => write!(f, "{c} is not a player and holds no cards"),
            NoCardLeft { card, colour } => write!(f, "there is no {card} left to give to {colour}"),
            PilesTooMany(card) => write!(f, "the politics piles hold more {card} cards than the game has"),
            HandTooBig(c) => write!(f, "{c} holds more than three cards"),
            SpaceOffBoard { space, edition } => write!(f, "{space} is not on the {} board", board_name(*edition)),
            TwoPieces(s) => write!(f, "two pieces on {s}"),
            TooManyKnights { colour, knights } => write!(f, "{colour} has only {knights} knights"),
            TooManyCastles(c) => write!(f, "{c} has only 4 castles"),
            CastlesOnMeadows { colour, castles, space } => write!(f, "{colour} has {castles} castles, each on a meadow ({space})"),
            KnightGround(s) => write!(f, "a knight can't stand on {s} (knights stand on meadow or forest)"),
            NotInGame(c) => write!(f, "{c} is not in this game"),
            EdgeOffBoard { edge, edition } => write!(f, "{edge} is not on the {} board", board_name(*edition)),
            BorderTwice(e) => write!(f, "border {e} listed twice"),
            TooManyBorders => write!(f, "the game has only {BORDER_MARKERS} border markers"),
            PiecesNeedCustom(Edition::Classic) => write!(f, "pieces and borders are given only with the custom setup"),
            PiecesNeedCustom(Edition::New) => write!(f, "pieces, borders and the market are given only with the custom setup"),
            NotAPlayer(c) => write!(f, "{c} is not a player"),
            DucatsTwice(c) => write!(f, "{c}'s ducats are given twice"),
            TooManyDucats(c) => write!(f, "{c}'s ducats are more than {MAX_DUCATS}"),
            ScoreTwice(c) => write!(f, "{c}'s score is given twice"),
            ScoreTooHigh(c) => write!(f, "{c}'s score is more than {MAX_SCORE}"),
            ScorePastKing { colour, score, king } => write!(f, "{colour}'s score {score} is at or past the King chip ({king})"),
            StartNotSeated(c) => write!(f, "the start player {c} is not seated"),
            AllianceNotCastles(a, b) => write!(f, "the alliance {a}:{b} must name the castles of two regions"),
            AllianceNotNeighbours(a, b) => write!(f, "the alliance {a}:{b} must bind two neighbouring regions of different colours, once"),
        }
    }
}

impl std::error::Error for SetupError {}

#[cfg(test)]
mod tests {
    use super::IllegalMove;

    #[test]
    fn the_refusals_list_numbers_names_and_rebuilds_every_kind() {
        let all = IllegalMove::EXAMPLES;
        assert_eq!(all.len(), 65);
        for (i, e) in all.iter().enumerate() {
            assert_eq!(usize::from(e.index()), i, "{e:?}");
            assert!(format!("{e:?}").starts_with(e.name()), "{e:?} is named {}", e.name());
            let args: Vec<u8> = e.args().iter().map(|a| a.1).collect();
            assert_eq!(IllegalMove::from_parts(e.index(), &args), Some(*e));
            assert!(all.iter().filter(|o| o.name() == e.name()).count() == 1, "{e:?} listed twice");
        }
        let e = IllegalMove::CastleTooClose { min_distance: 4 };
        assert_eq!(e.args(), vec![("min_distance", 4)]);
        assert_eq!(e.to_string(), "castles of one colour must be at least 4 spaces apart (counted orthogonally)");
        assert_eq!(IllegalMove::from_parts(e.index(), &[4]), Some(e));
        assert_eq!(IllegalMove::from_parts(e.index(), &[]), None, "a field missing");
        assert_eq!(IllegalMove::from_parts(e.index(), &[4, 4]), None, "a field too many");
        assert_eq!(IllegalMove::from_parts(0, &[1]), None);
        assert_eq!(IllegalMove::from_parts(65, &[]), None);
        assert_eq!(IllegalMove::GameOver.to_string(), "the game is over");
    }
}
