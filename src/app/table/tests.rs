//! The table's numbers while a move is staged or held back for "Confirm" (issue 32): score,
//! stocks, knights left, hand sizes and money are what they will be after "Confirm", for every
//! kind of staged move of both editions, and a move held back shows nothing it would reveal.

use super::{Session, TableWords};
use crate::app::session::Screen;
use crate::engine::{classic, newed, Colour};
use std::collections::BTreeSet;

/// The numbers a table shows: scores, border markers in stock, knights in stock, money as the
/// viewer sees it, hand sizes.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Numbers {
    scores: Vec<u32>,
    borders: usize,
    knights: Vec<u8>,
    ducats: Vec<Option<u32>>,
    hands: Vec<usize>,
}

/// What the test needs of an edition's views and moves.
trait Counted: TableWords {
    fn numbers(v: &Self::View) -> Numbers;
    /// The view with the numbers of `from` (what may differ while a move is held back).
    fn with_numbers_of(v: &Self::View, from: &Self::View) -> Self::View;
    /// The move's kind, for the coverage check.
    fn kind(m: &Self::Move) -> &'static str;
}

fn by_colour<T: Copy>(players: &[Colour], f: impl Fn(Colour) -> T) -> Vec<T> {
    players.iter().map(|&c| f(c)).collect()
}

impl Counted for classic::game::Game {
    fn numbers(v: &Self::View) -> Numbers {
        Numbers {
            scores: by_colour(&v.players, |c| v.scores[c]),
            borders: v.borders_in_stock,
            knights: by_colour(&v.players, |c| v.knights_in_stock[c]),
            ducats: by_colour(&v.players, |c| v.ducats[c]),
            hands: by_colour(&v.players, |c| v.hand_counts[c]),
        }
    }
    fn with_numbers_of(v: &Self::View, from: &Self::View) -> Self::View {
        let mut v = v.clone();
        v.scores = from.scores;
        v.breakdown = from.breakdown;
        v.borders_in_stock = from.borders_in_stock;
        v.knights_in_stock = from.knights_in_stock;
        v.ducats = from.ducats;
        v.hands = from.hands.clone();
        v.hand_counts = from.hand_counts;
        v.piles = from.piles;
        v
    }
    fn kind(m: &Self::Move) -> &'static str {
        use classic::Move;
        match m {
            Move::Castle { .. } => "castle",
            Move::Knight { .. } => "knight",
            Move::Border { .. } => "border",
            Move::Expand { .. } => "expand",
            Move::Take { .. } => "take",
            Move::Done { .. } => "done",
            _ => "other",
        }
    }
}

impl Counted for newed::Game {
    fn numbers(v: &Self::View) -> Numbers {
        Numbers {
            scores: by_colour(&v.players, |c| v.scores[c]),
            borders: v.borders_in_stock,
            knights: by_colour(&v.players, |c| v.knights_in_stock[c]),
            ducats: by_colour(&v.players, |c| v.ducats[c]),
            hands: by_colour(&v.players, |c| v.hand_counts[c]),
        }
    }
    fn with_numbers_of(v: &Self::View, _: &Self::View) -> Self::View {
        v.clone()
    }
    fn kind(m: &Self::Move) -> &'static str {
        use newed::Move;
        match m {
            Move::Castle { .. } => "castle",
            Move::Knight { .. } => "knight",
            Move::Sell { .. } => "sell",
            Move::Play { .. } => "play",
            Move::Border { .. } => "border",
            Move::Expand { .. } => "expand",
            Move::Renegade { .. } => "renegade",
            Move::Remove { .. } => "remove",
            Move::Alliance { .. } => "alliance",
            Move::Done { .. } => "done",
            Move::Draw { .. } => "draw",
            Move::Take { .. } => "take",
        }
    }
}

/// Makes `m` for the holder on a copy of `s`; when it is staged or held back, checks the
/// table's numbers against the game's after "Confirm" and returns its kind and whether it was
/// held back.
fn check_move<G: Counted>(s: &Session<G>, m: G::Move) -> Option<(&'static str, bool)> {
    let before = s.table();
    let mut staged = s.clone();
    staged.act(m).ok()?;
    if staged.moves.len() != s.moves.len() || (staged.staged.len() == s.staged.len() && staged.pending.is_none()) {
        return None; // confirmed at once: nothing staged to count
    }
    let t = staged.table();
    let holder = staged.holder.expect("a holder acts");
    let players = staged.players().to_vec();
    let shown = G::numbers(&t.view);

    let mut confirmed = staged.clone();
    confirmed.confirm();
    let after = G::numbers(&confirmed.game.view(Some(holder)));
    // What the move reveals on "Confirm" (a silver find, the end's scoring) is not counted yet.
    let revealed: Vec<(Colour, i32)> = match staged.pending {
        Some(p) => {
            let ev = staged.shown.clone().play(p).expect("a held move plays");
            ev.iter().skip_while(|e| !G::reveals(e)).filter_map(G::score_change).collect()
        }
        None => Vec::new(),
    };
    let want: Vec<u32> = players.iter().enumerate().map(|(i, &c)| (i64::from(after.scores[i]) - revealed.iter().filter(|(x, _)| *x == c).map(|(_, d)| i64::from(*d)).sum::<i64>()) as u32).collect();
    let what = format!("{m} (held back: {})", staged.pending.is_some());
    assert_eq!(shown.scores, want, "scores while {what} is staged");
    assert_eq!(shown.borders, after.borders, "border stock while {what} is staged");
    assert_eq!(shown.knights, after.knights, "knights left while {what} is staged");
    assert_eq!(shown.hands, after.hands, "hand sizes while {what} is staged");
    for (i, &c) in players.iter().enumerate() {
        match shown.ducats[i] {
            Some(d) => assert_eq!(Some(d), after.ducats[i], "{c}'s money while {what} is staged"),
            None => assert!(c != holder, "the holder always sees their own money"),
        }
    }
    // The marks of the step add up to the scores shown.
    let base = G::numbers(&staged.game.view(Some(holder)));
    for (i, &c) in players.iter().enumerate() {
        let marked: i32 = t.changes.iter().filter(|(x, _)| *x == c).map(|(_, d)| d).sum();
        assert_eq!(i64::from(base.scores[i]) + i64::from(marked), i64::from(shown.scores[i]), "{c}'s marked change while {what} is staged");
    }
    if staged.pending.is_some() {
        // Held back: the table is the view before the move but for its numbers (no card turned
        // up, no bid, nobody's hand or money revealed).
        assert_eq!(G::with_numbers_of(&t.view, &before.view), before.view, "nothing but numbers changes while {what} is held back");
    }
    Some((G::kind(&m), staged.pending.is_some()))
}

/// Plays a game at the table, at every step checking up to three moves of every kind the
/// holder has; returns the kinds seen staged, and those seen held back.
fn play_and_check<G: Counted>(mut s: Session<G>, steps: usize, pick: impl Fn(&[G::Move], usize) -> G::Move) -> (BTreeSet<&'static str>, BTreeSet<&'static str>) {
    let (mut staged, mut held) = (BTreeSet::new(), BTreeSet::new());
    for step in 0..steps {
        match s.screen() {
            Screen::Over => break,
            Screen::Announcement(_) => s.dismiss_announcement(),
            Screen::HandOver(c) => s.take_device(c),
            Screen::Thinking(c) | Screen::Elsewhere(c) => panic!("only people here, yet {c} is away"),
            Screen::Play(_) if s.review => s.end_review(),
            Screen::Play(_) if s.must_confirm() => s.confirm(),
            Screen::Play(c) => {
                let v = s.view();
                let moves = G::moves_of(&v).to_vec();
                let mut kinds: Vec<&'static str> = moves.iter().map(G::kind).collect();
                kinds.dedup();
                for k in kinds {
                    let of: Vec<G::Move> = moves.iter().copied().filter(|m| G::kind(m) == k).collect();
                    for m in [of[0], of[of.len() / 2], of[of.len() - 1]] {
                        if let Some((kind, pending)) = check_move(&s, m) {
                            staged.insert(kind);
                            if pending {
                                held.insert(kind);
                            }
                        }
                    }
                }
                if s.offer() == Some(c) && step % 3 == 0 {
                    s.pass();
                    continue;
                }
                s.act(pick(&moves, step)).unwrap();
            }
        }
    }
    (staged, held)
}

/// Moves that shape the board first, politics and ducats for a change now and then.
fn classic_pick(moves: &[classic::Move], step: usize) -> classic::Move {
    use classic::Move;
    let board: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Expand { .. } | Move::Knight { .. } | Move::Border { .. } | Move::Castle { .. } | Move::Take { .. } | Move::Open { .. })).collect();
    let cheap: Vec<Move> = moves.iter().copied().filter(|m| !matches!(m, Move::Unally { .. } | Move::Bid { .. } | Move::Offer { .. }) || matches!(m, Move::Bid { money: 0..=3, .. } | Move::Offer { amount: 0..=2, .. })).collect();
    let from = if !board.is_empty() { &board } else if !cheap.is_empty() { &cheap } else { moves };
    from[step * 7 % from.len()]
}

fn newed_pick(moves: &[newed::Move], step: usize) -> newed::Move {
    use newed::Move;
    let rare: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Renegade { .. } | Move::Alliance { .. } | Move::Play { .. })).collect();
    let keep: Vec<Move> = moves.iter().copied().filter(|m| !matches!(m, Move::Done { .. })).collect();
    let from = if !rare.is_empty() && step % 2 == 0 { &rare } else if !keep.is_empty() { &keep } else { moves };
    from[step * 7 % from.len()]
}

// Issue 32: every kind of staged Classic move — castle and knight in the setup, border, knight,
// expansion, the politics card taken, and "done" — shows the numbers it leaves, also when it is
// held back because it would turn up the next card (which stays hidden until "Confirm").
#[test]
fn classic_tables_count_every_staged_and_held_move() {
    let (mut staged, mut held) = (BTreeSet::new(), BTreeSet::new());
    for (seed, kind) in [(11, classic::SetupKind::Variable), (12, classic::SetupKind::Basic)] {
        let setup = classic::setup::Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], kind, seed);
        let s = Session::<classic::game::Game>::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
        let (a, b) = play_and_check(s, 1500, classic_pick);
        staged.extend(a);
        held.extend(b);
    }
    let all: BTreeSet<&str> = ["castle", "knight", "border", "expand", "take"].into();
    assert!(all.is_subset(&staged), "staged kinds seen: {staged:?}");
    let waits: BTreeSet<&str> = ["knight", "border", "expand", "take", "done"].into();
    assert!(waits.is_subset(&held), "held-back kinds seen: {held:?}");
}

// Issue 32: the New Edition stages every move on the shown game; its numbers are those after
// "Confirm" for every kind (nothing is ever held back).
#[test]
fn new_edition_tables_count_every_staged_move() {
    let mut staged = BTreeSet::new();
    for seed in [11, 12] {
        let setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], seed);
        let s = Session::<newed::Game>::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
        let (a, held) = play_and_check(s, 1500, newed_pick);
        assert!(held.is_empty(), "the New Edition holds nothing back: {held:?}");
        staged.extend(a);
    }
    // Regions to expand, to turn a renegade on and to ally with, as tests/newed_rules.rs sets
    // them: red a1–b3 (castle a1) beside blue c1–d3 (castle d1) with two knights, one of which
    // blue removes after red's Renegade (C11); red plays that first, or Alliance (B13), or Expand (C7).
    for first in ["C11", "B13", "C7"] {
        let text = format!(
            "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Setup \"custom\"]\n[Seed \"5\"]\n[Tiles \"A0 B0 C0 D0 K0 E0 F0 G0 H0\"]\n[Deck \"D1 D2 D3 D4 D5 D6\"]\n\
             [Castles \"red:a1 blue:d1 orange:h12,l12\"]\n[Knights \"red:a3 blue:c1,d2\"]\n[Borders \"a3-a4 b3-b4 b1-c1 b2-c2 b3-c3 d1-e1 d2-e2 d3-e3 c3-c4 d3-d4\"]\n\
             [Ducats \"red:20\"]\n[Hands \"red:C11,B13,C7 blue:D10,D11,D12 orange:D13,D14,D15\"]\n"
        );
        let s = Session::<newed::Game>::from_record("t".into(), &text).unwrap_or_else(|e| panic!("{e}"));
        let (a, _) = play_and_check(s, 30, |moves: &[newed::Move], step| {
            use newed::Move;
            let rank = |m: &Move| match m {
                Move::Renegade { .. } | Move::Alliance { .. } | Move::Expand { .. } | Move::Remove { .. } => 0,
                Move::Play { card, .. } if card.to_string() == first => 0,
                Move::Play { .. } => 1,
                Move::Done { .. } => 3,
                _ => 2,
            };
            let best = moves.iter().map(rank).min().unwrap_or(0);
            let of: Vec<Move> = moves.iter().copied().filter(|m| rank(m) == best).collect();
            of[step % of.len()]
        });
        staged.extend(a);
    }
    let all: BTreeSet<&str> = ["castle", "knight", "sell", "play", "border", "expand", "renegade", "remove", "alliance", "done", "take"].into();
    assert!(all.is_subset(&staged), "staged kinds seen: {staged:?}");
}

/// Plays a game of people at the table with `pick`, calling `look` with the table of every
/// step a person takes.
fn walk<G: TableWords>(mut s: Session<G>, steps: usize, pick: impl Fn(&[G::Move], usize) -> G::Move, mut look: impl FnMut(&super::Table<G>)) {
    for step in 0..steps {
        match s.screen() {
            Screen::Over => break,
            Screen::Announcement(_) => s.dismiss_announcement(),
            Screen::HandOver(c) => s.take_device(c),
            Screen::Thinking(c) | Screen::Elsewhere(c) => panic!("only people here, yet {c} is away"),
            Screen::Play(_) => {
                look(&s.table());
                if s.review {
                    s.end_review();
                } else if s.must_confirm() {
                    s.confirm();
                } else {
                    let moves = G::moves_of(&s.view()).to_vec();
                    s.act(pick(&moves, step)).unwrap();
                }
            }
        }
    }
}

// Issue 41: a New Edition prompt names the card in play as players do, by its action ("3
// borders", "Expand"), never by its label (`A7`); and it offers "or end the action" exactly
// when that button is there — the card's `done` move is legal only after its first step.
#[test]
fn new_edition_prompts_name_the_cards_action_and_offer_only_what_can_be_done_now() {
    use crate::i18n::Key;
    use newed::view::PhaseView;
    use newed::{Move, Work};
    crate::i18n::tests::install_all();
    let (mut first, mut later) = (BTreeSet::new(), BTreeSet::new());
    for seed in [11, 12, 13] {
        let setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], seed);
        let s = Session::<newed::Game>::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
        walk(s, 1500, newed_pick, |t| {
            let PhaseView::Perform { by, card, work } = &t.view.phase else { return };
            if t.step.must_confirm || t.step.review {
                return;
            }
            let end = t.view.moves.contains(&Move::Done { by: *by });
            let (kind, key) = match (work, end) {
                (Work::Borders { .. }, false) => ("borders", Key::PanelNewPromptBordersFirst),
                (Work::Borders { .. }, true) => ("borders", Key::PanelNewPromptBorders),
                (Work::Knights { .. }, false) => ("knights", Key::PanelNewPromptKnightsFirst),
                (Work::Knights { .. }, true) => ("knights", Key::PanelNewPromptKnights),
                (Work::Expand { .. }, false) => ("expand", Key::PanelNewPromptExpandFirst),
                (Work::Expand { .. }, true) => ("expand", Key::PanelNewPromptExpand),
                (Work::Renegade, _) => ("renegade", Key::PanelNewPromptRenegade),
                (Work::Alliance, _) => ("alliance", Key::PanelNewPromptAlliance),
            };
            assert_eq!(t.prompt.key, key, "{work:?}, done legal: {end}");
            if end { later.insert(kind) } else { first.insert(kind) };
            for lang in [crate::i18n::Lang::En, crate::i18n::Lang::De, crate::i18n::Lang::It] {
                crate::i18n::set_lang(lang);
                let said = t.say(&t.prompt);
                assert!(!said.contains(&card.to_string()), "the card's label in {said:?}");
                if let Work::Borders { .. } | Work::Knights { .. } | Work::Expand { .. } = work {
                    let action = card.card().actions.iter().flatten().map(|&a| crate::app::log::newed::power_action_short(a)).find(|a| said.contains(a.as_str()));
                    assert!(action.is_some(), "the card's action named in {said:?}");
                }
            }
            crate::i18n::set_lang(crate::i18n::Lang::En);
        });
    }
    for kind in ["borders", "knights"] {
        assert!(first.contains(kind) && later.contains(kind), "{kind}: before its first step {first:?}, after {later:?}");
    }
}

// Issue 41: "pass the device" is said only where the device goes to another person: never on a
// friend's own device, nor to one person among computers, nor on a host's device whose one
// person plays among friends — and a new hand there is looked at, not passed on.
#[test]
fn only_a_device_shared_by_people_is_passed_on() {
    use crate::app::seats::Seats;
    use crate::app::table::Device;
    use crate::engine::ai::Level;
    use crate::i18n::Key;
    let players = vec![Colour::Red, Colour::Blue, Colour::Orange];
    let names = vec!["Ann".to_string(), "Ben".into(), "Cleo".into()];
    let session = |seats: Seats| Session::<newed::Game>::new("t".into(), newed::Setup::new(players.clone(), 11), names.clone()).unwrap().with_seats(seats);
    assert!(session(Seats::default()).table().passes(), "three people at one device pass it");
    assert!(!session(Seats { bots: vec![(Colour::Blue, Level::Easy), (Colour::Orange, Level::Easy)], ..Seats::default() }).table().passes(), "alone among computers");
    let hosted = session(Seats { remote: vec![(Colour::Blue, true), (Colour::Orange, true)], ..Seats::default() });
    assert!(!hosted.table().passes(), "the host's one person among friends keeps the device");
    for c in [Colour::Blue, Colour::Orange] {
        assert!(!hosted.table_for(Device::Seat(c)).passes(), "{c}'s own device is never passed on");
    }
    let shared = session(Seats { remote: vec![(Colour::Orange, true)], ..Seats::default() });
    assert!(shared.table().passes(), "two people at the host's device pass it between them");
    // A new hand at a device people share is passed on; on one that stays, it is only looked at.
    let mut reviews = 0;
    walk(session(Seats::default()), 1500, newed_pick, |t| {
        if t.step.review {
            assert_eq!(t.prompt.key, Key::PanelNewPromptReview, "people at one device pass it on");
            reviews += 1;
        }
    });
    assert!(reviews > 3, "new hands looked at ({reviews})");
    let mut t = session(Seats::default()).table();
    t.step.review = true;
    t.screen = Screen::Play(Colour::Red);
    t.presence = vec![(Colour::Red, crate::app::seats::Presence::Here), (Colour::Blue, crate::app::seats::Presence::Remote { connected: true }), (Colour::Orange, crate::app::seats::Presence::Remote { connected: true })];
    let t = t.kept_here();
    assert_eq!(t.prompt, crate::said!(PanelNewPromptReviewOwn, me = crate::app::said::Arg::Name(Colour::Red)), "a new hand on a device that stays");
}

// Issue 41: while a player looks at the new hand after drawing, the card drawn is marked: the
// table names it (one card, in the hand, not there before the draw), and nothing otherwise.
#[test]
fn the_card_just_drawn_is_named_while_the_new_hand_is_looked_at() {
    let setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 12);
    let s = Session::<newed::Game>::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
    let (mut seen, mut before) = (0, std::collections::HashMap::new());
    walk(s, 1500, newed_pick, |t| {
        let (Some(me), Some(hand)) = (t.view.viewer, t.view.hand.as_ref()) else { return };
        let labels: Vec<String> = hand.iter().map(ToString::to_string).collect();
        if t.step.review {
            assert_eq!(t.received.len(), 1, "one card drawn: {:?}", t.received);
            assert!(labels.contains(&t.received[0]), "the card drawn is in the hand");
            if let Some(had) = before.get(&me) {
                let had: &Vec<String> = had;
                assert!(!had.contains(&t.received[0]), "{} was not in {me}'s hand before", t.received[0]);
            }
            seen += 1;
        } else {
            assert!(t.received.is_empty(), "nothing marked outside the look at a new hand");
            before.insert(me, labels);
        }
    });
    assert!(seen > 3, "new hands looked at ({seen})");
}
