//! The New Edition log in words. Only public information: a card drawn from the deck is "a
//! card"; sold, played and market cards are face up and named.

use crate::engine::newed::{Event, PowerAction, PowerCardId, ScoreReason};
use crate::engine::MineKind;
use super::{ducats_said, placed};
use crate::app::said::{Arg, Said};
use crate::{said, tr};

/// A power card's action.
pub fn power_action(a: PowerAction) -> Said {
    match a {
        PowerAction::Borders(1) => said!(LogActBordersOne),
        PowerAction::Borders(n) => said!(LogPowBorders, n = n),
        PowerAction::Knights(1) => said!(LogPowKnightsOne),
        PowerAction::Knights(n) => said!(LogPowKnights, n = n),
        PowerAction::Expand => said!(LogPowExpand),
        PowerAction::Renegade => said!(LogPowRenegade),
        PowerAction::Alliance => said!(LogPowAlliance),
    }
}

/// A power card's action in words.
pub fn power_action_text(a: PowerAction) -> String {
    power_action(a).plain()
}

/// What a power action lets its player do, in full (the card's help; RULES.md, R-N2, R-N10).
pub fn power_action_help(a: PowerAction) -> String {
    match a {
        PowerAction::Borders(1) => tr!(String LogFullBordersOne),
        PowerAction::Borders(n) => tr!(LogFullBorders, n = n),
        PowerAction::Knights(1) => tr!(String LogFullKnightsOne),
        PowerAction::Knights(n) => tr!(LogFullKnights, n = n),
        PowerAction::Expand => tr!(String LogFullExpand),
        PowerAction::Renegade => tr!(String LogFullRenegade),
        PowerAction::Alliance => tr!(String LogFullAlliance),
    }
}

/// A power card explained (its help, on tap or focus): its actions, its price and sale value.
pub fn power_card_help(card: PowerCardId) -> String {
    let c = card.card();
    let acts: Vec<String> = c.actions.iter().flatten().map(|&a| power_action_help(a)).collect();
    match &acts[..] {
        [a, b] => tr!(LogCardHelpTwo, card = card, a = a, b = b, price = c.price, sale = c.sale),
        _ => tr!(LogCardHelpOne, card = card, a = acts.join("; "), price = c.price, sale = c.sale),
    }
}

/// A short name of an action (for buttons and card faces).
pub fn power_action_said(a: PowerAction) -> Said {
    match a {
        PowerAction::Borders(1) => said!(LogShortBordersOne),
        PowerAction::Borders(n) => said!(LogShortBorders, n = n),
        PowerAction::Knights(1) => said!(LogShortKnightsOne),
        PowerAction::Knights(n) => said!(LogShortKnights, n = n),
        PowerAction::Expand => said!(LogShortExpand),
        PowerAction::Renegade => said!(LogShortRenegade),
        PowerAction::Alliance => said!(LogShortAlliance),
    }
}

/// A short name of an action, in words.
pub fn power_action_short(a: PowerAction) -> String {
    power_action_said(a).plain()
}

/// A mine type in words.
pub fn mine_text(k: MineKind) -> &'static str {
    match k {
        MineKind::Gold => tr!(LogMineGold),
        MineKind::Silver => tr!(LogMineSilver),
        MineKind::Copper => tr!(LogMineCopper),
        MineKind::Gems => tr!(LogMineGems),
    }
}

/// A mine type (the key of its word).
pub fn mine(k: MineKind) -> Said {
    match k {
        MineKind::Gold => said!(LogMineGold),
        MineKind::Silver => said!(LogMineSilver),
        MineKind::Copper => said!(LogMineCopper),
        MineKind::Gems => said!(LogMineGems),
    }
}

/// A mine type as it goes with "monopoly" (German „Edelsteinmonopol“, Italian "monopolio delle gemme").
pub fn monopoly_mine(k: MineKind) -> Said {
    match k {
        MineKind::Gold => said!(LogMonoGold),
        MineKind::Silver => said!(LogMonoSilver),
        MineKind::Copper => said!(LogMonoCopper),
        MineKind::Gems => said!(LogMonoGems),
    }
}

/// A power card face up: its label and actions ("B3 (2 borders)").
pub fn card_words(card: PowerCardId) -> Said {
    let c = card.card();
    let acts: Vec<Said> = c.actions.iter().flatten().map(|&a| power_action_said(a)).collect();
    match &acts[..] {
        [a, b] => said!(LogCardTwo, card = card.to_string(), a = a.clone(), b = b.clone()),
        _ => said!(LogCardOne, card = card.to_string(), a = Arg::Commas(acts.into_iter().map(Arg::from).collect())),
    }
}

/// Describes an event, or `None` for events not worth a line.
pub fn describe(e: &Event) -> Option<Said> {
    Some(match e {
        Event::Placed { by, colour, kind, at } => placed(*by, *colour, *kind, *at),
        Event::TurnBegins { colour } => said!(LogTurn, name = Arg::Name(*colour)),
        Event::Income { colour, ducats: d } => said!(LogIncome, name = Arg::Name(*colour), amount = ducats_said(*d)),
        Event::Skipped { colour } => said!(LogSkipped, name = Arg::Name(*colour)),
        Event::Sold { by, card, ducats: d } => said!(LogSold, name = Arg::Name(*by), card = card_words(*card), amount = ducats_said(*d)),
        Event::Played { by, card, action, price } => said!(LogPlayed, name = Arg::Name(*by), card = card.to_string(), amount = ducats_said(*price), action = power_action(*action)),
        Event::BorderPlaced { by, edge } => said!(LogBorderPlaced, name = Arg::Name(*by), edge = edge),
        Event::KnightPlaced { by, at, cost } if *cost > 0 => said!(LogKnightForest, name = Arg::Name(*by), at = at, cost = ducats_said(*cost)),
        Event::KnightPlaced { by, at, .. } => said!(LogPlacedKnight, name = Arg::Name(*by), at = at),
        Event::SpaceTaken { by, at, from: Some(f), .. } => said!(LogTookSpace, name = Arg::Name(*by), at = at, other = Arg::Name(*f)),
        Event::SpaceTaken { by, at, from: None, .. } => said!(LogNewExpanded, name = Arg::Name(*by), at = at),
        Event::BordersAdded { .. } | Event::ActionEnded { .. } => return None,
        Event::BordersRemoved { edges } if edges.len() == 1 => said!(LogRegionBordersBackOne),
        Event::BordersRemoved { edges } => said!(LogRegionBordersBack, n = edges.len()),
        Event::NeutralZoneFormed { loser, spaces: 1 } => said!(LogRegionNeutralOne, name = Arg::Name(*loser)),
        Event::NeutralZoneFormed { loser, spaces } => said!(LogRegionNeutral, spaces = spaces, name = Arg::Name(*loser)),
        Event::RegionFounded { colour, castle, spaces } => {
            let region = if *spaces == 1 { said!(LogRegionOne) } else { said!(LogRegion, spaces = spaces) };
            said!(LogRegionFounded, name = Arg::Name(*colour), region = region, castle = castle)
        }
        Event::Score { colour, delta, reason } => {
            let (n, d) = (Arg::Name(*colour), Arg::Signed(i64::from(*delta)));
            match reason {
                ScoreReason::Founding => said!(LogScoreRegion, name = n, delta = d),
                ScoreReason::Expansion => said!(LogScoreExpansion, name = n, delta = d),
                ScoreReason::LostSpace => said!(LogScoreLostSpace, name = n, delta = d),
                ScoreReason::NeutralZone => said!(LogScoreNeutralZone, name = n, delta = d),
                ScoreReason::MonopolyWon(k) => said!(LogScoreMonopoly, name = n, delta = d, mine = monopoly_mine(*k)),
                ScoreReason::MonopolyLost(k) => said!(LogScoreMonopolyLost, name = n, delta = d, mine = monopoly_mine(*k)),
                ScoreReason::DucatBonus => said!(LogScoreDucatBonus, name = n, delta = d),
            }
        }
        Event::Monopoly { colour, mine, held: true } => said!(LogMonopolyHeld, name = Arg::Name(*colour), mine = monopoly_mine(*mine)),
        Event::Monopoly { colour, mine, held: false } => said!(LogMonopolyLost, name = Arg::Name(*colour), mine = monopoly_mine(*mine)),
        Event::RenegadePlaced { by, region, at, cost } if *cost > 0 => said!(LogRenegadeForest, name = Arg::Name(*by), region = region, at = at, cost = ducats_said(*cost)),
        Event::RenegadePlaced { by, region, at, .. } => said!(LogRenegadePlaced, name = Arg::Name(*by), region = region, at = at),
        Event::KnightRemoved { colour, at } => said!(LogKnightLeft, name = Arg::Name(*colour), at = at),
        Event::Allied { by, own, other } => said!(LogAllied, name = Arg::Name(*by), own = own, other = other),
        Event::Drew { by } => said!(LogDrew, name = Arg::Name(*by)),
        Event::Took { by, card } => said!(LogTookCard, name = Arg::Name(*by), card = card_words(*card)),
        Event::FinalPhase => said!(LogFinalPhase),
        Event::GameOver { winners, king } => {
            let who = Arg::And(winners.iter().map(|&c| Arg::Name(c)).collect());
            match (winners.len() > 1, *king) {
                (false, false) => said!(LogWins, who = who),
                (true, false) => said!(LogWinTogether, who = who),
                (false, true) => said!(LogWinsKing, who = who),
                (true, true) => said!(LogWinTogetherKing, who = who),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Colour;

    #[test]
    fn lines_name_cards_and_amounts_in_plain_words() {
        let names = crate::app::said::Names { edition: crate::engine::Edition::New, players: vec![(Colour::Red, "red".into()), (Colour::Blue, "blue".into())] };
        let describe = |e: &Event| describe(e).map(|s| s.text(&names));
        let b14 = PowerCardId::parse("B14").unwrap();
        let line = describe(&Event::Sold { by: Colour::Red, card: b14, ducats: 1 }).unwrap();
        assert!(line.starts_with("red sold B14 (") && line.ends_with("for 1 ducat."), "{line}");
        assert_eq!(describe(&Event::Drew { by: Colour::Blue }).unwrap(), "blue drew a card from the deck.");
        assert_eq!(
            describe(&Event::Score { colour: Colour::Red, delta: 3, reason: ScoreReason::MonopolyWon(MineKind::Gems) }).unwrap(),
            "red: +3 (gems monopoly)."
        );
        assert!(describe(&Event::GameOver { winners: vec![Colour::Red], king: true }).unwrap().contains("King chip"));
        assert!(describe(&Event::ActionEnded { by: Colour::Red }).is_none());
    }
}

#[cfg(test)]
mod lang_tests {
    use super::*;
    use crate::engine::Colour;
    use crate::i18n::{set_lang, tests::install_all, Lang};

    fn describe(e: &Event) -> Option<String> {
        let names = crate::app::said::Names { edition: crate::engine::Edition::New, players: vec![(Colour::Red, "Ann".into()), (Colour::Blue, "Ben".into())] };
        super::describe(e).map(|s| s.text(&names))
    }

    #[test]
    fn english_lines_and_help_are_as_they_were() {
        set_lang(Lang::En);
        let gems = Event::Monopoly { colour: Colour::Red, mine: MineKind::Gems, held: true };
        assert_eq!(describe(&gems).unwrap(), "Ann now holds the gems monopoly.");
        assert_eq!(describe(&Event::Income { colour: Colour::Blue, ducats: 1 }).unwrap(), "Ben collects 1 ducat income.");
        assert_eq!(describe(&Event::TurnBegins { colour: Colour::Red }).unwrap(), "Ann's turn.");
        let help = power_card_help(PowerCardId::parse("A1").unwrap());
        assert!(help.starts_with("A1: Play it ") && help.contains("; selling it to the market brings 1."), "{help}");
        assert_eq!(power_action_text(PowerAction::Borders(2)), "place up to 2 borders");
    }

    #[test]
    fn lines_and_card_help_speak_german_and_italian_with_the_glossarys_words() {
        install_all();
        set_lang(Lang::De);
        let gems = Event::Score { colour: Colour::Red, delta: 3, reason: ScoreReason::MonopolyWon(MineKind::Gems) };
        assert_eq!(describe(&gems).unwrap(), "Ann: +3 (Edelsteinmonopol).");
        assert_eq!(describe(&Event::Drew { by: Colour::Blue }).unwrap(), "Ben zog eine Karte vom Nachziehstapel.");
        let help = power_card_help(PowerCardId::parse("A1").unwrap());
        assert!(help.starts_with("A1: Beim Ausspielen ") && help.contains("Dukaten") && help.contains("Markt"), "{help}");
        assert_eq!(mine_text(MineKind::Gems), "Edelsteine");
        set_lang(Lang::It);
        assert_eq!(describe(&gems).unwrap(), "Ann: +3 (monopolio delle gemme).");
        assert_eq!(describe(&Event::Income { colour: Colour::Blue, ducats: 1 }).unwrap(), "Ben riscuote una rendita di 1 ducato.");
        let help = power_card_help(PowerCardId::parse("A1").unwrap());
        assert!(help.starts_with("A1: Giocandola puoi ") && help.contains("valore di vendita"), "{help}");
        assert!(power_action_help(PowerAction::Renegade).contains("Rinnegato"));
        set_lang(Lang::En);
    }
}
