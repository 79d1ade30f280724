//! The nimbers of the base's lands grouped by [`Land::invariant`]: before a child of a couple is put
//! into canonical form, they tell whether it could be known lost at all — every land's invariant
//! must be known, and some choice of their nimbers must XOR to the heap.
//!
//! [`Land::invariant`]: crate::games::sprouts::Land::invariant

use rustc_hash::FxHashMap as HashMap;

/// Set for nimbers too large for a bit of their own: then nothing can be ruled out.
const LARGE: u64 = 1 << 63;
const LARGE_NIMBER: u32 = 63;

#[derive(Clone, Debug, Default)]
pub(crate) struct InvariantNimbers {
    /// invariant -> bit v set when some known land with this invariant has nimber v.
    masks: HashMap<u64, u64>,
}

impl InvariantNimbers {
    pub fn insert(&mut self, invariant: u64, nimber: u32) {
        let bit = if nimber < LARGE_NIMBER {
            1 << nimber
        } else {
            LARGE
        };
        *self.masks.entry(invariant).or_insert(0) |= bit;
    }

    pub fn knows(&self, invariant: u64) -> bool {
        self.masks.contains_key(&invariant)
    }

    /// Whether lands with these invariants could have nimbers XORing to `n`. False when one
    /// invariant is unknown (a pair of equal unknown lands would cancel, but such a child is still
    /// tried later by the search, only not first).
    pub fn may_xor_to(&self, invariants: impl Iterator<Item = u64>, n: u32) -> bool {
        let mut reachable: u64 = 1; // bit x: some choice so far XORs to x
        for invariant in invariants {
            let Some(&mask) = self.masks.get(&invariant) else {
                return false;
            };
            if mask & LARGE != 0 {
                return true;
            }
            let mut next = 0u64;
            for a in set_bits(reachable) {
                for b in set_bits(mask) {
                    let x = a ^ b;
                    if x >= LARGE_NIMBER {
                        return true;
                    }
                    next |= 1 << x;
                }
            }
            reachable = next;
        }
        n >= LARGE_NIMBER || reachable >> n & 1 == 1
    }
}

/// The indices of the bits set in `bits`, lowest first.
fn set_bits(mut bits: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let bit = bits.trailing_zeros();
            bits &= bits - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way to pick one known nimber per invariant, XORed (plain enumeration).
    fn xors(known: &[(u64, u32)], invariants: &[u64]) -> Vec<u32> {
        let mut out = vec![0u32];
        for inv in invariants {
            let choices: Vec<u32> = known.iter().filter(|k| k.0 == *inv).map(|k| k.1).collect();
            out = out
                .iter()
                .flat_map(|x| choices.iter().map(move |c| x ^ c))
                .collect();
        }
        out
    }

    #[test]
    fn may_xor_to_matches_an_enumeration() {
        let known = [(10, 0), (10, 3), (11, 1), (12, 5), (12, 2), (13, 7)];
        let mut table = InvariantNimbers::default();
        known.iter().for_each(|&(i, v)| table.insert(i, v));
        let sets: [&[u64]; 6] = [&[], &[10], &[10, 11], &[12, 12], &[10, 12, 13], &[10, 99]];
        for invariants in sets {
            let possible = xors(&known, invariants);
            for n in 0..10 {
                assert_eq!(
                    table.may_xor_to(invariants.iter().copied(), n),
                    possible.contains(&n),
                    "{invariants:?} -> {n}"
                );
            }
        }
        table.insert(14, 70);
        assert!(
            table.may_xor_to([14, 10].into_iter(), 2),
            "large nimbers rule nothing out"
        );
    }
}
