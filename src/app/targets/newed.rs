//! The New Edition's taps: the spaces and edges to tap now, and what a tap there does.

use super::{add, Mode, Tap, Target};
use crate::engine::{newed, Edge, Space};
use crate::tr;

/// New Edition: the spaces to tap and (while borders are placed) the edges that take one.
pub fn targets(view: &newed::View, mode: Mode) -> (Vec<(Space, Target)>, Option<Vec<Edge>>) {
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
pub enum Decision {
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
pub fn decide(view: &newed::View, mode: Mode, s: Space) -> Decision {
    use newed::Move as M;
    let direct = view.moves.iter().copied().find(|m| matches!(m, M::Castle { at, .. } | M::Knight { at, .. } | M::Remove { at, .. } if *at == s));
    if let Some(m) = direct {
        return Decision::Play(m);
    }
    let expand: Vec<M> = view.moves.iter().copied().filter(|m| matches!(m, M::Expand { at, .. } if *at == s)).collect();
    if let Some(m) = expand.iter().find(|m| matches!(m, M::Expand { castle: None, .. })) {
        return Decision::Play(*m);
    }
    if !expand.is_empty() {
        return Decision::WhichRegion(expand);
    }
    match mode {
        Mode::RenegadePlace(r) => match view.moves.iter().find(|m| matches!(m, M::Renegade { region, place, .. } if *region == r && *place == s)) {
            Some(m) => Decision::Play(*m),
            None => Decision::Nothing,
        },
        Mode::AllianceOther(o) => match view.moves.iter().find(|m| matches!(m, M::Alliance { own, other, .. } if *own == o && *other == s)) {
            Some(m) => Decision::Play(*m),
            None => Decision::Nothing,
        },
        _ => {
            if view.moves.iter().any(|m| matches!(m, M::Renegade { region, .. } if *region == s)) {
                Decision::Mode(Mode::RenegadePlace(s))
            } else if view.moves.iter().any(|m| matches!(m, M::Alliance { own, .. } if *own == s)) {
                Decision::Mode(Mode::AllianceOther(s))
            } else {
                Decision::Nothing
            }
        }
    }
}


/// What a tap on space `s` of a New Edition board does, in `mode`.
pub fn tap_space(view: &newed::View, mode: Mode, s: Space) -> Tap<newed::Move> {
    use newed::view::PhaseView as P;
    use newed::Move as M;
    let Some(me) = view.viewer else { return Tap::Nothing };
    match decide(view, mode, s) {
        Decision::Play(m) => Tap::Play(m),
        Decision::Mode(next) => Tap::Mode(
            next,
            match next {
                Mode::RenegadePlace(_) => tr!(String PanelNewTapRenegadePlace),
                _ => tr!(String PanelNewTapAllianceOther),
            },
        ),
        Decision::WhichRegion(options) => Tap::Choose(options, tr!(PanelNewTapWhichRegion, at = s)),
        Decision::Nothing => {
            // Say why, by trying what a tap here would mean.
            let guess = match (&view.phase, mode) {
                (P::Placement { castle: None, .. }, _) => M::Castle { by: me, at: s },
                (P::Placement { castle: Some(_), .. }, _) => M::Knight { by: me, at: s },
                (P::Perform { work: newed::Work::Knights { .. }, .. }, _) => M::Knight { by: me, at: s },
                (P::Perform { work: newed::Work::Expand { .. }, .. }, _) => M::Expand { by: me, at: s, castle: None },
                (P::Perform { work: newed::Work::Renegade, .. }, Mode::RenegadePlace(region)) => M::Renegade { by: me, region, place: s },
                (P::Perform { work: newed::Work::Alliance, .. }, Mode::AllianceOther(own)) => M::Alliance { by: me, own, other: s },
                (P::Perform { work: newed::Work::Renegade, .. }, _) => return Tap::Notice(tr!(String PanelNewTapRenegadeHint)),
                (P::Perform { work: newed::Work::Alliance, .. }, _) => return Tap::Notice(tr!(String PanelNewTapAllianceHint)),
                (P::Remove { .. }, _) => M::Remove { by: me, at: s },
                _ => return Tap::Nothing,
            };
            Tap::Explain { guess, at: Some(s.to_string()), if_legal: tr!(PanelTapWhy, at = s, reason = tr!(PanelTapNotNow)) }
        }
    }
}

/// What a tap on edge `e` of a New Edition board does.
pub fn tap_edge(view: &newed::View, e: Edge) -> Tap<newed::Move> {
    let Some(me) = view.viewer else { return Tap::Nothing };
    match view.moves.iter().find(|m| matches!(m, newed::Move::Border { edge, .. } if *edge == e)) {
        Some(m) => Tap::Play(*m),
        None => Tap::Explain { guess: newed::Move::Border { by: me, edge: e }, at: Some(e.to_string()), if_legal: tr!(PanelTapWhy, at = e, reason = tr!(PanelTapNotNow)) },
    }
}
