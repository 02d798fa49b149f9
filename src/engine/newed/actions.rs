//! Performing a power card's action (R-N2, R-N4, R-N10, R-N11, R-N14, R-N16): borders,
//! knights, expansion, Renegade with the victim's reply, Alliance. Each step checks everything
//! before it changes anything.

use super::cards::{PowerAction, PowerCardId};
use super::event::{Event, ScoreReason};
use super::game::{Game, Phase, Work, FOREST_COST};
use super::turn::value_of;
use crate::engine::board::land::Terrain;
use crate::engine::board::territory::{Separation, Taken};
use crate::engine::board::{Piece, PieceKind};
use crate::engine::colour::Colour;
use crate::engine::error::IllegalMove;
use crate::engine::grid::{Space, SpaceSet};
use super::moves::Move;

/// R-N16: a border may not separate two same-colour pieces, castles included.
pub(super) const SEPARATION: Separation = Separation::AnyPieces;

impl Game {
    /// A knight's extra cost on a space (forest: 1).
    pub(super) fn knight_cost(&self, s: Space) -> u32 {
        if self.board.terrain(s) == Terrain::Forest { FOREST_COST } else { 0 }
    }

    /// The regions of `by` that may expand in this work.
    pub(super) fn expanding(&self, by: Colour, castle: Option<Space>) -> impl Iterator<Item = Space> + '_ {
        self.board.provinces(by).filter(move |&c| castle.is_none_or(|k| k == c))
    }

    /// The region of `by` that takes `at` when the move names none: NOTATION.md lets the castle
    /// be left out only when one region may take the space.
    fn sole_taker(&self, by: Colour, at: Space) -> Result<Space, IllegalMove> {
        let mut may = self.board.provinces_touching(by, at).filter(|&c| self.board.check_take(by, c, at).is_ok());
        match (may.next(), may.next()) {
            (Some(c), None) => Ok(c),
            (Some(_), Some(_)) => Err(IllegalMove::RegionNotNamed),
            (None, _) => self.board.taker(by, at),
        }
    }

    /// How many of `by`'s regions (of those in the work) may take `at`.
    pub(super) fn takers(&self, by: Colour, castle: Option<Space>, at: Space) -> usize {
        self.expanding(by, castle).filter(|&c| self.board.check_take(by, c, at).is_ok()).count()
    }

    /// The knights of `victim` in the region of `region` that may be removed (R-N10, R-B9).
    pub(super) fn removable(&self, victim: Colour, region: Space) -> SpaceSet {
        let knights = self.board.knights(victim).intersect(self.board.component(region).spaces);
        knights.iter().filter(|&k| !self.board.only_link(k, victim)).collect()
    }

    /// R-N10 up to money: can `by` place a renegade knight on `place` against the region of `region`?
    pub(super) fn check_renegade(&self, by: Colour, region: Space, place: Space) -> Result<(Colour, SpaceSet), IllegalMove> {
        if self.board.knights_in_stock(by) == 0 {
            return Err(IllegalMove::NoKnightInStock);
        }
        let own = match self.board.province_at(place) {
            Some((o, castle)) if o == by => castle,
            _ => return Err(IllegalMove::NotInOwnProvince),
        };
        if self.board.knights_in(own, by) == 0 {
            return Err(IllegalMove::RegionWithoutKnight);
        }
        self.board.knight_spot(by, place)?;
        let victim = match self.board.province_at(region) {
            Some((v, castle)) if castle == region && v != by => v,
            _ => return Err(IllegalMove::NotForeignProvince),
        };
        if !self.board.grid().touches(self.board.component(own).spaces, self.board.component(region).spaces) {
            return Err(IllegalMove::ProvincesNotNeighbours);
        }
        if self.board.knights_in(region, victim) == 0 {
            return Err(IllegalMove::RegionWithoutKnight);
        }
        let removable = self.removable(victim, region);
        if removable.is_empty() {
            return Err(IllegalMove::NoRemovableKnight);
        }
        Ok((victim, removable))
    }

    /// True while the work has a step left, judged on public facts only (R-N15): never on money.
    pub(super) fn work_has_steps(&self, by: Colour, work: Work) -> bool {
        match work {
            Work::Borders { left } => left > 0 && self.board.border_edges(SEPARATION).next().is_some(),
            Work::Knights { left } => left > 0 && self.board.knights_in_stock(by) > 0 && !self.board.knight_spots(by).is_empty(),
            Work::Expand { castle, taken } => taken < 2 && self.expanding(by, castle).any(|c| !self.board.takeable(by, c).is_empty()),
            Work::Renegade => self.renegade_spots(by).next().is_some(),
            Work::Alliance => self.alliance_pairs(by).next().is_some(),
        }
    }

    /// Every (region, place) a renegade of `by` may name, money aside.
    pub(super) fn renegade_spots(&self, by: Colour) -> impl Iterator<Item = (Space, Space)> + '_ {
        let mut out = Vec::new();
        if self.board.knights_in_stock(by) > 0 {
            let spots = self.board.knight_spots(by);
            for own in self.board.provinces(by) {
                let own_spaces = self.board.component(own).spaces;
                let places = spots.intersect(own_spaces);
                if places.is_empty() || self.board.knights_in(own, by) == 0 {
                    continue;
                }
                for (v, region) in self.board.all_provinces() {
                    if v == by || !self.board.grid().touches(own_spaces, self.board.component(region).spaces) || self.removable(v, region).is_empty() {
                        continue;
                    }
                    out.extend(places.iter().map(|p| (region, p)));
                }
            }
        }
        out.into_iter()
    }

    /// Every (own, other) pair of regions `by` may ally.
    pub(super) fn alliance_pairs(&self, by: Colour) -> impl Iterator<Item = (Space, Space)> + '_ {
        self.board.provinces(by).flat_map(move |own| {
            self.board.all_provinces().filter(move |&(o, other)| o != by && self.board.check_alliance(by, own, other).is_ok()).map(move |(_, other)| (own, other))
        })
    }

    /// R-N4: what the cheapest first step of action `a` costs `by` now beyond the card's price
    /// (a forest knight: 1), or why no first step can be done. Cheap: the search asks it for
    /// every card in hand at every choice.
    pub(super) fn first_step_cost(&self, by: Colour, a: PowerAction) -> Result<u32, IllegalMove> {
        let board = &self.board;
        // The cheapest knight among `places` (all knight ground: meadow 0, forest 1).
        let cheapest = |places: SpaceSet| if board.land().count(places, Terrain::Forest) < places.len() { 0 } else { FOREST_COST };
        match a {
            PowerAction::Borders(_) => board.border_edges(SEPARATION).next().map(|_| 0).ok_or(IllegalMove::NoBorderToPlace),
            PowerAction::Knights(_) => {
                if board.knights_in_stock(by) == 0 {
                    return Err(IllegalMove::NoKnightInStock);
                }
                let spots = board.knight_spots(by);
                if spots.is_empty() { Err(IllegalMove::NoKnightToPlace) } else { Ok(cheapest(spots)) }
            }
            PowerAction::Expand => {
                if board.provinces(by).any(|c| !board.takeable(by, c).is_empty()) { Ok(0) } else { Err(IllegalMove::NoSpaceToTake) }
            }
            PowerAction::Renegade => {
                if board.knights_in_stock(by) == 0 {
                    return Err(IllegalMove::NoKnightInStock);
                }
                // As `renegade_spots`, but only the cheapest place, stopping at a free one.
                let spots = board.knight_spots(by);
                let mut best: Option<u32> = None;
                for own in board.provinces(by) {
                    let own_spaces = board.component(own).spaces;
                    let places = spots.intersect(own_spaces);
                    if places.is_empty() || board.knights_in(own, by) == 0 || best.is_some_and(|b| b <= cheapest(places)) {
                        continue;
                    }
                    let target = board
                        .all_provinces()
                        .any(|(v, region)| v != by && board.grid().touches(own_spaces, board.component(region).spaces) && !self.removable(v, region).is_empty());
                    if target {
                        best = Some(cheapest(places));
                        if best == Some(0) {
                            break;
                        }
                    }
                }
                best.ok_or(IllegalMove::NoRenegadePossible)
            }
            PowerAction::Alliance => self.alliance_pairs(by).next().map(|_| 0).ok_or(IllegalMove::NoAlliancePossible),
        }
    }

    /// R-N4: whether `by` may play `card` for its action `action` now, its price and the first
    /// step of that action paid, given `extra` = [`Game::first_step_cost`] of that action.
    pub(super) fn affordable(&self, by: Colour, card: PowerCardId, a: PowerAction, extra: Result<u32, IllegalMove>) -> Result<(), IllegalMove> {
        let price = card.card().price;
        let money = self.ducats[by];
        if money < price {
            return Err(IllegalMove::CannotAfford);
        }
        let extra = extra?;
        if money - price < extra {
            return Err(match a {
                PowerAction::Renegade => IllegalMove::NoRenegadePossible,
                _ => IllegalMove::NoKnightToPlace,
            });
        }
        Ok(())
    }

    /// Why `play` would refuse `by` playing `card` for its action `action` (1 or 2) — not in the
    /// hand, no such action, its price, or R-N4: no first step of that action can be done, the
    /// price paid — or `None` when it may be played. Whose turn it is is not asked.
    pub fn why_unplayable(&self, by: Colour, card: PowerCardId, action: u8) -> Option<IllegalMove> {
        self.check_play(by, card, action).err()
    }

    /// The card's action when `by` may play `card` for `action` (turn aside), else why not.
    pub(super) fn check_play(&self, by: Colour, card: PowerCardId, action: u8) -> Result<PowerAction, IllegalMove> {
        if !self.hands[by].contains(&card) {
            return Err(IllegalMove::PowerCardNotInHand);
        }
        let a = card.action(action).ok_or(IllegalMove::NoSuchAction)?;
        self.affordable(by, card, a, self.first_step_cost(by, a))?;
        Ok(a)
    }

    pub(super) fn perform(&mut self, by: Colour, card: PowerCardId, work: Work, begun: bool, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        match (work, mv) {
            // R-N4: an action ends early only after its first step.
            (_, Move::Done { .. }) if !begun => Err(IllegalMove::ActionNotBegun),
            (_, Move::Done { .. }) => {
                self.end_action(by, ev);
                Ok(())
            }
            (Work::Borders { left }, Move::Border { edge, .. }) => {
                self.board.border_ok(edge, SEPARATION)?;
                let founded = self.board.place_border(edge);
                ev.push(Event::BorderPlaced { by, edge });
                self.settle(founded, None, ev);
                self.continue_work(by, card, Work::Borders { left: left - 1 }, true, ev);
                Ok(())
            }
            (Work::Knights { left }, Move::Knight { at, .. }) => {
                if self.board.knights_in_stock(by) == 0 {
                    return Err(IllegalMove::NoKnightInStock);
                }
                self.board.knight_spot(by, at)?;
                let cost = self.knight_cost(at);
                if self.ducats[by] < cost {
                    return Err(IllegalMove::CannotAfford);
                }
                self.ducats[by] -= cost;
                self.board.put(at, Piece { colour: by, kind: PieceKind::Knight });
                ev.push(Event::KnightPlaced { by, at, cost });
                self.continue_work(by, card, Work::Knights { left: left - 1 }, true, ev);
                Ok(())
            }
            (Work::Expand { castle: chosen, taken }, Move::Expand { at, castle, .. }) => {
                let region = match (chosen, castle) {
                    (Some(b), Some(c)) if c != b => return Err(IllegalMove::NotOwnProvince),
                    (Some(b), _) => b,
                    (None, Some(c)) => c,
                    (None, None) => self.sole_taker(by, at)?,
                };
                self.board.check_take(by, region, at)?;
                self.take_space(by, region, at, ev);
                self.continue_work(by, card, Work::Expand { castle: Some(region), taken: taken + 1 }, true, ev);
                Ok(())
            }
            (Work::Renegade, Move::Renegade { region, place, .. }) => {
                let (victim, removable) = self.check_renegade(by, region, place)?;
                let cost = self.knight_cost(place);
                if self.ducats[by] < cost {
                    return Err(IllegalMove::CannotAfford);
                }
                self.ducats[by] -= cost;
                self.board.put(place, Piece { colour: by, kind: PieceKind::Knight });
                ev.push(Event::RenegadePlaced { by, region, at: place, cost });
                match removable.iter().collect::<Vec<_>>()[..] {
                    // When just one may go, it goes without a choice.
                    [k] => self.remove_knight(by, victim, k, ev),
                    _ => self.phase = Phase::Remove { by, victim, region },
                }
                Ok(())
            }
            (Work::Alliance, Move::Alliance { own, other, .. }) => {
                self.board.check_alliance(by, own, other)?;
                self.board.ally(own, other);
                ev.push(Event::Allied { by, own, other });
                self.end_action(by, ev);
                Ok(())
            }
            _ => Err(IllegalMove::NotNow),
        }
    }

    /// The victim's (or, against the neutral colour, the card player's) choice of knight (R-N10).
    pub(super) fn remove(&mut self, by: Colour, victim: Colour, region: Space, at: Space, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        let inside = self.board.knights(victim).intersect(self.board.component(region).spaces);
        if !inside.contains(at) {
            return Err(IllegalMove::NoForeignKnightThere);
        }
        if self.board.only_link(at, victim) {
            return Err(IllegalMove::OnlyLink);
        }
        self.remove_knight(by, victim, at, ev);
        Ok(())
    }

    fn remove_knight(&mut self, by: Colour, victim: Colour, at: Space, ev: &mut Vec<Event>) {
        self.board.remove_knight(at, victim);
        ev.push(Event::KnightRemoved { colour: victim, at });
        self.end_action(by, ev);
    }

    /// The region of `castle` takes `at` (checked): scores in R-N16's order.
    fn take_space(&mut self, by: Colour, castle: Space, at: Space, ev: &mut Vec<Event>) {
        let before = self.monopoly_flags();
        let Taken { from, cut_off, added, founded } = self.board.take(castle, at);
        ev.push(Event::SpaceTaken { by, castle, at, from: from.map(|(o, _)| o) });
        if !added.is_empty() {
            ev.push(Event::BordersAdded { edges: added });
        }
        let mut one = SpaceSet::EMPTY;
        one.insert(at);
        let value = value_of(self, one) as i32;
        self.add_score(by, value, ScoreReason::Expansion, ev);
        if let Some((loser, _)) = from {
            self.add_score(loser, -value, ScoreReason::LostSpace, ev);
            if !cut_off.is_empty() {
                ev.push(Event::NeutralZoneFormed { loser, spaces: cut_off.len() as u32 });
                let lost = value_of(self, cut_off) as i32;
                self.add_score(loser, -lost, ScoreReason::NeutralZone, ev);
            }
        }
        self.settle(founded, Some(before), ev);
    }
}
