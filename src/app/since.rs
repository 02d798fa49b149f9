//! "Since your turn": what happened while a player did not hold the device — the log lines and
//! the borders and pieces that are new — shown when they take it back (both editions).

use crate::engine::board::Piece;
use crate::engine::{ByColour, Colour, Edge, Space};

/// The public board at one moment: borders and pieces.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Snapshot {
    /// Borders.
    pub borders: Vec<Edge>,
    /// Pieces.
    pub pieces: Vec<(Space, Piece)>,
}

/// What is new on the board since a snapshot.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Recent {
    /// Borders placed since.
    pub edges: Vec<Edge>,
    /// Spaces whose piece is new or changed since.
    pub spaces: Vec<Space>,
}

impl Snapshot {
    /// What `now` has that this snapshot hadn't.
    pub fn recent(&self, now: &Snapshot) -> Recent {
        Recent {
            edges: now.borders.iter().copied().filter(|e| !self.borders.contains(e)).collect(),
            spaces: now.pieces.iter().filter(|p| !self.pieces.contains(p)).map(|(s, _)| *s).collect(),
        }
    }
}

/// Per colour: where the log and the board stood when they last passed the device on.
#[derive(Clone, Default, Debug)]
pub struct Since {
    left: ByColour<Option<(usize, Snapshot)>>,
    /// While the holder hasn't acted yet since taking the device: the log index and the board
    /// they last saw.
    pub shown: Option<(usize, Snapshot)>,
}

impl Since {
    /// The device passes from `from` (if anyone held it) to `to`; `log_len` and `board` are the
    /// public state now.
    pub fn hand_over(&mut self, from: Option<Colour>, to: Colour, log_len: usize, board: Snapshot) {
        if let Some(f) = from {
            self.left[f] = Some((log_len, board));
        }
        self.shown = self.left[to].clone();
    }

    /// The holder acted: the summary has done its job.
    pub fn acted(&mut self) {
        self.shown = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PieceKind;

    #[test]
    fn a_player_taking_the_device_back_sees_what_changed_while_they_did_not_hold_it() {
        let sp = |s: &str| Space::parse(s).unwrap();
        let e = |s: &str| Edge::parse(s).unwrap();
        let knight = Piece { colour: Colour::Purple, kind: PieceKind::Knight };
        let mut since = Since::default();
        since.hand_over(None, Colour::Red, 0, Snapshot::default());
        assert_eq!(since.shown, None, "nothing to show at the first hand-over");
        let before = Snapshot { borders: vec![e("a1-b1")], pieces: vec![] };
        since.hand_over(Some(Colour::Red), Colour::Purple, 3, before.clone());
        let now = Snapshot { borders: vec![e("a1-b1"), e("d10-e10")], pieces: vec![(sp("c3"), knight)] };
        since.hand_over(Some(Colour::Purple), Colour::Red, 7, now.clone());
        let (from, seen) = since.shown.clone().expect("red sees what happened");
        assert_eq!(from, 3, "log lines from where red left");
        let recent = seen.recent(&now);
        assert_eq!(recent.edges, vec![e("d10-e10")]);
        assert_eq!(recent.spaces, vec![sp("c3")]);
        since.acted();
        assert_eq!(since.shown, None);
    }
}
