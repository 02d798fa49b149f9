//! Classic's words at the table: the prompt of every step, the end screen's table, and the
//! board with a move held back for "Confirm".

use super::{End, TableWords};
use crate::app::log::classic::{action_text, card_name};
use crate::app::board::BoardModel;
use crate::app::session::{Screen, Session};
use crate::app::targets::Mode;
use crate::engine::board::Piece;
use crate::engine::classic::game::Game;
use crate::engine::classic::view::{PhaseView, View};
use crate::engine::{CardFace, Edition, Move, PieceKind};
use crate::tr;

impl TableWords for Game {
    fn prompt(s: &Session<Game>, v: &View) -> String {
        if let Screen::Thinking(c) = s.screen() {
            return tr!(PanelThinking, name = s.name(c));
        }
        let me = v.viewer.map(|c| s.name(c)).unwrap_or_default();
        let action = |i: u8| {
            v.card
                .and_then(|c| match c.face() {
                    CardFace::Actions(a) => Some(action_text(a[i as usize])),
                    _ => None,
                })
                .unwrap_or_default()
        };
        if let Some(Move::Take { card, .. }) = s.staged.last() {
            return tr!(PanelPromptTook, me = me, card = card_name(*card));
        }
        match &v.phase {
            _ if s.pending.is_some() => tr!(PanelPromptPending, me = me),
            _ if s.must_confirm() => tr!(PanelPromptComplete, me = me),
            _ if s.offer().is_some() => tr!(PanelPromptPolitics, me = me),
            PhaseView::Placement { colour, castle: None, min_distance, .. } if Some(*colour) == v.viewer => tr!(PanelPromptCastle, me = me, min = min_distance),
            PhaseView::Placement { colour, castle: None, min_distance, .. } => {
                tr!(PanelPromptNeutralCastle, me = me, colour = crate::app::names::colour_adj(Edition::Classic, *colour), min = min_distance)
            }
            PhaseView::Placement { castle: Some(c), .. } => tr!(PanelPromptKnight, me = me, castle = c),
            PhaseView::Choosing { cards: 2, .. } => tr!(PanelPromptChooseTwo, me = me),
            PhaseView::Choosing { .. } => tr!(PanelPromptChooseOne, me = me),
            PhaseView::Negotiation { action: a, .. } => tr!(PanelPromptNegotiate, me = me, action = action(*a)),
            PhaseView::Duel { action: a, .. } => tr!(PanelPromptBid, me = me, action = action(*a)),
            PhaseView::Perform { action: a, .. } if !v.moves.iter().any(|m| matches!(m, Move::Border { .. } | Move::Knight { .. } | Move::Expand { .. } | Move::Open { .. } | Move::Take { .. })) => {
                tr!(PanelPromptNothingLeft, me = me, action = action(*a))
            }
            PhaseView::Perform { action: a, borders_left: Some(n), .. } => tr!(PanelPromptBorders, me = me, action = action(*a), n = n),
            PhaseView::Perform { action: a, opened: Some(_), .. } => tr!(PanelPromptTakeCard, me = me, action = action(*a)),
            PhaseView::Perform { action: a, knights_placed: None, .. } => tr!(PanelPromptLookPile, me = me, action = action(*a)),
            PhaseView::Perform { action: a, .. } => tr!(PanelPromptTapSpace, me = me, action = action(*a)),
            PhaseView::Over { .. } => tr!(String PanelGameOver),
        }
    }

    fn end(s: &Session<Game>) -> End {
        let v = s.game.view(None);
        let winners: Vec<String> = s.game.winners().iter().map(|&c| s.name(c)).collect();
        let title = match winners.split_first() {
            Some((first, rest)) if !rest.is_empty() => tr!(ScreenWinnersMany, names = rest.iter().fold(first.clone(), |a, b| tr!(ScreenAnd, a = a, b = b))),
            _ => tr!(ScreenWinnerOne, name = winners.concat()),
        };
        let rows = v
            .players
            .iter()
            .map(|&c| {
                let b = v.breakdown[c];
                let cells = [b.provinces, b.expansions, b.losses, b.silver_finds + b.final_mountains, b.deeds].iter().map(|n| n.to_string()).chain([v.scores[c].to_string(), s.game.wealth(c).to_string()]).collect();
                (c, s.name(c), cells)
            })
            .collect();
        End {
            title,
            how: None,
            head: [tr!(ScreenColProvinces), tr!(ScreenColExpansions), tr!(ScreenColLosses), tr!(ScreenColMountains), tr!(ScreenColDeeds), tr!(ScreenColTotal), tr!(ScreenColDucats)].map(String::from).to_vec(),
            rows,
            history: s.game.history().to_vec(),
            chip: None,
            turns: false,
            hints: crate::app::seats::hints_line(&s.seats, &s.setup.players, |c| s.name(c)),
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
