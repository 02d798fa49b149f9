//! The record format both editions share (shared/NOTATION.md): comments, `[Name "value"]`
//! headers, one move a line, and the list notations of header values. Each edition maps the
//! headers to its setup and the lines to its moves.

use super::colour::Colour;
use std::collections::HashMap;
use std::fmt;

/// A record that can't be read or replayed: the line and the reason.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for RecordError {}

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
/// The most ducats a record may give a player (`[Ducats]`): far beyond any real game (a Classic
/// game hands out a few hundred ducats in all), and small enough that no game arithmetic on
/// ducats can come near overflowing.
pub const MAX_DUCATS: u32 = 999;
/// The highest score a record may give a player (`[Scores]`; the New Edition also refuses a
/// score at or past its King chip). Bounded for the same reason as [`MAX_DUCATS`].
pub const MAX_SCORE: u32 = 999;

/// A record file's bytes as text: the size limit, then UTF-8, each with the line it fails at.
///
/// # Errors
/// `line N: the record is longer than …` (at the line that passes [`MAX_RECORD_BYTES`]) or
/// `line N: not UTF-8` (the line of the first bad byte).
pub fn record_text(bytes: &[u8]) -> Result<&str, RecordError> {
    let line_of = |at: usize| 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    check_size(bytes.len(), || line_of(MAX_RECORD_BYTES))?;
    std::str::from_utf8(bytes).map_err(|e| RecordError { line: line_of(e.valid_up_to()), reason: "not UTF-8".into() })
}

fn check_size(len: usize, line: impl FnOnce() -> usize) -> Result<(), RecordError> {
    if len > MAX_RECORD_BYTES {
        return Err(RecordError { line: line(), reason: format!("the record is longer than {} MiB ({MAX_RECORD_BYTES} bytes)", MAX_RECORD_BYTES >> 20) });
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
                return Err(RecordError { line, reason: format!("the line is longer than {MAX_LINE_BYTES} bytes") });
            }
            let l = strip_comment(raw);
            if l.is_empty() {
                continue;
            }
            if l.starts_with('[') {
                if !out.moves.is_empty() {
                    return Err(RecordError { line, reason: "headers come before the moves".into() });
                }
                let bad = || RecordError { line, reason: "a header is written [Name \"value\"]".into() };
                let inner = l.strip_prefix('[').and_then(|x| x.strip_suffix(']')).ok_or_else(bad)?;
                let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
                let value = rest.trim().strip_prefix('"').and_then(|x| x.strip_suffix('"')).ok_or_else(bad)?;
                if let Some(&first) = out.index.get(name) {
                    return Err(RecordError { line, reason: format!("header {} given twice (first on line {})", shown(name), out.headers[first].0) });
                }
                if out.headers.len() == MAX_HEADERS {
                    return Err(RecordError { line, reason: format!("more than {MAX_HEADERS} headers") });
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
/// The first item that is not a `what`.
pub fn parse_list<T>(v: &str, what: &str, f: impl Fn(&str) -> Option<T>) -> Result<Vec<T>, String> {
    v.split_whitespace().map(|w| f(w).ok_or_else(|| format!("'{}' is not a {what}", shown(w)))).collect()
}

/// Parses `red:a1,m4 yellow:a9`.
///
/// # Errors
/// The first group or item that is malformed.
pub fn parse_by_colour<T>(v: &str, what: &str, f: impl Fn(&str) -> Option<T>) -> Result<Vec<(Colour, T)>, String> {
    let mut out = Vec::new();
    for group in v.split_whitespace() {
        let (c, items) = group.split_once(':').ok_or_else(|| format!("'{}' should be colour:{what},…", shown(group)))?;
        let colour = Colour::parse(c).ok_or_else(|| format!("unknown colour '{}'", shown(c)))?;
        for item in items.split(',').filter(|s| !s.is_empty()) {
            out.push((colour, f(item).ok_or_else(|| format!("'{}' is not a {what}", shown(item)))?));
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
pub fn parse_amounts(v: &str, max: u32) -> Result<Vec<(Colour, u32)>, String> {
    let mut out: Vec<(Colour, u32)> = Vec::new();
    for group in v.split_whitespace() {
        let (c, n) = group.split_once(':').ok_or_else(|| format!("'{}' should be colour:number", shown(group)))?;
        let colour = Colour::parse(c).ok_or_else(|| format!("unknown colour '{}'", shown(c)))?;
        let n = parse_number::<u32>(n).filter(|&n| n <= max).ok_or_else(|| format!("'{}' is not a number from 0 to {max}", shown(n)))?;
        if out.iter().any(|&(o, _)| o == colour) {
            return Err(format!("{colour} is given twice"));
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
