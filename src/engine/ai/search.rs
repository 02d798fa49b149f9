//! Information-set Monte-Carlo tree search (single observer; Cowling, Powley & Whitehouse 2012),
//! written over [`Searchable`]: each iteration deals the unseen cards anew from the searcher's
//! knowledge, walks one tree of move sequences (a child counts as available only when its move
//! is legal in that deal), plays out a short stretch with a cheap policy and scores the end with
//! an evaluation function. Sealed choices of other players (duel bids) are made by the policy
//! before the searcher's own, outside the tree: the searcher's statistics average over them,
//! so its bid never depends on another's.

use super::{Searchable, SEATS};
use crate::engine::colour::Colour;
use crate::engine::rng::uniform;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet as StdHashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Sets of moves, asked only "is it there?": a cheap multiply-rotate hash (no iteration order
/// is ever used, so the hash can't change a decision).
type HashSet<T> = StdHashSet<T, BuildHasherDefault<MoveHasher>>;

/// A small, fast hasher for moves (a few bytes each; nothing hostile hashes here).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Exploration constant of UCB1 (rewards lie in 0..1).
const EXPLORE: f32 = 0.6;

/// How much search one decision gets.
#[derive(Copy, Clone, Debug)]
pub struct Budget {
    /// Iterations (deal, descend, play out, back up).
    pub iterations: u32,
    /// Moves a playout may make past the tree before it is scored.
    pub playout: u32,
    /// Misjudgement: the chosen move is the root child of the most visits as a share of the
    /// most visited one's, plus a uniform draw in `0..noise` (a beginner's error: a move the
    /// search liked almost as much). `0.0`: none.
    pub noise: f32,
    /// Scores positions by [`Searchable::tuned_value`] (issue 24's hard) rather than
    /// [`Searchable::value`] (the frozen reference's, and the lower levels').
    pub tuned: bool,
    /// The tree below the root: [`Steps::FLAT`] (the frozen tree's), or hard's shape (issue 34).
    pub steps: Steps,
}

/// How the tree takes children below the root (issue 34). A level's own figures, never another
/// level's: hard reads them from `weights.txt` (`*.width`, `*.order`), the lower levels that use
/// this shape fix their own, so tuning hard changes no yardstick.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Steps {
    /// A deeper node takes a new child only while it has fewer than this many plus the square
    /// root of its visits; 0: every option once before any twice.
    pub width: f32,
    /// At least 1 (and `width` above 0): a node where one performs an action tries its steps
    /// best first ([`Searchable::ordered`], scored one move ahead as the root's are) and widens
    /// by √visits divided by this; below 1: the policy's picks.
    pub order: f32,
}

impl Steps {
    /// The frozen tree: every option once before any twice, picked by the playout policy.
    pub const FLAT: Steps = Steps { width: 0.0, order: 0.0 };
}

struct Node<M> {
    /// The move into this node (`None`: the root, or passing at the root).
    mv: Option<M>,
    /// Who made it.
    by: Colour,
    children: Vec<usize>,
    visits: u32,
    avail: u32,
    reward: f32,
    /// The hard tree's order of trying children here, best first ([`Searchable::ordered`]),
    /// computed the first time the node takes a child; empty: none.
    order: Vec<M>,
}

/// The result of a search at the root.
pub struct Outcome<M> {
    /// The chosen move (`None`: let the moment pass).
    pub mv: Option<M>,
    /// Its share of the root's visits and its mean reward.
    pub visits: u32,
    /// Mean reward (0..1) of the chosen move for the searcher (where the edition scores
    /// relative to the root, [`Searchable::komi`], 50 % is as good as the position was).
    pub mean: f32,
}

/// A time limit on a search: `clock` reads seconds from any fixed start; the search stops once
/// `seconds` have passed since it began (checked every few iterations), and plays the best it
/// has found by then. A search that ends within the limit is the same as one without it.
#[derive(Copy, Clone)]
pub struct Limit<'a> {
    /// Seconds from any fixed start.
    pub clock: &'a dyn Fn() -> f64,
    /// The most a decision may take.
    pub seconds: f64,
}

/// Iterations between two looks at the clock.
const CLOCK_EVERY: u32 = 8;

thread_local! {
    /// Iterations searched on this thread so far ([`iterations_run`]).
    static RUN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many iterations the searches on this thread have run in all: the referee's arena reads it
/// around each decision to report iterations per second (issue 34). Counting changes no decision.
pub fn iterations_run() -> u64 {
    RUN.with(std::cell::Cell::get)
}

/// Searches the decision of `me` in `game` (it must be `me`'s decision to make).
/// `may_pass`: `me` may also let the moment pass (a politics window before another's move).
pub fn search<G: Searchable>(game: &G, me: Colour, budget: Budget, may_pass: bool, rng: &mut ChaCha8Rng) -> Outcome<G::Move> {
    search_within(game, me, budget, may_pass, rng, None)
}

/// [`search`], stopping early at `limit` (then the chosen move depends on the machine's speed;
/// it is always one of the options, at worst the first of the one-move look-ahead).
pub fn search_within<G: Searchable>(game: &G, me: Colour, budget: Budget, may_pass: bool, rng: &mut ChaCha8Rng, limit: Option<Limit<'_>>) -> Outcome<G::Move> {
    let began = limit.map(|l| (l.clock)());
    let mut nodes: Vec<Node<G::Move>> = vec![Node { mv: None, by: me, children: Vec::new(), visits: 0, avail: 0, reward: 0.0, order: Vec::new() }];
    let mut buf: Vec<G::Move> = Vec::new();
    let mut path: Vec<usize> = Vec::new();
    // The root's candidates in order of a one-move look-ahead, best first.
    let (root_order, scoring) = root_order(game, me, may_pass, budget.tuned, rng);
    let width = budget.steps.width;
    for i in 0..budget.iterations {
        if let (Some(l), Some(t0)) = (limit, began) {
            if i % CLOCK_EVERY == 0 && (l.clock)() - t0 >= l.seconds {
                break;
            }
        }
        let mut d = game.sample(me, rng);
        path.clear();
        path.push(0);
        let mut cur = 0usize;
        loop {
            if d.is_over() {
                break;
            }
            settle_sealed(&mut d, me, &mut buf, rng);
            if d.is_over() {
                break;
            }
            let (actor, opts): (Colour, Vec<Option<G::Move>>) = if cur == 0 {
                // The root's options that this deal allows (one move generation, not a trial
                // play of each: a border action has a hundred and more).
                d.options(me, &mut buf);
                let legal: HashSet<G::Move> = buf.iter().copied().collect();
                (me, root_order.iter().copied().filter(|m| m.is_none_or(|m| legal.contains(&m))).collect())
            } else {
                let Some(a) = d.actor() else { break };
                d.options(a, &mut buf);
                (a, buf.iter().copied().map(Some).collect())
            };
            if opts.is_empty() {
                break;
            }
            let present: HashSet<Option<G::Move>> = nodes[cur].children.iter().map(|&c| nodes[c].mv).collect();
            let widen = cur == 0 && (nodes[cur].children.len() as f32) < 3.0 + 1.5 * (nodes[cur].visits as f32).sqrt();
            let untried: Vec<Option<G::Move>> = opts.iter().copied().filter(|m| !present.contains(m)).collect();
            let allowed: HashSet<Option<G::Move>> = opts.into_iter().collect();
            let expand = if untried.is_empty() {
                None
            } else if cur == 0 {
                // The root in look-ahead order.
                (widen || nodes[cur].children.is_empty()).then(|| untried[0])
            } else if width > 0.0 {
                // A shaped tree (`Budget::steps`: hard's, and the New Edition's medium and easy,
                // issue 34) widens deeper nodes slowly, by ordered steps or the policy's picks:
                // trying every option once first valued a card played by the average of a
                // hundred borders placed at random after it (a card that founds a region looked
                // worse than a sale).
                let known = nodes[cur].children.iter().any(|&c| allowed.contains(&nodes[c].mv));
                // A node whose steps are tried best first widens slower (`*.order`): its first
                // children are the good ones, and every weak one tried pulls the mean of the
                // card played above it down (a sale, with one child, loses nothing that way).
                let slow = if nodes[cur].order.is_empty() { 1.0 } else { budget.steps.order };
                let room = (nodes[cur].children.len() as f32) < width + (nodes[cur].visits as f32).sqrt() / slow;
                if known && !room {
                    None
                } else if let Some(m) = ordered_pick(&mut nodes[cur], &d, actor, &scoring, budget.steps, &untried, &mut buf) {
                    Some(Some(m))
                } else {
                    let p = scoring.policy(&d, actor, &mut buf, rng);
                    if p.is_some() && untried.contains(&p) {
                        Some(p)
                    } else if known {
                        None
                    } else {
                        Some(untried[uniform(rng, untried.len() as u32) as usize])
                    }
                }
            } else {
                // Deeper nodes by the playout policy.
                let p = d.policy(actor, &mut buf, rng);
                Some(if p.is_some() && untried.contains(&p) { p } else { untried[uniform(rng, untried.len() as u32) as usize] })
            };
            if let Some(pick) = expand {
                let id = nodes.len();
                nodes.push(Node { mv: pick, by: actor, children: Vec::new(), visits: 0, avail: 0, reward: 0.0, order: Vec::new() });
                nodes[cur].children.push(id);
                apply(&mut d, pick);
                path.push(id);
                break;
            }
            let mut best = usize::MAX;
            let mut best_score = f32::MIN;
            for i in 0..nodes[cur].children.len() {
                let c = nodes[cur].children[i];
                if !allowed.contains(&nodes[c].mv) {
                    continue;
                }
                nodes[c].avail += 1;
                let n = nodes[c].visits.max(1) as f32;
                let s = nodes[c].reward / n + EXPLORE * ((nodes[c].avail as f32).ln() / n).sqrt();
                if s > best_score {
                    best_score = s;
                    best = c;
                }
            }
            if best == usize::MAX {
                break;
            }
            apply(&mut d, nodes[best].mv);
            path.push(best);
            cur = best;
        }
        let rewards = playout(&mut d, me, budget.playout, &scoring, &mut buf, rng);
        RUN.with(|r| r.set(r.get() + 1));
        for &n in &path {
            nodes[n].visits += 1;
            let by = nodes[n].by;
            nodes[n].reward += rewards[by.index()];
        }
    }
    let best = if budget.noise > 0.0 {
        let most = nodes[0].children.iter().map(|&c| nodes[c].visits).max().unwrap_or(0).max(1) as f32;
        let mut best: Option<(f32, usize)> = None;
        for &c in &nodes[0].children {
            if nodes[c].visits == 0 {
                continue;
            }
            let draw = uniform(rng, 1 << 20) as f32 / (1u32 << 20) as f32;
            let s = nodes[c].visits as f32 / most + budget.noise * draw;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, c));
            }
        }
        best.map(|(_, c)| c)
    } else {
        nodes[0].children.iter().copied().max_by(|&a, &b| {
            (nodes[a].visits, nodes[a].reward).partial_cmp(&(nodes[b].visits, nodes[b].reward)).unwrap_or(std::cmp::Ordering::Equal)
        })
    };
    match best {
        Some(b) => Outcome { mv: nodes[b].mv, visits: nodes[b].visits, mean: nodes[b].reward / nodes[b].visits.max(1) as f32 },
        None => Outcome { mv: root_order.first().copied().flatten(), visits: 0, mean: 0.0 },
    }
}

/// The first untried move of `node`'s order (issue 34): the order is made the first time, from
/// [`Searchable::ordered`]'s candidates each scored one move ahead, best first; `None` when the
/// edition orders nothing here or every ordered move has been tried (or isn't legal now).
fn ordered_pick<G: Searchable>(node: &mut Node<G::Move>, d: &G, actor: Colour, scoring: &Scoring, steps: Steps, untried: &[Option<G::Move>], buf: &mut Vec<G::Move>) -> Option<G::Move> {
    if steps.order < 1.0 {
        return None;
    }
    if node.order.is_empty() && node.children.is_empty() {
        if !d.ordered(actor, buf) {
            return None;
        }
        node.order = best_first(d, actor, scoring, buf.iter().map(|&m| Some(m)), None).into_iter().flatten().collect();
    }
    node.order.iter().copied().find(|&m| untried.contains(&Some(m)))
}

fn apply<G: Searchable>(d: &mut G, m: Option<G::Move>) {
    if let Some(m) = m {
        let r = d.play(m);
        debug_assert!(r.is_ok(), "a searched move is legal: {m}");
    }
}

/// Other players' sealed choices, made by the policy (never by the tree).
fn settle_sealed<G: Searchable>(d: &mut G, me: Colour, buf: &mut Vec<G::Move>, rng: &mut ChaCha8Rng) {
    while d.sealed() {
        let Some(other) = d.to_move().into_iter().find(|&c| c != me) else { return };
        match d.policy(other, buf, rng) {
            Some(m) => apply(d, Some(m)),
            None => return,
        }
    }
}

/// How one search scores positions: by the tuned evaluation or the frozen one, absolutely or
/// relative to the root ([`Searchable::komi`]).
struct Scoring {
    tuned: bool,
    relative: Option<Relative>,
}

/// The root's leads (each colour's value less the best of the others'), subtracted from every
/// position's; `lean` per step of progress since the root's `start` (+ for a leader).
struct Relative {
    komi: [f32; SEATS],
    lean: [f32; SEATS],
    start: f32,
}

/// A lead of this many points or more leans fully toward the game's end (less, in proportion).
const CLEAR_LEAD: f32 = 2.0;

/// The least lean toward the game's end, as a share of [`Searchable::komi`]'s weight, for
/// whoever trails, is level or leads by little (issue 24). A trailer that leaned away from the
/// end (as it did, down to minus the weight) sold a card and took another from the market turn
/// after turn whenever it couldn't build, and so did a leader of the frozen level, which never
/// draws: games against it ran for hundreds or thousands of turns. A quarter still lets a
/// trailer prefer whatever builds over a draw; when nothing builds, the game goes on to its
/// end. Measured (2 players, 40 games at a tenth of the search, seeds 7000…): the hard level
/// won 24 against the frozen one with the old lean (games of up to 520 turns), 32 with this
/// one (at most 169 turns); at full size 67 of 100 (seeds 8000–8099, 95 % interval 57.3–75.4 %,
/// 89–222 turns).
const LEAST_LEAN: f32 = 0.25;

impl Scoring {
    /// The policy a search scored so plays by: the hard level's guided one with the tuned
    /// evaluation, the playout policy with the frozen one.
    fn policy<G: Searchable>(&self, d: &G, who: Colour, buf: &mut Vec<G::Move>, rng: &mut ChaCha8Rng) -> Option<G::Move> {
        if self.tuned {
            d.tuned_policy(who, buf, rng)
        } else {
            d.policy(who, buf, rng)
        }
    }

    /// The scoring of a search from `root` (one deal of it): relative only for the tuned
    /// evaluation of an edition that asks for it.
    fn at<G: Searchable>(root: &G, tuned: bool) -> Scoring {
        let relative = match root.komi() {
            Some(w) if tuned && !root.is_over() => {
                let komi = leads(root, tuned);
                let mut lean = [0.0; SEATS];
                for (l, k) in lean.iter_mut().zip(&komi) {
                    *l = w * (k / CLEAR_LEAD).clamp(LEAST_LEAN, 1.0);
                }
                Some(Relative { komi, lean, start: root.progress() })
            }
            _ => None,
        };
        Scoring { tuned, relative }
    }

    /// Rewards in 0..1 per colour ([`rewards_by`] when absolute).
    fn rewards<G: Searchable>(&self, d: &G) -> [f32; SEATS] {
        let Some(rel) = &self.relative else { return rewards_by(d, self.tuned) };
        if d.is_over() {
            return rewards_by(d, self.tuned);
        }
        let mut r = leads(d, self.tuned);
        let steps = d.progress() - rel.start;
        for &c in d.seats() {
            let i = c.index();
            r[i] = logistic(r[i] - rel.komi[i] + rel.lean[i] * steps);
        }
        r
    }
}

/// Each seated colour's value less the best of the others' (0 alone), by colour index.
fn leads<G: Searchable>(d: &G, tuned: bool) -> [f32; SEATS] {
    let mut out = [0.0; SEATS];
    let seats = d.seats();
    let v: Vec<f32> = seats.iter().map(|&c| if tuned { d.tuned_value(c) } else { d.value(c) }).collect();
    // The hard level may count a share of its own value too (issue 34): a lead won by building
    // then beats the same lead won by holding a rival back.
    let own = if tuned { d.own_share() } else { 0.0 };
    for (i, &c) in seats.iter().enumerate() {
        let best_other = v.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).fold(f32::MIN, f32::max);
        out[c.index()] = if best_other == f32::MIN { 0.0 } else { v[i] - best_other + own * v[i] };
    }
    out
}

/// A lead in points as a reward in 0..1 (4 points ahead: 73 %).
fn logistic(diff: f32) -> f32 {
    1.0 / (1.0 + (-diff / 4.0).exp())
}

/// The root's options, best first by the evaluation one move ahead in one deal, and how the
/// search scores positions (relative to that deal, where it is).
fn root_order<G: Searchable>(game: &G, me: Colour, may_pass: bool, tuned: bool, rng: &mut ChaCha8Rng) -> (Vec<Option<G::Move>>, Scoring) {
    let d = game.sample(me, rng);
    let scoring = Scoring::at(&d, tuned);
    let mut buf = Vec::new();
    d.options(me, &mut buf);
    let order = best_first(&d, me, &scoring, buf.iter().map(|&m| Some(m)), may_pass.then_some(None));
    (order, scoring)
}

/// `moves` (and `extra`, e.g. letting the moment pass), best first for `who` by `scoring` one
/// move ahead of `d`; stable: equal look-aheads keep the order given. The root's order and the
/// hard tree's ordered steps (issue 34) both.
fn best_first<G: Searchable>(d: &G, who: Colour, scoring: &Scoring, moves: impl Iterator<Item = Option<G::Move>>, extra: Option<Option<G::Move>>) -> Vec<Option<G::Move>> {
    let mut scored: Vec<(f32, Option<G::Move>)> = moves
        .chain(extra)
        .map(|m| {
            let mut e = d.clone();
            apply(&mut e, m);
            (scoring.rewards(&e)[who.index()], m)
        })
        .collect();
    scored.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    scored.into_iter().map(|(_, m)| m).collect()
}

/// Plays up to `limit` moves by the policy, then scores the position.
fn playout<G: Searchable>(d: &mut G, me: Colour, limit: u32, scoring: &Scoring, buf: &mut Vec<G::Move>, rng: &mut ChaCha8Rng) -> [f32; SEATS] {
    let start = d.clock();
    for _ in 0..limit {
        if d.is_over() || d.clock() >= start + d.horizon() {
            break;
        }
        settle_sealed(d, me, buf, rng);
        let Some(a) = d.actor() else { break };
        let m = scoring.policy(d, a, buf, rng);
        match m {
            Some(m) => apply(d, Some(m)),
            None => break,
        }
    }
    scoring.rewards(d)
}

/// Rewards in 0..1 per colour: a share of the win when over; otherwise how far each colour's
/// value stands above or below the best of the others, through a logistic curve.
pub fn rewards<G: Searchable>(d: &G) -> [f32; SEATS] {
    rewards_by(d, false)
}

/// [`rewards`] by the tuned evaluation (`tuned`) or the frozen one.
pub fn rewards_by<G: Searchable>(d: &G, tuned: bool) -> [f32; SEATS] {
    let mut r = [0.0; SEATS];
    let seats = d.seats();
    if d.is_over() {
        let w = d.winners();
        for &c in w {
            r[c.index()] = 1.0 / w.len() as f32;
        }
        return r;
    }
    let leads = leads(d, tuned);
    for &c in seats {
        r[c.index()] = logistic(leads[c.index()]);
    }
    r
}

/// The best for `who` of `k` moves drawn at random from `options` (by the evaluation one move
/// ahead): a playout policy that places borders and knights with some purpose, cheaply.
pub fn best_of<G: Searchable>(d: &G, who: Colour, options: &[G::Move], k: u32, rng: &mut ChaCha8Rng) -> Option<G::Move> {
    best_of_by(d, who, options, k, rng, false)
}

/// [`best_of`] by the hard evaluation (`tuned`) or the frozen one.
pub fn best_of_by<G: Searchable>(d: &G, who: Colour, options: &[G::Move], k: u32, rng: &mut ChaCha8Rng, tuned: bool) -> Option<G::Move> {
    let mut best: Option<(f32, G::Move)> = None;
    for _ in 0..k.min(options.len() as u32) {
        let m = options[uniform(rng, options.len() as u32) as usize];
        let mut e = d.clone();
        if e.play(m).is_err() {
            continue;
        }
        let v = if tuned { e.tuned_value(who) } else { e.value(who) };
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, m));
        }
    }
    best.map(|(_, m)| m)
}
