//! States the threads of a parallel misère run are searching right now. A thread that reaches one
//! another thread is on tries its other moves first, and by the time it comes back the answer is
//! often known (the threads hand each other what they decide, see `learning`; they number forms
//! alike, so a state means the same to all). Only the order of the search changes, never an answer.

use std::hash::BuildHasher;
use std::sync::{Mutex, MutexGuard, PoisonError};

use rustc_hash::{FxBuildHasher, FxHashMap as HashMap};

use super::misere_form_state::FormState;

/// How many frames of all the threads hold each state (by hash: a collision only changes an order).
#[derive(Default)]
pub(crate) struct BusyStates {
    counts: Mutex<HashMap<u64, u32>>,
}

impl BusyStates {
    pub fn enter(&self, state: &FormState) {
        *self.counts().entry(hash(state)).or_insert(0) += 1;
    }

    pub fn leave(&self, state: &FormState) {
        let mut counts = self.counts();
        let key = hash(state);
        if let Some(count) = counts.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&key);
            }
        }
    }

    /// Whether some thread is searching `state` (a thread never meets a state of its own stack
    /// again: every move takes a life or a form's option, simpler than the form).
    pub fn contains(&self, state: &FormState) -> bool {
        self.counts().contains_key(&hash(state))
    }

    fn counts(&self) -> MutexGuard<'_, HashMap<u64, u32>> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn hash(state: &FormState) -> u64 {
    FxBuildHasher.hash_one(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::sprouts::misere_forms::FormId;

    fn plain(position: &str) -> FormState {
        FormState {
            large: position.parse().unwrap(),
            form: FormId::ZERO,
        }
    }

    #[test]
    fn a_state_is_busy_while_some_frame_holds_it() {
        let busy = BusyStates::default();
        let (a, b) = (plain("0*5"), plain("0*4"));
        busy.enter(&a);
        busy.enter(&a);
        busy.leave(&a);
        assert!(busy.contains(&a), "one frame still holds it");
        assert!(!busy.contains(&b));
        busy.leave(&a);
        assert!(!busy.contains(&a));
        busy.leave(&b); // a state no frame holds: nothing to do
        assert!(!busy.contains(&b));
    }
}
