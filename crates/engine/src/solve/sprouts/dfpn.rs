//! Normal play: outcomes by depth-first proof-number search (df-pn, Nagai 2002).
//!
//! A node is a couple (land L, heap *k) with the player to move; it is lost iff nimber(L) = k. Its
//! children are the moves in the heap, (L, j) for j < k, and the moves in L: a child position's lands
//! whose nimbers the base knows are folded into the heap, equal pairs cancel, and when more than one
//! land is left unknown the nimbers of all but the largest are computed first (by a nested
//! [`NormalSearch`], sharing the base), so every child is again a couple on one land.
//!
//! Each couple has a proof number (leaves to expand to show the player to move wins) and a disproof
//! number (to show they lose); a node's proof number is the least disproof number of its children and
//! its disproof number the sum of their proof numbers. The search always goes down to the child with
//! the least disproof number, with thresholds (the "+1 trick", optionally 1+ε) that send it back up
//! as soon as another child looks cheaper. Numbers are kept in a transposition table keyed by the
//! canonical couple ([`DfpnTable`]); couples proven lost are exact nimbers and go into the [`Base`],
//! where [`NormalSearch`] reads them (and this search reads what it stored).
//!
//! The path is an explicit stack and [`DfpnSearch::step`] runs a budget of nodes at a time, so the
//! browser's worker runs it in slices; to cancel, stop calling it. The base and the table can be
//! taken back at any time ([`DfpnSearch::into_parts`]) and handed to the next search.
//!
//! Putting children into canonical form is most of the cost: a couple met for the first time is
//! scanned for a child the base already knows to be lost before the rest are named, and the named
//! children of a land are cached, since df-pn comes back to the same couples many times.
//!
//! Measured (benches/sprouts_dfpn.rs, cold, CPU seconds on a loaded 2-core machine): the n-spot
//! starts take about the couple search's time or up to 5 times more up to 12 spots (12: 5.9 s
//! against 2.1 s), but 13 spots 9.5 s (couple search 14.4 s) and 14 spots 9.4 s (121 s; SPOTS
//! 132 s): on the large questions most nodes are the nested couple searches for small lands, and
//! the proof numbers choose which lands are worth it. From the middle of 12-spot games the hard child
//! `0*8.AB|0*2.AB` (P) takes 2.3 s against 13.6 s, `0*9.AB|0*2.AB` 0.3 s against 1.7 s, but
//! `0*10.1a1a` 3.9 s against 2.0 s; `0*10.1a1a.AB|AB` (P) 57 s and `0*9.1a1a.1b1b` (N) 58 s, where
//! the couple search gave up after 200 s. Neither search wins everywhere, but df-pn's losses are small and its wins large.

use std::ops::ControlFlow;
use std::rc::Rc;

use rustc_hash::FxHashMap as HashMap;

use crate::games::sprouts::{Land, Position};

use super::base::Base;
use super::child_order::{dfpn_child_key, land_size_key};
use super::dfpn_table::{DfpnTable, ProofNumbers, INFINITE};
use super::normal::{unpaired, NormalAnswer, NormalSearch};
use super::search::{Search, Step};

/// Children lists (moves in a land, canonical) are kept between visits of a couple, since df-pn
/// comes back to the same couples many times; the cache is emptied when it holds this many lands
/// (by default: [`DfpnOptions::cached_child_lands`]).
pub const MAX_CACHED_CHILD_LANDS: usize = 2_000_000;

/// How a couple not searched yet is valued.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Initial {
    /// Proof and disproof numbers 1 (plain df-pn).
    Unit,
    /// Proof number 1; disproof number the land's estimated number of moves plus the heap (to show
    /// a couple lost, every child must be shown won).
    Moves,
    /// Proof number 1; disproof number the land's lives plus the heap (milder than `Moves`). The
    /// fastest of the three on 12 to 14 spots (benches/sprouts_dfpn.rs).
    #[default]
    Lives,
}

/// Settings of a [`DfpnSearch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DfpnOptions {
    pub initial: Initial,
    /// The 1+ε trick (ε = 1/4) for the threshold of the child searched, instead of "second best + 1".
    pub epsilon: bool,
    /// Lands held in the cache of children lists before it is emptied (memory: a browser's worker
    /// wants far fewer than the native default).
    pub cached_child_lands: usize,
}

impl Default for DfpnOptions {
    fn default() -> DfpnOptions {
        DfpnOptions {
            initial: Initial::default(),
            epsilon: false,
            cached_child_lands: MAX_CACHED_CHILD_LANDS,
        }
    }
}

/// One couple on the path from the root.
struct Frame {
    land: Land,
    heap: u32,
    proof_threshold: u32,
    disproof_threshold: u32,
    /// Moves in the land, each a sorted list of canonical lands.
    children: Rc<[Vec<Land>]>,
}

/// A child position plus the heap, with the known lands folded into the heap.
enum Folded<'a> {
    /// No unknown land: lost for the player to move iff the heap is 0.
    Settled {
        lost: bool,
    },
    Couple {
        land: &'a Land,
        heap: u32,
    },
    /// Several unknown lands, smallest first: the nimbers of all but the largest are needed first.
    Sum {
        unknown: Vec<&'a Land>,
    },
}

fn fold<'a>(lands: &'a [Land], heap: u32, base: &Base) -> Folded<'a> {
    let mut target = heap;
    let mut unknown: Vec<&Land> = Vec::new();
    for land in unpaired(lands) {
        match base.nimber_of_land(land) {
            Some(v) => target ^= v,
            None => unknown.push(land),
        }
    }
    match unknown.len() {
        0 => Folded::Settled { lost: target == 0 },
        1 => Folded::Couple {
            land: unknown[0],
            heap: target,
        },
        _ => {
            unknown.sort_by_key(|l| land_size_key(l));
            Folded::Sum { unknown }
        }
    }
}

/// Sum of proof numbers, infinite if one is, else kept below infinity.
pub(super) fn add(a: u32, b: u32) -> u32 {
    if a == INFINITE || b == INFINITE {
        INFINITE
    } else {
        a.saturating_add(b).min(INFINITE - 1)
    }
}

/// What the search does next at a frame.
enum Next {
    /// Go down to this couple.
    Couple(Land, u32, ProofNumbers),
    /// Compute the exact nimber of this land first (a small land of a multi-land child).
    Nimber(Land),
}

/// The best child of a frame so far, and the numbers of the frame.
struct Choice {
    next: Option<Next>,
    best_disproof: u32,
    second_disproof: u32,
    proof_sum: u32,
}

impl Choice {
    fn offer(&mut self, numbers: ProofNumbers, next: impl FnOnce() -> Next) {
        self.proof_sum = add(self.proof_sum, numbers.proof);
        if numbers.disproof < self.best_disproof {
            self.second_disproof = self.best_disproof;
            self.best_disproof = numbers.disproof;
            self.next = Some(next());
        } else if numbers.disproof < self.second_disproof {
            self.second_disproof = numbers.disproof;
        }
    }
}

/// A proof-number search for whether a position plus a nim heap is lost for the player to move;
/// see the module docs.
pub struct DfpnSearch {
    base: Base,
    table: DfpnTable,
    options: DfpnOptions,
    root: Position,
    root_heap: u32,
    stack: Vec<Frame>,
    /// A nested search for the nimber of a small land, holding the base meanwhile.
    nested: Option<(NormalSearch, Land)>,
    children: HashMap<Box<[u8]>, Rc<[Vec<Land>]>>,
    cached_lands: usize,
    answer: Option<bool>,
    nodes: u64,
    nested_nodes: u64,
    stored: u64,
}

impl DfpnSearch {
    /// A search for whether `position` is lost for the player to move, reading from and writing
    /// into `base`.
    pub fn losing(position: &Position, base: Base) -> DfpnSearch {
        DfpnSearch::couple(position, 0, base, DfpnTable::new(), DfpnOptions::default())
    }

    /// A search for whether `position` plus a nim heap of size `heap` is lost for the player to move
    /// (i.e. whether its nimber is `heap`), going on from a table of an earlier search.
    pub fn couple(
        position: &Position,
        heap: u32,
        base: Base,
        table: DfpnTable,
        options: DfpnOptions,
    ) -> DfpnSearch {
        DfpnSearch {
            base,
            table,
            options,
            root: position.clone(),
            root_heap: heap,
            stack: Vec::new(),
            nested: None,
            children: HashMap::default(),
            cached_lands: 0,
            answer: None,
            nodes: 0,
            nested_nodes: 0,
            stored: 0,
        }
    }

    /// Nodes so far: couples expanded by this search plus those of the nested searches.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Of [`DfpnSearch::nodes`], those of the nested searches for nimbers of small lands.
    pub fn nested_nodes(&self) -> u64 {
        self.nested_nodes
    }

    /// Nimbers (lost couples) this search wrote into the base, not counting the nested searches'.
    pub fn stored(&self) -> u64 {
        self.stored
    }

    /// The transposition table.
    pub fn table(&self) -> &DfpnTable {
        &self.table
    }

    /// The base, with everything learned so far (not while a nested search holds it: then the base
    /// as it was before that search).
    pub fn base(&self) -> &Base {
        match &self.nested {
            Some((search, _)) => search.base(),
            None => &self.base,
        }
    }

    /// The base in use, to take in entries learned elsewhere during the search.
    pub(crate) fn base_mut(&mut self) -> &mut Base {
        match &mut self.nested {
            Some((search, _)) => search.base_mut(),
            None => &mut self.base,
        }
    }

    /// Gives back the base and the table, e.g. after the search is done or to cancel it: both hold
    /// only true facts and estimates, so a later search can go on from them.
    pub fn into_parts(self) -> (Base, DfpnTable) {
        let base = match self.nested {
            Some((search, _)) => search.into_base(),
            None => self.base,
        };
        (base, self.table)
    }

    /// Gives back the base.
    pub fn into_base(self) -> Base {
        self.into_parts().0
    }

    /// The nimber of the position (with the heap), when the answer and the base give it: the heap
    /// if the couple is lost, or the XOR of nimbers the base knows. `None` before the answer.
    pub fn nimber(&self) -> Option<u32> {
        match self.answer? {
            true => Some(self.root_heap),
            false => self.base().nimber(&self.root),
        }
    }

    /// Nothing on the path: answer the root from the base and table, or start it (again).
    fn at_root(&mut self) {
        let root = self.root.clone();
        match fold(root.lands(), self.root_heap, &self.base) {
            Folded::Settled { lost } => self.answer = Some(lost),
            Folded::Couple { land, heap } => {
                let numbers = self.numbers(land, heap);
                if numbers.proof == 0 {
                    self.answer = Some(false);
                } else if numbers.disproof == 0 {
                    self.answer = Some(true);
                } else {
                    self.push(land.clone(), heap, INFINITE, INFINITE);
                }
            }
            Folded::Sum { unknown } => self.start_nested(unknown[0].clone()),
        }
    }

    /// Proof numbers of a couple: exact from the base, else from the table, else the initial guess.
    fn numbers(&self, land: &Land, heap: u32) -> ProofNumbers {
        if let Some(v) = self.base.nimber_of_land(land) {
            return if v == heap {
                ProofNumbers::LOST
            } else {
                ProofNumbers::WON
            };
        }
        self.table
            .get(land.key(), heap)
            .unwrap_or_else(|| self.initial(land, heap))
    }

    fn initial(&self, land: &Land, heap: u32) -> ProofNumbers {
        match self.options.initial {
            Initial::Unit => ProofNumbers {
                proof: 1,
                disproof: 1,
            },
            Initial::Moves => ProofNumbers {
                proof: 1,
                disproof: add(
                    land.estimated_moves().min(1 << 20) as u32,
                    heap.min(1 << 20),
                )
                .max(1),
            },
            Initial::Lives => ProofNumbers {
                proof: 1,
                disproof: add(land.lives(), heap.min(1 << 20)).max(1),
            },
        }
    }

    /// A child with several unknown lands (smallest first) is valued as a couple on the largest, with
    /// the disproof numbers of the others added: their nimbers must be computed before anything else.
    fn sum_numbers(&self, unknown: &[&Land]) -> ProofNumbers {
        let (largest, small) = unknown.split_last().expect("several lands");
        let mut numbers = self.initial(largest, 0);
        for land in small {
            numbers.disproof = add(numbers.disproof, self.initial(land, 0).disproof);
        }
        numbers
    }

    fn start_nested(&mut self, land: Land) {
        let base = std::mem::take(&mut self.base);
        let search = NormalSearch::nimber(&Position::from_lands(vec![land.clone()]), base);
        self.nested = Some((search, land));
    }

    /// Expands a couple: its moves in the land (cached) go on the path with its thresholds. A couple
    /// met for the first time is first scanned for a child the base already knows to be lost (then
    /// it is won at once, and most of its children are never put into canonical form).
    fn push(&mut self, land: Land, heap: u32, proof_threshold: u32, disproof_threshold: u32) {
        self.nodes += 1;
        let children = match self.children.get(land.key()) {
            Some(children) => children.clone(),
            None => {
                let Some(mut list) = self.children_unless_won(&land, heap) else {
                    self.table.insert(land.key(), heap, ProofNumbers::WON);
                    return;
                };
                list.sort_by_cached_key(|lands| dfpn_child_key(lands));
                list.dedup();
                let list: Rc<[Vec<Land>]> = list.into();
                let count: usize = list.iter().map(Vec::len).sum();
                if self.cached_lands + count > self.options.cached_child_lands {
                    self.children.clear();
                    self.cached_lands = 0;
                }
                self.cached_lands += count;
                self.children.insert(land.key().into(), list.clone());
                list
            }
        };
        self.stack.push(Frame {
            land,
            heap,
            proof_threshold,
            disproof_threshold,
            children,
        });
    }

    /// Every move in `land` (canonical, maybe repeated), or `None` as soon as one is known lost with
    /// the heap. Only children whose lands' invariants could carry known nimbers XORing to the heap
    /// are put into canonical form during the scan; the others after it, if it finds nothing.
    fn children_unless_won(&self, land: &Land, heap: u32) -> Option<Vec<Vec<Land>>> {
        let known = self.base.land_nimbers();
        let mut named: Vec<Vec<Land>> = Vec::new();
        let mut pending = Vec::new();
        let flow = land.pending_children_until(|child| {
            if !known.may_xor_to(child.invariants(), heap) {
                pending.push(child);
                return ControlFlow::Continue(());
            }
            let lands = child.into_lands();
            if let Folded::Settled { lost: true } = fold(&lands, heap, &self.base) {
                return ControlFlow::Break(());
            }
            named.push(lands);
            ControlFlow::Continue(())
        });
        if flow.is_break() {
            return None;
        }
        named.extend(pending.into_iter().map(|child| child.into_lands()));
        Some(named)
    }

    /// Recomputes the numbers of the couple on top of the path from its children; goes back up when
    /// it is settled or over a threshold, else down to its most promising child.
    fn at_top(&mut self) {
        let frame = self.stack.last().expect("a frame");
        let mut choice = Choice {
            next: None,
            best_disproof: INFINITE,
            second_disproof: INFINITE,
            proof_sum: 0,
        };
        let mut won = false;
        for j in 0..frame.heap {
            let numbers = self.numbers(&frame.land, j);
            won |= numbers.disproof == 0;
            choice.offer(numbers, || Next::Couple(frame.land.clone(), j, numbers));
        }
        for lands in frame.children.iter() {
            if won {
                break;
            }
            match fold(lands, frame.heap, &self.base) {
                Folded::Settled { lost: true } => won = true,
                Folded::Settled { lost: false } => {}
                Folded::Couple { land, heap } => {
                    let numbers = self.numbers(land, heap);
                    won |= numbers.disproof == 0;
                    choice.offer(numbers, || Next::Couple(land.clone(), heap, numbers));
                }
                Folded::Sum { unknown } => {
                    let numbers = self.sum_numbers(&unknown);
                    choice.offer(numbers, || Next::Nimber(unknown[0].clone()));
                }
            }
        }
        let (land, heap) = (frame.land.clone(), frame.heap);
        if won {
            self.table.insert(land.key(), heap, ProofNumbers::WON);
            self.stack.pop();
            return;
        }
        if choice.proof_sum == 0 {
            // Every child is won for the opponent: the couple is lost, nimber(land) = heap.
            self.base
                .insert_nimber(&Position::from_lands(vec![land.clone()]), heap);
            self.table.remove(land.key(), heap);
            self.stored += 1;
            self.stack.pop();
            return;
        }
        let numbers = ProofNumbers {
            proof: choice.best_disproof,
            disproof: choice.proof_sum,
        };
        self.table.insert(land.key(), heap, numbers);
        let frame = self.stack.last().expect("a frame");
        if numbers.proof >= frame.proof_threshold || numbers.disproof >= frame.disproof_threshold {
            self.stack.pop();
            return;
        }
        let second = choice.second_disproof;
        let child_disproof_threshold = if second == INFINITE {
            frame.proof_threshold
        } else {
            let margin = if self.options.epsilon {
                (second / 4).max(1)
            } else {
                1
            };
            frame.proof_threshold.min(add(second, margin))
        };
        match choice.next.expect("a child when not settled") {
            Next::Couple(child, child_heap, child_numbers) => {
                let child_proof_threshold = if frame.disproof_threshold == INFINITE {
                    INFINITE
                } else {
                    add(
                        frame.disproof_threshold - numbers.disproof,
                        child_numbers.proof,
                    )
                };
                self.push(
                    child,
                    child_heap,
                    child_proof_threshold,
                    child_disproof_threshold,
                );
            }
            Next::Nimber(small) => self.start_nested(small),
        }
    }
}

impl Search for DfpnSearch {
    type Answer = bool;

    /// Runs until done (`true`: lost for the player to move) or until about `budget` nodes more have
    /// been expanded (a nested search for a land's nimber may overrun by one of its own nodes).
    fn step(&mut self, budget: u64) -> Step<bool> {
        let stop = self.nodes.saturating_add(budget);
        loop {
            if let Some(lost) = self.answer {
                return Step::Done(lost);
            }
            if self.nodes >= stop {
                return Step::Running {
                    nodes: self.nodes,
                    depth: self.stack.len(),
                };
            }
            if let Some((search, land)) = self.nested.as_mut() {
                let before = search.nodes();
                let step = search.step(stop - self.nodes);
                let spent = search.nodes() - before;
                self.nodes += spent;
                self.nested_nodes += spent;
                if let Step::Done(answer) = step {
                    let land = land.clone();
                    let (search, _) = self.nested.take().expect("a nested search");
                    self.base = search.into_base();
                    if let NormalAnswer::Nimber(v) = answer {
                        self.base
                            .insert_nimber(&Position::from_lands(vec![land]), v);
                    }
                }
                continue;
            }
            if self.stack.is_empty() {
                self.at_root();
            } else {
                self.at_top();
            }
        }
    }
}
