//! The table from which a misère quotient is read off: positions that reach each element ("access
//! positions"), test companies ("experiments"), and the exact outcome of every access position in every
//! company. Two access positions with different rows are certainly distinct elements (an experiment tells
//! them apart), so the monoid read from the table is never larger than the true quotient; a wrong
//! identification shows up as a counterexample (a position whose outcome the table predicts wrongly), and
//! `refine` turns a counterexample into one new experiment that splits an element (Rivest–Schapire).
//!
//! Positions are sorted keys of heap classes (see `reduce`); outcomes come from the exact search.

use super::error::MisereError;
use super::reduce::Key;
use super::search::MisereSearch;
use crate::solve::heap::Outcome;
use rustc_hash::FxHashMap;

/// The row of an element times a letter, and the element with that row.
type Cell = (Vec<bool>, u32);

/// The observation table, growing as heaps (letters) and experiments are added.
#[derive(Debug, Default)]
pub(crate) struct Table {
    /// Heap classes in use, in the order they were added.
    pub letters: Vec<u16>,
    /// `access[s]`: the position that defines element `s`; element 0 is the empty position.
    pub access: Vec<Vec<u16>>,
    /// `parent[s]`: the element and letter index whose product is `s` (the word that reaches `s`).
    parent: Vec<Option<(u32, usize)>>,
    pub experiments: Vec<Vec<u16>>,
    /// `rows[s][e]`: `access[s] + experiments[e]` is a P-position.
    rows: Vec<Vec<bool>>,
    by_row: FxHashMap<Vec<bool>, u32>,
    /// `cells[s][l]`: the row of `access[s] + letters[l]`, and the element with that row.
    cells: Vec<Vec<Option<Cell>>>,
}

/// The outcome oracle: the exact misère search, with a budget for the whole build and one for each
/// query. A query that runs out of its own budget is answered by `guess` (the last candidate) instead:
/// such answers only steer the construction, whose result is proven by the complete check regardless.
pub(crate) struct Oracle<'a> {
    pub search: &'a mut MisereSearch,
    pub budget_end: u64,
    pub query_budget: u64,
    pub guess: Option<super::search::Shortcut>,
    pub queries: u64,
    pub guesses: u64,
    /// Every answer given, so that a position always gets the same answer (guesses included) until
    /// `correct` overrides it with a fact.
    pub answers: FxHashMap<Vec<u16>, bool>,
}

impl Oracle<'_> {
    /// The shortcuts the search uses now.
    pub fn search_shortcuts(&self) -> Vec<super::search::Shortcut> {
        self.search.shortcuts().to_vec()
    }

    /// Whether the position `a + b` (both sorted keys) is a misère P-position.
    pub fn is_p(&mut self, a: &[u16], b: &[u16]) -> Result<bool, MisereError> {
        self.queries += 1;
        let mut key: Vec<u16> = a.iter().chain(b).copied().collect();
        key.sort_unstable();
        if let Some(&answer) = self.answers.get(&key) {
            return Ok(answer);
        }
        let answer = self.answer(key.clone().into_boxed_slice())?;
        self.answers.insert(key, answer);
        Ok(answer)
    }

    /// Record a proven outcome, replacing any guess.
    pub fn correct(&mut self, key: &[u16], p: bool) {
        self.answers.insert(key.to_vec(), p);
    }

    fn answer(&mut self, key: Key) -> Result<bool, MisereError> {
        if let Some(known) = self.search.known(&key) {
            return Ok(known == Outcome::P);
        }
        let left = self.budget_end.saturating_sub(self.search.nodes());
        if left == 0 {
            return Err(MisereError::BudgetExhausted {
                nodes: self.search.nodes(),
                budget: self.budget_end,
            });
        }
        // Without a candidate to fall back on, the search runs to the end.
        let Some(guess) = self.guess.as_ref().and_then(|g| g.outcome(&key)) else {
            return Ok(self.search.outcome_of_key(key, left)? == Outcome::P);
        };
        match self.search.outcome_of_key(key, left.min(self.query_budget)) {
            Ok(outcome) => Ok(outcome == Outcome::P),
            Err(MisereError::BudgetExhausted { .. }) if left > self.query_budget => {
                self.guesses += 1;
                Ok(guess)
            }
            Err(e) => Err(e),
        }
    }
}

impl Table {
    /// A table with the empty position as its only element and the empty company as its only experiment.
    pub fn new(oracle: &mut Oracle) -> Result<Self, MisereError> {
        let mut table = Table {
            experiments: vec![vec![]],
            ..Table::default()
        };
        let row = vec![oracle.is_p(&[], &[])?];
        table.add_element(vec![], None, row);
        Ok(table)
    }

    pub fn len(&self) -> usize {
        self.access.len()
    }

    /// Whether element `s` is in the P-portion (its access position is a P-position).
    pub fn is_p(&self, s: u32) -> bool {
        self.rows[s as usize][0]
    }

    fn add_element(
        &mut self,
        access: Vec<u16>,
        parent: Option<(u32, usize)>,
        row: Vec<bool>,
    ) -> u32 {
        let id = self.access.len() as u32;
        self.access.push(access);
        self.parent.push(parent);
        self.by_row.insert(row.clone(), id);
        self.rows.push(row);
        self.cells.push(vec![None; self.letters.len()]);
        id
    }

    /// Element `s` times letter index `l` (the table must be closed).
    pub fn times(&self, s: u32, l: usize) -> u32 {
        self.cells[s as usize][l].as_ref().expect("closed table").1
    }

    /// Index of heap class `c` among the letters.
    pub fn letter_index(&self, c: u16) -> Option<usize> {
        self.letters.iter().position(|&l| l == c)
    }

    /// The element of a position given as heap classes that are all letters.
    pub fn image(&self, key: &[u16]) -> u32 {
        key.iter().fold(0, |s, &c| {
            self.times(s, self.letter_index(c).expect("a letter"))
        })
    }

    pub fn add_letter(&mut self, c: u16) {
        self.letters.push(c);
        for row in &mut self.cells {
            row.push(None);
        }
    }

    /// The row of a position: its outcome in every experiment's company.
    fn row_of(&self, oracle: &mut Oracle, key: &[u16]) -> Result<Vec<bool>, MisereError> {
        self.experiments
            .iter()
            .map(|e| oracle.is_p(key, e))
            .collect()
    }

    /// Fill every product of an element with a letter, adding elements for rows not seen before
    /// (breadth-first, so access positions stay short), failing beyond `max_elements` elements.
    pub fn close(&mut self, oracle: &mut Oracle, max_elements: usize) -> Result<(), MisereError> {
        let mut s = 0;
        while s < self.access.len() {
            for l in 0..self.letters.len() {
                let cell = match self.cells[s][l].take() {
                    Some((row, _)) => row,
                    None => {
                        let key = with(&self.access[s], self.letters[l]);
                        self.row_of(oracle, &key)?
                    }
                };
                let target = match self.by_row.get(&cell) {
                    Some(&t) => t,
                    None => {
                        let key = with(&self.access[s], self.letters[l]);
                        self.add_element(key, Some((s as u32, l)), cell.clone())
                    }
                };
                self.cells[s][l] = Some((cell, target));
            }
            if self.access.len() > max_elements {
                return Err(MisereError::OutOfRange {
                    what: "quotient size",
                    value: self.access.len(),
                    why: "more elements than the limit",
                });
            }
            s += 1;
        }
        Ok(())
    }

    /// Add an experiment: one new column for every element and every cell. Cells are re-matched by
    /// the next `close`.
    fn add_experiment(&mut self, oracle: &mut Oracle, e: Vec<u16>) -> Result<(), MisereError> {
        for s in 0..self.access.len() {
            let bit = oracle.is_p(&self.access[s], &e)?;
            self.rows[s].push(bit);
            for l in 0..self.letters.len() {
                if let Some((row, _)) = &mut self.cells[s][l] {
                    let key = with(&self.access[s], self.letters[l]);
                    row.push(oracle.is_p(&key, &e)?);
                }
            }
        }
        self.by_row = self
            .rows
            .iter()
            .enumerate()
            .map(|(s, r)| (r.clone(), s as u32))
            .collect();
        self.experiments.push(e);
        Ok(())
    }

    /// The letters (as indices) of the word that reaches element `s` from the empty position.
    fn word(&self, mut s: u32) -> Vec<usize> {
        let mut out = Vec::new();
        while let Some((parent, l)) = self.parent[s as usize] {
            out.push(l);
            s = parent;
        }
        out.reverse();
        out
    }

    /// Given a position (as letter indices, in the order they are applied) and a company `suffix` whose
    /// true outcome together differs from what the table predicts for that path, add the experiment that
    /// splits the element where the path first goes wrong. Returns `false` if this path predicts the truth.
    pub fn refine(
        &mut self,
        oracle: &mut Oracle,
        word: &[usize],
        suffix: &[u16],
    ) -> Result<bool, MisereError> {
        // states[i]: element after the first i letters.
        let mut states = vec![0u32];
        for &l in word {
            let s = *states.last().unwrap();
            states.push(self.times(s, l));
        }
        let m = word.len();
        // alpha(i): outcome of access[states[i]] + the letters after i + suffix.
        let rest = |i: usize| -> Vec<u16> {
            let mut r: Vec<u16> = word[i..].iter().map(|&l| self.letters[l]).collect();
            r.extend_from_slice(suffix);
            r.sort_unstable();
            r
        };
        let alpha = |table: &Self, oracle: &mut Oracle, i: usize| -> Result<bool, MisereError> {
            oracle.is_p(&table.access[states[i] as usize], &rest(i))
        };
        let truth = alpha(self, oracle, 0)?;
        if alpha(self, oracle, m)? == truth {
            return Ok(false);
        }
        // Invariant: alpha(lo) == truth != alpha(hi).
        let (mut lo, mut hi) = (0, m);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(self, oracle, mid)? == truth {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        // access[states[lo]] + letter lo and access[states[hi]] agree on every experiment but differ in
        // the company of the letters after hi and the suffix.
        let experiment = rest(hi);
        if self.experiments.contains(&experiment) {
            return Err(MisereError::Inconsistent(
                "a counterexample repeats an experiment",
            ));
        }
        self.add_experiment(oracle, experiment)?;
        Ok(true)
    }

    /// Refine with a position given as heap classes (letters), applying its heaps in sorted order.
    pub fn refine_position(
        &mut self,
        oracle: &mut Oracle,
        position: &[u16],
        suffix: &[u16],
    ) -> Result<bool, MisereError> {
        let word: Vec<usize> = position
            .iter()
            .map(|&c| self.letter_index(c).expect("a letter"))
            .collect();
        self.refine(oracle, &word, suffix)
    }

    /// Refine along the word of element `s` followed by `more` letters, with a company `suffix`.
    pub fn refine_from(
        &mut self,
        oracle: &mut Oracle,
        s: u32,
        more: &[usize],
        suffix: &[u16],
    ) -> Result<bool, MisereError> {
        let mut word = self.word(s);
        word.extend_from_slice(more);
        self.refine(oracle, &word, suffix)
    }

    /// Keep one element per class of `class_of` (classes numbered in order of their first element), once
    /// the table's monoid is proven: elements kept apart only by guessed answers are merged, and products
    /// point to the classes.
    pub fn compact(&mut self, class_of: &[u32], count: usize) {
        let mut first: Vec<usize> = Vec::with_capacity(count);
        for (x, &c) in class_of.iter().enumerate() {
            if c as usize == first.len() {
                first.push(x);
            }
        }
        let to = |x: u32| class_of[x as usize];
        let access = first.iter().map(|&x| self.access[x].clone()).collect();
        let parent = first
            .iter()
            .map(|&x| self.parent[x].map(|(s, l)| (to(s), l)))
            .collect();
        let rows: Vec<Vec<bool>> = first.iter().map(|&x| self.rows[x].clone()).collect();
        let cells = first
            .iter()
            .map(|&x| {
                (0..self.letters.len())
                    .map(|l| {
                        let t = to(self.times(x as u32, l));
                        Some((rows[t as usize].clone(), t))
                    })
                    .collect()
            })
            .collect();
        self.by_row = rows
            .iter()
            .enumerate()
            .map(|(s, r)| (r.clone(), s as u32))
            .collect();
        self.access = access;
        self.parent = parent;
        self.rows = rows;
        self.cells = cells;
    }

    /// Row bit `e` of element `s`.
    pub fn row_bit(&self, s: u32, e: usize) -> bool {
        self.rows[s as usize][e]
    }
}

/// `key` with heap class `c` added, sorted.
fn with(key: &[u16], c: u16) -> Vec<u16> {
    let mut out = key.to_vec();
    let at = out.partition_point(|&x| x <= c);
    out.insert(at, c);
    out
}
