//! Shortcuts: monoids proven right (misère quotients) on the positions whose heaps are all below a bound,
//! as the search uses them. A leaf: `quotient` makes them, and the search and its helpers (`one_move`,
//! `predict`, `small_part`) read them, so none of those depends on another to know what a shortcut is.
//! Heap classes here are those of the heap table (`reduce`); a shortcut's elements are numbered from the
//! identity, 0.

/// A monoid proven right (a misère quotient) for the positions whose heap classes are all below `below`.
#[derive(Clone, Debug)]
pub struct Shortcut {
    pub below: u16,
    /// `times[e][c]`: element `e` plus a heap of class `c` (`c < below`; class 0, dead heaps, unused).
    pub times: Vec<Vec<u32>>,
    pub p: Vec<bool>,
}

impl Shortcut {
    /// Outcome of a key (true for P) if its heaps are all covered.
    pub fn outcome(&self, key: &[u16]) -> Option<bool> {
        if key.last().is_some_and(|&c| c >= self.below) {
            return None;
        }
        Some(self.p[self.element(key) as usize])
    }

    /// The element of a position whose heaps are all covered.
    pub fn element(&self, key: &[u16]) -> u32 {
        key.iter()
            .fold(0u32, |e, &c| self.times[e as usize][c as usize])
    }
}
