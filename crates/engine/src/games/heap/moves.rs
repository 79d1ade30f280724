//! The moves of a single heap under a heap-game code: which heaps a heap of size `n` can become.

use super::code::HeapGame;
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
