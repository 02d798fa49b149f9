//! The save format: a small JSON envelope around the game record.

use serde::{Deserialize, Serialize};

/// Save format version written by this build.
pub const SAVE_VERSION: u32 = 1;
/// Marker of our saves.
pub const SAVE_FORMAT: &str = "loewenherz-save";

/// One saved game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SaveFile {
    /// Always [`SAVE_FORMAT`].
    pub format: String,
    /// Format version.
    pub version: u32,
    /// Save id (also in the storage key).
    pub id: String,
    /// When it was last saved (ms since 1970).
    pub updated: f64,
    /// For the list of saved games.
    pub summary: String,
    /// The game record (shared/NOTATION.md).
    pub record: String,
}

/// Reads a save's text, with a clear message for anything but a save of this version.
///
/// # Errors
/// What is wrong with it, in words.
pub fn parse_save(text: &str) -> Result<SaveFile, String> {
    #[derive(Deserialize)]
    struct Probe {
        format: Option<String>,
        version: Option<u32>,
    }
    let probe: Probe = serde_json::from_str(text).map_err(|_| "this save is damaged (it is not readable JSON)".to_string())?;
    if probe.format.as_deref() != Some(SAVE_FORMAT) {
        return Err("this is not a Löwenherz save".into());
    }
    match probe.version {
        Some(SAVE_VERSION) => {}
        Some(v) if v < SAVE_VERSION => return Err(format!("this save comes from an older version of the game (format {v}) that this version can't read")),
        Some(v) => return Err(format!("this save comes from a newer version of the game (format {v})")),
        None => return Err("this save has no version".into()),
    }
    serde_json::from_str(text).map_err(|e| format!("this save is damaged ({e})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_round_trip_and_bad_ones_are_named() {
        let s = SaveFile { format: SAVE_FORMAT.into(), version: SAVE_VERSION, id: "g1".into(), updated: 1.0, summary: "x".into(), record: "[Edition \"classic\"]".into() };
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(parse_save(&text).unwrap(), s);
        assert!(parse_save("{not json").unwrap_err().contains("damaged"));
        assert!(parse_save(r#"{"format":"other"}"#).unwrap_err().contains("not a Löwenherz"));
        assert!(parse_save(&text.replace("\"version\":1", "\"version\":0")).unwrap_err().contains("older version"));
        assert!(parse_save(&text.replace("\"version\":1", "\"version\":9")).unwrap_err().contains("newer"));
    }
}
