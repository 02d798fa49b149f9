//! The game: state, phases, public reads and `play` → `apply`, the one place that sequences phases.
//!
//! The rules live beside this file, one part of them per file, each adding to `impl Game`:
//! `start` (setup and placement), `round`, `politics`, `contest`, `perform`, `payment`, `scoring`
//! and `legal`.

use crate::engine::board::Board;
use crate::engine::grid::CLASSIC;
use super::cards::{Action, CardFace, CardId, PoliticsCard, Treasures};
use crate::engine::colour::{ByColour, Colour};
use crate::engine::error::IllegalMove;
use super::event::Event;
use super::map::TilePlacement;
use super::moves::Move;
use super::setup::SetupKind;
use crate::engine::grid::Space;
use crate::engine::seed::Seed;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Ducats each player starts with.
pub const START_DUCATS: u32 = 12;
/// Cost of a knight on a forest space, and of removing one from a forest with Renegade.
pub const FOREST_COST: u32 = 5;
/// Cost of ending an alliance (R-B7).
pub const UNALLY_COST: u32 = 10;
/// Required Manhattan distance between castles of one colour in the variable setup (R-C3).
pub const CASTLE_DISTANCE: u8 = 7;
/// Knights of each colour.
pub const KNIGHTS: u8 = 12;

/// Score per reason, for the end screen.
#[derive(Copy, Clone, PartialEq, Eq, Default, Debug, Serialize, Deserialize)]
pub struct Breakdown {
    /// Founding of provinces.
    pub provinces: i32,
    /// Spaces gained by expansion.
    pub expansions: i32,
    /// Spaces and neutral zones lost (negative).
    pub losses: i32,
    /// Silver finds.
    pub silver_finds: i32,
    /// Mountains at the end.
    pub final_mountains: i32,
    /// Deeds.
    pub deeds: i32,
}

/// What one loser has lost to neutral zones during one expansion action (R-B12).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct ZoneLoss {
    /// Spaces cut off so far.
    pub spaces: u32,
    /// Cities among them.
    pub cities: u32,
    /// Points already charged for them.
    pub charged: u32,
}

/// Neutral-zone losses of an expansion action, per loser.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct ZoneLosses(pub ByColour<ZoneLoss>);

/// Progress of an expansion inside a knight action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Expansion {
    /// Not begun.
    NotStarted,
    /// One space taken by the province of `castle`; neutral-zone losses so far per loser (R-B12).
    Open { castle: Space, taken: u8, zone: ZoneLosses },
    /// Finished (two spaces, or a knight ended it: R-C11).
    Closed,
}

/// What is left of the action being performed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Work {
    /// Borders still to place.
    Borders { left: u8 },
    /// Knight or expansion (`two`: the two-knights action).
    Knights { two: bool, placed: u8, expansion: Expansion },
    /// Politics card; `opened` is the pile looked through.
    Politics { opened: Option<u8> },
}

/// The step the game is at.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Variable setup: placement step `step`; `castle` is set when its knight is due.
    Placement { step: usize, castle: Option<Space> },
    /// Players lay decision cards.
    Choosing,
    /// Two players negotiate for `action`; `speaker` indexes `pair`.
    Negotiation { action: u8, pair: [Colour; 2], speaker: usize, last: [Option<u32>; 2], standing: Option<u32> },
    /// Sealed bids for `action`.
    Duel { action: u8, bidders: Vec<Colour>, second: bool, bids: ByColour<Option<(u32, Treasures)>> },
    /// `by` performs `action`.
    Perform { action: u8, by: Colour, work: Work },
    /// The game is over.
    Over,
}

/// A game of Classic Löwenherz.
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) players: Vec<Colour>,
    pub(super) neutral: Option<Colour>,
    pub(super) kind: SetupKind,
    pub(super) seed: Seed,
    pub(super) public_money: bool,
    pub(super) rng: ChaCha8Rng,
    pub(super) board: Board,
    pub(super) tiles: [TilePlacement; 6],
    pub(super) deck: Vec<CardId>,
    pub(super) deck_given: bool,
    pub(super) card: Option<CardId>,
    pub(super) piles: [Vec<PoliticsCard>; 2],
    pub(super) discards: Vec<PoliticsCard>,
    pub(super) hands: ByColour<Vec<PoliticsCard>>,
    pub(super) ducats: ByColour<u32>,
    pub(super) scores: ByColour<u32>,
    pub(super) breakdown: ByColour<Breakdown>,
    pub(super) start: usize,
    pub(super) round: u32,
    pub(super) choices: [Vec<Colour>; 3],
    pub(super) decided: usize,
    pub(super) window: Option<(Colour, u8)>,
    pub(super) placements: Vec<(Colour, Colour)>,
    pub(super) phase: Phase,
    pub(super) winners: Vec<Colour>,
    pub(super) history: Vec<ByColour<u32>>,
    /// Play stops short of anything that would show the table something new (a card turned
    /// up, bids revealed, the game's end): set only on the copy [`Game::view_after`] plays on.
    pub(super) veiled: bool,
}

impl Game {
    // ----- public read access -------------------------------------------------------------

    /// Seating order.
    pub fn players(&self) -> &[Colour] {
        &self.players
    }
    /// The neutral colour.
    pub fn neutral(&self) -> Option<Colour> {
        self.neutral
    }
    /// Setup kind.
    pub fn setup_kind(&self) -> SetupKind {
        self.kind
    }
    /// The seed.
    pub fn seed(&self) -> Seed {
        self.seed
    }
    /// How far the game's random generator has run (it is part of the state: same seed, same game).
    pub fn rng_position(&self) -> u128 {
        self.rng.get_word_pos()
    }
    /// Whether money is public.
    pub fn public_money(&self) -> bool {
        self.public_money
    }

    /// The six tiles of the map.
    pub fn tiles(&self) -> [TilePlacement; 6] {
        self.tiles
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The current step.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    /// The action card face up this round.
    pub fn card(&self) -> Option<CardId> {
        self.card
    }
    /// Action cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }
    /// The stack letter on the back of the next card.
    pub fn next_stack(&self) -> Option<char> {
        self.deck.last().map(|c| c.stack_letter())
    }
    /// Silver finds still in the deck (public: every card turned up is seen, only the order of
    /// those left is hidden).
    pub fn silver_finds_left(&self) -> usize {
        self.deck.iter().filter(|c| c.face() == super::cards::CardFace::SilverFind).count()
    }
    /// The deck, top first (hidden information: for the referee and tests).
    pub fn deck(&self) -> Vec<CardId> {
        self.deck.iter().rev().copied().collect()
    }
    /// Whether the deck was given by the record rather than dealt.
    pub fn deck_given(&self) -> bool {
        self.deck_given
    }
    /// Politics pile `i` (0 or 1), top first (hidden information).
    pub fn pile(&self, i: usize) -> Vec<PoliticsCard> {
        self.piles[i].iter().rev().copied().collect()
    }
    /// Played politics cards.
    pub fn discards(&self) -> &[PoliticsCard] {
        &self.discards
    }
    /// A player's politics cards (hidden information).
    pub fn hand(&self, c: Colour) -> &[PoliticsCard] {
        &self.hands[c]
    }
    /// A player's money (hidden information unless money is public).
    pub fn ducats(&self, c: Colour) -> u32 {
        self.ducats[c]
    }
    /// A player's score.
    pub fn score(&self, c: Colour) -> u32 {
        self.scores[c]
    }
    /// A player's score by reason.
    pub fn breakdown(&self, c: Colour) -> Breakdown {
        self.breakdown[c]
    }
    /// Alliances as pairs of castles.
    pub fn alliances(&self) -> &[(Space, Space)] {
        self.board.alliances()
    }
    /// Seat index of this round's start player.
    pub fn start_player(&self) -> Colour {
        self.players[self.start]
    }
    /// The round number (1 for the first action card round).
    pub fn round(&self) -> u32 {
        self.round
    }
    /// Who chose each action this round, in this round's seating order.
    pub fn choices(&self) -> &[Vec<Colour>; 3] {
        &self.choices
    }
    /// The player who may still play Alliance/Renegade with the decision card just laid, and how many.
    pub fn politics_window(&self) -> Option<(Colour, u8)> {
        self.window
    }
    /// Winners once the game is over.
    pub fn winners(&self) -> &[Colour] {
        &self.winners
    }
    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    /// Scores at the start of each round and at the end.
    pub fn history(&self) -> &[ByColour<u32>] {
        &self.history
    }
    /// The placement still due in the variable setup: (placer, colour of the piece).
    pub fn placement_due(&self) -> Option<(Colour, Colour)> {
        match self.phase {
            Phase::Placement { step, .. } => self.placements.get(step).copied(),
            _ => None,
        }
    }
    /// Money plus treasure, the tie-break.
    pub fn wealth(&self, c: Colour) -> u32 {
        self.ducats[c].saturating_add(Treasures::in_hand(&self.hands[c]).value())
    }
    /// True for the seated (non-neutral) colours.
    pub fn is_player(&self, c: Colour) -> bool {
        self.players.contains(&c)
    }
    /// How many decision cards the next decider lays.
    pub fn cards_to_lay(&self) -> u8 {
        if self.decided == 0 && self.players.len() <= 3 { 2 } else { 1 }
    }
    /// The actions on the current card.
    pub fn actions(&self) -> Option<[Action; 3]> {
        match self.card?.face() {
            CardFace::Actions(a) => Some(a),
            _ => None,
        }
    }

    /// Action number `i + 1` of the card being resolved.
    pub(super) fn action(&self, i: u8) -> Action {
        self.actions().expect("an action card is up while resolving")[i as usize]
    }

    pub(crate) fn all_decided(&self) -> bool {
        self.phase == Phase::Choosing && self.decided == self.players.len()
    }

    pub(super) fn next_decider(&self) -> Colour {
        self.players[(self.start + self.decided) % self.players.len()]
    }

    /// The colours whose move is due (several while sealed bids are pending).
    pub fn to_move(&self) -> Vec<Colour> {
        match &self.phase {
            Phase::Placement { step, .. } => vec![self.placements[*step].0],
            Phase::Choosing if self.all_decided() => {
                let advanced = self.advanced();
                match self.decliner_before_end(&advanced) {
                    Some(w) => vec![w],
                    None => advanced.to_move(),
                }
            }
            Phase::Choosing => vec![self.next_decider()],
            Phase::Negotiation { pair, speaker, .. } => vec![pair[*speaker]],
            Phase::Duel { bidders, bids, .. } => bidders.iter().copied().filter(|&b| bids[b].is_none()).collect(),
            Phase::Perform { by, .. } => vec![*by],
            Phase::Over => Vec::new(),
        }
    }

    /// True if `c` may make a move now (its move is due, or it may still play a politics card).
    pub fn can_move(&self, c: Colour) -> bool {
        self.window.is_some_and(|(w, _)| w == c) || self.to_move().contains(&c)
    }

    /// When everyone has decided and resolution would run to the game's end without asking
    /// anyone, the last decider (who may still play a politics card) declines with `done`.
    pub(super) fn decliner_before_end(&self, advanced: &Game) -> Option<Colour> {
        self.window.filter(|_| advanced.is_over()).map(|(w, _)| w)
    }

    /// The game with the politics window of the last decider closed and resolution begun.
    pub(crate) fn advanced(&self) -> Game {
        let mut g = self.clone();
        // A look ahead: it runs to the end of the game, if that comes, even on a veiled copy.
        g.veiled = false;
        g.window = None;
        g.finish_choosing(&mut Vec::new());
        g
    }

    // ----- play -----------------------------------------------------------------------------

    /// Plays a move. On success returns what happened; on error the game is unchanged.
    ///
    /// # Errors
    /// [`IllegalMove`] names why the move is refused.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Event>, IllegalMove> {
        if self.phase == Phase::Over {
            return Err(IllegalMove::GameOver);
        }
        if !mv.on_board(&CLASSIC) {
            return Err(IllegalMove::OffBoard);
        }
        let by = mv.by();
        let window_move = matches!(mv, Move::Alliance { .. } | Move::Renegade { .. } | Move::Unally { .. })
            && self.window.is_some_and(|(w, _)| w == by);
        if matches!(mv, Move::Done { .. }) && self.all_decided() && self.decliner_before_end(&self.advanced()) == Some(by) {
            self.window = None;
            let mut ev = Vec::new();
            self.finish_choosing(&mut ev);
            return Ok(ev);
        }
        if self.all_decided() && !window_move {
            // The last decider passed on politics: resolution begins, then the move applies to it.
            let mut g = self.clone();
            g.window = None;
            let mut ev = Vec::new();
            g.finish_choosing(&mut ev);
            ev.extend(g.play(mv)?);
            *self = g;
            return Ok(ev);
        }
        if !self.can_move(by) {
            return Err(IllegalMove::NotYourTurn);
        }
        let mut ev = Vec::new();
        self.apply(mv, &mut ev)?;
        Ok(ev)
    }

    fn apply(&mut self, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        match mv {
            Move::Unally { by, a, b, pay } => return self.unally(by, a, b, pay, ev),
            Move::Alliance { by, own, other } => return self.play_alliance(by, own, other, ev),
            Move::Renegade { by, remove, place, pay } => return self.play_renegade(by, remove, place, pay, ev),
            _ => {}
        }
        match self.phase.clone() {
            Phase::Placement { step, castle } => self.place(step, castle, mv, ev),
            Phase::Choosing => self.decide(mv, ev),
            Phase::Negotiation { action, pair, speaker, last, standing } => self.negotiate(action, pair, speaker, last, standing, mv, ev),
            Phase::Duel { action, bidders, second, bids } => self.bid(action, bidders, second, bids, mv, ev),
            Phase::Perform { action, by, work } => self.perform(action, by, work, mv, ev),
            Phase::Over => Err(IllegalMove::GameOver),
        }
    }
}
