//! The New Edition's words at the table: the prompt of every step and the end screen's table.

use super::{End, TableWords};
use crate::app::board::BoardModel;
use crate::app::session::{Screen, Session};
use crate::app::targets::Mode;
use crate::engine::newed::view::{PhaseView, View};
use crate::engine::newed::{Game, Move, Work};
use crate::engine::Edition;
use crate::tr;

impl TableWords for Game {
    fn prompt(s: &Session<Game>, v: &View) -> String {
        if let Screen::Thinking(c) = s.screen() {
            return tr!(PanelThinking, name = s.name(c));
        }
        let me = v.viewer.map(|c| s.name(c)).unwrap_or_default();
        if s.must_confirm() {
            return tr!(PanelNewPromptComplete, me = me);
        }
        if s.review && !s.shown.is_over() {
            return tr!(PanelNewPromptReview, me = me);
        }
        match &v.phase {
            PhaseView::Placement { placer, colour, castle: None, min_distance } if placer == colour => tr!(PanelNewPromptCastle, me = me, min = min_distance),
            PhaseView::Placement { colour, castle: None, min_distance, .. } => tr!(PanelNewPromptNeutralCastle, me = me, colour = crate::app::names::colour_adj(Edition::New, *colour), min = min_distance),
            PhaseView::Placement { castle: Some(c), .. } => tr!(PanelNewPromptKnight, me = me, castle = c),
            PhaseView::Choose { .. } => tr!(PanelNewPromptChoose, me = me),
            PhaseView::Perform { card, work, .. } => match work {
                Work::Borders { left } => tr!(PanelNewPromptBorders, me = me, card = card, n = left),
                Work::Knights { left } => tr!(PanelNewPromptKnights, me = me, card = card, n = left),
                Work::Expand { taken, .. } => tr!(PanelNewPromptExpand, me = me, card = card, n = 2 - taken),
                Work::Renegade => tr!(PanelNewPromptRenegade, me = me, card = card),
                Work::Alliance => tr!(PanelNewPromptAlliance, me = me, card = card),
            },
            PhaseView::Remove { by, .. } => tr!(PanelNewPromptRemove, me = me, name = s.name(*by)),
            PhaseView::Refill { .. } => tr!(PanelNewPromptRefill, me = me),
            PhaseView::Over { .. } => tr!(String PanelGameOver),
        }
    }

    fn end(s: &Session<Game>) -> End {
        let v = s.game.view(None);
        let (winners, king) = match &v.phase {
            PhaseView::Over { winners, king } => (winners.clone(), *king),
            _ => (Vec::new(), false),
        };
        let names: Vec<String> = winners.iter().map(|&c| s.name(c)).collect();
        let title = match names.split_first() {
            Some((first, rest)) if !rest.is_empty() => tr!(PanelWinners, names = rest.iter().fold(first.clone(), |all, n| tr!(PanelAnd, a = all, b = n))),
            _ => tr!(PanelWinner, name = names.concat()),
        };
        let rows = v
            .players
            .iter()
            .map(|&c| {
                let b = s.game.breakdown(c);
                let cells = [b.regions, b.expansions, b.losses, b.monopolies, b.bonuses].iter().map(|n| n.to_string()).chain([v.scores[c].to_string(), s.game.ducats(c).to_string()]).collect();
                (c, s.name(c), cells)
            })
            .collect();
        End {
            title,
            how: Some(if king { tr!(String PanelEndKing) } else { tr!(String PanelEndDeck) }),
            head: [tr!(PanelColRegions), tr!(PanelColExpansions), tr!(PanelColLosses), tr!(PanelColMonopolies), tr!(PanelColBonuses), tr!(PanelColTotal), tr!(PanelColDucats)].map(String::from).to_vec(),
            rows,
            history: s.game.history().to_vec(),
            chip: Some(v.king_chip),
            turns: true,
            hints: crate::app::seats::hints_line(&s.seats, &s.setup.players, |c| s.name(c)),
        }
    }

    fn board(v: &View, mode: Mode) -> BoardModel {
        BoardModel::newed(v, mode)
    }

    fn with_pending(m: BoardModel, _: &View, _: &Move) -> BoardModel {
        m
    }
}
