//! What the devices of a game say to each other through public relays (issue 33) before a
//! direct connection exists: a friend who opened the table's link asks which seats are free,
//! takes one, and the host's device answers with a WebRTC offer for it; a watcher asks to watch.
//! These are the plaintexts: the browser encrypts each with AES-GCM under the key in the link's
//! fragment before it reaches a relay, so a relay sees random topics and ciphertext only.
//!
//! A relay is a stranger that holds copies of every ciphertext it carried: it can't read or
//! forge a message, but it can send one again (now or much later), change their order, or
//! send a flood of them. [`Guard`] is the receiving device's check of every decrypted message,
//! refusing each such trick by name ([`Refusal`]); it reads no clock itself (the caller passes
//! the time in milliseconds), so it is tested natively.
//!
//! # The bytes
//!
//! `LS`, [`VERSION`], the sender's id, its message number, its clock, then the signal: one tag
//! byte and its fields ([`super::wire`]; descriptions packed by [`super::sdp`]). Bounded like
//! an invite: descriptions of at most [`MAX_SDP`] bytes, at most [`MAX_SEATS`] seats with names of
//! at most [`MAX_NAME_CHARS`] characters, at most [`MAX_ICE`] connection helpers of at most
//! [`MAX_ICE_BYTES`] bytes, [`MAX_PLAINTEXT`] bytes in all.

use super::invite::MAX_SDP;
use super::proof::KeyId;
use super::wire::{wire_enum, Reader, Wire, WireError, Writer};
use crate::engine::{Colour, Edition};

/// The first bytes of every relay message's plaintext.
pub const MAGIC: [u8; 2] = *b"LS";
/// The relay protocol's version: another one is refused by name ([`Refusal::Version`]).
/// (2: no seat's token in any message; a seat taken elsewhere is waited for. 3: a device whose
/// clock is off is told so, and follows the host's.)
pub const VERSION: u8 = 3;
/// The longest plaintext read: an offer with the longest description and every connection
/// helper fits (about 10.4 KiB at most).
pub const MAX_PLAINTEXT: usize = 12 * 1024;
/// The most seats a game has.
pub const MAX_SEATS: usize = 6;
/// The longest name of a seat, in characters (the game allows 24).
pub const MAX_NAME_CHARS: usize = 64;
/// The most connection helpers (STUN/TURN lines) in an offer, as in an invite.
pub const MAX_ICE: usize = 8;
/// The longest connection helper line, in bytes, as in an invite.
pub const MAX_ICE_BYTES: usize = 256;
/// How far a message's clock may be from the receiver's: further is refused as stale. Devices'
/// clocks differ by seconds, rarely by minutes; a message recorded by a relay and sent again
/// after the receiver reloaded (and forgot the numbers it had seen) is older than this.
pub const MAX_SKEW_MS: u64 = 10 * 60 * 1000;

/// One message through the relays: who sends it, its number, when, and what it says.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Envelope {
    /// The sending device's id: random, new at every page load (so its numbers start afresh
    /// under a new id, and a message of an earlier load is never taken for a new one).
    pub from: u64,
    /// The sender's message number: 1 for its first, one more for each after (never 0).
    pub seq: u32,
    /// The sender's clock when it sent the message, in milliseconds since 1970.
    pub sent_ms: u64,
    /// What it says.
    pub body: Signal,
}

/// A seat of the game as a friend's device is told about it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatInfo {
    /// The seat's colour.
    pub colour: Colour,
    /// The player's name as the host's device has it.
    pub name: String,
    /// A seat for a friend that nobody has taken: the only kind a friend may claim.
    pub free: bool,
}

/// What the host refuses a friend's device that asked for a seat. None of them makes a device
/// forget anything: a refusal is a word through a relay, and a device's token is its own.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeatRefusal {
    /// Another device claimed the seat first: the first keeps it.
    Taken,
    /// The game has no such seat for a friend (it is the host's, a computer's, or no seat at
    /// all).
    NoSuchSeat,
    /// The seat is played on another device now: its channel stays open, and the host is
    /// asked whether to let a new device in (the asking device waits and asks again).
    Waiting,
    /// The host locked the table: no device sits down until it is unlocked (friends who have
    /// a seat come back to it as ever).
    Locked,
    /// The device's message was dated too far from the host's clock to be taken: this one,
    /// signed by the host's key, carries the host's time, and the device follows it
    /// ([`Guard::check_signed`]) and asks again.
    Clock,
}

/// What a device says through the relays. "Friend": any device that opened the table's link;
/// "host": the device holding the game; "watcher": a device that opened the watch link.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Signal {
    /// Friend → host: "which seats are free?" (`None`), or "let me back into my seat": the
    /// device proves it holds the seat's token on the channel the host offers, never here.
    Knock { seat: Option<Colour> },
    /// Host → friend `to`: every seat of the game (`tag` is the game's, as in invites).
    Seats { to: u64, tag: u32, edition: Edition, seats: Vec<SeatInfo> },
    /// Friend → host: "I take this seat".
    Claim { seat: Colour },
    /// Host → device `to`: the WebRTC offer for a seat (the seat's token comes over the
    /// channel once it is open, or the device proves it has it), or `None` for a watcher.
    /// `round` is fresh for every offer: an answer to an older one is told apart. `ice`: the
    /// connection helpers the device uses too.
    /// `tag`: the game's (a "Play again" at the same table is another game: a device that
    /// comes back with an offer starts that game's table afresh).
    Offer { to: u64, tag: u32, seat: Option<Colour>, round: u32, ice: Vec<String>, sdp: String },
    /// Friend or watcher → host: the WebRTC answer to the offer of `round`, for a seat or
    /// (`None`) to watch.
    Answer { seat: Option<Colour>, round: u32, sdp: String },
    /// Host → friend `to`: the seat asked for can't be had.
    Refused { to: u64, why: SeatRefusal },
    /// Watcher → host (on the watch link's topic): "let me watch".
    Watch,
}

impl Signal {
    /// The device a message is meant for, when it names one (the others drop it).
    pub fn to(&self) -> Option<u64> {
        match self {
            Signal::Seats { to, .. } | Signal::Offer { to, .. } | Signal::Refused { to, .. } => Some(*to),
            Signal::Knock { .. } | Signal::Claim { .. } | Signal::Answer { .. } | Signal::Watch => None,
        }
    }
}

/// Why a relay message is refused (and dropped: nothing changes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// Not a relay message of this game: doesn't decode, other bytes than `LS` first, longer
    /// than allowed, or out of bounds.
    Garbled,
    /// A relay message of another version of the game.
    Version(u8),
    /// It doesn't decrypt with the link's key: made by someone without the link, or damaged on
    /// the way (the browser's decryption says so; [`Guard`] never sees it).
    Forged,
    /// A message number of its sender already seen, or older than the newest seen from it: the
    /// same message again (as every message arrives through each relay), or sent again or out
    /// of order by a relay.
    Replayed,
    /// The sender's clock is more than [`MAX_SKEW_MS`] from this device's: a recorded message
    /// sent again later (or a device whose clock is badly wrong).
    Stale,
    /// More messages from one sender, or from all, than a device sends in that time.
    Flooded,
    /// A message number far past its sender's newest ([`MAX_JUMP`]): no honest device skips
    /// so many; a holder of the link who wrote it would have this device refuse the sender's
    /// next messages as replays.
    Jumped,
    /// A message for another device at the table: not an error, just not for this one.
    NotForMe,
    /// This device's own message, echoed back by the relay to its subscriber.
    Own,
}

impl Refusal {
    /// Whether a working relay causes it in normal play (a message for another device, an echo
    /// of one's own, the same message through a second relay): nothing to show or count.
    pub fn expected(self) -> bool {
        matches!(self, Refusal::NotForMe | Refusal::Own | Refusal::Replayed)
    }
}

wire_enum!(SeatRefusal;
    0 => Taken {},
    1 => NoSuchSeat {},
    2 => Waiting {},
    3 => Locked {},
    4 => Clock {},
);

impl Wire for SeatInfo {
    fn put(&self, w: &mut Writer) {
        w.put(&self.colour);
        w.put(&self.name);
        w.put(&self.free);
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        let colour = r.take()?;
        let name: String = r.take()?;
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(WireError::BadValue);
        }
        Ok(SeatInfo { colour, name, free: r.take()? })
    }
}

/// A description, packed, at most [`MAX_SDP`] bytes unpacked.
fn take_sdp(r: &mut Reader) -> Result<String, WireError> {
    let s = super::sdp::take(r)?;
    if s.len() > MAX_SDP { Err(WireError::BadValue) } else { Ok(s) }
}

impl Wire for Signal {
    fn put(&self, w: &mut Writer) {
        match self {
            Signal::Knock { seat } => {
                w.byte(0);
                w.put(seat);
            }
            Signal::Seats { to, tag, edition, seats } => {
                w.byte(1);
                w.put(to);
                w.put(tag);
                w.put(edition);
                w.put(seats);
            }
            Signal::Claim { seat } => {
                w.byte(2);
                w.put(seat);
            }
            Signal::Offer { to, tag, seat, round, ice, sdp } => {
                w.byte(3);
                w.put(to);
                w.put(tag);
                w.put(seat);
                w.put(round);
                w.put(ice);
                super::sdp::put(w, sdp);
            }
            Signal::Answer { seat, round, sdp } => {
                w.byte(4);
                w.put(seat);
                w.put(round);
                super::sdp::put(w, sdp);
            }
            Signal::Refused { to, why } => {
                w.byte(5);
                w.put(to);
                w.put(why);
            }
            Signal::Watch => w.byte(6),
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            0 => Signal::Knock { seat: r.take()? },
            1 => {
                let (to, tag, edition) = (r.take()?, r.take()?, r.take()?);
                let seats: Vec<SeatInfo> = r.take()?;
                let mut colours: Vec<Colour> = seats.iter().map(|s| s.colour).collect();
                colours.sort_by_key(|c| c.index());
                colours.dedup();
                if seats.len() > MAX_SEATS || colours.len() != seats.len() {
                    return Err(WireError::BadValue);
                }
                Signal::Seats { to, tag, edition, seats }
            }
            2 => Signal::Claim { seat: r.take()? },
            3 => {
                let (to, tag, seat, round) = (r.take()?, r.take()?, r.take()?, r.take()?);
                let ice: Vec<String> = r.take()?;
                if ice.len() > MAX_ICE || ice.iter().any(|u| u.len() > MAX_ICE_BYTES) {
                    return Err(WireError::BadValue);
                }
                Signal::Offer { to, tag, seat, round, ice, sdp: take_sdp(r)? }
            }
            4 => Signal::Answer { seat: r.take()?, round: r.take()?, sdp: take_sdp(r)? },
            5 => Signal::Refused { to: r.take()?, why: r.take()? },
            6 => Signal::Watch,
            _ => return Err(WireError::BadValue),
        })
    }
}

impl Envelope {
    /// The plaintext's bytes (for the browser to encrypt). A signal past the bounds is written
    /// all the same and refused by the receiver as [`Refusal::Garbled`]: the game's names and
    /// the browser's descriptions stay well inside them.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::default();
        w.bytes.extend_from_slice(&MAGIC);
        w.byte(VERSION);
        w.put(&self.from);
        w.put(&self.seq);
        w.put(&self.sent_ms);
        w.put(&self.body);
        w.bytes
    }

    /// Reads a decrypted plaintext.
    ///
    /// # Errors
    /// [`Refusal::Garbled`] or [`Refusal::Version`].
    pub fn decode(bytes: &[u8]) -> Result<Envelope, Refusal> {
        if bytes.len() > MAX_PLAINTEXT || bytes.get(..2) != Some(&MAGIC[..]) {
            return Err(Refusal::Garbled);
        }
        let mut r = Reader::new(&bytes[2..]);
        let version = r.byte().map_err(|_| Refusal::Garbled)?;
        if version != VERSION {
            return Err(Refusal::Version(version));
        }
        let read = |r: &mut Reader| -> Result<Envelope, WireError> {
            let e = Envelope { from: r.take()?, seq: r.take()?, sent_ms: r.take()?, body: r.take()? };
            r.end()?;
            Ok(e)
        };
        let e = read(&mut r).map_err(|_| Refusal::Garbled)?;
        if e.seq == 0 {
            return Err(Refusal::Garbled);
        }
        Ok(e)
    }
}

/// A P-256 public key, raw (the uncompressed point: `04`, x, y), as it ends every relay
/// message's signed part.
pub const KEY_BYTES: usize = 65;
/// An ECDSA P-256 signature as WebCrypto writes it (r and s, 32 bytes each).
pub const SIG_BYTES: usize = 64;

/// The bytes a device signs for an envelope's bytes: those, then its public key.
pub fn to_sign(envelope: &[u8], key: &[u8; KEY_BYTES]) -> Vec<u8> {
    [envelope, &key[..]].concat()
}

/// A relay message's plaintext, its parts: the envelope's bytes, the sender's public key, the
/// bytes signed (both of them) and the signature.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Signed<'a> {
    /// The envelope's bytes (for [`Envelope::decode`], [`Guard::check`]).
    pub envelope: &'a [u8],
    /// The sender's public key.
    pub key: &'a [u8],
    /// What the signature is of.
    pub signed: &'a [u8],
    /// The signature.
    pub sig: &'a [u8],
}

impl<'a> Signed<'a> {
    /// Splits a decrypted plaintext (`signed` bytes, then the signature).
    ///
    /// # Errors
    /// [`Refusal::Garbled`] when it is too short to hold a key and a signature, or longer than
    /// any message.
    pub fn split(plain: &'a [u8]) -> Result<Signed<'a>, Refusal> {
        if plain.len() < KEY_BYTES + SIG_BYTES + 3 || plain.len() > MAX_PLAINTEXT + KEY_BYTES + SIG_BYTES {
            return Err(Refusal::Garbled);
        }
        let (signed, sig) = plain.split_at(plain.len() - SIG_BYTES);
        let (envelope, key) = signed.split_at(signed.len() - KEY_BYTES);
        Ok(Signed { envelope, key, signed, sig })
    }
}

/// The sizes a relay message's plaintext is padded to ([`Envelope::encode_padded`]), so that
/// a relay (or anyone on a public broker) sees four sizes, not how long a name, a description
/// or a knock with a seat is: a knock, seats and a refusal fit the first; an answer the
/// second or third; an offer with its helpers the third or the last.
pub const PADDED_SIZES: [usize; 4] = [256, 1024, 4096, MAX_PLAINTEXT];

impl Envelope {
    /// The plaintext's bytes padded to the smallest of [`PADDED_SIZES`] that holds them and
    /// one byte more: the envelope, `0x80`, then zeros (ISO/IEC 7816-4's padding: where the
    /// envelope ends is never in doubt). A plaintext too long for the largest is left as it is
    /// (and refused by the receiver).
    pub fn encode_padded(&self) -> Vec<u8> {
        let mut bytes = self.encode();
        if let Some(&size) = PADDED_SIZES.iter().find(|&&n| n > bytes.len()) {
            bytes.push(PAD);
            bytes.resize(size, 0);
        }
        bytes
    }

    /// Reads a plaintext written by [`Envelope::encode_padded`] (or [`Envelope::encode`]):
    /// after the envelope, nothing, or `0x80` and zeros up to exactly one of [`PADDED_SIZES`].
    /// Any other trailing bytes are refused as [`Refusal::Garbled`], as by
    /// [`Envelope::decode`].
    ///
    /// # Errors
    /// [`Refusal::Garbled`] or [`Refusal::Version`].
    pub fn decode_padded(bytes: &[u8]) -> Result<Envelope, Refusal> {
        let unpadded = Envelope::decode(bytes);
        if unpadded.is_ok() || !PADDED_SIZES.contains(&bytes.len()) {
            return unpadded;
        }
        let zeros = bytes.iter().rev().take_while(|&&b| b == 0).count();
        match bytes[..bytes.len() - zeros].split_last() {
            Some((&PAD, envelope)) => Envelope::decode(envelope),
            _ => unpadded,
        }
    }
}

/// The byte that ends an envelope before its padding's zeros.
const PAD: u8 = 0x80;

/// A device's numbering of what it sends: its id and the next message number.
#[derive(Clone, Debug)]
pub struct Outbox {
    from: u64,
    seq: u32,
}

impl Outbox {
    /// The outbox of a device with this id (random, new at every page load).
    pub fn new(from: u64) -> Outbox {
        Outbox { from, seq: 0 }
    }

    /// The device's id.
    pub fn id(&self) -> u64 {
        self.from
    }

    /// The next message: numbered one more than the last, stamped with the clock `now_ms`.
    /// (At four billion messages the numbers would end; a page load sends some dozens.)
    pub fn envelope(&mut self, now_ms: u64, body: Signal) -> Envelope {
        self.seq = self.seq.saturating_add(1);
        Envelope { from: self.from, seq: self.seq, sent_ms: now_ms, body }
    }
}

/// A rate for a token bucket: `per_second` messages on average, `burst` at once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rate {
    /// Messages a second, on average.
    pub per_second: u32,
    /// Messages at once after a quiet time.
    pub burst: u32,
}

/// What one device sends through the relays at most: a host answers a knock with its seats
/// and an offer (two messages), a friend knocks every few seconds while it waits.
pub const PER_SENDER: Rate = Rate { per_second: 5, burst: 10 };
/// What a device receives from all the senders it already heard, at most: a host with five
/// friends and some watchers coming back at once.
pub const TOTAL: Rate = Rate { per_second: 30, burst: 60 };
/// How many senders not heard before a device takes, at most: ids are free to make, so a
/// flood from fresh ids has its own bucket and never uses up [`TOTAL`], which the devices
/// already heard share. A host's reload brings back a table's devices at once (ten); an
/// honest device gets a new id only at a page load.
pub const NEW_SENDERS: Rate = Rate { per_second: 1, burst: 10 };
/// How many senders a [`Guard`] keeps places for: the least recently heard one that the app
/// didn't pin ([`Guard::pin`]) goes beyond, and its newest number is kept apart
/// ([`MAX_GHOSTS`]). A game sees a few devices, each with a new id at every page load; a
/// sender not heard for twice [`MAX_SKEW_MS`] is safe to forget (all its messages are stale by
/// then).
pub const MAX_SENDERS: usize = 256;
/// How many senders may be pinned: the host's device and a game's seats with room to spare.
pub const MAX_PINNED: usize = 32;
/// The newest numbers of senders whose place went, kept until all their messages are stale:
/// at most [`NEW_SENDERS`]' burst and one a second come in twice [`MAX_SKEW_MS`] (1,210), so
/// a flood of new ids can't push one out while it still matters.
pub const MAX_GHOSTS: usize = 2048;
/// How many of a sender's newest numbers are kept one by one: a number below them is refused
/// as a replay, one among them not yet seen (a message a relay kept back, or one for another
/// device) is taken.
pub const WINDOW: usize = 32;
/// How far a sender's number may jump past its newest one taken, beyond [`PER_SENDER`]'s rate
/// for the time since: a device numbers every message it sends, also those for the others
/// (which this device doesn't take), so the gap between two of its messages to this device is
/// as large as what it said to the others meanwhile — at most its rate for that time, plus a
/// margin for the bursts (a host answering a table's knocks says some dozens in a minute; a
/// thousand is far past any honest gap). Further is no honest device: it is refused
/// ([`Refusal::Jumped`]) and never remembered.
pub const MAX_JUMP: u32 = 1000;

/// How many messages a device decrypts from one relay, at most: every message of the room
/// (for this device or not) comes through each relay once; a stranger without the key who
/// floods a table's topic on a public broker makes the device spend no more than this on
/// it, and the room's messages still come through the other relays.
pub const DECRYPTS: Rate = Rate { per_second: 60, burst: 120 };

/// A rate limit by the clock passed in (a relay's decryptions: [`DECRYPTS`]).
#[derive(Clone, Copy, Debug)]
pub struct Limiter {
    rate: Rate,
    bucket: Option<Bucket>,
}

impl Limiter {
    /// A limiter, full at its first use.
    pub fn new(rate: Rate) -> Limiter {
        Limiter { rate, bucket: None }
    }

    /// Whether one more may pass at `now_ms` (and counts it if so).
    pub fn allow(&mut self, now_ms: u64) -> bool {
        let rate = self.rate;
        let b = self.bucket.get_or_insert_with(|| Bucket::full(now_ms, rate));
        let ok = b.ready(now_ms, rate);
        if ok {
            b.spend();
        }
        ok
    }
}

/// A token bucket counted in thousandths of a message, refilled by the clock passed in.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    milli: u64,
    at_ms: u64,
}

impl Bucket {
    /// A full bucket.
    fn full(now_ms: u64, rate: Rate) -> Bucket {
        Bucket { milli: u64::from(rate.burst) * 1000, at_ms: now_ms }
    }

    /// Refills for the time since it was last looked at (a clock that went back refills
    /// nothing) and tells whether a message may pass.
    fn ready(&mut self, now_ms: u64, rate: Rate) -> bool {
        let elapsed = now_ms.saturating_sub(self.at_ms);
        // Milliseconds × messages per second = thousandths of a message.
        self.milli = self.milli.saturating_add(elapsed.saturating_mul(u64::from(rate.per_second))).min(u64::from(rate.burst) * 1000);
        self.at_ms = self.at_ms.max(now_ms);
        self.milli >= 1000
    }

    fn spend(&mut self) {
        self.milli = self.milli.saturating_sub(1000);
    }
}

/// What a [`Guard`] remembers of one sender: the numbers of its messages this device took.
#[derive(Clone, Debug)]
struct Heard {
    from: u64,
    /// Every number up to this one counts as seen.
    floor: u32,
    /// The numbers above `floor` taken, in order, at most [`WINDOW`].
    seen: Vec<u32>,
    /// This device's clock when a message of it was last taken.
    at_ms: u64,
    bucket: Bucket,
    /// The app trusts it (the host's device, a seated one): never forgotten for a newcomer.
    pinned: bool,
}

impl Heard {
    fn new(from: u64, floor: u32, now_ms: u64, rate: Rate) -> Heard {
        Heard { from, floor, seen: Vec::new(), at_ms: now_ms, bucket: Bucket::full(now_ms, rate), pinned: false }
    }

    /// The newest number taken (or counted as seen).
    fn top(&self) -> u32 {
        self.seen.last().copied().unwrap_or(self.floor)
    }

    fn has(&self, seq: u32) -> bool {
        seq <= self.floor || self.seen.binary_search(&seq).is_ok()
    }

    /// Counts `seq` as taken; beyond [`WINDOW`] the oldest becomes the floor.
    fn take(&mut self, seq: u32, now_ms: u64) {
        if let Err(i) = self.seen.binary_search(&seq) {
            self.seen.insert(i, seq);
        }
        if self.seen.len() > WINDOW {
            self.floor = self.seen.remove(0);
        }
        self.at_ms = self.at_ms.max(now_ms);
    }
}

/// A sender whose place went: every number up to `floor` is refused, until `at_ms` + twice
/// [`MAX_SKEW_MS`] (when all its messages are stale anyway).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ghost {
    from: u64,
    floor: u32,
    at_ms: u64,
}

/// The least time between two answers to devices whose clocks are off ([`Guard::clock_reply`]).
pub const CLOCK_REPLY_MS: u64 = 1000;

/// The first bytes of a guard's saved memory ([`Guard::memory`]), and its version.
const MEMORY_MAGIC: [u8; 3] = *b"LG\x01";

/// The receiving device's check of every decrypted relay message.
///
/// What it remembers can't be turned against the devices it protects by a holder of the link
/// (who can write any plaintext, with any sender's id and number): only the numbers of
/// messages taken are remembered (never those refused or meant for another device); a number
/// far past a sender's newest is refused ([`MAX_JUMP`]); a number above the newest but not
/// taken yet is taken even when a higher one came first (so a forged high number silences no
/// one: the sender's own numbers, below it, still pass); new senders have a bucket of their own
/// ([`NEW_SENDERS`]) and take a place only when a message of theirs is taken; a place goes only
/// to the least recently heard unpinned sender, and its newest number is kept
/// ([`MAX_GHOSTS`]) until its messages are stale, so churning ids reopens no replay.
#[derive(Clone, Debug)]
pub struct Guard {
    own: u64,
    per_sender: Rate,
    total: Rate,
    new_senders: Rate,
    all: Option<Bucket>,
    fresh: Option<Bucket>,
    heard: Vec<Heard>,
    ghosts: Vec<Ghost>,
    /// How far the sender's clock was from this device's in the last message refused as stale
    /// (or, once this device follows the host's clock, how far the host's was when it did).
    clock_off: Option<i64>,
    /// The key whose clock this device follows (a friend's or a watcher's: the host's).
    follow: Option<KeyId>,
    /// What this device adds to its own clock to read the table's (0 until it follows the
    /// host's).
    skew_ms: i64,
    /// The device whose ask (a message to nobody in particular) was last refused as stale.
    stale_ask: Option<u64>,
    /// When a device whose clock is off was last told so ([`Guard::clock_reply`]).
    told_ms: Option<u64>,
}

impl Guard {
    /// The guard of the device with id `own`, with the usual rates ([`PER_SENDER`], [`TOTAL`],
    /// [`NEW_SENDERS`]).
    pub fn new(own: u64) -> Guard {
        Guard::with_rates(own, PER_SENDER, TOTAL)
    }

    /// A guard with other rates (new senders at [`NEW_SENDERS`]).
    pub fn with_rates(own: u64, per_sender: Rate, total: Rate) -> Guard {
        Guard { own, per_sender, total, new_senders: NEW_SENDERS, all: None, fresh: None, heard: Vec::new(), ghosts: Vec::new(), clock_off: None, follow: None, skew_ms: 0, stale_ask: None, told_ms: None }
    }

    /// This device's id.
    pub fn own(&self) -> u64 {
        self.own
    }

    /// Checks a decrypted plaintext that arrived at `now_ms` (this device's clock): the
    /// message, or why it is refused. In this order: garbled or another version; this device's
    /// own; replayed (a number of its sender taken already, or below those kept); stale; not
    /// for this device; a jump too far ([`MAX_JUMP`]); flooded. Only a message taken is
    /// remembered; replays and refusals never use up a sender's rate, so a relay sending a
    /// device's old messages again can't get it refused as a flood.
    ///
    /// # Errors
    /// Why the message is refused.
    pub fn check(&mut self, now_ms: u64, plaintext: &[u8]) -> Result<Envelope, Refusal> {
        self.check_signed(now_ms, plaintext, None)
    }

    /// As [`Guard::check`], for a message whose signature by `signer` held. A device that
    /// follows `signer`'s clock ([`Guard::follow_clock`]) takes the time of a message of that
    /// key addressed to this very device even when it is further off than [`MAX_SKEW_MS`], and
    /// reads every time from then on on that clock ([`Guard::now`]): such a message can't be an
    /// old recording (the device's id is new at every page load), and no other key moves the
    /// clock. A device's ask refused as stale is remembered for [`Guard::clock_reply`].
    ///
    /// # Errors
    /// Why the message is refused.
    pub fn check_signed(&mut self, now_ms: u64, plaintext: &[u8], signer: Option<KeyId>) -> Result<Envelope, Refusal> {
        let local_ms = now_ms;
        let mut now_ms = self.now(local_ms);
        let e = Envelope::decode_padded(plaintext)?;
        if e.from == self.own {
            return Err(Refusal::Own);
        }
        let known = self.heard.iter().position(|h| h.from == e.from);
        let ghost = match known {
            Some(_) => None,
            None => self.ghost(now_ms, e.from),
        };
        let replayed = match (known, ghost) {
            (Some(i), _) => self.heard[i].has(e.seq),
            (None, Some(g)) => e.seq <= g.floor,
            (None, None) => false,
        };
        if replayed {
            return Err(Refusal::Replayed);
        }
        if now_ms.abs_diff(e.sent_ms) > MAX_SKEW_MS {
            let off = clamp_i64(i128::from(e.sent_ms) - i128::from(now_ms));
            self.clock_off = Some(off);
            if signer.is_some() && signer == self.follow && e.body.to() == Some(self.own) {
                // The host's clock, told to this device: followed from now on.
                self.skew_ms = clamp_i64(i128::from(self.skew_ms) + i128::from(off));
                now_ms = self.now(local_ms);
            } else {
                if e.body.to().is_none() {
                    self.stale_ask = Some(e.from);
                }
                return Err(Refusal::Stale);
            }
        }
        if e.body.to().is_some_and(|to| to != self.own) {
            return Err(Refusal::NotForMe);
        }
        let (top, since) = match (known, ghost) {
            (Some(i), _) => (Some(self.heard[i].top()), self.heard[i].at_ms),
            (None, Some(g)) => (Some(g.floor), g.at_ms),
            (None, None) => (None, now_ms),
        };
        if top.is_some_and(|top| u64::from(e.seq) > u64::from(top) + self.jump(now_ms, since)) {
            return Err(Refusal::Jumped);
        }
        match known {
            Some(i) => {
                let (per_sender, total) = (self.per_sender, self.total);
                let all = self.all.get_or_insert_with(|| Bucket::full(now_ms, total));
                let h = &mut self.heard[i];
                let (mine, everyone) = (h.bucket.ready(now_ms, per_sender), all.ready(now_ms, total));
                if !mine || !everyone {
                    return Err(Refusal::Flooded);
                }
                h.bucket.spend();
                all.spend();
                h.take(e.seq, now_ms);
            }
            None => {
                let rate = self.new_senders;
                let fresh = self.fresh.get_or_insert_with(|| Bucket::full(now_ms, rate));
                if !fresh.ready(now_ms, rate) {
                    return Err(Refusal::Flooded);
                }
                fresh.spend();
                self.ghosts.retain(|g| g.from != e.from);
                let mut h = Heard::new(e.from, ghost.map_or(0, |g| g.floor), now_ms, self.per_sender);
                h.bucket.spend();
                h.take(e.seq, now_ms);
                self.place(now_ms, h);
            }
        }
        Ok(e)
    }

    /// How far a sender's number may jump past its newest, `since_ms` being when it was taken.
    fn jump(&self, now_ms: u64, since_ms: u64) -> u64 {
        u64::from(MAX_JUMP) + now_ms.saturating_sub(since_ms) / 1000 * u64::from(self.per_sender.per_second)
    }

    /// The kept number of a sender whose place went, if it still matters at `now_ms`.
    fn ghost(&self, now_ms: u64, from: u64) -> Option<Ghost> {
        self.ghosts.iter().find(|g| g.from == from && !expired(g.at_ms, now_ms)).copied()
    }

    /// Gives `h` a place, taking the least recently heard unpinned sender's when full (and
    /// keeping its newest number).
    fn place(&mut self, now_ms: u64, h: Heard) {
        if self.heard.len() < MAX_SENDERS {
            self.heard.push(h);
            return;
        }
        let Some(i) = self.heard.iter().enumerate().filter(|(_, h)| !h.pinned).min_by_key(|(_, h)| h.at_ms).map(|(i, _)| i) else { return };
        let gone = std::mem::replace(&mut self.heard[i], h);
        self.keep_ghost(now_ms, Ghost { from: gone.from, floor: gone.top(), at_ms: gone.at_ms });
    }

    fn keep_ghost(&mut self, now_ms: u64, g: Ghost) {
        self.ghosts.retain(|o| !expired(o.at_ms, now_ms) && o.from != g.from);
        if self.ghosts.len() >= MAX_GHOSTS {
            // Only past the bound of new senders (see [`MAX_GHOSTS`]): the oldest goes.
            if let Some(i) = self.ghosts.iter().enumerate().min_by_key(|(_, o)| o.at_ms).map(|(i, _)| i) {
                self.ghosts.remove(i);
            }
        }
        self.ghosts.push(g);
    }

    /// Marks a sender the app trusts (the host's device on a friend's; a seated device on the
    /// host's): its place is never given to another sender, so a flood of new ids can't make
    /// this device forget its numbers. False when [`MAX_PINNED`] senders are pinned already.
    /// A sender not heard yet gets its place now (its first message is then no new sender's).
    pub fn pin(&mut self, from: u64, now_ms: u64) -> bool {
        if self.heard.iter().filter(|h| h.pinned).count() >= MAX_PINNED && !self.heard.iter().any(|h| h.from == from && h.pinned) {
            return false;
        }
        if !self.heard.iter().any(|h| h.from == from) {
            let floor = self.ghost(now_ms, from).map_or(0, |g| g.floor);
            self.ghosts.retain(|g| g.from != from);
            let mut h = Heard::new(from, floor, now_ms, self.per_sender);
            h.pinned = true;
            if self.heard.len() >= MAX_SENDERS {
                self.place(now_ms, h);
            } else {
                self.heard.push(h);
            }
        }
        for h in self.heard.iter_mut().filter(|h| h.from == from) {
            h.pinned = true;
        }
        true
    }

    /// Lets a pinned sender's place go like any other's again (a seat's device that left).
    pub fn unpin(&mut self, from: u64) {
        for h in self.heard.iter_mut().filter(|h| h.from == from) {
            h.pinned = false;
        }
    }

    /// How far (in milliseconds, positive: ahead) the clock of the last message refused as
    /// stale was from this device's: a device whose clock is wrong hears every message so.
    pub fn clock_off(&self) -> Option<i64> {
        self.clock_off
    }

    /// This device follows the clock of `key` (the host's, whose key the link names).
    pub fn follow_clock(&mut self, key: KeyId) {
        self.follow = Some(key);
    }

    /// The table's time when this device's clock reads `local_ms`: the same, unless it follows
    /// the host's clock and that was off. What this device sends is dated with it.
    pub fn now(&self, local_ms: u64) -> u64 {
        u64::try_from((i128::from(local_ms) + i128::from(self.skew_ms)).max(0)).unwrap_or(u64::MAX)
    }

    /// The host's side: whether the last message refused as stale was a device's ask (`None`:
    /// no), and if so the device to tell now that its clock is off (`Some(None)`: one was told
    /// less than [`CLOCK_REPLY_MS`] ago — a flood of stale messages gets one answer a second).
    pub fn clock_reply(&mut self, now_ms: u64) -> Option<Option<u64>> {
        let from = self.stale_ask.take()?;
        if self.told_ms.is_some_and(|t| now_ms.saturating_sub(t) < CLOCK_REPLY_MS) {
            return Some(None);
        }
        self.told_ms = Some(now_ms);
        Some(Some(from))
    }

    /// What the guard must not forget across a reload of the page, as bytes: each sender's
    /// newest number and when it was last heard (about 20 bytes a sender). A host that keeps
    /// them and [`Guard::restore`]s them refuses messages recorded before its reload.
    pub fn memory(&self) -> Vec<u8> {
        let mut w = Writer::default();
        w.bytes.extend_from_slice(&MEMORY_MAGIC);
        let all: Vec<Ghost> = self.heard.iter().map(|h| Ghost { from: h.from, floor: h.top(), at_ms: h.at_ms }).chain(self.ghosts.iter().copied()).collect();
        w.varint(all.len() as u64);
        for g in all {
            w.put(&g.from);
            w.put(&g.floor);
            w.put(&g.at_ms);
        }
        w.bytes
    }

    /// A new guard for the device with id `own` that remembers what [`Guard::memory`] saved
    /// (what is stale at `now_ms` is left out). Bytes that aren't such a memory give a guard
    /// remembering nothing (as [`Guard::new`]).
    pub fn restore(own: u64, bytes: &[u8], now_ms: u64) -> Guard {
        let mut g = Guard::new(own);
        let read = || -> Result<Vec<Ghost>, WireError> {
            let mut r = Reader::new(bytes.strip_prefix(&MEMORY_MAGIC[..]).ok_or(WireError::BadValue)?);
            let n = r.count()?;
            if n > MAX_SENDERS + MAX_GHOSTS {
                return Err(WireError::BadValue);
            }
            let mut all = Vec::with_capacity(n);
            for _ in 0..n {
                all.push(Ghost { from: r.take()?, floor: r.take()?, at_ms: r.take()? });
            }
            r.end()?;
            Ok(all)
        };
        let Ok(all) = read() else { return g };
        for o in all {
            if !expired(o.at_ms, now_ms) && o.from != own {
                g.keep_ghost(now_ms, o);
            }
        }
        g
    }
}

/// Whether everything of a sender last heard at `at_ms` is stale at `now_ms`: a message taken
/// then was sent at most [`MAX_SKEW_MS`] before, and is refused [`MAX_SKEW_MS`] after it was
/// sent.
fn expired(at_ms: u64, now_ms: u64) -> bool {
    now_ms > at_ms.saturating_add(2 * MAX_SKEW_MS)
}

fn clamp_i64(n: i128) -> i64 {
    n.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

// Mallory's attacks on the guard (issue 40), apart from the codec's tests.
#[cfg(test)]
#[path = "guard_tests.rs"]
mod guard_tests;

#[cfg(test)]
mod tests {
    use super::*;

    const HOST: u64 = 0x1111_2222_3333_4444;
    const ANN: u64 = 0xaaaa_0000_0000_0001;
    const BEN: u64 = 0xbbbb_0000_0000_0002;
    const T0: u64 = 1_795_000_000_000;

    fn sdp() -> String {
        "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\na=candidate:1 1 udp 1 192.168.1.2 5000 typ host\r\n".into()
    }

    /// One signal of each kind, with every optional part both ways.
    fn every_signal() -> Vec<Signal> {
        fn kind(s: &Signal) -> u8 {
            match s {
                Signal::Knock { .. } => 0,
                Signal::Seats { .. } => 1,
                Signal::Claim { .. } => 2,
                Signal::Offer { .. } => 3,
                Signal::Answer { .. } => 4,
                Signal::Refused { .. } => 5,
                Signal::Watch => 6,
            }
        }
        let seats = vec![
            SeatInfo { colour: Colour::Red, name: "Anna".into(), free: false },
            SeatInfo { colour: Colour::Yellow, name: "Bën 👑".into(), free: true },
            SeatInfo { colour: Colour::Blue, name: String::new(), free: true },
        ];
        let all = vec![
            Signal::Knock { seat: None },
            Signal::Knock { seat: Some(Colour::Purple) },
            Signal::Seats { to: ANN, tag: 0xdead_beef, edition: Edition::Classic, seats: seats.clone() },
            Signal::Seats { to: BEN, tag: 0, edition: Edition::New, seats: vec![] },
            Signal::Claim { seat: Colour::Orange },
            Signal::Offer { to: ANN, tag: 0x5eed_7a61, seat: Some(Colour::Yellow), round: 7, ice: vec!["stun:stun.example.org:3478".into()], sdp: sdp() },
            Signal::Offer { to: BEN, tag: 0x5eed_7a61, seat: None, round: u32::MAX, ice: vec![], sdp: String::new() },
            Signal::Answer { seat: Some(Colour::Grey), round: 7, sdp: sdp() },
            Signal::Answer { seat: None, round: 0, sdp: sdp() },
            Signal::Refused { to: ANN, why: SeatRefusal::Taken },
            Signal::Refused { to: ANN, why: SeatRefusal::NoSuchSeat },
            Signal::Refused { to: ANN, why: SeatRefusal::Waiting },
            Signal::Refused { to: ANN, why: SeatRefusal::Locked },
            Signal::Refused { to: ANN, why: SeatRefusal::Clock },
            Signal::Watch,
        ];
        let kinds: std::collections::BTreeSet<u8> = all.iter().map(kind).collect();
        assert_eq!(kinds, (0..7).collect(), "every signal has a sample");
        all
    }

    fn env(from: u64, seq: u32, sent_ms: u64, body: Signal) -> Vec<u8> {
        Envelope { from, seq, sent_ms, body }.encode()
    }

    #[test]
    fn every_signal_reads_back_exactly() {
        for body in every_signal() {
            let e = Envelope { from: ANN, seq: 3, sent_ms: T0, body };
            let bytes = e.encode();
            assert_eq!(&bytes[..3], b"LS\x03");
            assert_eq!(Envelope::decode(&bytes), Ok(e.clone()), "{e:?}");
        }
        // The bytes of a knock: magic, version, from, seq and clock as varints, tag 0, no seat.
        let knock = Envelope { from: 5, seq: 1, sent_ms: 300, body: Signal::Knock { seat: None } };
        assert_eq!(knock.encode(), [b'L', b'S', VERSION, 5, 1, 0xAC, 0x02, 0, 0]);
        let watch = Envelope { from: 5, seq: 2, sent_ms: 0, body: Signal::Watch };
        assert_eq!(watch.encode(), [b'L', b'S', VERSION, 5, 2, 0, 6]);
    }

    #[test]
    fn bounds_hold_at_their_limit_and_refuse_past_it() {
        let offer = |ice: Vec<String>, sdp: String| Envelope { from: ANN, seq: 1, sent_ms: T0, body: Signal::Offer { to: BEN, tag: 0x5eed_7a61, seat: Some(Colour::Red), round: u32::MAX, ice, sdp } };
        // The largest offer: every helper at its longest, a description that doesn't pack.
        let biggest = offer(vec!["x".repeat(MAX_ICE_BYTES); MAX_ICE], "a".repeat(MAX_SDP));
        let bytes = biggest.encode();
        assert!(bytes.len() <= MAX_PLAINTEXT, "{} bytes", bytes.len());
        assert_eq!(Envelope::decode(&bytes), Ok(biggest));
        for e in [
            offer(vec!["x".repeat(MAX_ICE_BYTES + 1)], sdp()),
            offer(vec!["stun:a".into(); MAX_ICE + 1], sdp()),
            offer(vec![], "a".repeat(MAX_SDP + 1)),
            Envelope { from: ANN, seq: 1, sent_ms: T0, body: Signal::Answer { seat: None, round: 1, sdp: "a".repeat(MAX_SDP + 1) } },
        ] {
            assert_eq!(Envelope::decode(&e.encode()), Err(Refusal::Garbled));
        }
        let seats = |seats: Vec<SeatInfo>| Envelope { from: HOST, seq: 1, sent_ms: T0, body: Signal::Seats { to: ANN, tag: 1, edition: Edition::New, seats } }.encode();
        let seat = |c: Colour, name: String| SeatInfo { colour: c, name, free: true };
        let six: Vec<SeatInfo> = Colour::ALL.iter().map(|&c| seat(c, "é".repeat(MAX_NAME_CHARS))).collect();
        assert!(Envelope::decode(&seats(six.clone())).is_ok(), "six seats, names of 64 characters (128 bytes)");
        let mut seven = six.clone();
        seven.push(seat(Colour::Red, "x".into()));
        assert_eq!(Envelope::decode(&seats(seven)), Err(Refusal::Garbled), "a seventh seat");
        assert_eq!(Envelope::decode(&seats(vec![seat(Colour::Red, "x".repeat(MAX_NAME_CHARS + 1))])), Err(Refusal::Garbled), "a long name");
        assert_eq!(Envelope::decode(&seats(vec![seat(Colour::Red, "a".into()), seat(Colour::Red, "b".into())])), Err(Refusal::Garbled), "a colour twice");
        let mut long = env(ANN, 1, T0, Signal::Watch);
        long.resize(MAX_PLAINTEXT + 1, 0);
        assert_eq!(Envelope::decode(&long), Err(Refusal::Garbled), "longer than any message");
    }

    #[test]
    fn bytes_of_another_kind_version_or_cut_short_are_refused_by_name() {
        let bytes = env(ANN, 1, T0, Signal::Offer { to: BEN, tag: 0x5eed_7a61, seat: Some(Colour::Blue), round: 2, ice: vec!["stun:x".into()], sdp: sdp() });
        for n in 0..bytes.len() {
            assert_eq!(Envelope::decode(&bytes[..n]), Err(Refusal::Garbled), "cut at {n}");
        }
        let mut trailing = bytes.clone();
        trailing.push(0);
        assert_eq!(Envelope::decode(&trailing), Err(Refusal::Garbled));
        let mut version = bytes.clone();
        version[2] = 2;
        assert_eq!(Envelope::decode(&version), Err(Refusal::Version(2)), "a page of before clocks were told");
        let mut magic = bytes.clone();
        magic[1] = b'Z';
        assert_eq!(Envelope::decode(&magic), Err(Refusal::Garbled), "a game message (LZ) is no relay message");
        assert_eq!(Envelope::decode(b""), Err(Refusal::Garbled));
        assert_eq!(Envelope::decode(&env(ANN, 0, T0, Signal::Watch)), Err(Refusal::Garbled), "message number 0");
        assert_eq!(Envelope::decode(&[b'L', b'S', VERSION, 5, 1, 0, 7]), Err(Refusal::Garbled), "no signal 7");
        assert_eq!(Envelope::decode(&[b'L', b'S', VERSION, 5, 1, 0, 5, 1, 5]), Err(Refusal::Garbled), "no seat refusal 5");
        assert_eq!(Envelope::decode(&[b'L', b'S', VERSION, 5, 1, 0, 2, 6]), Err(Refusal::Garbled), "no colour 6");
    }

    #[test]
    fn a_signed_plaintext_splits_into_envelope_key_and_signature() {
        let e = env(ANN, 1, T0, Signal::Claim { seat: Colour::Blue });
        let key = [4u8; KEY_BYTES];
        let signed = to_sign(&e, &key);
        let plain = [signed.clone(), vec![9u8; SIG_BYTES]].concat();
        let parts = Signed::split(&plain).unwrap();
        assert_eq!((parts.envelope, parts.key, parts.signed, parts.sig), (&e[..], &key[..], &signed[..], &[9u8; SIG_BYTES][..]));
        assert_eq!(Envelope::decode(parts.envelope).map(|e| e.body), Ok(Signal::Claim { seat: Colour::Blue }));
        // Too short to hold a key and a signature (an unsigned message of the old kind), or too long.
        assert_eq!(Signed::split(&e), Err(Refusal::Garbled));
        assert_eq!(Signed::split(&vec![0; MAX_PLAINTEXT + KEY_BYTES + SIG_BYTES + 1]), Err(Refusal::Garbled));
    }

    #[test]
    fn the_outbox_numbers_from_one_and_the_guard_takes_each_once() {
        let mut ann = Outbox::new(ANN);
        assert_eq!(ann.id(), ANN);
        let mut host = Guard::new(HOST);
        assert_eq!(host.own(), HOST);
        let first = ann.envelope(T0, Signal::Knock { seat: None });
        assert_eq!((first.from, first.seq, first.sent_ms), (ANN, 1, T0));
        let second = ann.envelope(T0 + 5, Signal::Claim { seat: Colour::Yellow });
        assert_eq!(second.seq, 2);
        assert_eq!(host.check(T0, &first.encode()), Ok(first.clone()));
        // The same message through a second relay, or sent again by one.
        assert_eq!(host.check(T0 + 1, &first.encode()), Err(Refusal::Replayed));
        assert_eq!(host.check(T0 + 10, &second.encode()), Ok(second.clone()));
        assert_eq!(host.check(T0 + 11, &second.encode()), Err(Refusal::Replayed));
        // Out of order: an older one never taken, after a newer one, is taken once (a relay
        // that kept it back can't have it refused: a forged higher number silences no one).
        let third = ann.envelope(T0 + 20, Signal::Knock { seat: None });
        let fourth = ann.envelope(T0 + 21, Signal::Knock { seat: None });
        assert_eq!(host.check(T0 + 30, &fourth.encode()), Ok(fourth.clone()));
        assert_eq!(host.check(T0 + 31, &third.encode()), Ok(third.clone()));
        assert_eq!(host.check(T0 + 32, &third.encode()), Err(Refusal::Replayed));
        assert_eq!(host.check(T0 + 33, &fourth.encode()), Err(Refusal::Replayed));
        // Another sender's numbers are its own.
        assert!(host.check(T0 + 40, &env(BEN, 1, T0, Signal::Knock { seat: None })).is_ok());
        assert!(Refusal::Replayed.expected() && Refusal::Own.expected() && Refusal::NotForMe.expected());
        assert!(!Refusal::Stale.expected() && !Refusal::Flooded.expected() && !Refusal::Forged.expected() && !Refusal::Garbled.expected() && !Refusal::Version(2).expected());
    }

    #[test]
    fn garbled_own_and_other_devices_messages_are_refused_by_name() {
        let mut ann = Guard::new(ANN);
        assert_eq!(ann.check(T0, b"LS"), Err(Refusal::Garbled));
        assert_eq!(ann.check(T0, &[b'L', b'S', 9]), Err(Refusal::Version(9)));
        assert_eq!(ann.check(T0, &env(ANN, 1, T0, Signal::Knock { seat: None })), Err(Refusal::Own));
        // The host's messages to Ben: not for Ann, and not remembered (a holder of the link
        // could write one with any number).
        let to_ben = env(HOST, 1, T0, Signal::Refused { to: BEN, why: SeatRefusal::Taken });
        assert_eq!(ann.check(T0, &to_ben), Err(Refusal::NotForMe));
        assert_eq!(ann.check(T0, &to_ben), Err(Refusal::NotForMe));
        for (seq, body) in [
            (2, Signal::Seats { to: BEN, tag: 1, edition: Edition::Classic, seats: vec![] }),
            (3, Signal::Offer { to: BEN, tag: 0x5eed_7a61, seat: None, round: 1, ice: vec![], sdp: sdp() }),
        ] {
            assert_eq!(ann.check(T0, &env(HOST, seq, T0, body)), Err(Refusal::NotForMe));
        }
        let to_ann = Signal::Seats { to: ANN, tag: 1, edition: Edition::Classic, seats: vec![] };
        assert_eq!(ann.check(T0, &env(HOST, 4, T0, to_ann.clone())).map(|e| e.body), Ok(to_ann));
        // Messages naming no device are for whoever reads them (the host decides).
        assert!(ann.check(T0, &env(BEN, 1, T0, Signal::Claim { seat: Colour::Red })).is_ok());
    }

    #[test]
    fn a_message_from_more_than_ten_minutes_away_is_stale() {
        let mut g = Guard::new(HOST);
        let knock = |seq: u32, sent: u64| env(ANN, seq, sent, Signal::Knock { seat: None });
        assert!(g.check(T0, &knock(1, T0 - MAX_SKEW_MS)).is_ok(), "exactly ten minutes behind");
        assert!(g.check(T0, &knock(2, T0 + MAX_SKEW_MS)).is_ok(), "exactly ten minutes ahead");
        assert_eq!(g.check(T0, &knock(3, T0 - MAX_SKEW_MS - 1)), Err(Refusal::Stale));
        assert_eq!(g.check(T0, &knock(4, T0 + MAX_SKEW_MS + 1)), Err(Refusal::Stale));
        // A recorded message sent again to a device that reloaded (a new guard, nothing seen).
        let recorded = knock(5, T0);
        assert!(Guard::new(HOST).check(T0 + 1000, &recorded).is_ok());
        assert_eq!(Guard::new(HOST).check(T0 + 11 * 60 * 1000, &recorded), Err(Refusal::Stale));
        // A stale message isn't remembered: the sender's next good one is taken.
        assert!(g.check(T0, &knock(6, T0)).is_ok());
        assert_eq!(Guard::new(HOST).check(0, &knock(1, u64::MAX)), Err(Refusal::Stale), "no overflow at the clock's ends");
    }

    #[test]
    fn a_flood_from_one_sender_or_from_all_is_refused() {
        let rate = Rate { per_second: 2, burst: 4 };
        let total = Rate { per_second: 1, burst: 4 };
        let mut g = Guard::with_rates(HOST, rate, total);
        let knock = |from: u64, seq: u32| env(from, seq, T0, Signal::Knock { seat: None });
        // A burst of four, then refused until a token comes back (half a second at two a second).
        for seq in 1..=4 {
            assert!(g.check(T0, &knock(ANN, seq)).is_ok(), "{seq}");
        }
        assert_eq!(g.check(T0, &knock(ANN, 5)), Err(Refusal::Flooded));
        assert_eq!(g.check(T0 + 499, &knock(ANN, 5)), Err(Refusal::Flooded));
        assert!(g.check(T0 + 500, &knock(ANN, 5)).is_ok(), "the flooded message again, once a token is back");
        // Another sender has its own bucket, but all heard before share one (a sender's first
        // message uses the new senders' bucket instead): four at once and one a second, so
        // after Ann's four (her first was new) and half a second's refill, Ben's first passes
        // and his second doesn't.
        assert!(g.check(T0 + 500, &knock(BEN, 1)).is_ok());
        assert_eq!(g.check(T0 + 500, &knock(BEN, 2)), Err(Refusal::Flooded), "all together past the total");
        assert!(g.check(T0 + 1500, &knock(BEN, 2)).is_ok(), "a second later");
        assert_eq!(g.check(T0 + 1500, &knock(ANN, 6)), Err(Refusal::Flooded), "Ann has room, all don't");
        assert!(g.check(T0 + 2500, &knock(ANN, 6)).is_ok());
        // Replays and messages for others never use up a sender's rate.
        let mut g = Guard::with_rates(ANN, rate, total);
        let first = env(HOST, 1, T0, Signal::Knock { seat: None });
        assert!(g.check(T0, &first).is_ok());
        for _ in 0..100 {
            assert_eq!(g.check(T0, &first), Err(Refusal::Replayed));
        }
        for seq in 2..50 {
            assert_eq!(g.check(T0, &env(HOST, seq, T0, Signal::Refused { to: BEN, why: SeatRefusal::Taken })), Err(Refusal::NotForMe));
        }
        for seq in 50..53 {
            assert!(g.check(T0, &env(HOST, seq, T0, Signal::Refused { to: ANN, why: SeatRefusal::Taken })).is_ok(), "{seq}");
        }
        // A clock that goes back refills nothing and breaks nothing.
        assert_eq!(g.check(T0 - 5000, &env(HOST, 53, T0, Signal::Watch)), Err(Refusal::Flooded));
        assert!(g.check(T0 + 1000, &env(HOST, 53, T0, Signal::Watch)).is_ok());
    }

    #[test]
    fn the_usual_rates_let_a_busy_table_through() {
        // A host hears five friends and three watchers knock, claim and answer within a second.
        let mut g = Guard::new(HOST);
        let mut refused = 0;
        for (i, from) in (1..=8u64).enumerate() {
            for seq in 1..=3u32 {
                let at = T0 + (i as u64) * 100 + u64::from(seq) * 10;
                if g.check(at, &env(from, seq, at, Signal::Knock { seat: None })).is_err() {
                    refused += 1;
                }
            }
        }
        assert_eq!(refused, 0);
    }

    #[test]
    fn the_guard_remembers_a_bounded_number_of_senders() {
        let mut g = Guard::new(HOST);
        g.total = Rate { per_second: 1000, burst: 1000 };
        g.new_senders = g.total;
        for from in 1..=(MAX_SENDERS as u64 + 10) {
            assert!(g.check(T0 + from, &env(from, 1, T0, Signal::Knock { seat: None })).is_ok());
        }
        assert_eq!(g.heard.len(), MAX_SENDERS);
        // The most recently heard are still remembered; the first, least recent, lost their
        // places, but their newest numbers are kept.
        assert_eq!(g.check(T0 + 5000, &env(MAX_SENDERS as u64 + 10, 1, T0, Signal::Watch)), Err(Refusal::Replayed));
        assert!(!g.heard.iter().any(|h| h.from == 1));
        assert_eq!(g.ghosts.len(), 10);
        assert_eq!(g.check(T0 + 5000, &env(1, 1, T0, Signal::Watch)), Err(Refusal::Replayed));
    }

    /// xorshift64: the same "random" bytes every run.
    fn rng(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn scrambled_and_random_plaintexts_never_panic() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let samples: Vec<Vec<u8>> = every_signal().into_iter().map(|b| env(ANN, 1, T0, b)).collect();
        let mut g = Guard::new(HOST);
        for round in 0..20_000u64 {
            let bytes: Vec<u8> = if round % 3 == 0 {
                let mut b = vec![b'L', b'S', VERSION];
                b.extend((0..rng(&mut x) % 40).map(|_| rng(&mut x) as u8));
                b
            } else {
                let mut b = samples[(rng(&mut x) as usize) % samples.len()].clone();
                b.truncate((rng(&mut x) as usize) % (b.len() + 1));
                for _ in 0..(1 + rng(&mut x) % 3) {
                    if b.len() > 3 {
                        let i = 3 + (rng(&mut x) as usize) % (b.len() - 3);
                        b[i] = rng(&mut x) as u8;
                    }
                }
                b
            };
            if let Ok(e) = Envelope::decode(&bytes) {
                // Whatever decodes is within bounds and reads back the same.
                assert_eq!(Envelope::decode(&e.encode()), Ok(e.clone()));
            }
            let _ = g.check(T0 + round, &bytes);
        }
    }
}
