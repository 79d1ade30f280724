//! The heap table shared by the misère solvers: the options of each heap size, with heaps that are the
//! same game as a smaller one replaced by it, so that equal positions get equal keys.
//!
//! Two reductions are always valid in misère play (they replace a game by an identical game, not by one
//! that is merely equivalent in some company):
//! - a heap with no move is the zero game, so it is dropped from every sum;
//! - a heap whose options are exactly those of a smaller heap (after these same replacements) is that heap.
//!
//! Pairs of equal heaps are NOT cancelled: `G + G = 0` fails in misère play (`*2 + *2` is a P-position,
//! `0` an N-position).
//!
//! The table made by `HeapTable::misere_equivalent` (for the outcome search) goes further, replacing
//! games by misère-equivalent ones (same outcome in every sum), by two facts (Conway, ONAG ch. 12):
//! - `* + * ≡ 0`: for every `X`, `X + * + *` has the outcome of `X`. By induction on `X`: if `X` has no
//!   move, `X + * + *` only moves to `*`, a P-position, so both are N; if `X` has a P option `X'`, then
//!   `X' + * + *` is P, so both are N; if `X` is P, every `X' + * + *` is N and `X + *` is N (it moves
//!   to `X`), so `X + * + *` is P. So pairs of heaps equal to `*` (only option: no heap left) cancel,
//!   and a heap whose only option is `*` (the game `* + *`) is dropped like a dead heap;
//! - equivalent options make equivalent games (the same induction), so heaps are compared by their
//!   options reduced this way.
//!
//! The genus walk keeps the plain table: genera are computed on the game tree itself.

use super::error::MisereError;
use crate::games::heap::HeapGame;
use crate::solve::heap::NimSequence;
use rustc_hash::FxHashMap;

/// Largest heap the misère solvers accept: options are listed per heap, O(n) for octal codes.
pub const MAX_MISERE_HEAP: usize = 4096;

/// Most heaps in one position.
pub const MAX_POSITION_HEAPS: usize = 256;

/// A position as the solvers key it: heap sizes ascending, dead heaps dropped, each heap its class
/// representative.
pub type Key = Box<[u16]>;

/// Per-heap tables for one game, extended on demand.
#[derive(Clone, Debug)]
pub struct HeapTable {
    game: HeapGame,
    /// `class[n]`: the smallest heap that is the same game as heap `n` (0 when heap `n` has no move).
    class: Vec<u16>,
    /// `options[n]`: the distinct options of heap `n` as keys (only filled for class representatives).
    options: Vec<Vec<Key>>,
    /// Option sets seen so far, to find heaps that repeat a smaller one.
    seen: FxHashMap<Vec<Key>, u16>,
    /// Whether misère-equivalent games are merged (see the module notes), not only identical ones.
    equivalence: bool,
    /// With `equivalence`: the class of the heaps equal to `*`, once one is met.
    star: Option<u16>,
}

impl HeapTable {
    /// Heaps replaced only by identical games.
    pub fn new(game: &HeapGame) -> Self {
        HeapTable {
            game: game.clone(),
            class: Vec::new(),
            options: Vec::new(),
            seen: FxHashMap::default(),
            equivalence: false,
            star: None,
        }
    }

    /// Heaps replaced by misère-equivalent games: pairs of `*` cancel, `* + *` is dropped.
    pub fn misere_equivalent(game: &HeapGame) -> Self {
        HeapTable {
            equivalence: true,
            ..HeapTable::new(game)
        }
    }

    /// The class of the heaps equal to `*`, when merging equivalent games and one has been met.
    pub fn star(&self) -> Option<u16> {
        self.star
    }

    /// Whether an option set is exactly `{*}`: the game `* + *`, equivalent to 0.
    fn is_star_plus_star(&self, options: &[Key]) -> bool {
        match (self.star, options) {
            (Some(star), [only]) => **only == [star],
            _ => false,
        }
    }

    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// Number of heaps covered (`0..len`).
    pub fn len(&self) -> usize {
        self.class.len()
    }

    pub fn is_empty(&self) -> bool {
        self.class.is_empty()
    }

    /// Make heaps `0..=n` available.
    pub fn cover(&mut self, n: usize) -> Result<(), MisereError> {
        if n > MAX_MISERE_HEAP {
            return Err(MisereError::HeapTooLarge {
                heap: n,
                max: MAX_MISERE_HEAP,
            });
        }
        while self.class.len() <= n {
            let h = self.class.len();
            let mut options: Vec<Key> = self
                .game
                .options(h)
                .iter()
                .map(|pieces| self.key_of(pieces))
                .collect();
            options.sort_unstable();
            options.dedup();
            let class =
                if options.is_empty() || self.equivalence && self.is_star_plus_star(&options) {
                    0
                } else if let Some(&same) = self.seen.get(&options) {
                    same
                } else {
                    self.seen.insert(options.clone(), h as u16);
                    h as u16
                };
            if self.equivalence
                && self.star.is_none()
                && class as usize == h
                && options.len() == 1
                && options[0].is_empty()
            {
                self.star = Some(class);
            }
            self.class.push(class);
            self.options.push(if class as usize == h {
                options
            } else {
                Vec::new()
            });
        }
        Ok(())
    }

    /// The key of a multiset of heaps that are all covered already.
    fn key_of(&self, heaps: &[usize]) -> Key {
        let mut key: Vec<u16> = heaps
            .iter()
            .map(|&h| self.class[h])
            .filter(|&c| c != 0)
            .collect();
        key.sort_unstable();
        self.cancel_stars(&mut key);
        key.into_boxed_slice()
    }

    /// Drop pairs of `*` from a sorted key (only when merging equivalent games).
    fn cancel_stars(&self, key: &mut Vec<u16>) {
        if let Some(star) = self.star {
            let from = key.partition_point(|&c| c < star);
            let to = key.partition_point(|&c| c <= star);
            let pairs = (to - from) / 2 * 2;
            key.drain(from..from + pairs);
        }
    }

    /// The key of option `pieces` of heap `index` of `key`, into a buffer the caller reuses.
    pub fn option_into(&self, key: &[u16], index: usize, pieces: &[u16], out: &mut Vec<u16>) {
        replace_into(key, index, pieces, out);
        self.cancel_stars(out);
    }

    /// The key of any position, checking sizes.
    pub fn key(&mut self, heaps: &[usize]) -> Result<Key, MisereError> {
        if heaps.len() > MAX_POSITION_HEAPS {
            return Err(MisereError::TooManyHeaps {
                heaps: heaps.len(),
                max: MAX_POSITION_HEAPS,
            });
        }
        if let Some(&largest) = heaps.iter().max() {
            self.cover(largest)?;
        }
        Ok(self.key_of(heaps))
    }

    /// The key of any position, checking sizes, with `normal` extended over every heap covered so far
    /// (the searches order moves by normal-play values).
    pub fn key_with_values(
        &mut self,
        normal: &mut NimSequence,
        heaps: &[usize],
    ) -> Result<Key, MisereError> {
        let key = self.key(heaps)?;
        normal
            .extend_to(self.len())
            .map_err(|e| MisereError::Sequence(e.to_string()))?;
        Ok(key)
    }

    /// The class representative of heap `n` (covered), 0 for a heap without moves.
    pub fn class(&self, n: usize) -> u16 {
        self.class[n]
    }

    /// Options of a class representative `h` (covered), as keys.
    pub fn heap_options(&self, h: u16) -> &[Key] {
        &self.options[h as usize]
    }

    /// Every distinct option of the position `key` (whose heaps are covered), each once.
    pub fn position_options(&self, key: &[u16]) -> Vec<Key> {
        let mut out = Vec::new();
        for (i, &h) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == h {
                continue; // the same heap again gives the same options
            }
            for pieces in self.heap_options(h) {
                let mut option = Vec::with_capacity(key.len() + pieces.len());
                self.option_into(key, i, pieces, &mut option);
                out.push(option.into_boxed_slice());
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// `replace` into a buffer the caller reuses (cleared first).
pub fn replace_into(key: &[u16], index: usize, pieces: &[u16], out: &mut Vec<u16>) {
    out.clear();
    // Merge two sorted runs: the key without the heap, and the pieces.
    let mut rest = key[..index]
        .iter()
        .chain(&key[index + 1..])
        .copied()
        .peekable();
    let mut pieces = pieces.iter().copied().peekable();
    while let (Some(&a), Some(&b)) = (rest.peek(), pieces.peek()) {
        if a <= b {
            out.push(a);
            rest.next();
        } else {
            out.push(b);
            pieces.next();
        }
    }
    out.extend(rest);
    out.extend(pieces);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grundy_heap_three_is_star_and_heap_four_is_dropped() {
        let mut table = HeapTable::misere_equivalent(&HeapGame::grundy());
        assert_eq!(&*table.key(&[4, 3, 3, 5]).unwrap(), &[5]);
        assert_eq!(table.star(), Some(3));
        assert_eq!(table.class(4), 0);
        assert_eq!(&*table.key(&[3, 3, 3]).unwrap(), &[3]);
        // Splitting the 7 of [3, 7] into 3 + 4 leaves 3 + 3 + 4: nothing.
        assert_eq!(&*table.key(&[3, 7]).unwrap(), &[3, 7]);
        let three_four = table
            .heap_options(7)
            .iter()
            .position(|o| **o == [3])
            .expect("7 = 3 + 4 gives the option * (4 dropped)");
        let mut out = Vec::new();
        table.option_into(&[3, 7], 1, &table.heap_options(7)[three_four], &mut out);
        assert!(out.is_empty());
        // The plain table keeps identical games only.
        let mut plain = HeapTable::new(&HeapGame::grundy());
        assert_eq!(&*plain.key(&[4, 3, 3, 5]).unwrap(), &[3, 3, 4, 5]);
    }
}
