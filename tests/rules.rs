//! Rule tests, one behaviour each, named for it and citing the rulings of shared/RULES.md.
//! Every position is a game record (shared/NOTATION.md) with a custom setup on the basic map:
//!
//! ```text
//!     a b c d e f g h i j k l m n o
//!   1 . F . F F F F F . . . F F . F
//!   2 . H . C F F H F . H F C H . .
//!   3 . . . . F F F F C . . F . . F
//!   4 F C F . . . F F . . H . . C F
//!   5 . . . H H H H F H H H F . . F
//!   6 F C . F H F H F H H H . . . .
//!   7 . . . . H . . C . F . . C . F
//!   8 . F F . . F . F . C F F F F H
//!   9 . H H . C F . H F . F . H F .
//!  10 . F . . F F . F . F F . . . .
//! ```
//! (`.` open country, `F` forest, `H` mountain, `C` city.)
//!
//! R-B5, R-B6 and R-B12 are also covered by the rulebook examples in tests/records.rs.

mod common;

use common::{c, game, legal, play, refuse, replay, score_changes, scored};
use loewenherz::engine::{IllegalMove, Space};
use loewenherz::engine::classic::{Action, CardId, Event, Game, Phase, PoliticsCard, Record, ScoreReason, Setup, SetupKind};

fn s(name: &str) -> Space {
    Space::parse(name).expect("space")
}

/// A custom-setup record for red, yellow and purple (grey is the neutral colour) with the given
/// header lines and moves.
fn custom(headers: &str, moves: &str) -> String {
    format!("[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Setup \"custom\"]\n[Seed \"1\"]\n{headers}\n{moves}")
}

/// Red's province f6–g8 (castle f7) beside yellow's h6–i8 (castle i8): the borders around both.
const SIDE_BY_SIDE: &str = "e6-f6 g6-h6 i6-j6 e7-f7 g7-h7 i7-j7 e8-f8 g8-h8 i8-j8 f5-f6 g5-g6 h5-h6 i5-i6 f8-f9 g8-g9 h8-h9 i8-i9";
/// Purple's province d6–e8 (castle d7) to the left of SIDE_BY_SIDE's two.
const THREE_IN_A_ROW: &str = "c6-d6 e6-f6 g6-h6 i6-j6 c7-d7 e7-f7 g7-h7 i7-j7 c8-d8 e8-f8 g8-h8 i8-j8 d5-d6 e5-e6 f5-f6 g5-g6 h5-h6 i5-i6 d8-d9 e8-e9 f8-f9 g8-g9 h8-h9 i8-i9";

/// Card B2 ($6 / B2 / K1) with red, the start player, taking knight-or-expand: red performs it.
const RED_K1: &str = "[Deck \"B2 B1\"]\n[Start \"red\"]";
const RED_TAKES_K1: &str = "red decide 3 1\nyellow decide 1\npurple decide 1\n";
/// Card B1 ($8 / B2 / K2): red takes two-knights (action 3) or the borders (action 2).
const RED_B1: &str = "[Deck \"B1 B2\"]\n[Start \"red\"]";
const RED_TAKES_K2: &str = "red decide 3 1\nyellow decide 1\npurple decide 1\n";
const RED_TAKES_B2: &str = "red decide 2 1\nyellow decide 1\npurple decide 1\n";

fn performing(g: &Game) -> Option<(u8, loewenherz::engine::Colour)> {
    match g.phase() {
        Phase::Perform { action, by, .. } => Some((*action + 1, *by)),
        _ => None,
    }
}

// ----- provinces, borders and expansion (shared rules) -------------------------------------

// R-B1, R-B4: a castle's space can never be taken, so a province never disappears.
#[test]
fn castle_space_can_never_be_taken() {
    let text = custom(
        &format!("[Castles \"red:f7 yellow:h8\"]\n[Knights \"red:g7,g8 yellow:i7\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n{RED_K1}"),
        RED_TAKES_K1,
    );
    let mut g = game(&text);
    assert_eq!(performing(&g), Some((3, c("red"))));
    refuse(&mut g, "red expand h8", IllegalMove::SpaceHasCastle);
    // Naming the province explicitly does not help.
    refuse(&mut g, "red expand h8 f7", IllegalMove::SpaceHasCastle);
    // The red knights outnumber yellow's, so the other spaces of the province can be taken.
    play(&mut g, "red expand h7");
    play(&mut g, "red expand h6");
    assert_eq!(g.board().provinces(c("yellow")).collect::<Vec<_>>(), [s("h8")]);
}

// R-B4: another colour's knight (the neutral colour's too) blocks a space; one's own does not.
#[test]
fn foreign_and_neutral_knights_block_expansion_own_knight_does_not() {
    let text = custom(
        &format!("[Castles \"red:f7 yellow:i8\"]\n[Knights \"red:g7,g8,e8 yellow:i7,h8 grey:h6\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n{RED_K1}"),
        RED_TAKES_K1,
    );
    let mut g = game(&text);
    refuse(&mut g, "red expand h8", IllegalMove::SpaceHasForeignKnight);
    refuse(&mut g, "red expand h6", IllegalMove::SpaceHasForeignKnight);
    // 2 red knights against 2 yellow ones: not enough for h7 yet (R-B11).
    refuse(&mut g, "red expand h7", IllegalMove::TooFewKnights);
    // e8 holds red's own knight: it can be taken, and the knight then counts for the province.
    play(&mut g, "red expand e8");
    assert_eq!(g.board().knights_in(s("f7"), c("red")), 3);
    play(&mut g, "red expand h7");
}

// R-B11: only the owner's own knights inside the province count, at the moment each space is taken.
#[test]
fn knight_superiority_counts_own_knights_inside_at_each_space() {
    // Purple's knight f6 stands in red's province but does not count for red.
    let text = custom(
        &format!("[Castles \"red:f7 yellow:i8\"]\n[Knights \"red:g7,e8 purple:f6 yellow:i7\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n{RED_K1}"),
        RED_TAKES_K1,
    );
    let mut g = game(&text);
    refuse(&mut g, "red expand h7", IllegalMove::TooFewKnights);
    refuse(&mut g, "red expand h6", IllegalMove::TooFewKnights);
    // Taking e8 with red's own knight on it raises red's count to 2 for the second space.
    play(&mut g, "red expand e8");
    let ev = play(&mut g, "red expand h7");
    assert!(ev.contains(&Event::SpaceTaken { by: c("red"), castle: s("f7"), at: s("h7"), from: Some(c("yellow")) }));
}

// R-C4: the neutral colour's knights count for knight superiority; it never scores or loses points.
#[test]
fn neutral_knights_count_for_superiority_but_neutral_never_scores() {
    let position = |red_knights: &str| {
        custom(
            &format!("[Castles \"red:f7 grey:i8\"]\n[Knights \"red:{red_knights} grey:i7\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n{RED_K1}"),
            RED_TAKES_K1,
        )
    };
    let mut g = game(&position("g7"));
    assert!(!g.is_player(c("grey")));
    refuse(&mut g, "red expand h7", IllegalMove::TooFewKnights);
    let mut g = game(&position("g7,g8"));
    let ev = play(&mut g, "red expand h7");
    assert_eq!(score_changes(&ev, c("red")), [(6, ScoreReason::Expansion)]);
    assert!(!scored(&ev, c("grey")));
    assert!(!g.to_move().contains(&c("grey")));
}

// R-B2: borders with one province on both sides go back to the stock when a province is formed.
#[test]
fn superfluous_borders_inside_new_province_return_to_stock() {
    // The founding example plus a loose border a2-b2 that will lie inside red's province.
    let text = custom(
        "[Castles \"red:a1 yellow:c5\"]\n[Borders \"c1-d1 c2-d2 c3-d3 c4-d4 d5-e5 d4-d5 a5-a6 b5-b6 c5-c6 d5-d6 b4-b5 c4-c5 a2-b2\"]\n[Deck \"B1 B2\"]\n[Start \"purple\"]",
        "purple decide 2 3\nred decide 1\nyellow decide 1\n",
    );
    let mut g = game(&text);
    assert_eq!(g.board().borders_in_stock(), 100 - 13);
    let ev = play(&mut g, "purple border a4-a5");
    assert!(ev.contains(&Event::BordersRemoved { edges: vec![loewenherz::engine::Edge::parse("a2-b2").unwrap()] }), "{ev:?}");
    assert_eq!(g.board().borders_in_stock(), 100 - 13);
    assert!(!g.board().has_border(loewenherz::engine::Edge::parse("a2-b2").unwrap()));
    // And no border can be put back inside the province.
    refuse(&mut g, "purple border a2-b2", IllegalMove::BorderInsideProvince);
    refuse(&mut g, "purple border a4-a5", IllegalMove::BorderExists);
}

/// The basic-map edges in rows 1–4, as filler borders that touch nothing of the test positions.
fn filler_borders(n: usize, except: &str) -> Vec<String> {
    loewenherz::engine::grid::CLASSIC.edges()
        .filter(|e| {
            let (a, b) = e.spaces();
            a.row() < 4 && b.row() < 4
        })
        .map(|e| e.to_string())
        .filter(|e| !except.split_whitespace().any(|x| x == e))
        .take(n)
        .collect()
}

// R-B3: 100 markers; with the stock empty no border can be placed, and an expansion that needs
// more markers than are left (after those it frees) is illegal.
#[test]
fn border_stock_is_finite_and_expansion_needs_enough_markers() {
    // SIDE_BY_SIDE plus a one-space pocket e8 enclosed by borders, and fillers up to 100.
    let own = format!("{SIDE_BY_SIDE} d8-e8 e7-e8 e8-e9");
    let fillers = filler_borders(100 - own.split_whitespace().count(), &own);
    let borders = format!("{own} {}", fillers.join(" "));
    assert_eq!(borders.split_whitespace().count(), 100);
    let text = custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Knights \"red:g7,g8 yellow:i7\"]\n[Borders \"{borders}\"]\n{RED_K1}"), RED_TAKES_K1);
    let mut g = game(&text);
    assert_eq!(g.board().borders_in_stock(), 0);
    assert_eq!(g.border_ok(c("red"), loewenherz::engine::Edge::parse("k9-l9").unwrap()), Err(IllegalMove::NotEnoughBorders));
    // e7 needs two new borders and frees one: refused.
    refuse(&mut g, "red expand e7", IllegalMove::NotEnoughBorders);
    // The pocket e8 needs none and frees e8-f8.
    let ev = play(&mut g, "red expand e8");
    assert!(!ev.iter().any(|e| matches!(e, Event::BordersAdded { .. })));
    assert_eq!(g.board().borders_in_stock(), 1);

    // A borders action with an empty stock ends at once.
    let text = custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Borders \"{borders}\"]\n{RED_B1}"), RED_TAKES_B2);
    let (g, ev) = replay(&text);
    let i = ev.iter().position(|e| *e == Event::Performs { action: 2, kind: Action::Borders(2), by: c("red") }).expect("red performs the borders");
    assert_eq!(ev[i + 1], Event::ActionEnded { action: 2 });
    assert_ne!(performing(&g), Some((2, c("red"))));

    // A setup can't hold more than 100 borders.
    let more = format!("{borders} {}", filler_borders(1, &borders)[0]);
    let text = custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Borders \"{more}\"]"), "");
    assert!(Record::parse(&text).unwrap().replay().is_err());
}

// R-B5, R-C4: a province that comes into being as a side effect of an expansion's borders is
// scored for its owner at once (the neutral colour's is founded but never scored).
#[test]
fn expansion_side_effect_founds_provinces_for_their_owners() {
    // h6-h8 is open land holding yellow's castle h6 and grey's h8; red takes the city h7 between them.
    let text = custom(
        "[Castles \"red:f7 yellow:h6 grey:h8\"]\n[Knights \"red:g7\"]\n[Borders \"e6-f6 g6-h6 h6-i6 e7-f7 g7-h7 h7-i7 e8-f8 g8-h8 h8-i8 f5-f6 g5-g6 h5-h6 f8-f9 g8-g9 h8-h9\"]\n[Deck \"B2 B1\"]\n[Start \"red\"]",
        RED_TAKES_K1,
    );
    let mut g = game(&text);
    let ev = play(&mut g, "red expand h7");
    assert!(ev.contains(&Event::ProvinceFounded { colour: c("yellow"), castle: s("h6"), spaces: 1, cities: 0, points: 3 }));
    assert!(ev.contains(&Event::ProvinceFounded { colour: c("grey"), castle: s("h8"), spaces: 1, cities: 0, points: 0 }));
    assert_eq!(score_changes(&ev, c("yellow")), [(3, ScoreReason::Founding)]);
    assert_eq!(score_changes(&ev, c("red")), [(6, ScoreReason::Expansion)]);
    assert!(!scored(&ev, c("grey")));
    assert_eq!(g.score(c("grey")), 0);
}

// R-B10: a score never goes below 0.
#[test]
fn scores_never_go_below_zero() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/expansion_into_foreign_province.txt"))
        .unwrap()
        .replace("[Scores \"yellow:20\"]", "[Scores \"yellow:3\"]");
    let (g, ev) = replay(&text);
    // Yellow loses 6, then 1: only the 3 it had are taken, and the second loss applies nothing.
    assert_eq!(score_changes(&ev, c("yellow")), [(-3, ScoreReason::LostSpace)]);
    assert_eq!(g.score(c("yellow")), 0);
    assert_eq!(g.score(c("red")), 7, "the taker still gains the full value");
    assert_eq!(g.breakdown(c("yellow")).losses, -3);
}

// ----- politics cards -----------------------------------------------------------------------

// R-B7: an alliance bars expansion between the two provinces until one of its players pays 10.
#[test]
fn alliance_bars_expansion_until_bought_out() {
    let text = custom(
        &format!("[Castles \"purple:d7 red:f7 yellow:i8\"]\n[Knights \"red:g7,g8 yellow:i7\"]\n[Borders \"{THREE_IN_A_ROW}\"]\n[Hands \"red:alliance\"]\n{RED_K1}"),
        "red decide 3 1\nred alliance f7 i8\nyellow decide 1\npurple decide 1\n",
    );
    let mut g = game(&text);
    assert_eq!(g.alliances(), [(s("f7"), s("i8"))]);
    assert_eq!(g.discards(), [PoliticsCard::Alliance]);
    refuse(&mut g, "red expand h7", IllegalMove::ProvincesAllied);
    refuse(&mut g, "red unally f7 d7", IllegalMove::NoSuchAlliance);
    // Purple is not part of it (and it is not purple's move either).
    refuse(&mut g, "purple unally f7 i8", IllegalMove::NotYourTurn);
    let before = g.ducats(c("red"));
    // Either order of the two castles names the alliance (both are listed).
    assert!(legal(&g).contains(&"red unally f7 i8".to_string()));
    let ev = play(&mut g, "red unally i8 f7");
    assert!(ev.contains(&Event::Unallied { by: c("red"), a: s("f7"), b: s("i8"), money: 10, treasures: loewenherz::engine::classic::Treasures::NONE }));
    assert_eq!(g.ducats(c("red")), before - 10);
    assert!(g.alliances().is_empty());
    play(&mut g, "red expand h7");
}

// R-B13: an alliance can't be played on a pair already allied.
#[test]
fn alliance_on_already_allied_pair_is_refused() {
    let text = custom(
        &format!("[Castles \"purple:d7 red:f7 yellow:i8\"]\n[Borders \"{THREE_IN_A_ROW}\"]\n[Hands \"red:alliance,alliance\"]\n{RED_K1}"),
        "red decide 3 1\nred alliance f7 i8\n",
    );
    let mut g = game(&text);
    assert_eq!(g.politics_window(), Some((c("red"), 1)));
    refuse(&mut g, "red alliance f7 i8", IllegalMove::AlreadyAllied);
    refuse(&mut g, "red alliance f7 f7", IllegalMove::NotForeignProvince);
    refuse(&mut g, "red alliance i8 f7", IllegalMove::NotOwnProvince);
    // R-C13: the start player laid two decision cards, so a second card (another pair) is allowed.
    play(&mut g, "red alliance f7 d7");
    assert_eq!(g.alliances().len(), 2);
}

// R-C13: at most one politics card with each decision card, right after laying it.
#[test]
fn one_politics_card_per_decision_card_right_after_laying_it() {
    let text = custom(
        &format!("[Castles \"purple:d7 red:f7 yellow:i8\"]\n[Borders \"{THREE_IN_A_ROW}\"]\n[Hands \"red:alliance,alliance\"]\n[Deck \"B2 B1\"]\n[Start \"purple\"]"),
        "purple decide 1 2\n",
    );
    let mut g = game(&text);
    // Red's turn to decide: no politics card before the decision card.
    assert_eq!(g.to_move(), [c("red")]);
    refuse(&mut g, "red alliance f7 i8", IllegalMove::NotAfterOwnDecision);
    play(&mut g, "red decide 3");
    assert_eq!(g.politics_window(), Some((c("red"), 1)));
    play(&mut g, "red alliance f7 i8");
    // One decision card, one politics card: the window is closed, yellow chooses next.
    assert_eq!(g.politics_window(), None);
    assert_eq!(g.to_move(), [c("yellow")]);
    refuse(&mut g, "red alliance f7 d7", IllegalMove::NotYourTurn);
    assert!(!legal(&g).iter().any(|m| m.contains("alliance")));
}

/// Red's province a6–b8 (castle a7, knight b7) beside `other`'s c6–d8 (castle d8) with the
/// chain of knights d7–c7–c6 from its castle, and a knight of `other` on e8 outside.
fn renegade_position(other: &str, ducats: u32) -> String {
    custom(
        &format!(
            "[Castles \"red:a7 {other}:d8\"]\n[Knights \"red:b7 {other}:d7,c7,c6,e8\"]\n[Borders \"b6-c6 d6-e6 b7-c7 d7-e7 b8-c8 d8-e8 a5-a6 b5-b6 c5-c6 d5-d6 a8-a9 b8-b9 c8-c9 d8-d9\"]\n[Hands \"red:renegade\"]\n[Ducats \"red:{ducats}\"]\n{RED_K1}"
        ),
        "red decide 3 1\n",
    )
}

// R-B8, R-C9: Renegade removes a knight inside the neighbouring foreign province and places one
// inside one's own, both halves or neither; forest costs 5 each way.
#[test]
fn renegade_moves_a_knight_from_the_neighbouring_province_into_ones_own() {
    let mut g = game(&renegade_position("yellow", 12));
    // R-C9: the removed knight must stand inside the foreign province ...
    refuse(&mut g, "red renegade e8 a8", IllegalMove::NoForeignKnightThere);
    // ... and the new one inside one's own.
    refuse(&mut g, "red renegade c6 e6", IllegalMove::NotInOwnProvince);
    refuse(&mut g, "red renegade b7 a8", IllegalMove::NoForeignKnightThere);
    // Placement follows the knight rules (a mountain or city is no place for a knight).
    refuse(&mut g, "red renegade c6 b6", IllegalMove::KnightTerrain);
    let ev = play(&mut g, "red renegade c6 a6");
    assert!(ev.contains(&Event::RenegadePlayed { by: c("red"), removed: s("c6"), removed_colour: c("yellow"), placed: s("a6"), cost: 5 }));
    assert!(g.board().knights(c("red")).contains(s("a6")));
    assert!(!g.board().knights(c("yellow")).contains(s("c6")));
    assert_eq!(g.board().knights_in_stock(c("yellow")), 12 - 3);
    assert_eq!(g.ducats(c("red")), 12 - 5);
    assert!(g.hand(c("red")).is_empty());

    // Both halves or neither: with 4 ducats the forest placement can't be paid, nothing happens.
    let mut g = game(&renegade_position("yellow", 4));
    refuse(&mut g, "red renegade c6 a6", IllegalMove::CannotAfford);
    play(&mut g, "red renegade c6 a8");
    assert_eq!(g.ducats(c("red")), 4);
}

// R-B9: the removed knight may not be the only link of its colour's pieces.
#[test]
fn renegade_may_not_remove_the_only_link() {
    let mut g = game(&renegade_position("yellow", 12));
    // c7 links c6 to the castle d8 (via d7); d7 links both c7 and c6.
    refuse(&mut g, "red renegade c7 a8", IllegalMove::OnlyLink);
    refuse(&mut g, "red renegade d7 a8", IllegalMove::OnlyLink);
    assert!(g.only_link(s("c7"), c("yellow")));
    assert!(!g.only_link(s("c6"), c("yellow")));
    let listed = legal(&g);
    assert!(listed.contains(&"red renegade c6 a8".to_string()));
    assert!(!listed.iter().any(|m| m.starts_with("red renegade c7") || m.starts_with("red renegade d7")));
}

// R-B8, R-C4: the neutral colour's provinces may be targeted; its knight goes back to its stock.
#[test]
fn renegade_may_target_a_neutral_province() {
    let mut g = game(&renegade_position("grey", 12));
    play(&mut g, "red renegade c6 a8");
    assert_eq!(g.board().knights_in_stock(c("grey")), 12 - 3);
}

// ----- Classic: setup, round and actions ------------------------------------------------------

// R-C1: money is an amount; treasure cards give no change (the excess is lost) and are not
// combined beyond what is needed.
#[test]
fn treasure_pays_costs_without_change() {
    let text = custom(
        &format!("[Castles \"red:f7 yellow:i8\"]\n[Knights \"red:g7\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n[Hands \"red:treasure8,treasure10\"]\n[Ducats \"red:1\"]\n{RED_K1}"),
        RED_TAKES_K1,
    );
    let mut g = game(&text);
    assert_eq!(g.ducats(c("red")), 3, "1 + a third of 6");
    refuse(&mut g, "red knight f8", IllegalMove::CannotAfford);
    refuse(&mut g, "red knight f8 treasure8 treasure10", IllegalMove::BadTreasurePayment);
    refuse(&mut g, "red knight f8 treasure12", IllegalMove::BadTreasurePayment);
    refuse(&mut g, "red knight g8 treasure8", IllegalMove::BadTreasurePayment);
    let ev = play(&mut g, "red knight f8 treasure8");
    assert!(ev.contains(&Event::Paid { by: c("red"), money: 0, treasures: loewenherz::engine::classic::Treasures(1) }));
    assert_eq!(g.ducats(c("red")), 3, "no change is given for the 8");
    assert_eq!(g.hand(c("red")), [PoliticsCard::Treasure(10)]);
    assert_eq!(g.discards(), [PoliticsCard::Treasure(8)]);
}

// R-C2: "The King is dead!" is the fourth card of stack E, at the bottom of the deck, and ends the game.
#[test]
fn king_is_dead_lies_in_stack_e_and_ends_the_game() {
    for seed in 0..20 {
        let (g, _) = Game::new(&Setup::new(vec![c("red"), c("yellow"), c("purple")], SetupKind::Basic, seed)).unwrap();
        let deck = g.deck();
        assert!(deck.len() < 25, "stack A is left out in the basic game");
        assert!(deck.iter().all(|c| c.stack_letter() != 'A'));
        let tail: Vec<CardId> = deck[deck.len() - 4..].to_vec();
        assert!(tail.iter().all(|c| c.stack_letter() == 'E'), "{tail:?}");
        assert!(tail.contains(&CardId::parse("E4").unwrap()));
    }
    let (g, ev) = replay(&custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n[Deck \"E4\"]"), ""));
    assert!(g.is_over());
    assert!(ev.contains(&Event::CardDrawn { card: CardId::parse("E4").unwrap() }));
    // The end: 1 per mountain in one's provinces (red's g6, yellow's i6).
    assert_eq!(score_changes(&ev, c("red")), [(1, ScoreReason::FinalMountains)]);
    assert_eq!(score_changes(&ev, c("yellow")), [(1, ScoreReason::FinalMountains)]);
    assert!(g.legal_moves().is_empty());
    let mut g = g;
    refuse(&mut g, "red decide 1", IllegalMove::GameOver);
}

// R-C3: castles of one colour at least 7 apart (Manhattan) in the variable setup.
#[test]
fn castles_of_one_colour_stay_seven_spaces_apart() {
    let text = "[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Setup \"variable\"]\n[Tiles \"A0 B0 C0 D0 E0 F0\"]\n\
                red castle a1\nred knight a2\nyellow castle n1\nyellow knight n2\npurple castle a10\npurple knight a9\n";
    let mut g = game(text);
    assert_eq!(g.placement_due(), Some((c("red"), c("red"))));
    assert_eq!(g.castle_distance_now(c("red")), 7);
    refuse(&mut g, "red castle d4", IllegalMove::CastleTooClose { min_distance: 7 });
    refuse(&mut g, "red castle a7", IllegalMove::CastleTooClose { min_distance: 7 });
    refuse(&mut g, "red castle d5", IllegalMove::CastleNotOnOpenCountry);
    refuse(&mut g, "red castle a10", IllegalMove::SpaceOccupied);
    refuse(&mut g, "red knight e5", IllegalMove::NotNow);
    play(&mut g, "red castle e4");
    refuse(&mut g, "red knight c3", IllegalMove::KnightNotNextToCastle);
    refuse(&mut g, "red knight e3", IllegalMove::KnightNotOnOpenCountry);
    play(&mut g, "red knight d4");
    // Only castles of one colour keep the distance: yellow's may stand right next to red's pieces.
    play(&mut g, "yellow castle d3");
}

// R-C5: placing borders is "may": fewer, even none.
#[test]
fn borders_action_may_place_fewer_or_none() {
    let text = custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n{RED_B1}"), RED_TAKES_B2);
    let mut g = game(&text);
    assert_eq!(performing(&g), Some((2, c("red"))));
    let ev = play(&mut g, "red done");
    assert!(ev.contains(&Event::ActionEnded { action: 2 }));
    assert_eq!(g.board().borders().len(), 17);
    let mut g = game(&text);
    play(&mut g, "red border k9-l9");
    let ev = play(&mut g, "red done");
    assert!(ev.contains(&Event::ActionEnded { action: 2 }));
    assert_eq!(g.board().borders().len(), 18);
}

// Borders: not between a knight and a castle or knight of its colour; other pairs are fine.
#[test]
fn border_may_not_split_own_knights() {
    let text = custom("[Castles \"red:b3 yellow:m3\"]\n[Knights \"red:c3,d3 yellow:l3,b2\"]\n[Deck \"B1 B2\"]\n[Start \"red\"]", RED_TAKES_B2);
    let mut g = game(&text);
    refuse(&mut g, "red border b3-c3", IllegalMove::BorderSeparatesPieces);
    refuse(&mut g, "red border c3-d3", IllegalMove::BorderSeparatesPieces);
    refuse(&mut g, "red border l3-m3", IllegalMove::BorderSeparatesPieces);
    // A red castle and a yellow knight may be separated.
    play(&mut g, "red border b2-b3");
    play(&mut g, "red border d3-e3");
    // Two borders placed: the action is over.
    assert_ne!(performing(&g), Some((2, c("red"))));
}

/// Red's provinces a1–b2 and d1–e2 (castles a1, d1); castle g1 in g1–h2 open towards i.
const TWO_AND_A_HALF: &str = "b1-c1 c1-d1 e1-f1 f1-g1 b2-c2 c2-d2 e2-f2 f2-g2 h1-i1 a2-a3 b2-b3 d2-d3 e2-e3 g2-g3 h2-h3";

// R-C6: with three provinces a player may choose the borders action but places none; the border
// founding the third province ends the action.
#[test]
fn third_province_ends_the_borders_action() {
    // C5: $8 / B3 / K2.
    let text = custom(
        &format!("[Castles \"red:a1,d1,g1 yellow:m4\"]\n[Borders \"{TWO_AND_A_HALF}\"]\n[Deck \"C5 B1\"]\n[Start \"red\"]"),
        "red decide 2 3\nyellow decide 1\npurple decide 1\n",
    );
    let mut g = game(&text);
    assert_eq!(g.province_count(c("red")), 2);
    assert_eq!(performing(&g), Some((2, c("red"))));
    let ev = play(&mut g, "red border h2-i2");
    assert!(ev.contains(&Event::ProvinceFounded { colour: c("red"), castle: s("g1"), spaces: 4, cities: 0, points: 3 }));
    assert!(ev.contains(&Event::ActionEnded { action: 2 }), "two borders were left, but the third province ends the action");
    assert_eq!(g.province_count(c("red")), 3);

    // With three provinces already, the borders action ends at once.
    let text = custom(
        &format!("[Castles \"red:a1,d1,g1 yellow:m4\"]\n[Borders \"{TWO_AND_A_HALF} h2-i2\"]\n[Deck \"C5 B1\"]\n[Start \"red\"]"),
        "red decide 2 3\nyellow decide 1\npurple decide 1\n",
    );
    let (g, ev) = replay(&text);
    let i = ev.iter().position(|e| *e == Event::Performs { action: 2, kind: Action::Borders(3), by: c("red") }).expect("red may choose and win it");
    assert_eq!(ev[i + 1], Event::ActionEnded { action: 2 });
    assert_eq!(performing(&g), Some((3, c("red"))));
}

// R-C7: every action is optional: a winner may decline.
#[test]
fn every_action_may_be_declined() {
    let text = custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Knights \"red:g7,g8 yellow:i7\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n{RED_K1}"), RED_TAKES_K1);
    let mut g = game(&text);
    assert_eq!(performing(&g), Some((3, c("red"))));
    let ev = play(&mut g, "red done");
    assert!(ev.contains(&Event::ActionEnded { action: 3 }));
    assert_eq!(g.board().knights_in_stock(c("red")), 10);
    assert_eq!(g.round(), 2);
}

// R-C11: in the two-knights action the knight can't come between the two spaces of an
// expansion; and there are never two expansions.
#[test]
fn knight_ends_the_expansion_in_the_two_knights_action() {
    let text = custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Knights \"red:g7\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n{RED_B1}"), RED_TAKES_K2);
    let (g0, ev) = replay(&text);
    // The 8 ducats of action 1 were shared three ways: 2 each, 2 lost.
    assert!(ev.contains(&Event::DucatsShared { action: 1, to: vec![c("red"), c("yellow"), c("purple")], each: 2, lost: 2 }), "{ev:?}");
    let mut g = g0.clone();
    play(&mut g, "red expand e8");
    let ev = play(&mut g, "red knight g8");
    assert!(ev.contains(&Event::ActionEnded { action: 3 }), "the knight ended the expansion and the action");
    assert!(!g.board().component(s("f7")).spaces.contains(s("d8")));

    // Knight first, then a full expansion of two spaces.
    let mut g = g0.clone();
    play(&mut g, "red knight g8");
    play(&mut g, "red expand e8");
    let ev = play(&mut g, "red expand d8");
    assert!(ev.contains(&Event::ActionEnded { action: 3 }));

    // Two spaces, then no further expansion (only the knight).
    let mut g = g0;
    play(&mut g, "red expand e8");
    play(&mut g, "red expand d8");
    refuse(&mut g, "red expand c8", IllegalMove::NoExpansionLeft);
    play(&mut g, "red knight g8");
}

// R-C8: exactly two players negotiate; the earlier in this round's order speaks first; each
// offer beats the same player's last one; accepting makes the offerer pay and perform.
#[test]
fn negotiation_earlier_player_speaks_first_and_accepted_offer_is_paid() {
    // Start yellow: the order is yellow, purple, red. Purple and red both choose action 2.
    let text = custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n[Deck \"B2 B1\"]\n[Start \"yellow\"]"), "yellow decide 1 3\npurple decide 2\nred decide 2\n");
    let (mut g, ev) = replay(&text);
    assert!(ev.contains(&Event::NegotiationStarted { action: 2, kind: Action::Borders(2), players: [c("purple"), c("red")] }));
    assert_eq!(g.to_move(), [c("purple")]);
    refuse(&mut g, "red offer 1", IllegalMove::NotYourTurn);
    refuse(&mut g, "purple accept", IllegalMove::NoOfferToAccept);
    refuse(&mut g, "purple offer 13", IllegalMove::NotEnoughMoney);
    play(&mut g, "purple offer 3");
    assert_eq!(g.to_move(), [c("red")]);
    play(&mut g, "red offer 2");
    refuse(&mut g, "purple offer 3", IllegalMove::OfferNotHigher);
    refuse(&mut g, "purple bid 3", IllegalMove::NotNow);
    play(&mut g, "purple offer 4");
    let ev = play(&mut g, "red accept");
    assert!(ev.contains(&Event::Accepted { by: c("red"), payer: c("purple"), amount: 4 }));
    assert_eq!(g.ducats(c("purple")), 8);
    assert_eq!(g.ducats(c("red")), 16);
    assert_eq!(performing(&g), Some((2, c("purple"))));

    // Breaking off starts a duel of the two.
    let (mut g, _) = replay(&text);
    let ev = play(&mut g, "purple duel");
    assert!(ev.contains(&Event::DuelStarted { action: 2, kind: Action::Borders(2), bidders: vec![c("purple"), c("red")], second: false }));
}

// Duel: sealed bids; the highest pays the bank; a tie bids again among the tied; a second tie voids it.
#[test]
fn duel_tie_bids_again_and_second_tie_voids_the_action() {
    let text = custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n{RED_K1}"), "red decide 3 1\nyellow decide 3\npurple decide 3\n");
    let (mut g, ev) = replay(&text);
    assert!(ev.contains(&Event::DuelStarted { action: 3, kind: Action::KnightOrExpand, bidders: vec![c("red"), c("yellow"), c("purple")], second: false }));
    assert_eq!(g.ducats(c("red")), 18);
    refuse(&mut g, "yellow bid 13", IllegalMove::NotEnoughMoney);
    refuse(&mut g, "yellow bid 1 treasure8", IllegalMove::BadTreasurePayment);
    play(&mut g, "yellow bid 5");
    refuse(&mut g, "yellow bid 6", IllegalMove::NotYourTurn);
    play(&mut g, "purple bid 2");
    let ev = play(&mut g, "red bid 5");
    assert!(ev.contains(&Event::DuelStarted { action: 3, kind: Action::KnightOrExpand, bidders: vec![c("red"), c("yellow")], second: true }));
    play(&mut g, "red bid 3");
    let ev = play(&mut g, "yellow bid 3");
    assert!(ev.contains(&Event::DuelVoid { action: 3, kind: Action::KnightOrExpand }));
    assert_eq!((g.ducats(c("red")), g.ducats(c("yellow")), g.ducats(c("purple"))), (18, 12, 12), "everybody keeps their money");

    let (mut g, _) = replay(&text);
    play(&mut g, "red bid 0");
    play(&mut g, "purple bid 7");
    let ev = play(&mut g, "yellow bid 6");
    assert!(ev.contains(&Event::DuelWon { by: c("purple"), paid: 7, treasures: loewenherz::engine::classic::Treasures::NONE }));
    assert_eq!(g.ducats(c("purple")), 5);
    assert!(ev.contains(&Event::Performs { action: 3, kind: Action::KnightOrExpand, by: c("purple") }));
}

// R-C10: highest score wins; a tie goes to the most ducats (money + treasure); a tie on both is shared.
#[test]
fn tie_on_score_and_wealth_is_shared() {
    let end = |ducats: &str, hands: &str| {
        game(&format!(
            "[Edition \"classic\"]\n[Players \"red yellow\"]\n[Neutral \"grey\"]\n[Setup \"custom\"]\n[Deck \"E4\"]\n[Scores \"red:5 yellow:5\"]\n[Ducats \"{ducats}\"]\n{hands}\n"
        ))
    };
    assert_eq!(end("red:7 yellow:7", "").winners(), [c("red"), c("yellow")]);
    assert_eq!(end("red:7 yellow:8", "").winners(), [c("yellow")]);
    // A treasure card counts as ducats for the tie-break.
    assert_eq!(end("red:0 yellow:8", "[Hands \"red:treasure8\"]").winners(), [c("red"), c("yellow")]);
    // Deeds are revealed and scored at the end.
    let g = end("red:7 yellow:7", "[Hands \"yellow:deeds3\"]");
    assert_eq!(g.winners(), [c("yellow")]);
    assert_eq!(g.score(c("yellow")), 8);
}

// R-C12: an empty pile can't be chosen; opening a pile commits to taking from it; with both
// piles empty the action does nothing.
#[test]
fn politics_action_empty_pile_and_opened_pile_commit() {
    let two = |politics: &str| {
        format!(
            "[Edition \"classic\"]\n[Players \"red yellow\"]\n[Neutral \"grey\"]\n[Setup \"custom\"]\n[Castles \"red:f7 yellow:i8\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n[Politics \"{politics}\"]\n[Deck \"B4 B1\"]\nred decide 1 2\nyellow decide 3\n"
        )
    };
    let mut g = game(&two(" / alliance deeds3"));
    assert_eq!(performing(&g), Some((1, c("red"))));
    refuse(&mut g, "red open 1", IllegalMove::PileEmpty);
    refuse(&mut g, "red take 1 alliance", IllegalMove::PileEmpty);
    play(&mut g, "red open 2");
    refuse(&mut g, "red done", IllegalMove::MustTakeFromOpenedPile);
    refuse(&mut g, "red open 2", IllegalMove::PileAlreadyOpen);
    refuse(&mut g, "red take 2 renegade", IllegalMove::CardNotInPile);
    let ev = play(&mut g, "red take 2 deeds3");
    assert!(ev.contains(&Event::CardTaken { by: c("red"), pile: 2, card: PoliticsCard::Deeds(3) }));
    assert_eq!(g.hand(c("red")), [PoliticsCard::Deeds(3)]);
    assert_eq!(g.pile(1), [PoliticsCard::Alliance]);

    let (g, ev) = replay(&two(" / "));
    assert!(ev.contains(&Event::PilesEmpty { action: 1 }));
    assert_eq!(performing(&g), Some((2, c("red"))));
}

// Silver find: each player scores the mountains inside their provinces, then the next card comes.
#[test]
fn silver_find_scores_mountains_in_provinces() {
    let (g, ev) = replay(&custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n[Deck \"B3 B1\"]"), ""));
    assert_eq!(score_changes(&ev, c("red")), [(1, ScoreReason::SilverFind)]);
    assert_eq!(score_changes(&ev, c("yellow")), [(1, ScoreReason::SilverFind)]);
    assert!(!scored(&ev, c("purple")), "purple has no province");
    assert_eq!(g.card(), CardId::parse("B1"));
    assert_eq!(g.round(), 1);
}

// The basic game: fixed start, 20 borders, start provinces not scored; 3 players: start player lays two.
#[test]
fn basic_start_position_is_enclosed_and_unscored() {
    let (g, _) = Game::new(&Setup::new(vec![c("red"), c("yellow"), c("purple")], SetupKind::Basic, 3)).unwrap();
    assert_eq!(g.board().borders_in_stock(), 80);
    assert_eq!(g.neutral(), Some(c("grey")));
    for colour in [c("red"), c("yellow"), c("purple"), c("grey")] {
        assert_eq!(g.province_count(colour), 1);
        assert_eq!(g.board().provinces(colour).map(|p| g.board().component(p).size()).collect::<Vec<_>>(), [6]);
        assert_eq!(g.breakdown(colour).provinces, 0);
        assert_eq!(g.board().knights_in_stock(colour), 9);
    }
    assert_eq!(g.cards_to_lay(), 2);
    let mut g = g;
    refuse(&mut g, "red decide 1", IllegalMove::WrongNumberOfDecisionCards { expected: 2 });
    refuse(&mut g, "red decide 2 2", IllegalMove::SameDecisionCardTwice);
    refuse(&mut g, "yellow decide 1", IllegalMove::NotYourTurn);
    play(&mut g, "red decide 1 2");
    refuse(&mut g, "yellow decide 1 2", IllegalMove::WrongNumberOfDecisionCards { expected: 1 });
}

#[test]
fn knight_placement_needs_an_open_connection_to_an_own_piece() {
    let text = custom(&format!("[Castles \"red:f7 yellow:i8\"]\n[Knights \"red:g7\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n{RED_K1}"), RED_TAKES_K1);
    let mut g = game(&text);
    refuse(&mut g, "red knight g6", IllegalMove::KnightTerrain); // mountain
    refuse(&mut g, "red knight g7", IllegalMove::KnightTerrain); // occupied
    refuse(&mut g, "red knight e8", IllegalMove::KnightNotConnected); // no red piece next to it
    refuse(&mut g, "red knight a1", IllegalMove::KnightNotConnected);
    let ev = play(&mut g, "red knight g8");
    assert!(ev.contains(&Event::KnightPlaced { by: c("red"), at: s("g8"), cost: 0 }));
}

// R-C13 (politics cards are optional: "the next player's decide may follow instead"). Bug found:
// when the last decider could still play a politics card and the resolution then needs no move
// before the game ends, that player had no way to decline (only `alliance` was legal) and
// `to_move` was already empty. `done` now declines the card there.
#[test]
fn last_decider_may_decline_a_politics_card_when_nothing_follows() {
    // Red has no pieces, so its knight-or-expand ends at once; the deck ends with E4.
    let text = custom(
        &format!("[Castles \"purple:d7 yellow:f7\"]\n[Borders \"{THREE_IN_A_ROW}\"]\n[Hands \"purple:alliance\"]\n[Deck \"B2 E4\"]\n[Start \"red\"]"),
        "red decide 1 3\nyellow decide 1\npurple decide 1\n",
    );
    let mut g = game(&text);
    assert_eq!(g.politics_window(), Some((c("purple"), 1)));
    assert!(!g.is_over());
    let moves = legal(&g);
    assert!(moves.contains(&"purple alliance d7 f7".to_string()));
    assert!(moves.contains(&"purple done".to_string()), "{moves:?}");
    let mut declined = g.clone();
    let ev = play(&mut declined, "purple done");
    assert!(declined.is_over());
    assert!(ev.contains(&Event::CardDrawn { card: CardId::parse("E4").unwrap() }));
    assert_eq!(declined.hand(c("purple")), [PoliticsCard::Alliance]);
    // Playing it is still allowed.
    play(&mut g, "purple alliance d7 f7");
    assert!(g.is_over());
}

/// Our ruling (board/mod.rs, `Component::province_castle`): in the variable setup the first castle
/// stands alone on the board, but nothing except the frame encloses it: it founds no province
/// (and scores nothing), as in the New Edition's placement.
#[test]
fn the_first_castle_of_a_variable_setup_founds_no_province() {
    use loewenherz::engine::Colour;
    use loewenherz::engine::classic::Move;
    let (mut g, _) = Game::new(&Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Variable, 3)).unwrap();
    let castle = g.legal_moves().into_iter().find(|m| matches!(m, Move::Castle { .. })).expect("a castle to place");
    g.play(castle).unwrap();
    assert_eq!(g.board().provinces(castle.by()).count(), 0);
    assert!(g.view(None).provinces.is_empty());
    assert!(g.view(None).neutral_zones.is_empty(), "the open board is no neutral zone either");
}
