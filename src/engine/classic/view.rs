//! What one colour may know: the player's view of the game.
//!
//! Everything public, plus the viewer's own money, politics cards, bid and the pile they
//! opened. Others' money (unless money is public), hands and bids are not in it at all:
//! "there is no field to forget to strip".

use crate::engine::board::Piece;
use super::cards::{CardId, PoliticsCard, Treasures};
use crate::engine::colour::{ByColour, Colour};
use super::game::{Breakdown, Expansion, Game, Phase, Work};
use super::map::TilePlacement;
use super::moves::Move;
use super::setup::SetupKind;
use crate::engine::error::IllegalMove;
use crate::engine::grid::{Edge, Space};
use serde::Serialize;

/// A province as seen on the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ProvinceView {
    /// Owner.
    pub owner: Colour,
    /// Its castle.
    pub castle: Space,
    /// Its spaces.
    pub spaces: Vec<Space>,
    /// Knights of the owner inside (for knight superiority).
    pub knights: usize,
}

/// The step of the game as the viewer may see it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub enum PhaseView {
    /// Variable setup: `placer` places a piece of `colour`; `castle` awaits its knight.
    Placement { placer: Colour, colour: Colour, castle: Option<Space>, min_distance: u8 },
    /// `next` lays decision cards (`cards` of them).
    Choosing { next: Colour, cards: u8 },
    /// Negotiation (offers are spoken aloud: public).
    Negotiation { action: u8, pair: [Colour; 2], speaker: Colour, last: [Option<u32>; 2], standing: Option<u32> },
    /// A duel: who has bid (not how much), and the viewer's own bid.
    Duel { action: u8, bidders: Vec<Colour>, second: bool, have_bid: Vec<Colour>, own_bid: Option<(u32, Treasures)> },
    /// `by` performs `action`.
    Perform { action: u8, by: Colour, borders_left: Option<u8>, knights_placed: Option<u8>, expanding: Option<(Space, u8)>, expansion_done: bool, opened: Option<u8> },
    /// The game is over.
    Over { winners: Vec<Colour> },
}

/// What `viewer` may know.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// The viewer (`None`: a spectator sees only public information).
    pub viewer: Option<Colour>,
    /// Seating order.
    pub players: Vec<Colour>,
    /// Neutral colour.
    pub neutral: Option<Colour>,
    /// Setup kind.
    pub setup: SetupKind,
    /// Money is public.
    pub public_money: bool,
    /// Map tiles.
    pub tiles: [TilePlacement; 6],
    /// Borders on the board.
    pub borders: Vec<Edge>,
    /// Pieces on the board.
    pub pieces: Vec<(Space, Piece)>,
    /// Provinces.
    pub provinces: Vec<ProvinceView>,
    /// Neutral zones (components without a castle).
    pub neutral_zones: Vec<Vec<Space>>,
    /// Alliances (pairs of castles).
    pub alliances: Vec<(Space, Space)>,
    /// Border markers in the stock.
    pub borders_in_stock: usize,
    /// Knights in each colour's stock.
    pub knights_in_stock: ByColour<u8>,
    /// Scores (the power track is public).
    pub scores: ByColour<u32>,
    /// Scores by reason.
    pub breakdown: ByColour<Breakdown>,
    /// Money: the viewer's own, everyone's with public money or once the game is over.
    pub ducats: ByColour<Option<u32>>,
    /// The viewer's politics cards (everyone's once the game is over).
    pub hands: ByColour<Option<Vec<PoliticsCard>>>,
    /// How many politics cards each holds.
    pub hand_counts: ByColour<usize>,
    /// Cards in the two politics piles.
    pub piles: [usize; 2],
    /// The pile the viewer is looking through, with its cards.
    pub opened_pile: Option<(u8, Vec<PoliticsCard>)>,
    /// Played politics cards.
    pub discards: Vec<PoliticsCard>,
    /// Action cards left.
    pub deck_left: usize,
    /// Stack letter on the back of the next action card.
    pub next_stack: Option<char>,
    /// The face-up action card.
    pub card: Option<CardId>,
    /// Round number.
    pub round: u32,
    /// This round's start player.
    pub start_player: Colour,
    /// Who chose each action.
    pub choices: [Vec<Colour>; 3],
    /// Politics cards the viewer may still play with the decision just laid.
    pub politics_window: Option<u8>,
    /// The step of the game.
    pub phase: PhaseView,
    /// Whose move is due.
    pub to_move: Vec<Colour>,
    /// The viewer's legal moves.
    pub moves: Vec<Move>,
    /// Scores at each round start and the end.
    pub history: Vec<ByColour<u32>>,
}

impl Game {
    /// What `viewer` may know (`None`: public information only).
    pub fn view(&self, viewer: Option<Colour>) -> View {
        // Whether the last decider may still play a politics card is their secret: everyone
        // else sees the game as if they had passed.
        if self.politics_window().is_some_and(|(w, _)| Some(w) != viewer) && self.all_decided() {
            return self.advanced().view(viewer);
        }
        let over = self.is_over();
        let board = self.board();
        let sees = |c: Colour| over || viewer == Some(c);
        let mut provinces = Vec::new();
        let mut neutral_zones = Vec::new();
        for comp in board.components() {
            match comp.province_castle() {
                Some(castle) => {
                    let owner = board.castle_colour(castle).expect("castle");
                    provinces.push(ProvinceView { owner, castle, spaces: comp.spaces.iter().collect(), knights: board.knights_in(castle, owner) });
                }
                // The whole board without a castle (before the variable setup) is no zone either.
                None if comp.castles.is_empty() && comp.enclosed => neutral_zones.push(comp.spaces.iter().collect()),
                None => {}
            }
        }
        let mut moves = Vec::new();
        if let Some(v) = viewer {
            let opened = match self.phase() {
                Phase::Perform { work: Work::Politics { opened }, .. } => *opened,
                _ => None,
            };
            moves = self
                .legal_moves()
                .into_iter()
                .filter(|m| m.by() == v)
                .filter(|m| match m {
                    Move::Take { pile, .. } => opened == Some(*pile),
                    _ => true,
                })
                .collect();
        }
        let phase = match self.phase().clone() {
            Phase::Placement { castle, .. } => {
                let (placer, colour) = self.placement_due().expect("placement");
                PhaseView::Placement { placer, colour, castle, min_distance: self.castle_distance_now(colour) }
            }
            Phase::Choosing => PhaseView::Choosing { next: self.to_move().first().copied().unwrap_or(self.start_player()), cards: self.cards_to_lay() },
            Phase::Negotiation { action, pair, speaker, last, standing } => PhaseView::Negotiation { action, pair, speaker: pair[speaker], last, standing },
            Phase::Duel { action, bidders, second, bids } => PhaseView::Duel {
                action,
                have_bid: bidders.iter().copied().filter(|&b| bids[b].is_some()).collect(),
                own_bid: viewer.and_then(|v| bids[v]),
                bidders,
                second,
            },
            Phase::Perform { action, by, work } => {
                let (borders_left, knights_placed, expansion, opened) = match work {
                    Work::Borders { left } => (Some(left), None, Expansion::NotStarted, None),
                    Work::Knights { placed, expansion, .. } => (None, Some(placed), expansion, None),
                    // Others see that a pile is open, not which (0).
                    Work::Politics { opened } => (None, None, Expansion::NotStarted, if viewer == Some(by) { opened } else { opened.map(|_| 0) }),
                };
                PhaseView::Perform {
                    action,
                    by,
                    borders_left,
                    knights_placed,
                    expanding: match expansion {
                        Expansion::Open { castle, taken, .. } => Some((castle, taken)),
                        _ => None,
                    },
                    expansion_done: expansion == Expansion::Closed,
                    opened,
                }
            }
            Phase::Over => PhaseView::Over { winners: self.winners().to_vec() },
        };
        let opened_pile = match self.phase() {
            Phase::Perform { by, work: Work::Politics { opened: Some(p) }, .. } if viewer == Some(*by) => Some((*p, self.pile(*p as usize - 1))),
            _ => None,
        };
        View {
            viewer,
            players: self.players().to_vec(),
            neutral: self.neutral(),
            setup: self.setup_kind(),
            public_money: self.public_money(),
            tiles: self.tiles(),
            borders: board.borders().iter().collect(),
            pieces: board.occupied_set().iter().filter_map(|s| board.piece(s).map(|p| (s, p))).collect(),
            provinces,
            neutral_zones,
            alliances: self.alliances().to_vec(),
            borders_in_stock: board.borders_in_stock(),
            knights_in_stock: ByColour::from_fn(|c| board.knights_in_stock(c)),
            scores: ByColour::from_fn(|c| self.score(c)),
            breakdown: ByColour::from_fn(|c| self.breakdown(c)),
            ducats: ByColour::from_fn(|c| (self.is_player(c) && (self.public_money() || sees(c))).then(|| self.ducats(c))),
            hands: ByColour::from_fn(|c| (self.is_player(c) && sees(c)).then(|| self.hand(c).to_vec())),
            hand_counts: ByColour::from_fn(|c| self.hand(c).len()),
            piles: [self.pile(0).len(), self.pile(1).len()],
            opened_pile,
            discards: self.discards().to_vec(),
            deck_left: self.deck_len(),
            next_stack: self.next_stack(),
            card: self.card(),
            round: self.round(),
            start_player: self.start_player(),
            choices: self.choices().clone(),
            politics_window: self.politics_window().filter(|&(w, _)| Some(w) == viewer).map(|(_, n)| n),
            phase,
            to_move: self.to_move(),
            moves,
            history: self.history().to_vec(),
        }
    }

    /// What `viewer` may know now, with the numbers as they will be after `mv` up to, not
    /// including, the first thing it would show the table (a card turned up, bids revealed, the
    /// game's end): scores, border markers and knights in stock, hand and pile sizes, the money
    /// the viewer may see now, and the viewer's own hand. Everything else — the board, the card,
    /// the step — is the view before the move. A move held back for "Confirm" shows its numbers
    /// so, and nothing of what it reveals.
    ///
    /// # Errors
    /// Why the move is refused.
    pub fn view_after(&self, mv: Move, viewer: Option<Colour>) -> Result<View, IllegalMove> {
        let mut g = self.clone();
        g.veiled = true;
        g.play(mv)?;
        let (mut v, after) = (self.view(viewer), g.view(viewer));
        v.borders_in_stock = after.borders_in_stock;
        v.knights_in_stock = after.knights_in_stock;
        v.scores = after.scores;
        v.breakdown = after.breakdown;
        // Only the money the viewer sees now (the veiled copy never reaches the game's end,
        // where every purse opens).
        v.ducats = ByColour::from_fn(|c| v.ducats[c].and(after.ducats[c]));
        if let Some(me) = viewer {
            v.hands[me] = after.hands[me].clone();
        }
        v.hand_counts = after.hand_counts;
        v.piles = after.piles;
        Ok(v)
    }
}
