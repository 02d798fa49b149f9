//! Classic's panels: the face-up action card with who chose what, the power track, and the
//! holder's own money and politics cards (private).

use super::{art, cards_of, ducats_of, knights_of, notes, track_row};
use crate::app::log::classic::{action_help, action_text, card_label};
use crate::app::palette::{colour_fill, emblem, emblem_ink};
use crate::app::table::Table;
use crate::app::tree::{el, Node};
use crate::engine::classic::game::Game;
use crate::engine::Edition;
use crate::engine::classic::{Action, CardFace, Move, PoliticsCard, Treasures};
use crate::tr;

/// What a move chosen among several does, in words (a tap that could mean several moves asks).
pub fn choice_label(m: &Move) -> String {
    let cards = |pay: &Treasures| pay.cards().map(card_label).collect::<Vec<_>>().join(" + ");
    match m {
        Move::Knight { pay, at, .. } if pay.is_empty() => tr!(PanelKnightOn, at = at),
        Move::Knight { pay, at, .. } => tr!(PanelKnightOnPaid, at = at, cards = cards(pay)),
        Move::Renegade { pay, place, .. } if pay.is_empty() => tr!(PanelRenegadeTo, at = place),
        Move::Renegade { pay, place, .. } => tr!(PanelRenegadeToPaid, at = place, cards = cards(pay)),
        Move::Expand { at, .. } => tr!(PanelExpandTo, at = at),
        Move::Unally { a, b, pay, .. } => tr!(PanelEndAlliance, a = a, b = b, how = if pay.is_empty() { tr!(String PanelTenDucats) } else { cards(pay) }),
        other => other.to_string(),
    }
}

/// The face-up action card with who chose what.
pub fn action_card(t: &Table<Game>) -> Vec<Node> {
    let v = &t.view;
    let body = match v.card.map(|c| (c, c.face())) {
        None => el("p").text(tr!(PanelNoActionCard)),
        Some((_, CardFace::Actions(a))) => el("ol").class("actions").kids((0..3).map(|i| {
            el("li")
                .attr("tabindex", "0")
                .attr("data-help", action_help(a[i]))
                .kid(el("span").class("n").text((i + 1).to_string()))
                .kid(art(action_art(a[i])))
                .kid(el("span").class("what").text(action_text(a[i])))
                .kids(v.choices[i].iter().map(|&c| el("span").class("chip").attr("style", format!("background:{};color:{}", colour_fill(c), emblem_ink(c))).kid(emblem(c)).text(t.name(c))))
        })),
        Some((card, _)) => el("p").text(card.to_string()),
    };
    vec![el("h2").text(tr!(PanelActionCard)), body]
}

/// The power track: every player's score marker, with the last changes highlighted.
pub fn track(t: &Table<Game>) -> Vec<Node> {
    let v = &t.view;
    let max = v.players.iter().map(|&c| v.scores[c]).max().unwrap_or(0).max(40);
    let rows = v.players.iter().map(|&c| {
        let score = v.scores[c];
        let change: i32 = t.changes.iter().filter(|(x, _)| *x == c).map(|(_, d)| d).sum();
        let (cards, knights) = (cards_of(v.hand_counts[c]), knights_of(v.knights_in_stock[c] as usize));
        let meta = match v.ducats[c].filter(|_| v.public_money || v.viewer != Some(c)) {
            Some(d) => tr!(PanelTrackMetaMoney, cards = cards, knights = knights, money = crate::app::log::ducats(d)),
            None => tr!(PanelTrackMeta, cards = cards, knights = knights),
        };
        track_row(c, t.name(c), score, change, max, el("span").class("meta").text(meta))
    });
    let mut out = vec![el("h2").text(tr!(PanelPowerTrack)), el("div").class("chip-scale").kid(el("span").text("0")).kid(el("span").text(max.to_string()))];
    out.extend(rows);
    out.extend(notes(Edition::Classic, &v.alliances, v.neutral));
    out
}

/// A tap in the holder's own panel: end an alliance, paying so.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Unally(pub Move);

/// A politics card's face: its name and what it does, and when it can't be played now, why.
pub fn politics_face<A>(c: PoliticsCard, window: bool) -> Node<A> {
    let what = politics_what(c);
    // R-C13: only right after one's decision card, and the game waits for it only when it can
    // be played then (`optional_mover`); else laying the card passes the device at once.
    let when = (matches!(c, PoliticsCard::Alliance | PoliticsCard::Renegade) && !window).then(|| tr!(String StepPoliticsWhen));
    let help = match &when {
        Some(w) => tr!(PanelCardHelpWhen, card = card_label(c), what = what, when = w.clone()),
        None => tr!(PanelCardHelp, card = card_label(c), what = what),
    };
    el("li")
        .class("politics-card card")
        .attr("tabindex", "0")
        .attr("data-help", help)
        .attr("data-politics-card", c.name())
        .kids(politics_card_face(c, &what))
        .kid_opt(when.map(|w| el("small").class("why-not").text(w)))
}

/// A politics card's face: its art, its name and its effect in one line.
pub fn politics_card_face<A>(c: PoliticsCard, what: &str) -> Vec<Node<A>> {
    vec![art(politics_art(c)), el("b").class("card-name").text(card_label(c)), el("span").class("card-effect").text(what.to_string())]
}

/// What a politics card does, in a line.
pub fn politics_what(c: PoliticsCard) -> String {
    match c {
        PoliticsCard::Alliance => tr!(String PanelAllianceWhat),
        PoliticsCard::Renegade => tr!(String PanelRenegadeWhat),
        PoliticsCard::Deeds(_) => tr!(String PanelDeedsWhat),
        PoliticsCard::Treasure(_) => tr!(String PanelTreasureWhat),
    }
}

/// Each card of a pile once, in the pile's order, with how many of it the pile holds (two
/// treasures of one value, say: taking either is the same move).
pub fn pile_counts(cards: &[PoliticsCard]) -> Vec<(PoliticsCard, usize)> {
    let mut out: Vec<(PoliticsCard, usize)> = Vec::new();
    for &c in cards {
        match out.iter_mut().find(|(x, _)| *x == c) {
            Some((_, n)) => *n += 1,
            None => out.push((c, 1)),
        }
    }
    out
}

/// The art of a politics card.
pub fn politics_art(c: PoliticsCard) -> &'static str {
    match c {
        PoliticsCard::Alliance => "alliance",
        PoliticsCard::Renegade => "renegade",
        PoliticsCard::Deeds(_) => "deeds",
        PoliticsCard::Treasure(_) => "treasure",
    }
}

/// The art of an action on an action or decision card.
pub fn action_art(a: Action) -> &'static str {
    match a {
        Action::Ducats(_) => "ducats",
        Action::Politics => "politics",
        Action::Borders(_) => "border",
        Action::KnightOrExpand | Action::TwoKnights => "knight",
    }
}

/// The holder's own money and politics cards, and a button per alliance they may end (private).
pub fn private(t: &Table<Game>) -> Vec<Node<Unally>> {
    let v = &t.view;
    let Some(me) = v.viewer else { return Vec::new() };
    let hand = v.hands[me].clone().unwrap_or_default();
    let mut unally: Vec<Move> = v.moves.iter().copied().filter(|m| matches!(m, Move::Unally { .. })).collect();
    unally.dedup();
    vec![
        el("section")
            .class("panel mine")
            .attr("data-private", me.name())
            .attr("style", format!("border-color:{}", colour_fill(me)))
            .kid(el("h2").kid(emblem(me)).text(tr!(PanelYou, name = t.name(me))))
            .kid(el("p").class("money").text(ducats_of(v.ducats[me].unwrap_or(0))))
            .kid(if hand.is_empty() { el("p").class("hand").text(tr!(PanelNoPolitics)) } else { el("ul").class("politics-cards").kids(hand.iter().map(|&c| politics_face(c, v.politics_window.is_some()))) })
            .kids(unally.into_iter().map(|m| el("button").attr("type", "button").class("unally").text(choice_label(&m)).on(Unally(m)))),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::session::Session;
    use crate::app::tree::find_all;
    use crate::engine::Colour;
    use crate::engine::classic::{Setup, SetupKind};

    fn three() -> Session<Game> {
        Session::new("t".into(), Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42), vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    // Issue 32: a pile of six with duplicates shows each card once with its count, never
    // fewer cards than it holds.
    #[test]
    fn a_pile_counts_its_duplicates() {
        let pile = [PoliticsCard::Alliance, PoliticsCard::Treasure(10), PoliticsCard::Alliance, PoliticsCard::Deeds(3), PoliticsCard::Alliance, PoliticsCard::Treasure(10)];
        let c = pile_counts(&pile);
        assert_eq!(c, vec![(PoliticsCard::Alliance, 3), (PoliticsCard::Treasure(10), 2), (PoliticsCard::Deeds(3), 1)]);
        assert_eq!(c.iter().map(|(_, n)| n).sum::<usize>(), pile.len());
    }

    #[test]
    fn the_private_panel_is_the_holders_alone_and_empty_behind_a_hand_over() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let mut s = three();
        assert!(private(&s.table()).is_empty(), "behind the hand-over nobody's money is drawn");
        s.take_device(Colour::Red);
        let tree = private(&s.table());
        assert_eq!(find_all(&tree, "data-private", "red").len(), 1);
        assert!(tree[0].text_content().contains("12 ducats"), "{}", tree[0].text_content());
    }

    // Issue 32: the step bar's money chip holds the holder's own money, with private money
    // nobody's behind a hand-over, and the next holder's only once they took the device.
    #[test]
    fn the_money_chip_is_the_holders_own_and_empty_behind_a_hand_over() {
        use crate::app::any::AnyTable;
        use crate::app::panels::own_money;
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let mut s = three();
        let chip = |s: &Session<Game>| own_money(AnyTable::Classic(s.table()).own_money());
        assert!(chip(&s).is_empty(), "behind the hand-over");
        s.take_device(Colour::Red);
        let tree = chip(&s);
        assert_eq!(find_all(&tree, "data-my-money", "red").len(), 1);
        assert_eq!(tree[0].get("data-amount"), Some("12"));
        assert!(tree[0].text_content().starts_with("Your money: 12 ducats"), "{}", tree[0].text_content());
        s.act(Move::Decide { by: Colour::Red, first: 1, second: Some(3) }).unwrap();
        assert_eq!(s.screen(), crate::app::session::Screen::HandOver(Colour::Yellow));
        assert!(chip(&s).is_empty(), "red's money leaves with red");
        s.take_device(Colour::Yellow);
        assert_eq!(find_all(&chip(&s), "data-my-money", "yellow").len(), 1);
        assert!(find_all(&chip(&s), "data-my-money", "red").is_empty());
    }

    #[test]
    fn the_action_card_names_its_actions_and_who_chose_them() {
        let mut s = three();
        s.take_device(Colour::Red);
        s.act(Move::Decide { by: Colour::Red, first: 1, second: Some(3) }).unwrap();
        let tree = action_card(&s.table());
        let items = find_all(&tree, "data-help", "");
        assert_eq!(items.len(), 3);
        assert!(items[0].text_content().contains("Ann"), "{}", items[0].text_content());
        assert!(!items[1].text_content().contains("Ann"));
        assert!(items[2].text_content().contains("Ann"));
    }

    #[test]
    fn the_track_has_a_row_per_player_and_hides_private_money() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let mut s = three();
        s.take_device(Colour::Red);
        let t = s.table();
        let tree = track(&t);
        assert_eq!(find_all(&tree, "data-score", "").len(), 3);
        let yellow = find_all(&tree, "data-score", "yellow")[0].text_content();
        assert!(!yellow.contains("ducat"), "others' money is private by default: {yellow}");
    }
}
