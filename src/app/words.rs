//! The engine's typed reasons in the player's language (the engine itself speaks English, for
//! the referee: `IllegalMove`'s `Display`).

use crate::app::log::ducats;
use crate::app::log::newed::power_action_short;
use crate::engine::newed::{PowerCardId, View};
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

/// Why the viewer of `v` can't play `card` now, in the current language, or `None` when every
/// action of it may be played: its price ("costs 5; you have 3"), or for each action that can't
/// begin (R-N4) what stands in the way — named by the action on a two-action card. For the
/// hand's Play buttons: the reasons are the view's own ([`View::unplayable`]), from the viewer's
/// money and the public board.
pub fn why_not_play(v: &View, card: PowerCardId) -> Option<String> {
    let reasons: Vec<(u8, IllegalMove)> = v.unplayable.iter().filter(|u| u.0 == card).map(|u| (u.1, u.2)).collect();
    if reasons.iter().any(|&(_, e)| e == IllegalMove::CannotAfford) {
        let money = v.viewer.and_then(|me| v.ducats[me]).unwrap_or(0);
        return Some(tr!(PanelCostsHave, cost = ducats(card.card().price), money = ducats(money)));
    }
    let parts: Vec<String> = reasons
        .iter()
        .map(|&(a, e)| match card.action(a) {
            Some(act) if card.action_count() == 2 => format!("{}: {}", power_action_short(act), refusal(e)),
            _ => refusal(e),
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("; "))
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

    /// Red's view of its hand on the reference layout: castle a1, whose only knight spot is the
    /// forest b1.
    fn hand_view(ducats: u32) -> View {
        let text = format!(
            "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Tiles \"A0 B0 C0 D0 K0 E0 F0 G0 H0\"]\n[Deck \"D1 D2 D3\"]\n\
             [Castles \"red:a1 orange:h12,l12\"]\n[Ducats \"red:{ducats}\"]\n[Hands \"red:A9,A12,C14 blue:D4,D5,D6 orange:D7,D8,D9\"]\n"
        );
        crate::engine::newed::Record::parse(&text).expect("parses").replay().expect("replays").view(Some(crate::engine::Colour::Red))
    }

    // R-N4: the hand says why a Play button is off — the price, or what stands in the way of the
    // action, named by the action on a two-action card — and nothing when the card may be played.
    #[test]
    fn why_a_card_cant_be_played_is_said_in_the_players_language() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        let id = |s: &str| PowerCardId::parse(s).unwrap();
        let price = |s: &str| id(s).card().price;
        // Holding exactly a card's price leaves nothing for the forest knight.
        let v = hand_view(price("A9"));
        let knight = "no free space for a knight you can pay for, so the card can't be played for knights";
        assert_eq!(why_not_play(&v, id("A9")).as_deref(), Some(knight));
        assert_eq!(why_not_play(&v, id("C14")), Some(format!("costs 5 ducats; you have {} ducats", price("A9"))));
        assert_eq!(why_not_play(&hand_view(price("A9") + 1), id("A9")), None, "one ducat more pays the forest");
        let a12 = hand_view(price("A12"));
        assert_eq!(why_not_play(&a12, id("A12")), Some(format!("{}: {knight}", power_action_short(crate::engine::newed::PowerAction::Knights(1)))));
        set_lang(Lang::De);
        let de = why_not_play(&v, id("A9")).unwrap();
        assert!(de.contains("Ritter") && de.contains("bezahlen"), "{de}");
        set_lang(Lang::It);
        let it = why_not_play(&v, id("A9")).unwrap();
        assert!(it.contains("cavalier") && it.contains("pagare"), "{it}");
        set_lang(Lang::En);
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
