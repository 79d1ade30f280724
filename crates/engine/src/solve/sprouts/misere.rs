//! Misère play: the player who cannot move wins. Sums do not decompose by XOR, so the search works
//! on whole canonical positions, memoised in the base (both outcomes are stored).
//! Explicit stack, budgeted slices, as in the normal search; as there, only children whose invariant
//! is that of a known lost position are put into canonical form at once, the others when reached.

use std::ops::ControlFlow;

use rustc_hash::FxHashSet as HashSet;

use crate::games::sprouts::{Land, Position};

use super::base::Base;
use super::child_order::misere_child_key;
use super::open_child::OpenChild;
use super::search::{Search, Step};

struct Frame {
    key: Vec<u8>,
    /// Children not known to be won, cheapest first.
    children: Vec<OpenChild>,
    next: usize,
}

/// A misère-play search for whether a position is lost for the player to move.
pub struct MisereSearch {
    base: Base,
    stack: Vec<Frame>,
    pending: Option<bool>,
    nodes: u64,
}

impl MisereSearch {
    pub fn new(position: &Position, base: Base) -> MisereSearch {
        let mut search = MisereSearch {
            base,
            stack: Vec::new(),
            pending: None,
            nodes: 0,
        };
        search.pending = search.start(position);
        search
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn base(&self) -> &Base {
        &self.base
    }

    /// The base, to take in entries learned elsewhere during the search (see `learning`).
    pub(crate) fn base_mut(&mut self) -> &mut Base {
        &mut self.base
    }

    pub fn into_base(self) -> Base {
        self.base
    }

    fn finish(&mut self, key: Vec<u8>, losing: bool) {
        self.record(key, losing);
        self.pending = Some(losing);
    }

    fn record(&mut self, key: Vec<u8>, losing: bool) {
        self.base.insert_misere_key(key, losing);
    }

    fn advance(&mut self, mut frame: Frame) {
        while frame.next < frame.children.len() {
            let child = frame.children[frame.next].named();
            let depth = self.stack.len();
            match self.start(&child) {
                Some(true) => return self.finish(frame.key, false),
                Some(false) => frame.next += 1,
                None => {
                    self.stack.insert(depth, frame);
                    return;
                }
            }
        }
        // No child is lost for the opponent: this position is lost.
        self.finish(frame.key, true);
    }

    /// Answers at once from the base, or pushes a frame and returns `None`.
    fn start(&mut self, position: &Position) -> Option<bool> {
        if position.is_terminal() {
            return Some(false); // no move: the player to move has won
        }
        let key = position.key();
        if let Some(known) = self.base.misere_losing_key(&key) {
            return Some(known);
        }
        self.nodes += 1;
        let mut unknown = Vec::new();
        let mut seen: HashSet<Position> = HashSet::default();
        let base = &self.base;
        // Only a child whose invariant is that of a known lost position can be known lost: the
        // others stay pending (not in canonical form) until the search reaches them.
        let refuted = position
            .pending_children_until(|child| {
                if !base.may_be_misere_losing(child.position_invariant()) {
                    unknown.push(OpenChild::Pending(child));
                    return ControlFlow::Continue(());
                }
                let child = Position::from_lands(child.into_lands());
                if seen.contains(&child) {
                    return ControlFlow::Continue(());
                }
                match base.misere_losing(&child) {
                    Some(true) => return ControlFlow::Break(()),
                    Some(false) => {}
                    None => unknown.push(OpenChild::Named(child.clone())),
                }
                seen.insert(child);
                ControlFlow::Continue(())
            })
            .is_break();
        if refuted {
            self.record(key, false);
            return Some(false);
        }
        if unknown.is_empty() {
            self.record(key, true);
            return Some(true);
        }
        unknown.sort_by_cached_key(|child| match child {
            OpenChild::Named(c) => {
                let moves: u64 = c.lands().iter().map(Land::estimated_moves).sum();
                misere_child_key(moves, c.lands().len(), c.lives())
            }
            OpenChild::Pending(c) => misere_child_key(
                c.land_estimated_moves().sum(),
                c.land_count(),
                c.land_lives().sum(),
            ),
        });
        self.stack.push(Frame {
            key,
            children: unknown,
            next: 0,
        });
        None
    }
}

impl Search for MisereSearch {
    type Answer = bool;

    /// Runs until done (answer: lost for the player to move?) or until `budget` nodes were expanded.
    fn step(&mut self, budget: u64) -> Step<bool> {
        let stop_at = self.nodes.saturating_add(budget);
        loop {
            let Some(mut frame) = self.stack.pop() else {
                return Step::Done(self.pending.unwrap_or(false));
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
                    self.finish(frame.key, false);
                    continue;
                }
                frame.next += 1;
            }
            self.advance(frame);
        }
    }
}
