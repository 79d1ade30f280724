//! The canonical position type: a sorted multiset of lands, each stored as compact canonical bytes.

use std::fmt;
use std::str::FromStr;

use super::notation::{self, Notation};
use super::ParseError;

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

/// A Sprouts position, reduced and canonical. Parse either notation with [`FromStr`]; [`Display`]
/// prints the later notation (`.` `|` `+`, `0*n`); [`Position::to_notation`] prints either.
///
/// [`Display`]: fmt::Display
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Position {
    lands: Vec<Land>,
}

impl Position {
    /// The start of an `n`-spot game.
    pub fn start(spots: usize) -> Result<Position, ParseError> {
        if spots == 0 {
            return Ok(Position::default());
        }
        format!("0*{spots}").parse()
    }

    /// Builds a position from lands, sorting them into canonical order.
    pub fn from_lands(mut lands: Vec<Land>) -> Position {
        lands.sort_unstable();
        Position { lands }
    }

    /// The lands, in canonical order.
    pub fn lands(&self) -> &[Land] {
        &self.lands
    }

    /// True when no move is left.
    pub fn is_terminal(&self) -> bool {
        self.lands.is_empty()
    }

    /// Lives left in the whole position.
    pub fn lives(&self) -> u32 {
        self.lands.iter().map(Land::lives).sum()
    }

    /// Compact canonical key (bytes): equal positions have equal keys.
    pub fn key(&self) -> Vec<u8> {
        let mut key = Vec::new();
        for (i, land) in self.lands.iter().enumerate() {
            if i > 0 {
                key.push(LAND_SEP);
            }
            key.extend_from_slice(land.key());
        }
        key
    }

    /// Rebuilds a position from [`Position::key`] bytes, checking that they are canonical (a stored
    /// key may come from an untrusted file). Returns `None` for bytes that are not a canonical key.
    pub fn from_key(key: &[u8]) -> Option<Position> {
        let candidate = Position::from_checked_key(key)?;
        let reparsed: Position = candidate.to_string().parse().ok()?;
        (reparsed.key() == key).then_some(reparsed)
    }

    /// Rebuilds a position from key bytes that were checked to be canonical when they were first
    /// read (as every key of a base is): their form is checked again, not their canonical naming,
    /// which costs a canonical form per key.
    pub fn from_checked_key(key: &[u8]) -> Option<Position> {
        if key.is_empty() {
            return Some(Position::default());
        }
        let lands: Vec<Land> = key
            .split(|&b| b == LAND_SEP)
            .map(|k| Land::from_key(k.to_vec()))
            .collect();
        if lands
            .iter()
            .any(|l| l.key.is_empty() || l.key.iter().any(|&c| c > REGION_SEP))
        {
            return None;
        }
        Some(Position { lands })
    }

    /// Prints the position in the chosen notation.
    pub fn to_notation(&self, notation: Notation) -> String {
        notation::print(self, notation)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_notation(Notation::Later))
    }
}

impl fmt::Display for Land {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation::print_land(self, Notation::Later))
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads either notation (detected by `}` or `]`), then reduces and canonicalizes.
    fn from_str(text: &str) -> Result<Position, ParseError> {
        let raw = notation::parse(text)?;
        Ok(Position::from_lands(super::reduce::reduce(raw)))
    }
}
