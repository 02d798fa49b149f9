//! A session description (SDP) of a data-channel-only WebRTC connection, packed small for a link
//! and a QR code: only what differs between two connections travels — the ICE user fragment and
//! password, the DTLS fingerprint (32 bytes instead of 95 characters), the DTLS role, the SCTP
//! port and message size, and the candidates (an mDNS name as its 16-byte UUID, an IPv4 address as
//! 4 bytes); the other side writes the rest of the description back from a template. A
//! description that doesn't fit that shape (another browser's way of writing one, a media line)
//! travels whole instead, so packing never loses a connection.

use super::wire::{Reader, Wire, WireError, Writer};

/// One ICE candidate.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Candidate {
    foundation: String,
    component: u8,
    tcp: bool,
    priority: u32,
    address: String,
    port: u16,
    kind: u8,
    /// The related address and port (server-reflexive and relayed candidates).
    related: Option<(String, u16)>,
    /// A TCP candidate's type (`active`, `passive`, `so`).
    tcp_type: Option<String>,
}

const KINDS: [&str; 4] = ["host", "srflx", "prflx", "relay"];
const ROLES: [&str; 3] = ["actpass", "active", "passive"];

/// What differs between two data-channel descriptions.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Packed {
    ufrag: String,
    pwd: String,
    fingerprint: [u8; 32],
    role: u8,
    sctp_port: u16,
    max_message: u32,
    candidates: Vec<Candidate>,
}

/// An address: an mDNS name of a UUID, IPv4, or any other text.
fn put_address(w: &mut Writer, a: &str) {
    if let Some(uuid) = a.strip_suffix(".local").and_then(uuid_bytes) {
        w.byte(0);
        w.bytes.extend_from_slice(&uuid);
    } else if let Ok(ip) = a.parse::<std::net::Ipv4Addr>() {
        w.byte(1);
        w.bytes.extend_from_slice(&ip.octets());
    } else {
        w.byte(2);
        w.put(&a.to_string());
    }
}

fn take_address(r: &mut Reader) -> Result<String, WireError> {
    Ok(match r.byte()? {
        0 => {
            let b = r.raw(16)?;
            let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
            format!("{}-{}-{}-{}-{}.local", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
        }
        1 => {
            let b = r.raw(4)?;
            std::net::Ipv4Addr::new(b[0], b[1], b[2], b[3]).to_string()
        }
        2 => r.take()?,
        _ => return Err(WireError::BadValue),
    })
}

/// The 16 bytes of a lower-case UUID written 8-4-4-4-12 (`None` for anything else, so it reads
/// back exactly).
fn uuid_bytes(s: &str) -> Option<[u8; 16]> {
    let parts: Vec<&str> = s.split('-').collect();
    if parts.iter().map(|p| p.len()).collect::<Vec<_>>() != [8, 4, 4, 4, 12] || s.bytes().any(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let hex: String = parts.concat();
    let mut out = [0u8; 16];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

impl Wire for Candidate {
    fn put(&self, w: &mut Writer) {
        w.put(&self.foundation);
        w.byte(self.component);
        w.byte(u8::from(self.tcp) | self.kind << 1 | u8::from(self.related.is_some()) << 3 | u8::from(self.tcp_type.is_some()) << 4);
        w.put(&self.priority);
        put_address(w, &self.address);
        w.put(&self.port);
        if let Some((a, p)) = &self.related {
            put_address(w, a);
            w.put(p);
        }
        if let Some(t) = &self.tcp_type {
            w.put(t);
        }
    }

    fn take(r: &mut Reader) -> Result<Self, WireError> {
        let foundation = r.take()?;
        let component = r.byte()?;
        let flags = r.byte()?;
        let (tcp, kind) = (flags & 1 == 1, flags >> 1 & 3);
        let priority = r.take()?;
        let address = take_address(r)?;
        let port = r.take()?;
        let related = if flags & 8 != 0 { Some((take_address(r)?, r.take()?)) } else { None };
        let tcp_type = if flags & 16 != 0 { Some(r.take()?) } else { None };
        Ok(Candidate { foundation, component, tcp, priority, address, port, kind, related, tcp_type })
    }
}

/// Reads `a=candidate:` lines' values; `None` for a shape not written back the same way.
fn candidate(v: &str) -> Option<Candidate> {
    let f: Vec<&str> = v.split(' ').collect();
    if f.len() < 8 || f[6] != "typ" {
        return None;
    }
    let tcp = match f[2].to_ascii_lowercase().as_str() {
        "udp" => false,
        "tcp" => true,
        _ => return None,
    };
    let kind = KINDS.iter().position(|k| *k == f[7])? as u8;
    let mut c = Candidate { foundation: f[0].into(), component: f[1].parse().ok()?, tcp, priority: f[3].parse().ok()?, address: f[4].into(), port: f[5].parse().ok()?, kind, related: None, tcp_type: None };
    let mut rest = f[8..].chunks(2);
    let (mut raddr, mut rport) = (None, None);
    for pair in rest.by_ref() {
        match pair {
            ["raddr", a] => raddr = Some(a.to_string()),
            ["rport", p] => rport = Some(p.parse().ok()?),
            ["tcptype", t] => c.tcp_type = Some(t.to_string()),
            // Generation, network id and cost: hints the other side does without.
            [_, _] => {}
            _ => return None,
        }
    }
    c.related = match (raddr, rport) {
        (Some(a), Some(p)) => Some((a, p)),
        (None, None) => None,
        _ => return None,
    };
    Some(c)
}

pub(crate) fn fingerprint(v: &str) -> Option<[u8; 32]> {
    let hex = v.strip_prefix("sha-256 ")?;
    let bytes: Vec<u8> = hex.split(':').map(|h| u8::from_str_radix(h, 16).ok().filter(|_| h.len() == 2)).collect::<Option<_>>()?;
    bytes.try_into().ok()
}

/// What travels of a description, if it has the shape of a data-channel-only one.
fn pack_of(sdp: &str) -> Option<Packed> {
    let mut p = Packed { ufrag: String::new(), pwd: String::new(), fingerprint: [0; 32], role: 0, sctp_port: 5000, max_message: 262_144, candidates: Vec::new() };
    let (mut fp, mut role, mut media) = (false, false, 0);
    for line in sdp.lines() {
        let line = line.trim_end_matches('\r');
        if let Some(m) = line.strip_prefix("m=") {
            media += 1;
            if m.split(' ').next() != Some("application") || !m.ends_with("webrtc-datachannel") {
                return None;
            }
        } else if let Some(v) = line.strip_prefix("a=candidate:") {
            p.candidates.push(candidate(v)?);
        } else if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
            p.ufrag = v.into();
        } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
            p.pwd = v.into();
        } else if let Some(v) = line.strip_prefix("a=fingerprint:") {
            p.fingerprint = fingerprint(v)?;
            fp = true;
        } else if let Some(v) = line.strip_prefix("a=setup:") {
            p.role = ROLES.iter().position(|r| *r == v)? as u8;
            role = true;
        } else if let Some(v) = line.strip_prefix("a=sctp-port:") {
            p.sctp_port = v.parse().ok()?;
        } else if let Some(v) = line.strip_prefix("a=max-message-size:") {
            p.max_message = v.parse().ok()?;
        }
    }
    (media == 1 && fp && role && !p.ufrag.is_empty() && !p.pwd.is_empty()).then_some(p)
}

fn address_ok(a: &str) -> bool {
    !a.is_empty() && a.len() <= 255 && a.bytes().all(|b| b.is_ascii_graphic())
}

/// The description written back from what travelled.
fn write(p: &Packed) -> Option<String> {
    let token = |s: &str| !s.is_empty() && s.len() <= 256 && s.bytes().all(|b| b.is_ascii_graphic());
    if !token(&p.ufrag) || !token(&p.pwd) || usize::from(p.role) >= ROLES.len() || p.candidates.len() > 32 {
        return None;
    }
    let mut s = String::from("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n");
    for c in &p.candidates {
        if !token(&c.foundation) || !address_ok(&c.address) || c.related.as_ref().is_some_and(|(a, _)| !address_ok(a)) || c.tcp_type.as_deref().is_some_and(|t| !token(t)) {
            return None;
        }
        let kind = KINDS.get(usize::from(c.kind))?;
        s += &format!("a=candidate:{} {} {} {} {} {} typ {kind}", c.foundation, c.component, if c.tcp { "tcp" } else { "udp" }, c.priority, c.address, c.port);
        if let Some((a, port)) = &c.related {
            s += &format!(" raddr {a} rport {port}");
        }
        if let Some(t) = &c.tcp_type {
            s += &format!(" tcptype {t}");
        }
        s += "\r\n";
    }
    let fp: Vec<String> = p.fingerprint.iter().map(|b| format!("{b:02X}")).collect();
    s += &format!(
        "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=ice-options:trickle\r\na=fingerprint:sha-256 {}\r\na=setup:{}\r\na=mid:0\r\na=sctp-port:{}\r\na=max-message-size:{}\r\n",
        p.ufrag,
        p.pwd,
        fp.join(":"),
        ROLES[usize::from(p.role)],
        p.sctp_port,
        p.max_message
    );
    Some(s)
}

/// Writes a description: packed when it has the shape of a data-channel-only one, else whole.
pub fn put(w: &mut Writer, sdp: &str) {
    match pack_of(sdp) {
        Some(p) => {
            w.byte(1);
            w.put(&p.ufrag);
            w.put(&p.pwd);
            w.bytes.extend_from_slice(&p.fingerprint);
            w.byte(p.role);
            w.put(&p.sctp_port);
            w.put(&p.max_message);
            w.put(&p.candidates);
        }
        None => {
            w.byte(0);
            w.put(&sdp.to_string());
        }
    }
}

/// Reads a description written by [`put`].
///
/// # Errors
/// Bytes that don't hold one.
pub fn take(r: &mut Reader) -> Result<String, WireError> {
    match r.byte()? {
        0 => r.take(),
        1 => {
            let (ufrag, pwd) = (r.take()?, r.take()?);
            let fingerprint: [u8; 32] = r.raw(32)?.try_into().map_err(|_| WireError::Truncated)?;
            let p = Packed { ufrag, pwd, fingerprint, role: r.byte()?, sctp_port: r.take()?, max_message: r.take()?, candidates: r.take()? };
            write(&p).ok_or(WireError::BadValue)
        }
        _ => Err(WireError::BadValue),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An offer as Chromium 14x writes it (host candidates behind mDNS names).
    const OFFER: &str = "v=0\r\no=- 893432577537737218 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\na=candidate:3618316573 1 udp 2113937151 f0d8cbba-3412-4b37-8190-4d4f817cd183.local 34038 typ host generation 0 network-cost 999\r\na=candidate:3503902125 1 udp 2113942271 6789f782-0931-4fb9-b009-9648d8452d98.local 56729 typ host generation 0 network-cost 999\r\na=candidate:842163049 1 udp 1677729535 203.0.113.7 61234 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-cost 999\r\na=ice-ufrag:/Mo9\r\na=ice-pwd:a0uK0hMOEr+TEHR9OFLpgefs\r\na=ice-options:trickle\r\na=fingerprint:sha-256 B7:05:25:31:2A:09:21:09:3A:69:F8:DC:3B:99:AD:A2:59:E7:1A:C8:90:B2:91:E9:64:34:16:0C:CC:4F:D7:76\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    fn round_trip(sdp: &str) -> (String, usize) {
        let mut w = Writer::default();
        put(&mut w, sdp);
        let mut r = Reader::new(&w.bytes);
        let back = take(&mut r).unwrap();
        r.end().unwrap();
        (back, w.bytes.len())
    }

    #[test]
    fn a_data_channel_offer_travels_in_a_fifth_of_its_text_and_keeps_what_connects() {
        let (back, size) = round_trip(OFFER);
        assert!(size * 4 < OFFER.len(), "{size} bytes for {} of text", OFFER.len());
        for kept in [
            "a=candidate:3618316573 1 udp 2113937151 f0d8cbba-3412-4b37-8190-4d4f817cd183.local 34038 typ host",
            "a=candidate:842163049 1 udp 1677729535 203.0.113.7 61234 typ srflx raddr 0.0.0.0 rport 0",
            "a=ice-ufrag:/Mo9\r\n",
            "a=ice-pwd:a0uK0hMOEr+TEHR9OFLpgefs\r\n",
            "a=fingerprint:sha-256 B7:05:25:31:2A:09:21:09:3A:69:F8:DC:3B:99:AD:A2:59:E7:1A:C8:90:B2:91:E9:64:34:16:0C:CC:4F:D7:76\r\n",
            "a=setup:actpass\r\n",
            "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n",
            "a=sctp-port:5000\r\n",
        ] {
            assert!(back.contains(kept), "{kept:?} missing from\n{back}");
        }
        // Written back, it packs to the same bytes (nothing drifts on a second trip).
        let (again, _) = round_trip(&back);
        assert_eq!(again, back);
    }

    #[test]
    fn a_description_of_another_shape_travels_whole() {
        for other in ["v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n", "not a description", "v=0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\na=setup:actpass\r\n"] {
            assert_eq!(round_trip(other).0, other);
        }
        let odd_candidate = OFFER.replace("typ host generation 0 network-cost 999\r\na=candidate:3503902125", "typ host generation\r\na=candidate:3503902125");
        assert_eq!(round_trip(&odd_candidate).0, odd_candidate, "a candidate line it can't write back the same way");
    }

    #[test]
    fn scrambled_packed_descriptions_never_panic() {
        let mut w = Writer::default();
        put(&mut w, OFFER);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..5000 {
            let mut b = w.bytes.clone();
            for _ in 0..3 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let i = (x as usize) % b.len();
                b[i] = (x >> 40) as u8;
            }
            let _ = take(&mut Reader::new(&b));
        }
    }
}
