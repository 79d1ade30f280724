//! Misère quotients (Plambeck–Siegel) of a heap game restricted to heaps of at most `N`: the commutative
//! monoid of positions modulo indistinguishability, its P-portion, and the pretending function that sends
//! each heap to its element.
//!
//! Built heap by heap, as MisereSolver does (see `extend`): with the quotient of heaps `< n` proven, heap
//! `n` becomes a new letter; candidates are made from the proven quotient's own arithmetic (no position
//! is searched) and each is put through the complete check (`prove`: every position of every size,
//! through a finite automaton), which either proves it or names the lightest position it gets wrong, from
//! which the next candidate is made. The quotient returned has passed the complete check, and is reduced.

use super::error::MisereError;
use super::extend::{extend, Effort, Monoid};
use super::presentation;
use super::prove::{check, non_commuting, Candidate, Check};
use super::reduce::HeapTable;
use super::shortcut::Shortcut;
use crate::games::heap::HeapGame;
use crate::solve::heap::Outcome;
use serde::{Deserialize, Serialize};

/// Largest heap bound accepted for a quotient.
pub const MAX_QUOTIENT_HEAP: usize = 200;

/// Largest number of elements explored before giving up.
pub const MAX_QUOTIENT_ELEMENTS: usize = 100_000;

/// A misère quotient of the positions made of heaps `1..=max_heap`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MisereQuotient {
    pub game: String,
    pub max_heap: usize,
    /// The generators: heaps whose image is not a product of smaller heaps' images, in order.
    pub generators: Vec<usize>,
    /// A representative position of each element (heap sizes, ascending); element 0 is the identity.
    pub elements: Vec<Vec<usize>>,
    /// `p[e]`: element `e` is in the P-portion.
    pub p: Vec<bool>,
    /// `pretend[n]`: the element of a single heap `n` (`0..=max_heap`).
    pub pretend: Vec<u32>,
    /// `sizes[n]`: the order of the quotient of heaps up to `n` (`0..=max_heap`), as built.
    pub sizes: Vec<usize>,
    /// Pairs (element, option images) the complete check went through for the final quotient.
    pub proof_pairs: usize,
    /// Candidates put through the complete check while building.
    pub candidates: usize,
    /// `times_heap[e][n]`: element `e` plus a heap of `n`.
    pub(super) times_heap: Vec<Vec<u32>>,
}

/// Work limits for building a quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientLimits {
    /// Most elements of a candidate (before it is reduced).
    pub max_elements: usize,
    /// Most pairs in one complete check or marking walk.
    pub max_proof_pairs: usize,
}

impl Default for QuotientLimits {
    fn default() -> Self {
        QuotientLimits {
            max_elements: 20_000,
            max_proof_pairs: 5_000_000,
        }
    }
}

impl MisereQuotient {
    /// Build the quotient of `game` for heaps up to `max_heap`.
    pub fn build(
        game: &HeapGame,
        max_heap: usize,
        limits: QuotientLimits,
    ) -> Result<Self, MisereError> {
        Self::build_with_progress(game, max_heap, limits, |_, _| true)
    }

    /// Build, calling `progress(heap, elements)` after each heap is added; `false` cancels.
    pub fn build_with_progress(
        game: &HeapGame,
        max_heap: usize,
        limits: QuotientLimits,
        mut progress: impl FnMut(usize, usize) -> bool,
    ) -> Result<Self, MisereError> {
        if max_heap > MAX_QUOTIENT_HEAP {
            return Err(MisereError::OutOfRange {
                what: "heap bound",
                value: max_heap,
                why: "misère quotients are built for heaps up to 200",
            });
        }
        let mut heaps = HeapTable::new(game);
        heaps.cover(max_heap)?;
        // Letters: the heaps that are not the same game as a smaller one, with a move.
        let mut letter_of: Vec<Option<usize>> = vec![None; max_heap + 1];
        let mut options: Vec<Vec<Vec<usize>>> = Vec::new();
        // Weight of each letter: more than any of its options weighs, so weights fall along moves.
        let mut weights: Vec<u64> = Vec::new();
        let mut effort = Effort {
            max_elements: limits.max_elements,
            max_pairs: limits.max_proof_pairs,
            ..Effort::default()
        };
        let mut m = Monoid::trivial();
        let mut sizes = vec![1];
        for n in 1..=max_heap {
            let class = heaps.class(n);
            if class as usize == n {
                let heap_options: Vec<Vec<usize>> = heaps
                    .heap_options(class)
                    .iter()
                    .map(|pieces| {
                        pieces
                            .iter()
                            .map(|&q| letter_of[q as usize].expect("pieces are smaller heaps"))
                            .collect()
                    })
                    .collect();
                let weight = 1 + heap_options
                    .iter()
                    .map(|w| w.iter().map(|&l| weights[l]).sum::<u64>())
                    .max()
                    .unwrap_or(0);
                letter_of[n] = Some(options.len());
                options.push(heap_options);
                weights.push(weight);
                m = extend(&m, &options, &weights, &mut effort)?;
            }
            sizes.push(m.len());
            if !progress(n, m.len()) {
                return Err(MisereError::Cancelled {
                    nodes: effort.candidates as u64,
                });
            }
        }
        Ok(Self::assemble(
            game, max_heap, &heaps, &letter_of, &m, sizes, &effort,
        ))
    }

    /// The quotient as the rest of the program sees it, read off the proven monoid.
    fn assemble(
        game: &HeapGame,
        max_heap: usize,
        heaps: &HeapTable,
        letter_of: &[Option<usize>],
        m: &Monoid,
        sizes: Vec<usize>,
        effort: &Effort,
    ) -> Self {
        let len = m.len();
        let times_heap: Vec<Vec<u32>> = (0..len as u32)
            .map(|x| {
                (0..=max_heap)
                    .map(|n| match letter_of[heaps.class(n) as usize] {
                        Some(l) => m.times(x, l),
                        None => x,
                    })
                    .collect()
            })
            .collect();
        let pretend = times_heap[0].clone();
        // Generators: heaps whose image is not yet generated by the smaller generators.
        let mut generators = Vec::new();
        let mut reached = vec![false; len];
        reached[0] = true;
        for n in 1..=max_heap {
            if reached[pretend[n] as usize] {
                continue;
            }
            generators.push(n);
            let mut frontier: Vec<u32> = (0..len as u32).filter(|&e| reached[e as usize]).collect();
            while let Some(e) = frontier.pop() {
                for &g in &generators {
                    let next = times_heap[e as usize][g];
                    if !reached[next as usize] {
                        reached[next as usize] = true;
                        frontier.push(next);
                    }
                }
            }
        }
        // Letters are numbered in heap order, so letter l is the l-th heap with a letter.
        let heap_of: Vec<usize> = (0..=max_heap).filter(|&n| letter_of[n].is_some()).collect();
        let mut elements: Vec<Vec<usize>> = m
            .words()
            .into_iter()
            .map(|w| w.into_iter().map(|l| heap_of[l]).collect())
            .collect();
        for e in &mut elements {
            e.sort_unstable();
        }
        MisereQuotient {
            game: game.to_string(),
            max_heap,
            generators,
            elements,
            p: m.p.clone(),
            pretend,
            sizes,
            proof_pairs: effort.proof_pairs,
            candidates: effort.candidates,
            times_heap,
        }
    }

    /// Run the complete check again on the finished quotient, with the options of each heap taken from
    /// the game's rules: `Ok(pairs)` when its outcomes are proven right for every position of heaps up to
    /// the bound, an error naming a position otherwise.
    pub fn prove(&self, game: &HeapGame, max_pairs: usize) -> Result<usize, MisereError> {
        let options: Vec<Vec<Vec<usize>>> = (1..=self.max_heap)
            .map(|n| game.options(n))
            .map(|opts| {
                opts.into_iter()
                    .map(|pieces| {
                        pieces
                            .into_iter()
                            .filter(|&h| h > 0)
                            .map(|h| h - 1)
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let times = |x: u32, l: usize| self.times_heap[x as usize][l + 1];
        let p = |x: u32| self.p[x as usize];
        let candidate = Candidate {
            len: self.len(),
            times: &times,
            p: &p,
            options: &options,
        };
        if non_commuting(&candidate).is_some() {
            return Err(MisereError::Inconsistent("the quotient is not commutative"));
        }
        match check(&candidate, &vec![1; options.len()], max_pairs)? {
            Check::Proven { pairs } => Ok(pairs),
            Check::Fails(_) => Err(MisereError::Inconsistent(
                "a position's outcome contradicts its options' outcomes",
            )),
        }
    }

    /// The quotient as a search shortcut: the exact search decides every position whose heaps are all
    /// within the bound by its arithmetic (proven by the complete check) instead of searching it.
    pub fn shortcut(&self) -> Shortcut {
        Shortcut {
            below: (self.max_heap + 1) as u16,
            times: self.times_heap.clone(),
            p: self.p.clone(),
        }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// Number of elements in the P-portion.
    pub fn p_count(&self) -> usize {
        self.p.iter().filter(|&&p| p).count()
    }

    /// The element of a position (heaps up to the bound).
    pub fn image(&self, heaps: &[usize]) -> Result<u32, MisereError> {
        let mut e = 0u32;
        for &h in heaps {
            if h > self.max_heap {
                return Err(MisereError::OutOfRange {
                    what: "heap",
                    value: h,
                    why: "larger than the quotient's heap bound",
                });
            }
            e = self.times_heap[e as usize][h];
        }
        Ok(e)
    }

    /// Product of two elements.
    pub fn multiply(&self, a: u32, b: u32) -> u32 {
        self.elements[b as usize]
            .iter()
            .fold(a, |e, &h| self.times_heap[e as usize][h])
    }

    /// Misère outcome of a position from the quotient.
    pub fn outcome(&self, heaps: &[usize]) -> Result<Outcome, MisereError> {
        let e = self.image(heaps)?;
        Ok(if self.p[e as usize] {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// The letter naming each generator (`a` for the first generator heap, `b` for the next, …).
    pub fn generator_letters(&self) -> Vec<String> {
        (0..self.generators.len())
            .map(presentation::letter)
            .collect()
    }

    /// Each element as its least word in the generators (`1`, `a`, `a b^2`, …).
    pub fn element_words(&self) -> Vec<String> {
        self.least_words()
            .iter()
            .map(|w| w.as_deref().map_or_else(|| "?".into(), presentation::spell))
            .collect()
    }

    fn least_words(&self) -> Vec<Option<presentation::Exponents>> {
        let times = |e: u32, g: usize| self.times_heap[e as usize][self.generators[g]];
        presentation::least_words(self.len(), self.generators.len(), times)
    }

    /// The presentation: rewriting rules on generator words, `left = right` (e.g. `a^2 = 1`,
    /// `b^4 = b^2`), the minimal ones, which together rewrite any word to its element's least word.
    pub fn relations(&self) -> Vec<(String, String)> {
        let times = |e: u32, g: usize| self.times_heap[e as usize][self.generators[g]];
        let words = self.least_words();
        presentation::relations(&words, self.generators.len(), times)
            .into_iter()
            .map(|(l, r)| (presentation::spell(&l), presentation::spell(&r)))
            .collect()
    }
}
