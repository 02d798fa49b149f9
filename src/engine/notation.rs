//! The record format both editions share (shared/NOTATION.md): comments, `[Name "value"]`
//! headers, one move a line, and the list notations of header values. Each edition maps the
//! headers to its setup and the lines to its moves.

use super::colour::Colour;
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

/// A record cut into headers and move lines, each with its line number.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Lexed<'a> {
    /// `(line, name, value)` in order.
    pub headers: Vec<(usize, &'a str, &'a str)>,
    /// `(line, text)` of each move line, comment removed.
    pub moves: Vec<(usize, &'a str)>,
}

impl<'a> Lexed<'a> {
    /// Cuts a record's text.
    ///
    /// # Errors
    /// A malformed or repeated header, or a header after the moves.
    pub fn new(text: &'a str) -> Result<Lexed<'a>, RecordError> {
        let mut out = Lexed::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
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
                if out.headers.iter().any(|(_, n, _)| *n == name) {
                    return Err(RecordError { line, reason: format!("header {name} given twice") });
                }
                out.headers.push((line, name, value));
            } else {
                out.moves.push((line, l));
            }
        }
        Ok(out)
    }

    /// A header by name: `(line, value)`.
    pub fn get(&self, name: &str) -> Option<(usize, &'a str)> {
        self.headers.iter().find(|(_, n, _)| *n == name).map(|&(l, _, v)| (l, v))
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
    v.split_whitespace().map(|w| f(w).ok_or_else(|| format!("'{w}' is not a {what}"))).collect()
}

/// Parses `red:a1,m4 yellow:a9`.
///
/// # Errors
/// The first group or item that is malformed.
pub fn parse_by_colour<T>(v: &str, what: &str, f: impl Fn(&str) -> Option<T>) -> Result<Vec<(Colour, T)>, String> {
    let mut out = Vec::new();
    for group in v.split_whitespace() {
        let (c, items) = group.split_once(':').ok_or_else(|| format!("'{group}' should be colour:{what},…"))?;
        let colour = Colour::parse(c).ok_or_else(|| format!("unknown colour '{c}'"))?;
        for item in items.split(',').filter(|s| !s.is_empty()) {
            out.push((colour, f(item).ok_or_else(|| format!("'{item}' is not a {what}"))?));
        }
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

/// Input echoed in a message: control characters escaped (no terminal or HTML tricks through
/// a message) and at most 40 characters shown.
pub fn shown(s: &str) -> String {
    let mut out: String = s.chars().take(40).flat_map(|c| if c.is_control() { c.escape_default().collect::<Vec<_>>() } else { vec![c] }).collect();
    if s.chars().count() > 40 {
        out.push('…');
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
