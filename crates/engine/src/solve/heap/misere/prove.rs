//! The complete check of a candidate quotient: proof that its outcomes are right for EVERY position made
//! of its heaps, however many heaps it has.
//!
//! A candidate is a commutative monoid given by its action `times(x, heap)`, a P-portion, and the images
//! of each heap's options. For a position `G` write `x = Φ(G)` and `S(G)` for the set of images of its
//! options. Adding a heap `h` (with options `h'`) gives `Φ(G + h) = Φ(G)·h` and
//! `S(G + h) = S(G)·h ∪ Φ(G)·Φ(h')`: the pair `(Φ(G), S(G))` moves by a finite automaton. If at every pair
//! reachable from `(1, ∅)` the rule "x is in P ⇔ S is non-empty and S misses P" holds, then by induction
//! on the game tree `x ∈ P` is exactly "G is a misère P-position" for all positions. If the rule fails at a
//! reachable pair, the position reaching it, or one of its options, is predicted wrongly.

use super::error::MisereError;
use rustc_hash::FxHashMap;

/// A candidate monoid to check.
pub(crate) struct Candidate<'a> {
    pub len: usize,
    /// `times(x, l)`: element `x` plus a heap of letter `l`.
    pub times: &'a dyn Fn(u32, usize) -> u32,
    pub p: &'a dyn Fn(u32) -> bool,
    /// `options[l]`: each option of a heap of letter `l`, as letters.
    pub options: &'a [Vec<Vec<usize>>],
}

/// Result of the check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Check {
    /// The rule holds at every reachable pair (how many there are).
    Proven { pairs: usize },
    /// A position (letters) at which the rule fails.
    Fails(Vec<usize>),
}

/// Two letters `a`, `b` and an element `x` with `x·a·b ≠ x·b·a`, if any.
pub(crate) fn non_commuting(c: &Candidate) -> Option<(u32, usize, usize)> {
    let letters = c.options.len();
    for x in 0..c.len as u32 {
        for a in 0..letters {
            for b in a + 1..letters {
                if (c.times)((c.times)(x, a), b) != (c.times)((c.times)(x, b), a) {
                    return Some((x, a, b));
                }
            }
        }
    }
    None
}

/// Walk the automaton of pairs `(Φ(G), S(G))` in order of the lightest position reaching each pair (a
/// heap of letter `l` weighs `weights[l] > 0`); give up after `max_pairs` pairs. On failure the position
/// returned is a lightest one where the rule fails: every lighter position satisfies the rule, so when
/// weights shrink along moves (an option is lighter than its position), every lighter position, and in
/// particular every option of the one returned, is predicted rightly.
pub(crate) fn check(
    c: &Candidate,
    weights: &[u64],
    max_pairs: usize,
) -> Result<Check, MisereError> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let words = c.len.div_ceil(64);
    let letters = c.options.len();
    // Pairs: element and option-image set (bitset); the lightest known way to reach each.
    let mut pairs: Vec<(u32, Vec<u64>)> = vec![(0, vec![0; words])];
    let mut parent: Vec<Option<(u32, usize)>> = vec![None];
    let mut dist: Vec<u64> = vec![0];
    let mut done: Vec<bool> = vec![false];
    let mut index: FxHashMap<(u32, Vec<u64>), u32> = FxHashMap::default();
    index.insert(pairs[0].clone(), 0);
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, 0u32)));
    let p_bits: Vec<u64> = {
        let mut b = vec![0u64; words];
        for x in 0..c.len {
            if (c.p)(x as u32) {
                b[x / 64] |= 1 << (x % 64);
            }
        }
        b
    };
    while let Some(Reverse((d, id))) = queue.pop() {
        let at = id as usize;
        if done[at] || d != dist[at] {
            continue;
        }
        done[at] = true;
        let (x, set) = pairs[at].clone();
        let non_empty = set.iter().any(|&w| w != 0);
        let meets_p = set.iter().zip(&p_bits).any(|(s, p)| s & p != 0);
        if (c.p)(x) != (non_empty && !meets_p) {
            let mut word = Vec::new();
            let mut up = id;
            while let Some((from, l)) = parent[up as usize] {
                word.push(l);
                up = from;
            }
            word.reverse();
            return Ok(Check::Fails(word));
        }
        for (l, &weight) in weights.iter().enumerate().take(letters) {
            let mut out = vec![0u64; words];
            for (w, &bits) in set.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let y = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let z = (c.times)(y as u32, l) as usize;
                    out[z / 64] |= 1 << (z % 64);
                }
            }
            for pieces in &c.options[l] {
                let z = pieces.iter().fold(x, |e, &q| (c.times)(e, q)) as usize;
                out[z / 64] |= 1 << (z % 64);
            }
            let key = ((c.times)(x, l), out);
            let nd = d + weight;
            let to = match index.get(&key) {
                Some(&to) => to,
                None => {
                    if pairs.len() >= max_pairs {
                        return Err(MisereError::OutOfRange {
                            what: "proof automaton size",
                            value: pairs.len(),
                            why: "too many (element, option set) pairs to check",
                        });
                    }
                    let to = pairs.len() as u32;
                    index.insert(key.clone(), to);
                    pairs.push(key);
                    parent.push(None);
                    dist.push(u64::MAX);
                    done.push(false);
                    to
                }
            };
            if nd < dist[to as usize] {
                dist[to as usize] = nd;
                parent[to as usize] = Some((id, l));
                queue.push(Reverse((nd, to)));
            }
        }
    }
    Ok(Check::Proven { pairs: pairs.len() })
}
