//! The referee's JSON summary of a game (shared/NOTATION.md, "The referee").

use crate::engine::board::land::Terrain;
use crate::engine::colour::Colour;
use super::game::{Game, Phase};
use serde_json::{json, Map, Value};

impl Game {
    /// The state as the referee prints it.
    pub fn summary(&self) -> Value {
        let board = self.board();
        let player = |c: Colour| {
            let b = self.breakdown(c);
            json!({
                "score": self.score(c),
                "ducats": self.ducats(c),
                "knights_in_stock": board.knights_in_stock(c),
                "hand": self.hand(c).iter().map(|h| h.name()).collect::<Vec<_>>(),
                "provinces": board.provinces(c).map(|castle| json!({
                    "castle": castle.to_string(),
                    "spaces": board.component(castle).size(),
                    "cities": board.land().count(board.component(castle).spaces, Terrain::City),
                    "mountains": board.land().count(board.component(castle).spaces, Terrain::Mountain),
                })).collect::<Vec<_>>(),
                "breakdown": {
                    "provinces": b.provinces, "expansions": b.expansions, "losses": b.losses,
                    "silver_finds": b.silver_finds, "final_mountains": b.final_mountains, "deeds": b.deeds,
                },
            })
        };
        let mut players = Map::new();
        for &c in self.players() {
            players.insert(c.name().into(), player(c));
        }
        let phase = match self.phase() {
            Phase::Placement { .. } => "placement",
            Phase::Choosing => "choosing",
            Phase::Negotiation { .. } => "negotiation",
            Phase::Duel { .. } => "duel",
            Phase::Perform { .. } => "perform",
            Phase::Over => "over",
        };
        json!({
            "over": self.is_over(),
            "winners": self.winners().iter().map(|c| c.name()).collect::<Vec<_>>(),
            "to_move": self.to_move().iter().map(|c| c.name()).collect::<Vec<_>>(),
            "borders_in_stock": board.borders_in_stock(),
            "players": players,
            "neutral": self.neutral().map(|n| json!({
                "colour": n.name(),
                "knights_in_stock": board.knights_in_stock(n),
                "provinces": board.provinces(n).map(|castle| json!({"castle": castle.to_string(), "spaces": board.component(castle).size()})).collect::<Vec<_>>(),
            })),
            "round": self.round(),
            "phase": phase,
            "card": self.card().map(|c| c.to_string()),
            "deck_left": self.deck_len(),
            "start_player": self.start_player().name(),
            "borders": board.borders().iter().map(|e| e.to_string()).collect::<Vec<_>>(),
            "alliances": self.alliances().iter().map(|(a, b)| [a.to_string(), b.to_string()]).collect::<Vec<_>>(),
            "piles": [self.pile(0).len(), self.pile(1).len()],
            "seed": self.seed(),
            "rng_position": self.rng_position().to_string(),
        })
    }
}
