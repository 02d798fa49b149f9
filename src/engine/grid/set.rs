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
