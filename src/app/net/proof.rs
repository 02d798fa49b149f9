//! How a friend's device proves it holds its seat's token without saying it (issue 40).
//!
//! A seat's token is given once, over the encrypted data channel (the host's welcome), or by
//! hand in an invite; it never travels through a relay. When a device comes back, its hello
//! carries an HMAC-SHA-256 of the connection keyed by the token: the game's tag, the seat and
//! both ends' DTLS fingerprints (from the two descriptions, which the browsers check against
//! the certificates of the data channel). Every connection has certificates of its own, so a
//! proof recorded on one connection is worth nothing on another, and a device that is not at
//! both ends can't make one.
//!
//! Relay messages are signed (ECDSA P-256 in the browser); a signer is named here by the first
//! 16 bytes of SHA-256 of its public key ([`KeyId`]).

use super::wire::{Reader, Wire, WireError, Writer};
use crate::engine::Colour;
use sha2::{Digest, Sha256};

/// The DTLS fingerprint (SHA-256) of one end of a connection, as its description says it.
pub type DtlsFingerprint = [u8; 32];

/// The two ends of one data channel, by their DTLS fingerprints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Binding {
    /// The host's end (its offer's fingerprint).
    pub host: DtlsFingerprint,
    /// The friend's end (its answer's fingerprint).
    pub friend: DtlsFingerprint,
}

impl Binding {
    /// The binding of the connection described by the host's `offer` and the friend's `answer`
    /// (`None`: a description without a SHA-256 fingerprint).
    pub fn of(offer: &str, answer: &str) -> Option<Binding> {
        Some(Binding { host: dtls_fingerprint(offer)?, friend: dtls_fingerprint(answer)? })
    }
}

/// The SHA-256 DTLS fingerprint a description names (`a=fingerprint:sha-256 …`).
pub fn dtls_fingerprint(sdp: &str) -> Option<DtlsFingerprint> {
    sdp.lines().find_map(|l| l.trim_end().strip_prefix("a=fingerprint:")).and_then(super::sdp::fingerprint)
}

/// A seat's proof that it holds its token: an HMAC-SHA-256 of the connection.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Proof(pub [u8; 32]);

impl Wire for Proof {
    fn put(&self, w: &mut Writer) {
        w.bytes.extend_from_slice(&self.0);
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        let b = r.raw(32)?;
        Ok(Proof(b.try_into().map_err(|_| WireError::Truncated)?))
    }
}

/// HMAC-SHA-256 (RFC 2104) of the concatenated `parts` under `key` (at most one block long:
/// a token's 8 bytes here).
fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut block = [0u8; 64];
    block[..key.len().min(64)].copy_from_slice(&key[..key.len().min(64)]);
    let pad = |b: u8| block.map(|k| k ^ b);
    let mut inner = Sha256::new();
    inner.update(pad(0x36));
    for p in parts {
        inner.update(p);
    }
    let mut outer = Sha256::new();
    outer.update(pad(0x5c));
    outer.update(inner.finalize());
    outer.finalize().into()
}

fn mac(token: u64, tag: u32, seat: Colour, b: &Binding) -> [u8; 32] {
    hmac_sha256(&token.to_le_bytes(), &[b"loewenherz seat proof 1", &tag.to_le_bytes(), &[seat.index() as u8], &b.host, &b.friend])
}

/// The proof of holding `token` for `seat` of the game tagged `tag`, on the connection `b`.
pub fn prove(token: u64, tag: u32, seat: Colour, b: &Binding) -> Proof {
    Proof(mac(token, tag, seat, b))
}

/// Whether `proof` shows `token` for `seat` on connection `b` (compared in constant time: every
/// byte is looked at, whatever differs).
pub fn verify(proof: &Proof, token: u64, tag: u32, seat: Colour, b: &Binding) -> bool {
    mac(token, tag, seat, b).iter().zip(proof.0).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// Who signed a relay message: the first 16 bytes of SHA-256 of its public key (raw, 65
/// bytes for P-256). The host's is in the table link and the watch link.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct KeyId(pub [u8; 16]);

impl KeyId {
    /// The id of public key `raw`.
    pub fn of(raw: &[u8]) -> KeyId {
        let h = Sha256::digest(raw);
        let mut id = [0u8; 16];
        id.copy_from_slice(&h[..16]);
        KeyId(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fp(n: u8) -> DtlsFingerprint {
        [n; 32]
    }

    #[test]
    fn a_proof_holds_for_its_token_seat_game_and_connection_only() {
        let b = Binding { host: fp(1), friend: fp(2) };
        let p = prove(42, 7, Colour::Blue, &b);
        assert!(verify(&p, 42, 7, Colour::Blue, &b));
        assert!(!verify(&p, 43, 7, Colour::Blue, &b), "another token");
        assert!(!verify(&p, 42, 8, Colour::Blue, &b), "another game");
        assert!(!verify(&p, 42, 7, Colour::Red, &b), "another seat");
        assert!(!verify(&p, 42, 7, Colour::Blue, &Binding { host: fp(1), friend: fp(3) }), "recorded and played on another connection");
        assert!(!verify(&p, 42, 7, Colour::Blue, &Binding { host: fp(4), friend: fp(2) }), "relayed to another host");
        let mut bent = p;
        bent.0[31] ^= 1;
        assert!(!verify(&bent, 42, 7, Colour::Blue, &b));
    }

    #[test]
    fn the_fingerprints_are_read_from_both_descriptions() {
        let line = |n: u8| format!("v=0\r\na=fingerprint:sha-256 {}\r\na=setup:actpass\r\n", vec![format!("{n:02X}"); 32].join(":"));
        assert_eq!(Binding::of(&line(0xAB), &line(0x01)), Some(Binding { host: [0xAB; 32], friend: [1; 32] }));
        assert_eq!(dtls_fingerprint("v=0\r\na=fingerprint:sha-1 AB:CD\r\n"), None, "only SHA-256 is taken");
        assert_eq!(dtls_fingerprint("v=0\r\n"), None);
    }

    #[test]
    fn hmac_is_rfc_4231s() {
        // RFC 4231, test cases 1 and 2.
        let hex = |b: [u8; 32]| b.iter().map(|b| format!("{b:02x}")).collect::<String>();
        assert_eq!(hex(hmac_sha256(&[0x0b; 20], &[b"Hi There"])), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
        assert_eq!(hex(hmac_sha256(b"Jefe", &[b"what do ya want ", b"for nothing?"])), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    #[test]
    fn a_key_is_named_by_its_hash() {
        let a = KeyId::of(&[4u8; 65]);
        assert_eq!(a, KeyId::of(&[4u8; 65]));
        assert_ne!(a, KeyId::of(&[5u8; 65]));
        // SHA-256("abc") begins ba7816bf 8f01cfea 414140de 5dae2223.
        assert_eq!(KeyId::of(b"abc").0[..8], [0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea]);
    }
}
