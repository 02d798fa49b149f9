//! A bot that plays uniformly random legal moves (for tests and the benchmark), for either edition.

use super::edition::Rules;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Picks uniformly among the legal moves.
pub struct RandomBot<M> {
    rng: ChaCha8Rng,
    buf: Vec<M>,
}

impl<M: Copy> RandomBot<M> {
    /// A bot with its own seeded generator.
    pub fn new(seed: u64) -> RandomBot<M> {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed ^ 0x05ee_db07), buf: Vec::new() }
    }

    /// A legal move for the game, or `None` when the game is over.
    pub fn pick<G: Rules<Move = M>>(&mut self, game: &G) -> Option<M> {
        game.legal_moves_into(&mut self.buf);
        if self.buf.is_empty() {
            return None;
        }
        let n = self.buf.len() as u64;
        Some(self.buf[(self.rng.next_u64() % n) as usize])
    }
}

/// Plays a whole game with random bots; returns the final game and the moves.
///
/// # Panics
/// If the engine refuses a move it listed (a bug the property tests look for).
pub fn play_out<G: Rules>(mut game: G, seed: u64) -> (G, Vec<G::Move>) {
    let mut bot = RandomBot::new(seed);
    let mut moves = Vec::new();
    while let Some(m) = bot.pick(&game) {
        game.play(m).expect("a listed move is legal");
        moves.push(m);
    }
    (game, moves)
}
