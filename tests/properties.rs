//! Seeded random playouts (≥ 1,000 games for each of 2, 3 and 4 players, basic and variable
//! setups) with the invariants checked after every move:
//!
//! - every listed move is accepted by `play` (on a clone), and mutated or random unlisted moves
//!   are refused with the game left exactly as it was;
//! - the component cache equals a fresh derivation, and provinces are the components with
//!   exactly one castle (derived here independently);
//! - border stock + borders on the board = 100, knights in stock + on the board = 12 per colour,
//!   politics cards in piles + hands + discards = 13;
//! - R-B1 a province never disappears; R-B2 no border is left with one province on both sides;
//! - each score equals the sum of its `Score` events (R-B10: never below 0, being a `u32`);
//! - the record written from the moves replays to the same final summary.

mod common;

use common::fingerprint;
use loewenherz::engine::classic::record::write_record;
use loewenherz::engine::{Colour, Edge, Space};
use loewenherz::engine::classic::{CardId, Event, Game, Move, Phase, PoliticsCard, Record, Setup, SetupKind, Treasures};
use loewenherz::engine::grid::CLASSIC;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Games per test function; several functions per player count run in parallel.
const GAMES: u64 = 250;

fn setup(players: usize, kind: SetupKind, seed: u64) -> Setup {
    // Vary the seating too: rotate the colours by the seed.
    let mut colours: Vec<Colour> = Colour::CLASSIC.to_vec();
    colours.rotate_left((seed % 4) as usize);
    let seated: Vec<Colour> = colours[..players].to_vec();
    let mut s = Setup::new(seated, kind, seed);
    if players == 2 {
        s.neutral = Some(colours[2 + (seed / 4 % 2) as usize]);
    }
    s
}

/// Provinces derived from scratch: flood fill along borders, keep components with one castle.
/// Also checks every cached component (spaces, castles) against the fill.
fn fresh_provinces(g: &Game) -> BTreeMap<Space, Vec<Space>> {
    let b = g.board();
    let mut seen = [false; 256];
    let mut out = BTreeMap::new();
    let mut components = 0;
    for start in CLASSIC.spaces() {
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
            for (dc, dr) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let Some(n) = Space::new((col + dc) as u8, (row + dr) as u8).filter(|&n| col + dc >= 0 && row + dr >= 0 && CLASSIC.contains(n)) else { continue };
                let e = Edge::between(s, n).unwrap();
                if !seen[n.index()] && !b.has_border(e) {
                    seen[n.index()] = true;
                    comp.push(n);
                }
            }
        }
        comp.sort();
        components += 1;
        let castles: Vec<Space> = comp.iter().copied().filter(|&s| Colour::CLASSIC.iter().any(|&c| b.castles(c).contains(s))).collect();
        let cached = b.component(start);
        assert_eq!(cached.spaces.iter().collect::<Vec<_>>(), comp, "cached component of {start}");
        assert_eq!(cached.castles.iter().collect::<Vec<_>>(), castles, "castles of the component of {start}");
        // The whole board is no province, even with one castle on it (while castles are placed):
        // no border encloses it (ruling in board/mod.rs, `Component::province_castle`).
        if let [castle] = castles[..]
            && comp.len() < CLASSIC.space_count()
        {
            out.insert(castle, comp);
        }
    }
    assert_eq!(b.components().len(), components);
    out
}

fn check_invariants(g: &Game, provinces_before: &BTreeMap<Space, Vec<Space>>) -> BTreeMap<Space, Vec<Space>> {
    let b = g.board();
    assert!(b.cache_is_consistent(), "component cache differs from a fresh derivation");
    let fresh = fresh_provinces(g);
    let mut cached = BTreeMap::new();
    for c in Colour::CLASSIC {
        for castle in b.provinces(c) {
            cached.insert(castle, b.component(castle).spaces.iter().collect::<Vec<_>>());
        }
    }
    assert_eq!(cached, fresh, "provinces are exactly the components with one castle");
    // R-B1: a province, once formed, never disappears.
    for castle in provinces_before.keys() {
        assert!(fresh.contains_key(castle), "R-B1: the province of {castle} disappeared");
    }
    // R-B2: no border with the same province on both sides.
    for e in b.borders().iter() {
        let (x, y) = e.spaces();
        assert!(
            !(b.component_index(x) == b.component_index(y) && b.component(x).province_castle().is_some()),
            "R-B2: border {e} stands inside a province"
        );
    }
    // R-B3: the stock is finite.
    assert_eq!(b.borders_in_stock() + b.borders().len(), 100);
    for c in Colour::CLASSIC {
        assert_eq!(b.knights_in_stock(c) as usize + b.knights(c).len(), 12, "{c} knights");
        assert!(b.castles(c).len() <= 4);
    }
    let politics = g.pile(0).len() + g.pile(1).len() + g.discards().len() + Colour::CLASSIC.iter().map(|&c| g.hand(c).len()).sum::<usize>();
    assert_eq!(politics, 13, "politics cards are conserved");
    for c in Colour::CLASSIC {
        if !g.is_player(c) {
            assert_eq!(g.score(c), 0, "R-C4: the neutral colour never scores");
            assert!(!g.to_move().contains(&c), "R-C4: the neutral colour never acts");
        }
    }
    fresh
}

fn random_space(rng: &mut ChaCha8Rng) -> Space {
    CLASSIC.spaces().nth(rng.random_range(0..150)).unwrap()
}

fn random_treasures(rng: &mut ChaCha8Rng) -> Treasures {
    Treasures(rng.random_range(0..16))
}

/// A move like `m` with one thing changed (or a random move of any kind).
fn mutate(m: Move, g: &Game, rng: &mut ChaCha8Rng) -> Move {
    let other = Colour::CLASSIC[rng.random_range(0..4)];
    let by = m.by();
    if rng.random_range(0..6) == 0 {
        // Same move by another colour.
        return match m {
            Move::Castle { at, .. } => Move::Castle { by: other, at },
            Move::Knight { at, pay, .. } => Move::Knight { by: other, at, pay },
            Move::Decide { first, second, .. } => Move::Decide { by: other, first, second },
            Move::Alliance { own, other: o, .. } => Move::Alliance { by: other, own, other: o },
            Move::Renegade { remove, place, pay, .. } => Move::Renegade { by: other, remove, place, pay },
            Move::Offer { amount, .. } => Move::Offer { by: other, amount },
            Move::Accept { .. } => Move::Accept { by: other },
            Move::Duel { .. } => Move::Duel { by: other },
            Move::Bid { money, treasures, .. } => Move::Bid { by: other, money, treasures },
            Move::Border { edge, .. } => Move::Border { by: other, edge },
            Move::Expand { at, castle, .. } => Move::Expand { by: other, at, castle },
            Move::Open { pile, .. } => Move::Open { by: other, pile },
            Move::Take { pile, card, .. } => Move::Take { by: other, pile, card },
            Move::Done { .. } => Move::Done { by: other },
            Move::Unally { a, b, pay, .. } => Move::Unally { by: other, a, b, pay },
        };
    }
    let card = PoliticsCard::ALL[rng.random_range(0..13)];
    match rng.random_range(0..3) {
        0 => {
            // A random move of a random kind for the same colour.
            match rng.random_range(0..15) {
                0 => Move::Castle { by, at: random_space(rng) },
                1 => Move::Knight { by, at: random_space(rng), pay: random_treasures(rng) },
                2 => Move::Decide { by, first: rng.random_range(0..5), second: if rng.random() { Some(rng.random_range(0..5)) } else { None } },
                3 => Move::Alliance { by, own: random_space(rng), other: random_space(rng) },
                4 => Move::Renegade { by, remove: random_space(rng), place: random_space(rng), pay: random_treasures(rng) },
                5 => Move::Offer { by, amount: rng.random_range(0..40) },
                6 => Move::Accept { by },
                7 => Move::Duel { by },
                8 => Move::Bid { by, money: rng.random_range(0..40), treasures: random_treasures(rng) },
                9 => Move::Border { by, edge: CLASSIC.edges().nth(rng.random_range(0..275)).unwrap() },
                10 => Move::Expand { by, at: random_space(rng), castle: if rng.random() { Some(random_space(rng)) } else { None } },
                11 => Move::Open { by, pile: rng.random_range(1..=2) },
                12 => Move::Take { by, pile: rng.random_range(1..=2), card },
                13 => Move::Done { by },
                _ => Move::Unally { by, a: random_space(rng), b: random_space(rng), pay: random_treasures(rng) },
            }
        }
        _ => {
            // The same kind with one field changed, often to a near value.
            let near = |s: Space, rng: &mut ChaCha8Rng| {
                let d: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
                let (dc, dr) = d[rng.random_range(0..4)];
                Space::new((s.col() as i8 + dc).clamp(0, 14) as u8, (s.row() as i8 + dr).clamp(0, 9) as u8).unwrap()
            };
            match m {
                Move::Castle { at, .. } => Move::Castle { by, at: near(at, rng) },
                Move::Knight { at, pay, .. } => {
                    if rng.random() { Move::Knight { by, at: near(at, rng), pay } } else { Move::Knight { by, at, pay: random_treasures(rng) } }
                }
                Move::Decide { first, second, .. } => match second {
                    Some(s) if rng.random() => Move::Decide { by, first, second: Some((s + 1) % 4) },
                    Some(_) => Move::Decide { by, first, second: None },
                    None => Move::Decide { by, first, second: Some(rng.random_range(0..5)) },
                },
                Move::Alliance { own, other: o, .. } => {
                    if rng.random() { Move::Alliance { by, own: o, other: own } } else { Move::Alliance { by, own, other: near(o, rng) } }
                }
                Move::Renegade { remove, place, pay, .. } => match rng.random_range(0..3) {
                    0 => Move::Renegade { by, remove: near(remove, rng), place, pay },
                    1 => Move::Renegade { by, remove, place: near(place, rng), pay },
                    _ => Move::Renegade { by, remove, place, pay: random_treasures(rng) },
                },
                Move::Offer { amount, .. } => Move::Offer { by, amount: if rng.random() { g.ducats(by) + 1 } else { amount.wrapping_sub(1) } },
                Move::Bid { money, treasures, .. } => {
                    if rng.random() { Move::Bid { by, money: g.ducats(by) + 1 + rng.random_range(0..3), treasures } } else { Move::Bid { by, money, treasures: random_treasures(rng) } }
                }
                Move::Border { edge, .. } => {
                    let (a, _) = edge.spaces();
                    let n = near(a, rng);
                    Move::Border { by, edge: Edge::between(a, n).unwrap_or(edge) }
                }
                Move::Expand { at, castle, .. } => {
                    if rng.random() { Move::Expand { by, at: near(at, rng), castle } } else { Move::Expand { by, at, castle: Some(random_space(rng)) } }
                }
                Move::Open { pile, .. } => Move::Open { by, pile: 3 - pile },
                Move::Take { pile, .. } => Move::Take { by, pile: if rng.random() { 3 - pile } else { pile }, card },
                Move::Unally { a, b, pay, .. } => match rng.random_range(0..3) {
                    0 => Move::Unally { by, a, b, pay: random_treasures(rng) },
                    1 => Move::Unally { by, a: b, b: a, pay },
                    _ => Move::Unally { by, a: near(a, rng), b, pay },
                },
                Move::Accept { .. } => Move::Duel { by: other },
                Move::Duel { .. } => Move::Accept { by: other },
                Move::Done { .. } => Move::Done { by: other },
            }
        }
    }
}

/// Plays one seeded random game, checking everything after every move.
fn check_game(players: usize, kind: SetupKind, seed: u64) {
    check_from(setup(players, kind, seed), &[], seed, players);
}

/// Plays `prefix`, then random moves to the end, checking everything after every move.
fn check_from(setup: Setup, prefix: &[Move], seed: u64, players: usize) {
    let (mut g, start_events) = Game::new(&setup).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ players as u64);
    let mut moves = Vec::new();
    let mut score_sums = [0i64; 4];
    for &(c, v) in &setup.scores {
        score_sums[c.index()] = v as i64;
    }
    for e in &start_events {
        if let Event::Score { colour, delta, .. } = e {
            score_sums[colour.index()] += *delta as i64;
        }
    }
    let mut provinces = check_invariants(&g, &BTreeMap::new());
    let mut prefix = prefix.iter();
    loop {
        let legal = g.legal_moves();
        if legal.is_empty() {
            assert!(g.is_over(), "no legal move but the game is not over (seed {seed})");
            assert!(g.to_move().is_empty());
            break;
        }
        assert!(!g.is_over());
        // Every listed move is accepted.
        for &m in &legal {
            let mut clone = g.clone();
            if let Err(e) = clone.play(m) {
                panic!("listed move {m} refused: {e} (players {players}, seed {seed}, after {} moves)", moves.len());
            }
        }
        // Unlisted moves are refused and change nothing.
        let before = fingerprint(&g);
        for _ in 0..4 {
            let base = legal[rng.random_range(0..legal.len())];
            let m = mutate(base, &g, &mut rng);
            if legal.contains(&m) {
                continue;
            }
            if g.play(m).is_ok() {
                panic!("unlisted move {m} accepted (players {players}, seed {seed}, after {} moves)", moves.len());
            }
            assert_eq!(fingerprint(&g), before, "refused move {m} changed the game (seed {seed})");
        }
        let m = prefix.next().copied().unwrap_or_else(|| legal[rng.random_range(0..legal.len())]);
        let events = g.play(m).unwrap();
        for e in &events {
            if let Event::Score { colour, delta, .. } = e {
                score_sums[colour.index()] += *delta as i64;
            }
        }
        for c in Colour::CLASSIC {
            assert_eq!(g.score(c) as i64, score_sums[c.index()], "{c}'s score is the sum of its Score events (seed {seed})");
        }
        moves.push(m);
        provinces = check_invariants(&g, &provinces);
        if matches!(g.phase(), Phase::Placement { .. }) {
            // While the variable setup places castles one by one, a lone castle on the open board
            // is briefly a "province" of the whole board; R-B1 applies from the first round on.
            provinces.clear();
        }
    }
    assert!(!g.winners().is_empty());
    // The record of the game replays to the same state.
    let text = write_record(&setup, &[], &moves);
    let replayed = Record::parse(&text).expect("written record parses").replay().expect("written record replays");
    assert_eq!(replayed.summary(), g.summary(), "record round trip (seed {seed})");
    assert_eq!(fingerprint(&replayed), fingerprint(&g));
}

/// The rulebook examples (custom setups) played on to the end with random moves: the written
/// record of a custom setup replays too.
#[test]
fn custom_positions_play_out_and_round_trip() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("records");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let record = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let moves: Vec<Move> = record.moves.iter().map(|&(_, m)| m).collect();
            for seed in 0..40 {
                let mut setup = record.setup.clone();
                // Let the game run on past the short deck of the example: every other card follows.
                let mut deck = setup.deck.clone().unwrap_or_default();
                let rest: Vec<CardId> = (0..5).flat_map(CardId::stack).filter(|c| !deck.contains(c)).collect();
                deck.extend(rest);
                deck[3..].rotate_left(seed as usize % 20);
                setup.deck = Some(deck);
                setup.seed = seed.into();
                check_from(setup, &moves, seed, record.setup.players.len());
            }
        }
    }
}

fn run(players: usize, kind: SetupKind, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        check_game(players, kind, seed);
    }
}

#[test]
fn two_players_variable_a() {
    run(2, SetupKind::Variable, 0..GAMES);
}
#[test]
fn two_players_variable_b() {
    run(2, SetupKind::Variable, GAMES..2 * GAMES);
}
#[test]
fn two_players_variable_c() {
    run(2, SetupKind::Variable, 2 * GAMES..3 * GAMES);
}
#[test]
fn two_players_variable_d() {
    run(2, SetupKind::Variable, 3 * GAMES..4 * GAMES);
}
#[test]
fn three_players_basic_a() {
    run(3, SetupKind::Basic, 0..GAMES);
}
#[test]
fn three_players_basic_b() {
    run(3, SetupKind::Basic, GAMES..2 * GAMES);
}
#[test]
fn three_players_variable_a() {
    run(3, SetupKind::Variable, 2 * GAMES..3 * GAMES);
}
#[test]
fn three_players_variable_b() {
    run(3, SetupKind::Variable, 3 * GAMES..4 * GAMES);
}
#[test]
fn four_players_basic_a() {
    run(4, SetupKind::Basic, 0..GAMES);
}
#[test]
fn four_players_basic_b() {
    run(4, SetupKind::Basic, GAMES..2 * GAMES);
}
#[test]
fn four_players_variable_a() {
    run(4, SetupKind::Variable, 2 * GAMES..3 * GAMES);
}
#[test]
fn four_players_variable_b() {
    run(4, SetupKind::Variable, 3 * GAMES..4 * GAMES);
}
