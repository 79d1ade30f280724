//! Canonical form of one land.
//!
//! The canonical key is the smallest byte string over every way of writing the land: orientation
//! (reflection), order of regions, order of boundaries in each region, starting point of each boundary,
//! with letters named in order of first appearance. To keep that search small, everything is first
//! ordered by a *letter-blind* signature (which does not depend on names or on the choices), and only
//! choices that tie on it are tried, with branch-and-bound on the key prefix.

use super::position::{Land, Vertex, BOUNDARY_SEP, REGION_SEP};
use super::raw::VertexId;
use std::cmp::Ordering;

/// One occurrence, before naming.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Item {
    Spot,
    TwoLives,
    OneLife,
    Inner(VertexId),
    Shared(VertexId),
}

pub(crate) enum RegionShape {
    /// At most 3 lives: only the multiset of vertices matters.
    Small(Vec<Item>),
    /// Boundaries, each a cyclic sequence with the region on its left.
    Full(Vec<Vec<Item>>),
}

pub(crate) struct LandShape {
    pub regions: Vec<RegionShape>,
}

type Blind = Vec<u16>;

/// Letter-blind symbol: kinds, and for an inner vertex how far ahead its other corner is.
fn blind_symbols(items: &[Item]) -> Blind {
    let n = items.len();
    (0..n)
        .map(|i| match items[i] {
            Item::Spot => 0,
            Item::TwoLives => 1,
            Item::OneLife => 2,
            Item::Shared(_) => 3,
            Item::Inner(v) => {
                let d = (1..n)
                    .find(|&d| items[(i + d) % n] == Item::Inner(v))
                    .unwrap_or(0);
                4 + d as u16
            }
        })
        .collect()
}

struct Boundary {
    /// The ways to write it that give the smallest blind signature.
    variants: Vec<Vec<Item>>,
    blind: Blind,
    has_shared: bool,
}

struct Region {
    boundaries: Vec<Boundary>,
    /// Boundary blind signatures, sorted: the region's own signature.
    blind: Vec<Blind>,
    has_shared: bool,
}

fn full_boundary(items: &[Item], reflect: bool) -> Boundary {
    let mut items = items.to_vec();
    if reflect {
        items.reverse();
    }
    let symbols = blind_symbols(&items);
    let n = items.len();
    // Compare rotations in place; keep every start that gives the smallest sequence.
    let rotated_cmp = |a: usize, b: usize| -> std::cmp::Ordering {
        (0..n)
            .map(|k| symbols[(a + k) % n].cmp(&symbols[(b + k) % n]))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    let mut starts: Vec<usize> = Vec::new();
    for s in 0..n {
        match starts.first().map(|&b| rotated_cmp(s, b)) {
            None | Some(std::cmp::Ordering::Less) => starts = vec![s],
            Some(std::cmp::Ordering::Equal) => starts.push(s),
            Some(std::cmp::Ordering::Greater) => {}
        }
    }
    let best: Option<Blind> = starts
        .first()
        .map(|&s| symbols[s..].iter().chain(&symbols[..s]).copied().collect());
    let has_shared = items.iter().any(|i| matches!(i, Item::Shared(_)));
    // Without shared letters the signature fixes what gets written: one variant is enough.
    let kept = if has_shared {
        &starts[..]
    } else {
        &starts[..starts.len().min(1)]
    };
    let variants = kept
        .iter()
        .map(|&s| items[s..].iter().chain(&items[..s]).copied().collect())
        .collect();
    Boundary {
        variants,
        blind: best.unwrap_or_default(),
        has_shared,
    }
}

fn small_boundary(items: &[Item]) -> Boundary {
    let rank = |i: &Item| match i {
        Item::Spot => 0,
        Item::TwoLives => 1,
        Item::OneLife | Item::Inner(_) => 2,
        Item::Shared(_) => 3,
    };
    let mut plain: Vec<Item> = items.iter().copied().filter(|i| rank(i) < 3).collect();
    plain.sort_by_key(rank);
    let shared: Vec<Item> = items.iter().copied().filter(|i| rank(i) == 3).collect();
    let mut variants = Vec::new();
    permutations(
        &shared,
        &mut Vec::new(),
        &mut vec![false; shared.len()],
        &mut |p| variants.push(plain.iter().chain(p.iter()).copied().collect()),
    );
    let mut blind: Blind = items.iter().map(|i| rank(i) as u16).collect();
    blind.sort_unstable();
    Boundary {
        variants,
        blind,
        has_shared: !shared.is_empty(),
    }
}

fn permutations(
    items: &[Item],
    current: &mut Vec<Item>,
    used: &mut [bool],
    f: &mut dyn FnMut(&[Item]),
) {
    if current.len() == items.len() {
        f(current);
        return;
    }
    for i in 0..items.len() {
        if !used[i] {
            used[i] = true;
            current.push(items[i]);
            permutations(items, current, used, f);
            current.pop();
            used[i] = false;
        }
    }
}

fn oriented(shape: &LandShape, reflect: bool) -> Vec<Region> {
    shape
        .regions
        .iter()
        .map(|region| {
            let boundaries: Vec<Boundary> = match region {
                RegionShape::Small(items) => vec![small_boundary(items)],
                RegionShape::Full(bs) => bs.iter().map(|b| full_boundary(b, reflect)).collect(),
            };
            let mut blind: Vec<Blind> = boundaries.iter().map(|b| b.blind.clone()).collect();
            blind.sort_unstable();
            let has_shared = boundaries.iter().any(|b| b.has_shared);
            Region {
                boundaries,
                blind,
                has_shared,
            }
        })
        .collect()
}

fn land_blind(regions: &[Region]) -> Vec<&Vec<Blind>> {
    let mut blind: Vec<&Vec<Blind>> = regions.iter().map(|r| &r.blind).collect();
    blind.sort_unstable();
    blind
}

/// The canonical land for a shape.
pub(crate) fn canonical_land(shape: &LandShape) -> Land {
    let forward = oriented(shape, false);
    let backward = oriented(shape, true);
    let mut best: Option<Vec<u8>> = None;
    let order = land_blind(&forward).cmp(&land_blind(&backward));
    for regions in [&forward, &backward] {
        let is_forward = std::ptr::eq(regions, &forward);
        let keep = match order {
            std::cmp::Ordering::Less => is_forward,
            std::cmp::Ordering::Greater => !is_forward,
            std::cmp::Ordering::Equal => true,
        };
        if keep {
            let mut search = Search::new(regions, best.take());
            search.region_slot(0);
            best = search.best;
        }
    }
    Land::from_key(best.unwrap_or_default())
}

struct Search<'a> {
    regions: &'a [Region],
    slots: Vec<&'a Vec<Blind>>,
    used_region: Vec<bool>,
    used_boundary: Vec<bool>,
    shared_names: Vec<VertexId>,
    inner_names: Vec<VertexId>,
    out: Vec<u8>,
    best: Option<Vec<u8>>,
    /// For each boundary written: (length of `out` then, how that prefix compares with `best`'s).
    /// Only the new bytes are compared at each step, not the whole prefix again.
    compared: Vec<(usize, Ordering)>,
}

impl<'a> Search<'a> {
    fn new(regions: &'a [Region], best: Option<Vec<u8>>) -> Search<'a> {
        Search {
            regions,
            slots: land_blind(regions),
            used_region: vec![false; regions.len()],
            used_boundary: Vec::new(),
            shared_names: Vec::new(),
            inner_names: Vec::new(),
            out: Vec::new(),
            best,
            compared: Vec::new(),
        }
    }

    /// Compares what was written since the last call with `best` and records the result; true when
    /// the key written so far is already larger than the best complete key. Undo with `compared.pop()`.
    fn push_comparison(&mut self) -> bool {
        let (from, before) = self
            .compared
            .last()
            .copied()
            .unwrap_or((0, Ordering::Equal));
        let now = match (&self.best, before) {
            (None, _) => Ordering::Less,
            (Some(best), Ordering::Equal) => {
                let end = self.out.len().min(best.len());
                let written = &self.out[from.min(end)..end];
                match written.cmp(&best[from.min(end)..end]) {
                    Ordering::Equal if self.out.len() > best.len() => Ordering::Greater,
                    order => order,
                }
            }
            (Some(_), order) => order,
        };
        self.compared.push((self.out.len(), now));
        now == Ordering::Greater
    }

    fn region_slot(&mut self, slot: usize) {
        if slot == self.slots.len() {
            if self.best.as_ref().is_none_or(|b| self.out < *b) {
                self.best = Some(self.out.clone());
                // Every prefix on the current path now equals the best's.
                self.compared.iter_mut().for_each(|c| c.1 = Ordering::Equal);
            }
            return;
        }
        let regions = self.regions;
        let mut tried_plain = false;
        for (r, region) in regions.iter().enumerate() {
            if self.used_region[r] || region.blind != *self.slots[slot] {
                continue;
            }
            // Regions without shared letters that tie on the signature write identically.
            if !region.has_shared {
                if tried_plain {
                    continue;
                }
                tried_plain = true;
            }
            let mark = self.out.len();
            if slot > 0 {
                self.out.push(REGION_SEP);
            }
            self.used_region[r] = true;
            let saved_used = std::mem::replace(
                &mut self.used_boundary,
                vec![false; region.boundaries.len()],
            );
            let saved_inner = std::mem::take(&mut self.inner_names);
            self.boundary_slot(r, 0, slot);
            self.inner_names = saved_inner;
            self.used_boundary = saved_used;
            self.used_region[r] = false;
            self.out.truncate(mark);
        }
    }

    fn boundary_slot(&mut self, r: usize, bslot: usize, rslot: usize) {
        let regions = self.regions;
        let region = &regions[r];
        if bslot == region.boundaries.len() {
            self.region_slot(rslot + 1);
            return;
        }
        let wanted = &region.blind[bslot];
        let mut tried_plain = false;
        for b in 0..region.boundaries.len() {
            let boundary = &region.boundaries[b];
            if self.used_boundary[b] || boundary.blind != *wanted {
                continue;
            }
            let variants: &[Vec<Item>] = if boundary.has_shared {
                &boundary.variants
            } else {
                // Without shared letters the signature fixes what gets written.
                if tried_plain {
                    continue;
                }
                tried_plain = true;
                &boundary.variants[..1]
            };
            for variant in variants {
                let mark = self.out.len();
                let (shared_mark, inner_mark) = (self.shared_names.len(), self.inner_names.len());
                if bslot > 0 {
                    self.out.push(BOUNDARY_SEP);
                }
                for &item in variant {
                    let code = self.name(item).code();
                    self.out.push(code);
                }
                if !self.push_comparison() {
                    self.used_boundary[b] = true;
                    self.boundary_slot(r, bslot + 1, rslot);
                    self.used_boundary[b] = false;
                }
                self.compared.pop();
                self.out.truncate(mark);
                self.shared_names.truncate(shared_mark);
                self.inner_names.truncate(inner_mark);
            }
        }
    }

    fn name(&mut self, item: Item) -> Vertex {
        fn index(names: &mut Vec<VertexId>, v: VertexId) -> u8 {
            match names.iter().position(|&n| n == v) {
                Some(i) => i as u8,
                None => {
                    names.push(v);
                    (names.len() - 1) as u8
                }
            }
        }
        match item {
            Item::Spot => Vertex::Spot,
            Item::TwoLives => Vertex::TwoLives,
            Item::OneLife => Vertex::OneLife,
            Item::Inner(v) => Vertex::Inner(index(&mut self.inner_names, v)),
            Item::Shared(v) => Vertex::Shared(index(&mut self.shared_names, v)),
        }
    }
}
