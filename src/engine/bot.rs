//! A bot that plays uniformly random legal moves (for tests and the benchmark).

use super::classic::game::Game;
use super::classic::moves::Move;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Picks uniformly among the legal moves.
pub struct RandomBot {
    rng: ChaCha8Rng,
    buf: Vec<Move>,
}

impl RandomBot {
    /// A bot with its own seeded generator.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b07), buf: Vec::new() }
    }

    /// A legal move for the game, or `None` when the game is over.
    pub fn pick(&mut self, game: &Game) -> Option<Move> {
        game.legal_moves_into(&mut self.buf);
        if self.buf.is_empty() {
            return None;
        }
        let n = self.buf.len() as u64;
        Some(self.buf[(self.rng.next_u64() % n) as usize])
    }
}

/// Plays a whole game with random bots; returns the final game and the moves.
pub fn play_out(mut game: Game, seed: u64) -> (Game, Vec<Move>) {
    let mut bot = RandomBot::new(seed);
    let mut moves = Vec::new();
    while let Some(m) = bot.pick(&game) {
        game.play(m).expect("a listed move is legal");
        moves.push(m);
    }
    (game, moves)
}
