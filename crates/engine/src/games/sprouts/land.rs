//! The leaf of this module, on which the others build: a vertex occurrence as the notation names
//! it ([`Vertex`]), one land stored as its canonical key bytes ([`Land`]), the byte codes of those
//! keys and the size limit. Nothing here parses, prints, reduces or moves (`notation` gives [`Land`]
//! its `Display`, `invariant` and `moves` add its invariant and children).

/// Largest number of lives a position may have (33 spots): keeps every letter name within one key byte.
pub const MAX_LIVES: usize = 99;

/// One vertex occurrence on a boundary, named as the notation names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Vertex {
    /// `0`: an isolated spot with 3 lives.
    Spot,
    /// `1`: a vertex with 2 lives.
    TwoLives,
    /// `2`: a vertex with 1 life, seen once.
    OneLife,
    /// Lowercase letter (`a` = 0): 1 life, seen twice in one region. Numbered within its region.
    Inner(u8),
    /// Uppercase letter (`A` = 0): 1 life, seen in two regions of its land. Numbered within its land.
    Shared(u8),
}

// Byte codes of the canonical key. Letters get ranges wide enough for MAX_LIVES.
const SPOT: u8 = 0;
const TWO_LIVES: u8 = 1;
const ONE_LIFE: u8 = 2;
const INNER_BASE: u8 = 3;
const SHARED_BASE: u8 = 110;
pub(crate) const BOUNDARY_SEP: u8 = 252;
pub(crate) const REGION_SEP: u8 = 253;
pub(crate) const LAND_SEP: u8 = 254;

impl Vertex {
    pub(crate) fn code(self) -> u8 {
        match self {
            Vertex::Spot => SPOT,
            Vertex::TwoLives => TWO_LIVES,
            Vertex::OneLife => ONE_LIFE,
            Vertex::Inner(k) => INNER_BASE + k,
            Vertex::Shared(k) => SHARED_BASE + k,
        }
    }

    pub(crate) fn from_code(code: u8) -> Vertex {
        match code {
            SPOT => Vertex::Spot,
            TWO_LIVES => Vertex::TwoLives,
            ONE_LIFE => Vertex::OneLife,
            c if c < SHARED_BASE => Vertex::Inner(c - INNER_BASE),
            c => Vertex::Shared(c - SHARED_BASE),
        }
    }

    /// Lives of the vertex this occurrence belongs to.
    pub fn lives(self) -> u8 {
        match self {
            Vertex::Spot => 3,
            Vertex::TwoLives => 2,
            _ => 1,
        }
    }
}

/// One land: regions linked by shared vertices, independent of every other land. Stored as its
/// canonical key: boundaries separated by one byte code, regions by another.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Land {
    key: Box<[u8]>,
}

impl Land {
    pub(crate) fn from_key(key: Vec<u8>) -> Land {
        Land {
            key: key.into_boxed_slice(),
        }
    }

    /// Compact canonical key: equal lands have equal keys.
    pub fn key(&self) -> &[u8] {
        &self.key
    }

    /// Regions, each a list of boundaries, each a cyclic list of vertex occurrences.
    pub fn regions(&self) -> Vec<Vec<Vec<Vertex>>> {
        self.key
            .split(|&b| b == REGION_SEP)
            .map(|region| {
                region
                    .split(|&b| b == BOUNDARY_SEP)
                    .map(|boundary| boundary.iter().map(|&c| Vertex::from_code(c)).collect())
                    .collect()
            })
            .collect()
    }

    /// Lives left in the land: each vertex counted once.
    pub fn lives(&self) -> u32 {
        let mut lives = 0u32;
        let mut letter_occurrences = 0u32;
        for &c in self.key.iter() {
            match c {
                BOUNDARY_SEP | REGION_SEP => {}
                SPOT => lives += 3,
                TWO_LIVES => lives += 2,
                ONE_LIFE => lives += 1,
                _ => letter_occurrences += 1,
            }
        }
        lives + letter_occurrences / 2
    }
}
