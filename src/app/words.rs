//! The engine's typed reasons in the player's language (the engine itself speaks English, for
//! the referee: `IllegalMove`'s `Display`).

use crate::engine::IllegalMove;
use crate::tr;

/// Why a setup can't be played, in the current language.
pub fn setup_error(e: &crate::engine::SetupError) -> String {
    e.0.clone()
}

/// Why a record can't be read, in the current language: `line N: reason`.
pub fn record_error(e: &crate::engine::notation::RecordError) -> String {
    tr!(AppRecordLine, line = e.line, reason = e.reason)
}

/// Why a move was refused, in the current language (starting lowercase, like the engine's).
pub fn refusal(e: IllegalMove) -> String {
    use IllegalMove::*;
    match e {
        GameOver => tr!(String IllegalGameOver),
        OffBoard => tr!(String IllegalOffBoard),
        NotYourTurn => tr!(String IllegalNotYourTurn),
        NotNow => tr!(String IllegalNotNow),
        CastleNotOnOpenCountry => tr!(String IllegalCastleNotOnOpenCountry),
        SpaceOccupied => tr!(String IllegalSpaceOccupied),
        CastleTooClose { min_distance } => tr!(IllegalCastleTooClose, n = min_distance),
        NoRoomForKnight => tr!(String IllegalNoRoomForKnight),
        KnightNotNextToCastle => tr!(String IllegalKnightNotNextToCastle),
        KnightNotOnOpenCountry => tr!(String IllegalKnightNotOnOpenCountry),
        WrongNumberOfDecisionCards { expected } => tr!(IllegalWrongNumberOfDecisionCards, n = expected),
        SameDecisionCardTwice => tr!(String IllegalSameDecisionCardTwice),
        CardNotInHand => tr!(String IllegalCardNotInHand),
        NotAfterOwnDecision => tr!(String IllegalNotAfterOwnDecision),
        NotOwnProvince => tr!(String IllegalNotOwnProvince),
        NotForeignProvince => tr!(String IllegalNotForeignProvince),
        ProvincesNotNeighbours => tr!(String IllegalProvincesNotNeighbours),
        AlreadyAllied => tr!(String IllegalAlreadyAllied),
        NoSuchAlliance => tr!(String IllegalNoSuchAlliance),
        NoForeignKnightThere => tr!(String IllegalNoForeignKnightThere),
        OnlyLink => tr!(String IllegalOnlyLink),
        NotInOwnProvince => tr!(String IllegalNotInOwnProvince),
        NoKnightInStock => tr!(String IllegalNoKnightInStock),
        CannotAfford => tr!(String IllegalCannotAfford),
        BadTreasurePayment => tr!(String IllegalBadTreasurePayment),
        OfferNotHigher => tr!(String IllegalOfferNotHigher),
        NotEnoughMoney => tr!(String IllegalNotEnoughMoney),
        NoOfferToAccept => tr!(String IllegalNoOfferToAccept),
        AlreadyBid => tr!(String IllegalAlreadyBid),
        NoBordersLeft => tr!(String IllegalNoBordersLeft),
        ThreeProvinces => tr!(String IllegalThreeProvinces),
        BorderExists => tr!(String IllegalBorderExists),
        BorderInsideProvince => tr!(String IllegalBorderInsideProvince),
        BorderSeparatesPieces => tr!(String IllegalBorderSeparatesPieces),
        NotEnoughBorders => tr!(String IllegalNotEnoughBorders),
        NoKnightLeft => tr!(String IllegalNoKnightLeft),
        KnightTerrain => tr!(String IllegalKnightTerrain),
        KnightNotConnected => tr!(String IllegalKnightNotConnected),
        NoExpansionLeft => tr!(String IllegalNoExpansionLeft),
        NotAdjacentToProvince => tr!(String IllegalNotAdjacentToProvince),
        OwnProvince => tr!(String IllegalOwnProvince),
        SpaceHasCastle => tr!(String IllegalSpaceHasCastle),
        SpaceHasForeignKnight => tr!(String IllegalSpaceHasForeignKnight),
        TooFewKnights => tr!(String IllegalTooFewKnights),
        ProvincesAllied => tr!(String IllegalProvincesAllied),
        AlreadyInProvince => tr!(String IllegalAlreadyInProvince),
        PileEmpty => tr!(String IllegalPileEmpty),
        CardNotInPile => tr!(String IllegalCardNotInPile),
        MustTakeFromOpenedPile => tr!(String IllegalMustTakeFromOpenedPile),
        PileAlreadyOpen => tr!(String IllegalPileAlreadyOpen),
        PowerCardNotInHand => tr!(String IllegalPowerCardNotInHand),
        NoSuchAction => tr!(String IllegalNoSuchAction),
        CardNotInMarket => tr!(String IllegalCardNotInMarket),
        CardJustSold => tr!(String IllegalCardJustSold),
        DeckEmpty => tr!(String IllegalDeckEmpty),
        RegionWithoutKnight => tr!(String IllegalRegionWithoutKnight),
        NoRemovableKnight => tr!(String IllegalNoRemovableKnight),
        RegionNotNamed => tr!(String IllegalRegionNotNamed),
        NoGroundForKnight => tr!(String IllegalNoGroundForKnight),
        ActionNotBegun => tr!(String IllegalActionNotBegun),
        NoBorderToPlace => tr!(String IllegalNoBorderToPlace),
        NoKnightToPlace => tr!(String IllegalNoKnightToPlace),
        NoSpaceToTake => tr!(String IllegalNoSpaceToTake),
        NoRenegadePossible => tr!(String IllegalNoRenegadePossible),
        NoAlliancePossible => tr!(String IllegalNoAlliancePossible),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{set_lang, Lang};

    #[test]
    fn refusals_in_english_are_the_engines_own_words() {
        set_lang(Lang::En);
        for e in [
            IllegalMove::GameOver,
            IllegalMove::CastleTooClose { min_distance: 3 },
            IllegalMove::WrongNumberOfDecisionCards { expected: 2 },
            IllegalMove::RegionNotNamed,
            IllegalMove::NoGroundForKnight,
            IllegalMove::ActionNotBegun,
            IllegalMove::NoBorderToPlace,
            IllegalMove::NoKnightToPlace,
            IllegalMove::NoSpaceToTake,
            IllegalMove::NoRenegadePossible,
            IllegalMove::NoAlliancePossible,
        ] {
            assert_eq!(refusal(e), e.to_string());
        }
    }

    #[test]
    fn refusals_are_translated() {
        crate::i18n::tests::install_all();
        set_lang(Lang::De);
        let de = refusal(IllegalMove::CastleTooClose { min_distance: 3 });
        assert!(de.contains('3') && de.contains("Burg"), "{de}");
        set_lang(Lang::It);
        let it = refusal(IllegalMove::CastleTooClose { min_distance: 3 });
        assert!(it.contains('3') && it.contains("castell"), "{it}");
        set_lang(Lang::En);
    }
}
