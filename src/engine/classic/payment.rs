//! Payments with money and treasure cards (R-C1: no change given), and what knights cost.

use crate::engine::board::land::Terrain;
use crate::engine::colour::Colour;
use crate::engine::error::IllegalMove;
use crate::engine::grid::Space;
use super::cards::{PoliticsCard, Treasures};
use super::event::Event;
use super::game::{Game, FOREST_COST};

impl Game {
    /// Checks a payment of `cost` with money and the named treasure cards (R-C1: no change).
    pub(super) fn check_payment(&self, c: Colour, cost: u32, pay: Treasures) -> Result<(), IllegalMove> {
        if !pay.is_subset(Treasures::in_hand(&self.hands[c])) {
            return Err(IllegalMove::BadTreasurePayment);
        }
        if !pay.is_empty() {
            let min = pay.cards().filter_map(|t| match t {
                PoliticsCard::Treasure(v) => Some(v as u32),
                _ => None,
            }).min().unwrap_or(0);
            if pay.value() - min >= cost {
                return Err(IllegalMove::BadTreasurePayment);
            }
        }
        if self.ducats[c] < cost.saturating_sub(pay.value()) {
            return Err(IllegalMove::CannotAfford);
        }
        Ok(())
    }

    /// Pays a checked payment; returns the money paid beside the treasure cards.
    pub(super) fn pay(&mut self, c: Colour, cost: u32, pay: Treasures, ev: &mut Vec<Event>) -> u32 {
        if cost == 0 {
            return 0;
        }
        let money = cost.saturating_sub(pay.value());
        self.ducats[c] -= money;
        self.discard_treasures(c, pay);
        ev.push(Event::Paid { by: c, money, treasures: pay });
        money
    }

    pub(super) fn discard_treasures(&mut self, c: Colour, t: Treasures) {
        for card in t.cards() {
            let i = self.hands[c].iter().position(|&h| h == card).expect("checked");
            self.discards.push(self.hands[c].remove(i));
        }
    }

    /// Every way `c` can pay `cost` (money alone, or with treasure cards).
    pub(super) fn payments(&self, c: Colour, cost: u32) -> Vec<Treasures> {
        Treasures::in_hand(&self.hands[c]).subsets().filter(|&t| self.check_payment(c, cost, t).is_ok()).collect()
    }

    pub(super) fn knight_cost(&self, s: Space) -> u32 {
        if self.board.terrain(s) == Terrain::Forest { FOREST_COST } else { 0 }
    }

    pub(super) fn renegade_cost(&self, remove: Space, place: Space) -> u32 {
        self.knight_cost(remove) + self.knight_cost(place)
    }
}
