//! The New Edition game: state, setup validation, public reads and `play` (the one place that
//! sequences the steps of a turn).

use super::cards::{PowerAction, PowerCardId};
use super::event::{Event, ScoreReason};
use super::map::Layout;
use super::moves::Move;
use super::setup::Setup;
use crate::engine::board::land::Terrain;
use crate::engine::board::{Board, Piece, PieceKind};
use crate::engine::colour::{ByColour, Colour};
use crate::engine::seating::check_seating;
use crate::engine::error::{IllegalMove, SetupError};
use crate::engine::rules::Edition;
use crate::engine::grid::{Space, NEW_EDITION};
use crate::engine::seed::Seed;
use crate::engine::rng::shuffle;
use crate::engine::notation::MAX_DUCATS;

/// Ducats each player starts with.
pub const START_DUCATS: u32 = 7;
/// Knights of each colour.
pub const KNIGHTS: u8 = 15;
/// Extra cost of a knight on a forest (placement at the start is free).
pub const FOREST_COST: u32 = 1;
/// Castle distance (R-C3 / R-N3): six spaces between.
pub const CASTLE_DISTANCE: u8 = 7;
/// Cards in a full hand.
pub const HAND: usize = 3;

/// Setup knights stand on a free meadow or forest.
pub(super) fn knight_ground(t: Terrain) -> bool {
    t.knight_ground()
}

/// The King chip's space for a number of players (R-N14).
pub fn king_chip_for(players: usize) -> u32 {
    match players {
        2 => 50,
        3 => 40,
        _ => 30,
    }
}

/// What remains of the card action being performed.
#[derive(Copy, Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub enum Work {
    /// Borders still allowed.
    Borders { left: u8 },
    /// Knights still allowed.
    Knights { left: u8 },
    /// An expansion: the region once begun, and spaces taken.
    Expand { castle: Option<Space>, taken: u8 },
    /// Renegade: one `renegade` move.
    Renegade,
    /// Alliance: one `alliance` move.
    Alliance,
}

impl Work {
    /// The work of a card action.
    pub fn of(a: PowerAction) -> Work {
        match a {
            PowerAction::Borders(n) => Work::Borders { left: n },
            PowerAction::Knights(n) => Work::Knights { left: n },
            PowerAction::Expand => Work::Expand { castle: None, taken: 0 },
            PowerAction::Renegade => Work::Renegade,
            PowerAction::Alliance => Work::Alliance,
        }
    }
}

/// The step the game is at.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Placement step `step` of the schedule; `castle` is set when its knight is due.
    Placement { step: usize, castle: Option<Space> },
    /// `by` sells or plays a card (income already paid).
    Choose { by: Colour },
    /// `by` performs the action of `card`; `begun` once its first step is done (R-N4: only then
    /// may `done` end it).
    Perform { by: Colour, card: PowerCardId, work: Work, begun: bool },
    /// After a Renegade by `by`: the knight to remove from the region of `region` (owner `victim`).
    Remove { by: Colour, victim: Colour, region: Space },
    /// `by` refills the hand; `sold` can't be taken back.
    Refill { by: Colour, sold: Option<PowerCardId> },
    /// The game is over.
    Over,
}

/// A colour's points by reason, for the end table.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct Breakdown {
    /// Regions founded.
    pub regions: i32,
    /// Spaces gained by expansion.
    pub expansions: i32,
    /// Spaces lost (to others' expansions and cut off into neutral zones).
    pub losses: i32,
    /// Monopolies won and lost.
    pub monopolies: i32,
    /// The ducat bonus at the end.
    pub bonuses: i32,
}

/// A game of the New Edition.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub(super) players: Vec<Colour>,
    pub(super) neutral: Option<Colour>,
    pub(super) seed: Seed,
    pub(super) custom: bool,
    pub(super) private_money: bool,
    pub(super) layout: Layout,
    /// Shared: it never changes after the deal, and searches clone games by the thousand.
    pub(super) deck_before_deal: std::sync::Arc<[PowerCardId]>,
    pub(super) board: Board,
    /// The deck, top card last.
    pub(super) deck: Vec<PowerCardId>,
    pub(super) market: Vec<PowerCardId>,
    pub(super) discard: Vec<PowerCardId>,
    pub(super) hands: ByColour<Vec<PowerCardId>>,
    pub(super) ducats: ByColour<u32>,
    pub(super) scores: ByColour<u32>,
    pub(super) king_chip: u32,
    pub(super) placements: Vec<(Colour, Colour)>,
    pub(super) final_phase: bool,
    pub(super) phase: Phase,
    pub(super) winners: Vec<Colour>,
    pub(super) by_king: bool,
    /// Turns begun so far (a clock for computer players' look-ahead).
    pub(super) turns: u32,
    /// Points by reason.
    pub(super) breakdown: ByColour<Breakdown>,
    /// Scores at the start, at the start of every turn and at the end. Shared until a turn
    /// begins: searches clone games by the thousand.
    pub(super) history: std::sync::Arc<Vec<ByColour<u32>>>,
}

impl Game {
    /// Validates a setup and starts the game; returns the events of the start.
    ///
    /// # Errors
    /// A [`SetupError`] naming what is wrong with the setup.
    pub fn new(setup: &Setup) -> Result<(Game, Vec<Event>), SetupError> {
        let players = setup.players.clone();
        check_seating(&players, setup.neutral, Edition::New)?;
        let neutral = match (players.len(), setup.neutral) {
            (2, Some(n)) => Some(n),
            (2, None) => return Err(SetupError::NeutralNeeded),
            (_, Some(_)) => return Err(SetupError::NeutralOnlyWithTwo),
            _ => None,
        };
        let mut rng = setup.seed.rng();
        let layout = match setup.tiles {
            Some(l) => l,
            None => Layout::random(&mut rng),
        };
        let deck_top_first: Vec<PowerCardId> = match &setup.deck {
            Some(d) => {
                for (i, c) in d.iter().enumerate() {
                    if d[..i].contains(c) {
                        return Err(SetupError::PowerCardTwice(*c));
                    }
                }
                d.clone()
            }
            None => {
                // Stacks shuffled apart, A on top (R-N12).
                let mut v = Vec::new();
                for stack in 0..4 {
                    let mut cards: Vec<PowerCardId> = PowerCardId::stack(stack).collect();
                    shuffle(&mut rng, &mut cards);
                    v.extend(cards);
                }
                v
            }
        };
        let in_play = |c: Colour| players.contains(&c) || neutral == Some(c);
        let mut board = Board::new(layout.land(), KNIGHTS);
        let castles_each = if players.len() == 4 { 3 } else { 4 };
        let mut hands: ByColour<Vec<PowerCardId>> = ByColour::default();
        let mut market = Vec::new();
        let mut discard = Vec::new();
        let mut ducats = ByColour::from_fn(|c| if players.contains(&c) { START_DUCATS } else { 0 });
        let mut scores: ByColour<u32> = ByColour::default();
        let king_chip = king_chip_for(players.len());
        let mut deck_before_deal = deck_top_first.clone();
        if setup.custom {
            // Cards named in hands and the market leave the deck (NOTATION.md).
            let mut named: Vec<PowerCardId> = Vec::new();
            for (c, cards) in &setup.hands {
                if !players.contains(c) {
                    return Err(SetupError::HandOfNonPlayer(*c));
                }
                if cards.len() > HAND {
                    return Err(SetupError::HandTooBig(*c));
                }
                named.extend(cards);
            }
            named.extend(&setup.market);
            for (i, c) in named.iter().enumerate() {
                if named[..i].contains(c) {
                    return Err(SetupError::PowerCardNamedTwice(*c));
                }
            }
            deck_before_deal.retain(|c| !named.contains(c));
            for (c, cards) in &setup.hands {
                hands[*c] = cards.clone();
                hands[*c].sort();
            }
            market = setup.market.clone();
        }
        // The deck as a stack, top card last; dealing from the top, seat by seat.
        let mut deck: Vec<PowerCardId> = deck_before_deal.iter().rev().copied().collect();
        for &p in &players {
            if setup.custom && setup.hands.iter().any(|(c, _)| *c == p) {
                continue;
            }
            for _ in 0..HAND {
                if let Some(card) = deck.pop() {
                    hands[p].push(card);
                }
            }
            hands[p].sort();
        }
        if setup.custom || setup.deck.is_some() {
            // Cards no list names are out of the game.
            let everywhere: Vec<PowerCardId> = deck.iter().chain(&market).chain(Colour::ALL.iter().flat_map(|&c| &hands[c])).copied().collect();
            discard = PowerCardId::all().filter(|c| !everywhere.contains(c)).collect();
        }
        let put = |board: &mut Board, c: Colour, s: Space, kind: PieceKind| -> Result<(), SetupError> {
            if !in_play(c) {
                return Err(SetupError::NotInGame(c));
            }
            if !NEW_EDITION.contains(s) {
                return Err(SetupError::SpaceOffBoard { space: s, edition: Edition::New });
            }
            if board.piece(s).is_some() {
                return Err(SetupError::TwoPieces(s));
            }
            let terrain = board.terrain(s);
            if kind == PieceKind::Knight && board.knights_in_stock(c) == 0 {
                return Err(SetupError::TooManyKnights { colour: c, knights: KNIGHTS });
            }
            if kind == PieceKind::Knight && !terrain.knight_ground() {
                return Err(SetupError::KnightGround(s));
            }
            if kind == PieceKind::Castle && (board.castles(c).len() >= castles_each || terrain != Terrain::Open) {
                return Err(SetupError::CastlesOnMeadows { colour: c, castles: castles_each as u8, space: s });
            }
            board.put(s, Piece { colour: c, kind });
            Ok(())
        };
        let mut start = 0;
        if setup.custom {
            for &(c, s) in &setup.castles {
                put(&mut board, c, s, PieceKind::Castle)?;
            }
            for &(c, s) in &setup.knights {
                put(&mut board, c, s, PieceKind::Knight)?;
            }
            board.lay_borders(&setup.borders, Edition::New)?;
            board.remove_superfluous_borders();
            for &(a, b) in &setup.alliances {
                let (Some(ca), Some(cb)) = (board.province_at(a).filter(|p| p.1 == a), board.province_at(b).filter(|p| p.1 == b)) else {
                    return Err(SetupError::AllianceNotCastles(a, b));
                };
                if ca.0 == cb.0 || board.allied(a, b) || !NEW_EDITION.touches(board.component(a).spaces, board.component(b).spaces) {
                    return Err(SetupError::AllianceNotNeighbours(a, b));
                }
                board.ally(a, b);
            }
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
            for (i, &(c, s)) in setup.scores.iter().enumerate() {
                if !players.contains(&c) {
                    return Err(SetupError::NotAPlayer(c));
                }
                if setup.scores[..i].iter().any(|&(o, _)| o == c) {
                    return Err(SetupError::ScoreTwice(c));
                }
                if s >= king_chip {
                    return Err(SetupError::ScorePastKing { colour: c, score: s, king: king_chip });
                }
                scores[c] = s;
            }
            if let Some(c) = setup.start {
                start = players.iter().position(|&p| p == c).ok_or(SetupError::StartNotSeated(c))?;
            }
        } else if !setup.castles.is_empty() || !setup.knights.is_empty() || !setup.borders.is_empty() || !setup.market.is_empty() {
            return Err(SetupError::PiecesNeedCustom(Edition::New));
        }
        let placements = if setup.custom {
            Vec::new()
        } else {
            let mut v = Vec::new();
            let own = if players.len() == 2 { 4 } else { castles_each };
            for _ in 0..own {
                v.extend(players.iter().map(|&p| (p, p)));
            }
            if let Some(n) = neutral {
                for _ in 0..2 {
                    v.extend(players.iter().map(|&p| (p, n)));
                }
            }
            v
        };
        let mut g = Game {
            final_phase: deck.is_empty(),
            players,
            neutral,
            seed: setup.seed,
            custom: setup.custom,
            private_money: setup.private_money,
            layout,
            deck_before_deal: deck_before_deal.into(),
            board,
            deck,
            market,
            discard,
            hands,
            ducats,
            scores,
            king_chip,
            placements,
            phase: Phase::Placement { step: 0, castle: None },
            winners: Vec::new(),
            by_king: false,
            turns: 0,
            breakdown: ByColour::default(),
            history: std::sync::Arc::new(Vec::new()),
        };
        let mut events = Vec::new();
        if g.custom {
            g.begin_turn(start, &mut events);
        }
        g.history = vec![g.scores].into();
        g.keep_books(&events);
        Ok((g, events))
    }

    // ----- public reads --------------------------------------------------------------------

    /// Seating order.
    pub fn players(&self) -> &[Colour] {
        &self.players
    }

    /// The neutral colour of a 2-player game.
    pub fn neutral(&self) -> Option<Colour> {
        self.neutral
    }

    /// The seed.
    pub fn seed(&self) -> Seed {
        self.seed
    }

    /// True for a game started from a custom position.
    pub fn is_custom(&self) -> bool {
        self.custom
    }

    /// True when everyone's money is shown (R-N7: the default).
    pub fn public_money(&self) -> bool {
        !self.private_money
    }

    /// The tiles.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The deck before dealing, from the top (as `[Deck]` writes it).
    pub fn deck_before_deal(&self) -> &[PowerCardId] {
        &self.deck_before_deal
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The step the game is at.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The deck from the top (secret order: for the referee and tests).
    pub fn deck(&self) -> Vec<PowerCardId> {
        self.deck.iter().rev().copied().collect()
    }

    /// The market, in the order the cards were sold.
    pub fn market(&self) -> &[PowerCardId] {
        &self.market
    }

    /// Played cards and cards out of the game.
    pub fn discard(&self) -> &[PowerCardId] {
        &self.discard
    }

    /// A colour's hand (secret), in card order.
    pub fn hand(&self, c: Colour) -> &[PowerCardId] {
        &self.hands[c]
    }

    /// A colour's ducats.
    pub fn ducats(&self, c: Colour) -> u32 {
        self.ducats[c]
    }

    /// A colour's score.
    pub fn score(&self, c: Colour) -> u32 {
        self.scores[c]
    }

    /// The King chip's space.
    pub fn king_chip(&self) -> u32 {
        self.king_chip
    }

    /// True once the deck has run out (R-N8).
    pub fn final_phase(&self) -> bool {
        self.final_phase
    }

    /// The winners, once the game is over.
    pub fn winners(&self) -> &[Colour] {
        &self.winners
    }

    /// How many turns have begun (placement is none).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// A colour's points by reason.
    pub fn breakdown(&self, c: Colour) -> Breakdown {
        self.breakdown[c]
    }

    /// The scores at the start, at the start of every turn and at the end.
    pub fn history(&self) -> &[ByColour<u32>] {
        &self.history
    }

    /// True when the King chip ended the game (R-N5).
    pub fn won_by_king(&self) -> bool {
        self.by_king
    }

    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// True for a seated player (not the neutral colour).
    pub fn is_player(&self, c: Colour) -> bool {
        self.players.contains(&c)
    }

    /// Every colour on the board: the players, then the neutral colour.
    pub fn colours(&self) -> impl Iterator<Item = Colour> + '_ {
        self.players.iter().copied().chain(self.neutral)
    }

    /// The placement due: (placer, colour of the piece).
    pub fn placement_due(&self) -> Option<(Colour, Colour)> {
        match self.phase {
            Phase::Placement { step, .. } => self.placements.get(step).copied(),
            _ => None,
        }
    }

    /// The distance castles of `colour` must keep now (R-C3, relaxed by R-N3).
    pub fn castle_distance_now(&self, colour: Colour) -> u8 {
        self.board.castle_distance_now(colour, CASTLE_DISTANCE, knight_ground)
    }

    /// Whose move it is (empty when the game is over).
    pub fn to_move(&self) -> Vec<Colour> {
        match self.phase {
            Phase::Placement { .. } => self.placement_due().map(|(p, _)| p).into_iter().collect(),
            Phase::Choose { by } | Phase::Perform { by, .. } | Phase::Refill { by, .. } => vec![by],
            Phase::Remove { by, victim, .. } => vec![if self.is_player(victim) { victim } else { by }],
            Phase::Over => Vec::new(),
        }
    }

    /// Plays a move. On success returns what happened; on error the game is unchanged.
    ///
    /// # Errors
    /// [`IllegalMove`] names why the move is refused.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Event>, IllegalMove> {
        if self.phase == Phase::Over {
            return Err(IllegalMove::GameOver);
        }
        if !mv.on_board(&NEW_EDITION) {
            return Err(IllegalMove::OffBoard);
        }
        if !self.to_move().contains(&mv.by()) {
            return Err(IllegalMove::NotYourTurn);
        }
        // Every step checks everything before it changes anything: a refused move leaves the
        // game untouched (tests check this after every move of thousands of games).
        let mut ev = Vec::new();
        self.apply(mv, &mut ev)?;
        self.check_king(&mut ev);
        self.keep_books(&ev);
        Ok(ev)
    }

    /// Points by reason and the scores' history, after a move's (or the start's) events: a
    /// turn's scores are those after the move that began it.
    fn keep_books(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::Score { colour, delta, reason } => {
                    let b = &mut self.breakdown[*colour];
                    *match reason {
                        ScoreReason::Founding => &mut b.regions,
                        ScoreReason::Expansion => &mut b.expansions,
                        ScoreReason::LostSpace | ScoreReason::NeutralZone => &mut b.losses,
                        ScoreReason::MonopolyWon(_) | ScoreReason::MonopolyLost(_) => &mut b.monopolies,
                        ScoreReason::DucatBonus => &mut b.bonuses,
                    } += delta;
                }
                Event::TurnBegins { .. } | Event::GameOver { .. } => std::sync::Arc::make_mut(&mut self.history).push(self.scores),
                _ => {}
            }
        }
    }

    fn apply(&mut self, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        match (self.phase.clone(), mv) {
            (Phase::Placement { step, castle }, _) => self.place(step, castle, mv, ev),
            (Phase::Choose { by }, Move::Sell { card, .. }) => self.sell(by, card, ev),
            (Phase::Choose { by }, Move::Play { card, action, .. }) => self.play_card(by, card, action, ev),
            (Phase::Perform { by, card, work, begun }, _) => self.perform(by, card, work, begun, mv, ev),
            (Phase::Remove { by, victim, region }, Move::Remove { at, .. }) => self.remove(by, victim, region, at, ev),
            (Phase::Refill { by, sold }, Move::Draw { .. }) => self.draw(by, sold, ev),
            (Phase::Refill { by, sold }, Move::Take { card, .. }) => self.take(by, sold, card, ev),
            _ => Err(IllegalMove::NotNow),
        }
    }

    fn place(&mut self, step: usize, castle: Option<Space>, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        let (by, colour) = self.placements[step];
        match (castle, mv) {
            (None, Move::Castle { at, .. }) => {
                if self.board.terrain(at) != Terrain::Open {
                    return Err(IllegalMove::CastleNotOnOpenCountry);
                }
                if self.board.occupied(at) {
                    return Err(IllegalMove::SpaceOccupied);
                }
                let (min, spots) = self.board.castle_spots(colour, CASTLE_DISTANCE, knight_ground);
                if self.board.castles(colour).iter().any(|c| c.distance(at) < min) {
                    return Err(IllegalMove::CastleTooClose { min_distance: min });
                }
                if !spots.contains(at) {
                    return Err(IllegalMove::NoGroundForKnight);
                }
                self.board.put(at, Piece { colour, kind: PieceKind::Castle });
                ev.push(Event::Placed { by, colour, kind: PieceKind::Castle, at });
                self.phase = Phase::Placement { step, castle: Some(at) };
                Ok(())
            }
            (Some(c), Move::Knight { at, .. }) => {
                if !self.board.open_between(c, at) {
                    return Err(IllegalMove::KnightNotNextToCastle);
                }
                if self.board.occupied(at) {
                    return Err(IllegalMove::SpaceOccupied);
                }
                if !knight_ground(self.board.terrain(at)) {
                    return Err(IllegalMove::KnightTerrain);
                }
                self.board.put(at, Piece { colour, kind: PieceKind::Knight });
                ev.push(Event::Placed { by, colour, kind: PieceKind::Knight, at });
                if step + 1 < self.placements.len() {
                    self.phase = Phase::Placement { step: step + 1, castle: None };
                } else {
                    // R-N12: the player who placed the last piece starts.
                    let start = self.players.iter().position(|&p| p == by).expect("a player placed");
                    self.begin_turn(start, ev);
                }
                Ok(())
            }
            _ => Err(IllegalMove::NotNow),
        }
    }
}
