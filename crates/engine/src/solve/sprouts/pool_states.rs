//! The misère states with small lands that the workers of the web app's pool hand each other.
//!
//! Each worker is a wasm instance of its own, with its own table of forms, numbered in the order it
//! met them, so a state goes out with its form named by print ([`super::form_prints`]) instead of
//! id. A worker that has met the form takes the state in at once; otherwise the state waits until
//! the worker meets that form: a search can ask about a state only once it holds the state's form.

use serde::{Deserialize, Serialize};

use rustc_hash::FxHashMap as HashMap;

use crate::games::sprouts::Position;

use super::form_prints::{FormPrint, FormPrints};
use super::misere_form_state::FormState;
use super::misere_forms::{FormId, MisereForms};

/// A state's outcome as it travels between workers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LearnedState {
    /// [`Position::key`] of the large lands.
    large: Box<[u8]>,
    form: FormPrint,
    /// Lost for the player to move?
    lost: bool,
}

/// One worker's side of the exchange: the prints of its forms, and the states heard of whose
/// forms it has not met.
#[derive(Default)]
pub(crate) struct PoolStates {
    prints: FormPrints,
    waiting: HashMap<FormPrint, Vec<(Position, bool)>>,
    waiting_len: usize,
}

impl PoolStates {
    /// `states`, decided over `forms`, as they travel.
    pub fn send(
        &mut self,
        forms: &MisereForms,
        states: Vec<(FormState, bool)>,
    ) -> Vec<LearnedState> {
        self.prints.update(forms);
        states
            .into_iter()
            .map(|(state, lost)| LearnedState {
                large: state.large.key().into_boxed_slice(),
                form: self.prints.print(state.form),
                lost,
            })
            .collect()
    }

    /// The states `forms` can name now: those heard of waiting for a form met since the last call,
    /// and those of `states` whose forms are met; the others wait. They come from this program's
    /// searches in another worker (as [`super::LearnedEntries`] do), so keys are read as canonical;
    /// one that is not even a position is dropped.
    pub fn receive(
        &mut self,
        forms: &MisereForms,
        states: &[LearnedState],
    ) -> Vec<(FormState, bool)> {
        let mut named = Vec::new();
        for index in self.prints.update(forms) {
            let form = FormId::from_index(index);
            if let Some(waited) = self.waiting.remove(&self.prints.print(form)) {
                self.waiting_len -= waited.len();
                named.extend(
                    waited
                        .into_iter()
                        .map(|(large, lost)| (FormState { large, form }, lost)),
                );
            }
        }
        for state in states {
            let Some(large) = Position::from_checked_key(&state.large) else {
                continue;
            };
            match self.prints.form(state.form) {
                Some(form) => named.push((FormState { large, form }, state.lost)),
                None => {
                    self.waiting
                        .entry(state.form)
                        .or_default()
                        .push((large, state.lost));
                    self.waiting_len += 1;
                }
            }
        }
        named
    }

    /// Number of states waiting for their forms.
    pub fn waiting_len(&self) -> usize {
        self.waiting_len
    }

    /// Drops the states waiting (memory stays bounded; they only save work).
    pub fn forget_waiting(&mut self) {
        self.waiting = HashMap::default();
        self.waiting_len = 0;
    }
}

#[cfg(test)]
mod tests {
    use crate::games::sprouts::Position;
    use crate::solve::sprouts::{Base, LandForms, MisereFormSearch, MisereSearch, Search as _};

    use super::LearnedState;

    /// Searches over `positions` in turn, keeping the forms (and what they learn) from one to the
    /// next, as a worker does; each answer is checked against the search on whole positions.
    /// Returns the nodes searched.
    fn search_all(positions: &[Position], forms: &mut Option<LandForms>) -> u64 {
        let mut nodes = 0;
        for position in positions {
            let mut search =
                MisereFormSearch::with_forms(position, Base::new(), forms.take().unwrap());
            let answer = search.run();
            nodes += search.nodes();
            let mut kept = search.into_parts().1;
            let _ = kept.take_for_pool(); // as a worker does between slices: waiting states come in
            *forms = Some(kept);
            let whole = MisereSearch::new(position, Base::new()).run();
            assert_eq!(answer, whole, "{position}");
        }
        nodes
    }

    /// A worker whose table met other games first (so numbers forms otherwise) and has not met
    /// most forms of the states it hears of: they wait, then come in as its searches meet their
    /// forms. Every answer over them is the search on whole positions', and they save work.
    #[test]
    fn states_handed_to_a_worker_numbering_forms_otherwise_hold_there() {
        let start: Position = "0*6".parse().unwrap();
        let mut sender = LandForms::new(6);
        sender.note_for_pool();
        let mut first = MisereFormSearch::with_forms(&start, Base::new(), sender);
        first.run();
        let sent = first.into_parts().1.take_for_pool();
        assert!(sent.len() > 100, "{} states sent", sent.len());
        // As the worker messages carry them.
        let bytes = bincode::serialize(&sent).unwrap();
        let sent: Vec<LearnedState> = bincode::deserialize(&bytes).unwrap();

        let receiver = || {
            let mut forms = LandForms::new(6);
            let heap = forms.forms_mut().nim_heap(3);
            forms.forms_mut().sum(&[heap, heap, heap]);
            forms
        };
        let mut taken = receiver();
        taken.take_in_from_pool(&sent);
        let waiting = taken.waiting_len();
        assert!(waiting > 0, "some states wait for their forms");
        assert!(taken.learned_len() < sent.len());

        let positions: Vec<Position> = start.children().iter().flat_map(|c| c.children()).collect();
        let mut taken = Some(taken);
        let nodes = search_all(&positions, &mut taken);
        let taken = taken.unwrap();
        assert!(taken.waiting_len() < waiting, "waiting states came in");
        let nodes_alone = search_all(&positions, &mut Some(receiver()));
        assert!(nodes < nodes_alone, "{nodes} nodes, {nodes_alone} without");
    }
}
