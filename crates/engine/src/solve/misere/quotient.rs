//! Misère quotients (Plambeck–Siegel) of a heap game restricted to heaps of at most `N`: the commutative
//! monoid of positions modulo indistinguishability, its P-portion, and the pretending function that sends
//! each heap to its element.
//!
//! Built heap by heap, as MisereSolver does: with the quotient of heaps `< n` in hand, heap `n` is added as a
//! new letter; its products with every element are computed and matched against the elements known (the
//! `learn` table: exact outcomes of each element's access position in each test company), new elements are
//! added where nothing matches, and the candidate is checked *completely* (`prove`: every position of every
//! size, through a finite automaton). Each failure of the check yields a position predicted wrongly, which
//! becomes one new test company splitting one element, until the check passes. The result is then proven
//! right for all positions of heaps `<= n`. Outcomes come from the exact search, which decides positions
//! inside a proven quotient (heaps `< n`, or lighter than the lightest failure of the current candidate)
//! by its arithmetic; a query that would need too long a search is answered by the last candidate instead
//! (`QuotientLimits::query_budget`). Such guesses can only steer the construction, never the result: the
//! complete check is the proof, and elements that guesses kept apart are merged afterwards by Moore's
//! refinement, so the quotient returned is the reduced one. (The steps and names are ours; MisereSolver's
//! code was not consulted.)

use super::error::MisereError;
use super::learn::{Oracle, Table};
use super::presentation;
use super::prove::{check, non_commuting, Candidate, Check};
use super::reduce::HeapTable;
use super::search::{MisereSearch, Shortcut};
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
    /// Test companies that tell the elements apart (the table's experiments), as heap sizes.
    pub experiments: Vec<Vec<usize>>,
    /// Pairs (element, option images) the complete check went through for the final quotient.
    pub proof_pairs: usize,
    /// Outcome queries asked while building, and how many of them the last candidate answered.
    pub outcome_queries: u64,
    pub guessed_answers: u64,
    /// `times_heap[e][n]`: element `e` plus a heap of `n`.
    times_heap: Vec<Vec<u32>>,
}

/// Work limits for building a quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientLimits {
    /// Positions the outcome search may expand in all.
    pub search_budget: u64,
    pub max_elements: usize,
    /// Most pairs in one complete check.
    pub max_proof_pairs: usize,
    /// Positions one outcome query may expand before the last candidate's answer is used instead.
    pub query_budget: u64,
}

impl Default for QuotientLimits {
    fn default() -> Self {
        QuotientLimits {
            search_budget: 2_000_000_000,
            max_elements: 20_000,
            max_proof_pairs: 5_000_000,
            query_budget: 1_000,
        }
    }
}

/// Outcome of the bounded check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verification {
    /// Largest number of tokens checked.
    pub max_tokens: usize,
    pub positions_checked: u64,
    /// The first position (heaps) where the quotient's outcomes are inconsistent, if any.
    pub failure: Option<Vec<usize>>,
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
        let mut search = MisereSearch::new(game);
        search.key(&[max_heap])?;
        let heaps: HeapTable = search.table().clone();
        let mut oracle = Oracle {
            search: &mut search,
            budget_end: limits.search_budget,
            query_budget: limits.query_budget,
            guess: None,
            queries: 0,
            guesses: 0,
            answers: Default::default(),
        };
        let mut table = Table::new(&mut oracle)?;
        // Weight of each heap class: more than any of its options weighs, so weights fall along moves.
        let mut weights = vec![0u64; max_heap + 1];
        for c in 1..=max_heap {
            if heaps.class(c) as usize == c {
                weights[c] = 1 + heaps
                    .heap_options(c as u16)
                    .iter()
                    .map(|pieces| pieces.iter().map(|&q| weights[q as usize]).sum::<u64>())
                    .max()
                    .unwrap_or(0);
            }
        }
        let mut sizes = vec![1];
        let mut proof_pairs = 1;
        for n in 1..=max_heap {
            let class = heaps.class(n);
            // A heap with no move is the identity; a heap with a smaller one's options is that heap.
            if class as usize == n {
                table.add_letter(class);
                proof_pairs = settle(&mut table, &mut oracle, &heaps, &weights, limits)?;
                // Proven for heaps up to n: the search decides such positions by it from now on.
                let proven = shortcut(&table, &weights, class, u64::MAX);
                oracle.search.set_shortcuts(vec![proven]);
            }
            let (class_of, size) = reduction(&table);
            if size < table.len() {
                table.compact(&class_of, size);
            }
            sizes.push(size);
            if !progress(n, size) {
                return Err(MisereError::Cancelled {
                    nodes: oracle.search.nodes(),
                });
            }
        }
        let mut quotient = Self::assemble(game, max_heap, &heaps, &table, sizes, proof_pairs);
        quotient.outcome_queries = oracle.queries;
        quotient.guessed_answers = oracle.guesses;
        Ok(quotient)
    }

    /// The quotient as the rest of the program sees it, read off a proven table: elements the table
    /// keeps apart but no company tells apart (possible when guesses steered it) are merged.
    fn assemble(
        game: &HeapGame,
        max_heap: usize,
        heaps: &HeapTable,
        table: &Table,
        sizes: Vec<usize>,
        proof_pairs: usize,
    ) -> Self {
        let (class_of, len) = reduction(table);
        // Each class is represented by its first table element (the one with the shortest access).
        let mut first: Vec<Option<u32>> = vec![None; len];
        for (x, &c) in class_of.iter().enumerate() {
            first[c as usize].get_or_insert(x as u32);
        }
        let first: Vec<u32> = first
            .into_iter()
            .map(|x| x.expect("non-empty class"))
            .collect();
        let times_heap: Vec<Vec<u32>> = first
            .iter()
            .map(|&x| {
                (0..=max_heap)
                    .map(|n| match heaps.class(n) {
                        0 => class_of[x as usize],
                        c => {
                            let l = table.letter_index(c).expect("a letter");
                            class_of[table.times(x, l) as usize]
                        }
                    })
                    .collect()
            })
            .collect();
        let pretend = times_heap[0].clone();
        let p: Vec<bool> = first.iter().map(|&x| table.is_p(x)).collect();
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
        let as_heaps = |key: &Vec<u16>| key.iter().map(|&h| h as usize).collect();
        MisereQuotient {
            game: game.to_string(),
            max_heap,
            generators,
            elements: first
                .iter()
                .map(|&x| as_heaps(&table.access[x as usize]))
                .collect(),
            p,
            pretend,
            sizes,
            experiments: table.experiments.iter().map(as_heaps).collect(),
            proof_pairs,
            outcome_queries: 0,
            guessed_answers: 0,
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

    /// Check the quotient on every position of at most `max_tokens` tokens (see the module notes).
    pub fn verify(&self, game: &HeapGame, max_tokens: usize) -> Verification {
        let options: Vec<Vec<Vec<usize>>> = (0..=self.max_heap).map(|n| game.options(n)).collect();
        let mut checked = 0u64;
        let mut failure = None;
        // Positions as non-increasing heap lists, enumerated depth-first.
        let mut stack: Vec<(Vec<usize>, usize)> = vec![(vec![], 0)];
        while let Some((heaps, total)) = stack.pop() {
            checked += 1;
            let image = self.image(&heaps).expect("heaps within the bound");
            let mut has_move = false;
            let mut move_to_p = false;
            for (i, &h) in heaps.iter().enumerate() {
                if i > 0 && heaps[i - 1] == h {
                    continue;
                }
                let rest: Vec<usize> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                let rest_image = self.image(&rest).expect("within the bound");
                for pieces in &options[h] {
                    has_move = true;
                    let e = pieces
                        .iter()
                        .fold(rest_image, |e, &p| self.times_heap[e as usize][p]);
                    move_to_p |= self.p[e as usize];
                }
            }
            if self.p[image as usize] != (has_move && !move_to_p) {
                failure = Some(heaps);
                break;
            }
            let largest = heaps.last().copied().unwrap_or(self.max_heap);
            for h in (1..=largest.min(self.max_heap)).rev() {
                if total + h <= max_tokens {
                    let mut next = heaps.clone();
                    next.push(h);
                    stack.push((next, total + h));
                }
            }
        }
        Verification {
            max_tokens,
            positions_checked: checked,
            failure,
        }
    }
}

/// Indistinguishability on a table proven right: the coarsest partition that separates P from N and is
/// kept by adding any heap (Moore's refinement). Returns each element's class, and the number of classes;
/// the identity's class is 0.
fn reduction(table: &Table) -> (Vec<u32>, usize) {
    let len = table.len();
    let mut class_of: Vec<u32> = (0..len as u32).map(|x| table.is_p(x) as u32).collect();
    let mut count = 0;
    loop {
        let mut ids: rustc_hash::FxHashMap<Vec<u32>, u32> = Default::default();
        // Numbered in element order, so the identity (element 0) is class 0.
        let next: Vec<u32> = (0..len as u32)
            .map(|x| {
                let mut signature = vec![class_of[x as usize]];
                signature
                    .extend((0..table.letters.len()).map(|l| class_of[table.times(x, l) as usize]));
                let fresh = ids.len() as u32;
                *ids.entry(signature).or_insert(fresh)
            })
            .collect();
        let new_count = ids.len();
        class_of = next;
        if new_count == count {
            return (class_of, count);
        }
        count = new_count;
    }
}

/// The table's monoid as a search shortcut for heap classes up to `largest` and weights below `max_weight`.
fn shortcut(table: &Table, weights: &[u64], largest: u16, max_weight: u64) -> Shortcut {
    let times = (0..table.len() as u32)
        .map(|e| {
            (0..=largest)
                .map(|c| match table.letter_index(c) {
                    Some(l) => table.times(e, l),
                    None => e,
                })
                .collect()
        })
        .collect();
    Shortcut {
        below: largest + 1,
        max_weight,
        weights: weights[..=largest as usize].to_vec(),
        times,
        p: (0..table.len() as u32).map(|e| table.is_p(e)).collect(),
    }
}

/// Close the table for the letters it has and refine it until the complete check passes; returns the
/// number of pairs the passing check went through.
fn settle(
    table: &mut Table,
    oracle: &mut Oracle,
    heaps: &HeapTable,
    weights: &[u64],
    limits: QuotientLimits,
) -> Result<usize, MisereError> {
    let letter_weights: Vec<u64> = table.letters.iter().map(|&c| weights[c as usize]).collect();
    let newest = *table.letters.last().expect("a letter");
    // The quotient proven before this heap was added.
    let before: Vec<Shortcut> = oracle.search_shortcuts();
    let mut best_weight = 0;
    // The last candidate knows nothing of the new heap yet.
    oracle.guess = None;
    loop {
        table.close(oracle, limits.max_elements)?;
        let options: Vec<Vec<Vec<usize>>> = table
            .letters
            .iter()
            .map(|&c| {
                heaps
                    .heap_options(c)
                    .iter()
                    .map(|pieces| {
                        pieces
                            .iter()
                            .map(|&q| table.letter_index(q).expect("pieces are smaller heaps"))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let verdict = {
            let times = |x: u32, l: usize| table.times(x, l);
            let p = |x: u32| table.is_p(x);
            let candidate = Candidate {
                len: table.len(),
                times: &times,
                p: &p,
                options: &options,
            };
            match non_commuting(&candidate) {
                Some(found) => Err(found),
                None => Ok(check(&candidate, &letter_weights, limits.max_proof_pairs)?),
            }
        };
        match verdict {
            Err((x, a, b)) => {
                // The same position reached two elements: an experiment tells them apart, and one of the
                // two paths predicts it wrongly.
                let (ab, ba) = (
                    table.times(table.times(x, a), b),
                    table.times(table.times(x, b), a),
                );
                let e = (0..table.experiments.len())
                    .find(|&e| table.row_bit(ab, e) != table.row_bit(ba, e))
                    .ok_or(MisereError::Inconsistent("two equal rows"))?;
                let suffix = table.experiments[e].clone();
                if !table.refine_from(oracle, x, &[a, b], &suffix)?
                    && !table.refine_from(oracle, x, &[b, a], &suffix)?
                {
                    return Err(MisereError::Inconsistent("no path predicts wrongly"));
                }
            }
            Ok(Check::Proven { pairs }) => return Ok(pairs),
            Ok(Check::Fails(word)) => {
                // The lightest position where the rule fails: everything lighter is predicted rightly
                // (so this table may decide those positions for the search), and so are its options, so
                // it is the position itself that is predicted wrongly.
                let mut position: Vec<u16> = word.iter().map(|&l| table.letters[l]).collect();
                position.sort_unstable();
                let weight: u64 = position.iter().map(|&c| weights[c as usize]).sum();
                if weight > best_weight {
                    best_weight = weight;
                    let mut shortcuts = before.clone();
                    shortcuts.push(shortcut(table, weights, newest, weight));
                    oracle.search.set_shortcuts(shortcuts);
                }
                oracle.guess = Some(shortcut(table, weights, newest, u64::MAX));
                let predicted = table.is_p(table.image(&position));
                oracle.correct(&position, !predicted);
                if !table.refine_position(oracle, &position, &[])? {
                    return Err(MisereError::Inconsistent(
                        "the lightest failure is predicted rightly",
                    ));
                }
            }
        }
    }
}
