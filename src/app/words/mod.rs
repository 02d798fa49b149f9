//! The engine's typed reasons in the player's language (the engine itself speaks English, for
//! the referee: the `Display` of `IllegalMove`, `SetupError` and `RecordReason`).

use super::log::classic::card_name;
use super::names::colour_adj;
use crate::engine::notation::{RecordError, RecordReason, MAX_HEADERS, MAX_LINE_BYTES, MAX_RECORD_BYTES};
use crate::engine::{Colour, Edition, IllegalMove, SetupError};
use crate::tr;
use super::log::ducats;
use super::log::newed::power_action_short;
use crate::engine::newed::{PowerCardId, View};


/// Why a setup of `edition` can't be played, in the current language.
pub fn setup_error(edition: Edition, e: &SetupError) -> String {
    use SetupError::*;
    let colour = |c: &Colour| colour_adj(edition, *c);
    match e {
        PlayerCount => tr!(String SetupPlayerCount),
        SeatedTwice(c) => tr!(SetupSeatedTwice, colour = colour(c)),
        NotEditionColour { colour: c, edition: of } => {
            let colours = Colour::of(*of).iter().map(|&c| colour_adj(*of, c)).collect::<Vec<_>>().join(", ");
            let c = colour_adj(*of, *c);
            if *of == Edition::Classic { tr!(SetupNotClassicColour, colour = c, colours = colours) } else { tr!(SetupNotNewColour, colour = c, colours = colours) }
        }
        NeutralIsPlayer(c) => tr!(SetupNeutralIsPlayer, colour = colour(c)),
        NoNeutralWithFour => tr!(String SetupNoNeutralWithFour),
        NeutralNeeded => tr!(String SetupNeutralNeeded),
        NeutralOnlyWithTwo => tr!(String SetupNeutralOnlyWithTwo),
        TwoPlayersVariable => tr!(String SetupTwoPlayersVariable),
        BasicTiles => tr!(String SetupBasicTiles),
        TileTwice => tr!(String SetupTileTwice),
        ActionCardTwice(card) => tr!(SetupActionCardTwice, card = card),
        PowerCardTwice(card) => tr!(SetupPowerCardTwice, card = card),
        PowerCardNamedTwice(card) => tr!(SetupPowerCardNamedTwice, card = card),
        HandOfNonPlayer(c) => tr!(SetupHandOfNonPlayer, colour = colour(c)),
        NoCardLeft { card, colour: c } => tr!(SetupNoCardLeft, card = card_name(*card), colour = colour(c)),
        PilesTooMany(card) => tr!(SetupPilesTooMany, card = card_name(*card)),
        HandTooBig(c) => tr!(SetupHandTooBig, colour = colour(c)),
        SpaceOffBoard { space, edition } => if *edition == Edition::Classic { tr!(SetupSpaceOffClassic, space = space) } else { tr!(SetupSpaceOffNew, space = space) },
        TwoPieces(space) => tr!(SetupTwoPieces, space = space),
        TooManyKnights { colour: c, knights } => tr!(SetupTooManyKnights, colour = colour(c), knights = knights),
        TooManyCastles(c) => tr!(SetupTooManyCastles, colour = colour(c)),
        CastlesOnMeadows { colour: c, castles, space } => tr!(SetupCastlesOnMeadows, colour = colour(c), castles = castles, space = space),
        KnightGround(space) => tr!(SetupKnightGround, space = space),
        NotInGame(c) => tr!(SetupNotInGame, colour = colour(c)),
        EdgeOffBoard { edge, edition } => if *edition == Edition::Classic { tr!(SetupEdgeOffClassic, edge = edge) } else { tr!(SetupEdgeOffNew, edge = edge) },
        BorderTwice(edge) => tr!(SetupBorderTwice, edge = edge),
        TooManyBorders => tr!(SetupTooManyBorders, max = crate::engine::board::BORDER_MARKERS),
        PiecesNeedCustom(Edition::Classic) => tr!(String SetupPiecesNeedCustomClassic),
        PiecesNeedCustom(Edition::New) => tr!(String SetupPiecesNeedCustomNew),
        NotAPlayer(c) => tr!(SetupNotAPlayer, colour = colour(c)),
        DucatsTwice(c) => tr!(SetupDucatsTwice, colour = colour(c)),
        TooManyDucats(c) => tr!(SetupTooManyDucats, colour = colour(c), max = crate::engine::notation::MAX_DUCATS),
        ScoreTwice(c) => tr!(SetupScoreTwice, colour = colour(c)),
        ScoreTooHigh(c) => tr!(SetupScoreTooHigh, colour = colour(c), max = crate::engine::notation::MAX_SCORE),
        ScorePastKing { colour: c, score, king } => tr!(SetupScorePastKing, colour = colour(c), score = score, king = king),
        StartNotSeated(c) => tr!(SetupStartNotSeated, colour = colour(c)),
        AllianceNotCastles(a, b) => tr!(SetupAllianceNotCastles, a = a, b = b),
        AllianceNotNeighbours(a, b) => tr!(SetupAllianceNotNeighbours, a = a, b = b),
    }
}

/// Why a record's line can't be read or played, in the current language. `edition` is the
/// record's (it names the colours; `None` when the record names none, and then no reason names
/// a colour).
pub fn record_reason(edition: Option<Edition>, r: &RecordReason) -> String {
    use RecordReason::*;
    let ed = edition.unwrap_or(Edition::Classic);
    let colour = |c: &Colour| colour_adj(ed, *c);
    let classic = |e: &Edition| *e == Edition::Classic;
    match r {
        NotUtf8 => tr!(String RecordNotUtf8),
        RecordTooLong => tr!(RecordTooLong, mib = MAX_RECORD_BYTES >> 20, bytes = MAX_RECORD_BYTES),
        LineTooLong => tr!(RecordLineTooLong, bytes = MAX_LINE_BYTES),
        HeaderAfterMoves => tr!(String RecordHeaderAfterMoves),
        BadHeader => tr!(String RecordBadHeader),
        HeaderTwice { name, first } => tr!(RecordHeaderTwice, name = name, first = first),
        TooManyHeaders => tr!(RecordTooManyHeaders, max = MAX_HEADERS),
        NoEdition => tr!(String RecordNoEdition),
        NotTheEdition { given, expected: Some(Edition::Classic) } => tr!(RecordNotClassic, given = given),
        NotTheEdition { given, expected: Some(Edition::New) } => tr!(RecordNotNew, given = given),
        NotTheEdition { given, expected: None } => tr!(RecordNotAnEdition, given = given),
        OtherEdition(Edition::New) => tr!(String AppRecordNotClassic),
        OtherEdition(Edition::Classic) => tr!(String AppRecordNotNew),
        NoPlayers => tr!(String RecordNoPlayers),
        NotASetup { given, edition } => if classic(edition) { tr!(RecordNotAClassicSetup, given = given) } else { tr!(RecordNotANewSetup, given = given) },
        SeedNotNumber(given) => tr!(RecordSeedNotNumber, given = given),
        Money => tr!(String RecordMoney),
        TileCount(e) => if classic(e) { tr!(String RecordClassicTileCount) } else { tr!(String RecordNewTileCount) },
        TileNotOnce(tile) => tr!(RecordTileNotOnce, tile = tile),
        KingTileCentre => tr!(String RecordKingTileCentre),
        PoliticsPiles => tr!(String RecordPoliticsPiles),
        CustomOnly(name) => tr!(RecordCustomOnly, name = name),
        Setup(e) => setup_error(ed, e),
        NotAColour(given) => tr!(RecordNotAColour, given = given),
        UnknownColour(given) => tr!(RecordUnknownColour, given = given),
        NotASpace(given) => tr!(RecordNotASpace, given = given),
        NotASpaceOf { given, edition } => if classic(edition) { tr!(RecordNotAClassicSpace, given = given) } else { tr!(RecordNotANewSpace, given = given) },
        NotATile { given, edition } => if classic(edition) { tr!(RecordNotAClassicTile, given = given) } else { tr!(RecordNotANewTile, given = given) },
        NotACardId(given) => tr!(RecordNotACardId, given = given),
        NotAPoliticsCard(given) => tr!(RecordNotAPoliticsCard, given = given),
        NotATreasureCard(given) => tr!(RecordNotATreasureCard, given = given),
        NotAPowerCard(given) => tr!(RecordNotAPowerCard, given = given),
        NotABorder(given) => tr!(RecordNotABorder, given = given),
        NotAnEdge(given) => tr!(RecordNotAnEdge, given = given),
        NotANumber(given) => tr!(RecordNotANumber, given = given),
        NumberOutOfRange { given, max } => tr!(RecordNumberOutOfRange, given = given, max = max),
        NotAPile(given) => tr!(RecordNotAPile, given = given),
        NotADecisionCard(given) => tr!(RecordNotADecisionCard, given = given),
        NotACardAction(given) => tr!(RecordNotACardAction, given = given),
        NotColourSpaces(given) => tr!(RecordNotColourSpaces, given = given),
        NotColourPoliticsCards(given) => tr!(RecordNotColourPoliticsCards, given = given),
        NotColourCards(given) => tr!(RecordNotColourCards, given = given),
        NotColourNumber(given) => tr!(RecordNotColourNumber, given = given),
        NotColourLevel(given) => tr!(RecordNotColourLevel, given = given),
        UnknownLevel(given) => tr!(RecordUnknownLevel, given = given),
        NotCastlePair(given) => tr!(RecordNotCastlePair, given = given),
        GivenTwice(c) => tr!(RecordGivenTwice, colour = colour(c)),
        NamedTwice(c) => tr!(RecordNamedTwice, colour = colour(c)),
        HandTwice(c) => tr!(RecordHandTwice, colour = colour(c)),
        EmptyMove => tr!(String RecordEmptyMove),
        NoVerb => tr!(String RecordNoVerb),
        UnknownVerb(given) => tr!(RecordUnknownVerb, given = given),
        ArgCount { verb, expected, found } => tr!(RecordArgCount, verb = verb, expected = expected, found = found),
        KnightNeedsSpace => tr!(String RecordKnightNeedsSpace),
        DecideArgs => tr!(String RecordDecideArgs),
        RenegadeArgs => tr!(String RecordRenegadeArgs),
        BidNeedsAmount => tr!(String RecordBidNeedsAmount),
        ExpandArgs(e) => if classic(e) { tr!(String RecordClassicExpandArgs) } else { tr!(String RecordNewExpandArgs) },
        UnallyArgs => tr!(String RecordUnallyArgs),
        TreasureTwice(card) => tr!(RecordTreasureTwice, card = card_name(*card)),
        TwoActions(card) => tr!(RecordTwoActions, card = card),
        PlayArgs => tr!(String RecordPlayArgs),
        Illegal { mv, why } => tr!(RecordIllegal, move = mv, why = refusal(*why)),
    }
}

/// Why a record can't be read, in the current language: `line N: reason` (`edition`: as in
/// [`record_reason`]).
pub fn record_error(edition: Option<Edition>, e: &RecordError) -> String {
    tr!(AppRecordLine, line = e.line, reason = record_reason(edition, &e.reason))
}

/// As [`record_error`], for the record `text` (its `[Edition]` names the colours).
pub fn record_error_in(text: &str, e: &RecordError) -> String {
    let edition = crate::engine::notation::Lexed::new(text).ok().and_then(|l| l.get("Edition").and_then(|(_, v)| Edition::parse(v)));
    record_error(edition, e)
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

/// Why a move was refused, in the current language (starting lowercase, like the engine's): the
/// key `Illegal<name>` of the refusal's kind, its `{placeholders}` filled with the fields by name.
pub fn refusal(e: IllegalMove) -> String {
    let name = e.name();
    let Ok(i) = crate::i18n::REFUSALS.binary_search_by(|(n, _)| n.cmp(&name)) else {
        // Every kind has its key: `every_refusal_has_words_in_every_language` checks it.
        debug_assert!(false, "no key Illegal{name}");
        return e.to_string();
    };
    let args = e.args();
    let args: Vec<(&str, &dyn std::fmt::Display)> = args.iter().map(|(n, v)| (*n, v as &dyn std::fmt::Display)).collect();
    crate::i18n::fill(crate::i18n::REFUSALS[i].1, &args)
}

#[cfg(test)]
mod tests;
