//! The memo of the misère search: the outcome of every position decided, keyed compactly.
//!
//! Most positions pack exactly into one `u128`: with the key's classes `c0 ≤ c1 ≤ … ≤ c(k−1)` (all ≥ 1,
//! dead heaps being dropped), set bit `ci + i` for each `i`. These bit positions strictly increase, so
//! the set of bits gives back the key (sort them, subtract each one's rank): the packing is exact, never
//! a hash. It fits while `c(k−1) + k − 1 < 128`, e.g. every position of at most 126 tokens. Other
//! positions are kept under their full key. A `u128` key is hashed and compared in a few instructions and
//! stored inline, where a boxed slice costs a pointer chase and a `memcmp` on every probe.

use super::reduce::Key;
use rustc_hash::{FxHashMap, FxHashSet};

/// Outcomes of decided positions: `true` for a misère P-position. Packed keys are kept in two sets,
/// P and N (16 bytes an entry instead of 32 with a flag beside the key: the tables are probed at random,
/// so their size in cache is what costs).
#[derive(Debug, Default)]
pub(crate) struct Memo {
    packed_p: FxHashSet<u128>,
    packed_n: FxHashSet<u128>,
    unpacked: FxHashMap<Key, bool>,
}

/// The exact one-word form of a key (sorted, no zero class), when it fits.
pub(crate) fn pack(key: &[u16]) -> Option<u128> {
    let mut bits = 0u128;
    for (i, &c) in key.iter().enumerate() {
        let bit = c as usize + i;
        if bit >= 128 {
            return None;
        }
        bits |= 1u128 << bit;
    }
    Some(bits)
}

impl Memo {
    pub fn get(&self, key: &[u16]) -> Option<bool> {
        match pack(key) {
            Some(bits) => {
                if self.packed_n.contains(&bits) {
                    Some(false)
                } else if self.packed_p.contains(&bits) {
                    Some(true)
                } else {
                    None
                }
            }
            None => self.unpacked.get(key).copied(),
        }
    }

    pub fn insert(&mut self, key: &[u16], p: bool) {
        match pack(key) {
            Some(bits) => {
                if p {
                    self.packed_p.insert(bits);
                } else {
                    self.packed_n.insert(bits);
                }
            }
            None => {
                self.unpacked.insert(key.into(), p);
            }
        }
    }

    pub fn len(&self) -> usize {
        self.packed_p.len() + self.packed_n.len() + self.unpacked.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unpack by the rule in the module notes (bits ascending, minus their rank).
    fn unpack(bits: u128) -> Vec<u16> {
        (0..128u16)
            .filter(|&b| bits >> b & 1 == 1)
            .enumerate()
            .map(|(rank, b)| b - rank as u16)
            .collect()
    }

    #[test]
    fn packing_gives_back_every_small_multiset() {
        // Every multiset of classes 1..=6 with at most 5 heaps, by counting in base 7.
        let mut seen = std::collections::HashSet::new();
        for code in 0..7u32.pow(5) {
            let mut key: Vec<u16> = (0..5)
                .map(|d| (code / 7u32.pow(d) % 7) as u16)
                .filter(|&c| c != 0)
                .collect();
            key.sort_unstable();
            let bits = pack(&key).expect("small keys fit");
            assert_eq!(unpack(bits), key);
            seen.insert(key);
        }
        assert_eq!(seen.len(), 462); // multisets of size <= 5 from 6 kinds: C(11, 5)
    }

    #[test]
    fn keys_too_wide_are_kept_whole() {
        assert!(pack(&[127]).is_some());
        assert!(pack(&[128]).is_none());
        assert!(pack(&[3, 3, 125]).is_some());
        assert!(pack(&[3, 3, 126]).is_none());
        let mut memo = Memo::default();
        memo.insert(&[200, 300], true);
        memo.insert(&[5, 7], false);
        assert_eq!(memo.get(&[200, 300]), Some(true));
        assert_eq!(memo.get(&[5, 7]), Some(false));
        assert_eq!(memo.get(&[7, 5 + 2]), None);
        assert_eq!(memo.len(), 2);
    }
}
