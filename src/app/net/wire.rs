//! A small hand-written binary encoding for what travels between a host and a remote seat:
//! varints, length-prefixed strings and lists, one byte per enum tag. Every value decodes with
//! a typed error and never panics: a list can't claim more items than bytes remain, a tag must
//! be known, a colour, card or tile must exist.
//!
//! Why not serde: derived `Deserialize` for the views and the table added ~100 kB gzip to the
//! browser build in an earlier attempt; these impls are a few lines per type and monomorphise
//! into little code.

use crate::engine::board::Piece;
use crate::engine::{ByColour, Colour, Edge, IllegalMove, PieceKind, Space};

/// Why bytes don't decode.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WireError {
    /// The bytes end in the middle of a value.
    Truncated,
    /// A tag, colour, card, tile or flag that doesn't exist.
    BadValue,
    /// A number too large for its field.
    Overflow,
    /// Text that isn't UTF-8.
    BadText,
    /// Bytes left over after the message.
    Trailing,
}

/// Appends encoded values to a buffer.
#[derive(Default)]
pub struct Writer {
    /// The bytes written so far.
    pub bytes: Vec<u8>,
}

impl Writer {
    /// Writes a single byte.
    pub fn byte(&mut self, b: u8) {
        self.bytes.push(b);
    }

    /// Writes an unsigned number in 7-bit groups, low first.
    pub fn varint(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.bytes.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.bytes.push(n as u8);
    }

    /// Writes a value.
    pub fn put<T: Wire>(&mut self, v: &T) {
        v.put(self);
    }
}

/// Reads encoded values from bytes.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// Bytes not read yet.
    pub fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// Reads one byte.
    ///
    /// # Errors
    /// [`WireError::Truncated`] at the end.
    pub fn byte(&mut self) -> Result<u8, WireError> {
        let b = *self.bytes.get(self.at).ok_or(WireError::Truncated)?;
        self.at += 1;
        Ok(b)
    }

    /// Reads `n` raw bytes.
    ///
    /// # Errors
    /// [`WireError::Truncated`] when fewer remain.
    pub fn raw(&mut self, n: usize) -> Result<&'a [u8], WireError> {
        if n > self.left() {
            return Err(WireError::Truncated);
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }

    /// Reads a varint.
    ///
    /// # Errors
    /// Truncated, or longer than 64 bits.
    pub fn varint(&mut self) -> Result<u64, WireError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            let part = u64::from(b & 0x7f);
            if shift == 63 && part > 1 {
                return Err(WireError::Overflow);
            }
            n |= part << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(WireError::Overflow)
    }

    /// A list length: never more than the bytes left (every item takes at least one byte).
    ///
    /// # Errors
    /// A length the rest can't hold.
    pub fn count(&mut self) -> Result<usize, WireError> {
        let n = self.varint()?;
        if n > self.left() as u64 {
            return Err(WireError::Truncated);
        }
        Ok(n as usize)
    }

    /// Reads a value.
    ///
    /// # Errors
    /// Why the bytes don't hold one.
    pub fn take<T: Wire>(&mut self) -> Result<T, WireError> {
        T::take(self)
    }

    /// Checks that everything was read.
    ///
    /// # Errors
    /// [`WireError::Trailing`] when bytes are left.
    pub fn end(&self) -> Result<(), WireError> {
        if self.left() == 0 { Ok(()) } else { Err(WireError::Trailing) }
    }
}

/// A value that travels: written and read back exactly.
pub trait Wire: Sized {
    /// Writes the value.
    fn put(&self, w: &mut Writer);
    /// Reads a value.
    ///
    /// # Errors
    /// Why the bytes don't hold one.
    fn take(r: &mut Reader) -> Result<Self, WireError>;
}

/// Encodes a value on its own.
pub fn encode<T: Wire>(v: &T) -> Vec<u8> {
    let mut w = Writer::default();
    v.put(&mut w);
    w.bytes
}

/// Decodes a value that fills `bytes` exactly.
///
/// # Errors
/// Why the bytes don't hold exactly one.
pub fn decode<T: Wire>(bytes: &[u8]) -> Result<T, WireError> {
    let mut r = Reader::new(bytes);
    let v = T::take(&mut r)?;
    r.end()?;
    Ok(v)
}

macro_rules! wire_uint {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            fn put(&self, w: &mut Writer) {
                w.varint(*self as u64);
            }
            fn take(r: &mut Reader) -> Result<Self, WireError> {
                <$t>::try_from(r.varint()?).map_err(|_| WireError::Overflow)
            }
        }
    )*};
}
wire_uint!(u8, u16, u32, u64, usize);

impl Wire for i32 {
    fn put(&self, w: &mut Writer) {
        w.varint(u64::from(((*self << 1) ^ (*self >> 31)) as u32));
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        let z = u32::try_from(r.varint()?).map_err(|_| WireError::Overflow)?;
        Ok(((z >> 1) as i32) ^ -((z & 1) as i32))
    }
}

impl Wire for bool {
    fn put(&self, w: &mut Writer) {
        w.byte(u8::from(*self));
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        match r.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(WireError::BadValue),
        }
    }
}

impl Wire for char {
    fn put(&self, w: &mut Writer) {
        w.varint(u64::from(*self as u32));
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        char::from_u32(u32::take(r)?).ok_or(WireError::BadValue)
    }
}

impl Wire for String {
    fn put(&self, w: &mut Writer) {
        w.varint(self.len() as u64);
        w.bytes.extend_from_slice(self.as_bytes());
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        let n = r.count()?;
        String::from_utf8(r.raw(n)?.to_vec()).map_err(|_| WireError::BadText)
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, w: &mut Writer) {
        match self {
            None => w.byte(0),
            Some(v) => {
                w.byte(1);
                v.put(w);
            }
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        match r.byte()? {
            0 => Ok(None),
            1 => Ok(Some(T::take(r)?)),
            _ => Err(WireError::BadValue),
        }
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, w: &mut Writer) {
        w.varint(self.len() as u64);
        for v in self {
            v.put(w);
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        let n = r.count()?;
        (0..n).map(|_| T::take(r)).collect()
    }
}

impl<T: Wire, const N: usize> Wire for [T; N] {
    fn put(&self, w: &mut Writer) {
        for v in self {
            v.put(w);
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        let v: Vec<T> = (0..N).map(|_| T::take(r)).collect::<Result<_, _>>()?;
        v.try_into().map_err(|_| WireError::BadValue)
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, w: &mut Writer) {
        self.0.put(w);
        self.1.put(w);
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok((A::take(r)?, B::take(r)?))
    }
}

impl<A: Wire, B: Wire, C: Wire> Wire for (A, B, C) {
    fn put(&self, w: &mut Writer) {
        self.0.put(w);
        self.1.put(w);
        self.2.put(w);
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok((A::take(r)?, B::take(r)?, C::take(r)?))
    }
}

impl<T: Wire> Wire for ByColour<T> {
    fn put(&self, w: &mut Writer) {
        self.0.put(w);
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok(ByColour(<[T; 6]>::take(r)?))
    }
}

/// A struct with named fields, written field by field in the order listed.
macro_rules! wire_struct {
    ($t:path { $($f:ident),* $(,)? }) => {
        impl $crate::app::net::wire::Wire for $t {
            fn put(&self, w: &mut $crate::app::net::wire::Writer) {
                $( $crate::app::net::wire::Wire::put(&self.$f, w); )*
            }
            fn take(r: &mut $crate::app::net::wire::Reader) -> Result<Self, $crate::app::net::wire::WireError> {
                Ok(Self { $( $f: $crate::app::net::wire::Wire::take(r)? ),* })
            }
        }
    };
}

/// An enum whose variants have named fields (or none: `Variant {}`), one tag byte each.
macro_rules! wire_enum {
    ($t:ident; $($tag:literal => $v:ident { $($f:ident),* }),* $(,)?) => {
        impl $crate::app::net::wire::Wire for $t {
            fn put(&self, w: &mut $crate::app::net::wire::Writer) {
                match self {
                    $( $t::$v { $($f),* } => {
                        w.byte($tag);
                        $( $crate::app::net::wire::Wire::put($f, w); )*
                    } )*
                }
            }
            fn take(r: &mut $crate::app::net::wire::Reader) -> Result<Self, $crate::app::net::wire::WireError> {
                Ok(match r.byte()? {
                    $( $tag => $t::$v { $( $f: $crate::app::net::wire::Wire::take(r)? ),* }, )*
                    _ => return Err($crate::app::net::wire::WireError::BadValue),
                })
            }
        }
    };
}
pub(crate) use {wire_enum, wire_struct};

impl Wire for Colour {
    fn put(&self, w: &mut Writer) {
        w.byte(self.index() as u8);
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Colour::ALL.get(r.byte()? as usize).copied().ok_or(WireError::BadValue)
    }
}

impl Wire for Space {
    fn put(&self, w: &mut Writer) {
        w.byte(self.index() as u8);
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Space::from_index(r.byte()? as usize).ok_or(WireError::BadValue)
    }
}

impl Wire for Edge {
    fn put(&self, w: &mut Writer) {
        w.varint(self.index() as u64);
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Edge::from_index(usize::take(r)?).ok_or(WireError::BadValue)
    }
}

impl Wire for PieceKind {
    fn put(&self, w: &mut Writer) {
        w.byte(u8::from(*self == PieceKind::Knight));
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok(if bool::take(r)? { PieceKind::Knight } else { PieceKind::Castle })
    }
}

wire_struct!(Piece { colour, kind });

/// A refusal: its kind's number ([`IllegalMove::index`]) and its fields, each a number.
impl Wire for IllegalMove {
    fn put(&self, w: &mut Writer) {
        w.byte(self.index());
        for (_, v) in self.args() {
            v.put(w);
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        let index = r.byte()?;
        let kind = IllegalMove::EXAMPLES.get(usize::from(index)).ok_or(WireError::BadValue)?;
        let args = kind.args().iter().map(|_| u8::take(r)).collect::<Result<Vec<u8>, _>>()?;
        IllegalMove::from_parts(index, &args).ok_or(WireError::BadValue)
    }
}

/// How deep facts may nest on the wire (the deepest the game makes is 4: a bid in a line in an
/// announcement); deeper is refused before it can exhaust the stack.
const MAX_SAID_DEPTH: u8 = 8;

impl Wire for crate::app::said::Said {
    fn put(&self, w: &mut Writer) {
        w.varint(self.key as u64);
        for a in &self.args {
            put_arg(a, w);
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        take_said(r, 0)
    }
}

fn put_arg(a: &crate::app::said::Arg, w: &mut Writer) {
    use crate::app::said::Arg;
    let list = |tag: u8, items: &[Arg], w: &mut Writer| {
        w.byte(tag);
        w.varint(items.len() as u64);
        items.iter().for_each(|a| put_arg(a, w));
    };
    match a {
        Arg::Num(n) => {
            w.byte(0);
            w.varint(((n << 1) ^ (n >> 63)) as u64);
        }
        Arg::Signed(n) => {
            w.byte(1);
            w.varint(((n << 1) ^ (n >> 63)) as u64);
        }
        Arg::Name(c) => {
            w.byte(2);
            c.put(w);
        }
        Arg::Colour(c) => {
            w.byte(3);
            c.put(w);
        }
        Arg::ColourAdj(c) => {
            w.byte(4);
            c.put(w);
        }
        Arg::Space(s) => {
            w.byte(5);
            s.put(w);
        }
        Arg::Edge(e) => {
            w.byte(6);
            e.put(w);
        }
        Arg::Said(s) => {
            w.byte(7);
            s.put(w);
        }
        Arg::And(items) => list(8, items, w),
        Arg::Commas(items) => list(9, items, w),
        Arg::Text(t) => {
            w.byte(10);
            t.put(w);
        }
    }
}

fn take_said(r: &mut Reader, depth: u8) -> Result<crate::app::said::Said, WireError> {
    if depth > MAX_SAID_DEPTH {
        return Err(WireError::BadValue);
    }
    let i = usize::try_from(r.varint()?).map_err(|_| WireError::Overflow)?;
    let key = *crate::i18n::KEYS.get(i).ok_or(WireError::BadValue)?;
    let args = (0..crate::i18n::places(key).len()).map(|_| take_arg(r, depth)).collect::<Result<_, _>>()?;
    Ok(crate::app::said::Said { key, args })
}

fn take_arg(r: &mut Reader, depth: u8) -> Result<crate::app::said::Arg, WireError> {
    use crate::app::said::Arg;
    let zigzag = |z: u64| ((z >> 1) as i64) ^ -((z & 1) as i64);
    let list = |r: &mut Reader| -> Result<Vec<Arg>, WireError> {
        let n = r.count()?;
        (0..n).map(|_| take_arg(r, depth + 1)).collect()
    };
    Ok(match r.byte()? {
        0 => Arg::Num(zigzag(r.varint()?)),
        1 => Arg::Signed(zigzag(r.varint()?)),
        2 => Arg::Name(r.take()?),
        3 => Arg::Colour(r.take()?),
        4 => Arg::ColourAdj(r.take()?),
        5 => Arg::Space(r.take()?),
        6 => Arg::Edge(r.take()?),
        7 => Arg::Said(Box::new(take_said(r, depth + 1)?)),
        8 => Arg::And(list(r)?),
        9 => Arg::Commas(list(r)?),
        10 => Arg::Text(r.take()?),
        _ => return Err(WireError::BadValue),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_travels_as_its_index_and_fields() {
        for &e in IllegalMove::EXAMPLES {
            let bytes = encode(&e);
            assert_eq!(bytes[0], e.index());
            assert_eq!(decode::<IllegalMove>(&bytes), Ok(e));
        }
        // The tags the protocol has always used.
        assert_eq!(encode(&IllegalMove::GameOver), [0]);
        assert_eq!(encode(&IllegalMove::CastleTooClose { min_distance: 3 }), [6, 3]);
        assert_eq!(encode(&IllegalMove::WrongNumberOfDecisionCards { expected: 2 }), [10, 2]);
        assert_eq!(encode(&IllegalMove::NoAlliancePossible), [64]);
        assert_eq!(decode::<IllegalMove>(&[65]), Err(WireError::BadValue), "no such kind");
        assert_eq!(decode::<IllegalMove>(&[6]), Err(WireError::Truncated), "the field is missing");
        assert_eq!(decode::<IllegalMove>(&[6, 0x80, 0x02]), Err(WireError::Overflow), "a field past 255");
        assert_eq!(decode::<IllegalMove>(&[0, 3]), Err(WireError::Trailing));
    }
}
