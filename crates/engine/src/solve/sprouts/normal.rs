//! Normal play: nimbers by the couple search.
//!
//! A couple (P, n) is the position P plus a nim heap of size n; it is lost for the player to move iff
//! nimber(P) = n. Its children are (P', n) for every child P' of P and (P, m) for every m < n. A land
//! sum is handled by the XOR rule: the nimbers of all lands but the largest are computed, and the
//! question becomes a couple on the largest land. Only losing couples (exact nimbers) go into the
//! base; couples found winning are remembered in a transient table for this search.
//!
//! Putting children into canonical form is most of the cost, and most couples are won by a child
//! already known to be lost. So children are generated one at a time before canonical form, and only
//! those whose lands' invariants could carry known nimbers XORing to the heap are named at once;
//! the others stay pending until the search reaches them (never, once a lost child is found).
//!
//! A couple below the root gives each of its children a budget of nodes before trying the next
//! (probing, see [`PROBE_FIRST_BUDGET`]): hard children wait while easy refutations are looked for.
//!
//! The search keeps its state on an explicit stack so it can run in slices ([`NormalSearch::step`]).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::ops::ControlFlow;

use crate::games::sprouts::{Land, Position};

use super::child_order::{couple_child_key, land_size_key};
use super::open_child::OpenChild;
use super::search::{Search, Step};

use super::base::Base;

/// What a finished normal-play search answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NormalAnswer {
    /// Whether the position (plus the heap) is lost for the player to move.
    Losing(bool),
    /// The nimber of the position.
    Nimber(u32),
}

/// `pub(super)` for `search_levels`, which describes the stack and steers it.
pub(super) enum Frame {
    /// Is (land, n) losing? Children not yet known, best first; then heap moves (land, m), m < n.
    Couple {
        land: Land,
        n: u32,
        children: Vec<OpenChild>,
        next: usize,
        /// Nodes the current child may take before it is put back at the end of the list (see
        /// [`PROBE_FIRST_BUDGET`]); `u64::MAX` for no limit.
        budget: u64,
    },
    /// Nimber of `land`: try couples (land, n) for n = 0, 1, … until one is losing.
    Nimber { land: Land, n: u32 },
    /// Is (lands, n) losing? `lands` are the lands of unknown nimber, largest last; `next` is the
    /// one whose nimber is being computed, and `n` has the nimbers found so far XORed in.
    Sum {
        lands: Vec<Land>,
        n: u32,
        next: usize,
    },
    /// Nimber of a position: XOR of its lands' nimbers.
    NimberSum {
        lands: Vec<Land>,
        next: usize,
        acc: u32,
    },
}

/// Probing: below the root, a couple of a land with at least [`PROBE_MIN_LIVES`] lives gives each
/// child but the last a budget of nodes, [`PROBE_FIRST_BUDGET`] at first; a child that runs over is
/// put back at the end of the list and the budget doubles, so an easy refutation further down the
/// list is found before a hard one is finished (the spirit of proof-number search, with the base
/// and the table of won couples as its memory). The root is not probed: its children are all
/// needed when it is lost, and when it is won the first child usually is the winning move.
/// Measured on the n-spot starts (benches/sprouts_start.rs, 12 spots): 33,000 nodes instead of
/// 930,000 without probing; of the first budgets tried (100, 300, 1000, 3000) and least lives
/// (12 to 24), 300 and 16 gave the fewest nodes, and 100 was far worse (450,000).
const PROBE_MIN_LIVES: u32 = 16;
const PROBE_FIRST_BUDGET: u64 = 300;

fn first_budget(land: &Land) -> u64 {
    if land.lives() >= PROBE_MIN_LIVES {
        PROBE_FIRST_BUDGET
    } else {
        u64::MAX
    }
}

/// The lands left once equal pairs cancel (nimber(A) XOR nimber(A) = 0); `lands` is sorted.
pub(super) fn unpaired(lands: &[Land]) -> Vec<&Land> {
    let mut out: Vec<&Land> = Vec::new();
    for land in lands {
        if out.last() == Some(&land) {
            out.pop();
        } else {
            out.push(land);
        }
    }
    out
}

/// A normal-play search over a base; see the module docs.
pub struct NormalSearch {
    pub(super) base: Base,
    /// land key -> bit m set when (land, m) is known to be winning, i.e. nimber(land) != m.
    not_nimber: HashMap<Box<[u8]>, u64>,
    pub(super) stack: Vec<Frame>,
    pub(super) pending: Option<NormalAnswer>,
    nodes: u64,
    /// (stack index of a couple frame, node count at which its current child is abandoned),
    /// shallowest first.
    deadlines: Vec<(usize, u64)>,
    /// Set when the frame on top is resumed because its current child ran over its budget.
    abandoned: bool,
    /// land key -> (heap, budget) of couples that have postponed a child: when such a couple is
    /// started again (its frame was dropped by a probe above it), it goes on with the budget it had.
    probe_budgets: HashMap<Box<[u8]>, Vec<(u32, u64)>>,
}

impl NormalSearch {
    /// A search for the nimber of `position`.
    pub fn nimber(position: &Position, base: Base) -> NormalSearch {
        let mut search = NormalSearch::empty(base);
        search.stack.push(Frame::NimberSum {
            lands: position.lands().to_vec(),
            next: 0,
            acc: 0,
        });
        search
    }

    /// A search for whether `position` plus a nim heap of size `heap` is lost for the player to move.
    pub fn losing(position: &Position, heap: u32, base: Base) -> NormalSearch {
        let mut search = NormalSearch::empty(base);
        if let Some(answer) = search.start_couple(position, heap) {
            search.pending = Some(NormalAnswer::Losing(answer));
        }
        search
    }

    fn empty(base: Base) -> NormalSearch {
        NormalSearch {
            base,
            not_nimber: HashMap::default(),
            stack: Vec::new(),
            pending: None,
            nodes: 0,
            deadlines: Vec::new(),
            abandoned: false,
            probe_budgets: HashMap::default(),
        }
    }

    /// Nodes (couples) expanded so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The base, with everything learned so far.
    pub fn base(&self) -> &Base {
        &self.base
    }

    /// The base, to take in entries learned elsewhere during the search (see `learning`, `Base::take_in`).
    pub fn base_mut(&mut self) -> &mut Base {
        &mut self.base
    }

    /// Gives the base back (e.g. after the search is done or cancelled).
    pub fn into_base(self) -> Base {
        self.base
    }

    fn known_winning(&self, land: &Land, n: u32) -> bool {
        n < 64
            && self
                .not_nimber
                .get(land.key())
                .is_some_and(|bits| bits >> n & 1 == 1)
    }

    fn record_winning(&mut self, land: &Land, n: u32) {
        if n < 64 {
            *self.not_nimber.entry(land.key().into()).or_insert(0) |= 1 << n;
        }
    }

    fn remember_budget(&mut self, land: &Land, n: u32, budget: u64) {
        let budgets = self.probe_budgets.entry(land.key().into()).or_default();
        match budgets.iter_mut().find(|b| b.0 == n) {
            Some(b) => b.1 = budget,
            None => budgets.push((n, budget)),
        }
    }

    /// Answers (position, n) from what is known, without searching.
    fn quick(&self, position: &Position, n: u32) -> Option<bool> {
        let mut target = n;
        let mut unknown = None;
        for land in unpaired(position.lands()) {
            match self.base.nimber_of_land(land) {
                Some(v) => target ^= v,
                None if unknown.is_none() => unknown = Some(land),
                None => return None,
            }
        }
        match unknown {
            None => Some(target == 0),
            Some(land) if self.known_winning(land, target) => Some(false),
            Some(_) => None,
        }
    }

    /// Starts evaluating whether (position, n) is losing: answers at once or pushes a frame.
    fn start_couple(&mut self, position: &Position, n: u32) -> Option<bool> {
        if let Some(answer) = self.quick(position, n) {
            return Some(answer);
        }
        let mut target = n;
        let mut unknown: Vec<Land> = Vec::new();
        for land in unpaired(position.lands()) {
            match self.base.nimber_of_land(land) {
                Some(v) => target ^= v,
                None => unknown.push(land.clone()),
            }
        }
        if unknown.len() == 1 {
            let land = unknown.pop().expect("one land");
            return self.push_couple(land, target);
        } else {
            unknown.sort_by_key(land_size_key);
            self.stack.push(Frame::Sum {
                lands: unknown,
                n: target,
                next: 0,
            });
        }
        None
    }

    /// Children of `land` not answered by [`NormalSearch::quick`] for heap `n`, or `None` when one
    /// of them is known to be lost (then the couple is won and the remaining children are never
    /// built). A child can be known lost only if the nimbers of its lands are known and XOR to `n`:
    /// a child that the base's nimbers by invariant rule out stays pending (not in canonical form) until the
    /// search reaches it, which it never does if an earlier child turns out lost.
    fn open_children(&self, land: &Land, n: u32) -> Option<Vec<OpenChild>> {
        let mut open = Vec::new();
        let mut seen: HashSet<Position> = HashSet::default();
        let known = self.base.land_nimbers();
        let flow = land.pending_children_until(|child| {
            if !known.may_xor_to(child.invariants(), n) {
                open.push(OpenChild::Pending(child));
                return ControlFlow::Continue(());
            }
            let child = Position::from_lands(child.into_lands());
            if seen.contains(&child) {
                return ControlFlow::Continue(());
            }
            match self.quick(&child, n) {
                Some(true) => return ControlFlow::Break(()),
                Some(false) => {}
                None => open.push(OpenChild::Named(child.clone())),
            }
            seen.insert(child);
            ControlFlow::Continue(())
        });
        (!flow.is_break()).then_some(open)
    }

    /// Expands (land, n): answers at once when a child is known to be lost, else pushes a frame.
    fn push_couple(&mut self, land: Land, n: u32) -> Option<bool> {
        self.nodes += 1;
        let Some(mut children) = self.open_children(&land, n) else {
            self.record_winning(&land, n);
            return Some(false);
        };
        children.sort_by_cached_key(|child| match child {
            OpenChild::Named(c) => {
                let unknown: Vec<&Land> = unpaired(c.lands())
                    .into_iter()
                    .filter(|l| self.base.nimber_of_land(l).is_none())
                    .collect();
                let biggest = unknown.iter().map(|l| l.lives()).max().unwrap_or(0);
                let moves: u64 = unknown.iter().map(|l| l.estimated_moves()).sum();
                couple_child_key(biggest, c.lands().len(), moves)
            }
            OpenChild::Pending(c) => {
                let known = self.base.land_nimbers();
                let unknown = |i: &u64| !known.knows(*i);
                let biggest = c
                    .invariants()
                    .zip(c.land_lives())
                    .filter(|(i, _)| unknown(i))
                    .map(|(_, lives)| lives)
                    .max()
                    .unwrap_or(0);
                let moves: u64 = c
                    .invariants()
                    .zip(c.land_estimated_moves())
                    .filter(|(i, _)| unknown(i))
                    .map(|(_, moves)| moves)
                    .sum();
                couple_child_key(biggest, c.land_count(), moves)
            }
        });
        let budget = self
            .probe_budgets
            .get(land.key())
            .and_then(|budgets| budgets.iter().find(|b| b.0 == n))
            .map_or_else(|| first_budget(&land), |b| b.1);
        self.stack.push(Frame::Couple {
            land,
            n,
            children,
            next: 0,
            budget,
        });
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn resume_couple(
        &mut self,
        land: Land,
        n: u32,
        mut children: Vec<OpenChild>,
        mut next: usize,
        mut budget: u64,
        answer: Option<NormalAnswer>,
    ) {
        if std::mem::take(&mut self.abandoned) {
            // The current child ran over its budget: try the others first, and give it twice as
            // much when it comes round again (what it learned stays in the base).
            children[next - n as usize..].rotate_left(1);
            budget = budget.saturating_mul(2);
            self.remember_budget(&land, n, budget);
        } else if let Some(NormalAnswer::Losing(lost)) = answer {
            if lost {
                self.record_winning(&land, n);
                self.pending = Some(NormalAnswer::Losing(false));
                return;
            }
            next += 1;
        }
        let total = children.len() + n as usize;
        while next < total {
            // Heap moves (land, m), m < n, come first: when nimber(land) < n one of them is lost,
            // and finding it costs no more than computing that nimber.
            let (child, heap) = if next < n as usize {
                (Position::from_lands(vec![land.clone()]), next as u32)
            } else {
                (children[next - n as usize].named(), n)
            };
            let depth = self.stack.len();
            match self.start_couple(&child, heap) {
                Some(true) => {
                    self.record_winning(&land, n);
                    self.pending = Some(NormalAnswer::Losing(false));
                    return;
                }
                Some(false) => next += 1,
                None => {
                    // The child's frame is on the stack; wait below it for its answer. Only moves
                    // in the land are probed, and not the last one (nothing else is left to try).
                    if budget != u64::MAX && next >= n as usize && next + 1 < total && depth > 0 {
                        self.deadlines
                            .push((depth, self.nodes.saturating_add(budget)));
                    }
                    let frame = Frame::Couple {
                        land,
                        n,
                        children,
                        next,
                        budget,
                    };
                    self.stack.insert(depth, frame);
                    return;
                }
            }
        }
        // Every child wins: the couple is lost, so nimber(land) = n.
        self.base
            .insert_nimber(&Position::from_lands(vec![land]), n);
        self.pending = Some(NormalAnswer::Losing(true));
    }

    fn resume_nimber(&mut self, land: Land, mut n: u32, answer: Option<NormalAnswer>) {
        if let Some(NormalAnswer::Losing(lost)) = answer {
            if lost {
                self.pending = Some(NormalAnswer::Nimber(n));
                return;
            }
            n += 1;
        }
        if let Some(v) = self.base.nimber_of_land(&land) {
            self.pending = Some(NormalAnswer::Nimber(v));
            return;
        }
        while self.known_winning(&land, n) {
            n += 1;
        }
        self.stack.push(Frame::Nimber {
            land: land.clone(),
            n,
        });
        let single = Position::from_lands(vec![land]);
        if let Some(immediate) = self.start_couple(&single, n) {
            self.pending = Some(NormalAnswer::Losing(immediate));
        }
    }

    fn resume_sum(
        &mut self,
        lands: Vec<Land>,
        mut n: u32,
        mut next: usize,
        answer: Option<NormalAnswer>,
    ) {
        if let Some(NormalAnswer::Nimber(v)) = answer {
            n ^= v;
            next += 1;
        }
        while next + 1 < lands.len() {
            if let Some(v) = self.base.nimber_of_land(&lands[next]) {
                n ^= v;
                next += 1;
                continue;
            }
            let land = lands[next].clone();
            self.stack.push(Frame::Sum { lands, n, next });
            self.stack.push(Frame::Nimber { land, n: 0 });
            self.pending = None;
            // The nimber frame starts on its first resume.
            return;
        }
        // Only the largest land is left: a plain couple, answered to our parent.
        let last = Position::from_lands(vec![lands[lands.len() - 1].clone()]);
        if let Some(immediate) = self.start_couple(&last, n) {
            self.pending = Some(NormalAnswer::Losing(immediate));
        }
    }

    fn resume_nimber_sum(
        &mut self,
        lands: Vec<Land>,
        mut next: usize,
        mut acc: u32,
        answer: Option<NormalAnswer>,
    ) {
        if let Some(NormalAnswer::Nimber(v)) = answer {
            acc ^= v;
            next += 1;
        }
        while next < lands.len() {
            if let Some(v) = self.base.nimber_of_land(&lands[next]) {
                acc ^= v;
                next += 1;
                continue;
            }
            let land = lands[next].clone();
            self.stack.push(Frame::NimberSum { lands, next, acc });
            self.stack.push(Frame::Nimber { land, n: 0 });
            return;
        }
        self.pending = Some(NormalAnswer::Nimber(acc));
    }
}

impl Search for NormalSearch {
    type Answer = NormalAnswer;

    /// Runs until done or until `budget` nodes have been expanded.
    fn step(&mut self, budget: u64) -> Step<NormalAnswer> {
        let stop_at = self.nodes.saturating_add(budget);
        loop {
            let Some(frame) = self.stack.pop() else {
                return match self.pending {
                    Some(answer) => Step::Done(answer),
                    None => Step::Done(NormalAnswer::Losing(false)), // unreachable: a goal always answers
                };
            };
            if self.nodes >= stop_at {
                self.stack.push(frame);
                return Step::Running {
                    nodes: self.nodes,
                    depth: self.stack.len(),
                };
            }
            // A frame being resumed no longer waits on a probed child.
            let index = self.stack.len();
            while self.deadlines.last().is_some_and(|&(i, _)| i >= index) {
                self.deadlines.pop();
            }
            if let Some(k) = self.deadlines.iter().position(|&(_, d)| self.nodes > d) {
                // A probed child ran over: drop its work and resume the couple that probed it.
                let (level, _) = self.deadlines[k];
                self.deadlines.truncate(k);
                self.stack.push(frame);
                self.stack.truncate(level + 1);
                self.pending = None;
                self.abandoned = true;
                continue;
            }
            let answer = self.pending.take();
            match frame {
                Frame::Couple {
                    land,
                    n,
                    children,
                    next,
                    budget,
                } => self.resume_couple(land, n, children, next, budget, answer),
                Frame::Nimber { land, n } => self.resume_nimber(land, n, answer),
                Frame::Sum { lands, n, next } => self.resume_sum(lands, n, next, answer),
                Frame::NimberSum { lands, next, acc } => {
                    self.resume_nimber_sum(lands, next, acc, answer)
                }
            }
        }
    }
}
