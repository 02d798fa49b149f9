//! Secrecy: changing another player's money, politics cards or sealed bid never changes my view.

mod common;

use common::{c, game, play};
use loewenherz::engine::Colour;
use loewenherz::engine::classic::{Game, Record};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SIDE_BY_SIDE: &str = "e6-f6 g6-h6 i6-j6 e7-f7 g7-h7 i7-j7 e8-f8 g8-h8 i8-j8 f5-f6 g5-g6 h5-h6 i5-i6 f8-f9 g8-g9 h8-h9 i8-i9";

fn position(yellow_ducats: u32, yellow_hand: &str, moves: &str) -> String {
    format!(
        "[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Setup \"custom\"]\n[Seed \"9\"]\n\
         [Castles \"red:f7 yellow:i8 purple:m3\"]\n[Knights \"red:g7 yellow:i7\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n\
         [Ducats \"yellow:{yellow_ducats}\"]\n[Hands \"red:treasure8 yellow:{yellow_hand}\"]\n[Deck \"B2 B1 C5 D2\"]\n[Start \"red\"]\n{moves}"
    )
}

/// The hands yellow may hold; all of one size, since how many cards one holds is public.
const HANDS: [&str; 5] = ["alliance", "renegade", "deeds3", "treasure15", "deeds5"];

#[test]
fn other_players_money_and_hand_are_not_in_my_view() {
    let base = game(&position(12, "deeds3", ""));
    for (ducats, hand) in [(0, "deeds3"), (40, "deeds3"), (12, "alliance"), (12, "treasure15"), (3, "renegade")] {
        let other = game(&position(ducats, hand, ""));
        for viewer in [Some(c("red")), Some(c("purple")), None] {
            assert_eq!(base.view(viewer), other.view(viewer), "yellow with {ducats} ducats and {hand} is visible to {viewer:?}");
        }
        assert_ne!(base.view(Some(c("yellow"))), other.view(Some(c("yellow"))), "yellow sees its own secrets");
    }
    // Red sees its own.
    let v = base.view(Some(c("red")));
    assert_eq!(v.ducats[c("red")], Some(12));
    assert_eq!(v.ducats[c("yellow")], None);
    assert_eq!(v.hands[c("yellow")], None);
    assert_eq!(v.hand_counts[c("yellow")], 1);
}

#[test]
fn a_sealed_bid_is_not_in_other_views_until_all_are_revealed() {
    // All three choose action 3 (knight or expand): a duel.
    let duel = "red decide 3 1\nyellow decide 3\npurple decide 3\n";
    let with_bid = |bid: &str| {
        let mut g = game(&position(12, "deeds3", duel));
        play(&mut g, &format!("yellow {bid}"));
        g
    };
    let low = with_bid("bid 1");
    let high = with_bid("bid 9");
    assert_eq!(low.to_move(), [c("red"), c("purple")]);
    for viewer in [Some(c("red")), Some(c("purple")), None] {
        assert_eq!(low.view(viewer), high.view(viewer), "yellow's bid leaks to {viewer:?}");
    }
    assert_ne!(low.view(Some(c("yellow"))), high.view(Some(c("yellow"))));
    // Red bids too: purple still can't see either bid.
    let (mut low, mut high) = (low, high);
    play(&mut low, "red bid 4");
    play(&mut high, "red bid 4");
    assert_eq!(low.view(Some(c("purple"))), high.view(Some(c("purple"))));
    // Once all have bid, the bids are revealed: red wins against 1, yellow with 9.
    play(&mut low, "purple bid 0");
    play(&mut high, "purple bid 0");
    assert_ne!(low.view(Some(c("purple"))), high.view(Some(c("purple"))));
}

/// Two games that differ only in yellow's secrets, driven by the same random moves (those legal
/// in both): red's and purple's views stay equal until the game is over.
#[test]
fn random_play_never_shows_another_players_secrets() {
    for seed in 0..60u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a_hand = HANDS[rng.random_range(0..HANDS.len())];
        let b_hand = HANDS[rng.random_range(0..HANDS.len())];
        let text_a = position(rng.random_range(0..30), a_hand, "");
        let text_b = position(rng.random_range(0..30), b_hand, "");
        let mut a: Game = Record::parse(&text_a).unwrap().replay().unwrap();
        let mut b: Game = Record::parse(&text_b).unwrap().replay().unwrap();
        for step in 0..400 {
            if a.is_over() || b.is_over() {
                break;
            }
            for viewer in [Colour::Red, Colour::Purple] {
                assert_eq!(a.view(Some(viewer)), b.view(Some(viewer)), "seed {seed}, step {step}: {viewer} sees yellow's secrets ({a_hand} vs {b_hand})");
            }
            let in_both: Vec<_> = a.legal_moves().into_iter().filter(|m| b.legal_moves().contains(m)).collect();
            if in_both.is_empty() {
                break;
            }
            let m = in_both[rng.random_range(0..in_both.len())];
            a.play(m).unwrap();
            b.play(m).unwrap();
        }
    }
}

/// Bug found by `random_play_never_shows_another_players_secrets`: an action used to end by itself
/// when its performer could not pay for any knight placement left, which told everyone that the
/// performer held fewer than 5 ducats. Now it waits for `done`, whatever the money.
#[test]
fn an_action_does_not_end_by_itself_because_its_performer_cannot_pay() {
    // Yellow (castle i8, knight i7) can place a knight only on the forest h8; every space around
    // its province is blocked (purple knights, and red's province with more knights).
    let text = |ducats: u32| {
        format!(
            "[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Setup \"custom\"]\n\
             [Castles \"red:f7 yellow:i8\"]\n[Knights \"red:g7,g8 yellow:i7 purple:j6,j7,j8,h5,i5,h9,i9\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n\
             [Ducats \"yellow:{ducats}\"]\n[Deck \"B2 B1\"]\n[Start \"yellow\"]\n\
             yellow decide 3 1\npurple decide 1\nred decide 1\n"
        )
    };
    let poor = game(&text(0));
    let rich = game(&text(12));
    for viewer in [Some(c("red")), Some(c("purple")), None] {
        assert_eq!(poor.view(viewer), rich.view(viewer));
    }
    assert!(matches!(poor.phase(), loewenherz::engine::classic::Phase::Perform { by: Colour::Yellow, .. }));
    assert_eq!(common::legal(&poor), ["yellow done"]);
    assert_eq!(common::legal(&rich), ["yellow knight h8", "yellow done"]);
}
