//! Action cards, decision numbers and politics cards (data from RULES.md).

use serde::{Deserialize, Serialize};
use std::fmt;

/// One action of an action card.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Gain this many ducats (shared when several choose it).
    Ducats(u8),
    /// Take a politics card from one of the piles.
    Politics,
    /// Place up to this many borders.
    Borders(u8),
    /// Place one knight or expand one province by up to two spaces.
    KnightOrExpand,
    /// Place two knights, or one knight and one expansion.
    TwoKnights,
}

impl Action {
    /// Short code as in RULES.md (`$4`, `P`, `B2`, `K1`, `K2`).
    pub fn code(self) -> String {
        match self {
            Action::Ducats(n) => format!("${n}"),
            Action::Politics => "P".into(),
            Action::Borders(n) => format!("B{n}"),
            Action::KnightOrExpand => "K1".into(),
            Action::TwoKnights => "K2".into(),
        }
    }
}

/// What an action card shows.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum CardFace {
    /// Three actions, numbered 1 (top) to 3 (bottom).
    Actions([Action; 3]),
    /// Silver find: every player scores their mountains.
    SilverFind,
    /// The King is dead: the game ends.
    KingIsDead,
}

/// An action card: stack letter and position in RULES.md's table (`B3`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct CardId {
    /// 0..5 for stacks A..E.
    pub stack: u8,
    /// 1-based position in the stack's row of the table.
    pub pos: u8,
}

use Action::*;
const fn a(x: Action, y: Action, z: Action) -> CardFace {
    CardFace::Actions([x, y, z])
}

/// The five stacks A–E.
pub const STACKS: [&[CardFace]; 5] = [
    &[
        a(Ducats(4), Borders(2), KnightOrExpand),
        a(Ducats(6), Borders(2), KnightOrExpand),
        a(Politics, Borders(3), KnightOrExpand),
        a(Politics, Borders(2), Borders(3)),
        a(Ducats(8), Borders(2), Borders(3)),
        a(Ducats(6), Borders(3), KnightOrExpand),
    ],
    &[
        a(Ducats(8), Borders(2), TwoKnights),
        a(Ducats(6), Borders(2), KnightOrExpand),
        CardFace::SilverFind,
        a(Politics, Borders(2), TwoKnights),
        a(Politics, Borders(3), KnightOrExpand),
        a(Politics, Borders(2), Borders(3)),
        a(Ducats(4), Borders(2), KnightOrExpand),
    ],
    &[
        CardFace::SilverFind,
        a(Ducats(4), Borders(2), TwoKnights),
        a(Ducats(6), Borders(2), KnightOrExpand),
        a(Politics, Borders(2), KnightOrExpand),
        a(Ducats(8), Borders(3), TwoKnights),
        a(Politics, KnightOrExpand, TwoKnights),
        a(Politics, Borders(1), Borders(2)),
    ],
    &[
        a(Ducats(4), Borders(2), TwoKnights),
        a(Ducats(8), KnightOrExpand, TwoKnights),
        a(Ducats(6), KnightOrExpand, TwoKnights),
        CardFace::SilverFind,
        a(Politics, Borders(2), KnightOrExpand),
        a(Politics, Borders(3), TwoKnights),
        a(Politics, Borders(1), Borders(2)),
    ],
    &[
        a(Politics, Borders(2), TwoKnights),
        a(Politics, KnightOrExpand, TwoKnights),
        a(Ducats(8), KnightOrExpand, TwoKnights),
        CardFace::KingIsDead,
    ],
];

impl CardId {
    /// What the card shows.
    pub fn face(self) -> CardFace {
        STACKS[self.stack as usize][self.pos as usize - 1]
    }

    /// The stack letter.
    pub fn stack_letter(self) -> char {
        (b'A' + self.stack) as char
    }

    /// All cards of one stack, in table order.
    pub fn stack(stack: u8) -> impl Iterator<Item = CardId> {
        (1..=STACKS[stack as usize].len() as u8).map(move |pos| CardId { stack, pos })
    }

    /// Parses `B3`.
    pub fn parse(s: &str) -> Option<CardId> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'A'..=b'E').contains(&b[0]) {
            return None;
        }
        let stack = b[0] - b'A';
        let pos = (b[1] as char).to_digit(10)? as u8;
        (pos >= 1 && pos as usize <= STACKS[stack as usize].len()).then_some(CardId { stack, pos })
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.stack_letter(), self.pos)
    }
}

/// A politics card.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum PoliticsCard {
    /// Forced alliance (Bündniszwang).
    Alliance,
    /// Renegade (Überläufer).
    Renegade,
    /// Deeds (Lehen) worth 3, 4 or 5 points at the end.
    Deeds(u8),
    /// Treasure (Dukatenschatz) worth 8, 10, 12 or 15 ducats.
    Treasure(u8),
}

/// The treasure values, in the order of [`Treasures`] bits.
pub const TREASURE_VALUES: [u8; 4] = [8, 10, 12, 15];

impl PoliticsCard {
    /// The 13 cards of the game.
    pub const ALL: [PoliticsCard; 13] = [
        PoliticsCard::Alliance,
        PoliticsCard::Alliance,
        PoliticsCard::Alliance,
        PoliticsCard::Renegade,
        PoliticsCard::Renegade,
        PoliticsCard::Renegade,
        PoliticsCard::Deeds(3),
        PoliticsCard::Deeds(4),
        PoliticsCard::Deeds(5),
        PoliticsCard::Treasure(8),
        PoliticsCard::Treasure(10),
        PoliticsCard::Treasure(12),
        PoliticsCard::Treasure(15),
    ];

    /// Record name (`alliance`, `treasure15`, …).
    pub fn name(self) -> String {
        match self {
            PoliticsCard::Alliance => "alliance".into(),
            PoliticsCard::Renegade => "renegade".into(),
            PoliticsCard::Deeds(n) => format!("deeds{n}"),
            PoliticsCard::Treasure(n) => format!("treasure{n}"),
        }
    }

    /// Parses a record name.
    pub fn parse(s: &str) -> Option<PoliticsCard> {
        PoliticsCard::ALL.into_iter().find(|c| c.name() == s)
    }

    /// The bit of this card in [`Treasures`], for treasure cards.
    pub fn treasure_bit(self) -> Option<u8> {
        match self {
            PoliticsCard::Treasure(v) => TREASURE_VALUES.iter().position(|&t| t == v).map(|i| 1 << i),
            _ => None,
        }
    }
}

impl fmt::Display for PoliticsCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A set of treasure cards (each exists once), used in bids and payments.
#[derive(Copy, Clone, PartialEq, Eq, Default, Debug, Hash, Serialize, Deserialize)]
pub struct Treasures(pub u8);

impl Treasures {
    /// No treasure.
    pub const NONE: Treasures = Treasures(0);

    /// Total value in ducats.
    pub fn value(self) -> u32 {
        self.cards().map(|c| match c {
            PoliticsCard::Treasure(v) => v as u32,
            _ => 0,
        }).sum()
    }

    /// The treasure cards in the set.
    pub fn cards(self) -> impl Iterator<Item = PoliticsCard> {
        (0..4).filter(move |i| self.0 >> i & 1 == 1).map(|i| PoliticsCard::Treasure(TREASURE_VALUES[i]))
    }

    /// Number of cards.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when every card of `self` is in `other`.
    pub fn is_subset(self, other: Treasures) -> bool {
        self.0 & !other.0 == 0
    }

    /// The treasures held in a hand.
    pub fn in_hand(hand: &[PoliticsCard]) -> Treasures {
        Treasures(hand.iter().filter_map(|c| c.treasure_bit()).fold(0, |a, b| a | b))
    }

    /// Every subset of `self` (including the empty set).
    pub fn subsets(self) -> impl Iterator<Item = Treasures> {
        let all = self.0;
        // Enumerate submasks from `all` down to 0.
        let mut next = Some(all);
        std::iter::from_fn(move || {
            let cur = next?;
            next = if cur == 0 { None } else { Some((cur - 1) & all) };
            Some(Treasures(cur))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_data_matches_rules() {
        let sizes: Vec<usize> = STACKS.iter().map(|s| s.len()).collect();
        assert_eq!(sizes, [6, 7, 7, 7, 4]);
        // R-C2: "The King is dead!" is in stack E.
        let kings: Vec<String> = (0..5).flat_map(CardId::stack).filter(|c| c.face() == CardFace::KingIsDead).map(|c| c.to_string()).collect();
        assert_eq!(kings, ["E4"]);
        let silver: Vec<String> = (0..5).flat_map(CardId::stack).filter(|c| c.face() == CardFace::SilverFind).map(|c| c.to_string()).collect();
        assert_eq!(silver, ["B3", "C1", "D4"]);
        assert_eq!(CardId::parse("B3").map(|c| c.face()), Some(CardFace::SilverFind));
        assert_eq!(CardId::parse("A7"), None);
    }

    #[test]
    fn treasure_subsets_cover_all() {
        let t = Treasures(0b1011);
        let subs: Vec<u8> = t.subsets().map(|s| s.0).collect();
        assert_eq!(subs.len(), 8);
        assert_eq!(t.value(), 8 + 10 + 15);
    }
}
