//! A game's seed: the key of every shuffle a record does not spell out (NOTATION.md `[Seed]`).
//!
//! Two kinds, both read everywhere a seed is read:
//! - a **short** seed, a decimal number (`[Seed "42"]`), the generator's `seed_from_u64` — what a
//!   link or a person types, and every record before long seeds;
//! - a **long** seed, `0x` and 32 to 64 hex digits (`[Seed "0x9f3c…"]`, 128 to 256 bits), whose
//!   bytes, left-padded with zeros to 32 and read big-endian, are the generator's key. New games
//!   draw one of 128 bits, so that no one can find the deal by trying seeds against what is public
//!   (a short seed's 2^64 keys are fewer than a layout's evidence can sift; the 32 bits new games
//!   drew before were searched in minutes).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The fewest and most hex digits of a long seed (128 and 256 bits).
pub const LONG_DIGITS: std::ops::RangeInclusive<usize> = 32..=64;

/// How many random bytes a new game's seed is drawn from (128 bits).
pub const FRESH_BYTES: usize = 16;

/// A game's seed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Seed {
    /// A decimal seed: `seed_from_u64`.
    Short(u64),
    /// A long seed: the generator's key, big-endian, left-padded with zeros.
    Long([u8; 32]),
}

impl Default for Seed {
    fn default() -> Seed {
        Seed::Short(0)
    }
}

impl From<u64> for Seed {
    fn from(n: u64) -> Seed {
        Seed::Short(n)
    }
}

impl Seed {
    /// A new game's seed from `FRESH_BYTES` random bytes (the caller draws them, and never
    /// starts a game when the draw failed).
    pub fn fresh(bytes: [u8; FRESH_BYTES]) -> Seed {
        let mut key = [0u8; 32];
        key[32 - FRESH_BYTES..].copy_from_slice(&bytes);
        Seed::Long(key)
    }

    /// A new game's seed from `fill`, the platform's random source asked for `FRESH_BYTES` bytes.
    ///
    /// # Errors
    /// The source's own: a failed draw fails closed, never a seed of zeros or of fewer bits.
    pub fn draw<E>(fill: impl FnOnce(&mut [u8]) -> Result<(), E>) -> Result<Seed, E> {
        let mut bytes = [0u8; FRESH_BYTES];
        fill(&mut bytes)?;
        Ok(Seed::fresh(bytes))
    }

    /// Reads a seed as a record, a link or the start screen spells it: a decimal number
    /// (no sign, no leading zero) up to 2^64 − 1, or `0x` and 32 to 64 hex digits.
    pub fn parse(s: &str) -> Option<Seed> {
        if let Some(hex) = s.strip_prefix("0x") {
            if !LONG_DIGITS.contains(&hex.len()) || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            let mut key = [0u8; 32];
            // Digits from the right: the last one is the low nibble of the last byte.
            for (i, d) in hex.bytes().rev().enumerate() {
                let v = (d as char).to_digit(16)? as u8;
                key[31 - i / 2] |= if i % 2 == 0 { v } else { v << 4 };
            }
            return Some(Seed::Long(key));
        }
        super::notation::parse_number::<u64>(s).map(Seed::Short)
    }

    /// The game's random generator, at its start.
    pub fn rng(&self) -> ChaCha8Rng {
        match self {
            Seed::Short(n) => ChaCha8Rng::seed_from_u64(*n),
            Seed::Long(key) => ChaCha8Rng::from_seed(*key),
        }
    }

    /// A 64-bit number drawn for `label` from this seed, apart from the game's own draws (a
    /// computer's seed for one decision): the game's generator on a stream of the label's own
    /// (the game draws on stream 0), so no number drawn leads back to the seed or to another draw.
    pub fn derive(&self, label: u64) -> u64 {
        let mut rng = self.rng();
        rng.set_stream(label | 1 << 63);
        rng.next_u64()
    }
}

/// A short seed is a JSON number as before, a long one its text (no JSON number holds it).
impl serde::Serialize for Seed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Seed::Short(n) => s.serialize_u64(*n),
            Seed::Long(_) => s.serialize_str(&self.to_string()),
        }
    }
}

impl std::fmt::Display for Seed {
    /// A short seed in decimal; a long one as `0x` and at least 32 lowercase hex digits (its
    /// leading zeros beyond those dropped), so that it reads back as the same seed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seed::Short(n) => write!(f, "{n}"),
            Seed::Long(key) => {
                let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
                let significant = hex.trim_start_matches('0').len().max(*LONG_DIGITS.start());
                write!(f, "0x{}", &hex[hex.len() - significant..])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_kinds_read_back_as_written() {
        for s in ["0", "42", "18446744073709551615", "0x000102030405060708090a0b0c0d0e0f", "0x9f3c000000000000000000000000000000000000000000000000000000000001"] {
            assert_eq!(Seed::parse(s).unwrap().to_string(), s);
        }
        // Upper-case digits and extra leading zeros name the same seed, written the one way.
        let upper = Seed::parse("0x00000000000000000000000000000000ABCDEF0123456789ABCDEF0123456789").unwrap();
        assert_eq!(upper.to_string(), "0xabcdef0123456789abcdef0123456789");
        assert_eq!(Seed::parse("42"), Some(Seed::Short(42)));
    }

    #[test]
    fn a_long_seed_is_the_generators_key_big_endian_left_padded() {
        let s = Seed::parse("0x0102030405060708090a0b0c0d0e0f10").unwrap();
        let mut key = [0u8; 32];
        for (i, b) in key[16..].iter_mut().enumerate() {
            *b = i as u8 + 1;
        }
        assert_eq!(s, Seed::Long(key));
        assert_eq!(s.rng().next_u64(), ChaCha8Rng::from_seed(key).next_u64());
        assert_eq!(Seed::Short(7).rng().next_u64(), ChaCha8Rng::seed_from_u64(7).next_u64());
    }

    #[test]
    fn malformed_seeds_are_refused() {
        for s in ["", "-1", "01", "18446744073709551616", "0x", "0x123", "0x0102030405060708090a0b0c0d0e0f1", "0xg102030405060708090a0b0c0d0e0f10", &format!("0x{}", "1".repeat(65)), " 42", "0X0102030405060708090a0b0c0d0e0f10"] {
            assert_eq!(Seed::parse(s), None, "{s:?}");
        }
    }

    #[test]
    fn a_fresh_seed_holds_all_128_bits_drawn() {
        let a = Seed::fresh([0xff; FRESH_BYTES]);
        assert_eq!(a.to_string(), format!("0x{}", "f".repeat(32)));
        // Every drawn bit counts: seeds one bit apart differ, in the key and in the game's draws.
        for bit in 0..FRESH_BYTES * 8 {
            let mut b = [0u8; FRESH_BYTES];
            b[bit / 8] = 1 << (bit % 8);
            let s = Seed::fresh(b);
            assert_ne!(s, Seed::fresh([0; FRESH_BYTES]));
            assert_ne!(s.rng().next_u64(), Seed::fresh([0; FRESH_BYTES]).rng().next_u64(), "bit {bit}");
            assert_eq!(Seed::parse(&s.to_string()), Some(s));
        }
    }

    #[test]
    fn a_draw_asks_for_128_bits_and_fails_closed() {
        let mut asked = 0;
        let s = Seed::draw(|b: &mut [u8]| {
            asked = b.len();
            b.iter_mut().enumerate().for_each(|(i, x)| *x = i as u8 + 1);
            Ok::<(), ()>(())
        })
        .unwrap();
        assert!(asked * 8 >= 128, "{asked} bytes asked");
        assert_eq!(s.to_string(), "0x0102030405060708090a0b0c0d0e0f10", "every byte drawn is in the seed");
        assert_eq!(Seed::draw(|_: &mut [u8]| Err("no randomness")), Err("no randomness"), "no seed when the source fails");
    }

    #[test]
    fn derived_numbers_are_apart_from_the_games_draws_and_each_other() {
        let s = Seed::fresh(*b"sixteen bytes!!!");
        let game: Vec<u64> = {
            let mut r = s.rng();
            (0..64).map(|_| r.next_u64()).collect()
        };
        let derived: Vec<u64> = (0..64).map(|l| s.derive(l)).collect();
        assert!(derived.iter().all(|d| !game.contains(d)), "no derived number is one of the game's draws");
        let mut unique = derived.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), derived.len(), "each label its own number");
        assert_eq!(s.derive(5), s.derive(5), "the same everywhere");
    }
}
