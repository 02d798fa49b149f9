//! Classic's game log in words. Only public information: a card taken is "a politics card",
//! a sealed bid is "a sealed bid" until all bids are revealed.

use super::{and_list, ducats, placed_text, signed, LogLine};
use crate::engine::{Action, CardFace, Colour, Event, PoliticsCard, ScoreReason, Treasures};
use crate::tr;

/// An action in words.
pub fn action_text(a: Action) -> String {
    match a {
        Action::Ducats(n) => tr!(LogActDucats, n = n),
        Action::Politics => tr!(String LogActPolitics),
        Action::Borders(1) => tr!(String LogActBordersOne),
        Action::Borders(n) => tr!(LogActBorders, n = n),
        Action::KnightOrExpand => tr!(String LogActKnightOrExpand),
        Action::TwoKnights => tr!(String LogActTwoKnights),
    }
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

/// A politics card by name, as the log shows it.
pub fn card_name(c: PoliticsCard) -> String {
    match c {
        PoliticsCard::Alliance => tr!(String LogCardAlliance),
        PoliticsCard::Renegade => tr!(String LogCardRenegade),
        PoliticsCard::Deeds(n) => tr!(LogCardDeeds, n = n),
        PoliticsCard::Treasure(n) => tr!(LogCardTreasure, n = n),
    }
}

/// A bid in words.
pub fn bid_text(money: u32, t: Treasures) -> String {
    let mut s = ducats(money);
    for c in t.cards() {
        if let PoliticsCard::Treasure(v) = c {
            s = tr!(LogBidTreasure, bid = s, v = v);
        }
    }
    if !t.is_empty() {
        s = tr!(LogBidTotal, bid = s, total = money + t.value());
    }
    s
}

/// A payment in words: "10 ducats", "a treasure card (10)", "2 ducats and a treasure card (8)".
fn payment_text(money: u32, t: Treasures) -> String {
    let values: Vec<String> = t.cards().filter_map(|c| match c {
        PoliticsCard::Treasure(v) => Some(v.to_string()),
        _ => None,
    }).collect();
    let cards = match values.len() {
        0 => return ducats(money),
        1 => tr!(LogPayTreasure, v = values[0]),
        _ => tr!(LogPayTreasures, list = values.join(" + ")),
    };
    if money == 0 { cards } else { tr!(LogPayBoth, money = ducats(money), cards = cards) }
}

/// Describes a batch of events (what one move, or the start of the game, returned), in order,
/// each with its line. `round` is the round the batch began in (0 for the start of the game):
/// a line counts to the round started last, so a card drawn (and a silver find) counts to the
/// round before the `RoundStarted` that follows it.
pub fn describe_all<'a>(events: &'a [Event], name: &dyn Fn(Colour) -> String, mut round: u32) -> Vec<(&'a Event, LogLine)> {
    events
        .iter()
        .filter_map(|e| {
            if let Event::RoundStarted { round: r, .. } = e {
                round = *r;
            }
            describe(e, name, round).map(|line| (e, line))
        })
        .collect()
}

/// Describes an event of round `round`, or `None` for events not worth a line. The event alone
/// says what happened: the game may have moved on to the next card since.
pub fn describe(e: &Event, name: &dyn Fn(Colour) -> String, round: u32) -> Option<LogLine> {
    let action = |i: u8, a: Action| tr!(LogActionNamed, n = i, what = action_text(a));
    let (colour, text) = match e {
        Event::Placed { placer, colour, kind, at } => (Some(*placer), placed_text(*placer, *colour, *kind, at, name)),
        Event::RoundStarted { round, start } => (Some(*start), tr!(LogRoundStarted, round = round, name = name(*start))),
        Event::CardDrawn { card } => match card.face() {
            CardFace::SilverFind => (None, tr!(String LogSilverFind)),
            CardFace::KingIsDead => (None, tr!(String LogKingIsDead)),
            CardFace::Actions(a) => (None, tr!(LogActionCard, card = card, a = action_text(a[0]), b = action_text(a[1]), c = action_text(a[2]))),
        },
        Event::Decided { by, actions } => {
            let n: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
            (Some(*by), tr!(LogChose, name = name(*by), cards = and_list(&n)))
        }
        Event::AlliancePlayed { by, own, other } => (Some(*by), tr!(LogAlliance, name = name(*by), own = own, other = other)),
        Event::RenegadePlayed { by, removed, removed_colour, placed, .. } => {
            (Some(*by), tr!(LogRenegade, name = name(*by), victim = name(*removed_colour), removed = removed, placed = placed))
        }
        Event::Unallied { by, a, b, money, treasures } => (Some(*by), tr!(LogUnallied, name = name(*by), payment = payment_text(*money, *treasures), a = a, b = b)),
        Event::NobodyChose { .. } => return None,
        Event::DucatsShared { to, each, lost, .. } => {
            let who: Vec<String> = to.iter().map(|&c| name(c)).collect();
            let (who, amount) = (and_list(&who), ducats(*each));
            let text = match (to.len() > 1, *lost > 0) {
                (false, false) => tr!(LogShared, who = who, amount = amount),
                (true, false) => tr!(LogSharedEach, who = who, amount = amount),
                (false, true) => tr!(LogSharedLost, who = who, amount = amount, lost = lost),
                (true, true) => tr!(LogSharedEachLost, who = who, amount = amount, lost = lost),
            };
            (to.first().copied(), text)
        }
        Event::PilesEmpty { action: i } => (None, tr!(LogPilesEmpty, action = action(*i, Action::Politics))),
        Event::NegotiationStarted { action: i, kind, players } => {
            (Some(players[0]), tr!(LogNegotiation, a = name(players[0]), b = name(players[1]), action = action(*i, *kind)))
        }
        Event::Offered { by, amount } => (Some(*by), tr!(LogOffered, name = name(*by), amount = ducats(*amount))),
        Event::Accepted { by, payer, amount } => (Some(*by), tr!(LogAccepted, name = name(*by), payer = name(*payer), amount = ducats(*amount))),
        Event::BrokeOff { by } => (Some(*by), tr!(LogBrokeOff, name = name(*by))),
        Event::DuelStarted { action: i, kind, bidders, second } => {
            let who = bidders.iter().map(|&c| name(c)).collect::<Vec<_>>().join(", ");
            let action = action(*i, *kind);
            (None, if *second { tr!(LogDuelAgain, action = action, who = who) } else { tr!(LogDuel, action = action, who = who) })
        }
        Event::BidLaid { by } => (Some(*by), tr!(LogBidLaid, name = name(*by))),
        Event::BidsRevealed { bids } => {
            let parts: Vec<String> = bids.iter().map(|(c, m, t)| format!("{} {}", name(*c), bid_text(*m, *t))).collect();
            (None, tr!(LogBidsRevealed, bids = parts.join(", ")))
        }
        Event::DuelWon { by, paid, treasures } => (Some(*by), tr!(LogDuelWon, name = name(*by), bid = bid_text(*paid, *treasures))),
        Event::DuelVoid { action: i, kind } => (None, tr!(LogDuelVoid, action = action(*i, *kind))),
        Event::Performs { action: i, kind, by } => (Some(*by), tr!(LogPerforms, name = name(*by), action = action(*i, *kind))),
        Event::BorderPlaced { by, edge } => (Some(*by), tr!(LogBorderPlaced, name = name(*by), edge = edge)),
        Event::BordersRemoved { edges } => (None, if edges.len() == 1 { tr!(String LogBordersBackOne) } else { tr!(LogBordersBack, n = edges.len()) }),
        Event::BordersAdded { .. } => return None,
        Event::ProvinceFounded { colour, castle, spaces, cities, points } => {
            let province = match (*spaces, *cities) {
                (1, 0) => tr!(String LogProvinceOne),
                (s, 0) => tr!(LogProvince, spaces = s),
                (s, 1) => tr!(LogProvinceCity, spaces = s),
                (s, n) => tr!(LogProvinceCities, spaces = s, cities = n),
            };
            // The neutral colour's province scores nothing (R-C4): no points to claim.
            let text = if *points > 0 {
                tr!(LogFounded, name = name(*colour), province = province, castle = castle, points = points)
            } else {
                tr!(LogFoundedNoPoints, name = name(*colour), province = province, castle = castle)
            };
            (Some(*colour), text)
        }
        Event::KnightPlaced { by, at, cost } => {
            let text = if *cost > 0 { tr!(LogKnightForest, name = name(*by), at = at, cost = ducats(*cost)) } else { tr!(LogPlacedKnight, name = name(*by), at = at) };
            (Some(*by), text)
        }
        Event::SpaceTaken { by, at, from, .. } => match from {
            Some(f) => (Some(*by), tr!(LogTookSpace, name = name(*by), at = at, other = name(*f))),
            None => (Some(*by), tr!(LogExpanded, name = name(*by), at = at)),
        },
        Event::NeutralZoneFormed { loser, spaces, cities } => {
            let who = name(*loser);
            let text = match (*spaces == 1, *cities > 0) {
                (true, false) => tr!(LogNeutralZoneOne, name = who),
                (false, false) => tr!(LogNeutralZone, spaces = spaces, name = who),
                (true, true) => tr!(LogNeutralZoneCityOne, name = who),
                (false, true) => tr!(LogNeutralZoneCity, spaces = spaces, name = who),
            };
            (Some(*loser), text)
        }
        Event::PileOpened { by, pile } => (Some(*by), tr!(LogPileOpened, name = name(*by), pile = pile)),
        Event::CardTaken { by, pile, .. } => (Some(*by), tr!(LogCardTaken, name = name(*by), pile = pile)),
        Event::ActionEnded { .. } => return None,
        Event::Score { colour, delta, reason } => {
            let (n, d) = (name(*colour), signed(*delta));
            let text = match reason {
                ScoreReason::Founding => return None,
                ScoreReason::Expansion => tr!(LogScoreExpansion, name = n, delta = d),
                ScoreReason::LostSpace => tr!(LogScoreLostSpace, name = n, delta = d),
                ScoreReason::NeutralZone => tr!(LogScoreNeutralZone, name = n, delta = d),
                ScoreReason::SilverFind => tr!(LogScoreSilverFind, name = n, delta = d),
                ScoreReason::FinalMountains => tr!(LogScoreMountains, name = n, delta = d),
                ScoreReason::Deeds => tr!(LogScoreDeeds, name = n, delta = d),
            };
            (Some(*colour), text)
        }
        Event::Paid { .. } => return None,
        Event::DeedsRevealed { colour, cards } => {
            let c: Vec<String> = cards.iter().map(|&c| card_name(c)).collect();
            (Some(*colour), tr!(LogDeedsRevealed, name = name(*colour), cards = c.join(", ")))
        }
        Event::GameOver { winners } => {
            let w: Vec<String> = winners.iter().map(|&c| name(c)).collect();
            let text = if w.len() > 1 { tr!(LogLionhearts, who = and_list(&w)) } else { tr!(LogLionheart, who = and_list(&w)) };
            (winners.first().copied(), text)
        }
    };
    Some(LogLine { round, colour, text })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payment_names_its_money_and_treasure_cards() {
        assert_eq!(payment_text(10, Treasures::NONE), "10 ducats");
        assert_eq!(payment_text(0, Treasures(0b0010)), "a treasure card (10)");
        assert_eq!(payment_text(2, Treasures(0b0001)), "2 ducats and a treasure card (8)");
        assert_eq!(payment_text(0, Treasures(0b0101)), "treasure cards (8 + 12)");
    }
}

#[cfg(test)]
mod lang_tests {
    use super::*;
    use crate::engine::{Edge, Space};
    use crate::i18n::{set_lang, tests::install_all, Lang};

    /// The lines of a few typical events, with Ann, Ben and Cleo at the table.
    fn lines() -> Vec<String> {
        let name = |c: Colour| match c {
            Colour::Red => "Ann".to_string(),
            Colour::Yellow => "Ben".to_string(),
            _ => "Cleo".to_string(),
        };
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
        events.iter().map(|e| describe(e, &name, 3).unwrap().text).collect()
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
    match c {
        PoliticsCard::Alliance => tr!(String PanelCardAlliance),
        PoliticsCard::Renegade => tr!(String PanelCardRenegade),
        PoliticsCard::Deeds(n) => tr!(PanelCardDeeds, n = n),
        PoliticsCard::Treasure(n) => tr!(PanelCardTreasure, n = n),
    }
}
