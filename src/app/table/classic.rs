//! Classic's words at the table: the prompt of every step, why the device passes, the end
//! screen's table, and the board with a move held back for "Confirm".

use super::{End, Step, TableWords};
use crate::app::board::BoardModel;
use crate::app::log::classic::{action, card};
use crate::app::log::ducats_said;
use crate::app::said::{Arg, Said};
use crate::app::session::Session;
use crate::app::targets::Mode;
use crate::engine::board::Piece;
use crate::engine::classic::game::Game;
use crate::engine::classic::view::{PhaseView, View};
use crate::engine::PieceKind;
use crate::engine::classic::{CardFace, Move};
use crate::said;

/// The `i`th action of the card turned up (0-based), or "action n" when no card shows it.
fn card_action(v: &View, i: u8) -> Said {
    v.card
        .and_then(|c| match c.face() {
            CardFace::Actions(a) => a.get(i as usize).map(|&x| action(x)),
            _ => None,
        })
        .unwrap_or_else(|| said!(LogActionNumber, n = i + 1))
}

impl TableWords for Game {
    fn prompt(v: &View, step: &Step, last: Option<&Move>) -> Said {
        let me = || v.viewer.map_or(Arg::Text(String::new()), Arg::Name);
        let act = |i: u8| card_action(v, i);
        if let Some(Move::Take { card: c, .. }) = last {
            return said!(PanelPromptTook, me = me(), card = card(*c));
        }
        match &v.phase {
            _ if step.pending => said!(PanelPromptPending, me = me()),
            _ if step.must_confirm => said!(PanelPromptComplete, me = me()),
            _ if step.offer => said!(PanelPromptPolitics, me = me()),
            PhaseView::Placement { colour, castle: None, min_distance, .. } if Some(*colour) == v.viewer => said!(PanelPromptCastle, me = me(), min = min_distance),
            PhaseView::Placement { colour, castle: None, min_distance, .. } => said!(PanelPromptNeutralCastle, me = me(), colour = Arg::ColourAdj(*colour), min = min_distance),
            PhaseView::Placement { colour, castle: Some(c), .. } if Some(*colour) == v.viewer => said!(PanelPromptKnight, me = me(), castle = c),
            PhaseView::Placement { colour, castle: Some(c), .. } => said!(PanelPromptNeutralKnight, me = me(), colour = Arg::ColourAdj(*colour), castle = c),
            PhaseView::Choosing { cards: 2, .. } => said!(PanelPromptChooseTwo, me = me()),
            PhaseView::Choosing { .. } => said!(PanelPromptChooseOne, me = me()),
            PhaseView::Negotiation { action: a, .. } => said!(PanelPromptNegotiate, me = me(), action = act(*a)),
            PhaseView::Duel { action: a, .. } => said!(PanelPromptBid, me = me(), action = act(*a)),
            PhaseView::Perform { action: a, .. } if !v.moves.iter().any(|m| matches!(m, Move::Border { .. } | Move::Knight { .. } | Move::Expand { .. } | Move::Open { .. } | Move::Take { .. })) => {
                said!(PanelPromptNothingLeft, me = me(), action = act(*a))
            }
            PhaseView::Perform { action: a, borders_left: Some(n), .. } => said!(PanelPromptBorders, me = me(), action = act(*a), n = n),
            PhaseView::Perform { action: a, opened: Some(_), .. } => said!(PanelPromptTakeCard, me = me(), action = act(*a)),
            PhaseView::Perform { action: a, knights_placed: None, .. } => said!(PanelPromptLookPile, me = me(), action = act(*a)),
            PhaseView::Perform { action: a, .. } => said!(PanelPromptTapSpace, me = me(), action = act(*a)),
            PhaseView::Over { .. } => said!(PanelGameOver),
        }
    }

    fn hand_over(s: &Session<Game>) -> Said {
        let v = s.shown.view(None);
        let act = |i: u8| match v.card.map(|c| c.face()) {
            Some(CardFace::Actions(a)) => said!(LogQuoted, what = action(a[i as usize])),
            _ => said!(LogActionNumber, n = i + 1),
        };
        if s.offer().is_some() {
            return said!(SessMayPlayPolitics);
        }
        match &v.phase {
            PhaseView::Placement { placer, colour, castle: None, .. } if placer != colour => said!(SessPlaceNeutralCastle, colour = Arg::ColourAdj(*colour)),
            PhaseView::Placement { castle: None, .. } => said!(SessPlaceCastle),
            PhaseView::Placement { .. } => said!(SessPlaceKnight),
            PhaseView::Choosing { next, .. } if *next == v.start_player => said!(SessStartDecide, round = v.round, name = Arg::Name(*next)),
            PhaseView::Choosing { .. } => said!(SessDecide),
            PhaseView::Negotiation { action: a, pair, speaker, last, .. } => {
                let other = if pair[0] == *speaker { pair[1] } else { pair[0] };
                let i = if pair[0] == other { 0 } else { 1 };
                match last[i] {
                    Some(n) => said!(SessOffer, name = Arg::Name(other), amount = ducats_said(n), action = act(*a)),
                    None => said!(SessNegotiate, name = Arg::Name(other), action = act(*a)),
                }
            }
            PhaseView::Duel { action: a, .. } => said!(SessSealedBid, action = act(*a)),
            PhaseView::Perform { action: a, .. } => said!(SessPerform, action = act(*a)),
            PhaseView::Over { .. } => said!(PanelGameOver),
        }
    }

    fn end(s: &Session<Game>) -> End {
        let v = s.game.view(None);
        let rows = v
            .players
            .iter()
            .map(|&c| {
                let b = v.breakdown[c];
                let cells = [b.provinces, b.expansions, b.losses, b.silver_finds + b.final_mountains, b.deeds, v.scores[c] as i32, s.game.wealth(c) as i32].to_vec();
                (c, cells)
            })
            .collect();
        End {
            title: super::winners_title(s.game.winners()),
            how: None,
            head: [said!(ScreenColProvinces), said!(ScreenColExpansions), said!(ScreenColLosses), said!(ScreenColMountains), said!(ScreenColDeeds), said!(ScreenColTotal), said!(ScreenColDucats)].to_vec(),
            rows,
            history: s.game.history().to_vec(),
            chip: None,
            turns: false,
            hints: crate::app::seats::hints_line(&s.seats, &s.setup.players),
        }
    }

    fn board(v: &View, mode: Mode) -> BoardModel {
        BoardModel::classic(v, mode)
    }

    fn with_pending(mut m: BoardModel, v: &View, p: &Move) -> BoardModel {
        let placing = match v.phase {
            PhaseView::Placement { colour, .. } => colour,
            _ => p.by(),
        };
        match *p {
            Move::Border { edge, .. } => m.borders.push(edge),
            Move::Castle { at, .. } => m.pieces.push((at, Piece { colour: placing, kind: PieceKind::Castle })),
            Move::Knight { at, .. } => m.pieces.push((at, Piece { colour: placing, kind: PieceKind::Knight })),
            Move::Expand { at, by, .. } => m.regions.push((by, vec![at])),
            _ => {}
        }
        m
    }
}
