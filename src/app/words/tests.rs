//! Every typed reason of the engine has its words in every language (issue 21: "words only in
//! catalogues"); English is the referee's own text.

use super::*;
use crate::engine::{Edge, Space};
use crate::engine::classic::{CardId, PoliticsCard};
use crate::engine::newed::cards::PowerCardId;
use crate::i18n::{set_lang, Lang};
use std::collections::BTreeSet;

fn space(s: &str) -> Space {
    Space::parse(s).expect("space")
}

/// One refusal of each kind (the engine's list), and one more count of decision cards.
fn every_refusal() -> Vec<IllegalMove> {
    let mut all = IllegalMove::EXAMPLES.to_vec();
    all.push(IllegalMove::WrongNumberOfDecisionCards { expected: 1 });
    all
}

#[test]
fn every_refusal_has_words_in_every_language() {
    crate::i18n::tests::install_all();
    assert_eq!(crate::i18n::REFUSALS.len(), IllegalMove::EXAMPLES.len(), "one key per kind, no other");
    for lang in Lang::ALL {
        set_lang(lang);
        for e in every_refusal() {
            let name = e.name();
            assert!(crate::i18n::REFUSALS.iter().any(|(n, _)| *n == name), "no key Illegal{name}");
            let text = refusal(e);
            assert!(!text.trim().is_empty() && !text.contains(['{', '}']), "{lang:?} {e:?}: {text:?}");
            for (_, v) in e.args() {
                assert!(text.contains(&v.to_string()), "{lang:?} {e:?}: {text:?} says no {v}");
            }
        }
    }
    set_lang(Lang::En);
}

/// One setup error of each kind, with the edition whose setup it is.
fn every_setup_error() -> Vec<(Edition, SetupError)> {
    use Colour::*;
    use SetupError::*;
    fn kind(e: &SetupError) -> u8 {
        match e {
            PlayerCount => 0,
            SeatedTwice(_) => 1,
            NotEditionColour { .. } => 2,
            NeutralIsPlayer(_) => 3,
            NoNeutralWithFour => 4,
            NeutralNeeded => 5,
            NeutralOnlyWithTwo => 6,
            TwoPlayersVariable => 7,
            BasicTiles => 8,
            TileTwice => 9,
            ActionCardTwice(_) => 10,
            PowerCardTwice(_) => 11,
            PowerCardNamedTwice(_) => 12,
            HandOfNonPlayer(_) => 13,
            NoCardLeft { .. } => 14,
            PilesTooMany(_) => 15,
            HandTooBig(_) => 16,
            SpaceOffBoard { .. } => 17,
            TwoPieces(_) => 18,
            TooManyKnights { .. } => 19,
            TooManyCastles(_) => 20,
            CastlesOnMeadows { .. } => 21,
            KnightGround(_) => 22,
            NotInGame(_) => 23,
            EdgeOffBoard { .. } => 24,
            BorderTwice(_) => 25,
            TooManyBorders => 26,
            PiecesNeedCustom(_) => 27,
            NotAPlayer(_) => 28,
            DucatsTwice(_) => 29,
            TooManyDucats(_) => 30,
            ScoreTwice(_) => 31,
            ScoreTooHigh(_) => 32,
            ScorePastKing { .. } => 33,
            StartNotSeated(_) => 34,
            AllianceNotCastles(..) => 35,
            AllianceNotNeighbours(..) => 36,
        }
    }
    const KINDS: u8 = 37;
    let (c, n) = (Edition::Classic, Edition::New);
    let edge = Edge::parse("c1-d1").expect("edge");
    let all = vec![
        (c, PlayerCount),
        (c, SeatedTwice(Red)),
        (c, NotEditionColour { colour: Blue, edition: c }),
        (n, NotEditionColour { colour: Purple, edition: n }),
        (n, NeutralIsPlayer(Yellow)),
        (c, NoNeutralWithFour),
        (n, NeutralNeeded),
        (n, NeutralOnlyWithTwo),
        (c, TwoPlayersVariable),
        (c, BasicTiles),
        (c, TileTwice),
        (c, ActionCardTwice(CardId::parse("B3").expect("card"))),
        (n, PowerCardTwice(PowerCardId::parse("A1").expect("card"))),
        (n, PowerCardNamedTwice(PowerCardId::parse("D15").expect("card"))),
        (c, HandOfNonPlayer(Grey)),
        (c, NoCardLeft { card: PoliticsCard::Alliance, colour: Yellow }),
        (c, PilesTooMany(PoliticsCard::Treasure(8))),
        (n, HandTooBig(Orange)),
        (c, SpaceOffBoard { space: space("p1"), edition: c }),
        (n, SpaceOffBoard { space: space("m3"), edition: n }),
        (c, TwoPieces(space("c3"))),
        (n, TooManyKnights { colour: Blue, knights: 15 }),
        (c, TooManyCastles(Purple)),
        (n, CastlesOnMeadows { colour: Red, castles: 4, space: space("f6") }),
        (n, KnightGround(space("f7"))),
        (c, NotInGame(Grey)),
        (c, EdgeOffBoard { edge, edition: c }),
        (n, EdgeOffBoard { edge, edition: n }),
        (c, BorderTwice(edge)),
        (n, TooManyBorders),
        (c, PiecesNeedCustom(c)),
        (n, PiecesNeedCustom(n)),
        (c, NotAPlayer(Red)),
        (n, DucatsTwice(Blue)),
        (c, TooManyDucats(Red)),
        (c, ScoreTwice(Yellow)),
        (c, ScoreTooHigh(Purple)),
        (n, ScorePastKing { colour: Orange, score: 31, king: 30 }),
        (n, StartNotSeated(Yellow)),
        (n, AllianceNotCastles(space("c3"), space("h8"))),
        (n, AllianceNotNeighbours(space("c3"), space("h8"))),
    ];
    let kinds: BTreeSet<u8> = all.iter().map(|(_, e)| kind(e)).collect();
    assert_eq!(kinds, (0..KINDS).collect(), "every setup error has a sample");
    all
}

/// One record reason of each kind, with the edition of the record.
fn every_record_reason() -> Vec<(Edition, RecordReason)> {
    use RecordReason::*;
    fn kind(r: &RecordReason) -> u8 {
        match r {
            NotUtf8 => 0,
            RecordTooLong => 1,
            LineTooLong => 2,
            HeaderAfterMoves => 3,
            BadHeader => 4,
            HeaderTwice { .. } => 5,
            TooManyHeaders => 6,
            NoEdition => 7,
            NotTheEdition { .. } => 8,
            OtherEdition(_) => 9,
            NoPlayers => 10,
            NotASetup { .. } => 11,
            SeedNotNumber(_) => 12,
            Money => 13,
            TileCount(_) => 14,
            TileNotOnce(_) => 15,
            KingTileCentre => 16,
            PoliticsPiles => 17,
            CustomOnly(_) => 18,
            Setup(_) => 19,
            NotAColour(_) => 20,
            UnknownColour(_) => 21,
            NotASpace(_) => 22,
            NotASpaceOf { .. } => 23,
            NotATile { .. } => 24,
            NotACardId(_) => 25,
            NotAPoliticsCard(_) => 26,
            NotATreasureCard(_) => 27,
            NotAPowerCard(_) => 28,
            NotABorder(_) => 29,
            NotAnEdge(_) => 30,
            NotANumber(_) => 31,
            NumberOutOfRange { .. } => 32,
            NotAPile(_) => 33,
            NotADecisionCard(_) => 34,
            NotACardAction(_) => 35,
            NotColourSpaces(_) => 36,
            NotColourPoliticsCards(_) => 37,
            NotColourCards(_) => 38,
            NotColourNumber(_) => 39,
            NotColourLevel(_) => 40,
            UnknownLevel(_) => 41,
            NotCastlePair(_) => 42,
            GivenTwice(_) => 43,
            NamedTwice(_) => 44,
            HandTwice(_) => 45,
            EmptyMove => 46,
            NoVerb => 47,
            UnknownVerb(_) => 48,
            ArgCount { .. } => 49,
            KnightNeedsSpace => 50,
            DecideArgs => 51,
            RenegadeArgs => 52,
            BidNeedsAmount => 53,
            ExpandArgs(_) => 54,
            UnallyArgs => 55,
            TreasureTwice(_) => 56,
            TwoActions(_) => 57,
            PlayArgs => 58,
            Illegal { .. } => 59,
        }
    }
    const KINDS: u8 = 60;
    let (c, n) = (Edition::Classic, Edition::New);
    let s = |x: &str| x.to_string();
    let mut all = vec![
        (c, NotUtf8),
        (c, RecordTooLong),
        (c, LineTooLong),
        (c, HeaderAfterMoves),
        (c, BadHeader),
        (c, HeaderTwice { name: s("Seed"), first: 4 }),
        (c, TooManyHeaders),
        (c, NoEdition),
        (c, NotTheEdition { given: s("nouveau"), expected: Some(c) }),
        (n, NotTheEdition { given: s("klassik"), expected: Some(n) }),
        (c, NotTheEdition { given: s("klassik"), expected: None }),
        (n, OtherEdition(n)),
        (c, OtherEdition(c)),
        (c, NoPlayers),
        (c, NotASetup { given: s("fancy"), edition: c }),
        (n, NotASetup { given: s("fancy"), edition: n }),
        (c, SeedNotNumber(s("x7"))),
        (c, Money),
        (c, TileCount(c)),
        (n, TileCount(n)),
        (n, TileNotOnce('B')),
        (n, KingTileCentre),
        (c, PoliticsPiles),
        (c, CustomOnly(s("Castles"))),
        (c, NotAColour(s("green"))),
        (c, UnknownColour(s("green"))),
        (c, NotASpace(s("z99"))),
        (c, NotASpaceOf { given: s("z99"), edition: c }),
        (n, NotASpaceOf { given: s("z99"), edition: n }),
        (c, NotATile { given: s("Z9"), edition: c }),
        (n, NotATile { given: s("Z9"), edition: n }),
        (c, NotACardId(s("Z9"))),
        (c, NotAPoliticsCard(s("joker"))),
        (c, NotATreasureCard(s("treasure9"))),
        (n, NotAPowerCard(s("Z9"))),
        (n, NotABorder(s("a1-c3"))),
        (c, NotAnEdge(s("a1-c3"))),
        (c, NotANumber(s("007"))),
        (c, NumberOutOfRange { given: s("1000"), max: 999 }),
        (c, NotAPile(s("3"))),
        (c, NotADecisionCard(s("4"))),
        (n, NotACardAction(s("3"))),
        (c, NotColourSpaces(s("red"))),
        (c, NotColourPoliticsCards(s("red"))),
        (n, NotColourCards(s("red"))),
        (c, NotColourNumber(s("red"))),
        (n, NotColourLevel(s("red"))),
        (n, UnknownLevel(s("genius"))),
        (n, NotCastlePair(s("c3"))),
        (c, GivenTwice(Colour::Red)),
        (n, NamedTwice(Colour::Yellow)),
        (n, HandTwice(Colour::Blue)),
        (c, EmptyMove),
        (c, NoVerb),
        (c, UnknownVerb(s("fly"))),
        (c, ArgCount { verb: s("castle"), expected: 1, found: 2 }),
        (n, ArgCount { verb: s("done"), expected: 0, found: 1 }),
        (c, KnightNeedsSpace),
        (c, DecideArgs),
        (c, RenegadeArgs),
        (c, BidNeedsAmount),
        (c, ExpandArgs(c)),
        (n, ExpandArgs(n)),
        (c, UnallyArgs),
        (c, TreasureTwice(PoliticsCard::Treasure(10))),
        (n, TwoActions(PowerCardId::parse("B14").expect("card"))),
        (n, PlayArgs),
        (c, Illegal { mv: s("yellow decide 1"), why: IllegalMove::NotYourTurn }),
    ];
    all.extend(every_setup_error().into_iter().map(|(e, x)| (e, Setup(x))));
    let kinds: BTreeSet<u8> = all.iter().map(|(_, r)| kind(r)).collect();
    assert_eq!(kinds, (0..KINDS).collect(), "every record reason has a sample");
    all
}

/// Every reason's text in the current language, with the engine's English beside it.
fn every_text() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = every_refusal().into_iter().map(|e| (refusal(e), e.to_string())).collect();
    out.extend(every_setup_error().iter().map(|(ed, e)| (setup_error(*ed, e), e.to_string())));
    out.extend(every_record_reason().iter().map(|(ed, r)| (record_reason(Some(*ed), r), r.to_string())));
    out
}

#[test]
fn every_refusal_has_an_english_text_and_the_engine_says_the_same() {
    // Issue 21: all of IllegalMove (both editions), against the English catalogue.
    set_lang(Lang::En);
    for e in every_refusal() {
        let text = refusal(e);
        assert!(!text.trim().is_empty() && !text.contains(['{', '}']), "{e:?}: {text:?}");
        assert_eq!(text, e.to_string(), "{e:?}: the catalogue and the referee differ");
    }
}

#[test]
fn every_setup_and_record_reason_in_english_is_the_referees_text() {
    set_lang(Lang::En);
    for (ed, e) in every_setup_error() {
        let text = setup_error(ed, &e);
        assert!(!text.is_empty() && !text.contains(['{', '}']), "{e:?}: {text:?}");
        assert_eq!(text, e.to_string(), "{e:?}");
    }
    for (ed, r) in every_record_reason() {
        let text = record_reason(Some(ed), &r);
        assert!(!text.is_empty() && !text.contains(['{', '}']), "{r:?}: {text:?}");
        assert_eq!(text, r.to_string(), "{r:?}");
    }
    let e = RecordError { line: 7, reason: RecordReason::UnknownVerb("fly".into()) };
    assert_eq!(record_error(None, &e), e.to_string());
}

/// Words a German or Italian reason keeps from the English one: record keywords, header names
/// and values, and units (glossary §10: "the record keywords … are not translated").
const KEPT: [&str; 29] = [
    "Edition", "Players", "Setup", "Seed", "Money", "Tiles", "Politics", "Castles", "Name", "Neutral", "classic", "new", "basic", "variable",
    "custom", "public", "private", "knight", "decide", "renegade", "bid", "expand", "unally", "play", "easy", "medium", "hard", "UTF", "MiB",
];

/// The words of a text (letters only), of three letters or more.
fn words(t: &str) -> BTreeSet<&str> {
    t.split(|c: char| !c.is_alphabetic()).filter(|w| w.chars().count() >= 3).collect()
}

#[test]
fn every_reason_is_said_in_german_and_italian_without_english_words() {
    // Issue 21: a German player read an English reason inside a German sentence.
    crate::i18n::tests::install_all();
    set_lang(Lang::En);
    let english = every_text();
    let mut wrong = Vec::new();
    for l in [Lang::De, Lang::It] {
        set_lang(l);
        let translated = every_text();
        for ((t, _), (en, _)) in translated.iter().zip(&english) {
            assert!(!t.trim().is_empty() && !t.contains(['{', '}']), "{l:?}: {t:?}");
            // No word of the English text may appear, but for input it echoes and words kept.
            let leaked: Vec<&str> = words(en).intersection(&words(t)).copied().filter(|w| !KEPT.contains(w) && !is_input(w)).collect();
            if !leaked.is_empty() {
                wrong.push(format!("{l:?}: {t:?} keeps English {leaked:?} of {en:?}"));
            }
        }
    }
    set_lang(Lang::En);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Input the samples echo (a move line's words, colours' record names, the record's card names).
fn is_input(w: &str) -> bool {
    ["nouveau", "klassik", "fancy", "green", "red", "joker", "treasure", "genius", "castle", "done", "fly", "yellow", "decide"].contains(&w)
}

#[test]
fn a_broken_custom_setup_in_an_imported_record_reads_in_german() {
    // Issue 21, "how it is checked": a German game with a broken custom setup in an imported
    // record shows the reason in German.
    crate::i18n::tests::install_all();
    let record = "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Seed \"3\"]\n[Start \"yellow\"]\n";
    set_lang(Lang::En);
    let en = crate::app::AnySession::from_record("x".into(), record).map(|_| ()).unwrap_err();
    assert_eq!(en, "line 5: the start player yellow is not seated");
    set_lang(Lang::De);
    let de = crate::app::AnySession::from_record("x".into(), record).map(|_| ()).unwrap_err();
    assert_eq!(de, "Zeile 5: der Startspieler Ocker sitzt nicht am Tisch");
    let replay = crate::app::AnyReplay::open(record).map(|_| ()).unwrap_err();
    assert_eq!(replay, de);
    // A malformed line and a refused move, too.
    let bad = "[Edition \"classic\"]\n[Players \"red yellow purple\"]\nred jump a1\n";
    assert_eq!(crate::app::AnySession::from_record("x".into(), bad).map(|_| ()).unwrap_err(), "Zeile 3: unbekannter Zug „jump“");
    let refused = "[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Seed \"1\"]\nyellow decide 1\n";
    let de = crate::app::AnySession::from_record("x".into(), refused).map(|_| ()).unwrap_err();
    assert_eq!(de, "Zeile 4: yellow decide 1: diese Farbe ist nicht am Zug");
    set_lang(Lang::En);
}

#[test]
fn a_setup_refused_at_the_start_names_the_colour_in_the_players_language() {
    crate::i18n::tests::install_all();
    set_lang(Lang::De);
    assert_eq!(setup_error(Edition::New, &SetupError::SeatedTwice(Colour::Yellow)), "Ocker sitzt zweimal am Tisch");
    assert_eq!(setup_error(Edition::Classic, &SetupError::SeatedTwice(Colour::Yellow)), "Ocker sitzt zweimal am Tisch");
    set_lang(Lang::It);
    assert_eq!(setup_error(Edition::Classic, &SetupError::NotAPlayer(Colour::Grey)), "il colore grigio non gioca");
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
fn a_computer_players_failure_is_said_in_every_language_and_its_code_read_back() {
    use crate::app::computers::BotError;
    crate::i18n::tests::install_all();
    let texts = |l: Lang| {
        set_lang(l);
        BotError::ALL.map(BotError::words)
    };
    let en = texts(Lang::En);
    assert_eq!(en.iter().collect::<BTreeSet<_>>().len(), BotError::ALL.len(), "each kind has its own words: {en:?}");
    for l in [Lang::De, Lang::It] {
        for (t, e) in texts(l).iter().zip(&en) {
            assert!(!t.is_empty() && !t.contains(['{', '}']) && t != e, "{l:?}: {t:?}");
            // Italian's "giocatore computer" is the glossary's word.
            let leaked: Vec<&str> = words(e).intersection(&words(t)).copied().filter(|&w| w != "computer").collect();
            assert!(leaked.is_empty(), "{l:?}: {t:?} keeps English {leaked:?}");
        }
    }
    set_lang(Lang::En);
    for e in BotError::ALL {
        assert_eq!(BotError::parse(e.code()), Some(e));
        assert!(!e.words().contains(e.code()) && !e.words().contains(&format!("{e:?}")), "{e:?}");
    }
    assert_eq!(BotError::parse("no such colour: mauve"), None, "an older worker's English is no code");
}
