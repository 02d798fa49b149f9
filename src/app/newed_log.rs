//! The New Edition log in words. Only public information: a card drawn from the deck is "a
//! card"; sold, played and market cards are face up and named.

use crate::engine::board::PieceKind;
use crate::engine::newed::{Event, PowerAction, PowerCardId, ScoreReason};
use crate::engine::{Colour, MineKind};

/// A power card's action in words.
pub fn power_action_text(a: PowerAction) -> String {
    match a {
        PowerAction::Borders(1) => "place 1 border".into(),
        PowerAction::Borders(n) => format!("place up to {n} borders"),
        PowerAction::Knights(1) => "place 1 knight".into(),
        PowerAction::Knights(n) => format!("place up to {n} knights"),
        PowerAction::Expand => "expand a region by up to 2 spaces".into(),
        PowerAction::Renegade => "Renegade: replace a knight in a neighbouring region".into(),
        PowerAction::Alliance => "Alliance with a neighbouring region".into(),
    }
}

/// What a power action lets its player do, in full (the card's help; RULES.md, R-N2, R-N10).
pub fn power_action_help(a: PowerAction) -> String {
    match a {
        PowerAction::Borders(n) => format!("place up to {n} border{}", if n == 1 { "" } else { "s" }),
        PowerAction::Knights(n) => format!("place up to {n} knight{} next to your own castles or knights (a forest costs 1 ducat more)", if n == 1 { "" } else { "s" }),
        PowerAction::Expand => "expand one of your regions by up to 2 spaces".into(),
        PowerAction::Renegade => "Renegade: place a knight in one of your regions; the owner of a neighbouring region then removes one of their knights from it".into(),
        PowerAction::Alliance => "Alliance: bind one of your regions and a neighbouring one for the rest of the game — neither may expand into the other".into(),
    }
}

/// A power card explained (its help, on tap or focus): its actions, its price and sale value.
pub fn power_card_help(card: PowerCardId) -> String {
    let c = card.card();
    let acts: Vec<String> = c.actions.iter().flatten().map(|&a| power_action_help(a)).collect();
    let how = if acts.len() > 1 { "Play it for one of: " } else { "Play it to " };
    format!("{card}: {how}{}. Playing it costs {} ducats; selling it to the market brings {}.", acts.join("; or "), c.price, c.sale)
}

/// A short name of an action (for buttons and card faces).
pub fn power_action_short(a: PowerAction) -> String {
    match a {
        PowerAction::Borders(1) => "1 border".into(),
        PowerAction::Borders(n) => format!("{n} borders"),
        PowerAction::Knights(1) => "1 knight".into(),
        PowerAction::Knights(n) => format!("{n} knights"),
        PowerAction::Expand => "Expand".into(),
        PowerAction::Renegade => "Renegade".into(),
        PowerAction::Alliance => "Alliance".into(),
    }
}

/// A mine type in words.
pub fn mine_text(k: MineKind) -> &'static str {
    match k {
        MineKind::Gold => "gold",
        MineKind::Silver => "silver",
        MineKind::Copper => "copper",
        MineKind::Gems => "gems",
    }
}

/// "1 ducat", "3 ducats".
pub fn ducats(n: u32) -> String {
    count(n as usize, "ducat", "ducats")
}

/// A number with its noun: "1 card", "3 cards".
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

fn signed(n: i32) -> String {
    if n >= 0 { format!("+{n}") } else { format!("−{}", n.unsigned_abs()) }
}

fn card_words(card: PowerCardId) -> String {
    let c = card.card();
    let acts: Vec<String> = c.actions.iter().flatten().map(|&a| power_action_short(a)).collect();
    format!("{card} ({})", acts.join(" or "))
}

/// Describes an event, or `None` for events not worth a line.
pub fn describe(e: &Event, name: &dyn Fn(Colour) -> String) -> Option<String> {
    Some(match e {
        Event::Placed { by, colour, kind, at } => {
            let what = match kind {
                PieceKind::Castle => "castle",
                PieceKind::Knight => "knight",
            };
            if by == colour { format!("{} placed a {what} on {at}.", name(*by)) } else { format!("{} placed a neutral {what} on {at}.", name(*by)) }
        }
        Event::TurnBegins { colour } => format!("{}'s turn.", name(*colour)),
        Event::Income { colour, ducats: d } => format!("{} collects {} income.", name(*colour), ducats(*d)),
        Event::Skipped { colour } => format!("{} has no cards left and is skipped.", name(*colour)),
        Event::Sold { by, card, ducats: d } => format!("{} sold {} to the market for {}.", name(*by), card_words(*card), ducats(*d)),
        Event::Played { by, card, action, price } => format!("{} played {} for {}: {}.", name(*by), card, ducats(*price), power_action_text(*action)),
        Event::BorderPlaced { by, edge } => format!("{} placed a border on {edge}.", name(*by)),
        Event::KnightPlaced { by, at, cost } => {
            let c = if *cost > 0 { format!(" (forest: {})", ducats(*cost)) } else { String::new() };
            format!("{} placed a knight on {at}{c}.", name(*by))
        }
        Event::SpaceTaken { by, at, from: Some(f), .. } => format!("{} took {at} from {}.", name(*by), name(*f)),
        Event::SpaceTaken { by, at, from: None, .. } => format!("{} expanded to {at}.", name(*by)),
        Event::BordersAdded { .. } | Event::ActionEnded { .. } => return None,
        Event::BordersRemoved { edges } => format!("{} border{} inside a region went back to the stock.", edges.len(), if edges.len() == 1 { "" } else { "s" }),
        Event::NeutralZoneFormed { loser, spaces } => format!("{spaces} space{} of {}'s region became a neutral zone.", if *spaces == 1 { "" } else { "s" }, name(*loser)),
        Event::RegionFounded { colour, castle, spaces } => format!("{} founded a {spaces}-space region at {castle}.", name(*colour)),
        Event::Score { colour, delta, reason } => {
            let why = match reason {
                ScoreReason::Founding => "region founded".to_string(),
                ScoreReason::Expansion => "expansion".into(),
                ScoreReason::LostSpace => "lost space".into(),
                ScoreReason::NeutralZone => "neutral zone".into(),
                ScoreReason::MonopolyWon(k) => format!("{} monopoly", mine_text(*k)),
                ScoreReason::MonopolyLost(k) => format!("{} monopoly lost", mine_text(*k)),
                ScoreReason::DucatBonus => "ducat bonus".into(),
            };
            format!("{}: {} ({why}).", name(*colour), signed(*delta))
        }
        Event::Monopoly { colour, mine, held: true } => format!("{} now holds the {} monopoly.", name(*colour), mine_text(*mine)),
        Event::Monopoly { colour, mine, held: false } => format!("{} lost the {} monopoly.", name(*colour), mine_text(*mine)),
        Event::RenegadePlaced { by, region, at, cost } => {
            let c = if *cost > 0 { format!(" (forest: {})", ducats(*cost)) } else { String::new() };
            format!("{} played Renegade against the region of {region}: a knight came to {at}{c}.", name(*by))
        }
        Event::KnightRemoved { colour, at } => format!("{}'s knight on {at} left.", name(*colour)),
        Event::Allied { by, own, other } => format!("{} allied the regions of {own} and {other}.", name(*by)),
        Event::Drew { by } => format!("{} drew a card from the deck.", name(*by)),
        Event::Took { by, card } => format!("{} took {} from the market.", name(*by), card_words(*card)),
        Event::FinalPhase => "The deck is empty: the final phase begins — everyone plays out their cards.".into(),
        Event::GameOver { winners, king } => {
            let w: Vec<String> = winners.iter().map(|&c| name(c)).collect();
            let how = if *king { " — the King chip was reached" } else { "" };
            format!("The game is over{how}: {} {}!", w.join(" and "), if w.len() > 1 { "win together" } else { "wins" })
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
