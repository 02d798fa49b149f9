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
