//! Classic for the search: options with amounts grouped, a playout policy, an evaluation.

use super::Searchable;
use crate::engine::classic::cards::{PoliticsCard, Treasures};
use crate::engine::classic::event::{Event, ScoreReason};
use crate::engine::classic::game::{Game, Phase, Work};
use crate::engine::classic::moves::Move;
use crate::engine::classic::scoring::founding_value;
use crate::engine::Terrain;
use crate::engine::colour::Colour;
use crate::engine::rng::uniform;
use rand_chacha::ChaCha8Rng;

// The hard level's weights are in `weights.txt` (`classic.*`). Issue 24 tuned them on 2-player
// games against the frozen evaluation with both searching 300 iterations (seeds 2000…, seats
// rotated): superiority 0.5 won 24 of 40, 1.0 won 19 of 40, 1.0 with room 0.3 won 9 of 20, the
// frozen weights themselves 12 of 20. Mountains, which the frozen evaluation gave nothing though
// every silver find left and the end score them: with superiority 0.5, 51 of 80 (seeds 7000…
// and 7100…, a tenth of the search) against 45 of 80 without; at full size 69 of 100 (seeds
// 8000–8099), but 62 of 112 on seeds 40000… and 41000… (issue 34).

/// Iterations of a hard Classic search at 2 players; with more players, fewer (× 2 / players), so
/// that a move takes about as long at 4 players as before. Issue 34: at 3,000 (the frozen
/// level's, at any count of players) hard won 57.5 % of 200 games against `reference` and took a
/// median 228 ms a decision at 2 players and 362 ms at 4 in the browser's worker (600 ms allowed):
/// at 2 players the time left buys twice the search. With 6,000 it won 121 of 200 (60.5 %, 95 %
/// 53.6–67.0 %; seeds 1795791543–1795791742, drawn at run time) and took a median 415 ms in the
/// worker at 2 players. 4 players keep 3,000.
const HARD_ITERATIONS: u32 = 6000;

/// Offer and bid amounts the search tries (besides all one has): a few steps, not every ducat.
const AMOUNTS: [u32; 8] = [0, 1, 2, 3, 5, 8, 12, 18];

/// True when a computer holding `money` ducats may offer or bid `amount` ducats: the search
/// tries [`AMOUNTS`], all one has and half of it (a hint raises a bid off these, so a
/// computer's bid can't tie it).
pub fn tried_amount(amount: u32, money: u32) -> bool {
    AMOUNTS.contains(&amount) || amount == money || amount == money / 2
}

impl Searchable for Game {
    fn seats(&self) -> &[Colour] {
        self.players()
    }

    fn budget(&self, level: super::Level) -> Option<super::search::Budget> {
        match level {
            super::Level::Hard => {
                let w = super::weights::tuning();
                super::hard_budget(HARD_ITERATIONS, self.players().len(), super::search::Steps { width: w.classic_width, order: w.classic_order })
            }
            _ => level.budget(),
        }
    }

    fn sample(&self, me: Colour, rng: &mut ChaCha8Rng) -> Game {
        self.determinized(me, rng)
    }

    fn sealed(&self) -> bool {
        matches!(self.phase(), Phase::Duel { .. })
    }

    fn options(&self, who: Colour, out: &mut Vec<Move>) {
        let mut all = Vec::new();
        self.legal_moves_into(&mut all);
        out.clear();
        let money = self.ducats(who);
        let hand = Treasures::in_hand(self.hand(who));
        // A pile is looked through before a card is named from it: naming one blind would
        // use what can't be seen.
        let blind = !matches!(self.phase(), Phase::Perform { work: Work::Politics { opened: Some(_) }, .. });
        for m in all {
            if m.by() != who {
                continue;
            }
            let keep = match m {
                // Ending an alliance costs 10 and rarely pays: left to people.
                Move::Unally { .. } => false,
                Move::Offer { amount, .. } => tried_amount(amount, money),
                // Money in a few steps; treasure cards none or all of them.
                Move::Bid { money: m, treasures, .. } => {
                    tried_amount(m, money) && (treasures == Treasures::NONE || treasures == hand)
                }
                // One way to pay: the cheapest in cards.
                Move::Knight { pay, .. } | Move::Renegade { pay, .. } => pay == Treasures::NONE || !out.iter().any(|o| same_but_pay(o, &m)),
                // An expansion names its province (one spelling).
                Move::Expand { castle: None, .. } => false,
                Move::Take { .. } => !blind,
                _ => true,
            };
            if keep {
                out.push(m);
            }
        }
    }

    fn policy(&self, who: Colour, buf: &mut Vec<Move>, rng: &mut ChaCha8Rng) -> Option<Move> {
        let roll = |rng: &mut ChaCha8Rng, n: u32| uniform(rng, n);
        match self.phase() {
            Phase::Negotiation { standing, .. } => {
                let money = self.ducats(who);
                let r = roll(rng, 10);
                if standing.is_some() && r < 5 {
                    return Some(Move::Accept { by: who });
                }
                if r < 8 {
                    self.options(who, buf);
                    let offers: Vec<Move> = buf.iter().copied().filter(|m| matches!(m, Move::Offer { amount, .. } if *amount <= money.min(6))).collect();
                    if !offers.is_empty() {
                        return Some(offers[roll(rng, offers.len() as u32) as usize]);
                    }
                }
                Some(Move::Duel { by: who })
            }
            // A bid from one's own purse only: never from the others' bids.
            Phase::Duel { .. } => {
                let money = self.ducats(who);
                Some(Move::Bid { by: who, money: roll(rng, money / 2 + 1), treasures: Treasures::NONE })
            }
            Phase::Perform { .. } => {
                // The best of three: some purpose, little cost. Ending early only when nothing
                // else is left.
                self.options(who, buf);
                let work: Vec<Move> = buf.iter().copied().filter(|m| !matches!(m, Move::Done { .. })).collect();
                if work.is_empty() {
                    return buf.first().copied();
                }
                super::search::best_of(self, who, &work, 3, rng)
            }
            _ => {
                self.options(who, buf);
                let n = buf.len();
                if n == 0 {
                    return None;
                }
                Some(buf[roll(rng, n as u32) as usize])
            }
        }
    }

    fn tuned_policy(&self, who: Colour, buf: &mut Vec<Move>, rng: &mut ChaCha8Rng) -> Option<Move> {
        let guide = super::weights::tuning().classic_guide;
        if guide < 1.0 || !matches!(self.phase(), Phase::Perform { .. }) {
            return self.policy(who, buf, rng);
        }
        // As the policy's Perform, by the hard evaluation (issue 34).
        self.options(who, buf);
        let work: Vec<Move> = buf.iter().copied().filter(|m| !matches!(m, Move::Done { .. })).collect();
        if work.is_empty() {
            return buf.first().copied();
        }
        super::search::best_of_by(self, who, &work, guide as u32, rng, true)
    }

    fn ordered(&self, who: Colour, out: &mut Vec<Move>) -> bool {
        if !matches!(self.phase(), Phase::Perform { .. }) {
            return false;
        }
        // As the New Edition's: borders near one's castles' open ground, knights, expansions.
        self.options(who, out);
        let near = super::near_ground(self.board(), who);
        out.retain(|m| !matches!(m, Move::Border { edge, .. } if { let (a, b) = edge.spaces(); !near.contains(a) && !near.contains(b) }));
        !out.is_empty()
    }

    fn value(&self, c: Colour) -> f32 {
        valued(self, c, 0.0)
    }

    fn founder(e: &Event) -> Option<Colour> {
        match e {
            Event::Score { colour, reason: ScoreReason::Founding, .. } => Some(*colour),
            _ => None,
        }
    }

    fn tuned_value(&self, c: Colour) -> f32 {
        let w = super::weights::tuning();
        let (balance, room) = super::contest(self.board(), c, w.classic_room != 0.0);
        // Each mountain in a province scores at every silver find left and at the end.
        hard_value(self, c, w.classic_mountain * (self.silver_finds_left() + 1) as f32, &w) + w.classic_superiority * balance + w.classic_room * room
    }

    fn clock(&self) -> u32 {
        self.round()
    }

    fn horizon(&self) -> u32 {
        1
    }

    fn explain(&self, m: Move, events: &[Event], me: Colour) -> String {
        let mut parts: Vec<String> = Vec::new();
        for e in events {
            if let Event::Score { colour, delta, reason } = e {
                let what = match reason {
                    ScoreReason::Founding => "founds a province",
                    ScoreReason::Expansion => "expands",
                    ScoreReason::LostSpace | ScoreReason::NeutralZone => "costs a rival spaces",
                    ScoreReason::SilverFind => "silver find",
                    ScoreReason::FinalMountains => "mountains",
                    ScoreReason::Deeds => "deeds",
                };
                let who = if *colour == me { String::new() } else { format!(" ({colour})") };
                parts.push(format!("{what}{who}: {delta:+}"));
            }
        }
        if parts.is_empty() {
            parts.push(match m {
                Move::Border { .. } => "closes in an area".into(),
                Move::Knight { .. } => "strengthens a castle's ground".into(),
                Move::Expand { .. } => "takes a space".into(),
                Move::Decide { first, .. } => format!("wants action {first}"),
                Move::Offer { amount, .. } => format!("offers {amount} ducats"),
                Move::Accept { .. } => "takes the money".into(),
                Move::Duel { .. } => "would rather duel".into(),
                Move::Bid { money, .. } => format!("bids {money}"),
                Move::Alliance { .. } => "allies against a stronger neighbour".into(),
                Move::Renegade { .. } => "turns a rival's knight".into(),
                Move::Open { .. } | Move::Take { .. } => "looks for a useful politics card".into(),
                Move::Done { .. } => "nothing more here is worth it".into(),
                Move::Castle { .. } => "room to grow".into(),
                Move::Unally { .. } => "ends an alliance".into(),
            });
        }
        parts.join(", ")
    }
}

/// The evaluation, with each mountain space (in a province, or in a castle's ground not yet
/// closed off) worth `mountain` points: 0 in the frozen evaluation.
fn valued(g: &Game, c: Colour, mountain: f32) -> f32 {
    weighed(g, c, mountain, [0.12, 1.5, 0.4, 0.6])
}

/// [`valued`] with the hard level's weights (`weights.txt`, `classic.*`).
fn hard_value(g: &Game, c: Colour, mountain: f32, w: &super::weights::Tuning) -> f32 {
    weighed(g, c, mountain, [w.classic_wealth, w.classic_cards, w.classic_knights, w.classic_potential])
}

/// The score, deeds and mountains, with ducats, Alliance and Renegade cards, knights inside
/// provinces and the potential of castles not yet in a province weighed by `w` (in that order).
fn weighed(g: &Game, c: Colour, mountain: f32, w: [f32; 4]) -> f32 {
    let deeds: u32 = g.hand(c).iter().map(|p| if let PoliticsCard::Deeds(n) = p { u32::from(*n) } else { 0 }).sum();
    let cards = g.hand(c).iter().filter(|p| matches!(p, PoliticsCard::Alliance | PoliticsCard::Renegade)).count() as f32;
    let board = g.board();
    let knights = board.knights(c).intersect(board.province_spaces(c)).len() as f32;
    let land = board.land();
    let ground = super::Ground::of(board);
    let potential: f32 = board
        .castles(c)
        .iter()
        .filter(|&k| board.province_at(k).is_none())
        .map(|k| ground.potential(k, |s| founding_value(s.len(), land.count(s, Terrain::City)) as f32 + mountain * land.count(s, Terrain::Mountain) as f32))
        .sum();
    // The frozen evaluation (mountain 0) spares itself the walk of the provinces.
    let mountains = if mountain == 0.0 { 0.0 } else { mountain * g.mountains(c) as f32 };
    g.score(c) as f32 + deeds as f32 + w[0] * g.wealth(c) as f32 + w[1] * cards + w[2] * knights + w[3] * potential + mountains
}

fn same_but_pay(a: &Move, b: &Move) -> bool {
    match (*a, *b) {
        (Move::Knight { by, at, .. }, Move::Knight { by: b2, at: a2, .. }) => by == b2 && at == a2,
        (Move::Renegade { by, remove, place, .. }, Move::Renegade { by: b2, remove: r2, place: p2, .. }) => by == b2 && remove == r2 && place == p2,
        _ => false,
    }
}
