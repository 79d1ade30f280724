//! Canonical form of one land.
//!
//! The canonical key is the smallest byte string over every way of writing the land: orientation
//! (reflection), order of regions, order of boundaries in each region, starting point of each boundary,
//! with letters named in order of first appearance. To keep that search small, everything is first
//! ordered by a *letter-blind* signature (which does not depend on names or on the choices), and only
//! choices that tie on it are tried, with branch-and-bound on the key prefix.

use super::land::{Land, Vertex, BOUNDARY_SEP, REGION_SEP};
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
    Full(Boundaries),
}

/// A region's boundaries laid end to end in one vector (one allocation, not one per boundary).
#[derive(Default)]
pub(crate) struct Boundaries {
    items: Vec<Item>,
    /// Where each boundary ends in `items`.
    ends: Vec<u32>,
}

impl Boundaries {
    /// Appends one boundary.
    pub fn push(&mut self, boundary: impl Iterator<Item = Item>) {
        self.items.extend(boundary);
        self.ends.push(self.items.len() as u32);
    }

    /// The boundaries, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[Item]> + Clone + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.items[start as usize..end as usize])
    }

    /// Every item of every boundary.
    pub fn items(&self) -> &[Item] {
        &self.items
    }
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

/// The ways to write one boundary that give the smallest blind signature.
enum Variants {
    /// Rotations of the boundary's items, by start index.
    Rotations(Vec<usize>),
    /// Written out (orders of the shared letters of a small region).
    Listed(Vec<Vec<Item>>),
}

struct Boundary {
    /// The items in this orientation (reflected if needed).
    items: Vec<Item>,
    variants: Variants,
    blind: Blind,
    has_shared: bool,
}

impl Boundary {
    fn variant_count(&self) -> usize {
        match &self.variants {
            Variants::Rotations(starts) => starts.len(),
            Variants::Listed(lists) => lists.len(),
        }
    }

    /// The items of variant `v`, in order: the first slice, then the second.
    fn variant(&self, v: usize) -> (&[Item], &[Item]) {
        match &self.variants {
            Variants::Rotations(starts) => {
                let s = starts[v];
                (&self.items[s..], &self.items[..s])
            }
            Variants::Listed(lists) => (&lists[v], &[]),
        }
    }
}

struct Region {
    boundaries: Vec<Boundary>,
    /// Boundary indices sorted by blind signature: the region's own signature is their sequence.
    order: Vec<usize>,
    /// For each slot of `order`, the range of slots whose boundaries have the same signature: the
    /// boundaries that may fill it.
    ties: Vec<(usize, usize)>,
    has_shared: bool,
    /// Index of its first boundary in the search's flat `used_boundary`.
    offset: usize,
}

impl Region {
    fn signature(&self) -> impl Iterator<Item = &Blind> + '_ {
        self.order.iter().map(|&b| &self.boundaries[b].blind)
    }

    fn cmp_signature(&self, other: &Region) -> Ordering {
        self.signature().cmp(other.signature())
    }
}

fn full_boundary(items: &[Item], reflect: bool) -> Boundary {
    let mut items = items.to_vec();
    if reflect {
        items.reverse();
    }
    let symbols = blind_symbols(&items);
    let n = items.len();
    // Compare rotations in place; keep every start that gives the smallest sequence.
    let rotated_cmp = |a: usize, b: usize| -> Ordering {
        (0..n)
            .map(|k| symbols[(a + k) % n].cmp(&symbols[(b + k) % n]))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    };
    let mut starts: Vec<usize> = Vec::new();
    for s in 0..n {
        match starts.first().map(|&b| rotated_cmp(s, b)) {
            None | Some(Ordering::Less) => {
                starts.clear();
                starts.push(s);
            }
            Some(Ordering::Equal) => starts.push(s),
            Some(Ordering::Greater) => {}
        }
    }
    let mut blind = symbols;
    if let Some(&s) = starts.first() {
        blind.rotate_left(s);
    }
    let has_shared = items.iter().any(|i| matches!(i, Item::Shared(_)));
    // Without shared letters the signature fixes what gets written: one variant is enough.
    if !has_shared {
        starts.truncate(1);
    }
    Boundary {
        items,
        variants: Variants::Rotations(starts),
        blind,
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
    let mut blind: Blind = items.iter().map(|i| rank(i) as u16).collect();
    blind.sort_unstable();
    let variants = if shared.is_empty() {
        Variants::Rotations(vec![0])
    } else {
        let mut lists = Vec::new();
        permutations(
            &shared,
            &mut Vec::new(),
            &mut vec![false; shared.len()],
            &mut |p| lists.push(plain.iter().chain(p.iter()).copied().collect()),
        );
        Variants::Listed(lists)
    };
    Boundary {
        items: plain,
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
    let mut offset = 0;
    shape
        .regions
        .iter()
        .map(|region| {
            let boundaries: Vec<Boundary> = match region {
                RegionShape::Small(items) => vec![small_boundary(items)],
                RegionShape::Full(bs) => bs.iter().map(|b| full_boundary(b, reflect)).collect(),
            };
            let mut order: Vec<usize> = (0..boundaries.len()).collect();
            order.sort_by(|&a, &b| boundaries[a].blind.cmp(&boundaries[b].blind));
            let ties = tie_ranges(order.len(), |a, b| {
                boundaries[order[a]].blind == boundaries[order[b]].blind
            });
            let has_shared = boundaries.iter().any(|b| b.has_shared);
            let region = Region {
                boundaries,
                order,
                ties,
                has_shared,
                offset,
            };
            offset += region.boundaries.len();
            region
        })
        .collect()
}

/// For each of `len` sorted slots, the range of slots equal to it (`equal` compares two slots).
fn tie_ranges(len: usize, equal: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut ties = Vec::with_capacity(len);
    let mut start = 0;
    for slot in 0..len {
        if slot + 1 == len || !equal(slot, slot + 1) {
            ties.extend(std::iter::repeat_n((start, slot + 1), slot + 1 - start));
            start = slot + 1;
        }
    }
    ties
}

/// Region indices sorted by signature: the land's signature is their sequence.
fn land_order(regions: &[Region]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..regions.len()).collect();
    order.sort_by(|&a, &b| regions[a].cmp_signature(&regions[b]));
    order
}

fn cmp_land_signature(
    a: &[Region],
    a_order: &[usize],
    b: &[Region],
    b_order: &[usize],
) -> Ordering {
    for (&x, &y) in a_order.iter().zip(b_order) {
        let order = a[x].cmp_signature(&b[y]);
        if order.is_ne() {
            return order;
        }
    }
    a_order.len().cmp(&b_order.len())
}

/// The canonical land for a shape.
pub(crate) fn canonical_land(shape: &LandShape) -> Land {
    let forward = oriented(shape, false);
    let backward = oriented(shape, true);
    let (forward_order, backward_order) = (land_order(&forward), land_order(&backward));
    let order = cmp_land_signature(&forward, &forward_order, &backward, &backward_order);
    let mut best: Option<Vec<u8>> = None;
    for (regions, slots, is_forward) in [
        (&forward, forward_order, true),
        (&backward, backward_order, false),
    ] {
        let keep = match order {
            Ordering::Less => is_forward,
            Ordering::Greater => !is_forward,
            Ordering::Equal => true,
        };
        if keep {
            let mut search = Search::new(regions, slots, best.take());
            search.region_slot(0);
            best = search.best;
        }
    }
    Land::from_key(best.unwrap_or_default())
}

struct Search<'a> {
    regions: &'a [Region],
    /// Region indices in signature order: slot k is filled by a region with slot k's signature.
    slots: Vec<usize>,
    /// For each slot, the range of slots whose regions have the same signature.
    ties: Vec<(usize, usize)>,
    used_region: Vec<bool>,
    /// Flat over every region's boundaries (see [`Region::offset`]).
    used_boundary: Vec<bool>,
    shared_names: Vec<VertexId>,
    /// Inner letters are named within their region: names start at `inner_from`.
    inner_names: Vec<VertexId>,
    inner_from: usize,
    out: Vec<u8>,
    best: Option<Vec<u8>>,
    /// For each boundary written: (length of `out` then, how that prefix compares with `best`'s).
    /// Only the new bytes are compared at each step, not the whole prefix again.
    compared: Vec<(usize, Ordering)>,
}

impl<'a> Search<'a> {
    fn new(regions: &'a [Region], slots: Vec<usize>, best: Option<Vec<u8>>) -> Search<'a> {
        let boundaries = regions.iter().map(|r| r.boundaries.len()).sum();
        Search {
            regions,
            ties: tie_ranges(slots.len(), |a, b| {
                regions[slots[a]].cmp_signature(&regions[slots[b]]).is_eq()
            }),
            slots,
            used_region: vec![false; regions.len()],
            used_boundary: vec![false; boundaries],
            shared_names: Vec::new(),
            inner_names: Vec::new(),
            inner_from: 0,
            out: Vec::new(),
            best,
            compared: Vec::new(),
        }
    }

    /// Writes `items` (naming their letters) and records how the key written so far compares with
    /// `best`, as [`Search::push_comparison`] does; true when it is already larger. While the key
    /// so far equals the best one's start, each byte is compared as it is written, and the writing
    /// stops at the first larger one (what is left unwritten would not change the answer). Undo
    /// with `compared.pop()` and by truncating `out` and the names.
    fn write_compared(&mut self, (first, second): (&[Item], &[Item])) -> bool {
        let (from, before) = self
            .compared
            .last()
            .copied()
            .unwrap_or((0, Ordering::Equal));
        let Some(best) = self.best.take() else {
            for &item in first.iter().chain(second) {
                let code = self.name(item).code();
                self.out.push(code);
            }
            return self.push_comparison();
        };
        let mut order = before;
        if order == Ordering::Equal {
            // The separators written since the last comparison.
            let end = self.out.len().min(best.len());
            order = self.out[from.min(end)..end].cmp(&best[from.min(end)..end]);
            if order == Ordering::Equal && self.out.len() > best.len() {
                order = Ordering::Greater;
            }
        }
        for &item in first.iter().chain(second) {
            if order == Ordering::Greater {
                break;
            }
            let code = self.name(item).code();
            if order == Ordering::Equal {
                order = match best.get(self.out.len()) {
                    Some(b) => code.cmp(b),
                    None => Ordering::Greater,
                };
            }
            self.out.push(code);
        }
        self.best = Some(best);
        self.compared.push((self.out.len(), order));
        order == Ordering::Greater
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
        // Only regions with this slot's signature may fill it (in index order: `slots` comes
        // from a stable sort).
        let (from, to) = self.ties[slot];
        let mut tried_plain = false;
        for k in from..to {
            let r = self.slots[k];
            let region = &regions[r];
            if self.used_region[r] {
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
            let saved_from = std::mem::replace(&mut self.inner_from, self.inner_names.len());
            self.boundary_slot(r, 0, slot);
            self.inner_names.truncate(self.inner_from);
            self.inner_from = saved_from;
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
        // Only boundaries with this slot's signature may fill it (in index order, as `order` is
        // a stable sort).
        let (from, to) = region.ties[bslot];
        let mut tried_plain = false;
        for &b in &region.order[from..to] {
            let boundary = &region.boundaries[b];
            if self.used_boundary[region.offset + b] {
                continue;
            }
            let variants = if boundary.has_shared {
                boundary.variant_count()
            } else {
                // Without shared letters the signature fixes what gets written.
                if tried_plain {
                    continue;
                }
                tried_plain = true;
                1
            };
            for v in 0..variants {
                let mark = self.out.len();
                let (shared_mark, inner_mark) = (self.shared_names.len(), self.inner_names.len());
                if bslot > 0 {
                    self.out.push(BOUNDARY_SEP);
                }
                if !self.write_compared(boundary.variant(v)) {
                    self.used_boundary[region.offset + b] = true;
                    self.boundary_slot(r, bslot + 1, rslot);
                    self.used_boundary[region.offset + b] = false;
                }
                self.compared.pop();
                self.out.truncate(mark);
                self.shared_names.truncate(shared_mark);
                self.inner_names.truncate(inner_mark);
            }
        }
    }

    fn name(&mut self, item: Item) -> Vertex {
        fn index(names: &mut Vec<VertexId>, from: usize, v: VertexId) -> u8 {
            match names[from..].iter().position(|&n| n == v) {
                Some(i) => i as u8,
                None => {
                    names.push(v);
                    (names.len() - 1 - from) as u8
                }
            }
        }
        match item {
            Item::Spot => Vertex::Spot,
            Item::TwoLives => Vertex::TwoLives,
            Item::OneLife => Vertex::OneLife,
            Item::Inner(v) => Vertex::Inner(index(&mut self.inner_names, self.inner_from, v)),
            Item::Shared(v) => Vertex::Shared(index(&mut self.shared_names, 0, v)),
        }
    }
}
