//! Typed reasons why a move or a setup is refused.

use std::fmt;

/// Why a move was refused. The game is left exactly as it was.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    /// The game is over.
    GameOver,
    /// The space or edge is not on this edition's board.
    OffBoard,
    /// It is not this colour's move.
    NotYourTurn,
    /// This kind of move does not fit the current step of the game.
    NotNow,
    /// Setup: castles go on free open country.
    CastleNotOnOpenCountry,
    /// The space is occupied.
    SpaceOccupied,
    /// Setup: castles of one colour must be this far apart (R-C3).
    CastleTooClose { min_distance: u8 },
    /// Setup: the castle needs a free open-country neighbour for its knight.
    NoRoomForKnight,
    /// Setup: the knight goes next to the castle just placed.
    KnightNotNextToCastle,
    /// Setup: knights go on open country (not forest, city or mountain).
    KnightNotOnOpenCountry,
    /// Choosing: this many decision cards must be laid.
    WrongNumberOfDecisionCards { expected: u8 },
    /// Choosing: the two cards must differ.
    SameDecisionCardTwice,
    /// The politics card is not in the player's hand.
    CardNotInHand,
    /// Alliance and Renegade are played right after one's own decision card (R-C13).
    NotAfterOwnDecision,
    /// That space holds no castle of the player with a province.
    NotOwnProvince,
    /// That space holds no castle of another colour with a province.
    NotForeignProvince,
    /// The two provinces do not share a border edge.
    ProvincesNotNeighbours,
    /// These two provinces are already allied (R-B13).
    AlreadyAllied,
    /// No alliance binds these two provinces, or the player is not part of it.
    NoSuchAlliance,
    /// Renegade: the knight to remove must be the province owner's, inside that province (R-C9).
    NoForeignKnightThere,
    /// Renegade: the knight is the only link of its colour's pieces (R-B9).
    OnlyLink,
    /// Renegade: the new knight must stand inside the own province (R-C9).
    NotInOwnProvince,
    /// No knight left in stock.
    NoKnightInStock,
    /// The cost can't be paid.
    CannotAfford,
    /// A named treasure card is not in the hand, or is not needed for this payment.
    BadTreasurePayment,
    /// Negotiation: an offer must be higher than one's own last offer (R-C8).
    OfferNotHigher,
    /// An offer or bid can't exceed one's money.
    NotEnoughMoney,
    /// Negotiation: there is no offer of the other player to accept.
    NoOfferToAccept,
    /// Duel: this player has already bid.
    AlreadyBid,
    /// Borders: no border placement is left in this action.
    NoBordersLeft,
    /// Borders: a player with three provinces places no borders (R-C6).
    ThreeProvinces,
    /// Borders: a border already stands there.
    BorderExists,
    /// Borders: the edge lies inside a province.
    BorderInsideProvince,
    /// Borders: it would separate a knight from a castle or knight of its colour.
    BorderSeparatesPieces,
    /// The border stock is empty, or too small for this expansion (R-B3).
    NotEnoughBorders,
    /// No knight placement is left in this action.
    NoKnightLeft,
    /// Knights go on open country or forest, on an empty space.
    KnightTerrain,
    /// A knight must stand next to a castle or knight of its colour with no border between.
    KnightNotConnected,
    /// No expansion is left in this action (R-C11: a knight ends it).
    NoExpansionLeft,
    /// The space does not touch the province.
    NotAdjacentToProvince,
    /// The space is in another province of the same player.
    OwnProvince,
    /// A castle's space can never be taken (R-B4).
    SpaceHasCastle,
    /// A space with another colour's knight can't be taken (R-B4).
    SpaceHasForeignKnight,
    /// Knight superiority: the province needs more knights than the other (R-B11).
    TooFewKnights,
    /// An alliance binds the two provinces (R-B7).
    ProvincesAllied,
    /// The space is already in the expanding province.
    AlreadyInProvince,
    /// Politics action: that pile is empty (R-C12).
    PileEmpty,
    /// Politics action: that card is not in the pile.
    CardNotInPile,
    /// Politics action: a pile was opened, a card must be taken from it.
    MustTakeFromOpenedPile,
    /// Politics action: a pile is already open.
    PileAlreadyOpen,

    // ----- New Edition -----
    /// That power card is not in the player's hand.
    PowerCardNotInHand,
    /// The card has no such action (one-action cards have only action 1).
    NoSuchAction,
    /// That card is not in the market.
    CardNotInMarket,
    /// The card sold this turn can't be taken back (R-N13).
    CardJustSold,
    /// The deck is empty.
    DeckEmpty,
    /// Renegade: both regions need a knight of their own owner inside (R-N10).
    RegionWithoutKnight,
    /// Renegade: no knight of that region may be removed (R-N10, R-B9).
    NoRemovableKnight,
    /// Two of the player's regions may take that space: the move names the castle of one.
    RegionNotNamed,
    /// Placement (New Edition): the castle needs a free meadow or forest beside it for its knight.
    NoGroundForKnight,
    /// R-N4: `done` ends a card's action only after its first step.
    ActionNotBegun,
    /// R-N4: a card is played for borders only when a border can be placed.
    NoBorderToPlace,
    /// R-N4: a card is played for knights only when, its price paid, a knight can be placed and
    /// paid for (a free meadow beside an own piece, or a forest and 1 ducat left).
    NoKnightToPlace,
    /// R-N4: a card is played for an expansion only when one of the player's regions can take a space.
    NoSpaceToTake,
    /// R-N4, R-N10: a card is played for its Renegade only when a whole Renegade can be done.
    NoRenegadePossible,
    /// R-N4, R-N11: a card is played for its Alliance only when two regions can be allied.
    NoAlliancePossible,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalMove::*;
        let s = match self {
            GameOver => "the game is over".to_string(),
            OffBoard => "that space or edge is not on this board".into(),
            NotYourTurn => "it is not this colour's move".into(),
            NotNow => "that move does not fit this step of the game".into(),
            CastleNotOnOpenCountry => "a castle must stand on free open country".into(),
            SpaceOccupied => "that space is occupied".into(),
            CastleTooClose { min_distance } => format!("castles of one colour must be at least {min_distance} spaces apart (counted orthogonally)"),
            NoRoomForKnight => "that castle would have no free open-country neighbour for its knight".into(),
            KnightNotNextToCastle => "the knight must stand next to the castle just placed".into(),
            KnightNotOnOpenCountry => "during setup knights stand on open country only".into(),
            WrongNumberOfDecisionCards { expected } => format!("this player lays {expected} decision card(s)"),
            SameDecisionCardTwice => "the two decision cards must differ".into(),
            CardNotInHand => "that politics card is not in the hand".into(),
            NotAfterOwnDecision => "alliance and renegade are played right after one's own decision card, one with each".into(),
            NotOwnProvince => "that is not the castle of one of the player's provinces".into(),
            NotForeignProvince => "that is not the castle of another colour's province".into(),
            ProvincesNotNeighbours => "the two provinces do not share a border".into(),
            AlreadyAllied => "these provinces are already allied".into(),
            NoSuchAlliance => "no alliance of this player binds these two provinces".into(),
            NoForeignKnightThere => "the knight to remove must be the owner's knight inside the foreign province".into(),
            OnlyLink => "that knight is the only link between pieces of its colour".into(),
            NotInOwnProvince => "the new knight must stand inside the player's own province".into(),
            NoKnightInStock => "no knight is left in stock".into(),
            CannotAfford => "the player can't pay for that".into(),
            BadTreasurePayment => "that treasure card is not held, or is not needed for this payment".into(),
            OfferNotHigher => "an offer must be higher than one's own last offer".into(),
            NotEnoughMoney => "that is more money than the player holds".into(),
            NoOfferToAccept => "there is no offer of the other player to accept".into(),
            AlreadyBid => "this player has already bid".into(),
            NoBordersLeft => "no border is left to place in this action".into(),
            ThreeProvinces => "a player with three provinces places no borders".into(),
            BorderExists => "a border already stands there".into(),
            BorderInsideProvince => "borders can't be placed inside a province".into(),
            BorderSeparatesPieces => "a border may not separate a knight from a castle or knight of its colour".into(),
            NotEnoughBorders => "not enough border markers are left in the stock".into(),
            NoKnightLeft => "no knight is left to place in this action".into(),
            KnightTerrain => "knights stand on free open country or forest".into(),
            KnightNotConnected => "a knight must stand next to a castle or knight of its colour, with no border between".into(),
            NoExpansionLeft => "no expansion is left in this action".into(),
            NotAdjacentToProvince => "that space does not touch the province".into(),
            OwnProvince => "a province can't take spaces of the same player's other province".into(),
            SpaceHasCastle => "a castle's space can never be taken".into(),
            SpaceHasForeignKnight => "a space with another colour's knight can't be taken".into(),
            TooFewKnights => "the province needs more knights than the province it takes from".into(),
            ProvincesAllied => "an alliance binds these two provinces".into(),
            AlreadyInProvince => "that space is already in the province".into(),
            PileEmpty => "that politics pile is empty".into(),
            CardNotInPile => "that card is not in the pile".into(),
            MustTakeFromOpenedPile => "a card must be taken from the opened pile".into(),
            PileAlreadyOpen => "a pile is already open".into(),
            PowerCardNotInHand => "that power card is not in the hand".into(),
            NoSuchAction => "that card has no such action".into(),
            CardNotInMarket => "that card is not in the market".into(),
            CardJustSold => "the card sold this turn can't be taken back".into(),
            DeckEmpty => "the deck is empty".into(),
            RegionWithoutKnight => "the region needs a knight of its owner".into(),
            NoRemovableKnight => "no knight of that region may be removed without breaking a link".into(),
            RegionNotNamed => "two of the player's regions may take that space: name the castle of the one that takes it".into(),
            NoGroundForKnight => "that castle would have no free meadow or forest beside it for its knight".into(),
            ActionNotBegun => "the card's action ends only after its first step".into(),
            NoBorderToPlace => "no border can be placed now, so the card can't be played for borders".into(),
            NoKnightToPlace => "no free space for a knight you can pay for, so the card can't be played for knights".into(),
            NoSpaceToTake => "none of your regions can take a space now, so the card can't be played to expand".into(),
            NoRenegadePossible => "no Renegade is possible now: it needs your region with your knight beside a foreign region whose knight may leave, and a free space in your region for a knight you can pay for".into(),
            NoAlliancePossible => "no Alliance is possible now: none of your regions borders a foreign region it is not yet allied with".into(),
        };
        f.write_str(&s)
    }
}

impl std::error::Error for IllegalMove {}

/// Why a setup (or a record's header) was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}
