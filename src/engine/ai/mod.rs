//! Computer players (issue 10): information-set Monte-Carlo tree search on the engine's own
//! `legal_moves` / `play`, deciding only from what the bot's colour may know.
//!
//! - [`search`]: the search, generic over [`Searchable`];
//! - [`classic`] and [`newed`]: each edition's options (amounts grouped into a few), playout
//!   policy and evaluation;
//! - this module: the [`Level`]s and the entry points for the referee, the worker and tests.
//!
//! Honesty: every decision starts from `Game::determinized(me, ..)`, which keeps what `me` may
//! know and deals the rest anew (tests/ai.rs checks that a bot's move does not change when the
//! others' secrets do).

pub mod classic;
pub mod newed;
pub mod search;
pub mod weights;


use crate::engine::colour::Colour;
use crate::engine::edition::{AnyRecord, Rules};
use crate::engine::notation::RecordReason;
use rand_chacha::ChaCha8Rng;

/// Rewards are kept per colour index.
pub const SEATS: usize = Colour::ALL.len();

/// What the search needs of an edition, beyond [`Rules`].
pub trait Searchable: Rules {
    /// The seated colours (the neutral colour never scores).
    fn seats(&self) -> &[Colour];
    /// The game as `me` might believe it to be (hidden information dealt anew).
    fn sample(&self, me: Colour, rng: &mut ChaCha8Rng) -> Self;
    /// Who decides next in the search (the first colour due; `None` when over).
    fn actor(&self) -> Option<Colour> {
        self.to_move().first().copied()
    }
    /// True while sealed choices are pending (several colours due at once).
    fn sealed(&self) -> bool;
    /// The moves the search considers for `who` now: the legal ones, with amounts grouped
    /// into a few and equivalent spellings dropped.
    fn options(&self, who: Colour, out: &mut Vec<Self::Move>);
    /// A plausible move for `who` by a cheap rule (playouts, others' sealed bids, easy level).
    fn policy(&self, who: Colour, buf: &mut Vec<Self::Move>, rng: &mut ChaCha8Rng) -> Option<Self::Move>;
    /// The hard level's policy for its playouts and for the order in which its tree tries moves
    /// (issue 34): [`Searchable::policy`] unless an edition guides it by the hard evaluation.
    fn tuned_policy(&self, who: Colour, buf: &mut Vec<Self::Move>, rng: &mut ChaCha8Rng) -> Option<Self::Move> {
        self.policy(who, buf, rng)
    }
    /// The tree below the root, for a search whose [`search::Steps`] order them (issue 34): when
    /// `who` performs an action here, the moves its node should try first, in `out` (they are
    /// then tried best first by the evaluation one move ahead, as the root's are), and `true`;
    /// `false` (the default): the node takes the policy's picks.
    fn ordered(&self, _who: Colour, _out: &mut Vec<Self::Move>) -> bool {
        false
    }
    /// How good the position is for `c`, in points (score plus what its assets are worth): the
    /// evaluation as frozen at issue 24 (the reference level's, and medium's and easy's).
    fn value(&self, c: Colour) -> f32;
    /// The hard level's evaluation (issue 24): [`Searchable::value`] with more features.
    fn tuned_value(&self, c: Colour) -> f32 {
        self.value(c)
    }
    /// The tuned search's scoring relative to its root (issue 20's sell-and-take loop):
    /// `Some(w)` scores a position by how each colour's lead changed since the root (a dynamic
    /// komi, as Go programs give a search far ahead or behind: through the logistic curve a
    /// clear lead or deficit made every move look alike, the won and lost positions alike), and
    /// adds `w` per step of [`Searchable::progress`] toward the game's end for whoever leads
    /// clearly at the root (a quarter of `w` for whoever trails or is level): a leader wants
    /// the game to end, and nobody wants it to stand still.
    /// `None` (the default): the absolute scoring of the other levels.
    fn komi(&self) -> Option<f32> {
        None
    }
    /// How much of its own value (not only its lead) a colour's reward counts in the hard
    /// search (issue 34, `new.own`): 0, the lead alone.
    fn own_share(&self) -> f32 {
        0.0
    }
    /// Steps taken toward the game's end that no move undoes (New Edition: cards drawn from
    /// the deck); used only with [`Searchable::komi`].
    fn progress(&self) -> f32 {
        0.0
    }
    /// A clock that advances with the game (Classic: rounds; New Edition: turns).
    fn clock(&self) -> u32;
    /// How far a playout runs on that clock before it is scored.
    fn horizon(&self) -> u32;
    /// One line on what `m` did for `me`, from the events of playing it.
    fn explain(&self, m: Self::Move, events: &[Self::Event], me: Colour) -> String;
    /// The colour an event founds a province (region) for, if it is a founding.
    fn founder(e: &Self::Event) -> Option<Colour>;
    /// The search a level gets per decision in this edition (`None`: the level doesn't search).
    fn budget(&self, level: Level) -> Option<search::Budget> {
        level.budget()
    }
}

/// How strong a computer player is: a fixed amount of search per move, so a bot with a given
/// seed plays the same move everywhere.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Level {
    /// Uniformly random legal moves (the referee's `random`; not offered in the game).
    Random,
    /// A beginner: a short search that builds, with misjudgements (issue 24).
    Easy,
    /// A fair opponent.
    Medium,
    /// A good club player.
    Hard,
    /// The lessons' computers: the playout policy alone, one move ahead among a few (the easy
    /// level before issue 24), kept so that a lesson's scripted moves stay legal against them.
    Lesson,
    /// Today's hard frozen at issue 24 (search and evaluation), for the referee's arena only,
    /// to measure a new hard against: not offered in the game.
    Reference,
}

/// The hard level's search in an edition: `at_two` iterations at 2 players, with more players
/// fewer (× 2 / players: a move's search costs more there), and the tree's shape `steps` (from
/// the edition's weights); the rest is [`Level::budget`]'s.
pub(crate) fn hard_budget(at_two: u32, players: usize, steps: search::Steps) -> Option<search::Budget> {
    Some(search::Budget { iterations: at_two * 2 / players.max(2) as u32, steps, ..Level::Hard.budget()? })
}

impl Level {
    /// The name used in links, records and the referee.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Lesson => "lesson",
            Level::Reference => "reference",
        }
    }
    /// Parses a level name.
    pub fn parse(s: &str) -> Option<Level> {
        Some(match s {
            "random" => Level::Random,
            "easy" => Level::Easy,
            "medium" => Level::Medium,
            "hard" => Level::Hard,
            "lesson" => Level::Lesson,
            "reference" => Level::Reference,
            _ => return None,
        })
    }
}

/// A computer's decision: the move in record notation (or `None`: it lets the moment pass,
/// e.g. declines to play a politics card now) and one line of why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Decision {
    /// The move as a record line, e.g. `red border c3-c4`.
    pub line: Option<String>,
    /// One line of why, for hints ("founds a 7-space province: +5").
    pub why: String,
}

/// Replays `record` and decides for `me` at `level` with the bot's own `seed`.
///
/// # Errors
/// The record does not replay, or it is not `me`'s move.
pub fn decide_record(record: &str, me: Colour, level: Level, seed: u64) -> Result<Decision, String> {
    decide_record_within(record, me, level, seed, None)
}

/// [`decide_record`] within a time limit (the worker's: a search that runs long stops there).
///
/// # Errors
/// The record does not replay, or it is not `me`'s move.
pub fn decide_record_within(record: &str, me: Colour, level: Level, seed: u64, limit: Option<search::Limit<'_>>) -> Result<Decision, String> {
    let rec = AnyRecord::parse(record).map_err(|e| e.to_string())?;
    match rec.replay().map_err(|e| e.to_string())? {
        crate::engine::AnyGame::Classic(g) => decide_within(&g, me, level, seed, limit).map(|(m, why)| Decision { line: m.map(|m| m.to_string()), why }),
        crate::engine::AnyGame::New(g) => decide_within(&g, me, level, seed, limit).map(|(m, why)| Decision { line: m.map(|m| m.to_string()), why }),
    }
}

impl Level {
    /// The search a level gets per decision (`None`: the level doesn't search).
    pub fn budget(self) -> Option<search::Budget> {
        match self {
            Level::Random | Level::Lesson => None,
            Level::Easy => Some(search::Budget { iterations: 30, playout: 200, noise: 0.25, tuned: false, steps: search::Steps::FLAT }),
            Level::Medium => Some(search::Budget { iterations: 300, playout: 200, noise: 0.0, tuned: false, steps: search::Steps::FLAT }),
            // Each edition sets its own hard search (`Searchable::budget`: Classic 6,000
            // iterations at 2 players, the New Edition 1,800, and the tree's shape from
            // `weights.txt`).
            Level::Hard => Some(search::Budget { iterations: 3000, playout: 200, noise: 0.0, tuned: true, steps: search::Steps::FLAT }),
            // Frozen: never change this line nor `Searchable::value`.
            Level::Reference => Some(search::Budget { iterations: 3000, playout: 200, noise: 0.0, tuned: false, steps: search::Steps::FLAT }),
        }
    }
}

/// The decision of `me` in `game` at `level` with the bot's own `seed`: a move, or `None` to let
/// the moment pass (only when `me` may move without being due: a politics window), and why.
///
/// # Errors
/// `me` has no move now.
pub fn decide<G: Searchable>(game: &G, me: Colour, level: Level, seed: u64) -> Result<(Option<G::Move>, String), String> {
    decide_within(game, me, level, seed, None)
}

/// [`decide`] within a time limit: a search that runs long stops at `limit` and plays the best
/// it has found (the same decision as [`decide`] when the limit isn't reached).
///
/// # Errors
/// `me` has no move now.
pub fn decide_within<G: Searchable>(game: &G, me: Colour, level: Level, seed: u64, limit: Option<search::Limit<'_>>) -> Result<(Option<G::Move>, String), String> {
    use rand::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x1e0e_0a12);
    let due = game.to_move().contains(&me);
    let d = game.sample(me, &mut rng);
    let mut own = Vec::new();
    d.options(me, &mut own);
    if own.is_empty() {
        return Err(format!("{me} has no move now"));
    }
    use crate::engine::rng::uniform;
    // The move (`None`: let the moment pass, only when not due) and, after a search, its odds.
    let (chosen, odds) = match game.budget(level) {
        None if level == Level::Random => {
            let pass = !due && uniform(&mut rng, 2) == 0;
            (if pass { None } else { Some(own[uniform(&mut rng, own.len() as u32) as usize]) }, None)
        }
        // Easy: the playout policy, which looks one move ahead among a few and no further.
        None => (due.then(|| d.policy(me, &mut Vec::new(), &mut rng).unwrap_or(own[0])), None),
        // A forced move needs no search (the search would find the one option it has).
        Some(_) if due && own.len() == 1 => (Some(own[0]), None),
        Some(budget) => {
            let budget = search::Budget { iterations: weights::scaled(budget.iterations), ..budget };
            let out = search::search_within(game, me, budget, !due, &mut rng, limit);
            match out.mv {
                Some(m) => (Some(m), Some(format!(" (looks {}% good over {} tries)", (out.mean * 100.0).round(), out.visits))),
                None => (due.then_some(own[0]), None),
            }
        }
    };
    let Some(m) = chosen else { return Ok((None, "lets the moment pass".into())) };
    let events = d.clone().play(m).map_err(|err| format!("{m}: {err}"))?;
    Ok((Some(m), format!("{}{}", d.explain(m, &events, me), odds.unwrap_or_default())))
}

/// The bot's own seed for its decision at move `ply` of a game seeded `game_seed`: the same
/// everywhere (browser, referee, tests), so a computer's game replays exactly.
/// A long seed's computers draw from streams of their own (`Seed::derive`), so no computer's
/// seed, nor its play, leads back to the deal.
pub fn bot_seed(game_seed: crate::engine::Seed, ply: usize, c: Colour) -> u64 {
    match game_seed {
        crate::engine::Seed::Short(s) => s.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (ply as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ c.index() as u64,
        long => long.derive((ply as u64) << 8 | c.index() as u64),
    }
}

/// Time spent deciding, per colour: each decision's seconds, in order.
pub type Thinking = Vec<(Colour, Vec<f64>)>;

/// Plays a game to its end with a computer in every seat (`bots`; a colour not listed plays
/// at random). `clock` reads seconds from any fixed start (the referee times the decisions;
/// give `|| 0.0` where time doesn't matter). Returns the final game, the moves and the time
/// each colour spent.
///
/// # Errors
/// A move the engine refused, or a seat due to move that made none (both would be bugs).
pub fn play_game<G: Searchable>(game: G, bots: &[(Colour, Level)], seed: crate::engine::Seed, clock: impl Fn() -> f64) -> Result<(G, Vec<G::Move>, Thinking), String> {
    play_game_within(game, bots, seed, clock, None)
}

/// [`play_game`] with each search stopped after `limit` seconds on `clock` (`None`: no limit).
///
/// # Errors
/// A move the engine refused, or a seat due to move that made none (both would be bugs).
pub fn play_game_within<G: Searchable>(game: G, bots: &[(Colour, Level)], seed: crate::engine::Seed, clock: impl Fn() -> f64, limit: Option<f64>) -> Result<(G, Vec<G::Move>, Thinking), String> {
    play_game_seated(game, bots, seed, clock, limit, |_| {})
}

/// [`play_game_within`], calling `before(c)` before each decision of `c` (tuning sets each
/// seat's weights there: [`weights::set_tuning`]).
///
/// # Errors
/// A move the engine refused, or a seat due to move that made none (both would be bugs).
pub fn play_game_seated<G: Searchable>(mut game: G, bots: &[(Colour, Level)], seed: crate::engine::Seed, clock: impl Fn() -> f64, limit: Option<f64>, before: impl Fn(Colour)) -> Result<(G, Vec<G::Move>, Thinking), String> {
    let mut moves = Vec::new();
    let mut passed: Vec<Colour> = Vec::new();
    let mut thinking: Thinking = bots.iter().map(|&(c, _)| (c, Vec::new())).collect();
    while let Some((c, due)) = next_to_ask(&game, &passed) {
        let level = bots.iter().find(|&&(b, _)| b == c).map_or(Level::Random, |&(_, l)| l);
        before(c);
        let started = clock();
        let lim = limit.map(|seconds| search::Limit { clock: &clock, seconds });
        let mv = decide_within(&game, c, level, bot_seed(seed, moves.len(), c), lim)?.0;
        if let Some(t) = thinking.iter_mut().find(|t| t.0 == c) {
            t.1.push(clock() - started);
        }
        match mv {
            Some(m) => {
                game.play(m).map_err(|e| format!("{c}'s move {m} refused: {e}"))?;
                moves.push(m);
                passed.clear();
            }
            None if due => return Err(format!("{c} is due but made no move")),
            None => passed.push(c),
        }
    }
    Ok((game, moves, thinking))
}

/// Who is asked next at a table with computers: a colour that may act without being due (a
/// politics window) and hasn't let it pass since the last move, else the first colour due;
/// with whether it is due (one that isn't may let the moment pass).
pub fn next_to_ask<G: Searchable>(game: &G, passed: &[Colour]) -> Option<(Colour, bool)> {
    let due = game.to_move();
    let mut buf = Vec::new();
    for &c in game.seats() {
        if !due.contains(&c) && !passed.contains(&c) {
            game.options(c, &mut buf);
            if !buf.is_empty() {
                return Some((c, false));
            }
        }
    }
    due.first().map(|&c| (c, true))
}

/// Parses a `[Bots]` header or a `bots=` link value: `yellow:hard,purple:easy` (commas or
/// spaces between seats).
///
/// # Errors
/// The first part that is not `colour:level` with a known colour and level, or a colour twice.
pub fn parse_bots(v: &str) -> Result<Vec<(Colour, Level)>, RecordReason> {
    use crate::engine::notation::shown;
    let mut out: Vec<(Colour, Level)> = Vec::new();
    for part in v.split([',', ' ']).filter(|p| !p.is_empty()) {
        let (c, l) = part.split_once(':').ok_or_else(|| RecordReason::NotColourLevel(shown(part)))?;
        let colour = Colour::parse(c).ok_or_else(|| RecordReason::UnknownColour(shown(c)))?;
        let level = Level::parse(l).ok_or_else(|| RecordReason::UnknownLevel(shown(l)))?;
        if out.iter().any(|&(o, _)| o == colour) {
            return Err(RecordReason::NamedTwice(colour));
        }
        out.push((colour, level));
    }
    Ok(out)
}

/// Writes computer seats as the `[Bots]` header's value (`yellow:hard purple:easy`).
pub fn format_bots(bots: &[(Colour, Level)]) -> String {
    bots.iter().map(|(c, l)| format!("{c}:{}", l.name())).collect::<Vec<_>>().join(" ")
}

/// The spaces within two steps (through open edges) of `c`'s castles that head no province
/// (region) yet: where the hard level's borders can close one (issue 34).
pub fn near_ground(board: &crate::engine::Board, c: Colour) -> crate::engine::grid::SpaceSet {
    let (right, down) = board.grid().open_sides(board.borders());
    let mut ball = crate::engine::grid::SpaceSet::EMPTY;
    for k in board.castles(c).iter().filter(|&k| board.province_at(k).is_none()) {
        ball.insert(k);
    }
    for _ in 0..2 {
        ball = crate::engine::grid::Grid::spread(ball, right, down);
    }
    ball
}

/// The board's open ground, for [`Ground::potential`]: computed once per evaluation.
pub struct Ground {
    /// Spaces whose right side is an open edge, and those whose lower side is.
    right: crate::engine::grid::SpaceSet,
    down: crate::engine::grid::SpaceSet,
    castles: crate::engine::grid::SpaceSet,
}

impl Ground {
    /// The open ground of `board`.
    pub fn of(board: &crate::engine::Board) -> Ground {
        let (right, down) = board.grid().open_sides(board.borders());
        Ground { right, down, castles: board.all_castles() }
    }

    /// The spaces one open edge away from `set`, not in it.
    fn rim(&self, set: crate::engine::grid::SpaceSet) -> crate::engine::grid::SpaceSet {
        crate::engine::grid::Grid::spread(set, self.right, self.down).minus(set)
    }

    /// How many open edges lead out of `set`.
    fn leaks(&self, set: crate::engine::grid::SpaceSet) -> usize {
        let left_in = set.shifted_down(1);
        let up_in = set.shifted_down(16);
        set.intersect(self.right).minus(left_in).len()
            + self.right.intersect(left_in).minus(set).len()
            + set.intersect(self.down).minus(up_in).len()
            + self.down.intersect(up_in).minus(set).len()
    }

    /// What a castle's ground not yet closed off is worth: grown ring by ring (up to three)
    /// through open edges, each ring is worth `worth` of its spaces, discounted by the open
    /// edges still leading out of it (each one a border still to place). Stops at another
    /// castle: two castles don't make a province. Lets the evaluation see a province half built.
    /// (Bit-parallel; `tests/ai.rs` checks it against a walk space by space.)
    pub fn potential(&self, castle: crate::engine::Space, worth: impl Fn(crate::engine::grid::SpaceSet) -> f32) -> f32 {
        let mut ball = crate::engine::grid::SpaceSet::EMPTY;
        ball.insert(castle);
        let mut best: f32 = 0.0;
        for _ in 0..3 {
            let ring = self.rim(ball);
            if !ring.intersect(self.castles).is_empty() {
                return best;
            }
            if ring.is_empty() {
                break;
            }
            ball = ball.union(ring);
            best = best.max(worth(ball) * (1.0 - self.leaks(ball) as f32 / 8.0).max(0.0));
        }
        best
    }
}

impl Ground {
    /// The castles' spaces (a ball grown around one castle never takes another's).
    pub fn castles(&self) -> crate::engine::grid::SpaceSet {
        self.castles
    }

    /// How many sides of `set`'s spaces face a space outside it or the frame.
    fn perimeter(set: crate::engine::grid::SpaceSet) -> usize {
        // Spaces with their left (upper) neighbour inside: each such pair shares an edge.
        let pairs = set.intersect(set.shifted_down(1)).len() + set.intersect(set.shifted_down(16)).len();
        4 * set.len() - 2 * pairs
    }

    /// Issue 34 (the New Edition's hard evaluation): what a castle's open ground is worth, as a
    /// gradient. Balls grown around `castle` ring by ring (up to `rings`) through open edges,
    /// never into a space of `walls` (other castles, others' knights: a region holds one castle,
    /// and a border must part two; the open edge toward one counts as a border still to place);
    /// each ball is worth `worth(ball)` × (the share of its outer sides already closed, by
    /// borders or the frame)^`closing`, and the best ball counts. Unlike [`Ground::potential`],
    /// which stops at the first ring that meets another castle and gives nothing to a ball with
    /// 8 or more open edges, every border that closes a ball raises it, from the first: with
    /// castles close together (the New Edition's small board) the frozen potential saw no border
    /// at all, and hard computers that met each other sold every card (issue 34).
    pub fn prospect(&self, castle: crate::engine::Space, walls: crate::engine::grid::SpaceSet, rings: u32, closing: f32, worth: impl Fn(crate::engine::grid::SpaceSet) -> f32) -> f32 {
        let mut ball = crate::engine::grid::SpaceSet::EMPTY;
        ball.insert(castle);
        let mut best: f32 = 0.0;
        for _ in 0..rings {
            let ring = self.rim(ball).minus(walls);
            if ring.is_empty() {
                break;
            }
            ball = ball.union(ring);
            let sides = Ground::perimeter(ball) as f32;
            let closed = (sides - self.leaks(ball) as f32).max(0.0) / sides;
            best = best.max(worth(ball) * closed.powf(closing));
        }
        best
    }
}

/// Weights of the features [`contest`] adds to an edition's evaluation for the tuned one.
#[derive(Copy, Clone, Debug)]
pub struct Weights {
    /// Per rival province one of `c`'s borders: + when `c` has more knights inside (it may
    /// take the rival's spaces), − when fewer (the rival may take `c`'s).
    pub superiority: f32,
    /// Per space `c`'s provinces may take now (room to expand), up to [`ROOM_CAP`].
    pub room: f32,
    /// Classic: what a mountain space in `c`'s provinces (or in a castle's ground not yet
    /// closed off, through the potential) is worth per scoring of it still to come: every
    /// silver find left in the deck and the end each score it once. The frozen evaluation
    /// gave mountains nothing. The New Edition scores no mountains: 0.
    pub mountain: f32,
}

/// Room to expand counts up to this many spaces.
pub const ROOM_CAP: usize = 6;

/// The contest features of `c` on `board`: (superiority balance, room to expand; the room is
/// counted only when `room` asks for it: it is the costlier of the two).
pub fn contest(board: &crate::engine::Board, c: Colour, room_wanted: bool) -> (f32, f32) {
    let mut balance = 0.0;
    let mut room = 0usize;
    for k in board.provinces(c).collect::<Vec<_>>() {
        let spaces = board.component(k).spaces;
        let rim = board.grid().rim(spaces);
        let mine = board.knights_in(k, c);
        for (owner, other) in board.all_provinces() {
            if owner == c || board.component(other).spaces.intersect(rim).is_empty() || board.allied(k, other) {
                continue;
            }
            let theirs = board.knights_in(other, owner);
            balance += match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => -1.0,
                std::cmp::Ordering::Equal => 0.0,
            };
        }
        if room_wanted && room < ROOM_CAP {
            room += board.takeable(c, k).len();
        }
    }
    (balance, room.min(ROOM_CAP) as f32)
}
