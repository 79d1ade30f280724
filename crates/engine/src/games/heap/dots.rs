//! Rows of dots, the board of the independence game (octal `0.137`): marking a dot removes it and its
//! neighbours from play. Each maximal run of still-available dots is one heap of `0.137`; marking an end dot
//! of a run of `L` ≥ 2 leaves `L - 2`, the next one in leaves `L - 3`, an inner dot leaves two runs.
//!
//! Text form: `.` an unmarked dot, `x` a marked one (e.g. `..x....`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Longest row accepted (the board is drawn; heap analysis itself goes much further).
pub const MAX_DOTS: usize = 1 << 20;

/// A row of dots, some marked. Marked dots are never adjacent.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DotRow {
    marked: Vec<bool>,
}

/// A maximal run of available dots: `len` dots starting at dot `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DotComponent {
    pub start: usize,
    pub len: usize,
}

/// A dot marked, seen as a move on heaps: heap `component` (its size `heap`) loses `removed` dots and
/// leaves `pieces` (in left-to-right order, empty ones dropped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DotHeapMove {
    pub component: usize,
    pub heap: usize,
    pub removed: usize,
    pub pieces: Vec<usize>,
}

/// Why a row or a move on it is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DotError {
    #[error("a row may have at most {MAX_DOTS} dots, not {0}")]
    TooLong(usize),
    #[error("character {position}: expected `.` or `x`, found `{found}`")]
    BadCharacter { position: usize, found: char },
    #[error("dots {left} and {} are both marked, but marked dots cannot be neighbours", .left + 1)]
    AdjacentMarks { left: usize },
    #[error("dot {dot} does not exist in a row of {len}")]
    NoSuchDot { dot: usize, len: usize },
    #[error("dot {0} is marked or next to a marked dot")]
    Unavailable(usize),
    #[error("there is no component {0}")]
    NoSuchComponent(usize),
    #[error("no dot of a run of {len} leaves the pieces {pieces:?}")]
    NoSuchMove { len: usize, pieces: Vec<usize> },
}

/// The heaps left in a run of `len` available dots when the dot at `offset` (0-based) is marked,
/// left piece first, empty pieces dropped; `None` if there is no such dot.
pub fn pieces_after_marking(len: usize, offset: usize) -> Option<Vec<usize>> {
    let right = len.checked_sub(offset + 1)?.saturating_sub(1);
    let left = offset.saturating_sub(1);
    Some([left, right].into_iter().filter(|&p| p > 0).collect())
}

/// The leftmost dot (offset in a run of `len`) whose marking leaves `pieces` (in any order).
///
/// Only a few dots can: marking the dot at `offset` leaves `offset − 1` dots on its left, so either
/// that is one of the pieces (`offset = piece + 1`) or nothing is left on the left (`offset` 0 or
/// 1). Checking those candidates costs O(1), not a scan of the row (a heap of 10^6 has thousands of
/// winning moves).
pub fn offset_leaving(len: usize, pieces: &[usize]) -> Option<usize> {
    let mut wanted = pieces.to_vec();
    wanted.sort_unstable();
    let leaves_wanted = |offset: usize| {
        pieces_after_marking(len, offset).is_some_and(|mut got| {
            got.sort_unstable();
            got == wanted
        })
    };
    [0, 1]
        .into_iter()
        .chain(pieces.iter().map(|&p| p.saturating_add(1)))
        .filter(|&offset| offset < len && leaves_wanted(offset))
        .min()
}

impl DotRow {
    /// A row of `len` unmarked dots.
    pub fn new(len: usize) -> Result<Self, DotError> {
        if len > MAX_DOTS {
            return Err(DotError::TooLong(len));
        }
        Ok(DotRow {
            marked: vec![false; len],
        })
    }

    pub fn len(&self) -> usize {
        self.marked.len()
    }

    pub fn is_empty(&self) -> bool {
        self.marked.is_empty()
    }

    pub fn is_marked(&self, dot: usize) -> bool {
        self.marked.get(dot).copied().unwrap_or(false)
    }

    /// A dot can be marked when it is on the row and neither it nor a neighbour is marked.
    pub fn is_available(&self, dot: usize) -> bool {
        // `is_marked` reads past the end as unmarked: a dot far off the row (a link's `m=31` on a
        // row of 20, found by fuzzing) is simply not available.
        let left_marked = dot > 0 && self.is_marked(dot - 1);
        dot < self.len() && !self.marked[dot] && !left_marked && !self.is_marked(dot + 1)
    }

    /// The runs of available dots, left to right: the heaps of the position.
    pub fn components(&self) -> Vec<DotComponent> {
        let mut components = Vec::new();
        let mut start = None;
        for dot in 0..=self.len() {
            match (self.is_available(dot), start) {
                (true, None) => start = Some(dot),
                (false, Some(s)) => {
                    components.push(DotComponent {
                        start: s,
                        len: dot - s,
                    });
                    start = None;
                }
                _ => {}
            }
        }
        components
    }

    /// The heap sizes of the position, one per component, left to right.
    pub fn heaps(&self) -> Vec<usize> {
        self.components().iter().map(|c| c.len).collect()
    }

    /// The heap move that marking `dot` makes.
    pub fn heap_move(&self, dot: usize) -> Result<DotHeapMove, DotError> {
        if dot >= self.len() {
            return Err(DotError::NoSuchDot {
                dot,
                len: self.len(),
            });
        }
        let components = self.components();
        let (index, component) = components
            .iter()
            .enumerate()
            .find(|(_, c)| c.start <= dot && dot < c.start + c.len)
            .ok_or(DotError::Unavailable(dot))?;
        let pieces = pieces_after_marking(component.len, dot - component.start)
            .expect("the dot lies in its component");
        Ok(DotHeapMove {
            component: index,
            heap: component.len,
            removed: component.len - pieces.iter().sum::<usize>(),
            pieces,
        })
    }

    /// The dot (index in the row) to mark so that component `component` becomes `pieces`: the heap move
    /// expressed on the board. The leftmost such dot is returned.
    pub fn dot_for(&self, component: usize, pieces: &[usize]) -> Result<usize, DotError> {
        let c = *self
            .components()
            .get(component)
            .ok_or(DotError::NoSuchComponent(component))?;
        let offset = offset_leaving(c.len, pieces).ok_or_else(|| DotError::NoSuchMove {
            len: c.len,
            pieces: pieces.to_vec(),
        })?;
        Ok(c.start + offset)
    }

    /// Mark `dot`.
    pub fn mark(&mut self, dot: usize) -> Result<(), DotError> {
        if dot >= self.len() {
            return Err(DotError::NoSuchDot {
                dot,
                len: self.len(),
            });
        }
        if !self.is_available(dot) {
            return Err(DotError::Unavailable(dot));
        }
        self.marked[dot] = true;
        Ok(())
    }
}

impl FromStr for DotRow {
    type Err = DotError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut marked = Vec::new();
        for (position, c) in text.trim().chars().enumerate() {
            if marked.len() >= MAX_DOTS {
                return Err(DotError::TooLong(text.trim().chars().count()));
            }
            match c {
                '.' | 'o' => marked.push(false),
                'x' | 'X' => marked.push(true),
                found => {
                    return Err(DotError::BadCharacter {
                        position: position + 1,
                        found,
                    })
                }
            }
        }
        if let Some(i) = marked.windows(2).position(|w| w[0] && w[1]) {
            return Err(DotError::AdjacentMarks { left: i });
        }
        Ok(DotRow { marked })
    }
}

impl fmt::Display for DotRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &m in &self.marked {
            f.write_str(if m { "x" } else { "." })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by fuzzing the pages' links: a mark far off the row panicked instead of being refused.
    #[test]
    fn a_dot_off_the_row_is_not_available_and_cannot_be_marked() {
        let mut row = DotRow::new(20).unwrap();
        for dot in [20, 21, 31, usize::MAX] {
            assert!(!row.is_available(dot), "dot {dot} of 20");
            assert!(row.mark(dot).is_err(), "dot {dot} of 20 was marked");
        }
        assert!(row.is_available(19) && row.mark(19).is_ok());
    }

    #[test]
    fn the_leftmost_dot_leaving_given_pieces_is_found_as_a_scan_finds_it() {
        for len in 0..40 {
            // Every multiset of at most two pieces that could be left, and some that cannot.
            let mut asked: Vec<Vec<usize>> = vec![vec![]];
            for a in 1..len + 2 {
                asked.push(vec![a]);
                for b in a..len + 2 {
                    asked.push(vec![a, b]);
                    asked.push(vec![b, a]);
                }
            }
            for pieces in asked {
                let mut wanted = pieces.clone();
                wanted.sort_unstable();
                // The plain scan, dot by dot from the left.
                let scan = (0..len).find(|&offset| {
                    let left = offset.saturating_sub(1);
                    let right = (len - offset - 1).saturating_sub(1);
                    let mut got: Vec<usize> =
                        [left, right].into_iter().filter(|&p| p > 0).collect();
                    got.sort_unstable();
                    got == wanted
                });
                assert_eq!(offset_leaving(len, &pieces), scan, "{len} {pieces:?}");
            }
        }
    }
}
