//! A turn (R-N13): income, sell or play, refill; the final phase (R-N8); scores, monopolies
//! (R-N9), the King chip (R-N5) and the end bonuses (R-N1).

use super::cards::{PowerAction, PowerCardId};
use super::event::{Event, ScoreReason};
use super::game::{Game, Phase, Work, HAND};
use crate::engine::board::land::{MineKind, Terrain};
use crate::engine::board::territory::Founded;
use crate::engine::colour::Colour;
use crate::engine::error::IllegalMove;
use crate::engine::grid::SpaceSet;

/// Mines held per type in a set of spaces.
pub(super) fn mines_in(g: &Game, spaces: SpaceSet) -> [usize; 4] {
    MineKind::ALL.map(|k| g.board.land().count(spaces, Terrain::Mine(k)))
}

/// Points of a set of spaces (R-N14): forest 1, village 3, King's city 5.
pub(super) fn value_of(g: &Game, spaces: SpaceSet) -> u32 {
    let land = g.board.land();
    land.count(spaces, Terrain::Forest) as u32 + 3 * land.count(spaces, Terrain::Village) as u32 + 5 * land.count(spaces, Terrain::KingsCity) as u32
}

impl Game {
    /// Mines of each type in a colour's regions.
    pub fn mines(&self, c: Colour) -> [usize; 4] {
        mines_in(self, self.board.province_spaces(c))
    }

    /// The mine types a colour holds a monopoly of (3 or 4 mines: R-N9).
    pub fn monopolies(&self, c: Colour) -> Vec<MineKind> {
        let m = self.mines(c);
        MineKind::ALL.into_iter().filter(|k| m[*k as usize] >= 3).collect()
    }

    /// The income a colour would get now: 1 ducat per mine type in its regions (R-N13).
    pub fn income(&self, c: Colour) -> u32 {
        self.mines(c).iter().filter(|&&n| n > 0).count() as u32
    }

    /// Adds to a score (R-B10: never below 0); the neutral colour never scores.
    pub(super) fn add_score(&mut self, c: Colour, delta: i32, reason: ScoreReason, ev: &mut Vec<Event>) {
        if !self.is_player(c) || delta == 0 {
            return;
        }
        let applied = if delta < 0 { -(self.scores[c].min(delta.unsigned_abs()) as i32) } else { delta };
        if applied != 0 {
            self.scores[c] = self.scores[c].saturating_add_signed(applied);
            ev.push(Event::Score { colour: c, delta: applied, reason });
        }
    }

    /// Every player's monopolies now, as flags by mine type.
    pub(super) fn monopoly_flags(&self) -> Vec<(Colour, [bool; 4])> {
        self.players.iter().map(|&c| (c, self.mines(c).map(|n| n >= 3))).collect()
    }

    /// Scores regions founded (R-B5, R-N14), reports R-B2's tidying, then monopolies won and
    /// lost since `before` (R-N9, R-N16's order). Without `before` (a border was placed), the
    /// regions before were the regions now less the ones founded: a border never takes a space
    /// from a region, so only the founders' monopolies can change.
    pub(super) fn settle(&mut self, founded: Founded, before: Option<Vec<(Colour, [bool; 4])>>, ev: &mut Vec<Event>) {
        let before = before.unwrap_or_else(|| {
            let mut owners: Vec<Colour> = founded.castles.iter().filter_map(|&c| self.board.castle_colour(c)).filter(|&c| self.is_player(c)).collect();
            owners.sort();
            owners.dedup();
            owners
                .into_iter()
                .map(|c| {
                    let mut m = self.mines(c);
                    for &castle in founded.castles.iter().filter(|&&castle| self.board.castle_colour(castle) == Some(c)) {
                        let new = mines_in(self, self.board.component(castle).spaces);
                        for k in 0..4 {
                            m[k] -= new[k];
                        }
                    }
                    (c, m.map(|n| n >= 3))
                })
                .collect()
        });
        for castle in founded.castles {
            let owner = self.board.castle_colour(castle).expect("castle");
            let spaces = self.board.component(castle).spaces;
            ev.push(Event::RegionFounded { colour: owner, castle, spaces: spaces.len() as u32 });
            let points = value_of(self, spaces);
            self.add_score(owner, points as i32, ScoreReason::Founding, ev);
        }
        if !founded.removed.is_empty() {
            ev.push(Event::BordersRemoved { edges: founded.removed });
        }
        for (c, was) in before {
            let now = self.mines(c).map(|n| n >= 3);
            for k in MineKind::ALL {
                let (a, b) = (was[k as usize], now[k as usize]);
                if a != b {
                    ev.push(Event::Monopoly { colour: c, mine: k, held: b });
                    let (delta, reason) = if b { (5, ScoreReason::MonopolyWon(k)) } else { (-5, ScoreReason::MonopolyLost(k)) };
                    self.add_score(c, delta, reason, ev);
                }
            }
        }
    }

    /// Begins the turn of the player at seat `seat` (or the next one who may play, R-N8).
    pub(super) fn begin_turn(&mut self, seat: usize, ev: &mut Vec<Event>) {
        let n = self.players.len();
        for i in 0..n {
            let by = self.players[(seat + i) % n];
            if self.final_phase && self.hands[by].is_empty() {
                if self.players.iter().all(|&p| self.hands[p].is_empty()) {
                    self.end_game(ev);
                    return;
                }
                ev.push(Event::Skipped { colour: by });
                continue;
            }
            ev.push(Event::TurnBegins { colour: by });
            self.turns += 1;
            let income = self.income(by);
            if income > 0 {
                self.ducats[by] = self.ducats[by].saturating_add(income);
                ev.push(Event::Income { colour: by, ducats: income });
            }
            // A hand emptied in a custom position: nothing to sell or play, straight to the refill.
            self.phase = if self.hands[by].is_empty() { Phase::Refill { by, sold: None } } else { Phase::Choose { by } };
            return;
        }
        self.end_game(ev);
    }

    /// After a sale, a card's action or one refill: (more) refill, or the next turn when the
    /// hand is full or the final phase allows none.
    pub(super) fn after_choice(&mut self, by: Colour, sold: Option<PowerCardId>, ev: &mut Vec<Event>) {
        if self.final_phase || self.hands[by].len() >= HAND {
            self.end_turn(by, ev);
        } else {
            self.phase = Phase::Refill { by, sold };
        }
    }

    fn end_turn(&mut self, by: Colour, ev: &mut Vec<Event>) {
        // R-N5: the move that ends a turn is checked before the next turn's income or the end
        // bonuses (which are not a move).
        self.check_king(ev);
        if self.phase == Phase::Over {
            return;
        }
        let seat = self.players.iter().position(|&p| p == by).expect("a player");
        self.begin_turn((seat + 1) % self.players.len(), ev);
    }

    fn take_from_hand(&mut self, by: Colour, card: PowerCardId) -> Result<(), IllegalMove> {
        let i = self.hands[by].iter().position(|&c| c == card).ok_or(IllegalMove::PowerCardNotInHand)?;
        self.hands[by].remove(i);
        Ok(())
    }

    pub(super) fn sell(&mut self, by: Colour, card: PowerCardId, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        self.take_from_hand(by, card)?;
        let value = card.card().sale;
        self.ducats[by] = self.ducats[by].saturating_add(value);
        self.market.push(card);
        ev.push(Event::Sold { by, card, ducats: value });
        self.after_choice(by, Some(card), ev);
        Ok(())
    }

    pub(super) fn play_card(&mut self, by: Colour, card: PowerCardId, action: u8, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        // R-N4: the price is paid in full when the card is played, and only when at least the
        // first step of the chosen action can then be done.
        let a: PowerAction = self.check_play(by, card, action)?;
        let price = card.card().price;
        self.take_from_hand(by, card)?;
        self.ducats[by] -= price;
        self.discard.push(card);
        ev.push(Event::Played { by, card, action: a, price });
        self.continue_work(by, card, Work::of(a), false, ev);
        Ok(())
    }

    /// Goes on with the action (`begun` once a step is done), or ends it when no step is left
    /// (R-N15: public facts only).
    pub(super) fn continue_work(&mut self, by: Colour, card: PowerCardId, work: Work, begun: bool, ev: &mut Vec<Event>) {
        if self.work_has_steps(by, work) {
            self.phase = Phase::Perform { by, card, work, begun };
        } else {
            self.end_action(by, ev);
        }
    }

    pub(super) fn end_action(&mut self, by: Colour, ev: &mut Vec<Event>) {
        ev.push(Event::ActionEnded { by });
        self.after_choice(by, None, ev);
    }

    /// A card into a hand, kept in card order (A1 … D15) as the referee prints it.
    fn receive(&mut self, by: Colour, card: PowerCardId) {
        let hand = &mut self.hands[by];
        let at = hand.partition_point(|&c| c < card);
        hand.insert(at, card);
    }

    pub(super) fn draw(&mut self, by: Colour, sold: Option<PowerCardId>, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        let card = self.deck.pop().ok_or(IllegalMove::DeckEmpty)?;
        self.receive(by, card);
        ev.push(Event::Drew { by });
        if self.deck.is_empty() {
            // R-N8: the rest of this refill is skipped; the final phase begins at once.
            self.final_phase = true;
            ev.push(Event::FinalPhase);
        }
        self.after_choice(by, sold, ev);
        Ok(())
    }

    pub(super) fn take(&mut self, by: Colour, sold: Option<PowerCardId>, card: PowerCardId, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        if sold == Some(card) {
            return Err(IllegalMove::CardJustSold);
        }
        let i = self.market.iter().position(|&c| c == card).ok_or(IllegalMove::CardNotInMarket)?;
        self.market.remove(i);
        self.receive(by, card);
        ev.push(Event::Took { by, card });
        self.after_choice(by, sold, ev);
        Ok(())
    }

    /// R-N5: after every move, every player at or past the King chip wins at once.
    pub(super) fn check_king(&mut self, ev: &mut Vec<Event>) {
        if self.phase == Phase::Over {
            return;
        }
        let at: Vec<Colour> = self.players.iter().copied().filter(|&c| self.scores[c] >= self.king_chip).collect();
        if !at.is_empty() {
            self.winners = at.clone();
            self.by_king = true;
            self.phase = Phase::Over;
            ev.push(Event::GameOver { winners: at, king: true });
        }
    }

    /// R-N1: the ducat bonuses, then the highest score wins (ties: most ducats, then shared).
    fn end_game(&mut self, ev: &mut Vec<Event>) {
        let mut amounts: Vec<u32> = self.players.iter().map(|&c| self.ducats[c]).filter(|&d| d > 0).collect();
        amounts.sort_unstable_by(|a, b| b.cmp(a));
        amounts.dedup();
        for (rank, bonus) in [(0, 5), (1, 3)] {
            if let Some(&amount) = amounts.get(rank) {
                for c in self.players.clone() {
                    if self.ducats[c] == amount {
                        self.add_score(c, bonus, ScoreReason::DucatBonus, ev);
                    }
                }
            }
        }
        let best = self.players.iter().map(|&c| (self.scores[c], self.ducats[c])).max().expect("players");
        self.winners = self.players.iter().copied().filter(|&c| (self.scores[c], self.ducats[c]) == best).collect();
        self.phase = Phase::Over;
        ev.push(Event::GameOver { winners: self.winners.clone(), king: false });
    }
}
