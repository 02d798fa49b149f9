//! "Since your turn": what happened while a player did not hold the device — the log lines and
//! the borders and pieces that are new — shown when they take it back (both editions).

use super::board::BoardModel;
use super::log::LogLine;
use super::said::Arg;
use crate::i18n::Key;
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

/// The others' moves since a player's last turn, played back on the board a log line at a
/// time: each step shows its line's borders and pieces set down, later ones not yet there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Playback {
    /// The log index of the first line played back.
    pub from: usize,
    /// One step a line: the borders and spaces that line brings (some bring none: a card
    /// chosen, bids turned over).
    pub steps: Vec<Recent>,
    /// Per step: the castles of the provinces or regions it founds (drawn from that step on,
    /// their points rising then).
    pub founded: Vec<Vec<Space>>,
    /// Per step: the points it scores, and whose.
    pub points: Vec<Vec<(Colour, i32)>>,
    /// Per step: where it happened (its line's first space or border; a line naming none, such
    /// as the points an expansion scored, happened where the line before it did).
    pub places: Vec<Option<Space>>,
}

/// True for a line that founds a province or region (the space it names is the castle).
fn founds(key: Key) -> bool {
    matches!(key, Key::LogFounded | Key::LogFoundedNoPoints | Key::LogRegionFounded)
}

impl Playback {
    /// The lines from `from` on, with the board marks new since (`recent`) given to the first
    /// line that names them (marks no line names come with the first step). `None`: nothing
    /// to play back.
    pub fn new(log: &[LogLine], from: usize, recent: &Recent) -> Option<Playback> {
        let lines = log.get(from..).filter(|l| !l.is_empty())?;
        let (mut edges, mut spaces) = (recent.edges.clone(), recent.spaces.clone());
        let (mut steps, mut founded, mut points, mut places) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut place = None;
        for l in lines {
            let (mut step, mut castles, mut scored) = (Recent::default(), Vec::new(), Vec::new());
            let mut here = None;
            l.said.each_arg(&mut |a| match a {
                Arg::Edge(e) => {
                    here = here.or(Some(e.spaces().0));
                    if edges.contains(e) {
                        edges.retain(|x| x != e);
                        step.edges.push(*e);
                    }
                }
                Arg::Space(s) => {
                    here = here.or(Some(*s));
                    if spaces.contains(s) {
                        spaces.retain(|x| x != s);
                        step.spaces.push(*s);
                    }
                    if founds(l.said.key) {
                        castles.push(*s);
                    }
                }
                // The points a line scores: a founding's, or a signed change.
                Arg::Num(n) if l.said.key == Key::LogFounded => scored.extend(l.colour.map(|c| (c, *n as i32))),
                Arg::Signed(d) => scored.extend(l.colour.map(|c| (c, *d as i32))),
                _ => {}
            });
            place = here.or(place);
            places.push(place);
            steps.push(step);
            founded.push(castles);
            points.push(scored);
        }
        steps[0].edges.extend(edges);
        steps[0].spaces.extend(spaces);
        Some(Playback { from, steps, founded, points, places })
    }

    /// The board at step `k`: the marks of later steps taken off (their borders not drawn,
    /// their spaces' pieces not set down yet), step `k`'s own marked. The holder's targets stay:
    /// a tap on one ends the playback and is played.
    pub fn board(&self, mut m: BoardModel, k: usize) -> BoardModel {
        let later = || self.steps.iter().skip(k + 1);
        let (edges, spaces): (Vec<Edge>, Vec<Space>) = (later().flat_map(|s| s.edges.iter().copied()).collect(), later().flat_map(|s| s.spaces.iter().copied()).collect());
        m.borders.retain(|e| !edges.contains(e));
        m.pieces.retain(|(s, _)| !spaces.contains(s));
        m.recent_edges.retain(|e| !edges.contains(e));
        m.recent_spaces.retain(|s| !spaces.contains(s));
        // Provinces and regions founded later aren't there yet: drawn at their step, their
        // points rise then.
        let castles: Vec<Space> = self.founded.iter().skip(k + 1).flatten().copied().collect();
        m.regions.retain(|(_, r)| !r.iter().any(|s| castles.contains(s)));
        m.points = self.points.get(k).cloned().unwrap_or_default();
        // What the step scored rises from where it happened (a founding's rises from its
        // province already).
        m.floats = match self.places.get(k).copied().flatten() {
            Some(s) if self.founded.get(k).is_none_or(Vec::is_empty) => m.points.iter().filter(|&&(_, d)| d != 0).map(|&(_, d)| (s, d)).collect(),
            _ => Vec::new(),
        };
        let now = self.steps.get(k).cloned().unwrap_or_default();
        m.highlight = now.spaces;
        m.highlight_edges = now.edges;
        m
    }

    /// The log line step `k` shows.
    pub fn line(&self, k: usize) -> usize {
        self.from + k
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

    #[test]
    fn the_others_moves_play_back_a_line_at_a_time_each_setting_down_what_it_names() {
        use crate::app::said::Arg;
        use crate::said;
        let sp = |s: &str| Space::parse(s).unwrap();
        let e = |s: &str| Edge::parse(s).unwrap();
        let knight = Piece { colour: Colour::Purple, kind: PieceKind::Knight };
        let line = |said| LogLine { round: 1, colour: Some(Colour::Purple), said };
        let log = vec![
            line(said!(LogBorderPlaced, name = Arg::Name(Colour::Red), edge = Arg::Edge(e("a1-b1")))),
            line(said!(LogPlacedCastle, name = Arg::Name(Colour::Purple), at = Arg::Space(sp("c3")))),
            line(said!(LogActBordersOne)),
            line(said!(LogBorderPlaced, name = Arg::Name(Colour::Purple), edge = Arg::Edge(e("d10-e10")))),
        ];
        // Red left after the first line; a border no line names (e.g. taken back into stock and
        // laid again) comes with the first step.
        let recent = Recent { edges: vec![e("d10-e10"), e("f5-f6")], spaces: vec![sp("c3")] };
        assert_eq!(Playback::new(&log, 4, &recent), None, "nothing since");
        let p = Playback::new(&log, 1, &recent).expect("three lines to play back");
        assert_eq!(p.steps.len(), 3);
        assert_eq!(p.steps[0], Recent { edges: vec![e("f5-f6")], spaces: vec![sp("c3")] });
        assert_eq!(p.steps[1], Recent::default(), "a card chosen sets nothing down");
        assert_eq!(p.steps[2], Recent { edges: vec![e("d10-e10")], spaces: vec![] });
        assert_eq!(p.line(2), 3);
        assert_eq!(p.points, vec![vec![], vec![], vec![]], "nothing scored");
        let mut now = BoardModel::empty(crate::engine::Edition::Classic, Vec::new());
        now.borders = vec![e("a1-b1"), e("d10-e10"), e("f5-f6")];
        now.pieces = vec![(sp("c3"), knight)];
        now.targets = vec![(sp("h8"), crate::app::targets::Target::Castle)];
        let first = p.board(now.clone(), 0);
        assert_eq!(first.borders, vec![e("a1-b1"), e("f5-f6")], "the later border not drawn yet");
        assert_eq!(first.pieces, vec![(sp("c3"), knight)]);
        assert_eq!(first.highlight, vec![sp("c3")]);
        assert_eq!(first.targets, now.targets, "the holder's targets stay tappable while it plays");
        let last = p.board(now.clone(), 2);
        assert_eq!(last.borders, now.borders, "the last step shows the board as it is");
        assert_eq!(last.highlight_edges, vec![e("d10-e10")]);
    }

    #[test]
    fn a_province_founded_while_others_played_appears_at_its_step_with_its_points() {
        use crate::app::said::Arg;
        use crate::said;
        let sp = |s: &str| Space::parse(s).unwrap();
        let e = |s: &str| Edge::parse(s).unwrap();
        let line = |said| LogLine { round: 2, colour: Some(Colour::Yellow), said };
        let log = vec![
            line(said!(LogBorderPlaced, name = Arg::Name(Colour::Yellow), edge = Arg::Edge(e("b2-b3")))),
            line(said!(LogFounded, name = Arg::Name(Colour::Yellow), province = Arg::Text("a province".into()), castle = Arg::Space(sp("a2")), points = 6u32)),
        ];
        let p = Playback::new(&log, 0, &Recent { edges: vec![e("b2-b3")], spaces: vec![] }).unwrap();
        assert_eq!(p.founded, vec![vec![], vec![sp("a2")]]);
        assert_eq!(p.points, vec![vec![], vec![(Colour::Yellow, 6)]]);
        let mut now = BoardModel::empty(crate::engine::Edition::Classic, Vec::new());
        now.borders = vec![e("b2-b3")];
        now.regions = vec![(Colour::Yellow, vec![sp("a1"), sp("a2"), sp("b2")])];
        let before = p.board(now.clone(), 0);
        assert!(before.regions.is_empty(), "not founded yet at the border's step");
        let after = p.board(now.clone(), 1);
        assert_eq!(after.regions, now.regions);
        assert_eq!(after.points, vec![(Colour::Yellow, 6)], "its points rise at its step");
        assert_eq!(after.fresh_since(&before).founded.len(), 1, "drawn as just founded");
        assert!(after.floats.is_empty(), "a founding's points rise from its province");
        // An expansion's points (a line naming no space) rise where the line before it happened.
        let log = vec![
            line(said!(LogExpanded, name = Arg::Name(Colour::Yellow), at = Arg::Space(sp("c4")))),
            line(said!(LogScoreExpansion, name = Arg::Name(Colour::Yellow), delta = Arg::Signed(2))),
        ];
        let p = Playback::new(&log, 0, &Recent::default()).unwrap();
        assert_eq!(p.places, vec![Some(sp("c4")), Some(sp("c4"))]);
        assert_eq!(p.board(now.clone(), 1).floats, vec![(sp("c4"), 2)], "+2 rises from c4");
        assert!(p.board(now, 0).floats.is_empty(), "nothing scored at the move's own line");
    }
}
