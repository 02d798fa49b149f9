//! The host's ICE servers (its settings: a line each, an address and for a TURN server its user
//! name and password after it) as each side of a connection may use them (issue 40).
//!
//! - A watcher is anyone holding the watch link: its offer carries the STUN servers only
//!   ([`stun_only`]), never a TURN line or its password.
//! - "Connect through TURN only": the host's connections use relayed candidates only
//!   (`iceTransportPolicy: "relay"`) when the setting is on and the list has a TURN server
//!   ([`relay_only`]); without one the setting does nothing. A friend's device needs no new
//!   word on the wire to follow: an offer whose candidates are all relayed comes from a host
//!   that asked for it, and the device does the same when the offer gave it a TURN server
//!   ([`answer_relay_only`]; a watcher, given none, can't and connects as before). Relayed
//!   candidates still name the device's own address as their "related address" (for
//!   diagnostics only, RFC 8839): [`hide_related`] blanks it in a description before it is sent.

/// A line's address (its first word).
fn address(line: &str) -> Option<&str> {
    line.split_whitespace().next()
}

fn scheme_is(address: &str, schemes: &[&str]) -> bool {
    schemes.iter().any(|s| address.len() > s.len() && address.get(..s.len()).is_some_and(|p| p.eq_ignore_ascii_case(s)))
}

/// Whether a line is a usable TURN server: a `turn:` or `turns:` address with a user name and
/// a password after it (the browser refuses a TURN server without them).
pub fn is_turn(line: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next().is_some_and(|a| scheme_is(a, &["turn:", "turns:"])) && words.next().is_some() && words.next().is_some()
}

/// Whether the list has a usable TURN server.
pub fn has_turn(lines: &[String]) -> bool {
    lines.iter().any(|l| is_turn(l))
}

/// The STUN servers of a list, each its address alone: no TURN line, no user name, no password
/// (what a watcher's offer carries).
pub fn stun_only(lines: &[String]) -> Vec<String> {
    lines.iter().filter_map(|l| address(l)).filter(|a| scheme_is(a, &["stun:", "stuns:"])).map(str::to_string).collect()
}

/// Whether the host's connections use relayed candidates only: its setting is on (`wanted`)
/// and the list has a TURN server to relay through.
pub fn relay_only(wanted: bool, lines: &[String]) -> bool {
    wanted && has_turn(lines)
}

/// The words of a description's candidate line (`a=candidate:…`), if it is one.
fn candidate(line: &str) -> Option<Vec<&str>> {
    line.trim_end_matches(['\r', '\n']).strip_prefix("a=candidate:").map(|c| c.split(' ').collect())
}

/// Whether candidate words are of a relayed candidate (`typ relay`).
fn relayed(words: &[&str]) -> bool {
    words.windows(2).any(|w| w[0] == "typ" && w[1] == "relay")
}

/// Whether an offer's candidates are all relayed (and it has some): its host connects through
/// TURN only.
pub fn offer_relayed(sdp: &str) -> bool {
    let candidates: Vec<Vec<&str>> = sdp.lines().filter_map(candidate).collect();
    !candidates.is_empty() && candidates.iter().all(|c| relayed(c))
}

/// Whether a device answering `offer` with the ICE servers `lines` (the ones the offer came
/// with) uses relayed candidates only: the offer's host does, and there is a TURN server.
pub fn answer_relay_only(offer: &str, lines: &[String]) -> bool {
    offer_relayed(offer) && has_turn(lines)
}

/// A description with the related address of every relayed candidate blanked (`raddr 0.0.0.0
/// rport 0`, `::` for IPv6): that address is the device's own as the TURN server saw it, and
/// the other side's ICE never uses it. Every other line stays as it is.
pub fn hide_related(sdp: &str) -> String {
    sdp.split_inclusive('\n')
        .map(|line| {
            let Some(words) = candidate(line).filter(|w| relayed(w)) else { return line.to_string() };
            let mut out: Vec<String> = Vec::with_capacity(words.len());
            let mut i = 0;
            while i < words.len() {
                match (words[i], words.get(i + 1)) {
                    ("raddr", Some(a)) => {
                        out.extend(["raddr".to_string(), if a.contains(':') { "::".into() } else { "0.0.0.0".into() }]);
                        i += 2;
                    }
                    ("rport", Some(_)) => {
                        out.extend(["rport".to_string(), "0".to_string()]);
                        i += 2;
                    }
                    (w, _) => {
                        out.push(w.to_string());
                        i += 1;
                    }
                }
            }
            let ending = &line[line.trim_end_matches(['\r', '\n']).len()..];
            format!("a=candidate:{}{ending}", out.join(" "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_watchers_list_has_the_stun_servers_alone() {
        let host = list(&["stun:stun.l.google.com:19302", "turn:turn.example.org:3478 alice s3cret", "TURNS:turn.example.org:5349?transport=tcp bob pw", "STUN:stun.example.net:3478 stray words", "stuns:stun.example.com", "not-a-server"]);
        let w = stun_only(&host);
        assert_eq!(w, list(&["stun:stun.l.google.com:19302", "STUN:stun.example.net:3478", "stuns:stun.example.com"]));
        let all = w.join(" ");
        for secret in ["turn", "TURN", "alice", "s3cret", "bob", "pw", "stray"] {
            assert!(!all.contains(secret), "{secret} in {all}");
        }
        assert_eq!(stun_only(&[]), Vec::<String>::new());
        assert_eq!(stun_only(&list(&["turn:t.example.org a b"])), Vec::<String>::new());
    }

    #[test]
    fn turn_only_needs_a_turn_server_with_its_password() {
        let stun = list(&["stun:stun.l.google.com:19302"]);
        let turn = list(&["stun:stun.l.google.com:19302", "turn:turn.example.org:3478 alice s3cret"]);
        assert!(relay_only(true, &turn));
        assert!(!relay_only(false, &turn), "the setting is off");
        assert!(!relay_only(true, &stun), "no TURN server: the setting does nothing");
        assert!(!relay_only(true, &[]));
        assert!(!has_turn(&list(&["turn:turn.example.org:3478"])), "no user name and password");
        assert!(!has_turn(&list(&["turn:turn.example.org:3478 alice"])), "no password");
        assert!(has_turn(&list(&["TURNS:turn.example.org:5349 a b"])));
        assert!(!is_turn("turn: a b"), "no address");
        assert!(!is_turn("stun:turn.example.org a b"));
        assert!(!is_turn("tür:x a b") && stun_only(&list(&["stü:x", "ü"])).is_empty(), "a character of several bytes at the scheme's end");
    }

    const HOST: &str = "a=candidate:1 1 udp 2122260223 192.168.1.2 50000 typ host generation 0\r\n";
    const SRFLX: &str = "a=candidate:2 1 udp 1686052607 203.0.113.9 50000 typ srflx raddr 192.168.1.2 rport 50000 generation 0\r\n";
    const RELAY: &str = "a=candidate:3 1 udp 41885439 198.51.100.1 61000 typ relay raddr 203.0.113.9 rport 50000 generation 0 network-cost 999\r\n";
    const RELAY6: &str = "a=candidate:4 1 udp 41885183 2001:db8::1 61002 typ relay raddr 2001:db8:ffff::9 rport 50002 generation 0\r\n";

    fn offer(candidates: &[&str]) -> String {
        format!("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n{}a=sctp-port:5000\r\n", candidates.concat())
    }

    #[test]
    fn a_friend_follows_an_offer_relayed_only_when_it_was_given_a_turn_server() {
        let turn = list(&["turn:turn.example.org:3478 alice s3cret"]);
        assert!(offer_relayed(&offer(&[RELAY, RELAY6])));
        assert!(!offer_relayed(&offer(&[HOST, RELAY])), "a host candidate: not TURN only");
        assert!(!offer_relayed(&offer(&[SRFLX])));
        assert!(!offer_relayed(&offer(&[])), "no candidate at all says nothing");
        assert!(answer_relay_only(&offer(&[RELAY]), &turn));
        assert!(!answer_relay_only(&offer(&[RELAY]), &stun_only(&turn)), "a watcher has no TURN server: it connects as before");
        assert!(!answer_relay_only(&offer(&[HOST, RELAY]), &turn));
    }

    #[test]
    fn a_relayed_candidates_related_address_is_blanked_and_nothing_else_changes() {
        let sdp = offer(&[HOST, SRFLX, RELAY, RELAY6]);
        let hidden = hide_related(&sdp);
        let relays: String = hidden.lines().filter(|l| l.contains("typ relay")).collect();
        assert!(!relays.contains("203.0.113.9"), "the device's address as the TURN server saw it: {relays}");
        assert!(!relays.contains("2001:db8:ffff::9"));
        assert!(!hide_related(&offer(&[RELAY, RELAY6])).contains("203.0.113.9"));
        assert!(hidden.contains("a=candidate:3 1 udp 41885439 198.51.100.1 61000 typ relay raddr 0.0.0.0 rport 0 generation 0 network-cost 999\r\n"), "{hidden}");
        assert!(hidden.contains("a=candidate:4 1 udp 41885183 2001:db8::1 61002 typ relay raddr :: rport 0 generation 0\r\n"), "{hidden}");
        // The other lines, the host and server-reflexive candidates among them, stay as they were.
        let same = |s: &str| s.lines().filter(|l| !l.contains("typ relay")).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(same(&hidden), same(&sdp));
        assert_eq!(hidden.len() - hidden.replace("\r\n", "").len(), sdp.len() - sdp.replace("\r\n", "").len(), "line endings kept");
        assert_eq!(hide_related(&hidden), hidden, "blanking again changes nothing");
        assert_eq!(hide_related(&offer(&[HOST])), offer(&[HOST]));
    }
}
