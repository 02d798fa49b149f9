//! Legal-move generation: exactly the moves `play` accepts (property tests check both ways).

use super::actions::SEPARATION;
use super::cards::PowerAction;
use crate::engine::error::IllegalMove;
use super::game::{knight_ground, Game, Phase, Work, CASTLE_DISTANCE};
use super::moves::Move;
use crate::engine::board::territory::Separation;

impl Game {
    /// Every legal move now.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v
    }

    /// Every legal move now, into a reused buffer (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Placement { step, castle } => {
                let Some(&(by, colour)) = self.placements.get(step) else { return };
                match castle {
                    None => {
                        let (_, spots) = self.board.castle_spots(colour, CASTLE_DISTANCE, knight_ground);
                        out.extend(spots.iter().map(|at| Move::Castle { by, at }));
                    }
                    Some(c) => out.extend(
                        self.board.grid().neighbours(c).filter(|&(n, _)| knight_ground(self.board.terrain(n)) && !self.board.occupied(n)).map(|(at, _)| Move::Knight { by, at }),
                    ),
                }
            }
            Phase::Choose { by } => {
                // R-N4: a card is offered for an action only when its first step can be done,
                // the price paid. Each kind of action is judged once (a hand holds 3 cards).
                let mut first: [Option<Result<u32, IllegalMove>>; 5] = [None; 5];
                for &card in &self.hands[by] {
                    out.push(Move::Sell { by, card });
                    if card.card().price > self.ducats[by] {
                        continue;
                    }
                    for action in 1..=card.action_count() {
                        let Some(a) = card.action(action) else { continue };
                        let kind = match a {
                            PowerAction::Borders(_) => 0,
                            PowerAction::Knights(_) => 1,
                            PowerAction::Expand => 2,
                            PowerAction::Renegade => 3,
                            PowerAction::Alliance => 4,
                        };
                        let extra = *first[kind].get_or_insert_with(|| self.first_step_cost(by, a));
                        if self.affordable(by, card, a, extra).is_ok() {
                            out.push(Move::Play { by, card, action });
                        }
                    }
                }
            }
            Phase::Perform { by, work, begun, .. } => {
                self.work_moves(by, work, out);
                // R-N4: `done` only after the action's first step.
                if begun {
                    out.push(Move::Done { by });
                }
            }
            Phase::Remove { by, victim, region } => {
                let mover = if self.is_player(victim) { victim } else { by };
                out.extend(self.removable(victim, region).iter().map(|at| Move::Remove { by: mover, at }));
            }
            Phase::Refill { by, sold } => {
                if !self.deck.is_empty() {
                    out.push(Move::Draw { by });
                }
                out.extend(self.market.iter().filter(|&&c| Some(c) != sold).map(|&card| Move::Take { by, card }));
            }
            Phase::Over => {}
        }
    }

    fn work_moves(&self, by: super::super::colour::Colour, work: Work, out: &mut Vec<Move>) {
        match work {
            Work::Borders { left } => {
                if left > 0 {
                    let sep: Separation = SEPARATION;
                    out.extend(self.board.border_edges(sep).map(|edge| Move::Border { by, edge }));
                }
            }
            Work::Knights { left } => {
                if left > 0 && self.board.knights_in_stock(by) > 0 {
                    let money = self.ducats[by];
                    out.extend(self.board.knight_spots(by).iter().filter(|&at| self.knight_cost(at) <= money).map(|at| Move::Knight { by, at }));
                }
            }
            Work::Expand { castle, taken } => {
                if taken < 2 {
                    let mut listed = crate::engine::grid::SpaceSet::EMPTY;
                    for region in self.expanding(by, castle) {
                        for at in self.board.takeable(by, region).iter() {
                            // Without the castle only where one region may take the space (NOTATION.md).
                            if !listed.contains(at) {
                                listed.insert(at);
                                if castle.is_some() || self.takers(by, None, at) == 1 {
                                    out.push(Move::Expand { by, at, castle: None });
                                }
                            }
                            out.push(Move::Expand { by, at, castle: Some(region) });
                        }
                    }
                }
            }
            Work::Renegade => {
                let money = self.ducats[by];
                out.extend(self.renegade_spots(by).filter(|&(_, place)| self.knight_cost(place) <= money).map(|(region, place)| Move::Renegade { by, region, place }));
            }
            Work::Alliance => out.extend(self.alliance_pairs(by).map(|(own, other)| Move::Alliance { by, own, other })),
        }
    }
}
