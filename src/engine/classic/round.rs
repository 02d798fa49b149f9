//! The round: card draw, choosing (decision cards), resolution order, end of round and of the game.

use crate::engine::colour::{ByColour, Colour};
use crate::engine::error::IllegalMove;
use super::cards::{Action, CardFace, PoliticsCard};
use super::event::{Event, ScoreReason};
use super::game::{Expansion, Game, Phase, Work};
use super::moves::Move;

impl Game {
    pub(super) fn start_round(&mut self, ev: &mut Vec<Event>) {
        if self.veiled {
            return;
        }
        loop {
            let Some(card) = self.deck.pop() else {
                self.end_game(ev);
                return;
            };
            self.card = Some(card);
            ev.push(Event::CardDrawn { card });
            match card.face() {
                CardFace::SilverFind => {
                    for c in self.players.clone() {
                        let m = self.mountains(c);
                        self.add_score(c, m as i32, ScoreReason::SilverFind, ev);
                    }
                }
                CardFace::KingIsDead => {
                    self.end_game(ev);
                    return;
                }
                CardFace::Actions(_) => {
                    self.round += 1;
                    self.history.push(self.scores);
                    ev.push(Event::RoundStarted { round: self.round, start: self.players[self.start] });
                    self.choices = Default::default();
                    self.decided = 0;
                    self.window = None;
                    self.phase = Phase::Choosing;
                    return;
                }
            }
        }
    }

    fn end_game(&mut self, ev: &mut Vec<Event>) {
        for c in self.players.clone() {
            let m = self.mountains(c);
            self.add_score(c, m as i32, ScoreReason::FinalMountains, ev);
        }
        for c in self.players.clone() {
            let deeds: Vec<PoliticsCard> = self.hands[c].iter().copied().filter(|d| matches!(d, PoliticsCard::Deeds(_))).collect();
            if !deeds.is_empty() {
                ev.push(Event::DeedsRevealed { colour: c, cards: deeds.clone() });
                let pts: i32 = deeds.iter().map(|d| if let PoliticsCard::Deeds(n) = d { *n as i32 } else { 0 }).sum();
                self.add_score(c, pts, ScoreReason::Deeds, ev);
            }
        }
        // Highest score; ties to the most ducats (money + treasure); then shared (R-C10).
        let best = self.players.iter().map(|&c| (self.scores[c], self.wealth(c))).max().expect("players");
        self.winners = self.players.iter().copied().filter(|&c| (self.scores[c], self.wealth(c)) == best).collect();
        self.history.push(self.scores);
        self.phase = Phase::Over;
        self.window = None;
        ev.push(Event::GameOver { winners: self.winners.clone() });
    }

    pub(super) fn finish_choosing(&mut self, ev: &mut Vec<Event>) {
        self.resolve_from(0, ev);
    }

    pub(super) fn resolve_from(&mut self, first: u8, ev: &mut Vec<Event>) {
        for i in first..3 {
            let who = self.choices[i as usize].clone();
            let action = self.action(i);
            if who.is_empty() {
                ev.push(Event::NobodyChose { action: i + 1 });
                continue;
            }
            match action {
                Action::Ducats(n) => {
                    let each = n as u32 / who.len() as u32;
                    for &c in &who {
                        self.ducats[c] = self.ducats[c].saturating_add(each);
                    }
                    ev.push(Event::DucatsShared { action: i + 1, to: who, each, lost: n as u32 - each * self.choices[i as usize].len() as u32 });
                    continue;
                }
                Action::Politics if self.piles.iter().all(|p| p.is_empty()) => {
                    ev.push(Event::PilesEmpty { action: i + 1 });
                    continue;
                }
                _ => {}
            }
            match who.len() {
                1 => {
                    if self.begin_perform(i, who[0], ev) {
                        return;
                    }
                }
                2 => {
                    ev.push(Event::NegotiationStarted { action: i + 1, kind: action, players: [who[0], who[1]] });
                    self.phase = Phase::Negotiation { action: i, pair: [who[0], who[1]], speaker: 0, last: [None; 2], standing: None };
                    return;
                }
                _ => {
                    self.begin_duel(i, who, false, ev);
                    return;
                }
            }
        }
        self.end_round(ev);
    }

    pub(super) fn begin_duel(&mut self, action: u8, bidders: Vec<Colour>, second: bool, ev: &mut Vec<Event>) {
        ev.push(Event::DuelStarted { action: action + 1, kind: self.action(action), bidders: bidders.clone(), second });
        self.phase = Phase::Duel { action, bidders, second, bids: ByColour::default() };
    }

    /// Starts performing; returns false if the action ended at once (nothing could be done).
    pub(super) fn begin_perform(&mut self, action: u8, by: Colour, ev: &mut Vec<Event>) -> bool {
        let kind = self.action(action);
        let work = match kind {
            Action::Borders(n) => Work::Borders { left: n },
            Action::KnightOrExpand => Work::Knights { two: false, placed: 0, expansion: Expansion::NotStarted },
            Action::TwoKnights => Work::Knights { two: true, placed: 0, expansion: Expansion::NotStarted },
            Action::Politics => Work::Politics { opened: None },
            Action::Ducats(_) => unreachable!("ducats are shared, not performed"),
        };
        ev.push(Event::Performs { action: action + 1, kind, by });
        self.phase = Phase::Perform { action, by, work };
        if self.work_has_moves(by, &work) {
            true
        } else {
            ev.push(Event::ActionEnded { action: action + 1 });
            false
        }
    }

    pub(super) fn finish_action(&mut self, action: u8, ev: &mut Vec<Event>) {
        ev.push(Event::ActionEnded { action: action + 1 });
        self.resolve_from(action + 1, ev);
    }

    fn end_round(&mut self, ev: &mut Vec<Event>) {
        self.start = (self.start + 1) % self.players.len();
        self.start_round(ev);
    }

    pub(super) fn decide(&mut self, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        let Move::Decide { by, first, second } = mv else {
            return Err(IllegalMove::NotNow);
        };
        if self.decided >= self.players.len() || by != self.next_decider() {
            return Err(IllegalMove::NotYourTurn);
        }
        let n = self.cards_to_lay();
        let cards: Vec<u8> = std::iter::once(first).chain(second).collect();
        if cards.len() != n as usize {
            return Err(IllegalMove::WrongNumberOfDecisionCards { expected: n });
        }
        if cards.len() == 2 && cards[0] == cards[1] {
            return Err(IllegalMove::SameDecisionCardTwice);
        }
        if cards.iter().any(|c| !(1..=3).contains(c)) {
            return Err(IllegalMove::NotNow);
        }
        for &c in &cards {
            self.choices[c as usize - 1].push(by);
        }
        self.decided += 1;
        ev.push(Event::Decided { by, actions: cards });
        self.window = Some((by, n));
        self.after_window_change(ev);
        Ok(())
    }
}
