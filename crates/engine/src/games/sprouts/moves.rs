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

use super::canon::{canonical_land, LandShape, RegionShape};
use super::invariant::{combine, shape_invariant, shape_lives};
use super::position::{Land, Position, BOUNDARY_SEP, REGION_SEP};
use super::raw::{Raw, VertexId};
use super::reduce::{reduce, reduce_to_shapes};

/// One child of a land, split into lands that are not yet in canonical form (the costly step).
/// A search can look at [`PendingChild::invariants`] first and name the lands only when needed.
pub struct PendingChild {
    /// Lands of the position left as they were (none for a child of a land).
    others: Rc<[Land]>,
    /// What the move made of the land it was played in.
    shapes: Vec<LandShape>,
}

impl PendingChild {
    /// [`Land::invariant`] of each of its lands.
    pub fn invariants(&self) -> impl Iterator<Item = u64> + '_ {
        let others = self.others.iter().map(Land::invariant);
        others.chain(self.shapes.iter().map(shape_invariant))
    }

    /// [`Land::lives`] of each of its lands, in the order of [`PendingChild::invariants`].
    pub fn land_lives(&self) -> impl Iterator<Item = u32> + '_ {
        let others = self.others.iter().map(Land::lives);
        others.chain(self.shapes.iter().map(shape_lives))
    }

    /// [`Land::estimated_moves`] of each of its lands, in the order of [`PendingChild::invariants`].
    pub fn land_estimated_moves(&self) -> impl Iterator<Item = u64> + '_ {
        let others = self.others.iter().map(Land::estimated_moves);
        others.chain(self.shapes.iter().map(|shape| {
            shape
                .regions
                .iter()
                .map(|region| match region {
                    RegionShape::Small(items) => region_moves_estimate([items.len()].into_iter()),
                    RegionShape::Full(bs) => region_moves_estimate(bs.iter().map(Vec::len)),
                })
                .sum()
        }))
    }

    /// Number of lands.
    pub fn land_count(&self) -> usize {
        self.others.len() + self.shapes.len()
    }

    /// [`Position::invariant`] of the child.
    pub fn position_invariant(&self) -> u64 {
        combine(self.invariants())
    }

    /// Its lands in canonical form, sorted.
    pub fn into_lands(self) -> Vec<Land> {
        let mut lands: Vec<Land> = self.others.to_vec();
        lands.extend(self.shapes.iter().map(canonical_land));
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
        self.pending_children_beside(Rc::from([]), visit)
    }

    /// [`Land::pending_children_until`] for this land in a position whose other lands are `others`.
    fn pending_children_beside<B>(
        &self,
        others: Rc<[Land]>,
        mut visit: impl FnMut(PendingChild) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let raw = Raw::from_land(self);
        let mut outcome = ControlFlow::Continue(());
        for r in 0..raw.regions.len() {
            let flow = region_moves(&raw, r, &mut |child| {
                let shapes = reduce_to_shapes(child);
                let others = others.clone();
                if let ControlFlow::Break(b) = visit(PendingChild { others, shapes }) {
                    outcome = ControlFlow::Break(b);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                break;
            }
        }
        outcome
    }

    /// Hands each distinct child (a sorted list of lands) to `visit`, one at a time, in the order of
    /// [`Land::children`], and stops as soon as `visit` breaks: a search that finds a refuting child
    /// early skips building the others. Returns the break value, if any.
    pub fn children_until<B>(
        &self,
        mut visit: impl FnMut(&[Land]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let raw = Raw::from_land(self);
        let mut seen: HashSet<Vec<Land>> = HashSet::default();
        let mut outcome = ControlFlow::Continue(());
        for r in 0..raw.regions.len() {
            let flow = region_moves(&raw, r, &mut |child| {
                let lands = reduce(child);
                if seen.contains(&lands) {
                    return ControlFlow::Continue(());
                }
                let flow = visit(&lands);
                seen.insert(lands);
                if let ControlFlow::Break(b) = flow {
                    outcome = ControlFlow::Break(b);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                break;
            }
        }
        outcome
    }
}

impl Position {
    /// Every distinct position reachable in one move, in a deterministic order.
    pub fn children(&self) -> Vec<Position> {
        let mut children = Vec::new();
        let _ = self.children_until(|child| {
            children.push(child.clone());
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
            let others: Rc<[Land]> = lands[..i].iter().chain(&lands[i + 1..]).cloned().collect();
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
        let lands = self.lands();
        let mut seen: HashSet<Position> = HashSet::default();
        for (i, land) in lands.iter().enumerate() {
            if i > 0 && lands[i - 1] == *land {
                continue; // the same land again gives the same children
            }
            land.children_until(|replacement| {
                let mut next: Vec<Land> = lands[..i].to_vec();
                next.extend_from_slice(&lands[i + 1..]);
                next.extend_from_slice(replacement);
                let child = Position::from_lands(next);
                if seen.contains(&child) {
                    return ControlFlow::Continue(());
                }
                visit(&child)?;
                seen.insert(child);
                ControlFlow::Continue(())
            })?;
        }
        ControlFlow::Continue(())
    }
}

/// Receives each raw child; breaks to stop generating.
type Emit<'a> = dyn FnMut(Raw) -> ControlFlow<()> + 'a;

/// True for a boundary that is one isolated spot.
fn is_spot(raw: &Raw, boundary: &[VertexId]) -> bool {
    boundary.len() == 1 && raw.lives[boundary[0] as usize] == 3
}

/// Every move in region `r` (isolated spots are interchangeable, so only the first one or two are used).
fn region_moves(raw: &Raw, r: usize, emit: &mut Emit) -> ControlFlow<()> {
    let region = &raw.regions[r];
    let spots: Vec<usize> = (0..region.len())
        .filter(|&b| is_spot(raw, &region[b]))
        .collect();
    let skip_spot = |b: usize, allowed: &[usize]| is_spot(raw, &region[b]) && !allowed.contains(&b);
    let first_spot: Vec<usize> = spots.iter().take(1).copied().collect();
    let first_two: Vec<usize> = spots.iter().take(2).copied().collect();

    for bi in 0..region.len() {
        // Joining two boundaries.
        for bj in bi + 1..region.len() {
            let allowed = if is_spot(raw, &region[bi]) && is_spot(raw, &region[bj]) {
                &first_two
            } else {
                &first_spot
            };
            if skip_spot(bi, allowed) || skip_spot(bj, allowed) {
                continue;
            }
            for i in 0..region[bi].len() {
                for j in 0..region[bj].len() {
                    emit(join_boundaries(raw, r, bi, i, bj, j))?;
                }
            }
        }
        // Within one boundary: a loop (i == j) or a chord (i < j).
        if skip_spot(bi, &first_spot) {
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
                split_region(raw, r, bi, i, j, emit)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The boundary read from corner `i`, closed by a second corner of the same vertex unless it is an
/// isolated spot (whose "boundary" is the spot alone).
fn walk_from(raw: &Raw, boundary: &[VertexId], i: usize) -> Vec<VertexId> {
    let mut walk: Vec<VertexId> = boundary[i..]
        .iter()
        .chain(&boundary[..i])
        .copied()
        .collect();
    if !is_spot(raw, boundary) {
        walk.push(boundary[i]);
    }
    walk
}

fn join_boundaries(raw: &Raw, r: usize, bi: usize, i: usize, bj: usize, j: usize) -> Raw {
    let mut next = raw.clone();
    let region = &raw.regions[r];
    let (u, v) = (region[bi][i], region[bj][j]);
    let w = next.new_vertex(1);
    let mut merged = walk_from(raw, &region[bi], i);
    merged.push(w);
    merged.extend(walk_from(raw, &region[bj], j));
    merged.push(w);
    next.lives[u as usize] -= 1;
    next.lives[v as usize] -= 1;
    let mut boundaries: Vec<Vec<VertexId>> = region
        .iter()
        .enumerate()
        .filter(|&(b, _)| b != bi && b != bj)
        .map(|(_, b)| b.clone())
        .collect();
    boundaries.push(merged);
    next.regions[r] = boundaries;
    next
}

fn split_region(
    raw: &Raw,
    r: usize,
    bi: usize,
    i: usize,
    j: usize,
    emit: &mut Emit,
) -> ControlFlow<()> {
    let region = &raw.regions[r];
    let boundary = &region[bi];
    let (u, v) = (boundary[i], boundary[j]);
    let mut base = raw.clone();
    base.regions[r] = Vec::new(); // replaced in every child: not worth copying for each
    let w = base.new_vertex(1);
    base.lives[u as usize] -= 1;
    base.lives[v as usize] -= 1;
    let (side_a, side_b) = if i == j {
        let inside = vec![u, w];
        let mut outside = walk_from(raw, boundary, i);
        if is_spot(raw, boundary) {
            outside = vec![u];
        }
        outside.push(w);
        (inside, outside)
    } else {
        let mut a: Vec<VertexId> = boundary[i..=j].to_vec();
        a.push(w);
        let mut b: Vec<VertexId> = boundary[j..]
            .iter()
            .chain(&boundary[..=i])
            .copied()
            .collect();
        b.push(w);
        (a, b)
    };
    // Other boundaries go to either side; isolated spots are interchangeable, so only their count matters.
    let others: Vec<&Vec<VertexId>> = region
        .iter()
        .enumerate()
        .filter(|&(b, bd)| b != bi && !is_spot(raw, bd))
        .map(|(_, bd)| bd)
        .collect();
    let spots: Vec<&Vec<VertexId>> = region
        .iter()
        .enumerate()
        .filter(|&(b, bd)| b != bi && is_spot(raw, bd))
        .map(|(_, bd)| bd)
        .collect();
    for mask in 0u64..(1u64 << others.len()) {
        for spots_on_a in 0..=spots.len() {
            let mut region_a = vec![side_a.clone()];
            let mut region_b = vec![side_b.clone()];
            for (k, bd) in others.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    region_a.push((*bd).clone());
                } else {
                    region_b.push((*bd).clone());
                }
            }
            for (k, bd) in spots.iter().enumerate() {
                if k < spots_on_a {
                    region_a.push((*bd).clone());
                } else {
                    region_b.push((*bd).clone());
                }
            }
            let mut next = base.clone();
            next.regions[r] = region_a;
            next.regions.push(region_b);
            emit(next)?;
        }
    }
    ControlFlow::Continue(())
}
