//! Positions won by one move into the part a proven quotient covers. One heap `h` beyond the quotient's
//! bound plus covered heaps `S` is an N-position when some split of `h` into covered pieces makes,
//! with `S`, an element of the P-portion (that option's outcome is then P, by the quotient). Whether
//! such a split exists depends only on `h` and `S`'s element, so it is tabled per (heap, element):
//! these positions, most of those a search meets in Grundy's game, are decided by a look-up instead of
//! being expanded and remembered.

use super::reduce::HeapTable;
use super::shortcut::Shortcut;

/// `wins[h][e]`: heap `h` plus a covered part of element `e` has a move to a covered P-position.
#[derive(Debug, Default)]
pub(crate) struct OneMoveWins {
    wins: Vec<Vec<bool>>,
}

impl OneMoveWins {
    /// Table every heap the heap table covers (those beyond the bound not tabled yet).
    pub fn cover(&mut self, shortcut: &Shortcut, table: &HeapTable) {
        let elements = shortcut.p.len();
        while self.wins.len() < table.len() {
            let h = self.wins.len() as u16;
            let row = if h < shortcut.below || table.class(h as usize) != h {
                Vec::new()
            } else {
                let covered: Vec<&[u16]> = table
                    .heap_options(h)
                    .iter()
                    .map(|pieces| &pieces[..])
                    .filter(|pieces| pieces.last().is_none_or(|&q| q < shortcut.below))
                    .collect();
                (0..elements as u32)
                    .map(|e| {
                        covered.iter().any(|pieces| {
                            let after = pieces
                                .iter()
                                .fold(e, |x, &q| shortcut.times[x as usize][q as usize]);
                            shortcut.p[after as usize]
                        })
                    })
                    .collect()
            };
            self.wins.push(row);
        }
    }

    /// Whether `key` (sorted, heaps tabled) is an N-position by this rule.
    pub fn decides(&self, shortcut: &Shortcut, key: &[u16]) -> bool {
        let Some((&large, small)) = key.split_last() else {
            return false;
        };
        if small.last().is_some_and(|&h| h >= shortcut.below) {
            return false;
        }
        self.wins(large, shortcut.element(small))
    }

    /// Whether heap `large` (tabled) plus a covered part of element `e` is an N-position by this rule.
    pub fn wins(&self, large: u16, e: u32) -> bool {
        self.wins
            .get(large as usize)
            .and_then(|row| row.get(e as usize))
            .copied()
            .unwrap_or(false)
    }
}
