//! Remote play's typed reasons in the player's language: what the host refused, a link that
//! can't be used, a connection the browser can't make. Their words are in `net.txt` (only the
//! remote-play bundle carries its English).

use crate::app::net::invite::LinkError;
use crate::app::net::message::{MessageError, Refusal};
use crate::tr;

/// Why the browser can't make or complete a direct connection (WebRTC) to another device.
///
/// It carries no text of the browser's: the browser's messages are English, differ from one
/// browser to another and name nothing a player can act on, so a player reads only these words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PeerError {
    /// The browser has no WebRTC, or it is switched off.
    Unavailable,
    /// The browser refused the connection helpers (STUN/TURN lines it can't use).
    IceServers,
    /// The browser could not describe its own side of the connection.
    NoDescription,
    /// The host's side in an invite can't be used (on a friend's device).
    BadOffer,
    /// A friend's side in a reply can't be used with this invite (on the host's device).
    BadAnswer,
}

/// The first letter in capitals (a reason starts lowercase inside a sentence).
fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// Why the host refused what this (a friend's) device sent, as a sentence in the current
/// language: a refused move gives the table's own reason.
pub fn net_refusal(r: Refusal) -> String {
    match r {
        Refusal::Illegal(m) => capitalise(&crate::app::words::refusal(m)),
        Refusal::Garbled(_) => tr!(String NetRefusedGarbled),
        Refusal::TooBig => tr!(String NetRefusedTooBig),
        Refusal::Stale => tr!(String NetRefusedStale),
        Refusal::Foreign => tr!(String NetRefusedForeign),
        Refusal::NotJoined => tr!(String NetRefusedNotJoined),
        Refusal::Watching => tr!(String NetRefusedWatching),
    }
}

/// Why bytes that arrived are no message of this game, as a sentence in the current language
/// (the same words as when the host refuses them).
pub fn message_error(e: MessageError) -> String {
    net_refusal(e.into())
}

/// Why an invite's or a reply's link can't be used (after "This invite can't be used:").
pub fn link_error(e: LinkError) -> String {
    match e {
        LinkError::Garbled => tr!(String NetLinkGarbled),
        LinkError::Version(_) => tr!(String NetLinkVersion),
        LinkError::WrongKind => tr!(String NetLinkKind),
    }
}

/// Why a connection can't be made (after "The invite could not be made:", "This invite can't
/// be used:" or "This reply can't be used:").
pub fn peer_error(e: PeerError) -> String {
    match e {
        PeerError::Unavailable => tr!(String NetPeerUnavailable),
        PeerError::IceServers => tr!(String NetPeerIceServers),
        PeerError::NoDescription => tr!(String NetPeerNoDescription),
        PeerError::BadOffer => tr!(String NetPeerBadOffer),
        PeerError::BadAnswer => tr!(String NetPeerBadAnswer),
    }
}

/// The browser can't pack a link (no `CompressionStream`): a whole sentence, with what to do.
pub fn no_compression() -> String {
    tr!(String NetNoCompression)
}

#[cfg(test)]
pub(in crate::app::net) mod tests {
    use super::*;
    use crate::app::net::wire::WireError;
    use crate::engine::IllegalMove;
    use crate::i18n::{set_lang, Lang};
    use std::collections::BTreeSet;

    /// One refusal of each kind (the `match` has no wildcard: a new kind doesn't compile until
    /// it is listed, and the test fails until it has a sample).
    fn every_refusal() -> Vec<Refusal> {
        fn kind(r: Refusal) -> u8 {
            match r {
                Refusal::Illegal(_) => 0,
                Refusal::Garbled(_) => 1,
                Refusal::TooBig => 2,
                Refusal::Stale => 3,
                Refusal::Foreign => 4,
                Refusal::NotJoined => 5,
                Refusal::Watching => 6,
            }
        }
        let all = vec![
            Refusal::Illegal(IllegalMove::NotYourTurn),
            Refusal::Garbled(WireError::Truncated),
            Refusal::Garbled(WireError::Trailing),
            Refusal::TooBig,
            Refusal::Stale,
            Refusal::Foreign,
            Refusal::NotJoined,
            Refusal::Watching,
        ];
        assert_eq!(all.iter().map(|&r| kind(r)).collect::<BTreeSet<_>>(), (0..7).collect(), "every refusal has a sample");
        all
    }

    fn every_peer_error() -> Vec<PeerError> {
        fn kind(e: PeerError) -> u8 {
            match e {
                PeerError::Unavailable => 0,
                PeerError::IceServers => 1,
                PeerError::NoDescription => 2,
                PeerError::BadOffer => 3,
                PeerError::BadAnswer => 4,
            }
        }
        let all = vec![PeerError::Unavailable, PeerError::IceServers, PeerError::NoDescription, PeerError::BadOffer, PeerError::BadAnswer];
        assert_eq!(all.iter().map(|&e| kind(e)).collect::<BTreeSet<_>>(), (0..5).collect(), "every peer error has a sample");
        all
    }

    fn every_link_error() -> Vec<LinkError> {
        fn kind(e: LinkError) -> u8 {
            match e {
                LinkError::Garbled => 0,
                LinkError::Version(_) => 1,
                LinkError::WrongKind => 2,
            }
        }
        let all = vec![LinkError::Garbled, LinkError::Version(7), LinkError::WrongKind];
        assert_eq!(all.iter().map(|&e| kind(e)).collect::<BTreeSet<_>>(), (0..3).collect(), "every link error has a sample");
        all
    }

    /// Every text of remote play's reasons in the current language, each with its value's
    /// `Debug` (which must never show).
    fn every_text() -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = every_refusal().into_iter().map(|r| (net_refusal(r), format!("{r:?}"))).collect();
        out.extend([MessageError::TooBig, MessageError::Garbled(WireError::BadText), MessageError::Stale(9), MessageError::Foreign].map(|e| (message_error(e), format!("{e:?}"))));
        out.extend(every_peer_error().into_iter().map(|e| (peer_error(e), format!("{e:?}"))));
        out.extend(every_link_error().into_iter().map(|e| (link_error(e), format!("{e:?}"))));
        out.push((no_compression(), "NoCompression".into()));
        out
    }

    /// The words of a text (letters only), of three letters or more.
    fn words(t: &str) -> BTreeSet<&str> {
        t.split(|c: char| !c.is_alphabetic()).filter(|w| w.chars().count() >= 3).collect()
    }

    /// What is wrong with the texts `texts()` gives (each with its variant's debug name) in each
    /// language, against their English `english`: empty, a placeholder left, a debug or variant
    /// name shown, English words kept in German or Italian (but those in `kept`), and with
    /// `sentence` not a sentence. Leaves English spoken.
    pub(in crate::app::net) fn wrong_words(texts: fn() -> Vec<(String, String)>, english: &[(String, String)], kept: &[&str], sentence: bool) -> Vec<String> {
        let mut wrong = Vec::new();
        for l in [Lang::En, Lang::De, Lang::It] {
            set_lang(l);
            for ((t, debug), (en, _)) in texts().iter().zip(english) {
                // A variant's name may not show, but for German's noun „Version“.
                let variant = debug.split(['(', ' ', '{']).next().unwrap_or_default();
                let named = t.contains(variant) && !(l == Lang::De && variant == "Version");
                let not_sentence = sentence && !(t.chars().next().is_some_and(char::is_uppercase) && t.ends_with('.'));
                if t.trim().is_empty() || t.contains(['{', '}']) || t.contains(debug.as_str()) || named || not_sentence {
                    wrong.push(format!("{l:?}: {debug}: {t:?}"));
                }
                if l != Lang::En {
                    let leaked: Vec<&str> = words(en).intersection(&words(t)).copied().filter(|w| !kept.contains(w)).collect();
                    if t == en || !leaked.is_empty() {
                        wrong.push(format!("{l:?}: {t:?} keeps English {leaked:?} of {en:?}"));
                    }
                }
            }
        }
        set_lang(Lang::En);
        wrong
    }

    /// Names every language keeps (the browser's features, the browsers), and German's „was“.
    const KEPT: [&str; 12] = ["WebRTC", "STUN", "TURN", "CompressionStream", "Firefox", "Chrome", "Safari", "Edge", "browser", "Browser", "link", "was"];

    #[test]
    fn remote_plays_reasons_are_sentences_in_every_language_never_debug_names() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        let english = every_text();
        // Each kind has its own words (a player can tell what went wrong).
        let kinds: Vec<&String> = english.iter().filter(|(_, d)| !d.starts_with("Garbled(") && !d.starts_with("Stale(")).map(|(t, _)| t).collect();
        let distinct: BTreeSet<&String> = kinds.iter().copied().collect();
        assert!(distinct.len() >= kinds.len() - 4, "too many reasons share their words: {kinds:#?}");
        let wrong = wrong_words(every_text, &english, &KEPT, false);
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn a_garbled_message_reads_as_a_sentence_and_a_refused_move_as_the_tables_reason() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        let garbled = net_refusal(Refusal::Garbled(WireError::Truncated));
        assert!(garbled.starts_with("The host's device could not read") && !garbled.contains("Truncated"), "{garbled}");
        assert_eq!(net_refusal(Refusal::Garbled(WireError::Overflow)), garbled, "how the bytes are damaged is nothing a player can act on");
        assert_eq!(message_error(MessageError::Stale(3)), net_refusal(Refusal::Stale));
        set_lang(Lang::De);
        assert_eq!(net_refusal(Refusal::Illegal(IllegalMove::NotYourTurn)), "Diese Farbe ist nicht am Zug");
        assert!(net_refusal(Refusal::Foreign).contains("Gastgeber"));
        assert!(peer_error(PeerError::Unavailable).contains("WebRTC"));
        set_lang(Lang::It);
        assert!(net_refusal(Refusal::NotJoined).contains("chi ospita"));
        assert!(no_compression().contains("CompressionStream") && no_compression().contains("browser"));
        set_lang(Lang::En);
        assert_eq!(net_refusal(Refusal::Illegal(IllegalMove::NotYourTurn)), capitalise(&IllegalMove::NotYourTurn.to_string()));
    }
}
