//! Who may sit at a table of each edition (both editions' setups and records check it).

use super::colour::{Colour, Edition};
use super::error::SetupError;

/// Checks a seating: 2–4 players, each once, all of the edition's colours (as is the neutral
/// colour, which no player may also hold).
///
/// # Errors
/// What is wrong.
pub fn check_seating(players: &[Colour], neutral: Option<Colour>, edition: Edition) -> Result<(), SetupError> {
    if !(2..=4).contains(&players.len()) {
        return Err(SetupError::PlayerCount);
    }
    for (i, c) in players.iter().enumerate() {
        if players[..i].contains(c) {
            return Err(SetupError::SeatedTwice(*c));
        }
    }
    if let Some(&colour) = players.iter().chain(&neutral).find(|c| !Colour::of(edition).contains(c)) {
        return Err(SetupError::NotEditionColour { colour, edition });
    }
    match neutral {
        Some(n) if players.contains(&n) => Err(SetupError::NeutralIsPlayer(n)),
        _ => Ok(()),
    }
}
