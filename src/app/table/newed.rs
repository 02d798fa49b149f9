//! The New Edition's words at the table: the prompt of every step, why the device passes and
//! the end screen's table.

use super::{End, Step, TableWords};
use crate::app::board::BoardModel;
use crate::app::said::{Arg, Said};
use crate::app::session::Session;
use crate::app::targets::Mode;
use crate::engine::newed::view::{PhaseView, View};
use crate::app::log::newed::power_action_said;
use crate::engine::newed::{Game, Move, PowerAction, PowerCardId, Work};
use crate::said;

/// The action of `card` being performed as `work`, by its short name ("3 borders", "Expand"):
/// how players call a card in play (its label, `A7`, is for the record).
fn performed(card: PowerCardId, work: &Work) -> Arg {
    let of_work = |a: &PowerAction| match (a, work) {
        (PowerAction::Borders(_), Work::Borders { .. })
        | (PowerAction::Knights(_), Work::Knights { .. })
        | (PowerAction::Expand, Work::Expand { .. })
        | (PowerAction::Renegade, Work::Renegade)
        | (PowerAction::Alliance, Work::Alliance) => true,
        _ => false,
    };
    let actions = card.card().actions;
    let a = actions.iter().flatten().find(|a| of_work(a)).or_else(|| actions.iter().flatten().next());
    a.map_or_else(|| Arg::Text(card.to_string()), |&a| Arg::Said(Box::new(power_action_said(a))))
}

impl TableWords for Game {
    fn prompt(v: &View, step: &Step, _: Option<&Move>) -> Said {
        let me = || v.viewer.map_or(Arg::Text(String::new()), Arg::Name);
        if step.must_confirm {
            return said!(PanelNewPromptComplete, me = me());
        }
        if step.review {
            return said!(PanelNewPromptReview, me = me());
        }
        match &v.phase {
            PhaseView::Placement { placer, colour, castle: None, min_distance } if placer == colour => said!(PanelNewPromptCastle, me = me(), min = min_distance),
            PhaseView::Placement { colour, castle: None, min_distance, .. } => said!(PanelNewPromptNeutralCastle, me = me(), colour = Arg::ColourAdj(*colour), min = min_distance),
            PhaseView::Placement { placer, colour, castle: Some(c), .. } if placer == colour => said!(PanelNewPromptKnight, me = me(), castle = c),
            PhaseView::Placement { colour, castle: Some(c), .. } => said!(PanelNewPromptNeutralKnight, me = me(), colour = Arg::ColourAdj(*colour), castle = c),
            PhaseView::Choose { .. } => said!(PanelNewPromptChoose, me = me()),
            PhaseView::Perform { by, card, work } => {
                // The card as players name it: the action being performed ("3 borders"), and
                // "end the action" only once that button is there (after the action's first step).
                let card = performed(*card, work);
                let end = v.moves.contains(&Move::Done { by: *by });
                match (work, end) {
                    (Work::Borders { left }, true) => said!(PanelNewPromptBorders, me = me(), card = card, n = left),
                    (Work::Borders { left }, false) => said!(PanelNewPromptBordersFirst, me = me(), card = card, n = left),
                    (Work::Knights { left }, true) => said!(PanelNewPromptKnights, me = me(), card = card, n = left),
                    (Work::Knights { left }, false) => said!(PanelNewPromptKnightsFirst, me = me(), card = card, n = left),
                    (Work::Expand { taken, .. }, true) => said!(PanelNewPromptExpand, me = me(), card = card, n = 2 - taken),
                    (Work::Expand { taken, .. }, false) => said!(PanelNewPromptExpandFirst, me = me(), card = card, n = 2 - taken),
                    (Work::Renegade, _) => said!(PanelNewPromptRenegade, me = me()),
                    (Work::Alliance, _) => said!(PanelNewPromptAlliance, me = me()),
                }
            }
            PhaseView::Remove { by, .. } => said!(PanelNewPromptRemove, me = me(), name = Arg::Name(*by)),
            PhaseView::Refill { .. } => said!(PanelNewPromptRefill, me = me()),
            PhaseView::Over { .. } => said!(PanelGameOver),
        }
    }

    fn hand_over(s: &Session<Game>) -> Said {
        match s.shown.view(None).phase {
            PhaseView::Placement { placer, colour, castle: None, .. } if placer != colour => said!(SessPlaceNeutralCastle, colour = Arg::ColourAdj(colour)),
            PhaseView::Placement { castle: None, .. } => said!(SessPlaceCastle),
            PhaseView::Placement { .. } => said!(SessPlaceKnight),
            PhaseView::Remove { by, .. } => said!(SessRenegadeAgainstYou, name = Arg::Name(by)),
            PhaseView::Refill { .. } => said!(SessTakeCard),
            _ => said!(SessYourTurn),
        }
    }

    fn end(s: &Session<Game>) -> End {
        let v = s.game.view(None);
        let (winners, king) = match &v.phase {
            PhaseView::Over { winners, king } => (winners.clone(), *king),
            _ => (Vec::new(), false),
        };
        let rows = v
            .players
            .iter()
            .map(|&c| {
                let b = s.game.breakdown(c);
                (c, [b.regions, b.expansions, b.losses, b.monopolies, b.bonuses, v.scores[c] as i32, s.game.ducats(c) as i32].to_vec())
            })
            .collect();
        End {
            title: super::winners_title(&winners),
            how: Some(if king { said!(PanelEndKing) } else { said!(PanelEndDeck) }),
            head: [said!(PanelColRegions), said!(PanelColExpansions), said!(PanelColLosses), said!(PanelColMonopolies), said!(PanelColBonuses), said!(PanelColTotal), said!(PanelColDucats)].to_vec(),
            rows,
            history: s.game.history().to_vec(),
            chip: Some(v.king_chip),
            turns: true,
            hints: crate::app::seats::hints_line(&s.seats, &s.setup.players),
        }
    }

    fn board(v: &View, mode: Mode) -> BoardModel {
        BoardModel::newed(v, mode)
    }

    fn with_pending(m: BoardModel, _: &View, _: &Move) -> BoardModel {
        m
    }
}
