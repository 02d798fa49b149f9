//! Performing an action: borders, knights, expansion and the politics piles, with the board's rule checks.

use crate::engine::board::land::Terrain;
use crate::engine::board::territory::{Founded, Separation, Taken};
use crate::engine::board::{Piece, PieceKind};
use crate::engine::colour::Colour;
use crate::engine::error::IllegalMove;
use crate::engine::grid::{Edge, Space, SpaceSet};
use super::event::{Event, ScoreReason};
use super::game::{Expansion, Game, Phase, Work, ZoneLosses};
use super::moves::Move;
use super::scoring::founding_value;

impl Game {
    pub(super) fn perform(&mut self, action: u8, by: Colour, work: Work, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        let new_work = match (mv, work) {
            (Move::Done { .. }, Work::Politics { opened: Some(_) }) => return Err(IllegalMove::MustTakeFromOpenedPile),
            (Move::Done { .. }, _) => {
                self.finish_action(action, ev);
                return Ok(());
            }
            (Move::Border { edge, .. }, Work::Borders { left }) => {
                if left == 0 {
                    return Err(IllegalMove::NoBordersLeft);
                }
                if self.province_count(by) >= 3 {
                    return Err(IllegalMove::ThreeProvinces);
                }
                self.border_ok(by, edge)?;
                self.place_border(by, edge, ev);
                Work::Borders { left: left - 1 }
            }
            (Move::Knight { at, pay, .. }, Work::Knights { two, placed, expansion }) => {
                if !knight_allowed(two, placed, expansion) {
                    return Err(IllegalMove::NoKnightLeft);
                }
                if self.board.knights_in_stock(by) == 0 {
                    return Err(IllegalMove::NoKnightInStock);
                }
                self.knight_spot(by, at)?;
                let cost = self.knight_cost(at);
                self.check_payment(by, cost, pay)?;
                self.pay(by, cost, pay, ev);
                self.board.put(at, Piece { colour: by, kind: PieceKind::Knight });
                ev.push(Event::KnightPlaced { by, at, cost });
                // R-C11: a knight ends an expansion begun before it.
                let expansion = if matches!(expansion, Expansion::Open { .. }) { Expansion::Closed } else { expansion };
                Work::Knights { two, placed: placed + 1, expansion }
            }
            (Move::Expand { at, castle, .. }, Work::Knights { two, placed, expansion }) => {
                if !expansion_allowed(two, placed, expansion) {
                    return Err(IllegalMove::NoExpansionLeft);
                }
                let prov = match (expansion, castle) {
                    (Expansion::Open { castle: open, .. }, Some(c)) if c != open => return Err(IllegalMove::NotOwnProvince),
                    (Expansion::Open { castle: open, .. }, _) => open,
                    (_, Some(c)) => c,
                    (_, None) => self.board.taker(by, at)?,
                };
                self.check_take(by, prov, at)?;
                let mut zone = match expansion {
                    Expansion::Open { zone, .. } => zone,
                    _ => ZoneLosses::default(),
                };
                self.take_space(by, prov, at, &mut zone, ev);
                let taken = match expansion {
                    Expansion::Open { taken, .. } => taken + 1,
                    _ => 1,
                };
                let expansion = if taken >= 2 { Expansion::Closed } else { Expansion::Open { castle: prov, taken, zone } };
                Work::Knights { two, placed, expansion }
            }
            (Move::Open { pile, .. }, Work::Politics { opened }) => {
                if opened.is_some() {
                    return Err(IllegalMove::PileAlreadyOpen);
                }
                if self.piles[pile as usize - 1].is_empty() {
                    return Err(IllegalMove::PileEmpty);
                }
                ev.push(Event::PileOpened { by, pile });
                Work::Politics { opened: Some(pile) }
            }
            (Move::Take { pile, card, .. }, Work::Politics { opened }) => {
                if opened.is_some_and(|o| o != pile) {
                    return Err(IllegalMove::MustTakeFromOpenedPile);
                }
                let p = &mut self.piles[pile as usize - 1];
                if p.is_empty() {
                    return Err(IllegalMove::PileEmpty);
                }
                let i = p.iter().position(|&c| c == card).ok_or(IllegalMove::CardNotInPile)?;
                p.remove(i);
                self.hands[by].push(card);
                self.hands[by].sort();
                ev.push(Event::CardTaken { by, pile, card });
                self.finish_action(action, ev);
                return Ok(());
            }
            _ => return Err(IllegalMove::NotNow),
        };
        if self.work_has_moves(by, &new_work) {
            self.phase = Phase::Perform { action, by, work: new_work };
        } else {
            self.phase = Phase::Perform { action, by, work: new_work };
            self.finish_action(action, ev);
        }
        Ok(())
    }

    /// Scores the provinces that came into being (R-B5) and reports the borders R-B2 removed.
    fn settle(&mut self, founded: Founded, ev: &mut Vec<Event>) {
        for castle in founded.castles {
            let owner = self.board.castle_colour(castle).expect("castle");
            let comp = self.board.component(castle).spaces;
            let (spaces, cities) = (comp.len() as u32, self.board.land().count(comp, Terrain::City) as u32);
            let points = self.score_change(owner, founding_value(spaces as usize, cities as usize) as i32);
            ev.push(Event::ProvinceFounded { colour: owner, castle, spaces, cities, points: points as u32 });
            self.add_score(owner, points, ScoreReason::Founding, ev);
        }
        if !founded.removed.is_empty() {
            ev.push(Event::BordersRemoved { edges: founded.removed });
        }
    }

    fn place_border(&mut self, by: Colour, edge: Edge, ev: &mut Vec<Event>) {
        let founded = self.board.place_border(edge);
        ev.push(Event::BorderPlaced { by, edge });
        self.settle(founded, ev);
    }

    fn take_space(&mut self, by: Colour, castle: Space, at: Space, zone: &mut ZoneLosses, ev: &mut Vec<Event>) {
        let Taken { from, cut_off, added, founded } = self.board.take(castle, at);
        ev.push(Event::SpaceTaken { by, castle, at, from: from.map(|(o, _)| o) });
        if !added.is_empty() {
            ev.push(Event::BordersAdded { edges: added });
        }
        let city = self.board.terrain(at) == Terrain::City;
        let value = 1 + if city { 5 } else { 0 };
        self.add_score(by, value, ScoreReason::Expansion, ev);
        if let Some((owner, _)) = from {
            self.add_score(owner, -value, ScoreReason::LostSpace, ev);
            // R-B6 / R-B12: pieces cut off from the castle become neutral zones.
            if !cut_off.is_empty() {
                let cities = self.board.land().count(cut_off, Terrain::City) as u32;
                ev.push(Event::NeutralZoneFormed { loser: owner, spaces: cut_off.len() as u32, cities });
                let z = &mut zone.0[owner];
                z.spaces += cut_off.len() as u32;
                z.cities += cities;
                let total = founding_value(z.spaces as usize, 0) + 5 * z.cities;
                let charge = total - z.charged;
                z.charged = total;
                self.add_score(owner, -(charge as i32), ScoreReason::NeutralZone, ev);
            }
        }
        self.settle(founded, ev);
    }

    /// True while the action still offers something to do, judged on public information only.
    ///
    /// An action ends by itself when nothing more of it can be done. Whether a knight's cost can
    /// be paid is not part of that judgement: money is secret (RULES.md "Money: … kept face
    /// down"), and ending the action at once would tell everyone that the performer can't pay 5.
    /// A player who can't pay for the forest spaces left declines with `done` (R-C7).
    pub(super) fn work_has_moves(&self, by: Colour, work: &Work) -> bool {
        match *work {
            Work::Borders { left } => left > 0 && self.can_place_borders(by) && self.border_edges().next().is_some(),
            Work::Knights { two, placed, expansion } => {
                let knight = knight_allowed(two, placed, expansion)
                    && self.board.knights_in_stock(by) > 0
                    && !self.knight_spots(by).is_empty();
                knight
                    || (expansion_allowed(two, placed, expansion) && {
                        self.expanding_castles(by, expansion).iter().any(|&castle| self.board.grid().rim(self.board.component(castle).spaces).iter().any(|at| self.check_take(by, castle, at).is_ok()))
                    })
            }
            Work::Politics { opened } => match opened {
                Some(p) => !self.piles[p as usize - 1].is_empty(),
                None => self.piles.iter().any(|p| !p.is_empty()),
            },
        }
    }

    /// Can `c` place a knight on `s` (terrain, empty, connected)? Cost aside.
    ///
    /// # Errors
    /// Why not, as an [`IllegalMove`].
    pub fn knight_spot(&self, c: Colour, s: Space) -> Result<(), IllegalMove> {
        self.board.knight_spot(c, s)
    }

    pub(super) fn knight_spots(&self, c: Colour) -> SpaceSet {
        self.board.knight_spots(c)
    }

    /// Number of provinces of a colour.
    pub fn province_count(&self, c: Colour) -> usize {
        self.board.provinces(c).count()
    }

    pub(super) fn can_place_borders(&self, c: Colour) -> bool {
        self.province_count(c) < 3 && self.board.borders_in_stock() > 0
    }

    /// Can `by` put a border on `e` (ignoring the action's count and the three-province limit)?
    ///
    /// # Errors
    /// Why not, as an [`IllegalMove`].
    pub fn border_ok(&self, _by: Colour, e: Edge) -> Result<(), IllegalMove> {
        self.board.border_ok(e, Separation::KnightsOnly)
    }

    /// The edges where a border may go now (stock permitting), in edge order.
    pub(super) fn border_edges(&self) -> impl Iterator<Item = Edge> + '_ {
        self.board.border_edges(Separation::KnightsOnly)
    }

    /// R-B9: is the knight on `k` the only link of its colour's pieces?
    pub fn only_link(&self, k: Space, colour: Colour) -> bool {
        self.board.only_link(k, colour)
    }

    /// Can the province of `castle` (of colour `c`) take space `s` now?
    ///
    /// # Errors
    /// Why not, as an [`IllegalMove`].
    pub fn check_take(&self, c: Colour, castle: Space, s: Space) -> Result<(), IllegalMove> {
        self.board.check_take(c, castle, s)
    }
}

pub(super) fn knight_allowed(two: bool, placed: u8, expansion: Expansion) -> bool {
    match (two, expansion) {
        (false, Expansion::NotStarted) => placed == 0,
        (false, _) => false,
        (true, Expansion::NotStarted) => placed < 2,
        (true, _) => placed < 1,
    }
}

pub(super) fn expansion_allowed(two: bool, placed: u8, expansion: Expansion) -> bool {
    match expansion {
        Expansion::Closed => false,
        Expansion::Open { .. } => true,
        Expansion::NotStarted => placed < if two { 2 } else { 1 },
    }
}
