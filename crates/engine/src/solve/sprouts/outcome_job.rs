//! One outcome question — is this position (plus a nim heap) lost for the player to move? — run by
//! whichever search the method names, in slices, over a thread's own base and tables.

use std::sync::Arc;

use crate::games::sprouts::Position;

use super::base::{Base, LearnedEntries};
use super::busy_states::BusyStates;
use super::dfpn::{DfpnOptions, DfpnSearch};
use super::dfpn_table::DfpnTable;
use super::misere::MisereSearch;
use super::misere_form_search::MisereFormSearch;
use super::misere_forms::SharedForms;
use super::misere_lands::LandForms;
use super::normal::{NormalAnswer, NormalSearch};
use super::outcome_race::OutcomeRace;
use super::search::{Search, Step};

/// How outcome questions are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Normal play: the couple search, raced against proof-number search on large positions
    /// (see [`OutcomeRace::pays`]).
    Normal,
    /// Normal play: proof-number search alone.
    Dfpn,
    /// Misère play on whole positions (every step of the proof lands in the base).
    MisereWhole,
    /// Misère play with lands of at most this many lives replaced by their misère simplest forms.
    MisereForms(u32),
}

impl Method {
    pub fn is_misere(self) -> bool {
        matches!(self, Method::MisereWhole | Method::MisereForms(_))
    }
}

/// What one thread keeps from one question to the next: its base, the proof-number table and the
/// misère forms of small lands; and in a parallel run, the states all its threads are on.
pub(crate) struct Kit {
    pub base: Base,
    table: DfpnTable,
    forms: Option<LandForms>,
    pub busy: Option<Arc<BusyStates>>,
}

impl Kit {
    pub fn new(base: Base) -> Kit {
        Kit {
            base,
            table: DfpnTable::new(),
            forms: None,
            busy: None,
        }
    }

    /// A kit of one thread of a parallel run by `method`: misère forms are numbered by `shared`,
    /// as the other threads' are, so that they can hand each other states (see `learning`).
    pub fn sharing(base: Base, method: Method, shared: &Arc<SharedForms>) -> Kit {
        let mut kit = Kit::new(base);
        kit.base.note_fresh();
        if let Method::MisereForms(lives) = method {
            kit.forms = Some(LandForms::sharing(lives, shared.clone()));
        }
        kit
    }

    /// What the thread learned, to hand on and to take in the other threads' (see `learning`).
    pub fn learning_mut(&mut self) -> (&mut Base, Option<&mut LandForms>) {
        (&mut self.base, self.forms.as_mut())
    }

    /// A kit of a process of its own (an actor of a distributed run): it notes what it learns, in
    /// a form another process can take in (misère states name their forms by print, since each
    /// process numbers its forms itself; see `pool_states`).
    pub fn for_pool(method: Method) -> Kit {
        let mut kit = Kit::new(Base::new());
        kit.base.note_learned();
        if let Method::MisereForms(lives) = method {
            let mut forms = LandForms::new(lives);
            forms.note_for_pool();
            kit.forms = Some(forms);
        }
        kit
    }

    /// Takes in what another process learned (entries of this program's searches).
    pub fn take_in(&mut self, entries: &LearnedEntries) {
        self.base.take_in(entries);
        if let Some(forms) = self.forms.as_mut() {
            forms.take_in_from_pool(entries.states());
        }
    }
}

/// A running outcome question.
pub(crate) enum OutcomeJob {
    Couple(NormalSearch),
    Race(Box<OutcomeRace>),
    Dfpn(Box<DfpnSearch>),
    Whole(MisereSearch),
    Forms(MisereFormSearch),
}

impl OutcomeJob {
    /// Starts "is `position` plus a heap of `heap` lost?" (misère methods: `heap` must be 0),
    /// taking the base and tables out of `kit` until [`OutcomeJob::finish`].
    pub fn start(method: Method, position: &Position, heap: u32, kit: &mut Kit) -> OutcomeJob {
        let base = std::mem::take(&mut kit.base);
        match method {
            Method::Normal if heap == 0 && OutcomeRace::pays(position) => OutcomeJob::Race(
                Box::new(OutcomeRace::new(position, base, DfpnOptions::default())),
            ),
            Method::Normal => OutcomeJob::Couple(NormalSearch::losing(position, heap, base)),
            Method::Dfpn => OutcomeJob::Dfpn(Box::new(DfpnSearch::couple(
                position,
                heap,
                base,
                std::mem::take(&mut kit.table),
                DfpnOptions::default(),
            ))),
            Method::MisereWhole => OutcomeJob::Whole(MisereSearch::new(position, base)),
            Method::MisereForms(lives) => {
                let forms = kit
                    .forms
                    .take()
                    .filter(|f| f.max_lives() == lives)
                    .unwrap_or_else(|| LandForms::new(lives));
                let mut search = MisereFormSearch::with_forms(position, base, forms);
                search.share_busy(kit.busy.clone());
                OutcomeJob::Forms(search)
            }
        }
    }

    pub fn nodes(&self) -> u64 {
        match self {
            OutcomeJob::Couple(search) => search.nodes(),
            OutcomeJob::Race(race) => race.nodes(),
            OutcomeJob::Dfpn(search) => search.nodes(),
            OutcomeJob::Whole(search) => search.nodes(),
            OutcomeJob::Forms(search) => search.nodes(),
        }
    }

    /// The base and the misère forms the search is writing what it learns to.
    pub fn learning_mut(&mut self) -> (&mut Base, Option<&mut LandForms>) {
        match self {
            OutcomeJob::Couple(search) => (search.base_mut(), None),
            OutcomeJob::Race(race) => (race.base_mut(), None),
            OutcomeJob::Dfpn(search) => (search.base_mut(), None),
            OutcomeJob::Whole(search) => (search.base_mut(), None),
            OutcomeJob::Forms(search) => {
                let (base, forms) = search.learning_mut();
                (base, Some(forms))
            }
        }
    }

    /// What the search's base (and misère forms) learned since the last call, as
    /// another process takes them in (the search holds the kit's base while it runs).
    pub fn take_learned(&mut self) -> LearnedEntries {
        let (base, forms) = self.learning_mut();
        let entries = base.take_learned();
        entries.with_states(forms.map(LandForms::take_for_pool).unwrap_or_default())
    }

    /// Takes in what another process learned, into the running search's base and forms.
    pub fn take_in(&mut self, entries: &LearnedEntries) {
        let (base, forms) = self.learning_mut();
        base.take_in(entries);
        if let Some(forms) = forms {
            forms.take_in_from_pool(entries.states());
        }
    }

    /// Puts the base (with what was learned, finished or not: only proven facts) and the tables
    /// back into `kit`.
    pub fn finish(self, kit: &mut Kit) {
        kit.base = match self {
            OutcomeJob::Couple(search) => search.into_base(),
            OutcomeJob::Race(race) => race.into_base(),
            OutcomeJob::Dfpn(search) => {
                let (base, table) = search.into_parts();
                kit.table = table;
                base
            }
            OutcomeJob::Whole(search) => search.into_base(),
            OutcomeJob::Forms(search) => {
                let (base, forms) = search.into_parts();
                kit.forms = Some(forms);
                base
            }
        };
    }
}

impl Search for OutcomeJob {
    type Answer = bool;

    /// Runs about `budget` nodes; `Done(true)` when the question's position is lost.
    fn step(&mut self, budget: u64) -> Step<bool> {
        match self {
            OutcomeJob::Couple(search) => match search.step(budget) {
                Step::Done(answer) => Step::Done(answer == NormalAnswer::Losing(true)),
                Step::Running { nodes, depth } => Step::Running { nodes, depth },
            },
            OutcomeJob::Race(race) => race.step(budget),
            OutcomeJob::Dfpn(search) => search.step(budget),
            OutcomeJob::Whole(search) => search.step(budget),
            OutcomeJob::Forms(search) => search.step(budget),
        }
    }
}
