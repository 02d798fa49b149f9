//! What one colour may know of a New Edition game (R-N7): everything public — board, scores,
//! market, the deck's size, the discard pile, hand sizes, money unless it is private — plus
//! the viewer's own hand. Others' hands and the deck's order have no field to leak through.

use super::cards::PowerCardId;
use super::game::{Game, Phase, Work};
use super::map::Layout;
use super::moves::Move;
use crate::engine::board::land::MineKind;
use crate::engine::board::Piece;
use crate::engine::colour::{ByColour, Colour};
use crate::engine::error::IllegalMove;
use crate::engine::grid::{Edge, Space};
use serde::Serialize;

/// A region as seen on the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RegionView {
    /// Owner.
    pub owner: Colour,
    /// Its castle.
    pub castle: Space,
    /// Its spaces.
    pub spaces: Vec<Space>,
    /// Knights of the owner inside (for knight superiority).
    pub knights: usize,
}

/// The step of the game as anyone may see it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub enum PhaseView {
    /// Placement: `placer` places a piece of `colour`; `castle` awaits its knight.
    Placement { placer: Colour, colour: Colour, castle: Option<Space>, min_distance: u8 },
    /// `by` sells or plays a card.
    Choose { by: Colour },
    /// `by` performs the action of the card played (face up).
    Perform { by: Colour, card: PowerCardId, work: Work },
    /// After `by`'s Renegade, a knight of `victim` leaves the region of `region`.
    Remove { by: Colour, victim: Colour, region: Space },
    /// `by` refills; `sold` can't be taken back.
    Refill { by: Colour, sold: Option<PowerCardId> },
    /// The game is over.
    Over { winners: Vec<Colour>, king: bool },
}

/// One colour's view (or a spectator's, with no viewer).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// Whose view this is.
    pub viewer: Option<Colour>,
    /// Seating order.
    pub players: Vec<Colour>,
    /// The neutral colour (2 players).
    pub neutral: Option<Colour>,
    /// Money shown to all.
    pub public_money: bool,
    /// The tiles.
    pub tiles: Layout,
    /// Borders on the board.
    pub borders: Vec<Edge>,
    /// Pieces on the board.
    pub pieces: Vec<(Space, Piece)>,
    /// Regions.
    pub regions: Vec<RegionView>,
    /// Neutral zones (enclosed, no castle).
    pub neutral_zones: Vec<Vec<Space>>,
    /// Alliances (castle pairs).
    pub alliances: Vec<(Space, Space)>,
    /// Border markers left.
    pub borders_in_stock: usize,
    /// Knights left per colour.
    pub knights_in_stock: ByColour<u8>,
    /// Scores.
    pub scores: ByColour<u32>,
    /// Money: a player's own always; others' only when money is public.
    pub ducats: ByColour<Option<u32>>,
    /// The viewer's own hand.
    pub hand: Option<Vec<PowerCardId>>,
    /// Cards in each hand.
    pub hand_counts: ByColour<usize>,
    /// Income each colour gets now (mine types in its regions).
    pub income: ByColour<u32>,
    /// Monopolies held.
    pub monopolies: ByColour<Vec<MineKind>>,
    /// The market, in the order sold.
    pub market: Vec<PowerCardId>,
    /// Cards left in the deck.
    pub deck_left: usize,
    /// Played cards and cards out of the game.
    pub discard: Vec<PowerCardId>,
    /// The King chip's space.
    pub king_chip: u32,
    /// The deck has run out (R-N8).
    pub final_phase: bool,
    /// The step of the game.
    pub phase: PhaseView,
    /// Whose move it is.
    pub to_move: Vec<Colour>,
    /// The viewer's legal moves (empty unless it is the viewer's move).
    pub moves: Vec<Move>,
    /// While the viewer chooses: each (card of its hand, action) that `moves` leaves out, and
    /// why — its price, or R-N4 (no first step of that action can be done): for the hand's words.
    #[serde(skip)]
    pub unplayable: Vec<(PowerCardId, u8, IllegalMove)>,
}

impl Game {
    /// What `viewer` may know (`None`: a spectator, who sees only what is public).
    pub fn view(&self, viewer: Option<Colour>) -> View {
        let board = self.board();
        let sees = |c: Colour| viewer == Some(c);
        let mut regions = Vec::new();
        let mut neutral_zones = Vec::new();
        for comp in board.components() {
            match comp.province_castle() {
                Some(castle) => {
                    let owner = board.castle_colour(castle).expect("castle");
                    regions.push(RegionView { owner, castle, spaces: comp.spaces.iter().collect(), knights: board.knights_in(castle, owner) });
                }
                None if comp.castles.is_empty() && comp.enclosed => neutral_zones.push(comp.spaces.iter().collect()),
                None => {}
            }
        }
        let to_move = self.to_move();
        let moves = match viewer {
            Some(v) if to_move.contains(&v) => self.legal_moves().into_iter().filter(|m| m.by() == v).collect(),
            _ => Vec::new(),
        };
        let unplayable = match self.phase() {
            Phase::Choose { by } if viewer == Some(*by) => {
                let by = *by;
                self.hand(by).iter().flat_map(|&card| (1..=card.action_count()).filter_map(move |a| self.why_unplayable(by, card, a).map(|e| (card, a, e)))).collect()
            }
            _ => Vec::new(),
        };
        let phase = match self.phase() {
            Phase::Placement { castle, .. } => {
                let (placer, colour) = self.placement_due().expect("placement due");
                PhaseView::Placement { placer, colour, castle: *castle, min_distance: self.castle_distance_now(colour) }
            }
            Phase::Choose { by } => PhaseView::Choose { by: *by },
            Phase::Perform { by, card, work, .. } => PhaseView::Perform { by: *by, card: *card, work: *work },
            Phase::Remove { by, victim, region } => PhaseView::Remove { by: *by, victim: *victim, region: *region },
            Phase::Refill { by, sold } => PhaseView::Refill { by: *by, sold: *sold },
            Phase::Over => PhaseView::Over { winners: self.winners().to_vec(), king: self.won_by_king() },
        };
        View {
            viewer,
            players: self.players().to_vec(),
            neutral: self.neutral(),
            public_money: self.public_money(),
            tiles: self.layout(),
            borders: board.borders().iter().collect(),
            pieces: board.occupied_set().iter().filter_map(|s| board.piece(s).map(|p| (s, p))).collect(),
            regions,
            neutral_zones,
            alliances: board.alliances().to_vec(),
            borders_in_stock: board.borders_in_stock(),
            knights_in_stock: ByColour::from_fn(|c| if self.colours().any(|x| x == c) { board.knights_in_stock(c) } else { 0 }),
            scores: ByColour::from_fn(|c| self.score(c)),
            ducats: ByColour::from_fn(|c| (self.is_player(c) && (self.public_money() || sees(c))).then(|| self.ducats(c))),
            hand: viewer.filter(|&v| self.is_player(v)).map(|v| self.hand(v).to_vec()),
            hand_counts: ByColour::from_fn(|c| self.hand(c).len()),
            income: ByColour::from_fn(|c| if self.is_player(c) { self.income(c) } else { 0 }),
            monopolies: ByColour::from_fn(|c| if self.is_player(c) { self.monopolies(c) } else { Vec::new() }),
            market: self.market().to_vec(),
            deck_left: self.deck_len(),
            discard: self.discard().to_vec(),
            king_chip: self.king_chip(),
            final_phase: self.final_phase(),
            phase,
            to_move,
            moves,
            unplayable,
        }
    }
}
