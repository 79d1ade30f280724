//! A cheap invariant of a land: a hash of how many vertices of each kind each boundary has, and how
//! boundaries group into regions, blind to names, orders, rotations and reflection. Equal lands have
//! equal invariants (unequal lands usually differ). It can be read from a canonical key or from a
//! land not yet in canonical form, so a search can tell that a land is new before naming it.
//! Positions combine the invariants of their lands.

use super::canon::{Item, LandShape, RegionShape};
use super::land::{Land, Vertex, BOUNDARY_SEP, LAND_SEP, REGION_SEP};

/// Vertex occurrences of one boundary by kind: spot, 2 lives, 1 life seen once, inner, shared.
pub(crate) type Counts = [u8; 5];

fn kind_of_code(code: u8) -> usize {
    match Vertex::from_code(code) {
        Vertex::Spot => 0,
        Vertex::TwoLives => 1,
        Vertex::OneLife => 2,
        Vertex::Inner(_) => 3,
        Vertex::Shared(_) => 4,
    }
}

fn kind_of_item(item: &Item) -> usize {
    match item {
        Item::Spot => 0,
        Item::TwoLives => 1,
        Item::OneLife => 2,
        Item::Inner(_) => 3,
        Item::Shared(_) => 4,
    }
}

/// Scrambles a hash so that sums of several stay distinct.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 31;
    x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 29)
}

/// The counts packed into one integer, scrambled: `mix` is a bijection, so distinct counts give
/// distinct hashes.
fn boundary_hash(counts: &Counts) -> u64 {
    let [a, b, c, d, e] = *counts;
    mix(u64::from_le_bytes([a, b, c, d, e, 0, 0, 0]) ^ 0x2545_F491_4F6C_DD1D)
}

/// Combines boundary hashes into a region's (order-free) and regions' into a land's.
fn region_hash(boundaries: usize, boundary_sum: u64) -> u64 {
    mix(boundary_sum ^ mix(boundaries as u64 ^ 0x6A09_E667_F3BC_C909))
}

pub(crate) fn count(counts: &mut Counts, kind: usize) {
    counts[kind] = counts[kind].saturating_add(1);
}

impl Land {
    /// A cheap invariant: equal lands have equal invariants.
    pub fn invariant(&self) -> u64 {
        key_invariant(self.key())
    }
}

/// A position's invariant from its lands' invariants, in any order.
pub(crate) fn combine(lands: impl Iterator<Item = u64>) -> u64 {
    lands.fold(0u64, |acc, land| {
        acc.wrapping_add(mix(land ^ 0x5851_F42D_4C95_7F2D))
    })
}

/// [`Position::invariant`] read from a position's canonical key.
///
/// [`Position::invariant`]: super::Position::invariant
pub(crate) fn position_key_invariant(key: &[u8]) -> u64 {
    if key.is_empty() {
        return combine(std::iter::empty());
    }
    combine(key.split(|&b| b == LAND_SEP).map(key_invariant))
}

/// [`Land::invariant`] read from a land's canonical key; `None` for a key of several lands.
pub(crate) fn land_key_invariant(key: &[u8]) -> Option<u64> {
    (!key.contains(&LAND_SEP)).then(|| key_invariant(key))
}

fn key_invariant(key: &[u8]) -> u64 {
    {
        let mut land = 0u64;
        for region in key.split(|&b| b == REGION_SEP) {
            let (mut boundaries, mut sum) = (0, 0u64);
            for boundary in region.split(|&b| b == BOUNDARY_SEP) {
                let mut counts = Counts::default();
                boundary
                    .iter()
                    .for_each(|&c| count(&mut counts, kind_of_code(c)));
                boundaries += 1;
                sum = sum.wrapping_add(boundary_hash(&counts));
            }
            land = land.wrapping_add(region_hash(boundaries, sum));
        }
        land
    }
}

/// A region's hash from its boundaries' counts, given one at a time (see [`shape_invariant`]).
#[derive(Default)]
pub(crate) struct RegionHasher {
    boundaries: usize,
    sum: u64,
}

impl RegionHasher {
    pub fn add(&mut self, counts: &Counts) {
        self.boundaries += 1;
        self.sum = self.sum.wrapping_add(boundary_hash(counts));
    }

    pub fn finish(&self) -> u64 {
        region_hash(self.boundaries, self.sum)
    }
}

/// The invariant of a land not yet in canonical form; equal to [`Land::invariant`] of its canonical land.
pub(crate) fn shape_invariant(shape: &LandShape) -> u64 {
    let boundary = |items: &[Item]| {
        let mut counts = Counts::default();
        items
            .iter()
            .for_each(|i| count(&mut counts, kind_of_item(i)));
        boundary_hash(&counts)
    };
    let mut land = 0u64;
    for region in &shape.regions {
        let (boundaries, sum) = match region {
            RegionShape::Small(items) => (1, boundary(items)),
            RegionShape::Full(bs) => bs.iter().fold((0, 0u64), |(n, sum), items| {
                (n + 1, sum.wrapping_add(boundary(items)))
            }),
        };
        land = land.wrapping_add(region_hash(boundaries, sum));
    }
    land
}

/// [`Land::lives`] of a land not yet in canonical form (letters count half per occurrence, as there).
pub(crate) fn shape_lives(shape: &LandShape) -> u32 {
    let (mut lives, mut letter_occurrences) = (0u32, 0u32);
    for region in &shape.regions {
        let items = match region {
            RegionShape::Small(items) => items.as_slice(),
            RegionShape::Full(bs) => bs.items(),
        };
        for item in items {
            match item {
                Item::Spot => lives += 3,
                Item::TwoLives => lives += 2,
                Item::OneLife => lives += 1,
                Item::Inner(_) | Item::Shared(_) => letter_occurrences += 1,
            }
        }
    }
    lives + letter_occurrences / 2
}
