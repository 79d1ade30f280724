//! Misère quotients (Plambeck–Siegel) of a heap game restricted to heaps of at most `N`: the commutative
//! monoid of positions modulo indistinguishability, its P-portion, and the pretending function that sends
//! each heap to its element.
//!
//! How it is built here (not MisereSolver's algorithm, which is not reproduced): elements are explored
//! breadth-first from the empty position by adding one heap at a time. A new position is identified with
//! an element already found when it has the same *signature*: its misère outcome (exact search) in the
//! company of the empty position and of every single heap. Positions with different signatures are certainly
//! distinct, so the monoid found is never larger than the true quotient; it could be smaller if two
//! positions agree on every test but differ in larger company. That is what the check catches:
//! `verify(B)` proves, using only the monoid's arithmetic, that for every position of at most `B` tokens
//! "its image is in the P-portion" holds exactly when "it has a move and no move leads to an image in the
//! P-portion" — by induction this makes the quotient's outcome equal the true misère outcome for all those
//! positions. Beyond `B` tokens the quotient is a well-tested candidate, not a proof.

use super::error::MisereError;
use super::reduce::{HeapTable, Key};
use super::search::MisereSearch;
use crate::games::heap::HeapGame;
use crate::solve::heap::Outcome;
use rustc_hash::FxHashMap;
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
    /// `times_heap[e][n]`: element `e` plus a heap of `n`.
    times_heap: Vec<Vec<u32>>,
    /// Each element's outcomes in the test company (bit per test) from the last exploration.
    #[serde(skip)]
    signatures: Vec<Vec<u64>>,
}

/// Work limits for building a quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientLimits {
    /// Positions the outcome search may expand in all.
    pub search_budget: u64,
    pub max_elements: usize,
    /// Most refinement rounds.
    pub max_rounds: usize,
}

impl Default for QuotientLimits {
    fn default() -> Self {
        QuotientLimits {
            search_budget: 200_000_000,
            max_elements: 20_000,
            max_rounds: 50,
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

    /// Build, calling `progress(heaps_done, elements)` as heaps are added; `false` cancels.
    ///
    /// Rounds: explore with the current test company, check the result on small positions, and when the
    /// check finds a position where the candidate is wrong, add the sub-positions of that position and of
    /// its options (up to three heaps) to the test company and explore again.
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
        let table: HeapTable = search.table().clone();
        // Distinct heap classes up to the bound (dead heaps are the identity).
        let mut classes: Vec<u16> = (1..=max_heap)
            .map(|n| table.class(n))
            .filter(|&c| c != 0)
            .collect();
        classes.sort_unstable();
        classes.dedup();
        // Test company: the empty position and each single heap to begin with.
        let mut tests: Vec<Vec<u16>> = vec![vec![]];
        tests.extend(classes.iter().map(|&a| vec![a]));
        let mut known_tests: rustc_hash::FxHashSet<Vec<u16>> = tests.iter().cloned().collect();
        let refine_tokens = max_heap + 8;
        let mut round = 0;
        loop {
            let quotient = Self::explore(
                game,
                max_heap,
                &mut search,
                &table,
                &classes,
                &tests,
                limits,
                &mut progress,
            )?;
            round += 1;
            if round > limits.max_rounds {
                return Ok(quotient);
            }
            // First the monoid law: adding two heaps in either order must give the same element. When it
            // fails, some identification on the way was wrong, and the company that shows it is one of
            // the heaps plus a test that tells the two results apart.
            if let Some(companies) = quotient.commutativity_witness(&tests) {
                let before = tests.len();
                for company in companies {
                    let mut key: Vec<u16> = company
                        .iter()
                        .map(|&h| table.class(h))
                        .filter(|&c| c != 0)
                        .collect();
                    key.sort_unstable();
                    if known_tests.insert(key.clone()) {
                        tests.push(key);
                    }
                }
                if tests.len() > before {
                    continue;
                }
            }
            let Some(failure) = quotient.verify(game, refine_tokens).failure else {
                return Ok(quotient);
            };
            // The failing position and its options, as class keys; their small sub-positions become tests.
            let mut around: Vec<Vec<usize>> = vec![failure.clone()];
            for (i, &h) in failure.iter().enumerate() {
                for pieces in game.options(h) {
                    let mut option: Vec<usize> = failure[..i].to_vec();
                    option.extend(&failure[i + 1..]);
                    option.extend(pieces);
                    around.push(option);
                }
            }
            let before = tests.len();
            for position in around {
                let mut key: Vec<u16> = position
                    .iter()
                    .map(|&h| table.class(h))
                    .filter(|&c| c != 0)
                    .collect();
                key.sort_unstable();
                for sub in small_submultisets(&key, 3) {
                    if known_tests.insert(sub.clone()) {
                        tests.push(sub);
                    }
                }
            }
            if tests.len() == before {
                return Ok(quotient);
            }
        }
    }

    /// One exploration with a fixed test company.
    #[allow(clippy::too_many_arguments)]
    fn explore(
        game: &HeapGame,
        max_heap: usize,
        search: &mut MisereSearch,
        table: &HeapTable,
        classes: &[u16],
        tests: &[Vec<u16>],
        limits: QuotientLimits,
        progress: &mut impl FnMut(usize, usize) -> bool,
    ) -> Result<Self, MisereError> {
        let budget_end = limits.search_budget;
        let signature = |search: &mut MisereSearch, key: &[u16]| -> Result<Vec<u64>, MisereError> {
            let mut bits = vec![0u64; tests.len().div_ceil(64)];
            for (t, company) in tests.iter().enumerate() {
                let mut position: Vec<u16> = key.iter().chain(company).copied().collect();
                position.sort_unstable();
                let left = budget_end.saturating_sub(search.nodes());
                if left == 0 {
                    return Err(MisereError::BudgetExhausted {
                        nodes: search.nodes(),
                        budget: budget_end,
                    });
                }
                let outcome = search.outcome_of_key(position.into_boxed_slice(), left)?;
                if outcome == Outcome::P {
                    bits[t / 64] |= 1 << (t % 64);
                }
            }
            Ok(bits)
        };

        let mut elements: Vec<Key> = vec![Key::default()];
        let mut by_signature: FxHashMap<Vec<u64>, u32> = FxHashMap::default();
        let mut signatures: Vec<Vec<u64>> = vec![signature(search, &[])?];
        by_signature.insert(signatures[0].clone(), 0);
        // Products with heap classes, filled breadth-first; heap classes are added one at a time so the
        // generators come out in heap order.
        let mut times_class: Vec<FxHashMap<u16, u32>> = vec![FxHashMap::default()];
        for (done, &class) in classes.iter().enumerate() {
            let allowed = &classes[..=done];
            let mut e = 0;
            while e < elements.len() {
                for &c in allowed {
                    if times_class[e].contains_key(&c) {
                        continue;
                    }
                    let mut key: Vec<u16> = elements[e].to_vec();
                    key.push(c);
                    key.sort_unstable();
                    let sig = signature(search, &key)?;
                    let id = match by_signature.get(&sig) {
                        Some(&id) => id,
                        None => {
                            if elements.len() >= limits.max_elements {
                                return Err(MisereError::OutOfRange {
                                    what: "quotient size",
                                    value: elements.len(),
                                    why: "more elements than the limit",
                                });
                            }
                            let id = elements.len() as u32;
                            elements.push(key.into_boxed_slice());
                            times_class.push(FxHashMap::default());
                            signatures.push(sig.clone());
                            by_signature.insert(sig, id);
                            id
                        }
                    };
                    times_class[e].insert(c, id);
                }
                e += 1;
            }
            if !progress(class as usize, elements.len()) {
                return Err(MisereError::Cancelled {
                    nodes: search.nodes(),
                });
            }
        }
        // Heap n's image, and the product table by heap size.
        let pretend: Vec<u32> = (0..=max_heap)
            .map(|n| match table.class(n) {
                0 => 0,
                c => times_class[0][&c],
            })
            .collect();
        let times_heap: Vec<Vec<u32>> = times_class
            .iter()
            .enumerate()
            .map(|(e, row)| {
                (0..=max_heap)
                    .map(|n| match table.class(n) {
                        0 => e as u32,
                        c => row[&c],
                    })
                    .collect()
            })
            .collect();
        let p: Vec<bool> = (0..elements.len())
            .map(|e| search.known(&elements[e]) == Some(Outcome::P))
            .collect();
        // Generators: heaps whose image is new when they are first allowed.
        let mut generators = Vec::new();
        let mut reached = vec![false; elements.len()];
        reached[0] = true;
        let mut frontier = vec![0u32];
        for n in 1..=max_heap {
            if reached[pretend[n] as usize] {
                continue;
            }
            generators.push(n);
            // Everything generated so far, closed under the generators chosen.
            frontier = (0..elements.len() as u32)
                .filter(|&e| reached[e as usize])
                .collect();
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
        let _ = frontier;
        let heaps_of = |key: &Key| key.iter().map(|&h| h as usize).collect();
        Ok(MisereQuotient {
            game: game.to_string(),
            max_heap,
            generators,
            elements: elements.iter().map(heaps_of).collect(),
            p,
            pretend,
            times_heap,
            signatures,
        })
    }

    /// If some element plus heaps `a` then `b` differs from plus `b` then `a`, the test companies
    /// `a + t` and `b + t` for a test `t` on which the two results differ.
    fn commutativity_witness(&self, tests: &[Vec<u16>]) -> Option<Vec<Vec<usize>>> {
        let heaps: Vec<usize> = (1..=self.max_heap).collect();
        for e in 0..self.len() {
            for (i, &a) in heaps.iter().enumerate() {
                for &b in &heaps[i + 1..] {
                    let ab = self.times_heap[self.times_heap[e][a] as usize][b];
                    let ba = self.times_heap[self.times_heap[e][b] as usize][a];
                    if ab == ba {
                        continue;
                    }
                    // A test on which the two elements' representatives differ.
                    let (x, y) = (&self.signatures[ab as usize], &self.signatures[ba as usize]);
                    let bit = (0..tests.len())
                        .find(|&t| (x[t / 64] >> (t % 64)) & 1 != (y[t / 64] >> (t % 64)) & 1)?;
                    let t: Vec<usize> = tests[bit].iter().map(|&h| h as usize).collect();
                    let with = |h: usize| {
                        let mut c = t.clone();
                        c.push(h);
                        c
                    };
                    return Some(vec![with(a), with(b)]);
                }
            }
        }
        None
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

    /// The presentation as rewriting rules on generator words: for each element (as its word) times a
    /// generator that lands on an element with a different word, `word·g = word'`. Words are multisets of
    /// generator heaps, written as products `a7^2 a9`.
    pub fn relations(&self) -> Vec<(String, String)> {
        let mut rules: Vec<(Vec<usize>, usize)> = Vec::new();
        for (e, rep) in self.elements.iter().enumerate() {
            for &g in &self.generators {
                let product = self.times_heap[e][g] as usize;
                let mut left = rep.clone();
                left.push(g);
                left.sort_unstable();
                if left != self.elements[product] {
                    rules.push((left, product));
                }
            }
        }
        // Shortest first; a rule whose left side contains an earlier left side follows from it.
        rules.sort_by(|a, b| a.0.len().cmp(&b.0.len()).then(a.0.cmp(&b.0)));
        let mut kept: Vec<(Vec<usize>, usize)> = Vec::new();
        for (left, product) in rules {
            if !kept.iter().any(|(k, _)| contains(&left, k)) {
                kept.push((left, product));
            }
        }
        kept.into_iter()
            .map(|(left, product)| (word(&left), word(&self.elements[product])))
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

/// `a3^2 a7` for the heaps [3, 3, 7]; `1` for none.
fn word(heaps: &[usize]) -> String {
    if heaps.is_empty() {
        return "1".into();
    }
    let mut parts = Vec::new();
    let mut i = 0;
    while i < heaps.len() {
        let run = heaps[i..].iter().take_while(|&&h| h == heaps[i]).count();
        parts.push(if run == 1 {
            format!("a{}", heaps[i])
        } else {
            format!("a{}^{}", heaps[i], run)
        });
        i += run;
    }
    parts.join(" ")
}

/// Every sub-multiset of `key` with 1..=`most` heaps.
fn small_submultisets(key: &[u16], most: usize) -> Vec<Vec<u16>> {
    let mut out: Vec<Vec<u16>> = Vec::new();
    let mut stack: Vec<(usize, Vec<u16>)> = vec![(0, vec![])];
    while let Some((from, chosen)) = stack.pop() {
        if !chosen.is_empty() {
            out.push(chosen.clone());
        }
        if chosen.len() == most {
            continue;
        }
        for i in from..key.len() {
            if i > from && key[i] == key[i - 1] {
                continue;
            }
            let mut next = chosen.clone();
            next.push(key[i]);
            stack.push((i + 1, next));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether the sorted multiset `big` contains the sorted multiset `small`.
fn contains(big: &[usize], small: &[usize]) -> bool {
    let mut rest = big.iter();
    small.iter().all(|x| rest.by_ref().any(|y| y == x))
}
