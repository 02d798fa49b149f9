//! The 60 power cards (data file `data/power_cards.txt`, our reconstruction: RULES.md).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// One action a power card offers.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum PowerAction {
    /// Place up to this many borders (1–3; R-N2: fewer allowed).
    Borders(u8),
    /// Place up to this many knights (1–2; R-N2).
    Knights(u8),
    /// Expand one region by up to two spaces.
    Expand,
    /// Renegade (R-N10).
    Renegade,
    /// Alliance (R-N11).
    Alliance,
}

impl PowerAction {
    /// The data-file code (`B3`, `K1`, `E`, `R`, `A`).
    pub fn code(self) -> String {
        match self {
            PowerAction::Borders(n) => format!("B{n}"),
            PowerAction::Knights(n) => format!("K{n}"),
            PowerAction::Expand => "E".into(),
            PowerAction::Renegade => "R".into(),
            PowerAction::Alliance => "A".into(),
        }
    }

    fn parse(s: &str) -> Option<PowerAction> {
        Some(match s {
            "B1" => PowerAction::Borders(1),
            "B2" => PowerAction::Borders(2),
            "B3" => PowerAction::Borders(3),
            "K1" => PowerAction::Knights(1),
            "K2" => PowerAction::Knights(2),
            "E" => PowerAction::Expand,
            "R" => PowerAction::Renegade,
            "A" => PowerAction::Alliance,
            _ => return None,
        })
    }
}

/// Cards in a stack, and stacks.
pub const STACK: u8 = 15;
/// Number of power cards.
pub const CARDS: usize = 60;

/// A power card, `A1` … `D15` (stack letter and position in RULES.md's table).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct PowerCardId(u8);

/// What a power card is: its actions, price and sale value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PowerCard {
    /// Action 1 and, for a two-action card, action 2.
    pub actions: [Option<PowerAction>; 2],
    /// Ducats paid to play it.
    pub price: u32,
    /// Ducats gained by selling it.
    pub sale: u32,
}

impl PowerCardId {
    /// Every card, A1 … D15.
    pub fn all() -> impl Iterator<Item = PowerCardId> {
        (0..CARDS as u8).map(PowerCardId)
    }

    /// The cards of stack 0..4 (A..D).
    pub fn stack(stack: u8) -> impl Iterator<Item = PowerCardId> {
        (0..STACK).map(move |i| PowerCardId(stack * STACK + i))
    }

    /// Index 0..60.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The stack letter.
    pub fn stack_letter(self) -> char {
        (b'A' + self.0 / STACK) as char
    }

    /// Parses `A1` … `D15`.
    pub fn parse(s: &str) -> Option<PowerCardId> {
        let mut chars = s.chars();
        let letter = chars.next()?;
        if !('A'..='D').contains(&letter) {
            return None;
        }
        let digits = chars.as_str();
        if digits.starts_with('0') || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u8 = digits.parse().ok()?;
        (1..=STACK).contains(&n).then(|| PowerCardId((letter as u8 - b'A') * STACK + n - 1))
    }

    /// The card's face.
    pub fn card(self) -> &'static PowerCard {
        &table()[self.index()]
    }

    /// Its action `n` (1 or 2).
    pub fn action(self, n: u8) -> Option<PowerAction> {
        match n {
            1 | 2 => self.card().actions[n as usize - 1],
            _ => None,
        }
    }

    /// Number of actions (1 or 2).
    pub fn action_count(self) -> u8 {
        if self.card().actions[1].is_some() { 2 } else { 1 }
    }
}

impl fmt::Display for PowerCardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.stack_letter(), self.0 % STACK + 1)
    }
}

/// The data file, compiled in.
pub const DATA: &str = include_str!("data/power_cards.txt");

/// Parses the card data: one line a card, `id action1 action2|- price sale`, in id order.
///
/// # Errors
/// The first malformed line, in words.
pub fn parse_cards(text: &str) -> Result<Vec<PowerCard>, String> {
    let mut out: Vec<PowerCard> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.split('#').next().unwrap_or("").trim();
        if l.is_empty() {
            continue;
        }
        let bad = || format!("power card data line {}: '{l}'", i + 1);
        let w: Vec<&str> = l.split_whitespace().collect();
        let [id, a1, a2, price, sale] = w[..] else { return Err(bad()) };
        if PowerCardId::parse(id) != Some(PowerCardId(out.len() as u8)) {
            return Err(format!("{} (cards are listed A1 … D15 in order)", bad()));
        }
        let a1 = PowerAction::parse(a1).ok_or_else(bad)?;
        let a2 = if a2 == "-" { None } else { Some(PowerAction::parse(a2).ok_or_else(bad)?) };
        out.push(PowerCard { actions: [Some(a1), a2], price: price.parse().map_err(|_| bad())?, sale: sale.parse().map_err(|_| bad())? });
    }
    if out.len() != CARDS {
        return Err(format!("the power card data lists {} cards, not {CARDS}", out.len()));
    }
    Ok(out)
}

fn table() -> &'static [PowerCard] {
    static TABLE: OnceLock<Vec<PowerCard>> = OnceLock::new();
    TABLE.get_or_init(|| parse_cards(DATA).expect("the power card data file is checked by tests"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_data_has_sixty_cards_in_four_stacks_of_fifteen() {
        let cards = parse_cards(DATA).unwrap();
        assert_eq!(cards.len(), 60);
        for stack in 0..4 {
            assert_eq!(PowerCardId::stack(stack).count(), 15);
        }
        assert_eq!(PowerCardId::parse("B14").unwrap().card().actions, [Some(PowerAction::Borders(3)), Some(PowerAction::Knights(1))]);
        assert_eq!(PowerCardId::parse("D8").unwrap().card().price, 7);
        assert_eq!(PowerCardId::parse("A1").unwrap().card().sale, 1);
        // Stack A opens the game: no Renegade or Alliance there (RULES.md, "Why these numbers").
        assert!(PowerCardId::stack(0).all(|c| c.card().actions.iter().flatten().all(|a| !matches!(a, PowerAction::Renegade | PowerAction::Alliance))));
        for c in PowerCardId::all() {
            assert_eq!(PowerCardId::parse(&c.to_string()), Some(c));
        }
        assert_eq!(PowerCardId::parse("A0"), None);
        assert_eq!(PowerCardId::parse("A16"), None);
        assert_eq!(PowerCardId::parse("E1"), None);
        assert_eq!(PowerCardId::parse("A01"), None);
    }

    // What a calibration of prices and sale values keeps (RULES.md, "Game data - New Edition";
    // issue 20): RULES.md's actions and stack letters, prices 2 to 7, every Alliance 5 and a
    // single knight 2 (known facts), and a sale that brings less than playing costs.
    #[test]
    fn card_data_keeps_the_known_facts_and_the_actions_of_rules_md() {
        const ACTIONS: &str = "B1 B2 B2 B2 B3 B3 B3 B3 K1 K1 K1 K1/B2 K1/B3 E E \
            B2 B2 B3 B3 B1 K1 K1 K2 E E E R A B3/K1 B2/E \
            B3 B3 B2 K1 K2 K2 E E E/B3 E/K1 R R/K1 A A/B2 K2/B3 \
            B3 B2 K2 K2/R E E E/B3 E/K2 E/R R R A A/E K1/B2 E/K1";
        assert_eq!(ACTIONS.split_whitespace().count(), CARDS);
        for (card, want) in PowerCardId::all().zip(ACTIONS.split_whitespace()) {
            let c = card.card();
            let got: Vec<String> = c.actions.iter().flatten().map(|a| a.code()).collect();
            assert_eq!(got.join("/"), want, "{card}'s actions");
            assert!((2..=7).contains(&c.price), "{card}: prices run 2 to 7");
            assert!(c.sale >= 1 && c.sale < c.price, "{card}: a sale brings less than playing costs");
            if c.actions.contains(&Some(PowerAction::Alliance)) {
                assert_eq!(c.price, 5, "{card}: every Alliance costs 5");
            }
            if c.actions == [Some(PowerAction::Knights(1)), None] {
                assert_eq!(c.price, 2, "{card}: a single knight costs 2");
            }
        }
    }

    #[test]
    fn malformed_card_data_is_named() {
        assert!(parse_cards("A1 B1 - 0 1\n").unwrap_err().contains("lists 1 cards"));
        assert!(parse_cards("A1 X1 - 0 1\n").unwrap_err().contains("line 1"));
        assert!(parse_cards("A2 B1 - 0 1\n").unwrap_err().contains("in order"));
    }
}
