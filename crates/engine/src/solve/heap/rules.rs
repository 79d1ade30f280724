//! A heap game's code unrolled into flat lists of move kinds, the form the sequence loops want.

use crate::games::heap::{HeapGame, SplitRule};

/// The moves of a code grouped by kind, for every `k` (tokens removed) up to `covered`.
#[derive(Clone, Debug)]
pub(crate) struct MoveRules {
    game: HeapGame,
    /// Largest `k` whose digit has been unrolled (all of them for a finite code).
    covered: usize,
    /// `k` such that removing exactly `k` tokens may empty the heap.
    pub take_all: Vec<usize>,
    /// `k` ≥ 1 such that removing `k` may leave one heap.
    pub leave_one: Vec<usize>,
    /// `(k, rule)` such that removing `k` may leave two heaps.
    pub split_two: Vec<(usize, SplitRule)>,
    /// `(k, rule)` such that removing `k` may leave three heaps.
    pub split_three: Vec<(usize, SplitRule)>,
}

impl MoveRules {
    pub fn new(game: &HeapGame) -> Self {
        let mut rules = MoveRules {
            game: game.clone(),
            covered: 0,
            take_all: vec![],
            leave_one: vec![],
            split_two: vec![],
            split_three: vec![],
        };
        rules.add(0);
        let written = game.digits().len();
        for k in 1..written {
            rules.add(k);
        }
        rules.covered = written - 1;
        rules
    }

    fn add(&mut self, k: usize) {
        let digit = self.game.digit(k);
        if digit.allows(0) && k > 0 {
            self.take_all.push(k);
        }
        if digit.allows(1) && k > 0 {
            self.leave_one.push(k);
        }
        if digit.allows(2) {
            self.split_two.push((k, digit.rule));
        }
        if digit.allows(3) {
            self.split_three.push((k, digit.rule));
        }
    }

    /// Make sure every `k` ≤ `n` is unrolled (only a repeating tail has digits past the written ones).
    pub fn cover(&mut self, n: usize) {
        if self.game.is_finite() {
            return;
        }
        while self.covered < n {
            self.covered += 1;
            self.add(self.covered);
        }
    }
}
