//! New Edition rule tests, one behaviour each, named for it and citing the rulings of
//! shared/RULES.md ("New Edition", R-N1 … R-N16, and the shared R-B… it relies on). Written from
//! the rulebook (shared/seeds/002_565d5b9b6ae8b9e3.txt) and the rulings, not from the engine.
//!
//! Every position is a game record (shared/NOTATION.md, "New Edition records") on the reference
//! layout `A0 B0 C0 D0 K0 E0 F0 G0 H0`:
//!
//! ```text
//!    abcdefghijkl
//!  1 .F..FF....F.
//!  2 1VF..3.VF3..
//!  3 F..2.FF...VF
//!  4 .FF.4FF..1FF
//!  5 .FF..1F...F.
//!  6 ..4FFK.2.V.F
//!  7 VF.F...FF.1.
//!  8 F2..3F4..FVF
//!  9 .FV..FF..F.F
//! 10 .FF.F.VFFF..
//! 11 2..F.3.FFV4.
//! 12 .VF.FF..F.F.
//! ```
//! (`.` meadow, `F` forest 1, `V` village 3, `K` King's city 5, mines `1` gold, `2` silver,
//! `3` copper, `4` gems — meadows and mines 0.)
//!
//! A custom position is a board: a component with exactly one castle is a region, so every
//! position keeps the land outside its regions either castle-free (a neutral zone) or holding two
//! castles or more (open land) — `OPEN_LAND` puts two orange castles in the bottom row for that.

mod newed_common;

use loewenherz::engine::newed::{Event, Game, Phase, PowerCardId, ScoreReason, Work};
use loewenherz::engine::{Colour, IllegalMove, MineKind, Space};
use newed_common::*;
use serde_json::Value;

// ----- positions ---------------------------------------------------------------------------

const P3: &str = "red blue orange";

/// Two orange castles on the bottom row: the land outside the test's regions is open land.
const OPEN_LAND: &str = "orange:h12,l12";

/// Red's region a1–b3 (castle a1: forest b1, village b2, forest a3 = 5; gold a2) beside blue's
/// region c1–d3 (castle d1: forest c2 = 1; silver d3). They share the edges b1-c1, b2-c2, b3-c3.
const TWO_REGIONS: &str = "a3-a4 b3-b4 b1-c1 b2-c2 b3-c3 d1-e1 d2-e2 d3-e3 c3-c4 d3-d4";
/// Red's corner region a1, b1, a2, b2 (castle a1): forest 1 + village 3 = 4, a gold mine.
const CORNER: &str = "b1-c1 b2-c2 a2-a3 b2-b3";
/// The region k7 (gold), l7 (castle l7).
const K7: &str = "k6-k7 l6-l7 j7-k7 k7-k8 l7-l8";
/// The region i4 (castle), j4 (gold), all but its last border j4-j5.
const J4_OPEN: &str = "i3-i4 j3-j4 h4-i4 j4-k4 i4-i5";
/// The King's city region f6, g6 (castle g6), all but its last border g6-h6.
const KING_OPEN: &str = "e6-f6 f5-f6 f6-f7 g5-g6 g6-g7";

/// A custom position on the reference layout.
fn custom(players: &str, headers: &str, moves: &str) -> String {
    let deck = if headers.contains("[Deck") { String::new() } else { "[Deck \"D1 D2 D3 D4 D5 D6\"]\n".into() };
    format!(
        "[Edition \"new\"]\n[Players \"{players}\"]\n[Setup \"custom\"]\n[Seed \"5\"]\n[Tiles \"{REFERENCE_TILES}\"]\n{deck}{headers}\n{moves}\n"
    )
}

/// A three-player custom position.
fn three(headers: &str, moves: &str) -> String {
    custom(P3, headers, moves)
}

/// Hands for red, blue and orange, red's given.
fn hands(red: &str) -> String {
    format!("[Hands \"red:{red} blue:D10,D11,D12 orange:D13,D14,D15\"]")
}

fn sp(name: &str) -> Space {
    Space::parse(name).expect("space")
}

fn summary(g: &Game) -> Value {
    g.summary()
}

fn player(g: &Game, colour: &str) -> Value {
    g.summary()["players"][colour].clone()
}

fn cards(list: &[PowerCardId]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|c| c.to_string()).collect();
    v.sort();
    v
}

fn strings(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn to_move(g: &Game) -> Vec<String> {
    g.to_move().iter().map(|c| c.name().to_string()).collect()
}

fn winners(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g.winners().iter().map(|c| c.name().to_string()).collect();
    v.sort();
    v
}

fn borders(g: &Game) -> Vec<String> {
    summary(g)["borders"].as_array().unwrap().iter().map(|b| b.as_str().unwrap().to_string()).collect()
}

fn region_castles(g: &Game, colour: &str) -> Vec<String> {
    let mut v: Vec<String> = player(g, colour)["regions"].as_array().unwrap().iter().map(|r| r["castle"].as_str().unwrap().to_string()).collect();
    v.sort();
    v
}

fn region(g: &Game, colour: &str, castle: &str) -> Value {
    player(g, colour)["regions"].as_array().unwrap().iter().find(|r| r["castle"] == castle).cloned().unwrap_or_else(|| panic!("{colour} has no region of {castle}"))
}

fn in_refill(g: &Game, colour: &str) -> bool {
    matches!(g.phase(), Phase::Refill { by, .. } if *by == c(colour))
}

fn choosing(g: &Game, colour: &str) -> bool {
    matches!(g.phase(), Phase::Choose { by } if *by == c(colour))
}

fn work(g: &Game) -> Option<Work> {
    match g.phase() {
        Phase::Perform { work, .. } => Some(*work),
        _ => None,
    }
}

/// Every score change among the events, in order, zero changes left out.
fn all_score_changes(events: &[Event]) -> Vec<(Colour, i32, ScoreReason)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Score { colour, delta, reason } if *delta != 0 => Some((*colour, *delta, *reason)),
            _ => None,
        })
        .collect()
}

fn ducat_bonus(events: &[Event], colour: &str) -> i32 {
    score_changes(events, c(colour)).iter().filter(|(_, r)| *r == ScoreReason::DucatBonus).map(|(d, _)| d).sum()
}

/// All sixty cards in table order (A1 … D15), as a `Deck` value.
fn full_deck() -> String {
    PowerCardId::all().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// A placement record (`[Setup "variable"]`) on the reference layout, the deck in table order.
fn variable(players: &str, extra: &str, moves: &str) -> String {
    format!("[Edition \"new\"]\n[Players \"{players}\"]\n{extra}[Setup \"variable\"]\n[Seed \"3\"]\n[Tiles \"{REFERENCE_TILES}\"]\n[Deck \"{}\"]\n{moves}\n", full_deck())
}

fn no_scores(events: &[Event]) -> bool {
    !events.iter().any(|e| matches!(e, Event::Score { .. }))
}

// ----- placement (R-N12, R-N3, R-C3, R-N15) ----------------------------------------------------

// R-N12: the hands are dealt first, three cards a seat, seat by seat from the top of the deck.
#[test]
fn placement_deals_three_cards_a_seat_from_the_top_of_the_deck() {
    let g = game(&variable(P3, "", ""));
    assert_eq!(cards(g.hand(c("red"))), strings(&["A1", "A2", "A3"]));
    assert_eq!(cards(g.hand(c("blue"))), strings(&["A4", "A5", "A6"]));
    assert_eq!(cards(g.hand(c("orange"))), strings(&["A7", "A8", "A9"]));
    assert_eq!(summary(&g)["deck_left"], 51);
    assert!(g.market().is_empty());
    for p in ["red", "blue", "orange"] {
        assert_eq!(g.ducats(c(p)), 7, "start money");
        assert_eq!(g.score(c(p)), 0);
    }
    assert_eq!(to_move(&g), ["red"]);
}

// R-N12: in seat order one castle and then its knight, round by round.
#[test]
fn placement_goes_castle_then_knight_seat_by_seat_round_by_round() {
    let mut g = game(&variable(P3, "", ""));
    refuse(&mut g, "blue castle l1", IllegalMove::NotYourTurn);
    refuse(&mut g, "red knight a5", IllegalMove::NotNow);
    play(&mut g, "red castle a4");
    assert_eq!(to_move(&g), ["red"], "the castle's knight comes next");
    refuse(&mut g, "red castle i4", IllegalMove::NotNow);
    play(&mut g, "red knight a5");
    assert_eq!(to_move(&g), ["blue"]);
    play(&mut g, "blue castle a1");
    play(&mut g, "blue knight b1");
    assert_eq!(to_move(&g), ["orange"]);
    play(&mut g, "orange castle l1");
    play(&mut g, "orange knight l2");
    assert_eq!(to_move(&g), ["red"], "the second round begins with the first seat");
    assert_eq!(g.neutral(), None, "three players: no neutral colour");
}

// R-N12: castles go on a free meadow (not forest, village, King's city or mine).
#[test]
fn a_castle_goes_on_a_free_meadow_only() {
    let mut g = game(&variable(P3, "", ""));
    refuse(&mut g, "red castle b1", IllegalMove::CastleNotOnOpenCountry); // forest
    refuse(&mut g, "red castle a2", IllegalMove::CastleNotOnOpenCountry); // gold mine
    refuse(&mut g, "red castle b2", IllegalMove::CastleNotOnOpenCountry); // village
    refuse(&mut g, "red castle f6", IllegalMove::CastleNotOnOpenCountry); // King's city
    play(&mut g, "red castle a1");
    play(&mut g, "red knight b1");
    refuse(&mut g, "blue castle a1", IllegalMove::SpaceOccupied);
    refuse(&mut g, "blue castle b1", IllegalMove::CastleNotOnOpenCountry);
}

// R-N12: the setup knight stands on a free meadow or forest next to its castle, free of charge.
#[test]
fn the_setup_knight_stands_beside_its_castle_on_meadow_or_forest_free_of_charge() {
    let mut g = game(&variable(P3, "", ""));
    play(&mut g, "red castle d2"); // neighbours: d1 meadow, c2 forest, e2 meadow, d3 silver mine
    refuse(&mut g, "red knight d3", IllegalMove::KnightTerrain);
    refuse(&mut g, "red knight a1", IllegalMove::KnightNotNextToCastle);
    let ev = play(&mut g, "red knight c2");
    assert_eq!(g.ducats(c("red")), 7, "the forest costs nothing at the start");
    assert!(no_scores(&ev));
    assert_eq!(player(&g, "red")["knights_in_stock"], 14);
}

// R-C3 / R-N3: castles of one colour keep six spaces between them (distance 7); other colours may
// stand close.
#[test]
fn castles_of_one_colour_keep_six_spaces_between_them() {
    let mut g = game(&variable(P3, "", "red castle a1\nred knight b1\nblue castle l1\nblue knight l2\norange castle l12\norange knight l11"));
    refuse(&mut g, "red castle g1", IllegalMove::CastleTooClose { min_distance: 7 }); // 6 apart
    refuse(&mut g, "red castle d4", IllegalMove::CastleTooClose { min_distance: 7 }); // 3 + 3
    play(&mut g, "red castle h1"); // 7 apart
    play(&mut g, "red knight i1");
    play(&mut g, "blue castle c3"); // close to red's a1: another colour
    play(&mut g, "blue knight b3");
}

// R-N3 (with R-N16): when no free meadow with room for a knight keeps distance 7, the distance for
// that castle drops to 6 — not further while one at 6 exists. The last placer starts (R-N12) and
// nothing is scored during placement (R-N15).
#[test]
fn castle_distance_drops_to_six_when_no_meadow_keeps_seven() {
    // Red's a4, i4 and g11 leave no meadow at distance 7 or more (from all three).
    let moves = "red castle a4\nred knight a5\nblue castle a1\nblue knight b1\norange castle l1\norange knight l2\n\
                 red castle i4\nred knight i5\nblue castle j5\nblue knight k5\norange castle c8\norange knight c7\n\
                 red castle g11\nred knight g12\nblue castle l12\nblue knight l11\norange castle h12\norange knight h11";
    let (mut g, ev) = replay(&variable(P3, "", moves));
    assert!(no_scores(&ev));
    assert_eq!(g.castle_distance_now(c("red")), 6);
    refuse(&mut g, "red castle c1", IllegalMove::CastleTooClose { min_distance: 6 }); // 5 from a4
    play(&mut g, "red castle d1"); // 6 from a4
    play(&mut g, "red knight e1");
    assert_eq!(g.castle_distance_now(c("blue")), 7);
    play(&mut g, "blue castle e7");
    play(&mut g, "blue knight f7");
    play(&mut g, "orange castle h4");
    let ev = play(&mut g, "orange knight h5");
    // Placement is over: orange placed last and starts (its income — no regions — is 0).
    assert!(choosing(&g, "orange"), "{:?}", g.phase());
    assert_eq!(to_move(&g), ["orange"]);
    assert!(no_scores(&ev));
    for p in ["red", "blue", "orange"] {
        assert_eq!(g.score(c(p)), 0);
        assert_eq!(g.ducats(c(p)), 7);
        assert_eq!(summary(&g)["players"][p]["castles"].as_array().unwrap().len(), 4);
    }
}

// R-N12: with four players each places three castles; the last placer starts. King chip 30 (R-N14).
#[test]
fn four_players_place_three_castles_each_and_the_last_placer_starts() {
    let moves = "red castle a1\nred knight b1\nblue castle l1\nblue knight l2\norange castle j5\norange knight k5\nyellow castle c8\nyellow knight c7\n\
                 red castle h9\nred knight h10\nblue castle g11\nblue knight g12\norange castle l12\norange knight l11\nyellow castle h1\nyellow knight i1\n\
                 red castle c11\nred knight c12\nblue castle a4\nblue knight a5\norange castle e7\norange knight e6";
    let mut g = game(&variable("red blue orange yellow", "", moves));
    assert!(!choosing(&g, "yellow"));
    play(&mut g, "yellow castle k6");
    play(&mut g, "yellow knight l6");
    assert!(choosing(&g, "yellow"), "{:?}", g.phase());
    for p in ["red", "blue", "orange", "yellow"] {
        assert_eq!(summary(&g)["players"][p]["castles"].as_array().unwrap().len(), 3, "{p}");
        assert_eq!(summary(&g)["players"][p]["knights_in_stock"], 12, "{p}");
        assert_eq!(g.score(c(p)), 0);
        assert_eq!(g.hand(c(p)).len(), 3);
    }
    assert_eq!(g.king_chip(), 30);
}

// R-N12: two players alternate four castles of their own, then two each of the neutral colour,
// which keep the distance rule among themselves; the last placer starts. King chip 50 (R-N14).
#[test]
fn two_players_place_four_own_then_two_neutral_each_alternating() {
    let own = "red castle a1\nred knight b1\nblue castle l1\nblue knight l2\nred castle j5\nred knight k5\nblue castle c8\nblue knight c7\n\
               red castle g11\nred knight g12\nblue castle l12\nblue knight l11\nred castle a10\nred knight a9\nblue castle d1\nblue knight d2";
    let mut g = game(&variable("red blue", "[Neutral \"yellow\"]\n", own));
    assert_eq!(g.placement_due(), Some((c("red"), c("yellow"))));
    assert_eq!(to_move(&g), ["red"]);
    play(&mut g, "red castle h9");
    play(&mut g, "red knight h10");
    assert_eq!(g.placement_due(), Some((c("blue"), c("yellow"))));
    refuse(&mut g, "blue castle i9", IllegalMove::CastleTooClose { min_distance: 7 }); // 1 from yellow's h9
    play(&mut g, "blue castle h1");
    play(&mut g, "blue knight i1");
    play(&mut g, "red castle a4");
    play(&mut g, "red knight a5");
    play(&mut g, "blue castle c11");
    let ev = play(&mut g, "blue knight c12");
    assert!(choosing(&g, "blue"), "blue placed last and starts: {:?}", g.phase());
    assert!(no_scores(&ev));
    let s = summary(&g);
    assert_eq!(s["neutral"]["colour"], "yellow");
    assert_eq!(s["neutral"]["knights_in_stock"], 11);
    assert!(s["players"].get("yellow").is_none());
    assert_eq!(g.board().castles(c("yellow")).len(), 4);
    assert_eq!(g.board().castles(c("red")).len(), 4);
    assert!(g.hand(c("yellow")).is_empty());
    assert_eq!(g.king_chip(), 50);
}

// R-N15: nothing is scored during placement — not even when a lone castle makes the whole board
// one region (forests, villages and the King's city, and a monopoly of every mine type).
#[test]
fn nothing_is_scored_during_placement() {
    let (g, ev) = replay(&variable(P3, "", "red castle f7"));
    assert!(no_scores(&ev));
    assert_eq!(g.score(c("red")), 0);
    let (g, ev) = replay(&variable(P3, "", "red castle f7\nred knight g7\nblue castle a1\nblue knight b1"));
    assert!(no_scores(&ev));
    assert_eq!(g.score(c("red")), 0);
    assert_eq!(g.score(c("blue")), 0);
}

// ----- a turn (R-N13, R-N15) -------------------------------------------------------------------

// R-N13: income is 1 ducat per mine *type* in one's regions, paid as the turn begins — a custom
// position begins at the start of Start's turn, so it is paid at once.
#[test]
fn income_is_one_ducat_per_mine_type_in_ones_regions() {
    // Gold twice (a2, k7) and silver once (a11): two types.
    let text = three(
        &format!("[Castles \"red:a1,l7,a12 {OPEN_LAND}\"]\n[Borders \"{CORNER} {K7} a10-a11 b10-b11 b11-c11 b12-c12\"]\n{}", hands("A1,A2,A3")),
        "",
    );
    let (g, ev) = replay(&text);
    assert_eq!(region_castles(&g, "red"), strings(&["a1", "a12", "l7"]));
    assert_eq!(g.income(c("red")), 2);
    assert_eq!(player(&g, "red")["income"], 2);
    assert!(ev.contains(&Event::Income { colour: c("red"), ducats: 2 }), "{ev:?}");
    assert_eq!(g.ducats(c("red")), 9);
}

// R-N13, R-N15: the next player's income is paid right after the previous turn's last move.
#[test]
fn income_is_paid_right_after_the_previous_turns_last_move() {
    let text = three(&format!("[Castles \"blue:l7 red:a1,a12\"]\n[Borders \"{K7}\"]\n{}", hands("A1,A2,A3")), "");
    let mut g = game(&text);
    assert_eq!(g.ducats(c("blue")), 7, "blue's turn has not begun");
    play(&mut g, "red sell A1");
    assert_eq!(g.ducats(c("blue")), 7);
    let ev = play(&mut g, "red draw");
    assert!(ev.contains(&Event::Income { colour: c("blue"), ducats: 1 }), "{ev:?}");
    assert_eq!(g.ducats(c("blue")), 8);
    assert!(choosing(&g, "blue"));
}

// R-N13: selling gains the sale value and puts the card in the market; the refill may take any
// market card except the one sold this turn.
#[test]
fn selling_gains_the_sale_value_and_the_sold_card_cannot_be_taken_back() {
    let text = three(&format!("{}\n[Market \"B5\"]", hands("C6,A1,A2")), "");
    let mut g = game(&text);
    play(&mut g, "red sell C6");
    assert_eq!(g.ducats(c("red")), 7 + sale("C6"));
    assert_eq!(cards(g.market()), strings(&["B5", "C6"]));
    assert_eq!(cards(g.hand(c("red"))), strings(&["A1", "A2"]));
    assert!(in_refill(&g, "red"));
    refuse(&mut g, "red take C6", IllegalMove::CardJustSold);
    refuse(&mut g, "red take D9", IllegalMove::CardNotInMarket);
    play(&mut g, "red take B5");
    assert_eq!(cards(g.hand(c("red"))), strings(&["A1", "A2", "B5"]));
    assert_eq!(cards(g.market()), strings(&["C6"]));
    assert!(choosing(&g, "blue"));
}

// R-N4, R-N13: playing pays the price in full; a card whose price can't be paid can't be played.
#[test]
fn playing_pays_the_price_and_an_unaffordable_card_cannot_be_played() {
    // Red holds one ducat more than A8 (B3) costs, and less than C8.
    let money = price("A8") + 1;
    assert!(price("C8") > money);
    let text = three(&format!("[Ducats \"red:{money}\"]\n{}", hands("C8,A8,A1")), "");
    let mut g = game(&text);
    refuse(&mut g, "red play C8", IllegalMove::CannotAfford);
    let ev = play(&mut g, "red play A8");
    assert_eq!(g.ducats(c("red")), 1);
    assert!(ev.iter().any(|e| matches!(e, Event::Played { price, .. } if *price == money - 1)));
    assert_eq!(work(&g), Some(Work::Borders { left: 3 }));
    assert_eq!(cards(g.hand(c("red"))), strings(&["A1", "C8"]));
}

// R-N13: a card with two actions performs the one its player chooses; one-action cards have only 1.
#[test]
fn a_two_action_card_performs_the_chosen_action() {
    let text = three(&format!("[Castles \"red:g1 {OPEN_LAND}\"]\n{}", hands("A12,A1,A2")), "");
    let mut g = game(&text);
    assert!(loewenherz::engine::newed::Move::parse("red play A12 3").is_err(), "actions are 1 or 2");
    refuse(&mut g, "red play A1 2", IllegalMove::NoSuchAction);
    let mut borders = g.clone();
    play(&mut borders, "red play A12 2");
    assert_eq!(work(&borders), Some(Work::Borders { left: 2 }));
    play(&mut g, "red play A12 1");
    assert_eq!(work(&g), Some(Work::Knights { left: 1 }));
    assert_eq!(g.ducats(c("red")), 7 - price("A12"));
}

// R-N13: a player holding a card must sell or play one: no passing, no drawing instead.
#[test]
fn no_passing_while_holding_a_card() {
    let text = three(&format!("{}\n[Market \"B5\"]", hands("A1,A2,A3")), "");
    let mut g = game(&text);
    refuse(&mut g, "red done", IllegalMove::NotNow);
    refuse(&mut g, "red draw", IllegalMove::NotNow);
    refuse(&mut g, "red take B5", IllegalMove::NotNow);
    let moves = legal(&g);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.starts_with("red sell ") || m.starts_with("red play ")), "{moves:?}");
}

// NOTATION ("done when no action is under way is refused"), R-N4.
#[test]
fn done_when_no_action_is_under_way_is_refused() {
    let mut g = game(&three(&hands("A1,A2,A3"), ""));
    refuse(&mut g, "red done", IllegalMove::NotNow);
    play(&mut g, "red sell A1");
    refuse(&mut g, "red done", IllegalMove::NotNow);
    refuse(&mut g, "blue done", IllegalMove::NotYourTurn);
}

// R-N13: the refill takes one card at a time — deck top or market — until the hand holds three.
#[test]
fn refill_takes_one_card_at_a_time_until_the_hand_holds_three() {
    let text = three("[Deck \"D1 D2 D3\"]\n[Hands \"red:A1 blue:A4,A5,A6 orange:A7,A8,A9\"]\n[Market \"B5\"]", "");
    let mut g = game(&text);
    play(&mut g, "red play A1"); // one border: the action ends by itself
    play(&mut g, "red border e5-e6");
    assert!(in_refill(&g, "red"));
    play(&mut g, "red draw");
    assert_eq!(cards(g.hand(c("red"))), strings(&["D1"]), "the deck's top card");
    assert!(in_refill(&g, "red"));
    play(&mut g, "red take B5");
    assert!(in_refill(&g, "red"));
    play(&mut g, "red draw");
    assert_eq!(cards(g.hand(c("red"))), strings(&["B5", "D1", "D2"]));
    assert_eq!(g.deck_len(), 1);
    assert!(choosing(&g, "blue"));
}

// R-N13: only cards in one's hand can be sold or played.
#[test]
fn only_cards_in_hand_can_be_sold_or_played() {
    let mut g = game(&three(&format!("{}\n[Market \"B5\"]", hands("A1,A2,A3")), ""));
    refuse(&mut g, "red play D9 1", IllegalMove::PowerCardNotInHand);
    refuse(&mut g, "red sell D10", IllegalMove::PowerCardNotInHand); // blue's
    refuse(&mut g, "red sell B5", IllegalMove::PowerCardNotInHand); // the market's
    refuse(&mut g, "blue sell D10", IllegalMove::NotYourTurn);
}

// ----- R-N2 / R-N4: fewer, but at least the first step ---------------------------------------

// R-N4: `done` ends a card's action only after its first step: not before the first border.
#[test]
fn done_before_the_first_border_is_refused() {
    let mut g = game(&three(&hands("A5,A1,A2"), ""));
    play(&mut g, "red play A5"); // B3
    refuse(&mut g, "red done", IllegalMove::ActionNotBegun);
    assert_eq!(work(&g), Some(Work::Borders { left: 3 }));
    assert!(!legal(&g).iter().any(|m| m == "red done"));
    assert!(legal(&g).iter().all(|m| m.starts_with("red border ")), "{:?}", legal(&g));
}

// R-N4 (and R-N2): a borders card places *up to* its number, at least one; after the first
// border `done` ends it.
#[test]
fn one_border_of_three_then_done_is_accepted() {
    let mut g = game(&three(&hands("A5,A1,A2"), ""));
    play(&mut g, "red play A5"); // B3
    play(&mut g, "red border e5-e6");
    assert_eq!(work(&g), Some(Work::Borders { left: 2 }));
    let ev = play(&mut g, "red done");
    assert!(ev.contains(&Event::ActionEnded { by: c("red") }));
    assert!(in_refill(&g, "red"));
    assert_eq!(g.board().borders_in_stock(), 99);
}

// R-N4 (FAQ: "you may build only one knight"): a two-knight card may place just one, and not none.
#[test]
fn a_two_knight_card_used_for_one_knight() {
    let mut g = game(&three(&format!("[Castles \"red:g1 {OPEN_LAND}\"]\n{}", hands("B8,A1,A2")), ""));
    play(&mut g, "red play B8"); // K2
    refuse(&mut g, "red done", IllegalMove::ActionNotBegun);
    play(&mut g, "red knight h1");
    assert_eq!(work(&g), Some(Work::Knights { left: 1 }));
    play(&mut g, "red done");
    assert!(in_refill(&g, "red"));
    assert_eq!(player(&g, "red")["knights_in_stock"], 14);
    assert_eq!(g.ducats(c("red")), 7 - price("B8"));
}

// R-N4: a knight card can't be played with no knight in stock (no first step); it can be sold.
#[test]
fn a_knight_card_cannot_be_played_with_no_knight_in_stock() {
    let knights = "b1,c1,d1,e1,f1,g1,h1,i1,j1,k1,l1,c2,d2,e2,g2";
    let text = three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n[Knights \"red:{knights}\"]\n{}", hands("A9,A1,A2")), "");
    let mut g = game(&text);
    assert_eq!(player(&g, "red")["knights_in_stock"], 0);
    refuse(&mut g, "red play A9", IllegalMove::NoKnightInStock);
    assert_eq!(g.why_unplayable(c("red"), PowerCardId::parse("A9").unwrap(), 1), Some(IllegalMove::NoKnightInStock));
    play(&mut g, "red sell A9");
}

// R-N4: a knight card is playable only if, its price paid, a free meadow spot exists or a forest
// spot can still be paid. Castle a1's only knight spot is the forest b1 (a2 is a mine): holding
// exactly the price of A9 (a single knight: 2) it can't be played; with one ducat more it can,
// and the knight costs 1.
#[test]
fn a_one_knight_card_with_only_forest_spots_needs_a_ducat_beyond_its_price() {
    let position = |ducats: u32| three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n[Ducats \"red:{ducats}\"]\n{}", hands("A9,A1,A2")), "");
    let mut exact = game(&position(price("A9")));
    refuse(&mut exact, "red play A9", IllegalMove::NoKnightToPlace);
    assert!(legal(&exact).contains(&"red sell A9".to_string()));
    let mut more = game(&position(price("A9") + 1));
    play(&mut more, "red play A9");
    assert_eq!(more.ducats(c("red")), 1);
    assert_eq!(legal(&more), ["red knight b1"], "the one step, no `done` before it");
    let ev = play(&mut more, "red knight b1");
    assert!(ev.contains(&Event::KnightPlaced { by: c("red"), at: sp("b1"), cost: 1 }), "{ev:?}");
    assert_eq!(more.ducats(c("red")), 0);
    assert!(in_refill(&more, "red"));
}

// R-N4, R-N15: after the first knight, when only money stands in the way of the second (forest
// spots only, no money left) the action does not end by itself: the player writes `done`.
#[test]
fn when_only_money_stands_in_the_way_after_the_first_step_the_player_writes_done() {
    // Castle g2: knight spots g1 (meadow) and g3 (forest); from g1 also f1 (forest); blue holds h1.
    let text = three(&format!("[Castles \"red:g2 {OPEN_LAND}\"]\n[Knights \"blue:h1\"]\n[Ducats \"red:{}\"]\n{}", price("B8"), hands("B8,A1,A2")), "");
    let mut g = game(&text);
    play(&mut g, "red play B8"); // K2: nothing left
    assert_eq!(g.ducats(c("red")), 0);
    play(&mut g, "red knight g1");
    assert_eq!(work(&g), Some(Work::Knights { left: 1 }));
    refuse(&mut g, "red knight g3", IllegalMove::CannotAfford);
    assert_eq!(legal(&g), ["red done"]);
    play(&mut g, "red done");
    assert!(in_refill(&g, "red"));
}

// R-N4: a card of which only the second action can begin is playable for that one only (C14:
// Alliance or 2 borders; red has no region to ally).
#[test]
fn a_two_action_card_is_playable_only_for_the_action_that_can_begin() {
    let mut g = game(&three(&hands("C14,A1,A2"), ""));
    let moves = legal(&g);
    assert!(!moves.contains(&"red play C14 1".to_string()), "{moves:?}");
    assert!(moves.contains(&"red play C14 2".to_string()), "{moves:?}");
    refuse(&mut g, "red play C14 1", IllegalMove::NoAlliancePossible);
    play(&mut g, "red play C14 2");
    assert_eq!(work(&g), Some(Work::Borders { left: 2 }));
    assert_eq!(g.ducats(c("red")), 7 - price("C14"));
}

// R-N4: an expansion card needs a region of the player's that can take a space.
#[test]
fn an_expansion_card_with_no_space_to_take_is_refused() {
    // Red has a castle but no region; with the corner region a1 it may expand.
    let mut g = game(&three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n{}", hands("A14,A1,A2")), ""));
    refuse(&mut g, "red play A14", IllegalMove::NoSpaceToTake);
    let mut g = game(&three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n[Borders \"{CORNER}\"]\n{}", hands("A14,A1,A2")), ""));
    play(&mut g, "red play A14");
    refuse(&mut g, "red done", IllegalMove::ActionNotBegun);
    play(&mut g, "red expand a3");
    play(&mut g, "red done");
    assert!(in_refill(&g, "red"));
}

// R-N4: a borders card can't be played when no border can be placed (here the stock is empty).
#[test]
fn a_borders_card_with_no_border_to_place_is_refused() {
    // 100 borders on the vertical edges of rows 1 to 10 (no castles: nothing is enclosed).
    let edges: Vec<String> = (1..=10).flat_map(|row| (0..10u8).map(move |col| format!("{}{row}-{}{row}", (b'a' + col) as char, (b'a' + col + 1) as char))).collect();
    assert_eq!(edges.len(), 100);
    let mut g = game(&three(&format!("[Borders \"{}\"]\n{}", edges.join(" "), hands("A5,A1,A2")), ""));
    assert_eq!(g.board().borders_in_stock(), 0);
    refuse(&mut g, "red play A5", IllegalMove::NoBorderToPlace);
    assert_eq!(legal(&g).iter().filter(|m| m.starts_with("red play")).count(), 0, "{:?}", legal(&g));
    play(&mut g, "red sell A5");
}

// R-N4, R-N13: a card none of whose actions can be done can't be played, but it can always be
// sold, so a turn never sticks: with a Renegade, an Alliance and an expansion and no region to
// use them on, red's only moves are the three sales, though the money would pay any of them.
#[test]
fn a_hand_of_cards_that_cannot_be_played_can_always_be_sold() {
    let mut g = game(&three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n{}", hands("C11,B13,A14")), ""));
    assert!(["C11", "B13", "A14"].iter().all(|card| price(card) <= g.ducats(c("red"))));
    assert_eq!(legal(&g), ["red sell A14", "red sell B13", "red sell C11"].map(String::from).to_vec());
    refuse(&mut g, "red play C11", IllegalMove::NoRenegadePossible);
    refuse(&mut g, "red play B13", IllegalMove::NoAlliancePossible);
    refuse(&mut g, "red play A14", IllegalMove::NoSpaceToTake);
    let before = g.ducats(c("red"));
    play(&mut g, "red sell B13");
    assert_eq!(g.ducats(c("red")), before + sale("B13"));
    assert!(in_refill(&g, "red"));
}

// R-N4: `why_unplayable` gives exactly the reason `play` refuses with, and nothing for a card
// that may be played (the hand's buttons say it).
#[test]
fn why_unplayable_agrees_with_play() {
    let money = price("C14").min(price("C8")) - 1;
    let g = game(&three(&format!("[Ducats \"red:{money}\"]\n{}", hands("C14,C8,A1")), ""));
    let id = |s: &str| PowerCardId::parse(s).unwrap();
    for (card, action, why) in [
        ("C14", 1, Some(IllegalMove::CannotAfford)),
        ("C8", 1, Some(IllegalMove::CannotAfford)),
        ("A1", 1, None),
        ("A1", 2, Some(IllegalMove::NoSuchAction)),
        ("D1", 1, Some(IllegalMove::PowerCardNotInHand)),
    ] {
        assert_eq!(g.why_unplayable(c("red"), id(card), action), why, "{card} {action}");
        let mut copy = g.clone();
        let line = if id(card).action_count() == 1 && action == 1 { format!("red play {card}") } else { format!("red play {card} {action}") };
        assert_eq!(copy.play(mv(&line)).err(), why, "{line}");
    }
}

// ----- borders -------------------------------------------------------------------------------

// Borders never go inside a region, nor where one stands already.
#[test]
fn no_border_inside_a_region() {
    let text = three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n[Borders \"{CORNER}\"]\n{}", hands("A5,A1,A2")), "");
    let mut g = game(&text);
    assert_eq!(region_castles(&g, "red"), ["a1"]);
    play(&mut g, "red play A5");
    refuse(&mut g, "red border a1-b1", IllegalMove::BorderInsideProvince);
    refuse(&mut g, "red border a2-b2", IllegalMove::BorderInsideProvince);
    refuse(&mut g, "red border b1-c1", IllegalMove::BorderExists);
    play(&mut g, "red border c1-d1");
}

// R-N16: no border between adjacent pieces of one colour — two castles included; other colours'
// pieces may be separated.
#[test]
fn no_border_between_pieces_of_one_colour_two_castles_included() {
    let text = three(
        &format!("[Castles \"red:c1,d1 {OPEN_LAND}\"]\n[Knights \"red:c2,d2 blue:e1\"]\n{}", hands("A5,A1,A2")),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red play A5");
    refuse(&mut g, "red border c1-d1", IllegalMove::BorderSeparatesPieces); // two castles
    refuse(&mut g, "red border c1-c2", IllegalMove::BorderSeparatesPieces); // castle and knight
    refuse(&mut g, "red border c2-d2", IllegalMove::BorderSeparatesPieces); // two knights
    play(&mut g, "red border d1-e1"); // red castle, blue knight
}

// R-N16: the neutral colour's pieces may not be separated either.
#[test]
fn no_border_between_pieces_of_the_neutral_colour() {
    let text = custom(
        "red blue",
        "[Neutral \"yellow\"]\n[Castles \"yellow:g1 red:l12 blue:h12\"]\n[Knights \"yellow:h1\"]\n[Hands \"red:A1,A2,A3 blue:A4,A5,A6\"]",
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red play A2"); // B2
    refuse(&mut g, "red border g1-h1", IllegalMove::BorderSeparatesPieces);
    play(&mut g, "red border h1-i1");
}

// ----- founding and its scores (R-N14, R-B5, R-B2) --------------------------------------------

// R-N14: founding scores forests 1, villages 3 and the King's city 5 — at once, for its owner.
#[test]
fn founding_a_region_with_the_kings_city_scores_five() {
    let text = three(&format!("[Castles \"red:g6 {OPEN_LAND}\"]\n[Borders \"{KING_OPEN}\"]\n{}", hands("A1,A2,A3")), "");
    let mut g = game(&text);
    assert!(region_castles(&g, "red").is_empty());
    play(&mut g, "red play A1");
    let ev = play(&mut g, "red border g6-h6");
    assert_eq!(score_changes(&ev, c("red")), [(5, ScoreReason::Founding)]);
    assert_eq!(g.score(c("red")), 5);
    let r = region(&g, "red", "g6");
    assert_eq!(r["king"], true);
    assert_eq!(r["value"], 5);
}

// R-N14, R-B2: meadows and mines score 0; superfluous borders inside go back to the stock.
#[test]
fn founding_scores_forests_and_villages_but_not_meadows_or_mines() {
    let text = three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n[Borders \"a1-b1 b1-c1 b2-c2 a2-a3\"]\n{}", hands("A1,A2,A3")), "");
    let mut g = game(&text);
    assert_eq!(g.board().borders_in_stock(), 96);
    play(&mut g, "red play A1");
    let ev = play(&mut g, "red border b2-b3");
    // a1 meadow 0, a2 gold 0, b1 forest 1, b2 village 3.
    assert_eq!(score_changes(&ev, c("red")), [(4, ScoreReason::Founding)]);
    assert!(!borders(&g).contains(&"a1-b1".to_string()), "the border inside the region is removed");
    assert_eq!(g.board().borders_in_stock(), 96);
    let r = region(&g, "red", "a1");
    assert_eq!(r["spaces"], 4);
    assert_eq!(r["forests"], 1);
    assert_eq!(r["villages"], 1);
    assert!(g.monopolies(c("red")).is_empty());
}

// R-B5: a border founds regions for whoever owns them — here red's and blue's at once, when one
// border splits the land holding both castles.
#[test]
fn a_border_can_found_a_region_for_another_player() {
    let open = TWO_REGIONS.replace(" b3-c3", "");
    let text = three(&format!("[Castles \"red:a1 blue:d1\"]\n[Borders \"{open}\"]\n{}", hands("A1,A2,A3")), "");
    let mut g = game(&text);
    assert!(region_castles(&g, "red").is_empty());
    play(&mut g, "red play A1");
    let ev = play(&mut g, "red border b3-c3");
    assert_eq!(score_changes(&ev, c("red")), [(5, ScoreReason::Founding)]);
    assert_eq!(score_changes(&ev, c("blue")), [(1, ScoreReason::Founding)]);
    assert_eq!(region_castles(&g, "blue"), ["d1"]);
}

// ----- knights ---------------------------------------------------------------------------------

// R-N4: a knight on a forest costs 1 ducat more, paid when it is placed; meadows cost nothing.
#[test]
fn a_forest_knight_costs_one_ducat_when_placed() {
    let mut g = game(&three(&format!("[Castles \"red:g1 {OPEN_LAND}\"]\n{}", hands("B8,A1,A2")), ""));
    play(&mut g, "red play B8"); // K2
    let left = 7 - price("B8");
    assert_eq!(g.ducats(c("red")), left);
    let ev = play(&mut g, "red knight f1");
    assert!(ev.iter().any(|e| matches!(e, Event::KnightPlaced { cost: 1, .. })), "{ev:?}");
    assert_eq!(g.ducats(c("red")), left - 1);
    play(&mut g, "red knight h1");
    assert_eq!(g.ducats(c("red")), left - 1);
    assert!(in_refill(&g, "red"), "two knights placed: the action is over");
}

// Knights go on a free meadow or forest next to an own piece, no border between; they may stand
// outside regions (the castle here has none), next to a knight too.
#[test]
fn knights_stand_next_to_an_own_piece_with_no_border_between() {
    let text = three(&format!("[Castles \"red:g1 {OPEN_LAND}\"]\n[Borders \"g1-g2\"]\n{}", hands("B8,A1,A2")), "");
    let mut g = game(&text);
    assert!(region_castles(&g, "red").is_empty());
    play(&mut g, "red play B8");
    refuse(&mut g, "red knight g2", IllegalMove::KnightNotConnected); // behind the border
    refuse(&mut g, "red knight i1", IllegalMove::KnightNotConnected); // not adjacent
    refuse(&mut g, "red knight f2", IllegalMove::KnightTerrain); // copper mine (diagonal anyway)
    play(&mut g, "red knight h1");
    refuse(&mut g, "red knight h2", IllegalMove::KnightTerrain); // village next to the knight
    play(&mut g, "red knight i1"); // next to the knight h1
}

// ----- expansion (R-B4, R-B6, R-B11, R-N14, R-N16) ---------------------------------------------

// R-N14, R-B4: a region takes one or two spaces of open land (the second touching the region as
// enlarged by the first) and scores their values; borders are laid around them.
#[test]
fn expansion_takes_up_to_two_spaces_and_scores_their_values() {
    let text = three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n[Borders \"{TWO_REGIONS}\"]\n{}", hands("A14,A1,A2")), "");
    let mut g = game(&text);
    assert_eq!(region_castles(&g, "red"), ["a1"]);
    play(&mut g, "red play A14"); // E
    refuse(&mut g, "red expand a5", IllegalMove::NotAdjacentToProvince);
    play(&mut g, "red expand a4"); // meadow
    let ev = play(&mut g, "red expand b4"); // forest, beside a4 and b3
    assert_eq!(score_changes(&ev, c("red")), [(1, ScoreReason::Expansion)]);
    assert_eq!(g.score(c("red")), 1);
    assert_eq!(region(&g, "red", "a1")["spaces"], 8);
    let b = borders(&g);
    for gone in ["a3-a4", "b3-b4"] {
        assert!(!b.contains(&gone.to_string()), "{gone} lies inside the region now");
    }
    for laid in ["a4-a5", "b4-b5", "b4-c4"] {
        assert!(b.contains(&laid.to_string()), "{laid} encloses the region");
    }
    assert!(in_refill(&g, "red"), "two spaces taken: the action is over");
}

// R-B11, R-B6, R-N14: a foreign region's space can be taken only with more knights; its value
// moves from the loser to the taker.
#[test]
fn taking_a_foreign_space_needs_more_knights_and_moves_its_value() {
    let position = |red_knights: &str| {
        three(
            &format!("[Castles \"red:a1 blue:d1\"]\n[Knights \"red:{red_knights} blue:d2\"]\n[Borders \"{TWO_REGIONS}\"]\n[Scores \"red:10 blue:10\"]\n{}", hands("A14,A1,A2")),
            "",
        )
    };
    let mut g = game(&position("b1"));
    play(&mut g, "red play A14");
    refuse(&mut g, "red expand c2", IllegalMove::TooFewKnights); // 1 against 1
    let mut g = game(&position("b1,a3"));
    play(&mut g, "red play A14");
    let ev = play(&mut g, "red expand c2"); // forest
    assert_eq!(score_changes(&ev, c("red")), [(1, ScoreReason::Expansion)]);
    assert_eq!(score_changes(&ev, c("blue")), [(-1, ScoreReason::LostSpace)]);
    assert_eq!((g.score(c("red")), g.score(c("blue"))), (11, 9));
}

// R-B4: a castle's space and a space with another colour's knight can't be taken.
#[test]
fn castles_and_foreign_knights_block_a_space() {
    let text = three(
        &format!("[Castles \"red:a1 blue:c1\"]\n[Knights \"red:b1,a3,b3 blue:d1,c3\"]\n[Borders \"{TWO_REGIONS}\"]\n{}", hands("A14,A1,A2")),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red play A14");
    refuse(&mut g, "red expand c1", IllegalMove::SpaceHasCastle);
    refuse(&mut g, "red expand c3", IllegalMove::SpaceHasForeignKnight);
    play(&mut g, "red expand c2");
}

// R-B4, R-B11: one's own knight does not block; taking its space raises the count for the second.
#[test]
fn taking_a_space_with_ones_own_knight_raises_the_count_for_the_second() {
    let text = three(
        &format!("[Castles \"red:a1 blue:d1\"]\n[Knights \"red:b1,a4 blue:d2\"]\n[Borders \"{TWO_REGIONS}\"]\n{}", hands("A14,A1,A2")),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red play A14");
    refuse(&mut g, "red expand c2", IllegalMove::TooFewKnights);
    play(&mut g, "red expand a4");
    assert_eq!(region(&g, "red", "a1")["knights"], 2);
    play(&mut g, "red expand c2");
    assert_eq!(g.score(c("red")), 1);
}

// R-N11 (R-B7): allied regions can't expand into each other, whatever the knights.
#[test]
fn allied_regions_cannot_expand_into_each_other() {
    let text = three(
        &format!("[Castles \"red:a1 blue:d1\"]\n[Knights \"red:b1,a3 blue:d2\"]\n[Borders \"{TWO_REGIONS}\"]\n[Alliances \"a1:d1\"]\n{}", hands("A14,A1,A2")),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red play A14");
    refuse(&mut g, "red expand c2", IllegalMove::ProvincesAllied);
    play(&mut g, "red expand a4");
}

/// Red's column a1–a12 with b8 (castle a1: gold a2, silver b8 and a11) and red's d2–d3 (silver d3):
/// a silver monopoly. Blue's b3–b4 (knight b4) borders the column at a3 and a4.
fn column_position(red_score: u32) -> String {
    let borders = "a1-b1 a2-b2 a3-b3 a4-b4 a5-b5 a6-b6 a7-b7 b7-b8 b8-c8 b8-b9 a9-b9 a10-b10 a11-b11 a12-b12 \
                   b2-b3 b3-c3 b4-c4 b4-b5 d1-d2 c2-d2 d2-e2 c3-d3 d3-e3 d3-d4";
    three(
        &format!(
            "[Castles \"red:a1,d2 blue:b3\"]\n[Knights \"blue:b4\"]\n[Borders \"{borders}\"]\n[Scores \"red:{red_score}\"]\n[Start \"blue\"]\n[Hands \"red:A1,A2,A3 blue:B9,A4,A5 orange:A7,A8,A9\"]"
        ),
        "",
    )
}

// R-B6, R-N14, R-N16, R-N9: blue takes the forest a3 and cuts red's column: the taker's gain, then
// the loser's space, then the neutral zone's values (village a7, forest a8), then the monopoly.
#[test]
fn expansion_cutting_off_a_neutral_zone_scores_in_the_ruled_order() {
    let mut g = game(&column_position(20));
    assert_eq!(g.monopolies(c("red")), [MineKind::Silver], "a custom position's monopoly counts as held");
    assert_eq!(g.score(c("red")), 20, "and is not scored");
    play(&mut g, "blue play B9");
    let ev = play(&mut g, "blue expand a3");
    assert_eq!(
        all_score_changes(&ev),
        [
            (c("blue"), 1, ScoreReason::Expansion),
            (c("red"), -1, ScoreReason::LostSpace),
            (c("red"), -4, ScoreReason::NeutralZone),
            (c("red"), -5, ScoreReason::MonopolyLost(MineKind::Silver)),
        ]
    );
    assert_eq!(g.score(c("red")), 10);
    assert_eq!(region(&g, "red", "a1")["spaces"], 2);
    assert!(g.monopolies(c("red")).is_empty());
    assert_eq!(region(&g, "blue", "b3")["spaces"], 3);
}

// R-B10: a score never goes below 0; the losses stop there.
#[test]
fn a_score_never_goes_below_zero() {
    let mut g = game(&column_position(3));
    play(&mut g, "blue play B9");
    let ev = play(&mut g, "blue expand a3");
    assert_eq!(g.score(c("red")), 0);
    let applied: i32 = score_changes(&ev, c("red")).iter().map(|(d, _)| d).sum();
    assert_eq!(applied, -3, "only what red had is lost: {ev:?}");
}

/// `n` borders in rows 7–12, away from the corner regions.
fn filler_borders(n: usize) -> String {
    let row = |s: &str| s[1..].parse::<u32>().unwrap();
    let v: Vec<String> = loewenherz::engine::grid::NEW_EDITION
        .edges()
        .map(|e| e.to_string())
        .filter(|e| {
            let (a, b) = e.split_once('-').unwrap();
            row(a) >= 7 && row(b) >= 7
        })
        .take(n)
        .collect();
    assert_eq!(v.len(), n);
    v.join(" ")
}

// R-N16 (R-B3): an expansion needs borders from the stock only for its net change — the border
// between the new space and the region returns first.
#[test]
fn an_expansion_needs_stock_only_for_its_net_change_of_borders() {
    let own = "a3-a4 b3-b4 b1-c1 b2-c2 b3-c3"; // red's a1–b3
    let all = format!("{own} {}", filler_borders(99 - 5));
    let text = three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n[Borders \"{all}\"]\n{}", hands("A14,A1,A2")), "");
    let mut g = game(&text);
    assert_eq!(g.board().borders_in_stock(), 1);
    play(&mut g, "red play A14");
    // a4: a3-a4 returns, a4-a5 and a4-b4 are laid: net one.
    play(&mut g, "red expand a4");
    assert_eq!(g.board().borders_in_stock(), 0);
    // a5 would need a5-a6 and a5-b5 for the one it frees: refused.
    refuse(&mut g, "red expand a5", IllegalMove::NotEnoughBorders);
}

// ----- monopolies (R-N9) -----------------------------------------------------------------------

// R-N9: reaching 3 mines of one type in one's regions scores +5 at once.
#[test]
fn reaching_three_mines_of_a_type_scores_five_at_once() {
    let text = three(&format!("[Castles \"red:a1,l7,i4 {OPEN_LAND}\"]\n[Borders \"{CORNER} {K7} {J4_OPEN}\"]\n{}", hands("A1,A2,A3")), "");
    let mut g = game(&text);
    assert!(g.monopolies(c("red")).is_empty());
    play(&mut g, "red play A1");
    let ev = play(&mut g, "red border j4-j5");
    assert_eq!(all_score_changes(&ev), [(c("red"), 5, ScoreReason::MonopolyWon(MineKind::Gold))]);
    assert!(ev.contains(&Event::Monopoly { colour: c("red"), mine: MineKind::Gold, held: true }));
    assert_eq!(player(&g, "red")["monopolies"], serde_json::json!(["gold"]));
    assert_eq!(g.score(c("red")), 5);
}

// R-N9, R-B5: monopolies are checked for every player — red's border wins blue's.
#[test]
fn another_players_border_can_win_a_monopoly() {
    let text = three(&format!("[Castles \"blue:a1,l7,i4 {OPEN_LAND}\"]\n[Borders \"{CORNER} {K7} {J4_OPEN}\"]\n{}", hands("A1,A2,A3")), "");
    let mut g = game(&text);
    play(&mut g, "red play A1");
    let ev = play(&mut g, "red border j4-j5");
    assert_eq!(all_score_changes(&ev), [(c("blue"), 5, ScoreReason::MonopolyWon(MineKind::Gold))]);
    assert_eq!(g.score(c("red")), 0);
}

// R-N9: falling below 3 costs 5 at once; reaching 3 again scores again.
#[test]
fn losing_a_monopoly_costs_five_and_winning_it_again_scores_again() {
    // Red: gold a2, k7, j4 (castle i4, no knight); blue's i3–j3 (knight i3) touches j4.
    // Red's e5 lacks only f5-f6 to enclose e5–f5 with the fourth gold mine.
    let text = three(
        &format!(
            "[Castles \"red:a1,l7,i4,e5 blue:j3 {OPEN_LAND}\"]\n[Knights \"blue:i3\"]\n\
             [Borders \"{CORNER} {K7} {J4_OPEN} j4-j5 h3-i3 i2-i3 j2-j3 j3-k3 d5-e5 e4-e5 e5-e6 f4-f5 f5-g5\"]\n\
             [Scores \"red:20\"]\n[Start \"blue\"]\n[Hands \"red:A1,A2,A3 blue:B9,A4,A5 orange:A7,A8,A9\"]"
        ),
        "",
    );
    let mut g = game(&text);
    assert_eq!(g.monopolies(c("red")), [MineKind::Gold]);
    play(&mut g, "blue play B9");
    let ev = play(&mut g, "blue expand j4");
    assert_eq!(score_changes(&ev, c("red")), [(-5, ScoreReason::MonopolyLost(MineKind::Gold))]);
    assert!(g.monopolies(c("red")).is_empty());
    assert_eq!(g.score(c("red")), 15);
    for m in ["blue done", "blue draw", "orange sell A7", "orange draw", "red play A1"] {
        play(&mut g, m);
    }
    let ev = play(&mut g, "red border f5-f6");
    assert_eq!(score_changes(&ev, c("red")), [(5, ScoreReason::MonopolyWon(MineKind::Gold))]);
    assert_eq!(g.score(c("red")), 20);
}

// ----- the King chip (R-N5, R-N14) -------------------------------------------------------------

// R-N14: the King chip stands on 30, 40 or 50 for 4, 3 or 2 players.
#[test]
fn king_chip_stands_on_30_40_50_for_4_3_2_players() {
    let g2 = game(&custom("red blue", "[Neutral \"yellow\"]\n[Hands \"red:A1,A2,A3 blue:A4,A5,A6\"]", ""));
    let g3 = game(&three(&hands("A1,A2,A3"), ""));
    let g4 = game(&custom("red blue orange yellow", "[Deck \"D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D12 D13\"]", ""));
    assert_eq!(summary(&g2)["king_chip"], 50);
    assert_eq!(summary(&g3)["king_chip"], 40);
    assert_eq!(summary(&g4)["king_chip"], 30);
}

// R-N5: a player whose score reaches the King chip wins at once.
#[test]
fn reaching_the_king_chip_wins_at_once() {
    let text = three(&format!("[Castles \"red:g6 {OPEN_LAND}\"]\n[Borders \"{KING_OPEN}\"]\n[Scores \"red:36 blue:39\"]\n{}", hands("A1,A2,A3")), "");
    let mut g = game(&text);
    play(&mut g, "red play A1");
    let ev = play(&mut g, "red border g6-h6");
    assert_eq!(g.score(c("red")), 41);
    assert!(g.is_over());
    assert!(g.won_by_king());
    assert_eq!(winners(&g), ["red"]);
    assert!(ev.contains(&Event::GameOver { winners: vec![c("red")], king: true }), "{ev:?}");
    assert!(to_move(&g).is_empty());
    refuse(&mut g, "red draw", IllegalMove::GameOver);
}

// R-N5: one move can bring several players to the chip — they win together.
#[test]
fn one_border_can_bring_several_players_to_the_king_chip() {
    let open = TWO_REGIONS.replace(" b3-c3", "");
    let text = three(&format!("[Castles \"red:a1 blue:d1\"]\n[Borders \"{open}\"]\n[Scores \"red:36 blue:39\"]\n{}", hands("A1,A2,A3")), "");
    let mut g = game(&text);
    play(&mut g, "red play A1");
    play(&mut g, "red border b3-c3");
    assert_eq!((g.score(c("red")), g.score(c("blue"))), (41, 40));
    assert!(g.is_over());
    assert_eq!(winners(&g), ["blue", "red"]);
}

// R-N5: scores are checked for all players, not only the mover.
#[test]
fn the_king_chip_is_checked_for_every_player() {
    let text = three(&format!("[Castles \"blue:a1 {OPEN_LAND}\"]\n[Borders \"{}\"]\n[Scores \"blue:37\"]\n{}", CORNER.replace(" b2-b3", ""), hands("A1,A2,A3")), "");
    let mut g = game(&text);
    play(&mut g, "red play A1");
    play(&mut g, "red border b2-b3");
    assert_eq!(g.score(c("blue")), 41);
    assert!(g.is_over());
    assert_eq!(winners(&g), ["blue"]);
}

// R-N5, NOTATION: a custom score at or past the King chip is refused.
#[test]
fn a_custom_score_at_or_past_the_king_chip_is_refused() {
    assert_eq!(game(&three(&format!("[Scores \"red:39\"]\n{}", hands("A1,A2,A3")), "")).score(c("red")), 39);
    let e = replay_error(&three(&format!("[Scores \"red:40\"]\n{}", hands("A1,A2,A3")), ""));
    assert!(e.starts_with("line "), "{e}");
    let e = replay_error(&custom("red blue orange yellow", "[Scores \"blue:30\"]", ""));
    assert!(e.starts_with("line "), "{e}");
}

// ----- the final phase and the end (R-N8, R-N1, R-N5) ------------------------------------------

// R-N8: drawing the deck's last card skips the rest of that refill and starts the final phase.
#[test]
fn drawing_the_last_card_ends_the_refill_and_starts_the_final_phase() {
    let text = three(
        &format!("[Deck \"D1\"]\n[Castles \"blue:l7 red:a1,a12\"]\n[Borders \"{K7}\"]\n[Hands \"red:A1 blue:A4,A5,A6 orange:A7,A8,A9\"]"),
        "",
    );
    let mut g = game(&text);
    assert!(!g.final_phase());
    play(&mut g, "red play A1");
    play(&mut g, "red border e5-e6");
    let ev = play(&mut g, "red draw");
    assert!(ev.contains(&Event::FinalPhase), "{ev:?}");
    assert!(g.final_phase());
    assert_eq!(summary(&g)["final_phase"], true);
    assert_eq!(cards(g.hand(c("red"))), ["D1"], "no more refill");
    assert!(choosing(&g, "blue"));
    assert_eq!(g.ducats(c("blue")), 8, "blue's income is paid as its turn begins");
}

// R-N8: in the final phase nobody refills, not from the market either; a card sold then stays
// in the market.
#[test]
fn no_refill_in_the_final_phase_and_sold_cards_stay_in_the_market() {
    let text = three("[Deck \"\"]\n[Market \"B5\"]\n[Hands \"red:A1,A2 blue:A4 orange:A7\"]", "");
    let mut g = game(&text);
    assert!(g.final_phase(), "an empty deck: the final phase from the start");
    play(&mut g, "red sell A1");
    assert!(choosing(&g, "blue"), "no refill: {:?}", g.phase());
    assert_eq!(cards(g.hand(c("red"))), ["A2"]);
    refuse(&mut g, "red take B5", IllegalMove::NotYourTurn);
    play(&mut g, "blue sell A4");
    play(&mut g, "orange sell A7");
    play(&mut g, "red sell A2");
    assert!(g.is_over());
    assert_eq!(cards(g.market()), strings(&["A1", "A2", "A4", "A7", "B5"]));
}

// R-N8, R-N15: a player without cards is skipped and gets no income; when nobody holds a card the
// game ends with the ducat bonuses (R-N1: ties for second both get 3).
#[test]
fn a_player_without_cards_is_skipped_without_income() {
    let text = three(&format!("[Deck \"\"]\n[Castles \"red:l7 {OPEN_LAND}\"]\n[Borders \"{K7}\"]\n[Hands \"red: blue:A4 orange:\"]"), "");
    let (mut g, ev) = replay(&text);
    assert!(ev.contains(&Event::Skipped { colour: c("red") }), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Income { colour, ducats } if *colour == c("red") && *ducats > 0)));
    assert_eq!(g.ducats(c("red")), 7);
    assert!(choosing(&g, "blue"));
    assert!(sale("A4") > 0);
    let ev = play(&mut g, "blue sell A4"); // blue 7 + its sale, red 7, orange 7
    assert!(g.is_over());
    assert_eq!(ducat_bonus(&ev, "blue"), 5);
    assert_eq!(ducat_bonus(&ev, "red"), 3);
    assert_eq!(ducat_bonus(&ev, "orange"), 3);
    assert_eq!(winners(&g), ["blue"]);
    assert!(!g.won_by_king());
}

/// The end at once: an empty deck, red's last card A1 (sold: `sale("A1")`), the others without cards.
fn last_card(ducats: &str, scores: &str) -> String {
    three(&format!("[Deck \"\"]\n[Ducats \"{ducats}\"]\n[Scores \"{scores}\"]\n[Hands \"red:A1 blue: orange:\"]"), "red sell A1")
}

// R-N1: most ducats +5, second most +3.
#[test]
fn the_end_gives_five_for_most_ducats_and_three_for_second() {
    let (g, ev) = replay(&last_card("red:9 blue:5 orange:2", "red:0"));
    assert!(g.is_over());
    assert_eq!(g.ducats(c("red")), 9 + sale("A1"));
    assert_eq!([ducat_bonus(&ev, "red"), ducat_bonus(&ev, "blue"), ducat_bonus(&ev, "orange")], [5, 3, 0]);
    assert_eq!([g.score(c("red")), g.score(c("blue")), g.score(c("orange"))], [5, 3, 0]);
    assert_eq!(winners(&g), ["red"]);
}

// R-N1: a tie for most gives all of them 5, and the next distinct amount is second.
#[test]
fn tied_for_most_ducats_all_get_five_and_the_next_amount_is_second() {
    let (g, ev) = replay(&last_card("red:5 blue:6 orange:3", "red:0"));
    assert_eq!([ducat_bonus(&ev, "red"), ducat_bonus(&ev, "blue"), ducat_bonus(&ev, "orange")], [5, 5, 3]);
    assert_eq!(g.score(c("orange")), 3);
}

// R-N1: a tie for second gives all of them 3.
#[test]
fn tied_for_second_all_get_three() {
    let (_, ev) = replay(&last_card("red:3 blue:2 orange:2", "red:0"));
    assert_eq!([ducat_bonus(&ev, "red"), ducat_bonus(&ev, "blue"), ducat_bonus(&ev, "orange")], [5, 3, 3]);
}

// R-N1: a player with 0 ducats gets no bonus.
#[test]
fn no_bonus_for_zero_ducats() {
    let (g, ev) = replay(&last_card("red:2 blue:0 orange:0", "red:0"));
    assert_eq!([ducat_bonus(&ev, "red"), ducat_bonus(&ev, "blue"), ducat_bonus(&ev, "orange")], [5, 0, 0]);
    assert_eq!([g.score(c("blue")), g.score(c("orange"))], [0, 0]);
    // Nobody with money: nobody gets a bonus (red plays its last card instead of selling it).
    let text = three(&format!("[Deck \"\"]\n[Ducats \"red:{} blue:0 orange:0\"]\n[Hands \"red:A1 blue: orange:\"]", price("A1")), "red play A1\nred border e5-e6");
    let (g, ev) = replay(&text);
    assert!(g.is_over());
    assert!(!ev.iter().any(|e| matches!(e, Event::Score { reason: ScoreReason::DucatBonus, delta, .. } if *delta != 0)), "{ev:?}");
}

// R-N1: the highest score wins; a tie goes to the most ducats; a tie on both is shared.
#[test]
fn highest_score_wins_then_most_ducats_then_shared() {
    // red 10 + 5 = 15 with 9 ducats, blue 12 + 3 = 15 with 5: red.
    let g = game(&last_card("red:8 blue:5 orange:0", "red:10 blue:12"));
    assert_eq!((g.score(c("red")), g.score(c("blue"))), (15, 15));
    assert_eq!(winners(&g), ["red"]);
    // red 10 + 5 and blue 10 + 5, both with 5 ducats: shared.
    let g = game(&last_card("red:4 blue:5 orange:1", "red:10 blue:10"));
    assert_eq!((g.score(c("red")), g.score(c("blue"))), (15, 15));
    assert_eq!(winners(&g), ["blue", "red"]);
}

// R-N5, R-N1: the ducat bonuses are not a move — the King chip is not checked after them; the
// highest score wins.
#[test]
fn the_king_chip_is_not_checked_after_the_ducat_bonuses() {
    let g = game(&last_card("red:8 blue:5 orange:0", "red:36 blue:37"));
    assert_eq!((g.score(c("red")), g.score(c("blue"))), (41, 40));
    assert!(g.is_over());
    assert!(!g.won_by_king());
    assert_eq!(winners(&g), ["red"]);
    assert_eq!(summary(&g)["king_reached"], false);
}

// ----- money (R-N6, R-N7) ----------------------------------------------------------------------

// R-N6: money is an amount; the bank never runs out (the 47 coins are no limit).
#[test]
fn the_bank_never_runs_out_of_ducats() {
    let mut g = game(&three(&format!("[Ducats \"red:60 blue:50 orange:40\"]\n{}", hands("C6,A1,A2")), ""));
    play(&mut g, "red sell C6");
    assert_eq!(g.ducats(c("red")), 60 + sale("C6"));
    assert_eq!(player(&g, "red")["ducats"], 60 + sale("C6"));
}

// R-N7: money is public by default, hidden from the others with [Money "private"]; hands are
// always secret (only their sizes are public).
#[test]
fn money_is_public_by_default_and_hands_are_always_secret() {
    let text = three(&format!("[Ducats \"red:9 blue:4 orange:2\"]\n{}", hands("A1,A2,A3")), "");
    let g = game(&text);
    let v = g.view(Some(c("blue")));
    assert_eq!(v.ducats[c("red")], Some(9));
    assert_eq!(v.ducats[c("orange")], Some(2));
    assert_eq!(v.hand.as_ref().map(|h| cards(h)), Some(strings(&["D10", "D11", "D12"])));
    assert_eq!(v.hand_counts[c("red")], 3);
    let json = serde_json::to_string(&v).unwrap();
    assert!(!json.contains("\"A1\""), "red's hand leaks into blue's view: {json}");
    let spectator = g.view(None);
    assert_eq!(spectator.hand, None);
    assert_eq!(spectator.ducats[c("red")], Some(9));

    let private = text.replace("[Setup \"custom\"]", "[Setup \"custom\"]\n[Money \"private\"]");
    let g = game(&private);
    let v = g.view(Some(c("blue")));
    assert_eq!(v.ducats[c("blue")], Some(4));
    assert_eq!(v.ducats[c("red")], None);
    assert_eq!(v.ducats[c("orange")], None);
    assert_eq!(g.view(None).ducats[c("red")], None);
}

// ----- Renegade (R-N10, R-B9) ------------------------------------------------------------------

/// TWO_REGIONS with red's knight a3 (its own region), the given blue knights, red holding C11
/// (Renegade); red's income 1 (gold): 8 ducats before playing.
fn renegade_position(blue_knights: &str) -> Game {
    let text = three(
        &format!("[Castles \"red:a1 blue:d1\"]\n[Knights \"red:a3 blue:{blue_knights}\"]\n[Borders \"{TWO_REGIONS}\"]\n{}", hands("C11,A1,A2")),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red play C11");
    assert_eq!(g.ducats(c("red")), 8 - price("C11"));
    assert_eq!(work(&g), Some(Work::Renegade));
    g
}

// R-N10: red places a knight in its region; blue's only knight there goes by itself.
#[test]
fn renegade_places_a_knight_and_a_lone_candidate_goes_by_itself() {
    let mut g = renegade_position("c1");
    let ev = play(&mut g, "red renegade d1 b3");
    assert!(ev.contains(&Event::KnightRemoved { colour: c("blue"), at: sp("c1") }), "{ev:?}");
    assert_eq!(region(&g, "red", "a1")["knights"], 2);
    assert_eq!(region(&g, "blue", "d1")["knights"], 0);
    assert_eq!(player(&g, "blue")["knights_in_stock"], 15);
    assert_eq!(g.ducats(c("red")), 8 - price("C11"), "a meadow placement costs nothing");
    assert!(in_refill(&g, "red"));
}

// R-N10: a knight placed on a forest by the Renegade costs 1.
#[test]
fn a_renegade_knight_on_a_forest_costs_one() {
    let mut g = renegade_position("c1");
    let ev = play(&mut g, "red renegade d1 b1");
    assert!(ev.iter().any(|e| matches!(e, Event::RenegadePlaced { cost: 1, .. })), "{ev:?}");
    assert_eq!(g.ducats(c("red")), 8 - price("C11") - 1);
}

// R-N10: when several knights may go, their owner chooses.
#[test]
fn renegade_the_regions_owner_chooses_the_knight() {
    let mut g = renegade_position("c1,d2");
    play(&mut g, "red renegade d1 b3");
    assert_eq!(to_move(&g), ["blue"]);
    assert!(matches!(g.phase(), Phase::Remove { .. }), "{:?}", g.phase());
    refuse(&mut g, "red remove c1", IllegalMove::NotYourTurn);
    refuse(&mut g, "blue remove c2", IllegalMove::NoForeignKnightThere);
    play(&mut g, "blue remove d2");
    assert_eq!(g.board().knights(c("blue")).len(), 1);
    assert!(in_refill(&g, "red"));
}

// R-N10, R-B9: the only link is never removed — refused when chosen, and when it leaves one
// candidate that one goes by itself.
#[test]
fn renegade_never_removes_the_only_link() {
    // d1 castle – c1, d2 – c2 – c3: c2 alone links c3 to the castle.
    let mut g = renegade_position("c1,d2,c2,c3");
    play(&mut g, "red renegade d1 b3");
    assert_eq!(to_move(&g), ["blue"]);
    refuse(&mut g, "blue remove c2", IllegalMove::OnlyLink);
    play(&mut g, "blue remove c3");
    // d1 – d2 – c2 – c3 in a chain: only the end c3 may go, and it goes by itself.
    let mut g = renegade_position("d2,c2,c3");
    let ev = play(&mut g, "red renegade d1 b3");
    assert!(ev.iter().any(|e| matches!(e, Event::KnightRemoved { colour, at } if *colour == c("blue") && at.to_string() == "c3")), "{ev:?}");
    assert!(in_refill(&g, "red"));
}

// R-N10: both regions need a knight of their owner; the target must be a neighbouring foreign
// region; the new knight goes inside one's own region.
#[test]
fn renegade_needs_a_knight_in_a_neighbouring_foreign_region() {
    // Orange's a4–b5 (castle a4) below red's region holds no orange knight; blue's far corner
    // k11–l12 (castle l12) holds one but touches nothing of red's.
    let text = three(
        &format!(
            "[Castles \"red:a1 blue:d1,l12 orange:a4\"]\n[Knights \"red:a3 blue:c1,k12\"]\n\
             [Borders \"{TWO_REGIONS} a5-a6 b5-b6 b4-c4 b5-c5 j11-k11 j12-k12 k10-k11 l10-l11\"]\n{}",
            hands("C11,A1,A2")
        ),
        "",
    );
    let mut g = game(&text);
    assert_eq!(region_castles(&g, "orange"), ["a4"]);
    assert_eq!(region_castles(&g, "blue"), strings(&["d1", "l12"]));
    play(&mut g, "red play C11");
    refuse(&mut g, "red renegade a4 b3", IllegalMove::RegionWithoutKnight);
    refuse(&mut g, "red renegade l12 b3", IllegalMove::ProvincesNotNeighbours);
    refuse(&mut g, "red renegade a1 b3", IllegalMove::NotForeignProvince);
    refuse(&mut g, "red renegade d1 e1", IllegalMove::NotInOwnProvince);
    play(&mut g, "red renegade d1 b3");
}

// R-N4, R-N10 (FAQ: "No"): a Renegade card with no possible Renegade can't be played — here
// orange's region has no orange knight — and is sold instead; nothing is paid for nothing.
#[test]
fn a_renegade_card_with_no_possible_renegade_is_refused() {
    let text = three(
        &format!(
            "[Castles \"red:a1 blue:d1 orange:a4\"]\n[Knights \"red:a3 blue:c1\"]\n[Borders \"{TWO_REGIONS} a5-a6 b5-b6 b4-c4 b5-c5\"]\n\
             [Start \"orange\"]\n[Hands \"red:A1,A2,A3 blue:A4,A5,A6 orange:C11,A7,A8\"]"
        ),
        "",
    );
    let mut g = game(&text);
    refuse(&mut g, "orange play C11", IllegalMove::NoRenegadePossible);
    assert!(!legal(&g).iter().any(|m| m.starts_with("orange play C11")), "{:?}", legal(&g));
    assert_eq!(g.ducats(c("orange")), 7);
    play(&mut g, "orange sell C11");
    assert_eq!(g.board().knights(c("red")).len(), 1);
}

// R-N10: against the neutral colour the card's player chooses the knight (`remove`).
#[test]
fn renegade_against_the_neutral_colour_the_cards_player_removes() {
    let text = custom(
        "red blue",
        &format!(
            "[Neutral \"yellow\"]\n[Castles \"red:a1 yellow:d1 blue:h12,l12\"]\n[Knights \"red:a3 yellow:c1,d2\"]\n[Borders \"{TWO_REGIONS}\"]\n\
             [Hands \"red:C11,A1,A2 blue:A4,A5,A6\"]"
        ),
        "",
    );
    let mut g = game(&text);
    assert_eq!(summary(&g)["neutral"]["regions"].as_array().unwrap().len(), 1);
    play(&mut g, "red play C11");
    play(&mut g, "red renegade d1 b3");
    assert_eq!(to_move(&g), ["red"]);
    refuse(&mut g, "blue remove c1", IllegalMove::NotYourTurn);
    play(&mut g, "red remove c1");
    assert_eq!(g.board().knights(c("yellow")).len(), 1);
    assert!(in_refill(&g, "red"));
}

// ----- Alliance (R-N11, R-B13) -----------------------------------------------------------------

// R-N11: an alliance binds one's region and a neighbouring foreign one for good — there is no
// buy-out in this edition (no `unally` move).
#[test]
fn an_alliance_binds_two_neighbouring_regions_for_good() {
    let text = three(
        &format!(
            "[Castles \"red:a1 blue:d1\"]\n[Knights \"red:b1 blue:c1,d2\"]\n[Borders \"{TWO_REGIONS}\"]\n[Ducats \"blue:20\"]\n\
             [Hands \"red:B13,A1,A2 blue:B9,A5,A6 orange:A7,A8,A9\"]"
        ),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red play B13"); // Alliance
    let ev = play(&mut g, "red alliance a1 d1");
    assert!(ev.contains(&Event::Allied { by: c("red"), own: sp("a1"), other: sp("d1") }), "{ev:?}");
    assert_eq!(summary(&g)["alliances"], serde_json::json!([["a1", "d1"]]));
    play(&mut g, "red draw");
    // Blue has more knights, yet can't take red's spaces; open land is free.
    play(&mut g, "blue play B9");
    refuse(&mut g, "blue expand b1", IllegalMove::SpaceHasForeignKnight);
    refuse(&mut g, "blue expand b2", IllegalMove::ProvincesAllied);
    refuse(&mut g, "blue expand b3", IllegalMove::ProvincesAllied);
    play(&mut g, "blue expand e1");
    assert!(loewenherz::engine::newed::Move::parse("red unally a1 d1").is_err(), "no buy-out in the New Edition");
}

// R-B13, R-N11: no alliance on a pair already allied; the other region must be a neighbouring
// foreign one.
#[test]
fn an_alliance_cannot_be_played_twice_on_a_pair() {
    let text = three(
        &format!(
            "[Castles \"red:a1 blue:d1,l12 orange:a4\"]\n[Borders \"{TWO_REGIONS} a5-a6 b5-b6 b4-c4 b5-c5 j11-k11 j12-k12 k10-k11 l10-l11\"]\n\
             [Alliances \"a1:d1\"]\n{}",
            hands("C13,A1,A2")
        ),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red play C13");
    refuse(&mut g, "red alliance a1 d1", IllegalMove::AlreadyAllied);
    refuse(&mut g, "red alliance a1 l12", IllegalMove::ProvincesNotNeighbours);
    refuse(&mut g, "red alliance a1 a1", IllegalMove::NotForeignProvince);
    refuse(&mut g, "red alliance d1 a4", IllegalMove::NotOwnProvince);
    play(&mut g, "red alliance a1 a4");
    assert_eq!(g.board().alliances().len(), 2);
}

// R-N4, R-N11 (FAQ: an Alliance is played completely): an Alliance card is played only when two
// regions can be allied — not when red's one neighbouring foreign region is its ally already — and
// once played, it can't be ended with `done` instead of the alliance.
#[test]
fn an_alliance_card_is_played_only_for_a_whole_alliance() {
    let position = |allied: &str| {
        three(&format!("[Castles \"red:a1 blue:d1 {OPEN_LAND}\"]\n[Borders \"{TWO_REGIONS}\"]\n{allied}{}", hands("B13,A1,A2")), "")
    };
    let mut g = game(&position("[Alliances \"a1:d1\"]\n"));
    refuse(&mut g, "red play B13", IllegalMove::NoAlliancePossible); // and nothing is paid
    play(&mut g, "red sell B13");
    let mut g = game(&position(""));
    play(&mut g, "red play B13");
    refuse(&mut g, "red done", IllegalMove::ActionNotBegun);
    assert_eq!(legal(&g), ["red alliance a1 d1"]);
    play(&mut g, "red alliance a1 d1");
    assert!(in_refill(&g, "red"));
}

// ----- records --------------------------------------------------------------------------------

// NOTATION: a bad header gives `line N: reason`.
#[test]
fn a_bad_header_is_reported_with_its_line() {
    let text = "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Tiles \"A0 B0 C0 D0 E0 K0 F0 G0 H0\"]\n";
    let e = replay_error(text);
    assert!(e.starts_with("line 4:"), "{e}");
    let text = "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Ducats \"red:seven\"]\n";
    let e = replay_error(text);
    assert!(e.starts_with("line 4:"), "{e}");
}

// NOTATION: an illegal move gives `line N: reason`, the reason the typed error's.
#[test]
fn an_illegal_move_is_reported_with_its_line_and_reason() {
    let text = three(&format!("[Ducats \"red:0\"]\n{}", hands("C8,A1,A2")), "red play C8");
    let line = text.lines().position(|l| l == "red play C8").unwrap() + 1;
    let e = replay_error(&text);
    assert!(e.starts_with(&format!("line {line}: ")) && e.ends_with(&IllegalMove::CannotAfford.to_string()), "{e}");
    let text = three(&hands("A1,A2,A3"), "red sell A1\nred draw\nred sell A4");
    let line = text.lines().position(|l| l == "red sell A4").unwrap() + 1;
    let e = replay_error(&text);
    assert!(e.starts_with(&format!("line {line}: ")) && e.ends_with(&IllegalMove::NotYourTurn.to_string()), "{e}");
}

// ----- more edge cases -------------------------------------------------------------------------

// R-N5: the chip is checked after every step — reaching it with the first space of an expansion
// ends the game there.
#[test]
fn the_king_chip_ends_the_game_in_the_middle_of_an_expansion() {
    let text = three(&format!("[Castles \"red:a1 {OPEN_LAND}\"]\n[Borders \"{TWO_REGIONS}\"]\n[Scores \"red:39\"]\n{}", hands("A14,A1,A2")), "");
    let mut g = game(&text);
    play(&mut g, "red play A14");
    play(&mut g, "red expand b4"); // forest: 40
    assert!(g.is_over());
    assert_eq!(winners(&g), ["red"]);
    refuse(&mut g, "red expand a4", IllegalMove::GameOver);
}

// R-B5, R-N16: the borders an expansion lays can found a region for another player, scored at once.
#[test]
fn an_expansion_can_found_a_region_for_another_player() {
    // Blue's d1, d2, e1, e2 (forest e1) lacks only c1-d1; red's corner takes the meadow c1.
    let text = three(
        &format!("[Castles \"red:a1 blue:d1 {OPEN_LAND}\"]\n[Borders \"{CORNER} e1-f1 e2-f2 d2-d3 e2-e3 c2-d2\"]\n{}", hands("A14,A1,A2")),
        "",
    );
    let mut g = game(&text);
    assert!(region_castles(&g, "blue").is_empty());
    play(&mut g, "red play A14");
    let ev = play(&mut g, "red expand c1");
    assert_eq!(all_score_changes(&ev), [(c("blue"), 1, ScoreReason::Founding)]);
    assert_eq!(region_castles(&g, "blue"), ["d1"]);
}

// R-N12 (two players): the neutral colour only places pieces — its regions score nothing, it has
// no turn, no cards, no income.
#[test]
fn the_neutral_colour_never_scores_and_never_has_a_turn() {
    let text = custom(
        "red blue",
        &format!("[Neutral \"yellow\"]\n[Castles \"yellow:a1 red:h12 blue:l12\"]\n[Borders \"{}\"]\n[Hands \"red:A1,A2,A3 blue:A4,A5,A6\"]", CORNER.replace(" b2-b3", "")),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red play A1");
    let ev = play(&mut g, "red border b2-b3");
    assert_eq!(summary(&g)["neutral"]["regions"].as_array().unwrap().len(), 1);
    assert!(all_score_changes(&ev).is_empty(), "{ev:?}");
    assert_eq!(g.score(c("yellow")), 0);
    play(&mut g, "red draw");
    assert!(choosing(&g, "blue"));
    play(&mut g, "blue sell A4");
    let ev = play(&mut g, "blue draw");
    assert!(choosing(&g, "red"), "yellow has no turn: {:?}", g.phase());
    assert!(!ev.iter().any(|e| matches!(e, Event::Income { colour, .. } | Event::TurnBegins { colour } if *colour == c("yellow"))));
}

// R-B4 (shared expansion rules): one region expands, never into the same player's other region.
#[test]
fn an_expansion_extends_one_region_and_never_into_ones_own_other_region() {
    // Red's corner a1–b2 above red's a3–b4 (castle b3), and red's k7–l7.
    let text = three(
        &format!("[Castles \"red:a1,b3,l7 {OPEN_LAND}\"]\n[Borders \"{CORNER} {K7} b3-c3 b4-c4 a4-a5 b4-b5\"]\n{}", hands("A14,A1,A2")),
        "",
    );
    let mut g = game(&text);
    assert_eq!(region_castles(&g, "red"), strings(&["a1", "b3", "l7"]));
    play(&mut g, "red play A14");
    refuse(&mut g, "red expand a3 a1", IllegalMove::OwnProvince);
    play(&mut g, "red expand c1 a1");
    // The second space must extend the same region: j7 touches only k7–l7.
    assert!(g.play(mv("red expand j7")).is_err());
    assert!(!legal(&g).contains(&"red expand j7".to_string()));
    play(&mut g, "red expand d1");
    assert_eq!(region(&g, "red", "a1")["spaces"], 6);
}

// R-N8: in the final phase those without cards are skipped turn after turn, the others keep
// their turns (with income) until nobody holds a card.
#[test]
fn the_final_phase_goes_on_until_nobody_holds_a_card() {
    let text = three(
        &format!("[Deck \"\"]\n[Castles \"blue:l7 {OPEN_LAND}\"]\n[Borders \"{K7}\"]\n[Hands \"red:A1 blue:A4,A5 orange:\"]"),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "red sell A1");
    assert_eq!(g.ducats(c("blue")), 8);
    play(&mut g, "blue sell A4");
    // Orange and red hold nothing: skipped; blue's turn again, with income.
    assert!(choosing(&g, "blue"), "{:?}", g.phase());
    assert_eq!(g.ducats(c("blue")), 7 + 1 + sale("A4") + 1);
    assert!(!g.is_over());
    play(&mut g, "blue sell A5");
    assert!(g.is_over());
}

// R-N10 (R-B8), R-N4: a Renegade needs an own knight in stock; without one the card can't be played.
#[test]
fn a_renegade_needs_a_knight_in_stock() {
    let others = "a3,e1,f1,g1,h1,i1,j1,k1,l1,e2,g2,i3,j3,h3,i4";
    let text = three(
        &format!("[Castles \"red:a1 blue:d1\"]\n[Knights \"red:{others} blue:c1\"]\n[Borders \"{TWO_REGIONS}\"]\n{}", hands("C11,A1,A2")),
        "",
    );
    let mut g = game(&text);
    assert_eq!(player(&g, "red")["knights_in_stock"], 0);
    refuse(&mut g, "red play C11", IllegalMove::NoKnightInStock);
    assert_eq!(g.board().knights(c("blue")).len(), 1);
}

// R-N9: a monopoly is held with 3 or 4 mines: the fourth scores nothing more, and falling from 4
// to 3 costs nothing.
#[test]
fn a_fourth_mine_of_a_type_scores_nothing_more() {
    // Red holds gold a2, k7 and j4 (a monopoly, held from the custom position); e5 lacks only
    // f5-f6 to enclose the fourth gold f5.
    let text = three(
        &format!(
            "[Castles \"red:a1,l7,i4,e5 {OPEN_LAND}\"]\n[Borders \"{CORNER} {K7} {J4_OPEN} j4-j5 d5-e5 e4-e5 e5-e6 f4-f5 f5-g5\"]\n[Scores \"red:10\"]\n{}",
            hands("A1,A2,A3")
        ),
        "",
    );
    let mut g = game(&text);
    assert_eq!(g.monopolies(c("red")), [MineKind::Gold]);
    play(&mut g, "red play A1");
    let ev = play(&mut g, "red border f5-f6");
    assert!(all_score_changes(&ev).is_empty(), "{ev:?}");
    assert_eq!(g.mines(c("red"))[MineKind::Gold as usize], 4);
    assert_eq!(g.score(c("red")), 10);
}

// R-N9: losing one of four gold mines keeps the monopoly (still 3): no loss.
#[test]
fn falling_from_four_mines_to_three_keeps_the_monopoly() {
    // Red: gold a2, k7, f5 (castle e5) and j4 (castle i4, no knight); blue's i3–j3 (knight i3).
    let text = three(
        &format!(
            "[Castles \"red:a1,l7,i4,e5 blue:j3 {OPEN_LAND}\"]\n[Knights \"blue:i3\"]\n\
             [Borders \"{CORNER} {K7} {J4_OPEN} j4-j5 h3-i3 i2-i3 j2-j3 j3-k3 d5-e5 e4-e5 e5-e6 f4-f5 f5-g5 f5-f6\"]\n\
             [Scores \"red:20\"]\n[Start \"blue\"]\n[Hands \"red:A1,A2,A3 blue:B9,A4,A5 orange:A7,A8,A9\"]"
        ),
        "",
    );
    let mut g = game(&text);
    play(&mut g, "blue play B9");
    let ev = play(&mut g, "blue expand j4");
    assert!(score_changes(&ev, c("red")).iter().all(|(d, _)| *d == 0), "{ev:?}");
    assert_eq!(g.monopolies(c("red")), [MineKind::Gold]);
    assert_eq!(g.score(c("red")), 20);
}

// R-N16: a castle needs a free meadow or forest beside it for its knight.
#[test]
fn a_castle_needs_room_for_its_knight() {
    let mut g = game(&variable(P3, "", "red castle c1\nred knight b1"));
    // a1's neighbours: b1 (red's knight) and a2 (a mine).
    refuse(&mut g, "blue castle a1", IllegalMove::NoGroundForKnight);
    play(&mut g, "blue castle d1");
    // The referee says it in this edition's words (a forest counts; no "open country").
    let e = replay_error(&variable(P3, "", "red castle c1\nred knight b1\nblue castle a1"));
    assert!(e.ends_with("that castle would have no free meadow or forest beside it for its knight"), "{e}");
}

// R-N10, R-B8, R-N11, R-B11: the neutral colour's regions may be targeted by an alliance, and its
// knights count for superiority.
#[test]
fn neutral_regions_can_be_allied_and_their_knights_count() {
    let text = custom(
        "red blue",
        &format!(
            "[Neutral \"yellow\"]\n[Castles \"red:a1 yellow:d1 blue:h12,l12\"]\n[Knights \"red:a3 yellow:c1\"]\n[Borders \"{TWO_REGIONS}\"]\n\
             [Hands \"red:A14,B13,A2 blue:A4,A5,A6\"]"
        ),
        "",
    );
    let mut g = game(&text);
    let mut expand = g.clone();
    play(&mut expand, "red play A14");
    refuse(&mut expand, "red expand c2", IllegalMove::TooFewKnights);
    play(&mut g, "red play B13");
    play(&mut g, "red alliance a1 d1");
    assert_eq!(g.board().alliances().len(), 1);
}

// R-N4, R-N10 (FAQ: the Deserter only "if you're able to place the deserted knight"): a Renegade
// whose only placements are forests needs a ducat beyond the card's price; then it is done whole
// (no `done` instead of it).
#[test]
fn a_renegade_whose_only_placements_are_forests_needs_a_ducat_beyond_its_price() {
    // Red's knight b3: its placements in the region are the forests a3 and b1.
    let position = |ducats: u32| {
        three(&format!("[Castles \"red:a1 blue:d1\"]\n[Knights \"red:b3 blue:c1\"]\n[Borders \"{TWO_REGIONS}\"]\n[Ducats \"red:{ducats}\"]\n{}", hands("C11,A1,A2")), "")
    };
    let mut exact = game(&position(price("C11") - 1)); // with 1 income: exactly the price
    refuse(&mut exact, "red play C11", IllegalMove::NoRenegadePossible);
    let mut g = game(&position(price("C11")));
    play(&mut g, "red play C11");
    assert_eq!(g.ducats(c("red")), 1);
    assert_eq!(work(&g), Some(Work::Renegade));
    refuse(&mut g, "red done", IllegalMove::ActionNotBegun);
    play(&mut g, "red renegade d1 a3");
    assert_eq!(g.ducats(c("red")), 0);
    assert!(in_refill(&g, "red"));
    assert!(g.board().knights(c("blue")).is_empty());
}

// NOTATION (custom positions): cards in Hands and Market leave the Deck, cards not in the Deck are
// out of the game, and a hand of more than three is refused.
#[test]
fn custom_cards_come_out_of_the_deck_and_hands_hold_three_at_most() {
    let g = game(&three("[Deck \"D1 D2 D3 D4\"]\n[Market \"D1\"]\n[Hands \"red:D2 blue: orange:\"]", ""));
    assert_eq!(g.deck_len(), 2);
    assert_eq!(g.deck().iter().map(|c| c.to_string()).collect::<Vec<_>>().len(), 2);
    assert_eq!(g.discard().len(), 60 - 4);
    let e = replay_error(&three("[Hands \"red:A1,A2,A3,A4\"]", ""));
    assert!(e.starts_with("line "), "{e}");
}

// R-N10: "each holding at least one knight *of its owner*" — another colour's knight standing in
// one's region does not make a Renegade possible (R-N4: so the card can't be played).
#[test]
fn a_renegade_counts_only_the_owners_knights_in_each_region() {
    let text = three(
        &format!("[Castles \"red:a1 blue:d1\"]\n[Knights \"blue:b3,c1\"]\n[Borders \"{TWO_REGIONS}\"]\n{}", hands("C11,A1,A2")),
        "",
    );
    let mut g = game(&text);
    assert_eq!(region(&g, "red", "a1")["knights"], 0);
    refuse(&mut g, "red play C11", IllegalMove::NoRenegadePossible);
}

// R-N1: when all tie for most ducats, all get 5 and nobody is second.
#[test]
fn all_tied_for_most_ducats_all_get_five() {
    let (g, ev) = replay(&last_card("red:3 blue:4 orange:4", "red:0"));
    assert_eq!([ducat_bonus(&ev, "red"), ducat_bonus(&ev, "blue"), ducat_bonus(&ev, "orange")], [5, 5, 5]);
    assert_eq!(winners(&g), ["blue", "orange", "red"]);
}

// R-N5, R-N8: the King chip still wins at once in the final phase — no ducat bonuses then.
#[test]
fn the_king_chip_wins_at_once_in_the_final_phase() {
    let text = three(
        &format!("[Deck \"\"]\n[Castles \"red:g6 {OPEN_LAND}\"]\n[Borders \"{KING_OPEN}\"]\n[Scores \"red:36\"]\n[Ducats \"blue:20\"]\n[Hands \"red:A1 blue:A4 orange:\"]"),
        "red play A1",
    );
    let (mut g, _) = replay(&text);
    let ev = play(&mut g, "red border g6-h6");
    assert!(g.is_over());
    assert!(g.won_by_king());
    assert_eq!(winners(&g), ["red"]);
    assert!(score_changes(&ev, c("blue")).is_empty(), "no ducat bonus: {ev:?}");
}

// ----- found in review ---------------------------------------------------------------------

// R-N5, R-N1, R-N8: the last card of the final phase brings red to the King chip. Red wins by
// the chip at once; the ducat bonuses, which would have let blue pass red, are not given.
#[test]
fn the_king_chip_is_checked_before_the_end_bonuses() {
    let (g, events) = replay(&three(
        &format!(
            "[Deck \"\"]\n[Castles \"red:a1 orange:h12,l12\"]\n[Borders \"b1-c1 a1-a2\"]\n[Hands \"red:A1 blue: orange:\"]\n\
             [Ducats \"red:{} blue:20 orange:0\"]\n[Scores \"red:39 blue:38\"]",
            price("A1")
        ),
        "red play A1\nred border b1-b2",
    ));
    assert!(g.is_over());
    assert!(g.won_by_king());
    assert_eq!(g.winners(), [c("red")]);
    assert_eq!(g.score(c("blue")), 38, "no ducat bonus after the King chip ended the game");
    assert!(!events.iter().any(|e| matches!(e, Event::Score { reason: ScoreReason::DucatBonus, .. })));
}

// R-N5, R-N15: the King chip ends the game before the next player's income is paid.
#[test]
fn no_income_is_paid_after_the_king_chip_is_reached() {
    let g = game(&three(
        &format!(
            "[Castles \"red:g6 blue:a1 orange:h12,l12\"]\n[Borders \"e6-f6 f5-f6 f6-f7 g5-g6 g6-g7 a1-b1 a2-b2 a2-a3\"]\n\
             [Hands \"red:A1 blue:D10 orange:D13\"]\n[Ducats \"red:{} blue:7 orange:0\"]\n[Scores \"red:35\"]",
            price("A1")
        ),
        "red play A1\nred border g6-h6",
    ));
    assert!(g.won_by_king());
    assert_eq!(g.winners(), [c("red")]);
    assert_eq!(g.ducats(c("blue")), 7, "blue's turn (and its gold income) never came");
}

// R-N6: money is an amount. A record may give at most 999 ducats (issue 12: a huge amount is
// refused at its header rather than saturated), so the game's sums stay exact.
#[test]
fn money_never_overflows() {
    let huge = three(&format!("[Castles \"orange:h12,l12\"]\n{}\n[Ducats \"red:4294967295\"]", hands("A1,A2,A3")), "");
    let e = loewenherz::engine::newed::Record::parse(&huge).unwrap_err();
    assert_eq!(e.reason, loewenherz::engine::RecordReason::NumberOutOfRange { given: "4294967295".into(), max: 999 }, "{e}");
    let mut g = game(&three(&format!("[Castles \"orange:h12,l12\"]\n{}\n[Ducats \"red:999\"]", hands("A1,A2,A3")), ""));
    let before = g.ducats(c("red"));
    play(&mut g, "red sell A1");
    assert!(g.ducats(c("red")) > before && before >= 999);
}

// NOTATION.md: `red expand d1 a1` names the region where two of one's regions may take the space.
#[test]
fn a_space_two_regions_may_take_needs_the_castle_named() {
    let text = three(&format!("[Castles \"red:a1,c1 orange:h12,l12\"]\n[Borders \"a1-b1 a1-a2 b1-c1 c1-c2 c1-d1\"]\n{}", hands("A14,A1,A2")), "red play A14");
    let mut g = game(&text);
    refuse(&mut g, "red expand b1", IllegalMove::RegionNotNamed);
    assert!(legal(&g).contains(&"red expand b1 a1".to_string()));
    assert!(legal(&g).contains(&"red expand b1 c1".to_string()));
    play(&mut g, "red expand b1 c1");
    assert_eq!(g.board().province_at(sp("b1")), Some((c("red"), sp("c1"))));
    // A space only one region may take needs no name.
    let mut g = game(&text);
    play(&mut g, "red expand a2");
    assert_eq!(g.board().province_at(sp("a2")), Some((c("red"), sp("a1"))));
}

// NOTATION.md: a two-action card names its action; a one-action card may leave it out.
#[test]
fn a_two_action_card_names_its_action() {
    assert!(replay_error(&three(&hands("A12,A1,A2"), "red play A12")).contains("two actions"));
    let mut g = game(&three(&format!("[Castles \"orange:h12,l12\"]\n{}", hands("A12,A1,A2")), ""));
    play(&mut g, "red play A12 2");
    assert!(matches!(g.phase(), Phase::Perform { work: Work::Borders { left: 2 }, .. }));
}

// ----- the whole board is not a region ------------------------------------------------------

/// Our ruling (written in board/mod.rs, `Component::province_castle`): while castles are placed
/// one by one, the first castle stands alone on the board, but nothing except the frame encloses
/// it — no region, no income, no monopoly (R-N9, R-N13 count mines "in one's regions").
#[test]
fn the_first_castle_placed_alone_on_the_board_founds_no_region() {
    let mut g = game("[Edition \"new\"]\n[Players \"red blue orange\"]\n[Seed \"42\"]\n[Tiles \"A0 B0 C0 D0 K0 E0 F0 G0 H0\"]\n");
    play(&mut g, "red castle a1");
    assert_eq!(g.board().provinces(Colour::Red).count(), 0);
    assert_eq!(g.income(Colour::Red), 0);
    assert!(g.monopolies(Colour::Red).is_empty());
    let v = g.view(None);
    assert!(v.regions.is_empty());
    assert!(v.monopolies[Colour::Red].is_empty());
}
