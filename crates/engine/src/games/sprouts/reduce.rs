//! Reduction: drop dead vertices and dead regions, collapse repeated corners, split into lands, and
//! forget the boundary structure of regions with at most 3 lives (it cannot matter there, GLOP's rule).

use super::canon::{canonical_land, Boundaries, Item, LandShape, RegionShape};
use super::canon_cache::{cached_land_of, LandSource};
use super::canon_given_key::GivenKey;
use super::invariant::{count, Counts, RegionHasher};
use super::land::Land;
use super::raw::{Raw, VertexId};

/// Regions with at most this many lives keep only the multiset of their vertices.
const SMALL_REGION_LIVES: u32 = 3;

/// Reduces a raw position to its canonical lands.
pub(crate) fn reduce(mut raw: Raw) -> Vec<Land> {
    let mut lands: Vec<Land> = reduce_to_shapes(&mut raw)
        .iter()
        .map(canonical_land)
        .collect();
    lands.sort_unstable();
    lands
}

/// [`reduce`] of a child being generated (a scratch position, left reduced), through the memo of
/// canonical forms: most children are lands already met.
pub(crate) fn reduce_in_place(raw: &mut Raw, reducer: &mut Reducer) -> Vec<Land> {
    reducer.reduce(raw);
    reducer.reduced_lands(raw)
}

/// Reduces a raw position to its lands, not yet in canonical form (`raw` is left reduced).
pub(crate) fn reduce_to_shapes(raw: &mut Raw) -> Vec<LandShape> {
    Reducer::default().shapes(raw)
}

/// The working tables of a reduction, kept between the many children of one position so that
/// each child costs no fresh allocation but its lands' own.
#[derive(Default)]
pub(crate) struct Reducer {
    /// Lives of a region count each distinct vertex once: a stamp per vertex says which region
    /// last counted it, so one table serves every region without clearing.
    stamp: Vec<u32>,
    call: u32,
    region_lives: Vec<u32>,
    /// For each vertex: (occurrences, region of the first one, seen in two regions). A vertex lies
    /// in one land only, so one table serves every land.
    occurrences: Vec<(u32, usize, bool)>,
    /// Union-find over regions, linked by shared vertices.
    parent: Vec<usize>,
    /// Land of each union-find root, `usize::MAX` when none yet (scratch of `number_lands`).
    land_of_root: Vec<usize>,
    /// Vertices of a small region already listed.
    seen: Vec<VertexId>,
    /// Land of each region, lands numbered in order of their first region; and how many lands.
    region_land: Vec<usize>,
    lands: usize,
}

impl Reducer {
    /// [`reduce_to_shapes`] with this reducer's tables.
    pub fn shapes(&mut self, raw: &mut Raw) -> Vec<LandShape> {
        self.reduce(raw);
        self.reduced_shapes(raw)
    }

    /// Reduces `raw` in place and fills the tables that [`Reducer::reduced_shapes`] and
    /// [`Reducer::land_invariants`] read.
    pub fn reduce(&mut self, raw: &mut Raw) {
        let lives = &raw.lives;
        for region in &mut raw.regions {
            for boundary in region.iter_mut() {
                boundary.retain(|&v| lives[v as usize] > 0);
                collapse_repeats(boundary);
            }
            region.retain(|b| !b.is_empty());
        }
        // A region with at most 1 life allows no move, now or later: drop it.
        if self.stamp.len() < lives.len() || self.call > u32::MAX - (1 << 20) {
            self.stamp.clear();
            self.stamp.resize(lives.len(), 0);
            self.call = 0;
        }
        self.region_lives.clear();
        let (stamp, call, region_lives) = (&mut self.stamp, &mut self.call, &mut self.region_lives);
        raw.regions.retain(|region| {
            *call += 1;
            let mut total = 0;
            for &v in region.iter().flatten() {
                let seen = &mut stamp[v as usize];
                if *seen != *call {
                    *seen = *call;
                    total += lives[v as usize] as u32;
                }
            }
            if total >= 2 {
                region_lives.push(total);
            }
            total >= 2
        });
        self.count_and_link(raw);
        self.number_lands(raw.regions.len());
    }

    /// Numbers the lands (the union-find's classes) in order of their first region, into
    /// `region_land` and `lands`: what every reading of the reduced position goes by.
    fn number_lands(&mut self, regions: usize) {
        self.land_of_root.clear();
        self.land_of_root.resize(regions, usize::MAX);
        self.region_land.clear();
        self.lands = 0;
        for r in 0..regions {
            let root = find(&mut self.parent, r);
            if self.land_of_root[root] == usize::MAX {
                self.land_of_root[root] = self.lands;
                self.lands += 1;
            }
            self.region_land.push(self.land_of_root[root]);
        }
    }

    /// The lands of a position [`Reducer::reduce`] has just reduced, not yet in canonical form.
    pub fn reduced_shapes(&mut self, raw: &Raw) -> Vec<LandShape> {
        // Lands in order of their first region, each with its regions in order.
        let mut lands: Vec<LandShape> = (0..self.lands)
            .map(|_| LandShape {
                regions: Vec::new(),
            })
            .collect();
        for r in 0..raw.regions.len() {
            let shape = self.shape_region(raw, r);
            lands[self.region_land[r]].regions.push(shape);
        }
        lands
    }

    /// The canonical lands, sorted, of a position [`Reducer::reduce`] has just reduced, through the
    /// memo of canonical forms. Most children are lands the memo holds: each land's memo key is
    /// written straight from `raw`, and its shape is built only when the memo misses.
    pub fn reduced_lands(&mut self, raw: &Raw) -> Vec<Land> {
        let mut lands: Vec<Land> = (0..self.lands)
            .map(|land| {
                cached_land_of(&mut ReducedLand {
                    reducer: self,
                    raw,
                    land,
                })
            })
            .collect();
        lands.sort_unstable();
        lands
    }

    /// [`shape_invariant`] of each land of a position [`Reducer::reduce`] has just reduced, in the
    /// order of [`Reducer::reduced_shapes`], into `out`; without building the shapes, so that a
    /// search can pass over the children it does not want at the cost of their reduction alone.
    ///
    /// [`shape_invariant`]: super::invariant::shape_invariant
    pub fn land_invariants(&mut self, raw: &Raw, out: &mut Vec<u64>) {
        out.clear();
        out.resize(self.lands, 0);
        for r in 0..raw.regions.len() {
            let hash = self.region_invariant(raw, r);
            let land = &mut out[self.region_land[r]];
            *land = land.wrapping_add(hash);
        }
    }

    /// The invariant's hash of region `r`, as [`Reducer::shape_region`] would shape it.
    fn region_invariant(&mut self, raw: &Raw, r: usize) -> u64 {
        let occurrences = &self.occurrences;
        let kind = |v: VertexId| -> usize {
            let (n, _, two_regions) = occurrences[v as usize];
            match raw.lives[v as usize] {
                3 => 0,
                2 => 1,
                _ if n < 2 => 2,
                _ if two_regions => 4,
                _ => 3,
            }
        };
        let region = &raw.regions[r];
        let mut hasher = RegionHasher::default();
        if self.region_lives[r] <= SMALL_REGION_LIVES {
            let seen = &mut self.seen;
            seen.clear();
            let mut counts = Counts::default();
            for &v in region.iter().flatten() {
                if seen.contains(&v) {
                    continue;
                }
                seen.push(v);
                // An inner vertex is shaped as one corner with 1 life.
                count(&mut counts, if kind(v) == 3 { 2 } else { kind(v) });
            }
            hasher.add(&counts);
        } else {
            for boundary in region {
                let mut counts = Counts::default();
                boundary.iter().for_each(|&v| count(&mut counts, kind(v)));
                hasher.add(&counts);
            }
        }
        hasher.finish()
    }

    /// Counts each vertex's occurrences (noting its first region and whether it is seen in two)
    /// and joins regions that share a vertex (union-find), in one pass.
    fn count_and_link(&mut self, raw: &Raw) {
        let count = &mut self.occurrences;
        count.clear();
        count.resize(raw.lives.len(), (0, usize::MAX, false));
        self.parent.clear();
        self.parent.extend(0..raw.regions.len());
        for (r, region) in raw.regions.iter().enumerate() {
            for boundary in region {
                for &v in boundary {
                    let entry = &mut count[v as usize];
                    if entry.0 == 0 {
                        entry.1 = r;
                    } else if entry.1 != r {
                        entry.2 = true;
                        let (a, b) = (find(&mut self.parent, r), find(&mut self.parent, entry.1));
                        self.parent[a] = b;
                    }
                    entry.0 += 1;
                }
            }
        }
    }

    /// Writes region `r` into a land's memo key as [`GivenKey::write_shape`] writes its shape
    /// ([`Reducer::shape_region`]), without building it.
    fn write_region(&mut self, raw: &Raw, r: usize, key: &mut GivenKey) {
        let region = &raw.regions[r];
        if self.region_lives[r] <= SMALL_REGION_LIVES {
            key.small_region();
            self.seen.clear();
            for &v in region.iter().flatten() {
                if self.seen.contains(&v) {
                    continue;
                }
                self.seen.push(v);
                key.item(match item_kind(&self.occurrences, raw, v) {
                    Item::Inner(_) => Item::OneLife,
                    other => other,
                });
            }
        } else {
            key.full_region();
            for boundary in region {
                key.boundary();
                let occurrences = &self.occurrences;
                boundary
                    .iter()
                    .for_each(|&v| key.item(item_kind(occurrences, raw, v)));
            }
        }
    }

    /// Names each occurrence of region `r` by its kind ([`item_kind`]).
    fn shape_region(&mut self, raw: &Raw, r: usize) -> RegionShape {
        let occurrences = &self.occurrences;
        let item = |v: VertexId| item_kind(occurrences, raw, v);
        let region = &raw.regions[r];
        if self.region_lives[r] <= SMALL_REGION_LIVES {
            // Only the multiset matters; a vertex seen twice here is as good as one corner.
            let seen = &mut self.seen;
            seen.clear();
            let mut items = Vec::with_capacity(SMALL_REGION_LIVES as usize);
            for &v in region.iter().flatten() {
                if seen.contains(&v) {
                    continue;
                }
                seen.push(v);
                items.push(match item(v) {
                    Item::Inner(_) => Item::OneLife,
                    other => other,
                });
            }
            RegionShape::Small(items)
        } else {
            let items = region.iter().map(Vec::len).sum();
            let mut boundaries = Boundaries::with_capacity(items, region.len());
            for b in region {
                boundaries.push(b.iter().map(|&v| item(v)));
            }
            RegionShape::Full(boundaries)
        }
    }
}

/// The kind of an occurrence of `v` (spot, 2 lives, 1 life seen once, inner, shared), from
/// [`Reducer::count_and_link`]'s counts.
fn item_kind(occurrences: &[(u32, usize, bool)], raw: &Raw, v: VertexId) -> Item {
    let (n, _, two_regions) = occurrences[v as usize];
    match raw.lives[v as usize] {
        3 => Item::Spot,
        2 => Item::TwoLives,
        _ if n < 2 => Item::OneLife,
        _ if two_regions => Item::Shared(v),
        _ => Item::Inner(v),
    }
}

/// One land of a position [`Reducer::reduce`] has just reduced, for the memo of canonical forms.
struct ReducedLand<'r> {
    reducer: &'r mut Reducer,
    raw: &'r Raw,
    /// Index of the land, in order of first region.
    land: usize,
}

impl LandSource for ReducedLand<'_> {
    fn write_given(&mut self, key: &mut GivenKey) {
        for r in 0..self.raw.regions.len() {
            if self.reducer.region_land[r] == self.land {
                self.reducer.write_region(self.raw, r, key);
            }
        }
    }

    fn with_shape<R>(&mut self, use_shape: impl FnOnce(&LandShape) -> R) -> R {
        let mut regions = Vec::new();
        for r in 0..self.raw.regions.len() {
            if self.reducer.region_land[r] == self.land {
                regions.push(self.reducer.shape_region(self.raw, r));
            }
        }
        use_shape(&LandShape { regions })
    }
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Two consecutive corners of one vertex (cyclically) are one corner: the vertex dies when used.
fn collapse_repeats(boundary: &mut Vec<VertexId>) {
    // Most boundaries have none: a plain look first, edits only when needed.
    let no_repeat = boundary.windows(2).all(|pair| pair[0] != pair[1]);
    if no_repeat && (boundary.len() < 2 || boundary[0] != boundary[boundary.len() - 1]) {
        return;
    }
    let mut i = 0;
    while boundary.len() > 1 && i < boundary.len() {
        let next = (i + 1) % boundary.len();
        if boundary[i] == boundary[next] {
            boundary.remove(next);
            i = i.saturating_sub(1);
        } else {
            i += 1;
        }
    }
}
