//! The game's saves and settings in localStorage, through the checked calls of `feature` (a
//! browser that blocks storage or has no room refuses each write; the game plays on and says
//! it isn't saved). Saves are JSON envelopes around a game record; a save that can't be read is
//! copied to a backup key and reported, and never touches the other saves.
//!
//! The same game may be open in two tabs. Each save carries a revision that grows with every
//! write; this tab remembers the revision it last read or wrote of the game it shows, and never
//! writes over a newer one (the tab follows the game instead, see `Ctx::follow`).

use crate::app::net::kept::{game_keys, NET_AGAIN_PREFIX, NET_AT_PREFIX, NET_HOST_PREFIX, NET_ICE_KEY, NET_KEY_PREFIX, NET_LOCKED_PREFIX, NET_RELAYS_KEY, NET_SEAT_PREFIX, NET_TABLE_PREFIX, NET_TURN_ONLY_KEY};
use crate::app::save::{overwrite, parse_save, Overwrite, SaveFile, SAVE_FORMAT, SAVE_VERSION};
use crate::app::AnySession;
use super::feature::{store, stored, stored_keys, unstore};
use std::cell::RefCell;

/// Where saves live: this prefix and the save's id.
pub const SAVE_PREFIX: &str = "loewenherz/save/";
const BACKUP_PREFIX: &str = "loewenherz/backup/";

/// The game this tab shows, as it last read or wrote it.
struct Open {
    id: String,
    revision: u64,
    record: String,
}

thread_local! {
    static OPEN: RefCell<Option<Open>> = const { RefCell::new(None) };
}

fn remember(id: &str, revision: u64, record: &str) {
    OPEN.with(|o| *o.borrow_mut() = Some(Open { id: id.to_string(), revision, record: record.to_string() }));
}

/// Whether the stored save of `id` is newer than what this tab last read or wrote of it
/// (another tab or window went on with the game).
pub fn moved_on(id: &str) -> bool {
    let known = OPEN.with(|o| o.borrow().as_ref().filter(|o| o.id == id).map(|o| o.revision));
    let stored = raw_get(&format!("{SAVE_PREFIX}{id}"));
    matches!((known, stored), (Some(k), Some(t)) if overwrite(Some(&t), k) == Overwrite::Stale)
}

/// Why a save was not written.
#[derive(Clone, PartialEq, Debug)]
pub enum SaveError {
    /// The browser refused (storage full or blocked): a warning; the game goes on.
    Refused(String),
    /// The stored save is newer (another tab or window, or a newer version of the game): it
    /// was left as it is.
    MovedOn,
}

/// A saved game as listed on the start screen.
#[derive(Clone, PartialEq, Debug)]
pub enum Listed {
    /// A readable save.
    Ok { id: String, summary: String, updated: f64 },
    /// A save that can't be read: its id and why.
    Broken { id: String, reason: String },
}

fn raw_keys() -> Vec<String> {
    stored_keys()
}

fn raw_get(key: &str) -> Option<String> {
    stored(key)
}

/// The language a summary written now is in (as [`SaveFile::lang`] stores it).
fn summary_lang() -> String {
    match crate::i18n::lang() {
        crate::i18n::Lang::En => String::new(),
        l => l.code().to_string(),
    }
}

/// A save as of one write, in one language: (id, updated, language).
type Telling = (String, u64, String);

thread_local! {
    /// Summaries told again in the page's language.
    static RETOLD: RefCell<Vec<(Telling, String)>> = const { RefCell::new(Vec::new()) };
}

/// A save's summary in the page's language: as stored when it is in it, else told again from
/// the record (once per save, language and write).
fn summary_now(id: &str, updated: f64, f: &SaveFile) -> String {
    let lang = summary_lang();
    if f.lang == lang {
        return f.summary.clone();
    }
    let key = (id.to_string(), updated as u64, lang);
    if let Some(s) = RETOLD.with(|r| r.borrow().iter().find(|(k, _)| *k == key).map(|(_, s)| s.clone())) {
        return s;
    }
    let told = AnySession::from_record(id.to_string(), &f.record).map_or_else(|_| f.summary.clone(), |s| s.summary());
    RETOLD.with(|r| r.borrow_mut().push((key, told.clone())));
    told
}

/// Every saved game, newest first.
pub fn list() -> Vec<Listed> {
    let mut out: Vec<Listed> = raw_keys()
        .into_iter()
        .filter_map(|k| k.strip_prefix(SAVE_PREFIX).map(str::to_string))
        .map(|id| match raw_get(&format!("{SAVE_PREFIX}{id}")).ok_or_else(|| crate::tr!(String AppSaveUnreadable)).and_then(|t| parse_save(&t)) {
            Ok(f) => Listed::Ok { summary: summary_now(&id, f.updated, &f), id, updated: f.updated },
            Err(reason) => {
                // Keep the unreadable text before anything else can happen to it.
                if let Some(text) = raw_get(&format!("{SAVE_PREFIX}{id}"))
                    && raw_get(&format!("{BACKUP_PREFIX}{id}")).as_deref() != Some(text.as_str())
                {
                    backup(&id, &text);
                }
                Listed::Broken { id, reason }
            }
        })
        .collect();
    out.sort_by(|a, b| {
        let t = |l: &Listed| if let Listed::Ok { updated, .. } = l { *updated } else { f64::MAX };
        t(b).partial_cmp(&t(a)).unwrap_or(std::cmp::Ordering::Equal)
    });
    out
}

/// Loads a saved game. A save that can't be loaded keeps its raw text under a backup key.
///
/// # Errors
/// Why the save can't be continued, in words.
pub fn load(id: &str) -> Result<AnySession, String> {
    let key = format!("{SAVE_PREFIX}{id}");
    let text = raw_get(&key).ok_or_else(|| crate::tr!(String AppSaveGone))?;
    let result = parse_save(&text).and_then(|f| AnySession::from_record(id.to_string(), &f.record).map(|s| (s, f.revision)).map_err(|e| crate::tr!(AppSaveRecordDamaged, reason = e)));
    match result {
        Ok((s, revision)) => {
            remember(id, revision, &s.record());
            Ok(s)
        }
        Err(e) => {
            backup(id, &text);
            Err(e)
        }
    }
}

fn backup(id: &str, text: &str) {
    let _ = store(&format!("{BACKUP_PREFIX}{id}"), text);
}

/// Saves a game, unless its record is what this tab last read or wrote.
///
/// # Errors
/// [`SaveError::MovedOn`] when the stored save is newer than this tab's state of the game (it
/// is left as it is); a warning when the browser refused (storage full or blocked).
pub fn save(id: &str, summary: &str, record: &str) -> Result<(), SaveError> {
    let known = OPEN.with(|o| match o.borrow().as_ref().filter(|o| o.id == id) {
        Some(o) if o.record == record => None,
        Some(o) => Some(o.revision),
        None => Some(0),
    });
    let Some(known) = known else { return Ok(()) };
    let key = format!("{SAVE_PREFIX}{id}");
    let stored = raw_get(&key);
    let revision = match overwrite(stored.as_deref(), known) {
        Overwrite::Write(r) => r,
        Overwrite::Stale => return Err(SaveError::MovedOn),
        Overwrite::Unreadable(r) => {
            backup(id, stored.as_deref().unwrap_or_default());
            r
        }
    };
    let file = SaveFile {
        format: SAVE_FORMAT.into(),
        version: SAVE_VERSION,
        revision,
        id: id.to_string(),
        updated: js_sys::Date::now(),
        summary: summary.to_string(),
        lang: summary_lang(),
        record: record.to_string(),
    };
    let text = serde_json::to_string(&file).map_err(|e| SaveError::Refused(e.to_string()))?;
    if !store(&key, &text) {
        return Err(SaveError::Refused(crate::tr!(String AppSaveStorageFull)));
    }
    remember(id, revision, record);
    Ok(())
}

/// A deleted game as it was stored, for an undo: every key that went and its text.
#[derive(Clone, PartialEq, Debug)]
pub struct Deleted(Vec<(String, String)>);

/// Deletes a save (a broken one keeps its backup) and every key remote play kept beside it
/// (its table link's secret, the host's key, the seats, the lock, the "Play again" mark, the
/// relays' guard memories); returns what went, for an undo (`None`: nothing was stored).
pub fn delete(id: &str) -> Option<Deleted> {
    let keys = std::iter::once(format!("{SAVE_PREFIX}{id}")).chain(game_keys(id));
    let gone: Vec<(String, String)> = keys.filter_map(|k| raw_get(&k).map(|text| (k, text))).collect();
    for (key, _) in &gone {
        unstore(key);
    }
    (!gone.is_empty()).then_some(Deleted(gone))
}

/// Puts a deleted game back as it was: its save and every key kept beside it.
pub fn restore(deleted: &Deleted) {
    for (key, text) in &deleted.0 {
        let _ = store(key, text);
    }
}

/// A seat of a hosted game that a friend plays on their own device, as the host's device keeps
/// it beside the save.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NetSeat {
    /// The seat.
    pub colour: crate::engine::Colour,
    /// Its join token, once its first invite was made (`None` before).
    pub token: Option<u64>,
    /// A friend sat down in it: after a reload it is still theirs, not offered to others.
    pub taken: bool,
}

/// The seats of game `id` that friends play on their own devices (`red:123:t`: seat, token,
/// taken; older entries without the last parts read as not taken).
pub fn net_seats(id: &str) -> Vec<NetSeat> {
    let text = raw_get(&format!("{NET_HOST_PREFIX}{id}")).unwrap_or_default();
    text.split_whitespace()
        .filter_map(|part| {
            let mut p = part.split(':');
            let colour = crate::engine::Colour::parse(p.next()?)?;
            let token = p.next().and_then(|t| t.parse().ok());
            Some(NetSeat { colour, token, taken: p.next() == Some("t") })
        })
        .collect()
}

/// Remembers the seats friends play in game `id` (kept beside its save).
pub fn set_net_seats(id: &str, seats: &[NetSeat]) {
    let text: Vec<String> = seats
        .iter()
        .map(|s| match s.token {
            None => s.colour.name().to_string(),
            Some(t) => format!("{}:{t}{}", s.colour.name(), if s.taken { ":t" } else { "" }),
        })
        .collect();
    let _ = store(&format!("{NET_HOST_PREFIX}{id}"), &text.join(" "));
}

/// The secret of game `id`'s table link (base64url), kept from its first hosting on, so a
/// reloaded or continued host meets its friends where they wait.
pub fn net_table(id: &str) -> Option<String> {
    raw_get(&format!("{NET_TABLE_PREFIX}{id}")).filter(|s| s.len() <= 64)
}

/// Keeps the secret of game `id`'s table link.
pub fn set_net_table(id: &str, secret: &str) {
    let _ = store(&format!("{NET_TABLE_PREFIX}{id}"), secret);
}

/// The host's signing key of game `id`'s table (its private half as PKCS #8, its public half
/// raw): a reloaded or continued host is still the one its table link names.
pub fn net_key(id: &str) -> Option<(Vec<u8>, Vec<u8>)> {
    let text = raw_get(&format!("{NET_KEY_PREFIX}{id}")).filter(|s| s.len() <= 1024)?;
    let (private, public) = text.split_once('.')?;
    Some((crate::app::share::base64url_decode(private).ok()?, crate::app::share::base64url_decode(public).ok()?))
}

/// Keeps the host's signing key of game `id`'s table.
pub fn set_net_key(id: &str, private: &[u8], public: &[u8]) {
    let text = format!("{}.{}", crate::app::share::base64url_encode(private), crate::app::share::base64url_encode(public));
    let _ = store(&format!("{NET_KEY_PREFIX}{id}"), &text);
}

/// Marks game `id` as the next game at a table ("Play again"): when it is hosted, every seat
/// gets a new token over its channel.
pub fn set_net_again(id: &str) {
    let _ = store(&format!("{NET_AGAIN_PREFIX}{id}"), "1");
}

/// Whether game `id` was marked as the next game at a table (the mark is read once).
pub fn take_net_again(id: &str) -> bool {
    let key = format!("{NET_AGAIN_PREFIX}{id}");
    let marked = raw_get(&key).is_some();
    unstore(&key);
    marked
}

/// Whether the host locked game `id`'s table (no device sits down).
pub fn net_locked(id: &str) -> bool {
    raw_get(&format!("{NET_LOCKED_PREFIX}{id}")).is_some()
}

/// Locks or unlocks game `id`'s table.
pub fn set_net_locked(id: &str, locked: bool) {
    let key = format!("{NET_LOCKED_PREFIX}{id}");
    if locked {
        let _ = store(&key, "1");
    } else {
        unstore(&key);
    }
}

/// The host's relays as written in its panel (`None`: never set; empty: relays off).
pub fn net_relays() -> Option<String> {
    raw_get(NET_RELAYS_KEY)
}

/// Keeps the host's relays.
pub fn set_net_relays(text: &str) {
    let _ = store(NET_RELAYS_KEY, text.trim());
}

/// The seat this device took at the table of link secret `secret`: its colour, join token and
/// the game's tag (a reload or a lost connection comes back to it).
pub fn net_seat(secret: &str) -> Option<(crate::engine::Colour, u64, u32)> {
    let s = crate::app::net::kept::KeptSeat::read(&raw_get(&format!("{NET_SEAT_PREFIX}{secret}"))?)?;
    Some((s.colour, s.token, s.tag))
}

/// Remembers (or with `None` forgets) the seat this device took at the table of `secret`, as
/// used now. The seats kept longest unused go beyond [`crate::app::net::kept::MAX_KEPT_SEATS`].
pub fn set_net_seat(secret: &str, seat: Option<(crate::engine::Colour, u64, u32)>) {
    use crate::app::net::kept::{seats_to_drop, KeptSeat};
    let key = format!("{NET_SEAT_PREFIX}{secret}");
    match seat {
        Some((colour, token, tag)) => {
            let others: Vec<(String, String)> = raw_keys()
                .into_iter()
                .filter_map(|k| Some((k.strip_prefix(NET_SEAT_PREFIX)?.to_string(), raw_get(&k).unwrap_or_default())))
                .filter(|(s, _)| s != secret)
                .collect();
            for old in seats_to_drop(&others) {
                unstore(&format!("{NET_SEAT_PREFIX}{old}"));
            }
            let _ = store(&key, &KeptSeat { colour, token, tag, used_ms: js_sys::Date::now() as u64 }.text());
        }
        None => unstore(&key),
    }
}

/// The host's ICE servers as written in its settings (`None`: never set).
pub fn net_ice() -> Option<String> {
    raw_get(NET_ICE_KEY)
}

/// Keeps the host's ICE servers for new invites.
pub fn set_net_ice(text: &str) {
    let _ = store(NET_ICE_KEY, text.trim());
}

/// Whether the host asked to connect through TURN only (its settings; off until set).
pub fn net_turn_only() -> bool {
    raw_get(NET_TURN_ONLY_KEY).is_some()
}

/// Keeps the host's "Connect through TURN only" setting.
pub fn set_net_turn_only(on: bool) {
    if on {
        let _ = store(NET_TURN_ONLY_KEY, "1");
    } else {
        unstore(NET_TURN_ONLY_KEY);
    }
}

// ---- Links under local names ----------------------------------------------------------------
// A friend's or watcher's address shows `#at=<name>` instead of the link's secret: the link is
// kept here under that name. In localStorage, or where it refuses (blocked, full) in this tab's
// sessionStorage, which a reload of the tab still has; every call of either may throw, and
// each one's error is taken as a refusal.

/// The storages a link may be kept in, in the order tried: localStorage, this tab's sessionStorage.
fn link_areas() -> Vec<web_sys::Storage> {
    let session = web_sys::window().and_then(|w| w.session_storage().ok().flatten());
    [super::feature::storage(), session].into_iter().flatten().collect()
}

/// The names kept in `area`: each with its last use and its link's `#` part (a text that
/// can't be read counts as used at 0, the first to go, and as no link).
fn named_in(area: &web_sys::Storage) -> Vec<(String, u64, Option<String>)> {
    let n = area.length().unwrap_or(0);
    (0..n)
        .filter_map(|i| area.key(i).ok().flatten())
        .filter_map(|k| {
            let name = k.strip_prefix(NET_AT_PREFIX)?.to_string();
            let text = area.get_item(&k).ok().flatten().unwrap_or_default();
            let read = crate::app::net::kept::read_named_link(&text).map(|(used, hash)| (used, hash.to_string()));
            Some((name, read.as_ref().map_or(0, |r| r.0), read.map(|r| r.1)))
        })
        .collect()
}

/// A local name not among `taken`.
fn fresh_link_name(taken: &[(String, u64, Option<String>)]) -> String {
    let mut name = String::new();
    for _ in 0..4 {
        // The clock's bytes where the random source fails: a name needs to be new, not secret.
        let mut b = [0u8; 6];
        b.copy_from_slice(&(js_sys::Date::now() as u64).to_le_bytes()[..6]);
        let _ = getrandom::fill(&mut b);
        name = crate::app::net::kept::link_name(&b);
        if !taken.iter().any(|(n, ..)| *n == name) {
            break;
        }
    }
    name
}

/// Keeps a table or watch link (its address's `#` part, without the `#`) under a local name and
/// returns the name; the same link kept before keeps its name. The oldest names go beyond
/// [`crate::app::net::kept::MAX_NAMED_LINKS`]. `None`: no storage keeps it.
pub fn name_link(hash: &str) -> Option<String> {
    use crate::app::net::kept::{named_link_text, names_to_drop};
    let now = js_sys::Date::now() as u64;
    for area in link_areas() {
        let kept = named_in(&area);
        let same = kept.iter().find(|(_, _, h)| h.as_deref() == Some(hash)).map(|(n, ..)| n.clone());
        let name = same.unwrap_or_else(|| fresh_link_name(&kept));
        if area.set_item(&format!("{NET_AT_PREFIX}{name}"), &named_link_text(now, hash)).is_ok() {
            let others: Vec<(String, u64)> = kept.into_iter().filter(|(n, ..)| *n != name).map(|(n, used, _)| (n, used)).collect();
            for old in names_to_drop(&others, 1) {
                let _ = area.remove_item(&format!("{NET_AT_PREFIX}{old}"));
            }
            return Some(name);
        }
    }
    None
}

/// The link kept under local name `name` (its `#` part), if this device keeps it.
pub fn named_link(name: &str) -> Option<String> {
    if !crate::app::net::kept::is_link_name(name) {
        return None;
    }
    let key = format!("{NET_AT_PREFIX}{name}");
    link_areas().into_iter().find_map(|area| {
        let text = area.get_item(&key).ok().flatten()?;
        crate::app::net::kept::read_named_link(&text).map(|(_, hash)| hash.to_string())
    })
}

/// Keeps `hash` under local name `name` where that name is kept, as used now; `false` when no
/// storage keeps the name or it refused.
pub fn set_named_link(name: &str, hash: &str) -> bool {
    if !crate::app::net::kept::is_link_name(name) {
        return false;
    }
    let key = format!("{NET_AT_PREFIX}{name}");
    let text = crate::app::net::kept::named_link_text(js_sys::Date::now() as u64, hash);
    link_areas().into_iter().find(|area| area.get_item(&key).ok().flatten().is_some()).is_some_and(|area| area.set_item(&key, &text).is_ok())
}

const LANG_KEY: &str = "loewenherz/lang";

/// The language the player chose from the menu (a code like `de`), if any.
pub fn lang_choice() -> Option<String> {
    raw_get(LANG_KEY)
}

/// Remembers the player's choice of language.
pub fn remember_lang(code: &str) {
    let _ = store(LANG_KEY, code);
}

const PACE_KEY: &str = "loewenherz/pace";

/// The pace computers' moves and the others' moves since one's turn are shown at, as last chosen
/// on this device (`Pace::code`).
pub fn pace() -> u32 {
    raw_get(PACE_KEY).and_then(|p| p.parse().ok()).unwrap_or(0)
}

/// Remembers the pace chosen.
pub fn remember_pace(code: u32) {
    let _ = store(PACE_KEY, &code.to_string());
}

/// A fresh id for a new save.
pub fn new_id() -> String {
    let mut b = [0u8; 6];
    let _ = getrandom::fill(&mut b);
    format!("g{}-{}", js_sys::Date::now() as u64, b.iter().map(|x| format!("{x:02x}")).collect::<String>())
}

/// A number for a host's offer round (tells one offer from the next; no secret).
pub fn fresh_round() -> u32 {
    let mut b = [0u8; 4];
    let _ = getrandom::fill(&mut b);
    u32::from_le_bytes(b)
}

/// A new game's seed, drawn from 128 random bits (`Seed::fresh`), so that no one can find the
/// deal by trying seeds against the public board.
///
/// # Errors
/// The browser's random source failed: no game starts on a guessable seed.
pub fn fresh_seed() -> Result<crate::engine::Seed, String> {
    crate::engine::Seed::draw(getrandom::fill).map_err(|_| crate::tr!(String ScreenNoRandom))
}

/// Where the games played to their end live (`app::history`): this prefix and the game's save
/// id, one key per game, so a game is kept once however often its end is drawn, and two tabs
/// never write over each other's games.
pub const HISTORY_PREFIX: &str = "loewenherz/history/";
/// How many kept games were dropped for room and not yet told on the "Your games" screen.
const HISTORY_DROPPED_KEY: &str = "loewenherz/history-dropped";

/// The revision of game `id` this tab last read or wrote (to tell whether a save wrote).
pub fn known_revision(id: &str) -> Option<u64> {
    OPEN.with(|o| o.borrow().as_ref().filter(|o| o.id == id).map(|o| o.revision))
}

/// Every kept game, newest first (those that can't be read first of all, with why; their text
/// is left as it is).
pub fn history() -> Vec<crate::app::history::Kept> {
    use crate::app::history::{parse_entry, Kept};
    let mut out: Vec<Kept> = raw_keys()
        .into_iter()
        .filter_map(|k| Some((k.strip_prefix(HISTORY_PREFIX)?.to_string(), raw_get(&k)?)))
        .map(|(id, text)| parse_entry(&text).map_or_else(|reason| Kept::Broken { id, reason }, Kept::Ok))
        .collect();
    let t = |k: &Kept| if let Kept::Ok(e) = k { e.ended } else { f64::MAX };
    crate::app::history::order(&mut out, |a, b| t(a) > t(b) || (t(a) == t(b) && a.id() < b.id()));
    out
}

/// A kept game.
pub fn kept(id: &str) -> Option<crate::app::history::Entry> {
    crate::app::history::parse_entry(&raw_get(&format!("{HISTORY_PREFIX}{id}"))?).ok()
}

/// Keeps a finished game, unless it is kept already. Room is made by dropping the oldest kept
/// games — beyond [`crate::app::history::MAX_GAMES`], then one by one while the browser
/// refuses — never one that can't be read; when even that can't make room, the dropped ones
/// are put back and nothing is lost but this game's entry.
///
/// # Errors
/// Storage full, in words. `Ok` says how many games were dropped.
pub fn keep_finished(e: &crate::app::history::Entry) -> Result<u32, String> {
    use crate::app::history::{drop_order, write_entry, Kept};
    let key = format!("{HISTORY_PREFIX}{}", e.id);
    if raw_get(&key).is_some() {
        return Ok(0);
    }
    let stored: Vec<(String, f64)> = history().into_iter().filter_map(|k| if let Kept::Ok(x) = k { Some((x.id, x.ended)) } else { None }).collect();
    let (over, order) = drop_order(&stored, 1);
    let mut order = order.into_iter();
    let mut dropped: Vec<(String, String)> = Vec::new();
    let mut drop_one = |dropped: &mut Vec<(String, String)>| {
        let id = order.next()?;
        let text = forget(&id)?;
        dropped.push((id, text));
        Some(())
    };
    for _ in 0..over {
        drop_one(&mut dropped);
    }
    let text = write_entry(e);
    while !store(&key, &text) {
        if drop_one(&mut dropped).is_none() {
            for (id, text) in &dropped {
                restore_kept(id, text);
            }
            return Err(crate::tr!(String HistoryFull));
        }
    }
    let n = dropped.len() as u32;
    if n > 0 {
        let _ = store(HISTORY_DROPPED_KEY, &(history_dropped() + n).to_string());
    }
    Ok(n)
}

/// Deletes a kept game; returns its text, for an undo.
pub fn forget(id: &str) -> Option<String> {
    let key = format!("{HISTORY_PREFIX}{id}");
    let text = raw_get(&key);
    unstore(&key);
    text
}

/// Puts a deleted kept game back as it was.
pub fn restore_kept(id: &str, text: &str) {
    let _ = store(&format!("{HISTORY_PREFIX}{id}"), text);
}

/// How many kept games were dropped for room since the "Your games" screen last said so.
pub fn history_dropped() -> u32 {
    raw_get(HISTORY_DROPPED_KEY).and_then(|t| t.parse().ok()).unwrap_or(0)
}

/// The drop was told.
pub fn history_dropped_seen() {
    unstore(HISTORY_DROPPED_KEY);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ai::{play_game, Level};
    use crate::engine::{classic, newed, Colour};
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    /// A finished 4-player game of each edition, played by random computers.
    fn finished_records() -> Vec<(&'static str, String)> {
        let players = vec![Colour::Red, Colour::Yellow, Colour::Purple, Colour::Grey];
        let bots: Vec<(Colour, Level)> = players.iter().map(|&c| (c, Level::Random)).collect();
        let setup = classic::setup::Setup::new(players, crate::engine::classic::SetupKind::Basic, 5);
        let (game, _) = classic::game::Game::new(&setup).unwrap();
        let (_, moves, _) = play_game(game, &bots, 5.into(), || 0.0).unwrap();
        let classic = classic::record::write_record(&setup, &[], &moves);
        let players = vec![Colour::Red, Colour::Blue, Colour::Orange, Colour::Yellow];
        let bots: Vec<(Colour, Level)> = players.iter().map(|&c| (c, Level::Random)).collect();
        let setup = newed::Setup::new(players, 5);
        let (game, _) = newed::Game::new(&setup).unwrap();
        let spelled = game.spelled_out(&setup);
        let (_, moves, _) = play_game(game, &bots, 5.into(), || 0.0).unwrap();
        vec![("Classic", classic), ("New Edition", newed::record::write_record(&spelled, &[], &moves))]
    }

    fn now() -> f64 {
        let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).unwrap();
        let now: js_sys::Function = js_sys::Reflect::get(&performance, &"now".into()).unwrap().into();
        now.call0(&performance).unwrap().as_f64().unwrap()
    }

    /// Deleting a game deletes what remote play kept beside it (both guard memories too), not
    /// another game's; its undo brings every text back as it was.
    #[wasm_bindgen_test]
    fn deleting_a_game_takes_its_remote_play_keys_and_the_undo_brings_them_back() {
        let (id, other) = ("delete-test", "delete-test-other");
        let mut keys = vec![format!("{SAVE_PREFIX}{id}")];
        keys.extend(game_keys(id));
        for (i, k) in keys.iter().enumerate() {
            assert!(store(k, &format!("text {i}")));
        }
        let others = game_keys(other);
        assert!(store(&others[0], "another game's"));
        let gone = delete(id).expect("something was deleted");
        assert!(keys.iter().all(|k| raw_get(k).is_none()), "every key of the game went");
        assert_eq!(raw_get(&others[0]).as_deref(), Some("another game's"));
        restore(&gone);
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(raw_get(k), Some(format!("text {i}")), "{k} is back");
        }
        assert!(delete(id).is_some() && delete(id).is_none(), "nothing left to delete the second time");
        unstore(&others[0]);
    }

    /// Saving after every move stays fast as a game grows: a finished game's save is written
    /// 100 times (each write the whole path: read the stored head, check the revision, write)
    /// and read back intact with the revision grown by one per write. The times are printed
    /// for `scripts/save-timing.sh`, never asserted.
    #[wasm_bindgen_test]
    fn a_finished_games_save_is_written_and_read_back_100_times() {
        for (edition, record) in finished_records() {
            let id = format!("timing-{}", edition.len());
            delete(&id);
            OPEN.with(|o| o.borrow_mut().take());
            let mut times = Vec::new();
            for i in 0..100u64 {
                // The record must differ from the last one written, else nothing is written.
                remember(&id, i, "");
                let t = now();
                save(&id, "timing", &record).unwrap();
                times.push(now() - t);
            }
            let file = parse_save(&raw_get(&format!("{SAVE_PREFIX}{id}")).unwrap()).unwrap();
            assert_eq!((file.revision, file.record.as_str()), (100, record.as_str()));
            assert!(matches!(load(&id), Ok(s) if s.summary().ends_with("· finished")), "the finished game loads back");
            delete(&id);
            times.sort_by(f64::total_cmp);
            wasm_bindgen_test::console_log!("save timing: {edition}, {} kB record, 100 saves: median {:.2} ms, max {:.2} ms", record.len() / 1024, times[50], times[99]);
        }
    }
}
