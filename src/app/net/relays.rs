//! Which relays a device may be sent to (issue 40, SECURITY-REVIEW L5): a table link's
//! `&relays=` is written by whoever shares it, so a relay must be one the page may safely open —
//! `wss://` on a public host, or `ws://` only on this machine (a test's or a developer's own
//! broker). A cleartext relay elsewhere would show every message's size and timing to the
//! network, and a local-network address would let a link poke the services of every friend's home
//! network.

/// The relays of a new host: independent public MQTT brokers that accept WebSocket clients.
pub const DEFAULT_RELAYS: [&str; 3] = ["wss://broker.emqx.io:8084/mqtt", "wss://broker.hivemq.com:8884/mqtt", "wss://test.mosquitto.org:8081"];
/// The most relays used at once.
pub const MAX_RELAYS: usize = 6;
/// The longest relay address taken.
pub const MAX_RELAY_LEN: usize = 200;

/// Where a relay's host lies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Place {
    /// This machine: `localhost`, 127.0.0.0/8, `[::1]`.
    Loopback,
    /// A private, link-local or `.local` address: someone's home or office network.
    Local,
    /// Anywhere else.
    Public,
}

fn place(host: &str) -> Option<Place> {
    let host = host.to_ascii_lowercase();
    if let Some(v6) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        let ip: std::net::Ipv6Addr = v6.parse().ok()?;
        let first = ip.segments()[0];
        return Some(if ip.is_loopback() {
            Place::Loopback
        } else if ip.is_unspecified() || first & 0xfe00 == 0xfc00 || first & 0xffc0 == 0xfe80 {
            Place::Local
        } else {
            Place::Public
        });
    }
    if host.is_empty() || !host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-') {
        return None;
    }
    if let Ok(ip) = host.parse::<std::net::Ipv4Addr>() {
        return Some(if ip.is_loopback() {
            Place::Loopback
        } else if ip.is_private() || ip.is_link_local() || ip.is_unspecified() || ip.is_broadcast() {
            Place::Local
        } else {
            Place::Public
        });
    }
    let name = host.trim_end_matches('.');
    Some(if name == "localhost" || name.ends_with(".localhost") {
        Place::Loopback
    } else if name.ends_with(".local") || name.ends_with(".lan") || name.ends_with(".home.arpa") || !name.contains('.') {
        Place::Local
    } else {
        Place::Public
    })
}

/// A relay address a device may open: `wss://` on a public host or this machine, `ws://` on this
/// machine alone; short, without spaces or a user name.
pub fn usable(line: &str) -> bool {
    if line.len() > MAX_RELAY_LEN || line.contains(char::is_whitespace) || line.contains('@') {
        return false;
    }
    let (secure, rest) = match (line.strip_prefix("wss://"), line.strip_prefix("ws://")) {
        (Some(r), _) => (true, r),
        (None, Some(r)) => (false, r),
        (None, None) => return false,
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = match authority.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((inner, port)) if port.is_empty() || port.strip_prefix(':').is_some_and(|p| p.parse::<u16>().is_ok()) => &authority[..inner.len() + 2],
            _ => return false,
        },
        None => match authority.split_once(':') {
            Some((h, port)) if port.parse::<u16>().is_ok() => h,
            Some(_) => return false,
            None => authority,
        },
    };
    match place(host) {
        Some(Place::Loopback) => true,
        Some(Place::Public) => secure,
        Some(Place::Local) | None => false,
    }
}

/// The relays in a list (a line, a comma or a space between), the usable ones, at most [`MAX_RELAYS`].
pub fn parse_relays(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|r| usable(r)) {
        if !out.iter().any(|o| o == r) && out.len() < MAX_RELAYS {
            out.push(r.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_relays_are_wss_and_cleartext_only_on_this_machine() {
        for ok in DEFAULT_RELAYS.iter().copied().chain([
            "wss://relay.example.org/mqtt",
            "wss://relay.example.org:8084",
            "ws://127.0.0.1:41883",
            "ws://127.8.9.1:1883/mqtt",
            "ws://localhost:9001",
            "ws://[::1]:9001",
            "wss://localhost",
            "wss://[2001:db8::1]:443/mqtt",
        ]) {
            assert!(usable(ok), "{ok}");
        }
        for bad in [
            "ws://relay.example.org/mqtt",
            "ws://8.8.8.8:80",
            "wss://192.168.1.1:8084",
            "wss://10.0.0.7",
            "ws://10.0.0.7",
            "wss://172.20.0.1/mqtt",
            "wss://169.254.169.254",
            "wss://router.local",
            "wss://nas",
            "wss://printer.lan",
            "wss://[fe80::1]:443",
            "wss://[fd00::2]",
            "wss://0.0.0.0",
            "wss://user:pw@relay.example.org",
            "wss://relay.example.org:99999",
            "wss://relay.example.org:http",
            "wss://",
            "https://relay.example.org",
            "wss://relay example.org",
            "wss://relay_example.org",
            &format!("wss://{}.org", "a".repeat(MAX_RELAY_LEN)),
        ] {
            assert!(!usable(bad), "{bad}");
        }
    }

    #[test]
    fn a_list_keeps_the_usable_relays_once_each_up_to_the_most() {
        let list = "wss://a.example.org, ws://b.example.org wss://a.example.org\nws://127.0.0.1:1 wss://192.168.0.2";
        assert_eq!(parse_relays(list), ["wss://a.example.org", "ws://127.0.0.1:1"]);
        let many: Vec<String> = (0..10).map(|i| format!("wss://r{i}.example.org")).collect();
        assert_eq!(parse_relays(&many.join(",")).len(), MAX_RELAYS);
    }
}
