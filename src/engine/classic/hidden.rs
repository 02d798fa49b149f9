//! What a colour can't see, sampled (issue 10): the game as `me` might believe it to be.

use super::cards::PoliticsCard;
use super::game::{Game, Phase, Work};
use crate::engine::colour::Colour;
use crate::engine::rng::redeal;
use rand_chacha::ChaCha8Rng;

impl Game {
    /// A copy of the game in which everything `me` can't know is dealt anew from what `me`
    /// can: the other players' politics cards and both piles (one back for all), the order of
    /// the action cards (each keeps its stack letter: the backs are seen), and sealed bids
    /// not yet revealed. Money stays: every change of it is announced to the table (with
    /// private money a careful player can count it). The result depends on the hidden cards
    /// only through which cards are unseen, so two games that look the same to `me` give the
    /// same samples for the same `rng`.
    pub fn determinized(&self, me: Colour, rng: &mut ChaCha8Rng) -> Game {
        let mut g = self.clone();
        let others: Vec<Colour> = g.players.iter().copied().filter(|&c| c != me).collect();
        let mut unseen: Vec<PoliticsCard> = Vec::new();
        for &c in &others {
            unseen.extend(&g.hands[c]);
        }
        // A pile `me` is looking through (politics action) is seen.
        let seen_pile = match g.phase {
            Phase::Perform { by, work: Work::Politics { opened: Some(p) }, .. } if by == me => Some(p as usize - 1),
            _ => None,
        };
        for (i, pile) in g.piles.iter().enumerate() {
            if seen_pile != Some(i) {
                unseen.extend(pile);
            }
        }
        redeal(rng, &mut unseen, |_| ());
        let mut it = unseen.into_iter();
        for &c in &others {
            let n = g.hands[c].len();
            g.hands[c] = it.by_ref().take(n).collect();
            g.hands[c].sort();
        }
        for (i, pile) in g.piles.iter_mut().enumerate() {
            if seen_pile == Some(i) {
                continue;
            }
            let n = pile.len();
            *pile = it.by_ref().take(n).collect();
        }
        redeal(rng, &mut g.deck, |c| c.stack);
        if let Phase::Duel { bids, .. } = &mut g.phase {
            for c in others {
                bids[c] = None;
            }
        }
        g
    }
}
