//! Classic's game log in words. Only public information: a card taken is "a politics card",
//! a sealed bid is "a sealed bid" until all bids are revealed.

use super::{ducats_said, placed, LogLine};
use crate::app::said::{Arg, Said};
use crate::engine::classic::{Action, CardFace, Event, PoliticsCard, ScoreReason, Treasures};
use crate::{said, tr};

/// An action, as the action card shows it.
pub fn action(a: Action) -> Said {
    match a {
        Action::Ducats(n) => said!(LogActDucats, n = n),
        Action::Politics => said!(LogActPolitics),
        Action::Borders(1) => said!(LogActBordersOne),
        Action::Borders(n) => said!(LogActBorders, n = n),
        Action::KnightOrExpand => said!(LogActKnightOrExpand),
        Action::TwoKnights => said!(LogActTwoKnights),
    }
}

/// An action in words.
pub fn action_text(a: Action) -> String {
    action(a).plain()
}

/// What a Classic action lets its performer do (the card's help, on tap or focus; RULES.md
/// "Actions", R-C5 … R-C12).
pub fn action_help(a: Action) -> String {
    let what = match a {
        Action::Ducats(n) => tr!(LogHelpDucats, n = n),
        Action::Politics => tr!(String LogHelpPolitics),
        Action::Borders(1) => tr!(String LogHelpBordersOne),
        Action::Borders(n) => tr!(LogHelpBorders, n = n),
        Action::KnightOrExpand => tr!(String LogHelpKnightOrExpand),
        Action::TwoKnights => tr!(String LogHelpTwoKnights),
    };
    tr!(LogHelpContest, what = what)
}

/// A politics card by name, as the card shows it ("Treasure 15").
pub fn card(c: PoliticsCard) -> Said {
    match c {
        PoliticsCard::Alliance => said!(PanelCardAlliance),
        PoliticsCard::Renegade => said!(PanelCardRenegade),
        PoliticsCard::Deeds(n) => said!(PanelCardDeeds, n = n),
        PoliticsCard::Treasure(n) => said!(PanelCardTreasure, n = n),
    }
}

/// A politics card as a record names it (`treasure15`), for what is said of a record.
pub fn card_name(c: PoliticsCard) -> String {
    match c {
        PoliticsCard::Alliance => tr!(String LogCardAlliance),
        PoliticsCard::Renegade => tr!(String LogCardRenegade),
        PoliticsCard::Deeds(n) => tr!(LogCardDeeds, n = n),
        PoliticsCard::Treasure(n) => tr!(LogCardTreasure, n = n),
    }
}

/// A bid: "5 ducats + treasure 10 (= 15)".
pub fn bid(money: u32, t: Treasures) -> Said {
    let mut s = ducats_said(money);
    for c in t.cards() {
        if let PoliticsCard::Treasure(v) = c {
            s = said!(LogBidTreasure, bid = s, v = v);
        }
    }
    if !t.is_empty() {
        s = said!(LogBidTotal, bid = s, total = money + t.value());
    }
    s
}

/// A bid in words.
pub fn bid_text(money: u32, t: Treasures) -> String {
    bid(money, t).plain()
}

/// A payment: "10 ducats", "a treasure card (10)", "2 ducats and a treasure card (8)".
fn payment(money: u32, t: Treasures) -> Said {
    let values: Vec<String> = t.cards().filter_map(|c| match c {
        PoliticsCard::Treasure(v) => Some(v.to_string()),
        _ => None,
    }).collect();
    let cards = match values.len() {
        0 => return ducats_said(money),
        1 => said!(LogPayTreasure, v = values[0].clone()),
        _ => said!(LogPayTreasures, list = values.join(" + ")),
    };
    if money == 0 { cards } else { said!(LogPayBoth, money = ducats_said(money), cards = cards) }
}

/// Describes a batch of events (what one move, or the start of the game, returned), in order,
/// each with its line. `round` is the round the batch began in (0 for the start of the game):
/// a line counts to the round started last, so a card drawn (and a silver find) counts to the
/// round before the `RoundStarted` that follows it.
pub fn describe_all(events: &[Event], mut round: u32) -> Vec<(&Event, LogLine)> {
    events
        .iter()
        .filter_map(|e| {
            if let Event::RoundStarted { round: r, .. } = e {
                round = *r;
            }
            describe(e, round).map(|line| (e, line))
        })
        .collect()
}

/// Describes an event of round `round`, or `None` for events not worth a line. The event alone
/// says what happened: the game may have moved on to the next card since.
pub fn describe(e: &Event, round: u32) -> Option<LogLine> {
    let act = |i: u8, a: Action| said!(LogActionNamed, n = i, what = action(a));
    let (colour, text) = match e {
        Event::Placed { placer, colour, kind, at } => (Some(*placer), placed(*placer, *colour, *kind, *at)),
        Event::RoundStarted { round, start } => (Some(*start), said!(LogRoundStarted, round = round, name = Arg::Name(*start))),
        Event::CardDrawn { card } => match card.face() {
            CardFace::SilverFind => (None, said!(LogSilverFind)),
            CardFace::KingIsDead => (None, said!(LogKingIsDead)),
            CardFace::Actions(a) => (None, said!(LogActionCard, card = card.to_string(), a = action(a[0]), b = action(a[1]), c = action(a[2]))),
        },
        Event::Decided { by, actions } => {
            (Some(*by), said!(LogChose, name = Arg::Name(*by), cards = Arg::And(actions.iter().map(|&a| Arg::from(a)).collect())))
        }
        Event::AlliancePlayed { by, own, other } => (Some(*by), said!(LogAlliance, name = Arg::Name(*by), own = own, other = other)),
        Event::RenegadePlayed { by, removed, removed_colour, placed, .. } => {
            (Some(*by), said!(LogRenegade, name = Arg::Name(*by), victim = Arg::Name(*removed_colour), removed = removed, placed = placed))
        }
        Event::Unallied { by, a, b, money, treasures } => (Some(*by), said!(LogUnallied, name = Arg::Name(*by), payment = payment(*money, *treasures), a = a, b = b)),
        Event::NobodyChose { .. } => return None,
        Event::DucatsShared { to, each, lost, .. } => {
            let (who, amount) = (Arg::And(to.iter().map(|&c| Arg::Name(c)).collect()), ducats_said(*each));
            let text = match (to.len() > 1, *lost > 0) {
                (false, false) => said!(LogShared, who = who.clone(), amount = amount),
                (true, false) => said!(LogSharedEach, who = who.clone(), amount = amount),
                (false, true) => said!(LogSharedLost, who = who.clone(), amount = amount, lost = lost),
                (true, true) => said!(LogSharedEachLost, who = who, amount = amount, lost = lost),
            };
            (to.first().copied(), text)
        }
        Event::PilesEmpty { action: i } => (None, said!(LogPilesEmpty, action = act(*i, Action::Politics))),
        Event::NegotiationStarted { action: i, kind, players } => {
            (Some(players[0]), said!(LogNegotiation, a = Arg::Name(players[0]), b = Arg::Name(players[1]), action = act(*i, *kind)))
        }
        Event::Offered { by, amount } => (Some(*by), said!(LogOffered, name = Arg::Name(*by), amount = ducats_said(*amount))),
        Event::Accepted { by, payer, amount } => (Some(*by), said!(LogAccepted, name = Arg::Name(*by), payer = Arg::Name(*payer), amount = ducats_said(*amount))),
        Event::BrokeOff { by } => (Some(*by), said!(LogBrokeOff, name = Arg::Name(*by))),
        Event::DuelStarted { action: i, kind, bidders, second } => {
            let who = Arg::Commas(bidders.iter().map(|&c| Arg::Name(c)).collect());
            let action = act(*i, *kind);
            (None, if *second { said!(LogDuelAgain, action = action, who = who) } else { said!(LogDuel, action = action, who = who) })
        }
        Event::BidLaid { by } => (Some(*by), said!(LogBidLaid, name = Arg::Name(*by))),
        Event::BidsRevealed { bids } => {
            let parts = bids.iter().map(|(c, m, t)| Arg::from(said!(LogNameBid, name = Arg::Name(*c), bid = bid(*m, *t)))).collect();
            (None, said!(LogBidsRevealed, bids = Arg::Commas(parts)))
        }
        Event::DuelWon { by, paid, treasures } => (Some(*by), said!(LogDuelWon, name = Arg::Name(*by), bid = bid(*paid, *treasures))),
        Event::DuelVoid { action: i, kind } => (None, said!(LogDuelVoid, action = act(*i, *kind))),
        Event::Performs { action: i, kind, by } => (Some(*by), said!(LogPerforms, name = Arg::Name(*by), action = act(*i, *kind))),
        Event::BorderPlaced { by, edge } => (Some(*by), said!(LogBorderPlaced, name = Arg::Name(*by), edge = edge)),
        Event::BordersRemoved { edges } => (None, if edges.len() == 1 { said!(LogBordersBackOne) } else { said!(LogBordersBack, n = edges.len()) }),
        Event::BordersAdded { .. } => return None,
        Event::ProvinceFounded { colour, castle, spaces, cities, points } => {
            let province = match (*spaces, *cities) {
                (1, 0) => said!(LogProvinceOne),
                (s, 0) => said!(LogProvince, spaces = s),
                (s, 1) => said!(LogProvinceCity, spaces = s),
                (s, n) => said!(LogProvinceCities, spaces = s, cities = n),
            };
            // The neutral colour's province scores nothing (R-C4): no points to claim.
            let text = if *points > 0 {
                said!(LogFounded, name = Arg::Name(*colour), province = province, castle = castle, points = points)
            } else {
                said!(LogFoundedNoPoints, name = Arg::Name(*colour), province = province, castle = castle)
            };
            (Some(*colour), text)
        }
        Event::KnightPlaced { by, at, cost } => {
            let text = if *cost > 0 { said!(LogKnightForest, name = Arg::Name(*by), at = at, cost = ducats_said(*cost)) } else { said!(LogPlacedKnight, name = Arg::Name(*by), at = at) };
            (Some(*by), text)
        }
        Event::SpaceTaken { by, at, from, .. } => match from {
            Some(f) => (Some(*by), said!(LogTookSpace, name = Arg::Name(*by), at = at, other = Arg::Name(*f))),
            None => (Some(*by), said!(LogExpanded, name = Arg::Name(*by), at = at)),
        },
        Event::NeutralZoneFormed { loser, spaces, cities } => {
            let who = || Arg::Name(*loser);
            let text = match (*spaces == 1, *cities > 0) {
                (true, false) => said!(LogNeutralZoneOne, name = who()),
                (false, false) => said!(LogNeutralZone, spaces = spaces, name = who()),
                (true, true) => said!(LogNeutralZoneCityOne, name = who()),
                (false, true) => said!(LogNeutralZoneCity, spaces = spaces, name = who()),
            };
            (Some(*loser), text)
        }
        Event::PileOpened { by, pile } => (Some(*by), said!(LogPileOpened, name = Arg::Name(*by), pile = pile)),
        Event::CardTaken { by, pile, .. } => (Some(*by), said!(LogCardTaken, name = Arg::Name(*by), pile = pile)),
        Event::ActionEnded { .. } => return None,
        Event::Score { colour, delta, reason } => {
            let (n, d) = (Arg::Name(*colour), Arg::Signed(i64::from(*delta)));
            let text = match reason {
                ScoreReason::Founding => return None,
                ScoreReason::Expansion => said!(LogScoreExpansion, name = n, delta = d),
                ScoreReason::LostSpace => said!(LogScoreLostSpace, name = n, delta = d),
                ScoreReason::NeutralZone => said!(LogScoreNeutralZone, name = n, delta = d),
                ScoreReason::SilverFind => said!(LogScoreSilverFind, name = n, delta = d),
                ScoreReason::FinalMountains => said!(LogScoreMountains, name = n, delta = d),
                ScoreReason::Deeds => said!(LogScoreDeeds, name = n, delta = d),
            };
            (Some(*colour), text)
        }
        Event::Paid { .. } => return None,
        Event::DeedsRevealed { colour, cards } => {
            let cards = Arg::Commas(cards.iter().map(|&c| Arg::from(card(c))).collect());
            (Some(*colour), said!(LogDeedsRevealed, name = Arg::Name(*colour), cards = cards))
        }
        Event::GameOver { winners } => {
            let who = Arg::And(winners.iter().map(|&c| Arg::Name(c)).collect());
            let text = if winners.len() > 1 { said!(LogLionhearts, who = who) } else { said!(LogLionheart, who = who) };
            (winners.first().copied(), text)
        }
    };
    Some(LogLine { round, colour, said: text })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payment_names_its_money_and_treasure_cards() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        assert_eq!(payment(10, Treasures::NONE).plain(), "10 ducats");
        assert_eq!(payment(0, Treasures(0b0010)).plain(), "a treasure card (10)");
        assert_eq!(payment(2, Treasures(0b0001)).plain(), "2 ducats and a treasure card (8)");
        assert_eq!(payment(0, Treasures(0b0101)).plain(), "treasure cards (8 + 12)");
    }
}

#[cfg(test)]
mod lang_tests {
    use super::*;
    use crate::engine::Colour;
    use crate::engine::{Edge, Space};
    use crate::i18n::{set_lang, tests::install_all, Lang};

    /// The lines of a few typical events, with Ann, Ben and Cleo at the table.
    fn lines() -> Vec<String> {
        let names = crate::app::said::Names { edition: crate::engine::Edition::Classic, players: vec![(Colour::Red, "Ann".into()), (Colour::Yellow, "Ben".into()), (Colour::Purple, "Cleo".into())] };
        let sp = |s: &str| Space::parse(s).unwrap();
        let events = [
            Event::BorderPlaced { by: Colour::Red, edge: Edge::parse("d10-e10").unwrap() },
            Event::ProvinceFounded { colour: Colour::Yellow, castle: sp("h6"), spaces: 5, cities: 2, points: 9 },
            Event::DucatsShared { action: 1, to: vec![Colour::Red, Colour::Yellow], each: 4, lost: 1 },
            Event::Offered { by: Colour::Purple, amount: 1 },
            Event::RenegadePlayed { by: Colour::Red, removed: sp("c3"), removed_colour: Colour::Purple, placed: sp("c4"), cost: 0 },
            Event::Score { colour: Colour::Red, delta: -2, reason: ScoreReason::LostSpace },
            Event::GameOver { winners: vec![Colour::Red, Colour::Purple] },
        ];
        events.iter().map(|e| describe(e, 3).unwrap().said.text(&names)).collect()
    }

    #[test]
    fn english_lines_are_as_they_were() {
        set_lang(Lang::En);
        assert_eq!(
            lines(),
            [
                "Ann placed a border on d10-e10.",
                "Ben founded a 5-space province with 2 cities at h6: +9.",
                "Ann and Ben took 4 ducats each (1 lost).",
                "Cleo offers 1 ducat to perform it.",
                "Ann played Renegade: Cleo's knight on c3 left, a knight of Ann came to c4.",
                "Ann: −2 (lost space).",
                "Ann and Cleo share the crown as the new Lionheart!",
            ]
        );
        assert_eq!(action_text(Action::TwoKnights), "2 knights, or knight + expand");
        assert!(action_help(Action::Borders(2)).starts_with("Place up to 2 borders: not on the frame"));
        assert!(action_help(Action::Borders(1)).starts_with("Place up to 1 border: "));
        assert_eq!(bid_text(5, Treasures(0b0010)), "5 ducats + treasure 10 (= 15)");
    }

    #[test]
    fn lines_and_help_speak_german_and_italian_with_the_glossarys_words() {
        install_all();
        set_lang(Lang::De);
        let de = lines();
        assert_eq!(de[0], "Ann setzte eine Grenze auf d10-e10.");
        assert!(de[1].contains("Provinz") && de[1].contains("2 Städten") && de[1].ends_with("h6: +9."), "{}", de[1]);
        assert_eq!(de[2], "Ann und Ben nahmen je 4 Dukaten (Rest verfällt: 1).");
        assert_eq!(de[3], "Cleo bietet 1 Dukat, um die Aktion durchzuführen.");
        assert!(de[4].contains("„Überläufer“") && de[4].contains("Ritter"), "{}", de[4]);
        assert_eq!(de[6], "Ann und Cleo teilen sich die Krone als neuer König Löwenherz!");
        let help = action_help(Action::KnightOrExpand);
        assert!(help.contains("Ritter") && help.contains("Burg") && help.contains("Wald") && help.contains("Provinzen"), "{help}");
        assert_eq!(bid_text(5, Treasures(0b0010)), "5 Dukaten + Dukatenschatz 10 (= 15)");
        set_lang(Lang::It);
        let it = lines();
        assert_eq!(it[0], "Ann ha posizionato un muro di confine su d10-e10.");
        assert!(it[1].contains("provincia") && it[1].contains("2 città"), "{}", it[1]);
        assert_eq!(it[3], "Cleo offre 1 ducato per eseguire l'azione.");
        assert!(it[4].contains("Rinnegato") && it[4].contains("cavaliere"), "{}", it[4]);
        assert_eq!(it[6], "Ann e Cleo condividono la corona come nuovo Re!");
        let help = action_help(Action::Borders(3));
        assert!(help.starts_with("Posiziona fino a 3 muri di confine: non sulla cornice"), "{help}");
        assert_eq!(action_text(Action::Ducats(6)), "ricevi 6 ducati");
        set_lang(Lang::En);
    }
}

/// A politics card's label.
pub fn card_label(c: PoliticsCard) -> String {
    card(c).plain()
}
