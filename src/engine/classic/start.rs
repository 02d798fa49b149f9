//! The start of a game: setup validation, dealing, the start position and the variable setup's placement steps (R-C3).

use crate::engine::board::land::Terrain;
use crate::engine::board::{Board, Piece, PieceKind};
use crate::engine::colour::{ByColour, Colour};
use crate::engine::seating::check_seating;
use crate::engine::error::{IllegalMove, SetupError};
use crate::engine::rules::Edition;
use crate::engine::grid::{Edge, Space, CLASSIC};
use crate::engine::rng::{shuffle, uniform};
use super::cards::{CardId, PoliticsCard};
use super::event::Event;
use super::game::{Game, Phase, CASTLE_DISTANCE, KNIGHTS, START_DUCATS};
use crate::engine::notation::{MAX_DUCATS, MAX_SCORE};
use super::map::{Map, TilePlacement, BASIC_TILES};
use super::moves::Move;
use super::setup::{Setup, SetupKind, BASIC_START};

/// Classic's setup knights stand on open country only.
pub(super) fn setup_knight_ground(t: Terrain) -> bool {
    t == Terrain::Open
}

impl Game {
    /// Validates a setup and starts the game; returns the events of the start (cards drawn, …).
    ///
    /// # Errors
    /// A [`SetupError`] naming what is wrong with the setup.
    pub fn new(setup: &Setup) -> Result<(Game, Vec<Event>), SetupError> {
        let players = setup.players.clone();
        check_seating(&players, setup.neutral, Edition::Classic)?;
        let unchosen: Vec<Colour> = Colour::CLASSIC.into_iter().filter(|c| !players.contains(c)).collect();
        let neutral = match (players.len(), setup.neutral) {
            (4, Some(_)) => return Err(SetupError::NoNeutralWithFour),
            (4, None) => None,
            (3, n) => Some(n.unwrap_or(unchosen[0])),
            (2, Some(n)) => Some(n),
            (2, None) => return Err(SetupError::NeutralNeeded),
            _ => None,
        };
        if setup.kind == SetupKind::Basic && players.len() == 2 {
            return Err(SetupError::TwoPlayersVariable);
        }
        let mut rng = setup.seed.rng();
        let tiles = match (setup.kind, setup.tiles) {
            (SetupKind::Basic, Some(t)) if t != BASIC_TILES => return Err(SetupError::BasicTiles),
            (_, Some(t)) => {
                let mut seen = [false; 6];
                for p in t {
                    if std::mem::replace(&mut seen[p.tile as usize], true) {
                        return Err(SetupError::TileTwice);
                    }
                }
                t
            }
            (SetupKind::Variable, None) => {
                let mut order = [0u8, 1, 2, 3, 4, 5];
                shuffle(&mut rng, &mut order);
                order.map(|tile| TilePlacement { tile, turns: uniform(&mut rng, 4) as u8 })
            }
            (_, None) => BASIC_TILES,
        };
        let (deck, deck_given) = match &setup.deck {
            Some(d) => {
                for (i, c) in d.iter().enumerate() {
                    if d[..i].contains(c) {
                        return Err(SetupError::ActionCardTwice(*c));
                    }
                }
                (d.iter().rev().copied().collect::<Vec<_>>(), true)
            }
            None => {
                let first = if setup.kind == SetupKind::Basic { 1 } else { 0 };
                let mut top_first = Vec::new();
                for stack in first..5u8 {
                    let mut cards: Vec<CardId> = CardId::stack(stack).collect();
                    shuffle(&mut rng, &mut cards);
                    top_first.extend(cards);
                }
                top_first.reverse();
                (top_first, false)
            }
        };
        // Politics: the 13 cards minus the hands, unless the piles are spelled out.
        let mut pool: Vec<PoliticsCard> = PoliticsCard::ALL.to_vec();
        let mut hands: ByColour<Vec<PoliticsCard>> = ByColour::default();
        for (c, cards) in &setup.hands {
            if !players.contains(c) {
                return Err(SetupError::HandOfNonPlayer(*c));
            }
            for card in cards {
                let i = pool.iter().position(|p| p == card).ok_or(SetupError::NoCardLeft { card: *card, colour: *c })?;
                pool.remove(i);
                hands[*c].push(*card);
            }
            hands[*c].sort();
        }
        let piles = match &setup.politics {
            Some([a, b]) => {
                for card in a.iter().chain(b) {
                    let i = pool.iter().position(|p| p == card).ok_or(SetupError::PilesTooMany(*card))?;
                    pool.remove(i);
                }
                [a.iter().rev().copied().collect(), b.iter().rev().copied().collect()]
            }
            None => {
                shuffle(&mut rng, &mut pool);
                let split = pool.len() * 6 / 13;
                let second = pool.split_off(split);
                [pool, second]
            }
        };
        let mut board = Board::new(Map::new(tiles).land, KNIGHTS);
        let put = |board: &mut Board, c: Colour, s: Space, kind: PieceKind| -> Result<(), SetupError> {
            if !CLASSIC.contains(s) {
                return Err(SetupError::SpaceOffBoard { space: s, edition: Edition::Classic });
            }
            if board.piece(s).is_some() {
                return Err(SetupError::TwoPieces(s));
            }
            if kind == PieceKind::Knight && board.knights_in_stock(c) == 0 {
                return Err(SetupError::TooManyKnights { colour: c, knights: KNIGHTS });
            }
            if kind == PieceKind::Castle && board.castles(c).len() >= 4 {
                return Err(SetupError::TooManyCastles(c));
            }
            board.put(s, Piece { colour: c, kind });
            Ok(())
        };
        let in_play = |c: Colour| players.contains(&c) || neutral == Some(c);
        match setup.kind {
            SetupKind::Basic => {
                for b in BASIC_START.iter().filter(|b| in_play(b.colour)) {
                    let sp = |s: &str| Space::parse(s).expect("start data");
                    put(&mut board, b.colour, sp(b.home.0), PieceKind::Castle)?;
                    put(&mut board, b.colour, sp(b.home.1), PieceKind::Knight)?;
                    for (c, k) in b.others {
                        put(&mut board, b.colour, sp(c), PieceKind::Castle)?;
                        put(&mut board, b.colour, sp(k), PieceKind::Knight)?;
                    }
                    let (lo, hi) = (sp(b.province.0), sp(b.province.1));
                    let inside = |s: Space| (lo.col()..=hi.col()).contains(&s.col()) && (lo.row()..=hi.row()).contains(&s.row());
                    for e in CLASSIC.edges() {
                        let (x, y) = e.spaces();
                        if inside(x) != inside(y) {
                            board.add_border_raw(e);
                        }
                    }
                }
                board.rebuild();
            }
            SetupKind::Custom => {
                for &(c, s) in &setup.castles {
                    if !in_play(c) {
                        return Err(SetupError::NotInGame(c));
                    }
                    put(&mut board, c, s, PieceKind::Castle)?;
                }
                for &(c, s) in &setup.knights {
                    if !in_play(c) {
                        return Err(SetupError::NotInGame(c));
                    }
                    put(&mut board, c, s, PieceKind::Knight)?;
                }
                board.lay_borders(&setup.borders, Edition::Classic)?;
                // R-B2, as in the New Edition: a border with one province on both sides goes.
                board.remove_superfluous_borders();
            }
            SetupKind::Variable => {
                if !setup.castles.is_empty() || !setup.knights.is_empty() || !setup.borders.is_empty() {
                    return Err(SetupError::PiecesNeedCustom(Edition::Classic));
                }
            }
        }
        let mut ducats = ByColour::from_fn(|c| if players.contains(&c) { START_DUCATS } else { 0 });
        // Bounded (as records are) so that no game arithmetic can overflow.
        for (i, &(c, d)) in setup.ducats.iter().enumerate() {
            if !players.contains(&c) {
                return Err(SetupError::NotAPlayer(c));
            }
            if setup.ducats[..i].iter().any(|&(o, _)| o == c) {
                return Err(SetupError::DucatsTwice(c));
            }
            if d > MAX_DUCATS {
                return Err(SetupError::TooManyDucats(c));
            }
            ducats[c] = d;
        }
        let mut scores = ByColour::default();
        for (i, &(c, s)) in setup.scores.iter().enumerate() {
            if !players.contains(&c) {
                return Err(SetupError::NotAPlayer(c));
            }
            if setup.scores[..i].iter().any(|&(o, _)| o == c) {
                return Err(SetupError::ScoreTwice(c));
            }
            if s > MAX_SCORE {
                return Err(SetupError::ScoreTooHigh(c));
            }
            scores[c] = s;
        }
        let start = match setup.start {
            Some(c) => players.iter().position(|&p| p == c).ok_or(SetupError::StartNotSeated(c))?,
            None => 0,
        };
        let placements = if setup.kind == SetupKind::Variable {
            let (own, extra) = if players.len() == 2 { (4, 2) } else { (3, 1) };
            let mut v = Vec::new();
            for _ in 0..own {
                v.extend(players.iter().map(|&p| (p, p)));
            }
            if let Some(n) = neutral {
                for _ in 0..extra {
                    v.extend(players.iter().map(|&p| (p, n)));
                }
            }
            v
        } else {
            Vec::new()
        };
        let mut g = Game {
            players,
            neutral,
            kind: setup.kind,
            seed: setup.seed,
            public_money: setup.public_money,
            rng,
            board,
            tiles,
            deck,
            deck_given,
            card: None,
            piles,
            discards: Vec::new(),
            hands,
            ducats,
            scores,
            breakdown: ByColour::default(),
            start,
            round: 0,
            choices: Default::default(),
            decided: 0,
            window: None,
            placements,
            phase: Phase::Placement { step: 0, castle: None },
            winners: Vec::new(),
            history: Vec::new(),
            veiled: false,
        };
        let mut events = Vec::new();
        if g.placements.is_empty() {
            g.start_round(&mut events);
        }
        Ok((g, events))
    }

    /// The distance castles of `colour` must keep now (R-C3, relaxed when no space satisfies it).
    pub fn castle_distance_now(&self, colour: Colour) -> u8 {
        self.board.castle_distance_now(colour, CASTLE_DISTANCE, setup_knight_ground)
    }


    pub(super) fn knight_spot_setup(&self, s: Space) -> bool {
        self.board.grid().contains(s) && setup_knight_ground(self.board.terrain(s)) && !self.board.occupied(s)
    }

    pub(super) fn place(&mut self, step: usize, castle: Option<Space>, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        let (placer, colour) = self.placements[step];
        match (mv, castle) {
            (Move::Castle { at, .. }, None) => {
                if self.board.terrain(at) != Terrain::Open {
                    return Err(IllegalMove::CastleNotOnOpenCountry);
                }
                if self.board.piece(at).is_some() {
                    return Err(IllegalMove::SpaceOccupied);
                }
                let (min, spots) = self.board.castle_spots(colour, CASTLE_DISTANCE, setup_knight_ground);
                if self.board.castles(colour).iter().any(|c| c.distance(at) < min) {
                    return Err(IllegalMove::CastleTooClose { min_distance: min });
                }
                if !spots.contains(at) {
                    return Err(IllegalMove::NoRoomForKnight);
                }
                self.board.put(at, Piece { colour, kind: PieceKind::Castle });
                ev.push(Event::Placed { placer, colour, kind: PieceKind::Castle, at });
                self.phase = Phase::Placement { step, castle: Some(at) };
                Ok(())
            }
            (Move::Knight { at, pay, .. }, Some(c)) => {
                if !pay.is_empty() {
                    return Err(IllegalMove::BadTreasurePayment);
                }
                if Edge::between(c, at).is_none() {
                    return Err(IllegalMove::KnightNotNextToCastle);
                }
                if self.board.terrain(at) != Terrain::Open {
                    return Err(IllegalMove::KnightNotOnOpenCountry);
                }
                if self.board.piece(at).is_some() {
                    return Err(IllegalMove::SpaceOccupied);
                }
                self.board.put(at, Piece { colour, kind: PieceKind::Knight });
                ev.push(Event::Placed { placer, colour, kind: PieceKind::Knight, at });
                if step + 1 < self.placements.len() {
                    self.phase = Phase::Placement { step: step + 1, castle: None };
                } else {
                    self.start_round(ev);
                }
                Ok(())
            }
            _ => Err(IllegalMove::NotNow),
        }
    }
}
