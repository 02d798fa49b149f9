//! Portable random draws over ChaCha8: the same seed deals the same game on every platform and `rand` version.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A uniform draw from `0..n` (`n` > 0).
pub fn uniform(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    // Rejection sampling: portable and unbiased.
    let zone = u32::MAX - (u32::MAX % n);
    loop {
        let x = rng.next_u32();
        if x < zone {
            return x % n;
        }
    }
}

/// Shuffles `v` in place (Fisher–Yates over [`uniform`]).
pub fn shuffle<T>(rng: &mut ChaCha8Rng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = uniform(rng, i as u32 + 1) as usize;
        v.swap(i, j);
    }
}

/// Deals `cards` anew: every card goes to a slot of the same `kind` (a card back, a stack
/// letter), drawn at random from the cards of that kind. The result depends only on which
/// cards of each kind there are, not on where they were: the cards of a kind are sorted first.
/// A computer player samples what it can't see this way (issue 10: determinization).
pub fn redeal<T: Ord + Copy, K: Eq + Copy>(rng: &mut ChaCha8Rng, cards: &mut [T], kind: impl Fn(&T) -> K) {
    let kinds: Vec<K> = cards.iter().map(&kind).collect();
    let mut done: Vec<K> = Vec::new();
    for &k in &kinds {
        if done.contains(&k) {
            continue;
        }
        done.push(k);
        let slots: Vec<usize> = (0..cards.len()).filter(|&i| kinds[i] == k).collect();
        let mut group: Vec<T> = slots.iter().map(|&i| cards[i]).collect();
        group.sort();
        shuffle(rng, &mut group);
        for (&i, c) in slots.iter().zip(group) {
            cards[i] = c;
        }
    }
}
