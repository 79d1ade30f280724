//! Genera of heaps and explicit positions of a heap game, and hereditary tameness, computed over the whole
//! game tree (every reachable position, unlike the outcome search which stops at the first winning move).
//!
//! The walk keeps its state as an explicit stack and counts the positions it evaluates, so it can be
//! bounded by a budget.

use super::error::MisereError;
use super::genus::Genus;
use super::reduce::{HeapTable, Key, MAX_MISERE_HEAP};
use crate::games::heap::HeapGame;
use crate::solve::heap::NimSequence;
use rustc_hash::FxHashMap;

/// What is known about one position: its genus, and whether it and every position below it have nim-like
/// genera (hereditarily tame: such positions play like nim heaps in sums with one another).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusEntry {
    pub genus: Genus,
    pub tame: bool,
}

/// Genera of positions of one game, remembered.
#[derive(Debug)]
pub struct GenusTable {
    table: HeapTable,
    normal: NimSequence,
    memo: FxHashMap<Key, GenusEntry>,
    nodes: u64,
}

impl GenusTable {
    pub fn new(game: &HeapGame) -> Self {
        GenusTable {
            table: HeapTable::new(game),
            normal: NimSequence::new(game),
            memo: FxHashMap::default(),
            nodes: 0,
        }
    }

    pub fn game(&self) -> &HeapGame {
        self.table.game()
    }

    /// Positions evaluated so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Canonical key of a position, checking sizes.
    pub fn key(&mut self, heaps: &[usize]) -> Result<Key, MisereError> {
        self.table.key_with_values(&mut self.normal, heaps)
    }

    /// Genus entry of heap `n` if it has been computed already (no work).
    pub fn known(&self, n: usize) -> Option<&GenusEntry> {
        if n >= self.table.len() {
            return None;
        }
        let class = self.table.class(n);
        let key: Key = if class == 0 {
            Box::new([])
        } else {
            Box::new([class])
        };
        self.memo.get(&key)
    }

    /// Genus (and tameness) of the position `heaps`, evaluating at most `budget` new positions.
    pub fn genus(&mut self, heaps: &[usize], budget: u64) -> Result<GenusEntry, MisereError> {
        self.genus_until(heaps, budget, &mut |_| true)
    }

    /// Like [`genus`](Self::genus), asking `keep_going(positions so far)` every 4096 steps of the
    /// walk; `Cancelled` when it answers no.
    pub fn genus_until(
        &mut self,
        heaps: &[usize],
        budget: u64,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<GenusEntry, MisereError> {
        let key = self.key(heaps)?;
        self.genus_of_key_until(key, budget, keep_going)
    }

    /// Genus of a covered key, evaluating at most `budget` new positions.
    pub fn genus_of_key(&mut self, root: Key, budget: u64) -> Result<GenusEntry, MisereError> {
        self.genus_of_key_until(root, budget, &mut |_| true)
    }

    /// [`genus_of_key`](Self::genus_of_key) with a `keep_going` as in [`genus_until`](Self::genus_until).
    pub fn genus_of_key_until(
        &mut self,
        root: Key,
        budget: u64,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<GenusEntry, MisereError> {
        let start = self.nodes;
        let mut steps = 0u32;
        // Each frame: a position, and its options once they have been listed (its unknown options are
        // then above it on the stack, so they are known when it comes back).
        let mut stack: Vec<(Key, Option<Vec<Key>>)> = vec![(root.clone(), None)];
        while let Some((key, listed)) = stack.pop() {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(4096) && !keep_going(self.nodes - start) {
                return Err(MisereError::Cancelled {
                    nodes: self.nodes - start,
                });
            }
            if self.memo.contains_key(&key) {
                continue;
            }
            let options = match listed {
                Some(options) => options,
                None => {
                    let options = self.table.position_options(&key);
                    let missing: Vec<Key> = options
                        .iter()
                        .filter(|o| !self.memo.contains_key(*o))
                        .cloned()
                        .collect();
                    if !missing.is_empty() {
                        if self.nodes - start >= budget {
                            return Err(MisereError::BudgetExhausted {
                                nodes: self.nodes - start,
                                budget,
                            });
                        }
                        stack.push((key, Some(options)));
                        stack.extend(missing.into_iter().map(|m| (m, None)));
                        continue;
                    }
                    options
                }
            };
            self.nodes += 1;
            let entries: Vec<&GenusEntry> = options.iter().map(|o| &self.memo[o]).collect();
            let genera: Vec<&Genus> = entries.iter().map(|e| &e.genus).collect();
            let values = self.normal.values();
            let normal = key.iter().fold(0, |x, &h| x ^ values[h as usize]);
            let genus = Genus::from_options(normal, &genera);
            let tame = genus.is_nim_like() && entries.iter().all(|e| e.tame);
            self.memo.insert(key, GenusEntry { genus, tame });
        }
        Ok(self.memo[&root].clone())
    }

    /// Genus entries of heaps `0..len`.
    pub fn heap_genera(&mut self, len: usize, budget: u64) -> Result<Vec<GenusEntry>, MisereError> {
        self.heap_genera_until(len, budget, &mut |_| true)
    }

    /// Genus entries of heaps `0..len`, evaluating at most `budget` new positions in all, with a
    /// `keep_going` as in [`genus_until`](Self::genus_until). A `len` past the largest heap is
    /// refused before any work.
    pub fn heap_genera_until(
        &mut self,
        len: usize,
        budget: u64,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Vec<GenusEntry>, MisereError> {
        if len > MAX_MISERE_HEAP + 1 {
            return Err(MisereError::HeapTooLarge {
                heap: len - 1,
                max: MAX_MISERE_HEAP,
            });
        }
        let start = self.nodes;
        (0..len)
            .map(|n| {
                let spent = self.nodes - start;
                let mut keep_going = |nodes| keep_going(spent + nodes);
                self.genus_until(&[n], budget.saturating_sub(spent), &mut keep_going)
                    // The whole walk's figures, not the last heap's share of it.
                    .map_err(|error| match error {
                        MisereError::BudgetExhausted { .. } => MisereError::BudgetExhausted {
                            nodes: self.nodes - start,
                            budget,
                        },
                        other => other,
                    })
            })
            .collect()
    }
}
