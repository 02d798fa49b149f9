//! Which board elements the player holding the device may tap now, and what a tap there
//! does, from the legal moves (both editions).

use crate::engine::{newed, Edge, Move, PhaseView, Space, View};

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

fn add(out: &mut Vec<(Space, Target)>, s: Space, t: Target) {
    if !out.contains(&(s, t)) {
        out.push((s, t));
    }
}

/// The Classic moves a tap can make in `mode` (politics cards only in their own modes).
pub fn mode_moves(view: &View, mode: Mode) -> Vec<Move> {
    view.moves
        .iter()
        .copied()
        .filter(|m| {
            !matches!(
                (mode, m),
                (Mode::AllianceOwn | Mode::AllianceOther(_) | Mode::RenegadeRemove | Mode::RenegadePlace(_), _)
                    | (_, Move::Alliance { .. } | Move::Renegade { .. })
            )
        })
        .collect()
}

/// Classic: the spaces to tap and (while borders are placed) the edges that take one.
pub fn classic_targets(view: &View, mode: Mode) -> (Vec<(Space, Target)>, Option<Vec<Edge>>) {
    let mut out = Vec::new();
    for m in &view.moves {
        match (mode, *m) {
            (Mode::AllianceOwn, Move::Alliance { own, .. }) => add(&mut out, own, Target::Pick),
            (Mode::AllianceOther(o), Move::Alliance { own, other, .. }) if own == o => add(&mut out, other, Target::Pick),
            (Mode::RenegadeRemove, Move::Renegade { remove, .. }) => add(&mut out, remove, Target::Pick),
            (Mode::RenegadePlace(k), Move::Renegade { remove, place, .. }) if remove == k => add(&mut out, place, Target::Knight),
            _ => {}
        }
    }
    let moves = mode_moves(view, mode);
    for m in &moves {
        match *m {
            Move::Castle { at, .. } => add(&mut out, at, Target::Castle),
            Move::Knight { at, .. } => add(&mut out, at, Target::Knight),
            Move::Expand { at, .. } => add(&mut out, at, Target::Expand),
            _ => {}
        }
    }
    let placing = matches!(view.phase, PhaseView::Perform { borders_left: Some(_), .. }) && view.viewer.is_some();
    let edges = placing.then(|| moves.iter().filter_map(|m| if let Move::Border { edge, .. } = m { Some(*edge) } else { None }).collect());
    (out, edges)
}

/// The Classic moves a tap on a space can make: a castle, a knight (each way to pay for it) or an
/// expansion — the caller asks which when there are several, so no tap means something the
/// player didn't choose.
pub fn classic_moves_for_space(view: &View, mode: Mode, s: Space) -> Vec<Move> {
    let mut out: Vec<Move> = match mode {
        Mode::RenegadePlace(k) => view.moves.iter().copied().filter(|m| matches!(m, Move::Renegade { remove, place, .. } if *remove == k && *place == s)).collect(),
        _ => {
            let moves = mode_moves(view, mode);
            let mut out: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Castle { at, .. } | Move::Knight { at, .. } if *at == s)).collect();
            out.extend(moves.iter().copied().filter(|m| matches!(m, Move::Expand { at, castle: None, .. } if *at == s)).take(1));
            out
        }
    };
    // Knights before expansions; money first, then treasure cards.
    out.sort_by_key(|m| match m {
        Move::Knight { pay, .. } | Move::Renegade { pay, .. } => (0, pay.0 != 0, pay.0),
        Move::Expand { .. } => (1, false, 0),
        _ => (0, false, 0),
    });
    out
}

/// The move a tap on an edge makes (Classic).
pub fn move_for_edge(moves: &[Move], e: Edge) -> Option<Move> {
    moves.iter().find(|m| matches!(m, Move::Border { edge, .. } if *edge == e)).copied()
}

/// New Edition: the spaces to tap and (while borders are placed) the edges that take one.
pub fn newed_targets(view: &newed::View, mode: Mode) -> (Vec<(Space, Target)>, Option<Vec<Edge>>) {
    use newed::Move as M;
    let mut out = Vec::new();
    let mut edges = Vec::new();
    for m in &view.moves {
        match (mode, *m) {
            (_, M::Castle { at, .. }) => add(&mut out, at, Target::Castle),
            (_, M::Knight { at, .. }) => add(&mut out, at, Target::Knight),
            (_, M::Expand { at, .. }) => add(&mut out, at, Target::Expand),
            (_, M::Remove { at, .. }) => add(&mut out, at, Target::Pick),
            (_, M::Border { edge, .. }) => edges.push(edge),
            (Mode::RenegadePlace(r), M::Renegade { region, place, .. }) if r == region => add(&mut out, place, Target::Knight),
            (Mode::RenegadePlace(_), _) => {}
            (_, M::Renegade { region, .. }) => add(&mut out, region, Target::Pick),
            (Mode::AllianceOther(o), M::Alliance { own, other, .. }) if own == o => add(&mut out, other, Target::Pick),
            (Mode::AllianceOther(_), _) => {}
            (_, M::Alliance { own, .. }) => add(&mut out, own, Target::Pick),
            _ => {}
        }
    }
    let placing = matches!(view.phase, newed::view::PhaseView::Perform { work: newed::Work::Borders { .. }, .. }) && view.viewer.is_some();
    (out, placing.then_some(edges))
}

/// What a tap on a space means in a New Edition game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NewTap {
    /// Make this move.
    Play(newed::Move),
    /// Go on to this mode (a card's second tap).
    Mode(Mode),
    /// Several regions could take the space: ask which (their castles).
    WhichRegion(Vec<newed::Move>),
    /// Nothing to do here.
    Nothing,
}

/// The effect of a tap on `s` in a New Edition game.
pub fn newed_tap(view: &newed::View, mode: Mode, s: Space) -> NewTap {
    use newed::Move as M;
    let direct = view.moves.iter().copied().find(|m| matches!(m, M::Castle { at, .. } | M::Knight { at, .. } | M::Remove { at, .. } if *at == s));
    if let Some(m) = direct {
        return NewTap::Play(m);
    }
    let expand: Vec<M> = view.moves.iter().copied().filter(|m| matches!(m, M::Expand { at, .. } if *at == s)).collect();
    if let Some(m) = expand.iter().find(|m| matches!(m, M::Expand { castle: None, .. })) {
        return NewTap::Play(*m);
    }
    if !expand.is_empty() {
        return NewTap::WhichRegion(expand);
    }
    match mode {
        Mode::RenegadePlace(r) => match view.moves.iter().find(|m| matches!(m, M::Renegade { region, place, .. } if *region == r && *place == s)) {
            Some(m) => NewTap::Play(*m),
            None => NewTap::Nothing,
        },
        Mode::AllianceOther(o) => match view.moves.iter().find(|m| matches!(m, M::Alliance { own, other, .. } if *own == o && *other == s)) {
            Some(m) => NewTap::Play(*m),
            None => NewTap::Nothing,
        },
        _ => {
            if view.moves.iter().any(|m| matches!(m, M::Renegade { region, .. } if *region == s)) {
                NewTap::Mode(Mode::RenegadePlace(s))
            } else if view.moves.iter().any(|m| matches!(m, M::Alliance { own, .. } if *own == s)) {
                NewTap::Mode(Mode::AllianceOther(s))
            } else {
                NewTap::Nothing
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let NewTap::Play(m) = newed_tap(&v, Mode::Normal, s) else { panic!("a castle tap") };
        g.play(m).unwrap();
        let v = g.view(Some(Colour::Red));
        let (targets, _) = newed_targets(&v, Mode::Normal);
        assert!(!targets.is_empty() && targets.iter().all(|&(k, t)| t == Target::Knight && k.distance(s) == 1));
    }
}
