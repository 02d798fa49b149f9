//! Legal moves: every move of every colour whose move it is.

use crate::engine::colour::Colour;
use crate::engine::grid::Space;
use super::cards::{PoliticsCard, Treasures};
use super::game::{Expansion, Game, Phase, Work, CASTLE_DISTANCE, UNALLY_COST};
use super::start::setup_knight_ground;
use super::moves::Move;
use super::perform::{expansion_allowed, knight_allowed};

impl Game {
    /// Every legal move of every colour whose move it is.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// [`Game::legal_moves`] into a buffer (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.phase == Phase::Over {
            return;
        }
        if let Some((w, _)) = self.window {
            self.window_moves(w, out);
            self.unally_moves(w, out);
        }
        if self.all_decided() {
            let mut rest = Vec::new();
            let advanced = self.advanced();
            advanced.legal_moves_into(&mut rest);
            if let Some(w) = self.decliner_before_end(&advanced) {
                out.push(Move::Done { by: w });
            }
            for m in rest {
                if !out.contains(&m) {
                    out.push(m);
                }
            }
            return;
        }
        let movers = self.to_move();
        for &c in &movers {
            if self.window.is_none_or(|(w, _)| w != c) {
                self.unally_moves(c, out);
            }
        }
        match &self.phase {
            Phase::Placement { step, castle } => {
                let (by, colour) = self.placements[*step];
                match castle {
                    None => {
                        let (_, spots) = self.board.castle_spots(colour, CASTLE_DISTANCE, setup_knight_ground);
                        out.extend(spots.iter().map(|at| Move::Castle { by, at }));
                    }
                    Some(cs) => out.extend(
                        self.board.grid().neighbours(*cs).filter(|&(n, _)| self.knight_spot_setup(n)).map(|(at, _)| Move::Knight { by, at, pay: Treasures::NONE }),
                    ),
                }
            }
            Phase::Choosing => {
                let by = self.next_decider();
                if self.cards_to_lay() == 2 {
                    for (a, b) in [(1, 2), (1, 3), (2, 3)] {
                        out.push(Move::Decide { by, first: a, second: Some(b) });
                        out.push(Move::Decide { by, first: b, second: Some(a) });
                    }
                } else {
                    out.extend((1..=3).map(|first| Move::Decide { by, first, second: None }));
                }
            }
            Phase::Negotiation { pair, speaker, last, standing, .. } => {
                let by = pair[*speaker];
                let from = last[*speaker].map_or(0, |l| l + 1);
                out.extend((from..=self.ducats[by]).map(|amount| Move::Offer { by, amount }));
                if standing.is_some() {
                    out.push(Move::Accept { by });
                }
                out.push(Move::Duel { by });
            }
            Phase::Duel { bidders, bids, .. } => {
                for &by in bidders.iter().filter(|&&b| bids[b].is_none()) {
                    for t in Treasures::in_hand(&self.hands[by]).subsets() {
                        out.extend((0..=self.ducats[by]).map(|money| Move::Bid { by, money, treasures: t }));
                    }
                }
            }
            Phase::Perform { by, work, .. } => {
                self.work_moves(*by, work, out);
                if !matches!(work, Work::Politics { opened: Some(_) }) {
                    out.push(Move::Done { by: *by });
                }
            }
            Phase::Over => {}
        }
    }

    fn unally_moves(&self, c: Colour, out: &mut Vec<Move>) {
        if !self.is_player(c) {
            return;
        }
        for &(a, b) in self.board.alliances() {
            if self.board.castle_colour(a) == Some(c) || self.board.castle_colour(b) == Some(c) {
                // `play` accepts the two castles in either order, so both are listed.
                for pay in self.payments(c, UNALLY_COST) {
                    out.push(Move::Unally { by: c, a, b, pay });
                    out.push(Move::Unally { by: c, a: b, b: a, pay });
                }
            }
        }
    }

    pub(super) fn window_moves(&self, c: Colour, out: &mut Vec<Move>) {
        let hand = &self.hands[c];
        if hand.contains(&PoliticsCard::Alliance) {
            for own in self.board.provinces(c) {
                for (other_colour, other) in self.board.all_provinces() {
                    if other_colour != c && self.check_alliance(c, own, other).is_ok() {
                        out.push(Move::Alliance { by: c, own, other });
                    }
                }
            }
        }
        if hand.contains(&PoliticsCard::Renegade) && self.board.knights_in_stock(c) > 0 {
            for own in self.board.provinces(c) {
                let own_spaces = self.board.component(own).spaces;
                let places: Vec<Space> = own_spaces.iter().filter(|&s| self.knight_spot(c, s).is_ok()).collect();
                if places.is_empty() {
                    continue;
                }
                for (o, other) in self.board.all_provinces() {
                    if o == c || !self.board.grid().touches(own_spaces, self.board.component(other).spaces) {
                        continue;
                    }
                    for k in self.board.knights(o).intersect(self.board.component(other).spaces).iter() {
                        if self.only_link(k, o) {
                            continue;
                        }
                        for &p in &places {
                            let cost = self.renegade_cost(k, p);
                            for pay in self.payments(c, cost) {
                                out.push(Move::Renegade { by: c, remove: k, place: p, pay });
                            }
                        }
                    }
                }
            }
        }
    }

    fn work_moves(&self, by: Colour, work: &Work, out: &mut Vec<Move>) {
        match *work {
            Work::Borders { left } => {
                if left > 0 && self.can_place_borders(by) {
                    out.extend(self.border_edges().map(|edge| Move::Border { by, edge }));
                }
            }
            Work::Knights { two, placed, expansion } => {
                if knight_allowed(two, placed, expansion) && self.board.knights_in_stock(by) > 0 {
                    for at in self.knight_spots(by).iter() {
                        for pay in self.payments(by, self.knight_cost(at)) {
                            out.push(Move::Knight { by, at, pay });
                        }
                    }
                }
                if expansion_allowed(two, placed, expansion) {
                    let castles = self.expanding_castles(by, expansion);
                    let mut first_for: Vec<Space> = Vec::new();
                    for &castle in &castles {
                        for at in self.board.grid().rim(self.board.component(castle).spaces).iter() {
                            if self.check_take(by, castle, at).is_ok() {
                                if !first_for.contains(&at) {
                                    first_for.push(at);
                                    out.push(Move::Expand { by, at, castle: None });
                                }
                                out.push(Move::Expand { by, at, castle: Some(castle) });
                            }
                        }
                    }
                }
            }
            Work::Politics { opened } => {
                for (i, pile) in self.piles.iter().enumerate() {
                    let p = i as u8 + 1;
                    if pile.is_empty() || opened.is_some_and(|o| o != p) {
                        continue;
                    }
                    if opened.is_none() {
                        out.push(Move::Open { by, pile: p });
                    }
                    let mut seen: Vec<PoliticsCard> = Vec::new();
                    for &card in pile {
                        if !seen.contains(&card) {
                            seen.push(card);
                            out.push(Move::Take { by, pile: p, card });
                        }
                    }
                }
            }
        }
    }

    /// The provinces (castles) that may expand: the one begun, or any of the player's.
    pub(super) fn expanding_castles(&self, by: Colour, expansion: Expansion) -> Vec<Space> {
        match expansion {
            Expansion::Open { castle, .. } => vec![castle],
            _ => self.board.provinces(by).collect(),
        }
    }
}
