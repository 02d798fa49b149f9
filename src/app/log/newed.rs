//! The New Edition log in words. Only public information: a card drawn from the deck is "a
//! card"; sold, played and market cards are face up and named.

use crate::engine::newed::{Event, PowerAction, PowerCardId, ScoreReason};
use crate::engine::{Colour, MineKind};
use super::{and_list, ducats, placed_text, signed};
use crate::tr;

/// A power card's action in words.
pub fn power_action_text(a: PowerAction) -> String {
    match a {
        PowerAction::Borders(1) => tr!(String LogActBordersOne),
        PowerAction::Borders(n) => tr!(LogPowBorders, n = n),
        PowerAction::Knights(1) => tr!(String LogPowKnightsOne),
        PowerAction::Knights(n) => tr!(LogPowKnights, n = n),
        PowerAction::Expand => tr!(String LogPowExpand),
        PowerAction::Renegade => tr!(String LogPowRenegade),
        PowerAction::Alliance => tr!(String LogPowAlliance),
    }
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
pub fn power_action_short(a: PowerAction) -> String {
    match a {
        PowerAction::Borders(1) => tr!(String LogShortBordersOne),
        PowerAction::Borders(n) => tr!(LogShortBorders, n = n),
        PowerAction::Knights(1) => tr!(String LogShortKnightsOne),
        PowerAction::Knights(n) => tr!(LogShortKnights, n = n),
        PowerAction::Expand => tr!(String LogShortExpand),
        PowerAction::Renegade => tr!(String LogShortRenegade),
        PowerAction::Alliance => tr!(String LogShortAlliance),
    }
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

/// A mine type as it goes with "monopoly" (German „Edelsteinmonopol“, Italian "monopolio delle gemme").
fn monopoly_mine(k: MineKind) -> &'static str {
    match k {
        MineKind::Gold => tr!(LogMonoGold),
        MineKind::Silver => tr!(LogMonoSilver),
        MineKind::Copper => tr!(LogMonoCopper),
        MineKind::Gems => tr!(LogMonoGems),
    }
}

fn card_words(card: PowerCardId) -> String {
    let c = card.card();
    let acts: Vec<String> = c.actions.iter().flatten().map(|&a| power_action_short(a)).collect();
    match &acts[..] {
        [a, b] => tr!(LogCardTwo, card = card, a = a, b = b),
        _ => tr!(LogCardOne, card = card, a = acts.join(", ")),
    }
}

/// Describes an event, or `None` for events not worth a line.
pub fn describe(e: &Event, name: &dyn Fn(Colour) -> String) -> Option<String> {
    Some(match e {
        Event::Placed { by, colour, kind, at } => placed_text(*by, *colour, *kind, at, name),
        Event::TurnBegins { colour } => tr!(LogTurn, name = name(*colour)),
        Event::Income { colour, ducats: d } => tr!(LogIncome, name = name(*colour), amount = ducats(*d)),
        Event::Skipped { colour } => tr!(LogSkipped, name = name(*colour)),
        Event::Sold { by, card, ducats: d } => tr!(LogSold, name = name(*by), card = card_words(*card), amount = ducats(*d)),
        Event::Played { by, card, action, price } => tr!(LogPlayed, name = name(*by), card = card, amount = ducats(*price), action = power_action_text(*action)),
        Event::BorderPlaced { by, edge } => tr!(LogBorderPlaced, name = name(*by), edge = edge),
        Event::KnightPlaced { by, at, cost } if *cost > 0 => tr!(LogKnightForest, name = name(*by), at = at, cost = ducats(*cost)),
        Event::KnightPlaced { by, at, .. } => tr!(LogPlacedKnight, name = name(*by), at = at),
        Event::SpaceTaken { by, at, from: Some(f), .. } => tr!(LogTookSpace, name = name(*by), at = at, other = name(*f)),
        Event::SpaceTaken { by, at, from: None, .. } => tr!(LogNewExpanded, name = name(*by), at = at),
        Event::BordersAdded { .. } | Event::ActionEnded { .. } => return None,
        Event::BordersRemoved { edges } if edges.len() == 1 => tr!(String LogRegionBordersBackOne),
        Event::BordersRemoved { edges } => tr!(LogRegionBordersBack, n = edges.len()),
        Event::NeutralZoneFormed { loser, spaces: 1 } => tr!(LogRegionNeutralOne, name = name(*loser)),
        Event::NeutralZoneFormed { loser, spaces } => tr!(LogRegionNeutral, spaces = spaces, name = name(*loser)),
        Event::RegionFounded { colour, castle, spaces } => {
            let region = if *spaces == 1 { tr!(String LogRegionOne) } else { tr!(LogRegion, spaces = spaces) };
            tr!(LogRegionFounded, name = name(*colour), region = region, castle = castle)
        }
        Event::Score { colour, delta, reason } => {
            let (n, d) = (name(*colour), signed(*delta));
            match reason {
                ScoreReason::Founding => tr!(LogScoreRegion, name = n, delta = d),
                ScoreReason::Expansion => tr!(LogScoreExpansion, name = n, delta = d),
                ScoreReason::LostSpace => tr!(LogScoreLostSpace, name = n, delta = d),
                ScoreReason::NeutralZone => tr!(LogScoreNeutralZone, name = n, delta = d),
                ScoreReason::MonopolyWon(k) => tr!(LogScoreMonopoly, name = n, delta = d, mine = monopoly_mine(*k)),
                ScoreReason::MonopolyLost(k) => tr!(LogScoreMonopolyLost, name = n, delta = d, mine = monopoly_mine(*k)),
                ScoreReason::DucatBonus => tr!(LogScoreDucatBonus, name = n, delta = d),
            }
        }
        Event::Monopoly { colour, mine, held: true } => tr!(LogMonopolyHeld, name = name(*colour), mine = monopoly_mine(*mine)),
        Event::Monopoly { colour, mine, held: false } => tr!(LogMonopolyLost, name = name(*colour), mine = monopoly_mine(*mine)),
        Event::RenegadePlaced { by, region, at, cost } if *cost > 0 => tr!(LogRenegadeForest, name = name(*by), region = region, at = at, cost = ducats(*cost)),
        Event::RenegadePlaced { by, region, at, .. } => tr!(LogRenegadePlaced, name = name(*by), region = region, at = at),
        Event::KnightRemoved { colour, at } => tr!(LogKnightLeft, name = name(*colour), at = at),
        Event::Allied { by, own, other } => tr!(LogAllied, name = name(*by), own = own, other = other),
        Event::Drew { by } => tr!(LogDrew, name = name(*by)),
        Event::Took { by, card } => tr!(LogTookCard, name = name(*by), card = card_words(*card)),
        Event::FinalPhase => tr!(String LogFinalPhase),
        Event::GameOver { winners, king } => {
            let w: Vec<String> = winners.iter().map(|&c| name(c)).collect();
            let who = and_list(&w);
            match (w.len() > 1, *king) {
                (false, false) => tr!(LogWins, who = who),
                (true, false) => tr!(LogWinTogether, who = who),
                (false, true) => tr!(LogWinsKing, who = who),
                (true, true) => tr!(LogWinTogetherKing, who = who),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_name_cards_and_amounts_in_plain_words() {
        let name = |c: Colour| c.to_string();
        let b14 = PowerCardId::parse("B14").unwrap();
        let line = describe(&Event::Sold { by: Colour::Red, card: b14, ducats: 1 }, &name).unwrap();
        assert!(line.starts_with("red sold B14 (") && line.ends_with("for 1 ducat."), "{line}");
        assert_eq!(describe(&Event::Drew { by: Colour::Blue }, &name).unwrap(), "blue drew a card from the deck.");
        assert_eq!(
            describe(&Event::Score { colour: Colour::Red, delta: 3, reason: ScoreReason::MonopolyWon(MineKind::Gems) }, &name).unwrap(),
            "red: +3 (gems monopoly)."
        );
        assert!(describe(&Event::GameOver { winners: vec![Colour::Red], king: true }, &name).unwrap().contains("King chip"));
        assert!(describe(&Event::ActionEnded { by: Colour::Red }, &name).is_none());
    }
}

#[cfg(test)]
mod lang_tests {
    use super::*;
    use crate::i18n::{set_lang, tests::install_all, Lang};

    fn name(c: Colour) -> String {
        if c == Colour::Red { "Ann".into() } else { "Ben".into() }
    }

    #[test]
    fn english_lines_and_help_are_as_they_were() {
        set_lang(Lang::En);
        let gems = Event::Monopoly { colour: Colour::Red, mine: MineKind::Gems, held: true };
        assert_eq!(describe(&gems, &name).unwrap(), "Ann now holds the gems monopoly.");
        assert_eq!(describe(&Event::Income { colour: Colour::Blue, ducats: 1 }, &name).unwrap(), "Ben collects 1 ducat income.");
        assert_eq!(describe(&Event::TurnBegins { colour: Colour::Red }, &name).unwrap(), "Ann's turn.");
        let help = power_card_help(PowerCardId::parse("A1").unwrap());
        assert!(help.starts_with("A1: Play it ") && help.contains("; selling it to the market brings 1."), "{help}");
        assert_eq!(power_action_text(PowerAction::Borders(2)), "place up to 2 borders");
    }

    #[test]
    fn lines_and_card_help_speak_german_and_italian_with_the_glossarys_words() {
        install_all();
        set_lang(Lang::De);
        let gems = Event::Score { colour: Colour::Red, delta: 3, reason: ScoreReason::MonopolyWon(MineKind::Gems) };
        assert_eq!(describe(&gems, &name).unwrap(), "Ann: +3 (Edelsteinmonopol).");
        assert_eq!(describe(&Event::Drew { by: Colour::Blue }, &name).unwrap(), "Ben zog eine Karte vom Nachziehstapel.");
        let help = power_card_help(PowerCardId::parse("A1").unwrap());
        assert!(help.starts_with("A1: Beim Ausspielen ") && help.contains("Dukaten") && help.contains("Markt"), "{help}");
        assert_eq!(mine_text(MineKind::Gems), "Edelsteine");
        set_lang(Lang::It);
        assert_eq!(describe(&gems, &name).unwrap(), "Ann: +3 (monopolio delle gemme).");
        assert_eq!(describe(&Event::Income { colour: Colour::Blue, ducats: 1 }, &name).unwrap(), "Ben riscuote una rendita di 1 ducato.");
        let help = power_card_help(PowerCardId::parse("A1").unwrap());
        assert!(help.starts_with("A1: Giocandola puoi ") && help.contains("valore di vendita"), "{help}");
        assert!(power_action_help(PowerAction::Renegade).contains("Rinnegato"));
        set_lang(Lang::En);
    }
}
