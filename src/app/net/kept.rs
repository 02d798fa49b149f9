//! What remote play keeps in the browser's storage, the part free of the browser (`ui::storage`
//! reads and writes it): the keys kept beside a hosted game, which go with its save and come
//! back with its undo, and the keys of the device itself.

/// The seats friends play in hosted game `<id>` (the key is the prefix, then the id).
pub const NET_HOST_PREFIX: &str = "loewenherz/net/host/";
/// The secret of the game's table link.
pub const NET_TABLE_PREFIX: &str = "loewenherz/net/table/";
/// The host's signing key of the game's table.
pub const NET_KEY_PREFIX: &str = "loewenherz/net/key/";
/// The mark of a "Play again" game: every seat gets a new token when it is hosted.
pub const NET_AGAIN_PREFIX: &str = "loewenherz/net/again/";
/// The host locked the game's table.
pub const NET_LOCKED_PREFIX: &str = "loewenherz/net/locked/";
/// The relays' guard memory of the game's table room; the same key then [`WATCH_SUFFIX`]: that
/// of its watch link's room (`ui::net::host` builds both keys from this prefix's text).
pub const NET_GUARD_PREFIX: &str = "loewenherz/net/guard/";
/// What follows a game's guard key for the watch link's room.
pub const WATCH_SUFFIX: &str = "/watch";

/// Every prefix of a key kept beside a hosted game (the prefix, then the game's save id).
pub const GAME_PREFIXES: [&str; 6] = [NET_HOST_PREFIX, NET_TABLE_PREFIX, NET_KEY_PREFIX, NET_AGAIN_PREFIX, NET_LOCKED_PREFIX, NET_GUARD_PREFIX];

/// The host's relays, as written in its panel (one for the device, not per game).
pub const NET_RELAYS_KEY: &str = "loewenherz/net/relays";
/// The host's ICE servers, as written in its settings (one for the device).
pub const NET_ICE_KEY: &str = "loewenherz/net/ice";
/// The host's "Connect through TURN only" setting (one for the device).
pub const NET_TURN_ONLY_KEY: &str = "loewenherz/net/turn-only";
/// The seat a friend's device took at a table, then the table link's secret: kept by the link,
/// not by a game (a friend's device holds no game).
pub const NET_SEAT_PREFIX: &str = "loewenherz/net/seat/";

/// A table or watch link this device opened, kept under a local name (the prefix, then the
/// name) so that the address shows `#at=<name>` instead of the link's secret.
pub const NET_AT_PREFIX: &str = "loewenherz/net/at/";

/// Keys of remote play that belong to the device, not to one of its saved games.
pub const DEVICE_KEYS: [&str; 3] = [NET_RELAYS_KEY, NET_ICE_KEY, NET_TURN_ONLY_KEY];
/// Prefixes of keys of remote play that belong to the device, not to one of its saved games.
pub const DEVICE_PREFIXES: [&str; 2] = [NET_SEAT_PREFIX, NET_AT_PREFIX];

/// How many links a device keeps under local names at most (the one used longest ago goes first).
pub const MAX_NAMED_LINKS: usize = 6;
/// The longest kept link (its `#` part): a table link with a long relay list fits many times.
const MAX_NAMED_LINK_CHARS: usize = 4096;

/// A local name made of random bytes (base64url: 8 characters for 6 bytes).
pub fn link_name(random: &[u8; 6]) -> String {
    crate::app::share::base64url_encode(random)
}

/// Whether `name` can be a local name (base64url, 1 to 16 characters): anything else in an
/// address is never looked up.
pub fn is_link_name(name: &str) -> bool {
    (1..=16).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// What is kept under a local name: when it was last used (ms), then the link's `#` part.
pub fn named_link_text(used_ms: u64, hash: &str) -> String {
    format!("{used_ms} {hash}")
}

/// A kept local name's text back: when it was last used and the link's `#` part. Only a table
/// or watch link is ever kept; anything else (damaged, written by someone else) reads as
/// nothing kept.
pub fn read_named_link(text: &str) -> Option<(u64, &str)> {
    let (used, hash) = text.split_once(' ')?;
    let used = used.parse().ok()?;
    let relayed = hash.starts_with("table=") || hash.starts_with("watch=");
    (relayed && hash.len() <= MAX_NAMED_LINK_CHARS).then_some((used, hash))
}

/// The names to drop before `more` new ones are kept, of the names kept now with their last
/// use: the oldest, until no more than [`MAX_NAMED_LINKS`] are kept with the new ones.
pub fn names_to_drop(kept: &[(String, u64)], more: usize) -> Vec<String> {
    oldest_beyond(kept, more, MAX_NAMED_LINKS)
}

/// Of `kept` (each with its last use), the oldest to drop so that no more than `max` are kept
/// with `more` new ones. A tie drops the one first in order, so the choice doesn't hang on how
/// storage lists its keys.
fn oldest_beyond(kept: &[(String, u64)], more: usize, max: usize) -> Vec<String> {
    let over = (kept.len() + more).saturating_sub(max);
    let mut by_age: Vec<&(String, u64)> = kept.iter().collect();
    by_age.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
    by_age.into_iter().take(over).map(|(name, _)| name.clone()).collect()
}

/// How many seats a friend's device keeps at most. A seat is kept by its table link, not by a
/// game (the friend's device holds none), so no game's end takes it: the one used longest ago
/// goes first.
pub const MAX_KEPT_SEATS: usize = 6;

/// A seat a friend's device keeps: its colour, its token, the game's tag, when it was last
/// used (ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeptSeat {
    pub colour: crate::engine::Colour,
    pub token: u64,
    pub tag: u32,
    pub used_ms: u64,
}

impl KeptSeat {
    /// What is stored: `colour:token:tag:used`.
    pub fn text(&self) -> String {
        format!("{}:{}:{}:{}", self.colour.name(), self.token, self.tag, self.used_ms)
    }

    /// A stored seat back; one kept by an older page (no time) reads as used at 0, the first
    /// to go. Anything else reads as nothing kept.
    pub fn read(text: &str) -> Option<KeptSeat> {
        let mut parts = text.split(':');
        let colour = crate::engine::Colour::parse(parts.next()?)?;
        let token = parts.next()?.parse().ok()?;
        let tag = parts.next()?.parse().ok()?;
        let used_ms = match parts.next() {
            Some(t) => t.parse().ok()?,
            None => 0,
        };
        parts.next().is_none().then_some(KeptSeat { colour, token, tag, used_ms })
    }
}

/// The tables (by their link's secret) whose kept seats go before one more is kept, of the
/// seats kept now (each table's secret with its seat's text, unreadable ones first to go).
pub fn seats_to_drop(kept: &[(String, String)]) -> Vec<String> {
    let aged: Vec<(String, u64)> = kept.iter().map(|(secret, text)| (secret.clone(), KeptSeat::read(text).map_or(0, |s| s.used_ms))).collect();
    oldest_beyond(&aged, 1, MAX_KEPT_SEATS)
}

/// Every key remote play may keep beside saved game `id`: deleting the game deletes them.
pub fn game_keys(id: &str) -> Vec<String> {
    let mut keys: Vec<String> = GAME_PREFIXES.iter().map(|p| format!("{p}{id}")).collect();
    keys.push(format!("{NET_GUARD_PREFIX}{id}{WATCH_SUFFIX}"));
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_keys_are_each_prefix_and_the_watch_rooms_guard() {
        let keys = game_keys("g17-ab");
        for p in GAME_PREFIXES {
            assert!(keys.contains(&format!("{p}g17-ab")), "{p}");
        }
        assert!(keys.contains(&"loewenherz/net/guard/g17-ab/watch".to_string()));
        assert_eq!(keys.len(), GAME_PREFIXES.len() + 1);
        // Another game's keys are not among them.
        assert!(game_keys("g1").iter().all(|k| !keys.contains(k)));
    }

    #[test]
    fn a_local_name_is_short_and_read_back_only_as_one() {
        let name = link_name(&[0xff, 0, 0x10, 0x7f, 0x80, 1]);
        assert_eq!(name.len(), 8);
        assert!(is_link_name(&name));
        for bad in ["", "a b", "abc=def", "x/../y", "ä", &"a".repeat(17), "a&b"] {
            assert!(!is_link_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn a_kept_link_reads_back_and_nothing_else_does() {
        let hash = "table=AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB&relays=wss%3A%2F%2Fx&seat=red";
        let text = named_link_text(1_700_000_000_123, hash);
        assert_eq!(read_named_link(&text), Some((1_700_000_000_123, hash)));
        assert_eq!(read_named_link(&named_link_text(5, "watch=abc.def")), Some((5, "watch=abc.def")));
        // Only a table or watch link: never a link back to a name, a host's or a game's page.
        for other in ["at=abcdefgh", "host=g1", "join=xyz", "game=g1", ""] {
            assert_eq!(read_named_link(&named_link_text(5, other)), None, "{other}");
        }
        for junk in ["", "table=abc", "x table=abc", "-1 table=abc", "12"] {
            assert_eq!(read_named_link(junk), None, "{junk}");
        }
        assert_eq!(read_named_link(&named_link_text(5, &format!("table={}", "a".repeat(5000)))), None, "too long");
    }

    #[test]
    fn the_oldest_names_go_to_make_room() {
        let kept: Vec<(String, u64)> = (0..MAX_NAMED_LINKS as u64).map(|i| (format!("n{i}"), 100 - i)).collect();
        // Full: one new name drops the one used longest ago.
        assert_eq!(names_to_drop(&kept, 1), vec![format!("n{}", MAX_NAMED_LINKS - 1)]);
        assert_eq!(names_to_drop(&kept, 0), Vec::<String>::new());
        assert_eq!(names_to_drop(&kept[..2], 1), Vec::<String>::new());
        // More than the most (written by an older page, or another tab at once): down to the most.
        let many: Vec<(String, u64)> = (0..10u64).map(|i| (format!("m{i}"), i)).collect();
        assert_eq!(names_to_drop(&many, 1), ["m0", "m1", "m2", "m3", "m4"].map(String::from).to_vec());
        // Ties: in the names' order.
        let tied = vec![("b".to_string(), 1), ("a".to_string(), 1)];
        assert_eq!(names_to_drop(&tied, MAX_NAMED_LINKS - 1), vec!["a".to_string()]);
    }

    #[test]
    fn a_kept_seat_reads_back_and_the_oldest_go_beyond_the_most() {
        let seat = KeptSeat { colour: crate::engine::Colour::Purple, token: u64::MAX, tag: 7, used_ms: 1_700_000_000_000 };
        assert_eq!(KeptSeat::read(&seat.text()), Some(seat));
        // Kept by an older page: no time, the first to go.
        assert_eq!(KeptSeat::read("red:12:3"), Some(KeptSeat { colour: crate::engine::Colour::Red, token: 12, tag: 3, used_ms: 0 }));
        for junk in ["", "red", "red:x:3", "mauve:1:2:3", "red:1:2:3:4", "red:1:2:-3"] {
            assert_eq!(KeptSeat::read(junk), None, "{junk}");
        }
        let kept: Vec<(String, String)> = (0..MAX_KEPT_SEATS as u64).map(|i| (format!("s{i}"), KeptSeat { used_ms: 100 - i, ..seat }.text())).collect();
        // Full: one more drops the one used longest ago (an unreadable one before it).
        assert_eq!(seats_to_drop(&kept), vec![format!("s{}", MAX_KEPT_SEATS - 1)]);
        let mut damaged = kept.clone();
        damaged[0].1 = "??".into();
        assert_eq!(seats_to_drop(&damaged), vec!["s0".to_string()]);
        assert_eq!(seats_to_drop(&kept[..MAX_KEPT_SEATS - 1]), Vec::<String>::new(), "room for one more");
    }

    /// Every quoted text in the sources that starts with `loewenherz/net/`, up to its closing quote
    /// or a `{` (a `format!` of a prefix).
    fn net_keys_in_sources() -> Vec<(String, String)> {
        fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p);
                }
            }
        }
        let mut files = Vec::new();
        walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
        // Written so that this search isn't one of the texts it finds.
        let needle = format!("\"{}/net/", "loewenherz");
        let mut found = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for (i, _) in text.match_indices(&needle) {
                let rest = &text[i + 1..];
                let end = rest.find(['"', '{']).unwrap_or(rest.len());
                found.push((f.display().to_string(), rest[..end].to_string()));
            }
        }
        found
    }

    /// A new key of remote play can't be forgotten silently: each one in the sources is a
    /// game's (deleted with its save: [`game_keys`]) or declared the device's.
    #[test]
    fn every_key_of_remote_play_in_the_sources_is_a_games_or_the_devices() {
        let found = net_keys_in_sources();
        // The guard key is built in ui::net::host, the others' consts are here.
        assert!(found.iter().any(|(_, k)| k == NET_GUARD_PREFIX), "the guard key's text is found in the sources: {found:?}");
        for (file, key) in &found {
            let games = GAME_PREFIXES.iter().any(|p| key.starts_with(p));
            let devices = DEVICE_KEYS.contains(&key.as_str()) || DEVICE_PREFIXES.iter().any(|p| key.starts_with(p));
            assert!(games || devices, "{file}: \"{key}\" is neither in GAME_PREFIXES (deleted with a game) nor among the device's keys");
            assert!(!(games && devices), "{file}: \"{key}\" is both a game's and the device's");
        }
    }
}
