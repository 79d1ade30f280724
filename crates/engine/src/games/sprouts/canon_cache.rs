//! A bounded memo of canonical forms. The children of a search are mostly the same few lands
//! written with other vertex ids: of the canonical forms the 12-spot normal search asks for, 72 %
//! are of a land already seen written the same way up to names (misère 10 spots: 77 %). So a shape
//! is first written as bytes with its vertices renamed in order of first appearance (equal bytes
//! mean the same land, as names do not matter), and looked up before the costly canonical search.
//!
//! A land met again is also often given in another order (reached from another parent: regions in
//! another order, boundaries started elsewhere or reflected). So what the first table misses is
//! looked up in a second one, by a writing that depends little on the order it is given in
//! ([`MemoKeyWriter`]): on the shipped base's check, 4.57 M canonical forms, of which 1.50 M miss
//! the first table, for 414 k distinct lands; the second table leaves 0.46 M searches. Both keys
//! are complete writings, compared in full: a hit is the same land, never a hash collision.
//!
//! Two generations bound the memory: lands are put in the young table; when it is full it becomes
//! the old one (the previous old one is dropped), and a land found in the old table moves back.

use std::cell::RefCell;

use rustc_hash::FxHashMap as HashMap;

use super::canon::{canonical_land, Item, LandShape, RegionShape};
use super::canon_memo_key::MemoKeyWriter;
use super::land::Land;
use super::raw::VertexId;

/// Lands per generation. Measured on the 14-spot normal search (release CLI, CPU s / peak RSS, loaded
/// machine): 2^18: 69 s / 184 MB; 2^20: 57 s / 354 MB. Up to about 200 MB go to this memo natively.
/// In a browser the memo lives as long as the app's worker, beside the base: 2^16 lands (about 13 MB)
/// keep most of the gain on the positions people ask about. Each of the memo's two tables has
/// generations of this size.
const GENERATION_SIZE: usize = if cfg!(target_arch = "wasm32") {
    1 << 16
} else {
    1 << 20
};

// Byte codes of a shape key (and of the second table's, `canon_memo_key`). Letters are numbered
// from 0 in order of first appearance.
pub(super) const SPOT: u8 = 0;
pub(super) const TWO_LIVES: u8 = 1;
pub(super) const ONE_LIFE: u8 = 2;
pub(super) const INNER_BASE: u8 = 3;
pub(super) const SHARED_BASE: u8 = 123;
/// More letters than this: not cached (never met in practice, MAX_LIVES allows 99 lives).
pub(super) const MAX_LETTERS: usize = 120;
pub(super) const SMALL_REGION: u8 = 250;
pub(super) const FULL_REGION: u8 = 251;
pub(super) const BOUNDARY: u8 = 252;

/// One table of the memo, in two generations.
struct Generations {
    young: HashMap<Box<[u8]>, Land>,
    old: HashMap<Box<[u8]>, Land>,
    size: usize,
}

impl Generations {
    fn new(size: usize) -> Generations {
        Generations {
            young: HashMap::default(),
            old: HashMap::default(),
            size,
        }
    }

    /// The land stored under `key`; one found in the old generation moves to the young one.
    fn get(&mut self, key: &[u8]) -> Option<Land> {
        if let Some(land) = self.young.get(key) {
            return Some(land.clone());
        }
        let land = self.old.remove(key)?;
        self.insert(key, land.clone());
        Some(land)
    }

    fn insert(&mut self, key: &[u8], land: Land) {
        if self.young.len() >= self.size {
            // The young table becomes the old one, and the old one's table, emptied, the young one:
            // it keeps its capacity, so the young table does not grow (and rehash) again from empty.
            std::mem::swap(&mut self.old, &mut self.young);
            self.young.clear();
        }
        self.young.insert(key.into(), land);
    }
}

pub(crate) struct CanonCache {
    /// By the land as given, its letters renamed.
    given: Generations,
    /// By [`MemoKeyWriter`]'s writing, for the lands the first table misses.
    refined: Generations,
    /// Reused buffers for the shape key and the letters' names.
    key: Vec<u8>,
    names: Vec<VertexId>,
    writer: MemoKeyWriter,
}

impl CanonCache {
    pub fn new(generation_size: usize) -> CanonCache {
        CanonCache {
            given: Generations::new(generation_size),
            refined: Generations::new(generation_size),
            key: Vec::new(),
            names: Vec::new(),
            writer: MemoKeyWriter::default(),
        }
    }

    /// The canonical land of `shape`, from the memo when it holds the same land: written the same
    /// way up to names (first table), or giving the same refined writing (second table).
    pub fn canonical_land(&mut self, shape: &LandShape) -> Land {
        let given = self.write_key(shape);
        if given {
            if let Some(land) = self.given.get(&self.key) {
                return land;
            }
        }
        let land = if self.writer.write(shape) {
            match self.refined.get(&self.writer.key) {
                Some(land) => land,
                None => {
                    let land = canonical_land(shape);
                    self.refined.insert(&self.writer.key, land.clone());
                    land
                }
            }
        } else {
            canonical_land(shape)
        };
        if given {
            self.given.insert(&self.key, land.clone());
        }
        land
    }

    /// Writes the shape's key into `self.key`; false when it has too many letters to be named.
    fn write_key(&mut self, shape: &LandShape) -> bool {
        let (key, names) = (&mut self.key, &mut self.names);
        key.clear();
        names.clear();
        let mut code = |item: &Item| -> Option<u8> {
            let (base, v) = match *item {
                Item::Spot => return Some(SPOT),
                Item::TwoLives => return Some(TWO_LIVES),
                Item::OneLife => return Some(ONE_LIFE),
                Item::Inner(v) => (INNER_BASE, v),
                Item::Shared(v) => (SHARED_BASE, v),
            };
            let name = match names.iter().position(|&n| n == v) {
                Some(name) => name,
                None => {
                    names.push(v);
                    names.len() - 1
                }
            };
            (name < MAX_LETTERS).then(|| base + name as u8)
        };
        for region in &shape.regions {
            match region {
                RegionShape::Small(items) => {
                    key.push(SMALL_REGION);
                    for item in items {
                        let Some(c) = code(item) else { return false };
                        key.push(c);
                    }
                }
                RegionShape::Full(boundaries) => {
                    key.push(FULL_REGION);
                    for boundary in boundaries.iter() {
                        key.push(BOUNDARY);
                        for item in boundary {
                            let Some(c) = code(item) else { return false };
                            key.push(c);
                        }
                    }
                }
            }
        }
        true
    }
}

thread_local! {
    static CACHE: RefCell<CanonCache> = RefCell::new(CanonCache::new(GENERATION_SIZE));
}

/// Empties this thread's memo of canonical forms (for benchmarks that time cold searches one
/// after another; the memo holds no answers, only canonical forms, so nothing else needs it).
pub fn clear_canonical_memo() {
    CACHE.with(|cache| *cache.borrow_mut() = CanonCache::new(GENERATION_SIZE));
}

/// [`canonical_land`] through this thread's memo.
pub(crate) fn cached_canonical_land(shape: &LandShape) -> Land {
    CACHE.with(|cache| cache.borrow_mut().canonical_land(shape))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sprouts::notation::parse;
    use crate::games::sprouts::reduce::reduce_to_shapes;
    use crate::games::sprouts::Position;

    /// Positions reachable from the 5-spot start and from a few multi-region ones (at most 3000),
    /// each written in both notations: the memo (tiny, so generations turn over) must give exactly
    /// what the canonical search gives.
    #[test]
    fn memo_agrees_with_the_canonical_search() {
        let mut frontier: Vec<Position> = ["0*5", "0*2.1a1a.AB|0.AB", "0.ABC|0.AB|C.1"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let mut seen = std::collections::HashSet::new();
        let mut cache = CanonCache::new(8);
        let mut checked = 0;
        while let Some(position) = frontier.pop() {
            if seen.len() >= 3000 || !seen.insert(position.clone()) {
                continue;
            }
            frontier.extend(position.children());
            for text in [
                position.to_string(),
                position.to_notation(crate::games::sprouts::Notation::Glop2007),
            ] {
                let mut raw = parse(&text).unwrap();
                for shape in reduce_to_shapes(&mut raw) {
                    assert_eq!(
                        cache.canonical_land(&shape),
                        canonical_land(&shape),
                        "{text}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "only {checked} shapes checked");
    }
}
