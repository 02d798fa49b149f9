//! Which board elements the player holding the device may tap now, and what a tap there
//! does, from the legal moves (both editions).

pub mod classic;
pub mod newed;

use crate::engine::Space;

/// A tap mode for multi-step choices on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Taps make the obvious move.
    Normal,
    /// Alliance: choose one's own province or region (its castle).
    AllianceOwn,
    /// Alliance: choose the foreign one.
    AllianceOther(Space),
    /// Classic Renegade: choose the foreign knight to remove.
    RenegadeRemove,
    /// Renegade: choose where one's own knight goes (after the Classic knight to remove, or
    /// the New Edition region's castle).
    RenegadePlace(Space),
}

/// What a tap on a space does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Target {
    /// Places a castle.
    Castle,
    /// Places a knight (drawn as a ghost knight).
    Knight,
    /// Expands a province or region into the space (drawn as a "+").
    Expand,
    /// Picks a castle or knight for a card (Alliance, Renegade, a knight to remove).
    Pick,
}

/// What a tap on the board does, decided from the holder's legal moves alone.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Tap<M> {
    /// Make this move.
    Play(M),
    /// Several moves could be meant (ways to pay, a knight or an expansion, which region): the
    /// player chooses; the notice asks.
    Choose(Vec<M>, String),
    /// Go on to this mode (a card's next tap); the notice says what to tap.
    Mode(Mode, String),
    /// Nothing to do here: say why, by asking the session about the move a tap here would mean.
    /// `at` names the place (the reason is shown as "At …: …"); `if_legal` is said when the
    /// move itself would be legal (the tap needs a choice the board can't make).
    Explain {
        /// The move a tap here would mean.
        guess: M,
        /// Where, for the words.
        at: Option<String>,
        /// What to say if the move is legal after all.
        if_legal: String,
    },
    /// Nothing to do here, and this is what to do instead.
    Notice(String),
    /// Nothing happens.
    Nothing,
}

pub(crate) fn add(out: &mut Vec<(Space, Target)>, s: Space, t: Target) {
    if !out.contains(&(s, t)) {
        out.push((s, t));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use super::newed::{decide, targets as newed_targets, Decision};
    use crate::engine::newed::{Game as NewGame, Setup as NewSetup};
    use crate::engine::Colour;

    #[test]
    fn a_new_edition_placement_tap_places_the_castle_and_then_offers_its_knight() {
        let (mut g, _) = NewGame::new(&NewSetup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42)).unwrap();
        let v = g.view(Some(Colour::Red));
        let (targets, edges) = newed_targets(&v, Mode::Normal);
        assert!(edges.is_none());
        let (s, t) = targets[0];
        assert_eq!(t, Target::Castle);
        let Decision::Play(m) = decide(&v, Mode::Normal, s) else { panic!("a castle tap") };
        g.play(m).unwrap();
        let v = g.view(Some(Colour::Red));
        let (targets, _) = newed_targets(&v, Mode::Normal);
        assert!(!targets.is_empty() && targets.iter().all(|&(k, t)| t == Target::Knight && k.distance(s) == 1));
    }
}
