//! P-positions of heap games: single heaps, the irreducible two- and three-heap P-positions, and the
//! classes of heap sizes with equal values (two heaps of one class make a P-position; the independence-game
//! reference lists them this way).
//!
//! A P-position is reducible when it is the union of two smaller non-empty P-positions. Two heaps `(a, b)`,
//! `a < b`, are an irreducible P-position iff `g(a) = g(b) ≠ 0`; `(n, n)` is always P and is not listed.
//! Three heaps are an irreducible P-position iff their values are non-zero and XOR to zero (then they are
//! also pairwise different).

use serde::{Deserialize, Serialize};

/// The largest total accepted for the two-heap list (it grows like total²).
pub const MAX_PAIR_TOTAL: usize = 4_000;
/// The largest total accepted for the three-heap list (it grows like total³).
pub const MAX_TRIPLE_TOTAL: usize = 600;

/// Heap sizes `1..=total` with one value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueClass {
    pub value: u16,
    pub heaps: Vec<usize>,
}

/// P-positions of a game up to a number of tokens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PPositions {
    pub total: usize,
    /// Single heaps of value 0 (sizes 1..=total).
    pub single: Vec<usize>,
    /// Irreducible `(a, b)`, `a < b`, `a + b ≤ total`, ordered by total then `a`.
    pub pairs: Vec<(usize, usize)>,
    /// Irreducible `(a, b, c)`, `a < b < c`, `a + b + c ≤ triple_total`, ordered by total then `a`, `b`.
    pub triple_total: usize,
    pub triples: Vec<(usize, usize, usize)>,
    /// Heap sizes `1..=total` grouped by value, by increasing value.
    pub classes: Vec<ValueClass>,
}

/// Why the lists could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PPositionError {
    #[error("values are known for heaps below {len} only; need them up to {total}")]
    SequenceTooShort { total: usize, len: usize },
    #[error("total {total} is too large for the {kind} list (at most {max})")]
    TooLarge {
        total: usize,
        kind: &'static str,
        max: usize,
    },
}

/// The P-positions with at most `total` tokens (three-heap ones up to `triple_total`), from the values of
/// single heaps `values[n] = g(n)`.
pub fn p_positions(
    values: &[u16],
    total: usize,
    triple_total: usize,
) -> Result<PPositions, PPositionError> {
    if total > MAX_PAIR_TOTAL {
        return Err(PPositionError::TooLarge {
            total,
            kind: "two-heap",
            max: MAX_PAIR_TOTAL,
        });
    }
    if triple_total > MAX_TRIPLE_TOTAL {
        return Err(PPositionError::TooLarge {
            total: triple_total,
            kind: "three-heap",
            max: MAX_TRIPLE_TOTAL,
        });
    }
    let needed = total.max(triple_total);
    if values.len() <= needed {
        return Err(PPositionError::SequenceTooShort {
            total: needed,
            len: values.len(),
        });
    }
    let g = |n: usize| values[n];
    let single = (1..=total).filter(|&n| g(n) == 0).collect();

    let mut classes: Vec<ValueClass> = Vec::new();
    let mut by_value: std::collections::BTreeMap<u16, Vec<usize>> = Default::default();
    for n in 1..=needed {
        by_value.entry(g(n)).or_default().push(n);
    }
    for (&value, heaps) in &by_value {
        let heaps: Vec<usize> = heaps.iter().copied().filter(|&n| n <= total).collect();
        if !heaps.is_empty() {
            classes.push(ValueClass { value, heaps });
        }
    }

    let mut pairs = Vec::new();
    for sum in 3..=total {
        for a in 1..=(sum - 1) / 2 {
            let b = sum - a;
            if g(a) == g(b) && g(a) != 0 {
                pairs.push((a, b));
            }
        }
    }

    let mut triples = Vec::new();
    for sum in 6..=triple_total {
        for a in 1..=sum / 3 {
            if g(a) == 0 {
                continue;
            }
            for b in a + 1..=(sum - a - 1) / 2 {
                let c = sum - a - b;
                if g(b) != 0 && g(c) != 0 && g(a) ^ g(b) ^ g(c) == 0 {
                    triples.push((a, b, c));
                }
            }
        }
    }
    Ok(PPositions {
        total,
        single,
        pairs,
        triple_total,
        triples,
        classes,
    })
}
