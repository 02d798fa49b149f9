//! Contests for an action: the negotiation of two players and the sealed-bid duel.

use crate::engine::colour::{ByColour, Colour};
use crate::engine::error::IllegalMove;
use super::cards::Treasures;
use super::event::Event;
use super::game::{Game, Phase};
use super::moves::Move;

impl Game {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negotiate(
        &mut self,
        action: u8,
        pair: [Colour; 2],
        speaker: usize,
        mut last: [Option<u32>; 2],
        standing: Option<u32>,
        mv: Move,
        ev: &mut Vec<Event>,
    ) -> Result<(), IllegalMove> {
        match mv {
            Move::Offer { by, amount } => {
                if last[speaker].is_some_and(|l| amount <= l) {
                    return Err(IllegalMove::OfferNotHigher);
                }
                if amount > self.ducats[by] {
                    return Err(IllegalMove::NotEnoughMoney);
                }
                last[speaker] = Some(amount);
                ev.push(Event::Offered { by, amount });
                self.phase = Phase::Negotiation { action, pair, speaker: 1 - speaker, last, standing: Some(amount) };
                Ok(())
            }
            Move::Accept { by } => {
                let amount = standing.ok_or(IllegalMove::NoOfferToAccept)?;
                let payer = pair[1 - speaker];
                self.ducats[payer] -= amount;
                self.ducats[by] += amount;
                ev.push(Event::Accepted { by, payer, amount });
                if !self.begin_perform(action, payer, ev) {
                    self.resolve_from(action + 1, ev);
                }
                Ok(())
            }
            Move::Duel { by } => {
                ev.push(Event::BrokeOff { by });
                self.begin_duel(action, pair.to_vec(), false, ev);
                Ok(())
            }
            _ => Err(IllegalMove::NotNow),
        }
    }

    pub(super) fn bid(
        &mut self,
        action: u8,
        bidders: Vec<Colour>,
        second: bool,
        mut bids: ByColour<Option<(u32, Treasures)>>,
        mv: Move,
        ev: &mut Vec<Event>,
    ) -> Result<(), IllegalMove> {
        let Move::Bid { by, money, treasures } = mv else {
            return Err(IllegalMove::NotNow);
        };
        if bids[by].is_some() {
            return Err(IllegalMove::AlreadyBid);
        }
        if money > self.ducats[by] {
            return Err(IllegalMove::NotEnoughMoney);
        }
        if !treasures.is_subset(Treasures::in_hand(&self.hands[by])) {
            return Err(IllegalMove::BadTreasurePayment);
        }
        bids[by] = Some((money, treasures));
        ev.push(Event::BidLaid { by });
        if self.veiled || bidders.iter().any(|&b| bids[b].is_none()) {
            self.phase = Phase::Duel { action, bidders, second, bids };
            return Ok(());
        }
        let revealed: Vec<(Colour, u32, Treasures)> = bidders.iter().map(|&b| {
            let (m, t) = bids[b].expect("all bid");
            (b, m, t)
        }).collect();
        ev.push(Event::BidsRevealed { bids: revealed.clone() });
        let best = revealed.iter().map(|&(_, m, t)| m + t.value()).max().expect("bidders");
        let top: Vec<Colour> = revealed.iter().filter(|&&(_, m, t)| m + t.value() == best).map(|&(c, _, _)| c).collect();
        if top.len() == 1 {
            let (w, m, t) = *revealed.iter().find(|&&(c, _, _)| c == top[0]).expect("winner");
            self.ducats[w] -= m;
            self.discard_treasures(w, t);
            ev.push(Event::DuelWon { by: w, paid: m, treasures: t });
            if !self.begin_perform(action, w, ev) {
                self.resolve_from(action + 1, ev);
            }
        } else if !second {
            self.begin_duel(action, top, true, ev);
        } else {
            ev.push(Event::DuelVoid { action: action + 1, kind: self.action(action) });
            self.resolve_from(action + 1, ev);
        }
        Ok(())
    }
}
