//! The referee's JSON summary of a New Edition game (shared/NOTATION.md, "New Edition records").

use super::game::{Game, Phase};
use super::turn::{mines_in, value_of};
use crate::engine::board::land::{MineKind, Terrain};
use crate::engine::colour::Colour;
use crate::engine::grid::Space;
use serde_json::{json, Map, Value};

impl Game {
    fn region_json(&self, castle: Space) -> Value {
        let board = self.board();
        let spaces = board.component(castle).spaces;
        let mines = mines_in(self, spaces);
        json!({
            "castle": castle.to_string(),
            "spaces": spaces.len(),
            "forests": board.land().count(spaces, Terrain::Forest),
            "villages": board.land().count(spaces, Terrain::Village),
            "king": board.land().count(spaces, Terrain::KingsCity) > 0,
            "mines": MineKind::ALL.iter().flat_map(|k| std::iter::repeat_n(k.name(), mines[*k as usize])).collect::<Vec<_>>(),
            "value": value_of(self, spaces),
            "knights": board.knights_in(castle, board.castle_colour(castle).expect("castle")),
        })
    }

    /// The state as the referee prints it.
    pub fn summary(&self) -> Value {
        let board = self.board();
        let player = |c: Colour| {
            json!({
                "score": self.score(c),
                "ducats": self.ducats(c),
                "income": self.income(c),
                "knights_in_stock": board.knights_in_stock(c),
                "hand": self.hand(c).iter().map(|h| h.to_string()).collect::<Vec<_>>(),
                "monopolies": self.monopolies(c).iter().map(|k| k.name()).collect::<Vec<_>>(),
                "regions": board.provinces(c).map(|castle| self.region_json(castle)).collect::<Vec<_>>(),
                "castles": board.castles(c).iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                "knights": board.knights(c).iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            })
        };
        let mut players = Map::new();
        for &c in self.players() {
            players.insert(c.name().into(), player(c));
        }
        let phase = match self.phase() {
            Phase::Placement { .. } => "placement",
            Phase::Choose { .. } => "choose",
            Phase::Perform { .. } => "perform",
            Phase::Remove { .. } => "remove",
            Phase::Refill { .. } => "refill",
            Phase::Over => "over",
        };
        let mines: Vec<Value> = board
            .grid()
            .spaces()
            .filter_map(|s| match board.terrain(s) {
                Terrain::Mine(k) => Some(json!({"space": s.to_string(), "type": k.name()})),
                _ => None,
            })
            .collect();
        json!({
            "edition": "new",
            "over": self.is_over(),
            "winners": self.winners().iter().map(|c| c.name()).collect::<Vec<_>>(),
            "king_reached": self.won_by_king(),
            "to_move": self.to_move().iter().map(|c| c.name()).collect::<Vec<_>>(),
            "borders_in_stock": board.borders_in_stock(),
            "deck_left": self.deck_len(),
            "market": self.market().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "discard": self.discard().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "king_chip": self.king_chip(),
            "final_phase": self.final_phase(),
            "phase": phase,
            "players": players,
            "neutral": self.neutral().map(|n| json!({
                "colour": n.name(),
                "knights_in_stock": board.knights_in_stock(n),
                "regions": board.provinces(n).map(|castle| self.region_json(castle)).collect::<Vec<_>>(),
            })),
            "tiles": self.layout().to_string(),
            "deck": self.deck_before_deal().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "mines": mines,
            "borders": board.borders().iter().map(|e| e.to_string()).collect::<Vec<_>>(),
            "alliances": board.alliances().iter().map(|(a, b)| [a.to_string(), b.to_string()]).collect::<Vec<_>>(),
        })
    }
}
