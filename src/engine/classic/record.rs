//! Game records (shared/NOTATION.md): headers, then one move a line.

use super::cards::{CardId, PoliticsCard};
use crate::engine::colour::Colour;
use super::event::Event;
use super::game::Game;
use super::map::TilePlacement;
use super::moves::Move;
use super::setup::{Setup, SetupKind};
use crate::engine::grid::{Edge, Space};
use crate::engine::seating::check_seating;
use crate::engine::notation::{parse_amounts, parse_by_colour, parse_list, shown, Lexed, RecordReason, MAX_DUCATS, MAX_SCORE};
use crate::engine::rules::Edition;
use crate::engine::seed::Seed;

pub use crate::engine::notation::RecordError;

/// A parsed record: its setup, extra headers, and the moves with their line numbers.
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
        let at = |line: usize| move |reason: RecordReason| RecordError { line, reason };
        let (el, edition) = lexed.get("Edition").ok_or(RecordError { line: 1, reason: R::NoEdition })?;
        if edition != "classic" {
            return Err(RecordError { line: el, reason: R::NotTheEdition { given: shown(edition), expected: Some(Edition::Classic) } });
        }
        let (pl, players) = lexed.get("Players").ok_or(RecordError { line: header_line, reason: R::NoPlayers })?;
        let players = parse_list(players, R::NotAColour, Colour::parse).map_err(at(pl))?;
        check_seating(&players, None, Edition::Classic).map_err(|e| at(pl)(e.into()))?;
        let kind = match lexed.get("Setup") {
            Some((l, v)) => match v {
                "basic" => SetupKind::Basic,
                "variable" => SetupKind::Variable,
                "custom" => SetupKind::Custom,
                other => return Err(RecordError { line: l, reason: R::NotASetup { given: shown(other), edition: Edition::Classic } }),
            },
            None if players.len() == 2 => SetupKind::Variable,
            None => SetupKind::Basic,
        };
        let seed = match lexed.get("Seed") {
            Some((l, v)) => Seed::parse(v).ok_or_else(|| RecordError { line: l, reason: R::SeedNotNumber(shown(v)) })?,
            None => Seed::default(),
        };
        let mut setup = Setup::new(players, kind, 0);
        setup.seed = seed;
        for &(line, name, v) in &lexed.headers {
            let e = at(line);
            match name {
                "Edition" | "Players" | "Setup" | "Seed" => {}
                "Neutral" => {
                    let n = Colour::parse(v).ok_or_else(|| e(R::UnknownColour(shown(v))))?;
                    check_seating(&setup.players, Some(n), Edition::Classic).map_err(|x| e(x.into()))?;
                    setup.neutral = Some(n);
                }
                "Money" => {
                    setup.public_money = match v {
                        "public" => true,
                        "private" => false,
                        _ => return Err(e(R::Money)),
                    }
                }
                "Tiles" => {
                    let t = parse_list(v, |given| R::NotATile { given, edition: Edition::Classic }, TilePlacement::parse).map_err(e)?;
                    setup.tiles = Some(t.try_into().map_err(|_| e(R::TileCount(Edition::Classic)))?);
                }
                "Deck" => setup.deck = Some(parse_list(v, R::NotACardId, CardId::parse).map_err(e)?),
                "Politics" => {
                    let (a, b) = v.split_once('/').ok_or_else(|| e(R::PoliticsPiles))?;
                    setup.politics = Some([
                        parse_list(a, R::NotAPoliticsCard, PoliticsCard::parse).map_err(e)?,
                        parse_list(b, R::NotAPoliticsCard, PoliticsCard::parse).map_err(e)?,
                    ]);
                }
                "Castles" => setup.castles = parse_by_colour(v, R::NotColourSpaces, R::NotASpace, Space::parse).map_err(e)?,
                "Knights" => setup.knights = parse_by_colour(v, R::NotColourSpaces, R::NotASpace, Space::parse).map_err(e)?,
                "Borders" => setup.borders = parse_list(v, R::NotABorder, Edge::parse).map_err(e)?,
                "Ducats" => setup.ducats = parse_amounts(v, MAX_DUCATS).map_err(e)?,
                "Scores" => setup.scores = parse_amounts(v, MAX_SCORE).map_err(e)?,
                "Hands" => {
                    let cards = parse_by_colour(v, R::NotColourPoliticsCards, R::NotAPoliticsCard, PoliticsCard::parse).map_err(e)?;
                    for (c, card) in cards {
                        match setup.hands.iter_mut().find(|(h, _)| *h == c) {
                            Some((_, v)) => v.push(card),
                            None => setup.hands.push((c, vec![card])),
                        }
                    }
                }
                "Start" => setup.start = Some(Colour::parse(v).ok_or_else(|| e(R::UnknownColour(shown(v))))?),
                _ => {} // Other headers (Names, Date, Event, …) are kept by tools, ignored by the rules.
            }
            if kind != SetupKind::Custom && matches!(name, "Castles" | "Knights" | "Borders" | "Ducats" | "Scores" | "Hands" | "Start") {
                return Err(e(R::CustomOnly(name.to_string())));
            }
        }
        let names = lexed.names();
        Ok(Record { setup, names, moves, header_line })
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
    let players: Vec<&str> = setup.players.iter().map(|c| c.name()).collect();
    s += "[Edition \"classic\"]\n";
    s += &format!("[Players \"{}\"]\n", players.join(" "));
    if let Some(n) = setup.neutral {
        s += &format!("[Neutral \"{n}\"]\n");
    }
    s += &format!("[Setup \"{}\"]\n", setup.kind.name());
    s += &format!("[Seed \"{}\"]\n", setup.seed);
    if setup.public_money {
        s += "[Money \"public\"]\n";
    }
    if !names.is_empty() {
        s += &format!("[Names \"{}\"]\n", names.join(", "));
    }
    let join = |v: Vec<String>| v.join(" ");
    if let Some(t) = setup.tiles {
        s += &format!("[Tiles \"{}\"]\n", join(t.iter().map(|x| x.to_string()).collect()));
    }
    if let Some(d) = &setup.deck {
        s += &format!("[Deck \"{}\"]\n", join(d.iter().map(|x| x.to_string()).collect()));
    }
    if let Some([a, b]) = &setup.politics {
        s += &format!("[Politics \"{} / {}\"]\n", join(a.iter().map(|x| x.name()).collect()), join(b.iter().map(|x| x.name()).collect()));
    }
    let by_colour = |items: Vec<(Colour, String)>| {
        let mut groups: Vec<(Colour, Vec<String>)> = Vec::new();
        for (c, v) in items {
            match groups.iter_mut().find(|(g, _)| *g == c) {
                Some((_, l)) => l.push(v),
                None => groups.push((c, vec![v])),
            }
        }
        groups.iter().map(|(c, l)| format!("{c}:{}", l.join(","))).collect::<Vec<_>>().join(" ")
    };
    if setup.kind == SetupKind::Custom {
        if !setup.castles.is_empty() {
            s += &format!("[Castles \"{}\"]\n", by_colour(setup.castles.iter().map(|(c, x)| (*c, x.to_string())).collect()));
        }
        if !setup.knights.is_empty() {
            s += &format!("[Knights \"{}\"]\n", by_colour(setup.knights.iter().map(|(c, x)| (*c, x.to_string())).collect()));
        }
        if !setup.borders.is_empty() {
            s += &format!("[Borders \"{}\"]\n", join(setup.borders.iter().map(|x| x.to_string()).collect()));
        }
        if !setup.ducats.is_empty() {
            s += &format!("[Ducats \"{}\"]\n", by_colour(setup.ducats.iter().map(|(c, x)| (*c, x.to_string())).collect()));
        }
        if !setup.scores.is_empty() {
            s += &format!("[Scores \"{}\"]\n", by_colour(setup.scores.iter().map(|(c, x)| (*c, x.to_string())).collect()));
        }
        if !setup.hands.is_empty() {
            s += &format!("[Hands \"{}\"]\n", by_colour(setup.hands.iter().flat_map(|(c, h)| h.iter().map(move |x| (*c, x.name()))).collect()));
        }
        if let Some(c) = setup.start {
            s += &format!("[Start \"{c}\"]\n");
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
