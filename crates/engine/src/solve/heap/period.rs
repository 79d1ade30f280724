//! Proving that a nim sequence is periodic.
//!
//! Generalised Guy–Smith theorem: let every move remove at most `k` tokens and leave at most `h` heaps, with
//! no constraint between the heaps left. If `g(n + p) = g(n)` for every `n ≥ n0` with
//! `n + p < h·(n0 + p) + k + h`, then it holds for every `n ≥ n0`. (Induction on `N = n + p`: the largest
//! heap an option of `N` leaves has at least `(N − k)/h ≥ n0 + p + 1` tokens, so shifting that heap by `p`
//! turns the options of `N` into options of `n` with the same values, and back.) For `h = 2` this is the
//! classical bound `2·n0 + p + k` with a margin of two.

use crate::games::heap::HeapGame;
use serde::{Deserialize, Serialize};

/// A proven period of a nim sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Periodicity {
    /// `g(n + period) = g(n)` for every `n ≥ preperiod`, and `preperiod` is the least such.
    pub preperiod: usize,
    /// The least period that the computed values prove.
    pub period: usize,
    /// The last heap with `g(n) ≠ g(n + period)` (`preperiod − 1`), if any.
    pub last_exception: Option<usize>,
    /// The largest value of the whole (infinite) sequence and the first heap having it.
    pub max_value: u16,
    pub max_value_at: usize,
    /// How many values the proof needs: heaps `0..values_needed`.
    pub values_needed: usize,
}

/// Why no proof can be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PeriodError {
    #[error(
        "`{0}` has infinitely many non-zero digits; the periodicity theorem needs a finite code"
    )]
    InfiniteCode(String),
    #[error("`{0}` has `!`, `?` or `=` constraints; the periodicity theorem does not cover them")]
    Constrained(String),
}

/// The smallest period that the values `g` of heaps `0..g.len()` of `game` prove, with its least
/// preperiod; `Ok(None)` when none is proven yet. It reads plain values (not a `NimSequence`) because
/// the sequence itself asks it, to stop computing once a period is proven.
pub(super) fn proven_period(
    game: &HeapGame,
    g: &[u16],
) -> Result<Option<Periodicity>, PeriodError> {
    let (k, h) = theorem_constants(game)?;
    let len = g.len();
    // A period p needs at least h·p + k + h values, whatever n0 is.
    for p in (1..len).take_while(|&p| h * p + k + h <= len) {
        // Least n0 with g(n + p) = g(n) for all n0 ≤ n < len − p: scan back to the last disagreement.
        let n0 = (0..len - p)
            .rev()
            .find(|&n| g[n] != g[n + p])
            .map_or(0, |n| n + 1);
        let needed = h * (n0 + p) + k + h;
        if needed <= len {
            let (max_value_at, max_value) =
                g[..n0 + p]
                    .iter()
                    .enumerate()
                    .fold(
                        (0, 0u16),
                        |best, (n, &v)| if v > best.1 { (n, v) } else { best },
                    );
            return Ok(Some(Periodicity {
                preperiod: n0,
                period: p,
                last_exception: n0.checked_sub(1),
                max_value,
                max_value_at,
                values_needed: needed,
            }));
        }
    }
    Ok(None)
}

/// `(k, h)`: the most tokens a move removes and the most heaps it leaves (at least 1).
fn theorem_constants(game: &HeapGame) -> Result<(usize, usize), PeriodError> {
    if !game.is_finite() {
        return Err(PeriodError::InfiniteCode(game.to_string()));
    }
    if game.has_modifiers() {
        return Err(PeriodError::Constrained(game.to_string()));
    }
    let k = game.last_nonzero_index().unwrap_or(0);
    let h = game.max_heaps_left().max(1) as usize;
    Ok((k, h))
}
