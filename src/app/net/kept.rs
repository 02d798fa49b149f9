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
/// The seat a friend's device took at a table, then the table link's secret: kept by the link,
/// not by a game (a friend's device holds no game).
pub const NET_SEAT_PREFIX: &str = "loewenherz/net/seat/";

/// Keys of remote play that belong to the device, not to one of its saved games.
pub const DEVICE_KEYS: [&str; 2] = [NET_RELAYS_KEY, NET_ICE_KEY];
/// Prefixes of keys of remote play that belong to the device, not to one of its saved games.
pub const DEVICE_PREFIXES: [&str; 1] = [NET_SEAT_PREFIX];

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
