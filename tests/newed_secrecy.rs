//! Secrecy of the New Edition (R-N7): another player's hand, the deck's order, and (with private
//! money) another player's ducats never change what `view(me)` holds. Each test builds two games
//! that differ only in someone else's secret and checks that my view is the same in both — and,
//! as a control, that the owner's own view does differ.

mod newed_common;

use loewenherz::engine::newed::{Game, Record};
use newed_common::{c, game, mv};

fn position(hands: &str, deck: &str, ducats: &str, money: &str) -> String {
    format!(
        "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Tiles \"A0 B0 C0 D0 K0 E0 F0 G0 H0\"]\n{money}\
         [Castles \"red:a1,i5 blue:d1,l12 orange:a4,h1\"]\n[Knights \"red:b3,c1 blue:e2,e3,d2 orange:a5,b6\"]\n\
         [Borders \"c1-d1 c2-d2 c3-d3 a3-a4 b3-b4 c3-c4 f1-g1 f2-g2 f3-g3 d3-d4 e3-e4 f3-f4 c4-d4 c5-d5 c6-d6 a6-a7 b6-b7 c6-c7\"]\n\
         [Ducats \"{ducats}\"]\n[Hands \"{hands}\"]\n[Deck \"{deck}\"]\n[Start \"red\"]\n"
    )
}

// Both decks name the cards of both versions of blue's hand: the ones blue holds leave the deck
// (NOTATION.md), the others stay at its bottom, so the cards out of the game (public) and the
// cards drawn here are the same.
const DECK_1: &str = "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 C1 C2 C3 C4 C5 A1 A8 A13 A3 A5 A10";
const DECK_2: &str = "B1 C5 C4 C3 C2 C1 B10 B9 B8 B7 B6 B5 B4 B3 B2 A10 A5 A3 A13 A8 A1";

/// Plays the same moves on both games (moves of the viewer's own, which don't depend on the secrets).
fn both(a: &mut Game, b: &mut Game, lines: &[&str]) {
    for line in lines {
        a.play(mv(line)).unwrap_or_else(|e| panic!("{line}: {e}"));
        b.play(mv(line)).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

#[test]
fn another_players_hand_never_changes_my_view() {
    // R-N7: hands are always secret. Blue's cards differ; red's and orange's views are equal.
    let mut a = game(&position("red:A2,A9,A14 blue:A3,A5,A10 orange:A4,A6,A11", DECK_1, "red:9 blue:9 orange:9", ""));
    let mut b = game(&position("red:A2,A9,A14 blue:A1,A8,A13 orange:A4,A6,A11", DECK_1, "red:9 blue:9 orange:9", ""));
    for step in 0..3 {
        for viewer in [c("red"), c("orange")] {
            assert_eq!(a.view(Some(viewer)), b.view(Some(viewer)), "{viewer}'s view after step {step}");
        }
        assert_eq!(a.view(None), b.view(None), "a spectator's view");
        assert_ne!(a.view(Some(c("blue"))), b.view(Some(c("blue"))), "control: blue sees its own hand");
        match step {
            0 => both(&mut a, &mut b, &["red play A2", "red border d4-d5", "red border e4-e5"]),
            1 => both(&mut a, &mut b, &["red draw"]),
            _ => {}
        }
    }
}

#[test]
fn the_order_of_the_deck_never_changes_a_view() {
    // The deck's size is public, its order is nobody's: views are equal until a card is drawn.
    let a = game(&position("red:A2,A9,A14 blue:A3,A5,A10 orange:A4,A6,A11", DECK_1, "red:9 blue:9 orange:9", ""));
    let b = game(&position("red:A2,A9,A14 blue:A3,A5,A10 orange:A4,A6,A11", DECK_2, "red:9 blue:9 orange:9", ""));
    for viewer in [Some(c("red")), Some(c("blue")), Some(c("orange")), None] {
        assert_eq!(a.view(viewer), b.view(viewer));
    }
    assert_ne!(a.deck(), b.deck(), "control: the decks differ");
}

#[test]
fn private_money_hides_another_players_ducats() {
    // R-N7: with [Money "private"], blue's ducats are not in red's view at all.
    let private = "[Money \"private\"]\n";
    let a = game(&position("red:A2,A9,A14 blue:A3,A5,A10 orange:A4,A6,A11", DECK_1, "red:9 blue:4 orange:9", private));
    let b = game(&position("red:A2,A9,A14 blue:A3,A5,A10 orange:A4,A6,A11", DECK_1, "red:9 blue:12 orange:9", private));
    assert_eq!(a.view(Some(c("red"))), b.view(Some(c("red"))));
    assert_eq!(a.view(Some(c("red"))).ducats[c("blue")], None);
    assert_eq!(a.view(Some(c("red"))).ducats[c("red")], Some(10), "one's own money (9 and 1 income) is always shown");
    assert_ne!(a.view(Some(c("blue"))), b.view(Some(c("blue"))), "control: blue sees its own money");
}

#[test]
fn public_money_is_shown_to_everyone() {
    // R-N7: money is public by default.
    let a = game(&position("red:A2,A9,A14 blue:A3,A5,A10 orange:A4,A6,A11", DECK_1, "red:9 blue:4 orange:9", ""));
    assert_eq!(a.view(Some(c("red"))).ducats[c("blue")], Some(4));
    assert_eq!(a.view(None).ducats[c("orange")], Some(9));
}

#[test]
fn views_in_random_games_hold_only_the_viewers_hand() {
    // Over whole random games: a view's hand is the viewer's own, and the JSON of a view names
    // no card of another player's hand that the public could not know.
    for seed in 0..20 {
        let text = std::process::Command::new(env!("CARGO_BIN_EXE_loewenherz-cli"))
            .args(["play", "--edition", "new", "--players", "3", "--seed", &seed.to_string()])
            .output()
            .expect("the referee runs")
            .stdout;
        let record = Record::parse(&String::from_utf8(text).unwrap()).unwrap();
        let mut played = 0;
        record.replay_with(|game, _| {
            played += 1;
            if played % 7 != 0 {
                return;
            }
            for &viewer in game.players() {
                let v = game.view(Some(viewer));
                assert_eq!(v.hand.as_deref(), Some(game.hand(viewer)));
                let json = serde_json::to_string(&v).unwrap();
                for &other in game.players().iter().filter(|&&o| o != viewer) {
                    for card in game.hand(other) {
                        let public = game.market().contains(card) || game.discard().contains(card) || game.hand(viewer).contains(card);
                        assert!(public || !json.contains(&format!("\"{card}\"")), "{viewer}'s view names {other}'s card {card}");
                    }
                }
            }
        })
        .expect("the referee's record replays");
    }
}
