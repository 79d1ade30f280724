//! One digit of a heap-game code: which numbers of heaps a move may leave, and how split heaps must compare.

use serde::{Deserialize, Serialize};
use std::fmt;

/// CGSuite's modifiers on a digit, constraining the heaps a split leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SplitRule {
    /// No constraint.
    #[default]
    Any,
    /// `!`: the heaps left are pairwise different.
    AllDifferent,
    /// `?`: the heaps left are not all equal.
    NotAllEqual,
    /// `=`: the heaps left are all equal.
    AllEqual,
}

impl SplitRule {
    /// The modifier's character in a code (`Any` has none; `' '` is returned for it).
    pub fn symbol(self) -> char {
        match self {
            SplitRule::Any => ' ',
            SplitRule::AllDifferent => '!',
            SplitRule::NotAllEqual => '?',
            SplitRule::AllEqual => '=',
        }
    }

    /// Whether a split into `pieces` (sorted ascending, two or more) obeys the rule.
    pub fn permits(self, pieces: &[usize]) -> bool {
        let all_equal = pieces.windows(2).all(|w| w[0] == w[1]);
        match self {
            SplitRule::Any => true,
            SplitRule::AllDifferent => pieces.windows(2).all(|w| w[0] != w[1]),
            SplitRule::NotAllEqual => !all_equal,
            SplitRule::AllEqual => all_equal,
        }
    }
}

/// Digit `d_k` of a code: bit `2^j` allows removing `k` tokens and leaving exactly `j` non-empty heaps
/// (`j` ≤ 2 for octal digits, ≤ 3 for hexadecimal ones); `rule` constrains the heaps of a split (`j` ≥ 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Digit {
    pub bits: u8,
    pub rule: SplitRule,
}

impl Digit {
    /// True when this digit allows no move at all.
    pub fn is_zero(self) -> bool {
        self.bits == 0
    }

    /// True when the digit allows leaving exactly `heaps` non-empty heaps.
    pub fn allows(self, heaps: u32) -> bool {
        heaps < 4 && self.bits & (1 << heaps) != 0
    }

    /// The largest number of heaps this digit may leave (0 when it allows nothing).
    pub fn max_heaps(self) -> u32 {
        (0..4).rev().find(|&j| self.allows(j)).unwrap_or(0)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}", self.bits)?;
        if self.rule != SplitRule::Any {
            write!(f, "{}", self.rule.symbol())?;
        }
        Ok(())
    }
}
