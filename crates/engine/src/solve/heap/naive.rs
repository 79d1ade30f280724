//! The plain O(n²) nim sequence: every option of every heap, then the mex. The yardstick that the
//! rare/common method is measured against.

use super::rules::MoveRules;
use super::sequence::{SequenceError, MAX_SEQUENCE_LEN};
use crate::games::heap::HeapGame;

/// Values of heaps `0..len` of `game`, computed by looking at every option.
pub fn plain_values(game: &HeapGame, len: usize) -> Result<Vec<u16>, SequenceError> {
    Ok(plain_values_until(game, len, |_| true)?.expect("never stopped"))
}

/// Like [`plain_values`], calling `keep_going(heaps done)` before each heap (its work is linear in
/// the heap, so the call costs nothing in comparison); `Ok(None)` when it answers no.
pub fn plain_values_until(
    game: &HeapGame,
    len: usize,
    mut keep_going: impl FnMut(usize) -> bool,
) -> Result<Option<Vec<u16>>, SequenceError> {
    if len > MAX_SEQUENCE_LEN {
        return Err(SequenceError::TooLong { requested: len });
    }
    let mut rules = MoveRules::new(game);
    let mut g: Vec<u16> = Vec::with_capacity(len);
    let mut seen = vec![false; (1 << 16) + 1];
    // Every option value is below `span`, the smallest power of two above all values so far.
    let mut span = 1usize;
    for n in 0..len {
        if !keep_going(n) {
            return Ok(None);
        }
        rules.cover(n);
        seen[..=span].fill(false);
        let mex = plain_mex(&rules, &g, n, &mut seen);
        let value = u16::try_from(mex).map_err(|_| SequenceError::ValueTooLarge { heap: n })?;
        while mex >= span {
            span *= 2;
        }
        g.push(value);
    }
    Ok(Some(g))
}

/// The value of heap `n` from every option (`seen` cleared on entry). Out of line so that a WebAssembly
/// engine optimises it (it tiers up functions that are called often, not one long call).
#[inline(never)]
fn plain_mex(rules: &MoveRules, g: &[u16], n: usize, seen: &mut [bool]) -> usize {
    let mut mark = |v: u16| seen[v as usize] = true;
    for &k in &rules.take_all {
        if k == n {
            mark(0);
        }
    }
    for &k in &rules.leave_one {
        if k < n {
            mark(g[n - k]);
        }
    }
    for &(k, rule) in &rules.split_two {
        let Some(m) = n.checked_sub(k) else { continue };
        for a in 1..=m / 2 {
            if rule.permits(&[a, m - a]) {
                mark(g[a] ^ g[m - a]);
            }
        }
    }
    for &(k, rule) in &rules.split_three {
        let Some(m) = n.checked_sub(k) else { continue };
        for a in 1..=m / 3 {
            for b in a..=(m - a) / 2 {
                if rule.permits(&[a, b, m - a - b]) {
                    mark(g[a] ^ g[b] ^ g[m - a - b]);
                }
            }
        }
    }
    seen.iter()
        .position(|&s| !s)
        .expect("at most 2^16 values are marked")
}
