//! Bit sets of spaces and of edges.

use super::edge::Edge;
use super::space::Space;

macro_rules! bit_set {
    ($(#[$doc:meta])* $name:ident, $item:ident, $words:literal, $make:expr) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Default, Debug, Hash)]
        pub struct $name([u64; $words]);

        impl $name {
            /// The empty set.
            pub const EMPTY: $name = $name([0; $words]);

            /// The set with these words.
            pub const fn from_words(w: [u64; $words]) -> $name {
                $name(w)
            }

            /// Adds an element.
            pub fn insert(&mut self, x: $item) {
                self.0[x.index() / 64] |= 1 << (x.index() % 64);
            }

            /// Removes an element.
            pub fn remove(&mut self, x: $item) {
                self.0[x.index() / 64] &= !(1 << (x.index() % 64));
            }

            /// Membership.
            pub fn contains(&self, x: $item) -> bool {
                self.0[x.index() / 64] >> (x.index() % 64) & 1 == 1
            }

            /// Number of elements.
            pub fn len(&self) -> usize {
                self.0.iter().map(|w| w.count_ones() as usize).sum()
            }

            /// True when empty.
            pub fn is_empty(&self) -> bool {
                self.0 == [0; $words]
            }

            /// The elements in index order.
            #[inline]
            pub fn iter(self) -> impl Iterator<Item = $item> {
                let mut word = 0;
                let mut bits = self.0[0];
                std::iter::from_fn(move || loop {
                    if bits != 0 {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        return Some($make(word * 64 + b));
                    }
                    word += 1;
                    if word >= $words {
                        return None;
                    }
                    bits = self.0[word];
                })
            }

            /// The first element in index order.
            pub fn first(&self) -> Option<$item> {
                self.0.iter().enumerate().find(|(_, w)| **w != 0).map(|(i, w)| $make(i * 64 + w.trailing_zeros() as usize))
            }

            /// Every element's index raised by `n` (1..64); those past the end drop out.
            #[inline]
            pub fn shifted_up(self, n: u32) -> $name {
                $name(std::array::from_fn(|i| self.0[i] << n | if i > 0 { self.0[i - 1] >> (64 - n) } else { 0 }))
            }

            /// Every element's index lowered by `n` (1..64); those below 0 drop out.
            #[inline]
            pub fn shifted_down(self, n: u32) -> $name {
                $name(std::array::from_fn(|i| self.0[i] >> n | if i + 1 < $words { self.0[i + 1] << (64 - n) } else { 0 }))
            }

            /// Set union.
            pub fn union(self, o: $name) -> $name {
                $name(std::array::from_fn(|i| self.0[i] | o.0[i]))
            }

            /// Set difference.
            pub fn minus(self, o: $name) -> $name {
                $name(std::array::from_fn(|i| self.0[i] & !o.0[i]))
            }

            /// Set intersection.
            pub fn intersect(self, o: $name) -> $name {
                $name(std::array::from_fn(|i| self.0[i] & o.0[i]))
            }
        }

        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> Self {
                let mut s = $name::EMPTY;
                for x in iter {
                    s.insert(x);
                }
                s
            }
        }
    };
}

bit_set!(
    /// A set of spaces as a bit set (any board up to 16 × 16).
    SpaceSet, Space, 4, Space::raw
);
bit_set!(
    /// A set of edges (the borders on the board) as a bit set.
    EdgeSet, Edge, 8, Edge::raw
);

/// The spaces whose edge in direction `dir` (0: to the right, 1: below) is in `edges`.
pub fn spaces_of(edges: EdgeSet, dir: usize) -> SpaceSet {
    // Gather bits 2i + dir of each word into bit i of a 32-bit half.
    fn gather(word: u64) -> u64 {
        let mut x = word & 0x5555_5555_5555_5555;
        x = (x | x >> 1) & 0x3333_3333_3333_3333;
        x = (x | x >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
        x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
        x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
        (x | x >> 16) & 0x0000_0000_FFFF_FFFF
    }
    let w = edges.0;
    SpaceSet(std::array::from_fn(|i| gather(w[2 * i] >> dir) | gather(w[2 * i + 1] >> dir) << 32))
}

/// The edges to the right of and below every space of a set (`space << 1 | dir` for both dirs).
pub fn edges_of(spaces: SpaceSet) -> EdgeSet {
    // Spread each bit i of a 32-bit half to bits 2i and 2i + 1.
    fn spread(half: u64) -> u64 {
        let mut x = half & 0xFFFF_FFFF;
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
        x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
        x = (x | x << 2) & 0x3333_3333_3333_3333;
        x = (x | x << 1) & 0x5555_5555_5555_5555;
        x | x << 1
    }
    let w = spaces.0;
    EdgeSet(std::array::from_fn(|i| spread(w[i / 2] >> (32 * (i % 2)))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_of_a_set_are_the_right_and_lower_edges_of_its_spaces() {
        let set: SpaceSet = [0usize, 1, 31, 32, 63, 64, 200, 255].into_iter().map(Space::raw).collect();
        let expected: EdgeSet = set.iter().flat_map(|s| [Edge::raw(s.index() << 1), Edge::raw(s.index() << 1 | 1)]).collect();
        assert_eq!(edges_of(set), expected);
        assert_eq!(spaces_of(expected, 0), set);
        assert_eq!(spaces_of(expected, 1), set);
        let right: EdgeSet = set.iter().map(|s| Edge::raw(s.index() << 1)).collect();
        assert_eq!(spaces_of(right, 0), set);
        assert_eq!(spaces_of(right, 1), SpaceSet::EMPTY);
        assert_eq!(set.shifted_up(16).iter().map(|s| s.index()).collect::<Vec<_>>(), [16, 17, 47, 48, 79, 80, 216]);
        assert_eq!(set.shifted_down(1).iter().map(|s| s.index()).collect::<Vec<_>>(), [0, 30, 31, 62, 63, 199, 254]);
    }
}
