//! The game log in words. Only public information: a card taken is "a politics card",
//! a sealed bid is "a sealed bid" until all bids are revealed.

use crate::engine::{Action, CardFace, Colour, Event, PieceKind, PoliticsCard, ScoreReason, Treasures};

/// One line of the log.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LogLine {
    /// Round it happened in.
    pub round: u32,
    /// The colour it is mostly about.
    pub colour: Option<Colour>,
    /// The sentence.
    pub text: String,
}

/// The spaces a log line names (a space like `d10`, or both sides of an edge like `d10-e10`),
/// so that tapping the line can show them on the board.
pub fn spaces_in(text: &str) -> Vec<crate::engine::Space> {
    use crate::engine::{Edge, Space};
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || ",.:;()".contains(c)) {
        let found = match (Edge::parse(word), Space::parse(word)) {
            (Some(e), _) => vec![e.spaces().0, e.spaces().1],
            (None, Some(s)) => vec![s],
            _ => continue,
        };
        for s in found {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// An action in words.
pub fn action_text(a: Action) -> String {
    match a {
        Action::Ducats(n) => format!("take {n} ducats"),
        Action::Politics => "take a politics card".into(),
        Action::Borders(1) => "place 1 border".into(),
        Action::Borders(n) => format!("place {n} borders"),
        Action::KnightOrExpand => "1 knight or expand".into(),
        Action::TwoKnights => "2 knights, or knight + expand".into(),
    }
}

/// What a Classic action lets its performer do (the card's help, on tap or focus; RULES.md
/// "Actions", R-C5 … R-C12).
pub fn action_help(a: Action) -> String {
    let what = match a {
        Action::Ducats(n) => format!("Take {n} ducats from the bank."),
        Action::Politics => "Look through one of the two politics piles and take one card; keep it secret. An empty pile can't be chosen.".into(),
        Action::Borders(n) => format!(
            "Place up to {n} border{}: not on the frame, not between two of your own pieces side by side, not with the same province on both sides. Closing an area around your castle founds a province.",
            if n == 1 { "" } else { "s" }
        ),
        Action::KnightOrExpand => "Place one knight next to your castle or knight (a forest costs 5 ducats), or expand one of your provinces by up to two spaces.".into(),
        Action::TwoKnights => "Place two knights, or one knight and one expansion of up to two spaces, in either order — never two expansions.".into(),
    };
    format!("{what} Players who choose the same action negotiate or duel for it.")
}

/// A bid in words.
pub fn bid_text(money: u32, t: Treasures) -> String {
    let mut s = format!("{money} ducats");
    for c in t.cards() {
        if let PoliticsCard::Treasure(v) = c {
            s += &format!(" + treasure {v}");
        }
    }
    if !t.is_empty() {
        s += &format!(" (= {})", money + t.value());
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
        0 => return format!("{money} ducats"),
        1 => format!("a treasure card ({})", values[0]),
        _ => format!("treasure cards ({})", values.join(" + ")),
    };
    if money == 0 { cards } else { format!("{money} ducats and {cards}") }
}

fn signed(n: i32) -> String {
    if n >= 0 { format!("+{n}") } else { format!("−{}", n.unsigned_abs()) }
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
    let action = |i: u8, a: Action| format!("action {i} ({})", action_text(a));
    let (colour, text) = match e {
        Event::Placed { placer, colour, kind, at } => {
            let what = match kind {
                PieceKind::Castle => "castle",
                PieceKind::Knight => "knight",
            };
            if placer == colour {
                (Some(*placer), format!("{} placed a {what} on {at}.", name(*placer)))
            } else {
                (Some(*placer), format!("{} placed a neutral {what} on {at}.", name(*placer)))
            }
        }
        Event::RoundStarted { round, start } => (Some(*start), format!("Round {round}: {} is start player.", name(*start))),
        Event::CardDrawn { card } => match card.face() {
            CardFace::SilverFind => (None, "Silver find! Every player scores their mountains.".into()),
            CardFace::KingIsDead => (None, "The King is dead! The game ends.".into()),
            CardFace::Actions(a) => (None, format!("Action card {card}: 1 {} · 2 {} · 3 {}.", action_text(a[0]), action_text(a[1]), action_text(a[2]))),
        },
        Event::Decided { by, actions } => {
            let n: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
            (Some(*by), format!("{} chose {}.", name(*by), n.join(" and ")))
        }
        Event::AlliancePlayed { by, own, other } => (Some(*by), format!("{} forced an alliance between the provinces of {own} and {other}.", name(*by))),
        Event::RenegadePlayed { by, removed, removed_colour, placed, .. } => {
            (Some(*by), format!("{} played Renegade: {}'s knight on {removed} left, a knight of {} came to {placed}.", name(*by), name(*removed_colour), name(*by)))
        }
        Event::Unallied { by, a, b, money, treasures } => {
            (Some(*by), format!("{} paid {} to end the alliance of {a} and {b}.", name(*by), payment_text(*money, *treasures)))
        }
        Event::NobodyChose { .. } => return None,
        Event::DucatsShared { to, each, lost, .. } => {
            let who: Vec<String> = to.iter().map(|&c| name(c)).collect();
            let lost = if *lost > 0 { format!(" ({lost} lost)") } else { String::new() };
            (to.first().copied(), format!("{} took {each} ducats{}{lost}.", who.join(" and "), if to.len() > 1 { " each" } else { "" }))
        }
        Event::PilesEmpty { action: i } => (None, format!("Both politics piles are empty: {} does nothing.", action(*i, Action::Politics))),
        Event::NegotiationStarted { action: i, kind, players } => {
            (Some(players[0]), format!("{} and {} both want {}: they negotiate.", name(players[0]), name(players[1]), action(*i, *kind)))
        }
        Event::Offered { by, amount } => (Some(*by), format!("{} offers {amount} ducats to perform it.", name(*by))),
        Event::Accepted { by, payer, amount } => (Some(*by), format!("{} accepted: {} pays {amount} ducats and performs.", name(*by), name(*payer))),
        Event::BrokeOff { by } => (Some(*by), format!("{} broke off: duel!", name(*by))),
        Event::DuelStarted { action: i, kind, bidders, second } => {
            let who: Vec<String> = bidders.iter().map(|&c| name(c)).collect();
            (None, format!("{}uel for {}: {}.", if *second { "Tie! Second d" } else { "D" }, action(*i, *kind), who.join(", ")))
        }
        Event::BidLaid { by } => (Some(*by), format!("{} laid a sealed bid.", name(*by))),
        Event::BidsRevealed { bids } => {
            let parts: Vec<String> = bids.iter().map(|(c, m, t)| format!("{} {}", name(*c), bid_text(*m, *t))).collect();
            (None, format!("Bids revealed: {}.", parts.join(", ")))
        }
        Event::DuelWon { by, paid, treasures } => (Some(*by), format!("{} wins the duel and pays {} to the bank.", name(*by), bid_text(*paid, *treasures))),
        Event::DuelVoid { action: i, kind } => (None, format!("Tied again: nobody performs {}.", action(*i, *kind))),
        Event::Performs { action: i, kind, by } => (Some(*by), format!("{} performs {}.", name(*by), action(*i, *kind))),
        Event::BorderPlaced { by, edge } => (Some(*by), format!("{} placed a border on {edge}.", name(*by))),
        Event::BordersRemoved { edges } => (None, format!("{} border{} inside a province went back to the stock.", edges.len(), if edges.len() == 1 { "" } else { "s" })),
        Event::BordersAdded { .. } => return None,
        Event::ProvinceFounded { colour, castle, spaces, cities, points } => {
            let city = match cities {
                0 => String::new(),
                1 => " with 1 city".into(),
                n => format!(" with {n} cities"),
            };
            // The neutral colour's province scores nothing (R-C4): no points to claim.
            let points = if *points > 0 { format!(": +{points}") } else { String::new() };
            (Some(*colour), format!("{} founded a {spaces}-space province{city} at {castle}{points}.", name(*colour)))
        }
        Event::KnightPlaced { by, at, cost } => {
            let c = if *cost > 0 { format!(" (forest: {cost} ducats)") } else { String::new() };
            (Some(*by), format!("{} placed a knight on {at}{c}.", name(*by)))
        }
        Event::SpaceTaken { by, at, from, .. } => match from {
            Some(f) => (Some(*by), format!("{} took {at} from {}.", name(*by), name(*f))),
            None => (Some(*by), format!("{} expanded to {at}.", name(*by))),
        },
        Event::NeutralZoneFormed { loser, spaces, cities } => {
            (Some(*loser), format!("{spaces} space{} of {}'s province{} became a neutral zone.", if *spaces == 1 { "" } else { "s" }, name(*loser), if *cities > 0 { " (with a city)" } else { "" }))
        }
        Event::PileOpened { by, pile } => (Some(*by), format!("{} looks through politics pile {pile}.", name(*by))),
        Event::CardTaken { by, pile, .. } => (Some(*by), format!("{} took a politics card from pile {pile}.", name(*by))),
        Event::ActionEnded { .. } => return None,
        Event::Score { colour, delta, reason } => {
            let why = match reason {
                ScoreReason::Founding => return None,
                ScoreReason::Expansion => "expansion",
                ScoreReason::LostSpace => "lost space",
                ScoreReason::NeutralZone => "neutral zone",
                ScoreReason::SilverFind => "silver find",
                ScoreReason::FinalMountains => "mountains at the end",
                ScoreReason::Deeds => "deeds",
            };
            (Some(*colour), format!("{}: {} ({why}).", name(*colour), signed(*delta)))
        }
        Event::Paid { .. } => return None,
        Event::DeedsRevealed { colour, cards } => {
            let c: Vec<String> = cards.iter().map(|c| c.name()).collect();
            (Some(*colour), format!("{} reveals {}.", name(*colour), c.join(", ")))
        }
        Event::GameOver { winners } => {
            let w: Vec<String> = winners.iter().map(|&c| name(c)).collect();
            (winners.first().copied(), format!("{} {} the new Lionheart!", w.join(" and "), if w.len() > 1 { "share the crown as" } else { "is" }))
        }
    };
    Some(LogLine { round, colour, text })
}

#[cfg(test)]
mod spaces_tests {
    use super::*;

    #[test]
    fn a_log_line_names_its_spaces_and_edges() {
        let sp = |s: &str| crate::engine::Space::parse(s).unwrap();
        assert_eq!(spaces_in("Ann placed a border on d10-e10."), vec![sp("d10"), sp("e10")]);
        assert_eq!(spaces_in("Cleo took m3 from Ben (c1, c1)."), vec![sp("m3"), sp("c1")]);
        assert!(spaces_in("Round 2: Ben is start player.").is_empty());
    }
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
