//! The politics window after one's own decision: Alliance and Renegade cards, and ending an alliance.

use crate::engine::board::{Piece, PieceKind};
use crate::engine::colour::Colour;
use crate::engine::error::IllegalMove;
use crate::engine::grid::Space;
use super::cards::{PoliticsCard, Treasures};
use super::event::Event;
use super::game::{Game, UNALLY_COST};

impl Game {
    /// When everyone has decided and the last decider can play no more politics cards, resolution begins.
    pub(super) fn after_window_change(&mut self, ev: &mut Vec<Event>) {
        if let Some((w, left)) = self.window {
            let mut v = Vec::new();
            if left > 0 {
                self.window_moves(w, &mut v);
            }
            if v.is_empty() {
                self.window = None;
            }
        }
        if self.all_decided() && self.window.is_none() {
            self.finish_choosing(ev);
        }
    }

    fn use_window(&mut self, by: Colour) -> Result<(), IllegalMove> {
        match self.window {
            Some((w, left)) if w == by && left > 0 => Ok(()),
            _ => Err(IllegalMove::NotAfterOwnDecision),
        }
    }

    fn take_from_hand(&mut self, by: Colour, card: PoliticsCard) {
        let i = self.hands[by].iter().position(|&c| c == card).expect("checked");
        self.discards.push(self.hands[by].remove(i));
    }

    pub(super) fn play_alliance(&mut self, by: Colour, own: Space, other: Space, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        self.use_window(by)?;
        if !self.hands[by].contains(&PoliticsCard::Alliance) {
            return Err(IllegalMove::CardNotInHand);
        }
        self.check_alliance(by, own, other)?;
        self.take_from_hand(by, PoliticsCard::Alliance);
        self.board.ally(own, other);
        ev.push(Event::AlliancePlayed { by, own, other });
        self.spend_window(ev);
        Ok(())
    }

    fn spend_window(&mut self, ev: &mut Vec<Event>) {
        if let Some((w, left)) = self.window {
            self.window = Some((w, left - 1));
        }
        self.after_window_change(ev);
    }

    pub(super) fn play_renegade(&mut self, by: Colour, remove: Space, place: Space, pay: Treasures, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        self.use_window(by)?;
        if !self.hands[by].contains(&PoliticsCard::Renegade) {
            return Err(IllegalMove::CardNotInHand);
        }
        if self.board.knights_in_stock(by) == 0 {
            return Err(IllegalMove::NoKnightInStock);
        }
        // The new knight: inside an own province, placed by the knight rules (R-C9).
        let own = match self.board.province_at(place) {
            Some((o, castle)) if o == by => castle,
            _ => return Err(IllegalMove::NotInOwnProvince),
        };
        self.knight_spot(by, place)?;
        // The removed knight: the owner's, inside the owner's province, neighbouring ours.
        let Some(Piece { colour: victim, kind: PieceKind::Knight }) = self.board.piece(remove) else {
            return Err(IllegalMove::NoForeignKnightThere);
        };
        let other = match self.board.province_at(remove) {
            Some((o, castle)) if o == victim && victim != by => castle,
            _ => return Err(IllegalMove::NoForeignKnightThere),
        };
        if !self.board.grid().touches(self.board.component(own).spaces, self.board.component(other).spaces) {
            return Err(IllegalMove::ProvincesNotNeighbours);
        }
        if self.only_link(remove, victim) {
            return Err(IllegalMove::OnlyLink);
        }
        let cost = self.renegade_cost(remove, place);
        self.check_payment(by, cost, pay)?;
        self.take_from_hand(by, PoliticsCard::Renegade);
        self.pay(by, cost, pay, ev);
        self.board.remove_knight(remove, victim);
        self.board.put(place, Piece { colour: by, kind: PieceKind::Knight });
        ev.push(Event::RenegadePlayed { by, removed: remove, removed_colour: victim, placed: place, cost });
        self.spend_window(ev);
        Ok(())
    }

    pub(super) fn unally(&mut self, by: Colour, a: Space, b: Space, pay: Treasures, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        let &(x, y) = self.board.alliances().iter().find(|&&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)).ok_or(IllegalMove::NoSuchAlliance)?;
        if self.board.castle_colour(a) != Some(by) && self.board.castle_colour(b) != Some(by) {
            return Err(IllegalMove::NoSuchAlliance);
        }
        self.check_payment(by, UNALLY_COST, pay)?;
        let money = self.pay(by, UNALLY_COST, pay, ev);
        self.board.unally(x, y);
        ev.push(Event::Unallied { by, a: x, b: y, money, treasures: pay });
        Ok(())
    }

    pub(super) fn check_alliance(&self, c: Colour, own: Space, other: Space) -> Result<(), IllegalMove> {
        self.board.check_alliance(c, own, other)
    }
}
