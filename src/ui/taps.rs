//! What a tap on the board does, for each edition: a move, the next step of a card, a choice
//! (how to pay, which region), or a notice saying why nothing happened.

use super::{capitalise, Ctx};
use crate::app::words::refusal;
use crate::tr;
use crate::app::targets::{classic_moves_for_space, move_for_edge, newed_tap, Mode, NewTap};
use crate::engine::{newed, Edge, Move, PhaseView, Space};
use leptos::prelude::*;

/// A tap on a space of a Classic board.
pub fn classic_space(ctx: Ctx, s: Space) {
    let mode = ctx.mode.get_untracked();
    let Some((view, shown)) = ctx.session.with_untracked(|x| x.as_ref().map(|x| (x.view(), x.shown.clone()))) else {
        return;
    };
    let Some(me) = view.viewer else { return };
    ctx.pay_choice.set(Vec::new());
    match mode {
        Mode::AllianceOwn => {
            if view.moves.iter().any(|m| matches!(m, Move::Alliance { own, .. } if *own == s)) {
                ctx.mode.set(Mode::AllianceOther(s));
                ctx.notice.set(Some(tr!(String PanelTapAllianceOther)));
            } else {
                ctx.notice.set(Some(tr!(String PanelTapAllianceOwnHint)));
            }
            return;
        }
        Mode::AllianceOther(own) => {
            match view.moves.iter().find(|m| matches!(m, Move::Alliance { own: o, other, .. } if *o == own && *other == s)) {
                Some(m) => ctx.act(*m),
                None => {
                    let e = shown.clone().play(Move::Alliance { by: me, own, other: s }).err();
                    ctx.notice.set(Some(e.map_or(tr!(String PanelTapHighlightedCastle), |e| capitalise(&refusal(e)))));
                }
            }
            return;
        }
        Mode::RenegadeRemove => {
            if view.moves.iter().any(|m| matches!(m, Move::Renegade { remove, .. } if *remove == s)) {
                ctx.mode.set(Mode::RenegadePlace(s));
                ctx.notice.set(Some(tr!(String PanelTapRenegadePlace)));
            } else {
                ctx.notice.set(Some(tr!(String PanelTapRenegadeRemoveHint)));
            }
            return;
        }
        _ => {}
    }
    let options = classic_moves_for_space(&view, mode, s);
    match options.len() {
        0 => {}
        1 => return ctx.act(options[0]),
        // A knight or an expansion, or several ways to pay: the player chooses.
        _ => {
            ctx.pay_choice.set(options);
            ctx.notice.set(Some(tr!(PanelTapWhatHere, at = s)));
            return;
        }
    }
    if let Mode::RenegadePlace(_) = mode {
        ctx.notice.set(Some(tr!(String PanelTapRenegadePlaceHint)));
        return;
    }
    // Say why: try what a tap here would mean.
    let moves = crate::app::targets::mode_moves(&view, mode);
    let guess = match &view.phase {
        PhaseView::Placement { castle: None, .. } => Some(Move::Castle { by: me, at: s }),
        PhaseView::Placement { castle: Some(_), .. } => Some(Move::Knight { by: me, at: s, pay: Default::default() }),
        PhaseView::Perform { knights_placed: Some(_), .. } => {
            let knight_possible = moves.iter().any(|m| matches!(m, Move::Knight { .. }));
            let expand_possible = moves.iter().any(|m| matches!(m, Move::Expand { .. }));
            if !knight_possible && expand_possible {
                Some(Move::Expand { by: me, at: s, castle: None })
            } else {
                Some(Move::Knight { by: me, at: s, pay: Default::default() })
            }
        }
        _ => None,
    };
    if let Some(g) = guess {
        ctx.notice.set(Some(match shown.clone().play(g) {
            Err(e) => tr!(PanelTapWhy, at = s, reason = capitalise(&refusal(e))),
            Ok(_) => tr!(PanelTapNeedsPayment, at = s),
        }));
    }
}

/// A tap on an edge of a Classic board.
pub fn classic_edge(ctx: Ctx, e: Edge) {
    let Some((view, shown)) = ctx.session.with_untracked(|x| x.as_ref().map(|x| (x.view(), x.shown.clone()))) else {
        return;
    };
    let Some(me) = view.viewer else { return };
    match move_for_edge(&view.moves, e) {
        Some(m) => ctx.act(m),
        None => {
            let reason = shown.clone().play(Move::Border { by: me, edge: e }).err().map(|r| capitalise(&refusal(r))).unwrap_or_default();
            ctx.notice.set(Some(tr!(PanelTapWhy, at = e, reason = reason)));
        }
    }
}

/// A tap on a space of a New Edition board.
pub fn new_space(ctx: Ctx, s: Space) {
    use crate::engine::newed::view::PhaseView as P;
    let mode = ctx.mode.get_untracked();
    let Some((view, shown)) = ctx.new_session.with_untracked(|x| x.as_ref().map(|x| (x.view(), x.shown.clone()))) else {
        return;
    };
    let Some(me) = view.viewer else { return };
    ctx.region_choice.set(Vec::new());
    match newed_tap(&view, mode, s) {
        NewTap::Play(m) => ctx.act_new(m),
        NewTap::Mode(next) => {
            ctx.mode.set(next);
            ctx.notice.set(Some(match next {
                Mode::RenegadePlace(_) => tr!(String PanelNewTapRenegadePlace),
                _ => tr!(String PanelNewTapAllianceOther),
            }));
        }
        NewTap::WhichRegion(options) => {
            ctx.region_choice.set(options);
            ctx.notice.set(Some(tr!(PanelNewTapWhichRegion, at = s)));
        }
        NewTap::Nothing => {
            // Say why, by trying what a tap here would mean.
            let guess = match (&view.phase, mode) {
                (P::Placement { castle: None, .. }, _) => Some(newed::Move::Castle { by: me, at: s }),
                (P::Placement { castle: Some(_), .. }, _) => Some(newed::Move::Knight { by: me, at: s }),
                (P::Perform { work: newed::Work::Knights { .. }, .. }, _) => Some(newed::Move::Knight { by: me, at: s }),
                (P::Perform { work: newed::Work::Expand { .. }, .. }, _) => Some(newed::Move::Expand { by: me, at: s, castle: None }),
                (P::Perform { work: newed::Work::Renegade, .. }, Mode::RenegadePlace(region)) => Some(newed::Move::Renegade { by: me, region, place: s }),
                (P::Perform { work: newed::Work::Alliance, .. }, Mode::AllianceOther(own)) => Some(newed::Move::Alliance { by: me, own, other: s }),
                (P::Perform { work: newed::Work::Renegade, .. }, _) => {
                    ctx.notice.set(Some(tr!(String PanelNewTapRenegadeHint)));
                    return;
                }
                (P::Perform { work: newed::Work::Alliance, .. }, _) => {
                    ctx.notice.set(Some(tr!(String PanelNewTapAllianceHint)));
                    return;
                }
                (P::Remove { .. }, _) => Some(newed::Move::Remove { by: me, at: s }),
                _ => None,
            };
            if let Some(g) = guess {
                let reason = shown.clone().play(g).err().map(|e| capitalise(&refusal(e))).unwrap_or_else(|| tr!(String PanelTapNotNow));
                ctx.notice.set(Some(tr!(PanelTapWhy, at = s, reason = reason)));
            }
        }
    }
}

/// A tap on an edge of a New Edition board.
pub fn new_edge(ctx: Ctx, e: Edge) {
    let Some((view, shown)) = ctx.new_session.with_untracked(|x| x.as_ref().map(|x| (x.view(), x.shown.clone()))) else {
        return;
    };
    let Some(me) = view.viewer else { return };
    match view.moves.iter().find(|m| matches!(m, newed::Move::Border { edge, .. } if *edge == e)) {
        Some(m) => ctx.act_new(*m),
        None => {
            let reason = shown.clone().play(newed::Move::Border { by: me, edge: e }).err().map(|r| capitalise(&refusal(r))).unwrap_or_default();
            ctx.notice.set(Some(tr!(PanelTapWhy, at = e, reason = reason)));
        }
    }
}
