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
}

impl HeapTable {
    pub fn new(game: &HeapGame) -> Self {
        HeapTable {
            game: game.clone(),
            class: Vec::new(),
            options: Vec::new(),
            seen: FxHashMap::default(),
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
            let class = if options.is_empty() {
                0
            } else if let Some(&same) = self.seen.get(&options) {
                same
            } else {
                self.seen.insert(options.clone(), h as u16);
                h as u16
            };
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
        key.into_boxed_slice()
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
                out.push(replace(key, i, pieces));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// `key` with the heap at `index` replaced by the (sorted) `pieces`, sorted.
pub fn replace(key: &[u16], index: usize, pieces: &[u16]) -> Key {
    let mut out = Vec::with_capacity(key.len() + pieces.len());
    replace_into(key, index, pieces, &mut out);
    out.into_boxed_slice()
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
