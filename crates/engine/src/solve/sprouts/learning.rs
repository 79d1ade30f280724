//! What the threads of a parallel run learn, shared among them.
//!
//! Each thread searches over a base of its own (the searches need no locks on their hot path, and
//! a base's indexes — nimbers by land invariant, the invariants of misère-lost positions — stay
//! complete). Between slices of work (a few thousand nodes) a thread publishes the entries it
//! wrote since the last slice and takes in those the others published: one lock taken per slice
//! per thread, so threads never wait on each other in practice, and a nimber one thread proves is
//! in every other thread's base within one slice. Every entry is a proven fact, so the order in
//! which threads see them changes how much is searched, never an answer.

use std::sync::{Mutex, PoisonError};

use super::base::{Base, Learned};

/// The entries published by every thread of a run, in order of publication.
#[derive(Default)]
pub(crate) struct SharedLearning {
    log: Mutex<Vec<(usize, Learned)>>,
}

/// One thread's place in the shared log.
pub(crate) struct Reader {
    thread: usize,
    seen: usize,
}

impl SharedLearning {
    pub fn reader(&self, thread: usize) -> Reader {
        Reader { thread, seen: 0 }
    }

    /// Publishes what `base` learned since the last exchange and takes in what the other threads
    /// published meanwhile.
    pub fn exchange(&self, reader: &mut Reader, base: &mut Base) {
        let fresh = base.take_fresh();
        let others: Vec<Learned> = {
            let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
            let others = log[reader.seen..]
                .iter()
                .filter(|(thread, _)| *thread != reader.thread)
                .map(|(_, entry)| entry.clone())
                .collect();
            log.extend(fresh.into_iter().map(|entry| (reader.thread, entry)));
            reader.seen = log.len();
            others
        };
        // Taken in outside the lock: the others go on publishing meanwhile.
        base.absorb(&others);
    }

    /// Every entry published, added to `base` (the base a parallel run hands back).
    pub fn add_all_to(&self, base: &mut Base) {
        let log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        base.absorb(log.iter().map(|(_, entry)| entry));
    }
}
