//! The New Edition's panels: the holder's secret hand (its sell and play buttons in the step bar on their
//! turn), the deck and the public market, and the score track with the King chip.

use super::{art, cards_of, knights_of, notes, track_row};
use crate::app::log::newed::{mine_text, power_action_short, power_action_text, power_card_help};
use crate::app::log::ducats;
use crate::app::palette::{colour_fill, emblem};
use crate::app::table::Table;
use crate::app::tree::{el, Node};
use crate::engine::newed::view::PhaseView;
use crate::engine::newed::{Game, Move, PowerAction, PowerCardId};
use crate::engine::Edition;
use crate::tr;

/// A power card's face: its actions, price and sale value (its help on tap or focus).
pub fn card_face<A>(card: PowerCardId) -> Node<A> {
    let c = card.card();
    let acts: Vec<String> = c.actions.iter().flatten().map(|&a| power_action_short(a)).collect();
    let first = c.actions.iter().flatten().next().copied();
    el("span")
        .class("card-face")
        .attr("tabindex", "0")
        .attr("data-help", power_card_help(card))
        .kids(first.map(|a| art(power_art(a))))
        .kid(el("b").class("card-id").text(card.to_string()))
        .kid(el("span").class("card-actions").text(match acts.as_slice() {
            [a, b] => tr!(PanelOr, a = a, b = b),
            _ => acts.join(" / "),
        }))
        .kid(el("span").class("card-money").text(tr!(PanelCardMoney, price = c.price, sale = c.sale)))
}

/// The art of a power card's action.
pub fn power_art(a: PowerAction) -> &'static str {
    match a {
        PowerAction::Borders(_) => "border",
        PowerAction::Knights(_) => "knight",
        PowerAction::Expand => "expand",
        PowerAction::Renegade => "renegade",
        PowerAction::Alliance => "alliance",
    }
}

fn button<A>(label: impl Into<String>) -> Node<A> {
    el("button").attr("type", "button").text(label)
}

/// A tap in the holder's hand: the card's move (sell it, or play it for one of its actions).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HandTap(pub Move);

/// True while the holder sells or plays a card (the hand's buttons are in the step bar then).
fn choosing(t: &Table<Game>) -> bool {
    matches!(t.view.phase, PhaseView::Choose { by } if t.playing() == Some(by)) && !t.step.must_confirm && !t.step.review
}

/// The holder's own power cards and money (private). While they choose, the cards are in the
/// step bar ([`hand_choice`]) and this panel says so.
pub fn hand(t: &Table<Game>) -> Vec<Node> {
    let v = &t.view;
    let (Some(me), Some(hand)) = (v.viewer, v.hand.as_ref()) else { return Vec::new() };
    let money = v.ducats[me].unwrap_or(0);
    let monopolies = v.monopolies[me].iter().map(|&k| mine_text(k)).collect::<Vec<_>>().join(", ");
    // The card just drawn is marked while its player looks at the new hand.
    let fresh = |card: PowerCardId| t.received.contains(&card.to_string());
    let cards = if choosing(t) {
        el("p").class("hint").text(tr!(PanelHandBelow))
    } else {
        el("ul").class("hand-cards").kids(hand.iter().map(|&card| {
            el("li").class("power-card").attr("data-card", card.to_string()).attr_if(fresh(card), "data-received", "").kid(card_face(card)).kid_opt(fresh(card).then(|| el("span").class("chip received").text(tr!(PanelJustDrawn))))
        }))
    };
    vec![el("section")
        .class("panel mine hand")
        .attr("data-private", me.name())
        .attr("style", format!("border-color:{}", colour_fill(me)))
        .kid(el("h2").kid(emblem(me)).text(tr!(PanelYouMoney, name = t.name(me), money = ducats(money))))
        .kid(cards)
        .kid(el("p").class("hint").text(tr!(PanelIncome, income = ducats(v.income[me]), list = if monopolies.is_empty() { tr!(String PanelNone) } else { monopolies })))]
}

/// The holder's cards with their sell and play buttons, in the step bar while they choose.
pub fn hand_choice(t: &Table<Game>) -> Vec<Node<HandTap>> {
    let v = &t.view;
    let (Some(me), Some(hand)) = (v.viewer, v.hand.as_ref()) else { return Vec::new() };
    if !choosing(t) {
        return Vec::new();
    }
    let cards = hand.iter().map(|&card| {
        let c = card.card();
        let mut row = el("div").class("card-buttons");
        let sell = Move::Sell { by: me, card };
        if v.moves.contains(&sell) {
            row = row.kid(button(tr!(PanelSell, n = c.sale)).attr("data-sell", card.to_string()).on(HandTap(sell)));
        }
        for a in 1..=card.action_count() {
            let play = Move::Play { by: me, card, action: a };
            let ok = v.moves.contains(&play);
            let label = match card.action(a) {
                Some(act) if card.action_count() == 2 => tr!(PanelPlayAction, action = power_action_short(act), price = c.price),
                _ => tr!(PanelPlayOne, price = c.price),
            };
            let b = button(label).class("primary").attr("data-play", format!("{card} {a}")).attr("title", card.action(a).map(power_action_text).unwrap_or_default());
            row = row.kid(if ok { b.on(HandTap(play)) } else { b.attr("disabled", "") });
        }
        // Its price, or R-N4: what stands in the way of an action (in the player's language).
        if let Some(why) = crate::app::words::why_not_play(v, card) {
            row = row.kid(el("small").class("why-not").text(why));
        }
        el("li").class("power-card").attr("data-card", card.to_string()).kid(card_face(card)).kid(row)
    });
    vec![el("ul").class("hand-cards choice").attr("data-private", me.name()).kids(cards)]
}

/// Every player: score on the track up to the King chip, money (if public), income, monopolies.
pub fn players(t: &Table<Game>) -> Vec<Node> {
    let v = &t.view;
    let chip = v.king_chip.max(1);
    let rows = v.players.iter().map(|&c| {
        let score = v.scores[c];
        let change: i32 = t.changes.iter().filter(|(x, _)| *x == c).map(|(_, d)| d).sum();
        let (cards, knights, income) = (cards_of(v.hand_counts[c]), knights_of(v.knights_in_stock[c] as usize), v.income[c]);
        let meta = match v.ducats[c].filter(|_| v.public_money) {
            Some(d) => tr!(PanelNewMetaMoney, cards = cards, knights = knights, income = income, money = ducats(d)),
            None => tr!(PanelNewMeta, cards = cards, knights = knights, income = income),
        };
        let badges = v.monopolies[c].iter().map(|&k| el("span").class(format!("mine-badge {}", k.name())).text(mine_text(k)));
        track_row(c, t.name(c), score, change, chip, el("span").class("meta").text(meta).kids(badges))
    });
    let mut out = vec![
        el("h2").text(tr!(PanelScoreTrack)),
        el("div").class("chip-scale").kid(el("span").text("0")).kid(el("span").class("king-chip").attr("data-king-chip", v.king_chip.to_string()).text(tr!(PanelKingChipScale, n = v.king_chip))),
    ];
    out.extend(rows);
    out.extend(notes(Edition::New, &v.alliances, v.neutral));
    out
}

/// The legend of the four mine types: their art on the board and their names.
pub fn mines() -> Vec<Node> {
    use crate::engine::MineKind;
    vec![
        el("h2").text(tr!(PanelMines)),
        el("ul").class("mine-legend").kids([MineKind::Gold, MineKind::Silver, MineKind::Copper, MineKind::Gems].map(|k| {
            el("li")
                .attr("data-mine", k.name())
                .kid(el("svg").class("mine-icon").attr("viewBox", "0 0 44 44").attr("aria-hidden", "true").kid(el("use").attr("href", format!("#art-{}", k.name()))))
                .text(mine_text(k))
        })),
        el("p").class("hint").text(tr!(PanelMinesHint)),
    ]
}

/// A tap on the deck or the market: the refill's move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MarketTap(pub Move);

/// The holder's refill: the deck and the market cards they may take, in the step bar.
pub fn refill(t: &Table<Game>) -> Vec<Node<MarketTap>> {
    let v = &t.view;
    let (by, sold) = match v.phase {
        PhaseView::Refill { by, sold } if t.playing() == Some(by) && !t.step.must_confirm => (by, sold),
        _ => return Vec::new(),
    };
    let draw = Some(Move::Draw { by }).filter(|m| v.moves.contains(m));
    let deck = button(v.deck_left.to_string()).class(if draw.is_some() { "deck takeable" } else { "deck" }).attr("data-deck", "").attr("aria-label", tr!(PanelDeckAria, n = v.deck_left));
    let cards = v.market.iter().map(|&card| {
        let take = Some(Move::Take { by, card }).filter(|m| v.moves.contains(m));
        let li = el("li")
            .class(if take.is_some() { "power-card market-card takeable" } else { "power-card market-card" })
            .attr("data-market", card.to_string())
            .kid(card_face(card))
            .kid_opt(take.map(|_| button(tr!(PanelTake)).class("primary")))
            .kid_opt((sold == Some(card)).then(|| el("small").class("why-not").attr("title", tr!(PanelJustSoldTitle)).text(tr!(PanelJustSold))));
        match take {
            Some(m) => li.on(MarketTap(m)),
            None => li,
        }
    });
    vec![el("div").class("refill").kid(match draw {
        Some(m) => deck.on(MarketTap(m)),
        None => deck.attr("disabled", ""),
    })
    .kid(el("ul").class("market-cards").kids(cards))]
}

/// The deck and the public market.
pub fn market(t: &Table<Game>) -> Vec<Node> {
    let v = &t.view;
    vec![
        el("h2").text(tr!(PanelDeckMarket)),
        el("p").class("hint").attr("data-deck-left", v.deck_left.to_string()).text(tr!(PanelDeckCount, n = v.deck_left)),
        if v.market.is_empty() { el("p").class("hint").text(tr!(PanelMarketEmpty)) } else { el("ul").class("market-cards").kids(v.market.iter().map(|&card| el("li").class("power-card market-card").attr("data-market-card", card.to_string()).kid(card_face(card)))) },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::session::Session;
    use crate::app::tree::{find_all, html};
    use crate::engine::{Colour, Space};

    /// Red's turn in a custom position: red holds `hand`, the market `market`.
    fn turn(hand: &[&str], market: &[&str]) -> Session<Game> {
        use crate::engine::newed::{Layout, Setup};
        let sp = |s: &str| Space::parse(s).unwrap();
        let card = |c: &&str| PowerCardId::parse(c).unwrap();
        let mut setup = Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 7);
        setup.custom = true;
        setup.tiles = Some(Layout::reference());
        setup.castles = vec![(Colour::Red, sp("a1")), (Colour::Blue, sp("l12")), (Colour::Orange, sp("l1"))];
        setup.knights = vec![(Colour::Red, sp("b1")), (Colour::Blue, sp("l11")), (Colour::Orange, sp("l2"))];
        setup.hands = vec![(Colour::Red, hand.iter().map(card).collect()), (Colour::Blue, vec![card(&"B1")]), (Colour::Orange, vec![card(&"B2")])];
        setup.market = market.iter().map(card).collect();
        setup.start = Some(Colour::Red);
        Session::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    #[test]
    fn the_hand_is_drawn_for_its_holder_only_with_a_play_button_per_action() {
        let mut s = turn(&["A12", "A5", "C1"], &[]);
        assert!(hand(&s.table()).is_empty() && hand_choice(&s.table()).is_empty(), "nobody's hand behind the hand-over");
        s.take_device(Colour::Red);
        assert_eq!(find_all(&hand(&s.table()), "data-card", "").len(), 0, "while red chooses, the cards are in the step bar");
        let tree = hand_choice(&s.table());
        assert_eq!(find_all(&tree, "data-private", "red").len(), 1);
        assert_eq!(find_all(&tree, "data-card", "").len(), 3);
        // A12 has two actions (a knight or two borders): a button each.
        let plays = find_all(&tree, "data-play", "");
        assert_eq!(plays.iter().filter(|n| n.get("data-play").unwrap().starts_with("A12")).count(), 2);
        let second = find_all(&tree, "data-play", "A12 2")[0];
        let by = Colour::Red;
        assert_eq!(second.action(), Some(&HandTap(Move::Play { by, card: PowerCardId::parse("A12").unwrap(), action: 2 })));
        assert_eq!(find_all(&tree, "data-sell", "A5")[0].action(), Some(&HandTap(Move::Sell { by, card: PowerCardId::parse("A5").unwrap() })));
    }

    // Issue 32: the step bar's money chip shows the holder's own money (it is public in this
    // edition by default, but the chip is the holder's alone), nobody's behind a hand-over.
    #[test]
    fn the_money_chip_shows_the_holders_money_after_a_sale() {
        use crate::app::any::AnyTable;
        use crate::app::panels::own_money;
        let mut s = turn(&["A12", "A5", "C1"], &[]);
        let chip = |s: &Session<Game>| own_money(AnyTable::New(s.table()).own_money());
        assert!(chip(&s).is_empty(), "behind the hand-over");
        s.take_device(Colour::Red);
        let before = s.game.ducats(Colour::Red);
        assert_eq!(find_all(&chip(&s), "data-my-money", "red")[0].get("data-amount"), Some(before.to_string().as_str()));
        s.act(Move::Sell { by: Colour::Red, card: PowerCardId::parse("A5").unwrap() }).unwrap();
        let sold = before + PowerCardId::parse("A5").unwrap().card().sale;
        assert_eq!(find_all(&chip(&s), "data-my-money", "red")[0].get("data-amount"), Some(sold.to_string().as_str()), "a staged sale counts");
    }

    // R-N4: a card is offered for an action only when its first step can be done; the hand
    // turns the other Play button off and says why beside it.
    #[test]
    fn a_play_button_that_is_off_says_why() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let mut s = turn(&["C14", "A5", "C1"], &[]);
        s.take_device(Colour::Red);
        let tree = hand_choice(&s.table());
        // C14: an Alliance (red has no region to ally) or 2 borders.
        let alliance = find_all(&tree, "data-play", "C14 1")[0];
        assert_eq!((alliance.get("disabled"), alliance.action()), (Some(""), None));
        assert!(find_all(&tree, "data-play", "C14 2")[0].action().is_some());
        let card = find_all(&tree, "data-card", "C14")[0];
        let why: Vec<String> = card.find_all("class", "why-not").iter().map(|n| n.text_content()).collect();
        assert_eq!(why.len(), 1);
        assert!(why[0].ends_with("no Alliance is possible now: none of your regions borders a foreign region it is not yet allied with"), "{why:?}");
        assert!(find_all(&tree, "data-card", "A5")[0].find_all("class", "why-not").is_empty(), "a card that may be played says nothing");
    }

    #[test]
    fn the_market_offers_every_card_but_the_one_just_sold_and_the_deck() {
        let mut s = turn(&["A5", "A12", "C1"], &["D3"]);
        s.take_device(Colour::Red);
        let a5 = PowerCardId::parse("A5").unwrap();
        s.act(Move::Sell { by: Colour::Red, card: a5 }).unwrap();
        let tree = refill(&s.table());
        let (markup, actions) = html(&tree);
        assert!(markup.contains("data-market=\"A5\""), "the card sold lies in the market");
        assert_eq!(find_all(&tree, "data-market", "A5")[0].action(), None, "but can't be taken back this turn");
        assert_eq!(find_all(&tree, "data-market", "D3")[0].action(), Some(&MarketTap(Move::Take { by: Colour::Red, card: PowerCardId::parse("D3").unwrap() })));
        assert!(actions.contains(&MarketTap(Move::Draw { by: Colour::Red })));
    }
}
