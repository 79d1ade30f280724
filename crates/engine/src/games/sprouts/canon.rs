//! Canonical form of one land.
//!
//! The canonical key is the smallest byte string over every way of writing the land: orientation
//! (reflection), order of regions, order of boundaries in each region, starting point of each boundary,
//! with letters named in order of first appearance. To keep that search small, everything is first
//! ordered by a *letter-blind* signature (which does not depend on names or on the choices), and only
//! choices that tie on it are tried, with branch-and-bound on the key prefix. A writing that equals
//! the best one found shows a symmetry of the land: the search then leaves the choice where the
//! two writings part (see [`Search::region_slot`]).

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
    /// Room for `items` items in `boundaries` boundaries, so that pushing them allocates once.
    pub fn with_capacity(items: usize, boundaries: usize) -> Boundaries {
        Boundaries {
            items: Vec::with_capacity(items),
            ends: Vec::with_capacity(boundaries),
        }
    }

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
    /// A small region's items (sorted, without its shared letters) followed by its shared letters,
    /// in an order chosen during the search (see [`Search::small_slot`]).
    Small(Vec<Item>),
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
            Variants::Small(_) => 1,
        }
    }

    /// The items of variant `v`, in order: the first slice, then the second.
    fn variant(&self, v: usize) -> (&[Item], &[Item]) {
        match &self.variants {
            Variants::Rotations(starts) => {
                let s = starts[v];
                (&self.items[s..], &self.items[..s])
            }
            Variants::Small(_) => (&self.items, &[]),
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
    let has_shared = !shared.is_empty();
    let variants = if has_shared {
        Variants::Small(shared)
    } else {
        Variants::Rotations(vec![0])
    };
    Boundary {
        items: plain,
        variants,
        blind,
        has_shared,
    }
}

/// Puts `items` (shared letters) in the next order by vertex id; false (and back to the first
/// order) after the last.
fn next_order(items: &mut [Item]) -> bool {
    let id = |item: &Item| match *item {
        Item::Shared(v) | Item::Inner(v) => v,
        _ => 0,
    };
    let n = items.len();
    let Some(i) = (1..n).rev().find(|&i| id(&items[i - 1]) < id(&items[i])) else {
        items.reverse();
        return false;
    };
    let j = (i..n)
        .rev()
        .find(|&j| id(&items[j]) > id(&items[i - 1]))
        .unwrap();
    items.swap(i - 1, j);
    items[i..].reverse();
    true
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
    // A small region is written the same way in both orientations: a land of small regions only
    // has the same writings reflected.
    if shape
        .regions
        .iter()
        .all(|r| matches!(r, RegionShape::Small(_)))
    {
        let slots = land_order(&forward);
        let mut search = Search::new(&forward, slots, None);
        search.region_slot(0, 1);
        return Land::from_key(search.best.unwrap_or_default());
    }
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
            search.region_slot(0, 1);
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
    /// How many of the current path's first choices are those of the writing that gave `best`
    /// (choice 0 is the orientation; then one per region slot and one per boundary slot).
    agree: usize,
    /// Set when a writing equal to `best` was just completed: the depth of the choice to return to.
    jump: Option<usize>,
    /// A buffer per depth for writing small regions.
    scratch: Vec<Vec<Item>>,
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
            // A best from the other orientation differs from this search's path at its first choice.
            agree: 0,
            best,
            compared: Vec::new(),
            jump: None,
            scratch: Vec::new(),
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

    /// Fills region slot `slot` and what follows; `depth` is the number of choices made before.
    fn region_slot(&mut self, slot: usize, depth: usize) {
        if slot == self.slots.len() {
            match self.best.as_ref().map(|b| self.out.cmp(b)) {
                None | Some(Ordering::Less) => {
                    self.best = Some(self.out.clone());
                    self.agree = depth;
                    // Every prefix on the current path now equals the best's.
                    self.compared.iter_mut().for_each(|c| c.1 = Ordering::Equal);
                }
                // The same key as the best writing's: mapping that writing onto this one, position
                // by position, is an automorphism of the land. It fixes the choices both share, and
                // takes the best's choice at the first depth where they differ to this path's. So
                // this path's whole subtree at that depth is the image of the best's (explored
                // before it) and holds no smaller key: return there.
                Some(Ordering::Equal) => self.jump = Some(self.agree),
                Some(Ordering::Greater) => {}
            }
            return;
        }
        let regions = self.regions;
        // Only regions with this slot's signature may fill it (in index order: `slots` comes
        // from a stable sort).
        let (from, to) = self.ties[slot];
        // Small regions with shared letters: only those that write the smallest bytes here (up to
        // 8 candidates; with more, all are tried).
        let mut orders = [[0; 4]; 8];
        let mut least = None;
        if to - from > 1 && to - from <= orders.len() {
            for (k, order) in (from..to).zip(&mut orders) {
                let r = self.slots[k];
                if !self.used_region[r] {
                    match self.small_order(r) {
                        Some(o) => {
                            *order = o;
                            least = Some(least.map_or(o, |l: [usize; 4]| l.min(o)));
                        }
                        None => {
                            least = None;
                            break;
                        }
                    }
                }
            }
        }
        let mut tried_plain = false;
        for k in from..to {
            let r = self.slots[k];
            let region = &regions[r];
            if self.used_region[r] || least.is_some_and(|l| orders[k - from] != l) {
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
            self.boundary_slot(r, 0, slot, depth + 1);
            self.inner_names.truncate(self.inner_from);
            self.inner_from = saved_from;
            self.used_region[r] = false;
            self.out.truncate(mark);
            if self.leave(depth) {
                return;
            }
        }
    }

    /// After a choice made at `depth` was explored: true when the search returns to a shallower
    /// choice. The next choice at `depth` is not on the best writing's path any more.
    fn leave(&mut self, depth: usize) -> bool {
        self.agree = self.agree.min(depth);
        match self.jump {
            Some(to) if to < depth => true,
            Some(_) => {
                self.jump = None;
                false
            }
            None => false,
        }
    }

    fn boundary_slot(&mut self, r: usize, bslot: usize, rslot: usize, depth: usize) {
        let regions = self.regions;
        let region = &regions[r];
        if bslot == region.boundaries.len() {
            self.region_slot(rslot + 1, depth);
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
            if let Variants::Small(shared) = &boundary.variants {
                if self.small_slot(r, b, (&boundary.items, shared), rslot, depth) {
                    return;
                }
                continue;
            }
            for v in 0..variants {
                if self.try_writing((r, b, bslot), rslot, depth, boundary.variant(v)) {
                    return;
                }
            }
        }
    }

    /// Writes boundary `b` of region `r` in its slot `bslot` as `items`, and searches on. True when
    /// the search returns to a shallower choice (see [`Search::leave`]).
    fn try_writing(
        &mut self,
        (r, b, bslot): (usize, usize, usize),
        rslot: usize,
        depth: usize,
        items: (&[Item], &[Item]),
    ) -> bool {
        let used = self.regions[r].offset + b;
        let mark = self.out.len();
        let (shared_mark, inner_mark) = (self.shared_names.len(), self.inner_names.len());
        if bslot > 0 {
            self.out.push(BOUNDARY_SEP);
        }
        if !self.write_compared(items) {
            self.used_boundary[used] = true;
            self.boundary_slot(r, bslot + 1, rslot, depth + 1);
            self.used_boundary[used] = false;
        }
        self.compared.pop();
        self.out.truncate(mark);
        self.shared_names.truncate(shared_mark);
        self.inner_names.truncate(inner_mark);
        self.leave(depth)
    }

    /// Writes a small region (its one boundary `b`): its other items, then its shared letters that
    /// have a name already, in the order of their names, then the others in every order. Any other
    /// order writes a larger byte where it first differs (a letter named now gets a larger name
    /// than every letter named before), so it cannot give the smallest key.
    fn small_slot(
        &mut self,
        r: usize,
        b: usize,
        (plain, shared): (&[Item], &[Item]),
        rslot: usize,
        depth: usize,
    ) -> bool {
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Vec::new);
        }
        let mut items = std::mem::take(&mut self.scratch[depth]);
        items.clear();
        items.extend_from_slice(plain);
        let named_from = items.len();
        items.extend(shared.iter().filter(|&&i| self.shared_name(i).is_some()));
        items[named_from..].sort_unstable_by_key(|&i| self.shared_name(i));
        let new_from = items.len();
        items.extend(shared.iter().filter(|&&i| self.shared_name(i).is_none()));
        items[new_from..].sort_unstable_by_key(|&i| match i {
            Item::Shared(v) => v,
            _ => 0,
        });
        let mut left = false;
        loop {
            if self.try_writing((r, b, 0), rslot, depth, (&items, &[])) {
                left = true;
                break;
            }
            if !next_order(&mut items[new_from..]) {
                break;
            }
        }
        self.scratch[depth] = items;
        left
    }

    /// The name a shared letter has so far.
    fn shared_name(&self, item: Item) -> Option<usize> {
        match item {
            Item::Shared(v) => self.shared_names.iter().position(|&n| n == v),
            _ => None,
        }
    }

    /// For a small region with shared letters (at most 4): the names of its shared letters in
    /// increasing order, a letter without a name yet counting as larger than any. Regions that tie
    /// on the signature write alike up to these letters, and the smallest such list writes the
    /// smallest bytes (see [`Search::small_slot`]). None for other regions.
    fn small_order(&self, r: usize) -> Option<[usize; 4]> {
        let [boundary] = self.regions[r].boundaries.as_slice() else {
            return None;
        };
        let Variants::Small(shared) = &boundary.variants else {
            return None;
        };
        if shared.len() > 4 {
            return None;
        }
        let mut order = [usize::MAX; 4];
        for (o, &item) in order.iter_mut().zip(shared) {
            *o = self.shared_name(item).unwrap_or(usize::MAX);
        }
        order.sort_unstable();
        Some(order)
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
#[cfg(test)]
#[path = "canon_tests.rs"]
mod tests;
