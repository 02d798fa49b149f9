//! The encoding of both editions' views and moves: what a remote seat is shown and what it
//! answers with. Each impl lists the type's fields in order; a card, tile or stack that
//! doesn't exist is refused while decoding (so nothing downstream can index out of range).

use super::wire::{wire_enum, wire_struct, Reader, Wire, WireError, Writer};

mod classic {
    use super::*;
    use crate::engine::classic::cards::{CardId, PoliticsCard, Treasures};
    use crate::engine::classic::game::Breakdown;
    use crate::engine::classic::map::TilePlacement;
    use crate::engine::classic::moves::Move;
    use crate::engine::classic::setup::SetupKind;
    use crate::engine::classic::view::{PhaseView, ProvinceView, View};

    impl Wire for CardId {
        fn put(&self, w: &mut Writer) {
            w.byte(self.stack);
            w.byte(self.pos);
        }
        fn take(r: &mut Reader) -> Result<Self, WireError> {
            let (stack, pos) = (r.byte()?, r.byte()?);
            (stack < 5).then(|| CardId::stack(stack).find(|c| c.pos == pos)).flatten().ok_or(WireError::BadValue)
        }
    }

    impl Wire for PoliticsCard {
        fn put(&self, w: &mut Writer) {
            w.byte(PoliticsCard::ALL.iter().position(|c| c == self).unwrap_or(0) as u8);
        }
        fn take(r: &mut Reader) -> Result<Self, WireError> {
            PoliticsCard::ALL.get(r.byte()? as usize).copied().ok_or(WireError::BadValue)
        }
    }

    impl Wire for Treasures {
        fn put(&self, w: &mut Writer) {
            w.byte(self.0);
        }
        fn take(r: &mut Reader) -> Result<Self, WireError> {
            let b = r.byte()?;
            if b < 16 { Ok(Treasures(b)) } else { Err(WireError::BadValue) }
        }
    }

    impl Wire for TilePlacement {
        fn put(&self, w: &mut Writer) {
            w.byte(self.tile << 2 | self.turns);
        }
        fn take(r: &mut Reader) -> Result<Self, WireError> {
            let b = r.byte()?;
            if b >> 2 < 6 { Ok(TilePlacement { tile: b >> 2, turns: b & 3 }) } else { Err(WireError::BadValue) }
        }
    }

    impl Wire for SetupKind {
        fn put(&self, w: &mut Writer) {
            w.byte(*self as u8);
        }
        fn take(r: &mut Reader) -> Result<Self, WireError> {
            [SetupKind::Basic, SetupKind::Variable, SetupKind::Custom].get(r.byte()? as usize).copied().ok_or(WireError::BadValue)
        }
    }

    wire_struct!(Breakdown { provinces, expansions, losses, silver_finds, final_mountains, deeds });
    wire_struct!(ProvinceView { owner, castle, spaces, knights });
    wire_enum!(PhaseView;
        0 => Placement { placer, colour, castle, min_distance },
        1 => Choosing { next, cards },
        2 => Negotiation { action, pair, speaker, last, standing },
        3 => Duel { action, bidders, second, have_bid, own_bid },
        4 => Perform { action, by, borders_left, knights_placed, expanding, expansion_done, opened },
        5 => Over { winners },
    );
    wire_enum!(Move;
        0 => Castle { by, at },
        1 => Knight { by, at, pay },
        2 => Decide { by, first, second },
        3 => Alliance { by, own, other },
        4 => Renegade { by, remove, place, pay },
        5 => Offer { by, amount },
        6 => Accept { by },
        7 => Duel { by },
        8 => Bid { by, money, treasures },
        9 => Border { by, edge },
        10 => Expand { by, at, castle },
        11 => Open { by, pile },
        12 => Take { by, pile, card },
        13 => Done { by },
        14 => Unally { by, a, b, pay },
    );
    wire_struct!(View {
        viewer, players, neutral, setup, public_money, tiles, borders, pieces, provinces, neutral_zones, alliances,
        borders_in_stock, knights_in_stock, scores, breakdown, ducats, hands, hand_counts, piles, opened_pile,
        discards, deck_left, next_stack, card, round, start_player, choices, politics_window, phase, to_move, moves, history,
    });
}

mod newed {
    use super::*;
    use crate::engine::board::land::MineKind;
    use crate::engine::newed::view::{PhaseView, RegionView, View};
    use crate::engine::newed::{Layout, Move, PowerCardId, TilePlacement, Work};
    use crate::engine::newed::map::TILE_IDS;

    impl Wire for PowerCardId {
        fn put(&self, w: &mut Writer) {
            w.byte(self.index() as u8);
        }
        fn take(r: &mut Reader) -> Result<Self, WireError> {
            let i = r.byte()? as usize;
            PowerCardId::all().find(|c| c.index() == i).ok_or(WireError::BadValue)
        }
    }

    impl Wire for TilePlacement {
        fn put(&self, w: &mut Writer) {
            let t = TILE_IDS.iter().position(|&c| c == self.tile).unwrap_or(0) as u8;
            w.byte(t << 2 | self.turns);
        }
        fn take(r: &mut Reader) -> Result<Self, WireError> {
            let b = r.byte()?;
            let tile = *TILE_IDS.get((b >> 2) as usize).ok_or(WireError::BadValue)?;
            Ok(TilePlacement { tile, turns: b & 3 })
        }
    }

    impl Wire for Layout {
        fn put(&self, w: &mut Writer) {
            self.0.put(w);
        }
        fn take(r: &mut Reader) -> Result<Self, WireError> {
            Ok(Layout(Wire::take(r)?))
        }
    }

    impl Wire for MineKind {
        fn put(&self, w: &mut Writer) {
            w.byte(MineKind::ALL.iter().position(|m| m == self).unwrap_or(0) as u8);
        }
        fn take(r: &mut Reader) -> Result<Self, WireError> {
            MineKind::ALL.get(r.byte()? as usize).copied().ok_or(WireError::BadValue)
        }
    }

    wire_enum!(Work;
        0 => Borders { left },
        1 => Knights { left },
        2 => Expand { castle, taken },
        3 => Renegade {},
        4 => Alliance {},
    );
    wire_struct!(RegionView { owner, castle, spaces, knights });
    wire_enum!(PhaseView;
        0 => Placement { placer, colour, castle, min_distance },
        1 => Choose { by },
        2 => Perform { by, card, work },
        3 => Remove { by, victim, region },
        4 => Refill { by, sold },
        5 => Over { winners, king },
    );
    wire_enum!(Move;
        0 => Castle { by, at },
        1 => Knight { by, at },
        2 => Sell { by, card },
        3 => Play { by, card, action },
        4 => Border { by, edge },
        5 => Expand { by, at, castle },
        6 => Renegade { by, region, place },
        7 => Remove { by, at },
        8 => Alliance { by, own, other },
        9 => Done { by },
        10 => Draw { by },
        11 => Take { by, card },
    );
    wire_struct!(View {
        viewer, players, neutral, public_money, tiles, borders, pieces, regions, neutral_zones, alliances,
        borders_in_stock, knights_in_stock, scores, ducats, hand, hand_counts, income, monopolies, market,
        deck_left, discard, king_chip, final_phase, phase, to_move, moves, unplayable,
    });
}

#[cfg(test)]
mod tests {
    use super::super::wire::{decode, encode, Wire, WireError};
    use crate::engine::{classic, newed, Colour, Rules};
    use crate::engine::classic::SetupKind;

    /// Plays `n` moves of a game, checking after each that every colour's view (and the
    /// public one) and every legal move comes back from its bytes exactly.
    fn round_trips<G: Rules>(mut g: G, n: usize, view: impl Fn(&G, Option<Colour>) -> (Vec<u8>, bool), players: &[Colour]) -> usize
    where
        G::Move: Wire + PartialEq + std::fmt::Debug,
    {
        let mut biggest = 0;
        for step in 0..n {
            for v in players.iter().map(|&c| Some(c)).chain([None]) {
                let (bytes, same) = view(&g, v);
                assert!(same, "step {step}: the view of {v:?} comes back from its bytes");
                biggest = biggest.max(bytes.len());
            }
            let mut moves = Vec::new();
            g.legal_moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                assert_eq!(decode::<G::Move>(&encode(m)).as_ref(), Ok(m));
            }
            let m = moves[step * 7 % moves.len()];
            g.play(m).unwrap();
        }
        biggest
    }

    #[test]
    fn both_editions_views_and_moves_come_back_from_their_bytes() {
        let players = [Colour::Red, Colour::Yellow, Colour::Purple];
        let (g, _) = classic::game::Game::new(&classic::setup::Setup::new(players.to_vec(), SetupKind::Variable, 5)).unwrap();
        round_trips(g, 400, |g, c| {
            let v = g.view(c);
            let b = encode(&v);
            (b.clone(), decode::<classic::view::View>(&b) == Ok(v))
        }, &players);
        let players = [Colour::Red, Colour::Blue, Colour::Orange];
        let (g, _) = newed::Game::new(&newed::Setup::new(players.to_vec(), 5)).unwrap();
        round_trips(g, 400, |g, c| {
            let v = g.view(c);
            let b = encode(&v);
            (b.clone(), decode::<newed::View>(&b) == Ok(v))
        }, &players);
    }

    #[test]
    fn cut_or_scrambled_bytes_are_refused_and_never_panic() {
        let players = vec![Colour::Red, Colour::Blue, Colour::Orange];
        let (g, _) = newed::Game::new(&newed::Setup::new(players, 9)).unwrap();
        let bytes = encode(&g.view(Some(Colour::Red)));
        for cut in 0..bytes.len() {
            assert_eq!(decode::<newed::View>(&bytes[..cut]).err().map(|e| e == WireError::Truncated || e == WireError::BadValue), Some(true), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(decode::<newed::View>(&longer), Err(WireError::Trailing));
        let mut x = 12345u32;
        for i in 0..bytes.len() * 4 {
            let mut b = bytes.clone();
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            b[i % bytes.len()] ^= (x >> 16) as u8 | 1;
            let _ = decode::<newed::View>(&b);
            let _ = decode::<classic::view::View>(&b);
        }
        assert_eq!(decode::<u32>(&[0xff, 0xff, 0xff, 0xff, 0x7f]), Err(WireError::Overflow));
        assert_eq!(decode::<Vec<u8>>(&[200, 1]), Err(WireError::Truncated), "a list can't claim more than is left");
        assert_eq!(decode::<i32>(&encode(&-7i32)), Ok(-7));
    }
}
