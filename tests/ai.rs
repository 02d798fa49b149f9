//! Computer players (issue 10): they never cheat, always move legally, replay exactly, and the
//! referee's `play --bots` writes records that name them.

use loewenherz::engine::ai::{self, Level, Searchable};
use loewenherz::engine::bot::RandomBot;
use loewenherz::engine::classic::game::Phase;
use loewenherz::engine::{classic, newed, AnyRecord, Colour, Rules};
use loewenherz::engine::classic::Treasures;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Positions from seeded random games: every `step`-th position of the first `upto` moves.
fn positions<G: Rules>(start: impl Fn(u64) -> G, seeds: std::ops::Range<u64>, step: usize, upto: usize) -> Vec<G> {
    let mut out = Vec::new();
    for seed in seeds {
        let mut g = start(seed);
        let mut bot = RandomBot::new(seed);
        for i in 0..upto {
            if i % step == step - 1 {
                out.push(g.clone());
            }
            match bot.pick(&g) {
                Some(m) => {
                    g.play(m).expect("legal");
                }
                None => break,
            }
        }
    }
    out
}

fn classic_start(seed: u64) -> classic::game::Game {
    let players = vec![Colour::Red, Colour::Yellow, Colour::Purple];
    classic::game::Game::new(&classic::setup::Setup::new(players, classic::setup::SetupKind::Basic, seed)).expect("setup").0
}

fn new_start(seed: u64) -> newed::Game {
    newed::Game::new(&newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], seed)).expect("setup").0
}

/// The same game with the others' secrets dealt anew (consistently with what `me` sees),
/// sealed bids already laid by others laid again with other amounts.
fn other_secrets(g: &classic::game::Game, me: Colour, seed: u64) -> classic::game::Game {
    let mut alt = g.determinized(me, &mut ChaCha8Rng::seed_from_u64(seed));
    if let Phase::Duel { bidders, bids, .. } = g.phase() {
        for &b in bidders {
            if b != me && bids[b].is_some() {
                let money = (seed as u32 * 7 + 3) % (alt.ducats(b) + 1);
                alt.play(classic::moves::Move::Bid { by: b, money, treasures: Treasures::NONE }).expect("a bid within one's purse");
            }
        }
    }
    alt
}

/// Every level there is, offered in the game or not.
const LEVELS: [Level; 6] = [Level::Random, Level::Lesson, Level::Easy, Level::Medium, Level::Hard, Level::Reference];

#[test]
fn classic_every_level_decides_the_same_whatever_the_others_hold() {
    let mut checked = 0;
    let mut differing_truths = 0;
    for g in positions(classic_start, 0..6, 23, 140) {
        let Some((me, _)) = ai::next_to_ask(&g, &[]) else { continue };
        let alts: Vec<_> = [1, 2].iter().map(|&s| other_secrets(&g, me, s)).collect();
        for alt in &alts {
            if (0..3).any(|i| g.hand(g.players()[i]) != alt.hand(alt.players()[i])) || g.deck() != alt.deck() {
                differing_truths += 1;
            }
        }
        // Every level (issue 34), each with its own seed.
        for level in LEVELS {
            let mine = ai::decide(&g, me, level, 11).expect("a decision");
            for alt in &alts {
                assert_eq!(mine, ai::decide(alt, me, level, 11).expect("a decision"), "{level:?}: {me} in round {} chose differently when others' secrets changed", g.round());
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions");
    assert!(differing_truths >= checked, "the other truths must really differ ({differing_truths} of {checked})");
}

#[test]
fn new_edition_every_level_decides_the_same_whatever_the_others_hold() {
    let mut checked = 0;
    for g in positions(new_start, 0..5, 29, 180) {
        let Some((me, _)) = ai::next_to_ask(&g, &[]) else { continue };
        let alts: Vec<_> = [3, 4].iter().map(|&s| g.determinized(me, &mut ChaCha8Rng::seed_from_u64(s))).collect();
        for alt in &alts {
            assert_ne!((0..3).map(|i| alt.hand(alt.players()[i]).to_vec()).collect::<Vec<_>>(), (0..3).map(|i| g.hand(g.players()[i]).to_vec()).collect::<Vec<_>>(), "a different truth");
        }
        // Every level (issue 34), each with its own seed.
        for level in LEVELS {
            let mine = ai::decide(&g, me, level, 5).expect("a decision");
            for alt in &alts {
                assert_eq!(mine, ai::decide(alt, me, level, 5).expect("a decision"), "{level:?}: {me} chose differently when others' cards changed");
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions");
}

#[test]
fn a_sealed_bid_ignores_the_bids_already_laid() {
    // Find duels in seeded games where another bidder has already bid.
    let mut found = 0;
    for g in positions(classic_start, 0..40, 1, 200) {
        let Phase::Duel { bidders, bids, .. } = g.phase() else { continue };
        let Some(&me) = bidders.iter().find(|&&b| bids[b].is_none()) else { continue };
        if !bidders.iter().any(|&b| b != me && bids[b].is_some()) {
            continue;
        }
        let mine = ai::decide(&g, me, Level::Medium, 3).expect("a bid");
        for s in 0..4 {
            assert_eq!(mine, ai::decide(&other_secrets(&g, me, s), me, Level::Medium, 3).expect("a bid"), "the bid followed another's");
        }
        found += 1;
        if found == 8 {
            break;
        }
    }
    assert!(found >= 3, "only {found} duels found");
}

/// Whole games with a computer in every seat: every decision is legal in the true game.
fn whole_game<G: Searchable>(mut g: G, levels: &[Level], seed: u64) -> G {
    let mut passed = Vec::new();
    let mut ply = 0;
    while let Some((c, due)) = ai::next_to_ask(&g, &passed) {
        let level = levels[g.seats().iter().position(|&s| s == c).expect("seated") % levels.len()];
        match ai::decide(&g, c, level, ai::bot_seed(seed.into(), ply, c)).expect("a decision").0 {
            Some(m) => {
                g.play(m).unwrap_or_else(|e| panic!("{c} ({}) chose {m}: {e}", level.name()));
                ply += 1;
                passed.clear();
            }
            None => {
                assert!(!due, "{c} is due and passed");
                passed.push(c);
            }
        }
        assert!(ply < 5000, "the game ends");
    }
    g
}

#[test]
fn computers_finish_games_of_both_editions_with_legal_moves() {
    for seed in 0..3 {
        assert!(whole_game(classic_start(seed), &[Level::Easy, Level::Random, Level::Easy], seed).is_over());
        assert!(whole_game(new_start(seed), &[Level::Easy, Level::Random, Level::Easy], seed).is_over());
    }
    let two = classic::setup::Setup { neutral: Some(Colour::Purple), ..classic::setup::Setup::new(vec![Colour::Red, Colour::Yellow], classic::setup::SetupKind::Variable, 4) };
    assert!(whole_game(classic::game::Game::new(&two).expect("setup").0, &[Level::Easy], 4).is_over());
}

#[test]
fn the_same_seed_gives_the_same_move() {
    for g in positions(new_start, 7..9, 31, 120) {
        let Some((me, _)) = ai::next_to_ask(&g, &[]) else { continue };
        assert_eq!(ai::decide(&g, me, Level::Medium, 99), ai::decide(&g, me, Level::Medium, 99));
    }
}

#[test]
fn bots_are_written_and_read_in_one_header() {
    let bots = ai::parse_bots("yellow:hard,purple:easy").expect("valid");
    assert_eq!(bots, vec![(Colour::Yellow, Level::Hard), (Colour::Purple, Level::Easy)]);
    assert_eq!(ai::parse_bots(&ai::format_bots(&bots)).expect("round trip"), bots);
    assert!(ai::parse_bots("yellow:genius").unwrap_err().to_string().contains("unknown level"));
    assert!(ai::parse_bots("yellow:hard,yellow:easy").unwrap_err().to_string().contains("twice"));
    let hostile = ai::parse_bots("\u{1b}[2Jred").unwrap_err().to_string();
    assert!(!hostile.contains('\u{1b}') && !hostile.contains('\n'), "echoed input is escaped: {hostile}");
}

#[test]
fn the_referee_plays_computers_and_names_them_in_the_record() {
    let exe = env!("CARGO_BIN_EXE_loewenherz-cli");
    let out = std::process::Command::new(exe).args(["play", "--players", "3", "--seed", "5", "--bots", "easy,random,medium"]).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("[Bots \"red:easy yellow:random purple:medium\"]"), "{}", &text[..300.min(text.len())]);
    let rec = AnyRecord::parse(&text).expect("parses");
    assert!(rec.replay().expect("replays").is_over());
    let arena = std::process::Command::new(exe).args(["arena", "--edition", "new", "--players", "2", "--games", "2", "--bots", "easy,random"]).output().expect("runs");
    let report = String::from_utf8(arena.stdout).expect("utf-8");
    assert!(arena.status.success() && report.lines().any(|l| l.starts_with("easy wins ") && l.ends_with('%')), "{report}");
}

/// The evaluation's ground potential, walked space by space: rings through open edges, stopping
/// at another castle, each ring's worth discounted by the open edges leading out.
fn potential_by_walk(board: &loewenherz::engine::Board, castle: loewenherz::engine::Space, worth: impl Fn(loewenherz::engine::grid::SpaceSet) -> f32) -> f32 {
    use loewenherz::engine::grid::SpaceSet;
    let grid = board.grid();
    let mut ball = SpaceSet::EMPTY;
    ball.insert(castle);
    let mut frontier = vec![castle];
    let mut best: f32 = 0.0;
    for _ in 0..3 {
        let mut next = Vec::new();
        for &s in &frontier {
            for (n, e) in grid.neighbours(s) {
                if !ball.contains(n) && !board.has_border(e) {
                    if board.all_castles().contains(n) {
                        return best;
                    }
                    ball.insert(n);
                    next.push(n);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
        let leaks = ball.iter().flat_map(|s| grid.neighbours(s)).filter(|&(n, e)| !ball.contains(n) && !board.has_border(e)).count();
        best = best.max(worth(ball) * (1.0 - leaks as f32 / 8.0).max(0.0));
    }
    best
}

#[test]
fn the_bit_parallel_ground_potential_is_the_walk_space_by_space() {
    // Both boards (Classic's and the New Edition's), castles open and half closed in.
    let worth = |s: loewenherz::engine::grid::SpaceSet| s.len() as f32 + 0.25 * s.first().map_or(0, |f| f.index()) as f32;
    let mut castles = 0;
    let boards: Vec<loewenherz::engine::Board> = positions(classic_start, 0..6, 7, 300)
        .into_iter()
        .map(|g| g.board().clone())
        .chain(positions(new_start, 0..6, 7, 300).into_iter().map(|g| g.board().clone()))
        .collect();
    for board in &boards {
        let ground = ai::Ground::of(board);
        for c in Colour::ALL {
            for k in board.castles(c).iter() {
                castles += 1;
                assert_eq!(ground.potential(k, worth).to_bits(), potential_by_walk(board, k, worth).to_bits(), "castle {k} on {board:?}");
            }
        }
    }
    assert!(castles > 1000, "{castles} castles checked");
}

#[test]
fn new_edition_computers_build_rather_than_trade_cards_forever() {
    // Selling a card and taking another from the market is a turn that changes nothing on the
    // board: bots that valued every ducat alike did it hundreds of times, hoarding money over
    // empty boards. Two medium bots now play a game of a few hundred moves and found regions.
    for seed in [5, 6] {
        let mut setup = newed::Setup::new(vec![Colour::Red, Colour::Blue], seed);
        setup.neutral = Some(Colour::Orange);
        let mut g = newed::Game::new(&setup).expect("setup").0;
        let mut moves = 0;
        let mut sells = 0;
        let mut passed = Vec::new();
        while let Some((c, _)) = ai::next_to_ask(&g, &passed) {
            match ai::decide(&g, c, Level::Medium, ai::bot_seed(seed.into(), moves, c)).expect("a decision").0 {
                Some(m) => {
                    sells += usize::from(matches!(m, newed::Move::Sell { .. }));
                    g.play(m).expect("legal");
                    moves += 1;
                    passed.clear();
                }
                None => passed.push(c),
            }
        }
        assert!(moves < 600, "seed {seed}: {moves} moves");
        // With money scarce (the calibrated cards, issue 20) a sale is a fair move while saving
        // up: about 2 cards sold per card played. Trading forever was hundreds of sales.
        assert!(sells < moves / 3, "seed {seed}: {sells} of {moves} moves sold a card");
        for c in [Colour::Red, Colour::Blue] {
            assert!(g.board().provinces(c).count() >= 1, "seed {seed}: {c} founded no region");
            assert!(g.ducats(c) < 100, "seed {seed}: {c} hoarded {} ducats", g.ducats(c));
        }
    }
}

/// Issues 20 and 24: two hard computers (New Edition, 2 players, seed 5008) fell into selling a
/// card and taking another back from the market every turn from turn 89 on, and the game ran
/// 1,281 turns and ended with 3,539 ducats. The position is that game at turn 95 (blue leads
/// 19 to 7, 16 cards left in the deck; every turn after it was sell-and-take, the deck never
/// shrank). From it, hard computers with their normal settings (seeds as `arena` gives them)
/// must run the deck down: the leader draws rather than take back what was just sold (R-N13: a
/// refill may take any market card but the one sold this turn; R-N8: only the deck's last card
/// drawn starts the game's end).
#[test]
fn new_edition_hard_computers_run_the_deck_down_rather_than_sell_and_take_forever() {
    let (g, turns) = turns_from_the_loop(|_| Level::Hard, 6);
    assert!(g.deck_len() + 2 <= 16, "6 turns drew {} cards from the deck", 16 - g.deck_len());
    let loops = turns.iter().filter(|t| t.1).count();
    assert!(loops < 5, "{loops} of 6 turns sold a card and took one from the market");
}

/// Plays `n` turns from the looping position of seed 5008 (see above) with each colour at its
/// level, bot seeds as `arena` gives them; returns the game and, per turn, who moved and whether
/// that turn sold a card and took one from the market.
fn turns_from_the_loop(level: impl Fn(Colour) -> Level, n: u32) -> (newed::Game, Vec<(Colour, bool)>) {
    let text = include_str!("positions/newed_hard_loop_5008.txt");
    let mut g = match AnyRecord::parse(text).expect("parses").replay().expect("replays") {
        loewenherz::engine::AnyGame::New(g) => g,
        _ => panic!("a New Edition record"),
    };
    let start = g.turns();
    assert_eq!((g.deck_len(), g.score(Colour::Blue), g.score(Colour::Red)), (16, 19, 7), "the looping position");
    // The arena's bot seeds count the moves from the game's start.
    let mut ply = text.lines().filter(|l| !l.is_empty() && !l.starts_with('[')).count();
    let mut turns = Vec::new();
    let (mut sold, mut took) = (false, false);
    let mut passed = Vec::new();
    while g.turns() < start + n {
        let Some((c, _)) = ai::next_to_ask(&g, &passed) else { break };
        let turn = g.turns();
        match ai::decide(&g, c, level(c), ai::bot_seed(5008.into(), ply, c)).expect("a decision").0 {
            Some(m) => {
                sold |= matches!(m, newed::Move::Sell { .. });
                took |= matches!(m, newed::Move::Take { .. });
                g.play(m).expect("legal");
                ply += 1;
                passed.clear();
            }
            None => passed.push(c),
        }
        if g.turns() != turn {
            turns.push((c, sold && took));
            (sold, took) = (false, false);
        }
    }
    (g, turns)
}

/// Issue 24: the hard level values each mountain in a province by the scorings of it still to
/// come, read from the deck as everyone may know it: 3 silver finds (stacks B, C and D; the
/// basic game leaves stack A out, so the first card turned up may be one), one fewer after
/// each is turned up, and each scores exactly the mountains counted in
/// one's provinces (RULES.md, Classic scoring: a silver find and the end, 1 per mountain space).
#[test]
fn classic_silver_finds_left_and_mountains_follow_the_game() {
    use loewenherz::engine::classic::event::{Event, ScoreReason};
    for seed in 0..4 {
        let mut g = classic_start(seed);
        let silver = |g: &classic::game::Game| g.deck().iter().filter(|c| c.face() == loewenherz::engine::classic::cards::CardFace::SilverFind).count();
        // The first card is already turned up: a silver find on top of the deck is scored.
        let at_start = g.silver_finds_left();
        assert!(at_start == 3 || (at_start == 2 && g.round() == 1), "seed {seed}: {at_start} silver finds left at the start");
        assert_eq!(at_start, silver(&g));
        let mut bot = RandomBot::new(seed);
        let mut seen = 0;
        while let Some(m) = bot.pick(&g) {
            let before = g.silver_finds_left();
            let mountains: Vec<(Colour, u32)> = g.players().iter().map(|&c| (c, g.mountains(c))).collect();
            let events = g.play(m).expect("legal");
            let found = events.iter().any(|e| matches!(e, Event::Score { reason: ScoreReason::SilverFind, .. }))
                || (g.silver_finds_left() < before);
            if found {
                seen += 1;
                assert_eq!(g.silver_finds_left(), before - 1, "seed {seed}: a silver find leaves the deck");
                for e in &events {
                    if let Event::Score { colour, delta, reason: ScoreReason::SilverFind } = e {
                        let had = mountains.iter().find(|(c, _)| c == colour).map(|m| m.1);
                        assert_eq!(Some(*delta as u32), had, "seed {seed}: {colour} scores its mountains");
                    }
                }
            } else {
                assert_eq!(g.silver_finds_left(), before, "seed {seed}: {m} turned up no silver find");
            }
        }
        assert!(g.is_over());
        assert_eq!(g.silver_finds_left(), silver(&g));
        assert_eq!(seen, at_start - g.silver_finds_left(), "seed {seed}");
    }
}

/// Issue 24: against the frozen level, which leads and then never draws (it sells a card and
/// takes another from the market each turn), the hard level trailing did the same, and games
/// ran hundreds or thousands of turns: a trailer was told that every card drawn brings its
/// defeat nearer. From the position of the test above (blue leads 19 to 7, 16 cards in the
/// deck) with blue playing the frozen level, red (hard, trailing) must still take its turns
/// forward: build, or draw from the deck (R-N8: only the deck's last card starts the end),
/// rather than sell and take back from the market (R-N13).
#[test]
fn new_edition_a_trailing_hard_computer_plays_on_rather_than_sell_and_take_with_the_leader() {
    let (_, turns) = turns_from_the_loop(|c| if c == Colour::Red { Level::Hard } else { Level::Reference }, 8);
    let red: Vec<bool> = turns.iter().filter(|t| t.0 == Colour::Red).map(|t| t.1).collect();
    let loops = red.iter().filter(|&&l| l).count();
    assert!(red.len() >= 3, "red had {} turns", red.len());
    assert!(loops <= 1, "{loops} of red's {} turns sold a card and took one from the market", red.len());
}

// R-N4: computers (and hints, which ask them through the same record) play a card only for an
// action that can begin. Red holds an expansion with no region, a Renegade with no region and
// a one-border card: the first two can only be sold, so no level at any seed plays them.
#[test]
fn new_edition_computers_and_hints_never_play_a_card_whose_action_cannot_begin() {
    let record = "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Seed \"5\"]\n\
                  [Tiles \"A0 B0 C0 D0 K0 E0 F0 G0 H0\"]\n[Deck \"D1 D2 D3 D4 D5 D6\"]\n[Castles \"red:a1 orange:h12,l12\"]\n\
                  [Hands \"red:A14,C11,A1 blue:D10,D11,D12 orange:D13,D14,D15\"]\n";
    let mut chosen = std::collections::BTreeSet::new();
    for (level, seeds) in [(Level::Random, 0..8), (Level::Easy, 0..8), (Level::Medium, 0..4), (Level::Hard, 0..1)] {
        for seed in seeds {
            let line = ai::decide_record(record, Colour::Red, level, seed).expect("a decision").line.expect("red must move");
            assert!(!line.starts_with("red play A14") && !line.starts_with("red play C11"), "{level:?} seed {seed}: {line}");
            chosen.insert(line);
        }
    }
    assert!(chosen.iter().all(|l| l.starts_with("red sell ") || l == "red play A1"), "{chosen:?}");
}

/// Issue 24: a search that runs long stops at its time limit and still plays a legal move; one
/// that ends within the limit decides as if there were none.
#[test]
fn a_search_stops_at_its_time_limit_with_a_legal_move() {
    use loewenherz::engine::ai::search::Limit;
    use std::cell::Cell;
    fn check<G: Searchable>(g: &G) -> bool {
        let Some((me, true)) = ai::next_to_ask(g, &[]) else { return false };
        // A clock that jumps a minute at every look: the limit is reached at once.
        let t = Cell::new(0.0);
        let jumpy = || {
            t.set(t.get() + 60.0);
            t.get()
        };
        // Every level (issue 34): those that don't search ignore the clock.
        for level in LEVELS {
            let (m, _) = ai::decide_within(g, me, level, 7, Some(Limit { clock: &jumpy, seconds: 1.5 })).expect("a decision");
            let m = m.expect("a move when due");
            g.clone().play(m).unwrap_or_else(|e| panic!("{level:?}: {m} after the limit is illegal: {e}"));
            // A clock that stands still: the limit is never reached, the decision is the unlimited one.
            let still = || 0.0;
            assert_eq!(ai::decide_within(g, me, level, 7, Some(Limit { clock: &still, seconds: 1.5 })), ai::decide(g, me, level, 7), "{level:?}");
        }
        true
    }
    let mut n = 0;
    for g in positions(classic_start, 3..5, 23, 200) {
        n += usize::from(check(&g));
    }
    for g in positions(new_start, 3..5, 23, 200) {
        n += usize::from(check(&g));
    }
    assert!(n >= 4, "only {n} positions");
}

/// Red's turn played by `level` from `start` to its end (the next colour due is another): the
/// game after it, red's first move and the points red's foundings scored.
fn red_turn(start: &newed::Game, level: Level, seed: u64) -> (newed::Game, Option<newed::Move>, i32) {
    use loewenherz::engine::newed::{Event, ScoreReason};
    let mut g = start.clone();
    let mut first = None;
    let mut founded = 0;
    let mut ply = 0;
    while let Some((Colour::Red, _)) = ai::next_to_ask(&g, &[]) {
        let m = ai::decide(&g, Colour::Red, level, ai::bot_seed(seed.into(), ply, Colour::Red)).expect("a decision").0.expect("red is due");
        first.get_or_insert(m);
        for e in g.play(m).expect("legal") {
            if let Event::Score { colour: Colour::Red, reason: ScoreReason::Founding, delta } = e {
                founded += delta;
            }
        }
        ply += 1;
        assert!(ply < 20, "{level:?} seed {seed}: red's turn doesn't end");
    }
    (g, first, founded)
}

/// Issue 34: from a New Edition position where founding a region is clearly best, the hard level
/// plays a card that builds it and founds the region that turn. The reference layout, three
/// players; red's castle stands on a1 (b1 a forest, a2 a gold mine, b2 a village) with three of
/// the four borders around a1, b1, a2, b2 placed: only b2-b3 is missing. Blue's and orange's
/// castles stand far away (l12, l1). Red holds a one-border card (A1, price 2), a knight card (A9,
/// price 2) and an expansion (A14, which needs a region: unplayable), and has 7 ducats. Playing A1
/// for the border b2-b3 founds a region worth 4 points (forest 1, village 3: R-N14) that pays a
/// ducat every turn from then on (its gold mine, R-N13); selling brings 1 ducat, a knight scores
/// nothing, and the deck is full (no end bonus for hoarded ducats in sight).
///
/// Before issue 34 the hard level sold here (3 seeds of 3): its tree valued a card played by the
/// average over the borders tried after it, each tried once before any twice — a hundred and more
/// on an open board, nearly all useless. The frozen `reference` still sells here (0 of 8 seeds).
/// Medium and easy, which now try a card's steps best first too (issue 34), found the region on 6
/// of 8 seeds each (on an open board a card has many steps and their search is small): held to that,
/// so that they never find it less often. `random` and `lesson` don't judge moves.
#[test]
fn new_edition_hard_computers_found_the_region_that_is_clearly_best() {
    let record = "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Seed \"5\"]\n\
                  [Tiles \"A0 B0 C0 D0 K0 E0 F0 G0 H0\"]\n[Castles \"red:a1 blue:l12 orange:l1\"]\n\
                  [Borders \"b1-c1 b2-c2 a2-a3\"]\n[Ducats \"red:7 blue:7 orange:7\"]\n\
                  [Hands \"red:A1,A9,A14 blue:D10,D11,D12 orange:D13,D14,D15\"]\n";
    let start = match AnyRecord::parse(record).expect("parses").replay().expect("replays") {
        loewenherz::engine::AnyGame::New(g) => g,
        _ => panic!("a New Edition record"),
    };
    assert!(start.board().provinces(Colour::Red).next().is_none(), "no region yet");
    for seed in 0..3 {
        let (g, first, founded) = red_turn(&start, Level::Hard, seed);
        assert!(matches!(first, Some(newed::Move::Play { card, .. }) if card.to_string() == "A1"), "hard seed {seed}: red began with {first:?}");
        assert_eq!(founded, 4, "hard seed {seed}: red founded {founded} points");
        assert_eq!(g.board().provinces(Colour::Red).count(), 1, "hard seed {seed}");
    }
    for level in [Level::Medium, Level::Easy] {
        let n = (0..8)
            .filter(|&seed| {
                let (_, first, founded) = red_turn(&start, level, seed);
                matches!(first, Some(newed::Move::Play { card, .. }) if card.to_string() == "A1") && founded == 4
            })
            .count();
        assert!(n >= 6, "{level:?} built on {n} of 8 seeds (was 6)");
    }
}

/// Issue 34: from a New Edition position where founding a region is clearly best, every level
/// that judges moves plays the card that builds it. Three players, the reference layout, and the
/// board shut up but for red's corner: blue's region holds columns c–l (castle h8), orange's
/// a4–b12 (castle a6), and the six spaces a1, b1, a2, b2, a3, b3 are open land with two castles,
/// red's on a1 and blue's on b3, the border a2-a3 already placed. One border, b2-b3, parts them:
/// red's region a1, b1, a2, b2 is founded, worth 4 points (forest b1 1, village b2 3: R-N14) and a
/// ducat every turn from then on (its gold mine a2, R-N13); blue's a3, b3 too (forest a3: 1,
/// R-B5). Red holds a one-border card (A1, price 2) and two expansions (A14, A15: they need a
/// region, so can't be played), has 7 ducats and leads 10 to 4 (a level game, so that the frozen
/// evaluation's absolute scoring, which flattens differences for a player far behind, still
/// tells the moves apart); a sale brings a ducat, and the deck is full (no end bonus in sight).
/// So A1 for b2-b3 is clearly the best turn. Only six edges are open to a border (the rest of the
/// board lies inside regions), so that the frozen tree (`reference`'s, and medium's and easy's
/// before issue 34), which tries every border once before any twice, can find it at all; on an
/// open board `reference` sells (the test above).
///
/// Every level that judges moves plays A1 and founds the region on every seed tried. Before issue
/// 34 medium and easy (the frozen tree, with 100 and 30 iterations here) found it on 7 and 4 of 8
/// seeds: they valued a card played by the average of the borders tried after it, one try each,
/// so A1 looked only a little better than a sale, and easy takes on purpose a move it liked
/// almost as much. Now they try a card's steps best first, as hard does (`Budget::steps`; easy
/// with 60 iterations): 24 of 24 seeds each. `random` and `lesson` don't judge moves (uniform;
/// the lessons' rule of thumb): not checked.
#[test]
fn new_edition_every_level_founds_the_region_that_is_clearly_best() {
    let split: Vec<String> = (4..=12).map(|r| format!("b{r}-c{r}")).collect();
    let record = format!(
        "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Seed \"5\"]\n\
         [Tiles \"A0 B0 C0 D0 K0 E0 F0 G0 H0\"]\n[Castles \"red:a1 blue:b3,h8 orange:a6\"]\n\
         [Borders \"a2-a3 b1-c1 b2-c2 b3-c3 a3-a4 b3-b4 {}\"]\n[Ducats \"red:7 blue:7 orange:7\"]\n\
         [Scores \"red:10 blue:4 orange:4\"]\n[Hands \"red:A1,A14,A15 blue:D10,D11,D12 orange:D13,D14,D15\"]\n",
        split.join(" ")
    );
    let start = match AnyRecord::parse(&record).expect("parses").replay().expect("replays") {
        loewenherz::engine::AnyGame::New(g) => g,
        _ => panic!("a New Edition record"),
    };
    assert!(start.board().provinces(Colour::Red).next().is_none(), "no red region yet");
    assert_eq!(start.board().provinces(Colour::Blue).count(), 1, "blue's region c–l");
    assert_eq!(start.board().provinces(Colour::Orange).count(), 1, "orange's region a4–b12");
    // Red's turn from the position, to its end: did it begin with A1 and found 4 points?
    let builds = |level: Level, seed: u64| -> bool {
        let (g, first, founded) = red_turn(&start, level, seed);
        let built = matches!(first, Some(newed::Move::Play { card, .. }) if card.to_string() == "A1") && founded == 4;
        assert_eq!(built, g.board().provinces(Colour::Red).count() == 1, "{level:?} seed {seed}: a region founded by another card");
        built
    };
    for (level, seeds) in [(Level::Hard, 0..3), (Level::Reference, 0..3), (Level::Medium, 0..8), (Level::Easy, 0..8)] {
        for seed in seeds {
            assert!(builds(level, seed), "{level:?} seed {seed}: red didn't play A1 and found its region");
        }
    }
}

/// Issue 34: the hard level's weights live in one data file (`src/engine/ai/weights.txt`); it
/// names every weight once, tuning runs print it back in the same format, and a misspelt,
/// repeated or missing weight is refused rather than read as 0.
#[test]
fn the_weights_file_names_every_weight_once_and_round_trips() {
    use loewenherz::engine::ai::weights::{built_in, Tuning, NAMES};
    let file = built_in();
    assert_eq!(Tuning::parse(&file.lines()), Ok(file));
    let text = file.lines();
    assert!(Tuning::parse(&text.replacen("new.potential", "new.potentail", 1)).unwrap_err().contains("unknown weight"));
    assert!(Tuning::parse(&format!("{text}new.hand 2\n")).unwrap_err().contains("twice"));
    let missing: String = text.lines().filter(|l| !l.starts_with("classic.knights ")).map(|l| format!("{l}\n")).collect();
    assert_eq!(Tuning::parse(&missing).unwrap_err(), "classic.knights is missing");
    assert!(Tuning::parse(&text.replacen("new.hand 1.2", "new.hand NaN", 1)).is_err());
    assert_eq!(NAMES.len(), text.lines().count());
}
