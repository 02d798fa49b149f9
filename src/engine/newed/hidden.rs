//! What a colour can't see, sampled (issue 10): the game as `me` might believe it to be.

use super::cards::PowerCardId;
use super::game::Game;
use crate::engine::colour::Colour;
use crate::engine::rng::redeal;
use rand_chacha::ChaCha8Rng;

impl Game {
    /// A copy of the game in which the other players' power cards and the deck are dealt anew
    /// from the cards `me` hasn't seen, each card keeping its stack letter (the backs are seen
    /// in hands and on the deck). The market, the discard pile and (even when private) money
    /// are kept: every change of money is announced. The result depends on the hidden cards
    /// only through which cards are unseen, so two games that look the same to `me` give the
    /// same samples for the same `rng`.
    pub fn determinized(&self, me: Colour, rng: &mut ChaCha8Rng) -> Game {
        let mut g = self.clone();
        let others: Vec<Colour> = g.players.iter().copied().filter(|&c| c != me).collect();
        let mut unseen: Vec<PowerCardId> = Vec::new();
        for &c in &others {
            unseen.extend(&g.hands[c]);
        }
        unseen.extend(&g.deck);
        redeal(rng, &mut unseen, |c| c.stack_letter());
        let mut it = unseen.into_iter();
        for &c in &others {
            let n = g.hands[c].len();
            g.hands[c] = it.by_ref().take(n).collect();
        }
        g.deck = it.collect();
        g
    }
}
