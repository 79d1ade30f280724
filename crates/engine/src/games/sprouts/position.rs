//! The public face of the module: [`Position`], a sorted multiset of canonical [`Land`]s, with its
//! keys, invariant (its lands' invariants combined, see `invariant`), parsing ([`FromStr`]: the
//! notation's reader, then reduction) and printing. Its moves (`moves`) are added where they are
//! computed.

use std::fmt;
use std::str::FromStr;

use super::error::ParseError;
use super::invariant::combine;
use super::land::{Land, LAND_SEP, REGION_SEP};
use super::notation::{self, Notation};
use super::reduce::reduce;

/// A Sprouts position, reduced and canonical. Parse either notation with [`FromStr`]; [`Display`]
/// prints the later notation (`.` `|` `+`, `0*n`); [`Position::to_notation`] prints either.
///
/// ```
/// use sprague_engine::games::sprouts::{Notation, Position};
/// let start = Position::start(4).unwrap();
/// assert_eq!(start.to_string(), "0*4");
/// assert_eq!(start.to_notation(Notation::Glop2007), "0.0.0.0.}]!");
/// assert_eq!(start.lives(), 12); // three lives a spot
/// // The n-spot start has ⌊(n − 1)/2⌋ + 2 distinct children (n ≥ 2): 3 for 4 spots.
/// assert_eq!(start.children().len(), 3);
/// ```
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

    /// A cheap invariant: equal positions have equal invariants (it combines the lands' invariants).
    pub fn invariant(&self) -> u64 {
        combine(self.lands.iter().map(Land::invariant))
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
            .any(|l| l.key().is_empty() || l.key().iter().any(|&c| c > REGION_SEP))
        {
            return None;
        }
        Some(Position { lands })
    }

    /// Prints the position in the chosen notation.
    pub fn to_notation(&self, notation: Notation) -> String {
        notation::print(&self.lands, notation)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_notation(Notation::Later))
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads either notation (detected by `}` or `]`), then reduces and canonicalizes.
    fn from_str(text: &str) -> Result<Position, ParseError> {
        let raw = notation::parse(text)?;
        Ok(Position::from_lands(reduce(raw)))
    }
}

/// A position travels (serde: the worker's messages) as its text in the later notation, and is read back
/// with [`FromStr`]: what arrives is reduced and checked as any position read from text, and malformed
/// text is refused with the reader's error.
///
/// ```
/// use sprague_engine::games::sprouts::Position;
/// let position: Position = "0*2+0.AB|AB".parse().unwrap();
/// let text = serde_json::to_string(&position).unwrap();
/// assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), position);
/// assert!(serde_json::from_str::<Position>("\"0*2+\"").is_err());
/// ```
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
