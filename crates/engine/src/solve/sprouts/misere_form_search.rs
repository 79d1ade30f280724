//! Misère outcomes by simplest forms. A position is split into its large lands, kept as Sprouts
//! positions, and its small lands, replaced by the misère simplest form of their sum
//! ([`LandForms`]). As equal games stay equal in any sum, the outcome of the position is that of
//! the state (large lands + that one form), and many positions share a state. The search moves
//! either in a large land or in the form (to one of its options), memoises states, and runs over
//! an explicit stack in budgeted slices like [`super::MisereSearch`].
//!
//! States whose form is zero are plain positions: their outcomes are read from and written to the
//! [`Base`] (misère entries), as is the root's. The others are written in the land forms' ids, so
//! they are kept with the land forms (`LandForms::learned`) and serve the next question too.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::games::sprouts::{Land, PendingChild, Position};

use super::base::Base;
use super::busy_states::BusyStates;
use super::child_order::{misere_child_key, FORM_MOVE_WEIGHT};
use super::misere_form_state::{lands_invariant, FormState};
use super::misere_forms::FormId;
use super::misere_lands::LandForms;
use super::search::{Search, Step};

/// Lands with at most this many lives get a form by default. Larger bounds cost more on small
/// starts (their forms are computed exhaustively) and save states on large ones. Measured (release,
/// CPU seconds, misère starts 9 / 10 / 11 / 12 spots): 8 lives –/–/–/178; 9 lives 1.3/2.1/1.4/116;
/// 10 lives 2.0/3.4/2.1/92; 11 lives 3.0/6.1/2.7/83.
pub const DEFAULT_FORM_LIVES: u32 = 10;

/// States learned by earlier searches that a new search starts with, at most (memory between
/// questions stays bounded; the 11-spot misère start with every move learns 880,000).
pub const LEARNED_KEPT: usize = 1_000_000;

/// A child still to be tried: a state, or a move in a large land not yet put into canonical form
/// (the costly step), named when the search reaches it — never, if an earlier child settles the frame.
enum Open {
    Ready(FormState),
    Pending(PendingChild, FormId),
}

struct Frame {
    state: FormState,
    /// Children not known to be won, cheapest first.
    children: Vec<Open>,
    next: usize,
    /// Children put off to the end because another thread was searching them.
    put_off: usize,
}

/// A misère-play search for whether a position is lost for the player to move, on forms.
pub struct MisereFormSearch {
    base: Base,
    lands: LandForms,
    root: Position,
    stack: Vec<Frame>,
    pending: Option<bool>,
    nodes: u64,
    /// The states every thread of a parallel run is searching, when there are others.
    busy: Option<Arc<BusyStates>>,
    /// Moves put off because another thread was on them.
    put_off: u64,
}

impl MisereFormSearch {
    /// A search of `position` over `base`, with forms for lands of at most [`DEFAULT_FORM_LIVES`].
    pub fn new(position: &Position, base: Base) -> MisereFormSearch {
        MisereFormSearch::with_forms(position, base, LandForms::new(DEFAULT_FORM_LIVES))
    }

    /// A search that reuses (and extends) the land forms of an earlier one, and what the earlier
    /// searches learned unless that passed [`LEARNED_KEPT`] states.
    pub fn with_forms(position: &Position, base: Base, mut lands: LandForms) -> MisereFormSearch {
        lands.trim_learned(LEARNED_KEPT);
        let mut search = MisereFormSearch {
            base,
            lands,
            root: position.clone(),
            stack: Vec::new(),
            pending: None,
            nodes: 0,
            busy: None,
            put_off: 0,
        };
        search.pending = match search.base.misere_losing(position) {
            Some(known) => Some(known),
            None => {
                let root = search.state_of(position.lands().to_vec(), FormId::ZERO);
                search.start(root)
            }
        };
        search
    }

    /// Nodes (states) expanded so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn base(&self) -> &Base {
        &self.base
    }

    /// Moves put off so far because another thread was on them.
    pub fn put_off(&self) -> u64 {
        self.put_off
    }

    /// The base, to take in entries learned elsewhere during the search (see `learning`, `Base::take_in`).
    pub fn base_mut(&mut self) -> &mut Base {
        &mut self.base
    }

    /// The base and the land forms, to hand on what they learned and take in what other threads did.
    pub(super) fn learning_mut(&mut self) -> (&mut Base, &mut LandForms) {
        (&mut self.base, &mut self.lands)
    }

    pub fn into_base(self) -> Base {
        self.into_parts().0
    }

    /// The base and the land forms, for a later search.
    pub fn into_parts(mut self) -> (Base, LandForms) {
        self.share_busy(None);
        (self.base, self.lands)
    }

    /// Tells the other threads of a run which states this search is on, and puts off a move to
    /// one they are on (`None`: alone again).
    pub(super) fn share_busy(&mut self, busy: Option<Arc<BusyStates>>) {
        if let Some(old) = &self.busy {
            self.stack.iter().for_each(|frame| old.leave(&frame.state));
        }
        if let Some(new) = &busy {
            self.stack.iter().for_each(|frame| new.enter(&frame.state));
        }
        self.busy = busy;
    }

    /// The land forms computed so far.
    pub fn land_forms(&self) -> &LandForms {
        &self.lands
    }

    pub(super) fn land_forms_mut(&mut self) -> &mut LandForms {
        &mut self.lands
    }

    /// The state of `lands` plus a form: small lands are folded into the form.
    fn state_of(&mut self, lands: Vec<Land>, form: FormId) -> FormState {
        FormState::of(lands, form, &mut self.lands)
    }

    /// The outcome of a state, if known: settled by its form, proven by a form proof the land
    /// forms carry, in the base (a plain position) or found by this search.
    pub(super) fn known(&self, state: &FormState) -> Option<bool> {
        if let Some(known) = state.settled_by_form(&self.lands) {
            return Some(known);
        }
        if let Some(known) = self.lands.proven(state) {
            return Some(known);
        }
        if state.form == FormId::ZERO {
            return self.base.misere_losing(&state.large);
        }
        self.lands.learned(state)
    }

    /// Outcomes of plain positions go to the base, of the others to the land forms (see
    /// [`LandForms::learn`]).
    fn record(&mut self, state: FormState, losing: bool) {
        if state.form == FormId::ZERO {
            self.base.insert_misere(&state.large, losing);
        }
        self.lands.learn(state, losing);
    }

    fn finish(&mut self, state: FormState, losing: bool) {
        if let Some(busy) = &self.busy {
            busy.leave(&state);
        }
        self.record(state, losing);
        self.pending = Some(losing);
    }

    fn advance(&mut self, mut frame: Frame) {
        while frame.next < frame.children.len() {
            let child = self.named(&mut frame.children[frame.next]);
            let last = frame.next + 1 == frame.children.len();
            if !last && frame.put_off < frame.children.len() && self.busy_elsewhere(&child) {
                let open = frame.children.remove(frame.next);
                frame.children.push(open);
                frame.put_off += 1;
                self.put_off += 1;
                continue;
            }
            let depth = self.stack.len();
            match self.start(child) {
                Some(true) => return self.finish(frame.state, false),
                Some(false) => frame.next += 1,
                None => {
                    self.stack.insert(depth, frame);
                    return;
                }
            }
        }
        // No child is lost for the opponent: this state is lost.
        self.finish(frame.state, true);
    }

    /// Whether another thread is searching this state and it is not known yet.
    fn busy_elsewhere(&self, state: &FormState) -> bool {
        self.busy
            .as_ref()
            .is_some_and(|busy| busy.contains(state) && self.known(state).is_none())
    }

    /// The state of an open child (named now, and kept named, if it was pending).
    fn named(&mut self, open: &mut Open) -> FormState {
        let state = match std::mem::replace(open, Open::Ready(FormState::default())) {
            Open::Ready(state) => state,
            Open::Pending(child, form) => self.state_of(child.into_lands(), form),
        };
        *open = Open::Ready(state.clone());
        state
    }

    /// Answers at once if known or settled by a known child, or pushes a frame and returns `None`.
    fn start(&mut self, state: FormState) -> Option<bool> {
        if let Some(known) = self.known(&state) {
            return Some(known);
        }
        self.nodes += 1;
        let mut unknown = Vec::new();
        // Moves in the form: cheap, and each may be known.
        let options = self.lands.forms().options(state.form).to_vec();
        for form in options {
            let child = FormState {
                large: state.large.clone(),
                form,
            };
            match self.known(&child) {
                Some(true) => {
                    self.record(state, false);
                    return Some(false);
                }
                Some(false) => {}
                None => unknown.push(Open::Ready(child)),
            }
        }
        // Moves in the large lands: only a child of small lands only, or whose large lands have
        // the invariant of a lost state's, can be known lost; the others stay pending.
        let max_lives = self.lands.max_lives();
        let mut pending = Vec::new();
        let refuted = state
            .large
            .pending_children_until(|child| {
                let all_small = child.land_lives().all(|lives| lives <= max_lives);
                let large_invariant = lands_invariant(
                    child
                        .invariants()
                        .zip(child.land_lives())
                        .filter(|&(_, lives)| lives > max_lives)
                        .map(|(invariant, _)| invariant),
                );
                // A child of small lands only is a form, known at once.
                if all_small
                    || self.lands.may_be_learned_lost(large_invariant)
                    || self.lands.may_be_proven_lost(large_invariant)
                {
                    let child = self.state_of(child.into_lands(), state.form);
                    match self.known(&child) {
                        Some(true) => return ControlFlow::Break(()),
                        Some(false) => {}
                        None => unknown.push(Open::Ready(child)),
                    }
                } else {
                    pending.push(child);
                }
                ControlFlow::Continue(())
            })
            .is_break();
        if refuted {
            self.record(state, false);
            return Some(false);
        }
        unknown.extend(pending.into_iter().map(|c| Open::Pending(c, state.form)));
        if unknown.is_empty() {
            self.record(state, true);
            return Some(true);
        }
        let forms = self.lands.forms();
        let form_moves = |form: FormId| FORM_MOVE_WEIGHT * forms.options(form).len() as u64;
        unknown.sort_by_cached_key(|child| match child {
            Open::Ready(c) => {
                let moves: u64 = c.large.lands().iter().map(Land::estimated_moves).sum();
                misere_child_key(
                    moves + form_moves(c.form),
                    c.large.lands().len(),
                    c.large.lives(),
                )
            }
            Open::Pending(c, form) => misere_child_key(
                c.land_estimated_moves().sum::<u64>() + form_moves(*form),
                c.land_count(),
                c.land_lives().sum(),
            ),
        });
        if let Some(busy) = &self.busy {
            busy.enter(&state);
        }
        self.stack.push(Frame {
            state,
            children: unknown,
            next: 0,
            put_off: 0,
        });
        None
    }
}

impl Search for MisereFormSearch {
    type Answer = bool;

    /// Runs until done (answer: lost for the player to move?) or until `budget` nodes were expanded.
    fn step(&mut self, budget: u64) -> Step<bool> {
        let stop_at = self.nodes.saturating_add(budget);
        loop {
            let Some(mut frame) = self.stack.pop() else {
                let answer = self.pending.unwrap_or(false);
                self.base.insert_misere(&self.root, answer);
                return Step::Done(answer);
            };
            if self.nodes >= stop_at {
                self.stack.push(frame);
                return Step::Running {
                    nodes: self.nodes,
                    depth: self.stack.len(),
                };
            }
            if let Some(child_lost) = self.pending.take() {
                if child_lost {
                    self.finish(frame.state, false);
                    continue;
                }
                frame.next += 1;
            }
            self.advance(frame);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::sprouts::MisereSearch;

    /// Every child of every position here marked as searched by "another thread": the search puts
    /// them off, and answers as the search on whole positions (no forms) does.
    #[test]
    fn putting_off_busy_states_changes_no_answer() {
        let mut put_off = 0;
        let start: Position = "0*5".parse().unwrap();
        let positions: Vec<Position> = std::iter::once(start.clone())
            .chain(start.children())
            .chain(["0*4", "0*3.AB|0.AB", "0*2.1a2a"].map(|p| p.parse().unwrap()))
            .collect();
        for position in positions {
            let mut lands = LandForms::new(4);
            let busy = Arc::new(BusyStates::default());
            let root = FormState::of_position(&position, &mut lands);
            let _ = root.children_until(&mut lands, |child, _| {
                busy.enter(&child);
                ControlFlow::<()>::Continue(())
            });
            let mut search = MisereFormSearch::with_forms(&position, Base::new(), lands);
            search.share_busy(Some(busy));
            let answer = search.run();
            put_off += search.put_off();
            let whole = MisereSearch::new(&position, Base::new()).run();
            assert_eq!(answer, whole, "{position}");
        }
        assert!(put_off > 0, "some move was put off");
    }
}
