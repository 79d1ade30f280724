//! Misère simplest forms of small Sprouts lands. A land's form is the simplest form of the game
//! whose options are its children, each child (a sum of lands) by the form of that sum. Misère
//! equality is kept by sums (G = H ⇒ G + X = H + X), so a position's misère outcome depends only on
//! the forms of its lands. Forms are computed exhaustively (no pruning), so only for lands with at
//! most `max_lives` lives, where that is cheap.

use std::ops::ControlFlow;
use std::sync::Arc;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::games::sprouts::{Land, Position};

use super::misere_form_state::FormState;
use super::misere_forms::{FormId, MisereForms, SharedForms};
use super::pool_states::{LearnedState, PoolStates};

/// Forms of the lands met so far, up to a lives bound; the outcomes of the form states a form
/// proof holds (see [`super::check_form_proof`]); and those the searches over these forms found.
/// Both are written in these forms' ids, so they travel with them.
pub struct LandForms {
    forms: MisereForms,
    lands: HashMap<Land, FormId>,
    max_lives: u32,
    /// Boxed: a search holds its land forms, and most hold no proof.
    proven: Box<StateOutcomes>,
    /// States with a non-zero form decided by searches (plain positions go to the base): kept
    /// from one question to the next, as the base is, since neighbouring questions share many
    /// states (11-spot misère with every move, one thread: 116 s with each question afresh, 96 s
    /// keeping them).
    learned: StateOutcomes,
    /// While set (in a parallel run, or a pool of workers), every state learned is also noted
    /// here, for the other threads (see `learning`) or workers. Boxed, as `proven`.
    noting: Option<Box<Noting>>,
}

/// What a `LandForms` notes for other threads or workers.
#[derive(Default)]
struct Noting {
    /// The states learned since they were last handed on.
    fresh: Vec<(FormState, bool)>,
    /// In a pool of workers, each with a table of its own: how states are named to the others.
    pool: Option<PoolStates>,
}

/// Outcomes of form states.
#[derive(Default)]
struct StateOutcomes {
    /// Lost for the player to move?
    outcomes: HashMap<FormState, bool>,
    /// [`FormState::large_invariant`] of every lost state: a search names at once the moves that
    /// may reach one (see `MisereFormSearch`).
    lost_large: HashSet<u64>,
}

impl StateOutcomes {
    fn insert(&mut self, state: FormState, lost: bool) {
        if lost {
            self.lost_large.insert(state.large_invariant());
        }
        self.outcomes.insert(state, lost);
    }
}

impl LandForms {
    /// Forms of lands with at most `max_lives` lives.
    pub fn new(max_lives: u32) -> LandForms {
        LandForms {
            forms: MisereForms::new(),
            lands: HashMap::default(),
            max_lives,
            proven: Box::default(),
            learned: StateOutcomes::default(),
            noting: None,
        }
    }

    /// Forms numbered as every other `LandForms` sharing `shared` numbers them, so that the
    /// states one learns hold for the others: those of a parallel run's threads. Notes what it
    /// learns for them ([`LandForms::take_fresh`]).
    pub(crate) fn sharing(max_lives: u32, shared: Arc<SharedForms>) -> LandForms {
        LandForms {
            forms: MisereForms::sharing(shared),
            noting: Some(Box::default()),
            ..LandForms::new(max_lives)
        }
    }

    /// Whether these forms are numbered as `shared` numbers them.
    pub(crate) fn shares(&self, shared: &Arc<SharedForms>) -> bool {
        self.forms.shares(shared)
    }

    pub fn max_lives(&self) -> u32 {
        self.max_lives
    }

    pub fn forms(&self) -> &MisereForms {
        &self.forms
    }

    pub fn forms_mut(&mut self) -> &mut MisereForms {
        &mut self.forms
    }

    /// The outcome of a state of a form proof (lost for the player to move?).
    pub fn proven(&self, state: &FormState) -> Option<bool> {
        self.proven.outcomes.get(state).copied()
    }

    /// Whether some lost state proven has large lands of this [`FormState::large_invariant`].
    pub fn may_be_proven_lost(&self, large_invariant: u64) -> bool {
        self.proven.lost_large.contains(&large_invariant)
    }

    /// Number of states of form proofs held.
    pub fn proven_len(&self) -> usize {
        self.proven.outcomes.len()
    }

    /// Every state proven, in no order.
    pub(super) fn proven_states(&self) -> impl Iterator<Item = (&FormState, bool)> {
        self.proven
            .outcomes
            .iter()
            .map(|(state, &lost)| (state, lost))
    }

    /// Holds a state's outcome, proven elsewhere.
    pub(super) fn hold_proven(&mut self, state: FormState, lost: bool) {
        self.proven.insert(state, lost);
    }

    /// The outcome of a state a search over these forms decided (lost for the player to move?).
    pub(super) fn learned(&self, state: &FormState) -> Option<bool> {
        self.learned.outcomes.get(state).copied()
    }

    /// Notes the outcome a search found; a plain position's (zero form) adds only its invariant.
    /// While sharing, it is also noted for the other threads (a plain position only when lost: its
    /// outcome travels in the base, and its invariant here).
    pub(super) fn learn(&mut self, state: FormState, lost: bool) {
        if let Some(noting) = self
            .noting
            .as_mut()
            .filter(|_| lost || state.form != FormId::ZERO)
        {
            noting.fresh.push((state.clone(), lost));
        }
        self.note(state, lost);
    }

    fn note(&mut self, state: FormState, lost: bool) {
        if state.form == FormId::ZERO {
            if lost {
                self.learned.lost_large.insert(state.large_invariant());
            }
            return;
        }
        self.learned.insert(state, lost);
    }

    /// The states learned since the last call (see [`LandForms::sharing`]).
    pub(crate) fn take_fresh(&mut self) -> Vec<(FormState, bool)> {
        self.noting
            .as_mut()
            .map(|noting| std::mem::take(&mut noting.fresh))
            .unwrap_or_default()
    }

    /// Takes in states another `LandForms` sharing the same numbering learned, without noting them
    /// as fresh here.
    pub(crate) fn absorb<'a>(&mut self, states: impl IntoIterator<Item = &'a (FormState, bool)>) {
        for (state, lost) in states {
            if !self.learned.outcomes.contains_key(state) {
                self.note(state.clone(), *lost);
            }
        }
    }

    /// Notes what is learned from now on for the other workers of a pool, each with a table of its
    /// own ([`LandForms::take_for_pool`]). Forms shared by threads hand their states on already.
    pub(crate) fn note_for_pool(&mut self) {
        if !self.forms.is_shared() {
            let noting = self.noting.get_or_insert_with(Box::default);
            noting.pool.get_or_insert_with(PoolStates::default);
        }
    }

    /// The states learned since the last call, for the other workers of a pool (none unless
    /// [`LandForms::note_for_pool`]). Also takes in the states heard of earlier that waited for
    /// forms met since (a worker calls this after every slice of its search).
    pub(crate) fn take_for_pool(&mut self) -> Vec<LearnedState> {
        let Some(noting) = &mut self.noting else {
            return Vec::new();
        };
        let Some(pool) = &mut noting.pool else {
            return Vec::new();
        };
        let named = pool.receive(&self.forms, &[]);
        let sent = pool.send(&self.forms, std::mem::take(&mut noting.fresh));
        self.absorb(&named);
        sent
    }

    /// Number of states heard of from a pool that wait for their forms.
    #[cfg(test)]
    pub(crate) fn waiting_len(&self) -> usize {
        self.pool().map_or(0, PoolStates::waiting_len)
    }

    fn pool(&self) -> Option<&PoolStates> {
        self.noting.as_ref()?.pool.as_ref()
    }

    fn pool_mut(&mut self) -> Option<&mut PoolStates> {
        self.noting.as_mut()?.pool.as_mut()
    }

    /// Takes in states another worker of the pool learned (see [`super::pool_states`]), without
    /// noting them as fresh here; from now on, notes what is learned for the others.
    pub(crate) fn take_in_from_pool(&mut self, states: &[LearnedState]) {
        self.note_for_pool();
        let Some(pool) = self.noting.as_mut().and_then(|n| n.pool.as_mut()) else {
            return;
        };
        // (Not `pool_mut`: `self.forms` is read while the pool is borrowed.)
        let named = pool.receive(&self.forms, states);
        self.absorb(&named);
    }

    /// Stops noting for a pool (what was noted and not handed over is dropped): the next question
    /// may run alone.
    pub(crate) fn leave_pool(&mut self) {
        if self.pool().is_some() {
            self.noting = None;
        }
    }

    /// Whether some lost state learned has large lands of this [`FormState::large_invariant`].
    pub(super) fn may_be_learned_lost(&self, large_invariant: u64) -> bool {
        self.learned.lost_large.contains(&large_invariant)
    }

    /// Number of states learned by searches.
    pub fn learned_len(&self) -> usize {
        self.learned.outcomes.len()
    }

    /// Drops what the searches learned (the forms and proofs stay).
    pub fn forget_learned(&mut self) {
        self.learned = StateOutcomes::default();
    }

    /// Drops what the searches learned if that is more than `max_states` states (memory kept
    /// between questions stays bounded). Forms shared by the threads of a parallel run are kept
    /// whole: they live only as long as the run, whose questions are parts of one (as a single
    /// search keeps all it learns), and a thread could not take back what the others handed it.
    pub fn trim_learned(&mut self, max_states: usize) {
        if !self.forms.is_shared() && self.learned_len() > max_states {
            self.forget_learned();
        }
        if let Some(pool) = self.pool_mut().filter(|p| p.waiting_len() > max_states) {
            pool.forget_waiting();
        }
    }

    /// Number of lands whose form is known.
    pub fn land_count(&self) -> usize {
        self.lands.len()
    }

    /// Whether the land is small enough to get a form.
    pub fn covers(&self, land: &Land) -> bool {
        land.lives() <= self.max_lives
    }

    /// The form of a land, or `None` when it has more than `max_lives` lives. Each move takes one
    /// life, so the recursion is at most `max_lives` deep.
    pub fn form(&mut self, land: &Land) -> Option<FormId> {
        if !self.covers(land) {
            return None;
        }
        Some(self.form_of_small(land))
    }

    fn form_of_small(&mut self, land: &Land) -> FormId {
        if let Some(&form) = self.lands.get(land) {
            return form;
        }
        let mut options = Vec::new();
        for child in land.children() {
            let parts: Vec<FormId> = child.iter().map(|l| self.form_of_small(l)).collect();
            options.push(self.forms.sum(&parts));
        }
        let form = self.forms.game(options);
        self.lands.insert(land.clone(), form);
        form
    }
}

/// Making and moving form states needs the forms of lands, so it is here; the state itself is in
/// `misere_form_state`, which the tables of outcomes above (and `pool_states`) build on.
impl FormState {
    /// The state of a position's `lands` plus `form`: small lands are folded into the form.
    pub fn of(lands: Vec<Land>, form: FormId, forms: &mut LandForms) -> FormState {
        let mut parts = vec![form];
        let mut large = Vec::new();
        for land in lands {
            match forms.form(&land) {
                Some(f) => parts.push(f),
                None => large.push(land),
            }
        }
        FormState {
            large: Position::from_lands(large),
            form: forms.forms_mut().sum(&parts),
        }
    }

    /// The state of a whole position.
    pub fn of_position(position: &Position, forms: &mut LandForms) -> FormState {
        FormState::of(position.lands().to_vec(), FormId::ZERO, forms)
    }

    /// The outcome when no large land is left (lost for the player to move?), read from the form.
    pub fn settled_by_form(&self, forms: &LandForms) -> Option<bool> {
        self.large
            .is_terminal()
            .then(|| forms.forms().losing(self.form))
    }

    /// Hands each child state to `visit` (moves in the form first, then in the large lands; a state
    /// may come more than once) and stops as soon as `visit` breaks.
    pub fn children_until<B>(
        &self,
        forms: &mut LandForms,
        mut visit: impl FnMut(FormState, &LandForms) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for option in forms.forms().options(self.form).to_vec() {
            let child = FormState {
                large: self.large.clone(),
                form: option,
            };
            visit(child, forms)?;
        }
        self.large.children_until(|child| {
            let state = FormState::of(child.lands().to_vec(), self.form, forms);
            visit(state, forms)
        })
    }
}
