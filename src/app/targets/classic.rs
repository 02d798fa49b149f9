//! Classic's taps: the spaces and edges to tap now, and what a tap there does.

use super::{add, Mode, Tap, Target};
use crate::engine::{Edge, Space};
use crate::engine::classic::{Move, PhaseView, View};
use crate::tr;

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
pub fn targets(view: &View, mode: Mode) -> (Vec<(Space, Target)>, Option<Vec<Edge>>) {
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
pub fn moves_for_space(view: &View, mode: Mode, s: Space) -> Vec<Move> {
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


/// What a tap on space `s` of a Classic board does, in `mode`.
pub fn tap_space(view: &View, mode: Mode, s: Space) -> Tap<Move> {
    let Some(me) = view.viewer else { return Tap::Nothing };
    match mode {
        Mode::AllianceOwn => {
            return if view.moves.iter().any(|m| matches!(m, Move::Alliance { own, .. } if *own == s)) {
                Tap::Mode(Mode::AllianceOther(s), tr!(String PanelTapAllianceOther))
            } else {
                Tap::Notice(tr!(String PanelTapAllianceOwnHint))
            };
        }
        Mode::AllianceOther(own) => {
            return match view.moves.iter().find(|m| matches!(m, Move::Alliance { own: o, other, .. } if *o == own && *other == s)) {
                Some(m) => Tap::Play(*m),
                None => Tap::Explain { guess: Move::Alliance { by: me, own, other: s }, at: None, if_legal: tr!(String PanelTapHighlightedCastle) },
            };
        }
        Mode::RenegadeRemove => {
            return if view.moves.iter().any(|m| matches!(m, Move::Renegade { remove, .. } if *remove == s)) {
                Tap::Mode(Mode::RenegadePlace(s), tr!(String PanelTapRenegadePlace))
            } else {
                Tap::Notice(tr!(String PanelTapRenegadeRemoveHint))
            };
        }
        _ => {}
    }
    let options = moves_for_space(view, mode, s);
    match options.len() {
        0 => {}
        1 => return Tap::Play(options[0]),
        // A knight or an expansion, or several ways to pay: the player chooses.
        _ => return Tap::Choose(options, tr!(PanelTapWhatHere, at = s)),
    }
    if let Mode::RenegadePlace(_) = mode {
        return Tap::Notice(tr!(String PanelTapRenegadePlaceHint));
    }
    // Say why: try what a tap here would mean.
    let moves = mode_moves(view, mode);
    let guess = match &view.phase {
        PhaseView::Placement { castle: None, .. } => Move::Castle { by: me, at: s },
        PhaseView::Placement { castle: Some(_), .. } => Move::Knight { by: me, at: s, pay: Default::default() },
        PhaseView::Perform { knights_placed: Some(_), .. } => {
            let knight_possible = moves.iter().any(|m| matches!(m, Move::Knight { .. }));
            let expand_possible = moves.iter().any(|m| matches!(m, Move::Expand { .. }));
            if !knight_possible && expand_possible { Move::Expand { by: me, at: s, castle: None } } else { Move::Knight { by: me, at: s, pay: Default::default() } }
        }
        _ => return Tap::Nothing,
    };
    Tap::Explain { guess, at: Some(s.to_string()), if_legal: tr!(PanelTapNeedsPayment, at = s) }
}

/// What a tap on edge `e` of a Classic board does.
pub fn tap_edge(view: &View, e: Edge) -> Tap<Move> {
    let Some(me) = view.viewer else { return Tap::Nothing };
    match move_for_edge(&view.moves, e) {
        Some(m) => Tap::Play(m),
        None => Tap::Explain { guess: Move::Border { by: me, edge: e }, at: Some(e.to_string()), if_legal: tr!(PanelTapWhy, at = e, reason = tr!(PanelTapNotNow)) },
    }
}

/// The notice a card's first step asks for (the politics buttons).
pub fn mode_notice(mode: Mode) -> String {
    match mode {
        Mode::AllianceOwn => tr!(String PanelNoticeAllianceOwn),
        _ => tr!(String PanelNoticeRenegadeRemove),
    }
}
