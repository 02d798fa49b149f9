//! The one place that touches localStorage (gloo-storage). Saves are JSON envelopes around
//! a game record; a save that can't be read is copied to a backup key and reported, and
//! never touches the other saves.

use crate::app::save::{parse_save, SaveFile, SAVE_FORMAT, SAVE_VERSION};
use crate::app::AnySession;
use gloo_storage::{LocalStorage, Storage};

const SAVE_PREFIX: &str = "loewenherz/save/";
const BACKUP_PREFIX: &str = "loewenherz/backup/";

/// A saved game as listed on the start screen.
#[derive(Clone, PartialEq, Debug)]
pub enum Listed {
    /// A readable save.
    Ok { id: String, summary: String, updated: f64 },
    /// A save that can't be read: its id and why.
    Broken { id: String, reason: String },
}

fn raw_keys() -> Vec<String> {
    let s = LocalStorage::raw();
    let n = s.length().unwrap_or(0);
    (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
}

fn raw_get(key: &str) -> Option<String> {
    LocalStorage::raw().get_item(key).ok().flatten()
}

/// Every saved game, newest first.
pub fn list() -> Vec<Listed> {
    let mut out: Vec<Listed> = raw_keys()
        .into_iter()
        .filter_map(|k| k.strip_prefix(SAVE_PREFIX).map(str::to_string))
        .map(|id| match raw_get(&format!("{SAVE_PREFIX}{id}")).ok_or_else(|| "it can't be read".to_string()).and_then(|t| parse_save(&t)) {
            Ok(f) => Listed::Ok { id, summary: f.summary, updated: f.updated },
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
    let text = raw_get(&key).ok_or("that save is gone")?;
    let result = parse_save(&text).and_then(|f| AnySession::from_record(id.to_string(), &f.record).map_err(|e| format!("its record is damaged ({e})")));
    if result.is_err() {
        backup(id, &text);
    }
    result
}

fn backup(id: &str, text: &str) {
    let _ = LocalStorage::raw().set_item(&format!("{BACKUP_PREFIX}{id}"), text);
}

/// Saves a game.
///
/// # Errors
/// A warning when the browser refused (storage full or blocked); the game goes on.
pub fn save(id: &str, summary: &str, record: &str) -> Result<(), String> {
    let file = SaveFile {
        format: SAVE_FORMAT.into(),
        version: SAVE_VERSION,
        id: id.to_string(),
        updated: js_sys::Date::now(),
        summary: summary.to_string(),
        record: record.to_string(),
    };
    let text = serde_json::to_string(&file).map_err(|e| e.to_string())?;
    LocalStorage::raw()
        .set_item(&format!("{SAVE_PREFIX}{id}"), &text)
        .map_err(|_| "This browser's storage is full or blocked: the game goes on, but it is not being saved. Export the record to keep it.".to_string())
}

/// Deletes a save (a broken one keeps its backup).
pub fn delete(id: &str) {
    LocalStorage::delete(format!("{SAVE_PREFIX}{id}"));
}

/// A fresh id for a new save.
pub fn new_id() -> String {
    let mut b = [0u8; 6];
    let _ = getrandom::fill(&mut b);
    format!("g{}-{}", js_sys::Date::now() as u64, b.iter().map(|x| format!("{x:02x}")).collect::<String>())
}

/// A fresh random seed.
pub fn fresh_seed() -> u64 {
    let mut b = [0u8; 4];
    let _ = getrandom::fill(&mut b);
    u32::from_le_bytes(b) as u64
}
