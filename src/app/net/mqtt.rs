//! The MQTT 3.1.1 client's bytes (OASIS standard, 29 October 2014), for finding the other
//! devices of a game through public brokers over WebSocket (issue 33). Only what a relay's
//! client needs: connect with a clean session, subscribe and unsubscribe at QoS 0, publish at
//! QoS 0, ping, disconnect; and read what a broker sends such a client.
//!
//! Why QoS 0 only: every message is also sent through several brokers at once, the devices
//! repeat what wasn't answered, and [`super::signal::Guard`] refuses duplicates — a broker's
//! own acknowledgements would add packets and state and buy nothing.
//!
//! Why hand-written: an MQTT crate brings a network layer for native sockets; the browser has
//! its WebSocket, and the few packets below are some dozen lines each (the same reason as
//! [`super::wire`]).
//!
//! A broker is a stranger on the internet: [`Inbox`] reads its bytes bounded, typed, and never
//! panics. A PUBLISH longer than its maximum (anyone may publish on a public broker, no key
//! needed) is skipped as its bytes stream in, never buffered, and reported
//! ([`Packet::Dropped`]): the connection goes on. Any other packet too long, or malformed,
//! is an error, after which the inbox refuses everything: the stream can't be trusted to be
//! in step again, so the caller closes the connection and connects anew. [`subscribed`] and
//! [`Liveness`] are the client's decisions on a SUBACK and on a silent broker.

/// The largest packet an [`Inbox`] is meant to accept: a relay message (at most
/// [`super::signal::MAX_PLAINTEXT`] bytes before encryption) with ample room; anything longer
/// is no message of the game.
pub const MAX_PACKET: usize = 64 * 1024;

/// The largest remaining length MQTT can write (§2.2.3: four bytes of seven bits).
const MAX_REMAINING: usize = 268_435_455;

/// A packet's type, the high four bits of its first byte (§2.2.1, table 2.1).
mod kind {
    pub const CONNECT: u8 = 1;
    pub const CONNACK: u8 = 2;
    pub const PUBLISH: u8 = 3;
    pub const SUBSCRIBE: u8 = 8;
    pub const SUBACK: u8 = 9;
    pub const UNSUBSCRIBE: u8 = 10;
    pub const UNSUBACK: u8 = 11;
    pub const PINGREQ: u8 = 12;
    pub const PINGRESP: u8 = 13;
    pub const DISCONNECT: u8 = 14;
}

/// Why a packet can't be written. The caller's own mistake, never the broker's: each is
/// refused here rather than sent, because a broker answers a malformed packet by closing the
/// connection without saying why (§4.8).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EncodeError {
    /// An empty topic name or filter (§4.7.3: at least one character).
    EmptyTopic,
    /// A string longer than 65,535 bytes (§1.5.3), or a packet longer than MQTT can say.
    TooLong,
    /// U+0000 in a string (§1.5.3: a receiver closes the connection).
    NulChar,
    /// A wildcard (`+`, `#`) in a topic name, or one not standing alone in its level of a
    /// filter, or `#` not last (§4.7.1).
    Wildcard,
    /// Packet identifier 0 (§2.3.1: SUBSCRIBE and UNSUBSCRIBE need a non-zero one).
    ZeroPacketId,
    /// A SUBSCRIBE or UNSUBSCRIBE without a filter (§3.8.3, §3.10.3).
    NoFilters,
}

/// Why a broker's bytes are refused. After any of these the [`Inbox`] refuses all input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MqttError {
    /// A packet longer than the inbox's maximum (its length is its whole size in bytes).
    TooBig(usize),
    /// A remaining length whose fourth byte still says "more" (§2.2.3).
    BadLength,
    /// A packet type a broker never sends its client at QoS 0 (the type's number): a
    /// client's own packets, QoS 1 or 2 acknowledgements, the reserved 0 and 15.
    UnexpectedType(u8),
    /// Reserved flag bits not as §2.2.2 requires (the packet's first byte).
    BadFlags(u8),
    /// A packet's contents don't fit its type: too short or too long, a string that isn't
    /// UTF-8 or holds U+0000, a return code MQTT doesn't define.
    Malformed,
}

/// The broker's answer to CONNECT (§3.2.2.3, table 3.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ConnectCode {
    /// 0: connected.
    Accepted,
    /// 1: the broker doesn't speak MQTT 3.1.1.
    BadProtocolVersion,
    /// 2: the client identifier isn't allowed.
    IdentifierRejected,
    /// 3: the MQTT service is unavailable.
    ServerUnavailable,
    /// 4: the user name or password is malformed (we send none: the broker wants some).
    BadCredentials,
    /// 5: the client isn't authorised to connect.
    NotAuthorized,
}

impl ConnectCode {
    /// Whether the broker refused the connection (it then closes it).
    pub fn refused(self) -> bool {
        self != ConnectCode::Accepted
    }
}

/// What the broker granted one filter of a SUBSCRIBE (§3.9.3, in the filters' order).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Grant {
    /// 0x00, 0x01, 0x02: subscribed, at most this QoS (we ask for 0).
    Qos(u8),
    /// 0x80: refused (a broker may refuse a filter, e.g. by its access rules).
    Failure,
}

/// A packet from the broker.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Packet {
    /// The answer to CONNECT (§3.2).
    ConnAck { session_present: bool, code: ConnectCode },
    /// The answer to a SUBSCRIBE (§3.9): its packet identifier and one grant per filter.
    SubAck { packet_id: u16, granted: Vec<Grant> },
    /// The answer to an UNSUBSCRIBE (§3.11).
    UnsubAck { packet_id: u16 },
    /// A message on a subscribed topic (§3.3). A QoS 1 or 2 one (which a broker sends a QoS 0
    /// subscriber only by mistake) is delivered the same, its packet identifier skipped.
    Publish { topic: String, payload: Vec<u8> },
    /// The answer to PINGREQ (§3.13).
    PingResp,
    /// A PUBLISH longer than the inbox's maximum (its whole size in bytes), skipped unread.
    Dropped { size: usize },
}

/// Whether a SUBACK says the relay's one subscription (asked with `asked`, its packet
/// identifier) was granted: a broker may refuse a filter (0x80, e.g. by its access rules), and
/// a relay that refused it carries nothing of the room — it is no working relay.
pub fn subscribed(p: &Packet, asked: u16) -> bool {
    matches!(p, Packet::SubAck { packet_id, granted } if *packet_id == asked && matches!(granted[..], [Grant::Qos(_)]))
}

/// What a connection's clock says to do ([`Liveness::tick`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tick {
    /// Nothing yet.
    Wait,
    /// Send PINGREQ now (the broker drops a client silent for 1.5 times its keep-alive).
    Ping,
    /// The broker hasn't answered in time: close the connection and connect anew.
    Dead,
}

/// Whether a broker still answers: a broker that keeps the socket open and says nothing (no
/// PINGRESP, nothing at all) must not count as a working relay for ever. The clock is passed
/// in; the caller ticks every half keep-alive.
#[derive(Clone, Copy, Debug)]
pub struct Liveness {
    keep_alive_ms: u64,
    heard_ms: u64,
    pinged_ms: u64,
    /// A PINGREQ sent and nothing heard since.
    waiting: bool,
}

impl Liveness {
    /// A connection made at `now_ms` (the broker just answered) with this keep-alive.
    pub fn new(keep_alive_s: u16, now_ms: u64) -> Liveness {
        Liveness { keep_alive_ms: u64::from(keep_alive_s) * 1000, heard_ms: now_ms, pinged_ms: now_ms, waiting: false }
    }

    /// The broker sent something (any packet: it is alive).
    pub fn heard(&mut self, now_ms: u64) {
        self.heard_ms = self.heard_ms.max(now_ms);
        self.waiting = false;
    }

    /// What to do at `now_ms`: dead when a ping has gone unanswered for half the keep-alive,
    /// or nothing was heard for 1.5 times it; a ping once a keep-alive.
    pub fn tick(&mut self, now_ms: u64) -> Tick {
        let half = self.keep_alive_ms / 2;
        if (self.waiting && now_ms.saturating_sub(self.pinged_ms) >= half) || now_ms.saturating_sub(self.heard_ms) >= 3 * half {
            return Tick::Dead;
        }
        if now_ms.saturating_sub(self.pinged_ms) >= self.keep_alive_ms {
            self.pinged_ms = now_ms;
            self.waiting = true;
            return Tick::Ping;
        }
        Tick::Wait
    }
}

/// Writes a remaining length (§2.2.3): seven bits a byte, low first, the top bit for "more".
fn put_length(out: &mut Vec<u8>, mut n: usize) {
    loop {
        let b = (n % 128) as u8;
        n /= 128;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// Checks a UTF-8 string's length and characters (§1.5.3).
fn check_string(s: &str) -> Result<(), EncodeError> {
    if s.len() > usize::from(u16::MAX) {
        Err(EncodeError::TooLong)
    } else if s.contains('\0') {
        Err(EncodeError::NulChar)
    } else {
        Ok(())
    }
}

/// A topic name to publish to: no wildcards (§4.7.1), not empty.
fn check_topic(t: &str) -> Result<(), EncodeError> {
    check_string(t)?;
    if t.is_empty() {
        Err(EncodeError::EmptyTopic)
    } else if t.contains(['+', '#']) {
        Err(EncodeError::Wildcard)
    } else {
        Ok(())
    }
}

/// A topic filter: `+` and `#` only as a whole level, `#` only as the last (§4.7.1.2–3).
fn check_filter(f: &str) -> Result<(), EncodeError> {
    check_string(f)?;
    if f.is_empty() {
        return Err(EncodeError::EmptyTopic);
    }
    let levels: Vec<&str> = f.split('/').collect();
    for (i, level) in levels.iter().enumerate() {
        let wild = level.contains(['+', '#']);
        let alone = *level == "+" || (*level == "#" && i + 1 == levels.len());
        if wild && !alone {
            return Err(EncodeError::Wildcard);
        }
    }
    Ok(())
}

/// Appends a length-prefixed UTF-8 string (§1.5.3), already checked.
fn put_string(body: &mut Vec<u8>, s: &str) {
    body.extend_from_slice(&(s.len() as u16).to_be_bytes());
    body.extend_from_slice(s.as_bytes());
}

/// A whole packet: its first byte, the body's length and the body.
fn packet(first: u8, body: &[u8]) -> Result<Vec<u8>, EncodeError> {
    if body.len() > MAX_REMAINING {
        return Err(EncodeError::TooLong);
    }
    let mut out = Vec::with_capacity(body.len() + 5);
    out.push(first);
    put_length(&mut out, body.len());
    out.extend_from_slice(body);
    Ok(out)
}

/// CONNECT (§3.1) with a clean session (§3.1.2.4: the broker keeps nothing of an earlier
/// connection, so a page reload starts afresh), no will, user name or password; `keep_alive`
/// seconds without a packet before the broker gives up on the client (§3.1.2.10: send a
/// [`pingreq`] sooner). A broker need only accept client identifiers of 1–23 letters and digits
/// (§3.1.3.1); an empty one asks the broker to choose.
///
/// # Errors
/// A client identifier that isn't a valid MQTT string.
pub fn connect(client_id: &str, keep_alive: u16) -> Result<Vec<u8>, EncodeError> {
    check_string(client_id)?;
    // Protocol name "MQTT", level 4 (3.1.1), connect flags: only clean session (bit 1).
    let mut body = vec![0, 4, b'M', b'Q', b'T', b'T', 4, 0x02];
    body.extend_from_slice(&keep_alive.to_be_bytes());
    put_string(&mut body, client_id);
    packet(kind::CONNECT << 4, &body)
}

/// The packet identifier and filters of a SUBSCRIBE or UNSUBSCRIBE; each filter followed by
/// `qos` when subscribing.
fn filters_body(packet_id: u16, filters: &[&str], qos: Option<u8>) -> Result<Vec<u8>, EncodeError> {
    if packet_id == 0 {
        return Err(EncodeError::ZeroPacketId);
    }
    if filters.is_empty() {
        return Err(EncodeError::NoFilters);
    }
    let mut body = packet_id.to_be_bytes().to_vec();
    for f in filters {
        check_filter(f)?;
        put_string(&mut body, f);
        body.extend(qos);
    }
    Ok(body)
}

/// SUBSCRIBE (§3.8) to each filter at QoS 0; the broker answers [`Packet::SubAck`] with the
/// same `packet_id` (non-zero). The first byte's flags are 0010, as §3.8.1 requires.
///
/// # Errors
/// Packet identifier 0, no filters, or a filter MQTT doesn't allow.
pub fn subscribe(packet_id: u16, filters: &[&str]) -> Result<Vec<u8>, EncodeError> {
    packet(kind::SUBSCRIBE << 4 | 0b0010, &filters_body(packet_id, filters, Some(0))?)
}

/// UNSUBSCRIBE (§3.10) from each filter; the broker answers [`Packet::UnsubAck`] with the same
/// `packet_id` (non-zero). Flags 0010 (§3.10.1).
///
/// # Errors
/// Packet identifier 0, no filters, or a filter MQTT doesn't allow.
pub fn unsubscribe(packet_id: u16, filters: &[&str]) -> Result<Vec<u8>, EncodeError> {
    packet(kind::UNSUBSCRIBE << 4 | 0b0010, &filters_body(packet_id, filters, None)?)
}

/// PUBLISH (§3.3) at QoS 0, not retained (a broker keeps nothing of it), not a duplicate: the
/// topic name and the payload, no packet identifier (§3.3.2.2: only QoS 1 and 2 have one).
///
/// # Errors
/// A topic name MQTT doesn't allow, or a payload longer than a packet can be.
pub fn publish(topic: &str, payload: &[u8]) -> Result<Vec<u8>, EncodeError> {
    check_topic(topic)?;
    let mut body = Vec::with_capacity(2 + topic.len() + payload.len());
    put_string(&mut body, topic);
    body.extend_from_slice(payload);
    packet(kind::PUBLISH << 4, &body)
}

/// PINGREQ (§3.12): keeps the connection alive; the broker answers [`Packet::PingResp`].
pub fn pingreq() -> [u8; 2] {
    [kind::PINGREQ << 4, 0]
}

/// DISCONNECT (§3.14): the client is leaving (sent before closing the WebSocket).
pub fn disconnect() -> [u8; 2] {
    [kind::DISCONNECT << 4, 0]
}

/// Reads a broker's bytes as they arrive: a WebSocket message may hold several packets or a
/// part of one (§6: MQTT over WebSocket is a byte stream in binary messages, the WebSocket
/// subprotocol `mqtt`).
///
/// ```text
/// inbox.push(&frame)?;
/// while let Some(p) = inbox.next_packet()? { … }
/// ```
pub struct Inbox {
    /// Bytes received and not yet read; `at` is where reading goes on.
    buf: Vec<u8>,
    at: usize,
    max: usize,
    /// Bytes of an oversized PUBLISH still to come and to skip.
    skip: usize,
    /// The first error: returned again for everything after it.
    failed: Option<MqttError>,
}

impl Inbox {
    /// An inbox accepting packets of at most `max` bytes each ([`MAX_PACKET`] usually).
    pub fn new(max: usize) -> Inbox {
        Inbox { buf: Vec::new(), at: 0, max, skip: 0, failed: None }
    }

    /// Appends bytes that arrived.
    ///
    /// # Errors
    /// The inbox's earlier error: after one it takes nothing more.
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), MqttError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        // Bytes already read go before new ones come (when the caller read every whole packet,
        // what stays is the start of one not yet whole).
        self.buf.drain(..self.at);
        self.at = 0;
        let skipped = self.skip.min(bytes.len());
        self.skip -= skipped;
        self.buf.extend_from_slice(&bytes[skipped..]);
        Ok(())
    }

    /// How many bytes wait to be read: at most the largest packet plus what the last push
    /// brought (the caller pushes a large frame in slices to keep it so).
    pub fn buffered(&self) -> usize {
        self.buf.len() - self.at
    }

    /// The next whole packet, or `None` until more bytes arrive.
    ///
    /// # Errors
    /// Why the broker's bytes are refused; the same error again from then on.
    pub fn next_packet(&mut self) -> Result<Option<Packet>, MqttError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        match self.read() {
            Ok(Some((p @ Packet::Dropped { size }, _))) => {
                // What of it is here goes now, the rest as it comes.
                let here = self.buffered().min(size);
                self.at += here;
                self.skip = size - here;
                Ok(Some(p))
            }
            Ok(Some((p, n))) => {
                self.at += n;
                Ok(Some(p))
            }
            Ok(None) => Ok(None),
            Err(e) => {
                self.failed = Some(e);
                self.buf = Vec::new();
                self.at = 0;
                Err(e)
            }
        }
    }

    /// Whether the inbox refused the broker's bytes (and so refuses everything after).
    pub fn failed(&self) -> Option<MqttError> {
        self.failed
    }

    /// Reads one packet at `at`: it and its size, `None` while incomplete.
    fn read(&self) -> Result<Option<(Packet, usize)>, MqttError> {
        let bytes = &self.buf[self.at..];
        let Some(&first) = bytes.first() else { return Ok(None) };
        // The type and flags are refused from the first byte, before a length is waited for.
        let kind = first >> 4;
        let flags = first & 0x0f;
        let fixed_flags = match kind {
            kind::CONNACK | kind::SUBACK | kind::UNSUBACK | kind::PINGRESP => true,
            // §3.3.1.2: never both QoS bits.
            kind::PUBLISH if (first >> 1) & 3 == 3 => return Err(MqttError::BadFlags(first)),
            kind::PUBLISH => false,
            other => return Err(MqttError::UnexpectedType(other)),
        };
        if fixed_flags && flags != 0 {
            return Err(MqttError::BadFlags(first));
        }
        // The remaining length: up to four bytes after the first (§2.2.3).
        let mut len = 0usize;
        let mut header = 1;
        loop {
            let Some(&b) = bytes.get(header) else { return Ok(None) };
            len |= usize::from(b & 0x7f) << (7 * (header - 1));
            header += 1;
            if b & 0x80 == 0 {
                break;
            }
            if header == 5 {
                return Err(MqttError::BadLength);
            }
        }
        // Refused before the body is waited for (and buffered); a PUBLISH is skipped.
        let size = header + len;
        if size > self.max && kind == kind::PUBLISH {
            return Ok(Some((Packet::Dropped { size }, size)));
        }
        if size > self.max {
            return Err(MqttError::TooBig(size));
        }
        let Some(body) = bytes.get(header..size) else { return Ok(None) };
        let p = match kind {
            kind::CONNACK => connack(body)?,
            kind::SUBACK => suback(body)?,
            kind::UNSUBACK => Packet::UnsubAck { packet_id: packet_id(body, 2)? },
            kind::PINGRESP if body.is_empty() => Packet::PingResp,
            kind::PINGRESP => return Err(MqttError::Malformed),
            _ => publish_in(first, body)?,
        };
        Ok(Some((p, size)))
    }
}

/// CONNACK's two bytes (§3.2.2): the acknowledge flags (only bit 0, session present) and the
/// return code; a refusal never has a session present.
fn connack(body: &[u8]) -> Result<Packet, MqttError> {
    let &[flags, code] = body else { return Err(MqttError::Malformed) };
    let code = match code {
        0 => ConnectCode::Accepted,
        1 => ConnectCode::BadProtocolVersion,
        2 => ConnectCode::IdentifierRejected,
        3 => ConnectCode::ServerUnavailable,
        4 => ConnectCode::BadCredentials,
        5 => ConnectCode::NotAuthorized,
        _ => return Err(MqttError::Malformed),
    };
    let session_present = match flags {
        0 => false,
        1 if !code.refused() => true,
        _ => return Err(MqttError::Malformed),
    };
    Ok(Packet::ConnAck { session_present, code })
}

/// A packet identifier in a body of exactly `len` bytes (or, for `len` 0, of at least two).
fn packet_id(body: &[u8], len: usize) -> Result<u16, MqttError> {
    match body {
        [a, b, ..] if len == 0 || body.len() == len => Ok(u16::from_be_bytes([*a, *b])),
        _ => Err(MqttError::Malformed),
    }
}

/// SUBACK (§3.9): the packet identifier and at least one return code.
fn suback(body: &[u8]) -> Result<Packet, MqttError> {
    let packet_id = packet_id(body, 0)?;
    let codes = &body[2..];
    if codes.is_empty() {
        return Err(MqttError::Malformed);
    }
    let granted = codes
        .iter()
        .map(|&c| match c {
            0..=2 => Ok(Grant::Qos(c)),
            0x80 => Ok(Grant::Failure),
            _ => Err(MqttError::Malformed),
        })
        .collect::<Result<_, _>>()?;
    Ok(Packet::SubAck { packet_id, granted })
}

/// PUBLISH (§3.3), its flags checked: the topic name, a packet identifier at QoS 1 and 2 (read
/// from the first byte's bits 2–1), then the payload.
fn publish_in(first: u8, body: &[u8]) -> Result<Packet, MqttError> {
    let qos = (first >> 1) & 3;
    let [a, b, rest @ ..] = body else { return Err(MqttError::Malformed) };
    let n = usize::from(u16::from_be_bytes([*a, *b]));
    let topic = rest.get(..n).ok_or(MqttError::Malformed)?;
    let topic = std::str::from_utf8(topic).map_err(|_| MqttError::Malformed)?;
    // A topic name is never empty and holds no wildcard or U+0000 (§4.7.1, §4.7.3, §1.5.3).
    if topic.is_empty() || topic.contains(['\0', '+', '#']) {
        return Err(MqttError::Malformed);
    }
    let skip = if qos > 0 { 2 } else { 0 };
    let payload = rest.get(n + skip..).ok_or(MqttError::Malformed)?;
    Ok(Packet::Publish { topic: topic.to_string(), payload: payload.to_vec() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every packet in `bytes` (pushed at once), and the error that stopped reading, if any.
    fn read_all(bytes: &[u8]) -> (Vec<Packet>, Option<MqttError>) {
        let mut inbox = Inbox::new(MAX_PACKET);
        let mut out = Vec::new();
        if let Err(e) = inbox.push(bytes) {
            return (out, Some(e));
        }
        loop {
            match inbox.next_packet() {
                Ok(Some(p)) => out.push(p),
                Ok(None) => return (out, None),
                Err(e) => return (out, Some(e)),
            }
        }
    }

    fn one(bytes: &[u8]) -> Result<Packet, MqttError> {
        match read_all(bytes) {
            (p, None) if p.len() == 1 => Ok(p[0].clone()),
            (p, Some(e)) if p.is_empty() => Err(e),
            other => panic!("not one packet: {other:?}"),
        }
    }

    // The byte-exact encodings below (CONNECT "ab", SUBSCRIBE 10, PUBLISH "a/b", PINGREQ,
    // UNSUBSCRIBE 0x0102) are also sent to a real broker by tests/e2e/relay.test.mjs, which
    // checks its answers are the bytes these tests decode.

    #[test]
    fn connect_is_the_bytes_of_the_standard() {
        // §3.1: 0x10, remaining length 14; variable header (§3.1.2): protocol name 00 04 "MQTT",
        // level 4, flags 0x02 (clean session only), keep alive 60 = 00 3C; payload (§3.1.3):
        // the client identifier 00 02 "ab".
        assert_eq!(connect("ab", 60), Ok(vec![0x10, 14, 0, 4, b'M', b'Q', b'T', b'T', 4, 0x02, 0, 60, 0, 2, b'a', b'b']));
        // An empty identifier asks the broker for one (§3.1.3.1); keep alive 0x1234.
        assert_eq!(connect("", 0x1234), Ok(vec![0x10, 12, 0, 4, b'M', b'Q', b'T', b'T', 4, 0x02, 0x12, 0x34, 0, 0]));
        assert_eq!(connect("a\0b", 60), Err(EncodeError::NulChar));
        assert_eq!(connect(&"x".repeat(65_536), 60), Err(EncodeError::TooLong));
        assert!(connect(&"x".repeat(65_535), 60).is_ok());
    }

    #[test]
    fn subscribe_and_unsubscribe_are_the_bytes_of_the_standard() {
        // §3.8: 0x82 (flags 0010), length 2 + (2+3+1) + (2+1+1) = 12, packet id 00 0A, "a/b" QoS 0,
        // "c" QoS 0.
        assert_eq!(subscribe(10, &["a/b", "c"]), Ok(vec![0x82, 12, 0, 10, 0, 3, b'a', b'/', b'b', 0, 0, 1, b'c', 0]));
        // §3.10: 0xA2 (flags 0010), packet id 01 02, "a/b" without a QoS byte.
        assert_eq!(unsubscribe(0x0102, &["a/b"]), Ok(vec![0xA2, 7, 1, 2, 0, 3, b'a', b'/', b'b']));
        // Wildcards as whole levels (§4.7.1.2–3).
        assert!(subscribe(1, &["#", "a/#", "+/b/+", "+"]).is_ok());
        for bad in ["a#", "a/#/b", "a/b+", "+a", "#/"] {
            assert_eq!(subscribe(1, &[bad]), Err(EncodeError::Wildcard), "{bad}");
        }
        assert_eq!(subscribe(0, &["a"]), Err(EncodeError::ZeroPacketId));
        assert_eq!(unsubscribe(0, &["a"]), Err(EncodeError::ZeroPacketId));
        assert_eq!(subscribe(1, &[]), Err(EncodeError::NoFilters));
        assert_eq!(unsubscribe(1, &[]), Err(EncodeError::NoFilters));
        assert_eq!(subscribe(1, &["a", ""]), Err(EncodeError::EmptyTopic));
        assert_eq!(unsubscribe(1, &["a\0"]), Err(EncodeError::NulChar));
    }

    #[test]
    fn publish_ping_and_disconnect_are_the_bytes_of_the_standard() {
        // §3.3: 0x30 (QoS 0, not DUP, not RETAIN), length 2+3+2 = 7, topic 00 03 "a/b", no packet
        // identifier at QoS 0 (§3.3.2.2), payload 01 FF.
        assert_eq!(publish("a/b", &[1, 0xff]), Ok(vec![0x30, 7, 0, 3, b'a', b'/', b'b', 1, 0xff]));
        assert_eq!(publish("t", &[]), Ok(vec![0x30, 3, 0, 1, b't']));
        assert_eq!(pingreq(), [0xC0, 0]); // §3.12
        assert_eq!(disconnect(), [0xE0, 0]); // §3.14
        assert_eq!(publish("", &[1]), Err(EncodeError::EmptyTopic));
        assert_eq!(publish("a/+", &[1]), Err(EncodeError::Wildcard));
        assert_eq!(publish("a/#", &[1]), Err(EncodeError::Wildcard));
        assert_eq!(publish("a\0", &[1]), Err(EncodeError::NulChar));
    }

    #[test]
    fn remaining_lengths_are_written_as_the_standards_table() {
        // §2.2.3, table 2.4: the first and last length of one to four bytes.
        let cases: [(usize, &[u8]); 8] = [
            (0, &[0x00]),
            (127, &[0x7F]),
            (128, &[0x80, 0x01]),
            (16_383, &[0xFF, 0x7F]),
            (16_384, &[0x80, 0x80, 0x01]),
            (2_097_151, &[0xFF, 0xFF, 0x7F]),
            (2_097_152, &[0x80, 0x80, 0x80, 0x01]),
            (268_435_455, &[0xFF, 0xFF, 0xFF, 0x7F]),
        ];
        for (n, bytes) in cases {
            let mut out = Vec::new();
            put_length(&mut out, n);
            assert_eq!(out, bytes, "{n}");
        }
        // A publish of 200 payload bytes: length 2+1+200 = 203 = 0xCB 0x01.
        let p = publish("t", &[7; 200]).expect("fits");
        assert_eq!(&p[..5], [0x30, 0xCB, 0x01, 0, 1]);
        assert_eq!(p.len(), 3 + 203);
    }

    #[test]
    fn a_brokers_packets_read_as_typed_packets() {
        // §3.2: CONNACK 20 02, flags, code.
        assert_eq!(one(&[0x20, 2, 0, 0]), Ok(Packet::ConnAck { session_present: false, code: ConnectCode::Accepted }));
        assert_eq!(one(&[0x20, 2, 1, 0]), Ok(Packet::ConnAck { session_present: true, code: ConnectCode::Accepted }));
        let refusals = [ConnectCode::BadProtocolVersion, ConnectCode::IdentifierRejected, ConnectCode::ServerUnavailable, ConnectCode::BadCredentials, ConnectCode::NotAuthorized];
        for (i, code) in refusals.into_iter().enumerate() {
            assert_eq!(one(&[0x20, 2, 0, i as u8 + 1]), Ok(Packet::ConnAck { session_present: false, code }));
            assert!(code.refused());
        }
        assert!(!ConnectCode::Accepted.refused());
        // §3.9: SUBACK 90, packet id, one return code per filter.
        assert_eq!(one(&[0x90, 5, 0, 10, 0, 1, 0x80]), Ok(Packet::SubAck { packet_id: 10, granted: vec![Grant::Qos(0), Grant::Qos(1), Grant::Failure] }));
        // §3.11: UNSUBACK B0 02, packet id.
        assert_eq!(one(&[0xB0, 2, 1, 2]), Ok(Packet::UnsubAck { packet_id: 0x0102 }));
        // §3.13: PINGRESP D0 00.
        assert_eq!(one(&[0xD0, 0]), Ok(Packet::PingResp));
        // §3.3: PUBLISH at QoS 0, retained (RETAIN bit 0), an empty payload.
        assert_eq!(one(&[0x31, 4, 0, 2, b'a', b'b']), Ok(Packet::Publish { topic: "ab".into(), payload: vec![] }));
        // QoS 1 (0x32) and QoS 2 with DUP (0x3C): the packet id 00 07 is skipped.
        for first in [0x32, 0x3C] {
            assert_eq!(one(&[first, 7, 0, 1, b't', 0, 7, 9, 8]), Ok(Packet::Publish { topic: "t".into(), payload: vec![9, 8] }));
        }
    }

    #[test]
    fn what_the_encoders_write_reads_back() {
        // A broker forwards a publish as it came (same first byte at QoS 0): it reads back exactly.
        for (topic, payload) in [("a/b", vec![]), ("x", vec![0; 300]), ("lö/wen", (0..=255).collect())] {
            let bytes = publish(topic, &payload).expect("valid");
            assert_eq!(one(&bytes), Ok(Packet::Publish { topic: topic.into(), payload }));
        }
        // The client's own packets are never a broker's.
        for own in [connect("c", 30).expect("ok"), subscribe(1, &["a"]).expect("ok"), unsubscribe(1, &["a"]).expect("ok"), pingreq().to_vec(), disconnect().to_vec()] {
            assert_eq!(one(&own), Err(MqttError::UnexpectedType(own[0] >> 4)));
        }
    }

    /// Bytes of several packets back to back.
    fn stream() -> (Vec<u8>, Vec<Packet>) {
        let mut bytes = vec![0x20, 2, 0, 0, 0x90, 3, 0, 1, 0];
        bytes.extend(publish("room/1", &[5; 200]).expect("ok"));
        bytes.extend([0xD0, 0]);
        bytes.extend(publish("room/2", b"hi").expect("ok"));
        bytes.extend([0xB0, 2, 0, 2]);
        let packets = vec![
            Packet::ConnAck { session_present: false, code: ConnectCode::Accepted },
            Packet::SubAck { packet_id: 1, granted: vec![Grant::Qos(0)] },
            Packet::Publish { topic: "room/1".into(), payload: vec![5; 200] },
            Packet::PingResp,
            Packet::Publish { topic: "room/2".into(), payload: b"hi".to_vec() },
            Packet::UnsubAck { packet_id: 2 },
        ];
        (bytes, packets)
    }

    #[test]
    fn packets_split_across_frames_or_merged_in_one_read_the_same() {
        let (bytes, packets) = stream();
        assert_eq!(read_all(&bytes), (packets.clone(), None), "all in one frame");
        // Every way of cutting the stream in two, and one byte a frame.
        for cut in 0..=bytes.len() {
            let mut inbox = Inbox::new(MAX_PACKET);
            let mut got = Vec::new();
            for part in [&bytes[..cut], &bytes[cut..]] {
                inbox.push(part).expect("no error");
                while let Some(p) = inbox.next_packet().expect("no error") {
                    got.push(p);
                }
            }
            assert_eq!(got, packets, "cut at {cut}");
        }
        let mut inbox = Inbox::new(MAX_PACKET);
        let mut got = Vec::new();
        for b in &bytes {
            inbox.push(&[*b]).expect("no error");
            while let Some(p) = inbox.next_packet().expect("no error") {
                got.push(p);
            }
        }
        assert_eq!(got, packets, "a byte a frame");
        // A remaining length split after its first byte (0xCB | 0x01): nothing until it is whole.
        let p = publish("t", &[1; 200]).expect("ok");
        let mut inbox = Inbox::new(MAX_PACKET);
        inbox.push(&p[..2]).expect("ok");
        assert_eq!(inbox.next_packet(), Ok(None));
        inbox.push(&p[2..]).expect("ok");
        assert!(matches!(inbox.next_packet(), Ok(Some(Packet::Publish { .. }))));
        assert_eq!(inbox.next_packet(), Ok(None));
    }

    #[test]
    fn a_packet_over_the_maximum_is_refused_as_soon_as_its_length_is_read() {
        let mut inbox = Inbox::new(100);
        // A SUBACK (0x90) of length 200 (0xC8 0x01): refused with only the header in hand.
        inbox.push(&[0x90, 0xC8, 0x01]).expect("ok");
        assert_eq!(inbox.next_packet(), Err(MqttError::TooBig(203)));
        assert_eq!(inbox.push(&[0xD0, 0]), Err(MqttError::TooBig(203)), "no input after an error");
        assert_eq!(inbox.next_packet(), Err(MqttError::TooBig(203)));
        assert_eq!(inbox.failed(), Some(MqttError::TooBig(203)));
        // Exactly the maximum is accepted.
        let p = publish("t", &[0; 95]).expect("ok");
        assert_eq!(p.len(), 100);
        let mut inbox = Inbox::new(100);
        inbox.push(&p).expect("ok");
        assert!(matches!(inbox.next_packet(), Ok(Some(Packet::Publish { .. }))));
        assert_eq!(inbox.failed(), None);
        // The largest length MQTT can write, from a hostile broker.
        assert_eq!(one(&[0x90, 0xFF, 0xFF, 0xFF, 0x7F]), Err(MqttError::TooBig(268_435_460)));
        // A PUBLISH of it is skipped as it streams: nothing of it is kept.
        let mut inbox = Inbox::new(100);
        inbox.push(&[0x30, 0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3]).expect("ok");
        assert_eq!(inbox.next_packet(), Ok(Some(Packet::Dropped { size: 268_435_460 })));
        assert_eq!(inbox.next_packet(), Ok(None));
        inbox.push(&[0; 4096]).expect("ok");
        assert_eq!(inbox.buffered(), 0);
        assert_eq!(inbox.failed(), None);
    }

    /// A stranger on a public broker (no key needed) publishes one message of 70 kB on a
    /// table's topic: every device must go on reading the broker's next packets.
    #[test]
    fn an_oversized_publish_is_skipped_and_the_relay_reads_on() {
        let big = publish("t", &vec![7; 70_000]).expect("ok");
        let small = publish("t", &[1, 2, 3]).expect("ok");
        let stream = [big, small, vec![0xD0, 0]].concat();
        for chunk in [1, 1000, 16 * 1024, stream.len()] {
            let mut inbox = Inbox::new(MAX_PACKET);
            let (mut got, mut most) = (Vec::new(), 0);
            for c in stream.chunks(chunk) {
                inbox.push(c).expect("the relay kept");
                most = most.max(inbox.buffered());
                while let Some(p) = inbox.next_packet().expect("the relay kept") {
                    got.push(p);
                }
            }
            assert_eq!(got, [Packet::Dropped { size: 70_007 }, Packet::Publish { topic: "t".into(), payload: vec![1, 2, 3] }, Packet::PingResp], "chunks of {chunk}");
            assert!(most <= MAX_PACKET.max(chunk), "{most} bytes held in chunks of {chunk}");
        }
    }

    #[test]
    fn a_refused_or_foreign_suback_is_no_subscription() {
        let sub = |packet_id: u16, granted: Vec<Grant>| Packet::SubAck { packet_id, granted };
        assert!(subscribed(&sub(1, vec![Grant::Qos(0)]), 1));
        assert!(subscribed(&sub(1, vec![Grant::Qos(1)]), 1), "a higher QoS granted is a subscription still");
        assert!(!subscribed(&sub(1, vec![Grant::Failure]), 1), "0x80: refused");
        assert!(!subscribed(&sub(2, vec![Grant::Qos(0)]), 1), "the answer to another SUBSCRIBE");
        assert!(!subscribed(&sub(1, vec![Grant::Qos(0), Grant::Qos(0)]), 1), "we asked for one filter");
        assert!(!subscribed(&Packet::PingResp, 1));
        assert_eq!(one(&[0x90, 3, 0, 1, 0x80]).map(|p| subscribed(&p, 1)), Ok(false));
    }

    #[test]
    fn a_silent_broker_is_dead_within_a_keep_alive_and_a_half() {
        const KA: u16 = 30;
        let t0 = 1_000_000;
        // A broker that answers every ping stays alive.
        let mut live = Liveness::new(KA, t0);
        let mut pings = 0;
        for s in (15..=600).step_by(15) {
            let now = t0 + s * 1000;
            match live.tick(now) {
                Tick::Ping => {
                    pings += 1;
                    live.heard(now + 200);
                }
                Tick::Wait => {}
                Tick::Dead => panic!("dead at {s} s"),
            }
        }
        assert_eq!(pings, 20);
        // One that stops answering after its first PINGRESP.
        let mut live = Liveness::new(KA, t0);
        assert_eq!(live.tick(t0 + 15_000), Tick::Wait);
        assert_eq!(live.tick(t0 + 30_000), Tick::Ping);
        live.heard(t0 + 30_100);
        assert_eq!(live.tick(t0 + 45_000), Tick::Wait);
        assert_eq!(live.tick(t0 + 60_000), Tick::Ping);
        assert_eq!(live.tick(t0 + 74_999), Tick::Wait);
        assert_eq!(live.tick(t0 + 75_000), Tick::Dead, "a ping unanswered for half the keep-alive");
        // Publishes keep it alive without pings answered; nothing at all for 45 s is dead.
        let mut live = Liveness::new(KA, t0);
        live.heard(t0 + 10_000);
        assert_eq!(live.tick(t0 + 54_999), Tick::Ping);
        live.heard(t0 + 55_000);
        assert_eq!(live.tick(t0 + 100_000), Tick::Dead);
        // A clock that goes back breaks nothing.
        let mut live = Liveness::new(KA, t0);
        assert_eq!(live.tick(t0 - 5000), Tick::Wait);
    }

    #[test]
    fn every_malformed_packet_is_refused_by_name_and_stops_the_inbox() {
        let cases: [(&[u8], MqttError); 23] = [
            // §2.2.3: a fourth length byte still saying "more".
            (&[0x30, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], MqttError::BadLength),
            (&[0x30, 0x80, 0x80, 0x80, 0x80], MqttError::BadLength),
            // Types a broker never sends a QoS 0 client: reserved 0 and 15, PUBACK … PUBCOMP, the client's.
            (&[0x00, 0], MqttError::UnexpectedType(0)),
            (&[0xF0, 0], MqttError::UnexpectedType(15)),
            (&[0x40, 2, 0, 1], MqttError::UnexpectedType(4)),
            (&[0x62, 2, 0, 1], MqttError::UnexpectedType(6)),
            (&[0x82, 0], MqttError::UnexpectedType(8)),
            // §2.2.2: reserved flags.
            (&[0x21, 2, 0, 0], MqttError::BadFlags(0x21)),
            (&[0x98, 3, 0, 1, 0], MqttError::BadFlags(0x98)),
            (&[0xB2, 2, 0, 1], MqttError::BadFlags(0xB2)),
            (&[0xD1, 0], MqttError::BadFlags(0xD1)),
            // §3.3.1.2: both QoS bits set.
            (&[0x36, 3, 0, 1, b't'], MqttError::BadFlags(0x36)),
            // CONNACK: wrong length, reserved flag bits, a code past 5, a session with a refusal.
            (&[0x20, 1, 0], MqttError::Malformed),
            (&[0x20, 2, 2, 0], MqttError::Malformed),
            (&[0x20, 2, 0, 6], MqttError::Malformed),
            (&[0x20, 2, 1, 5], MqttError::Malformed),
            // SUBACK without codes or with an undefined one; UNSUBACK and PINGRESP of wrong lengths.
            (&[0x90, 2, 0, 1], MqttError::Malformed),
            (&[0x90, 3, 0, 1, 3], MqttError::Malformed),
            (&[0xB0, 3, 0, 1, 0], MqttError::Malformed),
            (&[0xD0, 1, 0], MqttError::Malformed),
            // PUBLISH: a topic longer than the packet, not UTF-8, empty, with a wildcard.
            (&[0x30, 3, 0, 5, b't'], MqttError::Malformed),
            (&[0x30, 3, 0, 1, 0xFF], MqttError::Malformed),
            (&[0x30, 2, 0, 0], MqttError::Malformed),
        ];
        for (bytes, err) in cases {
            assert_eq!(one(bytes), Err(err), "{bytes:02X?}");
        }
        for bytes in [&[0x30, 4, 0, 2, b'a', b'#'][..], &[0x30, 4, 0, 2, b'a', 0], &[0x32, 4, 0, 1, b't', 0], &[0x30, 1, 0]] {
            assert_eq!(one(bytes), Err(MqttError::Malformed), "{bytes:02X?}");
        }
        // Good packets before a bad one are delivered; the error then stays.
        let mut inbox = Inbox::new(MAX_PACKET);
        inbox.push(&[0xD0, 0, 0xD0, 0, 0x00, 0, 0xD0, 0]).expect("ok");
        assert_eq!(inbox.next_packet(), Ok(Some(Packet::PingResp)));
        assert_eq!(inbox.next_packet(), Ok(Some(Packet::PingResp)));
        assert_eq!(inbox.next_packet(), Err(MqttError::UnexpectedType(0)));
        assert_eq!(inbox.next_packet(), Err(MqttError::UnexpectedType(0)));
        assert_eq!(inbox.push(&[0xD0, 0]), Err(MqttError::UnexpectedType(0)));
        // A bad type or bad flags are refused from the first byte, without waiting for the rest.
        for (first, err) in [(0x10, MqttError::UnexpectedType(1)), (0x36, MqttError::BadFlags(0x36)), (0xD2, MqttError::BadFlags(0xD2))] {
            let mut inbox = Inbox::new(MAX_PACKET);
            inbox.push(&[first]).expect("ok");
            assert_eq!(inbox.next_packet(), Err(err));
        }
    }

    /// xorshift64: the same "random" bytes every run.
    fn rng(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn random_bytes_truncations_and_splits_never_panic() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let (good, _) = stream();
        for round in 0..20_000 {
            // Random bytes (biased to small lengths and real first bytes), or the good stream
            // truncated and with bytes changed.
            let bytes: Vec<u8> = if round % 2 == 0 {
                let n = (rng(&mut x) % 64) as usize;
                (0..n).map(|i| if i % 7 == 0 { [0x20, 0x30, 0x32, 0x90, 0xB0, 0xD0][(rng(&mut x) % 6) as usize] } else { rng(&mut x) as u8 }).collect()
            } else {
                let mut b = good[..(rng(&mut x) as usize) % (good.len() + 1)].to_vec();
                for _ in 0..(rng(&mut x) % 4) {
                    if !b.is_empty() {
                        let i = (rng(&mut x) as usize) % b.len();
                        b[i] = rng(&mut x) as u8;
                    }
                }
                b
            };
            // Whole, and in random pieces: the same packets and the same error either way.
            let whole = read_all(&bytes);
            let mut inbox = Inbox::new(if round % 3 == 0 { 40 } else { MAX_PACKET });
            let small = round % 3 == 0;
            let mut got = Vec::new();
            let mut err = None;
            let mut at = 0;
            while at < bytes.len() && err.is_none() {
                let n = 1 + (rng(&mut x) as usize) % 9;
                let end = (at + n).min(bytes.len());
                if let Err(e) = inbox.push(&bytes[at..end]) {
                    err = Some(e);
                }
                at = end;
                loop {
                    match inbox.next_packet() {
                        Ok(Some(p)) => got.push(p),
                        Ok(None) => break,
                        Err(e) => {
                            err = Some(e);
                            break;
                        }
                    }
                }
            }
            if !small {
                assert_eq!((got, err), whole, "{bytes:02X?}");
            }
        }
    }
}
