//! A bounded memo of canonical forms. The children of a search are mostly the same few lands
//! written with other vertex ids: of the canonical forms the 12-spot normal search asks for, 72 %
//! are of a land already seen written the same way up to names (misère 10 spots: 77 %). So a shape
//! is first written as bytes with its vertices renamed in order of first appearance (equal bytes
//! mean the same land, as names do not matter), and looked up before the costly canonical search.
//! A child being generated is written so straight from its reduced form ([`GivenKey`]), and its
//! shape is built only when this first table misses (62 % of the lands of the 80k base's check are
//! found there, in the browser's memo size).
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

use super::canon::{canonical_land, LandShape};
use super::canon_given_key::GivenKey;
use super::canon_memo_key::MemoKeyWriter;
use super::land::Land;

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

/// A land to put into canonical form through the memo: it writes its first table's key, and builds
/// its shape only when the memo does not hold it.
pub(crate) trait LandSource {
    fn write_given(&mut self, key: &mut GivenKey);
    fn with_shape<R>(&mut self, use_shape: impl FnOnce(&LandShape) -> R) -> R;
}

impl LandSource for &LandShape {
    fn write_given(&mut self, key: &mut GivenKey) {
        key.write_shape(self);
    }

    fn with_shape<R>(&mut self, use_shape: impl FnOnce(&LandShape) -> R) -> R {
        use_shape(self)
    }
}

pub(crate) struct CanonCache {
    /// By the land as given, its letters renamed.
    given: Generations,
    /// By [`MemoKeyWriter`]'s writing, for the lands the first table misses.
    refined: Generations,
    /// Reused buffer for the first table's key.
    key: GivenKey,
    writer: MemoKeyWriter,
}

impl CanonCache {
    pub fn new(generation_size: usize) -> CanonCache {
        CanonCache {
            given: Generations::new(generation_size),
            refined: Generations::new(generation_size),
            key: GivenKey::default(),
            writer: MemoKeyWriter::default(),
        }
    }

    /// The canonical land of `shape`, from the memo when it holds the same land: written the same
    /// way up to names (first table), or giving the same refined writing (second table).
    pub fn canonical_land(&mut self, mut shape: &LandShape) -> Land {
        self.land_of(&mut shape)
    }

    /// [`CanonCache::canonical_land`] of the land `source` describes.
    pub fn land_of(&mut self, source: &mut impl LandSource) -> Land {
        self.key.clear();
        source.write_given(&mut self.key);
        if let Some(key) = self.key.written() {
            if let Some(land) = self.given.get(key) {
                return land;
            }
        }
        let (refined, writer) = (&mut self.refined, &mut self.writer);
        let land = source.with_shape(|shape| {
            if !writer.write(shape) {
                return canonical_land(shape);
            }
            match refined.get(&writer.key) {
                Some(land) => land,
                None => {
                    let land = canonical_land(shape);
                    refined.insert(&writer.key, land.clone());
                    land
                }
            }
        });
        if let Some(key) = self.key.written() {
            self.given.insert(key, land.clone());
        }
        land
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

/// The canonical land `source` describes, through this thread's memo.
pub(crate) fn cached_land_of(source: &mut impl LandSource) -> Land {
    CACHE.with(|cache| cache.borrow_mut().land_of(source))
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
