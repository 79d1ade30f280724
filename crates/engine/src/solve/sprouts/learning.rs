//! What the threads of a parallel run learn, shared among them.
//!
//! Each thread searches over a base of its own (the searches need no locks on their hot path, and
//! a base's indexes — nimbers by land invariant, the invariants of misère-lost positions — stay
//! complete). Between slices of work (a few thousand nodes) a thread publishes the entries it
//! wrote since the last slice and takes in those the others published: one lock taken per slice
//! per thread, so threads never wait on each other in practice, and a nimber one thread proves is
//! in every other thread's base within one slice. Every entry is a proven fact, so the order in
//! which threads see them changes how much is searched, never an answer.
//!
//! Misère searches on forms also hand on the states with small lands they decide: the threads
//! number forms alike ([`super::misere_forms::SharedForms`]), so a state holds in every thread.

use std::sync::{Arc, Mutex, PoisonError};

use super::base::{Base, Learned};
use super::misere_form_state::FormState;
use super::misere_forms::SharedForms;
use super::misere_lands::LandForms;

/// The entries published by every thread of a run, in order of publication.
#[derive(Default)]
pub(crate) struct SharedLearning {
    log: Mutex<Vec<(usize, Learned)>>,
    /// The numbering of forms the states are written in.
    forms: Arc<SharedForms>,
    states: Mutex<Vec<(usize, (FormState, bool))>>,
}

/// One thread's place in the shared logs.
pub(crate) struct Reader {
    thread: usize,
    seen: usize,
    seen_states: usize,
}

impl SharedLearning {
    /// The forms numbering of the run: the threads' misère searches number their forms by it.
    pub fn forms(&self) -> &Arc<SharedForms> {
        &self.forms
    }

    pub fn reader(&self, thread: usize) -> Reader {
        Reader {
            thread,
            seen: 0,
            seen_states: 0,
        }
    }

    /// Publishes what `base` (and `forms`, numbered as the other threads' are) learned since the
    /// last exchange and takes in what the other threads published meanwhile.
    pub fn exchange(&self, reader: &mut Reader, base: &mut Base, forms: Option<&mut LandForms>) {
        let others = trade(
            &self.log,
            reader.thread,
            &mut reader.seen,
            base.take_fresh(),
        );
        // Taken in outside the lock: the others go on publishing meanwhile.
        base.absorb(&others);
        // A state is handed on only between forms numbered alike.
        if let Some(forms) = forms.filter(|f| f.shares(&self.forms)) {
            let fresh = forms.take_fresh();
            let others = trade(&self.states, reader.thread, &mut reader.seen_states, fresh);
            forms.absorb(&others);
        }
    }

    /// Every entry published, added to `base` (the base a parallel run hands back).
    pub fn add_all_to(&self, base: &mut Base) {
        let log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        base.absorb(log.iter().map(|(_, entry)| entry));
    }
}

/// Appends `fresh` to `log` and returns what the other threads appended since `seen`.
fn trade<T: Clone>(
    log: &Mutex<Vec<(usize, T)>>,
    thread: usize,
    seen: &mut usize,
    fresh: Vec<T>,
) -> Vec<T> {
    let mut log = log.lock().unwrap_or_else(PoisonError::into_inner);
    let others = log[*seen..]
        .iter()
        .filter(|(from, _)| *from != thread)
        .map(|(_, entry)| entry.clone())
        .collect();
    log.extend(fresh.into_iter().map(|entry| (thread, entry)));
    *seen = log.len();
    others
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sprouts::Position;
    use crate::solve::sprouts::{MisereFormSearch, MisereSearch, Search as _};

    /// What one thread's search on forms decides holds in another thread's forms: searches over
    /// the states handed on (and nothing else: the bases stay apart here) answer as the search on
    /// whole positions does, with less work than searches that start afresh.
    #[test]
    fn states_handed_on_hold_in_the_other_thread() {
        let learning = SharedLearning::default();
        let sharing = || LandForms::sharing(6, learning.forms().clone());
        let start: Position = "0*6".parse().unwrap();
        let mut first = MisereFormSearch::with_forms(&start, Base::new(), sharing());
        first.run();
        let (mut base, mut forms) = first.into_parts();
        learning.exchange(&mut learning.reader(0), &mut base, Some(&mut forms));

        let mut taken = sharing();
        learning.exchange(&mut learning.reader(1), &mut Base::new(), Some(&mut taken));
        assert!(taken.learned_len() > 10, "{} states", taken.learned_len());
        let positions: Vec<Position> = start.children().iter().flat_map(|c| c.children()).collect();
        let (mut nodes, mut nodes_afresh) = (0, 0);
        for position in &positions {
            let mut search = MisereFormSearch::with_forms(position, Base::new(), taken);
            let answer = search.run();
            nodes += search.nodes();
            taken = search.into_parts().1;
            let mut afresh = MisereFormSearch::with_forms(position, Base::new(), LandForms::new(6));
            afresh.run();
            nodes_afresh += afresh.nodes();
            let whole = MisereSearch::new(position, Base::new()).run();
            assert_eq!(answer, whole, "{position}");
        }
        assert!(nodes < nodes_afresh, "{nodes} nodes, {nodes_afresh} afresh");
    }
}
