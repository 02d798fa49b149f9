//! The record format both editions share (shared/NOTATION.md): comments, `[Name "value"]`
//! headers, one move a line, and the list notations of header values. Each edition maps the
//! headers to its setup and the lines to its moves.

use super::classic::cards::PoliticsCard;
use super::colour::Colour;
use super::error::{IllegalMove, SetupError};
use super::newed::cards::PowerCardId;
use super::colour::Edition;
use std::collections::HashMap;
use std::fmt;

/// A record that can't be read or replayed: the line and the reason.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: RecordReason,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// Why a record's line can't be read or played, with what it names. Input it echoes is already
/// [`shown`] (escaped and shortened). `Display` gives the referee's English (shared/NOTATION.md:
/// `line N: <reason>`); the app says the same in the player's language (`app::words`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordReason {
    /// The bytes are not UTF-8.
    NotUtf8,
    /// The record is longer than [`MAX_RECORD_BYTES`].
    RecordTooLong,
    /// A line is longer than [`MAX_LINE_BYTES`].
    LineTooLong,
    /// A header after the first move.
    HeaderAfterMoves,
    /// A header that is not `[Name "value"]`.
    BadHeader,
    /// A header given twice: its name and the line of the first.
    HeaderTwice { name: String, first: usize },
    /// More than [`MAX_HEADERS`] headers.
    TooManyHeaders,
    /// No `[Edition]` header.
    NoEdition,
    /// An `[Edition]` that is not the one expected (`None`: neither edition).
    NotTheEdition { given: String, expected: Option<Edition> },
    /// A record of the other edition where one of this edition is read (the edition it is).
    OtherEdition(Edition),
    /// No `[Players]` header.
    NoPlayers,
    /// A `[Setup]` the edition doesn't have.
    NotASetup { given: String, edition: Edition },
    /// A `[Seed]` that is not a whole number.
    SeedNotNumber(String),
    /// A `[Money]` that is not `public` or `private`.
    Money,
    /// `[Tiles]` names another number of tiles than the edition has.
    TileCount(Edition),
    /// New Edition: a tile not named exactly once.
    TileNotOnce(char),
    /// New Edition: the King's city tile is not in the centre.
    KingTileCentre,
    /// Classic: `[Politics]` is not two piles.
    PoliticsPiles,
    /// A header of the custom setup in another setup.
    CustomOnly(String),
    /// The setup the headers describe can't be played.
    Setup(SetupError),
    /// Not a colour (a `[Players]` item).
    NotAColour(String),
    /// An unknown colour name.
    UnknownColour(String),
    /// Not a space (a custom position's piece).
    NotASpace(String),
    /// Not a space of the edition's board (a move's).
    NotASpaceOf { given: String, edition: Edition },
    /// Not a tile of the edition.
    NotATile { given: String, edition: Edition },
    /// Classic: not an action card.
    NotACardId(String),
    /// Classic: not a politics card.
    NotAPoliticsCard(String),
    /// Classic: not a treasure card.
    NotATreasureCard(String),
    /// New Edition: not a power card.
    NotAPowerCard(String),
    /// Not a border (a custom position's, or a New Edition move's).
    NotABorder(String),
    /// Classic: a move's edge that is not between two neighbouring spaces.
    NotAnEdge(String),
    /// Not a number.
    NotANumber(String),
    /// Not a number from 0 to `max`.
    NumberOutOfRange { given: String, max: u32 },
    /// Classic: not a politics pile.
    NotAPile(String),
    /// Classic: not a decision card.
    NotADecisionCard(String),
    /// New Edition: not an action of a card.
    NotACardAction(String),
    /// Not `colour:space,…`.
    NotColourSpaces(String),
    /// Classic: not `colour:politics card,…`.
    NotColourPoliticsCards(String),
    /// New Edition: not `colour:card,…`.
    NotColourCards(String),
    /// Not `colour:number`.
    NotColourNumber(String),
    /// Not `colour:level` (computer seats).
    NotColourLevel(String),
    /// An unknown computer level.
    UnknownLevel(String),
    /// New Edition: not `castle:castle`.
    NotCastlePair(String),
    /// A colour given twice in a list of amounts.
    GivenTwice(Colour),
    /// A colour named twice among the computer seats.
    NamedTwice(Colour),
    /// New Edition: a colour's hand given twice.
    HandTwice(Colour),
    /// An empty move line (only a comment).
    EmptyMove,
    /// A move line with a colour and nothing else.
    NoVerb,
    /// An unknown move keyword.
    UnknownVerb(String),
    /// A move with another number of arguments.
    ArgCount { verb: String, expected: usize, found: usize },
    /// Classic: `knight` without a space.
    KnightNeedsSpace,
    /// Classic: `decide` without one or two cards.
    DecideArgs,
    /// Classic: `renegade` without its two spaces.
    RenegadeArgs,
    /// Classic: `bid` without an amount.
    BidNeedsAmount,
    /// `expand` without its space (or with too much).
    ExpandArgs(Edition),
    /// Classic: `unally` without its two castles.
    UnallyArgs,
    /// Classic: a treasure card named twice in a payment.
    TreasureTwice(PoliticsCard),
    /// New Edition: a two-action card played without naming the action.
    TwoActions(PowerCardId),
    /// New Edition: `play` without its card (or with too much).
    PlayArgs,
    /// A move the rules refuse: the move and why.
    Illegal { mv: String, why: IllegalMove },
}

impl From<SetupError> for RecordReason {
    fn from(e: SetupError) -> RecordReason {
        RecordReason::Setup(e)
    }
}

impl fmt::Display for RecordReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordReason::*;
        match self {
            NotUtf8 => write!(f, "not UTF-8"),
            RecordTooLong => write!(f, "the record is longer than {} MiB ({MAX_RECORD_BYTES} bytes)", MAX_RECORD_BYTES >> 20),
            LineTooLong => write!(f, "the line is longer than {MAX_LINE_BYTES} bytes"),
            HeaderAfterMoves => write!(f, "headers come before the moves"),
            BadHeader => write!(f, "a header is written [Name \"value\"]"),
            HeaderTwice { name, first } => write!(f, "header {name} given twice (first on line {first})"),
            TooManyHeaders => write!(f, "more than {MAX_HEADERS} headers"),
            NoEdition => write!(f, "the Edition header is required"),
            NotTheEdition { given, expected: Some(e) } => write!(f, "edition '{given}' is not {e}"),
            NotTheEdition { given, expected: None } => write!(f, "edition '{given}' is not classic or new"),
            OtherEdition(Edition::New) => write!(f, "this is a New Edition game, not a Classic one"),
            OtherEdition(Edition::Classic) => write!(f, "this is a Classic game, not a New Edition one"),
            NoPlayers => write!(f, "the Players header is required"),
            NotASetup { given, edition: Edition::Classic } => write!(f, "setup '{given}' is not basic, variable or custom"),
            NotASetup { given, edition: Edition::New } => write!(f, "setup '{given}' is not variable or custom"),
            SeedNotNumber(v) => write!(f, "seed '{v}' is neither a whole number nor 0x and 32 to 64 hex digits"),
            Money => write!(f, "Money is public or private"),
            TileCount(Edition::Classic) => write!(f, "Tiles names six tiles"),
            TileCount(Edition::New) => write!(f, "Tiles names nine tiles"),
            TileNotOnce(id) => write!(f, "each tile K and A–H is used once ({id} is not)"),
            KingTileCentre => write!(f, "the King's city tile K always lies in the centre (fifth)"),
            PoliticsPiles => write!(f, "Politics has two piles separated by /"),
            CustomOnly(name) => write!(f, "the {name} header belongs to the custom setup"),
            Setup(e) => write!(f, "{e}"),
            NotAColour(v) => write!(f, "'{v}' is not a colour"),
            UnknownColour(v) => write!(f, "unknown colour '{v}'"),
            NotASpace(v) => write!(f, "'{v}' is not a space"),
            NotASpaceOf { given, edition: Edition::Classic } => write!(f, "'{given}' is not a space (a1 … o10)"),
            NotASpaceOf { given, edition: Edition::New } => write!(f, "'{given}' is not a space (a1 … l12)"),
            NotATile { given, edition: Edition::Classic } => write!(f, "'{given}' is not a tile (A0 … F3)"),
            NotATile { given, edition: Edition::New } => write!(f, "'{given}' is not a tile (K0 … H3)"),
            NotACardId(v) => write!(f, "'{v}' is not a card id (like B3)"),
            NotAPoliticsCard(v) => write!(f, "'{v}' is not a politics card"),
            NotATreasureCard(v) => write!(f, "'{v}' is not a treasure card (treasure8, treasure10, treasure12, treasure15)"),
            NotAPowerCard(v) => write!(f, "'{v}' is not a power card (A1 … D15)"),
            NotABorder(v) => write!(f, "'{v}' is not a border (like c1-d1)"),
            NotAnEdge(v) => write!(f, "'{v}' is not an edge between two neighbouring spaces (like c1-d1)"),
            NotANumber(v) => write!(f, "'{v}' is not a number"),
            NumberOutOfRange { given, max } => write!(f, "'{given}' is not a number from 0 to {max}"),
            NotAPile(v) => write!(f, "'{v}' is not a pile (1 or 2)"),
            NotADecisionCard(v) => write!(f, "'{v}' is not a decision card (1, 2 or 3)"),
            NotACardAction(v) => write!(f, "'{v}' is not an action of a card (1 or 2)"),
            NotColourSpaces(v) => write!(f, "'{v}' should be colour:space,…"),
            NotColourPoliticsCards(v) => write!(f, "'{v}' should be colour:politics card,…"),
            NotColourCards(v) => write!(f, "'{v}' should be colour:card,…"),
            NotColourNumber(v) => write!(f, "'{v}' should be colour:number"),
            NotColourLevel(v) => write!(f, "'{v}' is not colour:level"),
            UnknownLevel(v) => write!(f, "unknown level '{v}' (easy, medium, hard)"),
            NotCastlePair(v) => write!(f, "'{v}' should be castle:castle (like c3:h8)"),
            GivenTwice(c) => write!(f, "{c} is given twice"),
            NamedTwice(c) => write!(f, "{c} is named twice"),
            HandTwice(c) => write!(f, "{c}'s hand is given twice"),
            EmptyMove => write!(f, "empty move"),
            NoVerb => write!(f, "a move needs a keyword after the colour"),
            UnknownVerb(v) => write!(f, "unknown move '{v}'"),
            ArgCount { verb, expected, found } => write!(f, "wrong number of arguments after '{verb}': {found} (it takes {expected})"),
            KnightNeedsSpace => write!(f, "'knight' needs a space"),
            DecideArgs => write!(f, "'decide' takes one or two decision cards"),
            RenegadeArgs => write!(f, "'renegade' takes the knight to remove and the space to place on"),
            BidNeedsAmount => write!(f, "'bid' needs an amount"),
            ExpandArgs(Edition::Classic) => write!(f, "'expand' takes a space (and optionally the province's castle)"),
            ExpandArgs(Edition::New) => write!(f, "'expand' takes a space and optionally the castle of the region"),
            UnallyArgs => write!(f, "'unally' takes the two castles"),
            TreasureTwice(card) => write!(f, "{card} named twice"),
            TwoActions(card) => write!(f, "{card} has two actions: write 'play {card} 1' or 'play {card} 2'"),
            PlayArgs => write!(f, "'play' takes a card and, for a two-action card, 1 or 2"),
            Illegal { mv, why } => write!(f, "{mv}: {why}"),
        }
    }
}

/// The most bytes a record may have. A finished game's record is a few kilobytes (a long
/// New Edition game with spelled-out tiles and deck is under 10 kB); 4 MiB leaves room for
/// any hand-written or tool-made record while bounding the time and memory a pasted text, a
/// `?record=` link or a file can make the game or the referee spend. Checked before parsing.
pub const MAX_RECORD_BYTES: usize = 4 * 1024 * 1024;
/// The longest line (bytes). The longest real line is a custom position's header of some
/// hundred borders or a spelled-out deck, a few kilobytes; no token needs more.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// The most headers a record may have. Each edition knows about twenty; tools may add a few
/// of their own (`Names`, `Bots`, `Date`, …), never hundreds.
pub const MAX_HEADERS: usize = 256;
pub use super::limits::{MAX_DUCATS, MAX_SCORE};

/// A record file's bytes as text: the size limit, then UTF-8, each with the line it fails at.
///
/// # Errors
/// `line N: the record is longer than …` (at the line that passes [`MAX_RECORD_BYTES`]) or
/// `line N: not UTF-8` (the line of the first bad byte).
pub fn record_text(bytes: &[u8]) -> Result<&str, RecordError> {
    let line_of = |at: usize| 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    check_size(bytes.len(), || line_of(MAX_RECORD_BYTES))?;
    std::str::from_utf8(bytes).map_err(|e| RecordError { line: line_of(e.valid_up_to()), reason: RecordReason::NotUtf8 })
}

fn check_size(len: usize, line: impl FnOnce() -> usize) -> Result<(), RecordError> {
    if len > MAX_RECORD_BYTES {
        return Err(RecordError { line: line(), reason: RecordReason::RecordTooLong });
    }
    Ok(())
}

/// A record cut into headers and move lines, each with its line number.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Lexed<'a> {
    /// `(line, name, value)` in order.
    pub headers: Vec<(usize, &'a str, &'a str)>,
    /// `(line, text)` of each move line, comment removed.
    pub moves: Vec<(usize, &'a str)>,
    /// Each header's position in `headers`, by name (lookups in constant time: every record is
    /// read in time linear in its size).
    index: HashMap<&'a str, usize>,
}

impl<'a> Lexed<'a> {
    /// Cuts a record's text. A byte-order mark at its start is skipped.
    ///
    /// # Errors
    /// A record, a line or a header list over its limit ([`MAX_RECORD_BYTES`], [`MAX_LINE_BYTES`],
    /// [`MAX_HEADERS`]), a malformed or repeated header, or a header after the moves.
    pub fn new(text: &'a str) -> Result<Lexed<'a>, RecordError> {
        check_size(text.len(), || 1 + text.as_bytes()[..MAX_RECORD_BYTES].iter().filter(|&&b| b == b'\n').count())?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut out = Lexed::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            if raw.len() > MAX_LINE_BYTES {
                return Err(RecordError { line, reason: RecordReason::LineTooLong });
            }
            let l = strip_comment(raw);
            if l.is_empty() {
                continue;
            }
            if l.starts_with('[') {
                if !out.moves.is_empty() {
                    return Err(RecordError { line, reason: RecordReason::HeaderAfterMoves });
                }
                let bad = || RecordError { line, reason: RecordReason::BadHeader };
                let inner = l.strip_prefix('[').and_then(|x| x.strip_suffix(']')).ok_or_else(bad)?;
                let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
                let value = rest.trim().strip_prefix('"').and_then(|x| x.strip_suffix('"')).ok_or_else(bad)?;
                if let Some(&first) = out.index.get(name) {
                    return Err(RecordError { line, reason: RecordReason::HeaderTwice { name: shown(name), first: out.headers[first].0 } });
                }
                if out.headers.len() == MAX_HEADERS {
                    return Err(RecordError { line, reason: RecordReason::TooManyHeaders });
                }
                out.index.insert(name, out.headers.len());
                out.headers.push((line, name, value));
            } else {
                out.moves.push((line, l));
            }
        }
        Ok(out)
    }

    /// A header by name: `(line, value)`.
    pub fn get(&self, name: &str) -> Option<(usize, &'a str)> {
        self.index.get(name).map(|&i| (self.headers[i].0, self.headers[i].2))
    }

    /// Line of the last header (setup errors are reported there).
    pub fn header_line(&self) -> usize {
        self.headers.last().map_or(1, |h| h.0)
    }

    /// Player names from the `Names` header (an extension), in seating order.
    pub fn names(&self) -> Vec<String> {
        self.get("Names").map(|(_, v)| v.split(',').map(|s| s.trim().to_string()).collect()).unwrap_or_default()
    }
}

/// The text of a line before its `#` comment, trimmed.
pub fn strip_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(a, _)| a).trim()
}

/// Parses a space-separated list.
///
/// # Errors
/// The first item that is not a `T` (`not` says so of the item, [`shown`]).
pub fn parse_list<T>(v: &str, not: fn(String) -> RecordReason, f: impl Fn(&str) -> Option<T>) -> Result<Vec<T>, RecordReason> {
    v.split_whitespace().map(|w| f(w).ok_or_else(|| not(shown(w)))).collect()
}

/// Parses `red:a1,m4 yellow:a9`.
///
/// # Errors
/// The first group that is not `colour:item,…` (`not_group` says so), the first unknown colour,
/// or the first item that is not a `T` (`not_item` says so).
pub fn parse_by_colour<T>(v: &str, not_group: fn(String) -> RecordReason, not_item: fn(String) -> RecordReason, f: impl Fn(&str) -> Option<T>) -> Result<Vec<(Colour, T)>, RecordReason> {
    let mut out = Vec::new();
    for group in v.split_whitespace() {
        let (c, items) = group.split_once(':').ok_or_else(|| not_group(shown(group)))?;
        let colour = Colour::parse(c).ok_or_else(|| RecordReason::UnknownColour(shown(c)))?;
        for item in items.split(',').filter(|s| !s.is_empty()) {
            out.push((colour, f(item).ok_or_else(|| not_item(shown(item)))?));
        }
    }
    Ok(out)
}

/// A whole number as records and the command line write it: plain decimal digits, no sign, no
/// leading zero (except `0` itself), within `T`'s range.
pub fn parse_number<T: std::str::FromStr>(s: &str) -> Option<T> {
    let plain = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'));
    if plain { s.parse().ok() } else { None }
}

/// Parses a custom position's `red:12 yellow:3` (`[Ducats]`, `[Scores]`): one number per colour,
/// each colour once, each at most `max`.
///
/// # Errors
/// The first malformed group, a number over `max`, or a colour named twice.
pub fn parse_amounts(v: &str, max: u32) -> Result<Vec<(Colour, u32)>, RecordReason> {
    let mut out: Vec<(Colour, u32)> = Vec::new();
    for group in v.split_whitespace() {
        let (c, n) = group.split_once(':').ok_or_else(|| RecordReason::NotColourNumber(shown(group)))?;
        let colour = Colour::parse(c).ok_or_else(|| RecordReason::UnknownColour(shown(c)))?;
        let n = parse_number::<u32>(n).filter(|&n| n <= max).ok_or_else(|| RecordReason::NumberOutOfRange { given: shown(n), max })?;
        if out.iter().any(|&(o, _)| o == colour) {
            return Err(RecordReason::GivenTwice(colour));
        }
        out.push((colour, n));
    }
    Ok(out)
}

/// Groups `(colour, item)` pairs as `red:a1,m4 yellow:a9` (the inverse of [`parse_by_colour`]).
pub fn write_by_colour(items: &[(Colour, String)]) -> String {
    let mut groups: Vec<(Colour, Vec<&str>)> = Vec::new();
    for (c, v) in items {
        match groups.iter_mut().find(|(g, _)| g == c) {
            Some((_, l)) => l.push(v),
            None => groups.push((*c, vec![v])),
        }
    }
    groups.iter().map(|(c, l)| format!("{c}:{}", l.join(","))).collect::<Vec<_>>().join(" ")
}

/// The most characters of input a message echoes.
const SHOWN_CHARS: usize = 40;

/// Input echoed in a message: control characters and invisible or line-breaking format
/// characters escaped (no terminal or HTML tricks through a message, and it stays one line),
/// and at most 40 characters shown (escapes counted), then `…`.
pub fn shown(s: &str) -> String {
    let mut out = String::new();
    let mut n = 0;
    for c in s.chars() {
        let hidden = c.is_control() || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}');
        let piece: String = if hidden { c.escape_default().collect() } else { c.to_string() };
        let len = piece.chars().count();
        if n + len > SHOWN_CHARS {
            out.push('…');
            break;
        }
        out += &piece;
        n += len;
    }
    out
}

/// A record with one more header line, after the last header.
pub fn with_header(record: &str, name: &str, value: &str) -> String {
    let lines: Vec<&str> = record.lines().collect();
    let at = lines.iter().rposition(|l| l.trim_start().starts_with('[')).map_or(0, |i| i + 1);
    let mut out = String::with_capacity(record.len() + name.len() + value.len() + 6);
    for (i, l) in lines.iter().enumerate() {
        if i == at {
            out += &format!("[{name} \"{value}\"]\n");
        }
        out += l;
        out.push('\n');
    }
    if at >= lines.len() {
        out += &format!("[{name} \"{value}\"]\n");
    }
    out
}
