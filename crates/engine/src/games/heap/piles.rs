//! Piles of Grundy's game (`4!.0`): a move splits one pile into two unequal non-empty piles.

use serde::{Deserialize, Serialize};

/// Pile `pile` (index in the position) of size `size` split into `into.0 < into.1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileSplit {
    pub pile: usize,
    pub size: usize,
    pub into: (usize, usize),
}

impl PileSplit {
    /// The split of pile `pile` of `size` into `smaller` and the rest, if it is a legal move.
    pub fn new(pile: usize, size: usize, smaller: usize) -> Option<Self> {
        let larger = size.checked_sub(smaller)?;
        (smaller >= 1 && smaller < larger).then_some(PileSplit {
            pile,
            size,
            into: (smaller, larger),
        })
    }
}
