//! The two halves of a WebRTC handshake without a server: the **invite** a host sends a friend
//! (the game's tag, the seat, its join token, the round and the host's offer) and the **reply**
//! the friend's device sends back (tag, seat, round and its answer). Both travel in a link's
//! `#` part — bytes deflated by the browser and base64url-encoded — or pasted as text. The
//! descriptions travel packed ([`super::sdp`]).
//!
//! A link comes from anywhere: decoding is bounded, versioned and typed. The round tells a
//! reply to an invite the host has since replaced (a re-invite, a reloaded host) from one it
//! waits for.

use super::wire::{Reader, WireError, Writer};
use crate::engine::Colour;

/// The first bytes of an invite or a reply.
pub const MAGIC: [u8; 2] = *b"LI";
/// The handshake's version: a link of another version is refused by name.
pub const VERSION: u8 = 1;
/// The longest description (SDP) accepted.
pub const MAX_SDP: usize = 8 * 1024;
/// The longest packed link part accepted (characters after `#join=` or `#reply=`).
pub const MAX_LINK_CHARS: usize = 12 * 1024;

/// What a host sends a friend.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Invite {
    /// The game's tag ([`super::host::Host::tag`]).
    pub tag: u32,
    /// The seat the friend plays.
    pub seat: Colour,
    /// The seat's join token.
    pub token: u64,
    /// Which invite of this seat it is (a fresh random number for every invite, so a reply
    /// to one made before a re-invite or a reload of the host's page is told apart).
    pub round: u32,
    /// The ICE servers the friend's device uses too (the host's settings).
    pub ice: Vec<String>,
    /// The host's session description (the offer, its ICE candidates gathered).
    pub offer: String,
}

/// What a friend's device sends back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reply {
    /// The game's tag.
    pub tag: u32,
    /// The seat.
    pub seat: Colour,
    /// The round of the invite it answers.
    pub round: u32,
    /// The friend's session description (the answer).
    pub answer: String,
}

/// Why a link's handshake can't be read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LinkError {
    /// Not an invite or reply of this game at all (or cut short, or longer than allowed).
    Garbled,
    /// Made by another version of the game.
    Version(u8),
    /// An invite where a reply was expected, or the other way round.
    WrongKind,
}

fn header(kind: u8, tag: u32, seat: Colour, round: u32) -> Writer {
    let mut w = Writer::default();
    w.bytes.extend_from_slice(&MAGIC);
    w.byte(VERSION);
    w.byte(kind);
    w.put(&tag);
    w.put(&seat);
    w.put(&round);
    w
}

fn open(bytes: &[u8], kind: u8) -> Result<(u32, Colour, u32, Reader<'_>), LinkError> {
    if bytes.len() > MAX_SDP + 64 || bytes.get(..2) != Some(&MAGIC[..]) {
        return Err(LinkError::Garbled);
    }
    let mut r = Reader::new(&bytes[2..]);
    let version = r.byte().map_err(|_| LinkError::Garbled)?;
    if version != VERSION {
        return Err(LinkError::Version(version));
    }
    if r.byte().map_err(|_| LinkError::Garbled)? != kind {
        return Err(LinkError::WrongKind);
    }
    let head = |r: &mut Reader| -> Result<(u32, Colour, u32), WireError> { Ok((r.take()?, r.take()?, r.take()?)) };
    let (tag, seat, round) = head(&mut r).map_err(|_| LinkError::Garbled)?;
    Ok((tag, seat, round, r))
}

fn sdp(r: &mut Reader) -> Result<String, LinkError> {
    let s = super::sdp::take(r).map_err(|_| LinkError::Garbled)?;
    r.end().map_err(|_| LinkError::Garbled)?;
    if s.len() > MAX_SDP { Err(LinkError::Garbled) } else { Ok(s) }
}

impl Invite {
    /// Its bytes (before deflating).
    pub fn encode(&self) -> Vec<u8> {
        let mut w = header(0, self.tag, self.seat, self.round);
        w.put(&self.token);
        w.put(&self.ice);
        super::sdp::put(&mut w, &self.offer);
        w.bytes
    }

    /// Reads an invite's bytes.
    ///
    /// # Errors
    /// Why they aren't one.
    pub fn decode(bytes: &[u8]) -> Result<Invite, LinkError> {
        let (tag, seat, round, mut r) = open(bytes, 0)?;
        let token = r.take().map_err(|_| LinkError::Garbled)?;
        let ice: Vec<String> = r.take().map_err(|_| LinkError::Garbled)?;
        if ice.len() > 8 || ice.iter().any(|u| u.len() > 256) {
            return Err(LinkError::Garbled);
        }
        Ok(Invite { tag, seat, token, round, ice, offer: sdp(&mut r)? })
    }
}

impl Reply {
    /// Its bytes (before deflating).
    pub fn encode(&self) -> Vec<u8> {
        let mut w = header(1, self.tag, self.seat, self.round);
        super::sdp::put(&mut w, &self.answer);
        w.bytes
    }

    /// Reads a reply's bytes.
    ///
    /// # Errors
    /// Why they aren't one.
    pub fn decode(bytes: &[u8]) -> Result<Reply, LinkError> {
        let (tag, seat, round, mut r) = open(bytes, 1)?;
        Ok(Reply { tag, seat, round, answer: sdp(&mut r)? })
    }
}

/// The packed part of a pasted link or code: whatever follows `#join=` / `#reply=` (or the
/// text itself when it is only the code), trimmed.
pub fn packed_part<'a>(text: &'a str, key: &str) -> &'a str {
    let t = text.trim();
    match t.find(&format!("#{key}=")) {
        Some(i) => &t[i + key.len() + 2..],
        None => t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invite() -> Invite {
        Invite { tag: 0xdead_beef, seat: Colour::Blue, token: u64::MAX - 7, round: 3, ice: vec!["stun:stun.example.org:3478".into()], offer: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\na=candidate:1 1 udp 1 192.168.1.2 5000 typ host\r\n".into() }
    }

    #[test]
    fn an_invite_and_a_reply_read_back_exactly() {
        let i = invite();
        assert_eq!(Invite::decode(&i.encode()), Ok(i.clone()));
        let r = Reply { tag: i.tag, seat: i.seat, round: i.round, answer: "v=0\r\n".into() };
        assert_eq!(Reply::decode(&r.encode()), Ok(r));
    }

    #[test]
    fn a_link_of_another_kind_version_or_cut_short_is_refused_by_name() {
        let bytes = invite().encode();
        assert_eq!(Reply::decode(&bytes), Err(LinkError::WrongKind), "an invite opened as a reply");
        let mut other = bytes.clone();
        other[2] = 9;
        assert_eq!(Invite::decode(&other), Err(LinkError::Version(9)));
        for n in 0..bytes.len() {
            assert!(Invite::decode(&bytes[..n]).is_err(), "cut at {n}");
        }
        let mut trailing = bytes.clone();
        trailing.push(0);
        assert_eq!(Invite::decode(&trailing), Err(LinkError::Garbled));
        assert_eq!(Invite::decode(b"hello world"), Err(LinkError::Garbled));
        let huge = Invite { offer: "a".repeat(MAX_SDP + 1), ..invite() };
        assert_eq!(Invite::decode(&huge.encode()), Err(LinkError::Garbled), "a description past the limit");
    }

    #[test]
    fn scrambled_links_never_panic() {
        let bytes = invite().encode();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..5000 {
            let mut b = bytes.clone();
            for _ in 0..3 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let i = (x as usize) % b.len();
                b[i] = (x >> 32) as u8;
            }
            let _ = Invite::decode(&b);
            let _ = Reply::decode(&b);
        }
    }

    #[test]
    fn the_packed_part_is_found_in_a_whole_link_or_taken_as_is() {
        assert_eq!(packed_part(" https://x.example/game/#reply=AbC_- \n", "reply"), "AbC_-");
        assert_eq!(packed_part("AbC", "reply"), "AbC");
        assert_eq!(packed_part("./#join=Q", "join"), "Q");
    }
}
