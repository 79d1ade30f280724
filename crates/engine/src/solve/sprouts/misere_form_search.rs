//! Misère outcomes by simplest forms. A position is split into its large lands, kept as Sprouts
//! positions, and its small lands, replaced by the misère simplest form of their sum
//! ([`LandForms`]). As equal games stay equal in any sum, the outcome of the position is that of
//! the state (large lands + that one form), and many positions share a state. The search moves
//! either in a large land or in the form (to one of its options), memoises states, and runs over
//! an explicit stack in budgeted slices like [`super::MisereSearch`].
//!
//! States whose form is zero are plain positions: their outcomes are read from and written to the
//! [`Base`] (misère entries), as is the root's.

use std::cmp::Reverse;
use std::rc::Rc;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::games::sprouts::{Land, Position};

use super::base::Base;
use super::misere_forms::FormId;
use super::misere_lands::LandForms;
use super::normal::Step;

/// Lands with at most this many lives get a form by default (measured: see the benchmark notes).
pub const DEFAULT_FORM_LIVES: u32 = 9;

/// A move in a large land: the large lands it leaves and the form of the small ones.
type LandMove = (Vec<Land>, FormId);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    /// The lands too large for a form.
    large: Position,
    /// The form of the sum of the other lands.
    form: FormId,
}

struct Frame {
    state: State,
    /// Children not known to be won, cheapest first.
    children: Vec<State>,
    next: usize,
}

/// A misère-play search for whether a position is lost for the player to move, on forms.
pub struct MisereFormSearch {
    base: Base,
    lands: LandForms,
    /// Outcomes (lost for the player to move?) of states with a non-zero form.
    memo: HashMap<State, bool>,
    land_moves: HashMap<Land, Rc<[LandMove]>>,
    root: Position,
    stack: Vec<Frame>,
    pending: Option<bool>,
    nodes: u64,
}

impl MisereFormSearch {
    /// A search of `position` over `base`, with forms for lands of at most [`DEFAULT_FORM_LIVES`].
    pub fn new(position: &Position, base: Base) -> MisereFormSearch {
        MisereFormSearch::with_forms(position, base, LandForms::new(DEFAULT_FORM_LIVES))
    }

    /// A search that reuses (and extends) the land forms of an earlier one.
    pub fn with_forms(position: &Position, base: Base, lands: LandForms) -> MisereFormSearch {
        let mut search = MisereFormSearch {
            base,
            lands,
            memo: HashMap::default(),
            land_moves: HashMap::default(),
            root: position.clone(),
            stack: Vec::new(),
            pending: None,
            nodes: 0,
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

    pub fn into_base(self) -> Base {
        self.base
    }

    /// The base and the land forms, for a later search.
    pub fn into_parts(self) -> (Base, LandForms) {
        (self.base, self.lands)
    }

    /// Large lands whose moves are cached, and their moves in all.
    pub fn large_land_stats(&self) -> (usize, usize) {
        let moves = self.land_moves.values().map(|m| m.len()).sum();
        (self.land_moves.len(), moves)
    }

    /// The land forms computed so far.
    pub fn land_forms(&self) -> &LandForms {
        &self.lands
    }

    /// Runs until done (answer: lost for the player to move?) or until `budget` nodes were expanded.
    pub fn step(&mut self, budget: u64) -> Step<bool> {
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

    pub fn run(&mut self) -> bool {
        loop {
            if let Step::Done(answer) = self.step(u64::MAX) {
                return answer;
            }
        }
    }

    /// The state of `lands` plus a form: small lands are folded into the form.
    fn state_of(&mut self, lands: Vec<Land>, form: FormId) -> State {
        let mut parts = vec![form];
        let mut large = Vec::new();
        for land in lands {
            match self.lands.form(&land) {
                Some(f) => parts.push(f),
                None => large.push(land),
            }
        }
        State {
            large: Position::from_lands(large),
            form: self.lands.forms_mut().sum(&parts),
        }
    }

    fn known(&self, state: &State) -> Option<bool> {
        if state.large.is_terminal() {
            return Some(self.lands.forms().losing(state.form));
        }
        if state.form == FormId::ZERO {
            return self.base.misere_losing(&state.large);
        }
        self.memo.get(state).copied()
    }

    fn record(&mut self, state: State, losing: bool) {
        if state.form == FormId::ZERO {
            self.base.insert_misere(&state.large, losing);
        } else {
            self.memo.insert(state, losing);
        }
    }

    fn finish(&mut self, state: State, losing: bool) {
        self.record(state, losing);
        self.pending = Some(losing);
    }

    fn advance(&mut self, mut frame: Frame) {
        while frame.next < frame.children.len() {
            let child = frame.children[frame.next].clone();
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

    /// The children of a large land, each split into its large lands and the form of the others.
    /// Cached: a large land comes back in many states (with every follower of their form).
    fn land_moves(&mut self, land: &Land) -> Rc<[LandMove]> {
        if let Some(moves) = self.land_moves.get(land) {
            return moves.clone();
        }
        let moves: Rc<[LandMove]> = land
            .children()
            .into_iter()
            .map(|lands| {
                let split = self.state_of(lands, FormId::ZERO);
                (split.large.lands().to_vec(), split.form)
            })
            .collect();
        self.land_moves.insert(land.clone(), moves.clone());
        moves
    }

    /// Every distinct child state: a move in the form, or in a large land.
    fn children(&mut self, state: &State) -> Vec<State> {
        let mut children: Vec<State> = self
            .lands
            .forms()
            .options(state.form)
            .iter()
            .map(|&form| State {
                large: state.large.clone(),
                form,
            })
            .collect();
        let mut seen: HashSet<State> = children.iter().cloned().collect();
        let lands = state.large.lands();
        for (i, land) in lands.iter().enumerate() {
            if i > 0 && lands[i - 1] == *land {
                continue; // the same land again gives the same children
            }
            for (large, form) in self.land_moves(land).iter() {
                let mut next: Vec<Land> = lands[..i].to_vec();
                next.extend_from_slice(&lands[i + 1..]);
                next.extend_from_slice(large);
                let child = State {
                    large: Position::from_lands(next),
                    form: self.lands.forms_mut().sum(&[state.form, *form]),
                };
                if seen.insert(child.clone()) {
                    children.push(child);
                }
            }
        }
        children
    }

    /// Answers at once if known or settled by a known child, or pushes a frame and returns `None`.
    fn start(&mut self, state: State) -> Option<bool> {
        if let Some(known) = self.known(&state) {
            return Some(known);
        }
        self.nodes += 1;
        let mut unknown = Vec::new();
        for child in self.children(&state) {
            match self.known(&child) {
                Some(true) => {
                    self.record(state, false);
                    return Some(false);
                }
                Some(false) => {}
                None => unknown.push(child),
            }
        }
        if unknown.is_empty() {
            self.record(state, true);
            return Some(true);
        }
        // Few moves first (a quick answer either way), then many lands, then few lives.
        let forms = self.lands.forms();
        unknown.sort_by_cached_key(|child| {
            let moves: u64 = child.large.lands().iter().map(Land::estimated_moves).sum();
            let form_moves = forms.options(child.form).len() as u64;
            (
                moves + form_moves,
                Reverse(child.large.lands().len()),
                child.large.lives(),
            )
        });
        self.stack.push(Frame {
            state,
            children: unknown,
            next: 0,
        });
        None
    }
}
