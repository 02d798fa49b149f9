//! New Edition game records (shared/NOTATION.md, "New Edition records"): headers ↔ [`Setup`],
//! move lines ↔ [`Move`].

use super::cards::PowerCardId;
use super::event::Event;
use super::game::Game;
use super::map::Layout;
use super::moves::Move;
use super::setup::Setup;
use crate::engine::colour::{Colour};
use crate::engine::seating::check_seating;
use crate::engine::grid::{Edge, Space};
use crate::engine::notation::{parse_amounts, parse_by_colour, parse_list, shown, write_by_colour, Lexed, RecordError, RecordReason, MAX_DUCATS, MAX_SCORE};
use crate::engine::rules::Edition;
use crate::engine::seed::Seed;

/// A parsed New Edition record: its setup, player names, and the moves with their lines.
#[derive(Clone, Debug)]
pub struct Record {
    /// The setup the headers describe.
    pub setup: Setup,
    /// Player names from the `Names` header (an extension), in seating order.
    pub names: Vec<String>,
    /// The moves, each with its line.
    pub moves: Vec<(usize, Move)>,
    /// Line of the last header (setup errors are reported there).
    pub header_line: usize,
}

fn colour(v: &str) -> Result<Colour, RecordReason> {
    Colour::parse(v).ok_or_else(|| RecordReason::UnknownColour(shown(v)))
}

const CUSTOM_ONLY: [&str; 9] = ["Castles", "Knights", "Borders", "Ducats", "Scores", "Hands", "Market", "Alliances", "Start"];

impl Record {
    /// Parses a record's text.
    ///
    /// # Errors
    /// The first malformed line.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        Record::from_lexed(&Lexed::new(text)?)
    }

    /// Builds the record from a lexed text.
    ///
    /// # Errors
    /// The first malformed header or move line.
    pub fn from_lexed(lexed: &Lexed<'_>) -> Result<Record, RecordError> {
        use RecordReason as R;
        let mut moves = Vec::new();
        for &(line, l) in &lexed.moves {
            moves.push((line, Move::parse(l).map_err(|reason| RecordError { line, reason })?));
        }
        let header_line = lexed.header_line();
        let (el, edition) = lexed.get("Edition").ok_or(RecordError { line: 1, reason: R::NoEdition })?;
        if edition != "new" {
            return Err(RecordError { line: el, reason: R::NotTheEdition { given: shown(edition), expected: Some(Edition::New) } });
        }
        let (pl, players) = lexed.get("Players").ok_or(RecordError { line: header_line, reason: R::NoPlayers })?;
        let players = parse_list(players, R::NotAColour, Colour::parse).map_err(|reason| RecordError { line: pl, reason })?;
        check_seating(&players, None, Edition::New).map_err(|e| RecordError { line: pl, reason: e.into() })?;
        let custom = match lexed.get("Setup") {
            None | Some((_, "variable")) => false,
            Some((_, "custom")) => true,
            Some((l, other)) => return Err(RecordError { line: l, reason: R::NotASetup { given: shown(other), edition: Edition::New } }),
        };
        let seed = match lexed.get("Seed") {
            Some((l, v)) => Seed::parse(v).ok_or_else(|| RecordError { line: l, reason: R::SeedNotNumber(shown(v)) })?,
            None => Seed::default(),
        };
        let mut setup = Setup::new(players, 0);
        setup.seed = seed;
        setup.custom = custom;
        for &(line, name, v) in &lexed.headers {
            let e = |reason: RecordReason| RecordError { line, reason };
            let card = |s: &str| PowerCardId::parse(s);
            match name {
                "Edition" | "Players" | "Setup" | "Seed" => {}
                "Neutral" => {
                    let n = colour(v).map_err(e)?;
                    check_seating(&setup.players, Some(n), Edition::New).map_err(|x| e(x.into()))?;
                    setup.neutral = Some(n);
                }
                "Money" => {
                    setup.private_money = match v {
                        "public" => false,
                        "private" => true,
                        _ => return Err(e(R::Money)),
                    }
                }
                "Tiles" => setup.tiles = Some(Layout::parse(v).map_err(e)?),
                "Deck" => setup.deck = Some(parse_list(v, R::NotAPowerCard, card).map_err(e)?),
                "Castles" => setup.castles = parse_by_colour(v, R::NotColourSpaces, R::NotASpace, Space::parse).map_err(e)?,
                "Knights" => setup.knights = parse_by_colour(v, R::NotColourSpaces, R::NotASpace, Space::parse).map_err(e)?,
                "Borders" => setup.borders = parse_list(v, R::NotABorder, Edge::parse).map_err(e)?,
                "Ducats" => setup.ducats = parse_amounts(v, MAX_DUCATS).map_err(e)?,
                "Scores" => setup.scores = parse_amounts(v, MAX_SCORE).map_err(e)?,
                "Hands" => {
                    // `red:` is an empty hand: list every colour named, even without cards.
                    for group in v.split_whitespace() {
                        let (c, items) = group.split_once(':').ok_or_else(|| e(R::NotColourCards(shown(group))))?;
                        let c = colour(c).map_err(e)?;
                        if setup.hands.iter().any(|(h, _)| *h == c) {
                            return Err(e(R::HandTwice(c)));
                        }
                        let cards = items.split(',').filter(|s| !s.is_empty()).map(|s| card(s).ok_or_else(|| e(R::NotAPowerCard(shown(s))))).collect::<Result<_, _>>()?;
                        setup.hands.push((c, cards));
                    }
                }
                "Market" => setup.market = parse_list(v, R::NotAPowerCard, card).map_err(e)?,
                "Alliances" => {
                    for pair in v.split_whitespace() {
                        let bad = || e(R::NotCastlePair(shown(pair)));
                        let (a, b) = pair.split_once(':').ok_or_else(bad)?;
                        setup.alliances.push((Space::parse(a).ok_or_else(bad)?, Space::parse(b).ok_or_else(bad)?));
                    }
                }
                "Start" => setup.start = Some(colour(v).map_err(e)?),
                _ => {} // Other headers (Names, Bots, Date, …) are kept by tools, ignored by the rules.
            }
            if !custom && CUSTOM_ONLY.contains(&name) {
                return Err(e(R::CustomOnly(name.to_string())));
            }
        }
        Ok(Record { setup, names: lexed.names(), moves, header_line })
    }

    /// Builds the game and plays every move.
    ///
    /// # Errors
    /// A bad setup (at the last header line) or the first illegal move.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_with(|_, _| {})
    }

    /// As [`Record::replay`], calling `each` with every move's events.
    ///
    /// # Errors
    /// As [`Record::replay`].
    pub fn replay_with(&self, each: impl FnMut(&Game, &[Event])) -> Result<Game, RecordError> {
        crate::engine::rules::replay_moves(Game::new(&self.setup), self.header_line, &self.moves, each)
    }
}

/// Writes the headers of a setup (everything needed to replay it).
pub fn write_headers(setup: &Setup, names: &[String]) -> String {
    let mut s = String::new();
    let join = |v: Vec<String>| v.join(" ");
    s += "[Edition \"new\"]\n";
    s += &format!("[Players \"{}\"]\n", join(setup.players.iter().map(|c| c.to_string()).collect()));
    if let Some(n) = setup.neutral {
        s += &format!("[Neutral \"{n}\"]\n");
    }
    s += &format!("[Setup \"{}\"]\n", if setup.custom { "custom" } else { "variable" });
    s += &format!("[Seed \"{}\"]\n", setup.seed);
    if setup.private_money {
        s += "[Money \"private\"]\n";
    }
    if !names.is_empty() {
        s += &format!("[Names \"{}\"]\n", names.join(", "));
    }
    if let Some(t) = setup.tiles {
        s += &format!("[Tiles \"{t}\"]\n");
    }
    if let Some(d) = &setup.deck {
        s += &format!("[Deck \"{}\"]\n", join(d.iter().map(|x| x.to_string()).collect()));
    }
    if setup.custom {
        let pieces = |v: &[(Colour, Space)]| write_by_colour(&v.iter().map(|(c, x)| (*c, x.to_string())).collect::<Vec<_>>());
        let numbers = |v: &[(Colour, u32)]| write_by_colour(&v.iter().map(|(c, x)| (*c, x.to_string())).collect::<Vec<_>>());
        let mut line = |name: &str, v: String, always: bool| {
            if always || !v.is_empty() {
                s += &format!("[{name} \"{v}\"]\n");
            }
        };
        line("Castles", pieces(&setup.castles), false);
        line("Knights", pieces(&setup.knights), false);
        line("Borders", join(setup.borders.iter().map(|x| x.to_string()).collect()), false);
        line("Ducats", numbers(&setup.ducats), false);
        line("Scores", numbers(&setup.scores), false);
        let hands: Vec<String> = setup.hands.iter().map(|(c, h)| format!("{c}:{}", h.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","))).collect();
        line("Hands", join(hands), false);
        line("Market", join(setup.market.iter().map(|x| x.to_string()).collect()), false);
        line("Alliances", join(setup.alliances.iter().map(|(a, b)| format!("{a}:{b}")).collect()), false);
        if let Some(c) = setup.start {
            line("Start", c.to_string(), true);
        }
    }
    s
}

/// Writes a whole record.
pub fn write_record(setup: &Setup, names: &[String], moves: &[Move]) -> String {
    let mut s = write_headers(setup, names);
    for m in moves {
        s += &m.to_string();
        s.push('\n');
    }
    s
}

impl Game {
    /// The setup with the tiles and the deck this game used spelled out (what `play` writes, so
    /// that any record can be re-checked by other programs).
    pub fn spelled_out(&self, setup: &Setup) -> Setup {
        let mut s = setup.clone();
        s.tiles = Some(self.layout());
        s.deck = Some(self.deck_before_deal().to_vec());
        s
    }
}
