//! Scoring: the founding table, points with their reasons (R-B10, R-C4), mountains.

use crate::engine::board::land::Terrain;
use crate::engine::colour::Colour;
use super::event::{Event, ScoreReason};
use super::game::Game;

impl Game {
    /// The change `delta` makes to the score of `c`: none for the neutral colour (R-C4), and
    /// never below 0 (R-B10).
    pub(super) fn score_change(&self, c: Colour, delta: i32) -> i32 {
        if !self.is_player(c) {
            return 0;
        }
        if delta < 0 { -(self.scores[c].min(delta.unsigned_abs()) as i32) } else { delta }
    }

    pub(super) fn add_score(&mut self, c: Colour, delta: i32, reason: ScoreReason, ev: &mut Vec<Event>) {
        let applied = self.score_change(c, delta);
        if applied == 0 {
            return;
        }
        self.scores[c] = self.scores[c].saturating_add_signed(applied);
        let b = &mut self.breakdown[c];
        match reason {
            ScoreReason::Founding => b.provinces += applied,
            ScoreReason::Expansion => b.expansions += applied,
            ScoreReason::LostSpace | ScoreReason::NeutralZone => b.losses += applied,
            ScoreReason::SilverFind => b.silver_finds += applied,
            ScoreReason::FinalMountains => b.final_mountains += applied,
            ScoreReason::Deeds => b.deeds += applied,
        }
        ev.push(Event::Score { colour: c, delta: applied, reason });
    }

    /// Mountain spaces in `c`'s provinces (what a silver find and the end score).
    pub fn mountains(&self, c: Colour) -> u32 {
        self.board.provinces(c).map(|castle| self.board.land().count(self.board.component(castle).spaces, Terrain::Mountain) as u32).sum()
    }
}

/// Founding value of an area: the founding table plus 5 per city.
pub fn founding_value(spaces: usize, cities: usize) -> u32 {
    let base = match spaces {
        0 => 0,
        1..=4 => 3,
        5..=10 => 5,
        11..=20 => 7,
        21..=30 => 9,
        _ => 12,
    };
    base + 5 * cities as u32
}
