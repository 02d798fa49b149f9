//! Whose word a relay message is, and what each device takes from whom (issue 40). Every relay
//! message is signed by its sender's key ([`super::signal::Signed`]); the browser checks the
//! signature and names the signer by its key's id ([`KeyId`]). The table link and the watch link
//! name the host's key, so a friend or a watcher takes the host's words (seats, offers,
//! refusals) only when the host's key signed them — anyone else holding the link can say them,
//! and is not listened to. The host takes a device's answer only from the key that asked for the
//! offer, so nobody answers in another device's name.

use super::proof::KeyId;
use super::signal::Signal;
use crate::app::share::{base64url_decode, base64url_encode};

/// The bytes of a table link's (or a watch link's) secret.
pub const SECRET_BYTES: usize = 16;

/// A table link's or a watch link's secret part: the room's secret, a dot, the host's key id
/// (both base64url). Whoever holds the link finds the room and reads what is said there; the
/// key id tells whose words are the host's.
pub fn link_secret(secret: &[u8; SECRET_BYTES], host: KeyId) -> String {
    format!("{}.{}", base64url_encode(secret), base64url_encode(&host.0))
}

/// A link's secret part back (`None`: not two parts of the right lengths — a damaged link,
/// or one from before links named the host's key).
pub fn parse_link_secret(text: &str) -> Option<([u8; SECRET_BYTES], KeyId)> {
    let (secret, key) = text.split_once('.')?;
    let secret: [u8; SECRET_BYTES] = base64url_decode(secret).ok()?.try_into().ok()?;
    let key: [u8; 16] = base64url_decode(key).ok()?.try_into().ok()?;
    Some((secret, KeyId(key)))
}

/// Why a signed message is not taken (dropped: nothing changes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Distrust {
    /// A word only the host says (seats, an offer, a refusal), signed by another key.
    NotTheHost,
    /// A word only a friend or a watcher says to the host, signed by the host's own key (a
    /// relay sending the host its own words back, or a copy of its key elsewhere).
    FromTheHost,
}

/// Whether a friend's or a watcher's device takes `body`, signed by `signer`, at the table whose
/// host's key is `host`: only the host's words, and only from the host's key.
pub fn device_takes(host: KeyId, signer: KeyId, body: &Signal) -> Result<(), Distrust> {
    match body {
        Signal::Seats { .. } | Signal::Offer { .. } | Signal::Refused { .. } if signer == host => Ok(()),
        Signal::Seats { .. } | Signal::Offer { .. } | Signal::Refused { .. } => Err(Distrust::NotTheHost),
        // What other devices say to the host is not for this one.
        Signal::Knock { .. } | Signal::Claim { .. } | Signal::Answer { .. } | Signal::Watch => Err(Distrust::FromTheHost),
    }
}

/// Whether the host's device (its key `host`) takes `body` signed by `signer`: a device's words
/// (a knock, a claim, an answer, a watch request) from any key but its own.
pub fn host_takes(host: KeyId, signer: KeyId, body: &Signal) -> Result<(), Distrust> {
    match body {
        Signal::Knock { .. } | Signal::Claim { .. } | Signal::Answer { .. } | Signal::Watch if signer != host => Ok(()),
        Signal::Knock { .. } | Signal::Claim { .. } | Signal::Answer { .. } | Signal::Watch => Err(Distrust::FromTheHost),
        Signal::Seats { .. } | Signal::Offer { .. } | Signal::Refused { .. } => Err(Distrust::NotTheHost),
    }
}

/// An offer the host made through the relays: to which device, whose key asked for it, and its
/// round. Only that device, signing with that key, answers it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Offered {
    /// The device's id in the relay messages.
    pub device: u64,
    /// The key it signed its claim or knock with.
    pub key: KeyId,
    /// The offer's round.
    pub round: u32,
}

impl Offered {
    /// Whether an answer to `round` from device `from` signed by `key` is this offer's.
    pub fn answered_by(&self, from: u64, key: KeyId, round: u32) -> bool {
        self.device == from && self.key == key && self.round == round
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Colour, Edition};
    use crate::app::net::signal::{SeatInfo, SeatRefusal};

    const HOST: KeyId = KeyId([1; 16]);
    const ANN: KeyId = KeyId([2; 16]);
    const MALLORY: KeyId = KeyId([6; 16]);

    fn host_words() -> Vec<Signal> {
        vec![
            Signal::Seats { to: 7, tag: 1, edition: Edition::New, seats: vec![SeatInfo { colour: Colour::Blue, name: "Ben".into(), free: true }] },
            Signal::Offer { to: 7, tag: 1, seat: Some(Colour::Blue), round: 3, ice: vec![], sdp: "v=0\r\n".into() },
            Signal::Offer { to: 7, tag: 1, seat: None, round: 3, ice: vec![], sdp: "v=0\r\n".into() },
            Signal::Refused { to: 7, why: SeatRefusal::Taken },
        ]
    }

    fn device_words() -> Vec<Signal> {
        vec![Signal::Knock { seat: None }, Signal::Knock { seat: Some(Colour::Blue) }, Signal::Claim { seat: Colour::Blue }, Signal::Answer { seat: Some(Colour::Blue), round: 3, sdp: "v=0\r\n".into() }, Signal::Watch]
    }

    #[test]
    fn a_friend_takes_the_hosts_words_only_from_the_hosts_key() {
        for w in host_words() {
            assert_eq!(device_takes(HOST, HOST, &w), Ok(()), "{w:?}");
            // Mallory holds the link, speaks as the host with a key of its own: ignored.
            assert_eq!(device_takes(HOST, MALLORY, &w), Err(Distrust::NotTheHost), "{w:?}");
            assert_eq!(device_takes(HOST, ANN, &w), Err(Distrust::NotTheHost), "{w:?}");
        }
        for w in device_words() {
            assert!(device_takes(HOST, ANN, &w).is_err(), "another device's {w:?} is not for a friend");
        }
    }

    #[test]
    fn the_host_takes_devices_words_and_never_its_own() {
        for w in device_words() {
            assert_eq!(host_takes(HOST, ANN, &w), Ok(()), "{w:?}");
            assert_eq!(host_takes(HOST, HOST, &w), Err(Distrust::FromTheHost), "{w:?}");
        }
        for w in host_words() {
            assert_eq!(host_takes(HOST, MALLORY, &w), Err(Distrust::NotTheHost), "{w:?}");
        }
    }

    #[test]
    fn a_link_names_the_room_and_the_hosts_key() {
        let text = link_secret(&[7; 16], HOST);
        assert_eq!(text.len(), 22 + 1 + 22);
        assert_eq!(parse_link_secret(&text), Some(([7; 16], HOST)));
        for bad in ["", "AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAA.", ".AQEBAQEBAQEBAQEBAQEBAQ", "AAAA.AQEBAQEBAQEBAQEBAQEBAQ", "AAAAAAAAAAAAAAAAAAAAAA.AQEB", "AAAAAAAAAAAAAAAAAAAAA!.AQEBAQEBAQEBAQEBAQEBAQ"] {
            assert_eq!(parse_link_secret(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn an_offer_is_answered_only_by_the_device_and_key_that_asked() {
        let o = Offered { device: 0xa11, key: ANN, round: 9 };
        assert!(o.answered_by(0xa11, ANN, 9));
        assert!(!o.answered_by(0xa11, MALLORY, 9), "Mallory answers with Ann's device id and its own key");
        assert!(!o.answered_by(0xbad, ANN, 9));
        assert!(!o.answered_by(0xa11, ANN, 8), "an older offer's answer");
    }
}
