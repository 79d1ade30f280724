//! Nim sequences of heap games, computed incrementally with the rare/common ("sparse space") method.
//!
//! Fix a mask `m`; a value `v` is *rare* when `v & m` has an even number of bits, *common* otherwise.
//! rare⊕rare and common⊕common are rare, rare⊕common is common. When few heaps have rare values, the
//! options of a split that involve a rare heap are few and give every common option value; the remaining
//! options (common⊕common) can only add rare values, so the scan over them stops as soon as every rare value
//! below the smallest missing common value has been seen. A heap whose value turns out rare needs the full
//! scan, and joins the rare list. The mask is chosen (and re-chosen as the sequence grows) by a
//! Walsh–Hadamard transform of the value counts, which gives the number of rare heaps for every mask at once.
//!
//! The scan takes its pairs a group at a time, alternately from the middle and from the ends of the heap
//! (each end finds some values much sooner than the other), and compares each group with the few wanted
//! values in vector registers (AVX2 when the CPU has it); wasm builds use a lookup table instead.

use super::mask::best_mask;
use super::period::proven_period;
use super::rules::MoveRules;
use crate::games::heap::{HeapGame, SplitRule};

/// The longest sequence computed: 2^26 heaps (128 MiB of values); more is refused, not attempted.
pub const MAX_SEQUENCE_LEN: usize = 1 << 26;

/// Sequences are stored as `u16`; a value above this is an error.
pub const MAX_VALUE: usize = u16::MAX as usize;

/// Why a sequence could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    #[error("refusing to compute {requested} values: at most {MAX_SEQUENCE_LEN} (2^26) heaps")]
    TooLong { requested: usize },
    #[error(
        "the value of heap {heap} is above {MAX_VALUE}, more than the compact (u16) storage holds"
    )]
    ValueTooLarge { heap: usize },
}

/// Counters that show how much work the rare/common method saved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SequenceStats {
    /// Heaps whose common⊕common options had to be scanned to the end.
    pub full_scans: u64,
    /// Option pairs looked at in total (the plain method looks at about n²/4 for Grundy's game).
    pub pairs_examined: u64,
    /// Times the mask was re-chosen.
    pub mask_choices: u32,
}

/// The nim values `g(0), g(1), …` of single heaps of a game, built incrementally: `extend_to` may be called
/// repeatedly with growing lengths, so a caller can do a slice of work, report progress and continue.
#[derive(Clone, Debug)]
pub struct NimSequence {
    game: HeapGame,
    rules: MoveRules,
    values: Vec<u16>,
    /// Heaps (≥ 1) whose value is rare under `mask`, ascending.
    rare: Vec<u32>,
    /// Their values (`rare_values[i]` = g(`rare[i]`)), kept side by side for the inner loop.
    rare_values: Vec<u16>,
    mask: u16,
    /// How many heaps have each value (index = value).
    counts: Vec<u64>,
    /// Smallest power of two above every value so far: every option value lies below it.
    span: usize,
    /// The length at which the mask is next re-chosen.
    next_mask_choice: usize,
    /// Scratch marks of option values, one array of 2^16 per heap of a batch, indexed by value (reset up
    /// to `span` before use).
    slots: Box<[bool; BATCH << 16]>,
    /// `(k, equal halves excluded)` when the code has a single two-heap split rule (removing `k`) and
    /// nothing else that scans: then the rare pairs of `BATCH` heaps are marked in one pass.
    batch_rule: Option<(usize, bool)>,
    /// Scratch list of the rare values still wanted by the common⊕common scan.
    want: Vec<u16>,
    /// Use the scalar table scan (as on wasm) even where vector compares are available.
    table_scan: bool,
    /// A period proven by the Guy–Smith theorem: from then on `g(n) = g(n − period)`, no scan needed.
    period: Option<usize>,
    /// The length at which a period is next looked for (doubling, so the checks cost O(n) in all).
    next_period_check: usize,
    stats: SequenceStats,
}

/// Shorter than this the plain scan is as quick; the mask is first chosen here.
const FIRST_MASK_CHOICE: usize = 64;
/// Past this length the mask is re-chosen at every multiple of it rather than at powers of two.
const MASK_CHOICE_STEP: usize = 1 << 20;
/// A period is first looked for at this length.
const FIRST_PERIOD_CHECK: usize = 256;
/// Heaps whose rare pairs are marked in one pass (the pass reads each rare heap's data once for all).
const BATCH: usize = 8;
/// Pairs tested together in the common⊕common scan.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const SCAN_GROUP: usize = 32;

/// See `NimSequence::batch_rule`.
fn batch_rule(game: &HeapGame) -> Option<(usize, bool)> {
    let rules = MoveRules::new(game);
    if !game.is_finite() || !rules.split_three.is_empty() {
        return None;
    }
    match rules.split_two[..] {
        [(k, rule)] if rule != SplitRule::AllEqual => Some((k, rule != SplitRule::Any)),
        _ => None,
    }
}

fn is_rare(value: u16, mask: u16) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

impl NimSequence {
    /// An empty sequence for `game` (nothing computed yet).
    pub fn new(game: &HeapGame) -> Self {
        NimSequence {
            game: game.clone(),
            rules: MoveRules::new(game),
            values: Vec::new(),
            rare: Vec::new(),
            rare_values: Vec::new(),
            mask: 0,
            counts: vec![0; 2],
            span: 1,
            next_mask_choice: FIRST_MASK_CHOICE,
            slots: vec![false; BATCH << 16]
                .into_boxed_slice()
                .try_into()
                .expect("slots length"),
            batch_rule: batch_rule(game),
            want: Vec::new(),
            table_scan: false,
            period: None,
            next_period_check: FIRST_PERIOD_CHECK,
            stats: SequenceStats::default(),
        }
    }

    /// The sequence of `game` up to (not including) heap `len`, computed straight through.
    pub fn compute(game: &HeapGame, len: usize) -> Result<Self, SequenceError> {
        let mut sequence = Self::new(game);
        sequence.extend_to(len)?;
        Ok(sequence)
    }

    /// Use the scalar scan that wasm builds use, even natively (for tests and benchmarks of that path).
    pub fn use_table_scan(&mut self) {
        self.table_scan = true;
    }

    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// Number of values computed: heaps `0..len()`.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of a heap of size `n`, if computed.
    pub fn value(&self, n: usize) -> Option<u16> {
        self.values.get(n).copied()
    }

    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The current mask: heaps whose value `v` has `v & mask` of even weight are rare.
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// The heaps (≥ 1) whose values are rare under the current mask, ascending.
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare
    }

    /// The largest value so far and its first heap.
    pub fn max_value(&self) -> Option<(usize, u16)> {
        let max = *self.values.iter().max()?;
        Some((self.values.iter().position(|&v| v == max)?, max))
    }

    pub fn stats(&self) -> SequenceStats {
        self.stats
    }

    /// Compute values up to (not including) heap `len`; nothing happens if they are already there.
    pub fn extend_to(&mut self, len: usize) -> Result<(), SequenceError> {
        self.extend_with_progress(len, usize::MAX, |_| true)
            .map(|_| ())
    }

    /// Like `extend_to`, calling `progress(len_so_far)` after every `chunk` heaps; `progress` returning
    /// false stops early. Returns whether the target was reached.
    pub fn extend_with_progress(
        &mut self,
        len: usize,
        chunk: usize,
        mut progress: impl FnMut(usize) -> bool,
    ) -> Result<bool, SequenceError> {
        if len > MAX_SEQUENCE_LEN {
            return Err(SequenceError::TooLong { requested: len });
        }
        self.values.reserve(len.saturating_sub(self.values.len()));
        let chunk = chunk.max(1);
        let mut since_report = 0;
        while self.values.len() < len {
            let n = self.values.len();
            if n >= self.next_period_check {
                self.look_for_period();
            }
            if let Some(period) = self.period {
                self.push(n, self.values[n - period]);
                since_report += 1;
                if since_report == chunk {
                    since_report = 0;
                    if !progress(self.values.len()) {
                        return Ok(false);
                    }
                }
                continue;
            }
            if n == self.next_mask_choice {
                self.choose_mask();
            }
            // A batch never crosses a mask choice, and ends early when a heap changes the rare list or
            // the span (the marks made in advance for the later heaps would be incomplete).
            let room = (len - n).min(self.next_mask_choice - n);
            let batch = match self.batch_rule {
                // (The pass parks the excluded pair's mark at value 2^16 − 1: only below that span.)
                Some((k, exclude)) if room >= BATCH && n >= k + 2 && self.span < 1 << 15 => {
                    Some(self.mark_rare_pairs(n, k, exclude))
                }
                _ => None,
            };
            let (rare_before, span_before) = (self.rare.len(), self.span);
            for i in 0..if batch.is_some() { BATCH } else { 1 } {
                let value = self.compute_value(n + i, i, batch.clone())?;
                self.push(n + i, value);
                since_report += 1;
                if since_report == chunk {
                    since_report = 0;
                    if !progress(self.values.len()) {
                        return Ok(false);
                    }
                }
                if self.rare.len() != rare_before || self.span != span_before {
                    break;
                }
            }
        }
        Ok(true)
    }

    /// The period proven so far, if any (values past it are copied, not computed).
    pub fn proven_period(&self) -> Option<usize> {
        self.period
    }

    fn look_for_period(&mut self) {
        self.next_period_check = self.values.len().saturating_mul(2);
        // Codes the theorem does not cover (modifiers, infinite tails) are never periodic by proof.
        if let Ok(Some(found)) = proven_period(&self.game, &self.values) {
            self.period = Some(found.period);
        }
    }

    fn push(&mut self, n: usize, value: u16) {
        self.values.push(value);
        let v = value as usize;
        while v >= self.span {
            self.span *= 2;
        }
        if self.counts.len() <= v {
            self.counts.resize(self.span, 0);
        }
        self.counts[v] += 1;
        if n > 0 && is_rare(value, self.mask) {
            self.rare.push(n as u32);
            self.rare_values.push(value);
        }
    }

    /// Re-choose the mask from the value counts so far, and rebuild the rare list for it.
    fn choose_mask(&mut self) {
        let len = self.values.len();
        self.next_mask_choice = if len < MASK_CHOICE_STEP {
            len * 2
        } else {
            len + MASK_CHOICE_STEP
        };
        let mask = best_mask(&self.counts[..self.span.min(self.counts.len())]);
        if mask == self.mask {
            return;
        }
        self.mask = mask;
        self.stats.mask_choices += 1;
        self.rare = (1..len)
            .filter(|&n| is_rare(self.values[n], mask))
            .map(|n| n as u32)
            .collect();
        self.rare_values = self.rare.iter().map(|&n| self.values[n as usize]).collect();
    }

    /// For the heaps `n..n + BATCH` (single split rule removing `k`), clear their marks and mark the values
    /// of their pairs with a rare heap `r`, `BATCH ≤ r < n − k` (those need no value inside the batch).
    /// Returns the range of `rare` done.
    #[inline(never)] // out of line for wasm engines, like `compute_value`
    fn mark_rare_pairs(
        &mut self,
        n: usize,
        k: usize,
        exclude_equal: bool,
    ) -> std::ops::Range<usize> {
        let top = self.span.min(MAX_VALUE);
        for i in 0..BATCH {
            self.slots[i << 16..=(i << 16) + top].fill(false);
        }
        let m0 = n - k;
        let start = self.rare.partition_point(|&r| (r as usize) < BATCH);
        let end = self.rare.partition_point(|&r| (r as usize) < m0).max(start);
        let g = &self.values[..];
        let slots: &mut [bool; BATCH << 16] = &mut self.slots;
        for (&r, &value) in self.rare[start..end]
            .iter()
            .zip(&self.rare_values[start..end])
        {
            let r = r as usize;
            // Heap n + i splits m0 + i tokens: pairs (r, m0 + i − r), whose larger parts are adjacent.
            let parts: &[u16; BATCH] = g[m0 - r..m0 - r + BATCH].try_into().expect("batch length");
            for (i, &part) in parts.iter().enumerate() {
                // Under `!` and `?` the pair of equal halves is no option: mark a slot never read.
                let v = if exclude_equal && 2 * r == m0 + i {
                    (1 << 16) - 1
                } else {
                    (value ^ part) as usize
                };
                slots[((i % BATCH) << 16) | (v & 0xFFFF)] = true;
            }
        }
        self.stats.pairs_examined += ((end - start) * BATCH) as u64;
        start..end
    }

    /// The value of heap `n`, every smaller heap being known, using the marks of batch slot `slot`;
    /// `batched` is the part of the rare list already marked there by `mark_rare_pairs` (`None`: nothing
    /// is marked yet, not even cleared).
    // Kept out of line: a WebAssembly engine optimises a function that is called often, not a long loop
    // inside one call (V8 runs a single long call in its baseline tier).
    #[inline(never)]
    fn compute_value(
        &mut self,
        n: usize,
        slot: usize,
        batched: Option<std::ops::Range<usize>>,
    ) -> Result<u16, SequenceError> {
        self.rules.cover(n);
        let span = self.span;
        let seen: &mut [bool; 1 << 16] = (&mut self.slots[slot << 16..(slot + 1) << 16])
            .try_into()
            .expect("slot length");
        if batched.is_none() {
            seen[..=span.min(MAX_VALUE)].fill(false);
        }
        let done = batched.unwrap_or(0..0);
        let g = &self.values[..];

        // Options that do not split, and splits into three (scanned in full: hexadecimal codes are rare).
        if self.rules.take_all.binary_search(&n).is_ok() {
            seen[0] = true;
        }
        for &k in &self.rules.leave_one {
            if k < n {
                seen[g[n - k] as usize] = true;
            }
        }
        for &(k, rule) in &self.rules.split_three {
            if n >= k + 3 {
                mark_three_way_splits(g, n - k, rule, seen);
            }
        }

        // Splits into two with at least one rare heap: every common option value, and some rare ones.
        let mut any_scan_needed = false;
        for &(k, rule) in &self.rules.split_two {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            if rule == SplitRule::AllEqual {
                if m.is_multiple_of(2) {
                    seen[0] = true;
                }
                continue;
            }
            any_scan_needed = true;
            let end = self.rare.partition_point(|&r| (r as usize) < m);
            // Under `!` and `?` the two halves of an even heap may not be equal: skip that pair.
            let exclude_equal = rule != SplitRule::Any;
            // The rare heaps not already marked by a batch pass.
            let ranges = [0..done.start.min(end), done.end.min(end)..end];
            for range in ranges {
                let heaps = &self.rare[range.clone()];
                let values = &self.rare_values[range.clone()];
                for (&r, &value) in heaps.iter().zip(values) {
                    let r = r as usize;
                    if exclude_equal && 2 * r == m {
                        continue;
                    }
                    // SAFETY: 1 ≤ r < m ≤ n = g.len(), so m − r indexes g.
                    let v = value ^ unsafe { *g.get_unchecked(m - r) };
                    seen[v as usize] = true;
                }
                self.stats.pairs_examined += range.len() as u64;
            }
        }

        // The smallest missing common value bounds the answer; count the rare values missing below it.
        let top = span.min(MAX_VALUE);
        let mut bound = top + 1;
        let mut missing = 0usize;
        for (v, _) in seen[..=top].iter().enumerate().filter(|(_, &s)| !s) {
            if !is_rare(v as u16, self.mask) {
                bound = v;
                break;
            }
            missing += 1;
        }
        if missing > 0 && any_scan_needed && self.mask != 0 {
            // Scan the common⊕common options until every missing rare value turns up. The few values
            // wanted are compared with a group of pairs at once (this vectorises); hits are rare.
            let want = &mut self.want;
            want.clear();
            want.extend((0..bound).filter(|&v| !seen[v]).map(|v| v as u16));
            // From here on, unseen means wanted.
            seen[bound.min(top + 1)..=top].fill(true);
            let mut examined = 0u64;
            'scan: for &(k, rule) in &self.rules.split_two {
                if rule == SplitRule::AllEqual || n < k + 2 {
                    continue;
                }
                let m = n - k;
                let last = if rule == SplitRule::Any {
                    m / 2
                } else {
                    (m - 1) / 2
                };
                // Pairs from the middle and from the ends in turn (see `scan_pairs`).
                match scan_pairs(g, m, last, want, seen, self.table_scan) {
                    Some(pairs) => {
                        examined += pairs as u64;
                        break 'scan;
                    }
                    None => examined += last as u64,
                }
            }
            self.stats.pairs_examined += examined;
            match want.iter().min() {
                // The smallest value no option has.
                Some(&v) => {
                    self.stats.full_scans += 1;
                    return Ok(v);
                }
                None => missing = 0,
            }
        }
        if missing == 0 {
            return if bound <= MAX_VALUE {
                Ok(bound as u16)
            } else {
                Err(SequenceError::ValueTooLarge { heap: n })
            };
        }
        let value = (0..bound)
            .find(|&v| !seen[v])
            .expect("a missing rare value lies below the bound");
        Ok(value as u16)
    }
}

/// Look through the pairs `(x, m − x)`, `x = 1..=last`, removing from `want` every value they give; return
/// the number of pairs looked at once `want` is empty, `None` if it never empties.
///
/// The pairs are taken a group at a time, alternately from the middle (`x` near `m/2`: two large heaps,
/// whose values are close) and from the ends (`x` small): some wanted values turn up early at one end and
/// late at the other, depending on the game.
///
/// `seen[v]` must be false exactly for the wanted values `v` (the scalar version uses it as a lookup table).
fn scan_pairs(
    g: &[u16],
    m: usize,
    last: usize,
    want: &mut Vec<u16>,
    seen: &mut [bool; 1 << 16],
    table_only: bool,
) -> Option<usize> {
    // Native targets compare many pairs per instruction. Elsewhere (wasm) the table is used: it is faster
    // without SIMD, and LLVM fails to compile the compare loop for wasm with simd128.
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    if !table_only {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return unsafe { scan_pairs_avx2(g, m, last, want) };
        }
        return scan_pairs_vector(g, m, last, want);
    }
    let _ = table_only;
    scan_pairs_table(g, m, last, want, seen)
}

/// The values of the pairs `(x0 + j, m − x0 − j)`, `j < N`.
#[inline(always)]
fn pair_values<const N: usize>(g: &[u16], m: usize, x0: usize) -> [u16; N] {
    let left: &[u16; N] = g[x0..x0 + N].try_into().expect("group length");
    let right: &[u16; N] = g[m + 1 - x0 - N..=m - x0].try_into().expect("group length");
    let mut values = [0u16; N];
    for j in 0..N {
        values[j] = left[j] ^ right[N - 1 - j];
    }
    values
}

/// The two fronts of a scan over the small heaps `1..=last`: groups of `group` pairs are taken
/// alternately from the middle and from the ends, until the fronts meet.
struct Fronts {
    /// Small heaps `lo..hi` are still to be looked at.
    lo: usize,
    hi: usize,
    last: usize,
    group: usize,
    from_middle: bool,
}

impl Fronts {
    #[inline(always)]
    fn new(last: usize, group: usize) -> Self {
        Fronts {
            lo: 1,
            hi: last + 1,
            last,
            group,
            from_middle: true,
        }
    }

    /// The first small heap of the next whole group, if one is left.
    #[inline(always)]
    fn next_group(&mut self) -> Option<usize> {
        if self.hi - self.lo < self.group {
            return None;
        }
        self.from_middle = !self.from_middle;
        if self.from_middle {
            self.hi -= self.group;
            Some(self.hi)
        } else {
            self.lo += self.group;
            Some(self.lo - self.group)
        }
    }

    /// The pairs between the fronts, after the last whole group.
    #[inline(always)]
    fn rest(&self) -> std::ops::Range<usize> {
        self.lo..self.hi
    }

    /// Pairs looked at so far (plus `extra` from the rest).
    #[inline(always)]
    fn looked_at(&self, extra: usize) -> usize {
        (self.lo - 1) + (self.last + 1 - self.hi) + extra
    }
}

/// The scan without vector instructions: one table lookup per pair, eight pairs per test.
#[inline(never)] // out of line for wasm engines, like `compute_value`
fn scan_pairs_table(
    g: &[u16],
    m: usize,
    last: usize,
    want: &mut Vec<u16>,
    seen: &mut [bool; 1 << 16],
) -> Option<usize> {
    const GROUP: usize = 8;
    /// Record a wanted value as found; true when nothing is wanted any more.
    fn found(v: u16, seen: &mut [bool; 1 << 16], want: &mut Vec<u16>) -> bool {
        seen[v as usize] = true;
        if let Some(i) = want.iter().position(|&w| w == v) {
            want.swap_remove(i);
        }
        want.is_empty()
    }
    let mut fronts = Fronts::new(last, GROUP);
    while let Some(x0) = fronts.next_group() {
        let values = pair_values::<GROUP>(g, m, x0);
        if values.iter().fold(true, |all, &v| all & seen[v as usize]) {
            continue;
        }
        for v in values {
            if !seen[v as usize] && found(v, seen, want) {
                return Some(fronts.looked_at(0));
            }
        }
    }
    for (i, x) in fronts.rest().enumerate() {
        let v = g[x] ^ g[m - x];
        if !seen[v as usize] && found(v, seen, want) {
            return Some(fronts.looked_at(i + 1));
        }
    }
    None
}

/// The same loop compiled for AVX2 (16 values per compare instead of 8).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn scan_pairs_avx2(g: &[u16], m: usize, last: usize, want: &mut Vec<u16>) -> Option<usize> {
    scan_pairs_vector(g, m, last, want)
}

/// SCAN_GROUP pairs at a time: their values are compared with every wanted value at once (this
/// vectorises), and almost always nothing matches.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn scan_pairs_vector(g: &[u16], m: usize, last: usize, want: &mut Vec<u16>) -> Option<usize> {
    let mut fronts = Fronts::new(last, SCAN_GROUP);
    while let Some(x0) = fronts.next_group() {
        let values = pair_values::<SCAN_GROUP>(g, m, x0);
        // Drop every wanted value the group has (one vector compare per wanted value).
        let mut i = 0;
        while i < want.len() {
            let w = want[i];
            if values.iter().fold(false, |hit, &v| hit | (v == w)) {
                want.swap_remove(i);
                if want.is_empty() {
                    return Some(fronts.looked_at(0));
                }
            } else {
                i += 1;
            }
        }
    }
    for (i, x) in fronts.rest().enumerate() {
        let v = g[x] ^ g[m - x];
        if let Some(j) = want.iter().position(|&w| w == v) {
            want.swap_remove(j);
            if want.is_empty() {
                return Some(fronts.looked_at(i + 1));
            }
        }
    }
    None
}

/// Mark the values of every split of a heap of `m` into three non-empty heaps allowed by `rule`.
fn mark_three_way_splits(g: &[u16], m: usize, rule: SplitRule, seen: &mut [bool; 1 << 16]) {
    for a in 1..=m / 3 {
        for b in a..=(m - a) / 2 {
            let c = m - a - b;
            let allowed = match rule {
                SplitRule::Any => true,
                SplitRule::AllDifferent => a < b && b < c,
                SplitRule::NotAllEqual => a < c,
                SplitRule::AllEqual => a == c,
            };
            if allowed {
                seen[(g[a] ^ g[b] ^ g[c]) as usize] = true;
            }
        }
    }
}

/// How many leading values of a stored sequence are recomputed to check it before it is trusted.
const RESTORE_CHECK: usize = 4096;

impl NimSequence {
    /// Rebuilds a sequence from stored values (a base saved earlier), so that it can be extended without
    /// recomputing them. The first values are recomputed and must agree; `None` means the stored values are
    /// not this game's (or are damaged) and should be discarded.
    pub fn from_values(game: &HeapGame, values: &[u16]) -> Option<Self> {
        if values.len() > MAX_SEQUENCE_LEN {
            return None;
        }
        let checked = values.len().min(RESTORE_CHECK);
        let mut sequence = Self::compute(game, checked).ok()?;
        if sequence.values != values[..checked] {
            return None;
        }
        sequence.values.reserve(values.len() - checked);
        for (n, &value) in values.iter().enumerate().skip(checked) {
            if n == sequence.next_mask_choice {
                sequence.choose_mask();
            }
            sequence.push(n, value);
        }
        Some(sequence)
    }
}
