//! The game: state, legal moves and `play`.

use crate::engine::board::territory::{Founded, Separation, Taken};
use crate::engine::board::{Board, Piece, PieceKind};
use crate::engine::grid::CLASSIC;
use super::cards::{Action, CardFace, CardId, PoliticsCard, Treasures};
use crate::engine::colour::{ByColour, Colour};
use crate::engine::error::{IllegalMove, SetupError};
use super::event::{Event, ScoreReason};
use super::map::{Map, TilePlacement, BASIC_TILES};
use crate::engine::board::land::Terrain;
use super::moves::Move;
use super::setup::{Setup, SetupKind, BASIC_START};
use crate::engine::grid::{Edge, Space, SpaceSet};
use rand::{Rng, SeedableRng};
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

/// Classic's setup knights stand on open country only.
fn setup_knight_ground(t: Terrain) -> bool {
    t == Terrain::Open
}

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
    players: Vec<Colour>,
    neutral: Option<Colour>,
    kind: SetupKind,
    seed: u64,
    public_money: bool,
    rng: ChaCha8Rng,
    board: Board,
    tiles: [TilePlacement; 6],
    deck: Vec<CardId>,
    deck_given: bool,
    card: Option<CardId>,
    piles: [Vec<PoliticsCard>; 2],
    discards: Vec<PoliticsCard>,
    hands: ByColour<Vec<PoliticsCard>>,
    ducats: ByColour<u32>,
    scores: ByColour<u32>,
    breakdown: ByColour<Breakdown>,
    start: usize,
    round: u32,
    choices: [Vec<Colour>; 3],
    decided: usize,
    window: Option<(Colour, u8)>,
    placements: Vec<(Colour, Colour)>,
    phase: Phase,
    winners: Vec<Colour>,
    history: Vec<ByColour<u32>>,
}

fn uniform(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    // Rejection sampling: portable and unbiased.
    let zone = u32::MAX - (u32::MAX % n);
    loop {
        let x = rng.next_u32();
        if x < zone {
            return x % n;
        }
    }
}

fn shuffle<T>(rng: &mut ChaCha8Rng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = uniform(rng, i as u32 + 1) as usize;
        v.swap(i, j);
    }
}

fn err(s: impl Into<String>) -> SetupError {
    SetupError(s.into())
}

impl Game {
    /// Validates a setup and starts the game; returns the events of the start (cards drawn, …).
    ///
    /// # Errors
    /// A [`SetupError`] naming what is wrong with the setup.
    pub fn new(setup: &Setup) -> Result<(Game, Vec<Event>), SetupError> {
        let players = setup.players.clone();
        if !(2..=4).contains(&players.len()) {
            return Err(err("a game has 2 to 4 players"));
        }
        for (i, c) in players.iter().enumerate() {
            if players[..i].contains(c) {
                return Err(err(format!("{c} is seated twice")));
            }
        }
        if let Some(c) = players.iter().chain(&setup.neutral).find(|c| !Colour::CLASSIC.contains(c)) {
            return Err(err(format!("{c} is not a Classic colour (red, yellow, purple, grey)")));
        }
        let unchosen: Vec<Colour> = Colour::CLASSIC.into_iter().filter(|c| !players.contains(c)).collect();
        let neutral = match (players.len(), setup.neutral) {
            (_, Some(n)) if players.contains(&n) => return Err(err(format!("the neutral colour {n} is also a player"))),
            (4, Some(_)) => return Err(err("4 players leave no neutral colour")),
            (4, None) => None,
            (3, n) => Some(n.unwrap_or(unchosen[0])),
            (2, Some(n)) => Some(n),
            (2, None) => return Err(err("a 2-player game needs a Neutral colour")),
            _ => None,
        };
        if setup.kind == SetupKind::Basic && players.len() == 2 {
            return Err(err("the 2-player game always uses the variable setup"));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
        let tiles = match (setup.kind, setup.tiles) {
            (SetupKind::Basic, Some(t)) if t != BASIC_TILES => return Err(err("the basic game uses tiles A–F upright (A0 B0 C0 D0 E0 F0)")),
            (_, Some(t)) => {
                let mut seen = [false; 6];
                for p in t {
                    if std::mem::replace(&mut seen[p.tile as usize], true) {
                        return Err(err("each tile A–F is used once"));
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
                        return Err(err(format!("action card {c} is in the deck twice")));
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
                return Err(err(format!("{c} is not a player and holds no cards")));
            }
            for card in cards {
                let i = pool.iter().position(|p| p == card).ok_or_else(|| err(format!("there is no {card} left to give to {c}")))?;
                pool.remove(i);
                hands[*c].push(*card);
            }
            hands[*c].sort();
        }
        let piles = match &setup.politics {
            Some([a, b]) => {
                for card in a.iter().chain(b) {
                    let i = pool.iter().position(|p| p == card).ok_or_else(|| err(format!("the politics piles hold more {card} cards than the game has")))?;
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
                return Err(err(format!("{s} is not on the Classic board")));
            }
            if board.piece(s).is_some() {
                return Err(err(format!("two pieces on {s}")));
            }
            if kind == PieceKind::Knight && board.knights_in_stock(c) == 0 {
                return Err(err(format!("{c} has only 12 knights")));
            }
            if kind == PieceKind::Castle && board.castles(c).len() >= 4 {
                return Err(err(format!("{c} has only 4 castles")));
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
                        return Err(err(format!("{c} is not in this game")));
                    }
                    put(&mut board, c, s, PieceKind::Castle)?;
                }
                for &(c, s) in &setup.knights {
                    if !in_play(c) {
                        return Err(err(format!("{c} is not in this game")));
                    }
                    put(&mut board, c, s, PieceKind::Knight)?;
                }
                for &e in &setup.borders {
                    if !CLASSIC.contains_edge(e) {
                        return Err(err(format!("{e} is not on the Classic board")));
                    }
                    if board.has_border(e) {
                        return Err(err(format!("border {e} listed twice")));
                    }
                    board.add_border_raw(e);
                }
                if board.borders().len() > crate::engine::board::BORDER_MARKERS {
                    return Err(err("the game has only 100 border markers"));
                }
                board.rebuild();
            }
            SetupKind::Variable => {
                if !setup.castles.is_empty() || !setup.knights.is_empty() || !setup.borders.is_empty() {
                    return Err(err("pieces and borders are given only with the custom setup"));
                }
            }
        }
        let mut ducats = ByColour::from_fn(|c| if players.contains(&c) { START_DUCATS } else { 0 });
        for &(c, d) in &setup.ducats {
            if !players.contains(&c) {
                return Err(err(format!("{c} is not a player")));
            }
            ducats[c] = d;
        }
        let mut scores = ByColour::default();
        for &(c, s) in &setup.scores {
            if !players.contains(&c) {
                return Err(err(format!("{c} is not a player")));
            }
            scores[c] = s;
        }
        let start = match setup.start {
            Some(c) => players.iter().position(|&p| p == c).ok_or_else(|| err(format!("the start player {c} is not seated")))?,
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
        };
        let mut events = Vec::new();
        if g.placements.is_empty() {
            g.start_round(&mut events);
        }
        Ok((g, events))
    }

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
    pub fn seed(&self) -> u64 {
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
        self.ducats[c] + Treasures::in_hand(&self.hands[c]).value()
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

    pub(crate) fn all_decided(&self) -> bool {
        self.phase == Phase::Choosing && self.decided == self.players.len()
    }

    fn next_decider(&self) -> Colour {
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
    fn decliner_before_end(&self, advanced: &Game) -> Option<Colour> {
        self.window.filter(|_| advanced.is_over()).map(|(w, _)| w)
    }

    /// The game with the politics window of the last decider closed and resolution begun.
    pub(crate) fn advanced(&self) -> Game {
        let mut g = self.clone();
        g.window = None;
        g.finish_choosing(&mut Vec::new());
        g
    }

    // ----- scoring and money ---------------------------------------------------------------

    fn add_score(&mut self, c: Colour, delta: i32, reason: ScoreReason, ev: &mut Vec<Event>) {
        if !self.is_player(c) || delta == 0 {
            return; // R-C4: the neutral colour never scores.
        }
        // R-B10: a score never goes below 0.
        let applied = if delta < 0 { -(self.scores[c].min(delta.unsigned_abs()) as i32) } else { delta };
        if applied == 0 {
            return;
        }
        self.scores[c] = (self.scores[c] as i64 + applied as i64) as u32;
        let b = &mut self.breakdown[c];
        match reason {
            ScoreReason::Founding => b.provinces += applied,
            ScoreReason::Expansion => b.expansions += applied,
            ScoreReason::LostSpace | ScoreReason::NeutralZone => b.losses += applied,
            ScoreReason::SilverFind => b.silver_finds += applied,
            ScoreReason::FinalMountains => b.final_mountains += applied,
            ScoreReason::Deeds => b.deeds += applied,
        }
        ev.push(Event::Score { colour: c, delta: applied, reason });
    }

    /// Checks a payment of `cost` with money and the named treasure cards (R-C1: no change).
    fn check_payment(&self, c: Colour, cost: u32, pay: Treasures) -> Result<(), IllegalMove> {
        if !pay.is_subset(Treasures::in_hand(&self.hands[c])) {
            return Err(IllegalMove::BadTreasurePayment);
        }
        if !pay.is_empty() {
            let min = pay.cards().filter_map(|t| match t {
                PoliticsCard::Treasure(v) => Some(v as u32),
                _ => None,
            }).min().unwrap_or(0);
            if pay.value() - min >= cost {
                return Err(IllegalMove::BadTreasurePayment);
            }
        }
        if self.ducats[c] < cost.saturating_sub(pay.value()) {
            return Err(IllegalMove::CannotAfford);
        }
        Ok(())
    }

    fn pay(&mut self, c: Colour, cost: u32, pay: Treasures, ev: &mut Vec<Event>) {
        if cost == 0 {
            return;
        }
        let money = cost.saturating_sub(pay.value());
        self.ducats[c] -= money;
        self.discard_treasures(c, pay);
        ev.push(Event::Paid { by: c, money, treasures: pay });
    }

    fn discard_treasures(&mut self, c: Colour, t: Treasures) {
        for card in t.cards() {
            let i = self.hands[c].iter().position(|&h| h == card).expect("checked");
            self.discards.push(self.hands[c].remove(i));
        }
    }

    /// Every way `c` can pay `cost` (money alone, or with treasure cards).
    fn payments(&self, c: Colour, cost: u32) -> Vec<Treasures> {
        Treasures::in_hand(&self.hands[c]).subsets().filter(|&t| self.check_payment(c, cost, t).is_ok()).collect()
    }

    // ----- the round --------------------------------------------------------------------

    fn start_round(&mut self, ev: &mut Vec<Event>) {
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

    fn mountains(&self, c: Colour) -> u32 {
        self.board.provinces(c).map(|castle| self.board.land().count(self.board.component(castle).spaces, Terrain::Mountain) as u32).sum()
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

    fn finish_choosing(&mut self, ev: &mut Vec<Event>) {
        self.resolve_from(0, ev);
    }

    fn resolve_from(&mut self, first: u8, ev: &mut Vec<Event>) {
        let actions = self.actions().expect("an action card is up while resolving");
        for i in first..3 {
            let who = self.choices[i as usize].clone();
            let action = actions[i as usize];
            if who.is_empty() {
                ev.push(Event::NobodyChose { action: i + 1 });
                continue;
            }
            match action {
                Action::Ducats(n) => {
                    let each = n as u32 / who.len() as u32;
                    for &c in &who {
                        self.ducats[c] += each;
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
                    ev.push(Event::NegotiationStarted { action: i + 1, players: [who[0], who[1]] });
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

    fn begin_duel(&mut self, action: u8, bidders: Vec<Colour>, second: bool, ev: &mut Vec<Event>) {
        ev.push(Event::DuelStarted { action: action + 1, bidders: bidders.clone(), second });
        self.phase = Phase::Duel { action, bidders, second, bids: ByColour::default() };
    }

    /// Starts performing; returns false if the action ended at once (nothing could be done).
    fn begin_perform(&mut self, action: u8, by: Colour, ev: &mut Vec<Event>) -> bool {
        let work = match self.actions().expect("card")[action as usize] {
            Action::Borders(n) => Work::Borders { left: n },
            Action::KnightOrExpand => Work::Knights { two: false, placed: 0, expansion: Expansion::NotStarted },
            Action::TwoKnights => Work::Knights { two: true, placed: 0, expansion: Expansion::NotStarted },
            Action::Politics => Work::Politics { opened: None },
            Action::Ducats(_) => unreachable!("ducats are shared, not performed"),
        };
        ev.push(Event::Performs { action: action + 1, by });
        self.phase = Phase::Perform { action, by, work };
        if self.work_has_moves(by, &work) {
            true
        } else {
            ev.push(Event::ActionEnded { action: action + 1 });
            false
        }
    }

    fn finish_action(&mut self, action: u8, ev: &mut Vec<Event>) {
        ev.push(Event::ActionEnded { action: action + 1 });
        self.resolve_from(action + 1, ev);
    }

    fn end_round(&mut self, ev: &mut Vec<Event>) {
        self.start = (self.start + 1) % self.players.len();
        self.start_round(ev);
    }

    // ----- legal moves --------------------------------------------------------------------

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
                        let min = self.castle_distance_now(colour);
                        out.extend(self.board.grid().spaces().filter(|&s| self.castle_spot_ok(colour, s, min)).map(|at| Move::Castle { by, at }));
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

    fn window_moves(&self, c: Colour, out: &mut Vec<Move>) {
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
    fn expanding_castles(&self, by: Colour, expansion: Expansion) -> Vec<Space> {
        match expansion {
            Expansion::Open { castle, .. } => vec![castle],
            _ => self.board.provinces(by).collect(),
        }
    }

    /// True while the action still offers something to do, judged on public information only.
    ///
    /// An action ends by itself when nothing more of it can be done. Whether a knight's cost can
    /// be paid is not part of that judgement: money is secret (RULES.md "Money: … kept face
    /// down"), and ending the action at once would tell everyone that the performer can't pay 5.
    /// A player who can't pay for the forest spaces left declines with `done` (R-C7).
    fn work_has_moves(&self, by: Colour, work: &Work) -> bool {
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

    // ----- rule checks ----------------------------------------------------------------------

    /// The distance castles of `colour` must keep now (R-C3, relaxed when no space satisfies it).
    pub fn castle_distance_now(&self, colour: Colour) -> u8 {
        self.board.castle_distance_now(colour, CASTLE_DISTANCE, setup_knight_ground)
    }

    fn castle_spot_ok(&self, colour: Colour, s: Space, min: u8) -> bool {
        self.board.castle_spot_ok(colour, s, min, setup_knight_ground)
    }

    fn knight_spot_setup(&self, s: Space) -> bool {
        self.board.grid().contains(s) && setup_knight_ground(self.board.terrain(s)) && !self.board.occupied(s)
    }

    /// Can `c` place a knight on `s` (terrain, empty, connected)? Cost aside.
    ///
    /// # Errors
    /// Why not, as an [`IllegalMove`].
    pub fn knight_spot(&self, c: Colour, s: Space) -> Result<(), IllegalMove> {
        self.board.knight_spot(c, s)
    }

    fn knight_spots(&self, c: Colour) -> SpaceSet {
        self.board.knight_spots(c)
    }

    fn knight_cost(&self, s: Space) -> u32 {
        if self.board.terrain(s) == Terrain::Forest { FOREST_COST } else { 0 }
    }

    fn renegade_cost(&self, remove: Space, place: Space) -> u32 {
        self.knight_cost(remove) + self.knight_cost(place)
    }

    /// Number of provinces of a colour.
    pub fn province_count(&self, c: Colour) -> usize {
        self.board.provinces(c).count()
    }

    fn can_place_borders(&self, c: Colour) -> bool {
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
    fn border_edges(&self) -> impl Iterator<Item = Edge> + '_ {
        self.board.border_edges(Separation::KnightsOnly)
    }

    fn check_alliance(&self, c: Colour, own: Space, other: Space) -> Result<(), IllegalMove> {
        self.board.check_alliance(c, own, other)
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

    fn place(&mut self, step: usize, castle: Option<Space>, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        let (placer, colour) = self.placements[step];
        match (mv, castle) {
            (Move::Castle { at, .. }, None) => {
                if self.board.terrain(at) != Terrain::Open {
                    return Err(IllegalMove::CastleNotOnOpenCountry);
                }
                if self.board.piece(at).is_some() {
                    return Err(IllegalMove::SpaceOccupied);
                }
                let min = self.castle_distance_now(colour);
                if self.board.castles(colour).iter().any(|c| c.distance(at) < min) {
                    return Err(IllegalMove::CastleTooClose { min_distance: min });
                }
                if !self.castle_spot_ok(colour, at, min) {
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

    fn decide(&mut self, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
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

    /// When everyone has decided and the last decider can play no more politics cards, resolution begins.
    fn after_window_change(&mut self, ev: &mut Vec<Event>) {
        if let Some((w, left)) = self.window {
            let mut v = Vec::new();
            if left > 0 {
                self.window_moves(w, &mut v);
            }
            if v.is_empty() {
                self.window = None;
            }
        }
        if self.all_decided() && self.window.is_none() {
            self.finish_choosing(ev);
        }
    }

    fn use_window(&mut self, by: Colour) -> Result<(), IllegalMove> {
        match self.window {
            Some((w, left)) if w == by && left > 0 => Ok(()),
            _ => Err(IllegalMove::NotAfterOwnDecision),
        }
    }

    fn take_from_hand(&mut self, by: Colour, card: PoliticsCard) {
        let i = self.hands[by].iter().position(|&c| c == card).expect("checked");
        self.discards.push(self.hands[by].remove(i));
    }

    fn play_alliance(&mut self, by: Colour, own: Space, other: Space, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        self.use_window(by)?;
        if !self.hands[by].contains(&PoliticsCard::Alliance) {
            return Err(IllegalMove::CardNotInHand);
        }
        self.check_alliance(by, own, other)?;
        self.take_from_hand(by, PoliticsCard::Alliance);
        self.board.ally(own, other);
        ev.push(Event::AlliancePlayed { by, own, other });
        self.spend_window(ev);
        Ok(())
    }

    fn spend_window(&mut self, ev: &mut Vec<Event>) {
        if let Some((w, left)) = self.window {
            self.window = Some((w, left - 1));
        }
        self.after_window_change(ev);
    }

    fn play_renegade(&mut self, by: Colour, remove: Space, place: Space, pay: Treasures, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        self.use_window(by)?;
        if !self.hands[by].contains(&PoliticsCard::Renegade) {
            return Err(IllegalMove::CardNotInHand);
        }
        if self.board.knights_in_stock(by) == 0 {
            return Err(IllegalMove::NoKnightInStock);
        }
        // The new knight: inside an own province, placed by the knight rules (R-C9).
        let own = match self.board.province_at(place) {
            Some((o, castle)) if o == by => castle,
            _ => return Err(IllegalMove::NotInOwnProvince),
        };
        self.knight_spot(by, place)?;
        // The removed knight: the owner's, inside the owner's province, neighbouring ours.
        let Some(Piece { colour: victim, kind: PieceKind::Knight }) = self.board.piece(remove) else {
            return Err(IllegalMove::NoForeignKnightThere);
        };
        let other = match self.board.province_at(remove) {
            Some((o, castle)) if o == victim && victim != by => castle,
            _ => return Err(IllegalMove::NoForeignKnightThere),
        };
        if !self.board.grid().touches(self.board.component(own).spaces, self.board.component(other).spaces) {
            return Err(IllegalMove::ProvincesNotNeighbours);
        }
        if self.only_link(remove, victim) {
            return Err(IllegalMove::OnlyLink);
        }
        let cost = self.renegade_cost(remove, place);
        self.check_payment(by, cost, pay)?;
        self.take_from_hand(by, PoliticsCard::Renegade);
        self.pay(by, cost, pay, ev);
        self.board.remove_knight(remove, victim);
        self.board.put(place, Piece { colour: by, kind: PieceKind::Knight });
        ev.push(Event::RenegadePlayed { by, removed: remove, removed_colour: victim, placed: place, cost });
        self.spend_window(ev);
        Ok(())
    }

    fn unally(&mut self, by: Colour, a: Space, b: Space, pay: Treasures, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
        let &(x, y) = self.board.alliances().iter().find(|&&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)).ok_or(IllegalMove::NoSuchAlliance)?;
        if self.board.castle_colour(a) != Some(by) && self.board.castle_colour(b) != Some(by) {
            return Err(IllegalMove::NoSuchAlliance);
        }
        self.check_payment(by, UNALLY_COST, pay)?;
        self.pay(by, UNALLY_COST, pay, ev);
        self.board.unally(x, y);
        ev.push(Event::Unallied { by, a: x, b: y });
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn negotiate(
        &mut self,
        action: u8,
        pair: [Colour; 2],
        speaker: usize,
        mut last: [Option<u32>; 2],
        standing: Option<u32>,
        mv: Move,
        ev: &mut Vec<Event>,
    ) -> Result<(), IllegalMove> {
        match mv {
            Move::Offer { by, amount } => {
                if last[speaker].is_some_and(|l| amount <= l) {
                    return Err(IllegalMove::OfferNotHigher);
                }
                if amount > self.ducats[by] {
                    return Err(IllegalMove::NotEnoughMoney);
                }
                last[speaker] = Some(amount);
                ev.push(Event::Offered { by, amount });
                self.phase = Phase::Negotiation { action, pair, speaker: 1 - speaker, last, standing: Some(amount) };
                Ok(())
            }
            Move::Accept { by } => {
                let amount = standing.ok_or(IllegalMove::NoOfferToAccept)?;
                let payer = pair[1 - speaker];
                self.ducats[payer] -= amount;
                self.ducats[by] += amount;
                ev.push(Event::Accepted { by, payer, amount });
                if !self.begin_perform(action, payer, ev) {
                    self.resolve_from(action + 1, ev);
                }
                Ok(())
            }
            Move::Duel { by } => {
                ev.push(Event::BrokeOff { by });
                self.begin_duel(action, pair.to_vec(), false, ev);
                Ok(())
            }
            _ => Err(IllegalMove::NotNow),
        }
    }

    fn bid(
        &mut self,
        action: u8,
        bidders: Vec<Colour>,
        second: bool,
        mut bids: ByColour<Option<(u32, Treasures)>>,
        mv: Move,
        ev: &mut Vec<Event>,
    ) -> Result<(), IllegalMove> {
        let Move::Bid { by, money, treasures } = mv else {
            return Err(IllegalMove::NotNow);
        };
        if bids[by].is_some() {
            return Err(IllegalMove::AlreadyBid);
        }
        if money > self.ducats[by] {
            return Err(IllegalMove::NotEnoughMoney);
        }
        if !treasures.is_subset(Treasures::in_hand(&self.hands[by])) {
            return Err(IllegalMove::BadTreasurePayment);
        }
        bids[by] = Some((money, treasures));
        ev.push(Event::BidLaid { by });
        if bidders.iter().any(|&b| bids[b].is_none()) {
            self.phase = Phase::Duel { action, bidders, second, bids };
            return Ok(());
        }
        let revealed: Vec<(Colour, u32, Treasures)> = bidders.iter().map(|&b| {
            let (m, t) = bids[b].expect("all bid");
            (b, m, t)
        }).collect();
        ev.push(Event::BidsRevealed { bids: revealed.clone() });
        let best = revealed.iter().map(|&(_, m, t)| m + t.value()).max().expect("bidders");
        let top: Vec<Colour> = revealed.iter().filter(|&&(_, m, t)| m + t.value() == best).map(|&(c, _, _)| c).collect();
        if top.len() == 1 {
            let (w, m, t) = *revealed.iter().find(|&&(c, _, _)| c == top[0]).expect("winner");
            self.ducats[w] -= m;
            self.discard_treasures(w, t);
            ev.push(Event::DuelWon { by: w, paid: m, treasures: t });
            if !self.begin_perform(action, w, ev) {
                self.resolve_from(action + 1, ev);
            }
        } else if !second {
            self.begin_duel(action, top, true, ev);
        } else {
            ev.push(Event::DuelVoid { action: action + 1 });
            self.resolve_from(action + 1, ev);
        }
        Ok(())
    }

    fn perform(&mut self, action: u8, by: Colour, work: Work, mv: Move, ev: &mut Vec<Event>) -> Result<(), IllegalMove> {
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
            ev.push(Event::ProvinceFounded { colour: owner, castle, spaces, cities });
            self.add_score(owner, founding_value(spaces as usize, cities as usize) as i32, ScoreReason::Founding, ev);
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
}

/// Founding value of an area: the founding table plus 5 per city.
pub fn founding_value(spaces: usize, cities: usize) -> u32 {
    let base = match spaces {
        0 => 0,
        1..=4 => 3,
        5..=10 => 5,
        11..=20 => 7,
        21..=30 => 9,
        _ => 12,
    };
    base + 5 * cities as u32
}

fn knight_allowed(two: bool, placed: u8, expansion: Expansion) -> bool {
    match (two, expansion) {
        (false, Expansion::NotStarted) => placed == 0,
        (false, _) => false,
        (true, Expansion::NotStarted) => placed < 2,
        (true, _) => placed < 1,
    }
}

fn expansion_allowed(two: bool, placed: u8, expansion: Expansion) -> bool {
    match expansion {
        Expansion::Closed => false,
        Expansion::Open { .. } => true,
        Expansion::NotStarted => placed < if two { 2 } else { 1 },
    }
}
