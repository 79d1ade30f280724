//! Moves: every child of a land or position, deduplicated by canonical form.
//!
//! In a region, a curve joins two vertex corners (or makes a loop) and gets a new vertex with 1 life.
//! * Corners on two different boundaries: the boundaries merge into one.
//! * Corners on one boundary (or a loop): the region splits in two, and every other boundary of the
//!   region goes to one side or the other.
//!
//! Each boundary is a cyclic list of corners with the region on its left.

use std::ops::ControlFlow;
use std::rc::Rc;

use rustc_hash::FxHashSet as HashSet;

use super::canon::{LandShape, RegionShape};
use super::canon_cache::cached_canonical_land;
use super::invariant::{combine, shape_invariant, shape_lives};
use super::land::{Land, BOUNDARY_SEP, REGION_SEP};
use super::position::Position;
use super::raw::{Raw, VertexId};
use super::reduce::{reduce_in_place, Reducer};

/// One child of a land, split into lands that are not yet in canonical form (the costly step).
/// A search can look at [`PendingChild::invariants`] first and name the lands only when needed.
pub struct PendingChild {
    /// Lands of the position left as they were (none for a child of a land).
    others: Rc<OtherLands>,
    /// What the move made of the land it was played in.
    shapes: Vec<LandShape>,
    /// (invariant, lives) of each shape: a search asks for them several times.
    shape_facts: Vec<(u64, u32)>,
}

/// The lands a move leaves alone, with their invariants and lives worked out once for every child.
struct OtherLands {
    lands: Vec<Land>,
    facts: Vec<(u64, u32)>,
    estimated_moves: Vec<u64>,
}

impl OtherLands {
    fn new(lands: Vec<Land>) -> OtherLands {
        let facts = lands.iter().map(|l| (l.invariant(), l.lives())).collect();
        let estimated_moves = lands.iter().map(Land::estimated_moves).collect();
        OtherLands {
            lands,
            facts,
            estimated_moves,
        }
    }
}

impl PendingChild {
    fn new(others: Rc<OtherLands>, shapes: Vec<LandShape>) -> PendingChild {
        let shape_facts = shapes
            .iter()
            .map(|shape| (shape_invariant(shape), shape_lives(shape)))
            .collect();
        PendingChild {
            others,
            shapes,
            shape_facts,
        }
    }

    fn facts(&self) -> impl Iterator<Item = &(u64, u32)> + '_ {
        self.others.facts.iter().chain(&self.shape_facts)
    }

    /// [`Land::invariant`] of each of its lands.
    pub fn invariants(&self) -> impl Iterator<Item = u64> + '_ {
        self.facts().map(|f| f.0)
    }

    /// [`Land::lives`] of each of its lands, in the order of [`PendingChild::invariants`].
    pub fn land_lives(&self) -> impl Iterator<Item = u32> + '_ {
        self.facts().map(|f| f.1)
    }

    /// [`Land::estimated_moves`] of each of its lands, in the order of [`PendingChild::invariants`].
    pub fn land_estimated_moves(&self) -> impl Iterator<Item = u64> + '_ {
        let others = self.others.estimated_moves.iter().copied();
        others.chain(self.shapes.iter().map(|shape| {
            shape
                .regions
                .iter()
                .map(|region| match region {
                    RegionShape::Small(items) => region_moves_estimate([items.len()].into_iter()),
                    RegionShape::Full(bs) => region_moves_estimate(bs.iter().map(<[_]>::len)),
                })
                .sum()
        }))
    }

    /// Number of lands.
    pub fn land_count(&self) -> usize {
        self.others.lands.len() + self.shapes.len()
    }

    /// [`Position::invariant`] of the child.
    pub fn position_invariant(&self) -> u64 {
        combine(self.invariants())
    }

    /// Its lands in canonical form, sorted.
    pub fn into_lands(self) -> Vec<Land> {
        let mut lands: Vec<Land> = Vec::with_capacity(self.land_count());
        lands.extend_from_slice(&self.others.lands);
        lands.extend(self.shapes.iter().map(cached_canonical_land));
        lands.sort_unstable();
        lands
    }
}

/// A rough count of the moves in a region from its boundaries' lengths: pairs of corners on two
/// boundaries, and pairs on one boundary times the ways to share out the other boundaries.
fn region_moves_estimate(lengths: impl Iterator<Item = usize> + Clone) -> u64 {
    let count = lengths.clone().count() as u32;
    let (mut sum, mut squares) = (0u64, 0u64);
    for len in lengths {
        sum += len as u64;
        squares += (len * len) as u64;
    }
    let between = (sum * sum - squares) / 2;
    let within = squares.saturating_mul(1u64 << count.saturating_sub(1).min(40)) / 2;
    between + within
}

impl Land {
    /// A rough count of its moves (see `region_moves_estimate`), for ordering a search.
    pub fn estimated_moves(&self) -> u64 {
        self.key()
            .split(|&b| b == REGION_SEP)
            .map(|region| {
                region_moves_estimate(region.split(|&b| b == BOUNDARY_SEP).map(<[u8]>::len))
            })
            .sum()
    }

    /// Every distinct result of one move in this land; each child is a (sorted) list of lands.
    pub fn children(&self) -> Vec<Vec<Land>> {
        let mut children = Vec::new();
        let _ = self.children_until(|lands| {
            children.push(lands.to_vec());
            ControlFlow::<()>::Continue(())
        });
        children
    }

    /// Hands every child to `visit` before canonical form, one at a time (the same child may come
    /// more than once), and stops as soon as `visit` breaks. Returns the break value, if any.
    pub fn pending_children_until<B>(
        &self,
        visit: impl FnMut(PendingChild) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.pending_children_beside(Rc::new(OtherLands::new(Vec::new())), visit)
    }

    /// [`Land::pending_children_until`] for this land in a position whose other lands are `others`.
    fn pending_children_beside<B>(
        &self,
        others: Rc<OtherLands>,
        mut visit: impl FnMut(PendingChild) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let raw = Raw::from_land(self);
        let mut reducer = Reducer::default();
        // A search's order was tuned on every raw child, mirrored spot loops included: leaving them
        // out changed it (12-spot normal play: 65 k nodes became 216 k; 13 spots: 324 k became 269 k).
        moves_until(&raw, Mirrors::Both, |child| {
            let shapes = reducer.shapes(child);
            visit(PendingChild::new(others.clone(), shapes))
        })
    }

    /// Hands to `visit` the children (the same child may come more than once) whose lands'
    /// invariants ([`Land::invariant`], one per land) pass `keep`, each as its sorted canonical
    /// lands; stops as soon as `visit` breaks. The invariants are read from the reduced child before
    /// anything else is built: a child `keep` refuses costs its move and reduction alone, no shape
    /// and no canonical form. Returns the break value, if any.
    pub(crate) fn children_with_invariants_until<B>(
        &self,
        mut keep: impl FnMut(&[u64]) -> bool,
        mut visit: impl FnMut(Vec<Land>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let raw = Raw::from_land(self);
        let mut reducer = Reducer::default();
        let mut invariants = Vec::new();
        moves_until(&raw, Mirrors::Once, |child| {
            reducer.reduce(child);
            reducer.land_invariants(child, &mut invariants);
            if !keep(&invariants) {
                return ControlFlow::Continue(());
            }
            visit(reducer.reduced_lands(child))
        })
    }

    /// Hands each distinct child (a sorted list of lands) to `visit`, one at a time, in the order of
    /// [`Land::children`], and stops as soon as `visit` breaks: a search that finds a refuting child
    /// early skips building the others. Returns the break value, if any.
    pub fn children_until<B>(
        &self,
        mut visit: impl FnMut(&[Land]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let raw = Raw::from_land(self);
        let mut reducer = Reducer::default();
        let mut seen: HashSet<Vec<Land>> = HashSet::default();
        moves_until(&raw, Mirrors::Once, |child| {
            let lands = reduce_in_place(child, &mut reducer);
            if seen.contains(&lands) {
                return ControlFlow::Continue(());
            }
            let flow = visit(&lands);
            seen.insert(lands);
            flow
        })
    }
}

impl Position {
    /// Every distinct position reachable in one move, in a deterministic order.
    pub fn children(&self) -> Vec<Position> {
        let mut children = Vec::new();
        let _ = self.each_child(|child| {
            children.push(child);
            ControlFlow::<()>::Continue(())
        });
        children
    }

    /// Hands every child to `visit` before canonical form, one at a time (the same child may come
    /// more than once), and stops as soon as `visit` breaks. Returns the break value, if any.
    pub fn pending_children_until<B>(
        &self,
        mut visit: impl FnMut(PendingChild) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let lands = self.lands();
        for (i, land) in lands.iter().enumerate() {
            if i > 0 && lands[i - 1] == *land {
                continue; // the same land again gives the same children
            }
            let others = lands[..i].iter().chain(&lands[i + 1..]).cloned().collect();
            let others = Rc::new(OtherLands::new(others));
            land.pending_children_beside(others, &mut visit)?;
        }
        ControlFlow::Continue(())
    }

    /// Hands each distinct child to `visit`, one at a time, in the order of [`Position::children`],
    /// and stops as soon as `visit` breaks. Returns the break value, if any.
    pub fn children_until<B>(
        &self,
        mut visit: impl FnMut(&Position) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.each_child(|child| visit(&child))
    }

    /// [`Position::children_until`], handing over each child built.
    fn each_child<B>(&self, mut visit: impl FnMut(Position) -> ControlFlow<B>) -> ControlFlow<B> {
        let lands = self.lands();
        // No child comes twice, with no set of those seen: a land hands each of its children once,
        // and moves in two different lands A and B never give the same child. (That would need the
        // lands A becomes, with B, to be the lands B becomes, with A: A would be among the lands B
        // becomes, or among those it becomes itself, but each of these has fewer lives than A or B,
        // since a move takes a life away.)
        for (i, land) in lands.iter().enumerate() {
            if i > 0 && lands[i - 1] == *land {
                continue; // the same land again gives the same children
            }
            land.children_until(|replacement| {
                let mut next = Vec::with_capacity(lands.len() - 1 + replacement.len());
                next.extend_from_slice(&lands[..i]);
                next.extend_from_slice(&lands[i + 1..]);
                next.extend_from_slice(replacement);
                visit(Position::from_lands(next))
            })?;
        }
        ControlFlow::Continue(())
    }
}

/// Receives each raw child (in a scratch buffer it may change); breaks to stop generating.
type Emit<'a> = dyn FnMut(&mut Raw) -> ControlFlow<()> + 'a;

/// Hands every child of `raw` (region by region, as built in [`region_moves`]'s buffer) to `visit`
/// until it breaks; returns the break value, if any.
fn moves_until<B>(
    raw: &Raw,
    mirrors: Mirrors,
    mut visit: impl FnMut(&mut Raw) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut outcome = ControlFlow::Continue(());
    let mut buffers = Buffers {
        mirrors,
        ..Buffers::default()
    };
    for r in 0..raw.regions.len() {
        let flow = region_moves(raw, r, &mut buffers, &mut |child| match visit(child) {
            ControlFlow::Break(b) => {
                outcome = ControlFlow::Break(b);
                ControlFlow::Break(())
            }
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
        });
        if flow.is_break() {
            break;
        }
    }
    outcome
}

/// True for a boundary that is one isolated spot.
fn is_spot(raw: &Raw, boundary: &[VertexId]) -> bool {
    boundary.len() == 1 && raw.lives[boundary[0] as usize] == 3
}

/// Where the children of one position are built, kept from child to child (and region to region)
/// so that each child reuses the vectors of the one before.
#[derive(Default)]
struct Buffers {
    /// The child being built: `clone_from` reuses its vectors' allocations.
    scratch: Raw,
    /// A merged boundary, or the two sides of a split one.
    merged: Vec<VertexId>,
    side_a: Vec<VertexId>,
    side_b: Vec<VertexId>,
    /// Indices of the split region's other boundaries: isolated spots, and the rest.
    spots: Vec<usize>,
    others: Vec<usize>,
    mirrors: Mirrors,
}

/// Whether both of two mirrored loops at an isolated spot are built (see [`split_region`]): they
/// give the same child, so where children are told apart only one is needed.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Mirrors {
    Once,
    #[default]
    Both,
}

/// Every move in region `r` (isolated spots are interchangeable, so only the first one or two are used).
fn region_moves(raw: &Raw, r: usize, buffers: &mut Buffers, emit: &mut Emit) -> ControlFlow<()> {
    let region = &raw.regions[r];
    let spots: Vec<usize> = (0..region.len())
        .filter(|&b| is_spot(raw, &region[b]))
        .collect();
    let skip_spot = |b: usize, allowed: &[usize]| is_spot(raw, &region[b]) && !allowed.contains(&b);
    let first_spot = &spots[..spots.len().min(1)];
    let first_two = &spots[..spots.len().min(2)];

    for bi in 0..region.len() {
        // Joining two boundaries.
        for bj in bi + 1..region.len() {
            let allowed = if is_spot(raw, &region[bi]) && is_spot(raw, &region[bj]) {
                first_two
            } else {
                first_spot
            };
            if skip_spot(bi, allowed) || skip_spot(bj, allowed) {
                continue;
            }
            for i in 0..region[bi].len() {
                for j in 0..region[bj].len() {
                    join_boundaries(raw, buffers, r, [(bi, i), (bj, j)]);
                    emit(&mut buffers.scratch)?;
                }
            }
        }
        // Within one boundary: a loop (i == j) or a chord (i < j).
        if skip_spot(bi, first_spot) {
            continue;
        }
        let boundary = &region[bi];
        for i in 0..boundary.len() {
            for j in i..boundary.len() {
                let (u, v) = (boundary[i], boundary[j]);
                if i == j && raw.lives[u as usize] < 2 {
                    continue;
                }
                if i != j && u == v {
                    continue; // two corners of a 1-life vertex
                }
                split_region(raw, buffers, r, bi, [i, j], emit)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Appends to `out` the boundary read from corner `i`, closed by a second corner of the same vertex
/// unless it is an isolated spot (whose "boundary" is the spot alone).
fn walk_from(raw: &Raw, boundary: &[VertexId], i: usize, out: &mut Vec<VertexId>) {
    out.extend_from_slice(&boundary[i..]);
    out.extend_from_slice(&boundary[..i]);
    if !is_spot(raw, boundary) {
        out.push(boundary[i]);
    }
}

/// Makes `next` a copy of `raw` with `extra` more regions, reusing `next`'s allocations. Region `r`
/// and the extra regions are left for the caller to fill with [`set_region`].
fn copy_except(raw: &Raw, next: &mut Raw, r: usize, extra: usize) {
    next.lives.clone_from(&raw.lives);
    let len = raw.regions.len() + extra;
    next.regions.truncate(len);
    next.regions.resize_with(len, Vec::new);
    for (k, (to, from)) in next.regions.iter_mut().zip(&raw.regions).enumerate() {
        if k != r {
            to.clone_from(from);
        }
    }
}

/// Sets a region's boundaries, reusing the region's vectors.
fn set_region<'b>(
    region: &mut Vec<Vec<VertexId>>,
    boundaries: impl Iterator<Item = &'b [VertexId]>,
) {
    let mut count = 0;
    for boundary in boundaries {
        match region.get_mut(count) {
            Some(to) => {
                to.clear();
                to.extend_from_slice(boundary);
            }
            None => region.push(boundary.to_vec()),
        }
        count += 1;
    }
    region.truncate(count);
}

/// Writes into `next` the child joining corner `i` of boundary `bi` to corner `j` of boundary `bj`
/// (`bi < bj`): the merged boundary comes after the region's other boundaries, in their order.
fn join_boundaries(
    raw: &Raw,
    buffers: &mut Buffers,
    r: usize,
    [(bi, i), (bj, j)]: [(usize, usize); 2],
) {
    let (next, merged) = (&mut buffers.scratch, &mut buffers.merged);
    copy_except(raw, next, r, 0);
    let region = &raw.regions[r];
    let (u, v) = (region[bi][i], region[bj][j]);
    let w = next.new_vertex(1);
    next.lives[u as usize] -= 1;
    next.lives[v as usize] -= 1;
    merged.clear();
    walk_from(raw, &region[bi], i, merged);
    merged.push(w);
    walk_from(raw, &region[bj], j, merged);
    merged.push(w);
    let kept = region
        .iter()
        .enumerate()
        .filter(|&(b, _)| b != bi && b != bj)
        .map(|(_, b)| b.as_slice());
    set_region(&mut next.regions[r], kept.chain([merged.as_slice()]));
}

/// Every child splitting region `r` by a curve from corner `i` to corner `j` of boundary `bi`.
fn split_region(
    raw: &Raw,
    buffers: &mut Buffers,
    r: usize,
    bi: usize,
    [i, j]: [usize; 2],
    emit: &mut Emit,
) -> ControlFlow<()> {
    let region = &raw.regions[r];
    let boundary = &region[bi];
    let (u, v) = (boundary[i], boundary[j]);
    let w = raw.lives.len() as VertexId; // the new vertex
    let Buffers {
        scratch: next,
        side_a,
        side_b,
        spots,
        others,
        ..
    } = buffers;
    side_a.clear();
    side_b.clear();
    if i == j {
        side_a.extend([u, w]);
        if is_spot(raw, boundary) {
            side_b.push(u);
        } else {
            walk_from(raw, boundary, i, side_b);
        }
        side_b.push(w);
    } else {
        side_a.extend_from_slice(&boundary[i..=j]);
        side_a.push(w);
        side_b.extend_from_slice(&boundary[j..]);
        side_b.extend_from_slice(&boundary[..=i]);
        side_b.push(w);
    }
    // Other boundaries go to either side; isolated spots are interchangeable, so only their count matters.
    others.clear();
    spots.clear();
    for b in (0..region.len()).filter(|&b| b != bi) {
        if is_spot(raw, &region[b]) {
            spots.push(b);
        } else {
            others.push(b);
        }
    }
    let last = raw.regions.len();
    // A loop at an isolated spot has two equal sides ([u, w] each): a way of sharing the other
    // boundaries out and its mirror (every one on the other side) give the same child. With
    // `Mirrors::Once` only the first of the two is built: the one whose last other boundary is on
    // side b or, with none, which has at most half the spots on side a. So a generation that skips
    // children met before hands out the same children in the same order.
    let mirrored = buffers.mirrors == Mirrors::Once && i == j && is_spot(raw, boundary);
    for mask in 0u64..(1u64 << others.len()) {
        if mirrored && !others.is_empty() && mask >> (others.len() - 1) & 1 == 1 {
            continue;
        }
        for spots_on_a in 0..=spots.len() {
            if mirrored && others.is_empty() && 2 * spots_on_a > spots.len() {
                break;
            }
            copy_except(raw, next, r, 1);
            let w = next.new_vertex(1);
            debug_assert_eq!(w, raw.lives.len() as VertexId);
            next.lives[u as usize] -= 1;
            next.lives[v as usize] -= 1;
            let on_a = |k: usize| mask >> k & 1 == 1;
            let others_on = |a: bool| {
                let others = others
                    .iter()
                    .enumerate()
                    .filter(move |&(k, _)| on_a(k) == a);
                others.map(|(_, &b)| region[b].as_slice())
            };
            let spots_on = |a: bool| {
                let spots = spots
                    .iter()
                    .enumerate()
                    .filter(move |&(k, _)| (k < spots_on_a) == a);
                spots.map(|(_, &b)| region[b].as_slice())
            };
            let region_a = [side_a.as_slice()]
                .into_iter()
                .chain(others_on(true))
                .chain(spots_on(true));
            set_region(&mut next.regions[r], region_a);
            let region_b = [side_b.as_slice()]
                .into_iter()
                .chain(others_on(false))
                .chain(spots_on(false));
            set_region(&mut next.regions[last], region_b);
            emit(next)?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sprouts::canon::canonical_land;
    use crate::games::sprouts::invariant::shape_invariant;

    /// Every raw child of the lands met from a few starts (at most 2000 positions): the invariants
    /// read from a reduced child must be those of the shapes it reduces to, land by land, its lands
    /// through the memo those of the canonical search, and `children_with_invariants_until` must
    /// give the same children as `children_until`.
    #[test]
    fn invariants_of_reduced_children_are_those_of_their_shapes() {
        let mut frontier: Vec<Position> =
            ["0*5", "0*2.1a1a.AB|0.AB", "0.ABC|0.AB|C.1", "0*3.a1a|0"]
                .iter()
                .map(|s| s.parse().unwrap())
                .collect();
        let mut seen = std::collections::HashSet::new();
        let (mut reducer, mut invariants) = (Reducer::default(), Vec::new());
        let mut checked = 0;
        while let Some(position) = frontier.pop() {
            if seen.len() >= 2000 || !seen.insert(position.clone()) {
                continue;
            }
            frontier.extend(position.children());
            for land in position.lands() {
                let raw = Raw::from_land(land);
                for r in 0..raw.regions.len() {
                    let _ = region_moves(&raw, r, &mut Buffers::default(), &mut |child| {
                        let mut copy = child.clone();
                        let shapes = reducer.shapes(&mut copy);
                        let expected: Vec<u64> = shapes.iter().map(shape_invariant).collect();
                        let mut searched: Vec<Land> = shapes.iter().map(canonical_land).collect();
                        searched.sort_unstable();
                        reducer.reduce(child);
                        reducer.land_invariants(child, &mut invariants);
                        assert_eq!(invariants, expected, "{land:?}");
                        // Through the memo, keyed by a writing made from the reduced child, the
                        // lands are those the canonical search gives their shapes.
                        assert_eq!(reducer.reduced_lands(child), searched, "{land:?}");
                        checked += 1;
                        ControlFlow::Continue(())
                    });
                }
                let mut all: Vec<Vec<Land>> = land.children();
                let mut kept = Vec::new();
                let _ = land.children_with_invariants_until(
                    |_| true,
                    |lands| {
                        kept.push(lands);
                        ControlFlow::<()>::Continue(())
                    },
                );
                kept.sort();
                kept.dedup();
                all.sort();
                assert_eq!(kept, all, "{land:?}");
            }
        }
        assert!(checked > 10_000, "only {checked} children checked");
    }
}
