//! The transposition table of the proof-number search: for a couple (land, heap), its proof and
//! disproof numbers as last computed. Keyed by the land's canonical key, so every path to the same
//! couple shares one entry.
//!
//! Proof numbers are from the side of the player to move: `proof` is the least number of leaves to
//! show that they win, `disproof` to show that they lose. Couples proven lost are not kept here:
//! they are exact nimbers and go into the [`Base`](super::Base).

use rustc_hash::FxHashMap as HashMap;

/// An infinite proof or disproof number: the question is settled the other way.
pub const INFINITE: u32 = u32::MAX;

/// Proof and disproof numbers of one couple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofNumbers {
    /// Leaves still to expand to prove that the player to move wins (0: proven won).
    pub proof: u32,
    /// Leaves still to expand to prove that the player to move loses (0: proven lost).
    pub disproof: u32,
}

impl ProofNumbers {
    pub const WON: ProofNumbers = ProofNumbers {
        proof: 0,
        disproof: INFINITE,
    };
    pub const LOST: ProofNumbers = ProofNumbers {
        proof: INFINITE,
        disproof: 0,
    };
}

/// Proof numbers by couple (land key, heap). Kept between questions with
/// [`DfpnSearch::into_parts`](super::DfpnSearch::into_parts) if wanted: its entries stay true
/// (proven wins) or are only estimates (the rest).
#[derive(Clone, Debug, Default)]
pub struct DfpnTable {
    /// land key -> (heap, numbers); a land is seen with few heaps, so a short list.
    entries: HashMap<Box<[u8]>, Vec<(u32, ProofNumbers)>>,
    couples: usize,
}

impl DfpnTable {
    pub fn new() -> DfpnTable {
        DfpnTable::default()
    }

    /// Number of couples stored.
    pub fn len(&self) -> usize {
        self.couples
    }

    pub fn is_empty(&self) -> bool {
        self.couples == 0
    }

    /// Number of couples stored as proven won for the player to move.
    pub fn proven_wins(&self) -> usize {
        self.entries
            .values()
            .flatten()
            .filter(|(_, numbers)| numbers.proof == 0)
            .count()
    }

    pub fn get(&self, land: &[u8], heap: u32) -> Option<ProofNumbers> {
        let list = self.entries.get(land)?;
        list.iter().find(|(h, _)| *h == heap).map(|(_, n)| *n)
    }

    pub fn insert(&mut self, land: &[u8], heap: u32, numbers: ProofNumbers) {
        let list = match self.entries.get_mut(land) {
            Some(list) => list,
            None => self.entries.entry(land.into()).or_default(),
        };
        match list.iter_mut().find(|(h, _)| *h == heap) {
            Some(entry) => entry.1 = numbers,
            None => {
                list.push((heap, numbers));
                self.couples += 1;
            }
        }
    }

    /// Forgets a couple (once it is settled in the base).
    pub fn remove(&mut self, land: &[u8], heap: u32) {
        if let Some(list) = self.entries.get_mut(land) {
            let before = list.len();
            list.retain(|(h, _)| *h != heap);
            self.couples -= before - list.len();
            if list.is_empty() {
                self.entries.remove(land);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_kept_per_land_and_heap() {
        let mut table = DfpnTable::new();
        let a = ProofNumbers {
            proof: 3,
            disproof: 5,
        };
        table.insert(b"ab", 0, a);
        table.insert(b"ab", 2, ProofNumbers::WON);
        table.insert(b"abc", 0, ProofNumbers::WON);
        assert_eq!(table.len(), 3);
        assert_eq!(table.get(b"ab", 0), Some(a));
        assert_eq!(table.get(b"ab", 1), None);
        assert_eq!(table.get(b"a", 0), None);
        table.insert(b"ab", 0, ProofNumbers::WON);
        assert_eq!(table.len(), 3);
        assert_eq!(table.proven_wins(), 3);
        table.remove(b"ab", 0);
        table.remove(b"ab", 7);
        assert_eq!(table.len(), 2);
        assert_eq!(table.get(b"ab", 0), None);
        assert_eq!(table.get(b"ab", 2), Some(ProofNumbers::WON));
    }
}
