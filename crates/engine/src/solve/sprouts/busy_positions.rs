//! Plain positions the threads of a parallel misère run are searching right now. A thread that
//! reaches one another thread is on tries its other moves first, and by the time it comes back the
//! answer is often in its base (the threads share plain positions' outcomes, see `learning`; their
//! form ids differ, so states with small lands cannot be shared this way). Only the order of the
//! search changes, never an answer.

use std::hash::BuildHasher;
use std::sync::{Mutex, MutexGuard, PoisonError};

use rustc_hash::{FxBuildHasher, FxHashMap as HashMap};

use crate::games::sprouts::Position;

/// How many frames of all the threads hold each position (by hash: a collision only changes an order).
#[derive(Default)]
pub(crate) struct BusyPositions {
    counts: Mutex<HashMap<u64, u32>>,
}

impl BusyPositions {
    pub fn enter(&self, position: &Position) {
        *self.counts().entry(hash(position)).or_insert(0) += 1;
    }

    pub fn leave(&self, position: &Position) {
        let mut counts = self.counts();
        let key = hash(position);
        if let Some(count) = counts.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&key);
            }
        }
    }

    /// Whether some thread is searching `position` (a thread never meets a position of its own
    /// stack again: every move takes a life).
    pub fn contains(&self, position: &Position) -> bool {
        self.counts().contains_key(&hash(position))
    }

    fn counts(&self) -> MutexGuard<'_, HashMap<u64, u32>> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn hash(position: &Position) -> u64 {
    FxBuildHasher.hash_one(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_busy_while_some_frame_holds_it() {
        let busy = BusyPositions::default();
        let a: Position = "0*5".parse().unwrap();
        let b: Position = "0*4".parse().unwrap();
        busy.enter(&a);
        busy.enter(&a);
        busy.leave(&a);
        assert!(busy.contains(&a), "one frame still holds it");
        assert!(!busy.contains(&b));
        busy.leave(&a);
        assert!(!busy.contains(&a));
        busy.leave(&b); // a position no frame holds: nothing to do
        assert!(!busy.contains(&b));
    }
}
