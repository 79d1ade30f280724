//! The moves of a single heap under a heap-game code: which heaps a heap of size `n` can become.

use super::code::HeapGame;
use super::digit::SplitRule;
use serde::{Deserialize, Serialize};

/// One move on a single heap: remove `removed` tokens and leave `pieces` (non-empty heaps, ascending).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HeapMove {
    pub removed: usize,
    pub pieces: Vec<usize>,
}

impl HeapGame {
    /// Every move from a single heap of size `n`, each once (the pieces determine the move: they sum to
    /// `n - removed`). Ordered by tokens removed, then by pieces.
    ///
    /// A heap of `n` has O(n) moves for octal codes and O(n²) for hexadecimal ones that leave three heaps.
    pub fn moves(&self, n: usize) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        for removed in 0..=n {
            let digit = self.digit(removed);
            if digit.is_zero() {
                continue;
            }
            let rest = n - removed;
            if rest == 0 {
                if digit.allows(0) {
                    moves.push(HeapMove {
                        removed,
                        pieces: vec![],
                    });
                }
                continue;
            }
            // Leaving one heap only makes sense when something was removed.
            if digit.allows(1) && removed > 0 {
                moves.push(HeapMove {
                    removed,
                    pieces: vec![rest],
                });
            }
            if digit.allows(2) {
                for a in 1..=rest / 2 {
                    let pieces = vec![a, rest - a];
                    if digit.rule.permits(&pieces) {
                        moves.push(HeapMove { removed, pieces });
                    }
                }
            }
            if digit.allows(3) {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        let pieces = vec![a, b, rest - a - b];
                        if digit.rule.permits(&pieces) {
                            moves.push(HeapMove { removed, pieces });
                        }
                    }
                }
            }
        }
        moves
    }

    /// The options of a single heap of size `n`: the multisets of heaps it can become.
    pub fn options(&self, n: usize) -> Vec<Vec<usize>> {
        self.moves(n).into_iter().map(|m| m.pieces).collect()
    }
}

impl HeapGame {
    /// Whether a heap of `n` has a move: `!self.moves(n).is_empty()` without listing them (a heap of
    /// a million has a million moves; this looks at each number of tokens removed once, and stops at
    /// the first that allows a move).
    pub fn has_move(&self, n: usize) -> bool {
        // Past the written digits of a finite code every digit is 0.
        let most_removed = if self.is_finite() {
            n.min(self.digits().len())
        } else {
            n
        };
        (0..=most_removed).any(|removed| {
            let digit = self.digit(removed);
            let rest = n - removed;
            // A split into j non-empty heaps of `rest` obeying the digit's rule exists when…
            let splits = |j: usize| {
                digit.allows(j as u32)
                    && match digit.rule {
                        SplitRule::Any => rest >= j,
                        // 1 + 2 (+ 3): the smallest pairwise different heaps.
                        SplitRule::AllDifferent => rest >= j * (j + 1) / 2,
                        // 1 + 2 or 1 + 1 + 2.
                        SplitRule::NotAllEqual => rest > j,
                        SplitRule::AllEqual => rest >= j && rest.is_multiple_of(j),
                    }
            };
            !digit.is_zero()
                && ((rest == 0 && digit.allows(0))
                    || (rest > 0 && removed > 0 && digit.allows(1))
                    || splits(2)
                    || splits(3))
        })
    }

    /// A number of moves that any game from the heaps `heaps` lasts at least, however it is played
    /// (0 when nothing better is known).
    ///
    /// Let every move remove at most `k` tokens and leave at most `h` heaps in place of one, and let
    /// every heap larger than `t` have a move. After `m` moves there are at most `H + m(h − 1)` heaps
    /// (`H` the non-empty heaps at the start); when the game ends each is a heap with no move, so at
    /// most `t` tokens, and at most `k·m` tokens were removed: `N − k·m ≤ t·(H + m(h − 1))` for `N`
    /// tokens at the start, so `m ≥ (N − t·H) / (k + t(h − 1))`.
    ///
    /// `k` is the last non-zero digit's index (a code with a repeating tail gets no bound). Whether a
    /// heap of `n > k + 6` has a move depends only on `n mod 6` (past `k + 6` every split's size
    /// threshold is met, and the `=` rule asks only that 2 or 3 divide what is left), so looking at
    /// the heaps up to `k + 12` tells whether `t` exists and what it is.
    pub fn min_moves(&self, heaps: &[usize]) -> u64 {
        let Some(k) = self.last_nonzero_index() else {
            return 0;
        };
        let h = self.max_heaps_left() as u64;
        if (k + 7..=k + 12).any(|n| !self.has_move(n)) {
            return 0; // heaps of every size past some point have no move
        }
        let t = (0..=k + 6).rev().find(|&n| !self.has_move(n)).unwrap_or(0) as u64;
        let tokens: u64 = heaps.iter().map(|&n| n as u64).sum();
        let count = heaps.iter().filter(|&&n| n > 0).count() as u64;
        let per_move = k as u64 + t * h.saturating_sub(1);
        if per_move == 0 {
            return 0;
        }
        tokens.saturating_sub(t * count).div_ceil(per_move)
    }
}
