//! Seeded playouts of the New Edition: 1,000 games each for 2, 3 and 4 players, checking after
//! every move that the listed moves are accepted, that changed and random unlisted moves are
//! refused without changing anything, the invariants of RULES.md (regions, borders, knights,
//! cards, scores), and that the written record replays to the same state.
//!
//! The players are random but lean towards what makes the rules happen: borders near their own
//! castles (so regions form, grow, split and fight), playing rather than selling.

mod newed_common;

use loewenherz::engine::grid::{Edge, Space, NEW_EDITION};
use loewenherz::engine::newed::record::write_record;
use loewenherz::engine::newed::{Breakdown, Event, Game, Move, Phase, PowerCardId, Record, ScoreReason, Setup};
use loewenherz::engine::{ByColour, Colour};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Games per test function; four functions per player count.
const GAMES: u64 = 250;
/// Listed moves tried on a copy at each step (all of them when there are fewer).
const TRIED: usize = 24;

fn setup(players: usize, seed: u64) -> Setup {
    let mut colours: Vec<Colour> = Colour::NEW_EDITION.to_vec();
    colours.rotate_left((seed % 4) as usize);
    let mut s = Setup::new(colours[..players].to_vec(), seed);
    if players == 2 {
        s.neutral = Some(colours[2 + (seed / 4 % 2) as usize]);
    }
    s.private_money = seed.is_multiple_of(3);
    s
}

/// The books the app kept beside the game before the engine kept them (its `Tally`): points by
/// reason, the scores at the start, at every turn's start and at the end, and turns begun, all
/// from the events and the game after each move.
#[derive(Default)]
struct Books {
    turn: u32,
    history: Vec<ByColour<u32>>,
    breakdown: ByColour<Breakdown>,
}

impl Books {
    fn add(&mut self, g: &Game, events: &[Event]) {
        let scores = || ByColour::from_fn(|c| g.score(c));
        if self.history.is_empty() {
            self.history.push(scores());
        }
        for e in events {
            match e {
                Event::Score { colour, delta, reason } => {
                    let b = &mut self.breakdown[*colour];
                    match reason {
                        ScoreReason::Founding => b.regions += delta,
                        ScoreReason::Expansion => b.expansions += delta,
                        ScoreReason::LostSpace | ScoreReason::NeutralZone => b.losses += delta,
                        ScoreReason::MonopolyWon(_) | ScoreReason::MonopolyLost(_) => b.monopolies += delta,
                        ScoreReason::DucatBonus => b.bonuses += delta,
                    }
                }
                Event::TurnBegins { .. } => {
                    self.turn += 1;
                    self.history.push(scores());
                }
                Event::GameOver { .. } => self.history.push(scores()),
                _ => {}
            }
        }
    }

    fn check(&self, g: &Game, seed: u64) {
        assert_eq!(g.turns(), self.turn, "turns (seed {seed})");
        assert_eq!(g.history(), self.history.as_slice(), "score history (seed {seed})");
        for c in Colour::ALL {
            assert_eq!(g.breakdown(c), self.breakdown[c], "{c}'s points by reason (seed {seed})");
        }
    }
}

/// Regions derived from scratch: flood fill along borders, keep components with one castle.
fn fresh_regions(g: &Game) -> BTreeMap<Space, Vec<Space>> {
    let b = g.board();
    let mut seen = [false; 256];
    let mut out = BTreeMap::new();
    let castles: Vec<Space> = Colour::ALL.iter().flat_map(|&c| b.castles(c).iter()).collect();
    for start in NEW_EDITION.spaces() {
        if seen[start.index()] {
            continue;
        }
        let mut comp = vec![start];
        seen[start.index()] = true;
        let mut i = 0;
        while i < comp.len() {
            let s = comp[i];
            i += 1;
            let (col, row) = (s.col() as i8, s.row() as i8);
            for (dc, dr) in [(-1i8, 0i8), (1, 0), (0, -1), (0, 1)] {
                let Some(n) = Space::new((col + dc) as u8, (row + dr) as u8).filter(|&n| col + dc >= 0 && row + dr >= 0 && NEW_EDITION.contains(n)) else { continue };
                if !seen[n.index()] && !b.has_border(Edge::between(s, n).unwrap()) {
                    seen[n.index()] = true;
                    comp.push(n);
                }
            }
        }
        comp.sort();
        let here: Vec<Space> = comp.iter().copied().filter(|s| castles.contains(s)).collect();
        assert_eq!(b.component(start).spaces.iter().collect::<Vec<_>>(), comp, "cached component of {start}");
        // The whole board is no region, even with one castle on it (while castles are placed):
        // no border encloses it (ruling in board/mod.rs, `Component::province_castle`).
        if let [castle] = here[..]
            && comp.len() < NEW_EDITION.space_count()
        {
            out.insert(castle, comp);
        }
    }
    out
}

fn check_invariants(g: &Game, regions_before: &BTreeMap<Space, Vec<Space>>, placing: bool) -> BTreeMap<Space, Vec<Space>> {
    let b = g.board();
    assert!(b.cache_is_consistent(), "component cache differs from a fresh derivation");
    let fresh = fresh_regions(g);
    let cached: BTreeMap<Space, Vec<Space>> =
        Colour::ALL.iter().flat_map(|&c| b.provinces(c).map(move |castle| (castle, b.component(castle).spaces.iter().collect::<Vec<_>>()))).collect();
    assert_eq!(cached, fresh, "regions are exactly the components with one castle");
    if !placing {
        // R-B1: a region, once formed, never disappears.
        for castle in regions_before.keys() {
            assert!(fresh.contains_key(castle), "R-B1: the region of {castle} disappeared");
        }
    }
    // R-B2: no border with one region on both sides.
    for e in b.borders().iter() {
        let (x, y) = e.spaces();
        assert!(!(b.component_index(x) == b.component_index(y) && b.component(x).province_castle().is_some()), "R-B2: border {e} inside a region");
    }
    // R-B3: 100 borders; 15 knights and 4 castles (3 with 4 players) a colour.
    assert_eq!(b.borders_in_stock() + b.borders().len(), 100);
    let castles_each = if g.players().len() == 4 { 3 } else { 4 };
    for c in Colour::ALL {
        let in_game = g.colours().any(|x| x == c);
        assert_eq!(b.knights_in_stock(c) as usize + b.knights(c).len(), 15, "{c} knights");
        assert!(b.castles(c).len() <= if in_game { castles_each } else { 0 });
        if !g.is_player(c) {
            assert_eq!(g.score(c), 0, "the neutral colour never scores");
            assert!(g.hand(c).is_empty(), "the neutral colour holds no cards");
            assert!(!g.to_move().contains(&c), "the neutral colour never acts");
        }
        assert!(g.hand(c).len() <= 3);
    }
    // 60 cards across deck, hands, market and discard pile, each once.
    let mut cards: Vec<PowerCardId> = g.deck();
    cards.extend(g.market());
    cards.extend(g.discard());
    for c in Colour::ALL {
        cards.extend(g.hand(c));
    }
    cards.sort();
    assert_eq!(cards, PowerCardId::all().collect::<Vec<_>>(), "the 60 power cards are conserved");
    assert_eq!(g.final_phase(), g.deck_len() == 0 && !placing, "the final phase is exactly the empty deck");
    fresh
}

fn random_space(rng: &mut ChaCha8Rng) -> Space {
    NEW_EDITION.spaces().nth(rng.random_range(0..144)).unwrap()
}

fn random_card(rng: &mut ChaCha8Rng) -> PowerCardId {
    PowerCardId::all().nth(rng.random_range(0..60)).unwrap()
}

/// A move like `m` with one thing changed (or a random move of any kind).
fn mutate(m: Move, rng: &mut ChaCha8Rng) -> Move {
    let other = Colour::NEW_EDITION[rng.random_range(0..4)];
    let by = m.by();
    let near = |s: Space, rng: &mut ChaCha8Rng| {
        let d: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        let (dc, dr) = d[rng.random_range(0..4)];
        Space::new((s.col() as i8 + dc).clamp(0, 11) as u8, (s.row() as i8 + dr).clamp(0, 11) as u8).unwrap()
    };
    match rng.random_range(0..8) {
        0 => match m {
            // Same move by another colour.
            Move::Castle { at, .. } => Move::Castle { by: other, at },
            Move::Knight { at, .. } => Move::Knight { by: other, at },
            Move::Sell { card, .. } => Move::Sell { by: other, card },
            Move::Play { card, action, .. } => Move::Play { by: other, card, action },
            Move::Border { edge, .. } => Move::Border { by: other, edge },
            Move::Expand { at, castle, .. } => Move::Expand { by: other, at, castle },
            Move::Renegade { region, place, .. } => Move::Renegade { by: other, region, place },
            Move::Remove { at, .. } => Move::Remove { by: other, at },
            Move::Alliance { own, other: o, .. } => Move::Alliance { by: other, own, other: o },
            Move::Done { .. } => Move::Done { by: other },
            Move::Draw { .. } => Move::Draw { by: other },
            Move::Take { card, .. } => Move::Take { by: other, card },
        },
        1 => {
            // A random move of a random kind.
            let (s, t) = (random_space(rng), random_space(rng));
            match rng.random_range(0..12) {
                0 => Move::Castle { by, at: s },
                1 => Move::Knight { by, at: s },
                2 => Move::Sell { by, card: random_card(rng) },
                3 => Move::Play { by, card: random_card(rng), action: rng.random_range(1..3) },
                4 => Move::Border { by, edge: NEW_EDITION.edges().nth(rng.random_range(0..264)).unwrap() },
                5 => Move::Expand { by, at: s, castle: None },
                6 => Move::Renegade { by, region: s, place: t },
                7 => Move::Remove { by, at: s },
                8 => Move::Alliance { by, own: s, other: t },
                9 => Move::Done { by },
                10 => Move::Draw { by },
                _ => Move::Take { by, card: random_card(rng) },
            }
        }
        _ => match m {
            Move::Castle { at, .. } => Move::Castle { by, at: near(at, rng) },
            Move::Knight { at, .. } => Move::Knight { by, at: near(at, rng) },
            Move::Sell { .. } => Move::Sell { by, card: random_card(rng) },
            Move::Play { card, action, .. } => {
                if rng.random() { Move::Play { by, card, action: 3 - action } } else { Move::Play { by, card: random_card(rng), action } }
            }
            Move::Border { edge, .. } => {
                let (a, _) = edge.spaces();
                Move::Border { by, edge: Edge::between(a, near(a, rng)).unwrap_or(edge) }
            }
            Move::Expand { at, castle, .. } => {
                if rng.random() { Move::Expand { by, at: near(at, rng), castle } } else { Move::Expand { by, at, castle: Some(random_space(rng)) } }
            }
            Move::Renegade { region, place, .. } => {
                if rng.random() { Move::Renegade { by, region: near(region, rng), place } } else { Move::Renegade { by, region, place: near(place, rng) } }
            }
            Move::Remove { at, .. } => Move::Remove { by, at: near(at, rng) },
            Move::Alliance { own, other: o, .. } => {
                if rng.random() { Move::Alliance { by, own: o, other: own } } else { Move::Alliance { by, own, other: near(o, rng) } }
            }
            Move::Done { .. } => Move::Draw { by },
            Move::Draw { .. } => Move::Done { by },
            Move::Take { .. } => Move::Take { by, card: random_card(rng) },
        },
    }
}

/// The lean of the test players: borders that enclose the neighbourhood of an own castle
/// (within 1 or 2 spaces, so regions form, grow, split and fight), playing rather than selling.
fn choose(g: &Game, legal: &[Move], rng: &mut ChaCha8Rng) -> Move {
    let radius = 1 + (rng.random_range(0..3) == 0) as u8;
    let near_own = |m: &Move| match *m {
        Move::Border { by, edge } => {
            let (a, b) = edge.spaces();
            g.board().castles(by).iter().any(|c| {
                let (da, db) = (c.distance(a), c.distance(b));
                da.min(db) == radius && da.max(db) == radius + 1
            })
        }
        Move::Play { .. } | Move::Expand { .. } | Move::Renegade { .. } | Move::Alliance { .. } | Move::Knight { .. } | Move::Remove { .. } => true,
        _ => false,
    };
    let preferred: Vec<Move> = legal.iter().copied().filter(near_own).collect();
    if !preferred.is_empty() && rng.random_range(0..10) < 9 {
        preferred[rng.random_range(0..preferred.len())]
    } else {
        legal[rng.random_range(0..legal.len())]
    }
}

fn check_game(players: usize, seed: u64) {
    let setup = setup(players, seed);
    check_from(setup, seed);
}

/// Plays random (leaning) moves from `setup` to the end, checking everything after every move.
fn check_from(setup: Setup, seed: u64) {
    let players = setup.players.len();
    let (mut g, start_events) = Game::new(&setup).expect("setup");
    if !setup.custom {
        assert!(start_events.is_empty(), "nothing happens before the first placement");
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ players as u64);
    let mut moves = Vec::new();
    let mut score_sums = [0i64; 6];
    for &(c, v) in &setup.scores {
        score_sums[c.index()] = v as i64;
    }
    let mut regions = check_invariants(&g, &BTreeMap::new(), !setup.custom);
    let mut books = Books::default();
    books.add(&g, &start_events);
    books.check(&g, seed);
    loop {
        let legal = g.legal_moves();
        if legal.is_empty() {
            assert!(g.is_over(), "no legal move but the game is not over (players {players}, seed {seed})");
            assert!(g.to_move().is_empty());
            break;
        }
        assert!(!g.is_over());
        let movers = g.to_move();
        assert!(legal.iter().all(|m| movers.contains(&m.by())), "only the colour to move has moves");
        // Listed moves are accepted (all of them, or a sample of a long listing).
        let tried: Vec<Move> = if legal.len() <= TRIED { legal.clone() } else { (0..TRIED).map(|_| legal[rng.random_range(0..legal.len())]).collect() };
        for m in tried {
            let mut copy = g.clone();
            if let Err(e) = copy.play(m) {
                panic!("listed move {m} refused: {e} (players {players}, seed {seed}, after {} moves)", moves.len());
            }
        }
        // Unlisted moves are refused and change nothing.
        let before = g.clone();
        for _ in 0..4 {
            let m = mutate(legal[rng.random_range(0..legal.len())], &mut rng);
            if legal.contains(&m) {
                continue;
            }
            if g.play(m).is_ok() {
                panic!("unlisted move {m} accepted (players {players}, seed {seed}, after {} moves)", moves.len());
            }
            assert!(g == before, "refused move {m} changed the game (seed {seed})");
        }
        let m = choose(&g, &legal, &mut rng);
        let placing = matches!(g.phase(), Phase::Placement { .. });
        let events = g.play(m).unwrap();
        for e in &events {
            match e {
                Event::Score { colour, delta, .. } => score_sums[colour.index()] += *delta as i64,
                Event::Placed { .. } => assert!(placing),
                _ => {}
            }
        }
        for c in Colour::ALL {
            assert_eq!(g.score(c) as i64, score_sums[c.index()], "{c}'s score is the sum of its Score events (seed {seed})");
        }
        books.add(&g, &events);
        books.check(&g, seed);
        moves.push(m);
        let still_placing = matches!(g.phase(), Phase::Placement { .. });
        regions = check_invariants(&g, &regions, placing || still_placing);
        if still_placing {
            // While castles are placed one by one, a lone castle on the open board is briefly a
            // "region" of the whole board; R-B1 applies from the first turn on.
            regions.clear();
        }
    }
    assert!(!g.winners().is_empty());
    assert_eq!(g.history().last(), Some(&ByColour::from_fn(|c| g.score(c))), "the history ends with the final scores");
    if !g.won_by_king() {
        assert!(Colour::ALL.iter().all(|&c| g.hand(c).is_empty()), "without the King chip the game ends when all cards are played");
    }
    // The record of the game, with its tiles and deck spelled out, replays to the same state.
    for spelled in [setup.clone(), g.spelled_out(&setup)] {
        let text = write_record(&spelled, &[], &moves);
        let replayed = Record::parse(&text).expect("written record parses").replay().expect("written record replays");
        assert_eq!(replayed.summary(), g.summary(), "record round trip (seed {seed})");
        assert!(replayed == g, "the replayed game equals the played one (seed {seed})");
    }
}

/// The positions in tests/records/newed/ (regions side by side, knights facing each other)
/// played on to the end with many decks: expansions, Renegades and Alliances happen often.
#[test]
fn custom_positions_play_out_and_round_trip() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("records").join("newed");
    let mut positions = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let record = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
            if !record.setup.custom || !record.moves.is_empty() {
                continue;
            }
            positions += 1;
            for seed in 0..CUSTOM_SEEDS {
                let mut setup = record.setup.clone();
                setup.seed = seed.into();
                setup.deck = None;
                check_from(setup, seed);
            }
        }
    }
    assert!(positions > 0);
}

/// Decks tried from each custom position.
const CUSTOM_SEEDS: u64 = 150;

fn run(players: usize, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        check_game(players, seed);
    }
}

#[test]
fn two_players_a() {
    run(2, 0..GAMES);
}
#[test]
fn two_players_b() {
    run(2, GAMES..2 * GAMES);
}
#[test]
fn two_players_c() {
    run(2, 2 * GAMES..3 * GAMES);
}
#[test]
fn two_players_d() {
    run(2, 3 * GAMES..4 * GAMES);
}
#[test]
fn three_players_a() {
    run(3, 0..GAMES);
}
#[test]
fn three_players_b() {
    run(3, GAMES..2 * GAMES);
}
#[test]
fn three_players_c() {
    run(3, 2 * GAMES..3 * GAMES);
}
#[test]
fn three_players_d() {
    run(3, 3 * GAMES..4 * GAMES);
}
#[test]
fn four_players_a() {
    run(4, 0..GAMES);
}
#[test]
fn four_players_b() {
    run(4, GAMES..2 * GAMES);
}
#[test]
fn four_players_c() {
    run(4, 2 * GAMES..3 * GAMES);
}
#[test]
fn four_players_d() {
    run(4, 3 * GAMES..4 * GAMES);
}
