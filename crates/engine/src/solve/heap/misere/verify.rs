//! The bounded check of a misère quotient: every position of at most `max_tokens` tokens (heaps up to
//! the quotient's bound), one at a time, against its options' outcomes. Independent of the complete
//! check (`prove`), and exhaustive, so its cost is the number of positions: refused up front past
//! [`MAX_VERIFY_POSITIONS`].

use super::error::MisereError;
use super::quotient::MisereQuotient;
use crate::games::heap::HeapGame;
use serde::{Deserialize, Serialize};

/// Most positions the bounded check visits (about half a microsecond each: minutes of work).
pub const MAX_VERIFY_POSITIONS: u64 = 1_000_000_000;

/// Positions between two questions to the caller's `keep_going`.
const SLICE: u64 = 1 << 14;

/// Outcome of the bounded check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verification {
    /// Largest number of tokens checked.
    pub max_tokens: usize,
    pub positions_checked: u64,
    /// The first position (heaps) where the quotient's outcomes are inconsistent, if any.
    pub failure: Option<Vec<usize>>,
}

impl MisereQuotient {
    /// Check the quotient on every position of at most `max_tokens` tokens, however many they are.
    pub fn verify(&self, game: &HeapGame, max_tokens: usize) -> Verification {
        self.walk(game, max_tokens, &mut |_| true)
            .expect("never stopped")
    }

    /// Like [`verify`](Self::verify), refusing before any work a check of more than
    /// [`MAX_VERIFY_POSITIONS`] positions, and asking `keep_going(positions so far)` every few
    /// thousand positions (`Cancelled` when it answers no).
    pub fn verify_until(
        &self,
        game: &HeapGame,
        max_tokens: usize,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Verification, MisereError> {
        Self::verify_size(self.max_heap, max_tokens)?;
        self.walk(game, max_tokens, keep_going)
    }

    /// Refuses a check of heaps up to `max_heap` and at most `max_tokens` tokens that would visit
    /// more than [`MAX_VERIFY_POSITIONS`] positions (before a quotient is even built).
    pub fn verify_size(max_heap: usize, max_tokens: usize) -> Result<(), MisereError> {
        let largest = Self::max_verify_tokens(max_heap);
        if max_tokens > largest {
            return Err(MisereError::TooManyPositions {
                max_tokens,
                max_positions: MAX_VERIFY_POSITIONS,
                largest,
                max_heap,
            });
        }
        Ok(())
    }

    /// The most tokens a check of heaps up to `max_heap` takes: at most [`MAX_VERIFY_POSITIONS`]
    /// positions.
    pub fn max_verify_tokens(max_heap: usize) -> usize {
        largest_check(max_heap, MAX_VERIFY_POSITIONS)
    }

    /// The check itself; `Cancelled` when `keep_going` answered no.
    fn walk(
        &self,
        game: &HeapGame,
        max_tokens: usize,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Verification, MisereError> {
        let options: Vec<Vec<Vec<usize>>> = (0..=self.max_heap).map(|n| game.options(n)).collect();
        let mut checked = 0u64;
        let mut failure = None;
        // Positions as non-increasing heap lists, enumerated depth-first.
        let mut stack: Vec<(Vec<usize>, usize)> = vec![(vec![], 0)];
        while let Some((heaps, total)) = stack.pop() {
            checked += 1;
            if checked.is_multiple_of(SLICE) && !keep_going(checked) {
                return Err(MisereError::Cancelled { nodes: checked });
            }
            let image = self.image(&heaps).expect("heaps within the bound");
            let mut has_move = false;
            let mut move_to_p = false;
            for (i, &h) in heaps.iter().enumerate() {
                if i > 0 && heaps[i - 1] == h {
                    continue;
                }
                let rest: Vec<usize> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                let rest_image = self.image(&rest).expect("within the bound");
                for pieces in &options[h] {
                    has_move = true;
                    let e = pieces
                        .iter()
                        .fold(rest_image, |e, &p| self.times_heap[e as usize][p]);
                    move_to_p |= self.p[e as usize];
                }
            }
            if self.p[image as usize] != (has_move && !move_to_p) {
                failure = Some(heaps);
                break;
            }
            let largest = heaps.last().copied().unwrap_or(self.max_heap);
            for h in (1..=largest.min(self.max_heap)).rev() {
                if total + h <= max_tokens {
                    let mut next = heaps.clone();
                    next.push(h);
                    stack.push((next, total + h));
                }
            }
        }
        Ok(Verification {
            max_tokens,
            positions_checked: checked,
            failure,
        })
    }
}

/// The most tokens whose check visits at most `max_positions` positions: multisets of heaps
/// `1..=max_heap` of at most that many tokens, counted by partitions into parts of at most `max_heap`.
fn largest_check(max_heap: usize, max_positions: u64) -> usize {
    match max_heap {
        // Only the empty position.
        0 => usize::MAX,
        // One position per total.
        1 => usize::try_from(max_positions - 1).unwrap_or(usize::MAX),
        _ => {
            // With heaps of 1 and 2 alone there are more than t²/4 positions of at most t tokens, so
            // the answer is below 2·√max_positions.
            let cap = 2 * (max_positions as f64).sqrt() as usize + 2;
            // ways[t]: multisets of total exactly t (saturating).
            let mut ways = vec![0u64; cap + 1];
            ways[0] = 1;
            for part in 1..=max_heap.min(cap) {
                for t in part..=cap {
                    ways[t] = ways[t].saturating_add(ways[t - part]);
                }
            }
            let mut positions = 0u64;
            for (t, &w) in ways.iter().enumerate() {
                positions = positions.saturating_add(w);
                if positions > max_positions {
                    return t - 1;
                }
            }
            cap
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_check_counts_partitions() {
        // Heaps 1 and 2: totals 0, 1, 2, 3, 4 have 1, 1, 2, 2, 3 positions (9 in all).
        assert_eq!(largest_check(2, 9), 4);
        assert_eq!(largest_check(2, 8), 3);
        assert_eq!(largest_check(1, 10), 9);
        // Every partition (heaps up to 5 cover totals to 5): p(0..=5) = 1, 1, 2, 3, 5, 7.
        assert_eq!(largest_check(5, 19), 5);
        assert_eq!(largest_check(5, 18), 4);
    }
}
