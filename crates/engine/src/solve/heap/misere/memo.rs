//! The memo of the misère search: the outcome of every position decided, keyed compactly.
//!
//! Most positions pack exactly into one `u128`: with the key's classes `c0 ≤ c1 ≤ … ≤ c(k−1)` (all ≥ 1,
//! dead heaps being dropped), set bit `ci + i` for each `i`. These bit positions strictly increase, so
//! the set of bits gives back the key (sort them, subtract each one's rank): the packing is exact, never
//! a hash. It fits while `c(k−1) + k − 1 < 127`, e.g. every position of at most 125 tokens; bit 127
//! then holds the outcome. Such words live in one open-addressing table (linear probing), so a probe is
//! usually one cache line: the tables are probed at random and far exceed the caches, so that is what
//! costs. Other positions are kept under their full key in an ordinary map.

use super::reduce::Key;
use rustc_hash::FxHashMap;

/// Bit 127 of a stored word: the position is a P-position.
const P_FLAG: u128 = 1 << 127;
/// A free slot. No packed key has bit 0 set (classes are at least 1), so no stored word is all ones.
const EMPTY: u128 = u128::MAX;

/// Most slots in use, as a fraction. A probe for a key not stored reads slots until a free one, about
/// (1 + 1/(1 − load)²)/2 of them with linear probing (8.5 at 3/4 full, 2.5 at 1/2), but they are
/// neighbours (four to a cache line) and the slot is prefetched: measured, 1/2 was no faster than 3/4
/// (Grundy heap 100 fresh) and takes up to twice the memory.
const MAX_LOAD_NUM: usize = 3;
const MAX_LOAD_DEN: usize = 4;

/// Outcomes of decided positions: `true` for a misère P-position.
#[derive(Debug, Default)]
pub(crate) struct Memo {
    packed: PackedTable,
    unpacked: FxHashMap<Key, bool>,
    /// Look-ups so far (the search's main cost, each usually a cache miss).
    probes: std::cell::Cell<u64>,
}

/// The exact one-word form of a key (sorted, no zero class), when it fits in bits 0..127.
pub(crate) fn pack(key: &[u16]) -> Option<u128> {
    let mut bits = 0u128;
    for (i, &c) in key.iter().enumerate() {
        let bit = c as usize + i;
        if bit >= 127 {
            return None;
        }
        bits |= 1u128 << bit;
    }
    Some(bits)
}

impl Memo {
    pub fn get(&self, key: &[u16]) -> Option<bool> {
        self.probes.set(self.probes.get() + 1);
        match pack(key) {
            Some(bits) => self.packed.get(bits),
            None => self.unpacked.get(key).copied(),
        }
    }

    pub fn insert(&mut self, key: &[u16], p: bool) {
        match pack(key) {
            Some(bits) => self.packed.insert(bits, p),
            None => {
                self.unpacked.insert(key.into(), p);
            }
        }
    }

    pub fn probes(&self) -> u64 {
        self.probes.get()
    }

    pub fn len(&self) -> usize {
        self.packed.len + self.unpacked.len()
    }

    /// Start loading the slot a later `get(key)` will read (a hint, no effect on results): probes are
    /// cache misses, and several issued together overlap instead of waiting one after another.
    pub fn prefetch(&self, key: &[u16]) {
        if let Some(bits) = pack(key) {
            self.packed.prefetch(bits);
        }
    }
}

/// Packed keys with their outcome in bit 127, open addressing, at most `MAX_LOAD` full.
#[derive(Debug, Default)]
struct PackedTable {
    slots: Vec<u128>,
    len: usize,
}

impl PackedTable {
    fn slot(&self, bits: u128) -> usize {
        let mixed = (bits as u64) ^ ((bits >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let hash = mixed.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        // The table's length is a power of two: take the hash's high bits.
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    fn prefetch(&self, bits: u128) {
        if self.slots.is_empty() {
            return;
        }
        let slot = &self.slots[self.slot(bits)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch only hints the cache; the pointer is to a live element of `slots`.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>((slot as *const u128).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    fn get(&self, bits: u128) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(bits);
        loop {
            let word = self.slots[i];
            if word == EMPTY {
                return None;
            }
            if word & !P_FLAG == bits {
                return Some(word & P_FLAG != 0);
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, bits: u128, p: bool) {
        if MAX_LOAD_DEN * (self.len + 1) > MAX_LOAD_NUM * self.slots.len() {
            self.grow();
        }
        let word = if p { bits | P_FLAG } else { bits };
        let mask = self.slots.len() - 1;
        let mut i = self.slot(bits);
        loop {
            let old = self.slots[i];
            if old == EMPTY {
                self.slots[i] = word;
                self.len += 1;
                return;
            }
            if old & !P_FLAG == bits {
                self.slots[i] = word;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        self.len = 0;
        for word in old.into_iter().filter(|&w| w != EMPTY) {
            self.insert(word & !P_FLAG, word & P_FLAG != 0);
        }
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

    /// Every multiset of classes 1..=6 with at most 5 heaps, by counting in base 7.
    fn small_keys() -> Vec<Vec<u16>> {
        let mut keys: Vec<Vec<u16>> = (0..7u32.pow(5))
            .map(|code| {
                let mut key: Vec<u16> = (0..5)
                    .map(|d| (code / 7u32.pow(d) % 7) as u16)
                    .filter(|&c| c != 0)
                    .collect();
                key.sort_unstable();
                key
            })
            .collect();
        keys.sort();
        keys.dedup();
        keys
    }

    #[test]
    fn packing_gives_back_every_small_multiset() {
        let keys = small_keys();
        assert_eq!(keys.len(), 462); // multisets of size <= 5 from 6 kinds: C(11, 5)
        for key in keys {
            let bits = pack(&key).expect("small keys fit");
            assert_eq!(unpack(bits), key);
        }
    }

    #[test]
    fn keys_too_wide_are_kept_whole() {
        assert!(pack(&[126]).is_some());
        assert!(pack(&[127]).is_none());
        assert!(pack(&[3, 3, 124]).is_some());
        assert!(pack(&[3, 3, 125]).is_none());
        let mut memo = Memo::default();
        memo.insert(&[200, 300], true);
        memo.insert(&[5, 7], false);
        assert_eq!(memo.get(&[200, 300]), Some(true));
        assert_eq!(memo.get(&[5, 7]), Some(false));
        assert_eq!(memo.get(&[7, 7]), None);
        assert_eq!(memo.len(), 2);
    }

    #[test]
    fn memo_agrees_with_a_plain_map_through_growth() {
        // Outcomes made up from the key; every key stored, some stored twice with a new outcome.
        let keys = small_keys();
        let mut memo = Memo::default();
        let mut plain = std::collections::HashMap::new();
        for (n, key) in keys.iter().enumerate() {
            let p = (n * 7 + key.len()) % 3 == 0;
            memo.insert(key, p);
            plain.insert(key.clone(), p);
            if n % 5 == 0 {
                memo.insert(key, !p);
                plain.insert(key.clone(), !p);
            }
            if n % 11 == 0 {
                let probe = &keys[n / 2];
                assert_eq!(memo.get(probe), plain.get(probe).copied());
            }
        }
        assert_eq!(memo.len(), plain.len());
        for key in &keys {
            assert_eq!(memo.get(key), plain.get(key).copied());
        }
        assert_eq!(memo.get(&[1, 1, 1, 1, 1, 1]), None);
    }
}
