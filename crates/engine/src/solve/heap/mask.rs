//! Choosing the rare/common mask: the one under which the fewest heaps have rare values.

/// The mask `m` ≥ 1 minimising the number of heaps whose value `v` has `v & m` of even weight, given
/// `counts[v]` = number of heaps with value `v` (`counts.len()` a power of two). Returns 0 (everything
/// rare: the plain method) when no mask helps.
///
/// The Walsh–Hadamard transform gives `H[m] = Σ counts[v]·(−1)^popcount(v & m)` for every `m` at once, and
/// the number of rare heaps under `m` is `(total + H[m]) / 2`.
pub fn best_mask(counts: &[u64]) -> u16 {
    let size = counts.len().next_power_of_two();
    if size < 2 {
        return 0;
    }
    let mut h: Vec<i64> = counts.iter().map(|&c| c as i64).collect();
    h.resize(size, 0);
    let mut width = 1;
    while width < size {
        for block in (0..size).step_by(2 * width) {
            for i in block..block + width {
                let (a, b) = (h[i], h[i + width]);
                h[i] = a + b;
                h[i + width] = a - b;
            }
        }
        width *= 2;
    }
    let total = h[0];
    let (mask, &fewest) = h
        .iter()
        .enumerate()
        .skip(1)
        .min_by_key(|&(_, &x)| x)
        .expect("size ≥ 2");
    if fewest < total {
        mask as u16
    } else {
        0
    }
}
