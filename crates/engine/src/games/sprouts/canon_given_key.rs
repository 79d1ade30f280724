//! The first key of the memo of canonical forms (`canon_cache`): a land written as given, its
//! letters renamed in order of first appearance. Its byte codes are also those of the second key
//! (`canon_memo_key`), so both keys read alike.

use super::canon::{Item, LandShape, RegionShape};
use super::raw::VertexId;

// Byte codes of this key, which the second table's key (`canon_memo_key`) writes too. Letters are
// numbered from 0 in order of first appearance.
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

/// The first table's key of a land: its regions and boundaries written as bytes, each vertex named
/// in order of first appearance. Written from a shape ([`GivenKey::write_shape`]) or straight from a
/// reduced position (`Reducer::reduced_lands`, which so skips building the shape of a land the memo
/// holds): both write through these same few calls, so the same land gives the same key either way.
#[derive(Default)]
pub(crate) struct GivenKey {
    key: Vec<u8>,
    names: Vec<VertexId>,
    /// False once a land has more letters than a byte can name (then it is not cached).
    nameable: bool,
}

impl GivenKey {
    pub(super) fn clear(&mut self) {
        self.key.clear();
        self.names.clear();
        self.nameable = true;
    }

    /// The key written since [`GivenKey::clear`], unless a letter could not be named (then the land
    /// is not cached).
    pub(super) fn written(&self) -> Option<&[u8]> {
        self.nameable.then_some(&self.key[..])
    }

    /// Starts a region with at most 3 lives: its items follow, without boundaries.
    pub fn small_region(&mut self) {
        self.key.push(SMALL_REGION);
    }

    /// Starts a region written boundary by boundary.
    pub fn full_region(&mut self) {
        self.key.push(FULL_REGION);
    }

    /// Starts a boundary of a full region.
    pub fn boundary(&mut self) {
        self.key.push(BOUNDARY);
    }

    /// Writes one occurrence; a letter is named by its order of first appearance in the land.
    pub fn item(&mut self, item: Item) {
        let (base, v) = match item {
            Item::Spot => return self.key.push(SPOT),
            Item::TwoLives => return self.key.push(TWO_LIVES),
            Item::OneLife => return self.key.push(ONE_LIFE),
            Item::Inner(v) => (INNER_BASE, v),
            Item::Shared(v) => (SHARED_BASE, v),
        };
        let name = match self.names.iter().position(|&n| n == v) {
            Some(name) => name,
            None => {
                self.names.push(v);
                self.names.len() - 1
            }
        };
        if name < MAX_LETTERS {
            self.key.push(base + name as u8);
        } else {
            self.nameable = false;
        }
    }

    /// Writes a whole land from its shape.
    pub fn write_shape(&mut self, shape: &LandShape) {
        for region in &shape.regions {
            match region {
                RegionShape::Small(items) => {
                    self.small_region();
                    items.iter().for_each(|&item| self.item(item));
                }
                RegionShape::Full(boundaries) => {
                    self.full_region();
                    for boundary in boundaries.iter() {
                        self.boundary();
                        boundary.iter().for_each(|&item| self.item(item));
                    }
                }
            }
        }
    }
}
