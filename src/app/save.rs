//! The save format: a small JSON envelope around the game record, with a format version (older
//! formats are migrated) and a revision that grows with every write, so that a tab holding an
//! older state of the game never overwrites a newer one.

use crate::engine::notation::shown;
use crate::tr;
use serde::{Deserialize, Serialize};

/// Save format version written by this build. 1: the envelope without a revision (builds up
/// to November 2026); 2: with `revision`.
pub const SAVE_VERSION: u32 = 2;
/// Marker of our saves.
pub const SAVE_FORMAT: &str = "loewenherz-save";

/// One saved game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SaveFile {
    /// Always [`SAVE_FORMAT`].
    pub format: String,
    /// Format version.
    pub version: u32,
    /// Grows by one with every write of this save (undo included); a save migrated from
    /// format 1 (which had none) has revision 0.
    #[serde(default)]
    pub revision: u64,
    /// Save id (also in the storage key).
    pub id: String,
    /// When it was last saved (ms since 1970).
    pub updated: f64,
    /// For the list of saved games.
    pub summary: String,
    /// The language `summary` is in (`de`, `it`; empty: English, as every save before it).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub lang: String,
    /// The game record (shared/NOTATION.md).
    pub record: String,
}

/// The envelope's head, read without the record's fields being checked.
#[derive(Deserialize)]
struct Probe {
    format: Option<String>,
    version: Option<u32>,
    revision: Option<u64>,
}

fn probe(text: &str) -> Result<Probe, String> {
    let p: Probe = serde_json::from_str(text).map_err(|_| tr!(String AppSaveNotJson))?;
    if p.format.as_deref() != Some(SAVE_FORMAT) {
        return Err(tr!(String AppSaveNotOurs));
    }
    Ok(p)
}

fn damaged(e: serde_json::Error) -> String {
    tr!(AppSaveDamaged, detail = shown(&e.to_string()))
}

/// Reads a save's text: this format as it is, format 1 migrated; a clear message for anything
/// else.
///
/// # Errors
/// What is wrong with it, in words (one line, the input's part of it shortened and escaped).
pub fn parse_save(text: &str) -> Result<SaveFile, String> {
    match probe(text)?.version {
        Some(SAVE_VERSION) => serde_json::from_str(text).map_err(damaged),
        Some(1) => from_v1(text),
        Some(v) if v > SAVE_VERSION => Err(tr!(AppSaveNewer, version = v)),
        Some(v) => Err(tr!(AppSaveUnknownFormat, version = v)),
        None => Err(tr!(String AppSaveNoVersion)),
    }
}

/// Format 1 had no revision: the save becomes revision 0 of format 2, everything else kept.
fn from_v1(text: &str) -> Result<SaveFile, String> {
    let v1: SaveFile = serde_json::from_str(text).map_err(damaged)?;
    Ok(SaveFile { version: SAVE_VERSION, revision: 0, ..v1 })
}

/// Why a save must not be written over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Overwrite {
    /// Write it with this revision.
    Write(u64),
    /// The stored save is newer than the state being written (another tab or window went on
    /// with the game) or comes from a newer version of the game: leave it as it is.
    Stale,
    /// What is stored can't be read: keep a backup of it, then write this revision.
    Unreadable(u64),
}

/// Whether a writer that last read or wrote revision `known` may replace `stored` (the save's
/// present text, if any), and with which revision. Reads only the envelope's head.
pub fn overwrite(stored: Option<&str>, known: u64) -> Overwrite {
    let Some(text) = stored else { return Overwrite::Write(known + 1) };
    match probe(text) {
        Ok(Probe { version: Some(v), revision, .. }) if (1..=SAVE_VERSION).contains(&v) => {
            let r = revision.unwrap_or(0);
            if r > known { Overwrite::Stale } else { Overwrite::Write(known + 1) }
        }
        Ok(Probe { version: Some(v), .. }) if v > SAVE_VERSION => Overwrite::Stale,
        _ => Overwrite::Unreadable(known + 1),
    }
}

/// The revision of a save's text (0 for format 1), if it is one of ours that this build reads.
pub fn revision_of(text: &str) -> Option<u64> {
    match probe(text).ok()? {
        Probe { version: Some(1), .. } => Some(0),
        Probe { version: Some(SAVE_VERSION), revision: Some(r), .. } => Some(r),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn save(revision: u64) -> SaveFile {
        SaveFile { format: SAVE_FORMAT.into(), version: SAVE_VERSION, revision, id: "g1".into(), updated: 1.0, summary: "x".into(), lang: String::new(), record: "[Edition \"classic\"]".into() }
    }

    #[test]
    fn saves_round_trip_and_bad_ones_are_named() {
        let s = save(3);
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(parse_save(&text).unwrap(), s);
        assert!(parse_save("{not json").unwrap_err().contains("damaged"));
        assert!(parse_save(r#"{"format":"other"}"#).unwrap_err().contains("not a Löwenherz"));
        assert!(parse_save(&text.replace("\"version\":2", "\"version\":0")).unwrap_err().contains("not one any version"));
        assert!(parse_save(&text.replace("\"version\":2", "\"version\":9")).unwrap_err().contains("newer"));
    }

    #[test]
    fn a_format_1_save_becomes_revision_0() {
        let v1 = r#"{"format":"loewenherz-save","version":1,"id":"g1","updated":1.0,"summary":"x","record":"[Edition \"classic\"]"}"#;
        assert_eq!(parse_save(v1).unwrap(), save(0));
        assert_eq!(revision_of(v1), Some(0));
    }

    #[test]
    fn a_damaged_save_gets_one_short_line() {
        let long = format!(r#"{{"format":"loewenherz-save","version":2,"revision":"{}\u001b[2J"}}"#, "x".repeat(100_000));
        let e = parse_save(&long).unwrap_err();
        assert!(e.len() < 120 && !e.contains('\u{1b}') && !e.contains('\n'), "{e}");
    }

    #[test]
    fn only_a_writer_that_knows_the_latest_revision_may_write() {
        let at = |r: u64| serde_json::to_string(&save(r)).unwrap();
        assert_eq!(overwrite(None, 0), Overwrite::Write(1));
        assert_eq!(overwrite(Some(&at(4)), 4), Overwrite::Write(5));
        // Another tab wrote revision 5 after this one read 4.
        assert_eq!(overwrite(Some(&at(5)), 4), Overwrite::Stale);
        // A newer build's save is never written over by this one.
        assert_eq!(overwrite(Some(&at(5).replace("\"version\":2", "\"version\":3")), 9), Overwrite::Stale);
        assert_eq!(overwrite(Some("{broken"), 2), Overwrite::Unreadable(3));
        let v1 = r#"{"format":"loewenherz-save","version":1,"id":"g1","updated":1.0,"summary":"x","record":""}"#;
        assert_eq!(overwrite(Some(v1), 0), Overwrite::Write(1));
    }

    #[test]
    fn a_save_that_cant_be_read_is_explained_in_the_players_language() {
        use crate::i18n::{set_lang, Lang};
        crate::i18n::tests::install_all();
        let newer = serde_json::to_string(&save(1)).unwrap().replace("\"version\":2", "\"version\":9");
        set_lang(Lang::De);
        assert_eq!(parse_save(&newer).unwrap_err(), "dieser Spielstand stammt aus einer neueren Version des Spiels (Format 9); öffne ihn dort");
        assert!(parse_save("{not json").unwrap_err().starts_with("dieser Spielstand ist beschädigt"));
        set_lang(Lang::It);
        assert!(parse_save(&newer).unwrap_err().contains("versione più recente"));
        assert_eq!(parse_save(r#"{"format":"other"}"#).unwrap_err(), "questo non è un salvataggio di Löwenherz");
        set_lang(Lang::En);
    }
}
