//! Reduction: drop dead vertices and dead regions, collapse repeated corners, split into lands, and
//! forget the boundary structure of regions with at most 3 lives (it cannot matter there, GLOP's rule).

use super::canon::{canonical_land, Item, LandShape, RegionShape};
use super::position::Land;
use super::raw::{Raw, VertexId};

/// Regions with at most this many lives keep only the multiset of their vertices.
const SMALL_REGION_LIVES: u32 = 3;

/// Reduces a raw position to its canonical lands.
pub(crate) fn reduce(mut raw: Raw) -> Vec<Land> {
    reduce_in_place(&mut raw)
}

/// [`reduce`] of a scratch position that may be left reduced.
pub(crate) fn reduce_in_place(raw: &mut Raw) -> Vec<Land> {
    let mut lands: Vec<Land> = reduce_to_shapes(raw).iter().map(canonical_land).collect();
    lands.sort_unstable();
    lands
}

/// Reduces a raw position to its lands, not yet in canonical form (`raw` is left reduced).
pub(crate) fn reduce_to_shapes(raw: &mut Raw) -> Vec<LandShape> {
    let lives = &raw.lives;
    for region in &mut raw.regions {
        for boundary in region.iter_mut() {
            boundary.retain(|&v| lives[v as usize] > 0);
            collapse_repeats(boundary);
        }
        region.retain(|b| !b.is_empty());
    }
    // A region with at most 1 life allows no move, now or later: drop it.
    let mut counter = LivesCounter::new(lives.len());
    let mut region_lives: Vec<u32> = Vec::with_capacity(raw.regions.len());
    raw.regions.retain(|region| {
        let total = counter.lives(region, lives);
        if total >= 2 {
            region_lives.push(total);
        }
        total >= 2
    });

    let occurrences = occurrences(raw);
    land_groups(raw)
        .into_iter()
        .map(|group| shape_land(raw, &group, &region_lives, &occurrences))
        .collect()
}

/// For each vertex: (occurrences, region of the first one, seen in two regions). A vertex lies in
/// one land only, so one table serves every land.
fn occurrences(raw: &Raw) -> Vec<(u32, usize, bool)> {
    let mut count: Vec<(u32, usize, bool)> = vec![(0, usize::MAX, false); raw.lives.len()];
    for (r, region) in raw.regions.iter().enumerate() {
        for &v in region.iter().flatten() {
            let entry = &mut count[v as usize];
            if entry.0 == 0 {
                entry.1 = r;
            }
            entry.0 += 1;
            if entry.1 != r {
                entry.2 = true;
            }
        }
    }
    count
}

/// Two consecutive corners of one vertex (cyclically) are one corner: the vertex dies when used.
fn collapse_repeats(boundary: &mut Vec<VertexId>) {
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

/// Lives in regions, each distinct vertex of a region counted once: a stamp per vertex says which
/// call last counted it, so one table serves every region without clearing.
struct LivesCounter {
    stamp: Vec<u32>,
    call: u32,
}

impl LivesCounter {
    fn new(vertices: usize) -> LivesCounter {
        LivesCounter {
            stamp: vec![0; vertices],
            call: 0,
        }
    }

    fn lives(&mut self, region: &[Vec<VertexId>], lives: &[u8]) -> u32 {
        self.call += 1;
        let mut total = 0;
        for &v in region.iter().flatten() {
            let stamp = &mut self.stamp[v as usize];
            if *stamp != self.call {
                *stamp = self.call;
                total += lives[v as usize] as u32;
            }
        }
        total
    }
}

/// Groups of region indices linked by shared vertices (union-find).
fn land_groups(raw: &Raw) -> Vec<Vec<usize>> {
    let n = raw.regions.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let mut first_region: Vec<Option<usize>> = vec![None; raw.lives.len()];
    for (r, region) in raw.regions.iter().enumerate() {
        for &v in region.iter().flatten() {
            match first_region[v as usize] {
                None => first_region[v as usize] = Some(r),
                Some(other) => {
                    let (a, b) = (find(&mut parent, r), find(&mut parent, other));
                    parent[a] = b;
                }
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of_root: Vec<Option<usize>> = vec![None; n];
    for r in 0..n {
        let root = find(&mut parent, r);
        let g = *group_of_root[root].get_or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(r);
    }
    groups
}

/// Names each occurrence by its kind (spot, 2 lives, 1 life seen once, inner, shared).
fn shape_land(
    raw: &Raw,
    group: &[usize],
    region_lives: &[u32],
    count: &[(u32, usize, bool)],
) -> LandShape {
    let item = |v: VertexId| -> Item {
        let (n, _, two_regions) = count[v as usize];
        match raw.lives[v as usize] {
            3 => Item::Spot,
            2 => Item::TwoLives,
            _ if n < 2 => Item::OneLife,
            _ if two_regions => Item::Shared(v),
            _ => Item::Inner(v),
        }
    };
    let regions = group
        .iter()
        .map(|&r| {
            let region = &raw.regions[r];
            if region_lives[r] <= SMALL_REGION_LIVES {
                // Only the multiset matters; a vertex seen twice here is as good as one corner.
                let mut seen: Vec<VertexId> = Vec::new();
                let mut items = Vec::new();
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
                RegionShape::Full(
                    region
                        .iter()
                        .map(|b| b.iter().map(|&v| item(v)).collect())
                        .collect(),
                )
            }
        })
        .collect();
    LandShape { regions }
}
